"""A mypyc build of a copy of the package, started in the background
(tests/engine/test_compiled.py).

``start()`` copies the package and the tests into a temporary folder and compiles the copy
there in a child process (2-3 minutes of one core); tests/conftest.py calls it as soon as the
session has collected a test that needs the build, and moves those tests to the end, so the
build runs beside the rest of the suite. ``wait()`` returns the built folder (or fails with
the build's output).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
_RUN: dict[str, Any] = {}


def copy_tree(dest: Path) -> Path:
    """The package, its tests and its project files copied to ``dest`` (no compiled files)."""
    junk = shutil.ignore_patterns("__pycache__", "*.so", "_compiled.json", "*.mo")
    for name in ("camelot_rules", "tests"):
        shutil.copytree(ROOT / name, dest / name, ignore=junk)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, dest / name)
    return dest


def start() -> None:
    if _RUN:
        return
    tree = copy_tree(Path(tempfile.mkdtemp(prefix="camelot-compiled-")))
    log = (tree / "build.log").open("w")
    code = (
        "from pathlib import Path; from camelot_rules.base.compiled import build; build(Path('.'))"
    )
    _RUN.update(
        tree=tree,
        log=log,
        proc=subprocess.Popen(
            [sys.executable, "-c", code],
            cwd=tree,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env_for(tree),
        ),
    )


def env_for(tree: Path) -> dict[str, str]:
    """The environment of a child process running the copy at ``tree``, compiled."""
    env = {k: v for k, v in os.environ.items() if k != "CAMELOT_RULES_PURE"}
    env["PYTHONPATH"] = str(tree)
    return env


def wait(timeout: float = 3600) -> Path:
    """The built folder, once the build is done. ``timeout`` only catches a build that hangs:
    the build is 2-3 minutes of one core, and a busy machine may stretch that several times."""
    start()
    proc: subprocess.Popen[bytes] = _RUN["proc"]
    proc.wait(timeout=timeout)
    _RUN["log"].close()
    tree: Path = _RUN["tree"]
    if proc.returncode:
        text = (tree / "build.log").read_text(encoding="utf-8", errors="replace")
        raise AssertionError(f"the mypyc build failed (exit {proc.returncode}):\n{text[-4000:]}")
    return tree


def cleanup() -> None:
    if _RUN:
        proc = _RUN["proc"]
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        _RUN["log"].close()
        shutil.rmtree(_RUN["tree"], ignore_errors=True)
        _RUN.clear()
