"""Every CLI answer in Japanese and Spanish (issue 17): the same exact numbers, no English left.

For each command, the English answer is the reference: the Japanese and the Spanish answers
must hold the same exact fractions and the same percentages (extracted from the text, compared
as multisets), and no line of the English answer that carries English words may survive in the
translation. The Japanese answer is also read word by word: an English word there is a word
left untranslated, unless it is a card id, an option, a citation or a name the Japanese
edition prints in English (names.py). The Spanish answer may not hold English function words.
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from fractions import Fraction

import pytest

from camelot_rules.base.i18n import language
from camelot_rules.data.names import NAMES
from camelot_rules.front.cli import build_parser, main

COMMANDS = [
    "siege 3 4",
    "siege 3 --excalibur --kay-reserve 2,5",
    "siege --hand 5 4 3 1",
    "siege --hand --kay 5 1",
    "siege --turn 5 4 3 --life 3",
    "siege --turn 5 4 3 --at-least 2 --kay --divine-favor",
    "siege --dealt --expansion",
    "draw white 2 grail",
    "draw black 5 despair",
    "draw black 5 despair picts --at-least 2",
    "draw travel 3 captured",
    "deck black --turns 10",
    "deck black --finished dragon --turns 10 --cards picts",
    "deck black",
    "deck black --expansion --mix '1: 1/2, 2: 1/2' --cards morgan_witch_2",
    "deck black --expansion --other-pile 30",
    "deck white --drawn fight_5:3 --cards grail --horizon 20",
    "deck travel --expansion",
    "travel",
    "travel --seen 'captured, vision' --grail --trips 5",
    "travel --seen captured --captured-held 1 --grail-over --fight-pair",
    "travel --move knight_power",
    "decks",
    "decks --expansion",
    "quest combat lancelot --whites 4 5 5 --black-hidden 4",
    "quest combat lancelot --whites 4 5 5 --black-hidden 3 --excalibur --kay-reserve 3 "
    "--divine-favor --black-to-come 1",
    "quest combat black-knight --whites 4 4 --black-hidden 2 --hand 1 1 --schedule aww",
    "quest combat black-knight --whites 4 4 --black-hidden 2 --hand 1 1 --schedule awb "
    "--divine-favor",
    "quest next black-knight --whites 3 3 --hand 5 1 3 --black-hidden 2",
    "quest next dragon --whites 3 --hand 1 --black-hidden 2",
    "quest war picts --fights 2 --hand 3 4 --actions 7",
    "quest grail --laid 3 --despair 2 --hands 2,1 --turns 6",
    "quest excalibur --steps 2 --hands 3,2 --turns 6",
    "quest war-race picts --fights 2 --warriors 1 --hand 3,4 --hand 5 --turns 8",
    "simulate --games 5 --seed 1",
]

# The answers of the simulation's own reports (camelot_rules.sim: the sweep's table and the
# endgame comparison) are written by the simulation package in English; only the CLI's own lines
# around them are translated so far.
SIM_REPORTS = [
    "simulate --games 5 --seed 1 --sweep traitor=standard,none",
    # 30 whole games, three times (en, ja, es): the slow tier
    pytest.param("simulate --games 30 --seed 1 --endgame 3,2", marks=pytest.mark.slow),
]

# ASCII classes: a Japanese character is a \w, but may touch a number ("平均5/4")
FRACTION = re.compile(r"(?<![A-Za-z0-9/.])\d+/\d+(?![A-Za-z0-9/])")
PERCENT = re.compile(r"[<>]?\d+(?:\.\d+)?%")
WORD = re.compile(r"[A-Za-z][A-Za-z'!]*")
# what may stay as it is in any language: options, ids, citations, symbols
KEEP = re.compile(
    r"--[a-z0-9-]+|camelot-rules|[A-Za-z0-9]+_[A-Za-z0-9_]+|"
    # an engine option as typed (traitor=standard), a class or module name (LoyalHeuristic,
    # models.endgame.RoundTable), the statisticians' names the tests carry
    r"[a-z_]+=[A-Za-z0-9_.]+|(?:[a-z]+\.)*[A-Z][a-z]+(?:[A-Z][a-z]+)+|Fisher|Holm|"
    r"(?<![A-Za-z])(?:RB|BoQ|ES|JA|F) ?(?:p\.|§)?\s?[\d.-]*|(?<![A-Za-z])(?:"
    r"S\d+|P|p|n|Pareto|Clopper-Pearson|HIGH|LOW)(?![A-Za-z])|E\[|"
    r"(?<![A-Za-z])(?:white|black|travel)(?=,|\}|\s*$)|`[^`]*`|"
    r"\((?:JA|RB|BoQ|ES|F) [^)]*\)"  # a citation: a section of a document, named as it is
)
# names the Japanese edition prints in English (the expansion's cards: JA keeps them)
JA_NAMES = {n.name("ja") for n in NAMES if re.search(r"[A-Za-z]", n.name("ja"))}
ENGLISH_FUNCTION_WORDS = re.compile(
    r"\b(?:the|of|and|with|from|within|before|after|turns?|cards?|deck|drawn|wins?|lost|"
    r"rebuilt?|knights?|quest|play|over|next|none|yes|model|option|assumption)\b"
)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def answers(command: str, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    texts = {}
    for lang in ("en", "ja", "es"):
        code, out, err = run(["--lang", lang, *shlex.split(command)], capsys)
        assert code == 0 and not err, (lang, err)
        texts[lang] = out
    return texts


def numbers(text: str) -> tuple[Counter[str], Counter[str]]:
    return Counter(FRACTION.findall(text)), Counter(PERCENT.findall(text))


def english_words(line: str, names: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    for name in names:
        line = line.replace(name, " ")
    return WORD.findall(KEEP.sub(" ", line))


def source_column_cut(command: str, line: str) -> str:
    """``decks`` tables end with a source column: citations of documents, kept as cited."""
    if command.startswith("decks") and re.search(r"\s{2,}", line):
        return "  ".join(re.split(r"\s{2,}", line.strip())[:-1])
    return line


def counted(command: str, text: str) -> str:
    """The text whose numbers are compared: in ``decks``, the counts (a Japanese card name may
    hold a fraction, e.g. ランスロット/ドラゴン 1/5 for the card id lancelot_dragon_1_5)."""
    if not command.startswith("decks"):
        return text
    return "\n".join("  ".join(re.split(r"\s{2,}", line.strip())[1:]) for line in text.splitlines())


def test_the_fraction_patterns_read_what_they_should() -> None:
    fr, pc = numbers("P = 219749/324120 (67.80%); mix {1: 1/2}; <0.1% and 95%; F §1 (S4, S5)")
    assert fr == Counter({"219749/324120": 1, "1/2": 1})
    assert pc == Counter({"67.80%": 1, "<0.1%": 1, "95%": 1})
    assert english_words("Drawing 5 from the black deck") == [
        "Drawing",
        "from",
        "the",
        "black",
        "deck",
    ]
    assert english_words("--kay-reserve 2,5 (RB p.14) morgan_witch_2") == []
    assert english_words("信頼度HIGH未満") == [] and english_words("信頼度highです") == ["high"]
    assert numbers("平均5/4 = 1.250台")[0] == Counter({"5/4": 1})


@pytest.mark.parametrize("command", COMMANDS)
def test_every_answer_in_japanese_and_spanish(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = answers(command, capsys)
    en_lines = [line for line in texts["en"].splitlines() if english_words(line)]
    assert en_lines, "the English answer has sentences to translate"
    for lang in ("ja", "es"):
        # the same exact fractions and percentages, the same number of times
        assert numbers(counted(command, texts[lang])) == numbers(counted(command, texts["en"]))
        # no English sentence of the English answer survives
        lines = set(texts[lang].splitlines())
        left = [line for line in en_lines if line in lines]
        assert not left, (lang, left)
    for line in texts["ja"].splitlines():  # no English word left in the Japanese answer
        assert not english_words(source_column_cut(command, line), JA_NAMES), line
    for line in texts["es"].splitlines():  # no English function word in the Spanish answer
        found = ENGLISH_FUNCTION_WORDS.findall(KEEP.sub(" ", source_column_cut(command, line)))
        assert not found, (found, line)


@pytest.mark.parametrize("command", SIM_REPORTS)
def test_the_simulation_reports_first_line_is_translated(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = answers(command, capsys)
    for lang in ("ja", "es"):
        assert numbers(texts[lang]) == numbers(texts["en"]), lang
    if "--sweep" in command:
        first = texts["ja"].splitlines()[0]
        assert not english_words(first), first
        assert texts["es"].splitlines()[0].startswith("2 configuraciones en torno a 5 jugadores")


@pytest.mark.parametrize("command", SIM_REPORTS)
def test_the_simulation_reports_are_translated_whole(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = answers(command, capsys)
    for line in texts["ja"].splitlines():
        assert not english_words(line, JA_NAMES), line


def test_a_translated_answer_reads_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """An answer checked by hand: P(at least one Despair in 5 black cards) = 1 - C(61,5)/C(76,5)
    (15 Despair cards in the base game's 76-card black deck) = 1 - 5949147/18474840
    = 12525693/18474840 = 219749/324120 (both divided by 57)."""
    from math import comb

    from camelot_rules.data.decks import standard_deck

    deck = standard_deck("black")
    assert deck.count("despair") == 15 and deck.size == 76
    assert 1 - Fraction(comb(61, 5), comb(76, 5)) == Fraction(219749, 324120)
    _code, ja, _err = run(["--lang", "ja", "draw", "black", "5", "despair"], capsys)
    assert ja.splitlines()[0] == "黒デッキから5枚引いて絶望が1枚以上出る確率：67.8%。"
    _code, es, _err = run(["--lang", "es", "draw", "black", "5", "despair"], capsys)
    assert es.splitlines()[0] == "Robando 5 del mazo Negro, al menos una de Desesperación: 67.8%."
    _code, ja, _err = run(["--lang", "ja", "deck", "black", "--turns", "10"], capsys)
    assert "作り直しの回数" in ja and "この答えの前提：" in ja  # a title and the options, folded


ERRORS = [
    "deck black --one-deck --both-decks",
    "deck travel --expansion --other-pile 3",
    "siege --dealt --kay",
    "siege 3 --kay",
    "travel --captured-held -1",
    "quest combat lancelot --whites 4 --black-hidden 9",
    "quest combat lancelot --whites 4 --black-known 'fight_5'",
    "quest combat lancelot --whites 4 --hand 2 --black-to-come 1",
    "simulate --games 5 --plot out.png",
    "simulate --games 5 --endgame 5",
    # the calculators' own checks, in the reader's language too
    "quest combat lancelot --whites 4 5 5 --black-hidden 4 --black-to-come 2",
    "quest combat lancelot --whites 4 6",
    "quest war-race picts --fights 9",
    "quest grail --laid 9",
    "travel --move camelot",
    "travel --seen captured --captured-held 2",
    "draw white 99 grail",
    "draw white 2 grail --at-least 3",
    "siege 7",
    "siege --turn 5 4 3 --at-least 3",
    "deck black --other-pile 0 --both-decks",
    "quest war picts --actions",  # argparse's own errors
    "deck purple",
    "siege --bogus",
]


@pytest.mark.parametrize("command", ERRORS)
def test_every_error_in_japanese_and_spanish(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    errors = {}
    for lang in ("en", "ja", "es"):
        try:
            code, _out, err = run(["--lang", lang, *shlex.split(command)], capsys)
        except SystemExit as stop:  # argparse stops the program itself
            code, err = int(stop.code or 0), capsys.readouterr().err
        assert code == 2, (lang, err)
        errors[lang] = err.strip().splitlines()[-1]  # the error line (after argparse's usage)
    assert errors["en"].startswith("camelot-rules") and ": error: " in errors["en"]
    assert ": エラー: " in errors["ja"]
    assert errors["es"] != errors["en"]
    # what the user typed comes back as typed (a file name, a quoted value)
    words = sorted(shlex.split(command), key=len, reverse=True)
    typed = re.compile("(?:" + "|".join(map(re.escape, words)) + r")(?![\w-])|'[^']*'")
    # a calculator's check names its parameter as the code spells it (whites=, draws=, ...)
    parameter = re.compile(r"^(?:[^ ]+ )?[a-z_]+(?=[ =:])|[a-z_]+(?==)")
    ja = typed.sub(" ", parameter.sub(" ", errors["ja"].split(": エラー: ", 1)[1]))
    assert not english_words(ja, JA_NAMES), errors["ja"]
    es = typed.sub(" ", errors["es"].split(": error: ", 1)[1])
    found = ENGLISH_FUNCTION_WORDS.findall(KEEP.sub(" ", es))
    assert not found, (found, errors["es"])


def _subcommands(parser: object, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    import argparse

    assert isinstance(parser, argparse.ArgumentParser)
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append((*prefix, name))
                found += _subcommands(sub, (*prefix, name))
    return found


def test_every_subcommand_is_listed() -> None:
    with language("en"):
        names = _subcommands(build_parser())
    assert ("quest", "war-race") in names and ("verify",) in names and len(names) >= 14


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_every_help_is_translated(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every option's help of every subcommand, and argparse's own words (usage, titles)."""
    with language("en"):
        commands = [(), *_subcommands(build_parser())]
    for command in commands:
        texts = {}
        for shown in ("en", lang):
            with pytest.raises(SystemExit):
                main(["--lang", shown, *command, "--help"])
            texts[shown] = capsys.readouterr().out
        assert numbers(texts[lang]) == numbers(texts["en"]), command
        # the help's own sentences: what follows an option, from the third word on
        en_helps = set(
            re.findall(r"^  (?:-\S+(?: [A-Z_,.\[\] ]+)?|\S+)\s{2,}(.+)$", texts["en"], re.M)
        )
        shown_helps = set(
            re.findall(r"^  (?:-\S+(?: [A-Z_,.\[\] ]+)?|\S+)\s{2,}(.+)$", texts[lang], re.M)
        )
        left = {h for h in en_helps & shown_helps if english_words(h)}
        left.discard("also print the web page's permalink")  # camelot_rules.front.links: not ours
        assert not left, (command, left)
        assert "usage:" not in texts[lang] and "options:" not in texts[lang], command
        assert "show this help message and exit" not in texts[lang], command


def test_argparse_speaks_english_outside_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own words follow the CLI's language only while the CLI runs: another program's
    parser in the same process keeps them (the hook is a context variable, not a global)."""
    import argparse

    with pytest.raises(SystemExit):
        main(["--lang", "ja", "siege", "--help"])
    assert capsys.readouterr().out.startswith("使い方: camelot-rules siege")
    other = argparse.ArgumentParser(prog="other")
    with language("ja"):
        assert other.format_usage().startswith("usage: other")
        assert "show this help message and exit" in other.format_help()


def test_the_english_draw_sentence_reads_once_of(capsys: pytest.CaptureFixture[str]) -> None:
    """The English verdict for several cards used to read "at least 2 of of ..."."""
    _code, out, _err = run(["draw", "black", "5", "despair", "picts", "--at-least", "2"], capsys)
    assert out.splitlines()[0].startswith("Drawing 5 from the black deck, at least 2 of Despair, ")


def test_japanese_help_fits_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A kanji or kana takes two columns: every line of every Japanese --help fits 80 columns
    (argparse counts characters: its lines ran past the edge), the usage's continuation lines
    start under the first option, and no line starts with closing punctuation."""
    import unicodedata

    def columns(line: str) -> int:
        return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)

    monkeypatch.setenv("COLUMNS", "80")
    with language("en"):
        commands = [(), *_subcommands(build_parser())]
    for command in commands:
        with pytest.raises(SystemExit):
            main(["--lang", "ja", *command, "--help"])
        lines = capsys.readouterr().out.splitlines()
        wide = [line for line in lines if columns(line) > 80 and " " in line.strip()]
        assert not wide, (command, wide)
        assert not [line for line in lines if line.strip()[:1] in tuple("、。）：")], command
        usage = lines[: next(i for i, line in enumerate(lines) if not line.strip())]
        if len(usage) > 1:
            first = columns(usage[0][: usage[0].index("[")])
            assert all(columns(line) - columns(line.lstrip()) == first for line in usage[1:])
