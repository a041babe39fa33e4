"""Game models for the state-graph explorer (one module each)."""

from camelot_rules.models.coin import CoinRace
from camelot_rules.models.siege_race import SiegeRace

__all__ = ["CoinRace", "SiegeRace"]
