"""The two heuristics: a loyal knight's plain plan and a hidden traitor's sabotage.

They are plain and explained choice by choice (see :class:`LoyalHeuristic`); they are not
strong play (:mod:`camelot_rules.sim.search` plays better on top of them). Their values are
fields (of :class:`~camelot_rules.sim.knight_values.KnightValues`), so a sweep can vary them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from mypy_extensions import mypyc_attr

from camelot_rules.data import rulebook
from camelot_rules.engine.actions import (
    Action,
    AddEngine,
    ArthurReturn,
    ChooseWar,
    Discard,
    DiscardForExcalibur,
    DrawBlack,
    DrawWhite,
    Drink,
    EndTurn,
    FightEngine,
    Free,
    Heal,
    Join,
    KayExtra,
    LoseLife,
    Move,
    Offer,
    Pass,
    Pay,
    PlayBlack,
    PlayFight,
    PlayGrail,
    PlaySpecial,
    Pledge,
    Sacrifice,
    StealFrom,
    Take,
    made,
)
from camelot_rules.sim.judgement import (
    ARRIVED,
    COMBAT_QUESTS,
    EVIL,
    HEROIC,
    SCORED,
    SOLO_QUESTS,
    card_worth,
    cheapest,
    draw_harm,
    fight_counts,
    of_kind,
    on_the_brink,
    quest_plays,
    siege_cards,
    spare,
    travel_risk,
    wild_count,
)
from camelot_rules.sim.knight_values import KnightValues
from camelot_rules.sim.policy_base import ByFields

__all__ = ["LoyalHeuristic", "TraitorHeuristic", "answer"]

# the actions without a choice in them, made once (the engine hands out these same objects)
_DRAW_BLACK: Final = made(DrawBlack)
_ADD_ENGINE: Final = made(AddEngine)
_LOSE_LIFE: Final = made(LoseLife)
_SACRIFICE: Final = made(Sacrifice)
_DRAW_WHITE: Final = made(DrawWhite)
_PLAY_GRAIL: Final = made(PlayGrail)
_DRINK: Final = made(Drink)
_PASS: Final = made(Pass)
_TAKE_NOTHING: Final = made(Take, None)
_JOIN: Final = made(Join, True)
# each war's Fight values in order, without and with Mordred (BoQ p.10, p.16)
_WAR_SEQUENCES: Final = {
    (war, mordred): rulebook.war_sequence(war, mordred=mordred)
    for war in ("picts", "saxons")
    for mordred in (False, True)
}


@mypyc_attr(allow_interpreted_subclasses=True)  # yours may subclass it, compiled or not
@dataclass(frozen=True)
class LoyalHeuristic(KnightValues):
    """A loyal knight's plain plan: every heroic option gets a score, the best is taken.

    **Evil step** (the lesser harm, weighed in swords). Drawing a black card costs
    :func:`draw_harm` - the box's black cards in proportion, each bringing its quest one step
    nearer to being lost (the quest's black swords shared over the steps left, so a quest one
    card from lost weighs heavily), or adding a siege engine when its quest is over; a siege
    engine costs :meth:`engine_harm` (``engine_cost`` while fewer than
    ``engines_cheap_below`` stand, then growing with the square of the excess, and the twelfth
    loses the game); a life point costs :meth:`life_harm` (``life_cost``, doubling for each
    point below ``life_safe``, ``life_safe_mc`` in Merlin's Company; the last is
    death). He takes the cheapest. In Merlin's Company the box's black cards are that box's
    (two more Despair and Excalibur cards, one more of each war's, the seven witches: the
    Third brings a warrior to each war). ``engine_cost`` was raised from 0.2 to 0.8 (siege
    engines ended about three games in four with the cheap price; 300 seeded 5-player games
    without a traitor, seed 11, won 6% at 0.2, 10% at 0.5 and 14% at 0.8); see *The values*
    below for today's. With ``weigh_harms=False`` the first version's thresholds are
    used instead: an engine while fewer than ``engine_below`` stand, a life while he has more
    than ``life_above``, otherwise a black card unless a quest is one black card from lost
    (then an engine up to ``engine_panic`` or a life down to ``brink_life``).

    **Heroic action** - each legal option is scored and the best taken (ending the turn scores
    0 and wins a tie, so no card is spent for nothing):

    - the quest's own action where he stands: a Grail card (``grail_value``: three swords are at
      stake); the next Fight card of a war (more urgent with more warriors); the Fight card of
      the best reachable pattern on a combat quest (:func:`combat_plan`:
      the completion with the fewest missing cards, then the highest total; more urgent as the
      black spots fill, and worth less when that total cannot beat the expected black total -
      the face-up cards, a hidden card at the box's mean, and ``black_rate`` black cards per
      player's turn until the pattern is laid; plus ``combat_guard`` times the share of black
      spots filled beyond 40%, 0 by default); a pattern with nothing missing that beats it
      is *ready* (``combat_ready`` more: the white side full early wins against few black
      cards); a Black Knight or Lancelot half lost (``combat_watch_at``) with nobody on it is
      *watched* (``combat_watch`` more) by a knight whose cards beat the full black side; a
      discard for Excalibur (his least useful card, more urgent the nearer the frozen bank);
      white cards at the Round Table while the hand is under ``hand_target``; a siege engine
      fought from ``fight_engines_at`` engines with :func:`siege_cards` - the cheapest Fight
      cards reaching ``fight_total`` (8 wins 7 times in 8), one point more at 11 engines (9
      always wins), one point less for Excalibur's holder - more urgent with the square of
      the engines above that (``engine_urgency``), and at 11 engines with any total of 3 or
      more;
    - a move, scored as the action it leads to times ``move_discount`` (one turn later), scaled
      down when the hand holds fewer than ``trip_plays`` turns of work there (a trip costs two
      moves; ``travel_trip_plays``, 2, in Merlin's Company, where every move draws a travel
      card: a trip for one card's work is worth half; 1,200 seeded games, seeds 1-3, the
      other values as they stood then: white swords 1.7 against 2.2 a game, black 5.7
      against 5.9, wins 1 against 4), plus
      ``-crowd_cost`` for every knight already on that quest (the team plan:
      knights join one another on the shared quests - Grail, Excalibur, the wars, the Dragon -
      and finish them before the black cards do; 600 seeded games won 16% joining at -0.7,
      13% at the first version's 0.5 and 5% spreading at 1.5), less ``leave_cost`` for
      each Fight card he would abandon on a solo quest (they are discarded, BoQ p.3); in
      Merlin's Company times the chance to arrive (:func:`travel_risk`, weighted by
      ``travel_weight``) and less ``travel_life_cost`` times the chance to lose a life on the
      way;
    - Merlin cards where they save the most: the fourth warrior's predecessor, the Despair next
      to losing the Grail, the last black card of a nearly full combat quest, a siege engine
      from ``merlin_engines_at`` (7: 300 seeded games won 14% at 9, 17% at 7); Lady of the
      Lake moves Excalibur; Reinforcements and Fate bring cards; Piety and healing (three
      identical cards) at ``heal_at`` life or less; Heroism on the quest nearest to being
      won; Merlin's Company's new cards when they help (Truce, Dispel, Merlin to the Rescue,
      Tournament, Dragon Slayer, Divine Favor, New Hope; see ``special_mc_value``);
    - Merlin's Company: a captured knight freed (``free_value``, less 0.3 times the worth of
      the special card given up). ``free_value`` is 0, so he is left captured: a captured
      knight skips his whole turn, the evil step too, so the table still plays one heroic
      action for each black card; freeing him costs a heroic action and a special card and
      buys back none. 1,200 seeded games (seeds 1-3, 400 each) at 7 and at 0: white swords
      2.2 against 2.6 a game, black 5.9 against 5.9, wins 4 against 5.

    **Second action**: after a move (in Merlin's Company, after the travel card let him
    arrive), he sacrifices a life for the quest's own action when his life is at least
    ``sacrifice_life`` (``travel_reserve`` more in Merlin's Company) and that action scores
    ``sacrifice_value`` or more (the engine offers ``Sacrifice()`` only when a different action
    exists; 2 and 4 - the first version had 3 and 6 - won 8% of 300 seeded games against 6%,
    within the noise, and a second action is worth a life while life lasts; 3 below). He never
    accuses (he cannot see loyalties).

    **Answers**: Merlin cards pledged to cancel special black cards, combat black cards face
    down when ``black_face_down`` (the white card it brings is a card more to play, and the
    black total's mean is the same; 300 seeded games won 1% face up and 6% face down), the
    least useful card discarded, offered or paid to a travel demand (:func:`card_worth`: a card
    the engine offers no play for goes first), the most useful taken, the Grail offered to the
    dying, Mercenaries on the war with fewer warriors. Cards shared by agreement (the opening
    share, a quest's spoils, Convocation): he takes the card most useful to him while his
    hand is no bigger than the smallest of the other knights sharing, else he leaves it
    (``Take(None)``) - the cards go to the emptier hands first.

    **The values**. ``grail_value`` 13, ``excalibur_value`` 9.5, ``combat_value`` 4.5,
    ``move_discount`` 0.52, ``crowd_cost`` -0.6, ``hand_target`` 8, ``sacrifice_value`` 3,
    ``engine_cost`` 0.9, ``life_cost`` 0.2 and ``travel_life_cost`` 3.5 (before: 10, 7, 4,
    0.6, -0.7, 7, 4, 0.8, 0.35 and 2) come from a random search of 18 settings of these ten
    (200 Merlin's Company games each, seed 1), rounded. They were kept because on 2,000 fresh
    5-player Merlin's Company games (seeds 2-6) they won 24 against 8, with 2.9 white swords a
    game against 2.5 and 5.1 black against 5.8, and the base game did not change (1,200
    games, seeds 1-3: 99 wins against 102). Merlin's Company is lost three ways at once -
    seven black swords, every knight dead, twelve siege engines - and these values move the
    knights' effort between them: the new ``grail_value``, ``excalibur_value``,
    ``engine_cost`` and ``life_cost`` alone trade black swords for deaths, the other six alone
    deaths for black swords (9 wins of 1,200 each, seeds 2-4); only together do they win
    more. ``war_value`` (4) is the first score of a war's Fight card: 5.5
    and 7 drew knights to the wars and lost more elsewhere (400 games each).
    ``life_safe`` (4; ``life_safe_mc`` 5 in Merlin's Company, where it was ``life_safe``
    plus ``travel_reserve``) is kept though a higher price wins more games for the heuristic
    alone (issue 30: about 94% of the life lost is chosen, ``benchmarks/life_sources.py``).
    4,000 games a box, seed 2, ``life_safe`` 4, 5, 6, 7, 8: 5 players without a traitor 653,
    770, 864, 823, 659 wins; with the traitor dealt 322, 363, 403, 390, 297; 7 players 676,
    780, 854, 703, 424; 6 players 473 to 586 (4 and 6 only); 3 and 4 players level. But the
    search knights play out and choose with this heuristic, and with 6 they win less against
    the search traitor (5 players, the same 200 games, seed 30, the traitor without caution:
    17 wins against 29 with 4, exact McNemar p = 0.05; 96 of the 200 games lost to seven
    black swords, against 29; the cautious traitor of before gave 24 against 41). Why is
    not known: perhaps search already weighs life through its evaluation and playouts, and a
    higher price here only tilts its candidates toward drawing black cards. In Merlin's
    Company ``life_safe_mc`` 6 loses most wins (5 players 68 to 36 of 4,000; 4: 76, a wash).
    """

    def choose(
        self, observation: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        first = actions[0]
        if type(first) in EVIL:
            return self._evil(observation, actions)
        if any(type(a) in HEROIC for a in actions):
            return self._heroic(observation, actions)
        return answer(observation, actions, rng, self)

    # --- the evil step --------------------------------------------------------------------------
    def _evil(self, obs: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        engines = obs["siege_engines"]
        life = obs["life"].get(obs["current_player"], 0)
        if not self.weigh_harms:  # the first version's thresholds (kept for comparison)
            if _ADD_ENGINE in actions and engines < self.engine_below:
                return _ADD_ENGINE
            if _LOSE_LIFE in actions and life > self.life_above:
                return _LOSE_LIFE
            if on_the_brink(obs):
                if _ADD_ENGINE in actions and engines < self.engine_panic:
                    return _ADD_ENGINE
                if _LOSE_LIFE in actions and life > self.brink_life:
                    return _LOSE_LIFE
            if _DRAW_BLACK in actions:
                return _DRAW_BLACK
            return actions[0]  # pragma: no cover - the unmasked traitor's turn
        # (the evil step's actions carry no fields: they are told apart by kind)
        kinds = {type(a) for a in actions}
        harms: list[tuple[float, Action]] = []
        if DrawBlack in kinds:
            harms.append((draw_harm(obs, self.engine_harm(engines + 1)), _DRAW_BLACK))
        if AddEngine in kinds:
            harms.append((self.engine_harm(engines + 1), _ADD_ENGINE))
        if LoseLife in kinds:
            harms.append((self.life_harm(life, obs["expansion"]), _LOSE_LIFE))
        if not harms:  # pragma: no cover - the unmasked traitor's turn
            return actions[0]
        return min(harms, key=lambda h: h[0])[1]

    def engine_harm(self, engines: int) -> float:
        """What the ``engines``-th siege engine costs, in swords: little while few stand (they
        matter only at 12 and Fight cards at Camelot remove them), then more with each one, and
        the twelfth loses the game (RB p.17)."""
        if engines >= 12:
            return 1000.0
        over = max(0, engines - self.engines_cheap_below)
        return self.engine_cost * (1.0 + over**2 / self.engine_steep)

    def life_harm(self, life: int, expansion: bool = False) -> float:
        """What one life point costs, in swords: ``life_cost``, doubling with each point
        below ``life_safe`` (``life_safe_mc`` in Merlin's Company, where a failed travel
        demand and the witches take life too); the last one is death (his hand lost, one
        knight fewer)."""
        if life <= 1:
            return 1000.0
        safe = self.life_safe_mc if expansion else self.life_safe
        return self.life_cost * 2.0 ** max(0, safe - life)

    # --- heroic actions -------------------------------------------------------------------------
    def _heroic(self, obs: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        seat = obs["current_player"]
        life = obs["life"].get(seat, 0)
        here = obs["location"].get(seat, "camelot")
        values: dict[str, tuple[float, Action | None]] = {}  # each quest valued once
        fights = fight_counts(obs["hand"])  # the hand's Fight 1..5, read once
        # (legal actions are looked up by kind first: comparing every Fight-card set of a
        # large hand one by one would cost more than the choice itself)
        kinds = {type(a) for a in actions}
        # the first action is taken: a second one only right after a move, for the quest's
        # own action there
        if (
            Sacrifice in kinds
            and life >= self.sacrifice_life + (self.travel_reserve if obs["expansion"] else 0)
            and obs["rule"] in ARRIVED
            and self._value(obs, here, values, fights)[0] >= self.sacrifice_value
        ):
            return _SACRIFICE
        # ending the turn scores 0; when an action is still owed the best one is taken even
        # if it scores below 0
        short = self._shortlist(obs, actions, here, values, fights, kinds)
        # the best score, the first of equal ones, except that on equal scores ending the turn
        # wins: a card is not spent for nothing (what max() with the key (score, is it
        # EndTurn) gave; a loop, as a key function is a Python-level call per option)
        best: Action | None = None
        top, ends = 0.0, False
        for a in short or actions:
            score = self._score(obs, a, life, here, values, fights)
            end = type(a) is EndTurn
            if best is None or score > top or (score == top and end and not ends):
                best, top, ends = a, score, end
        assert best is not None  # (a decision state has legal actions)
        return best

    def heroic_options(
        self, obs: Mapping[str, Any], actions: Sequence[Action]
    ) -> list[tuple[float, Action]]:
        """The heroic options this plan weighs, each with its score, in the order it weighs
        them (the best is its choice, ending the turn winning a tie; a sacrifice right after a
        move is decided before them): the search policies start from these."""
        seat = obs["current_player"]
        life = obs["life"].get(seat, 0)
        here = obs["location"].get(seat, "camelot")
        values: dict[str, tuple[float, Action | None]] = {}
        fights = fight_counts(obs["hand"])
        kinds = {type(a) for a in actions}
        short = self._shortlist(obs, actions, here, values, fights, kinds)
        return [(self._score(obs, a, life, here, values, fights), a) for a in short or actions]

    def _shortlist(
        self,
        obs: Mapping[str, Any],
        actions: Sequence[Action],
        here: str,
        values: dict[str, tuple[float, Action | None]],
        fights: tuple[int, ...],
        kinds: set[type],
    ) -> list[Action]:
        """Only the options that can score: the chosen quest action here or at Camelot (not
        every Fight card or every set of them), moves, special whites, healing, ending the
        turn (empty when none of them is legal)."""
        # (a quest's own action is legal only where he stands, so at most one of the two is
        # offered; plain loops: a generator is an object built on every call when compiled)
        picks: list[Action] = []
        for q in (here, "camelot") if here != "camelot" else ("camelot",):
            p = self._value(obs, q, values, fights)[1]
            if p is not None and type(p) in kinds and _offered(p, actions):
                picks.append(p)
        for a in actions:
            if type(a) in SCORED:
                picks.append(a)
        return picks

    def _value(
        self,
        obs: Mapping[str, Any],
        quest: str,
        values: dict[str, tuple[float, Action | None]],
        fights: tuple[int, ...],
    ) -> tuple[float, Action | None]:
        got = values.get(quest)
        if got is None:
            got = values[quest] = self._quest_value(obs, quest, fights)
        return got

    def _score(
        self,
        obs: Mapping[str, Any],
        a: Action,
        life: int,
        here: str,
        values: dict[str, tuple[float, Action | None]],
        fights: tuple[int, ...],
    ) -> float:
        """The worth of one heroic option (0: not worth taking)."""
        if isinstance(a, Move):
            value, _ = self._value(obs, a.quest, values, fights)
            if value <= 0:
                return value - 1.0  # nothing to do there: worse than ending the turn
            quests = obs["quests"]
            expansion = obs["expansion"]
            crowd = len(quests[a.quest]["knights"])
            trip = 1.0
            plays = self.travel_trip_plays if expansion else self.trip_plays
            if plays > 1:
                trip = min(1.0, quest_plays(obs, a.quest) / plays)
            score = value * self.move_discount * trip - (
                self.crowd_cost * crowd if a.quest != "camelot" else 0
            )
            if here in SOLO_QUESTS and here in quests:
                # leaving a solo quest discards the Fight cards laid there (BoQ p.3)
                score -= self.leave_cost * len(quests[here]["white"])
            if expansion:
                arrive, lost_life = travel_risk(obs, a.quest)
                arrive = 1.0 - self.travel_weight * (1.0 - arrive)
                score = score * arrive - self.travel_life_cost * lost_life
            return score
        if isinstance(a, Free):
            # a captured knight loses every turn until freed (JA travel rules, Captured!)
            return self.free_value - 0.3 * card_worth(a.card, obs)
        if isinstance(a, (PlayFight, PlayGrail, DiscardForExcalibur, DrawWhite)):
            value, pick = self._value(obs, here, values, fights)
            return value if pick is a or pick == a else 0.0
        if isinstance(a, FightEngine):
            value, pick = self._value(obs, "camelot", values, fights)
            return value if pick is a or pick == a else 0.0
        if isinstance(a, Heal):
            return 8.0 if life <= self.heal_at and spare(obs, a.card) else 0.0
        if isinstance(a, PlaySpecial):
            value = self.special_value(obs, a, life)
            return value + 2.0 if a.free and value > 0 else value
        if isinstance(a, EndTurn):
            return 0.0
        return -5.0  # Sacrifice (decided above), Arthur's gift, an accusation

    def _quest_value(
        self, obs: Mapping[str, Any], quest: str, fights: tuple[int, ...]
    ) -> tuple[float, Action | None]:
        """What the quest's own action at ``quest`` is worth with this hand, and which one."""
        hand: Mapping[str, int] = obs["hand"]
        if quest == "camelot":
            size = sum(hand.values())
            engines = obs["siege_engines"]
            best: tuple[float, Action | None] = (0.0, None)
            if size < min(self.hand_target, 12):
                best = (3.0 + 0.5 * (self.hand_target - size), _DRAW_WHITE)
            elif size < 12:
                best = (1.0, _DRAW_WHITE)
            if engines >= self.fight_engines_at:
                # Excalibur's holder adds 1 to the fight (RB p.17): one point less to bring
                bonus = 1 if obs["relics"].get("excalibur") == obs["current_player"] else 0
                target = self.fight_total + (1 if engines >= 11 else 0) - bonus
                chosen = list(siege_cards(fights, target))
                # wild "Fight ?" cards (F §3d, S16) are fought as 5s, only when the numbered
                # cards fall short: they are kept for the patterns otherwise
                wild = wild_count(hand) if not chosen else 0
                counts = (*fights[:4], fights[4] + wild) if wild else fights
                if wild:
                    chosen = list(siege_cards(counts, target))
                if not chosen:  # no set reaches the target: the largest cards up to it
                    cards = sorted(
                        (v for v in range(1, 6) for _ in range(counts[v - 1])), reverse=True
                    )
                    for v in cards:
                        if sum(chosen) >= target:
                            break
                        chosen.append(v)
                wilds = (5,) * max(0, chosen.count(5) - fights[4])
                least = 5 if engines < 11 else 3  # at 11 engines any fair chance is taken
                if chosen and sum(chosen) >= min(target, least):
                    over = engines - self.fight_engines_at + 1
                    value = 3.0 + self.engine_urgency * over**2 / 2 + min(sum(chosen), 8) / 4
                    if value > best[0]:
                        fight = (
                            made(FightEngine, tuple(chosen), wilds)
                            if wilds
                            else made(FightEngine, tuple(chosen))
                        )
                        best = (value, fight)
            return best
        q = obs["quests"]
        if quest == "grail":
            g = q["grail"]
            if g["over"] or g["dark_forest"] or not hand.get("grail"):
                return 0.0, None
            return self.grail_value + len(g["blacks"]) * 0.5, _PLAY_GRAIL
        if quest in ("picts", "saxons"):
            war = q[quest]
            sequence = _WAR_SEQUENCES[quest, bool(war["mordred"])]
            nxt = sequence[war["fights"]] if war["fights"] < len(sequence) else 0
            # without the next value, a wild "Fight ?" card is laid as it (F §3d, S16)
            as_wild = not nxt or fights[nxt - 1] == 0
            if not nxt or (as_wild and not wild_count(hand)):
                return 0.0, None
            run = 1
            while nxt + run <= sequence[-1] and fights[nxt + run - 1]:
                run += 1
            play = made(PlayFight, quest, nxt, True) if as_wild else made(PlayFight, quest, nxt)
            return self.war_value + 1.5 * war["warriors"] + 0.5 * run, play
        if quest == "excalibur":
            e = q["excalibur"]
            if e["over"] or not hand:
                return 0.0, None
            card = cheapest(hand, obs)
            danger = max(0, -int(e["position"]))
            value = (
                self.excalibur_value
                + 1.5 * danger
                + 0.5 * int(e["position"])
                - 0.4 * card_worth(card, obs)
            )
            return value, made(DiscardForExcalibur, card)
        if quest in COMBAT_QUESTS:
            return self.combat_option(obs, quest, fights)
        return 0.0, None


def _offered(pick: Action, actions: Sequence[Action]) -> bool:
    """Whether ``pick`` is one of ``actions`` (the engine's own object, or an equal one)."""
    for a in actions:  # noqa: SIM110 - a loop: compiled, any() builds a generator each call
        if a is pick or (type(a) is type(pick) and a == pick):
            return True
    return False


def _leave_shared_card(obs: Mapping[str, Any]) -> bool:
    """Whether to leave the shared card to another knight sharing: one of them holds fewer
    white cards (the agreement of RB p.8 and BoQ p.4 read as "the emptier hands first")."""
    me = obs["current_player"]
    sizes = obs["hand_sizes"]
    others = [sizes[x] for x in obs["shared"]["seats"] if x != me]
    return bool(others) and sizes[me] > min(others)


def answer(
    obs: Mapping[str, Any],
    actions: Sequence[Action],
    rng: random.Random,
    me: LoyalHeuristic | None = None,
) -> Action:
    """A loyal knight's answers inside a resolution."""
    kinds = {type(a) for a in actions}  # (as in TraitorHeuristic.choose)
    if Pledge in kinds:
        return max(of_kind(actions, Pledge), key=lambda a: a.merlins)
    if Drink in kinds:
        return _DRINK
    if PlayBlack in kinds:
        down = me is not None and me.black_face_down
        if made(PlayBlack, down) in actions:
            return made(PlayBlack, down)
    if KayExtra in kinds:
        return max(of_kind(actions, KayExtra), key=lambda a: a.value)
    if Pay in kinds:
        return min(of_kind(actions, Pay), key=lambda a: sum(card_worth(c, obs) for c in a.cards))
    if Free in kinds:
        return of_kind(actions, Free)[0]
    cards: list[Any] = []
    if Discard in kinds or ArthurReturn in kinds:
        cards = [a for a in actions if isinstance(a, (Discard, ArthurReturn))]
    if not cards and Pass not in kinds and Offer in kinds:
        cards = of_kind(actions, Offer)
    if cards:
        return min(cards, key=lambda a: card_worth(a.card, obs))  # type: ignore[no-any-return]
    takes = [a for a in of_kind(actions, Take) if a.card is not None] if Take in kinds else []
    if takes:
        if _TAKE_NOTHING in actions and _leave_shared_card(obs):
            return _TAKE_NOTHING
        return max(takes, key=lambda a: card_worth(str(a.card), obs))
    if ChooseWar in kinds:
        q = obs["quests"]
        return min(of_kind(actions, ChooseWar), key=lambda a: q[a.war]["warriors"])
    if Join in kinds and _JOIN in actions:
        return _JOIN
    if Pass in kinds:
        return _PASS
    return actions[rng.randrange(len(actions))]


@mypyc_attr(allow_interpreted_subclasses=True)  # yours may subclass it, compiled or not
@dataclass(frozen=True)
class TraitorHeuristic(ByFields):
    """A hidden traitor who sabotages without showing it.

    Plays like the loyal heuristic most of the time, but: always draws black cards at the evil
    step and lays combat cards face down (as the loyal heuristic does too, so it shows
    nothing); never offers Merlin cards to cancel a special black
    card; with probability ``stall`` spends his heroic action drawing white cards or moving
    instead of advancing a quest; once unmasked, takes a card from the fullest hand and adds a
    siege engine.
    """

    stall: float = 0.5
    loyal: LoyalHeuristic = LoyalHeuristic()

    def choose(
        self, observation: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        # (every action class derives from Action directly: a set of the classes present
        # answers "is there one of this kind" without comparing every action)
        kinds = {type(a) for a in actions}
        if StealFrom in kinds:
            sizes = observation["hand_sizes"]
            return max(of_kind(actions, StealFrom), key=lambda a: sizes.get(a.seat, 0))
        if AddEngine in kinds and LoseLife not in kinds:
            return _ADD_ENGINE  # the unmasked traitor's turn
        if DrawBlack in kinds:
            return _DRAW_BLACK
        if PlayBlack in kinds and made(PlayBlack, True) in actions:
            return made(PlayBlack, True)
        if Pledge in kinds:
            return _PASS
        heroic = EndTurn in kinds or Move in kinds
        if heroic and rng.random() < self.stall:
            idle = [a for a in actions if isinstance(a, (DrawWhite, Move))]
            if idle:
                return idle[rng.randrange(len(idle))]
        return self.loyal.choose(observation, actions, rng)
