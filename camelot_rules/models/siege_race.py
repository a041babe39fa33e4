"""Siege race: siege engines pile up while the knights choose between fighting them and
questing.

Rules encoded: every turn the active knight takes an evil-progression step - an engine is added
with probability ``p_engine`` (the player's choice among drawing a black card, adding an engine
or losing a life is a parameter here, ES p.11) - then one heroic action: fight a siege engine
(won with ``p_fight``; a won fight removes one engine, ES p.13) or work on a quest (progress with
``p_quest``). The 12th engine loses at once (ES p.11; F §4); ``quest_target`` progress wins.
The engine count goes up and down, so the state graph has cycles.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from camelot_rules import rulebook
from camelot_rules.dist import check_probability

__all__ = ["SiegeRace"]

State = tuple[int, int, str] | tuple[str]
_LOSE_AT = rulebook.threshold("siege_engines_to_lose")


@dataclass(frozen=True)
class SiegeRace:
    """Engines and quest progress; the knights maximise ``"loyal_win"``.

    States are ``(engines, progress, phase)`` with phase ``"evil"`` (chance: engine added?),
    ``"act"`` (decision: fight or quest), ``"fight"`` / ``"quest"`` (chance), or a terminal
    ``("loyal_win",)`` / ``("evil_win",)``.
    """

    engines: int = 6
    quest_target: int = 3
    p_engine: Fraction = Fraction(1, 2)
    p_fight: Fraction = Fraction(1, 2)
    p_quest: Fraction = Fraction(1, 3)

    def __post_init__(self) -> None:
        for name in ("p_engine", "p_fight", "p_quest"):
            check_probability(getattr(self, name), name)
        if not isinstance(self.engines, int) or not 0 <= self.engines < _LOSE_AT:
            raise ValueError(f"engines={self.engines!r} must be 0..{_LOSE_AT - 1}")
        if not isinstance(self.quest_target, int) or self.quest_target < 1:
            raise ValueError(f"quest_target={self.quest_target!r} must be a whole number >= 1")

    def initial_state(self) -> State:
        return (self.engines, 0, "evil")

    def is_terminal(self, state: State) -> bool:
        return len(state) == 1

    def outcome(self, state: State) -> str:
        return str(state[0])

    def is_chance(self, state: State) -> bool:
        return len(state) == 3 and state[2] != "act"

    def chance_outcomes(self, state: State) -> Iterator[tuple[str, Fraction]]:
        phase = str(state[-1])
        p = {"evil": self.p_engine, "fight": self.p_fight, "quest": self.p_quest}[phase]
        if p:
            yield "yes", Fraction(p)
        if p != 1:
            yield "no", 1 - Fraction(p)

    def legal_actions(self, state: State) -> Iterator[str]:
        if len(state) == 3 and state[2] == "act":
            yield "fight"
            yield "quest"

    def apply(self, state: State, action: str) -> State:
        engines, progress, phase = state  # type: ignore[misc]
        if phase == "act":
            return (engines, progress, action)
        if phase == "evil":
            if action == "yes":
                engines += 1
                if engines >= _LOSE_AT:
                    return ("evil_win",)
            return (engines, progress, "act")
        if phase == "fight" and action == "yes":
            engines = max(engines - 1, 0)
        if phase == "quest" and action == "yes":
            progress += 1
            if progress >= self.quest_target:
                return ("loyal_win",)
        return (engines, progress, "evil")
