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
