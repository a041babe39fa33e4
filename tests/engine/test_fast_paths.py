"""Every fast path held against the engine (issue 28, "one rule, one home").

The calculators, the explorer's models, the verifier and the policies answer some rule
questions without playing the engine (a closed form, a table read from the rule data, a
shortcut). Each test here puts the same question to the engine on generated positions and to
the fast path, and asserts they agree - including at the thresholds where a one-line change of
a rule would show: Fight 2 against a Fight 3+ demand, two Merlin cards against a special black
card, a tie with and without Divine Favor. Each test's name carries the rule id it pins (dots
and hyphens as underscores) and its docstring opens with the id, so a failure names the rule.

``benchmarks/mutate_rules.py`` changes one rule line at a time in the engine, the rule data and
the calculators, and checks that a test of this file fails.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from camelot_rules.data import rulebook
from camelot_rules.data.decks import Deck, standard_deck
from camelot_rules.engine import actions as A
from camelot_rules.engine import position
from camelot_rules.engine.arithmetic import knights_win_count
from camelot_rules.engine.expansion import demand_payments
from camelot_rules.engine.quests import pattern_ok, war_next
from camelot_rules.engine.state import GameState
from camelot_rules.explorer.models.war import War
from camelot_rules.odds import quest_races
from camelot_rules.odds import quests as odds_quests
from camelot_rules.odds.rebuilds import DeckPosition, RebuildRules, forecast, next_rebuild
from camelot_rules.odds.siege import siege_win_probability
from camelot_rules.odds.travel import hand_facts, next_trip_risk
from camelot_rules.sim import judgement

FACES = rulebook.SIEGE_DIE_FACES


def _hand(values: tuple[int, ...]) -> dict[str, int]:
    hand: dict[str, int] = {}
    for v in values:
        hand[f"fight_{v}"] = hand.get(f"fight_{v}", 0) + 1
    return hand


def _engine_siege_odds(s: GameState, values: tuple[int, ...]) -> Fraction:
    """P(the engine removes a siege engine) when the knight fights with ``values``."""
    before = s.engines
    s = s.apply(A.FightEngine(tuple(sorted(values, reverse=True))))
    return sum(
        (p for o, p in s.chance_outcomes() if s.apply_chance(o).engines < before), Fraction(0)
    )


def _draw_black(s: GameState, card: str) -> GameState:
    return s.apply(A.DrawBlack()).apply_chance(A.Draw("black", card))


# --- siege: the calculator's odds against the engine's die ---------------------------------------
_RNG = random.Random(28)
_SIEGE_HANDS = sorted(
    {
        tuple(sorted(_RNG.choices(rulebook.FIGHT_VALUES, k=_RNG.randint(1, 3)), reverse=True))
        for _ in range(24)
    }
)


@pytest.mark.parametrize("values", _SIEGE_HANDS)
@pytest.mark.parametrize("excalibur", [False, True])
def test_siege_fight_and_siege_excalibur_calculator_equals_engine(
    values: tuple[int, ...], excalibur: bool
) -> None:
    """siege.fight, siege.excalibur (RB p.13; BoQ p.8): generated hands, with and without
    Excalibur: the engine's share of won die faces is the calculator's probability."""
    s = position(
        4,
        phase="heroic",
        hands={0: _hand(values)},
        siege_engines=3,
        relics={"excalibur": 0} if excalibur else None,
    )
    engine = _engine_siege_odds(s, values)
    assert engine == siege_win_probability(values, excalibur=excalibur)
    # by hand: total t wins on the faces below t (a tie is lost), t - 1 of 8, clamped
    total = sum(values) + (1 if excalibur else 0)
    assert engine == Fraction(min(max(total - 1, 0), FACES), FACES)


@pytest.mark.parametrize("total", [1, 4, 8, 9])
def test_endgame_tie_siege_with_and_without_divine_favor(total: int) -> None:
    """endgame.tie (RB p.17; JA special white cards): a siege fight whose total equals the die
    is lost, won with Divine Favor - in the engine and in the calculator alike."""
    values = tuple([5] * (total // 5) + ([total % 5] if total % 5 else []))
    for favor in (False, True):
        s = position(
            4,
            phase="heroic",
            hands={0: _hand(values)},
            siege_engines=3,
            expansion=True,
            divine_favor=favor,
        )
        engine = _engine_siege_odds(s, values)
        assert engine == siege_win_probability(values, divine_favor=favor)
        ties = 1 if 1 <= total <= FACES else 0  # one face equals the total
        wins = min(max(total - 1, 0), FACES) + (ties if favor else 0)
        assert engine == Fraction(wins, FACES), (total, favor)


# --- combat quests: the shapes, and the tie at the end --------------------------------------------
def _fits(quest: str, values: tuple[int, ...]) -> bool:
    """Brute force: the values are part of a complete pattern of the quest (each group of the
    shape a different Fight value)."""
    shape = rulebook.COMBAT_SHAPES[quest]
    counts = {v: values.count(v) for v in set(values)}
    for chosen in itertools.permutations(rulebook.FIGHT_VALUES, len(shape)):
        full = dict(zip(chosen, shape))
        if all(counts[v] <= full.get(v, 0) for v in counts):
            return True
    return False


_BY_HAND = {
    "black_knight": ((2, 2, 4, 4), (2, 2, 2, 4)),  # two pairs; not three of a kind
    "lancelot": ((1, 1, 1, 3, 3), (1, 1, 1, 1, 3)),  # a full house; not four of a kind
    "dragon": ((1, 1, 1, 2, 2, 2, 5, 5, 5), (1, 1, 1, 1, 2, 2, 5, 5, 5)),  # three triples
}


@pytest.mark.parametrize("quest", sorted(rulebook.COMBAT_SHAPES))
def test_quest_fight_cards_engine_pattern_equals_the_rule_data(quest: str) -> None:
    """quest.fight-cards (BoQ p.5-7, p.14; RB p.14): the engine lets a Fight card be laid
    exactly when the laid cards still fit the quest's shape in the rule data (two pairs, a
    full house, three three-of-a-kinds), on every multiset of up to its white spots."""
    spots = rulebook.quest_data(quest).white_spots
    assert sum(rulebook.COMBAT_SHAPES[quest]) == spots
    full, wrong = _BY_HAND[quest]  # BoQ p.5-7 by hand: a complete pattern, a broken one
    assert pattern_ok(quest, full) and not pattern_ok(quest, wrong)
    for n in range(spots + 1):
        for values in itertools.combinations_with_replacement(rulebook.FIGHT_VALUES, n):
            assert pattern_ok(quest, values) == _fits(quest, values), (quest, values)
    # the policies' shapes are the same rule data
    for q, (white, black, groups) in judgement.COMBAT_SHAPE.items():
        data = rulebook.quest_data(q)
        assert (white, black, groups) == (
            data.white_spots,
            data.black_spots,
            rulebook.COMBAT_SHAPES[q],
        )


_BK_BOX = sorted(
    name
    for name, n in standard_deck("black", expansion=True).counts.items()
    if name.startswith("black_knight_")
    for _ in range(n)
)


def _black_knight_cases() -> list[tuple[tuple[int, int, int, int], tuple[str, ...]]]:
    rng = random.Random(2805)
    out = []
    while len(out) < 12:
        a, b = rng.sample(rulebook.FIGHT_VALUES, 2)
        whites = (a, a, b, b)
        blacks = tuple(rng.sample(_BK_BOX, rng.randint(1, 3)))  # as many as the box holds
        out.append((whites, blacks))
    # the ties, by hand: 2+2+3+3 = 10 against 7+3 = 10; 1+1+2+2 = 6 against 5+1 = 6
    out += [((2, 2, 3, 3), ("black_knight_7", "black_knight_3"))]
    out += [((1, 1, 2, 2), ("black_knight_5", "black_knight_1"))]
    return out


@pytest.mark.parametrize(("whites", "blacks"), _black_knight_cases())
@pytest.mark.parametrize("favor", [False, True])
def test_quest_combat_end_and_endgame_tie_calculator_equals_engine(
    whites: tuple[int, ...], blacks: tuple[str, ...], favor: bool
) -> None:
    """quest.combat-end, endgame.tie (BoQ p.5; RB p.14, p.17; JA Divine Favor): the knight
    lays the 4th Fight card on the Black Knight; the engine's verdict (a white sword or not) is
    the calculator's probability (0 or 1: every card is known), a tie lost unless Divine
    Favor was played."""
    s = position(
        4,
        phase="heroic",
        location={0: "black_knight"},
        hands={0: _hand(whites[-1:])},
        quests={"black_knight": {"white": whites[:-1], "black": blacks}},
        expansion=True,
        divine_favor=favor,
    )
    s = s.apply(A.PlayFight("black_knight", whites[-1]))
    won = s.observation(0)["white_swords"] == 1
    p = odds_quests.combat_win_probability(
        "black_knight", whites, list(blacks), black_to_come=0, divine_favor=favor
    )
    assert p == (1 if won else 0)
    white, black = sum(whites), sum(int(b.rsplit("_", 1)[1]) for b in blacks)
    assert won == (white > black or (favor and white == black))  # by hand


# --- wars: the straight, Mordred, the warriors ----------------------------------------------------
@pytest.mark.parametrize("war", ["picts", "saxons"])
@pytest.mark.parametrize("mordred", [False, True])
def test_quest_wars_and_black_mordred_engine_equals_the_rule_data(war: str, mordred: bool) -> None:
    """quest.wars, black.mordred (BoQ p.10, p.16; RB p.15): the engine's next Fight value, on
    every war position, is the rule data's sequence; the calculators and the War model take
    its length; the 4th warrior loses in every home."""
    sequence = rulebook.war_sequence(war, mordred=mordred)
    assert sequence == (1, 2, 3, 4, 5) + ((5,) if mordred else ())  # BoQ p.10, p.16 by hand
    for laid in range(len(sequence)):
        s = position(3, quests={war: {"fights": laid, "mordred": mordred}})
        assert war_next(s, war) == sequence[laid]
    # the calculators' war length: the last card that can still be laid is accepted, one more
    # is refused as a finished war
    hand = [sequence[-1]]
    last = len(sequence) - 1
    assert odds_quests.war_completion_probability(war, last, hand, None, 1, mordred=mordred) == 1
    with pytest.raises(ValueError, match="fights_laid"):
        odds_quests.war_completion_probability(war, last + 1, hand, None, 1, mordred=mordred)
    # the War model: one card short of the straight is a live war, the straight a finished one
    War(laid=len(rulebook.war_sequence(war)) - 1)
    with pytest.raises(ValueError, match="already over"):
        War(laid=len(rulebook.war_sequence(war)))
    lose_at = rulebook.threshold("war_warriors_to_lose")
    assert lose_at == 4  # BoQ p.10: the 4th warrior figure loses the war, by hand
    War(warriors=lose_at - 1)
    with pytest.raises(ValueError, match="already over"):
        War(warriors=lose_at)
    assert lose_at == judgement.WAR_LOSE_AT


@pytest.mark.parametrize("warriors", [2, 3])
def test_quest_wars_fourth_warrior_engine_equals_war_model(warriors: int) -> None:
    """quest.wars (BoQ p.10): a Pict drawn onto a war with ``warriors`` warriors loses it in the
    engine exactly when the War model's evil step ends it (the 4th warrior)."""
    s = _draw_black(position(4, quests={"picts": {"warriors": warriors}}), "picts")
    lost = s.observation(0)["black_swords"] == rulebook.quest_data("picts").lose_black_swords
    model = War(warriors=warriors, p_black_card=Fraction(1), black=Deck({"picts": 1}))
    after = model.apply(model.initial_state(), "yes")
    assert lost == (after == ("evil_win",))
    assert lost == (warriors == 3)  # BoQ p.10 by hand: the 4th warrior loses


# --- travel demands: the calculator asks the engine -----------------------------------------------
_DEMAND_HANDS = (
    {"fight_2": 1},  # Fight 2 against a Fight 3+ demand: refused
    {"fight_3": 1},  # the boundary: met
    {"fight_2": 1, "fight_4": 1},
    {"fight_1": 2},
    {"fight_1": 1, "fight_2": 1},  # two Fight cards of different values: no pair
    {"grail": 1},
    {"fight_wild": 1, "fight_1": 1},  # a wild card beside a Fight 1: Charged! and Ambushed!
    {"fight_wild": 1},  # one wild card: Charged! (as a 3+), no pair
    {"fight_wild": 2},  # two wild cards: a pair
    {"fight_wild": 1, "grail": 2},
    {},
)


@pytest.mark.parametrize("hand", _DEMAND_HANDS)
def test_travel_demands_calculator_equals_engine(hand: dict[str, int]) -> None:
    """travel.demands (JA travel rules; demands ASSUMED): what pays Charged!, Lost! and
    Ambushed! is the engine's demand_payments; the calculator's hand facts and its trip odds
    follow it, Fight 2 against the Fight 3+ demand included."""
    facts = hand_facts(hand)
    for d in rulebook.TRAVEL_DEMANDS:
        met = bool(demand_payments(hand, d.card))
        assert facts[d.hand_fact] == met, (hand, d.card)
        risk = next_trip_risk(Deck({d.card: 1}), hand=hand)
        assert risk.outcomes["failed"] == (0 if met else 1)
    # by hand (the ASSUMED demands of rulebook.TRAVEL_DEMANDS): Charged! a Fight 3 or more,
    # Lost! a Grail card, Ambushed! two Fight cards of one value; a wild "Fight ?" card is a
    # Fight card of the value its player names (F §3d, S16): a 3+ by itself, a pair beside any
    # Fight card or a second wild card
    wild = hand.get("fight_wild", 0)
    fights = sum(hand.get(f"fight_{v}", 0) for v in rulebook.FIGHT_VALUES)
    assert bool(demand_payments(hand, "charged")) == (
        any(hand.get(f"fight_{v}") for v in (3, 4, 5)) or wild >= 1
    )
    assert bool(demand_payments(hand, "lost")) == bool(hand.get("grail"))
    assert bool(demand_payments(hand, "ambushed")) == (
        any(hand.get(f"fight_{v}", 0) >= 2 for v in rulebook.FIGHT_VALUES)
        or (wild >= 1 and fights >= 1)
        or wild >= 2
    )
    for d in rulebook.TRAVEL_DEMANDS:  # every way offered is paid from cards in the hand
        for way in demand_payments(hand, d.card):
            assert all(way.count(c) <= hand.get(c, 0) for c in way), (d.card, way)


def test_travel_demands_engine_fight_2_against_a_fight_3_plus_demand() -> None:
    """travel.demands (JA travel rules): a knight drawing Charged! on his way may pay it with a
    Fight 3, never with a Fight 2 - the engine's legal answers, at the boundary."""
    for held, can_pay in (("fight_2", False), ("fight_3", True)):
        s = position(
            4,
            phase="heroic",
            expansion=True,
            hands={0: {held: 1}},
            travel_top=("charged",),
        )
        s = s.apply(A.Move("grail"))
        while s.is_chance():
            s = s.apply_chance(s.chance_outcomes()[0][0])
        pays = [a for a in s.legal_actions() if isinstance(a, A.Pay)]
        assert bool(pays) == can_pay == hand_facts({held: 1})["fight_3_plus"], held


# --- Merlin cards against a special black card ----------------------------------------------------
@pytest.mark.parametrize("merlins", [2, 3])
def test_black_merlin_cancel_two_against_three_merlin_cards(merlins: int) -> None:
    """black.merlin-cancel (RB p.10; BoQ p.15): the table's Merlin cards cancel the 4th Morgan
    (+2 siege engines) only when they are three (the rule data's threshold); two are not
    enough, whoever holds them."""
    need = rulebook.threshold("merlins_to_cancel")
    assert need == 3  # BoQ p.15 by hand
    s = _draw_black(position(4, hands={0: {"merlin": 1}, 2: {"merlin": merlins - 1}}), "morgan_4")
    while not s.is_terminal() and not s.is_chance():
        pledges = [a for a in s.legal_actions() if isinstance(a, A.Pledge)]
        if not pledges:
            break
        s = s.apply(max(pledges, key=lambda a: a.merlins))
    cancelled = s.observation(0)["siege_engines"] == 0
    assert cancelled == (merlins >= need)


# --- cards of finished quests: the engine, the deck calculator, the quest races -------------------
_QUEST_OVER = {"excalibur": "excalibur", "grail": "grail", "dragon": "dragon"}


# by hand (RB p.11; BoQ p.4, p.8, p.9, p.16): the black cards that become siege engines once
# their quest is over; Lancelot's and the Dragon's cards only when both quests are over
_QUEST_OF_BY_HAND = {
    "excalibur": "excalibur",
    "despair": "grail",
    "desolation": "grail",
    "dark_forest": "grail",
    "lancelot_dragon_1_5": "dragon",
    "lancelot_dragon_3_7": "dragon",
    "lancelot_dragon_5_9": "dragon",
    "lancelot_dragon_7_11": "dragon",
    "picts": None,
    "black_knight_3": None,
}


@pytest.mark.parametrize("card", sorted(_QUEST_OF_BY_HAND))
@pytest.mark.parametrize("expansion", [False, True])
def test_deck_finished_quest_cards_engine_equals_calculator(card: str, expansion: bool) -> None:
    """deck.finished-quest-cards, black.finished-quest (RB p.11; BoQ p.4, p.9, p.16; JA): the
    engine adds a siege engine for a card of a finished quest exactly when the deck
    calculator (one card left, one draw) counts one, and as the hand-written table says."""
    quest = _QUEST_OF_BY_HAND[card]
    assert rulebook.quest_card_map().get(card) == quest
    over = ("lancelot", "dragon") if quest == "dragon" else ((quest,) if quest else ())
    s = _draw_black(position(4, over=over, expansion=expansion), card)
    if not s.is_chance() and not s.is_terminal():
        for a in s.legal_actions():  # a choice the card asks for (e.g. which war): any
            if not isinstance(a, A.Pledge):
                s = s.apply(a)
                break
    engine = s.observation(0)["siege_engines"]
    pos = DeckPosition(
        Deck({card: 1}),
        finished_quests=frozenset({quest}) if quest else frozenset(),
        expansion=expansion,
    )
    calc = forecast(pos, {1: 1}, 1, rules=RebuildRules(both_decks=False)).engines
    assert calc == {engine: 1}
    assert engine == (1 if quest else 0)
    if quest == "dragon":  # Lancelot over, the Dragon still to come: the card is no engine
        s = _draw_black(position(4, over=("lancelot",), expansion=expansion), card)
        assert s.observation(0)["siege_engines"] == 0


def test_deck_finished_quest_cards_quest_races_use_the_same_map() -> None:
    """deck.finished-quest-cards (BoQ p.9, p.16): the Grail's and Excalibur's races count the
    black cards the rule data gives each quest, no more and no fewer."""
    by_quest: dict[str, set[str]] = {}
    for card, quest in rulebook.quest_card_map().items():
        by_quest.setdefault(quest, set()).add(card)
    for quest in ("grail", "excalibur"):
        assert set(quest_races.RACE_CARDS[quest]) == by_quest[quest]


# --- deck rebuilds: both decks, in the engine and the calculator ----------------------------------
def test_deck_reshuffle_both_engine_and_calculator_rebuild_both_decks() -> None:
    """deck.reshuffle-both (RB p.10, p.13): in the base game the white pile running out
    rebuilds the black one too - in the engine, and in the deck calculator's default (the
    cause "other_deck"), which its one-deck variant leaves out."""
    black_box = dict(standard_deck("black").counts)
    pos = DeckPosition(Deck(black_box))
    default = next_rebuild(pos, {1: 1})
    variant = next_rebuild(pos, {1: 1}, rules=RebuildRules(both_decks=False))
    assert default.by_cause["other_deck"] > 0 and "other_deck" not in variant.by_cause
    # the engine: a white pile of 2 cards at the Round Table, 10 black cards discarded
    w_box = dict(standard_deck("white").counts)
    w_held = {"fight_1": 2, "merlin": 4}  # the pile, and one Merlin in each hand
    w_discard = {k: v - w_held.get(k, 0) for k, v in w_box.items() if v - w_held.get(k, 0)}
    b_discard = {"picts": 4, "saxons": 4, "despair": 2}
    s = position(
        4,
        phase="heroic",
        hands={i: {"merlin": 1} for i in range(4)},
        white_discard=w_discard,
        black_discard=b_discard,
    )
    black_before = sum(s.bpile)
    s = s.apply(A.DrawWhite())
    while s.is_chance():
        s = s.apply_chance(s.chance_outcomes()[0][0])
    assert sum(s.bpile) == black_before + sum(b_discard.values())  # rebuilt with the white


@pytest.mark.parametrize("favor", [False, True])
def test_endgame_tie_final_count_with_and_without_divine_favor(favor: bool) -> None:
    """endgame.tie, endgame.twelve-swords (RB p.17-18; JA Divine Favor): a war won brings the
    12th sword at 6 white against 6 black; the tie goes to Evil, to the knights with Divine
    Favor - the engine's result and the shared count agree."""
    s = position(
        4,
        phase="heroic",
        white_swords=5,
        black_swords=6,
        location={0: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
        expansion=True,
        divine_favor=favor,
    )
    s = s.apply(A.PlayFight("picts", 5))
    assert s.is_terminal()
    r = s.result()
    assert (r.white_swords, r.black_swords) == (6, 6)
    assert r.knights_win == favor == knights_win_count(6, 6, divine_favor=favor)
