"""Shared pieces for the widgets: parsing a control's value and showing errors in place."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as W

from camelot_rules.display import html_error

__all__ = ["Rendered", "result_box", "safe_render"]

Rendered = tuple[str, str]  # (html, plain text)


def safe_render(render: Callable[[], Rendered]) -> Rendered:
    """Run ``render``; a ``ValueError`` becomes a readable message instead of a traceback."""
    try:
        return render()
    except ValueError as err:
        return html_error(str(err)), f"Cannot compute: {err}"


def result_box(css_class: str) -> W.HTML:
    """The HTML widget results are written into, with a stable CSS class for browser tests."""
    box = W.HTML()
    box.add_class(css_class)
    return box
