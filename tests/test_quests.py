"""Quest calculators: combat quests (Black Knight, Lancelot, Dragon) and the wars.

Each calculator is checked against a brute-force enumeration of every ordering of a small
deck, against a seeded simulation played through the rules engine, and on the official
example (RB p.14). Rules: ``quest.combat-end``, ``quest.fight-cards``, ``quest.wars``.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import permutations

import pytest

from camelot_rules import rulebook
from camelot_rules.cards import standard_deck
from camelot_rules.cli import main
from camelot_rules.engine import actions as A
from camelot_rules.engine import effects, position, random_step
from camelot_rules.quests import (
    best_next_fight,
    black_total_distribution,
    combat_win_probability,
    war_completion_probability,
)

RB14_BLACK = (
    "lancelot_dragon_3_7",
    "lancelot_dragon_1_5",
    "lancelot_dragon_1_5",
    "lancelot_dragon_5_9",
    "lancelot_dragon_1_5",
)
KNIGHTS7 = ("kay", "arthur", "galahad", "gawain", "palamedes", "percival", "tristan")


# --- the official example -----------------------------------------------------------------------
def test_quest_combat_end_official_example_14_against_11() -> None:
    """quest.combat-end (RB p.14): Fight 4 + 5 + 5 = 14 against 3 + 1 + 1 + 5 + 1 = 11 wins."""
    assert dict(black_total_distribution("lancelot", RB14_BLACK).items()) == {11: 1}
    assert combat_win_probability("lancelot", [4, 5, 5], RB14_BLACK) == 1
    # the same five cards with the white total at 11: a tie, lost (RB p.17)
    assert combat_win_probability("lancelot", [3, 3, 5], RB14_BLACK) == 0
    # Excalibur's +1 turns the tie into a win (BoQ p.8); so does Sir Kay's card (BoQ p.13)
    assert combat_win_probability("lancelot", [3, 3, 5], RB14_BLACK, excalibur=True) == 1
    assert combat_win_probability("lancelot", [3, 3, 5], RB14_BLACK, kay_reserve=[1]) == 1


def test_rb14_whites_with_four_unseen_and_one_to_come() -> None:
    """The RB p.14 whites against four unseen Lancelot cards and one to come, by hand: the five
    cards are any 5 of the box's eleven (4 x 1, 3 x 3, 3 x 5, 1 x 7), and 139 of the 462
    five-card sets sum to 13 or less."""
    assert combat_win_probability("lancelot", [4, 5, 5], 4) == Fraction(139, 462)
    dist = black_total_distribution("lancelot", 4)
    assert sum(dist.values()) == 1
    assert min(dist) == 1 + 1 + 1 + 1 + 3 and max(dist) == 7 + 5 + 5 + 5 + 3


# --- brute force over every ordering of small decks ------------------------------------------
def _brute_combat(
    quest: str,
    whites: tuple[int, ...],
    known: tuple[str, ...],
    hidden: int,
    to_come: int,
    deck: dict[str, int],
    *,
    excalibur: bool = False,
    kay: tuple[int, ...] = (),
) -> Fraction:
    """Shuffle the black deck every way: the face-down cards were the first ``hidden`` combat
    cards of this quest drawn, the next ``to_come`` fill the quest; other cards are skipped."""
    cards = [c for c, n in deck.items() for _ in range(n)]
    prefix = "black_knight_" if quest == "black_knight" else "lancelot_dragon_"
    white = sum(whites) + (1 if excalibur else 0) + max(kay, default=0)
    base = sum(effects.black_value(c, quest) for c in known)
    wins = total = 0
    for order in permutations(cards):
        combat = [c for c in order if c.startswith(prefix)][: hidden + to_come]
        black = base + sum(effects.black_value(c, quest) for c in combat)
        wins += white > black
        total += 1
    return Fraction(wins, total)


SMALL_BK = {
    "black_knight_1": 2,
    "black_knight_3": 1,
    "black_knight_5": 1,
    "black_knight_7": 1,
    "despair": 2,
}
SMALL_LD = {
    "lancelot_dragon_1_5": 2,
    "lancelot_dragon_3_7": 1,
    "lancelot_dragon_5_9": 1,
    "lancelot_dragon_7_11": 1,
    "picts": 1,
    "morgan_1": 1,
}


@pytest.mark.parametrize(
    ("quest", "whites", "known", "hidden", "deck", "excalibur", "kay"),
    [
        ("black_knight", (2, 2, 4), ("black_knight_3",), 1, SMALL_BK, False, ()),
        ("black_knight", (5, 5), (), 2, SMALL_BK, True, ()),
        ("black_knight", (1,), (), 0, SMALL_BK, False, (3, 2)),
        ("lancelot", (4, 5, 5), ("lancelot_dragon_3_7",), 2, SMALL_LD, False, ()),
        ("lancelot", (2, 2, 2, 5), (), 3, SMALL_LD, True, (1,)),
        ("dragon", (5, 5, 5, 4, 4, 4), ("lancelot_dragon_1_5",), 1, SMALL_LD, False, ()),
        ("dragon", (3, 3, 3, 2, 2, 2, 1, 1), (), 2, SMALL_LD, False, (5,)),
    ],
)
def test_combat_win_probability_matches_every_ordering(
    quest: str,
    whites: tuple[int, ...],
    known: tuple[str, ...],
    hidden: int,
    deck: dict[str, int],
    excalibur: bool,
    kay: tuple[int, ...],
) -> None:
    """quest.combat-end (RB p.14): the exact chance equals the share of the deck's orderings in
    which the white total beats the black total when the black spots are filled."""
    to_come = rulebook.quest_data(quest).black_spots - hidden - len(known)
    laid = (*known, *(["hidden"] * hidden))
    got = combat_win_probability(
        quest, whites, laid, deck=deck, excalibur=excalibur, kay_reserve=kay
    )
    assert got == _brute_combat(
        quest, whites, known, hidden, to_come, deck, excalibur=excalibur, kay=kay
    )


@pytest.mark.parametrize("to_come", [0, 1, 2])
def test_black_to_come_asks_what_if_the_quest_ended_sooner(to_come: int) -> None:
    """quest.combat-end (RB p.14): "ends now" (0 to come) and partial fills, by brute force."""
    got = combat_win_probability(
        "black_knight", (3, 3, 1), ("hidden",), deck=SMALL_BK, black_to_come=to_come
    )
    assert got == _brute_combat("black_knight", (3, 3, 1), (), 1, to_come, SMALL_BK)


def test_the_last_white_card_ends_the_quest_at_once() -> None:
    """quest.combat-end (RB p.14): with every white spot full no black card is still to come."""
    full = (3, 3, 1, 1)
    assert combat_win_probability("black_knight", full, 2, deck=SMALL_BK) == _brute_combat(
        "black_knight", full, (), 2, 0, SMALL_BK
    )


def test_best_next_fight_matches_brute_force_and_the_pattern() -> None:
    """quest.fight-cards (BoQ p.14): only cards the pattern allows are offered, each with its
    brute-force chance, best first; a card filling the last spot ends the quest at once."""
    table = best_next_fight("black_knight", (3, 3, 1), [3, 1, 5, 5], ("hidden",), deck=SMALL_BK)
    assert [n.value for n in table] == [1]  # 3 would be a third 3, 5 a third value
    assert table[0].ends_quest
    assert table[0].p_win == _brute_combat("black_knight", (3, 3, 1, 1), (), 1, 0, SMALL_BK)
    lan = best_next_fight("lancelot", (5, 5), [1, 4, 5], 1, deck=SMALL_LD)
    assert [n.p_win for n in lan] == sorted((n.p_win for n in lan), reverse=True)
    for n in lan:
        after = (5, 5, n.value)
        assert not n.ends_quest
        assert n.p_win == _brute_combat("lancelot", after, (), 1, 4, SMALL_LD)


def test_best_next_fight_as_sir_kay_keeps_the_rest_of_the_hand() -> None:
    """knight.kay (BoQ p.13): Kay lays one card and adds his best remaining one after the
    reveal."""
    table = best_next_fight("black_knight", (2, 2), [5, 4], 2, deck=SMALL_BK, kay=True)
    by_value = {n.value: n.p_win for n in table}
    assert by_value[5] == _brute_combat("black_knight", (2, 2, 5), (), 2, 2, SMALL_BK, kay=(4,))
    assert by_value[4] == _brute_combat("black_knight", (2, 2, 4), (), 2, 2, SMALL_BK, kay=(5,))


# --- seeded simulation through the engine ---------------------------------------------------
def _engine_combat(
    quest: str,
    whites: tuple[int, ...],
    known: tuple[str, ...],
    hidden: int,
    rng: random.Random,
    *,
    kay_hand: dict[str, int],
    excalibur: bool,
) -> bool:
    """Play the rest of the quest through the engine: seven knights, seat 0 (Sir Kay) on the
    quest, seats 1-6 draw black cards in turn (the first ``hidden`` laid face down) from a draw
    pile holding only the quest's combat cards (all other black cards are in the discard pile,
    which changes nothing in the sum). Returns whether the engine awards the quest."""
    prefix = "black_knight_" if quest == "black_knight" else "lancelot_dragon_"
    discard = {n: c for n, c in standard_deck("black").items() if not n.startswith(prefix)}
    s = position(
        7,
        knights=KNIGHTS7,
        location={0: quest},
        turn=1,
        hands={0: kay_hand},
        over=("lancelot",) if quest == "dragon" else (),
        relics={"excalibur": 0} if excalibur else None,
        quests={quest: {"white": whites, "black": known}},
        black_discard=discard,
    )
    white0, black0 = s.wsw, s.bsw
    laid = 0
    while s.wsw == white0 and s.bsw == black0:
        if s.is_chance():
            s = random_step(s, rng)
            continue
        acts = s.legal_actions()
        kay = [a for a in acts if isinstance(a, A.KayExtra)]
        if A.DrawBlack() in acts:
            s = s.apply(A.DrawBlack())
        elif A.PlayBlack(False) in acts:
            s = s.apply(A.PlayBlack(laid < hidden))
            laid += 1
        elif kay:
            s = s.apply(max(kay, key=lambda a: a.value))
        elif A.Pass() in acts:  # keep Excalibur
            s = s.apply(A.Pass())
        elif A.EndTurn() in acts:
            s = s.apply(A.EndTurn())
        else:
            s = s.apply(A.DrawWhite())
    return s.wsw > white0


@pytest.mark.parametrize(
    ("quest", "whites", "known", "hidden", "kay_hand", "excalibur"),
    [
        # Lancelot, the RB p.14 whites, one Lancelot card seen (3), two face down, two to
        # come; Sir Kay on the quest keeps a Fight 2
        ("lancelot", (4, 5, 5), ("lancelot_dragon_3_7",), 2, {"fight_2": 1}, False),
        # Black Knight 2, 2, 4 with Excalibur, a 3 seen, one face down, two to come
        ("black_knight", (2, 2, 4), ("black_knight_3",), 1, {}, True),
    ],
)
def test_combat_win_probability_agrees_with_a_seeded_engine_simulation(
    quest: str,
    whites: tuple[int, ...],
    known: tuple[str, ...],
    hidden: int,
    kay_hand: dict[str, int],
    excalibur: bool,
) -> None:
    """quest.combat-end (RB p.14): 4000 seeded games of the quest's end through the engine
    agree with the exact chance within 4 standard errors (seeded: the same every run)."""
    kay = tuple(int(n.split("_")[1]) for n in kay_hand)
    exact = combat_win_probability(
        quest, whites, (*known, *["hidden"] * hidden), kay_reserve=kay, excalibur=excalibur
    )
    rng = random.Random(20240514)
    trials = 4000
    wins = sum(
        _engine_combat(quest, whites, known, hidden, rng, kay_hand=kay_hand, excalibur=excalibur)
        for _ in range(trials)
    )
    p = float(exact)
    assert abs(wins / trials - p) <= 4 * math.sqrt(p * (1 - p) / trials)


# --- wars ----------------------------------------------------------------------------------------
def _play_war(
    order: tuple[str, ...] | list[str],
    needs: tuple[int, ...],
    hand: tuple[int, ...],
    actions: int,
    start: str,
    draws: int = 2,
) -> bool:
    """One shuffled pile, played action by action: at the war lay the next card if held, else
    go to the Round Table; there draw until every needed card is in hand, then go back."""
    held = list(hand)
    where, todo, top = start, list(needs), 0
    for _ in range(actions):
        if not todo:
            break
        if where == "war":
            if todo[0] in held:
                held.remove(todo.pop(0))
            else:
                where = "camelot"
        elif all(held.count(v) >= todo.count(v) for v in set(todo)):
            where = "war"
        elif top < len(order):
            held += [int(c[6:]) for c in order[top : top + draws] if c.startswith("fight_")]
            top += draws
        else:
            break
    return not todo


def _brute_war(
    needs: tuple[int, ...],
    hand: tuple[int, ...],
    pile: dict[str, int],
    actions: int,
    start: str,
) -> Fraction:
    """The share of every ordering of the pile in which :func:`_play_war` completes the war."""
    cards = [c for c, n in pile.items() for _ in range(n)]
    orders = list(permutations(cards))
    return Fraction(sum(_play_war(o, needs, hand, actions, start) for o in orders), len(orders))


PILE = {"fight_3": 1, "fight_4": 1, "fight_5": 2, "grail": 3}


@pytest.mark.parametrize(
    ("laid", "hand", "actions", "start", "mordred"),
    [
        (2, (3, 4), 7, "war", False),
        (2, (3,), 7, "war", False),
        (2, (), 9, "war", False),
        (2, (3,), 5, "camelot", False),
        (4, (), 6, "camelot", True),
        (3, (4, 5), 2, "war", False),
        (3, (4, 5), 2, "camelot", False),
        (0, (1, 2), 12, "war", False),
    ],
)
def test_war_completion_matches_every_ordering(
    laid: int, hand: tuple[int, ...], actions: int, start: str, mordred: bool
) -> None:
    """quest.wars (RB p.15; BoQ p.10, p.16): the hypergeometric answer equals the action-by-
    action play over every ordering of a small white pile."""
    needs = tuple(range(laid + 1, 6)) + ((5,) if mordred else ())
    got = war_completion_probability(
        "picts", laid, hand, PILE, actions, start=start, mordred=mordred
    )
    assert got == _brute_war(needs, hand, PILE, actions, start)


def test_war_completion_seeded_shuffles_agree_with_the_exact_chance() -> None:
    """quest.wars (RB p.15): the default pile (the base box less hand and war), Saxons with
    1, 2 laid, the knight at the Round Table holding a 3: 10,000 seeded shuffles of the real
    pile played by the same policy agree within 4 standard errors."""
    exact = war_completion_probability("saxons", 2, [3], None, 8, start="camelot")
    cards = list(standard_deck("white").minus({"fight_1": 1, "fight_2": 1, "fight_3": 1}))
    rng = random.Random(7)
    trials, wins = 10_000, 0
    for _ in range(trials):
        rng.shuffle(cards)
        wins += _play_war(cards, (3, 4, 5), (3,), 8, "camelot")
    p = float(exact)
    assert 0 < p < 1
    assert abs(wins / trials - p) <= 4 * math.sqrt(p * (1 - p) / trials)


def test_war_needs_come_from_the_engine() -> None:
    """quest.wars, black.mordred (BoQ p.16): with Mordred a second 5 is needed."""
    pile = {"fight_5": 1, "grail": 1}
    assert war_completion_probability("picts", 4, [5], pile, 1) == 1
    assert war_completion_probability("picts", 4, [5], pile, 1, mordred=True) == 0
    assert war_completion_probability("picts", 5, [5], pile, 1, mordred=True) == 1


# --- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"quest": "grail"}, "quest='grail'"),
        ({"whites": [1, 2, 3]}, r"cannot grow into the black_knight pattern"),
        ({"whites": [1, 1, 2, 2, 3]}, r"5 Fight cards laid, but black_knight has 4"),
        ({"whites": [6]}, "values 1..5"),
        ({"whites": "12"}, "expected a list"),
        ({"black_laid": 5}, "black_laid=5: black_knight has 4 black spots"),
        ({"black_laid": ["lancelot_dragon_1_5"]}, "black_knight combat card"),
        ({"black_laid": ["black_knight_7", "black_knight_7"]}, "more cards than the box"),
        ({"black_laid": 2, "black_to_come": 3}, "black_to_come=3: at most 2"),
        ({"black_laid": 2, "black_to_come": -1}, "black_to_come=-1"),
        ({"black_laid": 1, "deck": {"black_knight_1": 2}}, "holds only 2"),
        ({"deck": {"black_knight_9": 4}}, "not black cards of the game"),
        ({"deck": {"black_knight_1": 4}, "seen": ["despair"]}, "seen is for the default"),
        ({"excalibur": "yes"}, "excalibur='yes'"),
        ({"kay_reserve": [0]}, "kay_reserve contains 0"),
        ({"whites": [1, 1], "kay_reserve": [1] * 16}, "hold 18 x Fight 1"),
    ],
)
def test_combat_bad_inputs_name_the_value(kwargs: dict[str, object], match: str) -> None:
    args: dict[str, object] = {"quest": "black_knight", "whites": [2, 2], "black_laid": 0}
    args.update(kwargs)
    quest, whites, laid = args.pop("quest"), args.pop("whites"), args.pop("black_laid")
    with pytest.raises(ValueError, match=match):
        combat_win_probability(quest, whites, laid, **args)  # type: ignore[arg-type]


def test_full_quest_and_next_fight_bad_inputs() -> None:
    with pytest.raises(ValueError, match="the quest has ended"):
        combat_win_probability("black_knight", [1, 1, 2, 2], 1, black_to_come=1)
    with pytest.raises(ValueError, match="both sides full"):
        combat_win_probability("black_knight", [1, 1, 2, 2], 4)
    with pytest.raises(ValueError, match="not both"):
        best_next_fight("dragon", [], [1], 0, kay=True, kay_reserve=[2])
    with pytest.raises(ValueError, match="hand contains 7"):
        best_next_fight("dragon", [], [7], 0)


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        (("grail", 0, [], None, 3), {}, "war='grail'"),
        (("picts", 5, [], None, 3), {}, r"fights_laid=5: expected 0..4"),
        (("picts", 0, [], None, -1), {}, "actions=-1"),
        (("picts", 0, [], None, 3), {"start": "dragon"}, "start='dragon'"),
        (("picts", 0, [], None, 3), {"draws_per_action": 0}, "at least 1"),
        (("picts", 0, [1] * 18, None, 3), {}, "18 x Fight 1"),
        (("picts", 0, [], None, 3), {"mordred": 1}, "mordred=1"),
    ],
)
def test_war_bad_inputs_name_the_value(
    args: tuple[object, ...], kwargs: dict[str, object], match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        war_completion_probability(*args, **kwargs)  # type: ignore[arg-type]


# --- the CLI ------------------------------------------------------------------------------------
def test_cli_quest_combat_rb14_whites(capsys: pytest.CaptureFixture[str]) -> None:
    """quest.combat-end (RB p.14): the CLI prints the same exact chance."""
    assert (
        main(["quest", "combat", "lancelot", "--whites", "4", "5", "5", "--black-hidden", "4"]) == 0
    )
    out = capsys.readouterr().out
    assert "P(knights win lancelot) = 139/462" in out
    known = ",".join(RB14_BLACK)
    assert (
        main(["quest", "combat", "lancelot", "--whites", "4", "5", "5", "--black-known", known])
        == 0
    )
    assert "= 1 (100.00%)" in capsys.readouterr().out


def test_cli_quest_next_and_war(capsys: pytest.CaptureFixture[str]) -> None:
    """quest.fight-cards (BoQ p.14), quest.wars (RB p.15): the advisor and the war chance."""
    argv = ["quest", "next", "black-knight", "--whites", "3", "3", "--hand", "5", "1", "3"]
    assert main([*argv, "--black-hidden", "2"]) == 0
    out = capsys.readouterr().out
    assert "Fight 5  16/33" in out and "Fight 3" not in out
    assert (
        main(["quest", "war", "picts", "--fights", "2", "--hand", "3", "4", "--actions", "7"]) == 0
    )
    expected = war_completion_probability("picts", 2, [3, 4], None, 7)
    assert f"= {expected} (" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        (["quest", "combat", "dragon", "--whites", "1", "--black-hidden", "9"], "0..5 black spots"),
        (["quest", "combat", "lancelot", "--black-hidden", "-1"], "--black-hidden -1"),
        (["quest", "combat", "black-knight", "--whites", "1", "2", "3"], "cannot grow"),
        (["quest", "next", "lancelot", "--hand", "9"], "hand contains 9"),
        (["quest", "war", "saxons", "--fights", "7", "--actions", "3"], "fights_laid=7"),
    ],
)
def test_cli_quest_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], match: str
) -> None:
    assert main(argv) == 2
    assert match in capsys.readouterr().err
