"""Whole games played through the rules engine by policies, as a tidy table.

``simulate_games(config, policies, n, seed)`` plays ``n`` games and returns one
:class:`GameRow` per game. Game ``i`` uses its own seed derived from ``(seed, i)`` for the deal
and for every chance event and policy choice, so the table is the same whatever the number of
worker processes. Chance is sampled from the engine's exact chance outcomes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from camelot_rules.base.i18n import get_language, gettext
from camelot_rules.engine import new_game
from camelot_rules.engine.state import GameState
from camelot_rules.sim.loop import play
from camelot_rules.sim.policies import LoyalHeuristic, Policy, TraitorHeuristic
from camelot_rules.sim.runner import TASK_GAMES, check_workers, run_tasks
from camelot_rules.sim.stats import WinRate, win_rate

__all__ = [
    "GameConfig",
    "GameRow",
    "Policies",
    "check_run",
    "game_seed",
    "play_chunk",
    "play_game",
    "rows_to_csv",
    "simulate_games",
    "summarize",
]

_MAX_STEPS = 50_000
MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class GameConfig:
    """What a game is: players, box and the engine's named options."""

    players: int = 5
    expansion: bool = False
    options: tuple[tuple[str, Any], ...] = ()

    @staticmethod
    def of(players: int = 5, *, expansion: bool = False, **options: Any) -> GameConfig:
        """``GameConfig.of(5, traitor="none")``; the options are checked by a trial deal."""
        config = GameConfig(players, expansion, tuple(sorted(options.items())))
        new_game(players, expansion=expansion, **options)  # raises a clear ValueError
        return config

    def label(self) -> str:
        """``"5 players, base, traitor=none"``, in the language in force (the options as the
        engine names them, ``name=value``)."""
        if get_language() == "en":
            opts = ", ".join(f"{k}={v}" for k, v in self.options)
            box = "Merlin's Company" if self.expansion else "base"
            return f"{self.players} players, {box}" + (f", {opts}" if opts else "")
        from camelot_rules.data.names import display_name

        box = display_name("expansion", "term") if self.expansion else gettext("base")
        # Translators: between two items of a list ("a, b").
        comma = gettext(", ")
        opts = comma.join(f"{k}={v}" for k, v in self.options)
        label = gettext("{n} players, {box}").format(n=self.players, box=box)
        return label + (f"{comma}{opts}" if opts else "")


@dataclass(frozen=True)
class Policies:
    """Which policy plays which side: the loyal knights and the traitor(s)."""

    loyal: Policy = field(default_factory=LoyalHeuristic)
    traitor: Policy = field(default_factory=TraitorHeuristic)


@dataclass(frozen=True)
class GameRow:
    """One game's result (a row of the table)."""

    game: int
    seed: int
    players: int
    expansion: bool
    options: str
    knights_win: bool
    cause: str
    turns: int
    white_swords: int
    black_swords: int
    siege_engines: int
    quests_won: int
    quests_lost: int
    traitors: int
    unmasked_turn: int | None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def game_seed(seed: int, game: int) -> int:
    return (seed * 1_000_003 + game * 7_919) % (2**63)


def play_game(
    config: GameConfig,
    policies: Policies,
    seed: int,
    *,
    watch: Callable[[GameState], object] | None = None,
) -> GameState:
    """One game to the end: chance sampled with its exact weights, each decision by the
    deciding seat's policy from that seat's observation only (a forced move - one legal
    action - is applied without asking the policy). The observation is the engine's lazily
    built view (:class:`~camelot_rules.engine.views.ObservationView`): the same keys and values
    as ``state.observation(seat)``, each built when the policy first reads it. ``watch``, if
    given, is called with the first state of every turn (to follow a game without changing
    it)."""
    rng = random.Random(seed)
    s = new_game(config.players, expansion=config.expansion, seed=seed, **dict(config.options))
    end = play(s, policies.loyal, policies.traitor, rng, watch, _MAX_STEPS)
    if end is not None:
        return end
    raise ValueError(f"a game did not end within {_MAX_STEPS} steps (seed {seed})")


def _row(game: int, seed: int, config: GameConfig, s: GameState) -> GameRow:
    r = s.result()
    record = s.record()
    quests = [e for e in record if e[0] == "quest"]
    unmasked = [e[2] for e in record if e[0] == "unmasked"]
    return GameRow(
        game=game,
        seed=seed,
        players=config.players,
        expansion=config.expansion,
        options=";".join(f"{k}={v}" for k, v in config.options),
        knights_win=r.knights_win,
        cause=r.cause,
        turns=s.turn_no,
        white_swords=r.white_swords,
        black_swords=r.black_swords,
        siege_engines=r.siege_engines,
        quests_won=sum(1 for e in quests if e[2]),
        quests_lost=sum(1 for e in quests if not e[2]),
        traitors=sum(1 for x in s.loyalty if x == "traitor"),
        unmasked_turn=min(unmasked) if unmasked else None,
    )


def play_chunk(args: tuple[GameConfig, Policies, int, Sequence[int]]) -> list[GameRow]:
    config, policies, seed, games = args
    out = []
    for g in games:
        one_seed = game_seed(seed, g)
        out.append(_row(g, one_seed, config, play_game(config, policies, one_seed)))
    return out


def _chunks(n: int, first: int = 0) -> list[range]:
    end = first + n
    return [range(k, min(end, k + TASK_GAMES)) for k in range(first, end, TASK_GAMES)]


def check_run(n: int, seed: int, workers: int) -> None:
    """The shared checks of a run's size, seed and number of worker processes."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n={n!r}: expected a number of games >= 1")
    if n > MAX_GAMES:
        raise ValueError(
            f"n={n:,}: at most {MAX_GAMES:,} games in one call (a million games take hours on "
            "one machine: split the run by seed)"
        )
    check_workers(workers)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed={seed!r}: expected a whole number")


def simulate_games(
    config: GameConfig,
    policies: Policies | None = None,
    n: int = 1000,
    seed: int = 0,
    *,
    workers: int = 1,
    client: Any = None,
    progress: bool = False,
    first: int = 0,
) -> list[GameRow]:
    """Play ``n`` games and return one row per game, in game order.

    ``first`` numbers the games from there (``first``, ..., ``first + n - 1``): two runs of
    ``n`` games with ``first=0`` and ``first=n`` give the rows of one run of ``2n``, so a long
    run can come in batches.

    The same ``seed`` gives the same table for any ``workers`` (local processes) or on a Dask
    cluster (``client``: a ``dask.distributed.Client`` or a scheduler address), since each game
    has its own seed. ``progress=True`` shows a progress bar (tqdm).

    >>> rows = simulate_games(GameConfig.of(4), n=3, seed=1)
    >>> [r.game for r in rows], all(isinstance(r.knights_win, bool) for r in rows)
    ([0, 1, 2], True)
    """
    check_run(n, seed, workers)
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise ValueError(f"first={first!r}: expected the number of the first game, 0 or more")
    policies = policies or Policies()
    chunks = _chunks(n, first)
    parts = run_tasks(
        play_chunk,
        [(config, policies, seed, c) for c in chunks],
        [len(c) for c in chunks],
        workers=workers,
        client=client,
        progress=progress,
        desc=config.label(),
    )
    return [row for part in parts for row in part]


def summarize(rows: Iterable[GameRow]) -> dict[str, Any]:
    """The loyal win rate with its interval, and how the games ended."""
    rows = list(rows)
    if not rows:
        raise ValueError("no games to summarize")
    causes: dict[str, int] = {}
    for r in rows:
        causes[r.cause] = causes.get(r.cause, 0) + 1
    rate: WinRate = win_rate(sum(r.knights_win for r in rows), len(rows))
    return {
        "games": len(rows),
        "knights_win": rate,
        "causes": dict(sorted(causes.items(), key=lambda kv: -kv[1])),
        "mean_turns": sum(r.turns for r in rows) / len(rows),
    }


def rows_to_csv(rows: Iterable[GameRow], path: str) -> None:
    """One CSV row per game (the same seed gives the same file whatever the workers)."""
    import csv

    rows = list(rows)
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(GameRow.__dataclass_fields__))
        writer.writeheader()
        for r in rows:
            writer.writerow(r.as_dict())
