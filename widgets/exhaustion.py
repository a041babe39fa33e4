"""The exhaustion widget: a deck position and a draw mix -> when is the next rebuild?"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as W

from camelot_rules.base.checks import check_bool, check_instance, check_names, check_text
from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.data.names import display_name
from camelot_rules.front.display import (
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
from camelot_rules.front.parsing import parse_counts, parse_mix, parse_names
from camelot_rules.logs.tracker import Position
from camelot_rules.odds.rebuilds import (
    DeckPosition,
    NextRebuild,
    OtherDeck,
    RebuildRules,
    default_other_deck,
    next_rebuild,
)
from widgets.common import (
    AnswerRepr,
    Rendered,
    exact_box,
    language_box,
    result_box,
    row,
    safe_render,
    show_busy,
    text_box,
    tr,
)
from widgets.tracker import ReadsPosition, gone_text

__all__ = [
    "DECKS",
    "OTHER_DECK",
    "WITCHES",
    "ExhaustionWidget",
    "build_exhaustion_widget",
    "render_exhaustion",
]

DECKS = {
    N_("black (base, 76)"): ("black", False),
    N_("black (base + Merlin's Company, 90)"): ("black", True),
    N_("white (base, 84)"): ("white", False),
    N_("white (base + Merlin's Company, 107)"): ("white", True),
    N_("travel (Merlin's Company, 16)"): ("travel", True),
}
# JA travel rules, note: in Merlin's Company the white and black decks are rebuilt together
OTHER_DECK: dict[str, bool | None] = {
    N_("both decks rebuilt together"): True,
    N_("this deck only"): False,
}
# Why a rebuild comes (camelot_rules.odds.rebuilds's causes), as a player reads it.
CAUSES = {
    "exhausted": N_("the pile runs out"),
    "first_witch": N_("the First Witch"),
    "other_deck": N_("the other deck runs out"),
}


def _cause(key: str) -> str:
    return _(CAUSES[key]) if key in CAUSES else key


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
    witches_drawn: tuple[str, ...] = (),
    witches_asked: tuple[str, ...] = (),
) -> Rendered:
    """Return (html, text): when the draw pile is next rebuilt, why, and whether the named cards
    come up before it. ``witches_drawn`` (the witch checklist) are witches already drawn since
    the last rebuild: out of the draw pile, like the cards of ``drawn``; ``witches_asked`` are
    witches still in the pile to ask about, like the cards of ``named``. Both are for the black
    deck of Merlin's Company, the only one with witches (JA witches). ``drawn`` lists cards
    already drawn since the last rebuild (they sit in the discard pile, ES p.10).
    ``both_decks`` (``None`` or ``True``: both decks, the rule in either game, RB p.10, p.13
    and JA; ``False``: the one-deck variant) says whether the other deck's running out
    rebuilds this one too;
    ``other_pile`` its pile now (0: the assumed default). The answer opens with a verdict
    sentence; the options used are folded under "What this assumes". A named card that is not
    in the chosen deck is refused (it cannot come up: "0%" would be a wrong answer).

    Rules: ``deck.reshuffle-both``, ``deck.first-witch``,
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
    drawn_w = _check_witches("witches_drawn", witches_drawn, box, deck)
    asked_w = _check_witches("witches_asked", witches_asked, box, deck)
    seen = Deck(parse_counts(drawn))
    twice = [w for w in drawn_w if seen.count(w)]
    if twice:
        raise ValueError(
            _("{card} is both ticked and typed in the cards drawn: give her once").format(
                card=display_name(twice[0], "card")
            )
        )
    both = [w for w in asked_w if w in drawn_w]
    if both:
        raise ValueError(
            _("{card} is already drawn: ask only about a witch still in the pile").format(
                card=display_name(both[0], "card")
            )
        )
    seen = Deck({**dict(seen.items()), **{w: 1 for w in drawn_w}})
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
    names += [w for w in asked_w if w not in names]
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


WITCHES: tuple[str, ...] = tuple(f"morgan_witch_{i}" for i in range(1, 8))


def _check_witches(name: str, witches: object, box: Deck, deck: str) -> tuple[str, ...]:
    chosen = tuple(check_names(name, witches))
    unknown = [w for w in chosen if w not in WITCHES]
    if unknown:
        raise ValueError(f"{name}: {unknown[0]!r} is not a witch; expected some of {list(WITCHES)}")
    if chosen and not box.count(chosen[0]):
        raise ValueError(
            _(
                "{card} is not in the {deck} deck: the witches are black cards of Merlin's "
                "Company (choose that deck)"
            ).format(card=display_name(chosen[0], "card"), deck=deck)
        )
    return tuple(w for w in WITCHES if w in chosen)


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
    causes = ", ".join(f"{_cause(c)}: {fmt_prob(p)}" for c, p in result.by_cause.items())
    mean = sum(t * p for t, p in result.by_turn.items())
    lines = [
        _("Draw pile: {pile} cards ({deck}); drawn since the last rebuild: {seen}").format(
            pile=pile.size, deck=_(deck), seen=seen.size
        ),
        _("Why the rebuild comes: {causes}").format(
            causes=causes or _("no rebuild within the horizon")
        ),
        _("P(no rebuild within {horizon} turns) = {p}").format(
            horizon=horizon, p=fmt_prob(result.unresolved)
        ),
    ]
    if not result.unresolved:
        lines.append(_("Expected turn of the rebuild: {t}").format(t=fmt_expectation(mean)))
    if names:
        shown = ", ".join(display_name(n, "card") for n in names)
        when = (
            _("P({cards} drawn by the rebuild) = {p}")
            if witch_is_rebuild
            else _("P({cards} drawn before the rebuild) = {p}")
        )
        lines.append(when.format(cards=shown, p=fmt_prob(result.seen_before)))
    headers = [_("turn"), "P", "%", _("by then")]
    held = sum((result.by_turn[t] for t in shown_turns), Fraction(0))
    note = (
        _("turns {first}-{last} shown: they hold {share} of the chance").format(
            first=shown_turns[0], last=shown_turns[-1], share=fmt_percent(held)
        )
        + (_(" (the table stops at {n} rows)").format(n=MAX_ROWS) if cut else "")
        if shown_turns
        else ""
    )
    assumes = list(result.options)
    body = (
        "".join(f"<div>{line}</div>" for line in lines)
        + html_columns(
            [(t, result.by_turn[t]) for t in shown_turns],
            title=_("P(the rebuild comes in turn t)"),
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

    The witches (black deck of Merlin's Company) are a checklist: for each, "drawn" (already
    out of the pile since the last rebuild) and "ask" (will she come before the rebuild?);
    ``.witch_drawn`` and ``.witch_asked`` map each witch to her checkbox. ``use_position``
    reads the game tracker's position: the black pile left (the witches drawn ticked), the
    quests that are over."""

    def __init__(self, **options: Any) -> None:
        self._holding = False
        self.tracker_note = W.HTML()
        style = {"description_width": "150px"}
        wide = {"width": "100%", "max_width": "520px"}
        self.deck = tr(
            W.Dropdown(
                options=list(DECKS),
                value=options.get("deck", list(DECKS)[1]),
                style=style,
                layout=wide,
            ),
            description=N_("Deck"),
            options=[(k, k) for k in DECKS],
        )
        self.drawn = tr(
            text_box(options.get("drawn", ""), "", style=style),
            description=N_("Already drawn"),
            placeholder=N_("e.g. despair: 3, picts (press Enter)"),
        )
        quests = [
            (N_("Excalibur"), "excalibur"),
            (N_("Holy Grail"), "grail"),
            (N_("Dragon"), "dragon"),
        ]
        self.finished = tr(
            W.SelectMultiple(
                options=quests, value=options.get("finished", ()), style=style, rows=3
            ),
            description=N_("Quests over"),
            options=quests,
        )
        self.merlin_on = tr(
            W.SelectMultiple(
                options=quests, value=options.get("merlin_on", ()), style=style, rows=3
            ),
            description=N_("Merlin on"),
            options=quests,
        )
        self.mix = tr(
            text_box(options.get("mix", "1: 1/2, 2: 1/4, 3: 1/4"), "", style=style),
            description=N_("Draws per turn"),
        )
        self.named = tr(
            text_box(options.get("named", ""), "", style=style),
            description=N_("Named cards"),
            placeholder=N_("e.g. Mordred, Vivien (press Enter)"),
        )
        drawn_w = set(options.get("witches_drawn", ()))
        asked_w = set(options.get("witches_asked", ()))
        self.witch_drawn: dict[str, W.Checkbox] = {}
        self.witch_asked: dict[str, W.Checkbox] = {}
        witch_rows = []
        for witch in WITCHES:
            drawn_box = tr(
                W.Checkbox(value=witch in drawn_w, indent=False, layout={"width": "auto"}),
                description=N_("drawn"),
            )
            asked_box = tr(
                W.Checkbox(value=witch in asked_w, indent=False, layout={"width": "auto"}),
                description=N_("ask"),
            )
            drawn_box.add_class(f"witch-drawn-{witch}")
            asked_box.add_class(f"witch-asked-{witch}")
            self.witch_drawn[witch], self.witch_asked[witch] = drawn_box, asked_box
            name = W.Label(layout={"width": "130px"})
            name._camelot_witch = witch
            witch_rows.append(row([name, drawn_box, asked_box]))
        self._witch_names = [r.children[0] for r in witch_rows]
        self.witches = W.VBox(
            [
                tr(
                    W.HTML(),
                    value=N_(
                        "<b>Witches</b> (Merlin's Company): <i>drawn</i> - already out of the "
                        "pile since the last rebuild; <i>ask</i> - will she come before it?"
                    ),
                ),
                *witch_rows,
            ],
            layout={"max_width": "100%"},
        )
        self.witches.add_class("exhaustion-witches")
        self.horizon = tr(
            W.IntText(
                value=options.get("horizon", 60),
                style=style,
                layout={"width": "100%", "max_width": "320px"},
            ),
            description=N_("Horizon (turns)"),
        )
        self.first_witch = tr(
            W.Checkbox(
                value=options.get("first_witch", True),
                style={"description_width": "initial"},
                layout={"width": "320px"},
            ),
            description=N_("First Witch rebuilds the decks"),
        )
        self.both_decks = tr(
            W.Dropdown(
                options=list(OTHER_DECK),
                value=options.get("both_decks", next(iter(OTHER_DECK))),
                style=style,
                layout=wide,
            ),
            description=N_("Other deck"),
            options=[(k, k) for k in OTHER_DECK],
        )
        self.other_pile = tr(
            W.IntText(
                value=options.get("other_pile", 0),
                style=style,
                layout={"width": "100%", "max_width": "320px"},
            ),
            description=N_("Other deck's pile (0: assumed)"),
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
            *self.witch_drawn.values(),
            *self.witch_asked.values(),
        ]
        for control in controls:
            control.observe(self._update, names="value")
        self.language = language_box(self)
        super().__init__(
            [
                self.language,
                self.deck,
                self.drawn,
                self.witches,
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

    def _ticked(self, boxes: dict[str, W.Checkbox]) -> tuple[str, ...]:
        return tuple(w for w, box in boxes.items() if box.value)

    def use_position(self, pos: Position) -> None:
        """Read the tracker's position as the deck position: the black deck of the game's box,
        the cards gone from its pile since the last rebuild as "Already drawn" (the witches
        among them ticked "drawn"), the quests that are over, and the finished quest Merlin's
        figure stands on.

        Rules: ``deck.reshuffle-both``, ``deck.finished-quest-cards``.
        """
        check_instance("pos", pos, Position)
        deck = next(k for k, v in DECKS.items() if v == ("black", pos.expansion))
        box = standard_deck("black", expansion=pos.expansion)
        gone = box.minus(pos.black_left)
        witches = {w for w in WITCHES if gone.count(w)}
        others = Deck({c: n for c, n in gone.items() if c not in witches})
        self._holding = True
        try:
            self.deck.value = deck
            self.drawn.value = gone_text(others, Deck({}))
            for witch in WITCHES:
                self.witch_drawn[witch].value = witch in witches
                if witch in witches:
                    self.witch_asked[witch].value = False
            self.finished.value = tuple(
                q for _label, q in self.finished.options if q in pos.quests_over
            )
            # Merlin's figure on a finished quest: its black cards add no engine (JA)
            self.merlin_on.value = tuple(
                q
                for _label, q in self.merlin_on.options
                if q in pos.quests_over and q == pos.merlin
            )
        finally:
            self._holding = False
        self._note_position(pos)
        self._update()

    def _update(self, _change: object = None) -> None:
        if self._holding:
            return
        has_witches = DECKS[self.deck.value] == ("black", True)
        self.witches.layout.display = None if has_witches else "none"
        for label in self._witch_names:
            label.value = display_name(label._camelot_witch, "card")
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
                witches_drawn=self._ticked(self.witch_drawn) if has_witches else (),
                witches_asked=self._ticked(self.witch_asked) if has_witches else (),
            )
        )


def build_exhaustion_widget(**options: Any) -> ExhaustionWidget:
    """Return a ready exhaustion widget."""
    return ExhaustionWidget(**options)
