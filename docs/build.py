"""Build the documentation site offline: ``make docs`` runs this.

1. Stage docs/*.md, docs/maths/ and the numbered notebooks into build/docs-src.
2. Copy MathJax 3.2.2 from its PyPI package (django-static-mathjax, installed with the
   ``test`` extra): no npm, no network.
3. ``mkdocs build --strict`` (warnings are errors; internal Markdown links are checked).
4. Check the built site: every local href/src points at a file that exists, and nothing is
   loaded from another host (no CDN).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
SRC = BUILD / "docs-src"
SITE = BUILD / "site"

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
    for nb in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        shutil.copy(nb, SRC / "notebooks" / nb.name)
    assets = SRC / "assets"
    (assets / "mathjax").mkdir(parents=True)
    (assets / "mathjax-config.js").write_text(
        "window.MathJax = {tex: {inlineMath: [['\\\\(', '\\\\)'], ['$', '$']],"
        " displayMath: [['\\\\[', '\\\\]'], ['$$', '$$']]},"
        " options: {processHtmlClass: 'arithmatex|jp-RenderedMarkdown|jp-MarkdownOutput'}};\n"
    )
    # MathJax 3.2.2's files come from PyPI (django-static-mathjax, a [test] extra installed by
    # `make test`): the build needs no npm and no network of its own.
    es5 = _mathjax_es5()
    shutil.copy(es5 / "tex-mml-chtml.js", assets / "mathjax" / "tex-mml-chtml.js")
    shutil.copytree(
        es5 / "output" / "chtml" / "fonts", assets / "mathjax" / "output" / "chtml" / "fonts"
    )


def _mathjax_es5() -> Path:
    """The es5 folder of the installed MathJax files (``pip install django-static-mathjax``)."""
    import importlib.util

    spec = importlib.util.find_spec("mathjax")
    if spec is None or spec.origin is None:
        raise SystemExit(
            "MathJax's files are missing: pip install -e '.[test]' (django-static-mathjax)"
        )
    es5 = Path(spec.origin).parent / "static" / "mathjax" / "es5"
    if not (es5 / "tex-mml-chtml.js").exists():
        raise SystemExit(f"{es5} holds no tex-mml-chtml.js: reinstall django-static-mathjax")
    return es5


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
