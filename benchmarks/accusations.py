"""The search knights' accusations, checked against the hidden loyalty cards (issue 30).

Usage: .venv/bin/python benchmarks/accusations.py [--players 7] [--games 20] [--seed 30]

Plays ``--games`` games of the search line-up (:class:`~camelot_rules.sim.search.SearchKnight`
against :class:`~camelot_rules.sim.search.SearchTraitor`, the standard traitor deal), the
games of ``camelot-rules simulate --policy search --seed SEED``, and prints:

- each side's evil steps by kind (a black card, a siege engine, a life point): the knights'
  belief about the traitor (:data:`~camelot_rules.sim.determinize.LIKELIHOOD`) reads them,
  and it was fitted on the *heuristic* traitor's games, in which a traitor never gives a
  life point;
- every accusation: right or wrong, the belief's probability for the accused knight and for
  the true traitor at that moment (from the accuser's own sampler,
  :meth:`SearchKnight.worlds_for`).

The policies are wrapped, not changed: the games are the same as without the wrapper.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from typing import Any

from camelot_rules.engine.actions import Accuse, Action
from camelot_rules.engine.state import GameState
from camelot_rules.sim import GameConfig, Policies
from camelot_rules.sim.determinize import public_kind
from camelot_rules.sim.games import game_seed, play_game
from camelot_rules.sim.search import SearchKnight, SearchTraitor

EVIL_KINDS = ("evil:black", "evil:engine", "evil:life")


class Watched:
    """A searching policy that tells what it chose (the same choices as ``policy``)."""

    searches = True

    def __init__(self, policy: Any, side: str, log: dict[str, Any]) -> None:
        self.policy, self.side, self.log = policy, side, log

    def choose(self, observation: Any, actions: Sequence[Action], rng: Any) -> Action:
        return self.policy.choose(observation, actions, rng)

    def decide(
        self,
        s: GameState,
        seat: int,
        legal: Sequence[Action],
        rng: Any,
        dealer: Any,
        record: Sequence[tuple[int, str | None]],
    ) -> Action:
        action = self.policy.decide(s, seat, legal, rng, dealer, record)
        kind = public_kind(s, seat, action)
        if kind in EVIL_KINDS:
            self.log["evil"][self.side][kind] += 1
        if isinstance(action, Accuse):
            odds = self.policy.worlds_for(s, seat, record).traitor_odds()
            true = [o for o, card in enumerate(s.loyalty) if card == "traitor"]
            self.log["accusations"].append(
                (
                    action.seat in true,
                    odds.get(action.seat, 0.0),
                    max((odds.get(o, 0.0) for o in true), default=0.0),
                )
            )
        return action


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=7)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=30)
    args = ap.parse_args()
    log: dict[str, Any] = {
        "evil": {"loyal": Counter(), "traitor": Counter()},
        "accusations": [],
    }
    policies = Policies(
        Watched(SearchKnight(), "loyal", log), Watched(SearchTraitor(), "traitor", log)
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
    if acc:
        accused = sum(p for _, p, _ in acc) / len(acc)
        traitor = sum(t for _, _, t in acc) / len(acc)
        print(
            f"belief at the accusation: the accused {accused:.2f}, the true traitor "
            f"{traitor:.2f} (means)"
        )


if __name__ == "__main__":
    main()
