"""The quest widget: choose a quest, enter what lies on it and in the knights' hands, and see the
exact chance of winning it, turn by turn, with several knights on it against one alone.

A thin view over :mod:`camelot_rules.odds.quests` (issue 14): the races (the Holy Grail, Excalibur,
the Pict and Saxon wars) and the combat quests (Black Knight, Lancelot, the Dragon).
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

import ipywidgets as W

from camelot_rules.base.checks import check_bool, check_instance, check_int, check_text
from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.data.names import display_name
from camelot_rules.front.display import (
    exact_fractions,
    fmt_chance,
    fmt_prob,
    html_answer,
    html_table,
    race_blocker,
    race_verdict,
    sentences,
    text_answer,
    text_table,
)
from camelot_rules.front.fonts import in_language_fonts
from camelot_rules.logs.tracker import Position
from camelot_rules.odds.quests import (
    COMBAT_QUESTS,
    RaceCurve,
    best_next_fight,
    combat_win_probability,
    excalibur_race,
    grail_race,
    war_race,
)
from widgets.common import (
    AnswerRepr,
    Rendered,
    exact_box,
    language_box,
    result_box,
    row,
    safe_render,
    text_box,
    tr,
)
from widgets.svg import svg_lines
from widgets.tracker import ReadsPosition

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
    "grail": N_("the Holy Grail"),
    "excalibur": N_("Excalibur"),
    "picts": N_("the Pict war"),
    "saxons": N_("the Saxon war"),
    "black_knight": N_("the Black Knight"),
    "lancelot": N_("Lancelot"),
    "dragon": N_("the Dragon"),
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


# What the hands box holds, by the kind of quest (one meaning per quest: after a switch the box
# shows what was typed for that kind, never a Grail count read as Fight values): its label, its
# hint and its first value.
HANDS_KINDS = {
    "grail": "grail",
    "excalibur": "excalibur",
    "picts": "war",
    "saxons": "war",
    **{q: "combat" for q in COMBAT_QUESTS},
}
HANDS_LABELS = {
    "grail": N_("Grail cards in hand"),
    "excalibur": N_("White cards to spare"),
    "war": N_("Fight cards in hand"),
    "combat": N_("Your Fight cards"),
}
HANDS_HINTS = {
    "grail": N_("one number per knight on the quest, in turn order, e.g. 2, 1 (press Enter)"),
    "excalibur": N_("one number per knight on the quest, in turn order, e.g. 2, 1 (press Enter)"),
    "war": N_("each knight's Fight values, knights split by ; e.g. 3 4; 5 (press Enter)"),
    "combat": N_("the Fight values in your hand, e.g. 5 3 (press Enter)"),
}
HANDS_DEFAULTS = {"grail": "2, 2", "excalibur": "2, 2", "war": "3 4; 5", "combat": "5 3"}
# The controls each kind of quest reads (the others are hidden while it is chosen).
QUEST_CONTROLS = {
    "grail": ("grails", "blacks", "players", "turns", "expansion"),
    "excalibur": ("steps", "players", "turns", "expansion"),
    "war": ("fights", "warriors", "mordred", "players", "turns", "expansion"),
    "combat": ("whites", "black_hidden"),
}


def _numbers(text: str, what: str) -> list[int]:
    parts = text.replace(",", " ").split()
    for p in parts:
        if not _NUMBER.fullmatch(p):
            raise ValueError(
                _("{what}: {value} is not a whole number (e.g. 2, 1)").format(
                    what=_(what), value=repr(p)
                )
            )
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
        out = tuple(tuple(_numbers(k, HANDS_LABELS["war"])) for k in knights if k.strip())
        return out or ((),)
    return tuple(_numbers(text, HANDS_LABELS[HANDS_KINDS[quest]]))


@lru_cache(maxsize=256)
def _race(
    quest: str,
    on_quest: tuple[int, ...],
    hands: tuple[Any, ...],
    players: int,
    turns: int,
    expansion: bool,
    pile: Deck | None = None,
) -> RaceCurve:
    if quest == "grail":
        return grail_race(
            on_quest[0],
            on_quest[1],
            hands,
            turns,
            players=players,
            expansion=expansion,
            deck=pile,
        )
    if quest == "excalibur":
        return excalibur_race(
            on_quest[0], hands, turns, players=players, expansion=expansion, deck=pile
        )
    return war_race(
        quest,
        on_quest[0],
        on_quest[1],
        hands,
        turns,
        mordred=on_quest[2] == 1,
        players=players,
        expansion=expansion,
        deck=pile,
    )


def _on_quest(
    quest: str, grails: int, blacks: int, steps: int, fights: int, warriors: int, mordred: bool
) -> tuple[int, ...]:
    if quest == "grail":
        return (check_int("grails", grails), check_int("blacks", blacks))
    if quest == "excalibur":
        return (check_int("steps", steps),)
    return (check_int("fights", fights), check_int("warriors", warriors), int(mordred))


def _check_pile(pile: object) -> Deck | None:
    """The black draw pile given by the tracker: a Deck of the game's black cards, or None."""
    if pile is None:
        return None
    check_instance("pile", pile, Deck)
    assert isinstance(pile, Deck)
    box = standard_deck("black", expansion=True)
    extra = [c for c, n in pile.items() if n > box.count(c)]
    if extra:
        raise ValueError(
            f"pile={pile!r:.80}: {extra[0]!r} is not a black card, or more copies than the "
            f"game holds ({box.count(extra[0])})"
        )
    return pile


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
    pile: Deck | None = None,
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
    pile = _check_pile(pile)
    n = len(held)
    label = _("1 knight on it") if n == 1 else _("{n} knights on it").format(n=n)
    out = {label: _race(quest, where, held, players, turns, expansion, pile)}
    if n > 1:
        out[_("the first knight alone")] = _race(
            quest, where, held[:1], players, turns, expansion, pile
        )
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
    pile: Deck | None = None,
) -> Rendered:
    """Return (html, text): the verdict, the chance turn by turn (several knights against one)
    or, for a combat quest, the chance now and after each Fight card of the hand; then the
    model's assumptions. ``exact`` prints every fraction whole. ``pile`` is the black draw pile
    as the game tracker knows it (default: the box less the cards on the quest): the races
    draw from it.

    Rules: ``quest.grail``, ``quest.excalibur``, ``quest.wars``, ``quest.combat-end``,
    ``quest.fight-cards``.

    >>> html, text = render_quest("excalibur", hands="1", steps=4, players=3, turns=1)
    >>> text.splitlines()[0]
    'Excalibur within 1 turn: won 78.3%, lost: impossible.'
    >>> "1004121/1282975 (78.3%)" in render_quest(
    ...     "excalibur", hands="1", steps=4, players=3, turns=1, exact=True)[1]
    True
    """
    check_bool("exact", exact)
    if quest not in QUESTS:
        raise ValueError(f"quest={quest!r}: expected one of {list(QUESTS)}")
    pile = _check_pile(pile)
    with exact_fractions(exact):
        if quest in COMBAT_QUESTS:
            return _render_combat(quest, hands, whites, black_hidden)
        curves = quest_curves(
            quest,
            pile=pile,
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
        laid = grails if quest == "grail" else steps
        held = parse_hands(quest, hands)
        return _render_race(quest, curves, players, expansion, pile, laid, held)


def _title(quest: str) -> str:
    return display_name(quest, "quest")


def _render_race(
    quest: str,
    curves: dict[str, RaceCurve],
    players: int,
    expansion: bool,
    pile: Deck | None,
    laid: int = 0,
    held: tuple[Any, ...] = (),
) -> Rendered:
    labels = list(curves)
    main = curves[labels[0]]
    counts = [h for h in held if isinstance(h, int)]
    verdict = race_verdict(
        quest,
        main.p_win,
        main.p_lose,
        main.turns,
        blocker=race_blocker(quest, laid=laid, held=counts) if main.p_win == 0 else "",
    )
    headers = [
        _("turns"),
        *(_("won: {label}").format(label=label) for label in labels),
        _("lost"),
    ]
    rows = [
        [t, *(fmt_prob(curves[label].won[t], 1) for label in labels), fmt_prob(main.lost[t], 2)]
        for t in range(1, main.turns + 1)
    ]
    deck_line = (
        _(
            "black draw pile: as the game tracker knows it ({n} cards: the box less the cards "
            "drawn since the last rebuild)"
        ).format(n=pile.size)
        if pile is not None
        else _(
            "black deck: {box}, less the cards on the quest (Dark Forest and Mordred off the board)"
        ).format(box=_("base + Merlin's Company") if expansion else _("base game"))
    )
    assumes = [
        _("Rules: {cite}").format(cite=CITES[quest]),
        _(
            "{players} players; the knights on the quest play in turn order from the next turn"
        ).format(players=players),
        deck_line,
        *main.assumptions,
    ]
    if quest in ("picts", "saxons"):
        assumes.append(_("Mercenaries and Mordred go on this war (the worst case)"))
    body = html_table(headers, rows, css="quest-curve")
    return html_answer(verdict, body, assumes), text_answer(
        verdict, text_table(headers, rows), assumes
    )


def _render_combat(quest: str, hands: str, whites: str, black_hidden: int) -> Rendered:
    laid = _numbers(check_text("whites", whites), N_("Fight cards laid"))
    held = parse_hands(quest, hands)
    hidden = check_int("black_hidden", black_hidden, low=0)
    now = combat_win_probability(quest, laid, hidden)
    nxt = best_next_fight(quest, laid, list(held), hidden) if held else ()
    verdict = _("{quest}: the chance to win with the Fight cards laid is {now}.").format(
        quest=_title(quest), now=fmt_chance(now)
    )
    if nxt:
        verdict = sentences(
            verdict,
            _("Lay Fight {value} next: {p}.").format(
                value=nxt[0].value, p=fmt_chance(nxt[0].p_win)
            ),
        )
    rows = [[_("as laid"), fmt_prob(now, 2), ""]] + [
        [
            _("lay Fight {value}").format(value=n.value),
            fmt_prob(n.p_win, 2),
            _("yes") if n.ends_quest else "",
        ]
        for n in nxt
    ]
    headers = [_("choice"), _("P(knights win)"), _("ends the quest")]
    assumes = [
        _("Rules: {cite}").format(cite=CITES[quest]),
        _(
            "no further white cards; the empty black spots are filled from the box's black deck "
            "(face-down cards unseen)"
        ),
        _("a tie loses (RB p.17); no Excalibur, no Sir Kay"),
    ]
    body = html_table(headers, rows, css="quest-combat")
    return html_answer(verdict, body, assumes), text_answer(
        verdict, text_table(headers, rows), assumes
    )


@in_language_fonts
def quest_figure(curves: dict[str, RaceCurve], *, title: str) -> Any:
    """Matplotlib figure: P(won by turn t) for each curve, and P(lost) of the first."""
    from widgets.plots import plot_series

    series: dict[str, dict[int, Fraction]] = {
        _("won: {label}").format(label=label): dict(enumerate(c.won)) for label, c in curves.items()
    }
    first = next(iter(curves.values()))
    series[_("lost")] = dict(enumerate(first.lost))
    return plot_series(series, title=title, xlabel=_("turns from now"), ylabel=_("chance by then"))


def svg_curves(curves: dict[str, RaceCurve], *, width: int = 420, height: int = 220) -> str:
    """A small inline SVG line chart of the curves (the widget's plot: drawn in a millisecond,
    where a matplotlib figure takes a few hundred on this machine; :func:`quest_figure` draws
    the same lines with matplotlib for notebooks and the docs). Floats for drawing only.

    >>> from camelot_rules.odds.quests import RaceCurve
    >>> svg = svg_curves({"one": RaceCurve("grail", (0, Fraction(1, 2)), (0, 0), ())})
    >>> svg.startswith("<svg") and "won: one" in svg and "lost" in svg
    True
    """
    first = next(iter(curves.values()))
    lines = [
        (_("won: {label}").format(label=label), dict(enumerate(c.won)))
        for label, c in curves.items()
    ]
    lines.append((_("lost"), dict(enumerate(first.lost))))
    return svg_lines(
        lines,
        xlabel=_("turns from now"),
        dashed_last=True,
        width=width,
        height=height,
        aria="chance over the next turns",
    )


class QuestWidget(AnswerRepr, ReadsPosition, W.VBox):  # type: ignore[misc]
    """The quest, what lies on it, the hands, the table; result in ``.result``, the chance
    over the next turns in ``.plot`` (an inline SVG chart, races only).

    ``use_position`` reads the game tracker's position: the players and the box, the black
    draw pile as known (the races draw from it), the quest chosen as the rules engine holds it
    (a combat quest's cards, a war's cards, warriors and Mordred, the Grail's cards and
    Despairs, Excalibur's place) and whether that quest is over."""

    def __init__(self, **options: Any) -> None:
        style = {"description_width": "initial"}
        self._holding = False
        self.position: Position | None = None  # read from the tracker (None: the box)
        self.tracker_note = W.HTML()

        def slider(name: str, low: int, high: int, default: int, label: str) -> W.IntSlider:
            return tr(
                W.IntSlider(
                    value=options.get(name, default),
                    min=low,
                    max=high,
                    continuous_update=False,
                    style=style,
                    layout={"width": "100%", "max_width": "300px"},
                ),
                description=label,
            )

        self.quest = tr(
            W.Dropdown(
                options=[(LABELS[q], q) for q in QUESTS],
                value=options.get("quest", "grail"),
            ),
            description=N_("Quest"),
            options=[(LABELS[q], q) for q in QUESTS],
        )
        kind = HANDS_KINDS[self.quest.value]
        self._hands_typed = dict(HANDS_DEFAULTS)  # what the box held for each kind of quest
        if "hands" in options:
            self._hands_typed[kind] = options["hands"]
        self.hands = tr(
            text_box(self._hands_typed[kind], ""),
            description=HANDS_LABELS[kind],
            placeholder=HANDS_HINTS[kind],
        )
        self.hands.add_class("quest-hands")
        self.grails = slider("grails", 0, 6, 4, N_("Grail cards laid"))
        self.blacks = slider("blacks", 0, 6, 1, N_("Despair laid"))
        self.steps = slider("steps", -4, 4, 0, N_("Excalibur's place"))
        self.fights = slider("fights", 0, 5, 0, N_("Fight cards on the war"))
        self.warriors = slider("warriors", 0, 3, 0, N_("Warriors"))
        self.mordred = tr(
            W.Checkbox(value=options.get("mordred", False)), description=N_("Mordred")
        )
        self.whites = tr(
            text_box(options.get("whites", ""), ""),
            description=N_("Fight cards laid"),
            placeholder="4 5 5",
        )
        self.black_hidden = slider("black_hidden", 0, 5, 0, N_("Black cards laid (unseen)"))
        self.players = slider("players", 3, 8, 4, N_("Players"))
        self.turns = slider("turns", 1, MAX_TURNS, 6, N_("Turns ahead"))
        self.expansion = tr(
            W.Checkbox(value=options.get("expansion", False)), description=N_("Merlin's Company")
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
        for control in self.controls[1:]:
            control.observe(self._update, names="value")
        self.quest.observe(self._quest_chosen, names="value")
        self.expansion.observe(self._box_changed, names="value")
        self.players.observe(self._box_changed, names="value")
        self.language = language_box(self)
        super().__init__(
            [
                self.language,
                row([self.quest, self.hands]),
                row(
                    [
                        self.grails,
                        self.blacks,
                        self.steps,
                        self.fights,
                        self.warriors,
                        self.mordred,
                        self.whites,
                        self.black_hidden,
                    ]
                ),
                row([self.players, self.turns, self.expansion, self.exact]),
                self.tracker_note,
                self.result,
                self.plot,
            ],
            layout={"max_width": "100%"},
        )
        self._show_controls()
        self._update()

    def _show_controls(self) -> None:
        """Show only the controls the chosen quest reads (the quest, the hands, exact fractions
        always)."""
        wanted = QUEST_CONTROLS[HANDS_KINDS[self.quest.value]]
        for name in ("grails", "blacks", "steps", "fights", "warriors", "mordred", "whites"):
            getattr(self, name).layout.display = None if name in wanted else "none"
        for name in ("black_hidden", "players", "turns", "expansion"):
            getattr(self, name).layout.display = None if name in wanted else "none"

    def inputs(self) -> dict[str, Any]:
        """The controls' values (and the tracker's black pile), as :func:`render_quest` takes
        them."""
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
            "pile": None if self.position is None else self.position.black_left,
        }

    def use_position(self, pos: Position) -> None:
        """Read the tracker's position: the players and the box (Merlin's Company or not), the
        black draw pile as the tracker knows it (the races draw from it: the box less the cards
        drawn since the last rebuild and those out of the game), and, for the quest chosen, the
        Fight cards the log records on it (a combat quest's values, a war's count). Choosing
        another quest reads its cards from the same position; changing the players or the box
        goes back to the box's deck.

        Rules: ``quest.fight-cards``, ``quest.wars``, ``deck.counts``.
        """
        check_instance("pos", pos, Position)
        self._holding = True
        try:
            self.position = pos
            self.players.value = pos.players
            self.expansion.value = pos.expansion
            self._fill_quest()
        finally:
            self._holding = False
        self._note()
        self._update()

    def _fill_quest(self) -> None:
        """The quest chosen as the rules engine holds it from the tracker's lines: a combat
        quest's Fight cards and its black cards (face up or down: the calculator reads them as
        unseen), a war's Fight cards, warriors and Mordred, the Grail's cards and Despairs,
        Excalibur's place. The hands are the table's: the tracker does not see them."""
        pos = self.position
        if pos is None:
            return
        quest = self.quest.value
        laid = pos.fights_on(quest)
        if quest in COMBAT_QUESTS:
            self.whites.value = " ".join(map(str, laid))
            self.black_hidden.value = min(len(pos.blacks_on(quest)), self.black_hidden.max)
        elif quest in ("picts", "saxons"):
            self.fights.value = min(len(laid), self.fights.max)
            self.warriors.value = min(dict(pos.warriors).get(quest, 0), self.warriors.max)
            self.mordred.value = quest in pos.mordred
        elif quest == "grail":
            self.grails.value = min(pos.grail_cards, self.grails.max)
            self.blacks.value = min(len(pos.blacks_on("grail")), self.blacks.max)
        elif quest == "excalibur":
            low, high = self.steps.min, self.steps.max
            self.steps.value = max(low, min(high, pos.excalibur_position))

    def _note(self) -> None:
        pos = self.position
        if pos is None:
            self.tracker_note.value = ""
            return
        quest = self.quest.value
        over = quest in pos.quests_over or (quest == "dragon" and "lancelot" in pos.quests_over)
        extra = (
            _("{quest} is over: its odds no longer count").format(quest=_title(quest))
            if over
            else _(
                "the quest and the black draw pile ({n} card(s)) as the rules engine holds them; "
                "set the hands: the tracker does not see them"
            ).format(n=pos.black_left.size)
        )
        self._note_position(pos, extra)

    def _quest_chosen(self, change: dict[str, Any]) -> None:
        """Another quest: the hands box keeps one meaning (it shows what was typed for this
        kind of quest, relabelled), only its controls show, the tracker's cards on it are read,
        and the answer follows."""
        old, new = HANDS_KINDS[change["old"]], HANDS_KINDS[change["new"]]
        self._holding = True
        try:
            if old != new:
                self._hands_typed[old] = self.hands.value
                tr(self.hands, description=HANDS_LABELS[new], placeholder=HANDS_HINTS[new])
                self.hands.value = self._hands_typed[new]
            self._show_controls()
            self._fill_quest()
        finally:
            self._holding = False
        self._note()
        self._update()

    def _box_changed(self, _change: object = None) -> None:
        pos = self.position
        if self._holding or pos is None:
            return
        if (self.players.value, self.expansion.value) != (pos.players, pos.expansion):
            self.position = None  # another table: the tracker's pile no longer applies
            self.tracker_note.value = ""
            self._update()

    def _update(self, _change: object = None) -> None:
        if self._holding:
            return
        args = self.inputs()
        self.result.value, self.text = safe_render(lambda: render_quest(**args))
        self.plot.value = ""
        if args["quest"] in RACES and not self.text.startswith(_("Cannot compute:")):
            keys: tuple[str, ...] = ("hands", "grails", "blacks", "steps", "fights")
            keys += ("warriors", "mordred", "players", "turns", "expansion", "pile")
            curves = quest_curves(args["quest"], **{k: args[k] for k in keys})
            self.plot.value = svg_curves(curves)


def build_quest_widget(**options: Any) -> QuestWidget:
    """Return a ready quest widget (options: the control values, e.g. ``quest="picts"``)."""
    return QuestWidget(**options)
