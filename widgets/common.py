"""Shared pieces for the widgets: showing errors in place, the exact-fractions box, text
boxes that wait for Enter, a busy sign while an answer is computed, and the language selector
every widget carries (its labels and its answer in English, Japanese or Spanish).

Labels are translated where shown: a control made with :func:`tr` keeps its English label
(a catalog message id) and :func:`relabel` puts it in the language in force again, so one
choice in :func:`language_box` renames a whole widget and re-renders its answer."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as W

from camelot_rules.base.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    get_language,
    gettext,
    set_language,
)
from camelot_rules.base.surface import on_surface
from camelot_rules.front.display import html_error

__all__ = [
    "BUSY_HTML",
    "BUSY_TEXT",
    "LANGUAGE_OPTIONS",
    "AnswerRepr",
    "Rendered",
    "busy_html",
    "exact_box",
    "language_box",
    "relabel",
    "rerender",
    "result_box",
    "row",
    "safe_render",
    "show_busy",
    "text_box",
    "tr",
    "verdict_of",
]

# Each language named in itself, so a reader finds their own whatever is on screen.
LANGUAGE_OPTIONS: tuple[tuple[str, str], ...] = tuple((LANGUAGE_NAMES[c], c) for c in LANGUAGES)
# The attributes a translated control keeps its English text in (see ``tr``).
_LABEL_ATTRS = ("description", "tooltip", "placeholder", "value", "options")

Rendered = tuple[str, str]  # (html, plain text)

# The busy sign's opening tag (a result that starts with it is being worked out); its words
# are in the language in force (``busy_html``).
BUSY_HTML = "<div class='camelot-busy' style='color:#555;font-style:italic'>"
BUSY_TEXT = N_("Working it out…")


def busy_html() -> str:
    """The busy sign, in the language in force."""
    return f"{BUSY_HTML}{html.escape(gettext(BUSY_TEXT))}</div>"


def safe_render(render: Callable[[], Rendered]) -> Rendered:
    """Run ``render``; any failure becomes a readable message instead of a traceback.

    The message replaces the previous result, so an answer for older inputs never stays on
    screen. A ``ValueError`` is bad input and reads as its message; an interrupt (the notebook's
    stop button) says the computation was stopped; any other exception is a defect and is
    named by its type so it can be reported.
    """
    try:
        with on_surface("widgets"):  # a message names the widget's boxes, not parameters
            return render()
    except ValueError as err:
        message = str(err) or type(err).__name__
    except KeyboardInterrupt:  # the notebook's stop button: the old answer must not stay
        message = gettext("stopped before the answer was found; nothing was changed")
    except Exception as err:  # shown in place: a widget user never sees a traceback
        what = f"{type(err).__name__}: {err}" if str(err) else type(err).__name__
        message = gettext(
            "unexpected {error} (a defect of the toolkit: please report it with the inputs)"
        ).format(error=what)
    return html_error(message), "{head} {message}".format(
        head=gettext("Cannot compute:"), message=message
    )


_VERDICT = re.compile(r"<p class='camelot-verdict'[^>]*>.*?</p>", re.S)
_ERROR = re.compile(r"<div class='camelot-error'.*?</div>", re.S)


def verdict_of(answer: str) -> str:
    """The opening sentence of an answer's HTML (its ``camelot-verdict``), or its error, with
    the busy sign before it while a new answer is being worked out; ``""`` when it has none.

    >>> from camelot_rules.front.display import html_answer, html_error
    >>> verdict_of(html_answer("Play 5: you cannot lose.", "<table></table>", []))[-28:]
    'Play 5: you cannot lose.</p>'
    >>> verdict_of(html_error("bad")).startswith("<div class='camelot-error'")
    True
    >>> verdict_of(busy_html() + "<div>old</div>") == busy_html()
    True
    """
    busy = ""
    if answer.startswith(BUSY_HTML):
        end = answer.index("</div>") + len("</div>")
        busy, answer = answer[:end], answer[end:]
    found = _VERDICT.search(answer) or _ERROR.search(answer)
    shown = found.group(0) if found else ""
    if busy:
        return busy + (f"<div style='opacity:0.45'>{shown}</div>" if shown else "")
    return shown


def result_box(css_class: str) -> W.HTML:
    """The HTML widget results are written into, with a stable CSS class for browser tests."""
    box = W.HTML(layout={"max_width": "100%"})
    box.add_class(css_class)
    return box


def show_busy(box: W.HTML) -> None:
    """Put the busy sign in ``box`` (sent to the browser at once, before a slow answer)."""
    box.value = busy_html() + f"<div style='opacity:0.45'>{box.value}</div>"


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
    return tr(
        W.Checkbox(value=value, indent=False, layout={"width": "auto"}),
        description=N_("exact fractions"),
    )


def tr(control: Any, **texts: Any) -> Any:
    """Give ``control`` English texts to show translated, now and after each language change.

    ``texts`` are the control's attributes: ``description``, ``tooltip``, ``placeholder``,
    ``value`` (an HTML or Label's text) or ``options`` (a list of ``(label, value)`` pairs whose
    labels are translated). Write each English text inside ``N_(...)`` where it is defined (or
    ``_()`` at the call) so ``make locale`` extracts it. Returns ``control``.

    >>> box = tr(W.Checkbox(), description="exact fractions")
    >>> box.description
    'exact fractions'
    """
    unknown = set(texts) - set(_LABEL_ATTRS)
    if unknown:
        raise ValueError(f"cannot translate {sorted(unknown)}; expected some of {_LABEL_ATTRS}")
    kept: dict[str, Any] = getattr(control, "_camelot_texts", {})
    kept.update(texts)
    control._camelot_texts = kept
    _apply_texts(control)
    return control


def _apply_texts(control: Any) -> None:
    for name, text in control._camelot_texts.items():
        if name == "options":
            chosen = control.value
            control.options = [(gettext(label), value) for label, value in text]
            control.value = chosen
        else:
            setattr(control, name, gettext(text))


def relabel(root: Any) -> int:
    """Put every text given with :func:`tr` under ``root`` (a widget and its children, tabs'
    titles too when given as ``_camelot_titles``) in the language in force; the number of
    controls renamed."""
    count = 0
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if getattr(node, "_camelot_texts", None):
            _apply_texts(node)
            count += 1
        titles = getattr(node, "_camelot_titles", None)
        if titles is not None:
            node.titles = [gettext(t) for t in titles]
        stack.extend(getattr(node, "children", ()) or ())
        stack.extend(getattr(node, "_camelot_parts", ()))  # parts not (yet) on screen
    return count


def rerender(widget: Any) -> bool:
    """Show ``widget``'s answer again for the same inputs (after the language changed); ``True``
    if it did. A widget that shows no answer yet (an empty play log) is left alone, so
    switching the language never turns a blank tab into an error."""
    result = getattr(widget, "result", None)
    if result is None or not getattr(result, "value", ""):
        return False
    for name in ("_update", "_redraw", "_show"):  # each widget's own render path
        method = getattr(widget, name, None)
        if callable(method):
            method()
            return True
    return False


def language_box(*widgets: Any, value: str | None = None) -> W.Dropdown:
    """The language selector a widget carries (English / 日本語 / Español): choosing one sets
    the language of every later message (:func:`camelot_rules.base.i18n.set_language`, so the other
    widgets' next answers follow it too), renames ``widgets``' labels (:func:`relabel`) and
    shows their answers again in it - the same numbers, other words."""
    choice = W.Dropdown(
        options=LANGUAGE_OPTIONS,
        value=get_language() if value is None else value,
        description="Language / 言語 / Idioma",
        layout={"width": "auto", "max_width": "100%"},
        style={"description_width": "initial"},
    )
    choice.add_class("camelot-language")

    def switch(change: dict[str, Any]) -> None:
        set_language(change["new"])
        for widget in widgets:
            relabel(widget)
            rerender(widget)

    choice.observe(switch, names="value")
    if value is not None and value != get_language():
        switch({"new": value})
    return choice


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
