"""Endgame at the Round Table: swords, hidden traitors and when to accuse.

Rules encoded (each cited):

* The game ends when the 12th sword is laid; 7 black swords lose at once (F §5, S7, S14).
* At the end, hidden traitors flip white swords to black: one hidden traitor flips 2, two
  hidden traitors flip 3 (JA, 7-8 players; the two-traitor number is UNVERIFIED publicly). A
  dead, unrevealed traitor flips nothing (F §5, MED) - option ``traitor_dead``.
* The loyal knights win only with more white than black swords; a tie loses (F §5, S8) unless
  Divine Favor was played (JA special white cards) - option ``divine_favor``.
* Accusing is a heroic action, allowed only with 6+ swords on the table or 6+ siege engines,
  once per knight. A wrong accusation turns a white sword black (if any); a right one adds a
  white sword and unmasks the traitor (ES p.16). After the Fifth Witch a wrong accusation turns
  two white swords black (JA witches, 5th) - option ``fifth_witch``.
* Traitors are dealt from the loyalty deck for the player count (ES p.7; JA 7-8 players): with
  n players, base game P(traitor) = n/8; Merlin's Company at 7-8 players may deal two.

The loyal side does not know who the traitor is, so decisions must not look at the hidden
count. The state therefore carries the *belief* (the exact posterior over the number of hidden
traitors given every sword seen and every accusation made), and chance outcomes are averaged
over it; the true count is drawn only at the final reveal. Quest results are parameters: each
round lays a white sword with ``p_white`` and a black one with ``p_black``; each hidden traitor
moves ``sabotage`` of the white chance to black (the traitor's play is a parameter, not an
optimiser). An accusation spends the round's heroic action: with ``accusation_cost`` the round
lays no sword. ``p_lost`` is the chance that a round loses the game another way (the 12th siege
engine, every knight dead: RB p.6, p.17); it is 0 unless given (used to fit the model to
simulated games, ``camelot_rules.sim.exact``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from camelot_rules.base.checks import check_bool
from camelot_rules.base.dist import check_probability
from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.engine.arithmetic import (
    after_hidden_traitors,
    after_wrong_accusation,
    knights_win_count,
)

__all__ = ["EndgameState", "RoundTable"]

_TO_END = rulebook.threshold("swords_to_end")
_BLACK_LOSS = rulebook.threshold("black_swords_to_lose")
_MIN_SWORDS = rulebook.threshold("accusation_min_swords")
_MIN_ENGINES = rulebook.threshold("accusation_min_engines")

Belief = tuple[Fraction, ...]  # P(0, 1, 2 hidden traitors)


@dataclass(frozen=True)
class EndgameState:
    """white, black: swords; accused: accusations made; revealed: players shown loyal or
    unmasked; belief: posterior over hidden traitors; phase: "deal", "round", "act", "accuse",
    "reveal" or "end"; result: "loyal_win"/"evil_win" when phase is "end"."""

    white: int
    black: int
    accused: int
    revealed: int
    belief: Belief
    phase: str
    result: str = ""


def _normalise(weights: tuple[Fraction, ...]) -> Belief:
    total = sum(weights, Fraction(0))
    return tuple(w / total for w in weights)


@dataclass(frozen=True)
class RoundTable:
    """The endgame as a game model; the loyal side maximises ``"loyal_win"``.

    Rules: ``endgame.accusation``, ``endgame.fifth-witch``, ``endgame.hidden-traitors``,
    ``endgame.seven-black``, ``endgame.tie``, ``endgame.twelve-swords``.
    """

    players: int = 5
    expansion: bool = False
    white: int = 4
    black: int = 2
    engines: int = 4
    p_white: Fraction = Fraction(1, 2)
    p_black: Fraction = Fraction(1, 3)
    sabotage: Fraction = Fraction(1, 6)
    accusation_cost: Fraction = Fraction(1, 2)
    max_accusations: int = 2
    fifth_witch: bool = False
    divine_favor: bool = False
    traitor_dead: bool = False
    p_lost: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        for name in ("expansion", "fifth_witch", "divine_favor", "traitor_dead"):
            check_bool(name, getattr(self, name))
        standard_deck("loyalty", expansion=self.expansion, players=self.players)  # checks range
        for name in ("p_white", "p_black", "sabotage", "accusation_cost", "p_lost"):
            check_probability(getattr(self, name), name)
        if self.p_white + self.p_black + self.p_lost > 1:
            raise ValueError(
                f"p_white + p_black + p_lost = {self.p_white + self.p_black + self.p_lost} "
                "exceeds 1"
            )
        if self.sabotage * 2 > self.p_white:
            raise ValueError(
                f"sabotage={self.sabotage}: two hidden traitors would push the white chance "
                f"below 0 (p_white={self.p_white})"
            )
        for name in ("white", "black", "engines", "max_accusations"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"{name}={v!r} must be a whole number >= 0")
        if self.white + self.black >= _TO_END or self.black >= _BLACK_LOSS:
            raise ValueError(
                f"white={self.white}, black={self.black}: the game would already be over"
            )

    # --- the prior: traitors dealt from the loyalty deck ---------------------------------------
    def prior(self) -> Belief:
        """P(0, 1, 2 traitors among the dealt loyalty cards) (hypergeometric).

        Rules: ``loyalty.deal``.
        """
        deck = standard_deck("loyalty", expansion=self.expansion, players=self.players)
        traitors, size = deck.count("traitor"), deck.size
        ways = comb(size, self.players)
        return tuple(
            Fraction(comb(traitors, k) * comb(size - traitors, self.players - k), ways)
            for k in range(3)
        )

    def initial_state(self) -> EndgameState:
        return EndgameState(self.white, self.black, 0, 0, self.prior(), "act")

    def is_terminal(self, state: EndgameState) -> bool:
        return state.phase == "end"

    def outcome(self, state: EndgameState) -> str:
        return state.result

    def is_chance(self, state: EndgameState) -> bool:
        return state.phase in ("round", "accuse", "spent", "reveal")

    def _can_accuse(self, state: EndgameState) -> bool:
        allowed = state.white + state.black >= _MIN_SWORDS or self.engines >= _MIN_ENGINES
        suspects = self.players - 1 - state.revealed
        expected_hidden = sum(k * p for k, p in enumerate(state.belief))
        return (
            allowed
            and state.accused < self.max_accusations
            and suspects > 0
            and expected_hidden > 0
        )

    def legal_actions(self, state: EndgameState) -> Iterator[str]:
        if state.phase == "act":
            yield "quest"
            if self._can_accuse(state):
                yield "accuse"

    def _p(self, hidden: int) -> tuple[Fraction, Fraction]:
        return self.p_white - hidden * self.sabotage, self.p_black + hidden * self.sabotage

    def chance_outcomes(self, state: EndgameState) -> Iterator[tuple[str, Fraction]]:
        belief = state.belief
        if state.phase == "round":
            # a quest round: white, black or nothing; the belief weights the traitors' sabotage
            pw = sum((b * self._p(k)[0] for k, b in enumerate(belief)), Fraction(0))
            pb = sum((b * self._p(k)[1] for k, b in enumerate(belief)), Fraction(0))
            lost = self.p_lost
            for name, p in (
                ("white", pw),
                ("black", pb),
                ("lost", lost),
                ("nothing", 1 - pw - pb - lost),
            ):
                if p:
                    yield name, p
        elif state.phase == "accuse":
            suspects = self.players - 1 - state.revealed
            right = sum(
                (b * Fraction(min(k, suspects), suspects) for k, b in enumerate(belief)),
                Fraction(0),
            )
            if right:
                yield "right", right
            if right != 1:
                yield "wrong", 1 - right
        elif state.phase == "spent":
            # the accusation used the heroic action: the round's quest is lost with the cost
            if self.accusation_cost:
                yield "round_lost", Fraction(self.accusation_cost)
            if self.accusation_cost != 1:
                yield "round_goes_on", 1 - Fraction(self.accusation_cost)
        elif state.phase == "reveal":
            for k, b in enumerate(belief):
                if b:
                    yield f"hidden_{k}", b

    def _after_sword(
        self, state: EndgameState, white: int, black: int, belief: Belief, then: str = "act"
    ) -> EndgameState:
        """7 black swords lose at once; 12 swords end the game (reveal); else play on."""
        if black >= _BLACK_LOSS:
            return EndgameState(
                white, black, state.accused, state.revealed, belief, "end", "evil_win"
            )
        if white + black >= _TO_END:
            return EndgameState(white, black, state.accused, state.revealed, belief, "reveal")
        return EndgameState(white, black, state.accused, state.revealed, belief, then)

    def apply(self, state: EndgameState, action: str) -> EndgameState:
        w, b, belief = state.white, state.black, state.belief
        if state.phase == "act":
            if action == "quest":
                return EndgameState(w, b, state.accused, state.revealed, belief, "round")
            return EndgameState(w, b, state.accused + 1, state.revealed, belief, "accuse")
        if state.phase == "round":
            # Bayes: the sword seen updates the belief about hidden traitors
            if action == "nothing":
                return self._after_sword(state, w, b, belief)
            if action == "lost":  # the 12th engine or every knight dead: no sword, no reveal
                return EndgameState(w, b, state.accused, state.revealed, belief, "end", "evil_win")
            pick = 0 if action == "white" else 1
            post = _normalise(tuple(p * self._p(k)[pick] for k, p in enumerate(belief)))
            return self._after_sword(state, w + (pick == 0), b + (pick == 1), post)
        if state.phase == "accuse":
            suspects = self.players - 1 - state.revealed
            if action == "right":
                # the accused was a traitor: one fewer hidden, a white sword more
                weights = tuple(
                    p * Fraction(min(k, suspects), suspects) for k, p in enumerate(belief)
                )
                post = _normalise((*weights[1:], Fraction(0)))
                moved = EndgameState(w, b, state.accused, state.revealed + 1, post, "spent")
                return self._after_sword(moved, w + 1, b, post, then="spent")
            weights = tuple(
                p * Fraction(max(suspects - k, 0), suspects) for k, p in enumerate(belief)
            )
            post = _normalise(weights)
            w2, b2 = after_wrong_accusation(w, b, fifth_witch=self.fifth_witch)
            moved = EndgameState(w, b, state.accused, state.revealed + 1, post, "spent")
            return self._after_sword(moved, w2, b2, post, then="spent")
        if state.phase == "spent":
            phase = "act" if action == "round_lost" else "round"
            return EndgameState(w, b, state.accused, state.revealed, belief, phase)
        # reveal: hidden traitors flip white swords
        hidden = int(action.removeprefix("hidden_"))
        w2, b2 = (w, b) if self.traitor_dead else after_hidden_traitors(w, b, hidden)
        won = knights_win_count(w2, b2, divine_favor=self.divine_favor)
        return EndgameState(
            w2, b2, state.accused, state.revealed, belief, "end", "loyal_win" if won else "evil_win"
        )
