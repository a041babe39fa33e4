# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Siege-engine fights
#
# **The rule** (*ES p.13*; *F §4*): fighting a siege engine is a heroic action at Camelot. Play any
# number of Fight cards, then roll the **eight-sided die**. If your Fight total is **strictly
# greater** than the roll, the engine is removed; otherwise you lose 1 life and it stays. The
# cards are discarded either way. The 12th engine on the board loses the game for everyone but the
# traitor (*ES p.11*).
#
# Options that change the odds:
#
# * **Excalibur** adds 1 to the total (*F §4*, S5/S21 – `med` confidence).
# * **Sir Kay** may add one more Fight card *after* seeing the roll (*F §3f*).
# * A **second fight** in the same turn costs 1 life (a sacrificed heroic action) – not allowed
#   while the **Second Witch** is in play (*JA witches, 2nd*).
#
# With a total $S$ against one d8 roll $r \in \{1..8\}$: $P(\text{win}) = \min(\max(S-1, 0), 8)/8$.

# %%
from IPython.display import HTML, display

from camelot_rules import (
    best_turn, dealt_hand_table, kay_splits, siege_choices, siege_win_probability, standard_deck,
)
from camelot_rules.front.display import fmt_percent, fmt_prob, html_table
from camelot_rules.odds.montecarlo import simulate_random_hand_fights, simulate_siege_fights

# %% [markdown]
# ## Worked examples
#
# Fight 3 + Fight 4 = 7 beats rolls 1–6: **6/8 = 3/4**. With Excalibur, 8 beats 1–7: 7/8.
# A total of 9 or more always wins.

# %%
rows = []
for played, exc in [([3, 4], False), ([3, 4], True), ([5, 4], False), ([2], False)]:
    p = siege_win_probability(played, excalibur=exc)
    rows.append([" + ".join(map(str, played)), "yes" if exc else "no", fmt_prob(p)])
HTML(html_table(["play", "Excalibur", "P(win)"], rows))

# %% [markdown]
# ### Which cards should I play?
#
# Playing more cards always wins at least as often, but spends cards you may need on a quest.
# The advisor lists every distinct choice (as a multiset: two Fight 3s are one choice) and marks
# the **Pareto-optimal** ones: no other choice wins at least as often while spending no more
# cards and no more fight value.

# %%
hand = {"fight_5": 1, "fight_4": 1, "fight_2": 2, "grail": 1}
rows = [[" + ".join(map(str, c.cards)) or "(none)", c.total, c.p_win, c.cards_spent,
         "yes" if c.pareto else ""] for c in siege_choices(hand)]
display(HTML(html_table(["play", "total", "P(win)", "cards", "Pareto"], rows)))

# %% [markdown]
# ### Sir Kay: what to hold back?
#
# Kay plays some cards before the roll and keeps the rest; after the roll he adds the smallest
# reserve card that turns a loss into a win. With 5 and 1 in hand, play the 5 and keep the 1:
# the same 5/8 as the other way round, for fewer cards on average (9/8 against 13/8). Why is
# "play the 1, keep the 5" still marked Pareto-optimal? It spends less *fight value* on average
# (33/8 against 41/8): the last column decides.

# %%
rows = [[" + ".join(map(str, s.pre_roll)) or "-", " ".join(map(str, s.reserve)) or "-",
         s.p_win, s.expected_cards_spent, s.expected_value_spent, "yes" if s.pareto else ""]
        for s in kay_splits([5, 1])]
display(HTML(html_table(["before roll", "Kay keeps", "P(win)", "E[cards]", "E[fight value spent]", "Pareto"],
                 rows)))

# %% [markdown]
# ### A whole turn: one fight, or two?
#
# After the first fight (and seeing its roll) a knight may sacrifice 1 life for a second heroic
# action. With 5, 4 and 3 in hand the best *expected* number of engines removed is 5/4; the best
# chance of removing **both** is 3/8 (fight with the 5, then 4 + 3).

# %%
for goal in [None, 2]:
    plan = best_turn([5, 4, 3], at_least=goal)
    first = " + ".join(map(str, plan.first_play)) if plan.first_play else "do not fight"
    print(f"{plan.objective} = {plan.value} | first fight: play {first}")
    display(HTML(html_table(["engines", "life lost", "P"],
                     [[e, lost, fmt_prob(p)] for (e, lost), p in sorted(plan.outcomes.items())])))

# %%
from widgets.plots import plot_turn_plan

fig = plot_turn_plan(best_turn([5, 4, 3]).outcomes,
                     title="Hand 5, 4, 3: fight with the 5, then buy a fight with 4 + 3")

# %% [markdown]
# ## The siege widget
#
# Set the Fight cards in hand (steppers: a count cannot go below 0) and the options. The answer
# opens with one sentence - what to play first and what it gives - then the choices worth making,
# the bars of their chance to win, and the best plan for the turn; the options it assumed are
# folded under "What this assumes". Tick "exact fractions" to see every fraction whole.

# %% tags=["nbval-ignore-output"]
from widgets import build_siege_widget

siege_widget = build_siege_widget({5: 1, 4: 1, 3: 1})
siege_widget

# %% [markdown]
# What the widget shows for that hand (saved, so it reads without a kernel):

# %%
print(siege_widget.text)

# %% [markdown]
# ### From the game tracker
#
# The game tracker (`camelot_rules.logs.tracker`, the dashboard's first tab) knows what the table has
# seen. `use_position` reads it into the widget - the dashboard's "From the game tracker" button
# does the same: the siege engines on the board join the verdict, the Second Witch in play and
# Sir Kay's turn set their boxes. The hand stays yours to set: the tracker does not see it.
#

# %%
from camelot_rules.logs.tracker import GameRecord

# a game recorded at the table (the dashboard's first tab does the same, line by line)
game = GameRecord.new(5, expansion=True, knights=["arthur", "galahad", "gawain", "kay", "palamedes"])
for line in ["turn arthur", "evil arthur black", "draw black despair", "draw white for=round_table",
             "turn galahad", "evil galahad engine", "draw white for=round_table",
             "turn gawain", "evil gawain black", "draw black picts", "draw white for=round_table",
             "turn kay", "evil kay engine"]:
    game.add(line)  # a line that breaks a rule would raise ValueError naming the rule
print(game.position().summary())
at_the_table = build_siege_widget({5: 1, 4: 1, 3: 1})  # the widget above stays as it was
at_the_table.use_position(game.position())  # Sir Kay's turn, 2 engines on the board
print(at_the_table.text.splitlines()[0])

# %% [markdown]
# ## Dealt hands: the teacher's table
#
# Deal a hand of $h$ cards from the white deck and fight with every Fight card in it. The exact
# chance to win, by hand size, from the base deck (84 cards) and the combined deck (107 cards;
# its 15 added standard cards are an assumption, *F §3d*; its 3 wild “Fight ?” cards are laid as
# a 5, the value a knight names for them in a siege fight: rule `white.fight-wild`).

# %%
base = dealt_hand_table(standard_deck("white"))
combined = dealt_hand_table(standard_deck("white", expansion=True))
rows = [[h, fmt_percent(base[h]), fmt_percent(combined[h])] for h in base]
display(HTML(html_table(["cards in hand", "base (84)", "base + MC (107)"], rows)))
print("exact, e.g. 3 cards from the base deck:", base[3], "(every value is an exact Fraction)")

# %%
from widgets.plots import plot_series

fig = plot_series({"base (84)": base, "base + Merlin's Company (107)": combined},
                  title="P(win a siege fight) playing every Fight card dealt",
                  xlabel="hand size", ylabel="P(win)")

# %% [markdown]
# ## Checking by simulation
#
# A seeded simulation of the same rule – shuffle, deal, roll a d8 – agrees with the exact values
# (standard error about 0.004 with 15,000 trials).

# %%
for h in [3, 6, 9]:
    sim = simulate_random_hand_fights(standard_deck("white"), h, 15_000, seed=h)
    print(f"hand {h}: simulated {float(sim):.3f} vs exact {float(base[h]):.3f}")
sim = simulate_siege_fights([3, 4], 15_000, seed=34)
print(f"3 + 4: simulated {float(sim):.3f} vs exact {float(siege_win_probability([3, 4])):.3f}")
