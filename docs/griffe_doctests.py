"""A Griffe extension for the API page (mkdocstrings): doctest examples render as code and
Sphinx roles as plain code, instead of Markdown reading ``>>>`` as three nested quotes and
printing ``:class:`Deck``` as it is.

Loaded by docs/mkdocs.yml (``extensions: [griffe_doctests.py:DoctestFences]``); the source
docstrings are unchanged, so ``pytest --doctest-modules`` runs the same examples.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

__all__ = ["DoctestFences", "fence_doctests"]

ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|data|mod|obj|exc|const):`~?([^`]+)`")


def fence_doctests(text: str) -> str:
    r"""Return ``text`` with each doctest block (``>>>`` lines and their output, up to a blank
    line) inside a ```` ```pycon ```` fence at the block's indentation, and roles as code.

    >>> prompt = ">" ">>"  # (split so that this doctest does not read it as its own prompt)
    >>> fence_doctests(f"Adds.\n\n  {prompt} 1 + 1\n  2").splitlines()
    ['Adds.', '', '  ```pycon', '  >>> 1 + 1', '  2', '  ```']
    >>> fence_doctests("See :class:`Deck` and :func:`~camelot_rules.odds.draws.draw_probability`.")
    'See `Deck` and `camelot_rules.odds.draws.draw_probability`.'
    """
    out: list[str] = []
    lines = text.splitlines()
    i, fenced = 0, False
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not fenced and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(f"{indent}```")
            continue
        out.append(line if fenced else ROLE.sub(r"`\1`", line))
        i += 1
    return "\n".join(out)


class DoctestFences(griffe.Extension):  # type: ignore[misc]
    """Rewrite every loaded docstring with ``fence_doctests`` (display only)."""

    def on_object(self, *, obj: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
