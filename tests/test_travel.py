"""travel_composition_posterior against every ordering of tiny decks."""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from camelot_rules import Deck, travel_composition_posterior
from camelot_rules.rulebook import TRAVEL_KINDS
from camelot_rules.travel import travel_compositions


def _likelihood_by_orderings(comp: tuple[int, ...], passes: list[list[str]]) -> Fraction:
    cards = [k for k, n in zip(TRAVEL_KINDS, comp) for _ in range(n)]
    orders = list(permutations(range(len(cards))))
    like = Fraction(1)
    for seen in passes:
        ok = sum(all(cards[o[i]] == name for i, name in enumerate(seen)) for o in orders)
        like *= Fraction(ok, len(orders))
    return like


@pytest.mark.parametrize(
    "passes",
    [[["captured"]], [["vision", "vision"]], [["lost", "charged", "lost"], ["lost"]], []],
)
def test_posterior_matches_likelihood_by_orderings(passes: list[list[str]]) -> None:
    size = 3
    comps = list(travel_compositions(size, 7, allow_zero=True))
    likes = {c: _likelihood_by_orderings(c, passes) for c in comps}
    total = sum(likes.values())
    expected = {Deck(dict(zip(TRAVEL_KINDS, c))): lk / total for c, lk in likes.items() if lk}
    assert travel_composition_posterior(passes, deck_size=size, allow_zero=True) == expected


def test_counts_of_the_composition_space() -> None:
    assert len(travel_composition_posterior([])) == 5005
    assert len(travel_composition_posterior([], allow_zero=True)) == 74613


def test_a_full_pass_pins_the_composition() -> None:
    deck = Counter(
        {
            "nothing_happens": 3,
            "merlin_travels": 3,
            "vision": 2,
            "charged": 2,
            "lost": 2,
            "ambushed": 2,
            "captured": 2,
        }
    )
    full = [name for name, n in deck.items() for _ in range(n)]
    post = travel_composition_posterior([full, ["vision"]])
    assert post == {Deck(dict(deck)): Fraction(1)}


def test_more_captures_seen_shift_the_posterior_up() -> None:
    def mean_captured(passes: list[list[str]]) -> Fraction:
        post = travel_composition_posterior(passes)
        return sum(d.count("captured") * p for d, p in post.items())

    assert (
        mean_captured([["captured", "captured"]])
        > mean_captured([])
        > mean_captured([["vision", "lost"]])
    )
    assert mean_captured([]) == Fraction(16, 7)  # uniform prior: symmetric over 7 kinds


@pytest.mark.parametrize(
    ("passes", "kwargs", "match"),
    [
        ([["grail"]], {}, "grail"),
        ([["vision"] * 17], {}, "17"),
        ("vision", {}, "cycles"),
        (["vision"], {}, "pass 1"),
        ([["captured"] * 11], {}, "no 16-card"),
        ([], {"deck_size": 0}, "deck_size"),
    ],
)
def test_bad_observations_raise(passes: object, kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        travel_composition_posterior(passes, **kwargs)  # type: ignore[arg-type]
