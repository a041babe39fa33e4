"""The simulations' game loop (compiled with the engine by ``make compiled``).

:func:`play` runs one game from a state to its end: chance sampled with its exact integer
weights (or dealt by a :class:`~camelot_rules.sim.chance.Dealer`), each decision by the
deciding seat's policy from that seat's observation only, a forced move (one legal action)
applied without asking. A *searching* policy (one with ``searches = True``, see
:mod:`camelot_rules.sim.search`) is asked through ``decide(state, seat, actions, rng,
dealer, record)`` instead: it plays lines ahead on copies of the game, and it reaches the
hidden cards only through its determinizer, which redeals what the seat has not seen; the
loop keeps the game's public record for it (each seat's choices of a kind the table sees, for
the belief about the traitor).
:func:`camelot_rules.sim.games.play_game` is the public face (it checks its input and makes
the first state). :func:`rollout` is the searches' playout: the plain policies from a state
until the game ends or a turn is reached.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from camelot_rules.engine.flow import chance_weights, decider, is_chance_task
from camelot_rules.engine.state import GameState
from camelot_rules.engine.views import observation_view
from camelot_rules.sim.chance import Dealer
from camelot_rules.sim.determinize import public_kind

__all__ = ["play", "rollout"]


def play(
    s: GameState,
    loyal: Any,
    traitor: Any,
    rng: random.Random,
    watch: Callable[[GameState], object] | None,
    max_steps: int,
    dealer: Dealer | None = None,
) -> GameState | None:
    """The game from ``s`` to its end (None if it has not ended within ``max_steps``).
    ``loyal`` and ``traitor`` are policies (``choose(observation, actions, rng)``, or
    ``decide(state, seat, actions, rng, dealer, record)`` for a searching one); ``watch``, if given,
    is called with the first state of every turn; ``dealer``, if given, deals every chance
    outcome (else ``rng`` picks it by its weight)."""
    turn = -1
    loyal_searches = bool(getattr(loyal, "searches", False))
    traitor_searches = bool(getattr(traitor, "searches", False))
    keep = loyal_searches or traitor_searches
    record: list[tuple[int, str | None]] = []  # (seat, public kind of its choice)
    for _ in range(max_steps):
        if s.outcome is not None:  # the game is over
            return s
        if watch is not None and s.turn_no != turn:
            turn = s.turn_no
            watch(s)
        # (the engine's own tests of the moment: a chance event, else whose decision it is)
        if is_chance_task(s):
            if dealer is not None:
                s = s.apply_chance(dealer.pick(s))
                continue
            # the outcome whose share of the total weight holds a uniform pick
            outcomes, weights = chance_weights(s)
            ends = list(accumulate(weights))
            s = s.apply_chance(outcomes[bisect_right(ends, rng.randrange(ends[-1]))])
            continue
        legal = s.legal_actions()
        if len(legal) == 1:  # a forced move: no observation to build, no policy to ask
            s = s.apply(legal[0])
            continue
        seat = decider(s)
        if s.loyalty[seat] == "traitor":
            side, searches = traitor, traitor_searches
        else:
            side, searches = loyal, loyal_searches
        if searches:
            action = side.decide(s, seat, legal, rng, dealer, record)
        else:
            action = side.choose(observation_view(s, seat), legal, rng)
        if keep:
            record.append((seat, public_kind(s, seat, action)))
        s = s.apply(action)
    return None


def rollout(
    s: GameState,
    loyal: Any,
    traitor: Any,
    rng: random.Random,
    dealer: Dealer | None,
    last_turn: int,
    max_steps: int,
) -> GameState:
    """The game played on from ``s`` by plain policies (``choose``) until it ends, or until
    the turn numbered ``last_turn`` is over, or ``max_steps`` steps: the state reached.
    Chance is dealt by ``dealer`` when given, else picked with ``rng``."""
    for _ in range(max_steps):
        if s.outcome is not None or s.turn_no > last_turn:
            return s
        if is_chance_task(s):
            if dealer is not None:
                s = s.apply_chance(dealer.pick(s))
                continue
            outcomes, weights = chance_weights(s)
            ends = list(accumulate(weights))
            s = s.apply_chance(outcomes[bisect_right(ends, rng.randrange(ends[-1]))])
            continue
        legal = s.legal_actions()
        if len(legal) == 1:
            s = s.apply(legal[0])
            continue
        seat = decider(s)
        side = traitor if s.loyalty[seat] == "traitor" else loyal
        s = s.apply(side.choose(observation_view(s, seat), legal, rng))
    return s
