"""Determinization: complete game states that agree with what one seat has seen.

A player does not see the other hands, the order of the draw piles, the face-down black cards
on the combat quests or the other loyalty cards. A search for him (Ginsberg's GIB, 2001; Long,
Sturtevant, Buro and Furtak 2010, "Understanding the success of perfect information Monte
Carlo sampling in game tree search"; Cowling, Powley and Whitehouse 2012, "Information set
Monte Carlo tree search", IEEE TCIAIG 4(2)) samples *worlds*: complete states in which what he
has not seen is dealt again at random, consistently with what he has seen, and plays each
forward with the rules engine.

Any source of worlds plugs in through :class:`Worlds` ("give me ``k`` complete states
consistent with what seat ``s`` has seen"). Here:

- :class:`Redeal`, from a complete state (a simulation's true state, or a saved engine game):
  the seat's own hand, the public board, the discards and the face-up cards stay; the other
  hands (same sizes) and the black draw pile are dealt again from the cards he has not seen;
  each face-down black card becomes an unseen card of its quest's family; the known top and
  bottom of the black pile stay only for Sir Percival (his peek; Clairvoyance is not told
  apart); the other loyalty cards are dealt again, the traitor(s) weighted by a belief;
- :class:`Exact`, the state itself (the perfect-information planner sees everything).

When the table's information set lands (issue 29: built from a play log), a :class:`Worlds`
over it replaces :class:`Redeal` for the advisor; nothing else changes.

**The belief** about who is the traitor (:func:`suspicion`) reads the public record of the
game - each seat's choices of a kind the table sees (the evil step's choice, the kind of heroic
action, a Merlin card pledged or not, a black card laid face down or up) - and multiplies, for
each, the chance of that choice by a traitor over its chance by a loyal knight
(:data:`LIKELIHOOD`, measured on games of the search policies by
``benchmarks/fit_belief.py``), damped by :data:`DAMPING` (choices of one player are not
independent). A world's traitors are then drawn with the chance of the deal (how many traitor
cards stayed undealt) times these ratios.

The ratios describe the search traitor (:class:`~camelot_rules.sim.search.SearchTraitor`) as
he plays by default: he sabotages where it hurts most and pays nothing to hide, so his choices
do not depend on the table, and a refit moves only the knights' side. 150 games of 7 players,
seed 202, the search line-up: 2,314 of his 3,906 evil steps added a siege engine, against 251
of the loyal knights' 16,476 (a ratio of 39, held at 4). A traitor who reads the table can
look loyal to it: the first search traitor did (``caution`` 0.02), and each fit on his games
inverted the last (issue 30). So the table is checked against the traitor who hides, too
(:class:`~camelot_rules.sim.search.SearchKnight`'s docstring): hiding costs him more than
being unmasked.

Known approximations (said wherever the advisor answers): cards a player has seen pass
between others (Arthur's gift, the opening share) are dealt again as unseen; the travel pile's
content is public (its order is the engine's chance).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any, Final, Protocol

from camelot_rules.engine.actions import (
    Accuse,
    Action,
    AddEngine,
    DiscardForExcalibur,
    DrawBlack,
    DrawWhite,
    EndTurn,
    FightEngine,
    Heal,
    LoseLife,
    Move,
    PlayBlack,
    PlayFight,
    PlayGrail,
    PlaySpecial,
    Pledge,
    Sacrifice,
)
from camelot_rules.engine.setup import new_game
from camelot_rules.engine.state import GameState
from camelot_rules.engine.views import observation_view
from camelot_rules.engine.worlds import with_hidden

__all__ = [
    "DAMPING",
    "LIKELIHOOD",
    "Exact",
    "Redeal",
    "Worlds",
    "public_kind",
    "public_record",
    "suspicion",
]

_QUEST_ACTIONS: Final = frozenset({PlayFight, PlayGrail, DiscardForExcalibur, FightEngine})

#: P(choice | traitor) / P(choice | loyal knight) for each kind of public choice, measured
#: on games of the search policies (``benchmarks/fit_belief.py --policies search --players 7
#: --games 150 --seed 202``), held within [1/4, 4]: a traitor can always make a rare choice
#: (the loyal knights always pledge a Merlin card, the traitor never did)
LIKELIHOOD: Final[dict[str, float]] = {
    "evil:black": 0.477,
    "evil:engine": 4.0,
    "evil:life": 0.287,
    "face:down": 1.0,
    "face:up": 1.0,
    "first:accuse": 3.661,
    "first:draw_white": 1.136,
    "first:end": 0.833,
    "first:heal": 0.774,
    "first:move": 1.601,
    "first:quest": 0.527,
    "first:special": 1.0,
    "merlin:pledge": 0.25,
    "second:end": 1.077,
    "second:other": 1.333,
    "second:sacrifice": 0.728,
}
#: the belief's log-odds are the sum of the log-ratios times this (choices are not independent)
DAMPING: Final = 0.5


def public_kind(s: GameState, seat: int, action: Action) -> str | None:
    """The kind of a choice the table sees, made by ``seat`` at ``s`` (None: a choice whose
    kind tells nothing, or that nobody sees): ``evil:black|engine|life``,
    ``first:move|draw_white|quest|special|heal|end|accuse``, ``second:sacrifice|end|other``,
    ``merlin:pledge``, ``face:down|up``."""
    kind = type(action)
    if s.pending:
        task = s.pending[-1][0]
        if task == "merlin":  # (a pass is not seen: the table does not know who holds Merlin)
            return "merlin:pledge" if kind is Pledge else None
        if task == "face" and isinstance(action, PlayBlack):
            return "face:down" if action.face_down else "face:up"
        return None
    if s.phase == "evil":
        if kind is DrawBlack:
            return "evil:black"
        if kind is AddEngine:
            return "evil:engine"
        if kind is LoseLife:
            return "evil:life"
        return None
    if s.phase != "heroic" or s.turn != seat:
        return None
    if s.done == 0 or "sacrificed" in s.tflags:
        if kind is Move:
            return "first:move"
        if kind is DrawWhite:
            return "first:draw_white"
        if kind in _QUEST_ACTIONS:
            return "first:quest"
        if kind is PlaySpecial:
            return "first:special"
        if kind is Heal:
            return "first:heal"
        if kind is EndTurn:
            return "first:end"
        if kind is Accuse:
            return "first:accuse"
        return None
    if kind is Sacrifice:
        return "second:sacrifice"
    if kind is EndTurn:
        return "second:end"
    return "second:other"


def public_record(state: GameState) -> list[tuple[int, str | None]]:
    """The public record of a saved game: its history replayed from the deal, each choice
    made among two or more legal actions as ``(seat, public_kind)``. Empty for a position
    built by hand (no history from a new game) or one whose history does not replay."""
    steps = state.history()
    if not steps:
        return []
    cfg = state.cfg
    try:
        s = new_game(cfg.players, expansion=cfg.expansion, **dict(cfg.options))
        record: list[tuple[int, str | None]] = []
        for step in steps:
            if not s.is_chance() and isinstance(step, Action) and len(s.legal_actions()) > 1:
                seat = s.current_player
                assert seat is not None
                record.append((seat, public_kind(s, seat, step)))
            s = s.step(step)
    except (ValueError, KeyError, TypeError):
        return []
    return record if s == state else []


def suspicion(record: Sequence[tuple[int, str | None]], players: int) -> list[float]:
    """Each seat's likelihood ratio traitor : loyal from the public ``record`` of choices
    (``(seat, public_kind)`` pairs), damped (see the module): 1.0 for a seat with no telling
    choice.

    >>> suspicion([(1, "merlin:pledge")], 3)[1] < 1.0 == suspicion([], 3)[0]
    True
    """
    logs = [0.0] * players
    for seat, kind in record:
        if kind is not None and kind in LIKELIHOOD:
            logs[seat] += math.log(LIKELIHOOD[kind])
    return [math.exp(DAMPING * x) for x in logs]


class Worlds(Protocol):
    """A source of complete states consistent with what one seat has seen."""

    def sample(self, k: int, rng: random.Random) -> list[GameState]: ...


class Exact:
    """The state itself, ``k`` times: for a planner that sees everything."""

    __slots__ = ("_state",)

    def __init__(self, state: GameState) -> None:
        self._state = state

    def sample(self, k: int, rng: random.Random) -> list[GameState]:
        return [self._state] * k


class Redeal:
    """Worlds for ``seat`` dealt again from a complete state (see the module).

    ``likelihood`` is each seat's traitor : loyal ratio (:func:`suspicion`; default 1 each).
    The worlds depend only on what the seat has seen: two states that differ only in what
    he has not seen give the same worlds for the same ``rng``.
    """

    __slots__ = (
        "_black_free",
        "_black_names",
        "_keep_top",
        "_loyalty",
        "_others",
        "_seat",
        "_slots",
        "_state",
        "_white",
        "_white_kinds",
    )

    def __init__(
        self, state: GameState, seat: int, likelihood: Sequence[float] | None = None
    ) -> None:
        if state.pending:
            raise ValueError("Redeal: a world is dealt at a turn's decision, not inside a step")
        self._state = state
        self._seat = seat
        cfg = state.cfg
        n = cfg.players
        # white: the pile and the other hands, in card order (what the seat has not seen)
        self._white_kinds = len(cfg.white_names)
        sizes = [sum(hand) for hand in state.hands]
        others = [o for o in range(n) if o != seat and sizes[o]]
        self._others: list[tuple[int, int]] = [(o, sizes[o]) for o in others]
        pool = list(state.wpile)
        for o in others:
            for i, c in enumerate(state.hands[o]):
                pool[i] += c
        self._white = [i for i, c in enumerate(pool) for _ in range(c)]
        # black: the draw pile (its known top and bottom too, unless the seat peeked at
        # them: Sir Percival) and the face-down cards, by family
        names = cfg.black_names
        self._black_names = names
        index = cfg.black_index
        free = list(state.bpile)
        self._keep_top = state.knights[seat] == "percival"
        if not self._keep_top:
            for card in (*state.btop, *state.bbottom):
                free[index[card]] += 1
        slots: list[tuple[str, int, list[int]]] = []  # (quest, place, family card indices)
        for quest, laid, family in (
            ("bk", state.bk_b, "black_knight_"),
            ("ld", state.ld_b, "lancelot_dragon_"),
        ):
            kin = [i for i, name in enumerate(names) if name.startswith(family)]
            for place, (card, down) in enumerate(laid):
                if down:
                    free[index[card]] += 1
                    slots.append((quest, place, kin))
        self._black_free = free
        self._slots = slots
        self._loyalty = _loyalty_deals(state, seat, likelihood)

    def sample(self, k: int, rng: random.Random) -> list[GameState]:
        return [self.one(rng) for _ in range(k)]

    def traitor_odds(self) -> dict[int, float]:
        """P(each other seat holds a traitor card) under the belief (seats that cannot are
        left out)."""
        deals, weights = self._loyalty
        total = math.fsum(weights)
        odds: dict[int, float] = {}
        if total <= 0:
            return odds
        for (loyalty, _), w in zip(deals, weights):
            for o, card in enumerate(loyalty):
                if card == "traitor" and o != self._seat and not self._state.revealed[o]:
                    odds[o] = odds.get(o, 0.0) + w / total
        return odds

    def one(self, rng: random.Random) -> GameState:
        """One world."""
        s = self._state
        parts: dict[str, Any] = {}
        # the other hands, from the shuffled unseen white cards
        if self._others:
            cards = list(self._white)
            rng.shuffle(cards)
            hands = list(s.hands)
            pile = [0] * self._white_kinds
            at = 0
            for o, size in self._others:
                hand = [0] * self._white_kinds
                for i in cards[at : at + size]:
                    hand[i] += 1
                hands[o] = tuple(hand)
                at += size
            for i in cards[at:]:
                pile[i] += 1
            parts["hands"] = tuple(hands)
            parts["wpile"] = tuple(pile)
        # the face-down black cards, each an unseen card of its family; the rest is the pile
        free = list(self._black_free)
        if self._slots:
            bk, ld = list(s.bk_b), list(s.ld_b)
            for quest, place, kin in self._slots:
                i = kin[_weighted([float(free[i]) for i in kin], rng)]
                free[i] -= 1
                if quest == "bk":
                    bk[place] = (self._black_names[i], True)
                else:
                    ld[place] = (self._black_names[i], True)
            parts["bk_b"], parts["ld_b"] = tuple(bk), tuple(ld)
        if not self._keep_top and (s.btop or s.bbottom):
            parts["btop"], parts["bbottom"] = (), ()
        parts["bpile"] = tuple(free)
        # the other loyalty cards
        deals, weights = self._loyalty
        if len(deals) > 1:
            loyalty, undealt = deals[_weighted(weights, rng)]
            parts["loyalty"], parts["deal_pool"] = loyalty, undealt
        return with_hidden(s, check=False, **parts)


def _weighted(weights: Sequence[float], rng: random.Random) -> int:
    total = math.fsum(weights)
    x = rng.random() * total
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return max(i for i, w in enumerate(weights) if w > 0)


def _loyalty_deals(
    s: GameState, seat: int, likelihood: Sequence[float] | None
) -> tuple[list[tuple[tuple[str, ...], tuple[Any, ...]]], list[float]]:
    """Every way the loyalty cards the seat has not seen may lie - (loyalty per seat, the
    setup pool) - with its weight: the number of deals that give it, times the likelihood
    ratio of each seat it makes a traitor."""
    n = s.cfg.players
    own_seen = observation_view(s, seat)["loyalty"] is not None
    unknown = [
        o
        for o in range(n)
        if (o != seat or not own_seen) and not s.revealed[o] and not s.dead[o] and s.loyalty[o]
    ]
    knights, loyal_left, traitors_left = s.deal_pool
    undealt = loyal_left + traitors_left
    traitors = traitors_left + sum(1 for o in unknown if s.loyalty[o] == "traitor")
    deals: list[tuple[tuple[str, ...], tuple[Any, ...]]] = []
    weights: list[float] = []
    for size in range(min(traitors, len(unknown)) + 1):
        rest = traitors - size
        if rest > undealt:
            continue
        for chosen in combinations(unknown, size):
            loyalty = list(s.loyalty)
            for o in unknown:
                loyalty[o] = "traitor" if o in chosen else "loyal"
            w = float(math.comb(undealt, rest))
            for o in chosen:
                w *= likelihood[o] if likelihood is not None else 1.0
            deals.append((tuple(loyalty), (knights, undealt - rest, rest)))
            weights.append(w)
    return deals, weights
