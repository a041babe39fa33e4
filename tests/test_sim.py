"""Whole-game simulation: determinism across workers, privacy of observations, the interval."""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

import pytest

from camelot_rules.cli import main
from camelot_rules.sim import (
    GameConfig,
    Policies,
    RandomPolicy,
    clopper_pearson,
    compare,
    fisher_exact,
    simulate_games,
    summarize,
    sweep,
    win_rate,
)
from camelot_rules.sim.policies import combat_plan


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


# --- sweeps, the significance test, the CLI, the heuristic's sanity ---------------------------
def test_sweep_same_table_whatever_the_workers() -> None:
    configs = [GameConfig.of(4), GameConfig.of(4, traitor="none")]
    one = sweep(configs, n=4, seed=5)
    two = sweep(configs, n=4, seed=5, workers=2)
    assert one == two
    assert [r.label for r in one] == ["4 players, base", "4 players, base, traitor=none"]
    assert all(r.games == 4 and sum(c for _, c in r.causes) == 4 for r in one)
    assert one[0].rate == win_rate(one[0].wins, 4)


def test_fisher_exact_hand_checked() -> None:
    """1/4 against 3/4: the tables with 4 wins in 8 have hypergeometric weights
    C(4,x)C(4,4-x)/C(8,4) = 1, 16, 36, 16, 1 (/70); the observed x=1 has 16, so the two-sided
    p is (1 + 16 + 16 + 1)/70 = 17/35."""
    assert fisher_exact(1, 4, 3, 4) == pytest.approx(17 / 35, abs=1e-15)
    assert fisher_exact(2, 4, 2, 4) == pytest.approx(1.0)
    # 0/10 against 10/10: only the two extreme tables, each 1/C(20,10)
    assert fisher_exact(0, 10, 10, 10) == pytest.approx(2 / comb(20, 10))
    c = compare((0, 10), (10, 10))
    assert c.significant and c.difference == -1.0 and "Fisher" in str(c)
    assert not compare(win_rate(1, 4), win_rate(3, 4)).significant
    with pytest.raises(ValueError, match="k <= n"):
        fisher_exact(5, 4, 1, 4)


def test_loyal_heuristic_beats_random_play_on_the_same_seeds() -> None:
    """A sanity check that fails if the heuristic stops playing the quests: on the same 8
    seeded no-traitor games it wins more quests and lays more white swords than random play
    (measured: about 1.8 quests won a game against nearly none)."""
    config = GameConfig.of(4, traitor="none")
    loyal = simulate_games(config, n=8, seed=21)
    rand = simulate_games(config, Policies(loyal=RandomPolicy()), n=8, seed=21)
    assert sum(r.quests_won for r in loyal) >= sum(r.quests_won for r in rand) + 4
    assert sum(r.white_swords for r in loyal) > sum(r.white_swords for r in rand)
    assert sum(r.turns for r in loyal) > sum(r.turns for r in rand)


def test_combat_plan_is_exact() -> None:
    assert combat_plan("black_knight", (), (0, 0, 0, 2, 2)) == (0, 18, (5, 5, 4, 4))
    assert combat_plan("black_knight", (1,), (0, 0, 0, 0, 2)) == (1, 12, (5, 5))
    assert combat_plan("lancelot", (2, 2), (0, 0, 3, 0, 0)) == (0, 13, (3, 3, 3))
    assert combat_plan("dragon", (1, 2, 3), (0, 0, 0, 0, 0))[0] == 6


def test_cli_simulate_same_csv_whatever_the_workers(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    args = ["simulate", "--players", "4", "--no-traitor", "--games", "4", "--seed", "11"]
    assert main([*args, "--csv", str(one)]) == 0
    text = capsys.readouterr().out
    assert "traitor=none" in text and "Clopper-Pearson" in text and "endings:" in text
    assert main([*args, "--workers", "2", "--csv", str(two)]) == 0
    assert one.read_text() == two.read_text()
    assert len(one.read_text().splitlines()) == 5  # a header and one row per game
    assert main(["simulate", "--games", "0"]) == 2


def test_batches_by_first_game_number_make_one_run() -> None:
    config = GameConfig.of(4, traitor="none")
    whole = simulate_games(config, n=5, seed=3)
    assert (
        simulate_games(config, n=2, seed=3) + simulate_games(config, n=3, seed=3, first=2) == whole
    )
    with pytest.raises(ValueError, match="first=-1"):
        simulate_games(config, n=1, first=-1)


def _evil_observation(**changes):  # type: ignore[no-untyped-def]
    """A real observation at a 5-player evil step, with some public numbers changed."""
    from camelot_rules.engine import new_game

    obs = new_game(5, seed=4, traitor="none").observation(0)
    obs["current_player"] = 0
    for key, value in changes.items():
        obs[key] = value
    return obs


def test_evil_step_weighs_the_harms() -> None:
    """The evil step by the lesser harm: with few engines an engine is cheapest; the twelfth
    engine and the last life are never chosen; a quest one card from lost makes the black
    card dearer than an engine that was dearer before."""
    from camelot_rules.engine import actions as A
    from camelot_rules.sim.policies import LoyalHeuristic, draw_harm

    p = LoyalHeuristic()
    evil = [A.DrawBlack(), A.AddEngine(), A.LoseLife()]
    rng = random.Random(0)
    assert p.choose(_evil_observation(siege_engines=0), evil, rng) == A.AddEngine()
    full = _evil_observation(siege_engines=11, life={0: 1})
    assert p.choose(full, evil, rng) == A.DrawBlack()
    assert p.engine_harm(12) > 100 and p.life_harm(1) > 100
    assert [p.engine_harm(e) for e in range(5, 12)] == sorted(
        p.engine_harm(e) for e in range(5, 12)
    )
    # 6 engines, 2 life: the 7th engine costs 0.2 * (1 + 2**2 / 2) = 0.6 swords, a life
    # 0.35 * 2**2 = 1.4; a black card on a calm board about 0.35 (the doctest of draw_harm)
    calm = _evil_observation(siege_engines=6, life={0: 2})
    assert p.engine_harm(7) == pytest.approx(0.6) and p.life_harm(2) == pytest.approx(1.4)
    assert draw_harm(calm, p.engine_harm(7)) < 0.6
    assert p.choose(calm, evil, rng) == A.DrawBlack()
    brink = _evil_observation(siege_engines=6, life={0: 2})
    brink["quests"]["grail"]["blacks"] = ["despair"] * 6  # one Despair from losing 3 swords
    # a Grail black card (18 of 76) now carries the whole loss: 18/76 * 3 = 0.71 alone
    assert draw_harm(brink, p.engine_harm(7)) > 0.71
    assert p.choose(brink, evil, rng) == A.AddEngine()
