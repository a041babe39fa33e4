"""The game tracker: lines recorded through the verifier, refused with the rule, undone; the
position read from them agrees with the engine's own piles."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

import pytest

from camelot_rules.data.decks import standard_deck
from camelot_rules.engine import new_game, play_random
from camelot_rules.front.display import fmt_chance
from camelot_rules.logs.tracker import GameRecord
from camelot_rules.logs.writer import write_log
from camelot_rules.odds.siege import best_turn
from widgets import render_siege, render_travel


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


@pytest.mark.parametrize(("seed", "expansion"), [(4, False), (5, False), (6, True), (7, True)])
def test_positions_follow_the_engine_game_line_by_line(seed: int, expansion: bool) -> None:
    """Replaying an engine game line by line through the tracker: every line is accepted, and
    the position it reports is the engine's own: the black pile, the swords, the engines,
    where each knight stands, his life, the relics, the cards on the quests (issue 29)."""
    final = play_random(new_game(4, seed=seed, expansion=expansion), random.Random(seed))
    lines = write_log(final).splitlines()
    record = GameRecord(lines[0])
    for line in lines[1:-5]:  # (the game's last lines: the end and the loyalty cards)
        record.add(line)
    for line in lines[-5:]:
        record.add(line)
    assert record.text == "\n".join(lines) + "\n"
    pos = record.position()
    pile = dict(zip(final.cfg.black_names, final.bpile, strict=True))
    for card in (*final.btop, *final.bbottom):
        pile[card] += 1
    assert pos.black_left.counts == {c: n for c, n in pile.items() if n}
    assert pos.engines == (final.engines, final.engines)
    assert dict(pos.location) == dict(zip(final.knights, final.location, strict=True))
    assert dict(pos.life) == {
        k: 0 if final.dead[i] else final.life[i] for i, k in enumerate(final.knights)
    }
    assert pos.fights_on("black_knight") == final.bk_w
    assert pos.grail_cards == final.grail_n and pos.excalibur_position == final.exc_pos
    holders = {r: v for r, v in pos.relics}
    for k, relic in enumerate(("excalibur", "grail", "armor")):
        v = final.relics[k]
        assert holders[relic] == ("quest" if v == -1 else "lost" if v == -2 else final.knights[v])


def test_the_odds_read_the_recorded_position() -> None:
    from camelot_rules.odds.draws import draw_probability
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


# --- the calculators read the tracker's position (issue 18: "every calculator tab reads its
# position from the tracker") ---


def _fed(*lines: str, expansion: bool = True, start: str = "") -> tuple[Any, ...]:
    """A tracker (a new 5-player game, or the record ``start``) feeding the three calculators;
    ``lines`` recorded, then each calculator's "From the game tracker" button clicked."""
    from widgets import build_exhaustion_widget, build_siege_widget, build_travel_widget
    from widgets.tracker import TrackerWidget, build_tracker_widget

    tracker = (
        TrackerWidget(GameRecord(start)) if start else build_tracker_widget(5, expansion=expansion)
    )
    siege, travel, decks = build_siege_widget(), build_travel_widget(), build_exhaustion_widget()
    tracker.feed(siege, travel, decks)
    for line in lines:
        tracker.record.add(line)
    for widget in (siege, travel, decks):
        button = widget.children[0].children[0]
        assert button.description == "From the game tracker"
        button.click()
    return tracker, siege, travel, decks


def test_travel_widget_reads_the_cards_gone_and_the_captives() -> None:
    """A Vision and a Captured! drawn: 14 cards left; Arthur's Captured! card stays under his
    figure. The next card's odds, counted by hand from the box: 1 Captured! in 14."""
    from widgets import render_travel

    _t, _s, travel, _d = _fed(
        "turn arthur",
        "evil arthur engine",
        "move arthur how=heroic_action to=grail travel=captured",
    )
    assert travel.seen.value == "captured: 1"
    assert travel.captured_held.value == 1
    box = standard_deck("travel", expansion=True)
    left = box.size - 1
    assert f"{left} cards left of {box.size}" in travel.text
    p_captured = Fraction(box.count("captured") - 1, left)
    assert re.search(rf"\ncaptured +{p_captured} ", travel.text)  # the next-trip table
    same = render_travel(seen="captured: 1", captured_held=1)[1]
    assert travel.text == same
    assert "From the game tracker" in travel.tracker_note.value
    # the held card changes the answer: a reshuffle within the trips leaves it out
    assert travel.text != render_travel(seen="captured: 1")[1]


def test_travel_widget_says_a_base_game_has_no_travel_deck() -> None:
    _t, _s, travel, _d = _fed("turn arthur", expansion=False)
    assert "no travel cards" in travel.tracker_note.value
    assert travel.seen.value == ""


def test_exhaustion_widget_reads_the_black_pile_left() -> None:
    from widgets import render_exhaustion

    _t, _s, _tr, decks = _fed("turn arthur", "evil arthur black", "draw black despair")
    assert decks.deck.value == "black (base + Merlin's Company, 90)"
    assert decks.drawn.value == "despair: 1"
    assert "Draw pile: 89 cards" in decks.text
    assert (
        decks.text
        == render_exhaustion(decks.deck.value, drawn="despair: 1", mix=decks.mix.value)[1]
    )
    _t, _s, _tr, base = _fed(
        "turn arthur", "evil arthur black", "draw black picts", expansion=False
    )
    assert base.deck.value == "black (base, 76)" and "Draw pile: 75 cards" in base.text


def test_siege_widget_puts_the_engines_on_the_board_in_its_verdict() -> None:
    from widgets import render_siege

    _t, siege, _tr, _d = _fed("turn arthur", "evil arthur engine")
    assert siege.engines == (1, 1)
    first = siege.text.splitlines()[0]
    assert first.endswith("1 siege engine on the board: 11 more lose the game.")
    # one engine to fight: the turn's goal is to remove it, P(at least 1) from the library
    p = best_turn([5, 4, 3], at_least=1).value
    assert f"Best turn: P(remove at least 1) {fmt_chance(p)}" in first
    assert siege.text == render_siege({5: 1, 4: 1, 3: 1}, engines=(1, 1))[1]
    _t, empty, _tr, _d = _fed("turn arthur")
    assert empty.text.startswith(
        "No siege engine on the board: there is none to fight yet. For the next one: Play 5"
    )


def test_siege_widget_reads_the_second_witch_and_sir_kays_turn() -> None:
    _t, siege, _tr, _d = _fed(
        "turn arthur",
        "evil arthur black",
        "draw black morgan_witch_2",
        "draw white for=round_table",
        "turn galahad",
        "evil galahad engine",
        "draw white for=round_table",
        "turn gawain",
        "evil gawain engine",
        "draw white for=round_table",
        "turn kay",
    )
    assert siege.second_witch.value and siege.kay.value
    assert "2 siege engines on the board: 10 more lose the game." in siege.text.splitlines()[0]


@pytest.mark.parametrize("seed", [3, 9, 10, 12])
def test_calculators_read_an_engine_games_piles(seed: int) -> None:
    """An engine game (Merlin's Company) replayed into the tracker: the travel and deck
    widgets report the engine's own travel and black piles."""
    final = play_random(new_game(5, seed=seed, expansion=True), random.Random(seed))
    lines = write_log(final).splitlines()
    _t, siege, travel, decks = _fed(*lines[2:], start="\n".join(lines[:2]))
    travel_pile = sum(final.tpile) + len(final.ttop)
    assert f"Travel deck: {travel_pile} cards left" in travel.text
    black_pile = sum(final.bpile) + len(final.btop) + len(final.bbottom)
    assert f"Draw pile: {black_pile} cards" in decks.text
    low, high = siege.engines
    assert low <= final.engines <= high
    assert f"{final.engines} siege engine" in siege.text.splitlines()[0] or low < high


def test_feed_refuses_what_is_not_a_calculator() -> None:
    from widgets.tracker import build_tracker_widget

    with pytest.raises(
        ValueError, match=r"calculator=.*expected a siege, travel, deck or quest widget"
    ):
        build_tracker_widget(4, expansion=False).feed("siege")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: render_siege({5: 1}, engines=(3, 2)), r"engines=\(3, 2\)"),
        (lambda: render_siege({5: 1}, engines=(0, 13)), "<= 12"),
        (lambda: render_siege({5: 1}, engines=[1, 1]), "low, high"),
        (lambda: render_travel(captured_held=3), "captured_held=3"),
        (lambda: render_travel(captured_held=True), r"expected 0\.\.2"),
    ],
)
def test_the_position_inputs_refuse_what_no_table_can_show(call: Any, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call()


def test_a_widget_fed_a_position_keeps_it_while_the_hand_changes() -> None:
    _t, siege, _tr, _d = _fed(
        "turn arthur", "evil arthur engine", "draw white for=round_table", "turn galahad"
    )
    siege.fights[5].value = 2
    assert siege.engines == (1, 1)
    assert "1 siege engine on the board" in siege.text.splitlines()[0]
    with pytest.raises(ValueError, match=r"pos=.*expected a Position"):
        siege.use_position("3 engines")


def test_feeding_twice_keeps_one_button_reading_the_newest_tracker() -> None:
    from widgets import build_travel_widget
    from widgets.tracker import build_tracker_widget

    travel = build_travel_widget()
    first, second = build_tracker_widget(5), build_tracker_widget(5)
    first.feed(travel)
    second.feed(travel)
    buttons = [b for row in travel.children[:2] for b in getattr(row, "children", ())]
    assert [b.description for b in buttons].count("From the game tracker") == 1
    second.record.add("turn arthur")
    second.record.add("evil arthur engine")
    second.record.add("move arthur how=heroic_action to=grail travel=lost")
    buttons[0].click()
    assert travel.seen.value == "lost: 1"
