"""Whole-game simulations on the rules engine: policies, a tidy results table, win rates with
exact binomial intervals (see ``docs/engine.md``)."""

from camelot_rules.sim.games import (
    GameConfig,
    GameRow,
    Policies,
    play_game,
    rows_to_csv,
    simulate_games,
    summarize,
)
from camelot_rules.sim.policies import LoyalHeuristic, Policy, RandomPolicy, TraitorHeuristic
from camelot_rules.sim.stats import WinRate, clopper_pearson, win_rate

__all__ = [
    "GameConfig",
    "GameRow",
    "LoyalHeuristic",
    "Policies",
    "Policy",
    "RandomPolicy",
    "TraitorHeuristic",
    "WinRate",
    "clopper_pearson",
    "play_game",
    "rows_to_csv",
    "simulate_games",
    "summarize",
    "win_rate",
]
