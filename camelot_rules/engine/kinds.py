"""The kinds of pending task: small typed records of what each kind does.

A state's ``pending`` stack holds tasks, each a tuple ``(kind, *args)`` (top last: hashable,
compact, saved as JSON). What a task of each kind does is one record in one table,
:data:`camelot_rules.engine.tasks.TASKS`. There are three sorts:

- a :class:`Decision` asks one seat to choose (a Merlin cancel, a face-down combat card, Sir
  Kay's extra card...): who acts, the legal actions, what the chosen one does, what the seat
  is asked (a catalog message) and the registry rule it applies;
- a :class:`Chance` event is a card drawn or the siege die rolled: its outcomes with integer
  weights, what the drawn one does, whether anything can be drawn at all, what the table sees;
- an :class:`Automatic` step runs by itself (a black card's effect, a quest's end, the end of
  a turn).

The functions named in a record take the state being built (a fresh copy inside ``apply``)
and the task; a decision's and a chance's ``resolve`` also the action or outcome chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from camelot_rules.engine.actions import Action, Outcome
from camelot_rules.engine.state import GameState

__all__ = ["Automatic", "Chance", "Decision", "TaskKind"]


@dataclass(frozen=True)
class TaskKind:
    """A kind of pending task; ``name`` is the tag in the first place of its tuples."""

    name: str


@dataclass(frozen=True)
class Decision(TaskKind):
    """A choice one seat makes in the middle of a resolution (rule ``turn.pending``).

    ``actions`` may be empty: nobody can answer, and the task is skipped. ``secret``: the
    public note names the question (``text``), not the answer (a card given or kept).
    ``holds`` names a card the task holds while it waits, for the census: ``("black", 1)``
    is a black card in the task's place 1.
    """

    rule: str
    text: str
    seat: Callable[[GameState, tuple[Any, ...]], int]
    actions: Callable[[GameState, tuple[Any, ...]], list[Action]]
    resolve: Callable[[GameState, tuple[Any, ...], Any], None]
    secret: bool = False
    holds: tuple[str, int] | None = None


@dataclass(frozen=True)
class Chance(TaskKind):
    """A chance event (rule ``turn.chance``): ``outcomes`` with integer weights (a card drawn
    from a pile weighs its count there).

    ``possible`` (None: always) says whether there is anything to draw - a pile can be empty
    even after a reshuffle, when every card is in hands or on the board; the event then does
    not happen. ``shown`` is what the table sees of the outcome, formatted with the task's
    places (``"seat {1} draws a white card"``); empty: the outcome itself. ``rule`` is the
    registry id an outcome the event cannot give breaks (a card the pile does not hold).
    """

    outcomes: Callable[[GameState, tuple[Any, ...]], tuple[list[Outcome], list[int]]]
    resolve: Callable[[GameState, tuple[Any, ...], Any], None]
    possible: Callable[[GameState, tuple[Any, ...]], bool] | None = None
    shown: str = ""
    rule: str = "turn.chance"


@dataclass(frozen=True)
class Automatic(TaskKind):
    """A step that runs by itself once it is on top of the stack. ``holds``: as for a
    :class:`Decision`."""

    run: Callable[[GameState, tuple[Any, ...]], None]
    holds: tuple[str, int] | None = None
