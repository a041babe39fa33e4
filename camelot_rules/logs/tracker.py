"""The table companion: record a game as it happens, one play-log line at a time, and read the
position the calculators need from it.

A :class:`GameRecord` holds the lines of a play log (the format of ``docs/play-log.md``). Each
new line is replayed through the rules engine with the verifier (:mod:`camelot_rules.logs.playlog`)
before it is kept: a line that breaks a rule is refused with a ``ValueError`` naming the rule,
and the record is left as it was. ``undo`` takes back the last line; ``text`` is the play log
to save, share or check later. :meth:`GameRecord.position` is what the engine knows of the game
from the lines - the table's view (:mod:`camelot_rules.engine.infoset`): swords, engines, where
each knight stands, his life, the cards on each quest, relics and their holders, lasting cards,
witches, Merlin's figure, captives, the piles - for the calculators. What the lines leave open
(a hand, a choice nobody wrote down) stays open: a value that differs between the explanations
of the log is given as a range, or said to be unknown, never guessed.

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
from dataclasses import dataclass, field

from camelot_rules.base.checks import check_bool, check_text
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, check_players
from camelot_rules.data.names import display_name
from camelot_rules.engine.state import GONE, ON_QUEST, UNSEEN, GameState
from camelot_rules.logs.lines import LogReplay
from camelot_rules.logs.parse import (
    MAX_LOG_BYTES,
    Event,
    LogError,
    check_line,
    check_table,
    parse_text,
)
from camelot_rules.logs.report import format_violation

__all__ = ["GameRecord", "Position", "life_totals"]

_ENGINES_TO_LOSE = rulebook.threshold("siege_engines_to_lose")
_RELICS = ("excalibur", "grail", "armor")
_CAUSES = {
    "12 swords": "the 12th sword",
    "7 black swords": "the 7th black sword",
    "12 siege engines": "the 12th siege engine",
    "all knights dead": "the death of every knight",
}


def life_totals(events: Iterable[Event], knights: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """Each knight's life points as the rules give them after ``events`` (a log's lines), in
    seat order; a knight whose life the lines leave open (a choice nobody wrote down) has the
    lowest the lines allow. Rules: ``knight.life``.

    >>> from camelot_rules.logs.parse import parse_log
    >>> events = parse_log("setup players=3 expansion=no\\nknights arthur kay gawain\\n"
    ...                    "turn arthur\\nevil arthur life")
    >>> life_totals(events, ["arthur", "kay", "gawain"])
    (('arthur', 3), ('kay', 4), ('gawain', 4))
    """
    replay = LogReplay(list(events))
    replay.run()
    return _life(replay, tuple(knights))


def _life(replay: LogReplay, knights: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    states = [b.state for b in replay.branches]
    out = []
    for k in knights:
        seat = replay.seats.get(k)
        if seat is None or not states:
            out.append((k, rulebook.threshold("starting_life")))
            continue
        out.append((k, min(0 if s.dead[seat] else s.life[seat] for s in states)))
    return tuple(out)


@dataclass(frozen=True)
class Position:
    """What the rules engine knows of the game from the recorded lines (the table's view).

    ``engines`` is a range ``(low, high)`` where the lines leave it open. ``black_left`` and
    ``travel_left`` are the draw piles as the engine holds them (the box less the cards drawn
    since the last rebuild and those out of the game). ``life`` is each knight's life points in
    seat order, ``location`` where each stands (``""`` once dead or unmasked).
    ``fights_laid`` the Fight values on each quest in progress (the combat quests and the wars),
    ``quest_blacks`` the black cards on each (``"hidden"`` for one laid face down), ``relics``
    who holds each relic (a knight, ``"quest"`` still to win, ``"lost"``), ``lasting`` the black
    and white cards lasting in play, ``merlin`` where Merlin's figure stands (Merlin's Company;
    ``""`` off the board), ``hand_sizes`` the white cards each knight holds and ``hands_seen``
    the ones the table has seen. ``state`` is the engine's view itself (one explanation of the
    log) for a calculator that asks the engine; ``explanations`` how many the replay kept.
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
    location: tuple[tuple[str, str], ...] = ()
    quest_blacks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    grail_cards: int = 0
    excalibur_position: int = 0
    warriors: tuple[tuple[str, int], ...] = ()
    mordred: tuple[str, ...] = ()
    relics: tuple[tuple[str, str], ...] = ()
    lasting: tuple[str, ...] = ()
    merlin: str = ""
    unmasked: tuple[str, ...] = ()
    hand_sizes: tuple[tuple[str, int], ...] = ()
    hands_seen: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    white_left: int = 0
    phase: str = ""
    state: GameState | None = field(default=None, compare=False, repr=False)
    explanations: int = 1
    evil_steps: int = 0
    heroic_done: tuple[str, ...] = ()

    def life_of(self, knight: str) -> int:
        """``knight``'s life points as the rules give them from the lines."""
        for name, points in self.life:
            if name == knight:
                return points
        raise ValueError(f"knight={knight!r} is not at this table: {[k for k, _ in self.life]}")

    def fights_on(self, quest: str) -> tuple[int, ...]:
        """The Fight values on ``quest`` (none if it holds none)."""
        return dict(self.fights_laid).get(quest, ())

    def blacks_on(self, quest: str) -> tuple[str, ...]:
        """The black cards on a combat quest or the Grail, ``"hidden"`` for one face down."""
        return dict(self.quest_blacks).get(quest, ())

    def where(self, knight: str) -> str:
        """Where ``knight`` stands (``"camelot"``, a quest; ``""`` once off the board)."""
        for name, place in self.location:
            if name == knight:
                return place
        raise ValueError(f"knight={knight!r} is not at this table: {list(self.knights)}")

    def holder(self, relic: str) -> str:
        """Who holds ``relic``: a knight, ``"quest"`` (still to be won) or ``"lost"``."""
        return dict(self.relics).get(relic, "quest")

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


def _empty(players: int, expansion: bool, knights: tuple[str, ...]) -> Position:
    from camelot_rules.data.decks import standard_deck

    travel = standard_deck("travel", expansion=True) if expansion else None
    return Position(
        players=players,
        expansion=expansion,
        knights=knights,
        turn="",
        white_swords=0,
        black_swords=0,
        engines=(0, 0),
        dead=(),
        captured=(),
        witches=(),
        quests_over=(),
        black_left=standard_deck("black", expansion=expansion),
        travel_left=travel,
        captured_held=0,
        over="",
        life=tuple((k, rulebook.threshold("starting_life")) for k in knights),
    )


def _quests_over(s: GameState) -> tuple[str, ...]:
    over = []
    if s.ld_mode != "lancelot":
        over.append("lancelot")
    if s.ld_mode == "over":
        over.append("dragon")
    if s.exc_over:
        over.append("excalibur")
    if s.grail_over:
        over.append("grail")
    return tuple(sorted(over))


def _position(replay: LogReplay) -> Position:
    knights = replay.knights
    if not replay.branches:
        return _empty(replay.players, replay.expansion, knights)
    states = [b.state for b in replay.branches]
    s = states[0]
    name = replay.knights
    bn, tn = s.cfg.black_names, s.cfg.travel_names
    black = {n: c for n, c in zip(bn, s.bpile) if c}
    for card in (*s.btop, *s.bbottom):
        black[card] = black.get(card, 0) + 1
    travel = None
    if s.cfg.expansion:
        counts = {n: c for n, c in zip(tn, s.tpile) if c}
        for card in s.ttop:
            counts[card] = counts.get(card, 0) + 1
        travel = Deck(counts)
    from camelot_rules.logs.replay import laid_swords

    white, black_swords = laid_swords(s)
    fights: list[tuple[str, tuple[int, ...]]] = []
    blacks: list[tuple[str, tuple[str, ...]]] = []
    if s.bk_w:
        fights.append(("black_knight", s.bk_w))
    if s.ld_w and s.ld_mode != "over":
        fights.append((s.ld_mode, s.ld_w))
    for k, war in enumerate(("picts", "saxons")):
        laid = s.wars[k][0]
        if laid:
            fights.append((war, tuple(min(v, 5) for v in range(1, laid + 1))))
    if s.bk_b:
        blacks.append(("black_knight", tuple("hidden" if d else c for c, d in s.bk_b)))
    if s.ld_b and s.ld_mode != "over":
        blacks.append((s.ld_mode, tuple("hidden" if d else c for c, d in s.ld_b)))
    if s.grail_b:
        blacks.append(("grail", s.grail_b))

    def holder(value: int) -> str:
        return "quest" if value == ON_QUEST else "lost" if value == GONE else name[value]

    lasting = [
        c
        for c, on in (
            ("vivien", s.vivien),
            ("mists_of_avalon", s.mists),
            ("dark_forest", s.dark_forest),
        )
        if on
    ]
    lasting += sorted(s.witches)
    if s.heroism:
        lasting.append(f"heroism:{s.heroism}")
    if s.favor:
        lasting.append("divine_favor")
    over = ""
    if s.outcome is not None:
        over = _(_CAUSES[s.outcome.cause])
    turn = "" if s.outcome is not None or s.phase == "setup" else name[s.turn]
    seen: list[tuple[str, tuple[tuple[str, int], ...]]] = []
    for i, knight in enumerate(name):
        hand = {c: n for c, n in s.hand(i).items() if c != UNSEEN}
        seen.append((knight, tuple(sorted(hand.items()))))
    return Position(
        players=replay.players,
        expansion=replay.expansion,
        knights=knights,
        turn=turn,
        white_swords=white,
        black_swords=black_swords,
        engines=(min(x.engines for x in states), max(x.engines for x in states)),
        dead=tuple(sorted(name[i] for i in range(s.players) if s.dead[i])),
        captured=tuple(sorted(name[i] for i in range(s.players) if s.captured[i])),
        witches=tuple(sorted(s.witches)),
        quests_over=_quests_over(s),
        black_left=Deck(black),
        travel_left=travel,
        captured_held=sum(s.captured),
        over=over,
        life=_life(replay, knights),
        fights_laid=tuple(sorted(fights)),
        location=tuple((k, s.location[i]) for i, k in enumerate(name)),
        quest_blacks=tuple(sorted(blacks)),
        grail_cards=s.grail_n,
        excalibur_position=s.exc_pos,
        warriors=(("picts", s.wars[0][1]), ("saxons", s.wars[1][1])),
        mordred=tuple(w for k, w in enumerate(("picts", "saxons")) if s.wars[k][2]),
        relics=tuple((r, holder(v)) for r, v in zip(_RELICS, s.relics)),
        lasting=tuple(lasting),
        merlin=s.merlin,
        unmasked=tuple(sorted(name[i] for i in range(s.players) if s.revealed[i])),
        hand_sizes=tuple((k, sum(s.hands[i])) for i, k in enumerate(name)),
        hands_seen=tuple(seen),
        white_left=sum(s.wpile),
        phase=s.phase,
        state=s,
        explanations=len(states),
        evil_steps=int(s.phase == "heroic"),
        heroic_done=tuple(sorted(f[4:] for f in s.tflags if f.startswith("cat:"))),
    )


class GameRecord:
    """A game recorded line by line; every line is checked against the rules before it is
    kept (see the module docstring)."""

    def __init__(self, text: str = "") -> None:
        check_text("text", text)
        self._lines: list[str] = []
        # raises on a malformed log; the replay of the kept lines is reused until they change
        try:
            self._replay = self._run(text)
        except LogError as err:
            raise LogError(f"text: {err}", err.line) from None
        lines = re.split(r"\r\n|\r|\n", text)  # the lines as parse_text reads them
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
    def _run(text: str) -> LogReplay | None:
        if len(text.encode("utf-8")) > MAX_LOG_BYTES:
            raise ValueError(f"the record is longer than {MAX_LOG_BYTES:,} bytes")
        if not text.strip():
            return None
        parsed = parse_text(text)
        if parsed.errors:
            raise parsed.errors[0]
        check_table(parsed.events)
        replay = LogReplay(parsed.events)
        replay.run()
        return replay

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

        Rules: those the engine applies (see :mod:`camelot_rules.logs.playlog`).
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
        before = {(v.line, v.rule_id) for v in (self._replay.found if self._replay else [])}
        try:
            replay = self._run("\n".join(candidate))
        except LogError as err:
            raise ValueError(str(err)) from None
        assert replay is not None
        new = [v for v in replay.found if (v.line, v.rule_id) not in before]
        if new:
            v = sorted(new, key=lambda x: -x.line)[0]
            fix = _(" - {fix}").format(fix=v.fix) if v.fix else ""
            raise ValueError(format_violation(v) + fix)
        self._lines = candidate
        self._replay = replay
        return _position(replay)

    def undo(self) -> str:
        """Take back the last line (never the setup line, nor what comes before it); return
        it. The record is left as it was when there is nothing to undo."""
        events = self._replay.events if self._replay is not None else []
        first = events[0].line if events else len(self._lines)  # the setup line (1-based)
        if len(self._lines) <= first:
            raise ValueError("nothing to undo: the record holds only its setup line")
        candidate = self._lines[:-1]
        replay = self._run("\n".join(candidate))
        gone = self._lines[-1]
        self._lines, self._replay = candidate, replay
        return gone

    def position(self) -> Position:
        """What the engine knows of the game from the lines so far."""
        if self._replay is None:
            return _empty(0, False, ())
        return _position(self._replay)

    def next_turn(self) -> str:
        """The knight whose turn comes next (clockwise, dead knights skipped: the engine's)."""
        replay = self._replay
        if replay is None or not replay.knights:
            raise ValueError("name the knights first (a 'knights' line)")
        if not replay.branches:
            raise ValueError("the record cannot be replayed: see its first line")
        from camelot_rules.logs.lines import turn_start

        b = replay.branches[0]
        s = b.state
        if s.outcome is not None:
            raise ValueError("the game is over")
        if not any(ev.verb == "turn" for ev in replay.events):
            return replay.knights[s.turn]
        try:
            nxt = replay.reach(b, lambda x: turn_start(x) and x.turn_no > s.turn_no, end_turn=True)
        except ValueError:  # the turn cannot end yet (its evil step, its action)
            nxt = []
        if nxt:
            return replay.knights[nxt[0].state.turn]
        seats = [i for i in range(s.players) if not s.dead[i]]
        later = [i for i in seats if i > s.turn] or seats
        return replay.knights[later[0]]
