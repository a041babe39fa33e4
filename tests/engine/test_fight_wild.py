"""Merlin's Company's wild "Fight ?" card in the engine (issue 28).

The source (F §3d, S16 ``GoodCardFightAny.asset``: three copies, MED for the count, LOW for the
text): "Fight ?" is a Fight card of any value 1-5, the player's choice when it is laid. The
engine offers each value as its own action wherever a Fight card of that value could be laid,
and remembers the value on the quest (``GameState.wild_laid``).
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from camelot_rules.engine import actions as A
from camelot_rules.engine import from_json, position
from camelot_rules.odds.siege import siege_choices


def _wild_plays(s: object) -> list[A.Action]:
    return [a for a in s.legal_actions() if getattr(a, "wild", False)]  # type: ignore[attr-defined]


def _white(s: object, pile: str) -> dict[str, int]:
    names = s.cfg.white_names  # type: ignore[attr-defined]
    return {n: c for n, c in zip(names, getattr(s, pile)) if c}


def test_a_wild_card_completes_the_black_knights_pair() -> None:
    """white.fight-wild (F §3d, S16): on the Black Knight with 3, 3 laid (two pairs of
    different values, RB p.14), "Fight ?" may be laid as 1, 2, 4 or 5 - never as a third 3.
    Laid as 4, the quest holds 3, 3, 4 and remembers the wild card's 4."""
    s = position(
        4,
        expansion=True,
        phase="heroic",
        location={0: "black_knight"},
        hands={0: {"fight_wild": 1}},
        quests={"black_knight": {"white": [3, 3]}},
    )
    assert _wild_plays(s) == [A.PlayFight("black_knight", v, True) for v in (1, 2, 4, 5)]
    s = s.apply(A.PlayFight("black_knight", 4, True))
    assert s.bk_w == (3, 3, 4) and s.wild_laid == (("black_knight", 4),)
    quest = s.observation(1)["quests"]["black_knight"]
    assert quest["white"] == [3, 3, 4] and quest["wild"] == [4]
    assert s.card_census()["white"]["fight_wild"] == 3  # the box's three, one on the quest


def test_the_fourth_card_laid_as_the_pair_ends_the_quest_and_goes_as_itself() -> None:
    """white.fight-wild (F §3d): with 3, 3, 5 on the Black Knight the only fitting value is 5;
    laid as 5 it fills the fourth white spot (BoQ p.5), the combat is decided and the quest's
    cards are discarded - the wild card as a "Fight ?", not as a Fight 5."""
    s = position(
        4,
        expansion=True,
        phase="heroic",
        location={0: "black_knight"},
        hands={0: {"fight_wild": 1, "fight_4": 1}},
        quests={"black_knight": {"white": [3, 3, 5], "black": ["black_knight_1"]}},
    )
    assert _wild_plays(s) == [A.PlayFight("black_knight", 5, True)]
    assert A.PlayFight("black_knight", 4) not in s.legal_actions()
    s = s.apply(A.PlayFight("black_knight", 5, True))
    # white 3 + 3 + 5 + 5 = 16 against black 1: won (RB p.14), the quest cleared
    assert s.record()[-1][:3] == ("quest", "black_knight", True)
    assert s.bk_w == () and s.wild_laid == ()
    assert _white(s, "wdisc") == {"fight_3": 2, "fight_5": 1, "fight_wild": 1}


def test_a_wild_card_is_the_saxons_next_value() -> None:
    """white.fight-wild (F §3d): the wars take Fight 1, 2, 3, 4, 5 in order (RB p.15); with 1
    and 2 laid, "Fight ?" is laid as the 3 - the one value the straight accepts - and the
    war's last card, a wild one laid as 5, wins it."""
    s = position(
        4,
        expansion=True,
        phase="heroic",
        location={0: "saxons"},
        hands={0: {"fight_wild": 2, "fight_1": 1, "fight_4": 1}},
        quests={"saxons": {"fights": 2, "warriors": 1}},
    )
    assert _wild_plays(s) == [A.PlayFight("saxons", 3, True)]
    assert A.PlayFight("saxons", 1) not in s.legal_actions()
    s = s.apply(A.PlayFight("saxons", 3, True))
    assert s.wars[1][0] == 3 and s.wild_laid == (("saxons", 3),)
    assert s.observation(0)["quests"]["saxons"]["wild"] == [3]
    # the same knight, a later turn: Fight 4, then the second wild card as the 5
    s = position(
        4,
        expansion=True,
        phase="heroic",
        location={0: "saxons"},
        hands={0: {"fight_wild": 1}},
        quests={"saxons": {"fights": 4, "wild": [3]}},
    )
    s = s.apply(A.PlayFight("saxons", 5, True))
    assert s.record()[-1][:3] == ("quest", "saxons", True)
    assert s.wars[1] == (0, 0, False) and s.wild_laid == ()
    assert _white(s, "wdisc") == {"fight_1": 1, "fight_2": 1, "fight_4": 1, "fight_wild": 2}


@pytest.mark.parametrize(
    ("hand", "can_pay"),
    [({"fight_wild": 1}, True), ({"fight_2": 1}, False), ({"fight_wild": 1, "fight_2": 1}, True)],
)
def test_a_wild_card_pays_a_demand_of_a_fight_3_or_more(
    hand: dict[str, int], can_pay: bool
) -> None:
    """white.fight-wild (F §3d) and travel.demands (JA travel rules; the demand ASSUMED):
    Charged! asks a Fight card of 3 or more; "Fight ?" named as a 3+ pays it, a Fight 2
    never does."""
    s = position(4, phase="heroic", expansion=True, hands={0: hand}, travel_top=("charged",))
    s = s.apply(A.Move("grail"))
    while s.is_chance():
        s = s.apply_chance(s.chance_outcomes()[0][0])
    pays = [a for a in s.legal_actions() if isinstance(a, A.Pay)]
    assert bool(pays) == can_pay
    if can_pay:
        assert A.Pay(("fight_wild",)) in pays
        s = s.apply(A.Pay(("fight_wild",)))
        assert s.location[0] == "grail" and _white(s, "wdisc") == {"fight_wild": 1}


def test_a_wild_card_in_a_siege_fight_counts_the_value_chosen() -> None:
    """white.fight-wild (F §3d) and siege.fight (RB p.13): at Camelot "Fight ?" fights a siege
    engine as any value 1-5, each its own action; played as 5 against a roll of 4 it wins
    (5 > 4), the engine goes and the card is discarded as itself."""
    s = position(4, expansion=True, phase="heroic", hands={0: {"fight_wild": 1}}, siege_engines=3)
    fights = [a for a in s.legal_actions() if isinstance(a, A.FightEngine)]
    assert sorted(fights, key=str) == [A.FightEngine((v,), (v,)) for v in (1, 2, 3, 4, 5)]
    s = s.apply(A.FightEngine((5,), (5,)))
    assert s.pending[-1] == ("roll", 0, 5)
    s = s.apply_chance(A.Roll(4))
    assert s.engines == 2 and _white(s, "wdisc") == {"fight_wild": 1}


def test_sir_kay_adds_a_wild_card_after_the_roll() -> None:
    """white.fight-wild (F §3d) and siege.kay (BoQ p.13): Sir Kay, losing 3 against a roll of
    6, adds "Fight ?" as 5: 8 > 6, the engine is destroyed."""
    s = position(
        4,
        expansion=True,
        knights=["kay", "arthur", "gawain", "percival"],
        phase="heroic",
        hands={0: {"fight_3": 1, "fight_wild": 1}},
        siege_engines=2,
    )
    s = s.apply(A.FightEngine((3,))).apply_chance(A.Roll(6))
    assert A.KayExtra(5, True) in s.legal_actions()
    s = s.apply(A.KayExtra(5, True))
    assert s.engines == 1 and _white(s, "wdisc") == {"fight_3": 1, "fight_wild": 1}


def test_the_value_stays_on_the_quest_through_a_save() -> None:
    """white.fight-wild (F §3d): the value chosen is the quest's to keep; a saved game
    remembers it, and a game saved before wild cards were played (no ``wild_laid`` key)
    still loads, with none laid."""
    s = position(
        4,
        expansion=True,
        phase="heroic",
        location={0: "dragon"},
        over=["lancelot"],
        hands={0: {"fight_wild": 1}},
        quests={"dragon": {"white": [4, 4]}},
    )
    s = s.apply(A.PlayFight("dragon", 4, True))
    back = from_json(s.to_json())
    assert back == s and back.wild_laid == (("dragon", 4),)
    assert back.observation(2)["quests"]["dragon"]["wild"] == [4]
    plain = position(4, expansion=True)
    old = json.loads(plain.to_json())
    del old["wild_laid"]
    assert from_json(json.dumps(old)) == plain


@pytest.mark.parametrize(
    ("wild", "match"),
    [
        ([["black_knight", 7]], r"wild_laid\[0\]\[1\].*1\.\.5"),
        ([["black_knight", 0]], r"wild_laid\[0\]\[1\].*1\.\.5"),
        ([["excalibur", 3]], r"wild_laid\[0\]\[0\].*black_knight"),
        ([["black_knight", 3]], r"wild_laid: a 'Fight \?' card laid as 3 on black_knight"),
        ([["black_knight", 4]] * 4, r"wild_laid.*at most 3"),
    ],
)
def test_a_saved_wild_value_out_of_range_is_refused(wild: object, match: str) -> None:
    """white.fight-wild (F §3d): a saved game's wild card must name a combat quest or a war and
    a value 1-5 among the values laid there; anything else is a ValueError naming the key."""
    s = position(4, expansion=True, phase="heroic", quests={"black_knight": {"white": [4]}})
    data = json.loads(s.to_json())
    data["wild_laid"] = wild
    with pytest.raises(ValueError, match=match):
        from_json(json.dumps(data))


def test_a_position_names_its_wild_cards_among_the_values_laid() -> None:
    """white.fight-wild (F §3d): ``position(quests=...)``'s ``"wild"`` values are among the
    quest's Fight values, 1-5, in Merlin's Company only."""
    s = position(4, expansion=True, quests={"black_knight": {"white": [2, 2], "wild": [2]}})
    assert s.wild_laid == (("black_knight", 2),) and s.card_census()["white"]["fight_2"] == 12 + 2
    with pytest.raises(ValueError, match=r"quests\['black_knight'\]\['wild'\].*\[2, 2\]"):
        position(4, expansion=True, quests={"black_knight": {"white": [2, 2], "wild": [3]}})
    with pytest.raises(ValueError, match=r"\['wild'\].*1\.\.5"):
        position(4, expansion=True, quests={"lancelot": {"white": [2], "wild": [9]}})
    with pytest.raises(ValueError, match=r"quests\['picts'\]\['wild'\].*Merlin's Company"):
        position(4, quests={"picts": {"fights": 2, "wild": [1]}})


def test_the_siege_calculator_agrees_with_the_engine_on_a_wild_hand() -> None:
    """white.fight-wild (F §3d) and siege.fight (RB p.13): the best chance the siege advisor
    gives for a hand of Fight 2 and "Fight ?" equals the best of the engine's legal fights,
    each played out over the eight faces of the die. By hand: 2 + 5 = 7 beats 1..6, 6/8."""
    hand = {"fight_2": 1, "fight_wild": 1}
    s = position(4, expansion=True, phase="heroic", hands={0: hand}, siege_engines=3)
    best = Fraction(0)
    for a in s.legal_actions():
        if not isinstance(a, A.FightEngine):
            continue
        after = s.apply(a)
        won = sum(p for roll, p in after.chance_outcomes() if after.apply_chance(roll).engines < 3)
        best = max(best, won)
    assert best == Fraction(6, 8)
    assert max(c.p_win for c in siege_choices(hand)) == best


def test_the_next_fight_advisor_offers_the_wild_card_where_the_engine_does() -> None:
    """white.fight-wild (F §3d) and quest.fight-cards (RB p.14): with 3, 3 on the Black
    Knight the advisor offers "Fight ?" at exactly the engine's legal values (1, 2, 4, 5), and
    each with the chance of the numbered card of that value (the same white total)."""
    from camelot_rules.odds.quests import best_next_fight

    s = position(
        4,
        expansion=True,
        phase="heroic",
        location={0: "black_knight"},
        hands={0: {"fight_wild": 1}},
        quests={"black_knight": {"white": [3, 3]}},
    )
    engine = sorted(a.value for a in _wild_plays(s))  # type: ignore[attr-defined]
    advice = best_next_fight("black_knight", [3, 3], {"fight_wild": 1}, 1)
    assert all(n.wild for n in advice) and sorted(n.value for n in advice) == engine == [1, 2, 4, 5]
    for n in advice:
        (numbered,) = best_next_fight("black_knight", [3, 3], [n.value], 1)
        assert numbered.p_win == n.p_win and not numbered.wild


def test_the_war_completion_counts_a_wild_card_as_any_missing_value() -> None:
    """white.fight-wild (F §3d) and quest.wars (RB p.15): Picts with 1, 2 laid, a knight at
    the war holding Fight 3 and "Fight ?" still lacks one of 4 and 5 (the wild card is the
    other). In 6 actions, 3 lays and 2 moves leave 1 draw action: 2 cards of a pile of Fight
    5, "Fight ?" and two Grail cards. By hand: he fails only with the two Grail cards,
    1 of C(4, 2) = 6 draws, so 5/6; checked by brute force over the 6 draws."""
    from itertools import combinations

    from camelot_rules.odds.quests import war_completion_probability

    pile = {"fight_5": 1, "fight_wild": 1, "grail": 2}
    cards = [c for c, n in pile.items() for _ in range(n)]
    draws = list(combinations(cards, 2))
    # the missing values 4 and 5: the held wild card covers one, a drawn 5 or wild the other
    good = sum(1 for d in draws if "fight_5" in d or "fight_wild" in d)
    p = war_completion_probability("picts", 2, {"fight_3": 1, "fight_wild": 1}, pile, 6)
    assert p == Fraction(good, len(draws)) == Fraction(5, 6)
    # without the wild card in hand both 4 and 5 are missing and the pile holds no 4
    assert war_completion_probability("picts", 2, {"fight_3": 1}, pile, 6) == Fraction(1, 6)


def test_the_race_calculators_refuse_a_wild_card_and_say_why() -> None:
    """white.fight-wild (F §3d): the race models take each knight's hand as fixed Fight values
    (their chance trees play base-game positions); a wild card there is a ValueError asking
    for the value it will be laid as, never silently counted as a Fight 5 or as nothing."""
    from camelot_rules.odds.quests import war_race

    with pytest.raises(ValueError, match="wild 'Fight \\?'"):
        war_race("picts", 0, 0, [{"fight_wild": 1}], 2)
