"""What the web page (``make site``, sources in ``docs/web/``) shows for a link, in pieces it
can lay out on a phone: the verdict first, then tables, then the assumptions folded, and a
chart for every answer that is a curve.

The answer is the command line's own (:func:`camelot_rules.front.cli.answer_link`, the
same text as ``camelot-rules``); this module only cuts it into blocks, draws the charts the
command handed over (:mod:`camelot_rules.front.charts`), and for a refused input says which
of the page's fields the message is about, so the page can name the field in the player's
words instead of an option or a parameter name.

>>> result = json.loads(answer_json("#siege?cards=3,4"))
>>> result["code"], result["blocks"][0]["kind"], "3/4" in result["blocks"][1]["text"]
(0, 'verdict', True)
>>> json.loads(answer_json("#siege?cards=3,x"))["fields"]
['cards']
"""

from __future__ import annotations

import json
import re
from typing import Any

from camelot_rules.base.i18n import LANGUAGES, language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.front import charts, cli, links
from camelot_rules.front.parser import display_width

__all__ = ["answer", "answer_json", "blocks", "error_fields"]

# Parameter names that calculators' messages use for a page's field (page -> name -> field);
# a name written with "_" also stands for the field written with "-" (kay_reserve).
PARAMETERS: dict[str, dict[str, str]] = {
    "siege": {"played": "cards"},
    "quest-combat": {"black_laid": "black-known"},
    "quest-next": {"black_laid": "black-known", "whites": "whites"},
}
# The lines an answer ends with that say what it assumes (folded by the page)
NOTE_MESSAGES = ("option: {text}", "options: {text}", "assumption: {text}", "model: {text}")
# ... and the line a play log's reading starts with (camelot_rules.front.advice)
NOTE_PREFIXES = ("Read from the log, assumed: ",)
_DASHES = re.compile(r"^-+(?:  +-+)*$")
_TOKEN = re.compile(r"(?<![\w-])(--)?([a-z][a-z0-9_-]*)(=[^\s:;]*)?")
_PROGRAM = re.compile(r"^camelot-rules: [^:：]{1,20}[:：] ?")  # argparse's "...: error: "


def _link_settings(link: str) -> tuple[str, dict[str, str]]:
    try:
        return links.parse_link(link)
    except ValueError:
        return "", {}


def _columns(line: str) -> list[tuple[int, str]]:
    """Each character of ``line`` with the display column it starts at."""
    out, col = [], 0
    for ch in line:
        out.append((col, ch))
        col += display_width(ch)
    return out


def _cells(line: str, starts: list[int]) -> list[str] | None:
    """``line`` cut at the column ``starts`` of a table, or ``None`` when it is not a row (a
    character where the gap before a column should be)."""
    chars = _columns(line)
    width = chars[-1][0] + display_width(chars[-1][1]) if chars else 0
    for start in starts[1:]:
        if any(start - 2 <= col < start and ch != " " for col, ch in chars) and width > start - 2:
            return None
    cells = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else 10**9
        cells.append("".join(ch for col, ch in chars if start <= col < end).strip())
    return cells


def _note_prefixes() -> tuple[str, ...]:
    return tuple(_(m).split("{text}")[0] for m in NOTE_MESSAGES) + tuple(map(_, NOTE_PREFIXES))


def blocks(text: str, code: int) -> list[dict[str, Any]]:
    """The answer ``text`` (exit ``code``) in blocks, in order: ``verdict`` (the first line),
    ``line``, ``table`` (``head`` and ``rows``, cut from the aligned columns), ``notes`` (the
    assumption and option lines, gathered at the end), or one ``error``. Uses the language in
    force for the notes' prefixes."""
    if code == 2:
        return [{"kind": "error", "text": _PROGRAM.sub("", text.strip())}]
    lines = text.splitlines()
    prefixes = _note_prefixes()
    out: list[dict[str, Any]] = []
    notes: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        following = lines[i + 1] if i + 1 < len(lines) else ""
        if _DASHES.match(following.strip()) and line.strip():
            starts = [m.start() for m in re.finditer(r"-+", following)]
            head = _cells(line, starts) or [line]
            rows = []
            i += 2
            while i < len(lines) and lines[i].strip():
                after = lines[i + 1] if i + 1 < len(lines) else ""
                row = None if _DASHES.match(after.strip()) else _cells(lines[i], starts)
                if row is None:
                    break
                rows.append(row)
                i += 1
            out.append({"kind": "table", "head": head, "rows": rows})
            continue
        if line.startswith(prefixes):
            notes.append(line)
        elif line.strip():
            out.append({"kind": "verdict" if not out else "line", "text": line.strip()})
        i += 1
    if notes:
        out.append({"kind": "notes", "lines": notes})
    return out


def error_fields(link: str, message: str) -> dict[str, str]:
    """The words of ``message`` that name one of the page's fields, each with its field's
    link key: ``key=value`` and ``--key`` as the command line writes them, ``key is needed``,
    a calculator's parameter name (:data:`PARAMETERS`, or ``a_b`` for a field ``a-b`` of the
    link), and the page's id before a colon (mapped to ``""``: the page drops it).

    >>> error_fields("#siege?cards=9", "played contains 9; Fight cards have values 1..5")
    {'played': 'cards'}
    >>> error_fields("#draw?deck=white", "draw: draws is needed")
    {'draws': 'draws', 'draw: ': ''}
    """
    page, settings = _link_settings(link)
    params = PARAMETERS.get(page, {})
    found: dict[str, str] = {}
    for m in _TOKEN.finditer(message):
        dashes, name, value = m.groups()
        key = params.get(name, name.replace("_", "-"))
        needed = re.search(rf"(?<![\w-]){re.escape(name)} is needed", message)
        if dashes or value or name in params or needed or ("_" in name and key in settings):
            found[m.group(0)] = key
    if page and message.startswith(f"{page}: "):
        found[f"{page}: "] = ""
    return found


def answer(link: str) -> dict[str, Any]:
    """What the page shows for ``link``: ``code`` (0 an answer, 1 an answer about broken
    rules, 2 a refused input), ``text`` (the command line's answer, word for word), ``lang``,
    ``blocks`` (:func:`blocks`), ``charts`` (inline SVG figures of the curves) and, for a
    refused input, ``fields`` (the fields at fault) and ``named`` (the message's words that
    name them, for the page to replace with the fields' labels)."""
    with charts.collected() as drawn:
        code, text = cli.answer_link(link)
    _, settings = _link_settings(link)
    lang = settings.get("lang") if settings.get("lang") in LANGUAGES else "en"
    with language(lang):
        result: dict[str, Any] = {
            "code": code,
            "text": text,
            "lang": lang,
            "blocks": blocks(text, code),
            "charts": [charts.svg(c) for c in drawn] if code != 2 else [],
        }
    if code == 2:
        named = error_fields(link, result["blocks"][0]["text"])
        result["named"] = named
        result["fields"] = sorted({k for k in named.values() if k})
    return result


def answer_json(link: str) -> str:
    """:func:`answer` as JSON (what the page's JavaScript reads)."""
    return json.dumps(answer(link), ensure_ascii=False)
