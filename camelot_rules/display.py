"""Formatting for people: the one place where a probability becomes a float (a percentage).

Everything here turns exact results into text or HTML; nothing computes odds.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from fractions import Fraction

from camelot_rules.cards import deck_facts
from camelot_rules.rulebook import Confidence

__all__ = [
    "assumption_lines",
    "fmt_expectation",
    "fmt_fraction",
    "fmt_percent",
    "fmt_prob",
    "html_bars",
    "html_error",
    "html_table",
    "text_table",
]


def fmt_percent(p: Fraction, digits: int = 1) -> str:
    """Return ``p`` as a percentage string, e.g. ``'75.0%'``.

    >>> fmt_percent(Fraction(1, 3))
    '33.3%'
    """
    return f"{float(p) * 100:.{digits}f}%"


def fmt_fraction(p: Fraction, max_len: int = 28) -> str:
    """Return ``p`` as ``'a/b'``, or, when that is too long to read, a decimal that says the
    exact fraction exists (the value itself stays exact; ``str(p)`` prints it whole).

    >>> fmt_fraction(Fraction(3, 4))
    '3/4'
    >>> fmt_fraction(Fraction(1, 3**60))
    '≈ 2.35898e-29 (exact: 29-digit denominator)'
    """
    text = str(p)
    if len(text) <= max_len:
        return text
    return f"≈ {float(p):.6g} (exact: {len(str(p.denominator))}-digit denominator)"


def fmt_prob(p: Fraction, digits: int = 1) -> str:
    """Return ``p`` as ``'a/b (percent)'``; whole numbers print plainly.

    >>> fmt_prob(Fraction(3, 4)), fmt_prob(Fraction(1))
    ('3/4 (75.0%)', '1 (100.0%)')
    """
    return f"{fmt_fraction(p)} ({fmt_percent(p, digits)})"


def fmt_expectation(x: Fraction) -> str:
    """Return an expected count as ``'a/b = decimal'`` (no percent sign: it is not a chance).

    >>> fmt_expectation(Fraction(5, 4))
    '5/4 = 1.250'
    """
    return f"{fmt_fraction(x)} = {float(x):.3f}" if len(str(x)) <= 28 else fmt_fraction(x)


def text_table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """Return a plain-text table with aligned columns.

    >>> print(text_table(["a", "bb"], [[1, "x"]]))
    a  bb
    -  --
    1  x
    """
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def html_table(headers: Sequence[str], rows: Iterable[Sequence[object]], *, css: str = "") -> str:
    """Return an HTML table (escaped cells)."""
    cell = "style='padding:2px 10px;border-bottom:1px solid #ddd;text-align:left'"
    head = "".join(f"<th {cell}>{html.escape(str(h))}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td {cell}>{html.escape(str(c))}</td>" for c in row) + "</tr>"
        for row in rows
    )
    cls = f' class="{html.escape(css)}"' if css else ""
    return (
        f"<table{cls} style='border-collapse:collapse;margin:4px 0'>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def html_bars(items: Iterable[tuple[str, Fraction]], *, width_px: int = 240) -> str:
    """Return a horizontal bar chart in plain HTML (no JavaScript, no CDN): label, bar, value."""
    rows = []
    for label, p in items:
        w = round(float(p) * width_px)
        rows.append(
            "<div style='display:flex;align-items:center;gap:6px;font-family:monospace'>"
            f"<span style='min-width:9em'>{html.escape(label)}</span>"
            f"<span style='display:inline-block;height:12px;width:{w}px;background:#4a78b5'></span>"
            f"<span>{html.escape(fmt_percent(p))}</span></div>"
        )
    return "".join(rows)


def html_error(message: str) -> str:
    """An error shown in place of a result, readable by a player (no traceback)."""
    return (
        "<div class='camelot-error' style='color:#a40000;border:1px solid #a40000;"
        f"padding:4px'><b>Cannot compute:</b> {html.escape(message)}</div>"
    )


def assumption_lines(kind: str, *, expansion: bool, players: int | None = None) -> list[str]:
    """Return one line per count of a standard deck that is below HIGH confidence.

    >>> assumption_lines("white", expansion=False)
    []
    >>> assumption_lines("travel", expansion=True)[0]
    'nothing_happens x3: unverified (JA travel rules (kind); count assumed)'
    """
    return [
        f"{e.name} x{e.count}: {e.confidence.value} ({e.source})"
        for e in deck_facts(kind, expansion=expansion, players=players)
        if e.confidence is not Confidence.HIGH
    ]
