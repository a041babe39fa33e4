"""Translations: complete catalogs, placeholders kept, the CLI in three languages."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from camelot_rules import cli
from camelot_rules.i18n import (
    LOCALE_DIR,
    environment_language,
    get_language,
    gettext,
    set_language,
)
from camelot_rules.rules import RULES, statement

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
    exe = [sys.executable, "-m", "camelot_rules.cli"]
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
    from camelot_rules.rules import coverage_markdown

    page = Path(__file__).resolve().parents[1] / "docs" / f"rules-coverage.{lang}.md"
    assert page.read_text(encoding="utf-8") == coverage_markdown(lang), (
        f"docs/rules-coverage.{lang}.md is stale: run `python -m camelot_rules.rules --write "
        f"docs/rules-coverage.{lang}.md {lang}`"
    )


def test_the_english_coverage_page_has_no_seed_column_and_the_others_do() -> None:
    from camelot_rules.rules import coverage_markdown

    assert "«" not in coverage_markdown("en")
    assert "JA 1st Witch（第1の魔女）: «山札を作り直します»" in coverage_markdown("es")
