"""Merlin's Company in the engine: one scenario per rule of the Japanese seed (JA section).

Each docstring starts with the registry rule id it checks.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from camelot_rules.engine import IllegalActionError, new_game, position
from camelot_rules.engine import actions as A
from camelot_rules.engine.state import GameState

KNIGHTS5 = ("arthur", "caradoc", "bors", "kay", "gawain")


def mc(**kw: object) -> GameState:
    kw.setdefault("knights", KNIGHTS5)
    return position(5, expansion=True, **kw)  # type: ignore[arg-type]


def board(s: GameState, seat: int = 0) -> dict:
    return s.observation(seat)


def draw_black(s: GameState, card: str) -> GameState:
    return s.apply(A.DrawBlack()).apply_chance(A.Draw("black", card))


def travel(s: GameState, quest: str, card: str) -> GameState:
    return s.apply(A.Move(quest)).apply_chance(A.Draw("travel", card))


def test_setup_expansion_arthur_always_plays_and_merlin_starts_off_the_board() -> None:
    """setup.expansion (JA setup): Arthur plays, new coats, decks 107/90, travel 16."""
    s = new_game(8, expansion=True, seed=4, opening_share="skip")
    knights = board(s)["knights"]
    assert knights[0] == "arthur" and set(knights.values()) - {"arthur"} <= {
        "bors",
        "caradoc",
        "gaheris",
        "gareth",
        "geraint",
        "lamorak",
        "owain",
    }
    d = board(s)["decks"]
    assert d["white_draw"] + sum(board(s)["hand_sizes"].values()) == 107
    assert d["black_draw"] == 90 and board(s)["travel"]["draw"] == 16
    assert board(s)["merlin"] is None
    with pytest.raises(ValueError, match="King Arthur"):
        new_game(3, expansion=True, knights=("kay", "bors", "owain"))
    with pytest.raises(ValueError, match="players=9"):
        new_game(9, expansion=True)


def test_loyalty_deal_second_traitor_only_at_seven_or_eight() -> None:
    """loyalty.deal (JA 7-8 players): 7 loyal + 2 traitors at 7-8 players, else 7 + 1."""
    seven = new_game(
        7,
        expansion=True,
        knights=("arthur", *(["bors", "gaheris", "gareth", "geraint", "lamorak", "owain"])),
    )
    assert dict((o.what, p) for o, p in seven.chance_outcomes()) == {
        "loyal": Fraction(7, 9),
        "traitor": Fraction(2, 9),
    }
    five = new_game(5, expansion=True, knights=KNIGHTS5)
    assert dict((o.what, p) for o, p in five.chance_outcomes())["traitor"] == Fraction(1, 8)


def test_endgame_two_hidden_traitors_flip_three() -> None:
    """endgame.hidden-traitors (JA 7-8 players): two hidden traitors flip 3 white swords."""
    s = position(
        7,
        expansion=True,
        knights=("arthur", "bors", "gaheris", "gareth", "geraint", "lamorak", "owain"),
        loyalty=("loyal", "traitor", "loyal", "traitor", "loyal", "loyal", "loyal"),
        phase="heroic",
        white_swords=9,
        black_swords=2,
        location={0: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
    )
    s = s.apply(A.PlayFight("picts", 5))
    assert (s.result().white_swords, s.result().black_swords) == (7, 5)
    assert s.result().knights_win


def test_travel_draw_on_move_only_for_heroic_moves() -> None:
    """travel.draw-on-move (JA travel rules): a heroic move draws; a quest's return does not."""
    s = mc(phase="heroic").apply(A.Move("grail"))
    assert s.is_chance() and {o.pile for o, _ in s.chance_outcomes()} == {"travel"}
    back = mc(
        phase="heroic",
        location={0: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
    ).apply(A.PlayFight("picts", 5))
    assert board(back)["location"][0] == "camelot"
    assert all(o.pile == "white" for o, _ in back.chance_outcomes())  # the spoils, no travel


def test_travel_cards_nothing_merlin_vision() -> None:
    """travel.cards (JA travel rules): arrive; Merlin comes along; Vision goes to the Grail."""
    s = travel(mc(phase="heroic"), "picts", "nothing_happens")
    assert board(s)["location"][0] == "picts" and board(s)["travel"]["discard"] == 1
    s = travel(mc(phase="heroic"), "black_knight", "merlin_travels")
    assert board(s)["location"][0] == "black_knight" and board(s)["merlin"] == "black_knight"
    s = travel(mc(phase="heroic"), "picts", "vision")
    assert board(s)["location"][0] == "grail"
    s = travel(mc(phase="heroic", over=("grail",)), "picts", "vision")
    assert board(s)["location"][0] == "picts"


def test_travel_demands_meet_it_or_lose_a_life_and_the_turn() -> None:
    """travel.demands (JA travel rules; demands ASSUMED): pay and arrive, or fail."""
    s = travel(mc(phase="heroic", hands={0: {"grail": 1}}), "picts", "lost")
    assert set(s.legal_actions()) == {A.Pass(), A.Pay(("grail",))}
    paid = s.apply(A.Pay(("grail",)))
    assert board(paid)["location"][0] == "picts" and board(paid)["hand_sizes"][0] == 0
    failed = s.apply(A.Pass())
    assert board(failed)["location"][0] == "camelot" and board(failed)["life"][0] == 3
    assert failed.turn == 1
    amb = travel(mc(phase="heroic", hands={0: {"fight_2": 2, "fight_4": 1}}), "picts", "ambushed")
    assert A.Pay(("fight_2", "fight_2")) in amb.legal_actions()


def test_travel_captured_skips_turns_until_another_knight_frees_him() -> None:
    """travel.captured (JA Captured!): stays, loses his turns; freed by another, never himself."""
    s = travel(mc(phase="heroic", hands={0: {"piety": 1}}), "grail", "captured")
    assert board(s)["captured"] == [0] and board(s)["location"][0] == "camelot"
    assert s.turn == 1  # his turn ended at once
    t = mc(phase="heroic", turn=4, captured=(0,), hands={4: {"piety": 1}, 0: {"tournament": 1}})
    assert A.Free(0, "piety") in t.legal_actions()
    t = t.apply(A.Free(0, "piety")).apply(A.EndTurn())
    assert board(t)["captured"] == [] and t.turn == 0 and t.phase == "evil"
    me = mc(phase="heroic", captured=(1,), hands={1: {"piety": 1}}, turn=2)
    assert not any(isinstance(a, A.Free) for a in me.legal_actions())
    skipped = mc(phase="heroic", captured=(1,), hands={0: {"grail": 3}}, life={0: 3})
    skipped = skipped.apply(A.Heal("grail")).apply(A.EndTurn())
    assert skipped.turn == 2


def test_travel_reshuffle_on_its_own() -> None:
    """travel.reshuffle (JA travel rules): the travel pile reshuffles its own discards, alone;
    a card under a figure stays out."""
    rest = {"nothing_happens": 2, "merlin_travels": 3, "vision": 2, "charged": 2, "lost": 2}
    rest |= {"ambushed": 2, "captured": 1}
    s = mc(phase="heroic", captured=(3,), travel_top=("nothing_happens",), travel_discard=rest)
    assert board(s)["travel"] == {"draw": 1, "discard": 14}
    whites_before = board(s)["decks"]
    s = travel(s, "picts", "nothing_happens")
    assert board(s)["travel"] == {"draw": 15, "discard": 0}
    assert board(s)["decks"] == whites_before and board(s)["captured"] == [3]


def test_deck_first_witch_rebuilds_both_piles() -> None:
    """deck.first-witch (JA witches, 1st): white and black piles rebuilt at once."""
    s = mc(white_discard={"grail": 4}, black_discard={"despair": 3})
    s = draw_black(s, "morgan_witch_1")
    d = board(s)["decks"]
    assert d["white_discard"] == 0 and d["black_discard"] == 1  # only the witch herself


def test_siege_second_action_blocked_by_the_second_witch() -> None:
    """siege.second-action (JA witches, 2nd): no life sacrificed until a quest is won."""
    s = draw_black(mc(), "morgan_witch_2")
    assert board(s)["witches"] == ["morgan_witch_2"]
    t = mc(witches=("morgan_witch_2",))
    assert A.LoseLife() not in t.legal_actions()
    h = mc(witches=("morgan_witch_2",), phase="heroic", hands={0: {"grail": 1}})
    h = h.apply(A.Move("grail")).apply_chance(A.Draw("travel", "nothing_happens"))
    assert A.Sacrifice() not in h.legal_actions()


def test_knight_caradoc_draws_two_for_a_life() -> None:
    """knight.caradoc (JA witches, 2nd): once per turn, 1 life for 2 white cards."""
    s = mc(phase="heroic", turn=1)
    s = s.apply(A.CaradocDraw())
    s = s.apply_chance(A.Draw("white", "grail")).apply_chance(A.Draw("white", "grail"))
    assert board(s)["life"][1] == 3 and s.hand(1) == {"grail": 2}
    assert A.CaradocDraw() not in s.legal_actions()
    blocked = mc(phase="heroic", turn=1, witches=("morgan_witch_2",))
    assert A.CaradocDraw() not in blocked.legal_actions()


def test_witch_lasting_second_leaves_when_a_quest_is_won() -> None:
    """witch.lasting (JA witches, 2nd and 7th)."""
    s = mc(
        phase="heroic",
        witches=("morgan_witch_2", "morgan_witch_7"),
        location={0: "picts"},
        hands={0: {"fight_5": 1}},
        quests={"picts": {"fights": 4}},
    )
    s = s.apply(A.PlayFight("picts", 5))
    assert board(s)["witches"] == ["morgan_witch_7"]
    t = draw_black(
        mc(witches=("morgan_witch_7",), location={2: "saxons"}, quests={"saxons": {"warriors": 3}}),
        "saxons",
    )
    life = board(t)["life"]
    assert life[2] == 3 and life[0] == 3 and life[1] == 3  # on it: the war; away: the witch
    assert board(t)["witches"] == []


def test_witch_lasting_fifth_and_sixth() -> None:
    """witch.lasting (JA witches, 5th and 6th): two flips; Merlins leave the game."""
    s = mc(phase="heroic", witches=("morgan_witch_5",), white_swords=6)
    s = s.apply(A.Accuse(1))
    assert (board(s)["white_swords"], board(s)["black_swords"]) == (4, 2)
    m = mc(phase="heroic", witches=("morgan_witch_6",), hands={0: {"merlin": 1}}, siege_engines=1)
    m = m.apply(A.PlaySpecial("merlin", ("engine",)))
    assert board(m)["removed"]["white"] == 1 and board(m)["decks"]["white_discard"] == 0


def test_witch_third_a_pict_then_a_saxon() -> None:
    """witch.third (JA witches, 3rd)."""
    s = draw_black(mc(quests={"picts": {"warriors": 3}}), "morgan_witch_3")
    q = board(s)["quests"]
    assert q["picts"]["warriors"] == 0 and q["saxons"]["warriors"] == 1
    assert board(s)["black_swords"] == 1  # the Pict war was lost


def test_witch_fourth_grail_or_life() -> None:
    """witch.fourth (JA witches, 4th)."""
    s = draw_black(mc(hands={0: {"grail": 1}, 2: {"grail": 1}}), "morgan_witch_4")
    assert s.current_player == 0
    s = s.apply(A.Discard("grail"))
    assert s.current_player == 2
    s = s.apply(A.Pass())
    life = board(s)["life"]
    assert life == {0: 4, 1: 3, 2: 3, 3: 3, 4: 3}


def test_white_expansion_specials() -> None:
    """white.expansion-specials (JA special white cards): each card's effect."""
    s = mc(phase="heroic", hands={0: {"tournament": 1}}, life={0: 3})
    assert board(s.apply(A.PlaySpecial("tournament")))["life"][0] == 5
    t = mc(phase="heroic", hands={0: {"truce": 1}}, quests={"saxons": {"fights": 2, "warriors": 3}})
    t = t.apply(A.PlaySpecial("truce", ("saxons",)))
    assert board(t)["quests"]["saxons"]["warriors"] == 0
    assert board(t)["white_swords"] == board(t)["black_swords"] == 0
    d = mc(phase="heroic", hands={0: {"dispel": 1}}, in_play=("vivien",))
    assert board(d.apply(A.PlaySpecial("dispel", ("vivien",))))["in_play"] == []
    f = mc(phase="heroic", hands={0: {"divine_favor": 1, "fight_4": 1}}, siege_engines=1)
    f = f.apply(A.PlaySpecial("divine_favor")).apply(A.Sacrifice()).apply(A.FightEngine((4,)))
    assert board(f.apply_chance(A.Roll(4)))["siege_engines"] == 0  # the tie is won
    n = mc(phase="heroic", hands={0: {"new_hope": 1, "fight_1": 2}})
    n = n.apply(A.PlaySpecial("new_hope"))
    n = n.apply_chance(A.Draw("white", "grail")).apply_chance(A.Draw("white", "grail"))
    n = n.apply_chance(A.Draw("white", "grail"))
    assert n.hand(0) == {"grail": 3}
    c = mc(phase="heroic", hands={0: {"call_for_help": 1}}, location={0: "grail", 2: "picts"})
    c = c.apply(A.PlaySpecial("call_for_help"))
    c = c.apply(A.Join(False)).apply(A.Join(True)).apply(A.Join(False)).apply(A.Join(False))
    assert board(c)["location"][2] == "grail" and not c.is_chance()
    solo = mc(phase="heroic", hands={0: {"call_for_help": 1}}, location={0: "black_knight"})
    assert not any(isinstance(a, A.PlaySpecial) for a in solo.legal_actions())
    ds = mc(
        phase="heroic",
        hands={0: {"dragon_slayer": 1, "fight_3": 2}},
        over=("lancelot",),
        location={0: "dragon"},
    )
    ds = ds.apply(A.PlaySpecial("dragon_slayer"))
    for _ in range(3):
        ds = ds.apply_chance(A.Draw("white", "grail"))
    ds = ds.apply(A.PlayFight("dragon", 3)).apply(A.PlayFight("dragon", 3))
    assert board(ds)["quests"]["dragon"]["white"] == [3, 3]


def test_deck_finished_quest_cards_leave_the_game() -> None:
    """deck.finished-quest-cards (JA): engine added, then the card removed from the game."""
    s = draw_black(mc(over=("grail",)), "despair")
    assert board(s)["siege_engines"] == 1 and board(s)["removed"]["black"] == 1
    assert board(s)["decks"]["black_discard"] == 0


def test_deck_merlin_blocks_engine_of_his_finished_quest() -> None:
    """deck.merlin-blocks-engine (JA Merlin to the Rescue): no engine where Merlin stands."""
    s = mc(phase="heroic", hands={0: {"merlin_to_the_rescue": 1}}, over=("grail",))
    s = s.apply(A.PlaySpecial("merlin_to_the_rescue", ("grail",)))
    assert board(s)["merlin"] == "grail"
    t = draw_black(mc(over=("grail",), merlin="grail"), "despair")
    assert board(t)["siege_engines"] == 0 and board(t)["removed"]["black"] == 1


def test_the_rule_a_step_notes_is_the_registrys() -> None:
    """white.expansion-specials, witch.third, witch.lasting, deck.first-witch,
    deck.finished-quest-cards, deck.merlin-blocks-engine: the rule a step notes (the
    observation's ``rule``, the play-log verifier's name for what the step did) is a rule of the
    registry - Merlin's Company's new special cards noted ``white.<card>`` until this test, ids
    the registry does not have."""
    s = mc(phase="heroic", hands={0: {"tournament": 1}})
    assert board(s.apply(A.PlaySpecial("tournament")))["rule"] == "white.expansion-specials"
    assert board(draw_black(mc(), "morgan_witch_3"))["rule"] == "witch.third"
    assert board(draw_black(mc(), "morgan_witch_2"))["rule"] == "witch.lasting"
    assert board(draw_black(mc(), "morgan_witch_1"))["rule"] == "deck.first-witch"
    t = draw_black(mc(over=("grail",)), "despair")
    assert board(t)["rule"] == "deck.finished-quest-cards"  # (JA: then removed from the game)
    t = draw_black(mc(over=("grail",), merlin="grail"), "despair")
    assert board(t)["rule"] == "deck.merlin-blocks-engine"


def test_every_step_of_random_games_notes_a_registered_rule() -> None:
    """Every step of random games of Merlin's Company notes a rule the registry has."""
    import random

    from camelot_rules.data.registry import rule
    from camelot_rules.engine import play_random
    from camelot_rules.logs.writer import game_steps

    noted = set()
    for seed in range(12):
        final = play_random(new_game(5, expansion=True, seed=seed), random.Random(seed))
        noted |= {after.note[1] for _before, _step, after in game_steps(final)}
    assert "white.expansion-specials" in noted  # (the games play the new special cards)
    for rule_id in noted:
        rule(rule_id)  # raises for an id the registry does not have


def test_expansion_positions_need_the_expansion() -> None:
    """setup.expansion: expansion-only position keywords are refused in the base game."""
    with pytest.raises(ValueError, match="expansion=True"):
        position(4, merlin="grail")
    with pytest.raises(IllegalActionError):
        mc(phase="heroic").apply(A.CaradocDraw())


def test_white_expansion_specials_divine_favor_final_count_reading() -> None:
    """white.expansion-specials (JA special white cards, Divine Favor), the reading
    ``divine_favor_reading="final_count"``: a siege tie is lost as without the card, the favor
    stays for the end, and a tied final count still goes to the knights."""
    for reading, engines, life_lost, favor_left in (
        ("next_tie", 0, 1, False),  # the default: the tie is won, the favor used
        ("final_count", 1, 2, True),  # the tie lost (1 life), the favor kept
    ):
        f = mc(
            phase="heroic",
            hands={0: {"divine_favor": 1, "fight_4": 1}},
            siege_engines=1,
            divine_favor_reading=reading,
        )
        f = f.apply(A.PlaySpecial("divine_favor")).apply(A.Sacrifice()).apply(A.FightEngine((4,)))
        after = board(f.apply_chance(A.Roll(4)))
        assert after["siege_engines"] == engines, reading
        assert after["life"][0] == 4 - life_lost, reading
        assert after["divine_favor"] is favor_left, reading
    bk = {"black_knight": {"black": ("black_knight_1",) * 3}}
    end = mc(
        divine_favor=True,
        white_swords=6,
        black_swords=5,
        quests=bk,
        divine_favor_reading="final_count",
    )
    end = draw_black(end, "black_knight_7").apply(A.PlayBlack(False))  # laid face up
    assert end.is_terminal() and end.result().knights_win
    assert (end.result().white_swords, end.result().black_swords) == (6, 6)


def test_travel_counts_travel_mix_option() -> None:
    """travel.counts (JA omits the mix): ``travel_mix`` sets the deck the engine draws from;
    the first travel card's chance weights are its counts, in ``rulebook.TRAVEL_KINDS``
    order; a mix equal to a named one is recorded by its name; a bad mix is refused."""
    from camelot_rules.data import rulebook
    from camelot_rules.engine.flow import chance_weights

    for mix, counts in (
        ("assumed", (3, 3, 2, 2, 2, 2, 2)),
        ("harmful_majority", (2, 2, 2, 3, 3, 2, 2)),
        ((4, 4, 2, 2, 2, 1, 1), (4, 4, 2, 2, 2, 1, 1)),
    ):
        s = mc(phase="heroic", travel_mix=mix)
        s = s.apply(A.Move("grail"))
        outcomes, weights = chance_weights(s)
        drawn = {o.card: w for o, w in zip(outcomes, weights, strict=True)}  # type: ignore[attr-defined]
        assert drawn == {k: c for k, c in zip(rulebook.TRAVEL_KINDS, counts) if c}, mix
    assert (
        new_game(5, expansion=True, travel_mix=(3, 3, 2, 2, 2, 2, 2)).cfg.option("travel_mix")
        == "assumed"
    )
    for bad in ("mostly_bad", (1,) * 7, (3, 3, 2, 2, 2, 2, 2, 0), (17, -1, 0, 0, 0, 0, 0)):
        with pytest.raises(ValueError, match="travel_mix"):
            new_game(5, expansion=True, travel_mix=bad)
    with pytest.raises(ValueError, match="divine_favor_reading"):
        new_game(5, expansion=True, divine_favor_reading="always")
    with pytest.raises(ValueError, match=r"travel_mix.*Merlin's Company"):
        new_game(5, travel_mix="assumed")  # the base box has no travel deck


def test_endgame_hidden_traitors_two_traitor_flip_option() -> None:
    """endgame.hidden-traitors (JA 7-8 players): two hidden traitors turn 3 white swords by
    default; ``two_traitor_flip=4`` reads it as 2 each. 10 white and 1 black laid, the Black
    Knight lost lays the 12th (black): 10-2 turns to 7-5, a win, or to 6-6, a tie that loses."""
    seven = ("arthur", "caradoc", "bors", "kay", "gawain", "galahad", "percival")
    loyalty = ("loyal",) * 5 + ("traitor", "traitor")
    for flip, want, won in ((3, (7, 5), True), (4, (6, 6), False)):
        end = position(
            7,
            expansion=True,
            knights=seven,
            loyalty=loyalty,
            white_swords=10,
            black_swords=1,
            quests={"black_knight": {"black": ("black_knight_1",) * 3}},
            two_traitor_flip=flip,
        )
        end = draw_black(end, "black_knight_7").apply(A.PlayBlack(False))
        assert end.is_terminal(), flip
        r = end.result()
        assert ((r.white_swords, r.black_swords), r.knights_win) == (want, won), flip
    with pytest.raises(ValueError, match="two_traitor_flip"):
        new_game(7, expansion=True, two_traitor_flip=2)
