"""An evaluation of a position: the chance that the loyal knights win from here, estimated.

The search policies (:mod:`camelot_rules.sim.search`) play lines ahead a few turns and then
stop; :func:`knights_win_estimate` scores the position reached. It is a logistic model
(``1 / (1 + exp(-w . x))``) over :func:`features` of the complete state - swords, siege
engines, each quest's progress, the loyal knights' life and cards, the hidden traitors - whose
weights were fitted by maximum likelihood to the outcomes of games played by the heuristic
policies (``benchmarks/fit_evaluation.py`` prints them, and how well they predict games they
were not fitted on). So it answers "how likely are the knights to win from here if the table
plays as the heuristics do": a yardstick to compare the positions that different choices lead
to, not a probability for people (the advisor plays games to the end for that).

This is the classic pairing of Monte Carlo playouts with a static evaluation at a depth
cut-off (e.g. Lorentz 2016, "Using evaluation functions in Monte-Carlo tree search",
Theoretical Computer Science 644).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from camelot_rules.data import rulebook
from camelot_rules.engine.state import GameState

__all__ = ["FEATURES", "check_weights", "features", "fitted_weights", "knights_win_estimate"]

_BLACK_LOSE: Final = rulebook.threshold("black_swords_to_lose")
_ENGINES_LOSE: Final = rulebook.threshold("siege_engines_to_lose")
_SWORDS_END: Final = rulebook.threshold("swords_to_end")
_GRAIL_SPOTS: Final = rulebook.threshold("grail_spots")
_EXC_STEPS: Final = rulebook.threshold("excalibur_steps")
_WARRIORS_LOSE: Final = rulebook.threshold("war_warriors_to_lose")
_MAX_LIFE: Final = rulebook.threshold("max_life")

#: the names of :func:`features`, in order (the weights below follow this order)
FEATURES: Final[tuple[str, ...]] = (
    "bias",
    "white swords / 12",
    "black swords / 7",
    "siege engines / 12",
    "(siege engines - 6)+ squared / 36",
    "one black sword from losing",
    "hidden traitors",
    "final margin with the hidden traitors' flip / 12",
    "that margin x swords laid / 144",
    "Grail cards laid / 7 (open)",
    "black cards on the Grail / 7 (open)",
    "Grail open",
    "Excalibur's position / steps (open)",
    "Excalibur open",
    "warriors on both wars / 4",
    "a war one warrior from lost",
    "Fight cards laid on both wars / 5",
    "Black Knight: white total / 20",
    "Black Knight: black cards / 4",
    "Lancelot or Dragon: white cards / spots",
    "Lancelot or Dragon: black cards / 5",
    "Lancelot and the Dragon over",
    "loyal knights dead",
    "loyal life / (6 x players)",
    "loyal knights at 1 life",
    "loyal life short of 3",
    "loyal white cards / (5 x players)",
    "loyal Fight values / (15 x players)",
    "Grail cards in loyal hands / 4",
    "Merlin cards in loyal hands / 2",
    "special white cards in loyal hands / 2",
    "turn / 100",
    "captured knights",
    "witches in play",
)


def features(s: GameState) -> list[float]:
    """The position's features for the evaluation (names in :data:`FEATURES`), from the
    complete state: every hand and loyalty (the search gives it a sampled one)."""
    cfg = s.cfg
    players = cfg.players
    wsw, bsw, engines = s.wsw, s.bsw, s.engines
    hidden = 0
    dead = life = at_one = short = cards = fight = grails = merlins = specials = 0
    names = cfg.white_names
    special_at = cfg.white_special
    for seat in range(players):
        if s.loyalty[seat] == "traitor":
            if not s.revealed[seat] and not s.dead[seat]:
                hidden += 1
            continue
        if s.dead[seat]:
            dead += 1
            continue
        life += s.life[seat]
        if s.life[seat] <= 1:
            at_one += 1
        if s.life[seat] < 3:
            short += 3 - s.life[seat]
        hand = s.hands[seat]
        for i, c in enumerate(hand):
            if c:
                cards += c
                name = names[i]
                if name.startswith("fight_") and name[6:].isdigit():
                    fight += c * int(name[6:])
                elif name == "grail":
                    grails += c
                elif name == "merlin":
                    merlins += c
        for i in special_at:
            specials += hand[i]
    grail_open = not s.grail_over
    exc_open = not s.exc_over
    (f1, w1, _), (f2, w2, _) = s.wars
    ld = s.ld_mode
    ld_spots = 5 if ld == "lancelot" else 9
    return [
        1.0,
        wsw / _SWORDS_END,
        bsw / _BLACK_LOSE,
        engines / _ENGINES_LOSE,
        max(0, engines - 6) ** 2 / 36,
        1.0 if bsw >= _BLACK_LOSE - 1 else 0.0,
        float(hidden),
        (wsw - bsw - 4 * hidden) / _SWORDS_END,
        (wsw - bsw - 4 * hidden) * (wsw + bsw) / (_SWORDS_END * _SWORDS_END),
        s.grail_n / _GRAIL_SPOTS if grail_open else 0.0,
        len(s.grail_b) / _GRAIL_SPOTS if grail_open else 0.0,
        1.0 if grail_open else 0.0,
        s.exc_pos / _EXC_STEPS if exc_open else 0.0,
        1.0 if exc_open else 0.0,
        (w1 + w2) / _WARRIORS_LOSE,
        1.0 if max(w1, w2) >= _WARRIORS_LOSE - 1 else 0.0,
        (f1 + f2) / 5,
        sum(s.bk_w) / 20,
        len(s.bk_b) / 4,
        len(s.ld_w) / ld_spots if ld != "over" else 0.0,
        len(s.ld_b) / 5 if ld != "over" else 0.0,
        1.0 if ld == "over" else 0.0,
        float(dead),
        life / (_MAX_LIFE * players),
        float(at_one),
        float(short),
        cards / (5 * players),
        fight / (15 * players),
        grails / 4,
        merlins / 2,
        specials / 2,
        s.turn_no / 100,
        float(sum(s.captured)),
        float(len(s.witches)),
    ]


# fitted by ``benchmarks/fit_evaluation.py --games 200 --workers 2`` (seed 101): 200 games
# for each player count, with and without a traitor. Base box: the loyal knights jittered
# (``--eps 0.1``: a random action at a turn's choice one time in ten, so that choices the
# heuristic never makes are seen and priced); held out, 2,000 games (63 won), log-loss 0.129
# against 0.177 for the base rate, AUC 0.869. Merlin's Company: ``--eps 0`` (jittered knights
# won 3 games of 2,200, too few to fit); held out, 2,200 games (49 won; 8 players without a
# traitor cannot be dealt), log-loss 0.094 against 0.140, AUC 0.913.
_WEIGHTS_BASE: Final[tuple[float, ...]] = (
    -10.1068,
    6.1110,
    6.8148,
    -3.2611,
    -0.1059,
    -0.2690,
    -0.9635,
    2.4568,
    2.8219,
    2.3418,
    -5.0982,
    0.6171,
    0.2980,
    2.2338,
    -0.0670,
    -0.0158,
    0.8400,
    0.8372,
    0.7574,
    0.2599,
    0.6704,
    0.0789,
    0.0844,
    5.6443,
    -0.0091,
    0.1040,
    0.3372,
    0.4388,
    -0.0103,
    0.2576,
    -0.2291,
    0.2200,
    0.0000,
    0.0000,
)
_WEIGHTS_EXPANSION: Final[tuple[float, ...]] = (
    -6.5133,
    6.6456,
    6.4366,
    -3.2140,
    -2.6387,
    -1.6974,
    -0.5294,
    3.0674,
    8.4781,
    2.7086,
    -3.2726,
    -0.1423,
    0.3620,
    2.2875,
    -0.2243,
    0.2377,
    0.5377,
    0.8577,
    0.0766,
    1.0084,
    0.2620,
    -0.5434,
    -0.2122,
    2.1714,
    -0.1854,
    -0.0323,
    -1.1719,
    0.4292,
    0.5052,
    0.2990,
    -0.1502,
    0.5420,
    -0.1784,
    -0.3162,
)


assert len(_WEIGHTS_BASE) == len(_WEIGHTS_EXPANSION) == len(FEATURES)


def knights_win_estimate(s: GameState, weights: Sequence[float] = ()) -> float:
    """The estimated chance that the loyal knights win from ``s`` (1 or 0 once it is over):
    with the fitted weights of its box, or ``weights`` (one per :data:`FEATURES`, checked by
    :func:`check_weights`) when given.

    >>> from camelot_rules.engine import new_game
    >>> 0.0 < knights_win_estimate(new_game(5, seed=1)) < 1.0
    True
    """
    if s.outcome is not None:
        return 1.0 if s.outcome.knights_win else 0.0
    if not weights:
        weights = _WEIGHTS_EXPANSION if s.cfg.expansion else _WEIGHTS_BASE
    elif len(weights) != len(FEATURES):  # (zip would drop the features past the last weight)
        check_weights(weights)
    z = 0.0
    for w, x in zip(weights, features(s)):
        z += w * x
    if z < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def fitted_weights(expansion: bool = False) -> tuple[float, ...]:
    """The weights fitted for the base box, or Merlin's Company's (one per :data:`FEATURES`):
    a start for a variant to try (:class:`~camelot_rules.sim.search.Playouts`'s ``weights``).

    >>> len(fitted_weights()) == len(FEATURES)
    True
    """
    return _WEIGHTS_EXPANSION if expansion else _WEIGHTS_BASE


def check_weights(weights: object) -> None:
    """Nothing if ``weights`` is none (the fitted weights) or one finite number per
    :data:`FEATURES`; else a ``ValueError`` naming ``weights`` and what is allowed.

    >>> check_weights(())
    >>> check_weights([1.0, 2.0])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: weights: 2 numbers given; allowed: none (the fitted weights) or one for each ...
    """
    allowed = (
        f"allowed: none (the fitted weights) or one for each of the {len(FEATURES)} features "
        "(evaluate.FEATURES)"
    )
    if isinstance(weights, (str, bytes)) or not isinstance(weights, Sequence):
        raise ValueError(f"weights: {type(weights).__name__} given; {allowed}")
    if weights and len(weights) != len(FEATURES):
        raise ValueError(f"weights: {len(weights)} numbers given; {allowed}")
    for i, w in enumerate(weights):
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w):
            raise ValueError(f"weights[{i}] ({FEATURES[i]}): {w!r} given; a finite number")
