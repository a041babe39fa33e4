"""Merlin's Company's exact numbers (camelot_rules.odds.expansion) against counts made by hand
from the rule data: the engine's deal, travel draws and card effects must agree with them."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.odds.expansion import (
    NEW_SPECIALS,
    WITCHES,
    card_demos,
    loyalty_deal,
    merlin_arrival,
    new_special_in_hand,
    one_off_quest_cards,
    travel_move,
)

TRAVEL = {e.name: e.count for e in rulebook.TRAVEL}
DECK = sum(TRAVEL.values())  # 16 (JA setup)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_below_seven_players_one_traitor_card_among_eight(players: int) -> None:
    # the second traitor stays in the box (JA 7-8 players): 7 loyal + 1 traitor, n dealt
    assert loyalty_deal(players) == {0: Fraction(8 - players, 8), 1: Fraction(players, 8), 2: 0}


@pytest.mark.parametrize("players", [7, 8])
def test_at_seven_and_eight_players_the_deal_is_hypergeometric_over_nine_cards(
    players: int,
) -> None:
    # 7 loyal + 2 traitors, n of the 9 dealt: P(k traitors) = C(2,k) C(7,n-k) / C(9,n)
    expected = {k: Fraction(comb(2, k) * comb(7, players - k), comb(9, players)) for k in (0, 1, 2)}
    assert loyalty_deal(players) == expected


def test_an_empty_hand_arrives_only_on_nothing_happens_and_merlin_travels() -> None:
    move = travel_move()
    safe = TRAVEL["nothing_happens"] + TRAVEL["merlin_travels"]
    assert move.arrives == Fraction(safe, DECK)
    assert {c.card: c.result for c in move.cards} == {
        "nothing_happens": "arrives",
        "merlin_travels": "arrives",
        "vision": "diverted",
        "charged": "fails",
        "lost": "fails",
        "ambushed": "fails",
        "captured": "captured",
    }
    assert sum(c.probability for c in move.cards) == 1


def test_a_hand_meeting_every_demand_is_spoiled_only_by_vision_and_captured() -> None:
    hand = {"grail": 1, "fight_3": 1, "fight_2": 2}
    move = travel_move(hand)
    assert move.spoiled == Fraction(TRAVEL["vision"] + TRAVEL["captured"], DECK)
    paid = {c.card: c.paid for c in move.cards if c.result == "pays"}
    # the assumed demands (rulebook.TRAVEL_DEMANDS): Fight 3+, a Grail card, a pair
    assert paid == {"charged": ("fight_3",), "lost": ("grail",), "ambushed": ("fight_2", "fight_2")}
    # going to the Grail, a Vision sends the knight where he meant to go
    assert travel_move(hand, "grail").spoiled == Fraction(TRAVEL["captured"], DECK)


def test_a_captured_card_under_a_figure_is_out_of_the_travel_deck() -> None:
    move = travel_move(captured=(1,))
    p = {c.card: c.probability for c in move.cards}
    assert p["captured"] == Fraction(TRAVEL["captured"] - 1, DECK - 1)


def test_the_harmful_majority_mix_is_the_engines_other_travel_option() -> None:
    counts = dict(zip(rulebook.TRAVEL_KINDS, rulebook.TRAVEL_MIXES["harmful_majority"]))
    move = travel_move(travel_mix="harmful_majority")
    assert move.arrives == Fraction(counts["nothing_happens"] + counts["merlin_travels"], DECK)


def test_merlin_enters_at_the_first_merlin_travels() -> None:
    # first of m copies among N at position k: C(N-k, m-1) / C(N, m)
    m, n = TRAVEL["merlin_travels"], DECK
    arrival = merlin_arrival()
    assert arrival == {k: Fraction(comb(n - k, m - 1), comb(n, m)) for k in range(1, n - m + 2)}
    assert sum(k * p for k, p in arrival.items()) == Fraction(n + 1, m + 1)


def test_a_new_special_among_a_knights_first_five_cards() -> None:
    # 107 white cards less one Merlin card per knight (7 Merlin cards: the 8th knight gets
    # none, an assumption); 8 new specials among them; 5 drawn
    for players in (3, 5, 8):
        pool = standard_deck("white", expansion=True).size - min(players, 7)
        specials = len(NEW_SPECIALS)
        assert new_special_in_hand(players) == 1 - Fraction(comb(pool - specials, 5), comb(pool, 5))
    assert len(NEW_SPECIALS) == 8


def test_the_one_off_quests_black_cards() -> None:
    base = one_off_quest_cards(expansion=False)
    # BoQ pp.15-16: 15 Excalibur; 15 Despair + 2 Desolation + 1 Dark Forest; 11 Lancelot/Dragon
    assert base == {"excalibur": 15, "grail": 18, "dragon": 11}
    added = {e.name: e.count for e in rulebook.EXPANSION_BLACK}
    mc = one_off_quest_cards()
    assert mc["excalibur"] == 15 + added["excalibur"]
    assert mc["grail"] == 18 + added["despair"]
    assert mc["dragon"] == 11


def _facts(card: str) -> dict[str, tuple[object, object]]:
    (demo,) = card_demos((card,))
    return {what: (before, after) for what, before, after in demo.facts}


def test_the_first_witch_rebuilds_both_decks() -> None:
    f = _facts("morgan_witch_1")
    # nobody holds a card in this position: every white card is in the rebuilt pile
    assert f["white draw pile"][1] == standard_deck("white", expansion=True).size
    assert f["white discards"][1] == 0
    # every black card but the witch herself, discarded once applied
    assert f["black draw pile"][1] == standard_deck("black", expansion=True).size - 1
    assert f["black discards"][1] == 1


def test_the_third_witch_loses_a_war_with_three_warriors() -> None:
    f = _facts("morgan_witch_3")
    assert f["Pict warriors"] == (3, 0)  # the 4th warrior loses the war; figures go back
    assert f["Saxon warriors"] == (1, 2)
    assert f["siege engines"] == (0, 2) and f["black swords"] == (0, 1)  # BoQ p.10


def test_the_lasting_witches_change_the_same_event() -> None:
    assert _facts("morgan_witch_2") == {
        "a life may be given up in the Progression of Evil": (True, False),
        "a life may be given up for a second heroic action": (True, False),
    }
    flips = rulebook.wrong_accusation_flips
    (only,) = _facts("morgan_witch_5").values()
    assert only == (5 - flips(fifth_witch=False), 5 - flips(fifth_witch=True))
    assert _facts("morgan_witch_6") == {
        "a Merlin card played: white discards": (1, 0),
        "a Merlin card played: white cards out of the game": (0, 1),
    }
    (lives,) = _facts("morgan_witch_7").values()
    without, with_ = lives
    assert [a - b for a, b in zip(without, with_)] == [1, 0, 1, 1]  # all but the knight on it


def test_the_fourth_witch_takes_a_grail_card_or_a_life() -> None:
    f = _facts("morgan_witch_4")
    assert f["life of the knights"] == ((4, 4, 4, 4), (3, 4, 3, 3))
    assert f["Grail cards in the second knight's hand"] == (2, 1)


def test_the_new_special_white_cards_do_what_their_text_says() -> None:
    assert _facts("call_for_help") == {
        "knights on the Holy Grail": (1, 4),
        "travel cards drawn": (0, 0),  # free, without a travel card (JA)
    }
    assert _facts("dispel") == {"the Second Witch in play": (True, False)}
    assert _facts("divine_favor") == {
        "the knights win a final count of 6 white to 6 black": (False, True)
    }
    slayer = _facts("dragon_slayer")
    assert slayer["Fight cards laid on the Dragon"] == (0, 2)
    assert slayer["white cards in hand"] == (3, 3 - 1 + 3 - 2)  # the card, 3 drawn, 2 laid
    rescue = _facts("merlin_to_the_rescue")
    assert rescue["Merlin's figure"] == ("off the board", "excalibur")
    assert rescue["siege engines added by an Excalibur card drawn after the quest"] == (1, 0)
    assert _facts("new_hope") == {"white cards in hand": (4, 4), "white discards": (0, 4)}
    assert _facts("tournament") == {"life of the knight who plays it": (3, 5)}
    truce = _facts("truce")
    assert truce["Pict warriors"] == (3, 0) and truce["Fight cards on the Pict war"] == (2, 0)
    assert truce["swords laid (white, black)"] == ((0, 0), (0, 0))  # no winner


def test_every_witch_and_new_special_has_a_demo_and_nothing_else() -> None:
    demos = card_demos()
    assert [d.card for d in demos] == [*WITCHES, *NEW_SPECIALS]
    assert len(WITCHES) == 7
    with pytest.raises(ValueError, match="cards=\\['nope'\\]"):
        card_demos(("nope",))
