"""At the table (issue 18): the travel cards picked by buttons, the witches by a checklist, the
tracker's life totals, the quest tab reading the tracker, and the widgets in three languages.
Each value is checked against the calculator called directly (an independent route)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from camelot_rules.base.i18n import language
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.logs.tracker import GameRecord
from camelot_rules.odds.quests import excalibur_race
from camelot_rules.odds.rebuilds import DeckPosition, RebuildRules, next_rebuild
from camelot_rules.odds.travel import trips_distribution
from widgets.exhaustion import build_exhaustion_widget
from widgets.quest import build_quest_widget
from widgets.tracker import build_tracker_widget
from widgets.travel import build_travel_widget

TRAVEL = standard_deck("travel", expansion=True)


def _pct(p: Fraction) -> str:
    """The one-decimal percentage of p, computed here (round half up on exact arithmetic)."""
    tenths = (p * 1000 + Fraction(1, 2)) // 1
    return f"{tenths // 10}.{tenths % 10}%"


def test_travel_buttons_give_the_calculators_capture_chance() -> None:
    w = build_travel_widget(trips=4)
    for card in ("captured", "vision", "vision", "lost"):
        w.card_buttons[card].click()
    assert sorted(w.seen.value.split(", ")) == ["captured: 1", "lost: 1", "vision: 2"]
    left = TRAVEL.minus(Deck({"captured": 1, "vision": 2, "lost": 1}))
    plan = trips_distribution(left, 4, composition=TRAVEL)
    p_cap = 1 - plan.captures.get(0, Fraction(0))
    assert _pct(p_cap) in w.text.splitlines()[0]
    assert "12 cards left of 16" in w.text
    assert "Vision: 0 left" in w.card_buttons["vision"].description


def test_travel_buttons_refuse_a_card_the_deck_no_longer_holds() -> None:
    w = build_travel_widget()
    w.pick("vision")
    w.pick("vision")
    before = w.text
    w.pick("vision")  # the deck holds two Visions
    assert "No Vision left to draw" in w.pick_note.value
    assert w.seen.value == "vision: 2" and w.text == before
    w.take_back_last()
    assert w.seen.value == "vision: 1"
    w.clear_seen()
    assert w.seen.value == "" and "16 cards left of 16" in w.text


def test_travel_captured_held_stepper_matches_the_calculator() -> None:
    w = build_travel_widget(trips=13)  # 12 cards left: reshuffled for the 13th trip
    for card in ("captured", "captured", "vision", "lost"):
        w.pick(card)
    w.captured_held.value = 1  # the Captured! seen lies under a figure
    left = TRAVEL.minus(Deck({"captured": 2, "vision": 1, "lost": 1}))
    plan = trips_distribution(left, 13, composition=TRAVEL, captured_held=1)
    free = trips_distribution(left, 13, composition=TRAVEL)
    p_held, p_free = (1 - d.captures.get(0, Fraction(0)) for d in (plan, free))
    assert p_held != p_free  # the stepper changes the answer
    assert f"P(captured at least once) = {p_held.numerator}/{p_held.denominator}" in w.text


def test_tracker_fills_the_travel_buttons() -> None:
    game = GameRecord.new(4, expansion=True, knights=["arthur", "kay", "gawain", "percival"])
    game.add("turn arthur")
    game.add("evil arthur engine")
    game.add("move arthur how=heroic_action to=excalibur travel=vision")
    w = build_travel_widget()
    w.use_position(game.position())
    assert "Vision: 1 left" in w.card_buttons["vision"].description
    assert "15 cards left of 16" in w.text


def test_witch_checklist_gives_the_calculators_answer() -> None:
    w = build_exhaustion_widget(mix="1: 1", horizon=100, both_decks="this deck only")
    w.witch_drawn["morgan_witch_2"].value = True
    w.witch_asked["morgan_witch_3"].value = True
    box = standard_deck("black", expansion=True)
    pile = box.without("morgan_witch_2")
    result = next_rebuild(
        DeckPosition(pile, Deck({"morgan_witch_2": 1}), expansion=True),
        {1: Fraction(1)},
        cards=["morgan_witch_3"],
        horizon=100,
        rules=RebuildRules(both_decks=False),
    )
    # one card a turn, one deck: the 3rd witch comes before the First (who rebuilds) in half
    # of the orders of the 89 cards, by symmetry
    assert result.seen_before == Fraction(1, 2)
    assert "P(Third Witch drawn before the rebuild) = 1/2 (50.0%)" in w.text
    assert "Draw pile: 89 cards" in w.text and "drawn since the last rebuild: 1" in w.text


def test_witch_checklist_refuses_a_witch_drawn_and_asked() -> None:
    w = build_exhaustion_widget()
    w.witch_drawn["morgan_witch_4"].value = True
    w.witch_asked["morgan_witch_4"].value = True
    assert "already drawn" in w.text


def test_witch_checklist_is_hidden_without_witches() -> None:
    w = build_exhaustion_widget(deck="black (base, 76)")
    assert w.witches.layout.display == "none"


def test_life_line_is_a_check_refused_at_seven_naming_the_rule() -> None:
    game = GameRecord.new(3, expansion=False, knights=["arthur", "kay", "gawain"])
    game.add("life kay 4")  # the rules give 4 at the start: recorded, a check
    with pytest.raises(ValueError, match=r"knight\.life"):
        game.add("life kay 7")
    with pytest.raises(ValueError, match=r"knight\.life"):
        game.add("life kay 5")  # nothing gave him a life point
    assert game.position().life_of("kay") == 4


def test_life_totals_follow_the_log_and_undo() -> None:
    game = GameRecord.new(3, expansion=False, knights=["arthur", "kay", "gawain"])
    game.add("turn arthur")
    game.add("evil arthur life")  # 4 - 1
    game.add("draw white for=round_table")
    game.add("sacrifice arthur")  # 3 - 1
    assert dict(game.position().life) == {"arthur": 2, "kay": 4, "gawain": 4}
    game.undo()
    assert game.position().life_of("arthur") == 3


def test_tracker_widget_shows_life_and_places_from_the_rules() -> None:
    w = build_tracker_widget(3, expansion=False, knights=("arthur", "kay", "gawain"))
    for line in ("turn arthur", "evil arthur life", "move arthur how=heroic_action to=grail"):
        w.record_line(line)
    assert "Recorded" in w.message.value
    assert "3 / 6 - " in w.result.value and "Sir Kay" in w.result.value


def test_quest_reads_the_tracker_position() -> None:
    game = GameRecord.new(3, expansion=False, knights=["arthur", "kay", "gawain"])
    game.add("turn arthur")
    game.add("evil arthur black")
    game.add("draw black excalibur")
    pos = game.position()
    w = build_quest_widget(quest="excalibur", hands="1", steps=2, turns=2)
    w.use_position(pos)
    assert w.players.value == 3
    # the track as the rules engine holds it, not the widget's 2: the black Excalibur card drawn
    # moved Excalibur one step from its start (0) toward the frozen bank (BoQ p.8)
    assert w.steps.value == pos.excalibur_position == -1
    curve = excalibur_race(-1, [1], 2, players=3, deck=standard_deck("black").without("excalibur"))
    assert pos.black_left == standard_deck("black").without("excalibur")
    assert curve.p_win == 0  # one card to spare, Excalibur 6 steps from the knights' bank (+5)
    assert "cannot be won within 2 turns" in w.text.splitlines()[0]
    assert "can spare 1 white card and Excalibur needs 6 steps" in w.text.splitlines()[0]
    assert "75 cards" in w.text


def test_quest_reads_the_fight_cards_laid() -> None:
    game = GameRecord.new(3, expansion=False, knights=["arthur", "kay", "gawain"])
    for line in (
        "turn arthur",
        "evil arthur engine",
        "move arthur how=heroic_action to=black_knight",
        "turn kay",
        "evil kay engine",
        "draw white for=round_table",
        "turn gawain",
        "evil gawain engine",
        "draw white for=round_table",
        "turn arthur",
        "evil arthur engine",
        "play arthur fight_4 black_knight",
    ):
        game.add(line)
    w = build_quest_widget(quest="black_knight", hands="4")
    w.use_position(game.position())
    assert w.whites.value == "4"


def test_language_switch_keeps_the_numbers() -> None:
    w = build_travel_widget(trips=3)
    w.pick("captured")
    english = w.text
    w.language.value = "ja"
    try:
        assert w.text != english and w.take_back.description != "Take back the last"
        digits = [t for t in english.replace("(", " ").split() if t.endswith("%")]
        assert digits and all(d in w.text for d in digits[:3])
    finally:
        w.language.value = "en"
    assert w.text == english and w.take_back.description == "Take back the last"


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_tracker_summary_is_translated(lang: str) -> None:
    game = GameRecord.new(3, expansion=False, knights=["arthur", "kay", "gawain"])
    game.add("turn arthur")
    english = game.position().summary()
    with language(lang):
        other = game.position().summary()
    assert other != english and "76" in other


def test_quest_reads_the_grail_and_the_wars_as_the_engine_holds_them() -> None:
    """Issue 29: the quest tab reads the real position (it answered from its defaults)."""
    game = GameRecord.new(3, expansion=False, knights=["arthur", "kay", "gawain"])
    for line in (
        "turn arthur",
        "evil arthur black",
        "draw black despair",
        "move arthur how=heroic_action to=grail",
        "turn kay",
        "evil kay black",
        "draw black picts",
        "draw white for=round_table",
        "turn gawain",
        "evil gawain engine",
        "draw white for=round_table",
        "turn arthur",
        "evil arthur engine",
        "play arthur grail grail",
    ):
        game.add(line)
    pos = game.position()
    assert pos.grail_cards == 1 and pos.blacks_on("grail") == ("despair",)
    assert dict(pos.warriors)["picts"] == 1 and pos.where("arthur") == "grail"
    w = build_quest_widget(quest="grail", hands="2, 1")
    w.use_position(pos)
    assert (w.grails.value, w.blacks.value) == (1, 1)
    w.quest.value = "picts"
    assert (w.fights.value, w.warriors.value, w.mordred.value) == (0, 1, False)
    assert "set the hands" in w.tracker_note.value


def test_tracker_what_now_ranks_the_legal_actions() -> None:
    """The "What now?" box advises the knight deciding in the record: every legal action of
    the position the play log gives (sim/logged.py), ranked; a missing hand is asked for."""
    from camelot_rules.sim.logged import logged_position

    w = build_tracker_widget(3, expansion=False, knights=("arthur", "kay", "gawain"))
    w.record_line("turn arthur")
    w.record_line("evil arthur engine")
    assert w.advise(max_worlds=1) == "" and "--hand" in w.advice.value
    w.hand.value = "fight_3, fight_4 grail"
    answer = w.advise(seed=1, max_worlds=2)
    state = logged_position(w.record.text, hand={"fight_3": 1, "fight_4": 1, "grail": 1}).state
    assert answer.count("P(knights win)") == len(state.legal_actions())
    assert "Where should I go?" in answer and "camelot-advice" in w.advice.value
    assert w.advice_progress.value == 1.0
