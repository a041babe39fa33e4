"""The web page's answers in pieces: the command line's text word for word, cut into a verdict,
tables and notes; a chart for the curves; a refused input tied to the field it is about."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from camelot_rules.base.i18n import set_language
from camelot_rules.front import links, web
from camelot_rules.front.cli import answer_link


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    set_language(None)


def _text_of(blocks: list[dict[str, object]]) -> list[str]:
    """The blocks back as lines (a table's cells joined by single spaces)."""
    lines: list[str] = []
    for b in blocks:
        if b["kind"] == "table":
            lines += [" ".join(b["head"])] + [" ".join(c for c in r if c) for r in b["rows"]]  # type: ignore[attr-defined]
        elif b["kind"] == "notes":
            lines += b["lines"]  # type: ignore[arg-type]
        else:
            lines.append(str(b["text"]))
    return lines


def _squeezed(text: str) -> list[str]:
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return [line for line in lines if line and set(line) - set("- ")]


@pytest.mark.parametrize(
    "link",
    [
        "#siege?hand=1&cards=5,4,2,2",
        "#deck?deck=black&expansion=1&cards=morgan_witch_2",
        "#travel?seen=captured,%20vision&grail=1&trips=5&lang=ja",
        "#quest-excalibur?steps=1&hands=3,2&lang=es",
        "#decks?expansion=1",
    ],
)
def test_the_blocks_hold_every_line_of_the_answer(link: str) -> None:
    result = web.answer(link)
    code, text = answer_link(link)
    assert (result["code"], result["text"]) == (code, text)  # the command line's, word for word
    assert result["blocks"][0] == {"kind": "verdict", "text": text.splitlines()[0]}
    # nothing lost or invented: the blocks read back give the text's lines (notes moved last)
    assert sorted(_text_of(result["blocks"])) == sorted(_squeezed(text))


def test_a_table_is_cut_at_its_columns_in_japanese_too() -> None:
    blocks = web.answer("#travel?seen=captured,%20vision&grail=1&trips=5&lang=ja")["blocks"]
    tables = [b for b in blocks if b["kind"] == "table"]
    assert [t["head"] for t in tables] == [
        ["結果", "P", "%"],
        ["捕縛回数", "P", "%"],
        ["失敗した移動", "P", "%"],
    ]
    # 14 cards left, 1 Captured!: 1/14 (the next trip's table); 5 trips: 9/14 none
    assert ["捕縛", "1/14", "7.1%"] in tables[0]["rows"]
    assert tables[1]["rows"][0] == ["0", "9/14", "64.3%"]
    notes = next(b for b in blocks if b["kind"] == "notes")["lines"]
    assert notes and all(line.startswith("仮定：") for line in notes)


def test_the_90_turns_of_a_rebuild_are_one_table_and_the_lines_after_are_not() -> None:
    blocks = web.answer("#deck?deck=black&expansion=1&cards=morgan_witch_2")["blocks"]
    (table,) = [b for b in blocks if b["kind"] == "table"]
    assert table["head"] == ["turn", "P", "%", "by then"] and len(table["rows"]) == 90
    assert table["rows"][0] == ["1", "1/90", "1.1%", "1.1%"]  # 1 card in 90 ends the pile
    lines = [b["text"] for b in blocks if b["kind"] == "line"]
    assert any(line.startswith("causes:") for line in lines)


@pytest.mark.parametrize(
    ("link", "lines"),
    [
        ("#quest-grail?laid=2&hands=2,1", 2),
        ("#quest-excalibur?steps=1&hands=3,2&lang=ja", 2),
        ("#quest-war-race?war=picts&fights=2&hand=3,4/5", 2),
        ("#deck?deck=black&expansion=1", 1),
        ("#travel?trips=3", 2),
        ("#siege?cards=3,4", 0),
        ("#deck?deck=black&turns=3", 0),
    ],
)
def test_every_curve_has_its_chart(link: str, lines: int) -> None:
    charts = web.answer(link)["charts"]
    assert len(charts) == (1 if lines else 0)
    if lines:
        assert charts[0].startswith("<svg") and charts[0].count("<polyline") == lines


def test_a_chart_speaks_the_answers_language() -> None:
    (svg,) = web.answer("#quest-excalibur?steps=1&hands=3,2&lang=ja")["charts"]
    assert "今からのターン数" in svg and "turns from now" not in svg


@pytest.mark.parametrize(
    ("link", "fields", "named"),
    [
        ("#siege?cards=9", ["cards"], "played"),  # the calculator's parameter name
        ("#siege?cards=3,x", ["cards"], "cards=3,x"),
        ("#draw?deck=white", ["draws"], "draws"),  # "draw: draws is needed"
        ("#travel?captured-held=-1", ["captured-held"], "--captured-held"),
        ("#siege?hand=1&turn=1&cards=3", ["hand", "turn"], "--turn"),
        ("#quest-combat?quest=lancelot&black-known=foo", ["black-known"], "--black-known"),
    ],
)
def test_a_refused_input_names_its_field(link: str, fields: list[str], named: str) -> None:
    result = web.answer(link)
    assert result["code"] == 2 and result["blocks"][0]["kind"] == "error"
    assert result["fields"] == fields
    assert named in result["named"] and result["named"][named] in fields


def test_the_programs_error_prefix_is_dropped_in_every_language() -> None:
    message = web.answer("#siege?cards=9&lang=ja")["blocks"][0]["text"]
    assert not message.startswith("camelot-rules") and "9" in message


def test_answer_json_reads_back() -> None:
    result = json.loads(web.answer_json("#siege?cards=3,4&lang=es"))
    assert result["lang"] == "es" and result["code"] == 0 and result["charts"] == []


def test_the_published_address_comes_from_the_call_the_environment_then_the_build(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    built = tmp_path / "site.json"
    monkeypatch.setattr(links, "BUILT_SITE", built)
    monkeypatch.delenv("CAMELOT_RULES_SITE", raising=False)
    assert links.site_address() == links.DEFAULT_SITE  # nothing built here
    built.write_text(json.dumps({"address": "https://example.org/camelot/"}))
    assert links.link_url("#siege?cards=3,4") == "https://example.org/camelot/#siege?cards=3,4"
    monkeypatch.setenv("CAMELOT_RULES_SITE", "https://elsewhere.example/odds")
    assert links.site_address() == "https://elsewhere.example/odds/"  # a folder: its "/"
    assert links.site_address("http://127.0.0.1:9000/") == "http://127.0.0.1:9000/"
    built.write_text(json.dumps({"address": None}))  # the last build was given none
    monkeypatch.delenv("CAMELOT_RULES_SITE")
    assert links.site_address() == links.DEFAULT_SITE


@pytest.mark.parametrize("bad", ["example.org", "ftp://example.org/", "https://", "file:///tmp/x"])
def test_an_address_that_is_not_a_web_address_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match=r"CAMELOT_RULES_SITE=.*expected the page's address"):
        links.site_address(bad)
