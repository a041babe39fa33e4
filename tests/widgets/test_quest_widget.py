"""The quest widget: the pure render function, the SVG and matplotlib plots, and the ipywidgets
wiring without a browser. Every number shown is checked against the library (which its own
tests check by brute force and through the engine) or worked by hand here.

Rules: ``quest.grail``, ``quest.excalibur``, ``quest.wars``, ``quest.combat-end``.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from camelot_rules.front.display import fmt_chance, fmt_prob
from camelot_rules.odds.quests import (
    RaceCurve,
    best_next_fight,
    combat_win_probability,
    excalibur_race,
    grail_race,
    war_race,
)
from widgets.quest import (
    build_quest_widget,
    parse_hands,
    quest_curves,
    quest_figure,
    render_quest,
    svg_curves,
)


def test_render_grail_shows_several_knights_against_one() -> None:
    """quest.grail (BoQ p.9): the table's columns are the library's curves for both knights
    and for the first alone, turn by turn."""
    _, text = render_quest("grail", hands="2, 2", grails=4, blacks=1, players=4, turns=6)
    both = grail_race(4, 1, [2, 2], 6, players=4)
    alone = grail_race(4, 1, [2], 6, players=4)
    assert 0 < both.p_win < 1 and alone.p_win == 0  # 3 spots + 1 Despair need 4 Grail cards
    assert text.startswith(f"Holy Grail within 6 turns: won {fmt_chance(both.p_win)}")
    rows = [line.split("  ") for line in text.splitlines() if re.match(r"^[1-6]\s", line)]
    assert len(rows) == 6
    assert "won: 2 knights on it" in text and "won: the first knight alone" in text
    assert "BoQ p.9" in text and "What this assumes" in text


def test_render_excalibur_by_hand() -> None:
    """quest.excalibur (BoQ p.8), black.morgan, black.guinevere: one step from the bank, one
    card, one turn, the box's 76 black cards (15 Excalibur, 1 Guinevere, 1 Morgan 3, 59
    others). Won if the evil step draws one of the 59, or Morgan 3 and then three of them."""
    by_hand = Fraction(59, 76) + Fraction(1, 76) * Fraction(59 * 58 * 57, 75 * 74 * 73)
    assert excalibur_race(4, [1], 1, players=3).p_win == by_hand
    html, text = render_quest("excalibur", hands="1", steps=4, players=3, turns=1, exact=True)
    assert f"{by_hand.numerator}/{by_hand.denominator}" in text and "quest-curve" in html


def test_render_war_and_combat_match_the_library() -> None:
    """quest.wars (BoQ p.10) and quest.combat-end (RB p.14) through the widget's text."""
    _, text = render_quest(
        "saxons", hands="3 4; 5", fights=2, warriors=1, players=4, turns=6, exact=True
    )
    p = war_race("saxons", 2, 1, [[3, 4], [5]], 6, players=4).p_win
    assert f"{p.numerator}/{p.denominator}" in text and "worst case" in text
    _, text = render_quest("black_knight", hands="5 1 3", whites="3 3", black_hidden=2)
    best = best_next_fight("black_knight", [3, 3], [5, 1, 3], 2)[0]
    assert best.value == 5 and "Lay Fight 5 next: 48.5%" in text.splitlines()[0]  # 16/33
    assert "16/33" in text  # the exact fraction in the table below
    assert fmt_prob(combat_win_probability("black_knight", [3, 3], 2), 2) in text


@pytest.mark.parametrize(
    ("quest", "text", "expected"),
    [
        ("picts", "3 4; 5", ((3, 4), (5,))),
        ("picts", "", ((),)),
        ("grail", "2, 1", (2, 1)),
        ("excalibur", " 3 ", (3,)),
        ("lancelot", "5 5 2", (5, 5, 2)),
    ],
)
def test_parse_hands(quest: str, text: str, expected: tuple[object, ...]) -> None:
    assert parse_hands(quest, text) == expected


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"quest": "holy_grail"}, "quest='holy_grail'"),
        ({"quest": "grail", "hands": "two"}, "'two' is not a whole number"),
        ({"quest": "grail", "grails": 7}, "grails=7"),
        ({"quest": "grail", "turns": 0}, "turns=0"),
        ({"quest": "grail", "players": 9}, "players=9"),
        ({"quest": "excalibur", "steps": -5, "hands": "1"}, "steps=-5"),
        ({"quest": "picts", "warriors": 4, "hands": "1"}, "warriors=4"),
        ({"quest": "black_knight", "whites": "3 4 5"}, "cannot grow into the black_knight"),
        ({"quest": "grail", "exact": "yes"}, "exact='yes'"),
    ],
)
def test_render_quest_rejects_bad_input(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        render_quest(**kwargs)  # type: ignore[arg-type]


def test_svg_curves_places_the_points() -> None:
    """The chart's y runs from 100% at the top (y=10) to 0% at the bottom (y=180)."""
    curve = RaceCurve("grail", (Fraction(0), Fraction(1, 2), Fraction(1)), (0, 0, 0), ())  # type: ignore[arg-type]
    svg = svg_curves({"one": curve})
    assert "points='40.0,180.0 225.0,95.0 410.0,10.0'" in svg
    assert svg.count("<polyline") == 2  # won, and lost (dashed)


def test_quest_figure_draws_every_curve() -> None:
    curves = quest_curves("grail", hands="2, 2", grails=4, blacks=1, turns=3)
    fig = quest_figure(curves, title="Grail")
    ax = fig.axes[0]
    assert [line.get_label() for line in ax.lines] == [
        "won: 2 knights on it",
        "won: the first knight alone",
        "lost",
    ]
    ys = ax.lines[0].get_ydata()
    assert list(ys) == [float(p) for p in curves["2 knights on it"].won]


def test_widget_updates_result_and_plot_when_a_control_changes() -> None:
    w = build_quest_widget()
    assert w.text.startswith("Holy Grail within 6 turns") and w.plot.value.startswith("<svg")
    assert "BoQ p.9" not in w.text.splitlines()[0] and "BoQ p.9" in w.text  # cited below
    before = w.result.value
    w.turns.value = 3
    assert w.result.value != before and "within 3 turns" in w.text
    w.quest.value = "black_knight"
    w.hands.value = "5 1 3"
    w.whites.value = "3 3"
    w.black_hidden.value = 2
    assert "Lay Fight 5 next" in w.text and w.plot.value == ""
    w.whites.value = "3 4 5"
    assert w.text.startswith("Cannot compute") and "3, 4, 5" in w.text
    assert "Cannot compute" in repr(w._repr_mimebundle_()["text/plain"])
