"""The races against the black deck: the Holy Grail, Excalibur and the wars, each black card and
each card laid played by the engine (see :mod:`camelot_rules.odds.quests`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import islice

from camelot_rules.base.checks import check_bool
from camelot_rules.base.i18n import N_, gettext
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.engine import actions as _A
from camelot_rules.engine import position as _position
from camelot_rules.engine import quests as _rules
from camelot_rules.engine.state import GameState
from camelot_rules.odds.quest_common import (
    FIGHT_VALUES,
    WARS,
    check_copies,
    check_fights_laid,
    hand_values,
    unseen_black,
)

# --- races against the black deck: the Grail, Excalibur, the wars ------------------------------
GRAIL_BLACKS: tuple[str, ...] = ("despair", "desolation")
MORGAN_3_DRAWS = rulebook.threshold("morgan_3_draws")
_GRAIL_SPOTS = rulebook.threshold("grail_spots")
_EXC_STEPS = rulebook.threshold("excalibur_steps")
_WARRIORS = rulebook.threshold("war_warriors_to_lose")
_MAX_TURNS = 60
_MAX_KNIGHTS = 8  # the largest table (Merlin's Company, JA setup)
# Black cards that change any race the same way, whatever the quest (BoQ p.16): Morgan's third
# card draws three more black cards, Guinevere sends every knight to Camelot.
ANY_RACE = ("morgan_3", "guinevere")
_QUEST_OF = rulebook.quest_card_map()  # the rule data's one map of quest black cards
RACE_CARDS = {
    "grail": tuple(c for c, q in _QUEST_OF.items() if q == "grail"),
    "excalibur": tuple(c for c, q in _QUEST_OF.items() if q == "excalibur"),
    "picts": ("picts", "mercenaries", "mordred", "morgan_witch_3"),
    "saxons": ("saxons", "mercenaries", "mordred", "morgan_witch_3"),
}
_CHOSEN = frozenset({"mercenaries", "mordred"})  # the drawer chooses the war (BoQ p.16)
# what every race takes for granted (marked for translation; shown in the reader's language)
_RACE_ASSUMPTIONS = (
    N_(
        "every evil step draws a black card (the knights never take a siege engine or lose a life "
        "instead)"
    ),
    N_("no Merlin cards cancel, no Excalibur sacrifice, no second heroic action for a life"),
    N_(
        "the knights on the quest only lay its cards and never draw more (nothing is added to "
        "their hands), the others never touch it"
    ),
    N_("forced discards (Morgan 2 and 5, the 4th witch) are paid without the cards the race needs"),
    N_("after Guinevere each knight spends his next heroic action going back (no travel card)"),
    N_(
        "no reshuffle: the horizon must fit in the draw pile (Merlin's Company's First Witch "
        "counts as a card with no effect here)"
    ),
)


@dataclass(frozen=True)
class RaceCurve:
    """The exact chances of a race over the next turns.

    ``won[t]`` / ``lost[t]``: the chance that the quest is won / lost by the end of the
    ``t``-th turn from now (``t = 0`` is now; the table's turns, one knight each).
    ``assumptions``: what the model takes for granted, to show with every answer.
    """

    quest: str
    won: tuple[Fraction, ...]
    lost: tuple[Fraction, ...]
    assumptions: tuple[str, ...]

    @property
    def p_win(self) -> Fraction:
        """The chance the quest is won within the horizon."""
        return self.won[-1]

    @property
    def p_lose(self) -> Fraction:
        """The chance the quest is lost within the horizon."""
        return self.lost[-1]

    @property
    def turns(self) -> int:
        """The horizon, in turns."""
        return len(self.won) - 1


def _settle(s: GameState) -> GameState:
    """Resolve the chance steps that have one outcome (a known top card)."""
    while s.is_chance():
        outcomes = s.chance_outcomes()
        if len(outcomes) != 1:
            break
        s = s.apply_chance(outcomes[0][0])
    return s


def _quest_spec(quest: str, q: tuple[int, ...]) -> dict[str, dict[str, object]]:
    if quest == "grail":
        return {"grail": {"grails": q[0], "blacks": ("despair",) * q[1], "dark_forest": q[2] == 1}}
    if quest == "excalibur":
        return {"excalibur": {"position": q[0]}}
    return {quest: {"fights": q[0], "warriors": q[1], "mordred": q[2] == 1}}


def read_quest(quest: str, s: GameState) -> tuple[int, ...] | str:
    """The quest's race state in the engine's position, or "won"/"lost" if it just ended."""
    for event in s.events:
        if event[0] == "quest" and event[1] == quest:
            return "won" if event[2] else "lost"
    if quest == "grail":
        return (s.grail_n, len(s.grail_b), int(s.dark_forest))
    if quest == "excalibur":
        return (s.exc_pos,)
    fights, warriors, mordred = s.wars[WARS.index(quest)]
    return (fights, warriors, int(mordred))


@cache
def _engine_black(quest: str, q: tuple[int, ...], card: str) -> tuple[int, ...] | str:
    """The race state after ``card`` is drawn, played by the engine (the drawer puts a
    Mercenaries or Mordred card on this war)."""
    s = _position(
        4,
        black_top=(card,),
        quests=_quest_spec(quest, q),
        expansion=card.startswith("morgan_witch"),
    )
    s = _settle(s.apply(_A.DrawBlack()))
    if not s.is_chance() and _A.ChooseWar(quest) in s.legal_actions():
        s = _settle(s.apply(_A.ChooseWar(quest)))
    return read_quest(quest, s)


@cache
def _engine_lay(
    quest: str, q: tuple[int, ...], hand: tuple[int, ...]
) -> tuple[tuple[int, ...] | str, tuple[int, ...]] | None:
    """The knight's heroic action on the quest, if the engine allows one: the race state after
    it and the hand left, else None. Hands: (Grail cards,), (white cards,) or Fight counts."""
    action: _A.Action
    left: tuple[int, ...]
    if quest == "grail":
        cards, action, left = {"grail": 1}, _A.PlayGrail(), (hand[0] - 1,)
        if not hand[0]:
            return None
    elif quest == "excalibur":
        if not hand[0]:
            return None
        cards, action, left = {"fight_1": 1}, _A.DiscardForExcalibur("fight_1"), (hand[0] - 1,)
    else:
        cards = {f"fight_{v}": c for v, c in zip(FIGHT_VALUES, hand) if c}
        s0 = _position(4, quests=_quest_spec(quest, q))
        v = _rules.war_next(s0, quest)
        if v is None or not hand[v - 1]:
            return None
        action = _A.PlayFight(quest, v)
        left = tuple(c - (1 if i == v - 1 else 0) for i, c in enumerate(hand))
    s = _position(
        4, location={0: quest}, hands={0: cards}, phase="heroic", quests=_quest_spec(quest, q)
    )
    if action not in s.legal_actions():
        return None
    return read_quest(quest, s.apply(action)), left


def _race_pile(
    quest: str,
    deck: object,
    seen: object,
    on_board: Mapping[str, int],
    expansion: bool,
) -> tuple[tuple[int, ...], int]:
    """The black draw pile as (copies of each race card, then Morgan 3, Guinevere; others)."""
    pile = unseen_black(deck, seen, on_board, expansion=expansion)
    kinds = (*RACE_CARDS[quest], *ANY_RACE)
    counts = tuple(pile.count(k) for k in kinds)
    return counts, pile.size - sum(counts)


def _check_seats(seats: object, n: int, players: int) -> tuple[int, ...]:
    if n > players:
        raise ValueError(
            gettext(
                "hands: {n} knights on the quest, but {players} players at the table (one "
                "hand per knight there)"
            ).format(n=n, players=players)
        )
    if seats is None:
        return tuple(range(n))
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Iterable):
        raise ValueError(f"seats={seats!r}: expected one seat number per hand")
    out = tuple(seats)
    for x in out:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < players:
            raise ValueError(
                f"seats contains {x!r}: expected 0..{players - 1} (0 = the next turn's player)"
            )
    if len(out) != n or len(set(out)) != n:
        raise ValueError(f"seats={list(out)}: expected {n} different seats, one per hand")
    return out


_State = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[bool, ...], tuple[int, ...], int]


def play_race(
    quest: str,
    q0: tuple[int, ...],
    hands: tuple[tuple[int, ...], ...],
    seats: tuple[int, ...],
    players: int,
    pile: tuple[tuple[int, ...], int],
    turns: int,
    chosen_here: bool,
) -> RaceCurve:
    """The exact race, turn by turn (the engine plays each card; see :func:`grail_race`)."""
    kinds = (*RACE_CARDS[quest], *ANY_RACE)
    counts0, other0 = pile
    most = turns + MORGAN_3_DRAWS * counts0[kinds.index("morgan_3")]
    if most > sum(counts0) + other0:
        raise ValueError(
            f"turns={turns}: up to {most} black cards may be drawn, but the draw pile (deck) "
            f"holds {sum(counts0) + other0} (reshuffles are not modelled: ask fewer turns)"
        )
    # Integer weights: a state after d black draws carries p * size0 (size0 - 1) ... (d
    # factors), the same denominator for every state with d draws (d is read off its pile).
    size0 = sum(counts0) + other0
    falling = [1]
    for d in range(most):
        falling.append(falling[-1] * (size0 - d))
    # The states are grouped by what is left of the draw pile (its race cards, then the other
    # cards): every state with the same pile draws each card with the same weight. Within a
    # pile, a state is one flat tuple: the quest's state, each knight's hand (an index),
    # whether each knight was sent away (Guinevere).
    nq, nk, nc = len(q0), len(hands), len(counts0)
    hand_ids: dict[tuple[int, ...], int] = {}
    hand_of: list[tuple[int, ...]] = []

    def hid(h: tuple[int, ...]) -> int:
        if h not in hand_ids:
            hand_ids[h] = len(hand_of)
            hand_of.append(h)
        return hand_ids[h]

    a0 = nq + nk  # where the away flags begin
    start = (*q0, *(hid(h) for h in hands), *(0,) * nk)
    everyone_away = (1,) * nk
    effect = []  # per race card: 0 the engine plays it, 1 Morgan 3, 2 Guinevere, 3 no effect
    for card in kinds:
        if card == "morgan_3":
            effect.append(1)
        elif card == "guinevere":
            effect.append(2)
        elif card in _CHOSEN and not chosen_here:
            effect.append(3)
        else:
            effect.append(0)
    black_memo: dict[tuple[tuple[int, ...], int], tuple[int, ...] | str] = {}
    lay_memo: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...] | str, int] | None] = {}
    Rests = dict[tuple[int, ...], int]
    dist: dict[tuple[int, ...], Rests] = {(*counts0, other0): {start: 1}}
    won, lost = [Fraction(0)], [Fraction(0)]
    ended = {"won": [0] * (most + 1), "lost": [0] * (most + 1)}
    seat_of = {seat: i for i, seat in enumerate(seats)}
    for t in range(turns):
        seat = t % players
        # the evil step: one black card (Morgan 3 adds three more), then the heroic action
        todo: dict[tuple[tuple[int, ...], int, bool], Rests] = {
            (deck_left, 1, False): rests for deck_left, rests in dist.items()
        }
        after: dict[tuple[tuple[int, ...], bool], Rests] = {}
        while todo:
            nxt: dict[tuple[tuple[int, ...], int, bool], Rests] = {}
            for (deck_left, draws, over), rests in todo.items():
                for i in range(nc + 1):
                    c = deck_left[i]
                    if not c:
                        continue
                    left_deck = (*deck_left[:i], c - 1, *deck_left[i + 1 :])
                    kind = effect[i] if i < nc else 3
                    left = draws - 1 + (MORGAN_3_DRAWS if kind == 1 else 0)
                    over2 = over or kind == 2
                    if left:
                        target = nxt.setdefault((left_deck, left, over2), {})
                    else:
                        target = after.setdefault((left_deck, over2), {})
                    if kind == 0:
                        done = size0 - sum(left_deck)  # cards drawn so far
                        for r, w in rests.items():
                            q = r[:nq]
                            q2 = black_memo.get((q, i))
                            if q2 is None:
                                q2 = black_memo[(q, i)] = _engine_black(quest, q, kinds[i])
                            if isinstance(q2, str):
                                ended[q2][done] += w * c
                                continue
                            r2 = (*q2, *r[nq:])
                            target[r2] = target.get(r2, 0) + w * c
                    elif kind == 2:
                        for r, w in rests.items():
                            r2 = (*r[:a0], *everyone_away)
                            target[r2] = target.get(r2, 0) + w * c
                    else:
                        for r, w in rests.items():
                            target[r] = target.get(r, 0) + w * c
            todo = nxt
        dist = {}
        k = seat_of.get(seat)
        for (deck_left, over), rests in after.items():
            out = dist.setdefault(deck_left, {})
            done = size0 - sum(deck_left)
            for r, w in rests.items():
                if not over and k is not None:
                    if r[a0 + k]:
                        r = (*r[: a0 + k], 0, *r[a0 + k + 1 :])
                    else:
                        q, h = r[:nq], r[nq + k]
                        if (q, h) not in lay_memo:
                            got = _engine_lay(quest, q, hand_of[h])
                            lay_memo[(q, h)] = None if got is None else (got[0], hid(got[1]))
                        step = lay_memo[(q, h)]
                        if step is not None:
                            q3, left_hand = step
                            if isinstance(q3, str):
                                ended[q3][done] += w
                                continue
                            r = (*q3, *r[nq : nq + k], left_hand, *r[nq + k + 1 :])
                out[r] = out.get(r, 0) + w
        won.append(sum((Fraction(w, falling[d]) for d, w in enumerate(ended["won"])), Fraction(0)))
        lost.append(
            sum((Fraction(w, falling[d]) for d, w in enumerate(ended["lost"])), Fraction(0))
        )
    return RaceCurve(quest, tuple(won), tuple(lost), tuple(gettext(a) for a in _RACE_ASSUMPTIONS))


def _check_turns(turns: object) -> int:
    from camelot_rules.base.checks import check_int

    return check_int("turns", turns, low=0, high=_MAX_TURNS)


def _count_hands(hands: object, what: str) -> tuple[int, ...]:
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise ValueError(
            gettext("{what}={hands}: expected one number per knight on the quest").format(
                what=what, hands=repr(hands)
            )
        )
    out = []
    most = standard_deck("white", expansion=True).size
    for h in hands:
        if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= most:
            raise ValueError(
                gettext(
                    "{what} contains {h}: expected whole numbers 0..{most} (the largest white deck)"
                ).format(what=what, h=repr(h), most=most)
            )
        out.append(h)
        if len(out) > _MAX_KNIGHTS:
            raise ValueError(
                gettext("{what}: more knights than a table holds ({MAX_KNIGHTS})").format(
                    what=what, MAX_KNIGHTS=_MAX_KNIGHTS
                )
            )
    return tuple(out)


def grail_race(
    grails: int,
    blacks: int | Iterable[str],
    hands: Iterable[int],
    turns: int,
    *,
    players: int = 4,
    seats: Iterable[int] | None = None,
    dark_forest: bool = False,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    expansion: bool = False,
) -> RaceCurve:
    """Return the exact chances that the Holy Grail quest is won / lost over the next turns.

    Rules: ``quest.grail``, ``black.despair``, ``black.desolation``, ``black.dark-forest``,
    ``black.morgan``, ``black.guinevere``, ``evil.black-card``, ``turn.order``.

    The rule (BoQ p.9, p.15-16; RB p.15): a knight on the quest lays one Grail card as his
    heroic action on the free spot nearest the Grail (with every spot full it removes the
    nearest Despair instead); a Despair takes the free spot farthest from it (with every spot
    full it removes the farthest Grail card); a Desolation first removes the farthest Grail
    card, then lies like a Despair; the Dark Forest stops Grail cards (until another quest is
    won: not within this model). Seven Grail cards win, seven black cards lose. Each card is
    played by the rules engine (:mod:`camelot_rules.engine.quests`,
    :mod:`camelot_rules.engine.black`), not by a copy here.

    ``grails`` Grail cards and ``blacks`` Despair/Desolation cards (a count of Despairs, or
    their names) lie on the quest. ``hands[i]`` is the number of Grail cards held by the
    ``i``-th knight on the quest, who sits at ``seats[i]`` (0 = the player whose turn comes
    next, then clockwise; default 0, 1, ...). Each of the next ``turns`` turns (the table's,
    one knight each, ``players`` at the table) draws one black card from ``deck`` (the draw
    pile; default the box's black deck less the cards on the quest and ``seen``), then the
    turn's knight, if on the quest, lays a Grail card if he holds one. The assumptions are
    in the result's ``assumptions`` (:data:`RaceCurve`).

    Five Grail cards laid, one knight holding two, alone at a table of three (his turns are
    the 1st and the 4th), against a pile of two Despairs and four Picts: his first card makes
    six and fills the last spot if a Despair came first, and any Despair on a full quest takes
    a Grail card back; he wins only if the four cards drawn hold no Despair, C(4,4)/C(6,4).

    >>> r = grail_race(5, 0, [2], 4, players=3, deck={"despair": 2, "picts": 4})
    >>> r.p_win, r.p_lose
    (Fraction(1, 15), Fraction(0, 1))
    """
    check_bool("dark_forest", dark_forest)
    check_bool("expansion", expansion)
    from camelot_rules.data.decks import check_players

    players = check_players(players, expansion)
    turns = _check_turns(turns)
    if isinstance(grails, bool) or not isinstance(grails, int) or not 0 <= grails < _GRAIL_SPOTS:
        raise ValueError(
            gettext(
                "grails={grails}: expected 0..{value} Grail cards on the quest ({GRAIL_SPOTS} win "
                "it)"
            ).format(grails=repr(grails), value=_GRAIL_SPOTS - 1, GRAIL_SPOTS=_GRAIL_SPOTS)
        )
    if isinstance(blacks, int) and not isinstance(blacks, bool):
        if not 0 <= blacks < _GRAIL_SPOTS:
            raise ValueError(
                gettext(
                    "blacks={blacks}: expected 0..{value} Despair cards on the quest "
                    "({GRAIL_SPOTS} lose it)"
                ).format(blacks=blacks, value=_GRAIL_SPOTS - 1, GRAIL_SPOTS=_GRAIL_SPOTS)
            )
        names = ("despair",) * blacks
    elif isinstance(blacks, (str, bytes)) or not isinstance(blacks, Iterable):
        raise ValueError(
            gettext("blacks={blacks}: expected a count or a list of card names").format(
                blacks=repr(blacks)
            )
        )
    else:
        names = tuple(islice(blacks, _GRAIL_SPOTS + 1))
        for card in names:
            if card not in GRAIL_BLACKS:
                raise ValueError(
                    gettext("blacks contains {card}: expected {value}").format(
                        card=repr(card), value=list(GRAIL_BLACKS)
                    )
                )
    if grails + len(names) > _GRAIL_SPOTS or len(names) >= _GRAIL_SPOTS:
        raise ValueError(
            gettext(
                "{grails} Grail + {n_names} black cards on the quest: it has {GRAIL_SPOTS} spots, "
                "and {GRAIL_SPOTS} black cards would have lost it"
            ).format(grails=grails, n_names=len(names), GRAIL_SPOTS=_GRAIL_SPOTS)
        )
    held = _count_hands(hands, "hands")
    grail_copies = standard_deck("white", expansion=expansion).count("grail")
    if grails + sum(held) > grail_copies:
        raise ValueError(
            gettext(
                "{grails} Grail cards on the quest + {value} in hands: the game has only "
                "{grail_copies}"
            ).format(grails=grails, value=sum(held), grail_copies=grail_copies)
        )
    seat_t = _check_seats(seats, len(held), players)
    on_board: dict[str, int] = {}
    for card in names:
        on_board[card] = on_board.get(card, 0) + 1
    if dark_forest:
        on_board["dark_forest"] = 1
    pile = _race_pile("grail", deck, seen, on_board, expansion)
    if dark_forest and pile[0][2]:
        raise ValueError(gettext("dark_forest=True, but the deck still holds the Dark Forest card"))
    q0 = (grails, len(names), int(dark_forest))
    return play_race("grail", q0, tuple((h,) for h in held), seat_t, players, pile, turns, True)


def excalibur_race(
    steps: int,
    hands: Iterable[int],
    turns: int,
    *,
    players: int = 4,
    seats: Iterable[int] | None = None,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    expansion: bool = False,
) -> RaceCurve:
    """Return the exact chances that the Excalibur quest is won / lost over the next turns.

    Rules: ``quest.excalibur``, ``black.morgan``, ``black.guinevere``, ``evil.black-card``,
    ``turn.order``.

    The rule (BoQ p.8, p.16; RB p.14): a knight on the quest discards one white card (any) as
    his heroic action and Excalibur moves one step toward the knights' bank; each black
    Excalibur card drawn moves it one step toward the frozen bank; reaching a bank ends the
    quest. The track: ``steps`` is Excalibur's place, 0 at the start, +5 the knights' bank,
    -5 the frozen bank (5 steps each way: read from the board picture, MED confidence).
    ``hands[i]``: the white cards the ``i``-th knight on the quest can spare. Turns, seats,
    deck and assumptions as in :func:`grail_race`; each step is played by the rules engine.

    One step from the knights' bank, a knight holding one card plays next, after one black
    card from a pile of one Excalibur card and two Picts: won unless the Excalibur card comes.

    >>> excalibur_race(4, [1], 1, deck={"excalibur": 1, "picts": 2}).p_win
    Fraction(2, 3)
    """
    check_bool("expansion", expansion)
    from camelot_rules.data.decks import check_players

    players = check_players(players, expansion)
    turns = _check_turns(turns)
    if (
        isinstance(steps, bool)
        or not isinstance(steps, int)
        or not -_EXC_STEPS < steps < _EXC_STEPS
    ):
        raise ValueError(
            gettext(
                "steps={steps}: expected {value}..{value2} (0 = the start; {EXC_STEPS} reaches "
                "the knights' bank, -{EXC_STEPS} the frozen bank)"
            ).format(
                steps=repr(steps),
                value=-_EXC_STEPS + 1,
                value2=_EXC_STEPS - 1,
                EXC_STEPS=_EXC_STEPS,
            )
        )
    held = _count_hands(hands, "hands")
    seat_t = _check_seats(seats, len(held), players)
    pile = _race_pile("excalibur", deck, seen, {}, expansion)
    return play_race(
        "excalibur", (steps,), tuple((h,) for h in held), seat_t, players, pile, turns, True
    )


def war_race(
    war: str,
    fights_laid: int,
    warriors: int,
    hands: Iterable[Deck | Mapping[str, int] | Iterable[int]],
    turns: int,
    *,
    mordred: bool = False,
    players: int = 4,
    seats: Iterable[int] | None = None,
    deck: Deck | Mapping[str, int] | None = None,
    seen: Deck | Mapping[str, int] | Iterable[str] = (),
    expansion: bool = False,
    chosen_here: bool = True,
) -> RaceCurve:
    """Return the exact chances that a war (Picts or Saxons) is won / lost over the next turns.

    Rules: ``quest.wars``, ``black.mercenaries``, ``black.mordred``, ``witch.third``,
    ``black.morgan``, ``black.guinevere``, ``evil.black-card``, ``turn.order``.

    The rule (BoQ p.10, p.16; RB p.15): the knights on the war lay the Fight cards 1, 2, 3, 4,
    5 in order (one more 5 while Mordred is on it), one a heroic action; the last one wins.
    Each Pict (Saxon) card drawn adds a warrior, and so does a Mercenaries card on the war the
    drawer chooses; Mordred on a war asks one more 5; the 4th warrior loses the war. In
    Merlin's Company the Third Witch brings a Pict and a Saxon (JA witches). ``chosen_here``:
    the drawer puts Mercenaries and Mordred on this war (the worst case, the default), or on
    the other one (False). ``fights_laid`` Fight cards and ``warriors`` warriors are on it;
    ``hands[i]``: the Fight cards (values, or a card mapping) of the ``i``-th knight on it.
    Turns, seats, deck and assumptions as in :func:`grail_race`; each card is played by the
    rules engine.

    Picts with 1-2-3-4 laid and three warriors: a knight holding a 5 plays next, after one
    black card from a pile of two Picts and six others.

    >>> war_race("picts", 4, 3, [[5]], 1, deck={"picts": 2, "saxons": 5, "vivien": 1}).p_win
    Fraction(3, 4)
    """
    if war not in WARS:
        raise ValueError(
            gettext("war={war}: expected one of {value}").format(war=repr(war), value=list(WARS))
        )
    check_bool("mordred", mordred)
    check_bool("expansion", expansion)
    check_bool("chosen_here", chosen_here)
    from camelot_rules.data.decks import check_players

    players = check_players(players, expansion)
    turns = _check_turns(turns)
    fights_laid = check_fights_laid(fights_laid, war, mordred=mordred)
    if isinstance(warriors, bool) or not isinstance(warriors, int) or not 0 <= warriors < _WARRIORS:
        raise ValueError(
            gettext(
                "warriors={warriors}: expected 0..{value} (the {WARRIORS}th loses the war)"
            ).format(warriors=repr(warriors), value=_WARRIORS - 1, WARRIORS=_WARRIORS)
        )
    if isinstance(hands, (str, bytes, Mapping, Deck)) or not isinstance(hands, Iterable):
        raise ValueError(
            gettext("hands={hands}: expected one hand (Fight values) per knight").format(
                hands=repr(hands)
            )
        )
    held = []
    for i, h in enumerate(hands):
        try:
            held.append(hand_values(h))
        except ValueError as err:
            raise ValueError(
                gettext("hands: knight {value}: {err}").format(value=i + 1, err=err)
            ) from None
        if len(held) > _MAX_KNIGHTS:
            raise ValueError(
                gettext("hands: more knights than a table holds ({MAX_KNIGHTS})").format(
                    MAX_KNIGHTS=_MAX_KNIGHTS
                )
            )
    on_war = rulebook.war_sequence(war, mordred=mordred)[:fights_laid]
    check_copies(*((f"hand {i + 1}", h) for i, h in enumerate(held)), ("the war", on_war))
    seat_t = _check_seats(seats, len(held), players)
    on_board = {"mordred": 1} if mordred else {}
    pile = _race_pile(war, deck, seen, on_board, expansion)
    if mordred and pile[0][2]:
        raise ValueError(gettext("mordred=True, but the deck still holds the Mordred card"))
    counts = tuple(tuple(h.count(v) for v in FIGHT_VALUES) for h in held)
    q0 = (fights_laid, warriors, int(mordred))
    return play_race(war, q0, counts, seat_t, players, pile, turns, chosen_here)
