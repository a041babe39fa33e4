"""The travel widget: the travel deck as it stands, the knight's hand, and the risk ahead."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as W

from camelot_rules.cards import Deck, standard_deck
from camelot_rules.checks import check_bool, check_instance, check_text
from camelot_rules.display import (
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
from camelot_rules.parsing import parse_counts
from camelot_rules.tracker import Position
from camelot_rules.travel import next_trip_risk, remaining_travel_deck, trips_distribution
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

__all__ = ["DEFAULT_MIX", "TravelWidget", "build_travel_widget", "render_travel"]

DEFAULT_MIX = ", ".join(f"{k}: {n}" for k, n in standard_deck("travel", expansion=True).items())
MAX_TRIPS = 40


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
    full = Deck(parse_counts(check_text("composition", composition)))
    if full.size == 0:
        raise ValueError("the travel deck composition is empty")
    left = remaining_travel_deck(Deck(parse_counts(check_text("seen", seen))), composition=full)
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
    kind_rows = [[k, fmt_fraction(p), fmt_percent(p)] for k, p in risk.by_kind.items() if p]
    out_rows = [[k, fmt_fraction(p), fmt_percent(p)] for k, p in risk.outcomes.items()]
    p_cap = 1 - plan.captures.get(0, Fraction(0))
    p_fail = 1 - plan.failed.get(0, Fraction(0))
    verdict = capture_verdict(p_cap, trips)
    lines = [
        f"Travel deck: {left.size} cards left of {full.size}"
        + (" - empty, the next trip reshuffles a fresh deck" if risk.reshuffled else ""),
        f"In {trips} trip(s): P(captured at least once) = {fmt_prob(p_cap)}; "
        f"P(a move fails at least once) = {fmt_prob(p_fail)}; "
        f"P(Merlin has arrived) = {fmt_prob(plan.merlin_by_trip[trips])}",
    ]
    assumes = list(plan.assumptions)
    body = (
        "".join(f"<div>{line}</div>" for line in lines)
        + "<div><b>Next trip</b></div>"
        + html_table(["outcome", "P", "%"], out_rows, css="travel-outcomes")
        + html_bars([(k, p) for k, p in risk.outcomes.items()])
        + html_table(["card", "P", "%"], kind_rows, css="travel-kinds")
    )
    text_body = "\n".join(lines) + "\nNext trip:\n" + text_table(["outcome", "P", "%"], out_rows)
    return html_answer(verdict, body, assumes), text_answer(verdict, text_body, assumes)


class TravelWidget(AnswerRepr, ReadsPosition, W.VBox):  # type: ignore[misc]
    """Composition (default assumed), cards seen, hand facts, trips; result in ``.result``.
    ``use_position`` reads the game tracker's position: the travel cards gone since the last
    reshuffle and the Captured! cards under figures."""

    def __init__(self, **options: Any) -> None:
        self._holding = False
        self.tracker_note = W.HTML()
        style = {"description_width": "130px"}
        self.composition = text_box(
            options.get("composition", DEFAULT_MIX), "Deck (assumed)", style=style
        )
        self.seen = text_box(
            options.get("seen", ""),
            "Seen since shuffle",
            placeholder="e.g. captured, vision: 2 (press Enter)",
            style=style,
        )
        self.grail = W.Checkbox(value=options.get("grail", False), description="has a Grail card")
        self.fight_pair = W.Checkbox(
            value=options.get("fight_pair", False), description="has a Fight pair"
        )
        self.fight_3_plus = W.Checkbox(
            value=options.get("fight_3_plus", False), description="has a Fight 3+"
        )
        self.grail_open = W.Checkbox(
            value=options.get("grail_open", True), description="Grail quest open"
        )
        self.trips = W.IntSlider(
            value=options.get("trips", 5),
            min=1,
            max=20,
            description="Trips",
            continuous_update=False,
            style={"description_width": "50px"},
            layout={"width": "100%", "max_width": "320px"},
        )
        self.captured_held = W.BoundedIntText(
            value=options.get("captured_held", 0),
            min=0,
            max=standard_deck("travel", expansion=True).count("captured"),
            description="Captured! under figures",
            style={"description_width": "initial"},
            layout={"width": "100%", "max_width": "240px"},
        )
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
        super().__init__(
            [
                self.composition,
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

    def use_position(self, pos: Position) -> None:
        """Read the tracker's position: the travel cards gone since the last reshuffle (drawn,
        or held under a figure when it was reshuffled) become "Seen since shuffle"; the
        Captured! cards under figures now stay out of the next reshuffle. A base game has no
        travel deck: that is said, and nothing changes.

        Rules: ``travel.reshuffle``, ``travel.captured``.
        """
        check_instance("pos", pos, Position)
        if pos.travel_left is None:
            self._note_position(pos, "A base game has no travel cards (Merlin's Company)")
            return
        box = standard_deck("travel", expansion=True)
        self._holding = True
        try:
            self.seen.value = gone_text(box, pos.travel_left)
            self.captured_held.value = pos.captured_held
        finally:
            self._holding = False
        self._note_position(pos)
        self._update()

    def _update(self, _change: object = None) -> None:
        if self._holding:
            return
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
