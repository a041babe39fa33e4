"""The rules engine: the whole base game of Shadows over Camelot, deterministic and cited.

OpenSpiel-like and small (see ``docs/engine.md``)::

    >>> from camelot_rules.engine import new_game
    >>> game = new_game(5, seed=7)
    >>> game.is_terminal(), game.is_chance(), len(game.legal_actions()) > 0
    (False, False, True)

States are immutable values: ``apply``/``apply_chance`` return a new state and never change
the old one. Chance is explicit (``is_chance``, ``chance_outcomes`` with exact Fractions). Each
rule the engine applies has a registry id in :mod:`camelot_rules.data.registry` citing its page
of the official Rulebook (RB) or Book of Quests (BoQ).
"""

from camelot_rules.engine import actions
from camelot_rules.engine.actions import Action, Outcome
from camelot_rules.engine.setup import (
    from_json,
    new_game,
    play_random,
    position,
    probability_of,
    random_step,
    table_game,
)
from camelot_rules.engine.state import GameResult, GameState, IllegalActionError

__all__ = [
    "Action",
    "GameResult",
    "GameState",
    "IllegalActionError",
    "Outcome",
    "actions",
    "from_json",
    "new_game",
    "play_random",
    "position",
    "probability_of",
    "random_step",
    "table_game",
]
