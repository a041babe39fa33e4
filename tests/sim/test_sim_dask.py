"""Sweeps on a Dask cluster give exactly the single-process table (issue 15).

One ``LocalCluster`` of two worker processes is started for the module (about 2 s); the games
are few and short so the whole file stays well under 20 s on two shared cores.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from camelot_rules.sim import GameConfig, Policies, simulate_games, sweep
from camelot_rules.sim.evaluate import FEATURES, fitted_weights
from camelot_rules.sim.runner import check_client
from camelot_rules.sim.search import Playouts, SearchKnight, SearchTraitor

distributed = pytest.importorskip("distributed")

_CONFIGS = [GameConfig.of(4), GameConfig.of(5, expansion=True, traitor="none")]


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    with distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
    ) as local:
        yield local


@pytest.fixture
def small_tasks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tasks of 4 games, so that a few games still make several tasks for the two workers."""
    import importlib

    for name in ("camelot_rules.sim.games", "camelot_rules.sim.sweep"):  # where tasks are cut
        monkeypatch.setattr(importlib.import_module(name), "TASK_GAMES", 4)


def test_dask_cluster_gives_the_single_process_table(cluster, small_tasks) -> None:  # type: ignore[no-untyped-def]
    """Same seeds, same rows: 2 configurations x 10 games cut into 6 tasks of at most 4
    games, run on two Dask worker processes, against the same sweep in this process."""
    here = sweep(_CONFIGS, n=10, seed=7)
    with distributed.Client(cluster) as client:
        there = sweep(_CONFIGS, n=10, seed=7, client=client)
        rows = simulate_games(_CONFIGS[0], n=10, seed=7, client=client)
        assert len(client.scheduler_info()["workers"]) == 2
    assert there == here
    assert rows == simulate_games(_CONFIGS[0], n=10, seed=7)
    assert sum(r.knights_win for r in rows) == here[0].wins
    assert [r.game for r in rows] == list(range(10))
    # a different seed changes the games (the test could fail): compared game by game, since
    # two small sweeps of weak policies may well add up to the same summary row
    assert simulate_games(_CONFIGS[0], n=10, seed=8) != rows


@pytest.mark.slow  # about 2 s on the source, which make check runs (1 s compiled)
def test_search_games_on_a_dask_cluster_are_the_single_process_games(cluster) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: search-policy games "on a Dask cluster for more". Both searching sides, with
    a field beyond the defaults (the evaluation's weights) that must travel with them."""
    engines = FEATURES.index("siege engines / 12")
    weights = tuple(w - 6.0 if i == engines else w for i, w in enumerate(fitted_weights()))
    quick = Playouts(horizon=1, confirm=2, weights=weights)
    policies = Policies(
        SearchKnight(worlds=2, playouts=quick), SearchTraitor(worlds=2, playouts=quick)
    )
    config = GameConfig.of(3)
    here = simulate_games(config, policies, n=2, seed=4)
    with distributed.Client(cluster) as client:
        there = simulate_games(config, policies, n=2, seed=4, client=client)
    assert there == here


def test_a_scheduler_address_opens_its_own_client(cluster) -> None:  # type: ignore[no-untyped-def]
    address = cluster.scheduler_address
    assert address.startswith("tcp://")
    here = sweep(_CONFIGS[:1], n=6, seed=3)
    assert sweep(_CONFIGS[:1], n=6, seed=3, client=address) == here
    assert sweep(_CONFIGS[:1], n=6, seed=3, client=cluster) == here  # the cluster object


def test_cli_scheduler_writes_the_same_csv(cluster, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from camelot_rules.front.cli import main

    args = ["simulate", "--players", "4", "--games", "5", "--seed", "9", "--csv"]
    assert main([*args, str(tmp_path / "here.csv")]) == 0
    there = tmp_path / "there.csv"
    assert main([*args, str(there), "--scheduler", cluster.scheduler_address]) == 0
    assert there.read_text() == (tmp_path / "here.csv").read_text()


def test_progress_bar_counts_games_and_changes_nothing(capsys) -> None:  # type: ignore[no-untyped-def]
    quiet = simulate_games(_CONFIGS[0], n=4, seed=2)
    loud = simulate_games(_CONFIGS[0], n=4, seed=2, progress=True)
    assert loud == quiet
    err = capsys.readouterr().err
    assert "4/4" in err and "game" in err
    simulate_games(_CONFIGS[0], n=2, seed=2)
    assert capsys.readouterr().err == ""  # off by default


@pytest.mark.parametrize("bad", ["localhost:8786", 8786, object()])
def test_bad_client_is_refused_with_what_was_expected(bad: object) -> None:
    with pytest.raises(ValueError, match=r"client=.*expected"):
        check_client(bad)
    with pytest.raises(ValueError, match="client="):
        sweep(_CONFIGS[:1], n=1, client=bad)
