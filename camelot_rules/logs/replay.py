"""The replay: each line of a play log explained by engine steps on the table's view.

A log records what the table saw; the engine (:mod:`camelot_rules.engine`) knows the rules. The
replay keeps the *branches* - table's views (:mod:`camelot_rules.engine.infoset`) consistent
with every line so far - and advances each by the engine steps a line stands for: ``evil kay
black`` is ``DrawBlack`` in Kay's Progression of Evil, ``draw black despair`` the chance outcome
``Draw("black", "despair")``, ``siege kay cards=3,4 roll=6 won`` a ``FightEngine((4, 3))`` with
the Fight cards taken from Kay's unseen cards, the roll, and the result compared with the
engine's. Between lines the replay takes the steps a log does not write (the white cards drawn
unseen, an optional response not taken, the end of a turn before the next ``turn`` line); where
the log leaves a choice the table made open (a combat card laid face up or down, in a log that
does not say), every choice is kept as a branch, until a later line rules it out.

A line that no branch explains is a violation: the rule id is the engine's (an
:class:`~camelot_rules.engine.state.IllegalActionError`'s, or the rule of the step whose result
the line contradicts); the replay then writes what the line recorded over the view
(:func:`~camelot_rules.engine.infoset.correct`) or passes over it, so that one broken rule is
reported once. The replay holds no rule of its own: parsing is :mod:`camelot_rules.logs.parse`,
what each kind of line stands for is :mod:`camelot_rules.logs.lines` (a subclass of
:class:`Replay` with a method ``on_<verb>`` for each kind of line), the steps a log does not
write and how the replay goes on after a violation :mod:`camelot_rules.logs.unwritten`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final, TypeVar

from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import standard_deck
from camelot_rules.engine import actions as A
from camelot_rules.engine.expansion import WITCH_RULES
from camelot_rules.engine.infoset import forget, hide_order, hide_pile
from camelot_rules.engine.state import GameState, IllegalActionError
from camelot_rules.logs.parse import Event
from camelot_rules.logs.report import Violation, knight_name, violation

__all__ = ["Branch", "Replay", "Unexplained"]

MAX_BRANCHES: Final = 48  # explanations kept at once (a log that leaves many choices open)
_MAX_IMPLICIT: Final = 400  # steps the log does not write, between two lines
# the choices a table makes in the open: a line of the log may record them after lines that
# record what the table sees
_OPEN_CHOICES: Final = {
    "volunteer": "volunteer",
    "drink": "drink",
    "merlin": "cancel",
    "excal": "cancel",
    "kay_combat": "play",
    "slayer": "play",
    "witch4": "discard",
    "steal_target": "steal",
}
# chance events a log always names (a black card, a travel card)
_LOGGED: Final = frozenset({"bdraw", "tdraw"})
# the lines that record an action (the lines between record what the table sees)
_ACTIONS: Final = frozenset(
    {
        "turn",
        "evil",
        "draw",
        "siege",
        "move",
        "play",
        "heal",
        "sacrifice",
        "free",
        "accuse",
        "power",
    }
)
# what a turn in which a line was refused leaves behind: not reported again at its end
_AFTERMATH: Final = frozenset(
    {"turn.heroic-action", "turn.evil-step", "turn.pending", "evil.black-card", "siege.fight"}
)


class Unexplained(ValueError):
    """A line no engine step explains: the rule it breaks, what happened and the rule as the
    table should have applied it (both in the reader's language; the fix may be empty: the
    rule's statement is used)."""

    def __init__(self, rule_id: str, message: str, fix: str = "") -> None:
        super().__init__(message)
        self.rule_id = rule_id
        self.message = message
        self.fix = fix
        self.state: GameState | None = None  # where the replay stopped, when it did
        self.partial: list[Branch] | None = None  # the branches after the part explained
        self.at_line = 0  # the line to report it at, when an earlier line left it owing


@dataclass(frozen=True)
class Branch:
    """One explanation of the log so far: the table's view, and what the log has still to
    record of it - quests ended (``quests``: quest, won, white, black, engines laid, and the
    rule of the witch whose coming ended it, or ``""``), the swords the lines have accounted
    for, reshuffles not yet written, a First Witch's rebuild; ``draws_for``: the rule of the
    last decision when it called for white cards (a card drawn past them breaks it)."""

    state: GameState
    quests: tuple[tuple[str, bool, int, int, int, str], ...] = ()
    swords: tuple[int, int] = (0, 0)
    shuffles: int = 0
    tshuffles: int = 0
    rebuild_due: int = 0
    line: int = 0  # the last line that moved the view on
    draws_for: str = ""


Move = Callable[[Branch], Branch]
_T = TypeVar("_T")
Goal = Callable[[GameState], bool]


def laid_swords(s: GameState) -> tuple[int, int]:
    """The swords laid on the Round Table, before a hidden traitor turned any at the end."""
    if s.outcome is not None and s.outcome.cause == "12 swords":
        for ev in reversed(s.events):
            if ev[0] == "count":
                return int(ev[1]), int(ev[2])
    return s.wsw, s.bsw


def _pile_sizes(s: GameState) -> tuple[int, int, int]:
    return sum(s.wpile), sum(s.bpile) + len(s.btop) + len(s.bbottom), sum(s.tpile) + len(s.ttop)


# the engine's tasks that hold a black card drawn until its effect (``(kind, card, ...)``): the
# three Merlin cards' question, Excalibur's, the effect itself
_HELD_BLACK: Final = frozenset({"merlin", "excal", "effect"})


def _witch_rule(s0: GameState, s1: GameState, move: A.Action | A.Outcome) -> str:
    """The rule of the witch whose effect the step from ``s0`` to ``s1`` applied (the black
    card drawn, or one that waited for the answers to a cancel), or ``""``."""
    cards = [t[1] for t in s0.pending if t[0] in _HELD_BLACK and t not in s1.pending]
    if isinstance(move, A.Draw) and move.pile == "black":
        cards.append(move.card)
    return next((WITCH_RULES[c] for c in cards if c in WITCH_RULES), "")


def advance(b: Branch, move: A.Action | A.Outcome) -> Branch:
    """``b`` after one engine step (the engine refuses an illegal one with its rule), with the
    quests it ended and the reshuffles it made noted for the lines to come."""
    s0 = b.state
    s1 = hide_order(hide_pile(s0.step(move)))
    changes: dict[str, Any] = {}
    if len(s1.events) != len(s0.events):
        w0, b0 = laid_swords(s0)
        w1, b1 = laid_swords(s1)
        ends = [ev for ev in s1.events[len(s0.events) :] if ev[0] == "quest"]
        by = _witch_rule(s0, s1, move) if ends else ""
        for k, ev in enumerate(ends):
            laid = (w1 - w0, b1 - b0, s1.engines - s0.engines) if k == 0 else (0, 0, 0)
            end = (ev[1], ev[2], *laid, by)
            changes["quests"] = (*changes.get("quests", b.quests), end)
    if not isinstance(move, A.Outcome):  # a decision: the white cards it calls for are its rule's
        calls = any(t[0] == "wdraw" for t in s1.pending)
        changes["draws_for"] = s1.note[1] if calls else ""
    p0, p1 = _pile_sizes(s0), _pile_sizes(s1)
    witch = s1.cfg.black_index.get("morgan_witch_1")
    first_witch = witch is not None and s1.bdisc[witch] > s0.bdisc[witch]
    if p1[0] > p0[0] or p1[1] > p0[1] or first_witch:
        changes["shuffles"] = b.shuffles + 1
    if first_witch:
        changes["rebuild_due"] = -1  # the line that drew her is noted after it
    if p1[2] > p0[2]:
        changes["tshuffles"] = b.tshuffles + 1
    changes["state"] = s1
    return replace(b, **changes)


def forgotten(b: Branch, seat: int) -> Branch:
    """``b`` with ``seat``'s hand unseen (a hand gives up cards the table does not see)."""
    return replace(b, state=forget(b.state, seat))


def _dedupe(branches: Iterable[Branch]) -> list[Branch]:
    seen: set[Branch] = set()
    out = []
    for b in branches:
        if b not in seen:
            seen.add(b)
            out.append(b)
    return out


class Replay:
    """Replays a log's events on the table's view (see the module docstring): the machinery;
    what each line stands for is a subclass's ``on_<verb>`` method."""

    def __init__(self, events: Sequence[Event], options: dict[str, Any] | None = None) -> None:
        self.events = list(events)
        self.options = dict(options or {})  # the engine's options (readings) asked for
        self.index = 0  # the event being replayed
        self.branches: list[Branch] = []
        self.found: list[Violation] = []
        self.rolls: list[int] = []
        self.fights: list[tuple[Fraction, bool]] = []
        self.travel_passes: list[list[str]] = [[]]
        self.players = 0
        self.expansion = False
        self.complete = False  # every decision the table saw is on a line (setup complete=yes)
        self.knights: tuple[str, ...] = ()
        self.seats: dict[str, int] = {}
        self.loyalty: tuple[str, ...] = ()
        self.halted = False  # the game cannot be set up: nothing more is replayed
        self.over_line = 0  # the line after the end of the game that was reported
        self.truncated = 0  # explanations dropped past MAX_BRANCHES
        self.accusations = 0
        self.turn_flagged = False  # a violation was reported in this turn
        verbs = {ev.verb for ev in self.events}
        whites = any(  # the log names the white cards drawn (not only the shared ones taken)
            ev.verb == "draw"
            and ev.words[:1] == ("white",)
            and len(ev.words) > 1
            and ev.options.get("for") != "share"
            for ev in self.events
        )
        self.white_draws_recorded = whites
        self.sacrifices_recorded = "sacrifice" in verbs
        self.turns_recorded = "turn" in verbs

    # --- reporting ----------------------------------------------------------------------------
    def broke(self, line: int, rule_id: str, message: str, fix: str = "") -> None:
        self.found.append(violation(line, rule_id, message, fix))

    # --- the knights ----------------------------------------------------------------------------
    def seat(self, name: str) -> int:
        """The seat of the knight ``name``; a line naming a knight not at the table is refused."""
        seat = self.seats.get(name)
        if seat is None:
            raise Unexplained(
                "turn.legal-actions",
                _("{who} is not at this table (the knights line names {knights})").format(
                    who=knight_name(name), knights=", ".join(map(knight_name, self.knights))
                ),
                _("name the knights of the knights line"),
            )
        return seat

    def name(self, seat: int) -> str:
        return self.knights[seat]

    # --- looking ahead -------------------------------------------------------------------------
    def ahead(self) -> list[Event]:
        """The events after the one being replayed."""
        return self.events[self.index + 1 :]

    def next_event(self) -> Event | None:
        rest = self.ahead()
        return rest[0] if rest else None

    def black_ahead(self, k: int) -> list[str]:
        """The next ``k`` black cards the log draws from the line being replayed on (the cards
        a peek or Clairvoyance looked at come next)."""
        from camelot_rules.logs.parse import draw_cards

        out: list[str] = []
        for ev in self.events[self.index :]:
            if ev.verb == "draw" and ev.words[:1] == ("black",):
                out += [card for card, _face in draw_cards(ev)]
            elif ev.verb == "reshuffle" and ev.words[:1] in (("black",), ("white",)):
                break
            if len(out) >= k:
                break
        return out[:k]

    def share_ahead(self) -> bool:
        """Whether a ``draw white ... for=share`` line (a card taken of those shared by
        agreement) comes from the line being replayed on, before the next line that records an
        action: the takes wait for their lines."""
        for k, ev in enumerate(self.events[self.index :]):
            if (
                ev.verb == "draw"
                and ev.words[:1] == ("white",)
                and ev.options.get("for") == "share"
            ):
                return True
            seen = ev.verb == "move" and ev.options.get("how") in (
                "return_after_quest",
                "special_card",
            )
            if k and ev.verb in _ACTIONS and not seen:
                return False
        return False

    def special_moves_ahead(self) -> dict[int, str]:
        """Seat -> destination of the moves a card makes (``how=special_card``) in the lines
        following the one being replayed: who answered Convocation or Call for Help."""
        out: dict[int, str] = {}
        for ev in self.events[self.index :]:
            if ev.verb != "move" or ev.options.get("how") != "special_card":
                if ev is self.events[self.index]:
                    continue
                break
            seat = self.seats.get(ev.words[0])
            if seat is not None:
                out[seat] = ev.options.get("to", "camelot")
        return out

    # --- moving a branch on ---------------------------------------------------------------------
    def implicit(self, b: Branch, end_turn: bool) -> list[Move] | None:
        """The steps a log does not write, from ``b``'s state: one each where the table's
        choice is unseen or a default, every choice where the log leaves a choice the table saw
        open (an older log); None where the log must say (a black card, a die, a decision)."""
        s = b.state
        if s.outcome is not None:
            return None
        if not s.pending:
            if s.phase == "heroic" and end_turn:
                out: list[Move] = []
                legal = s.legal_actions()
                if A.EndTurn() in legal:
                    out.append(lambda b: advance(b, A.EndTurn()))
                elif not self.complete and not self.white_draws_recorded and A.DrawWhite() in legal:
                    # an older log that never writes white draws: the Round Table draw is unseen
                    out.append(lambda b: advance(b, A.DrawWhite()))
                return out or None
            return None
        return self.implicit_pending(b)

    # (defined by the subclasses: the steps a log does not write, and the reports)
    def implicit_pending(self, b: Branch) -> list[Move] | None:
        raise NotImplementedError

    def stuck(self, stuck: list[tuple[Branch, IllegalActionError | None]]) -> Unexplained:
        raise NotImplementedError

    def refused(self, b: Branch, ev: Event, err: IllegalActionError) -> Unexplained:
        raise NotImplementedError

    def resync(self, ev: Event, err: Unexplained) -> list[Branch]:
        raise NotImplementedError

    def start(self, ev: Event) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def reach(self, b: Branch, goal: Goal, *, end_turn: bool = False) -> list[Branch]:
        """Every branch ``b`` leads to by unwritten steps where ``goal`` holds; raises
        :class:`Unexplained` when none does (with the rule of the first step refused, or the
        reason the state waits for something else)."""
        frontier = [b]
        reached: list[Branch] = []
        stuck: list[tuple[Branch, IllegalActionError | None]] = []
        for _round in range(_MAX_IMPLICIT):
            nxt: list[Branch] = []
            for x in frontier:
                if goal(x.state):
                    reached.append(x)
                    continue
                moves = self.implicit(x, end_turn)
                if not moves:
                    stuck.append((x, None))
                    continue
                for move in moves:
                    try:
                        nxt.append(move(x))
                    except IllegalActionError as err:
                        stuck.append((x, err))
            frontier = _dedupe(nxt)
            if len(frontier) > MAX_BRANCHES:
                self.truncated += len(frontier) - MAX_BRANCHES
                frontier = frontier[:MAX_BRANCHES]
            if not frontier:
                break
        if reached:
            return _dedupe(reached)
        raise self.stuck(stuck)

    def each(self, branches: Iterable[_T], fn: Callable[[_T], list[Branch]]) -> list[Branch]:
        """``fn`` on every branch; the branches any of them explains (the first refusal is
        raised only when none does: an explanation that fails is dropped)."""
        out: list[Branch] = []
        first: Exception | None = None
        for x in branches:
            try:
                out += fn(x)
            except (Unexplained, IllegalActionError) as err:
                if first is None:
                    first = err
        if out or first is None:
            return out
        raise first

    def settle(self, b: Branch, *, end_turn: bool = False, draws: bool = False) -> list[Branch]:
        """``b`` moved on by every unwritten step until the log must say what comes (a quiet
        state: for lines that record what the table sees). The white cards a log names and
        the choices a table makes in the open wait for their lines (a later line may record
        them), unless ``draws`` (the end of the log: everything is settled)."""

        def quiet(s: GameState) -> bool:
            if s.outcome is not None or self.implicit_none(s, end_turn):
                return True
            if draws or not s.pending:
                return False
            kind = s.pending[-1][0]
            # white cards drawn wait for the log's draw lines, where it writes them
            if self.white_draws_recorded and kind == "wdraw":
                return True
            if kind == "share":
                return self.share_ahead()
            return kind in _OPEN_CHOICES and self.recorded_ahead(_OPEN_CHOICES[kind])

        out = self.reach(b, quiet, end_turn=end_turn)
        owing = [x for x in out if x.state.pending and x.state.pending[-1][0] in _LOGGED]
        kind = owing[0].state.pending[-1][0] if owing else ""
        if owing and len(owing) == len(out) and not self.named_later(kind):  # owed by now
            raise self.stuck([(owing[0], None)])
        return out

    def named_later(self, kind: str) -> bool:
        """Whether the lines after this one (in this turn) name the card a ``bdraw`` or
        ``tdraw`` waits for: then this line comes too early, else the earlier line owes it."""
        deck = "black" if kind == "bdraw" else "travel"
        for ev in self.events[self.index + 1 :]:
            if ev.verb in ("turn", "evil", "end"):
                return False
            if ev.verb == "draw" and ev.words[0] == deck:
                return True
            if deck == "travel" and ev.verb == "move" and "travel" in ev.options:
                return True
        return False

    def recorded_ahead(self, verb: str) -> bool:
        """Whether a line with ``verb`` comes before the next line that records an action: a
        choice it records waits for it (lines that record what the table sees come first)."""
        for ev in self.events[self.index + 1 :]:
            if ev.verb == verb:
                return True
            seen = ev.verb == "move" and ev.options.get("how") in (
                "return_after_quest",
                "special_card",
            )
            if ev.verb in _ACTIONS and not seen:
                return False
        return False

    def implicit_none(self, s: GameState, end_turn: bool) -> bool:
        return self.implicit(Branch(s), end_turn) is None

    # --- one line -------------------------------------------------------------------------------
    def line(self, ev: Event) -> None:
        if self.halted:
            return
        if ev.verb in ("setup", "knights") or not self.branches:
            self.start(ev)
            if ev.verb in ("setup", "knights") or not self.branches:
                return
        handler: Callable[[Branch, Event], list[Branch]] = getattr(self, "on_" + ev.verb)
        out: list[Branch] = []
        errors: list[Unexplained] = []
        for b in self.branches:
            try:
                out += [
                    x if x.state is b.state else replace(x, line=ev.line) for x in handler(b, ev)
                ]
            except Unexplained as err:
                errors.append(err)
            except IllegalActionError as err:
                errors.append(self.refused(b, ev, err))
        out = _dedupe(out)
        flagged, self.turn_flagged = self.turn_flagged, self.turn_flagged and ev.verb != "turn"
        if out:
            if len(out) > MAX_BRANCHES:
                self.truncated += len(out) - MAX_BRANCHES
                out = out[:MAX_BRANCHES]
            self.branches = out
            return
        first = errors[0]
        if not (ev.verb in ("turn", "evil") and flagged and first.rule_id in _AFTERMATH):
            self.broke(first.at_line or ev.line, first.rule_id, first.message, first.fix)
            self.turn_flagged = True
        self.branches = self.resync(ev, first)

    def run(self) -> None:
        for i, ev in enumerate(self.events):
            self.index = i
            self.line(ev)
        self.index = len(self.events)
        if self.branches:
            self.close()

    # --- the summary ----------------------------------------------------------------------------
    def summary(self) -> dict[str, object]:
        states = [b.state for b in self.branches]
        if states:
            white, black = laid_swords(states[0])
            lo, hi = min(s.engines for s in states), max(s.engines for s in states)
        else:
            white = black = lo = hi = 0
        return {
            "players": self.players,
            "expansion": self.expansion,
            "events": len(self.events),
            "white swords on the table": white,
            "black swords on the table": black,
            "siege engines": lo if lo == hi else f"{lo}-{hi}",
            "siege fights": len(self.fights),
            "accusations": self.accusations,
        }

    def box(self, kind: str) -> dict[str, int]:
        return dict(standard_deck(kind, expansion=self.expansion or kind == "travel").counts)


def forgetting(seat: int, move: A.Action | A.Outcome) -> Move:
    """A step that gives up one of ``seat``'s cards unseen: his hand is forgotten first."""
    return lambda b: advance(forgotten(b, seat), move)
