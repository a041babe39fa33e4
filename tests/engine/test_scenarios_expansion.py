"""Scenario tests for Merlin's Company, read from the Japanese translation of its rules.

An independent reading of the expansion rules (the private JA translation, cited as
``JA <section>``), one rule per test, checked against the engine through ``position(...,
expansion=True)`` positions and what ``state.observation(seat)`` shows. Where the translation
is silent or ambiguous the test follows the engine's documented surface for the expansion and
says so in a ``# READING:``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from camelot_rules.data.decks import standard_deck
from camelot_rules.engine import IllegalActionError, new_game, position
from camelot_rules.engine import actions as A
from tests.engine.scenario_helpers import (  # noqa: F401 (_time_limit is a fixture)
    _at,
    _time_limit,
    assert_illegal,
    board,
    choose,
    decks,
    hand,
    life,
    obs,
    swords,
    where,
)

BASE7 = ("arthur", "galahad", "gawain", "kay", "palamedes", "percival", "tristan")
EXP8 = ("arthur", "bors", "caradoc", "gaheris", "gareth", "geraint", "lamorak", "owain")
NEW_KNIGHTS = set(EXP8) - {"arthur"}
TRAVEL = dict(standard_deck("travel", expansion=True).counts)
WHITE = dict(standard_deck("white", expansion=True).counts)
BLACK = dict(standard_deck("black", expansion=True).counts)


# --- small helpers ------------------------------------------------------------------------------


def pos(players=4, **kw):
    return position(players, expansion=True, **kw)


def heroic(players=4, **kw):
    return pos(players, phase="heroic", **kw)


def lives(state):
    return {int(k): v for k, v in obs(state)["life"].items()}


def captured(state):
    return sorted(int(x) for x in obs(state)["captured"])


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
            white = all(isinstance(o, A.Draw) and o.pile == "white" for o, _ in outcomes)
            if len(outcomes) != 1 and not white:
                return state
            state = state.apply_chance(outcomes[0][0])
            continue
        seat, actions = state.current_player, state.legal_actions()
        chosen = next((a for want in prefer for a in actions if want(seat, a)), None)
        if chosen is None and A.Pass() in actions:
            chosen = A.Pass()
        if chosen is None and actions and all(isinstance(a, A.Take) for a in actions):
            chosen = next((a for a in actions if a.card is not None), actions[0])
        if chosen is None:
            return state
        state = state.apply(chosen)
    raise AssertionError("settle did not come to rest")


def whites(state, *cards):
    for card in cards:
        state = state.step(A.Draw("white", card))
    return state


def draw_black(state, card, *prefer):
    """The evil step 'draw a Black card', the top card being ``card``; a drawn Black Knight /
    Lancelot / Dragon card is laid face up unless ``prefer`` says otherwise."""
    state = state.step(A.DrawBlack())
    if state.is_chance():
        state = state.step(A.Draw("black", card))
    return settle(state, *prefer, choose(A.PlayBlack(False)))


def is_travel_draw(state):
    if not state.is_chance():
        return False
    return all(isinstance(o, A.Draw) and o.pile == "travel" for o, _ in state.chance_outcomes())


def travel_odds(state):
    assert is_travel_draw(state), "expected a travel-card draw"
    return {o.card: p for o, p in state.chance_outcomes()}


def travel(state, quest, kind):
    """Heroic action: move to ``quest``; the travel card drawn is ``kind``."""
    state = state.step(A.Move(quest))
    assert is_travel_draw(state), "a heroic move must draw a travel card"
    return state.step(A.Draw("travel", kind))


def pays(state):
    """The ``Pay`` actions offered (the card lists, sorted)."""
    return sorted(
        tuple(sorted(a.cards)) for a in state.legal_actions() if type(a).__name__ == "Pay"
    )


def pay(state, cards):
    for a in state.legal_actions():
        if type(a).__name__ == "Pay" and sorted(a.cards) == sorted(cards):
            return state.step(a)
    raise AssertionError(f"no Pay{cards!r} among {state.legal_actions()!r}")


def answer_each(state, answers, default=None):
    """Answer the decisions of a resolution seat by seat (``answers[seat]``), until the state
    leaves the resolution (a chance node or a seat without an answer)."""
    for _ in range(40):
        if state.is_terminal() or state.is_chance():
            return state
        seat = state.current_player
        if seat in answers:
            state = state.step(answers[seat])
        elif default is not None and default in state.legal_actions():
            state = state.step(default)
        else:
            return state
    raise AssertionError("answer_each did not come to rest")


def loyalty_node(state):
    """Advance a setup chance state (first outcome each time) to the next loyalty deal."""
    for _ in range(40):
        assert state.is_chance()
        outcomes = state.chance_outcomes()
        if all(isinstance(o, A.Deal) and o.what in ("loyal", "traitor") for o, _ in outcomes):
            return state
        state = state.apply_chance(outcomes[0][0])
    raise AssertionError("no loyalty deal reached")


def loyalty_odds(state):
    return {o.what: p for o, p in state.chance_outcomes()}


def deal_loyalty(state, what):
    seat = state.chance_outcomes()[0][0].seat
    return state.apply_chance(A.Deal(seat, what))


# --- setup --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_setup_king_arthur_always_plays(players):
    """JA 7 new knights: with Merlin's Company King Arthur is always in the game."""
    for seed in (1, 2, 3):
        s = new_game(players, expansion=True, seed=seed)
        knights = list(obs(s)["knights"].values())
        assert "arthur" in knights
        assert len(set(knights)) == players


def test_setup_expansion_coats_replace_every_knight_but_arthur():
    """JA 7 new knights: option 1 swaps every base coat for the expansion's, Arthur excepted."""
    s = new_game(8, expansion=True, seed=4, coats="expansion")
    knights = set(obs(s)["knights"].values())
    assert knights == set(EXP8)
    t = new_game(5, expansion=True, seed=4, coats="expansion")
    names = set(obs(t)["knights"].values())
    assert "arthur" in names and names - {"arthur"} <= NEW_KNIGHTS


def test_setup_knights_without_arthur_are_refused():
    """JA 7 new knights: Arthur is always in the game, a table without him is not a setup."""
    with pytest.raises(ValueError):
        new_game(4, expansion=True, seed=1, knights=("galahad", "gawain", "kay", "percival"))


def test_setup_bigger_decks_and_merlin_off_the_board():
    """JA setup: +23 white (107), +14 black (90), Merlin's figure beside the board."""
    s = new_game(4, expansion=True, seed=5, opening_share="skip")
    assert obs(s)["merlin"] is None
    assert decks(s)["black_draw"] == 90
    assert decks(s)["white_draw"] == 107 - 4 * 6
    assert all(sum(hand(s, i).values()) == 6 for i in range(4))


def test_setup_travel_pile_is_the_sixteen_card_deck():
    """JA setup: the 16 travel cards are shuffled into a pile; the first draw weighs each."""
    s = heroic()
    odds = travel_odds(s.step(A.Move("grail")))
    assert odds == {kind: Fraction(n, 16) for kind, n in TRAVEL.items()}


@pytest.mark.parametrize("players", [3, 6])
def test_setup_loyalty_below_seven_players_has_one_traitor(players):
    """JA 7-8 players: the second traitor card is added only with 7 or more players."""
    s = loyalty_node(new_game(players, expansion=True, knights=BASE7[:players]))
    assert loyalty_odds(s) == {"loyal": Fraction(7, 8), "traitor": Fraction(1, 8)}


@pytest.mark.parametrize("players, knights", [(7, BASE7), (8, EXP8)])
def test_setup_loyalty_at_seven_or_eight_players_has_two_traitors(players, knights):
    """JA 7-8 players: 7 loyal + 2 traitor cards; the deal draws from these nine cards."""
    s = loyalty_node(new_game(players, expansion=True, knights=knights))
    assert loyalty_odds(s) == {"loyal": Fraction(7, 9), "traitor": Fraction(2, 9)}
    s = loyalty_node(deal_loyalty(s, "traitor"))
    assert loyalty_odds(s) == {"loyal": Fraction(7, 8), "traitor": Fraction(1, 8)}
    s = loyalty_node(deal_loyalty(s, "traitor"))
    assert loyalty_odds(s) == {"loyal": Fraction(1)}


def test_two_traitors_do_not_know_each_other():
    """JA 7-8 players: the two traitors cannot know each other."""
    one = ("loyal", "loyal", "traitor", "loyal", "loyal", "loyal", "loyal", "loyal")
    two = ("loyal", "loyal", "traitor", "loyal", "loyal", "traitor", "loyal", "loyal")
    a = pos(8, knights=EXP8, loyalty=one)
    b = pos(8, knights=EXP8, loyalty=two)
    assert obs(b, 2)["loyalty"] == "traitor" and obs(b, 5)["loyalty"] == "traitor"
    # what the first traitor sees is the same whether or not seat 5 is the second traitor
    assert obs(a, 2) == obs(b, 2)


def _bk_win8(**kw):
    """8 players; seat 0 on the Black Knight about to lay the 4th card (3,3,4,4 = 14 vs 1)."""
    return heroic(
        8,
        knights=EXP8,
        location={0: "black_knight"},
        hands={0: {"fight_4": 1}},
        quests={"black_knight": {"white": (3, 3, 4), "black": ("black_knight_1",)}},
        **kw,
    )


TWO_TRAITORS = ("loyal", "loyal", "loyal", "traitor", "loyal", "traitor", "loyal", "loyal")


def test_two_hidden_traitors_flip_three_white_swords():
    """JA 7-8 players: two traitors hidden to the end turn three white swords black."""
    s = _bk_win8(white_swords=8, black_swords=3, loyalty=TWO_TRAITORS)
    s = settle(s.step(A.PlayFight("black_knight", 4)))
    assert s.is_terminal()
    result = s.result()
    assert (result.white_swords, result.black_swords) == (6, 6)
    assert not result.knights_win


def test_one_hidden_traitor_of_two_flips_two_white_swords():
    """JA 7-8 players: with one traitor unmasked, the one still hidden flips two swords."""
    s = _bk_win8(white_swords=8, black_swords=3, loyalty=TWO_TRAITORS, revealed=(5,))
    s = settle(s.step(A.PlayFight("black_knight", 4)))
    assert s.is_terminal()
    result = s.result()
    assert (result.white_swords, result.black_swords) == (7, 5)
    assert result.knights_win


# --- travel -------------------------------------------------------------------------------------


def test_travel_heroic_move_declares_then_draws_a_travel_card():
    """JA travel rules: first the destination is declared, then a travel card is drawn."""
    s = heroic().step(A.Move("grail"))
    assert is_travel_draw(s)
    assert where(s, 0) == "camelot"  # not there before the card is seen
    s = s.step(A.Draw("travel", "nothing_happens"))
    assert where(s, 0) == "grail"


def test_travel_tristan_free_move_draws_a_travel_card():
    """JA travel rules: Sir Tristan leaving Camelot by his power draws a travel card too."""
    s = heroic(7, turn=6, hands={6: {"grail": 1}}).step(A.Move("grail"))
    assert is_travel_draw(s)
    s = s.step(A.Draw("travel", "nothing_happens"))
    assert where(s, 6) == "grail"
    assert A.PlayGrail() in s.legal_actions()  # the free move is not his heroic action


def test_travel_return_after_a_quest_draws_nothing():
    """JA travel rules: going home to Camelot when a quest ends follows the base rules."""
    s = heroic(
        location={0: "picts", 2: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
    )
    s = settle(s.step(A.PlayFight("picts", 5)))
    assert not s.is_chance()
    assert where(s, 0) == "camelot" and where(s, 2) == "camelot"


def test_travel_moves_by_special_cards_draw_nothing():
    """JA travel rules: moves made by a special black card (Guinevere) draw no travel card."""
    s = draw_black(pos(location={0: "grail", 1: "picts"}), "guinevere")
    assert not is_travel_draw(s)
    assert {where(s, i) for i in range(4)} == {"camelot"}


def test_travel_nothing_happens_arrives():
    """JA travel rules (Nothing Happens): the knight arrives; play goes on as usual."""
    s = travel(heroic(), "excalibur", "nothing_happens")
    assert where(s, 0) == "excalibur"
    assert obs(s)["merlin"] is None
    assert A.EndTurn() in s.legal_actions() and s.turn == 0


def test_travel_merlin_travels_brings_merlin_to_the_quest():
    """JA travel rules (Merlin Travels): the knight arrives and Merlin's figure goes there."""
    s = travel(heroic(), "picts", "merlin_travels")
    assert where(s, 0) == "picts"
    assert obs(s)["merlin"] == "picts"


def test_travel_merlin_joins_a_solo_quest():
    """JA travel rules (Merlin Travels): Merlin is no knight, he may join a solo quest."""
    s = travel(heroic(), "black_knight", "merlin_travels")
    assert where(s, 0) == "black_knight"
    assert obs(s)["merlin"] == "black_knight"


def test_travel_vision_sends_the_knight_to_the_grail():
    """JA travel rules (Vision): the knight goes to the Grail instead of his destination."""
    s = travel(heroic(), "picts", "vision")
    assert where(s, 0) == "grail"


def test_travel_vision_without_the_grail_is_nothing_happens():
    """JA travel rules (Vision): with the Grail quest gone it is a Nothing Happens."""
    s = travel(heroic(over=("grail",)), "picts", "vision")
    assert where(s, 0) == "picts"


def test_travel_charged_paid_reaches_the_quest():
    """JA travel rules (Charged!): meeting the card's demand, the knight arrives."""
    # READING: the demand (a Fight card of value 3+) is the spec's assumption; the JA text only
    # says "if you can do what the card says".
    s = travel(heroic(hands={0: {"fight_1": 1, "fight_3": 1, "fight_5": 1}}), "picts", "charged")
    assert pays(s) == [("fight_3",), ("fight_5",)]
    assert A.Pass() in s.legal_actions()
    s = pay(s, ("fight_3",))
    assert where(s, 0) == "picts" and life(s, 0) == 4
    assert hand(s, 0) == {"fight_1": 1, "fight_5": 1}


def test_travel_charged_unpaid_loses_a_life_and_ends_the_turn_at_once():
    """JA travel rules (Charged!): not met - a painful result and the turn ends at once."""
    # READING: the painful result is 1 life (spec).
    s = travel(heroic(hands={0: {"fight_3": 1, "grail": 1}}), "picts", "charged")
    s = s.step(A.Pass())
    assert life(s, 0) == 3
    assert where(s, 0) == "camelot"
    assert s.turn == 1 and s.phase == "evil"  # no sacrifice for a second action
    assert hand(s, 0) == {"fight_3": 1, "grail": 1}


def test_travel_lost_paid_with_a_grail_card():
    """JA travel rules (Lost!): the demand met (READING: a Grail card), the knight arrives."""
    s = travel(heroic(hands={0: {"grail": 1, "fight_5": 1}}), "saxons", "lost")
    assert pays(s) == [("grail",)]
    s = pay(s, ("grail",))
    assert where(s, 0) == "saxons" and hand(s, 0) == {"fight_5": 1}


def test_travel_lost_without_the_demand_fails():
    """JA travel rules (Lost!): a knight unable to meet it fails: no move, turn over."""
    s = travel(heroic(hands={0: {"fight_5": 2}}), "saxons", "lost")
    assert pays(s) == []
    s = settle(s)
    assert where(s, 0) == "camelot" and life(s, 0) == 3 and s.turn == 1


def test_travel_ambushed_needs_two_fight_cards_of_one_value():
    """JA travel rules (Ambushed!): READING: two Fight cards of one value (spec)."""
    s = travel(heroic(hands={0: {"fight_2": 2, "fight_4": 1}}), "picts", "ambushed")
    assert pays(s) == [("fight_2", "fight_2")]
    s = pay(s, ("fight_2", "fight_2"))
    assert where(s, 0) == "picts" and hand(s, 0) == {"fight_4": 1}
    odd = travel(heroic(hands={0: {"fight_1": 1, "fight_2": 1}}), "picts", "ambushed")
    assert pays(odd) == []


def test_travel_captured_keeps_the_knight_where_he_was():
    """JA travel rules (Captured!): no move; the card lies under his figure; he cannot act."""
    s = travel(heroic(hands={0: {"grail": 1}}, siege_engines=1), "grail", "captured")
    assert where(s, 0) == "camelot"
    assert captured(s) == [0]
    # READING: "while the card is under your figure you cannot act" - no second action
    assert s.turn == 1 or s.legal_actions() == [A.EndTurn()]


def test_captured_knight_turns_are_skipped():
    """JA travel rules (Captured!): while the card lies under the figure his turns are skipped."""
    s = heroic(captured=(1,))
    s = settle(s.step(A.DrawWhite())).step(A.EndTurn())
    assert s.turn == 2 and s.phase == "evil"
    assert life(s, 1) == 4 and captured(s) == [1]
    # a full round later he is still skipped
    for _ in range(2):  # seats 2 and 3
        s = s.step(A.AddEngine()).step(A.DrawWhite())
        s = settle(s).step(A.EndTurn())
    assert s.turn == 0
    s = s.step(A.AddEngine()).step(A.DrawWhite())
    s = settle(s).step(A.EndTurn())
    assert s.turn == 2 and captured(s) == [1]


def test_free_a_captured_knight_with_a_special_white_card():
    """JA travel rules (Captured!): another knight spends a heroic action and discards a
    special white card; the prisoner is free and plays again."""
    s = heroic(captured=(1,), hands={0: {"piety": 1, "fight_2": 1}})
    assert A.Free(1, "piety") in s.legal_actions()
    s = s.step(A.Free(1, "piety"))
    assert captured(s) == []
    assert hand(s, 0) == {"fight_2": 1}
    assert decks(s)["white_discard"] == 1
    assert A.EndTurn() in s.legal_actions()  # the heroic action is spent
    assert not any(isinstance(a, A.Move) for a in s.legal_actions())
    s = s.step(A.EndTurn())
    assert s.turn == 1  # no longer skipped


def test_free_needs_a_special_white_card():
    """JA travel rules (Captured!): freeing costs a special white card, not a Fight or Grail."""
    s = heroic(captured=(1,), hands={0: {"fight_5": 1, "grail": 1}})
    assert not any(type(a).__name__ == "Free" for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply(A.Free(1, "grail"))


def test_captured_knight_never_frees_himself():
    """JA travel rules (Captured!): a knight can never free himself."""
    s = travel(heroic(hands={0: {"piety": 1, "tournament": 1}}), "grail", "captured")
    s = settle(s)
    if s.turn == 0:
        assert not any(type(a).__name__ == "Free" for a in s.legal_actions())
        s = s.step(A.EndTurn())
    # a full round: seats 1, 2, 3 play; seat 0 never gets a turn to free himself
    for seat in (1, 2, 3):
        assert s.turn == seat
        s = s.step(A.AddEngine()).step(A.DrawWhite())
        s = settle(s).step(A.EndTurn())
    assert s.turn == 1
    assert captured(s) == [0]
    assert hand(s, 0) == {"piety": 1, "tournament": 1}


def _trip(s, kind):
    """One whole turn of the current knight: an evil step, a heroic move drawing ``kind``
    (a failed demand is not met), the end of the turn."""
    seat = s.turn
    assert s.phase == "evil"
    s = s.step(A.AddEngine() if obs(s)["siege_engines"] < 10 else A.LoseLife())
    dest = "excalibur" if where(s, seat) != "excalibur" else "grail"
    s = settle(travel(s, dest, kind))
    if s.turn == seat and A.EndTurn() in s.legal_actions():
        s = s.step(A.EndTurn())
    assert s.turn != seat
    return s


def test_travel_pile_reshuffles_its_own_discards_when_it_runs_out():
    """JA travel rules: an empty travel pile is rebuilt from its discards; a Captured! card
    still under a figure stays out; a freed knight's Captured! card is back in the pile."""
    s = pos(life={i: 6 for i in range(4)}, hands={3: {"piety": 1}})
    order = (
        ["vision", "vision"]
        + ["nothing_happens"] * 3
        + ["merlin_travels"] * 3
        + ["charged", "charged", "lost", "lost", "ambushed", "ambushed"]
        + ["captured"]
    )
    for kind in order:  # 15 trips, seats 0,1,2,3,0,...: seat 2 is captured on the 15th
        s = _trip(s, kind)
    assert captured(s) == [2] and s.turn == 3
    s = s.step(A.LoseLife()).step(A.Free(2, "piety")).step(A.EndTurn())  # seat 3 frees seat 2
    assert captured(s) == [] and s.turn == 0
    s = s.step(A.LoseLife()).step(A.Move("grail"))
    assert travel_odds(s) == {"captured": Fraction(1)}  # the 16th and last card
    s = settle(s.step(A.Draw("travel", "captured")))
    if s.turn == 0:
        s = s.step(A.EndTurn())
    assert captured(s) == [0]
    assert s.turn == 1
    s = s.step(A.LoseLife()).step(A.Move("grail"))
    expected = dict(TRAVEL)
    expected["captured"] -= 1  # under seat 0's figure
    assert travel_odds(s) == {k: Fraction(n, 15) for k, n in expected.items() if n}


def test_white_reshuffle_leaves_the_travel_pile_alone():
    """JA travel rules: when the white (or black) pile runs out both are reshuffled, but the
    travel pile is not."""
    white = dict(WHITE)
    white["fight_1"] -= 2
    s = heroic(white_discard=white)
    assert decks(s)["white_draw"] == 2
    s = travel(s, "grail", "nothing_happens").step(A.EndTurn())
    s = settle(s.step(A.AddEngine()).step(A.DrawWhite()))  # seat 1 empties the white pile
    assert decks(s)["white_discard"] == 0 and decks(s)["white_draw"] == 105
    s = s.step(A.EndTurn()).step(A.AddEngine()).step(A.Move("picts"))
    expected = dict(TRAVEL)
    expected["nothing_happens"] -= 1
    assert travel_odds(s) == {k: Fraction(n, 15) for k, n in expected.items()}


# --- Morgan's seven witches ---------------------------------------------------------------------


def test_first_witch_rebuilds_white_and_black_piles_not_travel():
    """JA witches (1st): the white and black draw piles are made again at once."""
    s = heroic(white_discard={"fight_1": 5}, black_discard={"despair": 3})
    s = travel(s, "grail", "nothing_happens").step(A.EndTurn())
    s = draw_black(s, "morgan_witch_1")
    d = decks(s)
    assert d["white_discard"] == 0 and d["white_draw"] == 107
    # READING: the Witch herself may be discarded after her effect or shuffled in
    assert d["black_discard"] <= 1 and d["black_draw"] + d["black_discard"] == 90
    assert d["black_draw"] >= 89
    s = s.step(A.Move("picts"))
    assert travel_odds(s)["nothing_happens"] == Fraction(2, 15)


def test_second_witch_forbids_the_life_evil_step_and_the_sacrifice():
    """JA witches (2nd): until a quest is won, no life sacrifice - no 'lose 1 life' evil step,
    no extra heroic action for a life."""
    s = draw_black(pos(), "morgan_witch_2")
    s = s.step(A.DrawWhite())
    s = settle(s)
    assert A.Sacrifice() not in s.legal_actions()
    with pytest.raises(IllegalActionError):
        s.apply(A.Sacrifice())
    s = s.step(A.EndTurn())
    assert set(s.legal_actions()) == {A.DrawBlack(), A.AddEngine()}
    with pytest.raises(IllegalActionError):
        s.apply(A.LoseLife())


def test_second_witch_still_lets_life_be_lost_otherwise():
    """JA witches (2nd): life still goes down by black cards and lost quests."""
    s = draw_black(pos(witches=("morgan_witch_2",)), "morgan_1")
    assert set(lives(s).values()) == {3}


def test_second_witch_lifts_when_a_quest_is_won():
    """JA witches (2nd): the ban lasts until the knights win a quest."""
    s = heroic(
        witches=("morgan_witch_2",),
        location={0: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
    )
    s = settle(s.step(A.PlayFight("picts", 5)))
    assert A.Sacrifice() in s.legal_actions()
    s = s.step(A.EndTurn())
    assert A.LoseLife() in s.legal_actions()


def test_third_witch_adds_a_pict_then_a_saxon():
    """JA witches (3rd): one Pict and one Saxon warrior, the Pict first; a war may be lost."""
    s = pos(location={1: "picts"}, quests={"picts": {"warriors": 3}, "saxons": {"warriors": 1}})
    s = draw_black(s, "morgan_witch_3")
    q = board(s)
    assert q["picts"]["warriors"] == 0  # the 4th Pict lost the war (reset)
    assert q["saxons"]["warriors"] == 2
    assert obs(s)["black_swords"] == 1 and obs(s)["siege_engines"] == 2
    assert life(s, 1) == 3


def test_third_witch_pict_first_can_end_the_game_before_the_saxon():
    """JA witches (3rd): the Pict is placed first, then the Saxon."""
    s = pos(black_swords=6, quests={"picts": {"warriors": 3}, "saxons": {"warriors": 3}})
    s = draw_black(s, "morgan_witch_3")
    assert s.is_terminal() and s.result().cause == "7 black swords"
    assert board(s)["saxons"]["warriors"] == 3  # the Saxon never came


def test_fourth_witch_each_knight_discards_a_grail_or_loses_a_life():
    """JA witches (4th): every knight discards a Grail card or loses 1 life; a knight with no
    Grail card must lose 1 life."""
    s = pos(hands={0: {"grail": 1, "fight_1": 1}, 1: {"grail": 2}, 2: {"fight_3": 1}})
    s = s.step(A.DrawBlack()).step(A.Draw("black", "morgan_witch_4"))
    asked = []
    for _ in range(10):
        if s.is_chance() or s.is_terminal():
            break
        seat, legal = s.current_player, s.legal_actions()
        if not all(isinstance(a, (A.Discard, A.Pass)) for a in legal):
            break  # the Witch is resolved: seat 0's heroic actions
        asked.append(seat)
        if seat == 0:
            assert set(legal) == {A.Discard("grail"), A.Pass()}
            s = s.step(A.Discard("grail"))
        elif seat == 1:
            assert A.Discard("grail") in legal
            s = s.step(A.Pass())
        else:
            assert A.Discard("grail") not in legal
            assert legal == [A.Pass()], f"seat {seat} has no Grail card: {legal}"
            s = s.step(A.Pass())
    assert {0, 1} <= set(asked)
    assert hand(s, 0) == {"fight_1": 1} and life(s, 0) == 4
    assert hand(s, 1) == {"grail": 2} and life(s, 1) == 3
    assert hand(s, 2) == {"fight_3": 1} and life(s, 2) == 3
    assert life(s, 3) == 3


def test_fifth_witch_wrong_accusation_flips_two_white_swords():
    """JA witches (5th): from now on a wrong accusation turns two white swords black."""
    s = draw_black(pos(white_swords=6), "morgan_witch_5")
    s = s.step(A.Accuse(1))
    assert swords(s) == (4, 2)


def test_fifth_witch_with_one_white_sword_flips_only_it():
    """JA witches (5th): with no more white swords to turn, nothing more happens."""
    s = heroic(witches=("morgan_witch_5",), white_swords=1, siege_engines=6).step(A.Accuse(1))
    assert swords(s) == (0, 1)
    t = heroic(witches=("morgan_witch_5",), siege_engines=6).step(A.Accuse(1))
    assert swords(t) == (0, 0)


def test_sixth_witch_merlin_cards_used_leave_the_game():
    """JA witches (6th): from now on a Merlin card used is removed from the game."""
    s = draw_black(pos(hands={0: {"merlin": 1}}, siege_engines=2), "morgan_witch_6")
    s = s.step(A.PlaySpecial("merlin", ("engine",)))
    assert obs(s)["siege_engines"] == 1
    assert decks(s)["white_discard"] == 0
    assert decks(s)["white_draw"] == 106  # and never back in a pile


def test_sixth_witch_merlins_pledged_to_cancel_leave_the_game():
    """JA witches (6th): Merlin cards used to cancel a black card are removed too."""
    s = pos(witches=("morgan_witch_6",), hands={0: {"merlin": 3}})
    s = s.step(A.DrawBlack()).step(A.Draw("black", "morgan_4"))
    s = settle(s.step(A.Pledge(3)))
    assert obs(s)["siege_engines"] == 0
    assert decks(s)["white_discard"] == 0 and hand(s, 0) == {}
    assert decks(s)["white_draw"] == 104


def test_seventh_witch_next_lost_quest_costs_everyone_else_a_life_once():
    """JA witches (7th): at the next quest lost every knight not on it loses 1 life; then the
    Witch is discarded (a later loss costs nothing more)."""
    s = pos(
        witches=("morgan_witch_7",),
        location={1: "picts"},
        quests={"picts": {"warriors": 3}, "saxons": {"warriors": 3}},
    )
    s = draw_black(s, "picts")
    assert lives(s) == {0: 3, 1: 3, 2: 3, 3: 3}  # seat 1 loses 1 for the lost war only
    s = settle(s.step(A.DrawWhite())).step(A.EndTurn())
    s = draw_black(s, "saxons")
    assert lives(s) == {0: 3, 1: 3, 2: 3, 3: 3}
    assert obs(s)["black_swords"] == 2


def test_seventh_witch_drawn_then_the_next_loss():
    """JA witches (7th): the Witch drawn waits for the next quest lost."""
    s = draw_black(
        pos(location={2: "saxons"}, quests={"saxons": {"warriors": 3}}), "morgan_witch_7"
    )
    assert lives(s) == {0: 4, 1: 4, 2: 4, 3: 4}
    s = settle(s.step(A.DrawWhite())).step(A.EndTurn())
    s = draw_black(s, "saxons")
    assert lives(s) == {0: 3, 1: 3, 2: 3, 3: 3}


# --- special white cards ------------------------------------------------------------------------


def test_call_for_help_brings_knights_who_answer_for_free():
    """JA special white cards (Call for Help): other knights come to your quest, free, with no
    travel card; a knight on a solo quest may leave it to answer."""
    s = heroic(
        hands={0: {"call_for_help": 1}},
        location={0: "picts", 1: "grail", 3: "black_knight"},
        quests={"black_knight": {"white": (2, 2)}},
    )
    s = s.step(A.PlaySpecial("call_for_help"))
    s = answer_each(s, {1: A.Join(True), 2: A.Join(False), 3: A.Join(True)})
    assert not s.is_chance()
    assert where(s, 1) == "picts" and where(s, 2) == "camelot" and where(s, 3) == "picts"
    assert where(s, 0) == "picts"
    assert A.EndTurn() in s.legal_actions() and s.turn == 0


def test_call_for_help_not_from_a_solo_quest():
    """JA special white cards (Call for Help): not usable on a solo quest."""
    s = heroic(hands={0: {"call_for_help": 1}}, location={0: "black_knight"})
    assert_illegal(s, A.PlaySpecial("call_for_help"))


@pytest.mark.parametrize(
    "card, kw, gone",
    [
        (
            "dark_forest",
            {"quests": {"grail": {"dark_forest": True}}},
            lambda s: not board(s)["grail"]["dark_forest"],
        ),
        (
            "mists_of_avalon",
            {"in_play": ("mists_of_avalon",)},
            lambda s: "mists_of_avalon" not in obs(s)["in_play"],
        ),
        ("vivien", {"in_play": ("vivien",)}, lambda s: "vivien" not in obs(s)["in_play"]),
        (
            "mordred",
            {"quests": {"saxons": {"mordred": True, "fights": 2}}},
            lambda s: not board(s)["saxons"]["mordred"] and board(s)["saxons"]["fights"] == 2,
        ),
    ],
)
def test_dispel_discards_a_special_black_card_in_play(card, kw, gone):
    """JA special white cards (Dispel): one special black card in play is discarded."""
    s = heroic(hands={0: {"dispel": 1}}, **kw)
    before = decks(s)["black_discard"]
    s = s.step(A.PlaySpecial("dispel", (card,)))
    assert gone(s)
    assert decks(s)["black_discard"] == before + 1


def test_dispel_a_witch_lifts_her_curse():
    """JA special white cards (Dispel): Morgan's Witch #2 can be dispelled."""
    s = heroic(hands={0: {"dispel": 1}}, witches=("morgan_witch_2",))
    s = s.step(A.PlaySpecial("dispel", ("morgan_witch_2",)))
    assert A.Sacrifice() in s.legal_actions()
    assert decks(s)["black_discard"] == 1


def test_dispel_only_special_blacks():
    """JA special white cards (Dispel): a Despair on the Grail is no special card in play."""
    s = heroic(hands={0: {"dispel": 1}}, quests={"grail": {"blacks": ("despair",)}})
    assert_illegal(s, A.PlaySpecial("dispel", ("despair",)))


def test_divine_favor_wins_the_final_tie():
    """JA special white cards (Divine Favor): equal swords at the end - the knights win."""
    bk = {"black_knight": {"black": ("black_knight_1",) * 3}}
    s = pos(divine_favor=True, white_swords=6, black_swords=5, quests=bk)
    s = draw_black(s, "black_knight_7")
    assert s.is_terminal()
    assert swords(s) == (6, 6)
    assert s.result().knights_win


def test_divine_favor_wins_the_next_siege_tie():
    """JA special white cards (Divine Favor): the next tie goes the knights' way."""
    s = heroic(hands={0: {"divine_favor": 1, "fight_4": 1}}, siege_engines=3)
    s = s.step(A.PlaySpecial("divine_favor")).step(A.Sacrifice())
    s = settle(s.step(A.FightEngine((4,))).step(A.Roll(4)))
    assert obs(s)["siege_engines"] == 2
    assert life(s, 0) == 3  # the sacrifice only


def test_divine_favor_wins_a_tied_combat_quest():
    """JA special white cards (Divine Favor): a tied Black Knight goes to the knights."""
    s = pos(
        divine_favor=True,
        location={0: "black_knight"},
        quests={
            "black_knight": {
                "white": (3, 3),
                "black": ("black_knight_3", "black_knight_1", "black_knight_1"),
            }
        },
    )
    s = draw_black(s, "black_knight_1")
    assert swords(s) == (1, 0)
    assert life(s, 0) == 5


def test_dragon_slayer_draws_three_white_cards():
    """JA special white cards (Dragon Slayer): draw 3 white cards."""
    s = heroic(hands={0: {"dragon_slayer": 1}})
    s = whites(s.step(A.PlaySpecial("dragon_slayer")), "grail", "fight_2", "grail")
    assert hand(s, 0) == {"grail": 2, "fight_2": 1}
    assert decks(s)["white_discard"] == 1


def test_dragon_slayer_lays_two_more_fight_cards_on_the_dragon():
    """JA special white cards (Dragon Slayer): on the Dragon up to 3 Fight cards a turn - one
    by the heroic action, then two with Dragon Slayer played for a life."""
    s = heroic(
        over=("lancelot",),
        location={0: "dragon"},
        hands={0: {"dragon_slayer": 1, "fight_5": 3}},
        quests={"dragon": {"white": (), "black": ("lancelot_dragon_1_5",)}},
    )
    # per the seed (two Fight cards with the Slayer, three a turn), not the spec's "a second
    # Fight card that turn"
    s = s.step(A.PlayFight("dragon", 5)).step(A.Sacrifice())
    s = whites(s.step(A.PlaySpecial("dragon_slayer")), "fight_1", "fight_1", "fight_1")
    s = s.step(A.PlayFight("dragon", 5))
    s = s.step(A.PlayFight("dragon", 5))
    assert board(s)["dragon"]["white"] == [5, 5, 5]
    assert life(s, 0) == 3
    assert not any(isinstance(a, A.PlayFight) for a in s.legal_actions())


def test_merlin_to_the_rescue_moves_merlin_anywhere():
    """JA special white cards (Merlin to the Rescue): Merlin goes to the chosen quest, not
    necessarily the player's."""
    s = heroic(hands={0: {"merlin_to_the_rescue": 1}})
    s = s.step(A.PlaySpecial("merlin_to_the_rescue", ("picts",)))
    assert obs(s)["merlin"] == "picts"
    assert where(s, 0) == "camelot"


def test_merlin_to_the_rescue_on_a_finished_quest_blocks_its_engines():
    """JA special white cards (Merlin to the Rescue): on a finished quest, its black cards add
    no siege engine."""
    s = heroic(hands={0: {"merlin_to_the_rescue": 1}}, over=("grail",))
    s = s.step(A.PlaySpecial("merlin_to_the_rescue", ("grail",)))
    assert obs(s)["merlin"] == "grail"
    s = s.step(A.EndTurn())
    s = draw_black(s, "despair")
    assert obs(s)["siege_engines"] == 0


def test_new_hope_redraws_the_whole_hand():
    """JA special white cards (New Hope): discard every white card (this one too), draw as
    many."""
    s = heroic(hands={0: {"new_hope": 1, "fight_1": 2, "grail": 1}})
    s = whites(s.step(A.PlaySpecial("new_hope")), "fight_5", "fight_5", "merlin", "grail")
    assert hand(s, 0) == {"fight_5": 2, "merlin": 1, "grail": 1}
    assert decks(s)["white_discard"] == 4


def test_tournament_heals_two_life_up_to_six():
    """JA special white cards (Tournament): 2 life back (never above 6)."""
    s = heroic(hands={0: {"tournament": 1}}, life={0: 3})
    assert life(s.step(A.PlaySpecial("tournament")), 0) == 5
    t = heroic(hands={0: {"tournament": 1}}, life={0: 5})
    assert life(t.step(A.PlaySpecial("tournament")), 0) == 6


def test_truce_clears_a_war_with_no_winner():
    """JA special white cards (Truce): the chosen war's cards, figures and Mordred are removed;
    neither side wins it."""
    s = heroic(
        hands={0: {"truce": 1}},
        location={1: "picts"},
        quests={
            "picts": {"fights": 3, "warriors": 2, "mordred": True},
            "saxons": {"warriors": 1, "fights": 1},
        },
    )
    s = s.step(A.PlaySpecial("truce", ("picts",)))
    picts = board(s)["picts"]
    assert (picts["fights"], picts["warriors"], picts["mordred"]) == (0, 0, False)
    assert board(s)["saxons"]["warriors"] == 1 and board(s)["saxons"]["fights"] == 1
    assert swords(s) == (0, 0) and obs(s)["siege_engines"] == 0
    assert lives(s) == {0: 4, 1: 4, 2: 4, 3: 4}


# --- Sir Caradoc --------------------------------------------------------------------------------


CARADOC4 = ("arthur", "caradoc", "gawain", "kay")


def test_caradoc_sacrifices_a_life_for_two_white_cards_once_a_turn():
    """JA witches (2nd): Sir Caradoc may once a turn give 1 life to draw 2 white cards."""
    s = heroic(knights=CARADOC4, turn=1)
    assert A.CaradocDraw() in s.legal_actions()
    s = whites(s.step(A.CaradocDraw()), "grail", "fight_4")
    assert life(s, 1) == 3
    assert hand(s, 1) == {"grail": 1, "fight_4": 1}
    assert_illegal(s, A.CaradocDraw())


def test_second_witch_blocks_caradoc():
    """JA witches (2nd): the Second Witch forbids Sir Caradoc's power."""
    s = heroic(knights=CARADOC4, turn=1, witches=("morgan_witch_2",))
    assert_illegal(s, A.CaradocDraw())


# --- black cards of finished quests -------------------------------------------------------------


@pytest.mark.parametrize(
    "over, card",
    [
        (("grail",), "despair"),
        (("excalibur",), "excalibur"),
        (("lancelot", "dragon"), "lancelot_dragon_1_5"),
    ],
)
def test_finished_quest_black_card_adds_an_engine_then_leaves_the_game(over, card):
    """JA finished quests: the card adds its siege engine, then is removed from the game."""
    s = draw_black(pos(over=over), card)
    assert obs(s)["siege_engines"] == 1
    assert decks(s)["black_discard"] == 0
    assert decks(s)["black_draw"] == 89


def test_removed_black_cards_do_not_come_back_after_a_reshuffle():
    """JA finished quests: cards removed from the game are left out of every reshuffle."""
    discard = dict(BLACK)
    discard["despair"] -= 2
    s = pos(over=("grail",), removed={"despair": 1}, black_discard=discard)
    assert decks(s)["black_draw"] == 1
    s = draw_black(s, "despair")  # the last card: an engine, removed, the piles rebuilt
    assert obs(s)["siege_engines"] == 1
    assert decks(s)["black_draw"] == 88 and decks(s)["black_discard"] == 0
    s = settle(s.step(A.DrawWhite())).step(A.EndTurn())
    s = s.step(A.DrawBlack())
    odds = {o.card: p for o, p in s.chance_outcomes()}
    assert odds["despair"] == Fraction(15, 88)


def test_merlin_standing_on_a_finished_quest_blocks_its_engines():
    """JA special white cards (Merlin to the Rescue): Merlin's figure on a finished quest stops
    its black cards from adding siege engines."""
    s = draw_black(pos(over=("grail",), merlin="grail"), "despair")
    assert obs(s)["siege_engines"] == 0
    # JA finished quests: the card is still removed from the game, not discarded
    assert decks(s)["black_discard"] == 0 and decks(s)["black_draw"] == 89


def test_merlin_on_another_quest_does_not_block_engines():
    """JA finished quests: Merlin elsewhere - the finished quest's card still adds its engine."""
    s = draw_black(pos(over=("grail", "excalibur"), merlin="excalibur"), "despair")
    assert obs(s)["siege_engines"] == 1


def test_merlin_leaving_a_finished_quest_lets_its_engines_come_back():
    """JA travel rules (Merlin Travels) + JA finished quests: Merlin moved on by a travel card
    no longer guards the finished quest."""
    s = heroic(over=("grail",), merlin="grail")
    s = travel(s, "picts", "merlin_travels").step(A.EndTurn())
    assert obs(s)["merlin"] == "picts"
    s = draw_black(s, "despair")
    assert obs(s)["siege_engines"] == 1


def test_merlin_to_the_rescue_on_the_finished_dragon():
    """JA special white cards (Merlin to the Rescue): Lancelot and the Dragon both over,
    Merlin on the Dragon stops their cards' engines."""
    s = heroic(hands={0: {"merlin_to_the_rescue": 1}}, over=("lancelot", "dragon"))
    s = s.step(A.PlaySpecial("merlin_to_the_rescue", ("dragon",))).step(A.EndTurn())
    s = draw_black(s, "lancelot_dragon_3_7")
    assert obs(s)["siege_engines"] == 0


def test_removed_black_cards_stay_out_of_the_first_witch_rebuild():
    """JA finished quests: removed cards are never shuffled back, not even by the 1st Witch."""
    s = pos(over=("grail",), removed={"despair": 2}, black_discard={"despair": 3})
    assert decks(s)["black_draw"] == 85
    s = draw_black(s, "morgan_witch_1")
    d = decks(s)
    assert d["black_draw"] + d["black_discard"] == 88
    s = settle(s.step(A.DrawWhite())).step(A.EndTurn()).step(A.DrawBlack())
    odds = {o.card: p for o, p in s.chance_outcomes()}
    assert odds["despair"] == Fraction(15, d["black_draw"])


def test_truce_is_neither_a_win_nor_a_loss():
    """JA special white cards (Truce): neither side wins the war - the 2nd Witch (lifted by a
    win) stays, the 7th Witch (striking at a loss) waits."""
    s = heroic(
        hands={0: {"truce": 1}},
        witches=("morgan_witch_2", "morgan_witch_7"),
        location={1: "saxons"},
        quests={"saxons": {"warriors": 3, "fights": 4}},
    )
    s = s.step(A.PlaySpecial("truce", ("saxons",)))
    assert A.Sacrifice() not in s.legal_actions()
    assert lives(s) == {0: 4, 1: 4, 2: 4, 3: 4}
    assert swords(s) == (0, 0)
    s = s.step(A.EndTurn())
    assert A.LoseLife() not in s.legal_actions()


def test_divine_favor_is_spent_on_the_first_tie():
    """JA special white cards (Divine Favor): only the next tie goes to the knights."""
    s = pos(
        divine_favor=True,
        siege_engines=2,
        hands={0: {"fight_4": 1}},
        location={0: "black_knight"},
        quests={
            "black_knight": {
                "white": (3, 3),
                "black": ("black_knight_3", "black_knight_1", "black_knight_1"),
            }
        },
    )
    s = draw_black(s, "black_knight_1")  # 6 against 6: won by the favour
    assert swords(s) == (1, 0)
    assert life(s, 0) == 5
    s = settle(s.step(A.FightEngine((4,))).step(A.Roll(4)))  # a second tie: lost
    assert obs(s)["siege_engines"] == 2
    assert life(s, 0) == 4


def test_second_witch_lifts_when_excalibur_is_won():
    """JA witches (2nd): any quest won ends it - here Excalibur."""
    s = heroic(
        witches=("morgan_witch_2",),
        location={0: "excalibur"},
        hands={0: {"fight_1": 1}},
        quests={"excalibur": {"position": 4}},
    )
    s = settle(s.step(A.DiscardForExcalibur("fight_1")))
    assert board(s)["excalibur"]["over"]
    assert A.Sacrifice() in s.legal_actions()


def test_second_witch_survives_a_won_siege_fight():
    """JA witches (2nd): a siege engine destroyed is no quest won."""
    s = heroic(witches=("morgan_witch_2",), siege_engines=2, hands={0: {"fight_5": 1}})
    s = settle(s.step(A.FightEngine((5,))).step(A.Roll(1)))
    assert obs(s)["siege_engines"] == 1
    assert A.Sacrifice() not in s.legal_actions()
