"""The play log's entries (issue 31): every line goes through one check (``check_line``), the
log as a whole through another (``check_table``), in the parser, the verifier and the tracker;
the tracker never loses its record.

Each defect the issue's campaign found has a test below that shows it refused.
"""

from __future__ import annotations

import pytest

from camelot_rules.logs.playlog import LogError, parse_log, verify, verify_text
from camelot_rules.logs.tracker import GameRecord

SETUP = "setup players=4 expansion=no\nknights arthur kay gawain percival\n"
BREAKS = {
    "a newline": "\n",
    "a carriage return": "\r",
    "U+2028": "\u2028",
    "U+2029": "\u2029",
    "NEL": "\x85",
    "a form feed": "\x0c",
    "a vertical tab": "\x0b",
    "a file separator": "\x1c",
    "NUL": "\x00",
}


def _record() -> GameRecord:
    return GameRecord.new(4, knights=["arthur", "kay", "gawain", "percival"])


# --- undo never loses the record -----------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        SETUP,
        "setup players=4 expansion=no\n",
        "# our Friday game\n\nsetup players=4 expansion=no\n",
        "# a comment\nsetup players=4 expansion=no\n# another\n",
    ],
)
def test_undo_past_the_start_is_refused_and_the_record_still_takes_lines(text: str) -> None:
    game = GameRecord(text)
    undone = 0
    while True:
        before = game.text
        try:
            game.undo()
            undone += 1
        except ValueError as err:
            assert "nothing to undo" in str(err)
            assert game.text == before  # refused: nothing changed
            break
        assert undone < 5
    assert "setup players=4" in game.text
    game.add("turn arthur")  # the record still takes lines
    game.add("evil arthur engine")
    assert game.position().turn == "arthur"
    assert game.lines[-1] == "evil arthur engine"


def test_undo_takes_back_lines_after_the_setup_then_stops() -> None:
    game = _record()
    game.add("turn arthur")
    assert game.undo() == "turn arthur"
    assert game.undo() == "knights arthur kay gawain percival"
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()
    assert game.lines == ("setup players=4 expansion=no",)


# --- one line is one line ------------------------------------------------------------------------
@pytest.mark.parametrize("what", sorted(BREAKS))
def test_a_line_holding_a_break_or_a_control_character_is_refused(what: str) -> None:
    game = _record()
    before = game.text
    with pytest.raises(ValueError) as info:
        game.add(f"turn arthur{BREAKS[what]}evil arthur black")
    assert "line" in str(info.value)
    assert game.text == before


@pytest.mark.parametrize("what", sorted(set(BREAKS) - {"a newline", "a carriage return"}))
def test_the_parser_refuses_the_same_characters_naming_the_line(what: str) -> None:
    text = SETUP + f"turn arthur{BREAKS[what]}turn kay\n"
    with pytest.raises(LogError) as info:
        parse_log(text)
    assert info.value.line == 3
    assert "U+" in str(info.value)


def test_a_tab_is_still_a_space() -> None:
    assert [e.verb for e in parse_log(SETUP + "turn\tarthur\n")] == ["setup", "knights", "turn"]


@pytest.mark.parametrize("name", ["kay\nturn gawain", "kay\u2028", "two words", "", "x#y", 3])
def test_a_knight_name_cannot_inject_a_line(name: object) -> None:
    with pytest.raises(ValueError, match="knights"):
        GameRecord.new(4, knights=["arthur", name, "gawain", "percival"])  # type: ignore[list-item]


def test_knights_as_one_string_is_refused() -> None:
    with pytest.raises(ValueError, match="knights"):
        GameRecord.new(3, knights="kay")


# --- one game at one table -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("setup players=5 expansion=yes", "second setup"),
        ("knights arthur kay gawain tristan", "knights line comes once"),
        ("turn lancelot", "not at the table"),
        ("turn tristan", "not at the table"),
        ("evil bob engine", "not at the table"),
        ("accuse arthur tristan wrong", "not at the table"),
        ("free arthur by=tristan", "not at the table"),
        ("sword black 9", "1 to 7"),
        ("sword white 13", "1 to 12"),
        ("sword black 0", "1 to 7"),
    ],
)
def test_the_tracker_refuses_a_line_of_another_game_or_table(line: str, why: str) -> None:
    game = _record()
    game.add("turn arthur")
    before = game.text
    with pytest.raises(ValueError, match=why):
        game.add(line)
    assert game.text == before


@pytest.mark.parametrize(
    ("text", "line", "why"),
    [
        (SETUP + "turn arthur\nsetup players=4 expansion=no\n", 4, "second setup"),
        (SETUP + "turn arthur\nknights arthur kay gawain percival\n", 4, "knights line"),
        (
            "setup players=4 expansion=no\nturn arthur\nknights arthur kay gawain percival\n",
            3,
            "knights line",
        ),
        (SETUP + "turn arthur\nevil arthur engine\nturn tristan\n", 5, "not at the table"),
        ("setup players=4 expansion=no\nturn bob\n", 2, "not a knight of the box"),
    ],
)
def test_verify_refuses_a_log_of_another_game_or_table(text: str, line: int, why: str) -> None:
    with pytest.raises(LogError, match=why) as info:
        verify_text(text)
    assert info.value.line == line


def test_verify_reports_a_sword_line_out_of_range_and_replays_the_rest() -> None:
    # a line of the wrong form is one game's malformed line: reported, the others replayed
    report = verify_text(SETUP + "sword black 9\nturn arthur\nevil kay engine\n")
    assert [(e.line, "1 to 7" in str(e)) for e in report.errors] == [(3, True)]
    assert [v.line for v in report.violations] == [5]  # Kay's evil step in Arthur's turn


def test_verify_checks_events_built_by_hand_too() -> None:
    events = parse_log(SETUP + "turn arthur\n")
    events.append(events[0])  # a second setup line
    with pytest.raises(LogError, match="second setup"):
        verify(events)


def test_names_may_be_players_own_when_the_knights_line_gives_them() -> None:
    text = "setup players=3 expansion=no\nknights sir_bedivere kay gawain\nturn sir_bedivere\n"
    assert [e.verb for e in parse_log(text)] == ["setup", "knights", "turn"]


def test_a_black_sword_line_of_seven_is_still_read() -> None:
    assert parse_log(SETUP + "sword black 7\n")[-1].words == ("black", "7")
