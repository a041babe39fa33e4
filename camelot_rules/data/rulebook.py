"""Cited rule data for Shadows over Camelot and Merlin's Company.

Declarative only: card counts, kinds and game thresholds, each with its source and a
confidence level. No logic lives here beyond small read-only lookups; no rule number is
written anywhere else in the package.

Sources are named by short ids:

* ``ES`` - the Spanish summary of the base rules (``seeds/001_e99e088dda8d0441.txt``), with the
  rulebook page it cites, e.g. ``ES p.13``.
* ``JA`` - the Japanese translation of the Merlin's Company rules
  (``seeds/000_f03494cf5d4661bf.txt``), with its section, e.g. ``JA witches``.
* ``F`` - the public facts file (``reference/rules-facts.md``) with its section and source ids,
  e.g. ``F §1 (S4, S5)``.

Confidence follows the facts file: ``high`` counts are facts; ``med``, ``low`` and
``unverified`` ones are *assumptions* and are shown to users as such.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from camelot_rules.base.checks import check_bool, check_instance

__all__ = [
    "BASE_BLACK",
    "BASE_LOYALTY",
    "BASE_WHITE",
    "COMBAT_SHAPES",
    "ENGINE_THRESHOLDS",
    "EXPANSION_BLACK",
    "EXPANSION_KNIGHTS",
    "EXPANSION_LOYALTY",
    "EXPANSION_WHITE",
    "FIGHT_CARDS",
    "FIGHT_VALUES",
    "KNIGHTS",
    "MORDRED_EXTRA_FIGHTS",
    "QUESTS",
    "QUEST_CARDS",
    "RELICS",
    "SIEGE_DIE_FACES",
    "SPECIAL_BLACK",
    "SPECIAL_WHITE",
    "THRESHOLDS",
    "TRAVEL",
    "TRAVEL_KINDS",
    "TRAVEL_MIXES",
    "WILD_FIGHT",
    "CardCount",
    "Confidence",
    "QuestCard",
    "QuestData",
    "Threshold",
    "deck_entries",
    "hidden_traitor_flips",
    "quest_card_map",
    "quest_data",
    "threshold",
    "war_sequence",
    "wrong_accusation_flips",
]


class Confidence(StrEnum):
    """How sure we are of a number (the four levels of the facts file)."""

    HIGH = "high"
    MED = "med"
    LOW = "low"
    UNVERIFIED = "unverified"

    @property
    def is_assumption(self) -> bool:
        """Anything below ``high`` is shown to users as an assumption."""
        return self is not Confidence.HIGH


H, M, L, U = Confidence.HIGH, Confidence.MED, Confidence.LOW, Confidence.UNVERIFIED


@dataclass(frozen=True)
class CardCount:
    """How many copies of one card a deck holds, and how we know."""

    name: str
    count: int
    kind: str  # "standard" or "special"
    source: str
    confidence: Confidence
    note: str = ""


@dataclass(frozen=True)
class Threshold:
    """A numeric rule of the game (a limit, a die size, a starting value)."""

    name: str
    value: int
    source: str
    confidence: Confidence
    note: str = ""


# --- Base game, white deck: 84 cards (69 standard + 15 special). F §1 (S1-S5). ------------------
BASE_WHITE: tuple[CardCount, ...] = (
    CardCount("fight_1", 14, "standard", "F §1 (S4, S5)", H),
    CardCount("fight_2", 12, "standard", "F §1 (S4, S5)", H),
    CardCount("fight_3", 10, "standard", "F §1 (S4, S5)", H),
    CardCount("fight_4", 8, "standard", "F §1 (S4, S5)", H),
    CardCount("fight_5", 7, "standard", "F §1 (S4, S5)", H),
    CardCount("grail", 18, "standard", "F §1 (S4, S5)", H),
    CardCount("merlin", 7, "special", "F §1 (S4, S5, S19)", H, "one dealt to each knight at setup"),
    CardCount("convocation", 1, "special", "F §1 (S4, S5)", H),
    CardCount("fate", 1, "special", "F §1 (S4, S5)", H),
    CardCount("heroism", 1, "special", "F §1 (S4, S5)", H),
    CardCount("lady_of_the_lake", 1, "special", "F §1 (S4, S5)", H),
    CardCount("messenger", 1, "special", "F §1 (S4, S5)", H),
    CardCount("piety", 1, "special", "F §1 (S4, S5)", H),
    CardCount("clairvoyance", 1, "special", "F §1 (S4, S5)", H),
    CardCount("reinforcements", 1, "special", "F §1 (S4, S5)", H),
)

# --- Merlin's Company, added white cards: 23 (15 standard + 8 special). F §3d; JA setup. -------
# The standard mix is LOW (one custom implementation, S16) and accounts for 14 of 15 cards; the
# 15th is kept as an explicit unidentified card rather than guessed.
EXPANSION_WHITE: tuple[CardCount, ...] = (
    CardCount("fight_1", 3, "standard", "F §3d (S16)", L),
    CardCount("fight_2", 2, "standard", "F §3d (S16)", L),
    CardCount("fight_3", 1, "standard", "F §3d (S16)", L),
    CardCount("fight_4", 1, "standard", "F §3d (S16)", L),
    CardCount("fight_5", 1, "standard", "F §3d (S16)", L),
    CardCount("grail", 3, "standard", "F §3d (S16)", L),
    CardCount(
        "fight_wild",
        3,
        "standard",
        "F §3d (S16)",
        L,
        "'Fight ?': laid as a Fight card of any value 1-5, the player's choice when it is laid "
        "(the engine's rule white.fight-wild)",
    ),
    CardCount(
        "unidentified_white",
        1,
        "standard",
        "F §3d (no source)",
        U,
        "15th expansion standard card, not identified by any source; counts as a non-Fight card",
    ),
    CardCount("call_for_help", 1, "special", "JA special white cards; F §3d (S10)", M),
    CardCount("dispel", 1, "special", "JA special white cards; F §3d (S10)", M),
    CardCount("divine_favor", 1, "special", "JA special white cards; F §3d (S10)", M),
    CardCount("dragon_slayer", 1, "special", "JA special white cards; F §3d (S10)", M),
    CardCount("merlin_to_the_rescue", 1, "special", "JA special white cards; F §3d (S10)", M),
    CardCount("new_hope", 1, "special", "JA special white cards; F §3d (S10)", M),
    CardCount("tournament", 1, "special", "JA special white cards; F §3d (S10)", M),
    CardCount("truce", 1, "special", "JA special white cards; F §3d (S10)", M),
)

# --- Base game, black deck: 76 cards (64 standard + 12 special). F §2 (S2-S5, S16). ------------
BASE_BLACK: tuple[CardCount, ...] = (
    CardCount("black_knight_1", 5, "standard", "F §2 (S4, S5, S16)", H),
    CardCount("black_knight_3", 3, "standard", "F §2 (S4, S5, S16)", H),
    CardCount("black_knight_5", 2, "standard", "F §2 (S4, S5, S16)", H),
    CardCount("black_knight_7", 1, "standard", "F §2 (S4, S5, S16)", H),
    CardCount("lancelot_dragon_1_5", 4, "standard", "F §2 (S4, S5, S16)", H),
    CardCount("lancelot_dragon_3_7", 3, "standard", "F §2 (S4, S5, S16)", H),
    CardCount("lancelot_dragon_5_9", 3, "standard", "F §2 (S4, S5, S16)", H),
    CardCount("lancelot_dragon_7_11", 1, "standard", "F §2 (S4, S5, S16)", H),
    CardCount("excalibur", 15, "standard", "F §2 (S4, S5)", M),
    CardCount("despair", 15, "standard", "F §2 (S4, S5)", M),
    CardCount("picts", 4, "standard", "F §2 (S4, S5)", M),
    CardCount("saxons", 4, "standard", "F §2 (S4, S5)", M),
    CardCount("mercenaries", 4, "standard", "F §2 (S4, S5)", M),
    CardCount("desolation", 2, "special", "F §2 (S4, S5)", H),
    CardCount("dark_forest", 1, "special", "F §2 (S4, S5)", H),
    CardCount("guinevere", 1, "special", "F §2 (S4, S5)", H),
    CardCount("mists_of_avalon", 1, "special", "F §2 (S4, S5)", H),
    CardCount("mordred", 1, "special", "F §2 (S4, S5)", H),
    CardCount("vivien", 1, "special", "F §2 (S4, S5, S13)", H),
    CardCount("morgan_1", 1, "special", "F §2 (S4, S5)", H),
    CardCount("morgan_2", 1, "special", "F §2 (S4, S5)", H),
    CardCount("morgan_3", 1, "special", "F §2 (S4, S5)", H),
    CardCount("morgan_4", 1, "special", "F §2 (S4, S5)", H),
    CardCount("morgan_5", 1, "special", "F §2 (S4, S5)", H),
)

# --- Merlin's Company, added black cards: 14 (7 standard + 7 witches). F §3c; JA witches. -------
EXPANSION_BLACK: tuple[CardCount, ...] = (
    CardCount("excalibur", 2, "standard", "F §3c (S16)", L),
    CardCount("despair", 2, "standard", "F §3c (S16)", L),
    CardCount("picts", 1, "standard", "F §3c (S16)", L),
    CardCount("saxons", 1, "standard", "F §3c (S16)", L),
    CardCount("mercenaries", 1, "standard", "F §3c (S16)", L),
    CardCount("morgan_witch_1", 1, "special", "JA witches; F §3c (S10, S11)", H),
    CardCount("morgan_witch_2", 1, "special", "JA witches; F §3c (S10, S11)", H),
    CardCount("morgan_witch_3", 1, "special", "JA witches; F §3c (S10, S11)", H),
    CardCount("morgan_witch_4", 1, "special", "JA witches; F §3c (S10, S11)", H),
    CardCount("morgan_witch_5", 1, "special", "JA witches; F §3c (S10, S11)", H),
    CardCount("morgan_witch_6", 1, "special", "JA witches; F §3c (S10, S11)", H),
    CardCount("morgan_witch_7", 1, "special", "JA witches; F §3c (S10, S11)", H),
)

#: the special white and special black cards of both boxes (their entries' kind "special")
SPECIAL_WHITE: frozenset[str] = frozenset(
    e.name for e in (*BASE_WHITE, *EXPANSION_WHITE) if e.kind == "special"
)
SPECIAL_BLACK: frozenset[str] = frozenset(
    e.name for e in (*BASE_BLACK, *EXPANSION_BLACK) if e.kind == "special"
)

# --- Merlin's Company travel deck: 16 cards (HIGH), per-kind mix UNVERIFIED. -------------------
# JA travel rules name the seven kinds and omit the counts ("only card counts, omitted"). The
# default below is this project's guess: half the deck harmless, half a nuisance (S12 says the
# cards are "most of the time" a nuisance). Override it with your own Deck.
TRAVEL: tuple[CardCount, ...] = (
    CardCount("nothing_happens", 3, "standard", "JA travel rules (kind); count assumed", U),
    CardCount("merlin_travels", 3, "standard", "JA travel rules (kind); count assumed", U),
    CardCount("vision", 2, "standard", "JA travel rules (kind); count assumed", U),
    CardCount("charged", 2, "standard", "JA travel rules (kind); count assumed", U),
    CardCount("lost", 2, "standard", "JA travel rules (kind); count assumed", U),
    CardCount("ambushed", 2, "standard", "JA travel rules (kind); count assumed", U),
    CardCount("captured", 2, "standard", "JA travel rules (kind); count assumed", U),
)

TRAVEL_KINDS: tuple[str, ...] = tuple(entry.name for entry in TRAVEL)

# Named travel mixes for the engine's ``travel_mix`` option (counts in TRAVEL_KINDS order:
# nothing_happens, merlin_travels, vision, charged, lost, ambushed, captured), so a sweep can
# ask "does the mix matter?". Both are assumptions (the seed omits the counts, JA travel rules):
# "assumed" is TRAVEL above (8 harmless, 8 harmful); "harmful_majority" follows the two play
# reports that harmful cards are "the majority" (F §3b, facts-update item 3): 6 harmless, 10
# harmful - one Nothing Happens and one Merlin Travels fewer, one Charged! and one Lost! more.
TRAVEL_MIXES: dict[str, tuple[int, ...]] = {
    "assumed": tuple(entry.count for entry in TRAVEL),
    "harmful_majority": (2, 2, 2, 3, 3, 2, 2),
}

# --- Loyalty decks. Base: 7 loyal + 1 traitor (F §0, S8; ES p.7). -----------------------------
BASE_LOYALTY: tuple[CardCount, ...] = (
    CardCount("loyal", 7, "standard", "F §0 (S1, S2, S3, S8); ES p.7", H),
    CardCount("traitor", 1, "standard", "F §0 (S1, S2, S3, S8); ES p.7", H),
)
# Merlin's Company: 9 cards (HIGH, S10), composition 7 + 2 inferred (MED). The second traitor is
# shuffled in only at 7-8 players (JA 7-8 players).
EXPANSION_LOYALTY: tuple[CardCount, ...] = (
    CardCount("loyal", 7, "standard", "F §3a (S10, S12), inferred", M),
    CardCount(
        "traitor",
        2,
        "standard",
        "F §3a (S10); JA 7-8 players",
        M,
        "the second traitor is used only with 7-8 players",
    ),
)

FIGHT_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5)
# the white Fight cards' names by value: FIGHT_CARDS[v - 1] is Fight v
FIGHT_CARDS: tuple[str, ...] = tuple(f"fight_{v}" for v in FIGHT_VALUES)
# Merlin's Company's wild "Fight ?" card: laid as a Fight card of any value in FIGHT_VALUES,
# chosen when it is laid (F §3d, S16 GoodCardFightAny.asset: LOW for the text, MED for the count)
WILD_FIGHT = "fight_wild"
SIEGE_DIE_FACES = 8  # one eight-sided die, faces 1..8 (F §4, S2, S6)

THRESHOLDS: tuple[Threshold, ...] = (
    Threshold("siege_die_faces", SIEGE_DIE_FACES, "F §4 (S2, S6); ES p.13", H),
    Threshold("siege_engines_to_lose", 12, "ES p.11; F §4 (S2, S7, S9)", H),
    Threshold("excalibur_bonus", 1, "F §4 (S5, S21)", M, "Excalibur holder adds 1 to a fight"),
    Threshold("kay_extra_fight_cards", 1, "F §3f base knights (S5, S21)", H),
    Threshold("starting_life", 4, "F §1 setup (S4, S5, S16)", M),
    Threshold("max_life", 6, "F §1 setup (S4, S16)", M),
    Threshold("merlins_per_knight_at_setup", 1, "F §1 setup (S19, S4)", M),
    Threshold("white_cards_per_knight_at_setup", 5, "F §1 setup (S19, S16)", M),
    Threshold("round_table_white_draws", 2, "F §6 (S6)", H),
    Threshold("gawain_round_table_white_draws", 3, "F §3f base knights (S5, S21, S16)", H),
    Threshold("white_hand_limit_to_draw", 12, "F §1 (S6)", H),
    Threshold("black_swords_to_lose", 7, "F §5 (S7, S14)", H),
    Threshold("swords_to_end", 12, "F §5 (S7, S9)", H),
    Threshold("accusation_min_swords", 6, "ES p.16; F §5 (S8)", H),
    Threshold("accusation_min_engines", 6, "ES p.16; F §5 (S8)", H),
    Threshold("hidden_traitor_flip_one", 2, "JA 7-8 players; F §5 (S8)", H),
    Threshold(
        "hidden_traitor_flip_two",
        3,
        "JA 7-8 players; rules-facts-update P7 (an Italian review)",
        M,
        "stated by the JA seed and one independent review",
    ),
    Threshold("fifth_witch_false_accusation_flip", 2, "JA witches (5th)", H),
    Threshold("travel_deck_size", 16, "JA setup; F §3a (S10, S18, S23)", H),
    Threshold("base_min_players", 3, "F §3a (S11, S24)", H),
    Threshold("base_max_players", 7, "F §0 (S8)", H),
    Threshold("expansion_max_players", 8, "JA 7-8 players; F §3a", H),
    Threshold("two_traitor_min_players", 7, "JA 7-8 players", H),
)


@dataclass(frozen=True)
class QuestCard:
    """A black card that belongs to a one-off quest: once the quest is over, drawing it adds a
    siege engine instead (F §4); in Merlin's Company it is then removed from the game rather
    than discarded (JA, black cards of finished quests; F §3e, S11)."""

    quest: str
    card: str
    source: str
    confidence: Confidence


QUEST_CARDS: tuple[QuestCard, ...] = (
    QuestCard("excalibur", "excalibur", "F §2, §4 (S5, S11, S17)", H),
    QuestCard("grail", "despair", "F §2, §4 (S5, S11, S17)", H),
    # BoQ p.16 (each card's own text: "If the Grail's Quest is no longer in play, add a Siege
    # Engine to Camelot instead"; also BoQ p.9, the Grail's page, for all three Grail cards)
    QuestCard("grail", "desolation", "BoQ p.16, p.9; F §4 (S5)", H),
    QuestCard("grail", "dark_forest", "BoQ p.16, p.9; F §4 (S5)", H),
    QuestCard("dragon", "lancelot_dragon_1_5", "F §4, §6 (S5, S11, S17)", H),
    QuestCard("dragon", "lancelot_dragon_3_7", "F §4, §6 (S5, S11, S17)", H),
    QuestCard("dragon", "lancelot_dragon_5_9", "F §4, §6 (S5, S11, S17)", H),
    QuestCard("dragon", "lancelot_dragon_7_11", "F §4, §6 (S5, S11, S17)", H),
)


def quest_card_map(*, include_low: bool = False) -> dict[str, str]:
    """Return {black card name: quest} for the cards that add a siege engine once their quest
    is over: the one map the engine, the verifier and the calculators read (RB p.11; BoQ p.4,
    p.9, p.16). Lancelot's and the Dragon's black cards are the Dragon's: they stay live until
    the second of those two quests ends.

    ``include_low`` adds the cards whose place in this map is LOW or UNVERIFIED (none
    today: Desolation and the Dark Forest are the Grail's by BoQ p.16, upgraded from LOW).

    Rules: ``deck.finished-quest-cards``, ``black.finished-quest``.

    >>> quest_card_map()["despair"], quest_card_map()["lancelot_dragon_1_5"]
    ('grail', 'dragon')
    """
    low = check_bool("include_low", include_low)
    return {q.card: q.quest for q in QUEST_CARDS if low or q.confidence not in (L, U)}


@dataclass(frozen=True)
class TravelDemand:
    """What a Charged!/Lost!/Ambushed! card demands and what failing costs.

    The JA translation says only: meet the card's demand and you move; otherwise a painful
    result and your turn ends at once (the move fails). The demands and penalties are not in
    the seeds and not verified publicly (F §3b): these defaults follow S12's advice ("carry a
    Grail card and a pair of Fight cards") and are assumptions a user can replace.
    """

    card: str
    demand: str
    hand_fact: str  # the hand fact that lets a knight meet the demand
    penalty: str
    source: str
    confidence: Confidence


TRAVEL_DEMANDS: tuple[TravelDemand, ...] = (
    TravelDemand(
        "charged",
        "discard a Fight card of value 3 or more",
        "fight_3_plus",
        "lose 1 life",
        "JA travel rules (kind); demand and penalty assumed (F §3b)",
        U,
    ),
    TravelDemand(
        "lost",
        "discard a Grail card",
        "grail",
        "lose 1 life",
        "JA travel rules (kind); demand assumed from S12 (F §3b)",
        U,
    ),
    TravelDemand(
        "ambushed",
        "discard a pair of Fight cards of the same value",
        "fight_pair",
        "lose 1 life",
        "JA travel rules (kind); demand assumed from S12 (F §3b)",
        U,
    ),
)


@dataclass(frozen=True)
class MoveRule:
    """Whether a kind of move draws a travel card (Merlin's Company)."""

    move: str
    draws_travel_card: bool
    statement: str
    source: str


MOVE_RULES: tuple[MoveRule, ...] = (
    MoveRule(
        "heroic_action",
        True,
        "moving to a new quest as a heroic action: declare the destination, then draw",
        "JA travel rules",
    ),
    MoveRule(
        "knight_power",
        True,
        "moving by a knight's special power (e.g. Sir Tristan leaving Camelot) draws too",
        "JA travel rules",
    ),
    MoveRule(
        "return_after_quest",
        False,
        "returning to Camelot because a quest ended follows the base rules: no draw",
        "JA travel rules",
    ),
    MoveRule(
        "special_card",
        False,
        "a move made by a special white or black card (e.g. Call for Help, Guinevere) "
        "follows the base rules: no draw",
        "JA travel rules; JA special white cards",
    ),
)


def hidden_traitor_flips(hidden: int) -> int:
    """White swords turned black at the end by ``hidden`` unrevealed traitors (JA 7-8 players).

    Rules: ``endgame.hidden-traitors``.

    >>> [hidden_traitor_flips(k) for k in (0, 1, 2)]
    [0, 2, 3]
    """
    flips = {0: 0, 1: threshold("hidden_traitor_flip_one"), 2: threshold("hidden_traitor_flip_two")}
    if hidden not in flips:
        raise ValueError(f"hidden={hidden!r}: a game has 0, 1 or 2 hidden traitors")
    return flips[hidden]


def wrong_accusation_flips(*, fifth_witch: bool) -> int:
    """White swords turned black by a wrong accusation: 1, or 2 after the Fifth Witch
    (ES p.16; JA witches, 5th).

    Rules: ``endgame.accusation``, ``endgame.fifth-witch``.

    >>> wrong_accusation_flips(fifth_witch=True)
    2
    """
    return (
        threshold("fifth_witch_false_accusation_flip")
        if check_bool("fifth_witch", fifth_witch)
        else 1
    )


def threshold(name: str) -> int:
    """Return the value of the named rule threshold.

    >>> threshold("siege_engines_to_lose")
    12
    """
    value = _THRESHOLD_VALUES.get(name)
    if value is not None:
        return value
    raise ValueError(f"unknown threshold {name!r}; expected one of {[t.name for t in THRESHOLDS]}")


_DECKS: dict[tuple[str, bool], tuple[tuple[CardCount, ...], ...]] = {
    ("white", False): (BASE_WHITE,),
    ("white", True): (BASE_WHITE, EXPANSION_WHITE),
    ("black", False): (BASE_BLACK,),
    ("black", True): (BASE_BLACK, EXPANSION_BLACK),
    ("travel", True): (TRAVEL,),
    ("loyalty", False): (BASE_LOYALTY,),
    ("loyalty", True): (EXPANSION_LOYALTY,),
}


def deck_entries(kind: str, *, expansion: bool = False) -> tuple[CardCount, ...]:
    """Return the cited count entries that make up a box deck (base entries first).

    The same card may appear twice (a base count and the expansion's addition), each with its
    own source and confidence.

    >>> sum(e.count for e in deck_entries("white", expansion=True))
    107
    """
    check_instance("kind", kind, str, "a deck kind (a str)")
    try:
        parts = _DECKS[(kind, check_bool("expansion", expansion))]
    except KeyError:
        kinds = sorted({k for k, _ in _DECKS})
        if kind in kinds:
            raise ValueError(f"the {kind!r} deck exists only with expansion=True") from None
        raise ValueError(f"unknown deck kind {kind!r}; expected one of {kinds}") from None
    return tuple(entry for part in parts for entry in part)


# --- The rules engine's data: knights, quests and their spoils (official 2005 texts). -----------
# RB = the Rulebook, BoQ = the Book of Quests (reference/official/), cited by printed page.

KNIGHTS: tuple[str, ...] = (
    "arthur",  # BoQ p.13: begins the game; swaps one white card per turn
    "galahad",  # BoQ p.13: one free special white card per turn
    "gawain",  # BoQ p.13; RB p.13: draws 3 white cards at the Round Table
    "kay",  # BoQ p.13; RB p.17: one extra Fight card after the reveal or the roll
    "palamedes",  # BoQ p.13; BoQ p.4: +1 life on each quest won
    "percival",  # BoQ p.13; RB p.10: peeks at the top black card
    "tristan",  # BoQ p.13; RB p.13: leaves the Round Table at no action cost
)

# Merlin's Company: seven new knights (rules-facts-update §2f, MED). Of their powers only Sir
# Caradoc's is known (JA witches, 2nd: once per turn, sacrifice 1 life to draw 2 white cards);
# the others play without a power in the engine (an assumption shown as such).
EXPANSION_KNIGHTS: tuple[str, ...] = (
    "bors",
    "caradoc",
    "gaheris",
    "gareth",
    "geraint",
    "lamorak",
    "owain",
)

RELICS: tuple[str, ...] = ("excalibur", "grail", "armor")  # RB p.5; BoQ pp.6, 8, 9


@dataclass(frozen=True)
class QuestData:
    """One standard quest: spots, who may join, how it ends, what winning and losing bring.

    ``white_spots``/``black_spots`` count the card spots on each side (0 where the quest is a
    track or a war); ``win_*``/``lose_*`` are the Victory and Defeat pictograms.
    """

    name: str
    solo: bool
    perpetual: bool
    white_spots: int
    black_spots: int
    win_life: int
    win_cards: int
    win_white_swords: int
    relic: str
    lose_life: int
    lose_black_swords: int
    lose_engines: int
    source: str
    confidence: Confidence


QUESTS: tuple[QuestData, ...] = (
    # name, solo, perpetual, white, black, +life, cards, white swords, relic, -life, black, engines
    QuestData("black_knight", True, True, 4, 4, 1, 3, 1, "", 1, 1, 0, "BoQ p.5; RB p.14", H),
    QuestData("lancelot", True, False, 5, 5, 1, 4, 1, "armor", 1, 1, 0, "BoQ p.6; RB p.14", H),
    QuestData("dragon", False, False, 9, 5, 2, 7, 2, "", 2, 2, 0, "BoQ p.7; RB p.14", H),
    QuestData("excalibur", False, False, 0, 0, 1, 7, 2, "excalibur", 1, 2, 0, "BoQ p.8", H),
    QuestData("grail", False, False, 7, 7, 1, 7, 3, "grail", 1, 3, 0, "BoQ p.9; RB p.15", H),
    QuestData("picts", False, True, 5, 0, 1, 4, 1, "", 1, 1, 2, "BoQ p.10; RB p.15", H),
    QuestData("saxons", False, True, 5, 0, 1, 4, 1, "", 1, 1, 2, "BoQ p.10; RB p.15", H),
)

ENGINE_THRESHOLDS: tuple[Threshold, ...] = (
    Threshold(
        "excalibur_steps",
        5,
        "BoQ p.8 (board picture); rules-facts-update §4b",
        M,
        "steps from the start to either bank of the river; read from the board picture",
    ),
    Threshold("grail_spots", 7, "BoQ p.9; RB p.15", H),
    Threshold("war_warriors_to_lose", 4, "BoQ p.10; RB p.15", H),
    Threshold("heal_identical_cards", 3, "RB p.16", H),
    Threshold("grail_drink_life", 4, "BoQ p.9; RB p.12", H),
    Threshold("merlins_to_cancel", 3, "BoQ p.15; RB p.10", H),
    Threshold("palamedes_bonus_life", 1, "BoQ p.13, p.4", H),
    Threshold("messenger_max_cards", 3, "BoQ p.15", H),
    Threshold("clairvoyance_cards", 5, "BoQ p.15", H),
    Threshold("reinforcements_self_cards", 4, "BoQ p.15", H),
    Threshold("piety_self_life", 3, "BoQ p.15", H),
    Threshold("lady_of_the_lake_life", 2, "BoQ p.15", H),
    Threshold("fate_reveal_discards", 2, "BoQ p.15", H),
    Threshold("morgan_2_volunteer_discards", 3, "BoQ p.16", H),
    Threshold("morgan_3_draws", 3, "BoQ p.16", H),
    Threshold("morgan_4_engines", 2, "BoQ p.16", H),
    Threshold("morgan_5_volunteer_life", 2, "BoQ p.16", H),
    Threshold("accusation_right_white_swords", 1, "RB p.16", H),
    Threshold("armor_black_draws", 2, "BoQ p.6", H),
)


#: each combat quest's white pattern (BoQ p.5-7, p.14; RB p.14): the sizes of its groups of
#: equal Fight values, each group of a different value, largest first - two pairs, a full
#: house, three three-of-a-kinds (their sum is the quest's white spots)
COMBAT_SHAPES: dict[str, tuple[int, ...]] = {
    "black_knight": (2, 2),
    "lancelot": (3, 2),
    "dragon": (3, 3, 3),
}
#: Mordred on a war: it takes one more Fight 5 after the straight (BoQ p.16)
MORDRED_EXTRA_FIGHTS = 1


def war_sequence(war: str, *, mordred: bool = False) -> tuple[int, ...]:
    """The Fight values a war takes, in order: an ascending straight over its white spots
    (1, 2, 3, 4, 5: BoQ p.10; RB p.15), then one more 5 with Mordred on it (BoQ p.16).

    Rules: ``quest.wars``, ``black.mordred``.

    >>> war_sequence("picts"), war_sequence("saxons", mordred=True)
    ((1, 2, 3, 4, 5), (1, 2, 3, 4, 5, 5))
    """
    straight = FIGHT_VALUES[: quest_data(war).white_spots]
    extra = MORDRED_EXTRA_FIGHTS if check_bool("mordred", mordred) else 0
    return straight + (straight[-1],) * extra


def quest_data(name: str) -> QuestData:
    """Return the cited data of a standard quest.

    >>> quest_data("grail").win_white_swords
    3
    """
    for entry in QUESTS:
        if entry.name == name:
            return entry
    raise ValueError(f"unknown quest {name!r}; expected one of {[q.name for q in QUESTS]}")


_THRESHOLD_VALUES: dict[str, int] = {t.name: t.value for t in (*THRESHOLDS, *ENGINE_THRESHOLDS)}
