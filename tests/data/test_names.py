"""The names table and the resolvers: printed names in three languages, typos, wrong decks."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from camelot_rules.base.surface import on_surface
from camelot_rules.data import rulebook
from camelot_rules.data.decks import known_card_names, standard_deck
from camelot_rules.data.names import (
    KINDS,
    NAMES,
    OWN,
    display_name,
    normalize,
    resolve,
    resolve_card,
    resolve_knight,
    resolve_quest,
)
from camelot_rules.front.parsing import parse_cards, parse_counts
from camelot_rules.odds.draws import draw_probability

CARDS = [e for e in NAMES if e.kind == "card"]


def test_every_card_of_every_standard_deck_has_names_and_nothing_else_is_a_card() -> None:
    # independent route: the decks' own data (rulebook), not the names table
    assert {e.id for e in CARDS} == set(known_card_names())


def test_every_quest_and_knight_of_the_rule_data_has_names() -> None:
    quests = {e.id for e in NAMES if e.kind == "quest"}
    knights = {e.id for e in NAMES if e.kind == "knight"}
    assert {q.name for q in rulebook.QUESTS} | {"camelot"} == quests
    assert set(rulebook.KNIGHTS) | set(rulebook.EXPANSION_KNIGHTS) == knights
    assert {e.id for e in NAMES if e.kind == "relic"} == set(rulebook.RELICS)


@pytest.mark.parametrize("entry", NAMES, ids=lambda e: f"{e.kind}:{e.id}")
@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_every_printed_name_resolves_back_to_its_id(entry: object, lang: str) -> None:
    from camelot_rules.data.names import Name

    assert isinstance(entry, Name)
    name = entry.name(lang)
    assert name and entry.source(lang)
    assert resolve(name, entry.kind) == entry.id
    assert resolve(name.upper() + " !", entry.kind) == entry.id  # case and punctuation
    for alias in entry.aliases:
        assert resolve(alias, entry.kind) == entry.id


def test_sources_are_cited_or_marked_as_the_projects_own() -> None:
    seed_marks = ("BoQ p.", "RB p.", "JA ", "ES p.", "F §", "rules-facts-update")
    for e in NAMES:
        for lang in ("en", "ja", "es"):
            src = e.source(lang)
            assert src == OWN or src.startswith(seed_marks), (e.id, lang, src)
    # English is always cited, but for the one card no source identifies
    assert [e.id for e in NAMES if e.src_en == OWN] == ["unidentified_white"]


SHARED = Path(__file__).resolve().parents[3] / "shared"
_TEXTS = {
    "JA": ["seeds/000_f03494cf5d4661bf.txt"],
    "ES": ["seeds/001_e99e088dda8d0441.txt"],
    "BoQ": ["reference/official/book-of-quests-2005-en.txt"],
    "RB": ["reference/official/rulebook-2005-en.txt"],
    "F": ["reference/rules-facts.md", "reference/rules-facts-update.md"],
    "rules-facts-update": ["reference/rules-facts-update.md"],
}


def _source_text(src: str) -> str:
    key = src.split()[0]
    return "\n".join((SHARED / f).read_text(encoding="utf-8") for f in _TEXTS[key])


def _found(name: str, text: str) -> bool:
    """The name, or its word without the value ("Fight 3" -> "Fight"), each part of a
    "Lancelot/Dragon" pair, in the source, ignoring case and width."""
    base = re.sub(r"\s*[（(][^)）]*[)）]", "", name)  # "(wild)"
    base = re.sub(r"[\s\d/]+$", "", base) or base  # the card's value
    hay = unicodedata.normalize("NFKC", text).casefold()
    return all(unicodedata.normalize("NFKC", p).casefold().strip() in hay for p in base.split("/"))


@pytest.mark.skipif(not SHARED.is_dir(), reason="the sources are not beside the repository")
@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_a_name_said_to_come_from_a_source_is_in_that_source(lang: str) -> None:
    # independent route: the seeds and the official texts themselves
    wrong = []
    for e in NAMES:
        src = e.source(lang)
        if src == OWN:
            continue
        text = _source_text(src)
        if not any(_found(n, text) for n in (e.name(lang), *e.aliases)):
            wrong.append((e.kind, e.id, e.name(lang), src))
    assert not wrong


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("Captured!", "captured"),
        ("captured", "captured"),
        ("ＣＡＰＴＵＲＥＤ！", "captured"),  # full width
        ("¡Capturado!", "captured"),
        ("捕縛！", "captured"),
        ("First Witch", "morgan_witch_1"),
        ("1st witch", "morgan_witch_1"),
        ("第１の魔女", "morgan_witch_1"),
        ("Primera Bruja", "morgan_witch_1"),
        ("Grail", "grail"),
        ("聖杯カード", "grail"),
        ("merlin", "merlin"),
        ("Merlín", "merlin"),
        ("Lancelot/Dragon 7/11", "lancelot_dragon_7_11"),
        ("fight-5", "fight_5"),
        ("Lucha 2", "fight_2"),
        ("救援要請", "call_for_help"),
        ("Divine Favour", "divine_favor"),
    ],
)
def test_printed_names_in_any_language_and_spelling_name_the_card(typed: str, card: str) -> None:
    assert resolve_card(typed) == card


def test_quests_and_knights_resolve_in_three_languages() -> None:
    assert {resolve_quest(t) for t in ("Holy Grail", "聖杯", "Santo Grial", "grail")} == {"grail"}
    assert resolve_quest("キャメロット") == "camelot"
    assert {resolve_knight(t) for t in ("Sir Kay", "ケイ卿", "kay")} == {"kay"}
    assert resolve_knight("Rey Arturo") == "arthur"


@pytest.mark.parametrize(
    ("typed", "suggested"),
    [("captued", "captured"), ("despar", "despair"), ("Frist Witch", "morgan_witch_1")],
)
def test_a_typo_gets_did_you_mean(typed: str, suggested: str) -> None:
    with pytest.raises(ValueError, match=f"did you mean '{suggested}'"):
        resolve_card(typed, lang="en")


def test_a_name_of_another_kind_says_what_it_is() -> None:
    with pytest.raises(ValueError, match="is a quest"):
        resolve_card("キャメロット", lang="en")


def test_a_card_not_in_the_base_deck_says_add_expansion() -> None:
    # issue 18: a silent 0% is a wrong answer
    assert draw_probability(standard_deck("black"), 5, "morgan_witch_1") == 0  # library: 0
    with pytest.raises(ValueError, match=r"base-game black deck.*\(expansion=True\)"):
        resolve_card("morgan_witch_1", standard_deck("black"), lang="en")  # Python's words
    with on_surface("cli"), pytest.raises(ValueError, match=r"Company \(--expansion\)$"):
        resolve_card("morgan_witch_1", standard_deck("black"), lang="en")  # the CLI's option
    with on_surface("widgets"), pytest.raises(ValueError, match=r"\(tick Merlin's Company\)$"):
        resolve_card("morgan_witch_1", standard_deck("black"), lang="en")  # the widget's box
    with pytest.raises(ValueError, match="card of the travel deck"):
        resolve_card("Captured!", standard_deck("black", expansion=True), lang="en")
    assert resolve_card("First Witch", standard_deck("black", expansion=True)) == "morgan_witch_1"


def test_a_custom_decks_own_names_pass_as_they_are() -> None:
    from camelot_rules.data.decks import Deck

    deck = Deck({"card_0": 3, "other": 5})
    assert resolve_card("card_0", deck) == "card_0"
    assert parse_counts("card_0: 2, other") == {"card_0": 2, "other": 1}


def test_parsing_reads_printed_names_and_the_calculators_accept_them() -> None:
    assert parse_cards("Grail, Fight 5; ¡Capturado!") == ["grail", "fight_5", "captured"]
    assert parse_counts("Captured!: 2, ビジョン") == {"captured": 2, "vision": 1}
    white = standard_deck("white")
    assert draw_probability(white, 2, "Grail") == draw_probability(white, 2, "grail")
    assert draw_probability(white, 2, ["聖杯カード"]) == draw_probability(white, 2, "grail")
    with pytest.raises(ValueError, match="did you mean"):
        parse_counts("captued: 1", standard_deck("travel", expansion=True))


def test_spellings_never_name_two_things_of_one_kind() -> None:
    for kind in KINDS:
        seen: dict[str, str] = {}
        for e in NAMES:
            if e.kind != kind:
                continue
            for spelling in (e.id, e.en, e.ja, e.es, *e.aliases):
                key = normalize(spelling)
                assert seen.setdefault(key, e.id) == e.id, (kind, spelling)


def test_display_names_follow_the_language() -> None:
    assert display_name("captured", lang="ja") == "捕縛！"
    assert display_name("siege_engine", "term", "ja") == "カタパルト"  # the JA seed's word
    assert display_name("siege_engine", "term", "es") == "Máquina de Asedio"  # the ES seed's
    assert display_name("progression_of_evil", "term", "ja") == "闇の進行フェイズ"
    assert display_name("heroic_action", "term", "ja") == "勇士のアクション"


def test_the_glossary_page_is_current() -> None:
    from camelot_rules.data.names import glossary_markdown

    page = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"
    assert page.read_text(encoding="utf-8") == glossary_markdown(), (
        "docs/glossary.md is stale: run "
        "`python -m camelot_rules.data.names --write docs/glossary.md`"
    )


def test_every_seeded_rule_says_where_it_stands_in_the_seed() -> None:
    from camelot_rules.data.registry import RULES, rule
    from camelot_rules.data.seed_refs import SEED_REFS

    seeded = {(r.id, s) for r in RULES for s in r.covered_by if s in ("JA", "ES")}
    assert {(r.rule, r.seed) for r in SEED_REFS} == seeded
    for ref in SEED_REFS:
        rule(ref.rule)
        assert 0 < len(ref.term) <= 40  # a term, not a passage
        assert 0 < len(ref.sentence) <= 320  # one sentence, quoted for comparison


@pytest.mark.skipif(not SHARED.is_dir(), reason="the seeds are not beside the repository")
def test_seed_sections_and_terms_are_the_seeds_own_words() -> None:
    from camelot_rules.data.seed_refs import SEED_FILES, SEED_REFS

    texts = {k: (SHARED / v).read_text(encoding="utf-8") for k, v in SEED_FILES.items()}
    for ref in SEED_REFS:
        assert ref.section in texts[ref.seed], ref
        assert ref.term in texts[ref.seed], ref
        # the whole sentence, word for word, and from the section named
        text = texts[ref.seed]
        where = text.find(ref.sentence, text.index(ref.section) if ref.seed == "JA" else 0)
        assert where >= 0, ref
        before = text[:where].rstrip(" -")
        assert before == "" or before[-1] in "\n。！.", ref  # it starts a sentence
        assert ref.sentence[-1] in "。！.）)" or text[where + len(ref.sentence)] == "\n", ref
        # the term is in the sentence, or heads the lines the sentence opens (a card's name)
        term_at = text.find(ref.term, text.index(ref.section) if ref.seed == "JA" else 0)
        assert ref.term in ref.sentence or 0 <= where - term_at <= len(ref.term) + 2, ref
