"""``camelot-rules decks``: every deck with its counts, sources and assumptions."""

from __future__ import annotations

import argparse
from typing import Any

from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import deck_facts, standard_deck
from camelot_rules.front.display import (
    confidence_word,
    text_table,
)


def run_decks(args: argparse.Namespace) -> str:
    from camelot_rules.data.names import display_name

    out = []
    kinds = ["white", "black"] + (["travel"] if args.expansion else [])
    for kind in kinds:
        entries = deck_facts(kind, expansion=args.expansion)
        size = standard_deck(kind, expansion=args.expansion).size
        out.append(_("{deck}: {n} cards").format(deck=display_name(f"{kind}_deck", "term"), n=size))
        rows = [
            [
                display_name(e.name),
                e.count,
                (
                    _("{confidence} (assumption)") if e.confidence.is_assumption else "{confidence}"
                ).format(confidence=confidence_word(e.confidence.value)),
                e.source,
            ]
            for e in entries
        ]
        out.append(text_table([_("card"), _("count"), _("confidence"), _("source")], rows))
    return "\n\n".join(out)


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this command to the command line's sub-commands."""
    p_decks = sub.add_parser("decks", help=_("every deck with counts, sources, assumptions"))
    p_decks.add_argument(
        "--expansion", action="store_true", help=_("Merlin's Company decks (base + expansion)")
    )
    p_decks.set_defaults(run=run_decks)
