"""Decks as immutable multisets, the standard decks, and the setup position.

A :class:`Deck` is a card -> count multiset in canonical (sorted) order, so equal decks hash
equal. The standard decks are assembled from the cited entries in
:mod:`camelot_rules.data.rulebook`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from camelot_rules.base.checks import check_bool
from camelot_rules.data import rulebook
from camelot_rules.data.rulebook import CardCount, Confidence

__all__ = [
    "CARD_ID",
    "Deck",
    "SetupPosition",
    "check_players",
    "deck_facts",
    "known_card_names",
    "setup_position",
    "standard_deck",
]

CARD_ID = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")  # whole name: fullmatch, never match


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not CARD_ID.fullmatch(name):
        raise ValueError(
            f"card name {name!r} is not lower_snake_case (expected e.g. 'fight_3' or 'grail')"
        )
    return name


def _check_count(name: str, count: object) -> int:
    if isinstance(count, bool) or not isinstance(count, int):
        raise ValueError(f"count of {name!r} is {count!r}; expected a whole number (int) >= 0")
    if count < 0:
        raise ValueError(f"count of {name!r} is {count}; expected a whole number >= 0")
    return count


class Deck:
    """An immutable, hashable multiset of cards.

    Zero counts are dropped; names must be lower_snake_case; counts must be ints >= 0.

    >>> deck = Deck({"grail": 2, "fight_3": 1, "merlin": 0})
    >>> deck.size, deck.count("grail"), deck.count("excalibur")
    (3, 2, 0)
    >>> deck.without("grail") == Deck({"grail": 1, "fight_3": 1})
    True
    """

    __slots__ = ("_hash", "_items", "_size")

    def __init__(self, counts: Mapping[str, int]) -> None:
        if not isinstance(counts, Mapping):
            raise ValueError(
                f"counts: a Deck needs a mapping of card name -> count, got {type(counts).__name__}"
            )
        items = []
        for name, count in counts.items():
            _check_name(name)
            if _check_count(name, count):
                items.append((name, count))
        self._items: tuple[tuple[str, int], ...] = tuple(sorted(items))
        self._hash = hash(self._items)
        self._size = sum(count for _, count in self._items)
        if self._size > sys.maxsize:  # len(deck) could not answer
            raise ValueError(
                f"a deck of {self._size} cards is too large (at most {sys.maxsize} cards)"
            )

    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return self._size

    @property
    def counts(self) -> Mapping[str, int]:
        """Read-only mapping of card name -> count (no zero entries)."""
        return MappingProxyType(dict(self._items))

    def count(self, name: str) -> int:
        """Copies of ``name`` in the deck (0 if absent; ``ValueError`` if not a card name)."""
        return dict(self._items).get(_check_name(name), 0)

    def count_of(self, names: str | Iterable[str]) -> int:
        """Total copies of all the distinct ``names`` (one name or several) in the deck.

        >>> Deck({"grail": 2, "merlin": 1}).count_of("grail")
        2
        """
        if isinstance(names, str):
            names = [names]
        elif not isinstance(names, Iterable):
            raise ValueError(f"names={names!r}: expected a card name or a collection of names")
        counts = dict(self._items)
        return sum(counts.get(name, 0) for name in {_check_name(name) for name in names})

    def names(self) -> tuple[str, ...]:
        """Card names present, in canonical order."""
        return tuple(name for name, _ in self._items)

    def items(self) -> tuple[tuple[str, int], ...]:
        """``(name, count)`` pairs in canonical order."""
        return self._items

    def without(self, name: str, n: int = 1) -> Deck:
        """Return a deck with ``n`` copies of ``name`` removed (``ValueError`` if too few)."""
        _check_name(name)
        _check_count(name, n)
        have = self.count(name)
        if n > have:
            raise ValueError(f"cannot remove {n} x {name!r}: the deck holds {have}")
        counts = dict(self._items)
        counts[name] = have - n
        return Deck(counts)

    def minus(self, other: Deck | Mapping[str, int]) -> Deck:
        """Return this deck less every card of ``other`` (``ValueError`` if any is missing)."""
        other = other if isinstance(other, Deck) else Deck(other)
        counts = dict(self._items)
        for name, n in other.items():
            have = counts.get(name, 0)
            if n > have:
                raise ValueError(f"cannot remove {n} x {name!r}: the deck holds {have}")
            counts[name] = have - n
        return Deck(counts)

    def plus(self, other: Deck | Mapping[str, int]) -> Deck:
        """Return the multiset sum of this deck and ``other``."""
        other = other if isinstance(other, Deck) else Deck(other)
        counts = dict(self._items)
        for name, n in other.items():
            counts[name] = counts.get(name, 0) + n
        return Deck(counts)

    def __iter__(self) -> Iterator[str]:
        """Every card, one entry per copy, in canonical order."""
        for name, count in self._items:
            for _ in range(count):
                yield name

    def __len__(self) -> int:
        return self._size

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return self._items == other._items

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Deck({dict(self._items)!r})"


_PLAYERS_ALLOWED = {
    False: range(
        rulebook.threshold("base_min_players"), rulebook.threshold("base_max_players") + 1
    ),
    True: range(
        rulebook.threshold("base_min_players"), rulebook.threshold("expansion_max_players") + 1
    ),
}


def check_players(players: object, expansion: bool) -> int:
    """Return ``players`` if the box allows it (base 3-7, Merlin's Company 3-8), else raise a
    ValueError naming it (shared by the decks and the rules engine)."""
    allowed = _PLAYERS_ALLOWED[check_bool("expansion", expansion)]
    game = "Merlin's Company" if expansion else "the base game"
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed:
        raise ValueError(
            f"players={players!r} is not allowed in {game}; "
            f"expected {allowed.start}-{allowed.stop - 1}"
        )
    return players


def deck_facts(
    kind: str, *, expansion: bool = False, players: int | None = None
) -> tuple[CardCount, ...]:
    """Return the cited entries behind ``standard_deck(kind, ...)``, each with its confidence.

    For the expansion loyalty deck with 3-6 players the second traitor is left out (JA 7-8
    players), so the entries describe the deck actually dealt.

    >>> [e.confidence.value for e in deck_facts("loyalty", players=4)]
    ['high', 'high']
    """
    entries = rulebook.deck_entries(kind, expansion=expansion)
    if kind == "loyalty":
        if players is None:
            raise ValueError("the loyalty deck needs players= (the number of players, e.g. 5)")
        check_players(players, expansion)
        if expansion and players < rulebook.threshold("two_traitor_min_players"):
            entries = tuple(
                CardCount(e.name, 1, e.kind, e.source, e.confidence, "one traitor below 7 players")
                if e.name == "traitor"
                else e
                for e in entries
            )
    elif players is not None:
        check_players(players, expansion)
    return entries


def standard_deck(kind: str, *, expansion: bool = False, players: int | None = None) -> Deck:
    """Return the box deck of ``kind`` ("white", "black", "travel" or "loyalty").

    Rules: ``deck.counts``, ``loyalty.deal``.

    Base game: white 84, black 76, loyalty 8 (7 loyal + 1 traitor) for 3-7 players.
    Merlin's Company adds 23 white and 14 black cards and a 16-card travel deck (travel needs
    ``expansion=True``); its loyalty deck holds 7 loyal + 2 traitors, the second used only at
    7-8 players (JA 7-8 players). ``players`` is required for loyalty and checked for range
    wherever it is given. See :func:`deck_facts` for each count's source and confidence.

    >>> standard_deck("white").size, standard_deck("black", expansion=True).size
    (84, 90)
    >>> standard_deck("loyalty", expansion=True, players=8).counts["traitor"]
    2
    """
    counts: dict[str, int] = {}
    for entry in deck_facts(kind, expansion=expansion, players=players):
        counts[entry.name] = counts.get(entry.name, 0) + entry.count
    return Deck(counts)


@cache
def known_card_names() -> frozenset[str]:
    """Every card name of every standard deck (base and expansion)."""
    names: set[str] = set()
    for part in (
        rulebook.BASE_WHITE,
        rulebook.EXPANSION_WHITE,
        rulebook.BASE_BLACK,
        rulebook.EXPANSION_BLACK,
        rulebook.TRAVEL,
        rulebook.EXPANSION_LOYALTY,
    ):
        names.update(entry.name for entry in part)
    return frozenset(names)


@dataclass(frozen=True)
class SetupPosition:
    """The decks as a knight sees them right after setup.

    Attributes:
        players: number of players.
        expansion: whether Merlin's Company is in play.
        white_unseen: the white cards this knight has not seen (box deck less the dealt Merlins
            and less this knight's own hand). The draw pile is a uniformly random part of these
            cards, so draw odds from the pile equal draw odds from ``white_unseen``.
        white_draw_pile_size: cards actually left in the white draw pile.
        black: the black draw pile (nothing is dealt from it).
        travel: the travel deck (expansion only, else ``None``).
        loyalty: the loyalty deck the cards are dealt from.
        assumptions: the setup numbers used that are below HIGH confidence.
    """

    players: int
    expansion: bool
    white_unseen: Deck
    white_draw_pile_size: int
    black: Deck
    travel: Deck | None
    loyalty: Deck
    assumptions: tuple[str, ...]


def setup_position(
    players: int, *, expansion: bool = False, hand: Mapping[str, int] | Deck | None = None
) -> SetupPosition:
    """Return the position after setup: each knight holds 1 Merlin and 5 more white cards.

    Rules: ``setup.merlins``.

    ``hand`` is the asking knight's own 5 non-Merlin cards, if known; they are removed from the
    unseen cards (F §1 setup, S19: one Merlin per knight, then 5 white cards each).

    >>> pos = setup_position(5)
    >>> pos.white_unseen.size, pos.white_draw_pile_size, pos.white_unseen.count("merlin")
    (79, 54, 2)
    """
    players = check_players(players, expansion)
    per_knight = rulebook.threshold("white_cards_per_knight_at_setup")
    box = standard_deck("white", expansion=expansion)
    wanted = rulebook.threshold("merlins_per_knight_at_setup") * players
    # Gap in the sources: the box has 7 Merlin cards and no source says what the 8th knight of
    # an 8-player game gets. We deal what there is and say so in ``assumptions``.
    merlins = min(wanted, box.count("merlin"))
    white = box.without("merlin", merlins)
    if hand is not None and not isinstance(hand, (Deck, Mapping)):
        raise ValueError(
            f"hand={hand!r}: expected a Deck or a mapping of card name -> count, or None"
        )
    own = Deck({}) if hand is None else (hand if isinstance(hand, Deck) else Deck(hand))
    if own.size not in (0, per_knight):
        raise ValueError(
            f"hand has {own.size} cards; expected the {per_knight} white cards dealt at setup "
            "(leave out your Merlin card)"
        )
    unseen = white.minus(own)
    return SetupPosition(
        players=players,
        expansion=expansion,
        white_unseen=unseen,
        white_draw_pile_size=white.size - per_knight * players,
        black=standard_deck("black", expansion=expansion),
        travel=standard_deck("travel", expansion=True) if expansion else None,
        loyalty=standard_deck("loyalty", expansion=expansion, players=players),
        assumptions=tuple(
            f"{t.name} = {t.value} ({t.confidence.value}; {t.source})"
            for t in rulebook.THRESHOLDS
            if t.name in {"merlins_per_knight_at_setup", "white_cards_per_knight_at_setup"}
            and t.confidence is not Confidence.HIGH
        )
        + (
            (
                f"only {merlins} Merlin cards for {players} knights: the last "
                f"{wanted - merlins} knight(s) start without one (no source covers this)",
            )
            if merlins < wanted
            else ()
        ),
    )
