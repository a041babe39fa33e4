"""Each calculator widget in a real browser: change an input as a person would, check that the
exact number shown is the one the library computes, and that bad input shows a readable error
in place. The Voila dashboard (notebooks/app.ipynb) holds all four; JupyterLab runs the siege
notebook."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from camelot_rules import (
    DeckPosition,
    best_turn,
    explore,
    next_rebuild,
    outcome_probabilities,
    standard_deck,
)
from camelot_rules.explorer.models import TravelChain
from camelot_rules.front.display import fmt_expectation, fmt_prob
from camelot_rules.odds.travel import trips_distribution
from tests.browser.conftest import ARTIFACTS, ROOT, wait_text

TIMEOUT = 60_000


def _wait_text(page: Any, css: str, needle: str) -> str:
    return wait_text(page, css, needle, timeout=TIMEOUT, visible=False)


def _tab(page: Any, title: str) -> None:
    page.get_by_role("tab", name=title).click()


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _field(page: Any, scope: str, label: str) -> Any:
    """The input of the labelled control inside the widget with class ``scope``'s parent."""
    return page.locator(f".widget-inline-hbox:has(label:text-is('{label}')) input").first


def test_siege_widget_updates_and_reports_errors(voila_app: Any) -> None:
    page = voila_app
    _tab(page, "Siege fights")
    start = best_turn([5, 4, 3]).value
    _wait_text(page, ".siege-result", f"value {fmt_expectation(start)}")
    _shot(page, "voila-siege-before")
    box = _field(page, "siege", "Fight 2")
    box.fill("2")
    box.press("Enter")
    after = best_turn([5, 4, 3, 2, 2]).value
    _wait_text(page, ".siege-result", f"value {fmt_expectation(after)}")
    _shot(page, "voila-siege-after")
    box.fill("-1")  # a stepper: a count cannot go below 0, so there is no error to show
    box.press("Enter")
    _wait_text(page, ".siege-result", f"value {fmt_expectation(start)}")
    assert box.input_value() == "0"
    assert "Cannot compute" not in page.locator(".siege-result").first.inner_text()


def test_travel_widget_slider_and_bad_composition(voila_app: Any) -> None:
    page = voila_app
    _tab(page, "Travel cards")
    deck = standard_deck("travel", expansion=True)
    five = trips_distribution(deck, 5).merlin_by_trip[5]
    _wait_text(page, ".travel-result", f"P(Merlin has arrived) = {fmt_prob(five)}")
    handle = page.locator(".travel-result").locator("xpath=..").locator(".noUi-handle").first
    handle.focus()
    page.keyboard.press("ArrowRight")
    six = trips_distribution(deck, 6).merlin_by_trip[6]
    _wait_text(page, ".travel-result", f"P(Merlin has arrived) = {fmt_prob(six)}")
    _shot(page, "voila-travel")
    comp = page.locator(".travel-composition textarea").first  # wraps: never cut at 390 px
    comp.fill("griffin: 16")
    comp.press("Tab")  # the deck's box answers when it is left, never mid-word
    text = _wait_text(page, ".travel-result", "Cannot compute")
    assert "griffin" in text


def test_exhaustion_widget_dropdown_and_bad_mix(voila_app: Any) -> None:
    page = voila_app
    _tab(page, "Deck exhaustion")
    _wait_text(page, ".exhaustion-result", "Draw pile: 90 cards")
    page.locator(".widget-dropdown:has(label:text-is('Deck')) select").first.select_option(
        "black (base, 76)"
    )
    mix = {1: Fraction(1, 2), 2: Fraction(1, 4), 3: Fraction(1, 4)}
    nr = next_rebuild(DeckPosition(standard_deck("black")), mix, horizon=60)
    _wait_text(page, ".exhaustion-result", f"within 60 turns) = {fmt_prob(nr.unresolved)}")
    _shot(page, "voila-exhaustion")
    box = page.locator(".widget-text:has(label:text-is('Draws per turn')) input").first
    box.fill("1: 1/3")
    box.press("Enter")
    text = _wait_text(page, ".exhaustion-result", "Cannot compute")
    assert "adds up to 1/3" in text


def test_graph_widget_model_choice_and_bad_parameters(voila_app: Any) -> None:
    page = voila_app
    _tab(page, "Endgame explorer")
    _wait_text(page, ".graph-result", "the loyal knights win")
    page.locator(".widget-dropdown:has(label:text-is('Model')) select").first.select_option(
        "Travel chain"
    )
    captured = outcome_probabilities(explore(TravelChain(trips=4)))["captured"]
    _wait_text(page, ".graph-result", fmt_prob(captured))
    _shot(page, "voila-graph")
    box = page.locator(".widget-text:has(label:text-is('Parameters')) input").first
    box.fill("trips=0")
    box.press("Enter")
    text = _wait_text(page, ".graph-result", "Cannot compute")
    assert "trips" in text


def test_playlog_tab_reports_a_broken_rule(voila_app: Any) -> None:
    page = voila_app
    _tab(page, "Check a play log")
    log = (ROOT / "tests" / "logs" / "bad_siege_score.log").read_text()
    page.locator(".playlog-result").locator("xpath=..").locator("textarea").first.fill(log)
    page.get_by_role("button", name="Check the log").click()
    text = _wait_text(page, ".playlog-result", "siege.fight")  # the broken rule, named
    assert "1 rule violation" in text
    _shot(page, "voila-playlog")


def test_siege_notebook_runs_in_jupyterlab(lab_server: Any, browser_context: Any) -> None:
    server, _ = lab_server
    page = browser_context.new_page()
    try:
        page.goto(f"{server.base}/lab/tree/01_siege_fights.ipynb?token={server.token}")
        # Wait on the page's own state: the notebook's session is ready and its kernel is
        # connected and idle; only then run every cell, once.
        page.wait_for_function(
            """() => {
                const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                const ctx = w && w.sessionContext;
                const kernel = ctx && ctx.session && ctx.session.kernel;
                return !!(ctx && ctx.isReady && kernel && kernel.connectionStatus === "connected"
                          && kernel.status === "idle");
            }""",
            timeout=120_000,
        )
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        start = best_turn([5, 4, 3]).value
        # JupyterLab renders only the cells on screen: once every cell has run (the notebook is
        # left scrolled to its last one), bring the widget's cell back into view
        page.get_by_text("3 + 4: simulated").first.wait_for(timeout=120_000)  # the last cell ran
        page.locator(".siege-result").first.scroll_into_view_if_needed()
        _wait_text(page, ".siege-result", f"value {fmt_expectation(start)}")
        page.get_by_role("checkbox", name="Excalibur").first.check()
        after = best_turn([5, 4, 3], excalibur=True).value
        _wait_text(page, ".siege-result", f"value {fmt_expectation(after)}")
        _shot(page, "lab-siege")
    finally:
        page.close()
