"""Whole-game simulation speed with the heuristic policies (outside `make test`).

Usage: .venv/bin/python benchmarks/bench_sim.py [--games N] [--repeat K] [--profile]

Prints: heuristic 5-player games per second on one core (budget >= 100), the speed-up from
1 to 2 worker processes on the same games (budget >= 1.7x; the tables must be identical),
and the loyal win rate with its exact Clopper-Pearson interval. ``--profile`` adds where the
time of one core goes: the policies' choices (with the observation keys they read, built
lazily), the engine. It runs the engine that is installed: the Python source, or the compiled
one after ``make compiled`` (said in the first line; ``CAMELOT_RULES_PURE=1`` runs the source).
``--repeat K`` runs the one- and two-worker timings K times, alternating, and prints each run
and the medians: the speed of a shared machine swings (seen here: 50 to 130 games/s for the
same games within an hour), so one run says little.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import resource
import statistics
import time

from camelot_rules.base import compiled
from camelot_rules.sim import GameConfig, simulate_games, summarize


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=1, help="timings to take (medians)")
    parser.add_argument("--profile", action="store_true", help="where one core's time goes")
    args = parser.parse_args()
    if args.profile:
        _profile(max(20, args.games // 10))
    config = GameConfig.of(5)
    print(f"engine: {compiled.status()['why']}")
    ones: list[float] = []
    twos: list[float] = []
    for run in range(args.repeat):
        t = time.perf_counter()
        c = time.process_time()
        one = simulate_games(config, n=args.games, seed=1)
        wall1, cpu1 = time.perf_counter() - t, time.process_time() - c
        t = time.perf_counter()
        two = simulate_games(config, n=args.games, seed=1, workers=2)
        wall2 = time.perf_counter() - t
        assert one == two, "the table must not depend on the number of workers"
        ones.append(args.games / wall1)
        twos.append(args.games / wall2)
        print(
            f"  run {run + 1}: one worker {ones[-1]:.0f} games/s wall "
            f"({args.games / cpu1:.0f} CPU), two workers {twos[-1]:.0f} games/s, "
            f"speed-up {wall1 / wall2:.2f}x",
            flush=True,
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    one_med, two_med = statistics.median(ones), statistics.median(twos)
    print(f"heuristic 5-player games, {args.games} games (seed 1), median of {args.repeat}:")
    print(f"  one worker: {one_med:.0f} games/s (runs {min(ones):.0f}-{max(ones):.0f})")
    print(
        f"  two workers: {two_med:.0f} games/s (runs {min(twos):.0f}-{max(twos):.0f}); "
        f"speed-up {two_med / one_med:.2f}x"
    )
    print(f"  tables identical: yes; peak memory of the main process {peak:.0f} MiB")
    s = summarize(one)
    print(f"  loyal win rate {s['knights_win']}; endings {s['causes']}")
    print(f"  mean turns {s['mean_turns']:.1f}")


def _profile(games: int) -> None:
    prof = cProfile.Profile()
    prof.enable()
    simulate_games(GameConfig.of(5), n=games, seed=2)
    prof.disable()
    stats = pstats.Stats(prof)
    raw: dict[tuple[str, int, str], tuple[int, int, float, float, object]] = stats.stats  # type: ignore[attr-defined]
    total = max(ct for (_, _, name), (_, _, _, ct, _) in raw.items() if name == "play_chunk")

    def cumulative(file_part: str, name: str) -> float:
        return sum(
            ct for (f, _, n), (_, _, _, ct, _) in raw.items() if n == name and file_part in f
        )

    print(f"where the time goes ({games} games, one core, under the profiler):")
    for label, file_part, name in [
        ("the policies' choices", "sim/policies.py", "choose"),
        ("  of which building the observations read", "engine/views.py", "__getitem__"),
        ("legal actions", "engine/state.py", "legal_actions"),
        ("applying actions", "engine/state.py", "apply"),
        ("applying chance outcomes", "engine/state.py", "apply_chance"),
        ("chance weights", "engine/flow.py", "chance_weights"),
    ]:
        print(f"  {label}: {100 * cumulative(file_part, name) / total:.0f}%")


if __name__ == "__main__":
    main()
