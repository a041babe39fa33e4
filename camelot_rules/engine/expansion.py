"""Merlin's Company: the expansion's rules as a layer of the engine (``expansion=True``).

The authority is the Japanese translation of the expansion rules (``JA`` section, the seed
``seeds/000_f03494cf5d4661bf.txt``): travel cards on every move made by a heroic action or a
knight's power, Merlin's figure, the seven witches, the eight new special white cards, Sir
Caradoc's power, finished quests' black cards removed from the game. What the seed leaves out
(the travel cards' mix and the demands of Charged!/Lost!/Ambushed!, the other new knights'
powers) is a named assumption from :mod:`camelot_rules.data.rulebook`.

What the layer adds is named here and wired in explicitly, never by importing this module:
its task kinds (:data:`TASK_KINDS`) and its witches' effects (:data:`BLACK_EFFECTS`) join the
base game's in :mod:`camelot_rules.engine.tasks`, which also passes :func:`end_witches_on_quest`
to the end of every quest; the turn (:mod:`camelot_rules.engine.flow`) offers its heroic
actions, special white cards and Sir Caradoc's power, and draws a travel card on a move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from camelot_rules.base.i18n import N_
from camelot_rules.data import rulebook
from camelot_rules.engine.actions import (
    Action,
    CaradocDraw,
    Discard,
    Draw,
    Free,
    Join,
    Outcome,
    Pass,
    Pay,
    PlayFight,
    PlaySpecial,
    made,
)
from camelot_rules.engine.board import (
    black_to_discard,
    discard_white,
    draw_white,
    in_play,
    move,
    note,
    push,
    reshuffle_both,
    seats_from,
    set_seat,
)
from camelot_rules.engine.kinds import Chance, Decision, TaskKind
from camelot_rules.engine.knights import gain_life, lose_life
from camelot_rules.engine.quests import clear_quest, do_play_fight, quest_actions
from camelot_rules.engine.state import GameState

__all__ = [
    "BLACK_EFFECTS",
    "TASK_KINDS",
    "WITCH_RULES",
    "caradoc_actions",
    "demand_payments",
    "do_caradoc",
    "do_free",
    "end_witches_on_quest",
    "free_actions",
    "play_special_mc",
    "special_actions_mc",
    "travel_move",
]

_SPECIALS_MC: Final = (
    "call_for_help",
    "dispel",
    "divine_favor",
    "dragon_slayer",
    "merlin_to_the_rescue",
    "new_hope",
    "tournament",
    "truce",
)
_LASTING_WITCHES: Final = ("morgan_witch_2", "morgan_witch_5", "morgan_witch_6", "morgan_witch_7")
_DEMANDS: Final = {d.card: d for d in rulebook.TRAVEL_DEMANDS}
_WILD: Final = rulebook.WILD_FIGHT
_SLAYER_FIGHTS: Final = 2  # JA special white cards (Dragon Slayer): two Fight cards on the Dragon


# --- travel -----------------------------------------------------------------------------------
def travel_pile_size(s: GameState) -> int:
    return sum(s.tpile) + len(s.ttop)


def _reshuffle_travel(s: GameState) -> None:
    """JA travel rules: the travel pile is reshuffled from its own discards when it runs out;
    never with the white and black piles; a card under a figure stays out.

    Rules: ``travel.reshuffle``."""
    s._set(tpile=tuple(a + b for a, b in zip(s.tpile, s.tdisc)), tdisc=(0,) * len(s.tdisc))


def travel_move(s: GameState, seat: int, quest: str) -> None:
    """JA travel rules: a move by a heroic action (or Tristan's power) names its destination,
    then a travel card is drawn. Rules: ``travel.draw-on-move``."""
    if not travel_pile_size(s):
        _reshuffle_travel(s)
    if not travel_pile_size(s):  # every travel card lies under a figure: the move just happens
        move(s, seat, quest)
        return
    push(s, ("tdraw", seat, quest))
    note(s, f"seat {seat} sets out for {quest}: a travel card is drawn", "travel.draw-on-move")


def _to_travel_discard(s: GameState, card: str) -> None:
    i = s.cfg.travel_names.index(card)
    disc = list(s.tdisc)
    disc[i] += 1
    s._set(tdisc=tuple(disc))


def travel_weights(s: GameState, task: tuple[Any, ...]) -> tuple[list[Outcome], list[int]]:
    """Task ``("tdraw", seat, quest)``: the known top card, else any card by its count."""
    if s.ttop:
        return [made(Draw, "travel", s.ttop[0])], [1]
    names = s.cfg.travel_names
    pairs = [(made(Draw, "travel", names[i]), c) for i, c in enumerate(s.tpile) if c]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def resolve_travel(s: GameState, task: tuple[Any, ...], outcome: Any) -> None:
    """The seven travel cards (JA travel rules). Rules: ``travel.cards``, ``travel.captured``."""
    seat, quest, card = task[1], task[2], outcome.card
    if s.ttop and s.ttop[0] == card:
        s._set(ttop=s.ttop[1:])
    else:
        i = s.cfg.travel_names.index(card)
        pile = list(s.tpile)
        pile[i] -= 1
        s._set(tpile=tuple(pile))
    note(s, f"travel card: {card}", "travel.cards")
    if card == "captured":
        set_seat(s, "captured", seat, True)
        # a captured knight cannot act: the rest of his turn is lost too
        s._set(tflags=s.tflags | {"turn_over"})
        push(s, ("end_turn",))
        note(s, f"seat {seat} is captured on the way", "travel.captured")
    elif card in _DEMANDS:
        push(s, ("demand", seat, quest, card))
    else:
        if card == "vision" and not s.grail_over:
            quest = "grail"
        move(s, seat, quest)
        if card == "merlin_travels":
            s._set(merlin=quest)
        _to_travel_discard(s, card)
    if card not in _DEMANDS and not travel_pile_size(s):
        _reshuffle_travel(s)  # a demand card is reshuffled once it has been answered


def _demand_payments(s: GameState, seat: int, card: str) -> list[tuple[str, ...]]:
    """Ways to meet the card's demand from ``seat``'s hand (see :func:`demand_payments`)."""
    return demand_payments(s.hand(seat), card)


def demand_payments(hand: Mapping[str, int], card: str) -> list[tuple[str, ...]]:
    """Ways to meet a Charged!/Lost!/Ambushed! ``card``'s demand from ``hand`` (white card
    name -> count): the cards each way discards (ASSUMED demands: rulebook.TRAVEL_DEMANDS).

    A wild "Fight ?" card pays as a Fight card of the value its player chooses (F §3d, S16):
    as a Fight 3 or more, and in a pair beside any Fight card (or another "Fight ?"). Its
    value is not kept - the card is discarded - so each way is one action whatever value is
    named for it. This is the one definition of meeting a demand: the travel calculators
    (:func:`camelot_rules.odds.travel.hand_facts`) ask it.

    >>> demand_payments({"fight_2": 2, "fight_4": 1}, "ambushed")
    [('fight_2', 'fight_2')]
    >>> demand_payments({"fight_wild": 1, "fight_1": 1}, "ambushed")
    [('fight_1', 'fight_wild')]
    >>> demand_payments({"fight_wild": 1, "fight_2": 1}, "charged")
    [('fight_wild',)]

    Rules: ``travel.demands``, ``white.fight-wild``.
    """
    fact = _DEMANDS[card].hand_fact
    wild = hand.get(_WILD, 0)
    out: list[tuple[str, ...]]
    if fact == "fight_3_plus":
        out = [(f"fight_{v}",) for v in (3, 4, 5) if hand.get(f"fight_{v}")]
        return out + ([(_WILD,)] if wild else [])
    if fact == "grail":
        return [("grail",)] if hand.get("grail") else []
    if fact == "fight_pair":
        out = [(f"fight_{v}",) * 2 for v in range(1, 6) if hand.get(f"fight_{v}", 0) >= 2]
        if wild:
            out += [(f"fight_{v}", _WILD) for v in range(1, 6) if hand.get(f"fight_{v}")]
        return out + ([(_WILD, _WILD)] if wild >= 2 else [])
    raise AssertionError(fact)  # pragma: no cover


def _resolve_demand(s: GameState, task: tuple[Any, ...], a: Any) -> None:
    """Charged!/Lost!/Ambushed!: meet the demand and arrive, or suffer and end the turn
    (JA travel rules). Rules: ``travel.demands``."""
    seat, quest, card = task[1], task[2], task[3]
    _to_travel_discard(s, card)
    if not travel_pile_size(s):
        _reshuffle_travel(s)
    if isinstance(a, Pay):
        for name in a.cards:
            discard_white(s, seat, name)
        move(s, seat, quest)
        note(s, f"seat {seat} meets the demand of {card} and arrives", "travel.demands")
        return
    s._set(tflags=s.tflags | {"turn_over"})
    push(s, ("end_turn",))
    lose_life(s, seat, 1)  # after the end of the turn is queued: a Grail's drink comes first
    note(s, f"seat {seat} fails {card}: 1 life, no move, the turn ends", "travel.demands")


def free_actions(s: GameState, seat: int) -> list[Action]:
    """Free a captured knight: a heroic action discarding a special white card; never
    oneself (JA travel rules, Captured!). Rules: ``travel.captured``."""
    if "cat:free" in s.tflags:
        return []
    hand, names = s.hands[seat], s.cfg.white_names
    specials = [names[i] for i in s.cfg.white_special if hand[i]]
    return [made(Free, t, c) for t in in_play(s) if t != seat and s.captured[t] for c in specials]


def do_free(s: GameState, seat: int, action: Any) -> None:
    """Rules: ``travel.captured``."""
    discard_white(s, seat, action.card)
    set_seat(s, "captured", action.seat, False)
    _to_travel_discard(s, "captured")
    note(s, f"seat {seat} frees seat {action.seat}", "travel.captured")


# --- the witches ------------------------------------------------------------------------------
#: the rule each witch applies as she comes (JA witches), noted with her effect (the note's text
#: stays the card drawn); the play-log verifier names it for what her coming does that a log
#: leaves out (a war her warrior ends)
WITCH_RULES: Final[dict[str, str]] = {
    "morgan_witch_1": "deck.first-witch",
    "morgan_witch_2": "witch.lasting",
    "morgan_witch_3": "witch.third",
    "morgan_witch_4": "witch.fourth",
    "morgan_witch_5": "witch.lasting",
    "morgan_witch_6": "witch.lasting",
    "morgan_witch_7": "witch.lasting",
}


def _witch_1(s: GameState, card: str, seat: int) -> bool:
    """JA witches (1st): the white and black piles are rebuilt at once.

    Rules: ``deck.first-witch``."""
    note(s, f"black card drawn: {card}", WITCH_RULES[card])
    reshuffle_both(s)
    return False


def _lasting_witch(s: GameState, card: str, seat: int) -> bool:
    """JA witches (2nd, 5th, 6th, 7th): they stay in play. Rules: ``witch.lasting``."""
    note(s, f"black card drawn: {card}", WITCH_RULES[card])
    s._set(witches=s.witches | {card})
    return True


def _witch_3(s: GameState, card: str, seat: int) -> bool:
    """JA witches (3rd): a Pict, then a Saxon warrior. Rules: ``witch.third``."""
    note(s, f"black card drawn: {card}", WITCH_RULES[card])
    # one after the other: a Pict war lost by the first is resolved before the Saxon comes
    push(s, ("warrior", "picts"), ("warrior", "saxons"))
    return False


def _witch_4(s: GameState, card: str, seat: int) -> bool:
    """JA witches (4th): each knight discards a Grail card or loses 1 life (without one: loses
    the life). Rules: ``witch.fourth``."""
    note(s, f"black card drawn: {card}", WITCH_RULES[card])
    g = s.cfg.white_index["grail"]
    tasks = []
    for x in seats_from(s, seat):
        if x not in in_play(s):
            continue
        if s.hands[x][g]:
            tasks.append(("witch4", x))
        else:
            lose_life(s, x, 1)
    push(s, *tasks)
    return False


def _resolve_witch4(s: GameState, task: tuple[Any, ...], a: Any) -> None:
    if isinstance(a, Discard):
        discard_white(s, task[1], "grail")
    else:
        lose_life(s, task[1], 1)


def end_witches_on_quest(s: GameState, quest: str, won: bool, present: list[int]) -> None:
    """The 2nd witch leaves when a quest is won; the 7th strikes the knights away from the next
    quest lost, then leaves (JA witches). Rules: ``witch.lasting``."""
    if won and "morgan_witch_2" in s.witches:
        s._set(witches=s.witches - {"morgan_witch_2"})
        black_to_discard(s, "morgan_witch_2")
    if not won and "morgan_witch_7" in s.witches:
        for x in in_play(s):
            if x not in present:
                lose_life(s, x, 1)
        s._set(witches=s.witches - {"morgan_witch_7"})
        black_to_discard(s, "morgan_witch_7")


# --- the new special white cards ----------------------------------------------------------------
def special_actions_mc(s: GameState, seat: int, free: bool) -> list[Action]:
    """JA special white cards: every playable choice. Rules: ``white.expansion-specials``."""
    if not any(s.hands[seat][i] for i in s.cfg.white_special):
        return []
    hand = s.hand(seat)
    out: list[Action] = []
    where = s.location[seat]
    if hand.get("call_for_help") and where not in ("black_knight", "lancelot"):
        out.append(made(PlaySpecial, "call_for_help", (), free))
    if hand.get("dispel"):
        out += [made(PlaySpecial, "dispel", (c,), free) for c in _dispellable(s)]
    for card in ("divine_favor", "dragon_slayer", "new_hope", "tournament"):
        if hand.get(card):
            out.append(made(PlaySpecial, card, (), free))
    if hand.get("merlin_to_the_rescue"):
        quests = ["black_knight", "lancelot" if s.ld_mode == "lancelot" else "dragon"]
        quests += ["excalibur", "grail", "picts", "saxons"]
        out += [made(PlaySpecial, "merlin_to_the_rescue", (q,), free) for q in quests]
    if hand.get("truce"):
        out += [made(PlaySpecial, "truce", (w,), free) for w in ("picts", "saxons")]
    return out


def _dispellable(s: GameState) -> list[str]:
    out = []
    if s.dark_forest:
        out.append("dark_forest")
    if s.mists:
        out.append("mists_of_avalon")
    if any(m for _, _, m in s.wars):
        out.append("mordred")
    if s.vivien:
        out.append("vivien")
    return out + sorted(w for w in s.witches if w in _LASTING_WITCHES)


def play_special_mc(s: GameState, seat: int, card: str, choice: tuple[Any, ...]) -> None:
    """Apply a new special white card (JA special white cards); the card is already discarded.

    Rules: ``white.expansion-specials``, ``deck.merlin-blocks-engine``."""
    if card == "call_for_help":
        cands = tuple(
            x
            for x in seats_from(s, seat)
            if x in in_play(s)
            and x != seat
            and not s.captured[x]
            and s.location[x] != s.location[seat]
        )
        if cands:
            push(s, ("call", seat, s.location[seat], cands, 0))
    elif card == "dispel":
        _dispel(s, str(choice[0]))
    elif card == "divine_favor":
        s._set(favor=True)
    elif card == "dragon_slayer":
        tasks: list[tuple[Any, ...]] = [("wdraw", seat, 3)]
        if s.location[seat] == "dragon" and s.ld_mode == "dragon":
            tasks += [("slayer", seat)] * _SLAYER_FIGHTS
        push(s, *tasks)
    elif card == "merlin_to_the_rescue":
        s._set(merlin=str(choice[0]))
    elif card == "new_hope":
        n = sum(s.hands[seat]) + 1  # the New Hope card itself counts
        for name, c in s.hand(seat).items():
            discard_white(s, seat, name, c)
        draw_white(s, seat, n)
    elif card == "tournament":
        gain_life(s, seat, 2)
    elif card == "truce":
        clear_quest(s, str(choice[0]))


def _dispel(s: GameState, card: str) -> None:
    if card == "dark_forest":
        s._set(dark_forest=False)
    elif card == "mists_of_avalon":
        s._set(mists=False)
    elif card == "vivien":
        s._set(vivien=False)
    elif card == "mordred":
        s._set(wars=tuple((f, w, False) for f, w, _ in s.wars))
    else:
        s._set(witches=s.witches - {card})
    black_to_discard(s, card)


def _resolve_call(s: GameState, task: tuple[Any, ...], a: Any) -> None:
    player, dest, cands, idx = task[1:]
    if a.go:
        move(s, cands[idx], dest)  # free, no travel card (JA)
    if idx + 1 < len(cands):
        push(s, ("call", player, dest, cands, idx + 1))


def _slayer_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    seat = task[1]
    if s.ld_mode != "dragon" or s.location[seat] != "dragon":
        return []
    fights = [a for a in quest_actions(s, seat) if isinstance(a, PlayFight)]
    return [made(Pass), *fights] if fights else []


def _resolve_slayer(s: GameState, task: tuple[Any, ...], a: Any) -> None:
    if isinstance(a, PlayFight):
        do_play_fight(s, task[1], a)


def caradoc_actions(s: GameState, seat: int) -> list[Action]:
    """Sir Caradoc: once per turn, sacrifice 1 life to draw 2 white cards; not under the 2nd
    witch (JA witches, 2nd). Rules: ``knight.caradoc``."""
    if (
        s.knights[seat] != "caradoc"
        or "caradoc" in s.tflags
        or s.life[seat] < 1
        or "morgan_witch_2" in s.witches
    ):
        return []
    return [made(CaradocDraw)]


def do_caradoc(s: GameState, seat: int) -> None:
    """Rules: ``knight.caradoc``."""
    lose_life(s, seat, 1)
    s._set(tflags=s.tflags | {"caradoc"})
    draw_white(s, seat, 2)
    note(s, "Sir Caradoc sacrifices a life point for 2 white cards", "knight.caradoc")


# --- what the layer adds to the base game's tables ------------------------------------------------
def _travel_possible(s: GameState, task: tuple[Any, ...]) -> bool:
    return bool(travel_pile_size(s))


def _seat_1(s: GameState, task: tuple[Any, ...]) -> int:
    return int(task[1])


def _demand_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(Pass), *[made(Pay, p) for p in _demand_payments(s, task[1], task[3])]]


def _witch4_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(Discard, "grail"), made(Pass)]


def _call_seat(s: GameState, task: tuple[Any, ...]) -> int:
    return int(task[3][task[4]])


def _call_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    return [made(Join, True), made(Join, False)]


#: the layer's pending tasks (each decision's text a catalog message, translated where shown)
TASK_KINDS: Final[tuple[TaskKind, ...]] = (
    Chance(
        "tdraw",
        outcomes=travel_weights,
        resolve=resolve_travel,
        possible=_travel_possible,
        rule="travel.counts",
    ),
    Decision(
        "demand",
        rule="turn.pending",
        text=N_("meet the travel card's demand or not"),
        seat=_seat_1,
        actions=_demand_actions,
        resolve=_resolve_demand,
        holds=("travel", 3),
    ),
    Decision(
        "witch4",
        rule="turn.pending",
        text=N_("discard a Grail card or lose a life point"),
        seat=_seat_1,
        actions=_witch4_actions,
        resolve=_resolve_witch4,
    ),
    Decision(
        "call",
        rule="turn.pending",
        text=N_("answer the Call for Help: go or stay"),
        seat=_call_seat,
        actions=_call_actions,
        resolve=_resolve_call,
    ),
    Decision(
        "slayer",
        rule="turn.pending",
        text=N_("Dragon Slayer: lay a Fight card on the Dragon or pass"),
        seat=_seat_1,
        actions=_slayer_actions,
        resolve=_resolve_slayer,
    ),
)

#: the witches' effects (True: the witch stays in play)
BLACK_EFFECTS: Final[dict[str, Callable[[GameState, str, int], bool]]] = {
    "morgan_witch_1": _witch_1,
    "morgan_witch_2": _lasting_witch,
    "morgan_witch_3": _witch_3,
    "morgan_witch_4": _witch_4,
    "morgan_witch_5": _lasting_witch,
    "morgan_witch_6": _lasting_witch,
    "morgan_witch_7": _lasting_witch,
}
