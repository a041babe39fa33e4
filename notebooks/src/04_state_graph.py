# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The state-graph explorer
#
# Some questions are not one draw or one roll but a whole stretch of play: "with 8 engines up and
# a quest to finish, should we fight or quest?", "what are our chances from here?". The explorer
# answers them **exactly**: you describe a part of the rules as a small *game model*, it builds the
# graph of every state the rules can reach – each chance edge with its exact probability – and
# solves it, **even when the rules loop** (reshuffles, engines coming and going).
#
# How it solves: the graph is split into strongly connected components; the acyclic part is solved
# backwards in one pass; each loop is an exact linear system solved over fractions; with decisions,
# exact policy iteration finds the best move for the outcome you name.

# %%
from dataclasses import dataclass
from fractions import Fraction

from IPython.display import HTML, display

from camelot_rules import expected_steps, explore, outcome_probabilities, solve
from camelot_rules.front.display import fmt_prob, html_table
from camelot_rules.explorer.models import SiegeRace, TravelChain


# %% [markdown]
# ## Writing your own model: a tiny example
#
# A model is a small class with seven methods (the vocabulary of OpenSpiel): where play starts,
# which states are over (and how), which are chance and what can happen there with what
# probability, which are decisions and what the moves are, and what each outcome or move leads to.
# States must be immutable and hashable (tuples, frozen dataclasses).
#
# Here: a knight fights siege engines one per turn with the dealt-hand odds **1/2**; each turn
# the engines also grow by one with probability **1/3**. Start with 10 engines: does the knight
# clear them before the 12th arrives? (This teaching model is defined here on purpose; the
# shipped models live in `camelot_rules.explorer.models`.)

# %%
@dataclass(frozen=True)
class EngineDuel:
    start: int = 10

    def initial_state(self):
        return self.start

    def is_terminal(self, s):
        return s in (0, 12)

    def outcome(self, s):
        return "cleared" if s == 0 else "camelot_falls"

    def is_chance(self, s):
        return True

    def chance_outcomes(self, s):
        # net change this turn: fight won (-1) and/or engine added (+1)
        win, add = Fraction(1, 2), Fraction(1, 3)
        return [(-1, win * (1 - add)), (0, win * add + (1 - win) * (1 - add)), (+1, (1 - win) * add)]

    def legal_actions(self, s):
        return []

    def apply(self, s, delta):
        return s + delta


graph = explore(EngineDuel())
print("states:", graph.number_of_nodes())
print({o: fmt_prob(p) for o, p in outcome_probabilities(graph).items()})
print("expected turns:", expected_steps(graph))

# %% [markdown]
# The state "10 engines" can come back to itself (nothing changes in a turn) and engines go up and
# down: the graph has cycles, and the answer is still an exact fraction. A check by hand
# (gambler's ruin): the count goes up with 1/6 and down with 1/3, so from 10 the chance of
# reaching 12 before 0 is $(1 - 2^{10})/(1 - 2^{12}) = 1023/4095 = 341/1365$.

# %%
print(outcome_probabilities(graph)["camelot_falls"] == Fraction(1 - 2**10, 1 - 2**12))

# %% [markdown]
# ## A shipped model with decisions: the siege race
#
# Each turn an engine is added with 1/2 (the evil-progression choice), then the knight either
# fights (with the exact odds of a 3-card hand dealt from the base white deck, from the siege
# calculator) or works on a quest (progress 1/3; 3 successes win). The 12th engine loses
# (*ES p.11, p.13*). The explorer finds the best policy for "loyal_win":

# %%
model = SiegeRace(engines=8, hand_size=3)
graph = explore(model)
sol = solve(graph, maximize="loyal_win")
root = graph.graph["root"]
print("states:", graph.number_of_nodes(), "| fight odds from the siege calculator:", model.p_fight)
print({o: fmt_prob(p) for o, p in sol.values[root].items()})
rows = []
for engines in range(4, 12):
    moves = [sol.best_action(graph, (engines, progress, 0, "act"))
             if (engines, progress, 0, "act") in graph else "-" for progress in range(3)]
    rows.append([engines, *moves])
display(HTML(html_table(["engines", "quest progress 0", "1", "2"], rows)))

# %% [markdown]
# ## When the rules never end
#
# A travel deck with no Captured! card: a knight can travel for ever without being captured. The
# solver does not loop or guess – it reports that mass as `never_ends`.

# %%
from camelot_rules import Deck

never = outcome_probabilities(explore(TravelChain(composition=Deck({"vision": 2, "lost": 1}))))
print({o: fmt_prob(p) for o, p in never.items()})
print("with the default deck, expected trips to the first capture:",
      expected_steps(explore(TravelChain())))

# %% [markdown]
# ## The graph widget
#
# Choose a model and its parameters; the widget explores and solves it, shows the exact outcome
# probabilities and the best move, and lets you step through states (a move or a chance outcome).
# Small graphs are drawn (yellow: chance, blue: decision, green: terminal).

# %% tags=["nbval-ignore-output"]
from widgets import build_graph_widget

graph_widget = build_graph_widget("Siege race", "engines=8, quest_target=3, hand_size=5")
graph_widget

# %%
print(graph_widget.text)
