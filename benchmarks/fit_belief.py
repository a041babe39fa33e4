"""Measure the likelihood ratios of the knights' belief about the traitor
(camelot_rules/sim/determinize.py, LIKELIHOOD).

Usage: .venv/bin/python benchmarks/fit_belief.py [--games N] [--seed S]

Plays ``N`` games (default 400) of 5 players with the standard traitor deal, in the base box
and in Merlin's Company, with the heuristic policies, and counts each public kind of choice
(:func:`camelot_rules.sim.determinize.public_kind`) made by loyal knights and by traitors when
more than one action was legal. Within each moment (the evil step, the first heroic action,
the second, a Merlin pledge, a black card's face) the ratio P(kind | traitor) /
P(kind | loyal) is printed, with one added to every count (so a kind never seen on one side
gets a finite ratio), and the dict to paste into LIKELIHOOD, each ratio held within [1/4, 4]
(deterministic heuristics make some kinds one side's only: a real player can make them).
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from camelot_rules.engine.actions import Action
from camelot_rules.engine.state import GameState
from camelot_rules.engine.views import observation_view
from camelot_rules.sim import GameConfig, Policies
from camelot_rules.sim.determinize import public_kind
from camelot_rules.sim.games import game_seed, play_game
from camelot_rules.sim.heuristic import LoyalHeuristic, TraitorHeuristic

COUNTS: dict[str, Counter[str]] = {"loyal": Counter(), "traitor": Counter()}


class Counting:
    """A heuristic that counts the public kind of each of its choices."""

    searches = True

    def __init__(self, policy: Any) -> None:
        self.policy = policy

    def choose(self, obs: Mapping[str, Any], actions: Sequence[Action], rng: Any) -> Action:
        return self.policy.choose(obs, actions, rng)  # type: ignore[no-any-return]

    def decide(
        self,
        s: GameState,
        seat: int,
        legal: Sequence[Action],
        rng: random.Random,
        dealer: Any,
        record: Any,
    ) -> Action:
        action = self.policy.choose(observation_view(s, seat), legal, rng)
        kind = public_kind(s, seat, action)
        if kind is not None:
            COUNTS[s.loyalty[seat]][kind] += 1
        return action  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=202)
    args = parser.parse_args()
    policies = Policies(Counting(LoyalHeuristic()), Counting(TraitorHeuristic()))  # type: ignore[arg-type]
    for expansion in (False, True):
        config = GameConfig.of(5, expansion=expansion)
        for g in range(args.games):
            play_game(config, policies, game_seed(args.seed, g))
    kinds = sorted(set(COUNTS["loyal"]) | set(COUNTS["traitor"]))
    moments = sorted({k.split(":")[0] for k in kinds})
    ratios = {}
    for moment in moments:
        mine = [k for k in kinds if k.startswith(moment + ":")]
        tot = {side: sum(COUNTS[side][k] + 1 for k in mine) for side in COUNTS}
        for k in mine:
            p_t = (COUNTS["traitor"][k] + 1) / tot["traitor"]
            p_l = (COUNTS["loyal"][k] + 1) / tot["loyal"]
            ratios[k] = min(4.0, max(0.25, p_t / p_l))
            print(
                f"{k:22} loyal {COUNTS['loyal'][k]:6}  traitor {COUNTS['traitor'][k]:5}  "
                f"ratio {p_t / p_l:.3f}"
            )
    print("{" + ", ".join(f'"{k}": {v:.3f}' for k, v in ratios.items()) + "}")


if __name__ == "__main__":
    main()
