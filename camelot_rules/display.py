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
    "central_range",
    "fmt_expectation",
    "fmt_fraction",
    "fmt_percent",
    "fmt_prob",
    "html_bars",
    "html_columns",
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
    """Return ``p`` as ``'a/b (percent)'``; whole numbers print plainly; a fraction too long
    to read shows as a percentage and a decimal, and says the exact value exists.

    >>> fmt_prob(Fraction(3, 4)), fmt_prob(Fraction(1))
    ('3/4 (75.0%)', '1 (100.0%)')
    >>> fmt_prob(Fraction(1, 3**60))
    '0.0% (≈ 2.35898e-29; exact fraction, 29-digit denominator)'
    """
    if len(str(p)) <= 28:
        return f"{p} ({fmt_percent(p, digits)})"
    return (
        f"{fmt_percent(p, digits)} (≈ {float(p):.6g}; exact fraction, "
        f"{len(str(p.denominator))}-digit denominator)"
    )


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


def html_columns(
    items: Sequence[tuple[int, Fraction]], *, height_px: int = 110, title: str = ""
) -> str:
    """Return a column chart of a distribution in plain HTML (no JavaScript, no CDN).

    Columns are scaled to the largest probability; the first and last labels sit below.
    """
    if not items:
        return ""
    top = max(float(p) for _, p in items) or 1.0
    width = max(3, min(14, 560 // len(items)))
    cols = "".join(
        f"<span title='{k}: {html.escape(fmt_percent(p, 2))}' style='display:inline-block;"
        f"width:{width - 1}px;margin-right:1px;height:{round(float(p) / top * height_px)}px;"
        "background:#4a78b5;vertical-align:bottom'></span>"
        for k, p in items
    )
    first, last = items[0][0], items[-1][0]
    return (
        f"<div style='margin:6px 0'><div style='font-size:smaller'>{html.escape(title)}</div>"
        f"<div style='height:{height_px}px;display:flex;align-items:flex-end;"
        f"border-bottom:1px solid #999'>{cols}</div>"
        f"<div style='display:flex;justify-content:space-between;width:{len(items) * width}px;"
        f"font-size:smaller'><span>{first}</span><span>{last}</span></div></div>"
    )


def central_range(dist: dict[int, Fraction], mass: Fraction = Fraction(999, 1000)) -> list[int]:
    """The keys, in order, that hold the central ``mass`` of a distribution (tails dropped).

    >>> central_range({1: Fraction(1, 10000), 2: Fraction(9998, 10000), 3: Fraction(1, 10000)})
    [2]
    """
    keys = sorted(dist)
    tail = (1 - mass) / 2
    low, acc = 0, Fraction(0)
    while low < len(keys) - 1 and acc + dist[keys[low]] <= tail:
        acc += dist[keys[low]]
        low += 1
    high, acc = len(keys) - 1, Fraction(0)
    while high > low and acc + dist[keys[high]] <= tail:
        acc += dist[keys[high]]
        high -= 1
    return keys[low : high + 1]


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
