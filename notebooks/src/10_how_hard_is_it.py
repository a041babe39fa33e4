# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # How hard is the game? Whole games, played by policies
#
# Players ask questions no single calculator answers: *is Merlin's Company harder than the base
# game? what does the traitor cost the knights? does a disputed reading change the outcome?*
# Here the project's rules engine (`camelot_rules.engine`, every rule cited in
# `docs/rules-coverage.md`) plays **whole games**, and we count who wins.
#
# Three things to know before reading any number below:
#
# - **Who plays.** Every decision is taken by a *policy* that sees only what that player may see
#   (`state.observation(seat)`: the board, his own hand and loyalty card - never another hand).
#   The loyal knights are played by `LoyalHeuristic`, the traitor by `TraitorHeuristic`
#   (`camelot_rules/sim/policies.py`; each choice is explained in its docstring). They are
#   plain rules of thumb, **weaker than a real table** - so the numbers measure *these
#   policies on these rules*, and the comparisons between rule variants are the useful part.
# - **Chance** is sampled from the engine's exact chance outcomes with a seeded generator: the
#   same seed gives the same games, on one process, several local processes or a Dask cluster.
# - **Every win rate comes with its exact 95% binomial interval** (Clopper-Pearson); two rates
#   are compared with Fisher's exact test, and several comparisons at once are Holm-adjusted.
#
# This notebook plays few games so that it runs in seconds; the intervals are wide. The
# commands at the end play thousands.

# %%
from collections import Counter

from camelot_rules.front.display import text_table
from camelot_rules.sim import (
    GameConfig,
    simulate_games,
    sweep,
    variant_report,
    variant_sweep,
)
from widgets.sim import build_sim_widget

N = 12  # games per configuration in this notebook (the CLI plays thousands)

# %% [markdown]
# ## 1. The win rate by player count
#
# The base game plays 3-7 (RB p.2), Merlin's Company 3-8 (JA). Each configuration plays the
# same seeded games (game *i* of every configuration is dealt from the same seed).
#
# Measured with 1,000 games per configuration (seed 11; 50 s for the five base rows and 74 s
# for the six Merlin's Company rows on this 2-core machine with the compiled engine, `make
# compiled`: `camelot-rules simulate --games 1000 --seed 11 --workers 2 --sweep
# players=3,4,5,6,7`, and the same with `--expansion --sweep players=3,4,5,6,7,8`), P(knights
# win) with its exact 95% interval, the traitor(s) dealt as the rules say:
#
# | players | base box | Merlin's Company |
# |---|---|---|
# | 3 | 2.1% [1.3, 3.2] (21/1,000) | 0.3% [0.1, 0.9] (3/1,000) |
# | 4 | 4.3% [3.1, 5.7] (43/1,000) | 0.9% [0.4, 1.7] (9/1,000) |
# | 5 | 7.3% [5.8, 9.1] (73/1,000) | 1.5% [0.8, 2.5] (15/1,000) |
# | 6 | 10.9% [9.0, 13.0] (109/1,000) | 1.8% [1.1, 2.8] (18/1,000) |
# | 7 | 17.7% [15.4, 20.2] (177/1,000) | 1.2% [0.6, 2.1] (12/1,000) |
# | 8 | - | 0.6% [0.2, 1.3] (6/1,000) |
#
# With these policies more knights win more often in the base box (every count differs from 3
# players after Holm's adjustment), and Merlin's Company beats them almost every time (5 and 6
# players differ from 3, the others not; section 4 says why). Without a traitor, 5 players win
# 18.3% [15.9, 20.8] (183/1,000) against 7.3% with one (Fisher p < 0.0001). The small run below
# shows the same computation in seconds.
#

# %%
configs = [GameConfig.of(p) for p in range(3, 8)] + [
    GameConfig.of(p, expansion=True) for p in range(3, 9)
]
by_players = variant_report(sweep(configs, n=N, seed=10), seed=10)
print(by_players.text())

# %%
fig = by_players.plot(title=f"P(knights win), {N} games each, 95% Clopper-Pearson intervals")

# %% [markdown]
# ## 2. Base vs Merlin's Company, traitor vs none (5 players)
#
# The first-game variant plays without a traitor (RB p.8). Four configurations; the first row
# is the reference the others are compared with.

# %%
boxes = variant_sweep({"expansion": [False, True], "traitor": ["standard", "none"]}, n=N, seed=11)
print(boxes.text())
fig = boxes.plot()

# %% [markdown]
# ## 3. A rule dispute as a variant: the opening share
#
# RB p.8 says the knights share one white card each at the start "by agreement"; the engine
# reads it as a draft (`opening_share="draft"`), and names the rulebook's fallback (dealt at
# random) and skipping it as options. Does the reading change the outcome? The same games are
# played under each reading. The loyalty deal "maybe a traitor" (RB p.18, `traitor="among_us"`)
# is a second variant of the same kind.
#
# Measured with 1,000 games each (5 players, seed 11): the draft 8.3% [6.7, 10.2], dealt at
# random 7.9% [6.3, 9.7] (p = 0.81 after Holm), no share 7.1% [5.6, 8.9] (p = 0.71): the reading
# of the opening share does not change the outcome measurably. The loyalty deal does: "maybe a
# traitor" deals one more often (5 of 6 games instead of 5 of 8) and the knights win 4.5%
# [3.3, 6.0] against 8.3% (p = 0.0007). The three-player rule of not looking at one's loyalty
# card before 6 swords (RB p.19) changes nothing for these policies (1.6% either way: they never
# use what they saw).
#

# %%
share = variant_sweep({"opening_share": ["draft", "random", "skip"]}, n=N, seed=12)
print(share.text())
print()
deal = variant_sweep({"traitor": ["standard", "among_us"]}, n=N, seed=12)
print(deal.text())

# %% [markdown]
# ### Merlin's Company's open readings: the travel deck's mix and Divine Favor
#
# Two questions the expansion's rules leave open are engine options, so they are axes of a sweep
# like any other (`camelot_rules.sim.AXES` lists them all):
#
# - **The travel deck's mix** (`travel_mix`). The Japanese rules name the seven kinds of travel
#   card and omit their counts (JA travel rules). The project's default, `"assumed"`, is half
#   harmless (3 Nothing Happens, 3 Merlin Travels, 2 Vision) and half harmful (2 each of
#   Charged!, Lost!, Ambushed!, Captured!); two play reports say harmful cards are "the
#   majority", so `"harmful_majority"` moves one Nothing Happens and one Merlin Travels to
#   Charged! and Lost! (6 harmless, 10 harmful). Both are assumptions (UNVERIFIED).
# - **Divine Favor** (`divine_favor_reading`). The card says the *next* tie goes the knights' way,
#   then adds that a game ending with equal swords is won by the knights (JA special white cards).
#   `"next_tie"` (the default) spends the card on the next siege fight, combat quest or final
#   count that ends level; `"final_count"` keeps it for the end of the game only.
#
# Measured with 1,000 games each (seed 11): the assumed mix 1.5% [0.8, 2.5] against
# harmful_majority 1.4% [0.8, 2.3] (p = 1.0); Divine Favor next_tie 1.5% against final_count
# 2.0% [1.2, 3.1] (p = 0.50); at 8 players two traitors turning 3 or 4 swords, 0.6% each. With
# these policies Merlin's Company is lost before any of these readings can matter - the
# comparisons are ready for a stronger policy (plug in your own: `Policies(loyal=...,
# traitor=...)`).
#

# %%
expansion = GameConfig.of(5, expansion=True)
mix = variant_sweep({"travel_mix": ["assumed", "harmful_majority"]}, n=N, seed=14, base=expansion)
print(mix.text())
print()
favor = variant_sweep(
    {"divine_favor_reading": ["next_tie", "final_count"]}, n=N, seed=14, base=expansion
)
print(favor.text())

# %% [markdown]
# ## Exact where it pays: the endgame from a position the games reach
#
# The whole game is far too large to solve exactly, but its end at the Round Table is small:
# the swords on the table, the hidden traitors and when to accuse (`RoundTable`, notebook 05).
# `endgame_comparison` plays seeded games, keeps those that reach a given number of white and
# black swords (no accusation yet), and puts **their** win rate beside the **exact** best play on
# the Round Table model fitted to the same games (per turn: the chance of a white sword, a black
# sword, or a game lost another way - the 12th siege engine, every knight dead - each an exact
# fraction of what was counted). The gap is what the policies leave on the table, or what the
# model leaves out (it folds the traitor's play into those chances): a question, not a verdict.
#
# Measured (`camelot-rules simulate --players 5 --endgame 5,2 --games 1000 --seed 11`): 121 of
# 1,000 games reached 5 white and 2 black swords; the policies won 4.1% [1.4, 9.4] of them, the
# exact best play on the fitted model 6.2% (best first move: quest). From 4 white and 3 black
# (75 games) the policies won 2.7% [0.3, 9.3] and the model's best play 0.8% (best first move:
# accuse): the model leaves out something the games have (the traitor's play is folded into
# average chances), so here the gap is the model's, not the policies'.
#

# %%
from camelot_rules.sim import endgame_comparison

near_end = endgame_comparison(GameConfig.of(5), white=5, black=2, n=10 * N, seed=15)
print(near_end)

# %% [markdown]
# ## 4. What the heuristics do badly
#
# A win rate near zero says more about the players than about the game. How the loyal
# heuristic's games end, with no traitor at 5 players:

# %%
rows = simulate_games(GameConfig.of(5, traitor="none"), n=N, seed=13)
ends = Counter(r.cause for r in rows)
print(text_table(["how the game ended", "games"], ends.most_common()))
mean = lambda field: sum(getattr(r, field) for r in rows) / len(rows)
print(
    f"per game: {mean('white_swords'):.1f} white swords, {mean('black_swords'):.1f} black, "
    f"{mean('siege_engines'):.1f} siege engines at the end, {mean('turns'):.0f} turns, "
    f"{mean('quests_won'):.1f} quests won and {mean('quests_lost'):.1f} lost"
)

# %% [markdown]
# What the policies do badly (read the numbers with this in mind):
#
# - **No turn plan.** Each knight scores his own options; there is no plan of who goes where
#   over several turns. The loyal heuristic lays combat cards face down (a white card drawn,
#   the same expected black), gathers on the quests others are on (measured: spreading out lost
#   more games), watches a half-lost Black Knight or Lancelot when its hand can win there, and
#   fights siege engines with the cheapest cards reaching 8 (9 at the eleventh) - yet the Black
#   Knight and Lancelot are still lost in most games, and siege engines end about half of them.
# - **Few knights die out.** At 3 players half the games end with every knight dead.
# - **Merlin's Company is beyond them.** They weigh the travel deck's risk (the assumed mix and
#   the demands) and want two turns of work before a trip, but few quests are won (about one
#   a game against three in the base box), a failed demand or Captured! costs whole turns, and
#   the games end mostly at 7 black swords: 1.5% wins at 5 players. They leave a captured
#   knight captured: the engine skips his whole turn, the evil step too, so freeing him buys
#   no turn back. Even with 16 harmless travel cards (`travel_mix=(16, 0, 0, 0, 0, 0, 0)`)
#   they win only 3.1% [2.1, 4.4] (1,000 games, seed 11): the expansion as the engine plays it
#   is hard, and these policies do not find their way through.
# - **Merlin's Company's three "Fight ?" cards have no play.** The public facts give them as
#   wild Fight cards at LOW confidence; the engine offers no action for them, so the policies
#   throw them away first (`card_worth`).
# - **Nobody accuses on evidence.** The loyal heuristic keeps no memory of who did what; the
#   traitor heuristic sabotages by stalling and drawing black.
# - **Their level is not the game's.** Experienced tables report winning the base game about
#   half the time without a traitor; these policies win 18.3%.
#
# So the useful numbers are the *differences* between rule variants played by the same
# policies on the same seeds, not the level.
#

# %% [markdown]
# ## 5. Pick a configuration and watch the interval tighten
#
# Choose the players, the box(es), the traitor rules, the number of games and the seed, and
# press **Run**: the table is redrawn after every batch of games, so you can watch the interval
# narrow as games come in. (Saved here: a small run, shown below the widget.)

# %% tags=["nbval-ignore-output"]
sim = build_sim_widget(5, traitors=("standard", "none"), games=N, seed=1, batch=6, run=True)
sim

# %%
print(sim.text)

# %% [markdown]
# ## 6. At scale: thousands of games, local processes or a Dask cluster
#
# ```bash
# # one configuration, one CSV row per game (same seed, same file whatever the workers)
# .venv/bin/camelot-rules simulate --players 5 --games 10000 --seed 11 --workers 2 --csv out.csv
# # rule variants side by side, with a plot and the significance table
# .venv/bin/camelot-rules simulate --games 1000 --seed 11 --workers 2 \
#     --sweep traitor=none,standard --sweep expansion=no,yes --plot variants.png
# # on a Dask cluster (the same table as on one machine, for the same seed)
# .venv/bin/camelot-rules simulate --games 100000 --seed 11 --scheduler tcp://10.0.0.5:8786 --progress
# ```
#
# In Python: `sweep(configs, n=..., seed=..., workers=2)` on local processes, or on Dask with
# `client=` a `dask.distributed.Client`, a cluster object (`LocalCluster(n_workers=2)`) or a
# scheduler address; `progress=True` shows a progress bar. The same seed gives the same table
# everywhere: every game has its own seed, whatever process plays it.
#
# **Speed.** `make compiled` compiles the engine, the game loop and the policies with mypyc
# (the same source, the same games: `camelot_rules/base/compiled.py`). Measured on this 2-core
# machine (`benchmarks/bench_sim.py --games 1000 --repeat 3`, 5 players, medians): 111 games a
# second on one core, 175 on two worker processes; a sweep of 100,000 games of one
# configuration on two workers (`benchmarks/bench_sweep.py`) took 8.3 minutes, 100 games a
# second per worker. The machine's speed swings from run to run (the same build gave 98 to
# 157 games a second on one core within an hour); `benchmarks/bench_instructions.py` counts
# the instructions a game costs instead (27.6 million, compiled).
#
