"""Helpers shared by the independent scenario tests (rulebook, Book of Quests, JA seed).

They read the game only through the public surface: ``observation``, ``legal_actions``,
``apply``. Import the autouse ``_time_limit`` fixture into a test module to use it.
"""

from __future__ import annotations

import signal

import pytest

from camelot_rules.engine import IllegalActionError
from camelot_rules.engine.actions import FightEngine


@pytest.fixture(autouse=True)
def _time_limit():
    """A scenario is a handful of steps: one stuck in a loop fails instead of hanging the run.
    The limit is 20 s of CPU time (a scenario needs milliseconds), not 20 s on the clock: a
    busy machine does not fail it."""

    def stuck(signum, frame):
        raise TimeoutError("scenario used more than 20 s of CPU time (an endless loop?)")

    previous = signal.signal(signal.SIGPROF, stuck)
    signal.setitimer(signal.ITIMER_PROF, 20)
    yield
    signal.setitimer(signal.ITIMER_PROF, 0)
    signal.signal(signal.SIGPROF, previous)


def obs(state, seat=0):
    return state.observation(seat)


def _at(mapping, seat, default=None):
    """Observation maps keyed by seat (int keys, or str keys after a JSON round trip)."""
    if seat in mapping:
        return mapping[seat]
    return mapping.get(str(seat), default)


def life(state, seat):
    return _at(obs(state)["life"], seat)


def hand(state, seat):
    return {card: n for card, n in obs(state, seat)["hand"].items() if n}


def size(state, seat):
    return _at(obs(state)["hand_sizes"], seat, 0)


def where(state, seat):
    return _at(obs(state)["location"], seat)


def board(state, seat=0):
    return obs(state, seat)["quests"]


def decks(state):
    return obs(state)["decks"]


def swords(state):
    return obs(state)["white_swords"], obs(state)["black_swords"]


def assert_illegal(state, action):
    assert action not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(action)


def choose(action, seat=None):
    """A ``settle`` preference: take ``action`` when offered (to ``seat``, if given)."""
    return lambda who, a: a == action and (seat is None or who == seat)


def fight_engine(state, *values):
    for action in state.legal_actions():
        if isinstance(action, FightEngine) and sorted(action.values) == sorted(values):
            return state.step(action)
    return state.step(FightEngine(tuple(values)))
