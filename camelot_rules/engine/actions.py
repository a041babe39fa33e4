"""Actions and chance outcomes of the rules engine: frozen, hashable, readable.

Every decision a player makes is one of the small frozen dataclasses below; ``str(action)``
reads as a player would say it at the table. Chance outcomes (``Draw``, ``Roll``, ``Deal``,
``Steal``) are what ``state.chance_outcomes()`` returns and ``state.apply_chance`` takes.

Card names are the library's (``fight_3``, ``grail``, ``black_knight_5``, ...); quests are
``black_knight``, ``lancelot``, ``dragon``, ``excalibur``, ``grail``, ``picts``, ``saxons`` and
``camelot`` (the Round Table and the siege area are one place for moving, RB p.12).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Final, TypeVar

__all__ = [
    "Accuse",
    "Action",
    "AddEngine",
    "ArthurGive",
    "ArthurReturn",
    "CaradocDraw",
    "ChooseWar",
    "Deal",
    "Discard",
    "DiscardForExcalibur",
    "Draw",
    "DrawBlack",
    "DrawWhite",
    "Drink",
    "EndTurn",
    "FightEngine",
    "Free",
    "Heal",
    "Join",
    "KayExtra",
    "Keep",
    "LoseLife",
    "Move",
    "Offer",
    "Outcome",
    "Pass",
    "Pay",
    "PeekBlack",
    "PlayBlack",
    "PlayFight",
    "PlayGrail",
    "PlaySpecial",
    "Pledge",
    "PutNext",
    "Roll",
    "Sacrifice",
    "SacrificeExcalibur",
    "Steal",
    "StealFrom",
    "Take",
    "Volunteer",
    "made",
]


def by_fields(obj: Any) -> tuple[Any, ...]:
    """``__reduce__`` of a dataclass by its fields: how the engine's actions, outcomes, results
    and the policies are pickled (worker processes, Dask) - a mypyc-compiled frozen dataclass
    cannot be unpickled by setting its attributes one by one."""
    return (type(obj), tuple(getattr(obj, f.name) for f in fields(obj)))


@dataclass(frozen=True)
class Action:
    """Base class of every decision."""

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


_T = TypeVar("_T")
_MADE: Final[dict[object, dict[tuple[object, ...], Any]]] = {}
_MADE_MAX: Final = 1 << 14


def made(kind: Callable[..., _T], *values: object) -> _T:
    """``kind(*values)``, made once and handed out again: the engine builds every state's legal
    actions afresh, and building a dataclass costs far more than looking one up (they are
    frozen, so one object serves every state; equal either way). Each kind's table starts
    afresh past 16,384 entries, far more than a game's distinct actions of one kind.

    >>> made(Move, "grail") is made(Move, "grail"), made(Move, "grail") == Move("grail")
    (True, True)
    """
    table = _MADE.get(kind)
    if table is None:
        table = _MADE[kind] = {}
    got = table.get(values)
    if got is None:
        if len(table) >= _MADE_MAX:
            table.clear()
        got = table[values] = kind(*values)
    return got


# --- Progression of Evil (RB p.10-12) -----------------------------------------------------------
@dataclass(frozen=True)
class DrawBlack(Action):
    """Draw the top black card and apply it (RB p.10)."""

    def __str__(self) -> str:
        return "draw a black card"


@dataclass(frozen=True)
class AddEngine(Action):
    """Add a siege engine around Camelot (RB p.11)."""

    def __str__(self) -> str:
        return "add a siege engine"


@dataclass(frozen=True)
class LoseLife(Action):
    """Lose one life point as the evil step (RB p.12)."""

    def __str__(self) -> str:
        return "lose a life point"


@dataclass(frozen=True)
class PeekBlack(Action):
    """Sir Percival looks at the top black card before choosing (BoQ p.13)."""

    def __str__(self) -> str:
        return "Percival: peek at the top black card"


@dataclass(frozen=True)
class Keep(Action):
    """Lancelot's Armor: keep this of the two black cards drawn; the other goes to the bottom
    (BoQ p.6). With Percival's peek, ``card=None`` puts the kept card back on top."""

    card: str | None

    def __str__(self) -> str:
        return "put the card back" if self.card is None else f"keep {self.card}"


# --- Heroic actions (RB p.12-17) ----------------------------------------------------------------
@dataclass(frozen=True)
class Move(Action):
    """Move to another quest (RB p.12)."""

    quest: str

    def __str__(self) -> str:
        return f"move to {self.quest}"


@dataclass(frozen=True)
class DrawWhite(Action):
    """At the Round Table draw 2 white cards, Gawain 3 (RB p.13)."""

    def __str__(self) -> str:
        return "draw white cards at the Round Table"


@dataclass(frozen=True)
class FightEngine(Action):
    """Fight a siege engine with these Fight values (RB p.13), largest first; ``wild``: the
    values of those played as Merlin's Company's wild "Fight ?" cards, each chosen when laid
    (F §3d, S16), a part of ``values`` (their sum is the fight's total either way)."""

    values: tuple[int, ...]
    wild: tuple[int, ...] = ()

    def __repr__(self) -> str:  # (without ``wild`` when no wild card is played: as before it)
        extra = f", wild={self.wild!r}" if self.wild else ""
        return f"FightEngine(values={self.values!r}{extra})"

    def __str__(self) -> str:
        shown = "+".join(map(str, self.values)) if self.values else "no cards"
        if self.wild:
            shown += f" (Fight ? as {'+'.join(map(str, self.wild))})"
        return f"fight a siege engine with {shown}"


@dataclass(frozen=True)
class PlayFight(Action):
    """Lay one Fight card on a combat quest or a war (RB p.14-15); ``wild``: a wild
    "Fight ?" card laid as Fight ``value`` (Merlin's Company, F §3d, S16)."""

    quest: str
    value: int
    wild: bool = False

    def __repr__(self) -> str:  # (without ``wild`` for a numbered card: as before it)
        extra = ", wild=True" if self.wild else ""
        return f"PlayFight(quest={self.quest!r}, value={self.value!r}{extra})"

    def __str__(self) -> str:
        card = f"Fight ? as {self.value}" if self.wild else f"Fight {self.value}"
        return f"play {card} on {self.quest}"


@dataclass(frozen=True)
class PlayGrail(Action):
    """Lay a Grail card on the Holy Grail quest (RB p.15)."""

    def __str__(self) -> str:
        return "play a Grail card"


@dataclass(frozen=True)
class DiscardForExcalibur(Action):
    """Discard one white card to move Excalibur one step toward the knights (RB p.14)."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card} to move Excalibur"


@dataclass(frozen=True)
class PlaySpecial(Action):
    """Play a special white card (RB p.16); ``choice`` says how (BoQ pp.14-15).

    Choices: ``merlin`` - ``("engine",)``, ``("last_black", quest)``, ``("warrior", war)``;
    ``heroism`` - ``(quest,)``; ``piety`` and ``reinforcements`` - ``("self",)`` or
    ``("others",)``; ``messenger`` - ``(seat,)``, then up to 3 ``Offer(card)`` and ``Pass``;
    ``fate`` -
    ``("loyal",)`` or ``("reveal",)``; the others ``()``. ``free`` marks Sir Galahad's free play.
    """

    card: str
    choice: tuple[str | int, ...] = ()
    free: bool = False

    def __str__(self) -> str:
        how = f" ({', '.join(map(str, self.choice))})" if self.choice else ""
        return f"{'Galahad: ' if self.free else ''}play {self.card}{how}"


@dataclass(frozen=True)
class Heal(Action):
    """Discard three identical cards to gain one life (RB p.16)."""

    card: str

    def __str__(self) -> str:
        return f"heal with three {self.card}"


@dataclass(frozen=True)
class Accuse(Action):
    """Accuse the knight at ``seat`` of being the traitor (RB p.16)."""

    seat: int

    def __str__(self) -> str:
        return f"accuse seat {self.seat}"


@dataclass(frozen=True)
class Sacrifice(Action):
    """Lose one life for a second, different heroic action (RB p.16)."""

    def __str__(self) -> str:
        return "sacrifice a life point for a second heroic action"


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn (after at least one heroic action)."""

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True)
class ArthurGive(Action):
    """King Arthur passes one white card to another knight (BoQ p.13)."""

    seat: int
    card: str

    def __str__(self) -> str:
        return f"Arthur: give {self.card} to seat {self.seat}"


@dataclass(frozen=True)
class ArthurReturn(Action):
    """The knight who received Arthur's card returns one white card (BoQ p.13)."""

    card: str

    def __str__(self) -> str:
        return f"return {self.card} to Arthur"


# --- Responses and choices inside a resolution --------------------------------------------------
@dataclass(frozen=True)
class Pass(Action):
    """Decline an optional response (no Merlin cards, no Excalibur sacrifice, no Kay card...)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Pledge(Action):
    """Offer this many Merlin cards toward cancelling a special black card (BoQ p.15)."""

    merlins: int

    def __str__(self) -> str:
        return f"offer {self.merlins} Merlin card{'s' if self.merlins != 1 else ''}"


@dataclass(frozen=True)
class SacrificeExcalibur(Action):
    """Give up Excalibur to cancel the black card just drawn (BoQ p.8)."""

    def __str__(self) -> str:
        return "sacrifice Excalibur to cancel the card"


@dataclass(frozen=True)
class PlayBlack(Action):
    """Lay the drawn Black Knight / Lancelot / Dragon card face up or face down (RB p.11)."""

    face_down: bool

    def __str__(self) -> str:
        return "play it face down (and draw a white card)" if self.face_down else "play it face up"


@dataclass(frozen=True)
class ChooseWar(Action):
    """Mercenaries or Mordred: which war (BoQ p.16)."""

    war: str

    def __str__(self) -> str:
        return f"on the {self.war} war"


@dataclass(frozen=True)
class Volunteer(Action):
    """Second or Fifth Morgan: volunteer to pay for everyone (BoQ p.16)."""

    def __str__(self) -> str:
        return "volunteer"


@dataclass(frozen=True)
class Discard(Action):
    """Discard this white card (a forced discard: Morgan, Fate...)."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class KayExtra(Action):
    """Sir Kay adds one Fight card after the reveal or the roll (BoQ p.13); ``wild``: a wild
    "Fight ?" card added as Fight ``value`` (Merlin's Company, F §3d, S16)."""

    value: int
    wild: bool = False

    def __repr__(self) -> str:  # (without ``wild`` for a numbered card: as before it)
        extra = ", wild=True" if self.wild else ""
        return f"KayExtra(value={self.value!r}{extra})"

    def __str__(self) -> str:
        return f"Kay: add Fight {'? as ' if self.wild else ''}{self.value}"


@dataclass(frozen=True)
class Drink(Action):
    """The Grail's owner lets the dying knight drink from it (BoQ p.9)."""

    def __str__(self) -> str:
        return "drink from the Holy Grail"


@dataclass(frozen=True)
class Offer(Action):
    """Lay this white card face up for the opening share (RB p.8), or pass it with the
    Messenger (BoQ p.15)."""

    card: str

    def __str__(self) -> str:
        return f"offer {self.card}"


@dataclass(frozen=True)
class Take(Action):
    """Take this card from cards being shared, or ``None`` to take nothing (RB p.8; BoQ p.4)."""

    card: str | None

    def __str__(self) -> str:
        return "take nothing" if self.card is None else f"take {self.card}"


@dataclass(frozen=True)
class Join(Action):
    """Convocation: go back to Camelot (``True``) or stay (BoQ p.14)."""

    go: bool

    def __str__(self) -> str:
        return "go back to Camelot" if self.go else "stay"


@dataclass(frozen=True)
class PutNext(Action):
    """Clairvoyance: put this card next on the black pile (BoQ p.15)."""

    card: str

    def __str__(self) -> str:
        return f"put {self.card} next"


@dataclass(frozen=True)
class StealFrom(Action):
    """The unmasked traitor picks whose hand loses a random white card (BoQ p.13)."""

    seat: int

    def __str__(self) -> str:
        return f"take a random white card from seat {self.seat}"


# --- Chance outcomes ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    """Base class of chance outcomes."""

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


@dataclass(frozen=True)
class Draw(Outcome):
    """The next card of a pile is ``card``."""

    pile: str
    card: str

    def __str__(self) -> str:
        return f"{self.pile} card: {self.card}"


@dataclass(frozen=True)
class Roll(Outcome):
    """The siege die shows ``face``."""

    face: int

    def __str__(self) -> str:
        return f"the siege die shows {self.face}"


@dataclass(frozen=True)
class Deal(Outcome):
    """Setup: seat ``seat`` is dealt ``what`` (a knight or a loyalty card)."""

    seat: int
    what: str

    def __str__(self) -> str:
        return f"seat {self.seat} is dealt {self.what}"


@dataclass(frozen=True)
class Steal(Outcome):
    """The random white card taken from a hand is ``card``."""

    card: str

    def __str__(self) -> str:
        return f"the card taken is {self.card}"


# --- Merlin's Company ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Pay(Action):
    """Meet a travel card's demand by discarding these cards (JA travel rules)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"meet the demand with {' + '.join(self.cards)}"


@dataclass(frozen=True)
class Free(Action):
    """Free the captured knight at ``seat`` by discarding a special white card (JA Captured!)."""

    seat: int
    card: str

    def __str__(self) -> str:
        return f"free seat {self.seat} (discard {self.card})"


@dataclass(frozen=True)
class CaradocDraw(Action):
    """Sir Caradoc sacrifices a life point to draw 2 white cards (JA witches, 2nd)."""

    def __str__(self) -> str:
        return "Caradoc: sacrifice a life point to draw 2 white cards"
