"""The play-log verifier in the reader's language (issue 17).

A log written with Japanese or Spanish names verifies like its English twin (the same lines
flagged with the same rules); a report in Japanese or Spanish says every message in that
language, keeps every number of the English report and fills every placeholder; the CLI's
``--lang`` reports in the language asked, and the log format itself never depends on it.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from camelot_rules.base.i18n import get_language, gettext, language
from camelot_rules.data import rulebook
from camelot_rules.data.decks import known_card_names
from camelot_rules.data.names import display_name
from camelot_rules.front.cli import main
from camelot_rules.logs.playlog import (
    EXPECTED,
    LogError,
    format_report,
    format_stat_test,
    format_violation,
    parse_log,
    read_log,
    stats_report,
    verify,
)

LOGS = Path(__file__).parent
HAND = LOGS / "hand"
I18N = LOGS / "i18n"
ALL_LOGS = sorted(LOGS.glob("*.log")) + sorted(HAND.glob("*.log")) + sorted(I18N.glob("*.log"))
ENGLISH_LOGS = sorted(LOGS.glob("*.log")) + sorted(HAND.glob("*.log"))
LOGS_PY = sorted((Path(__file__).resolve().parents[2] / "camelot_rules" / "logs").glob("*.py"))


@pytest.fixture(autouse=True)
def _english_outside() -> object:
    """Every test starts and ends in English (a test's own choice never leaks)."""
    with language("en"):
        yield


# --- twins: the same log with the names printed in Japanese or Spanish ----------------------
# Written here from the log format's documented positions (docs/play-log.md), not from the
# parser's own tables: which word of each line is a knight, a card or a quest.
_KNIGHTS = frozenset(rulebook.KNIGHTS + rulebook.EXPANSION_KNIGHTS)
_CARDS = known_card_names()
_QUESTS = frozenset(q.name for q in rulebook.QUESTS) | {"camelot"}
_KNIGHT_AT: dict[str, tuple[int, ...] | None] = {
    "knights": None,  # every word
    "accuse": (0, 1),
    "free": (0, 1),
    **{
        verb: (0,)
        for verb in [
            "turn",
            "evil",
            "siege",
            "move",
            "death",
            "play",
            "heal",
            "sacrifice",
            "captured",
            "freed",
            "unmasked",
            "life",
            "hand",
            "relic",
            "loyalty",
        ]
    },
}
_CARDS_FROM = {"draw": 1, "hand": 1, "heal": 1}


def _printed(name_id: str, kind: str, lang: str) -> str:
    # a log's words are split on spaces: a group writes "Sir_Kay" or "Rey_Arturo"
    return display_name(name_id, kind, lang).replace(" ", "_")


def twin(text: str, lang: str) -> str:
    """``text`` with every knight, card and quest written with its printed name in ``lang``."""
    out = []
    for raw in text.splitlines():
        body, hash_, comment = raw.partition("#")
        words = body.split()
        if not words:
            out.append(raw)
            continue
        line = " ".join([words[0], *_twin_words(words[0], words[1:], lang)])
        out.append(line + (f"  {hash_}{comment}" if hash_ else ""))
    return "\n".join(out) + "\n"


def _twin_words(verb: str, rest: list[str], lang: str) -> list[str]:
    plain = [i for i, w in enumerate(rest) if "=" not in w]  # positions of the plain words
    new = list(rest)
    kinds: dict[int, str] = {}  # plain word j -> the kind of name it is
    at = _KNIGHT_AT.get(verb, ())
    for j, i in enumerate(plain):
        if (at is None or j in at) and rest[i] in _KNIGHTS:
            kinds[j] = "knight"
        if j >= _CARDS_FROM.get(verb, len(plain)) and rest[i] in _CARDS:
            kinds[j] = "card"
    if verb == "play" and len(plain) >= 2 and rest[plain[1]] in _CARDS:
        kinds[1] = "card"
        if len(plain) == 3 and rest[plain[2]] in _QUESTS:
            kinds[2] = "quest"
    if verb == "cancel" and plain and rest[plain[0]] in _CARDS:
        kinds[0] = "card"
    if verb == "quest" and plain and rest[plain[0]] in _QUESTS:
        kinds[0] = "quest"
    for j, kind in kinds.items():
        new[plain[j]] = _printed(rest[plain[j]], kind, lang)
    for i, w in enumerate(rest):
        key, eq, value = w.partition("=")
        if eq and key in ("to", "on") and value in _QUESTS:
            new[i] = f"{key}={_printed(value, 'quest', lang)}"
        elif eq and key == "travel" and value in _CARDS:
            new[i] = f"{key}={_printed(value, 'card', lang)}"
    return new


def _outcome(text: str) -> object:
    """What verifying ``text`` finds, in terms no language touches."""
    try:
        report = verify(parse_log(text))
    except LogError as err:
        return ("parse error at line", err.line)
    return (
        [(v.line, v.rule_id, v.source) for v in report.violations],
        report.summary,
        report.rolls,
        report.fights,
        report.travel_passes,
    )


def test_the_twin_writer_really_translates() -> None:
    text = (HAND / "16_turn_out_of_order.log").read_text(encoding="utf-8")
    ja, es = twin(text, "ja"), twin(text, "es")
    assert "knights アーサー王 ケイ卿 ガウェイン卿 パーシヴァル卿" in ja
    assert "play Rey_Arturo Lucha_1 on=Guerra_contra_los_Sajones" in es
    for text_in in (ja, es):
        for line in text_in.splitlines():
            words = line.split("#")[0].split()
            assert not _KNIGHTS & set(words) and not {"saxons", "fight_1"} & set(words), line


@pytest.mark.slow  # (every hand-written log replayed twice more: 18 s of CPU; `make test`)
@pytest.mark.parametrize("lang", ["ja", "es"])
@pytest.mark.parametrize("path", ENGLISH_LOGS, ids=lambda p: p.name)
def test_a_twin_with_printed_names_verifies_like_the_english_log(path: Path, lang: str) -> None:
    text = path.read_text(encoding="utf-8")
    english = _outcome(text)
    assert _outcome(twin(text, lang)) == english
    with language(lang):  # and the reader's language changes nothing found
        assert _outcome(twin(text, lang)) == english == _outcome(text)
        try:  # the reader of a Japanese-named log reads the same report as of the English one
            same = format_report(verify(parse_log(twin(text, lang)))) == format_report(
                verify(parse_log(text))
            )
        except LogError as err:
            with pytest.raises(LogError, match=re.escape(str(err))):
                parse_log(text)
        else:
            assert same


def test_the_stored_twins_verify_like_their_english_logs() -> None:
    pairs = {
        "ja_16_turn_out_of_order.log": "16_turn_out_of_order.log",
        "es_17_travel_card_on_return_to_camelot.log": "17_travel_card_on_return_to_camelot.log",
    }
    for mine, english in pairs.items():
        found = _outcome((I18N / mine).read_text(encoding="utf-8"))
        assert found == _outcome((HAND / english).read_text(encoding="utf-8"))
        assert isinstance(found, tuple) and found[0]  # each flags its rule


def test_engine_games_as_twins_verify_clean() -> None:
    from camelot_rules.engine import new_game, play_random
    from camelot_rules.logs.writer import write_log

    for seed, expansion in ((3, False), (4, True), (7, True)):
        game = play_random(new_game(6, expansion=expansion, seed=seed), random.Random(seed))
        text = write_log(game, hands=True, inline_travel=seed % 2 == 0)
        for lang in ("ja", "es"):
            assert verify(parse_log(twin(text, lang))).violations == []


def test_the_log_written_by_the_engine_does_not_depend_on_the_language() -> None:
    from camelot_rules.engine import new_game, play_random
    from camelot_rules.logs.writer import write_log

    def played(seed: int) -> str:
        game = play_random(new_game(5, expansion=True, seed=seed), random.Random(seed))
        return write_log(game, hands=True, annotate=True)

    english = {seed: played(seed) for seed in (11, 19, 21)}
    assert any("cancel " in text for text in english.values())  # the games hold cancels
    for lang in ("ja", "es"):
        with language(lang):  # the game played, and its log written, in another language
            for seed, text in english.items():
                assert played(seed) == text
                assert verify(parse_log(text)).violations == []


# --- reports in the reader's language ---------------------------------------------------------
@cache
def _messages() -> tuple[str, ...]:
    """Every message the verifier can write, read from its source (not from the catalogs)."""
    out: list[str] = []
    for path in LOGS_PY:  # the parser, the replay, the checks, the report, the tests
        found = extract_from_file("python", str(path))
        out += [m for _line, m, _c, _x in found if isinstance(m, str)]
    return tuple(dict.fromkeys(out))


@cache
def _english_chunks(lang: str) -> frozenset[str]:
    """The English words of each message that a translation must not leave in place: the text
    between its placeholders, when it holds at least two words - less what the translation
    keeps on purpose (the log's own words, e.g. 'reshuffle black')."""
    chunks = set()
    for msgid in _messages():
        translated = gettext(msgid, lang)
        for chunk in re.split(r"\{[^{}]*\}", msgid):
            chunk = chunk.strip(" ,.:;()'")
            if len(re.findall(r"[A-Za-z]{2,}", chunk)) >= 2 and chunk not in translated:
                chunks.add(chunk)
    return frozenset(chunks)


@cache
def _full_report(path: Path, lang: str) -> str:
    """The verifier's whole answer on a log in ``lang``: the report, the tests and their notes,
    or the parse error."""
    with language(lang):
        return _answer(path.read_text(encoding="utf-8"))


def _answer(text: str) -> str:
    try:
        report = verify(parse_log(text))
    except LogError as err:
        return str(err)
    tests, notes = stats_report(report)
    return "\n".join([format_report(report), *map(format_stat_test, tests), *notes])


def _without_sources(text: str) -> str:
    """``text`` less the rules' sources (citations such as "JA travel rules", the same in every
    language)."""
    from camelot_rules.data.registry import RULES

    for source in sorted({r.source for r in RULES}, key=len, reverse=True):
        text = text.replace(source, " ")
    return text


def _english_word_runs(text: str) -> set[str]:
    """Every run of three English words in a row in ``text`` (its sources left out)."""
    words = re.findall(r"[A-Za-z][A-Za-z']*|[^A-Za-z' ]+| +", _without_sources(text))
    runs, run = set(), []
    for token in words:
        if token.isspace():
            continue
        if token[0].isalpha():
            run.append(token)
            if len(run) >= 3:
                runs.add(" ".join(run[-3:]))
        else:
            run = []
    return runs


def _numbers(text: str) -> Counter[str]:
    return Counter(re.findall(r"\d+(?:[/.]\d+)*", text))


def test_every_message_has_a_translation_that_differs_from_the_english() -> None:
    # the log's own words may stay as they are in Spanish (a form like 'engines N')
    # separators may stay as they are in Spanish (", ", "; ", the tracker's " - {fix}")
    same_allowed = {
        m for m in _messages() if m in EXPECTED.values() or m in (", ", "; ", " - {fix}")
    }
    for lang in ("ja", "es"):
        untranslated = [m for m in _messages() if gettext(m, lang) == m and m not in same_allowed]
        assert untranslated == [], lang


@pytest.mark.slow  # (every log replayed in two languages: 7 s of CPU; `make test` runs it)
@pytest.mark.parametrize("lang", ["ja", "es"])
@pytest.mark.parametrize("path", ALL_LOGS, ids=lambda p: p.name)
def test_the_report_is_in_the_readers_language_and_keeps_every_number(
    path: Path, lang: str
) -> None:
    english, shown = _full_report(path, "en"), _full_report(path, lang)
    leftovers = [c for c in _english_chunks(lang) if c in shown]
    assert leftovers == [], f"English left in the {lang} report: {leftovers}"
    # and, by a second route, no three English words in a row of the English answer
    runs = _english_word_runs(english) & _english_word_runs(shown)
    assert runs == set(), f"English left in the {lang} report: {sorted(runs)}"
    # every number of the English answer is in the translated one (lines, counts, sources, p)
    assert _numbers(english) - _numbers(shown) == Counter()
    assert "{" not in shown and "}" not in shown


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
@pytest.mark.parametrize("path", ALL_LOGS, ids=lambda p: p.name)
def test_every_placeholder_is_filled(path: Path, lang: str) -> None:
    shown = _full_report(path, lang)
    assert "{" not in shown and "}" not in shown, shown


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_each_violation_goes_through_the_catalog(lang: str) -> None:
    """Each line of a violation is the catalog's sentence, filled: the frame "line N: ... (rule
    id: source)" and "the rule: ..." in the reader's language, the message not the English one."""
    path = HAND / "16_turn_out_of_order.log"
    english = verify(read_log(path)).violations
    with language(lang):
        report = verify(read_log(path))
        text = format_report(report)
    for en, v in zip(english, report.violations, strict=True):
        assert (v.line, v.rule_id, v.source) == (en.line, en.rule_id, en.source)
        assert v.message != en.message and v.fix != en.fix
        frame = gettext("line {line}: {message} (rule {rule_id}: {source})", lang)
        assert frame != "line {line}: {message} (rule {rule_id}: {source})"
        assert (
            frame.format(line=v.line, message=v.message, rule_id=v.rule_id, source=v.source) in text
        )
        assert gettext("the rule: {fix}", lang).format(fix=v.fix) in text
        # the knights by their printed names in that language
        for knight in ("gawain", "arthur"):
            assert display_name(knight, "knight", lang) in v.message
    assert gettext("{n} rule violation(s):", lang).format(n=1) in text


def test_a_violation_keeps_its_line_and_rule_whatever_the_language() -> None:
    found = {}
    for lang in ("en", "ja", "es"):
        with language(lang):
            report = verify(read_log(HAND / "17_travel_card_on_return_to_camelot.log"))
            found[lang] = [(v.line, v.rule_id, v.source) for v in report.violations]
            assert format_violation(report.violations[0]).count(str(report.violations[0].line)) >= 1
    assert (
        found["en"]
        == found["ja"]
        == found["es"]
        == [(29, "travel.draw-on-move", found["en"][0][2])]
    )


def test_spanish_says_del_rey_arturo_not_de_el() -> None:
    with language("es"):
        report = verify(read_log(HAND / "16_turn_out_of_order.log"))
        arthur = display_name("arthur", "knight")
    text = format_report(report)
    assert f"del {arthur}" in text and " de el " not in text and " a el " not in text


def test_a_parse_error_keeps_its_line_in_every_language() -> None:
    for lang in ("en", "ja", "es"):
        with language(lang):
            with pytest.raises(LogError) as caught:
                read_log(LOGS / "malformed.log")
            assert caught.value.line == 3
            form = gettext(EXPECTED["siege"], lang)
            assert str(caught.value).endswith(form)  # the line's form, its words translated
    with language("ja"), pytest.raises(LogError) as caught:
        parse_log("setup players=4 expansion=no\nsiege kay cards=9 roll=3 won")
    assert gettext("{value!r} is not a Fight value", "ja").format(value="9") in str(caught.value)
    assert caught.value.line == 2


def test_decode_errors_name_the_log_in_the_readers_language() -> None:
    from camelot_rules.logs.playlog import decode_log

    with language("es"), pytest.raises(LogError) as caught:
        decode_log(b"\x00binary")
    assert str(caught.value).startswith(gettext("the log", "es") + ":")


# --- the CLI ---------------------------------------------------------------------------------
def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_lang_ja_verify_reports_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    path = I18N / "ja_16_turn_out_of_order.log"
    code, out, _ = _run(capsys, "--lang", "ja", "verify", str(path))
    assert code == 1
    assert gettext("{n} rule violation(s):", "ja").format(n=1) in out
    where = gettext("line {line}: {message} (rule {rule_id}: {source})", "ja")
    assert where.split("{message}")[0].format(line=24) in out and "turn.order" in out
    assert display_name("gawain", "knight", "ja") in out
    assert get_language() == "en"  # --lang held for that call only
    code, out, _ = _run(capsys, "--lang", "ja", "verify", str(LOGS / "clean_base.log"), "--stats")
    assert code == 0
    for msgid in (
        "No rule violations found: the log is consistent with the rules.",
        "Observed vs expected:",
        "exact Poisson-binomial test",
        "die rolls",
    ):
        assert gettext(msgid, "ja") in out and msgid not in out


def test_cli_lang_es_verify_reports_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    path = I18N / "es_17_travel_card_on_return_to_camelot.log"
    code, out, _ = _run(capsys, "--lang", "es", "verify", str(path), "--stats")
    assert code == 1
    assert gettext("{n} rule violation(s):", "es").format(n=1) in out
    assert display_name("captured", "card", "es") in out and "travel.draw-on-move" in out
    assert gettext("Observed vs expected:", "es") in out
    code, english, _ = _run(capsys, "verify", str(path), "--stats")
    assert code == 1 and "1 rule violation(s):" in english
    assert _numbers(english) - _numbers(out) == Counter()  # the same numbers, p-values included


def test_cli_parse_error_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    """A malformed line is reported in the report (issue 29: the replay goes on past it)."""
    code, out, err = _run(capsys, "--lang", "ja", "verify", str(LOGS / "malformed.log"))
    assert code == 1 and err == ""
    assert gettext("{n} line(s) could not be read:", "ja").format(n=1) in out
    assert gettext(EXPECTED["siege"], "ja") in out and "expected:" not in out
    code, out, err = _run(capsys, "--lang", "ja", "verify", "/nonexistent/game.log")
    assert code == 2 and out == ""
    assert gettext("camelot-rules: error: {err}", "ja").split("{err}")[0] in err
