"""The web page's own words (``docs/web/strings.json``): the same keys in English, Japanese
and Spanish, every key the page uses is there and every key there is used, and the examples a
field shows are inputs the library reads, in the language they are written in."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from camelot_rules.front.cli import answer_link

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "docs" / "web"
STRINGS = json.loads((WEB / "strings.json").read_text(encoding="utf-8"))
FIELD = re.compile(r"\{\w+\}")
LANGUAGES = ("en", "ja", "es")


def _used_keys() -> set[str]:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    js = (WEB / "app.js").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-(?:t|eg|ph|t-aria)="([^"]+)"', html))
    keys |= set(re.findall(r'\bt\("([\w.-]+)"', js))  # t("status.ready", ...)
    keys |= set(re.findall(r'setStatus\(\s*"([\w.-]+)"', js))
    keys |= set(re.findall(r'"(what\.[\w-]+)"', js))  # the stage named in the status line
    keys |= set(re.findall(r'"(status\.[\w-]+)"', js))
    pages = re.findall(r'<form data-page="([\w-]+)"', html)
    keys |= {f"title.{p}" for p in pages}  # the answer's heading: title.<page>
    keys |= {"app.short", "app.description"}  # the web app manifest (docs/build_web.py)
    return keys


def test_every_language_has_the_same_keys_all_filled() -> None:
    assert set(STRINGS) == set(LANGUAGES)
    for lang in LANGUAGES:
        assert set(STRINGS[lang]) == set(STRINGS["en"]), lang
        assert all(v.strip() for v in STRINGS[lang].values()), lang


def test_every_translation_keeps_the_placeholders() -> None:
    for key, en in STRINGS["en"].items():
        for lang in ("ja", "es"):
            assert sorted(FIELD.findall(STRINGS[lang][key])) == sorted(FIELD.findall(en)), key


def test_every_key_used_is_there_and_every_key_there_is_used() -> None:
    used = _used_keys()
    assert used - set(STRINGS["en"]) == set(), "keys the page uses but strings.json lacks"
    assert set(STRINGS["en"]) - used == set(), "keys nobody uses"


def test_japanese_texts_are_japanese() -> None:
    kana = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    for key, text in STRINGS["ja"].items():
        if len(STRINGS["en"][key]) > 12 and not key.startswith("ph."):
            assert kana.search(text), key


# A 4-player log at King Arthur's heroic action, his hand recorded (the "Where to go?" page)
_LOG4 = (
    "setup players=4 expansion=no\nknights arthur kay gawain percival\nturn arthur\n"
    "evil arthur engine\nhand arthur fight_3 grail\n"
)
# The examples naming cards, quests or numbers, with the page and settings they are given in
EXAMPLES = {
    "ph.travel.seen": ("travel", "seen", ""),
    "ph.deck.drawn": ("deck", "drawn", "deck=black&"),
    "ph.deck.cards": ("deck", "cards", "deck=black&expansion=1&"),
    "ph.deck.finished": ("deck", "finished", "deck=black&"),
    "ph.deck.mix": ("deck", "mix", "deck=black&"),
    "ph.draw.cards": ("draw", "cards", "deck=white&draws=2&"),
    "ph.seen": ("quest-combat", "seen", "quest=black-knight&"),
    "ph.quest-combat.black-known": ("quest-combat", "black-known", "quest=lancelot&"),
    "ph.quest-next.black-known": ("quest-next", "black-known", "quest=black-knight&hand=5&"),
    "ph.siege.cards": ("siege", "cards", ""),
    "ph.quest-grail.hands": ("quest-grail", "hands", ""),
    "ph.quest-war-race.hand": ("quest-war-race", "hand", "war=picts&"),
    "ph.advise.hand": ("advise", "hand", f"where=1&text={quote(_LOG4, safe=',:/')}&"),
    "ph.advise.sizes": ("advise", "sizes", f"where=1&text={quote(_LOG4, safe=',:/')}&"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_each_example_is_an_input_the_library_reads(key: str, lang: str) -> None:
    page, field, before = EXAMPLES[key]
    example = STRINGS[lang][key]
    if key == "ph.deck.mix":
        example = example.split("(")[0].split("（")[0]  # "1: 1 (or ...)": the first mix
    if field in ("cards", "hand") and page in ("siege", "quest-war-race"):
        example = example.replace(" ", "")  # the page joins a list's values with commas
    link = f"#{page}?{before}{field}={quote(example.strip(), safe=',:/')}&lang={lang}"
    code, text = answer_link(link)
    assert code == 0, f"{link}: {text}"


def test_the_page_has_no_text_of_its_own_outside_the_table() -> None:
    # every visible text comes from strings.json: elements marked data-t are empty in the page
    html = (WEB / "index.html").read_text(encoding="utf-8")
    body = html[html.index("<body>") :]
    filled = re.findall(r'data-t="[^"]+"[^>]*>([^<]+)<', body)
    assert [text for text in filled if text.strip()] == []
