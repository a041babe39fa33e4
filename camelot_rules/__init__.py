"""camelot-rules: exact odds for Shadows over Camelot and Merlin's Company.

The public API (the contract): decks, exact calculators and the state-graph explorer. Every
probability is a :class:`fractions.Fraction`; bad input raises ``ValueError`` naming the value.
"""

# isort: off
# first: its import runs the guard that uses the compiled engine only while it matches its
# source (make compiled), before any engine module is imported
from camelot_rules.base import compiled as _compiled  # noqa: F401

# isort: on
from camelot_rules.base.dist import Dist
from camelot_rules.data.decks import Deck, SetupPosition, deck_facts, setup_position, standard_deck
from camelot_rules.data.rulebook import CardCount, Confidence
from camelot_rules.explorer.graph import ExplorationLimitError, GameModel, explore
from camelot_rules.explorer.solver import (
    Solution,
    end_distribution,
    expected_steps,
    outcome_probabilities,
    solve,
)
from camelot_rules.odds.draws import draw_probability, hits_distribution
from camelot_rules.odds.quests import (
    NextFight,
    RaceCurve,
    TurnChoice,
    best_next_fight,
    black_total_distribution,
    combat_race_probability,
    combat_win_probability,
    excalibur_race,
    grail_race,
    turn_choices,
    war_completion_probability,
    war_race,
)
from camelot_rules.odds.rebuilds import (
    DeckPosition,
    Forecast,
    NextRebuild,
    OtherDeck,
    RebuildRules,
    forecast,
    next_rebuild,
)
from camelot_rules.odds.runout import first_draw_distribution, turns_until_exhausted
from camelot_rules.odds.siege import (
    KaySplit,
    SiegeChoice,
    TurnPlan,
    best_turn,
    dealt_hand_table,
    dealt_turn_distribution,
    fight_total_distribution,
    kay_splits,
    random_hand_siege_win_probability,
    siege_choices,
    siege_win_probability,
)
from camelot_rules.odds.travel import travel_composition_posterior

__version__ = "0.1.0"

__all__ = [
    "CardCount",
    "Confidence",
    "Deck",
    "DeckPosition",
    "Dist",
    "ExplorationLimitError",
    "Forecast",
    "GameModel",
    "KaySplit",
    "NextFight",
    "NextRebuild",
    "OtherDeck",
    "RaceCurve",
    "RebuildRules",
    "SetupPosition",
    "SiegeChoice",
    "Solution",
    "TurnChoice",
    "TurnPlan",
    "best_next_fight",
    "best_turn",
    "black_total_distribution",
    "combat_race_probability",
    "combat_win_probability",
    "dealt_hand_table",
    "dealt_turn_distribution",
    "deck_facts",
    "draw_probability",
    "end_distribution",
    "excalibur_race",
    "expected_steps",
    "explore",
    "fight_total_distribution",
    "first_draw_distribution",
    "forecast",
    "grail_race",
    "hits_distribution",
    "kay_splits",
    "next_rebuild",
    "outcome_probabilities",
    "random_hand_siege_win_probability",
    "setup_position",
    "siege_choices",
    "siege_win_probability",
    "solve",
    "standard_deck",
    "travel_composition_posterior",
    "turn_choices",
    "turns_until_exhausted",
    "war_completion_probability",
    "war_race",
]
