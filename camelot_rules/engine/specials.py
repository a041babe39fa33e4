"""The special white cards of the base game: which can be played and with what choice, and what
each does (RB p.16; BoQ pp.14-15), with the choices they leave to the table (Convocation's
knights, Messenger's cards, Clairvoyance's order).

Merlin's Company's eight new special cards are its own (:mod:`camelot_rules.engine.expansion`);
the turn offers and plays both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from camelot_rules.data import rulebook
from camelot_rules.engine.actions import Action, Join, Offer, Pass, PlaySpecial, PutNext, made
from camelot_rules.engine.board import (
    black_pile_size,
    black_to_discard,
    discard_white,
    draw_white,
    hand_cards,
    in_play,
    move,
    note,
    push,
    quests_in_play,
    remove_merlins,
    seats_from,
    set_hand,
    share_cards,
    vec_add,
)
from camelot_rules.engine.knights import gain_life, unmask
from camelot_rules.engine.quests import move_excalibur
from camelot_rules.engine.state import GameState

__all__ = [
    "BASE_SPECIALS",
    "clair_actions",
    "join_actions",
    "messenger_actions",
    "play_special",
    "resolve_clair",
    "resolve_join",
    "resolve_messenger",
    "special_actions",
]

T: Final = rulebook.threshold
#: the special white cards of the base game's box
BASE_SPECIALS: Final = frozenset(e.name for e in rulebook.BASE_WHITE if e.kind == "special")


def _has(hand: tuple[int, ...], wi: Mapping[str, int], name: str) -> bool:
    """Whether the hand holds the white card ``name`` (of this box)."""
    return name in wi and hand[wi[name]] > 0


def special_actions(s: GameState, seat: int, *, free: bool) -> list[Action]:
    """The base game's special white cards ``seat`` can play now, with every choice
    (BoQ pp.14-15). Rules: ``white.special``, ``white.one-special``, ``black.vivien``."""
    hand = s.hands[seat]
    wi = s.cfg.white_index
    out: list[Action] = []
    if not any(hand[i] for i in s.cfg.white_special):
        return out
    if _has(hand, wi, "merlin") and not s.vivien:
        if s.engines:
            out.append(made(PlaySpecial, "merlin", ("engine",), free))
        if s.bk_b:
            out.append(made(PlaySpecial, "merlin", ("last_black", "black_knight"), free))
        if s.ld_b and s.ld_mode != "over":
            out.append(made(PlaySpecial, "merlin", ("last_black", s.ld_mode), free))
        if "despair" in s.grail_b:
            out.append(made(PlaySpecial, "merlin", ("last_black", "grail"), free))
        for k, war in enumerate(("picts", "saxons")):
            if s.wars[k][1]:
                out.append(made(PlaySpecial, "merlin", ("warrior", war), free))
    if _has(hand, wi, "convocation"):
        out.append(made(PlaySpecial, "convocation", (), free))
    if _has(hand, wi, "fate"):
        out.append(made(PlaySpecial, "fate", ("loyal",), free))
        if s.loyalty[seat] == "traitor":
            out.append(made(PlaySpecial, "fate", ("reveal",), free))
    if _has(hand, wi, "heroism") and not s.heroism:
        out += [made(PlaySpecial, "heroism", (q,), free) for q in quests_in_play(s)]
    if _has(hand, wi, "lady_of_the_lake"):
        out.append(made(PlaySpecial, "lady_of_the_lake", (), free))
    if _has(hand, wi, "messenger"):
        out += [made(PlaySpecial, "messenger", (t,), free) for t in in_play(s) if t != seat]
    if _has(hand, wi, "piety"):
        out += [made(PlaySpecial, "piety", (c,), free) for c in ("self", "others")]
    if _has(hand, wi, "clairvoyance") and black_pile_size(s):
        out.append(made(PlaySpecial, "clairvoyance", (), free))
    if _has(hand, wi, "reinforcements"):
        out += [made(PlaySpecial, "reinforcements", (c,), free) for c in ("self", "others")]
    return out


def play_special(s: GameState, seat: int, action: PlaySpecial) -> None:
    """Discard a special white card and apply it, if it is one of the base game's (RB p.16;
    BoQ pp.14-15): a card of Merlin's Company is discarded and noted here, then applied by
    :func:`camelot_rules.engine.expansion.play_special_mc`.

    Rules: ``white.special``, ``white.convocation``, ``white.fate``, ``white.heroism``,
    ``white.lady-of-the-lake``, ``white.messenger``, ``white.piety``, ``white.clairvoyance``,
    ``white.reinforcements``.
    """
    card, choice = action.card, action.choice
    discard_white(s, seat, card)
    if card == "merlin" and "morgan_witch_6" in s.witches:
        remove_merlins(s, 1)
    # Merlin's Company's cards are one rule of the registry (JA special white cards)
    rule = (
        f"white.{card.replace('_', '-')}" if card in BASE_SPECIALS else "white.expansion-specials"
    )
    note(s, f"seat {seat} plays {card}", rule)
    if card == "merlin":
        _merlin(s, choice)
    elif card == "convocation":
        cands = tuple(x for x in seats_from(s, seat) if x in in_play(s))
        push(s, ("join", seat, cands, 0))
    elif card == "fate":
        if choice == ("reveal",):
            unmask(s, seat)
            others = [x for x in seats_from(s, seat) if x in in_play(s)]
            push(s, *[("discard", x, T("fate_reveal_discards"), "fate") for x in others])
        else:
            push(s, *[("wdraw", x, 1) for x in seats_from(s, seat) if x in in_play(s)])
    elif card == "heroism":
        s._set(heroism=str(choice[0]))
        # the card lies on the quest, not in the discard pile
        s._set(wdisc=vec_add(s.wdisc, s.cfg.white_index["heroism"], -1))
    elif card == "lady_of_the_lake":
        if not s.exc_over:
            move_excalibur(s, seat)
        else:
            gain_life(s, seat, T("lady_of_the_lake_life"))
    elif card == "messenger":
        push(s, ("messenger", seat, int(choice[0]), 0))
    elif card == "piety":
        if choice == ("self",):
            gain_life(s, seat, T("piety_self_life"))
        else:
            for x in in_play(s):
                if x != seat:
                    gain_life(s, x, 1)
    elif card == "clairvoyance":
        n = min(T("clairvoyance_cards"), black_pile_size(s))
        push(s, ("reveal", n), ("clair", seat, n, ()))
    elif card == "reinforcements":
        if choice == ("self",):
            draw_white(s, seat, T("reinforcements_self_cards"))
        else:
            push(
                s, *[("wdraw", x, 1) for x in seats_from(s, seat) if x in in_play(s) and x != seat]
            )


def _merlin(s: GameState, choice: tuple[Any, ...]) -> None:
    """BoQ p.15: remove a siege engine, the last standard black card on a quest, or a warrior.

    Rules: ``white.merlin``."""
    what = choice[0]
    if what == "engine":
        s._set(engines=s.engines - 1)
    elif what == "warrior":
        k = 0 if choice[1] == "picts" else 1
        fights, warriors, mordred = s.wars[k]
        wars = list(s.wars)
        wars[k] = (fights, warriors - 1, mordred)
        s._set(wars=tuple(wars))
    elif choice[1] == "black_knight":
        card, _ = s.bk_b[-1]
        s._set(bk_b=s.bk_b[:-1])
        black_to_discard(s, card)
    elif choice[1] == "grail":
        k = max(i for i, c in enumerate(s.grail_b) if c == "despair")
        s._set(grail_b=s.grail_b[:k] + s.grail_b[k + 1 :])
        black_to_discard(s, "despair")
    else:
        card, _ = s.ld_b[-1]
        s._set(ld_b=s.ld_b[:-1])
        black_to_discard(s, card)


# --- Clairvoyance's order (the decision task "clair") -------------------------------------------
def clair_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    """Task ``("clair", seat, n, placed)``: the next of the ``n`` cards seen to put back."""
    n, placed = task[2], task[3]
    remaining = list(s.btop[:n])
    for c in placed:
        remaining.remove(c)
    return [made(PutNext, c) for c in dict.fromkeys(remaining)]


def resolve_clair(s: GameState, task: tuple[Any, ...], a: PutNext) -> None:
    """Rules: ``white.clairvoyance``."""
    seat, n, placed = task[1], task[2], (*task[3], a.card)
    if len(placed) == n:
        s._set(btop=placed + s.btop[n:])
        note(s, f"seat {seat} puts the black cards back in a chosen order", "white.clairvoyance")
    else:
        push(s, ("clair", seat, n, placed))


# --- Convocation's knights (the decision task "join") -------------------------------------------
def join_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(Join, True), made(Join, False)]


def resolve_join(s: GameState, task: tuple[Any, ...], a: Join) -> None:
    """Task ``("join", player, seats, index)``: each knight in turn goes back to Camelot or
    stays; then a white card for each knight there, shared. Rules: ``white.convocation``."""
    seat = task[2][task[3]]
    if a.go and s.location[seat] != "camelot":
        move(s, seat, "camelot")
    if task[3] + 1 < len(task[2]):
        push(s, ("join", task[1], task[2], task[3] + 1))
    else:
        there = [
            x for x in seats_from(s, task[1]) if x in in_play(s) and s.location[x] == "camelot"
        ]
        share_cards(s, there, task[1] if task[1] in there else None, len(there))


# --- Messenger's cards (the decision task "messenger") ------------------------------------------
def messenger_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    """Task ``("messenger", giver, target, given)``: one more card of the hand, or stop."""
    return [made(Pass), *[made(Offer, c) for c in hand_cards(s, task[1])]]


def resolve_messenger(s: GameState, task: tuple[Any, ...], a: Action) -> None:
    """Rules: ``white.messenger``."""
    if isinstance(a, Offer):
        giver, target, given = task[1], task[2], task[3] + 1
        i = s.cfg.white_index[a.card]
        set_hand(s, giver, vec_add(s.hands[giver], i, -1))
        set_hand(s, target, vec_add(s.hands[target], i, 1))
        if given < T("messenger_max_cards"):
            push(s, ("messenger", giver, target, given))
