"""Other worlds: the same position with its hidden cards dealt differently.

What a player has not seen - the other hands, the order and content of the black draw pile,
the face-down black cards on the combat quests, the other loyalty cards - could be otherwise.
A search that plays a position forward for one player (determinization, e.g. Cowling, Powley
and Whitehouse 2012) needs complete states that agree with everything he has seen:
:func:`with_hidden` is the engine's way to build one, the given hidden parts put in the place
of the state's own. Which parts a player has seen is the caller's to know
(:mod:`camelot_rules.sim.determinize` redeals them from a seat's point of view); this module
only checks that a world is still the same game: the same cards in the box (the card census),
the same hand sizes, face-down cards of their quest's family, the same number of loyalty cards.
"""

from __future__ import annotations

from typing import Any

from camelot_rules.engine.state import GameState
from camelot_rules.engine.views import card_census

__all__ = ["with_hidden"]

_FIELDS = (
    "hands",
    "loyalty",
    "wpile",
    "bpile",
    "btop",
    "bbottom",
    "bk_b",
    "ld_b",
    "deal_pool",
)


def with_hidden(state: GameState, *, check: bool = True, **parts: Any) -> GameState:
    """A copy of ``state`` with the hidden ``parts`` replaced: ``hands`` (a count vector per
    seat, in the white deck's card order), ``loyalty`` (per seat), ``wpile`` and ``bpile``
    (count vectors), ``btop`` and ``bbottom`` (known top and bottom of the black pile),
    ``bk_b`` and ``ld_b`` (the black cards on the Black Knight and on Lancelot or the Dragon:
    ``(card, face_down)`` pairs), ``deal_pool`` (setup's undealt cards: (coats of arms, loyal
    cards, traitor cards)).

    With ``check`` (the default) the world must hold the same cards as ``state`` (the card
    census), give each seat as many white cards, keep the face-up black cards where they
    are, and deal as many loyalty cards of each kind; else ``ValueError`` names what differs.
    A search that builds thousands of worlds by a method its tests check may pass
    ``check=False``.

    >>> from camelot_rules.engine import new_game
    >>> s = new_game(3, seed=4)
    >>> world = with_hidden(s, hands=(s.hands[1], s.hands[0], s.hands[2]))
    >>> world.hand(0) == s.hand(1), world.hand(1) == s.hand(0)
    (True, True)
    >>> with_hidden(s, hands=(s.hands[0], s.hands[0], s.hands[2]))
    Traceback (most recent call last):
    ...
    ValueError: with_hidden: the world's cards differ from the game's (white: ...)
    """
    unknown = sorted(set(parts) - set(_FIELDS))
    if unknown:
        raise ValueError(f"with_hidden: unknown part(s) {unknown}; expected some of {_FIELDS}")
    world = state._clone()
    world._set(**parts)
    if check:
        _check(state, world)
    return world


def _check(state: GameState, world: GameState) -> None:
    before, after = card_census(state), card_census(world)
    for colour in before:
        if before[colour] != after[colour]:
            diff = {
                k: (before[colour].get(k, 0), after[colour].get(k, 0))
                for k in set(before[colour]) | set(after[colour])
                if before[colour].get(k, 0) != after[colour].get(k, 0)
            }
            raise ValueError(
                f"with_hidden: the world's cards differ from the game's ({colour}: {diff})"
            )
    sizes = [sum(h) for h in state.hands]
    if [sum(h) for h in world.hands] != sizes:
        raise ValueError(f"with_hidden: hand sizes must stay {sizes}")
    for quest, old, new in (
        ("black_knight", state.bk_b, world.bk_b),
        ("ld", state.ld_b, world.ld_b),
    ):
        if len(old) != len(new) or any(
            a[1] != b[1] or (not a[1] and a[0] != b[0]) for a, b in zip(old, new)
        ):
            raise ValueError(f"with_hidden: only face-down black cards on {quest} may change")
        family = "black_knight_" if quest == "black_knight" else "lancelot_dragon_"
        if any(
            card.startswith(family) != a.startswith(family) for (card, _), (a, _) in zip(new, old)
        ):
            raise ValueError(f"with_hidden: a face-down card on {quest} must stay of its family")
    kinds = (
        state.loyalty.count("traitor") + state.deal_pool[2],
        state.loyalty.count("loyal") + state.deal_pool[1],
    )
    if (
        world.loyalty.count("traitor") + world.deal_pool[2],
        world.loyalty.count("loyal") + world.deal_pool[1],
    ) != kinds or len(world.loyalty) != len(state.loyalty):
        raise ValueError("with_hidden: the loyalty cards must stay the same (traitors, loyal)")
