"""When a card shows up and when a draw pile runs out.

A deck is drawn in random order; when a draw leaves it empty, the discards are shuffled into a
new draw deck (ES p.10). These calculators answer "where in the deck is the First Witch?" and
"in which turn does the pile run out?".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb, lcm

from camelot_rules.base.dist import check_probability
from camelot_rules.base.i18n import gettext
from camelot_rules.data.decks import Deck
from camelot_rules.data.names import check_card_names

__all__ = ["check_draw_mix", "first_draw_distribution", "turns_until_exhausted"]


MAX_DECK_SIZE = 1000


def first_draw_distribution(deck: Deck, cards: str | Iterable[str]) -> dict[int, Fraction]:
    """Return the distribution of the 1-based draw index of the first card in ``cards``.

    The whole deck is drawn in random order. With N cards and k copies of ``cards``,
    P(first at i) = C(N - i, k - 1) / C(N, k) for i = 1 .. N - k + 1 (the other k - 1 copies
    all lie after position i). ``ValueError`` when the deck holds no copy.

    The First Witch in the 90-card expansion black deck is equally likely to be anywhere:

    >>> from camelot_rules.data.decks import standard_deck
    >>> dist = first_draw_distribution(standard_deck("black", expansion=True), "morgan_witch_1")
    >>> len(dist), dist[1], dist[90]
    (90, Fraction(1, 90), Fraction(1, 90))
    """
    if not isinstance(deck, Deck):
        raise ValueError(
            gettext("deck must be a Deck, got {type_name}").format(type_name=type(deck).__name__)
        )
    names = check_card_names(deck, cards)
    total, marked = deck.size, deck.count_of(names)
    if marked == 0:
        raise ValueError(
            gettext("cards: the deck holds no copy of {value}: it is never drawn").format(
                value=sorted(names)
            )
        )
    ways = comb(total, marked)
    return {i: Fraction(comb(total - i, marked - 1), ways) for i in range(1, total - marked + 2)}


def check_draw_mix(draws_per_turn: Mapping[int, Fraction | int]) -> dict[int, Fraction]:
    """Validate a per-turn draw mix ``{draws: probability}`` and drop zero entries."""
    if not isinstance(draws_per_turn, Mapping) or not draws_per_turn:
        raise ValueError(
            gettext("draws_per_turn={draws_per_turn} must be a non-empty mapping {example}").format(
                draws_per_turn=repr(draws_per_turn), example="{number of draws: probability}"
            )
        )
    mix: dict[int, Fraction] = {}
    for k, p in draws_per_turn.items():
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise ValueError(
                gettext("draws_per_turn key {k} must be a number of draws (int >= 0)").format(
                    k=repr(k)
                )
            )
        if k > MAX_DECK_SIZE:
            raise ValueError(
                gettext(
                    "draws_per_turn key {k}: at most {MAX_DECK_SIZE} draws a turn (no deck here "
                    "holds more than {MAX_DECK_SIZE} cards; the largest deck of the game holds "
                    "107)"
                ).format(k=k, MAX_DECK_SIZE=MAX_DECK_SIZE)
            )
        prob = check_probability(p, f"draws_per_turn[{k}]")
        if prob:
            mix[k] = prob
    total = sum(mix.values(), Fraction(0))
    if total != 1:
        raise ValueError(
            gettext("draws_per_turn probabilities sum to {total}, expected exactly 1").format(
                total=total
            )
        )
    return mix


def turns_until_exhausted(
    deck_size: int, draws_per_turn: Mapping[int, Fraction | int], *, horizon: int | None = None
) -> dict[int, Fraction]:
    """Return P(the draw pile first runs out during turn t) for t = 1, 2, ...

    Rules: ``deck.draw-applies-at-once``.

    Each turn draws k cards with probability ``draws_per_turn[k]``, independently; the pile
    runs out in the turn when the cumulative draws reach or pass ``deck_size``. If 0 draws has
    positive probability the support is infinite and ``horizon`` is required; the result then
    stops at turn ``horizon`` and 1 minus its sum is P(not yet exhausted). A given ``horizon``
    always truncates. A mix that can never draw (``{0: 1}``) raises ``ValueError``.

    Two cards a turn from a 3-card pile: out in turn 2 for sure.

    >>> turns_until_exhausted(3, {2: 1})
    {2: Fraction(1, 1)}
    >>> turns_until_exhausted(2, {0: Fraction(1, 2), 1: Fraction(1, 2)}, horizon=3)
    {2: Fraction(1, 4), 3: Fraction(1, 4)}
    """
    if isinstance(deck_size, bool) or not isinstance(deck_size, int) or deck_size < 1:
        raise ValueError(
            gettext("deck_size={deck_size} must be a whole number of cards >= 1").format(
                deck_size=repr(deck_size)
            )
        )
    if deck_size > MAX_DECK_SIZE:
        raise ValueError(
            gettext(
                "deck_size={deck_size}: at most {MAX_DECK_SIZE} cards (the largest deck of the "
                "game holds 107; the work grows with the square of the size)"
            ).format(deck_size=deck_size, MAX_DECK_SIZE=MAX_DECK_SIZE)
        )
    mix = check_draw_mix(draws_per_turn)
    if set(mix) == {0}:
        raise ValueError("draws_per_turn={0: 1} never draws a card: the pile never runs out")
    if horizon is not None and (
        isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 1
    ):
        raise ValueError(
            gettext("horizon={horizon} must be a positive whole number of turns").format(
                horizon=repr(horizon)
            )
        )
    if 0 in mix and horizon is None:
        raise ValueError(
            gettext(
                "draws_per_turn gives 0 draws probability {value}, so the pile may last forever: "
                "give a horizon (horizon=T, or --horizon T in the terminal)"
            ).format(value=mix[0])
        )
    turns = _check_work(deck_size, mix, horizon)
    # Exact integer weights: after t turns every path has probability weight / den^t, den being
    # the common denominator of the mix, so one Fraction is made per turn (not one per step).
    den = lcm(*(q.denominator for q in mix.values()))
    weights = [(k, q.numerator * (den // q.denominator)) for k, q in sorted(mix.items())]
    alive = [0] * deck_size  # alive[d]: weight of "d cards drawn, the pile not yet empty"
    alive[0] = 1
    low, high = 0, 0  # the drawn counts alive lie in low..high
    result: dict[int, Fraction] = {}
    scale = 1
    for turn in range(1, turns + 1):
        nxt = [0] * deck_size
        out = 0
        for drawn in range(low, high + 1):
            w = alive[drawn]
            if not w:
                continue
            for k, qn in weights:
                if drawn + k >= deck_size:
                    out += w * qn
                else:
                    nxt[drawn + k] += w * qn
        scale *= den
        if out:
            result[turn] = Fraction(out, scale)
        alive = nxt
        low = min(low + weights[0][0], deck_size)
        high = min(high + weights[-1][0], deck_size - 1)
        if low >= deck_size:
            break
    return result


# The work of one call, counted in (drawn count, draws) steps, is bounded before it starts: a
# few million steps take a few seconds; the game's own questions need thousands.
MAX_WORK = 5_000_000


def _check_work(deck_size: int, mix: dict[int, Fraction], horizon: int | None) -> int:
    """Return the number of turns to compute, or raise ``ValueError`` if the work is too much."""
    least = min(k for k in mix if k > 0)
    turns = -(-deck_size // least)  # by then every path has drawn the whole pile
    if horizon is not None:
        turns = min(turns, horizon) if 0 not in mix else horizon
    work = turns * min(deck_size, turns * max(mix)) * len(mix)
    if work > MAX_WORK:
        raise ValueError(
            gettext(
                "deck_size={deck_size} with {n_mix} kinds of draw over {turns} turns is about "
                "{work} steps of work, over the limit of {MAX_WORK}: ask about a smaller pile, "
                "fewer kinds of draw or a shorter horizon"
            ).format(
                deck_size=deck_size,
                n_mix=len(mix),
                turns=turns,
                work=format(work, ","),
                MAX_WORK=format(MAX_WORK, ","),
            )
        )
    return turns
