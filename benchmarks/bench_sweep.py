"""A long sweep of one configuration on the local cores (outside `make test`; issue 15).

Usage: .venv/bin/python benchmarks/bench_sweep.py [--games 100000] [--workers 2] [--players 5]
       [--expansion]

Plays ``--games`` heuristic games of one configuration on ``--workers`` local processes (the
same table as one process would give, game by game: each game has its own seed) and prints the
wall time, games per second, the peak memory of a worker process, and the win rate with its
exact interval. The issue's target: 100,000 games of one configuration within 15 minutes on
this 2-core machine. Fewer games give the rate; the time of 100,000 is then projected from it
(said so in the output). It runs the installed engine: the Python source, or the compiled one
after ``make compiled`` (said in the first line).
"""

from __future__ import annotations

import argparse
import resource
import time

from camelot_rules.base import compiled
from camelot_rules.sim import GameConfig, simulate_games, summarize


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--expansion", action="store_true")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    config = GameConfig.of(args.players, expansion=args.expansion)
    print(f"engine: {compiled.status()['why']}")
    start = time.perf_counter()
    rows = simulate_games(config, n=args.games, seed=args.seed, workers=args.workers, progress=True)
    wall = time.perf_counter() - start
    worker_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    rate = args.games / wall
    print(f"{config.label()}: {args.games:,} games on {args.workers} worker process(es)")
    print(f"  wall {wall / 60:.1f} min, {rate:.0f} games/s ({rate / args.workers:.0f} per worker)")
    if args.games < 100_000:
        print(f"  projected for 100,000 games at this rate: {100_000 / rate / 60:.1f} min")
    print(f"  peak memory of a worker process: {worker_peak:.0f} MiB")
    s = summarize(rows)
    print(f"  knights win {s['knights_win']}; endings {s['causes']}")


if __name__ == "__main__":
    main()
