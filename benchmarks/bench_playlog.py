"""Play-log verifier: false alarms on engine games, detection per rule id, speed and memory.

Usage: .venv/bin/python benchmarks/bench_playlog.py [--games N] [--mutants N] [--speed N]

- False alarms: N engine games (default 1,000: a third random play, a third the simulations'
  heuristic policies, a third those policies steered to rare moves - ``tests/playlog_games.py``;
  half base, half Merlin's Company, 3-8 players), each written as a log by
  ``camelot_rules.logs.writer.write_log`` in its forms (hands shown or not, travel cards inline or
  on their own line, the scorekeeper's annotations or not) and verified. Target: 0.
- Detection by rule: every mutation operator of ``tests/playlog_mutations.py`` and
  ``tests/playlog_mutations_rules.py`` (one per family of the engine's rules a log can show;
  ``RULE_OF`` names its rule) applied to the first ``--mutants`` logs; a mutant is detected
  when a violation (or a line that cannot be read) is reported on one of its expected lines,
  *named* when a violation there names the operator's rule. Reported per operator and per rule
  id. Target: 100% for every rule a log can show; the rules
  a log cannot show are listed with why (``BLIND``).
- Speed and memory: the replay of logs of about 250 lines (median of ``--speed`` logs, hands
  shown and not), one core; the peak memory of one replay (tracemalloc); the tracker's answer
  after each line of such a log. Budget: median under 100 ms, memory under 200 MB, the
  tracker under 200 ms a line.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from camelot_rules.data.registry import RULES  # noqa: E402
from camelot_rules.logs.playlog import verify_text  # noqa: E402
from camelot_rules.logs.tracker import GameRecord  # noqa: E402
from tests.playlog_games import KINDS, game, game_log  # noqa: E402
from tests.playlog_mutations import LEGAL  # noqa: E402
from tests.playlog_mutations_rules import ALL, BLIND, RULE_OF  # noqa: E402


def flagged(text: str) -> dict[int, set[str]]:
    """The lines flagged, each with the rules reported there."""
    report = verify_text(text)
    out: dict[int, set[str]] = {e.line: set() for e in report.errors}
    for v in report.violations:
        out.setdefault(v.line, set()).add(v.rule_id)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--mutants", type=int, default=240)
    ap.add_argument("--speed", type=int, default=40)
    args = ap.parse_args()

    specs = [(KINDS[g % 3], g // 6, (g // 3) % 2 == 1) for g in range(args.games)]
    t0 = time.perf_counter()
    logs = [game_log(kind, i, exp) for kind, i, exp in specs]
    print(f"{args.games} engine games written as logs in {time.perf_counter() - t0:.1f} s")
    alarms: Counter[str] = Counter()
    t0 = time.perf_counter()
    for text in logs:
        alarms.update(v.rule_id for v in verify_text(text).violations)
    took = time.perf_counter() - t0
    lines = sum(text.count("\n") for text in logs)
    print(f"false alarms: {sum(alarms.values())} {dict(alarms)}")
    print(f"  ({lines:,} lines verified in {took:.1f} s: {1e6 * took / lines:.0f} us a line)")

    print("\ndetection per mutation operator (rule-breaking: want 100%; legal: want 0 flagged)")
    per_rule: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for name, op in {**ALL, **LEGAL}.items():
        tried = caught = named = 0
        rule = RULE_OF.get(name, "(legal)")
        for k, text in enumerate(logs[: args.mutants]):
            mutant = op(text.splitlines(), random.Random(k))
            if mutant is None:
                continue
            tried += 1
            found = flagged("\n".join(mutant.lines) + "\n")
            at = set(found) & mutant.expect
            caught += bool(at) if mutant.expect else not found
            named += any(rule in found[i] for i in at)
        if name in RULE_OF:
            per_rule[rule][0] += caught
            per_rule[rule][1] += tried
        rate = f"{100 * caught / tried:.1f}%" if tried else "n/a"
        print(f"  {name:26s} {rule:26s} {caught:4d}/{tried:<4d} {rate:>6s}  named {named}")
    print("\ndetection per rule id")
    for rule, (caught, tried) in sorted(per_rule.items()):
        rate = f"{100 * caught / tried:.1f}%" if tried else "n/a"
        print(f"  {rule:26s} {caught:4d}/{tried:<4d} {rate}")
    ids = {r.id for r in RULES}
    untested = sorted(ids - set(per_rule) - set(BLIND))
    print(
        f"\nrules with an operator: {len(per_rule)} of {len(ids)}; a log cannot show {len(BLIND)}:"
    )
    for rule, why in sorted(BLIND.items()):
        print(f"  {rule:26s} {why}")
    print(f"no operator yet ({len(untested)}): {', '.join(untested)}")

    # speed and memory: logs of about 250 lines, hands shown and not
    near = []
    g = 0
    while len(near) < args.speed and g < 4000:
        for hands in (True, False):
            kind = KINDS[1 + g % 2]
            end = game(kind, 5000 + g, g % 4 >= 2)
            from camelot_rules.logs.writer import write_log

            text = write_log(end, hands=hands, annotate=True)
            n = text.count("\n")
            if 200 <= n <= 300:
                near.append(text)
        g += 1
    times = []
    for text in near:
        t = time.perf_counter()
        verify_text(text)
        times.append(time.perf_counter() - t)
    sizes = [t.count("\n") for t in near]
    print(
        f"\nreplay of {len(near)} logs of 200-300 lines (median {statistics.median(sizes):.0f}): "
        f"median {1000 * statistics.median(times):.1f} ms, max {1000 * max(times):.1f} ms"
    )
    tracemalloc.start()
    verify_text(near[0])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"peak memory of one replay: {peak / 1e6:.1f} MB (tracemalloc)")
    text = near[0].splitlines()
    record = GameRecord(text[0])
    worst = 0.0
    t0 = time.perf_counter()
    for line in text[1:]:
        t = time.perf_counter()
        record.add(line)
        worst = max(worst, time.perf_counter() - t)
    per = (time.perf_counter() - t0) / (len(text) - 1)
    print(
        f"tracker: {len(text)} lines recorded one by one, {1000 * per:.1f} ms a line on "
        f"average, the slowest {1000 * worst:.1f} ms"
    )


if __name__ == "__main__":
    main()
