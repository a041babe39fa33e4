"""Exact outcome probabilities, optimal policies and expected lengths on explored graphs.

The graph is split into strongly connected components (networkx condensation); components are
solved backwards in topological order. An acyclic node is one weighted sum; a cyclic component
is an exact linear system solved by sparse elimination over Fractions (state elimination:
eliminate one state at a time, substituting it into the states that point to it, then back
substitute). With decisions, the optimal policy for the maximised outcome is found by backward
induction on acyclic nodes and exact policy iteration inside cyclic components. Never a dense
solve over the whole graph.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import networkx as nx

from camelot_rules.base.checks import check_bool, check_callable, check_instance
from camelot_rules.base.rationals import ONE, ZERO, from_q, to_q

__all__ = ["NEVER_ENDS", "Solution", "expected_steps", "outcome_probabilities", "solve"]

NEVER_ENDS = "never_ends"
_STEPS = "\x00steps"  # internal key: expected number of moves to the end

Vector = dict[str, Any]  # outcome -> exact rational (python-flint fmpq, or Fraction)
Succ = Callable[[Hashable], Iterable[tuple[Hashable, Fraction]]]


@dataclass(frozen=True)
class Solution:
    """Per-state exact results.

    Attributes:
        values: state -> {outcome: probability}, including ``"never_ends"`` where non-zero.
        policy: decision state -> the successor state chosen (for ``maximize``).
        steps: state -> expected number of moves to the end (``None`` where the game may
            never end).
        maximize: the outcome the decision maker maximised, if any.
    """

    values: dict[Hashable, dict[str, Fraction]]
    policy: dict[Hashable, Hashable]
    steps: dict[Hashable, Fraction | None]
    maximize: str | None

    def best_action(self, graph: nx.DiGraph, state: Hashable) -> object:
        """The action the optimal policy takes at ``state`` (a decision state)."""
        return graph.edges[state, self.policy[state]]["action"]


# python-flint's C rationals make the solves several times faster (see rationals.py)
_to_q, _from_q, _ONE, _ZERO = to_q, from_q, ONE, ZERO


def _add_scaled(acc: Vector, vec: Vector, p: Any) -> None:
    for key, q in vec.items():
        acc[key] = acc.get(key, _ZERO) + p * q


def _terminal_vector(graph: nx.DiGraph, node: Hashable, with_steps: bool) -> Vector:
    vec = {graph.nodes[node]["outcome"]: _ONE}
    if with_steps:
        vec[_STEPS] = _ZERO
    return vec


def _elimination_order(coef: list[dict[int, Any]]) -> list[int]:
    """An order to eliminate the states of a cyclic component that keeps numbers small.

    Multiple minimum degree, on the symmetric structure of the system: each round eliminates
    an independent set of the states of least degree. On a chain this eliminates every other
    state first, then every other of those left, and so on (nested dissection), so exact
    denominators grow over log n rounds instead of along the whole chain.
    """
    n = len(coef)
    adj: list[set[int]] = [set() for _ in range(n)]
    for i, row in enumerate(coef):
        for j in row:
            if j != i:
                adj[i].add(j)
                adj[j].add(i)
    alive = set(range(n))
    order: list[int] = []
    while alive:
        low = min(len(adj[v]) for v in alive)
        blocked: set[int] = set()
        chosen = []
        for v in sorted(v for v in alive if len(adj[v]) == low):
            if v not in blocked:
                chosen.append(v)
                blocked.add(v)
                blocked.update(adj[v])
        for v in chosen:
            nbrs = adj[v]
            for a in nbrs:
                adj[a].discard(v)
                adj[a].update(nbrs)
                adj[a].discard(a)
            adj[v] = set()
            alive.discard(v)
        order += chosen
    return order


def _solve_linear(
    members: list[Hashable], succ: Succ, known: dict[Hashable, Vector], with_steps: bool
) -> dict[Hashable, Vector]:
    """Solve x_s = sum_t p(s,t) x_t (+ 1 step), for s in ``members`` (one cyclic component that
    can be left), exits read from ``known``; exact sparse state elimination in rationals."""
    index = {s: i for i, s in enumerate(members)}
    one, zero = _ONE, _ZERO
    coef: list[dict[int, Any]] = []
    rhs: list[dict[str, Any]] = []
    refs: list[set[int]] = [set() for _ in members]
    for i, s in enumerate(members):
        row: dict[int, Any] = {}
        b: dict[str, Any] = {_STEPS: one} if with_steps else {}
        for t, p in succ(s):
            q = _to_q(p)
            j = index.get(t)
            if j is None:
                for key, v in known[t].items():
                    b[key] = b.get(key, zero) + q * v
            else:
                row[j] = row.get(j, zero) + q
                refs[j].add(i)
        coef.append(row)
        rhs.append(b)
    order = _elimination_order(coef)
    for k in order:
        row_k = coef[k]
        self_p = row_k.pop(k, zero)
        refs[k].discard(k)
        if self_p == one:
            raise ArithmeticError("a state loops on itself with probability 1 inside a component")
        if self_p != zero:
            scale = one / (one - self_p)
            for j in row_k:
                row_k[j] *= scale
            rhs[k] = {key: v * scale for key, v in rhs[k].items()}
        rhs_k = rhs[k]
        for i in list(refs[k]):
            row_i = coef[i]
            a = row_i.pop(k)
            for j, c in row_k.items():
                if j in row_i:
                    row_i[j] += a * c
                else:
                    row_i[j] = a * c
                    refs[j].add(i)
            rhs_i = rhs[i]
            for key, v in rhs_k.items():
                rhs_i[key] = rhs_i.get(key, zero) + a * v
        for j in row_k:
            refs[j].discard(k)
        refs[k].clear()
    # Row k now references only variables eliminated after k: back substitute.
    solved: dict[int, dict[str, Any]] = {}
    for k in reversed(order):
        vec = dict(rhs[k])
        for j, c in coef[k].items():
            for key, v in solved[j].items():
                vec[key] = vec.get(key, zero) + c * v
        solved[k] = vec
    return {s: solved[i] for s, i in index.items()}


def _evaluate(
    graph: nx.DiGraph,
    nodes: Iterable[Hashable],
    succ: Succ,
    known: dict[Hashable, Vector],
    with_steps: bool,
) -> None:
    """Solve the chain (no decisions left: decision nodes follow ``succ``) on ``nodes``,
    writing their vectors into ``known``."""
    nodes = list(nodes)
    node_set = set(nodes)
    sub = nx.DiGraph()
    sub.add_nodes_from(nodes)
    for s in nodes:
        for t, _ in succ(s):
            if t in node_set:
                sub.add_edge(s, t)
    cond = nx.condensation(sub)
    for c in reversed(list(nx.topological_sort(cond))):
        members = list(cond.nodes[c]["members"])
        if len(members) == 1 and not sub.has_edge(members[0], members[0]):
            s = members[0]
            if graph.nodes[s]["kind"] == "terminal":
                known[s] = _terminal_vector(graph, s, with_steps)
                continue
            vec: Vector = {_STEPS: _ONE} if with_steps else {}
            for t, p in succ(s):
                _add_scaled(vec, known[t], _to_q(p))
            known[s] = vec
            continue
        member_set = set(members)
        leaves = any(t not in member_set for s in members for t, _ in succ(s))
        if not leaves:
            for s in members:
                known[s] = {NEVER_ENDS: _ONE}
            continue
        known.update(_solve_linear(members, succ, known, with_steps))


def _components_sinks_first(graph: nx.DiGraph) -> Iterable[list[Hashable]]:
    """Strongly connected components, every component after all those it leads to.

    Tarjan's algorithm (networkx's implementation) finds components sinks first; the order is
    checked as we go, and the condensation's topological order is used should it ever differ.
    """
    done: set[Hashable] = set()
    adj = graph.adj
    components = [list(c) for c in nx.strongly_connected_components(graph)]
    for members in components:
        inside = set(members)
        if any(t not in done and t not in inside for s in members for t in adj[s]):
            break
        done.update(members)
    else:
        yield from components
        return
    cond = nx.condensation(graph)  # pragma: no cover - only if networkx changes its order
    for c in reversed(list(nx.topological_sort(cond))):  # pragma: no cover
        yield list(cond.nodes[c]["members"])


def solve(
    graph: nx.DiGraph,
    *,
    maximize: str | None = None,
    steps: bool = True,
    progress: bool | None = None,
) -> Solution:
    """Return exact outcome probabilities (and the optimal policy) for every state.

    See :func:`outcome_probabilities`; this returns the per-state detail the widgets show.
    With ``steps=False`` the expected number of moves is not computed (``Solution.steps`` is
    then empty), which saves a third of the work on large graphs. ``progress=True`` shows a
    tqdm bar of the states solved; the default (``None``) shows one for graphs of more than
    20,000 states; ``False`` never does. Interrupting a long solve (Ctrl-C, or the notebook's
    stop button) raises ``KeyboardInterrupt`` and leaves the graph as it was.
    """
    check_bool("steps", steps)
    known, policy, outcomes = _solve_raw(graph, maximize, steps, progress)
    values: dict[Hashable, dict[str, Fraction]] = {}
    lengths: dict[Hashable, Fraction | None] = {}
    for s, qvec in known.items():
        values[s], lengths_s = _convert(qvec, outcomes)
        if steps:
            lengths[s] = lengths_s
    return Solution(values=values, policy=policy, steps=lengths, maximize=maximize)


def _check_graph(graph: object) -> nx.DiGraph:
    """``graph`` must be what :func:`explore` returns: a DiGraph with its root recorded."""
    checked = check_instance("graph", graph, nx.DiGraph, "a graph made by explore(model)")
    if checked.graph.get("root", _NO_ROOT) not in checked:
        raise ValueError(
            f"graph={checked!r} has no root state (graph.graph['root']): make it with "
            "explore(model)"
        )
    return checked


_NO_ROOT = object()


# A solve takes tens of microseconds a state: a bar is shown by default past this many states.
_AUTO_PROGRESS = 20_000


def _solve_raw(
    graph: nx.DiGraph, maximize: str | None, steps: bool, progress: bool | None = None
) -> tuple[dict[Hashable, Vector], dict[Hashable, Hashable], list[str]]:
    """The exact vectors of every state (as solver rationals), the policy, the outcomes."""
    _check_graph(graph)
    if progress is not None:
        check_bool("progress", progress)
    bar: Any = None
    if progress or (progress is None and graph.number_of_nodes() > _AUTO_PROGRESS):
        from tqdm.auto import tqdm

        bar = tqdm(desc="solving", unit=" states", total=graph.number_of_nodes())
    try:
        return _solve_states(graph, maximize, steps, bar)
    finally:
        if bar is not None:
            bar.close()


def _solve_states(
    graph: nx.DiGraph, maximize: str | None, steps: bool, bar: Any
) -> tuple[dict[Hashable, Vector], dict[Hashable, Hashable], list[str]]:
    """:func:`_solve_raw` once its options are checked; ``bar`` counts the states solved."""
    kinds = nx.get_node_attributes(graph, "kind")
    decisions = [s for s, k in kinds.items() if k == "decision"]
    outcomes = sorted({graph.nodes[s]["outcome"] for s, k in kinds.items() if k == "terminal"})
    if decisions and maximize is None:
        raise ValueError(
            "the graph has decision states: pass maximize=<outcome> to choose the policy "
            f"(outcomes: {outcomes})"
        )
    if maximize is not None and maximize not in outcomes:
        raise ValueError(f"maximize={maximize!r} is not an outcome of this graph: {outcomes}")

    policy: dict[Hashable, Hashable] = {}

    def succ(s: Hashable) -> Iterable[tuple[Hashable, Fraction]]:
        if kinds[s] == "decision":
            return ((policy[s], Fraction(1)),)
        return ((t, d["prob"]) for t, d in graph.adj[s].items())

    known: dict[Hashable, Vector] = {}
    adj = graph.adj
    shown = 0  # states counted on the bar
    for members in _components_sinks_first(graph):
        if bar is not None and len(known) - shown >= 1000:
            bar.update(len(known) - shown)
            shown = len(known)
        if len(members) == 1 and members[0] not in adj[members[0]]:
            # the acyclic case, by far the most common: one weighted sum (or one choice)
            s = members[0]
            kind = kinds[s]
            if kind == "terminal":
                known[s] = _terminal_vector(graph, s, steps)
            elif kind == "chance":
                vec: Vector = {_STEPS: _ONE} if steps else {}
                for t, d in adj[s].items():
                    p = _to_q(d["prob"])
                    for key, v in known[t].items():
                        vec[key] = vec[key] + p * v if key in vec else p * v
                known[s] = vec
            else:
                assert maximize is not None
                best = max(adj[s], key=lambda t: known[t].get(maximize, _ZERO))
                policy[s] = best
                vec = dict(known[best])
                if steps and _STEPS in vec:
                    vec[_STEPS] += 1
                known[s] = vec
            continue
        choosers = [s for s in members if kinds[s] == "decision"]
        if not choosers:
            _evaluate(graph, members, succ, known, steps)
            continue
        assert maximize is not None
        member_set = set(members)

        def value_of(t: Hashable) -> Any:
            vec = known.get(t)
            return _ZERO if vec is None else vec.get(maximize, _ZERO)

        for s in choosers:  # start from the best-looking exit, else the first action
            policy[s] = max(graph.adj[s], key=lambda t: (t not in member_set, value_of(t)))
        while True:
            for s in members:
                known.pop(s, None)
            _evaluate(graph, members, succ, known, steps)
            changed = False
            for s in choosers:
                current = value_of(policy[s])
                best = max(graph.adj[s], key=value_of)
                if value_of(best) > current:
                    policy[s] = best
                    changed = True
            if not changed:
                break

    if bar is not None:
        bar.update(len(known) - shown)
    return known, policy, outcomes


def _convert(qvec: Vector, outcomes: list[str]) -> tuple[dict[str, Fraction], Fraction | None]:
    """One state's exact results as Fractions: outcome probabilities and expected moves."""
    vec = {k: _from_q(v) for k, v in qvec.items()}
    out = {k: v for k, v in vec.items() if k != _STEPS}
    for name in outcomes:
        out.setdefault(name, Fraction(0))
    length: Fraction | None = None
    if not out.get(NEVER_ENDS):
        out.pop(NEVER_ENDS, None)
        length = vec.get(_STEPS)
    return dict(sorted(out.items())), length


def outcome_probabilities(graph: nx.DiGraph, *, maximize: str | None = None) -> dict[str, Fraction]:
    """Return the exact probability of ending in each terminal outcome, from the root.

    With decision states, ``maximize`` names the outcome the decision maker maximises (an optimal
    policy is found; only that outcome's probability is the same for every optimal policy).
    Decision states without ``maximize`` raise ``ValueError``. Mass that loops for ever without
    reaching a terminal is reported as ``"never_ends"`` when non-zero. The values sum to 1.

    >>> from camelot_rules.explorer.graph import explore
    >>> from camelot_rules.explorer.models.coin import CoinRace
    >>> outcome_probabilities(explore(CoinRace(target=2)))
    {'heads_first': Fraction(1, 2), 'tails_first': Fraction(1, 2)}
    """
    known, _, outcomes = _solve_raw(graph, maximize, False)
    return _convert(known[graph.graph["root"]], outcomes)[0]


def expected_steps(graph: nx.DiGraph, *, maximize: str | None = None) -> Fraction:
    """Return the expected number of moves from the root to a terminal state.

    ``ValueError`` if the game may never end (``"never_ends"`` has positive probability).

    >>> from camelot_rules.explorer.graph import explore
    >>> from camelot_rules.explorer.models.coin import CoinRace
    >>> expected_steps(explore(CoinRace(target=2)))
    Fraction(5, 2)
    """
    root = _check_graph(graph).graph["root"]
    steps = solve(graph, maximize=maximize).steps[root]
    if steps is None:
        raise ValueError("the game may never end from the root, so its expected length is infinite")
    return steps


def end_distribution(
    graph: nx.DiGraph, key: Callable[[Hashable], Hashable], *, maximize: str | None = None
) -> dict[Hashable, Fraction]:
    """Return the distribution of ``key(state)`` over the terminal state the game ends in.

    Use it for a counter a model exposes at the end (swords on the table, engines, trips made).
    With decisions, play follows the optimal policy for ``maximize``. Mass that never ends is
    reported under ``"never_ends"``.

    >>> from camelot_rules.explorer.graph import explore
    >>> from camelot_rules.explorer.models.coin import CoinRace
    >>> end_distribution(explore(CoinRace(target=2)), key=lambda s: s[0][0])
    {'h': Fraction(1, 2), 't': Fraction(1, 2)}
    """
    _check_graph(graph)
    check_callable("key", key)
    fixed = graph
    if any(k == "decision" for k in nx.get_node_attributes(graph, "kind").values()):
        # follow the optimal policy: each decision becomes a sure step to the chosen state
        policy = solve(graph, maximize=maximize, steps=False).policy
        fixed = graph.copy()
        for s, chosen in policy.items():
            for t in list(fixed.adj[s]):
                if t != chosen:
                    fixed.remove_edge(s, t)
            fixed.nodes[s]["kind"] = "chance"
            fixed.edges[s, chosen]["prob"] = Fraction(1)
    relabelled = fixed.copy()
    labels: dict[str, Hashable] = {}
    for s, kind in nx.get_node_attributes(fixed, "kind").items():
        if kind == "terminal":
            value = key(s)
            label = f"{type(value).__name__}:{value!r}"
            labels[label] = value
            relabelled.nodes[s]["outcome"] = label
    probs = solve(relabelled, steps=False)
    out: dict[Hashable, Fraction] = {}
    for label, p in probs.values[relabelled.graph["root"]].items():
        if p:
            out[labels.get(label, label)] = p
    return out
