"""Fast exact rationals for the heavy loops: python-flint's ``fmpq`` (C), else ``Fraction``.

Results leave the library as ``fractions.Fraction``; inside the solvers and the deck forecast,
sums of products run on ``fmpq`` (several times faster, the same exact values).

>>> from fractions import Fraction
>>> from_q(to_q(Fraction(1, 3)) + to_q(Fraction(1, 6)))
Fraction(1, 2)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache, partial
from typing import Any

__all__ = ["ONE", "ZERO", "from_q", "to_q"]


def _coprime(numerator: int, denominator: int) -> Fraction:
    """A Fraction from numerator and denominator already in lowest terms (no gcd)."""
    make: Any = getattr(Fraction, "_from_coprime_ints", None)  # Python 3.12+
    if make is None:  # Python 3.11: the private keyword of the same meaning
        make = partial(Fraction, _normalize=False)
    result: Fraction = make(numerator, denominator)
    return result


try:  # python-flint's C rationals make the solves several times faster; optional
    import flint as _flint

    @lru_cache(maxsize=65536)
    def to_q(x: Fraction) -> Any:
        """``x`` as a fast rational."""
        return _flint.fmpq(x.numerator, x.denominator)

    def from_q(x: Any) -> Fraction:
        """A fast rational back as a ``Fraction``."""
        # flint keeps fmpq in lowest terms: build the Fraction without a second gcd
        return _coprime(int(x.p), int(x.q))

except ImportError:  # pragma: no cover - exercised only where python-flint is missing

    def to_q(x: Fraction) -> Any:  # type: ignore[misc]
        """``x`` as a fast rational."""
        return x

    def from_q(x: Any) -> Fraction:
        """A fast rational back as a ``Fraction``."""
        return Fraction(x)


ONE = to_q(Fraction(1))
ZERO = to_q(Fraction(0))
