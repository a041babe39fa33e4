# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Teaching Merlin's Company: a lesson for players who know the base game
#
# This notebook follows the order in which you would explain the box to a table that already
# plays *Shadows over Camelot*: what is in the box and how setup changes, then travel,
# Captured!, Merlin's figure, the seven witches, the eight new special white cards, finished
# quests, and last the games for 7-8 players with two traitors. For each change you get
#
# * **the rule**, in a sentence or two, with its source;
# * **one number** (or a small table) that shows why it matters at the table;
# * **where to try it**: the widget, in this notebook, another notebook or the dashboard
#   (`make app`).
#
# **Sources.** The expansion's rules come from the Japanese translation of the Merlin's Company
# rulebook, cited by its sections: *JA setup*, *JA travel rules*, *JA witches*, *JA special
# white cards*, *JA finished quests' black cards*, *JA 7-8 players*. The base game is cited
# from the 2005 Rulebook (*RB p.N*) and Book of Quests (*BoQ p.N*).
#
# **Where the numbers come from.** Every number is computed here by the library, on the rules
# engine, when the notebook runs: nothing below is typed in by hand. *Exact* numbers
# (fractions) follow every card that can come with its exact chance
# (`camelot_rules.odds.expansion`). *Simulated* numbers come from whole games played by a
# policy (`camelot_rules.sim.expansion`); the policy is named wherever its numbers appear.
#
# **Assumptions are labelled.** What no source gives is marked **ASSUMPTION** wherever a
# number rests on it; where the texts are silent and the engine had to choose, the choice is
# marked **ENGINE READING**. The first table lists them all.
#
# A one-page handout of this lesson, to print and hand out, is at the end (and `make handout`
# writes it in English, Japanese and Spanish).

# %%
from camelot_rules.base.i18n import set_language
from camelot_rules.engine import new_game, random_step
from camelot_rules.front import lesson
from camelot_rules.sim import Policies
from camelot_rules.sim.expansion import box_play

set_language("en")  # the library's tables speak the notebook's language
POLICIES = Policies()  # the fast policies: LoyalHeuristic and TraitorHeuristic
GAMES, SEED, PLAYERS = 200, 1, 5  # the simulated games of section 9

# %% [markdown]
# ## 0. What rests on an assumption

# %%
print(lesson.assumptions_table())

# %% [markdown]
# ## 1. What is in the box, and how setup changes
#
# * **King Arthur always plays** (*JA 7 new knights*): first decide who plays him.
# * **Coats of arms**: either every base coat of arms except Arthur's is replaced by the
#   expansion's, or each knight chooses his base or his expansion version - but two knights with
#   coats of the same colour never play together (*JA 7 new knights*).
# * **The travel deck**: shuffle the 16 travel cards into a deck within everyone's reach.
#   **Merlin's figure** waits beside it: it enters the board only when the first *Merlin
#   Travels* card is drawn (*JA setup*).
# * **Add 14 black and 23 white cards** to the base decks (they carry an "M" mark); then set up
#   as in the base game (*JA setup*).
#
# **The number**: the decks you play with.

# %%
print(lesson.box_table())

# %% [markdown]
# **Try it**: the board widget at the end of this notebook (tick *Merlin's Company*): its
# *Merlin's Company* box shows Merlin's figure, the travel pile and the cards out of the game.
#
# ## 2. Travel is no longer safe
#
# In the base game a move is already a heroic action (*RB p.12*), but it always arrives. With
# Merlin's Company, **a knight who moves to a new quest as his heroic action - or by a knight's
# power, like Sir Tristan leaving Camelot - first names his destination, then draws a travel
# card** (*JA travel rules*):
#
# * *Nothing Happens* - he arrives;
# * *Merlin Travels* - he arrives, and Merlin's figure goes to that quest;
# * *Vision* - he goes to the Holy Grail instead (nothing happens if the Grail quest is over);
# * *Charged!*, *Lost!*, *Ambushed!* - he arrives if he meets the card's demand; otherwise a
#   painful result, and his turn ends at once (the move fails);
# * *Captured!* - he stays where he is (section 3).
#
# A return to Camelot because a quest ended, and a move made by a special white or black card,
# draw nothing, as in the base game (*JA travel rules*). **ENGINE READING**: a heroic move *back*
# to Camelot draws a travel card too (the Japanese text speaks of a move "to a new quest").
#
# **The number**: how often a move is spoiled - the knight does not end up where he meant to go.
# First King Arthur leaves Camelot for the Black Knight with an empty hand, card by card; then
# the same move with the cards that meet the demands, and with the two travel mixes the engine
# knows (both are **ASSUMPTIONS**: the translation leaves out how many of each card there are).

# %%
print(lesson.travel_table())
print()
print(lesson.travel_hands_table())

# %% [markdown]
# **Try it**: the travel widget (below, and notebook 02; on the dashboard, the *Travel* tab):
# type the travel cards already seen, tick what your hand can pay, and read the chance of being
# captured over a plan of trips.

# %% tags=["nbval-ignore-output"]
from widgets.travel import build_travel_widget, render_travel

TRAVEL = dict(seen="nothing_happens, vision", grail=True, trips=4)
travel_widget = build_travel_widget(**TRAVEL)
travel_widget

# %% [markdown]
# The widget's answer follows its controls. Saved below: its answer for the inputs it opened
# with (`TRAVEL`), from `render_travel`, the function the widget calls.

# %%
print(render_travel(**TRAVEL)[1])

# %% [markdown]
# ## 3. Captured!
#
# **A captured knight stays where he is, puts the Captured! card under his figure and misses his
# turns until another knight spends a heroic action and discards a special white card to free
# him; he can never free himself** (*JA travel rules, Captured!*). While the card lies under his
# figure it is out of the travel deck, so the next mover is a little safer.
#
# Two **ENGINE READINGS** fill gaps the text leaves: when every knight still in play is captured,
# the one whose turn comes slips free (otherwise the game would stall); and a knight who dies
# while captured sends his Captured! card to the travel discards.
#
# **The number**: the chance of Captured! on one move, and what it costs. How many turns a
# captured knight loses depends on his companions, not on the cards: if they free him with a
# given chance before each of his turns, he loses on average (1 - chance) / chance of his own
# turns.

# %%
print(lesson.captured_table())

# %% [markdown]
# **Try it**: the travel widget above (*trips*: the chance of being captured at least once over
# several moves).
#
# ## 4. Merlin's figure
#
# **Merlin's figure is off the board until the first Merlin Travels is drawn; each Merlin Travels
# then puts it beside the quest the knight reached. Merlin is not a knight of the Round Table,
# so he may join any quest, solo quests included** (*JA Merlin Travels*). The new card *Merlin to
# the Rescue* moves him to any quest, even one that is over; **on a finished quest he stops the
# siege engine its black cards would add** (*JA special white cards*).
#
# **ENGINE READING**: the Japanese rules say Merlin "helps the knights" but give him no effect
# on a quest still in play, so in the engine his figure there does nothing.
#
# **The number**: when Merlin's figure enters the board, and how many black cards his figure
# neutralises once their quest is over.

# %%
print(lesson.merlin_table())

# %% [markdown]
# **Try it**: the deck-exhaustion widget (notebook 03; the dashboard's *Decks* tab) takes the
# quests Merlin stands on and shows the siege engines he saves.
#
# ## 5. Morgan's seven witches
#
# Seven witches join the black deck (*JA witches*). Three act once, when drawn:
#
# * **1st** - the white and the black decks are rebuilt at once;
# * **3rd** - a Pict and then a Saxon warrior join their wars (the Pict first: it may lose that
#   war before the Saxon comes);
# * **4th** - every knight discards a Grail card or loses 1 life; a knight without a Grail card
#   loses the life.
#
# Four stay in play (the new white card *Dispel* sends one away):
#
# * **2nd** - until a quest is won, nobody may give up a life point: not in the Progression of
#   Evil, not for a second heroic action, not for Sir Caradoc's power (life can still be lost);
# * **5th** - from now on a wrong accusation turns 2 white swords black instead of 1;
# * **6th** - from now on a Merlin card played leaves the game instead of the discard pile;
# * **7th** - at the next quest lost, every knight not on it loses 1 life; then she goes.
#
# **The numbers**: how soon a witch comes, and each witch played by the engine on a small
# position - the board before and after (or without and with the witch in play).

# %%
print(lesson.witches_table())

# %% [markdown]
# **Try it**: the deck-exhaustion widget (notebook 03): name a witch and see the chance she comes
# before the next rebuild of the decks.
#
# ## 6. Eight new special white cards
#
# All eight are special white cards: played as a heroic action and discarded, like the base
# game's (*JA special white cards*).
#
# * **Call for Help** - the other knights may join you on your quest, free and without a travel
#   card; not from a solo quest (but a knight may leave one to answer the call).
# * **Dispel** - discard one special black card in play: the Dark Forest, the Mists of Avalon,
#   Mordred, Vivien, or the 2nd, 5th, 6th or 7th witch.
# * **Divine Favor** - the next tie between the knights and Evil goes to the knights; so does a
#   final count with as many white swords as black.
# * **Dragon Slayer** - draw 3 white cards; on the Dragon's quest, also lay 2 Fight cards.
# * **Merlin to the Rescue** - move Merlin's figure to any quest, even a finished one (section 4).
# * **New Hope** - discard your whole hand, this card included, and draw as many white cards.
# * **Tournament** - gain 2 life points (or, with the base game's squires variant, make a squire
#   a knight at once).
# * **Truce** - end a war (Picts or Saxons) with no winner: its Fight cards, warriors and
#   Mordred are removed.
#
# **The numbers**: how likely a knight starts with one of them, and each card played by the
# engine on a small position.

# %%
print(lesson.specials_table())

# %% [markdown]
# **Try it**: the board widget at the end: when a knight holds one of these cards, its plays are
# among the legal moves.
#
# ## 7. Finished quests: their black cards leave the game
#
# In the base game a black card of a quest that is already over (an Excalibur card after
# Excalibur, a Grail card after the Grail, a Lancelot/Dragon card after the Dragon) adds a siege
# engine instead and is discarded, so it comes back after the next reshuffle (*RB p.11; BoQ
# p.16*). **With Merlin's Company it still adds its siege engine, then leaves the game: it never
# comes back** (*JA finished quests' black cards*). Merlin's figure on that quest stops the
# engine (section 4).
#
# Reshuffles themselves do not change: when the white or the black draw pile runs out, **both**
# are rebuilt, in the base game too (*RB p.10*, and its boxed note on *RB p.13*; the Japanese
# rules repeat it); the travel deck is reshuffled only when it runs out itself (*JA travel
# rules*).
#
# **The number**: how many black cards belong to a one-off quest, and so leave the game as the
# quests end.

# %%
print(lesson.finished_table())

# %% [markdown]
# **Try it**: the deck-exhaustion widget (notebook 03): list the quests that are over and
# compare the base game with the expansion.
#
# ## 8. Seven or eight players: maybe two traitors
#
# Merlin's Company plays up to 8. **At 7 or 8 players the second traitor card goes into the
# loyalty deck; the two traitors do not know each other. At the end, one hidden traitor turns 2
# white swords black, two hidden traitors turn 3** (*JA 7-8 players*). Ties still go to Evil,
# unless Divine Favor was played (section 6).
#
# **The numbers**: how many traitors a deal gives, followed on every branch of the engine's deal;
# then what hidden traitors do to a final count.

# %%
print(lesson.traitors_table())

# %% [markdown]
# **Try it**: the graph widget's *Round Table endgame* (notebook 05) plays the last swords
# with one or two traitors, and shows when an accusation pays.
#
# ## 9. The whole game: what the box does to the knights' chances
#
# The same seeded games, with and without the expansion, played to the end by the project's
# fast policies, the heuristics (`POLICIES` above; the table names them). They are rules of
# thumb and play worse than a real table - for instance the loyal heuristic never spends a
# special white card to free a captured companion - so read the table as *what these rules do
# to these players*. The search policies of notebook 10 search on both sides, the knights' and
# the traitor's, and play better (its table gives the measured rates) but take seconds a
# game: pass `lineup("search")` (from
# `camelot_rules.sim.lineups`) as `POLICIES` and every number below follows, in minutes.

# %%
base = box_play(POLICIES, players=PLAYERS, expansion=False, games=GAMES, seed=SEED)
mc = box_play(POLICIES, players=PLAYERS, expansion=True, games=GAMES, seed=SEED)
print(lesson.play_table(base, mc))
print()
print(lesson.specials_played_table(mc))

# %% [markdown]
# **Try it**: notebook 10's simulation widget plays games as you watch, with any player count and
# rule reading; `camelot-rules simulate --expansion` plays thousands.
#
# ## The board, with the expansion
#
# Tick **Merlin's Company**, choose 3-8 players and a seed, and press **New game**; then play
# moves by hand or at random. The *Merlin's Company* box shows Merlin's figure, the captured
# knights, the witches in play, Divine Favor, the travel pile and the cards out of the game.
# Below: a 7-player game after 40 seeded random steps.

# %% tags=["nbval-ignore-output"]
from random import Random

from widgets.game import build_game_widget, summarize_board

rng = Random(8)
state = new_game(7, expansion=True, seed=8)
for _ in range(40):
    state = random_step(state, rng)
while state.current_player is None:  # (a chance step next: play on to a knight's choice)
    state = random_step(state, rng)
game = build_game_widget(state, seed=8)
game

# %% [markdown]
# The position the board opened on (the widget moves on as you play; this stays):

# %%
print(summarize_board(state.observation(state.current_player)))

# %% [markdown]
# ## The one-page handout
#
# Each change, its rule in one sentence with the source, and its one number, on one printable
# page (the numbers are the ones above). `make handout` writes it as
# `build/handout/merlins-company.{en,ja,es}.html`; open the file and print it.

# %%
lesson.Handout(base, mc)
