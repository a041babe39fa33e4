"""Starting a game: the options, the deal, and positions built by hand for questions and tests.

Options (each a reading or a variant of the official rules, recorded in the state):

* ``traitor`` - ``"standard"``: 8 loyalty cards, 7 loyal + 1 traitor, one dealt each (RB p.7);
  ``"none"``: the first-game variant without a traitor (RB p.8): every knight is loyal (at 8
  players too, where the box's 7 loyal cards do not go round); ``"among_us"``: as many loyal
  cards as players plus the traitor (RB p.18).
* ``three_player_peek`` - with 3 players nobody looks at his loyalty card before 6 swords are
  laid (RB p.19). Default: on at 3 players.
* ``opening_share`` - the opening share of one white card each (RB p.8): ``"draft"`` (each
  player in turn takes one offered card - the engine's reading of "shared by agreement"),
  ``"random"`` (the cards are shuffled and dealt, the rulebook's fallback), ``"skip"``.
* ``knights`` - the coats of arms per seat; default: dealt at random (RB p.7).

Merlin's Company only (each an assumption or a reading where the JA seed is silent or open):

* ``coats`` - the knights' coats of arms: ``"expansion"``, ``"base"`` or ``"mixed"`` (JA setup).
* ``travel_mix`` - the 16 travel cards per kind, which the seed omits (JA travel rules): a name
  of :data:`camelot_rules.data.rulebook.TRAVEL_MIXES` (``"assumed"``, the default, 8 harmless and 8
  harmful; ``"harmful_majority"``, 6 and 10) or 7 counts in ``rulebook.TRAVEL_KINDS`` order
  summing to 16.
* ``divine_favor_reading`` - the reading of Divine Favor's "the next tie ... goes the
  knights' way" (JA special white cards): ``"next_tie"`` (the default: the next siege fight,
  combat quest or final count that ends level, then it is used up) or ``"final_count"`` (only
  the end of the game's count of swords, the seed's second sentence; siege fights and combat
  quests tie as usual).
* ``two_traitor_flip`` - the white swords two hidden traitors turn at the end (7-8 players):
  ``3`` (the default, JA 7-8 players and an independent review) or ``4`` (the reading "each
  turns 2, as one does in the base game", RB p.17).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from camelot_rules.data import rulebook
from camelot_rules.data.decks import check_players, standard_deck
from camelot_rules.engine import actions as A
from camelot_rules.engine import validate as V
from camelot_rules.engine.board import push
from camelot_rules.engine.flow import advance, chance_weights
from camelot_rules.engine.game import RULES
from camelot_rules.engine.saved import LATER_SLOTS, read_saved
from camelot_rules.engine.state import (
    GONE,
    ON_QUEST,
    QUEST_NAMES,
    SLOTS,
    UNSEEN,
    Config,
    GameResult,
    GameState,
)
from camelot_rules.engine.turns import deal_merlins, start_turn
from camelot_rules.engine.views import FORMAT, decode_step, tuples

__all__ = [
    "from_json",
    "loyalty_counts",
    "new_game",
    "play_random",
    "position",
    "random_step",
    "table_game",
]

_QUEST_LOCATIONS = ("camelot", *QUEST_NAMES)


def _knight_names(expansion: bool) -> tuple[str, ...]:
    return rulebook.KNIGHTS + (rulebook.EXPANSION_KNIGHTS if expansion else ())


def _knight_pool(cfg: Config) -> tuple[str, ...]:
    """The coats of arms dealt at random; in Merlin's Company King Arthur always plays (given
    to seat 0) and the others come from the chosen set (JA setup).

    Rules: ``setup.expansion``."""
    if not cfg.expansion:
        return rulebook.KNIGHTS
    others = {
        "expansion": rulebook.EXPANSION_KNIGHTS,
        "base": rulebook.KNIGHTS[1:],
        "mixed": rulebook.KNIGHTS[1:] + rulebook.EXPANSION_KNIGHTS,
    }[cfg.option("coats")]
    return tuple(others)


def _blank(cfg: Config) -> GameState:
    s = GameState.__new__(GameState)
    n = cfg.players
    zeros_w = (0,) * len(cfg.white_names)
    zeros_b = (0,) * len(cfg.black_names)
    values: dict[str, Any] = {
        "cfg": cfg,
        "knights": ("",) * n,
        "loyalty": ("",) * n,
        "life": (rulebook.threshold("starting_life"),) * n,
        "dead": (False,) * n,
        "revealed": (False,) * n,
        "accused": (False,) * n,
        "location": ("camelot",) * n,
        "hands": (zeros_w,) * n,
        "relics": (ON_QUEST, ON_QUEST, ON_QUEST),
        "wpile": cfg.white_box,
        "wdisc": zeros_w,
        "bpile": cfg.black_box,
        "bdisc": zeros_b,
        "btop": (),
        "bbottom": (),
        "deal_pool": ((), 0, 0),
        "bk_w": (),
        "bk_b": (),
        "ld_mode": "lancelot",
        "ld_w": (),
        "ld_b": (),
        "exc_pos": 0,
        "exc_over": False,
        "grail_n": 0,
        "grail_b": (),
        "dark_forest": False,
        "grail_over": False,
        "wars": ((0, 0, False), (0, 0, False)),
        "wild_laid": (),
        "engines": 0,
        "wsw": 0,
        "bsw": 0,
        "vivien": False,
        "mists": False,
        "heroism": "",
        "turn": 0,
        "phase": "setup",
        "turn_no": 0,
        "tflags": frozenset(),
        "done": 0,
        "pending": (),
        "pool": zeros_w,
        "outcome": None,
        "tpile": cfg.travel_box,
        "tdisc": (0,) * len(cfg.travel_box),
        "ttop": (),
        "captured": (False,) * n,
        "merlin": "",
        "witches": frozenset(),
        "removed_b": zeros_b,
        "removed_w": zeros_w,
        "favor": False,
        "events": (),
        "hist": None,
        "note": ("", ""),
        "_legal": None,
        "_hash": None,
    }
    s._set(**values)  # (the compiled engine refuses object.__setattr__ from Python code)
    return s


def new_game(
    players: int, *, expansion: bool = False, seed: int | None = None, **options: Any
) -> GameState:
    """A new game: the chance state before the deal, or with ``seed`` the dealt game.

    The deal (RB pp.6-8): coats of arms at random, the loyalty cards (see the ``traitor``
    option), one Merlin card each, then 5 white cards each from the shuffled rest; then the
    opening share. With ``seed`` the chance events of the deal are sampled with
    ``random.Random(seed)`` and the game stops at its first decision.

    With ``expansion=True`` (Merlin's Company, 3-8 players): King Arthur always plays (seat
    0), the coats of arms of the ``coats`` option, the 9-card loyalty deck (the second traitor
    only at 7-8 players), the travel deck, Merlin's figure off the board (JA setup).

    Rules: ``setup.deal``, ``setup.loyalty``, ``setup.first-player``, ``setup.opening-share``,
    ``setup.expansion``.

    >>> game = new_game(5, seed=1)
    >>> game.is_chance(), sum(game.observation(game.current_player)["hand_sizes"].values())
    (False, 30)
    """
    players = check_players(players, expansion)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"seed={seed!r}: expected a whole number or None")
    opts = V.check_options(players, expansion, options)
    cfg = Config.make(players, expansion, opts, RULES)
    s = _blank(cfg)
    loyal, traitors = loyalty_counts(players, expansion, opts["traitor"])
    pool = _knight_pool(cfg)
    s._set(deal_pool=(pool, loyal, traitors))
    tasks: list[tuple[Any, ...]] = []
    if "knights" in opts:
        s._set(knights=opts["knights"], deal_pool=((), loyal, traitors))
    elif expansion:
        knights = list(s.knights)
        knights[0] = "arthur"  # JA setup: King Arthur always plays
        s._set(knights=tuple(knights))
        tasks += [("deal_knight", seat) for seat in range(1, players)]
    else:
        tasks += [("deal_knight", seat) for seat in range(players)]
    tasks += [("deal_loyalty", seat) for seat in range(players)]
    tasks.append(("deal_merlins",))
    per_knight = rulebook.threshold("white_cards_per_knight_at_setup")
    tasks += [("wdraw", seat, per_knight) for seat in range(players)]
    tasks += [("share_setup",), ("begin",)]
    push(s, *tasks)
    s._set_note(("the game is set up", "setup.deal"))
    advance(s)
    if seed is None:
        return s
    rng = random.Random(seed)
    while s.is_chance():
        s = random_step(s, rng)
    return s


def loyalty_counts(players: int, expansion: bool, traitor: str) -> tuple[int, int]:
    """(loyal, traitor) cards the loyalty deal draws from: the box's loyalty deck for the count
    (``setup.loyalty``), none of its traitors with ``traitor="none"``, a loyal card for every
    seat with ``"among_us"`` (the traitors then as the box has them).

    Without a traitor every knight is loyal: at 8 players (Merlin's Company) the box holds 7
    loyal cards, so the deal counts one loyal card per seat at least (RB p.8 removes the traitor
    card; it plays 3-7, and the JA 7-8 player rules do not speak of the variant).

    >>> loyalty_counts(5, False, "standard"), loyalty_counts(8, True, "none")
    ((7, 1), (8, 0))
    """
    loyalty = standard_deck("loyalty", expansion=expansion, players=players)
    loyal, traitors = loyalty.count("loyal"), loyalty.count("traitor")
    if traitor == "none":
        loyal, traitors = max(loyal, players), 0
    elif traitor == "among_us":
        loyal = players
    return loyal, traitors


def table_game(
    players: int, *, expansion: bool = False, knights: Iterable[str], **options: Any
) -> GameState:
    """The start of a game as the table sees it (the information set of
    :mod:`camelot_rules.engine.infoset`): the coats of arms as seated (``knights``, clockwise),
    each knight's Merlin card (RB p.7: one to each, face up), and every other white card
    :data:`~camelot_rules.engine.state.UNSEEN`. The state waits for the loyalty deal (chance:
    ``Deal(seat, "loyal" | "traitor")``, the box's loyalty deck), then each knight draws his 5
    white cards (chance: ``Draw("white", "unseen")``), then the opening share and the first turn,
    as in :func:`new_game`. Options as for :func:`new_game` (``knights`` is this argument).

    Rules: ``setup.deal``, ``setup.merlins``, ``setup.loyalty``, ``setup.expansion``.

    >>> s = table_game(3, knights=("arthur", "kay", "gawain"))
    >>> s.is_chance(), s.hand(0)
    (True, {'merlin': 1})
    """
    players = check_players(players, expansion)
    opts = V.check_options(players, expansion, {**options, "knights": tuple(knights)})
    cfg = Config.make(players, expansion, opts, RULES).with_unseen()
    s = _blank(cfg)
    loyal, traitors = loyalty_counts(players, expansion, opts["traitor"])
    s._set(knights=opts["knights"], deal_pool=((), loyal, traitors))
    deal_merlins(s, ("deal_merlins",))
    # every card left in the draw pile is unseen by the table
    s._set(wpile=(0,) * (len(cfg.white_names) - 1) + (sum(s.wpile),))
    per_knight = rulebook.threshold("white_cards_per_knight_at_setup")
    tasks: list[tuple[Any, ...]] = [("deal_loyalty", seat) for seat in range(players)]
    tasks += [("wdraw", seat, per_knight) for seat in range(players)]
    tasks += [("share_setup",), ("begin",)]
    push(s, *tasks)
    s._set_note(("the game is set up as the table sees it", "setup.deal"))
    advance(s)
    assert s.cfg.white_names[-1] == UNSEEN
    return s


def random_step(state: GameState, rng: random.Random) -> GameState:
    """One step: a chance outcome sampled with its exact weight, or a uniformly random legal
    action. Sampling uses only ``rng`` (same seed, same game)."""
    if state.is_chance():
        outcomes, weights = chance_weights(state)
        pick = rng.randrange(sum(weights))
        for outcome, w in zip(outcomes, weights):
            if pick < w:
                return state.apply_chance(outcome)
            pick -= w
        raise AssertionError("unreachable")  # pragma: no cover
    actions = state.legal_actions()  # computed once: apply() reuses the state's cached list
    return state.apply(actions[rng.randrange(len(actions))])


def play_random(state: GameState, rng: random.Random, *, max_steps: int = 100_000) -> GameState:
    """Play random steps to the end of the game (a limit on steps raises, never truncates)."""
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        state = random_step(state, rng)
    raise ValueError(f"the game did not end within max_steps={max_steps}")


def probability_of(state: GameState, outcome: A.Outcome) -> Fraction:
    """The exact probability of one chance outcome of ``state``."""
    for o, p in state.chance_outcomes():
        if o == outcome:
            return p
    return Fraction(0)


# --- hand-built positions -----------------------------------------------------------------------
def position(
    players: int = 4,
    *,
    knights: Iterable[str] | None = None,
    loyalty: Iterable[str] | None = None,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    life: Mapping[int, int] | None = None,
    location: Mapping[int, str] | None = None,
    turn: int = 0,
    phase: str = "evil",
    white_swords: int = 0,
    black_swords: int = 0,
    siege_engines: int = 0,
    quests: Mapping[str, Mapping[str, Any]] | None = None,
    over: Iterable[str] = (),
    relics: Mapping[str, int] | None = None,
    black_top: Iterable[str] = (),
    in_play: Iterable[str] = (),
    accused: Iterable[int] = (),
    revealed: Iterable[int] = (),
    dead: Iterable[int] = (),
    white_discard: Mapping[str, int] | None = None,
    black_discard: Mapping[str, int] | None = None,
    heroism: str | None = None,
    expansion: bool = False,
    merlin: str | None = None,
    captured: Iterable[int] = (),
    witches: Iterable[str] = (),
    travel_top: Iterable[str] = (),
    removed: Mapping[str, int] | None = None,
    divine_favor: bool = False,
    travel_discard: Mapping[str, int] | None = None,
    **options: Any,
) -> GameState:
    """A position built by hand (for questions about a real game, and for tests).

    Every box card not placed in a hand, on the board, in a discard pile or in play is in its
    draw pile. Knights default to the first ``players`` of Arthur, Galahad, Gawain, Kay,
    Palamedes, Percival, Tristan; loyalty to all loyal (no traitor); life to 4; location to
    Camelot. ``phase`` is ``"evil"`` (the start of ``turn``'s turn) or ``"heroic"``.

    With ``expansion=True`` (Merlin's Company): ``merlin`` (Merlin's figure: a quest,
    ``"camelot"`` or None), ``captured`` seats, lasting ``witches``, the known ``travel_top``,
    the ``travel_discard`` pile,
    black cards ``removed`` from the game, ``divine_favor`` played and not yet used. A quest's
    ``"wild"`` lists the values its wild "Fight ?" cards were laid as: each is also one of its
    ``"white"`` values (a war's: one of the straight's first ``"fights"`` values).

    >>> s = position(3, hands={0: {"fight_3": 2}}, siege_engines=2, phase="heroic")
    >>> [str(a) for a in s.legal_actions() if "siege" in str(a)]
    ['fight a siege engine with 3', 'fight a siege engine with 3+3']

    Rules: ``setup.deal``, ``white.fight-wild``.
    """
    players = check_players(players, expansion)
    V.check_position_fields(players, expansion, locals())  # every field, before it is used
    opts = V.check_options(players, expansion, options)
    cfg = Config.make(players, expansion, opts, RULES)
    s = _blank(cfg)
    default = (rulebook.KNIGHTS + rulebook.EXPANSION_KNIGHTS)[:players]
    names = tuple(knights) if knights is not None else default
    if (
        len(names) != players
        or not set(names) <= set(_knight_names(expansion))
        or len(set(names)) != players
    ):
        raise ValueError(f"knights={names!r}: expected {players} different knight names")
    loyal = tuple(loyalty) if loyalty is not None else ("loyal",) * players
    if len(loyal) != players or not set(loyal) <= {"loyal", "traitor"}:
        raise ValueError(f"loyalty={loyal!r}: expected {players} of 'loyal'/'traitor'")
    s._set(knights=names, loyalty=loyal, turn=turn, turn_no=1)
    if phase not in ("evil", "heroic"):
        raise ValueError(f"phase={phase!r}: expected 'evil' or 'heroic'")
    s._set(phase=phase)
    s._set(wsw=white_swords, bsw=black_swords, engines=siege_engines)
    wi, bi = cfg.white_index, cfg.black_index
    wpile, bpile = list(cfg.white_box), list(cfg.black_box)

    def take_white(card: str, n: int = 1) -> None:
        if card not in wi:
            raise ValueError(f"unknown white card {card!r}")
        wpile[wi[card]] -= n
        if wpile[wi[card]] < 0:
            raise ValueError(f"more {card!r} cards placed than the box holds")

    def take_black(card: str, n: int = 1) -> None:
        if card not in bi:
            raise ValueError(f"unknown black card {card!r}")
        bpile[bi[card]] -= n
        if bpile[bi[card]] < 0:
            raise ValueError(f"more {card!r} cards placed than the box holds")

    hand_list = [list((0,) * len(cfg.white_names)) for _ in range(players)]
    for seat, cards in (hands or {}).items():
        for card, n in cards.items():
            take_white(card, n)
            hand_list[seat][wi[card]] += n
    s._set(hands=tuple(tuple(h) for h in hand_list))
    life_t = [rulebook.threshold("starting_life")] * players
    for seat, value in (life or {}).items():
        life_t[seat] = value
    s._set(life=tuple(life_t))
    loc = ["camelot"] * players
    for seat, where in (location or {}).items():
        if where not in _QUEST_LOCATIONS:
            raise ValueError(f"location {where!r}: expected one of {list(_QUEST_LOCATIONS)}")
        loc[seat] = where
    over = tuple(over)
    if "lancelot" in over:
        s._set(ld_mode="over" if "dragon" in over else "dragon")
    s._set(exc_over="excalibur" in over, grail_over="grail" in over)
    wild_laid: list[tuple[str, int]] = []
    for name, spec in (quests or {}).items():
        q: Mapping[str, Any] = spec
        wild = [int(v) for v in q.get("wild", ())]
        for v in wild:
            take_white(rulebook.WILD_FIGHT)
            wild_laid.append((name, v))
        if name == "black_knight" or name in ("lancelot", "dragon"):
            whites = tuple(q.get("white", ()))
            blacks = tuple(
                (b, False) if isinstance(b, str) else (b[0], bool(b[1])) for b in q.get("black", ())
            )
            for v in _without(whites, wild):
                take_white(f"fight_{v}")
            for card, _ in blacks:
                take_black(card)
            if name == "black_knight":
                s._set(bk_w=whites, bk_b=blacks)
            else:
                if s.ld_mode != name:
                    raise ValueError(f"quests[{name!r}] given but {s.ld_mode!r} is in play")
                s._set(ld_w=whites, ld_b=blacks)
        elif name == "excalibur":
            s._set(exc_pos=int(q.get("position", 0)))
        elif name == "grail":
            n = int(q.get("grails", 0))
            take_white("grail", n)
            blacks2 = tuple(q.get("blacks", ()))
            for card in blacks2:
                take_black(card)
            df = bool(q.get("dark_forest", False))
            if df:
                take_black("dark_forest")
            s._set(grail_n=n, grail_b=blacks2, dark_forest=df)
        elif name in ("picts", "saxons"):
            f, w, m = (
                int(q.get("fights", 0)),
                int(q.get("warriors", 0)),
                bool(q.get("mordred", False)),
            )
            for v in _without(rulebook.war_sequence(name, mordred=m)[:f], wild):
                take_white(f"fight_{v}")
            if m:
                take_black("mordred")
            wars = list(s.wars)
            wars[0 if name == "picts" else 1] = (f, w, m)
            s._set(wars=tuple(wars))
        else:
            raise ValueError(f"quests: unknown quest {name!r}")
    s._set(wild_laid=tuple(sorted(wild_laid)))
    rel = [ON_QUEST, ON_QUEST, ON_QUEST]
    for key, value in (relics or {}).items():
        rel[("excalibur", "grail", "armor").index(key)] = value
    if "lancelot" in over and rel[2] == ON_QUEST:
        rel[2] = GONE
    for k, quest in ((0, "excalibur"), (1, "grail")):
        if quest in over and rel[k] == ON_QUEST:
            rel[k] = GONE
    s._set(relics=tuple(rel))
    top = tuple(black_top)
    for card in top:
        take_black(card)
    s._set(btop=top)
    for card in in_play:
        take_black(card)
        s._set(**{"vivien" if card == "vivien" else "mists": True})
    if heroism:
        take_white("heroism")
        s._set(heroism=heroism)
    wdisc = [0] * len(cfg.white_names)
    for card, n in (white_discard or {}).items():
        take_white(card, n)
        wdisc[wi[card]] += n
    bdisc = [0] * len(cfg.black_names)
    for card, n in (black_discard or {}).items():
        take_black(card, n)
        bdisc[bi[card]] += n
    captured, witches, travel_top = tuple(captured), tuple(witches), tuple(travel_top)
    mc_given = [bool(merlin), bool(captured), bool(witches), bool(travel_top)]
    if not expansion and any(mc_given):
        raise ValueError("merlin, captured, witches and travel_top need expansion=True")
    rem = [0] * len(cfg.black_names)
    for card, n in (removed or {}).items():
        take_black(card, n)
        rem[bi[card]] += n
    wset = frozenset(witches)
    for card in wset:
        if card not in ("morgan_witch_2", "morgan_witch_5", "morgan_witch_6", "morgan_witch_7"):
            raise ValueError(f"witches: {card!r} does not stay in play (2nd, 5th, 6th, 7th do)")
        take_black(card)
    cap = [False] * players
    tpile = list(cfg.travel_box)
    for seat in captured:
        cap[seat] = True
        tpile[cfg.travel_names.index("captured")] -= 1
    ttop = tuple(travel_top)
    for card in ttop:
        tpile[cfg.travel_names.index(card)] -= 1
    tdisc = [0] * len(tpile)
    for card, n in (travel_discard or {}).items():
        tpile[cfg.travel_names.index(card)] -= n
        tdisc[cfg.travel_names.index(card)] += n
    if any(c < 0 for c in tpile):
        raise ValueError("more travel cards placed than the box holds")
    s._set(
        removed_b=tuple(rem),
        witches=wset,
        captured=tuple(cap),
        tpile=tuple(tpile),
        tdisc=tuple(tdisc),
        ttop=ttop,
        merlin=merlin or "",
        favor=bool(divine_favor),
    )
    s._set(wpile=tuple(wpile), bpile=tuple(bpile), wdisc=tuple(wdisc), bdisc=tuple(bdisc))
    acc = [False] * players
    for seat in accused:
        acc[seat] = True
    rev = [False] * players
    for seat in revealed:
        rev[seat] = True
        loc[seat] = ""
    dd = [False] * players
    for seat in dead:
        dd[seat] = True
        loc[seat] = ""
    s._set(accused=tuple(acc), revealed=tuple(rev), dead=tuple(dd), location=tuple(loc))
    if rev[turn]:
        start_turn(s, turn)
        s._set(turn_no=1)
    s._set_note(("position set up by hand", "setup.deal"))
    V.check_state(s)  # the position as a whole: census, traitors, the dead, the quests
    advance(s)
    V.check_moment(s)
    return s


def _without(values: Iterable[int], wild: list[int]) -> list[int]:
    """``values`` less one of each value in ``wild`` (the Fight cards a quest's wild cards
    stand for; :func:`camelot_rules.engine.validate.check_position_fields` has checked that
    each is there)."""
    rest = list(values)
    for v in wild:
        rest.remove(v)
    return rest


def from_json(text: object) -> GameState:
    """The state written by :meth:`GameState.to_json`, equal to it and playing on the same.

    Every key is checked before the state is built, and the state as a whole after
    (:mod:`camelot_rules.engine.saved`, :mod:`camelot_rules.engine.validate`): a saved game
    edited into an impossible one (99 players, an unknown phase or task, life 99, a card
    twice) raises ``ValueError`` naming the key and what is allowed.
    """
    read_saved(text)
    assert isinstance(text, str)  # (read_saved refuses anything else)
    s = _from_saved(text)
    V.check_state(s)
    V.check_moment(s)
    return s


def _from_saved(text: str) -> GameState:
    """The state of a saved game whose keys :func:`read_saved` has checked."""
    try:
        data = json.loads(text)
    except (TypeError, json.JSONDecodeError) as err:
        raise ValueError(f"not a saved game (JSON expected): {err}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a saved camelot-rules game (missing format {FORMAT!r})")
    c = data["cfg"]
    # (the options filled in: a game saved before an option existed plays its default)
    opts = V.check_options(c["players"], c["expansion"], dict(c["options"]))
    cfg = Config.make(c["players"], c["expansion"], opts, RULES)
    values: dict[str, Any] = {"cfg": cfg}
    for name in SLOTS:
        if name in ("cfg", "hist"):
            continue
        value: Any = data.get(name, LATER_SLOTS.get(name))  # (a key added later: its old value)
        if name == "outcome":
            value = None if value is None else GameResult(**value)
        elif name in ("tflags", "witches"):
            value = frozenset(value)
        else:
            value = tuples(value)
        values[name] = value
    hist: Any = None
    for step in data.get("history", []):
        hist = (hist, decode_step(step))
    s = GameState.__new__(GameState)
    # (the compiled engine refuses object.__setattr__ from Python code)
    s._set(**values, hist=hist, _legal=None, _hash=None)
    return s
