"""The "how hard is it?" widget: pick configurations and a number of games, and watch
P(knights win) and its interval tighten as the games come in (whole games played by the
policies of ``camelot_rules.sim`` through the rules engine)."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as W

from camelot_rules.base.checks import check_int
from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.names import display_name
from camelot_rules.front.display import (
    fmt_percent,
    html_answer,
    html_table,
    text_answer,
    text_table,
)
from camelot_rules.sim import (
    GameConfig,
    GameRow,
    SweepRow,
    simulate_games,
    sweep_row,
    variant_grid,
    variant_report,
)
from widgets.common import AnswerRepr, Rendered, language_box, result_box, row, safe_render, tr

__all__ = ["MAX_GAMES", "SimWidget", "build_sim_widget", "render_sim", "run_batches"]

MAX_GAMES = 20_000  # a widget run of more games would keep the notebook busy for many minutes
_TRAITORS = {  # the engine's traitor rules, each in a few words (translated where shown)
    "standard": N_("standard: one hidden traitor (RB p.7)"),
    "none": N_("none: no traitor - first game (RB p.8)"),
    "among_us": N_("among_us: maybe a traitor (RB p.18)"),
}


def _label(r: SweepRow) -> str:
    """A configuration in the language in force ("5 players, base, traitor=none")."""
    return r.config.label() if r.config is not None else r.label


def _svg(rows: Sequence[SweepRow], width: int = 420) -> str:
    """Each configuration's rate as a dot on its interval (0-100%), one line each."""
    scale = max(0.05, max(r.rate.high for r in rows))
    step, left = 22, 8
    height = step * len(rows) + 22
    aria = html.escape(_("P(knights win) with intervals"), quote=True)
    parts = [f"<svg width='{width}' height='{height}' role='img' aria-label='{aria}'>"]
    usable = width - 2 * left
    for i, r in enumerate(rows):
        y = 12 + step * i
        x0 = left + usable * r.rate.low / scale
        x1 = left + usable * r.rate.high / scale
        xm = left + usable * (r.wins / r.games) / scale
        parts.append(
            f"<line x1='{x0:.1f}' x2='{x1:.1f}' y1='{y}' y2='{y}' stroke='#4a78b5' "
            "stroke-width='3'/>"
            f"<circle cx='{xm:.1f}' cy='{y}' r='4' fill='#1f3f6b'>"
            f"<title>{html.escape(_label(r))}</title></circle>"
        )
    parts.append(
        f"<text x='{left}' y='{height - 4}' font-size='10'>0%</text>"
        f"<text x='{width - left}' y='{height - 4}' font-size='10' text-anchor='end'>"
        f"{100 * scale:.0f}%</text></svg>"
    )
    return "".join(parts)


def _rate_words(row: SweepRow) -> str:
    """A win rate in words: the share of the games, then its 95% interval (issue 32)."""
    return _("{pct} of {games} games (interval at 95%: {low}-{high})").format(
        pct=fmt_percent(Fraction(row.wins, row.games)),
        games=f"{row.games:,}",
        low=f"{100 * row.rate.low:.1f}%",
        high=f"{100 * row.rate.high:.1f}%",
    )


def render_sim(rows: Sequence[SweepRow], *, seed: int, target: int | None = None) -> Rendered:
    """Return (html, text): a verdict sentence, the table of P(knights win) with 95%
    Clopper-Pearson intervals, each configuration against the first (Fisher's exact test,
    Holm-adjusted), a picture of the intervals, and what the numbers assume. ``target`` is
    the number of games asked for when the run is still coming in. Words in the language in
    force; the numbers are the same in every language.

    >>> from camelot_rules.sim import sweep_row, simulate_games
    >>> rows = [sweep_row(GameConfig.of(4), simulate_games(GameConfig.of(4), n=2, seed=1))]
    >>> "P(knights win)" in render_sim(rows, seed=1)[1]
    True
    """
    if isinstance(rows, list | tuple) and not rows:
        raise ValueError(
            _(
                "rows={rows}: no configuration chosen - tick at least one box and one traitor rule"
            ).format(rows=repr(rows))
        )
    if target is not None:
        check_int("target", target, low=1)
    report = variant_report(rows, seed=seed)
    games = rows[0].games
    done = target is None or games >= target
    best = max(rows, key=lambda r: r.wins / r.games)
    if len(rows) == 1:
        verdict = _("{label}: the loyal knights win {rate}.").format(
            label=_label(rows[0]), rate=_rate_words(rows[0])
        )
    elif len({r.wins / r.games for r in rows}) == 1:
        verdict = _("The same so far in every configuration: the loyal knights win {rate}.").format(
            rate=_rate_words(best)
        )
    else:
        verdict = _("The loyal knights win most often with {label}: {rate}.").format(
            label=_label(best), rate=_rate_words(best)
        )
    if not done:
        verdict += " " + _("Playing... {games} of {target} games so far.").format(
            games=f"{games:,}", target=f"{target:,}"
        )
    cells = report._cells()
    headers = report.headers()
    assumes = [
        _(
            "Whole games played by the loyal heuristic and the traitor heuristic "
            "(camelot_rules.sim.policies); the numbers describe these policies, not expert play."
        ),
        _("Every configuration plays the same seeded games; the same seed gives the same table."),
        report.note(),
    ]
    body = html_table(headers, cells) + _svg(rows)
    return html_answer(verdict, body, assumes), text_answer(
        verdict, text_table(headers, cells), assumes
    )


def run_batches(
    configs: Sequence[GameConfig],
    games: int,
    seed: int,
    batch: int,
    on_batch: Callable[[list[SweepRow]], None],
) -> list[SweepRow]:
    """Play ``games`` games of each configuration in batches of ``batch`` (game numbers
    0, 1, ... as in one run: the final rows equal ``sweep(configs, n=games, seed=seed)``),
    calling ``on_batch`` with the rows so far after each batch."""
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games={games!r}: expected 1 to {MAX_GAMES:,} games")
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise ValueError(f"batch={batch!r}: expected a number of games >= 1")
    played: list[list[GameRow]] = [[] for _ in configs]
    rows: list[SweepRow] = []
    for first in range(0, games, batch):
        n = min(batch, games - first)
        for k, config in enumerate(configs):
            played[k] += simulate_games(config, n=n, seed=seed, first=first)
        rows = [sweep_row(config, played[k]) for k, config in enumerate(configs)]
        on_batch(rows)
    return rows


class SimWidget(AnswerRepr, W.VBox):  # type: ignore[misc]
    """Players, box(es), traitor rules, games, seed and a Run button; the answer in
    ``.result`` (CSS class sim-result), updated after each batch of games. ``.language``
    chooses the language of the labels and the answer (the games are not played again)."""

    def __init__(
        self,
        players: int = 5,
        *,
        boxes: Sequence[str] = ("base",),
        traitors: Sequence[str] = ("standard", "none"),
        games: int = 100,
        seed: int = 1,
        batch: int = 25,
        run: bool = False,
    ) -> None:
        self.players = tr(
            W.Dropdown(options=list(range(3, 9)), value=players), description=N_("Players")
        )
        self.base = tr(W.Checkbox(value="base" in boxes), description=N_("base box"))
        self.expansion = W.Checkbox(
            value="expansion" in boxes, description=display_name("expansion", "term")
        )
        self.traitors = {
            t: tr(W.Checkbox(value=t in traitors), description=why) for t, why in _TRAITORS.items()
        }
        self.games = tr(
            W.BoundedIntText(
                value=games,
                min=1,
                max=MAX_GAMES,
                style={"description_width": "initial"},
                layout={"width": "auto", "max_width": "200px"},
            ),
            description=N_("Games"),
        )
        self.seed = tr(
            W.IntText(
                value=seed,
                style={"description_width": "initial"},
                layout={"width": "auto", "max_width": "180px"},
            ),
            description=N_("Seed"),
        )
        self.batch = batch
        self.button = tr(W.Button(button_style="primary"), description=N_("Run"))
        self.button.on_click(lambda _b: self.run())
        self.result = result_box("sim-result")
        self.text = ""
        self._shown: tuple[list[SweepRow], int, int | None] | None = None  # rows, seed, target
        self.language = language_box(self)
        super().__init__(
            [
                row([self.players, self.base, self.expansion, self.language]),
                row(list(self.traitors.values())),
                row([self.games, self.seed, self.button]),
                self.result,
            ],
            layout={"max_width": "100%"},
        )
        self._redraw()
        if run:
            self.run()

    def configs(self) -> list[GameConfig]:
        """The chosen configurations (each box x each traitor rule)."""
        boxes = [b for b, on in ((False, self.base.value), (True, self.expansion.value)) if on]
        traitors = [t for t, box in self.traitors.items() if box.value]
        if not boxes or not traitors:
            raise ValueError(
                _("no configuration chosen: tick at least one box and one traitor rule")
            )
        return variant_grid(
            GameConfig(players=self.players.value), expansion=boxes, traitor=traitors
        )

    def run(self) -> None:
        """Play the games batch by batch, showing the table after each batch."""
        seed, games = self.seed.value, self.games.value

        def show(rows: list[SweepRow]) -> None:
            self._shown = (rows, seed, games)
            self.result.value, self.text = render_sim(rows, seed=seed, target=games)

        def go() -> Rendered:
            self._shown = None
            rows = run_batches(self.configs(), games, seed, self.batch, show)
            self._shown = (rows, seed, None)
            return render_sim(rows, seed=seed)

        self.result.value, self.text = safe_render(go)

    def _redraw(self) -> None:
        """Show the last answer again in the language in force (the games are not replayed)."""
        self.expansion.description = display_name("expansion", "term")
        if self._shown is None:
            self.result.value = "<i>{}</i>".format(_("Choose the games and press Run."))
            return
        rows, seed, target = self._shown
        self.result.value, self.text = safe_render(
            lambda: render_sim(rows, seed=seed, target=target)
        )


def build_sim_widget(players: int = 5, **options: Any) -> SimWidget:
    """Return a ready simulation widget (display it in a notebook; press Run)."""
    return SimWidget(players, **options)
