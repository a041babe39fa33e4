"""Search policies: choices tried ahead on copies of the game, the heuristics as the playout.

Three policies, one method. At a turn's choice (the evil step, the heroic actions and the
second action after a sacrifice; a resolution's answers are the heuristics') the searching
player takes a few *candidate* actions - the best the loyal heuristic scores
(:meth:`~camelot_rules.sim.heuristic.LoyalHeuristic.heroic_options`), its own choice, every
evil-step choice, a sacrifice, an accusation of the most suspected knight (once the belief
gives him half the chance or more, see :class:`SearchKnight`) - and plays each
forward in *worlds* (complete states, :mod:`camelot_rules.sim.determinize`) with the
heuristics playing every seat, for ``horizon`` turns or to the end; the position reached is
scored by the evaluation (:func:`~camelot_rules.sim.evaluate.knights_win_estimate`, 1 or 0 for
a game over). Every candidate meets the same worlds and the same chance (common random numbers),
so their difference is measured with far less noise than their levels. This is Monte Carlo
rollout policy improvement (Tesauro and Galperin 1996, "On-line policy improvement using
Monte-Carlo search", NIPS 9; Bertsekas, Tsitsiklis and Wu 1997, "Rollout algorithms for
combinatorial optimization"), with perfect-information sampling for the hidden cards (Ginsberg
2001; Long et al. 2010) and a cut-off by an evaluation function.

- :class:`Planner` sees everything: every hand, every loyalty card, and - in games dealt by a
  :class:`~camelot_rules.sim.chance.Dealer` - the order of every pile, so its playouts meet the
  very cards and die rolls the game will deal (one playout per candidate). It is the table of
  loyal knights with nothing hidden: an upper reference for what play could achieve (its
  strength is still that of one step of search over the heuristics), and a check on the engine.
- :class:`SearchKnight` sees what its seat sees: its own hand and the board; the other hands,
  the piles and the traitor come from :class:`~camelot_rules.sim.determinize.Redeal`, the
  traitor weighted by what each player did. The loyal knights plan together in the sense
  that each choice is weighed by the whole table's chance to win, the others' cards sampled as
  the rules let them be discussed only in general (RB p.8).
- :class:`SearchTraitor` is the traitor's search: it minimises that chance. It can pay
  ``caution`` for each choice that makes it look like a traitor (the knights' belief reads the
  same choices); by default it pays nothing: hiding costs him more than being unmasked.

All three are deterministic for a seed: every random number comes from the game's ``rng``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mypy_extensions import mypyc_attr

from camelot_rules.engine.actions import Accuse, Action, DrawWhite, Move, Sacrifice
from camelot_rules.engine.state import GameState
from camelot_rules.engine.views import observation_view
from camelot_rules.sim.chance import Dealer
from camelot_rules.sim.determinize import (
    DAMPING,
    LIKELIHOOD,
    Exact,
    Redeal,
    Worlds,
    public_kind,
    suspicion,
)
from camelot_rules.sim.evaluate import check_weights, knights_win_estimate
from camelot_rules.sim.heuristic import LoyalHeuristic, TraitorHeuristic
from camelot_rules.sim.loop import rollout
from camelot_rules.sim.policy_base import ByFields

__all__ = [
    "Planner",
    "Playouts",
    "SearchKnight",
    "SearchTraitor",
    "candidates",
    "estimate",
    "searched_moment",
]

_MAX_STEPS: Final = 50_000


def searched_moment(s: GameState) -> bool:
    """A turn's choice the searches weigh: the evil step, the heroic actions (no resolution
    pending)."""
    return not s.pending and (s.phase == "evil" or s.phase == "heroic")


def candidates(
    s: GameState,
    seat: int,
    legal: Sequence[Action],
    loyal: LoyalHeuristic,
    width: int,
    accuse: int | None = None,
) -> list[Action]:
    """The actions a search weighs at ``s`` for ``seat``, the loyal heuristic's own choice
    first: at the evil step every choice; in
    the heroic phase the loyal heuristic's ``width`` best-scored options and its own choice,
    a sacrifice when one is open, and ``Accuse(accuse)`` when given and legal."""
    obs = observation_view(s, seat)
    if s.phase == "evil":
        own = loyal.choose(obs, legal, random.Random(0))
        return [own, *(a for a in legal if a != own)]
    options = loyal.heroic_options(obs, legal)
    ranked = sorted(range(len(options)), key=lambda i: -options[i][0])
    out: list[Action] = []
    # (a fresh generator: the heuristic's choice here must not depend on earlier games)
    own = loyal.choose(obs, legal, random.Random(0))
    out.append(own)
    for i in ranked:
        if len(out) >= width:
            break
        a = options[i][1]
        if a not in out:
            out.append(a)
    for a in legal:
        if (type(a) is Sacrifice and a not in out) or (
            accuse is not None and type(a) is Accuse and a == Accuse(accuse)
        ):
            out.append(a)
    return out


def estimate(
    worlds: Sequence[GameState],
    first: Action,
    seeds: Sequence[int],
    loyal: Any,
    traitor: Any,
    horizon: int,
    dealers: Sequence[Dealer | None] = (),
    to_end: bool = False,
    tiebreak: float = 0.5,
    weights: Sequence[float] = (),
) -> list[float]:
    """Each world's score of ``first``: the action played, then the plain policies for
    ``horizon`` turns, chance dealt by a copy of the world's dealer (``dealers``, aligned with
    ``worlds``) or else picked by ``random.Random(seed)`` of the world, and the position
    reached evaluated (1 or 0 for a game over). With ``to_end`` the game is played on to its
    end: a win scores 1, a loss ``tiebreak`` times the evaluation at the horizon (losses are
    told apart by how well they stood then). ``weights``: the evaluation's, if not the
    fitted ones (:class:`Playouts`)."""
    out = []
    for k, world in enumerate(worlds):
        rng = random.Random(seeds[k])
        dealer = dealers[k] if k < len(dealers) else None
        deal = dealer.copy() if dealer is not None else None
        s = world.apply(first)
        s = rollout(s, loyal, traitor, rng, deal, s.turn_no + horizon, _MAX_STEPS)
        value = knights_win_estimate(s, weights)
        if to_end and s.outcome is None:
            end = rollout(s, loyal, traitor, rng, deal, 1 << 30, _MAX_STEPS)
            won = end.outcome is not None and end.outcome.knights_win
            value = 1.0 if won else tiebreak * value
        out.append(value)
    return out


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Playouts(ByFields):
    """How a search plays its candidates out and decides.

    ``horizon`` turns, then (``to_end``) on to the game's end, a loss scoring ``tiebreak``
    times the evaluation at the horizon; ``dealt``: each world gets its own dealer (the same
    cards in the same order for every candidate). ``confirm``: when another candidate beats
    the heuristic's own choice in the first worlds, this many worlds more are played for the
    two, and it is taken only if its gain, world by world, is above ``margin`` and ``z``
    standard errors (0: the best mean is taken at once). Playouts are noisy and a decision
    changes the chance of winning by a few points at most: the heuristic's choice holds unless
    the playouts show a clear gain (a racing rule, as in Maron and Moore 1994, "Hoeffding
    races").

    ``weights``: the evaluation's weights, one per
    :data:`~camelot_rules.sim.evaluate.FEATURES` (the same in either box); none (the default),
    the weights fitted for the box. A yardstick refitted by ``benchmarks/fit_evaluation.py``
    can then be tried by one side alone, as a line-up, without changing the module."""

    horizon: int = 5
    to_end: bool = False
    tiebreak: float = 0.1
    dealt: bool = True
    confirm: int = 24
    z: float = 2.0
    margin: float = 0.0
    weights: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        check_weights(self.weights)


def _best(
    source: Worlds,
    count: int,
    cands: Sequence[Action],
    rng: random.Random,
    loyal: Any,
    traitor: Any,
    how: Playouts,
    sign: float = 1.0,
    dealer: Dealer | None = None,
    cost: Mapping[Action, float] | None = None,
    enough: float = 2.0,
) -> Action:
    """The candidate chosen by ``how`` (see :class:`Playouts`) over ``count`` worlds of
    ``source`` (``sign`` -1 minimises the knights' chance), each less its ``cost``. Without
    ``how.confirm`` the best mean wins, the first of equal ones (the heuristic's own choice
    comes first) and the first scoring ``enough`` or more is taken at once. ``dealer``, if
    given, deals every world (the clairvoyant planner's game dealer)."""
    worlds, seeds, dealers = _draw(source, count, rng, how, dealer)
    own = cands[0]
    scores: dict[Action, list[float]] = {}
    best: Action = own
    top = -1e9
    for a in cands:
        values = estimate(
            worlds,
            a,
            seeds,
            loyal,
            traitor,
            how.horizon,
            dealers,
            how.to_end,
            how.tiebreak,
            how.weights,
        )
        penalty = cost.get(a, 0.0) if cost is not None else 0.0
        scores[a] = [sign * v - penalty for v in values]
        score = math.fsum(scores[a]) / len(values)
        if score > top:
            best, top = a, score
        if not how.confirm and score >= enough:
            break
    if not how.confirm or best is own:
        return best
    # the contenders: better than the heuristic's choice on the first worlds
    base = scores[own]
    rivals = [a for a in cands if a is not own and math.fsum(scores[a]) > math.fsum(base)]
    more, seeds2, dealers2 = _draw(source, how.confirm, rng, how, dealer)
    for a in (own, *rivals):
        values = estimate(
            more,
            a,
            seeds2,
            loyal,
            traitor,
            how.horizon,
            dealers2,
            how.to_end,
            how.tiebreak,
            how.weights,
        )
        penalty = cost.get(a, 0.0) if cost is not None else 0.0
        scores[a] += [sign * v - penalty for v in values]
    base = scores[own]
    chosen, gain = own, 0.0
    for a in rivals:
        d = [x - y for x, y in zip(scores[a], base)]
        n = len(d)
        mean = math.fsum(d) / n
        sd = math.sqrt(math.fsum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
        if mean > how.margin and mean > how.z * sd / math.sqrt(n) and mean > gain:
            chosen, gain = a, mean
    return chosen


def _draw(
    source: Worlds, count: int, rng: random.Random, how: Playouts, dealer: Dealer | None
) -> tuple[list[GameState], list[int], list[Dealer | None]]:
    worlds = source.sample(count, rng)
    seeds = [rng.getrandbits(62) for _ in worlds]
    dealers: list[Dealer | None] = []
    if dealer is not None:
        dealers = [dealer] * len(worlds)
    elif how.dealt:
        dealers = [Dealer(seed) for seed in seeds]
    return worlds, seeds, dealers


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Planner(ByFields):
    """The loyal knights with nothing hidden (see the module): the true state and every
    loyalty card (it accuses the traitor as soon as accusations are open). ``clairvoyant``
    (the default): the game is dealt by a :class:`~camelot_rules.sim.chance.Dealer` and the
    planner's playouts meet the very cards and die rolls the game will deal; each candidate is
    played out once (``traitor_samples`` times while a hidden traitor plays: his choices are
    his own), to the end, and the first that wins every time is taken (the search stops there:
    a line that wins is followed). Else (``clairvoyant=False``, "open hands") chance is
    unknown: each candidate is played out in ``samples`` futures. Losses are told apart by the
    evaluation ``horizon`` turns ahead."""

    searches = True
    width: int = 4
    samples: int = 8
    traitor_samples: int = 3
    clairvoyant: bool = True
    playouts: Playouts = field(
        default_factory=lambda: Playouts(horizon=10, to_end=True, tiebreak=0.5, confirm=0)
    )
    loyal: LoyalHeuristic = field(default_factory=LoyalHeuristic)
    traitor: TraitorHeuristic = field(default_factory=TraitorHeuristic)

    @property
    def needs_dealer(self) -> bool:
        return self.clairvoyant

    def choose(
        self, observation: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return self.loyal.choose(observation, actions, rng)

    def decide(
        self,
        s: GameState,
        seat: int,
        legal: Sequence[Action],
        rng: random.Random,
        dealer: Dealer | None,
        record: Sequence[tuple[int, str | None]],
    ) -> Action:
        if not searched_moment(s):
            return self.loyal.choose(observation_view(s, seat), legal, rng)
        traitors = [
            o
            for o in range(s.cfg.players)
            if s.loyalty[o] == "traitor" and not s.revealed[o] and not s.dead[o]
        ]
        cands = candidates(
            s, seat, legal, self.loyal, self.width, traitors[0] if traitors else None
        )
        if len(cands) == 1:
            return cands[0]
        accuse = [a for a in cands if type(a) is Accuse]
        if accuse:  # nothing hidden: the traitor is named at once
            return accuse[0]
        known = self.clairvoyant and dealer is not None
        # the cards are known, a traitor's choices are not: a few of his futures then
        futures = (self.traitor_samples if traitors else 1) if known else self.samples
        return _best(
            Exact(s),
            futures,
            cands,
            rng,
            self.loyal,
            self.traitor,
            self.playouts,
            dealer=dealer if known else None,
            enough=1.0 if known else 2.0,
        )


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class SearchKnight(ByFields):
    """A loyal knight who sees only what his seat sees (see the module): ``worlds`` worlds a
    choice, ``width`` candidates, playouts of ``horizon`` turns; he accuses the most suspected
    knight as a candidate when the belief gives him at least ``accuse_at``.

    ``accuse_at`` is 0.5: the accusation is a candidate, weighed in the worlds like any other,
    once the belief gives one knight half the chance or more of being the traitor. The belief
    (:data:`~camelot_rules.sim.determinize.LIKELIHOOD`) is fitted on the search traitor, who
    adds a siege engine at most of his evil steps. Issue 30, 7 players, the same 200 games
    (seed 30, exact McNemar test on the pairs): knights who accuse won 46 against 29 for
    knights who never do (25 games won only by the accusers, 8 only by the others,
    p = 0.005), and the traitor was unmasked in 167 games against 14; in 40 of those games
    (``benchmarks/accusations.py``) the knights accused 30 times, every time rightly. The
    traitor's answer would be to hide, and it does not pay (:class:`SearchTraitor`'s
    ``caution``). Before, ``accuse_at`` was infinite: the belief was fitted on the traitor
    heuristic, and the first search traitor (who paid to look loyal) fooled it, so every
    accusation was wrong (126 in 56 games, none right)."""

    searches = True
    worlds: int = 8
    width: int = 4
    accuse_at: float = 0.5
    evil: bool = True
    playouts: Playouts = field(default_factory=Playouts)
    loyal: LoyalHeuristic = field(default_factory=LoyalHeuristic)
    traitor: TraitorHeuristic = field(default_factory=TraitorHeuristic)

    def choose(
        self, observation: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return self.loyal.choose(observation, actions, rng)

    def decide(
        self,
        s: GameState,
        seat: int,
        legal: Sequence[Action],
        rng: random.Random,
        dealer: Dealer | None,
        record: Sequence[tuple[int, str | None]],
    ) -> Action:
        if not searched_moment(s) or (not self.evil and s.phase == "evil"):
            return self.loyal.choose(observation_view(s, seat), legal, rng)
        likelihood = suspicion(record, s.cfg.players)
        source = Redeal(s, seat, likelihood)
        suspect = _suspect(source, self.accuse_at) if _accusing(legal) else None
        cands = candidates(s, seat, legal, self.loyal, self.width, suspect)
        if len(cands) == 1:
            return cands[0]
        return _best(source, self.worlds, cands, rng, self.loyal, self.traitor, self.playouts)

    def worlds_for(
        self, s: GameState, seat: int, record: Sequence[tuple[int, str | None]]
    ) -> Worlds:
        """The source of worlds this knight samples at ``s``."""
        return Redeal(s, seat, suspicion(record, s.cfg.players))


def _accusing(legal: Sequence[Action]) -> bool:
    return any(type(a) is Accuse for a in legal)


def _suspect(source: Redeal, at: float) -> int | None:
    """The seat most likely the traitor under the source's belief, if at least ``at``."""
    odds = source.traitor_odds()
    if not odds:
        return None
    seat = max(odds, key=lambda o: odds[o])
    return seat if odds[seat] >= at else None


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class SearchTraitor(ByFields):
    """The traitor's search (see the module): the same worlds, candidates and playouts, the
    knights' chance minimised; each candidate costs ``caution`` times the log of how much
    more likely a traitor makes that kind of choice (:data:`~camelot_rules.sim.determinize.
    LIKELIHOOD`, damped as the knights' belief damps it), so he sabotages where it shows
    least. Stalling (white cards, a move) is a candidate too. Unmasked, he plays the
    traitor heuristic.

    ``caution`` is 0 by default: hiding costs him more than being unmasked. Against the
    knights who accuse (:class:`SearchKnight`), 7 players, the same first 100 games (seed 30,
    exact McNemar test on the pairs): with caution 0.02 and 0.05 he was never unmasked, but
    the knights won 35 and 39 against 27 with caution 0 (p = 0.19 and 0.04); he was unmasked
    in 83 of those 27's games. Against knights who never accuse (the default before) caution
    was worse still for him: 5 players 24 against 18 wins of 100 (p = 0.03), 7 players 32
    against 14 (p = 0.0009), the old table then pricing his own life point at the evil step
    as a loyal knight's mark. A traitor who reads the belief can look loyal to it: refitted
    on the cautious traitor's games (``benchmarks/fit_belief.py --policies search``), the
    table inverted at each fit, as he read it too."""

    searches = True
    worlds: int = 8
    width: int = 4
    caution: float = 0.0
    playouts: Playouts = field(default_factory=Playouts)
    loyal: LoyalHeuristic = field(default_factory=LoyalHeuristic)
    traitor: TraitorHeuristic = field(default_factory=TraitorHeuristic)

    def choose(
        self, observation: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return self.traitor.choose(observation, actions, rng)

    def decide(
        self,
        s: GameState,
        seat: int,
        legal: Sequence[Action],
        rng: random.Random,
        dealer: Dealer | None,
        record: Sequence[tuple[int, str | None]],
    ) -> Action:
        if not searched_moment(s) or s.revealed[seat]:
            return self.traitor.choose(observation_view(s, seat), legal, rng)
        cands = candidates(s, seat, legal, self.loyal, self.width)
        own = self.traitor.choose(observation_view(s, seat), legal, rng)
        if own not in cands:
            cands.insert(0, own)
        for a in legal:
            if type(a) in (DrawWhite, Move) and a not in cands and len(cands) < self.width + 3:
                cands.append(a)
        if len(cands) == 1:
            return cands[0]
        cost = {}
        for a in cands:
            kind = public_kind(s, seat, a)
            ratio = LIKELIHOOD.get(kind, 1.0) if kind is not None else 1.0
            cost[a] = self.caution * DAMPING * _log(ratio)
        source = Redeal(s, seat)
        how = self.playouts
        return _best(
            source, self.worlds, cands, rng, self.loyal, self.traitor, how, -1.0, cost=cost
        )


def _log(x: float) -> float:
    return math.log(x) if x > 0 else 0.0
