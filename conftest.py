"""The test tiers, for every test: tests/, the doctests and the notebooks (CONTRIBUTING.md).

Every test is in the unit tier, the one ``make check`` runs after every edit, unless a rule
below puts it in another. The rules go by where a test lives and what it uses, so a new test
file lands in its tier without anyone remembering a marker:

- ``browser``  everything under tests/browser/ (a real browser, Voila and JupyterLab servers);
- ``docs``     tests/test_docs.py (the mkdocs build, the same as ``make docs``);
- ``compiled`` every test that uses the ``compiled_tree`` fixture (a mypyc build of the
  engine, 2-3 minutes of one core: needed when the engine's sources change);
- ``notebook`` the notebooks' cells (nbval: ``pytest -p nbval --nbval notebooks``);
- ``slow``     marked by hand: the full counts of the random games and the seeded
  simulations whose smaller (or exact) counterparts are in the unit tier.

``make test`` runs every tier on every core (pytest-xdist). What shares a process or a build
runs on one worker (``GROUPS``), and the long groups start first, so that none is left alone
at the end of the run.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent

TIER_OF_PATH = {"tests/browser/": "browser", "tests/test_docs.py": "docs"}
# Under xdist these run on one worker each, by the start of their node id: a notebook's cells
# share its kernel and run in order; the browser tests share one browser; the docs tests one
# site build; the compiled tests one mypyc build (a test that uses ``compiled_tree`` belongs in
# that file, or each worker that runs one would build its own).
GROUPS = ("tests/browser/", "tests/test_docs.py", "tests/engine/test_compiled.py")
START_ORDER = ("compiled", "browser", "docs", "notebook", "slow")  # then the unit tier


def _tier(item: pytest.Item) -> str | None:
    if item.path.suffix == ".ipynb":
        return "notebook"
    if "compiled_tree" in getattr(item, "fixturenames", ()):
        return "compiled"
    try:
        where = item.path.relative_to(ROOT).as_posix()
    except ValueError:  # pragma: no cover - a test outside the repository
        return None
    for prefix, tier in TIER_OF_PATH.items():
        if where.startswith(prefix):
            return tier
    return None


def group_of(nodeid: str) -> str | None:
    """The group of tests that must run on one worker, from a test's node id (or None)."""
    if ".ipynb::" in nodeid:
        return nodeid.split("::")[0]
    return next((g for g in GROUPS if nodeid.startswith(g)), None)


def _rank(item: pytest.Item) -> int:
    for i, name in enumerate(START_ORDER):
        if item.get_closest_marker(name) is not None:
            return i
    return len(START_ORDER)


def _xdist_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    for item in items:
        tier = _tier(item)
        if tier is not None:
            item.add_marker(tier)
    if _xdist_worker(config):
        items.sort(key=_rank)  # stable: a notebook's cells keep their order
    else:
        # One process: the tests that need the compiled build run last, and the build starts
        # in the background as soon as the session is collected (it runs beside the rest).
        late = [i for i in items if i.get_closest_marker("compiled") is not None]
        if late:
            items[:] = [i for i in items if i.get_closest_marker("compiled") is None] + late


def pytest_collection_finish(session: pytest.Session) -> None:
    # Under xdist each worker collects every test: the build starts on the worker that is
    # given the compiled tests, when the first of them asks for it (they are run first).
    if session.config.option.collectonly or _xdist_worker(session.config):
        return
    if any(i.get_closest_marker("compiled") is not None for i in session.items):
        from tests import compiled_build

        compiled_build.start()


def pytest_sessionfinish(session: pytest.Session, exitstatus: Any) -> None:
    if "tests.compiled_build" in sys.modules:
        from tests import compiled_build

        compiled_build.cleanup()


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` (pyproject.toml) with the groups of ``group_of``: each test is a unit
    of work on its own, but a group is one unit; units go out in the workers' order (``_rank``).
    (xdist's own groups, ``xdist_group`` marks, are carried in node ids, which pytest 9.2 no
    longer lets a plugin change: pytest-xdist issue 1386.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class TierScheduling(LoadGroupScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            group = group_of(nodeid)
            return group if group is not None else str(super()._split_scope(nodeid))

    return TierScheduling(config, log)
