# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # A whole game, step by step
#
# The other notebooks answer one question each. Here the **rules engine**
# (`camelot_rules.engine`) plays a complete game of the base *Shadows over Camelot*: every legal
# move, every card and die with its exact probability, and what each player may see. Rules are
# cited from the official 2005 texts: **RB p.N** is the Rulebook and **BoQ p.N** the Book of
# Quests, by printed page. Everything random below is seeded, so the notebook replays exactly.
# The documentation page *The rules engine* (`docs/engine.md`) describes the library.

# %% [markdown]
# ## The turn
#
# Play goes clockwise, King Arthur first (*RB p.9*). Each turn has two phases, each followed by a
# check for the end of the game (*RB p.9*):
#
# 1. **Progression of Evil** (*RB pp.10-12*) - the knight must pick one of three bad things:
#    * draw the top black card and apply it (*RB p.10*). A *special* black card can be cancelled
#      if the knights together offer 3 Merlin cards (*RB p.10*); a *standard* one goes on its
#      quest, and a Black Knight, Lancelot or Dragon card may be laid face down to draw a free
#      white card (*RB p.11*). Sir Percival may peek at the card first (*RB p.10*);
#    * add a siege engine around Camelot - the 12th loses the game (*RB p.11*);
#    * or lose a life point (*RB p.12*).
# 2. **Heroic actions** (*RB pp.12-17*) - one of: move to another quest (*RB p.12*), the quest's
#    own action (draw white cards or fight a siege engine in Camelot, play a Fight card on a
#    combat quest or a war, a Grail card, discard for Excalibur: *RB pp.13-15*, *BoQ pp.5-11*),
#    play a special white card (*RB p.16*), heal with three identical cards (*RB p.16*), or
#    accuse someone of being the traitor once 6 swords or 6 engines are there (*RB p.16*).
#    Losing a life buys a second, **different** action (*RB pp.16-17*); the knights' powers
#    add their own (*BoQ p.13*).
# 3. **End checks** (*RB pp.17-18*) - the game is lost at once with 12 siege engines, 7 black
#    swords, or all loyal knights dead. When the 12th sword is laid it ends; an undetected
#    traitor then turns two white swords black, and the knights win only with **more** white
#    swords than black: ties go to evil (*RB p.17*).
#
# In the engine each of these is an action (`DrawBlack`, `AddEngine`, `LoseLife`, `Move`,
# `PlayFight`, ...), and every card draw and die roll is a separate **chance step** with exact
# `Fraction` probabilities.

# %%
import random
from collections import Counter

from IPython.display import HTML, display

from camelot_rules import engine
from camelot_rules.front.display import fmt_prob, html_table
from camelot_rules.engine import actions as A
from widgets.game import build_game_widget, summarize_board

# %% [markdown]
# ## A seeded game for five
#
# `new_game(5, seed=1)` deals the knights, the loyalty cards and the white cards (*RB pp.7-8*).
# The first decisions are the **opening share**: each player offers a card and the cards go
# round (*RB p.8*). Each state knows who must decide and which moves are legal; `str(move)`
# reads as you would say it at the table.

# %%
state = engine.new_game(5, seed=1)
obs = state.observation(state.current_player)  # what that seat may see
print("knights by seat:", obs["knights"])
print("seat to act:", state.current_player, "| its hand:", obs["hand"])
print("legal moves:", [str(a) for a in state.legal_actions()])

# %% [markdown]
# A small helper plays one step - a named move, or a **seeded random** one (a uniformly random
# legal move, or a card or die drawn with its exact probability: `engine.random_step`) - and
# prints who did what, what came of it, and the id of the rule the engine applied.

# %%
rng = random.Random(1)


def step(state, move=None):
    '''Play ``move`` (the text of a legal move) or, without one, a seeded random step.'''
    who = "chance" if state.is_chance() else f"seat {state.current_player}"
    if move is None:
        after = engine.random_step(state, rng)
    else:
        legal = {str(a): a for a in state.legal_actions()}
        if move not in legal:
            raise ValueError(f"{move!r} is not legal here; legal: {list(legal)}")
        after = state.apply(legal[move])
    text, rule = after.last_step
    print(f"{who:7} | {str(after.history()[-1]):32} | {text}  [rule {rule}]")
    return after


while state.phase == "setup":  # the opening share, played at random
    state = step(state)

# %% [markdown]
# ### Arthur's first turn: the Progression of Evil
#
# Arthur chooses to draw a black card (*RB p.10*). The draw is a chance step: the engine lists
# every card that can come, each with its exact probability (the 76-card base black deck,
# *BoQ pp.14-16*).

# %%
print(summarize_board(state.observation(state.current_player)))  # the board, as Arthur sees it
print()
state = step(state, "draw a black card")
outcomes = state.chance_outcomes()
print(len(outcomes), "possible cards; the likeliest:")
display(HTML(html_table(["outcome", "P"], [[str(o), fmt_prob(p)]
                                            for o, p in sorted(outcomes, key=lambda op: -op[1])[:5]])))
print("the probabilities add up to", sum(p for _, p in outcomes))
state = step(state)  # the card, drawn with its probability
while state.phase == "evil":  # answers to the card (Merlin cards, face down, ...), at random
    state = step(state)

# %% [markdown]
# ### The heroic action and the end of the turn
#
# At the Round Table Arthur may draw white cards (*RB p.13*: 2 cards, 3 for Gawain). Then he
# ends the turn; the engine checks the end of the game (*RB p.17*) and passes to the next seat.

# %%
print([str(a) for a in state.legal_actions()][:8], "...")
state = step(state, "draw white cards at the Round Table")
while state.is_chance():  # each white card drawn is its own chance step
    state = step(state)
state = step(state, "end the turn")
print()
print(summarize_board(state.observation(state.current_player)))

# %% [markdown]
# ### States never change; illegal moves are refused with a reason
#
# `apply` returns a **new** state: the old one is still there, so you can go back and try another
# move. A state can be saved as JSON and read back equal. A move the rules forbid raises
# `IllegalActionError` (a `ValueError`) naming the rule.

# %%
before = state
after = state.apply(state.legal_actions()[0])
print("the old state is unchanged:", before == state, "| the new one differs:", after != before)
print("JSON round trip equal:", engine.from_json(state.to_json()) == state)
try:
    state.apply(A.Move("grail"))  # a heroic action before the Progression of Evil (RB p.9)
except engine.IllegalActionError as err:
    print("refused:", err)

# %% [markdown]
# ### Two more turns, at random
#
# Random play is a poor knight (it loses life freely), but it shows every kind of step.

# %%
turns = state.observation(0)["turn_number"]
while state.observation(0)["turn_number"] < turns + 2 and not state.is_terminal():
    state = step(state)
print()
print(summarize_board(state.observation(state.current_player)))

# %% [markdown]
# ## The game widget
#
# The widget shows the board as one seat sees it: the swords on the Round Table, the siege
# engines, every quest (face-down black cards as **?**), the knights with their life and relics,
# the decks and the hand of the seat shown. Pick a move and press **Play**, or let **Random
# move** and **Play to the end** play seeded random moves. An illegal or stale move is explained
# in place. Below, twelve random moves have been played from the seeded deal.

# %% tags=["nbval-ignore-output"]
game = build_game_widget(players=5, seed=1)
for _ in range(12):
    game.random.click()
game

# %% [markdown]
# The same board as text (what the widget shows after those twelve moves):

# %%
print(game.text)

# %% [markdown]
# ## A whole game, played to the end
#
# `engine.play_random` plays seeded random steps until the game ends (*RB p.17*) and never stops
# silently: a limit on steps raises.

# %%
start = engine.new_game(5, seed=2026)
end = engine.play_random(start, random.Random(2026))
result = end.result()
print(f"{len(end.history()) - len(start.history())} steps after the deal;",
      "the knights win" if result.knights_win else "evil wins", f"({result.cause})")
print()
print(summarize_board(end.observation(0)))

# %% [markdown]
# How do random knights fare? Two hundred seeded games (each replays exactly from its seed):

# %%
results = Counter()
for seed in range(200):
    r = engine.play_random(engine.new_game(5, seed=seed), random.Random(seed)).result()
    results["knights win" if r.knights_win else "evil wins", r.cause] += 1
HTML(html_table(["result", "cause", "games of 200"],
                [[side, cause, n] for (side, cause), n in results.most_common()]))

# %% [markdown]
# Random knights spend their life too freely: that is the point of a **policy**. A policy is a
# function from what a seat sees (`state.observation(seat)` and `state.legal_actions()`) to a
# move; the documentation page *The rules engine* (`docs/engine.md`) shows how to write one and
# play it against the same seeded cards.
