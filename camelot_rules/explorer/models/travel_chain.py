"""The travel deck over successive trips until a knight is captured (Merlin's Company).

Each trip draws one card from what is left since the last reshuffle; an empty deck is
reshuffled to a fresh one (JA travel rules: the travel deck is reshuffled only when it runs
out). Captured! ends the chain. ``captured_held`` Captured! cards already lie under other
knights' figures: they stay out of every reshuffle (JA travel rules, Captured!). With ``trips``
the chain also ends, "safe", after that many trips. A composition without Captured! and no trip
limit loops for ever: the solver reports it as ``never_ends`` - the check this model exists for.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, standard_deck

__all__ = ["TravelChain"]

State = tuple[tuple[int, ...], int] | tuple[str]


@dataclass(frozen=True)
class TravelChain:
    """Trips until Captured! (or ``trips`` trips); states are (cards left per kind, trips).

    Rules: ``travel.cards``, ``travel.captured``.
    """

    composition: Deck = field(default_factory=lambda: standard_deck("travel", expansion=True))
    remaining: Deck | None = None
    trips: int | None = None
    captured_held: int = 0

    def __post_init__(self) -> None:
        for name in ("composition", "remaining"):
            value = getattr(self, name)
            if not isinstance(value, Deck) and not (name == "remaining" and value is None):
                raise ValueError(f"{name}={value!r} must be a Deck of travel cards")
        for deck in (self.composition, self.remaining):
            if deck is None:
                continue
            unknown = set(deck.names()) - set(rulebook.TRAVEL_KINDS)
            if unknown:
                raise ValueError(f"not travel cards: {sorted(unknown)}")
        if self.composition.size == 0:
            raise ValueError("the travel deck composition is empty")
        if self.trips is not None and (not isinstance(self.trips, int) or self.trips < 1):
            raise ValueError(f"trips={self.trips!r} must be a whole number >= 1 or None")
        held = self.captured_held
        if isinstance(held, bool) or not isinstance(held, int) or held < 0:
            raise ValueError(f"captured_held={held!r} must be a whole number >= 0")
        in_deck = self.remaining.count("captured") if self.remaining is not None else 0
        if held + in_deck > self.composition.count("captured"):
            raise ValueError(
                f"captured_held={held}: more Captured! cards under figures and in the deck "
                f"than the composition's {self.composition.count('captured')}"
            )
        if self.composition.size == held:
            raise ValueError("the travel deck is empty once the held Captured! cards are out")

    def _fresh(self) -> tuple[int, ...]:
        """A reshuffled deck: the composition less the Captured! cards under figures."""
        held = {"captured": self.captured_held}
        return tuple(self.composition.count(k) - held.get(k, 0) for k in rulebook.TRAVEL_KINDS)

    def initial_state(self) -> State:
        left = self.remaining if self.remaining is not None else self.composition
        return (tuple(left.count(k) for k in rulebook.TRAVEL_KINDS), 0)

    def is_terminal(self, state: State) -> bool:
        return len(state) == 1

    def outcome(self, state: State) -> str:
        return str(state[0])

    def is_chance(self, state: State) -> bool:
        return len(state) == 2

    def chance_outcomes(self, state: State) -> Iterator[tuple[int, Fraction]]:
        pile: tuple[int, ...] = state[0]  # type: ignore[assignment]
        if not any(pile):
            pile = self._fresh()
        size = sum(pile)
        for i, n in enumerate(pile):
            if n:
                yield i, Fraction(n, size)

    def legal_actions(self, state: State) -> Iterator[int]:
        return iter(())

    def apply(self, state: State, kind: int) -> State:
        pile, done = state  # type: ignore[misc]
        if not any(pile):
            pile = self._fresh()
        if rulebook.TRAVEL_KINDS[kind] == "captured":
            return ("captured",)
        if self.trips is not None and done + 1 >= self.trips:
            return ("safe",)
        counted = done + 1 if self.trips is not None else 0  # no counter: the chain may loop
        return (tuple(c - 1 if j == kind else c for j, c in enumerate(pile)), counted)
