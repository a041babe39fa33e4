"""Quests: exact odds for the combat quests (Black Knight, Lancelot, Dragon), the races (the
Holy Grail, Excalibur, the Pict and Saxon wars against the black deck) and a turn's choice.

Every quest rule comes from the rules engine, never a second copy: the pattern the Fight cards
must grow into (:func:`camelot_rules.engine.quests.pattern_ok`, BoQ p.14; RB p.14), a black
card's value on its quest (:func:`~camelot_rules.engine.quests.black_value`, RB p.11), the
Fight value a war takes next (:func:`~camelot_rules.engine.quests.war_next`, RB p.15), the
spot counts (:data:`camelot_rules.data.rulebook.QUESTS`), Excalibur's bonus
(``rulebook.threshold("excalibur_bonus")``, BoQ p.8) and the tie rule
(:func:`camelot_rules.engine.arithmetic.combat_won`: a tie loses, BoQ p.5-7; RB p.17).

The combat model, in one paragraph (details in :func:`combat_win_probability`): a combat quest
ends the moment its last white or black spot is filled (RB p.14); then the black cards are
revealed and the knights win only with a strictly greater total. The calculators answer "the
whites stay as laid and the quest ends when the black spots are filled (or now, when the white
spots are): what is P(white total > black total)?". The unseen black cards (face down, or still
to come) are a uniformly random draw, without replacement, from the quest's combat cards that
are not known to be elsewhere. :func:`combat_race_probability` adds the white cards still to
come (the knights' best choice at each step), Lancelot's Armor's draws (BoQ p.6) and Divine
Favor (JA); :class:`camelot_rules.explorer.models.combat_race.CombatRace` is the same as an
explorer model.

The races (:func:`grail_race`, :func:`excalibur_race`, :func:`war_race`): the table's turns one
by one, each an evil step that draws a black card and then the turn's heroic action; every
black card and every card laid is played by the engine on a position built for it
(:func:`_engine_black`, :func:`_engine_lay`, memoised), so Despair, Desolation, the Dark
Forest, Excalibur cards, warriors, Mercenaries, Mordred and the Third Witch act exactly as in a
game; the sum over the pile's orderings is exact (integer weights over a falling factorial).
:func:`turn_choices` puts one step of both side by side for a position of the engine, and
:class:`camelot_rules.explorer.models.quest_race.QuestRace` is the race as an explorer model.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import islice
from math import comb

from camelot_rules.base.checks import check_bool
from camelot_rules.base.dist import Dist
from camelot_rules.base.i18n import N_, gettext
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, known_card_names, standard_deck
from camelot_rules.engine import actions as _A
from camelot_rules.engine import position as _position
from camelot_rules.engine import quests as _rules
from camelot_rules.engine.arithmetic import combat_won
from camelot_rules.engine.state import GameState
from camelot_rules.odds.siege import hand_fight_counts

__all__ = [
    "COMBAT_QUESTS",
    "WARS",
    "NextFight",
    "RaceCurve",
    "TurnChoice",
    "best_next_fight",
    "black_total_distribution",
    "combat_card_names",
    "combat_race_probability",
    "combat_win_probability",
    "excalibur_race",
    "grail_race",
    "turn_choices",
    "war_completion_probability",
    "war_race",
]

COMBAT_QUESTS: tuple[str, ...] = ("black_knight", "lancelot", "dragon")
WARS: tuple[str, ...] = ("picts", "saxons")
HIDDEN = "hidden"  # a black card laid face down (its name unseen), as the engine shows it

_VALUES = rulebook.FIGHT_VALUES
_EXCALIBUR = rulebook.threshold("excalibur_bonus")
_PATTERN = {
    "black_knight": "two pairs of different values",
    "lancelot": "a full house (three of one value, two of another)",
    "dragon": "three three-of-a-kinds of different values",
}
_COMBAT_PREFIX = {
    "black_knight": "black_knight_",
    "lancelot": "lancelot_dragon_",
    "dragon": "lancelot_dragon_",
}
_BLACK_NAMES = frozenset(
    e.name for e in (*rulebook.BASE_BLACK, *rulebook.EXPANSION_BLACK)
)  # every black card name of the base game and Merlin's Company
# The most copies of each Fight value that exist (base game + Merlin's Company): more in a
# hand and on the quest is an impossible position.
_FIGHT_COPIES = {v: standard_deck("white", expansion=True).count(f"fight_{v}") for v in _VALUES}
_WHITE_DRAWS = rulebook.threshold("round_table_white_draws")


# --- checks ------------------------------------------------------------------------------------
def _check_quest(quest: object) -> str:
    if quest not in COMBAT_QUESTS:
        raise ValueError(
            gettext("quest={quest}: expected one of {value}").format(
                quest=repr(quest), value=list(COMBAT_QUESTS)
            )
        )
    assert isinstance(quest, str)
    return quest


def _check_values(values: object, what: str) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ValueError(
            gettext("{what}={values}: expected a list of Fight values (ints 1..5)").format(
                what=what, values=repr(values)
            )
        )
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v not in _VALUES:
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


def _check_copies(*groups: tuple[str, Iterable[int]]) -> None:
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


def _check_whites(quest: str, whites: object) -> tuple[int, ...]:
    values = _check_values(whites, "whites")
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


def _check_black_laid(quest: str, black_laid: object) -> tuple[int, tuple[str, ...]]:
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
            isinstance(card, str)
            and card in _BLACK_NAMES
            and card.startswith(_COMBAT_PREFIX[quest])
        ):
            known.append(card)
        else:
            raise ValueError(
                gettext(
                    "black_laid contains {card}: expected {HIDDEN} or a {quest} combat card "
                    "({value}...)"
                ).format(
                    card=repr(card), HIDDEN=repr(HIDDEN), quest=quest, value=_COMBAT_PREFIX[quest]
                )
            )
    if hidden + len(known) > spots:
        raise ValueError(
            gettext("black_laid: {value} black cards laid, but {quest} has {spots} spots").format(
                value=hidden + len(known), quest=quest, spots=spots
            )
        )
    return hidden, tuple(known)


def _as_deck(cards: object, what: str) -> Deck:
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


def _hand_values(hand: object) -> tuple[int, ...]:
    """A hand (Fight values, a name -> count mapping or a Deck) as its Fight values."""
    if isinstance(hand, (Deck, Mapping)):
        hand = _as_deck(hand, "hand")
    try:
        counts = hand_fight_counts(hand)  # type: ignore[arg-type]
    except ValueError as err:
        raise ValueError(err if "hand" in str(err) else f"hand: {err}") from None
    return tuple(v for v, c in zip(_VALUES, counts) for _ in range(c))


def combat_card_names(quest: str) -> tuple[str, ...]:
    """Return the black cards that are laid on a combat quest (RB p.11), in canonical order.

    >>> combat_card_names("black_knight")
    ('black_knight_1', 'black_knight_3', 'black_knight_5', 'black_knight_7')
    """
    q = _check_quest(quest)
    return tuple(sorted(n for n in _BLACK_NAMES if n.startswith(_COMBAT_PREFIX[q])))


def _combat_pool(quest: str, known: tuple[str, ...], deck: object, seen: object) -> dict[int, int]:
    """The quest's combat cards the unseen ones are drawn from, as value -> copies."""
    on_board = {c: known.count(c) for c in set(known)}
    pool = _unseen_black(deck, seen, on_board, expansion=False, board_name="black_laid")
    out: dict[int, int] = {}
    for name, n in pool.items():
        if name.startswith(_COMBAT_PREFIX[quest]):
            v = _rules.black_value(name, quest)
            out[v] = out.get(v, 0) + n
    return out


def _unseen_black(
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
    seen_deck = _as_deck(seen, "seen")
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
    pile = _as_deck(deck, "deck")
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


def _spots_to_come(quest: str, n_whites: int, n_laid: int, black_to_come: object) -> int:
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


# --- the black total ---------------------------------------------------------------------------
@cache
def _sum_weights(pool: tuple[tuple[int, int], ...], m: int) -> dict[int, int]:
    """Integer weights of the sum of ``m`` cards drawn without replacement from ``pool``
    (value, copies): the number of ``m``-card subsets with each sum."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for value, copies in pool:
        nxt: dict[tuple[int, int], int] = {}
        for (total, drawn), w in ways.items():
            for j in range(min(copies, m - drawn) + 1):
                key = (total + j * value, drawn + j)
                nxt[key] = nxt.get(key, 0) + w * comb(copies, j)
        ways = nxt
    return {total: w for (total, drawn), w in ways.items() if drawn == m}


def black_total_distribution(
    quest: str,
    black_laid: int | Iterable[str],
    *,
    n_whites: int = 0,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    black_to_come: int | None = None,
) -> Dist[int]:
    """Return the exact distribution of the black total when the combat quest ends.

    Rules: ``black.combat``, ``black.face-down``, ``quest.combat-end``.

    ``black_laid`` is the number of black cards on the quest whose values are unseen, or a list
    of their names with ``"hidden"`` for each face-down card. ``black_to_come`` cards are still
    to be laid (default: the empty black spots, or none when the ``n_whites`` laid fill the
    white spots, RB p.14). The unseen cards (hidden and to come) are a uniformly random draw
    without replacement from ``deck``'s combat cards of this quest (Lancelot's value on
    Lancelot, the Dragon's on the Dragon, RB p.11); the default ``deck`` is the base box's black
    deck less the known laid cards and the ``seen`` cards (e.g. the black discard pile).

    Four Black Knight cards unseen out of the box's eleven (5 x 1, 3 x 3, 2 x 5, 1 x 7): the
    least total is 1+1+1+1 = 4, in C(5,4) = 5 of the C(11,4) = 330 draws.

    >>> d = black_total_distribution("black_knight", 4)
    >>> d[4], sum(d.values())
    (Fraction(1, 66), Fraction(1, 1))
    """
    q = _check_quest(quest)
    white_spots = rulebook.quest_data(q).white_spots
    if isinstance(n_whites, bool) or not isinstance(n_whites, int):
        raise ValueError(
            gettext("n_whites={n_whites}: expected a whole number 0..{white_spots}").format(
                n_whites=repr(n_whites), white_spots=white_spots
            )
        )
    if not 0 <= n_whites <= white_spots:
        raise ValueError(
            gettext("n_whites={n_whites}: {q} has {white_spots} white spots").format(
                n_whites=n_whites, q=q, white_spots=white_spots
            )
        )
    hidden, known = _check_black_laid(q, black_laid)
    m = hidden + _spots_to_come(q, n_whites, hidden + len(known), black_to_come)
    pool = _combat_pool(q, known, deck, seen)
    size = sum(pool.values())
    if m > size:
        raise ValueError(
            gettext(
                "{m} unseen {q} combat cards needed ({hidden} hidden + {value} to come), but the "
                "deck holds only {size}"
            ).format(m=m, q=q, hidden=hidden, value=m - hidden, size=size)
        )
    base = sum(_rules.black_value(c, q) for c in known)
    weights = _sum_weights(tuple(sorted(pool.items())), m)
    return Dist.from_weights({base + s: w for s, w in weights.items()})


# --- combat quests -----------------------------------------------------------------------------
def _white_total(whites: tuple[int, ...], excalibur: bool, reserve: tuple[int, ...]) -> int:
    bonus = _EXCALIBUR if check_bool("excalibur", excalibur) else 0
    return sum(whites) + bonus + max(reserve, default=0)


def combat_win_probability(
    quest: str,
    whites: Iterable[int],
    black_laid: int | Iterable[str],
    *,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    excalibur: bool = False,
    kay_reserve: Iterable[int] = (),
    black_to_come: int | None = None,
    divine_favor: bool = False,
) -> Fraction:
    """Return the exact chance that the knights win the combat quest when it ends.

    Rules: ``quest.combat-end``, ``quest.fight-cards``, ``black.combat``, ``black.face-down``,
    ``relic.excalibur``, ``knight.kay``, ``endgame.tie``, ``white.expansion-specials``.

    The rule (RB p.14; BoQ p.5-7): a combat quest ends the moment its last white or black spot
    is filled; the black cards are shuffled and revealed; the knights win only with a strictly
    greater total (a tie loses). Excalibur's holder on the quest adds 1 (BoQ p.8). Sir Kay, on
    the quest when it ends, may add one Fight card of his choice after the reveal (BoQ p.13).

    Model (the assumptions, stated):

    * ``whites`` (the Fight values laid, checked against the quest's pattern, BoQ p.14) stay
      as they are: no more white cards are laid. More white cards could only add to the total
      or end the quest sooner, so for the same black cards this is the knights' worst case.
    * The quest ends when ``black_to_come`` more black cards are laid: by default every empty
      black spot is filled, or none when the white spots are already full (the quest then ends
      now). ``black_to_come=0`` asks "what if it ended now?".
    * The unseen black cards - those laid face down (``black_laid`` as a count, or ``"hidden"``
      in a list of names) and those to come - are a uniformly random draw without replacement
      from ``deck``'s combat cards for this quest; a face-down card tells nothing about its
      value (no reading of who laid it). Default ``deck``: the base box's black deck less the
      known laid cards and ``seen`` (cards known elsewhere, e.g. the discard pile). Other black
      cards (Despair, Morgan...) do not change the sum and are ignored.
    * Sir Kay adds the best of ``kay_reserve`` (his Fight cards; any value, as the engine
      reads BoQ p.13); adding the largest is never worse. Excalibur: ``excalibur=True`` if its
      holder is on the quest when it ends.
    * ``divine_favor=True``: Divine Favor (Merlin's Company, JA special white cards) was
      played and not yet used, so a tie goes to the knights (the engine's
      :func:`camelot_rules.engine.arithmetic.combat_won`).
    * More white cards to come, and Lancelot's Armor: :func:`combat_race_probability`.

    The official example (RB p.14): Fight 4 + 5 + 5 = 14 against five Lancelot cards
    3 + 1 + 1 + 5 + 1 = 11: won.

    >>> laid = ["lancelot_dragon_3_7", "lancelot_dragon_1_5", "lancelot_dragon_1_5",
    ...         "lancelot_dragon_5_9", "lancelot_dragon_1_5"]
    >>> combat_win_probability("lancelot", [4, 5, 5], laid)
    Fraction(1, 1)
    >>> combat_win_probability("lancelot", [4, 5, 5], 4)  # four unseen, one to come
    Fraction(139, 462)
    >>> combat_win_probability("black_knight", [3, 3, 5], 3, excalibur=True)  # 12 vs 4 cards
    Fraction(16, 33)
    >>> combat_win_probability("black_knight", [3, 3, 5], 3, excalibur=True, divine_favor=True)
    Fraction(23, 33)
    """
    q = _check_quest(quest)
    w = _check_whites(q, whites)
    reserve = _check_values(kay_reserve, "kay_reserve")
    _check_copies(("whites", w), ("kay_reserve", reserve))
    total = _white_total(w, excalibur, reserve)
    dist = black_total_distribution(
        q, black_laid, n_whites=len(w), deck=deck, seen=seen, black_to_come=black_to_come
    )
    favor = check_bool("divine_favor", divine_favor)
    return sum(
        (p for black, p in dist.items() if combat_won(total, black, divine_favor=favor)),
        Fraction(0),
    )


@dataclass(frozen=True)
class NextFight:
    """One Fight card the quest's pattern allows next, and the chance of winning after it.

    ``ends_quest``: laying it fills the last white spot, so the quest ends at once (RB p.14).
    """

    value: int
    p_win: Fraction
    ends_quest: bool


def best_next_fight(
    quest: str,
    whites: Iterable[int],
    hand: Deck | Mapping[str, int] | Iterable[int],
    black_laid: int | Iterable[str],
    *,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    excalibur: bool = False,
    kay: bool = False,
    kay_reserve: Iterable[int] = (),
    divine_favor: bool = False,
) -> tuple[NextFight, ...]:
    """Return, for each Fight value in ``hand`` that the quest's pattern allows next, the
    exact chance that the knights win if it is laid now, best first.

    Rules: ``quest.fight-cards``, ``quest.combat-end``, ``knight.kay``,
    ``white.expansion-specials``.

    The chance is :func:`combat_win_probability` of the whites with the card added (same model:
    no further white cards; the empty black spots filled, or none when the card fills the last
    white spot). ``kay=True``: you are Sir Kay, and after the reveal you add the best Fight card
    left in your hand; ``kay_reserve``: another Sir Kay's Fight cards (on the Dragon). Ties in
    the chance are broken by the larger card. Compare with :func:`combat_win_probability` of
    the whites as they are to see what laying a card gains.

    Black Knight with 3, 3 laid, two Black Knight cards unseen: a 5 starts the second pair and
    leaves two black spots to fill; no hand card ends the quest yet.

    >>> [(n.value, n.p_win) for n in best_next_fight("black_knight", [3, 3], [5, 1, 3], 2)]
    [(5, Fraction(16, 33)), (1, Fraction(7, 66))]
    """
    q = _check_quest(quest)
    w = _check_whites(q, whites)
    held = _hand_values(hand)
    reserve = _check_values(kay_reserve, "kay_reserve")
    if check_bool("kay", kay) and reserve:
        raise ValueError(
            gettext("give kay=True (you are Sir Kay) or kay_reserve (another Kay), not both")
        )
    _check_copies(("whites", w), ("hand", held), ("kay_reserve", reserve))
    spots = rulebook.quest_data(q).white_spots
    out = []
    for v in sorted(set(held)):
        after = (*w, v)
        if not _rules.pattern_ok(q, after):
            continue
        left = list(held)
        left.remove(v)
        p = combat_win_probability(
            q,
            after,
            black_laid,
            deck=deck,
            seen=seen,
            excalibur=excalibur,
            kay_reserve=tuple(left) if kay else reserve,
            divine_favor=divine_favor,
        )
        out.append(NextFight(v, p, len(after) >= spots))
    return tuple(sorted(out, key=lambda n: (n.p_win, n.value), reverse=True))


_SCHEDULE_STEPS = {"w": "white", "b": "black", "a": "armor"}


def _check_schedule(quest: str, schedule: object, n_whites: int, n_laid: int) -> str:
    if not isinstance(schedule, str) or any(c not in _SCHEDULE_STEPS for c in schedule):
        raise ValueError(
            gettext(
                "schedule={schedule}: expected a string of w (the knights may lay a Fight card), "
                "b (a black combat card lands) and a (the Armor's holder draws it)"
            ).format(schedule=repr(schedule))
        )
    data = rulebook.quest_data(quest)
    if n_whites >= data.white_spots:
        raise ValueError(
            gettext(
                "whites: the {white_spots} white spots are full, so the quest has ended (RB p.14)"
            ).format(white_spots=data.white_spots)
        )
    whites = schedule.count("w")
    blacks = len(schedule) - whites
    if whites > data.white_spots - n_whites:
        raise ValueError(
            gettext(
                "schedule has {whites} white steps, but only {value} of {quest}'s white spots are "
                "empty"
            ).format(whites=whites, value=data.white_spots - n_whites, quest=quest)
        )
    if blacks > data.black_spots - n_laid:
        raise ValueError(
            gettext(
                "schedule has {blacks} black steps, but black_laid leaves only {value} of "
                "{quest}'s black spots empty"
            ).format(blacks=blacks, value=data.black_spots - n_laid, quest=quest)
        )
    return schedule


def combat_race_probability(
    quest: str,
    whites: Iterable[int],
    black_laid: int | Iterable[str],
    *,
    hand: Deck | Mapping[str, int] | Iterable[int] = (),
    schedule: str = "",
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    excalibur: bool = False,
    kay_reserve: Iterable[int] = (),
    divine_favor: bool = False,
) -> Fraction:
    """Return the exact chance that the knights win the combat quest when white cards are
    still to come: the knights lay the best cards of ``hand`` as the quest goes on.

    Rules: ``quest.combat-end``, ``quest.fight-cards``, ``black.combat``, ``black.face-down``,
    ``relic.armor``, ``relic.excalibur``, ``knight.kay``, ``endgame.tie``,
    ``white.expansion-specials``.

    ``schedule`` is the order of the coming steps, one letter each: ``w`` - the knights may lay
    one Fight card from ``hand`` that the quest's pattern allows (BoQ p.14), or lay none;
    ``b`` - a black combat card of this quest is laid face up; ``a`` - Lancelot's Armor: its
    holder draws the black card, sees two of the quest's combat cards, keeps the lower and puts
    the other under the pile (BoQ p.6; the engine's ``relic.armor``). The quest ends the moment
    a side's spots are full (RB p.14); if the schedule ends first, the empty black spots are
    filled by plain draws (as in :func:`combat_win_probability`, whose answer this is for an
    empty schedule). The knights choose each card (or none) to maximise the chance of winning,
    seeing the face-up black cards; face-down cards stay unknown until the reveal.

    Assumptions, stated: the black cards (drawn, face down, seen by the Armor) come from
    ``deck``'s combat cards for this quest, other black cards being ignored (so each Armor draw
    offers two combat cards, and keeping the lower is always right: both leave the pile); the
    card put under the pile does not come back before the quest ends; ``hand`` is every Fight
    card the knights on the quest will have (the cards they will draw are not modelled).

    Black Knight, nothing laid, a hand of 5, 5, 4, 4 and the turns "black, white" four times:
    the knights fill the white spots (5+5+4+4 = 18) after three black cards.

    >>> combat_race_probability("black_knight", [], 0, hand=[5, 5, 4, 4], schedule="bwbwbww")
    Fraction(1, 1)

    Black Knight 4, 4 laid, two face down, a hand of 1, 1: with no more white cards the
    knights' 8 faces four cards (7/66); laying both 1s after one more black card ends the
    quest at 10 against three cards; Lancelot's Armor on that draw helps further.

    >>> combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1])
    Fraction(7, 66)
    >>> combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1], schedule="bww")
    Fraction(116, 165)
    >>> combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1], schedule="aww")
    Fraction(553, 660)
    """
    q = _check_quest(quest)
    w0 = _check_whites(q, whites)
    held = _hand_values(hand)
    reserve = _check_values(kay_reserve, "kay_reserve")
    _check_copies(("whites", w0), ("hand", held), ("kay_reserve", reserve))
    favor = check_bool("divine_favor", divine_favor)
    bonus = (_EXCALIBUR if check_bool("excalibur", excalibur) else 0) + max(reserve, default=0)
    hidden, known = _check_black_laid(q, black_laid)
    n_laid = hidden + len(known)
    steps = _check_schedule(q, schedule, len(w0), n_laid)
    data = rulebook.quest_data(q)
    pool0 = _combat_pool(q, known, deck, seen)
    need = hidden + data.black_spots - n_laid + steps.count("a")
    if need > sum(pool0.values()):
        raise ValueError(
            gettext(
                "{need} {q} combat cards may be needed ({hidden} hidden, {value} to come, "
                "{value2} more seen by the Armor), but the deck holds only {value3}"
            ).format(
                need=need,
                q=q,
                hidden=hidden,
                value=data.black_spots - n_laid,
                value2=steps.count("a"),
                value3=sum(pool0.values()),
            )
        )
    values = tuple(sorted(pool0))
    white_spots, black_spots = data.white_spots, data.black_spots

    def end(ws: tuple[int, ...], pool: tuple[int, ...], black: int, unseen: int) -> Fraction:
        weights = _sum_weights(tuple(zip(values, pool)), unseen)
        total = sum(ws) + bonus
        won = sum(w for s, w in weights.items() if combat_won(total, black + s, divine_favor=favor))
        return Fraction(won, comb(sum(pool), unseen))

    @cache
    def go(
        i: int,
        ws: tuple[int, ...],
        left: tuple[int, ...],
        pool: tuple[int, ...],
        black: int,
        n: int,
    ) -> Fraction:
        if len(ws) >= white_spots or n >= black_spots:
            return end(ws, pool, black, hidden)
        if i == len(steps):
            return end(ws, pool, black, hidden + black_spots - n)
        size = sum(pool)
        if steps[i] == "w":
            best = go(i + 1, ws, left, pool, black, n)  # lay nothing
            for v in sorted(set(left)):
                after = tuple(sorted((*ws, v)))
                if _rules.pattern_ok(q, after):
                    rest = list(left)
                    rest.remove(v)
                    best = max(best, go(i + 1, after, tuple(rest), pool, black, n))
            return best
        out = Fraction(0)
        if steps[i] == "b" or size < 2:
            for k, c in enumerate(pool):
                if c:
                    nxt = (*pool[:k], c - 1, *pool[k + 1 :])
                    out += Fraction(c, size) * go(i + 1, ws, left, nxt, black + values[k], n + 1)
            return out
        pairs = size * (size - 1)
        for k, c in enumerate(pool):  # the lower card kept: values[k]
            for j in range(k, len(pool)):
                ways = c * (c - 1) if j == k else 2 * c * pool[j]
                if ways:
                    two = list(pool)
                    two[k] -= 1
                    two[j] -= 1
                    out += Fraction(ways, pairs) * go(
                        i + 1, ws, left, tuple(two), black + values[k], n + 1
                    )
        return out

    base = sum(_rules.black_value(c, q) for c in known)
    return go(0, tuple(sorted(w0)), held, tuple(pool0[v] for v in values), base, n_laid)


# --- wars --------------------------------------------------------------------------------------
@cache
def _war_needs(war: str, fights: int, mordred: bool) -> tuple[int, ...]:
    """The Fight values the war still takes, in order, read from the engine's rule."""
    needs: list[int] = []
    total = fights
    while True:
        try:
            state = _position(3, quests={war: {"fights": total, "mordred": mordred}})
        except ValueError:  # the engine refuses a war with its last card laid: it was won
            return tuple(needs)
        nxt = _rules.war_next(state, war)
        if nxt is None:
            return tuple(needs)
        needs.append(nxt)
        total += 1


def war_completion_probability(
    war: str,
    fights_laid: int,
    hand: Deck | Mapping[str, int] | Iterable[int],
    white_deck: Deck | Mapping[str, int] | None,
    actions: int,
    *,
    mordred: bool = False,
    start: str = "war",
    draws_per_action: int = _WHITE_DRAWS,
) -> Fraction:
    """Return the exact chance that one knight completes the war's straight within ``actions``
    of his heroic actions.

    Rules: ``quest.wars``, ``black.mordred``, ``camelot.draw-white``, ``quest.move``.

    The rule (RB p.15; BoQ p.10): Fight cards go on the war in the order 1, 2, 3, 4, 5 (one
    more 5 while Mordred is on it, BoQ p.16); the last one wins the war. ``fights_laid`` are
    already on it; ``hand`` is the knight's hand (Fight values, or a card mapping).

    The model, exactly: one knight alone. Each heroic action is one of: lay the next needed
    Fight card (at the war, if held); move between the war and the Round Table (RB p.12-13);
    draw ``draws_per_action`` white cards at the Round Table (2, RB p.13; 3 for Sir Gawain).
    ``start`` is where the knight stands: ``"war"`` or ``"camelot"``. The white cards come from
    ``white_deck`` (the draw pile, shuffled; default the base box's white deck less the hand
    and the Fight cards on the war), never reshuffled: when it runs out, no more draws. The
    best play - lay what you can, make one trip to draw until every missing card is in hand,
    come back and lay the rest - wins within ``actions`` exactly when the first
    ``draws_per_action * d`` cards of the pile hold the missing cards, with ``d`` the actions
    left for drawing after the lays and the moves (a hypergeometric count).

    NOT modelled: the warriors' race from the black deck (the war may be lost first), other
    knights' cards and actions, special white cards, the 12-card hand limit on drawing,
    Tristan's free move, sacrificing life for a second action, and the traitor.

    Picts with 1, 2 laid, the knight at the war holding 3 and 4, and a pile of ten cards with
    two 5s: in 7 actions, 3 lays + 2 moves leave 2 draw actions (4 cards), and the four cards
    miss both 5s in C(8,4)/C(10,4) = 1/3 of the shuffles.

    >>> pile = {"fight_5": 2, "grail": 8}
    >>> war_completion_probability("picts", 2, [3, 4], pile, 7)
    Fraction(2, 3)
    """
    if war not in WARS:
        raise ValueError(
            gettext("war={war}: expected one of {value}").format(war=repr(war), value=list(WARS))
        )
    mordred = check_bool("mordred", mordred)
    top = len(_VALUES) + (1 if mordred else 0)
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
    for name, value in (("actions", actions), ("draws_per_action", draws_per_action)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(
                gettext("{name}={value}: expected a whole number >= 0").format(
                    name=name, value=repr(value)
                )
            )
    if draws_per_action < 1:
        raise ValueError(
            gettext("draws_per_action={draws_per_action}: expected at least 1").format(
                draws_per_action=draws_per_action
            )
        )
    if start not in ("war", "camelot"):
        raise ValueError(
            gettext("start={start}: expected 'war' or 'camelot'").format(start=repr(start))
        )
    held = _hand_values(hand)
    on_war = tuple(min(v, len(_VALUES)) for v in range(1, fights_laid + 1))
    _check_copies(("hand", held), ("the war", on_war))
    needs = _war_needs(war, fights_laid, mordred)
    if white_deck is None:
        pile = standard_deck("white")
        for v in (*held, *on_war):
            pile = pile.without(f"fight_{v}")
    else:
        pile = _as_deck(white_deck, "white_deck")
        white = set(standard_deck("white", expansion=True).names())
        other = sorted(n for n in pile.names() if n in known_card_names() and n not in white)
        if other:
            raise ValueError(
                gettext(
                    "white_deck holds {card}: not a white card (the white draw pile holds "
                    "white cards only)"
                ).format(card=repr(other[0]))
            )
    missing: dict[int, int] = {}
    for v in needs:
        missing[v] = missing.get(v, 0) + 1
    for v in held:
        if missing.get(v, 0):
            missing[v] -= 1
    missing = {v: n for v, n in missing.items() if n}
    lays = len(needs)
    if not missing:
        moves = 1 if start == "camelot" else 0
        return Fraction(1 if lays + moves <= actions else 0)
    moves = 1 if start == "camelot" else 2
    draw_actions = actions - lays - moves
    if draw_actions < 1:
        return Fraction(0)
    n = min(pile.size, draws_per_action * draw_actions)
    return _covers_probability(pile, missing, n)


def _covers_probability(pile: Deck, missing: Mapping[int, int], n: int) -> Fraction:
    """P(n cards drawn without replacement from ``pile`` hold ``missing[v]`` x Fight v each)."""
    sizes = [pile.count(f"fight_{v}") for v in sorted(missing)]
    need = [missing[v] for v in sorted(missing)]
    others = pile.size - sum(sizes)
    ways: dict[int, int] = {0: 1}  # cards of the needed values drawn -> ways
    for size, k in zip(sizes, need):
        nxt: dict[int, int] = {}
        for drawn, w in ways.items():
            for j in range(k, min(size, n - drawn) + 1):
                nxt[drawn + j] = nxt.get(drawn + j, 0) + w * comb(size, j)
        ways = nxt
    good = sum(w * comb(others, n - drawn) for drawn, w in ways.items())
    return Fraction(good, comb(pile.size, n))


# --- races against the black deck: the Grail, Excalibur, the wars ------------------------------
GRAIL_BLACKS: tuple[str, ...] = ("despair", "desolation")
_MORGAN_3_DRAWS = rulebook.threshold("morgan_3_draws")
_GRAIL_SPOTS = rulebook.threshold("grail_spots")
_EXC_STEPS = rulebook.threshold("excalibur_steps")
_WARRIORS = rulebook.threshold("war_warriors_to_lose")
_MAX_TURNS = 60
_MAX_KNIGHTS = 8  # the largest table (Merlin's Company, JA setup)
# Black cards that change any race the same way, whatever the quest (BoQ p.16): Morgan's third
# card draws three more black cards, Guinevere sends every knight to Camelot.
_ANY_RACE = ("morgan_3", "guinevere")
_RACE_CARDS = {
    "grail": ("despair", "desolation", "dark_forest"),
    "excalibur": ("excalibur",),
    "picts": ("picts", "mercenaries", "mordred", "morgan_witch_3"),
    "saxons": ("saxons", "mercenaries", "mordred", "morgan_witch_3"),
}
_CHOSEN = frozenset({"mercenaries", "mordred"})  # the drawer chooses the war (BoQ p.16)
# what every race takes for granted (marked for translation; shown in the reader's language)
_RACE_ASSUMPTIONS = (
    N_(
        "every evil step draws a black card (the knights never take a siege engine or lose a life "
        "instead)"
    ),
    N_("no Merlin cards cancel, no Excalibur sacrifice, no second heroic action for a life"),
    N_(
        "the knights on the quest only lay its cards and never draw more (nothing is added to "
        "their hands), the others never touch it"
    ),
    N_("forced discards (Morgan 2 and 5, the 4th witch) are paid without the cards the race needs"),
    N_("after Guinevere each knight spends his next heroic action going back (no travel card)"),
    N_(
        "no reshuffle: the horizon must fit in the draw pile (Merlin's Company's First Witch "
        "counts as a card with no effect here)"
    ),
)


@dataclass(frozen=True)
class RaceCurve:
    """The exact chances of a race over the next turns.

    ``won[t]`` / ``lost[t]``: the chance that the quest is won / lost by the end of the
    ``t``-th turn from now (``t = 0`` is now; the table's turns, one knight each).
    ``assumptions``: what the model takes for granted, to show with every answer.
    """

    quest: str
    won: tuple[Fraction, ...]
    lost: tuple[Fraction, ...]
    assumptions: tuple[str, ...]

    @property
    def p_win(self) -> Fraction:
        """The chance the quest is won within the horizon."""
        return self.won[-1]

    @property
    def p_lose(self) -> Fraction:
        """The chance the quest is lost within the horizon."""
        return self.lost[-1]

    @property
    def turns(self) -> int:
        """The horizon, in turns."""
        return len(self.won) - 1


def _settle(s: GameState) -> GameState:
    """Resolve the chance steps that have one outcome (a known top card)."""
    while s.is_chance():
        outcomes = s.chance_outcomes()
        if len(outcomes) != 1:
            break
        s = s.apply_chance(outcomes[0][0])
    return s


def _quest_spec(quest: str, q: tuple[int, ...]) -> dict[str, dict[str, object]]:
    if quest == "grail":
        return {"grail": {"grails": q[0], "blacks": ("despair",) * q[1], "dark_forest": q[2] == 1}}
    if quest == "excalibur":
        return {"excalibur": {"position": q[0]}}
    return {quest: {"fights": q[0], "warriors": q[1], "mordred": q[2] == 1}}


def _read_quest(quest: str, s: GameState) -> tuple[int, ...] | str:
    """The quest's race state in the engine's position, or "won"/"lost" if it just ended."""
    for event in s.events:
        if event[0] == "quest" and event[1] == quest:
            return "won" if event[2] else "lost"
    if quest == "grail":
        return (s.grail_n, len(s.grail_b), int(s.dark_forest))
    if quest == "excalibur":
        return (s.exc_pos,)
    fights, warriors, mordred = s.wars[WARS.index(quest)]
    return (fights, warriors, int(mordred))


@cache
def _engine_black(quest: str, q: tuple[int, ...], card: str) -> tuple[int, ...] | str:
    """The race state after ``card`` is drawn, played by the engine (the drawer puts a
    Mercenaries or Mordred card on this war)."""
    s = _position(
        4,
        black_top=(card,),
        quests=_quest_spec(quest, q),
        expansion=card.startswith("morgan_witch"),
    )
    s = _settle(s.apply(_A.DrawBlack()))
    if not s.is_chance() and _A.ChooseWar(quest) in s.legal_actions():
        s = _settle(s.apply(_A.ChooseWar(quest)))
    return _read_quest(quest, s)


@cache
def _engine_lay(
    quest: str, q: tuple[int, ...], hand: tuple[int, ...]
) -> tuple[tuple[int, ...] | str, tuple[int, ...]] | None:
    """The knight's heroic action on the quest, if the engine allows one: the race state after
    it and the hand left, else None. Hands: (Grail cards,), (white cards,) or Fight counts."""
    action: _A.Action
    left: tuple[int, ...]
    if quest == "grail":
        cards, action, left = {"grail": 1}, _A.PlayGrail(), (hand[0] - 1,)
        if not hand[0]:
            return None
    elif quest == "excalibur":
        if not hand[0]:
            return None
        cards, action, left = {"fight_1": 1}, _A.DiscardForExcalibur("fight_1"), (hand[0] - 1,)
    else:
        cards = {f"fight_{v}": c for v, c in zip(_VALUES, hand) if c}
        s0 = _position(4, quests=_quest_spec(quest, q))
        v = _rules.war_next(s0, quest)
        if v is None or not hand[v - 1]:
            return None
        action = _A.PlayFight(quest, v)
        left = tuple(c - (1 if i == v - 1 else 0) for i, c in enumerate(hand))
    s = _position(
        4, location={0: quest}, hands={0: cards}, phase="heroic", quests=_quest_spec(quest, q)
    )
    if action not in s.legal_actions():
        return None
    return _read_quest(quest, s.apply(action)), left


def _race_pile(
    quest: str,
    deck: object,
    seen: object,
    on_board: Mapping[str, int],
    expansion: bool,
) -> tuple[tuple[int, ...], int]:
    """The black draw pile as (copies of each race card, then Morgan 3, Guinevere; others)."""
    pile = _unseen_black(deck, seen, on_board, expansion=expansion)
    kinds = (*_RACE_CARDS[quest], *_ANY_RACE)
    counts = tuple(pile.count(k) for k in kinds)
    return counts, pile.size - sum(counts)


def _check_seats(seats: object, n: int, players: int) -> tuple[int, ...]:
    if n > players:
        raise ValueError(
            gettext(
                "hands: {n} knights on the quest, but {players} players at the table (one "
                "hand per knight there)"
            ).format(n=n, players=players)
        )
    if seats is None:
        return tuple(range(n))
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise ValueError(f"seats={seats!r}: expected one seat number per hand")
    out = tuple(seats)
    for x in out:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < players:
            raise ValueError(
                f"seats contains {x!r}: expected 0..{players - 1} (0 = the next turn's player)"
            )
    if len(out) != n or len(set(out)) != n:
        raise ValueError(f"seats={list(out)}: expected {n} different seats, one per hand")
    return out


_State = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[bool, ...], tuple[int, ...], int]


def _race(
    quest: str,
    q0: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    seats: tuple[int, ...],
    players: int,
    pile: tuple[tuple[int, ...], int],
    turns: int,
    chosen_here: bool,
) -> RaceCurve:
    """The exact race, turn by turn (the engine plays each card; see :func:`grail_race`)."""
    kinds = (*_RACE_CARDS[quest], *_ANY_RACE)
    counts0, other0 = pile
    most = turns + _MORGAN_3_DRAWS * counts0[kinds.index("morgan_3")]
    if most > sum(counts0) + other0:
        raise ValueError(
            f"turns={turns}: up to {most} black cards may be drawn, but the draw pile (deck) "
            f"holds {sum(counts0) + other0} (reshuffles are not modelled: ask fewer turns)"
        )
    # Integer weights: a state after d black draws carries p * size0 (size0 - 1) ... (d
    # factors), the same denominator for every state with d draws (d is read off its pile).
    size0 = sum(counts0) + other0
    falling = [1]
    for d in range(most):
        falling.append(falling[-1] * (size0 - d))
    # The states are grouped by what is left of the draw pile (its race cards, then the other
    # cards): every state with the same pile draws each card with the same weight. Within a
    # pile, a state is one flat tuple: the quest's state, each knight's hand (an index),
    # whether each knight was sent away (Guinevere).
    nq, nk, nc = len(q0), len(hands), len(counts0)
    hand_ids: dict[tuple[int, ...], int] = {}
    hand_of: list[tuple[int, ...]] = []

    def hid(h: tuple[int, ...]) -> int:
        if h not in hand_ids:
            hand_ids[h] = len(hand_of)
            hand_of.append(h)
        return hand_ids[h]

    a0 = nq + nk  # where the away flags begin
    start = (*q0, *(hid(h) for h in hands), *(0,) * nk)
    everyone_away = (1,) * nk
    effect = []  # per race card: 0 the engine plays it, 1 Morgan 3, 2 Guinevere, 3 no effect
    for card in kinds:
        if card == "morgan_3":
            effect.append(1)
        elif card == "guinevere":
            effect.append(2)
        elif card in _CHOSEN and not chosen_here:
            effect.append(3)
        else:
            effect.append(0)
    black_memo: dict[tuple[tuple[int, ...], int], tuple[int, ...] | str] = {}
    lay_memo: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...] | str, int] | None] = {}
    Rests = dict[tuple[int, ...], int]
    dist: dict[tuple[int, ...], Rests] = {(*counts0, other0): {start: 1}}
    won, lost = [Fraction(0)], [Fraction(0)]
    ended = {"won": [0] * (most + 1), "lost": [0] * (most + 1)}
    seat_of = {seat: i for i, seat in enumerate(seats)}
    for t in range(turns):
        seat = t % players
        # the evil step: one black card (Morgan 3 adds three more), then the heroic action
        todo: dict[tuple[tuple[int, ...], int, bool], Rests] = {
            (deck_left, 1, False): rests for deck_left, rests in dist.items()
        }
        after: dict[tuple[tuple[int, ...], bool], Rests] = {}
        while todo:
            nxt: dict[tuple[tuple[int, ...], int, bool], Rests] = {}
            for (deck_left, draws, over), rests in todo.items():
                for i in range(nc + 1):
                    c = deck_left[i]
                    if not c:
                        continue
                    left_deck = (*deck_left[:i], c - 1, *deck_left[i + 1 :])
                    kind = effect[i] if i < nc else 3
                    left = draws - 1 + (_MORGAN_3_DRAWS if kind == 1 else 0)
                    over2 = over or kind == 2
                    if left:
                        target = nxt.setdefault((left_deck, left, over2), {})
                    else:
                        target = after.setdefault((left_deck, over2), {})
                    if kind == 0:
                        done = size0 - sum(left_deck)  # cards drawn so far
                        for r, w in rests.items():
                            q = r[:nq]
                            q2 = black_memo.get((q, i))
                            if q2 is None:
                                q2 = black_memo[(q, i)] = _engine_black(quest, q, kinds[i])
                            if isinstance(q2, str):
                                ended[q2][done] += w * c
                                continue
                            r2 = (*q2, *r[nq:])
                            target[r2] = target.get(r2, 0) + w * c
                    elif kind == 2:
                        for r, w in rests.items():
                            r2 = (*r[:a0], *everyone_away)
                            target[r2] = target.get(r2, 0) + w * c
                    else:
                        for r, w in rests.items():
                            target[r] = target.get(r, 0) + w * c
            todo = nxt
        dist = {}
        k = seat_of.get(seat)
        for (deck_left, over), rests in after.items():
            out = dist.setdefault(deck_left, {})
            done = size0 - sum(deck_left)
            for r, w in rests.items():
                if not over and k is not None:
                    if r[a0 + k]:
                        r = (*r[: a0 + k], 0, *r[a0 + k + 1 :])
                    else:
                        q, h = r[:nq], r[nq + k]
                        if (q, h) not in lay_memo:
                            got = _engine_lay(quest, q, hand_of[h])
                            lay_memo[(q, h)] = None if got is None else (got[0], hid(got[1]))
                        step = lay_memo[(q, h)]
                        if step is not None:
                            q3, left_hand = step
                            if isinstance(q3, str):
                                ended[q3][done] += w
                                continue
                            r = (*q3, *r[nq : nq + k], left_hand, *r[nq + k + 1 :])
                out[r] = out.get(r, 0) + w
        won.append(sum((Fraction(w, falling[d]) for d, w in enumerate(ended["won"])), Fraction(0)))
        lost.append(
            sum((Fraction(w, falling[d]) for d, w in enumerate(ended["lost"])), Fraction(0))
        )
    return RaceCurve(quest, tuple(won), tuple(lost), tuple(gettext(a) for a in _RACE_ASSUMPTIONS))


def _check_turns(turns: object) -> int:
    from camelot_rules.base.checks import check_int

    return check_int("turns", turns, low=0, high=_MAX_TURNS)


def _count_hands(hands: object, what: str) -> tuple[int, ...]:
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise ValueError(
            gettext("{what}={hands}: expected one number per knight on the quest").format(
                what=what, hands=repr(hands)
            )
        )
    out = []
    most = standard_deck("white", expansion=True).size
    for h in hands:
        if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= most:
            raise ValueError(
                gettext(
                    "{what} contains {h}: expected whole numbers 0..{most} (the largest white deck)"
                ).format(what=what, h=repr(h), most=most)
            )
        out.append(h)
        if len(out) > _MAX_KNIGHTS:
            raise ValueError(
                gettext("{what}: more knights than a table holds ({MAX_KNIGHTS})").format(
                    what=what, MAX_KNIGHTS=_MAX_KNIGHTS
                )
            )
    return tuple(out)


def grail_race(
    grails: int,
    blacks: int | Iterable[str],
    hands: Iterable[int],
    turns: int,
    *,
    players: int = 4,
    seats: Iterable[int] | None = None,
    dark_forest: bool = False,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    expansion: bool = False,
) -> RaceCurve:
    """Return the exact chances that the Holy Grail quest is won / lost over the next turns.

    Rules: ``quest.grail``, ``black.despair``, ``black.desolation``, ``black.dark-forest``,
    ``black.morgan``, ``black.guinevere``, ``evil.black-card``, ``turn.order``.

    The rule (BoQ p.9, p.15-16; RB p.15): a knight on the quest lays one Grail card as his
    heroic action on the free spot nearest the Grail (with every spot full it removes the
    nearest Despair instead); a Despair takes the free spot farthest from it (with every spot
    full it removes the farthest Grail card); a Desolation first removes the farthest Grail
    card, then lies like a Despair; the Dark Forest stops Grail cards (until another quest is
    won: not within this model). Seven Grail cards win, seven black cards lose. Each card is
    played by the rules engine (:mod:`camelot_rules.engine.quests`,
    :mod:`camelot_rules.engine.black`), not by a copy here.

    ``grails`` Grail cards and ``blacks`` Despair/Desolation cards (a count of Despairs, or
    their names) lie on the quest. ``hands[i]`` is the number of Grail cards held by the
    ``i``-th knight on the quest, who sits at ``seats[i]`` (0 = the player whose turn comes
    next, then clockwise; default 0, 1, ...). Each of the next ``turns`` turns (the table's,
    one knight each, ``players`` at the table) draws one black card from ``deck`` (the draw
    pile; default the box's black deck less the cards on the quest and ``seen``), then the
    turn's knight, if on the quest, lays a Grail card if he holds one. The assumptions are
    in the result's ``assumptions`` (:data:`RaceCurve`).

    Five Grail cards laid, one knight holding two, alone at a table of three (his turns are
    the 1st and the 4th), against a pile of two Despairs and four Picts: his first card makes
    six and fills the last spot if a Despair came first, and any Despair on a full quest takes
    a Grail card back; he wins only if the four cards drawn hold no Despair, C(4,4)/C(6,4).

    >>> r = grail_race(5, 0, [2], 4, players=3, deck={"despair": 2, "picts": 4})
    >>> r.p_win, r.p_lose
    (Fraction(1, 15), Fraction(0, 1))
    """
    check_bool("dark_forest", dark_forest)
    check_bool("expansion", expansion)
    from camelot_rules.data.decks import check_players

    players = check_players(players, expansion)
    turns = _check_turns(turns)
    if isinstance(grails, bool) or not isinstance(grails, int) or not 0 <= grails < _GRAIL_SPOTS:
        raise ValueError(
            gettext(
                "grails={grails}: expected 0..{value} Grail cards on the quest ({GRAIL_SPOTS} win "
                "it)"
            ).format(grails=repr(grails), value=_GRAIL_SPOTS - 1, GRAIL_SPOTS=_GRAIL_SPOTS)
        )
    if isinstance(blacks, int) and not isinstance(blacks, bool):
        if not 0 <= blacks < _GRAIL_SPOTS:
            raise ValueError(
                gettext(
                    "blacks={blacks}: expected 0..{value} Despair cards on the quest "
                    "({GRAIL_SPOTS} lose it)"
                ).format(blacks=blacks, value=_GRAIL_SPOTS - 1, GRAIL_SPOTS=_GRAIL_SPOTS)
            )
        names = ("despair",) * blacks
    elif isinstance(blacks, (str, bytes)) or not isinstance(blacks, Iterable):
        raise ValueError(
            gettext("blacks={blacks}: expected a count or a list of card names").format(
                blacks=repr(blacks)
            )
        )
    else:
        names = tuple(islice(blacks, _GRAIL_SPOTS + 1))
        for card in names:
            if card not in GRAIL_BLACKS:
                raise ValueError(
                    gettext("blacks contains {card}: expected {value}").format(
                        card=repr(card), value=list(GRAIL_BLACKS)
                    )
                )
    if grails + len(names) > _GRAIL_SPOTS or len(names) >= _GRAIL_SPOTS:
        raise ValueError(
            gettext(
                "{grails} Grail + {n_names} black cards on the quest: it has {GRAIL_SPOTS} spots, "
                "and {GRAIL_SPOTS} black cards would have lost it"
            ).format(grails=grails, n_names=len(names), GRAIL_SPOTS=_GRAIL_SPOTS)
        )
    held = _count_hands(hands, "hands")
    grail_copies = standard_deck("white", expansion=expansion).count("grail")
    if grails + sum(held) > grail_copies:
        raise ValueError(
            gettext(
                "{grails} Grail cards on the quest + {value} in hands: the game has only "
                "{grail_copies}"
            ).format(grails=grails, value=sum(held), grail_copies=grail_copies)
        )
    seat_t = _check_seats(seats, len(held), players)
    on_board: dict[str, int] = {}
    for card in names:
        on_board[card] = on_board.get(card, 0) + 1
    if dark_forest:
        on_board["dark_forest"] = 1
    pile = _race_pile("grail", deck, seen, on_board, expansion)
    if dark_forest and pile[0][2]:
        raise ValueError(gettext("dark_forest=True, but the deck still holds the Dark Forest card"))
    q0 = (grails, len(names), int(dark_forest))
    return _race("grail", q0, tuple((h,) for h in held), seat_t, players, pile, turns, True)


def excalibur_race(
    steps: int,
    hands: Iterable[int],
    turns: int,
    *,
    players: int = 4,
    seats: Iterable[int] | None = None,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    expansion: bool = False,
) -> RaceCurve:
    """Return the exact chances that the Excalibur quest is won / lost over the next turns.

    Rules: ``quest.excalibur``, ``black.morgan``, ``black.guinevere``, ``evil.black-card``,
    ``turn.order``.

    The rule (BoQ p.8, p.16; RB p.14): a knight on the quest discards one white card (any) as
    his heroic action and Excalibur moves one step toward the knights' bank; each black
    Excalibur card drawn moves it one step toward the frozen bank; reaching a bank ends the
    quest. The track: ``steps`` is Excalibur's place, 0 at the start, +5 the knights' bank,
    -5 the frozen bank (5 steps each way: read from the board picture, MED confidence).
    ``hands[i]``: the white cards the ``i``-th knight on the quest can spare. Turns, seats,
    deck and assumptions as in :func:`grail_race`; each step is played by the rules engine.

    One step from the knights' bank, a knight holding one card plays next, after one black
    card from a pile of one Excalibur card and two Picts: won unless the Excalibur card comes.

    >>> excalibur_race(4, [1], 1, deck={"excalibur": 1, "picts": 2}).p_win
    Fraction(2, 3)
    """
    check_bool("expansion", expansion)
    from camelot_rules.data.decks import check_players

    players = check_players(players, expansion)
    turns = _check_turns(turns)
    if (
        isinstance(steps, bool)
        or not isinstance(steps, int)
        or not -_EXC_STEPS < steps < _EXC_STEPS
    ):
        raise ValueError(
            gettext(
                "steps={steps}: expected {value}..{value2} (0 = the start; {EXC_STEPS} reaches "
                "the knights' bank, -{EXC_STEPS} the frozen bank)"
            ).format(
                steps=repr(steps),
                value=-_EXC_STEPS + 1,
                value2=_EXC_STEPS - 1,
                EXC_STEPS=_EXC_STEPS,
            )
        )
    held = _count_hands(hands, "hands")
    seat_t = _check_seats(seats, len(held), players)
    pile = _race_pile("excalibur", deck, seen, {}, expansion)
    return _race(
        "excalibur", (steps,), tuple((h,) for h in held), seat_t, players, pile, turns, True
    )


def war_race(
    war: str,
    fights_laid: int,
    warriors: int,
    hands: Iterable[Deck | Mapping[str, int] | Iterable[int]],
    turns: int,
    *,
    mordred: bool = False,
    players: int = 4,
    seats: Iterable[int] | None = None,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    expansion: bool = False,
    chosen_here: bool = True,
) -> RaceCurve:
    """Return the exact chances that a war (Picts or Saxons) is won / lost over the next turns.

    Rules: ``quest.wars``, ``black.mercenaries``, ``black.mordred``, ``witch.third``,
    ``black.morgan``, ``black.guinevere``, ``evil.black-card``, ``turn.order``.

    The rule (BoQ p.10, p.16; RB p.15): the knights on the war lay the Fight cards 1, 2, 3, 4,
    5 in order (one more 5 while Mordred is on it), one a heroic action; the last one wins.
    Each Pict (Saxon) card drawn adds a warrior, and so does a Mercenaries card on the war the
    drawer chooses; Mordred on a war asks one more 5; the 4th warrior loses the war. In
    Merlin's Company the Third Witch brings a Pict and a Saxon (JA witches). ``chosen_here``:
    the drawer puts Mercenaries and Mordred on this war (the worst case, the default), or on
    the other one (False). ``fights_laid`` Fight cards and ``warriors`` warriors are on it;
    ``hands[i]``: the Fight cards (values, or a card mapping) of the ``i``-th knight on it.
    Turns, seats, deck and assumptions as in :func:`grail_race`; each card is played by the
    rules engine.

    Picts with 1-2-3-4 laid and three warriors: a knight holding a 5 plays next, after one
    black card from a pile of two Picts and six others.

    >>> war_race("picts", 4, 3, [[5]], 1, deck={"picts": 2, "saxons": 5, "vivien": 1}).p_win
    Fraction(3, 4)
    """
    if war not in WARS:
        raise ValueError(
            gettext("war={war}: expected one of {value}").format(war=repr(war), value=list(WARS))
        )
    check_bool("mordred", mordred)
    check_bool("expansion", expansion)
    check_bool("chosen_here", chosen_here)
    from camelot_rules.data.decks import check_players

    players = check_players(players, expansion)
    turns = _check_turns(turns)
    top = len(_VALUES) + (1 if mordred else 0)
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
    if isinstance(warriors, bool) or not isinstance(warriors, int) or not 0 <= warriors < _WARRIORS:
        raise ValueError(
            gettext(
                "warriors={warriors}: expected 0..{value} (the {WARRIORS}th loses the war)"
            ).format(warriors=repr(warriors), value=_WARRIORS - 1, WARRIORS=_WARRIORS)
        )
    if isinstance(hands, (str, bytes, Mapping, Deck)) or not isinstance(hands, Iterable):
        raise ValueError(
            gettext("hands={hands}: expected one hand (Fight values) per knight").format(
                hands=repr(hands)
            )
        )
    held = []
    for i, h in enumerate(hands):
        try:
            held.append(_hand_values(h))
        except ValueError as err:
            raise ValueError(
                gettext("hands: knight {value}: {err}").format(value=i + 1, err=err)
            ) from None
        if len(held) > _MAX_KNIGHTS:
            raise ValueError(
                gettext("hands: more knights than a table holds ({MAX_KNIGHTS})").format(
                    MAX_KNIGHTS=_MAX_KNIGHTS
                )
            )
    on_war = tuple(min(v, len(_VALUES)) for v in range(1, fights_laid + 1))
    _check_copies(*((f"hand {i + 1}", h) for i, h in enumerate(held)), ("the war", on_war))
    seat_t = _check_seats(seats, len(held), players)
    on_board = {"mordred": 1} if mordred else {}
    pile = _race_pile(war, deck, seen, on_board, expansion)
    if mordred and pile[0][2]:
        raise ValueError(gettext("mordred=True, but the deck still holds the Mordred card"))
    counts = tuple(tuple(h.count(v) for v in _VALUES) for h in held)
    q0 = (fights_laid, warriors, int(mordred))
    return _race(war, q0, counts, seat_t, players, pile, turns, chosen_here)


# --- a turn's choice: "where should I go?" -----------------------------------------------------
@dataclass(frozen=True)
class TurnChoice:
    """One heroic action, the quest it concerns, and two exact chances side by side.

    ``p_win_now``: the quest is won by this action, this turn. ``p_lost_soon``: the quest is
    lost before my next turn (now, or in the other knights' evil steps).
    """

    action: str
    quest: str
    p_win_now: Fraction
    p_lost_soon: Fraction


def _action_quest(a: object, where: str) -> str | None:
    if isinstance(a, _A.Move):
        return a.quest if a.quest != "camelot" else None
    if isinstance(a, _A.PlayGrail):
        return "grail"
    if isinstance(a, _A.DiscardForExcalibur):
        return "excalibur"
    if isinstance(a, _A.PlayFight):
        return a.quest
    return None


def _black_pile(s: GameState) -> Deck:
    names = s.cfg.black_names
    counts = {n: c for n, c in zip(names, s.bpile) if c}
    for card in (*s.btop, *s.bbottom):
        counts[card] = counts.get(card, 0) + 1
    return Deck(counts)


def _others_evil_steps(s: GameState, seat: int) -> int:
    """The black cards drawn before ``seat``'s next turn: one per other knight still playing
    (RB p.9-10; a captured knight's turn is skipped, JA travel rules)."""
    return sum(1 for x in range(s.cfg.players) if x != seat and not s.dead[x] and not s.captured[x])


def _combat_choice(
    s: GameState, seat: int, quest: str, add: int | None
) -> tuple[Fraction, Fraction]:
    """(win now, lost before my next turn) on a combat quest, from what the table sees."""
    data = rulebook.quest_data(quest)
    whites, blacks = (s.bk_w, s.bk_b) if quest == "black_knight" else (s.ld_w, s.ld_b)
    whites_after = (*whites, *(() if add is None else (add,)))
    laid = tuple(HIDDEN if down else card for card, down in blacks)
    prefix = _COMBAT_PREFIX[quest]
    pile = _black_pile(s)
    unseen = {n: c for n, c in pile.items() if n.startswith(prefix)}
    for card, down in blacks:  # a face-down card is one of the quest's unseen combat cards
        if down:
            unseen[card] = unseen.get(card, 0) + 1
    holder = s.relics[0]
    exc = (
        holder >= 0
        and not s.dead[holder]
        and (s.location[holder] == quest or (holder == seat and add is None))
    )
    kay = [x for x in range(s.cfg.players) if s.knights[x] == "kay" and not s.dead[x]]
    reserve: tuple[int, ...] = ()
    if kay and (s.location[kay[0]] == quest or (kay[0] == seat and add is None)):
        reserve = tuple(
            v for v in _VALUES for _ in range(s.hands[kay[0]][s.cfg.white_index[f"fight_{v}"]])
        )
        if kay[0] == seat and add is not None:
            reserve = tuple(sorted(reserve))
            left = list(reserve)
            left.remove(add)
            reserve = tuple(left)
    if len(whites_after) >= data.white_spots:
        win = combat_win_probability(
            quest,
            whites_after,
            laid,
            deck=unseen,
            excalibur=exc,
            kay_reserve=reserve,
            black_to_come=0,
        )
        return win, 1 - win
    need = data.black_spots - len(blacks)
    m = _others_evil_steps(s, seat)
    k = sum(c for n, c in pile.items() if n.startswith(prefix))
    fill = _fill_probability(k, pile.count("morgan_3"), pile.size, m, need)
    if not fill:
        return Fraction(0), Fraction(0)
    win = combat_win_probability(
        quest,
        whites_after,
        laid,
        deck=unseen,
        excalibur=exc,
        kay_reserve=reserve,
        black_to_come=need,
    )
    return Fraction(0), fill * (1 - win)


def _fill_probability(combat: int, morgan_3: int, size: int, steps: int, need: int) -> Fraction:
    """P(at least ``need`` of the ``combat`` cards come in ``steps`` evil steps, one black card
    each, Morgan 3 adding three more, BoQ p.16), drawn without replacement from ``size`` cards.

    >>> _fill_probability(1, 0, 4, 2, 1)  # one card of four, in two draws
    Fraction(1, 2)
    """
    most = steps + _MORGAN_3_DRAWS * morgan_3
    if most > size:
        raise ValueError(
            f"up to {most} black cards may be drawn before your next turn, but the pile holds "
            f"{size} (reshuffles are not modelled)"
        )
    # (combat cards left, Morgan 3 left, cards left, draws left in this step, steps left, got)
    dist: dict[tuple[int, int, int, int, int, int], Fraction] = {
        (combat, morgan_3, size, 1 if steps else 0, steps - 1 if steps else 0, 0): Fraction(1)
    }
    done = Fraction(0)
    while dist:
        nxt: dict[tuple[int, int, int, int, int, int], Fraction] = {}
        for (c, m3, n, draws, left, got), p in dist.items():
            if got >= need:
                done += p
                continue
            if not draws:
                if left:
                    key = (c, m3, n, 1, left - 1, got)
                    nxt[key] = nxt.get(key, Fraction(0)) + p
                continue
            for kind, copies in (("combat", c), ("morgan_3", m3), ("other", n - c - m3)):
                if not copies:
                    continue
                q = p * Fraction(copies, n)
                if kind == "combat":
                    key = (c - 1, m3, n - 1, draws - 1, left, got + 1)
                elif kind == "morgan_3":
                    key = (c, m3 - 1, n - 1, draws - 1 + _MORGAN_3_DRAWS, left, got)
                else:
                    key = (c, m3, n - 1, draws - 1, left, got)
                nxt[key] = nxt.get(key, Fraction(0)) + q
        dist = nxt
    return done


def turn_choices(state: GameState) -> tuple[TurnChoice, ...]:
    """Return, for each heroic action on a quest open to the player whose turn it is, the
    exact chance that it wins its quest this turn and the chance that the quest is lost before
    his next turn, side by side (moves: the quest as it stands).

    Rules: ``turn.order``, ``quest.move``, ``quest.grail``, ``quest.excalibur``,
    ``quest.wars``, ``quest.combat-end``, ``evil.black-card``.

    One step, exactly, from what the table sees: the action is played by the rules engine;
    then each other knight still playing draws one black card in his evil step before my next
    turn (RB p.9-10). The Grail, Excalibur and the wars: those draws are played by the engine
    (:func:`grail_race` with no one laying; Morgan 3 and Guinevere included). Combat quests:
    the quest ends when its white spots are full (then the face-down cards are revealed:
    :func:`combat_win_probability`), or when enough of its combat cards come in those draws
    (Morgan 3's three extra cards included), the unseen cards a uniformly random draw from the
    quest's cards not seen. A known top card (a peek) is not used; neither are Guinevere's
    moves (who stands on the quest when it ends) nor the Merlin cards.

    >>> from camelot_rules.engine import position
    >>> s = position(3, location={0: "grail"}, hands={0: {"grail": 1}}, phase="heroic",
    ...              quests={"grail": {"grails": 6}})
    >>> [(c.action, c.p_win_now) for c in turn_choices(s) if c.quest == "grail"]
    [('play a Grail card', Fraction(1, 1))]
    """
    if not isinstance(state, GameState):
        raise ValueError(f"state={state!r}: expected a position of the rules engine")
    if state.is_terminal() or state.is_chance() or state.phase != "heroic":
        raise ValueError(
            "state: expected a position where a knight chooses his heroic action (phase "
            f"'heroic', no chance step pending), got phase {state.phase!r}"
        )
    seat = state.current_player
    assert seat is not None  # a decision state
    seen: set[str] = set()
    out = []
    for a in state.legal_actions():
        quest = _action_quest(a, state.location[seat])
        if quest is None:
            continue
        label = (
            "discard a card for Excalibur"
            if quest == "excalibur" and not isinstance(a, _A.Move)
            else str(a)
        )
        if label in seen:
            continue
        seen.add(label)
        if quest in COMBAT_QUESTS:
            add = a.value if isinstance(a, _A.PlayFight) else None
            win, lost = _combat_choice(state, seat, quest, add)
        else:
            after = state.apply(a) if not isinstance(a, _A.Move) else state
            ends = [
                e for e in after.events[len(state.events) :] if e[0] == "quest" and e[1] == quest
            ]
            if ends:
                win, lost = (Fraction(1), Fraction(0)) if ends[0][2] else (Fraction(0), Fraction(1))
            else:
                q = _read_quest(quest, after)
                assert not isinstance(q, str)
                pile = _black_pile(after)
                kinds = (*_RACE_CARDS[quest], *_ANY_RACE)
                counts = tuple(pile.count(k) for k in kinds)
                m = _others_evil_steps(state, seat)
                curve = _race(
                    quest, q, (), (), max(m, 1), (counts, pile.size - sum(counts)), m, True
                )
                win, lost = Fraction(0), curve.p_lose
        out.append(TurnChoice(label, quest, win, lost))
    return tuple(out)
