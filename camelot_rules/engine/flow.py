"""The turn: what may be decided now, and what each decision or chance outcome does.

A state is in one of three kinds of moment: a chance event (a card drawn, the siege die), a
decision (the top of the ``pending`` stack names who decides what, else the turn's phase does),
or the end of the game. After every decision and outcome the engine runs the automatic steps
(``_run``) until the next chance or decision. Each handler cites the registry rule ids it
applies (``camelot_rules.data.registry``); the numbers come from :mod:`camelot_rules.data.rulebook`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from camelot_rules.data import rulebook
from camelot_rules.engine import effects as E
from camelot_rules.engine import expansion as X
from camelot_rules.engine.actions import (
    Accuse,
    Action,
    AddEngine,
    ArthurGive,
    CaradocDraw,
    Deal,
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
    Roll,
    Sacrifice,
    Steal,
    made,
)
from camelot_rules.engine.state import UNSEEN, GameState, IllegalActionError

__all__ = [
    "apply",
    "apply_chance",
    "chance_weights",
    "decider",
    "is_chance_task",
    "legal_actions",
    "run_automatic",
]

CHANCE_TASKS: Final = frozenset(
    {
        "deal_knight",
        "deal_loyalty",
        "wdraw",
        "bdraw",
        "reveal",
        "roll",
        "steal",
        "pool_deal",
        "tdraw",
    }
)
_HAND_LIMIT: Final = rulebook.threshold("white_hand_limit_to_draw")
_ACCUSE_SWORDS: Final = rulebook.threshold("accusation_min_swords")
_ACCUSE_ENGINES: Final = rulebook.threshold("accusation_min_engines")
_MAX_LIFE: Final = rulebook.threshold("max_life")
_HEAL_CARDS: Final = rulebook.threshold("heal_identical_cards")


def is_chance_task(s: GameState) -> bool:
    return bool(s.pending) and s.pending[-1][0] in CHANCE_TASKS


def decider(s: GameState) -> int:
    """The seat deciding now: the pending task's, else the player whose turn it is."""
    if s.pending:
        seat = E.task_seat(s, s.pending[-1])
        if seat is not None:
            return seat
    return s.turn


# --- chance -------------------------------------------------------------------------------------
_DRAWS: Final[dict[tuple[str, tuple[str, ...]], tuple[Draw, ...]]] = {}


def _draws(pile: str, names: tuple[str, ...]) -> tuple[Draw, ...]:
    """The Draw outcomes of a pile, made once (outcomes are immutable values)."""
    key = (pile, names)
    if key not in _DRAWS:
        _DRAWS[key] = tuple(made(Draw, pile, name) for name in names)
    return _DRAWS[key]


def _nonzero(
    outcomes: tuple[Draw, ...], counts: tuple[int, ...]
) -> tuple[list[Outcome], list[int]]:
    out: list[Outcome] = [outcome for outcome, c in zip(outcomes, counts) if c]
    return out, [c for c in counts if c]


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
    answer = _chance_weights(s)
    _last_weights[0], _last_weights[1] = s, answer
    return answer


def _chance_weights(s: GameState) -> tuple[list[Outcome], list[int]]:
    if not is_chance_task(s):
        raise ValueError("chance_outcomes() of a state that is not a chance state")
    task = s.pending[-1]
    kind = task[0]
    if kind == "deal_knight":
        left = s.deal_pool[0]
        return [made(Deal, task[1], k) for k in left], [1] * len(left)
    if kind == "deal_loyalty":
        _, loyal, traitors = s.deal_pool
        pairs = [
            (made(Deal, task[1], "loyal"), loyal),
            (made(Deal, task[1], "traitor"), traitors),
        ]
        pairs = [p for p in pairs if p[1]]
        return [p[0] for p in pairs], [p[1] for p in pairs]
    if kind == "wdraw":
        draws = _draws("white", s.cfg.white_names)
        return _nonzero(draws, s.wpile)
    if kind in ("bdraw", "reveal"):
        if kind == "bdraw" and s.btop:
            return [made(Draw, "black", s.btop[0])], [1]
        if any(s.bpile):
            return _nonzero(_draws("black", s.cfg.black_names), s.bpile)
        return [made(Draw, "black", s.bbottom[0])], [1]
    if kind == "tdraw":
        return X.travel_weights(s)
    if kind == "roll":
        faces = rulebook.SIEGE_DIE_FACES
        return [made(Roll, f) for f in range(1, faces + 1)], [1] * faces
    if kind == "steal":
        names = s.cfg.white_names
        hand = s.hands[task[2]]
        pairs4 = [(made(Steal, names[i]), c) for i, c in enumerate(hand) if c]
        return [p[0] for p in pairs4], [p[1] for p in pairs4]
    if kind == "pool_deal":
        names = s.cfg.white_names
        pairs5 = [(made(Draw, "shared", names[i]), c) for i, c in enumerate(s.pool) if c]
        return [p[0] for p in pairs5], [p[1] for p in pairs5]
    raise AssertionError(kind)  # pragma: no cover


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
    new._set_pending(new.pending[:-1])
    new._set_note((_public_outcome(task, outcome), "turn.chance"))
    if task[0] == "tdraw":
        X.resolve_travel(new, task, outcome)
    else:
        E.resolve_chance(new, task, outcome)
    _run(new)
    new._set_hist((s.hist, outcome))
    return new


# the rule a chance outcome breaks when it cannot come, by the kind of chance event
_CHANCE_RULES: Final = {
    "deal_knight": "setup.deal",
    "deal_loyalty": "setup.loyalty",
    "wdraw": "deck.counts",
    "bdraw": "deck.counts",
    "reveal": "deck.counts",
    "tdraw": "travel.counts",
    "roll": "siege.fight",
    "steal": "traitor.unmasked-turn",
    "pool_deal": "setup.opening-share",
}


def _why_impossible(s: GameState, task: tuple[Any, ...], outcome: Outcome) -> tuple[str, str]:
    """Name the rule an impossible chance outcome breaks (for IllegalActionError): a card the
    pile does not hold (its box count, or a black card removed from the game with its quest,
    JA), a die face the d8 does not have, a deal the box cannot make."""
    kind = task[0]
    if kind == "bdraw" and isinstance(outcome, Draw):
        i = s.cfg.black_index.get(outcome.card)
        if i is not None and s.removed_b[i]:
            return "deck.finished-quest-cards", f"{outcome.card} was removed from the game"
    return _CHANCE_RULES.get(kind, "turn.chance"), "not a possible outcome here"


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
        return E.task_actions(s, s.pending[-1])
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
        new._set_pending(new.pending[:-1])
        # the note is public (observations show it): a secret choice is not named
        shown = f"makes a choice ({E.describe_task(task)})" if task[0] in _SECRET else str(action)
        new._set_note((f"seat {seat}: {shown}", _TASK_RULES.get(task[0], "turn.pending")))
        E.resolve_decision(new, task, action)
    elif new.phase == "evil":
        _apply_evil(new, action)
    else:
        _apply_heroic(new, action)
    _run(new)
    new._set_hist((s.hist, action))
    return new


_SECRET: Final = frozenset({"discard", "arthur_return", "messenger", "clair", "keep2"})


def _public_outcome(task: tuple[Any, ...], outcome: Outcome) -> str:
    """What the table sees of a chance outcome: black cards and the die, not a white card
    drawn into a hand or a loyalty card (RB p.7, p.10)."""
    kind = task[0]
    if kind == "wdraw":
        return f"seat {task[1]} draws a white card"
    if kind == "deal_loyalty":
        return f"seat {task[1]} receives a loyalty card"
    if kind == "steal":
        return f"a random white card of seat {task[2]} is discarded"
    if kind == "pool_deal":
        return f"a shared card is dealt to seat {task[1]}"
    if kind == "reveal":
        return "a black card is looked at"
    return str(outcome)


_TASK_RULES: Final = {
    "offer": "setup.opening-share",
    "take": "setup.opening-share",
    "merlin": "black.merlin-cancel",
    "excal": "relic.excalibur",
    "face": "black.face-down",
    "war": "black.mercenaries",
    "volunteer": "black.morgan",
    "discard": "black.morgan",
    "kay_combat": "knight.kay",
    "kay_siege": "knight.kay",
    "drink": "relic.grail",
    "keep2": "relic.armor",
    "arthur_return": "knight.arthur",
    "clair": "white.clairvoyance",
    "join": "white.convocation",
    "messenger": "white.messenger",
    "steal_target": "traitor.unmasked-turn",
    "traitor_evil": "traitor.unmasked-turn",
}


def run_automatic(s: GameState) -> None:
    """Run a state being built (never a returned one) on to its next chance event, decision or
    end: the automatic steps every ``apply`` runs (for the table's view,
    :mod:`camelot_rules.engine.infoset`)."""
    _run(s)


def _run(s: GameState) -> None:
    """Run automatic steps until a chance event, a decision or the end of the game."""
    while s.outcome is None:
        if E.check_end(s):
            return
        if not s.pending:
            if s.phase in ("evil", "heroic"):
                return
            raise AssertionError(f"nothing pending in phase {s.phase!r}")  # pragma: no cover
        task = s.pending[-1]
        if task[0] in CHANCE_TASKS and not E.chance_possible(s, task):
            s._set_pending(s.pending[:-1])  # nothing left to draw: the draw does not happen
            continue
        if task[0] in CHANCE_TASKS:
            return
        if E.is_decision_task(task[0]):
            answers = E.task_actions(s, task)
            if not answers:
                s._set_pending(s.pending[:-1])  # nobody can answer: skip it
                continue
            s._set(_legal=answers)  # the state is final from here on: keep its answers
            return
        s._set_pending(s.pending[:-1])
        E.run_task(s, task)


# --- the Progression of Evil (RB p.10-12) -------------------------------------------------------
def _evil_actions(s: GameState) -> list[Action]:
    """The three evil choices, and Sir Percival's peek first (RB p.9-12; BoQ p.13).

    Rules: ``turn.evil-step``, ``knight.percival``.
    """
    out: list[Action] = [made(DrawBlack), made(AddEngine)]
    if not E.sacrifice_blocked(s):  # JA witches (2nd): no life given up while she stays
        out.append(made(LoseLife))
    seat = s.turn
    if s.knights[seat] == "percival" and "peeked" not in s.tflags and E.black_pile_size(s):
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
        E.note(s, "Percival looks at the top black card", "knight.percival")
        return
    s._set_pending((("after_evil",),))
    if isinstance(action, DrawBlack):
        E.push_black_draw(s, seat, armor="armor_done" not in s.tflags)
        E.note(s, f"seat {seat} draws a black card", "evil.black-card")
    elif isinstance(action, AddEngine):
        E.add_engines(s, 1)
        E.note(s, f"seat {seat} adds a siege engine", "evil.engine")
    elif isinstance(action, LoseLife):
        E.lose_life(s, seat, 1)
        E.note(s, f"seat {seat} loses a life point", "evil.life")


# --- Heroic actions (RB p.12-17) ----------------------------------------------------------------
def _heroic_phase_actions(s: GameState) -> list[Action]:
    """Rules: ``turn.heroic-action``, ``turn.sacrifice``, ``turn.no-repeat``."""
    seat = s.turn
    out: list[Action] = []
    doomed = s.life[seat] == 0
    sacrificed = "sacrificed" in s.tflags
    # RB p.17: a sacrifice down to 0 life still buys its one final action
    second = sacrificed and s.done == 1
    options = heroic_actions(s, seat) if (s.done == 0 and not doomed) or second else []
    out += options
    if not doomed:
        out += _power_actions(s, seat)
    open_for_second = s.done == 1 and not sacrificed and not doomed
    # a second, different action must exist (in the table's view, unseen cards may make one)
    if (
        open_for_second
        and not E.sacrifice_blocked(s)
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
        out += [made(Move, q) for q in E.move_targets(s, seat)]
    # b. the quest's own action (RB p.13-15)
    cat = "cat:quest:" + where
    if cat not in used:
        out += E.quest_actions(s, seat)
    # c. a special white card (RB p.16)
    if "special" not in used:
        out += E.special_actions(s, seat, free=False)
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
        out += E.special_actions(s, seat, free=True)
    if knight == "caradoc":
        out += X.caradoc_actions(s, seat)
    return out


def _apply_heroic(s: GameState, action: Action) -> None:
    seat = s.turn
    if isinstance(action, EndTurn):
        s._set_pending((("end_turn",),))
        E.note(s, f"seat {seat} ends the turn", "turn.end-check")
        return
    if isinstance(action, Sacrifice):
        E.lose_life(s, seat, 1)
        s._set(tflags=s.tflags | {"sacrificed"})
        E.note(s, f"seat {seat} sacrifices a life point for a second action", "turn.sacrifice")
        return
    if isinstance(action, ArthurGive):
        E.arthur_give(s, seat, action)
        return
    if isinstance(action, CaradocDraw):
        X.do_caradoc(s, seat)
        return
    if isinstance(action, PlaySpecial) and action.free:
        s._set(tflags=s.tflags | {"special", "galahad"})
        E.play_special(s, seat, action)
        return
    category = _category(s, seat, action)
    if category == "cat:move" and E.tristan_free_move(s, seat):
        s._set(tflags=s.tflags | {"cat:move", "tristan"})
        _go(s, seat, action.quest)  # type: ignore[attr-defined]
        E.note(s, f"Tristan leaves the Round Table for free: {action}", "knight.tristan")
        return
    s._set(tflags=s.tflags | {category}, done=s.done + 1)
    _HEROIC[type(action)](s, seat, action)


def _category(s: GameState, seat: int, action: Action) -> str:
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
    E.note(s, f"seat {seat} moves to {action.quest}", "quest.move")
    _go(s, seat, action.quest)


def _go(s: GameState, seat: int, quest: str) -> None:
    """A move by a heroic action or a knight's power: with Merlin's Company a travel card is
    drawn first (JA travel rules). Rules: ``quest.move``, ``travel.draw-on-move``."""
    if s.cfg.expansion:
        X.travel_move(s, seat, quest)
    else:
        E.move(s, seat, quest)


def _do_heal(s: GameState, seat: int, action: Any) -> None:
    """RB p.16. Rules: ``heroic.heal``."""
    E.discard_white(s, seat, action.card, _HEAL_CARDS)
    E.gain_life(s, seat, 1)
    E.note(s, f"seat {seat} heals with three {action.card}", "heroic.heal")


def _do_special(s: GameState, seat: int, action: Any) -> None:
    s._set(tflags=s.tflags | {"special"})
    E.play_special(s, seat, action)


_HEROIC: Final[dict[type, Callable[[GameState, int, Any], None]]] = {
    Move: _do_move,
    DrawWhite: E.do_draw_white,
    FightEngine: E.do_fight_engine,
    PlayFight: E.do_play_fight,
    PlayGrail: E.do_play_grail,
    DiscardForExcalibur: E.do_excalibur_discard,
    PlaySpecial: _do_special,
    Heal: _do_heal,
    Accuse: E.do_accuse,
    Free: X.do_free,
}


# --- why an action is illegal -------------------------------------------------------------------
def _why_illegal(s: GameState, action: Action) -> tuple[str, str]:
    """Name the rule that forbids ``action`` here (for IllegalActionError)."""
    seat = decider(s)
    if s.pending:
        return "turn.pending", f"seat {seat} must answer first: {E.describe_task(s.pending[-1])}"
    evil = (DrawBlack, AddEngine, LoseLife, PeekBlack)
    if s.phase == "evil" and not isinstance(action, evil):
        return "turn.evil-step", "the Progression of Evil comes first in a turn"
    if s.phase == "heroic" and isinstance(action, evil):
        return "turn.evil-step", "only one evil step per turn, at its start"
    if isinstance(action, PeekBlack):
        return "knight.percival", "only Sir Percival peeks, once, before his evil step"
    if isinstance(action, LoseLife) and E.sacrifice_blocked(s):
        return "siege.second-action", "no life is given up while the Second Witch stays"
    if s.phase != "heroic":
        return "turn.legal-actions", "not a choice here"
    if s.life[seat] == 0 and not ("sacrificed" in s.tflags and s.done == 1):
        return "death.zero-life", "a knight at 0 life can take no more actions this turn"
    if isinstance(action, Sacrifice):
        if E.sacrifice_blocked(s):
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
