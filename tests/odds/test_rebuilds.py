"""Deck positions across reshuffles: every ordering of small decks, and simulation."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from camelot_rules import (
    Deck,
    DeckPosition,
    OtherDeck,
    RebuildRules,
    forecast,
    next_rebuild,
    standard_deck,
    turns_until_exhausted,
)

QUEST = {"excalibur": "excalibur", "despair": "grail"}  # the HIGH entries these tests use
Half = Fraction(1, 2)


def _oracle(
    draw, discard, *, finished, expansion, merlin, mix, turns, target, mode="all", witch=True
):
    """Enumerate every card choice, with explicit lists; returns
    (joint {(seen, rebuilds, engines): p}, first rebuild {(turn, cause): p})."""
    joint: dict[tuple[int, int, int], Fraction] = {}
    first: dict[tuple[int, str], Fraction] = {}

    def draw_card(layers, disc, p, counters, first_rb, turn, left, k_rest):
        seen, reb, eng = counters
        if left == 0 or not layers:
            end_turn(layers, disc, p, counters, first_rb, turn, k_rest)
            return
        top = layers[0]
        for i in range(len(top)):
            card = top[i]
            rest_top = top[:i] + top[i + 1 :]
            lays = ([rest_top] if rest_top else []) + layers[1:]
            d = list(disc)
            quest = QUEST.get(card)
            done = quest in finished
            e = eng + (1 if done and not (expansion and quest in merlin) else 0)
            if not (done and expansion):
                d.append(card)
            cause = ""
            if witch and card == "morgan_witch_1":
                cause = "first_witch"
                if mode == "all":
                    merged = [c for layer in lays for c in layer] + d
                    lays, d = ([merged] if merged else []), []
                else:
                    lays, d = lays + ([d] if d else []), []
            if not lays and d:
                lays, d = [d], []
                cause = cause or "exhausted"
            fr = first_rb or ((turn, cause) if cause else None)
            draw_card(
                lays,
                d,
                p / len(top),
                (seen + (card in target), reb + bool(cause), e),
                fr,
                turn,
                left - 1,
                k_rest,
            )

    def end_turn(layers, disc, p, counters, first_rb, turn, _k):
        if turn == turns:
            joint[counters] = joint.get(counters, Fraction(0)) + p
            if first_rb:
                first[first_rb] = first.get(first_rb, Fraction(0)) + p
            return
        for k, q in mix.items():
            draw_card(layers, disc, p * q, counters, first_rb, turn + 1, k, None)

    end_turn([list(draw)], list(discard), Fraction(1), (0, 0, 0), None, 0, None)
    return joint, first


def _marginal(joint, index):
    out: dict[int, Fraction] = {}
    for key, p in joint.items():
        out[key[index]] = out.get(key[index], Fraction(0)) + p
    return dict(sorted(out.items()))


CASES = [
    # (draw, discard, finished, expansion, merlin, mix, turns, target, mode)
    (
        ["despair", "despair", "picts", "morgan_witch_1"],
        ["excalibur"],
        {"grail"},
        True,
        set(),
        {1: Half, 2: Half},
        4,
        {"morgan_witch_1", "picts"},
        "all",
    ),
    (
        ["despair", "excalibur", "picts"],
        ["despair"],
        {"grail"},
        False,
        set(),
        {1: 1},
        6,
        {"despair"},
        "all",
    ),
    (
        ["despair", "morgan_witch_1", "picts"],
        ["excalibur", "saxons"],
        {"excalibur"},
        True,
        {"excalibur"},
        {1: Fraction(1, 3), 2: Fraction(2, 3)},
        4,
        {"saxons"},
        "discards_only",
    ),
    (["despair", "despair", "saxons"], [], {"grail"}, True, set(), {2: 1}, 3, {"saxons"}, "all"),
]


def _position(draw, discard, finished, expansion, merlin) -> DeckPosition:
    return DeckPosition(
        Deck({c: draw.count(c) for c in draw}),
        Deck({c: discard.count(c) for c in discard}),
        finished_quests=finished,
        expansion=expansion,
        merlin_on=merlin,
    )


@pytest.mark.parametrize("case", CASES)
def test_forecast_matches_every_ordering(case) -> None:
    draw, discard, finished, expansion, merlin, mix, turns, target, mode = case
    pos = _position(draw, discard, finished, expansion, merlin)
    fc = forecast(pos, mix, turns, cards=target, rules=RebuildRules(rebuild_mode=mode))
    joint, _ = _oracle(
        draw,
        discard,
        finished=finished,
        expansion=expansion,
        merlin=merlin,
        mix=mix,
        turns=turns,
        target=target,
        mode=mode,
    )
    assert fc.count == _marginal(joint, 0)
    assert fc.rebuilds == _marginal(joint, 1)
    assert fc.engines == _marginal(joint, 2)
    assert sum(fc.count.values()) == 1


@pytest.mark.parametrize("case", CASES)
def test_next_rebuild_matches_every_ordering(case) -> None:
    draw, discard, finished, expansion, merlin, mix, _turns, target, mode = case
    pos = _position(draw, discard, finished, expansion, merlin)
    horizon = len(draw) + 1
    nr = next_rebuild(pos, mix, rules=RebuildRules(rebuild_mode=mode), horizon=horizon)
    _, first = _oracle(
        draw,
        discard,
        finished=finished,
        expansion=expansion,
        merlin=merlin,
        mix=mix,
        turns=horizon,
        target=target,
        mode=mode,
    )
    by_turn: dict[int, Fraction] = {}
    by_cause: dict[str, Fraction] = {}
    for (turn, cause), p in first.items():
        by_turn[turn] = by_turn.get(turn, Fraction(0)) + p
        by_cause[cause] = by_cause.get(cause, Fraction(0)) + p
    assert nr.by_turn == by_turn
    assert nr.by_cause == dict(sorted(by_cause.items()))
    assert nr.unresolved == 0


def test_without_the_witch_next_rebuild_is_turns_until_exhausted() -> None:
    black = standard_deck("black", expansion=True).without("morgan_witch_1")
    mix = {1: Fraction(1, 2), 2: Fraction(1, 4), 3: Fraction(1, 4)}
    nr = next_rebuild(
        DeckPosition(black, expansion=True), mix, rules=RebuildRules(both_decks=False)
    )
    assert nr.by_turn == turns_until_exhausted(black.size, mix)
    assert nr.by_cause == {"exhausted": 1}


def test_witch_comes_first_with_probability_by_position() -> None:
    # one draw a turn: the witch at a uniform position among n cards always comes first
    # (or with the last card): P(first_witch) = 1.
    pos = DeckPosition(Deck({"morgan_witch_1": 1, "despair": 9}), expansion=True)
    nr = next_rebuild(pos, {1: 1}, cards="despair")
    assert nr.by_cause == {"first_witch": 1}
    assert nr.seen_before == 1 - Fraction(1, 10)  # a despair before her unless she is on top
    off = next_rebuild(pos, {1: 1}, rules=RebuildRules(first_witch=False))
    assert off.by_turn == {10: 1}


def test_other_deck_running_out_rebuilds_this_one() -> None:
    pos = DeckPosition(Deck({"despair": 10}))
    rules = RebuildRules(other_deck=OtherDeck(pile=3, rebuilt=20, draws_per_turn={2: 1}))
    nr = next_rebuild(pos, {1: 1}, rules=rules)
    assert nr.by_turn == {2: 1} and nr.by_cause == {"other_deck": 1}


def test_expansion_removes_finished_quest_cards_base_recycles_them() -> None:
    draw = Deck({"despair": 3, "picts": 3})
    base = forecast(DeckPosition(draw, finished_quests={"grail"}), {1: 1}, 12)
    mc = forecast(DeckPosition(draw, finished_quests={"grail"}, expansion=True), {1: 1}, 12)
    merlin = forecast(
        DeckPosition(draw, finished_quests={"grail"}, expansion=True, merlin_on={"grail"}),
        {1: 1},
        12,
    )
    assert base.engines == {6: 1}  # two full passes of 6 cards, 3 despair each
    assert mc.engines == {3: 1}  # each despair adds its engine once, then leaves the game
    assert merlin.engines == {0: 1}
    # base: the 6-card pile runs out after turns 6 and 12; expansion: the pile shrinks to the
    # 3 Picts after the first pass, so it runs out after turns 6, 9 and 12
    assert base.rebuilds == {2: 1} and mc.rebuilds == {3: 1}


def test_bad_positions_and_options_raise() -> None:
    with pytest.raises(ValueError, match="dragonn"):
        DeckPosition(Deck({"despair": 1}), finished_quests={"dragonn"})
    with pytest.raises(ValueError, match="expansion"):
        DeckPosition(Deck({"despair": 1}), merlin_on={"grail"})
    with pytest.raises(ValueError, match="empty"):
        DeckPosition(Deck({}))
    with pytest.raises(ValueError, match="rebuild_mode"):
        RebuildRules(rebuild_mode="sometimes")
    pos = DeckPosition(Deck({"despair": 3}))
    with pytest.raises(ValueError, match="horizon"):
        next_rebuild(pos, {0: Half, 1: Half})
    with pytest.raises(ValueError, match="turns"):
        forecast(pos, {1: 1}, 0)
    with pytest.raises(ValueError, match="unicorn"):
        forecast(pos, {1: 1}, 2, cards="unicorn")


def _simulate_witches(deck: Deck, mix, turns: int, trials: int, seed: int) -> Fraction:
    """Plain simulation on the 90-card deck: mean number of witches drawn in ``turns`` turns,
    with the First Witch's rebuild (draw pile + discards)."""
    rng = random.Random(seed)
    ks, ws = list(mix), [float(mix[k]) for k in mix]
    total = 0
    for _ in range(trials):
        pile = list(deck)
        rng.shuffle(pile)
        disc: list[str] = []
        for _t in range(turns):
            for _ in range(rng.choices(ks, ws)[0]):
                card = pile.pop()
                total += card.startswith("morgan_witch")
                disc.append(card)
                if card == "morgan_witch_1":
                    pile += disc
                    disc = []
                    rng.shuffle(pile)
                if not pile:
                    pile, disc = disc, []
                    rng.shuffle(pile)
    return Fraction(total, trials)


def test_simulation_agrees_on_the_real_90_card_black_deck() -> None:
    deck = standard_deck("black", expansion=True)
    mix = {1: Fraction(2, 3), 2: Fraction(1, 3)}
    witches = [f"morgan_witch_{i}" for i in range(1, 8)]
    # the simulation keeps one deck: the default 77-card white pile cannot run out in 10 turns
    one_deck = RebuildRules(both_decks=False)
    fc = forecast(DeckPosition(deck, expansion=True), mix, 10, cards=witches, rules=one_deck)
    mean = sum(k * p for k, p in fc.count.items())
    sim = _simulate_witches(deck, mix, 10, 4000, seed=5)
    assert abs(float(sim - mean)) < 0.08  # sd ~ 1, se ~ 0.016


# --- properties -------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

piles = st.fixed_dictionaries(
    {
        "despair": st.integers(0, 3),
        "picts": st.integers(0, 3),
        "excalibur": st.integers(0, 2),
        "morgan_witch_1": st.integers(0, 1),
        "morgan_witch_2": st.integers(0, 1),
    }
).filter(lambda d: sum(d.values()) > 0)
mixes = st.sampled_from(
    [
        {1: Fraction(1)},
        {1: Half, 2: Half},
        {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)},
    ]
)


@settings(max_examples=40, deadline=None)
@given(piles, mixes, st.booleans(), st.booleans())
def test_next_rebuild_is_a_distribution_and_more_names_see_more(
    pile: dict[str, int], mix: dict[int, Fraction], expansion: bool, witch: bool
) -> None:
    pos = DeckPosition(
        Deck(pile), Deck({"picts": 2}), finished_quests={"grail"}, expansion=expansion
    )
    rules = RebuildRules(first_witch=witch)
    one = next_rebuild(pos, mix, cards=["despair"], rules=rules)
    two = next_rebuild(pos, mix, cards=["despair", "picts"], rules=rules)
    assert sum(one.by_turn.values()) + one.unresolved == 1
    assert sum(one.by_cause.values()) + one.unresolved == 1
    assert 0 <= one.seen_before <= two.seen_before <= 1


@settings(max_examples=25, deadline=None)
@given(piles, mixes, st.integers(1, 4))
def test_forecast_marginals_sum_to_one_and_counts_grow_with_turns(
    pile: dict[str, int], mix: dict[int, Fraction], turns: int
) -> None:
    pos = DeckPosition(Deck(pile), finished_quests={"grail"}, expansion=True)
    fc = forecast(pos, mix, turns, cards=["despair"])
    later = forecast(pos, mix, turns + 1, cards=["despair"])
    for dist in (fc.count, fc.rebuilds, fc.engines):
        assert sum(dist.values()) == 1
    mean = sum(k * p for k, p in fc.count.items())
    assert sum(k * p for k, p in later.count.items()) >= mean


# --- issue 12: the expansion's rebuild rules ---------------------------------------------------


def _oracle_two_decks(draw, discard, *, mix, turns, white_pile, white_rebuilt, white_mix):
    """Every black card choice with the white pile tracked by size (JA): any black rebuild
    (exhausted or the First Witch, JA witches 1st) rebuilds the white pile before the turn's
    white draws; the white pile running out rebuilds both. Returns {rebuilds: p}."""
    out: dict[int, Fraction] = {}

    def draw_black(pile, disc, white, p, reb, rebuilt_now, turn, left):
        if left == 0 or not pile:
            draw_white(pile, disc, white, p, reb, rebuilt_now, turn)
            return
        for i, card in enumerate(pile):
            rest = pile[:i] + pile[i + 1 :]
            d = [*disc, card]
            cause = False
            if card == "morgan_witch_1":
                rest, d, cause = rest + d, [], True
            if not rest:
                rest, d, cause = d, [], True
            draw_black(
                rest, d, white, p / len(pile), reb + cause, rebuilt_now or cause, turn, left - 1
            )

    def draw_white(pile, disc, white, p, reb, rebuilt_now, turn):
        if rebuilt_now:
            white = white_rebuilt
        for kw, qw in white_mix.items():
            if kw >= white:  # the white pile runs out: both decks are rebuilt
                end_turn(
                    pile + disc, [], max(white_rebuilt - (kw - white), 1), p * qw, reb + 1, turn
                )
            else:
                end_turn(pile, disc, white - kw, p * qw, reb, turn)

    def end_turn(pile, disc, white, p, reb, turn):
        if turn == turns:
            out[reb] = out.get(reb, Fraction(0)) + p
            return
        for k, q in mix.items():
            draw_black(pile, disc, white, p * q, reb, False, turn + 1, k)

    end_turn(list(draw), list(discard), white_pile, Fraction(1), 0, 0)
    return dict(sorted(out.items()))


def test_first_witch_rebuilds_the_white_pile_too() -> None:
    # JA witches, 1st: the white and the black piles are rebuilt at once. A 2-card white pile
    # drawing 1 a turn runs out in turn 2 unless the First Witch rebuilt it to 5 cards first.
    draw, discard = ["morgan_witch_1", "picts", "saxons"], ["despair"]
    other = OtherDeck(pile=2, rebuilt=5, draws_per_turn={1: 1})
    pos = _position(draw, discard, set(), True, set())
    fc = forecast(pos, {1: 1}, 4, rules=RebuildRules(other_deck=other))
    want = _oracle_two_decks(
        draw, discard, mix={1: 1}, turns=4, white_pile=2, white_rebuilt=5, white_mix={1: 1}
    )
    assert fc.rebuilds == want
    # the old forecast (white pile left as it was) gave P(1 rebuild) = 1/6, not 5/12
    assert want[1] == Fraction(5, 12)
    assert sum(want.values()) == 1


def test_two_first_witches_next_rebuild_matches_every_ordering() -> None:
    # two First Witches among four cards, one draw a turn: a witch is on top with 2/4 = 1/2
    draw = ["morgan_witch_1", "morgan_witch_1", "despair", "picts"]
    pos = _position(draw, [], set(), False, set())
    nr = next_rebuild(pos, {1: 1}, cards="despair")
    _, first = _oracle(
        draw,
        [],
        finished=set(),
        expansion=False,
        merlin=set(),
        mix={1: 1},
        turns=5,
        target={"despair"},
    )
    by_turn: dict[int, Fraction] = {}
    for (turn, _cause), p in first.items():
        by_turn[turn] = by_turn.get(turn, Fraction(0)) + p
    assert nr.by_turn[1] == Half
    assert nr.by_turn == by_turn
    # despair before either witch: it comes first of the three (D, W, W) with 1/3
    assert nr.seen_before == Fraction(1, 3)


def test_expansion_rebuilds_both_decks_by_default() -> None:
    from camelot_rules.odds.rebuilds import default_other_deck

    black = standard_deck("black", expansion=True)
    mix = {1: Fraction(1, 2), 2: Fraction(1, 2)}
    pos = DeckPosition(black.without("morgan_witch_1"), expansion=True)
    default = next_rebuild(pos, mix)
    explicit = next_rebuild(pos, mix, rules=RebuildRules(other_deck=default_other_deck("black")))
    one_deck = next_rebuild(pos, mix, rules=RebuildRules(both_decks=False))
    assert (default.by_turn, default.by_cause) == (explicit.by_turn, explicit.by_cause)
    assert default.by_cause["other_deck"] > 0
    assert one_deck.by_cause == {"exhausted": 1}
    assert any("rebuilt together" in line for line in default.options)
    # deck.reshuffle-both: the base game rebuilds both too (RB p.10, p.13), as the engine does;
    # the one-deck reading is the variant both_decks=False
    base = DeckPosition(standard_deck("black"))
    assert next_rebuild(base, mix).by_cause["other_deck"] > 0
    assert next_rebuild(base, mix, rules=RebuildRules(both_decks=False)).by_cause == {
        "exhausted": 1
    }
