"""The web site (``make site``) in Debian's chromium: time to Pyodide ready, to the first answer,
and to later answers; the site's size and what a first visit downloads.

Each visit uses a fresh browser profile (a first visit, nothing cached) unless ``--warm``, which
adds a second visit in the same profile (the browser's cache and compiled-code cache). The page
records its own times in ``window.camelotTimes`` (performance.now() from the script's start):
``pyodide_ms`` (Pyodide loaded), ``ready_ms`` (wheels unpacked and the library imported),
``first_answer_ms`` (the link's answer shown), ``answers_ms`` (each answer's computing time).

    .venv/bin/python benchmarks/bench_web.py [--visits 3] [--warm]

Budgets (issue 19): first answer within 10 s of opening; later answers under 1 s.
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "build" / "web"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FIRST = "#siege?cards=3,4"
LATER = [
    "#siege?cards=5,4&excalibur=1",
    "#siege?hand=1&cards=5,4,2,2",
    "#siege?turn=1&kay=1&cards=5,4,3",
    "#travel?seen=captured,%20vision&grail=1&trips=5",
    "#deck?deck=black&expansion=1&cards=morgan_witch_2",
    "#deck?deck=black&expansion=1&turns=10",
    "#draw?deck=white&draws=2&cards=grail",
    "#quest-combat?quest=lancelot&whites=4,5,5&black-hidden=4",
    "#quest-war?war=picts&fights=2&hand=3,4&actions=7",
    "#decks?expansion=1",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve() -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=WEB,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(f"{base}/index.html", timeout=1).close()
            return proc, base
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the static server did not start")


def _visit(ctx: Any, base: str, later: bool) -> dict[str, Any]:
    page = ctx.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    sizes: list[int] = []
    foreign: list[str] = []

    def on_response(r: Any) -> None:
        if not r.url.startswith(base):
            foreign.append(r.url)
        elif r.status == 200:
            sizes.append(int(r.headers.get("content-length", 0)))

    page.on("response", on_response)
    page.goto(f"{base}/{FIRST}")
    page.wait_for_function("document.body.dataset.answered === '1'", timeout=180_000)
    assert "3/4" in page.inner_text("#result")
    n = 1
    if later:
        for link in LATER:
            page.evaluate("link => { location.hash = link; }", link)
            n += 1
            page.wait_for_function(f"Number(document.body.dataset.answered) >= {n}")
    times = dict(page.evaluate("window.camelotTimes"))
    times["downloaded"] = sum(sizes)
    times["foreign"] = foreign
    page.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=3, help="first visits (fresh profiles)")
    parser.add_argument("--warm", action="store_true", help="also a second visit per profile")
    args = parser.parse_args()
    subprocess.run([sys.executable, str(ROOT / "docs" / "build_web.py"), "--if-stale"], check=True)
    from playwright.sync_api import sync_playwright

    files = [p for p in WEB.rglob("*") if p.is_file() and p.name != ".built"]
    total = sum(p.stat().st_size for p in files)
    packed = sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)
    print(
        f"site: {len(files)} files, {total / 1e6:.1f} MB in {WEB.relative_to(ROOT)}"
        f" ({packed / 1e6:.1f} MB where the host compresses with gzip -6)"
    )
    for p in sorted(files, key=lambda p: -p.stat().st_size)[:6]:
        print(f"  {p.relative_to(WEB)}: {p.stat().st_size / 1e6:.2f} MB")
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    proc, base = _serve()
    first: list[dict[str, Any]] = []
    warm: list[dict[str, Any]] = []
    try:
        with sync_playwright() as p:
            for i in range(args.visits):
                profile = tempfile.mkdtemp(prefix="camelot-bench-web-")
                ctx = p.chromium.launch_persistent_context(
                    profile,
                    executable_path=CHROMIUM,
                    headless=True,
                    args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
                )
                try:
                    first.append(_visit(ctx, base, later=i == 0))
                    if args.warm:
                        warm.append(_visit(ctx, base, later=False))
                finally:
                    ctx.close()
                    shutil.rmtree(profile, ignore_errors=True)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)

    def row(label: str, visits: list[dict[str, Any]]) -> None:
        if not visits:
            return
        med = {k: statistics.median(v[k] for v in visits) for k in ("pyodide_ms", "ready_ms")}
        fa = statistics.median(v["first_answer_ms"] for v in visits)
        print(
            f"{label} (median of {len(visits)}): Pyodide loaded {med['pyodide_ms'] / 1000:.1f} s,"
            f" ready {med['ready_ms'] / 1000:.1f} s, first answer {fa / 1000:.1f} s,"
            f" response bytes {visits[0]['downloaded'] / 1e6:.1f} MB (cached or not)"
        )

    row("first visit", first)
    row("second visit (cached)", warm)
    later = first[0]["answers_ms"][1:]
    print(
        f"later answers ({len(later)} links): median {statistics.median(later):.0f} ms,"
        f" max {max(later):.0f} ms"
    )
    for link, ms in zip(LATER, later):
        print(f"  {ms:6.0f} ms  {link}")
    foreign = [u for v in first + warm for u in v["foreign"]]
    print(f"requests to another host: {len(foreign)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
