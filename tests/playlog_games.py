"""Engine games to test the play-log verifier on: random, heuristic, and steered to rare rules.

Random games end early (every knight dead) and rarely reach a quest's end; the simulations'
heuristic policies play whole games (quests won and lost, Excalibur, the 12th sword); the
*steered* games are the heuristic ones with a rare move taken whenever the rules offer one,
one time in three: Merlin cards given to a cancel, Excalibur given up, special white cards,
volunteers for Morgan, the Grail drunk, captives freed, Percival's peek, Arthur's exchange,
Caradoc's draw, Kay's card, combat cards face down, heals, accusations, sacrifices, travel
demands met. Used by ``tests/logs/test_playlog_replay.py`` and ``benchmarks/bench_playlog.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from camelot_rules.engine import actions as A
from camelot_rules.engine import new_game, play_random
from camelot_rules.engine.state import GameState
from camelot_rules.logs.writer import write_log
from camelot_rules.sim.loop import play
from camelot_rules.sim.policies import LoyalHeuristic, TraitorHeuristic

__all__ = ["KINDS", "game", "game_log", "steered"]

KINDS = ("random", "heuristic", "steered")
_RARE = (
    A.Pledge,
    A.SacrificeExcalibur,
    A.PlaySpecial,
    A.Volunteer,
    A.Drink,
    A.Free,
    A.PeekBlack,
    A.ArthurGive,
    A.CaradocDraw,
    A.KayExtra,
    A.Heal,
    A.Accuse,
    A.Sacrifice,
    A.Pay,
    A.StealFrom,
)


def _rare(action: Any) -> bool:
    if isinstance(action, A.PlayBlack):
        return action.face_down
    if isinstance(action, A.Join):
        return action.go
    if isinstance(action, A.Pledge):
        return action.merlins > 0
    return isinstance(action, _RARE)


class _Steered:
    """A policy that takes a rare move, when one is legal, one time in ``1/share``."""

    def __init__(self, base: Any, share: float) -> None:
        self.base = base
        self.share = share

    def choose(self, observation: Any, actions: Sequence[Any], rng: random.Random) -> Any:
        rare = [a for a in actions if _rare(a)]
        if rare and rng.random() < self.share:
            return rng.choice(rare)
        return self.base.choose(observation, actions, rng)


def steered(players: int, expansion: bool, seed: int, share: float = 1 / 3) -> GameState:
    """A heuristic game with rare moves taken (see the module docstring)."""
    rng = random.Random(seed)
    s = new_game(players, expansion=expansion, seed=seed)
    end = play(
        s, _Steered(LoyalHeuristic(), share), _Steered(TraitorHeuristic(), share), rng, None, 60_000
    )
    if end is None:  # pragma: no cover - a game that does not end
        raise ValueError(f"no end (seed {seed})")
    return end


def game(kind: str, i: int, expansion: bool) -> GameState:
    """Game ``i`` of a kind (``random``, ``heuristic``, ``steered``), 3-7 players (3-8 with
    Merlin's Company), the same for the same arguments."""
    rng = random.Random(f"{kind}/{i}/{expansion}")
    players = rng.choice(range(3, 9 if expansion else 8))
    if kind == "random":
        return play_random(new_game(players, expansion=expansion, seed=i), rng)
    if kind == "heuristic":
        return steered(players, expansion, i, share=0.0)
    return steered(players, expansion, i)


def game_log(kind: str, i: int, expansion: bool) -> str:
    """Game ``i``'s play log, in one of the forms the writer has (hands shown or not, travel
    cards on the move line or their own, the scorekeeper's annotations or not)."""
    return write_log(
        game(kind, i, expansion), hands=i % 2 == 0, inline_travel=i % 3 == 0, annotate=i % 4 != 1
    )
