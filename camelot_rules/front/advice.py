"""The advisor's answers as text: "Where should I go?" (the exact one-turn quest odds,
:func:`~camelot_rules.odds.quests.turn_choices`) and "What now?" (the legal actions ranked by
:func:`~camelot_rules.sim.advisor.advise`), for ``camelot-rules advise`` and the tracker's
"What now?" box, from a play log (:func:`~camelot_rules.sim.logged.logged_position`) or an
engine position."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from camelot_rules.base.i18n import gettext as _
from camelot_rules.engine.state import GameState
from camelot_rules.front.display import fmt_fraction, fmt_percent, text_table
from camelot_rules.odds.quests import turn_choices
from camelot_rules.sim.advisor import advise
from camelot_rules.sim.logged import logged_position, logged_record

__all__ = ["advice_from_log", "what_now", "where_to_go"]


def where_to_go(state: GameState) -> str:
    """The exact one-turn quest odds of the knight deciding at ``state`` as a table ("" when
    the calculator has none for this position; ``ValueError`` for one it refuses)."""
    choices = turn_choices(state)
    if not choices:
        return ""
    table = text_table(
        [_("action"), _("quest"), _("P(won now)"), _("P(lost before my next turn)")],
        [
            [
                c.action,
                c.quest,
                f"{fmt_fraction(c.p_win_now)} ({fmt_percent(c.p_win_now)})",
                f"{fmt_fraction(c.p_lost_soon)} ({fmt_percent(c.p_lost_soon)})",
            ]
            for c in choices
        ],
    )
    return _("Where should I go? (exact, this turn)") + "\n" + table


def what_now(
    state: GameState,
    *,
    record: Sequence[tuple[int, str | None]] = (),
    notes: Sequence[str] = (),
    seconds: float = 10.0,
    seed: int = 0,
    where_only: bool = False,
    progress: Callable[[float, object], object] | None = None,
    max_worlds: int = 100_000,
) -> str:
    """The advisor's whole answer for ``state``: ``notes`` (what was read and assumed), then
    "Where should I go?" at a heroic decision, then (unless ``where_only``) the ranked
    actions within ``seconds``."""
    out: list[str] = list(notes)
    if where_only or (state.phase == "heroic" and not state.pending and not state.is_chance()):
        try:
            table = where_to_go(state)
        except ValueError as err:
            if where_only:
                raise
            table = str(err)
        if table:
            out.append(table)
        if where_only:
            return "\n".join(out)
    advice = advise(
        state,
        seconds=seconds,
        seed=seed,
        record=record,
        progress=progress,
        max_worlds=max_worlds,
    )
    if out:
        out.append("")
    out.append(_("What now? Each legal action, then whole games played on by the heuristics:"))
    out.append(advice.text())
    return "\n".join(out)


def advice_from_log(
    text: str,
    *,
    hand: Mapping[str, int] | None = None,
    line: int | None = None,
    sizes: Sequence[int] | None = None,
    traitor: str = "standard",
    name: str = "",
    **how: object,
) -> str:
    """:func:`what_now` for the knight deciding after the play log ``text`` (``how``: its
    keyword arguments)."""
    logged = logged_position(text, hand=hand, line=line, sizes=sizes, traitor=traitor)
    head = _("{path}, line {line}: {knight}'s turn ({phase})").format(
        path=name or _("the log"), line=logged.line, knight=logged.knight, phase=logged.state.phase
    )
    notes = [head, _("Read from the log, assumed: ") + "; ".join(logged.assumptions)]
    return what_now(
        logged.state,
        record=logged_record(text, line),
        notes=notes,
        **how,  # type: ignore[arg-type]
    )
