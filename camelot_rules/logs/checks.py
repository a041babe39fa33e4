"""The lines of a play log that record what the table sees, checked against the engine.

``quest``, ``sword``, ``swords``, ``engines``, ``life``, ``hand``, ``relic``, ``loyalty``,
``unmasked``, ``death``, ``captured``, ``freed``, ``merlin``, ``reshuffle``, ``end`` and the
``at=PLACE`` any line may carry: each is compared with the table's view the engine has kept
(the swords it laid, the engines, where each knight stands...). A line that does not match is a
violation of the rule that made the view what it is; the view then takes what the line recorded
(:func:`~camelot_rules.engine.infoset.correct`), so the same cause is reported once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.engine.endgame import hidden_traitors
from camelot_rules.engine.infoset import correct, reveal
from camelot_rules.engine.state import UNSEEN, GameState, IllegalActionError
from camelot_rules.logs.parse import Event
from camelot_rules.logs.replay import Branch, Unexplained, laid_swords
from camelot_rules.logs.report import card_name, deck_name, knight_name, quest_name
from camelot_rules.logs.unwritten import Unwritten, end_text

__all__ = ["Checks"]

_RELIC_SLOT: Final = {"excalibur": 0, "grail": 1, "armor": 2}
_MAX_LIFE: Final = rulebook.threshold("max_life")
# the rule each quest's end applies (a quest recorded as ended when the rules did not end it)
_QUEST_RULE: Final = {
    "black_knight": "quest.combat-end",
    "lancelot": "quest.combat-end",
    "dragon": "quest.combat-end",
    "excalibur": "quest.excalibur",
    "grail": "quest.grail",
    "picts": "quest.wars",
    "saxons": "quest.wars",
}
# the rules of a step that draws the black card of a quest that is over, and the count of
# engines the table records when it does not apply them (the engine left out, or added while
# Merlin stands on the quest): an ``engines`` line right after the step breaks them
_FINISHED_QUEST_CARD: Final = {
    "black.finished-quest": -1,
    "deck.finished-quest-cards": -1,
    "deck.merlin-blocks-engine": +1,
}
# lines still read after the end of the game (the record of the end)
AFTER_END: Final = frozenset(
    {
        "end",
        "loyalty",
        "swords",
        "engines",
        "hand",
        "death",
        "life",
        "sword",
        "quest",
        "unmasked",
        "reshuffle",
        "captured",
        "freed",
        "merlin",
        "relic",
    }
)


def _with(b: Branch, state: GameState, **changes: Any) -> Branch:
    from dataclasses import replace

    return replace(b, state=state, **changes)


class Checks(Unwritten):
    """The lines that record what the table sees (see the module docstring)."""

    deaths: dict[str, int]
    last_turn: str
    over_reported: bool
    ghost: str  # a dead knight whose recorded turn is passed over

    def line(self, ev: Event) -> None:
        if not hasattr(self, "deaths"):
            self.deaths, self.last_turn, self.over_reported, self.ghost = {}, "", False, ""
        if self.branches and all(b.state.outcome is not None for b in self.branches):
            recorded = ev.verb in AFTER_END or (
                ev.verb == "move"
                and ev.options.get("how") in ("return_after_quest", "special_card")
            )
            if not recorded:
                if not self.over_reported:
                    s = self.branches[0].state
                    self.broke(
                        ev.line,
                        s.note[1] or "turn.game-over",
                        _("the game goes on after {over}: '{verb}' is recorded").format(
                            over=self.end_text(s), verb=ev.verb
                        ),
                        _("the game ends at once; count the swords and reveal the loyalty cards"),
                    )
                    self.over_reported = True
                return
        if ev.verb == "turn":
            self.ghost = ""
        elif self.ghost and ev.words and ev.words[0] == self.ghost and ev.verb != "death":
            return  # the rest of a turn a dead knight took: its turn line was reported
        before = len(self.found)
        self.rebuild_check(ev)
        if ev.verb == "turn" and self.complete:
            self.quests_check(ev)
        super().line(ev)
        if ev.verb == "end" and self.complete:
            self.quests_check(ev)  # (after the end line: the last steps are taken there)
        if ev.verb == "turn" and len(self.found) > before and self.found[-1].line == ev.line:
            seat = self.seats.get(ev.words[0])
            if seat is not None and all(b.state.dead[seat] for b in self.branches):
                self.ghost = ev.words[0]
        if any(b.rebuild_due < 0 for b in self.branches):
            drawn = [  # the line that drew her (her rebuild may come with a later line)
                e.line
                for e in self.events[: self.index + 1]
                if e.verb == "draw" and "morgan_witch_1" in e.words
            ]
            at = drawn[-1] if drawn else ev.line
            self.branches = [
                _with(b, b.state, rebuild_due=at) if b.rebuild_due < 0 else b for b in self.branches
            ]
        if "at" in ev.options and ev.words and len(self.found) == before:
            self.check_at(ev)
        if ev.verb == "turn":
            self.last_turn = ev.words[0]
        elif ev.verb == "death":
            self.deaths.setdefault(ev.words[0], ev.line)

    def end_text(self, s: GameState) -> str:
        return end_text(s) if s.outcome is not None else ""

    def broke(self, line: int, rule_id: str, message: str, fix: str = "") -> None:
        if any(v.line == line and v.rule_id == rule_id for v in self.found):
            return  # the same finding from another branch
        super().broke(line, rule_id, message, fix)

    # --- where a knight stands ------------------------------------------------------------------
    def check_at(self, ev: Event) -> None:
        seat = self.seats.get(ev.words[0])
        if seat is None:
            return
        place = ev.options["at"]
        if any(b.state.location[seat] == place for b in self.branches):
            self.branches = [b for b in self.branches if b.state.location[seat] == place]
            return
        there = self.branches[0].state.location[seat] or "camelot"
        self.broke(
            ev.line,
            "quest.move",
            _("{who} is recorded at {place}, but the rules put him at {there}").format(
                who=knight_name(ev.words[0]), place=quest_name(place), there=quest_name(there)
            ),
        )
        self.branches = [_with(b, correct(b.state, location={seat: place})) for b in self.branches]

    # --- quests and swords ----------------------------------------------------------------------
    def on_quest(self, b: Branch, ev: Event) -> list[Branch]:
        """A quest ended: the engine must have ended it so, with the spoils recorded.

        Rules: ``quest.spoils`` and the rule of each quest's end."""
        quest, result = ev.words
        won = result == "won"
        out = []
        for x in self.settle(b):
            ends = [q for q in x.quests if q[0] == quest]
            if not ends:
                raise Unexplained(
                    _QUEST_RULE.get(quest, "quest.end"),
                    (
                        _("the {quest} quest is recorded as won, but the rules have not ended it")
                        if won
                        else _(
                            "the {quest} quest is recorded as lost, but the rules have not ended it"
                        )
                    ).format(quest=quest_name(quest)),
                )
            end = ends[0]
            if end[1] != won:
                raise Unexplained(
                    _QUEST_RULE.get(quest, "quest.end"),
                    (
                        _("the {quest} quest is recorded as won, but by the rules it was lost")
                        if won
                        else _("the {quest} quest is recorded as lost, but by the rules it was won")
                    ).format(quest=quest_name(quest)),
                )
            white, black, engines = end[2:5]
            recorded = {k: int(v) for k, v in ev.options.items() if k in ("white", "black")}
            if "engines" in ev.options:
                recorded["engines"] = int(ev.options["engines"])
            laid = {"white": white, "black": black, "engines": engines}
            if any(laid[k] != v for k, v in recorded.items()):
                shown = {k: recorded.get(k, 0) for k in laid}
                raise Unexplained(
                    "quest.spoils",
                    (
                        _(
                            "the {quest} quest won is recorded with white={white} black={black} "
                            "engines={engines}"
                        )
                        if won
                        else _(
                            "the {quest} quest lost is recorded with white={white} black={black} "
                            "engines={engines}"
                        )
                    ).format(quest=quest_name(quest), **shown),
                    _(
                        "the rules lay {white} white and {black} black sword(s) and add "
                        "{engines} siege engine(s) here"
                    ).format(**laid),
                )
            rest = list(x.quests)
            rest.remove(end)
            out.append(_with(x, x.state, quests=tuple(rest), swords=laid_swords(x.state)))
        return out

    def on_sword(self, b: Branch, ev: Event) -> list[Branch]:
        """Swords laid (by a line the log does not spell out): the engine laid them.
        Rules: ``quest.spoils``."""
        colour, n = ev.words[0], int(ev.words[1])
        k = 0 if colour == "white" else 1
        out = []
        for x in self.settle(b):
            laid = laid_swords(x.state)
            if laid[k] - x.swords[k] < n:
                raise Unexplained(
                    "quest.spoils",
                    _(
                        "{n} {colour} sword(s) recorded; the rules have laid {m} since the last "
                        "record"
                    ).format(n=n, colour=_(colour), m=max(0, laid[k] - x.swords[k])),
                    _("swords come from quests ended and accusations"),
                )
            swords = list(x.swords)
            swords[k] += n
            out.append(_with(x, x.state, swords=(swords[0], swords[1])))
        return out

    def on_swords(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``endgame.twelve-swords``."""
        want = (int(ev.options["white"]), int(ev.options["black"]))
        out = []
        for x in self.settle(b):
            laid = laid_swords(x.state)
            if laid != want:
                raise Unexplained(
                    "endgame.twelve-swords",
                    _(
                        "{white} white / {black} black swords recorded; the rules lay "
                        "{laid_white} / {laid_black}"
                    ).format(white=want[0], black=want[1], laid_white=laid[0], laid_black=laid[1]),
                    _("swords come from quests, accusations and the effects of cards"),
                )
            out.append(_with(x, x.state, swords=laid))
        return out

    def on_engines(self, b: Branch, ev: Event) -> list[Branch]:
        """A count off by what a finished quest's black card does (an engine added; none while
        Merlin stands on the quest), right after the step that drew it, breaks that step's
        rule. Rules: ``evil.engine``, ``black.finished-quest``, ``deck.finished-quest-cards``,
        ``deck.merlin-blocks-engine``."""
        n = int(ev.words[0])
        out = []
        for x in self.settle(b):
            if x.state.engines != n:
                step = x.state.note[1]
                missed = n - x.state.engines == _FINISHED_QUEST_CARD.get(step)
                raise Unexplained(
                    step if missed else "evil.engine",
                    _("{n} siege engines recorded; the rules leave {shown}").format(
                        n=n, shown=x.state.engines
                    ),
                    _(
                        "an engine is added by the evil step, Morgan (2), a finished quest's "
                        "black card or a war lost (2), and removed by a siege fight won"
                    ),
                )
            out.append(x)
        return out

    # --- the knights ----------------------------------------------------------------------------
    def on_life(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``knight.life``."""
        seat, n = self.seat(ev.words[0]), int(ev.words[1])
        who = knight_name(ev.words[0])
        if n > _MAX_LIFE:
            raise Unexplained(
                "knight.life",
                _("{who} has {n} life points").format(who=who, n=n),
                _("life stays between 0 and {most}").format(most=_MAX_LIFE),
            )
        out = []
        for x in self.settle(b):
            s = x.state
            life = 0 if s.dead[seat] else s.life[seat]
            if life != n:
                raise Unexplained(
                    "knight.life",
                    _("{who}'s life is recorded as {n}; the rules give {m}").format(
                        who=who, n=n, m=life
                    ),
                    _(
                        "life changes by the evil step, sacrifices, healing, quests, black cards "
                        "and fights lost; it stays between 0 and {most}"
                    ).format(most=_MAX_LIFE),
                )
            out.append(x)
        return out

    def on_death(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``death.zero-life``."""
        name = ev.words[0]
        seat = self.seat(name)
        if name in self.deaths:
            raise Unexplained(
                "turn.order",
                _("{who} dies a second time (first at line {line})").format(
                    who=knight_name(name), line=self.deaths[name]
                ),
                _("a knight dies once"),
            )
        out = []
        for x in self.settle(b):
            s = x.state
            if not s.dead[seat] and s.life[seat] > 0:
                raise Unexplained(
                    "death.zero-life",
                    _("{who} is recorded dead with {n} life points").format(
                        who=knight_name(name), n=s.life[seat]
                    ),
                    _("a knight dies at the end of the turn his life reaches 0"),
                )
            out.append(x)
        return out

    def on_captured(self, b: Branch, ev: Event) -> list[Branch]:
        return self.flag_check(b, ev, "captured", True)

    def on_freed(self, b: Branch, ev: Event) -> list[Branch]:
        return self.flag_check(b, ev, "captured", False)

    def on_unmasked(self, b: Branch, ev: Event) -> list[Branch]:
        return self.flag_check(b, ev, "revealed", True)

    def flag_check(self, b: Branch, ev: Event, slot: str, want: bool) -> list[Branch]:
        """Rules: ``travel.captured``, ``traitor.unmasked``."""
        seat = self.seat(ev.words[0])
        who = knight_name(ev.words[0])
        out = []
        for x in self.settle(b):
            if bool(getattr(x.state, slot)[seat]) != want:
                if slot == "revealed":
                    raise Unexplained(
                        "traitor.unmasked",
                        _(
                            "{who} is recorded as an unmasked traitor, but nothing unmasked him"
                        ).format(who=who),
                        _("a traitor is unmasked by a right accusation or by Fate"),
                    )
                raise Unexplained(
                    "travel.captured",
                    (
                        _("{who} is recorded as captured, but no Captured! card took him")
                        if want
                        else _("{who} is recorded as freed, but no knight freed him")
                    ).format(who=who),
                    _(
                        "a Captured! card holds the knight who drew it until another knight frees "
                        "him (a heroic action and a special white card): record it with a free "
                        "line"
                    ),
                )
            out.append(x)
        return out

    def on_hand(self, b: Branch, ev: Event) -> list[Branch]:
        """A knight's whole hand, as he showed it: the cards seen in it, and as many.
        Rules: ``deck.counts``."""
        seat = self.seat(ev.words[0])
        cards = Counter(ev.words[1:])
        out = []
        for x in self.settle(b):
            s = x.state
            try:
                s = reveal(s, seat, dict(cards))
            except IllegalActionError as err:
                raise Unexplained(
                    "deck.counts",
                    _("{who} holds {card}, but every one of the box is seen elsewhere").format(
                        who=knight_name(ev.words[0]), card=card_name(str(err.action))
                    ),
                    _("a hand holds only cards of the white deck"),
                ) from None
            hand = s.hand(seat)
            hand.pop(UNSEEN, None)
            if hand != dict(cards) or sum(s.hands[seat]) != len(ev.words) - 1:
                raise Unexplained(
                    "deck.counts",
                    _(
                        "{who}'s hand is recorded with {n} cards; the table has seen {m} there"
                    ).format(
                        who=knight_name(ev.words[0]), n=len(ev.words) - 1, m=sum(s.hands[seat])
                    ),
                    _("a hand holds the cards drawn and not yet played or discarded"),
                )
            out.append(_with(x, s))
        return out

    def on_relic(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``relic.excalibur``, ``relic.grail``, ``relic.armor``."""
        seat, relic = self.seat(ev.words[0]), ev.words[1]
        out = []
        for x in self.settle(b):
            if x.state.relics[_RELIC_SLOT[relic]] != seat:
                raise Unexplained(
                    f"relic.{relic}",
                    _("{who} is recorded holding {relic}, which the rules give him not").format(
                        who=knight_name(ev.words[0]), relic=card_name(relic)
                    ),
                )
            out.append(x)
        return out

    def on_loyalty(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``setup.loyalty``."""
        seat = self.seat(ev.words[0])
        if b.state.loyalty[seat] != ev.words[1]:
            raise Unexplained(
                "setup.loyalty",
                _("{who}'s loyalty card ({what}) contradicts the other lines or the deck").format(
                    who=knight_name(ev.words[0]), what=_(ev.words[1])
                ),
                _("one traitor in the loyalty deck; in Merlin's Company two at 7-8 players"),
            )
        return [b]

    def on_merlin(self, b: Branch, ev: Event) -> list[Branch]:
        """Merlin's figure (Merlin's Company): where it stands. Rules: ``travel.cards``."""
        place = "" if ev.words[0] == "off" else ev.words[0]
        out = []
        for x in self.settle(b):
            if x.state.merlin != place:
                raise Unexplained(
                    "travel.cards",
                    _("Merlin's figure is recorded at {place}; the rules put it at {there}").format(
                        place=quest_name(place) if place else _("off the board"),
                        there=quest_name(x.state.merlin) if x.state.merlin else _("off the board"),
                    ),
                )
            out.append(x)
        return out

    # --- the piles ------------------------------------------------------------------------------
    def on_reshuffle(self, b: Branch, ev: Event) -> list[Branch]:
        """A reshuffle the engine made (or is about to make: the pile is empty).
        Rules: ``deck.reshuffle-both``, ``travel.reshuffle``."""
        deck = ev.words[0]
        if deck == "travel" and not self.expansion:
            raise Unexplained(
                "travel.draw-on-move",
                _("travel cards exist only in Merlin's Company"),
                _("the base game has no travel deck"),
            )
        out = []
        for x in self.settle(b):
            s = x.state
            if deck == "travel":
                left = sum(s.tpile) + len(s.ttop)
                if x.tshuffles > 0 or left == 0:
                    out.append(_with(x, s, tshuffles=x.tshuffles - 1))
                    continue
                raise Unexplained(
                    "travel.reshuffle",
                    _("the travel deck is reshuffled with {n} card(s) still to draw").format(
                        n=left
                    ),
                    _(
                        "the travel deck is reshuffled only when it runs out (not with the white "
                        "and black decks); a Captured! card under a figure stays out"
                    ),
                )
            white, black = sum(s.wpile), sum(s.bpile) + len(s.btop) + len(s.bbottom)
            if x.shuffles > 0 or white == 0 or black == 0:
                out.append(_with(x, s, shuffles=x.shuffles - 1, rebuild_due=0))
                continue
            raise Unexplained(
                "deck.reshuffle-both",
                _("the {deck} is reshuffled with {n} card(s) still to draw").format(
                    deck=deck_name(deck), n=white if deck == "white" else black
                ),
                _(
                    "the white and black decks are reshuffled together when either runs out "
                    "(and when the First Witch comes)"
                ),
            )
        return out

    # --- the end --------------------------------------------------------------------------------
    def on_end(self, b: Branch, ev: Event) -> list[Branch]:
        """The final count. Rules: ``turn.end-check``, ``endgame.hidden-traitors``."""
        white, black, hidden = (int(ev.options[k]) for k in ("white", "black", "hidden"))
        out = []
        for x in self.settle(b, end_turn=True, draws=True):
            s = x.state
            if s.outcome is None:
                laid = laid_swords(s)
                raise Unexplained(
                    "turn.end-check",
                    _(
                        "the game is recorded as over with {swords} swords, {black} black, and "
                        "{engines} siege engines"
                    ).format(swords=sum(laid), black=laid[1], engines=s.engines),
                    _(
                        "the game ends at the {swords}th sword, the {black}th black sword, the "
                        "{engines}th siege engine or when every knight is dead"
                    ).format(
                        swords=rulebook.threshold("swords_to_end"),
                        black=rulebook.threshold("black_swords_to_lose"),
                        engines=rulebook.threshold("siege_engines_to_lose"),
                    ),
                )
            if s.outcome.cause == "12 swords":
                count = [e for e in s.events if e[0] == "count"][-1]
            else:  # no sword turned: the count is the swords laid; no more hidden than there are
                count = ("count", s.wsw, s.bsw, min(hidden, hidden_traitors(s)))
            got = (s.outcome.white_swords, s.outcome.black_swords, int(count[3]))
            if (white, black, hidden) != got:
                raise Unexplained(
                    "endgame.hidden-traitors",
                    _(
                        "the final count {white} white / {black} black with {hidden} hidden "
                        "traitor(s) does not match the swords laid ({laid_white} / "
                        "{laid_black}) with {n} hidden traitor(s)"
                    ).format(
                        white=white,
                        black=black,
                        hidden=hidden,
                        laid_white=count[1],
                        laid_black=count[2],
                        n=count[3],
                    ),
                    _("expected {white} / {black}").format(white=got[0], black=got[1]),
                )
            out.append(x)
        return out

    def quests_check(self, ev: Event) -> None:
        """A complete log records every quest's end before the next turn; a quest a witch's
        coming ended is reported with her rule (the table left out what she does). Rules:
        ``quest.end``, ``witch.third``."""
        owed = [b.quests for b in self.branches]
        if owed and all(owed):
            quest, won, witch = owed[0][0][0], owed[0][0][1], owed[0][0][5]
            self.broke(
                ev.line,
                witch or "quest.end",
                (
                    _("the {quest} quest was won, but the log does not record it")
                    if won
                    else _("the {quest} quest was lost, but the log does not record it")
                ).format(quest=quest_name(quest)),
                _("a quest line records each quest's end: won or lost, and what it laid"),
            )
            self.branches = [_with(b, b.state, quests=()) for b in self.branches]

    def close(self) -> None:
        """The end of the log: a First Witch's rebuild never recorded (unless she is on its
        last line: a record being written goes on from there)."""
        if self.events and all(b.rebuild_due == self.events[-1].line for b in self.branches):
            return
        self.rebuild_check(None)

    def rebuild_check(self, ev: Event | None) -> None:
        """The First Witch rebuilds the white and black decks at once; a log records it with a
        ``reshuffle`` line right after her (and, in a complete log, every reshuffle the rules
        make). Rules: ``deck.first-witch``, ``deck.reshuffle-both``."""
        if ev is not None and ev.verb == "reshuffle" and ev.words[0] != "travel":
            return
        due = [b.rebuild_due for b in self.branches]
        if due and all(d > 0 for d in due):
            self.broke(
                due[0],
                "deck.first-witch",
                _(
                    "the First Witch is drawn but the white and black decks are not "
                    "rebuilt after her"
                ),
                _("record 'reshuffle black' (both decks are rebuilt at once) right after her"),
            )
            self.branches = [_with(b, b.state, rebuild_due=0, shuffles=0) for b in self.branches]
