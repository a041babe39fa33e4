"""Build the graph of every state a game model can reach.

A *model* uses OpenSpiel's vocabulary, exact and functional (states immutable and hashable):
``initial_state()``, ``is_terminal(s)``, ``outcome(s)``, ``is_chance(s)``,
``chance_outcomes(s)`` -> ``(outcome, Fraction)`` pairs summing to 1, ``legal_actions(s)``,
``apply(s, a)`` -> new state. Nodes are keyed by state value, so histories that reach the same
position collapse to one node, and cycles (reshuffles, engines coming and going) are allowed.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Hashable, Iterable
from fractions import Fraction
from typing import Any, Protocol

import networkx as nx

from camelot_rules.base.checks import check_bool

__all__ = ["ExplorationLimitError", "GameModel", "explore"]


class GameModel(Protocol):
    """The methods a game model provides (see the module docstring)."""

    def initial_state(self) -> Hashable: ...
    def is_terminal(self, state: Any) -> bool: ...
    def outcome(self, state: Any) -> str: ...
    def is_chance(self, state: Any) -> bool: ...
    def chance_outcomes(self, state: Any) -> Iterable[tuple[Any, Fraction]]: ...
    def legal_actions(self, state: Any) -> Iterable[Any]: ...
    def apply(self, state: Any, action: Any) -> Hashable: ...


class ExplorationLimitError(ValueError):
    """Raised when a model reaches more states than ``max_states`` allows."""


def _check_max_states(max_states: object) -> int:
    if isinstance(max_states, bool) or not isinstance(max_states, int) or max_states < 1:
        raise ValueError(f"max_states={max_states!r} must be a positive whole number")
    return max_states


_MODEL_METHODS = (
    "initial_state",
    "is_terminal",
    "outcome",
    "is_chance",
    "chance_outcomes",
    "legal_actions",
    "apply",
)


def _check_model(model: object) -> None:
    """``model`` must be a model object (an instance, not its class) with the model methods."""
    if isinstance(model, type):
        raise ValueError(
            f"model={model.__name__}: expected a model object, got the class itself "
            f"(write {model.__name__}(...))"
        )
    missing = [m for m in _MODEL_METHODS if not callable(getattr(model, m, None))]
    if missing:
        raise ValueError(
            f"model={model!r:.80}: not a game model ({type(model).__name__} has no {missing})"
        )


def explore(
    model: GameModel, *, max_states: int = 1_000_000, progress: bool | None = None
) -> nx.DiGraph:
    """Return the graph of every state reachable from ``model.initial_state()``.

    Nodes are states with attribute ``kind`` ("chance", "decision" or "terminal") and, on
    terminals, ``outcome``. Chance edges carry ``prob`` (Fraction; outcomes leading to the same
    state share one edge with their total probability); decision edges carry ``action`` (the
    first action found that leads there). ``graph.graph["root"]`` is the initial state. More
    than ``max_states`` states raise :class:`ExplorationLimitError` (a ``ValueError``) naming
    the limit; the graph is never truncated. ``progress=True`` shows a tqdm bar from the
    start; the default (``None``) shows one only once a long exploration passes 100,000
    states; ``False`` never does. Every 50,000 states the memory the graph takes is measured:
    when ``max_states`` states would not fit in the memory left, the limit error is raised
    at once, not when memory runs out. Interrupting (Ctrl-C, or the notebook's stop button)
    raises ``KeyboardInterrupt``; no graph is returned and the model is untouched.

    >>> from camelot_rules.explorer.models.coin import CoinRace
    >>> g = explore(CoinRace(target=2))
    >>> g.number_of_nodes(), g.nodes[g.graph["root"]]["kind"]
    (6, 'chance')
    """
    _check_model(model)
    limit = _check_max_states(max_states)
    if progress is not None:
        check_bool("progress", progress)
    graph = nx.DiGraph()
    # Filled through networkx's own adjacency dicts (what add_node/add_edge do, without their
    # per-call overhead): exploring is the hot loop of the toolkit.
    nodes, succ, pred = graph._node, graph._succ, graph._pred
    root = model.initial_state()
    hash(root)
    graph.graph["root"] = root
    nodes[root], succ[root], pred[root] = {}, {}, {}
    queue: deque[Hashable] = deque([root])
    append, popleft = queue.append, queue.popleft
    is_terminal, is_chance = model.is_terminal, model.is_chance
    apply = model.apply
    count = 1
    memory0 = _memory_in_use()
    next_memory_check = _MEMORY_CHECK
    bar: Any = None
    done = 0
    if progress:
        bar = _progress_bar(0)
    try:
        while queue:
            state = popleft()
            done += 1
            if done % 1000 == 0:
                if count >= next_memory_check:
                    _check_memory(count, limit, memory0)
                    next_memory_check += _MEMORY_CHECK
                if bar is not None:
                    bar.update(1000)
                elif progress is None and done == _AUTO_PROGRESS:
                    bar = _progress_bar(done)
            attrs = nodes[state]
            out = succ[state]
            if is_terminal(state):
                attrs["kind"] = "terminal"
                attrs["outcome"] = model.outcome(state)
                continue
            if is_chance(state):
                attrs["kind"] = "chance"
                total_num, total_den = 0, 1
                for outcome, prob in model.chance_outcomes(state):
                    if type(prob) is not Fraction:
                        if isinstance(prob, bool) or not isinstance(prob, (int, Fraction)):
                            raise ValueError(
                                f"chance outcome {outcome!r} of state {state!r} has probability "
                                f"{prob!r}; expected an exact Fraction"
                            )
                        prob = Fraction(prob)
                    num, den = prob.numerator, prob.denominator
                    if num < 0:
                        raise ValueError(f"negative probability {prob} at state {state!r}")
                    if den == total_den:
                        total_num += num
                    else:
                        total_num, total_den = total_num * den + num * total_den, total_den * den
                    if num == 0:
                        continue
                    nxt = apply(state, outcome)
                    edge = out.get(nxt)
                    if edge is not None:
                        edge["prob"] += prob
                        continue
                    into = pred.get(nxt)
                    if into is None:
                        if count >= limit:
                            _too_many(limit)
                        nodes[nxt], succ[nxt], pred[nxt] = {}, {}, {}
                        into = pred[nxt]
                        append(nxt)
                        count += 1
                    edge = {"prob": prob}
                    out[nxt] = edge
                    into[state] = edge
                if total_num != total_den or not out:
                    raise ValueError(
                        f"chance outcomes of state {state!r} sum to "
                        f"{Fraction(total_num, total_den)}, expected exactly 1"
                    )
            else:
                attrs["kind"] = "decision"
                any_action = False
                for action in model.legal_actions(state):
                    any_action = True
                    nxt = apply(state, action)
                    if nxt in out:
                        continue
                    if nxt not in nodes:
                        if count >= limit:
                            _too_many(limit)
                        nodes[nxt], succ[nxt], pred[nxt] = {}, {}, {}
                        append(nxt)
                        count += 1
                    edge = {"action": action}
                    out[nxt] = edge
                    pred[nxt][state] = edge
                if not any_action:
                    raise ValueError(
                        f"decision state {state!r} has no legal actions and is not terminal"
                    )
    finally:
        if bar is not None:
            bar.update(done - bar.n)
            bar.close()
    return graph


_AUTO_PROGRESS = 100_000
_MEMORY_CHECK = 50_000  # states between two looks at the memory the graph takes


def _memory_in_use() -> int | None:
    """Bytes of memory this process holds (resident), or ``None`` where it cannot be read."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):  # not Linux
        return None


def _memory_free() -> int | None:
    """Bytes this process may still take: the machine's available memory, or less under a
    ``resource`` limit on the address space; ``None`` where it cannot be read."""
    free: int | None = None
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    free = int(line.split()[1]) * 1024
        with open("/proc/self/statm") as f:
            size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):  # not Linux
        return None
    try:
        import resource
    except ImportError:  # pragma: no cover - not Unix
        return free
    soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft != resource.RLIM_INFINITY:
        free = soft - size if free is None else min(free, soft - size)
    return free


def _check_memory(count: int, limit: int, memory0: int | None) -> None:
    """Raise early when ``limit`` states, at the memory a state has taken so far, would not
    fit in the memory left (instead of a ``MemoryError`` or a frozen machine much later)."""
    now, free = _memory_in_use(), _memory_free()
    if memory0 is None or now is None or free is None or now <= memory0:
        return
    per_state = (now - memory0) / count
    needed = per_state * (limit - count)
    if needed > 0.9 * free:
        raise ExplorationLimitError(
            f"after {count:,} states the graph takes about {per_state / 1024:.1f} KB a state: "
            f"max_states={limit:,} would need about {needed / 2**30:.1f} GB more, and "
            f"{max(free, 0) / 2**30:.1f} GB is free. Lower max_states or shrink the model "
            "(the graph is never truncated)"
        )


def _progress_bar(initial: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(desc="exploring", unit=" states", initial=initial)


def _too_many(limit: int) -> None:
    raise ExplorationLimitError(
        f"the model reaches more than max_states={limit} states; raise max_states or "
        "shrink the model (the graph is never truncated)"
    )
