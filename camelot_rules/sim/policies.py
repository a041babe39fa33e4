"""Policies: who chooses what, from what a player may see.

A policy is any object with ``choose(observation, actions, rng) -> action``: ``observation`` is
a read-only mapping with the keys and values of ``state.observation(seat)`` for the seat that
must decide (its own hand and loyalty card, the public board - never another hand; the
simulations pass the engine's lazily built ``ObservationView``; ``dict(view)`` makes a dict),
``actions`` the legal actions, ``rng`` a seeded ``random.Random``. Write your own the same
way and pass it to :func:`simulate_games`.

The two heuristics below are plain and explained choice by choice; they are not strong play.
The loyal heuristic's win rates at 5 players, 1,000 seeded games each (seed 11,
``summarize(simulate_games(GameConfig.of(5, ...), n=1000, seed=11))["knights_win"]``): base
without a traitor 18.3% [15.9, 20.8], base with the standard traitor 7.3% [5.8, 9.1],
Merlin's Company 1.4% [0.9, 2.0] (2,000 games, seeds 11 and 12; before its tuning 0.3% of
the 1,000 of seed 11). Their parameters are fields, so a sweep can vary them. They name the
actions they return as ``made(Move, "grail")``, the engine's shared object for that action
(an ``in actions`` test then finds it at once); ``Move("grail")`` is equal, and is what your
own policy may write (the classes are in ``camelot_rules.engine.actions``; this module
imports them by name: read through a module alias, as ``A.Move``, a class costs an attribute
lookup on every use in the compiled engine).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.engine.actions import (
    Accuse,
    Action,
    AddEngine,
    ArthurGive,
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
    PeekBlack,
    PlayBlack,
    PlayFight,
    PlayGrail,
    PlaySpecial,
    Pledge,
    Sacrifice,
    StealFrom,
    Take,
    by_fields,
    made,
)
from camelot_rules.engine.expansion import demand_payments
from camelot_rules.engine.state import travel_box_of

__all__ = [
    "LoyalHeuristic",
    "Policy",
    "RandomPolicy",
    "TraitorHeuristic",
    "card_worth",
    "combat_plan",
    "siege_cards",
]


@mypyc_attr(allow_interpreted_subclasses=True)
class _ByFields:
    """Pickled by its fields (worker processes, Dask): in the compiled engine (``make
    compiled``) a frozen dataclass cannot be unpickled by setting its attributes one by one."""

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


class Policy(Protocol):
    """Observation in, action out."""

    def choose(
        self, observation: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # yours may subclass it, compiled or not
@dataclass(frozen=True)
class RandomPolicy(_ByFields):
    """Any legal action, uniformly."""

    def choose(
        self, observation: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return actions[rng.randrange(len(actions))]


def card_worth(card: str, observation: Mapping[str, Any]) -> int:
    """How much a white card is worth keeping (higher = keep): specials and Merlin most, then
    Fight cards by value, Grail cards while the Grail quest is open. A card the rules engine
    offers no play for (Merlin's Company's "Fight ?" and its unidentified card) is worth 0: it
    is the first to go for Excalibur, a travel demand or a discard.

    >>> obs = {"quests": {"grail": {"over": False}}}
    >>> [card_worth(c, obs) for c in ("fight_wild", "fight_2", "grail", "truce", "merlin")]
    [0, 2, 4, 6, 7]
    """
    if card in _FIGHT_WORTH:  # (the common case first: a dict lookup)
        return _FIGHT_WORTH[card]
    if card.startswith("fight_") and card[6:].isdigit():
        return int(card[6:])
    if card == "grail":
        return 1 if observation["quests"]["grail"]["over"] else 4
    if card == "merlin":
        return 7
    return 6 if card in rulebook.SPECIAL_WHITE else 0


_T = TypeVar("_T", bound=Action)
_FIGHT_CARDS: Final = rulebook.FIGHT_CARDS  # Fight v is _FIGHT_CARDS[v - 1]
_FIGHT_WORTH: Final = {name: v for v, name in zip(rulebook.FIGHT_VALUES, _FIGHT_CARDS)}


def _of(actions: Sequence[Action], kind: type[_T]) -> list[_T]:
    return [a for a in actions if isinstance(a, kind)]


_COMBAT: Final = ("black_knight", "lancelot", "dragon")
_SOLO: Final = tuple(q.name for q in rulebook.QUESTS if q.solo)  # one knight at a time (BoQ p.3)
# (white spots, black spots, the group sizes of the white pattern) - the rule data (RB p.14;
# BoQ pp.5-7)
_COMBAT_SHAPE: Final[dict[str, tuple[int, int, tuple[int, ...]]]] = {
    q: (
        rulebook.quest_data(q).white_spots,
        rulebook.quest_data(q).black_spots,
        rulebook.COMBAT_SHAPES[q],
    )
    for q in _COMBAT
}
# the mean value of a black card on each combat quest (the box's mix): a face-down card or a
# card still to come is counted at this value
_MEAN_BLACK: Final = {"black_knight": 31 / 11, "lancelot": 35 / 11, "dragon": 79 / 11}
_WAR_LOSE_AT: Final = rulebook.threshold("war_warriors_to_lose")  # the 4th loses (BoQ p.10)
# the rule noted when a knight has just arrived on a quest by a move (the travel card read,
# or a travel demand met, in Merlin's Company)
_ARRIVED: Final = frozenset({"quest.move", "travel.cards", "travel.demands"})
# (kinds are looked up by exact type: ``type(a) in`` a frozenset costs far less than
# ``isinstance`` against a tuple of a dozen classes, on every legal action)
_SCORED: Final = frozenset({Move, PlaySpecial, Heal, EndTurn, Free})
_EVIL: Final = frozenset({DrawBlack, AddEngine, LoseLife, PeekBlack})
# actions only offered in the heroic phase (never as an answer inside a resolution)
_HEROIC: Final = frozenset(
    {
        EndTurn,
        Move,
        Sacrifice,
        DrawWhite,
        FightEngine,
        PlayFight,
        PlayGrail,
        DiscardForExcalibur,
        PlaySpecial,
        Heal,
        Accuse,
        ArthurGive,
    }
)


def _fight_counts(hand: Mapping[str, int]) -> tuple[int, ...]:
    """The hand's counts of Fight 1..5. (``in`` and ``[]`` on the hand: a ``get`` method call
    costs more in the compiled engine.)"""
    f1, f2, f3, f4, f5 = _FIGHT_CARDS
    return (
        hand[f1] if f1 in hand else 0,  # noqa: SIM401
        hand[f2] if f2 in hand else 0,  # noqa: SIM401
        hand[f3] if f3 in hand else 0,  # noqa: SIM401
        hand[f4] if f4 in hand else 0,  # noqa: SIM401
        hand[f5] if f5 in hand else 0,  # noqa: SIM401
    )


@lru_cache(maxsize=65536)
def combat_plan(
    quest: str, laid: tuple[int, ...], fights: tuple[int, ...]
) -> tuple[int, int, tuple[int, ...]]:
    """The best way to finish a combat quest's white pattern: ``(cards the hand lacks, white
    total, values still to lay)``, fewest missing cards first, then the highest total.

    ``laid`` are the Fight values already on the quest (sorted), ``fights`` the hand's counts of
    Fight 1..5. Every assignment of distinct values to the pattern's groups is tried (at most
    60), so the answer is exact.

    >>> combat_plan("black_knight", (5,), (0, 0, 0, 2, 1))
    (0, 18, (5, 4, 4))
    """
    _, _, groups = _COMBAT_SHAPE[quest]
    have = {v: laid.count(v) for v in set(laid)}
    best: tuple[int, int, tuple[int, ...]] | None = None
    for values in itertools.permutations(range(1, 6), len(groups)):
        if any(v not in values for v in have):
            continue
        missing, total, todo = 0, 0, []
        for v, size in zip(values, groups):
            on = have.get(v, 0)
            if on > size:
                break
            total += v * size
            need = size - on
            missing += max(0, need - fights[v - 1])
            todo += [v] * min(need, fights[v - 1])
        else:
            key = (missing, -total)
            if best is None or key < (best[0], -best[1]):
                best = (missing, total, tuple(sorted(todo, reverse=True)))
    return best if best is not None else (99, 0, ())


@lru_cache(maxsize=65536)
def siege_cards(fights: tuple[int, ...], target: int) -> tuple[int, ...]:
    """The cheapest Fight cards of a hand whose total reaches ``target`` against the siege
    die (a total ``t`` wins with chance ``(t - 1) / 8``, a certain win from 9; RB p.13), or
    ``()`` when the hand cannot reach it. Each card costs ``1 + value / 5`` (a card is a card
    drawn, and high cards are the ones the Black Knight, Lancelot and the wars need); the
    cheapest set wins, then the one with fewer cards, then the smaller total, then the one
    keeping the higher cards. ``fights`` are the hand's counts of Fight 1..5.

    >>> siege_cards((0, 0, 1, 2, 2), 8)  # 4 + 4, not 5 + 5 or 5 + 3
    (4, 4)
    >>> siege_cards((3, 0, 0, 0, 0), 8)
    ()
    """
    best: tuple[float, int, int, tuple[int, ...]] | None = None
    for counts in itertools.product(*(range(c + 1) for c in fights)):
        total = sum(k * v for k, v in zip(counts, range(1, 6)))
        if total < target:
            continue
        n = sum(counts)
        cost = n + total / 5
        cards = tuple(v for v in range(5, 0, -1) for _ in range(counts[v - 1]))
        key = (round(cost, 9), n, total, cards)
        if best is None or key < best:
            best = key
    return best[3] if best is not None else ()


@mypyc_attr(allow_interpreted_subclasses=True)  # yours may subclass it, compiled or not
@dataclass(frozen=True)
class LoyalHeuristic(_ByFields):
    """A loyal knight's plain plan: every heroic option gets a score, the best is taken.

    **Evil step** (the lesser harm, weighed in swords). Drawing a black card costs
    :func:`draw_harm` - the box's black cards in proportion, each bringing its quest one step
    nearer to being lost (the quest's black swords shared over the steps left, so a quest one
    card from lost weighs heavily), or adding a siege engine when its quest is over; a siege
    engine costs :meth:`engine_harm` (``engine_cost`` while fewer than
    ``engines_cheap_below`` stand, then growing with the square of the excess, and the twelfth
    loses the game); a life point costs :meth:`life_harm` (``life_cost``, doubling for each
    point below ``life_safe``, ``travel_reserve`` more in Merlin's Company; the last is
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
      Tournament, Dragon Slayer, Divine Favor, New Hope; see ``_special_mc``);
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
    """

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

    def choose(
        self, observation: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        first = actions[0]
        if type(first) in _EVIL:
            return self._evil(observation, actions)
        if any(type(a) in _HEROIC for a in actions):
            return self._heroic(observation, actions)
        return _answer(observation, actions, rng, self)

    # --- the evil step --------------------------------------------------------------------------
    def _evil(self, obs: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        engines = obs["siege_engines"]
        life = obs["life"].get(obs["current_player"], 0)
        if not self.weigh_harms:  # the first version's thresholds (kept for comparison)
            if made(AddEngine) in actions and engines < self.engine_below:
                return made(AddEngine)
            if made(LoseLife) in actions and life > self.life_above:
                return made(LoseLife)
            if _on_the_brink(obs):
                if made(AddEngine) in actions and engines < self.engine_panic:
                    return made(AddEngine)
                if made(LoseLife) in actions and life > self.brink_life:
                    return made(LoseLife)
            if made(DrawBlack) in actions:
                return made(DrawBlack)
            return actions[0]  # pragma: no cover - the unmasked traitor's turn
        # (the evil step's actions carry no fields: they are told apart by kind)
        kinds = {type(a) for a in actions}
        harms: list[tuple[float, Action]] = []
        if DrawBlack in kinds:
            harms.append((draw_harm(obs, self.engine_harm(engines + 1)), made(DrawBlack)))
        if AddEngine in kinds:
            harms.append((self.engine_harm(engines + 1), made(AddEngine)))
        if LoseLife in kinds:
            harms.append((self.life_harm(life, obs["expansion"]), made(LoseLife)))
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
        below ``life_safe`` (``travel_reserve`` more in Merlin's Company, where a failed travel
        demand and the witches take life too); the last one is death (his hand lost, one
        knight fewer)."""
        if life <= 1:
            return 1000.0
        safe = self.life_safe + (self.travel_reserve if expansion else 0)
        return self.life_cost * 2.0 ** max(0, safe - life)

    # --- heroic actions -------------------------------------------------------------------------
    def _heroic(self, obs: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        seat = obs["current_player"]
        life = obs["life"].get(seat, 0)
        here = obs["location"].get(seat, "camelot")
        values: dict[str, tuple[float, Action | None]] = {}  # each quest valued once
        fights = _fight_counts(obs["hand"])  # the hand's Fight 1..5, read once
        # (legal actions are looked up by kind first: comparing every Fight-card set of a
        # large hand one by one would cost more than the choice itself)
        kinds = {type(a) for a in actions}
        # the first action is taken: a second one only right after a move, for the quest's
        # own action there
        if (
            Sacrifice in kinds
            and life >= self.sacrifice_life + (self.travel_reserve if obs["expansion"] else 0)
            and obs["rule"] in _ARRIVED
            and self._value(obs, here, values, fights)[0] >= self.sacrifice_value
        ):
            return made(Sacrifice)
        # ending the turn scores 0; when an action is still owed the best one is taken even
        # if it scores below 0
        picks = [
            p
            for q in {here, "camelot"}
            if (p := self._value(obs, q, values, fights)[1]) is not None
            and type(p) in kinds
            and any(a is p or (type(a) is type(p) and a == p) for a in actions)
        ]
        # only the options that can score: the chosen quest action (not every Fight card or
        # every set of them), moves, special whites, healing, ending the turn
        short = picks + [a for a in actions if type(a) in _SCORED]
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
            crowd = len(obs["quests"][a.quest]["knights"])
            trip = 1.0
            plays = self.travel_trip_plays if obs["expansion"] else self.trip_plays
            if plays > 1:
                trip = min(1.0, _plays(obs, a.quest) / plays)
            score = value * self.move_discount * trip - (
                self.crowd_cost * crowd if a.quest != "camelot" else 0
            )
            if here in _SOLO and here in obs["quests"]:
                # leaving a solo quest discards the Fight cards laid there (BoQ p.3)
                score -= self.leave_cost * len(obs["quests"][here]["white"])
            if obs["expansion"]:
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
            return 8.0 if life <= self.heal_at and _spare(obs, a.card) else 0.0
        if isinstance(a, PlaySpecial):
            value = self._special(obs, a, life)
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
                best = (3.0 + 0.5 * (self.hand_target - size), made(DrawWhite))
            elif size < 12:
                best = (1.0, made(DrawWhite))
            if engines >= self.fight_engines_at:
                # Excalibur's holder adds 1 to the fight (RB p.17): one point less to bring
                bonus = 1 if obs["relics"].get("excalibur") == obs["current_player"] else 0
                target = self.fight_total + (1 if engines >= 11 else 0) - bonus
                chosen = list(siege_cards(fights, target))
                if not chosen:  # no set reaches the target: the largest cards up to it
                    cards = sorted(
                        (v for v in range(1, 6) for _ in range(fights[v - 1])), reverse=True
                    )
                    for v in cards:
                        if sum(chosen) >= target:
                            break
                        chosen.append(v)
                least = 5 if engines < 11 else 3  # at 11 engines any fair chance is taken
                if chosen and sum(chosen) >= min(target, least):
                    over = engines - self.fight_engines_at + 1
                    value = 3.0 + self.engine_urgency * over**2 / 2 + min(sum(chosen), 8) / 4
                    if value > best[0]:
                        best = (value, made(FightEngine, tuple(chosen)))
            return best
        q = obs["quests"]
        if quest == "grail":
            g = q["grail"]
            if g["over"] or g["dark_forest"] or not hand.get("grail"):
                return 0.0, None
            return self.grail_value + len(g["blacks"]) * 0.5, made(PlayGrail)
        if quest in ("picts", "saxons"):
            war = q[quest]
            sequence = rulebook.war_sequence(quest, mordred=war["mordred"])
            nxt = sequence[war["fights"]] if war["fights"] < len(sequence) else 0
            if not nxt or not fights[nxt - 1]:
                return 0.0, None
            run = 1
            while nxt + run <= sequence[-1] and fights[nxt + run - 1]:
                run += 1
            return self.war_value + 1.5 * war["warriors"] + 0.5 * run, made(PlayFight, quest, nxt)
        if quest == "excalibur":
            e = q["excalibur"]
            if e["over"] or not hand:
                return 0.0, None
            card = _cheapest(hand, obs)
            danger = max(0, -int(e["position"]))
            value = (
                self.excalibur_value
                + 1.5 * danger
                + 0.5 * int(e["position"])
                - 0.4 * card_worth(card, obs)
            )
            return value, made(DiscardForExcalibur, card)
        if quest in _COMBAT:
            return self._combat_value(obs, quest, fights)
        return 0.0, None

    def _combat_value(
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
        white_spots, black_spots, _ = _COMBAT_SHAPE[quest]
        laid = tuple(sorted(c["white"]))
        missing, total, todo = combat_plan(quest, laid, fights)
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
        mean = _MEAN_BLACK[quest]
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
        return value, made(PlayFight, quest, todo[0])

    def _special(self, obs: Mapping[str, Any], a: PlaySpecial, life: int) -> float:
        q = obs["quests"]
        if a.card == "merlin":
            what = a.choice[0]
            if what == "engine":
                return 7.0 if obs["siege_engines"] >= self.merlin_engines_at else 0.0
            if what == "warrior":
                return 9.0 if q[str(a.choice[1])]["warriors"] >= _WAR_LOSE_AT - 1 else 0.0
            quest = str(a.choice[1])
            if quest == "grail":
                return 9.0 if len(q["grail"]["blacks"]) >= 5 else 0.0
            _, spots, _ = _COMBAT_SHAPE[quest]
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
            return 4.0 if str(a.choice[0]) == _nearest_win(obs) else 0.0
        return self._special_mc(obs, a, life)

    def _special_mc(self, obs: Mapping[str, Any], a: PlaySpecial, life: int) -> float:
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
            return 8.0 if q[str(a.choice[0])]["warriors"] >= _WAR_LOSE_AT - 1 else 0.0
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


# what a black card does, by its name in the deck (BoQ pp.15-16; JA witches): the kinds
# draw_harm weighs, in the order it adds them up
_HARM_KINDS: Final = (
    "black_knight",
    "lancelot_dragon",
    "grail",
    "excalibur",
    "picts",
    "saxons",
    "mercenaries",
    "morgan",
    "special",
    "witch_3",
    "witch",
)


def _cheapest(hand: Mapping[str, int], obs: Mapping[str, Any]) -> str:
    """The hand's card worth least (see :func:`card_worth`)."""
    return min(hand, key=lambda c: card_worth(c, obs))


def _harm_kind(card: str) -> str:
    if card.startswith("black_knight_"):
        return "black_knight"
    if card.startswith("lancelot_dragon_"):
        return "lancelot_dragon"
    if card in ("despair", "desolation", "dark_forest"):
        return "grail"
    if card.startswith("morgan_witch_"):
        return "witch_3" if card == "morgan_witch_3" else "witch"
    if card.startswith("morgan_"):
        return "morgan"
    if card in ("guinevere", "mists_of_avalon", "mordred", "vivien"):
        return "special"
    return card  # excalibur, picts, saxons, mercenaries


def _black_box(expansion: bool) -> tuple[tuple[int, int], ...]:
    """The box's black deck by kind: (the kind's place in ``_HARM_KINDS``, its cards), in that
    order, kinds with no card left out (the counts are the library's: ``standard_deck``)."""
    counts = dict.fromkeys(_HARM_KINDS, 0)
    for card, n in standard_deck("black", expansion=expansion).counts.items():
        counts[_harm_kind(card)] += n
    return tuple((i, counts[kind]) for i, kind in enumerate(_HARM_KINDS) if counts[kind])


_BLACK_BOX: Final = _black_box(False)
# Merlin's Company: two more Despair and Excalibur, a war card each, the seven witches
_BLACK_BOX_MC: Final = _black_box(True)
_BLACK_TOTAL: Final = sum(n for _, n in _BLACK_BOX)
_BLACK_TOTAL_MC: Final = sum(n for _, n in _BLACK_BOX_MC)


def draw_harm(obs: Mapping[str, Any], engine: float) -> float:
    """The expected harm of drawing a black card, in swords: each kind of card in the box's
    proportions (the player cannot see the pile) times what it does now - a card of a finished
    quest is a siege engine (cost ``engine``, RB p.11), a card on an open quest brings it one
    step nearer to being lost: the black swords of its loss (and a war's two engines) shared
    over the steps still left, so the last step carries the whole loss. In Merlin's Company
    (``obs["expansion"]``) the box is that box's: 90 cards with the seven witches (the Third
    brings a Pict and a Saxon warrior; the others are weighed like a Morgan card).

    >>> obs = {"quests": {"black_knight": {"black": []}, "lancelot_dragon": "lancelot",
    ...     "lancelot": {"black": []}, "grail": {"over": False, "blacks": []},
    ...     "excalibur": {"over": False, "position": 0},
    ...     "picts": {"warriors": 0}, "saxons": {"warriors": 0}}}
    >>> round(draw_harm(obs, 0.2), 4)  # (11/4 + 11/5 + 18*3/7 + 15*2/5 + 12*1.4/4 + 2.5 + 1.2)/76
    0.3495
    """
    q = obs["quests"]
    mode = q["lancelot_dragon"]
    black_knight = 1.0 / max(1, 4 - len(q["black_knight"]["black"]))
    if mode == "over":
        lancelot_dragon = engine
    else:
        spots, swords = (5, 1.0) if mode == "lancelot" else (5, 2.0)
        lancelot_dragon = swords / max(1, spots - len(q[mode]["black"]))
    g = q["grail"]
    grail = engine if g["over"] else 3.0 / max(1, 7 - len(g["blacks"]))
    e = q["excalibur"]
    excalibur = engine if e["over"] else 2.0 / max(1, int(e["position"]) + 5)
    picts = (1.0 + 2 * engine) / max(1, _WAR_LOSE_AT - q["picts"]["warriors"])
    saxons = (1.0 + 2 * engine) / max(1, _WAR_LOSE_AT - q["saxons"]["warriors"])
    # each kind's harm in the order of _HARM_KINDS; in Merlin's Company the Third Witch brings
    # a Pict and a Saxon, the other witches about a Morgan card's harm (the base box has none)
    # (a tuple of any length to the compiler: indexing a fixed-length one would box it whole)
    harm: tuple[float, ...] = (
        black_knight,
        lancelot_dragon,
        grail,
        excalibur,
        picts,
        saxons,
        min(picts, saxons),  # mercenaries
        0.5,  # morgan
        0.3,  # special
        picts + saxons,  # witch_3
        0.5,  # witch
    )
    expansion = "expansion" in obs and obs["expansion"]
    box, total = (_BLACK_BOX_MC, _BLACK_TOTAL_MC) if expansion else (_BLACK_BOX, _BLACK_TOTAL)
    weighed = 0.0  # (added in the box's order, as sum() did: the same float to the last bit)
    for i, n in box:
        weighed += n * harm[i]
    return weighed / total


def travel_risk(obs: Mapping[str, Any], quest: str) -> tuple[float, float]:
    """Merlin's Company: a move draws a travel card (JA travel rules). The chance that the
    knight arrives at ``quest`` this turn, and the expected life lost on the way, from the
    travel deck's mix (the observation shows how many travel cards are left, not which):
    Captured! stops him; Charged!/Lost!/Ambushed! stop him and cost a life unless his hand
    meets the demand (``rulebook.TRAVEL_DEMANDS``: a Fight 3 or more, a Grail card, a pair of
    Fight cards); a Vision sends him to the Grail instead while it is open.

    >>> obs = {"options": {}, "hand": {"grail": 1}, "quests": {"grail": {"over": False}}}
    >>> travel_risk(obs, "grail")  # captured 2/16, charged 2/16 and ambushed 2/16 unpaid
    (0.625, 0.25)
    """
    counts = dict(
        zip(rulebook.TRAVEL_KINDS, travel_box_of(obs["options"].get("travel_mix", "assumed")))
    )
    total = sum(counts.values()) or 1
    hand: Mapping[str, int] = obs["hand"]
    # the engine's own test of each demand (rulebook.TRAVEL_DEMANDS, ASSUMED)
    can = {d.card: bool(demand_payments(hand, d.card)) for d in rulebook.TRAVEL_DEMANDS}
    stop = counts.get("captured", 0)
    hurt = 0
    for card, ok in can.items():
        if not ok:
            stop += counts.get(card, 0)
            hurt += counts.get(card, 0)
    if quest != "grail" and not obs["quests"]["grail"]["over"]:
        stop += counts.get("vision", 0)
    return 1.0 - stop / total, hurt / total


def _plays(obs: Mapping[str, Any], quest: str) -> int:
    """How many turns of the quest's own action the hand holds there (a trip's worth)."""
    hand: dict[str, int] = obs["hand"]
    q = obs["quests"]
    if quest == "camelot":
        return 99
    if quest == "grail":
        return hand.get("grail", 0)
    if quest in ("picts", "saxons"):
        nxt, run = q[quest]["fights"] + 1, 0
        fights = _fight_counts(hand)
        while nxt + run <= 5 and fights[nxt + run - 1]:
            run += 1
        return run
    if quest == "excalibur":
        return sum(hand.values())
    if quest in q:
        laid = tuple(sorted(q[quest]["white"]))
        return len(combat_plan(quest, laid, _fight_counts(hand))[2])
    return 0


def _spare(obs: Mapping[str, Any], card: str) -> bool:
    """Three of this card can go for a life: not Grail cards while the Grail is open."""
    return card != "grail" or bool(obs["quests"]["grail"]["over"])


def _nearest_win(obs: Mapping[str, Any]) -> str:
    """The quest closest to being won (for Heroism's extra sword)."""
    q = obs["quests"]
    progress: dict[str, float] = {}
    if not q["grail"]["over"]:
        progress["grail"] = q["grail"]["grails"] / 7
    if not q["excalibur"]["over"]:
        progress["excalibur"] = (q["excalibur"]["position"] + 5) / 10
    for war in ("picts", "saxons"):
        progress[war] = q[war]["fights"] / 5
    for quest in _COMBAT:
        if quest in q:
            progress[quest] = len(q[quest]["white"]) / _COMBAT_SHAPE[quest][0]
    return max(progress, key=lambda k: progress[k])


def _on_the_brink(obs: Mapping[str, Any]) -> bool:
    """One black card could lose the Grail, Excalibur or a war (the combat quests are not
    counted: they are lost only when their black spots fill with the white side behind)."""
    q = obs["quests"]
    g = q["grail"]
    if not g["over"] and len(g["blacks"]) >= 6:
        return True
    e = q["excalibur"]
    if not e["over"] and int(e["position"]) <= 1 - int(e["steps"]):
        return True
    return any(q[w]["warriors"] >= _WAR_LOSE_AT - 1 for w in ("picts", "saxons"))


def _leave_shared_card(obs: Mapping[str, Any]) -> bool:
    """Whether to leave the shared card to another knight sharing: one of them holds fewer
    white cards (the agreement of RB p.8 and BoQ p.4 read as "the emptier hands first")."""
    me = obs["current_player"]
    sizes = obs["hand_sizes"]
    others = [sizes[x] for x in obs["shared"]["seats"] if x != me]
    return bool(others) and sizes[me] > min(others)


def _answer(
    obs: Mapping[str, Any],
    actions: Sequence[Action],
    rng: random.Random,
    me: LoyalHeuristic | None = None,
) -> Action:
    """A loyal knight's answers inside a resolution."""
    kinds = {type(a) for a in actions}  # (as in TraitorHeuristic.choose)
    if Pledge in kinds:
        return max(_of(actions, Pledge), key=lambda a: a.merlins)
    if Drink in kinds:
        return made(Drink)
    if PlayBlack in kinds:
        down = me is not None and me.black_face_down
        if made(PlayBlack, down) in actions:
            return made(PlayBlack, down)
    if KayExtra in kinds:
        return max(_of(actions, KayExtra), key=lambda a: a.value)
    if Pay in kinds:
        return min(_of(actions, Pay), key=lambda a: sum(card_worth(c, obs) for c in a.cards))
    if Free in kinds:
        return _of(actions, Free)[0]
    cards: list[Any] = []
    if Discard in kinds or ArthurReturn in kinds:
        cards = [a for a in actions if isinstance(a, (Discard, ArthurReturn))]
    if not cards and Pass not in kinds and Offer in kinds:
        cards = _of(actions, Offer)
    if cards:
        return min(cards, key=lambda a: card_worth(a.card, obs))  # type: ignore[no-any-return]
    takes = [a for a in _of(actions, Take) if a.card is not None] if Take in kinds else []
    if takes:
        if made(Take, None) in actions and _leave_shared_card(obs):
            return made(Take, None)
        return max(takes, key=lambda a: card_worth(str(a.card), obs))
    if ChooseWar in kinds:
        q = obs["quests"]
        return min(_of(actions, ChooseWar), key=lambda a: q[a.war]["warriors"])
    if Join in kinds and made(Join, True) in actions:
        return made(Join, True)
    if Pass in kinds:
        return made(Pass)
    return actions[rng.randrange(len(actions))]


@mypyc_attr(allow_interpreted_subclasses=True)  # yours may subclass it, compiled or not
@dataclass(frozen=True)
class TraitorHeuristic(_ByFields):
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
            return max(_of(actions, StealFrom), key=lambda a: sizes.get(a.seat, 0))
        if AddEngine in kinds and LoseLife not in kinds:
            return made(AddEngine)  # the unmasked traitor's turn
        if DrawBlack in kinds:
            return made(DrawBlack)
        if PlayBlack in kinds and made(PlayBlack, True) in actions:
            return made(PlayBlack, True)
        if Pledge in kinds:
            return made(Pass)
        heroic = EndTurn in kinds or Move in kinds
        if heroic and rng.random() < self.stall:
            idle = [a for a in actions if isinstance(a, (DrawWhite, Move))]
            if idle:
                return idle[rng.randrange(len(idle))]
        return self.loyal.choose(observation, actions, rng)
