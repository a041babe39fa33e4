"""Permalinks (camelot_rules.front.links): a link stands for exactly one command line, opening it
gives the command's own answer, and a bad link is refused with a message naming the bad setting."""

from __future__ import annotations

import argparse
import subprocess
import sys
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from camelot_rules.front import links
from camelot_rules.front.cli import answer_link, build_parser, main

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "tests" / "logs"

COMMANDS = [
    ["siege", "3", "4"],
    ["--lang", "ja", "siege", "3", "4"],
    ["siege", "5", "4", "--excalibur"],
    ["siege", "3", "--kay-reserve", "2,5", "--divine-favor"],
    ["siege", "--hand", "5", "4", "2", "2"],
    ["siege", "--turn", "--kay", "5", "4", "3", "--life", "3"],
    ["siege", "--dealt", "--expansion"],
    ["draw", "white", "2", "grail"],
    ["draw", "black", "5", "picts", "saxons", "--at-least", "2"],
    ["deck", "black", "--expansion", "--mix", "1: 1/2, 2: 1/2", "--horizon", "30"],
    ["deck", "white", "--drawn", "grail: 3", "--turns", "3"],
    ["travel", "--seen", "captured, vision", "--grail", "--trips", "3"],
    ["decks", "--expansion"],
    ["quest", "combat", "lancelot", "--whites", "4", "5", "5", "--black-hidden", "4"],
    ["quest", "next", "black-knight", "--whites", "3", "3", "--hand", "5", "1", "3"],
    ["quest", "war", "picts", "--fights", "2", "--hand", "3", "4", "--actions", "3"],
    ["quest", "war-race", "picts", "--fights", "2", "--hand", "3,4", "--hand", "5", "--turns", "2"],
    ["quest", "grail", "--laid", "3", "--despair", "2", "--hands", "2,1", "--turns", "2"],
]


def _namespace(argv: list[str]) -> dict[str, object]:
    ns = vars(build_parser().parse_args(argv))
    ns.pop("run", None)
    return ns


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a) for a in COMMANDS])
def test_link_stands_for_the_same_command(argv: list[str]) -> None:
    link = links.link_from_argv(argv)
    assert link.startswith("#") and " " not in link
    assert _namespace(links.argv_from_link(link)) == _namespace(argv)


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a) for a in COMMANDS])
def test_opening_a_link_gives_the_commands_answer(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err  # each command here is a valid question
    assert answer_link(links.link_from_argv(argv)) == (code, out.rstrip("\n"))


def test_the_issues_example_link() -> None:
    # 5 + 4 + 1 (Excalibur) = 10 beats every face 1..8 of the die: P(win) = 1
    assert links.link_from_argv(["siege", "5", "4", "--excalibur"]) == (
        "#siege?cards=5,4&excalibur=1"
    )
    code, text = answer_link("#siege?cards=5,4&excalibur=1")
    assert code == 0 and "P(win) = 1 " in text
    # 3 + 4 = 7 beats faces 1..6 of 8: 6/8 = 3/4
    code, text = answer_link("http://example.org/x/#siege?cards=3,4")
    assert code == 0 and "3/4 (75.00%)" in text


def test_the_language_travels_in_the_link() -> None:
    link = links.link_from_argv(["--lang", "es", "draw", "white", "2", "grail"])
    assert link == "#draw?deck=white&draws=2&cards=grail&lang=es"
    assert links.argv_from_link(link)[:2] == ["--lang=es", "draw"]
    code, text = answer_link("#siege?cards=3,4&lang=ja")
    assert code == 0 and "3/4" in text and "勝率" in text  # "win rate" in the Japanese catalog
    code, text = answer_link("#siege?cards=3,4&lang=fr")
    assert code == 2 and "lang=fr: expected one of en, ja, es" in text


def test_an_option_given_twice_joins_its_values_with_a_slash() -> None:
    argv = ["quest", "war-race", "picts", "--hand", "3,4", "--hand", "5", "--turns", "2"]
    link = links.link_from_argv(argv)
    assert link == "#quest-war-race?war=picts&hand=3,4/5&turns=2"
    assert links.argv_from_link(link)[-3:] == ["--hand=3,4", "--hand=5", "--turns=2"]


def test_spaces_and_percent_encoding_round_trip() -> None:
    link = links.link_from_argv(["travel", "--seen", "captured, vision", "--grail"])
    assert link == "#travel?seen=captured,%20vision&grail=1"
    assert links.parse_link(link) == ("travel", {"seen": "captured, vision", "grail": "1"})


@pytest.mark.parametrize(
    ("link", "needle"),
    [
        ("#siege?cards=3,x", "cards=3,x: 'x' is not a whole number"),
        ("#siege?cards=3&excalibur=yes", "excalibur=yes: expected 1 (yes) or 0 (no)"),
        ("#siege?cards=3&colour=red", "unknown setting 'colour'"),
        ("#siege?cards=3&cards=4", "'cards' is given twice"),
        ("#siege?cards", "'cards' has no value"),
        ("#sieg?cards=3", "unknown page 'sieg': expected one of siege, draw"),
        ("#simulate?games=5", "unknown page 'simulate'"),
        ("#draw?deck=white&cards=grail", "draw: draws is needed"),
        ("#draw?deck=pink&draws=2&cards=grail", "deck=pink: expected one of white, black, travel"),
        ("#quest-next?quest=lancelot", "quest-next: hand is needed"),
        ("#siege?cards=5,4&hand=1&turn=1", "not allowed with"),  # argparse's own refusal
        ("#siege?cards=9", "9"),  # the library's message, passed through
        ("#draw?deck=white&draws=99&cards=grail", "99"),
    ],
)
def test_a_bad_link_names_what_is_wrong(link: str, needle: str) -> None:
    code, text = answer_link(link)
    assert code == 2 and needle in text, text
    assert "Traceback" not in text and "usage:" not in text


def test_verify_link_carries_the_log(capsys: pytest.CaptureFixture[str]) -> None:
    log = LOGS / "bad_siege_score.log"
    link = links.link_from_argv(["verify", str(log), "--stats"])
    assert link.startswith("#verify?text=") and link.endswith("&stats=1")
    main(["verify", str(log), "--stats"])
    cli = capsys.readouterr().out.rstrip("\n")
    code, text = answer_link(link)
    assert code == 1  # rules broken: the CLI's exit code for a log with violations
    assert text.splitlines()[1:] == cli.splitlines()[1:]  # the first line names the file
    assert text.splitlines()[0] == "the play log:"
    with pytest.raises(ValueError, match="log_path"):
        links.argv_from_link(link)


def test_cli_link_option_prints_the_permalink(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["siege", "3", "4", "--link"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("permalink: http://127.0.0.1:8000/#siege?cards=3,4")
    monkeypatch.setenv("CAMELOT_RULES_SITE", "https://example.org/camelot/index.html")
    assert main(["quest", "war", "saxons", "--actions", "4", "--link"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith(
        "permalink: https://example.org/camelot/index.html#quest-war?war=saxons&actions=4"
    )
    with pytest.raises(SystemExit):  # simulate has no web page, so no --link
        build_parser().parse_args(["simulate", "--games", "1", "--link"])


def test_every_page_but_simulate_has_a_link_option() -> None:
    pages = links.pages()
    assert "simulate" not in pages and {"siege", "verify", "quest-combat"} <= set(pages)
    for page in pages:
        argv = page.split("-", 1) if page.startswith("quest-") else [page]
        with pytest.raises(SystemExit) as stop:
            build_parser().parse_args([*argv, "--help"])
        assert stop.value.code == 0


def test_link_from_namespace_refuses_simulate() -> None:
    ns = argparse.Namespace(command="simulate")
    with pytest.raises(ValueError, match="'simulate' has no web page"):
        links.link_from_namespace(ns)


class _Forms(HTMLParser):
    """docs/web/index.html's forms: page -> the link keys its fields write."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, set[str]] = {}
        self.page: str | None = None
        self.flags = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.page = a["data-page"]
            self.forms[str(self.page)] = set()
        elif self.page and tag == "select":
            self.flags = "data-flags" in a
        if self.page and tag in ("input", "select", "textarea") and a.get("name"):
            self.forms[self.page].add(str(a["name"]))
        if self.page and tag == "option" and self.flags and a.get("value"):
            self.forms[self.page].add(str(a["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.page = None
        if tag == "select":
            self.flags = False


def test_every_web_form_field_is_a_setting_of_its_page() -> None:
    # The page's forms write links by field name: a renamed CLI option must fail here, not
    # in a player's hands. Every page named must exist, every field must be one of its keys.
    forms = _Forms()
    forms.feed((ROOT / "docs" / "web" / "index.html").read_text(encoding="utf-8"))
    assert {"siege", "travel", "deck", "draw", "quest-combat", "verify"} <= set(forms.forms)
    for page, names in forms.forms.items():
        link = f"#{page}?" + "&".join(f"{n}=1" for n in sorted(names))
        try:
            links.argv_from_link(link, log_path="x")
        except ValueError as err:  # values are nonsense here: only unknown names matter
            assert "unknown" not in str(err), f"{page}: {err}"


def test_web_startup_defers_networkx_and_the_explorer_still_works() -> None:
    # docs/web/start.py (run by the web page) puts a stand-in for networkx: the calculators
    # must answer without importing it, and the explorer must load it on first use and give
    # the same exact answer. CoinRace(2): first to 2 of a fair coin; by symmetry each side 1/2.
    code = (
        "import runpy, sys\n"
        "g = runpy.run_path('docs/web/start.py')\n"
        "print(g['answer_link']('#siege?cards=3,4')[1].count('3/4') >= 1)\n"
        "print('networkx.classes' in sys.modules)\n"
        "from camelot_rules import explore, outcome_probabilities\n"
        "from camelot_rules.explorer.models import CoinRace\n"
        "print(outcome_probabilities(explore(CoinRace(2))))\n"
        "print('networkx.classes' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out[:2] == ["True", "False"] and out[3] == "True"
    assert sorted(eval(out[2], {"Fraction": Fraction}).values()) == [Fraction(1, 2)] * 2
