"""The answer on the first screen of a phone (issue 32): at 390 x 844, in English and in
Japanese, every tab of the dashboard shows its verdict without scrolling when it opens and
after an input - however far down the input sits, the verdict stays pinned on top. The
screenshots (test-artifacts/phone-verdict-<lang>-<tab>.png) are what the report describes."""

from __future__ import annotations

from typing import Any

import pytest

from camelot_rules.base.i18n import LANGUAGE_NAMES
from tests.browser.conftest import ARTIFACTS

TIMEOUT = 60_000
PHONE = {"width": 390, "height": 844}

# Where the shown tab's verdict is: its pinned box, its place on the screen, its text.
VERDICT_JS = """() => {
  const bars = [...document.querySelectorAll('.camelot-verdict-bar')]
    .filter(e => e.offsetParent !== null);
  if (bars.length !== 1) return {count: bars.length};
  const r = bars[0].getBoundingClientRect();
  const x = Math.min(r.left + 20, window.innerWidth - 1);
  const y = r.top + Math.min(r.height / 2, 20);
  const hit = document.elementFromPoint(x, y);
  const on_top = y >= 0 && y < window.innerHeight && bars[0].contains(hit);
  return {count: 1, top: r.top, bottom: r.bottom, height: window.innerHeight,
          text: bars[0].innerText, busy: !!bars[0].querySelector('.camelot-busy'), on_top: on_top};
}"""

# One input per tab, as a player would make it (each by a selector that holds in any language).
INPUTS: dict[int, str] = {
    0: "tracker",  # record a line: the next turn
    1: "siege",  # one more Fight 5
    2: "travel",  # a Vision drawn
    3: "decks",  # another deck
    4: "graph",  # another model
    5: "playlog",  # the example log
    6: "quest",  # another quest
}


def _tab_panel(page: Any) -> Any:
    return page.locator(
        ".camelot-app .jupyter-widget-TabPanel-tabContents > .widget-container:visible"
    ).first


def _verdict(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(VERDICT_JS)
    return found


def _wait_new_verdict(page: Any, before: str) -> dict[str, Any]:
    page.wait_for_function(
        """(before) => { const b = [...document.querySelectorAll('.camelot-verdict-bar')]
          .filter(e => e.offsetParent !== null)[0];
          return b && b.innerText.trim() && b.innerText !== before &&
                 !b.querySelector('.camelot-busy'); }""",
        arg=before,
        timeout=TIMEOUT,
    )
    return _verdict(page)


def _answer_an_input(page: Any, which: str) -> str | None:
    """Change one input of the tab ``which``; the verdict to compare the answer with when it is
    not the one the tab opened on (the play log's, emptied first: its error)."""
    panel = _tab_panel(page)
    if which == "tracker":
        # a second "turn arthur" with no evil step is refused (rule turn.evil-step) and leaves
        # the verdict as it was: once recorded (an earlier language's pass), undo it instead
        if "turn arthur" in panel.locator("textarea").last.input_value():
            panel.locator("button:has(i.fa-undo)").first.click()
            return None
        box = panel.locator("input[type=text]:visible").first
        box.fill("turn arthur")
        box.press("Enter")
    elif which == "siege":
        box = panel.locator("input[type=number]:visible").nth(4)  # Fight 5
        box.fill(str(int(box.input_value()) + 1))
        box.press("Enter")
    elif which == "travel":
        panel.locator(".travel-card-vision button, button.travel-card-vision").first.click()
    elif which in ("decks", "graph"):
        choice = panel.locator("select:visible").first
        shown = int(choice.evaluate("(e) => e.selectedIndex"))
        choice.select_option(index=2 if shown != 2 else 0)  # another deck, another model
    elif which == "playlog":
        before = None
        if panel.locator("textarea").first.input_value():  # a log is there: empty it first
            panel.locator("textarea").first.fill("")
            panel.locator(".playlog-check").first.click()
            panel.locator(".camelot-error:visible").first.wait_for(timeout=TIMEOUT)
            # the example's verdict may be the one the tab opened on (an earlier language's
            # pass loaded it): the answer is told from the emptied log's verdict instead
            before = str(_verdict(page).get("text", ""))
        panel.locator(".camelot-load-example").first.click()
        return before
    elif which == "quest":
        choice = panel.locator("select:visible").first
        shown = int(choice.evaluate("(e) => e.selectedIndex"))
        choice.select_option(index=2 if shown != 2 else 0)  # the Pict war, or the Grail
    return None


def _shows_the_verdict(page: Any, seen: dict[str, Any], where: str) -> None:
    assert seen["count"] == 1, (where, seen)
    assert seen["text"].strip(), (where, seen)
    # the verdict's first line is on the screen, not scrolled away, nothing over it
    assert seen["top"] >= 0 and seen["top"] + 20 <= seen["height"], (where, seen)
    assert seen["on_top"], (where, seen)


@pytest.fixture(scope="module")
def phone_page(voila_app: Any, browser_context: Any) -> Any:
    page = browser_context.new_page()
    page.set_viewport_size(PHONE)
    page.goto(voila_app.url)
    page.wait_for_selector(".tracker-result", timeout=120_000)
    yield page
    page.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_verdict_is_on_the_first_screen_after_every_answer(phone_page: Any, lang: str) -> None:
    page = phone_page
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(
        ".camelot-page > .camelot-language select, .camelot-language select"
    ).first.select_option(label=LANGUAGE_NAMES[lang])
    selectors = page.locator(".camelot-language select:visible")
    assert selectors.count() == 1  # one language selector on the page
    tabs = page.get_by_role("tab")
    for index, which in INPUTS.items():
        page.evaluate("() => window.scrollTo(0, 0)")
        tabs.nth(index).click()
        page.wait_for_timeout(300)
        opened = _verdict(page)
        if which != "playlog":  # the play-log tab answers once a log is given
            page.wait_for_function(
                """() => { const b = [...document.querySelectorAll('.camelot-verdict-bar')]
                  .filter(e => e.offsetParent !== null)[0];
                  return b && b.innerText.trim() && !b.querySelector('.camelot-busy'); }""",
                timeout=TIMEOUT,
            )
            opened = _verdict(page)
            _shows_the_verdict(page, opened, f"{lang} {which} opened")
        before = _answer_an_input(page, which)
        after = _wait_new_verdict(page, opened.get("text", "") if before is None else before)
        _shows_the_verdict(page, after, f"{lang} {which} after an input")
        page.screenshot(path=str(ARTIFACTS / f"phone-verdict-{lang}-{index}-{which}.png"))
    page.locator(".camelot-language select").first.select_option(label=LANGUAGE_NAMES["en"])
