# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Travel cards (Merlin's Company)
#
# **The rules** (*JA, travel rules*): in *Merlin's Company* a knight who moves to a new quest **by a
# heroic action**, or **by a knight's special power** (the seed's example: Sir Tristan leaving
# Camelot), first declares the destination, then draws a travel card. Returning to Camelot because a
# quest ended, and moves made by special white or black cards, draw nothing. The 16-card travel deck
# is reshuffled **only when it runs out** – not when the white and black decks are rebuilt – so the
# cards already drawn change the odds.
#
# The cards (*JA, travel rules*):
#
# | card | effect |
# |---|---|
# | Nothing Happens | move safely |
# | Merlin Travels | move safely; Merlin goes to the destination (he enters the board at the first one) |
# | Vision | go to the Grail quest instead; if the Grail quest is over, as Nothing Happens |
# | Charged! / Lost! / Ambushed! | meet the card's demand and move; otherwise a painful result and your turn ends (the move fails) |
# | Captured! | you stay; the card goes under your figure; you skip turns until another knight spends a heroic action and discards a special white card to free you |
#
# **Assumptions.** The translation leaves out the number of each card and the exact demands and
# penalties of Charged!, Lost! and Ambushed!; no public source confirms them (*F §3b*). The defaults
# below are this project's guess and are shown as assumptions everywhere; pass your own.

# %%
from fractions import Fraction

from IPython.display import HTML, display

from camelot_rules import Deck, standard_deck, travel_composition_posterior
from camelot_rules.front.display import fmt_prob, html_table
from camelot_rules.data.rulebook import MOVE_RULES, TRAVEL_DEMANDS
from camelot_rules.odds.montecarlo import simulate_trips
from camelot_rules.odds.travel import (
    expected_turns_lost, next_trip_risk, remaining_travel_deck, trips_distribution,
)

# %%
travel = standard_deck("travel", expansion=True)
print("default travel deck (ASSUMED):", dict(travel.counts), "=", travel.size, "cards")
for d in TRAVEL_DEMANDS:
    print(f"  {d.card}: demand '{d.demand}', else '{d.penalty}' - {d.confidence.value}")

# %% [markdown]
# ## Does this move draw a travel card?
#
# The dispute-settler, straight from the rule text:

# %%
display(HTML(html_table(["move", "draws?", "why", "source"],
                 [[r.move, "yes" if r.draws_travel_card else "no", r.statement, r.source]
                  for r in MOVE_RULES])))

# %% [markdown]
# ## "How likely am I to be captured on the way to the Grail?"
#
# Four cards have been drawn since the last reshuffle: one Captured!, two Nothing Happens and a
# Vision. The knight holds a Grail card (so Lost! is no danger under the default demands) but no
# pair of Fight cards. Next trip:

# %%
left = remaining_travel_deck({"captured": 1, "nothing_happens": 2, "vision": 1})
meets = {"lost": True, "ambushed": False, "charged": False}
risk = next_trip_risk(left, can_meet=meets)
display(HTML(html_table(["outcome", "P"], [[k, fmt_prob(p)] for k, p in risk.outcomes.items()])))

# %% [markdown]
# ## "Is it safer to wait?" – a plan of several trips
#
# Over the next 6 trips (of this knight or any knight – the deck is shared), with the reshuffle
# handled exactly when the 12 cards left run out:

# %%
plan = trips_distribution(left, 6, can_meet=meets)
display(HTML(html_table(["captures in 6 trips", "P"], [[k, fmt_prob(p)] for k, p in plan.captures.items()])))
display(HTML(html_table(["trip", "P(Merlin has entered the board by then)"],
                 [[k, fmt_prob(p)] for k, p in plan.merlin_by_trip.items()])))

# %% [markdown]
# ## What a capture costs
#
# A captured knight cannot free themselves. If a companion frees them before each of their turns
# with probability $p$, the number of own turns lost is geometric: $P(k) = (1-p)^k p$, expected
# $(1-p)/p$ – plus the companion's heroic action and special white card.

# %%
for p in [Fraction(1, 2), Fraction(1, 3), Fraction(1, 5)]:
    print(f"p = {p}: expected turns lost = {expected_turns_lost(p)}")

# %% [markdown]
# ## The travel widget
#
# Edit the composition (the default is marked as assumed), the cards seen since the reshuffle, the
# hand facts and the number of trips.

# %% tags=["nbval-ignore-output"]
from widgets import build_travel_widget

travel_widget = build_travel_widget(seen="captured, nothing_happens: 2, vision", grail=True, trips=6)
travel_widget

# %%
print(travel_widget.text)

# %% [markdown]
# ## Checking the box against the rules
#
# The translation omits the counts, so a group can *measure* them. Record the travel cards drawn in
# play, one list per pass through the deck (a new list at each reshuffle). From a uniform prior over
# every 16-card deck with each of the seven kinds at least once (5,005 decks; or 74,613 if a kind may
# be missing), the exact posterior says which compositions fit. **A full pass pins the composition
# exactly.**

# %%
passes = [
    ["nothing_happens", "captured", "vision", "merlin_travels", "lost", "nothing_happens",
     "ambushed", "charged"],
    ["merlin_travels", "captured", "nothing_happens", "lost", "vision"],
]
post = travel_composition_posterior(passes)
print("compositions still possible:", len(post))
best = sorted(post.items(), key=lambda kv: -kv[1])[:3]
for deck, p in best:
    print(f"{fmt_prob(p)}  {dict(deck.counts)}")
mean_captured = sum(d.count("captured") * p for d, p in post.items())
print("posterior mean number of Captured! cards:", mean_captured, f"= {float(mean_captured):.2f}")
full_pass = [k for k, n in travel.items() for _ in range(n)]
print("after one full pass:", travel_composition_posterior([full_pass]) == {travel: 1})

# %% [markdown]
# How many Captured! cards does the box hold? The posterior of that one count, from the same two
# passes (the other kinds summed out), as bars:

# %%
from widgets.plots import plot_bars

captured_count = {}
for deck, q in post.items():
    captured_count[deck.count("captured")] = captured_count.get(deck.count("captured"), 0) + q
print("sums to", sum(captured_count.values()))
fig = plot_bars([(f"{k} Captured! card{'s' if k != 1 else ''}", q)
                 for k, q in sorted(captured_count.items())],
                title="How many Captured! cards? (after the two passes above)")

# %% [markdown]
# ## Checking by simulation
#
# A seeded simulation (real shuffled lists, a fresh deck when the pile runs out) agrees with the
# exact plan (standard error about 0.012 captures with 6,000 trials).

# %%
sim_cap, sim_fail, sim_merlin = simulate_trips(left, travel, 6, 6000, seed=6, can_meet=meets)
exact_cap = sum(k * p for k, p in plan.captures.items())
print(f"captures in 6 trips: simulated {float(sim_cap):.3f} vs exact {float(exact_cap):.3f}")
print(f"Merlin arrived: simulated {float(sim_merlin):.3f} vs exact {float(plan.merlin_by_trip[6]):.3f}")
