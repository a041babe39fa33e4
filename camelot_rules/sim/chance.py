"""Where the simulations' chance comes from: a seeded pick by the engine's exact weights, or a
*dealer* that holds the order of every pile, as a shuffled deck on the table does.

The engine keeps a draw pile as a multiset (card -> count) and asks for a chance outcome at
each draw, each card with its count as weight (:func:`camelot_rules.engine.flow.
chance_weights`). :func:`pick` samples one with a ``random.Random``, as the game loop does.

A :class:`Dealer` answers the same question from an explicit order of each pile (white, black,
travel: a list of cards, the top first), a pre-rolled sequence of siege-die faces and a
pre-drawn sequence of uniform numbers for the other chance events (a random card stolen, the
shared cards dealt). Shuffled uniformly, an ordered pile gives every card the same chance as
the engine's weights, so games dealt by a dealer have the engine's distribution; but a copy of
the dealer *knows the future*: the perfect-information planner
(:class:`camelot_rules.sim.search.Planner`) plays its lines ahead on a copy and sees the very
cards the game will deal. The dealer follows the engine's multiset: a card the rules put into
a pile (a reshuffle, a card put back) is slipped in at a uniformly random place, a card the
rules take out otherwise is removed from the bottom; a known top (Percival's peek) and known
bottom (Lancelot's Armor) stay the engine's, whose single outcome is taken as it is.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from typing import Final

from camelot_rules.data import rulebook
from camelot_rules.engine.actions import Draw, Outcome, Roll
from camelot_rules.engine.flow import chance_weights
from camelot_rules.engine.state import GameState

__all__ = ["Dealer", "pick"]

_BLOCK: Final = 256  # dice and uniform numbers are drawn in blocks of this size
_FACES: Final = rulebook.SIEGE_DIE_FACES


def pick(s: GameState, rng: random.Random) -> Outcome:
    """One chance outcome of ``s`` drawn with its exact integer weight (the game loop's pick:
    the outcome whose share of the total weight holds ``rng.randrange(total)``)."""
    outcomes, weights = chance_weights(s)
    ends = list(accumulate(weights))
    return outcomes[bisect_right(ends, rng.randrange(ends[-1]))]


class Dealer:
    """The order of every pile and the die's next faces, for one game (see the module).

    ``Dealer(seed)`` starts with no order: the first draw from a pile slips its cards into a
    random order (the shuffle at setup). :meth:`copy` is an independent dealer with the same
    future; :meth:`pick` deals the next outcome of a chance state and advances.

    >>> from camelot_rules.engine import new_game
    >>> s = new_game(4, seed=2)
    >>> while not s.is_chance():
    ...     s = s.apply(s.legal_actions()[0])
    >>> d = Dealer(5)
    >>> d.copy().pick(s) == d.copy().pick(s) == d.pick(s)
    True
    """

    __slots__ = ("_dice", "_have", "_orders", "_rng", "_seed", "_uniform", "_used")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._rng = random.Random(seed)
        self._orders: dict[str, list[int]] = {}
        self._have: dict[str, list[int]] = {}
        self._dice: list[int] = []
        self._uniform: list[float] = []
        self._used = [0, 0]  # dice and uniform numbers used

    def copy(self) -> Dealer:
        new = Dealer(self._seed)
        new._rng.setstate(self._rng.getstate())
        new._orders = {k: list(v) for k, v in self._orders.items()}
        new._have = {k: list(v) for k, v in self._have.items()}
        new._dice = self._dice  # pre-drawn blocks are shared: only ever appended to, alike
        new._uniform = self._uniform
        new._used = list(self._used)
        return new

    def order(self, pile: str) -> list[int]:
        """The pile's cards as the dealer holds them, top first (indices into the engine's card
        names of that pile); empty before the pile's first draw."""
        return list(self._orders.get(pile, []))

    def pick(self, s: GameState) -> Outcome:
        """The outcome this dealer deals at the chance state ``s``."""
        outcomes, weights = chance_weights(s)
        if len(outcomes) == 1:
            return outcomes[0]
        first = outcomes[0]
        if isinstance(first, Draw) and first.pile in ("white", "black", "travel"):
            pile = first.pile
            names = (
                s.cfg.white_names
                if pile == "white"
                else s.cfg.black_names
                if pile == "black"
                else s.cfg.travel_names
            )
            counts = s.wpile if pile == "white" else s.bpile if pile == "black" else s.tpile
            card = names[self._next_card(pile, counts)]
            for o in outcomes:
                if isinstance(o, Draw) and o.card == card:
                    return o
            raise AssertionError(f"the dealer's {pile} card {card} is not in the pile")
        if isinstance(first, Roll):
            face = self._die()
            for o in outcomes:
                if isinstance(o, Roll) and o.face == face:
                    return o
            raise AssertionError(f"no die face {face}")
        u = self._next_uniform()
        total = sum(weights)
        ends = list(accumulate(weights))
        return outcomes[bisect_right(ends, int(u * total))]

    # --- the piles ------------------------------------------------------------------------------
    def _next_card(self, pile: str, counts: tuple[int, ...]) -> int:
        order = self._orders.get(pile)
        have = self._have.get(pile)
        if order is None or have is None:
            order = self._orders[pile] = []
            have = self._have[pile] = [0] * len(counts)
        if have != list(counts):
            self._follow(order, have, counts)
        card = order.pop(0)
        have[card] -= 1
        return card

    def _follow(self, order: list[int], have: list[int], counts: tuple[int, ...]) -> None:
        """Bring the order to the engine's multiset: surplus copies leave from the bottom,
        missing ones are slipped in at uniformly random places (in card order, so the same
        change always meets the same random numbers)."""
        rng = self._rng
        for card, want in enumerate(counts):
            extra = have[card] - want
            while extra > 0:
                for k in range(len(order) - 1, -1, -1):
                    if order[k] == card:
                        del order[k]
                        break
                extra -= 1
            missing = want - have[card]
            for _ in range(missing):
                order.insert(rng.randrange(len(order) + 1), card)
            have[card] = want

    # --- the die and the other chance events ---------------------------------------------------
    def _die(self) -> int:
        k = self._used[0]
        while k >= len(self._dice):  # the next block, the same for every copy
            block = random.Random(self._seed * 7_919 + len(self._dice) // _BLOCK + 1)
            self._dice.extend(block.randint(1, _FACES) for _ in range(_BLOCK))
        self._used[0] = k + 1
        return self._dice[k]

    def _next_uniform(self) -> float:
        k = self._used[1]
        while k >= len(self._uniform):
            block = random.Random(self._seed * 104_729 + len(self._uniform) // _BLOCK + 1)
            self._uniform.extend(block.random() for _ in range(_BLOCK))
        self._used[1] = k + 1
        return self._uniform[k]
