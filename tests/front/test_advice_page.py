""" "Where should I go?" from a play log on the web page and in its links (issue 30): the
``advise`` page answers the exact one-turn quest odds (``--where``) for the knight deciding at
the end of a pasted log, its links carry the log's text and always ``where=1``, the actions and
quests are named in the player's language, and a log that does not stop at a heroic decision is
refused with a message naming the line and the knight."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from urllib.parse import quote

import pytest

from camelot_rules.base.i18n import language, set_language
from camelot_rules.engine import actions as A
from camelot_rules.front import links, web
from camelot_rules.front.advice import (
    advice_from_log,
    at_heroic_decision,
    choice_label,
    where_to_go,
)
from camelot_rules.front.cli import answer_link
from camelot_rules.odds.quests import TurnChoice, turn_choices
from camelot_rules.sim.logged import logged_position

ROOT = Path(__file__).resolve().parents[2]
# Gawain's turn, his evil step done (a black card), his heroic action to choose
BASE = (ROOT / "tests" / "logs" / "where_gawain.log").read_text()
HAND = "fight_3,fight_4,grail"


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language(None)


def _link(text: str, extra: str = f"&hand={HAND}") -> str:
    return f"#advise?text={quote(text, safe=',:/')}&where=1{extra}"


def fraction_cell(cell: str) -> Fraction:
    """``"858/14185871 (<0.1%)"`` -> the fraction (the page's cell, read back; the browser
    tests read the page's cells with it too)."""
    return Fraction(cell.split(" (")[0])


@pytest.mark.parametrize(
    ("move", "quest", "lang", "shown"),
    [
        (A.Move("picts"), "picts", "en", "move to Pict War"),
        (A.Move("picts"), "picts", "es", "ir a Guerra contra los Pictos"),
        (A.Move("black_knight"), "black_knight", "ja", "黒騎士へ移動する"),
        (A.PlayFight("dragon", 4), "dragon", "en", "play Fight 4 on Dragon"),
        (A.PlayGrail(), "grail", "ja", "聖杯カードを出す"),
        (A.PlayFight("saxons", 4, wild=True), "saxons", "en", "play Fight ? as 4 on Saxon War"),
        (A.DiscardForExcalibur("fight_1"), "excalibur", "es", "descartar una carta para mover"),
        (None, "grail", "ja", "something new"),  # no engine action: its text as it is
    ],
)
def test_each_action_is_named_in_the_players_language(
    move: A.Action | None, quest: str, lang: str, shown: str
) -> None:
    label = (
        "something new"
        if move is None
        else "discard a card for Excalibur"
        if quest == "excalibur"
        else str(move)
    )
    with language(lang):
        choice = TurnChoice(label, quest, Fraction(0), Fraction(0), move)
        assert choice_label(choice).startswith(shown)


def test_the_page_answers_the_exact_odds_of_turn_choices() -> None:
    result = web.answer(_link(BASE))
    assert result["code"] == 0
    tables = [b for b in result["blocks"] if b["kind"] == "table"]
    assert len(tables) == 1
    rows = tables[0]["rows"]
    # the same position read in Python, its chances from the calculator itself
    hand = {"fight_3": 1, "fight_4": 1, "grail": 1}
    state = logged_position(BASE, hand=hand).state
    assert at_heroic_decision(state)
    choices = turn_choices(state)
    assert [(fraction_cell(r[1]), fraction_cell(r[2])) for r in rows] == [
        (c.p_win_now, c.p_lost_soon) for c in choices
    ]
    assert [r[0] for r in rows] == [choice_label(c) for c in choices]
    # the one quest nothing threatens before Gawain's next turn: the Grail (7 Despair to lose)
    assert ["move to Holy Grail", "0 (0.0%)", "0 (0.0%)"] in rows
    assert result["blocks"][0] == {
        "kind": "verdict",
        "text": "the play log, line 11: Sir Gawain's turn (his heroic action)",
    }
    # what the log reading assumed is folded under the page's notes
    assert result["blocks"][-1]["kind"] == "notes"
    assert result["blocks"][-1]["lines"][0].startswith("Read from the log, assumed: ")


def test_the_page_speaks_the_language_of_the_link() -> None:
    code, text = answer_link(_link(BASE, f"&hand={HAND}&lang=ja"))
    assert code == 0
    assert text.startswith("プレイ記録、11 行目")  # the log's file is never named
    assert "どこへ行くべきか" in text and "ランスロットへ移動する" in text
    with language("ja"):
        table = where_to_go(logged_position(BASE, hand={"fight_3": 1}).state)
    assert table.splitlines()[-1] in text


def test_a_log_not_at_a_heroic_decision_names_the_line_and_the_knight() -> None:
    before = "".join(BASE.splitlines(True)[:9])  # "turn gawain": his evil step to come
    code, text = answer_link(_link(before))
    assert code == 2
    assert text.startswith("line 9: Sir Gawain is not choosing a heroic action there")
    code, text = answer_link(_link(before, f"&hand={HAND}&lang=es"))
    assert code == 2 and "línea 9: Sir Gawain no está eligiendo" in text
    assert "state:" not in text  # the calculator's own wording stays out of the player's way


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ("", "hand"),  # Gawain's hand is neither in the log nor given
        (f"&hand={HAND}&line=99", "line"),
        (f"&hand={HAND}&sizes=5,6", "sizes"),
    ],
)
def test_a_refused_question_names_its_field(extra: str, field: str) -> None:
    result = web.answer(_link(BASE, extra))
    assert result["code"] == 2
    assert result["fields"] == [field], result["blocks"]


def test_advise_links_always_ask_where_should_i_go(tmp_path: Path) -> None:
    assert links.page_fields("advise") == (
        "text",
        "hand",
        "line",
        "sizes",
        "no-traitor",
        "where",
        "lang",
    )
    # no timed search from a link: its answer would depend on the device
    link = f"#advise?text={quote(BASE)}&hand={HAND}"
    code, text = answer_link(link)
    assert (code, text) == (2, "advise: where=1 is needed (the page answers only that)")
    assert answer_link(link + "&where=1&seconds=1")[0] == 2  # not a setting of the page
    log = tmp_path / "game.log"
    log.write_text(BASE, encoding="utf-8")
    made = links.link_from_argv(["advise", str(log), "--where", "--hand", HAND])
    assert links.parse_link(made) == ("advise", {"text": BASE, "hand": HAND, "where": "1"})
    assert answer_link(made) == answer_link(_link(BASE))
    with pytest.raises(ValueError, match="only with --where"):
        links.link_from_argv(["advise", str(log), "--hand", HAND])


def test_the_cli_prints_the_advise_pages_permalink(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from camelot_rules.front.cli import main

    log = tmp_path / "game.log"
    log.write_text(BASE, encoding="utf-8")
    assert main(["advise", str(log), "--where", "--hand", HAND, "--link"]) == 0
    url = capsys.readouterr().out.rstrip().splitlines()[-1]
    assert url.startswith("permalink: http") and "#advise?text=%23%20The%20start" in url
    assert url.endswith(f"&hand={HAND}&where=1")


def test_what_now_names_each_ranked_action_in_the_players_language() -> None:
    """The advisor's ranked lines name the actions as the dashboard does (front.steps), and
    the deciding knight by his printed name, not the engine's English and ids."""
    hand = {"fight_3": 1, "fight_4": 1, "grail": 1}
    with language("ja"):
        text = advice_from_log(BASE, hand=hand, seconds=60, max_worlds=4)
    ranked = [line for line in text.splitlines() if line[:2] in {f"{k}." for k in range(1, 8)}]
    assert len(ranked) == 7 and any("黒騎士へ移動する" in line for line in ranked)
    assert not any("move to" in line or "draw white" in line for line in ranked), ranked
    assert "（ガウェイン卿）" in text and "(gawain)" not in text
