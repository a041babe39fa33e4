"""A saved game read back (``from_json``): the JSON parsed within bounds (size, nesting) and
every key present with a value of the right type and range, before a state is built from it.
The state built is then checked as a whole (:func:`camelot_rules.engine.validate.check_state`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any, Final

from camelot_rules.base import fields as F
from camelot_rules.data import rulebook
from camelot_rules.data.decks import check_players, standard_deck
from camelot_rules.engine import actions as A
from camelot_rules.engine import vocab as W
from camelot_rules.engine.state import GONE, QUEST_NAMES
from camelot_rules.engine.validate import LATER_OPTIONS, check_options

__all__ = ["LATER_SLOTS", "MAX_SAVED_BYTES", "read_saved", "saved_keys"]

#: a saved game is a few hundred kilobytes at most (a whole game's history included)
MAX_SAVED_BYTES: Final = 5_000_000
Check = Callable[[str, object], object]  # a key's check: (its name, its value)
_MAX_NESTING: Final = 12  # the deepest a saved game nests (a task's pledges: 5 levels)
#: keys added after games were first saved, with the value a game saved before them holds
LATER_SLOTS: Final[dict[str, Any]] = {"wild_laid": []}


def _depth(value: object, limit: int) -> int:
    """How deep ``value`` nests (stops counting past ``limit``), without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, d = stack.pop()
        deepest = max(deepest, d)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, d + 1) for v in item)
    return deepest


def read_saved(text: object) -> dict[str, Any]:
    """The parsed JSON of a saved game, every key present with a value of the right type and
    range (not yet checked against each other: :func:`check_state` does, on the state built).

    A ``ValueError`` names the first key that is missing, of a wrong type or out of range.
    """
    if not isinstance(text, str):
        raise ValueError(f"text={F.short(text)}: expected a saved game (JSON text, a str)")
    if len(text) > MAX_SAVED_BYTES:
        raise ValueError(
            f"text: {len(text):,} characters; a saved game is at most {MAX_SAVED_BYTES:,}"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(f"text: not a saved game (JSON expected): {err}") from None
    except RecursionError:
        raise ValueError(
            f"text: not a saved game: nested deeper than any saved game ({_MAX_NESTING} levels)"
        ) from None
    if not isinstance(data, dict) or data.get("format") != "camelot-rules-engine/1":
        raise ValueError(
            "text: not a saved camelot-rules game (missing format 'camelot-rules-engine/1')"
        )
    if _depth(data, _MAX_NESTING) > _MAX_NESTING:
        raise ValueError(
            f"text: not a saved game: nested deeper than any saved game ({_MAX_NESTING} levels)"
        )
    cfg = F.mapping("cfg", _key(data, "cfg"), "players, expansion, options")
    expansion = F.yes_no("cfg.expansion", _key(cfg, "expansion", "cfg."))
    players = _key(cfg, "players", "cfg.")
    try:
        players = check_players(players, expansion)
    except ValueError as err:
        raise ValueError(f"cfg.{err}") from None
    options = dict(F.mapping("cfg.options", _key(cfg, "options", "cfg."), "option -> value"))
    full = check_options(players, expansion, options)
    missing = sorted(set(full) - set(options) - LATER_OPTIONS)
    if missing:
        raise ValueError(
            f"cfg.options: {missing[0]!r} is missing (a saved game keeps every option)"
        )
    data["cfg"] = {"players": players, "expansion": expansion, "options": full}
    shapes = _slot_shapes(players, expansion)
    for name in sorted(shapes):
        if name not in LATER_SLOTS:
            _key(data, name)
    extra = sorted(set(data) - set(shapes) - {"format", "cfg", "history"})
    if extra:
        raise ValueError(f"{extra[0]}: not a key of a saved game")
    for name in sorted(shapes):
        shapes[name](name, data.get(name, LATER_SLOTS.get(name)))
    history = data.get("history", [])
    for k, step in enumerate(F.items("history", history, "steps")):
        _step(f"history[{k}]", step)
    return data


def _key(data: Mapping[str, Any], key: str, prefix: str = "") -> Any:
    if key not in data:
        raise ValueError(f"{prefix}{key}: missing from the saved game")
    return data[key]


def _vector(size: int) -> Check:
    def check(field: str, value: object) -> None:
        items = F.items(field, value, "card counts")
        if len(items) != size:
            F.fail(field, f"<{len(items)} counts>", f"{size} card counts (one per card of the box)")
        for c in items:
            F.whole(field, c, 0, F.MOST)

    return check


def _per_seat(players: int, check: Callable[[str, object], object]) -> Check:
    def run(field: str, value: object) -> None:
        items = F.items(field, value, "one value per seat")
        if len(items) != players:
            F.fail(field, value, f"{players} values, one per seat")
        for i, x in enumerate(items):
            check(f"{field}[{i}]", x)

    return run


def _list_of(check: Callable[[str, object], object], most: int = F.MOST) -> Check:
    def run(field: str, value: object) -> None:
        items = F.items(field, value, "values")
        if len(items) > most:
            F.fail(field, f"<{len(items)} items>", f"at most {most}")
        for i, x in enumerate(items):
            check(f"{field}[{i}]", x)

    return run


def _pair(first: Callable[[str, object], object], second: Callable[[str, object], object]) -> Check:
    def run(field: str, value: object) -> None:
        items = F.items(field, value, "pairs")
        if len(items) != 2:
            F.fail(field, value, "a pair")
        first(f"{field}[0]", items[0])
        second(f"{field}[1]", items[1])

    return run


def saved_keys() -> frozenset[str]:
    """The keys of a saved game's state (the tests hold them to the state's slots)."""
    return frozenset(_slot_shapes(3, False))


def _slot_shapes(players: int, expansion: bool) -> dict[str, Check]:
    """The type and range of each key of a saved game (one per slot of the state but its
    configuration and history, which are keys of their own)."""
    white = standard_deck("white", expansion=expansion)
    black = standard_deck("black", expansion=expansion)
    black_names = black.names()
    knights = W.knight_names(expansion)
    travel = rulebook.TRAVEL_KINDS if expansion else ()
    n_travel = len(travel)

    def choice(*allowed: str) -> Callable[[str, object], object]:
        return lambda f, v: F.one_of(f, v, allowed)

    def ints(low: int, high: int) -> Callable[[str, object], object]:
        return lambda f, v: F.whole(f, v, low, high)

    seat = ints(0, players - 1)
    fight = ints(W.FIGHTS[0], W.FIGHTS[-1])
    # a wild "Fight ?" card on a quest and the value it was laid as (F §3d, S16)
    wild = _pair(choice("black_knight", "lancelot", "dragon", *W.WARS), fight)
    text = lambda f, v: v if isinstance(v, str) and len(v) <= 2000 else F.fail(f, v, "a text")  # noqa: E731
    combat = _pair(choice(*black_names), F.yes_no)

    def outcome(field: str, value: object) -> None:
        if value is None:
            return
        fields = F.mapping(field, value, "the result's fields")
        names = ("knights_win", "cause", "white_swords", "black_swords", "siege_engines")
        if set(fields) != set(names):
            F.fail(field, value, f"the keys {list(names)}")
        F.yes_no(f"{field}.knights_win", fields["knights_win"])
        F.one_of(f"{field}.cause", fields["cause"], W.CAUSES)
        for key in names[2:]:
            F.whole(f"{field}.{key}", fields[key], 0, W.MOST_SWORDS)

    def wars(field: str, value: object) -> None:
        items = F.items(field, value, "the two wars")
        if len(items) != 2:
            F.fail(field, value, "two wars (Picts, Saxons)")
        for i, war in enumerate(items):
            parts = F.items(f"{field}[{i}]", war, "fights, warriors, Mordred")
            if len(parts) != 3:
                F.fail(f"{field}[{i}]", war, "(fights laid, warriors, Mordred on it)")
            mordred = F.yes_no(f"{field}[{i}][2]", parts[2])
            F.whole(f"{field}[{i}][0]", parts[0], 0, len(W.FIGHTS) + (1 if mordred else 0))
            F.whole(f"{field}[{i}][1]", parts[1], 0, W.WARRIORS)

    def deal_pool(field: str, value: object) -> None:
        items = F.items(field, value, "knights, loyal, traitors")
        if len(items) != 3:
            F.fail(field, value, "(knights left, loyal cards left, traitor cards left)")
        F.members(f"{field}[0]", items[0], knights, "a knight of this box")
        F.whole(f"{field}[1]", items[1], 0, 9)
        F.whole(f"{field}[2]", items[2], 0, 2)

    def event(field: str, value: object) -> None:
        items = F.items(field, value, "an event")
        kind = items[0] if items else None
        if kind == "quest" and len(items) == 4:
            F.one_of(f"{field}[1]", items[1], QUEST_NAMES)
            F.yes_no(f"{field}[2]", items[2])
            F.whole(f"{field}[3]", items[3], 0, F.MOST)
        elif kind == "unmasked" and len(items) == 3:
            seat(f"{field}[1]", items[1])
            F.whole(f"{field}[2]", items[2], 0, F.MOST)
        elif kind == "count" and len(items) == 4:
            for i in (1, 2):
                F.whole(f"{field}[{i}]", items[i], 0, W.MOST_SWORDS)
            F.whole(f"{field}[3]", items[3], 0, 2)
        else:
            F.fail(
                field,
                value,
                "('quest', name, won, turn), ('unmasked', seat, turn) or "
                "('count', white, black, hidden)",
            )

    def task(field: str, value: object) -> None:
        items = F.items(field, value, "a task")
        if not items or not isinstance(items[0], str):
            F.fail(field, value, "a task: its kind, then its values")

    def relics(field: str, value: object) -> None:
        items = F.items(field, value, "the relics' places")
        if len(items) != len(W.RELICS):
            F.fail(field, value, "3 places (Excalibur, Grail, Armor): a seat, -1 or -2")
        for i, x in enumerate(items):
            F.whole(f"{field}[{i}]", x, GONE, players - 1, " (a seat, -1 on its quest, -2 lost)")

    place_or_none = choice("", *W.PLACES)
    return {
        "knights": _per_seat(players, choice("", *knights)),
        "loyalty": _per_seat(players, choice("", "loyal", "traitor")),
        "life": _per_seat(players, ints(0, W.MAX_LIFE)),
        "dead": _per_seat(players, F.yes_no),
        "revealed": _per_seat(players, F.yes_no),
        "accused": _per_seat(players, F.yes_no),
        "captured": _per_seat(players, F.yes_no),
        "location": _per_seat(players, place_or_none),
        "hands": _per_seat(players, _vector(len(white.names()))),
        "relics": relics,
        "wpile": _vector(len(white.names())),
        "wdisc": _vector(len(white.names())),
        "pool": _vector(len(white.names())),
        "removed_w": _vector(len(white.names())),
        "bpile": _vector(len(black_names)),
        "bdisc": _vector(len(black_names)),
        "removed_b": _vector(len(black_names)),
        "btop": _list_of(choice(*black_names), 200),
        "bbottom": _list_of(choice(*black_names), 200),
        "deal_pool": deal_pool,
        "bk_w": _list_of(fight, W.QUESTS["black_knight"].white_spots),
        "bk_b": _list_of(combat, W.QUESTS["black_knight"].black_spots),
        "ld_mode": choice("lancelot", "dragon", "over"),
        "ld_w": _list_of(fight, W.QUESTS["dragon"].white_spots),
        "ld_b": _list_of(combat, W.QUESTS["dragon"].black_spots),
        "exc_pos": ints(-W.STEPS, W.STEPS),
        "exc_over": F.yes_no,
        "grail_n": ints(0, W.GRAIL_SPOTS),
        "grail_b": _list_of(choice(*W.GRAIL_BLACKS), W.GRAIL_SPOTS),
        "dark_forest": F.yes_no,
        "grail_over": F.yes_no,
        "wars": wars,
        "wild_laid": _list_of(wild, dict(white.counts.items()).get(rulebook.WILD_FIGHT, 0)),
        "engines": ints(0, W.ENGINES_TO_LOSE),
        "wsw": ints(0, W.MOST_SWORDS),
        "bsw": ints(0, W.MOST_SWORDS),
        "vivien": F.yes_no,
        "mists": F.yes_no,
        "heroism": choice("", *QUEST_NAMES),
        "turn": seat,
        "phase": choice(*W.PHASES),
        "turn_no": ints(0, F.MOST * 10),
        "tflags": _list_of(
            lambda f, v: v if isinstance(v, str) and len(v) <= 40 else F.fail(f, v, "a short text"),
            40,
        ),
        "done": ints(0, 10),
        "pending": _list_of(task, 1000),
        "outcome": outcome,
        "tpile": _vector(n_travel),
        "tdisc": _vector(n_travel),
        "ttop": _list_of(choice(*travel), 20),
        "merlin": place_or_none,
        "witches": _list_of(choice(*W.LASTING_WITCHES), 4),
        "favor": F.yes_no,
        "events": _list_of(event, 1000),
        "note": _pair(text, text),
    }


_STEP_FIELDS: Final[dict[str, Any]] = {
    cls.__name__: cls for cls in (*A.Action.__subclasses__(), *A.Outcome.__subclasses__())
}


def _step(field: str, value: object) -> None:
    """One step of a saved game's history: a known action or outcome, its fields each a name,
    a number, a yes/no or a list of names and numbers (the history is the game's record; its
    steps are not replayed when a game is loaded)."""
    step = F.mapping(field, value, "a step's fields")
    kind = step.get("type")
    cls = _STEP_FIELDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        F.fail(f"{field}.type", kind, f"one of {sorted(_STEP_FIELDS)}")
    fields = {f.name for f in dataclasses.fields(cls)}
    needed = {f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING}
    given = set(step) - {"type"}
    if not needed <= given <= fields:
        F.fail(field, value, f"the fields of {cls.__name__}: {sorted(fields)}")
    for name in given:
        x = step[name]
        plain = x is None or isinstance(x, str | int)
        if not plain and not (isinstance(x, list) and all(isinstance(e, str | int) for e in x)):
            F.fail(f"{field}.{name}", x, "a name, a number, True/False or a list of them")
