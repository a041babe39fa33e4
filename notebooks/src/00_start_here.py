# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Start here: what camelot-rules answers
#
# *camelot-rules* computes **exact** odds (fractions, not simulations) for the chance events of
# *Shadows over Camelot* and its expansion *Merlin's Company*: siege-engine fights, card draws,
# deck exhaustion, travel cards and the end-game swords. Every number below is a
# `fractions.Fraction`; percentages are only for reading.
#
# Where the rules come from:
#
# * **RB**, **BoQ** – the official 2005 Rulebook and Book of Quests, by printed page (e.g. *RB p.10*).
# * **ES** – the Spanish summary of the base rules, with the rulebook page it cites (e.g. *ES p.13*).
# * **JA** – the Japanese translation of the Merlin's Company rules, by section (e.g. *JA witches*).
# * **F** – public facts gathered for this project (card counts, each with a confidence level:
#   `high`, `med`, `low`, `unverified`). Anything below `high` is an **assumption**, shown as such.
#
# The other notebooks:
#
# * `01_siege_fights` - siege-engine fights: the odds of a fight, the hand advisor, Sir Kay;
# * `02_travel_risk` - travel cards: which moves draw one, the risk of capture over a plan;
# * `03_deck_exhaustion` - reshuffles, the First Witch and the cards of finished quests;
# * `04_state_graph` - the exact state-graph explorer, and how to write your own model;
# * `05_endgame_traitors` - the last swords, and when to accuse;
# * `06_rules_disputes` - rule disputes settled with numbers, and a recorded game checked;
# * `07_whole_game` - a whole game played by the rules engine, step by step, with the board;
# * `08_teaching_the_expansion` - Merlin's Company as a lesson for teachers, with a one-page
#   handout (in Japanese and Spanish too: `08_teaching_the_expansion.ja.ipynb`, `.es.ipynb`);
# * `09_quests` - quest odds: the Grail, Excalibur and the wars as races, the combat quests;
# * `10_how_hard_is_it` - whole games played by policies: how often the knights win;
# * `app` - the dashboard (`make app`): the game tracker and every calculator on one page.

# %%
from fractions import Fraction
from math import comb

from camelot_rules import (
    deck_facts, draw_probability, first_draw_distribution, setup_position, standard_deck,
)
from camelot_rules.front.display import assumption_lines, fmt_prob, text_table
from camelot_rules.odds.montecarlo import simulate_draws, simulate_first_draw

# %% [markdown]
# ## The decks in the box
#
# The base game has 84 white, 76 black and 8 loyalty cards (7 loyal + 1 traitor); Merlin's
# Company adds 23 white and 14 black cards (7 of them Morgan's witches), a 16-card travel deck
# and a 9-card loyalty deck whose second traitor is used only with 7-8 players (*JA, 7-8 players*).

# %%
rows = []
for kind in ["white", "black", "loyalty", "travel"]:
    for expansion in [False, True]:
        if kind == "travel" and not expansion:
            continue
        players = (8 if expansion else 7) if kind == "loyalty" else None
        deck = standard_deck(kind, expansion=expansion, players=players)
        facts = deck_facts(kind, expansion=expansion, players=players)
        assumed = sum(e.count for e in facts if e.confidence.is_assumption)
        rows.append([kind, "base + MC" if expansion else "base", deck.size, assumed])
print(text_table(["deck", "box", "cards", "cards whose count is an assumption"], rows))

# %% [markdown]
# ### Which counts are assumptions?
#
# The base white deck is fully verified. The base black deck's quest cards (Excalibur, Despair,
# Picts, Saxons, Mercenaries) are rated MED-HIGH by the public facts (only their total of 64
# standard cards is HIGH), recorded here as `med`. Below are the expansion counts that are
# **not** verified (`med` or weaker):
# the expansion's standard-card mix comes from one custom implementation (`low`), one expansion
# white card is unidentified, and the travel deck's mix per kind is not in either seed — the
# translation leaves it out — so the default is this project's guess (`unverified`). Every
# calculator accepts your own `Deck` instead.

# %%
for kind, expansion in [("white", True), ("black", True), ("travel", True)]:
    print(f"--- {kind} deck, base + Merlin's Company ---")
    for line in assumption_lines(kind, expansion=expansion):
        print("  assumed:", line)

# %% [markdown]
# ## Question 1: a Grail card at the Round Table?
#
# At the Round Table a knight draws 2 white cards (*F §6*). What is the chance that at least one is
# a Grail card, from the full 84-card white deck with its 18 Grail cards?
#
# By hand: $1 - \binom{66}{2} / \binom{84}{2} = 1 - 2145/3486$.

# %%
white = standard_deck("white")
p = draw_probability(white, 2, "grail")
print("P(at least one Grail in 2) =", fmt_prob(p))
print("by hand:", 1 - Fraction(comb(66, 2), comb(84, 2)) == p)

# %% [markdown]
# In a real game the cards left are not the full box. After setup each knight holds one Merlin
# card and 5 more white cards (*F §1 setup*). From a knight's own seat the draw pile is a random
# part of the cards they have not seen, so the odds come from the **unseen** cards. Say you are
# one of 5 players and hold two Grails:

# %%
pos = setup_position(5, hand={"grail": 2, "fight_3": 2, "fight_1": 1})
print("unseen white cards:", pos.white_unseen.size, "| draw pile:", pos.white_draw_pile_size)
print("P(at least one Grail in 2) =", fmt_prob(draw_probability(pos.white_unseen, 2, "grail")))
print("setup assumptions:", pos.assumptions)

# %% [markdown]
# ## Question 2: where is the First Witch?
#
# With Merlin's Company the black deck holds 90 cards. The First Witch rebuilds the white and
# black decks at once (*JA witches*). How deep in a fresh black deck is she, and how soon does the
# first of the seven witches show up?
#
# For one card the position is uniform; for the first of k copies,
# $P(\text{first at } i) = \binom{N-i}{k-1} / \binom{N}{k}$.

# %%
black = standard_deck("black", expansion=True)
first_witch = first_draw_distribution(black, "morgan_witch_1")
print("P(First Witch in the top 10) =", fmt_prob(sum(first_witch[i] for i in range(1, 11))))
witches = [f"morgan_witch_{i}" for i in range(1, 8)]
any_witch = first_draw_distribution(black, witches)
mean = sum(i * p for i, p in any_witch.items())
print("first of the 7 witches: mean position", mean, f"= {float(mean):.2f}")
print("P(a witch among the first 5 black cards) =", fmt_prob(draw_probability(black, 5, witches)))

# %%
from widgets.plots import plot_distribution

fig = plot_distribution(any_witch, title="Position of the first witch in a fresh 90-card black deck",
                        xlabel="draw number")

# %% [markdown]
# ## Checking by simulation
#
# A seeded simulation of the same rules (shuffle, draw) agrees with the exact answers to within
# sampling error. The size of that error is itself exact: the standard error of a mean of 20,000
# draws is the distribution's standard deviation over √20,000 - about 0.07 positions for the
# first witch (her position varies a lot), about 0.003 for the Grail chance. The simulation is
# right when it lands within about two standard errors.

# %%
from math import sqrt

n = 20_000
sim = simulate_first_draw(black, witches, n, seed=2026)
sim_mean = sum(i * p for i, p in sim.items())
variance = sum((i - mean) ** 2 * q for i, q in any_witch.items())  # exact, a Fraction
se_mean = sqrt(variance / n)
print(f"first witch: simulated mean position {float(sim_mean):.2f} vs exact {float(mean):.2f}"
      f" (standard error {se_mean:.3f}; off by {abs(float(sim_mean - mean)) / se_mean:.1f} s.e.)")
sim_p = simulate_draws(white, 2, ["grail"], n, seed=2026)
se_p = sqrt(p * (1 - p) / n)
print(f"Grail in 2: simulated {float(sim_p):.3f} vs exact {float(p):.3f}"
      f" (standard error {se_p:.4f}; off by {abs(float(sim_p - p)) / se_p:.1f} s.e.)")
