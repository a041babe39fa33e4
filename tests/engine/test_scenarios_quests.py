"""Scenario tests read from the official Book of Quests (2005, English), one rule per test.

Each Quest's laying rules, end conditions and spoils; every Special White and Special Black card;
the knights' powers (Appendix I) and the unmasked Traitor. Cited as ``BoQ p.N`` (``RB p.N`` for
the Rulebook). Where the text allows more than one reading the test follows the most literal
one and says so in a ``# READING:`` comment.
"""

from __future__ import annotations

import pytest

from camelot_rules.engine import position
from camelot_rules.engine.actions import (
    Accuse,
    AddEngine,
    ArthurGive,
    ArthurReturn,
    ChooseWar,
    Discard,
    DiscardForExcalibur,
    Draw,
    DrawBlack,
    DrawWhite,
    EndTurn,
    Join,
    KayExtra,
    Keep,
    LoseLife,
    Move,
    Offer,
    Pass,
    PeekBlack,
    PlayBlack,
    PlayFight,
    PlayGrail,
    PlaySpecial,
    Pledge,
    PutNext,
    Roll,
    Sacrifice,
    SacrificeExcalibur,
    StealFrom,
    Take,
    Volunteer,
)
from tests.engine.scenario_helpers import (  # noqa: F401 (_time_limit is a fixture)
    _at,
    _time_limit,
    assert_illegal,
    board,
    choose,
    fight_engine,
    hand,
    life,
    obs,
    size,
    swords,
    where,
)

# --- small helpers ------------------------------------------------------------------------------


def volunteers(seat):
    """Second/Fifth Morgan: ``seat`` volunteers; with ``None`` nobody does."""
    return lambda who, a: a == Volunteer() and seat is not None and who == seat


def any_discard(who, action):
    return isinstance(action, Discard)


def settle(state, *prefer):
    """Resolve what a test does not look at: white draws and forced (single-outcome) chance
    nodes take their first outcome; at a decision the first legal action matching a ``prefer``
    predicate is taken, else optional responses are declined (Pass) and shared cards are taken.
    Stops at any other decision (a turn's own choices) or at an open chance node."""
    for _ in range(400):
        if state.is_terminal():
            return state
        if state.is_chance():
            outcomes = state.chance_outcomes()
            white = all(isinstance(o, Draw) and o.pile == "white" for o, _ in outcomes)
            if len(outcomes) != 1 and not white:
                return state
            state = state.apply_chance(outcomes[0][0])
            continue
        seat, actions = state.current_player, state.legal_actions()
        chosen = next((a for want in prefer for a in actions if want(seat, a)), None)
        if chosen is None and Pass() in actions:
            chosen = Pass()
        if chosen is None and actions and all(isinstance(a, Take) for a in actions):
            chosen = next((a for a in actions if a.card is not None), actions[0])
        if chosen is None:
            return state
        state = state.apply(chosen)
    raise AssertionError("settle did not come to rest")


def draw_black(state, card, *prefer):
    """The evil step 'draw a Black card', the top card being ``card``; a drawn Black Knight /
    Lancelot / Dragon card is laid face up unless ``prefer`` says otherwise."""
    state = state.step(DrawBlack())
    if state.is_chance():
        state = state.step(Draw("black", card))
    return settle(state, *prefer, choose(PlayBlack(False)))


def reveal(state):
    """Black cards looked at from a pile whose top is known (any extra card the engine turns
    up beyond the known ones may be anything)."""
    while state.is_chance():
        state = state.step(state.chance_outcomes()[0][0])
    return state


def heroic(players=4, **kw):
    return position(players, phase="heroic", **kw)


def on_black_knight(white, black, card, **kw):
    """Seat 0 alone on the Black Knight holding ``card`` (a fight value) and ``kw`` extras."""
    hands = kw.pop("hands", {0: {}})
    hands[0] = {f"fight_{card}": 1, **hands.get(0, {})}
    return heroic(
        location={0: "black_knight", **kw.pop("location", {})},
        hands=hands,
        quests={"black_knight": {"white": white, "black": black}},
        **kw,
    )


# --- the Black Knight (BoQ p.5) -----------------------------------------------------------------


def test_black_knight_fourth_black_card_ends_the_tournament():
    """BoQ p.5: a fourth Black Knight card ends the tournament; here 8 beats the knight's 4:
    1 Black Sword, -1 Life to the knight there, who goes back to the Round Table."""
    state = position(
        4,
        location={1: "black_knight"},
        quests={"black_knight": {"white": (2, 2), "black": ("black_knight_1",) * 3}},
    )
    state = draw_black(state, "black_knight_5")
    assert swords(state) == (0, 1)
    assert life(state, 1) == 3
    assert where(state, 1) == "camelot"
    assert board(state)["black_knight"]["white"] == []
    assert board(state)["black_knight"]["black"] == []


def test_black_knight_second_pair_ends_the_tournament_with_a_win():
    """BoQ p.5: the 2nd card of the 2nd pair ends it; won: +1 Life, 3 White cards, back to the
    Round Table, 1 White Sword; the tournament starts anew (perpetual)."""
    state = on_black_knight((2, 2, 3), ("black_knight_5",), 3)
    state = settle(state.step(PlayFight("black_knight", 3)))
    assert swords(state) == (1, 0)
    assert life(state, 0) == 5
    assert size(state, 0) == 3
    assert where(state, 0) == "camelot"
    assert board(state)["black_knight"]["white"] == []
    assert board(state)["black_knight"]["black"] == []


def test_black_knight_pairs_must_have_distinct_values():
    """BoQ p.5: two pairs of different values - a third 2 can never complete 2,2 + x,x."""
    state = on_black_knight((2, 2), (), 2, hands={0: {"fight_4": 1}})
    assert_illegal(state, PlayFight("black_knight", 2))
    assert PlayFight("black_knight", 4) in state.legal_actions()


def test_black_knight_tie_is_a_loss():
    """BoQ p.5, RB p.17: 10 against 10 is a loss for the knight."""
    state = on_black_knight((3, 3, 2), ("black_knight_5", "black_knight_5"), 2)
    state = settle(state.step(PlayFight("black_knight", 2)))
    assert swords(state) == (0, 1)
    assert life(state, 0) == 3


def test_leaving_a_solo_quest_discards_its_white_cards():
    """BoQ p.3: a knight leaving a Solo Quest unfinished loses the White cards laid there; the
    Black cards stay and the Quest is neither won nor lost."""
    state = on_black_knight((3, 3), ("black_knight_1",), 1)
    state = state.step(Move("grail"))
    assert board(state)["black_knight"]["white"] == []
    assert board(state)["black_knight"]["black"] == [1]
    assert swords(state) == (0, 0)


# --- Lancelot (BoQ p.6) -------------------------------------------------------------------------


def test_lancelot_needs_a_full_house_of_two_values():
    """BoQ p.6: a full house of distinct values - after 2,2,2,3 only a 3 fits."""
    state = heroic(
        location={0: "lancelot"},
        hands={0: {"fight_2": 1, "fight_3": 1, "fight_4": 1}},
        quests={"lancelot": {"white": (2, 2, 2, 3), "black": ()}},
    )
    assert_illegal(state, PlayFight("lancelot", 2))
    assert_illegal(state, PlayFight("lancelot", 4))
    assert PlayFight("lancelot", 3) in state.legal_actions()


def test_lancelot_tie_is_a_loss():
    """BoQ p.6, RB p.17: 10 against 10 on Lancelot goes to Evil."""
    state = heroic(
        location={0: "lancelot"},
        hands={0: {"fight_1": 1}},
        quests={"lancelot": {"white": (3, 3, 1, 1), "black": ("lancelot_dragon_5_9",) * 2}},
    )
    state = settle(state.step(PlayFight("lancelot", 1)))
    assert swords(state) == (0, 1)
    assert life(state, 0) == 3
    assert board(state)["lancelot_dragon"] == "dragon"


def test_lancelot_won_gives_the_armor_and_flips_to_the_dragon():
    """BoQ p.6: the 5th card of the full house ends it; won: +1 Life, 4 White cards,
    Lancelot's Armor, 1 White Sword, back to the Round Table; the board flips to the Dragon."""
    state = heroic(
        location={0: "lancelot"},
        hands={0: {"fight_2": 1}},
        quests={"lancelot": {"white": (3, 3, 3, 2), "black": ("lancelot_dragon_1_5",)}},
    )
    state = settle(state.step(PlayFight("lancelot", 2)))
    assert swords(state) == (1, 0)
    assert obs(state)["relics"]["armor"] == 0
    assert life(state, 0) == 5
    assert size(state, 0) == 4
    assert where(state, 0) == "camelot"
    assert board(state)["lancelot_dragon"] == "dragon"


def test_lancelot_fifth_black_card_ends_the_quest_lost():
    """BoQ p.6: a 5th Lancelot card ends the Quest; lost: 1 Black Sword, -1 Life to the knight,
    the Armor leaves the game and the board flips to the Dragon."""
    black = (
        "lancelot_dragon_1_5",
        "lancelot_dragon_1_5",
        "lancelot_dragon_3_7",
        "lancelot_dragon_3_7",
    )
    state = position(
        4, location={1: "lancelot"}, quests={"lancelot": {"white": (1,), "black": black}}
    )
    state = draw_black(state, "lancelot_dragon_5_9")
    assert swords(state) == (0, 1)
    assert life(state, 1) == 3
    assert where(state, 1) == "camelot"
    assert obs(state)["relics"]["armor"] == "lost"
    assert board(state)["lancelot_dragon"] == "dragon"


def test_lancelots_armor_draws_two_black_cards_and_keeps_one():
    """BoQ p.6: the Armor's owner draws the top 2 Black cards, keeps one as his draw and puts
    the other at the bottom of the Black pile."""
    state = position(4, relics={"armor": 0}, black_top=("despair", "excalibur"))
    before = obs(state)["decks"]["black_draw"]
    state = reveal(state.step(DrawBlack()))
    state = settle(state, choose(Keep("excalibur")))
    assert board(state)["excalibur"]["position"] == -1
    assert board(state)["grail"]["blacks"] == []
    assert obs(state)["decks"]["black_draw"] == before - 1


# --- the Dragon (BoQ p.7) -----------------------------------------------------------------------


def test_dragon_is_a_group_quest():
    """BoQ p.7: unlike Lancelot, the Dragon takes several knights together."""
    state = heroic(over=("lancelot",), location={1: "dragon"})
    assert Move("dragon") in state.legal_actions()


def test_dragon_needs_three_triples_of_distinct_values():
    """BoQ p.7: three three-of-a-kinds of distinct values - after 4,4,4,5,5 a 4 cannot fit."""
    state = heroic(
        over=("lancelot",),
        location={0: "dragon"},
        hands={0: {"fight_4": 1, "fight_5": 1}},
        quests={"dragon": {"white": (4, 4, 4, 5, 5), "black": ()}},
    )
    assert_illegal(state, PlayFight("dragon", 4))
    assert PlayFight("dragon", 5) in state.legal_actions()


def test_dragon_won_two_life_each_seven_cards_two_swords():
    """BoQ p.7: the 9th White card ends it; won: each knight there +2 Life, they share 7 White
    cards, 2 White Swords, and the Dragon board leaves the game."""
    state = heroic(
        over=("lancelot",),
        location={0: "dragon", 1: "dragon"},
        hands={0: {"fight_3": 1}},
        quests={"dragon": {"white": (5, 5, 5, 4, 4, 4, 3, 3), "black": ("lancelot_dragon_1_5",)}},
    )
    state = settle(state.step(PlayFight("dragon", 3)))
    assert swords(state) == (2, 0)
    assert (life(state, 0), life(state, 1)) == (6, 6)
    assert size(state, 0) + size(state, 1) == 7
    assert (where(state, 0), where(state, 1)) == ("camelot", "camelot")
    assert board(state)["lancelot_dragon"] == "over"


def test_dragon_fifth_black_card_loses_two_swords_and_two_life():
    """BoQ p.7: a 5th Dragon card ends it; lost: 2 Black Swords, -2 Life to knights there."""
    black = (
        "lancelot_dragon_7_11",
        "lancelot_dragon_5_9",
        "lancelot_dragon_5_9",
        "lancelot_dragon_3_7",
    )
    state = position(
        4,
        over=("lancelot",),
        location={1: "dragon"},
        quests={"dragon": {"white": (1,), "black": black}},
    )
    state = draw_black(state, "lancelot_dragon_1_5")
    assert swords(state) == (0, 2)
    assert life(state, 1) == 2
    assert board(state)["lancelot_dragon"] == "over"


def test_lancelot_dragon_cards_become_siege_engines_once_both_are_over():
    """BoQ p.7, p.16: with Lancelot and the Dragon both over, their cards add a Siege Engine."""
    state = draw_black(position(4, over=("lancelot", "dragon")), "lancelot_dragon_1_5")
    assert board(state)["lancelot_dragon"] == "over"
    assert obs(state)["siege_engines"] == 1


# --- Excalibur (BoQ p.8) ------------------------------------------------------------------------


def test_excalibur_any_discarded_white_card_moves_the_sword():
    """BoQ p.8, RB p.14: discarding any White card on the Quest moves Excalibur one step."""
    state = heroic(location={0: "excalibur"}, hands={0: {"fight_5": 1, "merlin": 1}})
    assert DiscardForExcalibur("merlin") in state.legal_actions()  # any card, a special too
    before = obs(state)["decks"]["white_discard"]
    state = settle(state.step(DiscardForExcalibur("fight_5")))
    assert board(state)["excalibur"]["position"] == 1
    assert hand(state, 0) == {"merlin": 1}
    assert obs(state)["decks"]["white_discard"] == before + 1


def test_excalibur_fifth_step_to_the_knights_wins():
    """BoQ p.8: Excalibur on the 5th step wins: +1 Life, 7 White cards shared, the sword to the
    knight who moved it home, 2 White Swords; the board flips."""
    state = heroic(
        location={0: "excalibur"}, hands={0: {"grail": 1}}, quests={"excalibur": {"position": 4}}
    )
    state = settle(state.step(DiscardForExcalibur("grail")))
    assert swords(state) == (2, 0)
    assert obs(state)["relics"]["excalibur"] == 0
    assert life(state, 0) == 5
    assert size(state, 0) == 7
    assert board(state)["excalibur"]["over"] is True
    assert where(state, 0) == "camelot"


def test_excalibur_cards_lose_the_sword_on_the_fifth_frozen_step():
    """BoQ p.8: each Excalibur Black card moves it one step toward the frozen bank; the 4th
    step is not yet the end, the 5th loses: 2 Black Swords, -1 Life to knights there, the
    relic leaves the game."""
    state = position(4, location={1: "excalibur"}, quests={"excalibur": {"position": -3}})
    state = draw_black(state, "excalibur")
    assert board(state)["excalibur"]["position"] == -4
    assert board(state)["excalibur"]["over"] is False
    assert swords(state) == (0, 0)
    state = draw_black(settle(state.step(DrawWhite())).step(EndTurn()), "excalibur")
    assert swords(state) == (0, 2)
    assert life(state, 1) == 3
    assert where(state, 1) == "camelot"
    assert obs(state)["relics"]["excalibur"] == "lost"
    assert board(state)["excalibur"]["over"] is True


def test_quest_lost_with_nobody_on_it_still_lays_its_swords():
    """BoQ p.4: a Quest lost with no knight on it costs no Life but still lays its Swords."""
    state = draw_black(position(4, quests={"excalibur": {"position": -4}}), "excalibur")
    assert swords(state) == (0, 2)
    assert [life(state, seat) for seat in range(4)] == [4, 4, 4, 4]


def test_excalibur_adds_one_to_its_owners_fights():
    """BoQ p.8: Excalibur's owner adds +1 to the White total of a Combat Quest he is on (the
    10-10 tie becomes an 11-10 win) and of a Siege fight (3+1 beats a roll of 3)."""
    bk = on_black_knight(
        (3, 3, 2), ("black_knight_5", "black_knight_5"), 2, relics={"excalibur": 0}
    )
    bk = settle(bk.step(PlayFight("black_knight", 2)))
    assert swords(bk) == (1, 0)
    siege = heroic(siege_engines=2, hands={0: {"fight_3": 1}}, relics={"excalibur": 0})
    siege = settle(fight_engine(siege, 3).step(Roll(3)))
    assert obs(siege)["siege_engines"] == 1
    assert life(siege, 0) == 4


def test_excalibur_gives_nothing_to_a_quest_its_owner_is_not_on():
    """BoQ p.8: the +1 counts only on a Combat Quest the owner is currently on - held by a
    knight in Camelot it leaves the 10-10 tie a loss."""
    state = on_black_knight(
        (3, 3, 2), ("black_knight_5", "black_knight_5"), 2, relics={"excalibur": 1}
    )
    state = settle(state.step(PlayFight("black_knight", 2)))
    assert swords(state) == (0, 1)


@pytest.mark.parametrize("card", ["picts", "morgan_4"], ids=["standard black", "special black"])
def test_sacrificing_excalibur_cancels_any_black_card(card):
    """BoQ p.8: the owner may give up Excalibur, even out of turn, to cancel any one Black card
    just drawn - Standard (the only way to stop one) or Special."""
    state = position(4, relics={"excalibur": 1})
    state = draw_black(state, card, choose(SacrificeExcalibur(), seat=1))
    assert board(state)["picts"]["warriors"] == 0
    assert obs(state)["siege_engines"] == 0
    assert obs(state)["relics"]["excalibur"] == "lost"


# --- the Holy Grail (BoQ p.9, p.14-16; RB p.15) -------------------------------------------------


def test_grail_card_covers_the_next_spot_toward_the_grail():
    """RB p.15: a Grail card on the Quest covers the first empty spot by the Grail."""
    state = heroic(location={0: "grail"}, hands={0: {"grail": 1}}, quests={"grail": {"grails": 3}})
    state = settle(state.step(PlayGrail()))
    assert board(state)["grail"]["grails"] == 4
    assert board(state)["grail"]["spots"] == 7


def test_seventh_grail_card_wins_the_holy_grail():
    """BoQ p.9: seven Grail cards win: +1 Life, 7 White cards shared, the relic to the knight
    who laid the last, 3 White Swords; the board flips."""
    state = heroic(location={0: "grail"}, hands={0: {"grail": 1}}, quests={"grail": {"grails": 6}})
    state = settle(state.step(PlayGrail()))
    assert swords(state) == (3, 0)
    assert obs(state)["relics"]["grail"] == 0
    assert life(state, 0) == 5
    assert size(state, 0) == 7
    assert board(state)["grail"]["over"] is True
    assert where(state, 0) == "camelot"


def test_grail_card_on_a_full_quest_discards_the_closest_despair():
    """RB p.15, BoQ p.14: with all 7 spots full a Grail card is not laid; it discards the
    closest Despair and both cards go to their discard piles."""
    state = heroic(
        location={0: "grail"},
        hands={0: {"grail": 1}},
        quests={"grail": {"grails": 4, "blacks": ("despair",) * 3}},
    )
    before = obs(state)["decks"]
    state = settle(state.step(PlayGrail()))
    assert (board(state)["grail"]["grails"], len(board(state)["grail"]["blacks"])) == (4, 2)
    assert obs(state)["decks"]["white_discard"] == before["white_discard"] + 1
    assert obs(state)["decks"]["black_discard"] == before["black_discard"] + 1


def test_despair_on_a_full_quest_discards_the_farthest_grail():
    """BoQ p.15: with all spots full a Despair card is not laid; it discards the Grail card
    farthest from the Grail."""
    state = position(4, quests={"grail": {"grails": 4, "blacks": ("despair",) * 3}})
    state = draw_black(state, "despair")
    assert (board(state)["grail"]["grails"], len(board(state)["grail"]["blacks"])) == (3, 3)
    assert board(state)["grail"]["over"] is False


def test_grail_lost_when_seven_black_cards_cover_it():
    """BoQ p.9: seven Despair/Desolation cards lose the Quest: 3 Black Swords, -1 Life to the
    knights there, the Grail leaves the game."""
    state = position(
        4, location={1: "grail"}, quests={"grail": {"grails": 0, "blacks": ("despair",) * 6}}
    )
    state = draw_black(state, "despair")
    assert swords(state) == (0, 3)
    assert life(state, 1) == 3
    assert obs(state)["relics"]["grail"] == "lost"
    assert board(state)["grail"]["over"] is True


def test_grail_quest_goes_on_while_its_colours_are_mixed():
    """BoQ p.9: the Quest ends only when 7 cards of one colour cover it - a Despair removing
    the last Grail card leaves 6 Black cards and the Quest open."""
    state = position(4, quests={"grail": {"grails": 1, "blacks": ("despair",) * 6}})
    state = draw_black(state, "despair")
    assert (board(state)["grail"]["grails"], len(board(state)["grail"]["blacks"])) == (0, 6)
    assert board(state)["grail"]["over"] is False
    assert swords(state) == (0, 0)


def test_desolation_discards_the_farthest_grail_then_lies_as_a_despair():
    """BoQ p.16: Desolation first discards the Grail card farthest from the Grail, then is laid
    like a Despair card."""
    state = position(4, quests={"grail": {"grails": 3, "blacks": ("despair",)}})
    state = draw_black(state, "desolation")
    assert board(state)["grail"]["grails"] == 2
    assert sorted(board(state)["grail"]["blacks"]) == ["desolation", "despair"]


def test_desolation_on_a_full_quest_leaves_it_mixed_and_open():
    """BoQ p.16: on a full Quest (4 Grail, 3 Black) Desolation discards the farthest Grail and
    takes a spot as a Despair: 3 Grail and 4 Black cover it, so the Quest goes on."""
    state = position(4, quests={"grail": {"grails": 4, "blacks": ("despair",) * 3}})
    state = draw_black(state, "desolation")
    grail = board(state)["grail"]
    assert (grail["grails"], len(grail["blacks"])) == (3, 4)
    assert "desolation" in grail["blacks"]
    assert grail["over"] is False


def test_dark_forest_stops_grail_cards_but_not_despair():
    """BoQ p.16: under the Dark Forest no Grail card may be played; Despair still is."""
    state = heroic(
        location={0: "grail"},
        hands={0: {"grail": 1}},
        quests={"grail": {"grails": 2, "dark_forest": True}},
    )
    assert_illegal(state, PlayGrail())
    state = draw_black(position(4, quests={"grail": {"dark_forest": True}}), "despair")
    assert board(state)["grail"]["blacks"] == ["despair"]


def test_dark_forest_lifts_when_another_quest_is_won_not_a_siege_fight():
    """BoQ p.16: the Dark Forest is discarded once another Quest is won; Camelot and the Siege
    Engines do not count."""
    forest = {"grail": {"dark_forest": True}}
    siege = heroic(siege_engines=2, hands={0: {"fight_5": 1}}, quests=forest)
    siege = settle(fight_engine(siege, 5).step(Roll(1)))
    assert obs(siege)["siege_engines"] == 1
    assert board(siege)["grail"]["dark_forest"] is True
    bk = {"black_knight": {"white": (2, 2, 3), "black": ("black_knight_1",)}, **forest}
    quest = heroic(location={0: "black_knight"}, hands={0: {"fight_3": 1}}, quests=bk)
    quest = settle(quest.step(PlayFight("black_knight", 3)))
    assert swords(quest) == (1, 0)
    assert board(quest)["grail"]["dark_forest"] is False


@pytest.mark.parametrize("card", ["despair", "desolation", "dark_forest"])
def test_grail_black_cards_become_siege_engines_after_the_grail_quest(card):
    """BoQ p.4, p.9, p.15-16: once the Grail Quest is over, Despair, Desolation and Dark Forest
    each add a Siege Engine instead."""
    state = draw_black(position(4, over=("grail",)), card)
    assert obs(state)["siege_engines"] == 1


# --- the Pict and Saxon Wars (BoQ p.10, RB p.15) ------------------------------------------------


def test_war_cards_form_a_straight_from_one():
    """RB p.15: a War starts with a 1 and each card is exactly one higher than the last."""
    hands = {0: {"fight_1": 1, "fight_2": 1, "fight_3": 1, "fight_4": 1}}
    empty = heroic(location={0: "picts"}, hands=hands)
    assert PlayFight("picts", 1) in empty.legal_actions()
    assert_illegal(empty, PlayFight("picts", 2))
    two = heroic(location={0: "picts"}, hands=hands, quests={"picts": {"fights": 2}})
    assert PlayFight("picts", 3) in two.legal_actions()
    assert_illegal(two, PlayFight("picts", 4))
    assert_illegal(two, PlayFight("picts", 2))


def test_war_won_by_the_fifth_card_of_the_straight():
    """BoQ p.10: the 5 ends the War won: +1 Life, 4 White cards shared, 1 White Sword; the War
    starts anew."""
    state = heroic(
        location={0: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4, "warriors": 2}},
    )
    state = settle(state.step(PlayFight("picts", 5)))
    assert swords(state) == (1, 0)
    assert life(state, 0) == 5
    assert size(state, 0) == 4
    assert (board(state)["picts"]["fights"], board(state)["picts"]["warriors"]) == (0, 0)
    assert where(state, 0) == "camelot"


def test_mordred_joins_the_war_of_the_drawers_choice():
    """BoQ p.16: Mordred is placed on the Pict or the Saxon War, as the drawer chooses."""
    state = draw_black(position(4), "mordred", choose(ChooseWar("picts")))
    assert board(state)["picts"]["mordred"] is True
    assert board(state)["saxons"]["mordred"] is False


def test_mordred_demands_an_extra_five():
    """BoQ p.16: with Mordred the War needs 1,2,3,4,5,5 - the first 5 does not end it."""
    state = heroic(
        location={0: "picts", 1: "picts"},
        hands={0: {"fight_5": 1}, 1: {"fight_5": 1}},
        quests={"picts": {"fights": 4, "warriors": 1, "mordred": True}},
    )
    state = settle(state.step(PlayFight("picts", 5)))
    assert board(state)["picts"]["fights"] == 5
    assert swords(state) == (0, 0)
    state = state.step(EndTurn()).step(AddEngine())
    state = settle(state.step(PlayFight("picts", 5)))
    assert swords(state) == (1, 0)
    assert board(state)["picts"]["mordred"] is False


def test_mordred_leaves_with_a_lost_war():
    """BoQ p.16: when the War is lost Mordred is discarded with the other cards."""
    state = position(4, quests={"saxons": {"fights": 2, "warriors": 3, "mordred": True}})
    state = draw_black(state, "saxons")
    assert swords(state) == (0, 1)
    assert obs(state)["siege_engines"] == 2
    saxons = board(state)["saxons"]
    assert (saxons["fights"], saxons["warriors"], saxons["mordred"]) == (0, 0, False)


# --- Special White cards (BoQ p.14-15) ----------------------------------------------------------


def test_convocation_calls_knights_home_and_deals_a_card_each():
    """BoQ p.14: any knights who wish go back to Camelot at no cost; one White card is drawn
    for each knight now in Camelot and shared among them."""
    # READING: "each Knight now in Camelot" counts those already there, the player included.
    state = heroic(3, location={1: "grail", 2: "excalibur"}, hands={0: {"convocation": 1}})
    state = settle(state.step(PlaySpecial("convocation")), lambda who, a: a == Join(who == 1))
    assert (where(state, 1), where(state, 2)) == ("camelot", "excalibur")
    assert size(state, 0) + size(state, 1) == 2
    assert size(state, 2) == 0


def test_convocation_home_from_a_solo_quest_forfeits_its_white_cards():
    """BoQ p.14, p.3: a knight leaving a Solo Quest for the Convocation, by choice, loses the
    White cards laid there; the Black cards stay."""
    state = heroic(
        location={1: "black_knight"},
        hands={0: {"convocation": 1}},
        quests={"black_knight": {"white": (3, 3), "black": ("black_knight_1",)}},
    )
    state = settle(state.step(PlaySpecial("convocation")), lambda who, a: a == Join(True))
    assert where(state, 1) == "camelot"
    assert board(state)["black_knight"]["white"] == []
    assert board(state)["black_knight"]["black"] == [1]


def test_fate_played_loyal_gives_every_living_knight_a_card():
    """BoQ p.15: played as loyal, Fate lets every living knight draw a White card."""
    state = heroic(hands={0: {"fate": 1}}, dead=(3,))
    state = settle(state.step(PlaySpecial("fate", ("loyal",))))
    assert [size(state, seat) for seat in range(3)] == [1, 1, 1]


def test_fate_lets_the_traitor_unmask_himself_early():
    """BoQ p.15: the Traitor may play Fate to reveal himself, even before accusations are
    open; every other knight then discards 2 White cards (or all he has, if fewer)."""
    # READING: Fate lays no White Sword - only a correct accusation does (RB p.16).
    state = heroic(
        loyalty=("traitor", "loyal", "loyal", "loyal"),
        hands={0: {"fate": 1}, 1: {"fight_1": 3}, 2: {"grail": 1}},
    )
    state = settle(state.step(PlaySpecial("fate", ("reveal",))), any_discard)
    assert obs(state)["revealed"] == [0]
    assert (size(state, 1), size(state, 2), size(state, 3)) == (1, 0, 0)
    assert swords(state) == (0, 0)


def test_heroism_adds_a_sword_to_the_winning_side():
    """BoQ p.15: Heroism stays on the chosen Quest; when it is won it adds one more White
    Sword."""
    state = on_black_knight((3, 2, 2), ("black_knight_1",), 3, hands={0: {"heroism": 1}})
    state = settle(state.step(PlaySpecial("heroism", ("black_knight",))))
    assert obs(state)["heroism"] == "black_knight"
    state = state.step(Sacrifice())
    state = settle(state.step(PlayFight("black_knight", 3)))
    assert swords(state) == (2, 0)
    assert obs(state)["heroism"] is None


def test_heroism_adds_a_black_sword_when_its_quest_is_lost():
    """BoQ p.15: Heroism's extra Sword takes the colour of the winning side - Black on a loss."""
    bk = {"black_knight": {"black": ("black_knight_1",) * 3}}
    state = draw_black(position(4, quests=bk, heroism="black_knight"), "black_knight_5")
    assert swords(state) == (0, 2)


def test_heroism_cannot_be_laid_on_camelot():
    """BoQ p.15: Heroism goes on any Quest except Camelot and its Siege Engines."""
    state = heroic(hands={0: {"heroism": 1}})
    assert_illegal(state, PlaySpecial("heroism", ("camelot",)))
    assert PlaySpecial("heroism", ("grail",)) in state.legal_actions()


def test_lady_of_the_lake_moves_excalibur_from_anywhere():
    """BoQ p.15: while Excalibur's Quest is on, the Lady of the Lake moves it one step toward
    the knights, wherever her player stands."""
    state = heroic(hands={0: {"lady_of_the_lake": 1}})
    state = settle(state.step(PlaySpecial("lady_of_the_lake")))
    assert board(state)["excalibur"]["position"] == 1


def test_lady_of_the_lake_bringing_excalibur_home_wins_it_for_her_player():
    """BoQ p.8, p.15: whoever's action moves Excalibur onto the last spot wins the sword; the
    knights on the Quest take the Life point; 2 White Swords."""
    # READING: the Lady's player wins the relic although he is not on the Quest, and gains no
    # Life (only "Knights who are on the Quest" do).
    state = heroic(
        location={1: "excalibur"},
        hands={0: {"lady_of_the_lake": 1}},
        quests={"excalibur": {"position": 4}},
    )
    state = settle(state.step(PlaySpecial("lady_of_the_lake")))
    assert board(state)["excalibur"]["over"] is True
    assert swords(state) == (2, 0)
    assert obs(state)["relics"]["excalibur"] == 0
    assert (life(state, 0), life(state, 1)) == (4, 5)
    assert where(state, 1) == "camelot"


def test_lady_of_the_lake_heals_two_once_excalibur_is_over():
    """BoQ p.15: once Excalibur's Quest is over the Lady gives her player 2 Life instead."""
    state = heroic(life={0: 3}, over=("excalibur",), hands={0: {"lady_of_the_lake": 1}})
    state = settle(state.step(PlaySpecial("lady_of_the_lake")))
    assert life(state, 0) == 5


@pytest.mark.parametrize(
    ("choice", "setup", "check"),
    [
        (("engine",), {"siege_engines": 3}, lambda s: obs(s)["siege_engines"] == 2),
        (
            ("last_black", "black_knight"),
            {"quests": {"black_knight": {"black": ("black_knight_1", "black_knight_5")}}},
            lambda s: board(s)["black_knight"]["black"] == [1],
        ),
        (
            ("last_black", "grail"),
            {"quests": {"grail": {"blacks": ("despair", "despair")}}},
            lambda s: board(s)["grail"]["blacks"] == ["despair"],
        ),
        (
            ("warrior", "saxons"),
            {"quests": {"saxons": {"warriors": 2}}},
            lambda s: board(s)["saxons"]["warriors"] == 1,
        ),
    ],
    ids=["siege engine", "last black knight card", "last despair", "warrior"],
)
def test_a_single_merlin_removes_one_evil(choice, setup, check):
    """BoQ p.15: one Merlin removes a Siege Engine, or the last Standard Black card laid on a
    Quest, or a warrior from a War."""
    # READING: the Black cards in `position` are listed in the order they were laid.
    state = heroic(hands={0: {"merlin": 1}}, **setup)
    state = settle(state.step(PlaySpecial("merlin", choice)))
    assert check(state)
    assert hand(state, 0) == {}


def test_messenger_passes_up_to_three_cards():
    """BoQ p.15: Messenger passes up to 3 White cards to one knight, wherever he is."""
    cards = ("fight_1", "grail", "fight_5")
    state = heroic(
        location={2: "grail"}, hands={0: {"messenger": 1, "fight_1": 2, "grail": 1, "fight_5": 1}}
    )
    plays = [
        a for a in state.legal_actions() if isinstance(a, PlaySpecial) and a.card == "messenger"
    ]
    assert all(len(a.choice) <= 4 for a in plays)
    whole = [a for a in plays if a.choice[0] == 2 and sorted(a.choice[1:]) == sorted(cards)]
    if whole:  # the cards named in the choice (actions.py)
        state = state.step(whole[0])
    else:  # or the target first, then one Offer per card
        state = state.step(PlaySpecial("messenger", (2,)))
        for card in cards:
            state = state.step(Offer(card))
    assert not any(isinstance(a, Offer) for a in state.legal_actions())
    state = settle(state)
    assert hand(state, 2) == {"fight_1": 1, "grail": 1, "fight_5": 1}
    assert hand(state, 0) == {"fight_1": 1}


@pytest.mark.parametrize(("choice", "after"), [("self", [5, 4, 6, 1]), ("others", [2, 5, 6, 2])])
def test_piety_heals_three_or_one_to_each_other_knight(choice, after):
    """BoQ p.15: Piety gives its player 3 Life (up to 6), or 1 Life to every other knight."""
    state = heroic(life={0: 2, 1: 4, 2: 6, 3: 1}, hands={0: {"piety": 1}})
    state = settle(state.step(PlaySpecial("piety", (choice,))))
    assert [life(state, seat) for seat in range(4)] == after


def test_piety_passes_over_an_unmasked_traitor():
    """BoQ p.15: Piety's 1 Life goes to every other knight, suspected or not - but not to an
    unmasked Traitor."""
    state = heroic(
        loyalty=("loyal", "loyal", "traitor", "loyal"), revealed=(2,), hands={0: {"piety": 1}}
    )
    state = settle(state.step(PlaySpecial("piety", ("others",))))
    assert (life(state, 0), life(state, 1), life(state, 3)) == (4, 5, 5)
    assert life(state, 2) in (None, 0, 4)


def test_clairvoyance_reorders_the_top_five_black_cards():
    """BoQ p.15: Clairvoyance looks at the top 5 Black cards and puts them back in any order."""
    # READING: the first card put back (PutNext) is the next one drawn.
    top = ("despair", "excalibur", "picts", "saxons", "mercenaries")
    state = heroic(hands={0: {"clairvoyance": 1}}, black_top=top)
    state = reveal(state.step(PlaySpecial("clairvoyance")))
    for card in ("saxons", "picts", "excalibur", "despair", "mercenaries"):
        if PutNext(card) in state.legal_actions():
            state = state.step(PutNext(card))
    state = settle(state).step(EndTurn()).step(DrawBlack())
    assert [o for o, _ in state.chance_outcomes()] == [Draw("black", "saxons")]


@pytest.mark.parametrize(("choice", "after"), [("self", [4, 0, 0, 0]), ("others", [0, 1, 1, 1])])
def test_reinforcements_draw_four_or_one_for_each_other_knight(choice, after):
    """BoQ p.15: Reinforcements draw 4 White cards for the player, or 1 for each other knight."""
    state = heroic(hands={0: {"reinforcements": 1}})
    state = settle(state.step(PlaySpecial("reinforcements", (choice,))))
    assert [size(state, seat) for seat in range(4)] == after


# --- Special Black cards (BoQ p.16) -------------------------------------------------------------


def test_guinevere_calls_everyone_home_and_ends_the_turn():
    """BoQ p.16: Guinevere sends every knight to Camelot with no cards; White cards on an
    abandoned Solo Quest are removed; the drawer's turn ends at once."""
    state = position(
        4,
        location={1: "black_knight", 2: "grail"},
        quests={"black_knight": {"white": (3, 3), "black": ("black_knight_1",)}},
    )
    state = draw_black(state, "guinevere")
    assert [where(state, seat) for seat in range(4)] == ["camelot"] * 4
    assert board(state)["black_knight"]["white"] == []
    assert board(state)["black_knight"]["black"] == [1]
    assert (obs(state)["turn"], obs(state)["phase"]) == (1, "evil")
    assert [size(state, seat) for seat in range(4)] == [0, 0, 0, 0]


def test_mists_of_avalon_add_a_black_sword_to_each_quest_lost():
    """BoQ p.16: under the Mists every Quest lost lays one more Black Sword."""
    bk = {"black_knight": {"black": ("black_knight_1",) * 3}}
    state = draw_black(position(4, quests=bk, in_play=("mists_of_avalon",)), "black_knight_5")
    assert swords(state) == (0, 2)


def test_first_morgan_costs_every_knight_a_life():
    """BoQ p.16: 1st Morgan - each knight loses 1 Life, whatever his loyalty or location."""
    state = draw_black(position(4, location={2: "grail"}), "morgan_1")
    assert [life(state, seat) for seat in range(4)] == [3, 3, 3, 3]


def _morgan_hands():
    return {0: {"fight_1": 3}, 1: {"grail": 1}, 3: {"fight_2": 2}}


@pytest.mark.parametrize(
    ("volunteer", "sizes"), [(None, [2, 0, 0, 1]), (0, [0, 1, 0, 2])], ids=["nobody", "seat 0"]
)
def test_second_morgan_three_cards_from_a_volunteer_or_one_from_everyone(volunteer, sizes):
    """BoQ p.16: 2nd Morgan - one knight holding 3+ White cards may discard 3 for all; else
    every knight holding a White card discards 1."""
    offered = set()

    def watch(who, action):  # records who is asked to volunteer; never chooses anything
        if action == Volunteer():
            offered.add(who)
        return False

    state = position(4, hands=_morgan_hands())
    state = draw_black(state, "morgan_2", watch, volunteers(volunteer), any_discard)
    assert [size(state, seat) for seat in range(4)] == sizes
    assert offered <= {0}  # only seat 0 holds 3 White cards


def test_third_morgan_plays_the_next_three_black_cards():
    """BoQ p.16: 3rd Morgan - the next 3 Black cards are drawn and played at once."""
    state = position(4, black_top=("morgan_3", "despair", "excalibur", "picts"))
    state = draw_black(state, "morgan_3")
    assert board(state)["grail"]["blacks"] == ["despair"]
    assert board(state)["excalibur"]["position"] == -1
    assert board(state)["picts"]["warriors"] == 1


def test_fourth_morgan_adds_two_siege_engines():
    """BoQ p.16: 4th Morgan - 2 Siege Engines around Camelot."""
    state = draw_black(position(4, siege_engines=1), "morgan_4")
    assert obs(state)["siege_engines"] == 3


@pytest.mark.parametrize(
    ("volunteer", "lives", "sizes"),
    [(None, [4, 4, 4, 4], [2, 0, 0, 1]), (2, [4, 4, 2, 4], [3, 1, 0, 2])],
    ids=["nobody", "seat 2"],
)
def test_fifth_morgan_two_life_from_a_volunteer_or_a_card_from_everyone(volunteer, lives, sizes):
    """BoQ p.16: 5th Morgan - one knight may lose 2 Life at once for all; else every knight
    holding a White card discards 1."""
    state = position(4, hands=_morgan_hands())
    state = draw_black(state, "morgan_5", volunteers(volunteer), any_discard)
    assert [life(state, seat) for seat in range(4)] == lives
    assert [size(state, seat) for seat in range(4)] == sizes


def test_vivien_forbids_every_merlin():
    """BoQ p.16: under Vivien no Merlin card may be played - neither one in a heroic action
    nor three to cancel a Special Black card."""
    single = heroic(siege_engines=3, hands={0: {"merlin": 1}}, in_play=("vivien",))
    assert not any(
        isinstance(a, PlaySpecial) and a.card == "merlin" for a in single.legal_actions()
    )
    assert_illegal(single, PlaySpecial("merlin", ("engine",)))
    triple = position(4, hands={0: {"merlin": 3}}, in_play=("vivien",))
    triple = draw_black(triple, "morgan_4", choose(Pledge(3), seat=0))
    assert obs(triple)["siege_engines"] == 2
    assert hand(triple, 0) == {"merlin": 3}


def test_vivien_herself_can_be_cancelled_by_three_merlins():
    """BoQ p.16: Vivien may still be cancelled by 3 Merlins as she is drawn."""
    state = draw_black(position(4, hands={0: {"merlin": 3}}), "vivien", choose(Pledge(3), seat=0))
    assert "vivien" not in obs(state)["in_play"]
    assert hand(state, 0) == {}


def test_vivien_lasts_until_a_quest_is_won_not_a_siege_fight():
    """BoQ p.16: Vivien's ban lasts until the next Quest is won; beating a Siege Engine does
    not count."""
    siege = heroic(siege_engines=2, hands={0: {"fight_5": 1}}, in_play=("vivien",))
    siege = settle(fight_engine(siege, 5).step(Roll(1)))
    assert obs(siege)["siege_engines"] == 1
    assert "vivien" in obs(siege)["in_play"]
    quest = on_black_knight((2, 2, 3), ("black_knight_1",), 3, in_play=("vivien",))
    quest = settle(quest.step(PlayFight("black_knight", 3)))
    assert swords(quest) == (1, 0)
    assert "vivien" not in obs(quest)["in_play"]


def test_three_merlins_cancel_only_special_blacks():
    """BoQ p.15: 3 Merlins cancel a Special Black (Mordred here), never a Standard one."""
    special = draw_black(
        position(4, hands={0: {"merlin": 3}}), "mordred", choose(Pledge(3), seat=0)
    )
    assert not board(special)["picts"]["mordred"]
    assert not board(special)["saxons"]["mordred"]
    standard = position(4, hands={0: {"merlin": 3}})
    standard = draw_black(standard, "saxons", choose(Pledge(3), seat=0))
    assert board(standard)["saxons"]["warriors"] == 1
    assert hand(standard, 0) == {"merlin": 3}


# --- the knights (Appendix I, BoQ p.13) ---------------------------------------------------------


def test_arthur_passes_a_card_and_gets_one_back():
    """BoQ p.13: King Arthur may pass a White card to any knight, who returns one; this is not
    his heroic action."""
    state = heroic(hands={0: {"fight_5": 1}, 1: {"grail": 1}}, location={1: "grail"})
    state = state.step(ArthurGive(1, "fight_5"))
    assert state.current_player == 1
    state = state.step(ArthurReturn("grail"))
    assert hand(state, 0) == {"grail": 1}
    assert hand(state, 1) == {"fight_5": 1}
    assert state.current_player == 0
    assert_illegal(state, EndTurn())


def test_galahad_plays_a_free_special_white_then_a_different_action():
    """BoQ p.13, RB p.16-17: Galahad may play one Special White for free, but must still take
    another, different action - not a second Special White."""
    knights = ("galahad", "arthur", "gawain", "kay")
    state = heroic(knights=knights, life={0: 2}, hands={0: {"piety": 1, "reinforcements": 1}})
    state = settle(state.step(PlaySpecial("piety", ("self",), free=True)))
    assert life(state, 0) == 5
    assert_illegal(state, EndTurn())
    assert not any(isinstance(a, PlaySpecial) for a in state.legal_actions())
    state = settle(state.step(DrawWhite()))
    assert EndTurn() in state.legal_actions()


def test_gawain_draws_three_white_cards():
    """BoQ p.13, RB p.13: at the Round Table Gawain draws 3 White cards instead of 2."""
    state = heroic(knights=("gawain", "arthur", "galahad", "kay"))
    state = settle(state.step(DrawWhite()))
    assert size(state, 0) == 3


def test_kay_adds_a_fight_card_after_the_reveal():
    """BoQ p.13: when a combat he is on ends, Kay may add one more Fight card after the Black
    cards are revealed - turning a 10-10 tie into an 11-10 win."""
    state = on_black_knight(
        (2, 2, 3),
        ("black_knight_5", "black_knight_5"),
        3,
        knights=("kay", "arthur", "galahad", "gawain"),
        hands={0: {"fight_1": 1}},
    )
    state = settle(state.step(PlayFight("black_knight", 3)), choose(KayExtra(1), seat=0))
    assert swords(state) == (1, 0)


def test_kay_adds_a_card_even_when_the_combat_ends_on_a_black_card():
    """BoQ p.13: Kay need not be the last to play - on the Quest when the combat ends (here by
    the 4th Black Knight card, drawn by another knight) he may still add his card: 8+5 beats 12."""
    state = position(
        4,
        location={3: "black_knight"},
        hands={3: {"fight_5": 1}},
        quests={
            "black_knight": {
                "white": (3, 3, 2),
                "black": ("black_knight_5", "black_knight_5", "black_knight_1"),
            }
        },
    )
    assert _at(obs(state)["knights"], 3) == "kay"
    state = draw_black(state, "black_knight_1", choose(KayExtra(5), seat=3))
    assert swords(state) == (1, 0)
    assert life(state, 3) == 5


def test_kay_adds_a_fight_card_against_a_siege_engine():
    """BoQ p.13: Kay's extra card also works against a Siege Engine, after the roll."""
    knights = ("kay", "arthur", "galahad", "gawain")
    state = heroic(knights=knights, siege_engines=2, hands={0: {"fight_3": 2}})
    state = fight_engine(state, 3).step(Roll(5))
    state = settle(state, choose(KayExtra(3), seat=0))
    assert obs(state)["siege_engines"] == 1
    assert life(state, 0) == 4


def test_palamedes_gains_an_extra_life_from_a_victory():
    """BoQ p.4, p.13: Palamedes gains 1 Life more than a won Quest grants."""
    state = on_black_knight(
        (2, 2, 3), ("black_knight_1",), 3, knights=("palamedes", "arthur", "galahad", "gawain")
    )
    state = settle(state.step(PlayFight("black_knight", 3)))
    assert life(state, 0) == 6


def test_percival_peeks_then_may_choose_another_evil():
    """BoQ p.13, RB p.10: Percival may look at the top Black card and leave it in place while
    he picks another evil action."""
    state = position(4, knights=("percival", "arthur", "galahad", "gawain"))
    before = obs(state)["decks"]["black_draw"]
    state = state.step(PeekBlack())
    if state.is_chance():
        state = state.step(Draw("black", "despair"))
    assert {DrawBlack(), LoseLife(), AddEngine()} <= set(state.legal_actions())
    state = state.step(AddEngine())
    assert obs(state)["siege_engines"] == 1
    assert obs(state)["decks"]["black_draw"] == before
    state = settle(state.step(DrawWhite())).step(EndTurn()).step(DrawBlack())
    assert [o for o, _ in state.chance_outcomes()] == [Draw("black", "despair")]


def test_tristan_leaves_the_round_table_for_free():
    """BoQ p.13, RB p.13: Tristan departs the Round Table at no action cost; his heroic action
    that turn is still owed and may not be another Move."""
    # READING: the position gives no history, so Tristan is taken to have spent his previous
    # turn in Camelot (he starts there).
    state = heroic(knights=("tristan", "arthur", "galahad", "gawain"), hands={0: {"grail": 1}})
    state = state.step(Move("grail"))
    assert where(state, 0) == "grail"
    assert_illegal(state, EndTurn())
    assert_illegal(state, Move("excalibur"))
    state = settle(state.step(PlayGrail()))
    assert board(state)["grail"]["grails"] == 1


# --- the Traitor (BoQ p.13) ---------------------------------------------------------------------


def test_unmasked_traitor_drops_his_cards_and_relics_but_keeps_the_armor():
    """BoQ p.13, p.6: the unmasked Traitor discards all his cards and loses Excalibur and the
    Grail, but keeps Lancelot's Armor; his figure leaves the board."""
    state = heroic(
        loyalty=("loyal", "traitor", "loyal", "loyal"),
        siege_engines=6,
        hands={1: {"fight_2": 3}},
        relics={"excalibur": 1, "armor": 1},
    )
    state = settle(state.step(Accuse(1)))
    o = obs(state)
    assert size(state, 1) == 0
    assert (o["relics"]["excalibur"], o["relics"]["armor"]) == ("lost", 1)
    assert where(state, 1) not in {
        "camelot",
        "black_knight",
        "grail",
        "excalibur",
        "picts",
        "saxons",
    }


def test_unmasked_traitors_turn_steals_a_card_and_adds_evil():
    """BoQ p.13: the unmasked Traitor's turn: a random White card from the hand of a knight of
    his choice is discarded, and he adds a Siege Engine (or draws a Black card)."""
    state = position(
        4,
        loyalty=("loyal", "traitor", "loyal", "loyal"),
        revealed=(1,),
        turn=1,
        siege_engines=2,
        hands={0: {"fight_1": 2}},
    )
    assert state.current_player == 1
    assert StealFrom(0) in state.legal_actions()
    before = obs(state)["decks"]["white_discard"]
    for _ in range(8):
        if obs(state)["turn"] != 1 or state.is_terminal():
            break
        if state.is_chance():
            state = state.step(state.chance_outcomes()[0][0])
            continue
        legal = state.legal_actions()
        for action in (StealFrom(0), AddEngine(), EndTurn()):
            if action in legal:
                state = state.step(action)
                break
        else:
            raise AssertionError(f"unexpected choices {legal}")
    assert obs(state)["turn"] == 2
    assert size(state, 0) == 1
    assert obs(state)["decks"]["white_discard"] == before + 1
    assert obs(state)["siege_engines"] == 3
