"""Exhaustion benchmarks: the turn-of-reshuffle distribution and the widget update.

Usage: .venv/bin/python benchmarks/bench_exhaustion.py [--repeats N]
Budgets (issue 5): the 90-card deck, a 3-way draw mix, horizon 200, exact, under 1 s;
widget updates under 100 ms (median).
"""

from __future__ import annotations

import argparse
import statistics
import time
from fractions import Fraction

from camelot_rules import (
    DeckPosition,
    forecast,
    next_rebuild,
    standard_deck,
    turns_until_exhausted,
)


def timed(fn: object, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def refused(fn: object, *args: object, **kwargs: object) -> None:
    """Call ``fn``; it must raise its work-limit ``ValueError``."""
    try:
        fn(*args, **kwargs)  # type: ignore[operator]
    except ValueError as err:
        assert "steps of work" in str(err), err
    else:
        raise AssertionError("expected a work-limit error")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    mix = {0: Fraction(1, 3), 1: Fraction(1, 2), 2: Fraction(1, 6)}

    s = timed(lambda: turns_until_exhausted(90, mix, horizon=200), args.repeats)
    print(
        f"turns_until_exhausted(90, 3-way mix, horizon=200): median {s * 1000:.0f} ms (budget 1 s)"
    )
    position = DeckPosition(standard_deck("black", expansion=True), expansion=True)
    witches = [f"morgan_witch_{i}" for i in range(2, 8)]
    s = timed(lambda: next_rebuild(position, mix, cards=witches, horizon=200), args.repeats)
    print(
        f"next_rebuild(90 cards, First Witch, 6 named cards, horizon=200): median {s * 1000:.0f} ms"
    )

    # issue 16, item 4: large questions answer within seconds or are refused before the work
    twelve = {k: Fraction(1, 12) for k in range(1, 13)}
    s = timed(lambda: turns_until_exhausted(500, twelve), 3)
    print(f"turns_until_exhausted(500, 12-way mix): median {s * 1000:.0f} ms (was 10.8 s)")
    all_witches = [f"morgan_witch_{i}" for i in range(1, 8)]
    s = timed(lambda: forecast(position, {1: 1}, 20, cards=all_witches), 1)
    print(f"forecast(expansion black, 7 witches, 20 turns): {s:.1f} s (was > 20 s)")
    for turns in (40, 1000):
        s = timed(
            lambda turns=turns: refused(forecast, position, {1: 1}, turns, cards=all_witches), 3
        )
        print(f"forecast(..., {turns} turns) refused after {s * 1000:.0f} ms (ran for minutes)")
    with_zero = dict.fromkeys(range(12), Fraction(1, 12))
    s = timed(lambda: refused(next_rebuild, position, with_zero, horizon=1000), 3)
    print(f"next_rebuild(12-way mix with 0 draws, horizon 1000) refused after {s * 1000:.0f} ms")

    from widgets.exhaustion import build_exhaustion_widget

    for label, options in [
        ("default (90-card black, horizon 60)", {}),
        (
            "0-draw mix, named card, cards drawn",
            {
                "mix": "0: 1/4, 1: 1/2, 3: 1/4",
                "named": "morgan_witch_2",
                "drawn": "despair: 5, picts: 2",
            },
        ),
        ("horizon 120", {"horizon": 120}),
    ]:
        w = build_exhaustion_widget(**options)
        s = timed(
            lambda w=w: setattr(w.first_witch, "value", not w.first_witch.value),
            max(args.repeats, 11),
        )
        print(f"exhaustion widget update, {label}: median {s * 1000:.0f} ms (budget 100 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
