"""Rule data: box totals match the HIGH-confidence facts; every count is cited."""

import pytest

from camelot_rules import Confidence, deck_facts, standard_deck
from camelot_rules.data.rulebook import THRESHOLDS, TRAVEL_KINDS, deck_entries, threshold


@pytest.mark.parametrize(
    ("kind", "expansion", "size"),
    [
        ("white", False, 84),
        ("black", False, 76),
        ("white", True, 107),
        ("black", True, 90),
        ("travel", True, 16),
    ],
)
def test_box_deck_sizes_match_the_facts(kind: str, expansion: bool, size: int) -> None:
    assert standard_deck(kind, expansion=expansion).size == size


def test_base_white_is_69_standard_and_15_special() -> None:
    entries = deck_entries("white")
    assert sum(e.count for e in entries if e.kind == "standard") == 69
    assert sum(e.count for e in entries if e.kind == "special") == 15
    assert sum(e.count for e in entries if e.name.startswith("fight_")) == 51


def test_base_black_is_64_standard_and_12_special() -> None:
    entries = deck_entries("black")
    assert sum(e.count for e in entries if e.kind == "standard") == 64
    assert sum(e.count for e in entries if e.kind == "special") == 12
    assert [e.name for e in entries if e.name.startswith("morgan_")] == [
        f"morgan_{i}" for i in range(1, 6)
    ]


def test_expansion_adds_23_white_14_black_with_7_witches() -> None:
    white = deck_entries("white", expansion=True)[len(deck_entries("white")) :]
    black = deck_entries("black", expansion=True)[len(deck_entries("black")) :]
    assert sum(e.count for e in white) == 23
    assert (
        sum(e.count for e in white if e.kind == "standard"),
        sum(e.count for e in white if e.kind == "special"),
    ) == (15, 8)
    assert sum(e.count for e in black) == 14
    witches = [e.name for e in black if e.kind == "special"]
    assert witches == [f"morgan_witch_{i}" for i in range(1, 8)]


def test_travel_kinds_are_the_seven_of_the_japanese_seed() -> None:
    assert TRAVEL_KINDS == (
        "nothing_happens",
        "merlin_travels",
        "vision",
        "charged",
        "lost",
        "ambushed",
        "captured",
    )
    # the mix per kind is not known: every travel count must be flagged as an assumption
    assert all(e.confidence is Confidence.UNVERIFIED for e in deck_facts("travel", expansion=True))


@pytest.mark.parametrize(
    ("players", "loyal", "traitors"), [(3, 7, 1), (6, 7, 1), (7, 7, 2), (8, 7, 2)]
)
def test_expansion_loyalty_has_second_traitor_only_at_7_8(
    players: int, loyal: int, traitors: int
) -> None:
    deck = standard_deck("loyalty", expansion=True, players=players)
    assert (deck.count("loyal"), deck.count("traitor")) == (loyal, traitors)


@pytest.mark.parametrize("players", [3, 5, 7])
def test_base_loyalty_is_7_loyal_1_traitor(players: int) -> None:
    deck = standard_deck("loyalty", players=players)
    assert (deck.count("loyal"), deck.count("traitor")) == (7, 1)


@pytest.mark.parametrize(
    ("kind", "kwargs"),
    [
        ("loyalty", {}),
        ("loyalty", {"players": 8}),
        ("loyalty", {"players": 2}),
        ("loyalty", {"players": 9, "expansion": True}),
        ("travel", {}),
        ("purple", {}),
        ("white", {"players": 1}),
    ],
)
def test_bad_standard_deck_requests_raise(kind: str, kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        standard_deck(kind, **kwargs)  # type: ignore[arg-type]


def test_every_count_has_a_source_and_a_confidence() -> None:
    for kind, expansion in [("white", True), ("black", True), ("travel", True)]:
        for entry in deck_entries(kind, expansion=expansion):
            assert entry.source
            assert isinstance(entry.confidence, Confidence)
    for t in THRESHOLDS:
        assert t.source and isinstance(t.confidence, Confidence)


def test_unknown_threshold_raises_with_its_name() -> None:
    with pytest.raises(ValueError, match="no_such_rule"):
        threshold("no_such_rule")
