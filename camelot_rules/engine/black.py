"""The black cards: drawn (with Lancelot's Armor, Percival's peek, Clairvoyance's known top),
cancelled by three Merlin cards or Excalibur's sacrifice, and applied (RB pp.10-11; BoQ p.6,
p.8, pp.15-16).

:data:`BLACK_EFFECTS` holds the effect of each special black card of the base game; Merlin's
Company adds its witches (:mod:`camelot_rules.engine.expansion`) and the task table passes
both to :func:`black_effect`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from camelot_rules.data import rulebook
from camelot_rules.engine.actions import (
    Action,
    ChooseWar,
    Discard,
    Draw,
    Keep,
    Outcome,
    Pass,
    PlayBlack,
    Pledge,
    SacrificeExcalibur,
    Volunteer,
    made,
)
from camelot_rules.engine.board import (
    ARMOR,
    EXC,
    black_pile_size,
    black_to_discard,
    discard_white,
    draw_white,
    hand_cards,
    in_play,
    nonzero,
    note,
    pile_draws,
    push,
    remove_merlins,
    reshuffle_both,
    seats_from,
    send_all_to_camelot,
    set_relic,
    vec_add,
    white_to_discard,
)
from camelot_rules.engine.knights import add_engines, lose_life
from camelot_rules.engine.quests import add_warrior
from camelot_rules.engine.state import GONE, GameState

__all__ = [
    "BLACK_EFFECTS",
    "black_draw_outcomes",
    "black_draw_possible",
    "black_drawn",
    "black_effect",
    "discard_actions",
    "everyone_discards",
    "excal_actions",
    "face_actions",
    "keep_actions",
    "lay_combat_black",
    "merlin_actions",
    "push_black_draw",
    "resolve_black_draw",
    "resolve_discard",
    "resolve_excal",
    "resolve_face",
    "resolve_keep",
    "resolve_merlin",
    "resolve_reveal",
    "resolve_volunteer",
    "resolve_war",
    "reveal_outcomes",
    "reveal_possible",
    "volunteer_actions",
    "war_actions",
]

T: Final = rulebook.threshold
_GRAIL_SPOTS: Final = T("grail_spots")
_STEPS: Final = T("excalibur_steps")
_MERLINS_TO_CANCEL: Final = T("merlins_to_cancel")
_SPECIAL_BLACK: Final = rulebook.SPECIAL_BLACK
_STAYS_IN_PLAY: Final = frozenset({"dark_forest", "mists_of_avalon", "vivien", "mordred"})


# --- drawing: the chance tasks "bdraw" and "reveal" ----------------------------------------------
def push_black_draw(s: GameState, seat: int, *, armor: bool) -> None:
    """A black card drawn for ``seat``; with Lancelot's Armor two are drawn and one kept
    (BoQ p.6). Rules: ``evil.black-card``, ``relic.armor``."""
    if armor and s.relics[ARMOR] == seat and black_pile_size(s) >= 2:
        push(s, ("reveal", 2), ("keep2", seat, "draw"))
    else:
        push(s, ("bdraw", seat))


def black_draw_outcomes(s: GameState, task: tuple[Any, ...]) -> tuple[list[Outcome], list[int]]:
    """Task ``("bdraw", seat)``: the known top card, else any card of the pile by its count,
    else the known bottom."""
    if s.btop:
        return [made(Draw, "black", s.btop[0])], [1]
    return reveal_outcomes(s, task)


def black_draw_possible(s: GameState, task: tuple[Any, ...]) -> bool:
    return black_pile_size(s) > 0


def resolve_black_draw(s: GameState, task: tuple[Any, ...], outcome: Draw) -> None:
    _take_black(s, outcome.card)
    black_drawn(s, task[1], outcome.card)


def reveal_outcomes(s: GameState, task: tuple[Any, ...]) -> tuple[list[Outcome], list[int]]:
    """Task ``("reveal", n)``: the next unknown card (looked at, it joins the known top)."""
    if any(s.bpile):
        return nonzero(pile_draws("black", s.cfg.black_names), s.bpile)
    return [made(Draw, "black", s.bbottom[0])], [1]


def reveal_possible(s: GameState, task: tuple[Any, ...]) -> bool:
    """Nothing to do when the top is already known that far, or nothing is left unknown."""
    return len(s.btop) < task[1] and (any(s.bpile) or bool(s.bbottom))


def resolve_reveal(s: GameState, task: tuple[Any, ...], outcome: Draw) -> None:
    if any(s.bpile):
        s._set(bpile=vec_add(s.bpile, s.cfg.black_index[outcome.card], -1))
    else:
        s._set(bbottom=s.bbottom[1:])
    s._set(btop=(*s.btop, outcome.card))
    if len(s.btop) < task[1] and (any(s.bpile) or s.bbottom):
        push(s, task)


def _take_black(s: GameState, card: str) -> None:
    """Remove ``card`` from the draw pile (known top first, then the pile, then the bottom)."""
    if s.btop and s.btop[0] == card:
        s._set(btop=s.btop[1:])
    elif any(s.bpile):
        s._set(bpile=vec_add(s.bpile, s.cfg.black_index[card], -1))
    else:
        s._set(bbottom=s.bbottom[1:])
    if black_pile_size(s) == 0:
        reshuffle_both(s)


# --- Lancelot's Armor: keep one of two (the decision task "keep2") ------------------------------
def keep_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(Keep, c) for c in dict.fromkeys(s.btop[:2])]


def resolve_keep(s: GameState, task: tuple[Any, ...], a: Keep) -> None:
    """Lancelot's Armor: keep one of the top two, the other to the bottom (BoQ p.6, p.13).

    Rules: ``relic.armor``."""
    seat, mode = task[1], task[2]
    assert a.card is not None  # (the engine offers the two cards by name)
    top = list(s.btop[:2])
    top.remove(a.card)
    other = top[0]
    s._set(btop=(a.card, *s.btop[2:]), bbottom=(*s.bbottom, other))
    note(s, "Lancelot's Armor: one black card goes to the bottom", "relic.armor")
    if mode == "draw":
        push(s, ("bdraw", seat))


# --- cancelling: three Merlin cards, Excalibur ----------------------------------------------------
def black_drawn(s: GameState, seat: int, card: str) -> None:
    """A black card is revealed: first the 3-Merlin window (special cards only), then
    Excalibur's sacrifice, then its effect (RB p.10-11; BoQ p.8, p.15).

    Rules: ``black.merlin-cancel``, ``relic.excalibur``."""
    note(s, f"black card drawn: {card}", "evil.black-card")
    if card in _SPECIAL_BLACK:
        responders = _merlin_responders(s, seat)
        if responders:
            push(s, ("merlin", card, seat, responders, 0, ()))
            return
    _after_merlin(s, card, seat)


def _merlin_responders(s: GameState, seat: int) -> tuple[int, ...]:
    """Knights holding Merlin cards, from the drawer round the table; none when the table holds
    fewer than three, or while Vivien is in play (a Vivien being drawn can still be cancelled,
    BoQ p.16)."""
    if s.vivien:
        return ()
    m = s.cfg.white_index["merlin"]
    seats = [x for x in seats_from(s, seat) if x in in_play(s) and s.hands[x][m]]
    if sum(s.hands[x][m] for x in seats) < _MERLINS_TO_CANCEL:
        return ()
    return tuple(seats)


def _after_merlin(s: GameState, card: str, seat: int) -> None:
    holder = s.relics[EXC]
    if holder >= 0 and holder in in_play(s):
        push(s, ("excal", card, seat))
    else:
        push(s, ("effect", card, seat))


def merlin_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    """Task ``("merlin", card, drawer, seats, index, pledged)``: the seat asked pledges up to
    the Merlin cards still needed, or passes."""
    seat = task[3][task[4]]
    have = s.hands[seat][s.cfg.white_index["merlin"]]
    pledged = sum(k for _, k in task[5])
    most = min(have, _MERLINS_TO_CANCEL - pledged)
    return [made(Pass), *[made(Pledge, k) for k in range(1, most + 1)]]


def resolve_merlin(s: GameState, task: tuple[Any, ...], a: Action) -> None:
    """BoQ p.15; RB p.10: three Merlin cards together cancel a special black card as it is
    drawn. Rules: ``black.merlin-cancel``."""
    card, drawer, seats, idx, pledged = task[1:]
    if isinstance(a, Pledge):
        pledged = (*pledged, (seats[idx], a.merlins))
    if sum(k for _, k in pledged) >= _MERLINS_TO_CANCEL:
        for seat, k in pledged:
            discard_white(s, seat, "merlin", k)
        if "morgan_witch_6" in s.witches:
            remove_merlins(s, sum(k for _, k in pledged))
        black_to_discard(s, card)
        note(s, f"three Merlin cards cancel {card}", "black.merlin-cancel")
        return
    if idx + 1 < len(seats):
        push(s, ("merlin", card, drawer, seats, idx + 1, pledged))
    else:
        _after_merlin(s, card, drawer)


def excal_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(Pass), made(SacrificeExcalibur)]


def resolve_excal(s: GameState, task: tuple[Any, ...], a: Action) -> None:
    """Task ``("excal", card, drawer)``: Excalibur's holder may give it up to cancel any black
    card (BoQ p.8). Rules: ``relic.excalibur``."""
    card, seat = task[1], task[2]
    if isinstance(a, SacrificeExcalibur):
        set_relic(s, "excalibur", GONE)
        black_to_discard(s, card)
        note(s, f"Excalibur is sacrificed to cancel {card}", "relic.excalibur")
    else:
        push(s, ("effect", card, seat))


# --- the effect -------------------------------------------------------------------------------
#: black card -> the quest whose end turns it into a siege engine: the rule data's one map
_QUEST_OF: Final = rulebook.quest_card_map()


def _finished_quest_card(s: GameState, card: str) -> bool:
    """RB p.11; BoQ p.4: a black card whose quest is over adds a siege engine instead
    (which cards: :func:`camelot_rules.data.rulebook.quest_card_map`)."""
    quest = _QUEST_OF.get(card)
    if quest == "excalibur":
        return s.exc_over
    if quest == "grail":
        return s.grail_over
    if quest == "dragon":  # Lancelot's and the Dragon's cards: live until both are over
        return s.ld_mode == "over"
    return False


def _card_quest(card: str) -> str:
    return _QUEST_OF[card]


def black_effect(
    s: GameState,
    card: str,
    seat: int,
    effects: Mapping[str, Callable[[GameState, str, int], Any]],
) -> None:
    """Apply a black card (RB p.10-11; BoQ pp.15-16): a special card by its entry in
    ``effects`` (True when the card stays where it was laid, not discarded).

    Rules: ``black.<card>``, ``black.finished-quest``, ``deck.finished-quest-cards``,
    ``deck.merlin-blocks-engine``."""
    if _finished_quest_card(s, card):
        if s.cfg.expansion and s.merlin == _card_quest(card):
            note(
                s,
                f"{card}: Merlin stands on its finished quest: no engine",
                "deck.merlin-blocks-engine",
            )
        else:
            add_engines(s, 1)
            rule = "deck.finished-quest-cards" if s.cfg.expansion else "black.finished-quest"
            note(s, f"{card}: its quest is over, a siege engine is added", rule)
        if s.cfg.expansion:  # JA: removed from the game, never reshuffled back
            s._set(removed_b=vec_add(s.removed_b, s.cfg.black_index[card], 1))
        else:
            black_to_discard(s, card)
        return
    if card.startswith(("black_knight_", "lancelot_dragon_")):
        if s.revealed[seat]:
            lay_combat_black(s, card, seat, face_down=False)
        else:
            push(s, ("face", card, seat))
        return
    handler = effects.get(card)
    if handler is None:
        raise AssertionError(f"no effect for black card {card!r}")  # pragma: no cover
    kept = handler(s, card, seat)
    if not kept and card not in _STAYS_IN_PLAY:
        black_to_discard(s, card)


def face_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(PlayBlack, False), made(PlayBlack, True)]


def resolve_face(s: GameState, task: tuple[Any, ...], a: PlayBlack) -> None:
    lay_combat_black(s, task[1], task[2], face_down=a.face_down)


def lay_combat_black(s: GameState, card: str, seat: int, *, face_down: bool) -> None:
    """RB p.11; BoQ p.15-16: on the first empty spot; face down draws a white card.

    Rules: ``black.combat``, ``black.face-down``."""
    if face_down:
        draw_white(s, seat, 1)
    if card.startswith("black_knight_"):
        s._set(bk_b=(*s.bk_b, (card, face_down)))
        quest, full = "black_knight", len(s.bk_b) >= rulebook.quest_data("black_knight").black_spots
    else:
        s._set(ld_b=(*s.ld_b, (card, face_down)))
        quest = s.ld_mode
        full = len(s.ld_b) >= rulebook.quest_data(quest).black_spots
    note(s, f"{card} laid on {quest}{' face down' if face_down else ''}", "black.combat")
    if full:
        occupants = [x for x in in_play(s) if s.location[x] == quest]
        push(s, ("combat", quest, occupants[0] if occupants else -1))


def _despair(s: GameState, card: str, seat: int) -> bool:
    """BoQ p.15: on the spot farthest from the Grail; with every spot full it removes the Grail
    card farthest from the relic instead. Rules: ``black.despair``."""
    if s.grail_n + len(s.grail_b) < _GRAIL_SPOTS:
        s._set(grail_b=(*s.grail_b, card))
        if len(s.grail_b) >= _GRAIL_SPOTS:
            push(s, ("quest_end", "grail", False, -1))
        return True
    s._set(grail_n=s.grail_n - 1)
    white_to_discard(s, "grail")
    return False  # the Despair itself is discarded


def _desolation(s: GameState, card: str, seat: int) -> bool:
    """BoQ p.16: remove the farthest Grail card, then lie like a Despair. Rules:
    ``black.desolation``."""
    if s.grail_n:
        s._set(grail_n=s.grail_n - 1)
        white_to_discard(s, "grail")
    if s.grail_n + len(s.grail_b) < _GRAIL_SPOTS:
        s._set(grail_b=(*s.grail_b, card))
        if len(s.grail_b) >= _GRAIL_SPOTS:
            push(s, ("quest_end", "grail", False, -1))
        return True
    return False  # pragma: no cover - a Grail card was removed, so a spot is free


def _dark_forest(s: GameState, card: str, seat: int) -> None:
    """BoQ p.16: no Grail card until another quest is won. Rules: ``black.dark-forest``."""
    s._set(dark_forest=True)


def _excalibur(s: GameState, card: str, seat: int) -> None:
    """BoQ p.8, p.16: Excalibur one step toward the frozen bank. Rules: ``quest.excalibur``."""
    s._set(exc_pos=s.exc_pos - 1)
    if s.exc_pos <= -_STEPS:
        push(s, ("quest_end", "excalibur", False, -1))


def _war_card(s: GameState, card: str, seat: int) -> None:
    add_warrior(s, card)


def _choose_war(s: GameState, card: str, seat: int) -> bool:
    """Mercenaries and Mordred: the drawer chooses the war (BoQ p.16); the card waits in the
    choice (Mercenaries are discarded after it, Mordred stays on the war)."""
    push(s, ("war", card, seat))
    return True


def war_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(ChooseWar, "picts"), made(ChooseWar, "saxons")]


def resolve_war(s: GameState, task: tuple[Any, ...], a: ChooseWar) -> None:
    """Task ``("war", card, drawer)``. Rules: ``black.mercenaries``, ``black.mordred``."""
    card = task[1]
    if card == "mordred":
        k = 0 if a.war == "picts" else 1
        f, w, _ = s.wars[k]
        wars = list(s.wars)
        wars[k] = (f, w, True)
        s._set(wars=tuple(wars))
        note(s, f"Mordred joins the {a.war} war", "black.mordred")
    else:
        add_warrior(s, a.war)
        black_to_discard(s, card)
        note(s, f"mercenaries join the {a.war} war", "black.mercenaries")


def _guinevere(s: GameState, card: str, seat: int) -> None:
    """BoQ p.16: every knight to Camelot, no white cards; the drawer's turn ends.

    Rules: ``black.guinevere``."""
    send_all_to_camelot(s)
    if seat == s.turn:
        s._set(tflags=s.tflags | {"turn_over"})


def _mists(s: GameState, card: str, seat: int) -> None:
    """BoQ p.16: one more black sword for each quest lost. Rules: ``black.mists``."""
    s._set(mists=True)


def _vivien(s: GameState, card: str, seat: int) -> None:
    """BoQ p.16: no Merlin card until the next quest is won. Rules: ``black.vivien``."""
    s._set(vivien=True)


def _morgan_1(s: GameState, card: str, seat: int) -> None:
    """BoQ p.16: every knight loses 1 life. Rules: ``black.morgan``."""
    for x in in_play(s):
        lose_life(s, x, 1)


def _morgan_discards(s: GameState, card: str, seat: int) -> None:
    """Morgan 2 and 5 (BoQ p.16): a volunteer pays, else every knight with a white card
    discards one. Rules: ``black.morgan``."""
    if card == "morgan_2":
        need = T("morgan_2_volunteer_discards")
        cands = tuple(x for x in seats_from(s, seat) if x in in_play(s) and sum(s.hands[x]) >= need)
    else:
        cands = tuple(x for x in seats_from(s, seat) if x in in_play(s))
    if cands:
        push(s, ("volunteer", card, seat, cands, 0))
    else:
        everyone_discards(s, seat, 1, card)


def volunteer_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(Pass), made(Volunteer)]


def resolve_volunteer(s: GameState, task: tuple[Any, ...], a: Action) -> None:
    """Task ``("volunteer", card, drawer, candidates, index)``. Rules: ``black.morgan``."""
    card, drawer, cands, idx = task[1:]
    seat = cands[idx]
    if isinstance(a, Volunteer):
        if card == "morgan_2":
            push(s, ("discard", seat, T("morgan_2_volunteer_discards"), card))
        else:
            lose_life(s, seat, T("morgan_5_volunteer_life"))
        note(s, f"seat {seat} volunteers for {card}", "black.morgan")
        return
    if idx + 1 < len(cands):
        push(s, ("volunteer", card, drawer, cands, idx + 1))
    else:
        everyone_discards(s, drawer, 1, card)


def everyone_discards(s: GameState, first: int, n: int, why: str) -> None:
    tasks = [("discard", x, n, why) for x in seats_from(s, first) if x in in_play(s)]
    push(s, *tasks)


def discard_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    """Task ``("discard", seat, n, why)``: any card of the hand, one at a time."""
    return [made(Discard, c) for c in hand_cards(s, task[1])]


def resolve_discard(s: GameState, task: tuple[Any, ...], a: Discard) -> None:
    discard_white(s, task[1], a.card)
    if task[2] > 1 and any(s.hands[task[1]]):
        push(s, ("discard", task[1], task[2] - 1, task[3]))


def _morgan_3(s: GameState, card: str, seat: int) -> None:
    """BoQ p.16: draw and play the next 3 black cards. Rules: ``black.morgan``."""
    push(s, *[("bdraw", seat)] * T("morgan_3_draws"))


def _morgan_4(s: GameState, card: str, seat: int) -> None:
    """BoQ p.16: two siege engines. Rules: ``black.morgan``."""
    add_engines(s, T("morgan_4_engines"))


#: the special black cards of the base game, each card's effect (True: the card stays)
BLACK_EFFECTS: Final[dict[str, Callable[[GameState, str, int], Any]]] = {
    "despair": _despair,
    "desolation": _desolation,
    "dark_forest": _dark_forest,
    "excalibur": _excalibur,
    "picts": _war_card,
    "saxons": _war_card,
    "mercenaries": _choose_war,
    "mordred": _choose_war,
    "guinevere": _guinevere,
    "mists_of_avalon": _mists,
    "vivien": _vivien,
    "morgan_1": _morgan_1,
    "morgan_2": _morgan_discards,
    "morgan_3": _morgan_3,
    "morgan_4": _morgan_4,
    "morgan_5": _morgan_discards,
}
