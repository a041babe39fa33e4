# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Teaching Merlin's Company: what the expansion changes, in numbers
#
# This notebook is for a teacher (or a table of players) who knows *Shadows over Camelot* and
# wants to explain **what Merlin's Company changes** - each change with a number. The numbers
# come from the project's rules engine (`camelot_rules.engine`) playing the expansion
# (`expansion=True`):
#
# * **exact** numbers (fractions) come from the engine's chance steps: every card that can come
#   next, with its exact probability;
# * **simulated** numbers come from seeded random games: they replay exactly from their seed,
#   but they are estimates, and they depend on how the knights play (see the caveat below).
#
# **Where the rules come from.** The expansion's rules are read from the Japanese translation of
# the Merlin's Company rulebook, cited by section: *JA setup*, *JA travel rules*, *JA witches
# (4th)*, *JA special white cards*, *JA 7-8 players*, *JA finished quests' black cards*. The base
# game is cited from the 2005 Rulebook (*RB p.N*) and Book of Quests (*BoQ p.N*).
#
# **What no source gives is an assumption, and is labelled ASSUMPTION wherever it is used**: the
# mix of the 16 travel cards, what Charged!, Lost! and Ambushed! demand, the powers of six of
# the seven new knights, what the 8th player gets instead of a Merlin card, and one of the 15
# standard white cards. Change the assumption, and the numbers that rest on it change.

# %%
import random
from collections import Counter
from fractions import Fraction
from math import comb

from camelot_rules.data import rulebook
from camelot_rules import engine
from camelot_rules.engine.arithmetic import after_hidden_traitors, knights_win_count
from camelot_rules.front.display import fmt_prob, text_table
from camelot_rules.engine import actions as A
from widgets.game import build_game_widget

summary = {}  # the headline numbers, printed together at the end

# %% [markdown]
# ## The assumptions, in one place
#
# Everything below that rests on one of these says so. The confidence levels are the project's
# (`camelot_rules.data.rulebook`): anything below `high` is an assumption.

# %%
print("ASSUMPTION - the travel deck's mix (JA travel rules name the 7 kinds and say there are 16")
print("cards; the count of each kind is left out of the translation):")
print(
    text_table(
        ["travel card", "copies", "confidence"],
        [[e.name, e.count, e.confidence.value] for e in rulebook.TRAVEL],
    )
)
print()
print("ASSUMPTION - what the three 'demand' cards ask (JA: meet the card's demand and you")
print("arrive; otherwise a painful result and your turn ends at once):")
print(
    text_table(
        ["card", "demand (assumed)", "if not met (assumed)"],
        [[d.card, d.demand, d.penalty] for d in rulebook.TRAVEL_DEMANDS],
    )
)
print()
others = [k for k in rulebook.EXPANSION_KNIGHTS if k != "caradoc"]
print("Known power: Sir Caradoc - once per turn, 1 life for 2 white cards (JA witches, 2nd).")
print("ASSUMPTION - no power for the other new knights (unknown):", ", ".join(others))
print("ASSUMPTION - 8 players, 7 Merlin cards: the engine deals the 7 there are, the 8th seat")
print("gets none (no source says what the 8th knight gets).")
unknown = next(e for e in rulebook.EXPANSION_WHITE if e.name == "unidentified_white")
print(f"ASSUMPTION - {unknown.count} of the 15 new standard white cards is unidentified; the")
print("engine keeps it as a card with no effect ('unidentified_white').")


# %% [markdown]
# ## 1. Seven or eight players: maybe two traitors
#
# Merlin's Company plays up to 8. Its loyalty deck has 9 cards, 7 loyal and 2 traitors; the
# second traitor goes into the deck **only at 7-8 players** (*JA 7-8 players*), and the two
# traitors do not know each other. One card is dealt to each player.
#
# At 7 players, 7 of the 9 cards are dealt, so 2 stay out. By hand (counting which 7 cards are
# dealt): no traitor needs both traitors among the 2 left out, $1/\binom{9}{2} = 1/36$; exactly
# one traitor, $\binom{7}{1}\binom{2}{1}/36 = 14/36$; two traitors, $\binom{7}{2}/36 = 21/36$.
#
# The engine deals the loyalty cards one chance step at a time; the cell below follows **every**
# branch of the deal with its exact probability.

# %%
def traitor_odds(players):
    """Exact P(number of traitors dealt), by following every branch of the engine's deal."""
    state = engine.new_game(players, expansion=True)  # the chance state before the deal

    def loyalty_step(s):
        outs = s.chance_outcomes() if s.is_chance() else []
        deal = outs and isinstance(outs[0][0], A.Deal) and outs[0][0].what in ("loyal", "traitor")
        return outs if deal else None

    while loyalty_step(state) is None:  # the coats of arms come first: they do not matter here
        state = state.apply_chance(state.chance_outcomes()[0][0])
    odds = Counter()

    def walk(s, p, traitors):
        outs = loyalty_step(s)
        if outs is None:
            odds[traitors] += p
            return
        for outcome, q in outs:
            walk(s.apply_chance(outcome), p * q, traitors + (outcome.what == "traitor"))

    walk(state, Fraction(1), 0)
    return odds


rows = []
deal = {}
for n in range(3, 9):
    deal[n] = traitor_odds(n)
    rows.append([n] + [fmt_prob(deal[n][k]) for k in (0, 1, 2)])
print(text_table(["players", "no traitor", "one traitor", "two traitors"], rows))

by_hand = {0: Fraction(1, 36), 1: Fraction(14, 36), 2: Fraction(21, 36)}
print("\n7 players, engine = 1/36, 14/36, 21/36:", dict(deal[7]) == by_hand)
hyper = {k: Fraction(comb(2, k) * comb(7, 8 - k), comb(9, 8)) for k in (0, 1, 2)}
print(
    "8 players, engine = hypergeometric (0, 2/9, 7/9):",
    all(deal[8][k] == hyper[k] for k in (0, 1, 2)),
)
summary["P(two traitors) at 7 players"] = fmt_prob(deal[7][2])
summary["P(two traitors) at 8 players"] = fmt_prob(deal[8][2])

# %% [markdown]
# At 8 players there is always at least one traitor, and more often than not two: "1 traitor for
# sure, probably 2", as a player wrote after an 8-player game. At 3-6 players the second traitor
# stays in the box, so the odds of the base game hold (a traitor with probability $n/8$).
#
# **At the end of the game** each hidden traitor turns white swords black: one hidden traitor
# turns 2, two hidden traitors turn **3** (*JA 7-8 players*). Ties still go to Evil - unless the
# new white card **Divine Favor** was played and not yet used: then the next tie goes to the
# knights (*JA special white cards*).

# %%
rows = []
for white, black in [(8, 4), (9, 3), (10, 2)]:
    for hidden in (0, 1, 2):
        w, b = after_hidden_traitors(white, black, hidden)
        rows.append(
            [
                f"{white}-{black}",
                hidden,
                f"{w}-{b}",
                "knights" if knights_win_count(w, b) else "Evil",
                "knights" if knights_win_count(w, b, divine_favor=True) else "Evil",
            ]
        )
print(
    text_table(
        ["swords laid", "hidden traitors", "after the flip", "winner", "winner with Divine Favor"],
        rows,
    )
)


# %% [markdown]
# ## 2. Travel is no longer safe
#
# In the base game a knight moves for free. In Merlin's Company, a move made **as a heroic
# action** (or by a knight's power, like Sir Tristan leaving Camelot) names its destination and
# then draws a **travel card** (*JA travel rules*):
#
# * **Nothing Happens** - you arrive;
# * **Merlin Travels** - you arrive, and Merlin's figure goes to that quest;
# * **Vision** - you go to the Holy Grail instead (if the Grail quest is over: nothing happens);
# * **Charged! / Lost! / Ambushed!** - meet the card's demand and arrive; otherwise a painful
#   result and your turn ends at once;
# * **Captured!** - you stay where you are, the card goes under your figure, and you miss your
#   turns until another knight frees you (a heroic action and a special white card).
#
# Returning to Camelot after a quest, and moves made by special cards, draw nothing.
#
# The chance of each card is exact **for the assumed mix** (16 cards, shown above). The engine
# draws the card as a chance step; below, Arthur moves from Camelot to the Black Knight with
# three different hands, and we count the moves that **arrive where he meant to go**.

# %%
def travel_odds(hand, destination="black_knight", **setup):
    """Exact P(arriving at the destination) for one move, and what each travel card does.
    When a demand card comes, the knight meets it if his hand can."""
    s = engine.position(4, expansion=True, phase="heroic", hands={0: hand}, **setup)
    s = s.apply(A.Move(destination))  # declare the destination; a travel card is drawn
    arrive, rows = Fraction(0), []
    for outcome, p in s.chance_outcomes():
        after = s.apply_chance(outcome)
        if not after.is_chance() and after.current_player == 0:  # a demand card: pay if able
            legal = after.legal_actions()
            pays = [a for a in legal if isinstance(a, A.Pay)]
            if pays or A.Pass() in legal:
                after = after.apply(pays[0] if pays else A.Pass())
        ok = after.location[0] == destination
        arrive += p if ok else 0
        if ok:
            paid = outcome.card in ("charged", "lost", "ambushed")
            what = after.last_step[0] if paid else "arrives"
        elif after.captured[0]:
            what = "captured: stays, misses turns"
        elif outcome.card == "vision":
            what = f"goes to {after.location[0]} instead"
        else:
            what = after.last_step[0]
        rows.append([outcome.card, fmt_prob(p), what])
    return arrive, rows


arrive, rows = travel_odds({})
print("Arthur, empty hand, Camelot -> Black Knight (travel mix: ASSUMPTION):")
print(text_table(["travel card", "probability", "what happens"], rows))
print("P(the move arrives) =", fmt_prob(arrive), "| P(spoiled) =", fmt_prob(1 - arrive))

counts = {e.name: e.count for e in rulebook.TRAVEL}
safe = counts["nothing_happens"] + counts["merlin_travels"]
print(
    "check by hand: (Nothing Happens + Merlin Travels) / 16 =",
    Fraction(safe, sum(counts.values())) == arrive,
)
summary["P(move spoiled), empty hand (assumed mix)"] = fmt_prob(1 - arrive)

# %% [markdown]
# A hand that can meet the (assumed) demands saves the move more often; moving **to the Grail**
# makes Vision harmless. A card under a captured knight's figure is out of the deck, so the next
# mover's odds change too (drawing without replacement).

# %%
FULL = {"grail": 1, "fight_3": 1, "fight_2": 2}  # meets every (assumed) demand
hands = [
    ("empty hand", {}, "black_knight", {}),
    ("a Grail card", {"grail": 1}, "black_knight", {}),
    ("Grail + Fight 3 + a pair of Fight 2", FULL, "black_knight", {}),
    ("the same hand, moving to the Grail", FULL, "grail", {}),
    ("empty hand, seat 1 already captured", {}, "black_knight", {"captured": [1]}),
]
rows = []
for label, hand, dest, setup in hands:
    arrive, _ = travel_odds(hand, dest, **setup)
    rows.append([label, dest, fmt_prob(arrive), fmt_prob(1 - arrive)])
print(text_table(["hand", "destination", "P(arrives)", "P(spoiled)"], rows))
print("(ASSUMPTION: the travel mix and the demands shown at the top.)")
full = travel_odds(FULL)[0]
summary["P(move spoiled), hand meeting every demand"] = fmt_prob(1 - full)
s = engine.position(4, expansion=True, phase="heroic", captured=[1]).apply(A.Move("black_knight"))
p_cap = engine.probability_of(s, A.Draw("travel", "captured"))
print(
    "\nP(Captured!) on a fresh deck =",
    fmt_prob(Fraction(counts["captured"], 16)),
    "| with one Captured! card under a figure =",
    fmt_prob(p_cap),
)


# %% [markdown]
# ## 3. Captured! - how often, and for how long?
#
# How many turns a captured knight sits out depends on the other players: someone must spend a
# heroic action and a special white card to free him. That is a question about **play**, not
# only about cards, so here it is **simulated**: 300 seeded games of 5 players, each replayed
# exactly from its seed.
#
# **Caveat - the random policy.** In these games every knight picks a uniformly random legal
# move. Random knights move often (so they draw many travel cards) and free each other only by
# chance. Real players will differ; treat these numbers as an illustration of the rule, not as
# a forecast for your table. The travel mix is the ASSUMPTION shown above.
#
# One more engine reading (no source covers it): if every knight still in play is captured -
# typically because the others have died - the captured knight whose turn comes slips free,
# rather than stall the game. A knight who dies while captured keeps the card under his figure.

# %%
def capture_story(players, seed):
    """Play one seeded random game; return the captures and, for each, the turns sat out."""
    rng = random.Random(seed)
    s = engine.new_game(players, expansion=True, seed=seed)
    prev, open_, done = s, {}, []
    while not s.is_terminal():
        s = engine.random_step(s, rng)
        n = s.cfg.players
        seat = prev.turn
        for _ in range(s.turn_no - prev.turn_no - 1):  # turns skipped inside this step
            seat = (seat + 1) % n
            while prev.dead[seat] or s.dead[seat]:
                seat = (seat + 1) % n
            open_[seat] += 1
        for x in range(n):
            if s.captured[x] and not prev.captured[x]:
                open_[x] = 0
            elif prev.captured[x] and not s.captured[x]:
                how = (
                    "freed by a knight"
                    if isinstance(s.history()[-1], A.Free)
                    else "slipped free (no uncaptured knight left)"
                )
                done.append((open_.pop(x), how))
        prev = s
    for x, k in open_.items():
        done.append((k, "died captured" if s.dead[x] else "captured at the game's end"))
    return done


GAMES = 300
stories = [capture_story(5, seed) for seed in range(GAMES)]
episodes = [e for story in stories for e in story]
turns = Counter(k for k, _ in episodes)
print(f"{GAMES} seeded random games, 5 players (random policy; travel mix ASSUMED)")
print("games with at least one Captured!:", sum(1 for st in stories if st), "of", GAMES)
print(f"captures per game: {len(episodes) / GAMES:.2f}")
print("how the captures ended:", dict(Counter(how for _, how in episodes).most_common()))
print("own turns sat out per capture:")
print(
    text_table(
        ["turns", "captures", "share"],
        [[k, turns[k], f"{turns[k] / len(episodes):.0%}"] for k in sorted(turns)],
    )
)
mean = sum(k for k, _ in episodes) / len(episodes)
print(
    f"mean: {mean:.2f} turns; at least one turn missed: "
    f"{sum(1 for k, _ in episodes if k) / len(episodes):.0%} of captures"
)
summary["captures per 5-player random game"] = f"{len(episodes) / GAMES:.2f}"
summary["turns sat out per capture (mean, random policy)"] = f"{mean:.2f}"


# %% [markdown]
# ## 4. Morgan's seven witches
#
# The expansion adds seven special black cards, the **witches** (*JA witches*). Four of them
# (the 2nd, 5th, 6th and 7th) stay in play; the new white card **Dispel** can send one away. Each
# cell below builds a **small position by hand** with `engine.position(..., expansion=True)`,
# lays the witch on top of the black deck (or in play) and shows what changes. The witch is a
# special black card, so three Merlin cards could still cancel it (*RB p.10*); here nobody holds
# Merlin cards.

# %%
def draw_black(state):
    """Draw the known top black card (a chance step with one outcome, probability 1)."""
    state = state.apply(A.DrawBlack())
    while state.is_chance():
        ((outcome, _),) = state.chance_outcomes()
        state = state.apply_chance(outcome)
    return state


def board(state):
    o = state.observation(0)
    d = o["decks"]
    return (
        f"swords {o['white_swords']}W/{o['black_swords']}B, engines {o['siege_engines']}, "
        f"life {list(o['life'].values())}, "
        f"white {d['white_draw']}+{d['white_discard']} disc., "
        f"black {d['black_draw']}+{d['black_discard']} disc., witches in play {o['witches']}, "
        f"out of the game {o['removed']}"
    )


print("1st Witch - the white and black piles are rebuilt at once (JA witches, 1st):")
s = engine.position(
    4,
    expansion=True,
    black_top=["morgan_witch_1"],
    white_discard={"fight_1": 5, "grail": 3},
    black_discard={"despair": 4},
)
print("  before:", board(s))
print("  after: ", board(draw_black(s)))

print("\n3rd Witch - a Pict, then a Saxon (JA witches, 3rd); 3 Picts already at the wall:")
s = engine.position(
    4,
    expansion=True,
    black_top=["morgan_witch_3"],
    quests={"picts": {"warriors": 3}, "saxons": {"warriors": 1}},
)
after = draw_black(s)
q = after.observation(0)["quests"]
print("  before:", board(s))
print("  after: ", board(after))
saxons = q["saxons"]["warriors"]
print("  the 4th Pict loses the war (2 engines + 1 black sword); Saxons now", saxons)

print("\n4th Witch - each knight discards a Grail card or loses 1 life (JA witches, 4th):")
s = engine.position(4, expansion=True, black_top=["morgan_witch_4"], hands={1: {"grail": 2}})
s = draw_black(s)
print(
    f"  Arthur has no Grail card: life {s.life[0]}; seat {s.current_player} chooses:",
    [str(a) for a in s.legal_actions()],
)

# %%
print("2nd Witch - no life may be sacrificed until a quest is won (JA witches, 2nd):")
for witches in ([], ["morgan_witch_2"]):
    s = engine.position(4, expansion=True, witches=witches)
    evil = [str(a) for a in s.legal_actions()]
    s = engine.position(4, expansion=True, witches=witches, phase="heroic")
    s = s.apply(A.DrawWhite())
    rng = random.Random(0)
    while s.is_chance():
        s = engine.random_step(s, rng)
    second = any(isinstance(a, A.Sacrifice) for a in s.legal_actions())
    print(
        f"  witches {witches}: Progression of Evil {evil}; "
        f"a second heroic action for 1 life: {second}"
    )

print("\n5th Witch - a wrong accusation turns 2 white swords black, not 1 (JA witches, 5th):")
for witches in ([], ["morgan_witch_5"]):
    s = engine.position(
        4, expansion=True, witches=witches, phase="heroic", white_swords=5, black_swords=1
    )
    s = s.apply(A.Accuse(1))  # seat 1 is loyal: a wrong accusation
    print(f"  witches {witches}: 5W/1B -> {s.wsw}W/{s.bsw}B  ({s.last_step[0]})")

print("\n6th Witch - a Merlin card played leaves the game (JA witches, 6th):")
for witches in ([], ["morgan_witch_6"]):
    s = engine.position(
        4,
        expansion=True,
        witches=witches,
        phase="heroic",
        siege_engines=3,
        hands={0: {"merlin": 1}},
    )
    s = s.apply(A.PlaySpecial("merlin", ("engine",), False))
    o = s.observation(0)
    print(
        f"  witches {witches}: engines 3 -> {o['siege_engines']}; white discard "
        f"{o['decks']['white_discard']}, white cards out of the game {o['removed']['white']}"
    )

print("\n7th Witch - at the next quest lost, every knight not on it loses 1 life")
print("(JA witches, 7th);")
print("a 4th Pict arrives, Galahad (seat 1) is at the Pict war:")
for witches in ([], ["morgan_witch_7"]):
    s = engine.position(
        4,
        expansion=True,
        witches=witches,
        black_top=["picts"],
        quests={"picts": {"warriors": 3}},
        location={1: "picts"},
    )
    after = draw_black(s)
    print(
        f"  witches {witches}: life {list(s.life)} -> {list(after.life)}; "
        f"witches left {sorted(after.witches)}"
    )

# %% [markdown]
# ## 5. Finished quests' black cards leave the game
#
# In the base game, a black card for a quest that is already over (an Excalibur card after
# Excalibur is decided, a Despair after the Grail, a Lancelot/Dragon card after the Dragon) adds
# a siege engine and is **discarded** - it comes back at the next reshuffle. In Merlin's Company
# it still adds the siege engine, but is then **removed from the game** (*JA finished quests'
# black cards*), so the black deck thins out as quests end. If Merlin's figure stands on that
# finished quest (*JA special white cards, Merlin to the Rescue*), the siege engine is not added.

# %%
for expansion, merlin in [(False, None), (True, None), (True, "excalibur")]:
    s = engine.position(
        4,
        expansion=expansion,
        over=["excalibur"],
        black_top=["excalibur"],
        **({"merlin": merlin} if merlin else {}),
    )
    after = draw_black(s)
    o = after.observation(0)
    box = "Merlin's Company" if expansion else "base game"
    where = f", Merlin at {merlin}" if merlin else ""
    print(
        f"{box + where:38} engines {s.engines} -> {after.engines}; black discard "
        f"{o['decks']['black_discard']}; black out of the game {o['removed']['black']}"
    )

black = engine.new_game(5, expansion=True, seed=1).cfg
quest_cards = {q.card for q in rulebook.QUEST_CARDS}
n_quest = sum(c for name, c in zip(black.black_names, black.black_box) if name in quest_cards)
print(
    f"\n{n_quest} of the {sum(black.black_box)} expansion black cards belong to a one-off quest "
    "(Excalibur, the Grail, Lancelot/the Dragon):"
)
print("after those quests end, they leave the game as they are drawn.")
summary["black cards of one-off quests in the 90-card deck"] = (
    f"{n_quest} of {sum(black.black_box)}"
)


# %% [markdown]
# ## 6. Base game and expansion side by side
#
# The same seeded games, with and without the expansion: 200 games of 5 players each. Two
# policies, both simple:
#
# * **random** - every knight picks a uniformly random legal move (it throws its life away);
# * **careful random** - the same, but it never chooses to lose a life point (no "lose a life"
#   in the Progression of Evil, no sacrifice for a second action) when it has another choice.
#
# The random-policy caveat holds: these are not good players, and the travel mix is the
# ASSUMPTION above. What the table shows is **how the games end**, and how often the
# expansion's new parts come into play.

# %%
def careful(state, rng):
    legal = state.legal_actions()
    keep = [a for a in legal if not isinstance(a, (A.LoseLife, A.Sacrifice))]
    return state.apply(rng.choice(keep or legal))


def play(expansion, seed, policy):
    rng = random.Random(seed)
    s = engine.new_game(5, expansion=expansion, seed=seed)
    while not s.is_terminal():
        s = engine.random_step(s, rng) if s.is_chance() or policy is None else policy(s, rng)
    return s


SEEDS = range(200)
table = {}
for name, policy in [("random", None), ("careful random", careful)]:
    for expansion in (False, True):
        ends = [play(expansion, seed, policy) for seed in SEEDS]
        causes = Counter(e.result().cause for e in ends)
        travel = [
            sum(1 for h in e.history() if isinstance(h, A.Draw) and h.pile == "travel")
            for e in ends
        ]
        table[name, expansion] = {
            "knights win": sum(e.result().knights_win for e in ends),
            "causes": causes,
            "turns": sum(e.turn_no for e in ends) / len(ends),
            "travel cards": sum(travel) / len(ends),
            "black removed": sum(e.observation(0)["removed"]["black"] for e in ends) / len(ends),
        }

causes = sorted({c for v in table.values() for c in v["causes"]})
rows = []
for (name, expansion), v in table.items():
    rows.append(
        [
            name,
            "expansion" if expansion else "base",
            v["knights win"],
            *[v["causes"][c] for c in causes],
            f"{v['turns']:.1f}",
            f"{v['travel cards']:.1f}",
            f"{v['black removed']:.1f}",
        ]
    )
headers = ["policy", "game", "knights win", *causes, "mean turns", "travel cards", "black removed"]
print(text_table(headers, rows))
for name in ("random", "careful random"):
    for expansion in (False, True):
        v = table[name, expansion]
        top, n = v["causes"].most_common(1)[0]
        summary[f"{name}, {'expansion' if expansion else 'base'}: most common end"] = (
            f"{top} ({n}/{len(SEEDS)}); mean {v['turns']:.1f} turns"
        )

# %% [markdown]
# Neither policy wins: random knights are poor knights, in both boxes. With random moves most
# games end with every knight dead; when knights stop spending their own life, most end with
# the 12th siege engine. Travel cards come into play in every expansion game (more than a dozen
# per game), while black cards are almost never removed: random knights seldom finish
# Excalibur, the Grail or the Dragon, and only then do those quests' cards leave the game. To compare real strategies, write a **policy** (see *The rules engine*,
# `docs/engine.md`) and play it on the same seeds.
#
# ## The board widget, with the expansion
#
# Tick **Merlin's Company**, choose 3-8 players and a seed, and press **New game**; then play
# moves by hand or at random. With the expansion the board adds a *Merlin's Company* box:
# Merlin's figure (and "Merlin is here" on its quest), captured knights, the witches in play,
# Divine Favor, the travel pile and the cards out of the game. Below: a 7-player expansion game
# after 40 seeded random moves.

# %% tags=["nbval-ignore-output"]
game = build_game_widget(players=7, seed=8, expansion=True)
for _ in range(40):
    game.random.click()
game

# %%
print(game.text)
print()
print("What this notebook measured (ASSUMED travel mix and demands where they are used):")
print(text_table(["question", "answer"], [[k, v] for k, v in summary.items()]))
