"""The rules engine's step texts in the reader's language: its moves (``str(action)`` of
:mod:`camelot_rules.engine.actions`), its chance outcomes and the notes it keeps on each step
(for the dashboard's board and game widgets, and the advisor's answers).

The engine speaks English with ids (``black_knight``, ``fight_3``) and keeps it: its texts are
part of the state and of the golden games. Where a table reads them they are shown here: one
message by action class, whose English filled with the action's ids is exactly ``str(action)``
(a test checks every class), with card, quest and knight names from
:mod:`camelot_rules.data.names` in every language, English included; and, for the engine's
notes, a table of the notes' English patterns.

>>> from camelot_rules.engine import actions as A
>>> from camelot_rules.base.i18n import language
>>> step_text(A.PlayFight("black_knight", 3))
'play Fight 3 on Black Knight'
>>> with language("es"):
...     step_text(A.PlayFight("black_knight", 3))
'jugar Lucha 3 en Caballero Negro'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from functools import cache
from typing import Any

from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.names import NAMES, display_name
from camelot_rules.engine import actions as A
from camelot_rules.front.display import cause_text

__all__ = ["ACTION_TEXTS", "NOTE_TEXTS", "cause_text", "note_text", "seat_text", "step_text"]


# Whether names are shown as the engine's ids (``step_text(..., ids=True)``), and the knights
# by seat (``step_text(..., knights=...)``)
_IDS: ContextVar[bool] = ContextVar("camelot_rules_step_ids", default=False)
_KNIGHTS: ContextVar[tuple[str, ...]] = ContextVar("camelot_rules_step_knights", default=())


def _name(value: object, kind: str) -> str:
    """A card, quest or knight id as shown: its printed name in the language in force (the id
    itself under ``ids``, as the engine prints it)."""
    text = str(value)
    return text if _IDS.get() else display_name(text, kind)


def seat_text(seat: int, knights: Sequence[str] = ()) -> str:
    """A seat as shown: its number, and its knight when ``knights`` (the knight of each seat)
    are given.

    >>> seat_text(2), seat_text(2, ("arthur", "kay", "gawain"))
    ('2', '2 (Sir Gawain)')
    """
    if not 0 <= seat < len(knights):
        return str(seat)
    # Translators: a seat's number and its knight, in a move ("accuse seat 2 (Sir Kay)")
    return _("{seat} ({knight})").format(seat=seat, knight=display_name(knights[seat], "knight"))


def _seat(seat: int) -> str:
    return str(seat) if _IDS.get() else seat_text(seat, _KNIGHTS.get())


def _card(value: object) -> str:
    return _name(value, "card")


def _quest(value: object) -> str:
    return _name(value, "quest")


def _any(value: object) -> str:
    """A value the engine prints as it is: a name of some kind when it is one, else itself."""
    text = str(value)
    if _IDS.get():
        return text
    kind = _kinds().get(text)
    return display_name(text, kind) if kind else _(text) if text in _WORDS else text


def _choice(value: object) -> str:
    """A word of a special card's choice as shown (a seat with its knight, a quest or card by its
    name, a way of playing in words); under ``ids`` as the engine prints it."""
    if _IDS.get():
        return str(value)
    if isinstance(value, int):
        return _seat(value)
    text = str(value)
    return _(_CHOICES[text]) if text in _CHOICES else _any(text)


@cache
def _kinds() -> dict[str, str]:
    found: dict[str, str] = {}
    for entry in NAMES:  # a quest id names the quest, not its card (picts, excalibur)
        if entry.kind in ("quest", "knight") or entry.id not in found:
            found[entry.id] = entry.kind
    return found


# Words the engine uses as values (a loyalty card dealt): translated where shown.
_WORDS = (N_("loyal"), N_("traitor"))
# How a special white card is played (``PlaySpecial.choice``, BoQ pp.14-15): Merlin removes a
# siege engine, a quest's last black card or a warrior; Piety and Reinforcements serve the
# player or the others; Fate is played as a loyal knight or by the traitor revealing himself.
_CHOICES = {
    "engine": N_("a siege engine"),
    "last_black": N_("the last black card"),
    "warrior": N_("a warrior"),
    "self": N_("himself"),
    "others": N_("the other knights"),
    "reveal": N_("revealing the traitor"),
}
# A card drawn, by its pile (the English is the engine's "{pile} card: {card}").
_DRAWN = {
    "white": N_("white card: {card}"),
    "black": N_("black card: {card}"),
    "travel": N_("travel card: {card}"),
}

# One message per action class, and how its fields fill it. The English message filled with the
# English values is ``str(action)``.
ACTION_TEXTS: dict[type, Callable[[Any], str]] = {
    A.DrawBlack: lambda a: _("draw a black card"),
    A.AddEngine: lambda a: _("add a siege engine"),
    A.LoseLife: lambda a: _("lose a life point"),
    A.PeekBlack: lambda a: _("Percival: peek at the top black card"),
    A.Keep: lambda a: (
        _("put the card back") if a.card is None else _("keep {card}").format(card=_card(a.card))
    ),
    A.Move: lambda a: _("move to {quest}").format(quest=_quest(a.quest)),
    A.DrawWhite: lambda a: _("draw white cards at the Round Table"),
    A.FightEngine: lambda a: (
        (
            _("fight a siege engine with {values}").format(values="+".join(map(str, a.values)))
            if a.values
            else _("fight a siege engine with no cards")
        )
        + (
            " " + _("(Fight ? as {values})").format(values="+".join(map(str, a.wild)))
            if a.wild
            else ""
        )
    ),
    A.PlayFight: lambda a: (
        _("play Fight ? as {value} on {quest}") if a.wild else _("play Fight {value} on {quest}")
    ).format(value=a.value, quest=_quest(a.quest)),
    A.PlayGrail: lambda a: _("play a Grail card"),
    A.DiscardForExcalibur: lambda a: _("discard {card} to move Excalibur").format(
        card=_card(a.card)
    ),
    A.PlaySpecial: lambda a: (
        _("Galahad: play {card}{how}") if a.free else _("play {card}{how}")
    ).format(
        card=_card(a.card),
        how=f" ({', '.join(map(_choice, a.choice))})" if a.choice else "",
    ),
    A.Heal: lambda a: _("heal with three {card}").format(card=_card(a.card)),
    A.Accuse: lambda a: _("accuse seat {seat}").format(seat=_seat(a.seat)),
    A.Sacrifice: lambda a: _("sacrifice a life point for a second heroic action"),
    A.EndTurn: lambda a: _("end the turn"),
    A.ArthurGive: lambda a: _("Arthur: give {card} to seat {seat}").format(
        card=_card(a.card), seat=_seat(a.seat)
    ),
    A.ArthurReturn: lambda a: _("return {card} to Arthur").format(card=_card(a.card)),
    A.Pass: lambda a: _("pass"),
    A.Pledge: lambda a: (
        _("offer {n} Merlin card") if a.merlins == 1 else _("offer {n} Merlin cards")
    ).format(n=a.merlins),
    A.SacrificeExcalibur: lambda a: _("sacrifice Excalibur to cancel the card"),
    A.PlayBlack: lambda a: (
        _("play it face down (and draw a white card)") if a.face_down else _("play it face up")
    ),
    A.ChooseWar: lambda a: _("on the {war} war").format(war=_card(a.war)),
    A.Volunteer: lambda a: _("volunteer"),
    A.Discard: lambda a: _("discard {card}").format(card=_card(a.card)),
    A.KayExtra: lambda a: (
        _("Kay: add Fight ? as {value}") if a.wild else _("Kay: add Fight {value}")
    ).format(value=a.value),
    A.Drink: lambda a: _("drink from the Holy Grail"),
    A.Offer: lambda a: _("offer {card}").format(card=_card(a.card)),
    A.Take: lambda a: (
        _("take nothing") if a.card is None else _("take {card}").format(card=_card(a.card))
    ),
    A.Join: lambda a: _("go back to Camelot") if a.go else _("stay"),
    A.PutNext: lambda a: _("put {card} next").format(card=_card(a.card)),
    A.StealFrom: lambda a: _("take a random white card from seat {seat}").format(
        seat=_seat(a.seat)
    ),
    A.Draw: lambda a: _(_DRAWN[a.pile]).format(card=_card(a.card)) if a.pile in _DRAWN else str(a),
    A.Roll: lambda a: _("the siege die shows {face}").format(face=a.face),
    A.Deal: lambda a: _("seat {seat} is dealt {what}").format(
        seat=_seat(a.seat), what=_any(a.what)
    ),
    A.Steal: lambda a: _("the card taken is {card}").format(card=_card(a.card)),
    A.Pay: lambda a: _("meet the demand with {cards}").format(
        cards=" + ".join(map(_card, a.cards))
    ),
    A.Free: lambda a: _("free seat {seat} (discard {card})").format(
        seat=_seat(a.seat), card=_card(a.card)
    ),
    A.CaradocDraw: lambda a: _("Caradoc: sacrifice a life point to draw 2 white cards"),
}


def step_text(action: object, *, ids: bool = False, knights: Sequence[str] = ()) -> str:
    """What ``action`` (a move or a chance outcome of the engine) says, in the language in
    force, cards, quests and knights by their printed names, a seat with its knight when
    ``knights`` (the knight of each seat, ``state.knights``) are given; ``ids``: by the
    engine's ids, so that the English is exactly ``str(action)``. ``str(action)`` for anything
    the table does not know.

    >>> step_text(A.Move("black_knight")), step_text(A.Move("black_knight"), ids=True)
    ('move to Black Knight', 'move to black_knight')
    >>> step_text(A.Accuse(2), knights=("arthur", "kay", "gawain"))
    'accuse seat 2 (Sir Gawain)'
    """
    shown = ACTION_TEXTS.get(type(action))
    if shown is None:
        return str(action)
    token, seats = _IDS.set(ids), _KNIGHTS.set(tuple(knights))
    try:
        return shown(action)
    finally:
        _IDS.reset(token)
        _KNIGHTS.reset(seats)


# The engine's notes (``state.last_step``), as patterns: the English is the engine's text with
# its values as ``{fields}``. A note that matches none is shown as it is.
NOTE_TEXTS: tuple[str, ...] = (
    N_("seat {seat}: makes a choice ({task})"),
    N_("the game is set up"),
    N_("seat {seat} draws a white card"),
    N_("seat {seat} receives a loyalty card"),
    N_("a random white card of seat {seat} is discarded"),
    N_("a shared card is dealt to seat {seat}"),
    N_("a black card is looked at"),
    N_("black card drawn: {card}"),
    N_("seat {seat} draws {n} white cards at the Round Table"),
    N_("{card}: its quest is over, a siege engine is added"),
    N_("{card} laid on {quest} face down"),
    N_("{card} laid on {quest}"),
    N_("seat {seat} fights a siege engine with {n}"),
    N_("siege engine destroyed ({total} against {face})"),
    N_("siege fight lost ({total} against {face}): 1 life"),
    N_("seat {seat} plays Fight {value} on {quest}"),
    N_("{quest}: white {white} against black {black}"),
    N_("seat {seat} lays a Grail card ({n}/{spots})"),
    N_("seat {seat} discards a card: Excalibur moves"),
    N_("{quest} won"),
    N_("{quest} lost"),
    N_("seat {seat} unmasks the traitor at seat {other}"),
    N_("seat {seat} wrongly accuses seat {other}"),
    N_("seat {seat} plays {card}"),
    N_("Arthur passes a card to seat {seat}"),
    N_("seat {seat} offers a card to share"),
    N_("seat {seat} takes {card}"),
    N_("seat {seat} takes none of the shared cards"),
    N_("Excalibur is sacrificed to cancel {card}"),
    N_("Mordred joins the {war} war"),
    N_("mercenaries join the {war} war"),
    N_("Sir Kay adds Fight {value}"),
    N_("seat {seat} drinks from the Holy Grail"),
    N_("seat {seat} ({knight}) dies"),
    N_("seat {seat} ends the turn"),
    N_("seat {seat} volunteers for {card}"),
    N_("{card}: Merlin stands on its finished quest: no engine"),
    N_("Lancelot's Armor: one black card goes to the bottom"),
    N_("seat {seat}'s Grail card removes a {card}"),
    N_("position set up by hand"),
    N_("seat {seat} puts the black cards back in a chosen order"),
    N_("seat {seat} sacrifices a life point for a second action"),
    N_("seat {seat} adds a siege engine"),
    N_("seat {seat} draws a black card"),
    N_("seat {seat} loses a life point"),
    N_("seat {seat} moves to {quest}"),
    N_("seat {seat} heals with three {card}"),
    N_("seat {seat} frees seat {other}"),
    N_("seat {seat} sets out for {quest}: a travel card is drawn"),
    N_("seat {seat} is captured on the way"),
    N_("seat {seat} is captured: turn skipped"),
    N_("seat {seat} meets the demand of {card} and arrives"),
    N_("seat {seat} fails {card}: {n} life, no move, the turn ends"),
    N_("travel card: {card}"),
    N_("the siege die shows {face}"),
    N_("the traitor discards a random card from seat {seat}"),
    N_("the unmasked traitor adds a siege engine"),
    N_("the unmasked traitor draws a black card"),
    N_("three Merlin cards cancel {card}"),
    N_("Sir Caradoc sacrifices a life point for {n} white cards"),
    N_("Percival looks at the top black card"),
    N_("Tristan leaves the Round Table for free: {move}"),
    N_("game over: the loyal knights win ({cause})"),
    N_("game over: the forces of Evil win ({cause})"),
    N_("seat {seat}: {move}"),
)
_FIELD = re.compile(r"\{(\w+)\}")
_NAMES_BY_FIELD = {"card": _card, "quest": _quest, "war": _card, "knight": _any}


@cache
def _note_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    out = []
    # the most specific first, the one with the most words of its own: "seat {seat} takes none
    # of the shared cards" before "seat {seat} takes {card}"
    ordered = sorted(NOTE_TEXTS, key=lambda t: -len(_FIELD.sub("", t)))
    for template in ordered:
        parts = _FIELD.split(template)
        regex = "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts)
        )
        out.append((re.compile(f"^{regex}$"), template))
    return tuple(out)


def note_text(note: str, action: object = None, knights: Sequence[str] = ()) -> str:
    """The engine's note ``note`` in the language in force (``action``: the move it follows,
    whose text is the note's "seat N: <move>"); each seat with its knight when ``knights`` (the
    knight of each seat) are given; the note as it is when no pattern matches.

    >>> from camelot_rules.base.i18n import language
    >>> with language("ja"):
    ...     note_text("black card drawn: despair")
    '黒カードを引いた：絶望'
    >>> note_text("seat 1 wrongly accuses seat 2", knights=("arthur", "kay", "gawain"))
    'seat 1 (Sir Kay) wrongly accuses seat 2 (Sir Gawain)'
    """
    if action is not None and note.endswith(f": {action}") and note.startswith("seat "):
        seat = note[len("seat ") : -len(f": {action}")]
        if seat.isdigit():
            return _("seat {seat}: {move}").format(
                seat=seat_text(int(seat), knights), move=step_text(action, knights=knights)
            )
    for regex, template in _note_patterns():
        found = regex.match(note)
        if found is None:
            continue
        values = found.groupdict()
        if template == "seat {seat}: makes a choice ({task})":
            values["task"] = _(values["task"])  # describe_task's texts are catalog messages
        elif template == "seat {seat}: {move}":
            continue  # a move the table above did not recognise: leave it
        elif "{move}" in template:
            if action is None or values["move"] != str(action):
                continue
            values["move"] = step_text(action, knights=knights)
        for field in ("seat", "other"):
            if values.get(field, "").isdigit():
                values[field] = seat_text(int(values[field]), knights)
        if "cause" in values:
            values["cause"] = cause_text(values["cause"])
        for field, show in _NAMES_BY_FIELD.items():
            if field in values:
                values[field] = show(values[field])
        return _(template).format(**values)
    return note
