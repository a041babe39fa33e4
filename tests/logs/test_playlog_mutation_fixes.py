"""Regressions for the verifier bugs found by the mutation operators of
``tests/playlog_mutations_cards.py`` (issue 37): each test is a small change to an engine game's
log that breaks one rule, and the line where the verifier must now flag it."""

from __future__ import annotations

import re

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
