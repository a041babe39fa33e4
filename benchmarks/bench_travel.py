"""Travel benchmarks: widget update and the full composition posterior.

Usage: .venv/bin/python benchmarks/bench_travel.py [--repeats N]
Budgets (issue 4): any widget update under 50 ms (median); the posterior over all 74,613
16-card compositions of the seven kinds (zeros allowed) exactly in under 5 s.
"""

from __future__ import annotations

import argparse
import statistics
import time

from camelot_rules import travel_composition_posterior


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    passes = [
        [
            "nothing_happens",
            "captured",
            "vision",
            "merlin_travels",
            "lost",
            "nothing_happens",
            "ambushed",
            "charged",
            "nothing_happens",
            "merlin_travels",
        ],
        ["merlin_travels", "captured", "nothing_happens", "lost", "vision"],
    ]
    for label, observed in [("two passes seen", passes), ("one card seen", [["captured"]])]:
        times = []
        for _ in range(args.repeats):
            t = time.perf_counter()
            post = travel_composition_posterior(observed, allow_zero=True)
            times.append(time.perf_counter() - t)
        print(
            f"posterior, zeros allowed, {label} (74,613 compositions, {len(post)} consistent): "
            f"median {statistics.median(times):.2f} s (budget 5 s); sums to {sum(post.values())}"
        )

    from widgets.travel import build_travel_widget

    for label, options in [
        ("5 trips", {}),
        (
            "20 trips, cards seen, hand",
            {"trips": 20, "seen": "captured, vision: 2, lost", "grail": True},
        ),
    ]:
        w = build_travel_widget(**options)
        samples = []
        for i in range(15):
            t = time.perf_counter()
            w.fight_pair.value = bool(i % 2)
            samples.append(time.perf_counter() - t)
        print(
            f"travel widget update, {label}: median {statistics.median(samples) * 1000:.1f} ms "
            "(budget 50 ms)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
