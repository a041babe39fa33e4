"""The terminal front end prints exact answers and readable errors."""

import re
from fractions import Fraction

import pytest

from camelot_rules.front.cli import main
from camelot_rules.front.display import fmt_prob


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_siege_three_plus_four(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "siege", "3", "4")
    assert code == 0 and "P(win) = 3/4 (75.00%)" in out


def test_siege_with_excalibur_and_kay(capsys: pytest.CaptureFixture[str]) -> None:
    # 2 + 1 (Excalibur) = 3 beats 1-2; Kay adds 5 to beat up to 7: 7/8
    code, out, _ = run(capsys, "siege", "2", "--excalibur", "--kay-reserve", "5")
    assert code == 0 and "7/8" in out and "Sir Kay keeps 5" in out
    # 3 now, Kay keeps 2 and 5: he adds the 5 when needed (8 beats 1-7): 7/8
    for argv in (["--kay-reserve", "2,5"], ["--kay-reserve", "2", "--kay-reserve", "5"]):
        code, out, _ = run(capsys, "siege", "3", *argv)
        assert code == 0 and "7/8" in out and "Sir Kay keeps 2 5" in out


def test_siege_with_divine_favor_wins_the_tie(capsys: pytest.CaptureFixture[str]) -> None:
    # 3 + 4 = 7 wins faces 1-6, and the tie on a 7 with Divine Favor: 7/8 (JA)
    code, out, _ = run(capsys, "siege", "3", "4", "--divine-favor")
    assert code == 0 and "P(win) = 7/8" in out and "Divine Favor: played" in out
    code, out, _ = run(capsys, "siege", "--turn", "5", "4", "3", "--divine-favor")
    assert code == 0 and "Divine Favor: played" in out


def test_kay_flag_does_not_swallow_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 16, item 1: `--kay` used to take 5 4 3 as Kay's reserve, leaving no hand and
    # answering "do not fight". With Kay the best plan fights with the 4 first: 101/64.
    code, out, _ = run(capsys, "siege", "--turn", "--kay", "5", "4", "3")
    assert code == 0
    assert out.splitlines()[1] == "best first fight: 4"
    assert "101/64" in out and "Sir Kay: yes" in out
    assert out.startswith("Play 4 (Sir Kay keeps the rest for after the roll): you cannot lose.")
    code, out, _ = run(capsys, "siege", "--hand", "--kay", "5", "1")
    assert code == 0 and "Kay keeps" in out and "Sir Kay: yes" in out
    assert out.splitlines()[3].split()[:2] == ["5", "1"]  # best split: play 5, keep 1
    assert out.startswith("Best split: play 5 before the roll, Sir Kay keeps 1: you win 62.5%")
    assert "E[value spent]" in out and "41/8 = 5.125" in out  # 5 + 1/8 of the 1: the decider


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        (["siege", "--kay", "5", "2"], "--kay-reserve"),  # the old form of a reserve
        (["siege", "3", "--kay"], "--kay-reserve"),
        (["siege", "--turn", "--kay-reserve", "4", "5", "3"], "--kay"),
        (["siege", "--hand", "--kay-reserve", "4", "5"], "--kay"),
        (["siege", "--dealt", "--kay"], "--dealt"),
        (["siege", "3", "--kay-reserve", "7"], "7"),
    ],
)
def test_ambiguous_kay_options_are_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], match: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and match in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        (["siege", "2", "--kay", "5"], "unrecognized arguments: 5"),  # old form of a reserve
        (["siege", "3", "--kay-reserve", "2,x"], "'2,x': expected Fight values"),
    ],
)
def test_kay_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str], match: str) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert match in capsys.readouterr().err


def test_hand_mode_prints_the_advisor_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "siege", "--hand", "5", "4")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Play 5 + 4: you cannot lose."  # 9 beats every roll of a d8 (verdict first)
    assert lines[1].split()[:3] == ["play", "total", "P(win)"]
    assert any(line.startswith("5 + 4") and "1" in line and "yes" in line for line in lines)


def test_turn_mode_and_dealt_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "siege", "--turn", "5", "4", "3", "--at-least", "2")
    assert code == 0 and "P(at least 2): 3/8" in out
    code, out, _ = run(capsys, "siege", "--dealt")
    assert code == 0 and "1/8" in out  # one card from the base deck, worked in test_siege


def test_draw_and_decks(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "draw", "white", "2", "grail")
    assert code == 0 and "447/1162" in out
    code, out, _ = run(capsys, "decks", "--expansion")
    assert code == 0 and "travel deck: 16 cards" in out and "unverified (assumption)" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["siege", "7"],
        ["draw", "white", "99", "grail"],
        ["draw", "white", "2", "unicorn"],
        ["siege", "--turn", "--life", "0"],
    ],
)
def test_bad_input_is_one_readable_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("camelot-rules: error: ") and "Traceback" not in err


def test_deck_next_rebuild_and_forecast(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["deck", "black", "--expansion", "--cards", "morgan_witch_2"]
    code, out, _ = run(capsys, *argv, "--one-deck")
    assert code == 0 and "P(Second Witch before the rebuild) = 1/2" in out  # her or the 1st
    assert "other deck: not modelled" in out


def test_deck_rebuilds_both_decks_in_the_expansion(capsys: pytest.CaptureFixture[str]) -> None:
    from camelot_rules import DeckPosition, OtherDeck, RebuildRules, next_rebuild, standard_deck

    code, out, _ = run(capsys, "deck", "black", "--expansion")
    assert code == 0 and "the other deck's rebuild" in out  # a cause in words, not other_deck
    assert "rebuilt together with this one (JA)" in out
    # a 10-card white pile drawn 2 a turn runs out in turn 5 at the latest
    code, out, _ = run(
        capsys, "deck", "black", "--expansion", "--other-pile", "10", "--other-mix", "2: 1"
    )
    pos = DeckPosition(standard_deck("black", expansion=True), expansion=True)
    other = OtherDeck(10, 10, {2: 1})
    nr = next_rebuild(pos, {1: 1}, rules=RebuildRules(other_deck=other))
    assert max(nr.by_turn) == 5
    assert code == 0 and f"the other deck's rebuild {fmt_prob(nr.by_cause['other_deck'])}" in out
    code, _, err = run(capsys, "deck", "black", "--one-deck", "--both-decks")
    assert code == 2 and "contradict" in err
    code, out, _ = run(capsys, "deck", "black", "--finished", "dragon", "--turns", "2")
    assert code == 0 and "siege engines from cards of finished quests" in out
    code, _, err = run(capsys, "deck", "black", "--mix", "0: 1/2, 1: 1/2")
    assert code == 2 and "--horizon" in err


def test_travel_next_trip_plan_and_move_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "travel", "--seen", "captured, vision", "--trips", "3")
    assert code == 0 and "0         11/14" in out  # C(13,3)/C(14,3): no capture in 3 trips
    code, out, _ = run(capsys, "travel", "--move", "return_after_quest")
    assert code == 0 and "draws no travel card" in out
    code, _, err = run(capsys, "travel", "--seen", "captured: 3")
    assert code == 2 and "more travel cards seen" in err


@pytest.mark.parametrize(
    ("composition", "match"),
    [
        ("vision: 99999999999999999999999", "at most"),
        ("captured: 0", "composition is empty"),
        ("captured: 0, vision: 0", "composition is empty"),
    ],
)
def test_travel_composition_is_used_as_given_or_refused(
    capsys: pytest.CaptureFixture[str], composition: str, match: str
) -> None:
    # Issue 16, item 6: an OverflowError traceback, or the default mix used silently.
    code, out, err = run(capsys, "travel", "--composition", composition)
    assert code == 2 and out == "" and match in err and "Traceback" not in err


def test_travel_composition_of_one_kind_is_not_the_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "travel", "--composition", "captured: 2")
    assert code == 0 and re.search(r"captured\s+1\s+100.0%", out)


def test_verify_clean_broken_and_malformed(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    logs = Path(__file__).parents[1] / "logs"
    code, out, _ = run(capsys, "verify", str(logs / "clean_base.log"), "--stats")
    assert code == 0 and "No rule violations" in out and "exact Poisson-binomial" in out
    code, out, _ = run(capsys, "verify", str(logs / "bad_siege_score.log"))
    assert code == 1 and "line 5: fight total 5" in out and "(rule siege.fight: " in out
    code, out, _ = run(capsys, "verify", str(logs / "malformed.log"))
    assert code == 1 and "line 3: roll='nine'" in out  # reported; the other lines replayed
    code, out, _ = run(capsys, "verify", str(logs / "clean_mc.log"), "--readings")
    assert code == 0 and "two_traitor_flip: 3: consistent; 4: consistent" in out


def test_travel_captured_held_stays_out_of_the_reshuffle(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """JA Captured!: a card under a figure stays out of the reshuffle (issue 12 leftover)."""
    from camelot_rules.data.decks import Deck
    from camelot_rules.front.parsing import parse_counts
    from camelot_rules.odds.travel import remaining_travel_deck, trips_distribution

    seen = (
        "captured, vision, nothing_happens, nothing_happens, nothing_happens, merlin_travels, "
        "merlin_travels, merlin_travels, vision, charged, charged, lost, lost, ambushed"
    )
    left = remaining_travel_deck(Deck(parse_counts(seen)))
    held = trips_distribution(left, 3, captured_held=1).captures
    free = trips_distribution(left, 3).captures
    # by hand: trips 1-2 draw the two cards left (captured, ambushed): one capture; trip 3
    # draws from the reshuffle: 16 cards with 2 Captured! (1/8), or 15 with 1 when one
    # stays under a figure (1/15). So P(exactly one) = 7/8, or 14/15.
    assert held[1] == Fraction(14, 15) and free[1] == Fraction(7, 8)
    code, out, _ = run(capsys, "travel", "--seen", seen, "--trips", "3", "--captured-held", "1")
    assert code == 0 and "14/15" in out
    code, _, err = run(capsys, "travel", "--captured-held", "-1")
    assert code == 2 and "--captured-held" in err


def test_every_answer_opens_with_a_verdict_and_exact_prints_long_fractions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # issue 18: one plain sentence first; --exact anywhere on the line prints fractions whole
    code, out, _ = run(capsys, "siege", "3", "4")
    assert code == 0 and out.splitlines()[0] == "Play 3 + 4: you win this fight 75.0% (3 in 4)."
    code, out, _ = run(capsys, "travel", "--trips", "6")
    assert code == 0 and out.startswith("Within 6 trips you are captured at least once: ")
    code, out, _ = run(capsys, "siege", "--dealt")
    assert code == 0 and "1371/4648" in out and "e-" not in out
    long_row = next(line for line in out.splitlines() if line.startswith("12 "))
    assert "/" not in long_row  # 18-digit fractions are left out for players ...
    code, out, _ = run(capsys, "siege", "--dealt", "--exact")
    exact_row = next(line for line in out.splitlines() if line.startswith("12 "))
    assert code == 0 and "/" in exact_row  # ... and printed whole on demand


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"camelot-rules {version('camelot-rules')}"


def test_a_combat_hand_without_a_schedule_is_refused_not_ignored(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """quest.combat-end (RB p.14): the hand matters only with the steps to come; without
    --schedule the answer would silently be the one for no hand at all."""
    code, out, err = run(
        capsys, "quest", "combat", "black-knight", "--whites", "4", "--hand", "5", "3"
    )
    assert code == 2 and out == ""
    assert "--hand 5 3: say with --schedule when the knights lay those cards" in err
    code, out, _ = run(
        capsys,
        "quest",
        "combat",
        "black-knight",
        "--whites",
        "4",
        "--hand",
        "5",
        "3",
        "--schedule",
        "wbw",
    )
    assert code == 0 and "hand 5 3" in out and "lay?, black, lay?" in out


def test_cli_answers_open_with_a_sentence_and_fold_the_model(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """quest next and quest war: the first line is a sentence (no formula), the model lines
    come under "What this assumes:"."""
    for argv in (
        ["quest", "next", "black-knight", "--whites", "4", "5", "--hand", "5", "3"],
        ["quest", "war", "picts", "--hand", "3", "4", "--actions", "3"],
    ):
        code, out, _ = run(capsys, *argv)
        first = out.splitlines()[0]
        assert code == 0 and first.endswith(".") and "P(" not in first and " = " not in first
        assert "\nWhat this assumes:\n  - model: " in out


def test_deck_cites_the_rulebook_for_both_decks_in_the_base_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """RB p.10: a base game rebuilds both decks; the answer cites the rulebook there (JA in
    Merlin's Company, whose translation says the same)."""
    code, out, _ = run(capsys, "deck", "black")
    assert code == 0 and "rebuilt together with this one (RB p.10)" in out
    code, out, _ = run(capsys, "deck", "black", "--expansion")
    assert code == 0 and "rebuilt together with this one (JA)" in out
