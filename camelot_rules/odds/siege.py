"""Siege-engine fights: exact odds, a hand advisor and a whole turn of fights.

The rule (ES p.13; F §4, S6): fighting a siege engine is a heroic action at Camelot. Play any
number of Fight cards, roll the eight-sided die (faces 1..8); the engine is removed if the total
of the Fight cards is strictly greater than the roll, otherwise the knight loses 1 life and the
engine stays. The 12th engine loses the game (ES p.11). Excalibur adds 1 (F §4, S5, S21). Sir Kay
may add one Fight card after the roll (F §3f, S5, S21). A second heroic action may be bought by
sacrificing 1 life, except while the Second Witch is in play (JA witches, 2nd). With Divine
Favor played (JA special white cards; option ``divine_favor``) the next tie goes to the knights:
a fight whose total equals the roll is won, and the favor is used up. Reading: the tie is
judged on the final total, Sir Kay's card included; in a turn of two fights only the first
tie is won.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb

from camelot_rules.base.checks import check_bool, check_instance, check_int
from camelot_rules.base.dist import Dist
from camelot_rules.base.i18n import gettext
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck
from camelot_rules.engine.arithmetic import siege_fight_won
from camelot_rules.odds.draws import check_draws

__all__ = [
    "KaySplit",
    "SiegeChoice",
    "TurnPlan",
    "best_turn",
    "dealt_hand_table",
    "dealt_turn_distribution",
    "fight_total_distribution",
    "fight_value",
    "hand_fight_counts",
    "kay_splits",
    "random_hand_siege_win_probability",
    "siege_choices",
    "siege_win_probability",
    "win_probability_for_total",
]

_FACES = rulebook.SIEGE_DIE_FACES
_VALUES = rulebook.FIGHT_VALUES
_EXCALIBUR = rulebook.threshold("excalibur_bonus")
_FIGHT_NAME = re.compile(r"fight_([0-9]+)")  # fullmatch: a numbered Fight card
_VALUE_DIGITS = frozenset(str(v) for v in _VALUES)
# A total of FACES + 1 or more always wins; larger totals are equivalent for win odds.
_ALWAYS_WINS = _FACES + 1


def fight_value(name: str) -> int:
    """Return the value a card adds to a siege fight: N for ``fight_N`` (N in 1..5), 5 for
    Merlin's Company's wild "Fight ?" card, else 0.

    The wild card is laid as the value its player names (F §3d, S16; the engine's rule
    ``white.fight-wild``); in a siege fight every question these calculators answer (the
    chance to win, engines destroyed in a turn) is best served by the highest total - a total
    never wins fewer faces of the die than a smaller one (``siege_fight_won``) - so a knight
    names 5, and so does the calculator. A numbered Fight card outside 1..5 (``fight_9``,
    ``fight_05``) is a misspelling, not a card worth 0: it raises ``ValueError`` naming it.

    >>> fight_value("fight_4"), fight_value("grail"), fight_value("fight_wild")
    (4, 0, 5)
    """
    if not isinstance(name, str):
        raise ValueError(gettext("card name {name} is not a string").format(name=repr(name)))
    if name == rulebook.WILD_FIGHT:
        return _VALUES[-1]
    match = _FIGHT_NAME.fullmatch(name)
    if match is None:
        return 0
    if match.group(1) not in _VALUE_DIGITS:
        raise ValueError(
            gettext("{name} is not a Fight card: Fight cards are {value}").format(
                name=repr(name), value=", ".join(f"fight_{v}" for v in _VALUES)
            )
        )
    return int(match.group(1))


def _wins(total: int, favor: bool) -> int:
    """The number of die faces a fight with ``total`` wins."""
    return sum(
        1 for face in range(1, _FACES + 1) if siege_fight_won(total, face, divine_favor=favor)
    )


def win_probability_for_total(total: int, *, divine_favor: bool = False) -> Fraction:
    """Return P(total > one roll of the d8) = clamp(total - 1, 0, 8) / 8; with Divine Favor a
    tie wins too: clamp(total, 0, 8) / 8.

    >>> win_probability_for_total(7), win_probability_for_total(12)
    (Fraction(3, 4), Fraction(1, 1))
    >>> win_probability_for_total(7, divine_favor=True)
    Fraction(7, 8)
    """
    return Fraction(_wins(total, check_bool("divine_favor", divine_favor)), _FACES)


# The most Fight cards one hand can hold: every Fight card of the biggest box (base 51 plus
# Merlin's Company's standard Fight cards). Checked before any work is done.
MAX_FIGHT_CARDS = sum(
    e.count
    for e in (*rulebook.BASE_WHITE, *rulebook.EXPANSION_WHITE)
    if e.name in {f"fight_{v}" for v in _VALUES} or e.name == rulebook.WILD_FIGHT
)


# The most Fight cards the hand advisors (siege_choices, kay_splits, best_turn) take: a knight
# may draw white cards only while holding fewer than 12 (F §1, S6), so even Gawain's 3-card
# Round Table draw leaves at most 14 cards in hand; 30 leaves room for cards gained in other
# ways and keeps every answer within about a second (the advisors try every sub-hand: 54
# Fight cards took minutes).
MAX_HAND_FIGHT_CARDS = 30
_HAND_REASON = (
    f"at most {MAX_HAND_FIGHT_CARDS} in one hand (a knight may draw only while holding fewer "
    "than 12 cards, F §1)"
)
_ALL_REASON = f"the game has only {MAX_FIGHT_CARDS} (base game and Merlin's Company together)"


def _check_values(
    values: object, what: str, cap: int = MAX_FIGHT_CARDS, reason: str = _ALL_REASON
) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ValueError(
            gettext("{what}={values} must be a list of Fight values (ints 1..5)").format(
                what=what, values=repr(values)
            )
        )
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v not in _VALUES:
            raise ValueError(
                gettext("{what} contains {v}; Fight cards have values 1..5").format(
                    what=what, v=repr(v)
                )
            )
        out.append(v)
        if len(out) > cap:  # stops reading a huge iterator at once
            raise ValueError(
                gettext("{what} holds more than {cap} Fight cards: {reason}").format(
                    what=what, cap=cap, reason=reason
                )
            )
    return tuple(out)


def siege_win_probability(
    played: Iterable[int],
    *,
    excalibur: bool = False,
    kay_reserve: Iterable[int] = (),
    divine_favor: bool = False,
) -> Fraction:
    """Return P(one siege fight is won) with the Fight values ``played``.

    Rules: ``siege.excalibur``, ``siege.fight``, ``endgame.tie``.

    Won if the total (+1 with Excalibur) is strictly greater than the d8 roll (ES p.13). With
    ``kay_reserve`` Sir Kay sees the roll and may add one reserve card; he adds the largest when
    it is needed, so the fight is won iff total + max(reserve) > roll. With ``divine_favor``
    a tie wins too (JA special white cards).

    Cards 3 + 4 = 7 beat rolls 1..6: 6/8.

    >>> siege_win_probability([3, 4])
    Fraction(3, 4)
    >>> siege_win_probability([3], excalibur=True, kay_reserve=[2, 5])
    Fraction(1, 1)
    >>> siege_win_probability([3, 4], divine_favor=True)  # the tie on a 7 wins too
    Fraction(7, 8)
    """
    bonus = _EXCALIBUR if check_bool("excalibur", excalibur) else 0
    total = sum(_check_values(played, "played")) + bonus
    reserve = _check_values(kay_reserve, "kay_reserve")
    return win_probability_for_total(total + max(reserve, default=0), divine_favor=divine_favor)


# --- hands -------------------------------------------------------------------------------------

FightCounts = tuple[int, int, int, int, int]  # copies of Fight 1..5


def hand_fight_counts(hand: Deck | Mapping[str, int] | Iterable[int]) -> FightCounts:
    """Return the copies of Fight 1..5 in a hand given as a Deck, a name mapping or values.

    >>> hand_fight_counts({"fight_2": 2, "grail": 1, "fight_5": 1})
    (0, 2, 0, 0, 1)
    >>> hand_fight_counts([5, 2, 2])
    (0, 2, 0, 0, 1)
    """
    counts = [0] * len(_VALUES)
    if isinstance(hand, (Deck, Mapping)):
        deck = hand if isinstance(hand, Deck) else Deck(hand)
        for name, n in deck.items():
            v = fight_value(name)
            if v:
                counts[v - 1] += n
        if sum(counts) > MAX_HAND_FIGHT_CARDS:
            raise ValueError(
                gettext("hand holds {value} Fight cards: {HAND_REASON}").format(
                    value=sum(counts), HAND_REASON=_HAND_REASON
                )
            )
    else:
        for v in _check_values(hand, "hand", MAX_HAND_FIGHT_CARDS, _HAND_REASON):
            counts[v - 1] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def _values_of(counts: Iterable[int]) -> tuple[int, ...]:
    """Fight values of a counts tuple, largest first."""
    return tuple(v for v in reversed(_VALUES) for _ in range(list(counts)[v - 1]))


def _submultisets(counts: FightCounts) -> Iterable[FightCounts]:
    for sub in product(*(range(c + 1) for c in counts)):
        yield (sub[0], sub[1], sub[2], sub[3], sub[4])


def _total(counts: Iterable[int]) -> int:
    return sum(v * c for v, c in zip(_VALUES, counts))


def _minus(a: FightCounts, b: FightCounts) -> FightCounts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4])


@dataclass(frozen=True)
class SiegeChoice:
    """One way to fight: the Fight cards played, and what it buys."""

    cards: tuple[int, ...]
    total: int
    p_win: Fraction
    cards_spent: int
    expected_life_lost: Fraction
    pareto: bool


def _pareto_flags(keys: list[tuple[int, int, int]]) -> list[bool]:
    """Flag the keys (p_win, cost1, cost2) that no other key dominates.

    A key is dominated if another has p >= and both costs <=, with at least one strict. Equal
    keys do not dominate each other. Distinct keys are swept in order of (-p, cost1, cost2):
    only an earlier key can dominate a later one, and checking the front kept so far suffices.
    """
    front: list[tuple[int, int, int]] = []
    kept: set[tuple[int, int, int]] = set()
    for p, c1, c2 in sorted(set(keys), key=lambda k: (-k[0], k[1], k[2])):
        if not any(d1 <= c1 and d2 <= c2 for _, d1, d2 in front):
            front.append((p, c1, c2))
            kept.add((p, c1, c2))
    return [key in kept for key in keys]


def siege_choices(
    hand: Deck | Mapping[str, int] | Iterable[int],
    *,
    excalibur: bool = False,
    divine_favor: bool = False,
) -> list[SiegeChoice]:
    """Return every distinct choice of Fight cards to play from ``hand``, best first.

    Rules: ``siege.fight``.

    Choices are multisets (two Fight 3 cards are one choice, not two). A choice is Pareto-optimal
    when no other wins at least as often while spending no more cards and no more fight value,
    and strictly better in one of the three. Only ``fight_N`` cards count (ES p.13), and the
    wild "Fight ?" card as a Fight 5 (:func:`fight_value`; rule ``white.fight-wild``). With
    ``divine_favor`` a tie wins (JA special white cards).

    Hand 4, 3: both cards (total 7) win 6/8; the 4 alone 3/8; the 3 alone 2/8; nothing 0.
    Each is Pareto-optimal: winning more always costs more.

    >>> [(c.cards, str(c.p_win), c.pareto) for c in siege_choices([4, 3])]
    [((4, 3), '3/4', True), ((4,), '3/8', True), ((3,), '1/4', True), ((), '0', True)]
    """
    bonus = _EXCALIBUR if check_bool("excalibur", excalibur) else 0
    favor = check_bool("divine_favor", divine_favor)
    counts = hand_fight_counts(hand)
    rows = []
    for sub in _submultisets(counts):
        total = _total(sub)
        p = win_probability_for_total(total + bonus, divine_favor=favor)
        rows.append((_values_of(sub), total, p, sum(sub)))
    flags = _pareto_flags([(p.numerator * (_FACES // p.denominator), n, t) for _, t, p, n in rows])
    choices = [
        SiegeChoice(cards, total, p, n, 1 - p, flag)
        for (cards, total, p, n), flag in zip(rows, flags)
    ]
    choices.sort(key=lambda c: (-c.p_win, c.cards_spent, c.total, c.cards))
    return choices


@dataclass(frozen=True)
class KaySplit:
    """Sir Kay's plan: cards played before the roll, the rest kept to add one after it."""

    pre_roll: tuple[int, ...]
    reserve: tuple[int, ...]
    p_win: Fraction
    expected_cards_spent: Fraction
    expected_value_spent: Fraction
    pareto: bool


def kay_splits(
    hand: Deck | Mapping[str, int] | Iterable[int],
    *,
    excalibur: bool = False,
    divine_favor: bool = False,
) -> list[KaySplit]:
    """Return every pre-roll / reserve split for Sir Kay, best first.

    Rules: ``siege.kay``.

    Kay plays ``pre_roll`` and, after seeing the roll, adds the smallest reserve card that turns
    a loss into a win (F §3f, S5, S21), so the expected cards and fight value spent depend on
    the roll. Pareto flags compare P(win), expected cards and expected value spent. With
    ``divine_favor`` a tie wins, Kay's card included (JA special white cards).

    Hand 5, 1: play the 5 and keep the 1 - win on rolls 1-4, and on a 5 Kay adds the 1:
    P = 5/8, cards spent 1 + 1/8 (the reverse split also wins 5/8 but spends 13/8).

    >>> best = kay_splits([5, 1])[0]
    >>> best.pre_roll, best.reserve, best.p_win, best.expected_cards_spent
    ((5,), (1,), Fraction(5, 8), Fraction(9, 8))
    """
    bonus = _EXCALIBUR if check_bool("excalibur", excalibur) else 0
    favor = check_bool("divine_favor", divine_favor)
    counts = hand_fight_counts(hand)
    rows = []
    keys = []  # integer keys (in eighths) for the Pareto sweep
    for sub in _submultisets(counts):
        rest = _minus(counts, sub)
        present = [v for v in _VALUES if rest[v - 1]]  # ascending
        spent, played = sum(sub), _total(sub)
        pre = played + bonus
        wins = cards = value = 0
        for roll in range(1, _FACES + 1):
            wins += 1
            cards += spent
            value += played
            if not siege_fight_won(pre, roll, divine_favor=favor):
                added = next(
                    (v for v in present if siege_fight_won(pre + v, roll, divine_favor=favor)), 0
                )
                if added:
                    cards += 1
                    value += added
                else:
                    wins -= 1
        keys.append((wins, cards, value))
        rows.append((_values_of(sub), _values_of(rest), wins, cards, value))
    flags = _pareto_flags(keys)
    splits = [
        KaySplit(pre, res, Fraction(w, _FACES), Fraction(c, _FACES), Fraction(v, _FACES), flag)
        for (pre, res, w, c, v), flag in zip(rows, flags)
    ]
    splits.sort(
        key=lambda s: (-s.p_win, s.expected_cards_spent, s.expected_value_spent, s.pre_roll)
    )
    return splits


# --- dealt hands -------------------------------------------------------------------------------


def _value_groups(deck: Deck, wild: int | None = None) -> tuple[tuple[int, int], ...]:
    """(fight value, copies) for every value present; non-Fight cards count as value 0, the wild
    "Fight ?" card as ``wild`` (default: :func:`fight_value`'s, the value a knight names)."""
    groups: dict[int, int] = {}
    for name, n in deck.items():
        v = wild if wild is not None and name == rulebook.WILD_FIGHT else fight_value(name)
        groups[v] = groups.get(v, 0) + n
    return tuple(sorted(groups.items()))


@cache
def _total_ways(groups: tuple[tuple[int, int], ...], hand_size: int, cap: int) -> dict[int, int]:
    """Number of hands of ``hand_size`` cards by fight total (totals >= cap merged into cap)."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, copies in groups:
        nxt: dict[tuple[int, int], int] = {}
        for (size, total), w in ways.items():
            for k in range(min(copies, hand_size - size) + 1):
                key = (size + k, min(total + k * value, cap))
                nxt[key] = nxt.get(key, 0) + w * comb(copies, k)
        ways = nxt
    return {total: w for (size, total), w in ways.items() if size == hand_size}


def fight_total_distribution(deck: Deck, hand_size: int) -> dict[int, Fraction]:
    """Return the distribution of the Fight total of a hand dealt uniformly from ``deck``.

    Counted exactly: the number of hands with each total, over C(N, h).

    >>> fight_total_distribution(Deck({"fight_2": 1, "grail": 1}), 1)
    {0: Fraction(1, 2), 2: Fraction(1, 2)}
    """
    hand_size = check_draws(deck, hand_size, "hand_size")
    cap = max(_VALUES) * hand_size
    ways = _total_ways(_value_groups(deck), hand_size, cap)
    return Dist.from_weights(ways).as_dict()


def random_hand_siege_win_probability(
    deck: Deck,
    hand_size: int,
    *,
    excalibur: bool = False,
    divine_favor: bool = False,
    wild_value: int = 0,
) -> Fraction:
    """Return P(win) when a hand of ``hand_size`` is dealt from ``deck`` and all its Fight
    cards are played (ES p.13). Cards named ``fight_N`` count N, all others 0 - the wild
    "Fight ?" card too, as the stable API has always said (its contract); ``wild_value=5``
    counts it as the engine lets a knight lay it (rule ``white.fight-wild``: he names 5, see
    :func:`fight_value`), 1-5 any value he names. With ``divine_favor`` a tie wins (JA special
    white cards).

    One card from {Fight 5, Grail}: 1/2 * 4/8 = 1/4.

    >>> random_hand_siege_win_probability(Deck({"fight_5": 1, "grail": 1}), 1)
    Fraction(1, 4)
    """
    bonus = _EXCALIBUR if check_bool("excalibur", excalibur) else 0
    favor = check_bool("divine_favor", divine_favor)
    wild = check_int("wild_value", wild_value, low=0, high=_VALUES[-1])
    hand_size = check_draws(deck, hand_size, "hand_size")
    ways = _total_ways(_value_groups(deck, wild), hand_size, _ALWAYS_WINS)
    hands = comb(deck.size, hand_size)
    return sum(
        (
            Fraction(w, hands) * win_probability_for_total(t + bonus, divine_favor=favor)
            for t, w in ways.items()
        ),
        Fraction(0),
    )


def dealt_hand_table(
    deck: Deck,
    sizes: Iterable[int] = range(1, 13),
    *,
    excalibur: bool = False,
    divine_favor: bool = False,
) -> dict[int, Fraction]:
    """Return {hand size: P(win with all its Fight cards)} - the table a teacher shows (a wild
    "Fight ?" card laid as a 5, the engine's play: ``white.fight-wild``).

    One card from the 84-card base deck: (12*1 + 10*2 + 8*3 + 7*4) / (84*8) = 84/672 = 1/8.

    >>> from camelot_rules.data.decks import standard_deck
    >>> dealt_hand_table(standard_deck("white"), [1])
    {1: Fraction(1, 8)}
    """
    check_bool("excalibur", excalibur)
    check_bool("divine_favor", divine_favor)
    check_instance("deck", deck, Deck)
    if isinstance(sizes, (str, Mapping)) or not isinstance(sizes, Iterable):
        raise ValueError(
            gettext("sizes={sizes}: expected hand sizes, e.g. range(1, 13)").format(
                sizes=repr(sizes)
            )
        )
    hands = [check_int("sizes", h, low=0) for h in sizes]
    too_big = [h for h in hands if h > deck.size]
    if too_big:
        raise ValueError(
            gettext("sizes: a hand of {value} is impossible from a deck of {size} cards").format(
                value=too_big[0], size=deck.size
            )
        )
    return {
        h: random_hand_siege_win_probability(  # a wild card as the knight lays it: a 5
            deck, h, excalibur=excalibur, divine_favor=divine_favor, wild_value=_VALUES[-1]
        )
        for h in hands
    }


# --- a whole turn of fights ----------------------------------------------------------------------


@dataclass(frozen=True)
class TurnPlan:
    """The best sequential plan for a turn of siege fights, and what it yields.

    Attributes:
        first_play: Fight values to play in the first fight (before the roll, with Kay), or
            ``None`` when the best plan is not to fight at all.
        value: the objective achieved (expected engines removed, or P(at least m)).
        outcomes: exact distribution of (engines removed, life lost) under that plan.
        objective: the objective in words.
        options: the options used, in words, so the answer can be reproduced.
        at_least: m when the objective is P(at least m engines), else ``None``.
    """

    first_play: tuple[int, ...] | None
    value: Fraction
    outcomes: dict[tuple[int, int], Fraction]
    objective: str
    options: tuple[str, ...]
    at_least: int | None = None


_Outcomes = dict[tuple[int, int], Fraction]


def _scale_add(acc: _Outcomes, dist: _Outcomes, p: Fraction) -> None:
    for key, q in dist.items():
        acc[key] = acc.get(key, Fraction(0)) + p * q


def best_turn(
    hand: Deck | Mapping[str, int] | Iterable[int],
    *,
    excalibur: bool = False,
    kay: bool = False,
    second_witch: bool = False,
    life: int = 4,
    at_least: int | None = None,
    keep_alive: bool = True,
    divine_favor: bool = False,
) -> TurnPlan:
    """Return the best plan for one turn of siege fights and its exact outcome distribution.

    Rules: ``siege.fight``, ``siege.kay``, ``siege.second-action``, ``endgame.tie``.

    The turn's heroic action is a fight; a second fight may be bought by sacrificing 1 life
    (not while the Second Witch is in play - JA witches, 2nd; not at 1 life). Each decision is
    made after seeing the previous roll. The objective is the expected number of engines
    removed, or with ``at_least=m`` P(at least m removed); ties go to fewer lives lost. With
    ``keep_alive`` the second fight is not bought when losing it would bring life to 0. With
    ``divine_favor`` the turn's first tied fight is won and uses the favor up (JA special white
    cards); Sir Kay may add a card that wins outright instead, to keep it.

    Hand 5, 4, 3 with 4 life: fight with everything, or split 5+3 / 4 to fight twice?

    Fight 5 (P 4/8), then buy a fight with 4 + 3 (P 6/8): 1/2 + 3/4 = 5/4 engines expected
    (5 + 4 then 3 ties: 1 + 2/8). Both wins needs 4/8 * 6/8 = 3/8 at best.

    >>> plan = best_turn([5, 4, 3])
    >>> plan.first_play, plan.value
    ((5,), Fraction(5, 4))
    >>> best_turn([5, 4, 3], at_least=2).value
    Fraction(3, 8)
    """
    for name, flag in (
        ("excalibur", excalibur),
        ("kay", kay),
        ("second_witch", second_witch),
        ("keep_alive", keep_alive),
        ("divine_favor", divine_favor),
    ):
        check_bool(name, flag)
    counts = hand_fight_counts(hand)
    if isinstance(life, bool) or not isinstance(life, int) or life < 1:
        raise ValueError(
            gettext("life={life} must be the knight's life left, a whole number >= 1").format(
                life=repr(life)
            )
        )
    if at_least is not None and (
        isinstance(at_least, bool) or not isinstance(at_least, int) or not 1 <= at_least <= 2
    ):
        raise ValueError(
            gettext("at_least={at_least} must be 1 or 2 (a turn has at most 2 fights)").format(
                at_least=repr(at_least)
            )
        )
    bonus = _EXCALIBUR if excalibur else 0  # checked above
    # Outcome weights are ints in 64ths (two d8 rolls); scores compare (objective, -life lost)
    # in the same unit, so the search runs on integers and Fractions are made at the end.
    faces = _FACES

    def score(dist: dict[tuple[int, int], int]) -> tuple[int, int]:
        if at_least is None:
            obj = sum(w * e for (e, _), w in dist.items())
        else:
            obj = sum(w for (e, _), w in dist.items() if e >= at_least)
        return obj, -sum(w * lost for (_, lost), w in dist.items())

    def second(
        rest: FightCounts, removed: int, lost: int, favor: bool
    ) -> dict[tuple[int, int], int]:
        """Outcome weights (summing to 8) after the first fight: buy a second fight or stop."""
        stop = {(removed, lost): faces}
        if second_witch or life - lost < (3 if keep_alive else 2) or not any(rest):
            return stop
        # Last fight: its win chance is best with every card (Kay's reserve adds nothing more).
        wins = _wins(_total(rest) + bonus, favor)
        fight2 = {(removed + 1, lost + 1): wins, (removed, lost + 2): faces - wins}
        fight2 = {k: w for k, w in fight2.items() if w}
        return fight2 if score(fight2) > score(stop) else stop

    def after_first(rest: FightCounts, won: bool, favor: bool) -> dict[tuple[int, int], int]:
        if won:
            return second(rest, 1, 0, favor)
        if life == 1:  # the lost fight kills the knight: the turn ends
            return {(0, 1): faces}
        return second(rest, 0, 1, favor)

    no_fight = {(0, 0): faces * faces}
    best: tuple[tuple[int, int], dict[tuple[int, int], int], FightCounts | None]
    best = (score(no_fight), no_fight, None)
    for sub in _submultisets(counts):
        rest = _minus(counts, sub)
        pre = _total(sub) + bonus
        acc: dict[tuple[int, int], int] = {}
        for roll in range(1, faces + 1):
            if pre > roll:
                branch = after_first(rest, True, divine_favor)
            else:
                # a tie with the favor is won and uses it up (JA Divine Favor)
                tie = divine_favor and pre == roll
                branch = after_first(rest, tie, divine_favor and not tie)
                if kay:
                    # Kay may turn the loss into a win with one reserve card (or win outright
                    # a tie, keeping the favor); without the favor the smallest that wins is
                    # best, as it leaves the most for the second fight, which needs only the
                    # total: values are tried smallest first and kept only when strictly better.
                    for v in _VALUES:
                        if not rest[v - 1] or not siege_fight_won(
                            pre + v, roll, divine_favor=divine_favor
                        ):
                            continue
                        used = tuple(1 if u == v else 0 for u in _VALUES)
                        keeps = divine_favor and pre + v > roll
                        alt = after_first(_minus(rest, used), True, keeps)  # type: ignore[arg-type]
                        if score(alt) > score(branch):
                            branch = alt
            for key, w in branch.items():
                acc[key] = acc.get(key, 0) + w
        if score(acc) > best[0]:
            best = (score(acc), acc, sub)
    total_weight = faces * faces
    outcomes = {key: Fraction(w, total_weight) for key, w in best[1].items()}
    value = Fraction(best[0][0], total_weight)
    # in the language in force (the texts a player reads; the numbers stay exact)
    objective = (
        gettext("expected engines removed")
        if at_least is None
        else gettext("P(at least {m})").format(m=at_least)
    )
    options = (
        gettext("excalibur: yes") if excalibur else gettext("excalibur: no"),
        gettext("Sir Kay: yes") if kay else gettext("Sir Kay: no"),
        gettext("Second Witch: in play (no life sacrifice)")
        if second_witch
        else gettext("Second Witch: not in play"),
        gettext("life left: {n}").format(n=life),
        gettext("never risk death on the bought fight: yes")
        if keep_alive
        else gettext("never risk death on the bought fight: no"),
        gettext("Divine Favor: played (the first tie wins)")
        if divine_favor
        else gettext("Divine Favor: no"),
    )
    return TurnPlan(
        first_play=None if best[2] is None else _values_of(best[2]),
        value=value,
        outcomes=Dist(outcomes).as_dict(),
        objective=objective,
        options=options,
        at_least=at_least,
    )


def dealt_turn_distribution(
    deck: Deck,
    hand_size: int,
    *,
    excalibur: bool = False,
    kay: bool = False,
    second_witch: bool = False,
    life: int = 4,
    at_least: int | None = None,
    divine_favor: bool = False,
) -> dict[tuple[int, int], Fraction]:
    """Return the distribution of (engines removed, life lost) in a turn played optimally with
    a hand dealt uniformly from ``deck`` (each hand played by :func:`best_turn`).

    Dealt a Grail (1/2): no fight. Dealt the Fight 5 (1/2): win 4/8, else lose 1 life.

    >>> dealt_turn_distribution(Deck({"fight_5": 1, "grail": 1}), 1)
    {(0, 0): Fraction(1, 2), (0, 1): Fraction(1, 4), (1, 0): Fraction(1, 4)}
    """
    for name, flag in (
        ("excalibur", excalibur),
        ("kay", kay),
        ("second_witch", second_witch),
        ("divine_favor", divine_favor),
    ):
        check_bool(name, flag)
    hand_size = check_draws(deck, hand_size, "hand_size")
    groups = _value_groups(deck)
    copies = {v: n for v, n in groups}
    others = copies.get(0, 0)
    fight_copies = [copies.get(v, 0) for v in _VALUES]
    hands = comb(deck.size, hand_size)
    acc: _Outcomes = {}
    for sub in product(*(range(min(c, hand_size) + 1) for c in fight_copies)):  # fight cards dealt
        k = sum(sub)
        if k > hand_size or hand_size - k > others:
            continue
        ways = comb(others, hand_size - k)
        for c, s in zip(fight_copies, sub):
            ways *= comb(c, s)
        plan = best_turn(
            _values_of(sub),
            excalibur=excalibur,
            kay=kay,
            second_witch=second_witch,
            life=life,
            at_least=at_least,
            divine_favor=divine_favor,
        )
        _scale_add(acc, plan.outcomes, Fraction(ways, hands))
    return acc
