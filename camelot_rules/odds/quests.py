"""Quests: exact odds for the combat quests (Black Knight, Lancelot, Dragon), the races (the
Holy Grail, Excalibur, the Pict and Saxon wars against the black deck) and a turn's choice.

Every quest rule comes from the rules engine or the rule data, never a second copy: the pattern
the Fight cards must grow into (:func:`camelot_rules.engine.quests.pattern_ok`, reading
:data:`camelot_rules.data.rulebook.COMBAT_SHAPES`, BoQ p.14; RB p.14), a black card's value on
its quest (:func:`~camelot_rules.engine.quests.black_value`, RB p.11), the Fight value a war
takes next and its length (:func:`~camelot_rules.engine.quests.war_next`,
:func:`~camelot_rules.data.rulebook.war_sequence`, RB p.15; BoQ p.16), the black cards of each
quest (:func:`~camelot_rules.data.rulebook.quest_card_map`), the spot counts
(:data:`camelot_rules.data.rulebook.QUESTS`), Excalibur's bonus
(``rulebook.threshold("excalibur_bonus")``, BoQ p.8) and the tie rule
(:func:`camelot_rules.engine.arithmetic.combat_won`: a tie loses, BoQ p.5-7; RB p.17).

The combat model, in one paragraph (details in :func:`combat_win_probability`): a combat quest
ends the moment its last white or black spot is filled (RB p.14); then the black cards are
revealed and the knights win only with a strictly greater total. The calculators answer "the
whites stay as laid and the quest ends when the black spots are filled (or now, when the white
spots are): what is P(white total > black total)?". The unseen black cards (face down, or still
to come) are a uniformly random draw, without replacement, from the quest's combat cards that
are not known to be elsewhere. :func:`combat_race_probability` adds the white cards still to
come (the knights' best choice at each step), Lancelot's Armor's draws (BoQ p.6) and Divine
Favor (JA); :class:`camelot_rules.explorer.models.combat_race.CombatRace` is the same as an
explorer model.

The races (:func:`grail_race`, :func:`excalibur_race`, :func:`war_race`): the table's turns one
by one, each an evil step that draws a black card and then the turn's heroic action; every
black card and every card laid is played by the engine on a position built for it
(``quest_races._engine_black``, ``quest_races._engine_lay``, memoised), so Despair,
Desolation, the Dark Forest, Excalibur cards, warriors, Mercenaries, Mordred and the Third
Witch act exactly as in a game; the sum over the pile's orderings is exact (integer weights
over a falling factorial).
:func:`turn_choices` puts one step of both side by side for a position of the engine, and
:class:`camelot_rules.explorer.models.quest_race.QuestRace` is the race as an explorer model.

The code lives in parts, each of a size read in one sitting:
:mod:`~camelot_rules.odds.quest_common` (names and input checks),
:mod:`~camelot_rules.odds.quest_combat`, :mod:`~camelot_rules.odds.quest_wars`,
:mod:`~camelot_rules.odds.quest_races` and :mod:`~camelot_rules.odds.quest_turns`; this module
is their one public face.
"""

from __future__ import annotations

from camelot_rules.odds.quest_combat import (
    NextFight,
    best_next_fight,
    black_total_distribution,
    combat_race_probability,
    combat_win_probability,
)
from camelot_rules.odds.quest_common import COMBAT_QUESTS, WARS, combat_card_names
from camelot_rules.odds.quest_races import (
    RaceCurve,
    excalibur_race,
    grail_race,
    war_race,
)
from camelot_rules.odds.quest_turns import TurnChoice, turn_choices
from camelot_rules.odds.quest_wars import war_completion_probability

__all__ = [
    "COMBAT_QUESTS",
    "WARS",
    "NextFight",
    "RaceCurve",
    "TurnChoice",
    "best_next_fight",
    "black_total_distribution",
    "combat_card_names",
    "combat_race_probability",
    "combat_win_probability",
    "excalibur_race",
    "grail_race",
    "turn_choices",
    "war_completion_probability",
    "war_race",
]
