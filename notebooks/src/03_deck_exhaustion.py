# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Deck exhaustion, reshuffles and the First Witch
#
# **The rules** and where they come from:
#
# * A black card is applied as soon as it is drawn (*RB p.10*; *ES p.10*).
# * **When the white or the black draw pile runs out, both are rebuilt**: each discard pile is
#   shuffled into a fresh draw pile, the other one even if it was not empty yet (*RB p.10*, and
#   the boxed note on *RB p.13*; the Spanish seed's "new draw decks", *ES p.10*). This is the
#   base game's rule, and *Merlin's Company* keeps it: its note repeats it and adds that **the
#   travel deck is not reshuffled then** (*JA, travel rules - note on reshuffles*). The
#   calculators follow the other deck by its pile size (by default 77 white cards, 2 drawn half
#   the turns - **an assumption**; give your own with `RebuildRules(other_deck=OtherDeck(...))`);
#   every answer below prints the reading it used.
# * *Merlin's Company*: a black card drawn for a quest that is **already over** adds its siege
#   engine and is then **removed from the game**, never shuffled back (*JA, black cards of finished
#   quests*). In the base game it adds the engine and is **discarded** (*RB p.11; BoQ p.16*), so
#   it comes back after every reshuffle.
# * The **First Witch** rebuilds the white and black decks at once (*JA witches, 1st*). Whether the
#   cards still in the draw pile join the rebuild is not said: the default shuffles draw pile and
#   discards together (**an assumption**; `rebuild_mode="discards_only"` is the other reading).
# * **Merlin** standing on a finished quest stops its black cards from adding engines
#   (*JA, Merlin to the Rescue*).

# %%
from fractions import Fraction

from IPython.display import HTML, display

from camelot_rules import (
    Deck, DeckPosition, forecast, next_rebuild, standard_deck, turns_until_exhausted,
)
from camelot_rules.odds.rebuilds import RebuildRules
from camelot_rules.front.display import fmt_expectation, fmt_prob, html_table
from camelot_rules.odds.montecarlo import simulate_black_deck, simulate_turns_until_exhausted

# %% [markdown]
# ## When does the black deck run out?
#
# How many black cards a turn draws depends on the evil-progression choice (draw a black card, add
# a siege engine or lose a life) and on cards that draw more. Here we assume a table where a
# turn draws **no** black card 1/3 of the time, **one** 1/2 of the time and **two** 1/6 (e.g.
# Lancelot's Armor). Because a turn may draw nothing, the answer needs a **horizon**: we stop at
# turn 200 and report what is left. This counts the black pile on its own - how long its cards
# last; by the rule above, a white pile running out rebuilds it earlier (the next sections count
# that too).

# %%
mix = {0: Fraction(1, 3), 1: Fraction(1, 2), 2: Fraction(1, 6)}
rows = []
runout = {}
for label, size in [("base (76)", 76), ("base + Merlin's Company (90)", 90)]:
    dist = turns_until_exhausted(size, mix, horizon=200)
    runout[label] = dist
    median = next(t for t in sorted(dist) if sum(dist[s] for s in dist if s <= t) >= Fraction(1, 2))
    rows.append([label, median, fmt_prob(1 - sum(dist.values()))])
display(HTML(html_table(["black deck", "median turn it runs out", "P(not out by turn 200)"], rows)))

# %%
from widgets.plots import plot_cumulative

fig = plot_cumulative(runout, title="When does the black deck run out? (mix above)",
                      xlabel="turn", ylabel="run out by this turn")

# %% [markdown]
# ## Will the First Witch rebuild the decks first?
#
# In a fresh 90-card black deck the First Witch is somewhere in the pile, so with one card at a
# time she is always drawn before the black pile runs out. How likely are the other six witches
# to show up before she resets everything? Each witch is equally likely to be before or after
# her, so for one named witch it is 1/2, and for any of the six, 6/7 = 85.71%, if she brings the
# rebuild. But the white pile running out rebuilds both decks too (*RB p.10*; the JA note repeats
# it), so with the assumed white pile the rebuild sometimes comes from the white side first, and
# the chance drops a little below 6/7.

# %%
position = DeckPosition(standard_deck("black", expansion=True), expansion=True)
others = [f"morgan_witch_{i}" for i in range(2, 8)]
nr = next_rebuild(position, mix, cards=others, horizon=200)
print("causes:", ", ".join(f"{c} {fmt_prob(p)}" for c, p in nr.by_cause.items()))
print("P(one of witches 2-7 before the rebuild) =", fmt_prob(nr.seen_before))
print("P(no rebuild within 200 turns) =", fmt_prob(nr.unresolved))

# %%
first_witch = next_rebuild(position, mix, cards=["morgan_witch_1"], horizon=120)
fig = plot_cumulative({"the next rebuild (First Witch or a pile out)": first_witch.by_turn,
                       "the black deck runs out (no witch)": runout["base + Merlin's Company (90)"]},
                      title="Rebuild timing, 90-card black deck", xlabel="turn",
                      ylabel="by this turn")

# %% [markdown]
# ## How many witches in the next 8 turns?
#
# Across rebuilds (the First Witch reshuffles, and witches can come back), the exact distribution of
# the number of witches drawn in 8 turns:

# %%
witches = [f"morgan_witch_{i}" for i in range(1, 8)]
fc = forecast(position, mix, 8, cards=witches)
display(HTML(html_table(["witches drawn", "P"], [[k, fmt_prob(p)] for k, p in fc.count.items() if p > Fraction(1, 10**6)])))
print("(rows below one in a million left out; the distribution sums to", sum(fc.count.values()), ")")
print("expected rebuilds:", fmt_expectation(fc.expected_rebuilds))
print("options:", "; ".join(fc.options[2:4]))

# %% [markdown]
# ## Now that the Dragon is dead: base vs expansion
#
# Once the Dragon quest is over, each Lancelot/Dragon card drawn adds a siege engine. In the base
# game the card is discarded and comes back after the next reshuffle; in *Merlin's Company* it
# leaves the game. Late in a game: 12 cards left in the black draw pile, 4 of them
# Lancelot/Dragon cards, and 20 cards in the discards with 3 more. Over the next 30 turns, both
# decks rebuilt together in both boxes (*RB p.10*; `RebuildRules(both_decks=True)` says so to the
# calculator; the reading it used is printed under the table):

# %%
draw = Deck({"lancelot_dragon_1_5": 2, "lancelot_dragon_3_7": 1, "lancelot_dragon_5_9": 1,
             "despair": 4, "picts": 2, "saxons": 2})
discard = Deck({"lancelot_dragon_1_5": 2, "lancelot_dragon_7_11": 1, "excalibur": 7,
                "black_knight_1": 4, "mercenaries": 4, "morgan_3": 1, "guinevere": 1})
rows = []
both = RebuildRules(both_decks=True)  # RB p.10: a pile running out rebuilds both
for expansion in [False, True]:
    pos = DeckPosition(draw, discard, finished_quests={"dragon"}, expansion=expansion)
    fc = forecast(pos, mix, 30, rules=both)
    engines = sum(k * p for k, p in fc.engines.items())
    rows.append(["Merlin's Company (removed)" if expansion else "base (discarded)",
                 fmt_expectation(engines), fmt_prob(fc.engine_by_turn[30]),
                 fmt_expectation(fc.expected_rebuilds)])
display(HTML(html_table(["rules", "E[engines in 30 turns]", "P(engine in turn 30)", "E[reshuffles]"], rows)))
print("reading:", "; ".join(line for line in both.describe(pos) if line.startswith("other deck")))
pos = DeckPosition(draw, discard, finished_quests={"dragon"}, expansion=True, merlin_on={"dragon"})
merlin = forecast(pos, mix, 30, rules=both).engines
print("with Merlin on the Dragon's quest:",
      "; ".join(f"{k} engines {fmt_prob(p)}" for k, p in merlin.items()),
      "- Merlin blocks every one of them")

# %% [markdown]
# ## The exhaustion widget
#
# Pick the deck, type the cards already drawn since the last rebuild, the quests that are over and
# the draw mix; the widget shows when the next rebuild comes, why, and the chance that the cards
# you name come up before it. Bad input shows a message in place.

# %% tags=["nbval-ignore-output"]
from widgets import build_exhaustion_widget

exhaustion_widget = build_exhaustion_widget(drawn="despair: 4, picts: 2, morgan_witch_3",
                                            named="morgan_witch_2", mix="0: 1/3, 1: 1/2, 2: 1/6",
                                            horizon=120)
exhaustion_widget

# %%
print(exhaustion_widget.text.split("turn  P")[0])

# %% [markdown]
# ### From the game tracker
#
# The widget can read the deck position from a recorded game (`use_position`; the dashboard's
# "From the game tracker" button): the black deck of the game's box, the cards gone since the
# last rebuild as "already drawn", the quests that are over. The draw mix and the named cards
# stay as they were.
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
exhaustion_widget.use_position(game.position())
print(exhaustion_widget.text.split("turn  P")[0])

# %% [markdown]
# ## Checking by simulation
#
# A seeded simulation with real shuffled lists agrees with the exact values (standard errors
# about 0.008 for the witch count and 0.1 turns for the run-out turn).

# %%
fc = forecast(position, mix, 8, cards=witches)
exact = sum(k * p for k, p in fc.count.items())
sim_seen, sim_rebuilds, _ = simulate_black_deck(position.draw, position.discard, mix, 8, 8000,
                                                seed=8, cards=witches, expansion=True)
print(f"witches in 8 turns: simulated {float(sim_seen):.3f} vs exact {float(exact):.3f}")
dist = turns_until_exhausted(76, mix, horizon=200)
sim = simulate_turns_until_exhausted(76, mix, 3000, seed=76, horizon=200)
print(f"base deck runs out, mean turn: simulated {float(sum(t * p for t, p in sim.items())):.1f} "
      f"vs exact {float(sum(t * p for t, p in dist.items())):.1f}")
