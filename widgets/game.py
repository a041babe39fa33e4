"""The whole-game widget: the public board as a picture, the legal moves, a seeded random player.

``render_board`` (:mod:`widgets.board`) draws what one seat may see
(``state.observation(seat)``: swords, siege engines, every quest, the knights, the decks and
that seat's hand) as plain HTML with inline SVG: no JavaScript, no external files, and it fits
a 390px phone screen. ``summarize_board``
says the same in a few lines of text. ``build_game_widget`` wires them to the rules engine.

With Merlin's Company (``expansion=True``) the board also shows the expansion's parts when the
observation has them (JA sections): Merlin's figure, captured knights, the witches that stay
in play, Divine Favor, the travel pile and the cards removed from the game.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from camelot_rules.base.i18n import N_, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.names import display_name
from camelot_rules.data.rulebook import threshold
from camelot_rules.front.display import fmt_prob, html_error
from camelot_rules.front.steps import cause_text, note_text, seat_text, step_text
from widgets.board import example_observation, render_board, render_step
from widgets.board_words import (
    PHASES,
    WITCHES,
    black_text,
    by_seat,
    card_name,
    check_observation,
    expansion_of,
    lancelot_dragon_of,
    list_sep,
    merlin_place,
    quest_of,
    quest_title,
    relic_holders,
    relic_state,
    seat_key,
    seat_names,
    sep,
)
from widgets.common import language_box, result_box, tr

__all__ = [
    "GameWidget",
    "build_game_widget",
    "example_observation",
    "render_board",
    "render_step",
    "summarize_board",
]

MAX_STEPS = 100_000  # "Play to the end" stops with a message after this many steps


def _witch_name(card: str) -> str:
    """A witch in a few letters ("2nd Witch"; the printed name in Japanese and Spanish)."""
    if get_language() == "en":
        return WITCHES.get(card, card).split(":")[0]
    return display_name(card)


def summarize_board(observation: Mapping[str, Any]) -> str:
    """Return the board in a few lines of plain text (what ``render_board`` draws), in the
    language in force.

    >>> print(summarize_board(example_observation()).splitlines()[1])
    Swords: 3 white, 1 black (of 12); siege engines: 4/12
    """
    obs = check_observation(observation)
    quests = obs["quests"]
    names = seat_names(obs)
    turn = seat_key(obs["turn"])
    to_act = obs.get("current_player")
    result = obs.get("result")
    lines = (
        [
            _("Game over: {winner}").format(
                winner=_("the knights win") if result.get("knights_win") else _("evil wins")
            )
            + f" ({cause_text(result.get('cause'))})"
        ]
        if isinstance(result, Mapping)
        else []
    )
    knight = display_name(names.get(turn, "?"), "knight")
    head = (
        _("Turn {n}, {knight} (seat {seat}), phase {phase}")
        if "turn_number" in obs
        else _("{knight} (seat {seat}), phase {phase}")
    ).format(
        n=obs.get("turn_number"),
        knight=knight,
        seat=turn,
        phase=_(PHASES.get(str(obs["phase"]), str(obs["phase"]))),
    )
    if not isinstance(result, Mapping):
        head += (
            _("; to act: seat {seat}").format(seat=to_act)
            if to_act is not None
            else _("; next: chance")
        )
    lines += [
        head,
        _(
            "Swords: {white} white, {black} black (of {total}); siege engines: {engines}/{most}"
        ).format(
            white=obs["white_swords"],
            black=obs["black_swords"],
            total=threshold("swords_to_end"),
            engines=obs["siege_engines"],
            most=threshold("siege_engines_to_lose"),
        ),
    ]

    def here(q: Mapping[str, Any]) -> str:
        seats = q.get("knights", [])
        if not seats:
            return ""
        who = list_sep().join(_("seat {seat}").format(seat=s) for s in seats)
        return _("; knights: {who}").format(who=who)

    bk = quest_of(quests, "black_knight")
    which, ld = lancelot_dragon_of(quests)
    for name, q in (("black_knight", bk), (which, ld)):
        if q is None:
            lines.append(_("Lancelot and the Dragon: over"))
            continue
        white = " ".join(str(v) for v in q.get("white", [])) or "-"
        black = " ".join(black_text(c) for c in q.get("black", [])) or "-"
        lines.append(
            _("{quest}: white {white} | black {black}").format(
                quest=quest_title(name), white=white, black=black
            )
            + here(q)
        )
    ex = quest_of(quests, "excalibur")
    if ex is not None:
        state = (
            _("over, Excalibur {state}").format(state=relic_state(obs, "excalibur"))
            if ex.get("over")
            else _("position {pos}").format(pos=f"{int(ex.get('position', 0)):+d}")
        )
        lines.append(
            _("{label}: {text}").format(label=quest_title("excalibur"), text=state + here(ex))
        )
    gr = quest_of(quests, "grail")
    if gr is not None:
        blacks = list_sep().join(map(card_name, gr.get("blacks", []))) or _("no black cards")
        state = (
            _("over, the Grail {state}").format(state=relic_state(obs, "grail"))
            if gr.get("over")
            else _("{n} grails, {blacks}").format(n=gr.get("grails", 0), blacks=blacks)
        )
        forest = sep() + card_name("dark_forest") if gr.get("dark_forest") else ""
        lines.append(
            _("{label}: {text}").format(label=quest_title("grail"), text=state + forest + here(gr))
        )
    for war in ("picts", "saxons"):
        q = quest_of(quests, war)
        if q is not None:
            mordred = (sep() + card_name("mordred")) if q.get("mordred") else ""
            fights = _("fights 1..{n}").format(n=q["fights"]) if q.get("fights") else _("no fights")
            warriors = _("warriors {n}/{most}").format(
                n=q.get("warriors", 0), most=threshold("war_warriors_to_lose")
            )
            lines.append(
                _("{label}: {text}").format(
                    label=quest_title(war),
                    text=list_sep().join([fights, warriors]) + mordred + here(q),
                )
            )
    life = by_seat(obs["life"], "life")
    where = by_seat(obs["location"], "location")
    dead = {seat_key(s) for s in obs.get("dead", [])}
    revealed = {seat_key(s) for s in obs.get("revealed", [])}
    relics = relic_holders(obs)
    mc = expansion_of(obs)
    knights = []
    for seat in sorted(names, key=str):
        name = display_name(names[seat], "knight")
        if seat in dead:
            knights.append(_("{seat} {knight} dead").format(seat=seat, knight=name))
            continue
        held = "".join(f" +{display_name(r, 'relic')}" for r in relics.get(seat, []))
        shown = _("life {n}").format(n=life[seat]) if seat in life else _("no life")
        if seat in revealed:
            shown += list_sep() + _("unmasked traitor")
        if mc is not None and seat in mc["captured"]:
            shown += list_sep() + _("captured")
        place = quest_title(str(where.get(seat, "?")))
        knights.append(f"{seat} {name} @{place} {shown}{held}")
    lines.append(_("Knights: {knights}").format(knights=sep().join(knights)))
    if mc is not None:
        travel = mc["travel"]
        parts = [
            _("Merlin {place}").format(place=merlin_place(mc["merlin"])),
            _("captured: {who}").format(
                who=list_sep().join(_("seat {seat}").format(seat=s) for s in mc["captured"])
                or _("nobody")
            ),
            _("witches: {witches}").format(
                witches=list_sep().join(_witch_name(w) for w in mc["witches"]) or _("none")
            ),
        ]
        if mc["divine_favor"]:
            parts.append(_("Divine Favor played"))
        if travel is not None:
            parts.append(
                _("travel {draw} (+{discard} discarded)").format(
                    draw=travel["draw"], discard=travel["discard"]
                )
            )
        parts.append(
            _("out of the game: {black} black, {white} white").format(
                black=mc["removed"]["black"], white=mc["removed"]["white"]
            )
        )
        title = display_name("expansion", "term")
        lines.append(_("{label}: {text}").format(label=title, text=sep().join(parts)))
    d = obs["decks"]
    lines.append(
        _(
            "Decks: white {white} (+{white_discard} discarded), "
            "black {black} (+{black_discard} discarded)"
        ).format(
            white=d.get("white_draw"),
            white_discard=d.get("white_discard"),
            black=d.get("black_draw"),
            black_discard=d.get("black_discard"),
        )
    )
    hand = obs.get("hand") or {}
    cards = list_sep().join(f"{card_name(c)} x{n}" for c, n in sorted(hand.items()) if int(n))
    lines.append(_("Hand: {cards}").format(cards=cards) if cards else _("Hand: empty"))
    return "\n".join(lines)


Step = tuple[Any, Any, str, str | None]  # (seat or None for chance, move, note, rule id)


def _record(before: Any, after: Any) -> Step:
    """What the step from ``before`` to ``after`` was: who, the move, the engine's note (empty
    when the step left none) and the rule id. Kept raw: shown in the language in force."""
    who = None if before.is_chance() else before.current_player
    history = after.history()
    note, rule = after.last_step
    fresh = note if note and after.last_step != before.last_step else ""
    return who, history[-1] if history else None, fresh, rule or None


def _describe(step: Step, knights: Sequence[str] = ()) -> tuple[str, str | None]:
    """(who did what - and what came of it, the rule id), in the language in force, each seat
    with its knight (``knights``: the knight of each seat). The engine's note is left out when
    it only restates the move."""
    seat, move, note, rule = step
    if seat is None:
        line = _("chance: {outcome}").format(outcome=step_text(move)) if move else "chance"
    else:
        line = _("seat {seat}: {move}").format(
            seat=seat_text(seat, knights), move=step_text(move, knights=knights)
        )
    if note and note not in (str(move), f"seat {seat}: {move}"):
        line += f" - {note_text(note, move, knights)}"
    return line, rule


def _player_choices(expansion: bool) -> list[int]:
    low = threshold("base_min_players")
    top = threshold("expansion_max_players" if expansion else "base_max_players")
    return list(range(low, top + 1))


class GameWidget(W.VBox):  # type: ignore[misc]
    """Board (``.board``, class game-board), moves, step log (``.log_box``, class game-log) and
    messages (``.message``, class game-message). ``.state`` is the current state, ``.steps``
    the (text, rule id) of every step, ``.text`` the board and the last steps as plain text.

    A new game: tick ``.expansion`` ("Merlin's Company": 3-8 players, JA 7-8 players) or not
    (the base game: 3-7), choose ``.players`` and ``.seed`` and press ``.new_game``.

    Random moves use the engine's ``random_step`` with one ``random.Random(seed)``: a
    uniformly random legal action, or a card or die drawn with its exact probability.
    """

    def __init__(
        self, state: Any = None, *, players: int = 5, seed: int = 1, expansion: bool = False
    ) -> None:
        from camelot_rules import engine

        self.engine = engine
        self.rng = random.Random(seed)
        if state is None:
            state = engine.new_game(players, expansion=expansion, seed=seed)
        self.state = state
        self._steps: list[Step] = []
        self.text = ""
        style = {"description_width": "initial"}
        on = bool(getattr(getattr(state, "cfg", None), "expansion", expansion))
        count = int(getattr(state, "players", players))
        self.expansion = W.Checkbox(
            value=on,
            description=display_name("expansion", "term"),
            indent=False,
            layout={"width": "auto"},
        )
        self.players = tr(
            W.Dropdown(
                options=_player_choices(on),
                value=count,
                style=style,
                layout={"width": "auto", "max_width": "160px"},
            ),
            description=N_("Players"),
        )
        self.seed = tr(
            W.IntText(value=seed, style=style, layout={"width": "auto", "max_width": "170px"}),
            description=N_("Seed"),
        )
        self.new_game = tr(W.Button(), description=N_("New game"))
        self.expansion.observe(self._expansion_changed, names="value")
        self.new_game.on_click(self._new_game)
        self.viewer = tr(
            W.Dropdown(style=style, layout={"width": "auto", "max_width": "300px"}),
            description=N_("Seen by"),
        )
        self.moves = tr(W.Dropdown(style=style, layout={"width": "100%"}), description=N_("Move"))
        self.play = tr(W.Button(button_style="primary"), description=N_("Play"))
        self.random = tr(W.Button(), description=N_("Random move"))
        self.to_end = tr(W.Button(), description=N_("Play to the end"))
        self.message = result_box("game-message")
        self.board = result_box("game-board")
        self.result = self.board  # the answer a language change shows again (rerender)
        self.log_box = result_box("game-log")
        self.language = language_box(self)
        self.play.on_click(self._play)
        self.random.on_click(self._random)
        self.to_end.on_click(self._to_end)
        self.viewer.observe(self._redraw, names="value")
        super().__init__(
            [
                W.HBox(
                    [self.expansion, self.players, self.seed, self.new_game, self.language],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                self.viewer,
                self.moves,
                W.HBox([self.play, self.random, self.to_end], layout={"flex_flow": "row wrap"}),
                self.message,
                self.board,
                self.log_box,
            ],
            layout={"max_width": "660px"},
        )
        self._refresh()

    @property
    def steps(self) -> list[tuple[str, str | None]]:
        """The (text, rule id) of every step played, in the language in force."""
        return [_describe(step, self.state.knights) for step in self._steps]

    def __repr__(self) -> str:
        return f"<game widget: {len(self._steps)} steps played; {self.state!r}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """Where no widget can be drawn (a saved notebook not yet run, the docs, GitHub) the
        output shows the board and the last steps, not a repr (issue 18)."""
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = (
            self.board.value
            + self.log_box.value
            + "<div style='color:#555'>(saved board: run the notebook to play on)</div>"
        )
        return data

    # the choices -------------------------------------------------------------------------------
    def _choices(self) -> list[tuple[str, Any]]:
        if self.state.is_terminal():
            return []
        if self.state.is_chance():
            return [(f"{step_text(x)} ({fmt_prob(p)})", x) for x, p in self.state.chance_outcomes()]
        knights = self.state.knights  # a seat named with its knight ("accuse seat 2 (Sir Kay)")
        return [(step_text(a, knights=knights), a) for a in self.state.legal_actions()]

    def _seat_shown(self) -> int:
        chosen = self.viewer.value
        if isinstance(chosen, int):
            return chosen
        seat = self.state.current_player
        return seat if isinstance(seat, int) else int(self.state.observation(0)["turn"])

    # actions -----------------------------------------------------------------------------------
    def _advance(self, after: Any) -> None:
        self._steps.append(_record(self.state, after))
        self.state = after

    def _guard(self, run: Callable[[], None]) -> None:
        self.message.value = ""
        try:
            run()
        except Exception as err:  # shown in place: players never see a traceback
            self.message.value = html_error(str(err) or type(err).__name__)
        self._refresh()

    def _play(self, _button: object = None) -> None:
        def run() -> None:
            if self.state.is_terminal():
                raise ValueError(_("the game is over; build a new widget to play again"))
            if self.moves.value is None:
                raise ValueError(_("choose a move first"))
            self._advance(self.state.step(self.moves.value))

        self._guard(run)

    def _random(self, _button: object = None) -> None:
        def run() -> None:
            if self.state.is_terminal():
                raise ValueError(_("the game is over; build a new widget to play again"))
            self._advance(self.engine.random_step(self.state, self.rng))

        self._guard(run)

    def _expansion_changed(self, _change: object = None) -> None:
        """Merlin's Company plays 3-8, the base game 3-7 (JA 7-8 players)."""
        choices = _player_choices(bool(self.expansion.value))
        keep = self.players.value if self.players.value in choices else choices[-1]
        self.players.options = choices
        self.players.value = keep

    def _new_game(self, _button: object = None) -> None:
        def run() -> None:
            seed = int(self.seed.value)
            state = self.engine.new_game(
                int(self.players.value), expansion=bool(self.expansion.value), seed=seed
            )
            self.state, self.rng, self._steps = state, random.Random(seed), []

        self._guard(run)

    def _to_end(self, _button: object = None) -> None:
        def run() -> None:
            for _step in range(MAX_STEPS):
                if self.state.is_terminal():
                    return
                self._advance(self.engine.random_step(self.state, self.rng))
            if not self.state.is_terminal():
                raise ValueError(
                    _("the game did not end within {n} steps (MAX_STEPS)").format(n=MAX_STEPS)
                )

        self._guard(run)

    # display -----------------------------------------------------------------------------------
    def _update(self, _change: object = None) -> None:
        """Show the board, the moves and the steps again in the language in force (the move
        chosen stays chosen)."""
        self.expansion.description = display_name("expansion", "term")
        chosen = self.moves.value
        self._refresh()
        if chosen is not None and chosen in [value for _label, value in self.moves.options]:
            self.moves.value = chosen

    def _refresh(self) -> None:
        seats: list[tuple[str, Any]] = [(_("the player to act"), None)]
        seats += [(_("seat {seat}").format(seat=s), s) for s in range(self.state.players)]
        if list(self.viewer.options) != seats:
            chosen = self.viewer.value
            self.viewer.options = seats
            self.viewer.value = chosen if chosen in [v for _l, v in seats] else None
        choices = self._choices()
        self.moves.options = choices
        self.moves.index = 0 if choices else None  # the first move is ready to Play
        over = self.state.is_terminal()
        for button in (self.play, self.random, self.to_end):
            button.disabled = over
        self._redraw()

    def _redraw(self, _change: object = None) -> None:
        try:
            seat = self._seat_shown()
            obs = self.state.observation(seat)
            self.board.value = render_board(obs, seat=seat)
            summary = summarize_board(obs)
        except Exception as err:  # shown in place: players never see a traceback
            self.board.value = html_error(_("cannot draw the board: {error}").format(error=err))
            summary = _("Cannot draw the board: {error}").format(error=err)
        last = [_describe(step, self.state.knights) for step in self._steps[-12:]]
        count = len(self._steps)
        so_far = (_("{n} steps so far, the last ones:") if last else _("{n} steps so far")).format(
            n=count
        )
        self.log_box.value = (
            f"<div style='font-size:smaller;color:#666'>{html.escape(so_far)}</div>"
            + "".join(render_step(t, r) for t, r in last)
        )
        self.text = (
            summary
            + "\n"
            + _("Steps played: {n}").format(n=count)
            + "".join(f"\n  {t}" + (f" [{r}]" if r else "") for t, r in last[-5:])
        )


def build_game_widget(
    state: Any = None, *, players: int = 5, seed: int = 1, expansion: bool = False
) -> GameWidget:
    """Return a ready game widget: ``state``, or a new game of ``players`` dealt with ``seed``
    (the same seed drives the random moves); ``expansion=True`` plays Merlin's Company
    (3-8 players). The widget's own controls start another game, with or without the
    expansion."""
    return GameWidget(state, players=players, seed=seed, expansion=expansion)
