"""explore / outcome_probabilities / expected_steps: closed forms, floats, brute force."""

from dataclasses import dataclass
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

from camelot_rules import (
    ExplorationLimitError,
    expected_steps,
    explore,
    outcome_probabilities,
    solve,
)
from camelot_rules.explorer.models import CoinRace, SiegeRace


@dataclass(frozen=True)
class Ruin:
    """Gambler's ruin on 0..n with win probability p: a birth-death chain (one cyclic SCC)."""

    n: int
    start: int
    p: Fraction

    def initial_state(self) -> int:
        return self.start

    def is_terminal(self, s: int) -> bool:
        return s in (0, self.n)

    def outcome(self, s: int) -> str:
        return "win" if s == self.n else "ruin"

    def is_chance(self, s: int) -> bool:
        return True

    def chance_outcomes(self, s: int) -> list[tuple[int, Fraction]]:
        return [(1, self.p), (-1, 1 - self.p)]

    def legal_actions(self, s: int) -> list[int]:
        return []

    def apply(self, s: int, a: int) -> int:
        return s + a


@pytest.mark.parametrize(
    ("n", "start", "p"), [(5, 2, Fraction(1, 2)), (10, 3, Fraction(2, 5)), (30, 20, Fraction(3, 5))]
)
def test_gamblers_ruin_closed_form(n: int, start: int, p: Fraction) -> None:
    got = outcome_probabilities(explore(Ruin(n, start, p)))
    if p == Fraction(1, 2):
        win = Fraction(start, n)
    else:
        r = (1 - p) / p
        win = (1 - r**start) / (1 - r**n)
    assert got == {"ruin": 1 - win, "win": win}


def test_fair_ruin_expected_length_is_i_times_n_minus_i() -> None:
    assert expected_steps(explore(Ruin(10, 3, Fraction(1, 2)))) == 3 * 7


@dataclass(frozen=True)
class Loop:
    """From 0: 1/2 to a terminal, 1/4 into a closed loop {1, 2}, 1/4 back to 0."""

    def initial_state(self) -> int:
        return 0

    def is_terminal(self, s: int) -> bool:
        return s == 9

    def outcome(self, s: int) -> str:
        return "done"

    def is_chance(self, s: int) -> bool:
        return True

    def chance_outcomes(self, s: int) -> list[tuple[int, Fraction]]:
        if s == 0:
            return [(9, Fraction(1, 2)), (1, Fraction(1, 4)), (0, Fraction(1, 4))]
        return [(3 - s, Fraction(1))]

    def legal_actions(self, s: int) -> list[int]:
        return []

    def apply(self, s: int, a: int) -> int:
        return a


def test_closed_loop_mass_is_reported_as_never_ends() -> None:
    # x = 1/2 + x/4 -> done = 2/3, never_ends = 1/3
    got = outcome_probabilities(explore(Loop()))
    assert got == {"done": Fraction(2, 3), "never_ends": Fraction(1, 3)}
    with pytest.raises(ValueError, match="never end"):
        expected_steps(explore(Loop()))


def test_nodes_keyed_by_value_and_edges_merged() -> None:
    g = explore(CoinRace(target=3))
    assert g.number_of_nodes() == 9 + 2  # (h, t) with h, t < 3, plus two terminals
    for s in g:
        if g.nodes[s]["kind"] == "chance":
            assert sum(d["prob"] for _, _, d in g.out_edges(s, data=True)) == 1


def test_max_states_raises_naming_the_limit() -> None:
    with pytest.raises(ExplorationLimitError, match="max_states=5"):
        explore(Ruin(50, 25, Fraction(1, 2)), max_states=5)
    assert isinstance(ExplorationLimitError("x"), ValueError)


def _float_value_iteration(g: nx.DiGraph, target: str, sweeps: int = 20000) -> float:
    nodes = list(g)
    v = {s: 0.0 for s in nodes}
    for s in nodes:
        if g.nodes[s]["kind"] == "terminal":
            v[s] = 1.0 if g.nodes[s]["outcome"] == target else 0.0
    for _ in range(sweeps):
        delta = 0.0
        for s in nodes:
            kind = g.nodes[s]["kind"]
            if kind == "chance":
                new = sum(float(d["prob"]) * v[t] for t, d in g.adj[s].items())
            elif kind == "decision":
                new = max(v[t] for t in g.adj[s])
            else:
                continue
            delta = max(delta, abs(new - v[s]))
            v[s] = new
        if delta < 1e-15:
            break
    return v[g.graph["root"]]


@pytest.mark.parametrize(("engines", "choice"), [(0, False), (6, False), (10, False), (6, True)])
def test_siege_race_optimum_agrees_with_float_value_iteration(engines: int, choice: bool) -> None:
    g = explore(SiegeRace(engines=engines, evil_choice=choice, p_black_setback=Fraction(3, 4)))
    exact = outcome_probabilities(g, maximize="loyal_win")
    assert sum(exact.values()) == 1
    assert abs(float(exact["loyal_win"]) - _float_value_iteration(g, "loyal_win")) < 1e-9


def test_policy_is_no_worse_than_any_fixed_policy() -> None:
    g = explore(SiegeRace(engines=8))
    best = outcome_probabilities(g, maximize="loyal_win")["loyal_win"]
    for always in ("fight", "quest"):
        fixed = g.copy()
        for s in list(fixed):
            if fixed.nodes[s]["kind"] == "decision":
                for t in list(fixed.adj[s]):
                    if fixed.edges[s, t]["action"] != always:
                        fixed.remove_edge(s, t)
        assert outcome_probabilities(fixed, maximize="loyal_win")["loyal_win"] <= best


def test_decisions_without_maximize_raise() -> None:
    g = explore(SiegeRace())
    with pytest.raises(ValueError, match="maximize"):
        outcome_probabilities(g)
    with pytest.raises(ValueError, match="nobody"):
        outcome_probabilities(g, maximize="nobody")


def test_float_linear_solve_agrees_on_a_cyclic_chain() -> None:
    model = Ruin(40, 13, Fraction(11, 20))
    g = explore(model)
    exact = outcome_probabilities(g)["win"]
    inner = list(range(1, 40))
    a = np.eye(len(inner))
    b = np.zeros(len(inner))
    for i, s in enumerate(inner):
        for t, d in g.adj[s].items():
            if t == 40:
                b[i] += float(d["prob"])
            elif t != 0:
                a[i, inner.index(t)] -= float(d["prob"])
    x = np.linalg.solve(a, b)
    assert abs(x[inner.index(13)] - float(exact)) < 1e-12


def test_solution_policy_satisfies_bellman_optimality() -> None:
    g = explore(SiegeRace(engines=11))
    sol = solve(g, maximize="loyal_win")
    for s in g:
        if g.nodes[s]["kind"] == "decision":
            chosen = sol.values[sol.policy[s]]["loyal_win"]
            assert chosen == max(sol.values[t]["loyal_win"] for t in g.adj[s])
            assert sol.values[s]["loyal_win"] == chosen
    # one engine from defeat, nothing on the quest: fight (11/80 vs 29/360 by quest)
    assert sol.best_action(g, (11, 0, 0, "act")) == "fight"
    # two successes in: one more quest success wins, so quest
    assert sol.best_action(g, (11, 2, 0, "act")) == "quest"


def test_end_distribution_keyed_by_outcome_matches_outcome_probabilities() -> None:
    from camelot_rules import end_distribution
    from camelot_rules.explorer.models import RoundTable

    for model, maximize in [
        (Ruin(12, 5, Fraction(2, 5)), None),
        (SiegeRace(), "loyal_win"),
        (RoundTable(), "loyal_win"),
    ]:
        g = explore(model)
        by_outcome = end_distribution(
            g, key=lambda s, g=g: g.nodes[s]["outcome"], maximize=maximize
        )
        expected = {k: v for k, v in outcome_probabilities(g, maximize=maximize).items() if v}
        assert by_outcome == expected


def test_end_distribution_of_a_counter_sums_to_one_and_reports_loops() -> None:
    from camelot_rules import end_distribution
    from camelot_rules.explorer.models import RoundTable

    g = explore(RoundTable())
    swords = end_distribution(g, key=lambda s: (s.white, s.black), maximize="loyal_win")
    assert sum(swords.values()) == 1
    assert all(b >= 7 or w + b >= 12 for w, b in swords)  # every ending is a rule's ending
    assert end_distribution(explore(Loop()), key=lambda s: s) == {
        9: Fraction(2, 3),
        "never_ends": Fraction(1, 3),
    }


def test_progress_bar_reports_every_state(capsys: pytest.CaptureFixture[str]) -> None:
    g = explore(Ruin(3000, 1500, Fraction(1, 2)), progress=True)
    err = capsys.readouterr().err
    assert g.number_of_nodes() == 3001 and "3001" in err and "exploring" in err


# --- issue 16, item 4: limits fire before the work; an interrupt leaves nothing half-built ----
@dataclass(frozen=True)
class Counter:
    """One chance step a state, 0 -> 1 -> 2 ...: as many states as max_states allows."""

    end: int = 10**12

    def initial_state(self) -> int:
        return 0

    def is_terminal(self, s: int) -> bool:
        return s >= self.end

    def outcome(self, s: int) -> str:
        return "end"

    def is_chance(self, s: int) -> bool:
        return True

    def chance_outcomes(self, s: int) -> list[tuple[int, Fraction]]:
        return [(1, Fraction(1, 2)), (2, Fraction(1, 2))]

    def legal_actions(self, s: int) -> list[int]:
        return []

    def apply(self, s: int, a: int) -> int:
        return s + a


def test_explore_refuses_a_limit_that_cannot_fit_in_memory_early() -> None:
    # Under a 600 MB memory limit, max_states=10^8 of ~1 KB each cannot fit: the limit error
    # comes after the first 50,000 states instead of a MemoryError (or swapping) much later.
    # "Early" in CPU time, not on the clock (a busy machine must not fail it): the child may
    # use 30 s of CPU, and the kernel stops it at 60 s (RLIMIT_CPU) if it would run on.
    import resource
    import subprocess
    import sys

    script = """
import resource
with open("/proc/self/statm") as f:
    size = int(f.read().split()[0]) * resource.getpagesize()
resource.setrlimit(resource.RLIMIT_AS, (size + 600 * 2**20, resource.RLIM_INFINITY))
resource.setrlimit(resource.RLIMIT_CPU, (60, resource.RLIM_INFINITY))
from camelot_rules import ExplorationLimitError, explore
from tests.explorer.test_explorer import Counter
try:
    explore(Counter(), max_states=10**8, progress=False)
except ExplorationLimitError as err:
    print("LIMIT", err)
except MemoryError:
    print("MEMORY")
"""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    assert done.stdout.startswith("LIMIT"), done.stdout + done.stderr
    assert "max_states=100,000,000" in done.stdout and "GB" in done.stdout
    assert cpu < 30, f"{cpu:.1f} s of CPU time"


def test_explore_interrupted_returns_nothing_and_can_run_again() -> None:
    calls = 0

    @dataclass(frozen=True)
    class Stops(Counter):
        def apply(self, s: int, a: int) -> int:
            nonlocal calls
            calls += 1
            if calls == 5000:
                raise KeyboardInterrupt
            return s + a

    with pytest.raises(KeyboardInterrupt):
        explore(Stops(end=10**6), progress=True)
    graph = explore(Stops(end=100))  # calls is past 5000: runs to the end
    assert graph.number_of_nodes() == 102  # states 0..101 (100 and 101 terminal)


def test_solve_interrupted_leaves_the_graph_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    import copy

    import camelot_rules.explorer.solver as analysis

    graph = explore(SiegeRace(engines=0, quest_target=4, turns=12))
    before = copy.deepcopy(graph)
    expected = solve(graph, maximize="loyal_win", progress=False).values[graph.graph["root"]]
    original = analysis._terminal_vector
    calls = 0

    def stops(*args: object) -> object:
        nonlocal calls
        calls += 1
        if calls == 2:  # at the second terminal state met
            raise KeyboardInterrupt
        return original(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(analysis, "_terminal_vector", stops)
    with pytest.raises(KeyboardInterrupt):
        solve(graph, maximize="loyal_win", progress=True)
    assert nx.utils.graphs_equal(graph, before)
    assert graph.graph == before.graph
    again = solve(graph, maximize="loyal_win", progress=False).values[graph.graph["root"]]
    assert again == expected


def test_solve_progress_bar_counts_every_state(capsys: pytest.CaptureFixture[str]) -> None:
    graph = explore(SiegeRace(engines=0, quest_target=4, turns=12))
    solve(graph, maximize="loyal_win", progress=True)
    err = capsys.readouterr().err
    n = graph.number_of_nodes()
    assert "solving" in err and f"{n}/{n}" in err
    with pytest.raises(ValueError, match="progress='no'"):
        solve(graph, maximize="loyal_win", progress="no")  # type: ignore[arg-type]
