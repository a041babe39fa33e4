"""A war against the Picts or the Saxons: warriors arrive while the knights build a straight.

Rules encoded: the knights win the war by laying Fight cards in an ascending straight 1, 2, 3,
4, 5 (F §6, pattern HIGH); each black card of the war's kind adds a warrior, and the 4th
warrior loses the war (F §6, 4 figures HIGH). Mercenaries join the war of the drawer's choice
(F §2): ``mercenaries_here`` is the chance they join this one (a parameter). The Third Witch
of the expansion deck adds one Pict and one Saxon (JA witches, 3rd): a warrior to either war.

Turns go round the table of ``players`` knights. Each turn starts with evil progression: with
``p_black_card`` the knight draws a black card (ES p.10), which adds a warrior with the exact
chance its kind has in the black deck. Then, if the knight is one of the ``party`` at this war,
they lay the next card of the straight when their hand holds it: P(a hand of ``hand_size``
cards dealt from the white deck holds that Fight value), exact from the deck composition.
Simplification (say so when quoting the numbers): each attempt is an independent fresh chance,
as if hands were refilled; warriors from other effects (Mordred) are left out.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from camelot_rules.base.dist import check_probability
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.odds.draws import draw_probability

__all__ = ["War"]

_STRAIGHT = len(rulebook.war_sequence("picts"))  # Fight 1..5 (rule data: BoQ p.10; RB p.15)
_WARRIORS_TO_LOSE = rulebook.threshold("war_warriors_to_lose")  # the 4th loses (BoQ p.10)
_THIRD_WITCH = "morgan_witch_3"  # one Pict and one Saxon (JA witches, 3rd)

# (cards laid, warriors, knight whose turn it is, step: 0 evil / 1 lay) or (result,)
State = tuple[int, int, int, int] | tuple[str]


@dataclass(frozen=True)
class War:
    """P(win the war) for a party of knights; ``side`` is "picts" or "saxons".

    Rules: ``war.straight``, ``witch.third``.

    Give ``black=standard_deck("black", expansion=True)`` for Merlin's Company: its Third Witch
    counts as a warrior of this war.
    """

    party: int = 2
    players: int = 5
    p_black_card: Fraction = Fraction(1, 2)
    side: str = "picts"
    hand_size: int = 6
    warriors: int = 0
    laid: int = 0
    mercenaries_here: Fraction = Fraction(1, 2)
    white: Deck = field(default_factory=lambda: standard_deck("white"))
    black: Deck = field(default_factory=lambda: standard_deck("black"))

    def __post_init__(self) -> None:
        for name in ("white", "black"):
            if not isinstance(getattr(self, name), Deck):
                raise ValueError(f"{name}={getattr(self, name)!r} must be a Deck")
        if not isinstance(self.hand_size, int) or not 0 < self.hand_size <= self.white.size:
            raise ValueError(f"hand_size={self.hand_size!r} must be 1..{self.white.size}")
        if self.side not in ("picts", "saxons"):
            raise ValueError(f"side={self.side!r}; expected 'picts' or 'saxons'")
        if (
            isinstance(self.party, bool)
            or not isinstance(self.party, int)
            or not 1 <= self.party <= 8
        ):
            raise ValueError(f"party={self.party!r} must be 1..8 knights")
        if not 0 <= self.warriors < _WARRIORS_TO_LOSE or not 0 <= self.laid < _STRAIGHT:
            raise ValueError(f"warriors={self.warriors}, laid={self.laid}: the war is already over")
        check_probability(self.mercenaries_here, "mercenaries_here")
        check_probability(self.p_black_card, "p_black_card")
        if not isinstance(self.players, int) or not self.party <= self.players <= 8:
            raise ValueError(f"players={self.players!r} must be party..8")

    def p_holds(self, value: int) -> Fraction:
        """P(a knight's hand holds a Fight card of ``value``)."""
        return draw_probability(self.white, self.hand_size, f"fight_{value}")

    def p_warrior(self) -> Fraction:
        """P(a turn's evil progression adds a warrior to this war): a card of its side, the
        Third Witch (JA witches, 3rd: one Pict and one Saxon), or Mercenaries joining it.

        >>> War(p_black_card=Fraction(1)).p_warrior()  # (4 Picts + 1/2 * 4 Mercenaries) / 76
        Fraction(3, 38)
        """
        own = self.black.count(self.side) + self.black.count(_THIRD_WITCH)
        merc = self.black.count("mercenaries")
        per_card = (own + Fraction(self.mercenaries_here) * merc) / self.black.size
        return Fraction(self.p_black_card) * per_card

    def initial_state(self) -> State:
        return (self.laid, self.warriors, 0, 0)

    def is_terminal(self, state: State) -> bool:
        return len(state) == 1

    def outcome(self, state: State) -> str:
        return str(state[0])

    def is_chance(self, state: State) -> bool:
        return len(state) == 4

    def chance_outcomes(self, state: State) -> Iterator[tuple[str, Fraction]]:
        laid, _, _, step = state  # type: ignore[misc]
        p = self.p_warrior() if step == 0 else self.p_holds(laid + 1)
        if p:
            yield "yes", p
        if p != 1:
            yield "no", 1 - p

    def legal_actions(self, state: State) -> Iterator[str]:
        return iter(())

    def apply(self, state: State, action: str) -> State:
        laid, warriors, turn, step = state  # type: ignore[misc]
        following = (turn + 1) % self.players
        if step == 0:  # evil progression: a warrior arrives?
            if action == "yes":
                warriors += 1
                if warriors == _WARRIORS_TO_LOSE:
                    return ("evil_win",)
            if turn < self.party:
                return (laid, warriors, turn, 1)
            return (laid, warriors, following, 0)
        if action == "yes":  # the knight lays the next card of the straight
            laid += 1
            if laid == _STRAIGHT:
                return ("loyal_win",)
        return (laid, warriors, following, 0)
