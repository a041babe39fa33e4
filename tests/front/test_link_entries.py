"""Permalinks built from their page's declared fields only (issue 31).

A link's command is built from the settings its web page shows (``links.page_fields``), so a
value can never become an option (``cards=grail,--at-least=2`` is refused, not read as
``--at-least 2``), a link never sets what its page does not show, and a damaged link (bad
percent-encoding) is refused with a message, never guessed at.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from camelot_rules.front import links
from camelot_rules.front.cli import answer_link, build_parser, main
from tests.front.test_links import _Forms

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "link",
    [
        "#draw?deck=white&draws=2&cards=grail,--at-least=2",
        "#draw?deck=white&draws=2&cards=grail,--expansion",
        "#draw?deck=white&draws=2&cards=--help",
        "#travel?seen=--grail",
        "#deck?deck=black&cards=-x",
        "#quest-war-race?war=picts&hand=3,4/--turns=9",
    ],
)
def test_a_value_starting_with_a_dash_never_becomes_an_option(link: str) -> None:
    code, text = answer_link(link)
    assert code == 2 and "starts with '-'" in text, text


def test_a_logs_text_is_the_log_never_the_command_line() -> None:
    code, text = answer_link("#verify?text=--help")
    assert code == 2 and "unknown event '--help'" in text  # read as the log's first line


def test_the_campaigns_link_answers_the_question_it_shows() -> None:
    code, text = answer_link("#draw?deck=white&draws=2&cards=grail,--at-least=2")
    assert code == 2 and "--at-least=2" in text
    # the question the page shows, asked properly, is answered
    assert answer_link("#draw?deck=white&draws=2&cards=grail")[0] == 0


@pytest.mark.parametrize(
    ("link", "key"),
    [
        ("#deck?deck=black&one-deck=1", "one-deck"),
        ("#quest-combat?quest=lancelot&whites=4&divine-favor=1", "divine-favor"),
        ("#quest-grail?laid=2&knights=3", "knights"),
        ("#siege?cards=3,4&exact=1", "exact"),
        ("#siege?cards=3,4&help=1", "help"),
    ],
)
def test_a_link_never_carries_a_setting_its_page_does_not_show(link: str, key: str) -> None:
    code, text = answer_link(link)
    assert code == 2 and f"unknown setting {key!r}" in text, text


def test_the_cli_says_when_a_question_has_no_link(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "black", "--one-deck", "--link"]) == 0
    out = capsys.readouterr().out
    assert "permalink: none (--one-deck has no field on the 'deck' web page" in out
    assert main(["siege", "3", "4", "--exact", "--link"]) == 0  # the display's setting
    assert capsys.readouterr().out.rstrip().endswith("#siege?cards=3,4")


@pytest.mark.parametrize(
    "link",
    [
        "#siege?cards=3%2",
        "#siege?cards=%zz",
        "#siege?cards=%E0%A4%A",
        "#siege?cards=%ff",
        "#sie%ge",
    ],
)
def test_bad_percent_encoding_is_refused(link: str) -> None:
    code, text = answer_link(link)
    assert code == 2 and "bad percent-encoding" in text, text


def test_every_field_a_page_carries_is_on_its_web_form() -> None:
    forms = _Forms()
    forms.feed((ROOT / "docs" / "web" / "index.html").read_text(encoding="utf-8"))
    for page in links.pages():
        if page in forms.forms:  # the page's form shows every setting a link carries
            assert set(links.page_fields(page)) - {"lang"} == forms.forms[page], page


def test_the_web_page_answers_a_damaged_link_instead_of_keeping_the_last_answer() -> None:
    # docs/web/app.js: a link whose %-encoding the browser cannot decode is handed to the
    # library anyway (which refuses it), never dropped with the previous answer left in view
    js = (ROOT / "docs" / "web" / "app.js").read_text(encoding="utf-8")
    assert "function pageOf(link)" in js
    assert "pageOf(hash)" in js and "pageOf(link)" in js


# --- the property: a link's command sets only the link's own settings -----------------------------
VALUES = [
    "1",
    "0",
    "3",
    "3,4",
    "-1",
    "-x",
    "--help",
    "--expansion",
    "grail",
    "grail,--kay",
    "a b",
    "x=1",
    "%",
    "despair: 2",
    "5/--lang=ja",
    "",
    " ",
    "lancelot",
    "picts",
    "9" * 30,
]


@settings(max_examples=300)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_links_command_sets_nothing_but_its_settings(seed: int) -> None:
    rng = random.Random(seed)
    page = rng.choice(links.pages())
    keys = [k for k in links.page_fields(page) if k != "text"]
    chosen = {k: rng.choice(VALUES) for k in rng.sample(keys, rng.randint(0, min(4, len(keys))))}
    link = f"#{page}?" + "&".join(f"{k}={v}" for k, v in chosen.items())
    try:
        argv = links.argv_from_link(link, log_path="x.log")
    except ValueError:
        return
    dashes = [w for w in argv if w.startswith("-") and "=" not in w and not w[1:].isdigit()]
    assert set(dashes) <= _options(page), (link, argv)
    try:
        args = build_parser().parse_args(argv)
    except SystemExit:  # refused by the command line itself, with its message
        return
    back = links.parse_link(links.link_from_namespace(args))[1]
    assert set(back) <= set(chosen), (link, argv, back)


def _options(page: str) -> set[str]:
    leaf = links._pages()[page]
    parser = build_parser()
    return {o for a in (*leaf._actions, *parser._actions) for o in a.option_strings}
