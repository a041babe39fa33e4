"""The travel widget: the travel deck as it stands, the knight's hand, and the risk ahead."""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as W

from camelot_rules.base.checks import check_bool, check_instance, check_text
from camelot_rules.base.i18n import LANGUAGES, N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.data.names import display_name
from camelot_rules.front.display import (
    capture_verdict,
    exact_fractions,
    fmt_fraction,
    fmt_percent,
    fmt_prob,
    html_answer,
    html_bars,
    html_table,
    text_answer,
    text_table,
)
from camelot_rules.front.parsing import parse_counts
from camelot_rules.logs.tracker import Position
from camelot_rules.odds.travel import next_trip_risk, remaining_travel_deck, trips_distribution
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
from widgets.svg import svg_lines
from widgets.tracker import ReadsPosition, gone_text

__all__ = [
    "DEFAULT_MIX",
    "OUTCOMES",
    "TravelWidget",
    "build_travel_widget",
    "printed_mix",
    "render_travel",
    "seen_text",
]

DEFAULT_MIX = ", ".join(f"{k}: {n}" for k, n in standard_deck("travel", expansion=True).items())
MAX_TRIPS = 40


def printed_mix(lang: str | None = None) -> str:
    """The default travel deck by its printed names in ``lang`` (default: the language in
    force), as the composition box shows it (the box takes ids or printed names).

    >>> printed_mix("en")[:36]
    'Ambushed!: 2, Captured!: 2, Charged!'
    """
    deck = standard_deck("travel", expansion=True)
    return ", ".join(f"{display_name(k, lang=lang)}: {n}" for k, n in deck.items())


# What a trip comes to (camelot_rules.odds.travel's outcomes), as a player reads it.
OUTCOMES = {
    "moved": N_("moved"),
    "redirected": N_("redirected"),
    "failed": N_("failed"),
    "captured": N_("captured"),
}


def _note_error(message: str) -> str:
    return (
        "<div class='camelot-error' style='color:#a40000'>"
        + html.escape(message, quote=False)
        + "</div>"
    )


def _outcome(key: str) -> str:
    return _(OUTCOMES[key]) if key in OUTCOMES else key


def seen_text(counts: Mapping[str, int]) -> str:
    """The cards seen as the "Seen since shuffle" box writes them (ids, in the deck's order).

    >>> seen_text({"vision": 2, "captured": 1, "lost": 0})
    'vision: 2, captured: 1'
    """
    return ", ".join(f"{card}: {n}" for card, n in counts.items() if n > 0)


def _counts(name: str, text: object) -> dict[str, int]:
    """``card: count`` pairs typed in a box; an error names the box."""
    try:
        return parse_counts(check_text(name, text))
    except ValueError as err:
        raise ValueError(err if str(err).startswith(f"{name}") else f"{name}: {err}") from None


def render_travel(
    *,
    composition: str = DEFAULT_MIX,
    seen: str = "",
    grail: bool = False,
    fight_pair: bool = False,
    fight_3_plus: bool = False,
    grail_open: bool = True,
    trips: object = 5,
    exact: bool = False,
    captured_held: object = 0,
) -> Rendered:
    """Return (html, text): a verdict (the chance of being captured on the way), the next
    trip's risk and the n-trip plan, then the assumptions folded away (JA travel rules).
    ``exact`` prints every fraction whole. ``captured_held`` Captured! cards lie under other
    knights' figures: they stay out of a reshuffle (JA travel rules, Captured!).

    Rules: ``travel.cards``, ``travel.demands``, ``travel.captured``, ``travel.reshuffle``.
    """
    for name, flag in (
        ("grail", grail),
        ("fight_pair", fight_pair),
        ("fight_3_plus", fight_3_plus),
        ("grail_open", grail_open),
    ):
        check_bool(name, flag)
    full = Deck(_counts("composition", composition))
    if full.size == 0:
        raise ValueError("the travel deck composition is empty")
    left = remaining_travel_deck(Deck(_counts("seen", seen)), composition=full)
    if isinstance(trips, bool) or not isinstance(trips, int) or not 1 <= trips <= MAX_TRIPS:
        raise ValueError(f"trips={trips!r}: expected 1..{MAX_TRIPS}")
    check_bool("exact", exact)
    if (
        isinstance(captured_held, bool)
        or not isinstance(captured_held, int)
        or not 0 <= captured_held <= full.count("captured")
    ):
        raise ValueError(
            f"captured_held={captured_held!r:.40}: the Captured! cards under figures, expected "
            f"0..{full.count('captured')} (the deck's Captured! cards)"
        )
    can_meet = {"charged": fight_3_plus, "lost": grail, "ambushed": fight_pair}
    with exact_fractions(exact):
        return _render(left, full, trips, can_meet, grail_open, captured_held)


def _render(
    left: Deck,
    full: Deck,
    trips: int,
    can_meet: dict[str, bool],
    grail_open: bool,
    held: int = 0,
) -> Rendered:
    risk = next_trip_risk(
        left, composition=full, can_meet=can_meet, grail_open=grail_open, captured_held=held
    )
    plan = trips_distribution(
        left,
        trips,
        composition=full,
        can_meet=can_meet,
        grail_open=grail_open,
        captured_held=held,
    )
    kind_rows = [
        [display_name(k, "card"), fmt_fraction(p), fmt_percent(p)]
        for k, p in risk.by_kind.items()
        if p
    ]
    out_rows = [[_outcome(k), fmt_fraction(p), fmt_percent(p)] for k, p in risk.outcomes.items()]
    p_cap = 1 - plan.captures.get(0, Fraction(0))
    p_fail = 1 - plan.failed.get(0, Fraction(0))
    verdict = capture_verdict(p_cap, trips)
    lines = [
        _("Travel deck: {left} cards left of {full}").format(left=left.size, full=full.size)
        + (_(" - empty, the next trip reshuffles a fresh deck") if risk.reshuffled else ""),
        _(
            "In {trips} trip(s): P(captured at least once) = {cap}; "
            "P(a move fails at least once) = {fail}; P(Merlin has arrived) = {merlin}"
        ).format(
            trips=trips,
            cap=fmt_prob(p_cap),
            fail=fmt_prob(p_fail),
            merlin=fmt_prob(plan.merlin_by_trip[trips]),
        ),
    ]
    assumes = list(plan.assumptions)
    out_headers = [_("outcome"), "P", "%"]
    # the curves over the trips: captured at least once by trip t, Merlin arrived by trip t
    # (at most about 12 points of the capture curve: each is a whole trips_distribution)
    step = max(1, -(-trips // 12))
    captured = {0: Fraction(0)}
    for t in sorted({*range(step, trips, step), trips}):
        by_t = (
            plan
            if t == trips
            else trips_distribution(
                left,
                t,
                composition=full,
                can_meet=can_meet,
                grail_open=grail_open,
                captured_held=held,
            )
        )
        captured[t] = 1 - by_t.captures.get(0, Fraction(0))
    chart = svg_lines(
        [
            (_("captured at least once"), captured),
            (_("Merlin has arrived"), {0: Fraction(0), **plan.merlin_by_trip}),
        ],
        xlabel=_("trips from now"),
        aria="chance over the next trips",
    )
    body = (
        "".join(f"<div>{line}</div>" for line in lines)
        + f"<div class='travel-plot'>{chart}</div>"
        + "<div><b>"
        + _("Next trip")
        + "</b></div>"
        + html_table(out_headers, out_rows, css="travel-outcomes")
        + html_bars([(_outcome(k), p) for k, p in risk.outcomes.items()])
        + html_table([_("card"), "P", "%"], kind_rows, css="travel-kinds")
    )
    text_body = "\n".join(lines) + "\n" + _("Next trip") + ":\n" + text_table(out_headers, out_rows)
    return html_answer(verdict, body, assumes), text_answer(verdict, text_body, assumes)


class TravelWidget(AnswerRepr, ReadsPosition, W.VBox):  # type: ignore[misc]
    """Composition (default assumed), cards seen, hand facts, trips; result in ``.result``.

    The travel cards seen since the shuffle are picked with one button per kind of card in the
    deck (its printed name and how many are left; ``.pick(card)`` is a click), "Take back the
    last" and "Clear"; the typed box shows the same cards and still takes printed names.
    ``use_position`` reads the game tracker's position: the travel cards gone since the last
    reshuffle and the Captured! cards under figures."""

    def __init__(self, **options: Any) -> None:
        self._holding = False
        self._picked: list[str] = []  # the cards picked by button, in order (for "take back")
        self.tracker_note = W.HTML()
        style = {"description_width": "130px"}
        # a text area: the sixteen cards' composition wraps on a phone instead of being cut
        self.composition = tr(
            W.Textarea(
                value=options.get("composition", printed_mix()),
                continuous_update=False,
                rows=2,
                style=style,
                layout={"width": "100%", "max_width": "640px"},
            ),
            description=N_("Deck (assumed)"),
            tooltip=N_(
                "the travel deck's cards and counts, e.g. Captured!: 2 (applied when you leave "
                "the box)"
            ),
        )
        self.composition.add_class("travel-composition")
        self.seen = tr(
            text_box(options.get("seen", ""), "", style=style),
            description=N_("Seen since shuffle"),
            placeholder=N_("e.g. Captured!, Vision: 2 (press Enter)"),
        )
        self.card_buttons: dict[str, W.Button] = {}
        self.card_row = row([])
        self.card_row.add_class("travel-cards")
        self.take_back = tr(W.Button(icon="undo"), description=N_("Take back the last"))
        self.clear = tr(W.Button(icon="times"), description=N_("Clear"))
        self.take_back.add_class("travel-take-back")
        self.clear.add_class("travel-clear")
        self.pick_note = W.HTML()
        self.pick_note.add_class("travel-pick-note")
        self.grail = tr(
            W.Checkbox(value=options.get("grail", False)), description=N_("has a Grail card")
        )
        self.fight_pair = tr(
            W.Checkbox(value=options.get("fight_pair", False)), description=N_("has a Fight pair")
        )
        self.fight_3_plus = tr(
            W.Checkbox(value=options.get("fight_3_plus", False)), description=N_("has a Fight 3+")
        )
        self.grail_open = tr(
            W.Checkbox(value=options.get("grail_open", True)), description=N_("Grail quest open")
        )
        self.trips = tr(
            W.IntSlider(
                value=options.get("trips", 5),
                min=1,
                max=20,
                continuous_update=False,
                style={"description_width": "initial"},
                layout={"width": "100%", "max_width": "320px"},
            ),
            description=N_("Trips"),
        )
        self.captured_held = tr(
            W.BoundedIntText(
                value=options.get("captured_held", 0),
                min=0,
                max=standard_deck("travel", expansion=True).count("captured"),
                style={"description_width": "initial"},
                layout={"width": "100%", "max_width": "260px"},
            ),
            description=N_("Captured! cards under figures"),
            tooltip=N_(
                "Captured! cards held under captured knights' figures stay out of a reshuffle"
            ),
        )
        self.captured_held.add_class("travel-captured-held")
        self.exact = exact_box(options.get("exact", False))
        self.result = result_box("travel-result")
        self.text = ""
        controls = [
            self.composition,
            self.seen,
            self.grail,
            self.fight_pair,
            self.fight_3_plus,
            self.grail_open,
            self.trips,
            self.captured_held,
            self.exact,
        ]
        for control in controls:
            control.observe(self._update, names="value")
        self.seen.observe(self._typed, names="value")
        self.take_back.on_click(lambda _b: self.take_back_last())
        self.clear.on_click(lambda _b: self.clear_seen())
        self.language = language_box(self)
        super().__init__(
            [
                self.language,
                self.composition,
                tr(
                    W.HTML(),
                    value=N_(
                        "<b>Travel cards seen since the shuffle</b> (click one as it is drawn):"
                    ),
                ),
                self.card_row,
                row([self.take_back, self.clear]),
                self.pick_note,
                self.seen,
                row([self.grail, self.fight_pair, self.fight_3_plus]),
                row([self.grail_open, self.trips, self.exact]),
                row([self.captured_held]),
                self.tracker_note,
                self.result,
            ],
            layout={"max_width": "100%"},
        )
        self._update()

    # -- the card buttons -------------------------------------------------------------------

    def _deck(self) -> Deck:
        return Deck(parse_counts(check_text("composition", self.composition.value)))

    def _seen_counts(self) -> dict[str, int]:
        return parse_counts(check_text("seen", self.seen.value))

    def pick(self, card: str) -> None:
        """One ``card`` drawn (a click on its button): it joins the cards seen; a card the
        deck no longer holds is refused with a message in place and nothing changes."""
        self.pick_note.value = ""
        try:
            deck, seen = self._deck(), self._seen_counts()
        except ValueError as err:
            self.pick_note.value = _note_error(str(err))
            return
        name = display_name(card, "card")
        if seen.get(card, 0) >= deck.count(card):
            self.pick_note.value = _note_error(
                _(
                    "No {card} left to draw: the deck holds {n} and all are already seen. "
                    "Take one back or check the deck."
                ).format(card=name, n=deck.count(card))
            )
            return
        seen[card] = seen.get(card, 0) + 1
        self._picked.append(card)
        self._set_seen(seen)

    def take_back_last(self) -> None:
        """Take back the card picked last (or, after typing, one of the last card listed)."""
        self.pick_note.value = ""
        try:
            seen = self._seen_counts()
        except ValueError as err:
            self.pick_note.value = _note_error(str(err))
            return
        while self._picked and not seen.get(self._picked[-1], 0):
            self._picked.pop()
        card = self._picked.pop() if self._picked else next(reversed(seen), "")
        if not card:
            self.pick_note.value = _note_error(_("No travel card seen: nothing to take back."))
            return
        seen[card] -= 1
        self._set_seen(seen)

    def clear_seen(self) -> None:
        """No travel card seen since the shuffle."""
        self.pick_note.value = ""
        self._picked.clear()
        self._set_seen({})

    def _set_seen(self, seen: Mapping[str, int]) -> None:
        text = seen_text(seen)
        if text == self.seen.value:
            self._refresh_buttons()
        self.seen.value = text  # answers through _update, like a typed line

    def _typed(self, _change: object = None) -> None:
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        """One button per kind of card in the deck: its printed name and how many are left."""
        try:
            deck = self._deck()
            seen = self._seen_counts()
        except ValueError:
            return  # the answer says what is wrong; the buttons keep their last state
        if list(self.card_buttons) != list(deck.names()):
            self.card_buttons = {}
            for card in deck.names():
                button = W.Button(layout={"width": "auto"})
                button.add_class("travel-card")
                button.add_class(f"travel-card-{card}")
                button.on_click(lambda _b, c=card: self.pick(c))
                self.card_buttons[card] = button
            self.card_row.children = tuple(self.card_buttons.values())
        for card, button in self.card_buttons.items():
            left = max(0, deck.count(card) - seen.get(card, 0))
            button.description = _("{card}: {n} left").format(
                card=display_name(card, "card"), n=left
            )
            button.button_style = "" if left else "warning"

    # -- the tracker and the answer ---------------------------------------------------------

    def use_position(self, pos: Position) -> None:
        """Read the tracker's position: the travel cards gone since the last reshuffle (drawn,
        or held under a figure when it was reshuffled) become the cards seen (the buttons
        count them); the Captured! cards under figures now stay out of the next reshuffle. A
        base game has no travel deck: that is said, and nothing changes.

        Rules: ``travel.reshuffle``, ``travel.captured``.
        """
        check_instance("pos", pos, Position)
        if pos.travel_left is None:
            self._note_position(pos, _("A base game has no travel cards (Merlin's Company)"))
            return
        box = standard_deck("travel", expansion=True)
        self._holding = True
        try:
            self._picked.clear()
            self.pick_note.value = ""
            self.seen.value = gone_text(box, pos.travel_left)
            self.captured_held.value = pos.captured_held
            self.grail_open.value = "grail" not in pos.quests_over  # Vision needs the Grail
        finally:
            self._holding = False
        self._note_position(
            pos, _("set what the moving knight's hand holds: the tracker does not see it")
        )
        self._update()

    def _update(self, _change: object = None) -> None:
        if self._holding:
            return
        if self.composition.value in {printed_mix(lang) for lang in LANGUAGES}:
            self._holding = True  # the default deck's printed names follow the language
            try:
                self.composition.value = printed_mix()
            finally:
                self._holding = False
        self._refresh_buttons()
        show_busy(self.result)  # a large hand or a long horizon takes a second
        self.result.value, self.text = safe_render(
            lambda: render_travel(
                composition=self.composition.value,
                seen=self.seen.value,
                grail=self.grail.value,
                fight_pair=self.fight_pair.value,
                fight_3_plus=self.fight_3_plus.value,
                grail_open=self.grail_open.value,
                trips=self.trips.value,
                exact=self.exact.value,
                captured_held=self.captured_held.value,
            )
        )


def build_travel_widget(**options: Any) -> TravelWidget:
    """Return a ready travel widget."""
    return TravelWidget(**options)
