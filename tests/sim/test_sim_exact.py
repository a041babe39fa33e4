"""The exact endgame next to the simulated one (issue 15, "exact where it pays")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from camelot_rules.engine.arithmetic import after_hidden_traitors
from camelot_rules.explorer.graph import explore
from camelot_rules.explorer.models import RoundTable
from camelot_rules.explorer.solver import outcome_probabilities
from camelot_rules.sim import GameConfig, Policies
from camelot_rules.sim.exact import endgame_comparison
from camelot_rules.sim.games import game_seed, play_game


def test_p_lost_ends_rounds_for_evil_worked_by_hand() -> None:
    """6 white, 5 black, no accusation: the next sword ends the game. White (1/2) before black
    (1/4) or a loss otherwise (1/8), 'nothing' repeating: P(white first) = (1/2)/(7/8) = 4/7;
    7-5 wins only with no hidden traitor, P = C(7,5)/C(8,5) = 3/8 at 5 players; a black sword
    makes 6-6, a tie that loses. So P(knights win) = 4/7 * 3/8 = 3/14."""
    model = RoundTable(
        players=5,
        white=6,
        black=5,
        p_white=Fraction(1, 2),
        p_black=Fraction(1, 4),
        p_lost=Fraction(1, 8),
        sabotage=Fraction(0),
        max_accusations=0,
    )
    got = outcome_probabilities(explore(model), maximize="loyal_win")
    assert got == {"loyal_win": Fraction(3, 14), "evil_win": Fraction(11, 14)}
    with pytest.raises(ValueError, match="p_lost"):
        RoundTable(p_white=Fraction(1, 2), p_black=Fraction(1, 3), p_lost=Fraction(1, 3))


def test_the_engine_records_the_swords_as_laid_before_the_turn_over() -> None:
    """The ``count`` record: 12 swords as laid, and the traitors' turn-over of them is the final
    result (core.after_hidden_traitors, RB p.17) - checked on every 12-sword game of 60."""
    config, seen = GameConfig.of(5), 0
    for game in range(60):
        end = play_game(config, Policies(), game_seed(5, game))
        counts = [e for e in end.record() if e[0] == "count"]
        if end.result().cause != "12 swords":
            assert counts == []
            continue
        seen += 1
        (_, white, black, hidden) = counts[0]
        assert white + black >= 12  # a lost quest may lay two black swords at 11
        assert after_hidden_traitors(white, black, hidden) == (
            end.result().white_swords,
            end.result().black_swords,
        )
    assert seen > 0


def test_the_comparison_counts_the_games_from_the_position() -> None:
    """Recount by another route - each game's turns from the engine's full history, replayed
    with the watch hook off - and check the fitted model is those counts' fractions and its
    exact answer the explorer's on that model."""
    config = GameConfig.of(5)
    got = endgame_comparison(config, white=2, black=2, n=40, seed=3)
    wins = reached = turns = 0
    for game in range(40):
        firsts: list[int] = []
        end = play_game(config, Policies(), game_seed(3, game))
        # replay: the first turn whose first state shows 2/2 swords, nobody accused or unmasked
        from camelot_rules.engine import new_game

        s = new_game(5, seed=game_seed(3, game))
        last_turn = s.turn_no
        reached_here = (s.wsw, s.bsw) == (2, 2) and not any(s.accused) and not any(s.revealed)
        if reached_here:
            firsts.append(s.turn_no)
        history = end.history()
        start = len(s.history())
        for item in history[start:]:
            s = s.apply_chance(item) if s.is_chance() else s.apply(item)
            if s.turn_no != last_turn and s.outcome is None:
                last_turn = s.turn_no
                if (
                    not firsts
                    and (s.wsw, s.bsw) == (2, 2)
                    and not any(s.accused)
                    and not any(s.revealed)
                ):
                    firsts.append(s.turn_no)
        assert s.result() == end.result()
        if firsts:
            reached += 1
            wins += end.result().knights_win
            turns += end.turn_no - firsts[0] + 1
    assert (got.simulated.wins, got.simulated.games, got.turns) == (wins, reached, turns)
    rounds = max(got.turns, got.white_laid + got.black_laid + got.lost_otherwise)
    m = got.model
    assert (m.p_white, m.p_black, m.p_lost) == (
        Fraction(got.white_laid, rounds),
        Fraction(got.black_laid, rounds),
        Fraction(got.lost_otherwise, rounds),
    )
    assert got.exact == outcome_probabilities(explore(m), maximize="loyal_win").get(
        "loyal_win", Fraction(0)
    )
    text = str(got)
    assert text.startswith("From 2 white and 2 black swords") and "What this assumes" in text


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"config": GameConfig.of(5, traitor="none"), "white": 2, "black": 2}, "traitor"),
        ({"config": GameConfig.of(5), "white": 6, "black": 6}, "over"),
        ({"config": GameConfig.of(5), "white": 0, "black": 7}, "over"),
        ({"config": GameConfig.of(5), "white": 11, "black": 0, "n": 2}, "none of the 2 games"),
        ({"config": "5 players", "white": 2, "black": 2}, "GameConfig"),
        ({"config": GameConfig.of(5), "white": -1, "black": 2}, "white"),
    ],
)
def test_bad_positions_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        endgame_comparison(**kwargs)  # type: ignore[arg-type]


def test_the_cli_prints_the_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    from camelot_rules.front.cli import main

    assert main(["simulate", "--endgame", "2,2", "--games", "20", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    expected = endgame_comparison(GameConfig.of(5), white=2, black=2, n=20, seed=3)
    assert out.strip() == str(expected).strip()
    assert main(["simulate", "--endgame", "2-2"]) != 0
    assert "WHITE,BLACK" in capsys.readouterr().err


def test_a_fitted_model_that_cannot_be_won_answers_zero() -> None:
    """Of these 48 games, those reaching 4 white and 3 black swords laid no white sword after
    it: the fitted model has no way to a win, and the exact answer is 0 (not an error)."""
    got = endgame_comparison(GameConfig.of(5), white=4, black=3, n=48, seed=17)
    assert got.model.p_white == 0 and got.white_laid == 0
    assert got.exact == 0 and got.best_move == "quest"
    assert got.simulated.wins == 0
