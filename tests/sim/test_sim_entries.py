"""``simulate``'s entries (issue 31): a malformed scheduler address refused at once, a short
stated connect timeout, local workers capped at the cores and ended with the run (no orphan
when it is interrupted or killed), no output file replaced without ``--force``."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from camelot_rules.front.cli import main
from camelot_rules.sim import GameConfig, simulate_games
from camelot_rules.sim.runner import CONNECT_TIMEOUT_S, check_client, max_workers

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "address",
    [
        "foo",
        "tcp://",
        "tcp://nohost",
        "tcp://127.0.0.1:99999",
        "tcp://127.0.0.1:0",
        "http://10.0.0.5:8786",
        "tcp://10.0.0.5:87a6",
        "tcp://a b:1",
        " ",
    ],
)
def test_a_malformed_scheduler_address_is_refused_at_once(address: str) -> None:
    with pytest.raises(ValueError, match="scheduler address"):
        check_client(address)


@pytest.mark.parametrize(
    "address", ["tcp://10.0.0.5:8786", "tls://10.0.0.5:8786", "tls://sched.example.org:8786"]
)
def test_tcp_and_tls_addresses_are_accepted(address: str) -> None:
    check_client(address)


def test_an_address_with_nothing_listening_fails_within_the_stated_timeout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    cpu0 = time.process_time()
    assert main(["simulate", "--games", "1", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert f"within {CONNECT_TIMEOUT_S} s" in err and "--scheduler" in err
    assert time.process_time() - cpu0 < 30  # waiting, not working


def test_workers_are_capped_at_the_cores(capsys: pytest.CaptureFixture[str]) -> None:
    most = max_workers()
    with pytest.raises(ValueError, match=f"1..{most}"):
        simulate_games(GameConfig.of(4), n=1, workers=most + 1)
    assert main(["simulate", "--games", "1", "--workers", "1000"]) == 2
    assert "--workers 1000: expected 1.." in capsys.readouterr().err


def test_the_help_says_to_use_only_a_cluster_you_control(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "Only a cluster you control" in out and "tls://" in out


@pytest.mark.parametrize("option", ["--csv", "--plot"])
def test_an_existing_file_is_never_replaced_without_force(
    option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kept = tmp_path / "game.log"
    kept.write_text("setup players=4 expansion=no\n", encoding="utf-8")
    argv = ["simulate", "--games", "2", option, str(kept)]
    if option == "--plot":
        argv += ["--sweep", "players=3,4"]
    assert main(argv) == 2
    assert "add --force" in capsys.readouterr().err
    assert kept.read_text(encoding="utf-8") == "setup players=4 expansion=no\n"
    if option == "--csv":
        assert main([*argv, "--force"]) == 0
        assert kept.read_text(encoding="utf-8").startswith("game,")


# Ctrl-C raises KeyboardInterrupt in the run even when the test runs as a background job: a
# shell starts those with SIGINT ignored, and the child inherits it (the run then played all its
# games and passed only when they took under a minute - a flaky test that tested nothing).
_RUN = """
import signal
from camelot_rules.sim import GameConfig, simulate_games
signal.signal(signal.SIGINT, signal.default_int_handler)
print("started", flush=True)
simulate_games(GameConfig.of(5), n=2000, seed=1, workers=2)
"""


def _children_alive(marker: str) -> list[int]:
    alive = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:
            continue
        if marker.encode() in environ:
            alive.append(int(pid))
    return alive


def _poll(done: Callable[[], bool], seconds: float) -> bool:
    """Whether ``done()`` comes true within ``seconds`` (generous: a loaded machine is slow)."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


@contextlib.contextmanager
def _reaped(run: subprocess.Popen[bytes], marker: str) -> Iterator[None]:
    """Whatever the test's outcome, no run nor worker of ``marker`` plays on after it (a failed
    run's games would load the machine)."""
    try:
        yield
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        for pid in _children_alive(marker):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGKILL], ids=["interrupted", "killed"])
def test_no_worker_outlives_an_interrupted_run(how: signal.Signals) -> None:
    marker = f"CAMELOT_RUN_{os.getpid()}_{how.name}"
    env = {**os.environ, marker: "1", "PYTHONPATH": str(ROOT)}
    run = subprocess.Popen(
        [sys.executable, "-c", _RUN], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    with _reaped(run, marker):
        assert run.stdout is not None and run.stdout.readline().strip() == b"started"
        # the run and its two workers
        assert _poll(lambda: len(_children_alive(marker)) >= 3, 120)
        run.send_signal(how)
        run.wait(timeout=120)
        assert run.returncode == -how  # ended by the signal, not by playing all its games
        assert _poll(lambda: not _children_alive(marker), 120), _children_alive(marker)


_INTERRUPTED_AT_FORK = """
import os, signal
from camelot_rules.sim import GameConfig, simulate_games
signal.signal(signal.SIGINT, signal.default_int_handler)
os.register_at_fork(after_in_parent=lambda: os.kill(os.getpid(), signal.SIGINT))
simulate_games(GameConfig.of(5), n=300, seed=1, workers=2)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_while_the_workers_start_interrupts_the_run() -> None:
    """Ctrl-C pressed as a worker is forked (here: sent from the fork's own after-hook, where
    a loaded machine made the test above send it) interrupts the run. It was lost until this
    fix - the KeyboardInterrupt raised in an at-fork hook is printed and dropped, and the run
    played all its games - so the test above failed now and then on a loaded machine."""
    marker = f"CAMELOT_RUN_{os.getpid()}_FORK"
    env = {**os.environ, marker: "1", "PYTHONPATH": str(ROOT)}
    run = subprocess.Popen(
        [sys.executable, "-c", _INTERRUPTED_AT_FORK], env=env, stderr=subprocess.PIPE
    )
    with _reaped(run, marker):
        _out, err = run.communicate(timeout=300)
        assert run.returncode == -signal.SIGINT, err.decode()[-2000:]
        assert b"Exception ignored" not in err
        assert _poll(lambda: not _children_alive(marker), 120), _children_alive(marker)
