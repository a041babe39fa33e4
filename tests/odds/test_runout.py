"""first_draw_distribution and turns_until_exhausted against brute force and simulation."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from camelot_rules import Deck, first_draw_distribution, standard_deck, turns_until_exhausted
from camelot_rules.odds.montecarlo import simulate_first_draw, simulate_turns_until_exhausted
from tests.oracles import exhaustion_oracle, first_draw_oracle

half = Fraction(1, 2)


@pytest.mark.parametrize(
    ("deck", "cards"),
    [
        (Deck({"grail": 2, "fight_1": 3}), ["grail"]),
        (Deck({"morgan_witch_1": 1, "despair": 4}), ["morgan_witch_1"]),
        (Deck({"a_card": 1, "b_card": 2, "c_card": 3}), ["a_card", "b_card"]),
    ],
)
def test_first_draw_matches_every_ordering(deck: Deck, cards: list[str]) -> None:
    assert first_draw_distribution(deck, cards) == first_draw_oracle(deck, cards)


def test_first_draw_support_and_errors() -> None:
    dist = first_draw_distribution(Deck({"grail": 3, "despair": 5}), "grail")
    assert sorted(dist) == list(range(1, 7)) and sum(dist.values()) == 1
    with pytest.raises(ValueError, match="no copy"):
        first_draw_distribution(Deck({"despair": 5}), "grail")
    with pytest.raises(ValueError, match="unicorn"):
        first_draw_distribution(Deck({"despair": 5}), "unicorn")


def test_first_witch_position_agrees_with_simulation() -> None:
    deck = standard_deck("black", expansion=True)
    witches = [f"morgan_witch_{i}" for i in range(1, 8)]
    exact = first_draw_distribution(deck, witches)
    sim = simulate_first_draw(deck, witches, 20_000, seed=3)
    mean_exact = sum(k * p for k, p in exact.items())
    mean_sim = sum(k * p for k, p in sim.items())
    assert abs(float(mean_exact - mean_sim)) < 0.3  # sd of the index ~ 10.6, se ~ 0.075
    assert mean_exact == Fraction(91, 8)  # (N + 1) / (k + 1) = 91 / 8


@pytest.mark.parametrize(
    ("size", "mix", "horizon"),
    [
        (3, {1: half, 2: half}, 3),
        (4, {0: half, 2: half}, 5),
        (5, {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}, 5),
        (2, {0: Fraction(3, 4), 1: Fraction(1, 4)}, 6),
    ],
)
def test_turns_until_exhausted_matches_every_sequence(
    size: int, mix: dict[int, Fraction], horizon: int
) -> None:
    kwargs = {"horizon": horizon} if 0 in mix else {}
    got = turns_until_exhausted(size, mix, **kwargs)
    assert got == exhaustion_oracle(size, mix, horizon)


def test_without_zero_draws_the_support_is_finite_and_sums_to_one() -> None:
    got = turns_until_exhausted(90, {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)})
    assert sum(got.values()) == 1
    assert min(got) == 30 and max(got) == 90


def test_horizon_always_truncates() -> None:
    got = turns_until_exhausted(3, {1: 1}, horizon=2)
    assert got == {}
    assert turns_until_exhausted(3, {1: 1}, horizon=3) == {3: 1}


def test_simulation_agrees_on_the_90_card_black_deck() -> None:
    mix = {0: Fraction(1, 4), 1: Fraction(1, 2), 3: Fraction(1, 4)}
    exact = turns_until_exhausted(90, mix, horizon=200)
    sim = simulate_turns_until_exhausted(90, mix, 5_000, seed=11, horizon=200)
    mean_exact = sum(t * p for t, p in exact.items())
    mean_sim = sum(t * p for t, p in sim.items())
    assert abs(float(mean_exact - mean_sim)) < 1.0  # sd ~ 10 turns, se ~ 0.15


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        ((5, {0: 1}), {}, "never"),
        ((5, {0: 1}), {"horizon": 4}, "never"),
        ((5, {0: half, 1: half}), {}, "horizon"),
        ((0, {1: 1}), {}, "deck_size"),
        ((5, {1: 0.5, 2: 0.5}), {}, "float|Fraction"),
        ((5, {1: half}), {}, "sum"),
        ((5, {-1: 1}), {}, "-1"),
        ((5, {1: 1}), {"horizon": 0}, "horizon"),
    ],
)
def test_bad_exhaustion_input_raises(
    args: tuple[object, ...], kwargs: dict[str, object], match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        turns_until_exhausted(*args, **kwargs)  # type: ignore[arg-type]


mixes = st.dictionaries(st.integers(1, 4), st.integers(1, 5), min_size=1).map(
    lambda w: {k: Fraction(v, sum(w.values())) for k, v in w.items()}
)


@given(st.integers(1, 30), mixes)
def test_exhaustion_sums_to_one_and_larger_decks_last_longer(
    size: int, mix: dict[int, Fraction]
) -> None:
    got = turns_until_exhausted(size, mix)
    assert sum(got.values()) == 1
    bigger = turns_until_exhausted(size + 1, mix)
    # stochastic dominance: P(out by turn t) can only fall when the deck grows
    for t in range(1, max(bigger) + 1):
        assert sum(p for k, p in bigger.items() if k <= t) <= sum(
            p for k, p in got.items() if k <= t
        )


# --- next_rebuild with the other deck (JA: both rebuilt), against every card and draw --------
def _first_rebuild_oracle(
    pile: dict[str, int],
    named: set[str],
    mix: dict[int, Fraction],
    white: int,
    white_mix: dict[int, Fraction],
    horizon: int,
) -> tuple[dict[int, Fraction], dict[str, Fraction], Fraction, Fraction]:
    """Every draw of every turn, card by card: (by_turn, by_cause, seen_before, unresolved)."""
    by_turn: dict[int, Fraction] = {}
    by_cause: dict[str, Fraction] = {}
    totals = {"seen": Fraction(0), "open": Fraction(0)}

    def event(turn: int, cause: str, seen: bool, p: Fraction) -> None:
        by_turn[turn] = by_turn.get(turn, Fraction(0)) + p
        by_cause[cause] = by_cause.get(cause, Fraction(0)) + p
        if seen:
            totals["seen"] += p

    def turn_start(cards: dict[str, int], white: int, seen: bool, p: Fraction, turn: int) -> None:
        if turn > horizon:
            totals["open"] += p
            if seen:
                totals["seen"] += p
            return
        for k, q in mix.items():
            draw(cards, white, seen, p * q, turn, k)

    def draw(cards: dict[str, int], white: int, seen: bool, p: Fraction, turn: int, k: int) -> None:
        if k == 0:  # this pile's draws are done: the other pile draws
            for kw, qw in white_mix.items():
                if kw >= white:
                    event(turn, "other_deck", seen, p * qw)
                else:
                    turn_start(cards, white - kw, seen, p * qw, turn + 1)
            return
        size = sum(cards.values())
        for name, n in cards.items():
            if not n:
                continue
            q = p * Fraction(n, size)
            now_seen = seen or name in named
            if name == "morgan_witch_1":
                event(turn, "first_witch", now_seen, q)
            elif size == 1:
                event(turn, "exhausted", now_seen, q)
            else:
                draw({**cards, name: n - 1}, white, now_seen, q, turn, k - 1)

    turn_start(dict(pile), white, False, Fraction(1), 1)
    return by_turn, by_cause, totals["seen"], totals["open"]


@pytest.mark.parametrize(
    ("pile", "named", "mix", "white", "white_mix", "horizon"),
    [
        (
            {"morgan_witch_1": 1, "despair": 2, "picts": 2},
            {"despair"},
            {0: Fraction(1, 3), 1: Fraction(1, 2), 2: Fraction(1, 6)},
            3,
            {0: half, 2: half},
            6,
        ),
        (
            {"despair": 3, "saxons": 1},
            {"saxons"},
            {1: half, 2: half},
            2,
            {0: Fraction(3, 4), 1: Fraction(1, 4)},
            10,
        ),
        (
            {"morgan_witch_1": 1, "picts": 3},
            {"morgan_witch_1"},
            {0: half, 1: half},
            4,
            {1: Fraction(1, 3), 3: Fraction(2, 3)},
            5,
        ),
    ],
)
def test_next_rebuild_with_the_other_deck_matches_every_draw(
    pile: dict[str, int],
    named: set[str],
    mix: dict[int, Fraction],
    white: int,
    white_mix: dict[int, Fraction],
    horizon: int,
) -> None:
    from camelot_rules import DeckPosition, OtherDeck, RebuildRules, next_rebuild

    rules = RebuildRules(other_deck=OtherDeck(white, 20, white_mix))
    position = DeckPosition(Deck(pile), expansion=True)
    got = next_rebuild(position, mix, cards=sorted(named), horizon=horizon, rules=rules)
    by_turn, by_cause, seen, unresolved = _first_rebuild_oracle(
        pile, named, mix, white, white_mix, horizon
    )
    assert got.by_turn == {t: p for t, p in by_turn.items() if p}
    assert got.by_cause == dict(sorted((c, p) for c, p in by_cause.items() if p))
    assert got.seen_before == seen
    assert got.unresolved == unresolved
