"""Rule variants side by side: one summary row per configuration, and whether two win rates
differ significantly.

``sweep(configs, policies, n, seed)`` plays ``n`` games of each configuration with the same
game seeds (game ``i`` of every configuration gets the seed derived from ``(seed, i)``), so
the table is the same for any number of workers. ``compare(a, b)`` tests whether two rates
differ with **Fisher's exact test** (two-sided, the sum of the probabilities of every table
with the same margins no more likely than the observed one), computed exactly with
``math.comb``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from camelot_rules.sim.games import GameConfig, GameRow, Policies, check_run, play_chunk
from camelot_rules.sim.runner import TASK_GAMES, run_tasks
from camelot_rules.sim.stats import WinRate, win_rate

__all__ = ["Comparison", "SweepRow", "compare", "fisher_exact", "sweep", "sweep_row"]


@dataclass(frozen=True)
class SweepRow:
    """One configuration's result: the loyal win rate with its Clopper-Pearson interval."""

    label: str
    games: int
    wins: int
    rate: WinRate
    causes: tuple[tuple[str, int], ...]
    config: GameConfig | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "games": self.games,
            "wins": self.wins,
            "rate": self.wins / self.games,
            "low": self.rate.low,
            "high": self.rate.high,
            "causes": ";".join(f"{k}={v}" for k, v in self.causes),
        }

    def __str__(self) -> str:
        return f"{self.label}: {self.rate}"


def sweep(
    configs: Iterable[GameConfig],
    policies: Policies | None = None,
    n: int = 1000,
    seed: int = 0,
    *,
    workers: int = 1,
    client: Any = None,
    progress: bool = False,
) -> list[SweepRow]:
    """One row per configuration, in the order given: ``n`` games each, game ``i`` of every
    configuration with the same seed. The same seed gives the same table for any ``workers``
    (local processes) and on a Dask cluster (``client``: a ``dask.distributed.Client`` or a
    scheduler address); every configuration's games are sent out at once.

    >>> rows = sweep([GameConfig.of(3), GameConfig.of(4)], n=2, seed=1)
    >>> [(r.label, r.games) for r in rows]
    [('3 players, base', 2), ('4 players, base', 2)]
    """
    configs = list(configs)
    if not configs:
        raise ValueError("configs=[]: expected at least one GameConfig")
    for config in configs:
        if not isinstance(config, GameConfig):
            raise ValueError(f"config={config!r}: expected a GameConfig (GameConfig.of(5, ...))")
    check_run(n, seed, workers)
    policies = policies or Policies()
    chunks = [range(k, min(n, k + TASK_GAMES)) for k in range(0, n, TASK_GAMES)]
    tasks = [(config, policies, seed, c) for config in configs for c in chunks]
    parts = run_tasks(
        play_chunk,
        tasks,
        [len(c) for _, _, _, c in tasks],
        workers=workers,
        client=client,
        progress=progress,
        desc=f"{len(configs)} configurations",
    )
    out = []
    for k, config in enumerate(configs):
        rows = [row for part in parts[k * len(chunks) : (k + 1) * len(chunks)] for row in part]
        out.append(sweep_row(config, rows))
    return out


def sweep_row(config: GameConfig, rows: Sequence[GameRow]) -> SweepRow:
    """One configuration's games summed up: wins with the interval, endings by count."""
    wins = sum(r.knights_win for r in rows)
    causes: dict[str, int] = {}
    for r in rows:
        causes[r.cause] = causes.get(r.cause, 0) + 1
    ordered = tuple(sorted(causes.items(), key=lambda kv: (-kv[1], kv[0])))
    return SweepRow(config.label(), len(rows), wins, win_rate(wins, len(rows)), ordered, config)


def fisher_exact(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided Fisher's exact test p-value for ``k1``/``n1`` against ``k2``/``n2``: the
    probability, under equal rates and fixed margins (hypergeometric), of a table no more
    likely than the observed one. Exact (rational arithmetic with ``math.comb``).

    >>> round(fisher_exact(1, 4, 3, 4), 4)  # the classic 2x2 example: p = 17/35
    0.4857
    """
    for name, value in (("k1", k1), ("n1", n1), ("k2", k2), ("n2", n2)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name}={value!r}: expected a whole number >= 0")
    if k1 > n1 or k2 > n2 or n1 == 0 or n2 == 0:
        raise ValueError(f"expected 0 <= k <= n and n >= 1, got {k1}/{n1} and {k2}/{n2}")
    total, wins = n1 + n2, k1 + k2
    denom = math.comb(total, wins)
    low, high = max(0, wins - n2), min(wins, n1)
    weights = {x: math.comb(n1, x) * math.comb(n2, wins - x) for x in range(low, high + 1)}
    observed = weights[k1]
    tail = sum(w for w in weights.values() if w <= observed)
    return float(Fraction(tail, denom))


@dataclass(frozen=True)
class Comparison:
    """Two win rates, their difference and Fisher's exact two-sided p-value."""

    a: WinRate
    b: WinRate
    difference: float
    p_value: float
    significant: bool
    test: str = "Fisher's exact test, two-sided"

    def __str__(self) -> str:
        verdict = "differ significantly" if self.significant else "no significant difference"
        return (
            f"{self.a} vs {self.b}: difference {100 * self.difference:+.1f} points, "
            f"p = {self.p_value:.3g} ({self.test}): {verdict}"
        )


def compare(
    a: WinRate | SweepRow | Sequence[int],
    b: WinRate | SweepRow | Sequence[int],
    alpha: float = 0.05,
) -> Comparison:
    """Do two win rates differ significantly? Each side is a :class:`WinRate`, a
    :class:`SweepRow` or ``(wins, games)``; Fisher's exact test, two-sided, at ``alpha``.

    >>> compare((1, 4), (3, 4)).significant
    False
    """
    ra, rb = _rate(a), _rate(b)
    p = fisher_exact(ra.wins, ra.games, rb.wins, rb.games)
    diff = ra.wins / ra.games - rb.wins / rb.games
    return Comparison(ra, rb, diff, p, p < alpha)


def _rate(x: WinRate | SweepRow | Sequence[int]) -> WinRate:
    if isinstance(x, WinRate):
        return x
    if isinstance(x, SweepRow):
        return x.rate
    wins, games = x
    return win_rate(wins, games)
