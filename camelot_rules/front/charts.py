"""Charts of the answers that are curves: a race over the coming turns (the Grail, Excalibur, a
war), a draw pile running out (its next rebuild), capture over the coming trips.

The numbers are the answer's own: the command that computes an answer hands its curve here
with :func:`show` (nothing happens unless someone collects them), and whoever wants a figure
collects them around the call (:func:`collected`); the web page does this around
:func:`camelot_rules.front.links.answer_link`, so a chart never costs a second computation.
:func:`svg` draws a chart as a small inline SVG (no plotting library, no JavaScript, no CDN:
it works in the browser's Python and in a notebook); probabilities stay exact
``Fraction`` values until they are drawn, and each point's exact value is its tooltip.

>>> from fractions import Fraction
>>> chart = Chart("t", "x", "y", (Series("a", ((0, Fraction(0)), (1, Fraction(1, 2)))),))
>>> with collected() as charts:
...     show(chart)
>>> charts == [chart]
True
>>> show(chart)  # nobody collects: nothing kept
>>> svg(chart).startswith("<svg") and "1/2 (50.00%)" in svg(chart)
True
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from camelot_rules.base.i18n import gettext as _
from camelot_rules.front.display import fmt_prob

if TYPE_CHECKING:
    from camelot_rules.odds.quests import RaceCurve
    from camelot_rules.odds.travel import TripPlan

__all__ = [
    "Chart",
    "Series",
    "collected",
    "race_chart",
    "rebuild_chart",
    "show",
    "svg",
    "trips_chart",
]


@dataclass(frozen=True)
class Series:
    """One line: ``points`` are ``(x, exact chance)`` in order of ``x``."""

    label: str
    points: tuple[tuple[int, Fraction], ...]
    dashed: bool = False


@dataclass(frozen=True)
class Chart:
    """A figure of chances (0 to 1) over whole numbers (turns, trips), labelled in the
    language in force when it was made."""

    title: str
    xlabel: str
    ylabel: str
    series: tuple[Series, ...]


_SINK: ContextVar[list[Chart] | None] = ContextVar("camelot_rules_charts", default=None)


def show(chart: Chart) -> None:
    """Hand ``chart`` to whoever collects charts (:func:`collected`); else nothing."""
    sink = _SINK.get()
    if sink is not None:
        sink.append(chart)


@contextmanager
def collected() -> Iterator[list[Chart]]:
    """The charts shown inside the ``with`` block, in order."""
    sink: list[Chart] = []
    token = _SINK.set(sink)
    try:
        yield sink
    finally:
        _SINK.reset(token)


def race_chart(title: str, curve: RaceCurve) -> Chart:
    """A race's chances by each coming turn: won (solid) and lost (dashed), as the quest
    widget draws them."""
    won = tuple(enumerate(curve.won))
    lost = tuple(enumerate(curve.lost))
    return Chart(
        title,
        _("turns from now"),
        _("chance by then"),
        (
            Series(_("won: {label}").format(label=title), won),
            Series(_("lost"), lost, dashed=True),
        ),
    )


def rebuild_chart(pile: str, by_turn: Mapping[int, Fraction]) -> Chart:
    """The chance that the draw pile has been rebuilt by each turn (``by_turn``: the chance
    of the first rebuild in that turn; ``pile`` in words, e.g. "black")."""
    total, points = Fraction(0), [(0, Fraction(0))]
    for turn in sorted(by_turn):
        total += by_turn[turn]
        points.append((turn, total))
    return Chart(
        _("When is the {pile} pile rebuilt?").format(pile=pile),
        _("turns from now"),
        _("chance by then"),
        (Series(_("pile rebuilt"), tuple(points)),),
    )


def trips_chart(plan: TripPlan) -> Chart:
    """The chance of having been captured at least once, and of Merlin having arrived, by
    the end of each coming trip."""
    captured = ((0, Fraction(0)), *sorted(plan.captured_by_trip.items()))
    merlin = sorted(plan.merlin_by_trip.items())
    return Chart(
        _("Captured on the coming trips"),
        _("trips from now"),
        _("chance by then"),
        (
            Series(_("captured at least once"), tuple(captured)),
            Series(_("Merlin has arrived"), tuple(merlin), dashed=True),
        ),
    )


COLOURS = ("#4a78b5", "#b03a2e", "#e08a2c", "#2f6b2f")


def _ticks(low: int, high: int, most: int = 8) -> list[int]:
    """At most ``most`` round values from ``low`` to ``high`` for the x axis."""
    steps = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)
    step = next((s for s in steps if (high - low) / s <= most), steps[-1])
    return list(range(low - low % step, high + 1, step))


def svg(chart: Chart, *, width: int = 360, height: int = 240) -> str:
    """The chart as an inline SVG: a line per series on a 0-100 % scale, the legend under
    the axis, each point's exact chance as its tooltip; it scales to its container's width.
    Floats only for drawing."""
    left, right, top = 38, 14, 40
    legend = 16 * len(chart.series)
    bottom = 44 + legend
    xs = [x for s in chart.series for x, _p in s.points] or [0, 1]
    lo, hi = min(xs), max(max(xs), min(xs) + 1)
    plot_w, plot_h = width - left - right, height - top - bottom

    def at(x: int, p: Fraction) -> tuple[float, float]:
        return left + plot_w * (x - lo) / (hi - lo), top + plot_h * (1 - float(p))

    esc = html.escape
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {width} {height}' "
        f"role='img' aria-label='{esc(chart.title)}' class='camelot-chart' "
        "style='width:100%;max-width:30rem;height:auto;font:12px system-ui,sans-serif'>",
        f"<text x='4' y='15' font-weight='600' font-size='13'>{esc(chart.title)}</text>",
        f"<text x='4' y='31' fill='#555'>{esc(chart.ylabel)}</text>",
    ]
    for pct in (0, 25, 50, 75, 100):
        y = top + plot_h * (1 - pct / 100)
        parts.append(
            f"<line x1='{left}' x2='{width - right}' y1='{y:.1f}' y2='{y:.1f}' "
            f"stroke='{'#bbb' if pct in (0, 100) else '#e4e4e4'}'/>"
            f"<text x='{left - 5}' y='{y + 4:.1f}' text-anchor='end' fill='#555'>{pct}%</text>"
        )
    for x in _ticks(lo, hi):
        if lo <= x <= hi:
            px = at(x, Fraction(0))[0]
            parts.append(
                f"<text x='{px:.1f}' y='{top + plot_h + 14:.1f}' text-anchor='middle' "
                f"fill='#555'>{x}</text>"
            )
    parts.append(
        f"<text x='{left + plot_w / 2:.1f}' y='{top + plot_h + 30:.1f}' text-anchor='middle'>"
        f"{esc(chart.xlabel)}</text>"
    )
    for k, series in enumerate(chart.series):
        colour = COLOURS[k % len(COLOURS)]
        points = " ".join("{:.1f},{:.1f}".format(*at(x, p)) for x, p in series.points)
        dash = " stroke-dasharray='5 3'" if series.dashed else ""
        parts.append(
            f"<polyline points='{points}' fill='none' stroke='{colour}' stroke-width='2'{dash}/>"
        )
        if len(series.points) <= 40:  # a dot a point, its exact value as the tooltip
            for x, p in series.points:
                cx, cy = at(x, p)
                parts.append(
                    f"<circle cx='{cx:.1f}' cy='{cy:.1f}' r='2.6' fill='{colour}'>"
                    f"<title>{esc(series.label)}, {x}: {esc(fmt_prob(p, 2))}</title></circle>"
                )
        y = top + plot_h + 48 + 16 * k
        stroke = f"stroke='{colour}' stroke-width='2'{dash}"
        parts.append(
            f"<line x1='{left}' x2='{left + 22}' y1='{y - 4}' y2='{y - 4}' {stroke}/>"
            f"<text x='{left + 28}' y='{y}'>{esc(series.label)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
