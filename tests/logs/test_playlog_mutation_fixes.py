"""Regressions for the verifier bugs found by the mutation operators of
``tests/playlog_mutations_cards.py`` (issue 37) and ``tests/playlog_mutations_more.py``: each
test is a small change to an engine game's log that breaks one rule, and the line where the
verifier must now flag it, with the rule it must name."""

from __future__ import annotations

import re

import pytest

from camelot_rules.logs.playlog import verify_text
from tests.playlog_games import game_log


def _lines(kind: str, i: int, expansion: bool) -> list[str]:
    return game_log(kind, i, expansion).splitlines()


def _flagged(lines: list[str]) -> dict[int, str]:
    return {v.line: v.rule_id for v in verify_text("\n".join(lines) + "\n").violations}


def _last_takes(lines: list[str]) -> list[int]:
    """The index of the last line of each share by agreement."""
    return [
        i
        for i, line in enumerate(lines)
        if "for=share" in line and (i + 1 == len(lines) or "for=share" not in lines[i + 1])
    ]


def test_a_shared_card_left_untaken_in_a_complete_log_is_flagged() -> None:
    """The cards shared by agreement lie face up and are all taken (RB p.8, BoQ p.4, p.14):
    a complete log writes every take. Its last take left out leaves a card nobody took, which
    the verifier read as taken unseen until this fix. The opening share of heuristic game 0:
    the next line is flagged (``turn.pending``: the share waits for its last take)."""
    lines = _lines("heuristic", 0, False)
    assert "complete=yes" in lines[0]
    i = _last_takes(lines)[0]
    assert lines[i + 1].startswith("turn ")  # (the opening share, right before the first turn)
    assert _flagged(lines) == {}
    cut = lines[:i] + lines[i + 1 :]
    assert _flagged(cut).get(i + 1) == "turn.pending"


def test_a_share_left_unwritten_in_an_older_log_is_still_read() -> None:
    """A log that does not say it is complete may leave the takes out (logs written before the
    shares by agreement): a take not written stays a card taken unseen, as before."""
    lines = _lines("heuristic", 0, False)
    older = [lines[0].replace(" complete=yes", "")] + [
        ln for ln in lines[1:] if "for=share" not in ln
    ]
    assert _flagged(older) == {}


def _fight_without_cards() -> tuple[list[str], int]:
    """A random 4-player game under the reading ``siege_without_fight=True`` (seed 6: a siege
    fight with no Fight card), written as a log, and the index of that fight's line."""
    import random

    from camelot_rules.engine import new_game, play_random
    from camelot_rules.logs.writer import write_log

    end = play_random(new_game(4, seed=6, siege_without_fight=True), random.Random(6))
    lines = write_log(end).splitlines()
    i = next(i for i, line in enumerate(lines) if " cards= " in line)
    return lines, i


def test_a_siege_fight_without_cards_is_read_under_its_reading() -> None:
    """RB p.13's "as many Fight cards as desired" read as allowing none
    (``siege_without_fight=yes``): the writer writes such a fight ``cards=`` (empty), which the
    parser refused as "'' is not a Fight value" until this fix - the engine's own game could
    not be verified."""
    lines, i = _fight_without_cards()
    assert "siege_without_fight=yes" in lines[0]
    assert re.match(r"siege \S+ cards= roll=\d lost", lines[i])
    report = verify_text("\n".join(lines) + "\n")
    assert report.errors == [] and report.violations == []


def test_a_siege_fight_without_cards_breaks_the_default_reading() -> None:
    """The same log under the default reading (at least one Fight card, RB p.13, BoQ p.14) is
    flagged on the fight's line, with the rule that forbids it."""
    lines, i = _fight_without_cards()
    default = [lines[0].replace(" siege_without_fight=yes", ""), *lines[1:]]
    assert _flagged(default).get(i + 1) == "siege.fight-without-cards"


# --- the rule named (the rule the table misapplied, not only the count it got wrong) ----------
def _merlin_on_finished_excalibur(lines: list[str]) -> int:
    """The first line drawing Excalibur's black card once that quest is over, Merlin's figure
    standing on it."""
    over = next(i for i, line in enumerate(lines) if line.startswith("quest excalibur "))
    for i in range(over, len(lines)):
        merlin = [line for line in lines[:i] if line.startswith("merlin ")]
        if lines[i] == "draw black excalibur" and merlin[-1] == "merlin excalibur":
            return i
    raise AssertionError("no site")  # pragma: no cover


def test_an_engine_added_while_merlin_stands_on_the_finished_quest_is_named() -> None:
    """deck.merlin-blocks-engine (JA Merlin to the Rescue): Merlin on a finished quest stops
    its black cards adding engines. Heuristic game 2 of Merlin's Company draws Excalibur's card
    with the quest over and Merlin on it: no engine, no ``engines`` line. One written there,
    one more than the count before (the table added the engine), was named ``evil.engine``
    until this fix; left out after a finished quest's card drawn without Merlin, it names
    ``deck.finished-quest-cards`` (JA: the card then leaves the game)."""
    lines = _lines("heuristic", 2, True)
    i = _merlin_on_finished_excalibur(lines)
    n = int([line for line in lines[:i] if line.startswith("engines ")][-1].split()[1])
    assert not lines[i + 1].startswith("engines ")  # (the count is unchanged)
    assert _flagged(lines) == {}
    added = [*lines[: i + 1], f"engines {n + 1}", *lines[i + 1 :]]
    assert _flagged(added).get(i + 2) == "deck.merlin-blocks-engine"
    assert _flagged([*lines[: i + 1], f"engines {n + 2}", *lines[i + 1 :]]).get(i + 2) == (
        "evil.engine"  # (two more is no reading of the card: the count)
    )
    heuristic = _lines("heuristic", 0, True)  # (Merlin stands elsewhere: an engine each)
    over = next(k for k, line in enumerate(heuristic) if line.startswith("quest excalibur "))
    j = heuristic.index("draw black excalibur", over)
    assert re.match(r"engines \d+$", heuristic[j + 1])
    m = int(heuristic[j + 1].split()[1])
    left_out = [*heuristic[: j + 1], f"engines {m - 1}", *heuristic[j + 2 :]]
    assert _flagged(left_out).get(j + 2) == "deck.finished-quest-cards"


def test_a_card_drawn_past_a_special_cards_draw_names_the_card() -> None:
    """white.expansion-specials (JA New Hope: as many cards as it discards, itself included)
    and white.reinforcements (BoQ p.15: 4 for oneself): a white card drawn past the draws a
    special card calls for breaks that card's rule, not the Round Table's
    (``camelot.draw-white``, named until this fix); a card past the Round Table's 2 still names
    the Round Table."""
    cases = [
        (_lines("steered", 0, True), r"play \S+ new_hope$", "white.expansion-specials"),
        (_lines("heuristic", 2, False), r"play \S+ reinforcements self$", "white.reinforcements"),
        (
            _lines("heuristic", 0, False),
            r"draw white \S+ \S+ for=round_table$",
            "camelot.draw-white",
        ),
    ]
    for lines, pattern, rule_id in cases:
        i = next(i for i, line in enumerate(lines) if re.match(pattern, line))
        j = i if "draw white" in lines[i] else i + 1
        assert re.match(r"draw white \S+", lines[j]) and _flagged(lines) == {}
        card = lines[j].split()[2]
        more = [*lines[:j], lines[j].replace(" for=", f" {card} for=", 1), *lines[j + 1 :]]
        assert _flagged(more).get(j + 1) == rule_id


@pytest.mark.parametrize(
    ("kind", "i", "war", "left_out"),
    [
        ("steered", 0, "picts", ["swords white=0 black=2", "engines 7"]),
        ("heuristic", 33, "saxons", []),  # (the table could cancel her: it is asked first)
    ],
)
def test_a_war_the_third_witch_ends_left_out_names_her(
    kind: str, i: int, war: str, left_out: list[str]
) -> None:
    """witch.third (JA witches, 3rd: a Pict warrior, then a Saxon; "this may make the quest
    fail"): in these games of Merlin's Company her warrior is the war's fourth. The war's end
    left out (with the swords and engines it adds) is owed at the next turn line, reported as
    ``quest.end`` until this fix, now with her rule - also when the knights held three Merlin
    cards, so that her effect waited for their answer (a later engine step than her draw)."""
    lines = _lines(kind, i, True)
    w = lines.index("draw black morgan_witch_3")
    assert lines[w + 1].startswith(f"quest {war} lost ")
    assert lines[w + 2 : w + 2 + len(left_out)] == left_out
    cut = lines[: w + 1] + lines[w + 2 + len(left_out) :]
    turn = next(k for k in range(w + 1, len(cut)) if cut[k].startswith("turn "))
    assert _flagged(lines) == {}
    assert _flagged(cut).get(turn + 1) == "witch.third"
