"""The game tracker: record the game at the table, line by line, through the rules engine; the
calculators read the position from it (the black pile left, the travel deck left, the engines,
the cards on each quest, who holds each relic...).
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as W

from camelot_rules.base.checks import check_instance, check_int
from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import Deck
from camelot_rules.data.names import display_name
from camelot_rules.data.rulebook import threshold
from camelot_rules.front.display import fmt_prob, html_answer, text_answer
from camelot_rules.logs.tracker import GameRecord, Position
from camelot_rules.odds.draws import draw_probability
from camelot_rules.odds.travel import next_trip_risk
from widgets.common import Rendered, language_box, result_box, safe_render, tr

__all__ = [
    "ReadsPosition",
    "TrackerWidget",
    "build_tracker_widget",
    "gone_text",
    "render_tracker",
]

_MORGANS = ("morgan_1", "morgan_2", "morgan_3", "morgan_4", "morgan_5")
_WITCHES = tuple(f"morgan_witch_{i}" for i in range(1, 8))
_STARTING_LIFE = threshold("starting_life")
_MAX_LIFE = threshold("max_life")
# The evil step's three choices (ES p.12), as the play log writes them.
_EVIL_STEPS = [(N_("engine"), "engine"), (N_("black"), "black"), (N_("life"), "life")]


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
    tracker's :class:`~camelot_rules.logs.tracker.Position`) and hands it to ``use_position``,
    which the calculator defines (the position's piles become its inputs)."""

    children: tuple[object, ...]
    tracker_note: W.HTML
    _position_source: Callable[[], Position]

    def use_position(self, pos: Position) -> None:  # pragma: no cover - each widget defines it
        raise NotImplementedError

    def _note_position(self, pos: Position, extra: str = "") -> None:
        self.tracker_note.value = (
            "<div class='camelot-tracker-note' style='color:#555'>"
            + html.escape(_("From the game tracker: {position}.").format(position=pos.summary()))
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
        button = tr(
            W.Button(icon="download", layout={"width": "auto"}),
            description=N_("From the game tracker"),
        )
        button.add_class("camelot-from-tracker")

        def read(_button: object = None) -> None:
            try:
                pos = self._position_source()
            except ValueError as err:
                self.tracker_note.value = (
                    "<div class='camelot-error'>"
                    + html.escape(_("Cannot read the game tracker: {why}").format(why=err))
                    + "</div>"
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
            _("siege engines"),
            _("{high} on the board; {more} more lose the game").format(
                high=high, more=pos.engines_to_lose
            )
            if low == high
            else _("{low}-{high} on the board (Merlin may block one)").format(low=low, high=high),
        )
    )
    pile = pos.black_left
    if pile.size:
        for label, cards in (
            (N_("next black card is a Morgan card"), _MORGANS),
            (N_("next black card is a witch"), _WITCHES),
        ):
            present = [c for c in cards if pile.count(c)]
            if present:
                p = draw_probability(pile, 1, present)
                rows.append((_(label), fmt_prob(p)))
    if pos.travel_left is not None:
        risk = next_trip_risk(pos.travel_left, captured_held=pos.captured_held)
        rows.append((_("captured on the next trip"), fmt_prob(risk.outcomes["captured"])))
    return rows


def _life_rows(pos: Position) -> list[tuple[str, str]]:
    """Each knight's life points as the rules give them from the lines, and where he stands
    (dead and unmasked knights say so)."""
    out = []
    where = dict(pos.location)
    for knight, points in pos.life:
        if knight in pos.dead:
            shown = _("dead")
        elif knight in pos.unmasked:
            shown = _("unmasked")
        else:
            place = where.get(knight, "") or "camelot"
            shown = f"{points} / {_MAX_LIFE} - " + (
                "Camelot" if place == "camelot" else display_name(place, "quest")
            )
        out.append((display_name(knight, "knight"), shown))
    return out


def _quest_rows(pos: Position) -> list[tuple[str, str]]:
    """The quests in progress (cards laid, warriors), the relics won, the lasting cards and
    Merlin's figure, as the engine holds them."""
    rows = []
    for quest, values in pos.fights_laid:
        blacks = pos.blacks_on(quest)
        shown = " ".join(map(str, values))
        if blacks:
            shown += " / " + " ".join("?" if b == "hidden" else display_name(b) for b in blacks)
        rows.append((display_name(quest, "quest"), shown))
    for war, warriors in pos.warriors:
        if warriors:
            rows.append((display_name(war, "quest"), _("{n} warrior(s)").format(n=warriors)))
    if pos.grail_cards or pos.blacks_on("grail"):
        rows.append(
            (
                display_name("grail", "quest"),
                _("{n} Grail card(s), {m} black").format(
                    n=pos.grail_cards, m=len(pos.blacks_on("grail"))
                ),
            )
        )
    for relic, holder in pos.relics:
        if holder not in ("quest",):
            shown = _("lost") if holder == "lost" else display_name(holder, "knight")
            rows.append((display_name(relic, "relic"), shown))
    if pos.lasting:
        rows.append((_("in play"), ", ".join(display_name(c.split(":")[0]) for c in pos.lasting)))
    if pos.merlin:
        rows.append((_("Merlin's figure"), display_name(pos.merlin, "quest")))
    return rows


def render_tracker(record: GameRecord, *, last: int = 8) -> Rendered:
    """Return (html, text): the position at a glance, each knight's life, the odds the
    calculators read from it, and the last lines recorded."""
    check_instance("record", record, GameRecord)
    check_int("last", last, low=1, high=1000)
    pos = record.position()
    verdict = _("{position}.").format(position=pos.summary())
    rows = _odds(pos) + _quest_rows(pos)
    table = "".join(
        f"<tr><td>{html.escape(q)}</td><td><b>{html.escape(a)}</b></td></tr>" for q, a in rows
    )
    lives = _life_rows(pos)
    life_html = ""
    if lives:
        life_html = (
            f"<div style='margin-top:6px'><b>{html.escape(_('Life points'))}</b></div>"
            "<table class='camelot-table tracker-life'>"
            + "".join(
                f"<tr><td>{html.escape(k)}</td><td><b>{html.escape(v)}</b></td></tr>"
                for k, v in lives
            )
            + "</table>"
        )
    recent = record.lines[-last:]
    body = (
        f"<table class='camelot-table'>{table}</table>"
        + life_html
        + f"<div style='margin-top:6px;color:#555'>{html.escape(_('last lines:'))}</div>"
        "<pre style='margin:0'>" + html.escape("\n".join(recent)) + "</pre>"
    )
    assumes = [
        _("black pile: the box less the cards drawn since the last rebuild"),
        _("travel mix: default, assumed (rules-facts travel.counts)"),
        _(
            "life, places, quests and piles: the rules engine's, from the lines recorded (a "
            "hand and a choice nobody wrote down stay unknown)"
        ),
    ]
    text_body = (
        "\n".join(f"{q}: {a}" for q, a in rows)
        + (
            "\n" + _("Life points") + ": " + ", ".join(f"{k} {v}" for k, v in lives)
            if lives
            else ""
        )
        + "\n"
        + _("last lines:")
        + "\n"
        + "\n".join(recent)
    )
    return html_answer(verdict, body, assumes), text_answer(verdict, text_body, assumes)


def _message(kind: str, text: str) -> str:
    colour = {"error": "#a40000", "ok": "#2a6", "note": "inherit"}[kind]
    css = " class='camelot-error'" if kind == "error" else ""
    return f"<div{css} style='color:{colour}'>{html.escape(text)}</div>"


class TrackerWidget(W.VBox):  # type: ignore[misc]
    """Record a game: type a line (Enter records it) or use the buttons; Undo takes it back.
    ``.record`` is the :class:`~camelot_rules.logs.tracker.GameRecord`; ``.log_text`` shows its
    text. Life points follow from the lines (the rules engine counts them)."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.line = tr(
            W.Text(
                continuous_update=False,
                layout={"width": "100%", "max_width": "480px"},
            ),
            placeholder=N_("e.g. draw black despair"),
            description=N_("Record:"),
        )
        self.add = tr(W.Button(button_style="primary"), description=N_("Record"))
        self.next_turn = tr(W.Button(), description=N_("Next turn"))
        self.evil = tr(W.ToggleButtons(options=_EVIL_STEPS, value=None), options=list(_EVIL_STEPS))
        self.undo = tr(W.Button(icon="undo"), description=N_("Undo"))
        self.message = W.HTML()
        self.message.add_class("tracker-message")
        self._say: Callable[[], str] | None = None  # the last message, made again on a switch
        self.result = result_box("tracker-result")
        self.log_text = W.Textarea(
            layout={"width": "100%", "max_width": "480px", "height": "140px"}
        )
        self.load = tr(W.Button(), description=N_("Load this log"))
        # "What now?": the advisor on the recorded position (issue 30)
        self.hand = tr(
            W.Text(layout={"width": "100%", "max_width": "480px"}),
            placeholder=N_("e.g. fight_3, fight_4, grail"),
            description=N_("Your hand:"),
        )
        self.budget = tr(W.IntSlider(value=10, min=1, max=60), description=N_("seconds"))
        self.what_now = tr(W.Button(icon="lightbulb-o"), description=N_("What now?"))
        self.advice_progress = W.FloatProgress(value=0.0, min=0.0, max=1.0)
        self.advice = W.HTML()
        self.what_now.on_click(lambda _b: self.advise())
        self.text = ""
        self.add.on_click(lambda _b: self.record_line(self.line.value))
        self.line.observe(self._submitted, names="value")  # on Enter or leaving the box
        self.next_turn.on_click(lambda _b: self._next())
        self.evil.observe(self._evil, names="value")
        self.undo.on_click(lambda _b: self._undo())
        self.load.on_click(lambda _b: self._load())
        box = {"flex_flow": "row wrap"}
        self.language = language_box(self)
        super().__init__(
            [
                self.language,
                W.HBox([self.line, self.add], layout=box),
                W.HBox(
                    [
                        self.next_turn,
                        tr(W.Label(), value=N_("evil step:")),
                        self.evil,
                        self.undo,
                    ],
                    layout=box,
                ),
                self.message,
                self.result,
                tr(
                    W.HTML(),
                    value=N_("<b>The play log</b> (copy it to save; paste one and load it):"),
                ),
                self.log_text,
                self.load,
                tr(
                    W.HTML(),
                    value=N_(
                        "<b>What now?</b> The deciding knight's legal actions ranked by the "
                        "estimated chance that the knights win (games played on by the "
                        "heuristics), and where he should go (exact, this turn):"
                    ),
                ),
                self.hand,
                W.HBox([self.budget, self.what_now, self.advice_progress], layout=box),
                self.advice,
            ],
            layout={"max_width": "100%"},
        )
        self._show()

    def _tell(self, say: Callable[[], str]) -> None:
        """Show the message ``say()`` makes, and keep ``say`` to make it again in another
        language (a language switch shows every message already there in the new one)."""
        self._say = say
        self.message.value = say()

    def record_line(self, line: str) -> None:
        """Record ``line``; a refused line is explained in place and nothing changes."""
        try:
            self.record.add(line)
        except ValueError as err:
            text = self.record.text
            first = str(err)

            def refused() -> str:
                # the rules' own words in the language in force: the same line is refused again
                # by a copy of the record as it stood (the record itself never changes here)
                try:
                    GameRecord(text).add(line)
                except ValueError as again:
                    why = str(again)
                else:  # pragma: no cover - a refused line stays refused
                    why = first
                return _message("error", _("Not recorded: {why}").format(why=why))

            self._tell(refused)
            return
        self._tell(lambda: _message("ok", _("Recorded: {line}").format(line=line.strip())))
        self.line.value = ""
        self._show()

    def _submitted(self, change: dict[str, object]) -> None:
        if str(change["new"]).strip():
            self.record_line(str(change["new"]))

    def _next(self) -> None:
        try:
            self.record_line(f"turn {self.record.next_turn()}")
        except ValueError as err:
            why = str(err)
            self._tell(lambda: _message("error", why))

    def _evil(self, change: dict[str, object]) -> None:
        if change["new"] is None:
            return
        turn = self.record.position().turn
        if not turn:
            self._tell(lambda: _message("error", _("Start a turn first (Next turn).")))
        else:
            self.record_line(f"evil {turn} {change['new']}")
        self.evil.value = None

    def _undo(self) -> None:
        try:
            gone = self.record.undo()
        except ValueError as err:
            why = str(err)
            self._tell(lambda: _message("error", why))
            return
        self._tell(lambda: _message("note", _("Taken back: {line}").format(line=gone)))
        self._show()

    def _load(self) -> None:
        try:
            self.record = GameRecord(self.log_text.value)
        except ValueError as err:
            why = str(err)
            self._tell(lambda: _message("error", _("Not loaded: {why}").format(why=why)))
            return
        self._tell(lambda: _message("note", _("Loaded.")))
        self._show()

    def advise(self, *, seed: int = 0, max_worlds: int = 100_000) -> str:
        """The advisor's answer for the knight deciding in the record, his hand typed in the
        box (:func:`camelot_rules.front.advice.advice_from_log`), shown below the button;
        returned as text ("" when the position cannot be advised: the reason is shown)."""
        from camelot_rules.front.advice import advice_from_log

        hand: dict[str, int] = {}
        for card in (c.strip() for c in self.hand.value.replace(" ", ",").split(",")):
            if card:
                hand[card] = hand.get(card, 0) + 1

        def show(fraction: float, _advice: object) -> None:
            self.advice_progress.value = fraction

        try:
            answer = advice_from_log(
                self.record.text,
                hand=hand or None,
                seconds=float(self.budget.value),
                seed=seed,
                progress=show,
                max_worlds=max_worlds,
            )
        except ValueError as err:
            self.advice.value = _message("error", str(err))
            return ""
        self.advice_progress.value = 1.0
        self.advice.value = (
            "<pre class='camelot-advice' style='white-space:pre-wrap'>"
            + html.escape(answer)
            + "</pre>"
        )
        return answer

    def feed(self, *calculators: ReadsPosition) -> None:
        """Give each calculator a "From the game tracker" button that reads this record's
        position (the record loaded last, after a "Load this log")."""
        for calculator in calculators:
            check_instance(
                "calculator", calculator, ReadsPosition, "a siege, travel, deck or quest widget"
            )
            calculator.follow(lambda: self.record.position())

    def _show(self) -> None:
        if self._say is not None:  # the message in the language in force (after a switch)
            self.message.value = self._say()
        self.result.value, self.text = safe_render(lambda: render_tracker(self.record))
        self.log_text.value = self.record.text


def build_tracker_widget(
    players: int = 5, *, expansion: bool = True, knights: tuple[str, ...] = ()
) -> TrackerWidget:
    """A tracker for a new game (King Arthur and the first knights of the box by default)."""
    if not knights:
        from camelot_rules.data import rulebook

        pool = rulebook.KNIGHTS[1:] + (rulebook.EXPANSION_KNIGHTS if expansion else ())
        knights = ("arthur", *pool[: players - 1])
    return TrackerWidget(GameRecord.new(players, expansion=expansion, knights=knights))
