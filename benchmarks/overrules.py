"""Where the search knights overrule their playout policy, choice by choice.

Usage::

    .venv/bin/python benchmarks/overrules.py --players 7 --games 60 --workers 2
    .venv/bin/python benchmarks/overrules.py --players 5 --expansion --games 60 --workers 2

Plays ``--games`` games of the search line-up (:class:`~camelot_rules.sim.search.SearchKnight`
against :class:`~camelot_rules.sim.search.SearchTraitor`; the games of
``benchmarks/win_rates.py``'s ``search`` cell for the same ``--seed``, 30 by default, base game
with the standard traitor deal unless told) and, at every choice a loyal knight searches (the
evil step and the heroic actions), compares what he took with what the loyal heuristic would
have taken in his place: the heuristic's own choice is the first candidate of the search, kept
unless another plays clearly better in the same sampled worlds, so each overrule is the search's
evidence that the heuristic - its playout policy - chose worse there. It prints, by the
heuristic's choice (a move or a Fight card with its quest), how often it came up and how often
the search took something else, and what it took instead.

Issue 30 asks for a playout policy stronger than the heuristic, "distilled from the search's
own choices" for one; this is where such a policy would start. The knights are wrapped
(``watching.Watched``), so the games are exactly those of the ``search`` cell. Run it on the
compiled engine (``make compiled``); ``--workers`` plays games in parallel processes (the same
numbers whatever the count).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from replay import add_game_options, configs, run_all
from watching import Watched

from camelot_rules.engine.actions import Action
from camelot_rules.engine.state import GameState
from camelot_rules.engine.views import observation_view
from camelot_rules.sim import GameConfig, Policies
from camelot_rules.sim.games import game_seed, play_game
from camelot_rules.sim.search import SearchKnight, SearchTraitor, searched_moment


def kind(a: Action) -> str:
    """An action's kind, with its quest where it has one (``Move:excalibur``)."""
    quest = getattr(a, "quest", None)
    return f"{type(a).__name__}:{quest}" if quest else type(a).__name__


def _play(job: tuple[GameConfig, int]) -> tuple[bool, list[tuple[str, str, str]]]:
    """One game of the search line-up: whether the knights won, and for each searched choice
    of a loyal knight its phase, the heuristic's choice and the knight's (as :func:`kind`)."""
    config, seed = job
    knight = SearchKnight()
    seen: list[tuple[str, str, str]] = []

    def look(s: GameState, seat: int, action: Action, policy: Any, record: Any) -> None:
        if not searched_moment(s):
            return
        # the first candidate of the search (search.candidates asks the same way)
        own = knight.loyal.choose(observation_view(s, seat), s.legal_actions(), random.Random(0))
        seen.append((s.phase, kind(own), kind(action) if action != own else ""))

    end = play_game(config, Policies(Watched(knight, look), SearchTraitor()), seed)
    assert end.outcome is not None
    return end.outcome.knights_win, seen


def report(rows: Sequence[tuple[str, str, str]], top: int) -> None:
    """The heuristic's choices by kind, most frequent first: how many, how many overruled, and
    the search's replacements."""
    asked = Counter(h for _, h, _ in rows)
    instead: dict[str, Counter[str]] = {}
    for _, h, taken in rows:
        if taken:
            instead.setdefault(h, Counter())[taken] += 1
    overruled = sum(1 for *_, taken in rows if taken)
    print(
        f"searched choices {len(rows)}, the heuristic's overruled in {overruled} "
        f"({overruled / max(1, len(rows)):.0%})"
    )
    print(f"{'the heuristic would':28} {'times':>6} {'overruled':>10}  the search took instead")
    for h, n in asked.most_common(top):
        other = instead.get(h, Counter())
        k = sum(other.values())
        alts = ", ".join(f"{a} {c}" for a, c in other.most_common(3))
        print(f"{h:28} {n:6d} {k:6d} {k / n:4.0%}  {alts}")


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--players", type=int, nargs="+", default=[7])
    ap.add_argument("--top", type=int, default=20, help="kinds of choice shown")
    add_game_options(ap, games=60)
    args = ap.parse_args(argv)
    for config in configs(args):
        start = time.perf_counter()
        jobs = [(config, game_seed(args.seed, g)) for g in range(args.games)]
        games = run_all(_play, jobs, args.workers)
        wins = sum(w for w, _ in games)
        print(
            f"\n## {config.label()}: {args.games} games of the search line-up "
            f"(seed {args.seed}), knights won {wins}, {time.perf_counter() - start:.0f} s"
        )
        report([r for _, rows in games for r in rows], args.top)


if __name__ == "__main__":
    main()
