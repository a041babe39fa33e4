"""Rebuild the notebooks from their plain-text sources: ``make notebooks`` runs this.

Each notebook ``notebooks/NN_name[.lang].ipynb`` has one source, ``notebooks/src/NN_name[.lang].py``
in jupytext's *percent* format (``# %%`` starts a code cell, ``# %% [markdown]`` a prose cell,
``# %% tags=["nbval-ignore-output"]`` a tagged one). The source is what you edit and review;
the ``.ipynb`` is built from it:

1. **sync** - the notebook's cells become the source's cells (a code cell whose code did not
   change keeps its saved outputs until step 2 replaces them);
2. **execute** - every cell is run top to bottom in a fresh ``python3`` kernel whose working
   directory is ``notebooks/`` and which imports this checkout's ``camelot_rules`` and
   ``widgets`` first (``PYTHONPATH``), so a git worktree runs its own code;
3. **strip** - ``nbstripout --keep-output --keep-count``: the outputs stay (strict nbval compares
   them), the widget state and the random cell ids go.

Usage (from the repository root)::

    python notebooks/build.py                 # every notebook: sync, execute, strip
    python notebooks/build.py 08 09_quests    # only the notebooks whose name starts so
    python notebooks/build.py --no-execute    # sync and strip only (prose edits; outputs kept)
    python notebooks/build.py --sources 07    # the other way: write src/ from the .ipynb
                                              # (after editing a notebook in JupyterLab)

``tests/test_notebooks.py`` fails when a notebook and its source disagree, so the two cannot
drift apart.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jupytext
import nbformat

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SRC = HERE / "src"
FORMAT = "py:percent"
KERNEL = {"display_name": "Python 3", "language": "python", "name": "python3"}
TIMEOUT = 1800  # seconds per cell: notebook 10 plays thousands of games in one cell


def source_of(notebook: Path) -> Path:
    """``notebooks/08_x.ja.ipynb`` -> ``notebooks/src/08_x.ja.py``."""
    return SRC / (notebook.name.removesuffix(".ipynb") + ".py")


def notebook_of(source: Path) -> Path:
    """``notebooks/src/08_x.ja.py`` -> ``notebooks/08_x.ja.ipynb``."""
    return HERE / (source.name.removesuffix(".py") + ".ipynb")


def read_source(source: Path) -> nbformat.NotebookNode:
    """The notebook a source describes (cells and tags; no outputs)."""
    return jupytext.read(source, fmt=FORMAT)


def write_source(notebook: Path) -> Path:
    """Write the source of ``notebook`` (the reverse direction, for an edit made in Lab)."""
    nb = nbformat.read(notebook, as_version=4)
    nb.metadata = {"kernelspec": KERNEL, "jupytext": {"notebook_metadata_filter": "kernelspec"}}
    for cell in nb.cells:
        tags = cell.metadata.get("tags")
        cell.metadata = {"tags": tags} if tags else {}
    source = source_of(notebook)
    SRC.mkdir(exist_ok=True)
    jupytext.write(nb, source, fmt=FORMAT)
    text = source.read_text(encoding="utf-8")
    source.write_text(_without_jupytext_header(text), encoding="utf-8")
    return source


def _without_jupytext_header(text: str) -> str:
    """Drop the ``jupytext:`` block of the header (it names jupytext's version: noise)."""
    lines = text.splitlines(keepends=True)
    out, skipping = [], False
    for line in lines:
        if line.startswith("#   jupytext:"):
            skipping = True
            continue
        if skipping and line.startswith("#     "):
            continue
        skipping = False
        out.append(line)
    return "".join(out)


def sync(source: Path) -> Path:
    """Write the notebook of ``source`` with the source's cells, keeping the outputs of code
    cells whose code is unchanged; return its path."""
    target = notebook_of(source)
    new = read_source(source)
    old = nbformat.read(target, as_version=4) if target.exists() else None
    kept: dict[str, list[object]] = {}
    counts: dict[str, int | None] = {}
    if old is not None:
        for cell in old.cells:
            if cell.cell_type == "code":
                kept.setdefault(cell.source, cell.outputs)
                counts.setdefault(cell.source, cell.execution_count)
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": KERNEL}
    if old is not None and "language_info" in old.metadata:
        nb.metadata["language_info"] = old.metadata["language_info"]
    if old is not None and "title" in old.metadata:
        nb.metadata["title"] = old.metadata["title"]  # the dashboard's page title (Voila)
    for cell in new.cells:
        tags = cell.metadata.get("tags")
        meta = {"tags": list(tags)} if tags else {}
        if cell.cell_type == "markdown":
            nb.cells.append(nbformat.v4.new_markdown_cell(cell.source, metadata=meta))
        elif cell.cell_type == "raw":
            nb.cells.append(nbformat.v4.new_raw_cell(cell.source, metadata=meta))
        else:
            code = nbformat.v4.new_code_cell(cell.source, metadata=meta)
            code.outputs = kept.get(cell.source, [])
            code.execution_count = counts.get(cell.source)
            nb.cells.append(code)
    nbformat.write(nb, target)
    return target


def execute(notebook: Path) -> None:
    """Run every cell in a fresh kernel (working directory ``notebooks/``), saving outputs."""
    from nbclient import NotebookClient

    nb = nbformat.read(notebook, as_version=4)
    path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), path) if p)
    client = NotebookClient(
        nb, timeout=TIMEOUT, kernel_name="python3", resources={"metadata": {"path": str(HERE)}}
    )
    client.execute()
    nbformat.write(nb, notebook)


def strip(notebook: Path) -> None:
    """Remove the widget state and the random cell ids; keep outputs and execution counts."""
    tool = shutil.which("nbstripout", path=str(Path(sys.executable).parent)) or "nbstripout"
    subprocess.run([tool, "--keep-output", "--keep-count", str(notebook)], check=True)


def chosen(paths: list[Path], prefixes: list[str]) -> list[Path]:
    if not prefixes:
        return paths
    picked = [p for p in paths if any(p.name.startswith(x) for x in prefixes)]
    if not picked:
        names = ", ".join(p.name for p in paths)
        raise SystemExit(f"no notebook source starts with {' or '.join(prefixes)}; have: {names}")
    return picked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="notebook name prefixes (default: all)")
    parser.add_argument("--no-execute", action="store_true", help="sync and strip only")
    parser.add_argument(
        "--sources", action="store_true", help="write src/*.py from the notebooks instead"
    )
    args = parser.parse_args(argv)
    if args.sources:
        for nb in chosen(sorted(HERE.glob("*.ipynb")), args.names):
            print("source:", write_source(nb).relative_to(ROOT), flush=True)
        return 0
    for source in chosen(sorted(SRC.glob("*.py")), args.names):
        notebook = sync(source)
        if not args.no_execute:
            print("executing:", notebook.relative_to(ROOT), flush=True)
            execute(notebook)
        strip(notebook)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
