"""A policy wrapper for the benchmarks that watch choices (``fit_belief.py``,
``accusations.py``): the wrapped policy decides exactly as it would alone, and a callback
sees each choice it made."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from camelot_rules.engine.actions import Action
from camelot_rules.engine.state import GameState
from camelot_rules.engine.views import observation_view

#: called as ``seen(state, seat, action, policy, record)`` after each choice
Seen = Callable[[GameState, int, Action, Any, Sequence[tuple[int, str | None]]], None]


class Watched:
    """``policy`` (plain or searching), each of its choices shown to ``seen``. It is a
    searching policy to the game loop (it needs the state), and asks a plain policy as the
    loop would: from the seat's observation."""

    searches = True

    def __init__(self, policy: Any, seen: Seen) -> None:
        self.policy, self.seen = policy, seen

    def choose(self, observation: Any, actions: Sequence[Action], rng: Any) -> Action:
        return self.policy.choose(observation, actions, rng)  # type: ignore[no-any-return]

    def decide(
        self,
        s: GameState,
        seat: int,
        legal: Sequence[Action],
        rng: random.Random,
        dealer: Any,
        record: Sequence[tuple[int, str | None]],
    ) -> Action:
        if getattr(self.policy, "searches", False):
            action = self.policy.decide(s, seat, legal, rng, dealer, record)
        else:
            action = self.policy.choose(observation_view(s, seat), legal, rng)
        self.seen(s, seat, action, self.policy, record)
        return action  # type: ignore[no-any-return]
