"""Pieces of the one-page dashboard (``notebooks/app.ipynb``): the CSS that keeps it inside a
phone's width, the play-log tab with an example and a file upload, and the language selector
(English, 日本語, Español) that re-renders every answer in the language chosen."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

from camelot_rules.base.checks import check_text
from camelot_rules.base.i18n import N_, get_language, gettext, set_language
from camelot_rules.front.display import html_error
from widgets.common import LANGUAGE_OPTIONS, relabel, rerender, tr
from widgets.playlog import PlaylogWidget

__all__ = [
    "EXAMPLE_LOG",
    "INTRO",
    "LANGUAGE_OPTIONS",
    "PHONE_CSS",
    "TAB_TITLES",
    "intro",
    "language_selector",
    "log_from_upload",
    "playlog_tab",
    "rerender",
    "tab_titles",
]

# What the dashboard is for, under its title (translated where shown: it follows the language).
INTRO = N_(
    "Exact odds for <i>Shadows over Camelot</i> and <i>Merlin's Company</i>. Record the game as "
    "it happens in the game tracker (it refuses a line that breaks a rule, names the rule, and "
    "shows the odds on the position), or pick a tab: siege fights, travel cards, deck "
    "exhaustion, the endgame explorer, a recorded game checked against the rules, or the "
    "quests' odds. Every answer opens with one sentence; what it assumes is folded underneath. "
    "Text boxes answer when you press Enter. Choose English, 日本語 or Español above the tabs "
    "(or in any tab: the whole page follows): the labels and the answers change language, not "
    "the numbers."
)


def intro() -> W.HTML:
    """The dashboard's introduction, in the language in force and following each change."""
    box = tr(W.HTML(layout={"max_width": "100%"}), value=INTRO)
    box.add_class("camelot-intro")
    return box


# The dashboard's tabs, in order (translated where shown).
TAB_TITLES: tuple[str, ...] = (
    N_("Game tracker"),
    N_("Siege fights"),
    N_("Travel cards"),
    N_("Deck exhaustion"),
    N_("Endgame explorer"),
    N_("Check a play log"),
    N_("Quest odds"),
)

# The recorded example: the clean base-game log the test suite checks (present in a checkout).
EXAMPLE_LOG = Path(__file__).resolve().parents[1] / "tests" / "logs" / "clean_base.log"
MAX_UPLOAD = 1_000_000  # bytes: a play log is a few kilobytes

# Down to a 390 px phone: tabs wrap onto several lines instead of being cut, controls and
# answers shrink to the screen, wide tables scroll inside their own box.
PHONE_CSS = """<style>
.camelot-app, .camelot-app .widget-box, .camelot-app .widget-html,
.camelot-app .widget-html-content, .camelot-app .widget-inline-hbox {
  max-width: 100%; min-width: 0; }
.camelot-app .lm-TabBar-content, .camelot-app .p-TabBar-content { flex-wrap: wrap; height: auto; }
.camelot-app .lm-TabBar, .camelot-app .p-TabBar { height: auto !important; min-height: 0; }
.camelot-app .lm-TabBar-tab, .camelot-app .p-TabBar-tab {
  flex: 0 1 auto !important; min-width: 0 !important; max-width: none !important; }
.camelot-app .lm-TabBar-tabLabel, .camelot-app .p-TabBar-tabLabel { overflow: visible; }
.camelot-app .widget-html-content { white-space: normal; line-height: 1.4; overflow-x: auto; }
.camelot-app .widget-text, .camelot-app .widget-dropdown, .camelot-app .widget-textarea,
.camelot-app .widget-select-multiple, .camelot-app .widget-slider { max-width: 100%; }
.camelot-app td { white-space: nowrap; }
.camelot-app th { white-space: normal; vertical-align: bottom; }
.camelot-app svg, .camelot-app img { max-width: 100%; height: auto; }
</style>"""


def log_from_upload(value: Any) -> str:
    """The text of an uploaded play-log file (a FileUpload's ``value``), or a readable error.

    >>> log_from_upload(({"name": "game.log", "content": memoryview(b"setup players=4")},))
    'setup players=4'
    """
    files = list(value.values()) if isinstance(value, dict) else list(value or ())
    if len(files) != 1:
        raise ValueError(gettext("expected one play-log file, got {n}").format(n=len(files)))
    content = files[0].get("content", b"") if isinstance(files[0], dict) else b""
    data = bytes(content)
    if len(data) > MAX_UPLOAD:
        raise ValueError(
            gettext("the file has {n} bytes; a play log is a few kilobytes").format(
                n=f"{len(data):,}"
            )
        )
    try:
        return check_text("log", data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(
            gettext("the file is not text (UTF-8): upload the play log itself")
        ) from None


def playlog_tab(playlog: PlaylogWidget) -> W.VBox:
    """The play-log tab: what a log is, "Load the example", "Upload a log file", the widget."""
    example = tr(W.Button(icon="book"), description=N_("Load the example"))
    upload = tr(
        W.FileUpload(accept=".log,.txt", multiple=False), description=N_("Upload a log file")
    )
    upload.add_class("camelot-upload")

    def load_example(_button: object = None) -> None:
        playlog.log_text.value = EXAMPLE_LOG.read_text(encoding="utf-8")
        playlog.check.click()

    def load_upload(change: dict[str, Any]) -> None:
        try:
            playlog.log_text.value = log_from_upload(change["new"])
        except ValueError as err:
            playlog.log_text.value = ""
            playlog.result.value = html_error(
                gettext("cannot read the file: {error}").format(error=err)
            )
            return
        playlog.check.click()

    example.on_click(load_example)
    upload.observe(load_upload, names="value")
    playlog.log_text.layout = {"width": "100%", "max_width": "700px", "height": "220px"}
    intro = tr(
        W.HTML(),
        value=N_(
            "<div>A play log records a game line by line (<code>setup</code>, <code>turn</code>, "
            "<code>siege</code>, <code>draw</code>...; see docs/play-log.md). Paste one, load the "
            "example, or upload a file: the rules engine replays it and names every broken rule."
            "</div>"
        ),
    )
    return W.VBox(
        [intro, W.HBox([example, upload], layout={"flex_flow": "row wrap"}), playlog],
        layout={"max_width": "100%"},
    )


def _own_selectors(widget: Any) -> list[W.Dropdown]:
    """The language selectors a widget carries (drop-downs with the camelot-language class)."""
    found: list[W.Dropdown] = []
    stack, seen = [widget], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, W.Dropdown) and "camelot-language" in node._dom_classes:
            found.append(node)
        stack.extend(getattr(node, "children", ()) or ())
    return found


def tab_titles(lang: str | None = None) -> list[str]:
    """The tabs' titles in ``lang`` (default: the language in force).

    >>> tab_titles("ja")[1], tab_titles("es")[1], tab_titles("en")[1]
    ('カタパルト戦', 'Luchas de asedio', 'Siege fights')
    """
    return [gettext(title, lang) for title in TAB_TITLES]


def language_selector(
    widgets: Sequence[Any], tab: W.Tab | None = None, *, value: str | None = None
) -> W.Dropdown:
    """A drop-down of English / 日本語 / Español: choosing one sets the language of every later
    message (:func:`camelot_rules.base.i18n.set_language`), renames ``tab``'s tabs and every label
    in them, and shows each of ``widgets``' answers again in it - the same numbers, other words.

    The widgets' own language selectors (:func:`widgets.common.language_box`) follow it, and a
    choice made in one of them is made here too: the whole dashboard speaks one language."""
    choice = W.Dropdown(
        options=LANGUAGE_OPTIONS,
        value=get_language() if value is None else value,
        description="Language / 言語 / Idioma",
        description_allow_html=False,
        layout={"width": "auto", "max_width": "100%"},
        style={"description_width": "initial"},
    )
    choice.add_class("camelot-language")
    boxes = [_own_selectors(widget) for widget in widgets]

    def switch(change: dict[str, Any]) -> None:
        set_language(change["new"])
        if tab is not None:
            tab.titles = tab_titles()
            relabel(tab)  # the tabs' own texts (the play-log tab's buttons and intro)
        for widget, own in zip(widgets, boxes):
            if own:  # its selector relabels and re-renders it (once)
                for box in own:
                    box.value = change["new"]
            else:
                relabel(widget)
                rerender(widget)

    def follow(change: dict[str, Any]) -> None:
        choice.value = change["new"]  # no event when it is already the language shown

    for own in boxes:
        for box in own:
            box.observe(follow, names="value")
    choice.observe(switch, names="value")
    if value is not None and value != get_language():
        switch({"new": value})
    return choice
