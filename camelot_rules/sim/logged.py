"""A play log's position as a rules-engine game, for the advisor ("what now?").

A play log (``docs/play-log.md``) records what the table saw; the tracker replays it through
the rules engine on the table's information set (:meth:`camelot_rules.logs.tracker.GameRecord.
position`: swords, engines, the black and travel cards gone, each knight's life, place and hand
size, the Fight and black cards on each quest, the Grail's and Excalibur's progress, the wars'
warriors, relics, the turn in progress). :func:`logged_position` builds from that position an
engine position (:func:`camelot_rules.engine.position`) at the deciding knight's turn, with his
own hand as given (``hand``, else the log's last ``hand`` line for him); what the table has not
seen is said in :attr:`Logged.assumptions`:

- the other knights' hands hold as many cards as the replay counts (``sizes`` overrides), of
  any kinds the table has not seen (the advisor deals them again in every world);
- the other loyalty cards are unknown: the box's loyalty deck (``setup.loyalty``) less the
  advised knight's own card and the traitors unmasked, dealt again in every world;
- the white discard pile is empty (every white card not in a hand or on a quest is in the
  draw pile); the black cards drawn are in the discard pile; the siege engines are the
  higher end when the log leaves their number open; a black card laid face down on a combat
  quest is left out (the table has not seen it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import standard_deck
from camelot_rules.data.names import display_name
from camelot_rules.engine import position
from camelot_rules.engine.setup import loyalty_counts
from camelot_rules.engine.state import GameState
from camelot_rules.engine.worlds import with_hidden
from camelot_rules.logs.playlog import parse_log
from camelot_rules.logs.tracker import GameRecord, Position

__all__ = ["Logged", "logged_position", "logged_record", "recorded_hand"]

_RELICS = ("excalibur", "grail", "armor")
_QUESTS = frozenset(
    {"grail", "excalibur", "black_knight", "lancelot", "dragon", "picts", "saxons", "camelot"}
)


@dataclass(frozen=True)
class Logged:
    """The engine position read from a play log, the knight it is for, and what was assumed."""

    state: GameState
    seat: int
    knight: str
    line: int
    assumptions: tuple[str, ...]


def recorded_hand(text: str, knight: str) -> dict[str, int] | None:
    """``knight``'s hand as the log's last ``hand`` line for him records it (None if none)."""
    found: dict[str, int] | None = None
    for ev in parse_log(text):
        if ev.verb == "hand" and ev.words and ev.words[0] == knight:
            found = {}
            for card in ev.words[1:]:
                found[card] = found.get(card, 0) + 1
    return found


def _cut(text: str, line: int | None) -> tuple[str, int]:
    lines = text.splitlines()
    if line is None:
        return text, len(lines)
    if isinstance(line, bool) or not isinstance(line, int) or not 1 <= line <= len(lines):
        raise ValueError(
            _("line={line}: expected a line number of the log, 1 to {n}").format(
                line=repr(line), n=len(lines)
            )
        )
    return "\n".join(lines[:line]) + "\n", line


def logged_position(
    text: str,
    *,
    hand: Mapping[str, int] | None = None,
    line: int | None = None,
    sizes: Sequence[int] | None = None,
    traitor: str = "standard",
) -> Logged:
    """The position after the play log ``text`` (up to ``line``, 1-based, when given) at the
    decision of the knight whose turn it is (see the module). ``hand``: his white cards
    (card -> count); ``sizes``: each seat's hand size (the advised knight's is his hand's);
    ``traitor``: the game's traitor option (``standard`` or ``none``).

    A log that breaks a rule, a turn whose heroic action is already recorded, a game over or
    a knight whose hand is not known raise ``ValueError`` saying what to give."""
    if traitor not in ("standard", "none"):
        raise ValueError(
            _("traitor={traitor}: expected 'standard' or 'none'").format(traitor=repr(traitor))
        )
    text, last = _cut(text, line)
    record = GameRecord(text)
    pos = record.position()
    if pos.over:
        raise ValueError(
            _("the game is over at line {line} ({how}): nothing to advise").format(
                line=last, how=pos.over
            )
        )
    if not pos.knights:
        raise ValueError(_("the log names no knights: add its 'knights' line"))
    knight = pos.turn or record.next_turn()
    if pos.turn and pos.evil_steps and pos.heroic_done:
        raise ValueError(
            _(
                "line {line}: {knight}'s heroic action ({done}) is already recorded; advise at "
                "the line before it (--line)"
            ).format(
                line=last,
                knight=display_name(knight, "knight"),
                done=", ".join(pos.heroic_done),
            )
        )
    if knight in pos.unmasked:
        raise ValueError(
            _("{knight} is an unmasked traitor: the advisor counsels loyal knights").format(
                knight=display_name(knight, "knight")
            )
        )
    seat = pos.knights.index(knight)
    if hand is None:
        hand = recorded_hand(text, knight)
    if hand is None:
        raise ValueError(
            _(
                "{name}'s hand is not in the log: give it (--hand CARD,CARD,... or a "
                "'hand {knight} CARD ...' line)"
            ).format(name=display_name(knight, "knight"), knight=knight)
        )
    return _build(pos, seat, dict(hand), sizes, traitor, last)


def _build(
    pos: Position,
    seat: int,
    hand: dict[str, int],
    sizes: Sequence[int] | None,
    traitor: str,
    last: int,
) -> Logged:
    players, expansion, names = pos.players, pos.expansion, pos.knights
    assumptions: list[str] = []
    dead = {names.index(k) for k in pos.dead}
    unmasked = {names.index(k) for k in pos.unmasked}
    own = sum(hand.values())
    counted = dict(pos.hand_sizes)  # the table's count of each hand (the replay's view)
    if sizes is None and all(k in counted for k in names):
        sizes = [0 if o in dead or o in unmasked else counted[names[o]] for o in range(players)]
        sizes[seat] = own
        if counted[names[seat]] != own:
            assumptions.append(
                _("white cards in your hand: {n} (the log counts {m})").format(
                    n=own, m=counted[names[seat]]
                )
            )
    elif sizes is None:
        sizes = [0 if o in dead or o in unmasked else own for o in range(players)]
        assumptions.append(
            _("white cards in every other hand: {n} (as many as in yours)").format(n=own)
        )
    if len(sizes) != players:
        raise ValueError(
            _("sizes={sizes}: expected {n} hand sizes, one per seat").format(
                sizes=repr(list(sizes)), n=players
            )
        )
    location = {}
    for k, where in pos.location:
        o = names.index(k)
        if o not in dead and o not in unmasked:
            location[o] = where if where in _QUESTS and where not in pos.quests_over else "camelot"
    if any(w == "?" for _, w in pos.location):
        assumptions.append(_("a knight whose place the log leaves open is at Camelot"))
    relics = {r: names.index(k) for r, k in pos.relics if r in _RELICS and k in names}
    quests = _quests(pos)
    black_box = standard_deck("black", expansion=expansion)
    black_discard = {
        c: n
        for c in black_box.names()
        if (n := black_box.count(c) - pos.black_left.count(c) - (c in pos.witches)) > 0
    }
    extra: dict[str, object] = {}
    if expansion:
        extra["captured"] = [names.index(k) for k in pos.captured]
        extra["witches"] = list(pos.witches)
        if pos.travel_left is not None:
            box = standard_deck("travel", expansion=True)
            gone = {c: box.count(c) - pos.travel_left.count(c) for c in box.names()}
            gone["captured"] = gone.get("captured", 0) - len(pos.captured)
            extra["travel_discard"] = {c: n for c, n in gone.items() if n > 0}
    loyalty = ["traitor" if o in unmasked else "loyal" for o in range(players)]
    common = dict(
        knights=names,
        loyalty=loyalty,
        hands={seat: hand},
        life={names.index(k): max(1, v) for k, v in pos.life if names.index(k) not in dead},
        location=location,
        turn=seat,
        phase="heroic" if pos.evil_steps and pos.turn else "evil",
        white_swords=pos.white_swords,
        black_swords=pos.black_swords,
        siege_engines=pos.engines[1],
        quests=quests,
        over=tuple(q for q in pos.quests_over if q != "camelot"),
        relics=relics,
        revealed=sorted(unmasked),
        dead=sorted(dead),
        black_discard=black_discard,
        expansion=expansion,
        traitor=traitor,
        **extra,
    )
    try:
        s = position(players, **common)  # type: ignore[arg-type]
    except ValueError as err:
        raise ValueError(
            _("the log's position at line {line} cannot be set up: {why}").format(
                line=last, why=err
            )
        ) from None
    s = _deal_others(s, seat, sizes)
    loyal_box, traitors_box = loyalty_counts(players, expansion, traitor)
    traitors = traitors_box - len(unmasked)
    loyal_left = loyal_box - (players - len(unmasked))
    if loyal_left < 0 or traitors < 0:
        raise ValueError(
            _("the log unmasks more traitors than the box holds ({knights})").format(
                knights=", ".join(display_name(names[o], "knight") for o in sorted(unmasked))
            )
        )
    s = with_hidden(s, check=False, deal_pool=((), loyal_left, traitors))
    if pos.engines[0] != pos.engines[1]:
        assumptions.append(
            _("{n} siege engines (the log leaves {low} to {high})").format(
                n=pos.engines[1], low=pos.engines[0], high=pos.engines[1]
            )
        )
    hidden = [q for q, cards in pos.quest_blacks if "hidden" in cards and q in quests]
    if hidden:
        assumptions.append(
            _("the black cards laid face down on {quests} are left out").format(
                quests=", ".join(display_name(q, "quest") for q in hidden)
            )
        )
    assumptions += [
        _("the other hands and loyalty cards are unknown (dealt again in every world)"),
        _("the white discard pile is empty (every unseen white card is in the draw pile)"),
    ]
    return Logged(s, seat, names[seat], last, tuple(assumptions))


def _quests(pos: Position) -> dict[str, dict[str, object]]:
    """The quests in play as the replay of the log left them (the tracker's position): the
    Fight values and black cards on the combat quests, the Grail's cards, Excalibur's place,
    the wars' straights and warriors."""
    over = set(pos.quests_over)
    blacks = {q: tuple(c for c in cards if c != "hidden") for q, cards in pos.quest_blacks}
    fights = dict(pos.fights_laid)
    quests: dict[str, dict[str, object]] = {}
    for quest in ("black_knight", "lancelot", "dragon"):
        if quest in over or not (fights.get(quest) or blacks.get(quest)):
            continue
        quests[quest] = {"white": tuple(fights.get(quest, ())), "black": blacks.get(quest, ())}
    for quest, warriors in pos.warriors:
        if quest in over or not (fights.get(quest) or warriors):
            continue
        quests[quest] = {"fights": min(len(fights.get(quest, ())), 5), "warriors": warriors}
    if "grail" not in over and (pos.grail_cards or blacks.get("grail")):
        quests["grail"] = {"grails": pos.grail_cards, "blacks": blacks.get("grail", ())}
    if "excalibur" not in over and pos.excalibur_position:
        quests["excalibur"] = {"position": pos.excalibur_position}
    return quests


def _deal_others(s: GameState, seat: int, sizes: Sequence[int]) -> GameState:
    """The other seats' hands filled to ``sizes`` from the white pile, card by card in the
    deck's order (the advisor deals them again at random in every world)."""
    pile = list(s.wpile)
    hands = [list(h) for h in s.hands]
    i = 0
    for o, size in enumerate(sizes):
        if o == seat:
            continue
        for _card in range(size):
            while i < len(pile) and pile[i] == 0:
                i += 1
            if i == len(pile):
                raise ValueError(
                    _("sizes={sizes}: more white cards than the pile holds").format(
                        sizes=repr(list(sizes))
                    )
                )
            pile[i] -= 1
            hands[o][i] += 1
    return with_hidden(s, check=False, hands=tuple(tuple(h) for h in hands), wpile=tuple(pile))


_EVIL_KINDS = {"black": "evil:black", "engine": "evil:engine", "life": "evil:life"}


def logged_record(text: str, line: int | None = None) -> list[tuple[int, str | None]]:
    """The public record of choices the play log shows (up to ``line``): each evil step as
    ``(seat, "evil:black|engine|life")``, the kinds the advisor's belief about the traitor
    reads (:func:`camelot_rules.sim.determinize.suspicion`)."""
    text, _ = _cut(text, line)
    knights: list[str] = []
    out: list[tuple[int, str | None]] = []
    for ev in parse_log(text):
        if ev.verb == "knights":
            knights = list(ev.words)
        elif ev.verb == "evil" and len(ev.words) >= 2 and ev.words[0] in knights:
            out.append((knights.index(ev.words[0]), _EVIL_KINDS.get(ev.words[1])))
    return out
