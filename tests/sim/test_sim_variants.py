"""Rule variants side by side: the grid of configurations, Holm's adjustment, the report's
significance calls, the plot and the CLI's ``simulate --sweep``."""

from __future__ import annotations

import csv
import itertools

import matplotlib
import pytest

matplotlib.use("Agg")

from camelot_rules.front.cli import main
from camelot_rules.sim import (
    GameConfig,
    VariantReport,
    compare,
    fisher_exact,
    holm,
    parse_axis,
    sweep,
    variant_grid,
    variant_sweep,
    win_rate,
)
from camelot_rules.sim.sweep import SweepRow


def test_holm_by_hand() -> None:
    """p = 0.01, 0.04, 0.03 (m = 3): sorted 0.01, 0.03, 0.04 -> x3, x2, x1 = 0.03, 0.06,
    0.04, made monotone -> 0.03, 0.06, 0.06; back in the given order 0.03, 0.06, 0.06."""
    assert holm([0.01, 0.04, 0.03]) == [0.03, 0.06, 0.06]
    assert holm([0.5]) == [0.5]
    assert holm([0.6, 0.7]) == [1.0, 1.0]  # capped at 1
    assert holm([]) == []


def test_holm_against_bonferroni_brute_force() -> None:
    """Independent route: Holm's adjusted p_i is the smallest alpha at which the step-down
    procedure (reject while p_(k) <= alpha/(m-k+1)) rejects hypothesis i."""
    ps = [0.001, 0.02, 0.013, 0.04, 0.3]
    adj = holm(ps)
    m = len(ps)
    for alpha in [x / 1000 for x in range(1, 400)]:
        rejected = set()
        for k, i in enumerate(sorted(range(m), key=lambda j: ps[j])):
            if ps[i] > alpha / (m - k):
                break
            rejected.add(i)
        assert rejected == {i for i in range(m) if adj[i] <= alpha + 1e-12}, alpha


def test_variant_grid_is_the_product_with_the_first_as_reference() -> None:
    grid = variant_grid(players=[4, 5], traitor=["standard", "none"])
    assert [(c.players, dict(c.options)["traitor"]) for c in grid] == list(
        itertools.product([4, 5], ["standard", "none"])
    )
    base = GameConfig.of(6, expansion=True)
    grid = variant_grid(base, coats=["expansion", "mixed"])
    assert all(c.players == 6 and c.expansion for c in grid)
    assert [dict(c.options)["coats"] for c in grid] == ["expansion", "mixed"]


@pytest.mark.parametrize(
    ("axes", "match"),
    [
        ({"traiter": ["none"]}, "axis 'traiter': expected one of"),
        ({"traitor": ["nobody"]}, "traitor='nobody': expected one of"),
        ({"players": [9]}, "players=9"),
        ({"players": [8]}, "combination .*players.*8.*not a game"),
        ({"coats": ["base"]}, "combination .*coats.*not a game"),
        ({"expansion": ["yes"]}, "expansion='yes'"),
        ({}, "no axis to vary"),
    ],
)
def test_variant_grid_refuses_what_is_not_a_game(axes: dict[str, list[object]], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        variant_grid(**axes)


def test_parse_axis() -> None:
    assert parse_axis("players=3,4, 5") == ("players", (3, 4, 5))
    assert parse_axis("three-player-peek=off,on") == ("three_player_peek", (False, True))
    for bad, match in [
        ("players", "expected NAME=VALUE"),
        ("players=", "no values"),
        ("players=two", "players='two'"),
        ("colour=red", "axis 'colour'"),
        ("expansion=maybe", "yes or no"),
    ]:
        with pytest.raises(ValueError, match=match):
            parse_axis(bad)


def test_variant_sweep_is_the_sweep_plus_fisher_and_holm() -> None:
    """The report's rows are the plain sweep's rows; its p-values are Fisher's exact test of
    each row's counts against the first, Holm-adjusted (computed here separately)."""
    configs = variant_grid(players=[3, 4], traitor=["standard", "none"])
    report = variant_sweep(configs, n=3, seed=4)
    assert list(report.rows) == sweep(configs, n=3, seed=4)
    ref = report.rows[0]
    raw = [fisher_exact(r.wins, r.games, ref.wins, ref.games) for r in report.rows[1:]]
    assert [c.p_value for c in report.comparisons] == raw
    assert list(report.adjusted) == holm(raw)
    text = report.text()
    assert "reference" in text and "Holm" in text and "Clopper-Pearson" in text
    assert "<table" in report.html()


def test_a_real_difference_is_called_significant_and_a_lucky_one_is_not() -> None:
    """Synthetic rows (no games) against 0/200: 40/200 differs beyond doubt, 10/200 clearly
    (p about 0.002), 1/200 not at all; and 10/200 against 17/200 is not significant (p just
    above 0.05). The plot puts the reference on top."""
    rows = [_row("a", 0, 200), _row("b", 40, 200), _row("c", 10, 200), _row("d", 1, 200)]
    comparisons = tuple(compare(r, rows[0]) for r in rows[1:])
    adjusted = tuple(holm([c.p_value for c in comparisons]))
    report = VariantReport(tuple(rows), comparisons, adjusted, 0.05, 0, "test")
    assert report.significant == (True, True, False)
    assert report.adjusted[0] < 1e-10
    assert compare(_row("x", 10, 200), _row("y", 17, 200)).p_value > 0.05
    fig = report.plot()
    ax = fig.axes[0]
    ticks = dict(zip(ax.get_yticks(), (t.get_text() for t in ax.get_yticklabels())))
    assert [ticks[y] for y in sorted(ticks, reverse=True)] == ["a", "b", "c", "d"]
    assert len(ax.lines) >= 4  # a dot per configuration


def _row(label: str, wins: int, games: int) -> SweepRow:
    return SweepRow(label, games, wins, win_rate(wins, games), ())


def test_variant_sweep_bad_input() -> None:
    with pytest.raises(ValueError, match="at least two"):
        variant_sweep([GameConfig.of(4)], n=1)
    with pytest.raises(ValueError, match="alpha=2"):
        variant_sweep({"players": [3, 4]}, n=1, alpha=2)
    with pytest.raises(ValueError, match="expected a GameConfig"):
        variant_sweep(["5 players", "4 players"], n=1)  # type: ignore[list-item]


def test_cli_simulate_sweep(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    out_csv, out_png = tmp_path / "v.csv", tmp_path / "v.png"
    args = ["simulate", "--players", "4", "--games", "3", "--seed", "2"]
    sweep_args = ["--sweep", "traitor=standard,none", "--sweep", "opening_share=draft,skip"]
    assert main([*args, *sweep_args, "--csv", str(out_csv), "--plot", str(out_png)]) == 0
    text = capsys.readouterr().out
    assert "4 configurations around 4 players, base" in text
    assert "traitor=none, opening_share=skip" in text or "opening_share=skip, traitor=none" in text
    with open(out_csv, encoding="utf-8") as fh:
        table = list(csv.DictReader(fh))
    assert len(table) == 4 and all(int(r["games"]) == 3 for r in table)
    assert out_png.read_bytes()[:4] == b"\x89PNG"
    assert main([*args, "--sweep", "traitor=nobody"]) == 2
    assert "traitor='nobody'" in capsys.readouterr().err
    assert main([*args, "--sweep", "players=3", "--sweep", "players=4"]) == 2
    assert main([*args, "--plot", str(out_png)]) == 2
    assert "add --sweep" in capsys.readouterr().err


def test_the_expansion_readings_are_axes_of_a_sweep() -> None:
    """The travel mix and the reading of Divine Favor are engine options a sweep varies: each
    configuration deals a game with that option recorded in the engine's state."""
    from camelot_rules.engine import new_game
    from camelot_rules.sim.variants import parse_axis, variant_grid

    assert parse_axis("travel_mix=assumed,harmful_majority") == (
        "travel_mix",
        ("assumed", "harmful_majority"),
    )
    assert parse_axis("divine-favor-reading=final_count")[0] == "divine_favor_reading"
    base = GameConfig.of(5, expansion=True)
    grid = variant_grid(base, travel_mix=["assumed", "harmful_majority"])
    dealt = [new_game(c.players, expansion=c.expansion, seed=3, **dict(c.options)) for c in grid]
    assert [s.cfg.travel_box for s in dealt] == [(3, 3, 2, 2, 2, 2, 2), (2, 2, 2, 3, 3, 2, 2)]
    grid = variant_grid(base, divine_favor_reading=["next_tie", "final_count"])
    assert [dict(c.options)["divine_favor_reading"] for c in grid] == ["next_tie", "final_count"]
    with pytest.raises(ValueError, match="travel_mix"):
        variant_grid(GameConfig.of(5), travel_mix=["harmful_majority"])  # no travel deck
    assert parse_axis("two_traitor_flip=3,4") == ("two_traitor_flip", (3, 4))
    eight = variant_grid(GameConfig.of(8, expansion=True), two_traitor_flip=[3, 4])
    assert [dict(c.options)["two_traitor_flip"] for c in eight] == [3, 4]
    with pytest.raises(ValueError, match="two_traitor_flip"):
        parse_axis("two_traitor_flip=2")
