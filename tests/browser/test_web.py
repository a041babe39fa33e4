"""The zero-install web site (``make site`` -> build/web) in Debian's chromium, served by a plain
static server on 127.0.0.1: the real library answers in Pyodide, links reopen answers, bad
input reads as a message, the page fits a 390 px phone, and no request leaves the page's origin.

The site is built once per session (only when a source is newer than build/web), and loaded
once per module: later questions change the link, as a player would.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from camelot_rules.front.cli import answer_link
from camelot_rules.front.links import link_from_argv
from tests.browser.conftest import ARTIFACTS, ROOT, _free_port, _wait_http

TIMEOUT = 120_000  # Pyodide starts in ~4 s on a quiet machine; CI machines are shared
PHONE = {"width": 390, "height": 844}
LOG = ROOT / "tests" / "logs" / "bad_siege_score.log"


@pytest.fixture(scope="session")
def web_server() -> Iterator[str]:
    subprocess.run([sys.executable, str(ROOT / "docs" / "build_web.py"), "--if-stale"], check=True)
    port = _free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    with open(ARTIFACTS / "server-web.log", "w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
            cwd=ROOT / "build" / "web",
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            _wait_http(f"{base}/index.html", proc)
            yield base
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(10)


@pytest.fixture(scope="module")
def site(browser_context: Any, web_server: str) -> Iterator[tuple[Any, list[str]]]:
    """The site opened at a permalink; yields (page, every URL the page requested)."""
    page = browser_context.new_page()
    page.set_viewport_size(PHONE)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    try:
        page.goto(f"{web_server}/#siege?cards=3,4")
        _wait_answers(page, 1)
        yield page, requests
    finally:
        page.close()


def _wait_answers(page: Any, n: int) -> None:
    page.wait_for_function(
        "n => Number(document.body.dataset.answered || 0) >= n", arg=n, timeout=TIMEOUT
    )


def _open(page: Any, link: str) -> str:
    """Follow a link inside the loaded page (no reload) and return the answer shown."""
    n = int(page.evaluate("Number(document.body.dataset.answered || 0)"))
    page.evaluate("link => { location.hash = link; }", link)
    _wait_answers(page, n + 1)
    return str(page.inner_text("#result"))


def test_opening_a_permalink_answers_siege_three_plus_four(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    text = page.inner_text("#result")
    # 3 + 4 = 7 beats the faces 1..6 of the eight-sided die, a tie loses: 6/8 = 3/4
    assert "3/4 (75.00%)" in text
    assert page.input_value("form[data-page=siege] input[name=cards]") == "3,4"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-siege-phone.png"), full_page=True)


def test_the_form_makes_the_link_and_the_link_the_answer(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    n = int(page.evaluate("Number(document.body.dataset.answered)"))
    page.fill("form[data-page=siege] input[name=cards]", "5 4")
    page.check("form[data-page=siege] input[name=excalibur]")
    page.click("form[data-page=siege] button[type=submit]")
    _wait_answers(page, n + 1)
    link = "#siege?cards=5,4&excalibur=1"  # the example link
    assert page.evaluate("location.hash") == link
    assert link_from_argv(["siege", "5", "4", "--excalibur"]) == link  # the CLI's --link agrees
    shown = page.inner_text("#result")
    assert "P(win) = 1 " in shown  # 5 + 4 + 1 = 10 beats every face 1..8
    assert page.get_attribute("#permalink", "href") == link
    # the same library on this machine gives the same text, word for word
    assert shown == answer_link(link)[1]


@pytest.mark.parametrize(
    "argv",
    [
        ["travel", "--seen", "captured, vision", "--grail", "--trips", "3"],
        ["deck", "black", "--expansion", "--cards", "morgan_witch_2"],
        ["draw", "white", "2", "grail"],
        ["quest", "combat", "lancelot", "--whites", "4", "5", "5", "--black-hidden", "4"],
        ["verify", str(LOG)],
        ["quest", "war-race", "picts", "--fights", "2", "--hand", "3,4", "--hand", "5"],
        ["--lang", "ja", "siege", "3", "4"],
    ],
    ids=["travel", "deck", "draw", "quest", "verify", "war-race", "japanese"],
)
def test_each_page_answers_as_the_library(site: tuple[Any, list[str]], argv: list[str]) -> None:
    page, _ = site
    link = link_from_argv(argv)
    assert _open(page, link) == answer_link(link)[1]
    form = f"form[data-page={link[1:].split('?')[0]}]"
    assert page.is_visible(form)


def test_play_log_pasted_into_the_form(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    page.select_option("#lang", "")  # English (a link in Japanese may have set the language)
    page.click("#tabs button[data-tab=verify]")
    n = int(page.evaluate("Number(document.body.dataset.answered)"))
    page.fill("form[data-page=verify] textarea[name=text]", LOG.read_text())
    page.click("form[data-page=verify] button[type=submit]")
    _wait_answers(page, n + 1)
    text = page.inner_text("#result")
    assert text.startswith("the play log:") and "Traceback" not in text
    assert "warning" in (page.get_attribute("#result", "class") or "")  # rules were broken


def test_bad_input_shows_a_clear_message(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    text = _open(page, "#siege?cards=3,x")
    assert "cards=3,x: 'x' is not a whole number" in text
    assert page.get_attribute("#result", "class") == "error"
    cards = "form[data-page=siege] input[name=cards]"
    assert page.get_attribute(cards, "aria-invalid") == "true"  # the field is outlined
    text = _open(page, "#draw?deck=white&draws=99&cards=grail")
    assert "99" in text and "Traceback" not in text
    assert page.get_attribute("#result", "class") == "error"


def test_fits_a_390_px_phone(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    for tab in page.eval_on_selector_all("#tabs button", "bs => bs.map(b => b.dataset.tab)"):
        page.click(f"#tabs button[data-tab={tab}]")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{tab}: the page is {width} px wide"


def test_no_request_leaves_the_pages_origin(site: tuple[Any, list[str]], web_server: str) -> None:
    _, requests = site
    assert requests, "the page made no request at all?"
    foreign = [u for u in requests if not u.startswith(web_server + "/")]
    assert foreign == []
    assert any(u.endswith("pyodide.asm.wasm") for u in requests)
    assert any("/wheels/camelot_rules-" in u for u in requests)
