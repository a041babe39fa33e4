"""A tiny teaching model: a fair coin is flipped until one side has come up ``target`` times.

It shows the shape every model has; it encodes no rule of the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["CoinRace"]

State = tuple[int, int] | tuple[str]


@dataclass(frozen=True)
class CoinRace:
    """First side to ``target`` flips wins; states are (heads, tails) or (winner,)."""

    target: int = 2

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise ValueError(f"target={self.target!r} must be a whole number >= 1")

    def initial_state(self) -> State:
        return (0, 0)

    def is_terminal(self, state: State) -> bool:
        return len(state) == 1

    def outcome(self, state: State) -> str:
        return str(state[0])

    def is_chance(self, state: State) -> bool:
        return not self.is_terminal(state)

    def chance_outcomes(self, state: State) -> Iterator[tuple[str, Fraction]]:
        yield "heads", Fraction(1, 2)
        yield "tails", Fraction(1, 2)

    def legal_actions(self, state: State) -> Iterator[str]:
        return iter(())

    def apply(self, state: State, action: str) -> State:
        heads, tails = state  # type: ignore[misc]
        heads, tails = (heads + 1, tails) if action == "heads" else (heads, tails + 1)
        if heads == self.target:
            return ("heads_first",)
        if tails == self.target:
            return ("tails_first",)
        return (heads, tails)
