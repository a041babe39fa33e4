"""The words and the reading of a seat's observation that the board picture
(:mod:`widgets.board`) and its text summary (:mod:`widgets.game`) share: quest titles, knight
and card names, seats, relics, the expansion's parts, the board's colours.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from camelot_rules.base.i18n import N_, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.names import display_name

__all__ = [
    "BLACK",
    "BOX",
    "EMPTY",
    "ENGINE",
    "GOLD",
    "PHASES",
    "RED",
    "REQUIRED_KEYS",
    "WHITE",
    "WITCHES",
    "black_text",
    "by_seat",
    "card_name",
    "check_observation",
    "count_of",
    "expansion_of",
    "knight_name",
    "lancelot_dragon_of",
    "list_sep",
    "merlin_place",
    "quest_of",
    "quest_title",
    "relic_holders",
    "relic_state",
    "seat_key",
    "seat_names",
    "sep",
    "who_is",
    "witch_text",
]

REQUIRED_KEYS = (
    "players",
    "turn",
    "phase",
    "white_swords",
    "black_swords",
    "siege_engines",
    "life",
    "knights",
    "location",
    "quests",
    "relics",
    "decks",
)
WITCHES = {  # JA witches: the four that stay in play, in a few words (translated where shown)
    "morgan_witch_2": N_("2nd Witch: no life may be sacrificed until a quest is won"),
    "morgan_witch_5": N_("5th Witch: a wrong accusation turns 2 white swords black"),
    "morgan_witch_6": N_("6th Witch: Merlin cards played are removed from the game"),
    "morgan_witch_7": N_("7th Witch: at the next quest lost, knights not on it lose 1 life"),
}


def sep() -> str:
    """The separator between the parts of a line ("; " in English)."""
    # Translators: between two parts of one line of the board ("a; b").
    return _("; ")


def list_sep() -> str:
    """The separator between the items of a list (", " in English)."""
    # Translators: between two items of a list ("a, b").
    return _(", ")


def quest_title(quest: str) -> str:
    """A quest or place as printed ("Black Knight", "Lancelot", "Camelot"; names.py, BoQ
    p.2), in the reader's language: the board's headings, a knight's place, Heroism's quest.
    (The board's English headings once had their own table, which named the quest for
    Lancelot after his relic, "Lancelot's Armor".)"""
    return display_name(quest, "quest")


def knight_name(knight: str) -> str:
    """A knight as the board names him ("Galahad"; "ガラハッド卿" in Japanese)."""
    if get_language() == "en":
        return knight.title()
    return display_name(knight, "knight")


def card_name(card: object) -> str:
    """A card as printed ("Lady of the Lake", "Fight 3"; names.py), in the reader's language."""
    return display_name(str(card))


PHASES = {  # the engine's phases, as the board shows them (translated where shown)
    "evil": N_("evil"),
    "heroic": N_("heroic"),
    "setup": N_("setup"),
    "over": N_("over"),
}
WHITE = "#fdfdf8"
BLACK = "#222"
EMPTY = "#eee"
GOLD = "#e2b53e"
ENGINE = "#8b5a2b"
RED = "#a40000"
BOX = (
    "border:1px solid #bbb;border-radius:6px;padding:6px 8px;margin:4px 0;"
    "box-sizing:border-box;max-width:100%"
)


# --- reading the observation ---------------------------------------------------------------------
def seat_key(value: object) -> int | str:
    """A seat number (JSON turns dict keys into strings; give them back as ints)."""
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return str(value)


def by_seat(mapping: object, key: str) -> dict[int | str, Any]:
    if not isinstance(mapping, Mapping):
        raise ValueError(f"the observation's {key!r} is {mapping!r}; expected a dict by seat")
    return {seat_key(k): v for k, v in mapping.items()}


def check_observation(observation: object) -> Mapping[str, Any]:
    if not isinstance(observation, Mapping):
        raise ValueError(
            f"the board needs an observation dict (state.observation(seat)), not {observation!r}"
        )
    missing = [k for k in REQUIRED_KEYS if k not in observation]
    if missing:
        raise ValueError(
            f"the observation has no {', '.join(map(repr, missing))}; "
            "expected the dict returned by state.observation(seat)"
        )
    return observation


def quest_of(quests: Mapping[str, Any], name: str) -> Mapping[str, Any] | None:
    q = quests.get(name)
    if q is None:
        return None
    if not isinstance(q, Mapping):
        raise ValueError(f"quest {name!r} in the observation is {q!r}; expected a dict")
    return q


def lancelot_dragon_of(quests: Mapping[str, Any]) -> tuple[str, Mapping[str, Any] | None]:
    """Which of Lancelot/Dragon is on the board ("lancelot", "dragon" or "over") and its data."""
    which = quests.get("lancelot_dragon")
    if which is None:
        which = "lancelot" if "lancelot" in quests else "dragon" if "dragon" in quests else "over"
    if which == "over":
        return "over", None
    return str(which), quest_of(quests, str(which))


def seat_names(observation: Mapping[str, Any]) -> dict[int | str, str]:
    return {k: str(v) for k, v in by_seat(observation["knights"], "knights").items()}


def who_is(observation: Mapping[str, Any], seats: Iterable[object]) -> str:
    names = seat_names(observation)
    shown = [
        _("{knight} (seat {seat})").format(knight=knight_name(names.get(seat_key(s), "?")), seat=s)
        for s in seats
    ]
    return list_sep().join(shown) or _("nobody")


def relic_holders(observation: Mapping[str, Any]) -> dict[int | str, list[str]]:
    held: dict[int | str, list[str]] = {}
    for relic, where in by_seat(observation["relics"], "relics").items():
        if isinstance(seat_key(where), int):
            held.setdefault(seat_key(where), []).append(str(relic))
    return held


def relic_state(observation: Mapping[str, Any], relic: str) -> str:
    where = by_seat(observation["relics"], "relics").get(relic)
    if where is None or where == "quest":
        return _("on its quest")
    if where == "lost":
        return _("lost")
    return _("won by {who}").format(who=who_is(observation, [where]))


def black_text(card: object) -> str:
    return "?" if card in ("hidden", None) else str(card)


def count_of(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"the observation's {key!r} has {value!r}; expected a count (0 or more)")
    return value


def expansion_of(observation: Mapping[str, Any]) -> dict[str, Any] | None:
    """The Merlin's Company parts of an observation, or None when it has none (a base game).

    Present when the observation says ``expansion`` or carries any non-empty expansion key:
    ``merlin`` (a quest, ``"camelot"`` or None: off the board), ``captured`` seats, lasting
    ``witches``, ``divine_favor``, ``travel`` ``{"draw", "discard"}`` and ``removed``
    ``{"white", "black"}`` (cards out of the game)."""
    merlin = observation.get("merlin")
    captured = observation.get("captured") or []
    witches = observation.get("witches") or []
    favor = observation.get("divine_favor", False)
    travel = observation.get("travel")
    removed = observation.get("removed") or {}
    if not isinstance(captured, list | tuple):
        raise ValueError(f"the observation's 'captured' is {captured!r}; expected a list of seats")
    if not isinstance(witches, list | tuple):
        raise ValueError(f"the observation's 'witches' is {witches!r}; expected a list of cards")
    if travel is not None and not isinstance(travel, Mapping):
        raise ValueError(
            f"the observation's 'travel' is {travel!r}; expected {{'draw': n, 'discard': n}}"
        )
    if not isinstance(removed, Mapping):
        raise ValueError(
            f"the observation's 'removed' is {removed!r}; expected {{'white': n, 'black': n}}"
        )
    removed_n = {k: count_of(removed.get(k, 0), f"removed.{k}") for k in ("white", "black")}
    travel_n = (
        None
        if travel is None
        else {k: count_of(travel.get(k, 0), f"travel.{k}") for k in ("draw", "discard")}
    )
    present = (
        observation.get("expansion") is True
        or merlin is not None
        or bool(captured)
        or bool(witches)
        or bool(favor)
        or travel is not None
        or any(removed_n.values())
    )
    if not present:
        return None
    return {
        "merlin": None if merlin is None else str(merlin),
        "captured": [seat_key(s) for s in captured],
        "witches": [str(w) for w in witches],
        "divine_favor": bool(favor),
        "travel": travel_n,
        "removed": removed_n,
    }


def merlin_place(merlin: str | None) -> str:
    if merlin is None:
        return _("off the board (until the first Merlin Travels)")
    return _("at {place}").format(place=quest_title(merlin))


def witch_text(card: str) -> str:
    return _(WITCHES[card]) if card in WITCHES else card_name(card)
