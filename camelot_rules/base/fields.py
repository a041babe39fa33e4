"""Checks of the values inside a structure (a position's fields, a saved game's keys, a pending
task's places): each returns the value checked or raises ``ValueError`` naming the field, the
value and what is allowed. No rule data here: the callers pass the ranges and names.

>>> whole("life[0]", 7, 0, 6)
Traceback (most recent call last):
    ...
ValueError: life[0]=7: expected a whole number in 0..6
>>> members("over", "grail", ("grail", "excalibur"), "a quest")
Traceback (most recent call last):
    ...
ValueError: over='grail': expected a list of a quest
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from camelot_rules.base.checks import check_seat

__all__ = [
    "MOST",
    "counts",
    "fail",
    "is_int",
    "items",
    "mapping",
    "members",
    "one_of",
    "seats",
    "short",
    "whole",
    "yes_no",
]

#: the most items a list or mapping may hold (any count or tally of a game is far below)
MOST = 10_000


def short(value: object, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def fail(field: str, value: object, wanted: str) -> NoReturn:
    """Raise the ``ValueError`` ``field=value: expected wanted``."""
    raise ValueError(f"{field}={short(value)}: expected {wanted}")


def is_int(value: object) -> bool:
    """An ``int`` that is not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole(field: str, value: object, low: int, high: int, why: str = "") -> int:
    """A whole number (an ``int``, not a ``bool``) in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        fail(field, value, f"a whole number in {low}..{high}{why}")
    return value


def yes_no(field: str, value: object) -> bool:
    """``True`` or ``False`` (nothing read as one)."""
    if not isinstance(value, bool):
        fail(field, value, "True or False")
    return value


def one_of(field: str, value: object, allowed: Iterable[str]) -> str:
    """One of the ``allowed`` names."""
    options = tuple(allowed)
    if not isinstance(value, str) or value not in options:
        fail(field, value, f"one of {list(options)}")
    return value


def items(field: str, value: object, what: str) -> list[Any]:
    """A collection (a list, tuple or set) as a list: never one string read letter by letter,
    nor a mapping read by its keys; at most :data:`MOST` items."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        fail(field, value, f"a list of {what}")
    out = list(value)
    if len(out) > MOST:
        fail(field, f"<{len(out)} items>", f"a list of {what} (at most {MOST})")
    return out


def mapping(field: str, value: object, what: str) -> Mapping[Any, Any]:
    """A mapping of at most :data:`MOST` keys."""
    if not isinstance(value, Mapping):
        fail(field, value, f"a mapping of {what}")
    if len(value) > MOST:
        fail(field, f"<{len(value)} keys>", f"a mapping of {what}")
    return value


def members(
    field: str, value: object, allowed: Iterable[str], what: str, *, once: bool = False
) -> tuple[str, ...]:
    """A collection of names, each one of ``allowed`` (each at most once with ``once``)."""
    names = tuple(allowed)
    out = []
    for x in items(field, value, what):
        if not isinstance(x, str) or x not in names:
            raise ValueError(f"{field}: {short(x)} is not {what}; expected one of {list(names)}")
        out.append(x)
    if once and len(set(out)) != len(out):
        fail(field, value, f"each {what} at most once")
    return tuple(out)


def counts(field: str, value: object, allowed: Iterable[str], what: str) -> dict[str, int]:
    """A mapping name -> count, each name one of ``allowed``, each count a whole number >= 0."""
    names = tuple(allowed)
    out: dict[str, int] = {}
    for card, n in mapping(field, value, f"{what} -> count").items():
        if not isinstance(card, str) or card not in names:
            raise ValueError(f"{field}: {short(card)} is not {what}; expected one of {names}")
        out[card] = whole(f"{field}[{card!r}]", n, 0, MOST)
    return out


def seats(field: str, value: object, players: int) -> tuple[int, ...]:
    """A collection of seat numbers at a table of ``players``, each at most once."""
    found = tuple(check_seat(field, x, players) for x in items(field, value, "seat numbers"))
    if len(set(found)) != len(found):
        fail(field, value, "each seat at most once")
    return found
