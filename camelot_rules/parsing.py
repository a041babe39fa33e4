"""Reading what people type: card counts, draw mixes and card lists (for the CLI and widgets).

Each parser raises ``ValueError`` naming the bad piece and what was expected.
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["MAX_COPIES", "parse_counts", "parse_mix", "parse_names"]

# The largest deck of the game holds 107 cards (base + Merlin's Company white deck): a typed
# count above this bound is a typo, and refusing it keeps every deck built from text small.
MAX_COPIES = 1000


def parse_names(text: str) -> list[str]:
    """Split ``"grail, fight_5"`` into names (empty text gives an empty list).

    >>> parse_names(" grail,fight_5 , ")
    ['grail', 'fight_5']
    """
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


def parse_counts(text: str) -> dict[str, int]:
    """Parse ``"despair: 3, grail"`` into ``{"despair": 3, "grail": 1}``.

    >>> parse_counts("despair: 3, grail, despair")
    {'despair': 4, 'grail': 1}
    """
    counts: dict[str, int] = {}
    for part in parse_names(text):
        name, sep, number = part.partition(":")
        name = name.strip()
        n = 1
        if sep:
            try:
                n = int(number.strip())
            except ValueError:
                raise ValueError(
                    f"{part!r}: expected 'card: count' with a whole number, e.g. 'despair: 3'"
                ) from None
            if n < 0:
                raise ValueError(f"{part!r}: a count cannot be negative")
        counts[name] = counts.get(name, 0) + n
        if counts[name] > MAX_COPIES:
            raise ValueError(
                f"{part!r}: {counts[name]} copies of {name!r}; at most {MAX_COPIES} copies of a "
                "card (the largest deck of the game holds 107 cards)"
            )
    return counts


# Numbers typed by a user are bounded before they are read (a huge exponent or a 10,000-digit
# number would freeze the parser or leak Python's digit-limit message).
_MAX_NUMBER_TEXT = 30
_PLAIN_NUMBER = re.compile(r"[0-9]+(/[0-9]+)?|[0-9]*\.[0-9]+")


def parse_mix(text: str) -> dict[int, Fraction]:
    """Parse a per-turn draw mix ``"1: 1/2, 2: 1/4, 3: 1/4"`` into exact Fractions.

    Probabilities may be fractions or whole numbers (``"1: 1"``); decimals such as ``0.5``
    are read exactly (1/2). They must add up to exactly 1.

    >>> parse_mix("1: 1/2, 2: 0.25, 3: 1/4")
    {1: Fraction(1, 2), 2: Fraction(1, 4), 3: Fraction(1, 4)}
    """
    mix: dict[int, Fraction] = {}
    for part in parse_names(text):
        draws, sep, prob = part.partition(":")
        if not sep:
            raise ValueError(f"{part!r}: expected 'draws: probability', e.g. '2: 1/4'")
        prob = prob.strip()
        if (
            len(prob) > _MAX_NUMBER_TEXT
            or len(draws.strip()) > _MAX_NUMBER_TEXT
            or (not _PLAIN_NUMBER.fullmatch(prob))
        ):
            raise ValueError(
                f"{part!r}: a probability is written as a fraction (1/4), a whole number or a "
                f"decimal (0.25), at most {_MAX_NUMBER_TEXT} characters, no exponent"
            )
        try:
            k = int(draws.strip())
            p = Fraction(prob)
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                f"{part!r}: expected a whole number of draws and a probability like 1/4"
            ) from None
        if k < 0 or not 0 <= p <= 1:
            raise ValueError(f"{part!r}: draws must be >= 0 and the probability in 0..1")
        mix[k] = mix.get(k, Fraction(0)) + p
    if not mix:
        raise ValueError("the draw mix is empty; expected e.g. '1: 1/2, 2: 1/2'")
    total = sum(mix.values(), Fraction(0))
    if total != 1:
        raise ValueError(f"the draw mix adds up to {total}, not 1")
    return mix
