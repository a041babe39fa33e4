# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Quest odds: "should I go to the Grail, or to the Picts?"
#
# Most arguments at the table are about quests: *can we still win the Grail at this rate?*, *is it
# worth sending a second knight?*, *will the Picts be lost before my next turn?* This notebook
# answers them **exactly** (every chance is a `Fraction`; percentages are only for reading).
#
# **Where the rules come from.** Every card played in these calculations is played by the rules
# engine's own code (`camelot_rules/engine/`, its `black.py`, `quests.py` and `expansion.py`: the
# Despair, the Desolation, a Grail card, an Excalibur card, a warrior, Mercenaries, Mordred, the
# Third Witch), and the numbers of spots,
# steps and warriors come from `camelot_rules/data/rulebook.py`. There is no second copy of a quest
# rule in the calculators. Pages: *RB* is the 2005 Rulebook, *BoQ* the Book of Quests, *JA* the
# Japanese translation of the *Merlin's Company* rules.
#
# **How each answer is checked** (in `tests/odds/test_quests.py`): every calculator against a
# brute-force count over every ordering of a small deck, played by rules written apart from the
# engine; and against seeded games played through the whole engine (full black deck, every
# card's own effect).

# %%
from camelot_rules import (
    best_next_fight, combat_race_probability, combat_win_probability, excalibur_race, grail_race,
    turn_choices, war_race,
)
from camelot_rules.front.display import fmt_prob, text_table
from camelot_rules.engine import position

# %% [markdown]
# ## The races: what the model assumes
#
# The Grail, Excalibur and the wars are **races**: the knights on the quest lay cards as their
# heroic actions while the black cards drawn in every knight's evil step push the other way. The
# calculators follow the table turn by turn (one knight's turn at a time, clockwise from the next
# player) and give the chance that the quest is **won** or **lost** by the end of each turn. What
# they take for granted is printed with every answer:

# %%
curve = grail_race(4, 1, [2, 2], 6)
for line in curve.assumptions:
    print("-", line)

# %% [markdown]
# ## The Holy Grail (BoQ p.9, pp.15-16; RB p.15)
#
# **The rule, in our words.** The quest has 7 spots. A knight on it may, as his heroic action, lay
# one Grail card on the free spot nearest the Grail; when every spot is full, his card instead
# removes the Despair nearest the Grail. A **Despair** drawn takes the free spot farthest from the
# Grail, or, when the spots are full, removes the farthest Grail card. A **Desolation** first
# removes the farthest Grail card and then lies like a Despair. The **Dark Forest** stops Grail
# cards until another quest is won. Seven Grail cards win the Grail (3 white swords); seven black
# cards lose it (3 black swords).
#
# **Dispute 1: "I hold four Grail cards: I'll go alone, no need for Gawain."** Four Grail cards and
# one Despair lie on the quest (two free spots). The Despair means **four** more Grail cards are
# needed (two to fill the spots, one to push the Despair off, one to lay the seventh). At a table
# of four, a knight alone lays one card every four turns.

# %%
rows = []
for label, hands in [("one knight with 4", [4]), ("two knights with 2 each", [2, 2]),
                     ("two knights, 3 and 1", [3, 1])]:
    for turns in (8, 12):
        r = grail_race(4, 1, hands, turns, players=4)
        rows.append([label, turns, fmt_prob(r.p_win), fmt_prob(r.p_lose, 2)])
print(text_table(["on the Grail", "turns", "P(won by then)", "P(lost by then)"], rows))

# %% [markdown]
# Alone, the four cards need four of his own turns: nothing can be won within 8 turns of the
# table (two of his turns), and within 12 (three of his turns) the model still says no. The
# first is a fact of the rules even for a knight who sacrifices life points: a sacrifice buys a
# second heroic action, but never the same one twice in a turn (*RB p.16-17*), so he lays at most
# one Grail card a turn. The second holds only without a sacrifice, which a player arguing this
# dispute would count on: spending a life point to play a Merlin card as his second action
# removes the Despair (a Merlin card removes the last standard black card on a quest, *BoQ
# p.15*), so three Grail cards are enough and three of his turns can win. The calculator leaves
# sacrifices and Merlin cards out (its assumptions, printed above). Meanwhile every Despair drawn
# (15 in the 76-card box) means one more Grail card is needed. Two knights lay twice as fast. And
# "3 and 1" cannot win at all within 8 turns: the second knight runs dry after one card, and the
# first lays only every fourth turn.
#
# **Dispute 2: "Nobody needs to watch the Grail yet."** With no knight on it, how likely is the
# Grail to be lost within the next 12 turns of the table, by the number of Despairs already on it?

# %%
rows = []
for despairs in (3, 4, 5, 6):
    base = grail_race(0, despairs, [], 12)
    mc = grail_race(0, despairs, [], 12, expansion=True)
    rows.append([despairs, fmt_prob(base.p_lose, 2), fmt_prob(mc.p_lose, 2)])
print(text_table(["Despairs on it", "lost within 12 turns (base)",
                  "with Merlin's Company's black cards"], rows))

# %% [markdown]
# ## Excalibur (BoQ p.8, p.16; RB p.14)
#
# **The rule.** A knight on the quest discards any one white card as his heroic action and the
# sword moves one step toward the knights' bank; every black Excalibur card drawn moves it one step
# toward the frozen bank. Reaching a bank ends the quest. The track has 5 steps each way from the
# start (read from the board picture: *medium* confidence, see `rulebook.ENGINE_THRESHOLDS`).
#
# **Dispute 3: "Excalibur is two steps from us - send one knight with three cards, or two with two
# each?"** Two steps from the knights' bank is place 3 on the track (the bank is at +5).

# %%
from camelot_rules.data import rulebook

two_steps_away = rulebook.threshold("excalibur_steps") - 2  # the knights' bank less two steps
rows = []
for label, hands in [("one knight, 3 cards", [3]), ("two knights, 2 each", [2, 2])]:
    r = excalibur_race(two_steps_away, hands, 8, players=4)
    rows.append([label, fmt_prob(r.p_win), fmt_prob(r.p_lose, 2)])
print(text_table(["on Excalibur", "P(won within 8 turns)", "P(lost)"], rows))

# %% [markdown]
# ## The Pict and Saxon wars against their warriors (BoQ p.10, p.16; RB p.15; JA witches)
#
# **The rule.** The knights lay Fight cards 1, 2, 3, 4, 5 in order on a war (one more 5 while
# Mordred is on it); the fifth wins. Each Pict (Saxon) card drawn adds a warrior; a **Mercenaries**
# card adds one to the war its drawer chooses, and **Mordred** joins the war he is put on. The
# fourth warrior loses the war (2 siege engines, 1 black sword). In *Merlin's Company* the
# **Third Witch** brings one Pict and one Saxon (JA witches).
#
# **Dispute 4: "The drawer of Mercenaries should put them on the war we are not fighting."** The
# Picts have 1, 2 laid and two warriors; one knight holds 3 and 4, the next one a 5. Who decides
# where Mercenaries go changes the odds this much:

# %%
rows = []
for here, label in [(True, "on this war (the worst case)"), (False, "on the other war")]:
    r = war_race("picts", 2, 2, [[3, 4], [5]], 8, chosen_here=here)
    rows.append([label, fmt_prob(r.p_win), fmt_prob(r.p_lose)])
print(text_table(["Mercenaries and Mordred go", "P(won within 8 turns)", "P(lost)"], rows))

# %% [markdown]
# **The Third Witch.** With nobody on the Picts and two warriors already there, the chance the war
# is lost within 8 turns, base game against *Merlin's Company* (its 90-card black deck has one more
# Pict card, one more Mercenaries and the Third Witch):

# %%
for expansion in (False, True):
    r = war_race("picts", 0, 2, [], 8, expansion=expansion)
    print("Merlin's Company" if expansion else "base game       ", fmt_prob(r.p_lose))

# %% [markdown]
# ## The combat quests (BoQ pp.5-7, p.14; RB p.14)
#
# **The rule.** The Fight cards laid must grow into the quest's pattern (Black Knight: two pairs;
# Lancelot: a full house; the Dragon: three three-of-a-kinds). The quest ends the moment its last
# white or black spot is filled; the black cards are revealed, and the knights win only with a
# **strictly** greater total (a tie loses, RB p.17). The official example (RB p.14): Fight
# 4 + 5 + 5 = 14 against Lancelot cards 3 + 1 + 1 + 5 + 1 = 11 is won.
#
# **Dispute 5: "Lay the 5, it's the biggest."** On the Black Knight the knights have 3, 3; two
# black cards lie face down. My hand: 5, 1, 3. Which card, and how much does it help? (The 3
# would make three 3s: not two pairs, so the pattern refuses it.)

# %%
print("as laid now:", fmt_prob(combat_win_probability("black_knight", [3, 3], 2)))
for n in best_next_fight("black_knight", [3, 3], [5, 1, 3], 2):
    print(f"lay Fight {n.value}: {fmt_prob(n.p_win)}" + (" (ends the quest)" if n.ends_quest else ""))
print("the RB p.14 example:", combat_win_probability(
    "lancelot", [4, 5, 5], ["lancelot_dragon_3_7", "lancelot_dragon_1_5", "lancelot_dragon_1_5",
                            "lancelot_dragon_5_9", "lancelot_dragon_1_5"]))

# %% [markdown]
# **Dispute 6: "Two 1s against two face-down cards? Hopeless - keep them for the siege."** The
# Black Knight shows 4, 4; two black cards lie face down; I hold 1, 1. Laid as it stands the quest
# would end with 8 against four black cards. But my two 1s finish the two pairs: if I lay one now
# and the other next turn, the quest ends the moment the fourth white card lands, after only one
# more black card. `combat_race_probability` plays the coming steps in order (`w`: I may lay a
# card, `b`: a black card lands, `a`: it is drawn by the holder of Lancelot's Armor, who sees two
# and keeps the lower, BoQ p.6); I choose each card, or none, for the best chance. With Divine
# Favor (Merlin's Company) in play a tie goes to the knights. In a terminal:
# `camelot-rules quest combat black-knight --whites 4 4 --black-hidden 2 --hand 1 1 --schedule bww`
# (add `--divine-favor`, or `a` for an Armor draw).

# %%
rows = []
for label, schedule in [("no more white cards", ""),
                        ("a 1 now, the other after the next black card", "wbw"),
                        ("the same, that black card drawn with the Armor", "waw"),
                        ("too late: two black cards first", "bbww")]:
    p = combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1], schedule=schedule)
    f = combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1], schedule=schedule,
                                divine_favor=True)
    rows.append([label, fmt_prob(p), fmt_prob(f)])
print(text_table(["the steps to come", "P(knights win)", "with Divine Favor"], rows))

# %% [markdown]
# Laying the 1s turns 10.6% into 70.3% (83.8% if the Armor's holder draws that black card);
# waiting is the mistake: once two more black cards land, the black spots are full and the quest
# ends before my second 1. Divine Favor changes only the first and last rows: 8 against four
# black cards can tie (every Black Knight card is odd, so four of them sum to an even number),
# 10 against three cannot. The same race is an explorer model, "Combat quest" in the graph widget
# (notebook 04), which shows each of my choices state by state; its exact solve is tested equal to
# these numbers.

# %% [markdown]
# ## A turn's choice: "where should I go?"
#
# For a position of the rules engine, each heroic action on a quest that is open to me, with the
# chance that it **wins its quest this turn** and the chance that the quest is **lost before my next
# turn** (the other three knights each draw a black card first). Exact for this one step; the
# numbers use only what the table sees (face-down cards stay unknown).
#
# Here I stand on the Grail (3 Grail cards and 3 Despairs on it) holding a Grail card and Fight 2
# and 5; the Black Knight shows Fight 2 against 1 + 5 and one face-down card; the Picts have a 1
# and three warriors.

# %%
table = position(
    4, location={0: "grail"}, hands={0: {"grail": 1, "fight_2": 1, "fight_5": 1}},
    phase="heroic",
    quests={"grail": {"grails": 3, "blacks": ("despair",) * 3},
            "black_knight": {"white": (2,), "black": (("black_knight_3", True),
                                                       "black_knight_1", "black_knight_5")},
            "picts": {"fights": 1, "warriors": 3}},
)
rows = [[c.action, fmt_prob(c.p_win_now), fmt_prob(c.p_lost_soon)] for c in turn_choices(table)]
print(text_table(["heroic action", "wins its quest now", "quest lost before my next turn"], rows))

# %% [markdown]
# Laying the Grail card fills the quest's seven spots, so no Despair can end it before my turn
# comes back; meanwhile the Picts (three warriors: one Pict or Mercenaries card loses the war) and
# the Black Knight (its fourth black card ends the fight, and 2 cannot beat 1 + 5 + two more) are
# each about a one-in-three risk - but going there does not lower it this turn, as I cannot lay
# anything useful on arrival.

# %% [markdown]
# ## Longer plans: the explorer, and the one real choice in a race
#
# The calculators above assume every evil step draws a black card. The rules allow another
# choice (RB p.9-10): add a siege engine instead. `QuestRace` is the same race as a model for the
# state-graph explorer (`camelot_rules.explorer.models.quest_race`, the same engine steps), with that
# choice at every evil step; the explorer solves the knights' best play exactly. With no engine
# allowed it gives back the calculator's number (a second route to it); with one or two engines
# the knights can protect their critical turns:

# %%
from camelot_rules import explore, outcome_probabilities
from camelot_rules.explorer.models.quest_race import QuestRace

rows = []
for engines in (0, 1, 2):
    graph = explore(QuestRace("grail", (4, 1), ((2,), (2,)), turns=6, engines=engines))
    best = outcome_probabilities(graph, maximize="won")
    rows.append([engines, graph.number_of_nodes(), fmt_prob(best["won"])])
print(text_table(["siege engines allowed", "states", "P(Grail won within 6 turns), best play"],
                 rows))
print("the calculator, drawing every time:", fmt_prob(grail_race(4, 1, [2, 2], 6).p_win))

# %% [markdown]
# ## The quest widget
#
# Choose the quest, set what lies on it and what the knights hold (for the Grail and Excalibur:
# the cards of each knight on it, e.g. `2, 2`, in turn order from the next player; for a war, each
# knight's Fight values separated by `;`, e.g. `3 4; 5`; for a combat quest, my Fight values). The
# table and the chart show the chance turn by turn, several knights against the first one alone.

# %% tags=["nbval-ignore-output"]
from widgets.quest import build_quest_widget, quest_curves, quest_figure, render_quest

OPENING = dict(quest="grail", grails=4, blacks=1, hands="2, 2", turns=8)
quest_widget = build_quest_widget(**OPENING)
quest_widget

# %% [markdown]
# The widget writes its answer into its result box (`quest_widget.result.value`, an HTML
# widget's value), which follows every change of the controls. The cell below is not a copy of
# the widget's state, which would go stale as soon as a control moves: it prints the answer for
# the **opening inputs** (`OPENING`), from `render_quest`, the same pure function the widget
# calls - so the saved text reads without a kernel and always says what it claims.

# %%
html_answer, text_answer = render_quest(**OPENING)
print(text_answer)

# %%
curves = quest_curves("grail", hands="2, 2", grails=4, blacks=1, turns=12)
fig = quest_figure(curves, title="The Grail: two knights with 2 cards each, or the first alone")

# %% [markdown]
# The curve for two knights rises in steps at their turns; the first knight alone, with his two
# cards, can never find the Grail here (four cards are needed), which is the point of Dispute 1.
