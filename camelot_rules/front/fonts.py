"""Plots in the reader's language: a font that has the language's letters.

matplotlib's own font (DejaVu Sans) has no kana or kanji: a Japanese title comes out as empty
boxes. The IPAexGothic font ships in the ``matplotlib-fontja`` wheel (PyPI, a dependency); it is
registered here by its file, without importing that package (whose import switches every plot
to it). English and Spanish plots keep matplotlib's default font.

>>> font_family("es")
['DejaVu Sans']
>>> font_family("ja")[0]
'IPAexGothic'
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import ParamSpec, TypeVar

from camelot_rules.base.i18n import check_language, get_language

__all__ = ["font_family", "in_language_fonts", "language_fonts"]

_P = ParamSpec("_P")
_R = TypeVar("_R")

_DEFAULT = "DejaVu Sans"


@cache
def _japanese_font() -> str | None:
    """The name of the registered Japanese font, or ``None`` when the wheel is missing."""
    spec = importlib.util.find_spec("matplotlib_fontja")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "fonts" / "ipaexg.ttf"
    if not path.is_file():
        return None
    from matplotlib import font_manager

    font_manager.fontManager.addfont(str(path))
    return str(font_manager.FontProperties(fname=str(path)).get_name())


def font_family(lang: str | None = None) -> list[str]:
    """The font family for plots in ``lang`` (default: the language in force): Japanese gets
    IPAexGothic first when it is installed; every language falls back to DejaVu Sans."""
    lang = get_language() if lang is None else check_language(lang)
    japanese = _japanese_font() if lang == "ja" else None
    return [japanese, _DEFAULT] if japanese else [_DEFAULT]


@contextmanager
def language_fonts(lang: str | None = None) -> Iterator[None]:
    """Inside the ``with`` block, new figures and their texts use :func:`font_family`'s fonts;
    matplotlib's font setting comes back after it. Only ``font.family`` is set and restored
    (``matplotlib.rc_context`` would restore every setting, and Jupyter's inline backend does
    not show a figure made inside one). Nothing changes for a language the default font
    writes."""
    import matplotlib

    family = font_family(lang)
    if family == [_DEFAULT]:
        yield
        return
    before = matplotlib.rcParams["font.family"]
    matplotlib.rcParams["font.family"] = family
    try:
        yield
    finally:
        matplotlib.rcParams["font.family"] = before


def in_language_fonts(make_figure: Callable[_P, _R]) -> Callable[_P, _R]:
    """Decorate a function that makes a figure: its texts are made (and laid out) inside
    :func:`language_fonts`, in the language in force when it is called."""

    @functools.wraps(make_figure)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with language_fonts():
            return make_figure(*args, **kwargs)

    return wrapper
