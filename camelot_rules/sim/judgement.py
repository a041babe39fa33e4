"""What the heuristics weigh: the worth of a card, the best pattern on a combat quest, the
cheapest siege fight, the harm of a black card, the risk of a journey (Merlin's Company).

Plain functions of an observation (the keys of ``state.observation(seat)``), shared by the
loyal and traitor heuristics (:mod:`camelot_rules.sim.heuristic`) and the search policies
(:mod:`camelot_rules.sim.search`). Their numbers are read from the rulebook module
(:mod:`camelot_rules.data.rulebook`) and the box's decks, never restated.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Final, TypeVar

from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.engine.actions import (
    Accuse,
    Action,
    AddEngine,
    ArthurGive,
    DiscardForExcalibur,
    DrawBlack,
    DrawWhite,
    EndTurn,
    FightEngine,
    Free,
    Heal,
    LoseLife,
    Move,
    PeekBlack,
    PlayFight,
    PlayGrail,
    PlaySpecial,
    Sacrifice,
)
from camelot_rules.engine.expansion import demand_payments
from camelot_rules.engine.state import travel_box_of

__all__ = [
    "ARRIVED",
    "COMBAT_QUESTS",
    "COMBAT_SHAPE",
    "EVIL",
    "FIGHT_CARDS",
    "HEROIC",
    "MEAN_BLACK",
    "SCORED",
    "SOLO_QUESTS",
    "WAR_LOSE_AT",
    "WILD",
    "card_worth",
    "cheapest",
    "combat_plan",
    "draw_harm",
    "fight_counts",
    "nearest_win",
    "of_kind",
    "on_the_brink",
    "quest_plays",
    "siege_cards",
    "spare",
    "travel_risk",
    "wild_count",
]


def card_worth(card: str, observation: Mapping[str, Any]) -> int:
    """How much a white card is worth keeping (higher = keep): specials and Merlin most, then
    Fight cards by value, Grail cards while the Grail quest is open. Merlin's Company's wild
    "Fight ?" card is laid as any value (F §3d, S16): worth a Fight 5 (it is one in a siege
    fight, and it completes any pattern). A card the rules engine offers no play for (the
    expansion's unidentified card) is worth 0: it is the first to go for Excalibur, a travel
    demand or a discard. Rules: ``white.fight-wild``.

    >>> obs = {"quests": {"grail": {"over": False}}}
    >>> [card_worth(c, obs) for c in ("unidentified_white", "fight_2", "grail", "fight_wild")]
    [0, 2, 4, 5]
    """
    if card in _FIGHT_WORTH:  # (the common case first: a dict lookup)
        return _FIGHT_WORTH[card]
    if card == WILD:
        return _FIGHT_WORTH[FIGHT_CARDS[-1]]
    if card.startswith("fight_") and card[6:].isdigit():
        return int(card[6:])
    if card == "grail":
        return 1 if observation["quests"]["grail"]["over"] else 4
    if card == "merlin":
        return 7
    return 6 if card in rulebook.SPECIAL_WHITE else 0


_T = TypeVar("_T", bound=Action)
FIGHT_CARDS: Final = rulebook.FIGHT_CARDS  # Fight v is FIGHT_CARDS[v - 1]
_FIGHT_WORTH: Final = {name: v for v, name in zip(rulebook.FIGHT_VALUES, FIGHT_CARDS)}
WILD: Final = rulebook.WILD_FIGHT  # Merlin's Company's wild "Fight ?" card (F §3d, S16)


def of_kind(actions: Sequence[Action], kind: type[_T]) -> list[_T]:
    return [a for a in actions if isinstance(a, kind)]


COMBAT_QUESTS: Final = ("black_knight", "lancelot", "dragon")
SOLO_QUESTS: Final = tuple(
    q.name for q in rulebook.QUESTS if q.solo
)  # one knight at a time (BoQ p.3)
# (white spots, black spots, the group sizes of the white pattern) - the rule data (RB p.14;
# BoQ pp.5-7)
COMBAT_SHAPE: Final[dict[str, tuple[int, int, tuple[int, ...]]]] = {
    q: (
        rulebook.quest_data(q).white_spots,
        rulebook.quest_data(q).black_spots,
        rulebook.COMBAT_SHAPES[q],
    )
    for q in COMBAT_QUESTS
}
# the mean value of a black card on each combat quest (the box's mix): a face-down card or a
# card still to come is counted at this value
MEAN_BLACK: Final = {"black_knight": 31 / 11, "lancelot": 35 / 11, "dragon": 79 / 11}
WAR_LOSE_AT: Final = rulebook.threshold("war_warriors_to_lose")  # the 4th loses (BoQ p.10)
# the rule noted when a knight has just arrived on a quest by a move (the travel card read,
# or a travel demand met, in Merlin's Company)
ARRIVED: Final = frozenset({"quest.move", "travel.cards", "travel.demands"})
# (kinds are looked up by exact type: ``type(a) in`` a frozenset costs far less than
# ``isinstance`` against a tuple of a dozen classes, on every legal action)
SCORED: Final = frozenset({Move, PlaySpecial, Heal, EndTurn, Free})
EVIL: Final = frozenset({DrawBlack, AddEngine, LoseLife, PeekBlack})
# actions only offered in the heroic phase (never as an answer inside a resolution)
HEROIC: Final = frozenset(
    {
        EndTurn,
        Move,
        Sacrifice,
        DrawWhite,
        FightEngine,
        PlayFight,
        PlayGrail,
        DiscardForExcalibur,
        PlaySpecial,
        Heal,
        Accuse,
        ArthurGive,
    }
)


def fight_counts(hand: Mapping[str, int]) -> tuple[int, ...]:
    """The hand's counts of Fight 1..5. (``in`` and ``[]`` on the hand: a ``get`` method call
    costs more in the compiled engine.)"""
    f1, f2, f3, f4, f5 = FIGHT_CARDS
    return (
        hand[f1] if f1 in hand else 0,  # noqa: SIM401
        hand[f2] if f2 in hand else 0,  # noqa: SIM401
        hand[f3] if f3 in hand else 0,  # noqa: SIM401
        hand[f4] if f4 in hand else 0,  # noqa: SIM401
        hand[f5] if f5 in hand else 0,  # noqa: SIM401
    )


def wild_count(hand: Mapping[str, int]) -> int:
    """How many wild "Fight ?" cards the hand holds (Merlin's Company, F §3d, S16)."""
    return hand[WILD] if WILD in hand else 0  # noqa: SIM401


def _assignments(quest: str) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every assignment of distinct Fight values to ``quest``'s groups (at most 60), each with
    its white total, the highest total first (equal totals in :func:`itertools.permutations`'
    order: the sort is stable)."""
    groups = COMBAT_SHAPE[quest][2]
    scored = [
        (values, sum(v * size for v, size in zip(values, groups)))
        for values in itertools.permutations(range(1, 6), len(groups))
    ]
    scored.sort(key=lambda p: -p[1])
    return tuple(scored)


_ASSIGNMENTS: Final = {q: _assignments(q) for q in COMBAT_QUESTS}


@lru_cache(maxsize=65536)
def combat_plan(
    quest: str, laid: tuple[int, ...], fights: tuple[int, ...], wild: int = 0
) -> tuple[int, int, tuple[int, ...]]:
    """The best way to finish a combat quest's white pattern: ``(cards the hand lacks, white
    total, values still to lay)``, fewest missing cards first, then the highest total.

    ``laid`` are the Fight values already on the quest (sorted), ``fights`` the hand's counts of
    Fight 1..5, ``wild`` its wild "Fight ?" cards, each laid as a value the pattern still lacks
    (F §3d, S16). Every assignment of distinct values to the pattern's groups is tried (at most
    60), so the answer is exact; they are tried from the highest total down, so the first
    with the fewest missing cards is the answer (``tests/sim/test_sim.py`` checks it against
    the plain search over every assignment).

    >>> combat_plan("black_knight", (5,), (0, 0, 0, 2, 1))
    (0, 18, (5, 4, 4))
    >>> combat_plan("black_knight", (5,), (0, 0, 0, 1, 0), 2)  # a wild 5 and a wild 4
    (0, 18, (5, 4, 4))
    """
    groups = COMBAT_SHAPE[quest][2]
    have = [0, 0, 0, 0, 0, 0]  # the laid cards of each value 1..5
    for v in laid:
        have[v] += 1
    found: tuple[int, ...] | None = None
    fewest = total = 0
    for values, sum_ in _ASSIGNMENTS[quest]:
        placed = gaps = 0
        for v, size in zip(values, groups):
            on = have[v]
            if on > size:
                placed = -1  # a group over-full: not this assignment
                break
            placed += on
            if size - on > fights[v - 1]:
                gaps += size - on - fights[v - 1]
        if placed != len(laid):  # a laid value outside the pattern, or a group over-full
            continue
        missing = gaps - min(wild, gaps)  # the wild cards fill the gaps
        if found is None or missing < fewest:
            found, fewest, total = values, missing, sum_
            if not missing:
                break
    if found is None:
        return (99, 0, ())
    todo: list[int] = []
    lacking: list[int] = []
    for v, size in zip(found, groups):
        need = size - have[v]
        todo += [v] * min(need, fights[v - 1])
        lacking += [v] * max(0, need - fights[v - 1])
    todo += lacking[: min(wild, len(lacking))]
    return (fewest, total, tuple(sorted(todo, reverse=True)))


@lru_cache(maxsize=65536)
def siege_cards(fights: tuple[int, ...], target: int) -> tuple[int, ...]:
    """The cheapest Fight cards of a hand whose total reaches ``target`` against the siege
    die (a total ``t`` wins with chance ``(t - 1) / 8``, a certain win from 9; RB p.13), or
    ``()`` when the hand cannot reach it. Each card costs ``1 + value / 5`` (a card is a card
    drawn, and high cards are the ones the Black Knight, Lancelot and the wars need); the
    cheapest set wins, then the one with fewer cards, then the smaller total, then the one
    keeping the higher cards. ``fights`` are the hand's counts of Fight 1..5.

    >>> siege_cards((0, 0, 1, 2, 2), 8)  # 4 + 4, not 5 + 5 or 5 + 3
    (4, 4)
    >>> siege_cards((3, 0, 0, 0, 0), 8)
    ()
    """
    best: tuple[float, int, int, tuple[int, ...]] | None = None
    for counts in itertools.product(*(range(c + 1) for c in fights)):
        total = sum(k * v for k, v in zip(counts, range(1, 6)))
        if total < target:
            continue
        n = sum(counts)
        cost = n + total / 5
        cards = tuple(v for v in range(5, 0, -1) for _ in range(counts[v - 1]))
        key = (round(cost, 9), n, total, cards)
        if best is None or key < best:
            best = key
    return best[3] if best is not None else ()


_HARM_KINDS: Final = (
    "black_knight",
    "lancelot_dragon",
    "grail",
    "excalibur",
    "picts",
    "saxons",
    "mercenaries",
    "morgan",
    "special",
    "witch_3",
    "witch",
)


def cheapest(hand: Mapping[str, int], obs: Mapping[str, Any]) -> str:
    """The hand's card worth least (see :func:`card_worth`)."""
    return min(hand, key=lambda c: card_worth(c, obs))


def _harm_kind(card: str) -> str:
    if card.startswith("black_knight_"):
        return "black_knight"
    if card.startswith("lancelot_dragon_"):
        return "lancelot_dragon"
    if card in ("despair", "desolation", "dark_forest"):
        return "grail"
    if card.startswith("morgan_witch_"):
        return "witch_3" if card == "morgan_witch_3" else "witch"
    if card.startswith("morgan_"):
        return "morgan"
    if card in ("guinevere", "mists_of_avalon", "mordred", "vivien"):
        return "special"
    return card  # excalibur, picts, saxons, mercenaries


def _black_box(expansion: bool) -> tuple[tuple[int, int], ...]:
    """The box's black deck by kind: (the kind's place in ``_HARM_KINDS``, its cards), in that
    order, kinds with no card left out (the counts are the library's: ``standard_deck``)."""
    counts = dict.fromkeys(_HARM_KINDS, 0)
    for card, n in standard_deck("black", expansion=expansion).counts.items():
        counts[_harm_kind(card)] += n
    return tuple((i, counts[kind]) for i, kind in enumerate(_HARM_KINDS) if counts[kind])


_BLACK_BOX: Final = _black_box(False)
# Merlin's Company: two more Despair and Excalibur, a war card each, the seven witches
_BLACK_BOX_MC: Final = _black_box(True)
_BLACK_TOTAL: Final = sum(n for _, n in _BLACK_BOX)
_BLACK_TOTAL_MC: Final = sum(n for _, n in _BLACK_BOX_MC)


def draw_harm(obs: Mapping[str, Any], engine: float) -> float:
    """The expected harm of drawing a black card, in swords: each kind of card in the box's
    proportions (the player cannot see the pile) times what it does now - a card of a finished
    quest is a siege engine (cost ``engine``, RB p.11), a card on an open quest brings it one
    step nearer to being lost: the black swords of its loss (and a war's two engines) shared
    over the steps still left, so the last step carries the whole loss. In Merlin's Company
    (``obs["expansion"]``) the box is that box's: 90 cards with the seven witches (the Third
    brings a Pict and a Saxon warrior; the others are weighed like a Morgan card).

    >>> obs = {"quests": {"black_knight": {"black": []}, "lancelot_dragon": "lancelot",
    ...     "lancelot": {"black": []}, "grail": {"over": False, "blacks": []},
    ...     "excalibur": {"over": False, "position": 0},
    ...     "picts": {"warriors": 0}, "saxons": {"warriors": 0}}}
    >>> round(draw_harm(obs, 0.2), 4)  # (11/4 + 11/5 + 18*3/7 + 15*2/5 + 12*1.4/4 + 2.5 + 1.2)/76
    0.3495
    """
    q = obs["quests"]
    mode = q["lancelot_dragon"]
    black_knight = 1.0 / max(1, 4 - len(q["black_knight"]["black"]))
    if mode == "over":
        lancelot_dragon = engine
    else:
        spots, swords = (5, 1.0) if mode == "lancelot" else (5, 2.0)
        lancelot_dragon = swords / max(1, spots - len(q[mode]["black"]))
    g = q["grail"]
    grail = engine if g["over"] else 3.0 / max(1, 7 - len(g["blacks"]))
    e = q["excalibur"]
    excalibur = engine if e["over"] else 2.0 / max(1, int(e["position"]) + 5)
    picts = (1.0 + 2 * engine) / max(1, WAR_LOSE_AT - q["picts"]["warriors"])
    saxons = (1.0 + 2 * engine) / max(1, WAR_LOSE_AT - q["saxons"]["warriors"])
    # each kind's harm in the order of _HARM_KINDS; in Merlin's Company the Third Witch brings
    # a Pict and a Saxon, the other witches about a Morgan card's harm (the base box has none)
    # (a tuple of any length to the compiler: indexing a fixed-length one would box it whole)
    harm: tuple[float, ...] = (
        black_knight,
        lancelot_dragon,
        grail,
        excalibur,
        picts,
        saxons,
        min(picts, saxons),  # mercenaries
        0.5,  # morgan
        0.3,  # special
        picts + saxons,  # witch_3
        0.5,  # witch
    )
    expansion = "expansion" in obs and obs["expansion"]
    box, total = (_BLACK_BOX_MC, _BLACK_TOTAL_MC) if expansion else (_BLACK_BOX, _BLACK_TOTAL)
    weighed = 0.0  # (added in the box's order, as sum() did: the same float to the last bit)
    for i, n in box:
        weighed += n * harm[i]
    return weighed / total


def travel_risk(obs: Mapping[str, Any], quest: str) -> tuple[float, float]:
    """Merlin's Company: a move draws a travel card (JA travel rules). The chance that the
    knight arrives at ``quest`` this turn, and the expected life lost on the way, from the
    travel deck's mix (the observation shows how many travel cards are left, not which):
    Captured! stops him; Charged!/Lost!/Ambushed! stop him and cost a life unless his hand
    meets the demand (``rulebook.TRAVEL_DEMANDS``: a Fight 3 or more, a Grail card, a pair of
    Fight cards); a Vision sends him to the Grail instead while it is open.

    >>> obs = {"options": {}, "hand": {"grail": 1}, "quests": {"grail": {"over": False}}}
    >>> travel_risk(obs, "grail")  # captured 2/16, charged 2/16 and ambushed 2/16 unpaid
    (0.625, 0.25)
    """
    counts = dict(
        zip(rulebook.TRAVEL_KINDS, travel_box_of(obs["options"].get("travel_mix", "assumed")))
    )
    total = sum(counts.values()) or 1
    hand: Mapping[str, int] = obs["hand"]
    # the engine's own test of each demand (rulebook.TRAVEL_DEMANDS, ASSUMED)
    can = {d.card: bool(demand_payments(hand, d.card)) for d in rulebook.TRAVEL_DEMANDS}
    stop = counts.get("captured", 0)
    hurt = 0
    for card, ok in can.items():
        if not ok:
            stop += counts.get(card, 0)
            hurt += counts.get(card, 0)
    if quest != "grail" and not obs["quests"]["grail"]["over"]:
        stop += counts.get("vision", 0)
    return 1.0 - stop / total, hurt / total


def quest_plays(obs: Mapping[str, Any], quest: str) -> int:
    """How many turns of the quest's own action the hand holds there (a trip's worth)."""
    hand: dict[str, int] = obs["hand"]
    q = obs["quests"]
    if quest == "camelot":
        return 99
    if quest == "grail":
        return hand.get("grail", 0)
    if quest in ("picts", "saxons"):
        nxt, run = q[quest]["fights"] + 1, 0
        fights = fight_counts(hand)
        while nxt + run <= 5 and fights[nxt + run - 1]:
            run += 1
        return run
    if quest == "excalibur":
        return sum(hand.values())
    if quest in q:
        laid = tuple(sorted(q[quest]["white"]))
        return len(combat_plan(quest, laid, fight_counts(hand))[2])
    return 0


def spare(obs: Mapping[str, Any], card: str) -> bool:
    """Three of this card can go for a life: not Grail cards while the Grail is open."""
    return card != "grail" or bool(obs["quests"]["grail"]["over"])


def nearest_win(obs: Mapping[str, Any]) -> str:
    """The quest closest to being won (for Heroism's extra sword)."""
    q = obs["quests"]
    progress: dict[str, float] = {}
    if not q["grail"]["over"]:
        progress["grail"] = q["grail"]["grails"] / 7
    if not q["excalibur"]["over"]:
        progress["excalibur"] = (q["excalibur"]["position"] + 5) / 10
    for war in ("picts", "saxons"):
        progress[war] = q[war]["fights"] / 5
    for quest in COMBAT_QUESTS:
        if quest in q:
            progress[quest] = len(q[quest]["white"]) / COMBAT_SHAPE[quest][0]
    return max(progress, key=lambda k: progress[k])


def on_the_brink(obs: Mapping[str, Any]) -> bool:
    """One black card could lose the Grail, Excalibur or a war (the combat quests are not
    counted: they are lost only when their black spots fill with the white side behind)."""
    q = obs["quests"]
    g = q["grail"]
    if not g["over"] and len(g["blacks"]) >= 6:
        return True
    e = q["excalibur"]
    if not e["over"] and int(e["position"]) <= 1 - int(e["steps"]):
        return True
    return any(q[w]["warriors"] >= WAR_LOSE_AT - 1 for w in ("picts", "saxons"))
