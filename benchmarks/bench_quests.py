"""Quest benchmarks: the quest widget's update, and the exact races behind it.

Usage: .venv/bin/python benchmarks/bench_quests.py [--repeats N]
Budget (issue 14): a quest widget update under 50 ms (median).

Each widget update changes one control the way a player would (turns ahead, cards laid, a
hand, the quest) and is timed from the control's change until the table and the chart are
written. "fresh" clears the widget's answer cache before every change (every answer computed
anew: the engine's rule results for single cards stay memoised, as they do in a session);
"in use" keeps it (a player moving a slider back and forth). Wall and CPU time are both
printed: on a shared machine the wall time mostly measures the other processes (the load
average is printed first).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from camelot_rules.odds.quests import excalibur_race, grail_race, war_race


def _changes(w: Any) -> list[Callable[[], None]]:
    """One realistic session: a Grail question, then the wars, then Excalibur and back."""

    def set_(control: Any, value: object) -> Callable[[], None]:
        def go() -> None:
            control.value = value

        return go

    return [
        set_(w.turns, 5),
        set_(w.turns, 7),
        set_(w.grails, 3),
        set_(w.blacks, 2),
        set_(w.hands, "3, 2"),
        set_(w.players, 5),
        set_(w.turns, 6),
        set_(w.quest, "picts"),
        set_(w.hands, "3 4; 5"),
        set_(w.fights, 2),
        set_(w.warriors, 1),
        set_(w.turns, 8),
        set_(w.hands, "3, 2"),
        set_(w.quest, "excalibur"),
        set_(w.steps, 2),
        set_(w.hands, "5 1 3"),
        set_(w.quest, "black_knight"),
        set_(w.whites, "3 3"),
        set_(w.quest, "grail"),
        set_(w.hands, "2, 2"),
    ]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    import widgets.quest as wq

    print(f"machine load average (1 min): {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for label, fresh in (("fresh", True), ("in use", False)):
        samples: list[float] = []
        cpu: list[float] = []
        for _ in range(args.repeats):
            w = wq.build_quest_widget()
            for change in _changes(w):
                if fresh:
                    wq._race.cache_clear()
                t, c = time.perf_counter(), time.process_time()
                change()
                samples.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
                assert not w.text.startswith("Cannot compute"), w.text
        samples.sort()
        print(
            f"quest widget update ({label}, {len(samples)} changes): median wall "
            f"{statistics.median(samples) * 1000:.1f} ms (budget 50 ms), CPU "
            f"{statistics.median(cpu) * 1000:.1f} ms; 90th percentile wall "
            f"{samples[int(0.9 * len(samples))] * 1000:.0f} ms, worst {samples[-1] * 1000:.0f} ms"
        )

    for label, call in (
        ("Grail race, 2 knights, 8 turns", lambda: grail_race(4, 1, [2, 2], 8)),
        ("Grail race, 3 knights, 12 turns", lambda: grail_race(2, 1, [2, 2, 2], 12, players=5)),
        ("Excalibur race, 2 knights, 10 turns", lambda: excalibur_race(0, [3, 3], 10)),
        (
            "Saxon war race, 2 knights, 10 turns",
            lambda: war_race("saxons", 1, 1, [[2, 3], [4, 5]], 10),
        ),
    ):
        times = []
        for _ in range(args.repeats):
            t = time.perf_counter()
            call()
            times.append(time.perf_counter() - t)
        print(f"{label}: median {statistics.median(times) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
