"""Small steps on a state being built, shared by every family of rules: notes, the pending
stack, seats, card piles and hands, moving, white card draws and the reshuffle.

The functions change a state being built (a fresh copy inside ``apply``), never a state
already returned. Numbers come from :mod:`camelot_rules.data.rulebook`.
"""

from __future__ import annotations

from typing import Any, Final

from camelot_rules.data import rulebook
from camelot_rules.engine.actions import Draw, Outcome, made
from camelot_rules.engine.state import GameState

__all__ = [
    "ARMOR",
    "EXC",
    "GRAIL",
    "black_pile_size",
    "black_to_discard",
    "discard_white",
    "draw_white",
    "fight_counts",
    "hand_cards",
    "in_play",
    "laid_to_discard",
    "lay_wild",
    "leave_location",
    "move",
    "move_targets",
    "nonzero",
    "note",
    "pile_draws",
    "push",
    "quests_in_play",
    "remove_merlins",
    "reshuffle_both",
    "resolve_white_draw",
    "sacrifice_blocked",
    "seats_from",
    "send_all_to_camelot",
    "set_hand",
    "set_relic",
    "set_seat",
    "share_cards",
    "vec_add",
    "white_draw_outcomes",
    "white_draw_possible",
    "white_to_discard",
    "wild_in_hand",
]

EXC: Final = 0  # the relics' places in GameState.relics
GRAIL: Final = 1
ARMOR: Final = 2
_RELIC_INDEX: Final = {"excalibur": EXC, "grail": GRAIL, "armor": ARMOR}
_SOLO: Final = tuple(q.name for q in rulebook.QUESTS if q.solo)
_FIGHTS: Final = rulebook.FIGHT_CARDS
WILD: Final = rulebook.WILD_FIGHT


# --- notes, the stack, seats ----------------------------------------------------------------------
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


def sacrifice_blocked(s: GameState) -> bool:
    """The Second Witch forbids sacrificing life until a quest is won (JA witches, 2nd);
    never in the base game. Rules: ``siege.second-action``."""
    return "morgan_witch_2" in s.witches


# --- count vectors, hands, relics -----------------------------------------------------------------
def vec_add(vec: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    out = list(vec)
    out[i] += n
    if out[i] < 0:
        raise AssertionError("negative card count")  # pragma: no cover
    return tuple(out)


def set_hand(s: GameState, seat: int, hand: tuple[int, ...]) -> None:
    hands = list(s.hands)
    hands[seat] = hand
    s._set_hands(tuple(hands))


def set_seat(s: GameState, slot: str, seat: int, value: Any) -> None:
    values = list(getattr(s, slot))
    values[seat] = value
    s._set(**{slot: tuple(values)})


def set_relic(s: GameState, relic: str, value: int) -> None:
    relics = list(s.relics)
    relics[_RELIC_INDEX[relic]] = value
    s._set(relics=tuple(relics))


def hand_cards(s: GameState, seat: int) -> list[str]:
    names = s.cfg.white_names
    return [names[i] for i, c in enumerate(s.hands[seat]) if c]


def fight_counts(hand: tuple[int, ...], s: GameState) -> list[int]:
    wi = s.cfg.white_index
    return [hand[wi[name]] for name in _FIGHTS]


def wild_in_hand(hand: tuple[int, ...], s: GameState) -> int:
    """How many wild "Fight ?" cards the hand holds (none in the base game's box).

    Rules: ``white.fight-wild``."""
    i = s.cfg.white_index.get(WILD)
    return 0 if i is None else hand[i]


def lay_wild(s: GameState, quest: str, value: int) -> None:
    """Remember that a wild "Fight ?" card lies on ``quest`` laid as Fight ``value`` (its
    value, chosen when laid, stays with it; F §3d, S16). Rules: ``white.fight-wild``."""
    s._set(wild_laid=tuple(sorted((*s.wild_laid, (quest, value)))))


def laid_to_discard(s: GameState, quest: str, values: tuple[int, ...] | list[int]) -> None:
    """The white Fight cards laid on ``quest`` (their ``values``) to the discards: a wild
    "Fight ?" card laid there goes as itself, whatever value it was laid as.

    Rules: ``white.fight-wild``."""
    wild = [v for q, v in s.wild_laid if q == quest]
    if wild:
        s._set(wild_laid=tuple(x for x in s.wild_laid if x[0] != quest))
        white_to_discard(s, WILD, len(wild))
    rest = list(values)
    for v in wild:
        rest.remove(v)
    for v in rest:
        white_to_discard(s, _FIGHTS[v - 1])


# --- card piles ---------------------------------------------------------------------------------
def white_to_discard(s: GameState, name: str, n: int = 1) -> None:
    s._set(wdisc=vec_add(s.wdisc, s.cfg.white_index[name], n))


def black_to_discard(s: GameState, name: str) -> None:
    s._set(bdisc=vec_add(s.bdisc, s.cfg.black_index[name], 1))


def discard_white(s: GameState, seat: int, name: str, n: int = 1) -> None:
    """Move ``n`` copies of ``name`` from a hand to the white discard pile (face down, RB p.7)."""
    i = s.cfg.white_index[name]
    set_hand(s, seat, vec_add(s.hands[seat], i, -n))
    white_to_discard(s, name, n)


def remove_merlins(s: GameState, n: int) -> None:
    """The Sixth Witch: Merlin cards used leave the game instead of the discards (JA witches,
    6th). Rules: ``witch.lasting``."""
    i = s.cfg.white_index["merlin"]
    s._set(wdisc=vec_add(s.wdisc, i, -n), removed_w=vec_add(s.removed_w, i, n))


def black_pile_size(s: GameState) -> int:
    return sum(s.bpile) + len(s.btop) + len(s.bbottom)


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


# --- drawing white cards (the chance task "wdraw") -----------------------------------------------
_DRAWS: Final[dict[tuple[str, tuple[str, ...]], tuple[Draw, ...]]] = {}


def pile_draws(pile: str, names: tuple[str, ...]) -> tuple[Draw, ...]:
    """The Draw outcomes of a pile, made once (outcomes are immutable values)."""
    key = (pile, names)
    if key not in _DRAWS:
        _DRAWS[key] = tuple(made(Draw, pile, name) for name in names)
    return _DRAWS[key]


def nonzero(outcomes: tuple[Draw, ...], counts: tuple[int, ...]) -> tuple[list[Outcome], list[int]]:
    """The outcomes whose count is not 0, with their counts as weights."""
    out: list[Outcome] = [outcome for outcome, c in zip(outcomes, counts) if c]
    return out, [c for c in counts if c]


def draw_white(s: GameState, seat: int, n: int) -> None:
    """Queue ``n`` white cards drawn into ``seat``'s hand."""
    if n > 0:
        push(s, ("wdraw", seat, n))


def share_cards(s: GameState, seats: list[int], first: int | None, n: int) -> None:
    """``n`` white cards from the draw pile shared among ``seats`` (a quest's knights, BoQ p.4;
    Convocation's, BoQ p.14), ``first`` (the winner) first.

    Option ``spoils_share``: ``"agreement"`` (the default) - drawn face up and shared as the
    knights agree (:mod:`camelot_rules.engine.sharing`); ``"random"`` - the texts' fallback
    when they do not agree, the cards dealt out at random from the winner, which the engine
    deals round robin from the draw pile (the same chance). One knight alone takes them all.
    Rules: ``quest.spoils``, ``share.by-agreement``, ``white.convocation``."""
    if not seats or n <= 0:
        return
    order = [first] + [x for x in seats if x != first] if first in seats else list(seats)
    if len(order) > 1 and s.cfg.option("spoils_share") == "agreement":
        # the task of camelot_rules.engine.sharing.share_task (this module comes before it)
        push(s, ("pool_draw", n), ("share", order[0], tuple(order), 0, 0))
        return
    tasks = [("wdraw", order[k % len(order)], 1) for k in range(n)]
    push(s, *tasks)


def white_draw_outcomes(s: GameState, task: tuple[Any, ...]) -> tuple[list[Outcome], list[int]]:
    """Task ``("wdraw", seat, n)``: any white card of the draw pile, by its count there."""
    return nonzero(pile_draws("white", s.cfg.white_names), s.wpile)


def white_draw_possible(s: GameState, task: tuple[Any, ...]) -> bool:
    return any(s.wpile)


def resolve_white_draw(s: GameState, task: tuple[Any, ...], outcome: Draw) -> None:
    """The card into the hand; an empty pile reshuffles both colours (RB p.10, p.13); the
    next of ``n`` cards is queued."""
    seat, n = task[1], task[2]
    i = s.cfg.white_index[outcome.card]
    s._set(wpile=vec_add(s.wpile, i, -1))
    set_hand(s, seat, vec_add(s.hands[seat], i, 1))
    if not any(s.wpile):
        reshuffle_both(s)
    if n > 1:
        push(s, ("wdraw", seat, n - 1))


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


def leave_location(s: GameState, seat: int) -> None:
    """Leaving a solo quest before it ends discards the white cards on it (BoQ p.3).

    Rules: ``quest.solo``."""
    where = s.location[seat]
    if where == "black_knight" and s.bk_w:
        laid_to_discard(s, where, s.bk_w)
        s._set(bk_w=())
    elif where == "lancelot" and s.ld_mode == "lancelot" and s.ld_w:
        laid_to_discard(s, where, s.ld_w)
        s._set(ld_w=())


def move(s: GameState, seat: int, quest: str) -> None:
    leave_location(s, seat)
    set_seat(s, "location", seat, quest)


def send_all_to_camelot(s: GameState) -> None:
    for seat in in_play(s):
        if s.location[seat] != "camelot":
            move(s, seat, "camelot")
