"""Fit the search's position evaluation (camelot_rules/sim/evaluate.py) to heuristic games.

Usage: .venv/bin/python benchmarks/fit_evaluation.py [--games N] [--seed S] [--workers W]

Plays ``N`` games (default 300) with the heuristic policies for every player count (the loyal
knights take a random action at a turn's choice with chance ``--eps``, default 0.1), with the
standard traitor deal and without a traitor, in the base box (3-7 players) and in Merlin's
Company (3-8). The features of the first state of every turn are kept with the game's result
(did the loyal knights win). One logistic model per box is fitted by maximum likelihood
(Newton's method, a small ridge penalty 1e-3 on every weight but the bias) on four games in
five; the fifth game of each five is held out and the script prints, for it, the log-loss of
the model against that of the constant base rate, and the area under the ROC curve. The last
lines are the two weight tuples to paste into ``_WEIGHTS_BASE`` and ``_WEIGHTS_EXPANSION``.

``--traitor-engines R`` deals the games' traitor as ``win_rates.HiddenEngineTraitor(rate=R)``,
who adds a siege engine at that share of his hidden evil steps, as the search traitor does (at
84% at 7 players); ``--base-only`` fits the base box alone. Issue 30 tried the weights of
``--games 800 --workers 2 --base-only --traitor-engines 0.84`` in the search (notebook 10):
they won no more games.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from win_rates import HiddenEngineTraitor

from camelot_rules.engine.actions import Action
from camelot_rules.engine.state import GameState
from camelot_rules.sim import GameConfig, Policies
from camelot_rules.sim.evaluate import FEATURES, features
from camelot_rules.sim.games import game_seed, play_game
from camelot_rules.sim.heuristic import LoyalHeuristic, TraitorHeuristic
from camelot_rules.sim.runner import run_tasks


class Jitter:
    """The loyal heuristic, but at a turn's choice (the evil step, a heroic action) any legal
    action, uniformly, with chance ``eps``: positions the heuristic alone would not reach
    (a life given up for nothing, a card kept) teach the model what they cost."""

    def __init__(self, eps: float) -> None:
        self.eps = eps
        self.loyal = LoyalHeuristic()

    def choose(self, obs: Mapping[str, Any], actions: Sequence[Action], rng: Any) -> Action:
        if obs["phase"] in ("evil", "heroic") and rng.random() < self.eps:
            return actions[rng.randrange(len(actions))]
        return self.loyal.choose(obs, actions, rng)


def _games(
    task: tuple[GameConfig, int, range, float, float],
) -> list[tuple[int, list[list[float]], bool]]:
    config, seed, games, eps, engines = task
    out = []
    loyal = Jitter(eps) if eps else LoyalHeuristic()
    traitor = HiddenEngineTraitor(rate=engines) if engines else TraitorHeuristic()
    policies = Policies(loyal, traitor)  # type: ignore[arg-type]
    for g in games:
        rows: list[list[float]] = []

        def watch(s: GameState, rows: list[list[float]] = rows) -> None:
            rows.append(features(s))

        end = play_game(config, policies, game_seed(seed, g), watch=watch)
        out.append((g, rows, end.result().knights_win))
    return out


def _fit(x: Any, y: Any, ridge: float = 1e-3) -> Any:
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], ridge)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return w


def _auc(p: Any, y: Any) -> float:
    order = np.argsort(p)
    ranks = np.empty(len(p))
    ranks[order] = np.arange(1, len(p) + 1)
    pos = y == 1
    n1, n0 = pos.sum(), (~pos).sum()
    if not n1 or not n0:
        return float("nan")
    return float((ranks[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def _logloss(p: Any, y: Any) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--expansion-only", action="store_true")
    parser.add_argument("--eps", type=float, default=0.1, help="the loyal knights' jitter")
    parser.add_argument(
        "--traitor-engines",
        type=float,
        default=0.0,
        help="the hidden traitor adds a siege engine at this share of his evil steps "
        "(win_rates.HiddenEngineTraitor; 0: the traitor heuristic, who never does)",
    )
    parser.add_argument("--base-only", action="store_true")
    args = parser.parse_args()
    boxes = ((False, range(3, 8)), (True, range(3, 9)))
    chosen = boxes[1:] if args.expansion_only else boxes[:1] if args.base_only else boxes
    for expansion, counts in chosen:
        t = time.perf_counter()
        xs: list[list[float]] = []
        ys: list[float] = []
        held: list[bool] = []
        wins = games = 0
        for players in counts:
            for traitor in ("standard", "none"):
                if expansion and players == 8 and traitor == "none":
                    continue  # the engine cannot deal it: 7 loyal cards for 8 (told the lead)
                config = GameConfig.of(players, expansion=expansion, traitor=traitor)
                chunks = [range(k, min(args.games, k + 25)) for k in range(0, args.games, 25)]
                parts = run_tasks(
                    _games,
                    [(config, args.seed, c, args.eps, args.traitor_engines) for c in chunks],
                    [len(c) for c in chunks],
                    workers=args.workers,
                )
                for part in parts:
                    for g, rows, won in part:
                        games += 1
                        wins += won
                        for r in rows:
                            xs.append(r)
                            ys.append(1.0 if won else 0.0)
                            held.append(g % 5 == 0)
        x, y, h = np.array(xs), np.array(ys), np.array(held)
        w = _fit(x[~h], y[~h])
        p = 1 / (1 + np.exp(-(x[h] @ w)))
        base = np.full(h.sum(), y[~h].mean())
        box = "Merlin's Company" if expansion else "base"
        print(
            f"{box}: {games} games ({wins} won), {len(ys)} positions, "
            f"{time.perf_counter() - t:.0f} s; held-out positions {h.sum()}: log-loss "
            f"{_logloss(p, y[h]):.4f} (base rate {_logloss(base, y[h]):.4f}), "
            f"AUC {_auc(p, y[h]):.3f}"
        )
        for name, value in zip(FEATURES, w):
            print(f"  {value:+9.4f}  {name}")
        print("(" + ", ".join(f"{v:.4f}" for v in w) + ")")


if __name__ == "__main__":
    main()
