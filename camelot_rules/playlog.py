"""Play logs: a plain-text record of a game, replayed against the rules.

One event per line; ``#`` starts a comment. The format (documented with a full example in
``docs/play-log.md``)::

    setup players=5 expansion=yes
    knights arthur kay gawain percival tristan
    draw black despair morgan_witch_5        # cards drawn, in order (white, black, travel)
    reshuffle black                          # a deck was rebuilt
    evil arthur engine                       # evil progression: engine | black | life
    siege arthur cards=3,4 roll=6 won        # fight: Fight values, the d8 roll, won | lost
    siege kay cards=2 roll=5 lost excalibur kay=3
    move tristan how=knight_power travel=vision   # how: heroic_action | knight_power |
                                             # return_after_quest | special_card
    quest grail won white=3                  # a quest ends: swords (and engines) it adds
    sword black 1                            # swords laid by other effects
    accuse gawain kay wrong                  # accuser, accused, right | wrong
    death percival
    end white=8 black=4 hidden=1             # final count as recorded, hidden traitors

:func:`parse_log` turns the text into events (a malformed line raises :class:`LogError`
with its line number and what was expected); :func:`verify` replays them and reports every
rule broken, with the line, the rule id (see :mod:`camelot_rules.rules`) and its source. The
log file is only read, never written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import exp, factorial, lgamma, log
from pathlib import Path

from camelot_rules import rulebook
from camelot_rules.cards import known_card_names, standard_deck
from camelot_rules.core import after_hidden_traitors, after_wrong_accusation
from camelot_rules.display import fmt_prob
from camelot_rules.rules import rule
from camelot_rules.siege import win_probability_for_total
from camelot_rules.travel import draws_travel_card, travel_composition_posterior

__all__ = [
    "Event",
    "LogError",
    "Report",
    "StatTest",
    "Violation",
    "die_roll_test",
    "fights_test",
    "format_report",
    "observed_vs_expected",
    "parse_log",
    "read_log",
    "travel_check",
    "verify",
]

_ENGINES_TO_LOSE = rulebook.threshold("siege_engines_to_lose")
_BLACK_TO_LOSE = rulebook.threshold("black_swords_to_lose")
_SWORDS_TO_END = rulebook.threshold("swords_to_end")
_ACCUSE_SWORDS = rulebook.threshold("accusation_min_swords")
_ACCUSE_ENGINES = rulebook.threshold("accusation_min_engines")
_FACES = rulebook.SIEGE_DIE_FACES
_HOWS = ("heroic_action", "knight_power", "return_after_quest", "special_card")

_EXPECTED = {
    "setup": "setup players=N expansion=yes|no",
    "knights": "knights NAME NAME ...",
    "turn": "turn NAME",
    "draw": "draw white|black|travel CARD [CARD ...]",
    "reshuffle": "reshuffle white|black|travel",
    "evil": "evil NAME engine|black|life",
    "siege": "siege NAME cards=V,V,... roll=R won|lost [excalibur] [kay=V]",
    "move": "move NAME how=heroic_action|knight_power|return_after_quest|special_card "
    "[travel=CARD]",
    "quest": "quest NAME won|lost [white=N] [black=N] [engines=N]",
    "sword": "sword white|black N",
    "accuse": "accuse ACCUSER ACCUSED right|wrong",
    "death": "death NAME",
    "end": "end white=N black=N hidden=N",
}


class LogError(ValueError):
    """A line of the log that cannot be read; says which line and what was expected."""


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
    return value.isascii() and value.isdigit()


def _int(value: str, line: int, what: str, verb: str) -> int:
    try:
        if not _digits(value.lstrip("-")):
            raise ValueError(value)
        number = int(value)
    except ValueError:
        raise LogError(
            f"line {line}: {what}={value!r} is not a whole number; expected: {_EXPECTED[verb]}"
        ) from None
    if number < 0:
        raise LogError(f"line {line}: {what}={number} is negative; expected: {_EXPECTED[verb]}")
    return number


def parse_log(text: str) -> list[Event]:
    """Parse a play log; raises :class:`LogError` naming the first malformed line.

    >>> [e.verb for e in parse_log("setup players=4 expansion=no\\n# a comment\\nsword white 1")]
    ['setup', 'sword']
    """
    events: list[Event] = []
    cards = known_card_names()
    text = text.removeprefix("\ufeff")  # a UTF-8 byte-order mark written by some editors
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        verb, *rest = line.split()
        if verb not in _EXPECTED:
            raise LogError(
                f"line {number}: unknown event {verb!r}; expected one of {sorted(_EXPECTED)}"
            )
        words = tuple(w for w in rest if "=" not in w)
        options = dict(w.split("=", 1) for w in rest if "=" in w)
        event = Event(number, verb, words, options)
        expected = _EXPECTED[verb]

        def need(ok: bool, why: str, expected: str = expected, number: int = number) -> None:
            if not ok:
                raise LogError(f"line {number}: {why}; expected: {expected}")

        if verb == "setup":
            need(
                "players" in options and options.get("expansion") in ("yes", "no"),
                "setup needs players=N and expansion=yes|no",
            )
            _int(options["players"], number, "players", verb)
        elif verb == "knights":
            need(len(words) >= 3, "name at least 3 knights")
        elif verb in ("turn", "death"):
            need(len(words) == 1, f"{verb} takes one knight's name")
        elif verb == "draw":
            need(
                len(words) >= 2 and words[0] in ("white", "black", "travel"),
                "draw needs a deck and at least one card",
            )
            for card in words[1:]:
                need(card in cards, f"unknown card {card!r}")
        elif verb == "reshuffle":
            need(
                len(words) == 1 and words[0] in ("white", "black", "travel"),
                "reshuffle needs one deck",
            )
        elif verb == "evil":
            need(
                len(words) == 2 and words[1] in ("engine", "black", "life"),
                "evil needs a knight and engine|black|life",
            )
        elif verb == "siege":
            need(
                len(words) >= 2 and words[1] in ("won", "lost"), "siege needs a knight and won|lost"
            )
            need("cards" in options and "roll" in options, "siege needs cards= and roll=")
            for v in options["cards"].split(","):
                need(_digits(v) and int(v) in rulebook.FIGHT_VALUES, f"Fight value {v!r}")
            need(
                _digits(options["roll"]) and 1 <= int(options["roll"]) <= _FACES,
                f"roll={options['roll']!r} is not a d8 face 1-8",
            )
            if "kay" in options:
                need(
                    _digits(options["kay"]) and int(options["kay"]) in rulebook.FIGHT_VALUES,
                    f"kay={options['kay']!r} is not a Fight value",
                )
        elif verb == "move":
            need(len(words) == 1 and options.get("how") in _HOWS, "move needs a knight and how=")
            if "travel" in options:
                need(
                    options["travel"] in rulebook.TRAVEL_KINDS,
                    f"travel={options['travel']!r} is not a travel card",
                )
        elif verb == "quest":
            need(len(words) == 2 and words[1] in ("won", "lost"), "quest needs a name and won|lost")
            for key in ("white", "black", "engines"):
                if key in options:
                    _int(options[key], number, key, verb)
        elif verb == "sword":
            need(len(words) == 2 and words[0] in ("white", "black"), "sword needs a colour and N")
            _int(words[1], number, "N", verb)
        elif verb == "accuse":
            need(
                len(words) == 3 and words[2] in ("right", "wrong"),
                "accuse needs accuser, accused, right|wrong",
            )
        elif verb == "end":
            need(
                all(k in options for k in ("white", "black", "hidden")),
                "end needs white=, black= and hidden=",
            )
            for key in ("white", "black", "hidden"):
                _int(options[key], number, key, verb)
            need(int(options["hidden"]) in (0, 1, 2), "hidden must be 0, 1 or 2")
        events.append(event)
    if not events or events[0].verb != "setup":
        raise LogError("line 1: a log starts with a setup line; expected: " + _EXPECTED["setup"])
    return events


def read_log(path: str | Path) -> list[Event]:
    """Read and parse a log file (opened read-only; the file is never modified). A file larger
    than :data:`MAX_LOG_BYTES` or not UTF-8 text is refused with a :class:`LogError`."""
    with open(path, "rb") as fh:
        data = fh.read(MAX_LOG_BYTES + 1)
    if len(data) > MAX_LOG_BYTES:
        raise LogError(
            f"{path}: more than {MAX_LOG_BYTES:,} bytes; a recorded game is a few kilobytes - "
            "is this the right file?"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise LogError(
            f"{path}: not UTF-8 text (byte {err.start}); save the log as UTF-8"
        ) from None
    return parse_log(text)


@dataclass(frozen=True)
class Violation:
    """A rule broken at a line of the log."""

    line: int
    rule_id: str
    message: str
    source: str


@dataclass
class Report:
    """What replaying the log found."""

    violations: list[Violation]
    summary: dict[str, object]
    rolls: list[int]
    fights: list[tuple[Fraction, bool]]
    travel_passes: list[list[str]]


@dataclass
class _Game:
    players: int = 0
    expansion: bool = False
    white: int = 0
    black: int = 0
    engines: int = 0
    accused: set[str] = field(default_factory=set)
    second_witch: bool = False
    fifth_witch: bool = False
    over: str = ""
    drawn: dict[str, dict[str, int]] = field(
        default_factory=lambda: {"white": {}, "black": {}, "travel": {}}
    )
    travel_passes: list[list[str]] = field(default_factory=lambda: [[]])


def verify(events: list[Event]) -> Report:
    """Replay ``events`` against the rules; return every violation found and a summary.

    Rules: ``deck.counts``, ``endgame.accusation``, ``endgame.fifth-witch``,
    ``endgame.hidden-traitors``, ``endgame.seven-black``, ``endgame.twelve-swords``,
    ``siege.excalibur``, ``siege.fight``, ``siege.second-action``, ``siege.twelfth-engine``,
    ``travel.draw-on-move``, ``travel.reshuffle``.
    """
    game = _Game()
    found: list[Violation] = []
    rolls: list[int] = []
    fights: list[tuple[Fraction, bool]] = []

    def broke(line: int, rule_id: str, message: str) -> None:
        found.append(Violation(line, rule_id, message, rule(rule_id).source))

    def check_over(line: int) -> None:
        if game.engines >= _ENGINES_TO_LOSE and not game.over:
            game.over = f"the {_ENGINES_TO_LOSE}th siege engine (line {line})"
        if game.black >= _BLACK_TO_LOSE and not game.over:
            game.over = f"the {_BLACK_TO_LOSE}th black sword (line {line})"

    over_reported = False
    for ev in events:
        if game.over and ev.verb != "end" and not over_reported:
            rid = (
                "siege.twelfth-engine"
                if "engine" in game.over
                else "endgame.seven-black"
                if "black" in game.over
                else "endgame.twelve-swords"
            )
            broke(ev.line, rid, f"the game goes on after {game.over}: '{ev.verb}' is recorded")
            over_reported = True
        if ev.verb == "setup":
            game.players = int(ev.options["players"])
            game.expansion = ev.options["expansion"] == "yes"
        elif ev.verb == "draw":
            deck = ev.words[0]
            if deck == "travel" and not game.expansion:
                broke(ev.line, "travel.draw-on-move", "travel cards exist only in Merlin's Company")
            box = standard_deck(deck, expansion=game.expansion or deck == "travel")
            for card in ev.words[1:]:
                count = game.drawn[deck].get(card, 0) + 1
                game.drawn[deck][card] = count
                if count > box.count(card):
                    broke(
                        ev.line,
                        "deck.counts",
                        f"{card} drawn {count} times since the {deck} deck was last "
                        f"reshuffled; the deck holds {box.count(card)}"
                        + (" (assumed count)" if deck == "travel" else ""),
                    )
                if deck == "travel":
                    game.travel_passes[-1].append(card)
                if card == "morgan_witch_2":
                    game.second_witch = True
                if card == "morgan_witch_5":
                    game.fifth_witch = True
        elif ev.verb == "reshuffle":
            deck = ev.words[0]
            if deck == "travel":
                left = 16 - sum(game.drawn["travel"].values())
                if left > 0:
                    broke(
                        ev.line,
                        "travel.reshuffle",
                        f"the travel deck is reshuffled with {left} cards still to draw; it is "
                        "reshuffled only when it runs out (not with the white and black decks)",
                    )
                game.drawn["travel"] = {}
                game.travel_passes.append([])
            else:
                rebuilt = ("white", "black") if game.expansion else (deck,)
                for d in rebuilt:
                    game.drawn[d] = {}
        elif ev.verb == "evil":
            if ev.words[1] == "engine":
                game.engines += 1
            elif ev.words[1] == "life" and game.second_witch:
                broke(
                    ev.line,
                    "siege.second-action",
                    "a life is sacrificed for evil progression while the Second Witch is in play",
                )
        elif ev.verb == "siege":
            values = [int(v) for v in ev.options["cards"].split(",")]
            bonus = rulebook.threshold("excalibur_bonus") if ev.flag("excalibur") else 0
            kay = int(ev.options.get("kay", 0))
            roll = int(ev.options["roll"])
            total = sum(values) + bonus + kay
            won = ev.words[1] == "won"
            rolls.append(roll)
            fights.append((win_probability_for_total(sum(values) + bonus + kay), won))
            if won != (total > roll):
                broke(
                    ev.line,
                    "siege.fight",
                    f"fight total {total} against a roll of {roll} is recorded as "
                    f"{'won' if won else 'lost'}; the total must be strictly greater than the "
                    "roll to win",
                )
            if won and game.engines > 0:
                game.engines -= 1
        elif ev.verb == "move":
            how = ev.options["how"]
            travel_card = ev.options.get("travel")
            draws = draws_travel_card(how).draws_travel_card
            if travel_card and not game.expansion:
                broke(ev.line, "travel.draw-on-move", "travel cards exist only in Merlin's Company")
            elif travel_card and not draws:
                broke(
                    ev.line,
                    "travel.draw-on-move",
                    f"a travel card ({travel_card}) was drawn for a {how} move, which draws none",
                )
            elif game.expansion and draws and not travel_card:
                broke(
                    ev.line,
                    "travel.draw-on-move",
                    f"a {how} move draws a travel card, but none is recorded",
                )
            if travel_card:
                count = game.drawn["travel"].get(travel_card, 0) + 1
                game.drawn["travel"][travel_card] = count
                game.travel_passes[-1].append(travel_card)
                held = standard_deck("travel", expansion=True).count(travel_card)
                if count > held:
                    broke(
                        ev.line,
                        "deck.counts",
                        f"{travel_card} drawn {count} times since the travel deck was "
                        f"reshuffled; the "
                        f"assumed deck holds {held}",
                    )
        elif ev.verb == "quest":
            game.white += int(ev.options.get("white", 0))
            game.black += int(ev.options.get("black", 0))
            game.engines += int(ev.options.get("engines", 0))
            if ev.words[1] == "won":
                game.second_witch = False  # her ban lasts until a quest is won (JA witches)
        elif ev.verb == "sword":
            if ev.words[0] == "white":
                game.white += int(ev.words[1])
            else:
                game.black += int(ev.words[1])
        elif ev.verb == "accuse":
            accuser = ev.words[0]
            swords = game.white + game.black
            if swords < _ACCUSE_SWORDS and game.engines < _ACCUSE_ENGINES:
                broke(
                    ev.line,
                    "endgame.accusation",
                    f"{accuser} accuses with {swords} swords and {game.engines} siege engines; "
                    f"an accusation needs {_ACCUSE_SWORDS}+ swords or {_ACCUSE_ENGINES}+ engines",
                )
            if accuser in game.accused:
                broke(
                    ev.line,
                    "endgame.accusation",
                    f"{accuser} accuses a second time; each knight accuses once",
                )
            game.accused.add(accuser)
            if ev.words[2] == "right":
                game.white += 1
            else:
                game.white, game.black = after_wrong_accusation(
                    game.white, game.black, fifth_witch=game.fifth_witch
                )
        elif ev.verb == "end":
            hidden = int(ev.options["hidden"])
            want_white, want_black = after_hidden_traitors(game.white, game.black, hidden)
            flips = game.white - want_white
            got_white, got_black = int(ev.options["white"]), int(ev.options["black"])
            if (got_white, got_black) != (want_white, want_black):
                broke(
                    ev.line,
                    "endgame.hidden-traitors",
                    f"the final count {got_white} white / {got_black} black does not match the "
                    f"swords laid ({game.white} / {game.black}) with {hidden} hidden traitor(s) "
                    f"flipping {flips}: expected {want_white} / {want_black}",
                )
        check_over(ev.line)
        if game.white + game.black >= _SWORDS_TO_END and not game.over and ev.verb != "end":
            game.over = f"the {_SWORDS_TO_END}th sword (line {ev.line})"
    summary: dict[str, object] = {
        "players": game.players,
        "expansion": game.expansion,
        "events": len(events),
        "white swords on the table": game.white,
        "black swords on the table": game.black,
        "siege engines": game.engines,
        "siege fights": len(fights),
        "accusations": len(game.accused),
    }
    return Report(found, summary, rolls, fights, [p for p in game.travel_passes if p])


def format_report(report: Report) -> str:
    """A readable report: violations with line, rule and source, then the summary."""
    lines = []
    if report.violations:
        lines.append(f"{len(report.violations)} rule violation(s):")
        for v in report.violations:
            lines.append(f"  line {v.line}: [{v.rule_id}] {v.message} (source: {v.source})")
    else:
        lines.append("No rule violations found: the log is consistent with the rules.")
    lines.append("Summary: " + ", ".join(f"{k} {v}" for k, v in report.summary.items()))
    return "\n".join(lines)


# --- observed vs expected ----------------------------------------------------------------------


@dataclass(frozen=True)
class StatTest:
    """A test of what happened against the exact odds.

    ``exact`` tells whether ``p_value`` is exact (a Fraction) or an approximation (a float,
    labelled in ``method``).
    """

    name: str
    method: str
    n: int
    observed: str
    expected: str
    p_value: Fraction | float
    exact: bool


_EXACT_ROLLS = 12  # exact multinomial enumeration up to this many rolls


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
        raise ValueError("no die rolls in the log")
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
            "die rolls",
            "exact multinomial test",
            n,
            observed,
            f"{Fraction(n, _FACES)} of each face",
            Fraction(tail, _FACES**n),
            True,
        )
    expected = n / _FACES
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return StatTest(
        "die rolls",
        "chi-square approximation (7 dof)",
        n,
        observed,
        f"{expected:.2f} of each face",
        _chi2_sf(stat, _FACES - 1),
        False,
    )


def fights_test(fights: list[tuple[Fraction, bool]]) -> StatTest:
    """Do the siege fights won match their exact win chances? Exact two-sided test on the
    Poisson-binomial number of wins (P of every count at most as likely as the one seen).

    >>> fights_test([(Fraction(1, 2), True), (Fraction(1, 2), False)]).p_value
    Fraction(1, 1)
    """
    if not fights:
        raise ValueError("no siege fights in the log")
    dist = [Fraction(1)]
    for p, _ in fights:
        nxt = [Fraction(0)] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    wins = sum(won for _, won in fights)
    seen = dist[wins]
    p_value = sum((q for q in dist if q <= seen), Fraction(0))
    mean = sum((p for p, _ in fights), Fraction(0))
    return StatTest(
        "siege fights won",
        "exact Poisson-binomial test",
        len(fights),
        str(wins),
        f"{float(mean):.2f} expected",
        p_value,
        True,
    )


def travel_check(passes: list[list[str]], composition: object = None) -> StatTest:
    """How well does the declared travel composition explain the draws?

    Reports the exact posterior probability of the declared deck (uniform prior over every
    16-card deck with each kind at least once) and the share of posterior mass on decks no more
    probable than it - an exact Bayesian check, not a frequentist p-value.
    """
    from camelot_rules.cards import Deck

    declared = (
        composition if isinstance(composition, Deck) else standard_deck("travel", expansion=True)
    )
    post = travel_composition_posterior(passes)
    p = post.get(declared, Fraction(0))
    tail = sum((q for q in post.values() if q <= p), Fraction(0))
    return StatTest(
        "travel draws",
        "exact posterior of the declared deck (uniform prior)",
        sum(len(x) for x in passes),
        f"{len(post)} decks fit the draws",
        f"declared deck posterior {float(p):.4f}",
        tail,
        True,
    )


def format_stat_test(test: StatTest) -> str:
    """One line for a test: exact p-values as fractions, approximations labelled."""
    if isinstance(test.p_value, Fraction):
        p = fmt_prob(test.p_value)
    else:
        p = f"{test.p_value:.4g} (approximate)"
    return (
        f"{test.name} (n={test.n}): observed {test.observed}; {test.expected}; "
        f"p = {p} [{test.method}]"
    )


def observed_vs_expected(report: Report) -> list[StatTest]:
    """Every test the log has data for."""
    tests = []
    if report.rolls:
        tests.append(die_roll_test(report.rolls))
    if report.fights:
        tests.append(fights_test(report.fights))
    if report.travel_passes:
        tests.append(travel_check(report.travel_passes))
    return tests
