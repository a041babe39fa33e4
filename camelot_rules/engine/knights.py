"""The knights: life and death, the unmasked traitor's figure, siege engines added, and the
powers of King Arthur, Sir Tristan and the Holy Grail's drink (BoQ p.13; RB p.12).

Sir Kay's power belongs to the fights it changes (:mod:`camelot_rules.engine.quests`).
"""

from __future__ import annotations

from typing import Any, Final

from camelot_rules.data import rulebook
from camelot_rules.engine.actions import Action, ArthurGive, ArthurReturn, Drink, Pass, made
from camelot_rules.engine.board import (
    ARMOR,
    GRAIL,
    hand_cards,
    leave_location,
    note,
    push,
    set_hand,
    set_relic,
    set_seat,
    vec_add,
    white_to_discard,
)
from camelot_rules.engine.state import GONE, GameState

__all__ = [
    "add_engines",
    "arthur_give",
    "arthur_return_actions",
    "drink_actions",
    "gain_life",
    "kill",
    "lose_life",
    "resolve_arthur_return",
    "resolve_drink",
    "tristan_free_move",
    "unmask",
]

_MAX_LIFE: Final = rulebook.threshold("max_life")
_ENGINES_TO_LOSE: Final = rulebook.threshold("siege_engines_to_lose")
_DRINK_LIFE: Final = rulebook.threshold("grail_drink_life")


# --- life, engines, death -----------------------------------------------------------------------
def lose_life(s: GameState, seat: int, n: int) -> None:
    """Life never below 0 (RB p.12). Rules: ``knight.life``."""
    if s.dead[seat] or s.revealed[seat]:
        return
    set_seat(s, "life", seat, max(0, s.life[seat] - n))


def gain_life(s: GameState, seat: int, n: int) -> None:
    """Life never above 6 (RB p.12); a knight at 0 is doomed (RB p.17: even a quest won
    cannot save him; only the Grail can). Rules: ``knight.life``, ``death.zero-life``."""
    if s.dead[seat] or s.revealed[seat] or s.life[seat] == 0:
        return
    set_seat(s, "life", seat, min(_MAX_LIFE, s.life[seat] + n))


def add_engines(s: GameState, n: int) -> None:
    """Engines from the reserve of 12: the 12th ends the game, there is never a 13th
    (RB p.3, p.11). Rules: ``evil.engine``, ``siege.twelfth-engine``."""
    s._set(engines=min(s.engines + n, _ENGINES_TO_LOSE))


def kill(s: GameState, seat: int) -> None:
    """Death at 0 life: cards discarded, relics lost, figure removed (RB p.12).

    Rules: ``death.zero-life``."""
    leave_location(s, seat)
    for i, c in enumerate(s.hands[seat]):
        if c:
            white_to_discard(s, s.cfg.white_names[i], c)
    set_hand(s, seat, (0,) * len(s.cfg.white_names))
    s._set(relics=tuple(GONE if r == seat else r for r in s.relics))
    set_seat(s, "dead", seat, True)
    set_seat(s, "location", seat, "")
    if s.captured[seat]:  # the Captured! card under his figure goes to the travel discards
        set_seat(s, "captured", seat, False)
        s._set(tdisc=vec_add(s.tdisc, s.cfg.travel_names.index("captured"), 1))
    note(s, f"seat {seat} ({s.knights[seat]}) dies", "death.zero-life")


def unmask(s: GameState, seat: int) -> None:
    """The traitor unmasked: hand discarded, Excalibur and the Grail lost, the Armor kept, the
    figure off the board (BoQ p.13). Rules: ``traitor.unmasked``."""
    leave_location(s, seat)
    for i, c in enumerate(s.hands[seat]):
        if c:
            white_to_discard(s, s.cfg.white_names[i], c)
    set_hand(s, seat, (0,) * len(s.cfg.white_names))
    s._set(relics=tuple(GONE if (r == seat and k != ARMOR) else r for k, r in enumerate(s.relics)))
    set_seat(s, "revealed", seat, True)
    set_seat(s, "location", seat, "")
    s._set(events=(*s.events, ("unmasked", seat, s.turn_no)))


# --- the Holy Grail's drink (the decision task "drink") -----------------------------------------
def drink_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    """Task ``("drink", dying)``: the Grail's holder, alive and in play, lets the dying knight
    drink or not."""
    holder = s.relics[GRAIL]
    if holder < 0 or s.dead[holder] or s.revealed[holder]:
        return []
    return [made(Pass), made(Drink)]


def resolve_drink(s: GameState, task: tuple[Any, ...], a: Action) -> None:
    """RB p.12; BoQ p.9: back to 4 life and the Grail is gone, else the knight dies.
    Rules: ``relic.grail``."""
    dying = task[1]
    if isinstance(a, Drink):
        set_seat(s, "life", dying, _DRINK_LIFE)
        set_relic(s, "grail", GONE)
        note(s, f"seat {dying} drinks from the Holy Grail", "relic.grail")
    else:
        kill(s, dying)


# --- powers -------------------------------------------------------------------------------------
def tristan_free_move(s: GameState, seat: int) -> bool:
    """BoQ p.13: Tristan leaves the Round Table at no action cost; his regular action that turn
    is not another move. Rules: ``knight.tristan``."""
    return s.knights[seat] == "tristan" and s.location[seat] == "camelot" and s.done == 0


def arthur_give(s: GameState, seat: int, action: ArthurGive) -> None:
    """BoQ p.13: Arthur passes one white card; the receiver returns one. Rules:
    ``knight.arthur``."""
    i = s.cfg.white_index[action.card]
    set_hand(s, seat, vec_add(s.hands[seat], i, -1))
    set_hand(s, action.seat, vec_add(s.hands[action.seat], i, 1))
    s._set(tflags=s.tflags | {"arthur"})
    push(s, ("arthur_return", action.seat, seat))
    note(s, f"Arthur passes a card to seat {action.seat}", "knight.arthur")


def arthur_return_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    """Task ``("arthur_return", receiver, arthur)``: any card of the receiver's hand."""
    return [made(ArthurReturn, c) for c in hand_cards(s, task[1])]


def resolve_arthur_return(s: GameState, task: tuple[Any, ...], a: ArthurReturn) -> None:
    i = s.cfg.white_index[a.card]
    set_hand(s, task[1], vec_add(s.hands[task[1]], i, -1))
    set_hand(s, task[2], vec_add(s.hands[task[2]], i, 1))
