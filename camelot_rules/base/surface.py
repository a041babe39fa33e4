"""Where the toolkit is speaking: in Python (a notebook, a script), on the command line, or in
a widget. A message that tells the user what to do names it in that surface's words: the CLI's
option (``--expansion``), the widget's box ("tick Merlin's Company"), the function's keyword
(``expansion=True``) - never a parameter name on a screen that has none (issue 32).

>>> user_words(python="expansion=True", cli="add --expansion")
'expansion=True'
>>> with on_surface("cli"):
...     user_words(python="expansion=True", cli="add --expansion")
'add --expansion'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["SURFACES", "on_surface", "surface", "user_words"]

SURFACES: tuple[str, ...] = ("python", "cli", "widgets")
_SURFACE: ContextVar[str] = ContextVar("camelot_rules_surface", default="python")


def surface() -> str:
    """The surface in force: ``"python"`` unless the CLI or a widget said otherwise."""
    return _SURFACE.get()


@contextmanager
def on_surface(name: str) -> Iterator[str]:
    """Speak on surface ``name`` (one of :data:`SURFACES`) inside the ``with`` block."""
    if name not in SURFACES:
        raise ValueError(f"surface {name!r} is not one of {list(SURFACES)}")
    token = _SURFACE.set(name)
    try:
        yield name
    finally:
        _SURFACE.reset(token)


def user_words(*, python: str, cli: str | None = None, widgets: str | None = None) -> str:
    """The words of the surface in force (``python``'s where a surface has none of its own)."""
    chosen = {"cli": cli, "widgets": widgets}.get(surface())
    return python if chosen is None else chosen
