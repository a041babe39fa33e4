"""Checks shared by every public function: one rule, one message, wherever the value comes in.

Each check names the parameter and the value it got, so a wrong type reads as a ``ValueError``
naming the parameter instead of an ``AttributeError`` or ``TypeError`` from deep inside.

>>> check_bool("excalibur", True)
True
>>> check_bool("excalibur", "no")
Traceback (most recent call last):
    ...
ValueError: excalibur='no': expected True or False (a yes/no option), got str
>>> check_int("hand_size", 3, low=0, high=10)
3
>>> check_int("hand_size", -1, low=0, high=10)
Traceback (most recent call last):
    ...
ValueError: hand_size=-1: expected a whole number in 0..10
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

__all__ = [
    "check_bool",
    "check_callable",
    "check_instance",
    "check_int",
    "check_names",
    "check_seat",
    "check_text",
]

T = TypeVar("T")


def check_bool(name: str, value: object) -> bool:
    """Return ``value`` if it is ``True`` or ``False``, else raise ``ValueError`` naming both.

    Yes/no options take a ``bool`` only: a truthy stand-in (``"no"``, ``1``, ``None``) would
    otherwise be read silently as yes or no and give a wrong answer.
    """
    if not isinstance(value, bool):
        raise ValueError(
            f"{name}={value!r}: expected True or False (a yes/no option), "
            f"got {type(value).__name__}"
        )
    return value


def check_int(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` if it is an ``int`` (not a ``bool``) in ``low..high`` (either end open
    when ``None``), else raise ``ValueError`` naming the parameter, the value and the range."""
    if low is not None and high is not None:
        wanted = f"a whole number in {low}..{high}"
    elif low is not None:
        wanted = f"a whole number >= {low}"
    elif high is not None:
        wanted = f"a whole number <= {high}"
    else:
        wanted = "a whole number"
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name}={value!r}: expected {wanted}, got {type(value).__name__}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name}={value!r}: expected {wanted}")
    return value


def check_seat(name: str, value: object, players: int) -> int:
    """Return ``value`` if it is a seat number at a table of ``players`` (``0..players-1``; an
    ``int``, not a ``bool``), else raise ``ValueError`` naming the parameter. A negative seat is
    refused, not read from the end (``-1`` would be another player's seat).

    >>> check_seat("player", -1, 4)
    Traceback (most recent call last):
        ...
    ValueError: player=-1: expected a seat number 0..3
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError(f"{name}={_short(value)}: expected a seat number 0..{players - 1}")
    return value


def check_instance(name: str, value: object, kind: type[T], what: str | None = None) -> T:
    """Return ``value`` if it is an instance of ``kind`` (the class itself is not), else raise
    ``ValueError`` naming the parameter, the value and what was expected."""
    if not isinstance(value, kind):
        what = what or f"a {kind.__name__}"
        got = f"the class {value.__name__}" if isinstance(value, type) else type(value).__name__
        raise ValueError(f"{name}={_short(value)}: expected {what}, got {got}")
    return value


def check_text(name: str, value: object) -> str:
    """Return ``value`` if it is a ``str`` (what a text box holds), else raise ``ValueError``."""
    return check_instance(name, value, str, "text (a str)")


def check_callable(name: str, value: object) -> Callable[..., object]:
    """Return ``value`` if it can be called (a function), else raise ``ValueError``."""
    if not callable(value) or isinstance(value, type):
        raise ValueError(f"{name}={_short(value)}: expected a function, got {type(value).__name__}")
    return value


def check_names(name: str, value: object) -> frozenset[str]:
    """Return ``value`` (a collection of names, not one string) as a frozenset of strings."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise ValueError(
            f"{name}={_short(value)}: expected a collection of names, got {type(value).__name__}"
        )
    names = list(value)
    bad = [n for n in names if not isinstance(n, str)]
    if bad:
        raise ValueError(f"{name}={_short(value)}: {bad[0]!r} is not a name (a str)")
    return frozenset(names)


def _short(value: object, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
