"""Matplotlib figures for notebooks and docs (display only: floats appear here, not in logic).

Every figure is sized for a phone (about 480 px wide at the default 100 dpi; notebooks scale
images down to the screen), with labelled axes and probabilities shown as percentages. Titles
and axis labels are shown in the language in force: give them as catalog messages (``N_``);
Japanese texts are drawn in a font that has them (:mod:`camelot_rules.front.fonts`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.ticker import PercentFormatter

from camelot_rules.base.i18n import N_, gettext
from camelot_rules.front.display import fmt_percent
from camelot_rules.front.fonts import in_language_fonts

__all__ = [
    "PHONE",
    "cumulative",
    "plot_bars",
    "plot_cumulative",
    "plot_distribution",
    "plot_heatmap",
    "plot_series",
    "plot_turn_plan",
]

PHONE = (4.8, 3.2)  # inches: 480 x 320 px at 100 dpi
BLUE = "#4a78b5"


def cumulative(dist: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """P(by x) for each x of an exact distribution {x: P(x)} (still exact).

    >>> cumulative({1: Fraction(1, 4), 3: Fraction(1, 2)})
    {1: Fraction(1, 4), 3: Fraction(3, 4)}
    """
    total, out = Fraction(0), {}
    for x in sorted(dist):
        total += dist[x]
        out[x] = total
    return out


def _percent_axis(ax: Any, axis: str = "y") -> None:
    (ax.yaxis if axis == "y" else ax.xaxis).set_major_formatter(PercentFormatter(1.0))


@in_language_fonts
def plot_distribution(
    dist: Mapping[int, Fraction], *, title: str, xlabel: str, ylabel: str = N_("chance")
) -> Any:
    """Bar chart of an exact distribution {value: probability}; returns the Figure."""
    fig, ax = plt.subplots(figsize=PHONE)
    xs = sorted(dist)
    ax.bar(xs, [float(dist[x]) for x in xs], color=BLUE)
    ax.set_title(gettext(title), fontsize=10)
    ax.set_xlabel(gettext(xlabel))
    ax.set_ylabel(gettext(ylabel))
    _percent_axis(ax)
    fig.tight_layout()
    return fig


@in_language_fonts
def plot_series(
    series: Mapping[str, Mapping[int, Fraction]], *, title: str, xlabel: str, ylabel: str
) -> Any:
    """Line chart of several exact series {label: {x: probability}}; returns the Figure."""
    fig, ax = plt.subplots(figsize=PHONE)
    for label, values in series.items():
        xs = sorted(values)
        ax.plot(xs, [float(values[x]) for x in xs], marker="o", markersize=3, label=label)
    ax.set_title(gettext(title), fontsize=10)
    ax.set_xlabel(gettext(xlabel))
    ax.set_ylabel(gettext(ylabel))
    _percent_axis(ax)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


@in_language_fonts
def plot_cumulative(
    series: Mapping[str, Mapping[int, Fraction]],
    *,
    title: str,
    xlabel: str,
    ylabel: str = N_("chance it has happened by then"),
) -> Any:
    """Cumulative step curves of exact distributions {label: {x: P(x)}}: "by turn t, how
    likely?" - the question players ask of run-out and witch timing. A curve that stays below
    100% says the rest lies beyond the horizon."""
    fig, ax = plt.subplots(figsize=PHONE)
    for label, dist in series.items():
        cum = cumulative(dist)
        xs = list(cum)
        ax.step(xs, [float(cum[x]) for x in xs], where="post", label=label)
    ax.set_ylim(0, 1.02)
    ax.axhline(0.5, color="#999", linewidth=0.8, linestyle=":")
    ax.set_title(gettext(title), fontsize=10)
    ax.set_xlabel(gettext(xlabel))
    ax.set_ylabel(gettext(ylabel), fontsize=9)
    _percent_axis(ax)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


@in_language_fonts
def plot_bars(
    items: Sequence[tuple[str, Fraction]], *, title: str, xlabel: str = N_("chance")
) -> Any:
    """Horizontal bars, one labelled row per item (largest first as given), each with its
    percentage printed; returns the Figure."""
    fig, ax = plt.subplots(figsize=(PHONE[0], 0.9 + 0.32 * len(items)))
    labels = [label for label, _ in items][::-1]
    values = [float(p) for _, p in items][::-1]
    bars = ax.barh(labels, values, color=BLUE)
    for bar, (_, p) in zip(bars, list(items)[::-1]):
        ax.text(
            bar.get_width(),
            bar.get_y() + bar.get_height() / 2,
            " " + fmt_percent(p),
            va="center",
            fontsize=8,
        )
    ax.set_xlim(0, max(values, default=1) * 1.25 or 1)
    ax.set_title(gettext(title), fontsize=10)
    ax.set_xlabel(gettext(xlabel))
    ax.tick_params(axis="y", labelsize=8)
    _percent_axis(ax, "x")
    fig.tight_layout()
    return fig


@in_language_fonts
def plot_turn_plan(
    outcomes: Mapping[tuple[int, int], Fraction], *, title: str = N_("The best turn's outcomes")
) -> Any:
    """The outcomes of a turn plan (``best_turn(...).outcomes``: (engines removed, life lost)
    -> chance) as labelled bars."""
    items = [
        (
            (
                gettext("1 engine removed, {lost} life lost")
                if e == 1
                else gettext("{e} engines removed, {lost} life lost")
            ).format(e=e, lost=lost),
            p,
        )
        for (e, lost), p in sorted(outcomes.items(), key=lambda kv: (-kv[0][0], kv[0][1]))
    ]
    return plot_bars(items, title=title)


@in_language_fonts
def plot_heatmap(
    values: Mapping[tuple[int, int], Fraction],
    *,
    title: str,
    xlabel: str,
    ylabel: str,
    marked: frozenset[tuple[int, int]] = frozenset(),
    mark_label: str = "",
) -> Any:
    """A grid coloured by chance, {(x, y): P}; cells in ``marked`` carry an "x" (e.g. where
    the best policy accuses); each cell prints its percentage. Returns the Figure."""
    xs = sorted({x for x, _ in values})
    ys = sorted({y for _, y in values})
    grid = [[float(values[(x, y)]) if (x, y) in values else float("nan") for x in xs] for y in ys]
    fig, ax = plt.subplots(figsize=(PHONE[0], PHONE[1] + 0.4))
    image = ax.imshow(grid, origin="lower", cmap="RdYlGn", vmin=0, vmax=1, aspect="auto")
    for j, y in enumerate(ys):
        for i, x in enumerate(xs):
            if (x, y) in values:
                text = fmt_percent(values[(x, y)], 0) + (" ✕" if (x, y) in marked else "")
                ax.text(i, j, text, ha="center", va="center", fontsize=7)
    ax.set_xticks(range(len(xs)), [str(x) for x in xs])
    ax.set_yticks(range(len(ys)), [str(y) for y in ys])
    ax.set_title(
        gettext(title) + (f"\n✕ = {gettext(mark_label)}" if mark_label else ""), fontsize=9
    )
    ax.set_xlabel(gettext(xlabel))
    ax.set_ylabel(gettext(ylabel))
    bar = fig.colorbar(image, ax=ax, fraction=0.05)
    bar.ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    fig.tight_layout()
    return fig
