"""The one number formatter (issue 18): a non-certainty never reads 100% or 0%, no exponent
ever reaches a player, odds read "1 in N", and the exact fraction is there on demand.

The expected strings are computed a second way here, with ``decimal`` (half-up rounding of the
exact value), not by calling the formatter's own helpers."""

from __future__ import annotations

import random
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

import pytest

from camelot_rules.front.display import (
    exact_fractions,
    fmt_chance,
    fmt_expectation,
    fmt_fraction,
    fmt_one_in,
    fmt_percent,
    fmt_prob,
)


def _decimal_percent(p: Fraction, digits: int) -> str:
    with localcontext() as ctx:
        ctx.prec = 80
        x = Decimal(p.numerator) * 100 / Decimal(p.denominator)
        return f"{x.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)}%"


def _edge_cases() -> list[Fraction]:
    cases = [Fraction(99966, 100000), Fraction(9995, 10000), Fraction(9994, 10000)]
    cases += [Fraction(1, 2000), Fraction(1, 1999), Fraction(1, 10**60), 1 - Fraction(1, 10**60)]
    cases += [Fraction(n - 1, n) for n in range(1, 3000, 7)] + [
        Fraction(1, n) for n in range(1, 3000, 7)
    ]
    rng = random.Random(18)
    cases += [Fraction(rng.randrange(0, 10**9), 10**9) for _ in range(500)]
    return cases


@pytest.mark.parametrize("digits", [0, 1, 2])
def test_percent_never_rounds_a_non_certainty_to_100_or_0(digits: int) -> None:
    step = Fraction(1, 10**digits)
    for p in _edge_cases():
        text = fmt_percent(p, digits)
        whole = _decimal_percent(Fraction(p), digits)
        if p == 1 or p == 0:
            assert text == whole  # certainty and impossibility print as such
        elif whole == _decimal_percent(Fraction(1), digits):
            assert text == ">" + _decimal_percent(1 - step / 100, digits), p  # e.g. >99.9%
        elif whole == _decimal_percent(Fraction(0), digits):
            assert text == "<" + _decimal_percent(step / 100, digits), p  # e.g. <0.1%
        else:
            assert text == whole, p  # everything else is the exact value, rounded half up


def test_the_issue_examples() -> None:
    assert fmt_percent(Fraction(99966, 100000)) == ">99.9%"  # was "100.0%"
    assert fmt_prob(Fraction(99966, 100000)) == "49983/50000 (>99.9%)"
    tiny = Fraction(1, 10**52) * Fraction(8, 1)  # the 8.09672e-53 kind of number
    for text in (fmt_prob(tiny), fmt_fraction(tiny), fmt_expectation(tiny), fmt_chance(tiny)):
        assert "e-" not in text and "digit denominator" not in text
    assert fmt_prob(tiny) == "<0.1% (less than 1 in a million)"


def test_long_fractions_are_percentages_unless_exact_is_asked() -> None:
    p = Fraction(17301695534309, 17383521963780)  # 12 cards dealt: a teacher's table row
    assert fmt_prob(p) == "99.5%" and fmt_fraction(p) == "≈ 0.9953"
    assert fmt_prob(p, exact=True) == f"{p} (99.5%)"
    with exact_fractions():
        assert fmt_prob(p) == f"{p} (99.5%)" and fmt_fraction(p) == str(p)
    assert fmt_prob(p) == "99.5%"  # the switch is off again outside the block
    with pytest.raises(ValueError, match="exact"):
        fmt_prob(p, exact="yes")  # type: ignore[arg-type]


@pytest.mark.parametrize("n", [2, 3, 4, 8, 15, 1000])
def test_one_in_n_is_exact_for_unit_fractions(n: int) -> None:
    assert fmt_one_in(Fraction(1, n)) == f"1 in {n:,}"


def test_one_in_n_rounds_and_stays_quiet_where_it_does_not_help() -> None:
    assert fmt_one_in(Fraction(2, 7)) == "about 1 in 4"  # 3.5 rounds half up
    assert fmt_one_in(Fraction(3, 5)) == "" and fmt_one_in(0) == "" and fmt_one_in(1) == ""
    assert fmt_chance(1) == "certain" and fmt_chance(0) == "impossible"
    assert fmt_chance(Fraction(3, 8)) == "37.5% (3 in 8)"
    assert fmt_chance(Fraction(2, 15)) == "13.3% (about 1 in 8)"  # 7.5 -> 8


def test_a_japanese_table_lines_up_in_a_terminal() -> None:
    # a Japanese character takes two columns: the second column starts at one place on
    # every line, counted in columns, not in characters
    import unicodedata

    from camelot_rules.front.display import text_table

    table = text_table(["結果", "P"], [["移動成功", "3/8"], ["捕縛", "1/8"], ["ok", "1/2"]])

    def column_of_p(line: str) -> int:
        before = line.rstrip().rsplit(" ", 1)[0]
        wide = sum(unicodedata.east_asian_width(ch) in "WF" for ch in before)
        return len(before) + wide

    lines = table.splitlines()
    starts = {column_of_p(line) for line in lines[:1] + lines[2:]}
    assert len(starts) == 1, table
