"""Siege benchmarks: widget recompute time and the dealt-hand table against icepool.

Usage: .venv/bin/python benchmarks/bench_siege.py [--repeats N]
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENV = HERE / ".env-icepool"

OURS = """
import json, sys, time
from camelot_rules import dealt_hand_table, standard_deck
t = time.perf_counter()
table = dealt_hand_table(standard_deck("white", expansion=True), range(1, 13))
elapsed = time.perf_counter() - t
print(json.dumps({"seconds": elapsed, "table": {h: str(p) for h, p in table.items()}}))
"""

# The same question asked of icepool: deal h cards from the 107-card deck (values 0..5 as in
# camelot_rules.data.rulebook: fight_1 17, fight_2 14, fight_3 11, fight_4 9, fight_5 8, others 48),
# sum them, compare with a d8.
ICEPOOL = """
import json, time
import icepool
t = time.perf_counter()
deck = icepool.Deck({0: 48, 1: 17, 2: 14, 3: 11, 4: 9, 5: 8})
table = {h: str((deck.deal(h).sum() > icepool.d8).probability(True)) for h in range(1, 13)}
elapsed = time.perf_counter() - t
print(json.dumps({"seconds": elapsed, "table": table, "version": icepool.__version__}))
"""


def _python312() -> str | None:
    root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    for pattern in ("3.12*", "3.13*"):  # pyenv's real interpreters, not its shims
        hits = sorted(glob.glob(os.path.join(root, "versions", pattern, "bin", "python")))
        if hits:
            return hits[-1]
    for name in ("python3.12", "python3.13"):
        found = shutil.which(name)
        if found and "shims" not in found:
            return found
    return None


def _icepool_python() -> str | None:
    py = ENV / "bin" / "python"
    if not py.exists():
        base = _python312()
        if base is None:
            return None
        subprocess.run([base, "-m", "venv", str(ENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "icepool>=2.2"], check=True)
    return str(py)


def _run(python: str, code: str) -> dict[str, object]:
    out = subprocess.run([python, "-c", code], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def bench_widget(repeats: int) -> float:
    from widgets.siege import build_siege_widget

    w = build_siege_widget({5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, kay=True)
    times = []
    for i in range(repeats):
        t = time.perf_counter()
        w.life.value = 3 + i % 2  # every change recomputes the whole view
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()

    ms = bench_widget(max(args.repeats, 21)) * 1000
    print(f"siege widget recompute, 12-card hand with Sir Kay: median {ms:.1f} ms (budget 50 ms)")

    ours = [_run(sys.executable, OURS) for _ in range(args.repeats)]
    ours_s = statistics.median(float(r["seconds"]) for r in ours)  # type: ignore[arg-type]
    print(
        f"dealt-hand table 1..12, 107-card deck, camelot-rules (cold process): median "
        f"{ours_s * 1000:.1f} ms over {args.repeats} runs"
    )
    py = _icepool_python()
    if py is None:
        print("icepool comparison skipped: no Python 3.12/3.13 found for icepool 2.2+")
        return 0
    theirs = [_run(py, ICEPOOL) for _ in range(args.repeats)]
    theirs_s = statistics.median(float(r["seconds"]) for r in theirs)  # type: ignore[arg-type]
    print(
        f"same table, icepool {theirs[0]['version']} (cold process): median "
        f"{theirs_s * 1000:.1f} ms"
    )
    print(f"ratio icepool / camelot-rules = {theirs_s / ours_s:.1f}x (one run, same machine)")
    same = {int(h): Fraction(p) for h, p in ours[0]["table"].items()} == {  # type: ignore[union-attr]
        int(h): Fraction(p)
        for h, p in theirs[0]["table"].items()  # type: ignore[union-attr]
    }
    print(f"exact tables identical: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
