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

from camelot_rules.analysis import Solution, solve
from camelot_rules.cards import Deck
from camelot_rules.checks import check_bool, check_instance
from camelot_rules.display import fmt_prob, html_table, text_table
from camelot_rules.explore import explore
from camelot_rules.models import CoinRace, RoundTable, SiegeRace, TravelChain, War
from widgets.common import Rendered, result_box, safe_render

__all__ = [
    "MODELS",
    "Explored",
    "GraphWidget",
    "build_graph_widget",
    "explore_model",
    "render_graph",
]

MAX_STATES = 200_000
DRAW_LIMIT = 40


@dataclass(frozen=True)
class ModelInfo:
    factory: Callable[..., Any]
    maximize: str | None
    defaults: str
    about: str
    assumptions: tuple[str, ...] = ()


MODELS: dict[str, ModelInfo] = {
    "Round Table endgame": ModelInfo(
        RoundTable,
        "loyal_win",
        "players=5, white=4, black=2, max_accusations=2",
        "swords, hidden traitors and accusations (ES p.16; JA 7-8 players)",
        (
            "two hidden traitors flip 3 white swords (JA and one independent review; MED-HIGH)",
            "the 9-card loyalty deck is 7 loyal + 2 traitors (inferred, F §3a)",
            "quest results per round and the traitor's sabotage are parameters",
        ),
    ),
    "Siege race": ModelInfo(
        SiegeRace,
        "loyal_win",
        "engines=8, quest_target=3, hand_size=5",
        "engines vs quest progress, fight with dealt-hand odds (ES p.11, p.13)",
        (
            "the evil-progression choice is a fixed chance to add an engine (p_engine)",
            "expansion white counts are LOW-confidence when expansion=True",
        ),
    ),
    "War (Picts or Saxons)": ModelInfo(
        War,
        None,
        "party=2, players=5, hand_size=4",
        "warriors vs the 1-5 straight (F §6)",
        (
            "each attempt to lay the next card is a fresh dealt-hand chance",
            "Mercenaries join this war with mercenaries_here (a parameter)",
        ),
    ),
    "Travel chain": ModelInfo(
        TravelChain,
        None,
        "trips=4",
        "travel cards until Captured! (JA travel rules)",
        ("travel mix: default, assumed (UNVERIFIED counts)",),
    ),
    "Coin race (tiny example)": ModelInfo(
        CoinRace, None, "target=2", "a teaching example, no game rule"
    ),
}


def _parse_params(text: str) -> dict[str, object]:
    params: dict[str, object] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        name, sep, raw = part.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name.isidentifier():
            raise ValueError(f"{part.strip()!r}: expected name=value, e.g. players=5")
        if raw in ("True", "true", "yes"):
            params[name] = True
        elif raw in ("False", "false", "no"):
            params[name] = False
        elif raw in ("None", "none"):
            params[name] = None
        else:
            try:
                value = Fraction(raw)
            except (ValueError, ZeroDivisionError):
                params[name] = raw
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
        raise ValueError(f"unknown model {name!r}; expected one of {list(MODELS)}")
    info = MODELS[name]
    try:
        model = info.factory(**_parse_params(params))
    except TypeError as err:
        raise ValueError(f"bad parameter for {name}: {err}") from None
    graph = explore(model, max_states=MAX_STATES)
    return Explored(name, model, graph, solve(graph, maximize=info.maximize))


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


def _label(graph: nx.DiGraph, state: Hashable, nxt: Hashable) -> str:
    edge = graph.edges[state, nxt]
    if "prob" in edge:
        return f"chance -> {nxt!r} ({fmt_prob(edge['prob'])})"
    return f"move {edge['action']!r} -> {nxt!r}"


def successors(explored: Explored, state: Hashable) -> list[tuple[str, Hashable]]:
    """(label, state) for each way on from ``state``."""
    return [(_label(explored.graph, state, t), t) for t in explored.graph.adj[state]]


def _drawing(graph: nx.DiGraph, current: Hashable) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colours = {"chance": "#f0c05a", "decision": "#4a78b5", "terminal": "#6aa86a"}
    fig, ax = plt.subplots(figsize=(7, 4.5))
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
    ax.set_title("chance (yellow), decision (blue), terminal (green); red ring: current")
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    plt.close(fig)
    svg = buf.getvalue()
    return svg[svg.index("<svg") :]


def render_graph(explored: Explored, state: Hashable, *, draw: bool = True) -> Rendered:
    """Return (html, text) for the explored model seen from ``state``."""
    check_instance("explored", explored, Explored, "an Explored (from explore_model)")
    check_bool("draw", draw)
    graph, sol = explored.graph, explored.solution
    try:
        known = state in graph
    except TypeError:  # unhashable: not a state
        known = False
    if not known:
        raise ValueError(f"state={state!r:.80} is not a state of the explored {explored.name}")
    info = MODELS[explored.name]
    kind = graph.nodes[state]["kind"]
    values = sol.values[state]
    rows = [[o, fmt_prob(p)] for o, p in values.items()]
    lines = [
        f"{explored.name}: {info.about}",
        f"model: {_describe(explored.model)}",
        *(f"assumption: {a}" for a in info.assumptions),
        f"states: {graph.number_of_nodes()}, edges: {graph.number_of_edges()}",
        f"current state: {state!r} ({kind})",
    ]
    if kind == "decision":
        lines.append(
            f"best move here (maximising {info.maximize}): {sol.best_action(graph, state)!r}"
        )
    elif kind == "terminal":
        lines.append(f"the game is over: {graph.nodes[state]['outcome']}")
    steps = sol.steps[state]
    lines.append(
        "expected moves to the end: "
        + ("never ends for sure" if steps is None else f"{float(steps):.3f}")
    )
    html = "".join(f"<div>{line}</div>" for line in lines) + html_table(
        ["outcome from here", "P"], rows, css="graph-outcomes"
    )
    if draw and graph.number_of_nodes() <= DRAW_LIMIT:
        html += _drawing(graph, state)
    elif draw:
        html += f"<div>(drawing shown for graphs of at most {DRAW_LIMIT} states)</div>"
    text = "\n".join(lines) + "\n" + text_table(["outcome from here", "P"], rows)
    return html, text


class GraphWidget(W.VBox):  # type: ignore[misc]
    """Model, parameters, step controls; the result is in ``.result`` (class graph-result)."""

    def __init__(self, model: str = "Round Table endgame", params: str | None = None) -> None:
        style = {"description_width": "100px"}
        self.model = W.Dropdown(
            options=list(MODELS),
            value=model,
            description="Model",
            style=style,
            layout={"width": "420px"},
        )
        self.params = W.Text(
            value=params if params is not None else MODELS[model].defaults,
            description="Parameters",
            style=style,
            layout={"width": "640px"},
        )
        self.next = W.Dropdown(
            options=[], description="Step to", style=style, layout={"width": "640px"}
        )
        self.step = W.Button(description="Step")
        self.back = W.Button(description="Back to start")
        self.result = result_box("graph-result")
        self.text = ""
        self.explored: Explored | None = None
        self.state: Hashable = None
        self.model.observe(self._model_changed, names="value")
        self.params.observe(self._rebuild, names="value")
        self.step.on_click(self._step)
        self.back.on_click(self._back)
        super().__init__(
            [self.model, self.params, W.HBox([self.next, self.step, self.back]), self.result]
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
        self.result.value, self.text = safe_render(build)

    def _show(self) -> Rendered:
        assert self.explored is not None
        options = successors(self.explored, self.state)
        self.next.options = options
        return render_graph(self.explored, self.state)

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
