"""Build the documentation site offline: ``make docs`` runs this.

1. Stage docs/*.md, docs/maths/ and the numbered notebooks into build/docs-src.
2. Vendor MathJax 3 from the npm registry (``npm pack``), cached in build/npm-cache.
3. ``mkdocs build --strict`` (warnings are errors; internal Markdown links are checked).
4. Check the built site: every local href/src points at a file that exists, and nothing is
   loaded from another host (no CDN).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
SRC = BUILD / "docs-src"
SITE = BUILD / "site"
MATHJAX = "mathjax@3.2.2"

# nbconvert's notebook template carries a module script that would import mermaid from a CDN
# when a page has diagrams; ours have none, so the block is removed after the build.
MERMAID = re.compile(
    r'<script type="module">(?:(?!</script>).)*?jp-Mermaid.*?<!-- End of mermaid configuration -->',
    re.S,
)
CDN = re.compile(r"cdnjs|unpkg\.com|jsdelivr|googleapis|gstatic|cloudflare", re.I)
LOADS = re.compile(r"<(script|link|img|iframe)\b[^>]*?\b(?:src|href)=[\"']([^\"']+)[\"']", re.I)
LINKS = re.compile(r"<a\b[^>]*?\bhref=[\"']([^\"'#]+)(?:#[^\"']*)?[\"']", re.I)


def stage() -> None:
    if SRC.exists():
        shutil.rmtree(SRC)
    (SRC / "notebooks").mkdir(parents=True)
    for page in (ROOT / "docs").glob("*.md"):
        shutil.copy(page, SRC / page.name)
    shutil.copytree(ROOT / "docs" / "maths", SRC / "maths")
    for nb in sorted((ROOT / "notebooks").glob("0*.ipynb")):
        shutil.copy(nb, SRC / "notebooks" / nb.name)
    assets = SRC / "assets"
    (assets / "mathjax").mkdir(parents=True)
    (assets / "mathjax-config.js").write_text(
        "window.MathJax = {tex: {inlineMath: [['\\\\(', '\\\\)'], ['$', '$']],"
        " displayMath: [['\\\\[', '\\\\]'], ['$$', '$$']]},"
        " options: {processHtmlClass: 'arithmatex|jp-RenderedMarkdown|jp-MarkdownOutput'}};\n"
    )
    cache = BUILD / "npm-cache"
    cache.mkdir(parents=True, exist_ok=True)
    tarballs = list(cache.glob("mathjax-*.tgz"))
    if not tarballs:
        if shutil.which("npm") is None:
            raise SystemExit("npm is needed once to vendor MathJax from the npm registry")
        subprocess.run(["npm", "pack", MATHJAX, "--silent"], cwd=cache, check=True)
        tarballs = list(cache.glob("mathjax-*.tgz"))
    with tarfile.open(tarballs[0]) as tar:
        member = tar.getmember("package/es5/tex-mml-chtml.js")
        data = tar.extractfile(member)
        assert data is not None
        (assets / "mathjax" / "tex-mml-chtml.js").write_bytes(data.read())
        for m in tar.getmembers():  # fonts the CommonHTML output loads
            if m.name.startswith("package/es5/output/chtml/fonts/") and m.isfile():
                out = assets / "mathjax" / m.name.removeprefix("package/es5/")
                out.parent.mkdir(parents=True, exist_ok=True)
                f = tar.extractfile(m)
                assert f is not None
                out.write_bytes(f.read())


def strip_cdn_scripts(site: Path) -> None:
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        stripped = MERMAID.sub("<!-- mermaid loader removed: no diagrams, no CDN -->", text)
        if stripped != text:
            page.write_text(stripped, encoding="utf-8")


def check_site(site: Path) -> list[str]:
    """Problems in the built site: external loads and broken local links."""
    problems = []
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8", errors="replace")
        for match in CDN.finditer(text):
            problems.append(f"{page.relative_to(site)} mentions a CDN: ...{match.group(0)}...")
        for _, url in LOADS.findall(text):
            if url.startswith(("http:", "https:", "//")):
                problems.append(f"{page.relative_to(site)} loads {url} from another host")
        for url in LINKS.findall(text):
            if url.startswith(("http:", "https:", "mailto:", "//", "data:")):
                continue
            base = site if url.startswith("/") else page.parent
            target = (base / url.lstrip("/")).resolve()
            if not target.exists():
                problems.append(f"{page.relative_to(site)} links to missing {url}")
    return problems


def main() -> int:
    stage()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "build",
            "--strict",
            "-q",
            "-f",
            str(ROOT / "docs" / "mkdocs.yml"),
        ],
        check=True,
    )
    strip_cdn_scripts(SITE)
    problems = check_site(SITE)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print(f"site built in {SITE.relative_to(ROOT)} ({sum(1 for _ in SITE.rglob('*.html'))} pages)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
