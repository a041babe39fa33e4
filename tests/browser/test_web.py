"""The zero-install web page (``make site`` -> build/web) in Debian's chromium, served by a plain
static server on 127.0.0.1: the real library answers in Pyodide, links reopen answers, bad input
reads as a message in the player's words, the verdict is on a phone's first screen, the whole
page speaks English, Japanese or Spanish, and the page installs itself for offline use.

The site is built once per session (only when a source is newer than build/web), and loaded
once per module: later questions change the link, as a player would. Screenshots of a phone
(390 x 844) in English and Japanese go to test-artifacts/. Not timed: benchmarks/bench_web.py
measures the speed on a simulated phone.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from typing import Any
from urllib.parse import quote

import pytest

from camelot_rules.base.i18n import language
from camelot_rules.front.advice import where_to_go
from camelot_rules.front.cli import answer_link
from camelot_rules.front.links import link_from_argv
from camelot_rules.odds.quests import turn_choices
from camelot_rules.sim.logged import logged_position
from tests.browser.conftest import ARTIFACTS, ROOT, _free_port, _wait_http
from tests.front.test_advice_page import fraction_cell

TIMEOUT = 120_000  # Python starts in ~4 s on a quiet machine; CI machines are shared
PHONE = {"width": 390, "height": 844}
LOG = ROOT / "tests" / "logs" / "bad_siege_score.log"
# a clean base game up to line 11: Sir Gawain's heroic action to choose (the "advise" page)
WHERE_LOG = (ROOT / "tests" / "logs" / "where_gawain.log").read_text()
WHERE_HAND = "fight_3,fight_4,grail"
STRINGS = json.loads((ROOT / "docs" / "web" / "strings.json").read_text(encoding="utf-8"))
ONE_PER_PAGE = [  # an answer of every page
    "#siege?cards=5,4&excalibur=1",
    "#siege?hand=1&cards=5,4,2,2",
    "#travel?seen=captured,%20vision&grail=1&trips=5",
    "#deck?deck=black&expansion=1&cards=morgan_witch_2",
    "#draw?deck=white&draws=2&cards=grail",
    "#quest-combat?quest=lancelot&whites=4,5,5&black-hidden=4",
    "#quest-next?quest=dragon&hand=5,1,3",
    "#quest-war?war=picts&fights=2&hand=3,4&actions=7",
    "#quest-grail?laid=2&hands=2,1",
    "#quest-excalibur?steps=1&hands=3,2",
    "#quest-war-race?war=picts&fights=2&hand=3,4/5",
    "#decks?expansion=1",
    "#verify?text=" + quote(LOG.read_text(encoding="utf-8"), safe=",:/"),
    f"#advise?text={quote(WHERE_LOG, safe=',:/')}&hand={WHERE_HAND}&where=1",
]


def _serve() -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / f"server-web-{port}.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=ROOT / "build" / "web",
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    _wait_http(f"{base}/index.html", proc)
    return proc, base


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)


@pytest.fixture(scope="session")
def web_server() -> Iterator[str]:
    subprocess.run([sys.executable, str(ROOT / "docs" / "build_web.py"), "--if-stale"], check=True)
    proc, base = _serve()
    try:
        yield base
    finally:
        _stop(proc)


@pytest.fixture(scope="module")
def site(browser_context: Any, web_server: str) -> Iterator[tuple[Any, list[str]]]:
    """The site opened at a permalink on a phone; yields (page, every URL the page requested)."""
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


def _answered(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.answered || 0)"))


def _open(page: Any, link: str) -> str:
    """Follow a link inside the loaded page (no reload); return the answer's whole text (the
    folded parts too)."""
    n = _answered(page)
    page.evaluate(
        "link => { if (location.hash === link) history.replaceState(null, '', '#');"
        " location.hash = link; }",
        link,
    )
    _wait_answers(page, n + 1)
    return str(page.evaluate("document.querySelector('#answer').textContent"))


def _choose(page: Any, lang: str) -> None:
    """The language selector, as a player uses it (the answer on screen is asked again)."""
    n = _answered(page)
    page.select_option("#lang", lang)
    if page.evaluate("!document.querySelector('#answer').hidden"):
        _wait_answers(page, n + 1)


def _verdict_bottom(page: Any) -> float:
    """Where the verdict ends, in px from the top of the page (not of the window)."""
    return float(
        page.evaluate(
            "(() => { const v = document.querySelector('#result .verdict');"
            " return v.getBoundingClientRect().bottom + window.scrollY; })()"
        )
    )


def test_opening_a_permalink_answers_siege_three_plus_four(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    # 3 + 4 = 7 beats the faces 1..6 of the eight-sided die, a tie loses: 6/8 = 3/4
    assert "3/4 (75.00%)" in page.inner_text("#answer")
    assert page.inner_text("#result .verdict") == answer_link("#siege?cards=3,4")[1].split("\n")[0]
    assert page.input_value("form[data-page=siege] input[name=cards]") == "3,4"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-siege-phone-en.png"))


def test_the_form_makes_the_link_and_the_link_the_answer(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    n = _answered(page)
    page.fill("form[data-page=siege] input[name=cards]", "5 4")
    page.check("form[data-page=siege] input[name=excalibur]")
    page.click("form[data-page=siege] button[type=submit]")
    _wait_answers(page, n + 1)
    link = "#siege?cards=5,4&excalibur=1"  # the example link
    assert page.evaluate("location.hash") == link
    assert link_from_argv(["siege", "5", "4", "--excalibur"]) == link  # the CLI's --link agrees
    assert "P(win) = 1 " in page.inner_text("#answer")  # 5 + 4 + 1 = 10 beats every face 1..8
    assert page.get_attribute("#permalink", "href").endswith(link)
    page.uncheck("form[data-page=siege] input[name=excalibur]")


@pytest.mark.parametrize("link", ONE_PER_PAGE, ids=lambda link: link[1:].split("?")[0])
def test_each_page_answers_as_the_library(site: tuple[Any, list[str]], link: str) -> None:
    page, _ = site
    shown = _open(page, link)
    code, text = answer_link(link)
    # the verdict first, then every number and word of the command line's answer, in order
    # of appearance or in a table cell (the layout changes, the words do not)
    assert page.inner_text("#result .verdict") == text.split("\n")[0]
    words = [w for w in text.split() if set(w) - set("-")]
    missing = [w for w in words if w not in shown and w != "the play log:"]
    assert missing == [] or (code == 1 and all("log" in w for w in missing)), missing[:5]
    assert page.is_visible(f"form[data-page={link[1:].split('?')[0]}]")


def test_play_log_pasted_into_the_form(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    page.click("#tabs button[data-tab=verify]")
    n = _answered(page)
    page.fill("form[data-page=verify] textarea[name=text]", LOG.read_text())
    page.click("form[data-page=verify] button[type=submit]")
    _wait_answers(page, n + 1)
    assert page.inner_text("#result .verdict").startswith("the play log:")
    assert "warning" in (page.get_attribute("#result", "class") or "")  # rules were broken
    assert "Traceback" not in page.inner_text("#answer")


def test_a_long_play_log_is_offered_as_a_file_not_a_link(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    page.click("#tabs button[data-tab=verify]")
    long_log = LOG.read_text() + "".join(
        f"# a comment line {i} of a long game\n" for i in range(80)
    )
    n = _answered(page)
    page.fill("form[data-page=verify] textarea[name=text]", long_log)
    page.click("form[data-page=verify] button[type=submit]")
    _wait_answers(page, n + 1)
    assert page.evaluate("location.hash") == "#verify"  # the log stays out of the address bar
    assert page.is_hidden("#link-box") and page.is_visible("#download")
    assert "too long for a link" in page.inner_text("#too-long")
    with page.expect_download() as download:
        page.click("#download")
    assert download.value.suggested_filename == "play.log"


def _where_rows(page: Any) -> list[list[str]]:
    """The cells of the answer's one table (the "Where should I go?" table)."""
    assert page.locator("#details table").count() == 1
    return list(
        page.eval_on_selector_all(
            "#details table tbody tr",
            "rows => rows.map(r => Array.from(r.cells).map(c => c.textContent))",
        )
    )


def _expected_where(lang: str) -> tuple[list[tuple[Fraction, Fraction]], list[str]]:
    """The same log read in Python: each action's two chances from the calculator
    (``turn_choices``) and the rows of ``where_to_go``'s own table, in ``lang``."""
    hand = {card: 1 for card in WHERE_HAND.split(",")}
    state = logged_position(WHERE_LOG, hand=hand).state
    with language(lang):
        table = where_to_go(state).splitlines()[3:]  # title, head, dashes, then the rows
    chances = [(c.p_win_now, c.p_lost_soon) for c in turn_choices(state)]
    return chances, [" ".join(line.split()) for line in table]


def test_where_should_i_go_from_a_pasted_log(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    page.set_viewport_size({"width": 360, "height": 760})  # a small phone
    try:
        page.click("#tabs button[data-tab=advise]")
        form = "form[data-page=advise]"
        page.fill(f"{form} textarea[name=text]", WHERE_LOG)  # pasted at the table
        page.fill(f"{form} input[name=hand]", "fight_3 fight_4, grail")
        n = _answered(page)
        page.click(f"{form} button[type=submit]")
        _wait_answers(page, n + 1)
        assert page.evaluate("location.hash").startswith("#advise?text=%23%20The%20start")
        assert page.evaluate("location.hash").endswith(f"&hand={WHERE_HAND}&where=1")
        for lang in ("en", "ja"):
            _choose(page, lang)
            chances, lines = _expected_where(lang)
            rows = _where_rows(page)
            assert [(fraction_cell(r[1]), fraction_cell(r[2])) for r in rows] == chances
            assert [" ".join(" ".join(r).split()) for r in rows] == lines
            # the page stays 360 px wide, and the table fits it: no chance hidden sideways
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            assert page.locator("#details .table-wrap table").count() == 1
            wide, box = page.eval_on_selector(
                "#details .table-wrap", "w => [w.scrollWidth, w.clientWidth]"
            )
            assert wide <= box, (lang, wide, box)
            page.screenshot(path=str(ARTIFACTS / f"web-where-phone-{lang}.png"), full_page=True)
        heads = page.eval_on_selector_all("#details th", "ths => ths.map(t => t.textContent)")
        assert "今すぐ成功する確率" in heads
        assert "Traceback" not in page.inner_text("#answer")
    finally:
        _choose(page, "en")
        page.set_viewport_size(PHONE)


@pytest.mark.parametrize(
    ("lines", "hand", "lang", "expected", "field"),
    [
        # "turn gawain": his evil step still to come, no heroic action to advise
        (9, WHERE_HAND, "en", "Line 9: Sir Gawain is not choosing a heroic action", ""),
        (9, WHERE_HAND, "ja", "9 行目：ガウェイン卿 はここで勇士のアクションを選ぶ", ""),
        (9, WHERE_HAND, "es", "Línea 9: Sir Gawain no está eligiendo", ""),
        # his hand is neither in the log nor in the form: the form's field is named
        (11, "", "en", "give it (“His white cards", "hand"),
    ],
)
def test_where_should_i_go_says_what_is_wrong_with_the_log(
    site: tuple[Any, list[str]], lines: int, hand: str, lang: str, expected: str, field: str
) -> None:
    page, _ = site
    text = "".join(WHERE_LOG.splitlines(True)[:lines])
    link = f"#advise?text={quote(text, safe=',:/')}&where=1" + (f"&hand={hand}" if hand else "")
    _open(page, link + (f"&lang={lang}" if lang != "en" else ""))
    message = page.inner_text("#result")
    assert expected in message, message
    assert "--hand" not in message and "state:" not in message
    assert page.get_attribute("#status", "class") == "error"
    if field:
        invalid = page.get_attribute(f"form[data-page=advise] [name={field}]", "aria-invalid")
        assert invalid == "true"
    _choose(page, "en")


@pytest.mark.parametrize(
    ("link", "lang", "expected", "field"),
    [
        # the calculator says "played contains 9": the page says the field's label
        ("#siege?cards=9", "en", "“Fight cards” contains 9", "cards"),
        ("#siege?cards=3,x", "en", "“Fight cards”: 'x' is not a whole number", "cards"),
        ("#draw?deck=white", "en", "Fill in “Cards drawn”.", "draws"),
        ("#travel?captured-held=-1", "en", "“Captured! cards under figures” -1", "captured-held"),
        ("#siege?cards=9&lang=ja", "ja", "「戦闘カード」", "cards"),
        ("#draw?deck=white&lang=es", "es", "Rellena «Cartas robadas».", "draws"),
    ],
)
def test_a_bad_input_says_what_is_wrong_in_the_players_words(
    site: tuple[Any, list[str]], link: str, lang: str, expected: str, field: str
) -> None:
    page, _ = site
    _open(page, link)
    message = page.inner_text("#result")
    assert expected in message
    for jargon in ("played", "cards=", "--", "draw: ", "siege"):
        assert jargon not in message
    page_id = link[1:].split("?")[0]
    assert page.get_attribute(f"form[data-page={page_id}] [name={field}]", "aria-invalid") == "true"
    assert page.get_attribute("#status", "class") == "error"
    _choose(page, "en")


def test_fits_a_390_px_phone(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    for tab in page.eval_on_selector_all("#tabs button", "bs => bs.map(b => b.dataset.tab)"):
        page.click(f"#tabs button[data-tab={tab}]")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{tab}: the page is {width} px wide"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_verdict_is_on_the_first_screen_of_a_phone(
    site: tuple[Any, list[str]], lang: str
) -> None:
    page, _ = site
    _choose(page, lang)
    for link in ONE_PER_PAGE:
        _open(page, link)
        bottom = _verdict_bottom(page)
        assert bottom <= PHONE["height"], f"{lang} {link[:40]}: the verdict ends at {bottom} px"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    _open(page, "#quest-grail?laid=1&hands=3,2&turns=8")  # a chart on the first screen too
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"web-grail-phone-{lang}.png"))
    _open(page, "#siege?cards=3,4")
    page.screenshot(path=str(ARTIFACTS / f"web-siege-phone-{lang}.png"))
    _choose(page, "en")


@pytest.mark.parametrize("width", [390, 1280])
def test_japanese_lines_wrap_instead_of_overflowing(
    site: tuple[Any, list[str]], width: int
) -> None:
    page, _ = site
    page.set_viewport_size({"width": width, "height": 900})
    try:
        _choose(page, "ja")
        _open(page, "#quest-excalibur?steps=1&hands=3,2")
        page.evaluate("document.querySelectorAll('#answer details').forEach(d => d.open = true)")
        wide = page.evaluate(
            "Array.from(document.querySelectorAll('#answer p, #answer li, #answer summary'))"
            ".filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.slice(0, 30))"
        )
        assert wide == []
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        _choose(page, "en")
        page.set_viewport_size(PHONE)


@pytest.mark.parametrize(
    ("link", "lines"),
    [
        ("#quest-grail?laid=2&hands=2,1", 2),
        ("#quest-excalibur?steps=1&hands=3,2", 2),
        ("#quest-war-race?war=picts&fights=2&hand=3,4/5", 2),
        ("#deck?deck=black&expansion=1", 1),
        ("#travel?trips=5", 2),
        ("#siege?cards=3,4", 0),
    ],
)
def test_every_curve_is_drawn(site: tuple[Any, list[str]], link: str, lines: int) -> None:
    page, _ = site
    _open(page, link)
    assert page.locator("#charts svg").count() == (1 if lines else 0)
    assert page.locator("#charts svg polyline").count() == lines


def test_a_language_switch_rerenders_everything(site: tuple[Any, list[str]]) -> None:
    page, _ = site
    _open(page, "#siege?cards=9")  # an error on screen: it must follow too
    for lang in ("ja", "es", "en"):
        _choose(page, lang)
        assert page.get_attribute("html", "lang") == lang
        assert page.title() == STRINGS[lang]["app.name"]
        texts = page.eval_on_selector_all(
            "[data-t]", "els => els.map(e => [e.dataset.t, e.textContent])"
        )
        wrong = [k for k, text in texts if text != STRINGS[lang][k]]
        assert wrong == [], f"{lang}: not re-rendered: {wrong[:5]}"
        examples = page.eval_on_selector_all(
            "[data-eg]", "els => els.map(e => [e.dataset.eg, e.placeholder])"
        )
        assert all(ph == STRINGS[lang]["eg"] + STRINGS[lang][k] for k, ph in examples)
        label = STRINGS[lang]["f.siege.cards"]
        assert label in page.inner_text("#result")  # the error, in the new language
        assert page.inner_text("#status-text") == STRINGS[lang]["status.input"]
    _open(page, "#siege?cards=3,4")
    _choose(page, "ja")
    assert "勝率" in page.inner_text("#answer") and page.evaluate("location.hash").endswith(
        "lang=ja"
    )
    _choose(page, "en")
    assert "lang=" not in page.evaluate("location.hash")


def test_the_service_worker_keeps_the_page_and_nothing_leaves_the_origin(
    site: tuple[Any, list[str]], web_server: str
) -> None:
    page, requests = site
    page.wait_for_function("document.body.dataset.saved === '1'", timeout=TIMEOUT)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("window.camelotTimes.worker") is True
    page.evaluate("navigator.serviceWorker.controller.postMessage('requests')")
    page.wait_for_function("window.camelotWorkerRequests !== undefined", timeout=TIMEOUT)
    fetched = [*requests, *page.evaluate("window.camelotWorkerRequests")]
    assert [u for u in fetched if not u.startswith(web_server + "/")] == []
    assert any(u.endswith("pyodide.asm.wasm.gz") for u in fetched)  # a third of the bytes
    assert not any("networkx" in u for u in fetched)  # no page needs the explorer's wheel
    manifest = json.loads(page.evaluate("fetch('manifest.webmanifest').then(r => r.text())"))
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}


@pytest.fixture
def own_server() -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A server of its own (another origin: another service worker), stopped by the test."""
    subprocess.run([sys.executable, str(ROOT / "docs" / "build_web.py"), "--if-stale"], check=True)
    proc, base = _serve()
    try:
        yield proc, base
    finally:
        _stop(proc)


def test_a_reopen_offline_answers_from_the_device(
    browser_context: Any, own_server: tuple[subprocess.Popen[bytes], str]
) -> None:
    proc, base = own_server
    page = browser_context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(f"{base}/#siege?cards=3,4")
    _wait_answers(page, 1)
    page.wait_for_function(
        "document.body.dataset.saved === '1' && document.body.dataset.snapshot === '1'",
        timeout=TIMEOUT,
    )
    page.close()
    _stop(proc)  # the network is gone
    page = browser_context.new_page()
    page.set_viewport_size(PHONE)
    try:
        page.goto(f"{base}/#travel?trips=3&lang=ja")
        _wait_answers(page, 1)
        # 3 trips from the full 16-card deck: P(captured at least once), the library's answer
        assert (
            page.inner_text("#result .verdict")
            == answer_link("#travel?trips=3&lang=ja")[1].split("\n")[0]
        )
        assert page.evaluate("window.camelotTimes.snapshot") is True  # Python's memory, kept
        # the worker says "kept" after its check of the device's copy: then the status says so
        page.wait_for_function("document.body.dataset.saved === '1'", timeout=TIMEOUT)
        assert STRINGS["ja"]["status.saved"] in page.inner_text("#status")
        page.screenshot(path=str(ARTIFACTS / "web-offline-phone-ja.png"))
        # a file gone from the device, offline: the page says which, at once (no endless wait)
        page.evaluate(
            """async () => {
              const files = await caches.open('camelot-files');
              for (const r of await files.keys()) {
                if (r.url.includes('python_stdlib')) await files.delete(r);
              }
              await caches.delete('camelot-snapshot');
            }"""
        )
        page.reload()
        page.wait_for_function(
            "document.querySelector('#status').className === 'error'", timeout=20_000
        )
        assert "python_stdlib.zip" in page.inner_text("#status")
        assert "Connect to the internet" in page.inner_text(
            "#status"
        ) or "インターネット" in page.inner_text("#status")
    finally:
        page.close()
