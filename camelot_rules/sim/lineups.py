"""The named line-ups of policies that ``simulate --policy`` and the win-rate tables use.

- ``heuristic``: :class:`~camelot_rules.sim.heuristic.LoyalHeuristic` for the loyal knights,
  :class:`~camelot_rules.sim.heuristic.TraitorHeuristic` for the traitor(s): plain rules of
  thumb, each knight seeing his own hand and the board.
- ``search``: :class:`~camelot_rules.sim.search.SearchKnight` and
  :class:`~camelot_rules.sim.search.SearchTraitor`: each seat sees only what it may see and
  tries its turn's choices ahead in sampled worlds, the heuristics playing them out.
- ``planner``: :class:`~camelot_rules.sim.search.Planner` for the loyal knights (every hand,
  every loyalty card and the order of every pile - an upper reference, no table can see this)
  against the traitor heuristic; its games are dealt from ordered piles.
"""

from __future__ import annotations

from typing import Final

from camelot_rules.sim.games import Policies
from camelot_rules.sim.heuristic import LoyalHeuristic, TraitorHeuristic
from camelot_rules.sim.search import Planner, SearchKnight, SearchTraitor

__all__ = ["LINEUPS", "describe", "lineup"]

#: each line-up's name and what it means, in a sentence
LINEUPS: Final[dict[str, str]] = {
    "heuristic": "loyal heuristic vs traitor heuristic",
    "search": "search knights (what each seat sees) vs search traitor",
    "planner": "perfect-information planner (every hand and pile order) vs traitor heuristic",
}


def lineup(name: str) -> Policies:
    """The policies of the line-up ``name`` (one of :data:`LINEUPS`).

    >>> type(lineup("search").loyal).__name__
    'SearchKnight'
    """
    if name == "heuristic":
        return Policies(LoyalHeuristic(), TraitorHeuristic())
    if name == "search":
        return Policies(SearchKnight(), SearchTraitor())
    if name == "planner":
        return Policies(Planner(), TraitorHeuristic())
    raise ValueError(f"policy={name!r}: expected one of {', '.join(LINEUPS)}")


def describe(name: str) -> str:
    """The line-up's sentence (``ValueError`` for an unknown name)."""
    lineup(name)
    return LINEUPS[name]
