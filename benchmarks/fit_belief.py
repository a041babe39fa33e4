"""Measure the likelihood ratios of the knights' belief about the traitor
(camelot_rules/sim/determinize.py, LIKELIHOOD).

Usage: .venv/bin/python benchmarks/fit_belief.py [--policies heuristic|search] [--games N]
       [--seed S] [--players P] [--workers W] [--start ratios.json] [--out ratios.json]

Plays ``N`` games (default 400) of ``P`` players (default 5) with the standard traitor deal, in
the base box and in Merlin's Company, with a line-up (:mod:`camelot_rules.sim.lineups`), and
counts each public kind of choice (:func:`camelot_rules.sim.determinize.public_kind`) made by
loyal knights and by traitors when more than one action was legal. Within each moment (the
evil step, the first heroic action, the second, a Merlin pledge, a black card's face) the
ratio P(kind | traitor) / P(kind | loyal) is printed, with one added to every count (so a kind
never seen on one side gets a finite ratio), and the dict to paste into LIKELIHOOD, each
ratio held within [1/4, 4] (deterministic policies make some kinds one side's only: a real
player can make them).

The search line-up reads LIKELIHOOD itself (the knights' worlds, the traitor's caution), so
its fit is a fixed point: ``--start`` loads ratios (a previous ``--out``) into LIKELIHOOD
before the games; repeat until the ratios stop moving. Same seeds, same games, whatever
``--workers``.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from watching import Watched

from camelot_rules.engine.actions import Action
from camelot_rules.engine.state import GameState
from camelot_rules.sim import GameConfig, Policies
from camelot_rules.sim.determinize import LIKELIHOOD, public_kind
from camelot_rules.sim.games import game_seed, play_game
from camelot_rules.sim.lineups import LINEUPS, lineup


def _game(job: tuple[str, int, bool, int, dict[str, float]]) -> dict[str, Counter[str]]:
    """The kinds counted in one game (run in a worker)."""
    name, players, expansion, seed, start = job
    LIKELIHOOD.update(start)
    counts: dict[str, Counter[str]] = {"loyal": Counter(), "traitor": Counter()}

    def seen(s: GameState, seat: int, action: Action, _p: Any, _r: Sequence[Any]) -> None:
        kind = public_kind(s, seat, action)
        if kind is None and s.pending and s.pending[-1][0] == "merlin":
            kind = "merlin:(pass)"  # unseen at the table, counted here to price a pledge
        if kind is not None:
            counts[s.loyalty[seat]][kind] += 1

    base = lineup(name)
    policies = Policies(Watched(base.loyal, seen), Watched(base.traitor, seen))
    play_game(GameConfig.of(players, expansion=expansion), policies, seed)
    return counts


def ratios(counts: dict[str, Counter[str]]) -> dict[str, float]:
    """Each kind's ratio P(kind | traitor) / P(kind | loyal) within its moment, add-one
        smoothed, held within [1/4, 4]; prints the counts. (A Merlin pass is unseen at the table:
    it is counted as ``merlin:(pass)`` only to price a pledge.)"""
    kinds = sorted(set(counts["loyal"]) | set(counts["traitor"]))
    out = {}
    for moment in sorted({k.split(":")[0] for k in kinds}):
        mine = [k for k in kinds if k.startswith(moment + ":")]
        tot = {side: sum(counts[side][k] + 1 for k in mine) for side in counts}
        for k in mine:
            p_t = (counts["traitor"][k] + 1) / tot["traitor"]
            p_l = (counts["loyal"][k] + 1) / tot["loyal"]
            out[k] = round(min(4.0, max(0.25, p_t / p_l)), 3)
            print(
                f"{k:22} loyal {counts['loyal'][k]:6}  traitor {counts['traitor'][k]:5}  "
                f"ratio {p_t / p_l:.3f}"
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--policies", choices=sorted(LINEUPS), default="heuristic")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=202)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--start", type=Path, help="ratios (JSON) to load into LIKELIHOOD first")
    parser.add_argument("--out", type=Path, help="write the ratios here (JSON; not overwritten)")
    args = parser.parse_args()
    if args.out is not None and args.out.exists():
        raise SystemExit(f"--out {args.out}: exists; give a new file")
    start = json.loads(args.start.read_text()) if args.start else {}
    unknown = set(start) - set(LIKELIHOOD)
    if unknown:
        raise SystemExit(f"--start {args.start}: unknown kinds {sorted(unknown)}")
    jobs = [
        (args.policies, args.players, expansion, game_seed(args.seed, g), start)
        for expansion in (False, True)
        for g in range(args.games)
    ]
    counts: dict[str, Counter[str]] = {"loyal": Counter(), "traitor": Counter()}
    with Pool(args.workers) as pool:
        for one in pool.imap(_game, jobs):
            for side in counts:
                counts[side].update(one[side])
    fitted = ratios(counts)
    fitted = {k: v for k, v in fitted.items() if k in LIKELIHOOD}
    print("{" + ", ".join(f'"{k}": {v:.3f}' for k, v in fitted.items()) + "}")
    if args.out is not None:
        args.out.write_text(json.dumps(fitted, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
