"""The names and numbers a game state is made of, read from the rule data: the places, the
quests and their spots, the cards that lie on the board, the phases and the causes of an end.
The checks at the engine's entries (:mod:`camelot_rules.engine.validate`,
:mod:`camelot_rules.engine.pending`, :mod:`camelot_rules.engine.saved`) share them.

>>> most_traitors(7, True, "standard"), most_traitors(6, True, "standard")
(2, 1)
"""

from __future__ import annotations

from typing import Final

from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.engine.state import QUEST_NAMES

__all__ = [
    "BLACK_TO_LOSE",
    "CAUSES",
    "COMBAT_PREFIX",
    "ENGINES_TO_LOSE",
    "FACES",
    "FIGHTS",
    "GRAIL_BLACKS",
    "GRAIL_SPOTS",
    "IN_PLAY",
    "LASTING_WITCHES",
    "MAX_LIFE",
    "MOST_SWORDS",
    "ONE_OFF",
    "PHASES",
    "PLACES",
    "QUESTS",
    "RELICS",
    "STEPS",
    "SWORDS_TO_END",
    "WARRIORS",
    "WARS",
    "knight_names",
    "most_traitors",
]

T: Final = rulebook.threshold
MAX_LIFE: Final = T("max_life")
STEPS: Final = T("excalibur_steps")  # either bank of the river, from the start (BoQ p.8)
GRAIL_SPOTS: Final = T("grail_spots")
WARRIORS: Final = T("war_warriors_to_lose")
BLACK_TO_LOSE: Final = T("black_swords_to_lose")
ENGINES_TO_LOSE: Final = T("siege_engines_to_lose")
SWORDS_TO_END: Final = T("swords_to_end")
#: the most swords a game can show: the 11th, then the most one quest lays at once (the Grail's
#: 3) with Heroism's and the Mists of Avalon's one more each (BoQ pp.9, 15-16)
MOST_SWORDS: Final = (
    SWORDS_TO_END
    - 1
    + max(max(q.win_white_swords, q.lose_black_swords) for q in rulebook.QUESTS)
    + 2
)
FACES: Final = rulebook.SIEGE_DIE_FACES
FIGHTS: Final = rulebook.FIGHT_VALUES
QUESTS: Final = {q.name: q for q in rulebook.QUESTS}
ONE_OFF: Final = tuple(q.name for q in rulebook.QUESTS if not q.perpetual)
PLACES: Final = ("camelot", *QUEST_NAMES)  # where a figure stands (RB p.12)
WARS: Final = ("picts", "saxons")
RELICS: Final = rulebook.RELICS
#: the witches that stay in play (JA witches: 2nd, 5th, 6th, 7th)
LASTING_WITCHES: Final = ("morgan_witch_2", "morgan_witch_5", "morgan_witch_6", "morgan_witch_7")
GRAIL_BLACKS: Final = ("despair", "desolation")  # lie on the Grail's spots (BoQ p.15-16)
IN_PLAY: Final = ("vivien", "mists_of_avalon")  # stay in play beside the board (BoQ p.16)
#: the black cards laid on each combat quest (RB p.11)
COMBAT_PREFIX: Final = {
    "black_knight": "black_knight_",
    "lancelot": "lancelot_dragon_",
    "dragon": "lancelot_dragon_",
}
PHASES: Final = ("setup", "evil", "heroic", "traitor", "over")
CAUSES: Final = ("12 swords", "7 black swords", "12 siege engines", "all knights dead")


def knight_names(expansion: bool) -> tuple[str, ...]:
    """The coats of arms of the box (RB p.7; Merlin's Company adds seven)."""
    return rulebook.KNIGHTS + (rulebook.EXPANSION_KNIGHTS if expansion else ())


def most_traitors(players: int, expansion: bool, traitor: str) -> int:
    """The traitors the box deals at this table: none in the variant without one, else the
    loyalty deck's (RB p.7; JA 7-8 players: the second traitor only at 7-8 players)."""
    if traitor == "none":
        return 0
    return standard_deck("loyalty", expansion=expansion, players=players).count("traitor")
