"""Helpers the commands share: lists, distribution tables, Fight values, Sir Kay's options."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
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
    """``"2,5"`` (or ``"2 5"``) -> ``[2, 5]``: Sir Kay's reserve, given as one argument. An
    empty place between commas (``1,,1``) is refused, never dropped."""
    if any(not item.strip() for item in text.split(",")) and "," in text:
        raise argparse.ArgumentTypeError(
            _("{text}: an empty value between commas (write each value, e.g. 1,0,1)").format(
                text=repr(text)
            )
        )
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


@contextmanager
def options_named(options: Mapping[str, str]) -> Iterator[None]:
    """Inside the block, a calculator's error that names a parameter (``grails=7: ...``, or
    ``hands: ...`` at its start) names the option the user typed instead (``--laid 7: ...``):
    ``options`` maps each parameter to its option.

    >>> try:
    ...     with options_named({"grails": "--laid"}):
    ...         raise ValueError("grails=7: expected 0..6")
    ... except ValueError as err:
    ...     print(err)
    --laid 7: expected 0..6
    """
    try:
        yield
    except ValueError as err:
        text = str(err)
        for name, option in options.items():
            text = re.sub(rf"(?<![\w-]){re.escape(name)}=", f"{option} ", text)
            text = re.sub(rf"^{re.escape(name)}(?=: )", option, text)  # "hands: 5 knights..."
        if text == str(err):
            raise
        raise ValueError(text) from None
