"""Widgets: pure render functions, and the ipywidgets wiring without a browser."""

from fractions import Fraction

import pytest

from camelot_rules import Deck, best_turn, siege_win_probability
from camelot_rules.display import fmt_expectation, fmt_prob
from widgets import build_siege_widget, render_siege


def test_render_siege_shows_the_exact_best_choice_and_options() -> None:
    html, text = render_siege({5: 1, 4: 1})
    assert "5 + 4" in text and "100.0%" in text
    assert "Excalibur: no" in html and "siege-choices" in html


def test_render_siege_turn_value_matches_the_library() -> None:
    _, text = render_siege({5: 1, 4: 1, 3: 1}, objective="P(remove both)")
    assert f"value {best_turn([5, 4, 3], at_least=2).value} (37.5%)" in text


@pytest.mark.parametrize(
    ("counts", "options", "match"),
    [
        ({1: -1}, {}, "Fight 1"),
        ({5: 21}, {}, "more than 20"),
        ({5: 1}, {"life": 0}, "life"),
        ({5: "x"}, {}, "Fight 5"),
    ],
)
def test_render_siege_rejects_bad_input(
    counts: dict[int, object], options: dict[str, object], match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        render_siege(counts, **options)  # type: ignore[arg-type]


def test_widget_updates_when_a_control_changes() -> None:
    w = build_siege_widget({3: 1})
    assert str(siege_win_probability([3])) in w.text  # 2/8 = 1/4
    w.fights[4].value = 1
    assert str(siege_win_probability([4, 3])) in w.text and "3/4" in w.text
    w.excalibur.value = True
    assert str(siege_win_probability([4, 3], excalibur=True)) in w.text  # 7/8


def test_widget_shows_errors_in_place_and_recovers() -> None:
    w = build_siege_widget({3: 1})
    w.fights[2].value = -2
    assert "camelot-error" in w.result.value and "Fight 2" in w.result.value
    assert "Traceback" not in w.result.value
    w.fights[2].value = 0
    assert "camelot-error" not in w.result.value and str(Fraction(1, 4)) in w.text


def test_second_witch_toggle_removes_the_bought_fight() -> None:
    w = build_siege_widget({5: 2, 4: 2})
    assert "2  " in w.text.split("Whole turn")[1]  # two engines possible
    w.second_witch.value = True
    turn = w.text.split("Whole turn")[1]
    assert all(not line.startswith("2 ") for line in turn.splitlines())


def test_siege_widget_divine_favor_wins_the_tie() -> None:
    from camelot_rules import best_turn
    from widgets import build_siege_widget

    w = build_siege_widget({5: 1, 4: 1, 3: 1})
    w.divine_favor.value = True
    plan = best_turn([5, 4, 3], divine_favor=True)
    assert "Divine Favor: played" in w.text
    assert f"value {fmt_expectation(plan.value)}" in w.text
    assert plan.value > best_turn([5, 4, 3]).value


def test_exhaustion_widget_matches_the_library_and_reacts() -> None:
    from camelot_rules import DeckPosition, next_rebuild, standard_deck, turns_until_exhausted
    from widgets import build_exhaustion_widget

    w = build_exhaustion_widget(deck="black (base, 76)", mix="1: 1/2, 2: 1/2", horizon=80)
    base = turns_until_exhausted(76, {1: Fraction(1, 2), 2: Fraction(1, 2)})
    assert (
        f"Expected turn of the rebuild: {fmt_expectation(sum(t * p for t, p in base.items()))}"
        in w.text
    )
    w.drawn.value = "despair: 6"
    after = turns_until_exhausted(70, {1: Fraction(1, 2), 2: Fraction(1, 2)})
    assert (
        f"Expected turn of the rebuild: {fmt_expectation(sum(t * p for t, p in after.items()))}"
        in w.text
    )
    w.deck.value = "black (base + Merlin's Company, 90)"
    w.named.value = "morgan_witch_2"
    deck = standard_deck("black", expansion=True)
    pos = DeckPosition(deck.without("despair", 6), Deck({"despair": 6}), expansion=True)
    nr = next_rebuild(
        pos, {1: Fraction(1, 2), 2: Fraction(1, 2)}, cards="morgan_witch_2", horizon=80
    )
    assert f"before the rebuild) = {fmt_prob(nr.seen_before)}" in w.text
    assert "rebuilt together with this one (JA)" in w.text  # the expansion's rule by default


def test_exhaustion_widget_rebuilds_both_decks_in_the_expansion() -> None:
    from camelot_rules import DeckPosition, OtherDeck, RebuildRules, next_rebuild, standard_deck
    from widgets import build_exhaustion_widget
    from widgets.exhaustion import OTHER_DECK

    w = build_exhaustion_widget(deck="black (base + Merlin's Company, 90)", mix="1: 1", horizon=90)
    w.other_pile.value = 10
    pos = DeckPosition(standard_deck("black", expansion=True), expansion=True)
    other = OtherDeck(10, 77, {0: Fraction(1, 2), 2: Fraction(1, 2)})
    nr = next_rebuild(pos, {1: 1}, rules=RebuildRules(other_deck=other), horizon=90)
    assert f"other_deck: {fmt_prob(nr.by_cause['other_deck'])}" in w.text
    w.both_decks.value = next(k for k, v in OTHER_DECK.items() if v is False)
    assert "other_deck" not in w.text.split("Option")[0]
    assert "other deck: not modelled" in w.text


@pytest.mark.parametrize(
    ("control", "value", "match"),
    [
        ("mix", "1: 1/3", "adds up to 1/3"),
        ("drawn", "despair: 99", "cannot remove 99"),
        ("named", "unicorn", "unicorn"),
        ("horizon", 0, "horizon"),
    ],
)
def test_exhaustion_widget_errors_in_place(control: str, value: object, match: str) -> None:
    from widgets import build_exhaustion_widget

    w = build_exhaustion_widget()
    getattr(w, control).value = value
    assert "camelot-error" in w.result.value and match in w.result.value.replace("&#x27;", "'")


def test_travel_widget_matches_the_library_and_shows_assumptions() -> None:
    from camelot_rules import standard_deck
    from camelot_rules.travel import next_trip_risk, trips_distribution
    from widgets import build_travel_widget

    w = build_travel_widget(seen="captured", trips=3)
    left = standard_deck("travel", expansion=True).without("captured")
    risk = next_trip_risk(left)
    assert f"captured    {risk.outcomes['captured']}" in w.text
    assert "default, assumed" in w.text
    w.grail.value = True
    plan = trips_distribution(left, 3, can_meet={"lost": True})
    assert fmt_prob(1 - plan.failed[0]) in w.text
    w.composition.value = "captured: 16"
    assert "P(captured at least once) = 1 (100.0%)" in w.text and "your composition" in w.text
    w.composition.value = "vision: 16"  # the Captured! seen cannot come from this deck
    assert "camelot-error" in w.result.value and "more travel cards seen" in w.result.value
    w.composition.value = "griffin: 16"
    assert "camelot-error" in w.result.value and "griffin" in w.result.value


def test_graph_widget_shows_exact_odds_best_move_and_steps() -> None:
    from camelot_rules import explore, outcome_probabilities
    from camelot_rules.models import RoundTable
    from widgets import build_graph_widget

    w = build_graph_widget("Round Table endgame", "players=5, white=4, black=2")
    exact = outcome_probabilities(explore(RoundTable()), maximize="loyal_win")
    assert f"loyal_win          {fmt_prob(exact['loyal_win'])}" in w.text
    assert "best move here" in w.text
    first = w.next.options[0][1]
    w.next.value = first
    w.step.click()
    assert repr(first) in w.text
    w.back.click()
    assert "phase='act'" in w.text


def test_graph_widget_draws_small_graphs_and_reports_bad_parameters() -> None:
    from widgets import build_graph_widget

    w = build_graph_widget("Coin race (tiny example)")
    assert "<svg" in w.result.value and "heads_first        1/2 (50.0%)" in w.text
    w.params.value = "target=1/2"
    assert "camelot-error" in w.result.value and "target" in w.result.value
    w.params.value = "tagret=2"
    assert "camelot-error" in w.result.value and "tagret" in w.result.value


def test_playlog_widget_reports_violations_and_parse_errors() -> None:
    from pathlib import Path

    from widgets import build_playlog_widget

    logs = Path(__file__).parent / "logs"
    w = build_playlog_widget((logs / "bad_accuse_twice.log").read_text())
    assert "line 6: [endgame.accusation]" in w.text
    w.log_text.value = (logs / "malformed.log").read_text()
    w.check.click()
    assert "camelot-error" in w.result.value and "line 3" in w.result.value


# --- any failure is shown in place and clears the stale result (issue 16, item 9) ---------------


@pytest.mark.parametrize(
    "err", [TypeError("unsupported operand"), ZeroDivisionError(), OverflowError("too big")]
)
def test_safe_render_shows_any_exception_in_place(err: Exception) -> None:
    from widgets.common import safe_render

    def render() -> tuple[str, str]:
        raise err

    html, text = safe_render(render)
    assert "camelot-error" in html and type(err).__name__ in html
    assert text.startswith("Cannot compute:") and type(err).__name__ in text


def test_siege_widget_clears_its_result_when_the_calculator_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import camelot_rules.siege

    w = build_siege_widget({3: 1})
    assert "1/4" in w.text and "camelot-error" not in w.result.value

    def broken(*_args: object, **_kwargs: object) -> object:
        raise KeyError("boom")

    monkeypatch.setattr(camelot_rules.siege, "best_turn", broken)
    w.fights[4].value = 1  # used to raise out of the observer, leaving the old answer shown
    assert "camelot-error" in w.result.value and "KeyError" in w.result.value
    assert "1/4" not in w.text and "1/4" not in w.result.value
    monkeypatch.undo()
    w.fights[4].value = 0
    assert "camelot-error" not in w.result.value and "1/4" in w.text


def test_travel_and_exhaustion_widgets_show_any_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    import widgets.exhaustion
    import widgets.travel

    t = widgets.build_travel_widget()
    e = widgets.build_exhaustion_widget()

    def broken(*_args: object, **_kwargs: object) -> object:
        raise RuntimeError("solver gave up")

    monkeypatch.setattr(widgets.travel, "trips_distribution", broken)
    monkeypatch.setattr(widgets.exhaustion, "next_rebuild", broken)
    t.trips.value = 3
    e.horizon.value = 30
    for w in (t, e):
        assert "camelot-error" in w.result.value and "solver gave up" in w.result.value
        assert w.text.startswith("Cannot compute:")
