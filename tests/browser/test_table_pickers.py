"""At the table in a real browser (issue 18): the game tracker records a short game (buttons,
typed lines, a life change), the travel and quest widgets read its position with "From the game
tracker", and the travel cards picked by their buttons give the calculator's answer. The widgets
are served by Voila from a small notebook of their own, at phone width; the time from each
input to its answer is printed (``pytest -s``)."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.front.display import capture_verdict, fmt_chance
from camelot_rules.odds.quests import excalibur_race
from camelot_rules.odds.travel import trips_distribution
from tests.browser.conftest import ARTIFACTS, voila_page, wait_text

TIMEOUT = 60_000
PHONE = {"width": 390, "height": 844}
SOURCE = """\
import ipywidgets as W
from widgets.quest import build_quest_widget
from widgets.tracker import build_tracker_widget
from widgets.travel import build_travel_widget

tracker = build_tracker_widget(4, expansion=True, knights=("arthur", "kay", "gawain", "percival"))
travel = build_travel_widget()
quest = build_quest_widget(quest="excalibur", hands="1", steps=2, turns=2)
tracker.feed(travel, quest)
W.VBox([tracker, travel, quest], layout={"max_width": "100%"})
"""
TRAVEL = standard_deck("travel", expansion=True)
BLACK = standard_deck("black", expansion=True)


@pytest.fixture(scope="module")
def table(browser_context: Any) -> Iterator[Any]:
    import nbformat  # here, not at the top: collecting the unit tier need not import it (0.7 s)

    workdir = Path(tempfile.mkdtemp(prefix="camelot-table-"))
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SOURCE)]
    nbformat.write(nb, workdir / "table.ipynb")
    with voila_page(browser_context, workdir, "table.ipynb", ".tracker-result", PHONE) as page:
        yield page


def _text(page: Any, css: str, needle: str) -> str:
    return wait_text(page, css, needle, timeout=TIMEOUT)


def _record(page: Any, line: str, needle: str) -> None:
    box = page.get_by_placeholder("e.g. draw black despair")
    box.fill(line)
    box.press("Enter")
    _text(page, ".tracker-result", needle)


def test_tracker_feeds_travel_buttons_and_quest(table: Any) -> None:
    page = table
    times: dict[str, float] = {}
    page.get_by_role("button", name="Next turn").click()
    _text(page, ".tracker-result", "Arthur's turn")
    page.get_by_role("button", name="black", exact=True).click()
    _record(page, "draw black excalibur", "black pile 89 card(s)")
    _record(page, "move arthur how=heroic_action travel=vision", "travel deck 15 card(s)")

    # life and places follow the lines (the rules engine counts them): Arthur on the Grail
    _text(page, ".tracker-result", "4 / 6 - ")

    # the travel widget reads the position: the Vision gone, its button shows one left
    buttons = page.locator(".camelot-from-tracker")
    start = time.monotonic()
    buttons.nth(0).click()
    left = TRAVEL.without("vision")
    _text(page, ".travel-result", capture_verdict(1 - trips_distribution(left, 5).captures[0], 5))
    times["travel: from the tracker"] = time.monotonic() - start
    assert "Vision: 1 left" in page.locator(".travel-card-vision").first.inner_text()

    # a travel card picked by its button: the calculator on the same cards
    start = time.monotonic()
    page.locator(".travel-card-captured").first.click()
    _text(page, ".travel-result", "14 cards left of 16")
    times["travel: a card button"] = time.monotonic() - start
    after = left.minus(Deck({"captured": 1}))
    p_cap = 1 - trips_distribution(after, 5, composition=TRAVEL).captures[0]
    assert capture_verdict(p_cap, 5) in page.locator(".travel-result").first.inner_text()
    assert "Captured!: 1 left" in page.locator(".travel-card-captured").first.inner_text()

    # the quest widget reads the position: 4 players, the black pile less the Excalibur card
    start = time.monotonic()
    buttons.nth(1).click()
    curve = excalibur_race(2, [1], 2, players=4, expansion=True, deck=BLACK.without("excalibur"))
    # one card to spare, Excalibur 3 steps from the knights' bank: the verdict says so
    needle = (
        "cannot be won within 2 turns" if curve.p_win == 0 else f"won {fmt_chance(curve.p_win)}"
    )
    verdict = _text(page, ".quest-result", needle)
    times["quest: from the tracker"] = time.monotonic() - start
    assert verdict.startswith("Excalibur ")
    assert (
        "black draw pile (89 card(s))" in page.locator(".camelot-tracker-note").nth(1).inner_text()
    )

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table-pickers.png"), full_page=True)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"]  # nothing pushes the page sideways on a phone
    print("\ninput to answer: " + ", ".join(f"{k} {v:.2f} s" for k, v in times.items()))
    assert max(times.values()) < 20
