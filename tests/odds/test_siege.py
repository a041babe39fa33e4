"""Siege fights: every die face, every subset of the hand, every hand of small decks."""

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from camelot_rules import (
    Deck,
    best_turn,
    dealt_hand_table,
    fight_total_distribution,
    kay_splits,
    random_hand_siege_win_probability,
    siege_choices,
    siege_win_probability,
    standard_deck,
)
from camelot_rules.odds.montecarlo import simulate_random_hand_fights, simulate_siege_fights
from camelot_rules.odds.siege import dealt_turn_distribution
from tests.oracles import cards_of, fight_wins

FACES = range(1, 9)


def test_contract_example_three_plus_four_is_three_quarters() -> None:
    assert siege_win_probability([3, 4]) == Fraction(3, 4)


@pytest.mark.parametrize("played", [[], [1], [2], [5], [3, 4], [5, 3], [5, 4, 1], [5, 5]])
@pytest.mark.parametrize("excalibur", [False, True])
def test_win_probability_lists_every_face(played: list[int], excalibur: bool) -> None:
    total = sum(played) + excalibur
    assert siege_win_probability(played, excalibur=excalibur) == fight_wins(total)


@pytest.mark.parametrize(
    ("played", "reserve"), [([], [5]), ([2], [1, 3]), ([4], [2, 2]), ([1, 1], [5, 4])]
)
def test_kay_sees_the_roll_then_adds_one_card(played: list[int], reserve: list[int]) -> None:
    total = sum(played)
    wins = sum(total > face or any(total + v > face for v in reserve) for face in FACES)
    assert siege_win_probability(played, kay_reserve=reserve) == Fraction(wins, 8)


@pytest.mark.parametrize("bad", [[0], [6], ["5"], [True], 5, "34"])
def test_bad_fight_values_raise(bad: object) -> None:
    with pytest.raises(ValueError):
        siege_win_probability(bad)  # type: ignore[arg-type]


def _subset_oracle(hand: list[int]) -> dict[tuple[int, ...], Fraction]:
    out = {}
    for r in range(len(hand) + 1):
        for idx in combinations(range(len(hand)), r):
            cards = tuple(sorted((hand[i] for i in idx), reverse=True))
            out[cards] = fight_wins(sum(cards))
    return out


@pytest.mark.parametrize("hand", [[5, 4, 3], [2, 2, 1, 1], [5, 5, 1], [3]])
def test_advisor_lists_each_multiset_once_with_oracle_odds(hand: list[int]) -> None:
    choices = siege_choices(hand)
    assert {c.cards: c.p_win for c in choices} == _subset_oracle(hand)
    assert len(choices) == len(_subset_oracle(hand))
    for c in choices:
        assert c.expected_life_lost == 1 - c.p_win and c.cards_spent == len(c.cards)


def test_pareto_flags_by_definition() -> None:
    choices = siege_choices({"fight_5": 2, "fight_1": 1, "grail": 4})
    for c in choices:
        dominated = any(
            o.p_win >= c.p_win
            and o.cards_spent <= c.cards_spent
            and o.total <= c.total
            and (o.p_win > c.p_win or o.cards_spent < c.cards_spent or o.total < c.total)
            for o in choices
            if o is not c
        )
        assert c.pareto is not dominated
    # 5+5 (P 1) beats 5+5+1 (P 1, more cards): only the former is Pareto-optimal
    flags = {c.cards: c.pareto for c in choices}
    assert flags[(5, 5)] and not flags[(5, 5, 1)]


def _kay_oracle(pre: list[int], reserve: list[int]) -> tuple[Fraction, Fraction]:
    wins = spent = 0
    for face in FACES:
        s = sum(pre)
        if s > face:
            wins += 1
            spent += len(pre)
            continue
        useful = [v for v in reserve if s + v > face]
        wins += bool(useful)
        spent += len(pre) + bool(useful)
    return Fraction(wins, 8), Fraction(spent, 8)


def test_kay_splits_match_a_face_by_face_oracle() -> None:
    for split in kay_splits([4, 2, 1]):
        p, spent = _kay_oracle(list(split.pre_roll), list(split.reserve))
        assert (split.p_win, split.expected_cards_spent) == (p, spent)


def _turn_oracle(hand: tuple[int, ...], life: int, second_witch: bool) -> Fraction:
    """Expected engines by brute force over card index subsets, no Kay, keep_alive."""

    def best_last(rest: tuple[int, ...], life_now: int) -> Fraction:
        if second_witch or life_now < 3 or not rest:
            return Fraction(0)
        return max(
            fight_wins(sum(sub)) for r in range(len(rest) + 1) for sub in combinations(rest, r)
        )

    best = Fraction(0)
    for r in range(len(hand) + 1):
        for idx in combinations(range(len(hand)), r):
            sub = [hand[i] for i in idx]
            rest = tuple(hand[i] for i in range(len(hand)) if i not in idx)
            value = Fraction(0)
            for face in FACES:
                if sum(sub) > face:
                    value += (1 + best_last(rest, life)) / 8
                elif life > 1:
                    value += best_last(rest, life - 1) / 8
            best = max(best, value)
    return best


@pytest.mark.parametrize("hand", [(5, 4, 3), (2, 2), (5, 1, 1, 1), (3, 3, 3, 3), ()])
@pytest.mark.parametrize(("life", "witch"), [(4, False), (2, False), (4, True)])
def test_best_turn_matches_brute_force(hand: tuple[int, ...], life: int, witch: bool) -> None:
    plan = best_turn(hand, life=life, second_witch=witch)
    assert plan.value == _turn_oracle(hand, life, witch)
    assert sum(plan.outcomes.values()) == 1
    assert plan.value == sum(e * p for (e, _), p in plan.outcomes.items())


def test_second_witch_forbids_the_bought_fight() -> None:
    plan = best_turn([5, 5, 5, 5], second_witch=True)
    assert max(e for e, _ in plan.outcomes) == 1
    assert max(lost for _, lost in plan.outcomes) <= 1


def test_kay_turn_is_never_worse_than_without() -> None:
    for hand in [(5, 1), (4, 3, 2), (2, 2, 2)]:
        assert best_turn(hand, kay=True).value >= best_turn(hand).value


def test_empty_hand_means_no_fight() -> None:
    plan = best_turn([])
    assert plan.first_play is None and plan.outcomes == {(0, 0): 1}


def _hand_oracle(deck: Deck, size: int, wild: int = 5) -> tuple[Fraction, dict[int, Fraction]]:
    cards = cards_of(deck)
    hands = list(combinations(cards, size))
    totals: dict[int, Fraction] = {}
    win = Fraction(0)
    for hand in hands:
        # every hand by brute force; the wild "Fight ?" is named 5, the best in a siege fight
        # (white.fight-wild, F §3d): a larger total never wins fewer faces
        t = sum(int(c[-1]) if c[-1].isdigit() else (wild if c == "fight_wild" else 0) for c in hand)
        totals[t] = totals.get(t, Fraction(0)) + Fraction(1, len(hands))
        win += fight_wins(t) / len(hands)
    return win, totals


@pytest.mark.parametrize(
    "deck",
    [
        Deck({"fight_5": 2, "fight_2": 1, "grail": 3}),
        Deck({"fight_1": 3, "fight_4": 2, "fight_wild": 1}),
        Deck({"fight_3": 4, "merlin": 2, "fight_5": 1}),
    ],
)
def test_dealt_hands_match_every_hand(deck: Deck) -> None:
    for size in range(1, deck.size + 1):
        win, totals = _hand_oracle(deck, size)
        assert random_hand_siege_win_probability(deck, size, wild_value=5) == win
        assert fight_total_distribution(deck, size) == totals
        # the stable API's reading (docs/api.md): a wild card counts 0 unless asked
        assert random_hand_siege_win_probability(deck, size) == _hand_oracle(deck, size, 0)[0]


def test_a_wild_card_counts_0_in_a_dealt_hand_unless_asked() -> None:
    deck = Deck({"fight_wild": 1})
    assert random_hand_siege_win_probability(deck, 1) == 0  # total 0 beats no face of the d8
    assert random_hand_siege_win_probability(deck, 1, wild_value=5) == Fraction(4, 8)  # 1-4
    with pytest.raises(ValueError, match="wild_value"):
        random_hand_siege_win_probability(deck, 1, wild_value=6)


def test_dealt_turn_distribution_averages_best_turns_over_hands() -> None:
    deck = Deck({"fight_5": 2, "fight_2": 1, "grail": 2})
    hands = list(combinations(cards_of(deck), 3))
    expected = sum(
        (best_turn({c: h.count(c) for c in set(h)}).value for h in hands), Fraction(0)
    ) / len(hands)
    dist = dealt_turn_distribution(deck, 3)
    assert sum(dist.values()) == 1
    assert sum(e * p for (e, _), p in dist.items()) == expected


def test_simulation_agrees_with_exact_single_fight() -> None:
    sim = simulate_siege_fights([3, 2], 40_000, seed=1)
    assert abs(float(sim - siege_win_probability([3, 2]))) < 0.01  # se ~ 0.0025


def test_simulation_agrees_with_dealt_hand_table_on_the_expansion_deck() -> None:
    deck = standard_deck("white", expansion=True)
    table = dealt_hand_table(deck, [3, 6])
    for size, exact in table.items():
        sim = simulate_random_hand_fights(deck, size, 20_000, seed=size)
        assert abs(float(sim - exact)) < 0.015  # se < 0.0036


def test_bigger_hands_never_win_less() -> None:
    table = dealt_hand_table(standard_deck("white"))
    values = list(table.values())
    assert values == sorted(values) and len(values) == 12


@given(st.lists(st.integers(1, 5), max_size=6), st.booleans())
def test_best_choice_equals_playing_everything(hand: list[int], excalibur: bool) -> None:
    best = siege_choices(hand, excalibur=excalibur)[0]
    assert best.p_win == siege_win_probability(hand, excalibur=excalibur)
    assert any(c.pareto for c in siege_choices(hand, excalibur=excalibur))


def test_best_turn_outcomes_agree_with_a_seeded_simulation_of_the_plan() -> None:
    import random

    plan = best_turn([5, 4, 3, 2])
    assert plan.first_play is not None
    rest = [5, 4, 3, 2]
    for v in plan.first_play:
        rest.remove(v)
    rng = random.Random(42)
    counts: dict[tuple[int, int], int] = {}
    trials = 40_000
    for _ in range(trials):
        removed = lost = 0
        if sum(plan.first_play) > rng.randint(1, 8):
            removed += 1
        else:
            lost += 1
        # the plan buys the second fight whenever life allows it (4 life, keep-alive)
        lost += 1
        if sum(rest) > rng.randint(1, 8):
            removed += 1
        else:
            lost += 1
        counts[(removed, lost)] = counts.get((removed, lost), 0) + 1
    for key, p in plan.outcomes.items():
        assert abs(counts.get(key, 0) / trials - float(p)) < 0.01  # se < 0.0025


# --- Divine Favor (JA special white cards: the next tie goes to the knights) ------------------


def _fight_wins_favor(total: int, favor: bool) -> Fraction:
    """P(win) by listing the eight faces: greater wins, equal wins only with Divine Favor."""
    return Fraction(sum(total > f or (favor and total == f) for f in FACES), 8)


def _turn_oracle_favor(hand: tuple[int, ...], life: int) -> Fraction:
    """Expected engines with Divine Favor by brute force over card index subsets (no Kay,
    keep_alive): the first tie wins and uses the favor up; a later tie loses."""

    def best_last(rest: tuple[int, ...], life_now: int, favor: bool) -> Fraction:
        if life_now < 3 or not rest:
            return Fraction(0)
        return max(
            _fight_wins_favor(sum(sub), favor)
            for r in range(len(rest) + 1)
            for sub in combinations(rest, r)
        )

    best = Fraction(0)
    for r in range(len(hand) + 1):
        for idx in combinations(range(len(hand)), r):
            sub = [hand[i] for i in idx]
            rest = tuple(hand[i] for i in range(len(hand)) if i not in idx)
            value = Fraction(0)
            for face in FACES:
                if sum(sub) > face:
                    value += (1 + best_last(rest, life, True)) / 8
                elif sum(sub) == face:
                    value += (1 + best_last(rest, life, False)) / 8
                elif life > 1:
                    value += best_last(rest, life - 1, True) / 8
            best = max(best, value)
    return best


@pytest.mark.parametrize("played", [[], [1], [3], [4, 4], [5, 3], [5, 5]])
def test_divine_favor_wins_the_tied_fight(played: list[int]) -> None:
    # Fight 3: faces 1, 2 win, face 3 ties and is won with the favor: 3/8
    got = siege_win_probability(played, divine_favor=True)
    assert got == _fight_wins_favor(sum(played), True)
    assert siege_win_probability(played) == _fight_wins_favor(sum(played), False)
    if played == [3]:
        assert got == Fraction(3, 8)


@pytest.mark.parametrize("hand", [(5, 4, 3), (2, 2), (5, 1, 1, 1), (3, 3), ()])
@pytest.mark.parametrize("life", [4, 2])
def test_best_turn_with_divine_favor_matches_brute_force(hand: tuple[int, ...], life: int) -> None:
    plan = best_turn(hand, life=life, divine_favor=True)
    assert plan.value == _turn_oracle_favor(hand, life)
    assert sum(plan.outcomes.values()) == 1


def test_divine_favor_in_every_siege_calculator() -> None:
    deck = Deck({"fight_2": 1, "fight_5": 1, "grail": 1})
    # one card of three: Fight 2 wins faces 1 and 2 (the tie), 2/8; Fight 5 faces 1-5, 5/8;
    # the Grail none: (2/8 + 5/8) / 3 = 7/24
    assert random_hand_siege_win_probability(deck, 1, divine_favor=True) == Fraction(7, 24)
    assert dealt_hand_table(deck, [1], divine_favor=True) == {1: Fraction(7, 24)}
    choices = {c.cards: c.p_win for c in siege_choices([4, 1], divine_favor=True)}
    assert choices == {(4, 1): Fraction(5, 8), (4,): Fraction(4, 8), (1,): Fraction(1, 8), (): 0}
    best = {s.pre_roll: s.p_win for s in kay_splits([4, 1], divine_favor=True)}
    # play the 4, keep the 1: faces 1-3 win, 4 ties (won by the favor), on a 5 Kay adds the 1
    # and 5 = 5 ties (won by the favor): 5/8 (4/8 without it)
    assert best[(4,)] == Fraction(5, 8)
    dist = dealt_turn_distribution(Deck({"fight_5": 1, "grail": 1}), 1, divine_favor=True)
    assert dist == {(0, 0): Fraction(1, 2), (0, 1): Fraction(3, 16), (1, 0): Fraction(5, 16)}
    with pytest.raises(ValueError, match="divine_favor"):
        siege_win_probability([3], divine_favor="yes")  # type: ignore[arg-type]
