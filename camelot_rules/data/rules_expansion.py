"""The registry's rules of Merlin's Company (the JA seed), each applied by the engine (see
:mod:`camelot_rules.data.registry`).
"""

from __future__ import annotations

from camelot_rules.data.rule_record import Rule
from camelot_rules.data.rules_engine import official_rule

EXPANSION_TESTS = "tests/engine/test_expansion_rules.py"
EXPANSION_SCENARIOS = "tests/engine/test_scenarios_expansion.py"


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
)
