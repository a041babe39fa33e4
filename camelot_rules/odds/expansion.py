"""Merlin's Company in exact numbers: what each of the expansion's changes does, on the engine.

The teaching notebook (``notebooks/08_teaching_the_expansion*.ipynb``) and its one-page
handout (:mod:`camelot_rules.front.lesson`) read every exact number from here. Each function
builds a small position with the rules engine (:func:`camelot_rules.engine.position`) and
follows its chance steps with their exact probabilities, or reads the box's decks, so a rule
fixed in the engine or in the rule data changes these numbers with it: nothing here restates a
rule.

* :func:`loyalty_deal` - how many traitors a deal of the loyalty cards gives (JA 7-8 players);
* :func:`travel_move` - one move's travel card, and how often the move arrives (JA travel rules);
* :func:`merlin_arrival` - when Merlin's figure comes onto the board (JA setup);
* :func:`new_special_in_hand` - a new special white card among a knight's first cards;
* :func:`one_off_quest_cards` - the black cards that leave the game once their quest is over;
* :func:`card_demos` - each witch and each new special white card played on a position, the
  board before and after (or without and with the card in play).

Rules: ``loyalty.deal``, ``travel.draw-on-move``, ``travel.cards``, ``travel.captured``,
``setup.expansion``, ``deck.finished-quest-cards``, ``witch.lasting``, ``witch.third``,
``witch.fourth``, ``deck.first-witch``, ``white.expansion-specials``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from camelot_rules.base.i18n import N_
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.engine import actions as A
from camelot_rules.engine import new_game, position
from camelot_rules.engine.arithmetic import knights_win_count
from camelot_rules.engine.state import GameState
from camelot_rules.odds.draws import draw_probability
from camelot_rules.odds.runout import first_draw_distribution

__all__ = [
    "WITCHES",
    "CardDemo",
    "TravelCard",
    "TravelMove",
    "card_demos",
    "loyalty_deal",
    "merlin_arrival",
    "new_special_in_hand",
    "one_off_quest_cards",
    "travel_move",
]

#: the seven witches, in order (JA witches)
WITCHES: tuple[str, ...] = tuple(
    e.name for e in rulebook.EXPANSION_BLACK if e.name.startswith("morgan_witch_")
)
#: the eight new special white cards (JA special white cards)
NEW_SPECIALS: tuple[str, ...] = tuple(
    e.name for e in rulebook.EXPANSION_WHITE if e.kind == "special"
)


# --- the loyalty deal ---------------------------------------------------------------------------
def loyalty_deal(players: int) -> dict[int, Fraction]:
    """Return P(k traitors are dealt) for k = 0, 1, 2 with Merlin's Company at ``players``.

    Exact: every branch of the engine's deal of the loyalty cards is followed with its
    probability (the coats of arms dealt before do not matter and take their first outcome).
    The second traitor goes into the 9-card loyalty deck only at 7-8 players (JA 7-8 players).

    By hand at 7 players: 7 of the 9 cards are dealt; no traitor needs both traitors among the
    2 left out, 1/C(9,2) = 1/36; one traitor 7*2/36 = 14/36; two C(7,2)/36 = 21/36.

    >>> loyalty_deal(7) == {0: Fraction(1, 36), 1: Fraction(14, 36), 2: Fraction(21, 36)}
    True

    Rules: ``loyalty.deal``.
    """
    state = new_game(players, expansion=True)
    while _loyalty_outcomes(state) is None:
        state = state.apply_chance(state.chance_outcomes()[0][0])
    odds = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    stack: list[tuple[GameState, Fraction, int]] = [(state, Fraction(1), 0)]
    while stack:
        s, p, traitors = stack.pop()
        outs = _loyalty_outcomes(s)
        if outs is None:
            odds[traitors] += p
            continue
        for outcome, q in outs:
            dealt = traitors + (getattr(outcome, "what", "") == "traitor")
            stack.append((s.apply_chance(outcome), p * q, dealt))
    return odds


def _loyalty_outcomes(s: GameState) -> list[tuple[A.Outcome, Fraction]] | None:
    """The chance outcomes of ``s`` if it deals a loyalty card, else None."""
    if not s.is_chance():
        return None
    outs = s.chance_outcomes()
    first = outs[0][0]
    if isinstance(first, A.Deal) and first.what in ("loyal", "traitor"):
        return outs
    return None


# --- travel -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class TravelCard:
    """One travel card a move may draw: its exact chance and what came of the move.

    ``result`` is one of ``"arrives"`` (Nothing Happens, Merlin Travels), ``"pays"`` (a
    demand met from the hand: the move arrives), ``"diverted"`` (Vision: to the Grail instead),
    ``"fails"`` (a demand not met: a life lost, no move, the turn ends) or ``"captured"``.
    """

    card: str
    probability: Fraction
    result: str
    paid: tuple[str, ...] = ()


@dataclass(frozen=True)
class TravelMove:
    """One move's travel card, every card with its chance; ``arrives`` sums the cards after
    which the knight stands where he meant to go."""

    destination: str
    hand: tuple[tuple[str, int], ...]
    cards: tuple[TravelCard, ...]
    travel_mix: str

    @property
    def arrives(self) -> Fraction:
        return sum(
            (c.probability for c in self.cards if c.result in ("arrives", "pays")), Fraction(0)
        )

    @property
    def spoiled(self) -> Fraction:
        return 1 - self.arrives


def travel_move(
    hand: Mapping[str, int] | None = None,
    destination: str = "black_knight",
    *,
    captured: tuple[int, ...] = (),
    travel_mix: str = "assumed",
) -> TravelMove:
    """Return one move by King Arthur from Camelot to ``destination`` as a heroic action at a
    table of four: the travel card drawn (every card with its exact chance, JA travel rules) and
    what came of the move. A demand (Charged!, Lost!, Ambushed!) is met when ``hand`` can meet
    it (the engine's own payments; the demands are ASSUMED: ``rulebook.TRAVEL_DEMANDS``).
    ``captured`` seats already hold a Captured! card under their figure (out of the deck);
    ``travel_mix`` is the engine's option (``"assumed"`` or ``"harmful_majority"``: both are
    assumptions, JA omits the counts).

    With an empty hand only Nothing Happens and Merlin Travels let the move arrive (3 + 3 of
    the 16 assumed cards):

    >>> travel_move().arrives
    Fraction(3, 8)

    Rules: ``travel.draw-on-move``, ``travel.cards``, ``travel.demands``, ``travel.captured``.
    """
    given = dict(hand or {})
    s = position(
        4,
        expansion=True,
        phase="heroic",
        hands={0: given},
        captured=captured,
        travel_mix=travel_mix,
    )
    s = s.apply(A.Move(destination))
    cards = []
    for outcome, p in s.chance_outcomes():
        after = s.apply_chance(outcome)
        card = str(getattr(outcome, "card", ""))
        paid: tuple[str, ...] = ()
        if not after.is_chance() and after.current_player == 0 and after.phase == "heroic":
            pays = [a for a in after.legal_actions() if isinstance(a, A.Pay)]
            if pays:  # a demand card: met with the hand's first way to pay
                paid = tuple(pays[0].cards)
                after = after.apply(pays[0])
            elif A.Pass() in after.legal_actions():
                after = after.apply(A.Pass())
        cards.append(TravelCard(card, p, _travel_result(after, destination, paid), paid))
    return TravelMove(destination, tuple(sorted(given.items())), tuple(cards), travel_mix)


def _travel_result(after: GameState, destination: str, paid: tuple[str, ...]) -> str:
    if after.captured[0]:
        return "captured"
    if after.location[0] == destination:
        return "pays" if paid else "arrives"
    if after.location[0] == "camelot":
        return "fails"
    return "diverted"


def merlin_arrival(travel_mix: str = "assumed") -> dict[int, Fraction]:
    """Return P(Merlin's figure comes onto the board at the k-th travel card drawn), k = 1, 2,
    ...: it stays off the board until the first Merlin Travels is drawn (JA setup), so this is
    the position of the first Merlin Travels in the shuffled travel deck (a mix the engine
    takes as an option; both mixes are ASSUMED).

    >>> sum(k * p for k, p in merlin_arrival().items())  # 3 of 16: (16 + 1) / (3 + 1)
    Fraction(17, 4)

    Rules: ``setup.expansion``, ``travel.cards``.
    """
    counts = rulebook.TRAVEL_MIXES[travel_mix]
    deck = Deck(dict(zip(rulebook.TRAVEL_KINDS, counts)))
    return first_draw_distribution(deck, "merlin_travels")


def new_special_in_hand(players: int = 5) -> Fraction:
    """Return P(a knight's first five white cards hold at least one of the eight new special
    white cards): after each knight takes one Merlin card, five each come from the shuffled
    rest of the expansion's white deck (RB p.7; JA setup: 23 white cards added).

    Rules: ``setup.deal``, ``white.expansion-specials``.
    """
    white = standard_deck("white", expansion=True)
    # one Merlin card to each knight, as far as the 7 go (ASSUMPTION: the 8th seat gets none)
    merlin = min(rulebook.threshold("merlins_per_knight_at_setup") * players, white.count("merlin"))
    rest = Deck({**dict(white.items()), "merlin": white.count("merlin") - merlin})
    hand = rulebook.threshold("white_cards_per_knight_at_setup")
    return draw_probability(rest, hand, NEW_SPECIALS)


def one_off_quest_cards(*, expansion: bool = True) -> dict[str, int]:
    """Return, for each one-off quest (Excalibur, the Grail, Lancelot/the Dragon), how many
    black cards of the box belong to it: once that quest is over each adds a siege engine, and
    with Merlin's Company then leaves the game (JA black cards of finished quests). The
    expansion's share rests on its standard-card mix (LOW confidence, F §3c).

    >>> one_off_quest_cards(expansion=False)
    {'excalibur': 15, 'grail': 18, 'dragon': 11}

    Rules: ``deck.finished-quest-cards``, ``black.finished-quest``.
    """
    black = standard_deck("black", expansion=expansion)
    out: dict[str, int] = {}
    for q in rulebook.QUEST_CARDS:
        out[q.quest] = out.get(q.quest, 0) + black.count(q.card)
    return out


# --- the cards, played on small positions -------------------------------------------------------
@dataclass(frozen=True)
class CardDemo:
    """One card shown on a small position: ``facts`` are (what, value without or before the
    card, value with or after it). ``lasting`` demos compare the same event without and with
    the card in play; the others show the board before and after the card."""

    card: str
    rule: str
    source: str
    lasting: bool
    facts: tuple[tuple[str, object, object], ...]


def _settle(s: GameState) -> GameState:
    """Resolve chance steps with their likeliest outcome (the facts shown do not depend on it)."""
    while s.is_chance():
        outs = s.chance_outcomes()
        s = s.apply_chance(max(outs, key=lambda op: (op[1], str(op[0])))[0])
    return s


def _draw_black(s: GameState) -> GameState:
    return _settle(s.apply(A.DrawBlack()))


def _play(s: GameState, card: str, choice: tuple[Any, ...] = ()) -> GameState:
    for a in s.legal_actions():
        if isinstance(a, A.PlaySpecial) and a.card == card and tuple(a.choice) == choice:
            return _settle(s.apply(a))
    raise AssertionError(f"{card} {choice} is not legal here")  # pragma: no cover


def _answer(s: GameState, kind: type, **fields: Any) -> GameState:
    """Apply the first legal action of ``kind`` whose fields match."""
    for a in s.legal_actions():
        if isinstance(a, kind) and all(getattr(a, k) == v for k, v in fields.items()):
            return _settle(s.apply(a))
    raise AssertionError(f"no {kind.__name__} {fields}")  # pragma: no cover


def _piles(s: GameState) -> tuple[int, int, int, int]:
    d = s.observation(0)["decks"]
    return d["white_draw"], d["white_discard"], d["black_draw"], d["black_discard"]


def _witch_1() -> CardDemo:
    s = position(
        4,
        expansion=True,
        black_top=["morgan_witch_1"],
        white_discard={"fight_1": 5, "grail": 3},
        black_discard={"despair": 4},
    )
    before, after = _piles(s), _piles(_draw_black(s))
    keys = (
        N_("white draw pile"),
        N_("white discards"),
        N_("black draw pile"),
        N_("black discards"),
    )
    facts = tuple((k, b, a) for k, b, a in zip(keys, before, after))
    return CardDemo("morgan_witch_1", "deck.first-witch", "JA witches (1st)", False, facts)


def _can_lose_life(witches: list[str]) -> bool:
    """May the knight give up a life point as his Progression of Evil?"""
    s = position(4, expansion=True, witches=witches)
    return any(isinstance(a, A.LoseLife) for a in s.legal_actions())


def _can_sacrifice(witches: list[str]) -> bool:
    """After one heroic action (a siege engine fought), may he give up a life for a second?"""
    s = position(
        4,
        expansion=True,
        witches=witches,
        phase="heroic",
        siege_engines=2,
        hands={0: {"fight_5": 1}},
    )
    s = _settle(s.apply(next(a for a in s.legal_actions() if isinstance(a, A.FightEngine))))
    return any(isinstance(a, A.Sacrifice) for a in s.legal_actions())


def _witch_2() -> CardDemo:
    witch = ["morgan_witch_2"]
    facts = (
        (
            N_("a life may be given up in the Progression of Evil"),
            _can_lose_life([]),
            _can_lose_life(witch),
        ),
        (
            N_("a life may be given up for a second heroic action"),
            _can_sacrifice([]),
            _can_sacrifice(witch),
        ),
    )
    return CardDemo("morgan_witch_2", "witch.lasting", "JA witches (2nd)", True, facts)


def _witch_3() -> CardDemo:
    s = position(
        4,
        expansion=True,
        black_top=["morgan_witch_3"],
        quests={"picts": {"warriors": 3}, "saxons": {"warriors": 1}},
    )
    a = _draw_black(s)
    q, r = s.observation(0)["quests"], a.observation(0)["quests"]
    facts = (
        (N_("Pict warriors"), q["picts"]["warriors"], r["picts"]["warriors"]),
        (N_("Saxon warriors"), q["saxons"]["warriors"], r["saxons"]["warriors"]),
        (N_("siege engines"), s.engines, a.engines),
        (N_("black swords"), s.bsw, a.bsw),
    )
    return CardDemo("morgan_witch_3", "witch.third", "JA witches (3rd)", False, facts)


def _witch_4() -> CardDemo:
    s = position(4, expansion=True, black_top=["morgan_witch_4"], hands={1: {"grail": 2}})
    a = _draw_black(s)
    a = _answer(a, A.Discard, card="grail")  # seat 1 holds Grail cards: he gives one up
    facts = (
        (N_("life of the knights"), tuple(s.life), tuple(a.life)),
        (N_("Grail cards in the second knight's hand"), 2, a.hand(1).get("grail", 0)),
    )
    return CardDemo("morgan_witch_4", "witch.fourth", "JA witches (4th)", False, facts)


def _wrong_accusation(witches: list[str]) -> int:
    s = position(4, expansion=True, witches=witches, phase="heroic", white_swords=5, black_swords=1)
    return int(s.apply(A.Accuse(1)).wsw)  # seat 1 is loyal: the accusation is wrong


def _witch_5() -> CardDemo:
    facts = (
        (
            N_("white swords after a wrong accusation (5 laid)"),
            _wrong_accusation([]),
            _wrong_accusation(["morgan_witch_5"]),
        ),
    )
    return CardDemo("morgan_witch_5", "endgame.fifth-witch", "JA witches (5th)", True, facts)


def _merlin_played(witches: list[str]) -> tuple[int, int]:
    s = position(
        4,
        expansion=True,
        witches=witches,
        phase="heroic",
        siege_engines=3,
        hands={0: {"merlin": 1}},
    )
    o = _play(s, "merlin", ("engine",)).observation(0)
    return o["decks"]["white_discard"], o["removed"]["white"]


def _witch_6() -> CardDemo:
    without, with_ = _merlin_played([]), _merlin_played(["morgan_witch_6"])
    facts = (
        (N_("a Merlin card played: white discards"), without[0], with_[0]),
        (N_("a Merlin card played: white cards out of the game"), without[1], with_[1]),
    )
    return CardDemo("morgan_witch_6", "witch.lasting", "JA witches (6th)", True, facts)


def _pict_war_lost(witches: list[str]) -> tuple[int, ...]:
    s = position(
        4,
        expansion=True,
        witches=witches,
        black_top=["picts"],
        quests={"picts": {"warriors": 3}},
        location={1: "picts"},
    )
    return tuple(_draw_black(s).life)


def _witch_7() -> CardDemo:
    facts = (
        (
            N_("life after the Pict war is lost (the second knight on it)"),
            _pict_war_lost([]),
            _pict_war_lost(["morgan_witch_7"]),
        ),
    )
    return CardDemo("morgan_witch_7", "witch.lasting", "JA witches (7th)", True, facts)


_WHITE = "JA special white cards"


def _on_grail(s: GameState) -> int:
    return sum(1 for x in s.location if x == "grail")


def _travel_drawn(s: GameState) -> int:
    return sum(1 for h in s.history() if isinstance(h, A.Draw) and h.pile == "travel")


def _call_for_help() -> CardDemo:
    s = position(
        4, expansion=True, phase="heroic", hands={0: {"call_for_help": 1}}, location={0: "grail"}
    )
    a = _play(s, "call_for_help")
    while not a.is_terminal() and any(isinstance(x, A.Join) for x in a.legal_actions()):
        a = _answer(a, A.Join, go=True)
    facts = (
        (N_("knights on the Holy Grail"), _on_grail(s), _on_grail(a)),
        (N_("travel cards drawn"), _travel_drawn(s), _travel_drawn(a)),
    )
    return CardDemo("call_for_help", "white.expansion-specials", _WHITE, False, facts)


def _dispel() -> CardDemo:
    s = position(
        4,
        expansion=True,
        phase="heroic",
        hands={0: {"dispel": 1}},
        witches=["morgan_witch_2"],
    )
    a = _play(s, "dispel", ("morgan_witch_2",))
    facts = (
        (
            N_("the Second Witch in play"),
            "morgan_witch_2" in s.witches,
            "morgan_witch_2" in a.witches,
        ),
    )
    return CardDemo("dispel", "white.expansion-specials", _WHITE, False, facts)


def _divine_favor() -> CardDemo:
    s = position(4, expansion=True, phase="heroic", hands={0: {"divine_favor": 1}})
    a = _play(s, "divine_favor")
    facts = (
        (
            N_("the knights win a final count of 6 white to 6 black"),
            knights_win_count(6, 6, divine_favor=bool(s.favor)),
            knights_win_count(6, 6, divine_favor=bool(a.favor)),
        ),
    )
    return CardDemo("divine_favor", "endgame.tie", _WHITE, False, facts)


def _on_dragon(s: GameState) -> int:
    return len(s.observation(0)["quests"]["dragon"]["white"])


def _dragon_slayer() -> CardDemo:
    hand = {"dragon_slayer": 1, "fight_2": 1, "fight_4": 1}
    s = position(
        4,
        expansion=True,
        phase="heroic",
        hands={0: hand},
        over=["lancelot"],
        location={0: "dragon"},
    )
    a = _play(s, "dragon_slayer")
    while not a.is_terminal() and any(isinstance(x, A.PlayFight) for x in a.legal_actions()):
        a = _settle(a.apply(next(x for x in a.legal_actions() if isinstance(x, A.PlayFight))))
    facts = (
        (N_("white cards in hand"), sum(s.hands[0]), sum(a.hands[0])),
        (N_("Fight cards laid on the Dragon"), _on_dragon(s), _on_dragon(a)),
    )
    return CardDemo("dragon_slayer", "white.expansion-specials", _WHITE, False, facts)


def _engine_after_excalibur_card(merlin: str | None) -> int:
    s = position(4, expansion=True, over=["excalibur"], black_top=["excalibur"], merlin=merlin)
    return int(_draw_black(s).engines - s.engines)


def _merlin_to_the_rescue() -> CardDemo:
    s = position(
        4,
        expansion=True,
        phase="heroic",
        hands={0: {"merlin_to_the_rescue": 1}},
        over=["excalibur"],
    )
    a = _play(s, "merlin_to_the_rescue", ("excalibur",))
    facts = (
        (N_("Merlin's figure"), s.merlin or N_("off the board"), a.merlin or N_("off the board")),
        (
            N_("siege engines added by an Excalibur card drawn after the quest"),
            _engine_after_excalibur_card(s.merlin),
            _engine_after_excalibur_card(a.merlin),
        ),
    )
    return CardDemo("merlin_to_the_rescue", "deck.merlin-blocks-engine", _WHITE, False, facts)


def _new_hope() -> CardDemo:
    hand = {"new_hope": 1, "fight_1": 2, "grail": 1}
    s = position(4, expansion=True, phase="heroic", hands={0: hand})
    a = _play(s, "new_hope")
    facts = (
        (N_("white cards in hand"), sum(s.hands[0]), sum(a.hands[0])),
        (N_("white discards"), _piles(s)[1], _piles(a)[1]),
    )
    return CardDemo("new_hope", "white.expansion-specials", _WHITE, False, facts)


def _tournament() -> CardDemo:
    s = position(4, expansion=True, phase="heroic", hands={0: {"tournament": 1}}, life={0: 3})
    a = _play(s, "tournament")
    facts = ((N_("life of the knight who plays it"), s.life[0], a.life[0]),)
    return CardDemo("tournament", "white.expansion-specials", _WHITE, False, facts)


def _truce() -> CardDemo:
    s = position(
        4,
        expansion=True,
        phase="heroic",
        hands={0: {"truce": 1}},
        quests={"picts": {"fights": 2, "warriors": 3}},
    )
    a = _play(s, "truce", ("picts",))
    q, r = s.observation(0)["quests"]["picts"], a.observation(0)["quests"]["picts"]
    facts = (
        (N_("Pict warriors"), q["warriors"], r["warriors"]),
        (N_("Fight cards on the Pict war"), q["fights"], r["fights"]),
        (N_("swords laid (white, black)"), (s.wsw, s.bsw), (a.wsw, a.bsw)),
    )
    return CardDemo("truce", "white.expansion-specials", _WHITE, False, facts)


_DEMOS: dict[str, Callable[[], CardDemo]] = {
    "morgan_witch_1": _witch_1,
    "morgan_witch_2": _witch_2,
    "morgan_witch_3": _witch_3,
    "morgan_witch_4": _witch_4,
    "morgan_witch_5": _witch_5,
    "morgan_witch_6": _witch_6,
    "morgan_witch_7": _witch_7,
    "call_for_help": _call_for_help,
    "dispel": _dispel,
    "divine_favor": _divine_favor,
    "dragon_slayer": _dragon_slayer,
    "merlin_to_the_rescue": _merlin_to_the_rescue,
    "new_hope": _new_hope,
    "tournament": _tournament,
    "truce": _truce,
}


def card_demos(cards: tuple[str, ...] | None = None) -> tuple[CardDemo, ...]:
    """Return each card of ``cards`` (default: the seven witches, then the eight new special
    white cards) played by the engine on a small position built for it.

    >>> [d.facts for d in card_demos(("tournament",))]
    [(('life of the knight who plays it', 3, 5),)]

    Rules: ``deck.first-witch``, ``witch.lasting``, ``witch.third``, ``witch.fourth``,
    ``endgame.fifth-witch``, ``white.expansion-specials``, ``deck.merlin-blocks-engine``,
    ``endgame.tie``.
    """
    chosen = (*WITCHES, *NEW_SPECIALS) if cards is None else cards
    unknown = [c for c in chosen if c not in _DEMOS]
    if unknown:
        raise ValueError(f"cards={unknown!r}: expected some of {sorted(_DEMOS)}")
    return tuple(_DEMOS[c]() for c in chosen)
