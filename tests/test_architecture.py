"""The package map of docs/architecture.md, kept true: layers point one way, no import cycles
(function-local imports count), no private name imported from another module, modules that
can be read in one sitting.

Every import statement of ``camelot_rules`` and ``widgets`` is read from the source (``ast``),
wherever it stands: at the top, inside a function, under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]

#: the layers, lowest first: a module may import its own layer and the layers before it
LAYERS = ("base", "data", "engine", "odds", "explorer", "logs", "sim", "front")
#: formatting for people (the one place a probability becomes a float) and plot fonts: the
#: verifier's reports and the simulations' tables are written with them, so logs and sim may
#: import them; they themselves import only base and data (checked below)
FORMATTING = frozenset({"camelot_rules.front.display", "camelot_rules.front.fonts"})
#: the top: the curated API and the contract's old import paths (re-exports only), the widgets
TOP = len(LAYERS)

#: known debts, each with its issue: the test fails when one is paid and still listed here,
#: so this list only shrinks
KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()
KNOWN_PRIVATE: frozenset[tuple[str, str, str]] = frozenset()
#: modules over the size limit today (lines), each with the issue that splits it
MAX_LINES = 800
KNOWN_LONG: frozenset[str] = frozenset()


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _modules() -> dict[str, Path]:
    return {
        _module_name(p): p
        for top in ("camelot_rules", "widgets")
        for p in sorted((ROOT / top).rglob("*.py"))
    }


@cache
def _imports() -> tuple[nx.DiGraph, tuple[tuple[str, str, str], ...]]:
    """The import graph (module -> module it imports) and every ``from m import _x``."""
    mods = _modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(mods)
    private = []
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                graph.add_edges_from((name, a.name) for a in node.names if a.name in mods)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    if full in mods:
                        graph.add_edge(name, full)
                    elif base in mods:
                        graph.add_edge(name, base)
                        if alias.name.startswith("_") and base != name:
                            private.append((name, base, alias.name))
    return graph, tuple(private)


def _layer(module: str) -> int:
    parts = module.split(".")
    if parts[0] != "camelot_rules" or len(parts) < 2 or parts[1] not in LAYERS:
        return TOP
    return LAYERS.index(parts[1])


def test_the_import_graph_is_read():
    """The reader finds the imports it must (a checker that reads nothing passes anything)."""
    graph, _ = _imports()
    assert graph.has_edge("camelot_rules.odds.siege", "camelot_rules.data.rulebook")
    assert graph.has_edge("camelot_rules.front.cli", "camelot_rules.front.links")
    assert graph.number_of_edges() > 200


def test_no_import_cycles():
    graph, _ = _imports()
    cycles = {frozenset(c) for c in nx.strongly_connected_components(graph) if len(c) > 1}
    assert cycles - KNOWN_CYCLES == set(), "new import cycle (function-local imports count)"
    assert KNOWN_CYCLES - cycles == set(), "a known cycle is gone: remove it from KNOWN_CYCLES"


def test_no_private_name_is_imported_from_another_module():
    _, private = _imports()
    found = set(private)
    assert found - KNOWN_PRIVATE == set(), (
        "a _private name crosses modules: make it public or move the code that needs it"
    )
    assert KNOWN_PRIVATE - found == set(), "a known private import is gone: remove it above"


def test_layers_point_one_way():
    graph, _ = _imports()
    upward = [
        (a, b)
        for a, b in graph.edges
        if _layer(a) < _layer(b) and not (b in FORMATTING and LAYERS[_layer(a)] in ("logs", "sim"))
    ]
    assert upward == [], f"imports against the layers {' < '.join(LAYERS)}"


@pytest.mark.parametrize("module", sorted(FORMATTING))
def test_formatting_imports_only_base_and_data(module):
    graph, _ = _imports()
    assert [b for b in graph.successors(module) if _layer(b) > LAYERS.index("data")] == []


def test_the_top_level_modules_are_the_api_and_the_contracts_old_paths():
    """``camelot_rules/*.py`` is the curated API and re-exports kept for the contract."""
    top = sorted(p.name for p in (ROOT / "camelot_rules").glob("*.py"))
    assert top == ["__init__.py", "links.py", "quests.py", "tracker.py"]
    for name in ("links.py", "quests.py", "tracker.py"):
        tree = ast.parse((ROOT / "camelot_rules" / name).read_text(encoding="utf-8"))
        assert not [n for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)]


def test_modules_fit_in_one_sitting():
    long = {
        str(p.relative_to(ROOT))
        for p in _modules().values()
        if len(p.read_text(encoding="utf-8").splitlines()) > MAX_LINES
    }
    assert long - KNOWN_LONG == set(), f"modules over {MAX_LINES} lines: split them"
    assert KNOWN_LONG - long == set(), "a known long module is now short: remove it above"
