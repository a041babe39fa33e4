"""Where the games are played: in this process, on local worker processes, or on a Dask cluster.

Work is cut into *tasks* - one configuration, a run of game numbers - and every game carries
its own seed (derived from the sweep's seed and the game number, see ``games.game_seed``), so
the rows do not depend on how the games were cut up or where they ran: one process, ``N`` local
processes and a Dask cluster give the same table for the same seed. Results are put back in
task order, never in the order they finished.

A Dask cluster is used when ``client`` is a ``dask.distributed.Client``, a cluster object
(``LocalCluster``, or any with a ``scheduler_address``) or a scheduler address such as
``"tcp://10.0.0.5:8786"`` or ``"tls://10.0.0.5:8786"`` (a client is then opened for the call,
waiting at most :data:`CONNECT_TIMEOUT_S` seconds for the scheduler, and closed after it; a
``tls://`` address takes its certificates from Dask's configuration, ``distributed.comm.tls``).
A malformed address is refused at once.

**Use only a cluster you control**: Dask sends the results back pickled, and unpickling runs
code, so a scheduler or worker someone else runs can run code on this machine.

Local processes are at most the machine's cores (two at least: the table is the same for any
number of workers, and more processes than cores only wait for each other); they are ended
with the call, also when it is interrupted or this process dies.

Progress bars (``tqdm``) count games as tasks finish; they are off unless ``progress=True``.

The process pools' modules (``multiprocessing``) are imported when a pool starts: the web page
imports the simulations' package for the advisor's "Where should I go?" (its Pyodide has no
``multiprocessing``), and never starts a pool.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

__all__ = ["CONNECT_TIMEOUT_S", "check_client", "check_workers", "max_workers", "run_tasks"]

#: how long a scheduler address may take to answer (a cluster you reach answers in well under)
CONNECT_TIMEOUT_S = 5
_ADDRESS = re.compile(
    r"(?P<scheme>tcp|tls|ws|wss|ucx)://(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)"
    r":(?P<port>[0-9]{1,5})/?"
)


def max_workers() -> int:
    """The local processes a run may start: this machine's cores available to it, two at least
    (the table is the same for any number; more processes than cores only take turns)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return max(2, cores)


def check_workers(workers: object) -> int:
    """``workers`` if it is a number of local processes in ``1..max_workers()``."""
    most = max_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= most:
        raise ValueError(
            f"workers={workers!r}: expected 1..{most} local processes (this machine's cores; "
            "more only wait for each other, and the table is the same for any number)"
        )
    return workers


#: games per task: small enough for a progress bar that moves, large enough that sending a
#: task costs little next to playing it (a game takes ~30 ms)
TASK_GAMES = 25


def check_client(client: Any) -> None:
    """Refuse anything that is neither ``None``, a ``dask.distributed.Client``, a cluster
    object nor a well-formed scheduler address (``"tcp://host:port"``, ``"tls://host:port"``;
    also ``ws``, ``wss``, ``ucx``; a port in 1..65535), at once, before connecting."""
    if client is None:
        return
    if isinstance(client, str):
        found = _ADDRESS.fullmatch(client.strip())
        if found is None or not 1 <= int(found["port"]) <= 65535:
            raise ValueError(
                f"client={client!r}: expected a Dask scheduler address such as "
                "'tcp://10.0.0.5:8786' or 'tls://10.0.0.5:8786' (a port in 1..65535)"
            )
        return
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
        return _on_processes(fn, tasks, sizes, check_workers(workers), bar)
    finally:
        bar.close()


def _worker_start(parent: int) -> None:  # pragma: no cover - runs in the worker processes
    """A worker ends when the process that started it (``parent``) dies (Linux:
    PR_SET_PDEATHSIG), so an interrupted run leaves no orphan playing on; it answers Ctrl-C as
    its parent did before it held the signal to start the workers."""
    held = signal.getsignal(signal.SIGINT)
    if isinstance(held, _Held):
        signal.signal(signal.SIGINT, held.previous)
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG = 1
        # the parent died before the line above (a loaded machine may run a new worker late):
        # the orphan's new parent is init, or a subreaper (not always pid 1)
        if os.getppid() != parent:
            os._exit(1)
    except (OSError, AttributeError):
        pass  # not Linux: the call's own clean-up below still ends them


class _Held:
    """A SIGINT handler that notes the signal and returns (see :func:`_interrupt_held`)."""

    def __init__(self, previous: Any) -> None:
        self.previous = previous  # the handler to put back (a forked worker puts it back too)
        self.signals: list[int] = []

    def __call__(self, signum: int, _frame: Any) -> None:
        self.signals.append(signum)


@contextlib.contextmanager
def _interrupt_held() -> Iterator[None]:
    """Ctrl-C held while the worker processes start, then raised: a fork runs the interpreter's
    at-fork hooks (``logging``'s), and a KeyboardInterrupt raised in one is printed and dropped
    ("Exception ignored in ...") - the run then played all its games. Signals are handled in
    the main thread only; a SIGINT the process ignores stays ignored."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous in (
        signal.SIG_IGN,
        None,
    ):
        yield
        return
    held = _Held(previous)
    signal.signal(signal.SIGINT, held)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if held.signals:
        signal.raise_signal(signal.SIGINT)  # (now answered as before: KeyboardInterrupt)


def _on_processes(
    fn: Callable[[Any], Any], tasks: Sequence[Any], sizes: Sequence[int], workers: int, bar: Any
) -> list[Any]:
    import multiprocessing  # here: a browser has no processes (see the module)
    from concurrent.futures import ProcessPoolExecutor, as_completed

    results: list[Any] = [None] * len(tasks)
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=_worker_start, initargs=(os.getpid(),)
    )
    try:
        with _interrupt_held():  # (the first task forks the workers)
            futures = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
        for future in as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            bar.update(sizes[i])
    except BaseException:  # interrupted (Ctrl-C) or a task failed: end the workers now
        pool.shutdown(wait=False, cancel_futures=True)
        for child in set(multiprocessing.active_children()) - before:
            child.terminate()
        raise
    pool.shutdown(wait=True)
    return results


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
            owned = client = dask.Client(client, timeout=f"{CONNECT_TIMEOUT_S}s")
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            raise ValueError(
                f"client={client!r}: no Dask scheduler answered at this address within "
                f"{CONNECT_TIMEOUT_S} s ({exc})"
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
