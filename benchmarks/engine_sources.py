"""Where the siege engines come from, and where they go: engines by source, per game.

Usage::

    .venv/bin/python benchmarks/engine_sources.py --players 7 --policy search --games 100 \\
        --workers 2
    .venv/bin/python benchmarks/engine_sources.py --players 5 7 --policy heuristic --games 1000

Plays ``--games`` games of each player count (base game with the standard traitor deal, or
``--no-traitor``; the games of ``benchmarks/win_rates.py``'s cells for the same ``--seed``, 30
by default) with the line-up ``--policy`` (:mod:`camelot_rules.sim.lineups`), then replays
each game's history step by step through the engine and puts every change of the siege
engines down to its source:

- the evil step's "add a siege engine" (RB p.9, p.11), told apart by who chose it: a loyal
  knight, the hidden traitor, or the unmasked traitor on his turn (BoQ p.13);
- a black card drawn for a quest already over (Excalibur, the Grail, the Dragon), which is a
  siege engine instead (RB p.11; BoQ p.4), told apart by who drew it; the Morgan card that
  adds two (BoQ p.11, p.16);
- a war lost (two engines, BoQ p.11);
- a siege engine fight won, which removes one (RB p.13); the white Merlin card (BoQ p.15).

It prints the engines added and removed per game by source, for all games and for the games
lost to twelve engines, and the evil-step choices by who made them. Issue 30 asked it: 62% of
the 7-player search games end with twelve engines. Run it on the compiled engine (``make
compiled``); ``--workers`` plays games in parallel processes (the same numbers whatever the
count).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from replay import add_game_options, configs, print_tally, run_all, steps

from camelot_rules.engine.actions import AddEngine, Draw, DrawBlack, LoseLife, PlaySpecial
from camelot_rules.engine.state import GameState
from camelot_rules.sim import GameConfig
from camelot_rules.sim.games import game_seed, play_game
from camelot_rules.sim.lineups import LINEUPS, lineup

_EVIL = (DrawBlack, AddEngine, LoseLife)


def _role(s: GameState, seat: int) -> str:
    if s.loyalty[seat] != "traitor":
        return "a loyal knight"
    return "the unmasked traitor" if s.revealed[seat] else "the hidden traitor"


def _source(p: GameState, step: Any, s: GameState, black: tuple[str, str]) -> str:
    """What changed the engines in the step ``p`` -> ``s`` (``step`` the action or outcome;
    ``black``: the black card drawn last this turn and who drew it, or empty strings)."""
    ended = [e for e in s.events[len(p.events) :] if e[0] == "quest"]
    if ended and not ended[-1][2]:
        return f"quest lost: {ended[-1][1]}"
    if isinstance(step, AddEngine):
        return f"evil step, by {_role(p, p.turn)}"
    rule = s.last_step[1]
    if rule == "siege.fight":
        return "siege fight"
    if isinstance(step, PlaySpecial):
        return f"white card {step.card}"
    card, drawer = black
    if card == "morgan_4":  # BoQ p.16: two engines, unless Merlin cards cancel it
        return f"black card Morgan (two engines), drawn by {drawer}"
    if card:  # (the note may name a later rule: the twelfth engine, a relic, a death)
        return f"black card for a quest over, drawn by {drawer}"
    return f"other ({rule}, {type(step).__name__})"


def analyse(config: GameConfig, seed: int, end: GameState) -> dict[str, Any]:
    """One game's engine changes by source, from its history replayed through the engine."""
    start = -1  # the engines standing at the first state
    added: Counter[str] = Counter()
    removed: Counter[str] = Counter()
    evil: Counter[tuple[str, str]] = Counter()  # (who, choice)
    unmasked_at = -1  # the engines standing when the traitor was unmasked
    black, turn = ("", ""), -1
    for p, step, s in steps(config, seed, end):
        if start < 0:
            start = p.engines
        if isinstance(step, Draw) and step.pile == "black":
            black = (step.card, _role(p, p.turn))
        elif p.turn_no != turn:  # a black card's effects end with the turn it was drawn in
            black = ("", "")
        turn = p.turn_no
        if type(step) in _EVIL and p.phase == "evil" and p.current_player == p.turn:
            evil[(_role(p, p.turn), type(step).__name__)] += 1
        if unmasked_at < 0 and any(e[0] == "unmasked" for e in s.events[len(p.events) :]):
            unmasked_at = s.engines
        d = s.engines - p.engines
        if d:
            (added if d > 0 else removed)[_source(p, step, s, black)] += abs(d)
    assert start + sum(added.values()) - sum(removed.values()) == end.engines, "an engine lost"
    result = end.result()
    return {
        "cause": result.cause,
        "win": result.knights_win,
        "added": added,
        "removed": removed,
        "evil": evil,
        "unmasked_at": unmasked_at,
    }


def _play(args: tuple[GameConfig, str, int]) -> dict[str, Any]:
    config, policy, seed = args
    return analyse(config, seed, play_game(config, lineup(policy), seed))


def _per_game(title: str, games: Sequence[dict[str, Any]]) -> None:
    n = len(games)
    if not n:
        return
    added: Counter[str] = Counter()
    removed: Counter[str] = Counter()
    for g in games:
        added.update(g["added"])
        removed.update(g["removed"])
    print_tally(f"\n{title} ({n} games): engines added per game {{total}}", added, n)
    print_tally("  removed per game {total}", removed, n)


def _report(title: str, games: Sequence[dict[str, Any]], seconds: float) -> None:
    n = len(games)
    causes = Counter(g["cause"] for g in games)
    wins = sum(g["win"] for g in games)
    print(f"\n## {title}: {n} games, {seconds:.0f} s")
    print(
        f"knights win {wins}/{n}; endings: "
        + ", ".join(f"{c} {k}" for c, k in causes.most_common())
    )
    _per_game("all games", games)
    _per_game(
        "games lost to twelve engines", [g for g in games if g["cause"] == "12 siege engines"]
    )
    unmasked = sorted(g["unmasked_at"] for g in games if g["unmasked_at"] >= 0)
    if unmasked:
        print(
            f"\ntraitor unmasked in {len(unmasked)} games, with a median of "
            f"{unmasked[len(unmasked) // 2]} engines standing then"
        )
    evil: Counter[tuple[str, str]] = Counter()
    for g in games:
        evil.update(g["evil"])
    print("\nevil-step choices (DrawBlack / AddEngine / LoseLife), per game:")
    for who in ("a loyal knight", "the hidden traitor"):
        row = [evil[(who, k)] / n for k in ("DrawBlack", "AddEngine", "LoseLife")]
        if sum(row):
            print(f"  {who}: " + " / ".join(f"{x:.2f}" for x in row))


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--players", type=int, nargs="+", default=[7])
    ap.add_argument("--policy", default="heuristic", choices=tuple(LINEUPS))
    add_game_options(ap, games=100)
    args = ap.parse_args(argv)
    for config in configs(args):
        jobs = [(config, args.policy, game_seed(args.seed, g)) for g in range(args.games)]
        t0 = time.perf_counter()
        games = run_all(_play, jobs, args.workers)
        _report(f"{args.policy}, {config.label()}", games, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
