"""Matplotlib figures for notebooks and docs (display only: floats appear here, not in logic)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import matplotlib.pyplot as plt

__all__ = ["plot_distribution", "plot_series"]


def plot_distribution(
    dist: Mapping[int, Fraction], *, title: str, xlabel: str, ylabel: str = "probability"
) -> Any:
    """Bar chart of an exact distribution {value: probability}; returns the Figure."""
    fig, ax = plt.subplots(figsize=(7, 3))
    xs = sorted(dist)
    ax.bar(xs, [float(dist[x]) for x in xs], color="#4a78b5")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    fig.tight_layout()
    return fig


def plot_series(
    series: Mapping[str, Mapping[int, Fraction]], *, title: str, xlabel: str, ylabel: str
) -> Any:
    """Line chart of several exact series {label: {x: probability}}; returns the Figure."""
    fig, ax = plt.subplots(figsize=(7, 3.2))
    for label, values in series.items():
        xs = sorted(values)
        ax.plot(xs, [float(values[x]) for x in xs], marker="o", label=label)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    return fig
