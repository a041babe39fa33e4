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

from camelot_rules.checks import check_text
from camelot_rules.display import fmt_prob, html_error
from camelot_rules.rulebook import quest_data, threshold
from widgets.common import result_box

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
_QUEST_TITLES = {
    "black_knight": "Black Knight",
    "lancelot": "Lancelot's Armor",
    "dragon": "The Dragon",
    "excalibur": "Excalibur",
    "grail": "Holy Grail",
    "picts": "Pict war",
    "saxons": "Saxon war",
    "camelot": "Camelot",
}
_WITCHES = {  # JA witches: the four that stay in play, in a few words
    "morgan_witch_2": "2nd Witch: no life may be sacrificed until a quest is won",
    "morgan_witch_5": "5th Witch: a wrong accusation turns 2 white swords black",
    "morgan_witch_6": "6th Witch: Merlin cards played are removed from the game",
    "morgan_witch_7": "7th Witch: at the next quest lost, knights not on it lose 1 life",
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
    shown = [f"{names.get(_seat(s), '?').title()} (seat {s})" for s in seats]
    return ", ".join(shown) or "nobody"


def _relic_holders(observation: Mapping[str, Any]) -> dict[int | str, list[str]]:
    held: dict[int | str, list[str]] = {}
    for relic, where in _by_seat(observation["relics"], "relics").items():
        if isinstance(_seat(where), int):
            held.setdefault(_seat(where), []).append(str(relic))
    return held


def _relic_state(observation: Mapping[str, Any], relic: str) -> str:
    where = _by_seat(observation["relics"], "relics").get(relic)
    if where is None or where == "quest":
        return "on its quest"
    if where == "lost":
        return "lost"
    return f"won by {_who(observation, [where])}"


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
        return "off the board (until the first Merlin Travels)"
    return f"at {_QUEST_TITLES.get(merlin, merlin)}"


def _witch_text(card: str) -> str:
    return _WITCHES.get(card, card)


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


def _empty(tip: str = "empty") -> Slot:
    return (_EMPTY, "", "#999", tip)


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
    who = html.escape(_who(observation, seats))
    merlin = (
        " <b class='board-merlin-here' style='color:#3a5fa0'>Merlin is here</b>"
        if name is not None and observation.get("merlin") == name
        else ""
    )
    return f"<div style='font-size:smaller'>Knights here: {who}{merlin}</div>"


# --- the parts of the board ----------------------------------------------------------------------
def _round_table(observation: Mapping[str, Any]) -> str:
    white, black = int(observation["white_swords"]), int(observation["black_swords"])
    total = max(threshold("swords_to_end"), white + black)  # the last action may lay more (RB p.17)
    slots: list[Slot] = [(_WHITE, "W", "#555", "white sword")] * white
    slots += [(_BLACK, "B", "#fff", "black sword")] * black
    slots += [_empty("no sword yet")] * (total - white - black)
    label = f"{white} white and {black} black swords of {threshold('swords_to_end')}"
    return _section(
        "Round Table",
        _slots(slots, css="board-swords", label=label),
        css="board-round-table",
        note=html.escape(label + f"; {threshold('black_swords_to_lose')} black swords lose"),
    )


def _siege(observation: Mapping[str, Any]) -> str:
    engines = int(observation["siege_engines"])
    most = threshold("siege_engines_to_lose")
    slots: list[Slot] = [(_ENGINE, str(i + 1), "#fff", "siege engine") for i in range(engines)]
    slots += [_empty("free spot")] * max(0, most - engines)
    label = f"{engines} of {most} siege engines"
    colour = _RED if engines >= most - 2 else "#666"
    return _section(
        "Siege engines",
        _slots(slots, css="board-engines", label=label),
        css="board-siege",
        note=f"<span style='color:{colour}'>{html.escape(label)} (the 12th loses)</span>",
    )


def _combat(observation: Mapping[str, Any], name: str, quest: Mapping[str, Any]) -> str:
    data = quest_data(name)
    whites = [int(v) for v in quest.get("white", [])]
    blacks = list(quest.get("black", []))
    w_slots: list[Slot] = [(_WHITE, str(v), "#000", f"Fight {v}") for v in whites]
    w_slots += [_empty()] * max(0, data.white_spots - len(whites))
    b_slots: list[Slot] = [
        (_BLACK, _black_text(c), "#fff", "face down" if _black_text(c) == "?" else f"{c}")
        for c in blacks
    ]
    b_slots += [_empty()] * max(0, data.black_spots - len(blacks))
    shown = [int(c) for c in blacks if _black_text(c) != "?"]
    hidden = len(blacks) - len(shown)
    black_sum = f"{sum(shown)}" + (f" + {hidden} face down (?)" if hidden else "")
    return _section(
        _QUEST_TITLES[name],
        "<div style='font-size:smaller'>Knights' side</div>"
        + _slots(w_slots, css=f"board-{name}-white", label=f"white cards {whites}")
        + "<div style='font-size:smaller'>Evil's side</div>"
        + _slots(b_slots, css=f"board-{name}-black", label=f"black cards {blacks}")
        + f"<div style='font-size:smaller'>White {sum(whites)} vs black {html.escape(black_sum)}"
        "</div>" + _knights_line(observation, quest, name),
        css=f"board-quest board-{name}",
        note="solo" if data.solo else "group",
    )


def _excalibur(observation: Mapping[str, Any], quest: Mapping[str, Any]) -> str:
    steps = int(quest.get("steps", threshold("excalibur_steps")))
    pos = int(quest.get("position", 0))
    slots: list[Slot] = []
    for p in range(-steps, steps + 1):
        end = "lost" if p == -steps else "won" if p == steps else f"{p:+d}" if p else "start"
        if p == pos:
            slots.append((_GOLD, "⚔", "#000", f"Excalibur is here ({end})"))
        else:
            fill = "#c9d6e8" if p < 0 else "#d3ead0" if p > 0 else "#f4f4f4"
            slots.append((fill, "", "#000", end))
    note = f"position {pos:+d} (-{steps} lost, +{steps} won)"
    if quest.get("over"):
        note = f"over: Excalibur {_relic_state(observation, 'excalibur')}"
    return _section(
        "Excalibur",
        "<div style='display:flex;justify-content:space-between;font-size:smaller'>"
        "<span>evil side</span><span>knights' side</span></div>"
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
    slots: list[Slot] = [(_GOLD, "G", "#000", "Grail card")] * grails
    slots += [_empty()] * middle
    slots += [(_BLACK, b[:2].title(), "#fff", b) for b in reversed(blacks)]
    note = f"{grails} grails, {len(blacks)} black of {spots} spots"
    if quest.get("over"):
        note = f"over: the Grail {_relic_state(observation, 'grail')}"
    forest = (
        "<div style='color:#a40000;font-size:smaller'>Dark Forest is on the quest</div>"
        if quest.get("dark_forest")
        else ""
    )
    blacks_text = ", ".join(blacks) or "none"
    return _section(
        "Holy Grail",
        _slots(slots, css="board-grail-spots", label=note)
        + f"<div style='font-size:smaller'>Black cards: {html.escape(blacks_text)}</div>"
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
    f_slots: list[Slot] = [(_WHITE, str(v), "#000", f"Fight {v}") for v in range(1, laid + 1)]
    f_slots += [(_EMPTY, str(v), "#bbb", f"next: Fight {v}") for v in range(laid + 1, spots + 1)]
    w_slots: list[Slot] = [(_RED, "♟", "#fff", "warrior")] * warriors
    w_slots += [_empty("no warrior")] * max(0, most - warriors)
    mordred = (
        "<div style='color:#a40000;font-size:smaller'>Mordred is here</div>"
        if quest.get("mordred")
        else ""
    )
    return _section(
        _QUEST_TITLES[name],
        "<div style='display:flex;flex-wrap:wrap;gap:10px;align-items:center'>"
        f"<div>{_slots(f_slots, css=f'board-{name}-fights', label=f'{laid} fights laid')}</div>"
        f"<div>{_slots(w_slots, css=f'board-{name}-warriors', label=f'{warriors} warriors')}"
        "</div></div>" + mordred + _knights_line(observation, quest, name),
        css=f"board-quest board-{name}",
        note=html.escape(
            (f"fights 1..{laid} laid of {spots}" if laid else "no fight laid")
            + f"; warriors {warriors}/{most}"
        ),
    )


def _life(n: int) -> str:
    most = threshold("max_life")
    return (
        f"<span style='color:{_RED}' title='{n} life'>{'♥' * n}</span>"
        f"<span style='color:#ccc'>{'♡' * max(0, most - n)}</span>&nbsp;{n}"
    )


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
        notes = [html.escape(r) for r in relics.get(seat, [])]
        if seat in dead:
            notes.append("<b>dead</b>")
        if seat in revealed:
            notes.append(f"<b style='color:{_RED}'>traitor, unmasked</b>")
        if seat in accused:
            notes.append("has accused")
        if seat in captured:
            notes.append(f"<b style='color:{_RED}'>captured</b>")
        if seat == to_act:
            notes.append("<b>to act</b>")
        place = _QUEST_TITLES.get(str(where.get(seat, "")), str(where.get(seat, "-")))
        shown = _life(int(life[seat])) if seat in life and seat not in dead else "-"
        style = "background:#fff6d6;" if seat == to_act else ""
        style += "opacity:0.55;" if seat in dead else ""
        rows.append(
            f"<tr class='board-knight' style='{style}'>"
            f"<td style='{cell}'>{seat}&nbsp;{html.escape(names[seat].title())}</td>"
            f"<td style='{cell}'>{html.escape('-' if seat in dead else place)}</td>"
            f"<td style='{cell};white-space:nowrap'>{shown}</td>"
            f"<td style='{cell};text-align:center'>{sizes.get(seat, '-')}</td>"
            f"<td style='{cell}'>{', '.join(notes)}</td>"
            "</tr>"
        )
    head = "".join(
        f"<th style='padding:2px 4px;text-align:left'>{h}</th>"
        for h in ("seat", "where", "life", "cards", "relics, notes")
    )
    return _section(
        "Knights",
        "<div style='overflow-x:auto'><table class='board-knights' style='border-collapse:"
        f"collapse;font-size:smaller;width:100%'><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>",
        css="board-knights-box",
    )


def _merlins_company(observation: Mapping[str, Any], mc: Mapping[str, Any]) -> str:
    """Merlin's figure, captured knights, witches in play, Divine Favor, the travel pile and
    the cards removed from the game (JA setup, travel rules, witches, special white cards)."""
    rows: list[tuple[str, str, str]] = [("merlin", "Merlin", _merlin_place(mc["merlin"]))]
    captured = mc["captured"]
    rows.append(
        (
            "captured",
            "Captured",
            _who(observation, captured) + " (no turns until another knight frees them)"
            if captured
            else "nobody",
        )
    )
    witches = mc["witches"]
    rows.append(
        ("witches", "Witches in play", "; ".join(map(_witch_text, witches)) if witches else "none")
    )
    rows.append(
        (
            "divine-favor",
            "Divine Favor",
            "played: the next tie goes to the knights" if mc["divine_favor"] else "not in play",
        )
    )
    travel = mc["travel"]
    if travel is not None:
        rows.append(
            (
                "travel",
                "Travel cards",
                f"{travel['draw']} to draw, {travel['discard']} discarded",
            )
        )
    removed = mc["removed"]
    rows.append(
        (
            "removed",
            "Out of the game",
            f"{removed['black']} black, {removed['white']} white"
            + (" (finished quests' black cards, JA)" if removed["black"] else ""),
        )
    )
    body = "".join(
        f"<div class='board-mc-{key}' style='font-size:smaller'><b>{html.escape(label)}:</b> "
        f"{html.escape(text)}</div>"
        for key, label, text in rows
    )
    return _section("Merlin's Company", body, css="board-merlins-company", note="expansion")


def _decks(observation: Mapping[str, Any]) -> str:
    d = observation["decks"]
    items = [
        f"white: {d.get('white_draw', '?')} to draw, {d.get('white_discard', '?')} discarded",
        f"black: {d.get('black_draw', '?')} to draw, {d.get('black_discard', '?')} discarded",
    ]
    if observation.get("in_play"):
        items.append("in play: " + ", ".join(map(str, observation["in_play"])))
    if observation.get("heroism"):
        items.append(f"Heroism on: {observation['heroism']}")
    return _section(
        "Decks",
        "".join(f"<div style='font-size:smaller'>{html.escape(i)}</div>" for i in items),
        css="board-decks",
    )


def _hand(observation: Mapping[str, Any], seat: int | None) -> str:
    hand = observation.get("hand") or {}
    if not isinstance(hand, Mapping):
        raise ValueError(f"the observation's 'hand' is {hand!r}; expected {{card: count}}")
    chips = "".join(
        "<span style='display:inline-block;border:1px solid #999;border-radius:4px;"
        f"padding:1px 5px;margin:2px;background:{_WHITE}'>{html.escape(str(card))}"
        + (f" ×{n}" if int(n) != 1 else "")
        + "</span>"
        for card, n in sorted(hand.items())
        if int(n) > 0
    )
    loyalty = observation.get("loyalty")
    whose = f"seat {seat}" if seat is not None else "the viewing seat"
    note = f"loyalty: {loyalty}" if loyalty else "loyalty: hidden"
    return _section(
        f"Hand of {whose}",
        f"<div class='board-hand'>{chips or 'no white cards'}</div>",
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
        acting = "the game is over"
    elif to_act is not None:
        acting = f"to act: {_who(obs, [to_act])}"
    else:
        acting = "next: a card or die is drawn (chance)"
    number = f"Turn {obs['turn_number']}: " if "turn_number" in obs else "Turn of "
    header = (
        f"<div class='board-header' style='font-size:smaller'><b>{html.escape(number)}"
        f"{html.escape(names.get(turn, '?').title())} (seat {turn})</b>, "
        f"phase: {html.escape(str(obs['phase']))}; {html.escape(acting)}</div>"
    )
    parts = [header]
    result = obs.get("result")
    if isinstance(result, Mapping):
        parts.append(
            "<div class='board-result' style='font-size:larger;margin:4px 0'><b>Game over: "
            f"{'the knights win' if result.get('knights_win') else 'evil wins'}</b> "
            f"({html.escape(str(result.get('cause', '')))})</div>"
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
                "Lancelot and the Dragon",
                "<div style='font-size:smaller'>both quests are over; their black cards add "
                "a siege engine (RB p.11)</div>",
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
        steps = [render_step(str(s), None) for s in log[:-1]]
        steps.append(render_step(str(log[-1]), str(rule) if rule else None))
        parts.append(
            _section(
                "Last step",
                f"<div style='font-size:smaller'>{''.join(steps)}</div>",
                css="board-log",
            )
        )
    return (
        "<div class='camelot-board' style='font-family:sans-serif;max-width:640px;"
        "box-sizing:border-box'>" + "".join(parts) + "</div>"
    )


def summarize_board(observation: Mapping[str, Any]) -> str:
    """Return the board in a few lines of plain text (what ``render_board`` draws).

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
            f"Game over: {'the knights win' if result.get('knights_win') else 'evil wins'} "
            f"({result.get('cause')})"
        ]
        if isinstance(result, Mapping)
        else []
    )
    number = f"Turn {obs['turn_number']}, " if "turn_number" in obs else ""
    lines += [
        f"{number}{names.get(turn, '?')} (seat {turn}), phase {obs['phase']}"
        + (
            ""
            if isinstance(result, Mapping)
            else f"; to act: seat {to_act}"
            if to_act is not None
            else "; next: chance"
        ),
        f"Swords: {obs['white_swords']} white, {obs['black_swords']} black "
        f"(of {threshold('swords_to_end')}); siege engines: {obs['siege_engines']}/"
        f"{threshold('siege_engines_to_lose')}",
    ]

    def here(q: Mapping[str, Any]) -> str:
        seats = q.get("knights", [])
        return f"; knights: {', '.join(f'seat {s}' for s in seats)}" if seats else ""

    bk = _quest(quests, "black_knight")
    which, ld = _lancelot_dragon(quests)
    for name, q in (("black_knight", bk), (which, ld)):
        if q is None:
            lines.append("Lancelot and the Dragon: over")
            continue
        white = " ".join(str(v) for v in q.get("white", [])) or "-"
        black = " ".join(_black_text(c) for c in q.get("black", [])) or "-"
        lines.append(f"{_QUEST_TITLES[name]}: white {white} | black {black}{here(q)}")
    ex = _quest(quests, "excalibur")
    if ex is not None:
        state = (
            f"over, Excalibur {_relic_state(obs, 'excalibur')}"
            if ex.get("over")
            else f"position {int(ex.get('position', 0)):+d}"
        )
        lines.append(f"Excalibur: {state}{here(ex)}")
    gr = _quest(quests, "grail")
    if gr is not None:
        blacks = ", ".join(map(str, gr.get("blacks", []))) or "no black cards"
        state = (
            f"over, the Grail {_relic_state(obs, 'grail')}"
            if gr.get("over")
            else f"{gr.get('grails', 0)} grails, {blacks}"
        )
        forest = "; Dark Forest" if gr.get("dark_forest") else ""
        lines.append(f"Holy Grail: {state}{forest}{here(gr)}")
    for war in ("picts", "saxons"):
        q = _quest(quests, war)
        if q is not None:
            mordred = "; Mordred" if q.get("mordred") else ""
            lines.append(
                f"{_QUEST_TITLES[war]}: "
                + (f"fights 1..{q['fights']}" if q.get("fights") else "no fights")
                + ", warriors "
                f"{q.get('warriors', 0)}/{threshold('war_warriors_to_lose')}{mordred}{here(q)}"
            )
    life = _by_seat(obs["life"], "life")
    where = _by_seat(obs["location"], "location")
    dead = {_seat(s) for s in obs.get("dead", [])}
    revealed = {_seat(s) for s in obs.get("revealed", [])}
    relics = _relic_holders(obs)
    mc = _expansion(obs)
    knights = []
    for seat in sorted(names, key=str):
        if seat in dead:
            knights.append(f"{seat} {names[seat]} dead")
            continue
        held = f" +{'+'.join(relics[seat])}" if seat in relics else ""
        shown = f"life {life[seat]}" if seat in life else "no life"
        if seat in revealed:
            shown += ", unmasked traitor"
        if mc is not None and seat in mc["captured"]:
            shown += ", captured"
        knights.append(f"{seat} {names[seat]} @{where.get(seat, '?')} {shown}{held}")
    lines.append("Knights: " + "; ".join(knights))
    if mc is not None:
        travel = mc["travel"]
        lines.append(
            f"Merlin's Company: Merlin {_merlin_place(mc['merlin'])}; captured: "
            + (", ".join(f"seat {s}" for s in mc["captured"]) or "nobody")
            + "; witches: "
            + (", ".join(_witch_text(w).split(":")[0] for w in mc["witches"]) or "none")
            + ("; Divine Favor played" if mc["divine_favor"] else "")
            + (
                f"; travel {travel['draw']} (+{travel['discard']} discarded)"
                if travel is not None
                else ""
            )
            + f"; out of the game: {mc['removed']['black']} black, {mc['removed']['white']} white"
        )
    d = obs["decks"]
    lines.append(
        f"Decks: white {d.get('white_draw')} (+{d.get('white_discard')} discarded), "
        f"black {d.get('black_draw')} (+{d.get('black_discard')} discarded)"
    )
    hand = obs.get("hand") or {}
    lines.append(
        "Hand: " + (", ".join(f"{c} x{n}" for c, n in sorted(hand.items()) if int(n)) or "empty")
    )
    return "\n".join(lines)


def render_step(text: str, rule_id: str | None = None) -> str:
    """Return one line of HTML: what happened at a step and the rule applied.

    A rule id known to the registry (``camelot_rules.rules``) also shows its source (the
    rulebook page) and, on hover, its statement; an unknown id is shown as it is.

    >>> from camelot_rules.rules import rule
    >>> step = render_step("seat 0: fight a siege engine with 5", "siege.fight")
    >>> f"rule: siege.fight, {rule('siege.fight').source}" in step
    True
    """
    check_text("text", text)
    if rule_id is not None:
        check_text("rule_id", rule_id)
    extra = ""
    if rule_id:
        from camelot_rules.rules import rule

        shown, title = rule_id, ""
        try:
            r = rule(rule_id)
        except ValueError:
            pass
        else:
            shown = f"{rule_id}, {r.source}"
            title = f" title='{html.escape(r.statement, quote=True)}'"
        extra = (
            f" <span style='color:#666;font-size:smaller'{title}>rule: {html.escape(shown)}</span>"
        )
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
def _describe(before: Any, after: Any) -> tuple[str, str | None]:
    """(who did what - and what came of it, the rule id) for the step from ``before``."""
    who = "chance" if before.is_chance() else f"seat {before.current_player}"
    history = after.history()
    line = f"{who}: {history[-1]}" if history else who
    note, rule = after.last_step
    if note and after.last_step != before.last_step:
        line += f" - {note}"
    return line, rule or None


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
        self.steps: list[tuple[str, str | None]] = []
        self.text = ""
        style = {"description_width": "70px"}
        on = bool(getattr(getattr(state, "cfg", None), "expansion", expansion))
        count = int(getattr(state, "players", players))
        self.expansion = W.Checkbox(
            value=on, description="Merlin's Company", indent=False, layout={"width": "170px"}
        )
        self.players = W.Dropdown(
            description="Players",
            options=_player_choices(on),
            value=count,
            style={"description_width": "55px"},
            layout={"width": "120px"},
        )
        self.seed = W.IntText(
            value=seed,
            description="Seed",
            style={"description_width": "40px"},
            layout={"width": "130px"},
        )
        self.new_game = W.Button(description="New game")
        self.expansion.observe(self._expansion_changed, names="value")
        self.new_game.on_click(self._new_game)
        self.viewer = W.Dropdown(description="Seen by", style=style, layout={"width": "260px"})
        self.moves = W.Dropdown(description="Move", style=style, layout={"width": "100%"})
        self.play = W.Button(description="Play", button_style="primary")
        self.random = W.Button(description="Random move")
        self.to_end = W.Button(description="Play to the end")
        self.message = result_box("game-message")
        self.board = result_box("game-board")
        self.log_box = result_box("game-log")
        self.play.on_click(self._play)
        self.random.on_click(self._random)
        self.to_end.on_click(self._to_end)
        self.viewer.observe(self._redraw, names="value")
        super().__init__(
            [
                W.HBox(
                    [self.expansion, self.players, self.seed, self.new_game],
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

    def __repr__(self) -> str:
        return f"<game widget: {len(self.steps)} steps played; {self.state!r}>"

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
            return [(f"{x} ({fmt_prob(p)})", x) for x, p in self.state.chance_outcomes()]
        return [(str(a), a) for a in self.state.legal_actions()]

    def _seat_shown(self) -> int:
        chosen = self.viewer.value
        if isinstance(chosen, int):
            return chosen
        seat = self.state.current_player
        return seat if isinstance(seat, int) else int(self.state.observation(0)["turn"])

    # actions -----------------------------------------------------------------------------------
    def _advance(self, after: Any) -> None:
        self.steps.append(_describe(self.state, after))
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
                raise ValueError("the game is over; build a new widget to play again")
            if self.moves.value is None:
                raise ValueError("choose a move first")
            self._advance(self.state.step(self.moves.value))

        self._guard(run)

    def _random(self, _button: object = None) -> None:
        def run() -> None:
            if self.state.is_terminal():
                raise ValueError("the game is over; build a new widget to play again")
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
            self.state, self.rng, self.steps = state, random.Random(seed), []

        self._guard(run)

    def _to_end(self, _button: object = None) -> None:
        def run() -> None:
            for _ in range(MAX_STEPS):
                if self.state.is_terminal():
                    return
                self._advance(self.engine.random_step(self.state, self.rng))
            if not self.state.is_terminal():
                raise ValueError(f"the game did not end within {MAX_STEPS} steps (MAX_STEPS)")

        self._guard(run)

    # display -----------------------------------------------------------------------------------
    def _refresh(self) -> None:
        seats: list[tuple[str, Any]] = [("the player to act", None)]
        seats += [(f"seat {s}", s) for s in range(self.state.players)]
        if list(self.viewer.options) != seats:
            self.viewer.options = seats
            self.viewer.value = None
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
            self.board.value = html_error(f"cannot draw the board: {err}")
            summary = f"Cannot draw the board: {err}"
        last = self.steps[-12:]
        self.log_box.value = (
            f"<div style='font-size:smaller;color:#666'>{len(self.steps)} steps so far"
            + (", the last ones:" if last else "")
            + "</div>"
            + "".join(render_step(t, r) for t, r in last)
        )
        self.text = (
            summary
            + f"\nSteps played: {len(self.steps)}"
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
