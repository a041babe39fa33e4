"""travel_composition_posterior against every ordering of tiny decks."""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from camelot_rules import Deck, travel_composition_posterior
from camelot_rules.data.rulebook import TRAVEL_KINDS
from camelot_rules.odds.travel import travel_compositions


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


# --- trips, risk and captures ---------------------------------------------------------------

from itertools import permutations as _perms  # noqa: E402

from camelot_rules import standard_deck  # noqa: E402
from camelot_rules.data.rulebook import TRAVEL_DEMANDS  # noqa: E402
from camelot_rules.engine.expansion import demand_payments  # noqa: E402
from camelot_rules.odds.montecarlo import simulate_trips  # noqa: E402
from camelot_rules.odds.travel import (  # noqa: E402
    captured_turns_lost,
    draws_travel_card,
    expected_turns_lost,
    hand_facts,
    next_trip_risk,
    remaining_travel_deck,
    trips_distribution,
)


def _trips_oracle(
    remaining: list[str], full: list[str], trips: int, meets: dict[str, bool], grail_open: bool
) -> dict[tuple[int, int, int], Fraction]:
    """Every ordering of the cards left, then every ordering of each fresh deck needed."""
    out: dict[tuple[int, int, int], Fraction] = {}

    def walk(pile: tuple[str, ...], left: int, counts: tuple[int, int, int], p: Fraction) -> None:
        if left == 0:
            out[counts] = out.get(counts, Fraction(0)) + p
            return
        if not pile:
            orders = list(_perms(full))
            for order in orders:
                walk(order, left, counts, p / len(orders))
            return
        card, rest = pile[0], pile[1:]
        cap, fail, red = counts
        cap += card == "captured"
        fail += card in meets and not meets[card]
        red += card == "vision" and grail_open
        walk(rest, left - 1, (cap, fail, red), p)

    orders = list(_perms(remaining))
    for order in orders:
        walk(order, trips, (0, 0, 0), Fraction(1, len(orders)))
    return out


@pytest.mark.parametrize(
    ("remaining", "full", "trips", "meets", "grail_open"),
    [
        (["captured", "lost"], ["captured", "lost", "vision"], 4, {"lost": False}, True),
        (["vision"], ["vision", "ambushed", "nothing_happens"], 3, {"ambushed": True}, False),
        ([], ["charged", "captured", "merlin_travels"], 4, {"charged": False}, True),
    ],
)
def test_trips_match_every_ordering(
    remaining: list[str], full: list[str], trips: int, meets: dict[str, bool], grail_open: bool
) -> None:
    def deck(cards: list[str]) -> Deck:
        return Deck({c: cards.count(c) for c in cards})

    can_meet = {"charged": False, "lost": False, "ambushed": False, **meets}
    plan = trips_distribution(
        deck(remaining), trips, composition=deck(full), can_meet=can_meet, grail_open=grail_open
    )
    assert plan.joint == _trips_oracle(remaining, full, trips, can_meet, grail_open)
    assert sum(plan.joint.values()) == 1


@pytest.mark.parametrize(
    ("remaining", "full"),
    [
        (["captured", "lost"], ["captured", "lost", "vision"]),  # a reshuffle at trip 3
        ([], ["charged", "captured", "merlin_travels"]),
    ],
)
def test_captured_by_trip_matches_every_ordering(remaining: list[str], full: list[str]) -> None:
    # P(captured at least once by the end of trip k) = 1 - P(no capture in k trips), the
    # orderings' count for each k on its own
    def deck(cards: list[str]) -> Deck:
        return Deck({c: cards.count(c) for c in cards})

    meets = {"charged": False, "lost": False, "ambushed": False}
    plan = trips_distribution(deck(remaining), 4, composition=deck(full), can_meet=meets)
    for k in range(1, 5):
        none = sum(
            p
            for (cap, _, _), p in _trips_oracle(remaining, full, k, meets, True).items()
            if cap == 0
        )
        assert plan.captured_by_trip[k] == 1 - none
    assert plan.captured_by_trip[4] == 1 - plan.captures.get(0, 0)


def test_captured_by_trip_by_hand() -> None:
    # one Captured! among four cards, no reshuffle within four trips: captured by trip k is
    # the chance it is among the first k cards, k/4
    four = Deck({"captured": 1, "nothing_happens": 3})
    plan = trips_distribution(four, 4, composition=four)
    assert plan.captured_by_trip == {k: Fraction(k, 4) for k in range(1, 5)}


def test_next_trip_risk_counts_and_reshuffle() -> None:
    risk = next_trip_risk(Deck({}), can_meet={"lost": True})
    full = standard_deck("travel", expansion=True)
    assert risk.reshuffled and risk.by_kind["captured"] == Fraction(full.count("captured"), 16)
    meets_lost = Fraction(full.count("lost"), 16)
    assert risk.outcomes["failed"] == Fraction(full.count("charged") + full.count("ambushed"), 16)
    assert risk.outcomes["moved"] == Fraction(
        16
        - full.count("captured")
        - full.count("vision")
        - full.count("charged")
        - full.count("ambushed"),
        16,
    )
    assert meets_lost and sum(risk.outcomes.values()) == 1
    closed = next_trip_risk(Deck({"vision": 2}), grail_open=False)
    assert closed.outcomes["moved"] == 1  # Vision with the Grail quest over: Nothing Happens
    assert any("assumed" in a for a in risk.assumptions)


def test_hand_facts_decide_demands() -> None:
    # travel.demands: the calculator's facts are the engine's demand_payments, card by card
    for hand in ({"fight_wild": 1, "fight_1": 1}, {"fight_2": 1, "fight_3": 1}, {"grail": 1}):
        facts = hand_facts(hand)
        for d in TRAVEL_DEMANDS:
            assert facts[d.hand_fact] == bool(demand_payments(hand, d.card)), (hand, d.card)
    assert hand_facts({"fight_2": 1, "fight_3": 1}) == {
        "fight_3_plus": True,  # a Fight 3 meets Charged!
        "grail": False,
        "fight_pair": False,  # two Fight cards of different values are no pair
    }
    risk = next_trip_risk(Deck({"lost": 1, "ambushed": 1}), hand={"grail": 1, "fight_4": 1})
    assert risk.outcomes["failed"] == Fraction(1, 2)  # meets Lost!, not Ambushed!
    # white.fight-wild (F §3d, S16): "Fight ?" is a Fight card of its player's value - by hand,
    # as a 3 it meets Charged!, as a 1 beside the Fight 1 it makes Ambushed!'s pair
    assert hand_facts({"fight_wild": 1, "fight_1": 1}) == {
        "fight_3_plus": True,
        "grail": False,
        "fight_pair": True,
    }
    risk = next_trip_risk(Deck({"lost": 1, "ambushed": 1}), hand={"fight_wild": 1, "fight_1": 1})
    assert risk.outcomes["failed"] == Fraction(1, 2)  # meets Ambushed!, not Lost!


def test_which_moves_draw() -> None:
    assert draws_travel_card("heroic_action").draws_travel_card
    assert not draws_travel_card("special_card").draws_travel_card
    with pytest.raises(ValueError, match="teleport"):
        draws_travel_card("teleport")


def test_captured_turns_lost_is_geometric() -> None:
    dist = captured_turns_lost(Fraction(1, 3), horizon=50)
    assert dist[0] == Fraction(1, 3) and dist[2] == Fraction(4, 27)
    assert 1 - sum(dist.values()) == Fraction(2, 3) ** 51
    assert expected_turns_lost(Fraction(1, 3)) == 2
    assert captured_turns_lost(1) == {0: 1}
    with pytest.raises(ValueError, match="horizon"):
        captured_turns_lost(Fraction(1, 2))
    with pytest.raises(ValueError, match="p_free=0"):
        expected_turns_lost(0)


def test_trip_plan_agrees_with_simulation_on_the_default_deck() -> None:
    full = standard_deck("travel", expansion=True)
    left = remaining_travel_deck({"captured": 1, "nothing_happens": 2, "vision": 1})
    meets = {"charged": False, "lost": True, "ambushed": False}
    plan = trips_distribution(left, 20, can_meet=meets)
    cap = sum(k * p for k, p in plan.captures.items())
    fail = sum(k * p for k, p in plan.failed.items())
    sim_cap, sim_fail, sim_merlin = simulate_trips(left, full, 20, 6000, seed=4, can_meet=meets)
    assert abs(float(sim_cap - cap)) < 0.05  # sd ~ 1, se ~ 0.013
    assert abs(float(sim_fail - fail)) < 0.07
    assert abs(float(sim_merlin - plan.merlin_by_trip[20])) < 0.02


def test_travel_errors_are_readable() -> None:
    with pytest.raises(ValueError, match="grail"):
        next_trip_risk(Deck({"grail": 1}))
    with pytest.raises(ValueError, match="more travel cards seen"):
        remaining_travel_deck({"captured": 5})
    with pytest.raises(ValueError, match="trips"):
        trips_distribution(Deck({}), 0)
    with pytest.raises(ValueError, match="teleport"):
        next_trip_risk(Deck({}), can_meet={"teleport": True})


def test_posterior_concentrates_near_the_deck_that_produced_simulated_play() -> None:
    import random

    deck = standard_deck("travel", expansion=True)
    cards = list(deck)
    rng = random.Random(9)
    passes = []
    for _ in range(12):  # twelve partial passes of 9 cards each
        rng.shuffle(cards)
        passes.append(cards[:9])
    post = travel_composition_posterior(passes)
    for kind in deck.names():
        mean = sum(d.count(kind) * p for d, p in post.items())
        assert abs(float(mean) - deck.count(kind)) < 1.0


# --- a Captured! card under a figure stays out of the reshuffle (JA travel rules, Captured!) ----


@pytest.mark.parametrize(
    ("remaining", "full", "held", "trips"),
    [
        (["lost"], ["captured", "captured", "lost", "vision"], 1, 4),
        ([], ["captured", "nothing_happens", "vision"], 1, 3),
        (["captured"], ["captured", "captured", "lost"], 1, 4),
    ],
)
def test_captured_under_a_figure_is_left_out_of_the_reshuffle(
    remaining: list[str], full: list[str], held: int, trips: int
) -> None:
    def deck(cards: list[str]) -> Deck:
        return Deck({c: cards.count(c) for c in cards})

    fresh = list(full)
    for _ in range(held):
        fresh.remove("captured")
    can_meet = {"charged": False, "lost": False, "ambushed": False}
    plan = trips_distribution(
        deck(remaining), trips, composition=deck(full), can_meet=can_meet, captured_held=held
    )
    assert plan.joint == _trips_oracle(remaining, fresh, trips, can_meet, True)
    assert any("under" in a for a in plan.assumptions)


def test_next_trip_risk_leaves_a_held_captured_card_out() -> None:
    full = Deck({"captured": 1, "nothing_happens": 1})
    # the only Captured! lies under a figure: the fresh deck is the Nothing Happens alone
    risk = next_trip_risk(Deck({}), composition=full, captured_held=1)
    assert risk.by_kind["captured"] == 0 and risk.outcomes["moved"] == 1
    default = standard_deck("travel", expansion=True)
    held = next_trip_risk(Deck({}), captured_held=1)
    k = default.count("captured")
    assert held.by_kind["captured"] == Fraction(k - 1, default.size - 1)
    with pytest.raises(ValueError, match="captured_held"):
        next_trip_risk(Deck({"captured": 1}), composition=full, captured_held=1)
    with pytest.raises(ValueError, match="captured_held"):
        next_trip_risk(Deck({}), captured_held=-1)
