"""An exact finite probability distribution.

Built from integer weights or Fractions; validated on construction (non-negative, sums to
exactly 1); immutable. Zero-probability outcomes are dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Generic, TypeVar

__all__ = ["Dist", "check_probability"]

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


def check_probability(value: object, what: str) -> Fraction:
    """Return ``value`` as a Fraction in [0, 1], or raise ``ValueError`` naming ``what``.

    Ints and Fractions are accepted; floats are refused because they are not exact.

    >>> check_probability(Fraction(1, 3), "p")
    Fraction(1, 3)
    """
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ValueError(
            f"{what}={value!r} must be an exact probability (Fraction or int), "
            "not a float: write Fraction(1, 3) instead of 0.333"
        )
    prob = Fraction(value)
    if not 0 <= prob <= 1:
        raise ValueError(f"{what}={prob} is not a probability between 0 and 1")
    return prob


class Dist(Generic[T]):
    """An immutable exact distribution over hashable outcomes.

    >>> d = Dist.from_weights({1: 1, 2: 3})
    >>> d[2], d.mean()
    (Fraction(3, 4), Fraction(7, 4))
    >>> sum(d.values())
    Fraction(1, 1)
    """

    __slots__ = ("_probs",)

    def __init__(self, probs: Mapping[T, Fraction | int]) -> None:
        if not isinstance(probs, Mapping):
            raise ValueError(
                f"probs={probs!r}: expected a mapping of outcome -> probability, "
                f"got {type(probs).__name__}"
            )
        cleaned: dict[T, Fraction] = {}
        for outcome, p in probs.items():
            prob = check_probability(p, f"probability of {outcome!r}")
            if prob:
                cleaned[outcome] = cleaned.get(outcome, Fraction(0)) + prob
        total = sum(cleaned.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probs: the probabilities sum to {total}, expected exactly 1")
        self._probs = cleaned

    @classmethod
    def from_weights(cls, weights: Mapping[T, int]) -> Dist[T]:
        """Normalise non-negative integer weights (at least one positive) into a distribution."""
        total = 0
        for outcome, w in weights.items():
            if isinstance(w, bool) or not isinstance(w, int) or w < 0:
                raise ValueError(f"weight of {outcome!r} is {w!r}; expected an int >= 0")
            total += w
        if total == 0:
            raise ValueError("all weights are zero: no outcome is possible")
        return cls({o: Fraction(w, total) for o, w in weights.items() if w})

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[T, Fraction]]) -> Dist[T]:
        """Build from ``(outcome, probability)`` pairs; repeated outcomes are added up."""
        acc: dict[T, Fraction] = {}
        for outcome, p in pairs:
            acc[outcome] = acc.get(outcome, Fraction(0)) + p
        return cls(acc)

    def __getitem__(self, outcome: T) -> Fraction:
        return self._probs.get(outcome, Fraction(0))

    def __iter__(self) -> Iterable[T]:
        return iter(self._probs)

    def __len__(self) -> int:
        return len(self._probs)

    def items(self) -> Iterable[tuple[T, Fraction]]:
        """``(outcome, probability)`` pairs."""
        return self._probs.items()

    def values(self) -> Iterable[Fraction]:
        """The probabilities."""
        return self._probs.values()

    def as_dict(self) -> dict[T, Fraction]:
        """A plain dict copy, sorted by outcome when the outcomes are sortable."""
        try:
            return dict(sorted(self._probs.items()))
        except TypeError:
            return dict(self._probs)

    def map(self, f: Callable[[T], U]) -> Dist[U]:
        """Distribution of ``f(outcome)``."""
        return Dist.from_pairs((f(o), p) for o, p in self._probs.items())

    def mean(self) -> Fraction:
        """Expected value (outcomes must be numbers)."""
        return sum((Fraction(o) * p for o, p in self._probs.items()), Fraction(0))  # type: ignore

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self._probs == other._probs

    def __hash__(self) -> int:
        return hash(frozenset(self._probs.items()))

    def __repr__(self) -> str:
        return f"Dist({self.as_dict()!r})"
