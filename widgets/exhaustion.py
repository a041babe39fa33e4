"""The exhaustion widget: a deck position and a draw mix -> when is the next rebuild?"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as W

from camelot_rules.cards import Deck, standard_deck
from camelot_rules.checks import check_bool, check_instance, check_names, check_text
from camelot_rules.display import (
    central_range,
    exact_fractions,
    fmt_expectation,
    fmt_fraction,
    fmt_percent,
    fmt_prob,
    html_answer,
    html_columns,
    html_table,
    rebuild_verdict,
    text_answer,
    text_table,
)
from camelot_rules.parsing import parse_counts, parse_mix, parse_names
from camelot_rules.reshuffle import (
    DeckPosition,
    NextRebuild,
    OtherDeck,
    RebuildRules,
    default_other_deck,
    next_rebuild,
)
from camelot_rules.tracker import Position
from widgets.common import (
    AnswerRepr,
    Rendered,
    exact_box,
    result_box,
    row,
    safe_render,
    show_busy,
    text_box,
)
from widgets.tracker import ReadsPosition, gone_text

__all__ = [
    "DECKS",
    "OTHER_DECK",
    "ExhaustionWidget",
    "build_exhaustion_widget",
    "render_exhaustion",
]

DECKS = {
    "black (base, 76)": ("black", False),
    "black (base + Merlin's Company, 90)": ("black", True),
    "white (base, 84)": ("white", False),
    "white (base + Merlin's Company, 107)": ("white", True),
    "travel (Merlin's Company, 16)": ("travel", True),
}
# JA travel rules, note: in Merlin's Company the white and black decks are rebuilt together
OTHER_DECK: dict[str, bool | None] = {
    "both rebuilt in Merlin's Company (JA), this one only in the base game": None,
    "both decks rebuilt together": True,
    "this deck only": False,
}
MAX_HORIZON = 300
MAX_ROWS = 40


def render_exhaustion(
    deck: str,
    *,
    drawn: str = "",
    finished: tuple[str, ...] = (),
    merlin_on: tuple[str, ...] = (),
    mix: str = "1: 1",
    named: str = "",
    horizon: object = 60,
    first_witch: bool = True,
    both_decks: bool | None = None,
    other_pile: object = 0,
    exact: bool = False,
) -> Rendered:
    """Return (html, text): when the draw pile is next rebuilt, why, and whether the named cards
    come up before it. ``drawn`` lists cards already drawn since the last rebuild (they sit in
    the discard pile, ES p.10). ``both_decks`` (``None``: by the box - both in Merlin's
    Company, JA) says whether the other deck's running out rebuilds this one too;
    ``other_pile`` its pile now (0: the assumed default). The answer opens with a verdict
    sentence; the options used are folded under "What this assumes". A named card that is not
    in the chosen deck is refused (it cannot come up: "0%" would be a wrong answer).

    Rules: ``deck.reshuffle-both``, ``deck.rebuild-both``, ``deck.first-witch``,
    ``deck.finished-quest-cards``.
    """
    if not isinstance(deck, str) or deck not in DECKS:
        raise ValueError(f"unknown deck {deck!r}; expected one of {list(DECKS)}")
    if isinstance(other_pile, bool) or not isinstance(other_pile, int) or other_pile < 0:
        raise ValueError(
            f"other_pile={other_pile!r:.80}: the other deck's pile, expected 0 (default) or more"
        )
    check_text("drawn", drawn)
    check_text("mix", mix)
    check_text("named", named)
    finished = tuple(check_names("finished", finished))
    merlin_on = tuple(check_names("merlin_on", merlin_on))
    check_bool("first_witch", first_witch)
    if both_decks is not None:
        check_bool("both_decks", both_decks)
    kind, expansion = DECKS[deck]
    box = standard_deck(kind, expansion=expansion)
    seen = Deck(parse_counts(drawn))
    try:
        pile = box.minus(seen)
    except ValueError as err:
        raise ValueError(f"cards already drawn: {err}") from None
    if isinstance(horizon, bool) or not isinstance(horizon, int) or not 1 <= horizon <= MAX_HORIZON:
        raise ValueError(f"horizon={horizon!r}: expected 1..{MAX_HORIZON} turns")
    position = DeckPosition(
        pile,
        seen,
        finished_quests=frozenset(finished),
        expansion=expansion,
        merlin_on=frozenset(merlin_on),
    )
    names = parse_names(named)
    check_bool("exact", exact)
    missing = [n for n in names if not box.count(n)]
    if missing:
        hint = (
            " (it is a Merlin's Company card: choose a deck with Merlin's Company)"
            if not expansion and standard_deck(kind, expansion=True).count(missing[0])
            else ""
        )
        raise ValueError(f"{missing[0]!r} is not in the {deck} deck{hint}")
    other = None
    if other_pile and both_decks is not False and kind != "travel":
        base = default_other_deck(kind, expansion=expansion)
        other = OtherDeck(other_pile, base.rebuilt, base.draws_per_turn)
    result = next_rebuild(
        position,
        parse_mix(mix),
        cards=names,
        horizon=horizon,
        rules=RebuildRules(first_witch=first_witch, both_decks=both_decks, other_deck=other),
    )
    with exact_fractions(exact):
        # the First Witch named while she rebuilds: she comes up *as* the rebuild (JA witches)
        witch_is_rebuild = first_witch and "morgan_witch_1" in names
        return _render(result, deck, pile, seen, names, horizon, witch_is_rebuild)


def _render(
    result: NextRebuild,
    deck: str,
    pile: Deck,
    seen: Deck,
    names: list[str],
    horizon: int,
    witch_is_rebuild: bool,
) -> Rendered:
    shown_turns = central_range(result.by_turn) if result.by_turn else []
    cut = len(shown_turns) > MAX_ROWS
    shown_turns = shown_turns[:MAX_ROWS]
    cumulative = sum(
        (p for t, p in result.by_turn.items() if shown_turns and t < shown_turns[0]), Fraction(0)
    )
    rows = []
    for turn in shown_turns:
        p = result.by_turn[turn]
        cumulative += p
        rows.append([str(turn), fmt_fraction(p), fmt_percent(p), fmt_percent(cumulative)])
    causes = ", ".join(f"{c}: {fmt_prob(p)}" for c, p in result.by_cause.items())
    mean = sum(t * p for t, p in result.by_turn.items())
    lines = [
        f"Draw pile: {pile.size} cards ({deck}); drawn since the last rebuild: {seen.size}",
        f"Why the rebuild comes: {causes or 'no rebuild within the horizon'}",
        f"P(no rebuild within {horizon} turns) = {fmt_prob(result.unresolved)}",
    ]
    if not result.unresolved:
        lines.append(f"Expected turn of the rebuild: {fmt_expectation(mean)}")
    if names:
        when = "by the rebuild" if witch_is_rebuild else "before the rebuild"
        lines.append(f"P({', '.join(names)} drawn {when}) = {fmt_prob(result.seen_before)}")
    headers = ["turn", "P", "%", "by then"]
    held = sum((result.by_turn[t] for t in shown_turns), Fraction(0))
    note = (
        f"turns {shown_turns[0]}-{shown_turns[-1]} shown: they hold {fmt_percent(held)} of "
        "the chance" + (f" (the table stops at {MAX_ROWS} rows)" if cut else "")
        if shown_turns
        else ""
    )
    assumes = list(result.options)
    body = (
        "".join(f"<div>{line}</div>" for line in lines)
        + html_columns(
            [(t, result.by_turn[t]) for t in shown_turns], title="P(the rebuild comes in turn t)"
        )
        + html_table(headers, rows, css="exhaustion-table")
        + (f"<div style='font-size:smaller'>{note}</div>" if note else "")
    )
    text_body = "\n".join(lines) + "\n" + text_table(headers, rows) + (f"\n{note}" if note else "")
    verdict = rebuild_verdict(
        deck.split(" (")[0],
        result.by_turn,
        result.unresolved,
        names=names,
        seen_before=result.seen_before,
        witch_is_rebuild=witch_is_rebuild,
    )
    return html_answer(verdict, body, assumes), text_answer(verdict, text_body, assumes)


class ExhaustionWidget(AnswerRepr, ReadsPosition, W.VBox):  # type: ignore[misc]
    """Controls for a deck position and a draw mix; the result is in ``.result``.
    ``use_position`` reads the game tracker's position: the black pile left and the quests
    that are over."""

    def __init__(self, **options: Any) -> None:
        self._holding = False
        self.tracker_note = W.HTML()
        style = {"description_width": "150px"}
        wide = {"width": "100%", "max_width": "520px"}
        self.deck = W.Dropdown(
            options=list(DECKS),
            value=options.get("deck", list(DECKS)[1]),
            description="Deck",
            style=style,
            layout=wide,
        )
        self.drawn = text_box(
            options.get("drawn", ""),
            "Already drawn",
            placeholder="e.g. despair: 3, picts (press Enter)",
            style=style,
        )
        self.finished = W.SelectMultiple(
            options=["excalibur", "grail", "dragon"],
            value=options.get("finished", ()),
            description="Quests over",
            style=style,
            rows=3,
        )
        self.merlin_on = W.SelectMultiple(
            options=["excalibur", "grail", "dragon"],
            value=options.get("merlin_on", ()),
            description="Merlin on",
            style=style,
            rows=3,
        )
        self.mix = text_box(
            options.get("mix", "1: 1/2, 2: 1/4, 3: 1/4"),
            "Draws per turn",
            style=style,
        )
        self.named = text_box(
            options.get("named", ""),
            "Named cards",
            placeholder="e.g. morgan_witch_2, morgan_witch_3 (press Enter)",
            style=style,
        )
        self.horizon = W.IntText(
            value=options.get("horizon", 60),
            description="Horizon (turns)",
            style=style,
            layout={"width": "100%", "max_width": "320px"},
        )
        self.first_witch = W.Checkbox(
            value=options.get("first_witch", True),
            description="First Witch rebuilds the decks",
            style={"description_width": "initial"},
            layout={"width": "320px"},
        )
        self.both_decks = W.Dropdown(
            options=list(OTHER_DECK),
            value=options.get("both_decks", next(iter(OTHER_DECK))),
            description="Other deck",
            style=style,
            layout=wide,
        )
        self.other_pile = W.IntText(
            value=options.get("other_pile", 0),
            description="Other deck's pile (0: assumed)",
            style=style,
            layout={"width": "100%", "max_width": "320px"},
        )
        self.exact = exact_box(options.get("exact", False))
        self.result = result_box("exhaustion-result")
        self.text = ""
        controls = [
            self.deck,
            self.drawn,
            self.finished,
            self.merlin_on,
            self.mix,
            self.named,
            self.horizon,
            self.first_witch,
            self.both_decks,
            self.other_pile,
            self.exact,
        ]
        for control in controls:
            control.observe(self._update, names="value")
        super().__init__(
            [
                self.deck,
                self.drawn,
                row([self.finished, self.merlin_on]),
                self.mix,
                self.named,
                row([self.horizon, self.first_witch]),
                row([self.both_decks, self.other_pile, self.exact]),
                self.tracker_note,
                self.result,
            ],
            layout={"max_width": "100%"},
        )
        self._update()

    def use_position(self, pos: Position) -> None:
        """Read the tracker's position as the deck position: the black deck of the game's box,
        the cards gone from its pile since the last rebuild as "Already drawn", the quests that
        are over.

        Rules: ``deck.rebuild-both``, ``deck.finished-quest-cards``.
        """
        check_instance("pos", pos, Position)
        deck = next(k for k, v in DECKS.items() if v == ("black", pos.expansion))
        box = standard_deck("black", expansion=pos.expansion)
        self._holding = True
        try:
            self.deck.value = deck
            self.drawn.value = gone_text(box, pos.black_left)
            self.finished.value = tuple(q for q in self.finished.options if q in pos.quests_over)
            self.merlin_on.value = tuple(q for q in self.merlin_on.value if q in pos.quests_over)
        finally:
            self._holding = False
        self._note_position(pos)
        self._update()

    def _update(self, _change: object = None) -> None:
        if self._holding:
            return
        show_busy(self.result)  # a large hand or a long horizon takes a second
        self.result.value, self.text = safe_render(
            lambda: render_exhaustion(
                self.deck.value,
                drawn=self.drawn.value,
                finished=tuple(self.finished.value),
                merlin_on=tuple(self.merlin_on.value),
                mix=self.mix.value,
                named=self.named.value,
                horizon=self.horizon.value,
                first_witch=self.first_witch.value,
                both_decks=OTHER_DECK[self.both_decks.value],
                other_pile=self.other_pile.value,
                exact=self.exact.value,
            )
        )


def build_exhaustion_widget(**options: Any) -> ExhaustionWidget:
    """Return a ready exhaustion widget."""
    return ExhaustionWidget(**options)
