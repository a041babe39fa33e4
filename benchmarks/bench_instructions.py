"""Instructions per simulated game, counted by valgrind (outside `make test`).

Usage: .venv/bin/python benchmarks/bench_instructions.py [--warm N] [--games K]

Wall-clock speed on a shared machine swings (50 to 130 games a second for the same games
within an hour here), so a change to the engine is judged by the instructions a game costs,
which do not depend on the neighbours: valgrind's callgrind counts them exactly. Two runs play
the heuristic 5-player games of seeds ``0..N-1`` and ``0..N+K-1`` (string hashing fixed with
``PYTHONHASHSEED=0``); the difference over ``K`` is the cost of one game with warm caches (the
first games fill the policies' caches). It runs the installed engine (compiled or source, said
in the first line) and needs ``valgrind`` (Debian's package; not a project dependency). Each
run takes about a second per game under valgrind. ``--top N`` (compiled engine) lists the N
engine functions that cost the most instructions (inclusive).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

_PLAY = """
import sys
from camelot_rules.sim.games import GameConfig, Policies, play_game
from camelot_rules.sim.policies import LoyalHeuristic, TraitorHeuristic
config = GameConfig.of(5)
policies = Policies(LoyalHeuristic(), TraitorHeuristic())
for seed in range(int(sys.argv[1])):
    play_game(config, policies, seed)
"""


def _count(games: int, out: Path) -> int:
    env = dict(os.environ, PYTHONHASHSEED="0")
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            "-c",
            _PLAY,
            str(games),
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    found = re.search(r"Collected : ([\d,]+)", run.stderr)
    if found is None:  # pragma: no cover - valgrind's own report changed
        raise RuntimeError(f"no instruction count in valgrind's report:\n{run.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def _inclusive(path: Path) -> dict[str, int]:
    text = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(path)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    costs: dict[str, int] = {}
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([^)]*\)\s+\S*:(CPyDef_\S+)", line)
        if m:
            costs[m.group(2)] = costs.get(m.group(2), 0) + int(m.group(1).replace(",", ""))
    return costs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--warm", type=int, default=50, help="games before the measured ones")
    parser.add_argument("--games", type=int, default=10, help="games measured")
    parser.add_argument("--top", type=int, default=0, help="list the costliest functions")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    from camelot_rules.base import compiled

    print(f"engine: {compiled.status()['why']}")
    with tempfile.TemporaryDirectory() as tmp:
        first, second = Path(tmp, "warm.out"), Path(tmp, "more.out")
        with ThreadPoolExecutor(2) as pool:  # the two runs side by side (2 cores)
            a = pool.submit(_count, args.warm, first)
            b = pool.submit(_count, args.warm + args.games, second)
            warm, more = a.result(), b.result()
        per_game = (more - warm) / args.games
        print(
            f"heuristic 5-player games {args.warm}..{args.warm + args.games - 1}: "
            f"{per_game / 1e6:.1f} million instructions a game"
        )
        if args.top:
            before, after = _inclusive(first), _inclusive(second)
            play = after.get("CPyDef_loop___play", 0) - before.get("CPyDef_loop___play", 0)
            rows = sorted(((after[k] - before.get(k, 0), k) for k in after), reverse=True)
            for cost, name in rows[: args.top]:
                share = f"{100 * cost / play:5.1f}% of a game" if play else ""
                print(f"  {cost / args.games / 1e6:6.2f} M  {share}  {name}")


if __name__ == "__main__":
    main()
