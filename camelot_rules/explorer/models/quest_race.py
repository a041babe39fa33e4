"""A quest race for the state-graph explorer: the Grail, Excalibur or a war over the next turns,
with the knights' one real choice in it - draw the black card, or add a siege engine instead.

Rules: ``quest.grail``, ``quest.excalibur``, ``quest.wars``, ``evil.black-card``,
``turn.order`` (RB p.9-10: each evil step is a black card, a siege engine or a life; BoQ pp.8-10,
pp.15-16 for the quests). Every card is played by the rules engine, through the same cached
steps as :func:`camelot_rules.odds.quests.grail_race` (no second copy of a quest rule); the race's
assumptions are those of :data:`camelot_rules.odds.quests.RaceCurve` except the first: here a
knight may add a siege engine instead of drawing, at most ``engines`` times in all.

States are flat tuples ``(turn, engines used, draws left, turn over, *race state)`` (the race
state as :func:`camelot_rules.odds.quests._race` keeps it), or ``(outcome,)`` at the end:
``"won"``, ``"lost"`` or ``"undecided"`` (the horizon reached). Decision states are the evil
steps; chance states the black cards, grouped by kind (``"other"``: no effect on the race).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import cast

from camelot_rules.data.decks import Deck
from camelot_rules.odds import quest_races as Q

__all__ = ["QuestRace"]

DRAW, ENGINE = "draw a black card", "add a siege engine instead"
State = tuple[int, ...] | tuple[str]


@dataclass(frozen=True)
class QuestRace:
    """The race of ``quest`` (``"grail"``, ``"excalibur"``, ``"picts"``, ``"saxons"``) from
    ``on_quest`` (Grail: ``(grails, despairs)``; Excalibur: ``(steps,)``; a war: ``(fights,
    warriors)``) with the knights' ``hands`` (Grail/white card counts, or Fight values for a
    war) at ``seats``, over ``turns`` turns of a table of ``players``; the evil step may add a
    siege engine instead of a black card up to ``engines`` times. ``deck``: the black draw
    pile (default: the box's, less the cards on the quest).

    Rules: ``evil.black-card``, ``quest.grail``, ``quest.excalibur``, ``quest.wars``.

    >>> from camelot_rules import explore, grail_race, outcome_probabilities
    >>> m = QuestRace("grail", (4, 1), ((2,), (2,)), turns=6)
    >>> p = outcome_probabilities(explore(m), maximize="won")["won"]
    >>> p == grail_race(4, 1, [2, 2], 6).p_win
    True
    """

    quest: str = "grail"
    on_quest: tuple[int, ...] = (4, 1)
    hands: tuple[tuple[int, ...], ...] = ((2,), (2,))
    seats: tuple[int, ...] | None = None
    players: int = 4
    turns: int = 6
    engines: int = 0
    deck: Deck | None = field(default=None)
    _q0: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _sizes: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _seats: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _start: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.quest not in Q.RACE_CARDS:
            raise ValueError(f"quest={self.quest!r}: expected one of {list(Q.RACE_CARDS)}")
        if isinstance(self.engines, bool) or not isinstance(self.engines, int):
            raise ValueError(f"engines={self.engines!r}: expected a whole number 0..11")
        if not 0 <= self.engines <= 11:
            raise ValueError(f"engines={self.engines}: expected 0..11 (12 engines lose the game)")
        # the public calculators check everything else (the same messages)
        need = 2 if self.quest != "excalibur" else 1
        if not isinstance(self.on_quest, tuple) or len(self.on_quest) != need:
            raise ValueError(f"on_quest={self.on_quest!r}: expected a tuple of {need} numbers")
        a = self.on_quest[0]
        b = self.on_quest[1] if need == 2 else 0
        counts: list[tuple[int, ...]]
        common = {"players": self.players, "seats": self.seats, "deck": self.deck}
        if self.quest in ("grail", "excalibur"):
            counts = [(int(h[0]),) for h in self.hands]
            flat = [c[0] for c in counts]
            if self.quest == "grail":
                Q.grail_race(a, b, flat, 0, **common)  # type: ignore[arg-type]
                q0: tuple[int, ...] = (a, b, 0)
            else:
                Q.excalibur_race(a, flat, 0, **common)  # type: ignore[arg-type]
                q0 = (a,)
        else:
            Q.war_race(self.quest, a, b, [list(h) for h in self.hands], 0, **common)  # type: ignore[arg-type]
            q0 = (a, b, 0)
            counts = [tuple(list(h).count(v) for v in range(1, 6)) for h in self.hands]
        board = {"despair": q0[1]} if self.quest == "grail" and q0[1] else {}
        pile, other = Q._race_pile(self.quest, self.deck, (), board, False)
        seats = tuple(self.seats) if self.seats is not None else tuple(range(len(self.hands)))
        start = (*q0, *(c for h in counts for c in h), *(0,) * len(counts), *pile, other)
        object.__setattr__(self, "_q0", q0)
        object.__setattr__(self, "_sizes", tuple(len(h) for h in counts))
        object.__setattr__(self, "_seats", seats)
        object.__setattr__(self, "_start", start)

    def _layout(self) -> tuple[int, list[int], int, int]:
        """Where the quest, each hand, the away flags and the pile begin in the race part."""
        nq = len(self._q0)
        starts, at = [], nq
        for n in self._sizes:
            starts.append(at)
            at += n
        return nq, starts, at, at + len(self._sizes)

    def _kinds(self) -> tuple[str, ...]:
        return (*Q.RACE_CARDS[self.quest], *Q.ANY_RACE)

    def initial_state(self) -> State:
        return (0, 0, 0, 0, *self._start)

    def is_terminal(self, state: State) -> bool:
        return len(state) == 1

    def outcome(self, state: State) -> str:
        return str(state[0])

    def is_chance(self, state: State) -> bool:
        return len(state) > 1 and state[2] != 0  # cards still to draw

    def legal_actions(self, state: State) -> Iterator[str]:
        if self.is_terminal(state) or self.is_chance(state):
            return  # the contract: no actions where nobody decides
        yield DRAW
        if cast(tuple[int, ...], state)[1] < self.engines:
            yield ENGINE

    def chance_outcomes(self, state: State) -> Iterator[tuple[str, Fraction]]:
        pile0 = self._layout()[3]
        counts = cast(tuple[int, ...], state[4 + pile0 :])
        size = sum(counts)
        for kind, c in zip((*self._kinds(), "other"), counts):
            if c:
                yield kind, Fraction(c, size)

    def apply(self, state: State, action: str) -> State:
        ints = cast(tuple[int, ...], state)
        turn, used, draws, over = ints[:4]
        race = list(ints[4:])
        nq, starts, away0, pile0 = self._layout()
        kinds = self._kinds()
        if action == ENGINE:
            return self._heroic(turn, used + 1, False, race)
        if action == DRAW:
            return (turn, used, 1, 0, *race)
        i = len(kinds) if action == "other" else kinds.index(action)
        race[pile0 + i] -= 1
        left = draws - 1
        if action == "morgan_3":
            left += Q.MORGAN_3_DRAWS
        elif action == "guinevere":
            over = 1
            for k in range(len(starts)):
                race[away0 + k] = 1
        elif action != "other":  # Mercenaries and Mordred go on this war (the worst case)
            q2 = Q._engine_black(self.quest, tuple(race[:nq]), action)
            if isinstance(q2, str):
                return (q2,)
            race[:nq] = q2
        if left:
            return (turn, used, left, over, *race)
        return self._heroic(turn, used, bool(over), race)

    def _heroic(self, turn: int, used: int, over: bool, race: list[int]) -> State:
        nq, starts, away0, _ = self._layout()
        seat = turn % self.players
        if not over and seat in self._seats:
            k = self._seats.index(seat)
            size = self._sizes[k]
            if race[away0 + k]:
                race[away0 + k] = 0
            else:
                hand = tuple(race[starts[k] : starts[k] + size])
                step = Q._engine_lay(self.quest, tuple(race[:nq]), hand)
                if step is not None:
                    q3, left = step
                    if isinstance(q3, str):
                        return (q3,)
                    race[:nq] = q3
                    race[starts[k] : starts[k] + size] = left
        if turn + 1 >= self.turns:
            return ("undecided",)
        return (turn + 1, used, 0, 0, *race)
