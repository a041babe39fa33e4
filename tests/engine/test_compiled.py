"""The compiled engine (``camelot_rules/base/compiled.py``, ``make compiled``; issue 15's speed).

Two parts:

- the guard, with no compiler: a copy of the package whose "compiled" modules are garbage
  files. While the stamp matches the sources the garbage is loaded (and fails: the guard would
  use a real build), and as soon as a source differs from the stamp, or ``CAMELOT_RULES_PURE``
  is set, the Python source runs instead;
- a real mypyc build of a copy of the package (started in the background when these tests
  are collected, see tests/conftest.py; they run last) that must play the golden games of
  ``tests/sim/test_sim_golden.py`` move for move, keep the engine's invariants and its errors,
  and give the same table on two worker processes.
"""

from __future__ import annotations

import importlib.machinery
import json
import subprocess
import sys
from pathlib import Path

import pytest

from camelot_rules.base import compiled
from tests import compiled_build

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _run(tree: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=tree,
        env={**compiled_build.env_for(tree), **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


_PROBE = (
    "import warnings; warnings.simplefilter('always')\n"
    "import camelot_rules.base.compiled as c\n"
    "from camelot_rules.engine import flow\n"
    "from camelot_rules.sim import policies\n"
    "print(c.status()['compiled'], flow.__file__.endswith('.py'),\n"
    "      policies.__file__.endswith('.py'))\n"
)


def _fake_build(tree: Path) -> Path:
    """``tree`` with garbage files for compiled modules and a stamp matching its sources."""
    digests = {}
    for m in compiled.MODULES:
        src = tree.joinpath(*m.split(".")).with_suffix(".py")
        src.with_name(src.stem + SUFFIX).write_bytes(b"not a shared library")
        digests[m] = compiled._digest(src)
    (tree / "camelot_rules" / compiled.STAMP).write_text(json.dumps({"sources": digests}))
    return tree


@pytest.fixture(scope="module")
def fake_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy whose compiled modules are garbage files and whose stamp matches its sources."""
    return _fake_build(compiled_build.copy_tree(tmp_path_factory.mktemp("fake")))


def test_a_current_build_is_used(fake_build: Path) -> None:
    # the garbage file is what Python loads while the stamp matches: the import fails on it
    done = _run(fake_build, _PROBE)
    assert done.returncode != 0
    assert "ImportError" in done.stderr or "invalid ELF header" in done.stderr, done.stderr


def test_the_pure_switch_runs_the_source(fake_build: Path) -> None:
    done = _run(fake_build, _PROBE, CAMELOT_RULES_PURE="1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "True"]
    assert "older than its source" not in done.stderr


def test_a_stale_build_is_never_run(tmp_path: Path) -> None:
    tree = _fake_build(compiled_build.copy_tree(tmp_path))
    views = tree / "camelot_rules" / "engine" / "views.py"
    views.write_text(views.read_text() + "\n# edited after the build\n")
    done = _run(tree, _PROBE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "True"]
    assert "older than its source (camelot_rules.engine.views)" in done.stderr
    # no stamp at all: the same
    (tree / "camelot_rules" / compiled.STAMP).unlink()
    done = _run(tree, _PROBE)
    assert done.returncode == 0 and done.stdout.split() == ["False", "True", "True"]
    # clean removes every built file and the stamp
    gone = {p.name for p in compiled.clean(tree)}
    assert len(gone) == len(compiled.MODULES)
    assert not list(tree.rglob(f"*{SUFFIX}"))


def test_make_test_runs_the_source() -> None:
    # make test sets CAMELOT_RULES_PURE: the doctests and tests read the Python source
    # (a compiled module's doctests would not be found)
    import os

    if os.environ.get("CAMELOT_RULES_PURE"):
        assert compiled.status()["compiled"] is False
    from camelot_rules.engine import flow

    assert flow.__file__ is not None and flow.__file__.endswith(".py")


# --- a real build -------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def compiled_tree() -> Path:
    return compiled_build.wait()


def test_the_build_is_compiled(compiled_tree: Path) -> None:
    done = _run(compiled_tree, _PROBE)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False", "False"], done.stdout + done.stderr


def test_compiled_games_equal_the_source(compiled_tree: Path) -> None:
    """The golden games (every move of 84 games), the engine's invariants on random games,
    bad input refused with the same errors, and the same table on 2 worker processes."""
    tests = [
        "tests/sim/test_sim_golden.py",
        "tests/engine/test_invariants.py",
        "tests/engine/test_engine_rules.py",
        "tests/sim/test_sim.py",
    ]
    probe = compiled_tree / "tests" / "test_zz_is_compiled.py"
    probe.write_text(
        "from camelot_rules.base import compiled\n"
        "from camelot_rules.engine import flow\n\n\n"
        "def test_compiled():\n"
        "    assert compiled.status()['compiled'] and not flow.__file__.endswith('.py')\n"
    )
    tests.append(str(probe.relative_to(compiled_tree)))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-x",
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=",
            *tests,
        ],
        cwd=compiled_tree,
        env=compiled_build.env_for(compiled_tree),
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "failed" not in done.stdout


def test_the_compiled_copy_of_a_state_copies_every_field() -> None:
    # a compiled GameState has no __dict__: _clone copies the fields one by one, a list that
    # must name every slot (a slot left out would be missing from every new state)
    import inspect
    import re

    from camelot_rules.engine.state import SLOTS, GameState

    text = inspect.getsource(GameState._clone)
    copied = re.findall(r'object\.__setattr__\(new, "(\w+)", self\.(\w+)\)', text)
    assert all(a == b for a, b in copied)
    assert sorted(a for a, _ in copied) == sorted(SLOTS)
    assert re.findall(r'object\.__setattr__\(new, "(\w+)", None\)', text) == ["_legal", "_hash"]


def test_the_compiled_modules_constants_are_final() -> None:
    """In the compiled engine a module-level name read inside a function is a lookup in the
    module's globals dict on every read unless it is ``Final`` (then it is a C static, a
    literal inlined): making them ``Final`` was most of the first tenth taken off a game's
    instructions (benchmarks/bench_instructions.py). Every module-level name of the compiled
    modules is ``Final`` but ``__all__``, type variables and a name the module rebinds."""
    import ast

    root = Path(compiled.__file__).parents[2]
    loose = []
    for module in compiled.MODULES:
        tree = ast.parse((root / (module.replace(".", "/") + ".py")).read_text())
        rebound = {n for node in ast.walk(tree) if isinstance(node, ast.Global) for n in node.names}
        for node in tree.body:
            if isinstance(node, ast.Assign):
                targets, value, final = node.targets, node.value, False
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
                final = "Final" in ast.unparse(node.annotation)
            else:
                continue
            typevar = isinstance(value, ast.Call) and ast.unparse(value.func) == "TypeVar"
            for target in targets:
                names = [t.id for t in ast.walk(target) if isinstance(t, ast.Name)]
                for name in names:
                    if not final and not typevar and name != "__all__" and name not in rebound:
                        loose.append(f"{module}:{node.lineno} {name}")
    assert not loose, f"module-level names not Final in compiled modules: {loose}"
