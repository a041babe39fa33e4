"""Policies: who chooses what, from what a player may see.

A policy is any object with ``choose(observation, actions, rng) -> action``: ``observation`` is
a read-only mapping with the keys and values of ``state.observation(seat)`` for the seat that
must decide (its own hand and loyalty card, the public board - never another hand; the
simulations pass the engine's lazily built ``ObservationView``; ``dict(view)`` makes a dict),
``actions`` the legal actions, ``rng`` a seeded ``random.Random``. Write your own the same
way and pass it to :func:`simulate_games`.

The two heuristics (:mod:`camelot_rules.sim.heuristic`; what they weigh in
:mod:`camelot_rules.sim.judgement`) are plain and explained choice by choice; they are not
strong play (:mod:`camelot_rules.sim.search` plays on top of them). The loyal heuristic's
win rates at 5 players, 1,000 seeded games each (seed 11,
``summarize(simulate_games(GameConfig.of(5, ...), n=1000, seed=11))["knights_win"]``): base
without a traitor 18.3% [15.9, 20.8], base with the standard traitor 7.3% [5.8, 9.1],
Merlin's Company 1.4% [0.9, 2.0] (2,000 games, seeds 11 and 12; before its tuning 0.3% of
the 1,000 of seed 11). Their parameters are fields, so a sweep can vary them. They name the
actions they return as ``made(Move, "grail")``, the engine's shared object for that action
(an ``in actions`` test then finds it at once); ``Move("grail")`` is equal, and is what your
own policy may write (the classes are in ``camelot_rules.engine.actions``; the heuristics'
modules import them by name: read through a module alias, as ``A.Move``, a class costs an
attribute lookup on every use in the compiled engine).

This module gathers the policies' public names; they live in
:mod:`camelot_rules.sim.policy_base` (the protocol, the random policy),
:mod:`camelot_rules.sim.judgement`, :mod:`camelot_rules.sim.knight_values` and
:mod:`camelot_rules.sim.heuristic`.
"""

from __future__ import annotations

from camelot_rules.sim.heuristic import LoyalHeuristic, TraitorHeuristic
from camelot_rules.sim.judgement import (
    card_worth,
    combat_plan,
    draw_harm,
    siege_cards,
    travel_risk,
)
from camelot_rules.sim.policy_base import Policy, RandomPolicy

__all__ = [
    "LoyalHeuristic",
    "Policy",
    "RandomPolicy",
    "TraitorHeuristic",
    "card_worth",
    "combat_plan",
    "draw_harm",
    "siege_cards",
    "travel_risk",
]
