"""The ``camelot-rules`` terminal front end over the same calculators.

Examples::

    camelot-rules siege 3 4                 # P(win) with Fight 3 + Fight 4
    camelot-rules siege 3 --excalibur --kay-reserve 2,5  # Sir Kay keeps a 2 and a 5
    camelot-rules siege --hand 5 4 3 1      # the hand advisor's table
    camelot-rules siege --hand --kay 5 1    # ... Sir Kay's splits of the hand
    camelot-rules siege --turn 5 4 3 --life 3
    camelot-rules siege --dealt --expansion # P(win) by dealt hand size
    camelot-rules draw white 2 grail        # P(at least one Grail in a Round Table draw)
    camelot-rules deck black --expansion --mix "1: 1/2, 2: 1/2" --cards morgan_witch_2
    camelot-rules deck black --finished dragon --turns 10   # engines from the dead Dragon
    camelot-rules deck black --expansion --other-pile 30 # both rebuilt (RB p.10); --one-deck
    camelot-rules travel --seen "captured, vision" --grail --trips 5
    camelot-rules travel --move knight_power  # does this move draw a travel card?
    camelot-rules verify game.log --stats   # replay a play log against the rules
    camelot-rules decks --expansion         # every deck, with its assumptions
    camelot-rules quest combat lancelot --whites 4 5 5 --black-hidden 4  # P(knights win)
    camelot-rules quest next black-knight --whites 3 3 --hand 5 1 3 --black-hidden 2
    camelot-rules quest war picts --fights 2 --hand 3 4 --actions 7
    camelot-rules quest grail --laid 3 --despair 2 --hands 2,1 --turns 6
    camelot-rules quest war-race picts --fights 2 --warriors 1 --hand 3,4 --hand 5 --turns 8
    camelot-rules simulate --players 5 --games 1000 --seed 11 --workers 2 --csv out.csv
    camelot-rules simulate --games 1000 --sweep traitor=standard,none --plot traitor.png
    camelot-rules advise game.json --seconds 10  # what now? a saved game's actions ranked
    camelot-rules advise game.json --where       # where should I go? (exact, this turn)
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from contextvars import ContextVar
from typing import Any

from camelot_rules.base.i18n import LANGUAGES, N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.front.commands import (
    advise,
    deck,
    decks,
    draw,
    quest,
    siege,
    simulate,
    travel,
    verify,
)

__all__ = [
    "NO_PAGE",
    "Formatter",
    "Parser",
    "add_link_option",
    "build_parser",
    "display_width",
    "leaves",
    "subparsers",
]

# argparse's own words (usage, section titles, its errors), in the CLI's language: argparse looks
# each up with its module-level ``_``; while the CLI runs (a context variable, so other threads
# and other users of argparse keep English) that lookup goes to our catalogs
_ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("can't open '%(filename)s': %(error)s"),
)
IN_CLI: ContextVar[bool] = ContextVar("camelot_rules_cli", default=False)
_ARGPARSE_GETTEXT = argparse._  # type: ignore[attr-defined]


def _argparse_gettext(message: str) -> str:
    """argparse's lookup: ours inside the CLI (for the messages above), its own elsewhere."""
    if IN_CLI.get() and message in _ARGPARSE_MESSAGES:
        return _(message)
    return str(_ARGPARSE_GETTEXT(message))


argparse._ = _argparse_gettext  # type: ignore[attr-defined]


# Japanese help texts are wrapped by the columns they take on a terminal (a kanji or kana is
# two columns wide; argparse counts characters, so its lines ran past the edge and the usage's
# continuation lines sat 3 columns off); texts without wide characters are left to argparse.
_WIDE_OR_WORD = re.compile(
    r"\s+|[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+"
)
_NO_LINE_START = frozenset("、。，．）」』：；！？・ー")


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal (wide and full-width characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _wrap_wide(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns: broken between words and between wide
    characters, never before closing punctuation (that goes on the line before)."""
    lines: list[str] = []
    line = ""
    for token in _WIDE_OR_WORD.findall(" ".join(text.split())):
        if token.isspace():
            if line:
                line += " "
            continue
        fits = display_width(line + token) <= width
        if fits or not line.strip() or token in _NO_LINE_START:
            line += token
        else:
            lines.append(line.rstrip())
            line = token
    if line.strip():
        lines.append(line.rstrip())
    return lines


class Formatter(argparse.HelpFormatter):
    """argparse's help layout, measured in terminal columns when a text has wide characters."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        if display_width(text) == len(text):
            return super()._split_lines(text, width)
        return _wrap_wide(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if display_width(text) == len(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in _wrap_wide(text, width - len(indent)))

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any) -> str:
        shown = prefix if prefix is not None else argparse._("usage: ")  # type: ignore[attr-defined]
        extra = display_width(shown) - len(shown)
        if extra <= 0:
            return super()._format_usage(usage, actions, groups, prefix)
        # argparse measures the prefix in characters: lay the usage out in the columns its
        # prefix leaves, then shift the continuation lines by the columns it lacked
        self._width -= extra
        try:
            text = super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += extra
        return "\n".join(
            " " * extra + line if line.startswith(" ") and line.strip() else line
            for line in text.split("\n")
        )


class Parser(argparse.ArgumentParser):
    """An ArgumentParser (and its subcommands' parsers) with :class:`Formatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)


def _package_version() -> str:
    """The installed package's version (the source's own when it is not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("camelot-rules")
    except PackageNotFoundError:  # pragma: no cover - a bare checkout, never installed
        return "(not installed: pip install -e .)"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for tests and docs)."""
    parser = Parser(
        prog="camelot-rules",
        description=_("Exact odds for Shadows over Camelot and Merlin's Company."),
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=_("language of the answers: en, ja or es (default: from LANG, else en)"),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"camelot-rules {_package_version()}",
        help=_("show the version and exit"),
    )
    sub = parser.add_subparsers(dest="command", required=True)
    siege.add_parser(sub)
    draw.add_parser(sub)
    deck.add_parser(sub)
    travel.add_parser(sub)
    verify.add_parser(sub)
    decks.add_parser(sub)
    quest.add_parser(sub)
    simulate.add_parser(sub)
    advise.add_parser(sub)
    add_link_option(parser)  # --link on every command with a web page (issue 19)
    parser.add_argument(  # read by main() anywhere on the line (issue 18)
        "--exact",
        action="store_true",
        help=_("print every probability as its whole fraction, however long (any position)"),
    )
    return parser


# simulations: not a web answer (``advise`` has a page for its exact part, ``--where``: see
# camelot_rules.front.links.PAGE_FIXED)
NO_PAGE = frozenset({"simulate"})


def subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction[Any] | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    return None


def leaves(parser: argparse.ArgumentParser, prefix: str = "") -> dict[str, argparse.ArgumentParser]:
    """Every runnable command of ``parser``: page name -> its (sub-)parser."""
    found: dict[str, argparse.ArgumentParser] = {}
    sub = subparsers(parser)
    if sub is None:
        return {prefix: parser}
    for name, child in sub.choices.items():
        found.update(leaves(child, f"{prefix}-{name}" if prefix else name))
    return found


def add_link_option(parser: argparse.ArgumentParser) -> None:
    """Give every command that has a page a ``--link`` flag (the CLI calls this once)."""
    for name, leaf in leaves(parser).items():
        if name not in NO_PAGE:
            leaf.add_argument(
                "--link", action="store_true", help="also print the web page's permalink"
            )
