"""``camelot-rules deck``: the next reshuffle or rebuild, and forecasts over T turns."""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from camelot_rules.base.i18n import N_, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import standard_deck
from camelot_rules.front import charts
from camelot_rules.front.commands.common import (
    dist_table,
    listed,
)
from camelot_rules.front.display import (
    fmt_chance,
    fmt_expectation,
    fmt_fraction,
    fmt_percent,
    fmt_prob,
    rebuild_verdict,
    text_answer,
    text_table,
)


def run_deck(args: argparse.Namespace) -> str:
    from camelot_rules.data.decks import Deck
    from camelot_rules.data.names import resolve_quest
    from camelot_rules.front.parsing import parse_cards, parse_counts, parse_mix, parse_names
    from camelot_rules.odds.rebuilds import (
        DeckPosition,
        OtherDeck,
        RebuildRules,
        default_other_deck,
        forecast,
        next_rebuild,
    )

    box = standard_deck(args.deck, expansion=args.expansion or args.deck == "travel")
    drawn = Deck(parse_counts(args.drawn, box))
    position = DeckPosition(
        box.minus(drawn),
        drawn,
        finished_quests=frozenset(resolve_quest(q) for q in parse_names(args.finished)),
        expansion=args.expansion,
        merlin_on=frozenset(resolve_quest(q) for q in parse_names(args.merlin_on)),
    )
    if args.one_deck and args.both_decks:
        raise ValueError(_("--one-deck and --both-decks contradict each other: give one"))
    other = None
    if args.other_pile is not None or args.other_rebuilt is not None or args.other_mix:
        if args.one_deck:
            raise ValueError(_("--other-pile/--other-rebuilt/--other-mix need both decks rebuilt"))
        if args.deck == "travel":
            raise ValueError(_("the travel deck is rebuilt on its own (JA): no other deck"))
        base = default_other_deck(args.deck, expansion=args.expansion)
        pile = base.pile if args.other_pile is None else args.other_pile
        other = OtherDeck(
            pile,
            pile if args.other_rebuilt is None else args.other_rebuilt,
            parse_mix(args.other_mix) if args.other_mix else base.draws_per_turn,
        )
    rules = RebuildRules(
        first_witch=not args.no_first_witch,
        rebuild_mode="discards_only" if args.discards_only else "all",
        other_deck=other,
        both_decks=False if args.one_deck else (True if args.both_decks else None),
    )
    mix = parse_mix(args.mix)
    names = list(dict.fromkeys(parse_cards(args.cards, box)))
    shown = _shown_cards(names)
    if args.turns:
        fc = forecast(position, mix, args.turns, cards=names, rules=rules)
        out = [_forecast_verdict(args.turns, names, fc.count, fc.rebuilds)]
        out.append(
            _("over the next {turns} turns (draw pile {n}):").format(
                turns=args.turns, n=position.draw.size
            )
        )
        for title, dist in (
            (
                _("copies of {cards} drawn").format(cards=shown),
                fc.count if names else None,
            ),
            (_("rebuilds"), fc.rebuilds),
            (_("siege engines from cards of finished quests"), fc.engines),
        ):
            if dist is None:
                continue
            out.append(title)
            out.append(dist_table("n", dist))
        out.append(_("expected rebuilds: {n}").format(n=fmt_expectation(fc.expected_rebuilds)))
        return text_answer(out[0], "\n".join(out[1:]), fc.options)
    nr = next_rebuild(position, mix, cards=names, horizon=args.horizon, rules=rules)
    charts.show(charts.rebuild_chart(_pile(args.deck), nr.by_turn))  # the web page draws it
    rows = []
    total = Fraction(0)
    for turn, p in sorted(nr.by_turn.items()):
        total += p
        rows.append([turn, fmt_fraction(p), fmt_percent(p), fmt_percent(total)])
    causes = listed(f"{_cause(c)} {fmt_prob(p)}" for c, p in nr.by_cause.items())
    out = [
        rebuild_verdict(
            args.deck,
            nr.by_turn,
            nr.unresolved,
            names=names,
            seen_before=nr.seen_before,
            witch_is_rebuild=not args.no_first_witch and "morgan_witch_1" in names,
        ),
        _("next rebuild of the {deck} draw pile ({n} cards):").format(
            deck=_pile(args.deck), n=position.draw.size
        ),
        text_table([_("turn"), "P", "%", _("by then")], rows),
        _("causes: {causes}").format(causes=causes),
    ]
    if nr.unresolved:
        out.append(
            _("P(no rebuild within {turns} turns) = {p}").format(
                turns=args.horizon, p=fmt_prob(nr.unresolved)
            )
        )
    if names:
        out.append(
            _("P({cards} before the rebuild) = {p}").format(cards=shown, p=fmt_prob(nr.seen_before))
        )
    return text_answer(out[0], "\n".join(out[1:]), nr.options)


# why the draw pile is rebuilt first (reshuffle.NextRebuild.by_cause), in words
_CAUSES = {
    "exhausted": N_("exhausted"),
    "first_witch": N_("first_witch"),
    "other_deck": N_("other_deck"),
}

# the causes in English words (the other languages' catalogs translate the ids themselves)
_CAUSES_EN = {
    "exhausted": "the draw pile runs out",
    "first_witch": "the First Witch",
    "other_deck": "the other deck's rebuild",
}


def _cause(cause: str) -> str:
    """Why the pile is rebuilt, in words (never an id).

    >>> _cause("first_witch")
    'the First Witch'
    """
    if get_language() == "en":
        return _CAUSES_EN.get(cause, cause)
    return _(_CAUSES[cause]) if cause in _CAUSES else cause


# the draw piles by deck, in words (as in display.rebuild_verdict)
_PILES = {"white": N_("white"), "black": N_("black"), "travel": N_("travel")}


def _pile(kind: str) -> str:
    return _(_PILES[kind]) if kind in _PILES else kind


def _shown_cards(names: Sequence[str]) -> str:
    """Cards by their printed names, in every language."""
    from camelot_rules.data.names import display_name

    return listed(display_name(n) for n in names)


def _forecast_verdict(
    turns: int, names: list[str], count: Mapping[int, Fraction], rebuilds: Mapping[int, Fraction]
) -> str:
    """The ``deck --turns`` answer in one sentence (issue 18)."""
    if names:
        seen = 1 - count.get(0, Fraction(0))
        return _("Over the next {turns} turns, {cards} drawn at least once: {chance}.").format(
            turns=turns, cards=_shown_cards(names), chance=fmt_chance(seen)
        )
    rebuilt = 1 - rebuilds.get(0, Fraction(0))
    return _("Over the next {turns} turns the pile is rebuilt at least once: {chance}.").format(
        turns=turns, chance=fmt_chance(rebuilt)
    )


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this command to the command line's sub-commands."""
    p_deck = sub.add_parser("deck", help=_("next reshuffle / rebuild, and forecasts over T turns"))
    p_deck.add_argument("deck", choices=["white", "black", "travel"], help=_("which deck"))
    p_deck.add_argument("--expansion", action="store_true", help=_("Merlin's Company rules"))
    p_deck.add_argument("--drawn", default="", help=_("cards drawn since the last rebuild"))
    p_deck.add_argument("--finished", default="", help=_("quests over: excalibur, grail, dragon"))
    p_deck.add_argument("--merlin-on", default="", help=_("finished quests Merlin stands on"))
    p_deck.add_argument("--mix", default="1: 1", help=_("draws per turn, e.g. '1: 1/2, 2: 1/2'"))
    p_deck.add_argument("--cards", default="", help=_("named cards, e.g. morgan_witch_2"))
    p_deck.add_argument("--horizon", type=int, default=None, help=_("stop after T turns"))
    p_deck.add_argument("--turns", type=int, default=None, help=_("forecast T turns ahead"))
    p_deck.add_argument(
        "--no-first-witch",
        action="store_true",
        help=_("leave out the First Witch's rebuild (Merlin's Company)"),
    )
    p_deck.add_argument("--discards-only", action="store_true", help=_("rebuild mode"))
    p_deck.add_argument(
        "--one-deck",
        action="store_true",
        help=_("do not rebuild the other deck with this one (expansion default: both, JA)"),
    )
    p_deck.add_argument(
        "--both-decks", action="store_true", help=_("base game: rebuild both (ES 'new draw decks')")
    )
    p_deck.add_argument("--other-pile", type=int, default=None, help=_("other deck's pile now"))
    p_deck.add_argument(
        "--other-rebuilt", type=int, default=None, help=_("other deck's pile after a rebuild")
    )
    p_deck.add_argument("--other-mix", default="", help=_("other deck's draws per turn"))
    p_deck.set_defaults(run=run_deck)
