"""Charts of the answers that are curves: the numbers are the calculators' own, the labels in
the reader's language, and the figure is handed over only to whoever collects it."""

from __future__ import annotations

from fractions import Fraction

from camelot_rules import standard_deck
from camelot_rules.base.i18n import language
from camelot_rules.front import charts, cli
from camelot_rules.odds.quests import excalibur_race, grail_race
from camelot_rules.odds.travel import trips_distribution


def _collect(argv: list[str]) -> list[charts.Chart]:
    with charts.collected() as found:
        assert cli.main(argv) == 0
    return found


def test_a_race_chart_is_the_race_curve_itself(capsys: object) -> None:
    found = _collect(["quest", "excalibur", "--steps", "1", "--hands", "3,2"])
    curve = excalibur_race(1, [3, 2], 6)  # the CLI's defaults: 6 turns, 4 players
    (chart,) = found
    won, lost = chart.series
    assert won.points == tuple(enumerate(curve.won)) and lost.points == tuple(enumerate(curve.lost))
    assert lost.dashed and not won.dashed
    assert won.points[-1][1] == curve.p_win


def test_the_grail_chart_is_drawn_in_the_readers_language(capsys: object) -> None:
    (chart,) = _collect(["--lang", "ja", "quest", "grail", "--laid", "2", "--hands", "2,1"])
    assert chart.xlabel == "今からのターン数" and chart.series[1].label == "失敗"
    assert chart.series[0].points == tuple(enumerate(grail_race(2, 0, [2, 1], 6).won))


def test_a_rebuild_chart_adds_up_the_turns(capsys: object) -> None:
    # the white deck holds 84 cards; 21 drawn leave 63, one drawn a turn: the pile runs out
    # in turn 63 for sure (the CLI's table: turn 63, P = 1), so the curve is 0 now, 1 then
    (chart,) = _collect(["deck", "white", "--drawn", "grail: 13, fight_1: 8", "--mix", "1: 1"])
    (series,) = chart.series
    assert series.points == ((0, Fraction(0)), (63, Fraction(1)))
    (chart,) = _collect(["deck", "black", "--expansion"])
    points = [p for _, p in chart.series[0].points]
    assert points == sorted(points) and points[-1] == 1  # a chance "by then" never falls


def test_the_trips_chart_ends_at_the_answers_chance(capsys: object) -> None:
    (chart,) = _collect(["travel", "--trips", "4"])
    captured, merlin = chart.series
    plan = trips_distribution(standard_deck("travel", expansion=True), 4)
    assert dict(captured.points)[4] == 1 - plan.captures[0]
    assert dict(merlin.points) == plan.merlin_by_trip


def test_no_chart_for_an_answer_that_is_not_a_curve(capsys: object) -> None:
    assert _collect(["siege", "3", "4"]) == []
    assert _collect(["travel"]) == []  # the next trip alone: a table, not a curve


def test_nothing_is_kept_when_nobody_collects() -> None:
    chart = charts.Chart("t", "x", "y", ())
    charts.show(chart)  # no error, nothing kept
    with charts.collected() as outer:
        with charts.collected() as inner:
            charts.show(chart)
        assert inner == [chart] and outer == []


def test_the_svg_escapes_text_and_gives_exact_tooltips() -> None:
    chart = charts.Chart(
        "<b>", "x", "y", (charts.Series("a & b", ((0, Fraction(0)), (2, Fraction(1, 3)))),)
    )
    svg = charts.svg(chart)
    assert "<b>" not in svg and "&lt;b&gt;" in svg and "a &amp; b" in svg
    assert "1/3 (33.33%)" in svg  # the exact value, as the answers print it
    with language("ja"):
        assert "1/3 (33.33%)" in charts.svg(chart)
