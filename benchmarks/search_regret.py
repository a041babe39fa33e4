"""How well the search's ways of scoring a choice pick the best one (its "regret").

Usage: .venv/bin/python benchmarks/search_regret.py [--states N] [--truth K] [--players P]

Takes ``N`` decision positions (default 60: evil steps and heroic actions with at least two
candidates) from games of the heuristic policies (5 players, no traitor), and for each
candidate action its *true* value: the knights' win rate over ``K`` playouts (default 400) of
the heuristic from the true state. Each scoring method then picks a candidate, as the search
would, seeing only what the deciding seat sees (worlds dealt by
:class:`~camelot_rules.sim.determinize.Redeal`); its regret is the true value of the best
candidate less that of its pick, averaged over the positions (0 is perfect; the heuristic's
own choice is the baseline). Run it on the compiled engine (``make compiled``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from camelot_rules.engine import new_game
from camelot_rules.engine.actions import Action
from camelot_rules.engine.flow import decider
from camelot_rules.engine.state import GameState
from camelot_rules.sim import GameConfig, Policies
from camelot_rules.sim.chance import Dealer
from camelot_rules.sim.determinize import Redeal
from camelot_rules.sim.games import game_seed, play_game
from camelot_rules.sim.heuristic import LoyalHeuristic, TraitorHeuristic
from camelot_rules.sim.loop import rollout
from camelot_rules.sim.search import candidates, estimate, searched_moment

LOYAL, TRAITOR = LoyalHeuristic(), TraitorHeuristic()


def _positions(n: int, players: int, seed: int) -> list[GameState]:
    """Every 11th searched decision of heuristic games, replayed from their history."""
    found: list[GameState] = []
    g = 0
    while len(found) < n:
        end = play_game(GameConfig.of(players, traitor="none"), Policies(), game_seed(seed, g))
        s = new_game(players, traitor="none")
        k = 0
        for step in end.history():
            if not s.is_chance() and searched_moment(s) and len(s.legal_actions()) > 1:
                k += 1
                if k % 11 == 0:
                    found.append(s)
            s = s.step(step)
        g += 1
    return found[:n]


def _full(world: GameState, a: Action, seed: int, dealer: Dealer | None) -> float:
    rng = random.Random(seed)
    s = rollout(world.apply(a), LOYAL, TRAITOR, rng, dealer, 1 << 30, 50_000)
    return 1.0 if s.outcome is not None and s.outcome.knights_win else 0.0


def method_eval(
    horizon: int, worlds: int
) -> Callable[[GameState, int, list[Action], random.Random], Action]:
    def pick(s: GameState, seat: int, cands: list[Action], rng: random.Random) -> Action:
        ws = Redeal(s, seat).sample(worlds, rng)
        seeds = [rng.getrandbits(60) for _ in ws]
        scores = [sum(estimate(ws, a, seeds, LOYAL, TRAITOR, horizon)) for a in cands]
        return cands[scores.index(max(scores))]

    return pick


def method_full(worlds: int, dealt: bool, tiebreak: float = 0.0) -> Callable[..., Action]:
    def pick(s: GameState, seat: int, cands: list[Action], rng: random.Random) -> Action:
        ws = Redeal(s, seat).sample(worlds, rng)
        seeds = [rng.getrandbits(60) for _ in ws]
        scores = []
        for a in cands:
            total = 0.0
            for w, seed in zip(ws, seeds):
                total += _full(w, a, seed, Dealer(seed) if dealt else None)
            scores.append(total)
        return cands[scores.index(max(scores))]

    return pick


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--states", type=int, default=60)
    parser.add_argument("--truth", type=int, default=400)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=303)
    args = parser.parse_args()
    t = time.perf_counter()
    states = _positions(args.states, args.players, args.seed)
    rng = random.Random(args.seed)
    table = []
    for s in states:
        seat = decider(s)
        cands = candidates(s, seat, s.legal_actions(), LOYAL, 4)
        seeds = [rng.getrandbits(60) for _ in range(args.truth)]
        truth = [sum(_full(s, a, seed, None) for seed in seeds) / args.truth for a in cands]
        table.append((s, seat, cands, truth))
    print(
        f"{len(table)} positions, truth from {args.truth} playouts each: "
        f"{time.perf_counter() - t:.0f} s; best minus worst candidate, mean "
        f"{statistics.mean(max(v) - min(v) for *_, v in table):.3f}"
    )
    methods: dict[str, Callable[..., Action]] = {
        "heuristic": lambda s, seat, cands, rng: cands[0],
        "eval h5 W8": method_eval(5, 8),
        "eval h10 W8": method_eval(10, 8),
        "eval h15 W8": method_eval(15, 8),
        "full W8 rng": method_full(8, False),
        "full W8 dealt": method_full(8, True),
        "full W16 dealt": method_full(16, True),
    }
    for name, pick in methods.items():
        t = time.perf_counter()
        regrets = []
        mrng = random.Random(1)
        for s, seat, cands, truth in table:
            a = pick(s, seat, list(cands), mrng)
            regrets.append(max(truth) - truth[cands.index(a)])
        print(f"{name:16} regret {statistics.mean(regrets):.4f}  ({time.perf_counter() - t:.1f} s)")


if __name__ == "__main__":
    main()
