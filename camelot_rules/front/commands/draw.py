"""``camelot-rules draw``: P(at least k of some cards in n draws)."""

from __future__ import annotations

import argparse
from typing import Any

from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import standard_deck
from camelot_rules.front.commands.common import (
    listed,
)
from camelot_rules.front.display import (
    fmt_chance,
    fmt_prob,
)
from camelot_rules.odds.draws import draw_probability


def run_draw(args: argparse.Namespace) -> str:
    from camelot_rules.data.names import display_name, resolve_card
    from camelot_rules.front.display import assumption_lines

    expansion = args.expansion or args.deck == "travel"
    deck = standard_deck(args.deck, expansion=expansion)
    cards = [resolve_card(name, deck) for name in args.cards]  # printed names; not in deck: error
    p = draw_probability(deck, args.draws, cards, at_least=args.at_least)
    assumed = assumption_lines(args.deck, expansion=expansion)
    see = "`camelot-rules decks" + (" --expansion`" if expansion else "`")
    note = "\n" + (
        _("deck counts: {n} of them below HIGH confidence (assumed); see {command}").format(
            n=len(assumed), command=see
        )
        if assumed
        else _("deck counts: all HIGH confidence")
    )
    names = listed(dict.fromkeys(display_name(c) for c in cards))
    pile = display_name(f"{args.deck}_deck", "term")
    if args.at_least == 1:
        head = _("Drawing {n} from the {deck}, at least one of {cards}: {chance}.")
    else:
        head = _("Drawing {n} from the {deck}, at least {k} of {cards}: {chance}.")
    return (
        head.format(n=args.draws, deck=pile, k=args.at_least, cards=names, chance=fmt_chance(p))
        + "\n"
        + _("P(at least {k} of {cards} in {n} cards from the {deck} of {size}) = {p}").format(
            k=args.at_least,
            cards=names,
            n=args.draws,
            deck=display_name(f"{args.deck}_deck", "term"),
            size=deck.size,
            p=fmt_prob(p, 2),
        )
        + note
    )


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this command to the command line's sub-commands."""
    p_draw = sub.add_parser("draw", help=_("P(at least k of some cards in n draws)"))
    p_draw.add_argument("deck", choices=["white", "black", "travel"], help=_("which deck"))
    p_draw.add_argument("draws", type=int, help=_("how many cards are drawn"))
    p_draw.add_argument(
        "cards",
        nargs="+",
        help=_("the cards wanted: printed names (English, Japanese, Spanish) or ids"),
    )
    p_draw.add_argument(
        "--at-least", type=int, default=1, help=_("how many of them at least (default 1)")
    )
    p_draw.add_argument(
        "--expansion", action="store_true", help=_("Merlin's Company decks (base + expansion)")
    )
    p_draw.set_defaults(run=run_draw)
