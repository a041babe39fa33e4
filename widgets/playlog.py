"""The play-log widget: paste a log, read the verifier's report (in the language chosen with
its language selector)."""

from __future__ import annotations

import html

import ipywidgets as W

from camelot_rules.base.checks import check_bool, check_text
from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.front.display import html_answer, html_error
from camelot_rules.logs.playlog import (
    format_report,
    format_stat_test,
    format_violation,
    stats_report,
    verify_text,
)
from widgets.common import Rendered, language_box, result_box, row, safe_render, tr

__all__ = ["PlaylogWidget", "build_playlog_widget", "render_playlog"]

MAX_LINES = 5000


def render_playlog(text: str, *, stats: bool = True) -> Rendered:
    """Return (html, text): the verifier's report on a pasted log (nothing is written)."""
    check_text("text", text)
    check_bool("stats", stats)
    if not text.strip():
        raise ValueError(_("the log text is empty: paste a play log (it starts with a setup line)"))
    if text.count("\n") > MAX_LINES:
        raise ValueError(
            _("the log has more than {n} lines; check it with the CLI").format(n=MAX_LINES)
        )
    try:
        # a line that cannot be read is reported, the others replayed; a log of another game
        # or table is refused whole
        report = verify_text(text)
    except ValueError as err:
        head = _("The log cannot be read:")
        return html_error(str(err), head=head), f"{head} {err}"
    lines = format_report(report).splitlines()
    broken = {format_violation(v) for v in report.violations}  # shown red, in any language
    broken |= {str(err) for err in report.errors}
    if stats:  # after the report, never instead of it; a test it cannot make is noted
        tests, notes = stats_report(report)
        lines += [format_stat_test(t) for t in tests] + notes
    # the verdict: clean, or how many rules are broken and the first of them
    verdict = lines[0] if not report.violations else f"{lines[0]} {lines[1].strip()}"
    rest = lines[1:] if not report.violations else lines[2:]
    body = "".join(
        (
            f"<div class='camelot-error' style='color:#a40000'>{html.escape(line)}</div>"
            if line.strip() in broken
            else f"<div style='color:inherit'>{html.escape(line)}</div>"
        )
        for line in rest
    )
    return html_answer(verdict, body, []), "\n".join([verdict, *rest])


class PlaylogWidget(W.VBox):  # type: ignore[misc]
    """A text area for the log and a Check button; the report is in ``.result``;
    ``.language`` chooses the language of the labels and the report."""

    def __init__(self, text: str = "") -> None:
        self.log_text = W.Textarea(
            value=text,
            placeholder="setup players=5 expansion=yes\n...",
            layout={"width": "700px", "max_width": "100%", "height": "220px"},
        )
        self.check = tr(W.Button(), description=N_("Check the log"))
        self.check.add_class("playlog-check")
        self.result = result_box("playlog-result")
        self.text = ""
        self.check.on_click(self._update)
        self.language = language_box(self)
        super().__init__([self.log_text, row([self.check, self.language]), self.result])
        if text:
            self._update()

    def _update(self, _button: object = None) -> None:
        self.result.value, self.text = safe_render(lambda: render_playlog(self.log_text.value))


def build_playlog_widget(text: str = "") -> PlaylogWidget:
    """Return a ready play-log widget (optionally with a log already pasted)."""
    return PlaylogWidget(text)
