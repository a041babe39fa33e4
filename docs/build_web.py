"""Build the zero-install web site: ``make site`` runs this; the result is ``build/web/``.

The site is static files only. It runs the library itself (this project's wheel, not a
JavaScript copy) in Pyodide, offline, from files fetched at build time from the registries:

1. Pyodide's core from its npm package (``npm pack pyodide@VERSION``), cached in ``.cache/web``.
2. The pure-Python wheels the library imports when it loads (networkx, at the version installed
   here) from PyPI (``pip download --no-deps --only-binary=:all:``), cached beside it.
   python-flint has no browser build: the library's pure-Python path is used (same answers).
3. This project's wheel (``pip wheel --no-deps .``), rebuilt every time.
4. The page (``docs/web/``), a ``wheels.json`` the page loads, and ``SOURCES.txt`` naming
   every vendored file with its source, version and sha256.
5. A check: nothing in the page refers to another host.

Why a page of forms and not JupyterLite: a player at the table wants one answer on a phone.
The forms page downloads Pyodide's core and two wheels (about 16 MB, most of it the wasm
interpreter that JupyterLite would load as well) and starts answering as soon as Python is up;
JupyterLite adds the JupyterLab front end on top, and its Pyodide kernel installs packages with
micropip from Pyodide's own package index, which is on Pyodide's CDN and not on npm (see
``../shared/reference/pyodide-offline.md``), so it could not be built offline from the
registries without vendoring each of its files. The notebooks stay the place for study.

``python docs/build_web.py --if-stale`` rebuilds only when a source is newer than the site
(the browser test uses it, so ``make test`` builds once).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB_SRC = ROOT / "docs" / "web"
OUT = ROOT / "build" / "web"
CACHE = ROOT / ".cache" / "web"
STAMP = OUT / ".built"
PYODIDE = "pyodide@314.0.8"  # Python 3.14.2, wasm32; measured to work offline here
PYODIDE_FILES = (  # what the page requests (measured); the rest of the npm package is unused
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Imported when camelot_rules loads (analysis.py, explore.py). sympy is not imported by the
# calculators; tqdm only for an optional progress bar; python-flint is optional (no wasm build).
WHEELS = ("networkx",)
OTHER_HOST = re.compile(r"""(?:src|href|import|fetch|url)\s*[=(]\s*["'`]?\s*(?:https?:)?//""", re.I)


def sources() -> list[Path]:
    """Every file the site is built from (for ``--if-stale``)."""
    files = [Path(__file__), ROOT / "pyproject.toml"]
    files += [
        p
        for p in (ROOT / "camelot_rules").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    ]
    files += [p for p in WEB_SRC.rglob("*") if p.is_file()]
    return files


def is_stale() -> bool:
    """True when ``build/web`` is missing or older than one of its sources."""
    if not STAMP.exists():
        return True
    built = STAMP.stat().st_mtime
    return any(p.stat().st_mtime > built for p in sources())


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pyodide_tarball() -> Path:
    CACHE.mkdir(parents=True, exist_ok=True)
    name = PYODIDE.replace("@", "-") + ".tgz"
    tarball = CACHE / name
    if not tarball.exists():
        if shutil.which("npm") is None:
            raise SystemExit("npm is needed once to fetch Pyodide from the npm registry")
        subprocess.run(["npm", "pack", PYODIDE, "--silent"], cwd=CACHE, check=True)
    return tarball


def _dependency_wheel(name: str) -> Path:
    version = importlib.metadata.version(name)
    found = sorted(CACHE.glob(f"{name}-{version}-py3-none-any.whl"))
    if not found:
        subprocess.run(
            [
                *(sys.executable, "-m", "pip", "download", "-q", "--no-deps"),
                *("--only-binary=:all:", f"{name}=={version}", "-d", str(CACHE)),
            ],
            check=True,
        )
        found = sorted(CACHE.glob(f"{name}-{version}-py3-none-any.whl"))
    if not found:
        raise SystemExit(f"no pure-Python wheel of {name} {version} on PyPI")
    return found[0]


def _project_wheel(folder: Path) -> Path:
    """This project's wheel, built from a clean copy of its sources (setuptools would otherwise
    reuse ``build/lib`` in the work tree, where a deleted module could linger)."""
    src = folder / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    for package in ("camelot_rules", "widgets"):
        shutil.copytree(ROOT / package, src / package, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(src), "-w", str(folder)],
        check=True,
    )
    return next(folder.glob("camelot_rules-*.whl"))


def _catalogs(listing: list[str]) -> dict[str, str]:
    """The translations compiled to ``.mo`` (``locale/<lang>.mo``), for the page to put beside
    the wheel's ``.po`` files: the library reads a ``.mo`` with the standard library, while
    reading a ``.po`` needs Babel, whose wheel (its locale data) would double the download."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    found = {}
    (OUT / "locale").mkdir()
    for po in sorted((ROOT / "camelot_rules" / "locale").glob("*/LC_MESSAGES/camelot_rules.po")):
        lang = po.parts[-3]
        with po.open("rb") as fh:
            catalog = read_po(fh, locale=lang, domain="camelot_rules")
        target = OUT / "locale" / f"{lang}.mo"
        with target.open("wb") as fh:
            write_mo(fh, catalog, use_fuzzy=False)  # as camelot_rules.base.i18n does
        found[lang] = f"locale/{lang}.mo"
        rel = po.relative_to(ROOT)
        listing.append(f"locale/{lang}.mo  compiled from {rel} (Babel)  sha256 {_sha256(target)}")
    return found


def check_page(site: Path) -> list[str]:
    """Problems: a page file that loads something from another host."""
    problems = []
    for page in [*site.glob("*.html"), *site.glob("*.js"), *site.glob("*.css")]:
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if OTHER_HOST.search(line):
                problems.append(f"{page.name}:{n} refers to another host: {line.strip()}")
    return problems


def build() -> Path:
    """Build ``build/web`` and return it."""
    tarball = _pyodide_tarball()
    if OUT.exists():
        shutil.rmtree(OUT)
    (OUT / "pyodide").mkdir(parents=True)
    (OUT / "wheels").mkdir()
    listing = ["Vendored by docs/build_web.py: Pyodide from npm, dependency wheels from PyPI:"]
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            assert member is not None
            target = OUT / "pyodide" / name
            target.write_bytes(member.read())
            listing.append(f"pyodide/{name}  npm {PYODIDE}  sha256 {_sha256(target)}")
    wheels = []
    for dep in WHEELS:
        wheel = _dependency_wheel(dep)
        shutil.copy(wheel, OUT / "wheels" / wheel.name)
        wheels.append(wheel.name)
        listing.append(f"wheels/{wheel.name}  PyPI  sha256 {_sha256(wheel)}")
    with tempfile.TemporaryDirectory() as tmp:
        own = _project_wheel(Path(tmp))
        shutil.copy(own, OUT / "wheels" / own.name)
    own = OUT / "wheels" / own.name
    wheels.append(own.name)
    listing.append(f"wheels/{own.name}  pip wheel --no-deps (this project)  sha256 {_sha256(own)}")
    for page in WEB_SRC.iterdir():
        if page.is_file():
            shutil.copy(page, OUT / page.name)
    catalogs = _catalogs(listing)
    listing_json = {"wheels": wheels, "catalogs": catalogs}
    (OUT / "wheels.json").write_text(json.dumps(listing_json, indent=1) + "\n")
    (OUT / "SOURCES.txt").write_text("\n".join(listing) + "\n")
    problems = check_page(OUT)
    if problems:
        raise SystemExit("\n".join(problems))
    STAMP.touch()
    return OUT


def site_bytes(site: Path = OUT) -> int:
    """The site's total size in bytes (every file a first visit may download)."""
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file() and p.name != ".built")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if "--if-stale" in args and not is_stale():
        return 0
    site = build()
    rel = site.relative_to(ROOT)
    print(f"web site built in {rel} ({site_bytes(site) / 1e6:.1f} MB)")
    print(f"serve it: python3 -m http.server -d {rel} --bind 127.0.0.1 8000")
    print("then open http://127.0.0.1:8000/ (or copy the folder to any static host)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
