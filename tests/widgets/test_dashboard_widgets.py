"""The dashboard and the widgets that follow the question (issue 32): each tab's verdict
pinned above its inputs, the quest widget's controls and hands by quest, the graph widget's
step, the tracker's message in the language chosen, the travel curve. No browser: the widgets'
own state (the browser test is tests/browser/test_dashboard_verdict.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from camelot_rules.base.i18n import gettext, set_language
from camelot_rules.front.display import html_answer, race_verdict
from camelot_rules.odds.quests import best_next_fight, grail_race
from widgets.app import dashboard
from widgets.common import busy_html, verdict_of


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield None
    set_language(None)


def _shown(widget: object) -> set[str]:
    """The descriptions of the controls of the quest widget that are on screen."""
    names = ("grails", "blacks", "steps", "fights", "warriors", "mordred", "whites")
    names += ("black_hidden", "players", "turns", "expansion")
    return {n for n in names if getattr(widget, n).layout.display != "none"}


def test_the_verdict_is_pinned_above_the_inputs_and_follows_the_answer() -> None:
    page = dashboard()
    tabs = page.children[-1]
    assert len(page.children) == 4  # the CSS, the introduction (folded), one selector, tabs
    bars = [tab.children[0] for tab in tabs.children]
    assert all("camelot-verdict-bar" in bar._dom_classes for bar in bars)
    siege = tabs.children[1]
    assert "camelot-pinned" in siege.result._dom_classes
    assert siege.text.splitlines()[0] in bars[1].value  # the verdict, on top
    siege.fights[5].value = 2
    assert siege.text.splitlines()[0] in bars[1].value  # ... and after an input
    assert "<details><summary>About this page</summary>" in page.children[1].value


def test_verdict_of_reads_the_verdict_an_error_or_the_busy_sign() -> None:
    answer = html_answer("Play 5: you cannot lose.", "<table></table>", ["x"])
    assert verdict_of(answer).endswith("Play 5: you cannot lose.</p>")
    assert "<table" not in verdict_of(answer)
    busy = busy_html() + f"<div style='opacity:0.45'>{answer}</div>"
    assert verdict_of(busy).startswith(busy_html()) and "you cannot lose" in verdict_of(busy)
    set_language("ja")
    assert gettext("Working it out…") in busy_html()


def test_the_quest_widget_shows_only_the_chosen_quests_controls() -> None:
    from widgets.quest import build_quest_widget

    w = build_quest_widget()
    assert _shown(w) == {"grails", "blacks", "players", "turns", "expansion"}
    w.quest.value = "excalibur"
    assert _shown(w) == {"steps", "players", "turns", "expansion"}
    w.quest.value = "saxons"
    assert _shown(w) == {"fights", "warriors", "mordred", "players", "turns", "expansion"}
    w.quest.value = "dragon"
    assert _shown(w) == {"whites", "black_hidden"}


def test_the_hands_box_keeps_one_meaning_per_kind_of_quest() -> None:
    """The Grail's "2, 2" (Grail cards per knight) is never read as Fight values: after a
    switch to the Black Knight the box holds the combat's own hand and says so."""
    from widgets.quest import build_quest_widget

    w = build_quest_widget(hands="2, 1")
    w.quest.value = "black_knight"
    assert w.hands.description == "Your Fight cards" and w.hands.value == "5 3"
    best = best_next_fight("black_knight", [], [5, 3], 0)[0]
    assert f"Lay Fight {best.value} next" in w.text.splitlines()[0]
    assert "Fight 2" not in w.text
    w.hands.value = "4"
    w.quest.value = "grail"
    assert w.hands.description == "Grail cards in hand" and w.hands.value == "2, 1"
    w.quest.value = "lancelot"
    assert w.hands.value == "4"  # what was typed for a combat quest, kept


def test_a_race_that_cannot_be_won_says_why() -> None:
    """quest.grail (BoQ p.9; RB p.15): 4 Grail cards laid and 1 held are 5 of the 7; the
    model draws no white card, so no draw wins it."""
    from widgets.quest import render_quest

    assert grail_race(4, 1, [1], 6).p_win == 0
    _, text = render_quest("grail", hands="1", grails=4, blacks=1, turns=6)
    first = text.splitlines()[0]
    assert first.startswith("Holy Grail cannot be won within 6 turns: the knights on it hold")
    assert "1 Grail card but 3 are still needed (7 win it)" in first
    assert "BoQ" not in first and "/" not in first  # citations and fractions below
    assert race_verdict("grail", Fraction(0), Fraction(0), 1, blocker="x").endswith(
        "Lost by then: impossible."
    )


def test_the_graph_widgets_step_goes_to_the_chosen_state_or_says_why_not() -> None:
    from widgets.graph import build_graph_widget

    w = build_graph_widget("Coin race (tiny example)")
    assert w.next.value is not None and not w.step.disabled
    first = w.text
    w.step.click()
    assert w.text != first  # the step happened
    for _ in range(20):
        if w.step.disabled:
            break
        w.step.click()
    assert w.step.disabled and w.next.disabled and "Back to start" in w.step_note.value
    w.back.click()
    assert not w.step.disabled and w.step_note.value == ""


def test_the_trackers_last_message_is_shown_again_in_the_language_chosen() -> None:
    from widgets.tracker import build_tracker_widget

    w = build_tracker_widget(4, expansion=False)
    w.record_line("play arthur Mreln engine")  # a typo: refused, the nearest card offered
    assert "Not recorded" in w.message.value and "merlin" in w.message.value
    w.language.value = "ja"
    head = gettext("Not recorded: {why}", "ja").split("{why}")[0]
    assert head in w.message.value and "Not recorded" not in w.message.value
    w.language.value = "en"
    assert "Not recorded" in w.message.value


def test_the_travel_answer_draws_its_curves_and_the_deck_box_wraps() -> None:
    import ipywidgets as W

    from widgets.travel import build_travel_widget, printed_mix

    w = build_travel_widget()
    assert isinstance(w.composition, W.Textarea)  # wraps on a phone: never cut
    assert "travel-plot" in w.result.value and "<svg" in w.result.value
    assert w.composition.value == printed_mix("en")
    w.language.value = "es"
    assert w.composition.value == printed_mix("es") and "¡Capturado!" in printed_mix("es")
