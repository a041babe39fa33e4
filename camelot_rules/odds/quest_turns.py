"""A turn's choice, "where should I go?": one step of each quest race side by side for a
position of the engine (see :mod:`camelot_rules.odds.quests`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck
from camelot_rules.engine import actions as _A
from camelot_rules.engine.state import GameState
from camelot_rules.odds.quest_combat import combat_win_probability
from camelot_rules.odds.quest_common import COMBAT_PREFIX, COMBAT_QUESTS, FIGHT_VALUES, HIDDEN
from camelot_rules.odds.quest_races import (
    ANY_RACE,
    MORGAN_3_DRAWS,
    RACE_CARDS,
    play_race,
    read_quest,
)


# --- a turn's choice: "where should I go?" -----------------------------------------------------
@dataclass(frozen=True)
class TurnChoice:
    """One heroic action, the quest it concerns, and two exact chances side by side.

    ``p_win_now``: the quest is won by this action, this turn. ``p_lost_soon``: the quest is
    lost before my next turn (now, or in the other knights' evil steps). ``action`` is the
    engine's text of ``move``, the engine's action (for discarding a card for Excalibur, the
    first of the cards that may go: they all read "discard a card for Excalibur").
    """

    action: str
    quest: str
    p_win_now: Fraction
    p_lost_soon: Fraction
    move: _A.Action | None = None


def _action_quest(a: object, where: str) -> str | None:
    if isinstance(a, _A.Move):
        return a.quest if a.quest != "camelot" else None
    if isinstance(a, _A.PlayGrail):
        return "grail"
    if isinstance(a, _A.DiscardForExcalibur):
        return "excalibur"
    if isinstance(a, _A.PlayFight):
        return a.quest
    return None


def _black_pile(s: GameState) -> Deck:
    names = s.cfg.black_names
    counts = {n: c for n, c in zip(names, s.bpile) if c}
    for card in (*s.btop, *s.bbottom):
        counts[card] = counts.get(card, 0) + 1
    return Deck(counts)


def _others_evil_steps(s: GameState, seat: int) -> int:
    """The black cards drawn before ``seat``'s next turn: one per other knight still playing
    (RB p.9-10; a captured knight's turn is skipped, JA travel rules)."""
    return sum(1 for x in range(s.cfg.players) if x != seat and not s.dead[x] and not s.captured[x])


def _combat_choice(
    s: GameState, seat: int, quest: str, add: int | None
) -> tuple[Fraction, Fraction]:
    """(win now, lost before my next turn) on a combat quest, from what the table sees."""
    data = rulebook.quest_data(quest)
    whites, blacks = (s.bk_w, s.bk_b) if quest == "black_knight" else (s.ld_w, s.ld_b)
    whites_after = (*whites, *(() if add is None else (add,)))
    laid = tuple(HIDDEN if down else card for card, down in blacks)
    prefix = COMBAT_PREFIX[quest]
    pile = _black_pile(s)
    unseen = {n: c for n, c in pile.items() if n.startswith(prefix)}
    for card, down in blacks:  # a face-down card is one of the quest's unseen combat cards
        if down:
            unseen[card] = unseen.get(card, 0) + 1
    holder = s.relics[0]
    exc = (
        holder >= 0
        and not s.dead[holder]
        and (s.location[holder] == quest or (holder == seat and add is None))
    )
    kay = [x for x in range(s.cfg.players) if s.knights[x] == "kay" and not s.dead[x]]
    reserve: tuple[int, ...] = ()
    if kay and (s.location[kay[0]] == quest or (kay[0] == seat and add is None)):
        reserve = tuple(
            v for v in FIGHT_VALUES for _ in range(s.hands[kay[0]][s.cfg.white_index[f"fight_{v}"]])
        )
        if kay[0] == seat and add is not None:
            reserve = tuple(sorted(reserve))
            left = list(reserve)
            left.remove(add)
            reserve = tuple(left)
    if len(whites_after) >= data.white_spots:
        win = combat_win_probability(
            quest,
            whites_after,
            laid,
            deck=unseen,
            excalibur=exc,
            kay_reserve=reserve,
            black_to_come=0,
        )
        return win, 1 - win
    need = data.black_spots - len(blacks)
    m = _others_evil_steps(s, seat)
    k = sum(c for n, c in pile.items() if n.startswith(prefix))
    fill = _fill_probability(k, pile.count("morgan_3"), pile.size, m, need)
    if not fill:
        return Fraction(0), Fraction(0)
    win = combat_win_probability(
        quest,
        whites_after,
        laid,
        deck=unseen,
        excalibur=exc,
        kay_reserve=reserve,
        black_to_come=need,
    )
    return Fraction(0), fill * (1 - win)


def _fill_probability(combat: int, morgan_3: int, size: int, steps: int, need: int) -> Fraction:
    """P(at least ``need`` of the ``combat`` cards come in ``steps`` evil steps, one black card
    each, Morgan 3 adding three more, BoQ p.16), drawn without replacement from ``size`` cards.

    >>> _fill_probability(1, 0, 4, 2, 1)  # one card of four, in two draws
    Fraction(1, 2)
    """
    most = steps + MORGAN_3_DRAWS * morgan_3
    if most > size:
        raise ValueError(
            f"up to {most} black cards may be drawn before your next turn, but the pile holds "
            f"{size} (reshuffles are not modelled)"
        )
    # (combat cards left, Morgan 3 left, cards left, draws left in this step, steps left, got)
    dist: dict[tuple[int, int, int, int, int, int], Fraction] = {
        (combat, morgan_3, size, 1 if steps else 0, steps - 1 if steps else 0, 0): Fraction(1)
    }
    done = Fraction(0)
    while dist:
        nxt: dict[tuple[int, int, int, int, int, int], Fraction] = {}
        for (c, m3, n, draws, left, got), p in dist.items():
            if got >= need:
                done += p
                continue
            if not draws:
                if left:
                    key = (c, m3, n, 1, left - 1, got)
                    nxt[key] = nxt.get(key, Fraction(0)) + p
                continue
            for kind, copies in (("combat", c), ("morgan_3", m3), ("other", n - c - m3)):
                if not copies:
                    continue
                q = p * Fraction(copies, n)
                if kind == "combat":
                    key = (c - 1, m3, n - 1, draws - 1, left, got + 1)
                elif kind == "morgan_3":
                    key = (c, m3 - 1, n - 1, draws - 1 + MORGAN_3_DRAWS, left, got)
                else:
                    key = (c, m3, n - 1, draws - 1, left, got)
                nxt[key] = nxt.get(key, Fraction(0)) + q
        dist = nxt
    return done


def turn_choices(state: GameState) -> tuple[TurnChoice, ...]:
    """Return, for each heroic action on a quest open to the player whose turn it is, the
    exact chance that it wins its quest this turn and the chance that the quest is lost before
    his next turn, side by side (moves: the quest as it stands).

    Rules: ``turn.order``, ``quest.move``, ``quest.grail``, ``quest.excalibur``,
    ``quest.wars``, ``quest.combat-end``, ``evil.black-card``.

    One step, exactly, from what the table sees: the action is played by the rules engine;
    then each other knight still playing draws one black card in his evil step before my next
    turn (RB p.9-10). The Grail, Excalibur and the wars: those draws are played by the engine
    (:func:`grail_race` with no one laying; Morgan 3 and Guinevere included). Combat quests:
    the quest ends when its white spots are full (then the face-down cards are revealed:
    :func:`combat_win_probability`), or when enough of its combat cards come in those draws
    (Morgan 3's three extra cards included), the unseen cards a uniformly random draw from the
    quest's cards not seen. A known top card (a peek) is not used; neither are Guinevere's
    moves (who stands on the quest when it ends) nor the Merlin cards.

    >>> from camelot_rules.engine import position
    >>> s = position(3, location={0: "grail"}, hands={0: {"grail": 1}}, phase="heroic",
    ...              quests={"grail": {"grails": 6}})
    >>> [(c.action, c.p_win_now) for c in turn_choices(s) if c.quest == "grail"]
    [('play a Grail card', Fraction(1, 1))]
    """
    if not isinstance(state, GameState):
        raise ValueError(f"state={state!r}: expected a position of the rules engine")
    if state.is_terminal() or state.is_chance() or state.phase != "heroic":
        raise ValueError(
            "state: expected a position where a knight chooses his heroic action (phase "
            f"'heroic', no chance step pending), got phase {state.phase!r}"
        )
    seat = state.current_player
    assert seat is not None  # a decision state
    seen: set[str] = set()
    out = []
    for a in state.legal_actions():
        quest = _action_quest(a, state.location[seat])
        if quest is None:
            continue
        label = (
            "discard a card for Excalibur"
            if quest == "excalibur" and not isinstance(a, _A.Move)
            else str(a)
        )
        if label in seen:
            continue
        seen.add(label)
        if quest in COMBAT_QUESTS:
            add = a.value if isinstance(a, _A.PlayFight) else None
            win, lost = _combat_choice(state, seat, quest, add)
        else:
            after = state.apply(a) if not isinstance(a, _A.Move) else state
            ends = [
                e for e in after.events[len(state.events) :] if e[0] == "quest" and e[1] == quest
            ]
            if ends:
                win, lost = (Fraction(1), Fraction(0)) if ends[0][2] else (Fraction(0), Fraction(1))
            else:
                q = read_quest(quest, after)
                assert not isinstance(q, str)
                pile = _black_pile(after)
                kinds = (*RACE_CARDS[quest], *ANY_RACE)
                counts = tuple(pile.count(k) for k in kinds)
                m = _others_evil_steps(state, seat)
                curve = play_race(
                    quest, q, (), (), max(m, 1), (counts, pile.size - sum(counts)), m, True
                )
                win, lost = Fraction(0), curve.p_lose
        out.append(TurnChoice(label, quest, win, lost, a))
    return tuple(out)
