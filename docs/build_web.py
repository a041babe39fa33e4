"""Build the zero-install web page: ``make site`` runs this; the result is ``build/web/``.

The page is static files only. It runs the library itself (this project's code, not a
JavaScript copy) in Pyodide, offline, from files fetched at build time from the registries:

1. Pyodide's core from its npm package (``npm pack pyodide@VERSION``), cached in ``.cache/web``.
2. networkx's pure-Python wheel from PyPI, cached beside it: only the state-graph explorer
   needs it and no page does today, so the page loads it on first use only (the siege page
   never downloads it). python-flint has no browser build: the pure-Python path answers.
3. This project's wheel (``pip wheel --no-deps .``), rebuilt every time.
4. Bytecode, made by the page's own interpreter (Pyodide's CPython run by ``node``, see
   ``docs/web/tools/precompile.mjs``): the package as bytecode only (``camelot_rules.zip``), and
   Pyodide's standard library with every module the page imports as bytecode, modules no page
   can use (terminals, test runners, servers: :data:`UNUSED_STDLIB`) left out. Without
   ``node`` the sources ship instead (same answers, a slower start).
5. The page (``docs/web/``): its strings in three languages (``strings.json`` -> ``strings.js``),
   a web app manifest and icons drawn here (``docs/web/tools/icons.py``), the service worker
   (``sw.js``, given the list of files and their hashes), a gzip copy of each large file (the
   service worker downloads it and unpacks it in the browser, so any static host serves a third
   of the bytes), ``site.json`` (what the page loads) and ``SOURCES.txt`` (every vendored file
   with its source, version and sha256).
6. A check: nothing in the page refers to another host; the library never imports a module
   left out of the standard library.

Why a page of forms and not JupyterLite: a player at the table wants one answer on a phone.
JupyterLite adds the JupyterLab front end on top of the same interpreter, and its Pyodide kernel
installs packages with micropip from Pyodide's own package index, which is on Pyodide's CDN and
not on npm (see ``../shared/reference/pyodide-offline.md``).

``python docs/build_web.py --if-stale`` rebuilds only when a source is newer than the site
(the browser test uses it, so ``make test`` builds once). The published address (for the links
the page shows) is ``--address URL`` or ``$CAMELOT_RULES_SITE``, as for ``camelot-rules --link``.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import hashlib
import importlib.metadata
import json
import mimetypes
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WEB_SRC = ROOT / "docs" / "web"
OUT = ROOT / "build" / "web"
CACHE = ROOT / ".cache" / "web"
STAMP = OUT / ".built"
PYODIDE = "pyodide@314.0.8"  # Python 3.14.2, wasm32; measured to work offline here
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm")  # + our python_stdlib.zip
PAGE_FILES = ("index.html", "app.js", "style.css", "start.py")  # copied as they are
BOOT = (  # what Python's start downloads (the page shows their progress)
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "packages/camelot_rules.zip",
)
LAZY_WHEELS = ("networkx",)  # downloaded by the page only when an answer imports it
# Standard-library modules no page can use (a terminal, a debugger, test runners, servers,
# mail): left out of the page's copy (610 kB of 2.5 MB). The build fails if the library
# imports one of them.
UNUSED_STDLIB = (
    "_pyrepl/",
    "pdb.py",
    "unittest/",
    "doctest.py",
    "pydoc.py",
    "pydoc_data/",
    "multiprocessing/",
    "xmlrpc/",
    "wsgiref/",
    "idlelib/",
    "turtledemo/",
    "tkinter/",
    "turtle.py",
    "ensurepip/",
    "venv/",
    "curses/",
    "sqlite3/",
    "dbm/",
    "imaplib.py",
    "smtplib.py",
    "poplib.py",
    "ftplib.py",
    "mailbox.py",
    "pickletools.py",
    "tabnanny.py",
    "trace.py",
    "profile.py",
    "cProfile.py",
    "pstats.py",
    "timeit.py",
    "xml/",
)
# Answered while compiling, in each language: every module these import is shipped as
# bytecode (the others stay source). One link per page and per kind of answer.
SAMPLE_LINKS = (
    "#siege?cards=3,4",
    "#siege?hand=1&cards=5,4,2,2",
    "#siege?turn=1&kay=1&cards=5,4,3",
    "#siege?dealt=1&expansion=1",
    "#travel?seen=captured,%20vision&grail=1&trips=5",
    "#deck?deck=black&expansion=1&cards=morgan_witch_2",
    "#deck?deck=black&expansion=1&turns=3",
    "#draw?deck=white&draws=2&cards=grail",
    "#quest-combat?quest=lancelot&whites=4,5,5&black-hidden=4",
    "#quest-next?quest=dragon&hand=5,1,3",
    "#quest-war?war=picts&fights=2&hand=3,4&actions=7",
    "#quest-grail?laid=2&hands=2,1",
    "#quest-excalibur?steps=1&hands=3,2",
    "#quest-war-race?war=picts&fights=2&hand=3,4/5",
    "#decks?expansion=1",
    "#verify?text=setup%20players%3D4",
    "#advise?text=setup%20players%3D3%20expansion%3Dno%0Aknights%20arthur%20kay%20gawain%0Aturn%20arthur%0A"
    "evil%20arthur%20engine%0Ahand%20arthur%20fight_3%20grail&where=1",
    "#siege?cards=9",
)
GZIP_FROM = 16_000  # bytes: smaller files are not worth a second copy
OTHER_HOST = re.compile(r"""(?:src|href|import|fetch|url)\s*[=(]\s*["'`]?\s*(?:https?:)?//""", re.I)
TYPES = {  # what the service worker labels each file (the host's labels matter without it)
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".mo": "application/octet-stream",
}


def sources() -> list[Path]:
    """Every file the site is built from (for ``--if-stale``)."""
    files = [Path(__file__), ROOT / "pyproject.toml"]
    files += [
        p
        for p in (ROOT / "camelot_rules").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    ]
    files += [p for p in WEB_SRC.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return files


def is_stale() -> bool:
    """True when ``build/web`` is missing or older than one of its sources."""
    if not STAMP.exists():
        return True
    built = STAMP.stat().st_mtime
    return any(p.stat().st_mtime > built for p in sources())


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pyodide_dir() -> Path:
    """Pyodide's npm package, unpacked in the cache (``npm pack`` once)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    name = PYODIDE.replace("@", "-")
    tarball = CACHE / f"{name}.tgz"
    if not tarball.exists():
        if shutil.which("npm") is None:
            raise SystemExit("npm is needed once to fetch Pyodide from the npm registry")
        subprocess.run(["npm", "pack", PYODIDE, "--silent"], cwd=CACHE, check=True)
    folder = CACHE / name
    if not (folder / "pyodide.asm.wasm").exists():
        with tarfile.open(tarball) as tar:
            for member in tar.getmembers():
                if member.isfile() and member.name.startswith("package/"):
                    target = folder / member.name.removeprefix("package/")
                    target.parent.mkdir(parents=True, exist_ok=True)
                    extracted = tar.extractfile(member)
                    assert extracted is not None
                    target.write_bytes(extracted.read())
    return folder


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
    reuse ``build/lib`` in the work tree, where a deleted module could linger; a compiled
    engine of ``make compiled`` is left out: it is built for this machine, not the browser)."""
    src = folder / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    skip = shutil.ignore_patterns("__pycache__", "*.so", "_compiled.json", "*.mo")
    for package in ("camelot_rules", "widgets"):
        shutil.copytree(ROOT / package, src / package, ignore=skip)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(src), "-w", str(folder)],
        check=True,
    )
    return next(folder.glob("camelot_rules-*.whl"))


def _catalogs(folder: Path) -> dict[str, Path]:
    """The translations compiled to ``.mo`` (``<lang>.mo``), for the page to put beside the
    package: the library reads a ``.mo`` with the standard library, while reading a ``.po``
    needs Babel, whose wheel (its locale data) would double the download."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    found = {}
    for po in sorted((ROOT / "camelot_rules" / "locale").glob("*/LC_MESSAGES/camelot_rules.po")):
        lang = po.parts[-3]
        with po.open("rb") as fh:
            catalog = read_po(fh, locale=lang, domain="camelot_rules")
        target = folder / f"{lang}.mo"
        with target.open("wb") as fh:
            write_mo(fh, catalog, use_fuzzy=False)  # as camelot_rules.base.i18n does
        found[lang] = target
    return found


# Library modules whose left-out imports run only on a computer: the page imports the runner (the
# advisor's package) but never starts its process pools, whose modules it imports when a pool
# starts (a browser has no processes).
HOST_ONLY = ("camelot_rules/sim/runner.py",)  # process pools for `simulate` (multiprocessing)


def _unused_imports() -> list[str]:
    """Modules of :data:`UNUSED_STDLIB` that the library imports (must be none), outside
    :data:`HOST_ONLY`."""
    left_out = {u.rstrip("/").removesuffix(".py") for u in UNUSED_STDLIB}
    found = []
    for path in sorted((ROOT / "camelot_rules").rglob("*.py")):
        if path.relative_to(ROOT).as_posix() in HOST_ONLY:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            found += [
                f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in left_out
            ]
    return found


def _trimmed_stdlib(source: Path, target: Path) -> None:
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            if not info.filename.startswith(UNUSED_STDLIB):
                zout.writestr(info, zin.read(info), compresslevel=9)


def _sources_only(wheel: Path, target: Path) -> None:
    """The package zip without bytecode (no ``node``): what precompile.mjs keeps, as source."""
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            name, top = info.filename, info.filename.split("/")[0]
            if name.endswith((".po", ".pot", ".cfg", "/RECORD")):
                continue
            if top == "camelot_rules" or top.endswith(".dist-info"):
                zout.writestr(info, zin.read(info), compresslevel=9)


def _compile(pyodide: Path, wheel: Path, catalogs: dict[str, Path], work: Path) -> dict[str, Any]:
    """Bytecode from Pyodide's own interpreter (see the module docstring, step 4)."""
    trimmed = work / "pyodide"
    trimmed.mkdir()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"):
        (trimmed / name).symlink_to(pyodide / name)
    _trimmed_stdlib(pyodide / "python_stdlib.zip", trimmed / "python_stdlib.zip")
    out = work / "compiled"
    node = shutil.which("node")
    if node is None:
        print("node not found: the page ships Python sources (compiled at every start: slower)")
        out.mkdir()
        shutil.copy(trimmed / "python_stdlib.zip", out / "python_stdlib.zip")
        _sources_only(wheel, out / "camelot_rules.zip")
        return {"bytecode": False}
    langs = {lang: str(path) for lang, path in catalogs.items()}
    links = [*SAMPLE_LINKS, *(f"{link}&lang={lang}" for link in SAMPLE_LINKS for lang in langs)]
    job = {
        "pyodide": str(trimmed),
        "wheel": str(wheel),
        "start": str(WEB_SRC / "start.py"),
        "catalogs": langs,
        "links": links,
        "out": str(out),
    }
    (work / "job.json").write_text(json.dumps(job))
    subprocess.run(
        [node, str(WEB_SRC / "tools" / "precompile.mjs"), str(work / "job.json")], check=True
    )
    report: dict[str, Any] = json.loads((out / "report.json").read_text())
    failed = [link for link, (code, _) in report["answers"].items() if code not in (0, 1, 2)]
    if failed or report["networkx_imported"]:
        raise SystemExit(f"the library failed in Pyodide: {failed or 'networkx was imported'}")
    report["bytecode"] = True
    return report


def _strings_js() -> str:
    """``strings.json`` (the page's own words, one table per language) as a script."""
    table = json.loads((WEB_SRC / "strings.json").read_text(encoding="utf-8"))
    return "// Generated by docs/build_web.py from docs/web/strings.json.\n" + (
        "self.CAMELOT_STRINGS = " + json.dumps(table, ensure_ascii=False, indent=1) + ";\n"
    )


def _manifest() -> dict[str, Any]:
    table = json.loads((WEB_SRC / "strings.json").read_text(encoding="utf-8"))
    en = table["en"]
    return {
        "name": en["app.name"],
        "short_name": en["app.short"],
        "description": en["app.description"],
        "lang": "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#fbfaf7",
        "theme_color": "#6b1f1f",
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {
                "src": "icons/maskable-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }


def _icons(folder: Path) -> None:
    sys.path.insert(0, str(WEB_SRC / "tools"))
    try:
        from icons import icon_png
    finally:
        sys.path.pop(0)
    folder.mkdir()
    for name, size, purpose in (
        ("icon-192.png", 192, "any"),
        ("icon-512.png", 512, "any"),
        ("maskable-512.png", 512, "maskable"),
        ("apple-touch-icon.png", 180, "maskable"),  # iOS rounds the corners itself
        ("favicon-32.png", 32, "any"),
    ):
        (folder / name).write_bytes(icon_png(size, purpose))


def _gzip_copies(site: Path, paths: list[str]) -> dict[str, int]:
    """A ``.gz`` beside each large file (gzip -9; the file's time left out so a rebuild of the
    same bytes gives the same copy); returns the copies' sizes."""
    sizes = {}
    for rel in paths:
        path = site / rel
        if path.stat().st_size < GZIP_FROM:
            continue
        packed = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
        if len(packed) > 0.9 * path.stat().st_size:
            continue  # a zip of compressed files: gzip gains nothing
        (site / f"{rel}.gz").write_bytes(packed)
        sizes[rel] = len(packed)
    return sizes


def _file_type(rel: str) -> str:
    suffix = Path(rel).suffix
    return TYPES.get(suffix) or mimetypes.guess_type(rel)[0] or "application/octet-stream"


def check_page(site: Path) -> list[str]:
    """Problems: a page file that loads something from another host."""
    problems = []
    for page in [*site.glob("*.html"), *site.glob("*.js"), *site.glob("*.css")]:
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if OTHER_HOST.search(line):
                problems.append(f"{page.name}:{n} refers to another host: {line.strip()}")
    return problems


def _address(given: str | None) -> str | None:
    """The published address, checked as ``camelot-rules --link`` checks it."""
    sys.path.insert(0, str(ROOT))
    try:
        from camelot_rules.front.links import site_address
    finally:
        sys.path.pop(0)
    value = given or os.environ.get("CAMELOT_RULES_SITE")
    return site_address(value) if value else None


def build(address: str | None = None) -> Path:
    """Build ``build/web`` and return it."""
    unused = _unused_imports()
    if unused:
        raise SystemExit("the library imports a module the page leaves out:\n" + "\n".join(unused))
    pyodide = _pyodide_dir()
    published = _address(address)
    if OUT.exists():
        shutil.rmtree(OUT)
    for folder in ("pyodide", "packages", "wheels", "locale"):
        (OUT / folder).mkdir(parents=True)
    listing = ["Vendored by docs/build_web.py: Pyodide from npm, dependency wheels from PyPI:"]
    for name in PYODIDE_FILES:
        shutil.copy(pyodide / name, OUT / "pyodide" / name)
        listing.append(f"pyodide/{name}  npm {PYODIDE}  sha256 {_sha256(OUT / 'pyodide' / name)}")
    lazy = {}
    for dep in LAZY_WHEELS:
        wheel = _dependency_wheel(dep)
        shutil.copy(wheel, OUT / "wheels" / wheel.name)
        lazy[dep] = f"wheels/{wheel.name}"
        listing.append(f"wheels/{wheel.name}  PyPI  sha256 {_sha256(wheel)}")
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        work = Path(tmp)
        own = _project_wheel(work)
        catalogs = _catalogs(work)
        report = _compile(pyodide, own, catalogs, work)
        compiled = work / "compiled"
        shutil.copy(compiled / "python_stdlib.zip", OUT / "pyodide" / "python_stdlib.zip")
        shutil.copy(compiled / "camelot_rules.zip", OUT / "packages" / "camelot_rules.zip")
        for lang, mo in catalogs.items():
            shutil.copy(mo, OUT / "locale" / f"{lang}.mo")
        listing.append(
            f"pyodide/python_stdlib.zip  npm {PYODIDE}, modules the page imports as bytecode"
            f" ({len(report.get('stdlib_compiled', []))}), unused ones left out"
            f"  sha256 {_sha256(OUT / 'pyodide' / 'python_stdlib.zip')}"
        )
        listing.append(
            f"packages/camelot_rules.zip  this project ({own.name}) as bytecode"
            f"  sha256 {_sha256(OUT / 'packages' / 'camelot_rules.zip')}"
        )
    for lang in catalogs:
        rel = f"camelot_rules/locale/{lang}/LC_MESSAGES/camelot_rules.po"
        listing.append(f"locale/{lang}.mo  compiled from {rel} (Babel)")
    for name in PAGE_FILES:
        shutil.copy(WEB_SRC / name, OUT / name)
    (OUT / "strings.js").write_text(_strings_js(), encoding="utf-8")
    (OUT / "manifest.webmanifest").write_text(json.dumps(_manifest(), indent=1) + "\n")
    _icons(OUT / "icons")
    files = sorted(
        str(p.relative_to(OUT)) for p in OUT.rglob("*") if p.is_file() and p.name != ".built"
    )
    packed = _gzip_copies(OUT, files)
    shas = {rel: _sha256(OUT / rel)[:16] for rel in files}
    build_id = hashlib.sha256(json.dumps(shas, sort_keys=True).encode()).hexdigest()[:16]
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    site = {
        "build": build_id,
        "address": published,
        "pyodide": {
            "version": PYODIDE.split("@")[1],
            "lock": {"info": lock["info"], "packages": {}},
        },
        "package": "packages/camelot_rules.zip",
        "catalogs": {lang: f"locale/{lang}.mo" for lang in catalogs},
        "lazy": lazy,
        "bytecode": report["bytecode"],
        "boot": list(BOOT),
        "sizes": {rel: packed.get(rel, (OUT / rel).stat().st_size) for rel in BOOT},
    }
    (OUT / "site.json").write_text(json.dumps(site, indent=1) + "\n")
    shas["site.json"] = _sha256(OUT / "site.json")[:16]
    offline = {  # what the service worker keeps (the lazy wheels only once used)
        rel: {
            "sha": shas[rel],
            "type": _file_type(rel),
            "gz": packed.get(rel),
            "size": (OUT / rel).stat().st_size,
        }
        for rel in [*files, "site.json"]
        if rel != "SOURCES.txt"
    }
    worker = (WEB_SRC / "sw.js").read_text(encoding="utf-8")
    marker = "const SITE = {}; // filled in by docs/build_web.py"
    if marker not in worker:
        raise SystemExit(f"docs/web/sw.js: the line {marker!r} is missing")
    worker = worker.replace(
        marker,
        "const SITE = "
        + json.dumps({"build": build_id, "files": offline, "lazy": sorted(lazy.values())})
        + ";",
    )
    (OUT / "sw.js").write_text(worker, encoding="utf-8")
    (OUT / "SOURCES.txt").write_text("\n".join(listing) + "\n")
    problems = check_page(OUT)
    if problems:
        raise SystemExit("\n".join(problems))
    STAMP.touch()
    return OUT


def site_bytes(site: Path = OUT) -> int:
    """The site's total size in bytes (every file on disk, the gzip copies too)."""
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file() and p.name != ".built")


def first_visit_bytes(site: Path = OUT) -> int:
    """What a first visit of the siege page downloads through the service worker: each file
    it loads, as its gzip copy where there is one (no catalog, no networkx)."""
    listed = json.loads((site / "site.json").read_text())
    lazy = set(listed["lazy"].values()) | set(listed["catalogs"].values())
    total = 0
    for p in site.rglob("*"):
        rel = str(p.relative_to(site))
        if not p.is_file() or p.suffix == ".gz" or rel in lazy or rel.startswith("icons/"):
            continue
        if rel in ("SOURCES.txt", ".built", "manifest.webmanifest"):
            continue
        gz = site / f"{rel}.gz"
        total += gz.stat().st_size if gz.exists() else p.stat().st_size
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--if-stale", action="store_true", help="build only when out of date")
    parser.add_argument(
        "--address",
        help="the address where build/web is published (default: $CAMELOT_RULES_SITE; links "
        "shown by the page then name it)",
    )
    args = parser.parse_args(argv)
    if args.if_stale and not is_stale():
        return 0
    site = build(args.address)
    rel = site.relative_to(ROOT)
    print(
        f"web site built in {rel} ({site_bytes(site) / 1e6:.1f} MB on disk; a first visit"
        f" downloads {first_visit_bytes(site) / 1e6:.1f} MB)"
    )
    print(f"serve it: python3 -m http.server -d {rel} --bind 127.0.0.1 8000")
    print("then open http://127.0.0.1:8000/ (or copy the folder to any static host)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
