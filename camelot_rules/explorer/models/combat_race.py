"""A combat quest (Black Knight, Lancelot, Dragon) for the state-graph explorer: the knights lay
Fight cards from their hand while black combat cards land, and the quest ends the moment a side
is full (RB p.14); the black cards are then revealed.

Rules: ``quest.combat-end``, ``quest.fight-cards``, ``black.combat``, ``black.face-down``,
``relic.armor``, ``relic.excalibur``, ``knight.kay``, ``endgame.tie``,
``white.expansion-specials``. The same model as
:func:`camelot_rules.odds.quests.combat_race_probability` (its assumptions hold here), with every
step a state: the pattern is the engine's :func:`camelot_rules.engine.quests.pattern_ok`, a
card's value :func:`~camelot_rules.engine.quests.black_value`, the tie rule
:func:`camelot_rules.engine.arithmetic.combat_won` (no second copy of a quest rule).

States are flat tuples ``(step, black laid, black total, unseen left, *pool, *hand, *whites)``
(``pool``: copies of each black value left, smallest value first; ``hand`` and ``whites``:
copies of Fight 1..5; ``unseen left`` is -1 until the quest ends, then the face-down and
missing black cards still to reveal), or ``(outcome,)``: ``"won"`` or ``"lost"``. Decision
states are the schedule's ``w`` steps (lay a card or none); chance states the black cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck
from camelot_rules.engine import quests as _rules
from camelot_rules.engine.arithmetic import combat_won
from camelot_rules.odds import quests as Q

__all__ = ["CombatRace", "describe_combat_state"]

NONE = "lay no card"
State = tuple[int, ...] | tuple[str]
_VALUES = rulebook.FIGHT_VALUES


def _values(x: object, what: str) -> tuple[int, ...]:
    """Fight values from a tuple, one int, or text such as ``"4+4"`` or ``"4 4"`` (the graph
    widget's parameters are ``name=value`` pairs separated by commas)."""
    if isinstance(x, str):
        parts = x.replace("+", " ").split()
        if not all(p.isdigit() for p in parts):
            raise ValueError(f"{what}={x!r}: expected Fight values such as 4+4 (ints 1..5)")
        return tuple(int(p) for p in parts)
    if isinstance(x, int) and not isinstance(x, bool):
        return (x,)
    if isinstance(x, (tuple, list)):
        return tuple(x)
    raise ValueError(f"{what}={x!r}: expected Fight values such as 4+4 (ints 1..5)")


@dataclass(frozen=True)
class CombatRace:
    """The combat ``quest`` with ``whites`` laid and ``black_laid`` black cards face down,
    the knights holding ``hand``, the coming steps in ``schedule`` (``w`` the knights may lay a
    card, ``b`` a black combat card lands, ``a`` the Armor's holder draws it, keeping the lower
    of two), then the empty black spots filled; ``excalibur``, ``kay_reserve`` (a Sir Kay's
    Fight cards, added after the reveal) and ``divine_favor`` as in
    :func:`camelot_rules.odds.quests.combat_race_probability`. ``whites``, ``hand`` and
    ``kay_reserve`` take tuples or text (``"4+4"``).

    Rules: ``quest.combat-end``, ``quest.fight-cards``, ``relic.armor``, ``endgame.tie``.

    >>> from camelot_rules import explore, outcome_probabilities
    >>> m = CombatRace("black_knight", "4+4", 2, hand="1+1", schedule="aww")
    >>> outcome_probabilities(explore(m), maximize="won")["won"]
    Fraction(553, 660)
    """

    quest: str = "black_knight"
    whites: tuple[int, ...] | str = (4, 4)
    black_laid: int = 2
    hand: tuple[int, ...] | str = (1, 1, 5)
    schedule: str = "bwbw"
    excalibur: bool = False
    kay_reserve: tuple[int, ...] | str = ()
    divine_favor: bool = False
    deck: Deck | None = field(default=None)
    _values_black: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _start: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _bonus: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        whites = _values(self.whites, "whites")
        hand = _values(self.hand, "hand")
        reserve = _values(self.kay_reserve, "kay_reserve")
        if isinstance(self.black_laid, bool) or not isinstance(self.black_laid, int):
            raise ValueError(f"black_laid={self.black_laid!r}: expected the number face down")
        # the public calculator checks everything, with the same messages
        Q.combat_race_probability(
            self.quest,
            whites,
            self.black_laid,
            hand=hand,
            schedule=self.schedule,
            deck=self.deck,
            excalibur=self.excalibur,
            kay_reserve=reserve,
            divine_favor=self.divine_favor,
        )
        pool = Q._combat_pool(self.quest, (), self.deck, ())
        values = tuple(sorted(pool))
        bonus = (Q._EXCALIBUR if self.excalibur else 0) + max(reserve, default=0)
        start = (
            0,
            self.black_laid,
            0,
            -1,
            *(pool[v] for v in values),
            *(hand.count(v) for v in _VALUES),
            *(whites.count(v) for v in _VALUES),
        )
        object.__setattr__(self, "_values_black", values)
        object.__setattr__(self, "_bonus", bonus)
        object.__setattr__(self, "_start", start)

    def _spots(self) -> tuple[int, int]:
        data = rulebook.quest_data(self.quest)
        return data.white_spots, data.black_spots

    def _split(self, s: tuple[int, ...]) -> tuple[list[int], list[int], list[int]]:
        k = len(self._values_black)
        return list(s[4 : 4 + k]), list(s[4 + k : 9 + k]), list(s[9 + k : 14 + k])

    def _settle(
        self,
        step: int,
        n: int,
        black: int,
        unseen: int,
        pool: list[int],
        hand: list[int],
        whites: list[int],
    ) -> State:
        """The quest ends when a side is full or the schedule is over; ``(outcome,)`` once
        every unseen card is revealed."""
        white_spots, black_spots = self._spots()
        if unseen < 0:
            if sum(whites) >= white_spots or n >= black_spots:
                unseen = self.black_laid
            elif step >= len(self.schedule):
                unseen = self.black_laid + black_spots - n
        if unseen == 0:
            total = sum(v * c for v, c in zip(_VALUES, whites)) + self._bonus
            won = combat_won(total, black, divine_favor=self.divine_favor)
            return ("won" if won else "lost",)
        return (step, n, black, unseen, *pool, *hand, *whites)

    def initial_state(self) -> State:
        s = self._start
        step, n, black, unseen = s[:4]
        return self._settle(step, n, black, unseen, *self._split(s))

    def is_terminal(self, state: State) -> bool:
        return len(state) == 1

    def outcome(self, state: State) -> str:
        return str(state[0])

    def is_chance(self, state: State) -> bool:
        s = cast(tuple[int, ...], state)
        return len(s) > 1 and (s[3] > 0 or self.schedule[s[0]] != "w")

    def legal_actions(self, state: State) -> Iterator[str]:
        if self.is_terminal(state) or self.is_chance(state):
            return  # the contract: no actions where nobody decides
        s = cast(tuple[int, ...], state)
        _, hand, whites = self._split(s)
        laid = [v for v, c in zip(_VALUES, whites) for _ in range(c)]
        yield NONE
        for v, c in zip(_VALUES, hand):
            if c and _rules.pattern_ok(self.quest, (*laid, v)):
                yield f"lay Fight {v}"

    def chance_outcomes(self, state: State) -> Iterator[tuple[str, Fraction]]:
        s = cast(tuple[int, ...], state)
        pool = self._split(s)[0]
        size = sum(pool)
        values = self._values_black
        if s[3] > 0 or self.schedule[s[0]] == "b" or size < 2:
            what = "revealed" if s[3] > 0 else "laid"
            for v, c in zip(values, pool):
                if c:
                    yield f"black {v} {what}", Fraction(c, size)
            return
        for k, c in enumerate(pool):
            for j in range(k, len(pool)):
                ways = c * (c - 1) if j == k else 2 * c * pool[j]
                if ways:
                    yield (
                        f"Armor: black {values[k]} kept, {values[j]} under the pile",
                        Fraction(ways, size * (size - 1)),
                    )

    def apply(self, state: State, action: str) -> State:
        s = cast(tuple[int, ...], state)
        step, n, black, unseen = s[:4]
        pool, hand, whites = self._split(s)
        values = self._values_black
        if action == NONE:
            return self._settle(step + 1, n, black, unseen, pool, hand, whites)
        words = action.split()
        if action.startswith("lay Fight"):
            v = int(words[2])
            hand[v - 1] -= 1
            whites[v - 1] += 1
            return self._settle(step + 1, n, black, unseen, pool, hand, whites)
        kept = int(words[2] if action.startswith("Armor") else words[1])
        pool[values.index(kept)] -= 1
        if action.startswith("Armor"):
            pool[values.index(int(words[4].rstrip(",")))] -= 1
        if unseen > 0:
            return self._settle(step, n, black + kept, unseen - 1, pool, hand, whites)
        return self._settle(step + 1, n + 1, black + kept, unseen, pool, hand, whites)


def describe_combat_state(state: tuple[int, ...]) -> str:
    """A state of :class:`CombatRace` in words.

    >>> text = describe_combat_state((1, 3, 4, -1, 5, 3, 2, 1, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0))
    >>> for part in text.split("; "):
    ...     print(part)
    step 2 of the schedule
    whites 4+4
    hand 1+5
    3 black card(s) laid, the face-up ones total 4
    combat cards unseen, lowest value first: 5, 3, 2, 1
    """
    step, n, black, unseen = state[:4]
    k = len(state) - 14
    hand = [v for v, c in zip(_VALUES, state[4 + k : 9 + k]) for _ in range(c)]
    whites = [v for v, c in zip(_VALUES, state[9 + k : 14 + k]) for _ in range(c)]
    text = (
        f"whites {'+'.join(map(str, whites)) or 'none'}; "
        f"hand {'+'.join(map(str, hand)) or 'empty'}; "
    )
    pile = ", ".join(map(str, state[4 : 4 + k]))
    left = f"; combat cards unseen, lowest value first: {pile}"
    if unseen > 0:
        return f"the quest has ended; {text}black total so far {black}, {unseen} to reveal{left}"
    return (
        f"step {step + 1} of the schedule; {text}{n} black card(s) laid, the face-up ones "
        f"total {black}{left}"
    )
