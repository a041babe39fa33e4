"""The game tracker: lines recorded through the verifier, refused with the rule, undone; the
position read from them agrees with the engine's own piles."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from camelot_rules.cards import standard_deck
from camelot_rules.engine import new_game, play_random
from camelot_rules.gamelog import write_log
from camelot_rules.tracker import GameRecord


def test_a_rule_breaking_line_is_refused_and_nothing_changes() -> None:
    game = GameRecord.new(4, knights=["arthur", "kay", "gawain", "percival"])
    game.add("turn arthur")
    game.add("evil arthur engine")
    before = game.text
    with pytest.raises(ValueError, match=r"second evil step .*rule turn\.evil-step"):
        game.add("evil arthur black")
    with pytest.raises(ValueError, match=r"line 5: .*expected: siege NAME"):
        game.add("siege arthur cards=3 roll=nine won")
    with pytest.raises(ValueError, match="did you mean 'despair'"):
        game.add("draw black desspair")
    assert game.text == before
    assert game.next_turn() == "kay"
    assert game.undo() == "evil arthur engine"
    assert game.position().engines == (0, 0)


@pytest.mark.parametrize("seed", [4, 5, 6, 7])
def test_positions_follow_the_engine_game_line_by_line(seed: int) -> None:
    """Replaying an engine game line by line through the tracker: every line is accepted, and
    the black pile it reports holds every card of the engine's pile - exactly the engine's pile
    when no rebuild happened (after one, cards lying on quests stay out of the engine's pile)."""
    final = play_random(new_game(4, seed=seed), random.Random(seed))
    lines = write_log(final).splitlines()
    record = GameRecord(lines[0])
    for line in lines[1:]:
        record.add(line)
    assert record.text == "\n".join(lines) + "\n"
    pos = record.position()
    pile = dict(zip(final.cfg.black_names, final.bpile, strict=True))
    for card in (*final.btop, *final.bbottom):
        pile[card] += 1
    for card, n in pile.items():
        assert n <= pos.black_left.count(card), card
    if "reshuffle black" not in lines:
        assert pos.black_left.size == sum(pile.values())


def test_the_odds_read_the_recorded_position() -> None:
    from camelot_rules.draws import draw_probability
    from widgets.tracker import render_tracker

    game = GameRecord.new(5, expansion=True, knights=["arthur", "kay", "gawain", "bors", "owain"])
    for line in ("turn arthur", "evil arthur black", "draw black morgan_1"):
        game.add(line)
    pos = game.position()
    assert pos.black_left.size == standard_deck("black", expansion=True).size - 1
    _html, text = render_tracker(game)
    morgans = ["morgan_2", "morgan_3", "morgan_4", "morgan_5"]
    p = draw_probability(pos.black_left, 1, morgans)
    assert p == Fraction(4, 89)
    assert "next black card is a Morgan card" in text and "4.5%" in text
    assert "captured on the next trip" in text


def test_tracker_widget_records_refuses_and_undoes() -> None:
    from widgets.tracker import build_tracker_widget

    w = build_tracker_widget(4, expansion=False)
    w.next_turn.click()
    w.evil.value = "engine"
    assert "evil arthur engine" in w.log_text.value
    w.record_line("evil arthur black")
    assert "Not recorded" in w.message.value and "turn.evil-step" in w.message.value
    w.undo.click()
    assert "evil arthur engine" not in w.log_text.value
    w.log_text.value = "setup players=4 expansion=no\nknights arthur kay gawain percival\n"
    w.load.click()
    assert w.record.lines[-1] == "knights arthur kay gawain percival"
