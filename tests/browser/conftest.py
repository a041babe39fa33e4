"""Real servers and a real browser for the widget tests.

Debian's /usr/bin/chromium driven by Playwright's Python package (never `playwright install`);
Voila and JupyterLab started on 127.0.0.1 with a random token, each in its own session so it
and its kernels are stopped together. Screenshots go to test-artifacts/ (not committed).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_http(url: str, proc: subprocess.Popen[bytes], timeout: float = 120) -> None:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError as err:
            if err.code < 500:
                return
        except OSError:
            pass
        time.sleep(0.25)
    raise TimeoutError(f"{url} not up after {timeout} s")


class Server:
    def __init__(self, mode: str, workdir: Path, notebook: str) -> None:
        self.token = secrets.token_hex(16)
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.jpdir = Path(tempfile.mkdtemp(prefix=f"camelot-{mode}-jp-"))
        env = dict(os.environ)
        for key, sub in (
            ("JUPYTER_CONFIG_DIR", "cfg"),
            ("JUPYTERLAB_SETTINGS_DIR", "settings"),
            ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
            ("JUPYTER_RUNTIME_DIR", "runtime"),
        ):
            (self.jpdir / sub).mkdir(parents=True, exist_ok=True)
            env[key] = str(self.jpdir / sub)
        env["JUPYTER_PLATFORM_DIRS"] = "1"
        env["JUPYTER_TOKEN"] = self.token  # through the environment: never visible in `ps`
        news = self.jpdir / "settings" / "@jupyterlab" / "apputils-extension"
        news.mkdir(parents=True, exist_ok=True)
        (news / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )
        if mode == "lab":
            cmd = [
                sys.executable,
                "-m",
                "jupyterlab",
                "--no-browser",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}",
                "--ServerApp.port_retries=0",
                f"--ServerApp.root_dir={workdir}",
                "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.extension_manager=readonly",
                "--LabApp.expose_app_in_browser=True",
            ]
            if os.geteuid() == 0:
                cmd.append("--allow-root")
            ready = f"{self.base}/api/status?token={self.token}"
        else:
            cmd = [
                sys.executable,
                "-m",
                "voila",
                notebook,
                "--no-browser",
                "--Voila.ip=127.0.0.1",
                f"--port={self.port}",
                "--Voila.port_retries=0",
                "--Voila.auto_token=True",
                "--show_tracebacks=True",
                "--template=camelot",  # Voila's page without its CDN links (widgets/voila)
            ]
            env["JUPYTER_PATH"] = str(ROOT / "widgets")
            ready = f"{self.base}/voila/static/favicon.ico"  # "/" would run the notebook
        ARTIFACTS.mkdir(exist_ok=True)
        self.log = open(ARTIFACTS / f"server-{mode}.log", "w")  # noqa: SIM115
        self.proc = subprocess.Popen(
            cmd,
            cwd=workdir,
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            _wait_http(ready, self.proc)
        except Exception:
            self.stop()
            raise

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        self.log.close()
        shutil.rmtree(self.jpdir, ignore_errors=True)


@pytest.fixture(scope="session")
def browser_context() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="camelot-chromium-")
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1300, "height": 1000},
        )
        yield ctx
        ctx.close()
    shutil.rmtree(profile, ignore_errors=True)


@contextmanager
def voila_page(
    browser_context: Any,
    workdir: Path,
    notebook: str,
    ready: str,
    viewport: dict[str, int] | None = None,
) -> Iterator[Any]:
    """``notebook`` (in ``workdir``) served by Voila and opened in a new page, once ``ready``
    (a CSS selector) is on it; the page, the server and ``workdir`` are gone afterwards."""
    server = Server("voila", workdir, notebook)
    page = browser_context.new_page()
    if viewport is not None:
        page.set_viewport_size(viewport)
    try:
        page.goto(f"{server.base}/?token={server.token}")
        page.wait_for_selector(ready, timeout=120_000)
        yield page
    finally:
        page.close()
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="module")
def voila_app(browser_context: Any) -> Iterator[Any]:
    """The dashboard notebook served by Voila, loaded once; yields the page."""
    workdir = Path(tempfile.mkdtemp(prefix="camelot-voila-"))
    shutil.copy(ROOT / "notebooks" / "app.ipynb", workdir / "app.ipynb")
    with voila_page(browser_context, workdir, "app.ipynb", ".tracker-result") as page:
        yield page


@pytest.fixture(scope="module")
def lab_server() -> Iterator[tuple[Server, Path]]:
    workdir = Path(tempfile.mkdtemp(prefix="camelot-lab-"))
    shutil.copy(ROOT / "notebooks" / "01_siege_fights.ipynb", workdir / "01_siege_fights.ipynb")
    server = Server("lab", workdir, "01_siege_fights.ipynb")
    try:
        yield server, workdir
    finally:
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def wait_text(
    page: Any, css: str, needle: str, *, timeout: int = 60_000, visible: bool = True
) -> str:
    """Wait until the first element matching ``css`` (shown on screen, unless ``visible`` is
    False) holds ``needle`` in its text - the page's own state, no sleeps; return its text.

    On the dashboard a result's verdict is pinned above the inputs (``.<name>-verdict`` for
    ``.<name>-result``, issue 32) and hidden inside the answer: the text read is then the
    pinned verdict followed by the answer, as a player reads the tab."""
    shown = " && e.offsetParent !== null" if visible else ""
    read = (
        """([sel, text]) => {
      const e = document.querySelector(sel);
      const v = sel.endsWith('-result') ?
        document.querySelector(sel.replace(/-result$/, '-verdict')) : null;
      const pinned = v && v.offsetParent !== null ? v.innerText + '\\n' : '';
      return e"""
        + shown
        + """ && (pinned + e.innerText).includes(text); }"""
    )
    page.wait_for_function(read, arg=[css, needle], timeout=timeout)
    return answer_text(page, css)


def answer_text(page: Any, css: str) -> str:
    """The text of the first ``css`` element, after its pinned verdict when it has one."""
    return str(
        page.evaluate(
            """(sel) => {
      const e = document.querySelector(sel);
      const v = sel.endsWith('-result') ?
        document.querySelector(sel.replace(/-result$/, '-verdict')) : null;
      const pinned = v && v.offsetParent !== null ? v.innerText + '\\n' : '';
      return pinned + (e ? e.innerText : ''); }""",
            css,
        )
    )
