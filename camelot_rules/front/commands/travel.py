"""``camelot-rules travel``: travel-card risk (Merlin's Company)."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import standard_deck
from camelot_rules.front import charts
from camelot_rules.front.commands.common import (
    dist_table,
)
from camelot_rules.front.display import (
    capture_verdict,
    fmt_fraction,
    fmt_percent,
    fmt_prob,
    text_table,
)


def run_travel(args: argparse.Namespace) -> str:
    from camelot_rules.data.decks import Deck
    from camelot_rules.front.parsing import parse_counts
    from camelot_rules.odds.travel import (
        draws_travel_card,
        next_trip_risk,
        remaining_travel_deck,
        trips_distribution,
    )

    if args.move:
        rule = draws_travel_card(args.move)
        verdict = _("draws a travel card") if rule.draws_travel_card else _("draws no travel card")
        return f"{args.move}: {verdict} - {_(rule.statement)} ({rule.source})"
    full = Deck(parse_counts(args.composition)) if args.composition else None
    box = full if full is not None else standard_deck("travel", expansion=True)
    left = remaining_travel_deck(Deck(parse_counts(args.seen, box)), composition=full)
    can_meet = {"lost": args.grail, "ambushed": args.fight_pair, "charged": args.fight_3_plus}
    held = args.captured_held
    if held < 0:
        raise ValueError(
            _("--captured-held {n}: expected 0 or more Captured! cards").format(n=held)
        )
    risk = next_trip_risk(
        left,
        composition=full,
        can_meet=can_meet,
        grail_open=not args.grail_over,
        captured_held=held,
    )
    outcome_words = {
        "moved": _("moved"),
        "redirected": _("redirected"),
        "failed": _("failed"),
        "captured": _("captured"),
    }
    out = [
        capture_verdict(risk.outcomes.get("captured", Fraction(0)), 1),
        (
            _("next trip ({n} travel cards left, reshuffled first):")
            if risk.reshuffled
            else _("next trip ({n} travel cards left):")
        ).format(n=left.size),
        text_table(
            [_("outcome"), "P", "%"],
            [
                [outcome_words.get(k, k), fmt_fraction(p), fmt_percent(p)]
                for k, p in risk.outcomes.items()
            ],
        ),
    ]
    if args.trips:
        plan = trips_distribution(
            left,
            args.trips,
            composition=full,
            can_meet=can_meet,
            grail_open=not args.grail_over,
            captured_held=held,
        )
        charts.show(charts.trips_chart(plan))  # the web page draws it
        out[0] = capture_verdict(1 - plan.captures.get(0, Fraction(0)), args.trips)
        out.append(_("over {n} trips:").format(n=args.trips))
        out.append(dist_table(_("captures"), plan.captures))
        out.append(dist_table(_("failed moves"), plan.failed))
        out.append(
            _("P(Merlin has arrived) = {p}").format(p=fmt_prob(plan.merlin_by_trip[args.trips]))
        )
        out += [_("assumption: {text}").format(text=a) for a in plan.assumptions]
    else:
        out += [_("assumption: {text}").format(text=a) for a in risk.assumptions]
    return "\n".join(out)


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this command to the command line's sub-commands."""
    p_travel = sub.add_parser("travel", help=_("travel-card risk (Merlin's Company)"))
    p_travel.add_argument("--seen", default="", help=_("travel cards seen since the reshuffle"))
    p_travel.add_argument("--composition", default="", help=_("your 16-card mix (default assumed)"))
    p_travel.add_argument("--grail", action="store_true", help=_("the knight holds a Grail card"))
    p_travel.add_argument(
        "--fight-pair", action="store_true", help=_("holds a pair of Fight cards")
    )
    p_travel.add_argument("--fight-3-plus", action="store_true", help=_("holds a Fight card 3+"))
    p_travel.add_argument("--grail-over", action="store_true", help=_("the Grail quest is over"))
    p_travel.add_argument("--trips", type=int, default=None, help=_("plan n trips"))
    p_travel.add_argument("--move", default=None, help=_("does this move draw? e.g. knight_power"))
    p_travel.add_argument(
        "--captured-held",
        type=int,
        default=0,
        help=_("Captured! cards lying under figures: they stay out of a reshuffle (JA)"),
    )
    p_travel.set_defaults(run=run_travel)
