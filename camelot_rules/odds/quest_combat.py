"""Combat quests (Black Knight, Lancelot, Dragon): the black total, P(win) at the end, the next
Fight card to lay, and the race of white against black cards (see
:mod:`camelot_rules.odds.quests`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from camelot_rules.base.checks import check_bool
from camelot_rules.base.dist import Dist
from camelot_rules.base.i18n import gettext
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck
from camelot_rules.engine import quests as _rules
from camelot_rules.engine.arithmetic import combat_won
from camelot_rules.odds.quest_common import (
    EXCALIBUR_BONUS,
    FIGHT_VALUES,
    check_black_laid,
    check_copies,
    check_quest,
    check_values,
    check_whites,
    combat_pool,
    hand_parts,
    hand_values,
    spots_to_come,
)


# --- the black total ---------------------------------------------------------------------------
@cache
def _sum_weights(pool: tuple[tuple[int, int], ...], m: int) -> dict[int, int]:
    """Integer weights of the sum of ``m`` cards drawn without replacement from ``pool``
    (value, copies): the number of ``m``-card subsets with each sum."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, copies in pool:
        nxt: dict[tuple[int, int], int] = {}
        for (total, drawn), w in ways.items():
            for j in range(min(copies, m - drawn) + 1):
                key = (total + j * value, drawn + j)
                nxt[key] = nxt.get(key, 0) + w * comb(copies, j)
        ways = nxt
    return {total: w for (total, drawn), w in ways.items() if drawn == m}


def black_total_distribution(
    quest: str,
    black_laid: int | Iterable[str],
    *,
    n_whites: int = 0,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    black_to_come: int | None = None,
) -> Dist[int]:
    """Return the exact distribution of the black total when the combat quest ends.

    Rules: ``black.combat``, ``black.face-down``, ``quest.combat-end``.

    ``black_laid`` is the number of black cards on the quest whose values are unseen, or a list
    of their names with ``"hidden"`` for each face-down card. ``black_to_come`` cards are still
    to be laid (default: the empty black spots, or none when the ``n_whites`` laid fill the
    white spots, RB p.14). The unseen cards (hidden and to come) are a uniformly random draw
    without replacement from ``deck``'s combat cards of this quest (Lancelot's value on
    Lancelot, the Dragon's on the Dragon, RB p.11); the default ``deck`` is the base box's black
    deck less the known laid cards and the ``seen`` cards (e.g. the black discard pile).

    Four Black Knight cards unseen out of the box's eleven (5 x 1, 3 x 3, 2 x 5, 1 x 7): the
    least total is 1+1+1+1 = 4, in C(5,4) = 5 of the C(11,4) = 330 draws.

    >>> d = black_total_distribution("black_knight", 4)
    >>> d[4], sum(d.values())
    (Fraction(1, 66), Fraction(1, 1))
    """
    q = check_quest(quest)
    white_spots = rulebook.quest_data(q).white_spots
    if isinstance(n_whites, bool) or not isinstance(n_whites, int):
        raise ValueError(
            gettext("n_whites={n_whites}: expected a whole number 0..{white_spots}").format(
                n_whites=repr(n_whites), white_spots=white_spots
            )
        )
    if not 0 <= n_whites <= white_spots:
        raise ValueError(
            gettext("n_whites={n_whites}: {q} has {white_spots} white spots").format(
                n_whites=n_whites, q=q, white_spots=white_spots
            )
        )
    hidden, known = check_black_laid(q, black_laid)
    m = hidden + spots_to_come(q, n_whites, hidden + len(known), black_to_come)
    pool = combat_pool(q, known, deck, seen)
    size = sum(pool.values())
    if m > size:
        raise ValueError(
            gettext(
                "{m} unseen {q} combat cards needed ({hidden} hidden + {value} to come), but the "
                "deck holds only {size}"
            ).format(m=m, q=q, hidden=hidden, value=m - hidden, size=size)
        )
    base = sum(_rules.black_value(c, q) for c in known)
    weights = _sum_weights(tuple(sorted(pool.items())), m)
    return Dist.from_weights({base + s: w for s, w in weights.items()})


# --- combat quests -----------------------------------------------------------------------------
def _white_total(whites: tuple[int, ...], excalibur: bool, reserve: tuple[int, ...]) -> int:
    bonus = EXCALIBUR_BONUS if check_bool("excalibur", excalibur) else 0
    return sum(whites) + bonus + max(reserve, default=0)


def combat_win_probability(
    quest: str,
    whites: Iterable[int],
    black_laid: int | Iterable[str],
    *,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    excalibur: bool = False,
    kay_reserve: Iterable[int] = (),
    black_to_come: int | None = None,
    divine_favor: bool = False,
) -> Fraction:
    """Return the exact chance that the knights win the combat quest when it ends.

    Rules: ``quest.combat-end``, ``quest.fight-cards``, ``black.combat``, ``black.face-down``,
    ``relic.excalibur``, ``knight.kay``, ``endgame.tie``, ``white.expansion-specials``.

    The rule (RB p.14; BoQ p.5-7): a combat quest ends the moment its last white or black spot
    is filled; the black cards are shuffled and revealed; the knights win only with a strictly
    greater total (a tie loses). Excalibur's holder on the quest adds 1 (BoQ p.8). Sir Kay, on
    the quest when it ends, may add one Fight card of his choice after the reveal (BoQ p.13).

    Model (the assumptions, stated):

    * ``whites`` (the Fight values laid, checked against the quest's pattern, BoQ p.14) stay
      as they are: no more white cards are laid. More white cards could only add to the total
      or end the quest sooner, so for the same black cards this is the knights' worst case.
    * The quest ends when ``black_to_come`` more black cards are laid: by default every empty
      black spot is filled, or none when the white spots are already full (the quest then ends
      now). ``black_to_come=0`` asks "what if it ended now?".
    * The unseen black cards - those laid face down (``black_laid`` as a count, or ``"hidden"``
      in a list of names) and those to come - are a uniformly random draw without replacement
      from ``deck``'s combat cards for this quest; a face-down card tells nothing about its
      value (no reading of who laid it). Default ``deck``: the base box's black deck less the
      known laid cards and ``seen`` (cards known elsewhere, e.g. the discard pile). Other black
      cards (Despair, Morgan...) do not change the sum and are ignored.
    * Sir Kay adds the best of ``kay_reserve`` (his Fight cards; any value, as the engine
      reads BoQ p.13); adding the largest is never worse. Excalibur: ``excalibur=True`` if its
      holder is on the quest when it ends.
    * ``divine_favor=True``: Divine Favor (Merlin's Company, JA special white cards) was
      played and not yet used, so a tie goes to the knights (the engine's
      :func:`camelot_rules.engine.arithmetic.combat_won`).
    * More white cards to come, and Lancelot's Armor: :func:`combat_race_probability`.

    The official example (RB p.14): Fight 4 + 5 + 5 = 14 against five Lancelot cards
    3 + 1 + 1 + 5 + 1 = 11: won.

    >>> laid = ["lancelot_dragon_3_7", "lancelot_dragon_1_5", "lancelot_dragon_1_5",
    ...         "lancelot_dragon_5_9", "lancelot_dragon_1_5"]
    >>> combat_win_probability("lancelot", [4, 5, 5], laid)
    Fraction(1, 1)
    >>> combat_win_probability("lancelot", [4, 5, 5], 4)  # four unseen, one to come
    Fraction(139, 462)
    >>> combat_win_probability("black_knight", [3, 3, 5], 3, excalibur=True)  # 12 vs 4 cards
    Fraction(16, 33)
    >>> combat_win_probability("black_knight", [3, 3, 5], 3, excalibur=True, divine_favor=True)
    Fraction(23, 33)
    """
    q = check_quest(quest)
    w = check_whites(q, whites)
    reserve = check_values(kay_reserve, "kay_reserve")
    check_copies(("whites", w), ("kay_reserve", reserve))
    total = _white_total(w, excalibur, reserve)
    dist = black_total_distribution(
        q, black_laid, n_whites=len(w), deck=deck, seen=seen, black_to_come=black_to_come
    )
    favor = check_bool("divine_favor", divine_favor)
    return sum(
        (p for black, p in dist.items() if combat_won(total, black, divine_favor=favor)),
        Fraction(0),
    )


@dataclass(frozen=True)
class NextFight:
    """One Fight card the quest's pattern allows next, and the chance of winning after it.

    ``ends_quest``: laying it fills the last white spot, so the quest ends at once (RB p.14).
    ``wild``: a wild "Fight ?" card laid as ``value`` (F §3d, S16).
    """

    value: int
    p_win: Fraction
    ends_quest: bool
    wild: bool = False


def best_next_fight(
    quest: str,
    whites: Iterable[int],
    hand: Deck | Mapping[str, int] | Iterable[int],
    black_laid: int | Iterable[str],
    *,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    excalibur: bool = False,
    kay: bool = False,
    kay_reserve: Iterable[int] = (),
    divine_favor: bool = False,
) -> tuple[NextFight, ...]:
    """Return, for each Fight value in ``hand`` that the quest's pattern allows next, the
    exact chance that the knights win if it is laid now, best first.

    Rules: ``quest.fight-cards``, ``quest.combat-end``, ``knight.kay``,
    ``white.expansion-specials``, ``white.fight-wild``.

    The chance is :func:`combat_win_probability` of the whites with the card added (same model:
    no further white cards; the empty black spots filled, or none when the card fills the last
    white spot). ``kay=True``: you are Sir Kay, and after the reveal you add the best Fight card
    left in your hand; ``kay_reserve``: another Sir Kay's Fight cards (on the Dragon). Ties in
    the chance are broken by the larger card. Compare with :func:`combat_win_probability` of
    the whites as they are to see what laying a card gains.

    A wild "Fight ?" card in a card-mapping ``hand`` (F §3d, S16) is offered at each value the
    pattern allows (``wild=True``), as the engine offers it; one kept back for Sir Kay's card
    after the reveal counts 5, the value he names for it (the extra card need not fit the
    pattern, and a larger total never loses a fight a smaller one wins). On equal chances a
    numbered card comes before a wild one of the same value (the wild card is kept).

    Black Knight with 3, 3 laid, two Black Knight cards unseen: a 5 starts the second pair and
    leaves two black spots to fill; no hand card ends the quest yet.

    >>> [(n.value, n.p_win) for n in best_next_fight("black_knight", [3, 3], [5, 1, 3], 2)]
    [(5, Fraction(16, 33)), (1, Fraction(7, 66))]
    """
    q = check_quest(quest)
    w = check_whites(q, whites)
    held, wild = hand_parts(hand)
    reserve = check_values(kay_reserve, "kay_reserve")
    if check_bool("kay", kay) and reserve:
        raise ValueError(
            gettext("give kay=True (you are Sir Kay) or kay_reserve (another Kay), not both")
        )
    check_copies(("whites", w), ("hand", held), ("kay_reserve", reserve))
    spots = rulebook.quest_data(q).white_spots
    out = []
    plays = [(v, False) for v in sorted(set(held))]
    plays += [(v, True) for v in FIGHT_VALUES if wild]
    for v, as_wild in plays:
        after = (*w, v)
        if not _rules.pattern_ok(q, after):
            continue
        left = list(held)
        if not as_wild:
            left.remove(v)
        left += [FIGHT_VALUES[-1]] * (wild - (1 if as_wild else 0))  # Kay names a wild card 5
        p = combat_win_probability(
            q,
            after,
            black_laid,
            deck=deck,
            seen=seen,
            excalibur=excalibur,
            kay_reserve=tuple(left) if kay else reserve,
            divine_favor=divine_favor,
        )
        out.append(NextFight(v, p, len(after) >= spots, as_wild))
    return tuple(sorted(out, key=lambda n: (n.p_win, n.value, not n.wild), reverse=True))


_SCHEDULE_STEPS = {"w": "white", "b": "black", "a": "armor"}


def _check_schedule(quest: str, schedule: object, n_whites: int, n_laid: int) -> str:
    if not isinstance(schedule, str) or any(c not in _SCHEDULE_STEPS for c in schedule):
        raise ValueError(
            gettext(
                "schedule={schedule}: expected a string of w (the knights may lay a Fight card), "
                "b (a black combat card lands) and a (the Armor's holder draws it)"
            ).format(schedule=repr(schedule))
        )
    data = rulebook.quest_data(quest)
    if n_whites >= data.white_spots:
        raise ValueError(
            gettext(
                "whites: the {white_spots} white spots are full, so the quest has ended (RB p.14)"
            ).format(white_spots=data.white_spots)
        )
    whites = schedule.count("w")
    blacks = len(schedule) - whites
    if whites > data.white_spots - n_whites:
        raise ValueError(
            gettext(
                "schedule has {whites} white steps, but only {value} of {quest}'s white spots are "
                "empty"
            ).format(whites=whites, value=data.white_spots - n_whites, quest=quest)
        )
    if blacks > data.black_spots - n_laid:
        raise ValueError(
            gettext(
                "schedule has {blacks} black steps, but black_laid leaves only {value} of "
                "{quest}'s black spots empty"
            ).format(blacks=blacks, value=data.black_spots - n_laid, quest=quest)
        )
    return schedule


def combat_race_probability(
    quest: str,
    whites: Iterable[int],
    black_laid: int | Iterable[str],
    *,
    hand: Deck | Mapping[str, int] | Iterable[int] = (),
    schedule: str = "",
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    excalibur: bool = False,
    kay_reserve: Iterable[int] = (),
    divine_favor: bool = False,
) -> Fraction:
    """Return the exact chance that the knights win the combat quest when white cards are
    still to come: the knights lay the best cards of ``hand`` as the quest goes on.

    Rules: ``quest.combat-end``, ``quest.fight-cards``, ``black.combat``, ``black.face-down``,
    ``relic.armor``, ``relic.excalibur``, ``knight.kay``, ``endgame.tie``,
    ``white.expansion-specials``.

    ``schedule`` is the order of the coming steps, one letter each: ``w`` - the knights may lay
    one Fight card from ``hand`` that the quest's pattern allows (BoQ p.14), or lay none;
    ``b`` - a black combat card of this quest is laid face up; ``a`` - Lancelot's Armor: its
    holder draws the black card, sees two of the quest's combat cards, keeps the lower and puts
    the other under the pile (BoQ p.6; the engine's ``relic.armor``). The quest ends the moment
    a side's spots are full (RB p.14); if the schedule ends first, the empty black spots are
    filled by plain draws (as in :func:`combat_win_probability`, whose answer this is for an
    empty schedule). The knights choose each card (or none) to maximise the chance of winning,
    seeing the face-up black cards; face-down cards stay unknown until the reveal.

    Assumptions, stated: the black cards (drawn, face down, seen by the Armor) come from
    ``deck``'s combat cards for this quest, other black cards being ignored (so each Armor draw
    offers two combat cards, and keeping the lower is always right: both leave the pile); the
    card put under the pile does not come back before the quest ends; ``hand`` is every Fight
    card the knights on the quest will have (the cards they will draw are not modelled).

    Black Knight, nothing laid, a hand of 5, 5, 4, 4 and the turns "black, white" four times:
    the knights fill the white spots (5+5+4+4 = 18) after three black cards.

    >>> combat_race_probability("black_knight", [], 0, hand=[5, 5, 4, 4], schedule="bwbwbww")
    Fraction(1, 1)

    Black Knight 4, 4 laid, two face down, a hand of 1, 1: with no more white cards the
    knights' 8 faces four cards (7/66); laying both 1s after one more black card ends the
    quest at 10 against three cards; Lancelot's Armor on that draw helps further.

    >>> combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1])
    Fraction(7, 66)
    >>> combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1], schedule="bww")
    Fraction(116, 165)
    >>> combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1], schedule="aww")
    Fraction(553, 660)
    """
    q = check_quest(quest)
    w0 = check_whites(q, whites)
    held = hand_values(hand)
    reserve = check_values(kay_reserve, "kay_reserve")
    check_copies(("whites", w0), ("hand", held), ("kay_reserve", reserve))
    favor = check_bool("divine_favor", divine_favor)
    bonus = (EXCALIBUR_BONUS if check_bool("excalibur", excalibur) else 0) + max(reserve, default=0)
    hidden, known = check_black_laid(q, black_laid)
    n_laid = hidden + len(known)
    steps = _check_schedule(q, schedule, len(w0), n_laid)
    data = rulebook.quest_data(q)
    pool0 = combat_pool(q, known, deck, seen)
    need = hidden + data.black_spots - n_laid + steps.count("a")
    if need > sum(pool0.values()):
        raise ValueError(
            gettext(
                "{need} {q} combat cards may be needed ({hidden} hidden, {value} to come, "
                "{value2} more seen by the Armor), but the deck holds only {value3}"
            ).format(
                need=need,
                q=q,
                hidden=hidden,
                value=data.black_spots - n_laid,
                value2=steps.count("a"),
                value3=sum(pool0.values()),
            )
        )
    values = tuple(sorted(pool0))
    white_spots, black_spots = data.white_spots, data.black_spots

    def end(ws: tuple[int, ...], pool: tuple[int, ...], black: int, unseen: int) -> Fraction:
        weights = _sum_weights(tuple(zip(values, pool)), unseen)
        total = sum(ws) + bonus
        won = sum(w for s, w in weights.items() if combat_won(total, black + s, divine_favor=favor))
        return Fraction(won, comb(sum(pool), unseen))

    @cache
    def go(
        i: int,
        ws: tuple[int, ...],
        left: tuple[int, ...],
        pool: tuple[int, ...],
        black: int,
        n: int,
    ) -> Fraction:
        if len(ws) >= white_spots or n >= black_spots:
            return end(ws, pool, black, hidden)
        if i == len(steps):
            return end(ws, pool, black, hidden + black_spots - n)
        size = sum(pool)
        if steps[i] == "w":
            best = go(i + 1, ws, left, pool, black, n)  # lay nothing
            for v in sorted(set(left)):
                after = tuple(sorted((*ws, v)))
                if _rules.pattern_ok(q, after):
                    rest = list(left)
                    rest.remove(v)
                    best = max(best, go(i + 1, after, tuple(rest), pool, black, n))
            return best
        out = Fraction(0)
        if steps[i] == "b" or size < 2:
            for k, c in enumerate(pool):
                if c:
                    nxt = (*pool[:k], c - 1, *pool[k + 1 :])
                    out += Fraction(c, size) * go(i + 1, ws, left, nxt, black + values[k], n + 1)
            return out
        pairs = size * (size - 1)
        for k, c in enumerate(pool):  # the lower card kept: values[k]
            for j in range(k, len(pool)):
                ways = c * (c - 1) if j == k else 2 * c * pool[j]
                if ways:
                    two = list(pool)
                    two[k] -= 1
                    two[j] -= 1
                    out += Fraction(ways, pairs) * go(
                        i + 1, ws, left, tuple(two), black + values[k], n + 1
                    )
        return out

    base = sum(_rules.black_value(c, q) for c in known)
    return go(0, tuple(sorted(w0)), held, tuple(pool0[v] for v in values), base, n_laid)
