"""Scenario tests read from the official Rulebook (2005, English), one rule per test.

An independent reading of the rules (cited as ``RB p.N``), checked against the engine through
``position(...)`` test positions and what ``state.observation(seat)`` shows. Where the text allows
more than one reading, the test follows the most literal one and says so in a ``# READING:``.
"""

from __future__ import annotations

import pytest

from camelot_rules.data.decks import standard_deck
from camelot_rules.engine import position
from camelot_rules.engine.actions import (
    Accuse,
    AddEngine,
    ChooseWar,
    DiscardForExcalibur,
    Draw,
    DrawBlack,
    DrawWhite,
    Drink,
    EndTurn,
    Heal,
    LoseLife,
    Move,
    Pass,
    PlayBlack,
    PlayFight,
    PlayGrail,
    PlaySpecial,
    Pledge,
    Roll,
    Sacrifice,
    Take,
)
from tests.engine.scenario_helpers import (  # noqa: F401 (_time_limit is a fixture)
    _at,
    _time_limit,
    assert_illegal,
    board,
    choose,
    decks,
    fight_engine,
    hand,
    life,
    obs,
    size,
    where,
)

# --- small helpers ------------------------------------------------------------------------------


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
    """The evil step 'draw a Black card', the top card being ``card``; the drawn Black Knight /
    Lancelot / Dragon card is laid face up unless ``prefer`` says otherwise."""
    state = state.step(DrawBlack())
    if state.is_chance():
        state = state.step(Draw("black", card))
    return settle(state, *prefer, choose(PlayBlack(False)))


# --- turn structure and the evil step -----------------------------------------------------------


def test_evil_step_offers_exactly_the_three_evil_choices():
    """RB p.9-10: a turn opens with the Progression of Evil: draw a Black card, add a Siege
    Engine or lose a Life point - nothing else."""
    state = position(4)
    assert set(state.legal_actions()) == {DrawBlack(), AddEngine(), LoseLife()}
    assert obs(state)["phase"] == "evil"


def test_adding_a_siege_engine_is_an_evil_step():
    """RB p.11: the evil step 'add a Siege Engine' puts one more engine around Camelot."""
    state = position(4, siege_engines=2).step(AddEngine())
    assert obs(state)["siege_engines"] == 3
    assert obs(state)["phase"] == "heroic"
    assert state.current_player == 0


def test_losing_a_life_point_is_an_evil_step():
    """RB p.12: the evil step 'lose a Life point' turns the life die down by one."""
    state = position(4).step(LoseLife())
    assert life(state, 0) == 3
    assert obs(state)["phase"] == "heroic"


def test_twelfth_siege_engine_loses_the_game_at_once():
    """RB p.11, p.17: the 12th Siege Engine around Camelot loses the game immediately."""
    state = position(4, siege_engines=11).step(AddEngine())
    assert state.is_terminal()
    assert not state.result().knights_win
    assert state.result().cause == "12 siege engines"


def test_a_heroic_action_is_compulsory():
    """RB p.12: in the heroic phase the knight must take one action before the turn ends."""
    state = position(4, phase="heroic")
    assert_illegal(state, EndTurn())
    state = settle(state.step(DrawWhite()))
    assert EndTurn() in state.legal_actions()


def test_play_passes_clockwise_to_the_next_seat():
    """RB p.9: play goes clockwise; the next knight starts with his own evil step."""
    # READING: seats are numbered clockwise, so the next player is seat + 1.
    state = settle(position(4, phase="heroic").step(DrawWhite())).step(EndTurn())
    assert obs(state)["turn"] == 1
    assert state.current_player == 1
    assert obs(state)["phase"] == "evil"


# --- drawing Black cards ------------------------------------------------------------------------


def test_standard_black_card_is_laid_face_up_on_its_quest():
    """RB p.11: a Standard Black card goes face up on the Quest its symbol names."""
    state = draw_black(position(4), "black_knight_3")
    assert board(state)["black_knight"]["black"] == [3]
    assert obs(state)["phase"] == "heroic"


def test_black_card_of_a_finished_quest_adds_a_siege_engine():
    """RB p.11: a Black card whose Quest is no longer in play adds a Siege Engine instead and
    is discarded."""
    state = position(4, over=("excalibur",))
    before = decks(state)["black_discard"]
    state = draw_black(state, "excalibur")
    assert obs(state)["siege_engines"] == 1
    assert decks(state)["black_discard"] == before + 1


def test_lancelot_dragon_card_goes_to_the_dragon_once_lancelot_is_over():
    """RB p.11: Lancelot & Dragon cards go on whichever of the two Quests is in play, reading
    the Dragon value once Lancelot's Quest is complete."""
    state = draw_black(position(4, over=("lancelot",)), "lancelot_dragon_3_7")
    assert board(state)["lancelot_dragon"] == "dragon"
    assert board(state)["dragon"]["black"] == [7]


def test_face_down_combat_card_earns_a_white_card():
    """RB p.10-11: a Black Knight / Lancelot / Dragon card may be played face down, its value
    hidden from the other players, and the drawer then takes a free White card."""
    state = draw_black(position(4), "black_knight_5", choose(PlayBlack(True)))
    assert size(state, 0) == 1
    assert board(state, 1)["black_knight"]["black"] == ["hidden"]
    assert board(state, 2)["black_knight"]["black"] == ["hidden"]


def test_mercenaries_join_the_war_of_the_drawers_choice():
    """RB p.11: a Mercenaries card adds a warrior to the Pict or the Saxon War, as the drawer
    chooses."""
    state = draw_black(position(4), "mercenaries", choose(ChooseWar("saxons")))
    assert board(state)["saxons"]["warriors"] == 1
    assert board(state)["picts"]["warriors"] == 0


def test_fourth_warrior_from_a_black_card_loses_the_war():
    """RB p.11 (BoQ p.10): a Pict card placing the 4th Pict ends the war at once as a loss:
    2 Siege Engines, 1 Black Sword, -1 Life to the knights there, who go back to Camelot."""
    state = position(4, location={1: "picts"}, quests={"picts": {"warriors": 3}})
    state = draw_black(state, "picts")
    o = obs(state)
    assert (o["black_swords"], o["siege_engines"]) == (1, 2)
    assert life(state, 1) == 3
    assert where(state, 1) == "camelot"
    assert board(state)["picts"]["warriors"] == 0


def test_three_merlins_cancel_a_special_black_card():
    """RB p.10: playing 3 Merlin cards cancels a Special Black card as it is drawn; the
    Merlins are discarded."""
    state = position(4, hands={0: {"merlin": 3}})
    state = draw_black(state, "morgan_4", choose(Pledge(3), seat=0))
    assert obs(state)["siege_engines"] == 0
    assert hand(state, 0).get("merlin", 0) == 0


def test_merlins_to_cancel_may_come_from_several_knights():
    """RB p.10: the 3 Merlin cards are played collectively - by you and/or other knights."""
    state = position(4, hands={0: {"merlin": 2}, 2: {"merlin": 1}})
    state = draw_black(state, "morgan_1", choose(Pledge(2), seat=0), choose(Pledge(1), seat=2))
    assert [life(state, seat) for seat in range(4)] == [4, 4, 4, 4]
    assert hand(state, 0).get("merlin", 0) == 0
    assert hand(state, 2).get("merlin", 0) == 0


# --- heroic actions: moving, quests, Camelot ----------------------------------------------------


def test_moving_to_a_quest_is_the_heroic_action():
    """RB p.12: any destination takes one Move, and that Move is the turn's heroic action."""
    state = position(4, phase="heroic").step(Move("grail"))
    assert where(state, 0) == "grail"
    assert EndTurn() in state.legal_actions()
    assert_illegal(state, Move("excalibur"))


def test_an_occupied_solo_quest_cannot_be_joined():
    """RB p.13: a Solo Quest (Black Knight, Lancelot) takes one knight at a time."""
    state = position(4, phase="heroic", location={1: "black_knight"})
    assert_illegal(state, Move("black_knight"))
    assert Move("grail") in state.legal_actions()


def test_a_knight_who_can_do_nothing_else_must_move():
    """RB p.12: unable to act on his Quest, play a special, heal or accuse, a knight must move."""
    state = position(4, phase="heroic", location={0: "grail"})
    kinds = {type(a) for a in state.legal_actions()}
    assert Move in kinds
    assert kinds <= {Move, Sacrifice}


def test_quest_actions_need_the_knight_on_that_quest():
    """RB p.13: a Quest-specific action is only possible on that Quest."""
    state = position(4, phase="heroic", hands={0: {"fight_3": 1, "grail": 1}})
    assert_illegal(state, PlayFight("black_knight", 3))
    assert_illegal(state, PlayGrail())


def test_round_table_draws_two_white_cards():
    """RB p.13: at the Round Table the heroic action draws 2 White cards."""
    state = settle(position(4, phase="heroic").step(DrawWhite()))
    assert size(state, 0) == 2


def test_no_white_draw_with_twelve_cards_in_hand():
    """RB p.13: with 12 or more White cards in hand a knight may not draw more as his action."""
    assert DrawWhite() in position(4, phase="heroic", hands={0: {"fight_1": 11}}).legal_actions()
    assert_illegal(position(4, phase="heroic", hands={0: {"fight_1": 12}}), DrawWhite())


def test_siege_fight_won_when_the_cards_beat_the_die():
    """RB p.13: Fight cards summing above the d8 roll remove a Siege Engine; the cards are
    discarded."""
    state = position(4, phase="heroic", siege_engines=3, hands={0: {"fight_3": 1, "fight_2": 1}})
    before = decks(state)["white_discard"]
    state = settle(fight_engine(state, 3, 2).step(Roll(4)))
    assert obs(state)["siege_engines"] == 2
    assert life(state, 0) == 4
    assert hand(state, 0) == {}
    assert decks(state)["white_discard"] == before + 2


def test_siege_fight_tie_costs_a_life_and_the_engine_stays():
    """RB p.13, p.17: a sum equal to the die loses - 1 Life, the engine stays, cards discarded."""
    state = position(4, phase="heroic", siege_engines=3, hands={0: {"fight_4": 1}})
    state = settle(fight_engine(state, 4).step(Roll(4)))
    assert obs(state)["siege_engines"] == 3
    assert life(state, 0) == 3
    assert hand(state, 0) == {}


# --- healing, specials, accusations -------------------------------------------------------------


@pytest.mark.parametrize("card", ["fight_2", "grail"])
def test_healing_discards_three_identical_cards_for_a_life(card):
    """RB p.16: three identical cards (three Grails, three Fights of one value) heal 1 Life."""
    state = position(4, phase="heroic", life={0: 3}, hands={0: {card: 3}}).step(Heal(card))
    assert life(state, 0) == 4
    assert hand(state, 0) == {}


def test_healing_needs_three_of_the_same_card():
    """RB p.16: three different Fight values do not heal."""
    state = position(
        4, phase="heroic", life={0: 3}, hands={0: {"fight_1": 1, "fight_2": 1, "fight_3": 1}}
    )
    assert not any(isinstance(a, Heal) for a in state.legal_actions())


def test_healing_never_goes_above_six():
    """RB p.16: healing may pass the initial 4 Life but never 6."""
    # READING: "never above 6" - at 6 Life the Heal action is not available at all.
    five = position(4, phase="heroic", life={0: 5}, hands={0: {"fight_1": 3}}).step(Heal("fight_1"))
    assert life(five, 0) == 6
    assert_illegal(
        position(4, phase="heroic", life={0: 6}, hands={0: {"fight_1": 3}}), Heal("fight_1")
    )


def test_one_special_white_card_per_turn():
    """RB p.16: no knight may play more than one Special White card in a turn, even with a
    sacrifice for a second action."""
    state = position(4, phase="heroic", life={0: 2}, hands={0: {"piety": 1, "reinforcements": 1}})
    state = settle(state.step(PlaySpecial("piety", ("self",))))
    assert life(state, 0) == 5
    state = state.step(Sacrifice())
    assert not any(isinstance(a, PlaySpecial) for a in state.legal_actions())
    assert_illegal(state, PlaySpecial("reinforcements", ("self",)))


def test_accusation_is_closed_below_six_engines_and_six_swords():
    """RB p.16: accusing needs at least 6 Siege Engines or 6 Swords on the Round Table."""
    state = position(4, phase="heroic", siege_engines=5, white_swords=3, black_swords=2)
    assert not any(isinstance(a, Accuse) for a in state.legal_actions())


@pytest.mark.parametrize(
    "board_state",
    [{"siege_engines": 6}, {"white_swords": 3, "black_swords": 3}],
    ids=["six engines", "six swords of any colour"],
)
def test_accusation_opens_at_six_engines_or_six_swords(board_state):
    """RB p.16: with 6 engines or 6 Swords of either colour a knight may accuse, wherever the
    accused stands."""
    state = position(4, phase="heroic", location={0: "grail"}, **board_state)
    assert Accuse(1) in state.legal_actions()
    assert Accuse(0) not in state.legal_actions()


def test_wrong_accusation_turns_a_white_sword_black():
    """RB p.16: accusing a loyal knight turns one White Sword over to Black."""
    state = position(4, phase="heroic", white_swords=4, black_swords=2).step(Accuse(1))
    assert (obs(state)["white_swords"], obs(state)["black_swords"]) == (3, 3)


def test_wrong_accusation_without_white_swords_does_nothing():
    """RB p.16: with no White Sword on the Round Table a wrong accusation has no effect."""
    state = position(4, phase="heroic", siege_engines=6).step(Accuse(1))
    assert (obs(state)["white_swords"], obs(state)["black_swords"]) == (0, 0)
    assert 0 in obs(state)["accused"]


def test_correct_accusation_adds_a_white_sword_and_unmasks():
    """RB p.16: accusing the Traitor adds a White Sword and unmasks him."""
    loyalty = ("loyal", "traitor", "loyal", "loyal")
    state = position(4, phase="heroic", loyalty=loyalty, siege_engines=6, white_swords=1)
    state = settle(state.step(Accuse(1)))
    assert obs(state)["white_swords"] == 2
    assert obs(state)["revealed"] == [1]


def test_each_knight_accuses_only_once_per_game():
    """RB p.16: a knight may make an accusation once in the whole game."""
    state = position(4, phase="heroic", siege_engines=6, accused=(0,))
    assert not any(isinstance(a, Accuse) for a in state.legal_actions())


# --- sacrifice, death and the Grail -------------------------------------------------------------


def test_sacrifice_buys_a_second_different_action():
    """RB p.16: lose 1 Life for a second heroic action - the book's own example: move to
    Excalibur, then sacrifice to discard a card and move Excalibur one step."""
    state = position(4, phase="heroic", hands={0: {"fight_1": 1}}).step(Move("excalibur"))
    state = state.step(Sacrifice())
    assert life(state, 0) == 3
    state = settle(state.step(DiscardForExcalibur("fight_1")))
    assert board(state)["excalibur"]["position"] == 1


def test_sacrifice_cannot_repeat_the_same_action():
    """RB p.16: the second action must differ from the first."""
    state = settle(position(4, phase="heroic").step(DrawWhite())).step(Sacrifice())
    assert_illegal(state, DrawWhite())


def test_sacrifice_only_once_per_turn():
    """RB p.16: a life may be sacrificed for an extra action once per turn."""
    state = settle(position(4, phase="heroic").step(DrawWhite())).step(Sacrifice())
    state = state.step(Move("grail"))
    assert_illegal(state, Sacrifice())


def test_sacrifice_to_zero_still_acts_then_dies():
    """RB p.17: a sacrifice down to 0 Life still buys the action, and the knight dies after it
    even if that action wins a Quest that would heal him; his Excalibur is lost with him."""
    state = position(
        4,
        phase="heroic",
        life={0: 1},
        hands={0: {"grail": 1}},
        quests={"excalibur": {"position": 4}},
    )
    state = state.step(Move("excalibur")).step(Sacrifice())
    assert life(state, 0) == 0
    state = settle(state.step(DiscardForExcalibur("grail")))
    assert obs(state)["white_swords"] == 2
    if not state.is_terminal() and EndTurn() in state.legal_actions():
        state = settle(state.step(EndTurn()))
    assert 0 in obs(state, 1)["dead"]
    assert obs(state, 1)["relics"]["excalibur"] == "lost"


def test_dead_knight_discards_his_hand_and_loses_his_relics():
    """RB p.12: at 0 Life a knight dies at the end of his turn; his White cards are discarded
    and Excalibur and Lancelot's Armor are lost for good."""
    state = position(
        4,
        phase="heroic",
        life={0: 1},
        hands={0: {"fight_1": 2}},
        relics={"excalibur": 0, "armor": 0},
    )
    before = decks(state)["white_discard"]
    state = settle(state.step(DrawWhite())).step(Sacrifice()).step(Move("grail"))
    state = settle(state.step(EndTurn()))
    o = obs(state, 1)
    assert o["dead"] == [0]
    assert (o["relics"]["excalibur"], o["relics"]["armor"]) == ("lost", "lost")
    assert o["decks"]["white_discard"] == before + 4
    assert o["turn"] == 1


def test_a_dead_knights_turn_is_skipped():
    """RB p.12: a dead knight disappears from the game - play passes over his seat."""
    state = settle(position(4, phase="heroic", dead=(1,)).step(DrawWhite())).step(EndTurn())
    assert obs(state)["turn"] == 2
    assert state.current_player == 2


def test_all_loyal_knights_dead_loses_the_game():
    """RB p.17: the game is lost when every loyal knight is dead."""
    # READING: a knight brought to 0 by his evil step does not 'survive' it (RB p.12), so the
    # end-of-game check after the evil step already finds every knight dead.
    state = position(3, life={0: 1}, dead=(1, 2))
    state = settle(state.step(LoseLife()))
    assert state.is_terminal()
    assert not state.result().knights_win
    assert state.result().cause == "all knights dead"


@pytest.mark.parametrize("owner", [1, 0], ids=["another knight's grail", "his own grail"])
def test_holy_grail_saves_a_dying_knight_once(owner):
    """RB p.12 (BoQ p.9): the Grail's owner may let a knight at 0 Life drink - even himself:
    back to 4 Life, and the Grail leaves the game."""
    # READING: the drink may be offered at the fall or at the end of the turn, when the knight
    # "is about to die" (RB p.12 has death at the end of the turn); either way he lives on 4.
    state = position(4, life={0: 1}, relics={"grail": owner}).step(LoseLife())
    state = settle(state, choose(Drink(), seat=owner))
    assert life(state, 0) == 4
    assert obs(state)["dead"] == []
    assert obs(state)["relics"]["grail"] == "lost"


# --- game end -----------------------------------------------------------------------------------


def _bk_win(**kw):
    """Seat 0 on the Black Knight about to lay the 4th card (3,3,4,4 = 14 against 1)."""
    return position(
        4,
        phase="heroic",
        location={0: "black_knight"},
        hands={0: {"fight_4": 1}},
        quests={"black_knight": {"white": (3, 3, 4), "black": ("black_knight_1",)}},
        **kw,
    )


def test_twelfth_sword_ends_the_game_with_a_white_majority():
    """RB p.17-18: the game stops after the action that lays the 12th Sword; more White than
    Black Swords wins."""
    state = settle(_bk_win(white_swords=7, black_swords=4).step(PlayFight("black_knight", 4)))
    assert state.is_terminal()
    assert state.result().knights_win
    assert state.result().cause == "12 swords"


def test_hidden_traitor_turns_two_white_swords_at_the_end():
    """RB p.17-18: a traitor still alive and undetected turns two White Swords black at the
    end; 6 against 6 is a tie, and ties go to Evil."""
    loyalty = ("loyal", "loyal", "traitor", "loyal")
    state = _bk_win(white_swords=7, black_swords=4, loyalty=loyalty)
    state = settle(state.step(PlayFight("black_knight", 4)))
    assert state.is_terminal()
    result = state.result()
    assert (result.white_swords, result.black_swords) == (6, 6)
    assert not result.knights_win


@pytest.mark.parametrize("how", ["revealed", "dead"])
def test_unmasked_or_dead_traitor_flips_nothing(how):
    """RB p.17: only a traitor 'still alive and undetected' flips two swords at the end."""
    loyalty = ("loyal", "loyal", "traitor", "loyal")
    state = _bk_win(white_swords=7, black_swords=4, loyalty=loyalty, **{how: (2,)})
    state = settle(state.step(PlayFight("black_knight", 4)))
    assert state.is_terminal()
    result = state.result()
    assert (result.white_swords, result.black_swords) == (8, 4)
    assert result.knights_win


def test_seventh_black_sword_loses_at_once():
    """RB p.17: 7 Black Swords on the Round Table end the game in defeat."""
    bk = {"black_knight": {"black": ("black_knight_1",) * 3}}
    state = draw_black(position(4, black_swords=6, quests=bk), "black_knight_7")
    assert state.is_terminal()
    assert not state.result().knights_win
    assert state.result().cause == "7 black swords"


def test_sword_tie_at_the_end_goes_to_evil():
    """RB p.17-18: White must strictly outnumber Black; 6 against 6 is a loss."""
    bk = {"black_knight": {"black": ("black_knight_1",) * 3}}
    state = position(4, white_swords=6, black_swords=5, quests=bk)
    state = draw_black(state, "black_knight_7")
    assert state.is_terminal()
    assert (obs(state)["white_swords"], obs(state)["black_swords"]) == (6, 6)
    assert not state.result().knights_win
    assert state.result().cause == "12 swords"


def test_final_action_may_lay_more_than_twelve_swords():
    """RB p.17: swords laid at once by the final action all count, past twelve."""
    state = position(
        4,
        phase="heroic",
        white_swords=9,
        black_swords=2,
        location={0: "grail"},
        hands={0: {"grail": 1}},
        quests={"grail": {"grails": 6}},
    )
    state = settle(state.step(PlayGrail()))
    assert state.is_terminal()
    assert obs(state)["white_swords"] == 12
    assert state.result().knights_win


def test_three_knights_see_their_loyalty_only_from_six_swords():
    """RB p.19: with 3 players the Loyalty cards are not looked at until at least 6 Swords lie
    on the Round Table."""
    # READING: the engine's observation hides the seat's own loyalty (None) until then.
    loyalty = ("loyal", "loyal", "traitor")
    assert obs(position(3, loyalty=loyalty, white_swords=3, black_swords=2), 2)["loyalty"] is None
    seen = position(3, loyalty=loyalty, white_swords=3, black_swords=3)
    assert obs(seen, 2)["loyalty"] == "traitor"
    assert obs(seen, 0)["loyalty"] == "loyal"


# --- reshuffles ---------------------------------------------------------------------------------


def test_white_pile_running_out_reshuffles_both_piles():
    """RB p.13, p.10: when the White draw pile runs out, the White discards become a new draw
    pile and the Black discards are shuffled back into the Black draw pile at the same time."""
    # READING: "runs out" is the moment the last card is drawn, not the next attempt to draw.
    white = dict(standard_deck("white").counts)
    white["fight_1"] -= 2
    state = position(4, phase="heroic", white_discard=white, black_discard={"despair": 5})
    assert decks(state)["white_draw"] == 2
    state = settle(state.step(DrawWhite()))
    assert size(state, 0) == 2
    assert decks(state) == {
        "white_draw": 82,
        "white_discard": 0,
        "black_draw": 76,
        "black_discard": 0,
    }


def test_black_pile_running_out_reshuffles_both_piles():
    """RB p.10: when a draw empties the Black pile, the Black discards form a new pile and the
    White discard and draw piles are reshuffled together as well."""
    black = dict(standard_deck("black").counts)
    black["despair"] -= 1
    state = position(4, black_discard=black, white_discard={"fight_1": 4})
    assert decks(state)["black_draw"] == 1
    state = draw_black(state, "despair")
    assert board(state)["grail"]["blacks"] == ["despair"]
    assert decks(state) == {
        "white_draw": 84,
        "white_discard": 0,
        "black_draw": 75,
        "black_discard": 0,
    }


# --- the official example -----------------------------------------------------------------------


def test_official_lancelot_example_knight_wins_14_to_11():
    """RB p.14: the Lancelot fight of the example - the knight's 4+5+5 = 14 against the five
    Black cards 3+1+1+5+1 = 11 (four face down) - ends on the 5th Black card, won by the knight:
    Lancelot's Armor, +1 Life, 4 White cards, a White Sword, and the board flips to the Dragon."""
    down = ("lancelot_dragon_1_5", True)
    state = position(
        4,
        location={0: "lancelot"},
        quests={
            "lancelot": {"white": (4, 5, 5), "black": ("lancelot_dragon_3_7", down, down, down)}
        },
        black_top=("lancelot_dragon_5_9",),
    )
    state = draw_black(state, "lancelot_dragon_5_9", choose(PlayBlack(True)))
    o = obs(state)
    assert (o["white_swords"], o["black_swords"]) == (1, 0)
    assert o["relics"]["armor"] == 0
    assert life(state, 0) == 5
    assert size(state, 0) == 1 + 4  # the face-down card's White card, then the spoils
    assert where(state, 0) == "camelot"
    assert o["quests"]["lancelot_dragon"] == "dragon"
