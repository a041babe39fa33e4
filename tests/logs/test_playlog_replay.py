"""The verifier against the engine: games the engine plays (random, heuristic, steered to rare
rules), written as logs, verify clean; each mutation that breaks a rule is flagged on its line
(one operator for each family of rules a log can show), with the operator's rule for the
operators of ``NAMED``; the hand-written logs of
``tests/logs/hand`` are flagged where their authors expect. (``benchmarks/bench_playlog.py``
runs the same on 1,000 games and reports detection per rule id.)"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from camelot_rules.logs.playlog import parse_log, read_log, verify, verify_text
from camelot_rules.logs.writer import write_log
from tests.playlog_games import game, game_log
from tests.playlog_mutations import LEGAL
from tests.playlog_mutations_more import NAMED
from tests.playlog_mutations_rules import ALL, RULE_OF

HAND = Path(__file__).parent / "hand"
# (kind, games) of each box: enough for every operator to find something to mutate
_GAMES = (("random", 6), ("heuristic", 4), ("steered", 8))
# operators whose rule these few games may not reach (the benchmark's 1,000 do)
_RARE = frozenset({"mists_missing_sword", "fifth_witch_one_flip", "fourth_witch_double_discard"})


@pytest.fixture(scope="module")
def logs() -> list[str]:
    return [game_log(kind, i, exp) for exp in (False, True) for kind, n in _GAMES for i in range(n)]


def test_engine_games_verify_clean(logs: list[str]) -> None:
    """No false alarm: every game the engine plays is consistent with the verifier."""
    alarms: Counter[str] = Counter()
    for text in logs:
        for v in verify(parse_log(text)).violations:
            alarms[v.rule_id] += 1
    assert alarms == Counter()


def test_the_two_travel_forms_are_equivalent() -> None:
    final = game("steered", 5, True)
    inline = write_log(final, inline_travel=True)
    separate = write_log(final, inline_travel=False)
    assert "travel=" in inline and "draw travel" in separate
    a, b = verify(parse_log(inline)), verify(parse_log(separate))
    assert a.violations == b.violations == []
    assert a.travel_passes == b.travel_passes


def _flagged(text: str) -> set[int]:
    return set(_reported(text))


def _reported(text: str) -> dict[int, set[str]]:
    """The lines flagged, each with the rules reported there (a line the parser refuses: no
    rule)."""
    report = verify_text(text)
    out: dict[int, set[str]] = {e.line: set() for e in report.errors}
    for v in report.violations:
        out.setdefault(v.line, set()).add(v.rule_id)
    return out


def test_every_operator_names_its_rule() -> None:
    from camelot_rules.data.registry import rule

    assert set(RULE_OF) == set(ALL)
    assert set(ALL) >= NAMED
    for rule_id in RULE_OF.values():
        rule(rule_id)  # a registered rule


@pytest.mark.slow  # (36 games x every operator: 31 s of CPU; `make test` runs it)
@pytest.mark.parametrize("name", sorted(ALL))
def test_each_rule_breaking_mutation_is_flagged_on_its_line(name: str, logs: list[str]) -> None:
    op = ALL[name]
    tried = caught = 0
    misses = []
    for k, text in enumerate(logs):
        mutant = op(text.splitlines(), random.Random(k))
        if mutant is None:
            continue
        tried += 1
        found = _reported("\n".join(mutant.lines) + "\n")
        rules = set().union(*(found[i] for i in set(found) & mutant.expect))
        if set(found) & mutant.expect and (name not in NAMED or RULE_OF[name] in rules):
            caught += 1
        else:
            misses.append((k, sorted(mutant.expect)[:3], sorted(found)[:5], sorted(rules)))
    if tried == 0 and name in _RARE:
        pytest.skip(f"{name}: too rare for these games (benchmarks/bench_playlog.py counts it)")
    assert tried > 0, f"{name} found nothing to mutate in {len(logs)} games"
    assert caught == tried, (
        f"{name}: {caught}/{tried} flagged (with {RULE_OF[name]}, for the operators of NAMED); "
        f"missed (log, want, got, rules there): {misses}"
    )


@pytest.mark.parametrize("name", sorted(LEGAL))
def test_legal_changes_flag_nothing(name: str, logs: list[str]) -> None:
    for k, text in enumerate(logs):
        mutant = LEGAL[name](text.splitlines(), random.Random(k))
        assert mutant is not None
        assert verify(parse_log("\n".join(mutant.lines))).violations == []


def test_windows_line_ends_and_byte_order_mark(logs: list[str], tmp_path: Path) -> None:
    path = tmp_path / "game.log"
    path.write_bytes(b"\xef\xbb\xbf" + logs[0].replace("\n", "  \r\n").encode())
    assert verify(read_log(path)).violations == []


# --- the hand-written logs (an independent reading of the rulebook and the JA seed) ----------
def _hand_logs() -> list[tuple[str, str]]:
    out = []
    for path in sorted(HAND.glob("*.log")):
        m = re.search(r"# expected-line: (\S+)", path.read_text(encoding="utf-8"))
        assert m, path
        out.append((path.name, m.group(1)))
    return out


@pytest.mark.parametrize(("name", "expected"), _hand_logs())
def test_hand_written_logs(name: str, expected: str) -> None:
    path = HAND / name
    found = _flagged(path.read_text(encoding="utf-8"))
    if expected == "none":
        assert found == set()
    else:
        assert int(expected) in found
        assert min(found) >= int(expected) - 1  # nothing flagged before the broken rule


def test_the_coverage_page_lists_every_rule_the_verifier_is_tested_on() -> None:
    """A rule is said to be checked by the verifier's tests (the coverage pages) exactly when a
    mutation operator breaks it and the tests above catch it."""
    from camelot_rules.data.registry import RULES

    said = {r.id for r in RULES if "tests/logs/test_playlog_replay.py" in r.tests}
    assert said == set(RULE_OF.values())
