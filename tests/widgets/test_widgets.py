"""Widgets: pure render functions, and the ipywidgets wiring without a browser."""

import html
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from camelot_rules import Deck, best_turn, siege_win_probability
from camelot_rules.base.i18n import set_language
from camelot_rules.data.names import display_name
from camelot_rules.front.display import fmt_expectation, fmt_percent, fmt_prob
from widgets import build_siege_widget, render_siege

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


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


def test_siege_counts_are_steppers_that_cannot_go_negative() -> None:
    w = build_siege_widget({3: 1})
    w.fights[2].value = -2  # a stepper clamps: no error for a player to read
    assert w.fights[2].value == 0
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
    from widgets.exhaustion import OTHER_DECK

    w = build_exhaustion_widget(deck="black (base, 76)", mix="1: 1/2, 2: 1/2", horizon=80)
    # deck.reshuffle-both: the base game rebuilds both decks by default (RB p.10, p.13)
    assert "rebuilt together with this one" in w.text
    w.both_decks.value = next(k for k, v in OTHER_DECK.items() if v is False)  # the variant
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
    w.both_decks.value = next(k for k, v in OTHER_DECK.items() if v)  # back to the rule
    w.deck.value = "black (base + Merlin's Company, 90)"
    w.named.value = "morgan_witch_2"
    deck = standard_deck("black", expansion=True)
    pos = DeckPosition(deck.without("despair", 6), Deck({"despair": 6}), expansion=True)
    nr = next_rebuild(
        pos, {1: Fraction(1, 2), 2: Fraction(1, 2)}, cards="morgan_witch_2", horizon=80
    )
    assert f"before the rebuild) = {fmt_prob(nr.seen_before)}" in w.text
    assert "rebuilt together with this one (JA)" in w.text  # the rule (RB p.10; JA)


def test_exhaustion_widget_rebuilds_both_decks_in_the_expansion() -> None:
    from camelot_rules import DeckPosition, OtherDeck, RebuildRules, next_rebuild, standard_deck
    from widgets import build_exhaustion_widget
    from widgets.exhaustion import OTHER_DECK

    w = build_exhaustion_widget(deck="black (base + Merlin's Company, 90)", mix="1: 1", horizon=90)
    w.other_pile.value = 10
    pos = DeckPosition(standard_deck("black", expansion=True), expansion=True)
    other = OtherDeck(10, 77, {0: Fraction(1, 2), 2: Fraction(1, 2)})
    nr = next_rebuild(pos, {1: 1}, rules=RebuildRules(other_deck=other), horizon=90)
    assert f"the other deck runs out: {fmt_prob(nr.by_cause['other_deck'])}" in w.text
    w.both_decks.value = next(k for k, v in OTHER_DECK.items() if v is False)
    assert "the other deck runs out" not in w.text.split("Option")[0]
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
    from camelot_rules.odds.travel import next_trip_risk, trips_distribution
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
    from camelot_rules.explorer.models import RoundTable
    from widgets import build_graph_widget

    w = build_graph_widget("Round Table endgame", "players=5, white=4, black=2")
    exact = outcome_probabilities(explore(RoundTable()), maximize="loyal_win")
    won = re.escape(fmt_prob(exact["loyal_win"]))
    assert re.search(rf"\nthe loyal knights win +{won}", w.text)  # the outcome in words
    assert "best move here" in w.text
    label, first = w.next.options[0]
    w.next.value = first
    w.step.click()
    assert f"current state: {label.split(' -> ')[1]}" in w.text
    assert "Fraction(" not in w.text and "EndgameState(" not in w.text  # no raw reprs
    w.back.click()
    assert "phase: act" in w.text


def test_graph_widget_draws_small_graphs_and_reports_bad_parameters() -> None:
    from widgets import build_graph_widget

    w = build_graph_widget("Coin race (tiny example)")
    assert "<svg" in w.result.value and re.search(r"\nheads first +1/2 \(50.0%\)", w.text)
    w.params.value = "target=1/2"
    assert "camelot-error" in w.result.value and "target" in w.result.value
    w.params.value = "tagret=2"
    assert "camelot-error" in w.result.value and "tagret" in w.result.value


def test_playlog_widget_reports_violations_and_parse_errors() -> None:
    from pathlib import Path

    from widgets import build_playlog_widget

    logs = Path(__file__).parents[1] / "logs"
    w = build_playlog_widget((logs / "bad_accuse_twice.log").read_text())
    assert "line 277: Tristan accuses a second time (rule endgame.accusation: " in w.text
    w.log_text.value = (logs / "malformed.log").read_text()
    w.check.click()
    assert "camelot-error" in w.result.value and "line 3" in w.result.value
    # the line that cannot be read is reported, the others replayed (not "Cannot compute")
    assert w.text.startswith("1 line(s) could not be read:\n  line 3: roll='nine'")


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
    import camelot_rules.odds.siege

    w = build_siege_widget({3: 1})
    assert "1/4" in w.text and "camelot-error" not in w.result.value

    def broken(*_args: object, **_kwargs: object) -> object:
        raise KeyError("boom")

    monkeypatch.setattr(camelot_rules.odds.siege, "best_turn", broken)
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


# --- issue 18: a verdict first, readable numbers, assumptions folded away ----------------------


def _first_line(text: str) -> str:
    return text.splitlines()[0]


def test_every_widget_opens_with_a_one_sentence_verdict_and_folds_its_assumptions() -> None:
    from widgets import (
        explore_model,
        render_exhaustion,
        render_graph,
        render_travel,
    )

    explored = explore_model("Coin race (tiny example)", "target=2")
    answers = [
        render_siege({5: 1, 4: 1}),
        render_travel(trips=6),
        render_exhaustion("black (base, 76)"),
        render_graph(explored, explored.graph.graph["root"], draw=False),
    ]
    for page, text in answers:
        assert page.index("camelot-verdict") < page.index("<table")
        assert page.index("<table") < page.index("<details class='camelot-assumes'")
        assert "<summary>What this assumes</summary>" in page
        verdict = _first_line(text)
        assert verdict.endswith(".") and verdict[0].isupper()
        assert "What this assumes:" in text


def test_siege_verdict_says_a_certain_win_plainly() -> None:
    _, text = render_siege({5: 1, 4: 1})
    assert _first_line(text).startswith("Play 5 + 4: you cannot lose.")  # 9 beats every d8 roll


def test_siege_verdict_gives_the_first_fight_odds_and_the_turn_value() -> None:
    _, text = render_siege({5: 1, 4: 1, 3: 1})
    # best_turn plays the 5 first (P 4/8), then buys a fight with 4 + 3: 5/4 engines expected
    assert _first_line(text) == (
        "Play 5: you win this fight 50.0% (1 in 2). "
        f"Best turn: {fmt_expectation(best_turn([5, 4, 3]).value)} engines removed on average."
    )


def test_kay_table_shows_the_fight_value_that_decides_between_splits() -> None:
    from camelot_rules import kay_splits

    _, text = render_siege({5: 1, 1: 1}, kay=True)
    assert "expected fight value spent" in text
    pareto = [s for s in kay_splits([5, 1]) if s.pareto]
    # play 5 keep 1: value spent 5 + 1/8 = 41/8; play 1 keep 5: 1 + 5 * 5/8 = 33/8 - so the
    # second split spends more cards but less value, and both are Pareto-optimal
    assert {s.expected_value_spent for s in pareto} >= {Fraction(41, 8), Fraction(33, 8)}
    assert fmt_expectation(Fraction(41, 8)) in text and fmt_expectation(Fraction(33, 8)) in text


def test_travel_verdict_is_the_chance_of_capture_within_the_trips() -> None:
    from camelot_rules import standard_deck
    from camelot_rules.odds.travel import trips_distribution
    from widgets import render_travel

    _, text = render_travel(trips=6)
    plan = trips_distribution(standard_deck("travel", expansion=True), 6)
    p = 1 - plan.captures[0]
    assert _first_line(text).startswith("Within 6 trips you are captured at least once: ")
    assert fmt_percent(p) in _first_line(text)


def test_exhaustion_note_tells_how_much_chance_the_shown_rows_hold() -> None:
    from camelot_rules import DeckPosition, next_rebuild, standard_deck
    from widgets import render_exhaustion
    from widgets.exhaustion import MAX_ROWS

    deck = "black (base + Merlin's Company, 90)"
    _, text = render_exhaustion(deck, mix="1: 1/2, 2: 1/2")
    nr = next_rebuild(
        DeckPosition(standard_deck("black", expansion=True), expansion=True),
        {1: Fraction(1, 2), 2: Fraction(1, 2)},
        horizon=60,
    )
    rows = [line for line in text.splitlines() if line.split(" ")[0].isdigit()]
    assert len(rows) == MAX_ROWS  # the table is cut ...
    turns = [int(r.split()[0]) for r in rows]
    held = sum((nr.by_turn[t] for t in turns), Fraction(0))
    assert held < Fraction(999, 1000)  # ... so "99.9%" would be false here
    assert f"they hold {fmt_percent(held)} of the chance" in text and "stops at 40 rows" in text


def test_exhaustion_refuses_a_card_that_is_not_in_the_chosen_deck() -> None:
    from widgets import render_exhaustion

    with pytest.raises(ValueError, match=r"morgan_witch_1.*Merlin's Company"):
        render_exhaustion("black (base, 76)", named="morgan_witch_1")


def test_exact_toggle_prints_long_fractions_whole() -> None:
    from widgets import build_graph_widget

    w = build_graph_widget("Round Table endgame", "players=5, white=4, black=2")
    assert "5686/15625" in w.text  # short enough to show anyway
    w.exact.value = True
    assert "5686/15625 (36.4%)" in w.text
    w2 = build_siege_widget({5: 1, 3: 1}, kay=True)
    assert "camelot-error" not in w2.result.value
    w2.exact.value = True
    assert "camelot-error" not in w2.result.value


def test_text_boxes_update_on_enter_not_mid_word() -> None:
    from widgets import build_exhaustion_widget, build_graph_widget, build_travel_widget

    boxes = [
        build_travel_widget().seen,
        build_travel_widget().composition,
        build_exhaustion_widget().named,
        build_exhaustion_widget().drawn,
        build_exhaustion_widget().mix,
        build_graph_widget("Coin race (tiny example)").params,
    ]
    assert all(box.continuous_update is False for box in boxes)


def test_graph_widget_shows_a_busy_sign_while_it_solves(monkeypatch: pytest.MonkeyPatch) -> None:
    import widgets.graph
    from widgets import build_graph_widget
    from widgets.common import BUSY_HTML

    w = build_graph_widget("Coin race (tiny example)")
    seen: list[str] = []
    real = widgets.graph.explore_model

    def spy(*args: object) -> object:
        seen.append(w.result.value)  # what the browser shows while the solve runs
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(widgets.graph, "explore_model", spy)
    w.params.value = "target=3"
    assert seen and seen[0].startswith(BUSY_HTML)
    assert BUSY_HTML not in w.result.value  # gone once the answer is in


def test_saved_widget_output_reads_as_the_answer_not_a_repr() -> None:
    from widgets import build_travel_widget

    for w in (build_siege_widget({5: 1, 4: 1}), build_travel_widget()):
        bundle = w._repr_mimebundle_()
        assert bundle["text/plain"].startswith(w.text.splitlines()[0])
        assert "children=" not in bundle["text/plain"]
        assert w.result.value in bundle["text/html"]
        assert "application/vnd.jupyter.widget-view+json" in bundle  # still live when run


def test_plots_label_their_axes_and_show_chances_as_percentages() -> None:
    from widgets.plots import cumulative, plot_cumulative, plot_heatmap, plot_turn_plan

    dist = {1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(1, 8)}  # 1/8 beyond the horizon
    assert cumulative(dist) == {1: Fraction(1, 4), 2: Fraction(3, 4), 3: Fraction(7, 8)}
    fig = plot_cumulative({"black": dist}, title="run-out", xlabel="turn")
    ax = fig.axes[0]
    assert ax.get_xlabel() == "turn" and ax.get_ylabel()
    ys = ax.lines[0].get_ydata()
    assert list(ys) == [0.25, 0.75, 0.875]  # the curve stops below 100%: mass left over
    assert ax.yaxis.get_major_formatter()(0.5, 0) == "50%"
    plan = best_turn([5, 4, 3])
    fig = plot_turn_plan(plan.outcomes)
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert "2 engines removed, 1 life lost" in labels  # 3/8 (see best_turn's docstring)
    widths = sorted(round(b.get_width(), 6) for b in fig.axes[0].patches)
    assert widths == sorted(round(float(p), 6) for p in plan.outcomes.values())
    fig = plot_heatmap(
        {(4, 2): Fraction(1, 3), (5, 2): Fraction(2, 3)},
        title="t",
        xlabel="white swords",
        ylabel="black swords",
        marked=frozenset({(4, 2)}),
        mark_label="accuse",
    )
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert "33% ✕" in texts and "67%" in texts
    assert fig.get_size_inches()[0] <= 5  # phone width (<= 500 px at 100 dpi)


def test_calculator_widgets_show_the_busy_sign_while_computing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import widgets.exhaustion
    from widgets import build_exhaustion_widget
    from widgets.common import BUSY_HTML

    w = build_exhaustion_widget()
    seen: list[str] = []
    real = widgets.exhaustion.next_rebuild

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(w.result.value)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(widgets.exhaustion, "next_rebuild", spy)
    w.horizon.value = 300  # about 0.8 s on the 90-card deck
    assert seen and seen[0].startswith(BUSY_HTML) and BUSY_HTML not in w.result.value


def test_the_first_witch_named_is_said_to_come_up_by_the_rebuild_she_brings() -> None:
    from widgets import render_exhaustion

    deck = "black (base + Merlin's Company, 90)"
    _, on = render_exhaustion(deck, named="morgan_witch_1")
    assert "by the rebuild (the First Witch brings it herself)" in on.splitlines()[0]
    assert "drawn before the rebuild" not in on  # she is the rebuild, not before it
    _, off = render_exhaustion(deck, named="morgan_witch_1", first_witch=False)
    assert "comes up before the rebuild" in off.splitlines()[0]


def test_safe_render_reports_an_interrupt_and_clears_the_answer() -> None:
    from widgets.common import safe_render

    def render() -> tuple[str, str]:
        raise KeyboardInterrupt

    html, text = safe_render(render)
    assert "camelot-error" in html and text.startswith("Cannot compute: stopped")


# --- every widget in English, Japanese and Spanish (issue 17) ------------------------------------
FRACTION = re.compile(r"(?<![\d/])\d+/\d+(?![\d/])")  # Japanese has no \b before a digit


def catalog(lang: str) -> dict[str, str]:
    """The catalog's translations, read from the .po file itself (not through gettext)."""
    from babel.messages.pofile import read_po

    from camelot_rules.base.i18n import LOCALE_DIR

    with (LOCALE_DIR / lang / "LC_MESSAGES" / "camelot_rules.po").open("rb") as fh:
        return {m.id: m.string for m in read_po(fh, locale=lang) if m.id and m.string}


def translated_labels(root: Any) -> list[tuple[str, str]]:
    """(text shown, English message) of every label given with ``widgets.common.tr`` under
    ``root``: descriptions, tooltips, placeholders, HTML texts and drop-down options."""
    found: list[tuple[str, str]] = []
    stack, seen = [root], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for attr, english in getattr(node, "_camelot_texts", {}).items():
            if attr == "options":
                shown = [label for label, _value in node.options]
                found += list(zip(shown, [label for label, _value in english], strict=True))
            else:
                found.append((getattr(node, attr), english))
        stack.extend(getattr(node, "children", ()) or ())
    return found


def check_relabelled(widget: Any, lang: str, *, at_least: int) -> None:
    """Every translated label of ``widget`` reads as the catalog's ``lang`` translation: no
    English label is left among them."""
    table = catalog(lang)
    labels = translated_labels(widget)
    assert len(labels) >= at_least
    for shown, english in labels:
        assert english in table, f"{english!r} has no {lang} translation"
        assert shown == table[english], (lang, english, shown)


@pytest.fixture
def _english_after() -> Iterator[None]:
    yield
    set_language(None)


@pytest.mark.usefixtures("_english_after")
@pytest.mark.parametrize("lang", ["ja", "es"])
def test_the_siege_widget_in_japanese_and_spanish_keeps_its_exact_numbers(lang: str) -> None:
    w = build_siege_widget({5: 1, 4: 1, 3: 1})
    english = w.text
    # independent route: the library's best turn removes 5/4 engines on average (best_turn)
    assert best_turn((3, 4, 5)).value == Fraction(5, 4) and "5/4" in english
    w.language.value = lang
    assert w.text != english and "5/4" in w.text
    assert FRACTION.findall(w.text) == FRACTION.findall(english)
    check_relabelled(w, lang, at_least=4)  # life, turn goal (and its 3 options), exact
    assert [b.description for b in w.fights.values()] == [
        display_name(f"fight_{v}", lang=lang) for v in (1, 2, 3, 4, 5)
    ]
    assert w.kay.description == display_name("kay", "knight", lang=lang)
    w.fights[5].value = 2  # the next answer is in the language chosen too
    assert "5/4" not in w.text and FRACTION.findall(w.text)
    first = w.text.splitlines()[0]
    assert JAPANESE.search(first) if lang == "ja" else first.startswith("Juega ")
    w.language.value = "en"
    w.fights[5].value = 1
    assert w.text == english  # back to the very same English answer


@pytest.mark.usefixtures("_english_after")
@pytest.mark.parametrize("lang", ["ja", "es"])
def test_the_graph_widget_in_japanese_and_spanish_keeps_its_exact_numbers(lang: str) -> None:
    from camelot_rules import explore, outcome_probabilities
    from camelot_rules.explorer.models import RoundTable
    from widgets import build_graph_widget

    w = build_graph_widget("Round Table endgame", "players=5, white=4, black=2")
    w.exact.value = True
    exact = outcome_probabilities(explore(RoundTable()), maximize="loyal_win")["loyal_win"]
    english = w.text
    assert str(exact) in english
    w.language.value = lang
    assert str(exact) in w.text and w.text != english
    assert FRACTION.findall(w.text) == FRACTION.findall(english)
    check_relabelled(w, lang, at_least=8)  # model (and its 7 options), parameters, steps
    table = catalog(lang)
    assert w.model.label == table["Round Table endgame"]
    assert "loyal_win" not in w.text and table["loyal_win"] in w.text
    label, first = w.next.options[0]  # the step choices are in the language too
    w.next.value = first
    w.step.click()
    assert label.split(" -> ")[1] in w.text
    w.language.value = "en"
    w.back.click()
    assert w.text == english


@pytest.mark.usefixtures("_english_after")
@pytest.mark.parametrize("lang", ["ja", "es"])
def test_the_playlog_widget_in_japanese_and_spanish_names_the_same_lines(lang: str) -> None:
    from pathlib import Path

    from camelot_rules.logs.playlog import parse_log, verify
    from widgets import build_playlog_widget

    log = (Path(__file__).parents[1] / "logs" / "bad_accuse_twice.log").read_text()
    w = build_playlog_widget(log)
    english = w.text
    w.language.value = lang
    check_relabelled(w, lang, at_least=1)  # the Check button
    assert w.check.description == catalog(lang)["Check the log"]
    # the same report, other words: the verifier's own report names line 277 and its rule
    report = verify(parse_log(log))
    assert [(v.line, v.rule_id) for v in report.violations] == [(277, "endgame.accusation")]
    assert "endgame.accusation" in w.text and "277" in w.text.splitlines()[0]  # the verdict
    assert w.text != english
    w.log_text.value = ""
    w.check.click()  # an error in the reader's language
    assert catalog(lang)[
        "the log text is empty: paste a play log (it starts with a setup line)"
    ] in html.unescape(w.result.value)


def test_the_dashboard_and_the_widgets_own_selectors_follow_each_other() -> None:
    import ipywidgets as W

    from widgets import build_graph_widget, build_playlog_widget
    from widgets.app import language_selector, playlog_tab, tab_titles

    siege = build_siege_widget({5: 1, 4: 1, 3: 1})
    graph = build_graph_widget("Coin race (tiny example)")
    playlog = build_playlog_widget()
    tab = W.Tab(children=[siege, graph, playlog_tab(playlog)])
    tab.titles = [tab_titles()[1], tab_titles()[4], tab_titles()[5]]
    english = [siege.text, graph.text]
    choice = language_selector([siege, graph, playlog], tab)
    try:
        siege.language.value = "ja"  # one widget's own selector: the whole dashboard follows
        assert choice.value == "ja" and graph.language.value == "ja"
        assert playlog.language.value == "ja" and tab.titles[1] == "カタパルト戦"
        assert JAPANESE.search(graph.text.splitlines()[0])
        check_relabelled(tab, "ja", at_least=12)  # the play-log tab's buttons and intro too
        choice.value = "es"  # the dashboard's selector: every widget's selector follows
        assert siege.language.value == graph.language.value == "es"
        assert siege.text.startswith("Juega ")
        check_relabelled(tab, "es", at_least=12)
        graph.language.value = "en"
        assert choice.value == "en" and [siege.text, graph.text] == english
    finally:
        set_language(None)
