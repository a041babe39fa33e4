"""The siege widget: a hand of Fight cards, the options, and the best ways to fight."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as W

from camelot_rules.base.checks import check_bool, check_instance
from camelot_rules.base.i18n import N_, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.data.names import display_name
from camelot_rules.front.display import (
    exact_fractions,
    fmt_expectation,
    fmt_fraction,
    fmt_percent,
    fmt_prob,
    html_answer,
    html_bars,
    html_table,
    siege_verdict,
    text_answer,
    text_table,
)
from camelot_rules.logs.tracker import Position
from camelot_rules.odds import siege
from widgets.common import (
    AnswerRepr,
    Rendered,
    exact_box,
    language_box,
    result_box,
    row,
    safe_render,
    show_busy,
    tr,
)
from widgets.tracker import ReadsPosition

__all__ = ["MAX_HAND", "SiegeWidget", "build_siege_widget", "render_siege"]

MAX_HAND = 20  # a hand larger than this is refused (the draw limit is 12, F §1, S6)
# The turn goals, by their English names (the values the widget and ``render_siege`` take;
# translated where shown).
OBJECTIVES = {
    N_("expected engines removed"): None,
    N_("P(remove at least 1)"): 1,
    N_("P(remove both)"): 2,
}


def _check_counts(counts: Mapping[int, object]) -> tuple[int, ...]:
    if not isinstance(counts, Mapping):
        raise ValueError(
            f"counts={counts!r:.80}: expected {{fight value: copies}}, e.g. {{5: 1, 3: 2}}"
        )
    unknown = [v for v in counts if v not in rulebook.FIGHT_VALUES]
    if unknown:
        raise ValueError(
            f"counts: {unknown[0]!r} is not a Fight value; expected {list(rulebook.FIGHT_VALUES)}"
        )
    total = 0
    for v in rulebook.FIGHT_VALUES:
        n = counts.get(v, 0)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"number of Fight {v} cards is {n!r}; expected 0 or more")
        total += n
    if total > MAX_HAND:  # checked before the hand is built
        raise ValueError(f"a hand of {total} Fight cards is more than {MAX_HAND}")
    values: list[int] = []
    for v in rulebook.FIGHT_VALUES:
        values += [v] * int(counts.get(v, 0))  # type: ignore[call-overload]
    return tuple(values)


def _cards(values: tuple[int, ...]) -> str:
    return " + ".join(map(str, values))


def _check_engines(engines: object) -> tuple[int, int] | None:
    if engines is None:
        return None
    top = rulebook.threshold("siege_engines_to_lose")
    if (
        not isinstance(engines, tuple)
        or len(engines) != 2
        or any(isinstance(n, bool) or not isinstance(n, int) for n in engines)
        or not 0 <= engines[0] <= engines[1] <= top
    ):
        raise ValueError(
            f"engines={engines!r:.80}: expected (low, high) siege engines on the board, "
            f"0 <= low <= high <= {top}, or None"
        )
    return (engines[0], engines[1])


def engines_sentence(engines: tuple[int, int]) -> str:
    """The engines on the board, in one sentence for the verdict (rule ``siege.twelfth-engine``:
    the 12th engine on the board loses the game, ES p.11).

    >>> engines_sentence((3, 3))
    '3 siege engines on the board: 9 more lose the game.'
    >>> engines_sentence((0, 0))
    'No siege engine on the board: there is none to fight yet.'
    >>> engines_sentence((4, 5))
    '4-5 siege engines on the board (Merlin may have blocked one): 7 more lose the game.'
    """
    low, high = engines
    more = rulebook.threshold("siege_engines_to_lose") - high
    if high == 0:
        return _("No siege engine on the board: there is none to fight yet.")
    if low == high:
        board = (
            _("1 siege engine on the board")
            if high == 1
            else _("{n} siege engines on the board").format(n=high)
        )
    else:
        board = _("{low}-{high} siege engines on the board (Merlin may have blocked one)").format(
            low=low, high=high
        )
    if more == 1:
        return _("{board}: one more loses the game.").format(board=board)
    return _("{board}: {more} more lose the game.").format(board=board, more=more)


def _verdict(
    hand: tuple[int, ...], plan: siege.TurnPlan, *, excalibur: bool, kay: bool, favor: bool
) -> str:
    """One plain sentence: what to play first and what it gives (ES p.13)."""
    p_first = Fraction(0)
    if plan.first_play is not None:
        rest = list(hand)
        for v in plan.first_play:
            rest.remove(v)
        p_first = siege.siege_win_probability(
            plan.first_play,
            excalibur=excalibur,
            kay_reserve=rest if kay else (),
            divine_favor=favor,
        )
    return siege_verdict(
        plan.first_play,
        p_first,
        turn_value=plan.value,
        at_least=plan.at_least,
        kay=kay,
        hand_empty=not hand,
    )


def render_siege(
    counts: Mapping[int, object],
    *,
    excalibur: bool = False,
    kay: bool = False,
    second_witch: bool = False,
    life: object = 4,
    objective: str = "expected engines removed",
    divine_favor: bool = False,
    exact: bool = False,
    engines: object = None,
) -> Rendered:
    """Return (html, text) for a hand given as {fight value: copies}: a verdict sentence (with
    the siege engines on the board when ``engines`` gives them, as ``(low, high)``), the
    Pareto-optimal ways to fight once (or Sir Kay's splits, with the fight value spent that
    decides between them), a bar chart of P(win), the best plan for the whole turn, and the
    assumptions folded away. ``exact`` prints every fraction whole.

    Rules: ``siege.fight``, ``siege.kay``, ``siege.second-action`` (ES p.13; JA witches, 2nd),
    ``siege.twelfth-engine`` (ES p.11).
    """
    hand = _check_counts(counts)
    board = _check_engines(engines)
    if isinstance(life, bool) or not isinstance(life, int) or not 1 <= life <= 6:
        raise ValueError(f"life left is {life!r}; expected 1-6 (life starts at 4, max 6)")
    if not isinstance(objective, str) or objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}; expected one of {list(OBJECTIVES)}")
    check_bool("exact", exact)
    with exact_fractions(exact):
        return _render(hand, excalibur, kay, second_witch, life, objective, divine_favor, board)


def _yes_no(on: bool) -> str:
    return _("yes") if on else _("no")


def _short_kay() -> str:
    """Sir Kay in a table's header: "Kay" in English, his printed name otherwise."""
    return "Kay" if get_language() == "en" else display_name("kay", "knight")


def _nothing(values: tuple[int, ...]) -> str:
    return _cards(values) or _("nothing")


def _render(
    hand: tuple[int, ...],
    excalibur: bool,
    kay: bool,
    second_witch: bool,
    life: int,
    objective: str,
    divine_favor: bool,
    board: tuple[int, int] | None = None,
) -> Rendered:
    options = [
        "{name}: {shown}".format(
            name=display_name("excalibur"), shown=_("yes (+1)") if excalibur else _("no")
        ),
        "{name}: {shown}".format(name=display_name("kay", "knight"), shown=_yes_no(kay)),
        "{name}: {shown}".format(
            name=display_name("morgan_witch_2"),
            shown=_("in play") if second_witch else _("no"),
        ),
        _("life {n}").format(n=life),
        "{name}: {shown}".format(
            name=display_name("divine_favor"),
            shown=_("played (the next tie wins)") if divine_favor else _("no"),
        ),
    ]
    if board is not None and board[1] == 1 and OBJECTIVES[objective] != 1:
        # one engine to fight: removing it is the whole goal (E[removed] = P(at least 1))
        options.append(
            _(
                "Turn goal: {goal} - one engine on the board (asked: {asked})",
            ).format(goal=_("P(remove at least 1)"), asked=_(objective))
        )
        objective = "P(remove at least 1)"
    if kay:
        splits = [
            s
            for s in siege.kay_splits(hand, excalibur=excalibur, divine_favor=divine_favor)
            if s.pareto
        ]
        headers = [
            _("before the roll"),
            _("{name} keeps").format(name=_short_kay()),
            _("P(win)"),
            "%",
            _("expected cards spent"),
            _("expected fight value spent"),
        ]
        rows = [
            [
                _nothing(s.pre_roll),
                " ".join(map(str, s.reserve)) or "-",
                fmt_fraction(s.p_win),
                fmt_percent(s.p_win),
                fmt_expectation(s.expected_cards_spent),
                fmt_expectation(s.expected_value_spent),
            ]
            for s in splits
        ]
        kay_name = display_name("kay", "knight")
        bars = [(f"{_nothing(s.pre_roll)} | {_short_kay()}", s.p_win) for s in splits]
        table_note = _(
            "{name}'s splits worth making: none wins more often while spending fewer cards "
            "and less fight value on average (Pareto-optimal)"
        ).format(name=kay_name)
    else:
        choices = [
            c
            for c in siege.siege_choices(hand, excalibur=excalibur, divine_favor=divine_favor)
            if c.pareto
        ]
        headers = [
            _("play"),
            _("total"),
            _("P(win)"),
            "%",
            _("cards"),
            _("expected life lost"),
        ]
        rows = [
            [
                _nothing(c.cards),
                str(c.total),
                fmt_fraction(c.p_win),
                fmt_percent(c.p_win),
                str(c.cards_spent),
                fmt_expectation(c.expected_life_lost),
            ]
            for c in choices
        ]
        bars = [(_nothing(c.cards), c.p_win) for c in choices]
        table_note = _(
            "One fight: the choices worth making (none wins more often with fewer cards; "
            "Pareto-optimal)"
        )
    plan = siege.best_turn(
        hand,
        excalibur=excalibur,
        kay=kay,
        second_witch=second_witch,
        life=life,
        at_least=OBJECTIVES[objective],
        divine_favor=divine_favor,
    )
    verdict = _verdict(hand, plan, excalibur=excalibur, kay=kay, favor=divine_favor)
    if board is not None and board[1] == 0:
        verdict = f"{engines_sentence(board)} {_('For the next one:')} {verdict}"
    elif board is not None:
        verdict = f"{verdict} {engines_sentence(board)}"
    first = (
        _("do not fight")
        if plan.first_play is None
        else (_cards(plan.first_play) or _("no cards before the roll"))
    )
    value = fmt_prob(plan.value) if plan.at_least else fmt_expectation(plan.value)
    turn_rows = [
        [str(e), str(lost), fmt_fraction(p), fmt_percent(p)]
        for (e, lost), p in sorted(plan.outcomes.items())
    ]
    turn_headers = [_("engines removed"), _("life lost"), "P", "%"]
    goal = (
        _("expected engines removed")
        if plan.at_least is None
        else _("P(at least {n})").format(n=plan.at_least)
    )
    turn_line = _("Whole turn ({goal}): first fight {first}; value {value}").format(
        goal=goal, first=first, value=value
    )
    assumes = [
        _("Hand: {cards}").format(cards=" ".join(map(str, hand)) or _("no Fight cards")),
        *options,
        _(
            "Rule: the Fight total must beat one eight-sided die roll (ES p.13); a second fight "
            "costs 1 life, not while the Second Witch is in play (JA witches, 2nd)"
        ),
        _("Excalibur's +1 is a MED-confidence fact (F §4)"),
    ]
    body = (
        f"<div><b>{table_note}</b></div>"
        + html_table(headers, rows, css="siege-choices")
        + html_bars(bars)
        + f"<div><b>{turn_line}</b></div>"
        + html_table(turn_headers, turn_rows, css="siege-turn")
    )
    text_body = (
        table_note
        + "\n"
        + text_table(headers, rows)
        + f"\n{turn_line}\n"
        + text_table(turn_headers, turn_rows)
    )
    return html_answer(verdict, body, assumes), text_answer(verdict, text_body, assumes)


class SiegeWidget(AnswerRepr, ReadsPosition, W.VBox):  # type: ignore[misc]
    """Counts of Fight 1..5, toggles, and the result (``.result``, CSS class siege-result).
    ``use_position`` reads the game tracker's position: the engines on the board (in the
    verdict), the Second Witch in play, Sir Kay when it is his turn. ``.language`` chooses the
    language of the labels and the answer (English, 日本語, Español)."""

    def __init__(self, counts: Mapping[int, int] | None = None, **options: Any) -> None:
        self.engines: tuple[int, int] | None = options.get("engines")
        self._holding = False
        self.tracker_note = W.HTML()
        counts = dict(counts or {5: 1, 4: 1, 3: 1})
        self.fights = {
            v: W.BoundedIntText(
                value=counts.get(v, 0),
                min=0,
                max=MAX_HAND,
                style={"description_width": "initial"},
                layout={"width": "auto", "max_width": "170px"},
            )
            for v in rulebook.FIGHT_VALUES
        }
        self.excalibur = W.Checkbox(value=options.get("excalibur", False))
        self.kay = W.Checkbox(value=options.get("kay", False))
        self.second_witch = W.Checkbox(value=options.get("second_witch", False))
        self.divine_favor = W.Checkbox(value=options.get("divine_favor", False))
        self.life = tr(
            W.BoundedIntText(
                value=options.get("life", 4),
                min=1,
                max=6,
                style={"description_width": "initial"},
                layout={"width": "auto", "max_width": "170px"},
            ),
            description=N_("Life left"),
        )
        self.exact = exact_box(options.get("exact", False))
        self.objective = tr(
            W.Dropdown(
                options=list(OBJECTIVES),
                value=options.get("objective", "expected engines removed"),
                style={"description_width": "initial"},
                layout={"width": "auto", "max_width": "100%"},  # room for the longest goal
            ),
            description=N_("Turn goal"),
            options=[(goal, goal) for goal in OBJECTIVES],
        )
        self._label_names()
        self.result = result_box("siege-result")
        self.text = ""
        self.language = language_box(self)
        controls = [
            *self.fights.values(),
            self.excalibur,
            self.kay,
            self.second_witch,
            self.divine_favor,
            self.life,
            self.objective,
            self.exact,
        ]
        for control in controls:
            control.observe(self._update, names="value")
        super().__init__(
            [
                row(list(self.fights.values())),
                row([self.excalibur, self.kay, self.second_witch, self.divine_favor]),
                row([self.life, self.objective, self.exact, self.language]),
                self.tracker_note,
                self.result,
            ],
            layout={"max_width": "100%"},
        )
        self.add_class("camelot-siege")
        self._update()

    def _label_names(self) -> None:
        """The labels that are card and knight names, in the language in force (names.py)."""
        for v, box in self.fights.items():
            box.description = display_name(f"fight_{v}")
        self.excalibur.description = display_name("excalibur")
        self.kay.description = display_name("kay", "knight")
        self.second_witch.description = _("{witch} in play").format(
            witch=display_name("morgan_witch_2")
        )
        self.divine_favor.description = _("{card} played").format(card=display_name("divine_favor"))

    def use_position(self, pos: Position) -> None:
        """Read the tracker's position: the engines on the board go into the verdict; the
        Second Witch in play, Sir Kay's turn, Excalibur in the hands of the knight whose turn it
        is, Divine Favor in play and his life points set their boxes (the hand stays as typed:
        the tracker does not see the cards in a knight's hand).

        Rules: ``siege.twelfth-engine``, ``siege.second-action``, ``siege.kay``.
        """
        check_instance("pos", pos, Position)
        self._holding = True
        try:
            self.engines = pos.engines
            self.second_witch.value = "morgan_witch_2" in pos.witches
            self.kay.value = pos.turn == "kay"
            self.excalibur.value = bool(pos.turn) and pos.holder("excalibur") == pos.turn
            self.divine_favor.value = "divine_favor" in pos.lasting
            if pos.turn:
                life = pos.life_of(pos.turn)
                self.life.value = max(self.life.min, min(self.life.max, life))
        finally:
            self._holding = False
        self._note_position(pos, _("Set the hand above: the tracker does not see it"))
        self._update()

    def _update(self, _change: object = None) -> None:
        if self._holding:
            return
        self._label_names()  # names follow a change of language too (rerender calls this)
        show_busy(self.result)  # a large hand or a long horizon takes a second
        self.result.value, self.text = safe_render(
            lambda: render_siege(
                {v: w.value for v, w in self.fights.items()},
                excalibur=self.excalibur.value,
                kay=self.kay.value,
                second_witch=self.second_witch.value,
                divine_favor=self.divine_favor.value,
                life=self.life.value,
                objective=self.objective.value,
                exact=self.exact.value,
                engines=self.engines,
            )
        )


def build_siege_widget(counts: Mapping[int, int] | None = None, **options: Any) -> SiegeWidget:
    """Return a ready siege widget (display it in a notebook)."""
    return SiegeWidget(counts, **options)
