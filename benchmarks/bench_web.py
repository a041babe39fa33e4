"""The web page (``make site``) on a simulated phone in Debian's chromium: the first answer of a
cold first visit, of a second visit, and of a reopen with the network gone; later answers.

The phone (issue 32): 9 Mbit/s down with a 60 ms round trip, and the CPU slowed 4x
(``Emulation.setCPUThrottlingRate`` on the page). The network is slowed by the server itself:
the site's files are served as ``python3 -m http.server`` serves them (same handler, same
types), but every response waits 60 ms and all responses share one 9 Mbit/s line. CDP's
``Network.emulateNetworkConditions`` slows the page's own requests, but the page's large
files are downloaded by its service worker, and on the worker the same command took effect in
some runs and not in others (measured here: the interpreter downloaded at full speed in about
half the runs); a slow server slows every request the same way, whoever makes it.

Each run has a new browser context (nothing cached) and its own server, stopped before the
offline reopen:

1. cold: open ``#siege?cards=3,4``, wait for the answer;
2. later answers: follow each link of :data:`LATER` in the same page (the text and its chart);
3. second visit: a new page in the same context (the service worker's files, Python's memory
   snapshot);
4. offline: stop the server, open ``#travel?trips=3&lang=ja`` in a new page.

The page records its own times in ``window.camelotTimes`` (``performance.now()`` from the
script's start; ``first_answer_ms`` is when the answer was shown). Reported: medians over the
runs, where the time went, and every address the page and its service worker fetched (all
must be the server's).

    .venv/bin/python benchmarks/bench_web.py [--runs 3] [--no-phone]

Budgets (issue 32): cold first answer <= 20 s, second visit and offline <= 5 s, later answers
< 1 s, on the phone.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "build" / "web"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FIRST = "#siege?cards=3,4"
OFFLINE = "#travel?trips=3&lang=ja"
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
    "#quest-grail?laid=2&hands=2,1",
    "#quest-excalibur?steps=1&hands=3,2",
    "#quest-war-race?war=picts&fights=2&hand=3,4/5",
    "#decks?expansion=1",
    "#siege?cards=3,4&lang=ja",
]
PHONE_BYTES_PER_S = 9e6 / 8  # 9 Mbit/s
PHONE_RTT_S = 0.060
CPU_SLOWDOWN = 4
CHUNK = 16_384  # bytes a response sends at a time on the shared line


class _Line:
    """One slow line shared by every response: each chunk waits its turn at ``rate`` bytes/s."""

    def __init__(self, rate: float | None) -> None:
        self.rate = rate
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, out: Any, data: bytes) -> None:
        for i in range(0, len(data), CHUNK):
            chunk = data[i : i + CHUNK]
            if self.rate:
                with self.lock:
                    start = max(time.monotonic(), self.free_at)
                    self.free_at = start + len(chunk) / self.rate
                    done = self.free_at
                time.sleep(max(0.0, done - time.monotonic()))
            out.write(chunk)


def _serve(phone: bool) -> tuple[ThreadingHTTPServer, str]:
    """``build/web`` served on a free port of 127.0.0.1 (a thread), slowed like a phone's line
    when ``phone``."""
    line = _Line(PHONE_BYTES_PER_S if phone else None)

    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(WEB), **kwargs)

        def send_head(self) -> Any:
            if phone:
                time.sleep(PHONE_RTT_S)  # the request's round trip
            return super().send_head()

        def copyfile(self, source: Any, outputfile: Any) -> None:
            line.send(outputfile, source.read())

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def _stop(server: ThreadingHTTPServer) -> None:
    server.shutdown()
    server.server_close()


def _page(context: Any, phone: bool, urls: list[str]) -> Any:
    """A new page of ``context`` with its CPU slowed like a phone's; the addresses it fetches
    are added to ``urls``."""
    page = context.new_page()
    page.on("request", lambda r: urls.append(r.url))
    if phone:
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return page


def _worker_requests(page: Any) -> list[str]:
    """Every address the page's service worker has fetched (docs/web/sw.js tells)."""
    page.evaluate("navigator.serviceWorker.controller.postMessage('requests')")
    page.wait_for_function("window.camelotWorkerRequests !== undefined", timeout=60_000)
    return list(page.evaluate("window.camelotWorkerRequests"))


def _wait_answers(page: Any, n: int) -> None:
    page.wait_for_function(
        "n => Number(document.body.dataset.answered || 0) >= n", arg=n, timeout=300_000
    )


def _times(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("window.camelotTimes"))


def _run(browser: Any, phone: bool) -> dict[str, Any]:
    server, base = _serve(phone)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    urls: list[str] = []
    out: dict[str, Any] = {"base": base, "urls": urls}
    try:
        page = _page(context, phone, urls)
        page.goto(f"{base}/{FIRST}")
        _wait_answers(page, 1)
        assert "3/4" in page.inner_text("#answer"), page.inner_text("#answer")
        out["cold"] = _times(page)
        later = []
        for n, link in enumerate(LATER, 2):
            page.evaluate("link => { location.hash = link; }", link)
            _wait_answers(page, n)
            later.append(_times(page)["answers_ms"][-1])
        out["later"] = later
        page.wait_for_function(
            "document.body.dataset.saved === '1' && document.body.dataset.snapshot === '1'",
            timeout=300_000,
        )
        urls += _worker_requests(page)
        page.close()
        page = _page(context, phone, urls)
        page.goto(f"{base}/{FIRST}")
        _wait_answers(page, 1)
        out["warm"] = _times(page)
        page.close()
        _stop(server)  # the network is gone
        page = _page(context, phone, urls)
        page.goto(f"{base}/{OFFLINE}")
        _wait_answers(page, 1)
        assert "35.0%" in page.inner_text("#answer"), page.inner_text("#answer")
        out["offline"] = _times(page)
        page.close()
    finally:
        context.close()
        _stop(server)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh contexts (medians over them)")
    parser.add_argument("--no-phone", action="store_true", help="full speed (no throttling)")
    args = parser.parse_args()
    subprocess.run([sys.executable, str(ROOT / "docs" / "build_web.py"), "--if-stale"], check=True)
    sys.path.insert(0, str(ROOT / "docs"))
    from build_web import first_visit_bytes, site_bytes
    from playwright.sync_api import sync_playwright

    print(
        f"site: {site_bytes(WEB) / 1e6:.1f} MB on disk in {WEB.relative_to(ROOT)};"
        f" a first visit downloads {first_visit_bytes(WEB) / 1e6:.2f} MB"
    )
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    runs = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )
        try:
            for _ in range(args.runs):
                runs.append(_run(browser, not args.no_phone))
        finally:
            browser.close()

    def med(visit: str, key: str) -> float:
        return statistics.median(r[visit][key] for r in runs) / 1000

    label = "full speed" if args.no_phone else "phone (9 Mbit/s, 60 ms, CPU x4)"
    print(f"{label}, medians of {len(runs)} runs (seconds from the page's script start):")
    for visit in ("cold", "warm", "offline"):
        each = ", ".join(f"{r[visit]['first_answer_ms'] / 1000:.1f}" for r in runs)
        print(
            f"  {visit:8} first answer {med(visit, 'first_answer_ms'):5.1f} s"
            f" (Python up {med(visit, 'pyodide_ms'):.1f} s, ready {med(visit, 'ready_ms'):.1f} s;"
            f" runs: {each})"
        )
    for visit in ("cold", "warm", "offline"):  # where the time went, run by run
        for r in runs:
            v = r[visit]
            got = sorted(v.get("downloads", {}).items(), key=lambda kv: kv[1])
            steps = ", ".join(f"{k.split('/')[-1]} {ms / 1000:.1f}" for k, ms in got)
            print(
                f"    {visit}: worker {v['worker_ms'] / 1000:.1f} s;"
                f" downloaded: {steps or 'nothing'}; package {v.get('package_ms', 0) / 1000:.1f} s;"
                f" from a memory snapshot: {v['snapshot']}"
            )
    later = [statistics.median(col) for col in zip(*(r["later"] for r in runs))]
    print(f"  later answers: median {statistics.median(later):.0f} ms, max {max(later):.0f} ms")
    for link, ms in zip(LATER, later):
        print(f"    {ms:6.0f} ms  {link}")
    urls = [u for r in runs for u in r["urls"]]
    ours = tuple(r["base"] + "/" for r in runs)
    foreign = [u for u in urls if not u.startswith(ours)]
    print(f"requests (page and worker): {len(urls)}, to another host: {len(foreign)} {foreign[:3]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
