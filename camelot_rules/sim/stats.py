"""Win rates with their exact (Clopper-Pearson) binomial interval - never a bare percentage."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["WinRate", "clopper_pearson", "win_rate"]


def _binom_cdf(k: int, n: int, p: float, logc: list[float]) -> float:
    """P(X <= k) for X ~ Binomial(n, p), summed in log space (no overflow for large n)."""
    if p <= 0.0:
        return 1.0
    if p >= 1.0:
        return 1.0 if k >= n else 0.0
    lp, lq = math.log(p), math.log1p(-p)
    terms = [logc[i] + i * lp + (n - i) * lq for i in range(k + 1)]
    top = max(terms)
    return min(1.0, math.exp(top) * math.fsum(math.exp(t - top) for t in terms))


def _bisect(f: Callable[[float], float], target: float, increasing: bool) -> float:
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if (f(mid) < target) == increasing:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def clopper_pearson(k: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The exact binomial (Clopper-Pearson) interval for ``k`` successes in ``n`` trials: the
    ``p`` where P(X >= k) and P(X <= k) reach (1 - level)/2, found by bisection on the exact
    binomial distribution.

    >>> lo, hi = clopper_pearson(3, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.0667, 0.6525)
    """
    for name, value in (("k", k), ("n", n)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name}={value!r}: expected a whole number")
    if not 0 <= k <= n or n == 0:
        raise ValueError(f"k={k}, n={n}: expected 0 <= k <= n and n >= 1")
    if not 0 < level < 1:
        raise ValueError(f"level={level!r}: expected a number between 0 and 1")
    alpha = 1 - level
    logc = [math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) for i in range(k + 1)]
    lo = 0.0 if k == 0 else _bisect(lambda p: 1 - _binom_cdf(k - 1, n, p, logc), alpha / 2, True)
    hi = 1.0 if k == n else _bisect(lambda p: _binom_cdf(k, n, p, logc), alpha / 2, False)
    return lo, hi


@dataclass(frozen=True)
class WinRate:
    """``wins`` out of ``games`` with its 95% Clopper-Pearson interval."""

    wins: int
    games: int
    low: float
    high: float

    def __str__(self) -> str:
        return (
            f"{100 * self.wins / self.games:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}] "
            f"({self.wins:,}/{self.games:,})"
        )


def win_rate(wins: int, games: int) -> WinRate:
    """The win rate with its interval.

    >>> str(win_rate(412, 1000))
    '41.2% [38.1, 44.3] (412/1,000)'
    """
    lo, hi = clopper_pearson(wins, games)
    return WinRate(wins, games, lo, hi)
