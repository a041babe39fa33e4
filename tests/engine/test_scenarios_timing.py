"""Scenario tests of timing and choice (issue 28): when the Grail's drink comes, Sir Tristan's
free departure, Camelot's two heroic actions, cards shared by agreement, and the readings the
texts leave open (each an engine option, both readings tested).

Each test quotes the text it applies (RB = the 2005 Rulebook, BoQ = the Book of Quests, JA = the
Japanese expansion rules, ES = the Spanish summary) and reads the game through the public
surface only: ``position``/``new_game``, ``legal_actions``, ``apply``, ``observation``.
"""

from __future__ import annotations

import pytest

from camelot_rules.engine import new_game, position
from camelot_rules.engine.actions import (
    AddEngine,
    DiscardForExcalibur,
    Draw,
    DrawBlack,
    DrawWhite,
    Drink,
    EndTurn,
    FightEngine,
    KayExtra,
    LoseLife,
    Move,
    Offer,
    Pass,
    PlayFight,
    PlayGrail,
    Roll,
    Sacrifice,
    Take,
)
from tests.engine.scenario_helpers import (  # noqa: F401 (_time_limit is a fixture)
    _time_limit,
    hand,
    life,
    obs,
    size,
    where,
)


def _whites(state, card="fight_1"):
    """Resolve white draws with ``card`` (when the pile holds one), other single-outcome
    chance steps with their one outcome; stops at a decision or another chance step."""
    while state.is_chance() and not state.is_terminal():
        outcomes = [o for o, _ in state.chance_outcomes()]
        white = [o for o in outcomes if isinstance(o, Draw) and o.pile == "white"]
        if white:
            state = state.apply_chance(next((o for o in white if o.card == card), white[0]))
        elif len(outcomes) == 1:
            state = state.apply_chance(outcomes[0])
        else:
            break
    return state


# --- 1. the Grail's drink at the moment of the fall ----------------------------------------------
def test_a_knight_saved_by_the_grail_in_his_evil_step_keeps_his_heroic_action():
    """relic.grail (BoQ p.9, RB p.12): BoQ p.9: "At any time during the game, if a Knight falls to
    zero Life points ... the owner of the Holy Grail may decide to let him drink ... The beneficiary
    is immediately restored"; RB p.12: "If you survive your Progression of Evil phase, you must then
    undertake one of five Heroic Actions"."""
    state = position(4, life={0: 1}, relics={"grail": 2}).apply(LoseLife())
    # the drink is asked at once, before the turn goes on
    assert state.current_player == 2 and set(state.legal_actions()) == {Drink(), Pass()}
    state = state.apply(Drink())
    assert life(state, 0) == 4 and obs(state)["relics"]["grail"] == "lost"
    # saved, he survived his evil step: his heroic phase follows
    assert obs(state)["phase"] == "heroic" and state.current_player == 0
    assert DrawWhite() in state.legal_actions()


def test_a_knight_saved_after_the_first_morgan_in_his_evil_step_keeps_his_heroic_action():
    """relic.grail (BoQ p.16, p.9): BoQ p.16, Morgan (1st): every knight loses a life point; BoQ
    p.9: the drink is offered "at any time ... if a Knight falls to zero"; RB p.12: surviving the
    evil step, he acts."""
    state = position(4, life={0: 1}, relics={"grail": 1}, black_top=("morgan_1",))
    state = state.apply(DrawBlack())
    state = state.apply_chance(Draw("black", "morgan_1"))
    assert state.current_player == 1 and Drink() in state.legal_actions()
    state = state.apply(Drink())
    assert life(state, 0) == 4 and life(state, 1) == 3
    assert obs(state)["phase"] == "heroic" and state.current_player == 0


def test_a_drink_refused_at_the_fall_leaves_the_knight_to_die_at_the_end_of_the_turn():
    """death.zero-life (RB p.12): RB p.12: "If your Life points fall to zero ... you die and
    disappear from the game at the end of your game turn"; the Grail's owner "may decide" (BoQ p.9)
    - and may refuse."""
    state = position(4, life={0: 1}, relics={"grail": 2}).apply(LoseLife())
    state = state.apply(Pass())
    # not yet dead: no heroic phase for a knight who did not survive his evil step, the turn ends
    assert 0 in obs(state)["dead"] and state.current_player == 1
    assert obs(state)["relics"]["grail"] == 2  # the Grail was not used
    assert all(Drink() not in state.legal_actions() for _ in range(1))


def test_no_drink_from_a_grail_won_by_the_action_his_last_life_point_bought():
    """relic.grail (RB p.17): RB p.17: "If such a sacrifice brings you down to zero Life points, you
    can find the inner resources required to perform this one final Action, but you will die
    immediately thereafter, regardless of this Action's outcome ... Only the Holy Grail could save
    you from certain death provided it had been won in an earlier Quest!" (ES p.12: "si el Santo
    Grial se ha ganado previamente")."""
    state = position(
        4,
        phase="heroic",
        life={0: 1},
        hands={0: {"grail": 1}},
        quests={"grail": {"grails": 6}},
    )
    state = state.apply(Move("grail"))
    state = state.apply(Sacrifice())
    assert life(state, 0) == 0 and PlayGrail() in state.legal_actions()
    state = _whites(state.apply(PlayGrail()))  # the 7th Grail card: the Grail is won
    assert obs(state)["quests"]["grail"]["over"]
    # the spoils' cards are shared; nobody is ever asked to let him drink
    for _ in range(20):
        if state.is_chance() or state.current_player != 0 or obs(state)["phase"] != "heroic":
            break
        actions = state.legal_actions()
        assert Drink() not in actions
        state = _whites(state.apply(next((a for a in actions if isinstance(a, Take)), EndTurn())))
    assert 0 in obs(state)["dead"]
    assert obs(state)["relics"]["grail"] == "lost"


# --- 3. Sir Tristan -----------------------------------------------------------------------------
def _tristan(**kw):
    return position(
        4,
        knights=("tristan", "arthur", "gawain", "kay"),
        phase="heroic",
        **kw,
    )


def test_tristan_may_ride_out_after_drawing_at_the_round_table():
    """knight.tristan (RB p.17, BoQ p.13): RB p.17: "You may use your Special Power before or after
    your Heroic Action" (Percival and Kay the named exceptions); BoQ p.13: "Whenever Sir Tristan
    departs from the Round Table, he does so at no Action cost"."""
    state = _whites(_tristan().apply(DrawWhite()))
    actions = state.legal_actions()
    assert Move("grail") in actions and EndTurn() in actions
    state = state.apply(Move("grail"))
    assert where(state, 0) == "grail" and life(state, 0) == 4  # no life sacrificed
    assert EndTurn() in state.legal_actions()


def test_tristan_who_departs_first_takes_a_regular_action_that_is_not_a_move():
    """BoQ p.13: "His standard Heroic Action that turn cannot be another Move"."""
    state = _tristan(hands={0: {"grail": 1}}).apply(Move("grail"))
    actions = state.legal_actions()
    assert PlayGrail() in actions and EndTurn() not in actions
    assert not any(isinstance(a, Move) for a in actions)


def _tristan_back_in_camelot(reading):
    """Tristan's turn on Excalibur, Guinevere (BoQ p.16) sends him to Camelot on another
    knight's turn; back to Tristan's heroic phase."""
    state = position(
        3,
        knights=("tristan", "arthur", "gawain"),
        phase="heroic",
        location={0: "excalibur"},
        hands={0: {"fight_1": 1, "grail": 1}},
        black_top=("guinevere",),
        tristan_departure=reading,
    )
    state = state.apply(DiscardForExcalibur("fight_1")).apply(EndTurn())
    state = state.apply(DrawBlack()).apply_chance(Draw("black", "guinevere"))
    assert where(state, 0) == "camelot" and state.current_player == 2
    state = state.apply(AddEngine())
    state = _whites(state.apply(DrawWhite())).apply(EndTurn())
    return state.apply(AddEngine())


@pytest.mark.parametrize("reading", ["any_turn", "after_turn_in_camelot"])
def test_tristans_free_departure_after_a_turn_away_from_camelot(reading):
    """knight.tristan (BoQ p.13, RB p.13): BoQ p.13: "Whenever Sir Tristan departs from the Round
    Table, he does so at no Action cost" (``tristan_departure="any_turn"``, the default); RB p.13:
    "If you play SIR TRISTAN, and were in Camelot during your previous turn, your Special Power lets
    you move from the Round Table to any other Quest for free" (``"after_turn_in_camelot"``). Here
    his previous turn was spent on Excalibur."""
    state = _tristan_back_in_camelot(reading)
    assert state.current_player == 0 and obs(state)["phase"] == "heroic"
    state = state.apply(Move("grail"))
    free = EndTurn() not in state.legal_actions()  # a free move leaves his action to take
    assert free == (reading == "any_turn")


def test_tristan_in_camelot_his_previous_turn_departs_free_under_both_readings():
    """RB p.13 ("were in Camelot during your previous turn") and BoQ p.13 agree here."""
    state = _tristan(tristan_departure="after_turn_in_camelot", hands={0: {"grail": 1}})
    state = _whites(state.apply(DrawWhite())).apply(EndTurn())
    for seat in (1, 2, 3):
        assert state.current_player == seat
        state = state.apply(AddEngine())
        state = _whites(state.apply(DrawWhite())).apply(EndTurn())
    state = state.apply(AddEngine()).apply(Move("grail"))
    assert EndTurn() not in state.legal_actions()


# --- 4. Camelot's two heroic actions -------------------------------------------------------------
def _at_camelot(**options):
    return position(
        4, phase="heroic", hands={0: {"fight_5": 1}}, siege_engines=3, life={0: 3}, **options
    )


def test_camelots_draw_and_siege_fight_count_as_two_heroic_actions():
    """turn.no-repeat (RB p.13): RB p.13: "Camelot has a specific Heroic Action attached to each of
    its two sections, the Round Table and the Siege area"; RB p.16-17: only "the same Heroic Action"
    may not be taken twice (``camelot_actions="apart"``, the default)."""
    state = _whites(_at_camelot().apply(DrawWhite())).apply(Sacrifice())
    assert FightEngine((5,)) in state.legal_actions()
    assert DrawWhite() not in state.legal_actions()


def test_camelots_two_actions_read_as_one_quest_action():
    """The other reading (``camelot_actions="one"``): RB p.13 lists "Draw 2 White cards; Or
    Fight a Siege Engine" as Camelot's quest-specific action."""
    state = _whites(_at_camelot(camelot_actions="one").apply(DrawWhite()))
    state = state.apply(Sacrifice())  # a move is still a different action
    actions = state.legal_actions()
    assert not any(isinstance(a, FightEngine | DrawWhite) for a in actions)
    assert Move("grail") in actions


# --- 5. the opening share by agreement -----------------------------------------------------------
def _offered(state):
    while state.legal_actions() and all(isinstance(a, Offer) for a in state.legal_actions()):
        state = state.apply(state.legal_actions()[0])
    return state


def test_the_opening_share_is_split_as_the_table_agrees():
    """setup.opening-share (RB p.8): RB p.8: "A Knight, in a noble gesture, may voluntarily take
    none of the shared cards, while others may pick up several"."""
    state = _offered(new_game(3, seed=5))
    assert len(obs(state)["shared"]["cards"]) == 3
    first = state.current_player
    sizes = {seat: size(state, seat) for seat in range(3)}
    # the first knight takes all three; the others, asked in turn, take none
    state = state.apply(next(a for a in state.legal_actions() if a.card is not None))
    while obs(state)["shared"]["cards"]:
        if state.current_player == first:
            state = state.apply(next(a for a in state.legal_actions() if a.card is not None))
        else:
            state = state.apply(Take(None))
    assert size(state, first) == sizes[first] + 3
    assert all(size(state, s) == sizes[s] for s in range(3) if s != first)


def test_the_last_knight_who_has_not_passed_must_take_a_card():
    """The round must end: a knight takes none only while another may still take the card
    (RB p.8: the cards are shared out among the knights)."""
    state = _offered(new_game(3, seed=5))
    state = state.apply(Take(None)).apply(Take(None))
    assert Take(None) not in state.legal_actions() and state.legal_actions()


def test_the_opening_share_dealt_at_random_when_the_table_disagrees():
    """RB p.8: "If there is disagreement ..., the offered cards are shuffled and redistributed
    randomly to each player" (``opening_share="random"``)."""
    state = _offered(new_game(3, seed=5, opening_share="random"))
    assert state.is_chance()
    assert all(o.pile == "shared" for o, _ in state.chance_outcomes())


# --- 6. quest spoils by agreement ----------------------------------------------------------------
def _war_won(**options):
    state = position(
        4,
        phase="heroic",
        location={0: "picts", 2: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
        **options,
    )
    return _whites(state.apply(PlayFight("picts", 5)), "grail")


def test_quest_spoils_are_shared_by_the_knights_present_as_they_agree():
    """share.by-agreement (BoQ p.4): BoQ p.4: "Draw from the top of the White draw pile as many
    cards as indicated. Those cards are then shared among all the Knights present on the Quest"."""
    state = _war_won()
    assert obs(state)["shared"] == {"cards": ["grail"] * 4, "seats": [0, 2]}
    assert state.current_player == 0  # the winner is asked first
    state = state.apply(Take(None))
    for _ in range(4):
        assert state.current_player == 2
        state = state.apply(Take("grail"))
        if obs(state)["shared"]["cards"]:
            state = state.apply(Take(None))
    assert hand(state, 2) == {"grail": 4} and hand(state, 0) == {}
    assert obs(state)["shared"] == {"cards": [], "seats": []}


def test_quest_spoils_dealt_at_random_from_the_winner_without_agreement():
    """quest.spoils (BoQ p.4): BoQ p.4: "If no agreement can be reached, these cards are shuffled
    and dealt out randomly to all Knights present, starting with the Knight who won the Quest"
    (``spoils_share="random"``)."""
    state = _war_won(spoils_share="random")
    assert hand(state, 0) == {"grail": 2} and hand(state, 2) == {"grail": 2}


def test_convocations_cards_are_shared_as_the_knights_agree():
    """BoQ p.14, Convocation: "For each Knight now in Camelot, a White card is drawn and laid
    face up; these cards are shared at the participating players' discretion"."""
    from camelot_rules.engine.actions import Join, PlaySpecial

    state = position(
        3,
        phase="heroic",
        location={1: "grail", 2: "grail"},
        hands={0: {"convocation": 1}},
    )
    state = state.apply(PlaySpecial("convocation", (), False))
    while not state.is_chance() and any(isinstance(a, Join) for a in state.legal_actions()):
        state = state.apply(Join(state.current_player == 1))
    state = _whites(state, "grail")
    assert obs(state)["shared"]["cards"] == ["grail", "grail"]
    assert sorted(obs(state)["shared"]["seats"]) == [0, 1]


# --- also: the siege fight with no Fight card, the move to Camelot, in_play ---------------------
def test_a_siege_fight_needs_a_fight_card_by_default():
    """siege.fight-without-cards (RB p.13): RB p.13: "If the sum of the White Fight cards you played
    is greater than the value displayed on the die, you win"; BoQ p.14: Fight cards "may be played
    simultaneously, in any combination, to fight a Siege Engine" - a fight is made with Fight
    cards."""
    state = position(4, phase="heroic", hands={0: {"grail": 1}}, siege_engines=2)
    assert not any(isinstance(a, FightEngine) for a in state.legal_actions())


def test_a_siege_fight_with_no_card_under_the_other_reading():
    """RB p.13: "select and play as many Fight cards as desired" read as allowing none
    (``siege_without_fight=True``): a total of 0, which no roll is below ("greater than the
    value displayed on the die" wins) - but Sir Kay adds his card after the roll (BoQ p.13:
    "Sir Kay may also use his Special Power when fighting a Siege Engine")."""
    state = position(4, phase="heroic", siege_engines=2, siege_without_fight=True)
    state = state.apply(FightEngine(())).apply_chance(Roll(1))
    assert obs(state)["siege_engines"] == 2 and life(state, 0) == 3
    kay = position(
        4,
        knights=("kay", "arthur", "gawain", "tristan"),
        phase="heroic",
        hands={0: {"fight_3": 1}},
        siege_engines=2,
        siege_without_fight=True,
    )
    kay = kay.apply(FightEngine(())).apply_chance(Roll(2)).apply(KayExtra(3))
    assert obs(kay)["siege_engines"] == 1 and life(kay, 0) == 4


@pytest.mark.parametrize("reading", ["draw", "safe"])
def test_a_heroic_move_back_to_camelot_and_the_travel_deck(reading):
    """travel.to-camelot (JA): JA travel rules: a knight who moves "to a new quest" by a heroic
    action draws a travel card; only a return after a quest ends and a move by a card's effect are
    exempt (``travel_to_camelot="draw"``, the default); ``"safe"`` reads Camelot as no new quest."""
    state = position(
        4, expansion=True, phase="heroic", location={0: "grail"}, travel_to_camelot=reading
    )
    state = state.apply(Move("camelot"))
    if reading == "draw":
        assert state.is_chance()
        assert all(o.pile == "travel" for o, _ in state.chance_outcomes())
    else:
        assert not state.is_chance() and where(state, 0) == "camelot"


@pytest.mark.parametrize("card", ["morgan_1", "picts", "mists", "nonsense"])
def test_position_refuses_an_unknown_card_in_play(card):
    """BoQ p.16: only Vivien and the Mists of Avalon stay in play beside the board."""
    with pytest.raises(ValueError, match="in_play"):
        position(4, in_play=[card])
    assert obs(position(4, in_play=["mists_of_avalon"]))["in_play"] == ["mists_of_avalon"]
    assert obs(position(4, in_play=["vivien"]))["in_play"] == ["vivien"]
