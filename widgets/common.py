"""Shared pieces for the widgets: parsing a control's value and showing errors in place."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as W

from camelot_rules.display import html_error

__all__ = ["Rendered", "result_box", "safe_render"]

Rendered = tuple[str, str]  # (html, plain text)


def safe_render(render: Callable[[], Rendered]) -> Rendered:
    """Run ``render``; any failure becomes a readable message instead of a traceback.

    The message replaces the previous result, so an answer for older inputs never stays on
    screen. A ``ValueError`` is bad input and reads as its message; any other exception is a
    defect and is named by its type so it can be reported.
    """
    try:
        return render()
    except ValueError as err:
        message = str(err) or type(err).__name__
    except Exception as err:  # shown in place: a widget user never sees a traceback
        message = f"unexpected {type(err).__name__}: {err}" if str(err) else type(err).__name__
        message += " (a defect of the toolkit: please report it with the inputs)"
    return html_error(message), f"Cannot compute: {message}"


def result_box(css_class: str) -> W.HTML:
    """The HTML widget results are written into, with a stable CSS class for browser tests."""
    box = W.HTML()
    box.add_class(css_class)
    return box
