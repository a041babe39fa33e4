"""The quests: their heroic actions, the siege fight, Sir Kay's extra card, and each quest's
end with its spoils (RB pp.13-15; BoQ pp.3-10, p.13).

The patterns, the black cards' values and the war's next card are also what the exact
calculators ask the engine (:mod:`camelot_rules.odds.quests`): one home for each rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any, Final

from camelot_rules.data import rulebook
from camelot_rules.engine.actions import (
    Action,
    DiscardForExcalibur,
    DrawWhite,
    FightEngine,
    KayExtra,
    Outcome,
    Pass,
    PlayFight,
    PlayGrail,
    Roll,
    made,
)
from camelot_rules.engine.arithmetic import combat_won, siege_fight_won
from camelot_rules.engine.board import (
    EXC,
    black_to_discard,
    discard_white,
    draw_white,
    fight_counts,
    in_play,
    laid_to_discard,
    lay_wild,
    note,
    push,
    set_hand,
    set_relic,
    set_seat,
    share_cards,
    vec_add,
    white_to_discard,
    wild_in_hand,
)
from camelot_rules.engine.knights import add_engines, gain_life, lose_life
from camelot_rules.engine.state import GONE, GameState

__all__ = [
    "add_warrior",
    "black_value",
    "clear_quest",
    "combat_result",
    "do_draw_white",
    "do_excalibur_discard",
    "do_fight_engine",
    "do_play_fight",
    "do_play_grail",
    "kay_actions",
    "move_excalibur",
    "pattern_ok",
    "quest_actions",
    "quest_end",
    "resolve_kay_combat",
    "resolve_kay_siege",
    "resolve_roll",
    "roll_outcomes",
    "run_combat",
    "siege_result",
    "war_next",
]

T: Final = rulebook.threshold
_STEPS: Final = T("excalibur_steps")
_GRAIL_SPOTS: Final = T("grail_spots")
_WARRIORS: Final = T("war_warriors_to_lose")
_HAND_LIMIT: Final = T("white_hand_limit_to_draw")
_EXCALIBUR_BONUS: Final = T("excalibur_bonus")
_FIGHTS: Final = rulebook.FIGHT_CARDS
_VALUES: Final = rulebook.FIGHT_VALUES
_WILD: Final = rulebook.WILD_FIGHT
_BLACK_VALUES: Final[dict[str, tuple[int, int]]] = {}  # card -> (on Lancelot, on the Dragon)


# --- the cards' arithmetic ----------------------------------------------------------------------
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


def pattern_ok(quest: str, whites: Iterable[int]) -> bool:
    """Can these Fight values still grow into the quest's pattern (BoQ p.14; RB p.14)?

    Black Knight: two pairs of different values; Lancelot: a full house (three of one value,
    two of another); Dragon: three three-of-a-kinds of different values.
    Rules: ``quest.fight-cards``.
    """
    shape = rulebook.COMBAT_SHAPES[quest]  # the group sizes, largest first (rule data)
    counts: dict[int, int] = {}
    for v in whites:
        counts[v] = counts.get(v, 0) + 1
    values = sorted(counts.values(), reverse=True)
    return len(values) <= len(shape) and all(c <= g for c, g in zip(values, shape))


def war_next(s: GameState, war: str) -> int | None:
    """The one Fight value the war accepts next: 1, 2, ... 5, then a second 5 with Mordred
    (RB p.15; BoQ p.16). Rules: ``quest.wars``, ``black.mordred``."""
    fights, _, mordred = s.wars[0 if war == "picts" else 1]
    sequence = rulebook.war_sequence(war, mordred=mordred)
    if fights < len(sequence):
        return sequence[fights]
    return None  # pragma: no cover - the war ended


# --- heroic actions -----------------------------------------------------------------------------
def quest_actions(s: GameState, seat: int) -> list[Action]:
    """The actions of the quest the knight is on (RB p.13-15). A wild "Fight ?" card is laid
    as any Fight value that a Fight card of that value could be laid as, each value its own
    action (F §3d, S16). Rules: ``siege.fight-without-cards`` (a siege fight with no Fight
    card, an option), ``white.fight-wild``."""
    where = s.location[seat]
    hand = s.hands[seat]
    wi = s.cfg.white_index
    out: list[Action] = []
    if where == "camelot":
        if sum(hand) < _HAND_LIMIT:
            out.append(made(DrawWhite))
        if s.engines > 0:
            out += _siege_fights(tuple(fight_counts(hand, s)), wild_in_hand(hand, s))
            if s.cfg.option("siege_without_fight"):  # RB p.13 "as many ... as desired": none
                out.append(made(FightEngine, ()))
    elif where in ("black_knight", "lancelot", "dragon"):
        laid = s.bk_w if where == "black_knight" else s.ld_w
        for v, c in enumerate(fight_counts(hand, s), start=1):
            if c and pattern_ok(where, (*laid, v)):
                out.append(made(PlayFight, where, v))
        if wild_in_hand(hand, s):
            out += [
                made(PlayFight, where, v, True) for v in _VALUES if pattern_ok(where, (*laid, v))
            ]
    elif where in ("picts", "saxons"):
        nxt = war_next(s, where)
        if nxt is not None and hand[wi[_FIGHTS[nxt - 1]]]:
            out.append(made(PlayFight, where, nxt))
        if nxt is not None and wild_in_hand(hand, s):
            out.append(made(PlayFight, where, nxt, True))
    elif where == "grail":
        if hand[wi["grail"]] and not s.dark_forest:
            out.append(made(PlayGrail))
    elif where == "excalibur":
        names = s.cfg.white_names
        out += [made(DiscardForExcalibur, names[i]) for i, c in enumerate(hand) if c]
    return out


@lru_cache(maxsize=4096)  # a hand's Fight counts; bounded for long sweeps
def _siege_fights(counts: tuple[int, ...], wild: int = 0) -> tuple[FightEngine, ...]:
    """A siege fight with every non-empty multiset of the hand's Fight values (``counts``: how
    many Fight 1..5), each as sorted values, largest first; then, with ``wild`` "Fight ?"
    cards in hand, each of those with 1..``wild`` of them added, each at every value 1..5
    (F §3d, S16)."""
    combos = _multisets(counts)
    out = [made(FightEngine, c) for c in combos if c]
    if wild:
        wilds = [w for w in _multisets((wild,) * len(_VALUES)) if 0 < len(w) <= wild]
        for c in combos:
            for w in wilds:
                out.append(made(FightEngine, tuple(sorted(c + w, reverse=True)), w))
    return tuple(out)


def _multisets(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every multiset of Fight values with at most ``counts[v - 1]`` of value ``v`` (the
    empty one first), each sorted largest first."""
    combos: list[tuple[int, ...]] = [()]
    for value, c in zip(_VALUES, counts):
        combos = [combo + (value,) * k for combo in combos for k in range(c + 1)]
    return [tuple(sorted(c, reverse=True)) for c in combos]


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


# --- the siege (and the chance task "roll") ------------------------------------------------------
def do_fight_engine(s: GameState, seat: int, action: Any) -> None:
    """RB p.13: play Fight cards, roll the d8; strictly greater wins. At least one Fight card
    by default (RB p.13: the knight fights by playing Fight cards and compares "the sum of the
    White Fight cards you played"; BoQ p.14: "Multiple White Fight cards may be played ... to
    fight a Siege Engine"); ``siege_without_fight=True`` reads "as many Fight cards as
    desired" (RB p.13) as allowing none: the total is 0, Excalibur's +1 and Sir Kay's card
    after the roll still count. A wild "Fight ?" card counts the value chosen for it
    (``action.wild``). Rules: ``siege.fight``, ``siege.fight-without-cards``,
    ``white.fight-wild``."""
    rest = list(action.values)
    for v in action.wild:
        rest.remove(v)
    if action.wild:
        discard_white(s, seat, _WILD, len(action.wild))
    for v in rest:
        discard_white(s, seat, _FIGHTS[v - 1])
    push(s, ("roll", seat, sum(action.values)))
    note(s, f"seat {seat} fights a siege engine with {sum(action.values)}", "siege.fight")


def roll_outcomes(s: GameState, task: tuple[Any, ...]) -> tuple[list[Outcome], list[int]]:
    """Task ``("roll", seat, total)``: the siege die's faces, each as likely."""
    faces = rulebook.SIEGE_DIE_FACES
    return [made(Roll, f) for f in range(1, faces + 1)], [1] * faces


def resolve_roll(s: GameState, task: tuple[Any, ...], outcome: Roll) -> None:
    """The fight is decided, unless Sir Kay, losing, may still add a Fight card (BoQ p.13).
    Rules: ``siege.kay``."""
    seat, total = task[1], task[2]
    face = outcome.face
    bonus = _EXCALIBUR_BONUS if s.relics[EXC] == seat else 0
    hand = s.hands[seat]
    if (
        s.knights[seat] == "kay"
        and total + bonus <= face
        and (any(fight_counts(hand, s)) or wild_in_hand(hand, s))
    ):
        push(s, ("kay_siege", seat, total, face))
    else:
        siege_result(s, seat, total, face)


def favor_now(s: GameState) -> bool:
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
    bonus = _EXCALIBUR_BONUS if s.relics[EXC] == seat else 0
    if siege_fight_won(total + bonus, face, divine_favor=favor_now(s)):
        if total + bonus == face:  # JA Divine Favor: this tie went to the knights; it is used
            s._set(favor=False)
        s._set(engines=s.engines - 1)
        note(s, f"siege engine destroyed ({total + bonus} against {face})", "siege.fight")
    else:
        lose_life(s, seat, 1)
        note(s, f"siege fight lost ({total + bonus} against {face}): 1 life", "siege.fight")


# --- Sir Kay (the decision tasks "kay_combat" and "kay_siege") -----------------------------------
def kay_seat(s: GameState, task: tuple[Any, ...]) -> int:
    """Sir Kay's seat: the task names it for a siege fight; a combat quest's task does not."""
    return int(task[1]) if task[0] == "kay_siege" else s.knights.index("kay")


def kay_actions(s: GameState, task: tuple[Any, ...]) -> list[Action]:
    """BoQ p.13: Sir Kay, in play (and on the quest that ends), may add one Fight card from his
    hand or pass; none when he has no Fight card. A wild "Fight ?" card is added as any value
    1-5 (F §3d, S16). Rules: ``knight.kay``, ``white.fight-wild``."""
    seat = kay_seat(s, task)
    if s.dead[seat] or s.revealed[seat]:
        return []
    if task[0] == "kay_combat" and s.location[seat] != task[1]:
        return []
    hand = s.hands[seat]
    out: list[Action] = [made(KayExtra, v) for v, c in enumerate(fight_counts(hand, s), 1) if c]
    if wild_in_hand(hand, s):
        out += [made(KayExtra, v, True) for v in _VALUES]
    return [made(Pass), *out] if out else []


def resolve_kay_combat(s: GameState, task: tuple[Any, ...], a: Action) -> None:
    """Task ``("kay_combat", quest, winner)``. Rules: ``knight.kay``, ``white.fight-wild``."""
    if isinstance(a, KayExtra):
        kay = s.knights.index("kay")
        i = s.cfg.white_index[_WILD if a.wild else _FIGHTS[a.value - 1]]
        set_hand(s, kay, vec_add(s.hands[kay], i, -1))
        if task[1] == "black_knight":
            s._set(bk_w=(*s.bk_w, a.value))
        else:
            s._set(ld_w=(*s.ld_w, a.value))
        if a.wild:
            lay_wild(s, task[1], a.value)
        note(s, f"Sir Kay adds Fight {'? as ' if a.wild else ''}{a.value}", "knight.kay")
    combat_result(s, task[1], task[2])


def resolve_kay_siege(s: GameState, task: tuple[Any, ...], a: Action) -> None:
    """Task ``("kay_siege", seat, total, face)``. Rules: ``siege.kay``, ``white.fight-wild``."""
    seat, total, face = task[1], task[2], task[3]
    if isinstance(a, KayExtra):
        discard_white(s, seat, _WILD if a.wild else _FIGHTS[a.value - 1])
        total += a.value
    siege_result(s, seat, total, face)


# --- combat quests, the Grail, Excalibur, the wars ----------------------------------------------
def do_play_fight(s: GameState, seat: int, action: Any) -> None:
    """RB p.14-15: one Fight card on a combat quest or a war; a wild "Fight ?" card is laid
    as the value chosen and keeps it on the quest (F §3d, S16). Rules:
    ``quest.fight-cards``, ``white.fight-wild``."""
    q, v = action.quest, action.value
    i = s.cfg.white_index[_WILD if action.wild else _FIGHTS[v - 1]]
    set_hand(s, seat, vec_add(s.hands[seat], i, -1))
    if action.wild:
        lay_wild(s, q, v)
        note(s, f"seat {seat} plays Fight ? as {v} on {q}", "white.fight-wild")
    else:
        note(s, f"seat {seat} plays Fight {v} on {q}", "quest.fight-cards")
    if q in ("picts", "saxons"):
        k = 0 if q == "picts" else 1
        fights, warriors, mordred = s.wars[k]
        wars = list(s.wars)
        wars[k] = (fights + 1, warriors, mordred)
        s._set(wars=tuple(wars))
        if fights + 1 >= len(rulebook.war_sequence(q, mordred=mordred)):
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


def run_combat(s: GameState, task: tuple[Any, ...]) -> None:
    """Task ``("combat", quest, winner)``: a full combat quest is decided, Sir Kay first
    offered his extra card (BoQ p.13). Rules: ``knight.kay``."""
    quest, winner = task[1], task[2]
    if "kay" in s.knights and kay_actions(s, ("kay_combat", quest, winner)):
        push(s, ("kay_combat", quest, winner))
    else:
        combat_result(s, quest, winner)


def combat_result(s: GameState, quest: str, winner: int) -> None:
    """RB p.14; BoQ pp.5-7: the black cards are revealed and summed; the knights win with a
    strictly greater white total (+1 for Excalibur's holder on the quest). Rules:
    ``quest.combat-end``, ``relic.excalibur``, ``endgame.tie``."""
    whites, blacks = (s.bk_w, s.bk_b) if quest == "black_knight" else (s.ld_w, s.ld_b)
    white = sum(whites)
    holder = s.relics[EXC]
    if holder >= 0 and holder in in_play(s) and s.location[holder] == quest:
        white += _EXCALIBUR_BONUS
    black = sum(black_value(card, quest) for card, _ in blacks)
    note(s, f"{quest}: white {white} against black {black}", "quest.combat-end")
    won = combat_won(white, black, divine_favor=favor_now(s))
    if won and white == black:  # JA Divine Favor: the tie went to the knights; it is used
        s._set(favor=False)
    push(s, ("quest_end", quest, won, winner))


def do_play_grail(s: GameState, seat: int, action: Any) -> None:
    """RB p.15; BoQ p.14: on the first spot nearest the Grail; with every spot full, it
    removes the Despair/Desolation nearest the Grail instead. Rules: ``quest.grail``."""
    discard = s.grail_n + len(s.grail_b) >= _GRAIL_SPOTS
    i = s.cfg.white_index["grail"]
    set_hand(s, seat, vec_add(s.hands[seat], i, -1))
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


def add_warrior(s: GameState, war: str) -> None:
    """BoQ p.10, p.16: a warrior on the war; the 4th loses it. Rules: ``quest.wars``."""
    k = 0 if war == "picts" else 1
    fights, warriors, mordred = s.wars[k]
    wars = list(s.wars)
    wars[k] = (fights, warriors + 1, mordred)
    s._set(wars=tuple(wars))
    if warriors + 1 >= _WARRIORS:
        push(s, ("quest_end", war, False, -1))


# --- the end of a quest -------------------------------------------------------------------------
def quest_end(
    s: GameState,
    quest: str,
    won: bool,
    winner: int,
    hooks: Sequence[Callable[[GameState, str, bool, list[int]], None]] = (),
) -> None:
    """The end of a quest (BoQ pp.3-4; RB p.13): knights back to Camelot, spoils or penalties,
    the cards discarded, the quest reset (perpetual), flipped or removed. ``hooks``, a layer's
    (Merlin's Company's witches), run after the spoils and before the quest's cards are
    cleared, with the quest, whether it was won and the seats that were on it.

    Rules: ``quest.end``, ``quest.spoils``, ``knight.palamedes``, ``black.mists``,
    ``white.heroism``, ``black.vivien``, ``black.dark-forest``."""
    qd = rulebook.quest_data(quest)
    present = [x for x in in_play(s) if s.location[x] == quest]
    for x in present:
        set_seat(s, "location", x, "camelot")
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
            set_relic(s, qd.relic, winner)
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
            set_relic(s, qd.relic, GONE)
        note(s, f"{quest} lost", "quest.spoils")
    s._set(events=(*s.events, ("quest", quest, won, s.turn_no)))
    for hook in hooks:
        hook(s, quest, won, present)
    clear_quest(s, quest)
    if won:
        first = winner if winner in present else (present[0] if present else winner)
        share_cards(s, present or ([winner] if winner >= 0 else []), first, qd.win_cards)


def clear_quest(s: GameState, quest: str) -> None:
    """The quest's cards to the discards and the quest reset, flipped (Lancelot to the Dragon)
    or over (BoQ pp.3-4); a wild "Fight ?" card goes as itself. Rules: ``quest.end``,
    ``white.fight-wild``."""
    if quest == "black_knight":
        laid_to_discard(s, quest, s.bk_w)
        for card, _ in s.bk_b:
            black_to_discard(s, card)
        s._set(bk_w=(), bk_b=())
    elif quest in ("lancelot", "dragon"):
        laid_to_discard(s, quest, s.ld_w)
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
        laid_to_discard(s, quest, rulebook.war_sequence(quest, mordred=mordred)[:fights])
        if mordred:
            black_to_discard(s, "mordred")
        wars = list(s.wars)
        wars[k] = (0, 0, False)
        s._set(wars=tuple(wars))
