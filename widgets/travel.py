"""The travel widget: the travel deck as it stands, the knight's hand, and the risk ahead."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from camelot_rules.cards import Deck, standard_deck
from camelot_rules.checks import check_bool, check_text
from camelot_rules.display import fmt_percent, fmt_prob, html_bars, html_table, text_table
from camelot_rules.parsing import parse_counts
from camelot_rules.travel import next_trip_risk, remaining_travel_deck, trips_distribution
from widgets.common import Rendered, result_box, safe_render

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
) -> Rendered:
    """Return (html, text): next-trip risk and the n-trip plan (JA travel rules)."""
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
    can_meet = {"charged": fight_3_plus, "lost": grail, "ambushed": fight_pair}
    risk = next_trip_risk(left, composition=full, can_meet=can_meet, grail_open=grail_open)
    plan = trips_distribution(
        left, trips, composition=full, can_meet=can_meet, grail_open=grail_open
    )
    kind_rows = [[k, str(p), fmt_percent(p)] for k, p in risk.by_kind.items() if p]
    out_rows = [[k, str(p), fmt_percent(p)] for k, p in risk.outcomes.items()]
    p_cap = 1 - plan.captures.get(0, 0)
    p_fail = 1 - plan.failed.get(0, 0)
    lines = [
        f"Travel deck: {left.size} cards left of {full.size}"
        + (" - empty, the next trip reshuffles a fresh deck" if risk.reshuffled else ""),
        f"In {trips} trip(s): P(captured at least once) = {fmt_prob(p_cap)}; "
        f"P(a move fails at least once) = {fmt_prob(p_fail)}; "
        f"P(Merlin has arrived) = {fmt_prob(plan.merlin_by_trip[trips])}",
    ]
    lines += [f"Assumption: {a}" for a in plan.assumptions]
    html = (
        "".join(f"<div>{line}</div>" for line in lines)
        + "<div><b>Next trip</b></div>"
        + html_table(["outcome", "P", "%"], out_rows, css="travel-outcomes")
        + html_bars([(k, p) for k, p in risk.outcomes.items()])
        + html_table(["card", "P", "%"], kind_rows, css="travel-kinds")
    )
    text = (
        "\n".join(lines[:2])
        + "\nNext trip:\n"
        + text_table(["outcome", "P", "%"], out_rows)
        + "\n"
        + "\n".join(lines[2:])
    )
    return html, text


class TravelWidget(W.VBox):  # type: ignore[misc]
    """Composition (default assumed), cards seen, hand facts, trips; result in ``.result``."""

    def __init__(self, **options: Any) -> None:
        style = {"description_width": "130px"}
        wide = {"width": "640px"}
        self.composition = W.Text(
            value=options.get("composition", DEFAULT_MIX),
            description="Deck (assumed)",
            style=style,
            layout=wide,
        )
        self.seen = W.Text(
            value=options.get("seen", ""),
            description="Seen since shuffle",
            placeholder="e.g. captured, vision: 2",
            style=style,
            layout=wide,
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
            value=options.get("trips", 5), min=1, max=20, description="Trips", style=style
        )
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
        ]
        for control in controls:
            control.observe(self._update, names="value")
        super().__init__(
            [
                self.composition,
                self.seen,
                W.HBox([self.grail, self.fight_pair, self.fight_3_plus]),
                W.HBox([self.grail_open, self.trips]),
                self.result,
            ]
        )
        self._update()

    def _update(self, _change: object = None) -> None:
        self.result.value, self.text = safe_render(
            lambda: render_travel(
                composition=self.composition.value,
                seen=self.seen.value,
                grail=self.grail.value,
                fight_pair=self.fight_pair.value,
                fight_3_plus=self.fight_3_plus.value,
                grail_open=self.grail_open.value,
                trips=self.trips.value,
            )
        )


def build_travel_widget(**options: Any) -> TravelWidget:
    """Return a ready travel widget."""
    return TravelWidget(**options)
