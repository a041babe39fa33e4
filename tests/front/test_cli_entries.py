"""The command line at the edges of a terminal (issue 31): a reader that stops early
(``| head``) and a terminal that cannot show Japanese (``PYTHONIOENCODING=ascii`` under a
Japanese locale) never turn a good answer into an error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    return {**env, "PYTHONPATH": str(ROOT), **extra}


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "camelot_rules.front.cli", *args]


def test_a_pipe_closed_early_ends_quietly() -> None:
    # the reader is gone before the first line is written: EPIPE on the first write
    read, write = os.pipe()
    os.close(read)
    run = subprocess.run(
        _cli("decks", "--expansion"), stdout=write, stderr=subprocess.PIPE, env=_env(), text=True
    )
    os.close(write)
    assert run.returncode == 0
    assert run.stderr == ""  # no "error: [Errno 32] Broken pipe", no "Exception ignored"


def test_an_ascii_terminal_under_a_japanese_locale_answers_in_english() -> None:
    env = _env(LANG="ja_JP.UTF-8", PYTHONIOENCODING="ascii")
    run = subprocess.run(_cli("siege", "3", "4"), capture_output=True, env=env, text=True)
    assert run.returncode == 0, run.stderr
    assert "P(win) = 3/4 (75.00%)" in run.stdout


def test_an_ascii_terminal_shows_the_japanese_asked_for_as_escapes() -> None:
    env = _env(PYTHONIOENCODING="ascii")
    run = subprocess.run(
        _cli("--lang", "ja", "siege", "3", "4"), capture_output=True, env=env, text=True
    )
    assert run.returncode == 0, run.stderr
    assert "3/4 (75.00%)" in run.stdout and "\\u52dd\\u7387" in run.stdout  # 勝率
