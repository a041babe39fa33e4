"""The rules that play a state: the turn (:mod:`camelot_rules.engine.flow`) and the views
(:mod:`camelot_rules.engine.views`) behind the methods of a :class:`GameState`.

Every state's configuration holds :data:`RULES` (set when a game is started, set up or
loaded: :mod:`camelot_rules.engine.setup`); ``state.apply(action)`` is
``RULES.apply(state, action)``. The state module itself imports no rule: the rules import it.
"""

from __future__ import annotations

from typing import Any, Final

from camelot_rules.engine import flow, views
from camelot_rules.engine.actions import Action, Outcome
from camelot_rules.engine.state import GameState, Rules

__all__ = ["RULES", "GameRules"]


class GameRules(Rules):
    """The whole game, base and Merlin's Company (the expansion plays when the configuration
    says so)."""

    def is_chance(self, s: GameState) -> bool:
        return flow.is_chance_task(s)

    def decider(self, s: GameState) -> int:
        return flow.decider(s)

    def legal_actions(self, s: GameState) -> list[Action]:
        return flow.legal_actions(s)

    def apply(self, s: GameState, action: Action) -> GameState:
        return flow.apply(s, action)

    def chance_weights(self, s: GameState) -> tuple[list[Outcome], list[int]]:
        return flow.chance_weights(s)

    def apply_chance(self, s: GameState, outcome: Outcome) -> GameState:
        return flow.apply_chance(s, outcome)

    def observation(self, s: GameState, player: object) -> dict[str, Any]:
        return views.observation(s, player)

    def card_census(self, s: GameState) -> dict[str, dict[str, int]]:
        return views.card_census(s)

    def to_json(self, s: GameState) -> str:
        return views.to_json(s)


#: the rules every state of the engine is played by
RULES: Final = GameRules()
