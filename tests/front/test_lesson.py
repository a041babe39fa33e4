"""The lesson's tables and handout (camelot_rules.front.lesson): the same numbers in every
language, words from the catalogs, the handout one printable page whose numbers are the
library's."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from camelot_rules.base.i18n import language
from camelot_rules.front import lesson
from camelot_rules.front.display import fmt_prob
from camelot_rules.odds.expansion import loyalty_deal, travel_move
from camelot_rules.sim.expansion import BoxPlay, box_play

NUMBERS = re.compile(r"\d+(?:[/.]\d+)*")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
TABLES: list[Callable[[], str]] = [
    lesson.assumptions_table,
    lesson.box_table,
    lesson.travel_table,
    lesson.travel_hands_table,
    lesson.captured_table,
    lesson.merlin_table,
    lesson.witches_table,
    lesson.specials_table,
    lesson.finished_table,
    lesson.traitors_table,
]


@pytest.fixture(scope="module")
def runs() -> tuple[BoxPlay, BoxPlay]:
    return (
        box_play(players=4, expansion=False, games=3, seed=5),
        box_play(players=4, expansion=True, games=3, seed=5),
    )


def _numbers(text: str) -> list[str]:
    # the numbers, without the ordinals and counts that are words in another language
    return sorted(n for n in NUMBERS.findall(text) if "/" in n or "." in n)


@pytest.mark.parametrize("table", TABLES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("lang", ["ja", "es"])
def test_every_table_says_the_same_numbers_in_every_language(
    table: Callable[[], str], lang: str
) -> None:
    with language("en"):
        english = table()
    with language(lang):
        translated = table()
    assert _numbers(translated) == _numbers(english)
    if lang == "ja":
        assert JAPANESE.search(translated)
    else:
        assert translated != english


def test_the_play_table_names_the_policy_and_the_same_numbers(
    runs: tuple[BoxPlay, BoxPlay],
) -> None:
    base, mc = runs
    with language("en"):
        english = lesson.play_table(base, mc)
    assert "LoyalHeuristic" in english and "TraitorHeuristic" in english
    with language("ja"):
        assert _numbers(lesson.play_table(base, mc)) == _numbers(english)


def test_the_travel_card_names_keep_their_english_in_japanese() -> None:
    with language("ja"):
        assert lesson.card_name("charged") == "突撃！(Charged!)"
        assert lesson.card_name("tournament") == "試合"
    with language("es"):
        assert lesson.card_name("charged") == "¡Carga!"


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_the_handout_is_one_page_of_nine_changes_with_the_librarys_numbers(
    lang: str, runs: tuple[BoxPlay, BoxPlay]
) -> None:
    page = lesson.handout_html(runs=runs, lang=lang)
    assert f'<html lang="{lang}">' in page and "@page" in page
    assert page.count("<tr>") == 1 + 9  # the header, then one row per change
    with language(lang):
        assert fmt_prob(travel_move().spoiled) in page
        assert fmt_prob(loyalty_deal(8)[2]) in page
    assert "http" not in page  # nothing to fetch: it prints offline


def test_the_handout_in_a_notebook_shows_the_page_and_its_numbers(
    runs: tuple[BoxPlay, BoxPlay],
) -> None:
    shown = lesson.Handout(*runs, lang="es")._repr_mimebundle_()
    assert shown["text/html"].startswith("<iframe srcdoc=")
    assert "Viaje" in shown["text/plain"]


def test_the_handout_command_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "handout.ja.html"
    assert lesson.main(["--lang", "ja", "--games", "1", "-o", str(out)]) == 0
    assert '<html lang="ja">' in out.read_text(encoding="utf-8")
