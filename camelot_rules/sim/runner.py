"""Where the games are played: in this process, on local worker processes, or on a Dask cluster.

Work is cut into *tasks* - one configuration, a run of game numbers - and every game carries
its own seed (derived from the sweep's seed and the game number, see ``games.game_seed``), so
the rows do not depend on how the games were cut up or where they ran: one process, ``N`` local
processes and a Dask cluster give the same table for the same seed. Results are put back in
task order, never in the order they finished.

A Dask cluster is used when ``client`` is a ``dask.distributed.Client``, a cluster object
(``LocalCluster``, or any with a ``scheduler_address``) or a scheduler address such as
``"tcp://10.0.0.5:8786"`` (a client is then opened for the call and closed after it).
Progress bars (``tqdm``) count games as tasks finish; they are off unless ``progress=True``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

__all__ = ["check_client", "run_tasks"]

#: games per task: small enough for a progress bar that moves, large enough that sending a
#: task costs little next to playing it (a game takes ~30 ms)
TASK_GAMES = 25


def check_client(client: Any) -> None:
    """Refuse anything that is neither ``None``, a ``dask.distributed.Client`` nor a scheduler
    address string (``"tcp://host:port"``, ``"tls://..."``, ``"inproc://..."``)."""
    if client is None or (isinstance(client, str) and "://" in client):
        return
    if isinstance(client, str):
        raise ValueError(
            f"client={client!r}: expected a Dask scheduler address such as 'tcp://10.0.0.5:8786'"
        )
    if not _is_dask_client(client) and not isinstance(
        getattr(client, "scheduler_address", None), str
    ):
        raise ValueError(
            f"client={client!r}: expected None (local processes), a dask.distributed.Client, "
            "a cluster (e.g. LocalCluster) or a scheduler address such as 'tcp://10.0.0.5:8786'"
        )


def _is_dask_client(client: Any) -> bool:
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - dask[distributed] is a dependency
        return False
    return isinstance(client, Client)


def run_tasks(
    fn: Callable[[Any], Any],
    tasks: Sequence[Any],
    sizes: Sequence[int],
    *,
    workers: int = 1,
    client: Any = None,
    progress: bool = False,
    desc: str = "games",
) -> list[Any]:
    """``[fn(task) for task in tasks]``, computed here, on ``workers`` local processes, or on
    the Dask cluster ``client``; ``sizes[i]`` is the number of games in task ``i`` (for the
    progress bar). The answer is in task order whatever ran where."""
    check_client(client)
    from tqdm.auto import tqdm

    bar = tqdm(total=sum(sizes), desc=desc, unit="game", disable=not progress)
    try:
        if client is not None:
            return _on_dask(fn, tasks, sizes, client, bar)
        if workers == 1 or len(tasks) == 1:
            out = []
            for task, size in zip(tasks, sizes):
                out.append(fn(task))
                bar.update(size)
            return out
        results: list[Any] = [None] * len(tasks)
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
            for future in as_completed(futures):
                i = futures[future]
                results[i] = future.result()
                bar.update(sizes[i])
        return results
    finally:
        bar.close()


def _on_dask(
    fn: Callable[[Any], Any], tasks: Sequence[Any], sizes: Sequence[int], client: Any, bar: Any
) -> list[Any]:
    import distributed

    dask: Any = distributed  # the package's functions carry no type hints
    owned: Any = None
    if not isinstance(client, str) and not _is_dask_client(client):
        client = client.scheduler_address  # a cluster object: connect to its scheduler
    if isinstance(client, str):
        try:
            owned = client = dask.Client(client, timeout="20s")
        except (OSError, TimeoutError) as exc:
            raise ValueError(
                f"client={client!r}: no Dask scheduler answered at this address ({exc})"
            ) from exc
    try:
        # pure=False: every task is run, never answered from another call's cache
        futures = client.map(fn, list(tasks), pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        results: list[Any] = [None] * len(tasks)
        for future in dask.as_completed(futures):
            i = index[future.key]
            results[i] = future.result()
            bar.update(sizes[i])
        return results
    finally:
        if owned is not None:
            owned.close()
