"""The table's view of a game: what the players (or their play log) have seen, as an engine state.

A group at the table sees less than an engine state holds: the white cards in hands, the order of
the piles, the loyalty cards. An *information set* keeps what was seen as facts and the rest as
unknowns bounded by the box's card census, and advances with the engine's own rules. Here it is
an ordinary :class:`~camelot_rules.engine.state.GameState` of the *table's view*
(:meth:`~camelot_rules.engine.state.Config.with_unseen`, started by
:func:`~camelot_rules.engine.setup.table_game`):

- a white card nobody has seen - in the draw pile, in a hand, discarded face down - is the kind
  :data:`~camelot_rules.engine.state.UNSEEN`; the rules treat it as a white card of no kind they
  name (never a Fight, Grail, Merlin or special card);
- the **unseen pool** (:func:`unseen_pool`) is the box less every white card seen somewhere:
  the unseen cards are those cards, in some order;
- a card shown from a hand (played, discarded face up, named by the log) is taken from the hand's
  unseen cards and from the pool (:func:`reveal`): a card is playable when the pool can hold it;
- where the cards a hand gives up are not shown (a face-down discard, an exchange), the hand's
  seen cards first become unseen again (:func:`forget`): the view only ever widens, so nothing
  that could have happened is ruled out;
- a reshuffled draw pile is unseen again (:func:`hide_pile`); the order of the black pile a
  knight looked at alone (a peek, Clairvoyance, Lancelot's Armor) is not the table's
  (:func:`hide_order`);
- black and travel cards are named when drawn (a log records them): their piles stay multisets,
  a draw a chance outcome the engine checks against the census.

Nothing here applies a rule of the game: every step goes through ``legal_actions``/``apply`` and
``chance_outcomes``/``apply_chance``, which name the rule an impossible step breaks.
:func:`correct` writes what the table recorded over the view after a violation was reported (so
that one broken rule is reported once, not on every later line).

>>> from camelot_rules.engine.setup import table_game
>>> s = table_game(3, knights=("arthur", "kay", "gawain"))
>>> unseen_pool(s)["fight_5"], unseen_pool(s)["merlin"]  # the box: 7 and 7; 3 Merlins dealt
(7, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from camelot_rules.engine.flow import advance
from camelot_rules.engine.state import UNSEEN, GameState, IllegalActionError
from camelot_rules.engine.turns import start_turn

__all__ = [
    "correct",
    "forget",
    "hide_order",
    "hide_pile",
    "reveal",
    "seen_white",
    "unseen_count",
    "unseen_pool",
]

_SEAT_FIELDS: Final = ("life", "location", "captured", "dead", "revealed", "accused")
_PLACING: Final = frozenset({"reveal", "keep2", "clair"})  # tasks that place cards looked at


def _check_view(s: GameState) -> int:
    """The index of the unseen kind; a ValueError for a state that is not a table's view."""
    if not isinstance(s, GameState) or not s.cfg.table_view:
        raise ValueError("state: expected a table's view (engine.setup.table_game)")
    return len(s.cfg.white_names) - 1


def seen_white(s: GameState) -> dict[str, int]:
    """Every white card the table has seen, wherever it is now (name -> count)."""
    wn = s.cfg.white_names
    seen = {name: s.wpile[i] + s.wdisc[i] + s.pool[i] + s.removed_w[i] for i, name in enumerate(wn)}
    for hand in s.hands:
        for i, c in enumerate(hand):
            if c:
                seen[wn[i]] += c
    for v in (*s.bk_w, *s.ld_w):
        seen[f"fight_{v}"] += 1
    for fights, _, _ in s.wars:
        for v in range(1, fights + 1):
            seen[f"fight_{min(v, 5)}"] += 1
    seen["grail"] += s.grail_n
    if s.heroism:
        seen["heroism"] += 1
    del seen[UNSEEN]
    return seen


def unseen_pool(s: GameState) -> dict[str, int]:
    """The white cards nobody has seen: the box less every card seen (name -> count). The
    unseen cards of the piles and hands are these, in some order.

    Rules: ``deck.counts``."""
    _check_view(s)
    seen = seen_white(s)
    box = s.cfg.white_box
    return {name: box[i] - seen[name] for i, name in enumerate(s.cfg.white_names[:-1])}


def unseen_count(s: GameState, seat: int) -> int:
    """How many of ``seat``'s white cards the table has not seen."""
    return s.hands[seat][_check_view(s)]


def reveal(s: GameState, seat: int, cards: Mapping[str, int]) -> GameState:
    """``s`` with ``cards`` (name -> count) shown in ``seat``'s hand: each card the hand is not
    already known to hold is one of its unseen cards, taken from the unseen pool.

    A hand without enough unseen cards is left short (the action that needs the card then names
    the rule that refuses it); a card the pool cannot hold - every copy of the box seen
    elsewhere - raises :class:`IllegalActionError` (rule ``deck.counts``).

    >>> from camelot_rules.engine.setup import table_game
    >>> s = table_game(3, knights=("arthur", "kay", "gawain"))
    >>> s = s.apply_chance(s.chance_outcomes()[0][0])  # (a loyalty card)
    >>> s = s.apply_chance(s.chance_outcomes()[0][0])
    >>> s = s.apply_chance(s.chance_outcomes()[0][0])
    >>> s = s.apply_chance(s.chance_outcomes()[0][0])  # seat 0's first white card, unseen
    >>> sorted(reveal(s, 0, {"fight_3": 1}).hand(0).items())
    [('fight_3', 1), ('merlin', 1)]
    """
    u = _check_view(s)
    hand = list(s.hands[seat])
    pool: dict[str, int] | None = None
    wi = s.cfg.white_index
    for card, n in cards.items():
        i = wi.get(card)
        if i is None or i == u:
            continue  # not a white card of this box: the action's own check names it
        need = min(n - hand[i], hand[u])
        if need <= 0:
            continue
        if pool is None:
            pool = unseen_pool(s)
        if pool[card] < need:
            box = s.cfg.white_box[i]
            raise IllegalActionError(
                card,
                "deck.counts",
                f"the box holds {box} {card}; {box - pool[card]} are seen elsewhere",
            )
        pool[card] -= need
        hand[i] += need
        hand[u] -= need
    if tuple(hand) == s.hands[seat]:
        return s
    new = s._clone()
    hands = list(new.hands)
    hands[seat] = tuple(hand)
    new._set_hands(tuple(hands))
    return new


def forget(s: GameState, seat: int) -> GameState:
    """``s`` with every card of ``seat``'s hand unseen (its seen cards go back to the pool):
    where the table does not see which card a hand gives up."""
    u = _check_view(s)
    hand = s.hands[seat]
    if sum(hand) == hand[u]:
        return s
    new = s._clone()
    hands = list(new.hands)
    hands[seat] = (0,) * u + (sum(hand),)
    new._set_hands(tuple(hands))
    return new


def hide_pile(s: GameState) -> GameState:
    """``s`` with its white draw pile unseen (after a reshuffle: the table saw the discards go
    in, not their order; what it knows of them stays in the unseen pool)."""
    u = _check_view(s)
    if not any(s.wpile[:u]):
        return s
    new = s._clone()
    new._set(wpile=(0,) * u + (sum(s.wpile),))
    return new


def hide_order(s: GameState) -> GameState:
    """``s`` with the black pile's known top and bottom back in the pile (a peek, Clairvoyance
    or Lancelot's Armor shows cards to one knight only: the table knows the pile's cards, not
    their order). Not while a card looked at is still being placed (the rules need them)."""
    _check_view(s)
    if not (s.btop or s.bbottom) or (s.pending and s.pending[-1][0] in _PLACING):
        return s
    pile = list(s.bpile)
    for card in (*s.btop, *s.bbottom):
        pile[s.cfg.black_index[card]] += 1
    new = s._clone()
    new._set(bpile=tuple(pile), btop=(), bbottom=())
    return new


def correct(
    s: GameState,
    *,
    turn: int | None = None,
    phase: str = "",
    skip_draw: bool = False,
    **fields: Any,
) -> GameState:
    """``s`` with what the table recorded written over it (after the replay has reported the
    line that breaks a rule): ``engines``, ``white_swords``, ``black_swords``, ``merlin``,
    ``black_pile`` (card -> count added to the black draw pile), and
    by seat (a mapping seat -> value) ``life``, ``location``, ``captured``, ``dead``,
    ``revealed``, ``accused``; ``turn=seat`` starts that seat's turn afresh (``phase="heroic"``:
    at its heroic actions, its evil step passed over); ``skip_draw`` passes over a black or
    travel card the rules draw that the record never names. Not a rule: the record of a game
    the rules no longer explain.
    """
    _check_view(s)
    new = s._clone()
    names = {"engines": "engines", "white_swords": "wsw", "black_swords": "bsw", "merlin": "merlin"}
    for key, value in fields.items():
        if key == "black_pile":  # cards the table drew that the pile could not hold
            pile = list(new.bpile)
            for card, n in value.items():
                pile[s.cfg.black_index[card]] += n
            new._set(bpile=tuple(pile))
        elif key in names:
            new._set(**{names[key]: value})
        elif key in _SEAT_FIELDS:
            values = list(getattr(new, key))
            for seat, v in value.items():
                values[seat] = v
            new._set(**{key: tuple(values)})
        else:
            raise ValueError(f"{key}=: expected one of {sorted([*names, *_SEAT_FIELDS, 'turn'])}")
    if skip_draw and new.pending and new.pending[-1][0] in ("bdraw", "tdraw"):
        new._set(pending=new.pending[:-1])  # a card drawn that the record does not name
        advance(new)
    if turn is not None:
        new._set(pending=(), tflags=frozenset(), done=0, outcome=None)
        start_turn(new, turn)
        advance(new)
    if phase == "heroic" and new.phase == "evil" and not new.pending:
        new._set_phase("heroic")
    return new
