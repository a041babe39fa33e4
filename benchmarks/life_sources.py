"""Where the knights' life points go: life lost and gained by source, per knight per game.

Usage::

    .venv/bin/python benchmarks/life_sources.py --players 3 5 --policy planner --games 60
    .venv/bin/python benchmarks/life_sources.py --players 3 --policy heuristic --games 300 \\
        --values heal_at=2,life_safe=5

Plays ``--games`` games of each player count (base game, no traitor: ``GameConfig.of(P,
traitor="none")``, the games of ``benchmarks/win_rates.py``'s cells for the same ``--seed``,
30 by default) with the line-up ``--policy`` (``heuristic`` or ``planner``, see
:mod:`camelot_rules.sim.lineups`), then replays each game's history step by step through the
engine and puts every change of a knight's life down to its source:

- the evil step's "lose a life point" (RB p.9, p.12); a sacrifice for a second heroic action
  (RB p.16-17); a siege engine fight lost (RB p.13; BoQ p.11);
- each quest won or lost by the knights on it (BoQ p.4-10: Black Knight, Lancelot, Excalibur,
  Grail, the wars +-1, the Dragon +-2; Sir Palamedes +1 more on a win, BoQ p.13);
- the black cards: the first Morgan (every knight -1) and the fifth's volunteer (-2) (BoQ p.16);
- healing with three identical cards (RB p.16), Piety and the Lady of the Lake (BoQ p.15), the
  Holy Grail's drink (RB p.12; BoQ p.9).

It prints, per knight per game, the life lost and gained by source; the deaths per game with
the source of the blow that brought each knight to 0 (and what he held then: three identical
cards, Piety, the Lady of the Lake); the evil-step choices by the chooser's life; and the turns
a heal was legal against the turns one was taken. ``--values`` changes fields of the loyal
heuristic (:class:`~camelot_rules.sim.knight_values.KnightValues`), for the planner too (its
playouts and candidates are the heuristic's): a policy variant measured without changing the
policies. ``--workers`` plays games in parallel processes (the same numbers whatever the
count). Run it on the compiled engine (``make compiled``); the machine is shared: ``nice``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from replay import print_tally, run_all, steps

from camelot_rules.engine.actions import (
    Action,
    AddEngine,
    Draw,
    DrawBlack,
    Drink,
    Heal,
    LoseLife,
    PlaySpecial,
    Sacrifice,
    Volunteer,
)
from camelot_rules.engine.knights import grail_can_save
from camelot_rules.engine.state import GameState
from camelot_rules.sim import GameConfig
from camelot_rules.sim.chance import Dealer
from camelot_rules.sim.games import Policies, game_seed, play_game
from camelot_rules.sim.heuristic import LoyalHeuristic, TraitorHeuristic
from camelot_rules.sim.search import Planner, estimate, searched_moment

HEAL_CARDS = 3  # RB p.16: three identical cards heal one life point
LIFE_CARDS = ("piety", "lady_of_the_lake")  # BoQ p.15


@dataclass(frozen=True)
class GuardedPlanner(Planner):
    """The planner, less the choices that kill the chooser: at 1 life, with no Holy Grail
    in play to drink from (RB p.12, p.17), a sacrifice for a second action and the evil step's
    lost life are weighed only if their clairvoyant playout wins the game. (The planner's
    evaluation, :func:`~camelot_rules.sim.evaluate.knights_win_estimate`, prices a dead
    knight at about one life point: when every candidate loses its playout, as most do at 3
    players, the evaluation picks the line, and a death costs it next to nothing.)"""

    def decide(
        self,
        s: GameState,
        seat: int,
        legal: Sequence[Action],
        rng: random.Random,
        dealer: Dealer | None,
        record: Sequence[tuple[int, str | None]],
    ) -> Action:
        if searched_moment(s) and s.life[seat] == 1 and not grail_can_save(s):
            risky = [a for a in legal if type(a) in (Sacrifice, LoseLife)]
            keep = [a for a in legal if a not in risky]
            for a in risky:
                deal = [dealer] if dealer is not None else []
                h = self.playouts.horizon
                won = estimate([s], a, [0], self.loyal, self.traitor, h, deal, True, 0.0)
                if won[0] == 1.0:
                    keep.append(a)
            if keep and len(keep) < len(legal):
                if len(keep) == 1:
                    return keep[0]
                legal = keep
        return super().decide(s, seat, legal, rng, dealer, record)


def _policies(name: str, values: dict[str, Any]) -> Policies:
    loyal = replace(LoyalHeuristic(), **values)
    if name == "heuristic":
        return Policies(loyal, TraitorHeuristic(loyal=loyal))
    if name == "planner":
        return Policies(Planner(loyal=loyal), TraitorHeuristic(loyal=loyal))
    if name == "guarded-planner":
        return Policies(GuardedPlanner(loyal=loyal), TraitorHeuristic(loyal=loyal))
    raise ValueError(f"policy={name!r}: expected heuristic, planner or guarded-planner")


def _source(p: GameState, step: Any, s: GameState, last_black: str) -> str:
    """What changed life in the step ``p`` -> ``s`` (``step`` the action or the outcome)."""
    quests = s.events[len(p.events) :]
    ended = [e for e in quests if e[0] == "quest"]
    if ended:
        return f"quest {ended[-1][1]} {'won' if ended[-1][2] else 'lost'}"
    if isinstance(step, LoseLife):
        return "evil step: lose a life"
    if isinstance(step, Sacrifice):
        return "sacrifice (second action)"
    if isinstance(step, Heal):
        return "heal (3 identical cards)"
    if isinstance(step, PlaySpecial):
        return f"special white: {step.card}"
    if isinstance(step, Drink):
        return "Holy Grail drink"
    if isinstance(step, Volunteer):
        return "Morgan 5 volunteer"
    rule = s.last_step[1]
    if rule == "siege.fight":
        return "siege fight lost"
    if last_black == "morgan_1":
        return "Morgan 1 (every knight)"
    return f"other ({rule}, {step})"


def _triples(s: GameState, seat: int) -> int:
    return sum(1 for c in s.hands[seat] if c >= HEAL_CARDS)


def analyse(config: GameConfig, seed: int, end: GameState) -> dict[str, Any]:
    """One game's life changes by source, from its history replayed through the engine."""
    lost: Counter[str] = Counter()
    gained: Counter[str] = Counter()
    deaths: list[dict[str, Any]] = []
    evil: Counter[tuple[int, str]] = Counter()  # (life, choice)
    heal_turns: Counter[tuple[int, bool]] = Counter()  # (life, taken) per turn a heal was legal
    sacrifices: Counter[int] = Counter()  # by the life before
    last_blow: dict[int, tuple[str, bool, bool]] = {}
    last_black, turn = "", -1
    heal_seen: dict[tuple[int, int], tuple[int, bool]] = {}  # (turn, seat) -> (life, taken)
    for p, step, s in steps(config, seed, end):
        if isinstance(step, Draw) and step.pile == "black":
            last_black = step.card
        elif p.turn_no != turn:  # a black card's effects end with the turn it was drawn in
            last_black = ""
        turn = p.turn_no
        if not p.is_chance() and not p.pending and p.current_player == p.turn:
            seat = p.turn
            if p.phase == "evil" and type(step) in (DrawBlack, AddEngine, LoseLife):
                evil[(p.life[seat], type(step).__name__)] += 1
            if isinstance(step, Sacrifice):
                sacrifices[p.life[seat]] += 1
            if p.phase == "heroic":
                legal = p.legal_actions()
                if any(type(a) is Heal for a in legal):
                    key = (p.turn_no, seat)  # the life when the turn's heal was first legal
                    life, taken = heal_seen.get(key, (p.life[seat], False))
                    heal_seen[key] = (life, taken or isinstance(step, Heal))
        for seat in range(s.cfg.players):
            d = s.life[seat] - p.life[seat]
            if d:
                src = _source(p, step, s, last_black)
                (lost if d < 0 else gained)[src] += abs(d)
                if s.life[seat] == 0:
                    hand = p.hands[seat]
                    names = p.cfg.white_names
                    special = any(hand[names.index(c)] for c in LIFE_CARDS if c in names)
                    last_blow[seat] = (src, _triples(p, seat) > 0, special)
            if s.dead[seat] and not p.dead[seat]:
                src, triple, special = last_blow.get(seat, ("?", False, False))
                deaths.append(
                    {
                        "seat": seat,
                        "turn": s.turn_no,
                        "by": src,
                        "triple": triple,
                        "life_card": special,
                    }
                )
    heal_turns.update(heal_seen.values())
    result = end.result()
    return {
        "cause": result.cause,
        "win": result.knights_win,
        "turns": end.turn_no,
        "lost": lost,
        "gained": gained,
        "deaths": deaths,
        "evil": evil,
        "heal_turns": heal_turns,
        "sacrifices": sacrifices,
    }


def _play(args: tuple[GameConfig, str, dict[str, Any], int]) -> dict[str, Any]:
    config, policy, values, seed = args
    end = play_game(config, _policies(policy, values), seed)
    return analyse(config, seed, end)


def _report(title: str, games: Sequence[dict[str, Any]], knights: int, seconds: float) -> None:
    n = len(games)
    per = n * knights
    print(f"\n## {title}: {n} games, {seconds:.0f} s")
    causes = Counter(g["cause"] for g in games)
    wins = sum(g["win"] for g in games)
    print(
        f"knights win {wins}/{n}; endings: "
        + ", ".join(f"{c} {k}" for c, k in causes.most_common())
    )
    print(f"mean turns {sum(g['turns'] for g in games) / n:.1f}")
    lost: Counter[str] = Counter()
    gained: Counter[str] = Counter()
    for g in games:
        lost.update(g["lost"])
        gained.update(g["gained"])
    print_tally("\nlife lost per knight per game (total {total}):", lost, per, 3)
    print_tally("life gained per knight per game (total {total}):", gained, per, 3)
    deaths = [d for g in games for d in g["deaths"]]
    print(
        f"\ndeaths per game {len(deaths) / n:.2f} (per knight {len(deaths) / per:.2f}); "
        "the blow that brought the knight to 0:"
    )
    for src, v in Counter(d["by"] for d in deaths).most_common():
        print(f"  {v:5d}  {src}")
    lost_games = [d for g in games if not g["win"] for d in g["deaths"]]
    print(
        f"  of which in games lost: {len(lost_games)}; the last knight of the games lost "
        "with every knight dead:"
    )
    last = Counter(g["deaths"][-1]["by"] for g in games if g["cause"] == "all knights dead")
    for src, v in last.most_common():
        print(f"  {v:5d}  {src}")
    triple = sum(d["triple"] for d in deaths)
    card = sum(d["life_card"] for d in deaths)
    print(f"  held 3 identical cards at the blow: {triple}; held Piety or the Lady: {card}")
    evil: Counter[tuple[int, str]] = Counter()
    for g in games:
        evil.update(g["evil"])
    print("\nevil-step choices by the chooser's life (LoseLife / DrawBlack / AddEngine):")
    for life in range(1, 7):
        row = [evil[(life, k)] for k in ("LoseLife", "DrawBlack", "AddEngine")]
        if sum(row):
            print(f"  life {life}: " + " / ".join(str(x) for x in row))
    total = sum(evil.values())
    ll = sum(v for (_, k), v in evil.items() if k == "LoseLife")
    print(f"  all: {ll}/{total} = {ll / max(total, 1):.1%} lose a life")
    sac: Counter[int] = Counter()
    for g in games:
        sac.update(g["sacrifices"])
    print("sacrifices by the life before: " + ", ".join(f"{k}: {sac[k]}" for k in sorted(sac)))
    heal: Counter[tuple[int, bool]] = Counter()
    for g in games:
        heal.update(g["heal_turns"])
    legal = sum(heal.values())
    taken = sum(v for (_, t), v in heal.items() if t)
    print(f"turns with a heal legal: {legal / n:.2f} a game, heal taken in {taken / n:.2f}")
    for life in range(1, 6):
        a, b = heal[(life, True)], heal[(life, False)]
        if a + b:
            print(f"  at life {life}: taken {a}, not taken {b}")


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--players", type=int, nargs="+", default=[3, 5])
    ap.add_argument(
        "--policy", default="planner", choices=("planner", "heuristic", "guarded-planner")
    )
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--values", default="", help="loyal heuristic fields, e.g. heal_at=2")
    args = ap.parse_args(argv)
    values: dict[str, Any] = {}
    for item in filter(None, args.values.split(",")):
        key, _, raw = item.partition("=")
        default = getattr(LoyalHeuristic(), key)  # (an unknown field raises here)
        if isinstance(default, bool):
            values[key] = raw.lower() in ("1", "true", "yes")
        else:
            values[key] = type(default)(raw)
    for players in args.players:
        config = GameConfig.of(players, traitor="none")
        jobs = [(config, args.policy, values, game_seed(args.seed, g)) for g in range(args.games)]
        t0 = time.perf_counter()
        games = run_all(_play, jobs, args.workers)
        label = f"{args.policy}, {config.label()}" + (f", {args.values}" if values else "")
        _report(label, games, players, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
