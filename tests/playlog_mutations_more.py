"""More mutation operators by rule (issue 29): rules that had none in
:mod:`tests.playlog_mutations_rules` - a special card's sword, a war's straight, the Fourth and
Fifth Witches, the shares by agreement, the wild "Fight ?" card. Each breaks its rule
(:data:`MORE_RULES`) on one line of a clean engine log.
"""

from __future__ import annotations

import random
import re

from tests.playlog_mutations import (
    Mutant,
    Operator,
    _game_over_at,
    _insert,
    _pick,
    _replace,
    _where,
)


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


MORE: dict[str, Operator] = {
    f.__name__: f
    for f in (
        heroism_sword_missing,
        war_won_recorded_lost,
        fourth_witch_double_discard,
        fifth_witch_one_flip,
        shared_card_taken_twice,
        wild_fight_named_as_six,
    )
}
MORE_RULES: dict[str, str] = {
    "heroism_sword_missing": "white.heroism",
    "war_won_recorded_lost": "war.straight",
    "fourth_witch_double_discard": "witch.fourth",
    "fifth_witch_one_flip": "endgame.fifth-witch",
    "shared_card_taken_twice": "share.by-agreement",
    "wild_fight_named_as_six": "white.fight-wild",
}
