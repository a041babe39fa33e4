"""The quest calculators' shared ground: quest names, the checks of their inputs, and the
black cards a combat quest may still reveal (see :mod:`camelot_rules.odds.quests`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from camelot_rules.base.i18n import gettext
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.engine import quests as _rules
from camelot_rules.odds.siege import hand_fight_counts

COMBAT_QUESTS: tuple[str, ...] = ("black_knight", "lancelot", "dragon")
WARS: tuple[str, ...] = ("picts", "saxons")
HIDDEN = "hidden"  # a black card laid face down (its name unseen), as the engine shows it

FIGHT_VALUES = rulebook.FIGHT_VALUES
EXCALIBUR_BONUS = rulebook.threshold("excalibur_bonus")
_PATTERN = {
    "black_knight": "two pairs of different values",
    "lancelot": "a full house (three of one value, two of another)",
    "dragon": "three three-of-a-kinds of different values",
}
COMBAT_PREFIX = {
    "black_knight": "black_knight_",
    "lancelot": "lancelot_dragon_",
    "dragon": "lancelot_dragon_",
}
_BLACK_NAMES = frozenset(
    e.name for e in (*rulebook.BASE_BLACK, *rulebook.EXPANSION_BLACK)
)  # every black card name of the base game and Merlin's Company
# The most copies of each Fight value that exist (base game + Merlin's Company): more in a
# hand and on the quest is an impossible position.
_FIGHT_COPIES = {
    v: standard_deck("white", expansion=True).count(f"fight_{v}") for v in FIGHT_VALUES
}
WHITE_DRAWS = rulebook.threshold("round_table_white_draws")


# --- checks ------------------------------------------------------------------------------------
def check_quest(quest: object) -> str:
    if quest not in COMBAT_QUESTS:
        raise ValueError(
            gettext("quest={quest}: expected one of {value}").format(
                quest=repr(quest), value=list(COMBAT_QUESTS)
            )
        )
    assert isinstance(quest, str)
    return quest


def check_values(values: object, what: str) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ValueError(
            gettext("{what}={values}: expected a list of Fight values (ints 1..5)").format(
                what=what, values=repr(values)
            )
        )
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v not in FIGHT_VALUES:
            raise ValueError(
                gettext("{what} contains {v}; Fight cards have values 1..5").format(
                    what=what, v=repr(v)
                )
            )
        out.append(v)
        if len(out) > sum(_FIGHT_COPIES.values()):
            raise ValueError(
                gettext("{what} holds more Fight cards than the game has").format(what=what)
            )
    return tuple(out)


def check_fights_laid(fights_laid: object, war: str, *, mordred: bool) -> int:
    """``fights_laid``, the Fight cards on ``war`` already, as a whole number below the war's
    length in the rule data (:func:`rulebook.war_sequence`), or a ``ValueError`` naming it."""
    top = len(rulebook.war_sequence(war, mordred=mordred))
    if isinstance(fights_laid, bool) or not isinstance(fights_laid, int):
        raise ValueError(
            gettext("fights_laid={fights_laid}: expected a whole number").format(
                fights_laid=repr(fights_laid)
            )
        )
    if not 0 <= fights_laid < top:
        raise ValueError(
            gettext(
                "fights_laid={fights_laid}: expected 0..{value} (the war ends with the {top}th)"
            ).format(fights_laid=fights_laid, value=top - 1, top=top)
        )
    return fights_laid


def check_copies(*groups: tuple[str, Iterable[int]]) -> None:
    """No Fight value more often than the box holds, counting every group together."""
    seen: dict[int, int] = {}
    for _, values in groups:
        for v in values:
            seen[v] = seen.get(v, 0) + 1
    for v, n in seen.items():
        if n > _FIGHT_COPIES[v]:
            names = " + ".join(what for what, _ in groups)
            raise ValueError(
                gettext(
                    "{names} hold {n} x Fight {v}; the game has only {value} (base game and "
                    "Merlin's Company together)"
                ).format(names=names, n=n, v=v, value=_FIGHT_COPIES[v])
            )


def check_whites(quest: str, whites: object) -> tuple[int, ...]:
    values = check_values(whites, "whites")
    spots = rulebook.quest_data(quest).white_spots
    if len(values) > spots:
        raise ValueError(
            gettext("whites: {n_values} Fight cards laid, but {quest} has {spots} spots").format(
                n_values=len(values), quest=quest, spots=spots
            )
        )
    # (no white card yet always fits; the engine's check is asked only about laid cards)
    if values and not _rules.pattern_ok(quest, values):
        raise ValueError(
            gettext(
                "whites={value} cannot grow into the {quest} pattern ({value2}, BoQ p.14)"
            ).format(value=list(values), quest=quest, value2=_PATTERN[quest])
        )
    return values


def check_black_laid(quest: str, black_laid: object) -> tuple[int, tuple[str, ...]]:
    """``(hidden, known names)`` from a count of unseen cards or a list of names/"hidden"."""
    spots = rulebook.quest_data(quest).black_spots
    if isinstance(black_laid, int) and not isinstance(black_laid, bool):
        if not 0 <= black_laid <= spots:
            raise ValueError(
                gettext("black_laid={black_laid}: {quest} has {spots} black spots").format(
                    black_laid=black_laid, quest=quest, spots=spots
                )
            )
        return black_laid, ()
    if isinstance(black_laid, (str, bytes)) or not isinstance(black_laid, Iterable):
        raise ValueError(
            gettext(
                "black_laid={black_laid}: expected a number of unseen cards or a list of card "
                "names ({HIDDEN} for a face-down card)"
            ).format(black_laid=repr(black_laid), HIDDEN=repr(HIDDEN))
        )
    hidden, known = 0, []
    for card in black_laid:
        if card == HIDDEN:
            hidden += 1
        elif (
            isinstance(card, str) and card in _BLACK_NAMES and card.startswith(COMBAT_PREFIX[quest])
        ):
            known.append(card)
        else:
            raise ValueError(
                gettext(
                    "black_laid contains {card}: expected {HIDDEN} or a {quest} combat card "
                    "({value}...)"
                ).format(
                    card=repr(card), HIDDEN=repr(HIDDEN), quest=quest, value=COMBAT_PREFIX[quest]
                )
            )
    if hidden + len(known) > spots:
        raise ValueError(
            gettext("black_laid: {value} black cards laid, but {quest} has {spots} spots").format(
                value=hidden + len(known), quest=quest, spots=spots
            )
        )
    return hidden, tuple(known)


def as_deck(cards: object, what: str) -> Deck:
    if isinstance(cards, Deck):
        return cards
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise ValueError(
            gettext("{what}={cards}: expected a Deck, a name -> count mapping or names").format(
                what=what, cards=repr(cards)
            )
        )
    counts: dict[str, int] = {}
    if isinstance(cards, Mapping):
        counts = dict(cards)
    else:
        for name in cards:
            if not isinstance(name, str):
                raise ValueError(
                    gettext("{what} contains {name}: expected card names").format(
                        what=what, name=repr(name)
                    )
                )
            counts[name] = counts.get(name, 0) + 1
    try:
        return Deck(counts)
    except ValueError as err:
        raise ValueError(gettext("{what}: {err}").format(what=what, err=err)) from None


WILD = rulebook.WILD_FIGHT  # Merlin's Company's wild "Fight ?" card (F §3d, S16)


def hand_parts(hand: object) -> tuple[tuple[int, ...], int]:
    """A hand (Fight values, a name -> count mapping or a Deck) as its numbered Fight values
    and its wild "Fight ?" cards (only a card mapping names them). Rules:
    ``white.fight-wild``.

    >>> hand_parts({"fight_3": 2, "fight_wild": 1, "grail": 1})
    ((3, 3), 1)
    """
    wild = 0
    if isinstance(hand, (Deck, Mapping)):
        deck = as_deck(hand, "hand")
        wild = deck.count(WILD)
        return _values(deck.without(WILD, wild) if wild else deck), wild
    return _values(hand), wild


def hand_values(hand: object) -> tuple[int, ...]:
    """A hand (Fight values, a name -> count mapping or a Deck) as its Fight values.

    A wild "Fight ?" card is refused with a ``ValueError`` saying why: it is laid as the value
    its player names (F §3d, S16), which depends on the question, and the calculators that
    call this take fixed values - give it as the value it will be laid as. (The ones that weigh
    it themselves, :func:`best_next_fight` and the war's completion, read
    :func:`hand_parts`.)"""
    values, wild = hand_parts(hand)
    if wild:
        raise ValueError(
            gettext(
                "hand holds {value} wild 'Fight ?' card(s): this calculator takes Fight values; "
                "give each as the value it will be laid as"
            ).format(value=wild)
        )
    return values


def _values(hand: object) -> tuple[int, ...]:
    if isinstance(hand, (Deck, Mapping)):
        hand = as_deck(hand, "hand")
    try:
        counts = hand_fight_counts(hand)  # type: ignore[arg-type]
    except ValueError as err:
        raise ValueError(err if "hand" in str(err) else f"hand: {err}") from None
    return tuple(v for v, c in zip(FIGHT_VALUES, counts) for _ in range(c))


def combat_card_names(quest: str) -> tuple[str, ...]:
    """Return the black cards that are laid on a combat quest (RB p.11), in canonical order.

    >>> combat_card_names("black_knight")
    ('black_knight_1', 'black_knight_3', 'black_knight_5', 'black_knight_7')
    """
    q = check_quest(quest)
    return tuple(sorted(n for n in _BLACK_NAMES if n.startswith(COMBAT_PREFIX[q])))


def combat_pool(quest: str, known: tuple[str, ...], deck: object, seen: object) -> dict[int, int]:
    """The quest's combat cards the unseen ones are drawn from, as value -> copies."""
    on_board = {c: known.count(c) for c in set(known)}
    pool = unseen_black(deck, seen, on_board, expansion=False, board_name="black_laid")
    out: dict[int, int] = {}
    for name, n in pool.items():
        if name.startswith(COMBAT_PREFIX[quest]):
            v = _rules.black_value(name, quest)
            out[v] = out.get(v, 0) + n
    return out


def unseen_black(
    deck: object,
    seen: object,
    on_board: Mapping[str, int],
    *,
    expansion: bool,
    board_name: str = "the cards on the quest",
) -> Deck:
    """The black cards not seen yet: the box (base, or with Merlin's Company) minus the cards
    ``on_board`` and ``seen``; or ``deck`` as given, checked against the game's black cards (a
    given deck already leaves the seen cards out, so ``seen`` must then be empty)."""
    seen_deck = as_deck(seen, "seen")
    if deck is None:
        try:
            return (
                standard_deck("black", expansion=expansion).minus(Deck(on_board)).minus(seen_deck)
            )
        except ValueError as err:
            raise ValueError(
                gettext("{board_name} and seen hold more cards than the box: {err}").format(
                    board_name=board_name, err=err
                )
            ) from None
    if seen_deck.size:
        raise ValueError(
            gettext(
                "seen is for the default deck only: give the black draw pile without the seen "
                "cards instead"
            )
        )
    pile = as_deck(deck, "deck")
    unknown = sorted(set(pile.names()) - _BLACK_NAMES)
    if unknown:
        raise ValueError(
            gettext("deck holds {unknown}, not black cards of the game").format(unknown=unknown)
        )
    box = standard_deck("black", expansion=True)
    for name, n in pile.items():
        if n > box.count(name):
            raise ValueError(
                gettext(
                    "deck holds {n} x {name}; the game has only {value} (base game and Merlin's "
                    "Company together)"
                ).format(n=n, name=name, value=box.count(name))
            )
    return pile


def spots_to_come(quest: str, n_whites: int, n_laid: int, black_to_come: object) -> int:
    data = rulebook.quest_data(quest)
    whites_full = n_whites >= data.white_spots
    if whites_full and n_laid >= data.black_spots:
        raise ValueError(
            gettext(
                "{quest}: both sides full ({n_whites} white, {n_laid} black cards); the quest "
                "ended when the first side was filled (RB p.14)"
            ).format(quest=quest, n_whites=n_whites, n_laid=n_laid)
        )
    left = 0 if whites_full else data.black_spots - n_laid
    if black_to_come is None:
        return left
    if isinstance(black_to_come, bool) or not isinstance(black_to_come, int):
        raise ValueError(
            gettext("black_to_come={black_to_come}: expected a whole number >= 0").format(
                black_to_come=repr(black_to_come)
            )
        )
    if not 0 <= black_to_come <= left:
        why = (
            gettext("the white spots are full, so the quest has ended (RB p.14)")
            if whites_full
            else gettext("{laid} of {spots} black spots are filled").format(
                laid=n_laid, spots=data.black_spots
            )
        )
        raise ValueError(
            gettext("black_to_come={black_to_come}: at most {left} ({why})").format(
                black_to_come=black_to_come, left=left, why=why
            )
        )
    return black_to_come
