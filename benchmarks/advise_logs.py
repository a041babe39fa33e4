"""The advisor on positions from the project's recorded play logs: its ranked answers, its
timings, and whether two seeds agree (issue 30).

Usage: .venv/bin/python benchmarks/advise_logs.py [--seconds 10] [--positions 10]

Positions: in the full clean logs of ``tests/logs/hand`` (41-45: base 3, 4 and 5 players,
Merlin's Company 5 and 7 players), each heroic decision of a turn (the line after its evil
step's last line, before its heroic action), taken evenly through the logs. The logs do not
record hands: the knight holds as many white cards as the log's replay counts, taken as
the cards the log shows him lay from there on (then Fight 2, 3, 4 for the cards he never
shows; at least one Fight card), a hand he plausibly held; every other knight holds as many
cards as the replay counts for him. Each position is
advised twice, seeds 1 and 2, ``--seconds`` each (:func:`camelot_rules.sim.advisor.advise`);
the line says whether the top action is the same, or the interval of the difference
between the first two holds 0 (too close to call). Run it on the compiled engine (``make
compiled``); the number of worlds reached in the budget is the speed.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from camelot_rules.logs.tracker import GameRecord
from camelot_rules.sim.advisor import advise
from camelot_rules.sim.logged import logged_position, logged_record

LOGS = sorted((Path(__file__).parents[1] / "tests" / "logs" / "hand").glob("4[1-5]_clean_*.log"))
_ACTIONS = ("move", "play", "heal", "sacrifice", "accuse", "free", "siege")


def _decisions(path: Path) -> list[tuple[int, str]]:
    """(line, knight) of each heroic decision: the line before a turn's first action."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    turn, acted = "", True
    for k, text in enumerate(lines, start=1):
        words = text.split("#")[0].split()
        if not words:
            continue
        if words[0] == "turn":
            turn, acted = words[1], False
        elif words[0] in _ACTIONS and not acted and len(words) > 1 and words[1] == turn:
            out.append((k - 1, turn))
            acted = True
    return out


def _hand(path: Path, line: int, knight: str, size: int) -> dict[str, int]:
    """``size`` white cards for ``knight`` at ``line``: the cards the log shows him lay from
    there on (his plays, his siege fights' cards), then Fight 2, 3 and 4 in turn for the
    cards he never shows (and at least one Fight card)."""
    shown: list[str] = []
    for text in path.read_text(encoding="utf-8").splitlines()[line:]:
        words = text.split("#")[0].split()
        if len(words) >= 3 and words[0] == "play" and words[1] == knight:
            shown.append(words[2])
        elif len(words) >= 3 and words[0] == "siege" and words[1] == knight:
            cards = next((w[6:] for w in words if w.startswith("cards=")), "")
            shown += [f"fight_{v}" for v in cards.split(",") if v]
    shown = shown[: max(size, 1)]
    if not any(c.startswith("fight_") for c in shown):
        shown = shown[: max(size, 1) - 1]
    pad = ("fight_2", "fight_3", "fight_4")
    shown += [pad[k % 3] for k in range(max(size, 1) - len(shown))]
    return dict(Counter(shown))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--positions", type=int, default=10)
    args = parser.parse_args()
    found = [(path, line, knight) for path in LOGS for line, knight in _decisions(path)]
    step = max(1, len(found) // args.positions)
    picked = found[step // 2 :: step][: args.positions]
    agree = 0
    for path, line, knight in picked:
        text = path.read_text(encoding="utf-8")
        counted = dict(GameRecord("\n".join(text.splitlines()[:line]) + "\n").position().hand_sizes)
        hand = _hand(path, line, knight, counted.get(knight, 5))
        try:
            logged = logged_position(text, line=line, hand=hand)
        except ValueError as err:
            print(f"{path.name}:{line} {knight}: not advised ({err})")
            continue
        answers = []
        for seed in (1, 2):
            start = time.perf_counter()
            advice = advise(
                logged.state, seconds=args.seconds, seed=seed, record=logged_record(text, line)
            )
            answers.append((advice, time.perf_counter() - start))
        (a, ta), (b, tb) = answers
        same = a.best.action == b.best.action
        close = a.close_call or b.close_call
        agree += same or close
        print(
            f"\n{path.name} line {line}: {knight}, hand {hand}, "
            f"{len(a.choices)} actions; seed 1: {a.worlds} worlds in {ta:.1f} s, seed 2: "
            f"{b.worlds} worlds in {tb:.1f} s; top action "
            f"{'the same' if same else 'differs'}{' (too close to call)' if close else ''}"
        )
        print("  assumed: " + "; ".join(logged.assumptions[:-2]))  # the last two: every time
        for c in a.choices[:4]:
            print(f"  {c}")
    print(f"\nstable (same top action, or too close to call): {agree} of {len(picked)}")


if __name__ == "__main__":
    main()
