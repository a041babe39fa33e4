"""The advisor's position read from a play log (sim/logged.py) and ``camelot-rules advise``."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from camelot_rules.base.i18n import language
from camelot_rules.front.cli import main
from camelot_rules.logs.tracker import GameRecord
from camelot_rules.sim.determinize import Redeal
from camelot_rules.sim.logged import logged_position, logged_record, recorded_hand

LOG = Path(__file__).parents[1] / "logs" / "hand" / "41_clean_base_5p_full.log"
HAND = {"fight_3": 1, "fight_4": 1, "grail": 1, "merlin": 1}


def _lines(upto: int) -> list[str]:
    return LOG.read_text(encoding="utf-8").splitlines()[:upto]


def test_a_logged_position_is_the_trackers() -> None:
    text = LOG.read_text(encoding="utf-8")
    logged = logged_position(text, line=58, hand=HAND)
    s, seat = logged.state, logged.seat
    pos = GameRecord("\n".join(_lines(58)) + "\n").position()
    assert logged.knight == pos.turn == "gawain" == s.knights[seat]
    assert (s.wsw, s.bsw, s.engines) == (pos.white_swords, pos.black_swords, pos.engines[1])
    assert s.phase == "heroic" and s.current_player == seat  # his evil step is on line 57
    assert s.hand(seat) == HAND
    # every other knight holds the cards the replay counts for him (no longer a guess)
    counted = dict(pos.hand_sizes)
    assert [sum(h) for h in s.hands] == [4 if k == "gawain" else counted[k] for k in s.knights]
    assert len(set(counted.values())) > 1  # (the table's counts differ: a real check)
    assert not any("as many as in yours" in a for a in logged.assumptions)
    # the Grail cards laid, counted here from the lines themselves
    laid = sum(1 for x in _lines(58) if x.split()[:1] == ["play"] and "grail on=grail" in x)
    assert laid == s.grail_n == 2
    # the loyalty prior: 8 cards, 1 traitor, his own loyal: each other seat 1/7 (setup.loyalty)
    odds = Redeal(s, seat).traitor_odds()
    assert set(odds) == {0, 1, 3, 4} and all(math.isclose(p, 1 / 7) for p in odds.values())


def test_the_logs_record_is_its_evil_steps() -> None:
    text = LOG.read_text(encoding="utf-8")
    steps = [x.split() for x in _lines(58) if x.startswith("evil ")]
    knights = next(x.split()[1:] for x in _lines(58) if x.startswith("knights "))
    assert logged_record(text, 58) == [(knights.index(w[1]), f"evil:{w[2]}") for w in steps]


def test_what_a_log_cannot_say_is_asked_for() -> None:
    text = LOG.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="--line"):
        logged_position(text, line=59, hand=HAND)  # Gawain's move is recorded
    with pytest.raises(ValueError, match="--hand"):
        logged_position(text, line=58)
    with pytest.raises(ValueError, match="line=999"):
        logged_position(text, line=999, hand=HAND)
    assert recorded_hand("setup players=3 expansion=no\nhand kay fight_2 fight_2\n", "kay") == {
        "fight_2": 2
    }


def test_advise_on_a_play_log(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["advise", str(LOG), "--line", "58", "--hand", "fight_3,fight_4,grail,merlin"]
    assert main([*args, "--worlds", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Sir Gawain's turn (his heroic action)" in out and "Where should I go?" in out
    assert "What now?" in out and "2 worlds each" in out
    assert "siege fight won 3/4" in out  # 4 + 3 = 7 beats 1..6 of the d8 (RB p.13)
    assert main([*args, "--where"]) == 0
    assert "What now?" not in capsys.readouterr().out


def test_advise_on_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A saved engine game (state.to_json()) is advised as it is: every legal action ranked."""
    from camelot_rules.engine.flow import decider
    from camelot_rules.sim import GameConfig, Policies
    from camelot_rules.sim.games import play_game
    from camelot_rules.sim.search import searched_moment

    states = []
    play_game(GameConfig.of(4, traitor="none"), Policies(), 9, watch=states.append)
    s = states[3]
    while s.is_chance() or not searched_moment(s):
        s = (
            s.apply_chance(s.chance_outcomes()[0][0])
            if s.is_chance()
            else s.apply(s.legal_actions()[0])
        )
    path = tmp_path / "game.json"
    path.write_text(s.to_json(), encoding="utf-8")
    assert main(["advise", str(path), "--worlds", "1", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("P(knights win)") == len(s.legal_actions())
    assert f"Seat {decider(s)}" in out


@pytest.mark.parametrize(
    ("how", "en", "ja"),
    [
        (
            dict(line=999, hand=HAND),
            "line=999: expected a line number of the log, 1 to 257",
            "行番号",
        ),
        (dict(line=58, hand=HAND, traitor="two"), "traitor='two': expected", "を指定して"),
        (dict(hand=HAND), "the game is over at line 257", "ゲームは終わっています"),
        (dict(line=59, hand=HAND), "line 59: Sir Gawain's heroic action", "すでに記録されて"),
        (dict(line=202, hand=HAND), "Sir Galahad is an unmasked traitor", "ガラハッド"),
        (dict(line=58), "Sir Gawain's hand is not in the log: give it (--hand", "--hand"),
        (dict(line=58, hand=HAND, sizes=[5, 5]), "sizes=[5, 5]: expected 5 hand sizes", "5 個"),
        (dict(line=58, hand=HAND, sizes=[40] * 5), "more white cards than the pile holds", "山札"),
    ],
)
def test_each_refusal_names_what_to_give_in_the_players_language(
    how: dict[str, object], en: str, ja: str
) -> None:
    text = LOG.read_text(encoding="utf-8")
    with pytest.raises(ValueError) as err:
        logged_position(text, **how)  # type: ignore[arg-type]
    assert en in str(err.value)
    with language("ja"), pytest.raises(ValueError) as err:
        logged_position(text, **how)  # type: ignore[arg-type]
    assert ja in str(err.value)
    assert not any(word in str(err.value) for word in ("expected", "the log", "hand is"))


def test_a_log_without_knights_is_refused() -> None:
    with pytest.raises(ValueError, match="the log names no knights: add its 'knights' line"):
        logged_position("setup players=5 expansion=no\n", hand=HAND)
