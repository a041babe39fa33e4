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

from camelot_rules import explore, outcome_probabilities
from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.engine import actions as A
from camelot_rules.engine import position, random_step
from camelot_rules.engine import quests as effects
from camelot_rules.explorer.models.combat_race import CombatRace
from camelot_rules.explorer.models.quest_race import QuestRace
from camelot_rules.front.cli import main
from camelot_rules.front.display import fmt_chance, fmt_prob
from camelot_rules.odds.quests import (
    _fill_probability,
    best_next_fight,
    black_total_distribution,
    combat_race_probability,
    combat_win_probability,
    excalibur_race,
    grail_race,
    turn_choices,
    war_completion_probability,
    war_race,
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
    divine_favor: bool = False,
) -> bool:
    """Play the rest of the quest through the engine: seven knights, seat 0 (Sir Kay) on the
    quest, seats 1-6 draw black cards in turn (the first ``hidden`` laid face down) from a draw
    pile holding only the quest's combat cards (all other black cards are in the discard pile,
    which changes nothing in the sum). Returns whether the engine awards the quest."""
    prefix = "black_knight_" if quest == "black_knight" else "lancelot_dragon_"
    # Divine Favor is a card of Merlin's Company: the engine plays it in an expansion game
    box = standard_deck("black", expansion=divine_favor)
    discard = {n: c for n, c in box.items() if not n.startswith(prefix)}
    s = position(
        7,
        expansion=divine_favor,
        knights=KNIGHTS7,
        location={0: quest},
        turn=1,
        hands={0: kay_hand},
        over=("lancelot",) if quest == "dragon" else (),
        relics={"excalibur": 0} if excalibur else None,
        quests={quest: {"white": whites, "black": known}},
        black_discard=discard,
        divine_favor=divine_favor,
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


@pytest.mark.slow  # a seeded cross-check through the engine; the exact checks stay in check
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
    assert "P(knights win Lancelot) = 139/462" in out
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


# --- races against the black deck: brute force over every ordering ----------------------------
def _oracle_race(
    quest: str,
    order: tuple[str, ...],
    q: list[int],
    hands: list[object],
    seats: tuple[int, ...],
    players: int,
    turns: int,
    chosen_here: bool = True,
) -> tuple[str, int] | None:
    """The rules as the Book of Quests states them (BoQ pp.8-10, 15-16), written here apart
    from the engine: play one ordering of the black pile, turn by turn. Returns (how, turn)."""
    hands = [list(h) if isinstance(h, (list, tuple)) else h for h in hands]
    away = [False] * len(hands)
    pos = 0

    def lay(i: int) -> str | None:
        if quest == "grail":
            if hands[i] == 0 or q[2]:
                return None
            hands[i] -= 1  # type: ignore[operator]
            if q[0] + q[1] < 7:
                q[0] += 1
                return "won" if q[0] == 7 else ""
            q[1] -= 1
            return ""
        if quest == "excalibur":
            if hands[i] == 0:
                return None
            hands[i] -= 1  # type: ignore[operator]
            q[0] += 1
            return "won" if q[0] == 5 else ""
        need = min(q[0] + 1, 5)
        held = hands[i]
        assert isinstance(held, list)
        if need not in held:
            return None
        held.remove(need)
        q[0] += 1
        return "won" if q[0] == 5 + q[2] else ""

    def black(card: str) -> str:
        if quest == "grail" and card in ("despair", "desolation"):
            if card == "desolation" and q[0]:
                q[0] -= 1
            elif card == "despair" and q[0] + q[1] == 7:
                q[0] -= 1
                return ""
            q[1] += 1
            return "lost" if q[1] == 7 else ""
        if quest == "grail" and card == "dark_forest":
            q[2] = 1
        if quest == "excalibur" and card == "excalibur":
            q[0] -= 1
            return "lost" if q[0] == -5 else ""
        if quest in ("picts", "saxons"):
            if card == quest or card == "morgan_witch_3" or (card == "mercenaries" and chosen_here):
                q[1] += 1
                return "lost" if q[1] == 4 else ""
            if card == "mordred" and chosen_here:
                q[2] = 1
        return ""

    for t in range(turns):
        seat = t % players
        draws, over = 1, False
        while draws:
            card = order[pos]
            pos += 1
            draws -= 1
            if card == "morgan_3":
                draws += 3
            elif card == "guinevere":
                away, over = [True] * len(hands), True
            elif black(card):
                return ("lost", t + 1)
        if not over and seat in seats:
            i = seats.index(seat)
            if away[i]:
                away[i] = False
            elif lay(i) == "won":
                return ("won", t + 1)
    return None


def _oracle_curve(
    quest: str,
    pile: dict[str, int],
    q: tuple[int, ...],
    hands: list[object],
    seats: tuple[int, ...],
    players: int,
    turns: int,
    chosen_here: bool = True,
) -> tuple[list[Fraction], list[Fraction]]:
    cards = [c for c, n in pile.items() for _ in range(n)]
    counts = {"won": [0] * (turns + 1), "lost": [0] * (turns + 1)}
    total = 0
    for order in set(permutations(cards)):
        total += 1
        end = _oracle_race(quest, order, list(q), list(hands), seats, players, turns, chosen_here)
        if end:
            counts[end[0]][end[1]] += 1
    return (
        [Fraction(sum(counts["won"][: t + 1]), total) for t in range(turns + 1)],
        [Fraction(sum(counts["lost"][: t + 1]), total) for t in range(turns + 1)],
    )


GRAIL_PILE = {"despair": 2, "desolation": 1, "morgan_3": 1, "guinevere": 1, "picts": 3}


@pytest.mark.parametrize(
    ("grails", "blacks", "hands", "seats", "players", "turns", "pile"),
    [
        (5, 0, [1, 1], (0, 1), 3, 4, GRAIL_PILE),  # won 3/28
        (1, 4, [2, 2], (0, 1), 3, 4, GRAIL_PILE),  # lost 17/280
        (2, 4, [3, 1], (1, 2), 3, 4, {**GRAIL_PILE, "despair": 3, "picts": 2}),  # lost 11/140
        (
            6,
            1,
            [1, 1],
            (0, 2),
            4,
            5,
            {"despair": 2, "dark_forest": 1, "desolation": 1, "picts": 4},
        ),
    ],
)
def test_grail_race_matches_every_ordering(
    grails: int,
    blacks: int,
    hands: list[int],
    seats: tuple[int, ...],
    players: int,
    turns: int,
    pile: dict[str, int],
) -> None:
    """quest.grail, black.despair, black.desolation, black.dark-forest, black.morgan,
    black.guinevere (BoQ p.9, pp.15-16): the curve equals the share of the pile's orderings in
    which the quest is won / lost by each turn, played by rules written apart from the engine."""
    got = grail_race(grails, blacks, hands, turns, players=players, seats=seats, deck=pile)
    won, lost = _oracle_curve(
        "grail", pile, (grails, blacks, 0), list(hands), seats, players, turns
    )
    assert list(got.won) == won and list(got.lost) == lost
    assert got.p_win + got.p_lose > 0  # a case that can tell a wrong curve from a right one


@pytest.mark.parametrize(
    ("steps", "hands", "seats", "players", "turns", "pile"),
    [
        (3, [2], (0,), 3, 4, {"excalibur": 2, "morgan_3": 1, "picts": 5}),
        (-3, [2, 3], (0, 1), 3, 5, {"excalibur": 4, "guinevere": 1, "saxons": 3}),
    ],
)
def test_excalibur_race_matches_every_ordering(
    steps: int,
    hands: list[int],
    seats: tuple[int, ...],
    players: int,
    turns: int,
    pile: dict[str, int],
) -> None:
    """quest.excalibur (BoQ p.8, p.16): the Excalibur track race, every ordering."""
    got = excalibur_race(steps, hands, turns, players=players, seats=seats, deck=pile)
    won, lost = _oracle_curve("excalibur", pile, (steps,), list(hands), seats, players, turns)
    assert list(got.won) == won and list(got.lost) == lost
    assert got.p_win + got.p_lose > 0  # a case that can tell a wrong curve from a right one


WAR_PILE = {"picts": 2, "mercenaries": 1, "mordred": 1, "morgan_3": 1, "saxons": 2}


@pytest.mark.parametrize(
    ("fights", "warriors", "hands", "seats", "turns", "chosen_here", "pile"),
    [
        (2, 1, [[3, 4], [5]], (0, 1), 4, True, WAR_PILE),
        (3, 2, [[4], [5, 5]], (0, 2), 4, True, WAR_PILE),
        (3, 2, [[4], [5]], (0, 1), 4, False, WAR_PILE),
        (1, 2, [[2, 3, 4, 5]], (1,), 5, True, {"picts": 2, "morgan_witch_3": 1, "saxons": 4}),
    ],
)
def test_war_race_matches_every_ordering(
    fights: int,
    warriors: int,
    hands: list[list[int]],
    seats: tuple[int, ...],
    turns: int,
    chosen_here: bool,
    pile: dict[str, int],
) -> None:
    """quest.wars, black.mercenaries, black.mordred, witch.third (BoQ p.10, p.16; JA
    witches): the race against the warriors, every ordering."""
    got = war_race(
        "picts",
        fights,
        warriors,
        hands,
        turns,
        players=3,
        seats=seats,
        deck=pile,
        chosen_here=chosen_here,
        expansion="morgan_witch_3" in pile,
    )
    won, lost = _oracle_curve(
        "picts", pile, (fights, warriors, 0), [list(h) for h in hands], seats, 3, turns, chosen_here
    )
    assert list(got.won) == won and list(got.lost) == lost
    assert got.p_win + got.p_lose > 0  # a case that can tell a wrong curve from a right one


# --- races: seeded games through the engine ----------------------------------------------------
_JUNK = {"fight_1": 2, "fight_2": 2}  # the other knights' cards: volunteers pay with them


def _race_policy(s: object, quest: str, seats: tuple[int, ...], lay: object) -> object:
    """The race model's players: draw black, lay face up, never cancel or sacrifice; the
    knights on the quest lay its cards (back to it after Guinevere); the other knights draw
    white cards, volunteer for Morgan's discards and put Mercenaries/Mordred on this war."""
    acts = s.legal_actions()  # type: ignore[attr-defined]
    me = s.current_player  # type: ignore[attr-defined]
    for a in (A.DrawBlack(), A.PlayBlack(False), A.ChooseWar(quest)):
        if a in acts:
            return a
    if A.Volunteer() in acts:
        return A.Pass() if me in seats else A.Volunteer()
    discards = [a for a in acts if isinstance(a, (A.Discard, A.ChooseWar))]
    if discards:
        return discards[0]
    if A.EndTurn() in acts:
        return A.EndTurn()
    if any(isinstance(a, A.Pledge) for a in acts) or A.Pass() in acts:
        return A.Pass()
    if me in seats:
        mine = [a for a in acts if lay(a)]
        if mine:
            return mine[0]
        if A.Move(quest) in acts:
            return A.Move(quest)
    if A.DrawWhite() in acts:
        return A.DrawWhite()
    other = [a for a in acts if isinstance(a, A.Move) and a.quest not in (quest, "camelot")]
    if other:
        return other[0]
    raise AssertionError(f"seat {me}: no neutral action in {[str(a) for a in acts]}")


def _engine_race(
    s: object, quest: str, seats: tuple[int, ...], turns: int, rng: random.Random
) -> str:
    """Play ``turns`` turns through the engine; 'won'/'lost' if the quest ended, else ''."""

    def lay(a: object) -> bool:
        return isinstance(a, (A.PlayGrail, A.DiscardForExcalibur)) or (
            isinstance(a, A.PlayFight) and a.quest == quest
        )

    while not s.is_terminal():  # type: ignore[attr-defined]
        for event in s.events:  # type: ignore[attr-defined]
            if event[0] == "quest" and event[1] == quest:
                return "won" if event[2] else "lost"
        if s.turn_no > turns:  # type: ignore[attr-defined]
            return ""
        s = (
            random_step(s, rng)  # type: ignore[arg-type]
            if s.is_chance()  # type: ignore[attr-defined]
            else s.apply(_race_policy(s, quest, seats, lay))  # type: ignore[attr-defined]
        )
    return ""


@pytest.mark.slow  # a seeded cross-check through the engine; the exact checks stay in check
@pytest.mark.parametrize(
    ("quest", "setup", "exact_call"),
    [
        # the Grail: 4 laid, 1 Despair, two knights with 2 Grail cards each, 3 players, 8 turns
        (
            "grail",
            {
                "quests": {"grail": {"grails": 4, "blacks": ("despair",)}},
                "hands": {0: {"grail": 2}, 1: {"grail": 2}},
            },
            lambda: grail_race(4, 1, [2, 2], 8, players=3),
        ),
        # Excalibur two steps from the knights' bank, two knights with 2 cards each, 8 turns
        (
            "excalibur",
            {
                "quests": {"excalibur": {"position": 2}},
                "hands": {0: {"fight_3": 2}, 1: {"fight_4": 2}},
            },
            lambda: excalibur_race(2, [2, 2], 8, players=3),
        ),
        # the Picts with 1, 2 laid and two warriors; knights holding 3, 4 and 5; 8 turns
        (
            "picts",
            {
                "quests": {"picts": {"fights": 2, "warriors": 2}},
                "hands": {0: {"fight_3": 1, "fight_5": 1}, 1: {"fight_4": 1}},
            },
            lambda: war_race("picts", 2, 2, [[3, 5], [4]], 8, players=3),
        ),
    ],
)
def test_races_agree_with_seeded_engine_games(
    quest: str, setup: dict[str, dict[int | str, object]], exact_call: object
) -> None:
    """quest.grail, quest.excalibur, quest.wars: 1500 seeded games of the race through the
    whole engine (the full black deck, every card's own effect) agree with the exact chances
    within 4 standard errors."""
    exact = exact_call()  # type: ignore[operator]
    hands = {**setup["hands"], 2: dict(_JUNK)}
    base = position(
        3,
        location={0: quest, 1: quest},
        hands=hands,  # type: ignore[arg-type]
        quests=setup["quests"],  # type: ignore[arg-type]
    )
    rng = random.Random(14)
    trials = 1500
    ends = [_engine_race(base, quest, (0, 1), 8, rng) for _ in range(trials)]
    for how, p_exact in (("won", exact.p_win), ("lost", exact.p_lose)):
        p = float(p_exact)
        got = ends.count(how) / trials
        assert abs(got - p) <= 4 * math.sqrt(max(p * (1 - p), 1e-4) / trials), (how, got, p)


# --- a turn's choice ----------------------------------------------------------------------------
def _choice_position() -> object:
    return position(
        4,
        location={0: "grail"},
        hands={0: {"grail": 1, "fight_2": 1, "fight_5": 1}},
        phase="heroic",
        quests={
            "grail": {"grails": 3, "blacks": ("despair",) * 3},
            "black_knight": {
                "white": (2,),
                "black": (("black_knight_3", True), "black_knight_1", "black_knight_5"),
            },
            "picts": {"fights": 1, "warriors": 3},
        },
        black_discard={"morgan_3": 1},
    )


def test_turn_choices_black_knight_by_hand() -> None:
    """turn.order, quest.combat-end (RB p.9-10, p.14): moving to the Black Knight (white 2,
    black 1 + 5 + one face down) - the quest is lost before my next turn exactly when one of
    the 8 Black Knight cards left comes among the 3 other knights' draws from 69 cards (Morgan 3
    is in the discard pile): the black total is then at least 1 + 5 + 1 + 1 = 8 > 2."""
    s = _choice_position()
    by = {c.action: c for c in turn_choices(s)}  # type: ignore[arg-type]
    n, k = 76 - 3 - 3 - 1, 8  # the box less 3 Black Knight cards, 3 Despairs, Morgan 3
    assert by["move to black_knight"].p_lost_soon == 1 - Fraction(
        math.comb(n - k, 3), math.comb(n, 3)
    )
    assert by["move to black_knight"].p_win_now == 0
    assert by["play a Grail card"].p_lost_soon == 0  # 4 + 3 fill the quest: no Despair can end it


@pytest.mark.parametrize(("steps", "need"), [(1, 1), (2, 1), (2, 2), (3, 2)])
def test_fill_probability_with_morgan_3_matches_every_ordering(steps: int, need: int) -> None:
    """black.morgan (BoQ p.16): Morgan 3 draws three more cards in the same evil step; the
    chance that a combat quest's last black spots fill, over every ordering of a small pile."""
    cards = ["bk", "bk", "morgan_3", "x", "x", "x", "x", "x"]
    hits = total = 0
    for order in set(permutations(cards)):
        total += 1
        pos = got = 0
        for _ in range(steps):
            draws = 1
            while draws:
                card, pos, draws = order[pos], pos + 1, draws - 1
                draws += 3 if card == "morgan_3" else 0
                got += card == "bk"
        hits += got >= need
    assert _fill_probability(2, 1, 8, steps, need) == Fraction(hits, total)


def test_turn_choices_win_now_on_the_last_white_spot() -> None:
    """quest.combat-end (RB p.14): the last Fight card ends the quest at once; the win chance is
    the combat calculator's with the face-down card unseen."""
    s = position(
        4,
        location={0: "black_knight"},
        hands={0: {"fight_5": 1}},
        phase="heroic",
        quests={"black_knight": {"white": (4, 4, 5), "black": (("black_knight_7", True),)}},
    )
    (choice,) = [c for c in turn_choices(s) if c.action.startswith("play")]
    assert choice.p_win_now == combat_win_probability(
        "black_knight", [4, 4, 5, 5], 1, black_to_come=0
    )
    assert choice.p_win_now + choice.p_lost_soon == 1


@pytest.mark.slow  # a seeded cross-check through the engine; the exact checks stay in check
@pytest.mark.parametrize("action", ["move to black_knight", "move to picts"])
def test_turn_choices_agree_with_seeded_engine_games(action: str) -> None:
    """turn.order, evil.black-card: 2000 seeded continuations through the engine (my move,
    then the three other knights' turns) agree with the exact chance that the quest is lost
    before my next turn."""
    s = _choice_position()
    choice = next(c for c in turn_choices(s) if c.action == action)  # type: ignore[arg-type]
    act = next(a for a in s.legal_actions() if str(a) == action)  # type: ignore[attr-defined]
    rng = random.Random(1414)
    trials, lost = 2000, 0
    for _ in range(trials):
        t = s.apply(act)  # type: ignore[attr-defined]
        start = t.turn_no
        while not t.is_terminal() and t.turn_no < start + 4:
            if any(e[0] == "quest" and e[1] == choice.quest for e in t.events):
                break
            if t.is_chance():
                t = random_step(t, rng)
            else:
                t = t.apply(_race_policy(t, choice.quest, (), lambda a: False))
        lost += any(e[0] == "quest" and e[1] == choice.quest and not e[2] for e in t.events)
    p = float(choice.p_lost_soon)
    assert abs(lost / trials - p) <= 4 * math.sqrt(p * (1 - p) / trials), (lost / trials, p)


def test_cli_quest_races(capsys: pytest.CaptureFixture[str]) -> None:
    """quest.grail, quest.excalibur, quest.wars: the CLI prints the library's exact chances,
    turn by turn, with the model's assumptions."""
    assert main(["quest", "grail", "--laid", "4", "--hands", "2,1", "--turns", "6"]) == 0
    out = capsys.readouterr().out
    p = grail_race(4, 0, [2, 1], 6).p_win
    assert out.startswith(f"Holy Grail within 6 turns: won {fmt_chance(p)}")  # a sentence
    assert f"6      {fmt_prob(p, 2)}" in out  # the table's last turn
    assert "What this assumes:\n  - Rules: BoQ p.9" in out and "  - every evil step" in out
    argv = ["quest", "excalibur", "--steps", "2", "--knights", "2", "--each", "2"]
    assert main([*argv, "--turns", "4", "--players", "3"]) == 0
    p = excalibur_race(2, [2, 2], 4, players=3).p_win
    assert f"won {fmt_chance(p)}" in capsys.readouterr().out.splitlines()[0]
    argv = ["quest", "war-race", "saxons", "--fights", "3", "--warriors", "2", "--hand", "4,5"]
    assert main([*argv, "--turns", "5", "--mercenaries-elsewhere"]) == 0
    p = war_race("saxons", 3, 2, [[4, 5]], 5, chosen_here=False).p_win
    assert 0 < p < 1 and f"won {fmt_chance(p)}" in capsys.readouterr().out.splitlines()[0]


def test_cli_race_that_cannot_be_won_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    """quest.grail (BoQ p.9; RB p.15): 3 Grail cards laid and 1 held make 4 of the 7 needed;
    the model draws no white card, so the race is lost or open but never won."""
    assert grail_race(3, 0, [1], 6).p_win == 0
    assert main(["quest", "grail", "--laid", "3", "--hands", "1"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("Holy Grail cannot be won within 6 turns: the knights on it hold")
    assert "1 Grail card but 4 are still needed (7 win it)" in first
    assert "/" not in first  # no fraction in the headline


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        (["quest", "grail", "--laid", "7"], "--laid 7: expected 0..6"),
        (["quest", "grail", "--laid", "4", "--despair", "4"], "it has 7 spots"),
        (["quest", "excalibur", "--steps", "5"], "--steps 5: expected -4..4"),
        (["quest", "war-race", "picts", "--warriors", "4"], "--warriors 4: expected 0..3"),
        (["quest", "grail", "--turns", "99"], "--turns 99"),
    ],
)
def test_cli_quest_race_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], match: str
) -> None:
    assert main(argv) == 2
    assert match in capsys.readouterr().err


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: grail_race(3, ["despair", "picts"], [1], 2), "blacks contains 'picts'"),
        (lambda: grail_race(3, 0, [1, 1], 2, seats=[0, 0]), "2 different seats"),
        (lambda: grail_race(3, 0, [1], 2, seats=[5]), "seats contains 5"),
        (lambda: grail_race(3, 0, [10, 6], 2), "the game has only 18"),
        (lambda: grail_race(3, 0, [1], 2, deck={"despair": 1}), r"the draw pile \(deck\) holds 1"),
        (lambda: grail_race(3, 0, [-1], 2), "hands contains -1"),
        (lambda: grail_race(3, 0, [1], 2, dark_forest="yes"), "dark_forest='yes'"),
        (lambda: war_race("picts", 0, 0, [[5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]], 2), "Fight 5"),
        (lambda: war_race("vikings", 0, 0, [[1]], 2), "war='vikings'"),
        (lambda: excalibur_race(0, [1], 2, deck={"grail": 5}), "not black cards"),
        (lambda: grail_race(3, 0, [1], 2, deck={"dark_forest": 2, "picts": 3}), "2 x dark_forest"),
        (lambda: grail_race(3, 9, [1], 2), "blacks=9"),
        (lambda: excalibur_race(0, [1] * 9, 2), "more knights than a table holds"),
        (lambda: turn_choices("board"), "state='board'"),
        (lambda: turn_choices(position(3)), "phase 'evil'"),
    ],
)
def test_race_bad_inputs_name_the_value(call: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        call()  # type: ignore[operator]


# --- the quest race as an explorer model ---------------------------------------------------------
@pytest.mark.parametrize(
    ("model", "exact"),
    [
        (QuestRace("grail", (4, 1), ((2,), (2,)), turns=6), lambda: grail_race(4, 1, [2, 2], 6)),
        (
            QuestRace("picts", (2, 2), ((3, 4), (5,)), turns=6),
            lambda: war_race("picts", 2, 2, [[3, 4], [5]], 6),
        ),
        (
            QuestRace("excalibur", (2,), ((2,), (2,)), seats=(0, 2), players=3, turns=5),
            lambda: excalibur_race(2, [2, 2], 5, seats=(0, 2), players=3),
        ),
    ],
)
def test_quest_race_model_solves_to_the_race_calculator(model: QuestRace, exact: object) -> None:
    """quest.grail, quest.wars, quest.excalibur: the explorer's exact solve of the model (a
    second route: graph building and back-solving instead of the turn-by-turn sum) gives the
    calculator's chances; every chance node sums to 1 and states are hashable values."""
    graph = explore(model)
    for node, data in graph.nodes(data=True):
        hash(node)
        if data["kind"] == "chance":
            assert sum(d["prob"] for _, _, d in graph.out_edges(node, data=True)) == 1
    got = outcome_probabilities(graph, maximize="won")
    curve = exact()  # type: ignore[operator]
    assert got.get("won", 0) == curve.p_win and got.get("lost", 0) == curve.p_lose


def test_quest_race_model_siege_engine_instead_of_a_black_card() -> None:
    """evil.black-card (RB p.9-10): allowed to add siege engines instead of drawing, the
    knights' best play raises the Grail's chance, and never lowers it."""
    base = outcome_probabilities(explore(QuestRace(turns=6)), maximize="won")["won"]
    two = outcome_probabilities(explore(QuestRace(turns=6, engines=2)), maximize="won")["won"]
    assert base == grail_race(4, 1, [2, 2], 6).p_win
    assert two > base


def test_quest_race_model_bad_input() -> None:
    with pytest.raises(ValueError, match="engines=12"):
        QuestRace(engines=12)
    with pytest.raises(ValueError, match="on_quest"):
        QuestRace(on_quest=(4,))
    with pytest.raises(ValueError, match="quest='dragon'"):
        QuestRace(quest="dragon")


# --- combat: Divine Favor, white cards to come, Lancelot's Armor --------------------------------
def _brute_race(
    quest: str,
    whites: tuple[int, ...],
    known: tuple[int, ...],
    hidden: int,
    hand: tuple[int, ...],
    schedule: str,
    pile: tuple[int, ...],
    *,
    bonus: int = 0,
    favor: bool = False,
    greedy: bool = False,
) -> Fraction:
    """Every card of ``pile`` (black values on this quest) apart, every ordering weighed
    equally: the knights' best choice at each ``w`` (or, ``greedy``, the largest card the
    pattern allows), each ``b`` any remaining card, each ``a`` any ordered pair of remaining
    cards of which the lower is kept; at the end the face-down and missing cards are every
    combination of what is left. Written apart from the calculator's count arithmetic."""
    data = rulebook.quest_data(quest)

    def reveal(ws: tuple[int, ...], rest: tuple[int, ...], black: int, unseen: int) -> Fraction:
        picks = [
            [rest[i] for i in idx]
            for idx in __import__("itertools").combinations(range(len(rest)), unseen)
        ]
        white = sum(ws) + bonus
        won = sum(white > black + sum(p) or (favor and white == black + sum(p)) for p in picks)
        return Fraction(won, len(picks))

    def rec(
        i: int,
        ws: tuple[int, ...],
        left: tuple[int, ...],
        rest: tuple[int, ...],
        black: int,
        n: int,
    ) -> Fraction:
        if len(ws) >= data.white_spots or n >= data.black_spots:
            return reveal(ws, rest, black, hidden)
        if i == len(schedule):
            return reveal(ws, rest, black, hidden + data.black_spots - n)
        if schedule[i] == "w":
            lays = [j for j in range(len(left)) if effects.pattern_ok(quest, (*ws, left[j]))]
            if greedy and lays:
                lays = [max(lays, key=lambda j: left[j])]
            options = [] if greedy and lays else [rec(i + 1, ws, left, rest, black, n)]
            for j in lays:
                options.append(rec(i + 1, (*ws, left[j]), left[:j] + left[j + 1 :], rest, black, n))
            return max(options)
        if schedule[i] == "b" or len(rest) < 2:
            outs = [
                rec(i + 1, ws, left, rest[:j] + rest[j + 1 :], black + rest[j], n + 1)
                for j in range(len(rest))
            ]
            return Fraction(sum(outs), len(outs))
        outs = []
        for j in range(len(rest)):
            for k in range(len(rest)):
                if j != k:
                    after = tuple(c for x, c in enumerate(rest) if x not in (j, k))
                    outs.append(rec(i + 1, ws, left, after, black + min(rest[j], rest[k]), n + 1))
        return Fraction(sum(outs), len(outs))

    return rec(0, whites, hand, pile, sum(known), len(known) + hidden)


SMALL_BK = {"black_knight_1": 2, "black_knight_3": 2, "black_knight_5": 1, "black_knight_7": 1}
SMALL_LD = {"lancelot_dragon_1_5": 3, "lancelot_dragon_3_7": 3, "lancelot_dragon_5_9": 1}


@pytest.mark.parametrize(
    ("quest", "whites", "known", "hidden", "hand", "schedule", "deck", "kw"),
    [
        ("black_knight", (4, 4), (), 2, (1, 1, 5), "bww", SMALL_BK, {}),
        ("black_knight", (4, 4), (), 2, (1, 1, 5), "aww", SMALL_BK, {}),
        ("black_knight", (2,), ("black_knight_3",), 0, (2, 3, 3, 5), "wawbw", SMALL_BK, {}),
        ("black_knight", (3, 3), (), 1, (1, 2, 2), "wbw", SMALL_BK, {"divine_favor": True}),
        ("black_knight", (), (), 0, (), "ab", SMALL_BK, {"excalibur": True}),
        ("lancelot", (4, 4), ("lancelot_dragon_1_5",), 1, (4, 2, 2, 5), "wawbw", SMALL_LD, {}),
        ("lancelot", (5, 5, 3), (), 2, (3, 1), "aw", SMALL_LD, {"kay_reserve": (2,)}),
        ("dragon", (5, 5, 5, 4, 4, 4), (), 1, (2, 2, 3, 3, 3), "wawbw", SMALL_LD, {}),
    ],
)
def test_combat_race_matches_every_ordering(
    quest: str,
    whites: tuple[int, ...],
    known: tuple[str, ...],
    hidden: int,
    hand: tuple[int, ...],
    schedule: str,
    deck: dict[str, int],
    kw: dict[str, object],
) -> None:
    """quest.combat-end, quest.fight-cards, relic.armor (BoQ p.6, p.14; RB p.14): the exact
    race equals the every-ordering oracle on small decks."""
    pool = {k: v - known.count(k) for k, v in deck.items()}
    pile = tuple(effects.black_value(c, quest) for c, n in pool.items() for _ in range(n))
    exact = combat_race_probability(
        quest,
        whites,
        (*known, *["hidden"] * hidden),
        hand=hand,
        schedule=schedule,
        deck=pool,
        **kw,  # type: ignore[arg-type]
    )
    bonus = (1 if kw.get("excalibur") else 0) + max(kw.get("kay_reserve", (0,)))  # type: ignore[call-overload]
    brute = _brute_race(
        quest,
        whites,
        tuple(effects.black_value(c, quest) for c in known),
        hidden,
        hand,
        schedule,
        pile,
        bonus=bonus,
        favor=bool(kw.get("divine_favor")),
    )
    assert exact == brute


@pytest.mark.parametrize("favor", [False, True])
@pytest.mark.parametrize(
    ("quest", "whites", "laid"),
    [("black_knight", (3, 3, 5), 3), ("black_knight", (4, 4), 2), ("dragon", (5, 5, 5), 2)],
)
def test_an_empty_schedule_is_the_combat_calculator(
    quest: str, whites: tuple[int, ...], laid: int, favor: bool
) -> None:
    """With no step to come the race is combat_win_probability (one model, two entries)."""
    assert combat_race_probability(
        quest, whites, laid, hand=[1, 2], divine_favor=favor
    ) == combat_win_probability(quest, whites, laid, divine_favor=favor)


def test_divine_favor_adds_exactly_the_ties() -> None:
    """white.expansion-specials (JA Divine Favor): the favor adds P(black total == white total),
    read off the black total's own distribution, and nothing else."""
    for whites, laid, exc in [((3, 3, 5), 3, True), ((2, 2, 4), 1, False), ((1, 1), 0, False)]:
        total = sum(whites) + (1 if exc else 0)
        dist = dict(black_total_distribution("black_knight", laid, n_whites=len(whites)).items())
        tie = dist.get(total, Fraction(0))
        with_favor = combat_win_probability(
            "black_knight", whites, laid, excalibur=exc, divine_favor=True
        )
        assert (
            with_favor == combat_win_probability("black_knight", whites, laid, excalibur=exc) + tie
        )
    assert combat_win_probability("black_knight", (3, 3, 5), 3, excalibur=True) == Fraction(16, 33)
    best = best_next_fight("black_knight", [3, 3, 5], [5, 1], 3, divine_favor=True)
    assert best[0].value == 5
    assert best[0].p_win == combat_win_probability(
        "black_knight", [3, 3, 5, 5], 3, divine_favor=True
    )


@pytest.mark.slow  # a seeded cross-check through the engine; the exact checks stay in check
def test_divine_favor_agrees_with_a_seeded_engine_simulation() -> None:
    """white.expansion-specials, quest.combat-end: Black Knight 3, 3, 5 with Excalibur (12),
    three face down and one to come, Divine Favor in play: 4000 seeded engine games agree with
    the exact 23/33 within 4 standard errors (without the favor it would be 16/33)."""
    exact = combat_win_probability("black_knight", (3, 3, 5), 3, excalibur=True, divine_favor=True)
    assert exact == Fraction(23, 33)
    rng = random.Random(20261202)
    trials = 4000
    wins = sum(
        _engine_combat(
            "black_knight", (3, 3, 5), (), 3, rng, kay_hand={}, excalibur=True, divine_favor=True
        )
        for _ in range(trials)
    )
    p = float(exact)
    assert abs(wins / trials - p) <= 4 * math.sqrt(p * (1 - p) / trials)


def _engine_armor_race(
    whites: tuple[int, ...], known: tuple[str, ...], hand: dict[str, int], rng: random.Random
) -> bool:
    """Black Knight through the engine: seat 0 holds Lancelot's Armor and is on the quest with
    ``hand``; the draw pile holds only Black Knight cards. Each of his turns: draw a black card
    (the engine shows two, he keeps the lower), then lay the largest Fight card the pattern
    allows. Seats 1 and 2 never draw a black card (a siege engine, then life). Returns whether
    the engine awards the quest."""
    discard = {n: c for n, c in standard_deck("black").items() if not n.startswith("black_knight_")}
    s = position(
        3,
        location={0: "black_knight"},
        hands={0: hand},
        relics={"armor": 0},
        over=("lancelot",),
        quests={"black_knight": {"white": whites, "black": known}},
        black_discard=discard,
    )
    white0, black0 = s.wsw, s.bsw
    while s.wsw == white0 and s.bsw == black0:
        if s.is_chance():
            s = random_step(s, rng)
            continue
        acts = s.legal_actions()
        keeps = [a for a in acts if isinstance(a, A.Keep)]
        fights = [a for a in acts if isinstance(a, A.PlayFight)]
        if keeps:
            s = s.apply(min(keeps, key=lambda a: effects.black_value(a.card, "black_knight")))
        elif A.PlayBlack(False) in acts:  # face up
            s = s.apply(A.PlayBlack(False))
        elif A.DrawBlack() in acts and s.turn == 0:
            s = s.apply(A.DrawBlack())
        elif A.AddEngine() in acts:
            s = s.apply(A.AddEngine() if s.engines < 8 else A.LoseLife())
        elif fights and s.turn == 0:
            s = s.apply(max(fights, key=lambda a: a.value))
        elif A.EndTurn() in acts:
            s = s.apply(A.EndTurn())
        else:
            s = s.apply(A.DrawWhite())
    return s.wsw > white0


@pytest.mark.slow  # a seeded cross-check through the engine; the exact checks stay in check
def test_armor_race_agrees_with_a_seeded_engine_simulation() -> None:
    """relic.armor (BoQ p.6), quest.fight-cards: Black Knight with a 2 laid and a 3 seen, the
    Armor's holder on it with 2, 3, 3 in hand: each turn he draws (two seen, the lower kept),
    then lays his largest allowed card. The exact race (schedule "awawaw") equals the oracle
    with that greedy choice, and 4000 seeded engine games agree within 4 standard errors; the
    Armor is worth something: the same race without it is lower."""
    whites, known, hand = (2,), ("black_knight_3",), (3, 3, 2)
    exact = combat_race_probability("black_knight", whites, known, hand=hand, schedule="awawaw")
    pile = tuple(
        effects.black_value(c, "black_knight")
        for c, n in standard_deck("black").items()
        if c.startswith("black_knight_")
        for _ in range(n - known.count(c))
    )
    assert exact == _brute_race("black_knight", whites, (3,), 0, hand, "awawaw", pile, greedy=True)
    plain = combat_race_probability("black_knight", whites, known, hand=hand, schedule="bwbwbw")
    assert plain < exact
    rng = random.Random(14)
    trials = 4000
    wins = sum(
        _engine_armor_race(whites, known, {"fight_3": 2, "fight_2": 1}, rng) for _ in range(trials)
    )
    p = float(exact)
    assert abs(wins / trials - p) <= 4 * math.sqrt(p * (1 - p) / trials)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"schedule": "wx"}, "schedule='wx'"),
        ({"schedule": "wwwww"}, "5 white steps"),
        ({"schedule": "bbbbb"}, "5 black steps"),
        ({"hand": [6]}, "hand contains 6"),
        ({"hand": [2] * 17}, "Fight 2"),
        ({"divine_favor": "yes"}, "divine_favor='yes'"),
        ({"deck": {"black_knight_1": 3}, "schedule": "a"}, "holds only 3"),
    ],
)
def test_combat_race_bad_inputs_name_the_value(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        combat_race_probability("black_knight", [], 0, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="the quest has ended"):
        combat_race_probability("black_knight", [1, 1, 2, 2], 0, schedule="b")


# --- the combat quest as an explorer model -----------------------------------------------------
@pytest.mark.parametrize(
    "kwargs",
    [
        {
            "quest": "black_knight",
            "whites": "4+4",
            "black_laid": 2,
            "hand": "1+1",
            "schedule": "aww",
        },
        {
            "quest": "black_knight",
            "whites": (),
            "black_laid": 0,
            "hand": (3, 3, 2),
            "schedule": "awawaw",
        },
        {
            "quest": "black_knight",
            "whites": "3+3+5",
            "black_laid": 3,
            "hand": "5",
            "schedule": "w",
            "excalibur": True,
            "divine_favor": True,
        },
        {
            "quest": "lancelot",
            "whites": "5+5",
            "black_laid": 1,
            "hand": "5+3+3+1",
            "schedule": "wbwaw",
            "kay_reserve": "2",
        },
        {
            "quest": "dragon",
            "whites": "5+5+5+4+4",
            "black_laid": 2,
            "hand": "4+2+2+2",
            "schedule": "wawbw",
        },
    ],
)
def test_combat_race_model_solves_to_the_calculator(kwargs: dict[str, object]) -> None:
    """quest.combat-end, quest.fight-cards, relic.armor: the explorer's exact solve (knights
    choosing at each w) equals combat_race_probability on the same position, and the model obeys
    the explorer's contract (probabilities sum to 1 at every chance state)."""
    model = CombatRace(**kwargs)  # type: ignore[arg-type]
    graph = explore(model)
    for state in graph:
        if not model.is_terminal(state) and model.is_chance(state):
            assert sum(p for _, p in model.chance_outcomes(state)) == 1
    solved = outcome_probabilities(graph, maximize="won")["won"]

    def values(x: object) -> tuple[int, ...]:
        return tuple(int(v) for v in x.split("+")) if isinstance(x, str) else tuple(x)  # type: ignore[attr-defined]

    exact = combat_race_probability(
        str(kwargs["quest"]),
        values(kwargs["whites"]),
        int(kwargs["black_laid"]),  # type: ignore[call-overload]
        hand=values(kwargs["hand"]),
        schedule=str(kwargs["schedule"]),
        excalibur=bool(kwargs.get("excalibur", False)),
        kay_reserve=values(kwargs.get("kay_reserve", ())),
        divine_favor=bool(kwargs.get("divine_favor", False)),
    )
    assert solved == exact


def test_combat_race_model_in_the_graph_widget() -> None:
    """The graph widget parses the model's text parameters and describes its states."""
    from widgets.graph import MODELS, describe_state, explore_model

    name = "Combat quest (Black Knight, Lancelot, Dragon)"
    explored = explore_model(name, MODELS[name].defaults)
    root = explored.graph.graph["root"]
    assert explored.solution.values[root]["won"] == combat_race_probability(
        "black_knight", [4, 4], 2, hand=[1, 1, 5], schedule="awbw"
    )
    assert describe_state(name, root) == (
        "step 1 of the schedule; whites 4+4; hand 1+1+5; 2 black card(s) laid, the face-up "
        "ones total 0; combat cards unseen, lowest value first: 5, 3, 2, 1"
    )
    with pytest.raises(ValueError, match="whites='4,x'"):
        CombatRace(whites="4,x")
    with pytest.raises(ValueError, match="schedule='wq'"):
        explore_model(name, "schedule=wq")


def test_cli_quest_combat_with_cards_to_come_and_divine_favor(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """quest.combat-end, relic.armor, white.expansion-specials: the CLI prints the calculators'
    own fractions for --hand/--schedule and --divine-favor, and refuses a schedule and
    --black-to-come together."""
    argv = ["quest", "combat", "black-knight", "--whites", "4", "4", "--black-hidden", "2"]
    assert main([*argv, "--hand", "1", "1", "--schedule", "aww"]) == 0
    expected = combat_race_probability("black_knight", [4, 4], 2, hand=[1, 1], schedule="aww")
    out = capsys.readouterr().out
    assert f"= {expected} (" in out and "black (Armor), lay?, lay?" in out
    argv = ["quest", "combat", "black-knight", "--whites", "3", "3", "5", "--black-hidden", "3"]
    assert main([*argv, "--excalibur", "--divine-favor"]) == 0
    out = capsys.readouterr().out
    assert "= 23/33 (" in out and "Divine Favor gives it to the knights" in out
    assert main([*argv, "--schedule", "b", "--black-to-come", "1"]) == 2
    assert "--black-to-come and --schedule" in capsys.readouterr().err
    assert main([*argv, "--schedule", "wz"]) == 2
    assert "schedule='wz'" in capsys.readouterr().err
