"""Whole-game simulations on the rules engine: policies, a tidy results table, win rates with
exact binomial intervals, rule variants side by side, on local processes or a Dask cluster
(see ``docs/engine.md``)."""

from camelot_rules.sim.exact import EndgameComparison, endgame_comparison
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
from camelot_rules.sim.sweep import (
    Comparison,
    SweepRow,
    compare,
    fisher_exact,
    sweep,
    sweep_row,
)
from camelot_rules.sim.variants import (
    AXES,
    VariantReport,
    holm,
    parse_axis,
    plot_variants,
    variant_grid,
    variant_report,
    variant_sweep,
)

__all__ = [
    "AXES",
    "Comparison",
    "EndgameComparison",
    "GameConfig",
    "GameRow",
    "LoyalHeuristic",
    "Policies",
    "Policy",
    "RandomPolicy",
    "SweepRow",
    "TraitorHeuristic",
    "VariantReport",
    "WinRate",
    "clopper_pearson",
    "compare",
    "endgame_comparison",
    "fisher_exact",
    "holm",
    "parse_axis",
    "play_game",
    "plot_variants",
    "rows_to_csv",
    "simulate_games",
    "summarize",
    "sweep",
    "sweep_row",
    "variant_grid",
    "variant_report",
    "variant_sweep",
    "win_rate",
]
