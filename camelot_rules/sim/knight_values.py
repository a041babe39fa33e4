"""The loyal heuristic's values, and its scores of the combat quests and the special white
cards (:class:`~camelot_rules.sim.heuristic.LoyalHeuristic` derives from
:class:`KnightValues`; its docstring explains every value and where it came from).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from camelot_rules.engine.actions import Action, PlayFight, PlaySpecial, made
from camelot_rules.sim.judgement import (
    COMBAT_SHAPE,
    MEAN_BLACK,
    WAR_LOSE_AT,
    card_worth,
    combat_plan,
    nearest_win,
    wild_count,
)
from camelot_rules.sim.policy_base import ByFields

__all__ = ["KnightValues"]


@mypyc_attr(allow_interpreted_subclasses=True)  # yours may subclass it, compiled or not
@dataclass(frozen=True)
class KnightValues(ByFields):
    """The loyal heuristic's parameters (fields, so a sweep can vary them) and the scores that
    read only them: :meth:`combat_option`, :meth:`special_value`, :meth:`special_mc_value`."""

    engine_below: int = 5
    engine_panic: int = 6
    brink_life: int = 3
    life_above: int = 4
    fight_engines_at: int = 8
    engine_urgency: float = 1.5
    fight_total: int = 8
    heal_at: int = 1
    hand_target: int = 8
    grail_value: float = 13.0
    combat_value: float = 4.5
    combat_guard: float = 0.0
    excalibur_value: float = 9.5
    move_discount: float = 0.52
    trip_plays: int = 1
    travel_trip_plays: int = 2
    sacrifice_life: int = 2
    sacrifice_value: float = 3.0
    merlin_engines_at: int = 7
    weigh_harms: bool = True
    engine_cost: float = 0.9
    engines_cheap_below: int = 5
    engine_steep: float = 2.0
    life_cost: float = 0.2
    life_safe: int = 4
    life_safe_mc: int = 5
    travel_reserve: int = 1
    black_face_down: bool = True
    free_value: float = 0.0
    travel_life_cost: float = 3.5
    travel_weight: float = 1.0
    black_rate: float = 0.09
    combat_ready: float = 4.0
    combat_watch_at: float = 0.5
    combat_watch: float = 6.0
    leave_cost: float = 2.0
    crowd_cost: float = -0.6
    war_value: float = 4.0

    def combat_option(
        self, obs: Mapping[str, Any], quest: str, fights: tuple[int, ...]
    ) -> tuple[float, Action | None]:
        """A combat quest (Black Knight, Lancelot, Dragon): the next card of the best pattern.

        The black total expected when the white side is full is the face-up cards, each
        face-down card at the box's mean, and the cards still to come: ``black_rate`` per
        player's turn for every turn until the pattern is laid (one card a turn). A hand that
        completes the pattern (nothing missing) and beats that total is *ready*: worth
        ``combat_value + combat_ready``. A quest whose black side is ``combat_watch_at`` full or
        more with no other knight on it is *watched*: even an incomplete pattern is worth
        ``combat_watch`` more when the cards he can lay beat the black total of the full side
        (the quest is resolved when the black side fills, with the white cards laid by then; a
        quest with no white card on it is surely lost)."""
        q = obs["quests"]
        if quest not in q:
            return 0.0, None
        c = q[quest]
        white_spots, black_spots, _ = COMBAT_SHAPE[quest]
        laid = tuple(sorted(c["white"]))
        wild = wild_count(obs["hand"])
        missing, total, todo = combat_plan(quest, laid, fights, wild)
        if not todo:
            return 0.0, None
        blacks = c["black"]
        known = hidden = 0  # the face-up values' total, the face-down cards
        for b in blacks:
            if isinstance(b, int):
                known += b
            else:
                hidden += 1
        still = white_spots - len(laid)  # white cards to lay, one a turn
        room = black_spots - len(blacks)
        coming = min(room, self.black_rate * obs["players"] * still)
        mean = MEAN_BLACK[quest]
        expected = known + (hidden + coming) * mean
        urgency = len(blacks) / black_spots
        beats = total > expected
        value = (self.combat_value if beats else 1.5) + 4.0 * urgency - 0.5 * missing
        if beats and not missing:
            value += self.combat_ready
        if urgency > 0.4:  # the black side is filling: the quest needs a knight now
            value += self.combat_guard * (urgency - 0.4)
        me = obs["current_player"]
        alone = all(k == me for k in c["knights"])
        if urgency >= self.combat_watch_at and alone:
            full = known + (hidden + room) * mean  # the black total once the side is full
            if sum(laid) + sum(todo[: max(1, room)]) > full:
                value += self.combat_watch
        if quest == "dragon":
            value += 1.0  # two swords either way
        # a value the hand holds no numbered card of is a wild "Fight ?" laid as it (F §3d)
        v = todo[0]
        return value, made(PlayFight, quest, v) if fights[v - 1] else made(
            PlayFight, quest, v, True
        )

    def special_value(self, obs: Mapping[str, Any], a: PlaySpecial, life: int) -> float:
        q = obs["quests"]
        if a.card == "merlin":
            what = a.choice[0]
            if what == "engine":
                return 7.0 if obs["siege_engines"] >= self.merlin_engines_at else 0.0
            if what == "warrior":
                return 9.0 if q[str(a.choice[1])]["warriors"] >= WAR_LOSE_AT - 1 else 0.0
            quest = str(a.choice[1])
            if quest == "grail":
                return 9.0 if len(q["grail"]["blacks"]) >= 5 else 0.0
            _, spots, _ = COMBAT_SHAPE[quest]
            return 6.0 if len(q[quest]["black"]) >= spots - 1 else 0.0
        if a.card == "lady_of_the_lake":
            if not q["excalibur"]["over"]:
                return 5.0 + max(0, -int(q["excalibur"]["position"]))
            return 6.0 if life <= self.heal_at + 1 else 0.0
        if a.card == "piety" and a.choice == ("self",):
            return 7.0 if life <= self.heal_at + 1 else 0.0
        if a.card == "reinforcements" and a.choice == ("self",):
            return 5.0 if sum(obs["hand"].values()) < 10 else 0.0
        if a.card == "fate" and a.choice == ("loyal",):
            return 4.5
        if a.card == "heroism":
            return 4.0 if str(a.choice[0]) == nearest_win(obs) else 0.0
        return self.special_mc_value(obs, a, life)

    def special_mc_value(self, obs: Mapping[str, Any], a: PlaySpecial, life: int) -> float:
        """Merlin's Company's new special white cards (JA special white cards), played when
        they help: Truce on a war with 3 warriors (it clears the war before the fourth loses
        it); Dispel on a lasting witch, Vivien, the Mists, Mordred or the Dark Forest while the
        Grail is open; Merlin to the Rescue on a finished Grail or Excalibur (its black cards
        then add no siege engine), on the quest with more cards left in the box; Tournament
        (+2 life) at ``heal_at + 2`` life or less; Dragon Slayer (3 white cards) with fewer
        than 10 cards; Divine Favor (the next tie goes to the knights) at once, it lasts; New
        Hope (a new hand, one card more) when the hand holds no Merlin or special card and
        few high Fight cards. Call for Help is never played (it moves others off their
        quests)."""
        q = obs["quests"]
        card = a.card
        if card == "truce":
            return 8.0 if q[str(a.choice[0])]["warriors"] >= WAR_LOSE_AT - 1 else 0.0
        if card == "dispel":
            what = str(a.choice[0])
            if what == "dark_forest":
                return 6.0 if not q["grail"]["over"] else 0.0
            return 5.0
        if card == "merlin_to_the_rescue":
            quest = str(a.choice[0])
            if obs["merlin"] in ("grail", "excalibur"):
                return 0.0  # Merlin already guards a finished quest's cards
            if quest == "grail" and q["grail"]["over"]:
                return 5.0
            if quest == "excalibur" and q["excalibur"]["over"] and not q["grail"]["over"]:
                return 4.0
            return 0.0
        if card == "tournament":
            return 7.0 if life <= self.heal_at + 2 else 0.0
        if card == "dragon_slayer":
            return 4.5 if sum(obs["hand"].values()) < 10 else 0.0
        if card == "divine_favor":
            return 3.0
        if card == "new_hope":
            hand: Mapping[str, int] = obs["hand"]
            good = sum(c for name, c in hand.items() if card_worth(name, obs) >= 4)
            return 3.5 if good <= 1 and sum(hand.values()) >= 4 else 0.0
        return 0.0
