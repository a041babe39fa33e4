"""What happens: quests, black and white cards, knights' powers, death and the end of the game.

Small functions over a state being built (a fresh copy inside ``apply``); each cites the
registry rule ids it applies. Numbers come from :mod:`camelot_rules.data.rulebook`.

Pending tasks are tuples ``(kind, *args)`` on the state's ``pending`` stack (top last).
Chance tasks: ``deal_knight``, ``deal_loyalty``, ``wdraw``, ``bdraw``, ``reveal``, ``roll``,
``steal``, ``pool_deal``. Decision tasks are listed in ``_DECISIONS``; the rest run by
themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any, Final

from camelot_rules.data import rulebook
from camelot_rules.engine.actions import (
    Action,
    AddEngine,
    ArthurGive,
    ArthurReturn,
    ChooseWar,
    Discard,
    DiscardForExcalibur,
    DrawBlack,
    DrawWhite,
    Drink,
    FightEngine,
    Join,
    KayExtra,
    Keep,
    Offer,
    Pass,
    PlayBlack,
    PlayFight,
    PlayGrail,
    PlaySpecial,
    Pledge,
    PutNext,
    SacrificeExcalibur,
    StealFrom,
    Take,
    Volunteer,
    made,
)
from camelot_rules.engine.arithmetic import (
    after_hidden_traitors,
    after_wrong_accusation,
    combat_won,
    knights_win_count,
    siege_fight_won,
)
from camelot_rules.engine.state import GONE, GameResult, GameState

T: Final = rulebook.threshold
_MAX_LIFE: Final = T("max_life")
_STEPS: Final = T("excalibur_steps")
_GRAIL_SPOTS: Final = T("grail_spots")
_WARRIORS: Final = T("war_warriors_to_lose")
_EXC: Final = 0  # the relics' places in GameState.relics
_GRAIL: Final = 1
_ARMOR: Final = 2
_RELIC_INDEX: Final = {"excalibur": _EXC, "grail": _GRAIL, "armor": _ARMOR}
_SOLO: Final = tuple(q.name for q in rulebook.QUESTS if q.solo)
_SPECIAL_BLACK: Final = rulebook.SPECIAL_BLACK
_STAYS_IN_PLAY: Final = frozenset({"dark_forest", "mists_of_avalon", "vivien", "mordred"})
_FIGHTS: Final = rulebook.FIGHT_CARDS
_BLACK_TO_LOSE: Final = T("black_swords_to_lose")
_ENGINES_TO_LOSE: Final = T("siege_engines_to_lose")
_SWORDS_TO_END: Final = T("swords_to_end")
_HAND_LIMIT: Final = T("white_hand_limit_to_draw")
_BASE_SPECIALS: Final = frozenset(e.name for e in rulebook.BASE_WHITE if e.kind == "special")
# Merlin's Company registers its handlers here (camelot_rules.engine.expansion): decision
# tasks (seat, actions, resolve), special white cards, and what happens when a quest ends.
EXTRA_DECISIONS: Final[dict[str, tuple[Any, Any, Any]]] = {}
SPECIAL_HOOKS: Final[list[Any]] = []
PLAY_HOOKS: Final[list[Any]] = []
QUEST_END_HOOKS: Final[list[Any]] = []


# --- small helpers ------------------------------------------------------------------------------
def note(s: GameState, text: str, rule_id: str) -> None:
    s._set_note((text, rule_id))


def push(s: GameState, *tasks: tuple[Any, ...]) -> None:
    """Push tasks to run in the order given (the first given runs first)."""
    s._set_pending(s.pending + tuple(reversed(tasks)))


def in_play(s: GameState) -> list[int]:
    """Seats whose knight is alive and not an unmasked traitor."""
    return [i for i in range(s.cfg.players) if not s.dead[i] and not s.revealed[i]]


def seats_from(s: GameState, first: int) -> list[int]:
    n = s.cfg.players
    return [(first + k) % n for k in range(n)]


def _vec_add(vec: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    out = list(vec)
    out[i] += n
    if out[i] < 0:
        raise AssertionError("negative card count")  # pragma: no cover
    return tuple(out)


def _set_hand(s: GameState, seat: int, hand: tuple[int, ...]) -> None:
    hands = list(s.hands)
    hands[seat] = hand
    s._set_hands(tuple(hands))


def _set_seat(s: GameState, slot: str, seat: int, value: Any) -> None:
    values = list(getattr(s, slot))
    values[seat] = value
    s._set(**{slot: tuple(values)})


def white_to_discard(s: GameState, name: str, n: int = 1) -> None:
    s._set(wdisc=_vec_add(s.wdisc, s.cfg.white_index[name], n))


def black_to_discard(s: GameState, name: str) -> None:
    s._set(bdisc=_vec_add(s.bdisc, s.cfg.black_index[name], 1))


def discard_white(s: GameState, seat: int, name: str, n: int = 1) -> None:
    """Move ``n`` copies of ``name`` from a hand to the white discard pile (face down, RB p.7)."""
    i = s.cfg.white_index[name]
    _set_hand(s, seat, _vec_add(s.hands[seat], i, -n))
    white_to_discard(s, name, n)


_BLACK_VALUES: Final[dict[str, tuple[int, int]]] = {}  # card -> (on Lancelot, on the Dragon)


def black_value(card: str, quest: str) -> int:
    """A combat black card's value on ``quest`` (RB p.11: Lancelot left, Dragon right)."""
    values = _BLACK_VALUES.get(card)
    if values is None:
        parts = card.split("_")
        if card.startswith("black_knight_"):
            values = (int(parts[-1]), int(parts[-1]))
        else:
            values = (int(parts[-2]), int(parts[-1]))
        if len(_BLACK_VALUES) < 512:  # bounded (the boxes hold a few dozen names)
            _BLACK_VALUES[card] = values
    return values[0] if quest == "lancelot" else values[1]


def black_pile_size(s: GameState) -> int:
    return sum(s.bpile) + len(s.btop) + len(s.bbottom)


def sacrifice_blocked(s: GameState) -> bool:
    """The Second Witch forbids sacrificing life until a quest is won (JA witches, 2nd);
    never in the base game. Rules: ``siege.second-action``."""
    return "morgan_witch_2" in s.witches


# --- life, engines, death -----------------------------------------------------------------------
def lose_life(s: GameState, seat: int, n: int) -> None:
    """Life never below 0 (RB p.12). Rules: ``knight.life``."""
    if s.dead[seat] or s.revealed[seat]:
        return
    _set_seat(s, "life", seat, max(0, s.life[seat] - n))


def gain_life(s: GameState, seat: int, n: int) -> None:
    """Life never above 6 (RB p.12); a knight at 0 is doomed (RB p.17: even a quest won
    cannot save him; only the Grail can). Rules: ``knight.life``, ``death.zero-life``."""
    if s.dead[seat] or s.revealed[seat] or s.life[seat] == 0:
        return
    _set_seat(s, "life", seat, min(_MAX_LIFE, s.life[seat] + n))


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
    _set_hand(s, seat, (0,) * len(s.cfg.white_names))
    s._set(relics=tuple(GONE if r == seat else r for r in s.relics))
    _set_seat(s, "dead", seat, True)
    _set_seat(s, "location", seat, "")
    if s.captured[seat]:  # the Captured! card under his figure goes to the travel discards
        _set_seat(s, "captured", seat, False)
        s._set(tdisc=_vec_add(s.tdisc, s.cfg.travel_names.index("captured"), 1))
    note(s, f"seat {seat} ({s.knights[seat]}) dies", "death.zero-life")


def unmask(s: GameState, seat: int) -> None:
    """The traitor unmasked: hand discarded, Excalibur and the Grail lost, the Armor kept, the
    figure off the board (BoQ p.13). Rules: ``traitor.unmasked``."""
    leave_location(s, seat)
    for i, c in enumerate(s.hands[seat]):
        if c:
            white_to_discard(s, s.cfg.white_names[i], c)
    _set_hand(s, seat, (0,) * len(s.cfg.white_names))
    s._set(relics=tuple(GONE if (r == seat and k != _ARMOR) else r for k, r in enumerate(s.relics)))
    _set_seat(s, "revealed", seat, True)
    _set_seat(s, "location", seat, "")
    s._set(events=(*s.events, ("unmasked", seat, s.turn_no)))


def check_end(s: GameState) -> bool:
    """The end-of-game conditions (RB p.6, p.17; BoQ p.12). Rules: ``endgame.seven-black``,
    ``siege.twelfth-engine``, ``endgame.twelve-swords``, ``endgame.hidden-traitors``,
    ``endgame.tie``.

    Rules: ``turn.end-check``.
    """
    if s.bsw >= _BLACK_TO_LOSE:
        _finish(s, False, "7 black swords", s.wsw, s.bsw)
    elif s.engines >= _ENGINES_TO_LOSE:
        _finish(s, False, "12 siege engines", s.wsw, s.bsw)
    elif s.wsw + s.bsw >= _SWORDS_TO_END:
        hidden = hidden_traitors(s)
        # the swords as laid, before the turn-over, kept in the game's record
        s._set(events=(*s.events, ("count", s.wsw, s.bsw, hidden)))
        two_flip = dict(s.cfg.options).get("two_traitor_flip") if hidden == 2 else None
        white, black = after_hidden_traitors(s.wsw, s.bsw, hidden, two_flip=two_flip)
        s._set(wsw=white, bsw=black)  # the traitor turns the swords over (RB p.17)
        won = knights_win_count(white, black, divine_favor=s.favor)
        _finish(s, won, "12 swords", white, black)
    else:
        return False
    return True


def hidden_traitors(s: GameState) -> int:
    """The traitors still hidden: neither unmasked nor dead (RB p.17: they turn swords over at
    the 12th). Rules: ``endgame.hidden-traitors``."""
    return sum(
        1
        for i in range(s.cfg.players)
        if s.loyalty[i] == "traitor" and not s.revealed[i] and not s.dead[i]
    )


def _finish(s: GameState, knights_win: bool, cause: str, white: int, black: int) -> None:
    s._set(
        outcome=GameResult(knights_win, cause, white, black, s.engines), pending=(), phase="over"
    )
    rule_id = {
        "7 black swords": "endgame.seven-black",
        "12 siege engines": "siege.twelfth-engine",
        "12 swords": "endgame.twelve-swords",
        "all knights dead": "endgame.all-dead",
    }[cause]
    note(s, f"game over: {s.outcome}", rule_id)


# --- moving -------------------------------------------------------------------------------------
def quests_in_play(s: GameState) -> list[str]:
    out = ["black_knight"]
    if s.ld_mode != "over":
        out.append(s.ld_mode)
    if not s.exc_over:
        out.append("excalibur")
    if not s.grail_over:
        out.append("grail")
    return [*out, "picts", "saxons"]


def move_targets(s: GameState, seat: int) -> list[str]:
    """RB p.12-13: any quest in play; a solo quest only when nobody is on it.

    Rules: ``quest.move``, ``quest.solo``."""
    here = s.location[seat]
    out = []
    for q in ["camelot", *quests_in_play(s)]:
        if q == here:
            continue
        if q in _SOLO and any(s.location[i] == q for i in in_play(s)):
            continue
        out.append(q)
    return out


def tristan_free_move(s: GameState, seat: int) -> bool:
    """BoQ p.13: Tristan leaves the Round Table at no action cost; his regular action that turn
    is not another move. Rules: ``knight.tristan``."""
    return s.knights[seat] == "tristan" and s.location[seat] == "camelot" and s.done == 0


def leave_location(s: GameState, seat: int) -> None:
    """Leaving a solo quest before it ends discards the white cards on it (BoQ p.3).

    Rules: ``quest.solo``."""
    where = s.location[seat]
    if where == "black_knight" and s.bk_w:
        for v in s.bk_w:
            white_to_discard(s, f"fight_{v}")
        s._set(bk_w=())
    elif where == "lancelot" and s.ld_mode == "lancelot" and s.ld_w:
        for v in s.ld_w:
            white_to_discard(s, f"fight_{v}")
        s._set(ld_w=())


def move(s: GameState, seat: int, quest: str) -> None:
    leave_location(s, seat)
    _set_seat(s, "location", seat, quest)


def send_all_to_camelot(s: GameState) -> None:
    for seat in in_play(s):
        if s.location[seat] != "camelot":
            move(s, seat, "camelot")


# --- white card draws and reshuffles ------------------------------------------------------------
def reshuffle_both(s: GameState) -> None:
    """When either draw pile runs out, both colours are reshuffled: each discard pile into its
    draw pile (RB p.10, p.13; BoQ p.14). Rules: ``deck.reshuffle-both``."""
    bpile = list(s.bpile)
    idx = s.cfg.black_index
    for card in (*s.btop, *s.bbottom):
        bpile[idx[card]] += 1
    s._set(
        wpile=tuple(a + b for a, b in zip(s.wpile, s.wdisc)),
        wdisc=(0,) * len(s.wdisc),
        bpile=tuple(a + b for a, b in zip(bpile, s.bdisc)),
        bdisc=(0,) * len(s.bdisc),
        btop=(),
        bbottom=(),
    )


def draw_white(s: GameState, seat: int, n: int) -> None:
    """Queue ``n`` white cards drawn into ``seat``'s hand."""
    if n > 0:
        push(s, ("wdraw", seat, n))


def share_cards(s: GameState, seats: list[int], first: int | None, n: int) -> None:
    """Cards shared among the knights of a quest: when they do not agree the cards are dealt
    out at random, starting with the winner (BoQ p.4) - the engine deals them round robin from
    the draw pile, which is the same chance. Rules: ``quest.spoils``."""
    if not seats or n <= 0:
        return
    order = [first] + [x for x in seats if x != first] if first in seats else list(seats)
    tasks = [("wdraw", order[k % len(order)], 1) for k in range(n)]
    push(s, *tasks)


def do_draw_white(s: GameState, seat: int, action: Action) -> None:
    """RB p.13: 2 white cards at the Round Table, Gawain 3. Rules: ``camelot.draw-white``,
    ``knight.gawain``."""
    name = (
        "gawain_round_table_white_draws"
        if s.knights[seat] == "gawain"
        else "round_table_white_draws"
    )
    draw_white(s, seat, T(name))
    note(s, f"seat {seat} draws {T(name)} white cards at the Round Table", "camelot.draw-white")


# --- black card draws ---------------------------------------------------------------------------
def push_black_draw(s: GameState, seat: int, *, armor: bool) -> None:
    """A black card drawn for ``seat``; with Lancelot's Armor two are drawn and one kept
    (BoQ p.6). Rules: ``evil.black-card``, ``relic.armor``."""
    if armor and s.relics[_ARMOR] == seat and black_pile_size(s) >= 2:
        push(s, ("reveal", 2), ("keep2", seat, "draw"))
    else:
        push(s, ("bdraw", seat))


def _take_black(s: GameState, card: str) -> None:
    """Remove ``card`` from the draw pile (known top first, then the pile, then the bottom)."""
    if s.btop and s.btop[0] == card:
        s._set(btop=s.btop[1:])
    elif any(s.bpile):
        s._set(bpile=_vec_add(s.bpile, s.cfg.black_index[card], -1))
    else:
        s._set(bbottom=s.bbottom[1:])
    if black_pile_size(s) == 0:
        reshuffle_both(s)


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
    if sum(s.hands[x][m] for x in seats) < T("merlins_to_cancel"):
        return ()
    return tuple(seats)


def _after_merlin(s: GameState, card: str, seat: int) -> None:
    holder = s.relics[_EXC]
    if holder >= 0 and holder in in_play(s):
        push(s, ("excal", card, seat))
    else:
        push(s, ("effect", card, seat))


def _finished_quest_card(s: GameState, card: str) -> bool:
    """RB p.11; BoQ p.4: a black card whose quest is over adds a siege engine instead."""
    if card == "excalibur":
        return s.exc_over
    if card in ("despair", "desolation", "dark_forest"):
        return s.grail_over
    if card.startswith("lancelot_dragon_"):
        return s.ld_mode == "over"
    return False


def _card_quest(card: str) -> str:
    if card == "excalibur":
        return "excalibur"
    if card in ("despair", "desolation", "dark_forest"):
        return "grail"
    return "dragon"


def black_effect(s: GameState, card: str, seat: int) -> None:
    """Apply a black card (RB p.10-11; BoQ pp.15-16). Rules: ``black.<card>``,
    ``black.finished-quest``, ``deck.finished-quest-cards``, ``deck.merlin-blocks-engine``."""
    if _finished_quest_card(s, card):
        if s.cfg.expansion and s.merlin == _card_quest(card):
            note(
                s,
                f"{card}: Merlin stands on its finished quest: no engine",
                "deck.merlin-blocks-engine",
            )
        else:
            add_engines(s, 1)
            note(s, f"{card}: its quest is over, a siege engine is added", "black.finished-quest")
        if s.cfg.expansion:  # JA: removed from the game, never reshuffled back
            s._set(removed_b=_vec_add(s.removed_b, s.cfg.black_index[card], 1))
        else:
            black_to_discard(s, card)
        return
    if card.startswith(("black_knight_", "lancelot_dragon_")):
        if s.revealed[seat]:
            lay_combat_black(s, card, seat, face_down=False)
        else:
            push(s, ("face", card, seat))
        return
    handler = _BLACK.get(card)
    if handler is None:
        raise AssertionError(f"no effect for black card {card!r}")  # pragma: no cover
    kept = handler(s, card, seat)
    if not kept and card not in _STAYS_IN_PLAY:
        black_to_discard(s, card)


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


def add_warrior(s: GameState, war: str) -> None:
    """BoQ p.10, p.16: a warrior on the war; the 4th loses it. Rules: ``quest.wars``."""
    k = 0 if war == "picts" else 1
    fights, warriors, mordred = s.wars[k]
    wars = list(s.wars)
    wars[k] = (fights, warriors + 1, mordred)
    s._set(wars=tuple(wars))
    if warriors + 1 >= _WARRIORS:
        push(s, ("quest_end", war, False, -1))


def _war_card(s: GameState, card: str, seat: int) -> None:
    add_warrior(s, card)


def _choose_war(s: GameState, card: str, seat: int) -> bool:
    """Mercenaries and Mordred: the drawer chooses the war (BoQ p.16); the card waits in the
    choice (Mercenaries are discarded after it, Mordred stays on the war)."""
    push(s, ("war", card, seat))
    return True


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


def everyone_discards(s: GameState, first: int, n: int, why: str) -> None:
    tasks = [("discard", x, n, why) for x in seats_from(s, first) if x in in_play(s)]
    push(s, *tasks)


def _morgan_3(s: GameState, card: str, seat: int) -> None:
    """BoQ p.16: draw and play the next 3 black cards. Rules: ``black.morgan``."""
    push(s, *[("bdraw", seat)] * T("morgan_3_draws"))


def _morgan_4(s: GameState, card: str, seat: int) -> None:
    """BoQ p.16: two siege engines. Rules: ``black.morgan``."""
    add_engines(s, T("morgan_4_engines"))


_BLACK: Final[dict[str, Callable[[GameState, str, int], Any]]] = {
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


# --- quests: heroic actions ---------------------------------------------------------------------
def fight_counts(hand: tuple[int, ...], s: GameState) -> list[int]:
    wi = s.cfg.white_index
    return [hand[wi[name]] for name in _FIGHTS]


def pattern_ok(quest: str, whites: Iterable[int]) -> bool:
    """Can these Fight values still grow into the quest's pattern (BoQ p.14; RB p.14)?

    Black Knight: two pairs of different values; Lancelot: a full house (three of one value,
    two of another); Dragon: three three-of-a-kinds of different values.
    Rules: ``quest.fight-cards``.
    """
    counts: dict[int, int] = {}
    for v in whites:
        counts[v] = counts.get(v, 0) + 1
    values = sorted(counts.values(), reverse=True)
    if quest == "black_knight":
        return len(values) <= 2 and all(c <= 2 for c in values)
    if quest == "lancelot":
        if not values:
            return True
        return len(values) <= 2 and values[0] <= 3 and (len(values) < 2 or values[1] <= 2)
    if quest == "dragon":
        return len(values) <= 3 and all(c <= 3 for c in values)
    raise ValueError(quest)  # pragma: no cover


def war_next(s: GameState, war: str) -> int | None:
    """The one Fight value the war accepts next: 1, 2, ... 5, then a second 5 with Mordred
    (RB p.15; BoQ p.16). Rules: ``quest.wars``, ``black.mordred``."""
    fights, _, mordred = s.wars[0 if war == "picts" else 1]
    if fights < 5:
        return fights + 1
    if fights == 5 and mordred:
        return 5
    return None  # pragma: no cover - the war ended


def quest_actions(s: GameState, seat: int) -> list[Action]:
    """The actions of the quest the knight is on (RB p.13-15)."""
    where = s.location[seat]
    hand = s.hands[seat]
    wi = s.cfg.white_index
    out: list[Action] = []
    if where == "camelot":
        if sum(hand) < _HAND_LIMIT:
            out.append(made(DrawWhite))
        if s.engines > 0:
            out += _siege_fights(tuple(fight_counts(hand, s)))
    elif where in ("black_knight", "lancelot", "dragon"):
        laid = s.bk_w if where == "black_knight" else s.ld_w
        for v, c in enumerate(fight_counts(hand, s), start=1):
            if c and pattern_ok(where, (*laid, v)):
                out.append(made(PlayFight, where, v))
    elif where in ("picts", "saxons"):
        nxt = war_next(s, where)
        if nxt is not None and hand[wi[_FIGHTS[nxt - 1]]]:
            out.append(made(PlayFight, where, nxt))
    elif where == "grail":
        if hand[wi["grail"]] and not s.dark_forest:
            out.append(made(PlayGrail))
    elif where == "excalibur":
        names = s.cfg.white_names
        out += [made(DiscardForExcalibur, names[i]) for i, c in enumerate(hand) if c]
    return out


@lru_cache(maxsize=4096)  # a hand's Fight counts; bounded for long sweeps
def _siege_fights(counts: tuple[int, ...]) -> tuple[FightEngine, ...]:
    """A siege fight with every non-empty multiset of the hand's Fight values (``counts``: how
    many Fight 1..5), each as sorted values, largest first."""
    combos: list[tuple[int, ...]] = [()]
    for value, c in zip(range(1, 6), counts):
        combos = [combo + (value,) * k for combo in combos for k in range(c + 1)]
    return tuple(made(FightEngine, tuple(sorted(c, reverse=True))) for c in combos if c)


def do_fight_engine(s: GameState, seat: int, action: Any) -> None:
    """RB p.13: play Fight cards, roll the d8; strictly greater wins. Rules: ``siege.fight``."""
    for v in action.values:
        discard_white(s, seat, f"fight_{v}")
    push(s, ("roll", seat, sum(action.values)))
    note(s, f"seat {seat} fights a siege engine with {sum(action.values)}", "siege.fight")


def _favor_now(s: GameState) -> bool:
    """Whether Divine Favor turns a siege fight's or a combat quest's tie: played and not used,
    under the reading ``divine_favor_reading="next_tie"`` (the default); under
    ``"final_count"`` it waits for the end of the game's count of swords (JA special white
    cards: Divine Favor).
    Rules: ``white.expansion-specials``."""
    if not s.favor:
        return False
    # a position built by hand may hold the card without the expansion's options: the default
    reading = dict(s.cfg.options).get("divine_favor_reading", "next_tie")
    return bool(reading == "next_tie")


def siege_result(s: GameState, seat: int, total: int, face: int) -> None:
    """Rules: ``siege.fight``, ``siege.excalibur``, ``endgame.tie`` (a tie loses)."""
    bonus = T("excalibur_bonus") if s.relics[_EXC] == seat else 0
    if siege_fight_won(total + bonus, face, divine_favor=_favor_now(s)):
        if total + bonus == face:  # JA Divine Favor: this tie went to the knights; it is used
            s._set(favor=False)
        s._set(engines=s.engines - 1)
        note(s, f"siege engine destroyed ({total + bonus} against {face})", "siege.fight")
    else:
        lose_life(s, seat, 1)
        note(s, f"siege fight lost ({total + bonus} against {face}): 1 life", "siege.fight")


def do_play_fight(s: GameState, seat: int, action: Any) -> None:
    """RB p.14-15: one Fight card on a combat quest or a war. Rules: ``quest.fight-cards``."""
    q, v = action.quest, action.value
    i = s.cfg.white_index[f"fight_{v}"]
    _set_hand(s, seat, _vec_add(s.hands[seat], i, -1))
    note(s, f"seat {seat} plays Fight {v} on {q}", "quest.fight-cards")
    if q in ("picts", "saxons"):
        k = 0 if q == "picts" else 1
        fights, warriors, mordred = s.wars[k]
        wars = list(s.wars)
        wars[k] = (fights + 1, warriors, mordred)
        s._set(wars=tuple(wars))
        if fights + 1 >= 5 + (1 if mordred else 0):
            push(s, ("quest_end", q, True, seat))
        return
    if q == "black_knight":
        s._set(bk_w=(*s.bk_w, v))
        full = len(s.bk_w) >= rulebook.quest_data(q).white_spots
    else:
        s._set(ld_w=(*s.ld_w, v))
        full = len(s.ld_w) >= rulebook.quest_data(q).white_spots
    if full:
        push(s, ("combat", q, seat))


def combat_result(s: GameState, quest: str, winner: int) -> None:
    """RB p.14; BoQ pp.5-7: the black cards are revealed and summed; the knights win with a
    strictly greater white total (+1 for Excalibur's holder on the quest). Rules:
    ``quest.combat-end``, ``relic.excalibur``, ``endgame.tie``."""
    whites, blacks = (s.bk_w, s.bk_b) if quest == "black_knight" else (s.ld_w, s.ld_b)
    white = sum(whites)
    holder = s.relics[_EXC]
    if holder >= 0 and holder in in_play(s) and s.location[holder] == quest:
        white += T("excalibur_bonus")
    black = sum(black_value(card, quest) for card, _ in blacks)
    note(s, f"{quest}: white {white} against black {black}", "quest.combat-end")
    won = combat_won(white, black, divine_favor=_favor_now(s))
    if won and white == black:  # JA Divine Favor: the tie went to the knights; it is used
        s._set(favor=False)
    push(s, ("quest_end", quest, won, winner))


def do_play_grail(s: GameState, seat: int, action: Any) -> None:
    """RB p.15; BoQ p.14: on the first spot nearest the Grail; with every spot full, it
    removes the Despair/Desolation nearest the Grail instead. Rules: ``quest.grail``."""
    discard = s.grail_n + len(s.grail_b) >= _GRAIL_SPOTS
    i = s.cfg.white_index["grail"]
    _set_hand(s, seat, _vec_add(s.hands[seat], i, -1))
    if discard:
        nearest = s.grail_b[-1]
        s._set(grail_b=s.grail_b[:-1])
        black_to_discard(s, nearest)
        white_to_discard(s, "grail")
        note(s, f"seat {seat}'s Grail card removes a {nearest}", "quest.grail")
        return
    s._set(grail_n=s.grail_n + 1)
    note(s, f"seat {seat} lays a Grail card ({s.grail_n}/{_GRAIL_SPOTS})", "quest.grail")
    if s.grail_n >= _GRAIL_SPOTS:
        push(s, ("quest_end", "grail", True, seat))


def move_excalibur(s: GameState, seat: int) -> None:
    """One step toward the knights' bank; the last step wins (BoQ p.8). Rules:
    ``quest.excalibur``."""
    s._set(exc_pos=s.exc_pos + 1)
    if s.exc_pos >= _STEPS:
        push(s, ("quest_end", "excalibur", True, seat))


def do_excalibur_discard(s: GameState, seat: int, action: Any) -> None:
    """RB p.14: discard any one white card to move Excalibur. Rules: ``quest.excalibur``."""
    discard_white(s, seat, action.card)
    note(s, f"seat {seat} discards a card: Excalibur moves", "quest.excalibur")
    move_excalibur(s, seat)


# --- quests: the end ----------------------------------------------------------------------------
def quest_end(s: GameState, quest: str, won: bool, winner: int) -> None:
    """The end of a quest (BoQ pp.3-4; RB p.13): knights back to Camelot, spoils or penalties,
    the cards discarded, the quest reset (perpetual), flipped or removed.

    Rules: ``quest.end``, ``quest.spoils``, ``knight.palamedes``, ``black.mists``,
    ``white.heroism``, ``black.vivien``, ``black.dark-forest``."""
    qd = rulebook.quest_data(quest)
    present = [x for x in in_play(s) if s.location[x] == quest]
    for x in present:
        _set_seat(s, "location", x, "camelot")
    heroism = 1 if s.heroism == quest else 0
    if heroism:
        white_to_discard(s, "heroism")
        s._set(heroism="")
    if won:
        for x in present:
            bonus = T("palamedes_bonus_life") if s.knights[x] == "palamedes" else 0
            gain_life(s, x, qd.win_life + bonus)
        s._set(wsw=s.wsw + qd.win_white_swords + heroism)
        if qd.relic and winner >= 0 and not s.dead[winner]:
            _set_relic(s, qd.relic, winner)
        if s.vivien:
            s._set(vivien=False)
            black_to_discard(s, "vivien")
        if s.dark_forest and quest != "grail":
            s._set(dark_forest=False)
            black_to_discard(s, "dark_forest")
        note(s, f"{quest} won", "quest.spoils")
    else:
        extra = 1 if s.mists else 0
        s._set(bsw=s.bsw + qd.lose_black_swords + heroism + extra)
        add_engines(s, qd.lose_engines)
        for x in present:
            lose_life(s, x, qd.lose_life)
        if qd.relic:
            _set_relic(s, qd.relic, GONE)
        note(s, f"{quest} lost", "quest.spoils")
    s._set(events=(*s.events, ("quest", quest, won, s.turn_no)))
    for hook in QUEST_END_HOOKS:
        hook(s, quest, won, present)
    _clear_quest(s, quest)
    if won:
        first = winner if winner in present else (present[0] if present else winner)
        share_cards(s, present or ([winner] if winner >= 0 else []), first, qd.win_cards)


def _set_relic(s: GameState, relic: str, value: int) -> None:
    relics = list(s.relics)
    relics[_RELIC_INDEX[relic]] = value
    s._set(relics=tuple(relics))


def _clear_quest(s: GameState, quest: str) -> None:
    if quest == "black_knight":
        for v in s.bk_w:
            white_to_discard(s, f"fight_{v}")
        for card, _ in s.bk_b:
            black_to_discard(s, card)
        s._set(bk_w=(), bk_b=())
    elif quest in ("lancelot", "dragon"):
        for v in s.ld_w:
            white_to_discard(s, f"fight_{v}")
        for card, _ in s.ld_b:
            black_to_discard(s, card)
        s._set(ld_w=(), ld_b=(), ld_mode="dragon" if quest == "lancelot" else "over")
    elif quest == "excalibur":
        s._set(exc_over=True)
    elif quest == "grail":
        white_to_discard(s, "grail", s.grail_n)
        for card in s.grail_b:
            black_to_discard(s, card)
        if s.dark_forest:
            black_to_discard(s, "dark_forest")
        s._set(grail_n=0, grail_b=(), grail_over=True, dark_forest=False)
    else:
        k = 0 if quest == "picts" else 1
        fights, _, mordred = s.wars[k]
        for v in range(1, fights + 1):
            white_to_discard(s, f"fight_{min(v, 5)}")
        if mordred:
            black_to_discard(s, "mordred")
        wars = list(s.wars)
        wars[k] = (0, 0, False)
        s._set(wars=tuple(wars))


# --- accusations --------------------------------------------------------------------------------
def do_accuse(s: GameState, seat: int, action: Any) -> None:
    """RB p.16: the accused reveals his loyalty card. A traitor: one white sword more and he is
    unmasked. A loyal knight: one white sword turns black, if there is one.

    Rules: ``endgame.accusation``, ``traitor.unmasked``."""
    _set_seat(s, "accused", seat, True)
    t = action.seat
    if s.loyalty[t] == "traitor":
        s._set(wsw=s.wsw + T("accusation_right_white_swords"))
        unmask(s, t)
        note(s, f"seat {seat} unmasks the traitor at seat {t}", "endgame.accusation")
    else:
        fifth = "morgan_witch_5" in s.witches
        white, black = after_wrong_accusation(s.wsw, s.bsw, fifth_witch=fifth)
        s._set(wsw=white, bsw=black)
        note(s, f"seat {seat} wrongly accuses seat {t}", "endgame.accusation")


# --- special white cards ------------------------------------------------------------------------
def _has(hand: tuple[int, ...], wi: Mapping[str, int], name: str) -> bool:
    """Whether the hand holds the white card ``name`` (of this box)."""
    return name in wi and hand[wi[name]] > 0


def special_actions(s: GameState, seat: int, *, free: bool) -> list[Action]:
    """The special white cards ``seat`` can play now, with every choice (BoQ pp.14-15).

    Rules: ``white.special``, ``white.one-special``, ``black.vivien``."""
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
    for hook in SPECIAL_HOOKS:
        out += hook(s, seat, free)
    return out


def play_special(s: GameState, seat: int, action: PlaySpecial) -> None:
    """Apply a special white card, then discard it (RB p.16; BoQ pp.14-15).

    Rules: ``white.special``, ``white.convocation``, ``white.fate``, ``white.heroism``,
    ``white.lady-of-the-lake``, ``white.messenger``, ``white.piety``, ``white.clairvoyance``,
    ``white.reinforcements``.
    """
    card, choice = action.card, action.choice
    discard_white(s, seat, card)
    if card == "merlin" and "morgan_witch_6" in s.witches:
        _remove_merlins(s, 1)
    rule = f"white.{card.replace('_', '-')}"
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
        s._set(wdisc=_vec_add(s.wdisc, s.cfg.white_index["heroism"], -1))
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
    elif card not in _BASE_SPECIALS:
        for hook in PLAY_HOOKS:
            hook(s, seat, card, choice)
    elif card == "reinforcements":
        if choice == ("self",):
            draw_white(s, seat, T("reinforcements_self_cards"))
        else:
            push(
                s, *[("wdraw", x, 1) for x in seats_from(s, seat) if x in in_play(s) and x != seat]
            )


def _remove_merlins(s: GameState, n: int) -> None:
    """The Sixth Witch: Merlin cards used leave the game instead of the discards (JA witches,
    6th). Rules: ``witch.lasting``."""
    i = s.cfg.white_index["merlin"]
    s._set(wdisc=_vec_add(s.wdisc, i, -n), removed_w=_vec_add(s.removed_w, i, n))


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


def arthur_give(s: GameState, seat: int, action: ArthurGive) -> None:
    """BoQ p.13: Arthur passes one white card; the receiver returns one. Rules:
    ``knight.arthur``."""
    i = s.cfg.white_index[action.card]
    _set_hand(s, seat, _vec_add(s.hands[seat], i, -1))
    _set_hand(s, action.seat, _vec_add(s.hands[action.seat], i, 1))
    s._set(tflags=s.tflags | {"arthur"})
    push(s, ("arthur_return", action.seat, seat))
    note(s, f"Arthur passes a card to seat {action.seat}", "knight.arthur")


# --- pending tasks: who decides, what may be decided, what it does ------------------------------
_DECISIONS: Final = frozenset(
    {
        "offer",
        "take",
        "merlin",
        "excal",
        "face",
        "war",
        "volunteer",
        "discard",
        "kay_combat",
        "kay_siege",
        "drink",
        "keep2",
        "arthur_return",
        "clair",
        "join",
        "messenger",
        "steal_target",
        "traitor_evil",
    }
)


def is_decision_task(kind: str) -> bool:
    return kind in _DECISIONS or kind in EXTRA_DECISIONS


def chance_possible(s: GameState, task: tuple[Any, ...]) -> bool:
    """Whether a chance task has anything to draw (a pile can be empty even after a
    reshuffle when every card is in hands or on the board)."""
    kind = task[0]
    if kind == "wdraw":
        return any(s.wpile)
    if kind == "bdraw":
        return black_pile_size(s) > 0
    if kind == "reveal":  # nothing to do when the top is already known that far
        return len(s.btop) < task[1] and (any(s.bpile) or bool(s.bbottom))
    if kind == "steal":
        return any(s.hands[task[2]])
    if kind == "pool_deal":
        return any(s.pool)
    if kind == "tdraw":
        return bool(sum(s.tpile) + len(s.ttop))
    return True


def task_seat(s: GameState, task: tuple[Any, ...]) -> int | None:
    kind = task[0]
    if kind in EXTRA_DECISIONS:
        seat: int = EXTRA_DECISIONS[kind][0](s, task)
        return seat
    if kind in ("offer", "take", "discard", "keep2", "arthur_return", "clair", "messenger"):
        return int(task[1])
    if kind in ("steal_target", "traitor_evil", "kay_siege"):
        return int(task[1])
    if kind == "merlin":
        return int(task[3][task[4]])
    if kind == "excal":
        return s.relics[_EXC]
    if kind in ("face", "war"):
        return int(task[2])
    if kind == "volunteer":
        return int(task[3][task[4]])
    if kind == "join":
        return int(task[2][task[3]])
    if kind == "kay_combat":
        return s.knights.index("kay")
    if kind == "drink":
        return s.relics[_GRAIL]
    return None


def describe_task(task: tuple[Any, ...]) -> str:
    """What the seat asked by ``task`` must decide, in English (the state's notes keep it; the
    board translates it where shown: each text is a catalog message)."""
    from camelot_rules.base.i18n import N_

    text: str = {
        "offer": N_("offer a white card for the opening share"),
        "take": N_("take a shared card"),
        "merlin": N_("offer Merlin cards to cancel a special black card"),
        "excal": N_("sacrifice Excalibur or not"),
        "face": N_("lay the combat card face up or face down"),
        "war": N_("choose the war"),
        "volunteer": N_("volunteer or not"),
        "discard": N_("discard white cards"),
        "kay_combat": N_("Sir Kay: add a Fight card or pass"),
        "kay_siege": N_("Sir Kay: add a Fight card or pass"),
        "drink": N_("let the dying knight drink from the Grail or not"),
        "keep2": N_("choose which black card to keep"),
        "arthur_return": N_("return a white card to Arthur"),
        "clair": N_("order the black cards seen"),
        "join": N_("go back to Camelot or stay"),
        "messenger": N_("pass white cards"),
        "steal_target": N_("choose whose hand loses a card"),
        "traitor_evil": N_("add a siege engine or draw a black card"),
    }.get(task[0], str(task[0]))
    return text


def _hand_cards(s: GameState, seat: int) -> list[str]:
    names = s.cfg.white_names
    return [names[i] for i, c in enumerate(s.hands[seat]) if c]


def task_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    kind = task[0]
    if kind in EXTRA_DECISIONS:
        answers: list[Action] = EXTRA_DECISIONS[kind][1](s, task)
        return answers
    if kind == "offer":
        return [made(Offer, c) for c in _hand_cards(s, task[1])]
    if kind == "take":
        names = s.cfg.white_names
        return [made(Take, names[i]) for i, c in enumerate(s.pool) if c]
    if kind == "merlin":
        seat = task[3][task[4]]
        have = s.hands[seat][s.cfg.white_index["merlin"]]
        pledged = sum(k for _, k in task[5])
        most = min(have, T("merlins_to_cancel") - pledged)
        return [made(Pass), *[made(Pledge, k) for k in range(1, most + 1)]]
    if kind == "excal":
        return [made(Pass), made(SacrificeExcalibur)]
    if kind == "face":
        return [made(PlayBlack, False), made(PlayBlack, True)]
    if kind == "war":
        return [made(ChooseWar, "picts"), made(ChooseWar, "saxons")]
    if kind == "volunteer":
        return [made(Pass), made(Volunteer)]
    if kind == "discard":
        return [made(Discard, c) for c in _hand_cards(s, task[1])]
    if kind in ("kay_combat", "kay_siege"):
        seat = task_seat(s, task)
        assert seat is not None
        if s.dead[seat] or s.revealed[seat]:
            return []
        if kind == "kay_combat" and s.location[seat] != task[1]:
            return []
        values = [v for v, c in enumerate(fight_counts(s.hands[seat], s), start=1) if c]
        return [made(Pass), *[made(KayExtra, v) for v in values]] if values else []
    if kind == "drink":
        holder = s.relics[_GRAIL]
        if holder < 0 or s.dead[holder] or s.revealed[holder]:
            return []
        return [made(Pass), made(Drink)]
    if kind == "keep2":
        return [made(Keep, c) for c in dict.fromkeys(s.btop[:2])]
    if kind == "arthur_return":
        return [made(ArthurReturn, c) for c in _hand_cards(s, task[1])]
    if kind == "clair":
        n, placed = task[2], task[3]
        remaining = list(s.btop[:n])
        for c in placed:
            remaining.remove(c)
        return [made(PutNext, c) for c in dict.fromkeys(remaining)]
    if kind == "join":
        return [made(Join, True), made(Join, False)]
    if kind == "messenger":
        return [made(Pass), *[made(Offer, c) for c in _hand_cards(s, task[1])]]
    if kind == "steal_target":
        return [made(StealFrom, x) for x in in_play(s) if any(s.hands[x])]
    if kind == "traitor_evil":
        return [made(AddEngine), made(DrawBlack)]
    raise AssertionError(kind)  # pragma: no cover


def resolve_decision(s: GameState, task: tuple[Any, ...], action: Action) -> None:
    """Rules: ``black.mercenaries``."""
    kind = task[0]
    a: Any = action
    if kind in EXTRA_DECISIONS:
        EXTRA_DECISIONS[kind][2](s, task, action)
        return
    if kind == "offer":
        i = s.cfg.white_index[a.card]
        _set_hand(s, task[1], _vec_add(s.hands[task[1]], i, -1))
        s._set(pool=_vec_add(s.pool, i, 1))
        note(s, f"seat {task[1]} offers a card to share", "setup.opening-share")
    elif kind == "take":
        i = s.cfg.white_index[a.card]
        s._set(pool=_vec_add(s.pool, i, -1))
        _set_hand(s, task[1], _vec_add(s.hands[task[1]], i, 1))
        note(s, f"seat {task[1]} takes {a.card}", "setup.opening-share")
    elif kind == "merlin":
        _resolve_merlin(s, task, a)
    elif kind == "excal":
        card, seat = task[1], task[2]
        if isinstance(a, SacrificeExcalibur):
            _set_relic(s, "excalibur", GONE)
            black_to_discard(s, card)
            note(s, f"Excalibur is sacrificed to cancel {card}", "relic.excalibur")
        else:
            push(s, ("effect", card, seat))
    elif kind == "face":
        lay_combat_black(s, task[1], task[2], face_down=a.face_down)
    elif kind == "war":
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
    elif kind == "volunteer":
        _resolve_volunteer(s, task, a)
    elif kind == "discard":
        discard_white(s, task[1], a.card)
        if task[2] > 1 and any(s.hands[task[1]]):
            push(s, ("discard", task[1], task[2] - 1, task[3]))
    elif kind == "kay_combat":
        if isinstance(a, KayExtra):
            kay = s.knights.index("kay")
            i = s.cfg.white_index[f"fight_{a.value}"]
            _set_hand(s, kay, _vec_add(s.hands[kay], i, -1))
            if task[1] == "black_knight":
                s._set(bk_w=(*s.bk_w, a.value))
            else:
                s._set(ld_w=(*s.ld_w, a.value))
            note(s, f"Sir Kay adds Fight {a.value}", "knight.kay")
        combat_result(s, task[1], task[2])
    elif kind == "kay_siege":
        seat, total, face = task[1], task[2], task[3]
        if isinstance(a, KayExtra):
            discard_white(s, seat, f"fight_{a.value}")
            total += a.value
        siege_result(s, seat, total, face)
    elif kind == "drink":
        dying = task[1]
        if isinstance(a, Drink):
            _set_seat(s, "life", dying, T("grail_drink_life"))
            _set_relic(s, "grail", GONE)
            note(s, f"seat {dying} drinks from the Holy Grail", "relic.grail")
        else:
            kill(s, dying)
    elif kind == "keep2":
        _resolve_keep(s, task, a)
    elif kind == "arthur_return":
        i = s.cfg.white_index[a.card]
        _set_hand(s, task[1], _vec_add(s.hands[task[1]], i, -1))
        _set_hand(s, task[2], _vec_add(s.hands[task[2]], i, 1))
    elif kind == "clair":
        seat, n, placed = task[1], task[2], (*task[3], a.card)
        if len(placed) == n:
            s._set(btop=placed + s.btop[n:])
            note(
                s, f"seat {seat} puts the black cards back in a chosen order", "white.clairvoyance"
            )
        else:
            push(s, ("clair", seat, n, placed))
    elif kind == "join":
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
    elif kind == "messenger":
        if isinstance(a, Offer):
            giver, target, given = task[1], task[2], task[3] + 1
            i = s.cfg.white_index[a.card]
            _set_hand(s, giver, _vec_add(s.hands[giver], i, -1))
            _set_hand(s, target, _vec_add(s.hands[target], i, 1))
            if given < T("messenger_max_cards"):
                push(s, ("messenger", giver, target, given))
    elif kind == "steal_target":
        push(s, ("steal", task[1], a.seat))
    elif kind == "traitor_evil":
        seat = task[1]
        if isinstance(a, AddEngine):
            add_engines(s, 1)
            note(s, "the unmasked traitor adds a siege engine", "traitor.unmasked-turn")
        else:
            push_black_draw(s, seat, armor=True)
            note(s, "the unmasked traitor draws a black card", "traitor.unmasked-turn")
    else:  # pragma: no cover
        raise AssertionError(kind)


def _resolve_merlin(s: GameState, task: tuple[Any, ...], a: Any) -> None:
    """BoQ p.15; RB p.10: three Merlin cards together cancel a special black card as it is
    drawn. Rules: ``black.merlin-cancel``."""
    card, drawer, seats, idx, pledged = task[1:]
    if isinstance(a, Pledge):
        pledged = (*pledged, (seats[idx], a.merlins))
    if sum(k for _, k in pledged) >= T("merlins_to_cancel"):
        for seat, k in pledged:
            discard_white(s, seat, "merlin", k)
        if "morgan_witch_6" in s.witches:
            _remove_merlins(s, sum(k for _, k in pledged))
        black_to_discard(s, card)
        note(s, f"three Merlin cards cancel {card}", "black.merlin-cancel")
        return
    if idx + 1 < len(seats):
        push(s, ("merlin", card, drawer, seats, idx + 1, pledged))
    else:
        _after_merlin(s, card, drawer)


def _resolve_volunteer(s: GameState, task: tuple[Any, ...], a: Any) -> None:
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


def _resolve_keep(s: GameState, task: tuple[Any, ...], a: Any) -> None:
    """Lancelot's Armor: keep one of the top two, the other to the bottom (BoQ p.6, p.13).

    Rules: ``relic.armor``."""
    seat, mode = task[1], task[2]
    top = list(s.btop[:2])
    top.remove(a.card)
    other = top[0]
    s._set(btop=(a.card, *s.btop[2:]), bbottom=(*s.bbottom, other))
    note(s, "Lancelot's Armor: one black card goes to the bottom", "relic.armor")
    if mode == "draw":
        push(s, ("bdraw", seat))


def resolve_chance(s: GameState, task: tuple[Any, ...], outcome: Any) -> None:
    kind = task[0]
    if kind == "deal_knight":
        left = tuple(k for k in s.deal_pool[0] if k != outcome.what)
        s._set(deal_pool=(left, *s.deal_pool[1:]))
        _set_seat(s, "knights", task[1], outcome.what)
    elif kind == "deal_loyalty":
        pool, loyal, traitors = s.deal_pool
        if outcome.what == "loyal":
            loyal -= 1
        else:
            traitors -= 1
        s._set(deal_pool=(pool, loyal, traitors))
        _set_seat(s, "loyalty", task[1], outcome.what)
    elif kind == "wdraw":
        seat, n = task[1], task[2]
        i = s.cfg.white_index[outcome.card]
        s._set(wpile=_vec_add(s.wpile, i, -1))
        _set_hand(s, seat, _vec_add(s.hands[seat], i, 1))
        if not any(s.wpile):
            reshuffle_both(s)
        if n > 1:
            push(s, ("wdraw", seat, n - 1))
    elif kind == "bdraw":
        _take_black(s, outcome.card)
        black_drawn(s, task[1], outcome.card)
    elif kind == "reveal":
        if any(s.bpile):
            s._set(bpile=_vec_add(s.bpile, s.cfg.black_index[outcome.card], -1))
        else:
            s._set(bbottom=s.bbottom[1:])
        s._set(btop=(*s.btop, outcome.card))
        if len(s.btop) < task[1] and (any(s.bpile) or s.bbottom):
            push(s, task)
    elif kind == "roll":
        seat, total = task[1], task[2]
        face = outcome.face
        bonus = T("excalibur_bonus") if s.relics[_EXC] == seat else 0
        if (
            s.knights[seat] == "kay"
            and total + bonus <= face
            and any(fight_counts(s.hands[seat], s))
        ):
            push(s, ("kay_siege", seat, total, face))
        else:
            siege_result(s, seat, total, face)
    elif kind == "steal":
        discard_white(s, task[2], outcome.card)
        note(s, f"the traitor discards a random card from seat {task[2]}", "traitor.unmasked-turn")
    elif kind == "pool_deal":
        i = s.cfg.white_index[outcome.card]
        s._set(pool=_vec_add(s.pool, i, -1))
        _set_hand(s, task[1], _vec_add(s.hands[task[1]], i, 1))
    else:  # pragma: no cover
        raise AssertionError(kind)


def run_task(s: GameState, task: tuple[Any, ...]) -> None:
    """Automatic tasks.

    Rules: ``siege.kay``, ``knight.kay``.
    """
    kind = task[0]
    if kind == "effect":
        black_effect(s, task[1], task[2])
    elif kind == "combat":
        quest, winner = task[1], task[2]
        if "kay" in s.knights and task_actions(s, ("kay_combat", quest, winner)):
            push(s, ("kay_combat", quest, winner))  # BoQ p.13. Rules: ``knight.kay``.
        else:
            combat_result(s, quest, winner)
    elif kind == "quest_end":
        quest_end(s, task[1], task[2], task[3])
    elif kind == "after_evil":
        if "turn_over" in s.tflags or s.life[s.turn] == 0:
            push(s, ("end_turn",))
        else:
            s._set_phase("heroic")
    elif kind == "end_turn":
        end_turn(s)
    elif kind == "warrior":
        add_warrior(s, task[1])
    elif kind == "begin":
        start_turn(s, first_player(s))
    elif kind == "share_setup":
        _opening_share(s)
    elif kind == "deal_merlins":
        m = s.cfg.white_index["merlin"]
        for seat in range(s.cfg.players):
            if s.wpile[m]:
                s._set(wpile=_vec_add(s.wpile, m, -1))
                _set_hand(s, seat, _vec_add(s.hands[seat], m, 1))
    else:  # pragma: no cover
        raise AssertionError(kind)


def _opening_share(s: GameState) -> None:
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


def first_player(s: GameState) -> int:
    """RB p.9: King Arthur begins; without him, the first seat. Rules: ``setup.first-player``."""
    return s.knights.index("arthur") if "arthur" in s.knights else 0


def start_turn(s: GameState, seat: int) -> None:
    """Rules: ``traitor.unmasked-turn``, ``turn.order``."""
    s._set(turn=seat, tflags=frozenset(), done=0, turn_no=s.turn_no + 1)
    if s.captured[seat] and not s.revealed[seat]:
        # JA Captured!: the knight cannot act; his turn is skipped. (Engine reading: when every
        # knight who could free him is captured too, he slips free rather than stall the game.)
        if all(s.captured[x] for x in in_play(s)):
            _set_seat(s, "captured", seat, False)
            i = s.cfg.travel_names.index("captured")
            s._set(tdisc=_vec_add(s.tdisc, i, 1))
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


def end_turn(s: GameState) -> None:
    """End of turn: knights at 0 life die (the Grail may save one, once), the all-dead check,
    then the next living seat clockwise (RB p.9, p.12; BoQ p.9). Rules: ``death.zero-life``,
    ``relic.grail``, ``endgame.all-dead``, ``turn.order``."""
    for seat in seats_from(s, s.turn):
        if s.dead[seat] or s.revealed[seat] or s.life[seat] > 0:
            continue
        holder = s.relics[_GRAIL]
        if holder >= 0 and holder in in_play(s):
            push(s, ("drink", seat), ("end_turn",))
            return
        kill(s, seat)
    loyal = [i for i in range(s.cfg.players) if s.loyalty[i] == "loyal"]
    if loyal and all(s.dead[i] for i in loyal):
        _finish(s, False, "all knights dead", s.wsw, s.bsw)
        return
    n = s.cfg.players
    for k in range(1, n + 1):
        nxt = (s.turn + k) % n
        if not s.dead[nxt]:
            start_turn(s, nxt)
            return
    _finish(s, False, "all knights dead", s.wsw, s.bsw)  # pragma: no cover
