"""Play logs: a plain-text record of a game, replayed in order through the rules engine.

The format is documented, with a full example, in ``docs/play-log.md``; reading it is
:mod:`camelot_rules.logs.parse`. :func:`verify` replays the events on the table's view of the
game (:mod:`camelot_rules.engine.infoset`: hands, pile orders and loyalty cards unknown, bounded
by the box's card census) through the engine (:mod:`camelot_rules.logs.replay`,
:mod:`camelot_rules.logs.lines`, :mod:`camelot_rules.logs.checks`) and reports every rule
broken, with the line, the rule id the engine names (see :mod:`camelot_rules.data.registry`),
its source and what the table should have done (:mod:`camelot_rules.logs.report`). Only what
cannot have happened is flagged: where the log leaves a choice open, every choice is kept. The
observed-vs-expected tests are :mod:`camelot_rules.logs.stats`. The log file is only read,
never written.

What the verifier writes - parse errors, violations, the report, the tests' lines - is in the
language in force (:mod:`camelot_rules.base.i18n`: ``set_language``, the CLI's ``--lang``),
with the names in that language (:mod:`camelot_rules.data.names`); a violation keeps its line
and rule id whatever the language.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from camelot_rules.base.i18n import gettext as _
from camelot_rules.logs.lines import LogReplay
from camelot_rules.logs.parse import (
    EXAMPLE_LOG,
    EXPECTED,
    MAX_LOG_BYTES,
    Event,
    LogError,
    ParsedLog,
    check_line,
    check_table,
    decode_log,
    parse_log,
    parse_text,
    read_log,
    read_text,
)
from camelot_rules.logs.report import Report, Violation, format_report, format_violation
from camelot_rules.logs.stats import (
    StatTest,
    die_roll_test,
    fights_test,
    format_stat_test,
    observed_vs_expected,
    stats_report,
    travel_check,
)

__all__ = [
    "EXAMPLE_LOG",
    "EXPECTED",
    "MAX_LOG_BYTES",
    "READINGS",
    "Event",
    "LogError",
    "ParsedLog",
    "Reading",
    "Report",
    "StatTest",
    "Violation",
    "check_line",
    "check_table",
    "decode_log",
    "die_roll_test",
    "fights_test",
    "format_readings",
    "format_report",
    "format_stat_test",
    "format_violation",
    "observed_vs_expected",
    "parse_log",
    "parse_text",
    "read_log",
    "read_text",
    "replay_log",
    "stats_report",
    "travel_check",
    "verify",
    "verify_readings",
    "verify_text",
]


def replay_log(events: list[Event], **options: Any) -> LogReplay:
    """The replay of ``events`` (its branches: the table's views consistent with the whole log;
    its ``found``: the violations), under the engine's ``options`` (readings) when given."""
    replay = LogReplay(events, options)
    replay.run()
    return replay


def verify(events: list[Event], **options: Any) -> Report:
    """Replay ``events`` in order through the rules engine; return every violation and a summary.

    Each line stands for the engine steps that explain it on the table's view (hands, pile
    orders and loyalty unknown); a line no step explains is a violation, with the engine's rule
    id. ``options`` are the engine's options (the readings of the open rules) to replay under;
    a log's ``setup`` line may name them too.

    >>> log = "setup players=4 expansion=no\\nknights arthur kay gawain percival\\n"
    >>> log += "turn arthur\\nevil arthur engine\\nsiege arthur cards=2 roll=5 won"
    >>> [(v.line, v.rule_id) for v in verify(parse_log(log)).violations]
    [(5, 'siege.fight')]
    """
    if not isinstance(events, list) or not all(isinstance(e, Event) for e in events):
        raise ValueError(_("verify() takes the list of events of parse_log() or read_log()"))
    check_table(events)
    replay = replay_log(events, **options)
    found = sorted(replay.found, key=lambda v: v.line)
    notes = []
    if replay.truncated:
        notes.append(
            _(
                "The log leaves many choices open: the replay kept {n} explanations at a time "
                "and may report a line that another explanation would allow."
            ).format(n=48)
        )
    passes = [p for p in replay.travel_passes if p]
    return Report(found, replay.summary(), replay.rolls, replay.fights, passes, notes=notes)


def verify_text(text: str, **options: Any) -> Report:
    """Parse and verify a log given as text (the widget's, the CLI's and the web page's entry
    point): a malformed line is reported (``Report.errors``) and the others are replayed; a
    log of another game or table (:func:`check_table`) is refused with a :class:`LogError`."""
    parsed = parse_text(text)
    report = verify(parsed.events, **options)
    report.errors = parsed.errors
    return report


# --- which reading did we play? -----------------------------------------------------------------
@dataclass(frozen=True)
class Reading:
    """One documented reading of an open rule: the engine's option and its value, with the
    rule id that documents both readings."""

    option: str
    value: Any
    rule_id: str
    expansion_only: bool = False


READINGS: tuple[Reading, ...] = (
    Reading("traitor", "standard", "setup.loyalty"),
    Reading("traitor", "none", "setup.loyalty"),
    Reading("traitor", "among_us", "setup.loyalty"),
    Reading("opening_share", "draft", "setup.opening-share"),
    Reading("opening_share", "random", "setup.opening-share"),
    Reading("opening_share", "skip", "setup.opening-share"),
    Reading("opening_share", "agreement", "setup.opening-share"),
    Reading("spoils_share", "random", "quest.spoils"),
    Reading("spoils_share", "agreement", "quest.spoils"),
    Reading("camelot_actions", "apart", "turn.no-repeat"),
    Reading("camelot_actions", "one", "turn.no-repeat"),
    Reading("tristan_departure", "any_turn", "knight.tristan"),
    Reading("tristan_departure", "after_turn_in_camelot", "knight.tristan"),
    Reading("siege_without_fight", False, "siege.fight-without-cards"),
    Reading("siege_without_fight", True, "siege.fight-without-cards"),
    Reading("travel_to_camelot", "draw", "travel.to-camelot", True),
    Reading("travel_to_camelot", "safe", "travel.to-camelot", True),
    Reading("divine_favor_reading", "next_tie", "white.expansion-specials", True),
    Reading("divine_favor_reading", "final_count", "white.expansion-specials", True),
    Reading("two_traitor_flip", 3, "endgame.hidden-traitors", True),
    Reading("two_traitor_flip", 4, "endgame.hidden-traitors", True),
    Reading("travel_mix", "assumed", "travel.counts", True),
    Reading("travel_mix", "harmful_majority", "travel.counts", True),
)


def verify_readings(
    events: list[Event], readings: Iterable[Reading] = READINGS
) -> list[tuple[Reading, list[Violation]]]:
    """Replay the log under each documented reading of the open rules (one option changed at a
    time, the others at the log's or the engine's default): each reading with the violations
    found under it - none means the recorded play is consistent with that reading; the first
    violation is the line that contradicts it. Readings of the expansion are skipped for a
    base game."""
    setup = events[0].options if events else {}
    expansion = setup.get("expansion") == "yes"
    out = []
    for reading in readings:
        if reading.expansion_only and not expansion:
            continue
        found = sorted(
            replay_log(events, **{reading.option: reading.value}).found, key=lambda v: v.line
        )
        out.append((reading, found))
    return out


def format_readings(results: list[tuple[Reading, list[Violation]]]) -> str:
    """Which readings the recorded play is consistent with (no violation under it), each open
    rule with its readings; then, line by line, the lines that some readings explain and
    others contradict, with the readings each contradicts (in the language in force)."""
    lines = [_("Readings of the open rules (one changed at a time):")]
    by_option: dict[str, list[tuple[Reading, list[Violation]]]] = {}
    for reading, found in results:
        by_option.setdefault(reading.option, []).append((reading, found))
    for option, readings in by_option.items():
        parts = []
        for reading, found in readings:
            if found:
                parts.append(
                    _("{value}: contradicted at line {line} ({rule_id})").format(
                        value=reading.value, line=found[0].line, rule_id=found[0].rule_id
                    )
                )
            else:
                parts.append(_("{value}: consistent").format(value=reading.value))
        lines.append(f"  {option}: " + _("; ").join(parts))
    flagged: dict[int, list[str]] = {}
    for reading, found in results:
        for v in found:
            flagged.setdefault(v.line, []).append(f"{reading.option}={reading.value} ({v.rule_id})")
    disputed = {line: names for line, names in sorted(flagged.items()) if len(names) < len(results)}
    if disputed:
        lines.append(_("Line by line, where the readings differ:"))
        for line, names in disputed.items():
            lines.append(
                "  "
                + _("line {line}: contradicts {readings}").format(
                    line=line, readings=", ".join(names)
                )
            )
    return "\n".join(lines)
