"""Game models for the state-graph explorer (one module each)."""

from camelot_rules.explorer.models.coin import CoinRace
from camelot_rules.explorer.models.combat_race import CombatRace
from camelot_rules.explorer.models.endgame import EndgameState, RoundTable
from camelot_rules.explorer.models.siege_race import SiegeRace
from camelot_rules.explorer.models.travel_chain import TravelChain
from camelot_rules.explorer.models.war import War

__all__ = [
    "CoinRace",
    "CombatRace",
    "EndgameState",
    "RoundTable",
    "SiegeRace",
    "TravelChain",
    "War",
]
