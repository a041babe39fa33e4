"""The ``camelot-rules`` terminal front end over the same calculators.

Examples::

    camelot-rules siege 3 4                 # P(win) with Fight 3 + Fight 4
    camelot-rules siege 3 --excalibur --kay-reserve 2,5  # Sir Kay keeps a 2 and a 5
    camelot-rules siege --hand 5 4 3 1      # the hand advisor's table
    camelot-rules siege --hand --kay 5 1    # ... Sir Kay's splits of the hand
    camelot-rules siege --turn 5 4 3 --life 3
    camelot-rules siege --dealt --expansion # P(win) by dealt hand size
    camelot-rules draw white 2 grail        # P(at least one Grail in a Round Table draw)
    camelot-rules deck black --expansion --mix "1: 1/2, 2: 1/2" --cards morgan_witch_2
    camelot-rules deck black --finished dragon --turns 10   # engines from the dead Dragon
    camelot-rules deck black --expansion --other-pile 30 # both decks rebuilt (JA); --one-deck
    camelot-rules travel --seen "captured, vision" --grail --trips 5
    camelot-rules travel --move knight_power  # does this move draw a travel card?
    camelot-rules verify game.log --stats   # replay a play log against the rules
    camelot-rules decks --expansion         # every deck, with its assumptions
    camelot-rules quest combat lancelot --whites 4 5 5 --black-hidden 4  # P(knights win)
    camelot-rules quest next black-knight --whites 3 3 --hand 5 1 3 --black-hidden 2
    camelot-rules quest war picts --fights 2 --hand 3 4 --actions 7
    camelot-rules quest grail --laid 3 --despair 2 --hands 2,1 --turns 6
    camelot-rules quest war-race picts --fights 2 --warriors 1 --hand 3,4 --hand 5 --turns 8
    camelot-rules simulate --players 5 --games 1000 --seed 11 --workers 2 --csv out.csv
    camelot-rules simulate --games 1000 --sweep traitor=standard,none --plot traitor.png
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from contextvars import ContextVar
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from camelot_rules.base.i18n import LANGUAGES, N_, get_language, language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import deck_facts, standard_deck
from camelot_rules.front import charts, links
from camelot_rules.front.display import (
    capture_verdict,
    cause_text,
    confidence_word,
    exact_fractions,
    fmt_chance,
    fmt_expectation,
    fmt_fraction,
    fmt_percent,
    fmt_prob,
    rebuild_verdict,
    siege_verdict,
    text_table,
)
from camelot_rules.odds import siege
from camelot_rules.odds.draws import draw_probability

if TYPE_CHECKING:
    from camelot_rules.sim import GameConfig

__all__ = ["build_parser", "main"]


# argparse's own words (usage, section titles, its errors), in the CLI's language: argparse looks
# each up with its module-level ``_``; while the CLI runs (a context variable, so other threads
# and other users of argparse keep English) that lookup goes to our catalogs
_ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("can't open '%(filename)s': %(error)s"),
)
_IN_CLI: ContextVar[bool] = ContextVar("camelot_rules_cli", default=False)
_ARGPARSE_GETTEXT = argparse._  # type: ignore[attr-defined]


def _argparse_gettext(message: str) -> str:
    """argparse's lookup: ours inside the CLI (for the messages above), its own elsewhere."""
    if _IN_CLI.get() and message in _ARGPARSE_MESSAGES:
        return _(message)
    return str(_ARGPARSE_GETTEXT(message))


argparse._ = _argparse_gettext  # type: ignore[attr-defined]


# Japanese help texts are wrapped by the columns they take on a terminal (a kanji or kana is
# two columns wide; argparse counts characters, so its lines ran past the edge and the usage's
# continuation lines sat 3 columns off); texts without wide characters are left to argparse.
_WIDE_OR_WORD = re.compile(
    r"\s+|[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+"
)
_NO_LINE_START = frozenset("、。，．）」』：；！？・ー")


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal (wide and full-width characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _wrap_wide(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns: broken between words and between wide
    characters, never before closing punctuation (that goes on the line before)."""
    lines: list[str] = []
    line = ""
    for token in _WIDE_OR_WORD.findall(" ".join(text.split())):
        if token.isspace():
            if line:
                line += " "
            continue
        fits = display_width(line + token) <= width
        if fits or not line.strip() or token in _NO_LINE_START:
            line += token
        else:
            lines.append(line.rstrip())
            line = token
    if line.strip():
        lines.append(line.rstrip())
    return lines


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, measured in terminal columns when a text has wide characters."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        if display_width(text) == len(text):
            return super()._split_lines(text, width)
        return _wrap_wide(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if display_width(text) == len(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in _wrap_wide(text, width - len(indent)))

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any) -> str:
        shown = prefix if prefix is not None else argparse._("usage: ")  # type: ignore[attr-defined]
        extra = display_width(shown) - len(shown)
        if extra <= 0:
            return super()._format_usage(usage, actions, groups, prefix)
        # argparse measures the prefix in characters: lay the usage out in the columns its
        # prefix leaves, then shift the continuation lines by the columns it lacked
        self._width -= extra
        try:
            text = super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += extra
        return "\n".join(
            " " * extra + line if line.startswith(" ") and line.strip() else line
            for line in text.split("\n")
        )


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser (and its subcommands' parsers) with :class:`_Formatter`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def _listed(items: Iterable[str]) -> str:
    """Items one after another: ``a, b`` (Japanese: ``a、b``)."""
    return ("、" if get_language() == "ja" else ", ").join(items)


def _dist_table(label: str, dist: Mapping[int, Fraction]) -> str:
    """A distribution as a text table: value, exact probability, percentage."""
    return text_table(
        [label, "P", "%"], [[k, fmt_fraction(p), fmt_percent(p)] for k, p in dist.items()]
    )


def _fight_values(text: str) -> list[int]:
    """``"2,5"`` (or ``"2 5"``) -> ``[2, 5]``: Sir Kay's reserve, given as one argument."""
    parts = text.replace(",", " ").split()
    if not parts or not all(p.isascii() and p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(
            _("{text}: expected Fight values separated by commas, e.g. 2,5").format(text=repr(text))
        )
    return [int(p) for p in parts]


def _check_kay_options(args: argparse.Namespace) -> None:
    """``--kay`` (Sir Kay is fighting) and ``--kay-reserve`` (his cards) never guess."""
    if args.dealt and (args.kay or args.kay_reserve):
        raise ValueError(_("--dealt has no Sir Kay option (every Fight card is played)"))
    if (args.hand or args.turn) and args.kay_reserve:
        raise ValueError(
            _(
                "with --hand or --turn Sir Kay's reserve is chosen from the hand: "
                "use --kay and list the whole hand"
            )
        )
    if not (args.hand or args.turn or args.dealt) and args.kay and not args.kay_reserve:
        raise ValueError(
            _(
                "--kay alone is for --hand and --turn; for one fight give Sir Kay's cards with "
                "--kay-reserve, e.g. --kay-reserve 2,5"
            )
        )


def _cmd_siege(args: argparse.Namespace) -> str:
    _check_kay_options(args)
    favor = args.divine_favor
    opts = _("Excalibur: yes") if args.excalibur else _("Excalibur: no")
    if favor:
        opts += _("; Divine Favor: played (a tie wins, JA)")
    if args.dealt:
        deck = standard_deck("white", expansion=args.expansion)
        table = siege.dealt_hand_table(
            deck, range(1, 13), excalibur=args.excalibur, divine_favor=favor
        )
        rows = [[h, fmt_fraction(p), fmt_percent(p)] for h, p in table.items()]
        box = _("base + Merlin's Company") if args.expansion else _("base")
        return (  # verdict first (issue 18)
            _(
                "Playing every Fight card of a dealt hand: {one} with 1 card, {twelve} with 12."
            ).format(one=fmt_chance(table[1]), twelve=fmt_chance(table[12]))
            + "\n"
            + _(
                "P(win a siege fight playing every Fight card of a hand dealt from the {box} "
                "white deck of {n}); {opts}"
            ).format(box=box, n=deck.size, opts=opts)
            + "\n"
            + text_table([_("hand"), _("P(win)"), "%"], rows)
        )
    if args.turn:
        plan = siege.best_turn(
            args.cards,
            excalibur=args.excalibur,
            kay=args.kay,
            second_witch=args.second_witch,
            life=args.life,
            at_least=args.at_least,
            divine_favor=favor,
        )
        first = (
            _("do not fight") if plan.first_play is None else " + ".join(map(str, plan.first_play))
        )
        rows = [
            [e, lost, fmt_fraction(p), fmt_percent(p)]
            for (e, lost), p in sorted(plan.outcomes.items())
        ]
        return (
            _turn_verdict(args, plan)
            + "\n"
            + _("best first fight: {first}").format(first=first or _("no cards"))
            + f"\n{plan.objective}: "
            f"{fmt_prob(plan.value) if plan.at_least else fmt_expectation(plan.value)}\n"
            + text_table([_("engines removed"), _("life lost"), "P", "%"], rows)
            + "\n"
            + _("options: ")
            + "; ".join(plan.options)
        )
    if args.hand:
        if args.kay:
            splits = siege.kay_splits(args.cards, excalibur=args.excalibur, divine_favor=favor)
            rows = [
                [
                    " + ".join(map(str, s.pre_roll)) or "-",
                    " ".join(map(str, s.reserve)) or "-",
                    fmt_fraction(s.p_win),
                    fmt_percent(s.p_win),
                    fmt_expectation(s.expected_cards_spent),
                    fmt_expectation(s.expected_value_spent),
                    _("yes") if s.pareto else "",
                ]
                for s in splits
            ]
            headers = [_("before roll"), _("Kay keeps"), _("P(win)"), "%", _("E[cards]")]
            headers += [_("E[value spent]"), "Pareto"]  # the column that decides (issue 18)
            best = splits[0]
            verdict = _(
                "Best split: play {before} before the roll, Sir Kay keeps {kept}: you win {chance}."
            ).format(
                before=" + ".join(map(str, best.pre_roll)) or _("nothing"),
                kept=" ".join(map(str, best.reserve)) or _("nothing"),
                chance=fmt_chance(best.p_win),
            )
            return (
                verdict
                + "\n"
                + text_table(headers, rows)
                + "\n"
                + _("options: ")
                + opts
                + _("; Sir Kay: yes")
            )
        rows = [
            [
                " + ".join(map(str, c.cards)) or _("(none)"),
                c.total,
                fmt_fraction(c.p_win),
                fmt_percent(c.p_win),
                c.cards_spent,
                fmt_fraction(c.expected_life_lost),
                _("yes") if c.pareto else "",
            ]
            for c in siege.siege_choices(args.cards, excalibur=args.excalibur, divine_favor=favor)
        ]
        headers = [_("play"), _("total"), _("P(win)"), "%", _("cards"), _("E[life lost]"), "Pareto"]
        choices = siege.siege_choices(args.cards, excalibur=args.excalibur, divine_favor=favor)
        top = max(c.p_win for c in choices)
        pick = min((c for c in choices if c.p_win == top), key=lambda c: c.cards_spent)
        verdict = siege_verdict(pick.cards, pick.p_win, hand_empty=not args.cards)
        return verdict + "\n" + text_table(headers, rows) + "\n" + _("options: ") + opts
    reserve = args.kay_reserve
    p = siege.siege_win_probability(
        args.cards, excalibur=args.excalibur, kay_reserve=reserve, divine_favor=favor
    )
    kay = _("; Sir Kay keeps {cards}").format(cards=" ".join(map(str, reserve))) if reserve else ""
    return (
        siege_verdict(tuple(args.cards), p)
        + "\n"
        + _("P(win) = {p}").format(p=fmt_prob(p, 2))
        + "\n"
        + _("options: ")
        + f"{opts}{kay}"
    )


def _turn_verdict(args: argparse.Namespace, plan: siege.TurnPlan) -> str:
    """The ``siege --turn`` answer in one sentence (the first fight's own chance computed by
    the calculator, with Sir Kay holding the rest of the hand).

    Rules: ``siege.fight``, ``siege.kay``.
    """
    p_first = Fraction(0)
    if plan.first_play is not None:
        rest = list(args.cards)
        for v in plan.first_play:
            rest.remove(v)
        p_first = siege.siege_win_probability(
            plan.first_play,
            excalibur=args.excalibur,
            kay_reserve=rest if args.kay else (),
            divine_favor=args.divine_favor,
        )
    return siege_verdict(
        plan.first_play,
        p_first,
        turn_value=plan.value,
        at_least=plan.at_least,
        kay=args.kay,
        hand_empty=not args.cards,
    )


def _cmd_draw(args: argparse.Namespace) -> str:
    from camelot_rules.data.names import display_name, resolve_card
    from camelot_rules.front.display import assumption_lines

    expansion = args.expansion or args.deck == "travel"
    deck = standard_deck(args.deck, expansion=expansion)
    cards = [resolve_card(name, deck) for name in args.cards]  # printed names; not in deck: error
    p = draw_probability(deck, args.draws, cards, at_least=args.at_least)
    assumed = assumption_lines(args.deck, expansion=expansion)
    see = "`camelot-rules decks" + (" --expansion`" if expansion else "`")
    note = "\n" + (
        _("deck counts: {n} of them below HIGH confidence (assumed); see {command}").format(
            n=len(assumed), command=see
        )
        if assumed
        else _("deck counts: all HIGH confidence")
    )
    names = _listed(dict.fromkeys(display_name(c) for c in cards))
    pile = display_name(f"{args.deck}_deck", "term")
    if args.at_least == 1:
        head = _("Drawing {n} from the {deck}, at least one of {cards}: {chance}.")
    else:
        head = _("Drawing {n} from the {deck}, at least {k} of {cards}: {chance}.")
    return (
        head.format(n=args.draws, deck=pile, k=args.at_least, cards=names, chance=fmt_chance(p))
        + "\n"
        + _("P(at least {k} of {cards} in {n} cards from the {deck} of {size}) = {p}").format(
            k=args.at_least,
            cards=names,
            n=args.draws,
            deck=display_name(f"{args.deck}_deck", "term"),
            size=deck.size,
            p=fmt_prob(p, 2),
        )
        + note
    )


def _cmd_deck(args: argparse.Namespace) -> str:
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
            out.append(_dist_table("n", dist))
        out.append(_("expected rebuilds: {n}").format(n=fmt_expectation(fc.expected_rebuilds)))
        out += [_("option: {text}").format(text=o) for o in fc.options]
        return "\n".join(out)
    nr = next_rebuild(position, mix, cards=names, horizon=args.horizon, rules=rules)
    charts.show(charts.rebuild_chart(_pile(args.deck), nr.by_turn))
    rows = []
    total = Fraction(0)
    for turn, p in sorted(nr.by_turn.items()):
        total += p
        rows.append([turn, fmt_fraction(p), fmt_percent(p), fmt_percent(total)])
    causes = _listed(
        f"{_(_CAUSES[c]) if c in _CAUSES else c} {fmt_prob(p)}" for c, p in nr.by_cause.items()
    )
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
    out += [_("option: {text}").format(text=o) for o in nr.options]
    return "\n".join(out)


# why the draw pile is rebuilt first (reshuffle.NextRebuild.by_cause), in words
_CAUSES = {
    "exhausted": N_("exhausted"),
    "first_witch": N_("first_witch"),
    "other_deck": N_("other_deck"),
}

# the draw piles by deck, in words (as in display.rebuild_verdict)
_PILES = {"white": N_("white"), "black": N_("black"), "travel": N_("travel")}


def _pile(kind: str) -> str:
    return _(_PILES[kind]) if kind in _PILES else kind


def _shown_cards(names: Sequence[str]) -> str:
    """Card ids as typed in English; their printed names in the other languages."""
    from camelot_rules.data.names import display_name

    en = get_language() == "en"
    return _listed(n if en else display_name(n) for n in names)


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


def _cmd_travel(args: argparse.Namespace) -> str:
    from camelot_rules.data.decks import Deck
    from camelot_rules.front.parsing import parse_counts
    from camelot_rules.odds.travel import (
        draws_travel_card,
        next_trip_risk,
        remaining_travel_deck,
        trips_distribution,
    )

    if args.move:
        rule = draws_travel_card(args.move)
        verdict = _("draws a travel card") if rule.draws_travel_card else _("draws no travel card")
        return f"{args.move}: {verdict} - {_(rule.statement)} ({rule.source})"
    full = Deck(parse_counts(args.composition)) if args.composition else None
    box = full if full is not None else standard_deck("travel", expansion=True)
    left = remaining_travel_deck(Deck(parse_counts(args.seen, box)), composition=full)
    can_meet = {"lost": args.grail, "ambushed": args.fight_pair, "charged": args.fight_3_plus}
    held = args.captured_held
    if held < 0:
        raise ValueError(
            _("--captured-held {n}: expected 0 or more Captured! cards").format(n=held)
        )
    risk = next_trip_risk(
        left,
        composition=full,
        can_meet=can_meet,
        grail_open=not args.grail_over,
        captured_held=held,
    )
    outcome_words = {
        "moved": _("moved"),
        "redirected": _("redirected"),
        "failed": _("failed"),
        "captured": _("captured"),
    }
    out = [
        capture_verdict(risk.outcomes.get("captured", Fraction(0)), 1),
        (
            _("next trip ({n} travel cards left, reshuffled first):")
            if risk.reshuffled
            else _("next trip ({n} travel cards left):")
        ).format(n=left.size),
        text_table(
            [_("outcome"), "P", "%"],
            [
                [outcome_words.get(k, k), fmt_fraction(p), fmt_percent(p)]
                for k, p in risk.outcomes.items()
            ],
        ),
    ]
    if args.trips:
        plan = trips_distribution(
            left,
            args.trips,
            composition=full,
            can_meet=can_meet,
            grail_open=not args.grail_over,
            captured_held=held,
        )
        charts.show(charts.trips_chart(plan))
        out[0] = capture_verdict(1 - plan.captures.get(0, Fraction(0)), args.trips)
        out.append(_("over {n} trips:").format(n=args.trips))
        out.append(_dist_table(_("captures"), plan.captures))
        out.append(_dist_table(_("failed moves"), plan.failed))
        out.append(
            _("P(Merlin has arrived) = {p}").format(p=fmt_prob(plan.merlin_by_trip[args.trips]))
        )
        out += [_("assumption: {text}").format(text=a) for a in plan.assumptions]
    else:
        out += [_("assumption: {text}").format(text=a) for a in risk.assumptions]
    return "\n".join(out)


def _quest_black_laid(args: argparse.Namespace) -> list[str]:
    """``--black-known`` names and ``--black-hidden`` count, checked here so that an error
    names the option (the calculator checks the rest)."""
    from camelot_rules.data import rulebook
    from camelot_rules.front.parsing import parse_cards
    from camelot_rules.odds.quests import combat_card_names

    quest = args.quest.replace("-", "_")
    spots = rulebook.quest_data(quest).black_spots
    if not 0 <= args.black_hidden <= spots:
        raise ValueError(
            _("--black-hidden {n}: {quest} has 0..{spots} black spots").format(
                n=args.black_hidden, quest=_quest_name(quest), spots=spots
            )
        )
    known = parse_cards(args.black_known)
    allowed = combat_card_names(quest)
    for name in known:
        if name not in allowed:
            raise ValueError(
                _("--black-known: {name} is not laid on {quest}; expected {allowed}").format(
                    name=repr(name), quest=_quest_name(quest), allowed=allowed
                )
            )
    return [*known, *["hidden"] * args.black_hidden]


def _quest_seen(args: argparse.Namespace) -> dict[str, int]:
    from camelot_rules.front.parsing import parse_counts

    try:
        return parse_counts(args.seen)
    except ValueError as err:
        raise ValueError(_("--seen: {err}").format(err=err)) from None


def _quest_name(quest: str) -> str:
    """A quest as typed (its id) in English, its printed name in the other languages."""
    from camelot_rules.data.names import display_name

    return quest if get_language() == "en" else display_name(quest, "quest")


def _quest_title(quest: str) -> str:
    """A quest in a sentence: ``black knight`` in English, its printed name otherwise."""
    from camelot_rules.data.names import display_name

    return quest.replace("_", " ") if get_language() == "en" else display_name(quest, "quest")


def _tie(divine_favor: bool) -> str:
    """How a tie ends a combat quest, for the model line (RB p.14; Divine Favor, JA)."""
    return (
        _("a tie loses, but Divine Favor gives it to the knights")
        if divine_favor
        else _("a tie loses")
    )


def _quest_position(args: argparse.Namespace) -> tuple[str, list[str], dict[str, int]]:
    """The quest, its black cards laid and the black cards seen elsewhere, from the options."""
    return args.quest.replace("-", "_"), _quest_black_laid(args), _quest_seen(args)


def _cmd_quest_combat_race(args: argparse.Namespace) -> str:
    """``quest combat`` with ``--hand``/``--schedule``: white cards still to come."""
    from camelot_rules.odds.quests import combat_race_probability

    if args.black_to_come is not None:
        raise ValueError(
            _(
                "--black-to-come and --schedule/--hand: give one (the schedule says when black "
                "cards come)"
            )
        )
    quest, laid, seen = _quest_position(args)
    p = combat_race_probability(
        quest,
        args.whites,
        laid,
        hand=args.hand,
        schedule=args.schedule,
        seen=seen,
        excalibur=args.excalibur,
        kay_reserve=args.kay_reserve,
        divine_favor=args.divine_favor,
    )
    words = {"w": _("lay?"), "b": _("black"), "a": _("black (Armor)")}
    steps = _listed(words[c] for c in args.schedule) or _("none")
    return "\n".join(
        [
            _("The knights win the {quest} quest: {chance}.").format(
                quest=_quest_title(quest), chance=fmt_chance(p)
            ),
            _("P(knights win {quest}) = {p}").format(quest=_quest_name(quest), p=fmt_prob(p, 2)),
            _(
                "white total now {white}; hand {hand}; black cards: {laid} laid ({hidden} unseen)"
            ).format(
                white=sum(args.whites),
                hand=" ".join(map(str, args.hand)) or _("empty"),
                laid=len(laid),
                hidden=args.black_hidden,
            ),
            _("steps to come: {steps}; then the empty black spots fill").format(steps=steps),
            _(
                "model: the knights lay the best card of the hand (or none) at each 'lay?'; "
                "black cards drawn from the quest's combat cards (RB p.14; the Armor keeps the "
                "lower of two, BoQ p.6; {tie})"
            ).format(tie=_tie(args.divine_favor)),
        ]
    )


def _cmd_quest_combat(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import black_total_distribution, combat_win_probability

    if args.schedule or args.hand:
        return _cmd_quest_combat_race(args)
    quest, laid, seen = _quest_position(args)
    p = combat_win_probability(
        quest,
        args.whites,
        laid,
        seen=seen,
        excalibur=args.excalibur,
        kay_reserve=args.kay_reserve,
        black_to_come=args.black_to_come,
        divine_favor=args.divine_favor,
    )
    dist = black_total_distribution(
        quest, laid, n_whites=len(args.whites), seen=seen, black_to_come=args.black_to_come
    )
    bonus = (_(" + 1 (Excalibur)") if args.excalibur else "") + (
        _(" + {n} (Sir Kay)").format(n=max(args.kay_reserve)) if args.kay_reserve else ""
    )
    to_come = _("the empty spots") if args.black_to_come is None else str(args.black_to_come)
    return "\n".join(
        [
            _("The knights win the {quest} quest: {chance}.").format(
                quest=_quest_title(quest), chance=fmt_chance(p)
            ),
            _("P(knights win {quest}) = {p}").format(quest=_quest_name(quest), p=fmt_prob(p, 2)),
            _(
                "white total {white}{bonus}; black cards: {laid} laid ({hidden} unseen), "
                "to come: {to_come}"
            ).format(
                white=sum(args.whites),
                bonus=bonus,
                laid=len(laid),
                hidden=args.black_hidden,
                to_come=to_come,
            ),
            _dist_table(_("black total"), dict(sorted(dist.items()))),
            _(
                "model: no more white cards; unseen black cards drawn at random from the box's "
                "combat cards less those laid and --seen (RB p.14; {tie})"
            ).format(tie=_tie(args.divine_favor)),
        ]
    )


def _cmd_quest_next(args: argparse.Namespace) -> str:
    from camelot_rules.data.names import display_name
    from camelot_rules.odds.quests import best_next_fight, combat_win_probability

    quest, laid, seen = _quest_position(args)
    now = combat_win_probability(
        quest,
        args.whites,
        laid,
        seen=seen,
        excalibur=args.excalibur,
        kay_reserve=args.hand if args.kay else args.kay_reserve,
        divine_favor=args.divine_favor,
    )
    table = best_next_fight(
        quest,
        args.whites,
        args.hand,
        laid,
        seen=seen,
        excalibur=args.excalibur,
        kay=args.kay,
        kay_reserve=args.kay_reserve,
        divine_favor=args.divine_favor,
    )
    rows = [
        [
            display_name(f"fight_{n.value}"),
            n.p_win,
            fmt_percent(n.p_win),
            _("yes") if n.ends_quest else "",
        ]
        for n in table
    ]
    out = [
        _("without laying a card: P(win) = {p}").format(p=fmt_prob(now, 2)),
        text_table([_("lay"), _("P(win)"), "%", _("ends the quest")], rows)
        if rows
        else _("no card in the hand fits the quest's pattern (BoQ p.14)"),
    ]
    return "\n".join(out)


def _cmd_quest_war(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import war_completion_probability

    p = war_completion_probability(
        args.war,
        args.fights,
        args.hand,
        None,
        args.actions,
        mordred=args.mordred,
        start=args.at,
        draws_per_action=args.draws,
    )
    return (
        _("P(complete the {war} straight within {actions} actions) = {p}").format(
            war=_quest_name(args.war), actions=args.actions, p=fmt_prob(p, 2)
        )
        + "\n"
        + _(
            "model: one knight; lay, move, or draw {n} white cards at the Round Table; "
            "the warriors' race is not modelled"
        ).format(n=args.draws)
    )


def _race_report(title: str, curve: object) -> str:
    """A race's chances turn by turn, then the model's assumptions (issue 14)."""
    from camelot_rules.odds.quests import RaceCurve

    assert isinstance(curve, RaceCurve)
    charts.show(charts.race_chart(title, curve))  # the web page draws it
    rows = [
        [t, fmt_prob(w, 2), fmt_prob(lo, 2)]
        for t, (w, lo) in enumerate(zip(curve.won, curve.lost))
        if t
    ]
    return (
        _("{title}: P(won within {turns} turns) = {won}, P(lost) = {lost}").format(
            title=title,
            turns=curve.turns,
            won=fmt_prob(curve.p_win, 2),
            lost=fmt_prob(curve.p_lose, 2),
        )
        + "\n"
        + text_table([_("turns"), _("P(won by then)"), _("P(lost by then)")], rows)
        + "\n"
        + _("model: {text}").format(
            text=("；" if get_language() == "ja" else "; ").join(curve.assumptions)
        )
    )


def _race_hands(args: argparse.Namespace) -> list[int]:
    if args.hands is not None:
        return list(args.hands)
    return [args.each] * args.knights


def _cmd_quest_grail(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import grail_race

    curve = grail_race(
        args.laid,
        args.despair,
        _race_hands(args),
        args.turns,
        players=args.players,
        dark_forest=args.dark_forest,
        expansion=args.expansion,
    )
    return _race_report(_("the Holy Grail"), curve)


def _cmd_quest_excalibur(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import excalibur_race

    curve = excalibur_race(
        args.steps, _race_hands(args), args.turns, players=args.players, expansion=args.expansion
    )
    return _race_report(_("Excalibur"), curve)


def _cmd_quest_war_race(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import war_race

    curve = war_race(
        args.war,
        args.fights,
        args.warriors,
        args.hand or [[]],
        args.turns,
        mordred=args.mordred,
        players=args.players,
        expansion=args.expansion,
        chosen_here=not args.mercenaries_elsewhere,
    )
    return _race_report(
        _("the {war} war against its warriors").format(war=_quest_name(args.war)), curve
    )


def _cmd_verify(args: argparse.Namespace) -> str:
    from camelot_rules.logs.playlog import (
        format_report,
        format_stat_test,
        read_log,
        stats_report,
        verify,
    )

    report = verify(read_log(args.log))
    out = [f"{args.log}:", format_report(report)]
    if args.stats:  # every test it can make, a note for each it cannot; never instead of the report
        tests, notes = stats_report(report)
        out.append(_("Observed vs expected:"))
        out += [f"  {format_stat_test(t)}" for t in tests]
        out += [f"  {note}" for note in notes]
    args.exit_code = 1 if report.violations else 0
    return "\n".join(out)


def _cmd_decks(args: argparse.Namespace) -> str:
    from camelot_rules.data.names import display_name

    en = get_language() == "en"
    out = []
    kinds = ["white", "black"] + (["travel"] if args.expansion else [])
    for kind in kinds:
        entries = deck_facts(kind, expansion=args.expansion)
        size = standard_deck(kind, expansion=args.expansion).size
        out.append(_("{deck}: {n} cards").format(deck=display_name(f"{kind}_deck", "term"), n=size))
        rows = [
            [
                e.name if en else display_name(e.name),
                e.count,
                (
                    _("{confidence} (assumption)") if e.confidence.is_assumption else "{confidence}"
                ).format(confidence=confidence_word(e.confidence.value)),
                e.source,
            ]
            for e in entries
        ]
        out.append(text_table([_("card"), _("count"), _("confidence"), _("source")], rows))
    return "\n\n".join(out)


# how a game ended (the engine's end causes), in words
def _cmd_simulate(args: argparse.Namespace) -> str:
    from camelot_rules.sim import GameConfig, rows_to_csv, simulate_games, summarize

    options = {"traitor": "none"} if args.no_traitor else {}
    config = GameConfig.of(args.players, expansion=args.expansion, **options)
    where = {"workers": args.workers, "client": args.scheduler, "progress": args.progress}
    if args.sweep:
        return _simulate_sweep(args, where)
    if args.endgame is not None:
        return _simulate_endgame(args, config)
    if args.plot:
        raise ValueError(
            _("--plot {path}: a plot compares configurations; add --sweep").format(path=args.plot)
        )
    rows = simulate_games(config, n=args.games, seed=args.seed, **where)
    summary = summarize(rows)
    out = [
        _("{config}: {games} games, seed {seed} (loyal heuristic vs traitor heuristic)").format(
            config=config.label(), games=f"{summary['games']:,}", seed=args.seed
        ),
        _("knights win: {p} (95% Clopper-Pearson interval)").format(p=summary["knights_win"]),
        _("endings:"),
        *(f"  {cause_text(cause)}: {count:,}" for cause, count in summary["causes"].items()),
        _("mean turns: {n}").format(n=f"{summary['mean_turns']:.1f}"),
    ]
    if args.csv:
        rows_to_csv(rows, args.csv)
        out.append(_("one row per game written to {path}").format(path=args.csv))
    return "\n".join(out)


def _simulate_endgame(args: argparse.Namespace, config: GameConfig) -> str:
    from camelot_rules.sim.exact import endgame_comparison

    parts = args.endgame.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(
            _("--endgame {text}: expected WHITE,BLACK swords on the table, e.g. 5,4").format(
                text=repr(args.endgame)
            )
        )
    if args.workers != 1 or args.scheduler or args.csv or args.plot:
        raise ValueError(
            _(
                "--endgame plays its games in this process: leave out --workers, "
                "--scheduler, --csv and --plot"
            )
        )
    white, black = (int(p) for p in parts)
    return str(endgame_comparison(config, white=white, black=black, n=args.games, seed=args.seed))


def _simulate_sweep(args: argparse.Namespace, where: dict[str, object]) -> str:
    import csv

    from camelot_rules.sim import GameConfig, parse_axis, variant_sweep

    options = {"traitor": "none"} if args.no_traitor else {}
    base = GameConfig.of(args.players, expansion=args.expansion, **options)
    axes: dict[str, tuple[object, ...]] = {}
    for text in args.sweep:
        name, values = parse_axis(text)
        if name in axes:
            raise ValueError(
                _("--sweep {text}: the axis {name} is given twice").format(
                    text=repr(text), name=repr(name)
                )
            )
        axes[name] = values
    report = variant_sweep(axes, n=args.games, seed=args.seed, base=base, **where)  # type: ignore[arg-type]
    out = [
        _("{n} configurations around {config}:").format(n=len(report.rows), config=base.label()),
        report.text(),
    ]
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as fh:
            rows = [r.as_dict() for r in report.rows]
            writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
        out.append(_("one row per configuration written to {path}").format(path=args.csv))
    if args.plot:
        fig = report.plot()
        fig.savefig(args.plot, dpi=120)
        out.append(_("plot written to {path}").format(path=args.plot))
    return "\n".join(out)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for tests and docs)."""
    parser = _Parser(
        prog="camelot-rules",
        description=_("Exact odds for Shadows over Camelot and Merlin's Company."),
    )
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=_("language of the answers: en, ja or es (default: from LANG, else en)"),
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p_siege = sub.add_parser("siege", help=_("siege-engine fights (ES p.13)"))
    p_siege.add_argument("cards", type=int, nargs="*", help=_("Fight values played (1-5)"))
    p_siege.add_argument("--excalibur", action="store_true", help=_("Excalibur adds 1"))
    p_siege.add_argument(
        "--divine-favor",
        action="store_true",
        help=_("Divine Favor played: the next tie goes to the knights (JA)"),
    )
    p_siege.add_argument(
        "--kay", action="store_true", help=_("with --hand/--turn: Sir Kay fights (keeps cards)")
    )
    p_siege.add_argument(
        "--kay-reserve",
        type=_fight_values,
        action="extend",
        default=[],
        metavar="V,V",
        help=_("one fight: the Fight cards Sir Kay keeps to add after the roll, e.g. 2,5"),
    )
    mode = p_siege.add_mutually_exclusive_group()
    mode.add_argument("--hand", action="store_true", help=_("advisor table for a hand"))
    mode.add_argument("--turn", action="store_true", help=_("best turn of fights for a hand"))
    mode.add_argument("--dealt", action="store_true", help=_("P(win) by dealt hand size 1..12"))
    p_siege.add_argument("--expansion", action="store_true", help=_("with --dealt: 107-card deck"))
    p_siege.add_argument("--second-witch", action="store_true", help=_("no life sacrifice"))
    p_siege.add_argument("--life", type=int, default=4, help=_("life left (default 4)"))
    p_siege.add_argument("--at-least", type=int, default=None, help=_("objective P(>= m)"))
    p_siege.set_defaults(run=_cmd_siege)

    p_draw = sub.add_parser("draw", help=_("P(at least k of some cards in n draws)"))
    p_draw.add_argument("deck", choices=["white", "black", "travel"], help=_("which deck"))
    p_draw.add_argument("draws", type=int, help=_("how many cards are drawn"))
    p_draw.add_argument(
        "cards",
        nargs="+",
        help=_("the cards wanted: printed names (English, Japanese, Spanish) or ids"),
    )
    p_draw.add_argument(
        "--at-least", type=int, default=1, help=_("how many of them at least (default 1)")
    )
    p_draw.add_argument(
        "--expansion", action="store_true", help=_("Merlin's Company decks (base + expansion)")
    )
    p_draw.set_defaults(run=_cmd_draw)

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
    p_deck.set_defaults(run=_cmd_deck)

    p_travel = sub.add_parser("travel", help=_("travel-card risk (Merlin's Company)"))
    p_travel.add_argument("--seen", default="", help=_("travel cards seen since the reshuffle"))
    p_travel.add_argument("--composition", default="", help=_("your 16-card mix (default assumed)"))
    p_travel.add_argument("--grail", action="store_true", help=_("the knight holds a Grail card"))
    p_travel.add_argument(
        "--fight-pair", action="store_true", help=_("holds a pair of Fight cards")
    )
    p_travel.add_argument("--fight-3-plus", action="store_true", help=_("holds a Fight card 3+"))
    p_travel.add_argument("--grail-over", action="store_true", help=_("the Grail quest is over"))
    p_travel.add_argument("--trips", type=int, default=None, help=_("plan n trips"))
    p_travel.add_argument("--move", default=None, help=_("does this move draw? e.g. knight_power"))
    p_travel.add_argument(
        "--captured-held",
        type=int,
        default=0,
        help=_("Captured! cards lying under figures: they stay out of a reshuffle (JA)"),
    )
    p_travel.set_defaults(run=_cmd_travel)

    p_verify = sub.add_parser("verify", help=_("check a play log against the rules"))
    p_verify.add_argument("log", help=_("the play-log file (read only)"))
    p_verify.add_argument("--stats", action="store_true", help=_("observed vs expected odds"))
    p_verify.set_defaults(run=_cmd_verify)

    p_decks = sub.add_parser("decks", help=_("every deck with counts, sources, assumptions"))
    p_decks.add_argument(
        "--expansion", action="store_true", help=_("Merlin's Company decks (base + expansion)")
    )
    p_decks.set_defaults(run=_cmd_decks)

    p_quest = sub.add_parser("quest", help=_("quest odds: combat quests and wars (RB p.14-15)"))
    q_sub = p_quest.add_subparsers(dest="quest_command", required=True)
    combat_quests = ["black-knight", "lancelot", "dragon"]
    p_combat = q_sub.add_parser(
        "combat",
        help=_("P(knights win) when the combat quest ends"),
        epilog=_("example: {example}; cards to come: {example2}").format(
            example="camelot-rules quest combat lancelot --whites 4 5 5 --black-hidden 4",
            example2="camelot-rules quest combat black-knight --whites 4 4 --black-hidden 2 "
            "--hand 1 1 --schedule aww",
        ),
    )
    p_next = q_sub.add_parser(
        "next",
        help=_("which Fight card of the hand to lay next"),
        epilog=_("example: {example}").format(
            example="camelot-rules quest next black-knight --whites 3 3 --hand 5 1 3 "
            "--black-hidden 2"
        ),
    )
    for p_q in (p_combat, p_next):
        p_q.add_argument("quest", choices=combat_quests, help=_("the combat quest"))
        p_q.add_argument("--whites", type=int, nargs="*", default=[], help=_("Fight values laid"))
        p_q.add_argument("--black-hidden", type=int, default=0, help=_("black cards laid unseen"))
        p_q.add_argument("--black-known", default="", help=_("black cards laid face up, by name"))
        p_q.add_argument("--seen", default="", help=_("black cards known elsewhere (discards)"))
        p_q.add_argument("--excalibur", action="store_true", help=_("Excalibur adds 1"))
        p_q.add_argument(
            "--divine-favor", action="store_true", help=_("Divine Favor: a tie goes to the knights")
        )
        p_q.add_argument(
            "--kay-reserve",
            type=_fight_values,
            action="extend",
            default=[],
            metavar="V,V",
            help=_("Sir Kay's Fight cards: he adds the best after the reveal"),
        )
    p_combat.add_argument(
        "--black-to-come", type=int, default=None, help=_("black cards still to come (0: ends now)")
    )
    p_combat.add_argument(
        "--hand", type=int, nargs="*", default=[], help=_("Fight values the knights will lay")
    )
    p_combat.add_argument(
        "--schedule",
        default="",
        help=_("coming steps: w lay a card, b a black card, a one drawn with Lancelot's Armor"),
    )
    p_combat.set_defaults(run=_cmd_quest_combat)
    p_next.add_argument("--hand", type=int, nargs="+", required=True, help=_("Fight values held"))
    p_next.add_argument("--kay", action="store_true", help=_("you are Sir Kay (keeps the rest)"))
    p_next.set_defaults(run=_cmd_quest_next)
    p_war = q_sub.add_parser(
        "war",
        help=_("P(complete the war's straight within k actions)"),
        epilog=_("example: {example}").format(
            example="camelot-rules quest war picts --fights 2 --hand 3 4 --actions 7"
        ),
    )
    p_war.add_argument("war", choices=["picts", "saxons"], help=_("which war"))
    p_war.add_argument("--fights", type=int, default=0, help=_("Fight cards on the war"))
    p_war.add_argument("--hand", type=int, nargs="*", default=[], help=_("Fight values held"))
    p_war.add_argument("--actions", type=int, required=True, help=_("heroic actions k"))
    p_war.add_argument("--mordred", action="store_true", help=_("Mordred: a second 5 is needed"))
    p_war.add_argument("--at", choices=["war", "camelot"], default="war", help=_("where you are"))
    p_war.add_argument("--draws", type=int, default=2, help=_("white cards per draw (Gawain 3)"))
    p_war.set_defaults(run=_cmd_quest_war)
    p_grail = q_sub.add_parser(
        "grail",
        help=_("the Grail race: Grail cards laid against Despair/Desolation (BoQ p.9)"),
        epilog=_("example: {example}").format(
            example="camelot-rules quest grail --laid 3 --despair 2 --hands 2,1 --turns 6"
        ),
    )
    p_grail.add_argument("--laid", type=int, default=0, help=_("Grail cards on the quest"))
    p_grail.add_argument("--despair", type=int, default=0, help=_("Despair cards on the quest"))
    p_grail.add_argument("--dark-forest", action="store_true", help=_("the Dark Forest is on it"))
    p_exc = q_sub.add_parser(
        "excalibur",
        help=_("the Excalibur track race (BoQ p.8)"),
        epilog=_("example: {example}").format(
            example="camelot-rules quest excalibur --steps 2 --hands 3,2 --turns 6"
        ),
    )
    p_exc.add_argument("--steps", type=int, default=0, help=_("Excalibur's place: 0 start, 5 won"))
    p_race = q_sub.add_parser(
        "war-race",
        help=_("a war against its warriors from the black deck (BoQ p.10)"),
        epilog=_("example: {example}").format(
            example="camelot-rules quest war-race picts --fights 2 --warriors 1 "
            "--hand 3,4 --hand 5 --turns 8"
        ),
    )
    p_race.add_argument("war", choices=["picts", "saxons"], help=_("which war"))
    p_race.add_argument("--fights", type=int, default=0, help=_("Fight cards on the war"))
    p_race.add_argument("--warriors", type=int, default=0, help=_("warriors on the war"))
    p_race.add_argument(
        "--hand", type=_fight_values, action="append", help=_("one knight's Fight values, e.g. 3,4")
    )
    p_race.add_argument("--mordred", action="store_true", help=_("Mordred: a second 5 is needed"))
    p_race.add_argument(
        "--mercenaries-elsewhere",
        action="store_true",
        help=_("Mercenaries and Mordred go to the other war (default: this one, the worst case)"),
    )
    for p_r, grail in ((p_grail, True), (p_exc, False)):
        p_r.add_argument(
            "--hands",
            type=_fight_values,
            default=None,
            metavar="N,N",
            help=_("Grail cards held by each knight on the quest, in turn order from the next")
            if grail
            else _("white cards held by each knight on the quest, in turn order from the next"),
        )
        p_r.add_argument(
            "--knights", type=int, default=1, help=_("knights on it (without --hands)")
        )
        p_r.add_argument(
            "--each",
            type=int,
            default=1,
            help=_("Grail cards each (without --hands)")
            if grail
            else _("white cards each (without --hands)"),
        )
    for p_r in (p_grail, p_exc, p_race):
        p_r.add_argument("--turns", type=int, default=6, help=_("the table's turns ahead"))
        p_r.add_argument("--players", type=int, default=4, help=_("players at the table"))
        p_r.add_argument("--expansion", action="store_true", help=_("Merlin's Company decks"))
    p_grail.set_defaults(run=_cmd_quest_grail)
    p_exc.set_defaults(run=_cmd_quest_excalibur)
    p_race.set_defaults(run=_cmd_quest_war_race)

    p_sim = sub.add_parser(
        "simulate",
        help=_("whole games by the heuristic policies: P(knights win) with its interval"),
        epilog=_("examples: {example}; {example2}").format(
            example="camelot-rules simulate --players 5 --games 1000 --seed 11 --csv out.csv",
            example2="camelot-rules simulate --games 1000 --sweep players=3,4,5 "
            "--sweep traitor=standard,none",
        ),
    )
    p_sim.add_argument("--players", type=int, default=5, help=_("3-7 (3-8 with --expansion)"))
    p_sim.add_argument("--expansion", action="store_true", help=_("Merlin's Company"))
    p_sim.add_argument("--no-traitor", action="store_true", help=_("play without a traitor"))
    p_sim.add_argument("--games", type=int, default=1000, help=_("number of games"))
    p_sim.add_argument("--seed", type=int, default=0, help=_("the same seed, the same games"))
    p_sim.add_argument("--workers", type=int, default=1, help=_("worker processes"))
    p_sim.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help=_("run on a Dask cluster at this scheduler address (e.g. tcp://10.0.0.5:8786)"),
    )
    p_sim.add_argument("--progress", action="store_true", help=_("show a progress bar"))
    p_sim.add_argument(
        "--sweep",
        action="append",
        default=[],
        metavar="NAME=V1,V2",
        help=_(
            "vary a rule option or setting (repeatable): players, expansion, traitor, "
            "opening_share, three_player_peek, coats, travel_mix, divine_favor_reading, "
            "two_traitor_flip; e.g. --sweep traitor=standard,none"
        ),
    )
    p_sim.add_argument("--plot", default=None, help=_("with --sweep: save the plot (e.g. out.png)"))
    p_sim.add_argument(
        "--endgame",
        default=None,
        metavar="WHITE,BLACK",
        help=_(
            "from the games that reach this many white and black swords: their win rate next "
            "to the exact best play on the Round Table model fitted to them"
        ),
    )
    p_sim.add_argument(
        "--csv",
        default=None,
        help=_("write one row per game to this file (with --sweep: one row per configuration)"),
    )
    p_sim.set_defaults(run=_cmd_simulate)
    links.add_link_option(parser)  # --link on every command with a web page (issue 19)
    parser.add_argument(  # read by main() anywhere on the line (issue 18)
        "--exact",
        action="store_true",
        help=_("print every probability as its whole fraction, however long (any position)"),
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; bad input prints a one-line error and returns 2.

    ``--lang en|ja|es`` (before the command) chooses the language of the help and the answers;
    without it the environment's (``LANG``), else English.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    # the language holds for this call only (the parser is built inside it: its help is
    # translated); a caller's own choice comes back afterwards
    token = _IN_CLI.set(True)
    try:
        with language(_lang_in(argv)):
            return _main(argv)
    finally:
        _IN_CLI.reset(token)


def _main(argv: list[str]) -> int:
    parser = build_parser()
    words = argv
    exact = "--exact" in words  # accepted anywhere on the line, e.g. `siege 3 4 --exact`
    args = parser.parse_args([w for w in words if w != "--exact"])
    try:
        with exact_fractions(exact):
            text = args.run(args)
        print(text)
        if getattr(args, "link", False):
            url = links.link_url(links.link_from_namespace(args))
            print(_("permalink: {url}").format(url=url))
    except (ValueError, OSError) as err:
        print(_("camelot-rules: error: {err}").format(err=err), file=sys.stderr)
        return 2
    return int(getattr(args, "exit_code", 0))


def _lang_in(argv: Sequence[str]) -> str | None:
    """The ``--lang`` value in ``argv`` if it names one of our languages (argparse reports
    anything else)."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        value = word.partition("=")[2] if word.startswith("--lang=") else None
        if word == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        if value in LANGUAGES:
            return value
    return None


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
