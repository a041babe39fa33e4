"""Permalinks: a question's inputs in a URL, and back to the answer.

The web page (``make site``, sources in ``docs/web/``) and the terminal's ``--link`` share one
format, read straight off the command line's own options, so a link always means what the same
``camelot-rules`` command means::

    #<page>?<key>=<value>&<key>=<value>...

- ``page`` is the command, a sub-command joined with ``-``: ``siege``, ``draw``, ``deck``,
  ``travel``, ``decks``, ``quest-combat``, ``quest-next``, ``quest-war``, ``verify``;
- ``key`` is an option without its dashes (``excalibur``, ``kay-reserve``) or the name of a
  plain argument (``cards``, ``deck``, ``draws``);
- a yes/no option is ``1`` (``0`` or leaving it out is no), a list is comma separated
  (``cards=5,4``), text is percent-encoded (``seen=captured,%20vision``);
- an option given several times (``quest war-race --hand 3,4 --hand 5``) joins its values
  with ``/`` (``hand=3,4/5``);
- ``lang=ja`` (or ``es``, ``en``) gives the answer in that language, as ``--lang`` does;
- ``verify`` and ``advise`` carry the play log itself under ``text`` (a link to a file would
  not travel);
- ``advise`` has a page for its exact answer only ("Where should I go?", ``where=1``, which
  its links always carry: :data:`PAGE_FIXED`); the ranked advice is a timed search, whose
  answer depends on the device, and has no link.

A link carries only the settings its page shows (:func:`page_fields`: the web page has a field
for each); the command is built from those fields alone, so a value can never become an option
of its own (a value starting with ``-`` is refused, but for a negative whole number) and a link
never sets what its page does not show. A setting the page does not show (``deck --one-deck``,
the display's ``--exact``) has no link: ``--link`` says so.

>>> link_from_argv(["siege", "5", "4", "--excalibur"])
'#siege?cards=5,4&excalibur=1'
>>> argv_from_link("#siege?cards=5,4&excalibur=1")
['siege', '5', '4', '--excalibur']

:func:`camelot_rules.front.cli.answer_link` answers a link (the web page calls it).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote, unquote

from camelot_rules.front.parser import NO_PAGE, build_parser, leaves, subparsers

__all__ = [
    "DEFAULT_SITE",
    "LOG_KEY",
    "PAGE_FIXED",
    "argv_from_link",
    "link_from_argv",
    "link_from_namespace",
    "link_url",
    "page_fields",
    "pages",
    "parse_link",
    "site_address",
]

DEFAULT_SITE = "http://127.0.0.1:8000/"
"""Where ``python3 -m http.server -d build/web --bind 127.0.0.1 8000`` serves the site;
``CAMELOT_RULES_SITE`` in the environment names another copy (e.g. a GitHub Pages address).
The same setting at ``make site`` gives the page's own links that address, and is kept in
the built site (:data:`BUILT_SITE`), where ``--link`` finds it afterwards."""
SITE_ENV = "CAMELOT_RULES_SITE"
BUILT_SITE = Path(__file__).resolve().parents[2] / "build" / "web" / "site.json"
"""The site ``make site`` built in this checkout; its ``address`` is the published address."""

LOG_KEY = "text"  # verify, advise: the log's text travels in the link, not its file name
_LOG_DESTS = ("log", "game")  # the commands' arguments that name the log's file
_SAFE = ",:/"  # left readable in links; everything else outside [A-Za-z0-9_.~-] is %-encoded
_REPEAT = "/"  # between the values of an option given several times (--hand 3,4 --hand 5)


def _joined(value: object) -> str:
    return ",".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


@lru_cache(maxsize=1)
def _parser() -> argparse.ArgumentParser:
    return build_parser()


def _pages() -> dict[str, argparse.ArgumentParser]:
    return {k: v for k, v in leaves(_parser()).items() if k not in NO_PAGE}


def pages() -> tuple[str, ...]:
    """Return the page names a link may open, in the command line's order.

    >>> pages()[:4]
    ('siege', 'draw', 'deck', 'travel')
    """
    return tuple(_pages())


def _key(action: argparse.Action) -> str:
    if not action.option_strings:
        return LOG_KEY if action.dest in _LOG_DESTS else action.dest
    return max(action.option_strings, key=len).lstrip("-")


def _fields(leaf: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    """A command's settings by link key (help, version, sub-command and ``--link`` itself left
    out)."""
    skip = (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction)
    return {_key(a): a for a in leaf._actions if not isinstance(a, skip) and a.dest != "link"}


#: the command line's settings a web page does not show (docs/web/index.html has no field for
#: them): a link never carries them. ``exact`` is the display's (fractions), on every page.
OFF_PAGE: dict[str, tuple[str, ...]] = {
    "deck": (
        "both-decks",
        "discards-only",
        "merlin-on",
        "one-deck",
        "other-mix",
        "other-pile",
        "other-rebuilt",
    ),
    "travel": ("move",),
    "quest-combat": ("divine-favor", "hand", "schedule"),
    "quest-next": ("divine-favor", "kay-reserve"),
    "quest-grail": ("each", "knights"),
    "quest-excalibur": ("each", "knights"),
    "advise": ("seconds", "seed", "progress", "worlds"),
}
_OFF_EVERY_PAGE = ("exact",)

#: settings a page's links always carry, with their one value: the ``advise`` page answers
#: "Where should I go?" (``--where``: exact odds, the same on every device), never the timed
#: search of the ranked advice.
PAGE_FIXED: dict[str, dict[str, str]] = {"advise": {"where": "1"}}


def _page(name: str) -> dict[str, argparse.Action]:
    """A page's settings: the command's own, then the whole command line's (``lang``), less
    those the page does not show."""
    found = _pages()
    if name not in found:
        raise ValueError(f"unknown page {name!r}: expected one of {', '.join(found)}")
    off = (*OFF_PAGE.get(name, ()), *_OFF_EVERY_PAGE)
    every = {**_fields(found[name]), **_fields(_parser())}
    return {key: action for key, action in every.items() if key not in off}


def page_fields(page: str) -> tuple[str, ...]:
    """Return the settings a link to ``page`` may carry: those its web page shows.

    >>> page_fields("draw")
    ('deck', 'draws', 'cards', 'at-least', 'expansion', 'lang')
    """
    return tuple(_page(page))


def parse_link(link: str) -> tuple[str, dict[str, str]]:
    """Return ``(page, settings)`` from a link, its ``#fragment`` or the fragment's text.

    >>> parse_link("http://127.0.0.1:8000/#travel?seen=captured,%20vision&grail=1")
    ('travel', {'seen': 'captured, vision', 'grail': '1'})
    """
    if not isinstance(link, str):
        raise ValueError(f"link={link!r}: expected text such as '#siege?cards=5,4'")
    fragment = link.split("#", 1)[1] if "#" in link else link
    raw_page, _, query = fragment.partition("?")
    page = _decoded(raw_page, raw_page)
    settings: dict[str, str] = {}
    for part in query.split("&") if query else []:
        raw_key, eq, value = part.partition("=")
        key = _decoded(raw_key, page)
        if not eq:
            raise ValueError(f"{page}: setting {key!r} has no value (expected {key}=...)")
        if key in settings:
            raise ValueError(f"{page}: setting {key!r} is given twice")
        settings[key] = _decoded(value, f"{page}: {key}")
    return page, settings


_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def _decoded(text: str, where: str) -> str:
    """``text`` percent-decoded; a ``%`` not followed by two hex digits or bytes that are not
    UTF-8 text are refused (a damaged link), never guessed at."""
    bad = _PERCENT.search(text)
    if bad:
        raise ValueError(
            f"{where}: bad percent-encoding {text[bad.start() : bad.start() + 3]!r} (a damaged "
            "link: copy it again)"
        )
    try:
        return unquote(text, errors="strict")
    except UnicodeDecodeError:
        raise ValueError(
            f"{where}: bad percent-encoding in {text[:40]!r}: not UTF-8 text (a damaged link: "
            "copy it again)"
        ) from None


def _whole_numbers(key: str, value: str, many: bool) -> list[str]:
    parts = value.replace(",", " ").split() if many else [value.strip()]
    for p in parts:
        if not p.removeprefix("-").isascii() or not p.removeprefix("-").isdigit():
            expected = (
                "whole numbers separated by commas, e.g. 5,4" if many else "a whole number, e.g. 3"
            )
            raise ValueError(f"{key}={value}: {p!r} is not a whole number (expected {expected})")
    return parts


def argv_from_link(link: str, *, log_path: str | None = None) -> list[str]:
    """Return the ``camelot-rules`` arguments a link stands for; a bad setting raises
    ``ValueError`` naming it and what was expected.

    ``verify`` links carry the log's text: give ``log_path``, a file holding it
    (:func:`camelot_rules.front.cli.answer_link` writes one).

    >>> argv_from_link("#quest-combat?quest=lancelot&whites=4,5,5&black-hidden=4")
    ['quest', 'combat', 'lancelot', '--whites', '4', '5', '5', '--black-hidden=4']
    >>> argv_from_link("#siege?excalibur=yes")
    Traceback (most recent call last):
        ...
    ValueError: siege: excalibur=yes: expected 1 (yes) or 0 (no)
    """
    page, settings = parse_link(link)
    fields = _page(page)
    unknown = [k for k in settings if k not in fields]
    if unknown:
        raise ValueError(
            f"{page}: unknown setting {unknown[0]!r}: expected one of {', '.join(fields)}"
        )
    command = page.split("-", 1) if page.startswith("quest-") else [page]
    argv: list[str] = []  # the whole command line's options (--lang) come before the command
    top = _fields(_parser())
    positional: list[str] = []
    options: list[str] = []
    for key, action in fields.items():
        if key not in settings:
            if action.nargs not in ("*", "?") and (action.required or not action.option_strings):
                raise ValueError(f"{page}: {key} is needed")
            continue
        value = settings[key]
        if action.nargs == 0:  # a yes/no flag
            if value not in ("0", "1"):
                raise ValueError(f"{page}: {key}={value}: expected 1 (yes) or 0 (no)")
            if value == "1":
                (argv if key in top else options).append(action.option_strings[0])
            continue
        if key == LOG_KEY and action.dest in _LOG_DESTS:
            if log_path is None:
                raise ValueError(f"{page}: the log's text must be written to a file (log_path)")
            positional.append(log_path)
            continue
        many = action.nargs in ("*", "+")
        if action.type is int:
            values = _whole_numbers(key, value, many)
        else:  # names (draw's cards) separated by commas, or one text
            values = value.replace(",", " ").split() if many else [value]
        for part in values if action.type is not int else ():
            for piece in part.split(_REPEAT) if _is_append(action) else [part]:
                if piece.strip().startswith("-"):
                    raise ValueError(
                        f"{page}: {key}={value}: {piece.strip()!r} starts with '-' (a link "
                        "holds values, never options)"
                    )
        if action.choices is not None and value not in action.choices:
            raise ValueError(
                f"{page}: {key}={value}: expected one of {', '.join(map(str, action.choices))}"
            )
        if action.nargs == "+" and not values:
            raise ValueError(f"{page}: {key} is empty: give at least one value")
        option = max(action.option_strings, key=len) if action.option_strings else ""
        if key in top:
            argv.append(f"{option}={value}")
        elif not option:
            positional.extend(values)
        elif many:
            options.extend([option, *values])
        elif _is_append(action):  # one knight's hand each: 3,4/5
            options.extend(f"{option}={part}" for part in value.split(_REPEAT))
        else:
            options.append(f"{option}={value}")
    for key, fixed in PAGE_FIXED.get(page, {}).items():
        if settings.get(key) != fixed:
            raise ValueError(f"{page}: {key}={fixed} is needed (the page answers only that)")
    out = [*argv, *command, *positional, *options]
    _sets_only(page, out, settings, fields)
    return out


def _is_append(action: argparse.Action) -> bool:
    return isinstance(action, argparse._AppendAction)


def _sets_only(
    page: str, argv: list[str], settings: dict[str, str], fields: dict[str, argparse.Action]
) -> None:
    """The command built sets nothing but the link's own settings (read back by the parser;
    a command the parser refuses is left to it, with its own message)."""
    parser = _parser()
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            args = parser.parse_args(argv)
    except SystemExit:
        return
    leaf = _pages()[page]
    for key, action in {**_fields(leaf), **_fields(parser)}.items():
        value = getattr(args, action.dest, action.default)
        if key not in settings and value != action.default and value not in (None, False, []):
            raise ValueError(f"{page}: the link would set {key}, which it does not carry")


def link_from_namespace(args: argparse.Namespace) -> str:
    """Return the link (``#page?...``) for parsed ``camelot-rules`` arguments: every setting
    that differs from its default, in the command line's order."""
    parser = _parser()
    names: list[str] = []
    sub = subparsers(parser)
    while sub is not None:
        name = getattr(args, str(sub.dest))
        names.append(name)
        parser = sub.choices[name]
        sub = subparsers(parser)
    page = "-".join(names)
    if page in NO_PAGE:
        raise ValueError(f"{page!r} has no web page: expected one of {', '.join(pages())}")
    parts = []
    shown = _page(page)
    for key, fixed in PAGE_FIXED.get(page, {}).items():
        value = getattr(args, shown[key].dest)
        if ("1" if value is True else str(value)) != fixed:
            raise ValueError(f"the {page!r} web page answers only with --{key}: no link otherwise")
    for key, action in {**_fields(parser), **_fields(_parser())}.items():
        value = getattr(args, action.dest)
        if value is None or value is False or value == action.default or value == []:
            continue
        if key in _OFF_EVERY_PAGE:
            continue  # the display's setting: the link stands for the question
        if key not in shown:
            raise ValueError(
                f"--{key} has no field on the {page!r} web page: no link for this question "
                f"(the page shows {', '.join(shown)})"
            )
        if key == LOG_KEY and action.dest in _LOG_DESTS:
            text = Path(value).read_text(encoding="utf-8")
        elif value is True:
            text = "1"
        elif isinstance(action, argparse._AppendAction):
            text = _REPEAT.join(_joined(v) for v in value)
        elif isinstance(value, list | tuple):
            text = _joined(value)
        else:
            text = str(value)
        parts.append(f"{quote(key)}={quote(text, safe=_SAFE)}")
    return f"#{page}" + ("?" + "&".join(parts) if parts else "")


def link_from_argv(argv: Sequence[str]) -> str:
    """Return the link for a ``camelot-rules`` command line (see the module's examples); a
    command line the parser refuses raises ``ValueError`` with the parser's message."""
    if isinstance(argv, str | bytes) or not isinstance(argv, Sequence):
        raise ValueError(f"argv={argv!r:.80}: expected the command line's words, a list of str")
    words = list(argv)
    if not all(isinstance(w, str) for w in words):
        raise ValueError(f"argv={words!r:.80}: expected the command line's words, a list of str")
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            args = _parser().parse_args(words)
    except SystemExit:
        lines = err.getvalue().strip().splitlines() or ["the command line is refused"]
        raise ValueError(f"argv: {lines[-1].split('error: ', 1)[-1]}") from None
    return link_from_namespace(args)


def _built_address() -> str | None:
    try:
        found = json.loads(BUILT_SITE.read_text(encoding="utf-8")).get("address")
    except (OSError, ValueError, AttributeError):
        return None
    return found if isinstance(found, str) and found else None


def site_address(address: str | None = None) -> str:
    """Return the web page's address: ``address``, else ``$CAMELOT_RULES_SITE``, else the
    address the last ``make site`` was given (:data:`BUILT_SITE`), else :data:`DEFAULT_SITE`;
    a folder's address gets its closing ``/``. Anything but an ``http(s)://`` address raises
    a ``ValueError`` naming the setting.

    >>> site_address("https://example.org/camelot")
    'https://example.org/camelot/'
    >>> site_address("example.org")
    Traceback (most recent call last):
        ...
    ValueError: CAMELOT_RULES_SITE='example.org': expected the page's address, e.g. https://example.org/camelot/
    """
    given = address or os.environ.get(SITE_ENV) or _built_address() or DEFAULT_SITE
    value = given.strip().split("#", 1)[0]
    scheme, sep, rest = value.partition("://")
    if scheme not in ("http", "https") or not sep or not rest.split("/", 1)[0]:
        raise ValueError(
            f"{SITE_ENV}={value!r}: expected the page's address, e.g. https://example.org/camelot/"
        )
    last = rest.rsplit("/", 1)[-1] if "/" in rest else ""
    return value if value.endswith("/") or "." in last else value + "/"


def link_url(link: str, *, site: str | None = None) -> str:
    """Return the full address: ``site`` (default :func:`site_address`) followed by the link.

    >>> link_url("#siege?cards=3,4", site="https://example.org/camelot/")
    'https://example.org/camelot/#siege?cards=3,4'
    """
    return site_address(site) + link
