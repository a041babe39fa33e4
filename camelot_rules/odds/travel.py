"""Travel cards (Merlin's Company): checking the box against what was drawn in play.

A knight moving to a new quest by a heroic action (or by a knight's power) draws one travel
card (JA travel rules). The 16-card travel deck is reshuffled only when it runs out, never with
the white and black decks (JA travel rules, note on reshuffles). The per-kind counts are omitted
by the translation and unverified publicly, so the default mix is an assumption (see
:data:`camelot_rules.data.rulebook.TRAVEL`); this module lets a group infer the mix from play.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import prod

from camelot_rules.base.checks import check_bool
from camelot_rules.base.dist import check_probability
from camelot_rules.base.i18n import N_, get_language, gettext
from camelot_rules.base.surface import user_words
from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.data.rulebook import MOVE_RULES, TRAVEL_DEMANDS, MoveRule, TravelDemand
from camelot_rules.engine.expansion import demand_payments

__all__ = [
    "TRIP_OUTCOMES",
    "TripPlan",
    "TripRisk",
    "captured_turns_lost",
    "draws_travel_card",
    "expected_turns_lost",
    "hand_facts",
    "next_trip_risk",
    "remaining_travel_deck",
    "travel_composition_posterior",
    "travel_compositions",
    "trips_distribution",
]

TRIP_OUTCOMES = ("moved", "redirected", "failed", "captured")
MAX_TRIPS = 200  # trips_distribution: a game has far fewer trips
MAX_POSTERIOR_DECK = 24  # travel_composition_posterior: C(23, 6) = 100,947 compositions
_DEMANDING = tuple(d.card for d in TRAVEL_DEMANDS)


def draws_travel_card(move: str) -> MoveRule:
    """Return the ruling on whether a kind of move draws a travel card (JA travel rules).

    Rules: ``travel.draw-on-move``.

    Moves: "heroic_action", "knight_power" (e.g. Sir Tristan leaving Camelot) draw one;
    "return_after_quest" and "special_card" do not.

    >>> draws_travel_card("knight_power").draws_travel_card
    True
    >>> draws_travel_card("return_after_quest").draws_travel_card
    False
    """
    for rule in MOVE_RULES:
        if rule.move == move:
            return rule
    raise ValueError(
        gettext("unknown move {move}; expected one of {moves}").format(
            move=repr(move), moves=[r.move for r in MOVE_RULES]
        )
    )


def hand_facts(hand: Deck | Mapping[str, int]) -> dict[str, bool]:
    """Return the hand facts the travel demands ask about, each one whether the engine lets
    the hand meet the demand that asks it (one rule, one home: the engine's
    :func:`camelot_rules.engine.expansion.demand_payments` decides what pays a demand).

    ``grail``: holds a Grail card; ``fight_pair``: two Fight cards of one value;
    ``fight_3_plus``: a Fight card of 3 or more. A wild "Fight ?" card pays as the value its
    player names (F §3d, S16): a 3 or more by itself, a pair beside any Fight card - the
    engine's ruling, asked here.

    Rules: ``travel.demands``, ``white.fight-wild``.

    >>> hand_facts({"fight_2": 2, "grail": 1})
    {'fight_3_plus': False, 'grail': True, 'fight_pair': True}
    >>> hand_facts({"fight_wild": 1, "fight_1": 1})
    {'fight_3_plus': True, 'grail': False, 'fight_pair': True}
    """
    counts = dict((hand if isinstance(hand, Deck) else Deck(hand)).counts)
    return {d.hand_fact: bool(demand_payments(counts, d.card)) for d in TRAVEL_DEMANDS}


def _check_travel_deck(deck: Deck, what: str) -> Deck:
    if not isinstance(deck, Deck):
        raise ValueError(f"{what} must be a Deck of travel cards, got {type(deck).__name__}")
    unknown = sorted(set(deck.names()) - set(rulebook.TRAVEL_KINDS))
    if unknown:
        raise ValueError(
            gettext("{what} holds {unknown}, which are not travel cards; expected {kinds}").format(
                what=what, unknown=unknown, kinds=list(rulebook.TRAVEL_KINDS)
            )
        )
    return deck


def _composition(composition: Deck | None) -> Deck:
    """The full travel deck: the user's ``composition`` as given (even empty), else the box's.

    Chosen by ``is None``, never by the deck's truth value: an empty composition is the user's
    (and an error where a card must be drawn), not a request for the default mix.
    """
    if composition is None:
        composition = standard_deck("travel", expansion=True)
    return _check_travel_deck(composition, "composition")


def _fresh_deck(full: Deck, remaining: Deck, captured_held: object) -> Deck:
    """The deck a reshuffle makes: the full deck less the Captured! cards lying under figures,
    which stay out (JA travel rules, Captured!: the card stays under the figure).

    Rules: ``travel.captured``, ``travel.reshuffle``.
    """
    if isinstance(captured_held, bool) or not isinstance(captured_held, int) or captured_held < 0:
        raise ValueError(
            f"captured_held={captured_held!r} must be the number of Captured! cards under "
            "figures, a whole number >= 0"
        )
    in_box = full.count("captured")
    if captured_held + remaining.count("captured") > in_box:
        fix = user_words(
            python="captured_held, or 'captured' in seen",
            cli=gettext("add Captured! to --seen"),
            widgets=gettext("add Captured! to the cards seen"),
        )
        raise ValueError(
            gettext(
                "{held} Captured! card(s) under figures and {left} in the deck, but the deck "
                "holds {box}: {fix}"
            ).format(held=captured_held, left=remaining.count("captured"), box=in_box, fix=fix)
        )
    return full.without("captured", captured_held) if captured_held else full


def remaining_travel_deck(
    seen: Deck | Mapping[str, int], *, composition: Deck | None = None
) -> Deck:
    """Return the travel cards left since the last reshuffle, given the cards seen.

    >>> remaining_travel_deck({"captured": 1, "vision": 2}).size
    13
    """
    full = _composition(composition)
    seen_deck = _check_travel_deck(seen if isinstance(seen, Deck) else Deck(seen), "seen")
    try:
        return full.minus(seen_deck)
    except ValueError as err:
        raise ValueError(
            gettext("more travel cards seen than the deck holds: {err}").format(err=err)
        ) from None


def _can_meet(
    hand: Deck | Mapping[str, int] | None,
    can_meet: Mapping[str, bool] | None,
    demands: Sequence[TravelDemand],
) -> dict[str, bool]:
    if can_meet is not None:
        if not isinstance(can_meet, Mapping):
            raise ValueError(f"can_meet={can_meet!r}: expected a mapping of card -> True/False")
        unknown = sorted(set(can_meet) - set(_DEMANDING))
        if unknown:
            raise ValueError(f"can_meet names {unknown}; expected some of {list(_DEMANDING)}")
        return {
            card: check_bool(f"can_meet[{card!r}]", can_meet.get(card, False))
            for card in _DEMANDING
        }
    if hand is None:
        return dict.fromkeys(_DEMANDING, False)
    facts = hand_facts(hand)
    return {d.card: facts[d.hand_fact] for d in demands}


def _outcome(kind: str, meets: Mapping[str, bool], grail_open: bool) -> str:
    if kind == "captured":
        return "captured"
    if kind == "vision":
        return "redirected" if grail_open else "moved"
    if kind in meets:
        return "moved" if meets[kind] else "failed"
    return "moved"


@dataclass(frozen=True)
class TripRisk:
    """The next trip: which card comes, and what happens.

    Attributes:
        by_kind: P(each travel card kind).
        outcomes: P("moved", "redirected" to the Grail by Vision, "failed" (a demand not met:
            penalty, turn ends), "captured").
        merlin: P(Merlin Travels: Merlin goes to the destination).
        reshuffled: True when the deck was empty, so the card comes from a fresh deck.
        assumptions: the assumed numbers and texts used, in words.
    """

    by_kind: dict[str, Fraction]
    outcomes: dict[str, Fraction]
    merlin: Fraction
    reshuffled: bool
    assumptions: tuple[str, ...]


# the demands and penalties of rulebook.TRAVEL_DEMANDS, marked for translation (shown in the
# reader's language; the rulebook keeps them in English)
_DEMAND_WORDS = (
    N_("discard a Fight card of value 3 or more"),
    N_("discard a Grail card"),
    N_("discard a pair of Fight cards of the same value"),
    N_("lose 1 life"),
)


def _assumptions(composition: Deck, meets: Mapping[str, bool], grail_open: bool) -> tuple[str, ...]:
    """The assumed numbers and texts, in words, in the language in force (card ids as typed in
    English, printed names in the other languages)."""
    from camelot_rules.data.names import display_name

    en = get_language() == "en"
    default = composition == standard_deck("travel", expansion=True)
    if get_language() == "ja":  # 捕縛！×2, as a Japanese card list reads
        mix = "、".join(f"{display_name(k)}×{n}" for k, n in composition.items())
    else:
        mix = ", ".join(f"{n} {k if en else display_name(k)}" for k, n in composition.items())
    lines = [
        (
            gettext("travel mix: {mix} (default, assumed)")
            if default
            else gettext("travel mix: {mix} (your composition)")
        ).format(mix=mix)
    ]
    for d in TRAVEL_DEMANDS:
        lines.append(
            (
                gettext(
                    "{card}: demand '{demand}' (assumed), knight can meet it; else '{penalty}' "
                    "(assumed)"
                )
                if meets[d.card]
                else gettext(
                    "{card}: demand '{demand}' (assumed), knight cannot meet it; else "
                    "'{penalty}' (assumed)"
                )
            ).format(
                card=d.card if en else display_name(d.card),
                demand=gettext(d.demand),
                penalty=gettext(d.penalty),
            )
        )
    lines.append(gettext("Grail quest open") if grail_open else gettext("Grail quest over"))
    return tuple(lines)


def next_trip_risk(
    remaining: Deck,
    *,
    composition: Deck | None = None,
    hand: Deck | Mapping[str, int] | None = None,
    can_meet: Mapping[str, bool] | None = None,
    grail_open: bool = True,
    captured_held: int = 0,
) -> TripRisk:
    """Return the odds of the next travel card and of what it does (JA travel rules).

    Rules: ``travel.cards``, ``travel.demands``, ``travel.captured``.

    ``remaining`` is the travel deck left since the last reshuffle; if it is empty the deck is
    reshuffled first (``composition``, default the assumed 16-card mix). Whether the knight can
    meet Charged!/Lost!/Ambushed! comes from ``can_meet`` ({card: bool}) or from ``hand``.
    ``captured_held`` Captured! cards lie under figures (knights not yet freed): a reshuffle
    leaves them out (JA travel rules, Captured!).

    >>> risk = next_trip_risk(Deck({"captured": 1, "vision": 1, "lost": 2}), hand={"grail": 1})
    >>> {k: str(p) for k, p in risk.outcomes.items()}
    {'moved': '1/2', 'redirected': '1/4', 'failed': '0', 'captured': '1/4'}
    """
    full = _composition(composition)
    remaining = _check_travel_deck(remaining, "remaining")
    meets = _can_meet(hand, can_meet, TRAVEL_DEMANDS)
    check_bool("grail_open", grail_open)
    fresh = _fresh_deck(full, remaining, captured_held)
    reshuffled = remaining.size == 0
    pile = fresh if reshuffled else remaining
    if pile.size == 0:
        raise ValueError(
            gettext(
                "the travel deck composition is empty once the Captured! cards under figures "
                "are left out"
            )
            if captured_held
            else gettext("the travel deck composition is empty")
        )
    by_kind = {k: Fraction(pile.count(k), pile.size) for k in rulebook.TRAVEL_KINDS}
    outcomes = dict.fromkeys(TRIP_OUTCOMES, Fraction(0))
    for kind, p in by_kind.items():
        outcomes[_outcome(kind, meets, grail_open)] += p
    return TripRisk(
        by_kind=by_kind,
        outcomes=outcomes,
        merlin=by_kind["merlin_travels"],
        reshuffled=reshuffled,
        assumptions=(
            *_assumptions(full, meets, grail_open),
            gettext("Captured! cards under figures, left out of a reshuffle: {n}").format(
                n=captured_held
            ),
        ),
    )


@dataclass(frozen=True)
class TripPlan:
    """n trips in a row.

    Attributes:
        trips: number of trips.
        joint: distribution of (captures, failed moves, Vision redirects).
        captures / failed: marginal distributions.
        merlin_by_trip: P(Merlin has entered the board by the end of trip k) (he enters at the
            first Merlin Travels; JA Merlin); all ones if he was already on the board.
        captured_by_trip: P(at least one capture by the end of trip k).
        reshuffles: distribution of the number of reshuffles during the trips.
        assumptions: the assumed numbers and texts used, in words.
    """

    trips: int
    joint: dict[tuple[int, int, int], Fraction]
    captures: dict[int, Fraction]
    failed: dict[int, Fraction]
    merlin_by_trip: dict[int, Fraction]
    reshuffles: dict[int, Fraction]
    assumptions: tuple[str, ...]
    captured_by_trip: dict[int, Fraction] = field(default_factory=dict)


def trips_distribution(
    remaining: Deck,
    trips: int,
    *,
    composition: Deck | None = None,
    hand: Deck | Mapping[str, int] | None = None,
    can_meet: Mapping[str, bool] | None = None,
    grail_open: bool = True,
    merlin_on_board: bool = False,
    captured_held: int = 0,
) -> TripPlan:
    """Return the exact distribution of captures, failed moves and Merlin's arrival over
    ``trips`` trips, drawing the cards left first and then a fresh deck when it runs out
    (JA travel rules: the travel deck is reshuffled only when it runs out).

    Rules: ``travel.cards``, ``travel.reshuffle``, ``travel.captured``.

    Assumptions: the knight's ability to meet demands stays the same on every trip; a Captured!
    card drawn on these trips goes to the travel discards when the knight is freed, before the
    next trip (the JA text does not say where it goes). The ``captured_held`` Captured! cards
    already under other knights' figures stay there through the trips and out of every
    reshuffle (JA travel rules, Captured!: the card stays under the figure).

    Two cards left (Captured!, Nothing Happens) then a fresh deck of the same two:
    trip 1 captures 1/2; trip 2 draws the other card, so exactly one capture in two trips.

    >>> deck = Deck({"captured": 1, "nothing_happens": 1})
    >>> trips_distribution(deck, 2, composition=deck).captures
    {1: Fraction(1, 1)}
    """
    full = _composition(composition)
    remaining = _check_travel_deck(remaining, "remaining")
    if full.size == 0:
        raise ValueError(gettext("the travel deck composition is empty"))
    reshuffle_to = _fresh_deck(full, remaining, captured_held)
    if reshuffle_to.size == 0:
        raise ValueError(
            gettext(
                "the travel deck composition is empty once the Captured! cards under figures "
                "are left out"
            )
        )
    if isinstance(trips, bool) or not isinstance(trips, int) or not 1 <= trips <= MAX_TRIPS:
        raise ValueError(
            gettext(
                "trips={trips} must be a whole number in 1..{most} (a game has far fewer)"
            ).format(trips=repr(trips), most=MAX_TRIPS)
        )
    meets = _can_meet(hand, can_meet, TRAVEL_DEMANDS)
    check_bool("grail_open", grail_open)
    check_bool("merlin_on_board", merlin_on_board)
    kinds = rulebook.TRAVEL_KINDS
    outcome_of = [_outcome(k, meets, grail_open) for k in kinds]
    merlin_index = kinds.index("merlin_travels")
    fresh = tuple(reshuffle_to.count(k) for k in kinds)
    start = tuple(remaining.count(k) for k in kinds)
    # state: (pile counts, merlin on board, captures, failed, redirected, reshuffles) -> weight.
    # Every state after t trips has the same pile size (one card a trip, a fresh deck when
    # empty), so all paths share one denominator: the product of the pile sizes drawn from.
    alive: dict[tuple[tuple[int, ...], bool, int, int, int, int], int] = {
        (start, merlin_on_board, 0, 0, 0, 0): 1
    }
    denominator = 1
    merlin_by_trip: dict[int, Fraction] = {}
    captured_by_trip: dict[int, Fraction] = {}
    for trip in range(1, trips + 1):
        nxt: dict[tuple[tuple[int, ...], bool, int, int, int, int], int] = {}
        size = 0
        for (pile, merlin, cap, fail, red, resh), w in alive.items():
            if not any(pile):
                pile, resh = fresh, resh + 1
            size = sum(pile)
            for i, n in enumerate(pile):
                if not n:
                    continue
                out = outcome_of[i]
                key = (
                    tuple(c - 1 if j == i else c for j, c in enumerate(pile)),
                    merlin or i == merlin_index,
                    cap + (out == "captured"),
                    fail + (out == "failed"),
                    red + (out == "redirected"),
                    resh,
                )
                nxt[key] = nxt.get(key, 0) + w * n
        denominator *= size
        alive = nxt
        merlin_by_trip[trip] = Fraction(sum(w for key, w in alive.items() if key[1]), denominator)
        captured_by_trip[trip] = Fraction(sum(w for key, w in alive.items() if key[2]), denominator)

    def marginal(pick: int) -> dict[int, Fraction]:
        acc: dict[int, int] = {}
        for key, w in alive.items():
            value = (key[2], key[3], key[4], key[5])[pick]
            acc[value] = acc.get(value, 0) + w
        return {k: Fraction(w, denominator) for k, w in sorted(acc.items())}

    weights: dict[tuple[int, int, int], int] = {}
    for (_, _, cap, fail, red, _), w in alive.items():
        weights[(cap, fail, red)] = weights.get((cap, fail, red), 0) + w
    joint = {key: Fraction(w, denominator) for key, w in weights.items()}
    return TripPlan(
        trips=trips,
        joint=dict(sorted(joint.items())),
        captures=marginal(0),
        failed=marginal(1),
        merlin_by_trip=merlin_by_trip,
        reshuffles=marginal(3),
        captured_by_trip=captured_by_trip,
        assumptions=(
            *_assumptions(full, meets, grail_open),
            gettext("a freed Captured! card goes to the travel discards (assumed)"),
            gettext("Captured! cards under other figures, left out of every reshuffle: {n}").format(
                n=captured_held
            ),
        ),
    )


def captured_turns_lost(
    p_free: Fraction | int, *, horizon: int | None = None
) -> dict[int, Fraction]:
    """Return P(a captured knight loses exactly k of their own turns), k = 0, 1, 2, ...

    Rules: ``travel.captured``.

    A captured knight cannot act until another knight spends a heroic action and discards a
    special white card to free them; they cannot free themselves (JA travel rules, Captured!).
    ``p_free`` is the chance that a companion frees them before each of their turns (a
    parameter, independent turn to turn): P(k) = (1 - p)^k p. With p < 1 the support is
    infinite, so ``horizon`` (the largest k shown) is required; 1 minus the sum is P(more).

    >>> captured_turns_lost(Fraction(1, 2), horizon=2)
    {0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(1, 8)}
    """
    p = check_probability(p_free, "p_free")
    if p == 0:
        raise ValueError("p_free=0: nobody ever frees the knight, who loses every turn")
    if horizon is None and p < 1:
        raise ValueError("p_free < 1 gives no upper limit on turns lost: pass horizon=K")
    if horizon is not None and (
        isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 0
    ):
        raise ValueError(f"horizon={horizon!r} must be a whole number >= 0")
    last = 0 if p == 1 and horizon is None else horizon
    assert last is not None
    return {k: (1 - p) ** k * p for k in range(last + 1) if (1 - p) ** k * p}


def expected_turns_lost(p_free: Fraction | int) -> Fraction:
    """Return the expected number of own turns a captured knight loses: (1 - p) / p.

    Rules: ``travel.captured``.

    The companion who frees them also spends a heroic action and a special white card.

    >>> expected_turns_lost(Fraction(1, 3))
    Fraction(2, 1)
    """
    p = check_probability(p_free, "p_free")
    if p == 0:
        raise ValueError("p_free=0: nobody ever frees the knight, who loses every turn")
    return (1 - p) / p


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1); 0 when k > n."""
    return prod(range(n - k + 1, n + 1)) if k <= n else 0


def travel_compositions(
    deck_size: int, kinds: int, *, allow_zero: bool
) -> Iterator[tuple[int, ...]]:
    """Every way to split ``deck_size`` cards among ``kinds`` kinds (each >= 1 unless
    ``allow_zero``), in lexicographic order.

    >>> sum(1 for _ in travel_compositions(16, 7, allow_zero=False))
    5005
    >>> sum(1 for _ in travel_compositions(16, 7, allow_zero=True))
    74613
    """
    low = 0 if check_bool("allow_zero", allow_zero) else 1

    def rec(left: int, parts: int) -> Iterator[tuple[int, ...]]:
        if parts == 1:
            if left >= low:
                yield (left,)
            return
        for first in range(low, left - low * (parts - 1) + 1):
            for rest in rec(left - first, parts - 1):
                yield (first, *rest)

    yield from rec(deck_size, kinds)


def travel_composition_posterior(
    cycles: Sequence[Sequence[str]], *, deck_size: int = 16, allow_zero: bool = False
) -> dict[Deck, Fraction]:
    """Return the posterior over travel-deck compositions given draws observed in play.

    Rules: ``travel.counts``.

    ``cycles`` holds one list of card names per pass through the deck (in draw order since a
    reshuffle; the last pass may be partial). The prior is uniform over every deck of
    ``deck_size`` cards made of the seven travel kinds (each kind at least once unless
    ``allow_zero``). A pass of L cards with m_k of kind k has likelihood
    prod_k c_k (c_k - 1) ... (c_k - m_k + 1) / (N (N-1) ... (N-L+1)); passes are independent
    because each starts from a full shuffle. The denominator is the same for every composition,
    so the posterior is proportional to the product of falling factorials. A full pass pins the
    composition exactly. Zero-probability compositions are left out.

    >>> kinds = ["nothing_happens", "merlin_travels", "vision", "charged", "lost", "ambushed"]
    >>> post = travel_composition_posterior([kinds + ["captured"]], deck_size=7)
    >>> list(post.values())
    [Fraction(1, 1)]
    """
    if isinstance(deck_size, bool) or not isinstance(deck_size, int) or deck_size < 1:
        raise ValueError(f"deck_size={deck_size!r} must be a whole number of cards >= 1")
    if deck_size > MAX_POSTERIOR_DECK:
        raise ValueError(
            f"deck_size={deck_size}: at most {MAX_POSTERIOR_DECK} cards (the travel deck holds "
            "16; the posterior sums over every composition, C(deck_size - 1, 6) of them)"
        )
    check_bool("allow_zero", allow_zero)
    kinds = rulebook.TRAVEL_KINDS
    position = {name: i for i, name in enumerate(kinds)}
    if isinstance(cycles, (str, bytes)) or not isinstance(cycles, Sequence):
        raise ValueError(f"cycles={cycles!r} must be a list of passes (each a list of card names)")
    seen: list[list[int]] = []  # per pass, copies of each kind
    for number, cycle in enumerate(cycles, start=1):
        if isinstance(cycle, (str, bytes)) or not isinstance(cycle, Sequence):
            raise ValueError(
                f"cycles: pass {number} is {cycle!r}; expected a list of travel card names"
            )
        if len(cycle) > deck_size:
            raise ValueError(
                f"pass {number} has {len(cycle)} cards but the deck holds {deck_size}: "
                "start a new pass at each reshuffle"
            )
        counts = [0] * len(kinds)
        for name in cycle:
            if name not in position:
                raise ValueError(
                    f"pass {number}: unknown travel card name {name!r}; "
                    f"expected one of {list(kinds)}"
                )
            counts[position[name]] += 1
        seen.append(counts)
    # weight_k[c] = prod over passes of falling(c, m_k) - the part of the likelihood for kind k.
    weight = [
        [prod(_falling(c, counts[k]) for counts in seen) for c in range(deck_size + 1)]
        for k in range(len(kinds))
    ]
    weights: dict[tuple[int, ...], int] = {}
    for comp in travel_compositions(deck_size, len(kinds), allow_zero=allow_zero):
        w = 1
        for k, c in enumerate(comp):
            w *= weight[k][c]
            if not w:
                break
        if w:
            weights[comp] = w
    total = sum(weights.values())
    if total == 0:
        raise ValueError(
            f"no {deck_size}-card travel deck "
            f"({'zero of a kind allowed' if allow_zero else 'each kind at least once'}) "
            "could produce these passes"
        )
    return {Deck(dict(zip(kinds, comp))): Fraction(w, total) for comp, w in weights.items()}
