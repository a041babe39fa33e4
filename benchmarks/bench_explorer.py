"""Explorer benchmarks: exploration speed, a ~1M-state mostly acyclic solve, a 20,000-state
cyclic component, and comparisons with sympy's dense exact solve and a float solve.

Usage: .venv/bin/python benchmarks/bench_explorer.py [--quick]
(--quick shrinks every size by about 10x, for a smoke run.)

Models are chosen to match each claim honestly:
* exploration: a 1-D counter (2 outcomes a state) and a 2-D grid (tuple states);
* the 1M solve: wide and shallow - depth 12, up to 145,000 states a layer, 8 outcomes each, and
  1% of states loop on themselves (a one-state cycle), so exact denominators stay small;
* the cyclic solve: one birth-death chain of n states (up 2/7, stay 2/7, down 3/7), a single
  strongly connected component whose exact answer has thousands of digits.
"""

from __future__ import annotations

import argparse
import resource
import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import sympy

from camelot_rules import explore, outcome_probabilities

HALF = Fraction(1, 2)
EIGHTH = Fraction(1, 8)


class Counter:
    """Grows by 1 or 2 each step until it reaches n."""

    def __init__(self, n: int) -> None:
        self.n = n

    def initial_state(self) -> int:
        return 0

    def is_terminal(self, s: int) -> bool:
        return s >= self.n

    def outcome(self, s: int) -> str:
        return "end"

    def is_chance(self, s: int) -> bool:
        return True

    def chance_outcomes(self, s: int) -> tuple[tuple[int, Fraction], ...]:
        return ((1, HALF), (2, HALF))

    def legal_actions(self, s: int) -> tuple[()]:
        return ()

    def apply(self, s: int, d: int) -> int:
        return s + d


class Grid(Counter):
    """(x, y) grows in x or in y until x + y reaches n."""

    def initial_state(self) -> tuple[int, int]:  # type: ignore[override]
        return (0, 0)

    def is_terminal(self, s: tuple[int, int]) -> bool:  # type: ignore[override]
        return s[0] + s[1] >= self.n

    def chance_outcomes(self, s: object) -> tuple[tuple[int, Fraction], ...]:  # type: ignore[override]
        return ((0, HALF), (1, HALF))

    def apply(self, s: tuple[int, int], d: int) -> tuple[int, int]:  # type: ignore[override]
        return (s[0] + 1, s[1]) if d == 0 else (s[0], s[1] + 1)


OUTS = tuple((d, EIGHTH) for d in range(8))
OUTS_LOOP = (*tuple((d, EIGHTH) for d in range(7)), (-1, EIGHTH))


@dataclass(frozen=True)
class Wide:
    depth: int
    width: int

    def initial_state(self) -> tuple[int, int]:
        return (0, 1)

    def is_terminal(self, s: tuple[int, int]) -> bool:
        return s[0] == self.depth

    def outcome(self, s: tuple[int, int]) -> str:
        return "even" if s[1] % 2 == 0 else "odd"

    def is_chance(self, s: tuple[int, int]) -> bool:
        return True

    def chance_outcomes(self, s: tuple[int, int]) -> tuple[tuple[int, Fraction], ...]:
        return OUTS_LOOP if s[1] % 100 == 0 else OUTS

    def legal_actions(self, s: object) -> tuple[()]:
        return ()

    def apply(self, s: tuple[int, int], d: int) -> tuple[int, int]:
        if d < 0:
            return s
        return (s[0] + 1, (s[1] * 8 + d) % self.width)


UP, STAY, DOWN = Fraction(2, 7), Fraction(2, 7), Fraction(3, 7)


@dataclass(frozen=True)
class BirthDeath:
    n: int

    def initial_state(self) -> int:
        return self.n // 2

    def is_terminal(self, s: int) -> bool:
        return s in (0, self.n)

    def outcome(self, s: int) -> str:
        return "top" if s else "bottom"

    def is_chance(self, s: int) -> bool:
        return True

    def chance_outcomes(self, s: int) -> tuple[tuple[int, Fraction], ...]:
        return ((1, UP), (0, STAY), (-1, DOWN))

    def legal_actions(self, s: int) -> tuple[()]:
        return ()

    def apply(self, s: int, d: int) -> int:
        return s + d


def closed_form(n: int) -> Fraction:
    """Gambler's ruin: P(top) from n // 2 with r = down / up."""
    r = DOWN / UP
    return (1 - r ** (n // 2)) / (1 - r**n)


def sympy_dense(n: int) -> Fraction:
    """The same chain solved as one dense exact system by sympy."""
    m = n - 1
    a = sympy.zeros(m, m)
    b = sympy.zeros(m, 1)
    for i in range(m):
        s = i + 1
        a[i, i] = 1 - sympy.Rational(2, 7)
        if s + 1 == n:
            b[i] = sympy.Rational(2, 7)
        else:
            a[i, i + 1] = -sympy.Rational(2, 7)
        if s - 1 > 0:
            a[i, i - 1] = -sympy.Rational(3, 7)
    x = a.LUsolve(b)
    value = x[n // 2 - 1]
    return Fraction(int(value.p), int(value.q))


def float_solve(n: int) -> float:
    m = n - 1
    a = np.eye(m) * (1 - 2 / 7)
    b = np.zeros(m)
    for i in range(m):
        s = i + 1
        if s + 1 == n:
            b[i] = 2 / 7
        else:
            a[i, i + 1] = -2 / 7
        if s - 1 > 0:
            a[i, i - 1] = -3 / 7
    return float(np.linalg.solve(a, b)[n // 2 - 1])


def timed(fn):  # type: ignore[no-untyped-def]
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    scale = 10 if args.quick else 1

    for model in (Counter(300_000 // scale), Grid(700 // (3 if args.quick else 1))):
        graph, s = timed(lambda model=model: explore(model, progress=False))
        print(
            f"explore {type(model).__name__}: {graph.number_of_nodes():,} states in {s:.2f} s "
            f"= {graph.number_of_nodes() / s:,.0f} states/s (target 100,000 on a simple model)"
        )

    wide = Wide(12, 145_000 // scale)
    graph, s = timed(lambda: explore(wide, max_states=2_000_000, progress=False))
    print(
        f"explore Wide(depth 12): {graph.number_of_nodes():,} states, "
        f"{graph.number_of_edges():,} edges in {s:.1f} s"
    )
    result, s = timed(lambda: outcome_probabilities(graph))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024**2
    print(
        f"solve Wide: {s:.1f} s (target < 60 s for ~1M states); sums to {sum(result.values())}; "
        f"peak memory so far {peak:.2f} GiB (target < 8 GiB)"
    )
    del graph

    n = 20_000 // scale
    graph, s1 = timed(lambda: explore(BirthDeath(n)))
    result, s2 = timed(lambda: outcome_probabilities(graph))
    ok = result["top"] == closed_form(n)
    digits = int(result["top"].denominator.bit_length() * 0.30103)
    print(
        f"cyclic birth-death chain, {n:,} states in one component: explore {s1:.2f} s, "
        f"solve {s2:.1f} s (target < 60 s); equals the closed form: {ok}; "
        f"denominator has {digits:,} digits"
    )

    for n in (40, 80):
        ours, s_ours = timed(lambda n=n: outcome_probabilities(explore(BirthDeath(n)))["top"])
        dense, s_dense = timed(lambda n=n: sympy_dense(n))
        approx = float_solve(n)
        print(
            f"n={n}: camelot-rules {s_ours * 1000:.0f} ms, sympy dense LUsolve "
            f"{s_dense * 1000:.0f} ms, ratio {s_dense / s_ours:.0f}x; identical: {ours == dense}; "
            f"float solve differs by {abs(float(ours) - approx):.1e}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
