"""draw_probability and hits_distribution against brute force, properties and simulation."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from camelot_rules import Deck, draw_probability, hits_distribution, standard_deck
from camelot_rules.odds.montecarlo import simulate_draws
from tests.oracles import draw_probability_oracle

SMALL = [
    Deck({"grail": 2, "fight_1": 3, "merlin": 1}),
    Deck({"card_0": 3, "other": 5}),
    Deck({"excalibur": 1, "despair": 1, "picts": 2}),
]


@pytest.mark.parametrize("deck", SMALL)
def test_matches_enumeration_of_every_hand(deck: Deck) -> None:
    for name in deck.counts:
        for draws in range(1, deck.size + 1):
            for at_least in range(1, draws + 1):
                assert draw_probability(deck, draws, name, at_least=at_least) == (
                    draw_probability_oracle(deck, draws, [name], at_least)
                )


def test_collection_of_names_counts_every_copy_once() -> None:
    deck = SMALL[0]
    got = draw_probability(deck, 2, ["grail", "merlin", "grail"])
    assert got == draw_probability_oracle(deck, 2, ["grail", "merlin"], 1)


def test_round_table_grail_by_hand() -> None:
    # 1 - C(66, 2) / C(84, 2) = 1 - 2145/3486
    assert draw_probability(standard_deck("white"), 2, "grail") == 1 - Fraction(2145, 3486)


def test_agrees_with_seeded_simulation_on_the_expansion_deck() -> None:
    deck = standard_deck("black", expansion=True)
    witches = [f"morgan_witch_{i}" for i in range(1, 8)]
    exact = draw_probability(deck, 10, witches)
    sim = simulate_draws(deck, 10, witches, 20_000, seed=7)
    # standard error sqrt(p(1-p)/n) ~ 0.0035; allow 4 sigma
    assert abs(float(sim - exact)) < 0.015


@pytest.mark.parametrize(
    ("draws", "cards", "at_least", "match"),
    [
        (7, "grail", 1, "draws=7"),
        (-1, "grail", 1, "draws=-1"),
        (2, "grail", 0, "at_least=0"),
        (2, "grail", 3, "at_least=3"),
        (2, "unicorn", 1, "unicorn"),
        (2, 5, 1, "5"),
        (1.5, "grail", 1, "1.5"),
    ],
)
def test_bad_input_raises_value_error_naming_it(
    draws: object, cards: object, at_least: object, match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        draw_probability(SMALL[0], draws, cards, at_least=at_least)  # type: ignore[arg-type]


def test_empty_deck_and_zero_draws_raise() -> None:
    with pytest.raises(ValueError, match="empty"):
        draw_probability(Deck({}), 0, "grail")
    with pytest.raises(ValueError, match="at_least"):
        draw_probability(SMALL[0], 0, "grail")


def test_custom_names_from_the_deck_are_accepted_standard_names_absent_too() -> None:
    assert draw_probability(SMALL[1], 1, "card_0") == Fraction(3, 8)
    assert draw_probability(SMALL[1], 1, "grail") == 0


small_decks = (
    st.dictionaries(
        st.sampled_from(["grail", "fight_2", "merlin", "despair"]), st.integers(0, 5), min_size=1
    )
    .map(Deck)
    .filter(lambda d: d.size >= 1)
)


@given(small_decks, st.data())
def test_properties_bounds_complement_and_monotone(deck: Deck, data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(deck.counts)))
    draws = data.draw(st.integers(1, deck.size))
    dist = hits_distribution(deck, draws, name)
    assert sum(dist.values()) == 1
    p = draw_probability(deck, draws, name)
    assert 0 <= p <= 1
    assert p + dist.get(0, Fraction(0)) == 1
    if draws < deck.size:
        assert draw_probability(deck, draws + 1, name) >= p
