"""Bad input gets a clear ValueError naming the parameter and the value (issue 16).

Yes/no options accept ``True``/``False`` only, through one shared check; card names are checked
whole; a deck's truth value never picks a default.
"""

from collections.abc import Callable
from fractions import Fraction

import pytest

from camelot_rules import (
    Deck,
    DeckPosition,
    RebuildRules,
    best_turn,
    core,
    dealt_hand_table,
    dealt_turn_distribution,
    deck_facts,
    explore,
    kay_splits,
    random_hand_siege_win_probability,
    rulebook,
    setup_position,
    siege_choices,
    siege_win_probability,
    simulate,
    solve,
    standard_deck,
    travel_composition_posterior,
)
from camelot_rules.checks import check_bool
from camelot_rules.display import assumption_lines
from camelot_rules.models import CoinRace, RoundTable, SiegeRace
from camelot_rules.reshuffle import quest_card_map
from camelot_rules.siege import fight_value, hand_fight_counts
from camelot_rules.travel import (
    next_trip_risk,
    remaining_travel_deck,
    travel_compositions,
    trips_distribution,
)

SMALL = Deck({"fight_5": 1, "grail": 1})
TRAVEL = Deck({"captured": 1, "vision": 1, "lost": 2})
COIN_GRAPH = explore(CoinRace(target=1))

# (parameter name, a call taking the value of that parameter)
YES_NO: list[tuple[str, Callable[[object], object]]] = [
    ("expansion", lambda v: standard_deck("white", expansion=v)),
    ("expansion", lambda v: deck_facts("black", expansion=v)),
    ("expansion", lambda v: setup_position(5, expansion=v)),
    ("excalibur", lambda v: siege_win_probability([3], excalibur=v)),
    ("excalibur", lambda v: siege_choices([3], excalibur=v)),
    ("excalibur", lambda v: kay_splits([3, 1], excalibur=v)),
    ("excalibur", lambda v: random_hand_siege_win_probability(SMALL, 1, excalibur=v)),
    ("excalibur", lambda v: dealt_hand_table(SMALL, [1], excalibur=v)),
    ("excalibur", lambda v: best_turn([3], excalibur=v)),
    ("kay", lambda v: best_turn([3], kay=v)),
    ("second_witch", lambda v: best_turn([3], second_witch=v)),
    ("keep_alive", lambda v: best_turn([3], keep_alive=v)),
    ("excalibur", lambda v: dealt_turn_distribution(SMALL, 1, excalibur=v)),
    ("kay", lambda v: dealt_turn_distribution(SMALL, 1, kay=v)),
    ("second_witch", lambda v: dealt_turn_distribution(SMALL, 1, second_witch=v)),
    ("grail_open", lambda v: next_trip_risk(TRAVEL, grail_open=v)),
    ("can_meet['lost']", lambda v: next_trip_risk(TRAVEL, can_meet={"lost": v})),
    ("grail_open", lambda v: trips_distribution(TRAVEL, 1, grail_open=v)),
    ("merlin_on_board", lambda v: trips_distribution(TRAVEL, 1, merlin_on_board=v)),
    ("can_meet['charged']", lambda v: trips_distribution(TRAVEL, 1, can_meet={"charged": v})),
    ("allow_zero", lambda v: travel_composition_posterior([], deck_size=7, allow_zero=v)),
    ("allow_zero", lambda v: list(travel_compositions(7, 7, allow_zero=v))),
    ("expansion", lambda v: DeckPosition(standard_deck("black"), expansion=v)),
    ("first_witch", lambda v: RebuildRules(first_witch=v)),
    ("include_low", lambda v: RebuildRules(include_low=v)),
    ("include_low", lambda v: quest_card_map(include_low=v)),
    ("steps", lambda v: solve(COIN_GRAPH, steps=v)),
    ("expansion", lambda v: RoundTable(expansion=v)),
    ("fifth_witch", lambda v: RoundTable(fifth_witch=v)),
    ("divine_favor", lambda v: RoundTable(divine_favor=v)),
    ("traitor_dead", lambda v: RoundTable(traitor_dead=v)),
    ("expansion", lambda v: SiegeRace(expansion=v)),
    ("evil_choice", lambda v: SiegeRace(evil_choice=v)),
    ("expansion", lambda v: assumption_lines("white", expansion=v)),
    ("fifth_witch", lambda v: core.after_wrong_accusation(5, 0, fifth_witch=v)),
    ("divine_favor", lambda v: core.knights_win_count(6, 6, divine_favor=v)),
    ("fifth_witch", lambda v: rulebook.wrong_accusation_flips(fifth_witch=v)),
    ("expansion", lambda v: rulebook.deck_entries("white", expansion=v)),
    ("excalibur", lambda v: simulate.simulate_siege_fights([3], 10, seed=1, excalibur=v)),
    (
        "excalibur",
        lambda v: simulate.simulate_random_hand_fights(SMALL, 1, 10, seed=1, excalibur=v),
    ),
]


@pytest.mark.parametrize("bad", ["no", "", 1, 0, None, 1.0, [True]])
@pytest.mark.parametrize(("name", "call"), YES_NO)
def test_yes_no_options_take_only_true_or_false(
    name: str, call: Callable[[object], object], bad: object
) -> None:
    with pytest.raises(ValueError) as info:
        call(bad)
    message = str(info.value)
    assert name in message and repr(bad) in message


@pytest.mark.parametrize(("name", "call"), YES_NO)
def test_yes_no_options_still_take_true_and_false(
    name: str, call: Callable[[object], object]
) -> None:
    call(True)
    call(False)


def test_excalibur_no_is_not_excalibur() -> None:
    # The example: "no" used to be read as yes (3/8 with Excalibur).
    with pytest.raises(ValueError, match=r"excalibur='no'"):
        siege_win_probability([3], excalibur="no")  # type: ignore[arg-type]
    assert siege_win_probability([3], excalibur=False) == Fraction(1, 4)


def test_explore_progress_takes_true_false_or_none() -> None:
    with pytest.raises(ValueError, match=r"progress='no'"):
        explore(CoinRace(), progress="no")  # type: ignore[arg-type]
    assert explore(CoinRace(), progress=None).number_of_nodes() == 6


def test_check_bool_names_the_parameter_and_the_value() -> None:
    assert check_bool("excalibur", True) is True
    assert check_bool("excalibur", False) is False
    with pytest.raises(ValueError, match=r"^excalibur='yes': expected True or False"):
        check_bool("excalibur", "yes")


# --- card names (item 7) -----------------------------------------------------------------------


def test_count_of_reads_one_name_as_one_card() -> None:
    white = standard_deck("white")
    assert white.count_of("grail") == white.count("grail") > 0
    assert white.count_of(["grail", "merlin"]) == white.count("grail") + white.count("merlin")


@pytest.mark.parametrize("bad", [None, 3, b"grail", "Grail", "grail\n"])
def test_count_and_count_of_reject_what_is_not_a_card_name(bad: object) -> None:
    deck = standard_deck("white")
    with pytest.raises(ValueError, match="card name"):
        deck.count(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="card name"):
        deck.count_of([bad])  # type: ignore[list-item]


@pytest.mark.parametrize("bad", ["grail\n", "fight_1\n", "a\n"])
def test_a_trailing_newline_is_not_a_card_name(bad: str) -> None:
    with pytest.raises(ValueError, match="lower_snake_case"):
        Deck({bad: 1})


@pytest.mark.parametrize("name", ["fight_9", "fight_0", "fight_6", "fight_05", "fight_10"])
def test_a_misspelt_fight_card_is_an_error_where_fight_cards_count(name: str) -> None:
    with pytest.raises(ValueError, match=name):
        fight_value(name)
    with pytest.raises(ValueError, match=name):
        hand_fight_counts({name: 1, "fight_3": 1})
    with pytest.raises(ValueError, match=name):
        random_hand_siege_win_probability(Deck({name: 2, "grail": 1}), 1)
    with pytest.raises(ValueError, match=name):
        siege_choices(Deck({name: 1}))


def test_other_cards_still_count_zero_in_a_fight() -> None:
    assert fight_value("grail") == fight_value("fight_wild") == fight_value("fighter_3") == 0
    assert fight_value("fight_5") == 5


# --- a deck's truth value never picks a default (item 6) ---------------------------------------


def test_an_empty_composition_is_not_the_default_one() -> None:
    empty = Deck({})
    assert remaining_travel_deck({}, composition=empty) == empty
    with pytest.raises(ValueError, match="composition is empty"):
        next_trip_risk(empty, composition=empty)
    with pytest.raises(ValueError, match="composition is empty"):
        trips_distribution(empty, 2, composition=empty)


def test_a_large_composition_is_used_as_given() -> None:
    large = Deck({"vision": 10**18, "captured": 1})
    left = remaining_travel_deck({"vision": 1}, composition=large)
    assert left.size == 10**18
    risk = next_trip_risk(Deck({}), composition=large)  # reshuffled: the composition itself
    assert risk.reshuffled and risk.by_kind["captured"] == Fraction(1, 10**18 + 1)


def test_a_deck_too_large_for_len_is_refused() -> None:
    # `composition or default` took len() of such a deck: OverflowError, not a clear error.
    with pytest.raises(ValueError, match="too large"):
        Deck({"vision": 10**23})
    with pytest.raises(ValueError, match="too large"):
        Deck({"vision": 2**62, "lost": 2**62})
    assert len(Deck({"vision": 2**63 - 1})) == 2**63 - 1


# --- issue 16, items 3 and 5: sizes and numbers checked before any work ------------------------
def test_huge_hands_are_refused_before_any_work() -> None:
    import time

    from camelot_rules.siege import MAX_FIGHT_CARDS, siege_choices, siege_win_probability
    from widgets.siege import render_siege

    assert MAX_FIGHT_CARDS == 59  # 51 base Fight cards + 8 of Merlin's Company (LOW counts)
    start = time.perf_counter()
    with pytest.raises(ValueError, match="Fight cards"):
        siege_choices({"fight_1": 10**9})
    with pytest.raises(ValueError, match="Fight cards"):
        siege_win_probability(iter([1] * 10**6))
    with pytest.raises(ValueError, match="more than"):
        render_siege({5: 10**8})
    assert time.perf_counter() - start < 2


@pytest.mark.parametrize("text", ["1: 1e-99999999", "1: " + "9" * 5000, "1: 1/1e9", "1: inf"])
def test_number_text_is_bounded_and_explained(text: str) -> None:
    from camelot_rules.parsing import parse_mix

    with pytest.raises(ValueError, match="fraction"):
        parse_mix(text)


# --- issue 16, item 10: the play-log reader ---------------------------------------------------
def test_play_log_reader_refuses_huge_files_before_reading_them(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import time

    from camelot_rules.playlog import LogError, read_log

    start = time.perf_counter()
    with pytest.raises(LogError, match="bytes"):
        read_log("/dev/zero")
    assert time.perf_counter() - start < 2
    bad = tmp_path / "latin1.log"
    bad.write_bytes("setup players=4 expansion=no\n# caf\xe9\n".encode("latin-1"))
    with pytest.raises(LogError, match="UTF-8"):
        read_log(bad)


def test_play_log_superscript_digits_and_bom() -> None:
    from camelot_rules.playlog import LogError, parse_log

    with pytest.raises(LogError, match="line 2"):
        parse_log("setup players=4 expansion=no\nsword white ²")
    with pytest.raises(LogError, match="line 2: roll"):  # was int()'s message, no line
        parse_log("setup players=4 expansion=no\nsiege arthur cards=3 roll=² won")
    events = parse_log("\ufeffsetup players=4 expansion=no\nsword white 1")
    assert [e.verb for e in events] == ["setup", "sword"]
