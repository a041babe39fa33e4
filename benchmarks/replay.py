"""What the ``*_sources.py`` and ``overrules.py`` measurements share: the boxes and games asked
for on the command line, games played in parallel processes, a game's history replayed step by
step through the engine, and a tally of sources printed per game (or per knight per game)."""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from camelot_rules.engine import new_game
from camelot_rules.engine.state import GameState
from camelot_rules.sim import GameConfig
from camelot_rules.sim.runner import run_tasks

T = TypeVar("T")
R = TypeVar("R")


def add_game_options(ap: argparse.ArgumentParser, games: int) -> None:
    """``--games`` (default ``games``), ``--seed`` (default 30: the games of
    ``win_rates.py``'s cells), ``--workers``, ``--no-traitor`` and ``--expansion``."""
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--no-traitor", action="store_true", help="deal no traitor (RB p.8)")
    ap.add_argument("--expansion", action="store_true", help="Merlin's Company")


def configs(args: argparse.Namespace) -> Iterator[GameConfig]:
    """The box of :func:`add_game_options`' options for each of ``args.players``."""
    options = {"traitor": "none"} if args.no_traitor else {}
    for players in args.players:
        yield GameConfig.of(players, expansion=args.expansion, **options)


def run_all(play: Callable[[T], R], jobs: Sequence[T], workers: int) -> list[R]:
    """``play`` on every job (a game each), in order: the simulations' own runner
    (:func:`~camelot_rules.sim.runner.run_tasks`: ``workers`` processes, no orphan left by
    Ctrl-C; the same results whatever the count, as each job carries its own seed)."""
    return run_tasks(play, jobs, [1] * len(jobs), workers=workers)


def steps(
    config: GameConfig, seed: int, end: GameState
) -> Iterator[tuple[GameState, Any, GameState]]:
    """``(before, step, after)`` for each decision and chance outcome of the game that ended in
    ``end`` (played from ``seed``), replayed from its first state; raises AssertionError if the
    replay does not reach ``end``."""
    s = new_game(config.players, expansion=config.expansion, seed=seed, **dict(config.options))
    history = end.history()
    for step in history[len(s.history()) :]:
        p = s
        s = p.step(step)
        yield p, step, s
    assert s == end, "the replay did not reach the game's last state"


def print_tally(title: str, counts: Counter[str], per: int, digits: int = 2) -> None:
    """``title`` with the total, then each source, most first, every count divided by ``per``."""
    print(title.format(total=f"{sum(counts.values()) / per:.2f}"))
    for src, v in counts.most_common():
        print(f"  {v / per:6.{digits}f}  {src}")
