"""Formatting for people: the one place where a probability becomes a float (a percentage).

Everything here turns exact results into text or HTML; nothing computes odds. Every word goes
through the translation function (:mod:`camelot_rules.base.i18n`): the same numbers, in the
language in force (``--lang`` on the CLI, the dashboard's language selector).
"""

from __future__ import annotations

import html
import math
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction

from camelot_rules.base.checks import check_bool
from camelot_rules.base.i18n import N_, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import deck_facts
from camelot_rules.data.rulebook import Confidence

__all__ = [
    "assumption_lines",
    "capture_verdict",
    "cause_text",
    "central_range",
    "confidence_word",
    "exact_fractions",
    "fmt_chance",
    "fmt_expectation",
    "fmt_fraction",
    "fmt_one_in",
    "fmt_percent",
    "fmt_prob",
    "html_answer",
    "html_assumes",
    "html_bars",
    "html_columns",
    "html_error",
    "html_table",
    "html_verdict",
    "race_blocker",
    "race_verdict",
    "rebuild_verdict",
    "sentences",
    "siege_verdict",
    "text_answer",
    "text_table",
]


# The exact-fraction switch: ``--exact`` on the CLI, a checkbox in the widgets. Off, a fraction
# too long to read at a glance is shown as a percentage; on, every fraction is printed whole.
_EXACT: ContextVar[bool] = ContextVar("camelot_exact_fractions", default=False)
SHORT_FRACTION = 15  # longest "a/b" shown when exact fractions are off, e.g. "301893/2000000"
ONE_IN_LIMIT = 1_000_000


@contextmanager
def exact_fractions(on: bool = True) -> Iterator[None]:
    """Within the block, every fraction is printed whole (the CLI's ``--exact``).

    >>> long = Fraction(123456789, 987654321)
    >>> fmt_prob(long)
    '12.5%'
    >>> with exact_fractions():
    ...     fmt_prob(long)
    '13717421/109739369 (12.5%)'
    """
    token = _EXACT.set(check_bool("exact", on))
    try:
        yield
    finally:
        _EXACT.reset(token)


def _exact(exact: bool | None) -> bool:
    return _EXACT.get() if exact is None else check_bool("exact", exact)


def _fixed(x: Fraction, digits: int) -> str:
    """``x`` rounded half up to ``digits`` decimals, as plain digits (never an exponent)."""
    scale = 10**digits
    r = math.floor(abs(x) * scale + Fraction(1, 2))
    sign = "-" if x < 0 and r else ""
    whole, frac = divmod(r, scale)
    return f"{sign}{whole}" + (f".{frac:0{digits}d}" if digits else "")


def fmt_percent(p: Fraction | int, digits: int = 1) -> str:
    """Return a chance as a percentage that never rounds a non-certainty to 100% or 0%.

    Exactly 1 and exactly 0 print as ``100.0%`` and ``0.0%``; anything else that would round to
    them prints as ``>99.9%`` or ``<0.1%`` (with ``digits`` decimals). No exponent, ever.

    >>> fmt_percent(Fraction(1, 3)), fmt_percent(Fraction(3, 4), 2), fmt_percent(1)
    ('33.3%', '75.00%', '100.0%')
    >>> fmt_percent(Fraction(99966, 100000)), fmt_percent(Fraction(1, 3**60)), fmt_percent(0)
    ('>99.9%', '<0.1%', '0.0%')
    """
    x = Fraction(p) * 100
    text = _fixed(x, digits)
    step = Fraction(1, 10**digits)
    if 0 < p < 1:
        if Fraction(text) >= 100:
            return f">{_fixed(100 - step, digits)}%"
        if Fraction(text) <= 0:
            return f"<{_fixed(step, digits)}%"
    return f"{text}%"


def fmt_one_in(p: Fraction | int) -> str:
    """Return a small chance as odds a player says aloud: ``'1 in 4'``, ``'about 1 in 7'``;
    ``''`` when odds would not help (0, or more likely than 1 in 2).

    >>> fmt_one_in(Fraction(1, 4)), fmt_one_in(Fraction(2, 15)), fmt_one_in(Fraction(3, 4))
    ('1 in 4', 'about 1 in 8', '')
    >>> fmt_one_in(Fraction(1, 3**60))
    'less than 1 in a million'
    """
    p = Fraction(p)
    if not 0 < p <= Fraction(1, 2):
        return ""
    if p < Fraction(1, ONE_IN_LIMIT):
        return _("less than 1 in a million")
    n = 1 / p
    if n.denominator == 1:
        return _("1 in {n}").format(n=f"{n.numerator:,}")
    return _("about 1 in {n}").format(n=f"{math.floor(n + Fraction(1, 2)):,}")


def fmt_chance(p: Fraction | int) -> str:
    """Return a chance in words for a verdict sentence: ``'certain'``, ``'impossible'``, or
    the percentage with odds where they help.

    >>> fmt_chance(Fraction(1, 4)), fmt_chance(Fraction(3, 4)), fmt_chance(1)
    ('25.0% (1 in 4)', '75.0% (3 in 4)', 'certain')
    >>> fmt_chance(Fraction(99966, 100000))
    '>99.9% (almost certain, not quite)'
    """
    p = Fraction(p)
    if p == 1:
        return _("certain")
    if p == 0:
        return _("impossible")
    pct = fmt_percent(p)
    if pct.startswith(">"):
        return _("{pct} (almost certain, not quite)").format(pct=pct)
    if p.denominator <= 12:
        odds = _("{a} in {b}").format(a=p.numerator, b=p.denominator)
    else:
        odds = fmt_one_in(p)
    return _("{pct} ({odds})").format(pct=pct, odds=odds) if odds else pct


def fmt_fraction(
    p: Fraction | int, max_len: int = SHORT_FRACTION, *, exact: bool | None = None
) -> str:
    """Return ``p`` as ``'a/b'``; when that is too long to read (and exact fractions are off),
    a plain decimal instead - never an exponent (the value itself stays exact).

    >>> fmt_fraction(Fraction(3, 4)), fmt_fraction(Fraction(1, 3**60))
    ('3/4', 'less than 1 in a million')
    >>> fmt_fraction(Fraction(123456789, 987654321))
    '≈ 0.1250'
    >>> fmt_fraction(Fraction(123456789, 987654321), exact=True)
    '13717421/109739369'
    """
    p = Fraction(p)
    text = str(p)
    if _exact(exact) or len(text) <= max_len:
        return text
    if 0 < abs(p) < Fraction(1, ONE_IN_LIMIT):
        return _("less than 1 in a million")
    return f"≈ {_fixed(p, 4)}"


def fmt_prob(p: Fraction | int, digits: int = 1, *, exact: bool | None = None) -> str:
    """Return ``p`` as ``'a/b (percent)'``; whole numbers print plainly; a fraction too long to
    read shows as its percentage only (the exact fraction on demand: ``exact=True``, the CLI's
    ``--exact``, the widgets' "exact fractions" box).

    >>> fmt_prob(Fraction(3, 4)), fmt_prob(Fraction(1))
    ('3/4 (75.0%)', '1 (100.0%)')
    >>> fmt_prob(Fraction(1, 3**60))
    '<0.1% (less than 1 in a million)'
    >>> fmt_prob(Fraction(3331, 3332))
    '3331/3332 (>99.9%)'
    """
    p = Fraction(p)
    text = str(p)
    if _exact(exact) or len(text) <= SHORT_FRACTION:
        return f"{text} ({fmt_percent(p, digits)})"
    pct = fmt_percent(p, digits)
    if 0 < p < Fraction(1, ONE_IN_LIMIT):
        return _("{pct} ({odds})").format(pct=pct, odds=_("less than 1 in a million"))
    return pct


def fmt_expectation(x: Fraction | int, *, exact: bool | None = None) -> str:
    """Return an expected count as ``'a/b = decimal'`` (no percent sign: it is not a chance).

    >>> fmt_expectation(Fraction(5, 4)), fmt_expectation(Fraction(123456789, 987654321))
    ('5/4 = 1.250', '0.125')
    """
    x = Fraction(x)
    if x.denominator == 1:
        return str(x)
    if _exact(exact) or len(str(x)) <= SHORT_FRACTION:
        return f"{x} = {_fixed(x, 3)}"
    return _fixed(x, 3)


def text_table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """Return a plain-text table with aligned columns.

    >>> print(text_table(["a", "bb"], [[1, "x"]]))
    a  bb
    -  --
    1  x
    """
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(_width(r[i]) for r in cells) for i in range(len(headers))]
    lines = [
        "  ".join(c + " " * (w - _width(c)) for c, w in zip(row, widths)).rstrip() for row in cells
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _width(text: str) -> int:
    """Columns ``text`` takes in a terminal: a Japanese character (wide, full-width) takes two,
    so translated tables stay aligned.

    >>> _width("Grail"), _width("聖杯カード"), _width("¡Capturado!")
    (5, 10, 11)
    """
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def html_table(headers: Sequence[str], rows: Iterable[Sequence[object]], *, css: str = "") -> str:
    """Return an HTML table (escaped cells)."""
    cell = "style='padding:2px 10px;border-bottom:1px solid #ddd;text-align:left'"
    head = "".join(f"<th {cell}>{html.escape(str(h))}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td {cell}>{html.escape(str(c))}</td>" for c in row) + "</tr>"
        for row in rows
    )
    cls = f' class="{html.escape(css)}"' if css else ""
    return (  # the scrolling box keeps a wide table inside a phone's width
        "<div style='overflow-x:auto;max-width:100%'>"
        f"<table{cls} style='border-collapse:collapse;margin:4px 0'>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
    )


def html_verdict(sentence: str) -> str:
    """The one plain sentence an answer opens with (CSS class ``camelot-verdict``)."""
    return (
        "<p class='camelot-verdict' style='font-size:1.15em;font-weight:bold;margin:4px 0 6px'>"
        f"{html.escape(sentence)}</p>"
    )


def html_assumes(lines: Iterable[str], *, title: str | None = None) -> str:
    """The assumptions and options of an answer, folded under a disclosure (``<details>``);
    ``title`` defaults to "What this assumes" in the language in force."""
    title = _("What this assumes") if title is None else title
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    if not items:
        return ""
    return (
        f"<details class='camelot-assumes' style='margin:6px 0'><summary>{html.escape(title)}"
        f"</summary><ul style='margin:2px 0;padding-left:1.4em'>{items}</ul></details>"
    )


def html_answer(verdict: str, body: str, assumes: Iterable[str]) -> str:
    """An answer as players read it: the verdict, then ``body`` (tables, HTML), then the
    assumptions folded away."""
    return (
        "<div class='camelot-answer' style='max-width:100%;overflow-wrap:anywhere'>"
        + html_verdict(verdict)
        + body
        + html_assumes(assumes)
        + "</div>"
    )


def text_answer(verdict: str, body: str, assumes: Iterable[str]) -> str:
    """The plain-text twin of ``html_answer`` (CLI, saved notebook text).

    >>> print(text_answer("Play 5 + 4: you cannot lose.", "a table", ["Excalibur: no"]))
    Play 5 + 4: you cannot lose.
    a table
    What this assumes:
      - Excalibur: no
    """
    lines = list(assumes)
    tail = (
        ("\n" + _("What this assumes:") + "\n" + "\n".join(f"  - {a}" for a in lines))
        if lines
        else ""
    )
    return verdict + ("\n" + body if body else "") + tail


def html_bars(items: Iterable[tuple[str, Fraction]], *, width_px: int = 240) -> str:
    """Return a horizontal bar chart in plain HTML (no JavaScript, no CDN): label, bar, value."""
    rows = []
    for label, p in items:
        w = round(float(p) * width_px)
        rows.append(
            "<div style='display:flex;align-items:center;gap:6px;font-family:monospace'>"
            f"<span style='min-width:9em'>{html.escape(label)}</span>"
            f"<span style='display:inline-block;height:12px;width:{w}px;background:#4a78b5'></span>"
            f"<span>{html.escape(fmt_percent(p))}</span></div>"
        )
    return "".join(rows)


def html_columns(
    items: Sequence[tuple[int, Fraction]], *, height_px: int = 110, title: str = ""
) -> str:
    """Return a column chart of a distribution in plain HTML (no JavaScript, no CDN).

    Columns are scaled to the largest probability; the first and last labels sit below.
    """
    if not items:
        return ""
    top = max(float(p) for _k, p in items) or 1.0
    width = max(3, min(14, 560 // len(items)))
    cols = "".join(
        f"<span title='{k}: {html.escape(fmt_percent(p, 2))}' style='display:inline-block;"
        f"width:{width - 1}px;margin-right:1px;height:{round(float(p) / top * height_px)}px;"
        "background:#4a78b5;vertical-align:bottom'></span>"
        for k, p in items
    )
    first, last = items[0][0], items[-1][0]
    return (
        f"<div style='margin:6px 0'><div style='font-size:smaller'>{html.escape(title)}</div>"
        f"<div style='height:{height_px}px;display:flex;align-items:flex-end;"
        f"border-bottom:1px solid #999'>{cols}</div>"
        f"<div style='display:flex;justify-content:space-between;width:{len(items) * width}px;"
        f"font-size:smaller'><span>{first}</span><span>{last}</span></div></div>"
    )


def central_range(dist: dict[int, Fraction], mass: Fraction = Fraction(999, 1000)) -> list[int]:
    """The keys, in order, that hold the central ``mass`` of a distribution (tails dropped).

    >>> central_range({1: Fraction(1, 10000), 2: Fraction(9998, 10000), 3: Fraction(1, 10000)})
    [2]
    """
    keys = sorted(dist)
    tail = (1 - mass) / 2
    low, acc = 0, Fraction(0)
    while low < len(keys) - 1 and acc + dist[keys[low]] <= tail:
        acc += dist[keys[low]]
        low += 1
    high, acc = len(keys) - 1, Fraction(0)
    while high > low and acc + dist[keys[high]] <= tail:
        acc += dist[keys[high]]
        high -= 1
    return keys[low : high + 1]


def html_error(message: str, *, head: str | None = None) -> str:
    """An error shown in place of a result, readable by a player (no traceback); ``head``
    defaults to "Cannot compute:" in the language in force."""
    head = _("Cannot compute:") if head is None else head
    return (
        "<div class='camelot-error' style='color:#a40000;border:1px solid #a40000;"
        f"padding:4px'><b>{html.escape(head)}</b> {html.escape(message)}</div>"
    )


def assumption_lines(kind: str, *, expansion: bool, players: int | None = None) -> list[str]:
    """Return one line per count of a standard deck that is below HIGH confidence.

    >>> assumption_lines("white", expansion=False)
    []
    >>> assumption_lines("travel", expansion=True)[0]
    'Nothing Happens x3: unverified (JA travel rules (kind); count assumed)'
    """
    from camelot_rules.data.names import display_name

    return [
        f"{display_name(e.name)} x{e.count}: {confidence_word(e.confidence.value)} ({e.source})"
        for e in deck_facts(kind, expansion=expansion, players=players)
        if e.confidence is not Confidence.HIGH
    ]


# the confidence levels of a count (rulebook.Confidence values), in words
_CONFIDENCE_WORDS = {
    "high": N_("high"),
    "med": N_("med"),
    "low": N_("low"),
    "unverified": N_("unverified"),
}


def confidence_word(level: str) -> str:
    """A confidence level (``"high"``, ``"med"``, ``"low"``, ``"unverified"``) in the language in
    force; English keeps the level as the rulebook spells it.

    >>> confidence_word("unverified")
    'unverified'
    """
    return _(_CONFIDENCE_WORDS[level]) if level in _CONFIDENCE_WORDS else level


# --- verdict sentences: one home for the CLI and the widgets (the numbers come from callers) ----


def _cards(values: Sequence[int]) -> str:
    return " + ".join(map(str, values))


def sentences(*parts: str) -> str:
    """Sentences one after another: a space between them, none after Japanese's 「。」.

    >>> sentences("One.", "Two.")
    'One. Two.'
    """
    return ("" if get_language() == "ja" else " ").join(parts)


_PILES = {  # the draw piles a rebuild verdict names (translated where shown)
    "white": N_("white"),
    "black": N_("black"),
    "travel": N_("travel"),
}


def siege_verdict(
    first_play: Sequence[int] | None,
    p_first: Fraction,
    *,
    turn_value: Fraction | None = None,
    at_least: int | None = None,
    kay: bool = False,
    hand_empty: bool = False,
) -> str:
    """The siege answer in one sentence: what to play first, its chance, and the turn's value
    (rules ``siege.fight``, ``siege.kay``: the numbers come from the callers).

    >>> siege_verdict((5, 4), Fraction(1))
    'Play 5 + 4: you cannot lose.'
    >>> siege_verdict((5,), Fraction(1, 2), turn_value=Fraction(5, 4))
    'Play 5: you win this fight 50.0% (1 in 2). Best turn: 5/4 = 1.250 engines removed on average.'
    """
    if hand_empty:
        return _("No Fight cards in hand: you cannot fight the siege engines.")
    if first_play is None:
        return _("Do not fight this turn: no play gives a chance to remove an engine.")
    if first_play:
        play = _("Play {cards}").format(cards=_cards(first_play))
    else:
        play = _("Play no card before the roll")
    if kay:
        play = _("{play} (Sir Kay keeps the rest for after the roll)").format(play=play)
    if p_first == 1:
        head = _("{play}: you cannot lose.").format(play=play)
    elif p_first == 0:
        head = _("{play}: you cannot win this fight.").format(play=play)
    else:
        head = _("{play}: you win this fight {chance}.").format(
            play=play, chance=fmt_chance(p_first)
        )
    if turn_value is None:
        return head
    if at_least:
        if at_least == 2:
            best = _("Best turn: P(remove both) {chance}.")
        else:
            best = _("Best turn: P(remove at least 1) {chance}.")
        return sentences(head, best.format(chance=fmt_chance(turn_value)))
    if turn_value == 1:
        best = _("Best turn: {value} engine removed on average.")
    else:
        best = _("Best turn: {value} engines removed on average.")
    return sentences(head, best.format(value=fmt_expectation(turn_value)))


def rebuild_verdict(
    pile: str,
    by_turn: dict[int, Fraction],
    unresolved: Fraction,
    *,
    names: Sequence[str] = (),
    seen_before: Fraction = Fraction(0),
    witch_is_rebuild: bool = False,
) -> str:
    """When the draw pile is rebuilt, in one sentence (the median turn), and the named cards'
    chance to come up first (``witch_is_rebuild``: the First Witch is named and rebuilds the
    decks, so "first" includes the rebuild she brings; rules ``deck.rebuild-both``,
    ``deck.first-witch``: the numbers come from the callers).

    >>> rebuild_verdict("black", {50: Fraction(1, 2), 51: Fraction(1, 2)}, Fraction(0))
    'Half the time the black pile is rebuilt by turn 50.'
    >>> rebuild_verdict("white", {3: Fraction(1)}, Fraction(0), names=["grail"],
    ...                 seen_before=Fraction(1, 4))
    'The white pile is rebuilt in turn 3. Grail comes up before the rebuild: 25.0% (1 in 4).'
    >>> rebuild_verdict("black", {}, Fraction(1))
    'The black pile is not rebuilt within the horizon.'
    """
    from camelot_rules.data.names import display_name

    total, median = Fraction(0), None
    for turn in sorted(by_turn):
        total += by_turn[turn]
        if total >= Fraction(1, 2):
            median = turn
            break
    shown_pile = _(_PILES[pile]) if pile in _PILES else pile
    if median is None and unresolved == 1:
        head = _("The {pile} pile is not rebuilt within the horizon.").format(pile=shown_pile)
    elif median is None:
        head = _(
            "More likely than not the {pile} pile is not rebuilt within the horizon "
            "({chance} it is not)."
        ).format(pile=shown_pile, chance=fmt_chance(unresolved))
    elif by_turn.get(median) == 1:
        head = _("The {pile} pile is rebuilt in turn {turn}.").format(pile=shown_pile, turn=median)
    else:
        head = _("Half the time the {pile} pile is rebuilt by turn {turn}.").format(
            pile=shown_pile, turn=median
        )
    if not names:
        return head
    # the printed names, in every language
    comma = "、" if get_language() == "ja" else ", "
    shown = comma.join(display_name(n) for n in names)
    if witch_is_rebuild:
        if len(names) == 1:
            tail = _(
                "{names} comes up by the rebuild (the First Witch brings it herself): {chance}."
            )
        else:
            tail = _(
                "{names} come up by the rebuild (the First Witch brings it herself): {chance}."
            )
    elif len(names) == 1:
        tail = _("{names} comes up before the rebuild: {chance}.")
    else:
        tail = _("{names} come up before the rebuild: {chance}.")
    return sentences(head, tail.format(names=shown, chance=fmt_chance(seen_before)))


def capture_verdict(p_captured: Fraction, trips: int) -> str:
    """The travel answer in one sentence (rule ``travel.captured``: the number comes from the
    caller).

    >>> capture_verdict(Fraction(1, 2), 6)
    'Within 6 trips you are captured at least once: 50.0% (1 in 2).'
    >>> capture_verdict(Fraction(1, 15), 1)
    'On the next trip you are captured: 6.7% (1 in 15).'
    """
    if trips == 1:
        return _("On the next trip you are captured: {chance}.").format(
            chance=fmt_chance(p_captured)
        )
    return _("Within {trips} trips you are captured at least once: {chance}.").format(
        trips=trips, chance=fmt_chance(p_captured)
    )


def race_blocker(quest: str, *, laid: int, held: Sequence[int]) -> str:
    """Why a race quest cannot be won whatever is drawn, in words, or ``""`` when the cards
    allow it: the Grail needs ``grail_spots`` Grail cards on it (BoQ p.9; RB p.15) and
    Excalibur ``excalibur_steps`` steps to the knights' bank (BoQ p.8), and the race models
    draw no white card (the knights lay only what they hold). ``laid`` is the Grail cards on
    the quest or Excalibur's place; ``held`` each knight's cards (rules ``quest.grail``,
    ``quest.excalibur``: the thresholds come from the rulebook).

    >>> race_blocker("grail", laid=2, held=[1, 1])[:70]
    'the knights on it hold 2 Grail cards but 5 are still needed (7 win it)'
    >>> race_blocker("excalibur", laid=0, held=[2])[:69]
    'the knights on it can spare 2 white cards and Excalibur needs 5 steps'
    >>> race_blocker("grail", laid=5, held=[2])
    ''
    """
    from camelot_rules.data import rulebook

    have = sum(held)
    if quest == "grail":
        spots = rulebook.threshold("grail_spots")
        need = spots - laid
        if have >= need:
            return ""
        if have == 1:
            text = _(
                "the knights on it hold 1 Grail card but {need} are still needed ({spots} win "
                "it); the model draws no white card"
            )
        else:
            text = _(
                "the knights on it hold {have} Grail cards but {need} are still needed ({spots} "
                "win it); the model draws no white card"
            )
        return text.format(have=have, need=need, spots=spots)
    if quest == "excalibur":
        need = rulebook.threshold("excalibur_steps") - laid
        if have >= need:
            return ""
        if have == 1:
            text = _(
                "the knights on it can spare 1 white card and Excalibur needs {need} steps; "
                "the model draws no white card"
            )
        else:
            text = _(
                "the knights on it can spare {have} white cards and Excalibur needs {need} "
                "steps; the model draws no white card"
            )
        return text.format(have=have, need=need)
    return ""


def race_verdict(
    quest: str, p_win: Fraction, p_lose: Fraction, turns: int, *, blocker: str = ""
) -> str:
    """A race quest's answer in one sentence: won and lost within the next ``turns`` turns,
    with the reason when it cannot be won (``blocker``, see :func:`race_blocker`; without one,
    the turns are too few). The numbers come from the callers; the citations go below.

    >>> race_verdict("grail", Fraction(1, 6), Fraction(0), 6)
    'Holy Grail within 6 turns: won 16.7% (1 in 6), lost: impossible.'
    >>> race_verdict("grail", Fraction(0), Fraction(1, 50), 1, blocker="no cards")
    'Holy Grail cannot be won within 1 turn: no cards. Lost by then: 2.0% (1 in 50).'
    """
    from camelot_rules.data.names import display_name

    name = display_name(quest, "quest")
    lose = fmt_chance(p_lose)
    if p_win == 0:
        why = blocker or _("the knights on it do not get enough turns to lay the cards it needs")
        if turns == 1:
            head = _("{quest} cannot be won within 1 turn: {why}.")
        else:
            head = _("{quest} cannot be won within {turns} turns: {why}.")
        tail = _("Lost by then: {lose}.").format(lose=lose)
        return sentences(head.format(quest=name, turns=turns, why=why), tail)
    if turns == 1:
        text = _("{quest} within 1 turn: won {win}, lost: {lose}.")
    else:
        text = _("{quest} within {turns} turns: won {win}, lost: {lose}.")
    return text.format(quest=name, turns=turns, win=fmt_chance(p_win), lose=lose)


# How a game ends (``GameResult.cause``), translated where shown (RB p.17; JA): one home for the
# words the CLI, the board and the simulation reports use.
_CAUSES = {
    "7 black swords": N_("7 black swords"),
    "12 siege engines": N_("12 siege engines"),
    "12 swords": N_("12 swords"),
    "all knights dead": N_("all knights dead"),
}


def cause_text(cause: object) -> str:
    """Why the game ended, in the language in force (as it is when the table does not know it).

    >>> from camelot_rules.base.i18n import language
    >>> with language("es"):
    ...     cause_text("12 siege engines")
    '12 Máquinas de Asedio'
    """
    text = str(cause)
    return _(_CAUSES[text]) if text in _CAUSES else text
