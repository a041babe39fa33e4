"""Play logs, read: the text of a log as events, one a line (the format of ``docs/play-log.md``).

One event per line; ``#`` starts a comment::

    setup players=5 expansion=yes
    knights arthur kay gawain percival tristan
    turn arthur                              # whose turn it is (clockwise from King Arthur)
    evil arthur black                        # the evil step: engine | black | life
    draw black despair                       # cards drawn, in order (white, black, travel)
    move arthur how=heroic_action to=grail travel=vision
    siege kay cards=3,4 roll=6 won           # fight: Fight values, the d8 roll, won | lost
    quest grail won white=3                  # a quest ends: the swords (and engines) it adds
    accuse gawain kay wrong                  # accuser, accused, right | wrong
    end white=8 black=4 hidden=1             # final count as recorded, hidden traitors

:func:`parse_log` refuses a log at its first malformed line (a :class:`LogError` naming the
line and the form expected); :func:`parse_text` reads every line it can and keeps each error,
so that the verifier reports a malformed line and goes on with the others. The log's words
(``setup``, ``draw``, ``won``...) are the format's own in every language; the names of cards,
quests and knights may be printed names in English, Japanese or Spanish. The log file is only
read, never written.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import names, rulebook
from camelot_rules.data.decks import known_card_names

__all__ = [
    "EXAMPLE_LOG",
    "EXPECTED",
    "LOG_DEFAULTS",
    "MAX_LOG_BYTES",
    "OPTION_WORDS",
    "Event",
    "LogError",
    "ParsedLog",
    "check_line",
    "check_table",
    "decode_log",
    "parse_log",
    "parse_text",
    "read_log",
    "siege_values",
]

_FACES = rulebook.SIEGE_DIE_FACES
HOWS = ("heroic_action", "knight_power", "return_after_quest", "special_card")
_DECKS = ("white", "black", "travel")
_RELICS = ("excalibur", "grail", "armor")
# the engine's options a setup line may name (the readings of the open rules; docs/engine.md)
OPTION_WORDS: dict[str, tuple[str, ...]] = {
    "traitor": ("standard", "none", "among_us"),
    "opening_share": ("draft", "random", "skip", "agreement"),
    "spoils_share": ("random", "agreement"),
    "camelot_actions": ("apart", "one"),
    "tristan_departure": ("any_turn", "after_turn_in_camelot"),
    "siege_without_fight": ("no", "yes"),
    "travel_to_camelot": ("draw", "safe"),
    "three_player_peek": ("yes", "no"),
    "coats": ("expansion", "base", "mixed"),
    "travel_mix": tuple(rulebook.TRAVEL_MIXES),
    "divine_favor_reading": ("next_tie", "final_count"),
    "two_traitor_flip": ("3", "4"),
}
# the readings a log naming none is replayed under where they differ from the engine's defaults:
# the shares a log can show (each knight takes one card of the opening share, the spoils dealt
# at random); a log of a game shared by agreement names it (opening_share=agreement ...)
LOG_DEFAULTS: dict[str, str] = {"opening_share": "draft", "spoils_share": "random"}
# which draw a 'draw white' line records (for=): the heroic action at the Round Table, the card a
# face-down black card gives, a quest's spoils, a special card's draws, a knight's power
DRAW_REASONS = ("round_table", "face_down", "spoils", "card", "power", "share")
_PLACES = frozenset(q.name for q in rulebook.QUESTS) | {"camelot"}

# The form of each line, shown translated in a parse error (Translators: keep the log's words -
# setup, players=, yes|no, white|black|travel... - as they are; translate only the capitalised
# place-holders NAME, CARD, QUEST, ACCUSER... and the words in parentheses).
EXPECTED = {
    "setup": N_("setup players=N expansion=yes|no"),
    "knights": N_("knights NAME NAME ..."),
    "turn": N_("turn NAME"),
    "draw": N_("draw white|black|travel CARD [CARD ...]"),
    "reshuffle": N_("reshuffle white|black|travel"),
    "evil": N_("evil NAME engine|black|life"),
    "siege": N_(
        "siege NAME cards=V,V,... roll=R won|lost [excalibur] [wild=V,...] [kay=V [kay_wild=yes]]"
    ),
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
    "play": N_("play NAME CARD [QUEST|engine] (or on=QUEST, target=engine) [as=V]"),
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
    "merlin": N_("merlin QUEST|camelot|off"),
    "volunteer": N_("volunteer NAME"),
    "drink": N_("drink NAME"),
    "steal": N_("steal TRAITOR NAME"),
    "power": N_("power NAME [KNIGHT]"),
    "discard": N_("discard NAME CARD"),
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
            line=line, why=why, form=_(EXPECTED[verb])
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


@dataclass(frozen=True)
class ParsedLog:
    """A log read line by line: the events of the lines read, and an error for each line that
    could not be read (the verifier reports them and replays the rest)."""

    events: list[Event]
    errors: list[LogError]


_BLACK_TO_LOSE = rulebook.threshold("black_swords_to_lose")
_SWORDS_TO_END = rulebook.threshold("swords_to_end")
_KNIGHTS = frozenset(rulebook.KNIGHTS + rulebook.EXPANSION_KNIGHTS)

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


def siege_values(cards: str) -> list[int]:
    """The Fight values of a ``siege`` line's ``cards=``: ``"3,3"`` is ``[3, 3]``; an empty
    ``cards=`` is a fight without Fight cards (the reading ``siege_without_fight=yes``, rule
    ``siege.fight-without-cards``; under the default reading the replay flags it)."""
    return [int(v) for v in cards.split(",")] if cards else []


def draw_cards(ev: Event) -> list[tuple[str, str]]:
    """The cards of a ``draw`` line with the face each was laid (``up``/``down`` after a combat
    black card; ``""`` when not said)."""
    out: list[tuple[str, str]] = []
    for word in ev.words[1:]:
        if word in ("up", "down", "failed") and out:
            if word != "failed":
                out[-1] = (out[-1][0], word)
        elif word not in ("up", "down", "failed"):
            out.append((word, ""))
    return out


def _check_line(ev: Event, cards: frozenset[str]) -> None:
    """Raise :class:`LogError` if ``ev`` does not have its verb's form."""
    verb, words, options, number = ev.verb, ev.words, ev.options, ev.line

    def need(ok: bool, why: str, **values: object) -> None:
        """``why`` is a message id, translated (and filled with ``values``) only on failure."""
        if not ok:
            raise _line_error(number, _(why).format(**values), verb)

    if "at" in options:
        need(options["at"] in _PLACES, N_("at={place!r} is not a quest"), place=options["at"])
    if verb == "setup":
        need(
            "players" in options and options.get("expansion") in ("yes", "no"),
            N_("setup needs players=N and expansion=yes|no"),
        )
        _int(options["players"], number, "players", verb)
        for key, value in options.items():
            allowed = OPTION_WORDS.get(key, ("yes", "no") if key == "complete" else None)
            if allowed is not None:
                need(value in allowed, N_("{key}={value!r} is not a reading"), key=key, value=value)
    elif verb == "knights":
        need(len(words) >= 3, N_("name at least 3 knights"))
    elif verb in (
        "turn",
        "death",
        "sacrifice",
        "captured",
        "freed",
        "unmasked",
        "volunteer",
        "drink",
    ):
        need(len(words) == 1, N_("{verb} takes one knight's name"), verb=verb)
    elif verb == "draw":
        need(len(words) >= 1 and words[0] in _DECKS, N_("draw needs a deck and at least one card"))
        drawn = draw_cards(ev)
        need(
            bool(drawn) or (words[0] == "white" and "for" in options),
            N_("draw needs a deck and at least one card"),
        )
        for card, _face in drawn:
            need(card in cards, N_("unknown card {card!r}"), card=card)
        if "for" in options:
            need(
                options["for"] in DRAW_REASONS,
                N_("for={reason!r} is not a kind of draw"),
                reason=options["for"],
            )
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
        for v in options["cards"].split(",") if options["cards"] else ():
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
        need(
            options.get("kay_wild", "no") in ("yes", "no")
            and ("kay" in options or "kay_wild" not in options),
            N_("kay_wild=yes names Sir Kay's card kay=V a wild Fight ? card"),
        )
        if "wild" in options:  # the values of cards= laid as wild "Fight ?" cards
            wild = options["wild"].split(",")
            for v in wild:
                need(
                    _digits(v) and int(v) in rulebook.FIGHT_VALUES,
                    N_("{value!r} is not a Fight value"),
                    value=v,
                )
            laid = options["cards"].split(",")
            need(
                all(wild.count(v) <= laid.count(v) for v in wild),
                N_("wild={wild}: each value a wild card was laid as is one of cards="),
                wild=options["wild"],
            )
    elif verb == "move":
        need(
            len(words) in (1, 2) and options.get("how") in HOWS and words[1:] in ((), ("failed",)),
            N_("move needs a knight and how="),
        )
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
        if "as" in options:  # the value a wild "Fight ?" card is laid as
            need(
                words[1] == rulebook.WILD_FIGHT,
                N_("as= names the value of a wild Fight ? card (fight_wild)"),
            )
            need(
                _digits(options["as"]) and int(options["as"]) in rulebook.FIGHT_VALUES,
                N_("as={value!r} is not a Fight value"),
                value=options["as"],
            )
    elif verb == "cancel":
        need(len(words) == 1 and words[0] in cards, N_("cancel takes the black card cancelled"))
        need(cancel_how(options) in ("merlin", "excalibur"), N_("with=merlin or with=excalibur"))
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
    elif verb == "merlin":
        need(
            len(words) == 1 and (words[0] in _PLACES or words[0] == "off"),
            N_("merlin takes the quest where Merlin's figure stands (or off)"),
        )
    elif verb == "steal":
        need(len(words) == 2, N_("steal takes the traitor and the knight who loses a card"))
    elif verb == "power":
        need(len(words) in (1, 2), N_("power takes the knight and maybe another knight"))
    elif verb == "discard":
        need(len(words) == 2 and words[1] in cards, N_("discard takes a knight and a white card"))


# Which words of each line name a card, a quest or a knight (by position; None: all the rest)
_CARD_WORDS: dict[str, tuple[int, int | None]] = {
    "draw": (1, None),
    "play": (1, 2),
    "hand": (1, None),
    "cancel": (0, 1),
    "heal": (1, None),
    "discard": (1, 2),
}
_KNIGHT_WORDS: dict[str, tuple[int, int | None]] = {
    "knights": (0, None),
    "accuse": (0, 2),
    "free": (0, 2),
    "steal": (0, 2),
    "power": (0, 2),
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
            "volunteer",
            "drink",
            "discard",
        ]
    },
}
_FLAGS = frozenset({"up", "down", "failed"})


def _named(ev: Event, cards: frozenset[str]) -> Event:
    """Card, quest and knight names as printed, in English, Japanese or Spanish ("Captured!",
    "聖杯", "Grial", "Sir Kay"), read as the toolkit's ids; a misspelt card is a LogError with
    the nearest name."""

    def card(token: str) -> str:
        if token in cards or token in _FLAGS:
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
    if ev.verb in ("quest", "merlin") and words and words[0] != "off":
        words[0] = other(words[0], names.resolve_quest)
    if ev.verb == "play" and len(words) == 3 and words[2] not in ("engine",):
        words[2] = other(words[2], names.resolve_quest)
    options = dict(ev.options)
    if "travel" in options:
        options["travel"] = card(options["travel"])
    for key in ("to", "on", "at"):
        if key in options:
            options[key] = other(options[key], names.resolve_quest)
    return Event(ev.line, ev.verb, tuple(words), options)


def cancel_how(options: dict[str, str]) -> str:
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
    control character would hide in it. The entry of every line: :func:`parse_text` and the
    table tracker's ``add`` both call it.

    >>> check_line("turn arthur\u2028turn kay", 3)
    Traceback (most recent call last):
        ...
    camelot_rules.logs.parse.LogError: line 3: holds U+2028 (LINE SEPARATOR), a character that \
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


def table_errors(events: list[Event]) -> list[LogError]:
    """Every line that makes the log not one game at one table (see :func:`check_table`)."""
    table: list[str] = []
    errors: list[LogError] = []
    for k, ev in enumerate(events):
        if ev.verb == "setup" and k:
            why = _("a second setup line (the first is line {first}); a log records one game")
            errors.append(_line_error(ev.line, why.format(first=events[0].line), "setup"))
            continue
        if ev.verb == "knights":
            if k != 1:
                why = _("the knights line comes once, right after the setup line")
                errors.append(_line_error(ev.line, why, "knights"))
            else:
                table = list(ev.words)
            continue
        for name in _knights_named(ev):
            if table and name not in table:
                why = _("{name!r} is not at the table (the knights line names {table})").format(
                    name=name, table=", ".join(table)
                )
                errors.append(_line_error(ev.line, why, ev.verb))
                break
            if not table and name not in _KNIGHTS:
                why = _(
                    "{name!r} is not a knight of the box; name the table's knights on a "
                    "knights line first"
                ).format(name=name)
                errors.append(_line_error(ev.line, why, ev.verb))
                break
    return errors


def check_table(events: list[Event]) -> None:
    """Raise :class:`LogError` if the log is not one game at one table: a second ``setup``
    line, a ``knights`` line anywhere but right after it or twice, or a line naming a knight
    who is not at the table (not on the ``knights`` line; without one, not a knight of the
    box). Called by :func:`parse_log` and the verifier: a log of another game or table is
    refused whole (a line of the wrong form is reported and the replay goes on)."""
    errors = table_errors(events)
    if errors:
        raise errors[0]


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


def _parse_line(number: int, raw: str, cards: frozenset[str]) -> Event | None:
    line = raw.split("#", 1)[0].strip()
    if not line:
        return None
    verb, *rest = line.split()
    if verb not in EXPECTED:
        raise LogError(
            _("line {line}: unknown event {verb!r}; expected one of {verbs}").format(
                line=number, verb=verb[:40], verbs=sorted(EXPECTED)
            ),
            number,
        )
    words = tuple(w for w in rest if "=" not in w)
    options = dict(w.split("=", 1) for w in rest if "=" in w)
    event = _named(Event(number, verb, words, options), cards)
    _check_line(event, cards)
    return event


def parse_text(text: str) -> ParsedLog:
    """Read a play log line by line: every line that has its form becomes an event, every other
    line a :class:`LogError` (its number and the form expected); nothing is refused whole but a
    log without its ``setup`` line.

    >>> parsed = parse_text("setup players=4 expansion=no\\nfly arthur\\nsword white 1")
    >>> [e.verb for e in parsed.events], [err.line for err in parsed.errors]
    (['setup', 'sword'], [2])
    """
    if not isinstance(text, str):
        raise LogError(_("a play log is text; got {kind}").format(kind=type(text).__name__))
    events: list[Event] = []
    errors: list[LogError] = []
    cards = known_card_names()
    text = text.removeprefix("\ufeff")  # a UTF-8 byte-order mark written by some editors
    for number, raw in enumerate(_BREAKS.split(text), start=1):
        try:
            check_line(raw, number)
            event = _parse_line(number, raw, cards)
        except LogError as err:
            errors.append(err)
            continue
        if event is not None:
            events.append(event)
    if not events or events[0].verb != "setup":
        first = errors[0] if errors and errors[0].line == 1 else None
        raise first or _line_error(1, _("a log starts with a setup line"), "setup")
    return ParsedLog(events, errors)


def parse_log(text: str) -> list[Event]:
    """Parse a play log; raises :class:`LogError` naming the first malformed line (see
    :func:`parse_text` to read past it).

    A UTF-8 byte-order mark, Windows line endings and trailing spaces are accepted.

    >>> [e.verb for e in parse_log("setup players=4 expansion=no\\n# a comment\\nsword white 1")]
    ['setup', 'sword']
    """
    parsed = parse_text(text)
    if parsed.errors:
        raise parsed.errors[0]
    check_table(parsed.events)
    return parsed.events


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


def read_text(path: str | Path) -> str:
    """The text of a log file (opened read-only; the file is never modified): a file larger
    than :data:`MAX_LOG_BYTES`, binary or not UTF-8 text is refused with a :class:`LogError`
    (at most :data:`MAX_LOG_BYTES` + 1 bytes are read)."""
    with open(path, "rb") as fh:
        data = fh.read(MAX_LOG_BYTES + 1)
    return decode_log(data, str(path))


def read_log(path: str | Path) -> list[Event]:
    """Read and parse a log file (see :func:`read_text` and :func:`parse_log`)."""
    return parse_log(read_text(path))


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
