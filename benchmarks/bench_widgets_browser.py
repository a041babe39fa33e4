"""Every widget in a real browser (issue 18's closing note): the time from one input to its
answer, and the verdict sentence shown.

Opens the dashboard (``notebooks/app.ipynb``, served by Voila exactly as the browser tests serve
it: ``tests/browser/conftest.py``'s ``Server``) in Debian's headless chromium at phone width
(390 px), and, for each tab, makes one worked-example input three times (alternating two values
so each input changes the answer) and times input -> answer: from the click or Enter to the
moment the widget's answer shows new text and no busy sign. The quest, simulation and board
widgets (in notebooks, not on the dashboard) are timed the same way from a small notebook of
their own. Prints one row per widget: the median of the three times, the three times, and the
verdict sentence shown (the answer's first line).

    .venv/bin/python benchmarks/bench_widgets_browser.py [--repeat 3]

Budget: input to answer under 1 s for the calculators (issue 18: "a busy indicator on anything
over 0.3 s"); the explorer and the simulation may take longer and show their busy sign.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Server  # noqa: E402

PHONE = {"width": 390, "height": 844}
Row = tuple[str, list[float], str]  # widget, times (s), verdict shown
TIMEOUT = 120_000
BUSY = "Working it out"
EXTRAS = """\
import ipywidgets as W
from widgets.game import build_game_widget
from widgets.quest import build_quest_widget
from widgets.sim import build_sim_widget

quest = build_quest_widget(quest="grail", hands="2, 2", steps=2, turns=6)
sim = build_sim_widget(5, games=20, batch=20)
board = build_game_widget(players=5, seed=1)
W.VBox([quest, sim, board], layout={"max_width": "100%"})
"""


def _visible(css: str) -> str:
    return f"{css} >> visible=true"


# The visible answer's text, after its pinned verdict on the dashboard (``.<name>-verdict``
# above the inputs for ``.<name>-result``, issue 32).
READ = """(sel) => {
    const shown = (s) => [...document.querySelectorAll(s)].find(x => x.offsetParent !== null);
    const e = shown(sel);
    const v = sel.endsWith('-result') ? shown(sel.replace(/-result$/, '-verdict')) : null;
    return e ? (v ? v.innerText + '\\n' : '') + e.innerText : null; }"""


def _answer(page: Any, css: str) -> str:
    return str(page.evaluate(READ, css) or "")


Act = tuple[Callable[[], None], str]  # an input, and a text its answer shows ("": any new)


def _timed(page: Any, css: str, act: Act) -> float:
    """Seconds from the input to its answer in the first visible ``css``: new text, holding
    the act's needle, no busy sign."""
    before = _answer(page, css)
    start = time.monotonic()
    act[0]()
    try:
        page.wait_for_function(
            """([sel, before, busy, needle]) => {
                const t = ("""
            + READ
            + """)(sel);
                return t && t !== before && !t.includes(busy)
                    && t.trim().length > 0 && t.includes(needle); }""",
            arg=[css, before, BUSY, act[1]],
            timeout=TIMEOUT,
        )
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "bench-widgets-timeout.png"), full_page=True)
        raise RuntimeError(f"no new answer in {css} (screenshot in {ARTIFACTS})") from None
    return time.monotonic() - start


def _measure(page: Any, name: str, css: str, acts: list[Act], repeat: int) -> Row:
    page.wait_for_function(  # the tab is drawn and its first answer shown
        """([sel, busy]) => {
            const e = [...document.querySelectorAll(sel)].find(x => x.offsetParent !== null);
            return e && e.innerText.trim().length > 0 && !e.innerText.includes(busy); }""",
        arg=[css, BUSY],
        timeout=TIMEOUT,
    )
    times = [_timed(page, css, acts[i % len(acts)]) for i in range(repeat)]
    verdict = _answer(page, css).strip().splitlines()[0]
    return name, times, verdict


def _tab(page: Any, title: str) -> None:
    page.get_by_role("tab", name=title).click()
    page.wait_for_timeout(300)  # the tab's widgets drawn


def _enter(page: Any, css: str, value: str) -> Callable[[], None]:
    def act() -> None:
        box = page.locator(_visible(css)).first
        box.fill(value)
        box.press("Enter")

    return act


def _click(page: Any, css: str) -> Callable[[], None]:
    return lambda: page.locator(_visible(css)).first.click()


def _select(page: Any, label: str, option: str) -> Callable[[], None]:
    css = f".widget-dropdown:has(label:text-is('{label}')) select"
    return lambda: page.locator(_visible(css)).first.select_option(label=option)


def _dashboard(page: Any, repeat: int) -> list[Row]:
    rows = []
    # (the tracker's life buttons are gone: life follows the lines, issue 29; the tracker's
    # time a line is measured by benchmarks/bench_playlog.py)
    _tab(page, "Siege fights")
    fight5 = ".widget-inline-hbox:has(label:text-is('Fight 5')) input"
    rows.append(
        _measure(
            page,
            "siege (Fight 5: 2 / 1)",
            ".siege-result",
            [
                (_enter(page, fight5, "2"), ""),
                (_enter(page, fight5, "1"), ""),
            ],
            repeat,
        )
    )
    _tab(page, "Travel cards")
    rows.append(
        _measure(
            page,
            "travel (Captured! button / take back)",
            ".travel-result",
            [
                (_click(page, ".travel-card-captured"), "15 cards left"),
                (_click(page, ".travel-take-back"), "16 cards left"),
            ],
            repeat,
        )
    )
    _tab(page, "Deck exhaustion")
    rows.append(
        _measure(
            page,
            "deck exhaustion (base / expansion black)",
            ".exhaustion-result",
            [
                (_select(page, "Deck", "black (base, 76)"), "Draw pile: 76 cards"),
                (_select(page, "Deck", "black (base + Merlin's Company, 90)"), "Draw pile: 90"),
            ],
            repeat,
        )
    )
    _tab(page, "Endgame explorer")
    rows.append(
        _measure(
            page,
            "explorer (explore + solve a model)",
            ".graph-result",
            [
                (_select(page, "Model", "Siege race"), "siege engines, quest progress"),
                (_select(page, "Model", "Round Table endgame"), "accusation(s) made"),
            ],
            repeat,
        )
    )
    _tab(page, "Check a play log")
    bad = (ROOT / "tests" / "logs" / "bad_siege_score.log").read_text(encoding="utf-8")

    def bad_log() -> None:
        page.locator(_visible(".playlog-result")).first.locator("xpath=..").locator(
            "textarea"
        ).first.fill(bad)
        page.get_by_role("button", name="Check the log").locator("visible=true").first.click()

    page.get_by_role("button", name="Load the example").first.click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.playlog-result')].some(e => e.innerText)",
        timeout=TIMEOUT,
    )
    rows.append(
        _measure(
            page,
            "play log (a bad log / the example)",
            ".playlog-result",
            [
                (bad_log, "siege.fight"),
                (
                    lambda: page.get_by_role("button", name="Load the example").first.click(),
                    "No rule",
                ),
            ],
            repeat,
        )
    )
    return rows


def _extras(page: Any, repeat: int) -> list[Row]:
    rows = [
        _measure(
            page,
            "quest (Excalibur / Grail), notebook 09",
            ".quest-result",
            [
                (_select(page, "Quest", "Excalibur"), "Excalibur within"),
                (_select(page, "Quest", "the Holy Grail"), "Holy Grail within"),
            ],
            repeat,
        )
    ]
    seed = ".widget-inline-hbox:has(label:text-is('Seed')) input"

    def run(value: str) -> Callable[[], None]:
        def act() -> None:
            box = page.locator(_visible(seed)).first
            box.fill(value)
            box.press("Tab")
            page.get_by_role("button", name="Run", exact=True).first.click()

        return act

    rows.append(
        _measure(
            page,
            "simulation (20 games, seed 2 / 3)",
            ".sim-result",
            [(run("2"), ""), (run("3"), "")],
            repeat,
        )
    )
    rows.append(
        _measure(
            page,
            "board (one random move)",
            ".game-board",
            [(lambda: page.get_by_role("button", name="Random move").first.click(), "")],
            repeat,
        )
    )
    return rows


def _serve(page: Any, workdir: Path, notebook: str) -> Server:
    server = Server("voila", workdir, notebook)
    page.goto(f"{server.base}/?token={server.token}", timeout=TIMEOUT)
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    import nbformat
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="camelot-bench-chromium-")
    workdir = Path(tempfile.mkdtemp(prefix="camelot-bench-voila-"))
    shutil.copy(ROOT / "notebooks" / "app.ipynb", workdir / "app.ipynb")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(EXTRAS)]
    nbformat.write(nb, workdir / "extras.ipynb")
    rows: list[Row] = []
    try:
        with sync_playwright() as p:
            ctx = p.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            page = ctx.new_page()
            page.set_viewport_size(PHONE)
            start = time.monotonic()
            server = _serve(page, workdir, "app.ipynb")
            try:
                page.wait_for_selector(".tracker-result", timeout=TIMEOUT)
                print(
                    f"dashboard loaded (Voila runs the notebook): {time.monotonic() - start:.1f} s"
                )
                rows += _dashboard(page, args.repeat)
            finally:
                server.stop()
            start = time.monotonic()
            server = _serve(page, workdir, "extras.ipynb")
            try:
                page.wait_for_selector(".game-board", timeout=TIMEOUT)
                print(f"quest/sim/board page loaded: {time.monotonic() - start:.1f} s")
                rows += _extras(page, args.repeat)
            finally:
                server.stop()
            ctx.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(workdir, ignore_errors=True)
    print(
        f"\ninput -> answer in headless chromium at {PHONE['width']} px (median of {args.repeat})"
    )
    for name, times, verdict in rows:
        shown = ", ".join(f"{t:.2f}" for t in times)
        print(f"- {name}: {statistics.median(times):.2f} s ({shown})\n    verdict: {verdict}")


if __name__ == "__main__":
    main()
