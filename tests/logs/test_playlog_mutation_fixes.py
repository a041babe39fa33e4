"""Regressions for the verifier bugs found by the mutation operators of
``tests/playlog_mutations_cards.py`` (issue 37): each test is a small change to an engine game's
log that breaks one rule, and the line where the verifier must now flag it."""

from __future__ import annotations

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
