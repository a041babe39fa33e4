"""The documentation site builds offline, strictly, with no CDN and no blank widget areas."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_docs_build_strict_offline_and_readable() -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "docs" / "build.py")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    site = ROOT / "build" / "site"
    for name in [
        "00_start_here",
        "01_siege_fights",
        "02_travel_risk",
        "03_deck_exhaustion",
        "04_state_graph",
        "05_endgame_traitors",
        "06_rules_disputes",
    ]:
        page = (site / "notebooks" / f"{name}.html").read_text(encoding="utf-8")
        # widget outputs are removed (they would be blank without a kernel); the printed
        # result that follows each widget cell is there instead
        assert "application/vnd.jupyter.widget-view+json" not in page
        assert "jp-OutputArea-output" in page
    siege = (site / "notebooks" / "01_siege_fights.html").read_text(encoding="utf-8")
    assert "Whole turn (expected engines removed)" in siege  # the widget's saved text output
    assert (site / "assets" / "mathjax" / "tex-mml-chtml.js").exists()
    assert "siege_win_probability" in (site / "api.html").read_text(encoding="utf-8")
    assert "endgame.hidden-traitors" in (site / "rules-coverage.html").read_text(encoding="utf-8")


def test_api_page_shows_doctests_as_code_and_no_raw_roles() -> None:
    """Issue 18: the API page rendered 43 doctest examples as nested quotes (Markdown reads
    ``>>>`` as three blockquotes) and printed ``:class:`` roles as they are. The check runs on
    the page the build test above produced (or builds it)."""
    import re

    api = ROOT / "build" / "site" / "api.html"
    if not api.exists():
        test_docs_build_strict_offline_and_readable()
    page = api.read_text(encoding="utf-8")
    assert "<blockquote" not in page
    assert not re.search(r":(class|func|meth|attr|data|mod):`", page)
    assert page.count('class="language-pycon"') >= 40  # every doctest example is a code block
    assert "&gt;&gt;&gt; from camelot_rules.data.decks import standard_deck" in page


def test_docs_build_needs_no_npm() -> None:
    """MathJax comes from its PyPI package (django-static-mathjax): the build script never
    calls npm, so a checkout builds with only the registries `make test` uses."""
    text = (ROOT / "docs" / "build.py").read_text(encoding="utf-8")
    assert '"npm"' not in text and "npm pack" not in text
    import importlib.util

    spec = importlib.util.find_spec("mathjax")
    assert spec is not None and spec.origin is not None
    assert (Path(spec.origin).parent / "static" / "mathjax" / "es5" / "tex-mml-chtml.js").exists()
