"""Rule mutations: change one rule line at a time and see which named test catches it.

Each mutation below changes one line of a rule's home - the engine, the rule data, or a
calculator, a model or a policy that reads it - the way a slip would (a ``>`` for a ``>=``, a
threshold off by one, a card left out of a map). The script copies the package and the tests to
a temporary directory (the worktree is never touched), applies one mutation there, runs the
named tests, puts the line back, and reports whether a test failed and which ones. A mutation
no test catches is a rule left unpinned (issue 28).

Usage (from the repository root):

    CAMELOT_RULES_PURE=1 .venv/bin/python benchmarks/mutate_rules.py [--tests PATH ...]
        [--only ID ...] [--markdown]

``--tests`` replaces the default test files (``tests/engine/test_fast_paths.py``);
``--only`` runs the mutations with these ids; ``--markdown`` prints the table as Markdown.
The exit status is 1 when a mutation survives.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_TESTS = ("tests/engine/test_fast_paths.py",)


@dataclass(frozen=True)
class Mutation:
    """One line changed: in ``path``, the first ``old`` after ``anchor`` becomes ``new``."""

    id: str
    rule: str
    path: str
    anchor: str
    old: str
    new: str


M = Mutation
MUTATIONS: tuple[Mutation, ...] = (
    # --- the engine's arithmetic (siege, combat, final count) ---
    M(
        "siege-tie-wins",
        "siege.fight",
        "camelot_rules/engine/arithmetic.py",
        "def siege_fight_won",
        "return total > face",
        "return total >= face",
    ),
    M(
        "siege-favor-ignored",
        "endgame.tie",
        "camelot_rules/engine/arithmetic.py",
        "def siege_fight_won",
        "return total > face or (favor and total == face)",
        "return total > face",
    ),
    M(
        "combat-tie-wins",
        "quest.combat-end",
        "camelot_rules/engine/arithmetic.py",
        "def combat_won",
        "return white > black",
        "return white >= black",
    ),
    M(
        "final-favor-ignored",
        "endgame.tie",
        "camelot_rules/engine/arithmetic.py",
        "def knights_win_count",
        "return white > black or (favor and white == black)",
        "return white > black",
    ),
    # --- the engine's travel demands ---
    M(
        "charged-takes-fight-2",
        "travel.demands",
        "camelot_rules/engine/expansion.py",
        "def demand_payments",
        "for v in (3, 4, 5)",
        "for v in (2, 3, 4, 5)",
    ),
    M(
        "ambushed-takes-one-card",
        "travel.demands",
        "camelot_rules/engine/expansion.py",
        "def demand_payments",
        'hand.get(f"fight_{v}", 0) >= 2',
        'hand.get(f"fight_{v}", 0) >= 1',
    ),
    # --- the rule data ---
    M(
        "two-merlins-cancel",
        "black.merlin-cancel",
        "camelot_rules/data/rulebook.py",
        "THRESHOLDS",
        'Threshold("merlins_to_cancel", 3,',
        'Threshold("merlins_to_cancel", 2,',
    ),
    M(
        "fifth-warrior-loses",
        "quest.wars",
        "camelot_rules/data/rulebook.py",
        "THRESHOLDS",
        'Threshold("war_warriors_to_lose", 4,',
        'Threshold("war_warriors_to_lose", 5,',
    ),
    M(
        "mordred-adds-nothing",
        "black.mordred",
        "camelot_rules/data/rulebook.py",
        "MORDRED_EXTRA_FIGHTS",
        "MORDRED_EXTRA_FIGHTS = 1",
        "MORDRED_EXTRA_FIGHTS = 0",
    ),
    M(
        "lancelot-shape",
        "quest.fight-cards",
        "camelot_rules/data/rulebook.py",
        "COMBAT_SHAPES",
        '"lancelot": (3, 2),',
        '"lancelot": (4, 1),',
    ),
    M(
        "desolation-left-out",
        "deck.finished-quest-cards",
        "camelot_rules/data/rulebook.py",
        "QUEST_CARDS: tuple",
        '    QuestCard("grail", "desolation", "BoQ p.16, p.9; F §4 (S5)", H),\n',
        "",
    ),
    # --- the engine reading the rule data ---
    M(
        "engine-merlins-off-by-one",
        "black.merlin-cancel",
        "camelot_rules/engine/black.py",
        "_MERLINS_TO_CANCEL",
        'T("merlins_to_cancel")',
        'T("merlins_to_cancel") - 1',
    ),
    M(
        "dragon-cards-live-after-lancelot",
        "black.finished-quest",
        "camelot_rules/engine/black.py",
        "def _finished_quest_card",
        'return s.ld_mode == "over"',
        'return s.ld_mode != "lancelot"',
    ),
    M(
        "pattern-one-group-more",
        "quest.fight-cards",
        "camelot_rules/engine/quests.py",
        "def pattern_ok",
        "len(values) <= len(shape)",
        "len(values) <= len(shape) + 1",
    ),
    M(
        "war-next-no-mordred",
        "black.mordred",
        "camelot_rules/engine/quests.py",
        "def war_next",
        "return sequence[fights]",
        "return fights + 1",
    ),
    # --- calculators, models and policies ---
    M(
        "siege-odds-seven-faces",
        "siege.fight",
        "camelot_rules/odds/siege.py",
        "def _wins",
        "range(1, _FACES + 1)",
        "range(1, _FACES)",
    ),
    M(
        "travel-own-charged-rule",
        "travel.demands",
        "camelot_rules/odds/travel.py",
        "def hand_facts",
        "bool(demand_payments(counts, d.card))",
        "bool(demand_payments(counts, d.card)) or 'fight_2' in counts",
    ),
    M(
        "rebuild-one-deck-default",
        "deck.reshuffle-both",
        "camelot_rules/odds/rebuild_rules.py",
        "def other_for",
        "both = self.both_decks is not False",
        "both = bool(self.both_decks)",
    ),
    M(
        "rebuild-no-engine",
        "deck.finished-quest-cards",
        "camelot_rules/odds/rebuilds.py",
        "def _classify",
        "finished and not blocked,",
        "False,",
    ),
    M(
        "war-calculator-one-longer",
        "quest.wars",
        "camelot_rules/odds/quest_common.py",
        "def check_fights_laid",
        "top = len(rulebook.war_sequence(war, mordred=mordred))",
        "top = len(rulebook.war_sequence(war, mordred=mordred)) + 1",
    ),
    M(
        "grail-race-without-dark-forest",
        "deck.finished-quest-cards",
        "camelot_rules/odds/quest_races.py",
        "RACE_CARDS = {",
        'tuple(c for c, q in _QUEST_OF.items() if q == "grail")',
        'tuple(c for c, q in _QUEST_OF.items() if q == "grail" and c != "dark_forest")',
    ),
    M(
        "war-model-fifth-warrior",
        "quest.wars",
        "camelot_rules/explorer/models/war.py",
        "_WARRIORS_TO_LOSE",
        'rulebook.threshold("war_warriors_to_lose")',
        'rulebook.threshold("war_warriors_to_lose") + 1',
    ),
    M(
        "policy-fifth-warrior",
        "quest.wars",
        "camelot_rules/sim/policies.py",
        "_WAR_LOSE_AT: Final",
        'rulebook.threshold("war_warriors_to_lose")',
        'rulebook.threshold("war_warriors_to_lose") + 1',
    ),
)


def _apply(text: str, m: Mutation) -> str:
    start = text.find(m.anchor)
    if start < 0:
        raise ValueError(f"{m.id}: anchor {m.anchor!r} not in {m.path}")
    at = text.find(m.old, start)
    if at < 0:
        raise ValueError(f"{m.id}: {m.old!r} not after {m.anchor!r} in {m.path}")
    return text[:at] + m.new + text[at + len(m.old) :]


def _failed_tests(output: str) -> list[str]:
    return sorted(set(re.findall(r"^FAILED (\S+?)(?: - .*)?$", output, flags=re.M)))


def run(mutations: list[Mutation], tests: list[str]) -> list[tuple[Mutation, list[str], float]]:
    results = []
    with tempfile.TemporaryDirectory(prefix="mutate-rules-") as tmp:
        work = Path(tmp)
        for name in ("camelot_rules", "tests", "widgets"):
            shutil.copytree(
                ROOT / name, work / name, ignore=shutil.ignore_patterns("__pycache__", "*.so")
            )
        for name in ("pyproject.toml", "conftest.py"):
            if (ROOT / name).exists():
                shutil.copy(ROOT / name, work / name)
        env = {**os.environ, "PYTHONPATH": str(work), "CAMELOT_RULES_PURE": "1"}
        for m in mutations:
            path = work / m.path
            original = path.read_text(encoding="utf-8")
            mutated = _apply(original, m)
            path.write_text(mutated, encoding="utf-8")
            try:
                t0 = time.perf_counter()
                proc = subprocess.run(
                    [
                        sys.executable,
                        "-m",
                        "pytest",
                        "-q",
                        "-p",
                        "no:randomly",
                        "-p",
                        "no:cacheprovider",
                        "-rf",
                        *tests,
                    ],
                    cwd=work,
                    env=env,
                    capture_output=True,
                    text=True,
                    check=False,
                )
                seconds = time.perf_counter() - t0
            finally:
                path.write_text(original, encoding="utf-8")
            failed = _failed_tests(proc.stdout)
            if proc.returncode not in (0, 1) and not failed:
                failed = [f"(pytest exit {proc.returncode}: {proc.stdout.strip()[-200:]})"]
            results.append((m, failed, seconds))
            print(
                f"{m.id}: {'caught' if failed else 'NOT caught'} ({len(failed)} tests)",
                file=sys.stderr,
            )
    return results


def _short(node: str) -> str:
    name = node.split("::", 1)[1] if "::" in node else node
    return name.split("[", 1)[0]


def report(results: list[tuple[Mutation, list[str], float]], markdown: bool) -> str:
    rows = []
    for m, failed, seconds in results:
        names = sorted({_short(f) for f in failed})
        caught = "caught" if failed else "NOT caught"
        by = ", ".join(f"`{n}`" if markdown else n for n in names) or "-"
        rows.append(
            (
                m.id,
                m.rule,
                m.path.removeprefix("camelot_rules/"),
                caught,
                str(len(failed)),
                by,
                f"{seconds:.1f}",
            )
        )
    head = ("mutation", "rule", "file", "result", "failing cases", "caught by", "s")
    caught = sum(1 for _, f, _ in results if f)
    summary = f"{caught} of {len(results)} mutations caught"
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join([*lines, "", summary])
    return "\n".join(["\t".join(head), *("\t".join(r) for r in rows), summary])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tests", nargs="+", default=list(DEFAULT_TESTS))
    parser.add_argument("--only", nargs="+", default=None)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTATIONS if args.only is None or m.id in args.only]
    unknown = set(args.only or ()) - {m.id for m in MUTATIONS}
    if unknown:
        parser.error(f"unknown mutation ids {sorted(unknown)}")
    for m in chosen:  # every mutation still applies to today's source
        _apply((ROOT / m.path).read_text(encoding="utf-8"), m)
    results = run(chosen, args.tests)
    print(report(results, args.markdown))
    return 0 if all(f for _, f, _ in results) else 1


if __name__ == "__main__":
    sys.exit(main())
