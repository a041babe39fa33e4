"""The turn: what may be decided now, and what each decision or chance outcome does.

A state is in one of three kinds of moment: a chance event (a card drawn, the siege die), a
decision (the top of the ``pending`` stack names who decides what, else the turn's phase does),
or the end of the game. After every decision and outcome the engine runs the automatic steps
(:func:`advance`) until the next chance or decision. Each handler cites the registry rule ids it
applies (``camelot_rules.data.registry``); the numbers come from :mod:`camelot_rules.data.rulebook`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from camelot_rules.data import rulebook
from camelot_rules.engine import expansion as X
from camelot_rules.engine import quests, specials
from camelot_rules.engine.actions import (
    Accuse,
    Action,
    AddEngine,
    ArthurGive,
    CaradocDraw,
    DiscardForExcalibur,
    Draw,
    DrawBlack,
    DrawWhite,
    EndTurn,
    FightEngine,
    Free,
    Heal,
    LoseLife,
    Move,
    Outcome,
    PeekBlack,
    PlayFight,
    PlayGrail,
    PlaySpecial,
    Sacrifice,
    made,
)
from camelot_rules.engine.black import push_black_draw
from camelot_rules.engine.board import (
    black_pile_size,
    discard_white,
    move,
    move_targets,
    note,
    sacrifice_blocked,
)
from camelot_rules.engine.endgame import check_end, do_accuse
from camelot_rules.engine.kinds import Automatic, Chance, Decision
from camelot_rules.engine.knights import (
    add_engines,
    arthur_give,
    gain_life,
    lose_life,
    tristan_free_move,
)
from camelot_rules.engine.state import UNSEEN, GameState, IllegalActionError
from camelot_rules.engine.tasks import CHANCE_KINDS, TASKS, describe_task

__all__ = [
    "advance",
    "apply",
    "apply_chance",
    "chance_weights",
    "decider",
    "heroic_actions",
    "is_chance_task",
    "legal_actions",
]

_HAND_LIMIT: Final = rulebook.threshold("white_hand_limit_to_draw")
_ACCUSE_SWORDS: Final = rulebook.threshold("accusation_min_swords")
_ACCUSE_ENGINES: Final = rulebook.threshold("accusation_min_engines")
_MAX_LIFE: Final = rulebook.threshold("max_life")
_HEAL_CARDS: Final = rulebook.threshold("heal_identical_cards")
# Camelot's two heroic actions when they count apart (option ``camelot_actions="apart"``)
_CAMELOT_DRAW: Final = "cat:camelot:draw"
_CAMELOT_FIGHT: Final = "cat:camelot:fight"


def is_chance_task(s: GameState) -> bool:
    return bool(s.pending) and s.pending[-1][0] in CHANCE_KINDS


def decider(s: GameState) -> int:
    """The seat deciding now: the pending task's, else the player whose turn it is."""
    if s.pending:
        task = s.pending[-1]
        kind = TASKS[task[0]]
        if isinstance(kind, Decision):
            return kind.seat(s, task)
    return s.turn


# --- chance -------------------------------------------------------------------------------------
# the last state asked and its answer: a simulation asks for the weights to sample an outcome,
# then apply_chance checks the outcome against the same list (a state never changes)
_last_weights: Final[list[Any]] = [None, None]


def chance_weights(s: GameState) -> tuple[list[Outcome], list[int]]:
    """The outcomes of the chance event on top of the stack, with integer weights (a card
    drawn from a pile weighs its count there). Rules: ``turn.chance``.

    The lists returned must not be changed (the last answer is kept for the next call)."""
    if _last_weights[0] is s:
        answer: tuple[list[Outcome], list[int]] = _last_weights[1]
        return answer
    if not is_chance_task(s):
        raise ValueError("chance_outcomes() of a state that is not a chance state")
    task = s.pending[-1]
    kind = TASKS[task[0]]
    assert isinstance(kind, Chance)
    answer = kind.outcomes(s, task)
    _last_weights[0], _last_weights[1] = s, answer
    return answer


def apply_chance(s: GameState, outcome: Outcome) -> GameState:
    """The state after a chance outcome. Rules: ``turn.chance``, ``turn.game-over``."""
    if s.outcome is not None:
        raise IllegalActionError(outcome, "turn.game-over", "the game is over")
    if not is_chance_task(s):
        raise IllegalActionError(outcome, "turn.chance", "this is a decision, not a chance event")
    outcomes, _ = chance_weights(s)
    if not _holds(outcomes, outcome):
        rule_id, why = _why_impossible(s, s.pending[-1], outcome)
        raise IllegalActionError(outcome, rule_id, f"{why}; possible: {outcomes}")
    new = s._clone()
    task = new.pending[-1]
    kind = TASKS[task[0]]
    assert isinstance(kind, Chance)
    new._set_pending(new.pending[:-1])
    # what the table sees: black cards and the die, not a white card drawn into a hand or a
    # loyalty card (RB p.7, p.10)
    shown = kind.shown.format(*task) if kind.shown else str(outcome)
    new._set_note((shown, "turn.chance"))
    kind.resolve(new, task, outcome)
    advance(new)
    new._set_hist((s.hist, outcome))
    return new


def _why_impossible(s: GameState, task: tuple[Any, ...], outcome: Outcome) -> tuple[str, str]:
    """Name the rule an impossible chance outcome breaks (for IllegalActionError): a card the
    pile does not hold (its box count, or a black card removed from the game with its quest,
    JA), a die face the d8 does not have, a deal the box cannot make."""
    kind = task[0]
    if kind == "bdraw" and isinstance(outcome, Draw):
        i = s.cfg.black_index.get(outcome.card)
        if i is not None and s.removed_b[i]:
            return "deck.finished-quest-cards", f"{outcome.card} was removed from the game"
    chance = TASKS[kind]
    assert isinstance(chance, Chance)
    return chance.rule, "not a possible outcome here"


def _holds(items: list[Any], item: object) -> bool:
    """``item in items``, the very object looked for first: a simulation hands back an object
    of the list, and comparing it with the ones before would call their ``__eq__``."""
    for x in items:
        if x is item:
            return True
    return item in items


# --- decisions ----------------------------------------------------------------------------------
def legal_actions(s: GameState) -> list[Action]:
    """A pending choice first, else the phase's actions. Rules: ``turn.pending``."""
    if s.pending:
        task = s.pending[-1]
        kind = TASKS[task[0]]
        assert isinstance(kind, Decision)
        return kind.actions(s, task)
    if s.phase == "evil":
        return _evil_actions(s)
    if s.phase == "heroic":
        return _heroic_phase_actions(s)
    raise AssertionError(f"no decision in phase {s.phase!r}")  # pragma: no cover


def apply(s: GameState, action: Action) -> GameState:
    """The state after a decision; an illegal one raises and changes nothing.

    Rules: ``turn.legal-actions``, ``turn.game-over``."""
    if s.outcome is not None:
        raise IllegalActionError(action, "turn.game-over", "the game is over")
    if is_chance_task(s):
        raise IllegalActionError(
            action, "turn.chance", "a chance event comes first (use apply_chance)"
        )
    legal = s._legal
    if legal is None:
        legal = s.legal_actions()
    if not _holds(legal, action):
        rule_id, why = _why_illegal(s, action)
        raise IllegalActionError(action, rule_id, why)
    new = s._clone()
    seat = decider(s)
    if new.pending:
        task = new.pending[-1]
        kind = TASKS[task[0]]
        assert isinstance(kind, Decision)
        new._set_pending(new.pending[:-1])
        # the note is public (observations show it): a secret choice is not named
        shown = f"makes a choice ({describe_task(task)})" if kind.secret else str(action)
        new._set_note((f"seat {seat}: {shown}", kind.rule))
        kind.resolve(new, task, action)
    elif new.phase == "evil":
        _apply_evil(new, action)
    else:
        _apply_heroic(new, action)
    advance(new)
    new._set_hist((s.hist, action))
    return new


def advance(s: GameState) -> None:
    """Run automatic steps until a chance event, a decision or the end of the game (on a state
    being built). Rules: ``turn.end-check``, ``turn.pending``."""
    while s.outcome is None:
        if check_end(s):
            return
        if not s.pending:
            if s.phase in ("evil", "heroic"):
                return
            raise AssertionError(f"nothing pending in phase {s.phase!r}")  # pragma: no cover
        task = s.pending[-1]
        kind = TASKS[task[0]]
        if isinstance(kind, Chance):
            if kind.possible is not None and not kind.possible(s, task):
                s._set_pending(s.pending[:-1])  # nothing left to draw: the draw does not happen
                continue
            return
        if isinstance(kind, Decision):
            answers = kind.actions(s, task)
            if not answers:
                s._set_pending(s.pending[:-1])  # nobody can answer: skip it
                continue
            s._set(_legal=answers)  # the state is final from here on: keep its answers
            return
        assert isinstance(kind, Automatic)
        s._set_pending(s.pending[:-1])
        kind.run(s, task)


# --- the Progression of Evil (RB p.10-12) -------------------------------------------------------
def _evil_actions(s: GameState) -> list[Action]:
    """The three evil choices, and Sir Percival's peek first (RB p.9-12; BoQ p.13).

    Rules: ``turn.evil-step``, ``knight.percival``.
    """
    out: list[Action] = [made(DrawBlack), made(AddEngine)]
    if not sacrifice_blocked(s):  # JA witches (2nd): no life given up while she stays
        out.append(made(LoseLife))
    seat = s.turn
    if s.knights[seat] == "percival" and "peeked" not in s.tflags and black_pile_size(s):
        out.append(made(PeekBlack))
    return out


def _apply_evil(s: GameState, action: Action) -> None:
    """Rules: ``turn.evil-step``, ``evil.black-card``, ``evil.engine``, ``evil.life``,
    ``knight.percival``, ``relic.armor``."""
    seat = s.turn
    if isinstance(action, PeekBlack):
        s._set(tflags=s.tflags | {"peeked"})
        if s.relics[2] == seat and "armor_done" not in s.tflags:
            # BoQ p.13: with the Armor, Percival draws 2, puts 1 at the bottom, then decides.
            s._set(tflags=s.tflags | {"armor_done"})
            s._set_pending((("keep2", seat, "peek"), ("reveal", 2)))
        else:
            s._set_pending((("reveal", 1),))
        note(s, "Percival looks at the top black card", "knight.percival")
        return
    s._set_pending((("after_evil",),))
    if isinstance(action, DrawBlack):
        push_black_draw(s, seat, armor="armor_done" not in s.tflags)
        note(s, f"seat {seat} draws a black card", "evil.black-card")
    elif isinstance(action, AddEngine):
        add_engines(s, 1)
        note(s, f"seat {seat} adds a siege engine", "evil.engine")
    elif isinstance(action, LoseLife):
        lose_life(s, seat, 1)
        note(s, f"seat {seat} loses a life point", "evil.life")


# --- Heroic actions (RB p.12-17) ----------------------------------------------------------------
def _heroic_phase_actions(s: GameState) -> list[Action]:
    """Rules: ``turn.heroic-action``, ``turn.sacrifice``, ``turn.no-repeat``,
    ``knight.tristan`` (his free departure after the action, RB p.17), ``traitor.unmasked``
    (a traitor who unmasked himself with Fate in his heroic action takes no more: "out of
    reach from all other Knights", his figure off the board, BoQ p.13 - no sacrifice for a
    second action, no move back onto the board; his turn ends)."""
    seat = s.turn
    if s.revealed[seat]:
        return [made(EndTurn)]
    out: list[Action] = []
    doomed = s.life[seat] == 0
    sacrificed = "sacrificed" in s.tflags
    # RB p.17: a sacrifice down to 0 life still buys its one final action
    second = sacrificed and s.done == 1
    options = heroic_actions(s, seat) if (s.done == 0 and not doomed) or second else []
    out += options
    if not doomed:
        out += _power_actions(s, seat)
        # RB p.17: a power before or after the heroic action - Tristan's free departure too
        if s.done >= 1 and not second and tristan_free_move(s, seat):
            out += [made(Move, q) for q in move_targets(s, seat)]
    open_for_second = s.done == 1 and not sacrificed and not doomed
    # a second, different action must exist (in the table's view, unseen cards may make one)
    if (
        open_for_second
        and not sacrifice_blocked(s)
        and (heroic_actions(s, seat) or _unseen_cards(s, seat))
    ):
        out.append(made(Sacrifice))
    if not options or (s.done >= 1 and not second):
        out.append(made(EndTurn))
    return out


def _unseen_cards(s: GameState, seat: int) -> bool:
    """Whether ``seat`` holds white cards the table has not seen (only in the table's view,
    :mod:`camelot_rules.engine.infoset`: they may be the cards an action needs)."""
    return s.cfg.table_view and s.hands[seat][-1] > 0


def heroic_actions(s: GameState, seat: int) -> list[Action]:
    """Every heroic action ``seat`` may take now, less the kinds already taken this turn."""
    used = s.tflags
    out: list[Action] = []
    where = s.location[seat]
    hand = s.hands[seat]
    # a. moving (RB p.12-13)
    if "cat:move" not in used:
        out += [made(Move, q) for q in move_targets(s, seat)]
    # b. the quest's own action (RB p.13-15); Camelot's two (option ``camelot_actions``)
    if where == "camelot" and s.cfg.option("camelot_actions") == "apart":
        if _CAMELOT_DRAW not in used or _CAMELOT_FIGHT not in used:
            out += [
                a
                for a in quests.quest_actions(s, seat)
                if (_CAMELOT_DRAW if isinstance(a, DrawWhite) else _CAMELOT_FIGHT) not in used
            ]
    elif "cat:quest:" + where not in used:
        out += quests.quest_actions(s, seat)
    # c. a special white card (RB p.16)
    if "special" not in used:
        out += _special_actions(s, seat, free=False)
    # d. healing (RB p.16)
    if "cat:heal" not in used and 0 < s.life[seat] < _MAX_LIFE:
        names = s.cfg.white_names  # (in the order of white_index)
        # (never three unseen cards: the table's view does not know them identical)
        out += [
            made(Heal, names[i])
            for i, c in enumerate(hand)
            if c >= _HEAL_CARDS and names[i] != UNSEEN
        ]
    # Merlin's Company: freeing a captured knight (JA travel rules, Captured!)
    if s.cfg.expansion:
        out += X.free_actions(s, seat)
    # e. an accusation (RB p.16)
    if "cat:accuse" not in used and not s.accused[seat] and _accusations_open(s):
        out += [
            made(Accuse, t)
            for t in range(s.cfg.players)
            if t != seat and not s.dead[t] and not s.revealed[t]
        ]
    return out


def _accusations_open(s: GameState) -> bool:
    """RB p.16: 6+ siege engines or 6+ swords. Rules: ``endgame.accusation``."""
    return s.engines >= _ACCUSE_ENGINES or s.wsw + s.bsw >= _ACCUSE_SWORDS


def _power_actions(s: GameState, seat: int) -> list[Action]:
    """Arthur's exchange and Galahad's free special white (BoQ p.13).

    Rules: ``knight.galahad``, ``knight.arthur``.
    """
    out: list[Action] = []
    knight = s.knights[seat]
    if knight == "arthur" and "arthur" not in s.tflags and any(s.hands[seat]):
        names = s.cfg.white_names
        for t in range(s.cfg.players):
            if t != seat and not s.dead[t] and not s.revealed[t]:
                out += [made(ArthurGive, t, names[i]) for i, c in enumerate(s.hands[seat]) if c]
    if knight == "galahad" and "special" not in s.tflags:
        out += _special_actions(s, seat, free=True)
    if knight == "caradoc":
        out += X.caradoc_actions(s, seat)
    return out


def _apply_heroic(s: GameState, action: Action) -> None:
    seat = s.turn
    if isinstance(action, EndTurn):
        s._set_pending((("end_turn",),))
        note(s, f"seat {seat} ends the turn", "turn.end-check")
        return
    if isinstance(action, Sacrifice):
        lose_life(s, seat, 1)
        s._set(tflags=s.tflags | {"sacrificed"})
        note(s, f"seat {seat} sacrifices a life point for a second action", "turn.sacrifice")
        return
    if isinstance(action, ArthurGive):
        arthur_give(s, seat, action)
        return
    if isinstance(action, CaradocDraw):
        X.do_caradoc(s, seat)
        return
    if isinstance(action, PlaySpecial) and action.free:
        s._set(tflags=s.tflags | {"special", "galahad"})
        _play_special(s, seat, action)
        return
    category = _category(s, seat, action)
    if category == "cat:move" and tristan_free_move(s, seat):
        s._set(tflags=s.tflags | {"cat:move", "tristan"})
        _go(s, seat, action.quest)  # type: ignore[attr-defined]
        note(s, f"Tristan leaves the Round Table for free: {action}", "knight.tristan")
        return
    s._set(tflags=s.tflags | {category}, done=s.done + 1)
    _HEROIC[type(action)](s, seat, action)


def _category(s: GameState, seat: int, action: Action) -> str:
    """The kind of heroic action, for the rule that none is taken twice in a turn (RB
    pp.16-17). Camelot's two actions, drawing at the Round Table and fighting at the siege,
    count apart by default: RB p.13 gives Camelot "a specific Heroic Action attached to each
    of its two sections"; ``camelot_actions="one"`` reads them as one quest's action (RB p.13
    also lists them as Camelot's, "Draw 2 White cards; Or Fight a Siege Engine").
    Rules: ``turn.no-repeat``."""
    if isinstance(action, (DrawWhite, FightEngine)) and (
        s.cfg.option("camelot_actions") == "apart"
    ):
        return _CAMELOT_DRAW if isinstance(action, DrawWhite) else _CAMELOT_FIGHT
    if isinstance(action, Move):
        return "cat:move"
    if isinstance(action, PlaySpecial):
        return "special"
    if isinstance(action, Heal):
        return "cat:heal"
    if isinstance(action, Accuse):
        return "cat:accuse"
    if isinstance(action, Free):
        return "cat:free"
    return "cat:quest:" + s.location[seat]


def _do_move(s: GameState, seat: int, action: Any) -> None:
    """Rules: ``quest.move``, ``quest.solo``."""
    note(s, f"seat {seat} moves to {action.quest}", "quest.move")
    _go(s, seat, action.quest)


def _go(s: GameState, seat: int, quest: str) -> None:
    """A move by a heroic action or a knight's power: with Merlin's Company a travel card is
    drawn first (JA travel rules). A move back to Camelot draws one too by default (JA: the
    added rule applies to every move made by a heroic action or a power, only a quest's end or
    a card's effect being exempt); ``travel_to_camelot="safe"`` reads JA's "moves to a new
    quest" as leaving Camelot out. Rules: ``quest.move``, ``travel.draw-on-move``,
    ``travel.to-camelot``."""
    if s.cfg.expansion and (quest != "camelot" or s.cfg.option("travel_to_camelot") == "draw"):
        X.travel_move(s, seat, quest)
    else:
        move(s, seat, quest)


def _do_heal(s: GameState, seat: int, action: Any) -> None:
    """RB p.16. Rules: ``heroic.heal``."""
    discard_white(s, seat, action.card, _HEAL_CARDS)
    gain_life(s, seat, 1)
    note(s, f"seat {seat} heals with three {action.card}", "heroic.heal")


def _do_special(s: GameState, seat: int, action: Any) -> None:
    s._set(tflags=s.tflags | {"special"})
    _play_special(s, seat, action)


def _special_actions(s: GameState, seat: int, *, free: bool) -> list[Action]:
    """The special white cards ``seat`` may play: the base game's, then Merlin's Company's."""
    out = specials.special_actions(s, seat, free=free)
    if s.cfg.expansion:
        out += X.special_actions_mc(s, seat, free)
    return out


def _play_special(s: GameState, seat: int, action: PlaySpecial) -> None:
    """A special white card is discarded and applied: a base card by the base game's rules, a
    card of Merlin's Company by the expansion's (JA special white cards)."""
    specials.play_special(s, seat, action)
    if action.card not in specials.BASE_SPECIALS:
        X.play_special_mc(s, seat, action.card, action.choice)


_HEROIC: Final[dict[type, Callable[[GameState, int, Any], None]]] = {
    Move: _do_move,
    DrawWhite: quests.do_draw_white,
    FightEngine: quests.do_fight_engine,
    PlayFight: quests.do_play_fight,
    PlayGrail: quests.do_play_grail,
    DiscardForExcalibur: quests.do_excalibur_discard,
    PlaySpecial: _do_special,
    Heal: _do_heal,
    Accuse: do_accuse,
    Free: X.do_free,
}


# --- why an action is illegal -------------------------------------------------------------------
def _why_illegal(s: GameState, action: Action) -> tuple[str, str]:
    """Name the rule that forbids ``action`` here (for IllegalActionError)."""
    seat = decider(s)
    if s.pending:
        return "turn.pending", f"seat {seat} must answer first: {describe_task(s.pending[-1])}"
    evil = (DrawBlack, AddEngine, LoseLife, PeekBlack)
    if s.phase == "evil" and not isinstance(action, evil):
        return "turn.evil-step", "the Progression of Evil comes first in a turn"
    if s.phase == "heroic" and isinstance(action, evil):
        return "turn.evil-step", "only one evil step per turn, at its start"
    if isinstance(action, PeekBlack):
        return "knight.percival", "only Sir Percival peeks, once, before his evil step"
    if isinstance(action, LoseLife) and sacrifice_blocked(s):
        return "siege.second-action", "no life is given up while the Second Witch stays"
    if s.phase != "heroic":
        return "turn.legal-actions", "not a choice here"
    if s.life[seat] == 0 and not ("sacrificed" in s.tflags and s.done == 1):
        return "death.zero-life", "a knight at 0 life can take no more actions this turn"
    if isinstance(action, Sacrifice):
        if sacrifice_blocked(s):
            return "siege.second-action", "no life is sacrificed while the Second Witch stays"
        return "turn.sacrifice", "one sacrifice per turn, after the first heroic action"
    if isinstance(action, EndTurn):
        return "turn.heroic-action", "a heroic action must be taken first"
    if s.done >= 1 and "sacrificed" not in s.tflags and not isinstance(action, ArthurGive):
        return "turn.sacrifice", "a second heroic action needs a life point sacrificed first"
    category = _category(s, seat, action)
    if category == "cat:move" and "tristan" in s.tflags:
        return "knight.tristan", "after Tristan's free departure his heroic action is no move"
    if category in s.tflags or (category == "special" and "special" in s.tflags):
        return "turn.no-repeat", "the same heroic action cannot be taken twice in a turn"
    if isinstance(action, Move):
        if action.quest in ("black_knight", "lancelot") and any(
            loc == action.quest for loc in s.location
        ):
            return "quest.solo", f"{action.quest} is a solo quest and already occupied"
        return "quest.move", f"{action.quest} is not a quest seat {seat} can move to now"
    if isinstance(action, DrawWhite):
        if s.location[seat] != "camelot":
            return "camelot.draw-white", "white cards are drawn at the Round Table only"
        return "camelot.draw-white", f"no drawing with {_HAND_LIMIT} or more white cards in hand"
    if isinstance(action, FightEngine):
        if not action.values and not s.cfg.option("siege_without_fight"):
            return "siege.fight-without-cards", "a siege fight needs at least one Fight card"
        return "siege.fight", "a siege fight needs the knight in Camelot, engines and those cards"
    if isinstance(action, PlayFight) and action.quest in ("picts", "saxons"):
        return "quest.wars", "a war takes Fight 1 to 5 in order, the knight on it"
    if isinstance(action, PlayFight):
        return (
            "quest.fight-cards",
            "the card must be in hand, the knight on that quest, and fit the quest's pattern",
        )
    if isinstance(action, PlayGrail):
        if s.dark_forest and s.location[seat] == "grail":
            return "black.dark-forest", "no Grail card while the Dark Forest lies on the Grail"
        return "quest.grail", "a Grail card needs the knight on the Grail and the card in hand"
    if isinstance(action, Accuse):
        if s.accused[seat]:
            return "endgame.accusation", "each knight may accuse only once per game"
        return "endgame.accusation", "accusations need 6+ swords or 6+ siege engines"
    if isinstance(action, PlaySpecial):
        if action.card == "merlin" and s.vivien:
            return "black.vivien", "Vivien stops every Merlin card until a quest is won"
        return "white.special", "that special white card or choice is not playable now"
    if isinstance(action, Heal):
        return "heroic.heal", "healing needs three identical cards and less than 6 life"
    return "turn.legal-actions", "not among the legal actions here"
