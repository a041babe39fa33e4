"""The graph widget: pick a model and its parameters, explore it, step through its states."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as W
import networkx as nx

from camelot_rules.base.checks import check_bool, check_instance
from camelot_rules.base.i18n import N_, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck
from camelot_rules.data.names import display_name
from camelot_rules.explorer.graph import explore
from camelot_rules.explorer.models import CoinRace, RoundTable, SiegeRace, TravelChain, War
from camelot_rules.explorer.models.combat_race import CombatRace, describe_combat_state
from camelot_rules.explorer.models.endgame import EndgameState
from camelot_rules.explorer.models.quest_race import QuestRace
from camelot_rules.explorer.solver import Solution, solve
from camelot_rules.front.display import (
    exact_fractions,
    fmt_chance,
    fmt_expectation,
    fmt_fraction,
    fmt_prob,
    html_answer,
    html_table,
    text_answer,
    text_table,
)
from camelot_rules.front.parsing import parse_number
from widgets.common import (
    AnswerRepr,
    Rendered,
    exact_box,
    language_box,
    result_box,
    row,
    safe_render,
    show_busy,
    text_box,
    tr,
)

__all__ = [
    "MODELS",
    "Explored",
    "GraphWidget",
    "build_graph_widget",
    "describe_state",
    "explore_model",
    "render_graph",
]

# Explored and solved within a few seconds (a 39,000-state siege race: 3.3 s of CPU; 200,000
# states froze the kernel in the solve for half a minute or more): larger models are refused.
MAX_STATES = 50_000
DRAW_LIMIT = 40


@dataclass(frozen=True)
class ModelInfo:
    factory: Callable[..., Any]
    maximize: str | None
    defaults: str
    about: str
    assumptions: tuple[str, ...] = ()


# Each model by its English name (the widget's value; translated where shown). The about line
# and the assumptions are English too, translated where shown.
MODELS: dict[str, ModelInfo] = {
    N_("Round Table endgame"): ModelInfo(
        RoundTable,
        "loyal_win",
        "players=5, white=4, black=2, max_accusations=2",
        N_("swords, hidden traitors and accusations (ES p.16; JA 7-8 players)"),
        (
            N_("two hidden traitors flip 3 white swords (JA and one independent review; MED-HIGH)"),
            N_("the 9-card loyalty deck is 7 loyal + 2 traitors (inferred, F §3a)"),
            N_("quest results per round and the traitor's sabotage are parameters"),
        ),
    ),
    N_("Siege race"): ModelInfo(
        SiegeRace,
        "loyal_win",
        "engines=8, quest_target=3, hand_size=5",
        N_("engines vs quest progress, fight with dealt-hand odds (ES p.11, p.13)"),
        (
            N_("the evil-progression choice is a fixed chance to add an engine (p_engine)"),
            N_("expansion white counts are LOW-confidence when expansion=True"),
        ),
    ),
    N_("War (Picts or Saxons)"): ModelInfo(
        War,
        None,
        "party=2, players=5, hand_size=4",
        N_("warriors vs the 1-5 straight (F §6)"),
        (
            N_("each attempt to lay the next card is a fresh dealt-hand chance"),
            N_("Mercenaries join this war with mercenaries_here (a parameter)"),
        ),
    ),
    N_("Travel chain"): ModelInfo(
        TravelChain,
        None,
        "trips=4",
        N_("travel cards until Captured! (JA travel rules)"),
        (N_("travel mix: default, assumed (UNVERIFIED counts)"),),
    ),
    N_("Quest race (Grail, war, Excalibur)"): ModelInfo(
        QuestRace,
        "won",
        "quest=grail, players=4, turns=6, engines=1",
        N_(
            "a quest's cards against the black deck, turn by turn, with the choice to add a "
            "siege engine instead of drawing (BoQ pp.8-10, p.16)"
        ),
        (
            N_("the knights on the quest never draw white cards; no reshuffle within the turns"),
            N_("Merlin cancels, Excalibur's sacrifice and a second action for a life are ignored"),
        ),
    ),
    N_("Combat quest (Black Knight, Lancelot, Dragon)"): ModelInfo(
        CombatRace,
        "won",
        "quest=black_knight, whites=4+4, black_laid=2, hand=1+1+5, schedule=awbw",
        N_(
            "Fight cards laid from the hand against black combat cards, step by step (w: the "
            "knights may lay a card, b: a black card lands, a: the Armor's holder draws it); a "
            "tie loses unless divine_favor=yes (RB p.14; BoQ pp.5-7, p.14; JA Divine Favor)"
        ),
        (
            N_(
                "black cards come only from the quest's own combat cards; other black cards ignored"
            ),
            N_("the hand is every Fight card the knights will have (no white draws modelled)"),
            N_("the card under the pile (Armor) does not come back before the quest ends"),
        ),
    ),
    N_("Coin race (tiny example)"): ModelInfo(
        CoinRace, None, "target=2", N_("a teaching example, no game rule")
    ),
}

# The models' outcomes and moves, as the models name them (shown as they are in English).
_WORDS = (
    N_("loyal_win"),
    N_("evil_win"),
    N_("holding"),
    N_("won"),
    N_("lost"),
    N_("undecided"),
    N_("safe"),
    N_("captured"),
    N_("heads_first"),
    N_("tails_first"),
    N_("heads"),
    N_("tails"),
    N_("accuse"),
    N_("quest"),
    N_("fight"),
    N_("draw a black card"),
    N_("add a siege engine instead"),
    N_("lay no card"),
)


def _travel(kind: str) -> str:
    """A travel card by its printed name."""
    return display_name(kind)


# The outcomes named like ids, in English words (the other languages' catalogs translate the
# ids themselves).
_ENGLISH = {
    "loyal_win": "the loyal knights win",
    "evil_win": "evil wins",
    "heads_first": "heads first",
    "tails_first": "tails first",
}


def _word(value: object) -> str:
    """A model's outcome or move in the language in force (as it is when not in the catalog).

    >>> _word("loyal_win")
    'the loyal knights win'
    """
    text = str(value)
    if text.startswith("lay Fight ") and text[10:].isdigit():
        return _("lay Fight {v}").format(v=text[10:])
    if get_language() == "en":
        return _ENGLISH.get(text, text)
    return _(text) if text in _WORDS else text


def _parse_params(text: str) -> dict[str, object]:
    params: dict[str, object] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, raw = part.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name.isidentifier():
            raise ValueError(
                _("{part}: expected name=value, e.g. players=5").format(part=repr(part.strip()))
            )
        if raw in ("True", "true", "yes"):
            params[name] = True
        elif raw in ("False", "false", "no"):
            params[name] = False
        elif raw in ("None", "none"):
            params[name] = None
        else:
            try:  # bounded: Fraction("1e-99999999") would freeze the kernel
                value = parse_number(raw, signed=True)
            except ValueError:
                params[name] = raw  # a name (side=picts); the model checks it
                continue
            params[name] = int(value) if value.denominator == 1 and "/" not in raw else value
    return params


@dataclass
class Explored:
    """A model explored and solved, kept by the widget while the user steps through it."""

    name: str
    model: Any
    graph: nx.DiGraph
    solution: Solution


def explore_model(name: str, params: str) -> Explored:
    """Build, explore and solve the named model with ``params`` ("name=value, ...")."""
    if name not in MODELS:
        raise ValueError(
            _("unknown model {name}; expected one of {models}").format(
                name=repr(name), models=list(MODELS)
            )
        )
    info = MODELS[name]
    try:
        model = info.factory(**_parse_params(params))
    except TypeError as err:
        raise ValueError(
            _("bad parameter for {model}: {error}").format(model=_(name), error=err)
        ) from None
    graph = explore(model, max_states=MAX_STATES)
    return Explored(name, model, graph, solve(graph, maximize=info.maximize, progress=False))


def _describe(model: Any) -> str:
    """The model and its parameters in one line (decks by size, every value shown)."""
    if not dataclasses.is_dataclass(model):
        return repr(model)
    parts = []
    for f in dataclasses.fields(model):
        value = getattr(model, f.name)
        if isinstance(value, Deck):
            text = f"{value.size} cards"
        elif isinstance(value, Fraction):
            text = str(value)
        else:
            text = repr(value)
        parts.append(f"{f.name}={text}")
    return f"{type(model).__name__}({', '.join(parts)})"


def _fractions(values: tuple[Fraction, ...]) -> str:
    return ", ".join(f"{i}: {fmt_fraction(p)}" for i, p in enumerate(values))


def describe_state(name: str, state: Hashable) -> str:
    """A state of the named model in words (never a Python repr), in the language in force.

    >>> describe_state("Siege race", (8, 0, 0, "evil"))
    '8 siege engines, quest progress 0, turn 0, the evil step'
    >>> describe_state("Coin race (tiny example)", ("heads_first",))
    'over: heads first'
    """
    if isinstance(state, tuple) and len(state) == 1:
        return _("over: {outcome}").format(outcome=_word(state[0]))
    if isinstance(state, EndgameState):
        text = _(
            "{white} white swords, {black} black; {accused} accusation(s) made, {revealed} "
            "player(s) revealed; hidden traitors (number: chance) {belief}; phase: {phase}"
        ).format(
            white=state.white,
            black=state.black,
            accused=state.accused,
            revealed=state.revealed,
            belief=_fractions(state.belief),
            phase=state.phase,
        )
        if state.result:
            text += _("; result: {result}").format(result=_word(state.result))
        return text
    if not isinstance(state, tuple):
        return str(state)
    if name == "Siege race" and len(state) == 4:
        engines, progress, turn, phase = state
        step = _("the evil step") if phase == "evil" else _("phase: {phase}").format(phase=phase)
        return _("{engines} siege engines, quest progress {progress}, turn {turn}, {step}").format(
            engines=engines, progress=progress, turn=turn, step=step
        )
    if name == "War (Picts or Saxons)" and len(state) == 4:
        laid, warriors, turn, step = state
        if step == 0:
            return _(
                "{laid} card(s) of the straight laid, {warriors} warrior(s); knight {knight}'s "
                "evil step"
            ).format(laid=laid, warriors=warriors, knight=turn + 1)
        return _(
            "{laid} card(s) of the straight laid, {warriors} warrior(s); knight {knight}'s "
            "turn to lay"
        ).format(laid=laid, warriors=warriors, knight=turn + 1)
    if name.startswith("Combat quest") and len(state) > 14:
        return describe_combat_state(state)
    if name == "Travel chain" and len(state) == 2:
        pile, trips = state
        left = ", ".join(f"{_travel(k)} {n}" for k, n in zip(rulebook.TRAVEL_KINDS, pile) if n)
        return _("travel cards left: {left}; trips counted {trips}").format(
            left=left or _("none (reshuffle next)"), trips=trips
        )
    if name == "Coin race (tiny example)" and len(state) == 2:
        return _("heads {heads}, tails {tails}").format(heads=state[0], tails=state[1])
    return ", ".join(map(str, state))


def _outcome_name(name: str, outcome: object) -> str:
    if name == "Travel chain" and isinstance(outcome, int):
        return _travel(rulebook.TRAVEL_KINDS[outcome])
    return _word(outcome)


def _label(explored: Explored, state: Hashable, nxt: Hashable) -> str:
    edge = explored.graph.edges[state, nxt]
    where = describe_state(explored.name, nxt)
    if "prob" in edge:
        return _("chance {p} -> {where}").format(p=fmt_prob(edge["prob"]), where=where)
    return f"{_outcome_name(explored.name, edge['action'])} -> {where}"


def successors(explored: Explored, state: Hashable) -> list[tuple[str, Hashable]]:
    """(label, state) for each way on from ``state``."""
    return [(_label(explored, state, t), t) for t in explored.graph.adj[state]]


def _drawing(graph: nx.DiGraph, current: Hashable) -> str:
    from matplotlib.figure import Figure  # not pyplot: the notebook's backend stays as it is

    from camelot_rules.front.fonts import language_fonts

    with language_fonts():  # a Japanese title needs a font with kana and kanji
        return _draw_svg(graph, current, Figure)


def _draw_svg(graph: nx.DiGraph, current: Hashable, figure: Any) -> str:
    colours = {"chance": "#f0c05a", "decision": "#4a78b5", "terminal": "#6aa86a"}
    fig = figure(figsize=(5.6, 3.8))
    ax = fig.subplots()
    pos = nx.spring_layout(graph, seed=1)
    nx.draw_networkx(
        graph,
        pos,
        ax=ax,
        with_labels=False,
        node_size=160,
        arrowsize=8,
        node_color=[colours[graph.nodes[n]["kind"]] for n in graph],
        edgecolors=["#a40000" if n == current else "#333" for n in graph],
    )
    labels = {(s, t): str(d["prob"]) for s, t, d in graph.edges(data=True) if "prob" in d}
    nx.draw_networkx_edge_labels(graph, pos, edge_labels=labels, font_size=6, ax=ax)
    ax.set_axis_off()
    ax.set_title(_("chance (yellow), decision (blue), terminal (green); red ring: current"))
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    svg = svg[svg.index("<svg") :]
    return svg.replace("<svg ", "<svg style='max-width:100%;height:auto' ", 1)  # phone width


def render_graph(
    explored: Explored, state: Hashable, *, draw: bool = True, exact: bool = False
) -> Rendered:
    """Return (html, text) for the explored model seen from ``state``: a verdict sentence (the
    best move and the chance of the maximised outcome, or every outcome's chance), the state in
    words, the outcome table, a drawing of small graphs, and the model and its assumptions
    folded away. ``exact`` prints every fraction whole."""
    check_instance("explored", explored, Explored, "an Explored (from explore_model)")
    check_bool("draw", draw)
    graph = explored.graph
    try:
        known = state in graph
    except TypeError:  # unhashable: not a state
        known = False
    if not known:
        raise ValueError(
            _("state={state} is not a state of the explored {model}").format(
                state=f"{state!r:.80}", model=_(explored.name)
            )
        )
    check_bool("exact", exact)
    with exact_fractions(exact):
        return _render(explored, state, draw)


def _verdict(explored: Explored, state: Hashable) -> str:
    graph, sol = explored.graph, explored.solution
    info = MODELS[explored.name]
    kind = graph.nodes[state]["kind"]
    values = sol.values[state]
    if kind == "terminal":
        return _("The game is over here: {outcome}.").format(
            outcome=_word(graph.nodes[state]["outcome"])
        )
    if info.maximize is not None and info.maximize in values:
        head = _("Playing best from here, {goal}: {chance}.").format(
            goal=_word(info.maximize), chance=fmt_chance(values[info.maximize])
        )
        if kind == "decision":
            best = _outcome_name(explored.name, sol.best_action(graph, state))
            head = _("Best move: {move}.").format(move=best) + " " + head
        return head
    parts = [
        f"{_word(o)} {fmt_chance(p)}" for o, p in sorted(values.items(), key=lambda kv: -kv[1])
    ]
    return _("From here: {chances}.").format(chances="; ".join(parts))


def _render(explored: Explored, state: Hashable, draw: bool) -> Rendered:
    graph, sol = explored.graph, explored.solution
    info = MODELS[explored.name]
    kind = graph.nodes[state]["kind"]
    values = sol.values[state]
    rows = [[_word(o), fmt_prob(p)] for o, p in values.items()]
    current = {
        "chance": N_("current state: {state} (chance)"),
        "decision": N_("current state: {state} (decision)"),
        "terminal": N_("current state: {state} (terminal)"),
    }
    lines = [
        _("states: {states}, edges: {edges}").format(
            states=graph.number_of_nodes(), edges=graph.number_of_edges()
        ),
        _(current[kind]).format(state=describe_state(explored.name, state)),
    ]
    if kind == "decision":
        best = _outcome_name(explored.name, sol.best_action(graph, state))
        lines.append(
            _("best move here (maximising {goal}): {move}").format(
                goal=_word(info.maximize), move=best
            )
        )
    elif kind == "terminal":
        lines.append(
            _("the game is over: {outcome}").format(outcome=_word(graph.nodes[state]["outcome"]))
        )
    steps = sol.steps[state]
    lines.append(
        _("expected moves to the end: {moves}").format(
            moves=_("never ends for sure") if steps is None else fmt_expectation(steps)
        )
    )
    assumes = [
        f"{_(explored.name)}: {_(info.about)}",
        _("model: {model}").format(model=_describe(explored.model)),
        *(_("assumption: {text}").format(text=_(a)) for a in info.assumptions),
    ]
    headers = [_("outcome from here"), "P"]
    body = "".join(f"<div>{line}</div>" for line in lines) + html_table(
        headers, rows, css="graph-outcomes"
    )
    if draw and graph.number_of_nodes() <= DRAW_LIMIT:
        body += f"<div style='max-width:100%;overflow-x:auto'>{_drawing(graph, state)}</div>"
    elif draw:
        body += "<div>{}</div>".format(
            _("(drawing shown for graphs of at most {n} states)").format(n=DRAW_LIMIT)
        )
    verdict = _verdict(explored, state)
    text_body = "\n".join(lines) + "\n" + text_table(headers, rows)
    return html_answer(verdict, body, assumes), text_answer(verdict, text_body, assumes)


class GraphWidget(AnswerRepr, W.VBox):  # type: ignore[misc]
    """Model, parameters, step controls; the result is in ``.result`` (class graph-result).
    ``.language`` chooses the language of the labels and the answer."""

    def __init__(self, model: str = "Round Table endgame", params: str | None = None) -> None:
        style = {"description_width": "initial"}
        self.model = tr(
            W.Dropdown(
                options=list(MODELS),
                value=model,
                style=style,
                layout={"width": "100%", "max_width": "460px"},
            ),
            description=N_("Model"),
            options=[(name, name) for name in MODELS],
        )
        self.params = tr(
            text_box(params if params is not None else MODELS[model].defaults, "", style=style),
            description=N_("Parameters"),
            placeholder=N_("name=value, ... (press Enter)"),
        )
        self.next = tr(
            W.Dropdown(
                options=[],
                style=style,
                layout={"width": "100%", "max_width": "640px"},
            ),
            description=N_("Step to"),
        )
        self.exact = exact_box()
        self.step = tr(W.Button(), description=N_("Step"))
        self.back = tr(W.Button(), description=N_("Back to start"))
        self.step_note = W.HTML()
        self.step_note.add_class("graph-step-note")
        self.result = result_box("graph-result")
        self.text = ""
        self.explored: Explored | None = None
        self.state: Hashable = None
        self.model.observe(self._model_changed, names="value")
        self.params.observe(self._rebuild, names="value")
        self.step.on_click(self._step)
        self.back.on_click(self._back)
        self.exact.observe(self._redraw, names="value")
        self.language = language_box(self)
        super().__init__(
            [
                row([self.model, self.language]),
                self.params,
                row([self.next, self.step, self.back, self.exact]),
                self.step_note,
                self.result,
            ],
            layout={"max_width": "100%"},
        )
        self._rebuild()

    def _model_changed(self, _change: object = None) -> None:
        self.params.value = MODELS[self.model.value].defaults  # triggers _rebuild if different
        self._rebuild()

    def _rebuild(self, _change: object = None) -> None:
        def build() -> Rendered:
            self.explored = explore_model(self.model.value, self.params.value)
            self.state = self.explored.graph.graph["root"]
            return self._show()

        self.explored = None
        self.next.options = []
        show_busy(self.result)  # exploring and solving can take seconds
        self.result.value, self.text = safe_render(build)

    def _redraw(self, _change: object = None) -> None:
        if self.explored is not None:
            self.result.value, self.text = safe_render(self._show)

    def _show(self) -> Rendered:
        assert self.explored is not None
        options = successors(self.explored, self.state)
        self.next.options = options
        # the first move is chosen (a click steps at once); none left: the buttons say why
        self.next.value = options[0][1] if options else None
        ended = not options
        self.next.disabled = self.step.disabled = ended
        tr(
            self.step,
            tooltip=N_("The game is over here: Back to start")
            if ended
            else N_("Go to the state chosen"),
        )
        self.step_note.value = (
            "<i>{}</i>".format(_("The game is over here: no move is left (Back to start)."))
            if ended
            else ""
        )
        return render_graph(self.explored, self.state, exact=self.exact.value)

    def _step(self, _button: object = None) -> None:
        if self.explored is None or self.next.value is None:
            return
        self.state = self.next.value
        self.result.value, self.text = safe_render(self._show)

    def _back(self, _button: object = None) -> None:
        if self.explored is None:
            return
        self.state = self.explored.graph.graph["root"]
        self.result.value, self.text = safe_render(self._show)


def build_graph_widget(
    model: str = "Round Table endgame", params: str | None = None
) -> GraphWidget:
    """Return a ready graph widget."""
    return GraphWidget(model, params)
