"""Brute-force oracles: enumerate every deal, ordering and die roll of small cases.

These share no code with the calculators; they are slow and obviously right.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations, permutations, product

from camelot_rules.data.decks import Deck


def cards_of(deck: Deck) -> list[str]:
    return [name for name, n in deck.counts.items() for _ in range(n)]


def draw_probability_oracle(
    deck: Deck, draws: int, cards: Iterable[str], at_least: int
) -> Fraction:
    wanted = set(cards)
    pile = cards_of(deck)
    hands = list(combinations(range(len(pile)), draws))
    good = sum(sum(pile[i] in wanted for i in hand) >= at_least for hand in hands)
    return Fraction(good, len(hands))


def first_draw_oracle(deck: Deck, cards: Iterable[str]) -> dict[int, Fraction]:
    wanted = set(cards)
    pile = cards_of(deck)
    orders = list(permutations(range(len(pile))))
    counts: dict[int, int] = {}
    for order in orders:
        first = next(i for i, j in enumerate(order, start=1) if pile[j] in wanted)
        counts[first] = counts.get(first, 0) + 1
    return {k: Fraction(v, len(orders)) for k, v in sorted(counts.items())}


def exhaustion_oracle(
    deck_size: int, mix: dict[int, Fraction], horizon: int
) -> dict[int, Fraction]:
    """Enumerate every sequence of per-turn draws of length ``horizon``, each with its full
    probability, and file it under the turn its running total first reaches ``deck_size``."""
    result: dict[int, Fraction] = {}
    for seq in product(mix, repeat=horizon):
        p = Fraction(1)
        for k in seq:
            p *= mix[k]
        drawn = 0
        for turn, k in enumerate(seq, start=1):
            drawn += k
            if drawn >= deck_size:
                result[turn] = result.get(turn, Fraction(0)) + p
                break
    return result


def fight_wins(total: int) -> Fraction:
    """P(total > d8) by listing the eight faces."""
    return Fraction(sum(total > face for face in range(1, 9)), 8)


def race_by_engine(
    quest: str,
    start: int | tuple[int, int],
    hands: list[int],
    turns: int,
    players: int,
    deck: dict[str, int],
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """The Excalibur or Grail race played by the rules engine itself, every chance outcome
    enumerated with its exact probability: P(won) and P(lost) by the end of each turn.

    The position: the knights of ``hands`` at seats 0, 1, ... on the quest (``start``:
    Excalibur's place, or the Grail's (Grail cards, Despairs)), the black draw pile ``deck``
    (every other black card in the discard pile), seat 0 to play. Each turn the evil step draws
    a black card; a knight on the quest then lays a card if he holds one, any other knight
    takes a move that touches no deck (and ends his turn). The race calculators make the same
    assumptions and compute turn by turn on their own; here the engine plays whole turns.
    """
    from collections import defaultdict

    from camelot_rules.data.decks import standard_deck
    from camelot_rules.engine import actions as A
    from camelot_rules.engine import position

    rest = {c: n - deck.get(c, 0) for c, n in standard_deck("black").counts.items()}
    if quest == "excalibur":
        spec: dict[str, dict[str, object]] = {"excalibur": {"position": start}}
        held = {i: {"fight_1": h} for i, h in enumerate(hands) if h}
        lays: type = A.DiscardForExcalibur
    else:
        grails, blacks = start  # type: ignore[misc]
        spec = {"grail": {"grails": grails, "blacks": ["despair"] * blacks}}
        rest["despair"] -= blacks
        held = {i: {"grail": h} for i, h in enumerate(hands) if h}
        lays = A.PlayGrail

    def heroic(s: object) -> object:
        acts = s.legal_actions()  # type: ignore[attr-defined]
        for a in acts:
            if isinstance(a, lays):
                return a
        for a in (A.EndTurn(), A.Move("camelot"), A.Move("picts"), A.Move("saxons")):
            if a in acts:
                return a
        raise AssertionError(acts)

    s0 = position(
        players,
        location={i: quest for i in range(len(hands))},
        hands=held,
        quests=spec,
        black_discard={c: k for c, k in rest.items() if k},
    )
    won, lost = [Fraction(0)], [Fraction(0)]
    ended: dict[str, Fraction] = defaultdict(Fraction)
    dist = {s0: Fraction(1)}
    for _ in range(turns):
        nxt: dict[object, Fraction] = defaultdict(Fraction)
        stack = [(s, p, s.turn_no) for s, p in dist.items()]
        while stack:
            s, p, t0 = stack.pop()
            done = [e for e in s.events if e[0] == "quest" and e[1] == quest]
            if done:
                ended["won" if done[0][2] else "lost"] += p
            elif s.is_chance():
                stack += [(s.apply_chance(o), p * q, t0) for o, q in s.chance_outcomes()]
            elif s.phase == "evil" and not s.pending and s.turn_no > t0:
                nxt[s] += p
            elif s.phase == "evil" and not s.pending:
                stack.append((s.apply(A.DrawBlack()), p, t0))
            elif s.pending:
                stack.append((s.apply(s.legal_actions()[0]), p, t0))
            else:
                stack.append((s.apply(heroic(s)), p, t0))
        dist = nxt  # type: ignore[assignment]
        won.append(ended["won"])
        lost.append(ended["lost"])
    return tuple(won), tuple(lost)
