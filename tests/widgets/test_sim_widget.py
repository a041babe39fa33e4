"""The simulation widget: the pure render, the batches, and the wired widget (no browser)."""

from __future__ import annotations

import pytest

from camelot_rules.sim import GameConfig, SweepRow, sweep, win_rate
from widgets.sim import MAX_GAMES, SimWidget, build_sim_widget, render_sim, run_batches


def _row(label: str, wins: int, games: int) -> SweepRow:
    return SweepRow(label, games, wins, win_rate(wins, games), (("12 swords", wins),))


def test_render_shows_rates_intervals_and_the_comparison() -> None:
    rows = [_row("5 players, Merlin's Company", 30, 100), _row("5 players, base", 60, 100)]
    html, text = render_sim(rows, seed=3)
    assert (
        "The loyal knights win most often with 5 players, base: 60.0% of 100 games "
        "(interval at 95%: 49.7%-69.7%)." in text
    )
    # Clopper-Pearson for 30/100 is 0.2124-0.3998 (as R's binom.test(30, 100) prints)
    assert "30.0%" in text and "[21.2, 40.0]" in text
    assert "+30.0 pts" in text and "yes" in text  # 60/100 vs 30/100: p < 0.0001
    assert html.count("<circle") == 2 and "Merlin&#x27;s Company" in html
    assert "Holm" in text and "not expert play" in text


def test_render_while_games_come_in_and_bad_input() -> None:
    _, text = render_sim([_row("4 players, base", 1, 20)], seed=1, target=100)
    assert "Playing... 20 of 100 games so far." in text
    _, text = render_sim([_row("a", 0, 20), _row("b", 0, 20)], seed=1)
    assert text.startswith("The same so far in every configuration: the loyal knights win 0.0% of")
    with pytest.raises(ValueError, match="no configuration chosen"):
        render_sim([], seed=1)


def test_batches_add_up_to_one_run() -> None:
    """Independent route: the rows after the last batch equal one sweep of all the games."""
    configs = [GameConfig.of(4), GameConfig.of(4, traitor="none")]
    seen: list[list[SweepRow]] = []
    rows = run_batches(configs, 7, 5, 3, seen.append)
    assert [r[0].games for r in seen] == [3, 6, 7]
    assert rows == sweep(configs, n=7, seed=5)
    with pytest.raises(ValueError, match="games=0"):
        run_batches(configs, 0, 5, 3, seen.append)
    with pytest.raises(ValueError, match=f"1 to {MAX_GAMES:,}"):
        run_batches(configs, MAX_GAMES + 1, 5, 3, seen.append)


def test_widget_runs_and_shows_errors_in_place() -> None:
    w = build_sim_widget(4, traitors=("none",), games=4, seed=2, batch=2)
    assert "press Run" in w.result.value
    w.run()
    assert "sim-result" in w.result._dom_classes
    assert "4 players, base, traitor=none" in w.text and "of 4 games" in w.text
    w.expansion.value = True
    assert len(w.configs()) == 2
    w.base.value = w.expansion.value = False
    w.run()
    assert "no configuration chosen" in w.result.value
    assert isinstance(w, SimWidget)


@pytest.mark.parametrize("lang", ["ja", "es"])
def test_the_widget_in_japanese_and_spanish_keeps_its_numbers_without_replaying(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from camelot_rules.base.i18n import set_language
    from camelot_rules.data.names import display_name
    from tests.widgets.test_widgets import FRACTION, JAPANESE, catalog, check_relabelled

    w = build_sim_widget(4, traitors=("standard", "none"), games=6, seed=3, batch=3)
    w.run()
    english = w.text
    # independent route: one sweep of the same games gives the wins/games shown
    rows = sweep([GameConfig.of(4), GameConfig.of(4, traitor="none")], n=6, seed=3)
    shown = [f"{r.wins}/{r.games}" for r in rows]
    assert FRACTION.findall(english)[-2:] == shown  # the table's column (after the verdict)
    monkeypatch.setattr("widgets.sim.run_batches", None)  # a language change plays no game
    try:
        w.language.value = lang
        assert FRACTION.findall(w.text) == FRACTION.findall(english) and w.text != english
        check_relabelled(w, lang, at_least=8)  # players, box, 3 traitor rules, games, seed, run
        assert w.expansion.description == display_name("expansion", "term", lang=lang)
        head = catalog(lang)["{pct} interval"].format(pct="95%")
        assert head in w.text and "95% interval" not in w.text
        if lang == "ja":
            assert JAPANESE.search(w.text.splitlines()[0])
        w.language.value = "en"
        assert w.text == english
    finally:
        set_language(None)
