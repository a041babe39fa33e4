"""Seeded Monte Carlo simulations of the same rules, written the plain way (shuffle, roll).

They share no code with the exact calculators beyond the rule data, so agreement between the
two is an independent check. Every function takes an explicit ``seed``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from fractions import Fraction

from camelot_rules.base.checks import check_bool
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck

__all__ = [
    "simulate_draws",
    "simulate_first_draw",
    "simulate_random_hand_fights",
    "simulate_siege_fights",
    "simulate_turns_until_exhausted",
]


def _roll(rng: random.Random) -> int:
    return rng.randint(1, rulebook.SIEGE_DIE_FACES)


def simulate_siege_fights(
    played: Iterable[int], trials: int, *, seed: int, excalibur: bool = False
) -> Fraction:
    """Fraction of ``trials`` fights won with ``played`` (roll a d8; total must beat it)."""
    bonus = rulebook.threshold("excalibur_bonus") if check_bool("excalibur", excalibur) else 0
    total = sum(played) + bonus
    rng = random.Random(seed)
    return Fraction(sum(total > _roll(rng) for _ in range(trials)), trials)


def _card_value(name: str) -> int:
    # (parsed here, not by odds.siege.fight_value: the simulation is the exact answer's check)
    if name == "fight_wild":  # named 5 in a siege fight, the best there (F §3d, S16)
        return 5
    head, _, tail = name.partition("_")
    return int(tail) if head == "fight" and tail.isdigit() and int(tail) <= 5 else 0


def simulate_random_hand_fights(
    deck: Deck, hand_size: int, trials: int, *, seed: int, excalibur: bool = False
) -> Fraction:
    """Deal ``hand_size`` cards from a shuffled ``deck``, play every Fight card, roll."""
    bonus = rulebook.threshold("excalibur_bonus") if check_bool("excalibur", excalibur) else 0
    cards = list(deck)
    rng = random.Random(seed)
    wins = 0
    for _ in range(trials):
        hand = rng.sample(cards, hand_size)
        wins += sum(_card_value(c) for c in hand) + bonus > _roll(rng)
    return Fraction(wins, trials)


def simulate_first_draw(
    deck: Deck, cards: Iterable[str], trials: int, *, seed: int
) -> dict[int, Fraction]:
    """Empirical distribution of the 1-based index of the first card in ``cards``."""
    wanted = set(cards)
    pile = list(deck)
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    for _ in range(trials):
        rng.shuffle(pile)
        first = next(i for i, c in enumerate(pile, start=1) if c in wanted)
        counts[first] = counts.get(first, 0) + 1
    return {k: Fraction(v, trials) for k, v in sorted(counts.items())}


def simulate_turns_until_exhausted(
    deck_size: int,
    draws_per_turn: Mapping[int, Fraction],
    trials: int,
    *,
    seed: int,
    horizon: int,
) -> dict[int, Fraction]:
    """Empirical P(the pile runs out in turn t), t <= ``horizon``."""
    rng = random.Random(seed)
    ks = list(draws_per_turn)
    weights = [float(draws_per_turn[k]) for k in ks]
    counts: dict[int, int] = {}
    for _ in range(trials):
        drawn = 0
        for turn in range(1, horizon + 1):
            drawn += rng.choices(ks, weights)[0]
            if drawn >= deck_size:
                counts[turn] = counts.get(turn, 0) + 1
                break
    return {k: Fraction(v, trials) for k, v in sorted(counts.items())}


def simulate_draws(
    deck: Deck, draws: int, cards: Iterable[str], trials: int, *, seed: int, at_least: int = 1
) -> Fraction:
    """Fraction of ``trials`` draws of ``draws`` cards holding >= ``at_least`` of ``cards``."""
    wanted = set(cards)
    pile = list(deck)
    rng = random.Random(seed)
    hits = sum(sum(c in wanted for c in rng.sample(pile, draws)) >= at_least for _ in range(trials))
    return Fraction(hits, trials)


def simulate_black_deck(
    draw: Deck,
    discard: Deck,
    draws_per_turn: Mapping[int, Fraction],
    turns: int,
    trials: int,
    *,
    seed: int,
    cards: Iterable[str] = (),
    finished_cards: Iterable[str] = (),
    expansion: bool = False,
    first_witch: bool = True,
) -> tuple[Fraction, Fraction, Fraction]:
    """Play ``turns`` turns of black draws ``trials`` times, shuffling real lists of cards.

    Rules applied (the plain way): a drawn card goes to the discards, unless it belongs to a
    finished quest in the expansion (removed); a card of a finished quest adds an engine; the
    First Witch shuffles the draw pile and the discards together; an empty pile is rebuilt
    from the discards. Returns the mean number of ``cards`` drawn, of rebuilds and of engines.
    """
    check_bool("expansion", expansion)
    check_bool("first_witch", first_witch)
    rng = random.Random(seed)
    wanted, finished = set(cards), set(finished_cards)
    ks = list(draws_per_turn)
    weights = [float(draws_per_turn[k]) for k in ks]
    seen = rebuilds = engines = 0
    for _ in range(trials):
        pile, disc = list(draw), list(discard)
        rng.shuffle(pile)
        for _turn in range(turns):
            for _ in range(rng.choices(ks, weights)[0]):
                if not pile:
                    break
                card = pile.pop()
                seen += card in wanted
                if card in finished:
                    engines += 1
                if not (card in finished and expansion):
                    disc.append(card)
                if first_witch and card == "morgan_witch_1":
                    pile, disc = pile + disc, []
                    rng.shuffle(pile)
                    rebuilds += 1
                if not pile and disc:
                    pile, disc = disc, []
                    rng.shuffle(pile)
                    rebuilds += 1
    return Fraction(seen, trials), Fraction(rebuilds, trials), Fraction(engines, trials)


def simulate_trips(
    remaining: Deck,
    composition: Deck,
    trips: int,
    trials: int,
    *,
    seed: int,
    can_meet: Mapping[str, bool],
    grail_open: bool = True,
) -> tuple[Fraction, Fraction, Fraction]:
    """Draw travel cards from shuffled lists for ``trips`` trips, reshuffling a fresh deck when
    the pile runs out. Returns (mean captures, mean failed moves, P(Merlin Travels seen))."""
    check_bool("grail_open", grail_open)
    rng = random.Random(seed)
    captures = failed = merlin = 0
    for _ in range(trials):
        pile = list(remaining)
        rng.shuffle(pile)
        seen_merlin = False
        for _trip in range(trips):
            if not pile:
                pile = list(composition)
                rng.shuffle(pile)
            card = pile.pop()
            captures += card == "captured"
            failed += card in can_meet and not can_meet[card]
            seen_merlin = seen_merlin or card == "merlin_travels"
        merlin += seen_merlin
    return Fraction(captures, trials), Fraction(failed, trials), Fraction(merlin, trials)
