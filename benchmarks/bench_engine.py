"""Rules-engine benchmarks: random-policy games per second, steps per second, the outcome
statistics of many seeded random five-player games, and the size of a state in memory.

Usage: .venv/bin/python benchmarks/bench_engine.py [--games N] [--quick]
(--games: how many seeded random games for the statistics, default 10,000; --quick: 500 games
and shorter timings, for a smoke run.)

Everything runs in this one process, on one core. Budgets: >= 200 random-policy five-player
games/s played to the end (new_game with a seed, then random_step until the end) and >= 50,000
legal_actions + apply steps/s. Throughputs are the median of a few repeats (wall clock; the CPU
time of the process is printed alongside, since machines here are shared and noisy).

The statistics: game g (g = 0..N-1) is ``new_game(5, seed=g)`` played with
``random_step(state, random.Random(g))``, so any line of the report can be reproduced. The loyal
win rate has an exact Clopper-Pearson 95% interval (scipy's beta quantiles when scipy is
installed, else bisection on the exact binomial tail, terms from ``math.comb`` in log space).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from camelot_rules.engine import GameState, new_game, random_step
from camelot_rules.engine.state import SLOTS
from camelot_rules.sim.stats import clopper_pearson

PLAYERS = 5


# --- timing -------------------------------------------------------------------------------------
def rates(n: int, wall: float, cpu: float, unit: str) -> str:
    """``n`` per wall second and per CPU second of this process (the one-core rate when the
    machine is shared)."""
    return f"{n / wall:,.0f} {unit}/s wall, {n / cpu:,.0f} {unit}/s CPU"


def timed(fn: Callable[[], int], repeats: int) -> tuple[float, float, int]:
    """Median wall seconds and median CPU seconds of ``fn`` over ``repeats``; fn's count."""
    walls, cpus, count = [], [], 0
    for _ in range(repeats):
        w, c = time.perf_counter(), time.process_time()
        count = fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus), count


def play(seed: int) -> tuple[GameState, int]:
    """Seeded random five-player game to the end; the final state and the steps after the deal."""
    rng = random.Random(seed)
    s = new_game(PLAYERS, seed=seed)
    steps = 0
    while not s.is_terminal():
        s = random_step(s, rng)
        steps += 1
    return s, steps


def games_per_second(games: int, repeats: int) -> None:
    def run() -> int:
        for g in range(games):
            play(100_000 + g)
        return games

    wall, cpu, n = timed(run, repeats)
    print(
        f"random-policy {PLAYERS}-player games to the end: {rates(n, wall, cpu, 'games')}\n"
        f"  ({n} games in {wall:.2f} s wall, {cpu:.2f} s CPU; median of {repeats}; "
        f"budget >= 200 games/s)"
    )


def trajectories(games: int) -> list[list[tuple[GameState, Any]]]:
    """(state, move) pairs of seeded random games, to time the steps alone."""
    out = []
    for g in range(games):
        final, _ = play(200_000 + g)
        s = new_game(PLAYERS, seed=200_000 + g)
        skip = len(s.history())
        pairs = []
        for move in final.history()[skip:]:
            # fresh states: no cached legal actions from the recording
            pairs.append((s, move))
            s = s.step(move)
        out.append(pairs)
    return out


def steps_per_second(games: int, repeats: int) -> None:
    recorded = trajectories(games)
    firsts = [pairs[0][0] for pairs in recorded]
    moves = [[m for _, m in pairs] for pairs in recorded]

    def decisions_and_chance() -> int:
        # a rollout's loop: legal_actions + apply at decisions, chance_outcomes + apply_chance
        n = 0
        for s, ms in zip(firsts, moves):
            for m in ms:
                if s.is_chance():
                    s.chance_outcomes()
                    s = s.apply_chance(m)
                else:
                    s.legal_actions()
                    s = s.apply(m)
                n += 1
        return n

    wall, cpu, n = timed(decisions_and_chance, repeats)
    print(
        f"steps (legal_actions+apply, chance_outcomes+apply_chance): "
        f"{rates(n, wall, cpu, 'steps')}\n"
        f"  ({n:,} steps in {wall:.2f} s wall, {cpu:.2f} s CPU; budget >= 50,000 steps/s)"
    )
    decision_pairs = [(s, m) for pairs in recorded for s, m in pairs if not s.is_chance()]

    def decisions_only() -> int:
        for s, m in decision_pairs:
            s._set(_legal=None)  # drop the cache so legal_actions is computed each repeat
            s.legal_actions()
            s.apply(m)
        return len(decision_pairs)

    wall, cpu, n = timed(decisions_only, repeats)
    print(
        f"decision steps only (legal_actions+apply): {rates(n, wall, cpu, 'steps')}\n"
        f"  ({n:,} steps in {wall:.2f} s wall, {cpu:.2f} s CPU)"
    )

    def rollout_steps() -> int:
        n = 0
        for g in range(games):
            rng = random.Random(g)
            s = firsts[g]
            while not s.is_terminal():
                s = random_step(s, rng)
                n += 1
        return n

    wall, cpu, n = timed(rollout_steps, repeats)
    print(
        f"random_step from the dealt game to the end: {rates(n, wall, cpu, 'steps')}\n"
        f"  ({n:,} steps in {wall:.2f} s wall, {cpu:.2f} s CPU)"
    )


# --- statistics ---------------------------------------------------------------------------------
def game_statistics(games: int) -> None:
    t = time.perf_counter()
    c = time.process_time()
    wins = 0
    causes: Counter[str] = Counter()
    wins_by_cause: Counter[str] = Counter()
    turns: list[int] = []
    steps: list[int] = []
    history: list[int] = []
    for g in range(games):
        final, n = play(g)
        result = final.result()
        wins += result.knights_win
        causes[result.cause] += 1
        wins_by_cause[result.cause] += result.knights_win
        turns.append(final.turn_no)
        steps.append(n)
        history.append(len(final.history()))
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    lo, hi = clopper_pearson(wins, games)
    how = "bisection on the exact binomial CDF (camelot_rules.sim.stats)"
    print(
        f"\n{games:,} seeded random {PLAYERS}-player games (seeds 0..{games - 1}): "
        f"{wall:.1f} s wall, {cpu:.1f} s CPU ({rates(games, wall, cpu, 'games')})"
    )
    print(
        f"  loyal win: {wins:,}/{games:,} = {100 * wins / games:.2f}%  "
        f"95% CI [{100 * lo:.3f}%, {100 * hi:.3f}%] (Clopper-Pearson; {how})"
    )
    print("  how the games ended:")
    for cause in ("12 swords", "7 black swords", "12 siege engines", "all knights dead"):
        n, won = causes.pop(cause, 0), wins_by_cause[cause]
        print(f"    {cause:<18} {n:>7,}  {100 * n / games:6.2f}%  (loyal wins {won:,})")
    for cause, n in sorted(causes.items()):
        print(f"    {cause:<18} {n:>7,}  (unexpected cause)")
    print(
        f"  mean turns {statistics.fmean(turns):.1f} (median {statistics.median(turns):.0f}, "
        f"max {max(turns)}); mean steps after the deal {statistics.fmean(steps):.1f} "
        f"(max {max(steps)}); mean history length incl. the deal {statistics.fmean(history):.1f}"
    )


# --- memory -------------------------------------------------------------------------------------
def deep_size(obj: object, seen: set[int]) -> int:
    """Bytes of ``obj`` and everything it references, each object counted once (``seen``)."""
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict | MappingProxyType):
        size += sum(deep_size(k, seen) + deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, tuple | list | set | frozenset):
        size += sum(deep_size(x, seen) for x in obj)
    elif isinstance(obj, str | bytes | int | float | bool) or obj is None:
        pass
    else:
        for cls in type(obj).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(obj, name):
                    size += deep_size(getattr(obj, name), seen)
        if hasattr(obj, "__dict__"):
            size += deep_size(vars(obj), seen)
    return size


def state_memory() -> None:
    final, _ = play(12_345)
    s = new_game(PLAYERS, seed=12_345)
    moves = final.history()[len(s.history()) :]
    for move in moves[: len(moves) // 2]:
        prev, s = s, s.step(move)
    slots = [n for n in SLOTS if n not in ("cfg", "hist")]
    shell = sys.getsizeof(s)
    own = shell + deep_size([getattr(s, n) for n in slots], set()) - sys.getsizeof([])
    cfg = deep_size(s.cfg, set())
    hist = deep_size(s.hist, set())
    # the bytes one step adds: what the new state holds that its predecessor does not share
    seen: set[int] = set()
    deep_size(prev, seen)
    new_bytes = deep_size(s, seen)
    print(
        f"\nmemory of a mid-game {PLAYERS}-player state ({s!r}, step {len(moves) // 2} of "
        f"{len(moves)}):"
    )
    print(f"  the state's slots without cfg and history: {own:,} bytes (object {shell} bytes)")
    print(f"  cfg (shared by every state of a game): {cfg:,} bytes")
    print(f"  history chain ({len(s.history())} steps, shared with the earlier states): {hist:,}")
    print(f"  new bytes this step (not shared with the previous state): {new_bytes:,} bytes")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None, help="games for the statistics")
    parser.add_argument("--quick", action="store_true", help="500 games, shorter timings")
    args = parser.parse_args()
    games = args.games if args.games is not None else (500 if args.quick else 10_000)
    repeats = 3 if args.quick else 5
    timing_games = 100 if args.quick else 300
    print(f"camelot-rules engine benchmark (Python {sys.version.split()[0]}, one core)\n")
    games_per_second(timing_games, repeats)
    steps_per_second(timing_games // 2, repeats)
    game_statistics(games)
    state_memory()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
