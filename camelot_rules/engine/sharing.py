"""White cards shared by agreement: the opening share (RB p.8), a quest's spoils (BoQ p.4) and
Convocation's cards (BoQ p.14).

The three texts let the knights share the cards as they agree ("A Knight, in a noble gesture,
may voluntarily take none of the shared cards, while others may pick up several", RB p.8) and
fall back on a random deal only when they do not agree. The engine models the agreement as a
decision that can reach any split: the knights sharing are asked in turn, round the table from
the first (the quest's winner, the player of Convocation, King Arthur at the start), each taking
one card of those left or none (``Take(None)``), until every card is taken; so that the round
ends, a knight may take none only while someone since the last card taken has not yet passed.
The random deal is the option ``spoils_share="random"`` / ``opening_share="random"``.

Tasks: the chance ``("pool_draw", n)`` draws ``n`` white cards from the draw pile face up onto
the table (the pool), the decision ``("share", seat, seats, index, passes)`` asks ``seat``
(``seats[index]``) to take a card; ``passes`` counts the knights who took none since the last
card taken. Rules: ``share.by-agreement``.
"""

from __future__ import annotations

from typing import Any

from camelot_rules.engine.actions import Action, Draw, Outcome, Take, made
from camelot_rules.engine.board import (
    nonzero,
    note,
    pile_draws,
    push,
    reshuffle_both,
    set_hand,
    vec_add,
)
from camelot_rules.engine.state import GameState

__all__ = [
    "pool_draw_outcomes",
    "pool_draw_possible",
    "resolve_pool_draw",
    "resolve_share",
    "share_actions",
    "share_seat",
    "share_task",
]


def share_task(seats: list[int], first: int) -> tuple[Any, ...]:
    """The task sharing the pool among ``seats``, asking ``first`` (one of them) first."""
    order = tuple([first] + [x for x in seats if x != first])
    return ("share", first, order, 0, 0)


def share_seat(s: GameState, task: tuple[Any, ...]) -> int:
    return int(task[1])


def share_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    """Task ``("share", seat, seats, index, passes)``: any card of the pool, or none while
    another knight sharing has not passed since the last card was taken. Rules:
    ``share.by-agreement``, ``setup.opening-share``."""
    if not any(s.pool):
        return []
    names = s.cfg.white_names
    out: list[Action] = [made(Take, names[i]) for i, c in enumerate(s.pool) if c]
    if task[4] < len(task[2]) - 1:
        out.append(made(Take, None))
    return out


def resolve_share(s: GameState, task: tuple[Any, ...], a: Take) -> None:
    """The card into the hand (or none), then the next knight sharing, while cards are left.
    Rules: ``share.by-agreement``."""
    seat, seats, index, passes = task[1], task[2], task[3], task[4]
    if a.card is None:
        passes += 1
        note(s, f"seat {seat} takes none of the shared cards", "share.by-agreement")
    else:
        i = s.cfg.white_index[a.card]
        s._set(pool=vec_add(s.pool, i, -1))
        set_hand(s, seat, vec_add(s.hands[seat], i, 1))
        passes = 0
        note(s, f"seat {seat} takes {a.card}", "share.by-agreement")
    if any(s.pool):
        nxt = (index + 1) % len(seats)
        push(s, ("share", seats[nxt], seats, nxt, passes))


# --- the cards drawn face up for sharing (the chance task "pool_draw") ---------------------------
def pool_draw_outcomes(s: GameState, task: tuple[Any, ...]) -> tuple[list[Outcome], list[int]]:
    """Task ``("pool_draw", n)``: any white card of the draw pile, by its count there."""
    return nonzero(pile_draws("white", s.cfg.white_names), s.wpile)


def pool_draw_possible(s: GameState, task: tuple[Any, ...]) -> bool:
    return any(s.wpile)


def resolve_pool_draw(s: GameState, task: tuple[Any, ...], outcome: Draw) -> None:
    """The card face up onto the table; an empty pile reshuffles both colours (RB p.13; BoQ
    p.14); the next of ``n`` cards is queued."""
    i = s.cfg.white_index[outcome.card]
    s._set(wpile=vec_add(s.wpile, i, -1), pool=vec_add(s.pool, i, 1))
    if not any(s.wpile):
        reshuffle_both(s)
    if task[1] > 1:
        push(s, ("pool_draw", task[1] - 1))
