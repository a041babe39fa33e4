"""The one-page dashboard (``notebooks/app.ipynb`` calls :func:`dashboard`): the CSS that keeps
it inside a phone's width, each tab's verdict pinned on top of its inputs (the answer is on the
first screen after every input, issue 32), the play-log tab with an example and a file upload,
and the one language selector (English, 日本語, Español) that re-renders every answer and every
message in the language chosen."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W

from camelot_rules.base.checks import check_text
from camelot_rules.base.i18n import N_, get_language, gettext, set_language
from camelot_rules.front.display import html_error
from widgets.common import LANGUAGE_OPTIONS, relabel, rerender, tr, verdict_of
from widgets.playlog import PlaylogWidget

__all__ = [
    "EXAMPLE_LOG",
    "INTRO",
    "LANGUAGE_OPTIONS",
    "PHONE_CSS",
    "TAB_TITLES",
    "dashboard",
    "intro",
    "language_selector",
    "log_from_upload",
    "pin_verdict",
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
    "quests' odds. Every answer opens with one sentence, on top of the tab; the inputs are "
    "under it, and what it assumes is folded at the end. Text boxes answer when you press "
    "Enter. Choose English, 日本語 or Español above the tabs: the labels and the answers change "
    "language, not the numbers."
)
# The introduction's fold, closed: a phone shows the tabs and the first answer at once.
INTRO_TITLE = N_("About this page")


def intro() -> W.HTML:
    """The dashboard's introduction, folded under "About this page" (closed: the first answer
    stays on the first screen of a phone), in the language in force and following each change.
    """
    box = tr(W.HTML(layout={"max_width": "100%"}), value=INTRO)
    box.add_class("camelot-intro")
    fold = W.HTML(layout={"max_width": "100%"})
    fold.add_class("camelot-intro")

    def show(_change: object = None) -> None:
        fold.value = (
            f"<details><summary>{gettext(INTRO_TITLE)}</summary><div>{box.value}</div></details>"
        )

    box.observe(show, names="value")
    show()
    fold._camelot_parts = [box]  # relabel() translates the text inside the fold
    return fold


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
# answers shrink to the screen, wide tables scroll inside their own box, a header breaks
# between words (never letter by letter), the widgets' own language selectors give way to the
# page's one, and each tab's verdict stays pinned on top while its inputs scroll under it (a
# sticky box sticks only below the nearest box that scrolls: the boxes between the verdict and
# the page's own scrolling area let their content overflow instead).
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
.camelot-app th { white-space: normal; vertical-align: bottom; overflow-wrap: normal;
  word-break: keep-all; }
.camelot-app svg, .camelot-app img { max-width: 100%; height: auto; }
.camelot-app .camelot-language { display: none !important; }
.camelot-page, .camelot-app, .camelot-app > .jupyter-widget-TabPanel-tabContents,
.camelot-app > .jupyter-widget-TabPanel-tabContents > .widget-container,
.jp-OutputArea:has(.camelot-page), .jp-OutputArea-child:has(.camelot-page),
.jp-OutputArea-output:has(.camelot-page) { overflow: visible !important; }
.camelot-verdict-bar { position: sticky; top: 0; z-index: 3; background: #fff;
  border-bottom: 1px solid #ccd; padding: 2px 0; }
.camelot-verdict-bar:empty, .camelot-verdict-bar .widget-html-content:empty { display: none; }
.camelot-verdict-bar .camelot-verdict { margin: 2px 0 !important; }
.camelot-pinned .camelot-answer > .camelot-verdict,
.camelot-pinned .widget-html-content > .camelot-error { display: none; }
.camelot-intro summary { cursor: pointer; color: #335; }
.camelot-app .jupyter-button { width: auto; min-width: 4em; max-width: 100%;
  text-overflow: clip; }
.camelot-title h1 { font-size: 1.6em; margin: 6px 0; }
@media (max-width: 600px) { .jp-MarkdownOutput h1, .camelot-title h1 { font-size: 1.3em; } }
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
    example.add_class("camelot-load-example")
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


def pin_verdict(widget: Any, holder: W.Box | None = None) -> W.HTML:
    """Put ``widget``'s verdict on top of ``holder`` (default: the widget itself), above its
    inputs, pinned there while the inputs scroll under it (CSS ``position: sticky``): on a
    phone the answer to the last input is always on screen. The verdict follows the widget's
    ``.result`` (an error or the busy sign too); inside the answer it is then hidden (CSS class
    ``camelot-pinned``), so it is not said twice. Returns the pinned box (CSS classes
    ``camelot-verdict-bar`` and ``<name>-verdict``, after the result's ``<name>-result``).
    """
    result: W.HTML = widget.result
    names = [c for c in result._dom_classes if c.endswith("-result")]
    bar = W.HTML(layout={"max_width": "100%"})
    bar.add_class("camelot-verdict-bar")
    if names:
        bar.add_class(names[0].removesuffix("-result") + "-verdict")
    result.add_class("camelot-pinned")

    def follow(_change: object = None) -> None:
        bar.value = verdict_of(result.value)

    result.observe(follow, names="value")
    follow()
    box = widget if holder is None else holder
    box.children = (bar, *box.children)
    return bar


def dashboard(players: int = 5, *, expansion: bool = True, lang: str | None = None) -> W.VBox:
    """The whole dashboard: the title, the introduction (folded), the one language selector,
    and the seven tabs - the game tracker feeding the calculators, each tab's verdict pinned on
    top of its inputs. ``lang`` chooses the language shown first (default: the one in force).
    """
    from widgets import (
        build_exhaustion_widget,
        build_graph_widget,
        build_playlog_widget,
        build_quest_widget,
        build_siege_widget,
        build_travel_widget,
    )
    from widgets.tracker import build_tracker_widget

    tracker = build_tracker_widget(players, expansion=expansion)
    siege = build_siege_widget({5: 1, 4: 1, 3: 1})
    travel = build_travel_widget()
    decks = build_exhaustion_widget()
    graph = build_graph_widget("Round Table endgame")
    playlog = build_playlog_widget()
    quest = build_quest_widget()
    tracker.feed(siege, travel, decks, quest)  # each gets a "From the game tracker" button
    log_tab = playlog_tab(playlog)
    for widget in (tracker, siege, travel, decks, graph, quest):
        pin_verdict(widget)
    pin_verdict(playlog, log_tab)
    tabs = W.Tab(
        children=[tracker, siege, travel, decks, graph, log_tab, quest],
        titles=tab_titles(),
        layout={"max_width": "100%"},
    )
    tabs.add_class("camelot-app")
    about = intro()
    widgets = [about, tracker, siege, travel, decks, graph, playlog, quest]
    language = language_selector(widgets, tabs, value=lang)
    page = W.VBox([W.HTML(PHONE_CSS), about, language, tabs], layout={"max_width": "100%"})
    page.add_class("camelot-page")
    return page
