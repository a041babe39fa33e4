"""The game state: one frozen value holding the whole position.

A :class:`GameState` is never changed once it has been returned: ``apply`` and
``apply_chance`` copy it (a shallow copy of its slots; every slot holds an immutable value -
ints, strings, tuples) and change the copy. Unordered piles are card-count vectors in the
deck's canonical card order, so two states reached by different histories but holding the same
position are equal and hash equal (the history and the step log are not part of equality).

Draw piles are a multiset plus the known top (``btop``, e.g. after Sir Percival's peek or
Clairvoyance) and the known bottom (``bbottom``, Lancelot's Armor puts a card there); a
reshuffle merges them back into the multiset (BoQ p.14).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

from camelot_rules.base.checks import check_seat
from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.engine import actions as A

__all__ = [
    "QUEST_NAMES",
    "SLOTS",
    "UNSEEN",
    "Config",
    "GameResult",
    "GameState",
    "IllegalActionError",
    "Rules",
]

QUEST_NAMES: Final[tuple[str, ...]] = (
    "black_knight",
    "lancelot",
    "dragon",
    "excalibur",
    "grail",
    "picts",
    "saxons",
)
# relic slot values besides a seat number
ON_QUEST: Final = -1
GONE: Final = -2
# The table's view of a game (camelot_rules.engine.infoset): a white card nobody at the table has
# seen - in a hand, the draw pile or the discards - is this kind; it is no card of any box.
UNSEEN: Final = "unseen"


class IllegalActionError(ValueError):
    """An action that the rules forbid here; names the action and the rule id."""

    def __init__(self, action: object, rule_id: str, why: str) -> None:
        self.action = action
        self.rule_id = rule_id
        super().__init__(f"illegal action {str(action)!r}: {why} (rule {rule_id})")


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended: ``knights_win`` for the loyal side, and the cause."""

    def __reduce__(self) -> tuple[Any, ...]:
        return A.by_fields(self)

    knights_win: bool
    cause: str
    white_swords: int
    black_swords: int
    siege_engines: int

    def __str__(self) -> str:
        side = "the loyal knights win" if self.knights_win else "the forces of Evil win"
        return f"{side} ({self.cause})"


class Rules:
    """What plays a state: a :class:`GameState` hands each question of its contract
    (``legal_actions``, ``apply``, ``chance_outcomes``, ``observation``...) to the ``rules`` of
    its :class:`Config`. The engine's one implementation is
    :data:`camelot_rules.engine.game.RULES` (the turn and the views); kept in the
    configuration, it lets this module, which every rule imports, import no rule itself.
    """

    def is_chance(self, s: GameState) -> bool:
        raise NotImplementedError

    def decider(self, s: GameState) -> int:
        raise NotImplementedError

    def legal_actions(self, s: GameState) -> list[A.Action]:
        raise NotImplementedError

    def apply(self, s: GameState, action: A.Action) -> GameState:
        raise NotImplementedError

    def chance_weights(self, s: GameState) -> tuple[list[A.Outcome], list[int]]:
        raise NotImplementedError

    def apply_chance(self, s: GameState, outcome: A.Outcome) -> GameState:
        raise NotImplementedError

    def observation(self, s: GameState, player: object) -> dict[str, Any]:
        raise NotImplementedError

    def card_census(self, s: GameState) -> dict[str, dict[str, int]]:
        raise NotImplementedError

    def to_json(self, s: GameState) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class Config:
    """What does not change during a game: players, box, options, card orders."""

    players: int
    expansion: bool
    options: tuple[tuple[str, Any], ...]
    white_names: tuple[str, ...]
    black_names: tuple[str, ...]
    white_box: tuple[int, ...]
    black_box: tuple[int, ...]
    travel_names: tuple[str, ...]
    travel_box: tuple[int, ...]
    white_index: MappingProxyType[str, int] = field(compare=False, hash=False, repr=False)
    black_index: MappingProxyType[str, int] = field(compare=False, hash=False, repr=False)
    # where the special white cards stand in a hand's count vector (BoQ pp.14-15)
    white_special: tuple[int, ...] = field(compare=False, hash=False, repr=False)
    # what plays the game's states (the engine's turn: camelot_rules.engine.game.RULES)
    rules: Rules = field(compare=False, hash=False, repr=False)

    @property
    def table_view(self) -> bool:
        """Whether this is the table's view (:meth:`with_unseen`): white cards may be unseen."""
        return bool(self.white_names) and self.white_names[-1] == UNSEEN

    def with_unseen(self) -> Config:
        """The same game as the table sees it: one more white kind, :data:`UNSEEN`, that no box
        holds (``camelot_rules.engine.infoset``). Every rule treats it as a plain white card of
        no kind the rules name: it is never a Fight, Grail, Merlin or special card."""
        if self.table_view:
            return self
        names = (*self.white_names, UNSEEN)
        return Config(
            players=self.players,
            expansion=self.expansion,
            options=self.options,
            white_names=names,
            black_names=self.black_names,
            white_box=(*self.white_box, 0),
            black_box=self.black_box,
            travel_names=self.travel_names,
            travel_box=self.travel_box,
            white_index=MappingProxyType({n: i for i, n in enumerate(names)}),
            black_index=self.black_index,
            white_special=self.white_special,
            rules=self.rules,
        )

    def option(self, name: str) -> Any:
        for key, value in self.options:
            if key == name:
                return value
        raise KeyError(name)

    @staticmethod
    def make(players: int, expansion: bool, options: dict[str, Any], rules: Rules) -> Config:
        """The configuration of a game played by ``rules`` (the same value, made once, for
        every game of the same players, box and options: a simulation starts thousands)."""
        canonical = tuple(
            sorted((k, tuple(v) if isinstance(v, list | tuple) else v) for k, v in options.items())
        )
        key = (players, expansion, canonical, rules)
        try:
            made = _CONFIGS.get(key)
        except TypeError:  # an unhashable option value: not kept
            return Config._make(players, expansion, options, canonical, rules)
        if made is None:
            made = Config._make(players, expansion, options, canonical, rules)
            if len(_CONFIGS) < 256:
                _CONFIGS[key] = made
        return made

    @staticmethod
    def _make(
        players: int,
        expansion: bool,
        options: dict[str, Any],
        canonical: tuple[Any, ...],
        rules: Rules,
    ) -> Config:
        white = standard_deck("white", expansion=expansion)
        black = standard_deck("black", expansion=expansion)
        travel = standard_deck("travel", expansion=True) if expansion else None
        wn = tuple(name for name, _ in white.counts.items())
        bn = tuple(name for name, _ in black.counts.items())
        return Config(
            players=players,
            expansion=expansion,
            options=canonical,
            white_names=wn,
            black_names=bn,
            white_box=tuple(white.count(n) for n in wn),
            black_box=tuple(black.count(n) for n in bn),
            travel_names=rulebook.TRAVEL_KINDS if travel else (),
            travel_box=travel_box_of(options.get("travel_mix", "assumed")) if travel else (),
            white_index=MappingProxyType({n: i for i, n in enumerate(wn)}),
            black_index=MappingProxyType({n: i for i, n in enumerate(bn)}),
            white_special=tuple(i for i, n in enumerate(wn) if n in rulebook.SPECIAL_WHITE),
            rules=rules,
        )


_CONFIGS: Final[dict[tuple[Any, ...], Config]] = {}


def travel_box_of(mix: str | tuple[int, ...]) -> tuple[int, ...]:
    """The travel deck's counts per kind (``rulebook.TRAVEL_KINDS`` order) for the
    ``travel_mix`` option (checked by ``validate.check_options``)."""
    return rulebook.TRAVEL_MIXES[mix] if isinstance(mix, str) else tuple(mix)


SLOTS: Final = (
    "cfg",
    "knights",  # seat -> knight name ("" before the deal)
    "loyalty",  # seat -> "loyal" / "traitor" ("" before the deal)
    "life",
    "dead",
    "revealed",  # unmasked traitors
    "accused",  # seats that used their one accusation
    "location",
    "hands",  # seat -> white count vector
    "relics",  # (excalibur, grail, armor): seat, ON_QUEST or GONE
    "wpile",
    "wdisc",
    "bpile",
    "bdisc",
    "btop",  # known top of the black draw pile, top first
    "bbottom",  # known bottom of the black draw pile, the very bottom last
    "deal_pool",  # setup: (knights left, loyal left, traitors left)
    "bk_w",
    "bk_b",  # tuple of (card, face_down)
    "ld_mode",  # "lancelot", "dragon" or "over"
    "ld_w",
    "ld_b",
    "exc_pos",
    "exc_over",
    "grail_n",
    "grail_b",  # black cards on the Grail, in the order laid
    "dark_forest",
    "grail_over",
    "wars",  # ((fights, warriors, mordred) for picts, (...) for saxons)
    # Merlin's Company's wild "Fight ?" cards lying on quests: (quest, value laid as), sorted;
    # each is also one of the values in bk_w / ld_w / the war's straight (F §3d, S16)
    "wild_laid",
    "engines",
    "wsw",
    "bsw",
    "vivien",
    "mists",
    "heroism",  # quest holding the Heroism card, or ""
    "turn",
    "phase",
    "turn_no",
    "tflags",  # frozenset of what this turn has used
    "done",  # heroic actions taken this turn
    "pending",  # stack of tasks (tuples), top last
    "pool",  # cards being shared (white count vector)
    "outcome",  # None or GameResult
    # Merlin's Company (all empty in the base game)
    "tpile",  # travel draw pile (count vector over rulebook.TRAVEL_KINDS)
    "tdisc",
    "ttop",  # known top of the travel pile
    "captured",  # seat -> a Captured! card lies under the figure
    "merlin",  # Merlin's figure: "" off the board, else a quest or "camelot"
    "witches",  # witches lasting in play (2nd, 5th, 6th, 7th)
    "removed_b",  # black cards removed from the game (count vector)
    "removed_w",  # white cards removed from the game (Sixth Witch)
    "favor",  # Divine Favor played and not yet used
    "events",  # what the game's record keeps: ("quest", name, won, turn), ("unmasked", seat, turn)
    "hist",  # cons list: (previous, step) or None
    "note",  # (text, rule id) of the last step
)
_EQSLOTS: Final = tuple(s for s in SLOTS if s not in ("hist", "note", "events"))


class GameState:
    """A position of the game (see the module docstring; never changed after it is returned).

    Use :func:`camelot_rules.engine.new_game` or :func:`camelot_rules.engine.position` to make
    one; ``legal_actions``/``apply`` and ``chance_outcomes``/``apply_chance`` to play.
    """

    cfg: Config
    knights: tuple[str, ...]
    loyalty: tuple[str, ...]
    life: tuple[int, ...]
    dead: tuple[bool, ...]
    revealed: tuple[bool, ...]
    accused: tuple[bool, ...]
    location: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    relics: tuple[int, int, int]
    wpile: tuple[int, ...]
    wdisc: tuple[int, ...]
    bpile: tuple[int, ...]
    bdisc: tuple[int, ...]
    btop: tuple[str, ...]
    bbottom: tuple[str, ...]
    deal_pool: tuple[tuple[str, ...], int, int]
    bk_w: tuple[int, ...]
    bk_b: tuple[tuple[str, bool], ...]
    ld_mode: str
    ld_w: tuple[int, ...]
    ld_b: tuple[tuple[str, bool], ...]
    exc_pos: int
    exc_over: bool
    grail_n: int
    grail_b: tuple[str, ...]
    dark_forest: bool
    grail_over: bool
    wars: tuple[tuple[int, int, bool], tuple[int, int, bool]]
    wild_laid: tuple[tuple[str, int], ...]
    engines: int
    wsw: int
    bsw: int
    vivien: bool
    mists: bool
    heroism: str
    turn: int
    phase: str
    turn_no: int
    tflags: frozenset[str]
    done: int
    pending: tuple[tuple[Any, ...], ...]
    pool: tuple[int, ...]
    outcome: GameResult | None
    tpile: tuple[int, ...]
    tdisc: tuple[int, ...]
    ttop: tuple[str, ...]
    captured: tuple[bool, ...]
    merlin: str
    witches: frozenset[str]
    removed_b: tuple[int, ...]
    removed_w: tuple[int, ...]
    favor: bool
    events: tuple[tuple[Any, ...], ...]
    hist: tuple[Any, Any] | None
    note: tuple[str, str]
    _legal: list[A.Action] | None
    _hash: int | None

    # --- copying -------------------------------------------------------------------------------
    def _clone(self) -> GameState:
        # a shallow copy of the fields: every field holds an immutable value
        new = GameState.__new__(GameState)
        if not _NATIVE:  # interpreted: one dict copy
            d = new.__dict__
            d.update(self.__dict__)
            d["_legal"] = None
            d["_hash"] = None
            return new
        # compiled by mypyc (no instance __dict__): slot by slot, direct stores
        object.__setattr__(new, "cfg", self.cfg)
        object.__setattr__(new, "knights", self.knights)
        object.__setattr__(new, "loyalty", self.loyalty)
        object.__setattr__(new, "life", self.life)
        object.__setattr__(new, "dead", self.dead)
        object.__setattr__(new, "revealed", self.revealed)
        object.__setattr__(new, "accused", self.accused)
        object.__setattr__(new, "location", self.location)
        object.__setattr__(new, "hands", self.hands)
        object.__setattr__(new, "relics", self.relics)
        object.__setattr__(new, "wpile", self.wpile)
        object.__setattr__(new, "wdisc", self.wdisc)
        object.__setattr__(new, "bpile", self.bpile)
        object.__setattr__(new, "bdisc", self.bdisc)
        object.__setattr__(new, "btop", self.btop)
        object.__setattr__(new, "bbottom", self.bbottom)
        object.__setattr__(new, "deal_pool", self.deal_pool)
        object.__setattr__(new, "bk_w", self.bk_w)
        object.__setattr__(new, "bk_b", self.bk_b)
        object.__setattr__(new, "ld_mode", self.ld_mode)
        object.__setattr__(new, "ld_w", self.ld_w)
        object.__setattr__(new, "ld_b", self.ld_b)
        object.__setattr__(new, "exc_pos", self.exc_pos)
        object.__setattr__(new, "exc_over", self.exc_over)
        object.__setattr__(new, "grail_n", self.grail_n)
        object.__setattr__(new, "grail_b", self.grail_b)
        object.__setattr__(new, "dark_forest", self.dark_forest)
        object.__setattr__(new, "grail_over", self.grail_over)
        object.__setattr__(new, "wars", self.wars)
        object.__setattr__(new, "wild_laid", self.wild_laid)
        object.__setattr__(new, "engines", self.engines)
        object.__setattr__(new, "wsw", self.wsw)
        object.__setattr__(new, "bsw", self.bsw)
        object.__setattr__(new, "vivien", self.vivien)
        object.__setattr__(new, "mists", self.mists)
        object.__setattr__(new, "heroism", self.heroism)
        object.__setattr__(new, "turn", self.turn)
        object.__setattr__(new, "phase", self.phase)
        object.__setattr__(new, "turn_no", self.turn_no)
        object.__setattr__(new, "tflags", self.tflags)
        object.__setattr__(new, "done", self.done)
        object.__setattr__(new, "pending", self.pending)
        object.__setattr__(new, "pool", self.pool)
        object.__setattr__(new, "outcome", self.outcome)
        object.__setattr__(new, "tpile", self.tpile)
        object.__setattr__(new, "tdisc", self.tdisc)
        object.__setattr__(new, "ttop", self.ttop)
        object.__setattr__(new, "captured", self.captured)
        object.__setattr__(new, "merlin", self.merlin)
        object.__setattr__(new, "witches", self.witches)
        object.__setattr__(new, "removed_b", self.removed_b)
        object.__setattr__(new, "removed_w", self.removed_w)
        object.__setattr__(new, "favor", self.favor)
        object.__setattr__(new, "events", self.events)
        object.__setattr__(new, "hist", self.hist)
        object.__setattr__(new, "note", self.note)
        object.__setattr__(new, "_legal", None)
        object.__setattr__(new, "_hash", None)
        return new

    def _set(self, **changes: Any) -> None:
        """Change fields of a state still being built (never of a returned state)."""
        if not _NATIVE:
            self.__dict__.update(changes)
            return
        for name, value in changes.items():
            object.__setattr__(self, name, value)

    # the fields changed on almost every step, each stored directly (a named store is a
    # direct one in the compiled engine; ``_set``'s generic loop costs several times more)
    def _set_pending(self, pending: tuple[tuple[Any, ...], ...]) -> None:
        object.__setattr__(self, "pending", pending)

    def _set_note(self, note: tuple[str, str]) -> None:
        object.__setattr__(self, "note", note)

    def _set_hist(self, hist: tuple[Any, Any] | None) -> None:
        object.__setattr__(self, "hist", hist)

    def _set_hands(self, hands: tuple[tuple[int, ...], ...]) -> None:
        object.__setattr__(self, "hands", hands)

    def _set_phase(self, phase: str) -> None:
        object.__setattr__(self, "phase", phase)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a GameState is immutable; use apply() or apply_chance()")

    # --- identity ------------------------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _EQSLOTS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self._key() == other._key()

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(self._key()))
        assert self._hash is not None
        return self._hash

    def __repr__(self) -> str:
        if self.outcome is not None:
            return f"<GameState over: {self.outcome}>"
        who = "chance" if self.is_chance() else f"seat {self.current_player}"
        return (
            f"<GameState turn {self.turn_no} seat {self.turn} {self.phase}; {who} to act; "
            f"swords {self.wsw}W/{self.bsw}B, engines {self.engines}>"
        )

    # --- the contract --------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.cfg.players

    def options(self) -> dict[str, Any]:
        """The named options (rule readings and variants) this game uses."""
        return dict(self.cfg.options)

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def is_chance(self) -> bool:
        return self.outcome is None and self.cfg.rules.is_chance(self)

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now (None at chance and terminal states)."""
        rules = self.cfg.rules
        if self.outcome is not None or rules.is_chance(self):
            return None
        return rules.decider(self)

    def legal_actions(self) -> list[A.Action]:
        rules = self.cfg.rules
        if self.outcome is not None or rules.is_chance(self):
            return []
        if self._legal is None:
            object.__setattr__(self, "_legal", rules.legal_actions(self))
        assert self._legal is not None
        return list(self._legal)

    def apply(self, action: object) -> GameState:
        # (typed ``object``: anything else is refused here with the rule, in the compiled
        # engine too - mypyc would raise a TypeError at a typed parameter)
        if not isinstance(action, A.Action):
            raise IllegalActionError(
                action, "turn.legal-actions", "not an action: choose one of legal_actions()"
            )
        return self.cfg.rules.apply(self, action)

    def chance_outcomes(self) -> list[tuple[A.Outcome, Fraction]]:
        outcomes, weights = self.cfg.rules.chance_weights(self)
        total = sum(weights)
        return [(o, Fraction(w, total)) for o, w in zip(outcomes, weights)]

    def apply_chance(self, outcome: object) -> GameState:
        if not isinstance(outcome, A.Outcome):
            raise IllegalActionError(
                outcome, "turn.chance", "not a chance outcome: choose one of chance_outcomes()"
            )
        return self.cfg.rules.apply_chance(self, outcome)

    def step(self, move: object) -> GameState:
        """Apply a decision or a chance outcome, whichever ``move`` is."""
        if isinstance(move, A.Outcome):
            return self.apply_chance(move)
        return self.apply(move)

    def result(self) -> GameResult:
        if self.outcome is None:
            raise ValueError("result() of a game that is not over; check is_terminal() first")
        return self.outcome

    def record(self) -> list[tuple[Any, ...]]:
        """The game's record so far: ``("quest", name, won, turn)`` for each quest ended,
        ``("unmasked", seat, turn)`` for each traitor unmasked (accused or by Fate), and
        ``("count", white, black, hidden)`` when the 12th sword is laid: the swords as laid and
        the hidden traitors, before they turn swords over (RB p.17)."""
        return list(self.events)

    def history(self) -> list[A.Action | A.Outcome]:
        """Every decision and chance outcome since the game's first state, in order."""
        out: list[Any] = []
        node = self.hist
        while node is not None:
            node, item = node
            out.append(item)
        out.reverse()
        return out

    @property
    def last_step(self) -> tuple[str, str]:
        """(what happened at the last step, the rule id it applied)."""
        return self.note

    # --- views ---------------------------------------------------------------------------------
    def hand(self, seat: object) -> dict[str, int]:
        """The white cards in ``seat``'s hand (name -> count). The engine's full view: use
        :meth:`observation` for what a player may see. (``seat`` typed ``object``: checked
        here, a compiled engine would raise a TypeError at a parameter typed ``int``.)"""
        names = self.cfg.white_names
        hand = self.hands[check_seat("seat", seat, self.cfg.players)]
        return {names[i]: c for i, c in enumerate(hand) if c}

    def observation(self, player: object) -> dict[str, Any]:
        return self.cfg.rules.observation(self, player)

    def card_census(self) -> dict[str, dict[str, int]]:
        """Every white and black card counted over every place it can be (for invariants)."""
        return self.cfg.rules.card_census(self)

    # --- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> str:
        return self.cfg.rules.to_json(self)


# mypyc compiles GameState to a native class: its instances have no __dict__
_NATIVE: Final[bool] = not hasattr(GameState.__new__(GameState), "__dict__")
