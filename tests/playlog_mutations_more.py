"""More mutation operators by rule (issue 29): rules that had none in
:mod:`tests.playlog_mutations_rules` - a special card's sword, a war's straight, the Fourth and
Fifth Witches, the shares by agreement, the wild "Fight ?" card, the Third Witch, Merlin on a
finished quest, the new special white cards' draws. Each breaks its rule (:data:`MORE_RULES`)
on one line of a clean engine log.
"""

from __future__ import annotations

import random
import re

from camelot_rules.data import rulebook
from tests.playlog_mutations import (
    Mutant,
    Operator,
    _game_over_at,
    _insert,
    _one_card_more,
    _pick,
    _replace,
    _where,
)
from tests.playlog_mutations_cards import _after_ending

_MOST_ENGINES = rulebook.threshold("siege_engines_to_lose")


def _live(lines: list[str], pattern: str) -> list[int]:
    end = _game_over_at(lines)
    return [i for i in _where(lines, pattern) if i < end]


def _uncancelled(lines: list[str], card: str) -> list[int]:
    """The lines drawing black ``card`` that no cancel line follows."""
    return [
        i
        for i in _live(lines, rf"draw black {card}$")
        if i + 1 < len(lines) and not lines[i + 1].startswith("cancel")
    ]


def heroism_sword_missing(lines: list[str], rng: random.Random) -> Mutant | None:
    """A quest ended with Heroism on it, recorded without the sword Heroism adds (BoQ p.14)."""
    sites = []
    for i in _live(lines, r"play \S+ heroism \S+$"):
        quest = lines[i].split()[-1]
        ends = [j for j in _live(lines, rf"quest {quest} (won|lost) ") if j > i]
        if not ends:
            continue
        j = ends[0]
        colour = "white" if " won " in lines[j] else "black"
        m = re.search(rf"{colour}=(\d+)", lines[j])
        if m and int(m.group(1)) >= 1:
            sites.append((j, colour, int(m.group(1))))
    if not sites:
        return None
    j, colour, n = rng.choice(sites)
    new = re.sub(rf"{colour}=\d+", f"{colour}={n - 1}", lines[j])
    return Mutant(_replace(lines, j, new), frozenset({j + 1}))


def war_won_recorded_lost(lines: list[str], rng: random.Random) -> Mutant | None:
    """A war won by its straight 1-2-3-4-5 recorded as lost (BoQ p.6)."""
    i = _pick(rng, _live(lines, r"quest (picts|saxons) won "))
    if i is None:
        return None
    war = lines[i].split()[1]
    return Mutant(
        _replace(lines, i, f"quest {war} lost white=0 black=1 engines=2"), frozenset({i + 1})
    )


def fourth_witch_double_discard(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight discarding a second Grail card to the Fourth Witch, who asks one (JA witches)."""
    sites = []
    for i in _uncancelled(lines, "morgan_witch_4"):
        j = i + 1
        while j < len(lines) and lines[j].startswith("discard "):
            sites.append(j)
            j += 1
    k = _pick(rng, sites)
    if k is None:
        return None
    return Mutant(_insert(lines, k + 1, lines[k]), frozenset({k + 2}))


def fifth_witch_one_flip(lines: list[str], rng: random.Random) -> Mutant | None:
    """After the Fifth Witch, a wrong accusation recorded as turning one white sword black, not
    two (JA witches)."""
    witch = _uncancelled(lines, "morgan_witch_5")
    if not witch:
        return None
    sites = []
    for i in _live(lines, r"accuse \S+ \S+ wrong$"):
        if i < witch[0] or i + 1 >= len(lines):
            continue
        m = re.match(r"swords white=(\d+) black=(\d+)$", lines[i + 1])
        if m and int(m.group(2)) >= 2:
            sites.append((i + 1, int(m.group(1)), int(m.group(2))))
    if not sites:
        return None
    j, white, black = rng.choice(sites)
    return Mutant(
        _replace(lines, j, f"swords white={white + 1} black={black - 1}"), frozenset({j + 1})
    )


def shared_card_taken_twice(lines: list[str], rng: random.Random) -> Mutant | None:
    """One more card taken than were shared by agreement (RB p.8, BoQ p.4 and p.14): the last
    take of a share written twice. The cards shared are all taken by the last line of its
    share; another take has no cards to come from."""
    ends = [
        i
        for i in _live(lines, r"draw white \S+ for=share to=\S+$")
        if i + 1 >= len(lines) or "for=share" not in lines[i + 1]
    ]
    i = _pick(rng, ends)
    if i is None:
        return None
    return Mutant(_insert(lines, i + 1, lines[i]), frozenset({i + 2}))


def wild_fight_named_as_six(lines: list[str], rng: random.Random) -> Mutant | None:
    """A siege fight with a wild "Fight ?" card whose value is recorded as none of the wild
    cards laid (white.fight-wild: each wild value is one of the cards laid): ``wild=`` names
    one value more than the fight's cards hold - a line that cannot be read."""
    i = _pick(rng, _live(lines, r"siege .* wild=\S+"))
    if i is None:
        return None
    new = re.sub(r"wild=(\S+)", lambda m: f"wild={m[1]},5,5,5,5,5,5", lines[i])
    return Mutant(_replace(lines, i, new), frozenset({i + 1}), parse_error=True)


def third_witch_warrior_forgotten(lines: list[str], rng: random.Random) -> Mutant | None:
    """The Third Witch's warrior left off a war (JA witches, 3rd: a Pict warrior, then a Saxon
    warrior; "this may make the quest fail"): the war her warrior ends as she comes is not
    recorded lost. Its quest line and what records its end (knights sent back, swords,
    engines) are left out; a complete log owes the end at the next turn line. (A war her
    warrior helps lose later is not a site: the log does not show whose warrior was the
    fourth, so the verifier can name only the missing end, ``quest.end``.)"""
    if "complete=yes" not in lines[0]:
        return None
    sites = []
    for w in _uncancelled(lines, "morgan_witch_3"):
        k = w + 1
        while k < len(lines) and re.match(r"quest (picts|saxons) lost ", lines[k]):
            sites.append(k)
            k += 1
    j = _pick(rng, sites)
    if j is None:
        return None
    mutant = lines[:j] + lines[_after_ending(lines, j) :]
    owed = next(
        (k for k in range(j, len(mutant)) if mutant[k].startswith(("turn ", "end "))),
        len(mutant) - 1,
    )
    return Mutant(mutant, frozenset(range(j + 1, owed + 2)))


def merlin_block_ignored(lines: list[str], rng: random.Random) -> Mutant | None:
    """A black card of a finished quest drawn while Merlin stands on that quest, recorded with
    the siege engine such a card adds elsewhere (JA special white cards, Merlin to the Rescue:
    Merlin on a finished quest stops its black cards adding engines): an ``engines`` line one
    more than the count before, in a log that records every change of the engines."""
    if "expansion=yes" not in lines[0] or not _where(lines, r"engines \d+$"):
        return None
    quest_of = rulebook.quest_card_map()
    sites = []
    for i in _uncancelled(lines, r"\S+"):
        quest = quest_of.get(lines[i].split()[2])
        merlin = [ln for ln in lines[:i] if ln.startswith("merlin ")]
        over = _where(lines[:i], rf"quest {quest} (won|lost) ")
        counts = _where(lines[:i], r"engines \d+$")
        n = int(lines[counts[-1]].split()[1]) if counts else 0
        if quest and over and merlin and merlin[-1] == f"merlin {quest}" and n + 1 < _MOST_ENGINES:
            sites.append((i + 1, n + 1))
    if not sites:
        return None
    at, n = rng.choice(sites)
    return Mutant(_insert(lines, at, f"engines {n}"), frozenset({at + 1}))


def new_special_card_more(lines: list[str], rng: random.Random) -> Mutant | None:
    """New Hope or Dragon Slayer drawing one white card more than it gives (JA special white
    cards: Dragon Slayer 3; New Hope as many as the cards it discards, itself included)."""
    sites = [
        i + 1
        for i in _live(lines, r"play \S+ (new_hope|dragon_slayer)$")
        if re.match(r"draw white( \S+)+ for=card to=\S+$", lines[i + 1])
    ]
    return _one_card_more(lines, rng, sites)


MORE: dict[str, Operator] = {
    f.__name__: f
    for f in (
        heroism_sword_missing,
        war_won_recorded_lost,
        fourth_witch_double_discard,
        fifth_witch_one_flip,
        shared_card_taken_twice,
        wild_fight_named_as_six,
        third_witch_warrior_forgotten,
        merlin_block_ignored,
        new_special_card_more,
    )
}
MORE_RULES: dict[str, str] = {
    "heroism_sword_missing": "white.heroism",
    "war_won_recorded_lost": "war.straight",
    "fourth_witch_double_discard": "witch.fourth",
    "fifth_witch_one_flip": "endgame.fifth-witch",
    "shared_card_taken_twice": "share.by-agreement",
    "wild_fight_named_as_six": "white.fight-wild",
    "third_witch_warrior_forgotten": "witch.third",
    "merlin_block_ignored": "deck.merlin-blocks-engine",
    "new_special_card_more": "white.expansion-specials",
}

#: operators (of every module: ``RULE_OF`` in :mod:`tests.playlog_mutations_rules`) whose every
#: mutant in the test games is reported with the rule ``RULE_OF`` names, on a line it expects.
#: The others are flagged on their line under the rule of what the log shows - a life count, a
#: turn out of order - not the rule the table misread.
NAMED: frozenset[str] = frozenset(
    {
        "accuse_early",
        "base_eight_players",
        "death_alive",
        "die_flip",
        "drink_unasked",
        "drop_black_draw",
        "drop_only_action",
        "drop_sacrifice",
        "end_count_off",
        "end_early",
        "engines_off_by_one",
        "excalibur_bonus_unheld",
        "excalibur_cancel_unheld",
        "exhausted_card",
        "extra_black_draw",
        "finished_quest_card_in_company",
        "first_turn_not_arthur",
        "first_witch_no_rebuild",
        "fourth_witch_double_discard",
        "free_not_captured",
        "heal_unlike",
        "hidden_traitors_wrong",
        "kay_card_not_kay",
        "life_seven",
        "loyalty_second_traitor",
        "merlin_block_ignored",
        "merlin_figure_moved",
        "miscount_sword",
        "move_to_finished_quest",
        "new_special_card_more",
        "no_arthur",
        "plain_black_cancelled",
        "play_after_all_dead",
        "play_after_seven_black",
        "play_after_twelfth_engine",
        "quest_spoils",
        "reinforcements_five",
        "reshuffle_early",
        "round_table_extra_card",
        "second_witch_sacrifice",
        "shared_card_taken_twice",
        "siege_no_engine",
        "siege_without_cards",
        "solo_quest_taken",
        "third_witch_warrior_forgotten",
        "travel_card_over",
        "travel_missing",
        "travel_on_return",
        "travel_reshuffle_early",
        "unmasked_loyal",
        "volunteer_unasked",
        "war_card_skipped",
    }
)
