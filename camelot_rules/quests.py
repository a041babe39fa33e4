"""Old import path of the quest odds (the contract keeps it): see
:mod:`camelot_rules.odds.quests`."""

from camelot_rules.odds.quests import (
    black_total_distribution,
    combat_win_probability,
    excalibur_race,
    grail_race,
    war_completion_probability,
    war_race,
)

__all__ = [
    "black_total_distribution",
    "combat_win_probability",
    "excalibur_race",
    "grail_race",
    "war_completion_probability",
    "war_race",
]
