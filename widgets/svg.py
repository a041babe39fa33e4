"""Small inline SVG line charts for the widgets' answers: a chance over turns or trips, drawn
in a millisecond without JavaScript or external files, shrinking to a 390 px phone. Floats are
for drawing only (the answers' numbers stay exact); the notebooks draw the same lines with
matplotlib (:mod:`widgets.plots`)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction

__all__ = ["COLOURS", "svg_lines"]

COLOURS = ("#4a78b5", "#e08a2c", "#b03a2e", "#3a8a4a")


def svg_lines(
    lines: Sequence[tuple[str, Mapping[int, Fraction]]],
    *,
    xlabel: str,
    dashed_last: bool = False,
    width: int = 420,
    height: int = 220,
    aria: str = "chance over time",
) -> str:
    """An SVG chart of ``lines`` - (label, {x: probability}) - on a 0-100% axis; x from 0 to
    the largest x given. ``dashed_last`` draws the last line dashed in red (a loss).

    >>> svg = svg_lines([("won", {0: Fraction(0), 2: Fraction(1, 2)})], xlabel="turns")
    >>> svg.startswith("<svg") and "won" in svg and "50%" in svg and "turns" in svg
    True
    """
    left, right, top, bottom = 40, 10, 10, 40
    n = max((max(points, default=0) for _label, points in lines), default=1) or 1

    def xy(t: int, p: Fraction) -> str:
        x = left + (width - left - right) * t / n
        y = top + (height - top - bottom) * (1 - float(p))
        return f"{x:.1f},{y:.1f}"

    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' role='img' aria-label='{html.escape(aria)}' "
        "style='max-width:100%;height:auto;font:11px sans-serif'>"
    ]
    for pct in (0, 50, 100):
        y = top + (height - top - bottom) * (1 - pct / 100)
        parts.append(
            f"<line x1='{left}' x2='{width - right}' y1='{y:.1f}' y2='{y:.1f}' stroke='#ddd'/>"
            f"<text x='{left - 4}' y='{y + 4:.1f}' text-anchor='end'>{pct}%</text>"
        )
    for t in range(0, n + 1, max(1, n // 8)):
        x = left + (width - left - right) * t / n
        parts.append(
            f"<text x='{x:.1f}' y='{height - bottom + 14}' text-anchor='middle'>{t}</text>"
        )
    parts.append(
        f"<text x='{(left + width - right) / 2}' y='{height - bottom + 28}' "
        f"text-anchor='middle'>{html.escape(xlabel)}</text>"
    )
    last = len(lines) - 1
    for k, (label, points) in enumerate(lines):
        dashed = dashed_last and k == last
        colour = COLOURS[2] if dashed else COLOURS[min(k, len(COLOURS) - 1)]
        path = " ".join(xy(t, p) for t, p in sorted(points.items()))
        dash = " stroke-dasharray='4 3'" if dashed else ""
        parts.append(
            f"<polyline points='{path}' fill='none' stroke='{colour}' stroke-width='2'{dash}/>"
            f"<text x='{left + 6}' y='{top + 12 + 13 * k}' fill='{colour}'>"
            f"{html.escape(label)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
