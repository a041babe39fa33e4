"""Drawing cards without replacement: exact hypergeometric odds.

Every black card is drawn and applied at once (ES p.10) and white cards are drawn two at a time
at the Round Table (F §6, S6); both are draws without replacement from the cards left.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import comb

from camelot_rules.base.checks import check_instance
from camelot_rules.base.i18n import gettext
from camelot_rules.data.decks import Deck
from camelot_rules.data.names import check_card_names

__all__ = ["check_draws", "draw_probability", "hits_distribution"]


def check_draws(deck: Deck, draws: object, name: str = "draws") -> int:
    """Return ``draws`` if it is an int in ``0..deck.size``, else raise ``ValueError`` naming
    the parameter ``name`` (``hand_size`` for a dealt hand)."""
    check_instance("deck", deck, Deck)
    if isinstance(draws, bool) or not isinstance(draws, int):
        raise ValueError(
            gettext("{name}={draws} must be a whole number of cards").format(
                name=name, draws=repr(draws)
            )
        )
    if not 0 <= draws <= deck.size:
        raise ValueError(
            gettext(
                "{name}={draws} is impossible from a deck of {size} cards; expected 0..{size}"
            ).format(name=name, draws=draws, size=deck.size)
        )
    return draws


def hits_distribution(deck: Deck, draws: int, cards: str | Iterable[str]) -> dict[int, Fraction]:
    """Return P(exactly x of the drawn cards are in ``cards``) for each possible x.

    Hypergeometric: C(K, x) C(N-K, n-x) / C(N, n).

    >>> hits_distribution(Deck({"grail": 1, "fight_1": 2}), 2, "grail")
    {0: Fraction(1, 3), 1: Fraction(2, 3)}
    """
    draws = check_draws(deck, draws)
    names = check_card_names(deck, cards)
    total, marked = deck.size, deck.count_of(names)
    ways = comb(total, draws)
    return {
        x: Fraction(comb(marked, x) * comb(total - marked, draws - x), ways)
        for x in range(max(0, draws - (total - marked)), min(marked, draws) + 1)
    }


def draw_probability(
    deck: Deck, draws: int, cards: str | Iterable[str], *, at_least: int = 1
) -> Fraction:
    """Return P(at least ``at_least`` of ``draws`` cards drawn from ``deck`` are in ``cards``).

    Rules: ``deck.draw-applies-at-once``, ``white.round-table``.

    Draws are without replacement. ``cards`` is a name or a collection of names; a name that is
    neither in ``deck`` nor in any standard deck raises ``ValueError``, as do
    ``draws`` outside ``0..deck.size`` and ``at_least`` outside ``1..draws``.

    Example: at least one Grail card in a Round Table draw of 2 from the 84-card white deck
    (18 Grails): 1 - C(66,2)/C(84,2) = 1 - 2145/3486 = 1341/3486 = 447/1162.

    >>> from camelot_rules.data.decks import standard_deck
    >>> draw_probability(standard_deck("white"), 2, "grail")
    Fraction(447, 1162)
    """
    draws = check_draws(deck, draws)
    if deck.size == 0:
        raise ValueError(gettext("the deck is empty: there is nothing to draw"))
    if isinstance(at_least, bool) or not isinstance(at_least, int) or not 1 <= at_least <= draws:
        raise ValueError(
            gettext("at_least={at_least} must be a whole number in 1..draws (1..{draws})").format(
                at_least=repr(at_least), draws=draws
            )
        )
    dist = hits_distribution(deck, draws, cards)
    return sum((p for x, p in dist.items() if x >= at_least), Fraction(0))
