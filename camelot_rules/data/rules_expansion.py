"""The registry's rules of Merlin's Company (the JA seed), each applied by the engine (see
:mod:`camelot_rules.data.registry`).
"""

from __future__ import annotations

from camelot_rules.data.rule_record import Rule
from camelot_rules.data.rules_engine import official_rule

EXPANSION_TESTS = "tests/engine/test_expansion_rules.py"
EXPANSION_SCENARIOS = "tests/engine/test_scenarios_expansion.py"
# a reading of the move to Camelot (issue 28): its test quotes the JA text
_TIMING = "tests/engine/test_scenarios_timing.py"
_WILD = "tests/engine/test_fight_wild.py"


def _expansion(
    rule_id: str,
    statement: str,
    source: str,
    code: tuple[str, ...],
    *,
    readings: tuple[str, ...] = (),
    option: str = "",
) -> Rule:
    """An engine rule of the JA seed (Merlin's Company), tested by the expansion scenarios."""
    return official_rule(
        rule_id,
        statement,
        source,
        code,
        readings=readings,
        option=option,
        tests=(EXPANSION_TESTS, EXPANSION_SCENARIOS),
    )


EXPANSION_RULES: tuple[Rule, ...] = (
    _expansion(
        "setup.expansion",
        "Merlin's Company: King Arthur always plays; the other coats of arms are the new knights "
        "or a mix; the travel deck is shuffled; Merlin's figure starts off the board; 14 black "
        "and 23 white cards are added.",
        "JA setup; JA 7 new knights",
        ("setup.new_game", "setup._knight_pool"),
        readings=(
            "the rule 'never two knights of one colour' needs the coats' colours, which no "
            "source gives: not applied",
            "the new knights' powers are unknown except Sir Caradoc's: the others play without",
        ),
        option="new_game(..., expansion=True, coats='expansion' | 'base' | 'mixed')",
    ),
    _expansion(
        "knight.caradoc",
        "Sir Caradoc may, once per turn, sacrifice a life point to draw 2 white cards - not while "
        "the Second Witch is in play.",
        "JA witches (2nd)",
        ("expansion.caradoc_actions", "expansion.do_caradoc"),
    ),
    _expansion(
        "witch.lasting",
        "The 2nd, 5th, 6th and 7th witches stay in play: the 2nd until a quest is won, the 7th "
        "until the next quest lost (then every knight not on it loses a life); the 6th makes "
        "Merlin cards used leave the game.",
        "JA witches (2nd, 5th, 6th, 7th)",
        ("expansion._lasting_witch", "expansion.end_witches_on_quest", "board.remove_merlins"),
    ),
    _expansion(
        "witch.third",
        "The 3rd witch adds a Pict warrior, then a Saxon warrior.",
        "JA witches (3rd)",
        ("expansion._witch_3",),
    ),
    _expansion(
        "witch.fourth",
        "The 4th witch: each knight discards a Grail card or loses a life; without one he loses "
        "the life.",
        "JA witches (4th)",
        ("expansion._witch_4",),
    ),
    _expansion(
        "white.expansion-specials",
        "The eight new special whites: Call for Help, Dispel, Divine Favor, Dragon Slayer, Merlin "
        "to the Rescue, New Hope, Tournament, Truce.",
        "JA special white cards",
        ("expansion.special_actions_mc", "expansion.play_special_mc"),
        readings=(
            "Divine Favor: 'the next tie' read as the next siege fight, combat quest or final "
            "count that ends level (divine_favor_reading='next_tie', the default)",
            "Divine Favor: only the final count of swords, the seed's second sentence; siege "
            "fights and combat quests tie as usual (divine_favor_reading='final_count')",
            "Dragon Slayer: its two Fight cards on the Dragon are laid right after it is played",
        ),
        option="new_game(..., expansion=True, divine_favor_reading='next_tie' | 'final_count')",
    ),
    official_rule(
        "travel.to-camelot",
        "A move back to Camelot by a heroic action draws a travel card like any other move.",
        "JA travel rules",
        ("flow._go",),
        readings=(
            "JA exempts only a return after a quest ends and a move by a card's effect; the "
            "added rule applies to 'a move by a heroic action or a knight's power', so a move "
            "to Camelot draws (travel_to_camelot='draw', the default)",
            "JA's first sentence speaks of a move 'to a new quest': Camelot is not one, the "
            "move is safe (travel_to_camelot='safe')",
        ),
        option="new_game(..., expansion=True, travel_to_camelot='draw' | 'safe')",
        tests=(EXPANSION_TESTS, _TIMING),
    ),
    Rule(
        "white.fight-wild",
        "Merlin's Company's three wild 'Fight ?' cards: each is laid as a Fight card of any "
        "value 1-5, the player's choice when it is laid, wherever a Fight card of that value "
        "could be (combat quests, wars, siege fights, Sir Kay's card, travel demands); laid on "
        "a quest it keeps that value there.",
        "F §3d (S16 GoodCardFightAny.asset: count MED, text LOW)",
        ("facts",),
        (
            *(
                "camelot_rules.engine." + c
                for c in (
                    "quests.quest_actions",
                    "quests.do_play_fight",
                    "quests.do_fight_engine",
                    "quests.kay_actions",
                    "board.lay_wild",
                    "board.laid_to_discard",
                    "expansion.demand_payments",
                    "views.card_census",
                )
            ),
            "camelot_rules.odds.siege.fight_value",
            "camelot_rules.odds.quest_combat.best_next_fight",
            "camelot_rules.odds.quest_wars.war_completion_probability",
            "camelot_rules.odds.travel.hand_facts",
            "camelot_rules.sim.judgement.card_worth",
        ),
        (_WILD, "tests/engine/test_fast_paths.py", "tests/odds/test_siege.py"),
        readings=(
            "no source gives the card's text; the one implementation that has it (S16) lets "
            "its player choose any value 1-5: read as chosen when laid and kept on the quest",
            "it pays a travel demand as the value named (a 3+ for Charged!, a pair beside any "
            "Fight card for Ambushed!); three of them heal as three identical cards, never "
            "with numbered Fight cards",
            "the calculators name it 5 in a siege fight (a larger total never wins less); the "
            "race models take fixed Fight values and refuse it",
        ),
    ),
)
