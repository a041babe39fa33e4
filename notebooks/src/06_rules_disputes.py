# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Rules disputes, settled with numbers
#
# Groups play from translations and argue about them. Here are five disputes, each settled with the
# rule's source and an exact number, then a recorded game checked against the rules. Every rule the
# toolkit applies has a stable id in `camelot_rules.data.registry`; the full table is the rules coverage
# page, `docs/rules-coverage.md`.

# %%
from fractions import Fraction

from camelot_rules import Deck, explore, outcome_probabilities, standard_deck
from camelot_rules.front.display import fmt_prob, text_table
from camelot_rules.explorer.models import RoundTable
from camelot_rules.logs.playlog import (
    format_report, format_stat_test, parse_log, stats_report, verify,
)
from camelot_rules.data import rulebook
from camelot_rules.data.registry import rule
from camelot_rules.engine.arithmetic import after_hidden_traitors, knights_win_count
from camelot_rules.odds.travel import draws_travel_card, next_trip_risk, remaining_travel_deck


def cite(rule_id):
    r = rule(rule_id)
    print(f"[{r.id}] {r.statement}\n  source: {r.source}")


# %% [markdown]
# ## 1. "Can we accuse now?" – 0 swords and 4 siege engines on the board

# %%
cite("endgame.accusation")
log = """setup players=5 expansion=no
knights arthur kay gawain percival tristan
turn arthur
evil arthur engine
draw white for=round_table
turn kay
evil kay engine
draw white for=round_table
turn gawain
evil gawain engine
draw white for=round_table
turn percival
evil percival engine
draw white for=round_table
turn tristan
evil tristan life
accuse tristan kay wrong
"""
print(format_report(verify(parse_log(log))).splitlines()[1])

# %% [markdown]
# No: 0 swords and 4 siege engines are below both thresholds (6 of either). Two more engines, or six
# swords, and the accusation is legal.
#
# ## 2. "Does the travel deck reshuffle when the decks are rebuilt?"
#
# No – only when it runs out, and it matters: a knight's risk depends on what was drawn since.

# %%
cite("travel.reshuffle")
fresh = next_trip_risk(standard_deck("travel", expansion=True))
seen = remaining_travel_deck({"nothing_happens": 3, "merlin_travels": 3, "vision": 2, "lost": 1})
late = next_trip_risk(seen)
print("P(captured next trip), fresh deck:", fmt_prob(fresh.outcomes["captured"]))
print("P(captured next trip), 9 cards already drawn (3 Nothing Happens, 3 Merlin Travels, 2 Vision,")
print("  1 Lost!; no Captured!):", fmt_prob(late.outcomes["captured"]))
print("(travel mix: default, assumed)")

# %% [markdown]
# ## 3. "With two hidden traitors, is 8 white to 4 black a win?"
#
# No. At the end two hidden traitors flip **3** white swords (*JA, 7-8 players*; one independent
# review says the same, so the project rates the 3 MED-HIGH, printed below), so 8–4 becomes 5–7.
# With one hidden traitor it is 6–6, a tie, and a tie loses unless Divine Favor was played. The
# counts come from the engine's arithmetic (the verifier checks a recorded end with the same).

# %%
cite("endgame.hidden-traitors")
flip = next(t for t in rulebook.THRESHOLDS if t.name == "hidden_traitor_flip_two")
print(f"two hidden traitors flip {flip.value} ({flip.confidence.value}: {flip.source})")
for hidden in (2, 1):
    w, b = after_hidden_traitors(8, 4, hidden)
    winner = "the knights win" if knights_win_count(w, b) else "Evil wins"
    favor = "the knights win" if knights_win_count(w, b, divine_favor=True) else "Evil wins"
    print(f"{hidden} hidden: 8-4 becomes {w}-{b}: {winner} (with Divine Favor: {favor})")
prior = RoundTable(players=8, expansion=True).prior()
print("P(two traitors dealt at 8 players) =", fmt_prob(prior[2]),
      "(ASSUMPTION: the 9 loyalty cards are 7 loyal + 2 traitors, inferred)")

# %% [markdown]
# ## 4. "Vision when the Grail quest is over?"
#
# Then it is a Nothing Happens: the knight moves where they wanted (*JA travel rules*).

# %%
cite("travel.cards")
deck = Deck({"vision": 2, "nothing_happens": 2})
open_ = next_trip_risk(deck, composition=deck)
over = next_trip_risk(deck, composition=deck, grail_open=False)
print("Grail open: ", {k: str(p) for k, p in open_.outcomes.items()})
print("Grail over: ", {k: str(p) for k, p in over.outcomes.items()})

# %% [markdown]
# ## 5. "Sir Tristan leaves Camelot for free – does he draw a travel card?"
#
# Yes: a move by a knight's special power draws one; only returning after a quest and moves by
# special cards draw none (*JA travel rules*).

# %%
cite("travel.draw-on-move")
for move in ["knight_power", "heroic_action", "return_after_quest", "special_card"]:
    r = draws_travel_card(move)
    print(f"{move:20} -> {'draws' if r.draws_travel_card else 'no draw'}")

# %% [markdown]
# ## Checking a recorded game
#
# A group recorded their game (the format is described in `docs/play-log.md`). The verifier replays
# it line by line on what the table saw and names each rule broken - the line, the rule in words,
# its id and source, and what the table should have done - then compares the luck with the exact
# odds.

# %%
game = """# base game, 4 players
setup players=4 expansion=no
knights arthur kay gawain percival
turn arthur
evil arthur engine
siege arthur cards=1 roll=7 lost
turn kay
evil kay engine
siege kay cards=3,4 roll=6 won
turn gawain
evil gawain engine
siege gawain cards=2,3 roll=5 won      # 5 does not beat 5!
turn percival
evil percival engine
evil percival engine                   # a second evil step
siege percival cards=5 roll=2 won
turn arthur
evil arthur black
draw black picts
draw white for=round_table             # Arthur draws his two cards at the Round Table
"""
report = verify(parse_log(game))
print(format_report(report))
tests, notes = stats_report(report)
for test in tests:
    print(format_stat_test(test))
for note in notes:
    print(note)

# %% [markdown]
# ## The verifier widget
#
# Paste a log and press *Check the log*.

# %% tags=["nbval-ignore-output"]
from widgets import build_playlog_widget

playlog_widget = build_playlog_widget(game)
playlog_widget

# %%
print(playlog_widget.text)
