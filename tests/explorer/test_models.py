"""Shipped models: independent checks of what they answer."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest

from camelot_rules import Deck, expected_steps, explore, outcome_probabilities, standard_deck
from camelot_rules.explorer.models import RoundTable, TravelChain, War
from camelot_rules.odds.travel import trips_distribution
from tests.oracles import cards_of


def _no_accusation_oracle(m: RoundTable) -> Fraction:
    """Without accusations nobody decides: P(win) = sum over the traitors dealt of P(win | h),
    each by a plain recursion over swords (no beliefs involved)."""

    def win_given(h: int) -> Fraction:
        pw = m.p_white - h * m.sabotage
        pb = m.p_black + h * m.sabotage
        flip = {0: 0, 1: 2, 2: 3}[h] if not m.traitor_dead else 0

        @cache
        def v(w: int, b: int) -> Fraction:
            if b >= 7:
                return Fraction(0)
            if w + b >= 12:
                f = min(w, flip)
                return Fraction(int(w - f > b + f or (m.divine_favor and w - f == b + f)))
            # "nothing" rounds repeat: condition on a sword being laid
            return (pw * v(w + 1, b) + pb * v(w, b + 1)) / (pw + pb)

        return v(m.white, m.black)

    return sum((p * win_given(h) for h, p in enumerate(m.prior()) if p), Fraction(0))


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"players": 8, "expansion": True},
        {"players": 7, "expansion": True, "white": 7, "black": 3},
        {"divine_favor": True},
        {"traitor_dead": True, "players": 6},
    ],
)
def test_round_table_without_accusations_matches_mixture_over_traitors(kwargs: dict) -> None:
    m = RoundTable(max_accusations=0, **kwargs)
    got = outcome_probabilities(explore(m), maximize="loyal_win")
    assert got["loyal_win"] == _no_accusation_oracle(m)
    assert sum(got.values()) == 1


def test_prior_is_the_loyalty_deal() -> None:
    assert RoundTable(players=5).prior() == (Fraction(3, 8), Fraction(5, 8), 0)
    # 8 of 9 cards dealt, 2 traitors among 9: P(both dealt) = C(7,6)/C(9,8) = 7/9
    assert RoundTable(players=8, expansion=True).prior()[2] == Fraction(7, 9)


def test_options_move_the_odds_the_right_way() -> None:
    def p(**kw: object) -> Fraction:
        return outcome_probabilities(explore(RoundTable(**kw)), maximize="loyal_win")["loyal_win"]

    base = p()
    assert p(max_accusations=0) <= base  # the option to accuse can only help
    assert p(divine_favor=True) >= base
    assert p(fifth_witch=True) <= base
    assert p(traitor_dead=True) >= base


@pytest.mark.parametrize(
    "bad",
    [
        {"players": 9},
        {"p_white": Fraction(3, 4)},
        {"white": 8, "black": 4},
        {"sabotage": Fraction(1, 3)},
    ],
)
def test_round_table_rejects_bad_parameters(bad: dict) -> None:
    with pytest.raises(ValueError):
        RoundTable(**bad)


def test_travel_chain_matches_the_travel_calculator() -> None:
    left = standard_deck("travel", expansion=True).minus({"nothing_happens": 2, "vision": 1})
    for trips in (1, 4, 9):
        got = outcome_probabilities(explore(TravelChain(remaining=left, trips=trips)))
        plan = trips_distribution(left, trips)
        assert got["captured"] == 1 - plan.captures[0]


def test_travel_chain_loops_forever_without_captured() -> None:
    got = outcome_probabilities(explore(TravelChain(composition=Deck({"vision": 2, "lost": 1}))))
    assert got == {"never_ends": 1}
    # with Captured! the first one comes after (N+1)/(k+1) trips on average: 17/3
    assert expected_steps(explore(TravelChain())) == Fraction(17, 3)


def _simulate_war(m: War, trials: int, seed: int) -> Fraction:
    rng = random.Random(seed)
    pw, holds = float(m.p_warrior()), [float(m.p_holds(v)) for v in range(1, 6)]
    wins = 0
    for _ in range(trials):
        laid, warriors, turn = m.laid, m.warriors, 0
        while True:
            if rng.random() < pw:
                warriors += 1
                if warriors == 4:
                    break
            if turn < m.party and rng.random() < holds[laid]:
                laid += 1
                if laid == 5:
                    wins += 1
                    break
            turn = (turn + 1) % m.players
    return Fraction(wins, trials)


@pytest.mark.parametrize("party", [1, 3])
def test_war_agrees_with_simulation(party: int) -> None:
    m = War(party=party, hand_size=4, warriors=1)
    exact = outcome_probabilities(explore(m))["loyal_win"]
    assert abs(float(_simulate_war(m, 20_000, seed=party) - exact)) < 0.015


def test_bigger_parties_win_more_often() -> None:
    values = [
        outcome_probabilities(explore(War(party=k, hand_size=4)))["loyal_win"] for k in range(1, 5)
    ]
    assert values == sorted(values)


def test_travel_chain_leaves_a_held_captured_card_out_of_the_reshuffle() -> None:
    # one Nothing Happens left, then a reshuffle; one of the two Captured! is under a figure,
    # so the fresh deck is {captured: 1, nothing_happens: 2}: captured on trip 2 with 1/3,
    # on trip 3 with 2/3 * 1/2 = 1/3: P(captured within 3 trips) = 2/3 (1/2 if it went back)
    full = Deck({"captured": 2, "nothing_happens": 2})
    left = Deck({"nothing_happens": 1})
    got = outcome_probabilities(
        explore(TravelChain(composition=full, remaining=left, trips=3, captured_held=1))
    )
    plan = trips_distribution(left, 3, composition=full, captured_held=1)
    assert got["captured"] == 1 - plan.captures[0]
    assert got["captured"] == Fraction(1, 3) + Fraction(2, 3) * Fraction(1, 2)


def test_war_counts_the_third_witchs_warriors() -> None:
    # JA witches, 3rd: one Pict and one Saxon - a warrior for either war. Oracle: list every
    # card of the black deck and count the warriors it adds to this war.
    black = standard_deck("black", expansion=True)
    for side in ("picts", "saxons"):
        m = War(side=side, black=black, p_black_card=Fraction(1))
        added = Fraction(0)
        for card in cards_of(black):
            if card in (side, "morgan_witch_3"):
                added += 1
            elif card == "mercenaries":
                added += m.mercenaries_here
        assert m.p_warrior() == added / black.size
    base = War(side="picts", p_black_card=Fraction(1))
    assert "morgan_witch_3" not in base.black.names()
