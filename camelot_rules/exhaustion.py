"""When a card shows up and when a draw pile runs out.

A deck is drawn in random order; when a draw leaves it empty, the discards are shuffled into a
new draw deck (ES p.10). These calculators answer "where in the deck is the First Witch?" and
"in which turn does the pile run out?".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb

from camelot_rules.cards import Deck, check_card_names
from camelot_rules.dist import check_probability

__all__ = ["check_draw_mix", "first_draw_distribution", "turns_until_exhausted"]


MAX_DECK_SIZE = 1000


def first_draw_distribution(deck: Deck, cards: str | Iterable[str]) -> dict[int, Fraction]:
    """Return the distribution of the 1-based draw index of the first card in ``cards``.

    The whole deck is drawn in random order. With N cards and k copies of ``cards``,
    P(first at i) = C(N - i, k - 1) / C(N, k) for i = 1 .. N - k + 1 (the other k - 1 copies
    all lie after position i). ``ValueError`` when the deck holds no copy.

    The First Witch in the 90-card expansion black deck is equally likely to be anywhere:

    >>> from camelot_rules.cards import standard_deck
    >>> dist = first_draw_distribution(standard_deck("black", expansion=True), "morgan_witch_1")
    >>> len(dist), dist[1], dist[90]
    (90, Fraction(1, 90), Fraction(1, 90))
    """
    if not isinstance(deck, Deck):
        raise ValueError(f"deck must be a Deck, got {type(deck).__name__}")
    names = check_card_names(deck, cards)
    total, marked = deck.size, deck.count_of(names)
    if marked == 0:
        raise ValueError(f"cards: the deck holds no copy of {sorted(names)}: it is never drawn")
    ways = comb(total, marked)
    return {i: Fraction(comb(total - i, marked - 1), ways) for i in range(1, total - marked + 2)}


def check_draw_mix(draws_per_turn: Mapping[int, Fraction | int]) -> dict[int, Fraction]:
    """Validate a per-turn draw mix ``{draws: probability}`` and drop zero entries."""
    if not isinstance(draws_per_turn, Mapping) or not draws_per_turn:
        raise ValueError(
            f"draws_per_turn={draws_per_turn!r} must be a non-empty mapping "
            "{number of draws: probability}"
        )
    mix: dict[int, Fraction] = {}
    for k, p in draws_per_turn.items():
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise ValueError(f"draws_per_turn key {k!r} must be a number of draws (int >= 0)")
        prob = check_probability(p, f"draws_per_turn[{k}]")
        if prob:
            mix[k] = prob
    total = sum(mix.values(), Fraction(0))
    if total != 1:
        raise ValueError(f"draws_per_turn probabilities sum to {total}, expected exactly 1")
    return mix


def turns_until_exhausted(
    deck_size: int, draws_per_turn: Mapping[int, Fraction | int], *, horizon: int | None = None
) -> dict[int, Fraction]:
    """Return P(the draw pile first runs out during turn t) for t = 1, 2, ...

    Rules: ``deck.draw-applies-at-once``.

    Each turn draws k cards with probability ``draws_per_turn[k]``, independently; the pile
    runs out in the turn when the cumulative draws reach or pass ``deck_size``. If 0 draws has
    positive probability the support is infinite and ``horizon`` is required; the result then
    stops at turn ``horizon`` and 1 minus its sum is P(not yet exhausted). A given ``horizon``
    always truncates. A mix that can never draw (``{0: 1}``) raises ``ValueError``.

    Two cards a turn from a 3-card pile: out in turn 2 for sure.

    >>> turns_until_exhausted(3, {2: 1})
    {2: Fraction(1, 1)}
    >>> turns_until_exhausted(2, {0: Fraction(1, 2), 1: Fraction(1, 2)}, horizon=3)
    {2: Fraction(1, 4), 3: Fraction(1, 4)}
    """
    if isinstance(deck_size, bool) or not isinstance(deck_size, int) or deck_size < 1:
        raise ValueError(f"deck_size={deck_size!r} must be a whole number of cards >= 1")
    if deck_size > MAX_DECK_SIZE:
        raise ValueError(
            f"deck_size={deck_size}: at most {MAX_DECK_SIZE} cards (the largest deck of the "
            "game holds 107; the work grows with the square of the size)"
        )
    mix = check_draw_mix(draws_per_turn)
    if set(mix) == {0}:
        raise ValueError("draws_per_turn={0: 1} never draws a card: the pile never runs out")
    if horizon is not None and (
        isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 1
    ):
        raise ValueError(f"horizon={horizon!r} must be a positive whole number of turns")
    if 0 in mix and horizon is None:
        raise ValueError(
            f"draws_per_turn gives 0 draws probability {mix[0]}, so the pile may last forever: "
            "give a horizon (horizon=T, or --horizon T in the terminal)"
        )
    # alive[d] = P(d cards drawn so far and the pile not yet empty); integer-free Fractions.
    alive: dict[int, Fraction] = {0: Fraction(1)}
    result: dict[int, Fraction] = {}
    turn = 0
    while alive and (horizon is None or turn < horizon):
        turn += 1
        nxt: dict[int, Fraction] = {}
        out = Fraction(0)
        for drawn, p in alive.items():
            for k, q in mix.items():
                if drawn + k >= deck_size:
                    out += p * q
                else:
                    nxt[drawn + k] = nxt.get(drawn + k, Fraction(0)) + p * q
        if out:
            result[turn] = out
        alive = nxt
    return result
