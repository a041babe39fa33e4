"""Policies: who chooses what, from what a player may see.

A policy is any object with ``choose(observation, actions, rng) -> action``: ``observation`` is
``state.observation(seat)`` for the seat that must decide (its own hand and loyalty card, the
public board - never another hand), ``actions`` the legal actions, ``rng`` a seeded
``random.Random``. Write your own the same way and pass it to :func:`simulate_games`.

The two heuristics below are plain and explained choice by choice; they are not strong play.
Their parameters are fields, so a sweep can vary them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from camelot_rules.engine import actions as A

__all__ = ["LoyalHeuristic", "Policy", "RandomPolicy", "TraitorHeuristic", "card_worth"]


class Policy(Protocol):
    """Observation in, action out."""

    def choose(
        self, observation: dict[str, Any], actions: Sequence[A.Action], rng: random.Random
    ) -> A.Action: ...


@dataclass(frozen=True)
class RandomPolicy:
    """Any legal action, uniformly."""

    def choose(
        self, observation: dict[str, Any], actions: Sequence[A.Action], rng: random.Random
    ) -> A.Action:
        return actions[rng.randrange(len(actions))]


def card_worth(card: str, observation: dict[str, Any]) -> int:
    """How much a white card is worth keeping (higher = keep): specials and Merlin most, then
    Fight cards by value, Grail cards while the Grail quest is open."""
    if card.startswith("fight_") and card[6:].isdigit():
        return int(card[6:])
    if card == "grail":
        return 1 if observation["quests"]["grail"]["over"] else 4
    if card == "merlin":
        return 7
    return 6  # the special white cards


_T = TypeVar("_T", bound=A.Action)


def _of(actions: Sequence[A.Action], kind: type[_T]) -> list[_T]:
    return [a for a in actions if isinstance(a, kind)]


@dataclass(frozen=True)
class LoyalHeuristic:
    """A loyal knight's plain plan.

    Evil step (the lesser harm): add a siege engine while fewer than ``engine_below`` stand,
    lose a life while above ``life_above``, else draw a black card.
    Heroic action, first that applies: the quest's own action where the knight stands (the
    best card for it); fight a siege engine once ``fight_engines_at`` stand, with the smallest
    set of Fight cards reaching ``fight_total`` (all of them if none does); heal at
    ``heal_at`` life or less; a useful special white (Merlin on the engines from 8 up, Piety
    or Lady of the Lake when hurt, Reinforcements); draw white cards at the Round Table while
    the hand is under ``hand_target``; otherwise move to the quest the hand fits best, each
    black card or warrior already there adding ``urgency`` (go where a quest is nearly lost).
    Never sacrifices life for a second action; never accuses (it cannot see loyalties).
    Answers: offers Merlin cards to cancel special black cards, plays black cards face up,
    discards its least useful cards, lets the dying drink from the Grail.
    """

    engine_below: int = 3
    life_above: int = 5
    fight_engines_at: int = 5
    fight_total: int = 7
    heal_at: int = 2
    hand_target: int = 8
    urgency: float = 0.6

    def choose(
        self, observation: dict[str, Any], actions: Sequence[A.Action], rng: random.Random
    ) -> A.Action:
        first = actions[0]
        if isinstance(first, (A.DrawBlack, A.AddEngine, A.LoseLife, A.PeekBlack)):
            return self._evil(observation, actions)
        if any(isinstance(a, (A.EndTurn, A.Move)) for a in actions):
            return self._heroic(observation, actions)
        return self._answer(observation, actions, rng)

    # --- the evil step --------------------------------------------------------------------------
    def _evil(self, obs: dict[str, Any], actions: Sequence[A.Action]) -> A.Action:
        if A.AddEngine() in actions and obs["siege_engines"] < self.engine_below:
            return A.AddEngine()
        seat = obs["current_player"]
        if A.LoseLife() in actions and obs["life"].get(seat, 0) > self.life_above:
            return A.LoseLife()
        if A.DrawBlack() in actions:
            return A.DrawBlack()
        return actions[0]  # pragma: no cover - the unmasked traitor's turn

    # --- heroic actions -------------------------------------------------------------------------
    def _heroic(self, obs: dict[str, Any], actions: Sequence[A.Action]) -> A.Action:
        seat = obs["current_player"]
        hand: dict[str, int] = obs["hand"]
        life = obs["life"].get(seat, 0)
        main = [a for a in actions if not isinstance(a, (A.EndTurn, A.Sacrifice, A.ArthurGive))]
        if not main or (A.EndTurn() in actions and not _of(actions, A.Move)):
            return A.EndTurn() if A.EndTurn() in actions else actions[0]
        fights = _of(actions, A.PlayFight)
        if fights:
            return max(fights, key=lambda a: a.value)
        if A.PlayGrail() in actions:
            return A.PlayGrail()
        excal = _of(actions, A.DiscardForExcalibur)
        if excal:
            return min(excal, key=lambda a: card_worth(a.card, obs))
        engines = _of(actions, A.FightEngine)
        if engines and obs["siege_engines"] >= self.fight_engines_at:
            reaching = [a for a in engines if sum(a.values) >= self.fight_total]
            if reaching:
                return min(reaching, key=lambda a: (sum(a.values), len(a.values)))
            return max(engines, key=lambda a: sum(a.values))
        heals = _of(actions, A.Heal)
        if heals and life <= self.heal_at:
            return min(heals, key=lambda a: card_worth(a.card, obs))
        special = self._special(obs, actions, life)
        if special is not None:
            return special
        if A.DrawWhite() in actions and sum(hand.values()) < self.hand_target:
            return A.DrawWhite()
        moves = _of(actions, A.Move)
        if moves:
            return max(moves, key=lambda a: self._fit(obs, a.quest))
        return main[0]

    def _special(
        self, obs: dict[str, Any], actions: Sequence[A.Action], life: int
    ) -> A.Action | None:
        for a in _of(actions, A.PlaySpecial):
            if a.free:
                continue
            if a.card == "merlin" and a.choice == ("engine",) and obs["siege_engines"] >= 8:
                return a
            if a.card == "piety" and a.choice == ("self",) and life <= 3:
                return a
            if a.card in ("lady_of_the_lake", "tournament") and life <= 4:
                return a
            if a.card == "reinforcements" and a.choice == ("self",):
                return a
        return None

    def _fit(self, obs: dict[str, Any], quest: str) -> float:
        """How well the hand fits a quest, plus how close the quest is to being lost (the
        move target with the best score wins)."""
        hand: dict[str, int] = obs["hand"]
        q = obs["quests"]
        u = self.urgency
        if quest == "camelot":
            return 2.0 if sum(hand.values()) < self.hand_target else 0.5
        if quest == "grail":
            grails = hand.get("grail", 0)
            if q["grail"]["dark_forest"] or not grails:
                return 0.0
            return grails * 1.5 + len(q["grail"]["blacks"]) * u
        if quest in ("picts", "saxons"):
            war = q[quest]
            need = min(war["fights"] + 1, 5)
            run = 0
            while need + run <= 5 and hand.get(f"fight_{need + run}", 0):
                run += 1
            return run * 1.2 + war["warriors"] * u if run else 0.0
        if quest == "excalibur":
            pos = int(q["excalibur"]["position"])
            return max(0, sum(hand.values()) - 4) * 0.5 + max(0, -pos) * u
        fights = sum(v for k, v in hand.items() if k.startswith("fight_"))
        pairs = sum(1 for k, v in hand.items() if k.startswith("fight_") and v >= 2)
        if quest == "black_knight":
            if q["black_knight"]["knights"] or not pairs:
                return 0.0
            return pairs * 1.5 + len(q["black_knight"]["black"]) * u
        combat = q.get(quest, {"black": []})
        return fights * 0.25 + len(combat["black"]) * u  # Lancelot or the Dragon

    # --- answers inside a resolution ---------------------------------------------------------
    def _answer(
        self, obs: dict[str, Any], actions: Sequence[A.Action], rng: random.Random
    ) -> A.Action:
        pledges = _of(actions, A.Pledge)
        if pledges:
            return max(pledges, key=lambda a: a.merlins)
        if A.Drink() in actions:
            return A.Drink()
        if A.PlayBlack(False) in actions:
            return A.PlayBlack(False)
        kays = _of(actions, A.KayExtra)
        if kays:
            return max(kays, key=lambda a: a.value)
        pays = _of(actions, A.Pay)
        if pays:
            return min(pays, key=lambda a: sum(card_worth(c, obs) for c in a.cards))
        frees = _of(actions, A.Free)
        if frees:
            return frees[0]
        cards: list[Any] = [a for a in actions if isinstance(a, (A.Discard, A.ArthurReturn))]
        if not cards and A.Pass() not in actions:
            cards = _of(actions, A.Offer)
        if cards:
            return min(cards, key=lambda a: card_worth(a.card, obs))  # type: ignore[no-any-return]
        takes = [a for a in _of(actions, A.Take) if a.card is not None]
        if takes:
            return max(takes, key=lambda a: card_worth(str(a.card), obs))
        wars = _of(actions, A.ChooseWar)
        if wars:
            q = obs["quests"]
            return min(wars, key=lambda a: q[a.war]["warriors"])
        if A.Join(True) in actions:
            return A.Join(True)
        if A.Pass() in actions:
            return A.Pass()
        return actions[rng.randrange(len(actions))]


@dataclass(frozen=True)
class TraitorHeuristic:
    """A hidden traitor who sabotages without showing it.

    Plays like the loyal heuristic most of the time, but: always draws black cards at the evil
    step and lays combat cards face down; never offers Merlin cards to cancel a special black
    card; with probability ``stall`` spends his heroic action drawing white cards or moving
    instead of advancing a quest; once unmasked, takes a card from the fullest hand and adds a
    siege engine.
    """

    stall: float = 0.5
    loyal: LoyalHeuristic = LoyalHeuristic()

    def choose(
        self, observation: dict[str, Any], actions: Sequence[A.Action], rng: random.Random
    ) -> A.Action:
        steals = _of(actions, A.StealFrom)
        if steals:
            sizes = observation["hand_sizes"]
            return max(steals, key=lambda a: sizes.get(a.seat, 0))
        if A.AddEngine() in actions and A.LoseLife() not in actions:
            return A.AddEngine()  # the unmasked traitor's turn
        if A.DrawBlack() in actions:
            return A.DrawBlack()
        if A.PlayBlack(True) in actions:
            return A.PlayBlack(True)
        if _of(actions, A.Pledge):
            return A.Pass()
        heroic = any(isinstance(a, (A.EndTurn, A.Move)) for a in actions)
        if heroic and rng.random() < self.stall:
            idle = [a for a in actions if isinstance(a, (A.DrawWhite, A.Move))]
            if idle:
                return idle[rng.randrange(len(idle))]
        return self.loyal.choose(observation, actions, rng)
