"""Rule variants side by side: P(knights win) for each configuration, with intervals, a
picture, and which differences from the first (reference) configuration are significant.

The axes are the ones the engine names (``new_game``'s options, see
``camelot_rules/engine/setup.py``): player count, base box or Merlin's Company, and each
reading or variant of the rules - ``traitor`` (standard RB p.7 / none, the first-game variant,
RB p.8 / among_us RB p.18), ``opening_share`` (agreement / draft / random / skip, RB p.8),
``spoils_share`` (agreement / random, BoQ p.4), ``camelot_actions`` (apart / one, RB p.13),
``tristan_departure`` (BoQ p.13 / RB p.13), ``siege_without_fight`` (RB p.13),
``three_player_peek`` (RB p.19), and for Merlin's Company ``coats`` (JA setup), ``travel_mix``
(the travel deck's mix, an assumption), ``divine_favor_reading`` (the reading of Divine Favor),
``two_traitor_flip`` (what two hidden traitors turn over) and ``travel_to_camelot`` (JA).
Each configuration plays the same game seeds (game ``i`` of every configuration is dealt
from the same seed), which keeps the comparison fair; the test is still Fisher's exact test on
the two win counts (it does not use the pairing, so it is conservative).

Several comparisons at once find "significant" differences by luck: with ``k`` variants
against a reference at 5% each, the chance of at least one false alarm approaches
1 - 0.95^k. The p-values are therefore also given **Holm-adjusted** (Holm 1979: the ``i``-th
smallest of ``m`` p-values is multiplied by ``m - i + 1``, kept monotone, capped at 1), and a
difference is called significant only when its adjusted p-value is below ``alpha``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from camelot_rules.base.checks import check_instance, check_int
from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.front.display import html_table, text_table
from camelot_rules.front.fonts import in_language_fonts
from camelot_rules.sim.games import GameConfig, Policies
from camelot_rules.sim.sweep import Comparison, SweepRow, compare, sweep

__all__ = [
    "AXES",
    "VariantReport",
    "check_rows",
    "holm",
    "parse_axis",
    "plot_variants",
    "variant_grid",
    "variant_report",
    "variant_sweep",
]

#: every axis a sweep may vary: its allowed values and where the rule comes from
AXES: dict[str, tuple[tuple[Any, ...], str]] = {
    "players": ((3, 4, 5, 6, 7, 8), "3-7 players (RB p.2), 3-8 with Merlin's Company (JA)"),
    "expansion": ((False, True), "base box or Merlin's Company (JA)"),
    "traitor": (
        ("standard", "none", "among_us"),
        "the loyalty deal: standard (RB p.7), none - first game (RB p.8), among_us (RB p.18)",
    ),
    "opening_share": (
        ("agreement", "draft", "random", "skip"),
        "the opening share of white cards (RB p.8): by agreement / draft / dealt at random / none",
    ),
    "spoils_share": (
        ("agreement", "random"),
        "a quest's white cards and Convocation's (BoQ p.4, p.14): by agreement / at random",
    ),
    "camelot_actions": (
        ("apart", "one"),
        "Camelot's draw and siege fight (RB p.13): two heroic actions / one",
    ),
    "tristan_departure": (
        ("any_turn", "after_turn_in_camelot"),
        "Sir Tristan's free departure: BoQ p.13 / RB p.13 (in Camelot his previous turn)",
    ),
    "siege_without_fight": (
        (False, True),
        "a siege fight with no Fight card (RB p.13 'as many ... as desired'): no / yes",
    ),
    "travel_to_camelot": (
        ("draw", "safe"),
        "Merlin's Company: a heroic move back to Camelot draws a travel card (JA) or not",
    ),
    "three_player_peek": ((False, True), "3 players: loyalty unseen before 6 swords (RB p.19)"),
    "coats": (("expansion", "base", "mixed"), "Merlin's Company knights (JA setup)"),
    "travel_mix": (
        ("assumed", "harmful_majority"),
        "Merlin's Company travel deck per kind, omitted by the seed (JA travel rules): assumed "
        "8 harmless / 8 harmful, or harmful_majority 6 / 10 (play reports, UNVERIFIED)",
    ),
    "divine_favor_reading": (
        ("next_tie", "final_count"),
        "Divine Favor's 'next tie' (JA special white cards): the next tie of any kind, or only "
        "the final count of swords",
    ),
    "two_traitor_flip": (
        (3, 4),
        "white swords two hidden traitors turn at the end, 7-8 players: 3 (JA) or 4 (each 2)",
    ),
}


def parse_axis(text: str) -> tuple[str, tuple[Any, ...]]:
    """``"players=3,4,5"`` -> ``("players", (3, 4, 5))``: an axis and its values, each checked.

    >>> parse_axis("traitor=standard,none")
    ('traitor', ('standard', 'none'))
    >>> parse_axis("expansion=no,yes")
    ('expansion', (False, True))
    """
    if not isinstance(text, str) or text.count("=") != 1:
        raise ValueError(f"{text!r}: expected NAME=VALUE,VALUE,... such as 'players=3,4,5'")
    name, _, raw = text.partition("=")
    name = name.strip().replace("-", "_")
    values = tuple(_value(name, v.strip()) for v in raw.split(",") if v.strip())
    if not values:
        raise ValueError(f"{text!r}: no values after '=' (expected e.g. 'players=3,4,5')")
    return name, values


def _value(name: str, raw: str) -> Any:
    if name not in AXES:
        raise ValueError(f"axis {name!r}: expected one of {sorted(AXES)}")
    allowed, _ = AXES[name]
    if isinstance(allowed[0], bool):
        words = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}
        if raw.lower() not in words:
            raise ValueError(f"{name}={raw!r}: expected yes or no")
        return words[raw.lower()]
    if isinstance(allowed[0], int):
        if not raw.isdigit() or int(raw) not in allowed:
            raise ValueError(f"{name}={raw!r}: expected one of {list(allowed)}")
        return int(raw)
    if raw not in allowed:
        raise ValueError(f"{name}={raw!r}: expected one of {list(allowed)}")
    return raw


def variant_grid(base: GameConfig | None = None, **axes: Iterable[Any]) -> list[GameConfig]:
    """Every combination of the axes' values, the rest as in ``base`` (default: 5 players,
    base box, standard options); the first configuration is the reference. A combination the
    engine refuses (8 players in the base box, ``coats`` without the expansion) raises a
    ``ValueError`` naming it.

    >>> [c.label() for c in variant_grid(traitor=["standard", "none"])]
    ['5 players, base, traitor=standard', '5 players, base, traitor=none']
    """
    base = base or GameConfig()
    if not axes:
        raise ValueError("no axis to vary: expected e.g. players=[3, 4, 5] or traitor=[...]")
    names = list(axes)
    choices = []
    for name in names:
        if name not in AXES:
            raise ValueError(f"axis {name!r}: expected one of {sorted(AXES)}")
        values = tuple(axes[name])
        if not values:
            raise ValueError(f"{name}=(): expected at least one value")
        allowed = AXES[name][0]
        for v in values:
            if v not in allowed or type(v) is not type(allowed[0]):
                raise ValueError(f"{name}={v!r}: expected one of {list(allowed)}")
        choices.append(values)
    out = []
    for combo in itertools.product(*choices):
        chosen = dict(zip(names, combo))
        options = dict(base.options)
        options.update({k: v for k, v in chosen.items() if k not in ("players", "expansion")})
        players = chosen.get("players", base.players)
        expansion = chosen.get("expansion", base.expansion)
        try:
            out.append(GameConfig.of(players, expansion=expansion, **options))
        except ValueError as exc:
            raise ValueError(f"the combination {chosen} is not a game: {exc}") from exc
    return out


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``p_values`` (same order as given).

    >>> holm([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        out[i] = round(running, 12)
    return out


@dataclass(frozen=True)
class VariantReport:
    """A variant table: the rows, each later row compared with the first (the reference)."""

    rows: tuple[SweepRow, ...]
    comparisons: tuple[Comparison, ...]  # row i+1 against row 0
    adjusted: tuple[float, ...]  # Holm-adjusted p-values of the comparisons
    alpha: float
    seed: int
    policies: str

    @property
    def significant(self) -> tuple[bool, ...]:
        """Whether each later row differs from the reference after Holm's adjustment."""
        return tuple(p < self.alpha for p in self.adjusted)

    def _cells(self) -> list[list[str]]:
        out = []
        for i, row in enumerate(self.rows):
            r = row.rate
            cells = [
                row.config.label() if row.config is not None else row.label,
                f"{100 * r.wins / r.games:.1f}%",
                f"[{100 * r.low:.1f}, {100 * r.high:.1f}]",
                f"{r.wins:,}/{r.games:,}",
            ]
            if i == 0:
                cells += [_("reference"), "", ""]
            else:
                c = self.comparisons[i - 1]
                verdict = _("yes") if self.significant[i - 1] else _("no")
                points = _("{n} pts").format(n=f"{100 * c.difference:+.1f}")
                cells += [points, _p(self.adjusted[i - 1]), verdict]
            out.append(cells)
        return out

    _HEADERS = (
        N_("configuration"),
        N_("P(knights win)"),
        N_("{pct} interval"),  # "95% interval" (a "%" before a letter reads as a C format)
        N_("wins/games"),
        N_("vs reference"),
        N_("p (Holm)"),
        N_("significant"),
    )

    def headers(self) -> list[str]:
        """The table's column titles in the language in force."""
        return [_(h).format(pct="95%") for h in self._HEADERS]

    def note(self) -> str:
        """What the table assumes and how the significance was decided, in the language in
        force."""
        m = len(self.comparisons)
        head = _(
            "Each configuration played the same {games} seeded games (seed {seed}) with "
            "{policies}. Intervals: exact Clopper-Pearson, 95%."
        ).format(games=f"{self.rows[0].games:,}", seed=self.seed, policies=self._played_by())
        if m == 1:
            compared = _(
                "Each row is compared with the first by Fisher's exact test (two-sided); with 1 "
                "comparison the p-values are Holm-adjusted and a difference is significant when "
                "the adjusted p < {alpha}."
            ).format(alpha=f"{self.alpha:g}")
        else:
            compared = _(
                "Each row is compared with the first by Fisher's exact test (two-sided); with {m} "
                "comparisons the p-values are Holm-adjusted and a difference is significant when "
                "the adjusted p < {alpha}."
            ).format(m=m, alpha=f"{self.alpha:g}")
        tail = _("The numbers describe these policies' play, not expert play.")
        # Translators: two sentences one after the other (Japanese needs no space between them).
        both = _("{first} {second}")
        return both.format(first=both.format(first=head, second=compared), second=tail)

    def _played_by(self) -> str:
        names = re.fullmatch(
            r"the loyal knights played by (\w+) and the traitor by (\w+)", self.policies
        )
        if names is None:  # a description given by the caller: shown as given
            return self.policies
        return _("the loyal knights played by {loyal} and the traitor by {traitor}").format(
            loyal=names.group(1), traitor=names.group(2)
        )

    def text(self) -> str:
        return text_table(self.headers(), self._cells()) + "\n" + self.note()

    def html(self) -> str:
        return html_table(self.headers(), self._cells()) + f"<p>{self.note()}</p>"

    def plot(self, *, title: str = "P(knights win) with 95% Clopper-Pearson intervals") -> Any:
        return plot_variants(self.rows, title=title, significant=(False, *self.significant))


def _p(p: float) -> str:
    return "< 0.0001" if p < 1e-4 else f"{p:.4f}"


def variant_sweep(
    configs: Sequence[GameConfig] | Mapping[str, Iterable[Any]],
    policies: Policies | None = None,
    n: int = 1000,
    seed: int = 0,
    *,
    base: GameConfig | None = None,
    alpha: float = 0.05,
    workers: int = 1,
    client: Any = None,
    progress: bool = False,
) -> VariantReport:
    """Play ``n`` games of each configuration (a list of :class:`GameConfig`, or axes such as
    ``{"traitor": ["standard", "none"]}`` expanded by :func:`variant_grid` around ``base``) and
    compare each with the first. Local processes (``workers``) or a Dask cluster (``client``)
    give the same report for the same seed.

    >>> r = variant_sweep({"traitor": ["standard", "none"]}, n=2, seed=1)
    >>> [row.label for row in r.rows], len(r.comparisons)
    (['5 players, base, traitor=standard', '5 players, base, traitor=none'], 1)
    """
    if isinstance(alpha, bool) or not isinstance(alpha, float | int) or not 0 < alpha < 1:
        raise ValueError(f"alpha={alpha!r}: expected a significance level between 0 and 1")
    if isinstance(configs, Mapping):
        configs = variant_grid(base, **configs)
    configs = list(configs)
    if len(configs) < 2:
        raise ValueError(
            f"{len(configs)} configuration(s): expected at least two to compare side by side"
        )
    policies = policies or Policies()
    rows = sweep(configs, policies, n, seed, workers=workers, client=client, progress=progress)
    return variant_report(rows, seed=seed, policies=policies, alpha=alpha)


def variant_report(
    rows: Sequence[SweepRow],
    *,
    seed: int,
    policies: Policies | None = None,
    alpha: float = 0.05,
) -> VariantReport:
    """The report for rows already played: each later row against the first, Fisher's exact
    test, Holm-adjusted."""
    rows = check_rows(rows)
    check_int("seed", seed)
    comparisons = tuple(compare(row, rows[0], alpha) for row in rows[1:])
    adjusted = tuple(holm([c.p_value for c in comparisons]))
    names = _policy_names(policies or Policies())
    return VariantReport(tuple(rows), comparisons, adjusted, float(alpha), seed, names)


def check_rows(rows: object) -> list[SweepRow]:
    """``rows`` as a list if it is a non-empty list or tuple of :class:`SweepRow` (what
    :func:`sweep` returns), else a ``ValueError`` naming it."""
    if not isinstance(rows, list | tuple):
        raise ValueError(
            f"rows={_short(rows)}: expected a list of sweep rows (what sweep() returns), "
            f"got {type(rows).__name__}"
        )
    if not rows:
        raise ValueError("rows=[]: expected at least one sweep row (what sweep() returns)")
    for row in rows:
        check_instance("rows", row, SweepRow, "a sweep row (what sweep() returns)")
    return list(rows)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _policy_names(policies: Policies) -> str:
    """Who played (kept in English in the report; shown in the reader's language)."""
    return (
        f"the loyal knights played by {type(policies.loyal).__name__} and the traitor by "
        f"{type(policies.traitor).__name__}"
    )


@in_language_fonts
def plot_variants(
    rows: Sequence[SweepRow],
    *,
    title: str = "P(knights win) with 95% Clopper-Pearson intervals",
    significant: Sequence[bool] = (),
) -> Any:
    """A dot per configuration with its interval as a bar (floats for display only); a
    configuration marked in ``significant`` is drawn in orange. Returns the matplotlib Figure."""
    import matplotlib.pyplot as plt

    if not rows:
        raise ValueError("rows=[]: expected at least one sweep row to plot")
    fig, ax = plt.subplots(figsize=(7.5, 0.45 * len(rows) + 1.4))
    ys = list(range(len(rows)))[::-1]
    marks = [*significant, *[False] * len(rows)]
    for y, row, sig in zip(ys, rows, marks):
        rate = row.wins / row.games
        colour = "#d9822b" if sig else "#4a78b5"
        ax.errorbar(
            [100 * rate],
            [y],
            xerr=[[100 * (rate - row.rate.low)], [100 * (row.rate.high - rate)]],
            fmt="o",
            color=colour,
            capsize=4,
        )
    ax.set_yticks(ys)
    ax.set_yticklabels([row.label for row in rows])
    ax.set_xlabel("P(knights win), %")
    ax.set_xlim(left=0)
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return fig
