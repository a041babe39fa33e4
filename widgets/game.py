"""The whole-game widget: the public board as a picture, the legal moves, a seeded random player.

``render_board`` draws what one seat may see (``state.observation(seat)``: swords, siege
engines, every quest, the knights, the decks and that seat's hand) as plain HTML with inline
SVG: no JavaScript, no external files, and it fits a 390px phone screen. ``summarize_board``
says the same in a few lines of text. ``build_game_widget`` wires them to the rules engine.

With Merlin's Company (``expansion=True``) the board also shows the expansion's parts when the
observation has them (JA sections): Merlin's figure, captured knights, the witches that stay
in play, Divine Favor, the travel pile and the cards removed from the game.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as W

from camelot_rules.base.checks import check_text
from camelot_rules.base.i18n import N_, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.names import display_name
from camelot_rules.data.rulebook import quest_data, threshold
from camelot_rules.front.display import fmt_prob, html_error
from widgets.common import language_box, result_box, tr
from widgets.game_steps import cause_text, note_text, step_text

__all__ = [
    "GameWidget",
    "build_game_widget",
    "example_observation",
    "render_board",
    "render_step",
    "summarize_board",
]

MAX_STEPS = 100_000  # "Play to the end" stops with a message after this many steps

_REQUIRED = (
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
_QUEST_TITLES = {  # the board's English titles; other languages name quests by names.py
    "black_knight": "Black Knight",
    "lancelot": "Lancelot's Armor",
    "dragon": "The Dragon",
    "excalibur": "Excalibur",
    "grail": "Holy Grail",
    "picts": "Pict war",
    "saxons": "Saxon war",
    "camelot": "Camelot",
}
_WITCHES = {  # JA witches: the four that stay in play, in a few words (translated where shown)
    "morgan_witch_2": N_("2nd Witch: no life may be sacrificed until a quest is won"),
    "morgan_witch_5": N_("5th Witch: a wrong accusation turns 2 white swords black"),
    "morgan_witch_6": N_("6th Witch: Merlin cards played are removed from the game"),
    "morgan_witch_7": N_("7th Witch: at the next quest lost, knights not on it lose 1 life"),
}


def _sep() -> str:
    """The separator between the parts of a line ("; " in English)."""
    # Translators: between two parts of one line of the board ("a; b").
    return _("; ")


def _list() -> str:
    """The separator between the items of a list (", " in English)."""
    # Translators: between two items of a list ("a, b").
    return _(", ")


def _title(quest: str) -> str:
    """A quest's title on the board: the board's own in English, names.py's otherwise."""
    if get_language() == "en":
        return _QUEST_TITLES.get(quest, quest)
    return display_name(quest, "quest")


def _knight(knight: str) -> str:
    """A knight as the board names him ("Galahad"; "ガラハッド卿" in Japanese)."""
    if get_language() == "en":
        return knight.title()
    return display_name(knight, "knight")


def _place(quest: str) -> str:
    """A quest as the engine names it in English (its id), by names.py's name otherwise."""
    return quest if get_language() == "en" else display_name(quest, "quest")


def _card(card: object) -> str:
    """A card as the board names it (the engine's id in English, names.py's otherwise)."""
    if get_language() == "en":
        return str(card)
    return display_name(str(card))


_PHASES = {  # the engine's phases, as the board shows them (translated where shown)
    "evil": N_("evil"),
    "heroic": N_("heroic"),
    "setup": N_("setup"),
    "over": N_("over"),
}
_WHITE = "#fdfdf8"
_BLACK = "#222"
_EMPTY = "#eee"
_GOLD = "#e2b53e"
_ENGINE = "#8b5a2b"
_RED = "#a40000"
_BOX = (
    "border:1px solid #bbb;border-radius:6px;padding:6px 8px;margin:4px 0;"
    "box-sizing:border-box;max-width:100%"
)


# --- reading the observation ---------------------------------------------------------------------
def _seat(value: object) -> int | str:
    """A seat number (JSON turns dict keys into strings; give them back as ints)."""
    if isinstance(value, str) and value.lstrip("-").isdigit():
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return str(value)


def _by_seat(mapping: object, key: str) -> dict[int | str, Any]:
    if not isinstance(mapping, Mapping):
        raise ValueError(f"the observation's {key!r} is {mapping!r}; expected a dict by seat")
    return {_seat(k): v for k, v in mapping.items()}


def _check(observation: object) -> Mapping[str, Any]:
    if not isinstance(observation, Mapping):
        raise ValueError(
            f"the board needs an observation dict (state.observation(seat)), not {observation!r}"
        )
    missing = [k for k in _REQUIRED if k not in observation]
    if missing:
        raise ValueError(
            f"the observation has no {', '.join(map(repr, missing))}; "
            "expected the dict returned by state.observation(seat)"
        )
    return observation


def _quest(quests: Mapping[str, Any], name: str) -> Mapping[str, Any] | None:
    q = quests.get(name)
    if q is None:
        return None
    if not isinstance(q, Mapping):
        raise ValueError(f"quest {name!r} in the observation is {q!r}; expected a dict")
    return q


def _lancelot_dragon(quests: Mapping[str, Any]) -> tuple[str, Mapping[str, Any] | None]:
    """Which of Lancelot/Dragon is on the board ("lancelot", "dragon" or "over") and its data."""
    which = quests.get("lancelot_dragon")
    if which is None:
        which = "lancelot" if "lancelot" in quests else "dragon" if "dragon" in quests else "over"
    if which == "over":
        return "over", None
    return str(which), _quest(quests, str(which))


def _names(observation: Mapping[str, Any]) -> dict[int | str, str]:
    return {k: str(v) for k, v in _by_seat(observation["knights"], "knights").items()}


def _who(observation: Mapping[str, Any], seats: Iterable[object]) -> str:
    names = _names(observation)
    shown = [
        _("{knight} (seat {seat})").format(knight=_knight(names.get(_seat(s), "?")), seat=s)
        for s in seats
    ]
    return _list().join(shown) or _("nobody")


def _relic_holders(observation: Mapping[str, Any]) -> dict[int | str, list[str]]:
    held: dict[int | str, list[str]] = {}
    for relic, where in _by_seat(observation["relics"], "relics").items():
        if isinstance(_seat(where), int):
            held.setdefault(_seat(where), []).append(str(relic))
    return held


def _relic_state(observation: Mapping[str, Any], relic: str) -> str:
    where = _by_seat(observation["relics"], "relics").get(relic)
    if where is None or where == "quest":
        return _("on its quest")
    if where == "lost":
        return _("lost")
    return _("won by {who}").format(who=_who(observation, [where]))


def _black_text(card: object) -> str:
    return "?" if card in ("hidden", None) else str(card)


def _count(value: object, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"the observation's {key!r} has {value!r}; expected a count (0 or more)")
    return value


def _expansion(observation: Mapping[str, Any]) -> dict[str, Any] | None:
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
    removed_n = {k: _count(removed.get(k, 0), f"removed.{k}") for k in ("white", "black")}
    travel_n = (
        None
        if travel is None
        else {k: _count(travel.get(k, 0), f"travel.{k}") for k in ("draw", "discard")}
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
        "captured": [_seat(s) for s in captured],
        "witches": [str(w) for w in witches],
        "divine_favor": bool(favor),
        "travel": travel_n,
        "removed": removed_n,
    }


def _merlin_place(merlin: str | None) -> str:
    if merlin is None:
        return _("off the board (until the first Merlin Travels)")
    return _("at {place}").format(place=_title(merlin))


def _witch_text(card: str) -> str:
    return _(_WITCHES[card]) if card in _WITCHES else _card(card)


# --- SVG pieces --------------------------------------------------------------------------------
Slot = tuple[str, str, str, str]  # fill, text, text colour, tooltip


def _slots(slots: Sequence[Slot], *, size: int = 24, css: str = "", label: str = "") -> str:
    """A row of square slots as inline SVG that shrinks to the screen width."""
    gap = 3
    width = len(slots) * (size + gap) - gap
    parts = []
    for i, (fill, text, colour, tip) in enumerate(slots):
        x = i * (size + gap)
        dash = " stroke-dasharray='3 2'" if fill == _EMPTY else ""
        parts.append(
            f"<g><title>{html.escape(tip)}</title>"
            f"<rect x='{x + 0.5}' y='0.5' width='{size - 1}' height='{size - 1}' rx='4' "
            f"fill='{fill}' stroke='#555'{dash}/>"
            + (
                f"<text x='{x + size / 2}' y='{size / 2 + 4.5}' text-anchor='middle' "
                f"font-size='13' font-family='sans-serif' fill='{colour}'>"
                f"{html.escape(text)}</text>"
                if text
                else ""
            )
            + "</g>"
        )
    cls = f" class='{css}'" if css else ""
    aria = f" role='img' aria-label='{html.escape(label, quote=True)}'" if label else ""
    return (
        f"<svg{cls}{aria} viewBox='0 0 {width} {size}' width='{width}' "
        f"style='max-width:100%;height:auto;display:block'>" + "".join(parts) + "</svg>"
    )


def _empty(tip: str | None = None) -> Slot:
    return (_EMPTY, "", "#999", _("empty") if tip is None else tip)


def _section(title: str, body: str, *, css: str, note: str = "") -> str:
    extra = f" <span style='color:#666;font-size:smaller'>{note}</span>" if note else ""
    return (
        f"<div class='{css}' style='{_BOX}'><div><b>{html.escape(title)}</b>{extra}</div>"
        f"{body}</div>"
    )


def _knights_line(
    observation: Mapping[str, Any], quest: Mapping[str, Any], name: str | None = None
) -> str:
    seats = quest.get("knights", [])
    merlin = (
        " <b class='board-merlin-here' style='color:#3a5fa0'>{}</b>".format(_("Merlin is here"))
        if name is not None and observation.get("merlin") == name
        else ""
    )
    here = html.escape(_("Knights here: {who}").format(who=_who(observation, seats)))
    return f"<div style='font-size:smaller'>{here}{merlin}</div>"


# --- the parts of the board ----------------------------------------------------------------------
def _round_table(observation: Mapping[str, Any]) -> str:
    white, black = int(observation["white_swords"]), int(observation["black_swords"])
    total = max(threshold("swords_to_end"), white + black)  # the last action may lay more (RB p.17)
    slots: list[Slot] = [(_WHITE, "W", "#555", _("white sword"))] * white
    slots += [(_BLACK, "B", "#fff", _("black sword"))] * black
    slots += [_empty(_("no sword yet"))] * (total - white - black)
    label = _("{white} white and {black} black swords of {total}").format(
        white=white, black=black, total=threshold("swords_to_end")
    )
    lose = _("{n} black swords lose").format(n=threshold("black_swords_to_lose"))
    return _section(
        _("Round Table"),
        _slots(slots, css="board-swords", label=label),
        css="board-round-table",
        note=html.escape(_sep().join([label, lose])),
    )


def _siege(observation: Mapping[str, Any]) -> str:
    engines = int(observation["siege_engines"])
    most = threshold("siege_engines_to_lose")
    slots: list[Slot] = [(_ENGINE, str(i + 1), "#fff", _("siege engine")) for i in range(engines)]
    slots += [_empty(_("free spot"))] * max(0, most - engines)
    label = _("{n} of {most} siege engines").format(n=engines, most=most)
    colour = _RED if engines >= most - 2 else "#666"
    loses = html.escape(_("(the 12th loses)"))
    return _section(
        _("Siege engines"),
        _slots(slots, css="board-engines", label=label),
        css="board-siege",
        note=f"<span style='color:{colour}'>{html.escape(label)} {loses}</span>",
    )


def _combat(observation: Mapping[str, Any], name: str, quest: Mapping[str, Any]) -> str:
    data = quest_data(name)
    whites = [int(v) for v in quest.get("white", [])]
    blacks = list(quest.get("black", []))
    w_slots: list[Slot] = [(_WHITE, str(v), "#000", display_name(f"fight_{v}")) for v in whites]
    w_slots += [_empty()] * max(0, data.white_spots - len(whites))
    b_slots: list[Slot] = [
        (_BLACK, _black_text(c), "#fff", _("face down") if _black_text(c) == "?" else f"{c}")
        for c in blacks
    ]
    b_slots += [_empty()] * max(0, data.black_spots - len(blacks))
    shown = [int(c) for c in blacks if _black_text(c) != "?"]
    hidden = len(blacks) - len(shown)
    black_sum = f"{sum(shown)}" + (
        " + " + _("{n} face down (?)").format(n=hidden) if hidden else ""
    )
    versus = _("White {white} vs black {black}").format(white=sum(whites), black=black_sum)
    knights_side, evil_side = _("Knights' side"), _("Evil's side")
    return _section(
        _title(name),
        f"<div style='font-size:smaller'>{knights_side}</div>"
        + _slots(
            w_slots, css=f"board-{name}-white", label=_("white cards {cards}").format(cards=whites)
        )
        + f"<div style='font-size:smaller'>{evil_side}</div>"
        + _slots(
            b_slots, css=f"board-{name}-black", label=_("black cards {cards}").format(cards=blacks)
        )
        + f"<div style='font-size:smaller'>{html.escape(versus)}"
        "</div>" + _knights_line(observation, quest, name),
        css=f"board-quest board-{name}",
        note=_("solo") if data.solo else _("group"),
    )


def _excalibur(observation: Mapping[str, Any], quest: Mapping[str, Any]) -> str:
    steps = int(quest.get("steps", threshold("excalibur_steps")))
    pos = int(quest.get("position", 0))
    slots: list[Slot] = []
    for p in range(-steps, steps + 1):
        end = (
            _("lost") if p == -steps else _("won") if p == steps else f"{p:+d}" if p else _("start")
        )
        if p == pos:
            slots.append((_GOLD, "⚔", "#000", _("Excalibur is here ({where})").format(where=end)))
        else:
            fill = "#c9d6e8" if p < 0 else "#d3ead0" if p > 0 else "#f4f4f4"
            slots.append((fill, "", "#000", end))
    note = _("position {pos} (-{steps} lost, +{steps} won)").format(pos=f"{pos:+d}", steps=steps)
    if quest.get("over"):
        note = _("over: Excalibur {state}").format(state=_relic_state(observation, "excalibur"))
    knights_side, evil_side = _("knights' side"), _("evil side")
    return _section(
        _title("excalibur"),
        "<div style='display:flex;justify-content:space-between;font-size:smaller'>"
        f"<span>{html.escape(evil_side, quote=False)}</span>"
        f"<span>{html.escape(knights_side, quote=False)}</span></div>"
        + _slots(slots, size=22, css="board-excalibur-track", label=note)
        + _knights_line(observation, quest, "excalibur"),
        css="board-quest board-excalibur",
        note=html.escape(note),
    )


def _grail(observation: Mapping[str, Any], quest: Mapping[str, Any]) -> str:
    spots = int(quest.get("spots", threshold("grail_spots")))
    grails = int(quest.get("grails", 0))
    blacks = [str(b) for b in quest.get("blacks", [])]
    middle = max(0, spots - grails - len(blacks))
    slots: list[Slot] = [(_GOLD, "G", "#000", _("Grail card"))] * grails
    slots += [_empty()] * middle
    slots += [(_BLACK, b[:2].title(), "#fff", _card(b)) for b in reversed(blacks)]
    note = _("{grails} grails, {blacks} black of {spots} spots").format(
        grails=grails, blacks=len(blacks), spots=spots
    )
    if quest.get("over"):
        note = _("over: the Grail {state}").format(state=_relic_state(observation, "grail"))
    forest = (
        "<div style='color:#a40000;font-size:smaller'>{}</div>".format(
            html.escape(_("Dark Forest is on the quest"))
        )
        if quest.get("dark_forest")
        else ""
    )
    blacks_text = _list().join(map(_card, blacks)) or _("none")
    shown = _("Black cards: {cards}").format(cards=blacks_text)
    return _section(
        _title("grail"),
        _slots(slots, css="board-grail-spots", label=note)
        + f"<div style='font-size:smaller'>{html.escape(shown)}</div>"
        + forest
        + _knights_line(observation, quest, "grail"),
        css="board-quest board-grail",
        note=html.escape(note),
    )


def _war(observation: Mapping[str, Any], name: str, quest: Mapping[str, Any]) -> str:
    laid = int(quest.get("fights", 0))
    warriors = int(quest.get("warriors", 0))
    spots = quest_data(name).white_spots
    most = threshold("war_warriors_to_lose")
    f_slots: list[Slot] = [
        (_WHITE, str(v), "#000", display_name(f"fight_{v}")) for v in range(1, laid + 1)
    ]
    f_slots += [
        (_EMPTY, str(v), "#bbb", _("next: {card}").format(card=display_name(f"fight_{v}")))
        for v in range(laid + 1, spots + 1)
    ]
    w_slots: list[Slot] = [(_RED, "♟", "#fff", _("warrior"))] * warriors
    w_slots += [_empty(_("no warrior"))] * max(0, most - warriors)
    mordred = (
        "<div style='color:#a40000;font-size:smaller'>{}</div>".format(
            html.escape(_("Mordred is here"))
        )
        if quest.get("mordred")
        else ""
    )
    fights_label = _("{n} fights laid").format(n=laid)
    warriors_label = _("{n} warriors").format(n=warriors)
    laid_text = (
        _("fights 1..{laid} laid of {spots}").format(laid=laid, spots=spots)
        if laid
        else _("no fight laid")
    )
    return _section(
        _title(name),
        "<div style='display:flex;flex-wrap:wrap;gap:10px;align-items:center'>"
        f"<div>{_slots(f_slots, css=f'board-{name}-fights', label=fights_label)}</div>"
        f"<div>{_slots(w_slots, css=f'board-{name}-warriors', label=warriors_label)}"
        "</div></div>" + mordred + _knights_line(observation, quest, name),
        css=f"board-quest board-{name}",
        note=html.escape(
            _sep().join([laid_text, _("warriors {n}/{most}").format(n=warriors, most=most)])
        ),
    )


def _life(n: int) -> str:
    most = threshold("max_life")
    title = _("{n} life").format(n=n)
    return (
        f"<span style='color:{_RED}' title='{html.escape(title)}'>"
        f"{'♥' * n}</span>"
        f"<span style='color:#ccc'>{'♡' * max(0, most - n)}</span>&nbsp;{n}"
    )


def _bold(text: str, colour: str = "") -> str:
    style = f" style='color:{colour}'" if colour else ""
    return f"<b{style}>{html.escape(text)}</b>"


def _knights(observation: Mapping[str, Any]) -> str:
    names = _names(observation)
    life = _by_seat(observation["life"], "life")
    where = _by_seat(observation["location"], "location")
    sizes = _by_seat(observation.get("hand_sizes", {}), "hand_sizes")
    dead = {_seat(s) for s in observation.get("dead", [])}
    revealed = {_seat(s) for s in observation.get("revealed", [])}
    accused = {_seat(s) for s in observation.get("accused", [])}
    relics = _relic_holders(observation)
    mc = _expansion(observation)
    captured = set(mc["captured"]) if mc else set()
    to_act = observation.get("current_player")
    cell = "padding:2px 4px;border-bottom:1px solid #eee;vertical-align:top"
    rows = []
    for seat in sorted(names, key=str):
        notes = [html.escape(_card(r)) for r in relics.get(seat, [])]
        if seat in dead:
            notes.append(_bold(_("dead")))
        if seat in revealed:
            notes.append(_bold(_("traitor, unmasked"), _RED))
        if seat in accused:
            notes.append(_("has accused"))
        if seat in captured:
            notes.append(_bold(_("captured"), _RED))
        if seat == to_act:
            notes.append(_bold(_("to act")))
        at = str(where.get(seat, ""))
        place = _title(at) if at in _QUEST_TITLES else str(where.get(seat, "-"))
        shown = _life(int(life[seat])) if seat in life and seat not in dead else "-"
        style = "background:#fff6d6;" if seat == to_act else ""
        style += "opacity:0.55;" if seat in dead else ""
        rows.append(
            f"<tr class='board-knight' style='{style}'>"
            f"<td style='{cell}'>{seat}&nbsp;{html.escape(_knight(names[seat]))}</td>"
            f"<td style='{cell}'>{html.escape('-' if seat in dead else place)}</td>"
            f"<td style='{cell};white-space:nowrap'>{shown}</td>"
            f"<td style='{cell};text-align:center'>{sizes.get(seat, '-')}</td>"
            f"<td style='{cell}'>{', '.join(notes)}</td>"
            "</tr>"
        )
    head = "".join(
        f"<th style='padding:2px 4px;text-align:left'>{_(h)}</th>"
        for h in (N_("seat"), N_("where"), N_("life"), N_("cards"), N_("relics, notes"))
    )
    return _section(
        _("Knights"),
        "<div style='overflow-x:auto'><table class='board-knights' style='border-collapse:"
        f"collapse;font-size:smaller;width:100%'><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>",
        css="board-knights-box",
    )


def _merlins_company(observation: Mapping[str, Any], mc: Mapping[str, Any]) -> str:
    """Merlin's figure, captured knights, witches in play, Divine Favor, the travel pile and
    the cards removed from the game (JA setup, travel rules, witches, special white cards)."""
    rows: list[tuple[str, str, str]] = [
        (
            "merlin",
            display_name("merlin_figure", "term") if get_language() != "en" else "Merlin",
            _merlin_place(mc["merlin"]),
        )
    ]
    captured = mc["captured"]
    rows.append(
        (
            "captured",
            _("Captured"),
            _("{who} (no turns until another knight frees them)").format(
                who=_who(observation, captured)
            )
            if captured
            else _("nobody"),
        )
    )
    witches = mc["witches"]
    rows.append(
        (
            "witches",
            _("Witches in play"),
            _sep().join(map(_witch_text, witches)) if witches else _("none"),
        )
    )
    rows.append(
        (
            "divine-favor",
            display_name("divine_favor") if get_language() != "en" else "Divine Favor",
            _("played: the next tie goes to the knights")
            if mc["divine_favor"]
            else _("not in play"),
        )
    )
    travel = mc["travel"]
    if travel is not None:
        rows.append(
            (
                "travel",
                _("Travel cards"),
                _("{draw} to draw, {discard} discarded").format(
                    draw=travel["draw"], discard=travel["discard"]
                ),
            )
        )
    removed = mc["removed"]
    rows.append(
        (
            "removed",
            _("Out of the game"),
            _("{black} black, {white} white").format(black=removed["black"], white=removed["white"])
            + (" " + _("(finished quests' black cards, JA)") if removed["black"] else ""),
        )
    )
    colon = _("{label}:")
    body = "".join(
        f"<div class='board-mc-{key}' style='font-size:smaller'>"
        f"<b>{html.escape(colon.format(label=label))}</b> {html.escape(text)}</div>"
        for key, label, text in rows
    )
    return _section(
        display_name("expansion", "term"), body, css="board-merlins-company", note=_("expansion")
    )


def _decks(observation: Mapping[str, Any]) -> str:
    d = observation["decks"]
    items = [
        _("white: {draw} to draw, {discard} discarded").format(
            draw=d.get("white_draw", "?"), discard=d.get("white_discard", "?")
        ),
        _("black: {draw} to draw, {discard} discarded").format(
            draw=d.get("black_draw", "?"), discard=d.get("black_discard", "?")
        ),
    ]
    if observation.get("in_play"):
        items.append(
            _("in play: {cards}").format(cards=_list().join(map(_card, observation["in_play"])))
        )
    if observation.get("heroism"):
        items.append(_("Heroism on: {quest}").format(quest=_place(str(observation["heroism"]))))
    return _section(
        _("Decks"),
        "".join(f"<div style='font-size:smaller'>{html.escape(i)}</div>" for i in items),
        css="board-decks",
    )


def _hand(observation: Mapping[str, Any], seat: int | None) -> str:
    hand = observation.get("hand") or {}
    if not isinstance(hand, Mapping):
        raise ValueError(f"the observation's 'hand' is {hand!r}; expected {{card: count}}")
    chips = "".join(
        "<span style='display:inline-block;border:1px solid #999;border-radius:4px;"
        f"padding:1px 5px;margin:2px;background:{_WHITE}'>{html.escape(_card(card))}"
        + (f" ×{n}" if int(n) != 1 else "")
        + "</span>"
        for card, n in sorted(hand.items())
        if int(n) > 0
    )
    loyalty = observation.get("loyalty")
    hand_of = (
        _("Hand of seat {seat}").format(seat=seat)
        if seat is not None
        else _("Hand of the viewing seat")
    )
    note = _("loyalty: {loyalty}").format(loyalty=_(str(loyalty)) if loyalty else _("hidden"))
    return _section(
        hand_of,
        "<div class='board-hand'>{}</div>".format(chips or html.escape(_("no white cards"))),
        css="board-hand-box",
        note=html.escape(note),
    )


def render_board(observation: Mapping[str, Any], *, seat: int | None = None) -> str:
    """Return an HTML picture of the board as ``observation`` shows it (one seat's view).

    ``observation`` is ``state.observation(seat)`` (dict keys by seat may be ints or, after
    JSON, strings). Face-down black cards show as "?". ``seat`` only labels the hand; it
    defaults to ``observation["seat"]`` if present. Raises ``ValueError`` naming what is
    missing when the dict is not an observation. Swords and engines RB p.17; quests BoQ pp.5-10.

    >>> "board-round-table" in render_board(example_observation())
    True
    """
    obs = _check(observation)
    quests = obs["quests"]
    if not isinstance(quests, Mapping):
        raise ValueError(f"the observation's 'quests' is {quests!r}; expected a dict")
    if seat is None and isinstance(obs.get("seat"), int):
        seat = obs["seat"]
    names = _names(obs)
    turn = _seat(obs["turn"])
    to_act = obs.get("current_player")
    if obs.get("result") is not None:
        acting = _("the game is over")
    elif to_act is not None:
        acting = _("to act: {who}").format(who=_who(obs, [to_act]))
    else:
        acting = _("next: a card or die is drawn (chance)")
    knight = _("{knight} (seat {seat})").format(knight=_knight(names.get(turn, "?")), seat=turn)
    whose = (
        _("Turn {n}: {knight}").format(n=obs["turn_number"], knight=knight)
        if "turn_number" in obs
        else _("Turn of {knight}").format(knight=knight)
    )
    phase = _("phase: {phase}").format(phase=_(_PHASES.get(str(obs["phase"]), str(obs["phase"]))))
    header = (
        "<div class='board-header' style='font-size:smaller'>"
        # Translators: the board's first line: whose turn, the phase, who acts now.
        + _("{t}, {p}; {a}").format(
            t=f"<b>{html.escape(whose)}</b>",
            p=html.escape(phase),
            a=html.escape(acting),
        )
        + "</div>"
    )
    parts = [header]
    result = obs.get("result")
    if isinstance(result, Mapping):
        over = _("Game over: {winner}").format(
            winner=_("the knights win") if result.get("knights_win") else _("evil wins")
        )
        parts.append(
            "<div class='board-result' style='font-size:larger;margin:4px 0'>"
            f"<b>{html.escape(over)}</b> ({html.escape(cause_text(result.get('cause', '')))})</div>"
        )
    parts += [_round_table(obs), _siege(obs)]
    bk = _quest(quests, "black_knight")
    if bk is not None:
        parts.append(_combat(obs, "black_knight", bk))
    which, ld = _lancelot_dragon(quests)
    if ld is not None:
        parts.append(_combat(obs, which, ld))
    else:
        parts.append(
            _section(
                _("Lancelot and the Dragon"),
                "<div style='font-size:smaller'>{}</div>".format(
                    _("both quests are over; their black cards add a siege engine (RB p.11)")
                ),
                css="board-quest board-lancelot_dragon",
            )
        )
    ex = _quest(quests, "excalibur")
    if ex is not None:
        parts.append(_excalibur(obs, ex))
    gr = _quest(quests, "grail")
    if gr is not None:
        parts.append(_grail(obs, gr))
    for war in ("picts", "saxons"):
        q = _quest(quests, war)
        if q is not None:
            parts.append(_war(obs, war, q))
    parts.append(_knights(obs))
    mc = _expansion(obs)
    if mc is not None:
        parts.append(_merlins_company(obs, mc))
    parts += [_decks(obs), _hand(obs, seat)]
    log = obs.get("log") or []
    if log:
        rule = obs.get("rule")
        steps = [render_step(note_text(str(s)), None) for s in log[:-1]]
        steps.append(render_step(note_text(str(log[-1])), str(rule) if rule else None))
        parts.append(
            _section(
                _("Last step"),
                f"<div style='font-size:smaller'>{''.join(steps)}</div>",
                css="board-log",
            )
        )
    return (
        "<div class='camelot-board' style='font-family:sans-serif;max-width:640px;"
        "box-sizing:border-box'>" + "".join(parts) + "</div>"
    )


def _witch_name(card: str) -> str:
    """A witch in a few letters ("2nd Witch"; the printed name in Japanese and Spanish)."""
    if get_language() == "en":
        return _WITCHES.get(card, card).split(":")[0]
    return display_name(card)


def summarize_board(observation: Mapping[str, Any]) -> str:
    """Return the board in a few lines of plain text (what ``render_board`` draws), in the
    language in force.

    >>> print(summarize_board(example_observation()).splitlines()[1])
    Swords: 3 white, 1 black (of 12); siege engines: 4/12
    """
    obs = _check(observation)
    quests = obs["quests"]
    names = _names(obs)
    turn = _seat(obs["turn"])
    to_act = obs.get("current_player")
    result = obs.get("result")
    lines = (
        [
            _("Game over: {winner}").format(
                winner=_("the knights win") if result.get("knights_win") else _("evil wins")
            )
            + f" ({cause_text(result.get('cause'))})"
        ]
        if isinstance(result, Mapping)
        else []
    )
    knight = _name_of(names.get(turn, "?"))
    head = (
        _("Turn {n}, {knight} (seat {seat}), phase {phase}")
        if "turn_number" in obs
        else _("{knight} (seat {seat}), phase {phase}")
    ).format(
        n=obs.get("turn_number"),
        knight=knight,
        seat=turn,
        phase=_(_PHASES.get(str(obs["phase"]), str(obs["phase"]))),
    )
    if not isinstance(result, Mapping):
        head += (
            _("; to act: seat {seat}").format(seat=to_act)
            if to_act is not None
            else _("; next: chance")
        )
    lines += [
        head,
        _(
            "Swords: {white} white, {black} black (of {total}); siege engines: {engines}/{most}"
        ).format(
            white=obs["white_swords"],
            black=obs["black_swords"],
            total=threshold("swords_to_end"),
            engines=obs["siege_engines"],
            most=threshold("siege_engines_to_lose"),
        ),
    ]

    def here(q: Mapping[str, Any]) -> str:
        seats = q.get("knights", [])
        if not seats:
            return ""
        who = _list().join(_("seat {seat}").format(seat=s) for s in seats)
        return _("; knights: {who}").format(who=who)

    bk = _quest(quests, "black_knight")
    which, ld = _lancelot_dragon(quests)
    for name, q in (("black_knight", bk), (which, ld)):
        if q is None:
            lines.append(_("Lancelot and the Dragon: over"))
            continue
        white = " ".join(str(v) for v in q.get("white", [])) or "-"
        black = " ".join(_black_text(c) for c in q.get("black", [])) or "-"
        lines.append(
            _("{quest}: white {white} | black {black}").format(
                quest=_title(name), white=white, black=black
            )
            + here(q)
        )
    ex = _quest(quests, "excalibur")
    if ex is not None:
        state = (
            _("over, Excalibur {state}").format(state=_relic_state(obs, "excalibur"))
            if ex.get("over")
            else _("position {pos}").format(pos=f"{int(ex.get('position', 0)):+d}")
        )
        lines.append(_("{label}: {text}").format(label=_title("excalibur"), text=state + here(ex)))
    gr = _quest(quests, "grail")
    if gr is not None:
        blacks = _list().join(map(_card, gr.get("blacks", []))) or _("no black cards")
        state = (
            _("over, the Grail {state}").format(state=_relic_state(obs, "grail"))
            if gr.get("over")
            else _("{n} grails, {blacks}").format(n=gr.get("grails", 0), blacks=blacks)
        )
        forest = _sep() + _card("dark_forest") if gr.get("dark_forest") else ""
        if forest and get_language() == "en":
            forest = "; Dark Forest"
        lines.append(
            _("{label}: {text}").format(label=_title("grail"), text=state + forest + here(gr))
        )
    for war in ("picts", "saxons"):
        q = _quest(quests, war)
        if q is not None:
            mordred = (_sep() + _card("mordred").title()) if q.get("mordred") else ""
            fights = _("fights 1..{n}").format(n=q["fights"]) if q.get("fights") else _("no fights")
            warriors = _("warriors {n}/{most}").format(
                n=q.get("warriors", 0), most=threshold("war_warriors_to_lose")
            )
            lines.append(
                _("{label}: {text}").format(
                    label=_title(war), text=_list().join([fights, warriors]) + mordred + here(q)
                )
            )
    life = _by_seat(obs["life"], "life")
    where = _by_seat(obs["location"], "location")
    dead = {_seat(s) for s in obs.get("dead", [])}
    revealed = {_seat(s) for s in obs.get("revealed", [])}
    relics = _relic_holders(obs)
    mc = _expansion(obs)
    knights = []
    for seat in sorted(names, key=str):
        name = _name_of(names[seat])
        if seat in dead:
            knights.append(_("{seat} {knight} dead").format(seat=seat, knight=name))
            continue
        held = f" +{'+'.join(map(_card, relics[seat]))}" if seat in relics else ""
        shown = _("life {n}").format(n=life[seat]) if seat in life else _("no life")
        if seat in revealed:
            shown += _list() + _("unmasked traitor")
        if mc is not None and seat in mc["captured"]:
            shown += _list() + _("captured")
        place = _place(str(where.get(seat, "?")))
        knights.append(f"{seat} {name} @{place} {shown}{held}")
    lines.append(_("Knights: {knights}").format(knights=_sep().join(knights)))
    if mc is not None:
        travel = mc["travel"]
        parts = [
            _("Merlin {place}").format(place=_merlin_place(mc["merlin"])),
            _("captured: {who}").format(
                who=_list().join(_("seat {seat}").format(seat=s) for s in mc["captured"])
                or _("nobody")
            ),
            _("witches: {witches}").format(
                witches=_list().join(_witch_name(w) for w in mc["witches"]) or _("none")
            ),
        ]
        if mc["divine_favor"]:
            parts.append(_("Divine Favor played"))
        if travel is not None:
            parts.append(
                _("travel {draw} (+{discard} discarded)").format(
                    draw=travel["draw"], discard=travel["discard"]
                )
            )
        parts.append(
            _("out of the game: {black} black, {white} white").format(
                black=mc["removed"]["black"], white=mc["removed"]["white"]
            )
        )
        title = "Merlin's Company" if get_language() == "en" else display_name("expansion", "term")
        lines.append(_("{label}: {text}").format(label=title, text=_sep().join(parts)))
    d = obs["decks"]
    lines.append(
        _(
            "Decks: white {white} (+{white_discard} discarded), "
            "black {black} (+{black_discard} discarded)"
        ).format(
            white=d.get("white_draw"),
            white_discard=d.get("white_discard"),
            black=d.get("black_draw"),
            black_discard=d.get("black_discard"),
        )
    )
    hand = obs.get("hand") or {}
    cards = _list().join(f"{_card(c)} x{n}" for c, n in sorted(hand.items()) if int(n))
    lines.append(_("Hand: {cards}").format(cards=cards) if cards else _("Hand: empty"))
    return "\n".join(lines)


def _name_of(knight: str) -> str:
    """A knight in the text summary: the engine's id in English, the printed name otherwise."""
    return knight if get_language() == "en" else display_name(knight, "knight")


def render_step(text: str, rule_id: str | None = None) -> str:
    """Return one line of HTML: what happened at a step and the rule applied.

    A rule id known to the registry (``camelot_rules.data.registry``) also shows its source (the
    rulebook page) and, on hover, its statement; an unknown id is shown as it is.

    >>> from camelot_rules.data.registry import rule
    >>> step = render_step("seat 0: fight a siege engine with 5", "siege.fight")
    >>> f"rule: siege.fight, {rule('siege.fight').source}" in step
    True
    """
    check_text("text", text)
    if rule_id is not None:
        check_text("rule_id", rule_id)
    extra = ""
    if rule_id:
        from camelot_rules.data.registry import rule, statement

        shown, title = rule_id, ""
        try:
            r = rule(rule_id)
        except ValueError:
            pass
        else:
            shown = f"{rule_id}, {r.source}"
            title = f" title='{html.escape(statement(rule_id), quote=True)}'"
        label = html.escape(_("rule: {rule}").format(rule=shown))
        extra = f" <span style='color:#666;font-size:smaller'{title}>{label}</span>"
    return f"<div class='game-step'>{html.escape(text)}{extra}</div>"


def example_observation(*, expansion: bool = False) -> dict[str, Any]:
    """Return a hand-made observation (4 players, mid-game; Kay dead, a face-down black card
    on the Black Knight) to try ``render_board`` without the engine.

    With ``expansion=True`` it is a Merlin's Company game: Merlin at the Grail, Gawain
    captured, the 2nd and 6th witches in play, Divine Favor played, 9 travel cards to draw and
    3 black cards out of the game.

    >>> "board-merlins-company" in render_board(example_observation(expansion=True))
    True
    """
    obs = _example_base()
    if expansion:
        obs.update(
            expansion=True,
            options={"coats": "expansion"},
            merlin="grail",
            captured=[2],
            witches=["morgan_witch_2", "morgan_witch_6"],
            divine_favor=True,
            travel={"draw": 9, "discard": 5},
            removed={"white": 0, "black": 3},
        )
    return obs


def _example_base() -> dict[str, Any]:
    return {
        "players": 4,
        "expansion": False,
        "options": {},
        "turn": 1,
        "phase": "heroic",
        "current_player": 1,
        "white_swords": 3,
        "black_swords": 1,
        "siege_engines": 4,
        "life": {0: 4, 1: 3, 2: 5},
        "knights": {0: "arthur", 1: "galahad", 2: "gawain", 3: "kay"},
        "location": {0: "camelot", 1: "grail", 2: "black_knight", 3: "camelot"},
        "dead": [3],
        "revealed": [],
        "accused": [],
        "relics": {"excalibur": "quest", "grail": "quest", "armor": "quest"},
        "quests": {
            "black_knight": {"white": [3, 3], "black": [5, "hidden"], "knights": [2]},
            "lancelot": {"white": [], "black": [3], "knights": []},
            "lancelot_dragon": "lancelot",
            "excalibur": {"position": -2, "steps": 5, "over": False, "knights": []},
            "grail": {
                "grails": 3,
                "blacks": ["despair"],
                "dark_forest": False,
                "over": False,
                "spots": 7,
                "knights": [1],
            },
            "picts": {"fights": 2, "warriors": 1, "mordred": False, "knights": []},
            "saxons": {"fights": 0, "warriors": 3, "mordred": True, "knights": []},
        },
        "hand": {"fight_3": 2, "grail": 1},
        "hand_sizes": {0: 5, 1: 3, 2: 6},
        "loyalty": "loyal",
        "decks": {"white_draw": 50, "white_discard": 12, "black_draw": 60, "black_discard": 5},
        "in_play": [],
        "heroism": None,
        "log": [],
    }


# --- the widget --------------------------------------------------------------------------------
Step = tuple[Any, Any, str, str | None]  # (seat or None for chance, move, note, rule id)


def _record(before: Any, after: Any) -> Step:
    """What the step from ``before`` to ``after`` was: who, the move, the engine's note (empty
    when the step left none) and the rule id. Kept raw: shown in the language in force."""
    who = None if before.is_chance() else before.current_player
    history = after.history()
    note, rule = after.last_step
    fresh = note if note and after.last_step != before.last_step else ""
    return who, history[-1] if history else None, fresh, rule or None


def _describe(step: Step) -> tuple[str, str | None]:
    """(who did what - and what came of it, the rule id), in the language in force."""
    seat, move, note, rule = step
    if seat is None:
        line = _("chance: {outcome}").format(outcome=step_text(move)) if move else "chance"
    else:
        line = _("seat {seat}: {move}").format(seat=seat, move=step_text(move))
    if note:
        line += f" - {note_text(note, move)}"
    return line, rule


def _player_choices(expansion: bool) -> list[int]:
    low = threshold("base_min_players")
    top = threshold("expansion_max_players" if expansion else "base_max_players")
    return list(range(low, top + 1))


class GameWidget(W.VBox):  # type: ignore[misc]
    """Board (``.board``, class game-board), moves, step log (``.log_box``, class game-log) and
    messages (``.message``, class game-message). ``.state`` is the current state, ``.steps``
    the (text, rule id) of every step, ``.text`` the board and the last steps as plain text.

    A new game: tick ``.expansion`` ("Merlin's Company": 3-8 players, JA 7-8 players) or not
    (the base game: 3-7), choose ``.players`` and ``.seed`` and press ``.new_game``.

    Random moves use the engine's ``random_step`` with one ``random.Random(seed)``: a
    uniformly random legal action, or a card or die drawn with its exact probability.
    """

    def __init__(
        self, state: Any = None, *, players: int = 5, seed: int = 1, expansion: bool = False
    ) -> None:
        from camelot_rules import engine

        self.engine = engine
        self.rng = random.Random(seed)
        if state is None:
            state = engine.new_game(players, expansion=expansion, seed=seed)
        self.state = state
        self._steps: list[Step] = []
        self.text = ""
        style = {"description_width": "initial"}
        on = bool(getattr(getattr(state, "cfg", None), "expansion", expansion))
        count = int(getattr(state, "players", players))
        self.expansion = W.Checkbox(
            value=on,
            description=display_name("expansion", "term"),
            indent=False,
            layout={"width": "auto"},
        )
        self.players = tr(
            W.Dropdown(
                options=_player_choices(on),
                value=count,
                style=style,
                layout={"width": "auto", "max_width": "160px"},
            ),
            description=N_("Players"),
        )
        self.seed = tr(
            W.IntText(value=seed, style=style, layout={"width": "auto", "max_width": "170px"}),
            description=N_("Seed"),
        )
        self.new_game = tr(W.Button(), description=N_("New game"))
        self.expansion.observe(self._expansion_changed, names="value")
        self.new_game.on_click(self._new_game)
        self.viewer = tr(
            W.Dropdown(style=style, layout={"width": "auto", "max_width": "300px"}),
            description=N_("Seen by"),
        )
        self.moves = tr(W.Dropdown(style=style, layout={"width": "100%"}), description=N_("Move"))
        self.play = tr(W.Button(button_style="primary"), description=N_("Play"))
        self.random = tr(W.Button(), description=N_("Random move"))
        self.to_end = tr(W.Button(), description=N_("Play to the end"))
        self.message = result_box("game-message")
        self.board = result_box("game-board")
        self.result = self.board  # the answer a language change shows again (rerender)
        self.log_box = result_box("game-log")
        self.language = language_box(self)
        self.play.on_click(self._play)
        self.random.on_click(self._random)
        self.to_end.on_click(self._to_end)
        self.viewer.observe(self._redraw, names="value")
        super().__init__(
            [
                W.HBox(
                    [self.expansion, self.players, self.seed, self.new_game, self.language],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                self.viewer,
                self.moves,
                W.HBox([self.play, self.random, self.to_end], layout={"flex_flow": "row wrap"}),
                self.message,
                self.board,
                self.log_box,
            ],
            layout={"max_width": "660px"},
        )
        self._refresh()

    @property
    def steps(self) -> list[tuple[str, str | None]]:
        """The (text, rule id) of every step played, in the language in force."""
        return [_describe(step) for step in self._steps]

    def __repr__(self) -> str:
        return f"<game widget: {len(self._steps)} steps played; {self.state!r}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """Where no widget can be drawn (a saved notebook not yet run, the docs, GitHub) the
        output shows the board and the last steps, not a repr (issue 18)."""
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = (
            self.board.value
            + self.log_box.value
            + "<div style='color:#555'>(saved board: run the notebook to play on)</div>"
        )
        return data

    # the choices -------------------------------------------------------------------------------
    def _choices(self) -> list[tuple[str, Any]]:
        if self.state.is_terminal():
            return []
        if self.state.is_chance():
            return [(f"{step_text(x)} ({fmt_prob(p)})", x) for x, p in self.state.chance_outcomes()]
        return [(step_text(a), a) for a in self.state.legal_actions()]

    def _seat_shown(self) -> int:
        chosen = self.viewer.value
        if isinstance(chosen, int):
            return chosen
        seat = self.state.current_player
        return seat if isinstance(seat, int) else int(self.state.observation(0)["turn"])

    # actions -----------------------------------------------------------------------------------
    def _advance(self, after: Any) -> None:
        self._steps.append(_record(self.state, after))
        self.state = after

    def _guard(self, run: Callable[[], None]) -> None:
        self.message.value = ""
        try:
            run()
        except Exception as err:  # shown in place: players never see a traceback
            self.message.value = html_error(str(err) or type(err).__name__)
        self._refresh()

    def _play(self, _button: object = None) -> None:
        def run() -> None:
            if self.state.is_terminal():
                raise ValueError(_("the game is over; build a new widget to play again"))
            if self.moves.value is None:
                raise ValueError(_("choose a move first"))
            self._advance(self.state.step(self.moves.value))

        self._guard(run)

    def _random(self, _button: object = None) -> None:
        def run() -> None:
            if self.state.is_terminal():
                raise ValueError(_("the game is over; build a new widget to play again"))
            self._advance(self.engine.random_step(self.state, self.rng))

        self._guard(run)

    def _expansion_changed(self, _change: object = None) -> None:
        """Merlin's Company plays 3-8, the base game 3-7 (JA 7-8 players)."""
        choices = _player_choices(bool(self.expansion.value))
        keep = self.players.value if self.players.value in choices else choices[-1]
        self.players.options = choices
        self.players.value = keep

    def _new_game(self, _button: object = None) -> None:
        def run() -> None:
            seed = int(self.seed.value)
            state = self.engine.new_game(
                int(self.players.value), expansion=bool(self.expansion.value), seed=seed
            )
            self.state, self.rng, self._steps = state, random.Random(seed), []

        self._guard(run)

    def _to_end(self, _button: object = None) -> None:
        def run() -> None:
            for _step in range(MAX_STEPS):
                if self.state.is_terminal():
                    return
                self._advance(self.engine.random_step(self.state, self.rng))
            if not self.state.is_terminal():
                raise ValueError(
                    _("the game did not end within {n} steps (MAX_STEPS)").format(n=MAX_STEPS)
                )

        self._guard(run)

    # display -----------------------------------------------------------------------------------
    def _update(self, _change: object = None) -> None:
        """Show the board, the moves and the steps again in the language in force (the move
        chosen stays chosen)."""
        self.expansion.description = display_name("expansion", "term")
        chosen = self.moves.value
        self._refresh()
        if chosen is not None and chosen in [value for _label, value in self.moves.options]:
            self.moves.value = chosen

    def _refresh(self) -> None:
        seats: list[tuple[str, Any]] = [(_("the player to act"), None)]
        seats += [(_("seat {seat}").format(seat=s), s) for s in range(self.state.players)]
        if list(self.viewer.options) != seats:
            chosen = self.viewer.value
            self.viewer.options = seats
            self.viewer.value = chosen if chosen in [v for _l, v in seats] else None
        choices = self._choices()
        self.moves.options = choices
        self.moves.index = 0 if choices else None  # the first move is ready to Play
        over = self.state.is_terminal()
        for button in (self.play, self.random, self.to_end):
            button.disabled = over
        self._redraw()

    def _redraw(self, _change: object = None) -> None:
        try:
            seat = self._seat_shown()
            obs = self.state.observation(seat)
            self.board.value = render_board(obs, seat=seat)
            summary = summarize_board(obs)
        except Exception as err:  # shown in place: players never see a traceback
            self.board.value = html_error(_("cannot draw the board: {error}").format(error=err))
            summary = _("Cannot draw the board: {error}").format(error=err)
        last = [_describe(step) for step in self._steps[-12:]]
        count = len(self._steps)
        so_far = (_("{n} steps so far, the last ones:") if last else _("{n} steps so far")).format(
            n=count
        )
        self.log_box.value = (
            f"<div style='font-size:smaller;color:#666'>{html.escape(so_far)}</div>"
            + "".join(render_step(t, r) for t, r in last)
        )
        self.text = (
            summary
            + "\n"
            + _("Steps played: {n}").format(n=count)
            + "".join(f"\n  {t}" + (f" [{r}]" if r else "") for t, r in last[-5:])
        )


def build_game_widget(
    state: Any = None, *, players: int = 5, seed: int = 1, expansion: bool = False
) -> GameWidget:
    """Return a ready game widget: ``state``, or a new game of ``players`` dealt with ``seed``
    (the same seed drives the random moves); ``expansion=True`` plays Merlin's Company
    (3-8 players). The widget's own controls start another game, with or without the
    expansion."""
    return GameWidget(state, players=players, seed=seed, expansion=expansion)
