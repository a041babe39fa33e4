"""The Pict and Saxon wars: P(one knight completes the straight) within a number of actions
(see :mod:`camelot_rules.odds.quests`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from math import comb

from camelot_rules.base.checks import check_bool
from camelot_rules.base.i18n import gettext
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, known_card_names, standard_deck
from camelot_rules.engine import position as _position
from camelot_rules.engine import quests as _rules
from camelot_rules.odds.quest_common import (
    WARS,
    WHITE_DRAWS,
    WILD,
    as_deck,
    check_copies,
    check_fights_laid,
    hand_parts,
)


# --- wars --------------------------------------------------------------------------------------
@cache
def _war_needs(war: str, fights: int, mordred: bool) -> tuple[int, ...]:
    """The Fight values the war still takes, in order, read from the engine's rule."""
    needs: list[int] = []
    total = fights
    while True:
        try:
            state = _position(3, quests={war: {"fights": total, "mordred": mordred}})
        except ValueError:  # the engine refuses a war with its last card laid: it was won
            return tuple(needs)
        nxt = _rules.war_next(state, war)
        if nxt is None:
            return tuple(needs)
        needs.append(nxt)
        total += 1


def war_completion_probability(
    war: str,
    fights_laid: int,
    hand: Deck | Mapping[str, int] | Iterable[int],
    white_deck: Deck | Mapping[str, int] | None,
    actions: int,
    *,
    mordred: bool = False,
    start: str = "war",
    draws_per_action: int = WHITE_DRAWS,
) -> Fraction:
    """Return the exact chance that one knight completes the war's straight within ``actions``
    of his heroic actions.

    Rules: ``quest.wars``, ``black.mordred``, ``camelot.draw-white``, ``quest.move``,
    ``white.fight-wild``.

    The rule (RB p.15; BoQ p.10): Fight cards go on the war in the order 1, 2, 3, 4, 5 (one
    more 5 while Mordred is on it, BoQ p.16); the last one wins the war. ``fights_laid`` are
    already on it; ``hand`` is the knight's hand (Fight values, or a card mapping).

    The model, exactly: one knight alone. Each heroic action is one of: lay the next needed
    Fight card (at the war, if held); move between the war and the Round Table (RB p.12-13);
    draw ``draws_per_action`` white cards at the Round Table (2, RB p.13; 3 for Sir Gawain).
    ``start`` is where the knight stands: ``"war"`` or ``"camelot"``. The white cards come from
    ``white_deck`` (the draw pile, shuffled; default the base box's white deck less the hand
    and the Fight cards on the war), never reshuffled: when it runs out, no more draws. The
    best play - lay what you can, make one trip to draw until every missing card is in hand,
    come back and lay the rest - wins within ``actions`` exactly when the first
    ``draws_per_action * d`` cards of the pile hold the missing cards, with ``d`` the actions
    left for drawing after the lays and the moves (a hypergeometric count).

    A wild "Fight ?" card (F §3d, S16), held (in a card-mapping ``hand``) or drawn from
    ``white_deck``, is laid as whichever value is missing: it stands for any one of them.

    NOT modelled: the warriors' race from the black deck (the war may be lost first), other
    knights' cards and actions, special white cards, the 12-card hand limit on drawing,
    Tristan's free move, sacrificing life for a second action, and the traitor.

    Picts with 1, 2 laid, the knight at the war holding 3 and 4, and a pile of ten cards with
    two 5s: in 7 actions, 3 lays + 2 moves leave 2 draw actions (4 cards), and the four cards
    miss both 5s in C(8,4)/C(10,4) = 1/3 of the shuffles.

    >>> pile = {"fight_5": 2, "grail": 8}
    >>> war_completion_probability("picts", 2, [3, 4], pile, 7)
    Fraction(2, 3)
    """
    if war not in WARS:
        raise ValueError(
            gettext("war={war}: expected one of {value}").format(war=repr(war), value=list(WARS))
        )
    mordred = check_bool("mordred", mordred)
    fights_laid = check_fights_laid(fights_laid, war, mordred=mordred)
    for name, value in (("actions", actions), ("draws_per_action", draws_per_action)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(
                gettext("{name}={value}: expected a whole number >= 0").format(
                    name=name, value=repr(value)
                )
            )
    if draws_per_action < 1:
        raise ValueError(
            gettext("draws_per_action={draws_per_action}: expected at least 1").format(
                draws_per_action=draws_per_action
            )
        )
    if start not in ("war", "camelot"):
        raise ValueError(
            gettext("start={start}: expected 'war' or 'camelot'").format(start=repr(start))
        )
    held, wild = hand_parts(hand)
    on_war = rulebook.war_sequence(war, mordred=mordred)[:fights_laid]
    check_copies(("hand", held), ("the war", on_war))
    needs = _war_needs(war, fights_laid, mordred)
    if white_deck is None:
        pile = standard_deck("white")
        for v in (*held, *on_war):
            pile = pile.without(f"fight_{v}")
    else:
        pile = as_deck(white_deck, "white_deck")
        white = set(standard_deck("white", expansion=True).names())
        other = sorted(n for n in pile.names() if n in known_card_names() and n not in white)
        if other:
            raise ValueError(
                gettext(
                    "white_deck holds {card}: not a white card (the white draw pile holds "
                    "white cards only)"
                ).format(card=repr(other[0]))
            )
    missing: dict[int, int] = {}
    for v in needs:
        missing[v] = missing.get(v, 0) + 1
    for v in held:
        if missing.get(v, 0):
            missing[v] -= 1
    missing = {v: n for v, n in missing.items() if n}
    lays = len(needs)
    if sum(missing.values()) <= wild:  # the wild cards held lay as whatever is missing
        moves = 1 if start == "camelot" else 0
        return Fraction(1 if lays + moves <= actions else 0)
    moves = 1 if start == "camelot" else 2
    draw_actions = actions - lays - moves
    if draw_actions < 1:
        return Fraction(0)
    n = min(pile.size, draws_per_action * draw_actions)
    return _covers_probability(pile, missing, n, wild)


def _covers_probability(pile: Deck, missing: Mapping[int, int], n: int, spare: int = 0) -> Fraction:
    """P(n cards drawn without replacement from ``pile`` hold ``missing[v]`` x Fight v each),
    a wild "Fight ?" card - drawn, or one of the ``spare`` held - standing for any one of them
    (F §3d, S16; rule ``white.fight-wild``)."""
    sizes = [pile.count(f"fight_{v}") for v in sorted(missing)]
    need = [missing[v] for v in sorted(missing)]
    wilds = pile.count(WILD)
    others = pile.size - sum(sizes) - wilds
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (needed values drawn, still short) -> ways
    for size, k in zip(sizes, need):
        nxt: dict[tuple[int, int], int] = {}
        for (drawn, short), w in ways.items():
            for j in range(min(size, n - drawn) + 1):
                key = (drawn + j, short + max(0, k - j))
                nxt[key] = nxt.get(key, 0) + w * comb(size, j)
        ways = nxt
    good = sum(
        w * comb(wilds, x) * comb(others, n - drawn - x)
        for (drawn, short), w in ways.items()
        for x in range(min(wilds, n - drawn) + 1)
        if short <= spare + x
    )
    return Fraction(good, comb(pile.size, n))
