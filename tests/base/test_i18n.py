"""Translations: complete catalogs, placeholders kept, the CLI in three languages."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from camelot_rules.base.i18n import (
    LOCALE_DIR,
    environment_language,
    get_language,
    gettext,
    set_language,
)
from camelot_rules.data.registry import RULES, statement
from camelot_rules.front import cli

POT = LOCALE_DIR / "camelot_rules.pot"
FIELD = re.compile(r"\{[^{}]*\}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def _back_to_the_environments_language() -> object:
    # cli.main(["--lang", ...]) chooses the language for the rest of the process (a CLI run ends
    # there); the tests here put it back so later tests read English
    yield
    set_language(None)


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "camelot_rules.po").open("rb") as fh:
        return read_po(fh, locale=lang)


def _template_ids() -> set[str]:
    with POT.open("rb") as fh:
        return {m.id for m in read_po(fh) if m.id}


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_every_message_is_translated_not_fuzzy_with_the_same_placeholders(lang: str) -> None:
    catalog = _catalog(lang)
    ids = {m.id for m in catalog if m.id}
    assert ids == _template_ids(), "run `make locale` and translate the new entries"
    for m in catalog:
        if not m.id:
            continue
        assert m.string, f"{lang}: untranslated {m.id!r}"
        assert not m.fuzzy, f"{lang}: fuzzy {m.id!r}"
        assert sorted(FIELD.findall(m.id)) == sorted(FIELD.findall(m.string)), m.id
    if lang == "ja":
        assert all(JAPANESE.search(m.string) for m in catalog if m.id and len(m.id) > 20)


def test_every_rule_statement_is_in_the_template() -> None:
    # an independent route to the extraction: the registry itself
    assert {r.statement for r in RULES} <= _template_ids()


def test_rule_statements_are_shown_in_the_language_asked() -> None:
    english = next(r for r in RULES if r.id == "siege.fight").statement
    assert statement("siege.fight", "en") == english
    assert "カタパルト" in statement("siege.fight", "ja")
    assert "Máquina de Asedio" in statement("siege.fight", "es")


def test_the_language_comes_from_the_choice_then_the_environment() -> None:
    assert environment_language({"LANG": "es_ES.UTF-8"}) == "es"
    assert environment_language({"LC_MESSAGES": "ja_JP", "LANG": "es_ES"}) == "ja"
    assert environment_language({"LANG": "fr_FR.UTF-8"}) is None
    try:
        assert set_language("ja") == "ja" == get_language()
        assert gettext("P(win) = {p}") == "勝率 = {p}"
    finally:
        set_language(None)
    with pytest.raises(ValueError, match="'fr'"):
        set_language("fr")


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "argv",
    [["siege", "3", "4"], ["draw", "white", "2", "grail"], ["travel", "--seen", "captured"]],
)
def test_the_cli_answers_in_japanese_and_spanish_with_the_same_numbers(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _, en, _ = _run(argv, capsys)
    _, ja, _ = _run(["--lang", "ja", *argv], capsys)
    _, es, _ = _run(["--lang", "es", *argv], capsys)
    assert JAPANESE.search(ja) and not JAPANESE.search(en)
    fractions = re.compile(r"\b\d+/\d+\b")
    assert fractions.findall(en) == fractions.findall(ja) == fractions.findall(es)


def test_the_cli_reads_japanese_and_spanish_card_names(capsys: pytest.CaptureFixture[str]) -> None:
    _, en, _ = _run(["draw", "white", "2", "grail"], capsys)
    _, ja, _ = _run(["--lang", "ja", "draw", "white", "2", "聖杯カード"], capsys)
    _, es, _ = _run(["--lang", "es", "draw", "white", "2", "Grial"], capsys)
    assert "447/1162" in en and "447/1162" in ja and "447/1162" in es


def test_a_witch_without_expansion_is_an_error_in_the_readers_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = _run(["draw", "black", "5", "morgan_witch_1"], capsys)
    assert code == 2 and "--expansion" in err
    code, _, err = _run(["--lang", "ja", "draw", "black", "5", "第1の魔女"], capsys)
    assert code == 2 and "マーリンの騎士団" in err and "--expansion" in err
    code, _, err = _run(["--lang", "es", "draw", "black", "5", "captued"], capsys)
    assert code == 2 and "¿quisiste decir 'captured'" in err


def test_help_is_translated_and_lang_comes_from_the_environment() -> None:
    exe = [sys.executable, "-m", "camelot_rules.front.cli"]
    env = {"LANG": "ja_JP.UTF-8", "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [*exe, "siege", "--help"], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert "エクスカリバーで+1" in out
    out = subprocess.run(
        [*exe, "--lang", "es", "siege", "3"], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert "P(ganar)" in out


def test_the_catalogs_are_found_without_compiled_files() -> None:
    # no .mo is committed: the package compiles the .po in memory
    assert Path(LOCALE_DIR / "ja" / "LC_MESSAGES" / "camelot_rules.po").is_file()
    assert gettext("captures", "es") == "capturas"


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_the_translated_rules_coverage_pages_are_current(lang: str) -> None:
    from camelot_rules.data.registry import coverage_markdown

    page = Path(__file__).resolve().parents[2] / "docs" / f"rules-coverage.{lang}.md"
    assert page.read_text(encoding="utf-8") == coverage_markdown(lang), (
        f"docs/rules-coverage.{lang}.md is stale: run "
        f"`python -m camelot_rules.data.registry --write "
        f"docs/rules-coverage.{lang}.md {lang}`"
    )


def test_every_coverage_page_quotes_the_seeds_whole_sentence() -> None:
    """Beside the project's statement, the seed's own sentence (not a few words of it), on the
    English page as on the translated ones (issue 33)."""
    from camelot_rules.data.registry import coverage_markdown

    witch = "JA 1st Witch（第1の魔女）: «ただちに白デッキと黒デッキの山札を作り直します。»"
    for lang in ("en", "ja", "es"):
        page = coverage_markdown(lang)
        assert witch in page
        assert "ES p. 16: «Acusar obliga al acusado a revelar inmediatamente" in page


@pytest.mark.parametrize(
    "argv",
    [
        ["siege", "3", "4"],
        ["siege", "--hand", "5", "4", "2"],
        ["siege", "--turn", "5", "4", "3"],
        ["travel", "--trips", "3"],
        ["deck", "white", "--cards", "grail"],
    ],
)
def test_every_answer_opens_with_a_verdict_in_the_readers_language(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # the verdict sentence is translated, and it carries the same numbers as the English one
    _, en, _ = _run(argv, capsys)
    _, ja, _ = _run(["--lang", "ja", *argv], capsys)
    _, es, _ = _run(["--lang", "es", *argv], capsys)
    first = [text.splitlines()[0] for text in (en, ja, es)]
    assert JAPANESE.search(first[1]) and not JAPANESE.search(first[0])
    assert first[2] != first[0] and not JAPANESE.search(first[2])
    numbers = re.compile(r"\d+(?:[./]\d+)*%?")
    assert numbers.findall(first[0]) == numbers.findall(first[2])
    # Japanese says "N in M" as "M回にN回" (the odds' two swapped) and "at least once" as
    # "少なくとも1回": every English number is there, nothing else but that 1
    english, japanese = Counter(numbers.findall(first[0])), Counter(numbers.findall(first[1]))
    assert not english - japanese and set(japanese - english) <= {"1"}


def test_the_verdict_words_of_the_display_are_translated() -> None:
    from fractions import Fraction

    from camelot_rules.front.display import (
        capture_verdict,
        fmt_chance,
        html_assumes,
        html_error,
        siege_verdict,
        text_answer,
    )

    try:
        set_language("ja")
        assert fmt_chance(Fraction(3, 4)) == "75.0%（4回に3回）"
        assert fmt_chance(Fraction(1, 20)) == "5.0%（20回に1回）"
        assert fmt_chance(1) == "確実"
        assert siege_verdict((5, 4), Fraction(1)) == "5 + 4を出す：負けることはありません。"
        assert "この答えの前提" in html_assumes(["x"]) and "この答えの前提：" in text_answer(
            "v", "", ["x"]
        )
        assert "計算できません" in html_error("x")
        set_language("es")
        assert fmt_chance(Fraction(2, 15)) == "13.3% (alrededor de 1 de cada 8)"
        assert capture_verdict(Fraction(1, 2), 6) == (
            "En 6 viajes te capturan al menos una vez: 50.0% (1 de cada 2)."
        )
        assert "Sir Kay guarda el resto" in siege_verdict((4,), Fraction(1), kay=True)
    finally:
        set_language(None)
    assert fmt_chance(Fraction(3, 4)) == "75.0% (3 in 4)"  # English again


def test_the_dashboards_language_selector_rerenders_every_answer() -> None:
    import ipywidgets as W

    from widgets import (
        build_exhaustion_widget,
        build_playlog_widget,
        build_siege_widget,
        build_travel_widget,
    )
    from widgets.app import language_selector, tab_titles

    siege = build_siege_widget({5: 1, 4: 1, 3: 1})
    travel = build_travel_widget()
    decks = build_exhaustion_widget()
    playlog = build_playlog_widget()  # no log yet: it must stay blank, not turn into an error
    shown = [siege, travel, decks, playlog]
    tab = W.Tab(children=shown, titles=tab_titles()[1:4] + tab_titles()[5:])
    english = [w.text for w in shown]
    choice = language_selector(shown, tab)
    try:
        assert choice.value == "en" and [label for label, _ in choice.options][1] == "日本語"
        choice.value = "ja"
        assert tab.titles[0] == "ゲーム記録" and tab.titles[1] == "カタパルト戦"
        fractions = re.compile(r"(?<![\d/])\d+/\d+(?![\d/])")  # Japanese has no \b before a digit
        for before, widget in zip(english[:3], shown[:3]):
            first = widget.text.splitlines()[0]
            assert JAPANESE.search(first), first
            # the same exact numbers: only the words changed
            assert fractions.findall(widget.text) == fractions.findall(before)
        assert playlog.text == "" and playlog.result.value == ""
        choice.value = "es"
        assert siege.text.startswith("Juega ") and tab.titles[1] == "Luchas de asedio"
        choice.value = "en"
        assert [w.text for w in shown] == english  # back to the very same English answers
        opened_in_spanish = language_selector([siege], value="es")
        assert opened_in_spanish.value == "es" == get_language() and siege.text.startswith("Juega")
    finally:
        set_language(None)


# 447/1162, 38.5%, 11.38 (a sentence may end right after one: "... 50.5%.")
NUMBER = re.compile(r"(?<![\d/.])\d+(?:[/.]\d+)+%?(?![\d/]|\.\d)")


def _printed_numbers(path: Path) -> list[str]:
    import json

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found: list[str] = []
    for cell in cells:
        for out in cell.get("outputs", []):
            text = out.get("text") or out.get("data", {}).get("text/plain", "")
            found += NUMBER.findall("".join(text))
    return found


@pytest.mark.parametrize("name", ["00_start_here", "08_teaching_the_expansion"])
@pytest.mark.parametrize("lang", ["ja", "es"])
def test_a_translated_notebook_prints_the_english_notebooks_numbers(name: str, lang: str) -> None:
    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    translated = notebooks / f"{name}.{lang}.ipynb"
    if not translated.exists():
        pytest.skip(f"{translated.name} is not written yet")
    english = _printed_numbers(notebooks / f"{name}.ipynb")
    assert len(english) > 5
    assert _printed_numbers(translated) == english
    text = translated.read_text(encoding="utf-8")
    assert f'set_language(\\"{lang}\\")' in text  # the library speaks the notebook's language


def test_the_cli_language_does_not_leak_into_the_caller(capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang`` holds for one call of ``main``: a library user (or the web page, or a test
    that runs the CLI in-process) keeps the language it had."""
    from camelot_rules.base.i18n import get_language, set_language
    from camelot_rules.front.cli import main

    set_language("es")
    try:
        assert main(["--lang", "ja", "siege", "3", "4"]) == 0
        assert "75.0%" in capsys.readouterr().out
        assert get_language() == "es"
    finally:
        set_language(None)


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_every_decision_the_engine_asks_for_is_a_catalog_message(lang: str) -> None:
    """The engine's notes say what a seat must decide in English (``describe_task``); the board
    shows each in the reader's language, so each is in the catalog, translated."""
    from camelot_rules.engine.kinds import Decision
    from camelot_rules.engine.tasks import TASKS, describe_task

    kinds = [name for name, kind in TASKS.items() if isinstance(kind, Decision) and kind.text]
    assert len(kinds) >= 18
    translated = {m.id: m.string for m in _catalog(lang) if m.id}
    for kind in kinds:
        english = describe_task((kind,))
        assert translated.get(english), f"{lang}: {english!r} is not translated"
        assert gettext(english, lang) == translated[english] != english


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_babel_finds_nothing_wrong_in_the_catalog(lang: str) -> None:
    """What `make locale` (pybabel compile) checks: e.g. a "95% interval" in a message reads as
    a C format ("% i") whose translation lacks it - the compile step then fails."""
    from babel.messages.pofile import read_po

    from camelot_rules.base.i18n import LOCALE_DIR

    path = LOCALE_DIR / lang / "LC_MESSAGES" / "camelot_rules.po"
    with path.open("rb") as fh:
        catalog = read_po(fh, locale=lang)
    problems = [(message.id, [str(e) for e in errors]) for message, errors in catalog.check()]
    assert problems == []


def test_the_dashboards_introduction_follows_the_language() -> None:
    """The introduction and its fold's title ("About this page") follow the selector."""
    from widgets.app import INTRO, INTRO_TITLE, intro, language_selector

    about = intro()
    choice = language_selector([about])
    try:
        choice.value = "ja"
        assert gettext(INTRO, "ja") in about.value and JAPANESE.search(about.value)
        assert f"<summary>{gettext(INTRO_TITLE, 'ja')}</summary>" in about.value
        choice.value = "es"
        assert "<div>Probabilidades exactas" in about.value
    finally:
        choice.value = "en"
    assert "<summary>About this page</summary><div>Exact odds for <i>Shadows" in about.value
