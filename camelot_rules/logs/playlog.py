"""Play logs: a plain-text record of a game, replayed in order against the rules.

One event per line; ``#`` starts a comment. The format (documented with a full example in
``docs/play-log.md``)::

    setup players=5 expansion=yes
    knights arthur kay gawain percival tristan
    turn arthur                              # whose turn it is (clockwise from King Arthur)
    evil arthur black                        # the evil step: engine | black | life
    draw black despair                       # cards drawn, in order (white, black, travel)
    move arthur how=heroic_action travel=vision   # or the travel card on its own line
    siege kay cards=3,4 roll=6 won           # fight: Fight values, the d8 roll, won | lost
    quest grail won white=3                  # a quest ends: the swords (and engines) it adds
    sword black 1                            # swords laid by other effects
    accuse gawain kay wrong                  # accuser, accused, right | wrong
    death percival
    end white=8 black=4 hidden=1             # final count as recorded, hidden traitors

and optional lines that say more of what the table saw (``play``, ``sacrifice``, ``free``,
``captured``, ``freed``, ``engines``, ``swords``, ``life``, ``hand``, ``relic``, ``loyalty``).

:func:`parse_log` turns the text into events (a malformed line raises :class:`LogError`
with its line number and what was expected); :func:`verify` replays them and reports every
rule broken, with the line, the rule id (see :mod:`camelot_rules.data.registry`), its source
and what the table should have done. Hands are hidden: the replay tracks only what the table
sees (the cards out of each deck, swords, engines, whose turn, who is dead or captured, the
witches in play) and flags only what cannot have happened. The log file is only read, never written.

The log's words (``setup``, ``draw``, ``won``...) are the format's own, the same in every
language; card, quest and knight names may be printed names in English, Japanese or Spanish.
What the verifier writes - parse errors, violations, the report, the tests' lines - is in the
language in force (:mod:`camelot_rules.base.i18n`: ``set_language``, the CLI's ``--lang``), with
the names in that language (:mod:`camelot_rules.data.names`); a violation keeps its line and rule id
whatever the language.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from math import erf, exp, factorial, lgamma, log, sqrt
from pathlib import Path

from camelot_rules.base.i18n import N_, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import names, rulebook
from camelot_rules.data.decks import known_card_names, standard_deck
from camelot_rules.data.registry import rule, statement
from camelot_rules.engine.arithmetic import (
    after_hidden_traitors,
    after_wrong_accusation,
    siege_fight_won,
)
from camelot_rules.engine.quests import pattern_ok
from camelot_rules.front.display import fmt_prob
from camelot_rules.odds.siege import win_probability_for_total
from camelot_rules.odds.travel import draws_travel_card, travel_composition_posterior

__all__ = [
    "EXAMPLE_LOG",
    "Event",
    "LogError",
    "Report",
    "StatTest",
    "Violation",
    "check_line",
    "check_table",
    "decode_log",
    "die_roll_test",
    "fights_test",
    "format_report",
    "format_stat_test",
    "format_violation",
    "observed_vs_expected",
    "parse_log",
    "read_log",
    "stats_report",
    "travel_check",
    "verify",
    "verify_text",
]

T = rulebook.threshold
_ENGINES_TO_LOSE = T("siege_engines_to_lose")
_BLACK_TO_LOSE = T("black_swords_to_lose")
_SWORDS_TO_END = T("swords_to_end")
_ACCUSE_SWORDS = T("accusation_min_swords")
_ACCUSE_ENGINES = T("accusation_min_engines")
_MAX_LIFE = T("max_life")
_FACES = rulebook.SIEGE_DIE_FACES
_HOWS = ("heroic_action", "knight_power", "return_after_quest", "special_card")
_QUESTS = {q.name: q for q in rulebook.QUESTS}
_DECKS = ("white", "black", "travel")
_RELICS = ("excalibur", "grail", "armor")
_LASTING_WITCHES = ("morgan_witch_2", "morgan_witch_5", "morgan_witch_6", "morgan_witch_7")
_GRAIL_BLACKS = ("despair", "desolation", "dark_forest")
_KNIGHTS = frozenset(rulebook.KNIGHTS + rulebook.EXPANSION_KNIGHTS)
_KINDS = {
    "move": N_("a move"),
    "quest": N_("a quest action"),
    "special": N_("a special white card"),
    "heal": N_("healing"),
    "accuse": N_("an accusation"),
    "free": N_("freeing a captive"),
}
_SPECIAL_WHITE = rulebook.SPECIAL_WHITE
_SPECIAL_BLACK = rulebook.SPECIAL_BLACK

# The form of each line, shown translated in a parse error (Translators: keep the log's words -
# setup, players=, yes|no, white|black|travel... - as they are; translate only the capitalised
# place-holders NAME, CARD, QUEST, ACCUSER... and the words in parentheses).
_EXPECTED = {
    "setup": N_("setup players=N expansion=yes|no"),
    "knights": N_("knights NAME NAME ..."),
    "turn": N_("turn NAME"),
    "draw": N_("draw white|black|travel CARD [CARD ...]"),
    "reshuffle": N_("reshuffle white|black|travel"),
    "evil": N_("evil NAME engine|black|life"),
    "siege": N_("siege NAME cards=V,V,... roll=R won|lost [excalibur] [kay=V]"),
    "move": N_(
        "move NAME how=heroic_action|knight_power|return_after_quest|special_card "
        "[to=QUEST] [travel=CARD]"
    ),
    "quest": N_("quest NAME won|lost [white=N] [black=N] [engines=N]"),
    "sword": N_("sword white|black N"),
    "accuse": N_("accuse ACCUSER ACCUSED right|wrong"),
    "death": N_("death NAME"),
    "end": N_("end white=N black=N hidden=N"),
    # optional lines (additive: a log without them verifies as before)
    "play": N_("play NAME CARD [QUEST|engine] (or on=QUEST, target=engine)"),
    "heal": N_("heal NAME CARD CARD CARD"),
    "sacrifice": N_("sacrifice NAME"),
    "free": N_("free NAME CAPTIVE [card=CARD] (or free CAPTIVE by=NAME)"),
    "captured": N_("captured NAME"),
    "freed": N_("freed NAME"),
    "engines": N_("engines N"),
    "swords": N_("swords white=N black=N"),
    "life": N_("life NAME N"),
    "hand": N_("hand NAME [CARD ...]"),
    "relic": N_("relic NAME excalibur|grail|armor"),
    "loyalty": N_("loyalty NAME loyal|traitor"),
    "unmasked": N_("unmasked NAME"),
    "cancel": N_("cancel CARD [with=merlin|excalibur] [by=NAME,NAME,...]"),
}


class LogError(ValueError):
    """A line of the log that cannot be read; says which line and what was expected.

    ``line`` is the line's number (0 when the whole file is refused: too large, binary, not
    UTF-8), whatever the language of the message.
    """

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


def _line_error(line: int, why: str, verb: str) -> LogError:
    """The parse error for ``line``: what is wrong (already in the reader's language) and the
    line's expected form."""
    return LogError(
        _("line {line}: {why}; expected: {form}").format(
            line=line, why=why, form=_(_EXPECTED[verb])
        ),
        line,
    )


@dataclass(frozen=True)
class Event:
    """One parsed line: its number, verb, plain words and key=value options."""

    line: int
    verb: str
    words: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)

    def flag(self, name: str) -> bool:
        return name in self.words


# A recorded game is a few kilobytes; a file past this is refused before it is read whole.
MAX_LOG_BYTES = 1_000_000


def _digits(value: str) -> bool:
    """Plain ASCII digits only (``int`` also takes '²'-like digits and underscores)."""
    return value.isascii() and value.isdigit() and len(value) <= 6


def _int(value: str, line: int, what: str, verb: str) -> int:
    if not _digits(value.lstrip("-")):
        why = _("{what}={value!r} is not a whole number").format(what=what, value=value)
        raise _line_error(line, why, verb)
    number = int(value)
    if number < 0:
        raise _line_error(line, _("{what}={n} is negative").format(what=what, n=number), verb)
    return number


def _check_line(ev: Event, cards: frozenset[str]) -> None:
    """Raise :class:`LogError` if ``ev`` does not have its verb's form."""
    verb, words, options, number = ev.verb, ev.words, ev.options, ev.line

    def need(ok: bool, why: str, **values: object) -> None:
        """``why`` is a message id, translated (and filled with ``values``) only on failure."""
        if not ok:
            raise _line_error(number, _(why).format(**values), verb)

    if verb == "setup":
        need(
            "players" in options and options.get("expansion") in ("yes", "no"),
            N_("setup needs players=N and expansion=yes|no"),
        )
        _int(options["players"], number, "players", verb)
    elif verb == "knights":
        need(len(words) >= 3, N_("name at least 3 knights"))
    elif verb in ("turn", "death", "sacrifice", "captured", "freed", "unmasked"):
        need(len(words) == 1, N_("{verb} takes one knight's name"), verb=verb)
    elif verb == "draw":
        need(
            len(words) >= 2 and words[0] in _DECKS,
            N_("draw needs a deck and at least one card"),
        )
        for card in words[1:]:
            need(card in cards, N_("unknown card {card!r}"), card=card)
    elif verb == "reshuffle":
        need(len(words) == 1 and words[0] in _DECKS, N_("reshuffle needs one deck"))
    elif verb == "evil":
        need(
            len(words) == 2 and words[1] in ("engine", "black", "life"),
            N_("evil needs a knight and engine|black|life"),
        )
    elif verb == "siege":
        need(
            len(words) >= 2 and words[1] in ("won", "lost"), N_("siege needs a knight and won|lost")
        )
        need("cards" in options and "roll" in options, N_("siege needs cards= and roll="))
        for v in options["cards"].split(","):
            need(
                _digits(v) and int(v) in rulebook.FIGHT_VALUES,
                N_("{value!r} is not a Fight value"),
                value=v,
            )
        need(
            _digits(options["roll"]) and 1 <= int(options["roll"]) <= _FACES,
            N_("roll={roll!r} is not a d8 face 1-{faces}"),
            roll=options["roll"],
            faces=_FACES,
        )
        if "kay" in options:
            need(
                _digits(options["kay"]) and int(options["kay"]) in rulebook.FIGHT_VALUES,
                N_("kay={value!r} is not a Fight value"),
                value=options["kay"],
            )
    elif verb == "move":
        need(len(words) == 1 and options.get("how") in _HOWS, N_("move needs a knight and how="))
        if "travel" in options:
            need(
                options["travel"] in rulebook.TRAVEL_KINDS,
                N_("travel={card!r} is not a travel card"),
                card=options["travel"],
            )
    elif verb == "quest":
        need(len(words) == 2 and words[1] in ("won", "lost"), N_("quest needs a name and won|lost"))
        for key in ("white", "black", "engines"):
            if key in options:
                _int(options[key], number, key, verb)
    elif verb == "sword":
        need(len(words) == 2 and words[0] in ("white", "black"), N_("sword needs a colour and N"))
        most = _SWORDS_TO_END if words[0] == "white" else _BLACK_TO_LOSE
        need(
            1 <= _int(words[1], number, "N", verb) <= most,
            N_("{colour} swords come 1 to {most} at a time (the game ends at {most})"),
            colour=words[0],
            most=most,
        )
    elif verb == "accuse":
        need(
            len(words) == 3 and words[2] in ("right", "wrong"),
            N_("accuse needs accuser, accused, right|wrong"),
        )
    elif verb == "end":
        need(
            all(k in options for k in ("white", "black", "hidden")),
            N_("end needs white=, black= and hidden="),
        )
        for key in ("white", "black", "hidden"):
            _int(options[key], number, key, verb)
        need(int(options["hidden"]) in (0, 1, 2), N_("hidden must be 0, 1 or 2"))
    elif verb == "play":
        need(len(words) in (2, 3), N_("play takes a knight, a white card and maybe a quest"))
        need(words[1] in cards, N_("unknown card {card!r}"), card=words[1])
    elif verb == "cancel":
        need(len(words) == 1 and words[0] in cards, N_("cancel takes the black card cancelled"))
        need(_cancel_how(options) in ("merlin", "excalibur"), N_("with=merlin or with=excalibur"))
    elif verb == "free":
        need(
            len(words) == 2 or (len(words) == 1 and "by" in options),
            N_("free takes the knight who frees and the captive"),
        )
    elif verb == "heal":
        need(len(words) == 4, N_("heal takes a knight and the three cards he discards"))
        for card in words[1:]:
            need(card in cards, N_("unknown card {card!r}"), card=card)
    elif verb == "engines":
        need(len(words) == 1, N_("engines takes the number of siege engines now around Camelot"))
        _int(words[0], number, "N", verb)
    elif verb == "swords":
        need("white" in options and "black" in options, N_("swords needs white= and black="))
        _int(options["white"], number, "white", verb)
        _int(options["black"], number, "black", verb)
    elif verb == "life":
        need(len(words) == 2, N_("life takes a knight and his life points now"))
        _int(words[1], number, "N", verb)
    elif verb == "hand":
        need(len(words) >= 1, N_("hand takes a knight and the white cards he holds"))
        for card in words[1:]:
            need(card in cards, N_("unknown card {card!r}"), card=card)
    elif verb == "relic":
        need(len(words) == 2 and words[1] in _RELICS, N_("relic takes a knight and a relic"))
    elif verb == "loyalty":
        need(
            len(words) == 2 and words[1] in ("loyal", "traitor"),
            N_("loyalty takes a knight and loyal|traitor"),
        )


# Which words of each line name a card, a quest or a knight (by position; None: all the rest)
_CARD_WORDS: dict[str, tuple[int, int | None]] = {
    "draw": (1, None),
    "play": (1, 2),
    "hand": (1, None),
    "cancel": (0, 1),
    "heal": (1, None),
}
_KNIGHT_WORDS: dict[str, tuple[int, int | None]] = {
    "knights": (0, None),
    "accuse": (0, 2),
    "free": (0, 2),
    **{
        v: (0, 1)
        for v in [
            "turn",
            "evil",
            "siege",
            "move",
            "death",
            "play",
            "heal",
            "sacrifice",
            "captured",
            "freed",
            "unmasked",
            "life",
            "hand",
            "relic",
            "loyalty",
        ]
    },
}


def _named(ev: Event, cards: frozenset[str]) -> Event:
    """Card, quest and knight names as printed, in English, Japanese or Spanish ("Captured!",
    "聖杯", "Grial", "Sir Kay"), read as the toolkit's ids; a misspelt card is a LogError with
    the nearest name."""

    def card(token: str) -> str:
        if token in cards:
            return token
        try:
            return names.resolve_card(token)
        except ValueError as err:  # the resolver's message is in the reader's language
            raise _line_error(ev.line, str(err), ev.verb) from None

    def other(token: str, resolve: Callable[[str], str]) -> str:
        try:
            return resolve(token)
        except ValueError:
            return token  # a player's name, or a word the line's own check will judge

    words = list(ev.words)
    lo, hi = _CARD_WORDS.get(ev.verb, (0, 0))
    for i in range(lo, len(words) if hi is None else min(hi, len(words))):
        words[i] = card(words[i])
    lo, hi = _KNIGHT_WORDS.get(ev.verb, (0, 0))
    for i in range(lo, len(words) if hi is None else min(hi, len(words))):
        words[i] = other(words[i], names.resolve_knight)
    if ev.verb == "quest" and words:
        words[0] = other(words[0], names.resolve_quest)
    if ev.verb == "play" and len(words) == 3 and words[2] not in ("engine",):
        words[2] = other(words[2], names.resolve_quest)
    options = dict(ev.options)
    if "travel" in options:
        options["travel"] = card(options["travel"])
    for key in ("to", "on"):
        if key in options:
            options[key] = other(options[key], names.resolve_quest)
    return Event(ev.line, ev.verb, tuple(words), options)


def _cancel_how(options: dict[str, str]) -> str:
    """How a black card was cancelled: ``with=`` (or an older ``by=merlin|excalibur``)."""
    how = options.get("with")
    if how is None and options.get("by") in ("merlin", "excalibur"):
        how = options["by"]
    return how or "merlin"


# characters that would split a line or hide in it: every control character but the tab
# (NUL, form feed, NEL...) and the Unicode line and paragraph separators
_BREAKS = re.compile(r"\r\n|\r|\n")


def check_line(text: str, number: int = 0) -> None:
    """Raise :class:`LogError` if ``text`` cannot be one line of a play log: a line break
    (``\\n``, ``\\r``, U+2028, NEL, a form feed) would make two events of it, a NUL or another
    control character would hide in it. The entry of every line: :func:`parse_log` and the
    table tracker's ``add`` both call it.

    >>> check_line("turn arthur\u2028turn kay", 3)
    Traceback (most recent call last):
        ...
    camelot_rules.logs.playlog.LogError: line 3: holds U+2028 (LINE SEPARATOR), a character that \
breaks or hides in a line; write one event per line, in plain text
    """
    for ch in text:
        if ch != "\t" and unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
            name = unicodedata.name(ch, "") or {"\x00": "NUL", "\x85": "NEL"}.get(ch, "a control")
            raise LogError(
                _(
                    "line {line}: holds U+{code} ({name}), a character that breaks or hides in a "
                    "line; write one event per line, in plain text"
                ).format(line=number, code=f"{ord(ch):04X}", name=name),
                number,
            )


def check_table(events: list[Event]) -> None:
    """Raise :class:`LogError` if the log is not one game at one table: a second ``setup``
    line, a ``knights`` line anywhere but right after it or twice, or a line naming a knight
    who is not at the table (not on the ``knights`` line; without one, not a knight of the
    box). Called by :func:`parse_log` and :func:`verify`."""
    table: list[str] = []
    for k, ev in enumerate(events):
        if ev.verb == "setup" and k:
            raise _line_error(
                ev.line,
                _("a second setup line (the first is line {first}); a log records one game").format(
                    first=events[0].line
                ),
                "setup",
            )
        if ev.verb == "knights":
            if k != 1:
                raise _line_error(
                    ev.line,
                    _("the knights line comes once, right after the setup line"),
                    "knights",
                )
            table = list(ev.words)
            continue
        for name in _knights_named(ev):
            if table and name not in table:
                why = _("{name!r} is not at the table (the knights line names {table})").format(
                    name=name, table=", ".join(table)
                )
                raise _line_error(ev.line, why, ev.verb)
            if not table and name not in _KNIGHTS:
                why = _(
                    "{name!r} is not a knight of the box; name the table's knights on a "
                    "knights line first"
                ).format(name=name)
                raise _line_error(ev.line, why, ev.verb)


def _knights_named(ev: Event) -> list[str]:
    """The words and options of a line that name a knight (``free ... by=NAME``, ``cancel ...
    by=NAME,NAME``)."""
    lo, hi = _KNIGHT_WORDS.get(ev.verb, (0, 0))
    names = list(ev.words[lo : len(ev.words) if hi is None else hi])
    by = ev.options.get("by", "")
    if ev.verb == "free" and by:
        names.append(by)
    elif ev.verb == "cancel" and by and by not in ("merlin", "excalibur"):
        names += [n for n in by.split(",") if n]
    return names


def parse_log(text: str) -> list[Event]:
    """Parse a play log; raises :class:`LogError` naming the first malformed line.

    A UTF-8 byte-order mark, Windows line endings and trailing spaces are accepted.

    >>> [e.verb for e in parse_log("setup players=4 expansion=no\\n# a comment\\nsword white 1")]
    ['setup', 'sword']
    """
    if not isinstance(text, str):
        raise LogError(_("a play log is text; got {kind}").format(kind=type(text).__name__))
    events: list[Event] = []
    cards = known_card_names()
    text = text.removeprefix("\ufeff")  # a UTF-8 byte-order mark written by some editors
    for number, raw in enumerate(_BREAKS.split(text), start=1):
        check_line(raw, number)
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        verb, *rest = line.split()
        if verb not in _EXPECTED:
            raise LogError(
                _("line {line}: unknown event {verb!r}; expected one of {verbs}").format(
                    line=number, verb=verb[:40], verbs=sorted(_EXPECTED)
                ),
                number,
            )
        words = tuple(w for w in rest if "=" not in w)
        options = dict(w.split("=", 1) for w in rest if "=" in w)
        event = _named(Event(number, verb, words, options), cards)
        _check_line(event, cards)
        events.append(event)
    if not events or events[0].verb != "setup":
        raise _line_error(1, _("a log starts with a setup line"), "setup")
    check_table(events)
    return events


def decode_log(data: bytes, name: str | None = None) -> str:
    """The text of a log file's bytes (from disk or an upload): a file larger than
    :data:`MAX_LOG_BYTES`, binary or not UTF-8 is refused with a :class:`LogError`; a UTF-8
    byte-order mark is dropped. ``name`` (the file's name) starts the error message; by default
    "the log", in the reader's language.

    >>> decode_log(b"\\xef\\xbb\\xbfsetup players=4 expansion=no\\r\\n")
    'setup players=4 expansion=no\\r\\n'
    """
    shown = _("the log") if name is None else name
    if len(data) > MAX_LOG_BYTES:
        raise LogError(
            _(
                "{name}: more than {limit} bytes; a recorded game is a few kilobytes - "
                "is this the right file?"
            ).format(name=shown, limit=f"{MAX_LOG_BYTES:,}")
        )
    if b"\x00" in data:
        raise LogError(
            _("{name}: a binary file (it holds NUL bytes); a play log is plain text").format(
                name=shown
            )
        )
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        raise LogError(
            _("{name}: not UTF-8 text (byte {byte}); save the log as UTF-8").format(
                name=shown, byte=err.start
            )
        ) from None


def read_log(path: str | Path) -> list[Event]:
    """Read and parse a log file (opened read-only; the file is never modified). A file larger
    than :data:`MAX_LOG_BYTES`, binary or not UTF-8 text is refused with a :class:`LogError`
    (at most :data:`MAX_LOG_BYTES` + 1 bytes are read)."""
    with open(path, "rb") as fh:
        data = fh.read(MAX_LOG_BYTES + 1)
    return parse_log(decode_log(data, str(path)))


# The documented example (docs/play-log.md, tests/logs/clean_mc.log): a model record, every
# sword, engine and quest with the line that caused it.
EXAMPLE_LOG = """\
# Merlin's Company, 5 players: the first four rounds, recorded at the table.
# Every sword, siege engine and quest on the board has the line that caused it.
setup players=5 expansion=yes
knights arthur kay gawain percival tristan
turn arthur
evil arthur black
draw black morgan_witch_2                 # no 3 Merlins: no life sacrifices until a quest is won
move arthur how=heroic_action to=saxons travel=nothing_happens
turn kay
evil kay engine
siege kay cards=3,3 roll=4 won
turn gawain
evil gawain black
draw black despair
move gawain how=heroic_action to=grail travel=captured   # he stays, the card under his figure
turn percival
evil percival black
draw black saxons
move percival how=heroic_action to=saxons travel=merlin_travels
turn tristan
evil tristan engine
draw white fight_2 fight_3
turn arthur
evil arthur black
draw black picts
play arthur fight_1 on=saxons
turn kay
evil kay engine
free gawain by=kay card=reinforcements    # Kay's heroic action: he discards a special white card
turn gawain
evil gawain black
draw black excalibur
move gawain how=heroic_action to=grail travel=nothing_happens
turn percival
evil percival black
draw black black_knight_1
play percival fight_2 on=saxons
turn tristan
evil tristan black
draw black mercenaries on=saxons
move tristan how=knight_power to=saxons travel=vision    # free departure; Vision: to the Grail
play tristan grail on=grail
turn arthur
evil arthur engine
play arthur fight_3 on=saxons
turn kay
evil kay black
draw black despair
siege kay cards=4,2 roll=5 won
turn gawain
evil gawain black
draw black excalibur
play gawain grail on=grail
turn percival
evil percival engine
play percival fight_4 on=saxons
turn tristan
evil tristan black
draw black picts
play tristan grail on=grail
turn arthur
evil arthur black
draw black despair
play arthur fight_5 on=saxons             # the straight 1-5: the Saxons are repelled
quest saxons won white=1
turn kay
evil kay life                             # allowed again: a quest has been won
siege kay cards=5 roll=1 won
turn gawain
evil gawain life
play gawain grail on=grail
engines 2                                 # checks: Kay's fights removed the engines as they came
swords white=1 black=0                    # the Saxon war's white sword
"""


@dataclass(frozen=True)
class Violation:
    """A rule broken at a line of the log; ``fix`` says what the table should have done."""

    line: int
    rule_id: str
    message: str
    source: str
    fix: str = ""


@dataclass
class Report:
    """What replaying the log found."""

    violations: list[Violation]
    summary: dict[str, object]
    rolls: list[int]
    fights: list[tuple[Fraction, bool]]
    travel_passes: list[list[str]]


def _title(name: str) -> str:
    return name.replace("_", " ").title()


def _shown(name_id: str, kind: str) -> str:
    """A knight or quest as the report names it: in English the title-cased id the reports
    have always used ("Kay", "Black Knight"); in Japanese and Spanish the printed name of the
    names table ("ケイ卿", "Caballero Negro"). A name the table does not know (a player's name
    on the knights line) is title-cased in every language."""
    lang = get_language()
    if lang == "en":
        return _title(name_id)
    shown = names.display_name(name_id, kind)
    if shown == name_id:
        return _title(name_id)
    if lang == "es" and shown.startswith("Rey "):
        return "el " + shown  # "el Rey Arturo" (see _es_articles for "del", "al")
    return shown


_ES_CONTRACTIONS = re.compile(r"\b(de|a) el\b")


def _es_articles(text: str) -> str:
    """Spanish contracts "de el" and "a el" ("después del Rey Arturo", "al Rey Arturo")."""
    if get_language() != "es":
        return text
    return _ES_CONTRACTIONS.sub(lambda m: "del" if m.group(1) == "de" else "al", text)


def _knight(name: str) -> str:
    return _shown(name, "knight")


def _quest(name: str) -> str:
    return _shown(name, "quest")


def _card(card: str) -> str:
    """A card as the report names it: its id in English (as written in the log format), its
    printed name in Japanese and Spanish."""
    return card if get_language() == "en" else names.display_name(card, "card")


def _deck(deck: str) -> str:
    """The deck's name in the reader's language: "white deck", "白デッキ", "mazo Blanco"."""
    return names.display_name(f"{deck}_deck", "term")


def _join(items: Iterable[str]) -> str:
    """Names listed with the reader's separator ("a, b"; "a、b" in Japanese)."""
    return _(", ").join(items)


def _kind(kind: str) -> str:
    """What a heroic action did ("a move"), in the reader's language."""
    return _(_KINDS[kind.split(":")[0]])


@dataclass
class _Table:
    """What the table has seen so far: the public part of the game's state."""

    players: int = 0
    expansion: bool = False
    knights: list[str] = field(default_factory=list)
    dead: dict[str, int] = field(default_factory=dict)  # knight -> line of his death
    captured: set[str] = field(default_factory=set)
    unmasked: set[str] = field(default_factory=set)
    unmasked_now: set[str] = field(default_factory=set)  # unmasked during this turn
    loyalty: dict[str, str] = field(default_factory=dict)
    accused: set[str] = field(default_factory=set)
    white: int = 0
    black: int = 0
    engines_lo: int = 0  # engines around Camelot: known to lie in [lo, hi]
    engines_hi: int = 0
    witches: set[str] = field(default_factory=set)
    favor: bool = False
    vivien: bool = False  # no Merlin card until a quest is won (BoQ p.16)
    dark_forest: bool = False  # no Grail card until another quest is won (BoQ p.16)
    turn_over: bool = False  # Guinevere ended the turn (BoQ p.16)
    where_before: dict[str, str] = field(default_factory=dict)  # before Guinevere (a cancel)
    quests_over: set[str] = field(default_factory=set)  # their black cards bring engines
    quests_ended: set[str] = field(default_factory=set)
    drawn: dict[str, Counter[str]] = field(default_factory=lambda: {d: Counter() for d in _DECKS})
    removed: Counter[str] = field(default_factory=Counter)  # black cards out of the game
    held: Counter[str] = field(default_factory=Counter)  # travel cards under figures
    held_at_shuffle: Counter[str] = field(default_factory=Counter)
    travel_passes: list[list[str]] = field(default_factory=lambda: [[]])
    # the turn in progress (only when the log records turns)
    has_turns: bool = False
    last_turn: str = ""
    turn: str = ""
    turn_line: int = 0
    skipped: bool = False  # the knight was captured as his turn came: it is skipped
    evils: int = 0
    heroic: int = 0
    sacrificed: bool = False
    done: list[str] = field(default_factory=list)  # heroic action kinds taken this turn
    first_action: int = 0  # line of the turn's first action
    where: dict[str, str] = field(default_factory=dict)  # knight -> quest (from to=)
    laid: dict[str, list[int]] = field(default_factory=dict)  # quest -> Fight values recorded
    laid_by: dict[str, str] = field(default_factory=dict)  # solo quest -> who laid them
    relics: dict[str, str] = field(default_factory=dict)  # relic -> holder (from relic lines)
    black_due: int = 0  # black cards the turn's steps call for and not yet drawn
    evil_line: int = 0
    travel_due: tuple[int, str] | None = None  # (line, knight) of a move owing a travel card
    witch1_line: int = 0  # the First Witch's line while her rebuild is not yet recorded
    last_black: str = ""  # the black card drawn last (a cancel applies to it)
    engine_from_last: int = 0  # engines the last black card added
    over: str = ""  # what ended the game, in the reader's language ("" while it goes on)
    over_rule: str = ""  # the rule that ended it (siege.twelfth-engine...; "" for any other end)
    over_reported: bool = False
    ended: bool = False


class _Replay:
    """Replays events on a :class:`_Table`, collecting violations.

    Rules: ``setup.deal``, ``setup.loyalty``, ``setup.expansion``, ``setup.first-player``,
    ``turn.order``, ``turn.evil-step``, ``turn.sacrifice``, ``turn.legal-actions``,
    ``turn.game-over``, ``turn.end-check``, ``evil.black-card``, ``black.morgan``,
    ``black.finished-quest``, ``deck.counts``, ``deck.finished-quest-cards``,
    ``deck.first-witch``, ``deck.reshuffle-both``, ``siege.fight``, ``siege.kay``,
    ``siege.excalibur``, ``siege.second-action``, ``siege.twelfth-engine``, ``quest.spoils``,
    ``travel.draw-on-move``, ``travel.captured``, ``travel.reshuffle``, ``knight.life``,
    ``endgame.accusation``, ``endgame.fifth-witch``, ``endgame.hidden-traitors``,
    ``endgame.seven-black``, ``endgame.twelve-swords``, ``witch.lasting``, ``evil.engine``,
    ``black.merlin-cancel``, ``relic.excalibur``, ``heroic.heal``, ``quest.solo``,
    ``turn.no-repeat``, ``traitor.unmasked``, ``traitor.unmasked-turn``, ``deck.rebuild-both``,
    ``travel.counts``, ``endgame.tie``, ``quest.fight-cards``, ``quest.wars``,
    ``black.vivien``, ``black.dark-forest``, ``black.guinevere``.
    """

    def __init__(self) -> None:
        self.t = _Table()
        self.found: list[Violation] = []
        self.rolls: list[int] = []
        self.fights: list[tuple[Fraction, bool]] = []

    # --- reporting --------------------------------------------------------------------------
    def broke(self, line: int, rule_id: str, message: str, fix: str = "") -> None:
        """Record a violation; ``message`` and ``fix`` are already in the reader's language
        (without a fix, the rule's statement, translated)."""
        r = rule(rule_id)
        fix = fix or statement(rule_id)
        self.found.append(
            Violation(line, rule_id, _es_articles(message), r.source, _es_articles(fix))
        )

    # --- who may act ------------------------------------------------------------------------
    def actor(
        self, ev: Event, name: str, *, heroic: bool = False, own_turn: bool = True, kind: str = ""
    ) -> None:
        """A knight acts: he must be alive, free, not unmasked (for a heroic action) and (when
        turns are recorded) the one whose turn it is; the same heroic action is not taken twice
        in a turn. Rules: ``turn.order``, ``travel.captured``, ``turn.legal-actions``,
        ``turn.no-repeat``, ``traitor.unmasked-turn``."""
        t = self.t
        who = _knight(name)
        if heroic and name in t.unmasked and name not in t.unmasked_now:
            self.broke(
                ev.line,
                "traitor.unmasked-turn",
                _("{who}, the unmasked traitor, takes a heroic action ({verb})").format(
                    who=who, verb=ev.verb
                ),
                _(
                    "the unmasked traitor only discards a knight's card and adds an engine or "
                    "draws a black card"
                ),
            )
            return
        if name in t.dead:
            self.broke(
                ev.line,
                "turn.order",
                _("{who} acts ({verb}) after his death (line {line})").format(
                    who=who, verb=ev.verb, line=t.dead[name]
                ),
                _("a dead knight leaves the game: his figure is removed and his turns are skipped"),
            )
            return
        if name in t.captured and name not in t.unmasked and ev.verb != "freed":
            self.broke(
                ev.line,
                "travel.captured",
                _("{who} acts ({verb}) while captured").format(who=who, verb=ev.verb),
                _(
                    "a captured knight stays where he is and skips his turns until another knight "
                    "frees him (a heroic action and a special white card)"
                ),
            )
            return
        if t.knights and name not in t.knights and name not in _KNIGHTS:
            return  # a player's name rather than a knight's: nothing to check
        if own_turn and t.has_turns and t.turn and name != t.turn:
            self.broke(
                ev.line,
                "turn.legal-actions",
                _("{who} acts ({verb}) during {turn}'s turn").format(
                    who=who, verb=ev.verb, turn=_knight(t.turn)
                ),
                _(
                    "only the knight whose turn it is ({turn}) takes the evil step and heroic "
                    "actions"
                ).format(turn=_knight(t.turn)),
            )
            return
        if t.has_turns and t.turn == name and not t.first_action and ev.verb != "evil":
            t.first_action = ev.line
        if kind and t.has_turns and t.turn == name:
            repeats = t.done.count(kind)
            if repeats and not (kind == "special" and name == "galahad" and repeats == 1):
                self.broke(
                    ev.line,
                    "turn.no-repeat",
                    _("{who} takes the same heroic action ({kind}) twice in one turn").format(
                        who=who, kind=_kind(kind)
                    ),
                    _("a second heroic action (bought with a life point) must be a different one"),
                )
            t.done.append(kind)
        if heroic and t.has_turns and t.turn_over and t.turn == name:
            self.broke(
                ev.line,
                "black.guinevere",
                _("{who} takes a heroic action after Guinevere ended his turn").format(who=who),
                _("Guinevere sends every knight to Camelot and the drawer's turn ends"),
            )
            return
        if heroic and t.has_turns:
            t.heroic += 1
            self.heroic_count(ev)

    def heroic_count(self, ev: Event) -> None:
        """At most one heroic action, two with a sacrifice, none bought under the Second Witch.
        Rules: ``turn.sacrifice``, ``siege.second-action``."""
        t = self.t
        allowed = 3 if t.turn == "galahad" else 2  # Galahad's free special card (BoQ p.13)
        if t.heroic == 2 and "morgan_witch_2" in t.witches and not t.sacrificed:
            self.broke(
                ev.line,
                "siege.second-action",
                _("{who} takes a second heroic action while the Second Witch is in play").format(
                    who=_knight(t.turn)
                ),
                _("no life may be sacrificed for a second heroic action until a quest is won"),
            )
        elif t.heroic > allowed:
            self.broke(
                ev.line,
                "turn.sacrifice",
                _("{who} takes heroic action number {n} in one turn").format(
                    who=_knight(t.turn), n=t.heroic
                ),
                _("one heroic action a turn, and one more only by sacrificing a life point"),
            )

    # --- the game's end ---------------------------------------------------------------------
    def check_over(self, line: int) -> None:
        t = self.t
        t.engines_lo = min(t.engines_lo, _ENGINES_TO_LOSE)  # the board holds 12 at most
        t.engines_hi = min(t.engines_hi, _ENGINES_TO_LOSE)
        if t.over:
            return
        if t.engines_lo >= _ENGINES_TO_LOSE:
            t.over_rule = "siege.twelfth-engine"
            t.over = _("the {n}th siege engine (line {line})").format(n=_ENGINES_TO_LOSE, line=line)
        elif t.black >= _BLACK_TO_LOSE:
            t.over_rule = "endgame.seven-black"
            t.over = _("the {n}th black sword (line {line})").format(n=_BLACK_TO_LOSE, line=line)
        elif t.white + t.black >= _SWORDS_TO_END:
            t.over_rule = "endgame.twelve-swords"
            t.over = _("the {n}th sword (line {line})").format(n=_SWORDS_TO_END, line=line)

    def after_over(self, ev: Event) -> None:
        """Nothing is played after the game has ended. Rules: ``siege.twelfth-engine``,
        ``endgame.seven-black``, ``endgame.twelve-swords``, ``turn.game-over``."""
        t = self.t
        if t.over_reported or ev.verb in ("end", "loyalty", "swords", "engines", "hand"):
            return
        if ev.verb in ("death", "life") and not t.ended:
            return  # the record of who died with the last blow
        over = t.over or _("the end line")
        self.broke(
            ev.line,
            t.over_rule or "turn.game-over",
            _("the game goes on after {over}: '{verb}' is recorded").format(
                over=over, verb=ev.verb
            ),
            _("the game ends at once; count the swords and reveal the loyalty cards"),
        )
        t.over_reported = True

    # --- turns ------------------------------------------------------------------------------
    def close_turn(self, line: int) -> None:
        """The turn just played had its evil step and its black cards. Rules:
        ``turn.evil-step``, ``evil.black-card``, ``travel.draw-on-move``."""
        t = self.t
        if not t.turn:
            return
        name = _knight(t.turn)
        if t.evils == 0 and not t.skipped and not t.over:
            self.broke(
                t.first_action or t.turn_line,
                "turn.evil-step",
                (
                    _("{who}'s turn has no evil step before his action")
                    if t.first_action
                    else _("{who}'s turn has no evil step")
                ).format(who=name),
                _(
                    "each turn begins with one evil step: draw a black card, add a siege engine "
                    "or lose a life point"
                ),
            )
        if t.black_due > 0 and not t.over:
            self.broke(
                t.evil_line or t.turn_line,
                "evil.black-card",
                _("{who}'s turn calls for {n} more black card(s) than are recorded").format(
                    who=name, n=t.black_due
                ),
                _(
                    "a black card is drawn and applied for the evil step 'draw a black card' "
                    "(and for each card an effect calls for)"
                ),
            )
        self.close_travel()
        t.turn, t.evils, t.heroic, t.sacrificed, t.black_due, t.evil_line = "", 0, 0, False, 0, 0
        t.done, t.first_action, t.unmasked_now, t.turn_over = [], 0, set(), False

    def close_travel(self) -> None:
        t = self.t
        if t.travel_due is not None:
            line, who = t.travel_due
            self.broke(
                line,
                "travel.draw-on-move",
                _(
                    "{who} moves by a heroic action or a power, but no travel card is recorded"
                ).format(who=_knight(who)),
                _("a move by a heroic action or a knight's power draws a travel card"),
            )
            t.travel_due = None

    def next_seat(self, current: str) -> list[str]:
        """The knights who may play next, in order: dead knights are skipped; a captured one
        may be named (his turn is skipped)."""
        t = self.t
        order = t.knights
        if current not in order:
            return []
        i = order.index(current)
        out = []
        for k in order[i + 1 :] + order[: i + 1]:
            if k in t.dead:
                continue
            out.append(k)
            if k not in t.captured:
                break
        return out

    def on_turn(self, ev: Event) -> None:
        """Rules: ``turn.order``, ``setup.first-player``."""
        t = self.t
        name = ev.words[0]
        previous = t.turn or t.last_turn
        self.close_turn(ev.line)
        if name in t.dead:
            self.broke(
                ev.line,
                "turn.order",
                _("{who} takes a turn after his death (line {line})").format(
                    who=_knight(name), line=t.dead[name]
                ),
                _("a dead knight's turns are skipped"),
            )
        elif not t.has_turns:
            if t.knights and name in t.knights and "arthur" in t.knights and name != "arthur":
                self.broke(
                    ev.line,
                    "setup.first-player",
                    _("the first turn is {who}'s, but King Arthur is in play").format(
                        who=_knight(name)
                    ),
                    _("King Arthur begins; play goes clockwise"),
                )
        elif previous and t.knights and name in t.knights:
            allowed = self.next_seat(previous)
            if allowed and name not in allowed:
                self.broke(
                    ev.line,
                    "turn.order",
                    _("{who} plays after {previous}: the turn passes out of order").format(
                        who=_knight(name), previous=_knight(previous)
                    ),
                    _(
                        "play goes clockwise in the order of the knights line: after {previous} "
                        "comes {next}"
                    ).format(previous=_knight(previous), next=_knight(allowed[-1])),
                )
        t.has_turns = True
        t.turn, t.turn_line, t.last_turn = name, ev.line, name
        t.skipped = name in t.captured

    # --- the handlers -----------------------------------------------------------------------
    def on_setup(self, ev: Event) -> None:
        """Rules: ``setup.deal``, ``setup.expansion``."""
        t = self.t
        t.players = int(ev.options["players"])
        t.expansion = ev.options["expansion"] == "yes"
        allowed = range(3, 9) if t.expansion else range(3, 8)
        if t.players not in allowed:
            self.broke(
                ev.line,
                "setup.expansion" if t.expansion else "setup.deal",
                (
                    _("{n} players in Merlin's Company")
                    if t.expansion
                    else _("{n} players in the base game")
                ).format(n=t.players),
                (
                    _("Merlin's Company is for {lo}-{hi} players")
                    if t.expansion
                    else _("the base game is for {lo}-{hi} players")
                ).format(lo=allowed.start, hi=allowed.stop - 1),
            )

    def on_knights(self, ev: Event) -> None:
        """Rules: ``setup.deal``, ``setup.expansion``."""
        t = self.t
        t.knights = list(ev.words)
        if t.players and len(t.knights) != t.players:
            self.broke(
                ev.line,
                "setup.deal",
                _("{n} knights named for {players} players").format(
                    n=len(t.knights), players=t.players
                ),
                _("one knight for each player"),
            )
        doubles = sorted(k for k, n in Counter(t.knights).items() if n > 1)
        if doubles:
            self.broke(
                ev.line,
                "setup.deal",
                _("{names} named twice").format(names=_join(_knight(k) for k in doubles)),
                _("each knight once"),
            )
        if t.expansion and "arthur" not in t.knights:
            self.broke(
                ev.line,
                "setup.expansion",
                _("a Merlin's Company game without King Arthur"),
                _("in Merlin's Company King Arthur always plays"),
            )

    def on_evil(self, ev: Event) -> None:
        """Rules: ``turn.evil-step``, ``evil.engine``, ``siege.second-action``."""
        t = self.t
        name, kind = ev.words
        self.actor(ev, name)
        if t.has_turns and t.turn == name:
            t.evils += 1
            if t.evils == 2:
                self.broke(
                    ev.line,
                    "turn.evil-step",
                    _("{who} takes a second evil step in one turn").format(who=_knight(name)),
                    _("one evil step a turn: draw a black card, add a siege engine or lose a life"),
                )
            t.evil_line = ev.line
        if kind == "engine":
            t.engines_lo += 1
            t.engines_hi += 1
        elif kind == "black":
            t.black_due += 1
        elif kind == "life" and "morgan_witch_2" in t.witches:
            self.broke(
                ev.line,
                "siege.second-action",
                _("a life is given up as the evil step while the Second Witch is in play"),
                _(
                    "while the Second Witch stays no life is sacrificed: draw a black card or add "
                    "a siege engine"
                ),
            )

    def count_draw(self, ev: Event, deck: str, card: str) -> None:
        """Rules: ``deck.counts``, ``deck.finished-quest-cards``, ``travel.counts``."""
        t = self.t
        box = standard_deck(deck, expansion=t.expansion or deck == "travel").count(card)
        t.drawn[deck][card] += 1
        out = t.drawn[deck][card]
        if deck == "black":
            out += t.removed[card]
        if deck == "travel":
            out += t.held_at_shuffle[card]
        if out <= box:
            return
        if box == 0:
            self.broke(
                ev.line,
                "deck.counts",
                (
                    _("{card} is not in the {deck} of Merlin's Company")
                    if t.expansion
                    else _("{card} is not in the {deck} of the base game")
                ).format(card=_card(card), deck=_deck(deck)),
                _("only the cards of the box in play are drawn"),
            )
        elif deck == "black" and t.removed[card]:
            self.broke(
                ev.line,
                "deck.finished-quest-cards",
                _(
                    "{card} is drawn again, but {removed} of its {box} copies were removed from "
                    "the game (its quest was over)"
                ).format(card=_card(card), removed=t.removed[card], box=box),
                _(
                    "in Merlin's Company a finished quest's black card is removed from the game "
                    "and never reshuffled back"
                ),
            )
        else:
            self.broke(
                ev.line,
                "deck.counts",
                (
                    _(
                        "{card} drawn {n} times since the {deck} was last reshuffled (cards "
                        "under figures stay out); the deck holds {box} (assumed count)"
                    )
                    if deck == "travel"
                    else _(
                        "{card} drawn {n} times since the {deck} was last reshuffled; the deck "
                        "holds {box}"
                    )
                ).format(card=_card(card), n=out, deck=_deck(deck), box=box),
                _("a deck holds only its box count of each card"),
            )

    def on_draw(self, ev: Event) -> None:
        """Rules: ``evil.black-card``, ``black.morgan``, ``black.finished-quest``,
        ``deck.first-witch``, ``witch.lasting``, ``travel.draw-on-move``, ``travel.captured``."""
        t = self.t
        deck = ev.words[0]
        if deck == "travel" and not t.expansion:
            self.broke(
                ev.line,
                "travel.draw-on-move",
                _("travel cards exist only in Merlin's Company"),
                _("the base game has no travel deck"),
            )
            return
        if deck in ("white", "black") and t.witch1_line:
            self.witch_without_rebuild()
        for card in ev.words[1:]:
            self.count_draw(ev, deck, card)
            if deck == "black":
                self.black_card(ev, card)
            elif deck == "travel":
                self.travel_card(ev, card)

    def black_card(self, ev: Event, card: str) -> None:
        t = self.t
        t.last_black, t.engine_from_last = card, 0
        if t.has_turns and t.turn:
            if t.black_due <= 0:
                self.broke(
                    ev.line,
                    "evil.black-card",
                    _(
                        "{card} is drawn, but no evil step or effect calls for another black card"
                    ).format(card=_card(card)),
                    _(
                        "one black card for the evil step 'draw a black card' (Morgan's third "
                        "card calls for three more; Lancelot's Armor shows two and keeps one)"
                    ),
                )
            t.black_due = max(0, t.black_due - 1)
        if card == "morgan_3":
            t.black_due += T("morgan_3_draws")
        elif card == "morgan_4":
            t.engines_lo += T("morgan_4_engines")
            t.engines_hi += T("morgan_4_engines")
            t.engine_from_last = T("morgan_4_engines")
        elif card == "morgan_witch_1":
            t.witch1_line = ev.line
        elif card == "vivien":
            t.vivien = True
        elif card == "dark_forest" and "grail" not in t.quests_over:
            t.dark_forest = True
        elif card == "guinevere":
            t.turn_over = bool(t.has_turns and t.turn)
            t.where_before = dict(t.where)
            t.where = {k: "camelot" for k in t.where}
        elif card in _LASTING_WITCHES:
            t.witches.add(card)
        quest = _finished_quest(card)
        if quest and quest in t.quests_over:
            # RB p.11: its quest is over: a siege engine instead; JA: removed from the game,
            # and no engine while Merlin stands on that quest (not recorded: either may be).
            t.engines_hi += 1
            t.engine_from_last = 1
            if not t.expansion:
                t.engines_lo += 1
            else:
                t.removed[card] += 1
                t.drawn["black"][card] -= 1

    def on_cancel(self, ev: Event) -> None:
        """Three Merlin cards cancel a special black card as it is drawn; Excalibur given up
        cancels any. Rules: ``black.merlin-cancel``, ``relic.excalibur``."""
        t = self.t
        card, by = ev.words[0], _cancel_how(ev.options)
        if card != t.last_black:
            self.broke(
                ev.line,
                "black.merlin-cancel",
                (
                    _("{card} is cancelled, but the black card just drawn is {last}")
                    if t.last_black
                    else _("{card} is cancelled, but the black card just drawn is none")
                ).format(card=_card(card), last=_card(t.last_black)),
                _("a black card is cancelled as it is drawn, before its effect"),
            )
            return
        if by == "merlin" and t.vivien and card != "vivien":
            self.broke(
                ev.line,
                "black.vivien",
                _("Merlin cards cancel {card} while Vivien is in play").format(card=_card(card)),
                _("Vivien stops every Merlin card until a quest is won"),
            )
        if by == "merlin" and card not in _SPECIAL_BLACK:
            self.broke(
                ev.line,
                "black.merlin-cancel",
                _("Merlin cards cancel {card}, which is not a special black card").format(
                    card=_card(card)
                ),
                _(
                    "three Merlin cards cancel only a special black card (Excalibur given up "
                    "cancels any)"
                ),
            )
        t.engines_lo = max(0, t.engines_lo - t.engine_from_last)
        t.engines_hi = max(0, t.engines_hi - t.engine_from_last)
        if card == "morgan_3":
            t.black_due = max(0, t.black_due - T("morgan_3_draws"))
        t.witches.discard(card)
        if card == "morgan_witch_1":
            t.witch1_line = 0
        t.vivien = t.vivien and card != "vivien"
        t.dark_forest = t.dark_forest and card != "dark_forest"
        if card == "guinevere":
            t.turn_over = False
            t.where = t.where_before
        t.last_black, t.engine_from_last = "", 0

    def witch_without_rebuild(self) -> None:
        """Rules: ``deck.first-witch``."""
        t = self.t
        self.broke(
            t.witch1_line,
            "deck.first-witch",
            _("the First Witch is drawn but the white and black decks are not rebuilt after her"),
            _("record 'reshuffle black' (both decks are rebuilt at once) right after her"),
        )
        t.witch1_line = 0

    def travel_card(self, ev: Event, card: str, who: str = "") -> None:
        t = self.t
        t.travel_passes[-1].append(card)
        if t.travel_due is not None:
            who = who or t.travel_due[1]
            t.travel_due = None
        who = who or t.turn
        if card == "vision":
            t.where[who] = "grail"  # JA: Vision sends him to the Grail (if it is not over)
        elif card not in ("nothing_happens", "merlin_travels"):
            t.where[who] = "?"  # a demand met or failed, or captured on the way: not known
        if card == "captured":
            t.held[card] += 1
            victim = who or t.turn
            if victim:
                t.captured.add(victim)

    def on_reshuffle(self, ev: Event) -> None:
        """Rules: ``travel.reshuffle``, ``deck.reshuffle-both``, ``deck.rebuild-both``."""
        t = self.t
        deck = ev.words[0]
        if deck == "travel":
            if not t.expansion:
                self.broke(
                    ev.line,
                    "travel.draw-on-move",
                    _("travel cards exist only in Merlin's Company"),
                    _("the base game has no travel deck"),
                )
                return
            size = standard_deck("travel", expansion=True).size
            left = size - sum(t.held_at_shuffle.values()) - sum(t.drawn["travel"].values())
            if left > 0:
                self.broke(
                    ev.line,
                    "travel.reshuffle",
                    _("the travel deck is reshuffled with {n} card(s) still to draw").format(
                        n=left
                    ),
                    _(
                        "the travel deck is reshuffled only when it runs out (not with the white "
                        "and black decks); a Captured! card under a figure stays out"
                    ),
                )
            t.drawn["travel"] = Counter()
            t.held_at_shuffle = Counter(t.held)
            t.travel_passes.append([])
            return
        # RB p.7, p.10; JA: both draw piles are rebuilt together; lasting witches stay in play
        t.drawn["white"] = Counter()
        t.drawn["black"] = Counter({w: 1 for w in t.witches})
        t.witch1_line = 0

    def on_siege(self, ev: Event) -> None:
        """Rules: ``siege.fight``, ``siege.kay``, ``siege.excalibur``, ``endgame.tie``."""
        t = self.t
        name = ev.words[0]
        self.actor(ev, name, heroic=True, kind="quest:camelot")
        values = [int(v) for v in ev.options["cards"].split(",")]
        bonus = T("excalibur_bonus") if ev.flag("excalibur") else 0
        kay = int(ev.options.get("kay", 0))
        roll = int(ev.options["roll"])
        total = sum(values) + bonus + kay
        won = ev.words[1] == "won"
        self.rolls.append(roll)
        self.fights.append((win_probability_for_total(total), won))
        if t.engines_hi <= 0:
            self.broke(
                ev.line,
                "siege.fight",
                _("{who} fights a siege engine, but there is none around Camelot").format(
                    who=_knight(name)
                ),
                _("a siege fight needs a siege engine on the board"),
            )
        holder = t.relics.get("excalibur")
        if bonus and holder and holder != name:
            self.broke(
                ev.line,
                "siege.excalibur",
                _("{who} adds Excalibur's +1, but {holder} holds Excalibur").format(
                    who=_knight(name), holder=_knight(holder)
                ),
                _("only the holder of Excalibur adds 1 to his fight"),
            )
        if kay and name != "kay":
            self.broke(
                ev.line,
                "siege.kay",
                _("a card is added after the roll (kay={kay}) to {who}'s fight").format(
                    kay=kay, who=_knight(name)
                ),
                _("only Sir Kay adds a Fight card after seeing the roll, to his own fight"),
            )
        favor = t.favor and total == roll
        # Divine Favor played: a tie may go either way (it may have been used on a combat
        # quest's tie the log does not show)
        if won != siege_fight_won(total, roll, divine_favor=favor) and not (favor and not won):
            self.broke(
                ev.line,
                "siege.fight",
                (
                    _("fight total {total} against a roll of {roll} is recorded as won")
                    if won
                    else _("fight total {total} against a roll of {roll} is recorded as lost")
                ).format(total=total, roll=roll),
                _("the total must be strictly greater than the roll to win; a tie is lost"),
            )
        if favor and won:
            t.favor = False
        if won:
            t.engines_lo = max(0, t.engines_lo - 1)
            t.engines_hi = max(0, t.engines_hi - 1)

    def on_move(self, ev: Event) -> None:
        """Rules: ``travel.draw-on-move``."""
        t = self.t
        name, how = ev.words[0], ev.options["how"]
        if how in ("heroic_action", "knight_power"):  # his own move (other moves are effects)
            self.actor(ev, name, heroic=how == "heroic_action", kind="move")
        if "to" not in ev.options:
            self.leave(name)
        self.go(ev, name, ev.options.get("to", ""))
        if t.travel_due is not None:
            self.close_travel()
        card = ev.options.get("travel")
        draws = draws_travel_card(how).draws_travel_card
        if card and not t.expansion:
            self.broke(
                ev.line,
                "travel.draw-on-move",
                _("travel cards exist only in Merlin's Company"),
                _("the base game has no travel deck"),
            )
            return
        if card and not draws:
            self.broke(
                ev.line,
                "travel.draw-on-move",
                _("a travel card ({card}) is drawn for a {how} move, which draws none").format(
                    card=_card(card), how=how
                ),
                _("only a move by a heroic action or a knight's power draws a travel card"),
            )
        if not t.expansion or not draws:
            if card:
                self.count_draw(ev, "travel", card)
                self.travel_card(ev, card, name)
            return
        if card:
            self.count_draw(ev, "travel", card)
            self.travel_card(ev, card, name)
        else:
            t.travel_due = (ev.line, name)

    def lay_fight(self, ev: Event, quest: str, value: int) -> None:
        """A Fight card laid on a combat quest must keep its pattern possible; on a war the
        cards climb 1 to 5 (a second 5 with Mordred). Checked on the cards the log records: a
        card left out can only hide a violation, never make one. Rules: ``quest.fight-cards``,
        ``quest.wars``, ``quest.solo``."""
        t = self.t
        knight = ev.words[0]
        if _QUESTS[quest].solo and t.laid_by.get(quest, knight) != knight:
            # BoQ p.3: the knight before him left this solo quest; its white cards were discarded
            t.laid.pop(quest, None)
        t.laid_by[quest] = knight
        laid = t.laid.setdefault(quest, [])
        name = _quest(quest)
        if quest in ("black_knight", "lancelot", "dragon"):
            if not pattern_ok(quest, [*laid, value]):
                shown = _join(map(str, laid))
                self.broke(
                    ev.line,
                    "quest.fight-cards",
                    _(
                        "Fight {value} laid on the {quest}, which holds {cards}: the quest's "
                        "pattern can no longer be made"
                    ).format(value=value, quest=name, cards=shown),
                    _(
                        "the Black Knight takes two pairs, Lancelot a full house, the Dragon three "
                        "three-of-a-kinds (BoQ p.14)"
                    ),
                )
        elif quest in ("picts", "saxons"):
            last = laid[-1] if laid else 0
            mordred_five = value == last == 5 and laid.count(5) == 1
            if value <= last and not mordred_five:
                self.broke(
                    ev.line,
                    "quest.wars",
                    _("Fight {value} laid on the {quest} war after a {last}").format(
                        value=value, quest=name, last=last
                    ),
                    _("a war's cards climb one by one from 1 to 5 (Mordred asks a second 5)"),
                )
        laid.append(value)

    def leave(self, name: str) -> None:
        """A knight leaving a solo quest before it ends discards the cards on it (BoQ p.3);
        where he was is not always known: then every solo quest he laid cards on is cleared.
        Rules: ``quest.solo``."""
        t = self.t
        for quest, knight in list(t.laid_by.items()):
            if knight == name and t.where.get(name, "?") in (quest, "?"):
                t.laid.pop(quest, None)
                del t.laid_by[quest]

    def go(self, ev: Event, name: str, quest: str) -> None:
        """A solo quest takes one knight. Rules: ``quest.solo``."""
        t = self.t
        self.leave(name)
        if not quest:
            return
        data = _QUESTS.get(quest)
        if data is not None and data.solo:
            gone = set(t.dead) | t.unmasked
            there = [k for k, q in t.where.items() if q == quest and k != name and k not in gone]
            if there:
                self.broke(
                    ev.line,
                    "quest.solo",
                    _("{who} goes to the {quest}, a solo quest where {other} already is").format(
                        who=_knight(name), quest=_quest(quest), other=_knight(there[0])
                    ),
                    _("a solo quest takes one knight at a time"),
                )
        t.where[name] = quest

    def on_quest(self, ev: Event) -> None:
        """Rules: ``quest.spoils``, ``witch.lasting``."""
        t = self.t
        quest, result = ev.words
        won = result == "won"
        white = int(ev.options.get("white", 0))
        black = int(ev.options.get("black", 0))
        engines = int(ev.options.get("engines", 0))
        data = _QUESTS.get(quest)
        if data is not None:
            if quest in t.quests_ended and not data.perpetual:
                self.broke(
                    ev.line,
                    "quest.spoils",
                    _("the {quest} quest ends a second time").format(quest=_quest(quest)),
                    _("this quest is played once; once over it stays over"),
                )
            self.check_spoils(ev, data, won, white, black, engines)
            if not data.perpetual:
                t.quests_ended.add(quest)
                # Lancelot's and the Dragon's black cards are one set: over after the Dragon
                if quest != "lancelot":
                    t.quests_over.add("lancelot" if quest == "dragon" else quest)
        t.laid.pop(quest, None)
        for k, q in list(t.where.items()):
            if q == quest:
                t.where[k] = "camelot"  # the knights on it go back to Camelot
        t.white += white
        t.black += black
        t.engines_lo += engines
        t.engines_hi += engines
        if won:
            t.vivien = False
            t.dark_forest = t.dark_forest and quest == "grail"
        if quest == "grail":
            t.dark_forest = False
        if won:
            t.witches.discard("morgan_witch_2")  # JA: she leaves when a quest is won
        else:
            t.witches.discard("morgan_witch_7")

    def check_spoils(
        self, ev: Event, data: rulebook.QuestData, won: bool, white: int, black: int, engines: int
    ) -> None:
        """What a quest brings when it ends, as the Book of Quests prints it (Heroism adds one
        sword; the Mists of Avalon one black sword more). Rules: ``quest.spoils``."""
        opts = ev.options
        want: tuple[int, ...]
        if won:
            want = (data.win_white_swords, data.win_white_swords + 1)
            bad = ("white" in opts and white not in want) or black or engines
            brings = _(
                "the {quest} quest won brings {n} white sword(s) ({source}; Heroism adds one)"
            )
        else:
            want = (data.lose_black_swords, data.lose_black_swords + 1, data.lose_black_swords + 2)
            bad = (
                ("black" in opts and black not in want)
                or white
                or ("engines" in opts and engines != data.lose_engines)
            )
            brings = (
                _(
                    "the {quest} quest lost brings {n} black sword(s) and {engines} siege engines "
                    "({source}; Heroism adds one)"
                )
                if data.lose_engines
                else _(
                    "the {quest} quest lost brings {n} black sword(s) ({source}; Heroism adds one)"
                )
            )
        if bad:
            quest = _quest(data.name)
            self.broke(
                ev.line,
                "quest.spoils",
                (
                    _(
                        "the {quest} quest won is recorded with white={white} black={black} "
                        "engines={engines}"
                    )
                    if won
                    else _(
                        "the {quest} quest lost is recorded with white={white} black={black} "
                        "engines={engines}"
                    )
                ).format(quest=quest, white=white, black=black, engines=engines),
                brings.format(
                    quest=quest,
                    n=data.win_white_swords if won else data.lose_black_swords,
                    engines=data.lose_engines,
                    source=data.source,
                ),
            )

    def on_sword(self, ev: Event) -> None:
        t = self.t
        if ev.words[0] == "white":
            t.white += int(ev.words[1])
        else:
            t.black += int(ev.words[1])

    def on_accuse(self, ev: Event) -> None:
        """Rules: ``endgame.accusation``, ``endgame.fifth-witch``, ``setup.loyalty``."""
        t = self.t
        accuser, accused, result = ev.words
        self.actor(ev, accuser, heroic=True, kind="accuse")
        swords = t.white + t.black
        if swords < _ACCUSE_SWORDS and t.engines_hi < _ACCUSE_ENGINES:
            self.broke(
                ev.line,
                "endgame.accusation",
                _(
                    "{who} accuses with {swords} swords and {engines} siege engines on the board"
                ).format(who=_knight(accuser), swords=swords, engines=t.engines_hi),
                _("an accusation needs {swords}+ swords or {engines}+ engines").format(
                    swords=_ACCUSE_SWORDS, engines=_ACCUSE_ENGINES
                ),
            )
        if accuser in t.accused:
            self.broke(
                ev.line,
                "endgame.accusation",
                _("{who} accuses a second time").format(who=_knight(accuser)),
                _("each knight accuses once in the game"),
            )
        t.accused.add(accuser)
        if result == "right":
            t.white += T("accusation_right_white_swords")
            if t.loyalty.get(accused) == "loyal":
                self.broke(
                    ev.line,
                    "setup.loyalty",
                    _(
                        "{who} is unmasked as the traitor, but his loyalty is recorded as loyal"
                    ).format(who=_knight(accused)),
                    _("a right accusation unmasks a traitor"),
                )
            t.unmasked.add(accused)
            most = self.most_traitors()
            if len(t.unmasked) > most:
                self.broke(
                    ev.line,
                    "setup.loyalty",
                    _("traitor number {n} is unmasked; this game has at most {most}").format(
                        n=len(t.unmasked), most=most
                    ),
                    _("one traitor in the loyalty deck; in Merlin's Company two at 7-8 players"),
                )
        else:
            t.white, t.black = after_wrong_accusation(
                t.white, t.black, fifth_witch="morgan_witch_5" in t.witches
            )

    def most_traitors(self) -> int:
        """Rules: ``setup.loyalty``, ``endgame.hidden-traitors``."""
        t = self.t
        return 2 if t.expansion and t.players >= 7 else 1

    def on_unmasked(self, ev: Event) -> None:
        """A traitor shown by a card (Fate) rather than an accusation leaves the board.
        Rules: ``traitor.unmasked``."""
        self.t.unmasked.add(ev.words[0])
        self.t.unmasked_now.add(ev.words[0])  # (the engine lets him finish this turn)

    def on_death(self, ev: Event) -> None:
        """Rules: ``knight.life``."""
        t = self.t
        name = ev.words[0]
        if name in t.dead:
            self.broke(
                ev.line,
                "turn.order",
                _("{who} dies a second time (first at line {line})").format(
                    who=_knight(name), line=t.dead[name]
                ),
                _("a knight dies once"),
            )
            return
        t.dead[name] = ev.line
        self.leave(name)
        self.release(name)  # the Captured! card under his figure goes to the travel discards

    def on_play(self, ev: Event) -> None:
        """Rules: ``turn.legal-actions``, ``turn.sacrifice``."""
        t = self.t
        name, card = ev.words[0], ev.words[1]
        is_merlin = card == "merlin"
        if not standard_deck("white", expansion=t.expansion).count(card):
            self.broke(
                ev.line,
                "deck.counts",
                _("{card} is not a white card of this box").format(card=_card(card)),
                _("only the box's white cards are played"),
            )
            return
        aim = ev.words[2] if len(ev.words) == 3 else ev.options.get("on", "")
        special = card in _SPECIAL_WHITE and aim != "excalibur"
        if is_merlin and not aim and "target" not in ev.options:
            special = False  # a Merlin card offered to cancel a black card
        self.actor(
            ev,
            name,
            heroic=not is_merlin or special,
            own_turn=not is_merlin or special,
            kind="special" if special else "quest:" + (aim or "?"),
        )
        if card.startswith("fight_") and aim in _QUESTS and card[6:].isdigit():
            self.lay_fight(ev, aim, int(card[6:]))
        if is_merlin and t.vivien and aim != "excalibur":  # a discard to Excalibur is no Merlin
            self.broke(
                ev.line,
                "black.vivien",
                _("{who} plays a Merlin card while Vivien is in play").format(who=_knight(name)),
                _("Vivien stops every Merlin card, single or in threes, until a quest is won"),
            )
        if card == "grail" and aim in ("grail", "") and t.dark_forest:
            self.broke(
                ev.line,
                "black.dark-forest",
                _("{who} lays a Grail card while the Dark Forest is in play").format(
                    who=_knight(name)
                ),
                _("the Dark Forest stops Grail cards until another quest is won"),
            )
        target = ev.words[2] if len(ev.words) == 3 else ev.options.get("target", "")
        if card == "divine_favor":
            t.favor = True
        elif card == "dispel":
            t.witches.discard(target)  # JA special white cards: a lasting witch dispelled
            t.vivien = t.vivien and target != "vivien"
            t.dark_forest = t.dark_forest and target != "dark_forest"
        elif is_merlin and target == "engine":  # BoQ p.15: Merlin removes a siege engine
            t.engines_lo = max(0, t.engines_lo - 1)
            t.engines_hi = max(0, t.engines_hi - 1)

    def on_heal(self, ev: Event) -> None:
        """Three identical white cards give back one life (RB p.16). Rules: ``heroic.heal``."""
        name, cards = ev.words[0], ev.words[1:]
        self.actor(ev, name, heroic=True, kind="heal")
        if len(set(cards)) != 1:
            self.broke(
                ev.line,
                "heroic.heal",
                _("{who} heals with {cards}").format(
                    who=_knight(name), cards=_join(_card(c) for c in cards)
                ),
                _("healing discards three identical white cards"),
            )

    def on_sacrifice(self, ev: Event) -> None:
        """Rules: ``turn.sacrifice``, ``siege.second-action``."""
        t = self.t
        name = ev.words[0]
        self.actor(ev, name)
        if "morgan_witch_2" in t.witches:
            self.broke(
                ev.line,
                "siege.second-action",
                _("{who} sacrifices a life point while the Second Witch is in play").format(
                    who=_knight(name)
                ),
                _("no life may be sacrificed for a second heroic action until a quest is won"),
            )
        elif t.sacrificed:
            self.broke(
                ev.line,
                "turn.sacrifice",
                _("{who} sacrifices a second life point in one turn").format(who=_knight(name)),
                _("one sacrifice a turn buys one more heroic action"),
            )
        t.sacrificed = True

    def on_free(self, ev: Event) -> None:
        """Rules: ``travel.captured``."""
        t = self.t
        if len(ev.words) == 2:
            rescuer, captive = ev.words
        else:
            rescuer, captive = ev.options["by"], ev.words[0]
        self.actor(ev, rescuer, heroic=True, kind="free")
        if captive not in t.captured:
            self.broke(
                ev.line,
                "travel.captured",
                _("{who} frees {captive}, who is not captured").format(
                    who=_knight(rescuer), captive=_knight(captive)
                ),
                _("only a captured knight is freed"),
            )
        self.release(captive)

    def release(self, captive: str) -> None:
        t = self.t
        if captive in t.captured:
            t.captured.discard(captive)
            if t.held["captured"]:
                t.held["captured"] -= 1  # to the travel discards, back at the next reshuffle

    def on_captured(self, ev: Event) -> None:
        name = ev.words[0]
        self.t.captured.add(name)

    def on_freed(self, ev: Event) -> None:
        self.release(ev.words[0])

    def on_engines(self, ev: Event) -> None:
        """Rules: ``evil.engine``, ``siege.fight``."""
        t = self.t
        n = int(ev.words[0])
        if not t.engines_lo <= n <= t.engines_hi:
            shown = (
                str(t.engines_lo)
                if t.engines_lo == t.engines_hi
                else f"{t.engines_lo}-{t.engines_hi}"
            )
            self.broke(
                ev.line,
                "evil.engine",
                _("{n} siege engines recorded; the lines above leave {shown}").format(
                    n=n, shown=shown
                ),
                _(
                    "an engine is added by the evil step, Morgan (2), a finished quest's black "
                    "card or a war lost (2), and removed by a siege fight won"
                ),
            )
        t.engines_lo = t.engines_hi = n

    def on_swords(self, ev: Event) -> None:
        """Rules: ``endgame.twelve-swords``."""
        t = self.t
        white, black = int(ev.options["white"]), int(ev.options["black"])
        if (white, black) != (t.white, t.black):
            self.broke(
                ev.line,
                "endgame.twelve-swords",
                _(
                    "{white} white / {black} black swords recorded; the lines above lay "
                    "{laid_white} / {laid_black}"
                ).format(white=white, black=black, laid_white=t.white, laid_black=t.black),
                _("swords come from quests, accusations and the effects recorded on sword lines"),
            )
        t.white, t.black = white, black

    def on_life(self, ev: Event) -> None:
        """Rules: ``knight.life``."""
        name, n = ev.words[0], int(ev.words[1])
        if n > _MAX_LIFE:
            self.broke(
                ev.line,
                "knight.life",
                _("{who} has {n} life points").format(who=_knight(name), n=n),
                _("life stays between 0 and {most}").format(most=_MAX_LIFE),
            )
        if n > 0 and name in self.t.dead:
            self.broke(
                ev.line,
                "turn.order",
                _("{who} has {n} life points after his death").format(who=_knight(name), n=n),
                _("a dead knight stays dead"),
            )

    def on_hand(self, ev: Event) -> None:
        """Rules: ``deck.counts``."""
        t = self.t
        name, cards = ev.words[0], Counter(ev.words[1:])
        box = standard_deck("white", expansion=t.expansion)
        for card, n in sorted(cards.items()):
            if n > box.count(card):
                self.broke(
                    ev.line,
                    "deck.counts",
                    _("{who} holds {n} {card}; the white deck has {box}").format(
                        who=_knight(name), n=n, card=_card(card), box=box.count(card)
                    ),
                    _("a hand holds only cards of the white deck"),
                )

    def on_relic(self, ev: Event) -> None:
        self.t.relics[ev.words[1]] = ev.words[0]

    def on_loyalty(self, ev: Event) -> None:
        """Rules: ``setup.loyalty``."""
        t = self.t
        t.loyalty[ev.words[0]] = ev.words[1]
        traitors = sum(1 for v in t.loyalty.values() if v == "traitor")
        if ev.words[1] == "traitor" and traitors > self.most_traitors():
            self.broke(
                ev.line,
                "setup.loyalty",
                _("{n} traitors dealt to {players} players").format(n=traitors, players=t.players),
                _("one traitor in the loyalty deck; in Merlin's Company two at 7-8 players"),
            )

    def on_end(self, ev: Event) -> None:
        """Rules: ``endgame.hidden-traitors``, ``turn.end-check``, ``setup.loyalty``."""
        t = self.t
        if t.witch1_line:
            self.witch_without_rebuild()
        self.close_turn(ev.line)
        hidden = int(ev.options["hidden"])
        most = self.most_traitors() - len(t.unmasked)
        if t.loyalty:
            known = [k for k, v in t.loyalty.items() if v == "traitor"]
            most = min(most, len([k for k in known if k not in t.unmasked and k not in t.dead]))
        if hidden > max(0, most):
            self.broke(
                ev.line,
                "endgame.hidden-traitors",
                _(
                    "{n} hidden traitor(s) flip swords at the end, but at most {most} can be "
                    "hidden ({unmasked} unmasked)"
                ).format(n=hidden, most=max(0, most), unmasked=len(t.unmasked)),
                _("only a traitor still hidden (and alive) turns swords over at the end"),
            )
        if not t.over and all(
            k in t.dead or k in t.unmasked or t.loyalty.get(k) == "traitor" for k in t.knights
        ):
            t.over = _("the death of every knight")
        if not t.over:
            self.broke(
                ev.line,
                "turn.end-check",
                _(
                    "the game is recorded as over with {swords} swords, {black} black, and "
                    "{engines} siege engines"
                ).format(swords=t.white + t.black, black=t.black, engines=t.engines_lo),
                _(
                    "the game ends at the {swords}th sword, the {black}th black sword, the "
                    "{engines}th siege engine or when every knight is dead"
                ).format(swords=_SWORDS_TO_END, black=_BLACK_TO_LOSE, engines=_ENGINES_TO_LOSE),
            )
        want_white, want_black = after_hidden_traitors(t.white, t.black, hidden)
        flips = t.white - want_white
        got = int(ev.options["white"]), int(ev.options["black"])
        if got != (want_white, want_black) and t.white + t.black >= _SWORDS_TO_END:
            self.broke(
                ev.line,
                "endgame.hidden-traitors",
                _(
                    "the final count {white} white / {black} black does not match the swords "
                    "laid ({laid_white} / {laid_black}) with {hidden} hidden traitor(s) "
                    "flipping {flips}"
                ).format(
                    white=got[0],
                    black=got[1],
                    laid_white=t.white,
                    laid_black=t.black,
                    hidden=hidden,
                    flips=flips,
                ),
                _("expected {white} / {black}").format(white=want_white, black=want_black),
            )
        t.ended = True
        if not t.over:
            t.over = _("the end line")

    def close(self) -> None:
        t = self.t
        if t.witch1_line:
            self.witch_without_rebuild()
        if t.turn and not t.over:
            # the log stops mid-game: a turn cut short is not a violation, a missing draw is
            t.evils = max(t.evils, 1)
        self.close_turn(0)

    def step(self, ev: Event) -> None:
        t = self.t
        if t.over or t.ended:
            self.after_over(ev)
        handler: Callable[[Event], None] | None = getattr(self, "on_" + ev.verb, None)
        if handler is not None:
            handler(ev)
        self.check_over(ev.line)


def _finished_quest(card: str) -> str:
    """The quest whose end turns this black card into a siege engine (RB p.11; BoQ p.4)."""
    if card == "excalibur":
        return "excalibur"
    if card in _GRAIL_BLACKS:
        return "grail"
    if card.startswith("lancelot_dragon_"):
        return "lancelot"
    return ""


def verify(events: list[Event]) -> Report:
    """Replay ``events`` in order against the rules; return every violation and a summary.

    Each line is an action the table took or a chance outcome it saw; hands stay hidden, so
    only what cannot have happened is flagged. Rules: see :class:`_Replay` (``turn.order``,
    ``turn.evil-step``, ``deck.counts``, ``siege.fight``, ``endgame.accusation``,
    ``endgame.hidden-traitors``, ``travel.draw-on-move``, ``travel.reshuffle``,
    ``siege.second-action``, ``siege.twelfth-engine``, ``endgame.seven-black``,
    ``endgame.twelve-swords``, ``endgame.fifth-witch``, ``siege.excalibur``, ...).

    >>> report = verify(parse_log("setup players=4 expansion=no\\nsiege arthur cards=2 roll=5 won"))
    >>> [v.rule_id for v in report.violations]
    ['siege.fight', 'siege.fight']
    """
    if not isinstance(events, list) or not all(isinstance(e, Event) for e in events):
        raise ValueError(_("verify() takes the list of events of parse_log() or read_log()"))
    check_table(events)
    replay = _Replay()
    for ev in events:
        replay.step(ev)
    replay.close()
    t = replay.t
    found = sorted(replay.found, key=lambda v: v.line)
    summary: dict[str, object] = {
        "players": t.players,
        "expansion": t.expansion,
        "events": len(events),
        "white swords on the table": t.white,
        "black swords on the table": t.black,
        "siege engines": t.engines_lo
        if t.engines_lo == t.engines_hi
        else f"{t.engines_lo}-{t.engines_hi}",
        "siege fights": len(replay.fights),
        "accusations": len(t.accused),
    }
    passes = [p for p in t.travel_passes if p]
    return Report(found, summary, replay.rolls, replay.fights, passes)


def verify_text(text: str) -> Report:
    """Parse and verify a log given as text (the widget's and the web page's entry point)."""
    return verify(parse_log(text))


# The summary's keys (English data keys of Report.summary) as the report writes them, in the
# reader's language; each with its value, so a translation may add a counter word ("7人").
_SUMMARY = {
    "players": N_("players {value}"),
    "events": N_("events {value}"),
    "white swords on the table": N_("white swords on the table {value}"),
    "black swords on the table": N_("black swords on the table {value}"),
    "siege engines": N_("siege engines {value}"),
    "siege fights": N_("siege fights {value}"),
    "accusations": N_("accusations {value}"),
}
_EXPANSION = {True: N_("with Merlin's Company"), False: N_("base game")}


def _summary_item(key: str, value: object) -> str:
    if key == "expansion" and isinstance(value, bool):
        return _(_EXPANSION[value])
    if key in _SUMMARY:
        return _(_SUMMARY[key]).format(value=value)
    return f"{key} {value}"


def format_violation(v: Violation) -> str:
    """One violation on one line, in the language in force: where, what, the rule id and its
    source (the violation's own message is in the language :func:`verify` ran in).

    >>> from camelot_rules.base.i18n import language
    >>> log = "setup players=4 expansion=no\\nsiege kay cards=2 roll=5 won"
    >>> with language("ja"):
    ...     shown = format_violation(verify(parse_log(log)).violations[1])
    >>> shown.split("（")[0], "siege.fight" in shown
    ('2行目：合計2対ダイスの目5の戦いが勝ちと記録されています', True)
    """
    where = (
        _("line {line}: {message} (rule {rule_id}: {source})")
        if v.line
        else _("end of log: {message} (rule {rule_id}: {source})")
    )
    return where.format(line=v.line, message=v.message, rule_id=v.rule_id, source=v.source)


def format_report(report: Report) -> str:
    """A readable report: each violation with its line, the rule in words, its id and source,
    and what the table should have done; then the summary. In the language in force; the
    violations' own words are those of the language :func:`verify` ran in."""
    lines = []
    if report.violations:
        lines.append(_("{n} rule violation(s):").format(n=len(report.violations)))
        for v in report.violations:
            lines.append("  " + format_violation(v))
            if v.fix:
                lines.append("      " + _("the rule: {fix}").format(fix=v.fix))
    else:
        lines.append(_("No rule violations found: the log is consistent with the rules."))
    items = _join(_summary_item(k, v) for k, v in report.summary.items())
    lines.append(_("Summary: {items}").format(items=items))
    return "\n".join(lines)


# --- observed vs expected ----------------------------------------------------------------------


@dataclass(frozen=True)
class StatTest:
    """A test of what happened against the exact odds.

    ``exact`` tells whether ``p_value`` is exact (a Fraction) or an approximation (a float,
    labelled in ``method``). ``name`` and ``method`` are English ids ("die rolls"),
    translated by :func:`format_stat_test`; ``observed`` and ``expected`` are written in the
    language in force when the test is made.
    """

    name: str
    method: str
    n: int
    observed: str
    expected: str
    p_value: Fraction | float
    exact: bool


_EXACT_ROLLS = 12  # exact multinomial enumeration up to this many rolls
_EXACT_FIGHTS = 400  # exact Poisson-binomial up to this many fights; beyond, a normal approx.


def _compositions(n: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(n,)]
    return [(k, *rest) for k in range(n + 1) for rest in _compositions(n - k, parts - 1)]


def _chi2_sf(x: float, dof: int) -> float:
    """Upper tail of the chi-square distribution (regularised gamma Q by series)."""
    a, z = dof / 2, x / 2
    if z <= 0:
        return 1.0
    term = total = 1 / a
    k = 1
    while term > 1e-16 * total:
        term *= z / (a + k)
        total += term
        k += 1
    lower = exp(-z + a * log(z) - lgamma(a)) * total
    return max(0.0, 1.0 - lower)


def die_roll_test(rolls: list[int]) -> StatTest:
    """Are the recorded d8 rolls consistent with a fair die?

    Up to 12 rolls: the exact multinomial test (P of every outcome at most as likely as the
    one seen). Beyond: Pearson's chi-square with 7 degrees of freedom - an approximation, and
    labelled as one.

    >>> die_roll_test([1, 2, 3, 4, 5, 6, 7, 8]).p_value
    Fraction(1, 1)
    """
    if not rolls:
        raise ValueError(_("no die rolls in the log"))
    n = len(rolls)
    counts = tuple(rolls.count(face) for face in range(1, _FACES + 1))
    observed = " ".join(f"{face}:{c}" for face, c in enumerate(counts, start=1))
    if n <= _EXACT_ROLLS:

        def weight(c: tuple[int, ...]) -> int:
            w = factorial(n)
            for k in c:
                w //= factorial(k)
            return w

        seen = weight(counts)
        tail = sum(weight(c) for c in _compositions(n, _FACES) if weight(c) <= seen)
        return StatTest(
            N_("die rolls"),
            N_("exact multinomial test"),
            n,
            observed,
            _("{n} of each face").format(n=Fraction(n, _FACES)),
            Fraction(tail, _FACES**n),
            True,
        )
    expected = n / _FACES
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return StatTest(
        N_("die rolls"),
        N_("chi-square approximation (7 dof)"),
        n,
        observed,
        _("{n} of each face").format(n=f"{expected:.2f}"),
        _chi2_sf(stat, _FACES - 1),
        False,
    )


def fights_test(fights: list[tuple[Fraction, bool]]) -> StatTest:
    """Do the siege fights won match their exact win chances? Exact two-sided test on the
    Poisson-binomial number of wins (P of every count at most as likely as the one seen) up to
    400 fights; beyond, a normal approximation with continuity correction, labelled as one
    (the exact test's work grows with the square of the number of fights).

    >>> fights_test([(Fraction(1, 2), True), (Fraction(1, 2), False)]).p_value
    Fraction(1, 1)
    """
    if not fights:
        raise ValueError(_("no siege fights in the log"))
    wins = sum(won for _p, won in fights)
    mean = sum((p for p, _won in fights), Fraction(0))
    if len(fights) > _EXACT_FIGHTS:
        var = float(sum((p * (1 - p) for p, _won in fights), Fraction(0)))
        z = (abs(wins - float(mean)) - 0.5) / sqrt(var) if var else 0.0
        p_approx = 1.0 - erf(max(z, 0.0) / sqrt(2))
        return StatTest(
            N_("siege fights won"),
            N_("normal approximation to the Poisson-binomial"),
            len(fights),
            str(wins),
            _("{mean} expected").format(mean=f"{float(mean):.2f}"),
            min(1.0, p_approx),
            False,
        )
    # integer weights over the common denominator: exact and fast
    den = 1
    for p, _won in fights:
        den = den * p.denominator // _gcd(den, p.denominator)
    dist = [1]
    for p, _won in fights:
        a = int(p * den)
        b = den - a
        nxt = [0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * b
            nxt[k + 1] += q * a
        dist = nxt
    seen = dist[wins]
    tail = sum(q for q in dist if q <= seen)
    p_value = Fraction(tail, den ** len(fights))
    return StatTest(
        N_("siege fights won"),
        N_("exact Poisson-binomial test"),
        len(fights),
        str(wins),
        _("{mean} expected").format(mean=f"{float(mean):.2f}"),
        p_value,
        True,
    )


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def travel_check(passes: list[list[str]], composition: object = None) -> StatTest:
    """How well does the declared travel composition explain the draws?

    Reports the exact posterior probability of the declared deck (uniform prior over every
    16-card deck with each kind at least once) and the share of posterior mass on decks no more
    probable than it - an exact Bayesian check, not a frequentist p-value.
    """
    from camelot_rules.data.decks import Deck

    declared = (
        composition if isinstance(composition, Deck) else standard_deck("travel", expansion=True)
    )
    post = travel_composition_posterior(passes)
    p = post.get(declared, Fraction(0))
    tail = sum((q for q in post.values() if q <= p), Fraction(0))
    return StatTest(
        N_("travel draws"),
        N_("exact posterior of the declared deck (uniform prior)"),
        sum(len(x) for x in passes),
        _("{n} decks fit the draws").format(n=len(post)),
        _("declared deck posterior {p}").format(p=f"{float(p):.4f}"),
        tail,
        True,
    )


def format_stat_test(test: StatTest) -> str:
    """One line for a test, in the language in force: exact p-values as fractions,
    approximations labelled."""
    if isinstance(test.p_value, Fraction):
        p = fmt_prob(test.p_value)
    else:
        p = _("{p} (approximate)").format(p=f"{test.p_value:.4g}")
    return _("{name} (n={n}): observed {observed}; {expected}; p = {p} [{method}]").format(
        name=_(test.name),
        n=test.n,
        observed=test.observed,
        expected=test.expected,
        p=p,
        method=_(test.method),
    )


def observed_vs_expected(report: Report) -> list[StatTest]:
    """Every test the log has data for (a test that cannot be computed is left out; see
    :func:`stats_report` for the reasons)."""
    return stats_report(report)[0]


def stats_report(report: Report) -> tuple[list[StatTest], list[str]]:
    """Every test the log has data for, and a note for each test it cannot make (no data, or
    the data does not fit the test - e.g. travel draws no 16-card deck can give), the notes in
    the language in force. One test failing never stops the others."""
    tests: list[StatTest] = []
    notes: list[str] = []
    plan: list[tuple[str, bool, Callable[[], StatTest]]] = [
        (N_("die rolls"), bool(report.rolls), lambda: die_roll_test(report.rolls)),
        (N_("siege fights won"), bool(report.fights), lambda: fights_test(report.fights)),
        (
            N_("travel draws"),
            bool(report.travel_passes),
            lambda: travel_check(report.travel_passes),
        ),
    ]
    for name, has_data, run in plan:
        if not has_data:
            notes.append(_("{name}: not tested (none in the log)").format(name=_(name)))
            continue
        try:
            tests.append(run())
        except ValueError as err:
            notes.append(_("{name}: not tested ({why})").format(name=_(name), why=err))
    return tests, notes
