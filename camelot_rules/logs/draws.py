"""The cards a play log draws, as the engine's chance outcomes on the table's view.

``draw black``: each card the next black card a rule draws (the evil step's, Morgan's three
more, the unmasked traitor's), then laid face up or down and on the war the line says; the
Merlin cards a cancel on the next line gives are shown in hands first (the rules ask the
knights who hold three). ``draw white``: each card the next white card a rule draws (the Round
Table's, a face-down combat card's, a quest's spoils...), taken from the unseen pool; a line of
cards drawn at the Round Table stands for that heroic action. ``draw travel`` (and a move's
``travel=``): the card a move draws, and its demand met (``pay=``) or failed (``failed``).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.engine import actions as A
from camelot_rules.engine.infoset import reveal
from camelot_rules.engine.state import UNSEEN, GameState, IllegalActionError
from camelot_rules.logs.actors import Actors, at_task, with_state
from camelot_rules.logs.parse import Event, cancel_how, draw_cards
from camelot_rules.logs.replay import Branch, Unexplained, advance
from camelot_rules.logs.report import card_name, deck_name, knight_name

__all__ = ["Draws"]

_SPECIAL_BLACK: Final = rulebook.SPECIAL_BLACK
_COMBAT: Final = ("black_knight_", "lancelot_dragon_")


class Draws(Actors):
    """The ``draw`` lines (see the module docstring)."""

    # --- cards drawn ----------------------------------------------------------------------------
    def on_draw(self, b: Branch, ev: Event) -> list[Branch]:
        deck = ev.words[0]
        if deck == "black":
            return self.draw_black(b, ev)
        if deck == "travel":
            return self.draw_travel(b, ev)
        return self.draw_white(b, ev)

    def draw_black(self, b: Branch, ev: Event) -> list[Branch]:
        """Rules: ``evil.black-card``, ``deck.counts``, ``black.face-down``,
        ``black.mercenaries``."""
        branches = [b]
        cards = draw_cards(ev)
        for k, (card, face) in enumerate(cards):
            try:
                last = k == len(cards) - 1
                branches = self.each(
                    branches,
                    lambda x, c=card, f=face, e=last: self.one_black(x, c, f, ev, e),  # type: ignore[misc]
                )
            except Unexplained as err:
                err.partial = branches if k else []
                raise
        return branches

    def one_black(self, b: Branch, card: str, face: str, ev: Event, last: bool) -> list[Branch]:
        try:
            reached = self.reach(b, at_task("bdraw"))
        except Unexplained:
            raise Unexplained(
                "evil.black-card",
                _(
                    "{card} is drawn, but no evil step or effect calls for another black card"
                ).format(card=card_name(card)),
                _(
                    "one black card for the evil step 'draw a black card' (Morgan's third card "
                    "calls for three more; Lancelot's Armor shows two and keeps one)"
                ),
            ) from None

        def draw(y: Branch) -> list[Branch]:
            y = self.before_black(y, card, last=last)
            try:
                y = advance(y, A.Draw("black", card))
            except IllegalActionError as err:
                raise self.impossible_card(y.state, "black", card, err) from None
            return self.after_black(y, card, face, ev)

        return self.each(reached, draw)

    def before_black(self, b: Branch, card: str, *, last: bool) -> Branch:
        """Cards the next lines show in hands when this black card comes: the Merlin cards of a
        cancel (the rules ask the knights holding three), the Grail cards discarded to the
        Fourth Witch."""
        if card.startswith(_COMBAT):
            b = self.kay_ahead(b)
        nxt = self.next_event()
        s = b.state
        cancel = last and nxt is not None and nxt.verb == "cancel" and nxt.words[0] == card
        if (
            cancel
            and nxt is not None
            and cancel_how(nxt.options) == "merlin"
            and (card in _SPECIAL_BLACK)
        ):
            for seat, n in self.pledges(s, nxt, s.pending[-1][1]).items():
                s = reveal(s, seat, {"merlin": n})
        if card == "morgan_witch_4":
            for later in self.ahead():
                if later.verb != "discard":
                    break
                who = self.seats.get(later.words[0])
                if who is not None and later.words[1] == "grail":
                    s = reveal(s, who, {"grail": 1})
        return with_state(b, s)

    def pledges(self, s: GameState, ev: Event, drawer: int) -> dict[int, int]:
        """The Merlin cards each knight gives to a cancel: ``by=`` names them (a name once a
        card); else three from the knights round the table from the drawer, the ones seen in
        hands first."""
        names = [n for n in ev.options.get("by", "").split(",") if n]
        if names and names[0] not in ("merlin", "excalibur"):
            want = Counter(self.seats[n] for n in names if n in self.seats)
            return {seat: min(n, 3) for seat, n in want.items()}
        order = [(drawer + k) % self.players for k in range(self.players)]
        order = [x for x in order if not s.dead[x] and not s.revealed[x]]
        m = s.cfg.white_index["merlin"]
        plan: dict[int, int] = {}
        left = rulebook.threshold("merlins_to_cancel")
        for seat in order:  # the Merlin cards seen first, then unseen ones
            k = min(left, s.hands[seat][m])
            if k:
                plan[seat], left = k, left - k
        for seat in order:
            k = min(left, s.hands[seat][-1])
            if k:
                plan[seat], left = plan.get(seat, 0) + k, left - k
        return plan

    def after_black(self, b: Branch, card: str, face: str, ev: Event) -> list[Branch]:
        """A combat card laid as the line says (``up``/``down``); the war the line names for
        Mercenaries or Mordred (``on=``); Morgan's volunteers wait for their lines."""
        answer: A.Action | None = None
        kind = ""
        if face and card.startswith(_COMBAT):
            answer, kind = A.PlayBlack(face == "down"), "face"
        war = ev.options.get("on")
        if card in ("mercenaries", "mordred") and war in ("picts", "saxons"):
            answer, kind = A.ChooseWar(war), "war"
        if answer is None:
            return [b]
        final = answer
        return self.each(
            self.reach(b, lambda s: s.outcome is not None or at_task(kind)(s)),
            lambda x: [x if x.state.outcome is not None else advance(x, final)],
        )

    def impossible_card(
        self, s: GameState, deck: str, card: str, err: IllegalActionError
    ) -> Unexplained:
        box = self.box(deck).get(card, 0)
        where = (
            _("the {deck} of Merlin's Company")
            if self.expansion
            else _("the {deck} of the base game")
        )

        shown = where.format(deck=deck_name(deck))
        if box == 0:
            return Unexplained(
                "deck.counts",
                _("{card} is not in {where}").format(card=card_name(card), where=shown),
                _("only the cards of the box in play are drawn"),
            )
        if err.rule_id == "deck.finished-quest-cards":
            return Unexplained(
                "deck.finished-quest-cards",
                _(
                    "{card} is drawn again, but it was removed from the game (its quest was over)"
                ).format(card=card_name(card)),
                _(
                    "in Merlin's Company a finished quest's black card is removed from the game "
                    "and never reshuffled back"
                ),
            )
        return Unexplained(
            err.rule_id,
            _("{card} is drawn, but every one of the {box} in {where} is out of the pile").format(
                card=card_name(card), box=box, where=shown
            ),
            _("a deck holds only its box count of each card, until it is reshuffled"),
        )

    def draw_white(self, b: Branch, ev: Event) -> list[Branch]:
        """White cards drawn: each the next white card a rule draws (the Round Table's, a
        face-down combat card's, a quest's spoils...), shown; a line of cards drawn at the Round
        Table stands for that heroic action. Rules: ``camelot.draw-white``."""
        why = ev.options.get("for", "")
        cards = [card for card, _face in draw_cards(ev)] or [""]
        to = self.seats.get(ev.options.get("to", ""))
        branches = [b]
        if why == "share" and _by_agreement(b.state):
            for card in cards:
                branches = self.each(
                    branches,
                    lambda x, c=card: self.one_take(x, c, to),  # type: ignore[misc]
                )
            return branches
        for k, card in enumerate(cards):
            first = why if k == 0 else "-"
            branches = self.each(
                branches,
                lambda x, c=card, w=first: self.one_white(x, c, w, to, ev),  # type: ignore[misc]
            )
        return branches

    def one_white(self, b: Branch, card: str, why: str, to: int | None, ev: Event) -> list[Branch]:
        """One white card drawn: the next draw a rule makes; ``why`` ``"round_table"`` (the
        line's first card: the heroic action starts here), ``""`` (either), ``"-"`` (a later
        card of the line: a draw already made)."""
        wdraw = at_task("wdraw", seat=to)
        table = why in ("", "round_table")

        def goal(s: GameState) -> bool:
            if why != "round_table" and wdraw(s):
                return True
            return table and s.outcome is None and not s.pending and s.phase == "heroic"

        reached: list[Branch] = []
        try:
            frontier = self.reach(b, goal)
        except Unexplained as err:
            if err.at_line:
                raise  # a card an earlier line owes comes first
            frontier = []
        for x in frontier:
            s = x.state
            if s.pending:
                reached.append(x)
                continue
            if to is not None and s.turn != to:
                continue
            try:
                reached += self.reach(self.heroic(x, A.DrawWhite()), wdraw)
            except IllegalActionError as err:
                if len(frontier) > 1:
                    continue
                raise Unexplained(
                    err.rule_id,
                    _(
                        "{who} draws white cards at the Round Table, which the rules refuse here"
                    ).format(who=knight_name(self.name(s.turn))),
                ) from None
        if not reached:  # (one card past the draws a decision called for breaks its rule)
            raise Unexplained(
                b.draws_for or "camelot.draw-white",
                _("a white card is drawn here, but no rule draws one"),
                _(
                    "white cards are drawn at the Round Table (2, Sir Gawain 3), for a combat card "
                    "laid face down, and as a card or a quest gives them"
                ),
            )

        def draw(x: Branch) -> list[Branch]:
            return [self.unseen_white(x, A.Draw("white", UNSEEN), x.state.pending[-1][1], card)]

        return self.each(reached, draw)

    def one_take(self, b: Branch, card: str, to: int | None) -> list[Branch]:
        """One card taken of those shared by agreement (the opening share, a quest's spoils,
        Convocation's): the knights asked before ``to`` take none, then ``to`` takes ``card``
        (or the knight asked, when the line names nobody). Rules: ``share.by-agreement``."""
        try:
            reached = self.reach(b, at_task("share"))
        except Unexplained as err:
            if err.at_line:
                raise
            raise Unexplained(
                "share.by-agreement",
                _("a shared card is taken here, but no cards are being shared"),
                _(
                    "the opening share, a quest's spoils and Convocation's cards are shared out "
                    "as the knights agree"
                ),
            ) from None

        def take(x: Branch) -> list[Branch]:
            order = x.state.pending[-1][2]
            for _asked in order:
                if to is None or x.state.pending[-1][1] == to:
                    break
                x = advance(x, A.Take(None))
            seat = x.state.pending[-1][1]
            if to is not None and seat != to:
                raise Unexplained(
                    "share.by-agreement",
                    _("{who} takes a shared card, but is not among the knights sharing").format(
                        who=knight_name(self.name(to))
                    ),
                    _("the cards are shared among the knights present (at the start, all)"),
                )
            return [self.unseen_white(x, A.Take(UNSEEN), seat, card)]

        return self.each(reached, take)

    def unseen_white(self, b: Branch, step: A.Action | A.Outcome, seat: int, card: str) -> Branch:
        """``b`` after ``step`` gives ``seat`` an unseen white card (drawn or taken), then shows
        it as ``card`` when the line names one (refused with the deck's rule when the census
        cannot hold it)."""
        y = advance(b, step)
        if card:
            try:
                y = self.shown(y, seat, {card: 1})
            except IllegalActionError as err:
                raise self.impossible_card(y.state, "white", card, err) from None
        return y

    def draw_travel(self, b: Branch, ev: Event) -> list[Branch]:
        if not self.expansion:
            raise Unexplained(
                "travel.draw-on-move",
                _("travel cards exist only in Merlin's Company"),
                _("the base game has no travel deck"),
            )
        branches = [b]
        for card, _face in draw_cards(ev):
            branches = self.each(
                branches,
                lambda x, c=card: self.one_travel(x, c, ev),  # type: ignore[misc]
            )
        return branches

    def one_travel(self, b: Branch, card: str, ev: Event) -> list[Branch]:
        try:
            reached = self.reach(b, at_task("tdraw"))
        except Unexplained:
            raise Unexplained(
                "travel.draw-on-move",
                _("a travel card ({card}) is drawn, but no move calls for one").format(
                    card=card_name(card)
                ),
                _("only a move by a heroic action or a knight's power draws a travel card"),
            ) from None
        return self.each(reached, lambda y: self.travel_card(y, card, ev))

    def travel_card(self, b: Branch, card: str, ev: Event) -> list[Branch]:
        """A travel card drawn, and the demand it makes answered as the line says (``pay=``
        the cards given, ``failed``). Rules: ``travel.cards``, ``travel.demands``."""
        seat = b.state.pending[-1][1]
        try:
            x = advance(b, A.Draw("travel", card))
        except IllegalActionError as err:
            raise self.impossible_card(b.state, "travel", card, err) from None
        if not (x.state.pending and x.state.pending[-1][0] == "demand"):
            return [x]
        pay = [c for c in ev.options.get("pay", "").split(",") if c]
        if ev.flag("failed"):
            return [advance(x, A.Pass())]
        if pay:
            y = self.shown(x, seat, dict(Counter(pay)))
            return [advance(y, A.Pay(tuple(pay)))]
        if self.complete:
            return [advance(x, A.Pass())]
        out = [advance(x, A.Pass())]
        for kind in ("fight_3", "fight_4", "fight_5", "grail", *rulebook.FIGHT_CARDS):
            need = 2 if card == "ambushed" else 1
            try:
                y = self.shown(x, seat, {kind: need})
            except IllegalActionError:
                continue
            for pay_action in y.state.legal_actions():
                if isinstance(pay_action, A.Pay) and kind in pay_action.cards:
                    out.append(advance(y, pay_action))
        return out


def _by_agreement(s: GameState) -> bool:
    """Whether the cards shared at ``s`` (the opening share in the setup, else a quest's
    spoils or Convocation's) are shared by agreement (the engine's options)."""
    option = "opening_share" if s.phase == "setup" else "spoils_share"
    return bool(s.cfg.option(option) == "agreement")
