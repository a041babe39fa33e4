"""Play-log verifier: false alarms on engine games, detection rate per mutation operator, speed.

Usage: .venv/bin/python benchmarks/bench_playlog.py [--games N] [--mutants N]

- False alarms: N seeded engine games (half base, half Merlin's Company; game g is
  ``new_game(players, expansion=..., seed=g)`` played by ``random.Random``), written as logs with
  ``camelot_rules.logs.writer.write_log`` in its four forms (with/without hands, travel inline or on
  its own line, with/without the scorekeeper's swords/engines lines) and verified. Target: 0.
- Detection: each mutation operator of ``tests/playlog_mutations.py`` applied to the first
  ``--mutants`` logs; a rule-breaking mutant counts as detected when a violation (or the parse
  error) is reported on one of its expected lines; a legal change must flag nothing. Target:
  100% for every rule-breaking operator.
- Speed: the median time to parse and verify a log of several hundred lines (budget < 1 s), and
  a synthetic log of 2,000 siege fights verified with ``--stats`` (the observed-vs-expected
  tests), which must not grow quadratically.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from camelot_rules.engine import new_game, play_random  # noqa: E402
from camelot_rules.logs.playlog import LogError, parse_log, stats_report, verify  # noqa: E402
from camelot_rules.logs.writer import write_log  # noqa: E402
from tests.playlog_mutations import ILLEGAL, LEGAL  # noqa: E402


def game_log(g: int, expansion: bool) -> str:
    rng = random.Random(10_000 * expansion + g)
    players = rng.choice(range(3, 9 if expansion else 8))
    game = play_random(new_game(players, expansion=expansion, seed=g), rng)
    return write_log(game, hands=g % 2 == 0, inline_travel=g % 3 == 0, annotate=g % 4 != 1)


def flagged(text: str) -> set[int]:
    try:
        return {v.line for v in verify(parse_log(text)).violations}
    except LogError as err:
        return {err.line}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--mutants", type=int, default=200)
    args = ap.parse_args()

    t0 = time.perf_counter()
    logs = [game_log(g, g % 2 == 1) for g in range(args.games)]
    t_write = time.perf_counter() - t0
    alarms: Counter[str] = Counter()
    times = []
    sizes = []
    for text in logs:
        t = time.perf_counter()
        report = verify(parse_log(text))
        times.append(time.perf_counter() - t)
        sizes.append(text.count("\n"))
        alarms.update(v.rule_id for v in report.violations)
    print(f"{args.games} engine games written as logs in {t_write:.1f} s")
    print(f"false alarms: {sum(alarms.values())} {dict(alarms)}")
    big = max(range(len(logs)), key=lambda i: sizes[i])
    print(
        f"verify: median {statistics.median(times) * 1000:.1f} ms per log "
        f"(median {statistics.median(sizes):.0f} lines); the longest ({sizes[big]} lines) "
        f"{times[big] * 1000:.1f} ms"
    )

    print("\ndetection per mutation operator (rule-breaking: want 100%; legal: want 0 flagged)")
    for name, op in {**ILLEGAL, **LEGAL}.items():
        tried = caught = 0
        for k, text in enumerate(logs[: args.mutants]):
            mutant = op(text.splitlines(), random.Random(k))
            if mutant is None:
                continue
            tried += 1
            lines = flagged("\n".join(mutant.lines) + "\n")
            caught += bool(lines & mutant.expect) if mutant.expect else not lines
        kind = "legal" if name in LEGAL else "breaks"
        rate = f"{100 * caught / tried:.1f}%" if tried else "n/a"
        print(f"  {name:24s} {kind:6s} {caught:4d}/{tried:<4d} {rate}")

    # 2,000 siege fights: the replay and the --stats tests
    lines = ["setup players=4 expansion=no", "knights arthur kay gawain percival"]
    rng = random.Random(1)
    engines = 0
    for i in range(2000):
        who = ("arthur", "kay", "gawain", "percival")[i % 4]
        roll = rng.randint(1, 8)
        cards = rng.choice(("3", "4,2", "5,3", "1"))
        won = sum(map(int, cards.split(","))) > roll
        step = "engine" if engines < 3 else "life"
        engines += step == "engine"
        lines += [f"turn {who}", f"evil {who} {step}"]
        lines.append(f"siege {who} cards={cards} roll={roll} {'won' if won else 'lost'}")
        engines -= won
    text = "\n".join(lines)
    t = time.perf_counter()
    report = verify(parse_log(text))
    tests, _notes = stats_report(report)
    took = time.perf_counter() - t
    print(
        f"\n2,000 siege fights ({len(lines)} lines) verified with --stats in {took:.2f} s "
        f"({len(report.violations)} violations; tests: {[x.method for x in tests]})"
    )


if __name__ == "__main__":
    main()
