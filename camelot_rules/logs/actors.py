"""Who may act, and the goals a line's engine steps start from (the play-log replay).

:class:`Actors` is the replay's first layer above :mod:`camelot_rules.logs.checks`: the branches
where a line's knight may act as the line says, or the rule that keeps him from it (dead,
captured, unmasked, not his turn, no evil step yet); a heroic action taken (with the sacrifice
an older log leaves unwritten); the cards a line shows from a hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from camelot_rules.base.i18n import gettext as _
from camelot_rules.engine import actions as A
from camelot_rules.engine.infoset import reveal
from camelot_rules.engine.knights import TRISTAN_AWAY, TRISTAN_HOME
from camelot_rules.engine.state import GameState, IllegalActionError
from camelot_rules.logs.checks import Checks
from camelot_rules.logs.parse import Event
from camelot_rules.logs.replay import Branch, Unexplained, advance
from camelot_rules.logs.report import knight_name

__all__ = ["Actors", "Goal", "at_evil", "at_heroic", "at_task", "turn_start", "with_state"]

Goal = Callable[[GameState], bool]
_HEROIC_LINES: Final = ("siege", "move", "play", "heal", "accuse", "free")


def at_heroic(seat: int) -> Goal:
    return lambda s: s.outcome is None and not s.pending and s.phase == "heroic" and s.turn == seat


def at_evil(seat: int) -> Goal:
    def goal(s: GameState) -> bool:
        if s.outcome is not None:
            return False
        if not s.pending:
            return s.phase == "evil" and s.turn == seat
        top = s.pending[-1]
        return bool(top[0] == "traitor_evil" and top[1] == seat)

    return goal


# the flags a turn starts with for Sir Tristan's power (RB p.13), not acts of the turn
_TRISTAN: Final = frozenset({TRISTAN_AWAY, TRISTAN_HOME})


def at_task(*kinds: str, seat: int | None = None) -> Goal:
    def goal(s: GameState) -> bool:
        if s.outcome is not None or not s.pending or s.pending[-1][0] not in kinds:
            return False
        return seat is None or s.current_player == seat or s.pending[-1][1] == seat

    return goal


def turn_start(s: GameState) -> bool:
    if s.outcome is not None:
        return False
    if s.phase == "evil":
        return not s.pending and not s.tflags - _TRISTAN
    return (
        s.phase == "traitor"
        and bool(s.pending)
        and s.pending[-1][0] in ("steal_target", "traitor_evil")
        and not s.tflags - _TRISTAN
    )


def with_state(b: Branch, state: GameState) -> Branch:
    return Branch(
        state, b.quests, b.swords, b.shuffles, b.tshuffles, b.rebuild_due, draws_for=b.draws_for
    )


class Actors(Checks):
    """Who acts, and how (see the module docstring)."""

    # --- who acts -------------------------------------------------------------------------------
    def acting(self, b: Branch, seat: int, goal: Goal, ev: Event, *, heroic: bool) -> list[Branch]:
        """The branches where the line's knight may act as it says; else why not (the rule
        that keeps him from acting here)."""
        try:
            return self.reach(b, goal, end_turn=not self.turns_recorded and not heroic)
        except Unexplained as err:
            s = err.state or b.state
            raise self.why_not(s, seat, ev, heroic=heroic, fallback=err) from None

    def why_not(
        self, s: GameState, seat: int, ev: Event, *, heroic: bool, fallback: Unexplained
    ) -> Unexplained:
        who, verb = knight_name(self.name(seat)), ev.verb
        if s.outcome is not None:
            return fallback
        if s.dead[seat]:
            return Unexplained(
                "turn.order",
                _("{who} acts ({verb}) after his death").format(who=who, verb=verb),
                _("a dead knight leaves the game: his figure is removed and his turns are skipped"),
            )
        if s.captured[seat] and not s.revealed[seat]:
            return Unexplained(
                "travel.captured",
                _("{who} acts ({verb}) while captured").format(who=who, verb=verb),
                _(
                    "a captured knight's turns are skipped until another knight frees him (a "
                    "heroic action and a special white card): record the release with a free line"
                ),
            )
        if s.revealed[seat] and heroic:
            return Unexplained(
                "traitor.unmasked-turn",
                _("{who}, the unmasked traitor, takes a heroic action ({verb})").format(
                    who=who, verb=verb
                ),
                _(
                    "the unmasked traitor only discards a knight's card and adds an engine or "
                    "draws a black card"
                ),
            )
        if s.turn != seat and not s.pending:
            return Unexplained(
                "turn.legal-actions",
                _("{who} acts ({verb}) during {turn}'s turn").format(
                    who=who, verb=verb, turn=knight_name(self.name(s.turn))
                ),
                _(
                    "only the knight whose turn it is ({turn}) takes the evil step and heroic "
                    "actions"
                ).format(turn=knight_name(self.name(s.turn))),
            )
        if heroic and s.phase == "evil" and not s.pending:
            return Unexplained(
                "turn.evil-step",
                _("{who}'s turn has no evil step before his action").format(who=who),
                _(
                    "each turn begins with one evil step: draw a black card, add a siege engine "
                    "or lose a life point"
                ),
            )
        if not heroic and s.phase == "heroic" and s.turn == seat:
            return Unexplained(
                "turn.evil-step",
                _("{who} takes a second evil step in one turn").format(who=who),
                _("one evil step a turn: draw a black card, add a siege engine or lose a life"),
            )
        return fallback

    def heroic(self, b: Branch, action: A.Action) -> Branch:
        """``action`` taken; in an older log that never writes sacrifices, a second heroic
        action is bought with the life point the rules ask for."""
        try:
            return advance(b, action)
        except IllegalActionError as err:
            if err.rule_id != "turn.sacrifice" or self.complete or self.sacrifices_recorded:
                raise
            return advance(advance(b, A.Sacrifice()), action)

    def kay_ahead(self, b: Branch, playing: str = "") -> Branch:
        """Sir Kay's card after a combat quest's reveal, shown in his hand before the line that
        fills the quest (the rules ask Kay only when he holds a Fight card): a ``play kay
        fight_V QUEST`` among the next lines of the turn (``playing``: the card Kay lays with
        the line that fills it)."""
        kay = self.seats.get("kay")
        if kay is None or self.knights[kay] != "kay":
            return b
        for ev in self.ahead()[:3]:
            if ev.verb in ("turn", "evil"):
                break
            if ev.verb == "play" and ev.words[0] == "kay" and ev.words[1].startswith("fight_"):
                card = ev.words[1]  # (one more than the card Kay lays now, if the same)
                return self.shown(b, kay, {card: 1 + (playing == card)})
        return b

    def shown(self, b: Branch, seat: int, cards: dict[str, int]) -> Branch:
        return with_state(b, reveal(b.state, seat, cards))
