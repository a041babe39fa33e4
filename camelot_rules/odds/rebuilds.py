"""Deck positions, reshuffles, the First Witch's rebuild, and cards of finished quests.

The rules (each an option where the sources leave room):

* A black card is applied as soon as it is drawn; when a draw leaves a deck empty, the discards
  are shuffled into a new draw deck (ES p.10).
* When the white *or* the black draw pile runs out, *both* are rebuilt: in the base game (RB
  p.10, "you will have to reshuffle both piles", and the boxed note on RB p.13; the Spanish
  seed's "new draw decks", ES p.10) and in Merlin's Company, whose note repeats it and adds
  that the travel deck is not rebuilt then (JA travel rules, note). The engine rebuilds both.
  Here the other deck is modelled by its pile size (:class:`OtherDeck`; by default
  :func:`default_other_deck`, whose sizes and draw mix are named assumptions). Every expansion
  position follows the rule; a base position still follows one deck unless
  :class:`RebuildRules` ``both_decks=True`` or ``other_deck`` is given (a default to align with
  RB p.10 and the engine); ``both_decks=False`` models a one-deck reading.
* The First Witch rebuilds the white and black decks at once (JA witches, 1st): the other
  deck's pile is rebuilt too. Whether the cards still in the draw pile join the rebuild is not
  said: ``rebuild_mode="all"`` (default: draw pile and discards shuffled together) or
  ``"discards_only"`` (the discards are shuffled and put under the cards left). The witch is
  discarded before the rebuild, so she joins it.
* A black card of a quest that is over adds a siege engine instead (F §4, HIGH). The base game
  then discards it; Merlin's Company removes it from the game (JA, black cards of finished
  quests; F §3e). Merlin standing on that finished quest stops the engine (JA, Merlin to the
  Rescue; F §3e).

Assumption: drawn cards go to the discard pile at once. In play, black cards laid on open
quests return only when the quest ends; give such cards in neither pile (leave them out).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd, lcm
from typing import Any

from camelot_rules.base.checks import check_bool, check_instance, check_int, check_names
from camelot_rules.base.i18n import get_language, gettext
from camelot_rules.base.rationals import ONE, ZERO, from_q, to_q
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.data.names import check_card_names
from camelot_rules.data.rulebook import QUEST_CARDS, Confidence
from camelot_rules.odds.runout import check_draw_mix

__all__ = [
    "FIRST_WITCH",
    "MAX_WORK",
    "REBUILD_MAX_WORK",
    "DeckPosition",
    "Forecast",
    "ForecastTooLargeError",
    "NextRebuild",
    "OtherDeck",
    "RebuildRules",
    "default_other_deck",
    "forecast",
    "next_rebuild",
    "quest_card_map",
]

FIRST_WITCH = "morgan_witch_1"
_QUESTS = frozenset(q.quest for q in QUEST_CARDS)


def quest_card_map(*, include_low: bool = False) -> dict[str, str]:
    """Return {black card name: quest} for cards that add an engine once their quest is over.
    ``include_low`` adds the cards whose place in this map is below HIGH confidence (none
    today: Desolation and the Dark Forest are the Grail's by BoQ p.16).

    >>> quest_card_map()["despair"], quest_card_map()["desolation"]
    ('grail', 'grail')
    """
    return {
        q.card: q.quest
        for q in QUEST_CARDS
        if check_bool("include_low", include_low)
        or q.confidence not in (Confidence.LOW, Confidence.UNVERIFIED)
    }


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

    Rules: ``deck.rebuild-both``.

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

    Rules: ``deck.rebuild-both``.

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

    Rules: ``deck.rebuild-both``.

    ``both_decks``: ``None`` (default) follows the position - both decks are rebuilt together
    in Merlin's Company (JA), one deck in the base game; ``True``/``False`` force a reading.
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
        both = position.expansion if self.both_decks is None else self.both_decks
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
            other_line = (
                gettext(
                    "other deck: rebuilt together with this one (JA); its pile {pile} cards, "
                    "{rebuilt} after a rebuild, draws a turn {mix} (given)"
                )
                if self.other_deck is not None
                else gettext(
                    "other deck: rebuilt together with this one (JA); its pile {pile} cards, "
                    "{rebuilt} after a rebuild, draws a turn {mix} (default, assumed)"
                )
            ).format(pile=other.pile, rebuilt=other.rebuilt, mix=mix)
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


# --- the chain ---------------------------------------------------------------------------------

Counts = tuple[int, ...]


@dataclass(frozen=True)
class _Classes:
    """Card classes that behave alike; the chain tracks counts per class."""

    target: tuple[bool, ...]
    witch: tuple[bool, ...]
    engine: tuple[bool, ...]
    removed: tuple[bool, ...]


def _classify(
    position: DeckPosition, cards: frozenset[str], rules: RebuildRules
) -> tuple[_Classes, Counts, Counts]:
    quest_of = quest_card_map(include_low=rules.include_low)
    keys: dict[str, tuple[bool, bool, bool, bool]] = {}
    for name in set(position.draw.names()) | set(position.discard.names()):
        quest = quest_of.get(name)
        finished = quest is not None and quest in position.finished_quests
        blocked = finished and position.expansion and quest in position.merlin_on
        keys[name] = (
            name in cards,
            rules.first_witch and name == FIRST_WITCH,
            finished and not blocked,
            finished and position.expansion,
        )
    kinds = sorted(set(keys.values()))
    index = {k: i for i, k in enumerate(kinds)}
    draw = [0] * len(kinds)
    discard = [0] * len(kinds)
    for name, n in position.draw.items():
        draw[index[keys[name]]] += n
    for name, n in position.discard.items():
        discard[index[keys[name]]] += n
    classes = _Classes(
        target=tuple(k[0] for k in kinds),
        witch=tuple(k[1] for k in kinds),
        engine=tuple(k[2] for k in kinds),
        removed=tuple(k[3] for k in kinds),
    )
    return classes, tuple(draw), tuple(discard)


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b))


def _bump(counts: Counts, i: int, delta: int) -> Counts:
    return tuple(c + delta if j == i else c for j, c in enumerate(counts))


# State: (layers of the draw pile, discard, other-deck pile, counters...)
_Layers = tuple[Counts, ...]


def _draw_one(
    layers: _Layers, discard: Counts, classes: _Classes, rules: RebuildRules
) -> list[tuple[Fraction, _Layers, Counts, int, int, str]]:
    """Every result of drawing one card: (prob, layers, discard, seen+, engines+, cause)."""
    top = layers[0]
    size = sum(top)
    out = []
    for i, n in enumerate(top):
        if not n:
            continue
        new_top = _bump(top, i, -1)
        rest: _Layers = ((new_top,) if any(new_top) else ()) + layers[1:]
        disc = discard if classes.removed[i] else _bump(discard, i, 1)
        cause = ""
        if classes.witch[i]:
            cause = "first_witch"
            empty = tuple(0 for _ in disc)
            if rules.rebuild_mode == "all":
                merged = disc
                for layer in rest:
                    merged = _add(merged, layer)
                rest, disc = ((merged,) if any(merged) else ()), empty
            else:
                rest, disc = rest + ((disc,) if any(disc) else ()), empty
        if not rest and any(disc):
            rest, disc = (disc,), tuple(0 for _ in disc)
            cause = cause or "exhausted"
        out.append(
            (Fraction(n, size), rest, disc, int(classes.target[i]), int(classes.engine[i]), cause)
        )
    return out


def _turn(
    state: tuple[_Layers, Counts, int],
    mix: dict[int, Fraction],
    classes: _Classes,
    rules: RebuildRules,
    other: OtherDeck | None,
    work: _Work,
) -> dict[tuple[_Layers, Counts, int, int, int, int, str], Fraction]:
    """One turn from (layers, discard, other pile): the distribution of the state after it,
    with (seen, rebuilds, engines) gained and the first rebuild cause of the turn. Each card
    drawn from each partial state is one step of ``work``."""
    layers0, discard0, other0 = state
    result: dict[tuple[_Layers, Counts, int, int, int, int, str], Fraction] = {}
    for k, q in mix.items():
        # partial: (layers, discard, seen, rebuilds, engines, cause) -> prob
        partial: dict[tuple[_Layers, Counts, int, int, int, str], Fraction] = {
            (layers0, discard0, 0, 0, 0, ""): q
        }
        # one step per card kind per partial state per card drawn; the draws left are taken
        # to grow like the last one, so a turn too long for the limit stops at once
        kinds = len(classes.target)
        last = growth = 0
        for drawn in range(k):
            size = len(partial) * kinds
            growth, last = max(0, size - last), size
            left = k - drawn
            work.expect(left * last + growth * left * (left - 1) // 2)
            work.spend(size)
            nxt: dict[tuple[_Layers, Counts, int, int, int, str], Fraction] = {}
            for (layers, disc, seen, reb, eng, cause), p in partial.items():
                if not layers:  # every card removed from the game: nothing left to draw
                    key = (layers, disc, seen, reb, eng, cause)
                    nxt[key] = nxt.get(key, Fraction(0)) + p
                    continue
                for pr, lay2, disc2, s, e, c in _draw_one(layers, disc, classes, rules):
                    key = (lay2, disc2, seen + s, reb + bool(c), eng + e, cause or c)
                    nxt[key] = nxt.get(key, Fraction(0)) + p * pr
            partial = nxt
        for (layers, disc, seen, reb, eng, cause), p in partial.items():
            outcomes: list[tuple[Fraction, _Layers, Counts, int, int, str]]
            if other is None:
                outcomes = [(Fraction(1), layers, disc, other0, reb, cause)]
            else:
                outcomes = []
                # any rebuild of this pile this turn - it ran out, or the First Witch (JA
                # witches, 1st) - rebuilds the other pile too (JA), before its draws
                rebuilt_here = reb > 0
                for kw, qw in other.draws_per_turn.items():
                    pile = other.rebuilt if rebuilt_here else other0
                    lay2, disc2, reb2, cause2 = layers, disc, reb, cause
                    if kw >= pile:  # white runs out: both rebuilt (JA)
                        pile = other.rebuilt - (kw - pile)
                        pile = max(pile, 1)
                        merged = disc
                        for layer in layers:
                            merged = _add(merged, layer)
                        if sum(merged):
                            lay2, disc2 = (merged,), tuple(0 for _ in disc)
                        reb2 += 1
                        cause2 = cause or "other_deck"
                    else:
                        pile -= kw
                    outcomes.append((Fraction(qw), lay2, disc2, pile, reb2, cause2))
            for qw, lay2, disc2, pile, reb2, cause2 in outcomes:
                out_key = (lay2, disc2, pile, seen, reb2, eng, cause2)
                result[out_key] = result.get(out_key, Fraction(0)) + p * qw
    return result


MAX_TURNS = 1000  # a game of Shadows over Camelot lasts far fewer turns

# The work of one forecast, counted in steps (one card drawn from one deck state, or one
# state carried into the next turn), is bounded: about a million steps take a few seconds.
MAX_WORK = 1_500_000


# next_rebuild's steps are cheaper (integers, about 0.5-1 microsecond each on a 2-core VM) and
# its bound is taken over every state that could be alive, so its limit is larger.
REBUILD_MAX_WORK = 5_000_000


class ForecastTooLargeError(ValueError):
    """Raised when a forecast would take more than :data:`MAX_WORK` steps of work."""


@dataclass
class _Work:
    """Steps of work spent, and the limit (raises :class:`ForecastTooLargeError` past it)."""

    done: int = 0
    limit: int = MAX_WORK
    turns: int = 0
    turn_costs: int = 0  # the work of the one-turn steps worked out so far
    turns_done: int = 0  # how many

    def spend(self, steps: int) -> None:
        self.done += steps
        if self.done > self.limit:
            self.too_much(self.done)

    def expect(self, steps: int) -> None:
        """Raise now if ``steps`` more steps would pass the limit."""
        if self.done + steps > self.limit:
            self.too_much(self.done + steps)

    def too_much(self, expected: int) -> None:
        raise ForecastTooLargeError(
            f"a forecast of turns={self.turns} here needs more than {self.limit:,} steps of "
            f"work (about {expected:,} at the rate it grows): ask about fewer turns, a "
            "smaller pile or fewer kinds of card"
        )


def _check_turns(value: object, name: str) -> int:
    return check_int(name, value, low=1, high=MAX_TURNS)


class _OtherPile:
    """The other deck's pile turn by turn until it first runs out (exact integer weights)."""

    def __init__(self, other: OtherDeck | None) -> None:
        self.den = 1
        self.mix: dict[int, int] = {}
        self.alive: dict[int, int] = {}  # pile left -> weight over den^t
        self.scale = 1
        if other is not None:
            mix = {k: Fraction(q) for k, q in other.draws_per_turn.items()}
            self.den = lcm(*(q.denominator for q in mix.values()))
            self.mix = {k: q.numerator * (self.den // q.denominator) for k, q in mix.items()}
            self.alive = {other.pile: 1}
        self.other = other

    def standing(self) -> tuple[int, int]:
        """P(the pile has not run out so far), as (numerator, denominator)."""
        if self.other is None:
            return 1, 1
        return sum(self.alive.values()), self.scale

    def turn(self) -> tuple[int, int]:
        """Draw one turn; P(it runs out in this turn), as (numerator, denominator)."""
        if self.other is None:
            return 0, 1
        out = 0
        nxt: dict[int, int] = {}
        for pile, w in self.alive.items():
            for k, q in self.mix.items():
                if k >= pile:
                    out += w * q
                else:
                    nxt[pile - k] = nxt.get(pile - k, 0) + w * q
        self.alive = nxt
        self.scale *= self.den
        return out, self.scale


def _reachable(turns: int, draws: Iterable[int], cap: int) -> int:
    """At most how many different totals ``turns`` turns of ``draws`` cards reach (<= cap)."""
    values = sorted(set(draws))
    step = gcd(*(k - values[0] for k in values[1:])) if len(values) > 1 else 0
    if not step:
        return 1
    return min(cap, turns * (values[-1] - values[0]) // step + 1)


def _check_rebuild_work(
    pile: int,
    mix: Mapping[int, Fraction],
    other: OtherDeck | None,
    horizon: int | None,
    named: bool,
) -> None:
    """Raise before :func:`next_rebuild` starts if its work could pass
    :data:`REBUILD_MAX_WORK`.

    The states alive after ``t`` turns are (cards drawn, named card seen) for this pile, and
    the other pile's size; each costs a step per card drawn and per kind of draw.
    """
    least = min((k for k in mix if k > 0), default=1)
    turns = -(-pile // least)  # the pile has run out by then, unless a turn may draw 0
    if horizon is not None:
        turns = horizon if 0 in mix else min(turns, horizon)
    per_state = sum(2 * k + 2 for k in mix)
    work = 0
    for t in range(turns):
        work += _reachable(t, mix, pile) * (2 if named else 1) * per_state
        if other is not None:
            work += _reachable(t, other.draws_per_turn, other.pile) * len(other.draws_per_turn)
        if work > REBUILD_MAX_WORK:
            raise ValueError(
                f"this rebuild question needs up to {REBUILD_MAX_WORK:,} steps of work or more "
                f"(a pile of "
                f"{pile} cards, {len(mix)} kinds of draw, {turns} turns"
                + (f", the other deck's pile of {other.pile}" if other is not None else "")
                + "): give a shorter horizon or a draw mix that never draws 0"
            )


def _check_call(position: object, rules: object) -> RebuildRules:
    """The position and the rules of :func:`next_rebuild` and :func:`forecast`."""
    check_instance("position", position, DeckPosition)
    if rules is None:
        return RebuildRules()
    return check_instance("rules", rules, RebuildRules, "a RebuildRules or None")


def _target_names(position: DeckPosition, cards: str | Iterable[str]) -> frozenset[str]:
    if isinstance(cards, str) or cards:
        return check_card_names(position.draw.plus(position.discard), cards)
    return frozenset()


@dataclass(frozen=True)
class NextRebuild:
    """When the draw pile is next rebuilt, and why.

    Attributes:
        by_turn: P(the first rebuild happens in turn t).
        by_cause: P(the first rebuild is caused by "exhausted" (the pile ran out), "first_witch"
            or "other_deck" (the other deck ran out, JA)); "no_cards_left" when every card
            was removed from the game first.
        seen_before: P(at least one of the named cards is drawn before that rebuild, within
            the horizon).
        unresolved: P(no rebuild by the horizon) (0 without a horizon).
        options: the rules and options used, in words.
    """

    by_turn: dict[int, Fraction]
    by_cause: dict[str, Fraction]
    seen_before: Fraction
    unresolved: Fraction
    options: tuple[str, ...]


def next_rebuild(
    position: DeckPosition,
    draws_per_turn: Mapping[int, Fraction | int],
    *,
    cards: str | Iterable[str] = (),
    horizon: int | None = None,
    rules: RebuildRules | None = None,
) -> NextRebuild:
    """Return when the draw pile is next rebuilt, why, and whether ``cards`` come up first.

    Rules: ``deck.draw-applies-at-once``, ``deck.first-witch``, ``deck.rebuild-both``.

    Without the First Witch in the pile this is :func:`turns_until_exhausted` of the pile size.
    With her, the rebuild comes when she is drawn if that is earlier. A mix that may draw 0
    cards needs ``horizon``. Before any work, the states the question could reach are
    counted: more than :data:`REBUILD_MAX_WORK` steps raise ``ValueError`` at once (a long
    horizon with a mix that may draw 0, or many kinds of draw, on a large pile).

    Four cards, the First Witch among them, one draw a turn: she is equally likely to be any
    of the four, so the rebuild comes in turn 1, 2, 3 or 4 with 1/4 each (turn 4 by either).

    >>> pos = DeckPosition(Deck({"morgan_witch_1": 1, "despair": 3}), expansion=True)
    >>> nr = next_rebuild(pos, {1: 1}, cards="despair")
    >>> nr.by_turn, nr.seen_before
    ({1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4), 4: Fraction(1, 4)}, Fraction(3, 4))
    """
    rules = _check_call(position, rules)
    mix = check_draw_mix(draws_per_turn)
    if set(mix) == {0}:
        raise ValueError("draws_per_turn={0: 1} never draws a card: the pile is never rebuilt")
    other = rules.other_for(position)
    if horizon is not None:
        horizon = _check_turns(horizon, "horizon")
    elif 0 in mix:  # (the other deck drawing 0 is fine: this pile still runs out)
        raise ValueError(
            gettext(
                "draws_per_turn gives 0 draws positive probability, so the rebuild may never "
                "come: give a horizon (horizon=T, or --horizon T in the terminal)"
            )
        )
    target = _target_names(position, cards)
    # Before the first rebuild only three things matter: how many cards are drawn, whether the
    # First Witch is still in the pile, and whether a named card has shown up yet (once one
    # has, the others no longer matter). Cards are exchangeable, so each draw is the witch
    # (1/m), a named card not yet seen (c/m), or another card. Removal and discards matter
    # only after the rebuild.
    #
    # Exact integer weights: after t turns with d cards drawn every path has probability
    # W / (den^t * n(n-1)...(n-d+1)), den being the common denominator of the mixes. Events
    # are summed per turn over n! so that only one Fraction is made per turn and cause.
    pile = position.draw.size
    # the copies of the First Witch in the pile (one in the box; a deck may be given with more)
    witch = position.draw.count(FIRST_WITCH) if rules.first_witch else 0
    named = (
        position.draw.count_of(target - {FIRST_WITCH}) if witch else position.draw.count_of(target)
    )
    witch_named = int(FIRST_WITCH in target)
    black_den = lcm(*(q.denominator for q in mix.values()))
    black_mix = {k: q.numerator * (black_den // q.denominator) for k, q in mix.items()}
    _check_rebuild_work(pile, mix, other, horizon, named + witch_named > 0)
    fact = [1] * (pile + 1)
    for i in range(1, pile + 1):
        fact[i] = fact[i - 1] * i
    # The other deck (JA: it runs out -> both rebuilt) draws independently of this pile, so
    # P(first rebuild in turn t) splits into this pile's events times P(the other pile still
    # stands before turn t), plus P(this pile still stands after its draws of turn t) times
    # P(the other pile runs out in turn t) (it draws after this one, as in play).
    other_turns = _OtherPile(other)

    by_turn: dict[int, Fraction] = {}
    by_cause: dict[str, Fraction] = {}
    seen_before = Fraction(0)
    # alive: (drawn, seen) -> W, with denominator den^t * n!/(n-d)!
    alive: dict[tuple[int, int], int] = {(0, 0): 1}
    turn = 0
    scale = 1  # den^(t-1)
    while alive and (horizon is None or turn < horizon):
        turn += 1
        events: dict[tuple[str, int], int] = {}  # over scale * black_den * n!
        nxt: dict[tuple[int, int], int] = {}
        for (drawn, seen), weight in alive.items():
            for k, qn in black_mix.items():
                partial: dict[tuple[int, int], int] = {(drawn, seen): weight * qn}
                for _ in range(k):
                    if not partial:  # every path has run out of cards this turn
                        break
                    step: dict[tuple[int, int], int] = {}
                    for (d, sn), w in partial.items():
                        left = pile - d
                        # this card's weight is w * count over ... * n!/(n-d-1)!; lift to n!
                        lift = fact[left - 1]
                        if witch:
                            key_e = ("first_witch", sn or witch_named)
                            events[key_e] = events.get(key_e, 0) + w * witch * lift
                        hit = 0 if sn else named
                        for count, now_seen in ((hit, 1), (left - witch - hit, sn)):
                            if not count:
                                continue
                            if d + 1 == pile:
                                key_e = ("exhausted", now_seen)
                                events[key_e] = events.get(key_e, 0) + w * count * lift
                            else:
                                key_s = (d + 1, now_seen)
                                step[key_s] = step.get(key_s, 0) + w * count
                    partial = step
                for key_s, w in partial.items():
                    nxt[key_s] = nxt.get(key_s, 0) + w
        denominator = scale * black_den * fact[pile]
        stood, other_den = other_turns.standing()  # the other pile before this turn
        out, out_den = other_turns.turn()  # it runs out during this turn
        found = [
            (cause, sn, Fraction(w * stood, denominator * other_den))
            for (cause, sn), w in events.items()
        ]
        if out:
            standing: dict[int, int] = {}  # seen -> this pile standing after its draws
            for (d, sn), w in nxt.items():
                standing[sn] = standing.get(sn, 0) + w * fact[pile - d]
            found += [
                ("other_deck", sn, Fraction(w * out, denominator * out_den))
                for sn, w in standing.items()
            ]
        for cause, sn, p in found:
            if not p:
                continue
            by_turn[turn] = by_turn.get(turn, Fraction(0)) + p
            by_cause[cause] = by_cause.get(cause, Fraction(0)) + p
            if sn:
                seen_before += p
        alive = nxt
        scale *= black_den
        if not other_turns.standing()[0]:  # the other pile has run out on every path
            alive = {}

    stood, other_den = other_turns.standing()
    unresolved = Fraction(0)
    for (d, sn), w in alive.items():
        p = Fraction(w * fact[pile - d] * stood, scale * fact[pile] * other_den)
        unresolved += p
        if sn:
            seen_before += p
    return NextRebuild(
        by_turn=by_turn,
        by_cause=dict(sorted(by_cause.items())),
        seen_before=seen_before,
        unresolved=unresolved,
        options=rules.describe(position),
    )


@dataclass(frozen=True)
class Forecast:
    """What happens over the next ``turns`` turns, across reshuffles.

    Attributes:
        turns: the number of turns looked ahead.
        count: distribution of how many of the named cards are drawn.
        rebuilds: distribution of the number of rebuilds (reshuffles and forced rebuilds).
        engines: distribution of siege engines added by cards of finished quests.
        engine_by_turn: P(at least one such engine is added during turn t).
        options: the rules and options used, in words.
    """

    turns: int
    count: dict[int, Fraction]
    rebuilds: dict[int, Fraction]
    engines: dict[int, Fraction]
    engine_by_turn: dict[int, Fraction]
    options: tuple[str, ...]

    @property
    def expected_rebuilds(self) -> Fraction:
        """Expected number of rebuilds within the turns."""
        return sum((k * p for k, p in self.rebuilds.items()), Fraction(0))


_MAX_STATES = 200_000


def forecast(
    position: DeckPosition,
    draws_per_turn: Mapping[int, Fraction | int],
    turns: int,
    *,
    cards: str | Iterable[str] = (),
    rules: RebuildRules | None = None,
) -> Forecast:
    """Return the exact distribution of what the next ``turns`` turns draw, across reshuffles.

    Rules: ``deck.draw-applies-at-once``, ``deck.finished-quest-cards``, ``deck.first-witch``,
    ``deck.rebuild-both``.

    Tracks how many of ``cards`` are drawn (e.g. the seven witches), how many rebuilds happen,
    and how many siege engines the cards of finished quests add - in the base game they come
    back after each reshuffle, in Merlin's Company they are removed after one use. More than
    200,000 distinct deck states in one turn, or more than :data:`MAX_WORK` steps of work,
    raise ``ValueError`` (never a silent cut); the work limit fires as soon as the turns left
    (each assumed to cost as much as the last one) would pass it, not after the work.

    The Dragon is dead (base game): its 11 Lancelot/Dragon cards are in a 20-card draw pile,
    one draw a turn; each one drawn adds an engine, so turn 1 adds one with 11/20.

    >>> from camelot_rules.data.decks import standard_deck
    >>> ld = {n: c for n, c in standard_deck("black").items() if n.startswith("lancelot")}
    >>> pos = DeckPosition(Deck({**ld, "picts": 4, "saxons": 4, "mercenaries": 1}),
    ...                    finished_quests={"dragon"})
    >>> fc = forecast(pos, {1: 1}, 2)
    >>> fc.engine_by_turn[1], sum(k * p for k, p in fc.engines.items())
    (Fraction(11, 20), Fraction(11, 10))
    """
    rules = _check_call(position, rules)
    turns = _check_turns(turns, "turns")
    mix = check_draw_mix(draws_per_turn)
    target = _target_names(position, cards)
    work = _Work(turns=turns)
    classes, draw, discard = _classify(position, target, rules)
    other_deck = rules.other_for(position)
    other0 = other_deck.pile if other_deck else 0
    # A deck state (layers, discard, other pile) is numbered once; the chain's states are
    # (deck state number, seen, rebuilds, engines) -> probability, summed in fast exact
    # rationals (rationals.py) and returned as Fractions.
    numbers: dict[tuple[_Layers, Counts, int], int] = {((draw,), discard, other0): 0}
    decks: list[tuple[_Layers, Counts, int]] = [((draw,), discard, other0)]
    alive: dict[tuple[int, int, int, int], Any] = {(0, 0, 0, 0): ONE}
    engine_by_turn: dict[int, Fraction] = {}
    cache: dict[int, list[tuple[int, int, int, int, Any]]] = {}

    def steps_from(deck: int) -> list[tuple[int, int, int, int, Any]]:
        """(next deck state, seen+, rebuilds+, engines+, probability) of one turn."""
        found = []
        before = work.done
        outcomes = _turn(decks[deck], mix, classes, rules, other_deck, work)
        work.turn_costs += work.done - before
        work.turns_done += 1
        for (lay2, disc2, other2, s, r, e, _c), q in outcomes.items():
            key = (lay2, disc2, other2)
            number = numbers.get(key)
            if number is None:
                number = numbers[key] = len(decks)
                decks.append(key)
            found.append((number, s, r, e, to_q(q)))
        return found

    last = 0  # the work of the last turn
    for t in range(1, turns + 1):
        # Raise early, before the work. The next turn costs one step per state and outcome,
        # plus, for each deck state not met before, a turn's draws (as much as such a turn
        # cost on average so far); each turn after it is taken to cost as much more again as
        # this one adds (deck states grow turn by turn). A forecast that cannot finish within
        # the limit stops now.
        new_decks = len({key[0] for key in alive} - cache.keys())
        per_deck = work.turn_costs // max(work.turns_done, 1)
        outcomes = sum(len(cache.get(key[0], ())) for key in alive) or len(alive)
        upcoming = outcomes + new_decks * per_deck
        growth = max(0, upcoming - last)
        left = turns - t + 1
        work.expect(left * upcoming + growth * left * (left - 1) // 2)
        before = work.done
        nxt: dict[tuple[int, int, int, int], Any] = {}
        added = ZERO
        for (deck, seen, reb, eng), p in alive.items():
            step = cache.get(deck)
            if step is None:
                step = cache[deck] = steps_from(deck)
            work.spend(len(step))
            for deck2, s, r, e, q in step:
                key = (deck2, seen + s, reb + r, eng + e)
                pq = p * q
                old = nxt.get(key)
                nxt[key] = pq if old is None else old + pq
                if e:
                    added += pq
        if len(nxt) > _MAX_STATES:
            raise ValueError(
                gettext(
                    "turn {t} reaches {n_nxt} deck states, over the limit of {MAX_STATES}: ask "
                    "about fewer turns or fewer kinds of card"
                ).format(t=t, n_nxt=len(nxt), MAX_STATES=_MAX_STATES)
            )
        engine_by_turn[t] = from_q(added)
        alive = nxt
        last = work.done - before

    def marginal(index: int) -> dict[int, Fraction]:
        acc: dict[int, Any] = {}
        for key, p in alive.items():
            value = key[index]
            acc[value] = acc.get(value, ZERO) + p
        return {k: from_q(v) for k, v in sorted(acc.items())}

    return Forecast(
        turns=turns,
        count=marginal(1),
        rebuilds=marginal(2),
        engines=marginal(3),
        engine_by_turn=engine_by_turn,
        options=rules.describe(position),
    )
