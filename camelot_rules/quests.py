"""Quests: exact odds for the combat quests (Black Knight, Lancelot, Dragon) and the wars.

Every quest rule comes from the rules engine, never a second copy: the pattern the Fight cards
must grow into (:func:`camelot_rules.engine.effects.pattern_ok`, BoQ p.14; RB p.14), a black
card's value on its quest (:func:`~camelot_rules.engine.effects.black_value`, RB p.11), the
Fight value a war takes next (:func:`~camelot_rules.engine.effects.war_next`, RB p.15), the
spot counts (:data:`camelot_rules.rulebook.QUESTS`), Excalibur's bonus
(``rulebook.threshold("excalibur_bonus")``, BoQ p.8) and the tie rule
(:func:`camelot_rules.core.combat_won`: a tie loses, BoQ p.5-7; RB p.17).

The combat model, in one paragraph (details in :func:`combat_win_probability`): a combat quest
ends the moment its last white or black spot is filled (RB p.14); then the black cards are
revealed and the knights win only with a strictly greater total. The calculators answer "the
whites stay as laid and the quest ends when the black spots are filled (or now, when the white
spots are): what is P(white total > black total)?". The unseen black cards (face down, or still
to come) are a uniformly random draw, without replacement, from the quest's combat cards that
are not known to be elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

from camelot_rules import rulebook
from camelot_rules.cards import Deck, standard_deck
from camelot_rules.checks import check_bool
from camelot_rules.core import combat_won
from camelot_rules.dist import Dist
from camelot_rules.engine import effects as _rules
from camelot_rules.engine import position as _position
from camelot_rules.siege import hand_fight_counts

__all__ = [
    "COMBAT_QUESTS",
    "WARS",
    "NextFight",
    "best_next_fight",
    "black_total_distribution",
    "combat_card_names",
    "combat_win_probability",
    "war_completion_probability",
]

COMBAT_QUESTS: tuple[str, ...] = ("black_knight", "lancelot", "dragon")
WARS: tuple[str, ...] = ("picts", "saxons")
HIDDEN = "hidden"  # a black card laid face down (its name unseen), as the engine shows it

_VALUES = rulebook.FIGHT_VALUES
_EXCALIBUR = rulebook.threshold("excalibur_bonus")
_PATTERN = {
    "black_knight": "two pairs of different values",
    "lancelot": "a full house (three of one value, two of another)",
    "dragon": "three three-of-a-kinds of different values",
}
_COMBAT_PREFIX = {
    "black_knight": "black_knight_",
    "lancelot": "lancelot_dragon_",
    "dragon": "lancelot_dragon_",
}
_BLACK_NAMES = frozenset(
    e.name for e in (*rulebook.BASE_BLACK, *rulebook.EXPANSION_BLACK)
)  # every black card name of the base game and Merlin's Company
# The most copies of each Fight value that exist (base game + Merlin's Company): more in a
# hand and on the quest is an impossible position.
_FIGHT_COPIES = {v: standard_deck("white", expansion=True).count(f"fight_{v}") for v in _VALUES}
_WHITE_DRAWS = rulebook.threshold("round_table_white_draws")


# --- checks ------------------------------------------------------------------------------------
def _check_quest(quest: object) -> str:
    if quest not in COMBAT_QUESTS:
        raise ValueError(f"quest={quest!r}: expected one of {list(COMBAT_QUESTS)}")
    assert isinstance(quest, str)
    return quest


def _check_values(values: object, what: str) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ValueError(f"{what}={values!r}: expected a list of Fight values (ints 1..5)")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v not in _VALUES:
            raise ValueError(f"{what} contains {v!r}; Fight cards have values 1..5")
        out.append(v)
        if len(out) > sum(_FIGHT_COPIES.values()):
            raise ValueError(f"{what} holds more Fight cards than the game has")
    return tuple(out)


def _check_copies(*groups: tuple[str, Iterable[int]]) -> None:
    """No Fight value more often than the box holds, counting every group together."""
    seen: dict[int, int] = {}
    for _, values in groups:
        for v in values:
            seen[v] = seen.get(v, 0) + 1
    for v, n in seen.items():
        if n > _FIGHT_COPIES[v]:
            names = " + ".join(what for what, _ in groups)
            raise ValueError(
                f"{names} hold {n} x Fight {v}; the game has only {_FIGHT_COPIES[v]} "
                "(base game and Merlin's Company together)"
            )


def _check_whites(quest: str, whites: object) -> tuple[int, ...]:
    values = _check_values(whites, "whites")
    spots = rulebook.quest_data(quest).white_spots
    if len(values) > spots:
        raise ValueError(f"whites: {len(values)} Fight cards laid, but {quest} has {spots} spots")
    # (no white card yet always fits; the engine's check is asked only about laid cards)
    if values and not _rules.pattern_ok(quest, values):
        raise ValueError(
            f"whites={list(values)} cannot grow into the {quest} pattern ({_PATTERN[quest]}, "
            "BoQ p.14)"
        )
    return values


def _check_black_laid(quest: str, black_laid: object) -> tuple[int, tuple[str, ...]]:
    """``(hidden, known names)`` from a count of unseen cards or a list of names/"hidden"."""
    spots = rulebook.quest_data(quest).black_spots
    if isinstance(black_laid, int) and not isinstance(black_laid, bool):
        if not 0 <= black_laid <= spots:
            raise ValueError(f"black_laid={black_laid}: {quest} has {spots} black spots")
        return black_laid, ()
    if isinstance(black_laid, (str, bytes)) or not isinstance(black_laid, Iterable):
        raise ValueError(
            f"black_laid={black_laid!r}: expected a number of unseen cards or a list of card "
            f"names ({HIDDEN!r} for a face-down card)"
        )
    hidden, known = 0, []
    for card in black_laid:
        if card == HIDDEN:
            hidden += 1
        elif (
            isinstance(card, str)
            and card in _BLACK_NAMES
            and card.startswith(_COMBAT_PREFIX[quest])
        ):
            known.append(card)
        else:
            raise ValueError(
                f"black_laid contains {card!r}: expected {HIDDEN!r} or a {quest} combat card "
                f"({_COMBAT_PREFIX[quest]}...)"
            )
    if hidden + len(known) > spots:
        raise ValueError(
            f"black_laid: {hidden + len(known)} black cards laid, but {quest} has {spots} spots"
        )
    return hidden, tuple(known)


def _as_deck(cards: object, what: str) -> Deck:
    if isinstance(cards, Deck):
        return cards
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise ValueError(f"{what}={cards!r}: expected a Deck, a name -> count mapping or names")
    counts: dict[str, int] = {}
    if isinstance(cards, Mapping):
        counts = dict(cards)
    else:
        for name in cards:
            if not isinstance(name, str):
                raise ValueError(f"{what} contains {name!r}: expected card names")
            counts[name] = counts.get(name, 0) + 1
    try:
        return Deck(counts)
    except ValueError as err:
        raise ValueError(f"{what}: {err}") from None


def _hand_values(hand: object) -> tuple[int, ...]:
    """A hand (Fight values, a name -> count mapping or a Deck) as its Fight values."""
    if isinstance(hand, (Deck, Mapping)):
        hand = _as_deck(hand, "hand")
    try:
        counts = hand_fight_counts(hand)  # type: ignore[arg-type]
    except ValueError as err:
        raise ValueError(err if "hand" in str(err) else f"hand: {err}") from None
    return tuple(v for v, c in zip(_VALUES, counts) for _ in range(c))


def combat_card_names(quest: str) -> tuple[str, ...]:
    """Return the black cards that are laid on a combat quest (RB p.11), in canonical order.

    >>> combat_card_names("black_knight")
    ('black_knight_1', 'black_knight_3', 'black_knight_5', 'black_knight_7')
    """
    q = _check_quest(quest)
    return tuple(sorted(n for n in _BLACK_NAMES if n.startswith(_COMBAT_PREFIX[q])))


def _combat_pool(quest: str, known: tuple[str, ...], deck: object, seen: object) -> dict[int, int]:
    """The quest's combat cards the unseen ones are drawn from, as value -> copies."""
    seen_deck = _as_deck(seen, "seen")
    if deck is None:
        box = standard_deck("black")
        try:
            pool = box.minus(Deck({c: known.count(c) for c in set(known)})).minus(seen_deck)
        except ValueError as err:
            raise ValueError(f"black_laid and seen hold more cards than the box: {err}") from None
    else:
        if seen_deck.size:
            raise ValueError(
                "seen is for the default deck only: give the deck of unseen black cards "
                "without the seen cards instead"
            )
        pool = _as_deck(deck, "deck")
    unknown = sorted(set(pool.names()) - _BLACK_NAMES)
    if unknown:
        raise ValueError(f"deck holds {unknown}, not black cards of the game")
    out: dict[int, int] = {}
    for name, n in pool.items():
        if name.startswith(_COMBAT_PREFIX[quest]):
            v = _rules.black_value(name, quest)
            out[v] = out.get(v, 0) + n
    return out


def _spots_to_come(quest: str, n_whites: int, n_laid: int, black_to_come: object) -> int:
    data = rulebook.quest_data(quest)
    whites_full = n_whites >= data.white_spots
    if whites_full and n_laid >= data.black_spots:
        raise ValueError(
            f"{quest}: both sides full ({n_whites} white, {n_laid} black cards); the quest "
            "ended when the first side was filled (RB p.14)"
        )
    left = 0 if whites_full else data.black_spots - n_laid
    if black_to_come is None:
        return left
    if isinstance(black_to_come, bool) or not isinstance(black_to_come, int):
        raise ValueError(f"black_to_come={black_to_come!r}: expected a whole number >= 0")
    if not 0 <= black_to_come <= left:
        why = (
            "the white spots are full, so the quest has ended (RB p.14)"
            if whites_full
            else f"{n_laid} of {data.black_spots} black spots are filled"
        )
        raise ValueError(f"black_to_come={black_to_come}: at most {left} ({why})")
    return black_to_come


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
    q = _check_quest(quest)
    white_spots = rulebook.quest_data(q).white_spots
    if isinstance(n_whites, bool) or not isinstance(n_whites, int):
        raise ValueError(f"n_whites={n_whites!r}: expected a whole number 0..{white_spots}")
    if not 0 <= n_whites <= white_spots:
        raise ValueError(f"n_whites={n_whites}: {q} has {white_spots} white spots")
    hidden, known = _check_black_laid(q, black_laid)
    m = hidden + _spots_to_come(q, n_whites, hidden + len(known), black_to_come)
    pool = _combat_pool(q, known, deck, seen)
    size = sum(pool.values())
    if m > size:
        raise ValueError(
            f"{m} unseen {q} combat cards needed ({hidden} hidden + {m - hidden} to come), but "
            f"the deck holds only {size}"
        )
    base = sum(_rules.black_value(c, q) for c in known)
    weights = _sum_weights(tuple(sorted(pool.items())), m)
    return Dist.from_weights({base + s: w for s, w in weights.items()})


# --- combat quests -----------------------------------------------------------------------------
def _white_total(whites: tuple[int, ...], excalibur: bool, reserve: tuple[int, ...]) -> int:
    bonus = _EXCALIBUR if check_bool("excalibur", excalibur) else 0
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
) -> Fraction:
    """Return the exact chance that the knights win the combat quest when it ends.

    Rules: ``quest.combat-end``, ``quest.fight-cards``, ``black.combat``, ``black.face-down``,
    ``relic.excalibur``, ``knight.kay``, ``endgame.tie``.

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

    The official example (RB p.14): Fight 4 + 5 + 5 = 14 against five Lancelot cards
    3 + 1 + 1 + 5 + 1 = 11: won.

    >>> laid = ["lancelot_dragon_3_7", "lancelot_dragon_1_5", "lancelot_dragon_1_5",
    ...         "lancelot_dragon_5_9", "lancelot_dragon_1_5"]
    >>> combat_win_probability("lancelot", [4, 5, 5], laid)
    Fraction(1, 1)
    >>> combat_win_probability("lancelot", [4, 5, 5], 4)  # four unseen, one to come
    Fraction(139, 462)
    """
    q = _check_quest(quest)
    w = _check_whites(q, whites)
    reserve = _check_values(kay_reserve, "kay_reserve")
    _check_copies(("whites", w), ("kay_reserve", reserve))
    total = _white_total(w, excalibur, reserve)
    dist = black_total_distribution(
        q, black_laid, n_whites=len(w), deck=deck, seen=seen, black_to_come=black_to_come
    )
    return sum((p for black, p in dist.items() if combat_won(total, black)), Fraction(0))


@dataclass(frozen=True)
class NextFight:
    """One Fight card the quest's pattern allows next, and the chance of winning after it.

    ``ends_quest``: laying it fills the last white spot, so the quest ends at once (RB p.14).
    """

    value: int
    p_win: Fraction
    ends_quest: bool


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
) -> tuple[NextFight, ...]:
    """Return, for each Fight value in ``hand`` that the quest's pattern allows next, the
    exact chance that the knights win if it is laid now, best first.

    Rules: ``quest.fight-cards``, ``quest.combat-end``, ``knight.kay``.

    The chance is :func:`combat_win_probability` of the whites with the card added (same model:
    no further white cards; the empty black spots filled, or none when the card fills the last
    white spot). ``kay=True``: you are Sir Kay, and after the reveal you add the best Fight card
    left in your hand; ``kay_reserve``: another Sir Kay's Fight cards (on the Dragon). Ties in
    the chance are broken by the larger card. Compare with :func:`combat_win_probability` of
    the whites as they are to see what laying a card gains.

    Black Knight with 3, 3 laid, two Black Knight cards unseen: a 5 starts the second pair and
    leaves two black spots to fill; no hand card ends the quest yet.

    >>> [(n.value, n.p_win) for n in best_next_fight("black_knight", [3, 3], [5, 1, 3], 2)]
    [(5, Fraction(16, 33)), (1, Fraction(7, 66))]
    """
    q = _check_quest(quest)
    w = _check_whites(q, whites)
    held = _hand_values(hand)
    reserve = _check_values(kay_reserve, "kay_reserve")
    if check_bool("kay", kay) and reserve:
        raise ValueError("give kay=True (you are Sir Kay) or kay_reserve (another Kay), not both")
    _check_copies(("whites", w), ("hand", held), ("kay_reserve", reserve))
    spots = rulebook.quest_data(q).white_spots
    out = []
    for v in sorted(set(held)):
        after = (*w, v)
        if not _rules.pattern_ok(q, after):
            continue
        left = list(held)
        left.remove(v)
        p = combat_win_probability(
            q,
            after,
            black_laid,
            deck=deck,
            seen=seen,
            excalibur=excalibur,
            kay_reserve=tuple(left) if kay else reserve,
        )
        out.append(NextFight(v, p, len(after) >= spots))
    return tuple(sorted(out, key=lambda n: (n.p_win, n.value), reverse=True))


# --- wars --------------------------------------------------------------------------------------
@cache
def _war_needs(war: str, fights: int, mordred: bool) -> tuple[int, ...]:
    """The Fight values the war still takes, in order, read from the engine's rule."""
    needs: list[int] = []
    total = fights
    while True:
        state = _position(3, quests={war: {"fights": total, "mordred": mordred}})
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
    draws_per_action: int = _WHITE_DRAWS,
) -> Fraction:
    """Return the exact chance that one knight completes the war's straight within ``actions``
    of his heroic actions.

    Rules: ``quest.wars``, ``black.mordred``, ``camelot.draw-white``, ``quest.move``.

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
        raise ValueError(f"war={war!r}: expected one of {list(WARS)}")
    mordred = check_bool("mordred", mordred)
    top = len(_VALUES) + (1 if mordred else 0)
    if isinstance(fights_laid, bool) or not isinstance(fights_laid, int):
        raise ValueError(f"fights_laid={fights_laid!r}: expected a whole number")
    if not 0 <= fights_laid < top:
        raise ValueError(
            f"fights_laid={fights_laid}: expected 0..{top - 1} (the war ends with the {top}th)"
        )
    for name, value in (("actions", actions), ("draws_per_action", draws_per_action)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name}={value!r}: expected a whole number >= 0")
    if draws_per_action < 1:
        raise ValueError(f"draws_per_action={draws_per_action}: expected at least 1")
    if start not in ("war", "camelot"):
        raise ValueError(f"start={start!r}: expected 'war' or 'camelot'")
    held = _hand_values(hand)
    on_war = tuple(min(v, len(_VALUES)) for v in range(1, fights_laid + 1))
    _check_copies(("hand", held), ("the war", on_war))
    needs = _war_needs(war, fights_laid, mordred)
    if white_deck is None:
        pile = standard_deck("white")
        for v in (*held, *on_war):
            pile = pile.without(f"fight_{v}")
    else:
        pile = _as_deck(white_deck, "white_deck")
    missing: dict[int, int] = {}
    for v in needs:
        missing[v] = missing.get(v, 0) + 1
    for v in held:
        if missing.get(v, 0):
            missing[v] -= 1
    missing = {v: n for v, n in missing.items() if n}
    lays = len(needs)
    if not missing:
        moves = 1 if start == "camelot" else 0
        return Fraction(1 if lays + moves <= actions else 0)
    moves = 1 if start == "camelot" else 2
    draw_actions = actions - lays - moves
    if draw_actions < 1:
        return Fraction(0)
    n = min(pile.size, draws_per_action * draw_actions)
    return _covers_probability(pile, missing, n)


def _covers_probability(pile: Deck, missing: Mapping[int, int], n: int) -> Fraction:
    """P(n cards drawn without replacement from ``pile`` hold ``missing[v]`` x Fight v each)."""
    sizes = [pile.count(f"fight_{v}") for v in sorted(missing)]
    need = [missing[v] for v in sorted(missing)]
    others = pile.size - sum(sizes)
    ways: dict[int, int] = {0: 1}  # cards of the needed values drawn -> ways
    for size, k in zip(sizes, need):
        nxt: dict[int, int] = {}
        for drawn, w in ways.items():
            for j in range(k, min(size, n - drawn) + 1):
                nxt[drawn + j] = nxt.get(drawn + j, 0) + w * comb(size, j)
        ways = nxt
    good = sum(w * comb(others, n - drawn) for drawn, w in ways.items())
    return Fraction(good, comb(pile.size, n))
