"""One scenario per engine rule of the registry: a position where that rule decides.

Each test's docstring starts with the rule id it checks (a registry test asserts that every
engine rule id appears here) and cites its page of the official Rulebook (RB) or Book of
Quests (BoQ). Positions are built with :func:`camelot_rules.engine.position`.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from camelot_rules.engine import IllegalActionError, new_game, position
from camelot_rules.engine import actions as A
from camelot_rules.engine.state import GameState


def board(s: GameState, seat: int = 0) -> dict:
    return s.observation(seat)


def hand(s: GameState, seat: int) -> dict[str, int]:
    return s.hand(seat)


def draw_black(s: GameState, card: str) -> GameState:
    """The evil step 'draw a black card', the card being ``card``."""
    return s.apply(A.DrawBlack()).apply_chance(A.Draw("black", card))


def whites(s: GameState, *cards: str) -> GameState:
    for card in cards:
        s = s.apply_chance(A.Draw("white", card))
    return s


def strs(s: GameState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


# --- setup --------------------------------------------------------------------------------------
def test_setup_deal_gives_each_knight_a_merlin_five_whites_and_four_life() -> None:
    """setup.deal (RB p.6-7): one Merlin then 5 white cards each, life 4."""
    s = new_game(4, seed=3, opening_share="skip")
    for seat in range(4):
        assert sum(hand(s, seat).values()) == 6
        assert hand(s, seat).get("merlin", 0) >= 1
        assert board(s)["life"][seat] == 4
    assert board(s)["decks"]["white_draw"] == 84 - 24
    assert board(s)["decks"]["black_draw"] == 76


def test_setup_loyalty_variants_change_the_traitor_odds() -> None:
    """setup.loyalty (RB p.7, p.8, p.18): 7+1 cards; no traitor; Traitor among us n+1."""
    s = new_game(3, knights=("arthur", "kay", "gawain"))
    # seat 0's loyalty card: 1 traitor among 8 cards
    assert dict((o.what, p) for o, p in s.chance_outcomes()) == {
        "loyal": Fraction(7, 8),
        "traitor": Fraction(1, 8),
    }
    none = new_game(3, knights=("arthur", "kay", "gawain"), traitor="none")
    assert [o.what for o, _ in none.chance_outcomes()] == ["loyal"]
    among = new_game(3, knights=("arthur", "kay", "gawain"), traitor="among_us")
    assert dict((o.what, p) for o, p in among.chance_outcomes())["traitor"] == Fraction(1, 4)


def test_setup_loyalty_without_a_traitor_deals_every_seat_loyal_at_eight() -> None:
    """setup.loyalty (RB p.8): no traitor at 8 players, where the box holds 7 loyal cards (JA
    7-8 players: 7 loyal + 2 traitors) - every seat is dealt loyal (the deal once crashed)."""
    for seed in range(3):
        assert new_game(8, expansion=True, traitor="none", seed=seed).loyalty == ("loyal",) * 8
    assert new_game(8, expansion=True, seed=0).loyalty.count("loyal") >= 6  # 2 of 9 traitors


def test_setup_three_players_hides_loyalty_until_six_swords() -> None:
    """setup.three-players (RB p.19): nobody looks at his loyalty card before 6 swords."""
    s = position(3, loyalty=("traitor", "loyal", "loyal"), three_player_peek=True)
    assert board(s)["loyalty"] is None
    later = position(
        3, loyalty=("traitor", "loyal", "loyal"), three_player_peek=True, white_swords=6
    )
    assert board(later)["loyalty"] == "traitor"
    assert board(position(4, loyalty=("traitor", "loyal", "loyal", "loyal")))["loyalty"] == (
        "traitor"
    )


def test_setup_opening_share_moves_one_card_per_player() -> None:
    """setup.opening-share (RB p.8): each offers one card; the draft gives one back each."""
    s = new_game(3, seed=5, traitor="none")
    assert all(isinstance(a, A.Offer) for a in s.legal_actions())
    before = [sum(hand(s, i).values()) for i in range(3)]
    for _ in range(3):  # three offers
        s = s.apply(s.legal_actions()[0])
    assert [sum(hand(s, i).values()) for i in range(3)] == [n - 1 for n in before]
    for _ in range(3):  # three takes
        assert all(isinstance(a, A.Take) for a in s.legal_actions())
        s = s.apply(s.legal_actions()[0])
    assert [sum(hand(s, i).values()) for i in range(3)] == before
    assert s.phase == "evil"


def test_setup_first_player_is_king_arthur() -> None:
    """setup.first-player (RB p.9): King Arthur begins."""
    s = new_game(4, seed=2, knights=("kay", "gawain", "arthur", "tristan"), opening_share="skip")
    assert s.turn == 2 and s.current_player == 2


# --- the turn -----------------------------------------------------------------------------------
def test_turn_order_skips_the_dead() -> None:
    """turn.order (RB p.9): clockwise, skipping dead knights."""
    s = position(4, phase="heroic", dead=(1,), hands={0: {"grail": 3}}, life={0: 3})
    s = s.apply(A.Heal("grail")).apply(A.EndTurn())
    assert s.turn == 2 and s.phase == "evil"


def test_turn_evil_step_comes_first_and_only_once() -> None:
    """turn.evil-step (RB p.9-12): the three evil choices, once, before any heroic action."""
    s = position(4)
    assert set(s.legal_actions()) == {A.DrawBlack(), A.AddEngine(), A.LoseLife()}
    with pytest.raises(IllegalActionError, match=r"turn\.evil-step"):
        s.apply(A.Move("grail"))
    s = s.apply(A.AddEngine())
    assert s.phase == "heroic"
    with pytest.raises(IllegalActionError, match=r"turn\.evil-step"):
        s.apply(A.AddEngine())


def test_evil_black_card_is_applied_at_once() -> None:
    """evil.black-card (RB p.10): the card drawn takes effect at once."""
    s = draw_black(position(4), "picts")
    assert board(s)["quests"]["picts"]["warriors"] == 1
    assert board(s)["decks"]["black_draw"] == 75
    assert board(s)["decks"]["black_discard"] == 1


def test_evil_engine_adds_one() -> None:
    """evil.engine (RB p.11): one siege engine."""
    assert board(position(4, siege_engines=3).apply(A.AddEngine()))["siege_engines"] == 4


def test_evil_life_costs_one_life() -> None:
    """evil.life (RB p.12): the knight loses a life point."""
    assert board(position(4).apply(A.LoseLife()))["life"][0] == 3


def test_turn_heroic_action_is_required_before_ending() -> None:
    """turn.heroic-action (RB p.12): one heroic action must be taken."""
    s = position(4, phase="heroic")
    assert A.EndTurn() not in s.legal_actions()
    with pytest.raises(IllegalActionError, match=r"turn\.heroic-action"):
        s.apply(A.EndTurn())
    s = s.apply(A.Move("grail"))
    assert A.EndTurn() in s.legal_actions()


def test_turn_sacrifice_buys_a_second_different_action() -> None:
    """turn.sacrifice (RB p.16-17): lose a life for a second action, once per turn."""
    s = position(4, phase="heroic", hands={0: {"grail": 1}})
    s = s.apply(A.Move("grail"))
    assert A.PlayGrail() not in s.legal_actions()
    s = s.apply(A.Sacrifice())
    assert board(s)["life"][0] == 3
    s = s.apply(A.PlayGrail())
    assert board(s)["quests"]["grail"]["grails"] == 1
    assert A.Sacrifice() not in s.legal_actions()
    assert s.legal_actions() == [A.EndTurn()]


def test_turn_sacrifice_to_zero_still_acts_then_dies() -> None:
    """turn.sacrifice (RB p.17): at 0 life the knight takes his last action, then dies."""
    s = position(4, phase="heroic", life={0: 1}, hands={0: {"grail": 1}})
    s = s.apply(A.Move("grail")).apply(A.Sacrifice()).apply(A.PlayGrail())
    assert board(s)["quests"]["grail"]["grails"] == 1
    s = s.apply(A.EndTurn())
    assert 0 in board(s)["dead"]


def test_turn_no_repeat_of_the_same_action() -> None:
    """turn.no-repeat (RB p.16-17): the second action must be a different one."""
    s = position(4, phase="heroic", hands={0: {"grail": 1}})
    s = s.apply(A.Move("grail")).apply(A.Sacrifice())
    assert not any(isinstance(a, A.Move) for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match=r"turn\.no-repeat"):
        s.apply(A.Move("picts"))


def test_turn_end_check_stops_the_game_at_the_twelfth_engine() -> None:
    """turn.end-check (RB p.9, p.11): the end is checked right after the evil step."""
    s = position(4, siege_engines=11).apply(A.AddEngine())
    assert s.is_terminal() and s.result().cause == "12 siege engines"
    assert not s.result().knights_win


# --- moving and quests --------------------------------------------------------------------------
def test_quest_move_to_any_quest_in_play() -> None:
    """quest.move (RB p.12): any other quest, one action; not to a finished one."""
    s = position(4, phase="heroic", over=("grail",))
    moves = {a.quest for a in s.legal_actions() if isinstance(a, A.Move)}
    assert moves == {"black_knight", "lancelot", "excalibur", "picts", "saxons"}


def test_quest_solo_quests_take_one_knight_and_leaving_discards_its_whites() -> None:
    """quest.solo (RB p.13; BoQ p.3): one knight on a solo quest; leaving loses its whites."""
    s = position(4, phase="heroic", location={1: "black_knight"})
    assert A.Move("black_knight") not in s.legal_actions()
    with pytest.raises(IllegalActionError, match=r"quest\.solo"):
        s.apply(A.Move("black_knight"))
    t = position(
        4,
        phase="heroic",
        turn=1,
        location={1: "black_knight"},
        quests={"black_knight": {"white": (2, 2), "black": ("black_knight_3",)}},
    )
    t = t.apply(A.Move("grail"))
    q = board(t)["quests"]["black_knight"]
    assert q["white"] == [] and q["black"] == [3]
    assert board(t)["decks"]["white_discard"] == 2


def test_camelot_draw_white_two_cards_not_with_twelve() -> None:
    """camelot.draw-white (RB p.13): 2 white cards, not with 12 or more in hand."""
    s = position(4, phase="heroic", hands={1: {"grail": 1}}, turn=1)
    s = whites(s.apply(A.DrawWhite()), "fight_1", "fight_2")
    assert hand(s, 1) == {"grail": 1, "fight_1": 1, "fight_2": 1}
    full = position(4, phase="heroic", hands={0: {"grail": 12}})
    assert A.DrawWhite() not in full.legal_actions()
    with pytest.raises(IllegalActionError, match=r"camelot\.draw-white"):
        full.apply(A.DrawWhite())


def test_quest_fight_cards_follow_each_pattern() -> None:
    """quest.fight-cards (RB p.14-15; BoQ p.5-7): pairs, full house, triples, straight."""
    bk = position(
        4,
        phase="heroic",
        location={0: "black_knight"},
        hands={0: {"fight_1": 1, "fight_2": 1, "fight_3": 1}},
        quests={"black_knight": {"white": (2, 2, 3)}},
    )
    assert {a.value for a in bk.legal_actions() if isinstance(a, A.PlayFight)} == {3}
    lan = position(
        4,
        phase="heroic",
        location={0: "lancelot"},
        hands={0: {"fight_1": 1, "fight_4": 1, "fight_5": 1}},
        quests={"lancelot": {"white": (4, 5, 5, 5)}},
    )
    assert {a.value for a in lan.legal_actions() if isinstance(a, A.PlayFight)} == {4}
    war = position(
        4,
        phase="heroic",
        location={0: "picts"},
        hands={0: {"fight_1": 1, "fight_3": 1}},
        quests={"picts": {"fights": 2}},
    )
    assert {a.value for a in war.legal_actions() if isinstance(a, A.PlayFight)} == {3}


def test_black_combat_cards_fill_their_quest() -> None:
    """black.combat (RB p.11): Lancelot's value on Lancelot, the Dragon's on the Dragon."""
    s = draw_black(position(4), "lancelot_dragon_3_7").apply(A.PlayBlack(False))
    assert board(s)["quests"]["lancelot"]["black"] == [3]
    d = draw_black(position(4, over=("lancelot",)), "lancelot_dragon_3_7").apply(A.PlayBlack(False))
    assert board(d)["quests"]["dragon"]["black"] == [7]


def test_black_face_down_hides_the_value_and_draws_a_white() -> None:
    """black.face-down (RB p.10-11): face down, the drawer draws a white card."""
    s = draw_black(position(4), "black_knight_5").apply(A.PlayBlack(True))
    assert s.is_chance()
    s = s.apply_chance(A.Draw("white", "grail"))
    assert board(s, 1)["quests"]["black_knight"]["black"] == ["hidden"]
    assert hand(s, 0) == {"grail": 1}


def test_quest_combat_end_official_example_lancelot_14_against_11() -> None:
    """quest.combat-end (RB p.14): white 4+5+5 = 14 against black 3+1+1+5+1 = 11 wins."""
    s = position(
        4,
        location={0: "lancelot"},
        quests={
            "lancelot": {
                "white": (4, 5, 5),
                "black": (
                    "lancelot_dragon_3_7",
                    ("lancelot_dragon_1_5", True),
                    ("lancelot_dragon_1_5", True),
                    ("lancelot_dragon_5_9", True),
                ),
            }
        },
    )
    s = draw_black(s, "lancelot_dragon_1_5").apply(A.PlayBlack(True))
    s = whites(s, "grail")  # the face-down card's white draw
    assert board(s)["white_swords"] == 1
    assert board(s)["relics"]["armor"] == 0
    assert board(s)["quests"]["lancelot_dragon"] == "dragon"
    assert board(s)["life"][0] == 5
    assert board(s)["location"][0] == "camelot"


def test_quest_combat_end_tie_goes_to_evil() -> None:
    """quest.combat-end (RB p.17): a tie is lost."""
    s = position(
        4,
        location={0: "black_knight"},
        quests={
            "black_knight": {
                "white": (3, 3),
                "black": ("black_knight_3", "black_knight_1", "black_knight_1"),
            }
        },
    )
    s = draw_black(s, "black_knight_1").apply(A.PlayBlack(False))
    assert board(s)["black_swords"] == 1 and board(s)["life"][0] == 3


def test_quest_excalibur_track_five_steps() -> None:
    """quest.excalibur (RB p.14; BoQ p.8): a discard moves the sword; the bank wins."""
    s = position(
        4,
        phase="heroic",
        location={0: "excalibur"},
        hands={0: {"fight_1": 1}},
        quests={"excalibur": {"position": 4}},
    )
    s = s.apply(A.DiscardForExcalibur("fight_1"))
    assert board(s)["relics"]["excalibur"] == 0 and board(s)["white_swords"] == 2
    assert board(s)["quests"]["excalibur"]["over"]
    lost = draw_black(position(4, quests={"excalibur": {"position": -4}}), "excalibur")
    assert board(lost)["black_swords"] == 2 and board(lost)["relics"]["excalibur"] == "lost"


def test_quest_grail_full_board_grail_removes_nearest_black() -> None:
    """quest.grail (RB p.15): with every spot full a Grail card removes a Despair."""
    s = position(
        4,
        phase="heroic",
        location={0: "grail"},
        hands={0: {"grail": 1}},
        quests={"grail": {"grails": 4, "blacks": ("despair", "despair", "desolation")}},
    )
    s = s.apply(A.PlayGrail())
    g = board(s)["quests"]["grail"]
    assert g["grails"] == 4 and g["blacks"] == ["despair", "despair"]


def test_quest_grail_seventh_grail_wins_three_swords() -> None:
    """quest.grail (BoQ p.9): the 7th Grail card wins: 3 white swords, the relic."""
    s = position(
        4,
        phase="heroic",
        location={0: "grail", 1: "grail"},
        hands={0: {"grail": 1}},
        quests={"grail": {"grails": 6}},
    )
    s = s.apply(A.PlayGrail())
    assert board(s)["white_swords"] == 3 and board(s)["relics"]["grail"] == 0
    assert board(s)["life"][1] == 5


def test_black_despair_full_board_removes_farthest_grail() -> None:
    """black.despair (BoQ p.15): with every spot full a Despair removes a Grail card."""
    s = draw_black(
        position(4, quests={"grail": {"grails": 5, "blacks": ("despair", "despair")}}), "despair"
    )
    g = board(s)["quests"]["grail"]
    assert g["grails"] == 4 and g["blacks"] == ["despair", "despair"]


def test_black_desolation_removes_a_grail_then_lies_as_despair() -> None:
    """black.desolation (BoQ p.16)."""
    s = draw_black(position(4, quests={"grail": {"grails": 2}}), "desolation")
    s = s.apply(A.Pass()) if s.legal_actions() == [A.Pass(), A.SacrificeExcalibur()] else s
    g = board(s)["quests"]["grail"]
    assert g["grails"] == 1 and g["blacks"] == ["desolation"]


def test_black_dark_forest_blocks_grails_until_another_quest_is_won() -> None:
    """black.dark-forest (BoQ p.16)."""
    s = draw_black(position(4), "dark_forest")
    assert board(s)["quests"]["grail"]["dark_forest"]
    t = draw_black(position(4, location={0: "grail"}, hands={0: {"grail": 1}}), "dark_forest")
    assert A.PlayGrail() not in t.legal_actions()
    free = draw_black(position(4, location={0: "grail"}, hands={0: {"grail": 1}}), "picts")
    assert A.PlayGrail() in free.legal_actions()  # without the Dark Forest it could be played
    w = position(
        4,
        phase="heroic",
        turn=1,
        location={0: "grail", 1: "picts"},
        hands={0: {"grail": 1}, 1: {"fight_5": 1}},
        quests={"picts": {"fights": 4}, "grail": {"dark_forest": True}},
    )
    w = w.apply(A.PlayFight("picts", 5))
    assert not board(w)["quests"]["grail"]["dark_forest"]


def test_quest_wars_fourth_warrior_loses_two_engines_and_a_black_sword() -> None:
    """quest.wars (RB p.15; BoQ p.10)."""
    s = draw_black(
        position(4, location={1: "saxons"}, quests={"saxons": {"warriors": 3}}), "saxons"
    )
    b = board(s)
    assert b["siege_engines"] == 2 and b["black_swords"] == 1 and b["life"][1] == 3
    assert b["quests"]["saxons"]["warriors"] == 0


def test_black_mercenaries_the_drawer_chooses_the_war() -> None:
    """black.mercenaries (RB p.11; BoQ p.16)."""
    s = draw_black(position(4), "mercenaries")
    assert set(s.legal_actions()) == {A.ChooseWar("picts"), A.ChooseWar("saxons")}
    s = s.apply(A.ChooseWar("saxons"))
    assert board(s)["quests"]["saxons"]["warriors"] == 1


def test_black_mordred_needs_a_second_five() -> None:
    """black.mordred (BoQ p.16): 1, 2, 3, 4, 5, 5."""
    s = draw_black(position(4), "mordred").apply(A.ChooseWar("picts"))
    assert board(s)["quests"]["picts"]["mordred"]
    t = position(
        4,
        phase="heroic",
        location={0: "picts"},
        hands={0: {"fight_5": 2}},
        quests={"picts": {"fights": 4, "mordred": True}},
    )
    t = t.apply(A.PlayFight("picts", 5))
    assert board(t)["white_swords"] == 0 and board(t)["quests"]["picts"]["fights"] == 5
    last = position(
        4,
        phase="heroic",
        location={0: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 5, "mordred": True}},
    )
    assert A.PlayFight("picts", 5) in last.legal_actions()
    assert board(last.apply(A.PlayFight("picts", 5)))["white_swords"] == 1


def test_quest_end_sends_knights_home_and_resets_perpetual_quests() -> None:
    """quest.end (RB p.13; BoQ p.3)."""
    s = position(
        4,
        phase="heroic",
        location={0: "picts", 2: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4, "warriors": 2}},
    )
    s = s.apply(A.PlayFight("picts", 5))
    b = board(s)
    assert b["location"][0] == "camelot" and b["location"][2] == "camelot"
    assert b["quests"]["picts"] == {"fights": 0, "warriors": 0, "mordred": False, "knights": []}


def test_quest_spoils_war_won_shares_four_cards_from_the_winner() -> None:
    """quest.spoils (BoQ p.4, p.10): +1 life each, 4 white cards shared, 1 white sword; dealt
    out from the winner when the knights do not agree (``spoils_share="random"``)."""
    s = position(
        4,
        phase="heroic",
        location={0: "picts", 2: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
        spoils_share="random",
    )
    s = s.apply(A.PlayFight("picts", 5))
    s = whites(s, "grail", "grail", "grail", "grail")
    assert hand(s, 0) == {"grail": 2} and hand(s, 2) == {"grail": 2}
    assert board(s)["white_swords"] == 1 and board(s)["life"][2] == 5


def test_quest_spoils_lost_with_nobody_there() -> None:
    """quest.spoils (BoQ p.4): a quest lost with nobody on it still costs its swords."""
    s = draw_black(position(4, quests={"grail": {"blacks": ("despair",) * 6}}), "despair")
    assert board(s)["black_swords"] == 3 and board(s)["life"] == {0: 4, 1: 4, 2: 4, 3: 4}


def test_black_finished_quest_card_adds_an_engine() -> None:
    """black.finished-quest (RB p.11; BoQ p.4)."""
    s = draw_black(position(4, over=("grail",)), "despair")
    assert board(s)["siege_engines"] == 1


def test_black_merlin_cancel_needs_three_merlins_and_a_special_card() -> None:
    """black.merlin-cancel (RB p.10; BoQ p.15): three Merlins cancel a special black card."""
    s = draw_black(position(4, hands={0: {"merlin": 1}, 2: {"merlin": 2}}), "morgan_4")
    assert s.current_player == 0 and A.Pledge(1) in s.legal_actions()
    s = s.apply(A.Pledge(1))
    assert s.current_player == 2
    s = s.apply(A.Pledge(2))
    assert board(s)["siege_engines"] == 0 and "merlin" not in hand(s, 2)
    std = draw_black(position(4, hands={0: {"merlin": 3}}), "picts")
    assert board(std)["quests"]["picts"]["warriors"] == 1  # no window for a standard card


def test_black_guinevere_ends_the_drawers_turn() -> None:
    """black.guinevere (BoQ p.16): all knights to Camelot; the drawer's turn ends."""
    s = draw_black(position(4, location={0: "grail", 1: "picts"}), "guinevere")
    b = board(s)
    assert b["location"] == {0: "camelot", 1: "camelot", 2: "camelot", 3: "camelot"}
    assert s.turn == 1 and s.phase == "evil"


def test_black_mists_add_a_black_sword_per_quest_lost() -> None:
    """black.mists (BoQ p.16)."""
    s = draw_black(
        position(4, in_play=("mists_of_avalon",), quests={"picts": {"warriors": 3}}), "picts"
    )
    assert board(s)["black_swords"] == 2


def test_black_vivien_blocks_merlin_until_a_quest_is_won() -> None:
    """black.vivien (BoQ p.16)."""
    s = position(4, phase="heroic", in_play=("vivien",), hands={0: {"merlin": 1}}, siege_engines=2)
    assert not any(isinstance(a, A.PlaySpecial) for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match=r"black\.vivien"):
        s.apply(A.PlaySpecial("merlin", ("engine",)))
    t = position(
        4,
        phase="heroic",
        in_play=("vivien",),
        location={0: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
    )
    assert board(t.apply(A.PlayFight("picts", 5)))["in_play"] == []


def test_black_morgan_official_order() -> None:
    """black.morgan (BoQ p.16): 1 life each; 3 draws three; 4 two engines."""
    s = draw_black(position(4), "morgan_1")
    assert set(board(s)["life"].values()) == {3}
    s = draw_black(position(4), "morgan_4")
    assert board(s)["siege_engines"] == 2
    s = draw_black(position(4), "morgan_3")
    assert s.is_chance()
    s = s.apply_chance(A.Draw("black", "picts")).apply_chance(A.Draw("black", "picts"))
    s = s.apply_chance(A.Draw("black", "saxons"))
    assert board(s)["quests"]["picts"]["warriors"] == 2
    m2 = draw_black(position(4, hands={1: {"grail": 3}, 2: {"fight_1": 1}}), "morgan_2")
    assert m2.current_player == 1 and A.Volunteer() in m2.legal_actions()
    m2 = m2.apply(A.Pass())
    assert m2.current_player == 1 and m2.legal_actions() == [A.Discard("grail")]
    m2 = m2.apply(A.Discard("grail"))
    m2 = m2.apply(A.Discard("fight_1"))
    assert hand(m2, 1) == {"grail": 2} and hand(m2, 2) == {}
    m5 = draw_black(position(4), "morgan_5").apply(A.Volunteer())
    assert board(m5)["life"][0] == 2


# --- white cards --------------------------------------------------------------------------------
def test_white_special_cards_are_discarded_after_use() -> None:
    """white.special (RB p.16)."""
    s = position(4, phase="heroic", hands={0: {"piety": 1}})
    s = s.apply(A.PlaySpecial("piety", ("self",)))
    assert board(s)["decks"]["white_discard"] == 1 and board(s)["life"][0] == 6


def test_white_one_special_per_turn() -> None:
    """white.one-special (RB p.16-17): never two special whites in a turn."""
    s = position(4, phase="heroic", hands={0: {"piety": 1, "merlin": 1}}, siege_engines=1)
    s = s.apply(A.PlaySpecial("piety", ("self",))).apply(A.Sacrifice())
    assert not any(isinstance(a, A.PlaySpecial) for a in s.legal_actions())


def test_white_merlin_removes_an_engine_a_black_card_or_a_warrior() -> None:
    """white.merlin (BoQ p.15)."""
    s = position(
        4,
        phase="heroic",
        hands={0: {"merlin": 3}},
        siege_engines=2,
        quests={
            "black_knight": {"black": ("black_knight_1", "black_knight_7")},
            "saxons": {"warriors": 2},
        },
    )
    assert board(s.apply(A.PlaySpecial("merlin", ("engine",))))["siege_engines"] == 1
    t = s.apply(A.PlaySpecial("merlin", ("last_black", "black_knight")))
    assert board(t)["quests"]["black_knight"]["black"] == [1]
    u = s.apply(A.PlaySpecial("merlin", ("warrior", "saxons")))
    assert board(u)["quests"]["saxons"]["warriors"] == 1


def test_white_convocation_brings_knights_home_with_cards() -> None:
    """white.convocation (BoQ p.14); dealt out when the knights do not agree."""
    s = position(
        4,
        phase="heroic",
        hands={0: {"convocation": 1}},
        location={1: "grail", 2: "picts"},
        spoils_share="random",
    )
    s = s.apply(A.PlaySpecial("convocation"))
    s = s.apply(A.Join(True)).apply(A.Join(True)).apply(A.Join(False)).apply(A.Join(True))
    assert board(s)["location"][2] == "picts"
    s = whites(s, "grail", "grail", "grail")
    assert sum(hand(s, i).get("grail", 0) for i in (0, 1, 3)) == 3


def test_white_fate_loyal_and_reveal() -> None:
    """white.fate (BoQ p.15)."""
    s = position(4, phase="heroic", hands={0: {"fate": 1}})
    s = s.apply(A.PlaySpecial("fate", ("loyal",)))
    s = whites(s, "grail", "grail", "grail", "grail")
    assert all(hand(s, i) == {"grail": 1} for i in range(4))
    t = position(
        4,
        phase="heroic",
        loyalty=("traitor", "loyal", "loyal", "loyal"),
        hands={0: {"fate": 1}, 1: {"grail": 3}},
    )
    t = t.apply(A.PlaySpecial("fate", ("reveal",)))
    t = t.apply(A.Discard("grail")).apply(A.Discard("grail"))
    assert hand(t, 1) == {"grail": 1} and board(t)["revealed"] == [0]


def test_white_heroism_adds_a_sword_of_the_winning_colour() -> None:
    """white.heroism (BoQ p.15)."""
    s = position(4, phase="heroic", hands={0: {"heroism": 1}})
    s = s.apply(A.PlaySpecial("heroism", ("picts",)))
    assert board(s)["heroism"] == "picts"
    t = draw_black(position(4, heroism="saxons", quests={"saxons": {"warriors": 3}}), "saxons")
    assert board(t)["black_swords"] == 2 and board(t)["heroism"] is None


def test_white_lady_of_the_lake_moves_excalibur_from_anywhere() -> None:
    """white.lady-of-the-lake (BoQ p.15)."""
    s = position(4, phase="heroic", hands={0: {"lady_of_the_lake": 1}})
    assert board(s.apply(A.PlaySpecial("lady_of_the_lake")))["quests"]["excalibur"]["position"] == 1
    t = position(
        4, phase="heroic", hands={0: {"lady_of_the_lake": 1}}, over=("excalibur",), life={0: 3}
    )
    assert board(t.apply(A.PlaySpecial("lady_of_the_lake")))["life"][0] == 5


def test_white_messenger_passes_up_to_three_cards() -> None:
    """white.messenger (BoQ p.15)."""
    s = position(4, phase="heroic", hands={0: {"messenger": 1, "grail": 4}})
    s = s.apply(A.PlaySpecial("messenger", (2,)))
    for _ in range(3):
        s = s.apply(A.Offer("grail"))
    assert hand(s, 2) == {"grail": 3} and hand(s, 0) == {"grail": 1}
    assert s.phase == "heroic" and not s.pending


def test_white_piety_others() -> None:
    """white.piety (BoQ p.15): 1 life to every other knight."""
    s = position(4, phase="heroic", hands={0: {"piety": 1}}, life={1: 6})
    s = s.apply(A.PlaySpecial("piety", ("others",)))
    assert board(s)["life"] == {0: 4, 1: 6, 2: 5, 3: 5}


def test_white_clairvoyance_reorders_the_top_five() -> None:
    """white.clairvoyance (BoQ p.15)."""
    s = position(
        4,
        phase="heroic",
        hands={0: {"clairvoyance": 1}},
        black_top=("picts", "saxons", "despair", "excalibur", "morgan_4"),
    )
    s = s.apply(A.PlaySpecial("clairvoyance"))
    for card in ("morgan_4", "despair", "picts", "saxons", "excalibur"):
        s = s.apply(A.PutNext(card))
    assert s.btop == ("morgan_4", "despair", "picts", "saxons", "excalibur")


def test_white_reinforcements_self_draws_four() -> None:
    """white.reinforcements (BoQ p.15)."""
    s = position(4, phase="heroic", hands={0: {"reinforcements": 1}})
    s = whites(s.apply(A.PlaySpecial("reinforcements", ("self",))), *["fight_1"] * 4)
    assert hand(s, 0) == {"fight_1": 4}


def test_heroic_heal_three_identical_cards() -> None:
    """heroic.heal (RB p.16): three identical cards, +1 life, never above 6."""
    s = position(4, phase="heroic", hands={0: {"fight_2": 3}})
    assert board(s.apply(A.Heal("fight_2")))["life"][0] == 5
    assert (
        A.Heal("fight_2")
        not in position(4, phase="heroic", hands={0: {"fight_2": 3}}, life={0: 6}).legal_actions()
    )


def test_knight_life_stays_between_zero_and_six() -> None:
    """knight.life (RB p.12)."""
    s = position(4, phase="heroic", hands={0: {"piety": 1}}, life={0: 5})
    assert board(s.apply(A.PlaySpecial("piety", ("self",))))["life"][0] == 6


# --- death, relics, knights ---------------------------------------------------------------------
def test_death_zero_life_discards_hand_and_relics() -> None:
    """death.zero-life (RB p.12): at the end of the turn: cards discarded, relics lost."""
    s = position(4, life={0: 1}, hands={0: {"grail": 2}}, relics={"excalibur": 0})
    s = s.apply(A.LoseLife())
    assert s.turn == 1
    b = board(s, 1)
    assert 0 in b["dead"] and b["relics"]["excalibur"] == "lost" and b["hand_sizes"][0] == 0


def test_endgame_all_dead_loses() -> None:
    """endgame.all-dead (RB p.17): every loyal knight dead loses the game."""
    s = position(3, life={0: 1}, dead=(1, 2)).apply(A.LoseLife())
    assert s.is_terminal() and s.result().cause == "all knights dead"


def test_relic_excalibur_bonus_and_sacrifice() -> None:
    """relic.excalibur (BoQ p.8): +1 in a siege fight; given up to cancel a black card."""
    s = position(
        4, phase="heroic", hands={0: {"fight_3": 1}}, siege_engines=1, relics={"excalibur": 0}
    )
    s = s.apply(A.FightEngine((3,))).apply_chance(A.Roll(3))
    assert board(s)["siege_engines"] == 0
    t = draw_black(position(4, relics={"excalibur": 1}), "saxons")
    assert t.current_player == 1
    t = t.apply(A.SacrificeExcalibur())
    assert board(t)["quests"]["saxons"]["warriors"] == 0
    assert board(t)["relics"]["excalibur"] == "lost"


def test_relic_grail_lets_a_dying_knight_drink() -> None:
    """relic.grail (RB p.12; BoQ p.9): back to 4 life, the Grail gone."""
    s = position(4, life={0: 1}, relics={"grail": 2}).apply(A.LoseLife())
    assert s.current_player == 2 and A.Drink() in s.legal_actions()
    s = s.apply(A.Drink())
    assert board(s)["life"][0] == 4 and board(s)["relics"]["grail"] == "lost"


def test_relic_armor_draws_two_and_keeps_one() -> None:
    """relic.armor (BoQ p.6)."""
    s = position(4, relics={"armor": 0}).apply(A.DrawBlack())
    s = s.apply_chance(A.Draw("black", "morgan_4")).apply_chance(A.Draw("black", "picts"))
    assert set(s.legal_actions()) == {A.Keep("morgan_4"), A.Keep("picts")}
    s = s.apply(A.Keep("picts")).apply_chance(A.Draw("black", "picts"))
    assert board(s)["quests"]["picts"]["warriors"] == 1 and s.bbottom == ("morgan_4",)


def test_knight_arthur_exchanges_a_card() -> None:
    """knight.arthur (BoQ p.13)."""
    s = position(4, phase="heroic", hands={0: {"grail": 1}, 3: {"fight_5": 1}})
    s = s.apply(A.ArthurGive(3, "grail")).apply(A.ArthurReturn("fight_5"))
    assert hand(s, 0) == {"fight_5": 1} and hand(s, 3) == {"grail": 1}


def test_knight_galahad_free_special_white() -> None:
    """knight.galahad (BoQ p.13): a free special white; the regular action is another one."""
    s = position(4, phase="heroic", turn=1, hands={1: {"piety": 1}})
    s = s.apply(A.PlaySpecial("piety", ("self",), free=True))
    assert board(s)["life"][1] == 6 and A.EndTurn() not in s.legal_actions()
    assert any(isinstance(a, A.Move) for a in s.legal_actions())


def test_knight_gawain_draws_three() -> None:
    """knight.gawain (BoQ p.13)."""
    s = position(4, phase="heroic", turn=2).apply(A.DrawWhite())
    s = whites(s, "grail", "grail", "grail")
    assert hand(s, 2) == {"grail": 3}


def test_knight_kay_adds_a_card_after_the_reveal() -> None:
    """knight.kay (BoQ p.13): after the reveal Kay adds a Fight card and turns 6-7 into 8-7."""
    s = position(
        4,
        location={3: "black_knight"},
        hands={3: {"fight_2": 1}},
        quests={
            "black_knight": {
                "white": (3, 3),
                "black": ("black_knight_3", "black_knight_1", "black_knight_1"),
            }
        },
    )
    s = draw_black(s, "black_knight_1").apply(A.PlayBlack(False))
    assert s.current_player == 3
    s = s.apply(A.KayExtra(2))
    assert board(s)["white_swords"] == 1


def test_knight_palamedes_gains_one_more_life() -> None:
    """knight.palamedes (BoQ p.4, p.13)."""
    s = position(
        5,
        phase="heroic",
        location={0: "picts", 4: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
    )
    s = s.apply(A.PlayFight("picts", 5))
    assert board(s)["life"][4] == 6 and board(s)["life"][0] == 5


def test_knight_percival_peeks_before_choosing() -> None:
    """knight.percival (BoQ p.13)."""
    s = position(6, turn=5)
    assert A.PeekBlack() in s.legal_actions()
    s = s.apply(A.PeekBlack()).apply_chance(A.Draw("black", "morgan_1"))
    assert s.btop == ("morgan_1",) and A.PeekBlack() not in s.legal_actions()
    s = s.apply(A.AddEngine())
    assert s.btop == ("morgan_1",)


def test_knight_tristan_leaves_camelot_for_free() -> None:
    """knight.tristan (BoQ p.13): a free move from the Round Table, then a non-move action."""
    s = position(7, phase="heroic", turn=6, hands={6: {"grail": 1}})
    s = s.apply(A.Move("grail"))
    assert s.done == 0
    assert A.PlayGrail() in s.legal_actions()
    assert not any(isinstance(a, A.Move) for a in s.legal_actions())


# --- the traitor and the end --------------------------------------------------------------------
def test_traitor_unmasked_by_accusation() -> None:
    """traitor.unmasked (RB p.16; BoQ p.13): a white sword, hand discarded, relics lost."""
    s = position(
        4,
        phase="heroic",
        loyalty=("loyal", "loyal", "traitor", "loyal"),
        siege_engines=6,
        hands={2: {"grail": 2}},
        relics={"excalibur": 2, "armor": 2},
    )
    s = s.apply(A.Accuse(2))
    b = board(s)
    assert b["white_swords"] == 1 and b["revealed"] == [2] and b["hand_sizes"][2] == 0
    assert b["relics"]["excalibur"] == "lost" and b["relics"]["armor"] == 2


def test_endgame_accusation_wrong_flips_a_white_sword() -> None:
    """endgame.accusation (RB p.16): 6+ swords or engines; wrong: a white turns black."""
    early = position(
        4, phase="heroic", loyalty=("loyal", "traitor", "loyal", "loyal"), white_swords=5
    )
    with pytest.raises(IllegalActionError, match=r"endgame\.accusation"):
        early.apply(A.Accuse(1))
    s = position(4, phase="heroic", loyalty=("loyal", "traitor", "loyal", "loyal"), white_swords=6)
    s = s.apply(A.Accuse(2))
    assert board(s)["white_swords"] == 5 and board(s)["black_swords"] == 1
    assert not any(isinstance(a, A.Accuse) for a in s.apply(A.EndTurn()).legal_actions())


def test_traitor_unmasked_turn() -> None:
    """traitor.unmasked-turn (BoQ p.13): a random white card discarded, then engine or black."""
    s = position(
        4,
        turn=3,
        loyalty=("loyal", "loyal", "loyal", "traitor"),
        revealed=(3,),
        hands={0: {"grail": 1, "fight_1": 1}},
    )
    assert s.legal_actions() == [A.StealFrom(0)]
    s = s.apply(A.StealFrom(0))
    assert dict((o.card, p) for o, p in s.chance_outcomes()) == {
        "grail": Fraction(1, 2),
        "fight_1": Fraction(1, 2),
    }
    s = s.apply_chance(A.Steal("grail")).apply(A.AddEngine())
    assert hand(s, 0) == {"fight_1": 1} and board(s)["siege_engines"] == 1 and s.turn == 0


def test_deck_reshuffle_both_when_the_white_pile_runs_out() -> None:
    """deck.reshuffle-both (RB p.13; BoQ p.14): both colours are reshuffled."""
    # every white card but one is in the discards; the black discards hold a Despair
    s = position(
        4,
        phase="heroic",
        white_discard={
            "fight_1": 14,
            "fight_2": 12,
            "fight_3": 10,
            "fight_4": 8,
            "fight_5": 7,
            "grail": 17,
            "merlin": 7,
            "convocation": 1,
            "fate": 1,
            "heroism": 1,
            "lady_of_the_lake": 1,
            "messenger": 1,
            "piety": 1,
            "clairvoyance": 1,
            "reinforcements": 1,
        },
        black_discard={"despair": 1},
    )
    assert board(s)["decks"]["white_draw"] == 1
    s = s.apply(A.DrawWhite()).apply_chance(A.Draw("white", "grail"))
    d = board(s)["decks"]
    assert d["white_draw"] == 83 and d["white_discard"] == 0
    assert d["black_draw"] == 76 and d["black_discard"] == 0


# --- the engine's own guarantees --------------------------------------------------------------
def test_turn_legal_actions_refuse_and_leave_the_state() -> None:
    """turn.legal-actions (RB p.12): an action the rules do not allow raises, nothing changes."""
    s = position(4, phase="heroic")
    before = s.to_json()
    with pytest.raises(IllegalActionError, match=r"play a Grail card.*rule quest\.grail"):
        s.apply(A.PlayGrail())
    assert s.to_json() == before


def test_turn_pending_choice_comes_first() -> None:
    """turn.pending (RB p.11): the face-up/face-down choice is made before anything else."""
    s = draw_black(position(4), "black_knight_3")
    assert s.legal_actions() == [A.PlayBlack(False), A.PlayBlack(True)]
    with pytest.raises(IllegalActionError, match=r"turn\.pending"):
        s.apply(A.Move("grail"))


def test_turn_chance_draws_weigh_each_card_by_its_count() -> None:
    """turn.chance (RB p.10): the next black card of the box deck, exactly."""
    s = position(4).apply(A.DrawBlack())
    odds = dict((o.card, p) for o, p in s.chance_outcomes())
    assert odds["despair"] == Fraction(15, 76) and odds["vivien"] == Fraction(1, 76)
    assert sum(odds.values()) == 1
    die = position(4, phase="heroic", hands={0: {"fight_5": 1}}, siege_engines=1)
    die = die.apply(A.FightEngine((5,)))
    assert [p for _, p in die.chance_outcomes()] == [Fraction(1, 8)] * 8


def test_turn_game_over_nothing_more_is_played() -> None:
    """turn.game-over (RB p.17): after the end no action is legal."""
    s = position(4, siege_engines=11).apply(A.AddEngine())
    assert s.is_terminal() and s.legal_actions() == []
    with pytest.raises(IllegalActionError, match=r"turn\.game-over"):
        s.apply(A.EndTurn())


def test_a_non_action_is_refused_with_its_rule() -> None:
    # the same in the compiled engine (its public methods take object, not a typed parameter
    # that would raise TypeError or read True as seat 1)
    dealt = new_game(4, seed=1)
    with pytest.raises(IllegalActionError, match=r"'draw a black card'.*turn\.legal-actions"):
        dealt.apply("draw a black card")
    with pytest.raises(IllegalActionError, match=r"turn\.chance"):
        new_game(4).apply_chance("a Grail card")
    with pytest.raises(IllegalActionError, match=r"turn\.legal-actions"):
        dealt.step(None)
    for seat in (True, "0", 4, -1, 1.0):
        with pytest.raises(ValueError, match=r"expected a seat number 0\.\.3"):
            dealt.observation(seat)
