"""Helpers the commands share: lists, distribution tables, Fight values, Sir Kay's options."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Mapping
from fractions import Fraction

from camelot_rules.base.i18n import get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.front.display import (
    fmt_fraction,
    fmt_percent,
    text_table,
)


def listed(items: Iterable[str]) -> str:
    """Items one after another: ``a, b`` (Japanese: ``a、b``)."""
    return ("、" if get_language() == "ja" else ", ").join(items)


def dist_table(label: str, dist: Mapping[int, Fraction]) -> str:
    """A distribution as a text table: value, exact probability, percentage."""
    return text_table(
        [label, "P", "%"], [[k, fmt_fraction(p), fmt_percent(p)] for k, p in dist.items()]
    )


def fight_values(text: str) -> list[int]:
    """``"2,5"`` (or ``"2 5"``) -> ``[2, 5]``: Sir Kay's reserve, given as one argument."""
    parts = text.replace(",", " ").split()
    if not parts or not all(p.isascii() and p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(
            _("{text}: expected Fight values separated by commas, e.g. 2,5").format(text=repr(text))
        )
    return [int(p) for p in parts]


def check_kay_options(args: argparse.Namespace) -> None:
    """``--kay`` (Sir Kay is fighting) and ``--kay-reserve`` (his cards) never guess."""
    if args.dealt and (args.kay or args.kay_reserve):
        raise ValueError(_("--dealt has no Sir Kay option (every Fight card is played)"))
    if (args.hand or args.turn) and args.kay_reserve:
        raise ValueError(
            _(
                "with --hand or --turn Sir Kay's reserve is chosen from the hand: "
                "use --kay and list the whole hand"
            )
        )
    if not (args.hand or args.turn or args.dealt) and args.kay and not args.kay_reserve:
        raise ValueError(
            _(
                "--kay alone is for --hand and --turn; for one fight give Sir Kay's cards with "
                "--kay-reserve, e.g. --kay-reserve 2,5"
            )
        )
