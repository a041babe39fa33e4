"""What the verifier found, in words: violations, the report, and the names it uses.

Everything here is written in the language in force (:mod:`camelot_rules.base.i18n`): a
:class:`Violation` keeps its line and rule id in every language, its message and fix in the
language the replay ran in; :func:`format_violation` and :func:`format_report` write the frame
in the reader's language, with knights, cards and quests named as printed in it
(:mod:`camelot_rules.data.names`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from camelot_rules.base.i18n import N_, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import names
from camelot_rules.data.registry import rule, statement
from camelot_rules.logs.parse import LogError

__all__ = [
    "Report",
    "Violation",
    "card_name",
    "deck_name",
    "es_articles",
    "format_report",
    "format_violation",
    "joined",
    "knight_name",
    "quest_name",
    "violation",
]


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
    """What replaying the log found: the violations (line order), a summary, the data of the
    observed-vs-expected tests, the lines that could not be read (``errors``), and for
    ``verify --readings`` the readings the play is consistent with (``readings``)."""

    violations: list[Violation]
    summary: dict[str, object]
    rolls: list[int]
    fights: list[tuple[Fraction, bool]]
    travel_passes: list[list[str]]
    errors: list[LogError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def violation(line: int, rule_id: str, message: str, fix: str = "") -> Violation:
    """A violation of ``rule_id`` at ``line``; ``message`` and ``fix`` are already in the
    reader's language (without a fix, the rule's statement, translated)."""
    r = rule(rule_id)
    fix = fix or statement(rule_id)
    return Violation(line, rule_id, es_articles(message), r.source, es_articles(fix))


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
        return "el " + shown  # "el Rey Arturo" (see es_articles for "del", "al")
    return shown


_ES_CONTRACTIONS = re.compile(r"\b(de|a) el\b")


def es_articles(text: str) -> str:
    """Spanish contracts "de el" and "a el" ("después del Rey Arturo", "al Rey Arturo")."""
    if get_language() != "es":
        return text
    return _ES_CONTRACTIONS.sub(lambda m: "del" if m.group(1) == "de" else "al", text)


def knight_name(name: str) -> str:
    return _shown(name, "knight")


def quest_name(name: str) -> str:
    return "Camelot" if name == "camelot" else _shown(name, "quest")


def card_name(card: str) -> str:
    """A card as the report names it: its id in English (as written in the log format), its
    printed name in Japanese and Spanish."""
    return card if get_language() == "en" else names.display_name(card, "card")


def deck_name(deck: str) -> str:
    """The deck's name in the reader's language: "white deck", "白デッキ", "mazo Blanco"."""
    return names.display_name(f"{deck}_deck", "term")


def joined(items: Iterable[str]) -> str:
    """Names listed with the reader's separator ("a, b"; "a、b" in Japanese)."""
    return _(", ").join(items)


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
    source (the violation's own message is in the language the replay ran in).

    >>> v = Violation(2, "siege.fight", "a fight", "ES p.13")
    >>> format_violation(v)
    'line 2: a fight (rule siege.fight: ES p.13)'
    """
    where = (
        _("line {line}: {message} (rule {rule_id}: {source})")
        if v.line
        else _("end of log: {message} (rule {rule_id}: {source})")
    )
    return where.format(line=v.line, message=v.message, rule_id=v.rule_id, source=v.source)


def format_report(report: Report) -> str:
    """A readable report: each line that could not be read, each violation with its line, the
    rule in words, its id and source, and what the table should have done; then the notes and
    the summary. In the language in force; the violations' own words are those of the language
    the replay ran in."""
    lines = []
    if report.errors:
        lines.append(_("{n} line(s) could not be read:").format(n=len(report.errors)))
        lines += ["  " + str(err) for err in report.errors]
    if report.violations:
        lines.append(_("{n} rule violation(s):").format(n=len(report.violations)))
        for v in report.violations:
            lines.append("  " + format_violation(v))
            if v.fix:
                lines.append("      " + _("the rule: {fix}").format(fix=v.fix))
    elif report.errors:
        lines.append(_("No rule violations found in the lines read."))
    else:
        lines.append(_("No rule violations found: the log is consistent with the rules."))
    lines += report.notes
    items = joined(_summary_item(k, v) for k, v in report.summary.items())
    lines.append(_("Summary: {items}").format(items=items))
    return "\n".join(lines)
