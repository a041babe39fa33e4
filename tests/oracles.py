"""Brute-force oracles: enumerate every deal, ordering and die roll of small cases.

These share no code with the calculators; they are slow and obviously right.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations, permutations, product

from camelot_rules.data.decks import Deck


def cards_of(deck: Deck) -> list[str]:
    return [name for name, n in deck.counts.items() for _ in range(n)]


def draw_probability_oracle(
    deck: Deck, draws: int, cards: Iterable[str], at_least: int
) -> Fraction:
    wanted = set(cards)
    pile = cards_of(deck)
    hands = list(combinations(range(len(pile)), draws))
    good = sum(sum(pile[i] in wanted for i in hand) >= at_least for hand in hands)
    return Fraction(good, len(hands))


def first_draw_oracle(deck: Deck, cards: Iterable[str]) -> dict[int, Fraction]:
    wanted = set(cards)
    pile = cards_of(deck)
    orders = list(permutations(range(len(pile))))
    counts: dict[int, int] = {}
    for order in orders:
        first = next(i for i, j in enumerate(order, start=1) if pile[j] in wanted)
        counts[first] = counts.get(first, 0) + 1
    return {k: Fraction(v, len(orders)) for k, v in sorted(counts.items())}


def exhaustion_oracle(
    deck_size: int, mix: dict[int, Fraction], horizon: int
) -> dict[int, Fraction]:
    """Enumerate every sequence of per-turn draws of length ``horizon``, each with its full
    probability, and file it under the turn its running total first reaches ``deck_size``."""
    result: dict[int, Fraction] = {}
    for seq in product(mix, repeat=horizon):
        p = Fraction(1)
        for k in seq:
            p *= mix[k]
        drawn = 0
        for turn, k in enumerate(seq, start=1):
            drawn += k
            if drawn >= deck_size:
                result[turn] = result.get(turn, Fraction(0)) + p
                break
    return result


def fight_wins(total: int) -> Fraction:
    """P(total > d8) by listing the eight faces."""
    return Fraction(sum(total > face for face in range(1, 9)), 8)
