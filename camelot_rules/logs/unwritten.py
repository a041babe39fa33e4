"""What a log does not write, and how the replay goes on after a violation.

Between two lines of a log the engine takes steps nobody writes down: the white cards a knight
draws unseen, the opening share, an optional response not taken (no Merlin cards offered, no
Kay card added), a card discarded face down. :meth:`Unwritten.implicit_pending` gives, for each
kind of engine task, the step a log's silence stands for - one step where the table did not see
the choice (a card discarded face down: the hand is forgotten, then an unseen card goes), and
every choice where the table saw it but an older log did not write it (a combat card face up or
down, a war chosen for the Mercenaries, a volunteer for Morgan) - each kept as a branch until a
later line rules it out. A log written with ``setup ... complete=yes`` (the writer's) records
every choice the table saw, and its silence means "not taken".

The start of a game (the ``setup`` and ``knights`` lines, the loyalty deal the log implies) and
the replay's way on after a violation (:meth:`Unwritten.resync`: what the line recorded is
written over the view, or the line is passed over) are here too. No rule is applied here: the
engine applies every step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.data.decks import check_players
from camelot_rules.engine import actions as A
from camelot_rules.engine.infoset import correct
from camelot_rules.engine.setup import loyalty_counts, table_game
from camelot_rules.engine.state import UNSEEN, GameState, IllegalActionError
from camelot_rules.logs.parse import LOG_DEFAULTS, OPTION_WORDS, Event, draw_cards
from camelot_rules.logs.replay import Branch, Move, Replay, Unexplained, advance, forgetting
from camelot_rules.logs.report import card_name, knight_name

__all__ = ["Unwritten", "end_text", "event_text"]

_KNIGHTS: Final = rulebook.KNIGHTS + rulebook.EXPANSION_KNIGHTS
# what each kind of line records, for a violation's message ("Kay's siege fight")
_EVENT_TEXT: Final = {
    "turn": N_("{who}'s turn"),
    "evil": N_("{who}'s evil step"),
    "draw": N_("the card drawn ({card})"),
    "siege": N_("{who}'s siege fight"),
    "move": N_("{who}'s move"),
    "play": N_("{who} playing {card}"),
    "heal": N_("{who}'s healing"),
    "sacrifice": N_("{who}'s sacrifice of a life point"),
    "free": N_("{who} freeing a captive"),
    "accuse": N_("{who}'s accusation"),
    "cancel": N_("the cancel of {card}"),
    "power": N_("{who}'s power"),
    "volunteer": N_("{who} volunteering"),
    "drink": N_("{who} drinking from the Holy Grail"),
    "steal": N_("the unmasked traitor's theft"),
    "discard": N_("{who}'s discard"),
}


def event_text(ev: Event) -> str:
    """What a line records, in the reader's language ("Kay's siege fight")."""
    template = _EVENT_TEXT.get(ev.verb)
    who = knight_name(ev.words[0]) if ev.words else ""
    if template is None:
        return _("the line '{verb}'").format(verb=ev.verb)
    card = ""
    if ev.verb == "draw":
        card = ", ".join(card_name(c) for c, _f in draw_cards(ev))
    elif ev.verb == "play" and len(ev.words) > 1:
        card = card_name(ev.words[1])
    elif ev.verb == "cancel" and ev.words:
        card = card_name(ev.words[0])
    return _(template).format(who=who, card=card)


def _refusal(ev: Event, rule_id: str) -> Unexplained:
    return Unexplained(rule_id, _("{event} is against the rules here").format(event=event_text(ev)))


class Unwritten(Replay):
    """The replay's defaults for what a log leaves unwritten (see the module docstring)."""

    # --- the start ------------------------------------------------------------------------------
    def start(self, ev: Event) -> None:
        if ev.verb == "setup":
            self._setup(ev)
        elif ev.verb == "knights":
            self._knights(ev)
        elif self.players and not self.branches:
            self._begin(self._guess_knights(), ev)

    def _setup(self, ev: Event) -> None:
        self.players = int(ev.options["players"])
        self.expansion = ev.options["expansion"] == "yes"
        self.complete = ev.options.get("complete") == "yes"
        recorded: dict[str, Any] = {}
        for key in OPTION_WORDS:
            if key in ev.options:
                value: Any = ev.options[key]
                if key in ("three_player_peek", "siege_without_fight"):
                    value = value == "yes"
                elif key == "two_traitor_flip":
                    value = int(value)
                recorded[key] = value
        # a reading asked for wins over the log's, the log's over the log defaults
        self.options = {**LOG_DEFAULTS, **recorded, **self.options}
        try:
            check_players(self.players, self.expansion)
        except ValueError:
            allowed = range(3, 9) if self.expansion else range(3, 8)
            self.broke(
                ev.line,
                "setup.expansion" if self.expansion else "setup.deal",
                (
                    _("{n} players in Merlin's Company")
                    if self.expansion
                    else _("{n} players in the base game")
                ).format(n=self.players),
                (
                    _("Merlin's Company is for {lo}-{hi} players")
                    if self.expansion
                    else _("the base game is for {lo}-{hi} players")
                ).format(lo=allowed.start, hi=allowed.stop - 1),
            )
            self.halted = True

    def _guess_knights(self) -> tuple[str, ...]:
        """Knights named by the lines, in the order they first act (a log with no knights
        line), then the box's first knights."""
        named: list[str] = []
        for ev in self.events:
            if ev.verb in ("turn", "evil") and ev.words and ev.words[0] not in named:
                named.append(ev.words[0])
        pool = [k for k in _KNIGHTS if k not in named]
        if self.expansion and "arthur" not in named:
            named.insert(0, "arthur")
        return tuple((named + pool)[: self.players])

    def _knights(self, ev: Event) -> None:
        knights = list(ev.words)
        if len(knights) != self.players:
            self.broke(
                ev.line,
                "setup.deal",
                _("{n} knights named for {players} players").format(
                    n=len(knights), players=self.players
                ),
                _("one knight for each player"),
            )
            knights = (knights + [k for k in _KNIGHTS if k not in knights])[: self.players]
        doubles = sorted({k for k in knights if knights.count(k) > 1})
        if doubles:
            self.broke(
                ev.line,
                "setup.deal",
                _("{names} named twice").format(names=", ".join(map(knight_name, doubles))),
                _("each knight once"),
            )
            self.halted = True
            return
        if self.expansion and "arthur" not in knights:
            self.broke(
                ev.line,
                "setup.expansion",
                _("a Merlin's Company game without King Arthur"),
                _("in Merlin's Company King Arthur always plays"),
            )
            self.halted = True
            return
        self._begin(tuple(knights), ev)

    def _begin(self, named: tuple[str, ...], ev: Event) -> None:
        """The game as the table sees it at the start; a player's name on the knights line
        plays a knight of the box nobody else has (without a power where the box has one)."""
        box = [k for k in rulebook.EXPANSION_KNIGHTS if k != "caradoc"] if self.expansion else []
        box += [k for k in _KNIGHTS if k not in box]
        free = [k for k in box if k not in named]
        engine_knights = tuple(k if k in _KNIGHTS else free.pop(0) for k in named)
        self.knights = named
        self.seats = {k: i for i, k in enumerate(named)}
        self.loyalty = self._loyalty_deal()
        try:
            s = table_game(
                self.players, expansion=self.expansion, knights=engine_knights, **self.options
            )
        except ValueError:
            self.broke(ev.line, "setup.deal", _("the game cannot be set up as recorded"))
            self.halted = True
            return
        self.branches = [Branch(s)]

    def _loyalty_deal(self) -> tuple[str, ...]:
        """A loyalty deal consistent with what the log shows: the loyalty lines, accusations,
        unmasked traitors, Fate played to reveal, and the hidden traitors of the end line; the
        rest loyal as far as the loyalty deck allows. (Which knight is a hidden traitor matters
        to the rules only through what the log shows; the deck decides how many can be.)"""
        loyal_box, traitors_box = loyalty_counts(
            self.players, self.expansion, str(self.options.get("traitor", "standard"))
        )
        known: dict[int, str] = {}
        shown: set[int] = set()
        dead: set[int] = set()
        hidden_end = 0
        for ev in self.events:
            seat = self.seats.get(ev.words[0]) if ev.words else None
            if ev.verb == "loyalty" and seat is not None:
                known.setdefault(seat, ev.words[1])
            elif ev.verb == "accuse" and len(ev.words) == 3 and ev.words[1] in self.seats:
                accused = self.seats[ev.words[1]]
                known.setdefault(accused, "traitor" if ev.words[2] == "right" else "loyal")
                if ev.words[2] == "right":
                    shown.add(accused)
            elif seat is not None and (
                ev.verb == "unmasked" or (ev.verb == "play" and ev.words[1:] == ("fate", "reveal"))
            ):
                known.setdefault(seat, "traitor")
                shown.add(seat)
            elif ev.verb == "death" and seat is not None:
                dead.add(seat)
            elif ev.verb == "end":
                hidden_end = int(ev.options["hidden"])
        deal = [""] * self.players
        traitors = loyal = 0
        for seat, what in sorted(known.items()):
            if what == "traitor" and traitors < traitors_box:
                deal[seat], traitors = "traitor", traitors + 1
            elif what == "loyal" and loyal < loyal_box:
                deal[seat], loyal = "loyal", loyal + 1
        hidden = sum(1 for x in range(self.players) if deal[x] == "traitor" and x not in shown)
        for seat in sorted(range(self.players), key=lambda x: (x in dead, x)):
            if deal[seat] or hidden >= hidden_end or traitors >= traitors_box:
                continue
            deal[seat], traitors, hidden = "traitor", traitors + 1, hidden + 1
        for seat in range(self.players):
            if not deal[seat]:
                if loyal < loyal_box:
                    deal[seat], loyal = "loyal", loyal + 1
                else:
                    deal[seat], traitors = "traitor", traitors + 1
        return tuple(deal)

    # --- the steps a log does not write ---------------------------------------------------------
    def implicit_pending(self, b: Branch) -> list[Move] | None:
        s = b.state
        task = s.pending[-1]
        kind = task[0]
        rule = _POLICY.get(kind)
        if rule is None:
            return None
        return rule(self, s, task)

    # --- why a line is not explained ------------------------------------------------------------
    def stuck(self, stuck: list[tuple[Branch, IllegalActionError | None]]) -> Unexplained:
        b, err = stuck[0]
        if err is not None:
            found = Unexplained(err.rule_id, _("the game cannot go on to this line here"))
        else:
            found = self.waiting(b.state)
            kind = b.state.pending[-1][0] if b.state.pending else ""
            if kind in ("bdraw", "tdraw") and not self.named_later(kind):
                found.at_line = b.line  # the line that called for the card owes it
        found.state = b.state
        return found

    def waiting(self, s: GameState) -> Unexplained:
        """What the rules wait for at ``s`` that the line does not record."""
        if s.outcome is not None:
            return Unexplained(
                s.note[1] or "turn.game-over",
                _("the game is already over ({result})").format(result=end_text(s)),
                _("the game ends at once; count the swords and reveal the loyalty cards"),
            )
        who = knight_name(self.name(s.turn)) if self.knights else ""
        if s.pending:
            kind = s.pending[-1][0]
            if kind == "bdraw":
                return Unexplained(
                    "evil.black-card",
                    _("a black card is drawn for {who} here, but the log does not name it").format(
                        who=who
                    ),
                )
            if kind == "roll":
                return Unexplained("siege.fight", _("the siege die is rolled here"))
            if kind == "tdraw":
                return Unexplained(
                    "travel.draw-on-move",
                    _(
                        "{who} moves by a heroic action or a power, but no travel card is recorded"
                    ).format(who=knight_name(self.name(int(s.pending[-1][1])))),
                    _("a move by a heroic action or a knight's power draws a travel card"),
                )
            return Unexplained(
                "turn.pending", _("the rules wait for a choice the log does not record here")
            )
        if s.phase == "evil":
            return Unexplained(
                "turn.evil-step",
                _("{who}'s turn has no evil step").format(who=who),
                _(
                    "each turn begins with one evil step: draw a black card, add a siege engine "
                    "or lose a life point"
                ),
            )
        return Unexplained(
            "turn.heroic-action",
            _("{who}'s turn has no heroic action").format(who=who),
            _("each turn a knight takes one heroic action (two with a sacrifice)"),
        )

    def refused(self, b: Branch, ev: Event, err: IllegalActionError) -> Unexplained:
        """A line the engine refuses: in words, what the line did against the rule."""
        s = b.state
        seat = self.seats.get(ev.words[0]) if ev.words else None
        if ev.verb == "accuse" and err.rule_id == "endgame.accusation" and seat is not None:
            who = knight_name(ev.words[0])
            if s.accused[seat]:
                return Unexplained(
                    err.rule_id,
                    _("{who} accuses a second time").format(who=who),
                    _("each knight accuses once in the game"),
                )
            return Unexplained(
                err.rule_id,
                _(
                    "{who} accuses with {swords} swords and {engines} siege engines on the board"
                ).format(who=who, swords=s.wsw + s.bsw, engines=s.engines),
                _("an accusation needs {swords}+ swords or {engines}+ engines").format(
                    swords=rulebook.threshold("accusation_min_swords"),
                    engines=rulebook.threshold("accusation_min_engines"),
                ),
            )
        if ev.verb == "siege" and err.rule_id == "siege.fight" and not s.engines:
            return Unexplained(
                err.rule_id,
                _("{who} fights a siege engine, but there is none around Camelot").format(
                    who=knight_name(ev.words[0])
                ),
                _("a siege fight needs a siege engine on the board"),
            )
        if err.rule_id == "turn.sacrifice" and seat is not None and ev.verb != "sacrifice":
            return Unexplained(
                err.rule_id,
                _("{who} takes a second heroic action without sacrificing a life point").format(
                    who=knight_name(ev.words[0])
                ),
                _("one heroic action a turn, and one more only by sacrificing a life point"),
            )
        if err.rule_id == "turn.no-repeat" and seat is not None:
            return Unexplained(
                err.rule_id,
                _("{who} takes the same heroic action twice in one turn").format(
                    who=knight_name(ev.words[0])
                ),
                _("a second heroic action (bought with a life point) must be a different one"),
            )
        return _refusal(ev, err.rule_id)

    # --- after a violation ----------------------------------------------------------------------
    def resync(self, ev: Event, err: Unexplained) -> list[Branch]:
        """The branches after a line that breaks a rule: written over with what the line
        recorded where it says what the table did (then replayed), else as they were."""
        if err.partial:
            return err.partial  # the part of the line explained (the cards drawn before)
        fixed = self.corrected(ev, err)
        if fixed is None:
            return self.branches
        handler: Callable[[Branch, Event], list[Branch]] = getattr(self, "on_" + ev.verb)
        out: list[Branch] = []
        for b in fixed:
            try:
                out += handler(b, ev)
            except (Unexplained, IllegalActionError):
                continue
        return out or fixed

    def corrected(self, ev: Event, err: Unexplained) -> list[Branch] | None:
        """The branches written over with what ``ev`` recorded (None: pass over the line)."""
        actor = self.seats.get(ev.words[0]) if ev.words else None
        out = []
        for b in self.branches:
            s = b.state
            if s.outcome is not None:
                return None
            fields: dict[str, Any] = {}
            if s.pending and s.pending[-1][0] in ("bdraw", "tdraw") and err.at_line:
                fields = {"skip_draw": True}  # the card owed: passed over, the line replayed
            elif ev.verb == "turn" and actor is not None:
                if s.dead[actor]:
                    return None  # a dead knight stays dead: his turn is passed over
                fields = {"turn": actor}
            elif ev.verb == "draw" and err.rule_id in ("deck.counts", "deck.finished-quest-cards"):
                if ev.words[0] != "black":
                    return None
                cards: dict[str, int] = {}
                for card, _face in draw_cards(ev):
                    if card in s.cfg.black_index:
                        cards[card] = cards.get(card, 0) + 1
                fields = {"black_pile": cards}
            elif err.rule_id in ("travel.captured",) and actor is not None:
                fields = {"captured": {actor: False}}
                if s.turn != actor and ev.verb != "free":
                    fields["turn"] = actor
            elif (
                ev.verb in _HEROIC_VERBS
                and actor is not None
                and (s.turn != actor or s.phase != "heroic" or s.pending)
            ):
                if err.rule_id in ("turn.order", "death.zero-life") and s.dead[actor]:
                    return None  # a dead knight stays dead
                fields = {"turn": actor, "phase": "heroic"}
            elif ev.verb == "evil" and actor is not None and (s.turn != actor or s.phase != "evil"):
                if s.dead[actor]:
                    return None
                fields = {"turn": actor}
            else:
                return None
            out.append(Branch(_corrected(s, **fields), b.quests, b.swords))
        return out


_HEROIC_VERBS: Final = frozenset(
    {"siege", "move", "play", "heal", "sacrifice", "free", "accuse", "power"}
)


def _corrected(s: GameState, **fields: Any) -> GameState:
    return correct(s, **fields)


def end_text(s: GameState) -> str:
    assert s.outcome is not None
    return {
        "12 swords": _("the 12th sword"),
        "7 black swords": _("the 7th black sword"),
        "12 siege engines": _("the 12th siege engine"),
        "all knights dead": _("the death of every knight"),
    }[s.outcome.cause]


# --- the policy: what a log's silence stands for, by the engine's kind of task -----------------
Policy = Callable[[Unwritten, GameState, tuple[Any, ...]], "list[Move] | None"]


def _step(move: A.Action | A.Outcome) -> Move:
    return lambda b: advance(b, move)


def _unseen_draw(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    outcomes = [o for o, _p in s.chance_outcomes()]
    pile = "shared" if task[0] == "pool_deal" else "white"
    unseen = A.Draw(pile, UNSEEN)
    return [_step(unseen)] if unseen in outcomes else [_step(o) for o in outcomes]


def _deal_loyalty(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    return [_step(A.Deal(task[1], r.loyalty[task[1]]))]


def _reveal(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    """Black cards looked at (a peek, Clairvoyance, Lancelot's Armor): the ones the log draws
    next, in order; a card the log does not draw next (Lancelot's Armor sends it to the bottom;
    the table's view then forgets where) is the kind the pile holds most of."""
    weights = dict(s.chance_outcomes())
    armor = len(s.pending) > 1 and s.pending[-2][0] == "keep2"
    if not (armor and s.btop):
        ahead = r.black_ahead(len(s.btop) + 1)
        if len(ahead) > len(s.btop):
            want = A.Draw("black", ahead[len(s.btop)])
            if want in weights:
                return [_step(want)]
    return [_step(max(weights, key=lambda o: weights[o]))]


def _steal(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    return [forgetting(task[2], A.Steal(UNSEEN))]


def _offer(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    seat = task[1]
    if task[0] == "offer":
        return [forgetting(seat, A.Offer(UNSEEN))]
    if task[0] == "discard":
        return [forgetting(seat, A.Discard(UNSEEN))]
    return [forgetting(seat, A.ArthurReturn(UNSEEN))]


def _take(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    legal = s.legal_actions()
    want = A.Take(UNSEEN)
    return [_step(want)] if want in legal else [_step(a) for a in legal]


def _share(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    """Cards shared by agreement (share.by-agreement): each take is a ``draw white CARD
    for=share to=NAME`` line (the writer's logs), which the takes wait for; a log that does not
    say who took how many leaves a knight asked taking an unseen card or none (while he may),
    both explanations kept. In a complete log the shared cards lie face up and every take is
    written: its silence is a knight taking none, while he may - a card left untaken when the
    round ends is a line missing."""
    if r.share_ahead():
        return None
    legal = s.legal_actions()
    if r.complete:
        return [_step(A.Take(None))] if A.Take(None) in legal else None
    want = [a for a in (A.Take(UNSEEN), A.Take(None)) if a in legal]
    return [_step(a) for a in want] if want else [_step(a) for a in legal]


def _pass(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    return [_step(A.Pass())]


def _either(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    """A choice the table sees: the default (the first legal answer) in a complete log, every
    answer in an older one."""
    legal = s.legal_actions()
    return [_step(a) for a in (legal[:1] if r.complete else legal)]


def _face(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    up, down = A.PlayBlack(False), A.PlayBlack(True)
    return [_step(up)] if r.complete else [_step(up), _step(down)]


def _keep(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    legal = s.legal_actions()
    ahead = r.black_ahead(1)
    want = A.Keep(ahead[0]) if ahead else None
    return [_step(want)] if want in legal else [_step(a) for a in legal]


def _clair(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    legal = s.legal_actions()
    placed = len(task[3])
    ahead = r.black_ahead(task[2])
    if placed < len(ahead) and A.PutNext(ahead[placed]) in legal:
        return [_step(A.PutNext(ahead[placed]))]
    return [_step(legal[0])]


def _join(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    seat = task[2][task[3]] if task[0] == "join" else task[3][task[4]]
    go = seat in r.special_moves_ahead()
    return [_step(A.Join(go))]


def _steal_target(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    return None if r.complete else [_step(a) for a in s.legal_actions()]


def _demand(r: Unwritten, s: GameState, task: tuple[Any, ...]) -> list[Move] | None:
    return None


_POLICY: Final[dict[str, Policy]] = {
    "wdraw": _unseen_draw,
    "pool_deal": _unseen_draw,
    "deal_loyalty": _deal_loyalty,
    "reveal": _reveal,
    "steal": _steal,
    "offer": _offer,
    "discard": _offer,
    "arthur_return": _offer,
    "take": _take,
    "share": _share,
    "pool_draw": _unseen_draw,
    "merlin": _pass,
    "excal": _pass,
    "kay_combat": _pass,
    "kay_siege": _pass,
    "messenger": _pass,
    "slayer": _pass,
    "face": _face,
    "war": lambda r, s, t: [_step(a) for a in s.legal_actions()],
    "volunteer": _either,
    "drink": _either,
    "witch4": lambda r, s, t: [_step(A.Pass())],
    "keep2": _keep,
    "clair": _clair,
    "join": _join,
    "call": _join,
    "steal_target": _steal_target,
    "demand": _demand,
}
