"""Play-log verification: clean logs pass, each broken log breaks exactly its rule."""

from __future__ import annotations

import hashlib
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from camelot_rules.logs.playlog import (
    LogError,
    die_roll_test,
    fights_test,
    format_report,
    observed_vs_expected,
    parse_log,
    read_log,
    travel_check,
    verify,
    verify_text,
)

LOGS = Path(__file__).parent


@pytest.mark.parametrize("name", ["clean_base.log", "clean_mc.log"])
def test_clean_logs_have_no_violations(name: str) -> None:
    report = verify(read_log(LOGS / name))
    assert report.violations == []
    assert "No rule violations" in format_report(report)


@pytest.mark.parametrize(
    ("name", "line", "rule_id"),
    [
        ("bad_accuse_early.log", 5, "endgame.accusation"),
        ("bad_accuse_twice.log", 277, "endgame.accusation"),
        ("bad_siege_score.log", 5, "siege.fight"),
        ("bad_travel_draw.log", 5, "travel.draw-on-move"),
        ("bad_card_count.log", 5, "deck.counts"),
        ("bad_after_twelfth.log", 337, "siege.twelfth-engine"),
        ("bad_final_count.log", 302, "endgame.hidden-traitors"),
    ],
)
def test_each_broken_log_reports_its_rule_at_its_line(name: str, line: int, rule_id: str) -> None:
    report = verify(read_log(LOGS / name))
    assert [(v.line, v.rule_id) for v in report.violations] == [(line, rule_id)]
    assert report.violations[0].source  # every violation names where the rule comes from
    text = format_report(report)
    assert f"line {line}: " in text and f"(rule {rule_id}: {report.violations[0].source})" in text
    assert report.violations[0].fix  # and what the table should have done


def test_malformed_line_is_reported_with_its_number_and_the_file_is_untouched() -> None:
    path = LOGS / "malformed.log"
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(LogError, match=r"line 3: roll='nine'.*expected: siege NAME"):
        read_log(path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_a_malformed_line_is_reported_and_the_replay_goes_on() -> None:
    """Issue 29: one malformed line no longer hides the log's violations."""
    log = (
        (LOGS / "bad_siege_score.log")
        .read_text()
        .replace("turn arthur", "turn arthur\nsiege arthur cards=3 roll=nine won")
    )
    report = verify_text(log)
    assert [e.line for e in report.errors] == [4]
    assert [(v.line, v.rule_id) for v in report.violations] == [(6, "siege.fight")]
    text = format_report(report)
    assert "1 line(s) could not be read:" in text and "line 6: " in text


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("knights a b c", "line 1: a log starts with a setup line"),
        ("setup players=4 expansion=no\nfly arthur", "line 2: unknown event 'fly'"),
        ("setup players=4 expansion=no\ndraw black unicorn", "line 2: unknown card 'unicorn'"),
        ("setup players=4 expansion=no\nsword white -1", "line 2: N=-1 is negative"),
        ("setup players=4 expansion=no\nend white=3 black=2", "line 2: end needs white="),
    ],
)
def test_parse_errors_name_line_and_expectation(text: str, match: str) -> None:
    with pytest.raises(LogError, match=match):
        parse_log(text)


def test_travel_deck_reshuffled_early() -> None:
    log = """setup players=5 expansion=yes
knights arthur kay gawain percival tristan
turn arthur
evil arthur engine
move arthur how=heroic_action to=grail travel=vision
reshuffle travel
"""
    report = verify(parse_log(log))
    assert [(v.line, v.rule_id) for v in report.violations] == [(6, "travel.reshuffle")]


def test_die_roll_test_exact_matches_enumeration_of_every_sequence() -> None:
    # every sequence of 3 rolls is equally likely; the test compares count vectors
    outcome_prob: dict[tuple[int, ...], Fraction] = {}
    for seq in product(range(1, 9), repeat=3):
        counts = tuple(seq.count(f) for f in range(1, 9))
        outcome_prob[counts] = outcome_prob.get(counts, Fraction(0)) + Fraction(1, 8**3)
    rolls = [1, 1, 8]
    seen = outcome_prob[tuple(rolls.count(f) for f in range(1, 9))]
    expected = sum(p for p in outcome_prob.values() if p <= seen)
    result = die_roll_test(rolls)
    assert result.exact and result.p_value == expected


def test_die_roll_test_switches_to_labelled_approximation() -> None:
    result = die_roll_test([1] * 20)
    assert not result.exact and "approximation" in result.method
    assert result.p_value < 1e-10


def test_fights_test_is_exact_poisson_binomial() -> None:
    fights = [(Fraction(3, 4), True), (Fraction(1, 2), False), (Fraction(1, 8), True)]
    # brute force: P(k wins) for every k, then the two-sided tail at k = 2
    dist = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0), 3: Fraction(0)}
    for outcome in product([0, 1], repeat=3):
        p = Fraction(1)
        for (q, _), o in zip(fights, outcome):
            p *= q if o else 1 - q
        dist[sum(outcome)] += p
    assert fights_test(fights).p_value == sum(p for p in dist.values() if p <= dist[2])


def test_travel_check_and_observed_vs_expected_on_a_log() -> None:
    report = verify(read_log(LOGS / "clean_mc.log"))
    tests = observed_vs_expected(report)
    assert [t.name for t in tests] == ["die rolls", "siege fights won", "travel draws"]
    # the log's siege rolls and travel cards, in its order (one travel deck: no reshuffle)
    assert report.rolls == [4, 5, 1] and report.travel_passes == [
        ["nothing_happens", "captured", "merlin_travels", "nothing_happens", "vision"]
    ]
    assert all(0 <= t.p_value <= 1 for t in tests)
    assert travel_check([["captured"] * 3]).p_value < travel_check([["vision"]]).p_value


def test_documented_example_is_the_clean_log_and_verifies() -> None:
    import re

    doc = (Path(__file__).resolve().parents[2] / "docs" / "play-log.md").read_text()
    example = re.search(r"## A full example\n.*?```text\n(.*?)```", doc, re.S)
    assert example is not None
    assert example.group(1) == (LOGS / "clean_mc.log").read_text()
    from camelot_rules.logs.playlog import EXAMPLE_LOG

    assert example.group(1) == EXAMPLE_LOG
    assert verify(parse_log(example.group(1))).violations == []


def test_the_documented_output_is_what_verify_stats_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    from camelot_rules.front.cli import main

    doc = (Path(__file__).resolve().parents[2] / "docs" / "play-log.md").read_text()
    blocks = re.findall(r"```text\n(.*?)```", doc.split("## A full example")[1], re.S)
    record, shown = blocks[0], blocks[1]
    game = tmp_path / "game.log"
    game.write_text(record, encoding="utf-8")
    assert main(["verify", str(game), "--stats"]) == 0
    printed = capsys.readouterr().out.replace(str(game), "game.log")
    command, *lines = shown.rstrip("\n").split("\n")
    assert command == "$ camelot-rules verify game.log --stats"
    assert printed.rstrip("\n").split("\n") == lines


def test_second_witch_forbids_life_as_the_evil_step() -> None:
    log = """setup players=4 expansion=yes
knights arthur kay gawain percival
turn arthur
evil arthur black
draw black morgan_witch_2
draw white for=round_table
turn kay
evil kay life
"""
    report = verify(parse_log(log))
    assert [(v.line, v.rule_id) for v in report.violations] == [(8, "siege.second-action")]


# --- bad files: a clear error, bounded memory, the file never written (issue 13) ---------------
@pytest.mark.parametrize(
    ("data", "match"),
    [
        (b"", "line 1: a log starts with a setup line"),
        (b"\x00\x01\x02binary\xff", "binary file"),
        (b"setup players=4 expansion=no\n\xff\xfe draw", "not UTF-8 text"),
        (b"setup players=4 expansion=no\n" + b"# padding\n" * 120_000, "more than 1,000,000 bytes"),
    ],
)
def test_bad_files_get_a_clear_error_and_stay_untouched(
    data: bytes, match: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.log"
    path.write_bytes(data)
    with pytest.raises(LogError, match=match):
        read_log(path)
    assert path.read_bytes() == data


def test_a_fifty_megabyte_file_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    import tracemalloc

    path = tmp_path / "huge.log"
    with open(path, "wb") as fh:
        fh.truncate(50 * 1024 * 1024)  # 50 MB (sparse: nothing written)
    tracemalloc.start()
    with pytest.raises(LogError, match="more than 1,000,000 bytes"):
        read_log(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 5 * 1024 * 1024


def test_printed_names_in_three_languages_are_read_as_ids() -> None:
    log = """setup players=4 expansion=yes
knights Arthur Kay gawain percival
turn arthur
evil arthur black
draw black Desesperación
move arthur how=heroic_action to=聖杯
draw travel Captured!
"""
    events = parse_log(log)
    assert events[1].words == ("arthur", "kay", "gawain", "percival")
    assert events[4].words == ("black", "despair")
    assert events[5].options["to"] == "grail" and events[6].words == ("travel", "captured")
    with pytest.raises(LogError, match=r"line 5: .*did you mean 'despair'"):
        parse_log(log.replace("Desesperación", "desspair"))


def test_stats_never_abort_the_report() -> None:
    """A test that cannot be made is noted; the others and the violations are still given."""
    from camelot_rules.logs.playlog import stats_report

    log = """setup players=4 expansion=yes
knights arthur kay gawain percival
turn arthur
evil arthur engine
move arthur how=heroic_action to=grail
draw travel captured captured captured captured captured captured captured captured captured
draw travel vision vision vision vision vision vision vision vision
turn kay
evil kay engine
siege kay cards=3 roll=2 won
"""
    report = verify(parse_log(log))
    assert report.violations  # travel cards no move calls for
    tests, notes = stats_report(report)
    assert [t.name for t in tests][:2] == ["die rolls", "siege fights won"]
    assert any(n.startswith("travel draws: not tested") for n in notes)


def test_a_release_recorded_only_in_a_comment_is_reported_once_naming_the_fix() -> None:
    """Issue 29: a captured knight's later turns are one report (the release to record), not a
    flood on each of his lines."""
    log = """setup players=3 expansion=yes
knights arthur bors owain
turn arthur
evil arthur engine
move arthur how=heroic_action to=grail travel=captured
turn bors
evil bors engine
draw white for=round_table
turn owain
evil owain engine
draw white for=round_table     # owain frees arthur (not recorded)
turn arthur
evil arthur engine
move arthur how=heroic_action to=grail travel=nothing_happens
turn bors
evil bors engine
draw white for=round_table
turn owain
evil owain engine
draw white for=round_table
turn arthur
evil arthur life
move arthur how=heroic_action to=camelot travel=nothing_happens
"""
    report = verify(parse_log(log))
    assert [(v.line, v.rule_id) for v in report.violations] == [(13, "travel.captured")]
    assert "free" in report.violations[0].fix


def test_the_final_count_is_checked_whatever_ended_the_game() -> None:
    """Issue 29: the count after the 7th black sword, the 12th engine or every death is checked
    too (it was checked only on the 12th sword)."""
    from tests.playlog_games import game_log

    for i in range(40):
        text = game_log("heuristic", i, False)
        end = [line for line in text.splitlines() if line.startswith("end ")]
        if end and " white=0 " not in end[0]:
            break
    wrong = text.replace(end[0], end[0].replace("white=", "white=1", 1))
    found = [v.rule_id for v in verify_text(wrong).violations]
    assert found == ["endgame.hidden-traitors"]
