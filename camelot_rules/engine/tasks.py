"""The one table of pending tasks: every kind the engine knows, base game and Merlin's Company.

A pending task is a tuple ``(kind, *args)`` on the state's ``pending`` stack; :data:`TASKS`
maps each kind to its record (:mod:`camelot_rules.engine.kinds`): who decides and what, the
chance it is and its outcomes, or the step it runs. The turn (:mod:`camelot_rules.engine.flow`)
reads nothing else about a task. The table is assembled here, explicitly, from the base game's
kinds below and the expansion's :data:`camelot_rules.engine.expansion.TASK_KINDS`; the black
cards' effects and the quests' end are wired the same way (:data:`CARD_EFFECTS`,
:data:`QUEST_END_HOOKS`).

Adding a kind: write its functions in the module of its family (a black card's choice in
:mod:`~camelot_rules.engine.black`, a quest's in :mod:`~camelot_rules.engine.quests`...), add
one record to :data:`BASE_KINDS` (or to the expansion's list), push ``(kind, ...)`` where the
rules ask for it, and cite the rule in the registry.

>>> TASKS["kay_combat"].rule, describe_task(("kay_combat", "dragon", 2))
('knight.kay', 'Sir Kay: add a Fight card or pass')
>>> sorted(CHANCE_KINDS)[:3]
['bdraw', 'deal_knight', 'deal_loyalty']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from camelot_rules.base.i18n import N_
from camelot_rules.engine import black, expansion, knights, quests, sharing, specials, turns
from camelot_rules.engine.board import (
    EXC,
    GRAIL,
    resolve_white_draw,
    white_draw_outcomes,
    white_draw_possible,
)
from camelot_rules.engine.kinds import Automatic, Chance, Decision, TaskKind
from camelot_rules.engine.state import GameState

__all__ = [
    "BASE_KINDS",
    "CARD_EFFECTS",
    "CHANCE_KINDS",
    "QUEST_END_HOOKS",
    "TASKS",
    "describe_task",
]

#: every special black card's effect: the base game's and the expansion's witches
CARD_EFFECTS: Final[dict[str, Callable[[GameState, str, int], Any]]] = {
    **black.BLACK_EFFECTS,
    **expansion.BLACK_EFFECTS,
}
#: what else happens when a quest ends: the expansion's witches leave (or strike)
QUEST_END_HOOKS: Final[tuple[Callable[[GameState, str, bool, list[int]], None], ...]] = (
    expansion.end_witches_on_quest,
)


# --- who decides --------------------------------------------------------------------------------
def _seat_1(s: GameState, task: tuple[Any, ...]) -> int:
    return int(task[1])


def _seat_2(s: GameState, task: tuple[Any, ...]) -> int:
    return int(task[2])


def _asked_in_turn(s: GameState, task: tuple[Any, ...]) -> int:
    """A question asked round the table: ``task[3]`` the seats, ``task[4]`` whose turn."""
    return int(task[3][task[4]])


def _joining_in_turn(s: GameState, task: tuple[Any, ...]) -> int:
    """Convocation's question: ``task[2]`` the seats, ``task[3]`` whose turn."""
    return int(task[2][task[3]])


def _excalibur_holder(s: GameState, task: tuple[Any, ...]) -> int:
    return s.relics[EXC]


def _grail_holder(s: GameState, task: tuple[Any, ...]) -> int:
    return s.relics[GRAIL]


# --- automatic steps wired to the assembled tables ------------------------------------------------
def _effect(s: GameState, task: tuple[Any, ...]) -> None:
    """Task ``("effect", card, drawer)``: the black card's effect (no cancel came)."""
    black.black_effect(s, task[1], task[2], CARD_EFFECTS)


def _quest_end(s: GameState, task: tuple[Any, ...]) -> None:
    """Task ``("quest_end", quest, won, winner)``."""
    quests.quest_end(s, task[1], task[2], task[3], QUEST_END_HOOKS)


def _warrior(s: GameState, task: tuple[Any, ...]) -> None:
    """Task ``("warrior", war)``: one warrior (the Third Witch's, one war after the other)."""
    quests.add_warrior(s, task[1])


#: the base game's task kinds; ``rule`` is the registry id a decision's note cites
BASE_KINDS: Final[tuple[TaskKind, ...]] = (
    # chance: the deal, cards drawn, the siege die, the traitor's steal, the shared cards
    Chance(
        "deal_knight",
        outcomes=turns.deal_knight_outcomes,
        resolve=turns.resolve_deal_knight,
        rule="setup.deal",
    ),
    Chance(
        "deal_loyalty",
        outcomes=turns.deal_loyalty_outcomes,
        resolve=turns.resolve_deal_loyalty,
        shown="seat {1} receives a loyalty card",
        rule="setup.loyalty",
    ),
    Chance(
        "wdraw",
        outcomes=white_draw_outcomes,
        resolve=resolve_white_draw,
        possible=white_draw_possible,
        shown="seat {1} draws a white card",
        rule="deck.counts",
    ),
    Chance(
        "bdraw",
        outcomes=black.black_draw_outcomes,
        resolve=black.resolve_black_draw,
        possible=black.black_draw_possible,
        rule="deck.counts",
    ),
    Chance(
        "reveal",
        outcomes=black.reveal_outcomes,
        resolve=black.resolve_reveal,
        possible=black.reveal_possible,
        shown="a black card is looked at",
        rule="deck.counts",
    ),
    Chance("roll", outcomes=quests.roll_outcomes, resolve=quests.resolve_roll, rule="siege.fight"),
    Chance(
        "steal",
        outcomes=turns.steal_outcomes,
        resolve=turns.resolve_steal,
        possible=turns.steal_possible,
        shown="a random white card of seat {2} is discarded",
        rule="traitor.unmasked-turn",
    ),
    Chance(
        "pool_deal",
        outcomes=turns.pool_deal_outcomes,
        resolve=turns.resolve_pool_deal,
        possible=turns.pool_deal_possible,
        shown="a shared card is dealt to seat {1}",
        rule="setup.opening-share",
    ),
    Chance(
        "pool_draw",
        outcomes=sharing.pool_draw_outcomes,
        resolve=sharing.resolve_pool_draw,
        possible=sharing.pool_draw_possible,
    ),
    # decisions
    Decision(
        "share",
        rule="share.by-agreement",
        text=N_("take a shared card or none"),
        seat=sharing.share_seat,
        actions=sharing.share_actions,
        resolve=sharing.resolve_share,
    ),
    Decision(
        "offer",
        rule="setup.opening-share",
        text=N_("offer a white card for the opening share"),
        seat=_seat_1,
        actions=turns.offer_actions,
        resolve=turns.resolve_offer,
    ),
    Decision(
        "take",
        rule="setup.opening-share",
        text=N_("take a shared card"),
        seat=_seat_1,
        actions=turns.take_actions,
        resolve=turns.resolve_take,
    ),
    Decision(
        "merlin",
        rule="black.merlin-cancel",
        text=N_("offer Merlin cards to cancel a special black card"),
        seat=_asked_in_turn,
        actions=black.merlin_actions,
        resolve=black.resolve_merlin,
        holds=("black", 1),
    ),
    Decision(
        "excal",
        rule="relic.excalibur",
        text=N_("sacrifice Excalibur or not"),
        seat=_excalibur_holder,
        actions=black.excal_actions,
        resolve=black.resolve_excal,
        holds=("black", 1),
    ),
    Decision(
        "face",
        rule="black.face-down",
        text=N_("lay the combat card face up or face down"),
        seat=_seat_2,
        actions=black.face_actions,
        resolve=black.resolve_face,
        holds=("black", 1),
    ),
    Decision(
        "war",
        rule="black.mercenaries",
        text=N_("choose the war"),
        seat=_seat_2,
        actions=black.war_actions,
        resolve=black.resolve_war,
        holds=("black", 1),
    ),
    Decision(
        "volunteer",
        rule="black.morgan",
        text=N_("volunteer or not"),
        seat=_asked_in_turn,
        actions=black.volunteer_actions,
        resolve=black.resolve_volunteer,
    ),
    Decision(
        "discard",
        rule="black.morgan",
        text=N_("discard white cards"),
        seat=_seat_1,
        actions=black.discard_actions,
        resolve=black.resolve_discard,
        secret=True,
    ),
    Decision(
        "kay_combat",
        rule="knight.kay",
        text=N_("Sir Kay: add a Fight card or pass"),
        seat=quests.kay_seat,
        actions=quests.kay_actions,
        resolve=quests.resolve_kay_combat,
    ),
    Decision(
        "kay_siege",
        rule="knight.kay",
        text=N_("Sir Kay: add a Fight card or pass"),
        seat=quests.kay_seat,
        actions=quests.kay_actions,
        resolve=quests.resolve_kay_siege,
    ),
    Decision(
        "drink",
        rule="relic.grail",
        text=N_("let the dying knight drink from the Grail or not"),
        seat=_grail_holder,
        actions=knights.drink_actions,
        resolve=knights.resolve_drink,
    ),
    Decision(
        "keep2",
        rule="relic.armor",
        text=N_("choose which black card to keep"),
        seat=_seat_1,
        actions=black.keep_actions,
        resolve=black.resolve_keep,
        secret=True,
    ),
    Decision(
        "arthur_return",
        rule="knight.arthur",
        text=N_("return a white card to Arthur"),
        seat=_seat_1,
        actions=knights.arthur_return_actions,
        resolve=knights.resolve_arthur_return,
        secret=True,
    ),
    Decision(
        "clair",
        rule="white.clairvoyance",
        text=N_("order the black cards seen"),
        seat=_seat_1,
        actions=specials.clair_actions,
        resolve=specials.resolve_clair,
        secret=True,
    ),
    Decision(
        "join",
        rule="white.convocation",
        text=N_("go back to Camelot or stay"),
        seat=_joining_in_turn,
        actions=specials.join_actions,
        resolve=specials.resolve_join,
    ),
    Decision(
        "messenger",
        rule="white.messenger",
        text=N_("pass white cards"),
        seat=_seat_1,
        actions=specials.messenger_actions,
        resolve=specials.resolve_messenger,
        secret=True,
    ),
    Decision(
        "steal_target",
        rule="traitor.unmasked-turn",
        text=N_("choose whose hand loses a card"),
        seat=_seat_1,
        actions=turns.steal_target_actions,
        resolve=turns.resolve_steal_target,
    ),
    Decision(
        "traitor_evil",
        rule="traitor.unmasked-turn",
        text=N_("add a siege engine or draw a black card"),
        seat=_seat_1,
        actions=turns.traitor_evil_actions,
        resolve=turns.resolve_traitor_evil,
    ),
    # automatic steps
    Automatic("effect", run=_effect, holds=("black", 1)),
    Automatic("combat", run=quests.run_combat),
    Automatic("quest_end", run=_quest_end),
    Automatic("after_evil", run=turns.after_evil),
    Automatic("end_turn", run=turns.end_turn),
    Automatic("warrior", run=_warrior),
    Automatic("begin", run=turns.start_game),
    Automatic("share_setup", run=turns.opening_share),
    Automatic("deal_merlins", run=turns.deal_merlins),
)


def _table(kinds: tuple[TaskKind, ...]) -> dict[str, TaskKind]:
    table: dict[str, TaskKind] = {}
    for kind in kinds:
        if kind.name in table:
            raise AssertionError(f"task kind {kind.name!r} is in the table twice")
        table[kind.name] = kind
    return table


#: every task kind by its name: the base game's, then Merlin's Company's
TASKS: Final[dict[str, TaskKind]] = _table((*BASE_KINDS, *expansion.TASK_KINDS))
#: the kinds that are chance events
CHANCE_KINDS: Final[frozenset[str]] = frozenset(
    name for name, kind in TASKS.items() if isinstance(kind, Chance)
)


def describe_task(task: tuple[Any, ...]) -> str:
    """What the seat asked by ``task`` must decide, in English (the state's notes keep it; the
    board translates it where shown: each text is a catalog message); a kind without a text,
    its name."""
    kind = TASKS.get(task[0])
    if isinstance(kind, Decision) and kind.text:
        return kind.text
    return str(task[0])
