"""Merlin's Company at the table, simulated: whole games of one box played by policies, and what
the expansion's new parts did in them.

:func:`box_play` plays seeded games (:func:`camelot_rules.sim.games.play_game`) and counts, from
each finished game's history, the travel cards drawn, the knights captured and freed, the
witches drawn, the new special white cards played and the black cards removed from the game,
beside the knights' win rate with its exact interval. The numbers measure **the policies given**
on these rules: pass the strongest policy you have (``Policies(loyal=...)``); the default is the
project's loyal heuristic (:class:`~camelot_rules.sim.policies.LoyalHeuristic`), weaker than a
real table. The teaching notebook and its handout (:mod:`camelot_rules.front.lesson`) call it.

Game ``i`` of a run with ``seed`` is played from the seed ``seed * 100_003 + i``, so the base
and the expansion runs of one seed are paired game by game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from camelot_rules.data import rulebook
from camelot_rules.engine import actions as A
from camelot_rules.engine.state import GameState
from camelot_rules.sim.games import GameConfig, Policies, check_run, play_game
from camelot_rules.sim.stats import WinRate, win_rate

__all__ = ["BoxPlay", "box_play", "policy_names"]

_WITCHES = frozenset(e.name for e in rulebook.EXPANSION_BLACK if e.name.startswith("morgan_"))
_NEW_SPECIALS = frozenset(e.name for e in rulebook.EXPANSION_WHITE if e.kind == "special")


@dataclass(frozen=True)
class BoxPlay:
    """What ``games`` games of one box, played by ``policies``, came to.

    ``per_game`` holds exact means per game (``Fraction``): ``"turns"``, ``"travel cards"``,
    ``"captures"``, ``"knights freed"``, ``"witches drawn"``, ``"new special whites played"``,
    ``"black cards removed"`` (the last five are 0 in the base game).
    """

    players: int
    expansion: bool
    games: int
    seed: int
    policies: tuple[str, str]
    knights_win: WinRate
    causes: dict[str, int]
    per_game: dict[str, Fraction]
    travel_cards: dict[str, int] = field(default_factory=dict)
    specials_played: dict[str, int] = field(default_factory=dict)


def policy_names(policies: Policies) -> tuple[str, str]:
    """The class names of the loyal and the traitor policy (``("LoyalHeuristic",
    "TraitorHeuristic")`` by default), to say which policy produced a number."""
    return type(policies.loyal).__name__, type(policies.traitor).__name__


def _count(end: GameState) -> Counter[str]:
    counts: Counter[str] = Counter()
    for item in end.history():
        if isinstance(item, A.Draw):
            if item.pile == "travel":
                counts["travel:" + item.card] += 1
            elif item.pile == "black" and item.card in _WITCHES:
                counts["witches drawn"] += 1
        elif isinstance(item, A.Free):
            counts["knights freed"] += 1
        elif isinstance(item, A.PlaySpecial) and item.card in _NEW_SPECIALS:
            counts["special:" + item.card] += 1
    counts["turns"] = end.turn_no
    counts["black cards removed"] = int(end.observation(0)["removed"]["black"])
    return counts


def box_play(
    policies: Policies | None = None,
    *,
    players: int = 5,
    expansion: bool = True,
    games: int = 200,
    seed: int = 0,
) -> BoxPlay:
    """Play ``games`` seeded games of ``players`` with or without Merlin's Company and count
    what the expansion's new parts did (see :class:`BoxPlay`).

    >>> run = box_play(players=4, games=2, seed=1)
    >>> run.games, run.policies, sorted(run.per_game)[:2]
    (2, ('LoyalHeuristic', 'TraitorHeuristic'), ['black cards removed', 'captures'])

    Rules: the engine's (``travel.cards``, ``travel.captured``, ``witch.*``,
    ``white.expansion-specials``, ``deck.finished-quest-cards``).
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games={games!r}: expected a number of games >= 1")
    check_run(games, seed, 1)  # the seed, and the largest run
    policies = policies or Policies()
    config = GameConfig.of(players, expansion=expansion)
    total: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    wins = 0
    for i in range(games):
        end = play_game(config, policies, seed * 100_003 + i)
        result = end.result()
        wins += bool(result.knights_win)
        causes[result.cause] += 1
        total.update(_count(end))
    travel = {k.removeprefix("travel:"): v for k, v in total.items() if k.startswith("travel:")}
    specials = {k.removeprefix("special:"): v for k, v in total.items() if k.startswith("special:")}
    per_game = {
        "turns": Fraction(total["turns"], games),
        "travel cards": Fraction(sum(travel.values()), games),
        "captures": Fraction(travel.get("captured", 0), games),
        "knights freed": Fraction(total["knights freed"], games),
        "witches drawn": Fraction(total["witches drawn"], games),
        "new special whites played": Fraction(sum(specials.values()), games),
        "black cards removed": Fraction(total["black cards removed"], games),
    }
    return BoxPlay(
        players=players,
        expansion=expansion,
        games=games,
        seed=seed,
        policies=policy_names(policies),
        knights_win=win_rate(wins, games),
        causes=dict(causes.most_common()),
        per_game=per_game,
        travel_cards=dict(sorted(travel.items())),
        specials_played=dict(sorted(specials.items())),
    )
