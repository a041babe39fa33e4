"""Views of a state: what one player may see, a census of every card, and JSON.

``observation(state, seat)`` is the only view a policy should get: the public board plus that
seat's own hand and loyalty card, never another hand or loyalty (RB p.7-8). With the
three-player rule a player has not looked at his loyalty card before 6 swords are laid
(RB p.19), so it shows as ``None`` until then.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

from camelot_rules.base.checks import check_seat
from camelot_rules.data import rulebook
from camelot_rules.engine import actions as A
from camelot_rules.engine.kinds import Automatic, Decision
from camelot_rules.engine.quests import black_value
from camelot_rules.engine.state import GONE, ON_QUEST, SLOTS, GameResult, GameState
from camelot_rules.engine.tasks import TASKS

__all__ = [
    "ObservationView",
    "card_census",
    "decode_step",
    "encode_step",
    "observation",
    "observation_view",
    "plain",
    "to_json",
    "tuples",
]

_RELICS: Final = ("excalibur", "grail", "armor")


def _relic_view(value: int) -> int | str:
    return "quest" if value == ON_QUEST else ("lost" if value == GONE else value)


def _seats_by_place(s: GameState) -> dict[str, list[int]]:
    """Each place with the seats standing there (one pass over the seats)."""
    on: dict[str, list[int]] = {}
    for i, loc in enumerate(s.location):
        if loc:
            if loc in on:
                on[loc].append(i)
            else:
                on[loc] = [i]
    return on


def _shown(card: str, face_down: bool, quest: str) -> int | str:
    """A black card on a combat quest as the table sees it: its value, or hidden face down."""
    return "hidden" if face_down else black_value(card, quest)


def _check_seat(s: GameState, player: object) -> int:
    """``player`` as a seat number, or a ValueError. (The public functions take ``object``: a
    compiled engine would turn True into 1 at a parameter typed ``int``.)"""
    return check_seat("player", player, s.cfg.players)


def observation(s: GameState, player: object) -> dict[str, Any]:
    """The board as ``player`` sees it. Rules: ``setup.three-players``."""
    seat = _check_seat(s, player)
    return {key: build(s, seat) for key, build in _SECTIONS.items()}


class ObservationView(Mapping[str, Any]):
    """:func:`observation` built one key at a time, when a policy first reads it: the same
    keys and values (``dict(view) == observation(state, seat)``), read-only, cheaper when a
    policy looks at a few keys only. Like the dict, its keys show the public board and that
    seat's own hand and loyalty, never another hand. (It keeps the state in a private slot to
    build the keys: a policy reads keys only, as the simulations' policies do.)"""

    __slots__ = ("_got", "_player", "_state")

    def __init__(self, s: GameState, player: object) -> None:
        self._state = s
        self._player = _check_seat(s, player)
        self._got: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        got = self._got
        if key in got:
            return got[key]
        s, p = self._state, self._player
        value: Any
        # the keys policies read on nearly every decision, by direct calls (the same builders
        # as the table's; a call through the table is a Python-level call when compiled)
        if key == "quests":
            value = _quests(s, p)
        elif key == "current_player":
            value = _current_player(s, p)
        elif key == "life":
            value = _life(s, p)
        elif key == "siege_engines":
            value = _siege_engines(s, p)
        elif key == "expansion":
            value = _expansion(s, p)
        elif key == "location":
            value = _location(s, p)
        elif key == "hand":
            value = _hand(s, p)
        else:
            value = _SECTIONS[key](s, p)
        got[key] = value
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(_SECTIONS)

    def __len__(self) -> int:
        return len(_SECTIONS)

    def __contains__(self, key: object) -> bool:
        return key in _SECTIONS

    def __repr__(self) -> str:
        return f"ObservationView(seat {self._player})"


def observation_view(s: GameState, player: object) -> ObservationView:
    """The lazily built :func:`observation` (what the simulations hand to policies)."""
    return ObservationView(s, player)


_EXCALIBUR_STEPS: Final = rulebook.threshold("excalibur_steps")
_GRAIL_SPOTS: Final = rulebook.threshold("grail_spots")


def _wild_on(s: GameState, quest: str) -> list[int]:
    """The values the wild "Fight ?" cards on ``quest`` were laid as (each also in its
    ``white`` list or the war's straight). Rules: ``white.fight-wild``."""
    return [v for q, v in s.wild_laid if q == quest]


def _quests(s: GameState, player: int) -> dict[str, Any]:
    """The quests as the table sees them; in Merlin's Company ``wild`` lists the values of the
    wild "Fight ?" cards laid on a combat quest or a war (face up, each value chosen when it
    was laid; each also in ``white`` or the war's straight). Rules: ``white.fight-wild``."""
    on = _seats_by_place(s)
    out: dict[str, Any] = {
        "black_knight": {
            "white": list(s.bk_w),
            "black": [_shown(c, fd, "black_knight") for c, fd in s.bk_b],
            "knights": on.get("black_knight", []),
        }
    }
    mode = s.ld_mode
    if mode != "over":
        out[mode] = {
            "white": list(s.ld_w),
            "black": [_shown(c, fd, mode) for c, fd in s.ld_b],
            "knights": on.get(mode, []),
        }
    out["lancelot_dragon"] = mode
    out["excalibur"] = {
        "position": s.exc_pos,
        "steps": _EXCALIBUR_STEPS,
        "over": s.exc_over,
        "knights": on.get("excalibur", []),
    }
    out["grail"] = {
        "grails": s.grail_n,
        "blacks": list(s.grail_b),
        "dark_forest": s.dark_forest,
        "over": s.grail_over,
        "spots": _GRAIL_SPOTS,
        "knights": on.get("grail", []),
    }
    for k, war in enumerate(("picts", "saxons")):
        fights, warriors, mordred = s.wars[k]
        out[war] = {
            "fights": fights,
            "warriors": warriors,
            "mordred": mordred,
            "knights": on.get(war, []),
        }
    out["camelot"] = {"knights": on.get("camelot", [])}
    if s.cfg.expansion:
        for quest in ("black_knight", mode, "picts", "saxons"):
            if quest in out:
                out[quest]["wild"] = _wild_on(s, quest)
    return out


def _loyalty(s: GameState, player: int) -> str | None:
    """The seat's own loyalty card; with the three-player rule unseen before 6 swords.
    Rules: ``setup.three-players``."""
    loyalty: str | None = s.loyalty[player] or None
    if (
        s.cfg.option("three_player_peek")
        and s.wsw + s.bsw < rulebook.threshold("accusation_min_swords")
        and not s.revealed[player]
    ):
        loyalty = None
    return loyalty


def _seats(flags: tuple[bool, ...] | list[bool]) -> list[int]:
    return [i for i, on in enumerate(flags) if on]


def _current_player(s: GameState, player: int) -> int | None:
    return s.current_player


def _expansion(s: GameState, player: int) -> bool:
    return s.cfg.expansion


def _siege_engines(s: GameState, player: int) -> int:
    return s.engines


def _life(s: GameState, player: int) -> dict[int, int]:
    """The living knights' life points (an unmasked traitor's too is left out)."""
    return {i: s.life[i] for i in range(s.cfg.players) if not s.dead[i] and not s.revealed[i]}


def _location(s: GameState, player: int) -> dict[int, str]:
    return {i: loc for i, loc in enumerate(s.location) if loc}


def _hand(s: GameState, player: int) -> dict[str, int]:
    """The seat's own white cards, by name (the only hand an observation shows)."""
    return {s.cfg.white_names[i]: c for i, c in enumerate(s.hands[player]) if c}


def _result(s: GameState) -> dict[str, Any] | None:
    if s.outcome is None:
        return None
    return {"knights_win": s.outcome.knights_win, "cause": s.outcome.cause}


def _shared(s: GameState) -> dict[str, Any]:
    """The white cards laid face up to be shared (RB p.8; BoQ p.4, p.14), a list of names (a
    card twice, named twice), and the seats sharing them (while a share by agreement is under
    way)."""
    names = s.cfg.white_names
    seats: list[int] = []
    pending = s.pending
    for k in range(len(pending) - 1, -1, -1):
        if pending[k][0] == "share":
            sharing: tuple[int, ...] = pending[k][2]
            seats = list(sharing)
            break
    return {"cards": [names[i] for i, c in enumerate(s.pool) for _ in range(c)], "seats": seats}


# each key of the observation and how it is built, in the dict's order
_SECTIONS: Final[dict[str, Callable[[GameState, int], Any]]] = {
    "players": lambda s, p: s.cfg.players,
    "expansion": _expansion,
    "options": lambda s, p: {k: v for k, v in s.cfg.options},
    "turn": lambda s, p: s.turn,
    "turn_number": lambda s, p: s.turn_no,
    "phase": lambda s, p: s.phase,
    "current_player": _current_player,
    "white_swords": lambda s, p: s.wsw,
    "black_swords": lambda s, p: s.bsw,
    "siege_engines": _siege_engines,
    "life": _life,
    "knights": lambda s, p: dict(enumerate(s.knights)),
    "location": _location,
    "dead": lambda s, p: _seats(s.dead),
    "revealed": lambda s, p: _seats(s.revealed),
    "accused": lambda s, p: _seats(s.accused),
    "relics": lambda s, p: {r: _relic_view(v) for r, v in zip(_RELICS, s.relics)},
    "quests": _quests,
    "hand": _hand,
    "hand_sizes": lambda s, p: {i: sum(s.hands[i]) for i in range(s.cfg.players)},
    "loyalty": _loyalty,
    "decks": lambda s, p: {
        "white_draw": sum(s.wpile),
        "white_discard": sum(s.wdisc),
        "black_draw": sum(s.bpile) + len(s.btop) + len(s.bbottom),
        "black_discard": sum(s.bdisc),
    },
    "in_play": lambda s, p: [
        name for name, on in (("vivien", s.vivien), ("mists_of_avalon", s.mists)) if on
    ],
    "shared": lambda s, p: _shared(s),
    "heroism": lambda s, p: s.heroism or None,
    "merlin": lambda s, p: s.merlin or None,
    "captured": lambda s, p: _seats(s.captured),
    "witches": lambda s, p: sorted(s.witches),
    "divine_favor": lambda s, p: s.favor,
    "travel": lambda s, p: (
        {"draw": sum(s.tpile) + len(s.ttop), "discard": sum(s.tdisc)} if s.cfg.expansion else None
    ),
    "removed": lambda s, p: {"white": sum(s.removed_w), "black": sum(s.removed_b)},
    "log": lambda s, p: [s.note[0]] if s.note[0] else [],
    "rule": lambda s, p: s.note[1],
    "result": lambda s, p: _result(s),
}


def card_census(s: GameState) -> dict[str, dict[str, int]]:
    """Count every white and black card wherever it is: piles, discards, hands, quests, cards
    in play, cards being resolved. Each total equals the box's count of that card. Rules:
    ``white.fight-wild`` (a wild "Fight ?" card on a quest counts as itself)."""
    wn, bn = s.cfg.white_names, s.cfg.black_names
    white = {
        name: s.wpile[i] + s.wdisc[i] + s.pool[i] + s.removed_w[i] for i, name in enumerate(wn)
    }
    for hand in s.hands:
        for i, c in enumerate(hand):
            white[wn[i]] += c
    for v in (*s.bk_w, *s.ld_w):
        white[f"fight_{v}"] += 1
    for fights, _, _ in s.wars:
        for v in range(1, fights + 1):
            white[f"fight_{min(v, 5)}"] += 1
    for _, v in s.wild_laid:  # a wild "Fight ?" card counted above as the value it was laid as
        white[rulebook.FIGHT_CARDS[v - 1]] -= 1
        white[rulebook.WILD_FIGHT] = white.get(rulebook.WILD_FIGHT, 0) + 1
    white["grail"] += s.grail_n
    if s.heroism:
        white["heroism"] += 1
    black = {name: s.bpile[i] + s.bdisc[i] + s.removed_b[i] for i, name in enumerate(bn)}
    for witch in s.witches:
        black[witch] += 1
    for card in (*s.btop, *s.bbottom, *s.grail_b):
        black[card] += 1
    for card, _ in (*s.bk_b, *s.ld_b):
        black[card] += 1
    for flag, name in (
        (s.dark_forest, "dark_forest"),
        (s.vivien, "vivien"),
        (s.mists, "mists_of_avalon"),
    ):
        if flag:
            black[name] += 1
    for _, _, mordred in s.wars:
        if mordred:
            black["mordred"] += 1
    held = _held_cards(s)
    for card in held.get("black", ()):
        black[card] += 1
    out = {"white": white, "black": black}
    if s.cfg.expansion:
        tn = s.cfg.travel_names
        travel = {name: s.tpile[i] + s.tdisc[i] for i, name in enumerate(tn)}
        for card in s.ttop:
            travel[card] += 1
        travel["captured"] += sum(s.captured)
        for card in held.get("travel", ()):  # a travel card being answered
            travel[card] += 1
        out["travel"] = travel
    return out


def _held_cards(s: GameState) -> dict[str, list[str]]:
    """The cards that pending tasks hold while they wait (a black card being cancelled or
    laid, a travel card being answered), by pile."""
    held: dict[str, list[str]] = {}
    for task in s.pending:
        kind = TASKS[task[0]]
        holds = kind.holds if isinstance(kind, (Decision, Automatic)) else None
        if holds is not None:
            pile, place = holds
            held.setdefault(pile, []).append(task[place])
    return held


# --- JSON ---------------------------------------------------------------------------------------
#: the saved game's format name
FORMAT: Final = "camelot-rules-engine/1"
_STEP_TYPES: Final[dict[str, Any]] = {
    cls.__name__: cls for cls in (*A.Action.__subclasses__(), *A.Outcome.__subclasses__())
}


def encode_step(step: A.Action | A.Outcome) -> dict[str, Any]:
    """A decision or chance outcome as JSON holds it: its class name and its fields."""
    return {
        "type": type(step).__name__,
        **{f.name: plain(getattr(step, f.name)) for f in dataclasses.fields(step)},
    }


def decode_step(data: dict[str, Any]) -> A.Action | A.Outcome:
    """The step :func:`encode_step` wrote."""
    fields = dict(data)
    cls: Any = _STEP_TYPES.get(str(fields.pop("type", None)))
    if cls is None:
        raise ValueError(f"unknown step type in {data!r}")
    for f in dataclasses.fields(cls):
        if isinstance(fields.get(f.name), list):
            fields[f.name] = tuples(fields[f.name])
    step: A.Action | A.Outcome = cls(**fields)
    return step


def plain(value: Any) -> Any:
    """``value`` as JSON holds it: lists for tuples, sorted lists for sets, dicts for results."""
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, GameResult):
        return dataclasses.asdict(value)
    return value


def tuples(value: Any) -> Any:
    """Lists read from JSON back into tuples, nested ones too."""
    if isinstance(value, list):
        return tuple(tuples(v) for v in value)
    return value


def to_json(s: GameState) -> str:
    """The state as JSON (:func:`camelot_rules.engine.setup.from_json` reads it back)."""
    data: dict[str, Any] = {"format": FORMAT}
    cfg = s.cfg
    data["cfg"] = {"players": cfg.players, "expansion": cfg.expansion, "options": dict(cfg.options)}
    for name in SLOTS:
        if name in ("cfg", "hist"):
            continue
        data[name] = plain(getattr(s, name))
    data["history"] = [encode_step(step) for step in s.history()]
    return json.dumps(data, sort_keys=True)
