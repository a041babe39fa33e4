"""One validation at each entry of the engine: every number, seat, name and count checked
against the rule data before a state exists.

The entries are :func:`camelot_rules.engine.new_game` (its options: :func:`check_options`),
:func:`camelot_rules.engine.position` (its fields: :func:`check_position_fields`, then the
position built: :func:`check_state`), :func:`camelot_rules.engine.from_json` (the saved
text: :func:`camelot_rules.engine.saved.read_saved`, then :func:`check_state`),
``GameState.observation`` and ``GameState.hand`` (the seat:
:func:`camelot_rules.base.checks.check_seat`). Each refusal is a ``ValueError`` naming the
field and what is allowed; no other exception comes out of an entry. The pending tasks of a
state are checked in :mod:`camelot_rules.engine.pending`.

The ranges come from :mod:`camelot_rules.data.rulebook` (life, swords, engines, quest spots,
the Excalibur track, the wars' warriors, the die), the card counts from the box's census
(:mod:`camelot_rules.data.decks`): every white, black and travel card lies in exactly one place.
Players 3-7 in the base game, 3-8 in Merlin's Company; no more traitors than the box deals at
that table (RB p.7; JA 7-8 players); options and fields that only mean something in Merlin's
Company are refused in the base game.

After :func:`check_state` a state satisfies the engine's invariants and plays on to the end
(``tests/engine/test_validate.py`` generates positions and edited saved games to hold that).

>>> check_options(4, False, {"traitor": "none"})["opening_share"]
'agreement'
>>> check_options(7, True, {"two_traitor_flip": 3.0})
Traceback (most recent call last):
    ...
ValueError: two_traitor_flip=3.0: expected 3 (JA 7-8 players) or 4 (each hidden traitor turns 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from camelot_rules.base import fields as F
from camelot_rules.base.checks import check_seat
from camelot_rules.data import rulebook
from camelot_rules.data.decks import check_players, standard_deck
from camelot_rules.engine import pending
from camelot_rules.engine import vocab as W
from camelot_rules.engine.state import QUEST_NAMES, GameState

__all__ = [
    "LATER_OPTIONS",
    "check_moment",
    "check_options",
    "check_position_fields",
    "check_state",
]

_TRAITOR: Final = ("standard", "none", "among_us")
_SHARE: Final = ("agreement", "draft", "random", "skip")
_SPOILS: Final = ("agreement", "random")
_CAMELOT: Final = ("apart", "one")
_TRISTAN: Final = ("any_turn", "after_turn_in_camelot")
_TO_CAMELOT: Final = ("draw", "safe")
#: options added after games were first saved: a saved game without one plays its default
LATER_OPTIONS: Final = frozenset(
    {
        "camelot_actions",
        "tristan_departure",
        "spoils_share",
        "siege_without_fight",
        "travel_to_camelot",
    }
)
_FAVOR: Final = ("next_tie", "final_count")
_COATS: Final = ("expansion", "base", "mixed")


# --- options (new_game, position, a saved game's configuration) ---------------------------------
def check_options(players: int, expansion: bool, options: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options with their defaults filled in, or a ``ValueError`` naming the option
    and what it allows (see :mod:`camelot_rules.engine.setup` for their meaning). Options of
    Merlin's Company are refused in the base game."""
    if not isinstance(expansion, bool):
        raise ValueError(f"expansion={expansion!r}: expected True or False")
    players = check_players(players, expansion)
    base = {
        "traitor",
        "three_player_peek",
        "opening_share",
        "spoils_share",
        "camelot_actions",
        "tristan_departure",
        "siege_without_fight",
        "knights",
    }
    extra = {
        "coats",
        "travel_mix",
        "divine_favor_reading",
        "two_traitor_flip",
        "travel_to_camelot",
    }
    known = base | extra if expansion else base
    unknown = sorted(map(str, set(options) - known))
    if unknown:
        mc = [name for name in unknown if name in extra]
        if mc:
            raise ValueError(
                f"{mc[0]}={F.short(options[mc[0]])}: an option of Merlin's Company; it means "
                "nothing in the base game (add expansion=True)"
            )
        raise ValueError(f"unknown option(s) {unknown}; expected some of {sorted(known)}")
    out: dict[str, Any] = {
        "traitor": F.one_of("traitor", options.get("traitor", "standard"), _TRAITOR),
        "three_player_peek": F.yes_no(
            "three_player_peek", options.get("three_player_peek", players == 3)
        ),
        "opening_share": F.one_of(
            "opening_share", options.get("opening_share", "agreement"), _SHARE
        ),
        "spoils_share": F.one_of("spoils_share", options.get("spoils_share", "agreement"), _SPOILS),
        "camelot_actions": F.one_of(
            "camelot_actions", options.get("camelot_actions", "apart"), _CAMELOT
        ),
        "tristan_departure": F.one_of(
            "tristan_departure", options.get("tristan_departure", "any_turn"), _TRISTAN
        ),
        "siege_without_fight": F.yes_no(
            "siege_without_fight", options.get("siege_without_fight", False)
        ),
    }
    if expansion:
        coats = options.get("coats", "expansion")
        if coats not in _COATS:
            raise ValueError(
                f"coats={F.short(coats)}: expected 'expansion' (King Arthur and the new "
                "knights), 'base' or 'mixed'"
            )
        if coats == "base" and players > len(rulebook.KNIGHTS):
            raise ValueError(f"coats='base' has {len(rulebook.KNIGHTS)} knights for {players}")
        out["coats"] = coats
        out["travel_mix"] = _travel_mix(options.get("travel_mix", "assumed"))
        flip = options.get("two_traitor_flip", 3)
        if not F.is_int(flip) or flip not in (3, 4):
            raise ValueError(
                f"two_traitor_flip={F.short(flip)}: expected 3 (JA 7-8 players) or "
                "4 (each hidden traitor turns 2)"
            )
        out["two_traitor_flip"] = flip
        reading = options.get("divine_favor_reading", "next_tie")
        if reading not in _FAVOR:
            raise ValueError(
                f"divine_favor_reading={F.short(reading)}: expected one of {list(_FAVOR)} (the "
                "next tie of any kind, or only the final count of swords)"
            )
        out["divine_favor_reading"] = reading
        out["travel_to_camelot"] = F.one_of(
            "travel_to_camelot", options.get("travel_to_camelot", "draw"), _TO_CAMELOT
        )
    if options.get("knights") is not None:
        out["knights"] = _option_knights(players, expansion, options["knights"])
    return out


def _option_knights(players: int, expansion: bool, value: object) -> tuple[str, ...]:
    names = W.knight_names(expansion)
    knights = tuple(F.items("knights", value, "knight names"))
    if (
        len(knights) != players
        or not all(isinstance(k, str) for k in knights)
        or len(set(knights)) != players
        or not set(knights) <= set(names)
    ):
        raise ValueError(
            f"knights={F.short(knights)}: expected {players} different names from {list(names)}"
        )
    if expansion and "arthur" not in knights:
        raise ValueError(
            f"knights={F.short(knights)}: King Arthur always plays in Merlin's Company (JA setup)"
        )
    return knights


def _travel_mix(mix: object) -> str | tuple[int, ...]:
    """A named travel mix, or 7 counts (one per kind of ``rulebook.TRAVEL_KINDS``) summing to
    16 - the box's travel deck (JA setup); a mix equal to a named one is kept as its name."""
    size = rulebook.threshold("travel_deck_size")
    if isinstance(mix, str):
        if mix not in rulebook.TRAVEL_MIXES:
            raise ValueError(
                f"travel_mix={F.short(mix)}: expected one of {list(rulebook.TRAVEL_MIXES)} or 7 "
                f"counts in the order {', '.join(rulebook.TRAVEL_KINDS)}"
            )
        return mix
    counts = tuple(mix) if isinstance(mix, list | tuple) else None
    if (
        counts is None
        or len(counts) != len(rulebook.TRAVEL_KINDS)
        or not all(F.is_int(c) and c >= 0 for c in counts)
        or sum(counts) != size
    ):
        raise ValueError(
            f"travel_mix={F.short(mix)}: expected a name ({', '.join(rulebook.TRAVEL_MIXES)}) or "
            f"7 whole counts summing to {size}, in the order {', '.join(rulebook.TRAVEL_KINDS)}"
        )
    for name, named in rulebook.TRAVEL_MIXES.items():
        if counts == named:
            return name
    return counts


# --- the fields of a position built by hand -----------------------------------------------------
def _seat_map(
    field: str, value: object, players: int, check: Callable[[str, object], object]
) -> None:
    for seat, x in F.mapping(field, value, "seat -> value").items():
        check_seat(f"{field} seat", seat, players)
        check(f"{field}[{seat!r}]", x)


def check_position_fields(players: int, expansion: bool, f: Mapping[str, Any]) -> None:
    """Each field of :func:`camelot_rules.engine.position` on its own: types, ranges from the
    rule data, seats at this table, card names of this box. ``f`` maps field -> value (the
    function's parameters). Cross-field rules (the census, the traitors, the dead) are
    :func:`check_state`'s, on the position built."""
    n = players
    white = standard_deck("white", expansion=expansion).names()
    black = standard_deck("black", expansion=expansion).names()
    F.whole("turn", f["turn"], 0, n - 1, " (a seat)")
    F.one_of("phase", f["phase"], ("evil", "heroic"))
    F.whole("white_swords", f["white_swords"], 0, W.SWORDS_TO_END)
    F.whole("black_swords", f["black_swords"], 0, W.BLACK_TO_LOSE)
    if f["white_swords"] + f["black_swords"] > W.SWORDS_TO_END:
        raise ValueError(
            f"white_swords={f['white_swords']}, black_swords={f['black_swords']}: the Round "
            f"Table holds {W.SWORDS_TO_END} swords"
        )
    F.whole("siege_engines", f["siege_engines"], 0, W.ENGINES_TO_LOSE)
    if f["knights"] is not None:
        names = F.members(
            "knights", f["knights"], W.knight_names(expansion), "a knight of this box"
        )
        if len(names) != n or len(set(names)) != n:
            F.fail("knights", f["knights"], f"{n} different knight names")
    if f["loyalty"] is not None:
        loyalty = F.members("loyalty", f["loyalty"], ("loyal", "traitor"), "a loyalty card")
        if len(loyalty) != n:
            F.fail("loyalty", f["loyalty"], f"{n} of 'loyal'/'traitor'")
    for seat, cards in F.mapping("hands", f["hands"] or {}, "seat -> white cards").items():
        check_seat("hands seat", seat, n)
        F.counts(f"hands[{seat!r}]", cards, white, "a white card")
    _seat_map("life", f["life"] or {}, n, lambda k, v: F.whole(k, v, 0, W.MAX_LIFE))
    _seat_map("location", f["location"] or {}, n, lambda k, v: F.one_of(k, v, W.PLACES))
    over = F.members("over", f["over"], W.ONE_OFF, "a quest that ends once")
    if len(set(over)) != len(over):
        F.fail("over", f["over"], "each quest at most once")
    if "dragon" in over and "lancelot" not in over:
        F.fail("over", f["over"], "'lancelot' too: the Dragon comes after Lancelot (BoQ p.7)")
    for quest, spec in F.mapping("quests", f["quests"] or {}, "quest -> its cards").items():
        _quest_field(quest, spec, over, black, expansion)
    for relic, seat in F.mapping("relics", f["relics"] or {}, "relic -> seat").items():
        F.one_of("relics", relic, W.RELICS)
        check_seat(f"relics[{relic!r}]", seat, n)
    F.members("black_top", f["black_top"], black, "a black card")
    F.members("in_play", f["in_play"], W.IN_PLAY, "a black card that stays in play")
    for name in ("accused", "revealed", "dead", "captured"):
        F.seats(name, f[name], n)
    if f["heroism"]:
        F.one_of("heroism", f["heroism"], QUEST_NAMES)
    F.counts("white_discard", f["white_discard"] or {}, white, "a white card")
    F.counts("black_discard", f["black_discard"] or {}, black, "a black card")
    F.yes_no("divine_favor", f["divine_favor"])
    # the fields of Merlin's Company: their types always, their values in its box only
    merlin = f["merlin"]
    if merlin is not None and not isinstance(merlin, str):
        F.fail("merlin", merlin, "a quest, 'camelot' or None")
    F.seats("captured", f["captured"], n)
    witches = F.members("witches", f["witches"], W.LASTING_WITCHES, "a witch that stays in play")
    F.members("travel_top", f["travel_top"], rulebook.TRAVEL_KINDS, "a travel card")
    F.counts("travel_discard", f["travel_discard"] or {}, rulebook.TRAVEL_KINDS, "a travel card")
    F.counts("removed", f["removed"] or {}, black, "a black card")
    if len(set(witches)) != len(witches):
        F.fail("witches", f["witches"], "each witch at most once")
    if not expansion:
        for name in (
            "merlin",
            "captured",
            "witches",
            "travel_top",
            "removed",
            "divine_favor",
            "travel_discard",
        ):
            value = f[name]
            if value and (not isinstance(value, Iterable) or list(value)):
                raise ValueError(
                    f"{name}={F.short(value)}: a field of Merlin's Company; it means nothing in "
                    "the base game (add expansion=True)"
                )
        return
    if merlin:
        F.one_of("merlin", merlin, W.PLACES)


def _quest_field(
    quest: object, spec: object, over: tuple[str, ...], black: tuple[str, ...], expansion: bool
) -> None:
    """One quest of ``position(quests=...)``: its cards within its spots (BoQ pp.5-10); its
    wild "Fight ?" cards each one of its Fight values (F §3d, S16).

    Rules: ``white.fight-wild``."""
    name = F.one_of("quests", quest, QUEST_NAMES)
    field = f"quests[{name!r}]"
    q = F.mapping(field, spec, "what lies on the quest")
    keys = {
        "black_knight": ("white", "black", "wild"),
        "lancelot": ("white", "black", "wild"),
        "dragon": ("white", "black", "wild"),
        "excalibur": ("position",),
        "grail": ("grails", "blacks", "dark_forest"),
        "picts": ("fights", "warriors", "mordred", "wild"),
        "saxons": ("fights", "warriors", "mordred", "wild"),
    }[name]
    unknown = [k for k in q if k not in keys]
    if unknown:
        raise ValueError(f"{field}: unknown key {F.short(unknown[0])}; expected some of {keys}")
    if name in over or (name == "lancelot" and "lancelot" in over):
        raise ValueError(f"{field}: the quest is over (it is in over)")
    data = W.QUESTS[name]
    if name in W.COMBAT_PREFIX:
        whites = F.items(f"{field}['white']", q.get("white", ()), "Fight values")
        for v in whites:
            F.whole(f"{field}['white']", v, W.FIGHTS[0], W.FIGHTS[-1], " (a Fight value)")
        if len(whites) > data.white_spots:
            F.fail(f"{field}['white']", whites, f"at most {data.white_spots} (its white spots)")
        _wild_field(field, q.get("wild", ()), list(whites), "its 'white' values", expansion)
        blacks = F.items(f"{field}['black']", q.get("black", ()), "black cards")
        allowed = tuple(c for c in black if c.startswith(W.COMBAT_PREFIX[name]))
        for b in blacks:
            card = b if isinstance(b, str) else (b[0] if isinstance(b, list | tuple) else b)
            if isinstance(b, list | tuple) and (len(b) != 2 or not isinstance(b[1], bool)):
                F.fail(f"{field}['black']", b, "a card name or (card name, face down True/False)")
            if not isinstance(card, str) or card not in allowed:
                raise ValueError(
                    f"{field}['black']: {F.short(card)} is not laid on {name}; expected one of "
                    f"{list(allowed)} (RB p.11)"
                )
        if len(blacks) >= data.black_spots:
            F.fail(
                f"{field}['black']",
                blacks,
                f"at most {data.black_spots - 1}: with its {data.black_spots} black spots "
                "full the combat is over (RB p.14)",
            )
    elif name == "excalibur":
        F.whole(
            f"{field}['position']",
            q.get("position", 0),
            1 - W.STEPS,
            W.STEPS - 1,
            " (a bank ends it)",
        )
    elif name == "grail":
        grails = F.whole(f"{field}['grails']", q.get("grails", 0), 0, W.GRAIL_SPOTS - 1)
        on_grail = F.members(
            f"{field}['blacks']", q.get("blacks", ()), W.GRAIL_BLACKS, "a Grail card"
        )
        F.yes_no(f"{field}['dark_forest']", q.get("dark_forest", False))
        if grails + len(on_grail) > W.GRAIL_SPOTS or len(on_grail) >= W.GRAIL_SPOTS:
            raise ValueError(
                f"{field}: {grails} Grail and {len(on_grail)} black cards on its "
                f"{W.GRAIL_SPOTS} spots (BoQ p.9)"
            )
    else:
        mordred = F.yes_no(f"{field}['mordred']", q.get("mordred", False))
        top = len(W.FIGHTS) - 1 + (1 if mordred else 0)
        fights = F.whole(
            f"{field}['fights']", q.get("fights", 0), 0, top, " (the last one wins the war)"
        )
        F.whole(f"{field}['warriors']", q.get("warriors", 0), 0, W.WARRIORS - 1)
        straight = list(rulebook.war_sequence(name, mordred=mordred)[:fights])
        _wild_field(field, q.get("wild", ()), straight, "the war's straight laid", expansion)


def _wild_field(
    field: str, wild: object, laid: list[int], where: str, expansion: bool
) -> list[int]:
    """A quest's ``"wild"``: the values its wild "Fight ?" cards were laid as, each one of the
    Fight values ``laid`` there (F §3d, S16). Rules: ``white.fight-wild``."""
    values = F.items(f"{field}['wild']", wild, "Fight values")
    if values and not expansion:
        F.fail(f"{field}['wild']", values, "none: the wild 'Fight ?' card is Merlin's Company's")
    rest = list(laid)
    for v in values:
        F.whole(f"{field}['wild']", v, W.FIGHTS[0], W.FIGHTS[-1], " (the value it was laid as)")
        if v not in rest:
            F.fail(f"{field}['wild']", values, f"values among {where}: {laid}")
        rest.remove(v)
    return values


# --- a whole state -------------------------------------------------------------------------------
def check_state(s: GameState) -> None:
    """The state as a whole against the rules: the box's census, the seats, the traitors, the
    quests and the counters; a ``ValueError`` names what is wrong. Every state the engine
    reaches by play passes; a position or a saved game must pass before it is handed out."""
    cfg = s.cfg
    n = cfg.players
    over = s.outcome is not None
    box = {
        "white": dict(zip(cfg.white_names, cfg.white_box)),
        "black": dict(zip(cfg.black_names, cfg.black_box)),
    }
    if cfg.expansion:
        box["travel"] = dict(zip(cfg.travel_names, cfg.travel_box))
    pending.check_pending(s)
    if not cfg.expansion:
        extra = {
            "captured": any(s.captured),
            "merlin": bool(s.merlin),
            "witches": bool(s.witches),
            "favor": s.favor,
            "removed_b": any(s.removed_b),
            "removed_w": any(s.removed_w),
            "ttop": bool(s.ttop),
        }
        for name, used in extra.items():
            if used:
                raise ValueError(
                    f"{name}: a part of Merlin's Company; it means nothing in the base game"
                )
    _check_wild(s)
    census = s.card_census()
    for kind, counts in box.items():
        wrong = {
            c: (census[kind].get(c, 0), k) for c, k in counts.items() if census[kind].get(c, 0) != k
        }
        if wrong:
            card, (got, k) = sorted(wrong.items())[0]
            raise ValueError(
                f"{kind} cards: {got} {card!r} in the game, the box holds {k} (every card lies "
                "in exactly one place: a pile, a hand, a quest, in play)"
            )
    if s.phase != "setup":
        most = W.most_traitors(n, cfg.expansion, cfg.option("traitor"))
        traitors = s.loyalty.count("traitor")
        if traitors > most:
            raise ValueError(
                f"loyalty: {traitors} traitors at {n} players; the box deals at most {most} "
                "(RB p.7; JA 7-8 players)"
            )
    for seat in range(n):
        if s.revealed[seat] and s.loyalty[seat] != "traitor":
            raise ValueError(f"revealed: seat {seat} is unmasked but holds a loyal card")
        # (an unmasked traitor's figure leaves the board - BoQ p.13 - but the engine lets a
        # traitor who unmasks himself with Fate finish his turn, and move: not checked)
        if s.dead[seat] and s.location[seat]:
            raise ValueError(f"location: seat {seat} is dead and has no figure on the board")
        if not (s.dead[seat] or s.revealed[seat]) and s.phase != "setup" and not s.location[seat]:
            raise ValueError(f"location: seat {seat}'s knight stands nowhere")
        if s.dead[seat] and s.captured[seat]:
            raise ValueError(f"captured: seat {seat} is dead")
        if (s.dead[seat] or s.revealed[seat]) and any(s.hands[seat]):
            raise ValueError(
                f"hands: seat {seat} is out of the game and holds cards (RB p.12; BoQ p.13)"
            )
    _check_places(s)
    for k, holder in enumerate(s.relics):
        if holder >= 0 and (s.dead[holder] or (s.revealed[holder] and k != 2)):
            raise ValueError(
                f"relics: {W.RELICS[k]} is held by seat {holder}, who is out of the game"
            )
    if not over:
        if s.bsw >= W.BLACK_TO_LOSE or s.wsw + s.bsw >= W.SWORDS_TO_END:
            raise ValueError(
                f"white_swords={s.wsw}, black_swords={s.bsw}: the game would be over "
                f"({W.BLACK_TO_LOSE} black or {W.SWORDS_TO_END} swords end it)"
            )
        if s.engines >= W.ENGINES_TO_LOSE:
            raise ValueError(f"siege_engines={s.engines}: the {W.ENGINES_TO_LOSE}th ends the game")
        if s.phase != "setup" and not s.pending:
            loyal = [i for i in range(n) if s.loyalty[i] == "loyal"]
            if all(s.dead[i] or s.revealed[i] for i in range(n)) or (
                loyal and all(s.dead[i] for i in loyal)
            ):
                raise ValueError("dead: every loyal knight is dead, so the game is over (RB p.12)")
        if s.phase in ("evil", "heroic") and not s.pending and s.dead[s.turn]:
            raise ValueError(
                f"turn={s.turn}: that knight is dead; a dead knight's turns are skipped"
            )
        if (
            s.phase in ("evil", "heroic")
            and not s.pending
            and s.captured[s.turn]
            and not s.revealed[s.turn]
        ):
            raise ValueError(
                f"turn={s.turn}: that knight is captured; a captured knight's turns are skipped "
                "(JA travel rules)"
            )
        if s.phase == "evil" and not s.pending and s.revealed[s.turn]:
            raise ValueError(
                f"turn={s.turn}: that seat is the unmasked traitor, whose turn is the "
                "traitor's (BoQ p.13)"
            )


def _check_wild(s: GameState) -> None:
    """Each wild "Fight ?" card on a quest stands for one of the Fight values laid there,
    listed once, in order (F §3d, S16). Rules: ``white.fight-wild``."""
    if s.wild_laid and not s.cfg.expansion:
        raise ValueError("wild_laid: a part of Merlin's Company; it means nothing in the base game")
    if list(s.wild_laid) != sorted(s.wild_laid):
        raise ValueError(f"wild_laid={list(s.wild_laid)}: expected sorted (quest, value) pairs")
    laid: dict[str, list[int]] = {"black_knight": list(s.bk_w)}
    if s.ld_mode != "over":
        laid[s.ld_mode] = list(s.ld_w)
    for k, war in enumerate(W.WARS):
        fights, _, mordred = s.wars[k]
        laid[war] = list(rulebook.war_sequence(war, mordred=mordred)[:fights])
    for quest, value in s.wild_laid:
        rest = laid.get(quest)
        if rest is None or value not in rest:
            raise ValueError(
                f"wild_laid: a 'Fight ?' card laid as {value} on {quest}, where no Fight "
                f"{value} lies; expected one of the values laid there ({laid.get(quest, [])})"
            )
        rest.remove(value)


def _check_places(s: GameState) -> None:
    """Quests in progress hold what their spots allow; the knights stand where a quest goes on."""
    live = {"black_knight", "picts", "saxons", "camelot"}
    if s.ld_mode != "over":
        live.add(s.ld_mode)
    if not s.exc_over:
        live.add("excalibur")
    if not s.grail_over:
        live.add("grail")
    for seat, where in enumerate(s.location):
        if where and where not in live:
            raise ValueError(f"location: seat {seat} stands on {where}, which is not in play")
    if s.heroism and s.heroism not in live:
        raise ValueError(f"heroism={s.heroism!r}: that quest is not in play")
    # (Merlin's figure may stand on a finished quest: it blocks that quest's engines, JA)
    for quest, whites, blacks in (("black_knight", s.bk_w, s.bk_b), (s.ld_mode, s.ld_w, s.ld_b)):
        if quest == "over":
            if whites or blacks:
                raise ValueError("quests: cards lie on the Lancelot/Dragon quest, which is over")
            continue
        data = W.QUESTS[quest]
        if len(whites) > data.white_spots or len(blacks) > data.black_spots:
            raise ValueError(
                f"quests[{quest!r}]: {len(whites)} white and {len(blacks)} black cards on "
                f"{data.white_spots} and {data.black_spots} spots"
            )
        for card, _ in blacks:
            if not card.startswith(W.COMBAT_PREFIX[quest]):
                raise ValueError(f"quests[{quest!r}]: {card!r} is not laid on {quest} (RB p.11)")
    if not s.exc_over and not -W.STEPS < s.exc_pos < W.STEPS and not s.pending:
        raise ValueError(f"quests['excalibur']: position {s.exc_pos} is past a bank")
    if s.grail_over and (s.grail_n or s.grail_b or s.dark_forest):
        raise ValueError("quests['grail']: cards lie on the Grail quest, which is over")
    if s.grail_n + len(s.grail_b) > W.GRAIL_SPOTS:
        raise ValueError(
            f"quests['grail']: {s.grail_n} Grail and {len(s.grail_b)} black cards on its "
            f"{W.GRAIL_SPOTS} spots"
        )


def check_moment(s: GameState) -> None:
    """The state stops where the engine stops: at the end, at a chance event with something
    to draw, or at a decision with something to choose (never at a step that runs by itself).
    For a state about to be handed out (a position once set up, a saved game once loaded)."""
    if s.outcome is not None:
        return
    if s.pending and s.pending[-1][0] in pending.AUTOMATIC:
        raise ValueError(
            f"pending[-1]={F.short(s.pending[-1])}: a step that runs by itself; a game stops "
            "only at a chance event or a decision"
        )
    if s.is_chance():
        if not s.chance_outcomes():
            raise ValueError(f"pending[-1]={F.short(s.pending[-1])}: nothing left to draw")
    elif not s.legal_actions():
        where = f"pending[-1]={F.short(s.pending[-1])}" if s.pending else f"phase={s.phase!r}"
        raise ValueError(f"{where}: nobody can act here")
