"""One validation at each entry of the engine (issue 31): positions, saved games, options, seats.

Two parts:

* each defect the issue's campaign found, refused with a ``ValueError`` naming the field (a
  table below, one row per defect);
* the property that makes the class impossible: generated positions (``position(**fields)``
  with values in and out of range) and saved games edited at random (``from_json`` of a game's
  JSON with one value replaced, a key removed, a task added) either raise ``ValueError`` or
  give a state that passes the engine's invariants (``tests/engine/test_invariants.py``: the
  census, the counters, the moment, JSON, every seat's view) and plays to the end with them.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.engine import GameState, from_json, new_game, position, random_step
from camelot_rules.engine import validate as V
from camelot_rules.engine.pending import TASK_ARGS, task_kinds
from camelot_rules.engine.saved import saved_keys
from camelot_rules.engine.state import SLOTS
from tests.engine.test_invariants import (
    check_counters,
    check_json,
    check_moment,
    check_observation,
)

QUESTS = ("black_knight", "lancelot", "dragon", "excalibur", "grail", "picts", "saxons")
MAX_STEPS = 6000


def check_invariants(s: GameState, *, deep: bool = True) -> None:
    """The invariants suite's checks, the census against this game's own box (base or
    Merlin's Company)."""
    census = s.card_census()
    cfg = s.cfg
    boxes = {"white": (cfg.white_names, cfg.white_box), "black": (cfg.black_names, cfg.black_box)}
    if cfg.expansion:
        boxes["travel"] = (cfg.travel_names, cfg.travel_box)
    for kind, (names, counts) in boxes.items():
        assert census[kind] == dict(zip(names, counts)), (kind, s)
    check_counters(s)
    check_moment(s)
    if deep:
        check_json(s)
        for seat in range(s.players):
            check_observation(s, seat, twin=True)


def play_to_the_end(s: GameState, seed: int) -> GameState:
    rng = random.Random(seed)
    check_invariants(s)
    for k in range(MAX_STEPS):
        if s.is_terminal():
            check_invariants(s)
            return s
        s = random_step(s, rng)
        check_invariants(s, deep=k % 50 == 0)
    raise AssertionError(f"no end within {MAX_STEPS} steps: {s!r}")


# --- the defects of the issue, each refused ------------------------------------------------------
def _dead_to_act() -> GameState:
    return position(4, dead=[0], turn=0)


DEFECTS: list[tuple[str, Any, str]] = [
    ("turn=-1", lambda: position(4, turn=-1), "turn"),
    ("white_swords=-3", lambda: position(4, white_swords=-3), "white_swords"),
    ("white_swords=13", lambda: position(4, white_swords=13), "white_swords"),
    ("black_swords=99", lambda: position(4, black_swords=99), "black_swords"),
    ("siege_engines=2.5", lambda: position(4, siege_engines=2.5), "siege_engines"),
    ("siege_engines=True", lambda: position(4, siege_engines=True), "siege_engines"),
    ("siege_engines=13", lambda: position(4, siege_engines=13), "siege_engines"),
    ("life={0: 7}", lambda: position(4, life={0: 7}), "life"),
    ("a negative seat", lambda: position(4, hands={-1: {"grail": 1}}), "hands"),
    ("a negative seat (dead)", lambda: position(4, dead=[-1]), "dead"),
    ("a seat out of range", lambda: position(4, life={4: 3}), "life"),
    ("a negative card count", lambda: position(4, hands={0: {"grail": -2}}), "hands"),
    ("a fractional card count", lambda: position(4, hands={0: {"grail": 1.5}}), "hands"),
    ("all knights dead", lambda: position(4, dead=[0, 1, 2, 3]), "dead"),
    ("a dead knight to act", _dead_to_act, "turn"),
    (
        "three traitors at 4 players",
        lambda: position(4, loyalty=["traitor"] * 3 + ["loyal"]),
        "loyalty",
    ),
    (
        "6 cards on a 4-spot combat quest",
        lambda: position(4, quests={"black_knight": {"white": [1, 1, 2, 2, 3, 3]}}),
        "black_knight",
    ),
    (
        "a non-combat card on a combat quest",
        lambda: position(4, quests={"black_knight": {"black": ["despair"]}}),
        "black_knight",
    ),
    ("a quest over twice", lambda: position(4, over=["grail", "grail"]), "over"),
    ("a string read letter by letter", lambda: position(4, over="grail"), "over"),
    ("knights as one string", lambda: position(3, knights="kay"), "knights"),
    ("an expansion field in the base game", lambda: position(4, divine_favor=True), "divine_favor"),
    ("removed cards in the base game", lambda: position(4, removed={"despair": 1}), "removed"),
    (
        "travel discards in the base game",
        lambda: position(4, travel_discard={"lost": 1}),
        "travel_discard",
    ),
    ("an expansion option in the base game", lambda: position(4, coats="base"), "coats"),
    (
        "two_traitor_flip=3.0",
        lambda: new_game(7, expansion=True, two_traitor_flip=3.0),
        "two_traitor_flip",
    ),
    ("a seat of another type", lambda: position(4, accused=["0"]), "accused"),
    ("in_play a card that does not stay", lambda: position(4, in_play=["despair"]), "in_play"),
    ("a quest that does not exist", lambda: position(4, quests={"holy_war": {}}), "quests"),
    (
        "a position past a bank",
        lambda: position(4, quests={"excalibur": {"position": 9}}),
        "excalibur",
    ),
    ("the Dragon over before Lancelot", lambda: position(4, over=["dragon"]), "over"),
    ("hand(-1)", lambda: position(4).hand(-1), "seat"),
    ("hand('0')", lambda: position(4).hand("0"), "seat"),
    ("observation(-1)", lambda: position(4).observation(-1), "player"),
    ("observation(True)", lambda: position(4).observation(True), "player"),
]


@pytest.mark.parametrize(("what", "call", "field"), DEFECTS, ids=[d[0] for d in DEFECTS])
def test_each_defect_of_the_campaign_is_refused_naming_its_field(
    what: str, call: Any, field: str
) -> None:
    with pytest.raises(ValueError, match=field):
        call()


def _saved(
    players: int = 4, seed: int = 3, steps: int = 40, expansion: bool = False
) -> dict[str, Any]:
    rng = random.Random(seed)
    s = new_game(players, seed=seed, expansion=expansion)
    for _ in range(steps):
        if s.is_terminal():
            break
        s = random_step(s, rng)
    return json.loads(s.to_json())


def _edited(change: Any) -> str:
    data = _saved()
    change(data)
    return json.dumps(data)


SAVED_DEFECTS: list[tuple[str, Any, str]] = [
    ("99 players", lambda d: d["cfg"].update(players=99), "players"),
    ("an unknown phase", lambda d: d.update(phase="lunch"), "phase"),
    ("life 99", lambda d: d["life"].__setitem__(0, 99), "life"),
    ("a turn of 17", lambda d: d.update(turn=17), "turn"),
    ("engines 1e308", lambda d: d.update(engines=1e308), "engines"),
    ("an unknown knight", lambda d: d["knights"].__setitem__(0, "lancelot_du_lac"), "knights"),
    ("a missing key", lambda d: d.pop("hands"), "hands"),
    ("a wrong type", lambda d: d.update(hands="many"), "hands"),
    ("a corrupt hand", lambda d: d["hands"].__setitem__(0, [1, 2]), "hands"),
    ("an unknown task", lambda d: d.update(pending=[["dance", 0]]), "pending"),
    ("a task with a seat of 9", lambda d: d.update(pending=[["wdraw", 9, 1]]), "pending"),
    ("a card twice", lambda d: d["wpile"].__setitem__(0, d["wpile"][0] + 1), "white cards"),
    ("an unknown step", lambda d: d["history"].append({"type": "Fly"}), "history"),
    ("an option of a wrong type", lambda d: d["cfg"]["options"].update(traitor=1), "traitor"),
]


@pytest.mark.parametrize(
    ("what", "change", "field"), SAVED_DEFECTS, ids=[d[0] for d in SAVED_DEFECTS]
)
def test_each_edited_saved_game_of_the_campaign_is_refused(
    what: str, change: Any, field: str
) -> None:
    with pytest.raises(ValueError, match=field):
        from_json(_edited(change))


@pytest.mark.parametrize(
    "text",
    ["[" * 100_000, '{"format": "camelot-rules-engine/1", "cfg": ' + "[" * 5000 + "]" * 5000 + "}"],
    ids=["deep list", "deep under a key"],
)
def test_deep_nesting_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError, match=r"nested|not a saved"):
        from_json(text)


@pytest.mark.parametrize("text", [None, 3, b"{}", "", "{}", "[]", "null", '{"format": 1}'])
def test_not_a_saved_game(text: object) -> None:
    with pytest.raises(ValueError):
        from_json(text)  # type: ignore[arg-type]


def test_the_saved_keys_are_the_states_slots() -> None:
    assert saved_keys() == set(SLOTS) - {"cfg", "hist"}


def test_every_task_the_engine_pushes_is_known_to_the_validation() -> None:
    seen: set[str] = set()
    for seed in range(40):
        expansion = seed % 2 == 1
        rng = random.Random(seed)
        s = new_game(3 + seed % 5, expansion=expansion)
        while not s.is_terminal():
            seen.update(t[0] for t in s.pending)
            s = random_step(s, rng)
    assert seen <= task_kinds(), seen - task_kinds()
    assert len(seen) > 25  # most kinds do come up in 40 games


def test_every_state_of_random_games_passes_the_validation() -> None:
    for seed in range(30):
        expansion = seed % 2 == 0
        rng = random.Random(seed)
        s = new_game(3 + seed % 6 if expansion else 3 + seed % 5, expansion=expansion)
        while True:
            V.check_state(s)
            if s.is_terminal():
                break
            s = random_step(s, rng)


# --- generated positions ------------------------------------------------------------------------
BAD = [None, "x", "", -1, 0, 1.5, True, 10**9, [], {}, "grail", [None], {0: -1}, float("nan")]


def random_fields(rng: random.Random, players: int, expansion: bool) -> dict[str, Any]:
    """Fields of a position: mostly plausible (dealt from the box), sometimes out of range."""
    white = Counter(dict(standard_deck("white", expansion=expansion).counts))
    black = Counter(dict(standard_deck("black", expansion=expansion).counts))

    def deal(pile: Counter[str], k: int) -> dict[str, int]:
        cards = sorted(pile.elements())
        out: Counter[str] = Counter()
        for card in rng.sample(cards, min(k, len(cards))):
            out[card] += 1
            pile[card] -= 1
        return dict(out)

    names = rulebook.KNIGHTS + (rulebook.EXPANSION_KNIGHTS if expansion else ())
    f: dict[str, Any] = {}
    if rng.random() < 0.5:
        f["knights"] = rng.sample(names, players)
    loyalty = ["loyal"] * players
    for seat in rng.sample(range(players), rng.choice((0, 0, 1, 1, 1, 1, 1, 1, 2, 3))):
        loyalty[seat] = "traitor"
    f["loyalty"] = loyalty
    f["hands"] = {seat: deal(white, rng.randrange(8)) for seat in range(players)}
    f["life"] = {seat: rng.randint(0, 6) for seat in range(players) if rng.random() < 0.5}
    over: list[str] = []
    if rng.random() < 0.3:
        over.append("lancelot")
        if rng.random() < 0.4:
            over.append("dragon")
    over += [q for q in ("excalibur", "grail") if rng.random() < 0.2]
    f["over"] = over
    quests: dict[str, Any] = {}
    if rng.random() < 0.5:
        fights = [v for v in rng.sample(range(1, 6), rng.randrange(5)) if white[f"fight_{v}"] > 0]
        for v in fights:
            white[f"fight_{v}"] -= 1
        bk = [c for c in black if c.startswith("black_knight_") and black[c] > 0]
        laid = rng.sample(bk, min(len(bk), rng.randrange(4 if rng.random() < 0.8 else 6)))
        for c in laid:
            black[c] -= 1
        quests["black_knight"] = {"white": fights, "black": laid}
    if rng.random() < 0.4 and "grail" not in over:
        g = min(white["grail"], rng.randrange(7))
        white["grail"] -= g
        quests["grail"] = {"grails": g, "blacks": ["despair"] * rng.randrange(min(3, 7 - g))}
        black["despair"] -= len(quests["grail"]["blacks"])
    if rng.random() < 0.4:
        war = rng.choice(("picts", "saxons"))
        quests[war] = {"fights": rng.randrange(5), "warriors": rng.randrange(4)}
    if rng.random() < 0.3 and "excalibur" not in over:
        quests["excalibur"] = {"position": rng.randint(-4, 4) if rng.random() < 0.9 else 5}
    f["quests"] = quests
    live = ["camelot", "black_knight", "picts", "saxons"]
    live += [q for q in ("excalibur", "grail") if q not in over]
    live += ["dragon"] if "lancelot" in over and "dragon" not in over else []
    live += [] if "lancelot" in over else ["lancelot"]
    places = live if rng.random() < 0.9 else ["camelot", *QUESTS]
    f["location"] = {seat: rng.choice(places) for seat in range(players) if rng.random() < 0.5}
    f["turn"] = rng.randrange(players)
    f["phase"] = rng.choice(("evil", "heroic"))
    blk = rng.randrange(7 if rng.random() < 0.9 else 8)
    f["black_swords"] = blk
    f["white_swords"] = rng.randrange(12 - blk if rng.random() < 0.9 else 13 - blk)
    f["siege_engines"] = rng.randrange(12 if rng.random() < 0.9 else 13)
    f["dead"] = [s for s in range(players) if rng.random() < 0.15]
    for seat in f["dead"] if rng.random() < 0.9 else ():  # the dead hold no cards (RB p.12)
        f["hands"][seat] = {}
    f["accused"] = [s for s in range(players) if rng.random() < 0.2]
    f["revealed"] = [s for s in range(players) if loyalty[s] == "traitor" and rng.random() < 0.3]
    for seat in f["revealed"]:
        f["hands"][seat] = {}
    if rng.random() < 0.3:
        f["relics"] = {
            r: rng.randrange(players) for r in rng.sample(("excalibur", "grail", "armor"), 2)
        }
    f["black_top"] = list(deal(black, rng.randrange(3)))
    f["in_play"] = [c for c in ("vivien", "mists_of_avalon") if rng.random() < 0.2 and black[c]]
    f["white_discard"] = deal(white, rng.randrange(10))
    f["black_discard"] = deal(black, rng.randrange(10))
    if rng.random() < 0.2:
        f["heroism"] = rng.choice(QUESTS)
    if expansion:
        f["merlin"] = rng.choice((None, "camelot", *QUESTS))
        f["captured"] = [s for s in range(players) if rng.random() < 0.1]
        if rng.random() < 0.9 and f["turn"] in f["captured"]:  # his turn would be skipped
            f["captured"].remove(f["turn"])
        f["witches"] = [w for w in ("morgan_witch_2", "morgan_witch_5") if rng.random() < 0.2]
        f["divine_favor"] = rng.random() < 0.2
        f["travel_discard"] = {"lost": rng.randrange(3)} if rng.random() < 0.3 else None
    # sometimes one field out of range or of the wrong type
    if rng.random() < 0.25:
        f[rng.choice(sorted(f))] = rng.choice(BAD)
    return f


@settings(max_examples=150)
@given(seed=st.integers(0, 2**32 - 1))
def test_generated_positions_are_refused_or_play_to_the_end(seed: int) -> None:
    rng = random.Random(seed)
    expansion = rng.random() < 0.4
    players = rng.randint(3, 8 if expansion else 7)
    fields = random_fields(rng, players, expansion)
    try:
        s = position(players, expansion=expansion, **fields)
    except ValueError:
        return
    play_to_the_end(s, seed)


# --- saved games edited at random ---------------------------------------------------------------
VOCABULARY: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    2,
    3,
    5,
    7,
    12,
    13,
    99,
    -1,
    -2,
    1e308,
    2.5,
    "",
    "x",
    "evil",
    "heroic",
    "traitor",
    "setup",
    "over",
    "grail",
    "despair",
    "fight_3",
    "arthur",
    "camelot",
    "black_knight_7",
    "lancelot",
    "loyal",
    "traitor",
    [],
    {},
    [1, 2],
    [[0]],
    ["end_turn"],
    ["wdraw", 0, 1],
    ["bdraw", 1],
    ["kay_combat", "black_knight", 0],
    ["excal", "despair", 0],
    ["merlin", "despair", 0, [0, 1], 0, []],
    ["keep2", 0, "draw"],
    ["witch4", 0],
    ["face", "lancelot_dragon_1_5", 0],
    ["quest_end", "grail", True, 0],
    ["clair", 0, 2, []],
    ["demand", 0, "grail", "lost"],
    ["deal_knight", 0],
    ["steal", 0, 1],
    ["roll", 0, 5],
]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


def random_task(data: dict[str, Any], rng: random.Random) -> list[Any]:
    """A task of a random kind with values of the right types (seats at the table, cards of
    the box): most are refused in context, some are played."""
    cfg = data.get("cfg")
    players = cfg.get("players") if isinstance(cfg, dict) else None
    players = players if type(players) is int and 3 <= players <= 8 else 4  # (maybe edited)
    black = sorted(standard_deck("black", expansion=True).names())
    kind = rng.choice(sorted(TASK_ARGS))
    seats = rng.sample(range(players), rng.randint(1, players))
    value = {
        "seat": lambda: rng.randrange(players),
        "seat_or_none": lambda: rng.randrange(-1, players),
        "count": lambda: rng.randint(1, 4),
        "total": lambda: rng.randint(0, 9),
        "face": lambda: rng.randint(1, 8),
        "index": lambda: 0,
        "seats": lambda: seats,
        "pledges": lambda: [] if rng.random() < 0.7 else [[seats[0], 1]],
        "black": lambda: rng.choice(black),
        "blacks": lambda: [],
        "combat_black": lambda: rng.choice(
            [c for c in black if c.startswith(("black_k", "lancelot_d"))]
        ),
        "war_black": lambda: rng.choice(("mercenaries", "mordred")),
        "combat_quest": lambda: rng.choice(("black_knight", "lancelot", "dragon")),
        "quest": lambda: rng.choice(QUESTS),
        "place": lambda: rng.choice(("camelot", *QUESTS)),
        "war": lambda: rng.choice(("picts", "saxons")),
        "demand": lambda: rng.choice(("charged", "lost", "ambushed")),
        "keep_mode": lambda: rng.choice(("draw", "peek")),
        "bool": lambda: rng.random() < 0.5,
        "text": lambda: "fate",
    }
    return [kind, *(value[what]() for what in TASK_ARGS[kind])]


def edit(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One random edit of a saved game: a value replaced, a key or an item removed, a task
    pushed, a number moved by one, or a card moved between two places (the census kept)."""
    data = copy.deepcopy(data)
    paths = [p for p in _paths(data) if p[0] not in ("format",)]
    if rng.random() < 0.8:
        paths = [p for p in paths if p[0] != "history"] or paths
    path = rng.choice(paths)
    *head, last = path
    parent: Any = data
    for key in head:
        parent = parent[key]
    move = rng.random()
    numbers = [p for p in paths if type(_at(data, p)) is int]
    if move < 0.3:
        parent[last] = copy.deepcopy(rng.choice(VOCABULARY))
    elif move < 0.35:
        del parent[last]
    elif move < 0.6:
        if isinstance(data.get("pending"), list):  # (an earlier edit may have replaced it)
            data["pending"].append(random_task(data, rng))
    elif move < 0.75 and numbers:
        where = rng.choice(numbers)
        _put(data, where, _at(data, where) + rng.choice((-1, 1)))
    elif move < 0.85:
        flags = [p for p in paths if type(_at(data, p)) is bool]
        if flags:
            where = rng.choice(flags)
            _put(data, where, not _at(data, where))
    else:  # a card moved from one count to another: the census still holds
        vectors = [
            p
            for p in numbers
            if p[0] in ("wpile", "wdisc", "hands", "pool", "bpile", "bdisc", "tpile", "tdisc")
        ]
        a, b = rng.sample(vectors, 2)
        if _at(data, a) > 0:
            _put(data, a, _at(data, a) - 1)
            _put(data, b, _at(data, b) + 1)
    return data


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _put(data: Any, path: tuple[Any, ...], value: Any) -> None:
    _at(data, path[:-1])[path[-1]] = value


@settings(max_examples=250)
@given(seed=st.integers(0, 2**32 - 1))
def test_edited_saved_games_are_refused_or_play_to_the_end(seed: int) -> None:
    rng = random.Random(seed)
    expansion = rng.random() < 0.4
    players = rng.randint(3, 8 if expansion else 7)
    data = _saved(players, rng.randrange(10**6), rng.randrange(0, 200), expansion)
    for _ in range(rng.choice((1, 1, 2, 3))):
        data = edit(data, rng)
    try:
        s = from_json(json.dumps(data))
    except ValueError:
        return
    play_to_the_end(s, seed)
