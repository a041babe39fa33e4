"""The verifier against the engine: games the engine plays, written as logs, verify clean;
each mutation that breaks a rule is flagged on its line; the hand-written logs of
``tests/logs/hand`` are flagged where their authors expect."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from camelot_rules.engine import new_game, play_random
from camelot_rules.logs.playlog import LogError, parse_log, read_log, verify
from camelot_rules.logs.writer import write_log
from tests.playlog_mutations import ILLEGAL, LEGAL

HAND = Path(__file__).parent / "hand"


def _game(i: int, expansion: bool) -> str:
    rng = random.Random(10_000 * expansion + i)
    players = rng.choice(range(3, 9 if expansion else 8))
    game = play_random(new_game(players, expansion=expansion, seed=i), rng)
    return write_log(game, hands=i % 2 == 0, inline_travel=i % 3 == 0, annotate=i % 4 != 1)


@pytest.fixture(scope="module")
def logs() -> list[str]:
    return [_game(i, exp) for exp in (False, True) for i in range(40)]


def test_engine_games_verify_clean(logs: list[str]) -> None:
    """No false alarm: every game the engine plays is consistent with the verifier."""
    alarms = Counter()
    for text in logs:
        for v in verify(parse_log(text)).violations:
            alarms[v.rule_id] += 1
    assert alarms == Counter()


def test_the_two_travel_forms_are_equivalent() -> None:
    rng = random.Random(5)
    game = play_random(new_game(5, expansion=True, seed=5), rng)
    inline = write_log(game, inline_travel=True)
    separate = write_log(game, inline_travel=False)
    assert "travel=" in inline and "draw travel" in separate
    a, b = verify(parse_log(inline)), verify(parse_log(separate))
    assert a.violations == b.violations == []
    assert a.travel_passes == b.travel_passes


def _flagged(text: str) -> tuple[set[int], bool]:
    try:
        return {v.line for v in verify(parse_log(text)).violations}, False
    except LogError as err:
        assert err.line > 0, err  # a line's error, whatever the language
        return {err.line}, True


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_each_rule_breaking_mutation_is_flagged_on_its_line(name: str, logs: list[str]) -> None:
    op = ILLEGAL[name]
    tried = caught = 0
    misses = []
    for k, text in enumerate(logs):
        mutant = op(text.splitlines(), random.Random(k))
        if mutant is None:
            continue
        tried += 1
        lines, parse_error = _flagged("\n".join(mutant.lines) + "\n")
        assert parse_error == mutant.parse_error
        if lines & mutant.expect:
            caught += 1
        else:
            misses.append((k, sorted(mutant.expect)[:3], sorted(lines)[:5]))
    assert tried > 0, f"{name} found nothing to mutate in {len(logs)} games"
    assert caught == tried, f"{name}: {caught}/{tried} flagged; missed (log, want, got): {misses}"


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
    try:
        found = {v.line for v in verify(read_log(path)).violations}
    except LogError as err:
        found = {err.line}
    if expected == "none":
        assert found == set()
    else:
        assert int(expected) in found
        assert min(found) >= int(expected) - 1  # nothing flagged before the broken rule
