"""What people type: counts, mixes, names."""

from fractions import Fraction

import pytest

from camelot_rules.front.parsing import parse_counts, parse_mix, parse_names


def test_mix_reads_fractions_and_decimals_exactly() -> None:
    assert parse_mix("0: 0.1, 1: 9/10") == {0: Fraction(1, 10), 1: Fraction(9, 10)}


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("1: 1/2", "adds up to 1/2"),
        ("", "empty"),
        ("two: 1", "'two: 1'"),
        ("1 1", "'1 1'"),
        ("-1: 1", "'-1: 1'"),
        ("1: 3/2", "'1: 3/2'"),
        ("1: 1/0", "'1: 1/0'"),
    ],
)
def test_bad_mixes_name_the_piece(text: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        parse_mix(text)


def test_counts_and_names() -> None:
    assert parse_counts("") == {}
    assert parse_counts("grail; grail: 2") == {"grail": 3}
    assert parse_names("a, b;c") == ["a", "b", "c"]
    with pytest.raises(ValueError, match="'grail: x'"):
        parse_counts("grail: x")
    with pytest.raises(ValueError, match="negative"):
        parse_counts("grail: -2")


@pytest.mark.parametrize(
    "text", ["vision: 99999999999999999999999", "vision: 1001", "vision: 600, vision: 401"]
)
def test_counts_are_bounded_with_a_reason(text: str) -> None:
    # Issue 16, item 6: a 23-digit count reached Deck.__len__ and overflowed.
    with pytest.raises(ValueError, match=r"vision.*at most 1000 copies"):
        parse_counts(text)
    assert parse_counts("vision: 1000") == {"vision": 1000}
