"""The search knights' accusations, checked against the hidden loyalty cards (issue 30).

Usage: .venv/bin/python benchmarks/accusations.py [--players 7] [--games 20] [--seed 30]
       [--accuse-at P] [--likelihood ratios.json]

Plays ``--games`` games of the search line-up (:class:`~camelot_rules.sim.search.SearchKnight`
against :class:`~camelot_rules.sim.search.SearchTraitor`, the standard traitor deal), the
games of ``camelot-rules simulate --policy search --seed SEED``, and prints:

- each side's evil steps by kind (a black card, a siege engine, a life point): the knights'
  belief about the traitor (:data:`~camelot_rules.sim.determinize.LIKELIHOOD`) reads them;
  it is fitted on the search traitor's games, in which he adds a siege engine at most of
  his evil steps;
- every accusation: right or wrong, the belief's probability for the accused knight and for
  the true traitor at that moment (from the accuser's own sampler,
  :meth:`SearchKnight.worlds_for`).

The policies are wrapped, not changed: the games are the same as without the wrapper.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from watching import Seen, Watched

from camelot_rules.engine.actions import Accuse, Action
from camelot_rules.engine.state import GameState
from camelot_rules.sim import GameConfig, Policies
from camelot_rules.sim.determinize import LIKELIHOOD, public_kind
from camelot_rules.sim.games import game_seed, play_game
from camelot_rules.sim.search import SearchKnight, SearchTraitor

EVIL_KINDS = ("evil:black", "evil:engine", "evil:life")


def watcher(side: str, log: dict[str, Any]) -> Seen:
    """A callback for :class:`~watching.Watched` that logs ``side``'s evil steps and its
    accusations, each checked against the hidden loyalty cards."""

    def seen(s: GameState, seat: int, action: Action, policy: Any, record: Sequence[Any]) -> None:
        kind = public_kind(s, seat, action)
        if kind in EVIL_KINDS:
            log["evil"][side][kind] += 1
        if isinstance(action, Accuse) and side == "traitor":
            log["traitor_accusations"] += 1  # (a traitor may accuse a loyal knight, RB p.16)
        elif isinstance(action, Accuse):
            odds = policy.worlds_for(s, seat, record).traitor_odds()
            true = [o for o, card in enumerate(s.loyalty) if card == "traitor"]
            log["accusations"].append(
                (
                    action.seat in true,
                    odds.get(action.seat, 0.0),
                    max((odds.get(o, 0.0) for o in true), default=0.0),
                )
            )

    return seen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=7)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument(
        "--accuse-at", type=float, default=None, help="SearchKnight.accuse_at (default: its own)"
    )
    ap.add_argument(
        "--likelihood", type=Path, help="ratios (JSON, fit_belief.py --out) to load first"
    )
    args = ap.parse_args()
    if args.likelihood is not None:
        LIKELIHOOD.update(json.loads(args.likelihood.read_text()))
    knight = SearchKnight() if args.accuse_at is None else SearchKnight(accuse_at=args.accuse_at)
    log: dict[str, Any] = {
        "evil": {"loyal": Counter(), "traitor": Counter()},
        "accusations": [],
        "traitor_accusations": 0,
    }
    policies = Policies(
        Watched(knight, watcher("loyal", log)),
        Watched(SearchTraitor(), watcher("traitor", log)),
    )
    wins = 0
    for g in range(args.games):
        end = play_game(GameConfig.of(args.players), policies, game_seed(args.seed, g))
        wins += bool(end.outcome is not None and end.outcome.knights_win)
    print(f"{args.games} games of {args.players} players (seed {args.seed}): {wins} won")
    for side, kinds in log["evil"].items():
        total = sum(kinds.values()) or 1
        shares = ", ".join(f"{k[5:]} {kinds[k] / total:.0%}" for k in EVIL_KINDS)
        print(f"evil steps, {side:7} ({total}): {shares}")
    acc = log["accusations"]
    right = sum(1 for ok, _, _ in acc if ok)
    print(f"accusations: {len(acc)}, right {right}, wrong {len(acc) - right}")
    print(f"accusations by the traitor: {log['traitor_accusations']}")
    if acc:
        accused = sum(p for _, p, _ in acc) / len(acc)
        traitor = sum(t for _, _, t in acc) / len(acc)
        print(
            f"belief at the accusation: the accused {accused:.2f}, the true traitor "
            f"{traitor:.2f} (means)"
        )


if __name__ == "__main__":
    main()
