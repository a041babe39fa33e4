# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The Round Table endgame: when to accuse
#
# **The rules** (each cited):
#
# * The game ends when the 12th sword is laid; 7 black swords lose at once (*F §5*).
# * A hidden traitor flips white swords at the end: **2** with one hidden traitor, **3** with two
#   (*JA, 7-8 players*; the two-traitor number has no public confirmation). A dead, unrevealed
#   traitor flips none (*F §5*).
# * The knights need **more white than black**; a tie loses (*F §5*) unless **Divine Favor** was
#   played (*JA, special white cards*).
# * **Accusing** is a heroic action, allowed only with 6+ swords or 6+ siege engines, once per knight.
#   Wrong: a white sword turns black. Right: a white sword more and the traitor unmasked (*ES p.16*).
#   After the **Fifth Witch** a wrong accusation turns two white swords black (*JA witches*).
# * With 7-8 players *Merlin's Company* deals from a loyalty deck with two traitors (*JA*).
#
# The loyal knights do not know who the traitor is. The model keeps their **belief** – the exact
# posterior over how many traitors are still hidden, given every sword laid and every accusation –
# so the best policy never peeks. Quest results are parameters (each round a white sword with 1/2,
# a black one with 1/3; each hidden traitor moves 1/6 of the white chance to black), and an
# accusation costs the round's heroic action (the round's quest is lost with 1/2).

# %%
from fractions import Fraction

from IPython.display import HTML, display

from camelot_rules import explore, outcome_probabilities, solve
from camelot_rules.front.display import fmt_prob, html_table
from camelot_rules.explorer.models import RoundTable

# %% [markdown]
# ## With two hidden traitors, is 8 white to 4 black a win?
#
# At 12 swords the game ends. Two hidden traitors flip 3 white swords: 8–4 becomes 5–7, a loss.
# One hidden traitor flips 2: 6–6, a tie – a loss too, unless Divine Favor was played.

# %%
for hidden, favor in [(2, False), (1, False), (1, True), (0, False)]:
    flip = {0: 0, 1: 2, 2: 3}[hidden]
    white, black = 8 - flip, 4 + flip
    won = white > black or (favor and white == black)
    print(f"{hidden} hidden, Divine Favor {favor!s:5}: {white}-{black} -> {'win' if won else 'loss'}")

# %% [markdown]
# ## How likely are two traitors?
#
# The loyalty cards are dealt from the deck for the player count: base game 7 loyal + 1 traitor;
# *Merlin's Company* 7 + 2 at 7-8 players (the 9-card deck's make-up is inferred, *F §3a*).

# %%
rows = []
for players, expansion in [(4, False), (5, False), (7, False), (7, True), (8, True)]:
    prior = RoundTable(players=players, expansion=expansion).prior()
    rows.append([players, "MC" if expansion else "base"] + [fmt_prob(p) for p in prior])
display(HTML(html_table(["players", "box", "0 traitors", "1", "2"], rows)))


# %% [markdown]
# ## When should the knights accuse?
#
# Five players, 4 white and 2 black swords on the table, 4 siege engines. The explorer finds the
# best accusation policy; compare with never accusing.

# %%
def loyal_win(**kw):
    graph = explore(RoundTable(**kw))
    return outcome_probabilities(graph, maximize="loyal_win")["loyal_win"]

rows = []
for label, kw in [("5 players", {}), ("8 players, MC", {"players": 8, "expansion": True}),
                  ("8 players, MC, Fifth Witch", {"players": 8, "expansion": True, "fifth_witch": True}),
                  ("5 players, Divine Favor", {"divine_favor": True})]:
    best, never = loyal_win(**kw), loyal_win(max_accusations=0, **kw)
    rows.append([label, f"{float(never):.4f}", f"{float(best):.4f}", f"{float(best - never):+.4f}"])
display(HTML(html_table(["table", "never accuse", "best policy", "gain"], rows)))

# %% [markdown]
# Where does the best policy accuse? Below, the states where it accuses, by swords on the table and
# the belief that a traitor is still hidden (five players):

# %%
graph = explore(RoundTable())
sol = solve(graph, maximize="loyal_win")
rows = []
for state in graph:
    if graph.nodes[state]["kind"] == "decision" and sol.best_action(graph, state) == "accuse":
        rows.append([state.white, state.black, state.accused, f"{float(1 - state.belief[0]):.3f}",
                     f"{float(sol.values[state]['loyal_win']):.3f}"])
rows.sort()
display(HTML(html_table(["white", "black", "accusations made", "P(a traitor hidden)", "P(win) from here"], rows[:15])))
print(len(rows), "accusing states in all")

# %% [markdown]
# The same policy at a glance: before any accusation (five players), the chance the loyal knights
# win from each count of swords, playing best; ✕ marks the counts where the best move is to
# accuse now.

# %%
from widgets.plots import plot_heatmap

cells, accuse = {}, set()
for state in graph:
    if graph.nodes[state]["kind"] == "decision" and state.accused == 0 and state.revealed == 0:
        cells[(state.white, state.black)] = sol.values[state]["loyal_win"]
        if sol.best_action(graph, state) == "accuse":
            accuse.add((state.white, state.black))
fig = plot_heatmap(cells, title="P(loyal win) playing best, no accusation made yet",
                   xlabel="white swords", ylabel="black swords", marked=frozenset(accuse),
                   mark_label="the best move is to accuse")

# %% [markdown]
# How does the table look at the end under that policy? The exact distribution of the swords on the
# table when the game ends (before the final flip), five players:

# %%
from camelot_rules import end_distribution

ends = end_distribution(graph, key=lambda s: (s.white, s.black), maximize="loyal_win")
rows = [[w, b, fmt_prob(p)] for (w, b), p in sorted(ends.items(), key=lambda kv: -kv[1])[:8]]
display(HTML(html_table(["white", "black", "P"], rows)))
print("sums to", sum(ends.values()))

# %% [markdown]
# ## Try it in the graph widget
#
# Pick "Round Table endgame", change the parameters (e.g. `players=8, expansion=True, white=6,
# black=4, fifth_witch=True`) and step through the game.

# %% tags=["nbval-ignore-output"]
from widgets import build_graph_widget

endgame_widget = build_graph_widget("Round Table endgame", "players=8, expansion=True, white=6, black=4")
endgame_widget

# %%
print(endgame_widget.text)
