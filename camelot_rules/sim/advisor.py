"""The advisor: "what should I do now?" - the current knight's legal actions ranked by the
estimated chance that the loyal knights win after each.

:func:`advise` takes an engine position (a saved game: ``state.to_json()``) at a decision of a
loyal knight. For each legal action it plays whole games on: the action, then the heuristic
policies to the end, in worlds dealt from what the knight has seen
(:class:`~camelot_rules.sim.determinize.Redeal`, or any :class:`~camelot_rules.sim.
determinize.Worlds`), each world with its own dealer (:class:`~camelot_rules.sim.chance.
Dealer`) so that every action meets the same cards in the same order (common random numbers;
the games drift apart after a few turns, so this narrows the comparison only a little). It is
anytime: rounds of one world for every action still in the race until the time budget is spent,
a ``progress`` callback after each round; every 16 worlds the worse half of the actions (by
games won so far) stops, down to 4 (successive halving, Karnin, Koren and Somekh 2013), so the
time goes to telling the best ones apart. Each action's estimate is its share of games won,
with its exact 95% Clopper-Pearson interval; the top two are compared game by game (the same
worlds): when the 95% interval of their difference holds 0 the answer says the first place is
too close to call. Where a calculator has them, the exact odds of the chance the action meets
at once are shown beside it: a siege fight
(:func:`~camelot_rules.odds.siege.siege_win_probability`), a quest won now or lost before the
next turn (:func:`~camelot_rules.odds.quests.turn_choices`), the next travel card
(:func:`~camelot_rules.odds.travel.next_trip_risk`).

The estimates describe games played on by the heuristic policies (after the action, every seat
plays as :class:`~camelot_rules.sim.heuristic.LoyalHeuristic` and the traitor as
:class:`~camelot_rules.sim.heuristic.TraitorHeuristic`): they rank the actions for a table
playing that way, which loses more often than good human tables do.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import Deck
from camelot_rules.data.names import display_name
from camelot_rules.engine.actions import Action, FightEngine, Move
from camelot_rules.engine.flow import decider
from camelot_rules.engine.state import GameState
from camelot_rules.front.display import fmt_percent
from camelot_rules.odds.quests import TurnChoice, turn_choices
from camelot_rules.odds.siege import siege_win_probability
from camelot_rules.odds.travel import next_trip_risk
from camelot_rules.sim.chance import Dealer
from camelot_rules.sim.determinize import Redeal, Worlds, suspicion
from camelot_rules.sim.heuristic import LoyalHeuristic, TraitorHeuristic
from camelot_rules.sim.loop import rollout
from camelot_rules.sim.stats import clopper_pearson

__all__ = ["Advice", "Choice", "advise", "immediate_odds"]

_MAX_STEPS = 50_000
_Z95 = 1.959963984540054
_PHASE = 16  # worlds between two halvings of the actions still played
_KEEP = 4  # actions that always play on


@dataclass(frozen=True)
class Choice:
    """One legal action, its games won out of played, the interval, and the exact odds of
    the chance it meets at once (``odds``: label -> probability; empty when none applies)."""

    action: Action
    wins: int
    games: int
    low: float
    high: float
    odds: tuple[tuple[str, Fraction], ...] = ()

    @property
    def p_win(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def __str__(self) -> str:
        return self.text()

    def text(self, label: Callable[[Action], str] = str) -> str:
        """The line of this action (named by ``label``: the engine's English by default)."""
        odds = "; ".join(f"{name} {p} ({fmt_percent(p)})" for name, p in self.odds)
        text = _("{action}: P(knights win) {p} [{low}, {high}] ({wins}/{games})").format(
            action=label(self.action),
            p=f"{self.p_win:.1%}",
            low=f"{self.low:.1%}",
            high=f"{self.high:.1%}",
            wins=self.wins,
            games=self.games,
        )
        return text + (_(" - now: {odds}").format(odds=odds) if odds else "")


@dataclass(frozen=True)
class Advice:
    """The ranked actions (best first) and how the answer was reached."""

    seat: int
    knight: str
    choices: tuple[Choice, ...]
    seconds: float
    worlds: int
    seed: int
    close_call: bool
    difference: tuple[float, float, float]  # top minus second: mean and 95% interval
    assumptions: tuple[str, ...] = field(default=())

    @property
    def best(self) -> Choice:
        return self.choices[0]

    def text(self, label: Callable[[Action], str] = str) -> str:
        """The answer in words, the best action first (each action named by ``label``: the
        engine's English by default; :func:`camelot_rules.front.steps.step_text` names the
        cards and quests as printed, in the language in force)."""
        lines = [
            _(
                "Seat {seat} ({knight}): {n} legal actions, {worlds} worlds each "
                "({seconds} s, seed {seed})."
            ).format(
                seat=self.seat,
                knight=display_name(self.knight, "knight"),
                n=len(self.choices),
                worlds=self.worlds,
                seconds=f"{self.seconds:.1f}",
                seed=self.seed,
            )
        ]
        if len(self.choices) > 1:
            mean, lo, hi = self.difference
            numbers = {
                "first": label(self.best.action),
                "second": label(self.choices[1].action),
                "mean": f"{mean:+.1%}",
                "low": f"{lo:+.1%}",
                "high": f"{hi:+.1%}",
            }
            if self.close_call:
                line = _(
                    "Too close to call: {first} and {second} differ by {mean} [{low}, {high}] "
                    "(the same worlds for both)."
                )
            else:
                line = _(
                    "Best: {first}, {mean} [{low}, {high}] over {second} (the same worlds for "
                    "both)."
                )
            lines.append(line.format(**numbers))
        lines += [f"{k + 1}. {c.text(label)}" for k, c in enumerate(self.choices)]
        lines.append(_("Assumes: {what}").format(what="; ".join(self.assumptions)))
        return "\n".join(lines)


def immediate_odds(s: GameState, action: Action) -> tuple[tuple[str, Fraction], ...]:
    """The exact odds of the chance ``action`` meets at once, where a calculator has them:
    a siege fight won; a quest won now and lost before the knight's next turn; the next
    travel card (Merlin's Company)."""
    seat = decider(s)
    out: list[tuple[str, Fraction]] = []
    if isinstance(action, FightEngine):
        excalibur = s.relics[0] == seat
        reserve: tuple[int, ...] = ()
        if s.knights[seat] == "kay":
            hand = s.hand(seat)
            left = [int(n[6:]) for n, c in hand.items() if n[6:].isdigit() for _ in range(c)]
            for v in action.values:
                if v in left:
                    left.remove(v)
            reserve = tuple(left)
        p = siege_win_probability(
            action.values, excalibur=excalibur, kay_reserve=reserve, divine_favor=s.favor
        )
        out.append((_("siege fight won"), p))
    if s.phase == "heroic" and not s.pending:
        for choice in _turn_choices(s):
            if choice.action == str(action) or (
                choice.action == "discard a card for Excalibur"
                and type(action).__name__ == "DiscardForExcalibur"
            ):
                if choice.p_win_now or not isinstance(action, Move):  # (a move wins nothing now)
                    out.append(
                        (
                            _("{quest} won now").format(quest=display_name(choice.quest, "quest")),
                            choice.p_win_now,
                        )
                    )
                out.append(
                    (
                        _("{quest} lost before your next turn").format(
                            quest=display_name(choice.quest, "quest")
                        ),
                        choice.p_lost_soon,
                    )
                )
    if isinstance(action, Move) and s.cfg.expansion and s.phase == "heroic":
        names = s.cfg.travel_names
        remaining = Deck({n: c for n, c in zip(names, s.tpile) if c})
        risk = next_trip_risk(
            remaining,
            hand=s.hand(seat),
            grail_open=not s.grail_over,
            captured_held=sum(s.captured),
        )
        out += [(_("travel: {what}").format(what=k), p) for k, p in risk.outcomes.items() if p]
    return tuple(out)


def _turn_choices(s: GameState) -> tuple[TurnChoice, ...]:
    try:
        return turn_choices(s)
    except ValueError:  # a position the calculator does not cover (e.g. a reshuffle due)
        return ()


def advise(
    state: GameState,
    *,
    seconds: float = 10.0,
    seed: int = 0,
    worlds: Worlds | None = None,
    record: Sequence[tuple[int, str | None]] = (),
    progress: Callable[[float, Advice], object] | None = None,
    max_worlds: int = 100_000,
) -> Advice:
    """Rank the legal actions of the loyal knight deciding at ``state`` (see the module).

    ``seconds``: the time budget (at least one world is always played; the answer depends on
    the machine's speed through the number of worlds played: ``max_worlds`` stops at a
    number, for an answer that is the same everywhere). ``worlds``: where the worlds come
    from (default: :class:`~camelot_rules.sim.determinize.Redeal` from ``state`` for the
    deciding seat, the traitor weighted by ``record``, the public record of choices).
    ``progress(fraction, advice_so_far)`` is called after each round. The same seed and
    number of worlds give the same answer.
    """
    if not isinstance(state, GameState):
        raise ValueError(f"state={state!r}: expected a position of the rules engine")
    if state.is_terminal() or state.is_chance():
        raise ValueError("state: expected a position where a knight decides (not over, not chance)")
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, (int, float))
        or not 0 < seconds < math.inf
    ):
        raise ValueError(f"seconds={seconds!r}: expected a time budget > 0 (in seconds)")
    if isinstance(max_worlds, bool) or not isinstance(max_worlds, int) or max_worlds < 1:
        raise ValueError(f"max_worlds={max_worlds!r}: expected a number of worlds >= 1")
    seat = decider(state)
    if state.loyalty[seat] == "traitor":
        raise ValueError(f"seat {seat} is a traitor: the advisor counsels loyal knights")
    legal = state.legal_actions()
    if worlds is None:
        if state.pending:
            raise ValueError(
                "state: the advisor answers at a turn's choice (the evil step or a heroic "
                "action), not inside a card's resolution"
            )
        worlds = Redeal(state, seat, suspicion(record, state.cfg.players))
    loyal, traitor = LoyalHeuristic(), TraitorHeuristic()
    rng = random.Random(seed)
    wins: list[list[int]] = [[] for _ in legal]
    active = list(range(len(legal)))
    start = time.perf_counter()
    played = 0
    odds = [immediate_odds(state, a) for a in legal]
    advice = _advice(state, seat, legal, wins, odds, 0.0, 0, seed)
    while played < max_worlds:
        world = worlds.sample(1, rng)[0]
        world_seed = rng.getrandbits(62)
        dealer = Dealer(world_seed)
        for k in active:
            end = rollout(
                world.apply(legal[k]),
                loyal,
                traitor,
                random.Random(world_seed),
                dealer.copy(),
                1 << 30,
                _MAX_STEPS,
            )
            wins[k].append(1 if end.outcome is not None and end.outcome.knights_win else 0)
        played += 1
        if played % _PHASE == 0 and len(active) > _KEEP:
            # successive halving: the better half plays on (the rest keep what they have)
            active.sort(key=lambda k: -sum(wins[k]) / len(wins[k]))
            active = sorted(active[: max(_KEEP, (len(active) + 1) // 2)])
        spent = time.perf_counter() - start
        if progress is not None or spent >= seconds or played >= max_worlds:
            advice = _advice(state, seat, legal, wins, odds, spent, played, seed)
        if progress is not None:
            progress(min(1.0, spent / seconds), advice)
        if spent >= seconds:
            break
    return advice


def _advice(
    state: GameState,
    seat: int,
    legal: Sequence[Action],
    wins: list[list[int]],
    odds: list[tuple[tuple[str, Fraction], ...]],
    spent: float,
    played: int,
    seed: int,
) -> Advice:
    choices = []
    for a, w, o in zip(legal, wins, odds):
        n, k = len(w), sum(w)
        lo, hi = clopper_pearson(k, n) if n else (0.0, 1.0)
        choices.append(Choice(a, k, n, lo, hi, o))
    order = sorted(range(len(choices)), key=lambda i: -choices[i].p_win)
    ranked = tuple(choices[i] for i in order)
    diff = (0.0, 0.0, 0.0)
    close = True
    if len(order) > 1 and played > 1:
        first, second = wins[order[0]], wins[order[1]]
        d = [x - y for x, y in zip(first, second)]  # the worlds both played
        mean = sum(d) / len(d)
        var = sum((x - mean) ** 2 for x in d) / (len(d) - 1)
        half = _Z95 * math.sqrt(var / len(d))
        diff = (mean, mean - half, mean + half)
        close = diff[1] <= 0.0
    elif len(order) == 1:
        close = False
    return Advice(
        seat=seat,
        knight=state.knights[seat],
        choices=ranked,
        seconds=spent,
        worlds=played,
        seed=seed,
        close_call=close,
        difference=diff,
        assumptions=(
            _("after the action every seat plays the heuristic policies to the end of the game"),
            _(
                "the other hands, the black pile, the face-down black cards and the other "
                "loyalty cards are dealt again from what this knight has not seen, the traitor "
                "weighted by the public record given"
            ),
            _(
                "interval: exact 95% Clopper-Pearson per action; first place: 95% normal "
                "interval of the paired difference"
            ),
            _("options: {options}").format(
                options=", ".join(f"{k}={v}" for k, v in state.cfg.options)
            ),
        ),
    )
