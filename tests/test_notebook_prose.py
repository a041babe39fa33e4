"""Every number the notebooks' prose states is tied to the code that computes it.

A notebook's prose (its markdown cells) may state a number only where this file ties it to the
library: each entry below is a phrase of the prose, with the values that the rule data, the
engine or a calculator gives for its numbers. A number outside every phrase fails, unless it is
one of the words that are not rule numbers (citations such as *RB p.10*, ordinals such as 5th,
section and notebook numbers, a year), or a plain input that the code of the same section
writes as it is (a hand "5, 1, 3", a horizon of 200 turns). So a rule fixed in the engine or
the rule data, or a calculator that changes, fails here until the prose says the new number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from camelot_rules import combat_race_probability, excalibur_race
from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.engine.arithmetic import after_hidden_traitors
from camelot_rules.front.display import fmt_percent
from camelot_rules.odds.expansion import NEW_SPECIALS, WITCHES, card_demos
from camelot_rules.odds.rebuilds import default_other_deck
from camelot_rules.odds.travel import expected_turns_lost

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
T = rulebook.threshold

# Words that are not rule numbers, in every language.
CITATION = re.compile(
    r"\*(?:JA|RB|BoQ|ES|F)\b[^*]*\*"  # *JA witches*, *RB p.10; BoQ p.16*
    r"|\b(?:RB|BoQ|ES)\s+pp?\.\s?\d+(?:[-–]\d+)?(?:,\s*pp?\.\s?\d+(?:[-–]\d+)?)*"
    r"|\bpp?\.\s?\d+(?:[-–]\d+)?"
)
CODE = re.compile(r"`[^`]*`")
WORDS = {
    "en": re.compile(
        r"\b\d(?:st|nd|rd|th)\b|\bsection \d\b|\bnotebooks? \d+|\bDispute \d\b|^#+ \d+\.|\b2005\b",
        re.M,
    ),
    "ja": re.compile(
        r"第\d|\d節|ノート\d+|2005年|^#+ \d+\.|\dつ|\d〜\d文|\d文|\dページ"
        r"|騎士2人|(?<!\d)1(?:枚(?!目)|回|体|台|人を)",
        re.M,
    ),
    "es": re.compile(r"\d\.ª|\bsección \d\b|\bcuaderno \d+|\b2005\b|^#+ \d+\.", re.M),
}
NUMBER = re.compile(r"\d+(?:[.,/]\d+)*%?")


def _demo(card: str, what: str) -> tuple[object, object]:
    (demo,) = card_demos((card,))
    return next((b, a) for w, b, a in demo.facts if w == what)


def _slayer_draws() -> int:
    before, after = _demo("dragon_slayer", "white cards in hand")
    fights = _demo("dragon_slayer", "Fight cards laid on the Dragon")[1]
    return int(after) - int(before) + 1 + int(fights)  # the card itself left the hand


def _life_lost_to_the_fourth_witch() -> int:
    before, after = _demo("morgan_witch_4", "life of the knights")
    return int(before[0]) - int(after[0])  # type: ignore[index]


def _lasting_witches() -> int:
    return sum(1 for d in card_demos(WITCHES) if d.lasting)


def _tournament() -> int:
    before, after = _demo("tournament", "life of the knight who plays it")
    return int(after) - int(before)


def _formula_one() -> int:
    # "(1 - chance) / chance": the calculator's expected turns lost
    p = Fraction(1, 3)
    assert expected_turns_lost(p) == (1 - p) / p
    return 1


LESSON: dict[str, Callable[[], list[object]]] = {
    "players 7-8": lambda: [T("two_traitor_min_players"), T("expansion_max_players")],
    "up to 8": lambda: [T("expansion_max_players")],
    "from 7": lambda: [T("two_traitor_min_players")],
    "3-8 players": lambda: [T("base_min_players"), T("expansion_max_players")],
    "travel deck": lambda: [standard_deck("travel", expansion=True).size],
    "added cards": lambda: [
        sum(e.count for e in rulebook.EXPANSION_BLACK),
        sum(e.count for e in rulebook.EXPANSION_WHITE),
    ],
    "witches": lambda: [len(WITCHES)],
    "specials": lambda: [len(NEW_SPECIALS)],
    "traitors": lambda: [next(e.count for e in rulebook.EXPANSION_LOYALTY if e.name == "traitor")],
    "witches at once / lasting": lambda: [len(WITCHES) - _lasting_witches(), _lasting_witches()],
    "life lost": lambda: [_life_lost_to_the_fourth_witch()],
    "fifth witch": lambda: [
        rulebook.wrong_accusation_flips(fifth_witch=True),
        rulebook.wrong_accusation_flips(fifth_witch=False),
    ],
    "fifth witch, ja order": lambda: [
        rulebook.wrong_accusation_flips(fifth_witch=False),
        rulebook.wrong_accusation_flips(fifth_witch=True),
    ],
    "slayer draws": lambda: [_slayer_draws()],
    "slayer fights": lambda: [_demo("dragon_slayer", "Fight cards laid on the Dragon")[1]],
    "tournament": lambda: [_tournament()],
    "hidden traitors": lambda: [rulebook.hidden_traitor_flips(1), rulebook.hidden_traitor_flips(2)],
    "hidden traitors, ja": lambda: [
        1,
        rulebook.hidden_traitor_flips(1),
        2,
        rulebook.hidden_traitor_flips(2),
    ],
    "one or two traitors": lambda: [1, 2],
    "formula": lambda: [_formula_one()],
    "board": lambda: ["code", r"new_game\((\d+),", r"range\((\d+)\)"],
}

# (the phrase, with one group per number; the fact its numbers are)
PHRASES: dict[str, list[tuple[str, str]]] = {
    "en": [
        (r"games for (\d)-(\d) players", "players 7-8"),
        (r"shuffle the (\d+) travel cards", "travel deck"),
        (r"Add (\d+) black and (\d+) white cards", "added cards"),
        (r"loses (\d) life", "life lost"),
        (r"turns (\d) white swords black instead of (\d)", "fifth witch"),
        (r"draw (\d) white cards", "slayer draws"),
        (r"also lay (\d) Fight cards", "slayer fights"),
        (r"gain (\d) life points", "tournament"),
        (r"plays up to (\d)", "up to 8"),
        (r"At (\d) or (\d) players", "players 7-8"),
        (
            r"one hidden traitor turns (\d) white\s+swords black, two hidden traitors turn (\d)",
            "hidden traitors",
        ),
        (r"choose (\d)-(\d) players", "3-8 players"),
        (r"a (\d)-player game after (\d+) seeded random steps", "board"),
        (r"\((\d) - chance\) / chance", "formula"),
    ],
    "ja": [
        (r"(\d)〜(\d)人のゲーム", "players 7-8"),
        (r"(\d)人の裏切り者", "traitors"),
        (r"モルガンの(\d)魔女", "witches"),
        (r"(\d)人の魔女", "witches"),
        (r"スペシャル白カード(\d)種", "specials"),
        (r"(\d)種とも", "specials"),
        (r"移動カード(\d+)枚をシャッフル", "travel deck"),
        (r"追加の黒カード(\d+)枚と白カード(\d+)枚", "added cards"),
        (
            r"(\d)人は引いたときに一度だけ働きます。[\s\S]*?(\d)人は場に残ります",
            "witches at once / lasting",
        ),
        (r"生命力(\d)を失", "life lost"),
        (r"白剣(\d)本ではなく(\d)本", "fifth witch, ja order"),
        (r"白カード(\d)枚を山札から引きます", "slayer draws"),
        (r"戦闘カードを(\d)枚場に", "slayer fights"),
        (r"生命力を(\d)点回復", "tournament"),
        (r"最大(\d)人", "up to 8"),
        (r"(\d)人以上のゲーム", "from 7"),
        (r"(\d)人か(\d)人なら", "players 7-8"),
        (r"裏切り者が(\d)人いるかもしれない", "traitors"),
        (r"(\d)枚目の裏切り者カード", "traitors"),
        (r"裏切り者が(\d)人なら白剣(\d)本を、(\d)人なら(\d)本", "hidden traitors, ja"),
        (r"裏切り者が(\d)人または(\d)人", "one or two traitors"),
        (r"(\d)〜(\d)人とシード", "3-8 players"),
        (r"(\d)人のゲームでシード付きのランダムな(\d+)ステップ", "board"),
        (r"（(\d) − 確率）／確率", "formula"),
    ],
    "es": [
        (r"de (\d)-(\d) jugadores", "players 7-8"),
        (r"\((\d)-(\d) jugadores\)", "players 7-8"),
        (r"las (\d+) cartas de Viaje", "travel deck"),
        (r"Añade (\d+) cartas Negras y (\d+) Blancas", "added cards"),
        (r"pierde (\d) punto de Vida", "life lost"),
        (r"convierte (\d) Espadas Blancas en Negras en vez de (\d)", "fifth witch"),
        (r"roba (\d) cartas Blancas", "slayer draws"),
        (r"pon (\d) cartas de Lucha", "slayer fights"),
        (r"gana (\d) puntos de Vida", "tournament"),
        (r"hasta con (\d)", "up to 8"),
        (r"Con (\d) u (\d) jugadores", "players 7-8"),
        (
            r"un Traidor oculto convierte (\d) Espadas Blancas"
            r" en Negras, dos Traidores ocultos convierten (\d)",
            "hidden traitors",
        ),
        (r"elige de (\d) a (\d) jugadores", "3-8 players"),
        (r"una partida de (\d) jugadores tras (\d+) pasos", "board"),
        (r"\((\d) - probabilidad\) / probabilidad", "formula"),
    ],
}


def _cells(path: Path) -> list[tuple[str, str]]:
    return [
        (c["cell_type"], "".join(c["source"]))
        for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
    ]


def _blank(text: str, rx: re.Pattern[str]) -> str:
    return rx.sub(lambda m: " " * len(m.group()), text)


def _stated(prose: str, lang: str) -> list[tuple[int, str]]:
    """The numbers of ``prose`` that are not words (citations, ordinals, code spans)."""
    text = _blank(_blank(_blank(prose, CODE), CITATION), WORDS[lang])
    return [(m.start(), m.group()) for m in NUMBER.finditer(text)]


def _expected(fact: str, code: str) -> list[str]:
    values = LESSON[fact]()
    if values and values[0] == "code":  # numbers the notebook's code writes as they are
        return [re.search(str(rx), code).group(1) for rx in values[1:]]  # type: ignore[union-attr]
    return [str(v) for v in values]


@pytest.mark.parametrize("lang", ["en", "ja", "es"])
def test_the_lessons_prose_states_only_numbers_the_library_gives(lang: str) -> None:
    suffix = "" if lang == "en" else f".{lang}"
    cells = _cells(NOTEBOOKS / f"08_teaching_the_expansion{suffix}.ipynb")
    code = "\n".join(src for kind, src in cells if kind == "code")
    prose = "\n\n".join(src for kind, src in cells if kind == "markdown")
    covered: set[int] = set()
    for phrase, fact in PHRASES[lang]:
        matches = list(re.finditer(phrase.replace(" ", r"\s+"), prose))
        assert matches, f"{lang}: the phrase {phrase!r} is no longer in the prose"
        for m in matches:
            assert list(m.groups()) == _expected(fact, code), (lang, phrase)
            covered.update(m.start(g) for g in range(1, len(m.groups()) + 1))
    loose = [(i, n) for i, n in _stated(prose, lang) if i not in covered]
    assert not loose, f"{lang}: numbers in the prose that nothing ties: " + ", ".join(
        f"{n!r} in {prose[max(0, i - 30) : i + 20]!r}" for i, n in loose
    )


# --- notebooks 03, 06, 09: their results, and each input to the code of its own section ------
def _other_deck(code: str) -> list[object]:
    other = default_other_deck("black")
    return [other.pile, max(other.draws_per_turn)]


def _mix(code: str) -> list[object]:
    # the draws a turn the notebook's code assumes: {0: Fraction(1, 3), 1: ..., 2: ...}
    return ["{}/{}".format(*f) for f in re.findall(r"Fraction\((\d+), (\d+)\)", code)[:3]]


def _standard_errors(code: str) -> list[object]:
    # the standard error of a mean of n draws is the distribution's deviation over sqrt(n)
    from camelot_rules import DeckPosition, forecast, turns_until_exhausted

    mix = {0: Fraction(1, 3), 1: Fraction(1, 2), 2: Fraction(1, 6)}
    assert _mix(code) == ["1/3", "1/2", "1/6"]
    fc = forecast(
        DeckPosition(standard_deck("black", expansion=True), expansion=True), mix, 8, cards=WITCHES
    )
    mean = sum(k * p for k, p in fc.count.items())
    var = sum((k - mean) ** 2 * p for k, p in fc.count.items())
    runout = turns_until_exhausted(76, mix, horizon=200)
    m2 = sum(t * p for t, p in runout.items()) / sum(runout.values())
    var2 = sum((t - m2) ** 2 * p for t, p in runout.items()) / sum(runout.values())
    n1 = int(re.search(r"mix, 8, (\d+),", code).group(1))  # type: ignore[union-attr]
    n2 = int(re.search(r"exhausted\(76, mix, (\d+),", code).group(1))  # type: ignore[union-attr]
    return [f"{float(var / n1) ** 0.5:.3f}", f"{float(var2 / n2) ** 0.5:.1f}"]


def _accusation_log(code: str) -> list[object]:
    log = re.search(r'log = """(.*?)"""', code, re.S).group(1)  # type: ignore[union-attr]
    swords = sum(int(n) for n in re.findall(r"sword (?:white|black) (\d+)", log))
    return [swords, len(re.findall(r"evil \w+ engine", log))]


def _lancelot_example(code: str) -> list[object]:
    whites = [4, 5, 5]
    assert f"{whites}" in code.replace(" ", "").replace(",", ", ")
    cards = re.findall(r'"lancelot_dragon_(\d+)_\d+"', code.split('"lancelot", [4, 5, 5]')[1])
    blacks = [int(c) for c in cards[:5]]
    return [*whites, sum(whites), *blacks, sum(blacks)]


def _black_knight(code: str) -> list[object]:
    shows = [4, 4]
    assert 'combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1]' in code
    return [sum(shows), sum(shows), sum(shows) + 1 + 1]


def _turn_choice(code: str) -> list[object]:
    hand = sorted(
        int(v) for v in re.findall(r'"fight_(\d)": 1', code.split("table = position(")[1])[:2]
    )
    blacks = [
        int(v)
        for v in re.findall(r'"black_knight_(\d)"(?!, True)', code.split("table = position(")[1])
    ]
    return [*hand, 2, *blacks, 2, *blacks]


def _excalibur_two_steps(code: str) -> list[object]:
    steps = T("excalibur_steps")
    one = excalibur_race(steps - 2, [3], 8, players=4).p_win
    assert fmt_percent(one) == "28.2%"  # one knight, 3 cards, truly two steps from the bank
    return [steps - 2, steps]


def _combat_lay_the_ones(code: str) -> list[object]:
    def p(schedule: str) -> str:
        return fmt_percent(
            combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1], schedule=schedule)
        )

    return [p(""), p("wbw"), p("waw")]


def _war_lost(code: str) -> list[object]:
    picts = rulebook.quest_data("picts")
    return [picts.lose_engines, picts.lose_black_swords]


RESULTS: dict[str, list[tuple[str, Callable[[str], list[object]]]]] = {
    "03_deck_exhaustion": [
        (r"by default (\d+) white cards, (\d) drawn half", _other_deck),
        (
            r"black card (\d/\d) of the time, \*\*one\*\*"
            r" (\d/\d) of the time and \*\*two\*\* (\d/\d)",
            _mix,
        ),
        (
            r"In a fresh (\d+)-card black deck",
            lambda c: [standard_deck("black", expansion=True).size],
        ),
        (
            r"it is (\d/\d), and for any of the six, (\d/\d) = (\d+\.\d+%)",
            lambda c: [Fraction(1, 2), Fraction(6, 7), fmt_percent(Fraction(6, 7), 2)],
        ),
        (r"a little below (\d/\d)", lambda c: [Fraction(6, 7)]),
        (r"(\d+) cards left in the black draw pile, (\d) of them", lambda c: [12, 4]),
        (r"(\d+) cards in the discards with (\d) more", lambda c: [20, 3]),
        (
            r"standard errors about (\d\.\d+) for the witch count and (\d\.\d+) turns",
            _standard_errors,
        ),
    ],
    "06_rules_disputes": [
        (r"accuse now\?\" – (\d) swords and (\d) siege engines", _accusation_log),
        (r"No: (\d) swords and (\d) siege engines", _accusation_log),
        (r"flip \*\*(\d)\*\* white swords", lambda c: [rulebook.hidden_traitor_flips(2)]),
        (r"rates the (\d) MED-HIGH", lambda c: [rulebook.hidden_traitor_flips(2)]),
        (r"(\d)–(\d) becomes (\d)–(\d)", lambda c: [8, 4, *after_hidden_traitors(8, 4, 2)]),
        (r"it is (\d)–(\d), a tie", lambda c: [*after_hidden_traitors(8, 4, 1)]),
        (r"both thresholds \((\d) of either\)", lambda c: [T("accusation_min_swords")]),
    ],
    "09_quests": [
        (r"The quest has (\d) spots", lambda c: [rulebook.quest_data("grail").white_spots]),
        (r"place (\d) on the track \(the bank is at \+(\d)\)", _excalibur_two_steps),
        (r"The track has (\d) steps each way", lambda c: [T("excalibur_steps")]),
        (r"Laying the 1s turns (\S+%) into (\S+%) \((\S+%) if", _combat_lay_the_ones),
        (
            r"Despair drawn \((\d+) in the (\d+)-card box\)",
            lambda c: [standard_deck("black").count("despair"), standard_deck("black").size],
        ),
        (r"its (\d+)-card black deck", lambda c: [standard_deck("black", expansion=True).size]),
        (r"Fight cards (\d), (\d), (\d), (\d), (\d) in order", lambda c: [*rulebook.FIGHT_VALUES]),
        (r"loses the war \((\d) siege engines, (\d) black sword\)", _war_lost),
        (r"Picts have (\d), (\d) laid", lambda c: [*rulebook.FIGHT_VALUES[:2]]),
        (
            r"Fight (\d) \+ (\d) \+ (\d) = (\d+) against Lancelot"
            r" cards (\d) \+ (\d) \+ (\d) \+ (\d) \+ (\d) = (\d+)",
            _lancelot_example,
        ),
        (
            r"would end with (\d+) against four black cards[\s\S]*?rows:"
            r" (\d+) against four[\s\S]*?(\d+) against three",
            _black_knight,
        ),
        (
            r"Fight (\d) and (\d); the Black Knight shows Fight (\d)"
            r" against (\d) \+ (\d)[\s\S]*?(\d) cannot beat (\d) \+ (\d)",
            _turn_choice,
        ),
    ],
}


def _sections(cells: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """(prose, the code that follows it until the next prose cell with a heading)."""
    out: list[tuple[str, str]] = []
    for kind, src in cells:
        if kind == "markdown":
            if out and not src.lstrip().startswith("#"):
                out[-1] = (out[-1][0] + "\n\n" + src, out[-1][1])
            else:
                out.append((src, ""))
        elif out:
            out[-1] = (out[-1][0], out[-1][1] + "\n" + src)
    return out


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_the_prose_of_notebooks_03_06_09_is_tied_to_the_code(name: str) -> None:
    cells = _cells(NOTEBOOKS / f"{name}.ipynb")
    code = "\n".join(src for kind, src in cells if kind == "code")
    sections = _sections(cells)
    covered: set[tuple[int, int]] = set()  # (section, offset) of each number a phrase ties
    for phrase, compute in RESULTS[name]:
        rx = re.compile(phrase.replace(" ", r"\s+"))
        hits = [(k, m) for k, (prose, _) in enumerate(sections) for m in rx.finditer(prose)]
        assert hits, f"{name}: the phrase {phrase!r} is no longer in the prose"
        for k, m in hits:
            assert list(m.groups()) == [str(v) for v in compute(code)], (name, phrase)
            covered.update((k, m.start(g)) for g in range(1, len(m.groups()) + 1))
    loose = []
    for k, (prose, section_code) in enumerate(sections):
        literals = set(re.findall(r"(?<![\w.])\d+(?![\w.])", section_code))
        for i, n in _stated(prose, "en"):
            if (k, i) not in covered and n not in literals:
                loose.append(f"{n!r} in {prose[max(0, i - 30) : i + 20]!r}")
    assert not loose, f"{name}: numbers in the prose that nothing ties: " + "; ".join(loose)
