"""The advisor's answers as text: "Where should I go?" (the exact one-turn quest odds,
:func:`~camelot_rules.odds.quests.turn_choices`) and "What now?" (the legal actions ranked by
:func:`~camelot_rules.sim.advisor.advise`), for ``camelot-rules advise`` and the tracker's
"What now?" box, from a play log (:func:`~camelot_rules.sim.logged.logged_position`) or an
engine position."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.names import display_name
from camelot_rules.engine.state import GameState
from camelot_rules.front.display import fmt_fraction, fmt_percent, text_table
from camelot_rules.front.steps import step_text
from camelot_rules.odds.quests import TurnChoice, turn_choices
from camelot_rules.sim.advisor import advise
from camelot_rules.sim.logged import logged_position, logged_record

# The text :func:`~camelot_rules.odds.quests.turn_choices` gives every discard for Excalibur
_EXCALIBUR = N_("discard a card for Excalibur")

__all__ = ["advice_from_log", "at_heroic_decision", "choice_label", "what_now", "where_to_go"]


def choice_label(choice: TurnChoice) -> str:
    """The action of ``choice`` in the language in force, its quest by its printed name (the
    dashboard's texts, :func:`~camelot_rules.front.steps.step_text`; a choice without the
    engine's action is shown by its text).

    >>> from fractions import Fraction
    >>> from camelot_rules.base.i18n import language
    >>> from camelot_rules.engine.actions import Move
    >>> with language("es"):
    ...     zero = Fraction(0)
    ...     choice_label(TurnChoice("move to picts", "picts", zero, zero, Move("picts")))
    'ir a Guerra contra los Pictos'
    """
    if choice.move is None:
        return choice.action
    if choice.action == _EXCALIBUR:  # any card may go: one line for them all
        return _(_EXCALIBUR)
    return step_text(choice.move)


def at_heroic_decision(state: GameState) -> bool:
    """Whether a knight chooses his heroic action at ``state`` (the position "Where should I
    go?" answers: phase ``heroic``, no task or chance step pending, the game not over)."""
    return (
        state.phase == "heroic"
        and not state.pending
        and not state.is_chance()
        and not state.is_terminal()
    )


def where_to_go(state: GameState) -> str:
    """The exact one-turn quest odds of the knight deciding at ``state`` as a table ("" when
    the calculator has none for this position; ``ValueError`` for one it refuses). The
    actions and quests are named in the language in force."""
    choices = turn_choices(state)
    if not choices:
        return ""
    table = text_table(  # each action names its quest: no column of quests (phones)
        [_("action"), _("P(won now)"), _("P(lost before my next turn)")],
        [
            [
                choice_label(c),
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
    out.append(advice.text(label=lambda a: step_text(a, knights=state.knights)))
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
    keyword arguments). With ``where_only``, a log that does not stop at a heroic decision
    raises ``ValueError`` naming the line and the knight."""
    logged = logged_position(text, hand=hand, line=line, sizes=sizes, traitor=traitor)
    if how.get("where_only") and not at_heroic_decision(logged.state):
        raise ValueError(
            _(
                "line {line}: {knight} is not choosing a heroic action there: give the log up "
                "to the line where he is about to choose one (after his evil step, before "
                "his heroic action)"
            ).format(line=logged.line, knight=display_name(logged.knight, "knight"))
        )
    heroic = logged.state.phase == "heroic"
    head = _("{path}, line {line}: {knight}'s turn ({phase})").format(
        path=name or _("the log"),
        line=logged.line,
        knight=display_name(logged.knight, "knight"),
        phase=_("his heroic action") if heroic else _("his evil step"),
    )
    notes = [head, _("Read from the log, assumed: ") + "; ".join(logged.assumptions)]
    return what_now(
        logged.state,
        record=logged_record(text, line),
        notes=notes,
        **how,  # type: ignore[arg-type]
    )
