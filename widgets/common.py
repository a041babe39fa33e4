"""Shared pieces for the widgets: showing errors in place, the exact-fractions box, text
boxes that wait for Enter, and a busy sign while an answer is computed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from camelot_rules.display import html_error

__all__ = [
    "BUSY_HTML",
    "AnswerRepr",
    "Rendered",
    "exact_box",
    "result_box",
    "row",
    "safe_render",
    "show_busy",
    "text_box",
]

Rendered = tuple[str, str]  # (html, plain text)

BUSY_HTML = (
    "<div class='camelot-busy' style='color:#555;font-style:italic'>Working it out&hellip;</div>"
)


def safe_render(render: Callable[[], Rendered]) -> Rendered:
    """Run ``render``; any failure becomes a readable message instead of a traceback.

    The message replaces the previous result, so an answer for older inputs never stays on
    screen. A ``ValueError`` is bad input and reads as its message; an interrupt (the notebook's
    stop button) says the computation was stopped; any other exception is a defect and is
    named by its type so it can be reported.
    """
    try:
        return render()
    except ValueError as err:
        message = str(err) or type(err).__name__
    except KeyboardInterrupt:  # the notebook's stop button: the old answer must not stay
        message = "stopped before the answer was found; nothing was changed"
    except Exception as err:  # shown in place: a widget user never sees a traceback
        message = f"unexpected {type(err).__name__}: {err}" if str(err) else type(err).__name__
        message += " (a defect of the toolkit: please report it with the inputs)"
    return html_error(message), f"Cannot compute: {message}"


def result_box(css_class: str) -> W.HTML:
    """The HTML widget results are written into, with a stable CSS class for browser tests."""
    box = W.HTML(layout={"max_width": "100%"})
    box.add_class(css_class)
    return box


def show_busy(box: W.HTML) -> None:
    """Put the busy sign in ``box`` (sent to the browser at once, before a slow answer)."""
    box.value = BUSY_HTML + f"<div style='opacity:0.45'>{box.value}</div>"


def row(children: list[Any]) -> W.HBox:
    """A row of controls that wraps onto the next line on a narrow (phone) screen."""
    return W.HBox(children, layout={"flex_flow": "row wrap", "max_width": "100%"})


def text_box(value: str, description: str, **kwargs: Any) -> W.Text:
    """A text box that updates its answer on Enter or when it loses focus, never mid-word."""
    kwargs.setdefault("style", {"description_width": "initial"})
    layout = {"width": "100%", "max_width": "640px"}
    layout.update(kwargs.pop("layout", {}))
    return W.Text(
        value=value, description=description, continuous_update=False, layout=layout, **kwargs
    )


def exact_box(value: bool = False) -> W.Checkbox:
    """The "exact fractions" toggle: on, every probability is shown as its whole fraction."""
    return W.Checkbox(
        value=value,
        description="exact fractions",
        indent=False,
        layout={"width": "auto"},
    )


class AnswerRepr:
    """Mixin for a widget with ``.result`` (HTML) and ``.text``: its saved output reads as the
    answer where no widget can be drawn (a notebook opened without running it, the docs site,
    GitHub), not as ``SiegeWidget(children=(HBox(...``. A live notebook still draws the widget.
    """

    result: W.HTML
    text: str

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        note = "(saved answer: run the notebook to change the inputs)"
        data["text/plain"] = f"{self.text}\n{note}"
        data["text/html"] = f"{self.result.value}<div style='color:#555'>{note}</div>"
        return data
