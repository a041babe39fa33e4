"""The pending tasks of a state checked one by one (a saved game carries its stack of tasks):
each a known kind with its values of the right types, what it needs of the position when its
turn comes, and the tasks above it those the engine puts there.

:data:`TASK_ARGS` lists every kind of task the engine pushes (``camelot_rules.engine.tasks``
and ``.expansion``) with what it holds after its name, place by place; the tests hold it to the
tasks seen in play.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from camelot_rules.base import fields as F
from camelot_rules.base.checks import check_seat
from camelot_rules.data import rulebook
from camelot_rules.engine import vocab as W
from camelot_rules.engine.state import QUEST_NAMES, GameState

__all__ = ["AUTOMATIC", "TASK_ARGS", "check_pending", "task_kinds"]

# What each kind of pending task holds after its name, place by place (the tuples
# camelot_rules.engine.tasks.TASKS runs; a saved game carries them as lists).
TASK_ARGS: Final[dict[str, tuple[str, ...]]] = {
    # chance events
    "deal_knight": ("seat",),
    "deal_loyalty": ("seat",),
    "wdraw": ("seat", "count"),
    "bdraw": ("seat",),
    "reveal": ("count",),
    "roll": ("seat", "total"),
    "steal": ("seat", "seat"),
    "pool_deal": ("seat",),
    "tdraw": ("seat", "place"),
    # decisions
    "offer": ("seat",),
    "take": ("seat",),
    "merlin": ("black", "seat", "seats", "index", "pledges"),
    "excal": ("black", "seat"),
    "face": ("combat_black", "seat"),
    "war": ("war_black", "seat"),
    "volunteer": ("black", "seat", "seats", "index"),
    "discard": ("seat", "count", "text"),
    "kay_combat": ("combat_quest", "seat_or_none"),
    "kay_siege": ("seat", "total", "face"),
    "drink": ("seat",),
    "keep2": ("seat", "keep_mode"),
    "arthur_return": ("seat", "seat"),
    "clair": ("seat", "count", "blacks"),
    "join": ("seat", "seats", "index"),
    "messenger": ("seat", "seat", "total"),
    "steal_target": ("seat",),
    "traitor_evil": ("seat",),
    # automatic steps
    "effect": ("black", "seat"),
    "combat": ("combat_quest", "seat_or_none"),
    "quest_end": ("quest", "bool", "seat_or_none"),
    "after_evil": (),
    "end_turn": (),
    "warrior": ("war",),
    "begin": (),
    "share_setup": (),
    "deal_merlins": (),
    # Merlin's Company
    "demand": ("seat", "place", "demand"),
    "witch4": ("seat",),
    "call": ("seat", "place", "seats", "index"),
    "slayer": ("seat",),
}
_SETUP_TASKS: Final = frozenset(
    {
        "deal_knight",
        "deal_loyalty",
        "deal_merlins",
        "share_setup",
        "begin",
        "offer",
        "take",
        "pool_deal",
    }
)
_EXPANSION_TASKS: Final = frozenset({"tdraw", "demand", "witch4", "call", "slayer"})
#: the tasks that run by themselves: the engine never hands out a state with one on top
AUTOMATIC: Final = frozenset(
    {
        "effect",
        "combat",
        "quest_end",
        "after_evil",
        "end_turn",
        "warrior",
        "begin",
        "share_setup",
        "deal_merlins",
    }
)


#: tasks that hold a resolution in progress (cards seen, pledges, whose answer is next): the
#: engine resumes them with nothing changed in between, so only these kinds ever lie above
#: them (none: they are the top of the stack)
_ONLY_UNDER: Final[dict[str, frozenset[str]]] = {
    "clair": frozenset({"reveal"}),
    "keep2": frozenset({"reveal"}),
    "witch4": frozenset({"witch4"}),
    "slayer": frozenset({"wdraw", "slayer"}),
    **{
        kind: frozenset()
        for kind in (
            "merlin",
            "volunteer",
            "join",
            "call",
            "messenger",
            "excal",
            "face",
            "war",
            "kay_siege",
            "kay_combat",
            "roll",
            "tdraw",
            "demand",
            "steal",
            "arthur_return",
            "reveal",
            "drink",
        )
    },
}


def task_kinds() -> frozenset[str]:
    """The kinds of pending task a saved game may hold (the tests hold this to the engine)."""
    return frozenset(TASK_ARGS)


def _task(s: GameState, k: int, task: tuple[Any, ...]) -> None:
    n = s.cfg.players
    field = f"pending[{k}]"
    kind = task[0] if task else None
    if not isinstance(kind, str) or kind not in TASK_ARGS:
        raise ValueError(
            f"{field}={F.short(task)}: unknown task; expected one of {sorted(TASK_ARGS)}"
        )
    if kind in _EXPANSION_TASKS and not s.cfg.expansion:
        raise ValueError(f"{field}={F.short(task)}: a task of Merlin's Company in a base game")
    spec = TASK_ARGS[kind]
    if len(task) != len(spec) + 1:
        F.fail(field, task, f"{kind} with {len(spec)} values ({', '.join(spec)})")
    black = s.cfg.black_names
    for i, (what, value) in enumerate(zip(spec, task[1:]), start=1):
        where = f"{field}[{i}]"
        if what == "seat":
            check_seat(where, value, n)
        elif what == "seat_or_none":
            F.whole(where, value, -1, n - 1, " (a seat, or -1 for none)")
        elif what == "count":
            F.whole(where, value, 1, F.MOST)
        elif what == "total":
            F.whole(where, value, 0, F.MOST)
        elif what == "face":
            F.whole(where, value, 1, W.FACES)
        elif what == "index":
            items = task[i - 1]
            F.whole(where, value, 0, max(0, len(items) - 1))
        elif what == "seats":
            seats = F.seats(where, value, n)
            if not seats:
                F.fail(where, value, "at least one seat")
        elif what == "pledges":
            for pair in F.items(where, value, "(seat, Merlin cards) pairs"):
                if not isinstance(pair, tuple) or len(pair) != 2:
                    F.fail(where, pair, "a (seat, Merlin cards) pair")
                check_seat(where, pair[0], n)
                F.whole(where, pair[1], 1, rulebook.threshold("merlins_to_cancel"))
        elif what == "black":
            F.one_of(where, value, black)
        elif what == "blacks":
            F.members(where, value, black, "a black card")
        elif what == "combat_black":
            F.one_of(
                where,
                value,
                tuple(c for c in black if c.startswith(("black_knight_", "lancelot_dragon_"))),
            )
        elif what == "war_black":
            F.one_of(where, value, ("mercenaries", "mordred"))
        elif what == "combat_quest":
            F.one_of(where, value, tuple(W.COMBAT_PREFIX))
        elif what == "quest":
            F.one_of(where, value, QUEST_NAMES)
        elif what == "place":
            F.one_of(where, value, W.PLACES)
        elif what == "war":
            F.one_of(where, value, W.WARS)
        elif what == "demand":
            F.one_of(where, value, tuple(d.card for d in rulebook.TRAVEL_DEMANDS))
        elif what == "keep_mode":
            F.one_of(where, value, ("draw", "peek"))
        elif what == "bool":
            F.yes_no(where, value)
        elif what == "text":
            if not isinstance(value, str) or len(value) > 40:
                F.fail(where, value, "a short text (what the discard is for)")
        else:  # pragma: no cover - every kind of value is listed above
            raise AssertionError(what)
    _task_in_context(s, field, kind, task)


def _task_in_context(s: GameState, field: str, kind: str, task: tuple[Any, ...]) -> None:
    """What a task needs of the position to be resolved when its turn comes."""
    wi = s.cfg.white_index
    if kind in _SETUP_TASKS and s.phase != "setup" and kind not in ("offer", "take", "pool_deal"):
        raise ValueError(f"{field}={F.short(task)}: a setup step after the setup")
    if kind in ("roll", "kay_siege") and s.engines < 1:
        raise ValueError(f"{field}={F.short(task)}: a siege fight with no siege engine")
    for i, what in enumerate(TASK_ARGS[kind], start=1):
        if s.phase == "setup" or what not in ("seat", "seats"):
            continue
        for seat in (task[i],) if what == "seat" else task[i]:
            if s.dead[seat]:
                raise ValueError(f"{field}={F.short(task)}: seat {seat} is dead")
    if kind in ("kay_combat", "kay_siege") and "kay" not in s.knights:
        raise ValueError(f"{field}={F.short(task)}: Sir Kay is not at the table")
    if kind == "excal" and not (0 <= s.relics[0] < s.cfg.players):
        raise ValueError(f"{field}={F.short(task)}: nobody holds Excalibur")
    if kind == "witch4" and not s.hands[task[1]][wi["grail"]]:
        raise ValueError(f"{field}={F.short(task)}: seat {task[1]} holds no Grail card")
    if kind == "merlin":
        held = Counter[int]()
        for seat, k in task[5]:
            held[seat] += k
        for seat, k in held.items():
            if s.hands[seat][wi["merlin"]] < k:
                raise ValueError(f"{field}={F.short(task)}: seat {seat} holds fewer Merlin cards")
    if kind == "clair":
        known = Counter(s.btop[: task[2]])
        if Counter(task[3]) - known:
            raise ValueError(f"{field}={F.short(task)}: cards put back that are not on top")
    if kind in ("face", "combat", "kay_combat"):
        card_quest = task[1]
        if kind == "face":
            card_quest = "black_knight" if task[1].startswith("black_knight_") else "ld"
        if card_quest in ("ld", "lancelot", "dragon") and s.ld_mode == "over":
            raise ValueError(f"{field}={F.short(task)}: the Lancelot/Dragon quest is over")
        if card_quest in ("lancelot", "dragon") and card_quest != s.ld_mode:
            raise ValueError(f"{field}={F.short(task)}: {card_quest} is not in play")
    if kind == "quest_end":
        quest = task[1]
        if (
            (quest in ("lancelot", "dragon") and quest != s.ld_mode)
            or (quest == "excalibur" and s.exc_over)
            or (quest == "grail" and s.grail_over)
        ):
            raise ValueError(f"{field}={F.short(task)}: that quest is not in play")
    if kind == "keep2" and s.pending and s.pending[-1] is task and len(s.btop) < 2:
        raise ValueError(f"{field}={F.short(task)}: two black cards must be on top")


def check_pending(s: GameState) -> None:
    """Each pending task: a known kind, its values of the right types and ranges, and what it
    needs of the position when its turn comes (the stack as the engine builds it)."""
    tasks = s.pending
    if len(tasks) > 1000:
        F.fail("pending", f"<{len(tasks)} tasks>", "at most 1000 tasks")
    for k, task in enumerate(tasks):
        _task(s, k, task)
        allowed = _ONLY_UNDER.get(task[0])
        if allowed is not None:
            above = sorted({t[0] for t in tasks[k + 1 :]} - allowed)
            if above:
                raise ValueError(
                    f"pending[{k}]={F.short(task)}: a {above[0]!r} task above it; the engine "
                    "resumes it next"
                )
    if s.outcome is not None:
        if tasks or s.phase != "over":
            raise ValueError("outcome: a finished game has phase 'over' and nothing pending")
        return
    if s.phase == "over":
        raise ValueError("phase='over' but the game has no outcome")
    if s.phase in ("setup", "traitor") and not tasks:
        raise ValueError(f"phase={s.phase!r} with nothing pending: nothing could happen next")
    if s.phase == "setup":
        _check_setup(s)
    elif any(not k for k in s.knights):
        raise ValueError("knights: every seat has its knight once the game is set up")


def _check_setup(s: GameState) -> None:
    """Before and during the deal: what is left to deal covers the seats still to be dealt."""
    pool, loyal, traitors = s.deal_pool
    seated = {k for k in s.knights if k}
    if seated & set(pool) or len(set(pool)) != len(pool):
        raise ValueError("deal_pool: a knight both seated and still to deal, or twice")
    kinds = Counter(t[0] for t in s.pending)
    if kinds["deal_knight"] > len(pool):
        raise ValueError("deal_pool: fewer knights left than seats to deal")
    if kinds["deal_loyalty"] > loyal + traitors:
        raise ValueError("deal_pool: fewer loyalty cards left than seats to deal")
    waiting = {t[1] for t in s.pending if t[0] == "deal_knight"}
    if any(not k and seat not in waiting for seat, k in enumerate(s.knights)):
        raise ValueError("knights: a seat without a knight and none to be dealt")
    dealt = {t[1] for t in s.pending if t[0] == "deal_loyalty"}
    if any(not c and seat not in dealt for seat, c in enumerate(s.loyalty)):
        raise ValueError("loyalty: a seat without a loyalty card and none to be dealt")
    most = W.most_traitors(s.cfg.players, s.cfg.expansion, s.cfg.option("traitor"))
    if s.loyalty.count("traitor") + traitors > most:
        raise ValueError("deal_pool: more traitors than the box deals at this table")
