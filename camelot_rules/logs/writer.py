"""Write a game played by the rules engine as a play log (the format of ``docs/play-log.md``).

The log holds what the table sees - turns, evil steps, black and travel cards, cards laid,
siege fights with their rolls, quests ended, swords, accusations, deaths - and, with
``hands=True``, the white cards drawn and each knight's hand at the start of his turn. It is
how the verifier is tested against the engine: every game the engine plays, written this way,
must verify with no violation; every rule-breaking change to it must be flagged.

>>> import random
>>> from camelot_rules.engine import new_game, play_random
>>> from camelot_rules.logs.playlog import parse_log, verify
>>> game = play_random(new_game(4, seed=2), random.Random(2))
>>> verify(parse_log(write_log(game))).violations
[]
"""

from __future__ import annotations

from typing import Any

from camelot_rules.data import rulebook
from camelot_rules.engine import actions as A
from camelot_rules.engine.arithmetic import after_hidden_traitors
from camelot_rules.engine.flow import decider
from camelot_rules.engine.knights import tristan_free_move
from camelot_rules.engine.setup import new_game
from camelot_rules.engine.state import GameState
from camelot_rules.logs.playlog import Event, _Replay, parse_log

__all__ = ["game_steps", "write_log"]


def game_steps(final: GameState) -> list[tuple[GameState, Any, GameState]]:
    """Every step of a game as (state before, action or outcome, state after), replayed from
    the start of the deal on the engine."""
    steps = []
    node = final.hist
    while node is not None:
        node, step = node
        steps.append(step)
    steps.reverse()
    cfg = final.cfg
    s = new_game(cfg.players, expansion=cfg.expansion, **dict(cfg.options))
    out = []
    for step in steps:
        nxt = s.apply(step) if isinstance(step, A.Action) else s.apply_chance(step)
        out.append((s, step, nxt))
        s = nxt
    return out


class _Writer:
    def __init__(self, hands: bool, inline_travel: bool) -> None:
        self.lines: list[str] = []
        self.replay = _Replay()
        self.hands = hands
        self.inline_travel = inline_travel
        self.turn_no = -1
        self.siege: dict[str, Any] = {}
        self.pending_move: int | None = None
        self.events_seen = 0
        self.witch1 = False
        self.annotate = False
        self.shown: tuple[int, int, int] = (0, 0, 0)

    def emit(self, text: str) -> None:
        """Write a line and replay it on the verifier's table."""
        self.lines.append(text)
        self.feed(text, len(self.lines))

    def feed(self, text: str, number: int) -> None:
        if text.startswith("setup"):
            parsed = parse_log(text)
        else:  # parse_log wants a setup line first: parse behind one and renumber
            parsed = parse_log("setup players=3 expansion=no\n" + text)[1:]
        for e in parsed:
            self.replay.step(Event(number, e.verb, e.words, e.options))


def _pile(s: GameState, which: str) -> int:
    if which == "white":
        return sum(s.wpile)
    if which == "black":
        return sum(s.bpile) + len(s.btop) + len(s.bbottom)
    return sum(s.tpile) + len(s.ttop)


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
    w = _Writer(hands, inline_travel)
    w.annotate = annotate
    cfg = final.cfg
    w.emit(f"setup players={cfg.players} expansion={'yes' if cfg.expansion else 'no'}")
    knights_written = False
    for s0, step, s1 in game_steps(final):
        if s0.phase == "setup" or not s0.knights[-1]:
            continue
        if not knights_written:
            w.emit("knights " + " ".join(s0.knights))
            knights_written = True
        if s0.phase in ("evil", "heroic", "traitor") and s0.turn_no != w.turn_no:
            _sync(w, s0)
            w.turn_no = s0.turn_no
            w.emit(f"turn {s0.knights[s0.turn]}")
            if hands:
                seat = s0.turn
                cards = [n for n, c in s0.hand(seat).items() for _ in range(c)]
                w.emit(f"hand {s0.knights[seat]} {' '.join(cards)}".rstrip())
        travel_grew = _pile(s1, "travel") > _pile(s0, "travel")
        if travel_grew and _pile(s0, "travel") == 0:
            w.emit("reshuffle travel")  # rebuilt as a move sets out, before its card is drawn
        _write_step(w, s0, step, s1)
        if travel_grew and _pile(s0, "travel") > 0:
            w.emit("reshuffle travel")  # the last card was drawn (or answered): rebuilt
        if isinstance(step, A.Draw) and step.card == "morgan_witch_1":
            w.witch1 = True
        text, rule_id = s1.note if s1.note else ("", "")
        if rule_id in ("black.merlin-cancel", "relic.excalibur") and " cancel " in text:
            by = "merlin" if rule_id == "black.merlin-cancel" else "excalibur"
            card = text.split()[-1]
            w.emit(f"cancel {card} with={by}")
            w.witch1 = w.witch1 and card != "morgan_witch_1"
        grew = _pile(s1, "white") > _pile(s0, "white") or _pile(s1, "black") > _pile(s0, "black")
        settled = not s1.pending or s1.outcome is not None
        if grew or (settled and w.witch1):
            w.emit("reshuffle black")  # both piles are rebuilt together (RB p.7; JA)
            w.witch1 = False
        if settled:
            _sync(w, s1)
    if final.outcome is not None:
        for seat, loyal in enumerate(final.loyalty):
            w.emit(f"loyalty {final.knights[seat]} {loyal}")
        hidden = sum(
            1
            for i in range(cfg.players)
            if final.loyalty[i] == "traitor" and not final.revealed[i] and not final.dead[i]
        )
        hidden_shown = hidden if final.outcome.cause == "12 swords" else 0
        w.emit(f"end white={final.wsw} black={final.bsw} hidden={hidden_shown}")
    return "\n".join(w.lines) + "\n"


def _write_step(w: _Writer, s0: GameState, step: Any, s1: GameState) -> None:
    if isinstance(step, A.Draw):
        kind = s0.pending[-1][0] if s0.pending else ""
        pile = {"bdraw": "black", "wdraw": "white", "tdraw": "travel"}.get(kind)
        if pile is None:
            return
        if pile == "white" and not w.hands:
            return
        if pile == "travel" and w.inline_travel and w.pending_move is not None:
            # the card goes on the move line; the replay reads it as the equivalent draw line
            w.lines[w.pending_move] += f" travel={step.card}"
            w.feed(f"draw travel {step.card}", w.pending_move + 1)
            w.pending_move = None
            return
        w.pending_move = None
        w.emit(f"draw {pile} {step.card}")
        return
    if isinstance(step, A.Roll):
        w.siege["roll"] = step.face
        if not (s1.pending and s1.pending[-1][0] == "kay_siege"):
            _write_siege(w, s0, s1)
        return
    if isinstance(step, A.KayExtra | A.Pass) and w.siege.get("roll") and s0.pending:
        if s0.pending[-1][0] == "kay_siege":
            if isinstance(step, A.KayExtra):
                w.siege["kay"] = step.value
            _write_siege(w, s0, s1)
        return
    if not isinstance(step, A.Action):
        return
    actor = s0.knights[decider(s0)]
    if isinstance(step, A.DrawBlack | A.AddEngine | A.LoseLife) and (
        not s0.pending or s0.pending[-1][0] == "traitor_evil"
    ):
        kind = {A.DrawBlack: "black", A.AddEngine: "engine", A.LoseLife: "life"}[type(step)]
        w.emit(f"evil {actor} {kind}")
    elif s0.pending:
        return  # answers inside a resolution: Merlin offers, discards, choices
    elif isinstance(step, A.Move):
        how = "knight_power" if tristan_free_move(s0, decider(s0)) else "heroic_action"
        w.emit(f"move {actor} how={how} to={step.quest}")
        w.pending_move = len(w.lines) - 1 if s0.cfg.expansion else None
    elif isinstance(step, A.FightEngine):
        w.siege = {"who": actor, "values": step.values, "seat": decider(s0), "engines": s0.engines}
        w.siege["excalibur"] = s0.relics[0] == decider(s0)
    elif isinstance(step, A.PlayFight):
        w.emit(f"play {actor} fight_{step.value} {step.quest}")
    elif isinstance(step, A.PlayGrail):
        w.emit(f"play {actor} grail grail")
    elif isinstance(step, A.DiscardForExcalibur):
        w.emit(f"play {actor} {step.card} excalibur")
    elif isinstance(step, A.PlaySpecial):
        shown = step.card in ("dispel", "merlin") and step.choice
        target = f" {step.choice[-1] if step.choice[0] != 'engine' else 'engine'}" if shown else ""
        w.emit(f"play {actor} {step.card}{target}")
    elif isinstance(step, A.Accuse):
        right = s0.loyalty[step.seat] == "traitor"
        w.emit(f"accuse {actor} {s0.knights[step.seat]} {'right' if right else 'wrong'}")
    elif isinstance(step, A.Sacrifice):
        w.emit(f"sacrifice {actor}")
    elif isinstance(step, A.Free):
        w.emit(f"free {actor} {s0.knights[step.seat]} card={step.card}")


def _write_siege(w: _Writer, s0: GameState, s1: GameState) -> None:
    sg = w.siege
    won = s1.engines < sg["engines"]
    cards = ",".join(map(str, sg["values"]))
    extra = (" excalibur" if sg["excalibur"] else "") + (
        f" kay={sg['kay']}" if sg.get("kay") else ""
    )
    w.emit(f"siege {sg['who']} cards={cards} roll={sg['roll']} {'won' if won else 'lost'}{extra}")
    w.siege = {}


def _sync(w: _Writer, s: GameState) -> None:
    """Record what the table sees that the lines so far do not imply: quests ended, swords,
    engines, deaths, captures; checked against the replay of the lines written."""
    t = w.replay.t
    for ev in s.events[w.events_seen :]:
        if ev[0] == "quest":
            _, quest, won, _turn = ev
            white = s.wsw - t.white if won else 0
            black = s.bsw - t.black if not won else 0
            engines = s.engines - t.engines_lo if not won else 0
            if not won and s.outcome is not None:  # the 12th engine: the board holds no more
                engines = max(engines, rulebook.quest_data(quest).lose_engines)
            if s.outcome is not None and s.outcome.cause == "12 swords":
                white, black = _before_flip(s, t.white, t.black, won)
            res = "won" if won else "lost"
            w.emit(f"quest {quest} {res} white={white} black={black} engines={engines}")
    w.events_seen = len(s.events)
    white, black = s.wsw, s.bsw
    if s.outcome is not None and s.outcome.cause == "12 swords":
        white, black = _pre_end(s)
    if white > t.white:
        w.emit(f"sword white {white - t.white}")
    if black > t.black:
        w.emit(f"sword black {black - t.black}")
    if (white, black) != (t.white, t.black) or (w.annotate and (white, black) != w.shown[:2]):
        w.emit(f"swords white={white} black={black}")
    unsure = t.engines_lo != t.engines_hi
    if (
        not t.engines_lo <= s.engines <= t.engines_hi
        or unsure
        or (w.annotate and s.engines != w.shown[2])
    ):
        w.emit(f"engines {s.engines}")
    w.shown = (white, black, s.engines)
    for seat, place in enumerate(s.location):
        name = s.knights[seat]
        known = t.where.get(name, "camelot")
        if place and known not in ("?", place) and not s.dead[seat] and not s.revealed[seat]:
            w.emit(f"move {name} how=special_card to={place}")  # moved by a card's effect
    for seat, shown in enumerate(s.revealed):
        if shown and s.knights[seat] not in t.unmasked:
            w.emit(f"unmasked {s.knights[seat]}")
    for seat, dead in enumerate(s.dead):
        name = s.knights[seat]
        if dead and name not in t.dead:
            w.emit(f"death {name}")
    for seat, cap in enumerate(s.captured):
        name = s.knights[seat]
        if cap and name not in t.captured and name not in t.dead:
            w.emit(f"captured {name}")
        elif not cap and name in t.captured:
            w.emit(f"freed {name}")
    for witch in sorted(t.witches - set(s.witches)):
        t.witches.discard(witch)


def _pre_end(s: GameState) -> tuple[int, int]:
    """The swords before the hidden traitors turned them over at the end (RB p.17)."""
    hidden = sum(
        1
        for i in range(s.cfg.players)
        if s.loyalty[i] == "traitor" and not s.revealed[i] and not s.dead[i]
    )
    total = s.wsw + s.bsw
    for white in range(total, -1, -1):
        if after_hidden_traitors(white, total - white, hidden) == (s.wsw, s.bsw):
            return white, total - white
    return s.wsw, s.bsw  # pragma: no cover


def _before_flip(s: GameState, white0: int, black0: int, won: bool) -> tuple[int, int]:
    white, black = _pre_end(s)
    return (white - white0, 0) if won else (0, black - black0)
