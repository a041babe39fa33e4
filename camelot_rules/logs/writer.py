"""Write a game played by the rules engine as a play log (the format of ``docs/play-log.md``).

The log holds what the table sees, step by step as the engine took it - turns, evil steps,
black and travel cards, cards laid, siege fights with their rolls, every choice a player made
in the open (a combat card face down, the war Mercenaries join, a volunteer for Morgan, Merlin
cards given to a cancel...), quests ended with their spoils, deaths, Merlin's figure - and, with
``hands=True``, the white cards drawn and each knight's hand at the start of his turn. It is
written ``complete=yes``: a choice the log does not name was not taken. Nothing a rule makes
follow is worked out here: every line is what one engine step did.

It is how the verifier is tested against the engine: every game the engine plays, written this
way, must verify with no violation; every rule-breaking change to it must be flagged.

>>> import random
>>> from camelot_rules.engine import new_game, play_random
>>> from camelot_rules.logs.playlog import parse_log, verify
>>> game = play_random(new_game(4, seed=2), random.Random(2))
>>> verify(parse_log(write_log(game))).violations
[]
"""

from __future__ import annotations

from typing import Any, Final

from camelot_rules.engine import actions as A
from camelot_rules.engine.flow import decider
from camelot_rules.engine.knights import TRISTAN_AWAY, TRISTAN_HOME
from camelot_rules.engine.setup import new_game
from camelot_rules.engine.state import GameState
from camelot_rules.logs.parse import LOG_DEFAULTS
from camelot_rules.logs.replay import laid_swords

__all__ = ["game_steps", "write_log"]

# the options a setup line names when they differ from the engine's defaults
_DEFAULTS: Final = {
    "traitor": "standard",
    # the shares: the defaults of a log (what a log naming no reading means), not the engine's
    "opening_share": LOG_DEFAULTS["opening_share"],
    "spoils_share": LOG_DEFAULTS["spoils_share"],
    "camelot_actions": "apart",
    "tristan_departure": "any_turn",
    "siege_without_fight": False,
    "travel_to_camelot": "draw",
    "coats": "expansion",
    "travel_mix": "assumed",
    "divine_favor_reading": "next_tie",
    "two_traitor_flip": 3,
}
# the flags a turn starts with for Sir Tristan's power (RB p.13), not acts of the turn
_TRISTAN: Final = frozenset({TRISTAN_AWAY, TRISTAN_HOME})
_EVIL: Final = {A.DrawBlack: "black", A.AddEngine: "engine", A.LoseLife: "life"}


def game_steps(final: GameState) -> list[tuple[GameState, Any, GameState]]:
    """Every step of a game as (state before, action or outcome, state after), replayed from
    the start of the deal on the engine."""
    steps = final.history()
    cfg = final.cfg
    s = new_game(cfg.players, expansion=cfg.expansion, **dict(cfg.options))
    out = []
    for step in steps:
        nxt = s.step(step)
        out.append((s, step, nxt))
        s = nxt
    return out


def _setup_line(s: GameState) -> str:
    cfg = s.cfg
    words = [f"setup players={cfg.players} expansion={'yes' if cfg.expansion else 'no'}"]
    words.append("complete=yes")
    options = dict(cfg.options)
    for key, default in _DEFAULTS.items():
        value = options.get(key, default)
        if value != default and isinstance(value, bool):
            words.append(f"{key}={'yes' if value else 'no'}")
        elif value != default and isinstance(value, str | int):
            words.append(f"{key}={value}")
    peek = options.get("three_player_peek", cfg.players == 3)
    if peek != (cfg.players == 3):
        words.append(f"three_player_peek={'yes' if peek else 'no'}")
    return " ".join(words)


def _pile(s: GameState, which: str) -> int:
    if which == "white":
        return sum(s.wpile)
    if which == "black":
        return sum(s.bpile) + len(s.btop) + len(s.bbottom)
    return sum(s.tpile) + len(s.ttop)


class _Writer:
    def __init__(self, hands: bool, inline_travel: bool, annotate: bool) -> None:
        self.lines: list[str] = []
        self.hands = hands
        self.inline_travel = inline_travel
        self.annotate = annotate
        self.turn_no = -1
        self.siege: dict[str, Any] = {}
        self.move_line: int | None = None  # the move line waiting for its travel card
        self.travel_line: int | None = None  # the line a demand's answer goes on
        self.white: tuple[int, int, str] | None = None  # (line, seat, why) of white draws
        self.messenger: int | None = None
        self.shown: tuple[int, int, int] = (0, 0, 0)

    def emit(self, text: str) -> int:
        self.lines.append(text)
        return len(self.lines) - 1

    def add(self, at: int, text: str) -> None:
        self.lines[at] += text


def write_log(
    final: GameState, *, hands: bool = False, inline_travel: bool = False, annotate: bool = False
) -> str:
    """The play log of a game the engine played (``final`` is its last state).

    ``hands=True`` adds the white cards drawn and a ``hand`` line at each turn's start;
    ``inline_travel=True`` records a move's travel card on the move line (``travel=CARD``)
    instead of its own ``draw travel`` line - the two forms the format allows. ``annotate=True``
    adds a ``swords`` line after every change of the swords and an ``engines`` line after every
    change of the siege engines (the checks a careful scorekeeper writes).
    """
    w = _Writer(hands, inline_travel, annotate)
    w.emit(_setup_line(final))
    knights_written = False
    for s0, step, s1 in game_steps(final):
        shared = s0.pending and s0.pending[-1][0] == "share"
        if s0.phase == "setup" and not shared:
            continue  # the deal and the offers: unseen, or implied by the setup line
        if not knights_written and s0.knights[0]:
            w.emit("knights " + " ".join(s0.knights))
            knights_written = True
        if s0.phase == "setup":
            _step(w, s0, step, s1)  # a card taken of the opening share (by agreement)
            continue
        _turn(w, s0)
        _step(w, s0, step, s1)
        _after(w, s0, step, s1)
    if final.outcome is not None:
        for seat, loyal in enumerate(final.loyalty):
            w.emit(f"loyalty {final.knights[seat]} {loyal}")
        hidden = 0
        if final.outcome.cause == "12 swords":
            hidden = int([e for e in final.events if e[0] == "count"][-1][3])
        w.emit(f"end white={final.wsw} black={final.bsw} hidden={hidden}")
    return "\n".join(w.lines) + "\n"


def _turn(w: _Writer, s: GameState) -> None:
    """A ``turn`` line as a turn starts (and the knight's hand, with ``hands``)."""
    if s.phase not in ("evil", "traitor") or s.turn_no == w.turn_no or s.tflags - _TRISTAN:
        return
    if s.phase == "evil" and s.pending:
        return
    w.turn_no = s.turn_no
    w.emit(f"turn {s.knights[s.turn]}")
    if w.hands:
        cards = [n for n, c in s.hand(s.turn).items() for _ in range(c)]
        w.emit(f"hand {s.knights[s.turn]} {' '.join(cards)}".rstrip())


def _step(w: _Writer, s0: GameState, step: Any, s1: GameState) -> None:
    task = s0.pending[-1] if s0.pending else None
    kind = task[0] if task else ""
    if isinstance(step, A.Outcome):
        _outcome(w, s0, step, s1, kind)
        return
    w.white = None
    seat = decider(s0)
    actor = s0.knights[seat]
    name = s0.knights
    if kind == "traitor_evil" or (not task and s0.phase == "evil" and type(step) in _EVIL):
        w.emit(f"evil {actor} {_EVIL[type(step)]}")
    elif isinstance(step, A.PeekBlack):
        w.emit(f"power {actor}")
    elif kind == "merlin":
        _merlin_answer(w, s0, step, s1, task)
    elif kind == "excal" and isinstance(step, A.SacrificeExcalibur):
        w.emit(f"cancel {task[1]} with=excalibur")  # type: ignore[index]
    elif kind == "face" and isinstance(step, A.PlayBlack) and step.face_down:
        w.add(_last(w, "draw black "), " down")
    elif kind == "war" and isinstance(step, A.ChooseWar):
        w.add(_last(w, "draw black "), f" on={step.war}")
    elif kind == "volunteer" and isinstance(step, A.Volunteer):
        w.emit(f"volunteer {actor}")
    elif kind == "witch4" and isinstance(step, A.Discard):
        w.emit(f"discard {actor} grail")
    elif kind == "kay_combat" and isinstance(step, A.KayExtra):
        w.emit(_play(actor, step.value, step.wild, task[1]))  # type: ignore[index]
    elif kind == "kay_siege":
        if isinstance(step, A.KayExtra):
            w.siege["kay"] = step.value
            w.siege["kay_wild"] = step.wild
        _write_siege(w, s1)
    elif kind == "drink" and isinstance(step, A.Drink):
        w.emit(f"drink {name[task[1]]}")  # type: ignore[index]
    elif kind in ("join", "call") and isinstance(step, A.Join) and step.go:
        goer = task[2][task[3]] if kind == "join" else task[3][task[4]]  # type: ignore[index]
        dest = "camelot" if kind == "join" else task[2]  # type: ignore[index]
        if s0.location[goer] != dest:
            w.emit(f"move {name[goer]} how=special_card to={dest}")
    elif kind == "steal_target" and isinstance(step, A.StealFrom):
        w.emit(f"steal {actor} {name[step.seat]}")
    elif kind == "demand":
        at = w.travel_line if w.travel_line is not None else len(w.lines) - 1
        if isinstance(step, A.Pay):
            w.add(at, f" pay={','.join(step.cards)}")
        else:
            w.add(at, " failed")
        w.travel_line = None
    elif kind == "slayer" and isinstance(step, A.PlayFight):
        w.emit(_play(actor, step.value, step.wild, step.quest))
    elif kind == "messenger" and isinstance(step, A.Offer) and w.messenger is not None:
        n = int(w.lines[w.messenger].rsplit("n=", 1)[1]) + 1
        w.lines[w.messenger] = w.lines[w.messenger].rsplit("n=", 1)[0] + f"n={n}"
    elif kind == "share" and isinstance(step, A.Take):
        if step.card is not None:  # the shared cards lie face up: the table sees each take
            w.emit(f"draw white {step.card} for=share to={actor}")
    elif task:
        return  # answers the table does not see (offers, takes, face-down discards...)
    else:
        _heroic(w, s0, step, s1, seat)


def _heroic(w: _Writer, s0: GameState, step: Any, s1: GameState, seat: int) -> None:
    actor = s0.knights[seat]
    name = s0.knights
    if isinstance(step, A.Move):
        how = "knight_power" if "tristan" in s1.tflags - s0.tflags else "heroic_action"
        w.move_line = w.emit(f"move {actor} how={how} to={step.quest}")
    elif isinstance(step, A.DrawWhite):
        w.white = (w.emit("draw white for=round_table"), seat, "round_table")
    elif isinstance(step, A.CaradocDraw):
        w.emit(f"power {actor}")
        w.white = (w.emit("draw white for=power"), seat, "power")
    elif isinstance(step, A.FightEngine):
        w.siege = {"who": actor, "values": step.values, "engines": s0.engines, "wild": step.wild}
        w.siege["excalibur"] = s0.relics[0] == seat
    elif isinstance(step, A.PlayFight):
        w.emit(_play(actor, step.value, step.wild, step.quest))
    elif isinstance(step, A.PlayGrail):
        w.emit(f"play {actor} grail grail")
    elif isinstance(step, A.DiscardForExcalibur):
        w.emit(f"play {actor} {step.card} excalibur")
    elif isinstance(step, A.PlaySpecial):
        target = ""
        if step.choice:
            last = step.choice[-1]
            target = " " + (name[int(last)] if step.card == "messenger" else str(last))
        at = w.emit(f"play {actor} {step.card}{target}")
        if step.card == "messenger":
            w.add(at, " n=0")
            w.messenger = at
    elif isinstance(step, A.Heal):
        w.emit(f"heal {actor} {step.card} {step.card} {step.card}")
    elif isinstance(step, A.Accuse):
        right = s0.loyalty[step.seat] == "traitor"
        w.emit(f"accuse {actor} {name[step.seat]} {'right' if right else 'wrong'}")
    elif isinstance(step, A.Sacrifice):
        w.emit(f"sacrifice {actor}")
    elif isinstance(step, A.Free):
        w.emit(f"free {actor} {name[step.seat]} card={step.card}")
    elif isinstance(step, A.ArthurGive):
        w.emit(f"power {actor} {name[step.seat]}")


def _merlin_answer(w: _Writer, s0: GameState, step: Any, s1: GameState, task: Any) -> None:
    """Three Merlin cards given: ``cancel CARD with=merlin by=A,B,C`` once the cancel is made."""
    card, pledged = task[1], task[5]
    if isinstance(step, A.Pledge):
        pledged = (*pledged, (task[3][task[4]], step.merlins))
    if sum(k for _s, k in pledged) >= 3:
        by = ",".join(s0.knights[seat] for seat, k in pledged for _ in range(k))
        w.emit(f"cancel {card} with=merlin by={by}")


def _outcome(w: _Writer, s0: GameState, step: Any, s1: GameState, kind: str) -> None:
    if isinstance(step, A.Roll):
        w.siege["roll"] = step.face
        if not (s1.pending and s1.pending[-1][0] == "kay_siege"):
            _write_siege(w, s1)
        return
    if not isinstance(step, A.Draw):
        return
    if kind == "bdraw":
        w.white = None
        w.emit(f"draw black {step.card}")
    elif kind == "tdraw":
        w.white = None
        if w.inline_travel and w.move_line is not None:
            w.add(w.move_line, f" travel={step.card}")
            w.travel_line = w.move_line
        else:
            w.travel_line = w.emit(f"draw travel {step.card}")
        w.move_line = None
    elif kind == "wdraw":
        seat = s0.pending[-1][1]
        if w.white is not None and w.white[1] == seat:
            if w.hands:
                line = w.lines[w.white[0]]
                head, _sep, tail = line.partition(" for=")
                w.lines[w.white[0]] = f"{head} {step.card} for={tail}"
            return
        why = _why_white(s0)
        if w.hands:
            at = w.emit(f"draw white {step.card} for={why} to={s0.knights[seat]}")
            w.white = (at, seat, why)
        elif why == "round_table":  # (never: the action wrote its line)
            pass


def _play(actor: str, value: int, wild: bool, quest: str) -> str:
    """The ``play`` line of a Fight card laid as ``value``: ``play kay fight_4 saxons``, or a
    wild "Fight ?" card with the value named, ``play kay fight_wild saxons as=4`` (rule
    ``white.fight-wild``)."""
    if wild:
        return f"play {actor} fight_wild {quest} as={value}"
    return f"play {actor} fight_{value} {quest}"


def _why_white(s0: GameState) -> str:
    """Which draw a white card drawn is (the ``for=`` of its line)."""
    below = s0.pending[-2][0] if len(s0.pending) > 1 else ""
    if s0.phase == "setup":
        return "share"
    if s0.note[1] in ("black.combat", "black.face-down"):
        return "face_down"
    if s0.note[1] == "quest.spoils" or below == "quest_end":
        return "spoils"
    return "card"


def _write_siege(w: _Writer, s1: GameState) -> None:
    sg = w.siege
    won = s1.engines < sg["engines"]
    cards = ",".join(map(str, sg["values"]))
    extra = (" excalibur" if sg["excalibur"] else "") + (
        f" kay={sg['kay']}" if sg.get("kay") else ""
    )
    if sg.get("kay_wild"):
        extra += " kay_wild=yes"
    if sg.get("wild"):
        extra += f" wild={','.join(map(str, sg['wild']))}"
    w.emit(f"siege {sg['who']} cards={cards} roll={sg['roll']} {'won' if won else 'lost'}{extra}")
    w.siege = {}


def _last(w: _Writer, prefix: str) -> int:
    for i in range(len(w.lines) - 1, -1, -1):
        if w.lines[i].startswith(prefix):
            return i
    raise AssertionError(prefix)  # pragma: no cover


def _after(w: _Writer, s0: GameState, step: Any, s1: GameState) -> None:
    """What the step made the table see besides its own line: quests ended, reshuffles,
    deaths, captures, an unmasking, Merlin's figure, knights sent back."""
    name = s1.knights
    w0, b0 = laid_swords(s0)
    w1, b1 = laid_swords(s1)
    ends = [e for e in s1.events[len(s0.events) :] if e[0] == "quest"]
    for k, ev in enumerate(ends):
        white, black, engines = (w1 - w0, b1 - b0, s1.engines - s0.engines) if k == 0 else (0, 0, 0)
        res = "won" if ev[2] else "lost"
        w.emit(f"quest {ev[1]} {res} white={white} black={black} engines={engines}")
    by_rule = not isinstance(step, A.Move | A.Join | A.Pay) and not (
        isinstance(step, A.Draw) and step.pile == "travel"
    )
    for seat in range(s1.players):
        if by_rule and s1.location[seat] and s0.location[seat] != s1.location[seat]:
            how = "return_after_quest" if ends else "special_card"
            w.emit(f"move {name[seat]} how={how} to={s1.location[seat]}")
    if _pile(s1, "white") > _pile(s0, "white") or _pile(s1, "black") > _pile(s0, "black"):
        w.emit("reshuffle black")  # both piles are rebuilt together (RB p.7; JA)
    else:
        witch = s1.cfg.black_index.get("morgan_witch_1")
        if witch is not None and s1.bdisc[witch] > s0.bdisc[witch]:
            w.emit("reshuffle black")  # the First Witch rebuilds both (JA)
    if _pile(s1, "travel") > _pile(s0, "travel"):
        w.emit("reshuffle travel")
    if s1.merlin != s0.merlin:
        w.emit(f"merlin {s1.merlin or 'off'}")
    for seat in range(s1.players):
        if s1.revealed[seat] and not s0.revealed[seat] and not isinstance(step, A.Accuse):
            w.emit(f"unmasked {name[seat]}")
        if s1.dead[seat] and not s0.dead[seat]:
            w.emit(f"death {name[seat]}")
        if s1.captured[seat] and not s0.captured[seat]:
            w.emit(f"captured {name[seat]}")
    settled = not s1.pending or s1.outcome is not None
    if w.annotate and settled:
        white, black = laid_swords(s1)
        if (white, black, s1.engines) != w.shown:
            if (white, black) != w.shown[:2]:
                w.emit(f"swords white={white} black={black}")
            if s1.engines != w.shown[2]:
                w.emit(f"engines {s1.engines}")
            w.shown = (white, black, s1.engines)
