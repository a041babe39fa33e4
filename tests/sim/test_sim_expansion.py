"""Whole games of one box counted (camelot_rules.sim.expansion): the counts are read again from
each game, played apart with the same seed, and the base game has none of the expansion's."""

from __future__ import annotations

from fractions import Fraction

import pytest

from camelot_rules.engine import actions as A
from camelot_rules.sim import GameConfig, Policies, RandomPolicy, play_game
from camelot_rules.sim.expansion import box_play, policy_names


def test_the_counts_are_the_games_own() -> None:
    run = box_play(players=4, games=3, seed=2)
    config, policies = GameConfig.of(4, expansion=True), Policies()
    travel = captured = wins = 0
    for i in range(3):
        end = play_game(config, policies, 2 * 100_003 + i)  # the seed box_play documents
        drawn = [h for h in end.history() if isinstance(h, A.Draw) and h.pile == "travel"]
        travel += len(drawn)
        captured += sum(1 for h in drawn if h.card == "captured")
        wins += end.result().knights_win
    assert (
        run.per_game["travel cards"]
        == Fraction(travel, 3)
        == Fraction(sum(run.travel_cards.values()), 3)
    )
    assert run.per_game["captures"] == Fraction(captured, 3)
    assert run.knights_win.wins == wins and run.knights_win.games == 3
    assert sum(run.causes.values()) == 3
    assert run.policies == ("LoyalHeuristic", "TraitorHeuristic")


def test_the_base_game_has_none_of_the_expansions_parts() -> None:
    run = box_play(players=4, expansion=False, games=2, seed=3)
    for key in ("travel cards", "captures", "knights freed", "witches drawn"):
        assert run.per_game[key] == 0
    assert run.per_game["black cards removed"] == 0 and run.travel_cards == {}


def test_the_policy_played_is_named() -> None:
    policies = Policies(loyal=RandomPolicy(), traitor=RandomPolicy())
    assert policy_names(policies) == ("RandomPolicy", "RandomPolicy")
    assert box_play(policies, players=3, games=1, seed=0).policies == policy_names(policies)


@pytest.mark.parametrize("games", [0, -1, True, 2.5])
def test_a_bad_number_of_games_is_refused(games: object) -> None:
    with pytest.raises(ValueError, match="games="):
        box_play(games=games)  # type: ignore[arg-type]


def test_a_bad_seed_is_refused() -> None:
    with pytest.raises(ValueError, match="seed="):
        box_play(games=1, seed="x")  # type: ignore[arg-type]
