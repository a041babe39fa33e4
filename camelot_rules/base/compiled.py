"""The compiled engine: the same source, compiled by mypyc, for faster simulations (issue 15).

The Python source stays the reference. ``make compiled`` (:func:`build`) compiles the
engine's hot modules (:data:`MODULES`: the state, the turn, the task table and the rules'
families, the expansion, the actions, the observations, the simulations' game loop and
policies) into C extension modules placed next to their ``.py`` files, where Python prefers
them; games then run about twice as fast on one core, the very same games
(``tests/engine/test_compiled.py`` plays the golden games on a compiled copy and compares every
move). ``make pure`` (:func:`clean`) removes them.

A compiled module is used only while it is current: the build writes the SHA-256 of each
source next to it (``_compiled.json``), and :func:`guard` - run when the package is imported -
makes Python load the source of every compiled module instead as soon as one source differs
from its build (an edit after ``make compiled`` is never shadowed by stale code), or when the
environment variable ``CAMELOT_RULES_PURE`` is set (``make test`` tests the source this way).
:func:`status` says which one is running.

Building needs a C compiler and the Python headers (on Debian: gcc and python3-dev) and mypy
(installed with the test extras); it takes 2-3 minutes on 2 cores.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

__all__ = ["MODULES", "build", "clean", "guard", "status"]

#: the modules compiled (the simulations' hot path); the rest of the package stays Python
MODULES: tuple[str, ...] = (
    "camelot_rules.engine.actions",
    "camelot_rules.engine.black",
    "camelot_rules.engine.board",
    "camelot_rules.engine.endgame",
    "camelot_rules.engine.expansion",
    "camelot_rules.engine.flow",
    "camelot_rules.engine.game",
    "camelot_rules.engine.kinds",
    "camelot_rules.engine.knights",
    "camelot_rules.engine.quests",
    "camelot_rules.engine.specials",
    "camelot_rules.engine.state",
    "camelot_rules.engine.tasks",
    "camelot_rules.engine.turns",
    "camelot_rules.engine.views",
    "camelot_rules.sim.loop",
    "camelot_rules.sim.policies",
)
#: mypyc's shared library, inside the package (``camelot_rules/native__mypyc.*.so``)
GROUP = "camelot_rules.native"
STAMP = "_compiled.json"
PURE_ENV = "CAMELOT_RULES_PURE"
_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
_PACKAGE = Path(__file__).resolve().parents[1]  # the camelot_rules package


def _source(root: Path, module: str) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def _built(root: Path, module: str) -> list[Path]:
    """The extension files of ``module`` under ``root`` (any ABI suffix)."""
    src = _source(root, module)
    return [
        src.with_name(src.stem + suffix)
        for suffix in _SUFFIXES
        if src.with_name(src.stem + suffix).exists()
    ]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _stale(root: Path) -> list[str]:
    """The compiled modules whose source differs from what was compiled (all of them when the
    stamp is missing or unreadable)."""
    try:
        stamp = json.loads((root / "camelot_rules" / STAMP).read_text(encoding="utf-8"))
        digests = stamp["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return list(MODULES)
    return [m for m in MODULES if digests.get(m) != _digest(_source(root, m))]


class _SourceFirst:
    """A path finder that loads the ``.py`` of the compiled modules (the extension modules
    next to them are ignored)."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name not in MODULES:
            return None
        src = _source(_PACKAGE.parent, name)
        return importlib.util.spec_from_file_location(name, src)


_STATE: dict[str, Any] = {
    "compiled": False,
    "why": "the Python source (no compiled modules: make compiled)",
}


def guard() -> None:
    """Use the compiled modules only when every one is current and ``CAMELOT_RULES_PURE`` is
    not set; otherwise load the Python source of all of them (the compiled modules call each
    other directly, so they are used all together or not at all). Called once, when
    ``camelot_rules`` is imported."""
    root = _PACKAGE.parent
    if not any(_built(root, m) for m in MODULES):
        return
    stale = _stale(root)
    missing = [m for m in MODULES if not _built(root, m)]
    if os.environ.get(PURE_ENV):
        why = f"{PURE_ENV} is set: the Python source runs"
    elif stale or missing:
        why = (
            "the compiled engine is older than its source "
            f"({', '.join(stale or missing)}): the Python source runs; "
            "`make compiled` rebuilds it, `make pure` removes it"
        )
        warnings.warn(why, stacklevel=2)
    else:
        _STATE.update(compiled=True, why="compiled by mypyc (make compiled)")
        return
    _STATE.update(compiled=False, why=why)
    if not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())


def status() -> dict[str, Any]:
    """Which engine runs: ``compiled`` (bool), ``why``, and each hot module's file."""
    files = {m: getattr(sys.modules.get(m), "__file__", None) for m in MODULES}
    return {**_STATE, "files": files}


def build(root: Path | None = None, *, quiet: bool = False) -> None:
    """Compile :data:`MODULES` of the tree at ``root`` (default: this package's) in place and
    write the stamp. Runs mypyc through setuptools in a child process (its temporary files go
    to ``root/build/mypyc``)."""
    root = (root or _PACKAGE.parent).resolve()
    files = [str(_source(root, m).relative_to(root)) for m in MODULES]
    tmp = root / "build" / "mypyc"
    script = (
        "import sys\n"
        "from setuptools import Distribution, setup\n"
        "from mypyc.build import mypycify\n"
        "Distribution.parse_config_files = lambda self, *a, **k: None  # not the project's\n"
        f"ext = mypycify({files!r}, opt_level='3', debug_level='0', group_name={GROUP!r},\n"
        f"               target_dir={str(tmp)!r})\n"
        "setup(name='camelot_rules_compiled', ext_modules=ext, script_args=['build_ext',\n"
        f"      '--inplace', '--build-temp', {str(tmp / 'temp')!r},\n"
        f"      '--build-lib', {str(tmp / 'lib')!r}])\n"
    )
    clean(root)
    out = None if not quiet else subprocess.DEVNULL
    done = subprocess.run([sys.executable, "-c", script], cwd=root, stdout=out, check=False)
    if done.returncode:
        raise RuntimeError(f"mypyc failed (exit {done.returncode}); the Python source still runs")
    digests = {m: _digest(_source(root, m)) for m in MODULES}
    (root / "camelot_rules" / STAMP).write_text(
        json.dumps({"sources": digests}, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )


def clean(root: Path | None = None) -> list[Path]:
    """Remove the compiled modules, mypyc's shared library and the stamp; returns what went."""
    root = (root or _PACKAGE.parent).resolve()
    gone: list[Path] = []
    for m in MODULES:
        gone += _built(root, m)
    package = root / "camelot_rules"
    gone += [p for s in _SUFFIXES for p in package.glob(f"native__mypyc{s}")]
    if (package / STAMP).exists():
        gone.append(package / STAMP)
    for p in gone:
        p.unlink()
    return gone


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="camelot_rules.base.compiled", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("command", choices=("build", "clean", "status"))
    args = parser.parse_args(argv)
    if args.command == "build":
        build()
        print("compiled:", ", ".join(MODULES))
    elif args.command == "clean":
        for p in clean():
            print("removed", p)
    else:
        root = _PACKAGE.parent
        built = all(_built(root, m) for m in MODULES)
        stale = _stale(root) if built else []
        print(
            "compiled modules:", "current" if built and not stale else "stale" if built else "none"
        )
    return 0


guard()  # on import (camelot_rules/__init__.py imports this module first)

if __name__ == "__main__":
    raise SystemExit(main())
