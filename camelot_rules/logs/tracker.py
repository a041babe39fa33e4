"""The table companion: record a game as it happens, one play-log line at a time, and read the
position the calculators need from it.

A :class:`GameRecord` holds the lines of a play log (the format of ``docs/play-log.md``). Each
new line is replayed with the verifier (:mod:`camelot_rules.logs.playlog`) before it is kept: a line
that breaks a rule is refused with a ``ValueError`` naming the rule, and the record is left as it
was. ``undo`` takes back the last line; ``text`` is the play log to save, share or check later.
:meth:`GameRecord.position` is what the table has seen - swords, engines, the black and travel
cards gone since the last rebuild - for the calculators: the black pile left, the travel deck
left, the siege engines still to come before the 12th - and each knight's life as the log
shows it (:func:`life_totals`).

>>> game = GameRecord.new(4, expansion=False, knights=["arthur", "kay", "gawain", "percival"])
>>> _ = game.add("turn arthur")
>>> _ = game.add("evil arthur black")
>>> game.add("draw black despair").black_left.size
75
>>> game.add("evil arthur engine")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: line 6: Arthur takes a second evil step in one turn (rule turn.evil-step: ...
>>> game.undo()
'draw black despair'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from camelot_rules.base.checks import check_bool, check_text
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, check_players, standard_deck
from camelot_rules.data.names import display_name
from camelot_rules.logs.playlog import (
    MAX_LOG_BYTES,
    Event,
    LogError,
    Violation,
    _Replay,
    check_line,
    format_violation,
    parse_log,
)

__all__ = ["GameRecord", "Position", "life_totals"]

_ENGINES_TO_LOSE = rulebook.threshold("siege_engines_to_lose")
_STARTING_LIFE = rulebook.threshold("starting_life")
_MAX_LIFE = rulebook.threshold("max_life")


def life_totals(events: Iterable[Event], knights: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Each knight's life points as the log shows them, in seat order.

    Every knight starts with the box's starting life (F §1 setup); a ``life NAME N`` line sets
    it; the lines whose cost is fixed by the rules move it: ``evil NAME life`` and ``sacrifice
    NAME`` take one point (ES p.13; RB), ``heal NAME ...`` gives one back (RB p.16; never above
    the maximum, rule ``knight.life``), ``death NAME`` leaves none. Changes the log does not
    spell out (a lost quest, a black card, the Fourth Witch) are not guessed: the table records
    them with a ``life`` line.

    Rules: ``knight.life``, ``turn.sacrifice``, ``heroic.heal``.

    >>> events = parse_log("setup players=3 expansion=no\\nknights arthur kay gawain\\n"
    ...                    "turn arthur\\nevil arthur life\\nlife kay 6")
    >>> life_totals(events, ["arthur", "kay", "gawain"])
    (('arthur', 3), ('kay', 6), ('gawain', 4))
    """
    life: dict[str, int] = {}
    for ev in events:
        name = ev.words[0] if ev.words else ""
        if ev.verb == "life":
            life[name] = int(ev.words[1])
        elif (ev.verb == "evil" and ev.words[1:] == ("life",)) or ev.verb == "sacrifice":
            life[name] = max(0, life.get(name, _STARTING_LIFE) - 1)
        elif ev.verb == "heal":
            life[name] = min(_MAX_LIFE, life.get(name, _STARTING_LIFE) + 1)
        elif ev.verb == "death":
            life[name] = 0
    return tuple((k, life.get(k, _STARTING_LIFE)) for k in knights)


@dataclass(frozen=True)
class Position:
    """What the table has seen so far (from the recorded lines).

    ``engines`` is a range ``(low, high)`` where the log leaves it open (Merlin may stand on a
    finished quest). ``black_left`` and ``travel_left`` are the draw piles as known: the box
    minus the cards drawn since the last rebuild (and the cards removed from the game).
    ``life`` is each knight's life points in seat order, as the log shows them
    (:func:`life_totals`). ``fights_laid`` the Fight values the log records on each quest in
    progress (the combat quests and the wars), quest by quest.
    """

    players: int
    expansion: bool
    knights: tuple[str, ...]
    turn: str
    white_swords: int
    black_swords: int
    engines: tuple[int, int]
    dead: tuple[str, ...]
    captured: tuple[str, ...]
    witches: tuple[str, ...]
    quests_over: tuple[str, ...]
    black_left: Deck
    travel_left: Deck | None
    captured_held: int
    over: str
    life: tuple[tuple[str, int], ...] = ()
    fights_laid: tuple[tuple[str, tuple[int, ...]], ...] = ()
    where: tuple[tuple[str, str], ...] = ()
    relics: tuple[tuple[str, str], ...] = ()
    unmasked: tuple[str, ...] = ()
    evil_steps: int = 0
    heroic_done: tuple[str, ...] = ()

    def life_of(self, knight: str) -> int:
        """``knight``'s life points as the log shows them."""
        for name, points in self.life:
            if name == knight:
                return points
        raise ValueError(f"knight={knight!r} is not at this table: {[k for k, _ in self.life]}")

    def fights_on(self, quest: str) -> tuple[int, ...]:
        """The Fight values the log records on ``quest`` (none if it holds none)."""
        return dict(self.fights_laid).get(quest, ())

    @property
    def engines_to_lose(self) -> int:
        """Siege engines still to come before the 12th loses the game (at the worst)."""
        return _ENGINES_TO_LOSE - self.engines[1]

    def summary(self) -> str:
        """One line a player reads at a glance (in the language in force)."""
        low, high = self.engines
        engines = str(low) if low == high else f"{low}-{high}"
        parts = [
            _("{white} white / {black} black swords").format(
                white=self.white_swords, black=self.black_swords
            ),
            _("{n} siege engine(s)").format(n=engines),
            _("black pile {n} card(s)").format(n=self.black_left.size),
        ]
        if self.travel_left is not None:
            parts.append(_("travel deck {n} card(s)").format(n=self.travel_left.size))
        if self.turn:
            parts.insert(0, _("{knight}'s turn").format(knight=display_name(self.turn, "knight")))
        if self.over:
            parts.insert(0, _("game over ({why})").format(why=self.over))
        return _("; ").join(parts)


def _position(replay: _Replay, events: Sequence[Event] = ()) -> Position:
    t = replay.t
    black_box = standard_deck("black", expansion=t.expansion)
    gone = {c: n for c, n in (t.drawn["black"] + t.removed).items() if n > 0}
    black_left = Deck({c: max(0, black_box.count(c) - gone.get(c, 0)) for c in black_box.names()})
    travel_left = None
    if t.expansion:
        box = standard_deck("travel", expansion=True)
        out = t.drawn["travel"] + t.held_at_shuffle
        travel_left = Deck({c: max(0, box.count(c) - out.get(c, 0)) for c in box.names()})
    return Position(
        players=t.players,
        expansion=t.expansion,
        knights=tuple(t.knights),
        turn=t.turn,
        white_swords=t.white,
        black_swords=t.black,
        engines=(t.engines_lo, t.engines_hi),
        dead=tuple(sorted(t.dead)),
        captured=tuple(sorted(t.captured)),
        witches=tuple(sorted(t.witches)),
        quests_over=tuple(sorted(t.quests_ended)),
        black_left=black_left,
        travel_left=travel_left,
        captured_held=sum(t.held.values()),
        over=t.over,
        life=life_totals(events, t.knights),
        fights_laid=tuple(sorted((q, tuple(v)) for q, v in t.laid.items() if v)),
        where=tuple((k, t.where.get(k, "camelot")) for k in t.knights),
        relics=tuple(sorted(t.relics.items())),
        unmasked=tuple(sorted(t.unmasked)),
        evil_steps=t.evils,
        heroic_done=tuple(t.done),
    )


class GameRecord:
    """A game recorded line by line; every line is checked against the rules before it is
    kept (see the module docstring)."""

    def __init__(self, text: str = "") -> None:
        check_text("text", text)
        self._lines: list[str] = []
        # raises on a malformed log; the replay of the kept lines is reused until they change
        try:
            self._state = self._replay(text)
        except LogError as err:
            raise LogError(f"text: {err}", err.line) from None
        lines = re.split(r"\r\n|\r|\n", text)  # the lines as parse_log reads them
        self._lines = lines[:-1] if lines and not lines[-1] else lines

    @classmethod
    def new(
        cls, players: int, *, expansion: bool = False, knights: Sequence[str] = ()
    ) -> GameRecord:
        """A record with its setup line (and the knights in seat order, when given)."""
        check_bool("expansion", expansion)
        check_players(players, expansion)
        lines = [f"setup players={players} expansion={'yes' if expansion else 'no'}"]
        if isinstance(knights, str | bytes) or not isinstance(knights, Iterable):
            raise ValueError(f"knights={knights!r}: expected a list of names, one per seat")
        names = list(knights)
        for name in names:
            if not isinstance(name, str) or not name or len(name.split()) != 1 or "#" in name:
                raise ValueError(f"knights: {name!r} is not a knight's name (one word, e.g. 'kay')")
            try:
                check_line(name)
            except LogError as err:
                raise ValueError(f"knights: {name!r}: {err}") from None
        if names:
            lines.append("knights " + " ".join(names))
        return cls("\n".join(lines))

    @staticmethod
    def _replay(text: str) -> tuple[_Replay, list[Violation], list[Event]]:
        if len(text.encode("utf-8")) > MAX_LOG_BYTES:
            raise ValueError(f"the record is longer than {MAX_LOG_BYTES:,} bytes")
        replay = _Replay()
        if not text.strip():
            return replay, [], []
        events = parse_log(text)
        for ev in events:
            replay.step(ev)
        return replay, replay.found, events

    @property
    def text(self) -> str:
        """The play log recorded so far (save it, share it, check it with ``verify``)."""
        return "\n".join(self._lines) + ("\n" if self._lines else "")

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(self._lines)

    def add(self, line: str) -> Position:
        """Record one line; a malformed line or one that breaks a rule raises ``ValueError``
        (naming the rule and what the table should do) and is not kept.

        Rules: see :class:`camelot_rules.logs.playlog._Replay` - the verifier's own checks.
        """
        check_text("line", line)
        line = line.strip(" \t\r\n")
        if "\n" in line or "\r" in line:
            raise ValueError(f"line={line!r}: record one line at a time")
        try:
            check_line(line, len(self._lines) + 1)
        except LogError as err:
            raise ValueError(f"line={line[:60]!r}: {err}") from None
        line = line.strip()
        if not line:
            raise ValueError("line='': write the event to record, e.g. 'evil arthur engine'")
        candidate = [*self._lines, line]
        before = len(self._state[1])
        try:
            replay, found, events = self._replay("\n".join(candidate))
        except LogError as err:
            raise ValueError(str(err)) from None
        new = [v for v in found[before:] if v.line >= len(candidate)] or found[before:]
        if new:
            v = new[0]
            fix = _(" - {fix}").format(fix=v.fix) if v.fix else ""
            raise ValueError(format_violation(v) + fix)
        self._lines = candidate
        self._state = replay, found, events
        return _position(replay, events)

    def undo(self) -> str:
        """Take back the last line (never the setup line, nor what comes before it); return
        it. The record is left as it was when there is nothing to undo."""
        events = self._state[2]
        first = events[0].line if events else len(self._lines)  # the setup line (1-based)
        if len(self._lines) <= first:
            raise ValueError("nothing to undo: the record holds only its setup line")
        candidate = self._lines[:-1]
        state = self._replay("\n".join(candidate))
        gone = self._lines[-1]
        self._lines, self._state = candidate, state
        return gone

    def position(self) -> Position:
        """What the table has seen so far."""
        return _position(self._state[0], self._state[2])

    def next_turn(self) -> str:
        """The knight whose turn comes next (clockwise, dead knights skipped)."""
        replay = self._state[0]
        t = replay.t
        if not t.knights:
            raise ValueError("name the knights first (a 'knights' line)")
        last = t.turn or t.last_turn
        if not last:
            return "arthur" if "arthur" in t.knights else t.knights[0]
        allowed = replay.next_seat(last)
        if not allowed:
            raise ValueError("every knight is dead: the game is over")
        return allowed[-1]
