"""A deck position and the rebuild options where the sources leave room: the positions, the
other deck rebuilt together with this one, and :class:`RebuildRules` (see
:mod:`camelot_rules.odds.rebuilds` for the rules and their citations).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from camelot_rules.base.checks import check_bool, check_names
from camelot_rules.base.i18n import get_language, gettext
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.data.rulebook import QUEST_CARDS, Confidence
from camelot_rules.odds.runout import check_draw_mix

FIRST_WITCH = "morgan_witch_1"
_QUESTS = frozenset(q.quest for q in QUEST_CARDS)


@dataclass(frozen=True)
class DeckPosition:
    """A black deck as it stands: the draw pile, the discard pile and the quests that are over.

    Rules: ``deck.finished-quest-cards``, ``deck.merlin-blocks-engine``.

    ``merlin_on`` names finished quests where the Merlin figure stands (expansion only).
    """

    draw: Deck
    discard: Deck = field(default_factory=lambda: Deck({}))
    finished_quests: frozenset[str] = frozenset()
    expansion: bool = False
    merlin_on: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        check_bool("expansion", self.expansion)
        for name, value in (("draw", self.draw), ("discard", self.discard)):
            if not isinstance(value, Deck):
                raise ValueError(
                    gettext("{name} must be a Deck, got {type_name}").format(
                        name=name, type_name=type(value).__name__
                    )
                )
        for name in ("finished_quests", "merlin_on"):
            value = getattr(self, name)
            if isinstance(value, str):
                raise ValueError(
                    gettext("{name}={value} must be a set of quest names, not a string").format(
                        name=name, value=repr(value)
                    )
                )
            object.__setattr__(self, name, check_names(name, value))
            unknown = sorted(getattr(self, name) - _QUESTS)
            if unknown:
                raise ValueError(
                    gettext("{name} has unknown quest(s) {unknown}; expected {value}").format(
                        name=name, unknown=unknown, value=sorted(_QUESTS)
                    )
                )
        if self.merlin_on and not self.expansion:
            raise ValueError(
                gettext("merlin_on needs expansion=True: the Merlin figure is in Merlin's Company")
            )
        if self.draw.size == 0:
            raise ValueError(gettext("the draw pile is empty: it would already have been rebuilt"))


@dataclass(frozen=True)
class OtherDeck:
    """The other deck (white, for a black-deck question) when both are rebuilt together (JA).

    Rules: ``deck.reshuffle-both``.

    Only its draw pile size matters: ``pile`` cards now, ``rebuilt`` after a rebuild, and its
    own per-turn draw mix (independent of the black draws).
    """

    pile: int
    rebuilt: int
    draws_per_turn: Mapping[int, Fraction | int]

    def __post_init__(self) -> None:
        for name in ("pile", "rebuilt"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ValueError(
                    gettext("other deck {name}={v} must be a whole number of cards >= 1").format(
                        name=name, v=repr(v)
                    )
                )
        mix = check_draw_mix(self.draws_per_turn)
        object.__setattr__(self, "draws_per_turn", mix)


# The other deck by default (assumed, shown with every answer): a white pile fresh after the
# deal of 5 knights (6 cards each: F, setup) drawn 2 at the Round Table half the turns (F, Camelot
# Round Table: draw 2); a black pile of the whole 90-card deck drawn once a turn (the evil
# progression's usual choice).
_DEFAULT_PLAYERS = 5
_DEFAULT_OTHER_MIX: dict[str, dict[int, Fraction]] = {
    "white": {0: Fraction(1, 2), 2: Fraction(1, 2)},
    "black": {1: Fraction(1)},
}


def default_other_deck(kind: str, *, expansion: bool = True) -> OtherDeck:
    """Return the other deck assumed when a ``kind`` deck's rebuild also rebuilds the other
    (JA travel rules, note; JA witches, 1st).

    Rules: ``deck.reshuffle-both``.

    For a black-deck question the other deck is the 107-card expansion white deck less the
    hands of 5 knights (6 cards each): 77 cards, 2 drawn half the turns. For a white-deck
    question it is the 90-card expansion black deck, one card a turn. Both are assumptions;
    give an :class:`OtherDeck` for your table. ``expansion=False`` takes the base decks' sizes
    (84 white, 76 black) for the base-game reading that rebuilds both.

    >>> default_other_deck("black").pile
    77
    """
    check_bool("expansion", expansion)
    if kind == "black":
        size = standard_deck("white", expansion=expansion).size - 6 * _DEFAULT_PLAYERS
        return OtherDeck(size, size, _DEFAULT_OTHER_MIX["white"])
    if kind == "white":
        size = standard_deck("black", expansion=expansion).size
        return OtherDeck(size, size, _DEFAULT_OTHER_MIX["black"])
    raise ValueError(
        gettext(
            "kind={kind}: the other deck is rebuilt only with 'black' or 'white' (the travel deck "
            "is rebuilt on its own, JA)"
        ).format(kind=repr(kind))
    )


def _deck_kind(position: DeckPosition) -> str:
    """'black', 'white' or 'travel': the box the position's cards come from."""
    names = set(position.draw.names()) | set(position.discard.names())
    for kind in ("black", "white", "travel"):
        if names <= set(standard_deck(kind, expansion=True).names()):
            return kind
    raise ValueError(
        gettext(
            "the position mixes cards of several decks ({value}): give "
            "RebuildRules(other_deck=OtherDeck(...)) or both_decks=False"
        ).format(value=sorted(names))
    )


@dataclass(frozen=True)
class RebuildRules:
    """The options where the sources leave room (see the module docstring).

    Rules: ``deck.reshuffle-both``.

    ``both_decks``: ``None`` (default) or ``True`` follows the rule - both decks are rebuilt
    together, in the base game (RB p.10, p.13) as in Merlin's Company (JA note), as the engine
    does; ``False`` is the one-deck variant (only the deck that ran out is rebuilt).
    ``other_deck`` gives the other deck's pile (else :func:`default_other_deck`).
    """

    first_witch: bool = True
    rebuild_mode: str = "all"
    other_deck: OtherDeck | None = None
    include_low: bool = False
    both_decks: bool | None = None

    def __post_init__(self) -> None:
        check_bool("first_witch", self.first_witch)
        check_bool("include_low", self.include_low)
        if self.both_decks is not None:
            check_bool("both_decks", self.both_decks)
        if self.rebuild_mode not in ("all", "discards_only"):
            raise ValueError(
                gettext("rebuild_mode={rebuild_mode}; expected 'all' or 'discards_only'").format(
                    rebuild_mode=repr(self.rebuild_mode)
                )
            )
        if self.other_deck is not None and not isinstance(self.other_deck, OtherDeck):
            raise ValueError(
                gettext("other_deck={other_deck} must be an OtherDeck or None").format(
                    other_deck=repr(self.other_deck)
                )
            )
        if self.both_decks is False and self.other_deck is not None:
            raise ValueError(gettext("both_decks=False contradicts other_deck: give one of them"))

    def other_for(self, position: DeckPosition) -> OtherDeck | None:
        """Return the other deck rebuilt together with ``position``'s, or ``None`` for one
        deck: the given ``other_deck``; else the default one when both decks are rebuilt (JA,
        the expansion's rule; a travel deck is rebuilt on its own)."""
        if self.other_deck is not None:
            return self.other_deck
        both = self.both_decks is not False  # RB p.10, p.13; JA note: both, in either game
        if not both:
            return None
        kind = _deck_kind(position)
        if kind == "travel":
            return None
        return default_other_deck(kind, expansion=position.expansion)

    def describe(self, position: DeckPosition) -> tuple[str, ...]:
        """The options in words, for every answer shown to a user (in the language in force;
        quest and card ids as they are typed)."""
        other = self.other_for(position)
        if other is None:
            other_line = gettext("other deck: not modelled (one-deck reading)")
        else:
            mix = (
                "{" + ", ".join(f"{k}: {q}" for k, q in sorted(other.draws_per_turn.items())) + "}"
            )
            source = (
                "JA" if position.expansion else "RB p.10"
            )  # both decks rebuilt: each game's text
            other_line = (
                gettext(
                    "other deck: rebuilt together with this one ({source}); its pile {pile} cards, "
                    "{rebuilt} after a rebuild, draws a turn {mix} (given)"
                )
                if self.other_deck is not None
                else gettext(
                    "other deck: rebuilt together with this one ({source}); its pile {pile} cards, "
                    "{rebuilt} after a rebuild, draws a turn {mix} (default, assumed)"
                )
            ).format(pile=other.pile, rebuilt=other.rebuilt, mix=mix, source=source)
        finished = ", ".join(map(_quest, sorted(position.finished_quests))) or gettext("none")
        quests_line = (
            gettext(
                "quests over: {quests}; their black cards add an engine and are removed "
                "(expansion rule)"
            )
            if position.expansion
            else gettext(
                "quests over: {quests}; their black cards add an engine and are discarded "
                "(base rule)"
            )
        ).format(quests=finished)
        merlin = ", ".join(map(_quest, sorted(position.merlin_on)))
        if self.rebuild_mode == "all":
            witch = (
                gettext("First Witch rebuild: on (draw pile + discards, assumed)")
                if self.first_witch
                else gettext("First Witch rebuild: off (draw pile + discards, assumed)")
            )
        else:
            witch = (
                gettext("First Witch rebuild: on (discards only)")
                if self.first_witch
                else gettext("First Witch rebuild: off (discards only)")
            )
        return (
            quests_line,
            gettext("Merlin on: {quests}").format(quests=merlin)
            if merlin
            else gettext("Merlin on: no finished quest"),
            witch,
            other_line,
            *self._low_line(),
        )

    def _low_line(self) -> tuple[str, ...]:
        """The quest cards below HIGH confidence, when there are any (none today)."""
        low = [
            q.card for q in QUEST_CARDS if q.confidence in (Confidence.LOW, Confidence.UNVERIFIED)
        ]
        if not low:
            return ()
        cards = ", ".join(sorted(low))
        if self.include_low:
            return (gettext("LOW-confidence quest cards ({cards}): included").format(cards=cards),)
        return (gettext("LOW-confidence quest cards ({cards}): left out").format(cards=cards),)


def _quest(quest: str) -> str:
    """A quest as typed (its id) in English, its printed name in the other languages."""
    from camelot_rules.data.names import display_name

    return quest if get_language() == "en" else display_name(quest, "quest")
