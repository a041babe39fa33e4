"""Deck multiset and setup position."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from camelot_rules import Deck, setup_position, standard_deck

names = st.sampled_from(["fight_1", "fight_5", "grail", "merlin", "card_0", "other"])
decks = st.dictionaries(names, st.integers(0, 6)).map(Deck)


def test_equal_content_means_equal_and_same_hash() -> None:
    a = Deck({"grail": 2, "fight_1": 1, "merlin": 0})
    b = Deck({"fight_1": 1, "grail": 2})
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1


def test_counts_are_read_only_and_drop_zeros() -> None:
    deck = Deck({"grail": 2, "merlin": 0})
    assert dict(deck.counts) == {"grail": 2}
    with pytest.raises(TypeError):
        deck.counts["grail"] = 5  # type: ignore[index]


@pytest.mark.parametrize(
    "bad", [{"grail": -1}, {"grail": 1.0}, {"grail": True}, {"Grail": 1}, {"fight 1": 1}, {3: 1}]
)
def test_bad_decks_raise_value_error_naming_the_value(bad: dict[object, object]) -> None:
    with pytest.raises(ValueError, match=r"rail|fight|3"):
        Deck(bad)  # type: ignore[arg-type]


def test_without_removes_and_refuses_missing_cards() -> None:
    deck = Deck({"grail": 2})
    assert deck.without("grail", 2) == Deck({})
    with pytest.raises(ValueError, match="holds 2"):
        deck.without("grail", 3)
    with pytest.raises(ValueError):
        deck.without("grail", -1)


@given(decks, decks)
def test_plus_then_minus_gives_back_the_deck(a: Deck, b: Deck) -> None:
    assert a.plus(b).minus(b) == a
    assert a.plus(b).size == a.size + b.size


def test_setup_position_removes_merlins_and_own_hand() -> None:
    hand = {"fight_5": 2, "grail": 3}
    pos = setup_position(4, hand=hand)
    full = standard_deck("white")
    assert pos.white_unseen.count("merlin") == 7 - 4
    assert pos.white_unseen.count("fight_5") == full.count("fight_5") - 2
    assert pos.white_unseen.size == 84 - 4 - 5
    assert pos.white_draw_pile_size == 84 - 4 * 6
    assert pos.travel is None
    assert pos.loyalty == standard_deck("loyalty", players=4)


def test_setup_position_for_expansion_has_travel_and_two_traitors_at_eight() -> None:
    pos = setup_position(8, expansion=True)
    assert pos.travel is not None and pos.travel.size == 16
    assert pos.loyalty.count("traitor") == 2
    # 7 Merlins for 8 knights: a gap in the sources, dealt as far as they go and flagged
    assert pos.white_unseen.count("merlin") == 0
    assert pos.white_draw_pile_size == 107 - 7 - 40
    assert any("8 knights" in a for a in pos.assumptions)


@pytest.mark.parametrize("hand", [{"grail": 2}, {"merlin": 9}])
def test_setup_position_rejects_impossible_hands(hand: dict[str, int]) -> None:
    with pytest.raises(ValueError):
        setup_position(3, hand=hand)
