"""The quest widget: choose a quest, enter what lies on it and in the knights' hands, and see the
exact chance of winning it, turn by turn, with several knights on it against one alone.

A thin view over :mod:`camelot_rules.quests` (issue 14): the races (the Holy Grail, Excalibur,
the Pict and Saxon wars) and the combat quests (Black Knight, Lancelot, the Dragon).
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

import ipywidgets as W

from camelot_rules.checks import check_bool, check_int, check_text
from camelot_rules.display import (
    exact_fractions,
    fmt_prob,
    html_answer,
    html_table,
    text_answer,
    text_table,
)
from camelot_rules.quests import (
    COMBAT_QUESTS,
    RaceCurve,
    best_next_fight,
    combat_win_probability,
    excalibur_race,
    grail_race,
    war_race,
)
from widgets.common import AnswerRepr, Rendered, exact_box, result_box, row, safe_render, text_box

__all__ = [
    "QUESTS",
    "QuestWidget",
    "build_quest_widget",
    "parse_hands",
    "quest_curves",
    "quest_figure",
    "render_quest",
    "svg_curves",
]

RACES = ("grail", "excalibur", "picts", "saxons")
QUESTS: tuple[str, ...] = (*RACES, *COMBAT_QUESTS)
LABELS = {
    "grail": "the Holy Grail",
    "excalibur": "Excalibur",
    "picts": "the Pict war",
    "saxons": "the Saxon war",
    "black_knight": "the Black Knight",
    "lancelot": "Lancelot",
    "dragon": "the Dragon",
}
CITES = {
    "grail": "BoQ p.9, pp.15-16; RB p.15",
    "excalibur": "BoQ p.8, p.16; RB p.14",
    "picts": "BoQ p.10, p.16; RB p.15",
    "saxons": "BoQ p.10, p.16; RB p.15",
    "black_knight": "BoQ p.5, p.14; RB p.14",
    "lancelot": "BoQ p.6, p.14; RB p.14",
    "dragon": "BoQ p.7, p.14; RB p.14",
}
MAX_TURNS = 16
_NUMBER = re.compile(r"\d{1,3}")


def _numbers(text: str, what: str) -> list[int]:
    parts = text.replace(",", " ").split()
    for p in parts:
        if not _NUMBER.fullmatch(p):
            raise ValueError(f"{what}: {p!r} is not a whole number (e.g. '2, 1')")
    return [int(p) for p in parts]


def parse_hands(quest: str, text: str) -> tuple[Any, ...]:
    """Read the hands box: for the Grail and Excalibur, one number per knight on the quest
    (``"2, 1"``: the next knight holds 2 cards, the one after 1); for a war, each knight's Fight
    values, knights separated by ``;`` (``"3 4; 5"``); for a combat quest, my Fight values.

    >>> parse_hands("picts", "3 4; 5")
    ((3, 4), (5,))
    >>> parse_hands("grail", "2, 1")
    (2, 1)
    """
    check_text("hands", text)
    if quest not in QUESTS:
        raise ValueError(f"quest={quest!r}: expected one of {list(QUESTS)}")
    if quest in ("picts", "saxons"):
        knights = [k for k in text.split(";")]
        out = tuple(tuple(_numbers(k, "hands")) for k in knights if k.strip())
        return out or ((),)
    return tuple(_numbers(text, "hands"))


@lru_cache(maxsize=256)
def _race(
    quest: str,
    on_quest: tuple[int, ...],
    hands: tuple[Any, ...],
    players: int,
    turns: int,
    expansion: bool,
) -> RaceCurve:
    if quest == "grail":
        return grail_race(
            on_quest[0], on_quest[1], hands, turns, players=players, expansion=expansion
        )
    if quest == "excalibur":
        return excalibur_race(on_quest[0], hands, turns, players=players, expansion=expansion)
    return war_race(
        quest,
        on_quest[0],
        on_quest[1],
        hands,
        turns,
        mordred=on_quest[2] == 1,
        players=players,
        expansion=expansion,
    )


def _on_quest(
    quest: str, grails: int, blacks: int, steps: int, fights: int, warriors: int, mordred: bool
) -> tuple[int, ...]:
    if quest == "grail":
        return (check_int("grails", grails), check_int("blacks", blacks))
    if quest == "excalibur":
        return (check_int("steps", steps),)
    return (check_int("fights", fights), check_int("warriors", warriors), int(mordred))


def quest_curves(
    quest: str,
    *,
    hands: str,
    grails: int = 0,
    blacks: int = 0,
    steps: int = 0,
    fights: int = 0,
    warriors: int = 0,
    mordred: bool = False,
    players: int = 4,
    turns: int = 6,
    expansion: bool = False,
) -> dict[str, RaceCurve]:
    """Return the race's exact curves: every knight of ``hands`` on the quest, and (with two
    or more) the first one alone (several knights against one). Races only."""
    if quest not in RACES:
        raise ValueError(f"quest={quest!r}: the turn-by-turn chance is for {list(RACES)}")
    check_bool("mordred", mordred)
    check_bool("expansion", expansion)
    players = check_int("players", players, low=3, high=8)
    turns = check_int("turns", turns, low=1, high=MAX_TURNS)
    held = parse_hands(quest, hands)
    where = _on_quest(quest, grails, blacks, steps, fights, warriors, mordred)
    n = len(held)
    out = {
        f"{n} knight{'s' if n != 1 else ''} on it": _race(
            quest, where, held, players, turns, expansion
        )
    }
    if n > 1:
        out["the first knight alone"] = _race(quest, where, held[:1], players, turns, expansion)
    return out


def render_quest(
    quest: str = "grail",
    *,
    hands: str = "2, 2",
    grails: int = 4,
    blacks: int = 1,
    steps: int = 0,
    fights: int = 0,
    warriors: int = 0,
    mordred: bool = False,
    whites: str = "",
    black_hidden: int = 0,
    players: int = 4,
    turns: int = 6,
    expansion: bool = False,
    exact: bool = False,
) -> Rendered:
    """Return (html, text): the verdict, the chance turn by turn (several knights against one)
    or, for a combat quest, the chance now and after each Fight card of the hand; then the
    model's assumptions. ``exact`` prints every fraction whole.

    Rules: ``quest.grail``, ``quest.excalibur``, ``quest.wars``, ``quest.combat-end``,
    ``quest.fight-cards``.

    >>> html, text = render_quest("excalibur", hands="1", steps=4, players=3, turns=1)
    >>> text.splitlines()[0].startswith("Excalibur (BoQ p.8, p.16; RB p.14): ")
    True
    >>> "(78.3%) to be won within 1 turn(s)" in render_quest(
    ...     "excalibur", hands="1", steps=4, players=3, turns=1, exact=True)[1]
    True
    """
    check_bool("exact", exact)
    if quest not in QUESTS:
        raise ValueError(f"quest={quest!r}: expected one of {list(QUESTS)}")
    with exact_fractions(exact):
        if quest in COMBAT_QUESTS:
            return _render_combat(quest, hands, whites, black_hidden)
        curves = quest_curves(
            quest,
            hands=hands,
            grails=grails,
            blacks=blacks,
            steps=steps,
            fights=fights,
            warriors=warriors,
            mordred=mordred,
            players=players,
            turns=turns,
            expansion=expansion,
        )
        return _render_race(quest, curves, players, expansion)


def _render_race(
    quest: str, curves: dict[str, RaceCurve], players: int, expansion: bool
) -> Rendered:
    labels = list(curves)
    main = curves[labels[0]]
    verdict = (
        f"{LABELS[quest][0].upper()}{LABELS[quest][1:]} ({CITES[quest]}): "
        f"{fmt_prob(main.p_win, 1)} to be won within {main.turns} turn(s), "
        f"{fmt_prob(main.p_lose, 2)} to be lost."
    )
    headers = ["turns", *(f"won: {label}" for label in labels), "lost"]
    rows = [
        [t, *(fmt_prob(curves[label].won[t], 1) for label in labels), fmt_prob(main.lost[t], 2)]
        for t in range(1, main.turns + 1)
    ]
    assumes = [
        f"{players} players; the knights on the quest play in turn order from the next turn",
        "black deck: "
        + ("base + Merlin's Company" if expansion else "base game")
        + ", less the cards on the quest (Dark Forest and Mordred off the board)",
        *main.assumptions,
    ]
    if quest in ("picts", "saxons"):
        assumes.append("Mercenaries and Mordred go on this war (the worst case)")
    body = html_table(headers, rows, css="quest-curve")
    return html_answer(verdict, body, assumes), text_answer(
        verdict, text_table(headers, rows), assumes
    )


def _render_combat(quest: str, hands: str, whites: str, black_hidden: int) -> Rendered:
    laid = _numbers(check_text("whites", whites), "whites")
    held = parse_hands(quest, hands)
    hidden = check_int("black_hidden", black_hidden, low=0)
    now = combat_win_probability(quest, laid, hidden)
    nxt = best_next_fight(quest, laid, list(held), hidden) if held else ()
    verdict = (
        f"{LABELS[quest][0].upper()}{LABELS[quest][1:]} ({CITES[quest]}): "
        f"{fmt_prob(now, 1)} to win with the Fight cards laid"
        + (f"; best next card: Fight {nxt[0].value}, {fmt_prob(nxt[0].p_win, 1)}." if nxt else ".")
    )
    rows = [["as laid", fmt_prob(now, 2), ""]] + [
        [f"lay Fight {n.value}", fmt_prob(n.p_win, 2), "yes" if n.ends_quest else ""] for n in nxt
    ]
    headers = ["choice", "P(knights win)", "ends the quest"]
    assumes = [
        "no further white cards; the empty black spots are filled from the box's black deck "
        "(face-down cards unseen)",
        "a tie loses (RB p.17); no Excalibur, no Sir Kay",
    ]
    body = html_table(headers, rows, css="quest-combat")
    return html_answer(verdict, body, assumes), text_answer(
        verdict, text_table(headers, rows), assumes
    )


def quest_figure(curves: dict[str, RaceCurve], *, title: str) -> Any:
    """Matplotlib figure: P(won by turn t) for each curve, and P(lost) of the first."""
    from widgets.plots import plot_series

    series: dict[str, dict[int, Fraction]] = {
        f"won: {label}": dict(enumerate(c.won)) for label, c in curves.items()
    }
    first = next(iter(curves.values()))
    series["lost"] = dict(enumerate(first.lost))
    return plot_series(series, title=title, xlabel="turns from now", ylabel="chance by then")


_COLOURS = ("#4a78b5", "#e08a2c", "#b03a2e")


def svg_curves(curves: dict[str, RaceCurve], *, width: int = 420, height: int = 220) -> str:
    """A small inline SVG line chart of the curves (the widget's plot: drawn in a millisecond,
    where a matplotlib figure takes a few hundred on this machine; :func:`quest_figure` draws
    the same lines with matplotlib for notebooks and the docs). Floats for drawing only.

    >>> from camelot_rules.quests import RaceCurve
    >>> svg = svg_curves({"one": RaceCurve("grail", (0, Fraction(1, 2)), (0, 0), ())})
    >>> svg.startswith("<svg") and "won: one" in svg and "lost" in svg
    True
    """
    left, right, top, bottom = 40, 10, 10, 40
    first = next(iter(curves.values()))
    n = max(first.turns, 1)

    def xy(t: int, p: Fraction) -> str:
        x = left + (width - left - right) * t / n
        y = top + (height - top - bottom) * (1 - float(p))
        return f"{x:.1f},{y:.1f}"

    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' role='img' aria-label='chance over the next turns' "
        "style='max-width:100%;height:auto;font:11px sans-serif'>"
    ]
    for pct in (0, 50, 100):
        y = top + (height - top - bottom) * (1 - pct / 100)
        parts.append(
            f"<line x1='{left}' x2='{width - right}' y1='{y:.1f}' y2='{y:.1f}' stroke='#ddd'/>"
            f"<text x='{left - 4}' y='{y + 4:.1f}' text-anchor='end'>{pct}%</text>"
        )
    for t in range(0, n + 1, max(1, n // 8)):
        x = left + (width - left - right) * t / n
        parts.append(
            f"<text x='{x:.1f}' y='{height - bottom + 14}' text-anchor='middle'>{t}</text>"
        )
    parts.append(
        f"<text x='{(left + width - right) / 2}' y='{height - bottom + 28}' "
        "text-anchor='middle'>turns from now</text>"
    )
    lines = [(f"won: {label}", c.won) for label, c in curves.items()] + [("lost", first.lost)]
    for k, (label, values) in enumerate(lines):
        colour = _COLOURS[min(k, 1)] if label != "lost" else _COLOURS[2]
        points = " ".join(xy(t, p) for t, p in enumerate(values))
        dash = " stroke-dasharray='4 3'" if label == "lost" else ""
        parts.append(
            f"<polyline points='{points}' fill='none' stroke='{colour}' stroke-width='2'{dash}/>"
            f"<text x='{left + 6}' y='{top + 12 + 13 * k}' fill='{colour}'>"
            f"{html.escape(label)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


class QuestWidget(AnswerRepr, W.VBox):  # type: ignore[misc]
    """The quest, what lies on it, the hands, the table; result in ``.result``, the chance
    over the next turns in ``.plot`` (an inline SVG chart, races only)."""

    def __init__(self, **options: Any) -> None:
        style = {"description_width": "initial"}

        def slider(name: str, low: int, high: int, default: int, label: str) -> W.IntSlider:
            return W.IntSlider(
                value=options.get(name, default),
                min=low,
                max=high,
                description=label,
                continuous_update=False,
                style=style,
                layout={"width": "100%", "max_width": "300px"},
            )

        self.quest = W.Dropdown(
            options=[(LABELS[q], q) for q in QUESTS],
            value=options.get("quest", "grail"),
            description="Quest",
        )
        self.hands = text_box(
            options.get("hands", "2, 2"),
            "Hands",
            placeholder="Grail: 2, 1 | war: 3 4; 5 | combat: 5 3 (press Enter)",
        )
        self.grails = slider("grails", 0, 6, 4, "Grail cards laid")
        self.blacks = slider("blacks", 0, 6, 1, "Despair laid")
        self.steps = slider("steps", -4, 4, 0, "Excalibur's place")
        self.fights = slider("fights", 0, 5, 0, "Fight cards on the war")
        self.warriors = slider("warriors", 0, 3, 0, "Warriors")
        self.mordred = W.Checkbox(value=options.get("mordred", False), description="Mordred")
        self.whites = text_box(options.get("whites", ""), "Fight cards laid", placeholder="4 5 5")
        self.black_hidden = slider("black_hidden", 0, 5, 0, "Black cards laid (unseen)")
        self.players = slider("players", 3, 8, 4, "Players")
        self.turns = slider("turns", 1, MAX_TURNS, 6, "Turns ahead")
        self.expansion = W.Checkbox(
            value=options.get("expansion", False), description="Merlin's Company"
        )
        self.exact = exact_box(options.get("exact", False))
        self.result = result_box("quest-result")
        self.plot = W.HTML(layout={"max_width": "100%"})
        self.plot.add_class("quest-plot")
        self.text = ""
        self.controls = [
            self.quest,
            self.hands,
            self.grails,
            self.blacks,
            self.steps,
            self.fights,
            self.warriors,
            self.mordred,
            self.whites,
            self.black_hidden,
            self.players,
            self.turns,
            self.expansion,
            self.exact,
        ]
        for control in self.controls:
            control.observe(self._update, names="value")
        super().__init__(
            [
                row([self.quest, self.hands]),
                row([self.grails, self.blacks, self.steps]),
                row([self.fights, self.warriors, self.mordred]),
                row([self.whites, self.black_hidden]),
                row([self.players, self.turns, self.expansion, self.exact]),
                self.result,
                self.plot,
            ],
            layout={"max_width": "100%"},
        )
        self._update()

    def inputs(self) -> dict[str, Any]:
        """The controls' values, as :func:`render_quest` takes them."""
        return {
            "quest": self.quest.value,
            "hands": self.hands.value,
            "grails": self.grails.value,
            "blacks": self.blacks.value,
            "steps": self.steps.value,
            "fights": self.fights.value,
            "warriors": self.warriors.value,
            "mordred": self.mordred.value,
            "whites": self.whites.value,
            "black_hidden": self.black_hidden.value,
            "players": self.players.value,
            "turns": self.turns.value,
            "expansion": self.expansion.value,
            "exact": self.exact.value,
        }

    def _update(self, _change: object = None) -> None:
        args = self.inputs()
        self.result.value, self.text = safe_render(lambda: render_quest(**args))
        self.plot.value = ""
        if args["quest"] in RACES and not self.text.startswith("Cannot compute"):
            keys: tuple[str, ...] = ("hands", "grails", "blacks", "steps", "fights")
            keys += ("warriors", "mordred", "players", "turns", "expansion")
            curves = quest_curves(args["quest"], **{k: args[k] for k in keys})
            self.plot.value = svg_curves(curves)


def build_quest_widget(**options: Any) -> QuestWidget:
    """Return a ready quest widget (options: the control values, e.g. ``quest="picts"``)."""
    return QuestWidget(**options)
