"""The dashboard in three languages (issue 17): the language selector switches a widget to
Japanese and to Spanish in a real browser; the answer's words change, its exact numbers do not,
and the language holds for the next input too. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from typing import Any

from camelot_rules import best_turn, siege_win_probability
from camelot_rules.base.i18n import LANGUAGE_NAMES, gettext, set_language
from camelot_rules.data.names import display_name
from camelot_rules.front.display import siege_verdict
from tests.browser.conftest import ARTIFACTS, wait_text

TIMEOUT = 60_000
FRACTION = re.compile(r"(?<![\d/])\d+/\d+(?![\d/])")


def _verdict(hand: list[int], lang: str) -> str:
    """The siege widget's verdict for ``hand``, computed here by the library (not read back)."""
    plan = best_turn(hand)
    first = list(plan.first_play or ())
    try:
        set_language(lang)
        return siege_verdict(plan.first_play, siege_win_probability(first), turn_value=plan.value)
    finally:
        set_language(None)


def _wait_text(page: Any, css: str, needle: str) -> str:
    return wait_text(page, css, needle, timeout=TIMEOUT)


def _choose(page: Any, lang: str) -> None:
    # the drop-down lists each language by its own name: English, 日本語, Español
    page.locator(".camelot-language select").first.select_option(label=LANGUAGE_NAMES[lang])


def test_a_widget_switched_to_japanese_and_spanish_keeps_its_exact_numbers(
    voila_app: Any,
) -> None:
    page = voila_app
    ARTIFACTS.mkdir(exist_ok=True)
    page.get_by_role("tab", name="Siege fights").click()
    english = _wait_text(page, ".siege-result", _verdict([5, 4, 3], "en"))
    try:
        _choose(page, "ja")
        page.get_by_role("tab", name="カタパルト戦").click()  # the tabs are renamed too
        japanese = _wait_text(page, ".siege-result", _verdict([5, 4, 3], "ja"))
        assert "5/4" in _verdict([5, 4, 3], "en")  # the best turn's exact expectation
        assert FRACTION.findall(japanese) == FRACTION.findall(english)
        page.screenshot(path=str(ARTIFACTS / "dashboard-siege-ja.png"), full_page=True)

        # the next input is answered in Japanese too: the choice holds between messages
        fight_5 = display_name("fight_5", lang="ja")  # the box is labelled by its card's name
        box = page.locator(f".widget-inline-hbox:has(label:text-is('{fight_5}')) input").first
        box.fill("2")
        box.press("Enter")
        _wait_text(page, ".siege-result", _verdict([5, 5, 4, 3], "ja"))

        _choose(page, "es")
        page.get_by_role("tab", name="Luchas de asedio").click()
        spanish = _wait_text(page, ".siege-result", _verdict([5, 5, 4, 3], "es"))
        assert spanish.startswith("Juega ")
        page.screenshot(path=str(ARTIFACTS / "dashboard-siege-es.png"), full_page=True)
    finally:
        _choose(page, "en")
    page.get_by_role("tab", name="Siege fights").click()
    _wait_text(page, ".siege-result", _verdict([5, 5, 4, 3], "en"))
    page.screenshot(path=str(ARTIFACTS / "dashboard-siege-en.png"), full_page=True)


def test_one_selector_switches_a_widgets_labels_and_every_message_and_keeps_its_number(
    voila_app: Any,
) -> None:
    """One language selector on the page (the widgets' own give way to it, issue 32): it
    relabels the siege widget (Japanese labels, the same exact 5/4) and shows the tracker's
    last message again in Japanese - the "Not recorded" message too - then English again."""
    page = voila_app
    ARTIFACTS.mkdir(exist_ok=True)
    assert page.locator(".camelot-language select:visible").count() == 1
    assert not page.locator(".camelot-siege .camelot-language select").first.is_visible()
    page.get_by_role("tab", name="Game tracker").click()
    box = page.get_by_placeholder("e.g. draw black despair")
    box.fill("play arthur Mreln engine")  # refused: no such card, said in English
    box.press("Enter")
    page.locator(".tracker-message:has-text('Not recorded')").first.wait_for(timeout=TIMEOUT)
    page.get_by_role("tab", name="Siege fights").click()
    box = page.locator(".widget-inline-hbox:has(label:text-is('Fight 5')) input").first
    box.fill("1")  # one Fight 5 again, whatever an earlier test of this page typed
    box.press("Enter")
    english = _wait_text(page, ".siege-result", _verdict([5, 4, 3], "en"))
    try:
        _choose(page, "ja")
        japanese = _wait_text(page, ".siege-result", _verdict([5, 4, 3], "ja"))
        assert "5/4" in japanese and FRACTION.findall(japanese) == FRACTION.findall(english)
        siege = page.locator(".camelot-siege").first
        for label in (
            gettext("Life left", "ja"),  # 残り生命力
            gettext("Turn goal", "ja"),
            gettext("exact fractions", "ja"),
            display_name("fight_5", lang="ja"),  # 戦闘カード5
        ):
            assert siege.get_by_text(label, exact=True).count() == 1, label
        assert siege.get_by_text("Life left", exact=True).count() == 0
        page.get_by_role("tab", name=gettext("Game tracker", "ja")).click()
        message = page.locator(".tracker-message").first.inner_text()
        head = gettext("Not recorded: {why}", "ja").split("{why}")[0]
        assert message.startswith(head) and "Not recorded" not in message, message
        page.screenshot(path=str(ARTIFACTS / "dashboard-tracker-message-ja.png"), full_page=True)
        page.get_by_role("tab", name="カタパルト戦").click()
    finally:
        _choose(page, "en")
    _wait_text(page, ".siege-result", _verdict([5, 4, 3], "en"))
    assert page.locator(".camelot-siege").first.get_by_text("Life left", exact=True).count() == 1
