"""The simulations' game loop (compiled with the engine by ``make compiled``).

:func:`play` runs one game from a state to its end: chance sampled with its exact integer
weights, each decision by the deciding seat's policy from that seat's observation only, a
forced move (one legal action) applied without asking. :func:`camelot_rules.sim.games.
play_game` is its public face (it checks its input and makes the first state).
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

__all__ = ["play"]


def play(
    s: GameState,
    loyal: Any,
    traitor: Any,
    rng: random.Random,
    watch: Callable[[GameState], object] | None,
    max_steps: int,
) -> GameState | None:
    """The game from ``s`` to its end (None if it has not ended within ``max_steps``).
    ``loyal`` and ``traitor`` are policies (``choose(observation, actions, rng)``); ``watch``,
    if given, is called with the first state of every turn."""
    turn = -1
    for _ in range(max_steps):
        if s.outcome is not None:  # the game is over
            return s
        if watch is not None and s.turn_no != turn:
            turn = s.turn_no
            watch(s)
        # (the engine's own tests of the moment: a chance event, else whose decision it is)
        if is_chance_task(s):
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
        side = traitor if s.loyalty[seat] == "traitor" else loyal
        s = s.apply(side.choose(observation_view(s, seat), legal, rng))
    return None
