"""Reading what people type: card counts, draw mixes and card lists (for the CLI and widgets).

Each parser raises ``ValueError`` naming the bad piece and what was expected.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING

from camelot_rules.base.i18n import gettext as _

if TYPE_CHECKING:
    from camelot_rules.data.decks import Deck

__all__ = [
    "MAX_COPIES",
    "card_id",
    "parse_cards",
    "parse_counts",
    "parse_mix",
    "parse_names",
    "parse_number",
]

# The largest deck of the game holds 107 cards (base + Merlin's Company white deck): a typed
# count above this bound is a typo, and refusing it keeps every deck built from text small.
MAX_COPIES = 1000


_FULL_WIDTH_SEPARATORS = str.maketrans({"：": ":", "、": ",", "，": ",", "；": ";"})


def parse_names(text: str) -> list[str]:
    """Split ``"grail, fight_5"`` into names (empty text gives an empty list).

    >>> parse_names(" grail,fight_5 , ")
    ['grail', 'fight_5']
    """
    text = text.translate(_FULL_WIDTH_SEPARATORS)  # Japanese input: "聖杯カード：2、ビジョン"
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


_SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


def card_id(name: str, deck: Deck | None = None) -> str:
    """The card id a typed name stands for: an id or a printed name in English, Japanese or
    Spanish, any case and punctuation (:func:`camelot_rules.data.names.resolve_card`).

    With ``deck`` the card must be in it (else an error saying where it is, e.g. "add
    --expansion"). Without one, a lower_snake_case name the names table does not know is kept
    as typed (a custom deck's card), unless it is a near miss of a known card (a typo gets
    "did you mean").

    >>> card_id("Captured!"), card_id("第1の魔女"), card_id("card_0")
    ('captured', 'morgan_witch_1', 'card_0')
    """
    from camelot_rules.data.names import resolve_card, suggestions

    if deck is None and _SNAKE.fullmatch(name) and not suggestions(name, cutoff=0.8):
        try:
            return resolve_card(name)
        except ValueError:
            return name
    return resolve_card(name, deck)


def parse_cards(text: str, deck: Deck | None = None) -> list[str]:
    """Split a list of cards typed by a player into card ids (see :func:`card_id`).

    >>> parse_cards("Grail, Fight 5; ¡Capturado!")
    ['grail', 'fight_5', 'captured']
    """
    return [card_id(name, deck) for name in parse_names(text)]


def parse_counts(text: str, deck: Deck | None = None) -> dict[str, int]:
    """Parse ``"despair: 3, grail"`` into ``{"despair": 3, "grail": 1}``.

    Card names may be printed names in any of the three languages (see :func:`card_id`;
    ``deck``, if given, must hold each card).

    >>> parse_counts("despair: 3, grail, despair")
    {'despair': 4, 'grail': 1}
    >>> parse_counts("Captured!: 2, vision")
    {'captured': 2, 'vision': 1}
    >>> parse_counts("捕縛！：2、ビジョン")
    {'captured': 2, 'vision': 1}
    """
    counts: dict[str, int] = {}
    for part in parse_names(text):
        name, sep, number = part.partition(":")
        n = 1
        if sep:
            try:
                n = int(number.strip())
            except ValueError:
                raise ValueError(
                    _(
                        "{part}: expected 'card: count' with a whole number, e.g. 'despair: 3'"
                    ).format(part=repr(part))
                ) from None
            if n < 0:
                raise ValueError(_("{part}: a count cannot be negative").format(part=repr(part)))
        if n > MAX_COPIES:  # before the name is read: a typo in the count is named as such
            raise ValueError(
                _(
                    "{part}: {n} copies of {name}; at most {most} copies of a card (the largest "
                    "deck of the game holds 107 cards)"
                ).format(part=repr(part), n=n, name=repr(name.strip()), most=MAX_COPIES)
            )
        name = card_id(name.strip(), deck)
        counts[name] = counts.get(name, 0) + n
        if counts[name] > MAX_COPIES:
            raise ValueError(
                _(
                    "{part}: {n} copies of {name}; at most {most} copies of a card (the largest "
                    "deck of the game holds 107 cards)"
                ).format(part=repr(part), n=counts[name], name=repr(name), most=MAX_COPIES)
            )
    return counts


# Numbers typed by a user are bounded before they are read (a huge exponent or a 10,000-digit
# number would freeze the parser or leak Python's digit-limit message).
_MAX_NUMBER_TEXT = 30
_PLAIN_NUMBER = re.compile(r"[0-9]+(/[0-9]+)?|[0-9]*\.[0-9]+")
NUMBER_FORMS = (
    f"a whole number (3), a fraction (1/4) or a decimal (0.25), at most {_MAX_NUMBER_TEXT} "
    "characters, no exponent"
)


def parse_number(text: str, *, signed: bool = False) -> Fraction:
    """Read a number a user typed, exactly: ``"3"``, ``"1/4"``, ``"0.25"`` (``"-2"`` too when
    ``signed``). Anything else - an exponent, a long text, ``inf`` - raises ``ValueError``
    naming the accepted forms before any digit is read (``Fraction("1e-99999999")`` would
    freeze; a 5,000-digit number leaks Python's digit-limit message).

    >>> parse_number("1/4"), parse_number(" 0.5 "), parse_number("-2", signed=True)
    (Fraction(1, 4), Fraction(1, 2), Fraction(-2, 1))
    >>> parse_number("1e-99999999")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: '1e-99999999': expected a whole number (3), a fraction (1/4) or a decimal ...
    """
    if not isinstance(text, str):
        raise ValueError(f"{text!r:.40}: expected text holding {NUMBER_FORMS}")
    body = text.strip()
    sign = 1
    if signed and body.startswith("-"):
        sign, body = -1, body[1:]
    if len(body) > _MAX_NUMBER_TEXT or not _PLAIN_NUMBER.fullmatch(body):
        raise ValueError(f"{text[:40]!r}: expected {NUMBER_FORMS}")
    try:
        return sign * Fraction(body)
    except ZeroDivisionError:
        raise ValueError(f"{text!r}: a fraction cannot divide by zero") from None


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
            raise ValueError(
                _("{part}: expected 'draws: probability', e.g. '2: 1/4'").format(part=repr(part))
            )
        try:
            p = parse_number(prob)
        except ValueError:
            raise ValueError(
                _(
                    "{part}: a probability is written as a fraction (1/4), a whole number or a "
                    "decimal (0.25), at most {n} characters, no exponent"
                ).format(part=repr(part), n=_MAX_NUMBER_TEXT)
            ) from None
        k_text = draws.strip()
        if len(k_text) > _MAX_NUMBER_TEXT or not k_text.isascii() or not k_text.isdigit():
            raise ValueError(
                _("{part}: expected a whole number of draws and a probability like 1/4").format(
                    part=repr(part)
                )
            )
        k = int(k_text)
        if k < 0 or not 0 <= p <= 1:
            raise ValueError(
                _("{part}: draws must be 0 or more and the probability from 0 to 1").format(
                    part=repr(part)
                )
            )
        mix[k] = mix.get(k, Fraction(0)) + p
    if not mix:
        raise ValueError(_("the draw mix is empty; expected e.g. '1: 1/2, 2: 1/2'"))
    total = sum(mix.values(), Fraction(0))
    if total != 1:
        raise ValueError(_("the draw mix adds up to {total}, not 1").format(total=total))
    return mix
