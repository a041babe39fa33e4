"""What each line of a play log stands for, as engine steps on the table's view.

:class:`LogReplay` has one method ``on_<verb>`` per kind of line that records what the table
did (a turn, an evil step, a card drawn, a heroic action, an answer to a card); the lines that
record what the table sees (swords, engines, life, quests ended, the end) are
:mod:`camelot_rules.logs.checks`. Each method takes one branch and returns the branches that
explain the line, or raises :class:`~camelot_rules.logs.replay.Unexplained` (the engine's
:class:`~camelot_rules.engine.state.IllegalActionError` is turned into one by the replay). A
card a line shows from a hand is taken from the hand's unseen cards
(:func:`~camelot_rules.engine.infoset.reveal`) before the engine is asked. Who may act is
:mod:`camelot_rules.logs.actors`, the cards drawn :mod:`camelot_rules.logs.draws`.
"""

from __future__ import annotations

from collections import Counter
from contextlib import suppress
from typing import Any, Final

from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.engine import actions as A
from camelot_rules.engine.state import UNSEEN, GameState, IllegalActionError
from camelot_rules.logs.actors import at_evil, at_heroic, at_task, turn_start
from camelot_rules.logs.draws import Draws
from camelot_rules.logs.parse import Event, cancel_how, draw_cards, siege_values
from camelot_rules.logs.replay import Branch, Unexplained, advance, forgotten
from camelot_rules.logs.report import card_name, knight_name, quest_name
from camelot_rules.odds.siege import win_probability_for_total

__all__ = ["LogReplay", "turn_start"]

WILD_FIGHT: Final = rulebook.WILD_FIGHT  # the wild "Fight ?" card (white.fight-wild)
FIGHT_VALUES: Final = rulebook.FIGHT_VALUES

_SPECIAL_WHITE: Final = rulebook.SPECIAL_WHITE
_SPECIAL_BLACK: Final = rulebook.SPECIAL_BLACK
_TARGETS_SEAT: Final = frozenset({"messenger"})


class LogReplay(Draws):
    """The replay of a play log (see the module docstring)."""

    # --- statistics, read once a line (not once a branch) -----------------------------------------
    def line(self, ev: Event) -> None:
        if ev.verb == "siege":
            values = siege_values(ev.options["cards"])
            total = sum(values) + int(ev.options.get("kay", 0)) + (1 if ev.flag("excalibur") else 0)
            self.rolls.append(int(ev.options["roll"]))
            self.fights.append((win_probability_for_total(total), ev.words[1] == "won"))
        elif ev.verb == "move" and "travel" in ev.options:
            self.travel_passes[-1].append(ev.options["travel"])
        elif ev.verb == "draw" and ev.words[0] == "travel":
            self.travel_passes[-1] += [card for card, _face in draw_cards(ev)]
        elif ev.verb == "reshuffle" and ev.words[0] == "travel":
            self.travel_passes.append([])
        elif ev.verb == "accuse":
            self.accusations += 1
        skipped = getattr(self, "skipped", "")
        if skipped and ev.verb in ("evil", "siege", "move", "play", "heal", "accuse", "free"):
            self.skipped = ""
            if ev.words[0] != skipped:
                self.broke(
                    ev.line,
                    "turn.order",
                    _(
                        "{who} acts in {skipped}'s turn, which the rules skip (he is captured)"
                    ).format(who=knight_name(ev.words[0]), skipped=knight_name(skipped)),
                    _("a captured knight's turn is skipped: the next turn has its own line"),
                )
        super().line(ev)
        if ev.verb == "turn":
            seat = self.seats.get(ev.words[0])
            self.skipped = ""
            if (
                seat is not None
                and self.branches
                and all(b.state.turn != seat and b.state.captured[seat] for b in self.branches)
            ):
                self.skipped = ev.words[0]

    # --- turns and the Progression of Evil ------------------------------------------------------
    def on_turn(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``turn.order``, ``setup.first-player``."""
        name = ev.words[0]
        seat = self.seat(name)

        def check(x: Branch) -> list[Branch]:
            s = x.state
            if s.turn == seat or (s.captured[seat] and not s.dead[seat]):
                return [x]
            raise self.turn_error(s, seat, ev)

        return self.each(self.reach(b, turn_start, end_turn=True), check)

    def turn_error(self, s: GameState, seat: int, ev: Event) -> Unexplained:
        who = knight_name(self.name(seat))
        expected = knight_name(self.name(s.turn))
        if s.dead[seat]:
            return Unexplained(
                "turn.order",
                _("{who} takes a turn after his death (line {line})").format(
                    who=who, line=self.deaths.get(self.name(seat), ev.line)
                ),
                _("a dead knight's turns are skipped"),
            )
        if not self.last_turn:
            return Unexplained(
                "setup.first-player",
                _("the first turn is {who}'s, but {first} begins").format(who=who, first=expected),
                _("King Arthur begins; play goes clockwise"),
            )
        previous = knight_name(self.last_turn)
        return Unexplained(
            "turn.order",
            _("{who} plays after {previous}: the turn passes out of order").format(
                who=who, previous=previous
            ),
            _(
                "play goes clockwise in the order of the knights line: after {previous} comes "
                "{next}"
            ).format(previous=previous, next=expected),
        )

    def on_evil(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``turn.evil-step``, ``evil.black-card``, ``evil.engine``, ``evil.life``."""
        seat = self.seat(ev.words[0])
        step = {"engine": A.AddEngine(), "black": A.DrawBlack(), "life": A.LoseLife()}
        return self.each(
            self.acting(b, seat, at_evil(seat), ev, heroic=False),
            lambda x: [advance(x, step[ev.words[1]])],
        )

    # --- heroic actions -------------------------------------------------------------------------
    def on_siege(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``siege.fight``, ``siege.kay``, ``siege.excalibur``."""
        seat = self.seat(ev.words[0])
        values = tuple(sorted(siege_values(ev.options["cards"]), reverse=True))
        wild = tuple(
            sorted((int(v) for v in ev.options.get("wild", "").split(",") if v), reverse=True)
        )
        kay = int(ev.options.get("kay", 0))
        kay_wild = ev.options.get("kay_wild") == "yes"
        need = _siege_cards(ev, kay=True)

        def fight(x: Branch) -> list[Branch]:
            x = self.shown(x, seat, dict(need))
            engines = x.state.engines
            if ev.flag("excalibur") and x.state.relics[0] != seat:
                self.broke(
                    ev.line,
                    "siege.excalibur",
                    _("{who} adds Excalibur's +1 without holding Excalibur").format(
                        who=knight_name(ev.words[0])
                    ),
                    _("only the holder of Excalibur adds 1 to his fight"),
                )
            fight = A.FightEngine(values, wild)
            x = advance(self.heroic(x, fight), A.Roll(int(ev.options["roll"])))
            if x.state.pending and x.state.pending[-1][0] == "kay_siege":
                x = advance(x, A.KayExtra(kay, kay_wild) if kay else A.Pass())
            elif kay:
                self.broke(
                    ev.line,
                    "siege.kay",
                    _("a card is added after the roll (kay={kay}) to {who}'s fight").format(
                        kay=kay, who=knight_name(ev.words[0])
                    ),
                    _("only Sir Kay adds a Fight card after a roll he lost, to his own fight"),
                )
            won = x.state.engines < engines
            if won != (ev.words[1] == "won"):
                total = sum(values) + kay + (1 if ev.flag("excalibur") else 0)
                roll = ev.options["roll"]
                raise Unexplained(
                    "siege.fight",
                    (
                        _("fight total {total} against a roll of {roll} is recorded as won")
                        if ev.words[1] == "won"
                        else _("fight total {total} against a roll of {roll} is recorded as lost")
                    ).format(total=total, roll=roll),
                    _("the total must be strictly greater than the roll to win; a tie is lost"),
                )
            return [x]

        return self.each(self.acting(b, seat, at_heroic(seat), ev, heroic=True), fight)

    def on_move(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``quest.move``, ``quest.solo``, ``travel.draw-on-move``."""
        name, how = ev.words[0], ev.options["how"]
        seat = self.seat(name)
        card = ev.options.get("travel")
        if card and not self.expansion:
            raise Unexplained(
                "travel.draw-on-move",
                _("travel cards exist only in Merlin's Company"),
                _("the base game has no travel deck"),
            )
        if how in ("return_after_quest", "special_card"):
            return self.moved_by_rule(b, seat, ev)

        def go(x: Branch) -> list[Branch]:
            targets = [ev.options["to"]] if "to" in ev.options else _move_targets(x.state)
            return self.each(
                targets, lambda quest: self.after_move(self.heroic(x, A.Move(quest)), card, ev)
            )

        return self.each(self.acting(b, seat, at_heroic(seat), ev, heroic=True), go)

    def after_move(self, b: Branch, card: str | None, ev: Event) -> list[Branch]:
        if not (b.state.pending and b.state.pending[-1][0] == "tdraw"):
            return [b]
        if card:
            return self.travel_card(b, card, ev)
        nxt = self.next_event()
        if nxt is None or (nxt.verb in ("draw", "reshuffle") and nxt.words[0] == "travel"):
            return [b]  # the card is on the next line (or the log stops here, for now)
        raise self.waiting(b.state)

    def moved_by_rule(self, b: Branch, seat: int, ev: Event) -> list[Branch]:
        """A return to Camelot at a quest's end, or a move a card made: what the table saw."""
        if "travel" in ev.options:
            raise Unexplained(
                "travel.draw-on-move",
                _("a travel card ({card}) is drawn for a {how} move, which draws none").format(
                    card=card_name(ev.options["travel"]), how=ev.options["how"]
                ),
                _("only a move by a heroic action or a knight's power draws a travel card"),
            )
        where = ev.options.get("to", "camelot")

        def check(x: Branch) -> list[Branch]:
            now = x.state.location[seat]
            if now != where and now and x.state.outcome is None:  # (or he died since)
                raise Unexplained(
                    "quest.end" if ev.options["how"] == "return_after_quest" else "quest.move",
                    _("{who} is recorded at {place}, but the rules put him at {there}").format(
                        who=knight_name(ev.words[0]),
                        place=quest_name(where),
                        there=quest_name(x.state.location[seat] or "camelot"),
                    ),
                )
            return [x]

        return self.each(self.settle(b), check)

    def on_play(self, b: Branch, ev: Event) -> list[Branch]:
        """A white card played: laid on a quest, discarded to Excalibur, or a special card;
        Sir Kay's card after a combat quest's reveal. Rules: ``quest.fight-cards``,
        ``quest.wars``, ``quest.grail``, ``quest.excalibur``, ``white.special``,
        ``black.vivien``, ``black.dark-forest``, ``knight.kay``."""
        seat = self.seat(ev.words[0])
        card = ev.words[1]
        target = (
            ev.words[2] if len(ev.words) == 3 else ev.options.get("on", ev.options.get("target"))
        )
        kay_or_slayer = at_task("kay_combat", "slayer", seat=seat)
        heroic = at_heroic(seat)
        named = int(ev.options["as"]) if "as" in ev.options else None  # a wild card's value

        def play(x: Branch) -> list[Branch]:
            x = self.shown(x, seat, {card: 1})
            if heroic(x.state) and card.startswith("fight_"):
                with suppress(IllegalActionError):  # (the census cannot: Kay's line says so)
                    x = self.kay_ahead(x, card if self.knights[seat] == "kay" else "")
            s = x.state
            if kay_or_slayer(s) and card.startswith("fight_"):
                kay = s.pending[-1][0] == "kay_combat"
                answers: list[A.Action] = [
                    A.KayExtra(v, wild) if kay else A.PlayFight(s.location[seat], v, wild)
                    for v, wild in _fight_values(card, named)
                ]
                return self.each(answers, lambda a: [advance(x, a)])
            matches = [a for a in s.legal_actions() if _plays(a, card, target, self, named)]
            if not matches:
                self.heroic(x, _intended(s, seat, card, target, named))  # raises with the rule
                raise Unexplained(
                    "white.special",
                    _("{who} cannot play {card} here").format(
                        who=knight_name(ev.words[0]), card=card_name(card)
                    ),
                )
            return self.each(
                matches, lambda a: [self.after_special(self.heroic(x, a), seat, card, ev)]
            )

        goal = lambda s: heroic(s) or kay_or_slayer(s)  # noqa: E731
        return self.each(self.acting(b, seat, goal, ev, heroic=True), play)

    def after_special(self, b: Branch, seat: int, card: str, ev: Event) -> Branch:
        """The Messenger's cards passed (``n=``, unseen)."""
        if card != "messenger":
            return b
        n = int(ev.options.get("n", "0") or 0)
        for _k in range(n):
            s = b.state
            if not (s.pending and s.pending[-1][0] == "messenger"):
                break
            b = advance(forgotten(b, seat), A.Offer(UNSEEN))
        return b

    def on_heal(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``heroic.heal``."""
        seat = self.seat(ev.words[0])
        cards = ev.words[1:]
        if len(set(cards)) != 1:
            raise Unexplained(
                "heroic.heal",
                _("{who} heals with {cards}").format(
                    who=knight_name(ev.words[0]), cards=", ".join(map(card_name, cards))
                ),
                _("healing discards three identical white cards"),
            )
        return self.each(
            self.acting(b, seat, at_heroic(seat), ev, heroic=True),
            lambda x: [self.heroic(self.shown(x, seat, {cards[0]: 3}), A.Heal(cards[0]))],
        )

    def on_sacrifice(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``turn.sacrifice``, ``siege.second-action``."""
        seat = self.seat(ev.words[0])
        later = [x for x in self.ahead()[:3] if x.verb != "power"]
        shown = _cards_shown(later[0] if later else None, ev.words[0])  # the action it buys

        return self.each(
            self.acting(b, seat, at_heroic(seat), ev, heroic=True),
            lambda x: [advance(self.shown(x, seat, shown), A.Sacrifice())],
        )

    def on_free(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``travel.captured``."""
        if len(ev.words) == 2:
            rescuer, captive = ev.words
        else:
            rescuer, captive = ev.options["by"], ev.words[0]
        seat, held = self.seat(rescuer), self.seat(captive)

        def free(x: Branch) -> list[Branch]:
            if not x.state.captured[held]:
                raise Unexplained(
                    "travel.captured",
                    _("{who} frees {captive}, who is not captured").format(
                        who=knight_name(rescuer), captive=knight_name(captive)
                    ),
                    _("only a captured knight is freed"),
                )
            card = ev.options.get("card") or _a_special(x.state, seat)
            x = self.shown(x, seat, {card: 1})
            return [self.heroic(x, A.Free(held, card))]

        return self.each(self.acting(b, seat, at_heroic(seat), ev, heroic=True), free)

    def on_accuse(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``endgame.accusation``, ``traitor.unmasked``."""
        accuser, accused, result = ev.words
        seat, target = self.seat(accuser), self.seat(accused)

        def accuse(x: Branch) -> list[Branch]:
            y = self.heroic(x, A.Accuse(target))
            if y.state.revealed[target] != (result == "right"):
                raise Unexplained(
                    "setup.loyalty",
                    _("{who}'s loyalty contradicts the other lines of the log").format(
                        who=knight_name(accused)
                    ),
                )
            return [Branch(y.state, y.quests, _laid(y.state), y.shuffles, y.tshuffles)]

        return self.each(self.acting(b, seat, at_heroic(seat), ev, heroic=True), accuse)

    def on_power(self, b: Branch, ev: Event) -> list[Branch]:
        """A knight's power: Sir Percival's peek (before his evil step), King Arthur's exchange
        with another knight (cards unseen), Sir Caradoc's two white cards for a life point.
        Rules: ``knight.percival``, ``knight.arthur``, ``knight.caradoc``."""
        seat = self.seat(ev.words[0])
        knight = self.knights[seat]
        if knight == "percival":
            return self.each(
                self.acting(b, seat, at_evil(seat), ev, heroic=False),
                lambda x: [advance(x, A.PeekBlack())],
            )

        def power(x: Branch) -> list[Branch]:
            if knight == "arthur" and len(ev.words) == 2:
                other = self.seat(ev.words[1])
                return [advance(forgotten(x, seat), A.ArthurGive(other, UNSEEN))]
            if knight == "caradoc":
                return [advance(x, A.CaradocDraw())]
            raise Unexplained(
                f"knight.{knight}" if knight in rulebook.KNIGHTS else "turn.legal-actions",
                _("{who} has no power to use here").format(who=knight_name(knight)),
            )

        return self.each(self.acting(b, seat, at_heroic(seat), ev, heroic=True), power)

    # --- answers to a card ----------------------------------------------------------------------
    def on_cancel(self, b: Branch, ev: Event) -> list[Branch]:
        """Three Merlin cards cancel a special black card as it is drawn; Excalibur given up
        cancels any. Rules: ``black.merlin-cancel``, ``relic.excalibur``, ``black.vivien``."""
        card, how = ev.words[0], cancel_how(ev.options)
        window = ("merlin",) if how == "merlin" else ("excal",)
        try:
            reached = self.reach(b, lambda s: at_task(*window)(s) and s.pending[-1][1] == card)
        except Unexplained:
            raise self.no_cancel(b.state, card, how) from None

        def cancel(x: Branch) -> list[Branch]:
            if how == "excalibur":
                return [advance(x, A.SacrificeExcalibur())]
            plan = self.pledges(x.state, ev, x.state.pending[-1][2])
            while x.state.pending and x.state.pending[-1][0] == "merlin":
                task = x.state.pending[-1]
                seat = task[3][task[4]]
                give = min(plan.get(seat, 0), 3 - sum(k for _s, k in task[5]))
                x = advance(x, A.Pledge(give) if give > 0 else A.Pass())
                if sum(k for _s, k in task[5]) + give >= 3:
                    break
            if any(t[0] in ("effect", "excal") and t[1] == card for t in x.state.pending):
                raise self.no_cancel(b.state, card, how)
            return [x]

        return self.each(reached, cancel)

    def no_cancel(self, s: GameState, card: str, how: str) -> Unexplained:
        if how == "merlin" and card not in _SPECIAL_BLACK:
            return Unexplained(
                "black.merlin-cancel",
                _("Merlin cards cancel {card}, which is not a special black card").format(
                    card=card_name(card)
                ),
                _(
                    "three Merlin cards cancel only a special black card (Excalibur given up "
                    "cancels any)"
                ),
            )
        if how == "merlin" and s.vivien:
            return Unexplained(
                "black.vivien",
                _("Merlin cards cancel {card} while Vivien is in play").format(
                    card=card_name(card)
                ),
                _("Vivien stops every Merlin card until a quest is won"),
            )
        rule_id = "black.merlin-cancel" if how == "merlin" else "relic.excalibur"
        return Unexplained(
            rule_id,
            _(
                "{card} is cancelled, but it is not the black card just drawn, or nobody could"
            ).format(card=card_name(card)),
            _("a black card is cancelled as it is drawn, before its effect"),
        )

    def on_volunteer(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``black.morgan``."""
        seat = self.seat(ev.words[0])
        return self.each(
            self.answering(b, ev, "volunteer", seat), lambda x: [advance(x, A.Volunteer())]
        )

    def on_drink(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``relic.grail``."""
        seat = self.seat(ev.words[0])
        goal = lambda s: at_task("drink")(s) and s.pending[-1][1] == seat  # noqa: E731
        try:
            reached = self.reach(b, goal, end_turn=True)
        except Unexplained:
            raise Unexplained(
                "relic.grail",
                _("{who} drinks from the Holy Grail, but nobody can let him").format(
                    who=knight_name(ev.words[0])
                ),
            ) from None
        return self.each(reached, lambda x: [advance(x, A.Drink())])

    def on_steal(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``traitor.unmasked-turn``."""
        seat, victim = self.seat(ev.words[0]), self.seat(ev.words[1])
        return self.each(
            self.answering(b, ev, "steal_target", seat, end_turn=True),
            lambda x: [advance(x, A.StealFrom(victim))],
        )

    def on_discard(self, b: Branch, ev: Event) -> list[Branch]:
        """A white card discarded face up to a card's demand (the Fourth Witch's Grail card).
        Rules: ``witch.fourth``."""
        seat, card = self.seat(ev.words[0]), ev.words[1]
        return self.each(
            self.answering(b, ev, ("witch4", "discard"), seat),
            lambda x: [advance(self.shown(x, seat, {card: 1}), A.Discard(card))],
        )

    def answering(
        self,
        b: Branch,
        ev: Event,
        kinds: str | tuple[str, ...],
        seat: int,
        *,
        end_turn: bool = False,
    ) -> list[Branch]:
        kinds = (kinds,) if isinstance(kinds, str) else kinds
        try:
            return self.reach(b, at_task(*kinds, seat=seat), end_turn=end_turn)
        except Unexplained:
            raise _refusal_of(ev) from None


def _siege_cards(ev: Event, *, kay: bool) -> Counter[str]:
    """The white cards a ``siege`` line shows from the knight's hand: ``cards=`` as Fight cards,
    those ``wild=`` names as wild "Fight ?" cards, and (``kay``) Sir Kay's card after the roll."""
    values = siege_values(ev.options["cards"])
    wild = [int(v) for v in ev.options.get("wild", "").split(",") if v]
    need = Counter(f"fight_{v}" for v in values) - Counter(f"fight_{v}" for v in wild)
    need[WILD_FIGHT] += len(wild)
    if kay and "kay" in ev.options:
        extra = WILD_FIGHT if ev.options.get("kay_wild") == "yes" else f"fight_{ev.options['kay']}"
        need[extra] += 1
    return +need


def _cards_shown(ev: Event | None, knight: str) -> dict[str, int]:
    """The white cards a line shows from ``knight``'s hand (the action a sacrifice buys needs
    them in hand for the rules to offer the sacrifice)."""
    if ev is None or not ev.words or ev.words[0] != knight:
        return {}
    if ev.verb == "play" and len(ev.words) > 1:
        return {ev.words[1]: 1}
    if ev.verb == "heal":
        return {ev.words[1]: 3}
    if ev.verb == "siege":
        return dict(_siege_cards(ev, kay=False))
    if ev.verb == "free" and "card" in ev.options:
        return {ev.options["card"]: 1}
    return {}


def _laid(s: GameState) -> tuple[int, int]:
    from camelot_rules.logs.replay import laid_swords

    return laid_swords(s)


def _refusal_of(ev: Event) -> Unexplained:
    from camelot_rules.logs.unwritten import event_text

    rule_id = {
        "volunteer": "black.morgan",
        "steal": "traitor.unmasked-turn",
        "discard": "witch.fourth",
    }.get(ev.verb, "turn.pending")
    return Unexplained(rule_id, _("{event} is against the rules here").format(event=event_text(ev)))


def _move_targets(s: GameState) -> list[str]:
    return [a.quest for a in s.legal_actions() if isinstance(a, A.Move)]


def _a_special(s: GameState, seat: int) -> str:
    """The special white card a knight frees a captive with, when the log does not name it: one
    seen in his hand, else the special card most copies of which are unseen."""
    hand = s.hand(seat)
    for card in sorted(_SPECIAL_WHITE):
        if hand.get(card):
            return card
    from camelot_rules.engine.infoset import unseen_pool

    pool = unseen_pool(s)
    specials = [c for c in sorted(_SPECIAL_WHITE) if c in pool]
    return max(specials, key=lambda c: pool[c]) if specials else "merlin"


def _fight_values(card: str, named: int | None) -> list[tuple[int, bool]]:
    """(value, wild) a Fight card a ``play`` line names may be laid as: its number, or a wild
    "Fight ?" card's value named (``as=V``), else any (a log that does not say)."""
    if card == WILD_FIGHT:
        return [(named, True)] if named is not None else [(v, True) for v in FIGHT_VALUES]
    return [(int(card[6:]), False)]


def _plays(action: A.Action, card: str, target: str | None, r: Any, named: int | None) -> bool:
    """Whether an engine action is what a ``play`` line records."""
    if isinstance(action, A.PlayFight):
        if card == WILD_FIGHT:
            return action.wild and named in (None, action.value) and target in (None, action.quest)
        return (
            not action.wild and card == f"fight_{action.value}" and target in (None, action.quest)
        )
    if isinstance(action, A.PlayGrail):
        return card == "grail" and target in (None, "grail")
    if isinstance(action, A.DiscardForExcalibur):  # (a complete log names Excalibur)
        return action.card == card and (
            target == "excalibur" or (target is None and not r.complete)
        )
    if isinstance(action, A.PlaySpecial):
        if action.card != card:
            return False
        if target is None:
            return True
        choice = action.choice
        if card in _TARGETS_SEAT:
            return bool(choice) and r.seats.get(target) == choice[0]
        return bool(choice) and str(choice[-1]) == target
    return False


def _intended(
    s: GameState, seat: int, card: str, target: str | None, named: int | None
) -> A.Action:
    """The engine action a ``play`` line means, for the engine to say why it refuses it."""
    where = s.location[seat]
    if card.startswith("fight_"):
        if target == "excalibur" or (target is None and where == "excalibur"):
            return A.DiscardForExcalibur(card)
        value, wild = _fight_values(card, named)[0]
        return A.PlayFight(target or where, value, wild)
    if card == "grail" and target in (None, "grail") and where != "excalibur":
        return A.PlayGrail()
    if card in _SPECIAL_WHITE and target != "excalibur":
        return A.PlaySpecial(card, ())
    return A.DiscardForExcalibur(card)
