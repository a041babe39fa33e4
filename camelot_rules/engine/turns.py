"""The frame of the game: the deal and the opening share, the start and end of each turn
(death at 0 life, the next seat), and the unmasked traitor's own turn (RB pp.6-9, p.12;
BoQ p.9, p.13).
"""

from __future__ import annotations

from typing import Any

from camelot_rules.engine.actions import (
    Action,
    AddEngine,
    Deal,
    Draw,
    DrawBlack,
    Offer,
    Outcome,
    Steal,
    StealFrom,
    Take,
    made,
)
from camelot_rules.engine.black import push_black_draw
from camelot_rules.engine.board import (
    GRAIL,
    discard_white,
    hand_cards,
    in_play,
    note,
    push,
    seats_from,
    set_hand,
    set_seat,
    vec_add,
)
from camelot_rules.engine.endgame import finish
from camelot_rules.engine.knights import add_engines, kill
from camelot_rules.engine.state import GameState

__all__ = [
    "after_evil",
    "deal_knight_outcomes",
    "deal_loyalty_outcomes",
    "deal_merlins",
    "end_turn",
    "first_player",
    "offer_actions",
    "opening_share",
    "pool_deal_outcomes",
    "pool_deal_possible",
    "resolve_deal_knight",
    "resolve_deal_loyalty",
    "resolve_offer",
    "resolve_pool_deal",
    "resolve_steal",
    "resolve_steal_target",
    "resolve_take",
    "resolve_traitor_evil",
    "start_game",
    "start_turn",
    "steal_outcomes",
    "steal_possible",
    "steal_target_actions",
    "take_actions",
    "traitor_evil_actions",
]


# --- the deal (chance tasks "deal_knight" and "deal_loyalty", the step "deal_merlins") ----------
def deal_knight_outcomes(s: GameState, task: tuple[Any, ...]) -> tuple[list[Outcome], list[int]]:
    """Task ``("deal_knight", seat)``: any coat of arms left, each as likely (RB p.7)."""
    left = s.deal_pool[0]
    return [made(Deal, task[1], k) for k in left], [1] * len(left)


def resolve_deal_knight(s: GameState, task: tuple[Any, ...], outcome: Deal) -> None:
    left = tuple(k for k in s.deal_pool[0] if k != outcome.what)
    s._set(deal_pool=(left, *s.deal_pool[1:]))
    set_seat(s, "knights", task[1], outcome.what)


def deal_loyalty_outcomes(s: GameState, task: tuple[Any, ...]) -> tuple[list[Outcome], list[int]]:
    """Task ``("deal_loyalty", seat)``: a loyalty card of those left, by their counts."""
    _, loyal, traitors = s.deal_pool
    pairs = [
        (made(Deal, task[1], "loyal"), loyal),
        (made(Deal, task[1], "traitor"), traitors),
    ]
    pairs = [p for p in pairs if p[1]]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def resolve_deal_loyalty(s: GameState, task: tuple[Any, ...], outcome: Deal) -> None:
    pool, loyal, traitors = s.deal_pool
    if outcome.what == "loyal":
        loyal -= 1
    else:
        traitors -= 1
    s._set(deal_pool=(pool, loyal, traitors))
    set_seat(s, "loyalty", task[1], outcome.what)


def deal_merlins(s: GameState, task: tuple[Any, ...]) -> None:
    """One Merlin card to each knight before the white cards are dealt (RB p.7)."""
    m = s.cfg.white_index["merlin"]
    for seat in range(s.cfg.players):
        if s.wpile[m]:
            s._set(wpile=vec_add(s.wpile, m, -1))
            set_hand(s, seat, vec_add(s.hands[seat], m, 1))


# --- the opening share (decisions "offer" and "take", the chance task "pool_deal") --------------
def opening_share(s: GameState, task: tuple[Any, ...]) -> None:
    """RB p.8: each player lays one white card face up; the cards are shared out.

    Option ``opening_share``: ``draft`` - each player in turn takes one card; ``random`` - the
    cards are shuffled and dealt one each (the rulebook's fallback); ``skip``. Rules:
    ``setup.opening-share``."""
    mode = s.cfg.option("opening_share")
    if mode == "skip":
        return
    order = seats_from(s, first_player(s))
    offers = [("offer", x) for x in order]
    takes: list[tuple[Any, ...]] = (
        [("take", x) for x in order] if mode == "draft" else [("pool_deal", x) for x in order]
    )
    push(s, *offers, *takes)


def offer_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(Offer, c) for c in hand_cards(s, task[1])]


def resolve_offer(s: GameState, task: tuple[Any, ...], a: Offer) -> None:
    i = s.cfg.white_index[a.card]
    set_hand(s, task[1], vec_add(s.hands[task[1]], i, -1))
    s._set(pool=vec_add(s.pool, i, 1))
    note(s, f"seat {task[1]} offers a card to share", "setup.opening-share")


def take_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    names = s.cfg.white_names
    return [made(Take, names[i]) for i, c in enumerate(s.pool) if c]


def resolve_take(s: GameState, task: tuple[Any, ...], a: Take) -> None:
    assert a.card is not None  # (the engine offers the cards shared by name)
    i = s.cfg.white_index[a.card]
    s._set(pool=vec_add(s.pool, i, -1))
    set_hand(s, task[1], vec_add(s.hands[task[1]], i, 1))
    note(s, f"seat {task[1]} takes {a.card}", "setup.opening-share")


def pool_deal_outcomes(s: GameState, task: tuple[Any, ...]) -> tuple[list[Outcome], list[int]]:
    """Task ``("pool_deal", seat)``: any card of the shared pool, by its count."""
    names = s.cfg.white_names
    pairs = [(made(Draw, "shared", names[i]), c) for i, c in enumerate(s.pool) if c]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def pool_deal_possible(s: GameState, task: tuple[Any, ...]) -> bool:
    return any(s.pool)


def resolve_pool_deal(s: GameState, task: tuple[Any, ...], outcome: Draw) -> None:
    i = s.cfg.white_index[outcome.card]
    s._set(pool=vec_add(s.pool, i, -1))
    set_hand(s, task[1], vec_add(s.hands[task[1]], i, 1))


# --- turns --------------------------------------------------------------------------------------
def first_player(s: GameState) -> int:
    """RB p.9: King Arthur begins; without him, the first seat. Rules: ``setup.first-player``."""
    return s.knights.index("arthur") if "arthur" in s.knights else 0


def start_game(s: GameState, task: tuple[Any, ...]) -> None:
    """Task ``("begin",)``: the first turn, King Arthur's (RB p.9)."""
    start_turn(s, first_player(s))


def start_turn(s: GameState, seat: int) -> None:
    """Rules: ``traitor.unmasked-turn``, ``turn.order``."""
    s._set(turn=seat, tflags=frozenset(), done=0, turn_no=s.turn_no + 1)
    if s.captured[seat] and not s.revealed[seat]:
        # JA Captured!: the knight cannot act; his turn is skipped. (Engine reading: when every
        # knight who could free him is captured too, he slips free rather than stall the game.)
        if all(s.captured[x] for x in in_play(s)):
            set_seat(s, "captured", seat, False)
            i = s.cfg.travel_names.index("captured")
            s._set(tdisc=vec_add(s.tdisc, i, 1))
        else:
            s._set_phase("evil")
            push(s, ("end_turn",))
            note(s, f"seat {seat} is captured: turn skipped", "travel.captured")
            return
    if s.revealed[seat]:
        # BoQ p.13: the unmasked traitor's turn. Rules: ``traitor.unmasked-turn``.
        s._set_phase("traitor")
        push(s, ("steal_target", seat), ("traitor_evil", seat), ("end_turn",))
    else:
        s._set_phase("evil")


def after_evil(s: GameState, task: tuple[Any, ...]) -> None:
    """Task ``("after_evil",)``: the heroic phase, unless the evil step ended the turn
    (Guinevere, a capture) or left the knight at 0 life (RB p.12)."""
    if "turn_over" in s.tflags or s.life[s.turn] == 0:
        push(s, ("end_turn",))
    else:
        s._set_phase("heroic")


def end_turn(s: GameState, task: tuple[Any, ...]) -> None:
    """End of turn: knights at 0 life die (the Grail may save one, once), the all-dead check,
    then the next living seat clockwise (RB p.9, p.12; BoQ p.9). Rules: ``death.zero-life``,
    ``relic.grail``, ``endgame.all-dead``, ``turn.order``."""
    for seat in seats_from(s, s.turn):
        if s.dead[seat] or s.revealed[seat] or s.life[seat] > 0:
            continue
        holder = s.relics[GRAIL]
        if holder >= 0 and holder in in_play(s):
            push(s, ("drink", seat), ("end_turn",))
            return
        kill(s, seat)
    loyal = [i for i in range(s.cfg.players) if s.loyalty[i] == "loyal"]
    if loyal and all(s.dead[i] for i in loyal):
        finish(s, False, "all knights dead", s.wsw, s.bsw)
        return
    n = s.cfg.players
    for k in range(1, n + 1):
        nxt = (s.turn + k) % n
        if not s.dead[nxt]:
            start_turn(s, nxt)
            return
    finish(s, False, "all knights dead", s.wsw, s.bsw)  # pragma: no cover


# --- the unmasked traitor's turn (BoQ p.13) ------------------------------------------------------
def steal_target_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    """Task ``("steal_target", traitor)``: any knight in play with a white card."""
    return [made(StealFrom, x) for x in in_play(s) if any(s.hands[x])]


def resolve_steal_target(s: GameState, task: tuple[Any, ...], a: StealFrom) -> None:
    push(s, ("steal", task[1], a.seat))


def steal_outcomes(s: GameState, task: tuple[Any, ...]) -> tuple[list[Outcome], list[int]]:
    """Task ``("steal", traitor, seat)``: a card of the seat's hand at random, by its count."""
    names = s.cfg.white_names
    hand = s.hands[task[2]]
    pairs = [(made(Steal, names[i]), c) for i, c in enumerate(hand) if c]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def steal_possible(s: GameState, task: tuple[Any, ...]) -> bool:
    return any(s.hands[task[2]])


def resolve_steal(s: GameState, task: tuple[Any, ...], outcome: Steal) -> None:
    """Rules: ``traitor.unmasked-turn``."""
    discard_white(s, task[2], outcome.card)
    note(s, f"the traitor discards a random card from seat {task[2]}", "traitor.unmasked-turn")


def traitor_evil_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(AddEngine), made(DrawBlack)]


def resolve_traitor_evil(s: GameState, task: tuple[Any, ...], a: Action) -> None:
    """The traitor's evil step: a siege engine or a black card. Rules:
    ``traitor.unmasked-turn``."""
    seat = task[1]
    if isinstance(a, AddEngine):
        add_engines(s, 1)
        note(s, "the unmasked traitor adds a siege engine", "traitor.unmasked-turn")
    else:
        push_black_draw(s, seat, armor=True)
        note(s, "the unmasked traitor draws a black card", "traitor.unmasked-turn")
