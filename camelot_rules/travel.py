"""Travel cards (Merlin's Company): checking the box against what was drawn in play.

A knight moving to a new quest by a heroic action (or by a knight's power) draws one travel
card (JA travel rules). The 16-card travel deck is reshuffled only when it runs out, never with
the white and black decks (JA travel rules, note on reshuffles). The per-kind counts are omitted
by the translation and unverified publicly, so the default mix is an assumption (see
:data:`camelot_rules.rulebook.TRAVEL`); this module lets a group infer the mix from play.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from math import prod

from camelot_rules import rulebook
from camelot_rules.cards import Deck

__all__ = ["travel_composition_posterior", "travel_compositions"]


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1); 0 when k > n."""
    return prod(range(n - k + 1, n + 1)) if k <= n else 0


def travel_compositions(
    deck_size: int, kinds: int, *, allow_zero: bool
) -> Iterator[tuple[int, ...]]:
    """Every way to split ``deck_size`` cards among ``kinds`` kinds (each >= 1 unless
    ``allow_zero``), in lexicographic order.

    >>> sum(1 for _ in travel_compositions(16, 7, allow_zero=False))
    5005
    >>> sum(1 for _ in travel_compositions(16, 7, allow_zero=True))
    74613
    """
    low = 0 if allow_zero else 1

    def rec(left: int, parts: int) -> Iterator[tuple[int, ...]]:
        if parts == 1:
            if left >= low:
                yield (left,)
            return
        for first in range(low, left - low * (parts - 1) + 1):
            for rest in rec(left - first, parts - 1):
                yield (first, *rest)

    yield from rec(deck_size, kinds)


def travel_composition_posterior(
    cycles: Sequence[Sequence[str]], *, deck_size: int = 16, allow_zero: bool = False
) -> dict[Deck, Fraction]:
    """Return the posterior over travel-deck compositions given draws observed in play.

    ``cycles`` holds one list of card names per pass through the deck (in draw order since a
    reshuffle; the last pass may be partial). The prior is uniform over every deck of
    ``deck_size`` cards made of the seven travel kinds (each kind at least once unless
    ``allow_zero``). A pass of L cards with m_k of kind k has likelihood
    prod_k c_k (c_k - 1) ... (c_k - m_k + 1) / (N (N-1) ... (N-L+1)); passes are independent
    because each starts from a full shuffle. The denominator is the same for every composition,
    so the posterior is proportional to the product of falling factorials. A full pass pins the
    composition exactly. Zero-probability compositions are left out.

    >>> kinds = ["nothing_happens", "merlin_travels", "vision", "charged", "lost", "ambushed"]
    >>> post = travel_composition_posterior([kinds + ["captured"]], deck_size=7)
    >>> list(post.values())
    [Fraction(1, 1)]
    """
    if isinstance(deck_size, bool) or not isinstance(deck_size, int) or deck_size < 1:
        raise ValueError(f"deck_size={deck_size!r} must be a whole number of cards >= 1")
    kinds = rulebook.TRAVEL_KINDS
    position = {name: i for i, name in enumerate(kinds)}
    if isinstance(cycles, (str, bytes)) or not isinstance(cycles, Sequence):
        raise ValueError(f"cycles={cycles!r} must be a list of passes (each a list of card names)")
    seen: list[list[int]] = []  # per pass, copies of each kind
    for number, cycle in enumerate(cycles, start=1):
        if isinstance(cycle, (str, bytes)) or not isinstance(cycle, Sequence):
            raise ValueError(f"pass {number} is {cycle!r}; expected a list of travel card names")
        if len(cycle) > deck_size:
            raise ValueError(
                f"pass {number} has {len(cycle)} cards but the deck holds {deck_size}: "
                "start a new pass at each reshuffle"
            )
        counts = [0] * len(kinds)
        for name in cycle:
            if name not in position:
                raise ValueError(
                    f"pass {number}: unknown travel card name {name!r}; "
                    f"expected one of {list(kinds)}"
                )
            counts[position[name]] += 1
        seen.append(counts)
    # weight_k[c] = prod over passes of falling(c, m_k) - the part of the likelihood for kind k.
    weight = [
        [prod(_falling(c, counts[k]) for counts in seen) for c in range(deck_size + 1)]
        for k in range(len(kinds))
    ]
    weights: dict[tuple[int, ...], int] = {}
    for comp in travel_compositions(deck_size, len(kinds), allow_zero=allow_zero):
        w = 1
        for k, c in enumerate(comp):
            w *= weight[k][c]
            if not w:
                break
        if w:
            weights[comp] = w
    total = sum(weights.values())
    if total == 0:
        raise ValueError(
            f"no {deck_size}-card travel deck "
            f"({'zero of a kind allowed' if allow_zero else 'each kind at least once'}) "
            "could produce these passes"
        )
    return {Deck(dict(zip(kinds, comp))): Fraction(w, total) for comp, w in weights.items()}
