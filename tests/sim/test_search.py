"""The search policies' parts: the dealer, the worlds, the belief, the evaluation, the
searches themselves (information kept apart, the same games for a seed), the advisor."""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter
from fractions import Fraction

import pytest

from camelot_rules.engine import new_game, position
from camelot_rules.engine.actions import (
    Accuse,
    AddEngine,
    DrawBlack,
    FightEngine,
    LoseLife,
    Move,
)
from camelot_rules.engine.flow import decider
from camelot_rules.engine.state import GameState
from camelot_rules.engine.worlds import with_hidden
from camelot_rules.odds.quests import turn_choices
from camelot_rules.odds.siege import siege_win_probability
from camelot_rules.sim import GameConfig, Policies, simulate_games
from camelot_rules.sim.advisor import advise, immediate_odds
from camelot_rules.sim.chance import Dealer, pick
from camelot_rules.sim.determinize import (
    LIKELIHOOD,
    Exact,
    Redeal,
    public_kind,
    public_record,
    suspicion,
)
from camelot_rules.sim.evaluate import FEATURES, features, fitted_weights, knights_win_estimate
from camelot_rules.sim.games import game_seed, play_game
from camelot_rules.sim.heuristic import LoyalHeuristic, TraitorHeuristic
from camelot_rules.sim.lineups import LINEUPS, lineup
from camelot_rules.sim.search import (
    Planner,
    Playouts,
    SearchKnight,
    SearchTraitor,
    _suspect,
    candidates,
    estimate,
    searched_moment,
)

QUICK = Playouts(horizon=2, confirm=2)


def _decision(players: int = 5, seed: int = 3, turn: int = 8, **options: object) -> GameState:
    """A heroic or evil-step decision of a loyal knight at about ``turn``."""
    states: list[GameState] = []
    play_game(
        GameConfig.of(players, **options), Policies(), game_seed(seed, 0), watch=states.append
    )
    s = states[min(turn, len(states) - 1)]
    while s.is_chance() or not searched_moment(s) or s.loyalty[decider(s)] != "loyal":
        s = (
            s.apply_chance(pick(s, random.Random(1)))
            if s.is_chance()
            else s.apply(
                LoyalHeuristic().choose(
                    s.observation(decider(s)), s.legal_actions(), random.Random(1)
                )
            )
        )
    return s


# --- the dealer ----------------------------------------------------------------------------------
def _white_draw() -> GameState:
    """The deal's first white card to come (before it, the first of each chance outcome)."""
    s = new_game(3)
    while s.pending[-1][0] != "wdraw":
        s = (
            s.apply_chance(s.chance_outcomes()[0][0])
            if s.is_chance()
            else s.apply(s.legal_actions()[0])
        )
    return s


def test_a_dealer_copy_knows_the_future() -> None:
    s = _decision()
    dealer = Dealer(11)
    ahead = dealer.copy()
    seen = []
    for d in (dealer, ahead):
        t, rng, cards = s, random.Random(2), []
        while len(cards) < 30 and not t.is_terminal():
            if t.is_chance():
                o = d.pick(t)
                cards.append(o)
                t = t.apply_chance(o)
            else:
                t = t.apply(
                    LoyalHeuristic().choose(t.observation(decider(t)), t.legal_actions(), rng)
                )
        seen.append(cards)
    assert seen[0] == seen[1]


def test_a_dealer_follows_the_engines_pile() -> None:
    """After every deal the dealer's order holds exactly the engine's pile (a reshuffle's
    cards slipped in)."""
    s = _decision(3, seed=5)
    dealer = Dealer(4)
    rng = random.Random(4)
    for _ in range(3000):
        if s.is_terminal():
            break
        if s.is_chance():
            o = dealer.pick(s)
            s = s.apply_chance(o)
            for pile, counts in (("white", s.wpile), ("black", s.bpile)):
                order = dealer.order(pile)
                if order:
                    have = Counter(order)
                    assert [have[i] for i in range(len(counts))] == list(counts)
        else:
            s = s.apply(LoyalHeuristic().choose(s.observation(decider(s)), s.legal_actions(), rng))


def test_a_dealers_first_card_is_uniform() -> None:
    """Over 1,500 dealers the first white card of the deal matches the pile's proportions
    (each kind within 5 standard deviations of its binomial count)."""
    s = _white_draw()
    counts = dict(zip(s.cfg.white_names, s.wpile))
    total = sum(counts.values())
    n = 1500
    got = Counter(str(getattr(Dealer(seed).pick(s), "card", "")) for seed in range(n))
    for card, c in counts.items():
        p = c / total
        assert abs(got[card] - n * p) <= 5 * math.sqrt(n * p * (1 - p)) + 1, card


def _two_equal_hands(s: GameState, seat: int) -> tuple[int, int]:
    by_size: dict[int, list[int]] = {}
    for o in range(s.players):
        if o != seat and sum(s.hands[o]):
            by_size.setdefault(sum(s.hands[o]), []).append(o)
    pairs = [seats[:2] for seats in by_size.values() if len(seats) >= 2]
    assert pairs, "the test position needs two other hands of the same size"
    return pairs[0][0], pairs[0][1]


# --- worlds ------------------------------------------------------------------------------------
def test_worlds_keep_what_the_seat_has_seen() -> None:
    s = _decision()
    seat = decider(s)
    for world in Redeal(s, seat).sample(20, random.Random(3)):
        parts = ("hands", "loyalty", "wpile", "bpile", "btop", "bbottom", "bk_b", "ld_b")
        with_hidden(s, **{k: getattr(world, k) for k in (*parts, "deal_pool")})
        assert world.card_census() == s.card_census()
        assert world.hands[seat] == s.hands[seat]
        assert [sum(h) for h in world.hands] == [sum(h) for h in s.hands]
        assert world.observation(seat) == s.observation(seat)
        assert world.loyalty[seat] == s.loyalty[seat]


def test_worlds_depend_only_on_what_the_seat_has_seen() -> None:
    """Two games that differ only in cards the seat has not seen (two other hands swapped)
    give the same worlds for the same random numbers."""
    s = _decision()
    seat = decider(s)
    a, b = _two_equal_hands(s, seat)
    hands = list(s.hands)
    hands[a], hands[b] = hands[b], hands[a]
    other = with_hidden(s, hands=tuple(hands))
    assert other != s and other.observation(seat) == s.observation(seat)
    one = Redeal(s, seat).sample(5, random.Random(9))
    two = Redeal(other, seat).sample(5, random.Random(9))
    assert one == two


def test_the_loyalty_prior_is_the_deals() -> None:
    """Standard deal, 5 players, a loyal seat: 7 cards unseen with 1 traitor, 4 of them
    dealt: each other seat is the traitor with chance 1/7 (4/7 that one of them is)."""
    s = new_game(5, seed=2)
    seat = next(o for o in range(5) if s.loyalty[o] == "loyal")
    while s.pending or s.is_chance():
        s = (
            s.apply(s.legal_actions()[0])
            if not s.is_chance()
            else s.apply_chance(s.chance_outcomes()[0][0])
        )
    odds = Redeal(s, seat).traitor_odds()
    assert set(odds) == {o for o in range(5) if o != seat}
    assert all(math.isclose(p, 1 / 7) for p in odds.values())


def test_no_traitor_in_the_box_no_traitor_in_a_world() -> None:
    s = _decision(traitor="none")
    seat = decider(s)
    assert all("traitor" not in w.loyalty for w in Redeal(s, seat).sample(10, random.Random(1)))


def test_the_belief_reads_the_public_choices() -> None:
    # a Merlin card pledged is a loyal knight's sign; a siege engine added the search
    # traitor's (he adds one at most evil steps), a black card drawn a loyal knight's
    assert suspicion([(1, "merlin:pledge")], 3)[1] < 1.0
    assert suspicion([(2, "evil:engine")] * 3, 3)[2] > 1.0 == suspicion([], 3)[2]
    assert suspicion([(2, "evil:black")] * 3, 3)[2] < 1.0
    assert all(0.25 <= r <= 4.0 for r in LIKELIHOOD.values())


def test_public_kinds() -> None:
    s = position(3, phase="evil")
    assert public_kind(s, 0, DrawBlack()) == "evil:black"
    assert public_kind(s, 0, LoseLife()) == "evil:life"
    heroic = position(3, phase="heroic")
    assert public_kind(heroic, 0, Move("grail")) == "first:move"
    assert public_kind(heroic, 1, Move("grail")) is None  # not his turn


def test_a_saved_games_public_record_replays() -> None:
    s = _decision(turn=12)
    record = public_record(s)
    assert record and all(0 <= seat < s.players for seat, _ in record)
    assert public_record(position(3, phase="heroic")) == []


# --- evaluation ---------------------------------------------------------------------------------
def test_the_evaluation_reads_each_feature() -> None:
    s = _decision()
    assert len(features(s)) == len(FEATURES)
    assert 0.0 < knights_win_estimate(s) < 1.0


def test_a_white_sword_more_is_better() -> None:
    def at(white: int) -> float:
        return knights_win_estimate(position(5, phase="heroic", white_swords=white, black_swords=3))

    assert at(2) < at(3) < at(4)


def test_a_finished_game_is_worth_its_result() -> None:
    end = play_game(GameConfig.of(3), Policies(), 5)
    assert knights_win_estimate(end) == (1.0 if end.result().knights_win else 0.0)


def test_the_evaluation_takes_other_weights() -> None:
    s = position(5, phase="heroic", siege_engines=4)
    assert knights_win_estimate(s, fitted_weights()) == knights_win_estimate(s)
    assert knights_win_estimate(s, (0.0,) * len(FEATURES)) == 0.5
    engines = FEATURES.index("siege engines / 12")
    dearer = tuple(w - 12.0 if i == engines else w for i, w in enumerate(fitted_weights()))
    assert knights_win_estimate(s, dearer) < knights_win_estimate(s)
    assert fitted_weights(expansion=True) != fitted_weights()


def test_playouts_score_with_their_weights() -> None:
    """A search's playouts are scored with ``Playouts.weights`` when given: the fitted ones
    score as the default, all zero score one half (every playout here stops short of the
    end)."""
    s = _decision()
    first = s.legal_actions()[0]

    def scores(weights: tuple[float, ...]) -> list[float]:
        return estimate(
            [s, s], first, [1, 2], LoyalHeuristic(), TraitorHeuristic(), 1, (), False, 0.5, weights
        )

    assert scores(fitted_weights()) == scores(())
    assert scores((0.0,) * len(FEATURES)) == [0.5, 0.5]
    assert scores(()) != [0.5, 0.5]


@pytest.mark.parametrize(
    ("weights", "named"),
    [((1.0, 2.0), "weights: 2 numbers"), ((math.nan,) * len(FEATURES), r"weights\[0\] \(bias\)")],
)
def test_playouts_refuse_weights_that_do_not_fit(weights: tuple[float, ...], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        Playouts(weights=weights)


def test_playouts_travel_to_worker_processes_with_their_weights() -> None:
    weights = tuple(w + 1.0 for w in fitted_weights())
    back = pickle.loads(pickle.dumps(Playouts(horizon=3, weights=weights)))
    assert back == Playouts(horizon=3, weights=weights) and back.weights == weights


def test_the_evaluation_refuses_too_few_weights_rather_than_drop_features() -> None:
    with pytest.raises(ValueError, match="weights: 33 numbers given"):
        knights_win_estimate(position(5, phase="heroic"), fitted_weights()[:-1])


# --- the searches ---------------------------------------------------------------------------------
def test_candidates_start_with_the_heuristics_choice() -> None:
    s = _decision()
    seat = decider(s)
    loyal = LoyalHeuristic()
    cands = candidates(s, seat, s.legal_actions(), loyal, 4)
    own = loyal.choose(s.observation(seat), s.legal_actions(), random.Random(0))
    assert cands[0] == own and len(set(cands)) == len(cands)
    assert all(a in s.legal_actions() for a in cands)


def test_a_search_knight_never_reads_hidden_cards() -> None:
    """Two games that differ only in what the seat has not seen: the same choice."""
    s = _decision()
    seat = decider(s)
    a, b = _two_equal_hands(s, seat)
    hands = list(s.hands)
    hands[a], hands[b] = hands[b], hands[a]
    other = with_hidden(s, hands=tuple(hands))
    knight = SearchKnight(worlds=3, playouts=QUICK)
    legal = s.legal_actions()
    a = knight.decide(s, seat, legal, random.Random(5), None, [])
    b = knight.decide(other, seat, other.legal_actions(), random.Random(5), None, [])
    assert a == b


def test_search_games_do_not_depend_on_the_workers() -> None:
    config = GameConfig.of(3)
    policies = Policies(
        SearchKnight(worlds=2, playouts=QUICK), SearchTraitor(worlds=2, playouts=QUICK)
    )
    one = simulate_games(config, policies, n=2, seed=4)
    two = simulate_games(config, policies, n=2, seed=4, workers=2)
    assert one == two


def test_planner_games_do_not_depend_on_the_workers() -> None:
    """The planner's games are dealt by a dealer seeded from the game's seed: the same rows on
    one process and on two."""
    config = GameConfig.of(3)
    quick = Playouts(horizon=1, to_end=False, confirm=0)
    policies = Policies(Planner(width=2, traitor_samples=1, playouts=quick))
    one = simulate_games(config, policies, n=2, seed=6)
    two = simulate_games(config, policies, n=2, seed=6, workers=2)
    assert one == two


def test_the_planner_names_the_traitor_once_it_may() -> None:
    s = position(
        4,
        phase="heroic",
        loyalty=("loyal", "loyal", "traitor", "loyal"),
        white_swords=4,
        black_swords=2,
    )
    assert Accuse(2) in s.legal_actions()
    planner = Planner(playouts=Playouts(horizon=1, to_end=False, confirm=0))
    assert planner.decide(s, 0, s.legal_actions(), random.Random(0), Dealer(1), []) == Accuse(2)


def test_the_search_knights_weigh_an_accusation_of_the_knight_who_adds_siege_engines() -> None:
    """The belief is fitted on the search traitor, who adds a siege engine at most evil
    steps (``SearchKnight``'s docstring): three engines make a knight the suspect, and the
    accusation a candidate; black cards drawn make no one a suspect."""
    s = position(
        4,
        phase="heroic",
        loyalty=("loyal", "loyal", "traitor", "loyal"),
        white_swords=4,
        black_swords=2,
    )
    legal = s.legal_actions()
    assert Accuse(2) in legal
    knight = SearchKnight(worlds=2, playouts=QUICK)
    assert knight.accuse_at == 0.5
    engines = [(2, "evil:engine")] * 3
    assert knight.worlds_for(s, 0, engines).traitor_odds()[2] > 0.7
    suspect = _suspect(knight.worlds_for(s, 0, engines), knight.accuse_at)
    assert suspect == 2
    assert Accuse(2) in candidates(s, 0, legal, knight.loyal, knight.width, suspect)
    blacks = [(2, "evil:black")] * 6  # the loyal knights' usual evil step
    assert _suspect(knight.worlds_for(s, 0, blacks), knight.accuse_at) is None
    # the suspect is whoever added the engines, not a fixed seat
    assert _suspect(knight.worlds_for(s, 0, [(1, "evil:engine")] * 3), knight.accuse_at) == 1
    # without an accusation among the candidates the knight never accuses
    never = SearchKnight(worlds=2, playouts=QUICK, accuse_at=math.inf)
    assert _suspect(never.worlds_for(s, 0, engines), never.accuse_at) is None
    assert never.decide(s, 0, legal, random.Random(0), None, engines) != Accuse(2)


def test_the_search_traitor_does_not_pay_to_look_loyal_by_default() -> None:
    """Hiding costs the traitor more than being unmasked (``SearchTraitor``'s docstring).
    With caution (0.02) he gives his own life point at the evil step, the kind the belief
    reads as loyal (LIKELIHOOD["evil:life"] < 1), where he harms the knights by sabotage when
    he pays nothing: here a siege engine."""
    s = position(
        4,
        phase="evil",
        loyalty=("traitor", "loyal", "loyal", "loyal"),
        white_swords=3,
        black_swords=2,
        siege_engines=2,
    )
    legal = s.legal_actions()
    assert LoseLife() in legal and LIKELIHOOD["evil:life"] < 1.0
    assert SearchTraitor().caution == 0.0

    def choice(caution: float, seed: int) -> object:
        traitor = SearchTraitor(worlds=2, playouts=QUICK, caution=caution)
        return traitor.decide(s, 0, legal, random.Random(seed), None, [])

    assert {choice(0.02, seed) for seed in range(3)} == {LoseLife()}
    assert {choice(0.0, seed) for seed in range(3)} == {AddEngine()}


def test_a_clairvoyant_planner_game_is_dealt() -> None:
    assert Policies(Planner()).deals() and not Policies().deals()
    assert not Policies(Planner(clairvoyant=False)).deals()


def test_the_lineups() -> None:
    assert set(LINEUPS) == {"heuristic", "search", "planner"}
    with pytest.raises(ValueError, match="policy='best'"):
        lineup("best")


# --- the advisor ---------------------------------------------------------------------------------
def test_the_advisor_ranks_every_legal_action() -> None:
    s = _decision()
    advice = advise(s, seconds=60, seed=2, max_worlds=3)
    assert sorted(map(str, (c.action for c in advice.choices))) == sorted(
        map(str, s.legal_actions())
    )
    assert advice.worlds == 3
    ranked = [c.p_win for c in advice.choices]
    assert ranked == sorted(ranked, reverse=True)
    again = advise(s, seconds=60, seed=2, max_worlds=3)
    assert [(c.action, c.wins, c.games) for c in again.choices] == [
        (c.action, c.wins, c.games) for c in advice.choices
    ]
    assert "Assumes:" in advice.text()


def test_the_advisor_refuses_a_traitor_and_a_finished_game() -> None:
    s = position(4, phase="heroic", loyalty=("traitor", "loyal", "loyal", "loyal"))
    with pytest.raises(ValueError, match="traitor"):
        advise(s, seconds=1)
    with pytest.raises(ValueError, match="seconds"):
        advise(_decision(), seconds=0)
    with pytest.raises(ValueError, match="state"):
        advise(play_game(GameConfig.of(3), Policies(), 5), seconds=1)


def test_the_advisors_siege_odds_are_the_calculators() -> None:
    s = position(
        3,
        phase="heroic",
        siege_engines=3,
        hands={0: {"fight_3": 1, "fight_4": 1}},
        loyalty=("loyal", "loyal", "loyal"),
    )
    fight = FightEngine((4, 3))
    assert fight in s.legal_actions()
    # 3 + 4 = 7 beats the rolls 1..6 of the eight-sided die: 3/4 (RB p.13)
    assert immediate_odds(s, fight) == (("siege fight won", Fraction(3, 4)),)
    assert siege_win_probability([4, 3]) == Fraction(3, 4)
    # a move wins nothing now: only the quest's chance to be lost before the next turn, as the
    # one-turn calculator gives it
    move = next(c for c in turn_choices(s) if c.action == "move to grail")
    assert move.p_win_now == 0
    assert immediate_odds(s, Move("grail")) == (
        ("Holy Grail lost before your next turn", move.p_lost_soon),
    )
    assert Exact(s).sample(2, random.Random(0)) == [s, s]
