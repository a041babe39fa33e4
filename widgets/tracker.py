"""The game tracker: record the game at the table, line by line, through the rules; the
calculators read the position from it (the black pile left, the travel deck left, the engines).
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as W

from camelot_rules.cards import Deck
from camelot_rules.checks import check_instance, check_int
from camelot_rules.display import fmt_prob, html_answer, text_answer
from camelot_rules.draws import draw_probability
from camelot_rules.tracker import GameRecord, Position
from camelot_rules.travel import next_trip_risk
from widgets.common import Rendered, result_box, safe_render

__all__ = [
    "ReadsPosition",
    "TrackerWidget",
    "build_tracker_widget",
    "gone_text",
    "render_tracker",
]

_MORGANS = ("morgan_1", "morgan_2", "morgan_3", "morgan_4", "morgan_5")
_WITCHES = tuple(f"morgan_witch_{i}" for i in range(1, 8))


def gone_text(box: Deck, left: Deck) -> str:
    """The cards of ``box`` no longer in ``left``, as the calculators' text boxes read them.

    >>> gone_text(Deck({"vision": 3, "captured": 2}), Deck({"vision": 1, "captured": 2}))
    'vision: 2'
    """
    gone = box.minus(left)
    return ", ".join(f"{card}: {n}" for card, n in gone.items())


class ReadsPosition:
    """Mixin for a calculator that reads the game tracker's position: ``follow(source)`` puts a
    "From the game tracker" button on top of the widget; a click reads ``source()`` (the
    tracker's :class:`~camelot_rules.tracker.Position`) and hands it to ``use_position``,
    which the calculator defines (the position's piles become its inputs)."""

    children: tuple[object, ...]
    tracker_note: W.HTML
    _position_source: Callable[[], Position]

    def use_position(self, pos: Position) -> None:  # pragma: no cover - each widget defines it
        raise NotImplementedError

    def _note_position(self, pos: Position, extra: str = "") -> None:
        self.tracker_note.value = (
            "<div class='camelot-tracker-note' style='color:#555'>From the game tracker: "
            + html.escape(pos.summary())
            + "."
            + (f" {html.escape(extra)}." if extra else "")
            + "</div>"
        )

    def follow(self, source: Callable[[], Position]) -> W.Button:
        """Add the "From the game tracker" button (reads ``source()`` on each click); a second
        call only changes where the button reads from."""
        self._position_source = source
        existing: W.Button | None = getattr(self, "_tracker_button", None)
        if existing is not None:
            return existing
        button = W.Button(description="From the game tracker", icon="download")
        button.add_class("camelot-from-tracker")

        def read(_button: object = None) -> None:
            try:
                pos = self._position_source()
            except ValueError as err:
                self.tracker_note.value = (
                    f"<div class='camelot-error'>Cannot read the game tracker: "
                    f"{html.escape(str(err))}</div>"
                )
                return
            self.use_position(pos)

        button.on_click(read)
        self._tracker_button = button
        self.children = (
            W.HBox([button], layout={"flex_flow": "row wrap", "max_width": "100%"}),
            *self.children,
        )
        return button


def _odds(pos: Position) -> list[tuple[str, str]]:
    """The calculators on the recorded position: (question, answer)."""
    rows = []
    low, high = pos.engines
    rows.append(
        (
            "siege engines",
            f"{high} on the board; {pos.engines_to_lose} more lose the game"
            if low == high
            else f"{low}-{high} on the board (Merlin may block one)",
        )
    )
    pile = pos.black_left
    if pile.size:
        for label, cards in (("a Morgan card", _MORGANS), ("a witch", _WITCHES)):
            present = [c for c in cards if pile.count(c)]
            if present:
                p = draw_probability(pile, 1, present)
                rows.append((f"next black card is {label}", fmt_prob(p)))
    if pos.travel_left is not None:
        risk = next_trip_risk(pos.travel_left, captured_held=pos.captured_held)
        rows.append(("captured on the next trip", fmt_prob(risk.outcomes["captured"])))
    return rows


def render_tracker(record: GameRecord, *, last: int = 8) -> Rendered:
    """Return (html, text): the position at a glance, the odds the calculators read from it,
    and the last lines recorded."""
    check_instance("record", record, GameRecord)
    check_int("last", last, low=1, high=1000)
    pos = record.position()
    verdict = pos.summary() + "."
    rows = _odds(pos)
    table = "".join(
        f"<tr><td>{html.escape(q)}</td><td><b>{html.escape(a)}</b></td></tr>" for q, a in rows
    )
    recent = record.lines[-last:]
    body = (
        f"<table class='camelot-table'>{table}</table>"
        "<div style='margin-top:6px;color:#555'>last lines:</div><pre style='margin:0'>"
        + html.escape("\n".join(recent))
        + "</pre>"
    )
    assumes = [
        "black pile: the box less the cards drawn since the last rebuild",
        "travel mix: default, assumed (rules-facts travel.counts)",
    ]
    text_body = "\n".join(f"{q}: {a}" for q, a in rows) + "\nlast lines:\n" + "\n".join(recent)
    return html_answer(verdict, body, assumes), text_answer(verdict, text_body, assumes)


class TrackerWidget(W.VBox):  # type: ignore[misc]
    """Record a game: type a line (Enter records it) or use the buttons; Undo takes it back.
    ``.record`` is the :class:`~camelot_rules.tracker.GameRecord`; ``.log_text`` shows its text."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.line = W.Text(
            placeholder="e.g. draw black despair",
            description="Record:",
            continuous_update=False,
            layout={"width": "100%", "max_width": "480px"},
        )
        self.add = W.Button(description="Record", button_style="primary")
        self.next_turn = W.Button(description="Next turn")
        self.evil = W.ToggleButtons(options=["engine", "black", "life"], value=None)
        self.undo = W.Button(description="Undo", icon="undo")
        self.message = W.HTML()
        self.result = result_box("tracker-result")
        self.log_text = W.Textarea(
            layout={"width": "100%", "max_width": "480px", "height": "140px"}
        )
        self.load = W.Button(description="Load this log")
        self.text = ""
        self.add.on_click(lambda _b: self.record_line(self.line.value))
        self.line.observe(self._submitted, names="value")  # on Enter or leaving the box
        self.next_turn.on_click(lambda _b: self._next())
        self.evil.observe(self._evil, names="value")
        self.undo.on_click(lambda _b: self._undo())
        self.load.on_click(lambda _b: self._load())
        box = {"flex_flow": "row wrap"}
        super().__init__(
            [
                W.HBox([self.line, self.add], layout=box),
                W.HBox([self.next_turn, W.Label("evil step:"), self.evil, self.undo], layout=box),
                self.message,
                self.result,
                W.HTML("<b>The play log</b> (copy it to save; paste one and load it):"),
                self.log_text,
                self.load,
            ],
            layout={"max_width": "100%"},
        )
        self._show()

    def record_line(self, line: str) -> None:
        """Record ``line``; a refused line is explained in place and nothing changes."""
        try:
            self.record.add(line)
        except ValueError as err:
            self.message.value = (
                f"<div class='camelot-error' style='color:#a40000'>Not recorded: "
                f"{html.escape(str(err))}</div>"
            )
            return
        self.message.value = f"<div style='color:#2a6'>Recorded: {html.escape(line.strip())}</div>"
        self.line.value = ""
        self._show()

    def _submitted(self, change: dict[str, object]) -> None:
        if str(change["new"]).strip():
            self.record_line(str(change["new"]))

    def _next(self) -> None:
        try:
            self.record_line(f"turn {self.record.next_turn()}")
        except ValueError as err:
            self.message.value = f"<div class='camelot-error'>{html.escape(str(err))}</div>"

    def _evil(self, change: dict[str, object]) -> None:
        if change["new"] is None:
            return
        turn = self.record.position().turn
        if not turn:
            self.message.value = "<div class='camelot-error'>Start a turn first (Next turn).</div>"
        else:
            self.record_line(f"evil {turn} {change['new']}")
        self.evil.value = None

    def _undo(self) -> None:
        try:
            gone = self.record.undo()
        except ValueError as err:
            self.message.value = f"<div class='camelot-error'>{html.escape(str(err))}</div>"
            return
        self.message.value = f"<div>Taken back: {html.escape(gone)}</div>"
        self._show()

    def _load(self) -> None:
        try:
            self.record = GameRecord(self.log_text.value)
        except ValueError as err:
            self.message.value = (
                f"<div class='camelot-error' style='color:#a40000'>Not loaded: "
                f"{html.escape(str(err))}</div>"
            )
            return
        self.message.value = "<div>Loaded.</div>"
        self._show()

    def feed(self, *calculators: ReadsPosition) -> None:
        """Give each calculator a "From the game tracker" button that reads this record's
        position (the record loaded last, after a "Load this log")."""
        for calculator in calculators:
            check_instance(
                "calculator", calculator, ReadsPosition, "a siege, travel or deck widget"
            )
            calculator.follow(lambda: self.record.position())

    def _show(self) -> None:
        self.result.value, self.text = safe_render(lambda: render_tracker(self.record))
        self.log_text.value = self.record.text


def build_tracker_widget(
    players: int = 5, *, expansion: bool = True, knights: tuple[str, ...] = ()
) -> TrackerWidget:
    """A tracker for a new game (King Arthur and the first knights of the box by default)."""
    if not knights:
        from camelot_rules import rulebook

        pool = rulebook.KNIGHTS[1:] + (rulebook.EXPANSION_KNIGHTS if expansion else ())
        knights = ("arthur", *pool[: players - 1])
    return TrackerWidget(GameRecord.new(players, expansion=expansion, knights=knights))
