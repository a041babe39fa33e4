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
from camelot_rules.sim.sweep import Comparison, SweepRow, compare, fisher_exact, sweep

__all__ = [
    "Comparison",
    "GameConfig",
    "GameRow",
    "LoyalHeuristic",
    "Policies",
    "Policy",
    "RandomPolicy",
    "SweepRow",
    "TraitorHeuristic",
    "WinRate",
    "clopper_pearson",
    "compare",
    "fisher_exact",
    "play_game",
    "rows_to_csv",
    "simulate_games",
    "summarize",
    "sweep",
    "win_rate",
]
