"""Invariants of the rules engine, checked at every step of many games.

Three parts:

* a Hypothesis state machine that walks games from ``new_game(players, seed=...)`` choosing
  each decision and each chance outcome by index, and checks every invariant after every step;
* 300 seeded random-policy games played to the end (players 3-7 cycling, seeds 0..299; the first
  30 in the unit tier, the rest in the slow tier, see tests/conftest.py), with the
  cheap invariants at every step and the expensive ones (JSON, every seat's view) every
  ``_DEEP_EVERY`` steps, plus determinism: the same seed gives the same game, and replaying
  ``history()`` from the unseeded ``new_game(players)`` gives the final state exactly;
* illegal actions: actions legal elsewhere but not here raise ``IllegalActionError`` (a
  ``ValueError``) naming the action and a rule id, and leave the state unchanged.

The invariants (``check_state``): every card of the box counted exactly once (card census); life
0..6, siege engines 0..12, swords 0..16 with fewer than 7 black and 12 in all unless the game is
over; a decision has legal actions and a current player; chance outcomes are Fractions summing
to exactly 1; a JSON round trip gives an equal state with the same legal actions; a player's
observation is JSON-able and depends on another seat's hand only through its size; a finished
game has a ``result()`` with a known cause.
"""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from camelot_rules.data.decks import standard_deck
from camelot_rules.engine import (
    Action,
    GameState,
    IllegalActionError,
    Outcome,
    from_json,
    new_game,
    position,
    random_step,
)
from camelot_rules.engine.actions import Draw, DrawBlack
from camelot_rules.engine.flow import chance_weights
from camelot_rules.engine.state import SLOTS

WHITE_BOX = dict(standard_deck("white").counts)
BLACK_BOX = dict(standard_deck("black").counts)
WHITE_NAMES = frozenset(WHITE_BOX)
CAUSES = frozenset({"12 swords", "7 black swords", "12 siege engines", "all knights dead"})
RULE_IN_MESSAGE = re.compile(r"\(rule [a-z][a-z0-9_]*(?:[.-][a-z0-9_]+)+\)")

GAMES = 300
QUICK_GAMES = 30  # make check plays these; make test all of them
_DEEP_EVERY = 25  # JSON round trip, every seat's view, to_json before/after: every 25th step


# --- the invariants -----------------------------------------------------------------------------
def check_census(s: GameState) -> None:
    census = s.card_census()
    assert census["white"] == WHITE_BOX, _diff(census["white"], WHITE_BOX, s)
    assert census["black"] == BLACK_BOX, _diff(census["black"], BLACK_BOX, s)


def _diff(got: dict[str, int], box: dict[str, int], s: GameState) -> str:
    wrong = {k: (got.get(k), box.get(k)) for k in set(got) | set(box) if got.get(k) != box.get(k)}
    return f"census (counted, box) {wrong} at {s!r}; last step {s.last_step}; pending {s.pending}"


def check_counters(s: GameState) -> None:
    assert all(0 <= life <= 6 for life in s.life), s.life
    assert 0 <= s.engines <= 12, (s.engines, s.last_step)
    assert s.wsw >= 0 and s.bsw >= 0 and s.wsw + s.bsw <= 16, (s.wsw, s.bsw)
    if not s.is_terminal():
        assert s.bsw < 7, (s.bsw, s)
        assert s.wsw + s.bsw < 12, (s.wsw, s.bsw, s)
        assert s.engines < 12, (s.engines, s)


def check_moment(s: GameState) -> None:
    """Exactly one of terminal / chance / decision, each well formed."""
    if s.is_terminal():
        assert not s.is_chance() and s.legal_actions() == [] and s.current_player is None
        result = s.result()
        assert isinstance(result.knights_win, bool)
        assert result.cause in CAUSES, result.cause
        return
    if s.is_chance():
        assert s.legal_actions() == [] and s.current_player is None
        outcomes = s.chance_outcomes()
        assert outcomes, s
        assert all(isinstance(o, Outcome) for o, _ in outcomes)
        assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        assert len({o for o, _ in outcomes}) == len(outcomes), "an outcome listed twice"
        return
    actions = s.legal_actions()
    assert actions, f"a decision with no legal action: {s!r} pending {s.pending}"
    assert all(isinstance(a, Action) for a in actions)
    assert len(set(actions)) == len(actions), "an action listed twice"
    seat = s.current_player
    assert isinstance(seat, int) and 0 <= seat < s.players, seat


def check_json(s: GameState) -> None:
    text = s.to_json()
    back = from_json(text)
    assert back == s
    assert hash(back) == hash(s)
    assert back.to_json() == text
    assert back.history() == s.history()
    assert back.legal_actions() == s.legal_actions()
    assert back.is_chance() == s.is_chance()
    if s.is_chance():
        assert back.chance_outcomes() == s.chance_outcomes()


def _hand_shaped_dicts(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths of the non-empty dicts keyed by white card names only (a hand's shape)."""
    out: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        if value and all(k in WHITE_NAMES for k in value):
            out.append(path)
        for k, v in value.items():
            if isinstance(v, dict | list):
                out += _hand_shaped_dicts(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if isinstance(v, dict | list):
                out += _hand_shaped_dicts(v, (*path, i))
    return out


def _other_hands_changed(s: GameState, seat: int) -> GameState:
    """A twin of ``s`` where every other seat holds different cards, hand sizes kept."""
    twin = s._clone()
    hands = tuple(
        hand if i == seat or not any(hand) else (*hand[1:], hand[0])
        for i, hand in enumerate(s.hands)
    )
    twin._set(hands=hands)  # object.__setattr__ is refused on a mypyc-compiled GameState
    return twin


def check_observation(s: GameState, seat: int, *, twin: bool) -> None:
    """``twin``: also look for hand-shaped values anywhere in the view, and check that changing
    the other seats' cards (not their numbers) changes nothing in it."""
    obs = s.observation(seat)
    json.dumps(obs)
    assert obs["hand"] == s.hand(seat)
    assert obs["hand_sizes"] == {i: sum(s.hand(i).values()) for i in range(s.players)}
    assert obs["loyalty"] in (None, s.loyalty[seat] or None)
    if not twin:
        return
    hands_seen = _hand_shaped_dicts(obs)
    assert hands_seen in ([], [("hand",)]), f"seat {seat} sees hands at {hands_seen}"
    if any(any(h) for i, h in enumerate(s.hands) if i != seat):
        # other hands enter the view only through their sizes
        assert _other_hands_changed(s, seat).observation(seat) == obs, (seat, s)


def check_state(s: GameState, *, deep: bool = True, seat: int | None = None) -> None:
    """Every invariant of one state; ``deep=False`` leaves out JSON and all but one seat's view."""
    check_census(s)
    check_counters(s)
    check_moment(s)
    if deep:
        check_json(s)
        for p in range(s.players):
            check_observation(s, p, twin=True)
    else:
        check_observation(s, s.turn if seat is None else seat, twin=False)


def checked_step(s: GameState, move: Action | Outcome, *, deep: bool) -> GameState:
    """Apply ``move`` and check the old state did not change and the history grew by it."""
    before = s.to_json() if deep else None
    slots = tuple(getattr(s, name) for name in SLOTS)
    new = s.step(move)
    assert new is not s
    # == (not "is"): mypyc stores fixed-length tuple fields unboxed and boxes a new tuple per read
    assert all(a == b for a, b in zip(slots, (getattr(s, name) for name in SLOTS))), (
        f"apply changed the old state: {move}"
    )
    if before is not None:
        assert s.to_json() == before, f"apply changed the old state: {move}"
        assert new.history() == [*s.history(), move]
    else:
        assert new.hist is not None and new.hist[0] is s.hist and new.hist[1] == move
    return new


def pick_move(s: GameState, index: int) -> Action | Outcome:
    if s.is_chance():
        outcomes = s.chance_outcomes()
        return outcomes[index % len(outcomes)][0]
    actions = s.legal_actions()
    return actions[index % len(actions)]


def random_move(s: GameState, rng: random.Random) -> Action | Outcome:
    """The move ``random_step(s, rng)`` makes, with the same draws from ``rng``."""
    if s.is_chance():
        outcomes, weights = chance_weights(s)
        pick = rng.randrange(sum(weights))
        for outcome, w in zip(outcomes, weights):
            if pick < w:
                return outcome
            pick -= w
        raise AssertionError("unreachable")
    actions = s.legal_actions()
    return actions[rng.randrange(len(actions))]


def late_position(players: int, seed: int) -> GameState:
    """A hand-built position late in a game (swords and engines on the board, a traitor or
    none, five random white cards each, random life): random play from the start of a game
    almost never reaches the 12-swords ending; from these positions it does."""
    rng = random.Random(seed)
    loyalty = ["loyal"] * players
    traitor = rng.randrange(players + 1)
    if traitor < players:
        loyalty[traitor] = "traitor"
    black = rng.randrange(7)
    white = rng.randrange(12 - black)
    cards = sorted(name for name, n in WHITE_BOX.items() for _ in range(n))
    rng.shuffle(cards)
    hands: dict[int, dict[str, int]] = {}
    for seat in range(players):
        hand = hands.setdefault(seat, {})
        for _ in range(5):
            card = cards.pop()
            hand[card] = hand.get(card, 0) + 1
    return position(
        players,
        loyalty=loyalty,
        hands=hands,
        life={seat: rng.randint(1, 6) for seat in range(players)},
        turn=rng.randrange(players),
        white_swords=white,
        black_swords=black,
        siege_engines=rng.randrange(12),
    )


# --- the state machine --------------------------------------------------------------------------
class EngineMachine(RuleBasedStateMachine):
    """Walk a game by index choices; every invariant after every step."""

    state: GameState

    @initialize(players=st.integers(3, 7), seed=st.integers(0, 2**20), late=st.booleans())
    def start(self, players: int, seed: int, late: bool) -> None:
        self.state = late_position(players, seed) if late else new_game(players, seed=seed)

    @precondition(lambda self: not self.state.is_terminal())
    @rule(index=st.integers(0, 10**6))
    def step(self, index: int) -> None:
        self.state = checked_step(self.state, pick_move(self.state, index), deep=True)

    @precondition(lambda self: not self.state.is_terminal())
    @rule(steps=st.integers(1, 80), seed=st.integers(0, 2**20))
    def run_ahead(self, steps: int, seed: int) -> None:
        """Random steps (cheap checks each) to reach late positions and the end of games."""
        rng = random.Random(seed)
        s = self.state
        for _ in range(steps):
            if s.is_terminal():
                break
            s = checked_step(s, random_move(s, rng), deep=False)
            check_state(s, deep=False)
        self.state = s

    @precondition(lambda self: self.state.is_terminal())
    @rule(players=st.integers(3, 7), seed=st.integers(0, 2**20), late=st.booleans())
    def restart(self, players: int, seed: int, late: bool) -> None:
        self.start(players, seed, late)

    @invariant()
    def invariants_hold(self) -> None:
        check_state(self.state, deep=True)


# the test profile (tests/conftest.py) is derandomized without a deadline; said again here
class TestEngineMachine(EngineMachine.TestCase):
    """10 walks for make check (a few seconds)."""

    settings = settings(max_examples=10, stateful_step_count=30, deadline=None, derandomize=True)


@pytest.mark.slow
class TestEngineMachineFull(EngineMachine.TestCase):
    """The full 60 walks, for make test."""

    settings = settings(max_examples=60, stateful_step_count=30, deadline=None, derandomize=True)


# --- seeded random-policy games -----------------------------------------------------------------
def play_checked(players: int, seed: int) -> GameState:
    """A seeded random-policy game to the end, invariants at every step."""
    rng = random.Random(seed)
    s = new_game(players, seed=seed)
    check_state(s, deep=True)
    k = 0
    while not s.is_terminal():
        deep = k % _DEEP_EVERY == 0
        s = checked_step(s, random_move(s, rng), deep=deep)
        k += 1
        check_state(s, deep=k % _DEEP_EVERY == 0, seat=k % players)
    check_state(s, deep=True)
    return s


@pytest.mark.parametrize(
    "seed",
    [pytest.param(s, marks=pytest.mark.slow) if s >= QUICK_GAMES else s for s in range(GAMES)],
)
def test_random_game(seed: int) -> None:
    players = 3 + seed % 5
    final = play_checked(players, seed)
    # same seed, same game
    again = play_random_plain(players, seed)
    assert again.history() == final.history()
    assert again.result() == final.result()
    assert again == final
    # the history replayed from the chance state before the deal gives the same final state
    s = new_game(players)
    assert s.is_chance()
    for move in final.history():
        s = s.step(move)
    assert s == final
    assert s.to_json() == final.to_json()
    assert s.result() == final.result()


def play_random_plain(players: int, seed: int) -> GameState:
    rng = random.Random(seed)
    s = new_game(players, seed=seed)
    while not s.is_terminal():
        s = random_step(s, rng)
    return s


@pytest.mark.parametrize("seed", range(60))
def test_random_game_from_late_position(seed: int) -> None:
    players = 3 + seed % 5
    rng = random.Random(seed)
    s = late_position(players, seed)
    check_state(s, deep=True)
    k = 0
    while not s.is_terminal():
        s = checked_step(s, random_move(s, rng), deep=k % _DEEP_EVERY == 0)
        k += 1
        check_state(s, deep=k % _DEEP_EVERY == 0, seat=k % players)
    check_state(s, deep=True)


def test_late_positions_reach_every_ending() -> None:
    causes = set()
    for seed in range(60):
        rng = random.Random(seed)
        s = late_position(3 + seed % 5, seed)
        while not s.is_terminal():
            s = random_step(s, rng)
        causes.add(s.result().cause)
    assert causes == CAUSES


def test_twelfth_engine_caps_the_count() -> None:
    """RB p.11/BoQ p.16: the 12th siege engine ends the game; the box holds 12 engines."""
    s = position(4, siege_engines=11, black_top=["morgan_4"]).apply(DrawBlack())
    s = s.apply_chance(Draw("black", "morgan_4"))
    assert s.result().cause == "12 siege engines"
    assert s.engines == 12
    assert s.result().siege_engines == 12


# --- illegal actions ----------------------------------------------------------------------------
def _sample_positions() -> list[GameState]:
    out = []
    for seed in range(20):
        rng = random.Random(1000 + seed)
        s = new_game(3 + seed % 5, seed=1000 + seed)
        k = 0
        while not s.is_terminal():
            if k % 9 == 0:
                out.append(s)
            s = random_step(s, rng)
            k += 1
        out.append(s)
    return out


def _check_illegal(s: GameState, move: Action | Outcome, *, deep: bool = False) -> None:
    before = s.to_json() if deep else None
    slots = tuple(getattr(s, name) for name in SLOTS)
    with pytest.raises(IllegalActionError) as info:
        s.step(move)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.action == move
    assert str(move) in str(err), (str(move), str(err))
    assert RULE_IN_MESSAGE.search(str(err)), str(err)
    assert f"(rule {err.rule_id})" in str(err)
    # == (not "is"): mypyc stores fixed-length tuple fields unboxed and boxes a new tuple per read
    assert all(a == b for a, b in zip(slots, (getattr(s, name) for name in SLOTS)))
    if before is not None:
        assert s.to_json() == before


def test_illegal_actions_raise_and_change_nothing() -> None:
    positions = _sample_positions()
    action_pool: set[Action] = set()
    outcome_pool: set[Outcome] = set()
    for s in positions:
        action_pool.update(s.legal_actions())
        if s.is_chance():
            outcome_pool.update(o for o, _ in s.chance_outcomes())
    actions = sorted(action_pool, key=repr)
    outcomes = sorted(outcome_pool, key=repr)
    rng = random.Random(0)
    checked = 0
    for s in positions:
        legal = set(s.legal_actions())
        for j, a in enumerate(rng.sample(actions, 8)):
            if a not in legal:
                _check_illegal(s, a, deep=j == 0)
                checked += 1
        if s.is_chance():
            possible = {o for o, _ in s.chance_outcomes()}
            for o in rng.sample(outcomes, 4):
                if o not in possible:
                    _check_illegal(s, o)
                    checked += 1
        elif s.is_terminal():
            _check_illegal(s, rng.choice(outcomes))
    assert checked > 1000
    # a decision is never taken as a chance outcome and the other way round
    decision = next(s for s in positions if not s.is_chance() and not s.is_terminal())
    chance = next(s for s in positions if s.is_chance())
    _check_illegal(decision, outcomes[0])
    _check_illegal(chance, actions[0])
