"""Quest odds at their entries (issue 31): what they used to answer wrongly is refused with a
message naming the parameter (the library's) or the option (the command line's)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from camelot_rules.front.cli import main
from camelot_rules.quests import excalibur_race, grail_race, war_completion_probability, war_race


@pytest.mark.parametrize(
    "call",
    [
        lambda: grail_race(4, 1, [2, 2, 2, 2, 2], 3, players=3),
        lambda: excalibur_race(1, [1, 1, 1, 1, 1], 3, players=4),
        lambda: war_race("picts", 0, 0, [[1], [2], [3], [4]], 3, players=3),
    ],
    ids=["grail", "excalibur", "war"],
)
def test_more_knights_on_a_quest_than_players_at_the_table_is_refused(call: object) -> None:
    with pytest.raises(ValueError, match=r"hands: \d+ knights on the quest, but \d+ players"):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("card", ["despair", "morgan_witch_2", "captured"])
def test_the_white_deck_holds_white_cards_only(card: str) -> None:
    with pytest.raises(ValueError, match=f"white_deck holds '{card}': not a white card"):
        war_completion_probability("picts", 2, [3, 4], {"fight_5": 2, card: 8}, 7)


def test_a_white_deck_of_white_and_custom_cards_still_answers() -> None:
    # C(8,4)/C(10,4) = 70/210 = 1/3 of the piles miss both 5s (the docstring's example)
    pile0 = {"fight_5": 2, "grail": 8}
    assert war_completion_probability("picts", 2, [3, 4], pile0, 7) == Fraction(2, 3)
    pile = {"fight_5": 2, "card_0": 8}  # a user's own name: allowed (the contract)
    assert war_completion_probability("picts", 2, [3, 4], pile, 7) == war_completion_probability(
        "picts", 2, [3, 4], {"fight_5": 2, "grail": 8}, 7
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["quest", "grail", "--hands", "2,2", "--knights", "3"], "--knights and --each"),
        (["quest", "excalibur", "--hands", "2", "--each", "3"], "--knights and --each"),
        (["quest", "grail", "--hands", "1,,1"], "an empty value between commas"),
        (["quest", "war-race", "picts", "--hand", "3,,4"], "an empty value between commas"),
        (["quest", "grail", "--laid", "9", "--hands", "2"], "--laid 9: expected 0..6"),
        (["quest", "grail", "--despair", "9", "--hands", "2"], "--despair 9: expected 0..6"),
        (["quest", "excalibur", "--steps", "-5"], "--steps -5: expected -4..4"),
        (["quest", "grail", "--hands", "1,1,1,1,1", "--players", "3"], "--hands: 5 knights"),
        (["quest", "war-race", "saxons", "--fights", "7"], "--fights 7"),
    ],
)
def test_the_cli_refuses_naming_the_option_typed(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own refusal of a malformed value
        code = stop.code
    assert code == 2
    err = capsys.readouterr().err
    assert message in err, err
    assert "grails=" not in err and "blacks=" not in err and "steps=" not in err


def test_knights_and_each_without_hands_still_answer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["quest", "grail", "--laid", "4", "--knights", "2", "--each", "1"]) == 0
    out = capsys.readouterr().out
    p = grail_race(4, 0, [1, 1], 6).p_win
    assert "Holy Grail" in out and str(p.numerator) in out
