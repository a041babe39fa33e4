"""Siege race: siege engines pile up while the knights choose between fighting them and
questing.

Rules encoded: every turn the active knight takes an evil-progression step - an engine is added
with probability ``p_engine`` (the player's choice among drawing a black card, adding an engine
or losing a life is a parameter here, ES p.11) - then one heroic action: fight a siege engine
(won with ``p_fight``, or with the exact odds of a hand of ``hand_size`` cards dealt from the
white deck when that is given - ES p.13; a won fight removes one engine) or work on a quest
(progress with ``p_quest``). The 12th engine loses at once (ES p.11; F §4); ``quest_target``
progress wins. With ``turns`` the race stops after that many turns ("holding": not lost yet),
so P("evil_win") is P(12 engines within T turns). The engine count goes up and down, so the
state graph has cycles.

With ``evil_choice`` the evil-progression step is the knights' decision too (ES p.11): add a
siege engine for sure, or draw a black card - which adds an engine with ``p_black_engine`` (a
card of a finished quest, Morgan...) and sets the quest back one step with
``p_black_setback`` (both parameters). The explorer then finds the best draw/fight policy.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from camelot_rules.base.checks import check_bool
from camelot_rules.base.dist import check_probability
from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.odds.siege import random_hand_siege_win_probability

__all__ = ["SiegeRace"]

State = tuple[int, int, int, str] | tuple[str]
_LOSE_AT = rulebook.threshold("siege_engines_to_lose")


@dataclass(frozen=True)
class SiegeRace:
    """Engines and quest progress; the knights maximise ``"loyal_win"``.

    Rules: ``siege.twelfth-engine``.

    States are ``(engines, progress, turn, phase)`` with phase ``"evil"`` (chance: engine
    added?), ``"act"`` (decision: fight or quest), ``"fight"`` / ``"quest"`` (chance), or a
    terminal ``("loyal_win",)``, ``("evil_win",)`` or ``("holding",)``.
    """

    engines: int = 6
    quest_target: int = 3
    p_engine: Fraction = Fraction(1, 2)
    p_fight: Fraction = Fraction(1, 2)
    p_quest: Fraction = Fraction(1, 3)
    hand_size: int | None = None
    expansion: bool = False
    turns: int | None = None
    evil_choice: bool = False
    p_black_engine: Fraction = Fraction(1, 4)
    p_black_setback: Fraction = Fraction(1, 2)

    def __post_init__(self) -> None:
        check_bool("expansion", self.expansion)
        check_bool("evil_choice", self.evil_choice)
        for name in ("p_engine", "p_fight", "p_quest", "p_black_engine", "p_black_setback"):
            check_probability(getattr(self, name), name)
        if Fraction(self.p_black_engine) + Fraction(self.p_black_setback) > 1:
            raise ValueError("p_black_engine + p_black_setback must not exceed 1")
        if not isinstance(self.engines, int) or not 0 <= self.engines < _LOSE_AT:
            raise ValueError(f"engines={self.engines!r} must be 0..{_LOSE_AT - 1}")
        if not isinstance(self.quest_target, int) or self.quest_target < 1:
            raise ValueError(f"quest_target={self.quest_target!r} must be a whole number >= 1")
        if self.turns is not None and (not isinstance(self.turns, int) or self.turns < 1):
            raise ValueError(f"turns={self.turns!r} must be a whole number >= 1 or None")
        if self.hand_size is not None:
            deck = standard_deck("white", expansion=self.expansion)
            p = random_hand_siege_win_probability(deck, self.hand_size)
            object.__setattr__(self, "p_fight", p)

    def initial_state(self) -> State:
        return (self.engines, 0, 0, "evil")

    def is_terminal(self, state: State) -> bool:
        return len(state) == 1

    def outcome(self, state: State) -> str:
        return str(state[0])

    def is_chance(self, state: State) -> bool:
        if len(state) != 4:
            return False
        return state[3] != "act" and not (state[3] == "evil" and self.evil_choice)

    def chance_outcomes(self, state: State) -> Iterator[tuple[str, Fraction]]:
        phase = str(state[-1])
        if phase == "black":
            engine, setback = Fraction(self.p_black_engine), Fraction(self.p_black_setback)
            for name, p in (
                ("engine", engine),
                ("setback", setback),
                ("nothing", 1 - engine - setback),
            ):
                if p:
                    yield name, p
            return
        p = {"evil": self.p_engine, "fight": self.p_fight, "quest": self.p_quest}[phase]
        if p:
            yield "yes", Fraction(p)
        if p != 1:
            yield "no", 1 - Fraction(p)

    def legal_actions(self, state: State) -> Iterator[str]:
        if len(state) == 4 and state[3] == "act":
            yield "fight"
            yield "quest"
        elif len(state) == 4 and state[3] == "evil" and self.evil_choice:
            yield "add_engine"
            yield "draw_black"

    def apply(self, state: State, action: str) -> State:
        engines, progress, turn, phase = state  # type: ignore[misc]
        if phase == "act":
            return (engines, progress, turn, action)
        if phase == "evil" and action == "draw_black":
            return (engines, progress, turn, "black")
        if phase == "black":
            if action == "setback":
                progress = max(progress - 1, 0)
            action = "yes" if action == "engine" else "no"
            phase = "evil"
        if phase == "evil":
            if action in ("yes", "add_engine"):
                engines += 1
                if engines >= _LOSE_AT:
                    return ("evil_win",)
            return (engines, progress, turn, "act")
        if phase == "fight" and action == "yes":
            engines = max(engines - 1, 0)
        if phase == "quest" and action == "yes":
            progress += 1
            if progress >= self.quest_target:
                return ("loyal_win",)
        if self.turns is not None:
            turn += 1
            if turn >= self.turns:
                return ("holding",)
        return (engines, progress, turn, "evil")
