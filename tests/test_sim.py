"""Whole-game simulation: determinism across workers, privacy of observations, the interval."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from camelot_rules.sim import (
    GameConfig,
    Policies,
    RandomPolicy,
    clopper_pearson,
    simulate_games,
    summarize,
    win_rate,
)


def _tail_at_least(k: int, n: int, p: Fraction) -> Fraction:
    return sum((comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1)), Fraction(0))


@pytest.mark.parametrize(("k", "n"), [(0, 5), (1, 5), (3, 10), (7, 20), (20, 20), (41, 100)])
def test_clopper_pearson_solves_the_exact_binomial_tails(k: int, n: int) -> None:
    """Independent route: exact Fraction binomial tails at the interval's ends equal 2.5%."""
    lo, hi = clopper_pearson(k, n)
    if k > 0:
        assert abs(float(_tail_at_least(k, n, Fraction(lo))) - 0.025) < 1e-9
    else:
        assert lo == 0.0
    if k < n:
        assert abs(float(1 - _tail_at_least(k + 1, n, Fraction(hi))) - 0.025) < 1e-9
    else:
        assert hi == 1.0


def test_clopper_pearson_textbook_value_and_bad_input() -> None:
    lo, hi = clopper_pearson(3, 10)  # a textbook case: [0.0667, 0.6525]
    assert round(lo, 4) == 0.0667 and round(hi, 4) == 0.6525
    assert str(win_rate(0, 10)).startswith("0.0% [0.0, 30.8]")
    with pytest.raises(ValueError, match="k=11"):
        clopper_pearson(11, 10)


def test_same_seed_same_table_whatever_the_workers() -> None:
    config = GameConfig.of(4)
    one = simulate_games(config, n=6, seed=11)
    two = simulate_games(config, n=6, seed=11, workers=2)
    assert one == two
    assert simulate_games(config, n=6, seed=12) != one


def test_expansion_games_and_summary() -> None:
    rows = simulate_games(GameConfig.of(7, expansion=True), n=5, seed=3)
    assert all(r.expansion and r.players == 7 for r in rows)
    summary = summarize(rows)
    assert summary["games"] == 5 and sum(summary["causes"].values()) == 5


class _Spy:
    """A policy that checks what it is shown: its own hand only."""

    def __init__(self) -> None:
        self.seen = 0

    def choose(self, observation, actions, rng):  # type: ignore[no-untyped-def]
        assert set(observation["hand_sizes"]) >= {observation["current_player"]}
        assert "hands" not in observation
        self.seen += 1
        return RandomPolicy().choose(observation, actions, rng)


def test_policies_see_only_observations() -> None:
    spy = _Spy()
    rows = simulate_games(GameConfig.of(3), Policies(loyal=spy, traitor=spy), n=2, seed=1)
    assert spy.seen > 0 and len(rows) == 2


def test_bad_simulation_inputs() -> None:
    with pytest.raises(ValueError, match="n=0"):
        simulate_games(GameConfig.of(4), n=0)
    with pytest.raises(ValueError, match="workers=0"):
        simulate_games(GameConfig.of(4), n=1, workers=0)
    with pytest.raises(ValueError, match="players=9"):
        GameConfig.of(9)
    assert random.Random(0)  # the module keeps no global random state
