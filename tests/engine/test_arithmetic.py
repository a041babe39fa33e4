"""The shared rule arithmetic, and the places that must use it agree with it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from camelot_rules.engine import actions as A
from camelot_rules.engine import position
from camelot_rules.engine.arithmetic import (
    after_hidden_traitors,
    after_wrong_accusation,
    knights_win_count,
    siege_fight_won,
)
from camelot_rules.odds.siege import siege_win_probability, win_probability_for_total


@pytest.mark.parametrize("total", range(0, 12))
def test_siege_calculator_and_engine_share_the_fight_rule(total: int) -> None:
    """The calculator's odds equal the share of die faces the engine counts as won."""
    wins = sum(siege_fight_won(total, face) for face in range(1, 9))
    assert win_probability_for_total(total) == Fraction(wins, 8)
    # by hand: the d8 must show less than the total, so total - 1 faces of 8 (clamped)
    assert wins == min(max(total - 1, 0), 8)


@pytest.mark.parametrize("cards", [(1,), (3,), (2, 2), (5, 4)])
def test_engine_siege_fight_matches_the_calculator(cards: tuple[int, ...]) -> None:
    hand = {}
    for v in cards:
        hand[f"fight_{v}"] = hand.get(f"fight_{v}", 0) + 1
    s = position(4, phase="heroic", hands={0: hand}, siege_engines=3)
    s = s.apply(A.FightEngine(tuple(sorted(cards, reverse=True))))
    won = sum(p for o, p in s.chance_outcomes() if s.apply_chance(o).engines == 2)
    assert won == siege_win_probability(list(cards))


def test_sword_arithmetic_by_hand() -> None:
    assert after_hidden_traitors(10, 2, 1) == (8, 4)  # the published 8-4 game (facts P5)
    assert after_hidden_traitors(1, 11, 1) == (0, 12)  # no more flips than white swords
    assert after_hidden_traitors(7, 5, 2) == (4, 8)
    assert after_wrong_accusation(0, 2, fifth_witch=False) == (0, 2)
    assert after_wrong_accusation(3, 2, fifth_witch=False) == (2, 3)
    assert not knights_win_count(6, 6) and knights_win_count(7, 5)
    assert knights_win_count(6, 6, divine_favor=True)


def test_engine_final_count_uses_the_hidden_traitor_flip() -> None:
    """RB p.17: 10 white + 1 black, a war won (11 + 1), the hidden traitor flips 2: 9-3."""
    s = position(
        4,
        phase="heroic",
        loyalty=("loyal", "loyal", "traitor", "loyal"),
        white_swords=10,
        black_swords=1,
        location={0: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
    )
    s = s.apply(A.PlayFight("picts", 5))
    r = s.result()
    assert (r.white_swords, r.black_swords) == after_hidden_traitors(11, 1, 1) == (9, 3)
    assert r.knights_win and r.cause == "12 swords"


def test_engine_reshuffle_agrees_with_the_next_rebuild_calculator() -> None:
    """deck.reshuffle-both / deck.draw-applies-at-once: a 3-card black pile, one black card a
    turn: the calculator says the rebuild comes in turn 3 for sure; the engine rebuilds both
    piles exactly when the third card is drawn, and not before."""
    from camelot_rules.data.decks import Deck, standard_deck
    from camelot_rules.odds.rebuilds import DeckPosition, RebuildRules, next_rebuild

    box = dict(standard_deck("black").counts)
    pile = {"picts": 1, "saxons": 1, "excalibur": 1}
    discard = {k: v - pile.get(k, 0) for k, v in box.items() if v - pile.get(k, 0)}
    calc = next_rebuild(
        DeckPosition(Deck(pile), Deck(discard)), {1: 1}, rules=RebuildRules(both_decks=False)
    )
    assert calc.by_turn == {3: Fraction(1)}
    s = position(3, black_discard=discard, white_discard={"grail": 5})
    for drawn, card in enumerate(("picts", "saxons", "excalibur"), start=1):
        assert s.observation(0)["decks"]["black_draw"] == 4 - drawn
        s = s.apply(A.DrawBlack()).apply_chance(A.Draw("black", card))
        s = s.apply(A.EndTurn() if A.EndTurn() in s.legal_actions() else A.Move("grail"))
        if A.EndTurn() in s.legal_actions():
            s = s.apply(A.EndTurn())
        if drawn == 2:  # not yet: 73 + the two cards drawn lie in the discards
            assert s.observation(0)["decks"]["black_discard"] == 75
    decks = s.observation(0)["decks"]
    # rebuilt as the third card was drawn; that card, applied after, is the only discard
    assert (decks["black_draw"], decks["black_discard"]) == (75, 1)
    assert decks["white_discard"] == 0 and decks["white_draw"] == 84
