"""Observed vs expected: the dice, the siege fights and the travel draws of a log against the
exact odds (``verify --stats``; ``docs/play-log.md``).

Exact tests where they are cheap (the multinomial test up to 12 rolls, the Poisson-binomial up
to 400 fights, the travel deck's exact posterior); beyond, approximations labelled as such.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import erf, exp, factorial, lgamma, log, sqrt

from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.front.display import fmt_prob
from camelot_rules.logs.report import Report
from camelot_rules.odds.travel import travel_composition_posterior

__all__ = [
    "StatTest",
    "die_roll_test",
    "fights_test",
    "format_stat_test",
    "observed_vs_expected",
    "stats_report",
    "travel_check",
]

_FACES = rulebook.SIEGE_DIE_FACES


@dataclass(frozen=True)
class StatTest:
    """A test of what happened against the exact odds.

    ``exact`` tells whether ``p_value`` is exact (a Fraction) or an approximation (a float,
    labelled in ``method``). ``name`` and ``method`` are English ids ("die rolls"),
    translated by :func:`format_stat_test`; ``observed`` and ``expected`` are written in the
    language in force when the test is made.
    """

    name: str
    method: str
    n: int
    observed: str
    expected: str
    p_value: Fraction | float
    exact: bool


_EXACT_ROLLS = 12  # exact multinomial enumeration up to this many rolls
_EXACT_FIGHTS = 400  # exact Poisson-binomial up to this many fights; beyond, a normal approx.


def _compositions(n: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(n,)]
    return [(k, *rest) for k in range(n + 1) for rest in _compositions(n - k, parts - 1)]


def _chi2_sf(x: float, dof: int) -> float:
    """Upper tail of the chi-square distribution (regularised gamma Q by series)."""
    a, z = dof / 2, x / 2
    if z <= 0:
        return 1.0
    term = total = 1 / a
    k = 1
    while term > 1e-16 * total:
        term *= z / (a + k)
        total += term
        k += 1
    lower = exp(-z + a * log(z) - lgamma(a)) * total
    return max(0.0, 1.0 - lower)


def die_roll_test(rolls: list[int]) -> StatTest:
    """Are the recorded d8 rolls consistent with a fair die?

    Up to 12 rolls: the exact multinomial test (P of every outcome at most as likely as the
    one seen). Beyond: Pearson's chi-square with 7 degrees of freedom - an approximation, and
    labelled as one.

    >>> die_roll_test([1, 2, 3, 4, 5, 6, 7, 8]).p_value
    Fraction(1, 1)
    """
    if not rolls:
        raise ValueError(_("no die rolls in the log"))
    n = len(rolls)
    counts = tuple(rolls.count(face) for face in range(1, _FACES + 1))
    observed = " ".join(f"{face}:{c}" for face, c in enumerate(counts, start=1))
    if n <= _EXACT_ROLLS:

        def weight(c: tuple[int, ...]) -> int:
            w = factorial(n)
            for k in c:
                w //= factorial(k)
            return w

        seen = weight(counts)
        tail = sum(weight(c) for c in _compositions(n, _FACES) if weight(c) <= seen)
        return StatTest(
            N_("die rolls"),
            N_("exact multinomial test"),
            n,
            observed,
            _("{n} of each face").format(n=Fraction(n, _FACES)),
            Fraction(tail, _FACES**n),
            True,
        )
    expected = n / _FACES
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return StatTest(
        N_("die rolls"),
        N_("chi-square approximation (7 dof)"),
        n,
        observed,
        _("{n} of each face").format(n=f"{expected:.2f}"),
        _chi2_sf(stat, _FACES - 1),
        False,
    )


def fights_test(fights: list[tuple[Fraction, bool]]) -> StatTest:
    """Do the siege fights won match their exact win chances? Exact two-sided test on the
    Poisson-binomial number of wins (P of every count at most as likely as the one seen) up to
    400 fights; beyond, a normal approximation with continuity correction, labelled as one
    (the exact test's work grows with the square of the number of fights).

    >>> fights_test([(Fraction(1, 2), True), (Fraction(1, 2), False)]).p_value
    Fraction(1, 1)
    """
    if not fights:
        raise ValueError(_("no siege fights in the log"))
    wins = sum(won for _p, won in fights)
    mean = sum((p for p, _won in fights), Fraction(0))
    if len(fights) > _EXACT_FIGHTS:
        var = float(sum((p * (1 - p) for p, _won in fights), Fraction(0)))
        z = (abs(wins - float(mean)) - 0.5) / sqrt(var) if var else 0.0
        p_approx = 1.0 - erf(max(z, 0.0) / sqrt(2))
        return StatTest(
            N_("siege fights won"),
            N_("normal approximation to the Poisson-binomial"),
            len(fights),
            str(wins),
            _("{mean} expected").format(mean=f"{float(mean):.2f}"),
            min(1.0, p_approx),
            False,
        )
    # integer weights over the common denominator: exact and fast
    den = 1
    for p, _won in fights:
        den = den * p.denominator // _gcd(den, p.denominator)
    dist = [1]
    for p, _won in fights:
        a = int(p * den)
        b = den - a
        nxt = [0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * b
            nxt[k + 1] += q * a
        dist = nxt
    seen = dist[wins]
    tail = sum(q for q in dist if q <= seen)
    p_value = Fraction(tail, den ** len(fights))
    return StatTest(
        N_("siege fights won"),
        N_("exact Poisson-binomial test"),
        len(fights),
        str(wins),
        _("{mean} expected").format(mean=f"{float(mean):.2f}"),
        p_value,
        True,
    )


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def travel_check(passes: list[list[str]], composition: object = None) -> StatTest:
    """How well does the declared travel composition explain the draws?

    Reports the exact posterior probability of the declared deck (uniform prior over every
    16-card deck with each kind at least once) and the share of posterior mass on decks no more
    probable than it - an exact Bayesian check, not a frequentist p-value.
    """
    from camelot_rules.data.decks import Deck

    declared = (
        composition if isinstance(composition, Deck) else standard_deck("travel", expansion=True)
    )
    post = travel_composition_posterior(passes)
    p = post.get(declared, Fraction(0))
    tail = sum((q for q in post.values() if q <= p), Fraction(0))
    return StatTest(
        N_("travel draws"),
        N_("exact posterior of the declared deck (uniform prior)"),
        sum(len(x) for x in passes),
        _("{n} decks fit the draws").format(n=len(post)),
        _("declared deck posterior {p}").format(p=f"{float(p):.4f}"),
        tail,
        True,
    )


def format_stat_test(test: StatTest) -> str:
    """One line for a test, in the language in force: exact p-values as fractions,
    approximations labelled."""
    if isinstance(test.p_value, Fraction):
        p = fmt_prob(test.p_value)
    else:
        p = _("{p} (approximate)").format(p=f"{test.p_value:.4g}")
    return _("{name} (n={n}): observed {observed}; {expected}; p = {p} [{method}]").format(
        name=_(test.name),
        n=test.n,
        observed=test.observed,
        expected=test.expected,
        p=p,
        method=_(test.method),
    )


def observed_vs_expected(report: Report) -> list[StatTest]:
    """Every test the log has data for (a test that cannot be computed is left out; see
    :func:`stats_report` for the reasons)."""
    return stats_report(report)[0]


def stats_report(report: Report) -> tuple[list[StatTest], list[str]]:
    """Every test the log has data for, and a note for each test it cannot make (no data, or
    the data does not fit the test - e.g. travel draws no 16-card deck can give), the notes in
    the language in force. One test failing never stops the others."""
    tests: list[StatTest] = []
    notes: list[str] = []
    plan: list[tuple[str, bool, Callable[[], StatTest]]] = [
        (N_("die rolls"), bool(report.rolls), lambda: die_roll_test(report.rolls)),
        (N_("siege fights won"), bool(report.fights), lambda: fights_test(report.fights)),
        (
            N_("travel draws"),
            bool(report.travel_passes),
            lambda: travel_check(report.travel_passes),
        ),
    ]
    for name, has_data, run in plan:
        if not has_data:
            notes.append(_("{name}: not tested (none in the log)").format(name=_(name)))
            continue
        try:
            tests.append(run())
        except ValueError as err:
            notes.append(_("{name}: not tested ({why})").format(name=_(name), why=err))
    return tests, notes
