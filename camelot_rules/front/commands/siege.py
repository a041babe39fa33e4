"""``camelot-rules siege``: one fight, the hand advisor, a turn of fights, dealt hands (ES p.13)."""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.decks import standard_deck
from camelot_rules.front.commands.common import (
    check_kay_options,
    fight_values,
)
from camelot_rules.front.display import (
    fmt_chance,
    fmt_expectation,
    fmt_fraction,
    fmt_percent,
    fmt_prob,
    siege_verdict,
    text_table,
)
from camelot_rules.odds import siege


def run_siege(args: argparse.Namespace) -> str:
    check_kay_options(args)
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


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this command to the command line's sub-commands."""
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
        type=fight_values,
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
    p_siege.set_defaults(run=run_siege)
