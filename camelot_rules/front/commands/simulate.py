"""``camelot-rules simulate``: whole games played by policies, sweeps and the exact endgame."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from camelot_rules.base.i18n import gettext as _
from camelot_rules.front.commands.common import listed
from camelot_rules.front.display import (
    cause_text,
    fmt_percent,
    sentences,
    text_answer,
    text_table,
)

if TYPE_CHECKING:
    from camelot_rules.sim import GameConfig


def _check_outputs(args: argparse.Namespace) -> None:
    """Before any game is played: the output files are new (or ``--force``), the scheduler's
    address and the number of workers well formed."""
    from camelot_rules.sim.runner import check_client, check_workers

    if args.plot and not args.sweep:  # refused below in any case, with what to do
        return
    for option, path in (("--csv", args.csv), ("--plot", args.plot)):
        if path and os.path.lexists(path) and not args.force:
            raise ValueError(
                _("{option} {path}: the file exists; add --force to replace it").format(
                    option=option, path=path
                )
            )
        if path and os.path.isdir(path):
            raise ValueError(
                _("{option} {path}: a folder, not a file").format(option=option, path=path)
            )
    try:
        check_client(args.scheduler)
        check_workers(args.workers)
    except ValueError as err:
        raise _as_options(err) from None


def _as_options(err: ValueError) -> ValueError:
    """The library's message with its parameters named as the options typed."""
    text = str(err)
    for param, option in (("client=", "--scheduler "), ("workers=", "--workers ")):
        text = text.replace(param, option, 1)
    return ValueError(text)


def run_simulate(args: argparse.Namespace) -> str:
    _check_outputs(args)
    try:
        return _run_simulate(args)
    except ValueError as err:
        raise _as_options(err) from None


def _run_simulate(args: argparse.Namespace) -> str:
    from camelot_rules.sim import GameConfig, rows_to_csv, simulate_games, summarize
    from camelot_rules.sim.lineups import lineup

    options = {"traitor": "none"} if args.no_traitor else {}
    config = GameConfig.of(args.players, expansion=args.expansion, **options)
    # a progress bar on a terminal (a long run is never silent); on request elsewhere
    progress = args.progress or sys.stderr.isatty()
    where = {"workers": args.workers, "client": args.scheduler, "progress": progress}
    if args.policy != "heuristic" and args.endgame is not None:
        raise ValueError(
            _("--policy {name}: --endgame plays the heuristic policies").format(name=args.policy)
        )
    if args.sweep:
        return _simulate_sweep(args, where)
    if args.endgame is not None:
        return _simulate_endgame(args, config)
    if args.plot:
        raise ValueError(
            _("--plot {path}: a plot compares configurations; add --sweep").format(path=args.plot)
        )
    rows = simulate_games(config, lineup(args.policy), n=args.games, seed=args.seed, **where)
    summary = summarize(rows)
    out = [_simulate_answer(config, rows, summary, args.seed, args.policy)]
    if args.csv:
        rows_to_csv(rows, args.csv)
        out.append(_("one row per game written to {path}").format(path=args.csv))
    return "\n".join(out)


def _simulate_answer(
    config: Any, rows: Sequence[Any], summary: dict[str, Any], seed: int, policy: str = "heuristic"
) -> str:
    """The answer to "is this normal?": the win rate with its interval, how the games ended in
    percent (a cause that ends games both ways - 12 swords - split into won and lost), and what
    played them; the table of endings after; the assumptions folded (issue 32)."""
    games = summary["games"]
    rate = summary["knights_win"]
    endings: dict[tuple[str, bool], int] = {}
    for r in rows:
        endings[(r.cause, r.knights_win)] = endings.get((r.cause, r.knights_win), 0) + 1
    ordered = sorted(endings.items(), key=lambda kv: -kv[1])

    def ending(cause: str, won: bool) -> str:
        text = cause_text(cause)
        return (_("won: {cause}") if won else _("lost: {cause}")).format(cause=text)

    def pct(n: int) -> str:
        return fmt_percent(Fraction(n, games))

    head = _(
        "The loyal knights won {rate} of {games} games (interval at 95%: {low}-{high})."
    ).format(
        rate=pct(sum(r.knights_win for r in rows)),
        games=f"{games:,}",
        low=f"{100 * rate.low:.1f}%",
        high=f"{100 * rate.high:.1f}%",
    )
    how = _("How they ended: {endings}.").format(
        endings=listed(f"{ending(c, w)} {pct(n)}" for (c, w), n in ordered)
    )
    if policy == "search":
        who = _(
            "Both sides were played by the search policies: each seat sees only what it may "
            "see and tries its turn's choices ahead in sampled games played on by the "
            "heuristics; stronger than the heuristics, still not a forecast for your table."
        )
    elif policy == "planner":
        who = _(
            "The loyal knights were played by the perfect-information planner, who sees every "
            "hand and the order of every pile (no table can), against the traitor heuristic: "
            "an upper reference for what play could achieve, not a forecast for your table."
        )
    else:
        who = _(
            "Both sides were played by the toolkit's heuristic policies (the loyal and the "
            "traitor heuristics): fixed rules of thumb that play unlike people, so this is a "
            "yardstick for comparing rules and settings, not a forecast for your table."
        )
    table = text_table(
        [_("ending"), _("games"), "%"],
        [[ending(c, w), f"{n:,}", pct(n)] for (c, w), n in ordered],
    )
    body = "\n".join(
        [
            _("knights win: {p} (95% Clopper-Pearson interval)").format(p=rate),
            table,
            _("mean turns: {n}").format(n=f"{summary['mean_turns']:.1f}"),
        ]
    )
    assumes = [
        _("{config}; seed {seed} (the same seed plays the same games)").format(
            config=config.label(), seed=seed
        ),
        _("the interval is Clopper-Pearson's exact interval (95%) for the loyal win rate"),
    ]
    return text_answer(sentences(head, how, who), body, assumes)


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
    from camelot_rules.sim.lineups import lineup

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
    policies = lineup(args.policy)  # every configuration played by the same line-up
    report = variant_sweep(axes, policies, args.games, args.seed, base=base, **where)  # type: ignore[arg-type]
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


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this command to the command line's sub-commands."""
    p_sim = sub.add_parser(
        "simulate",
        help=_("whole games played by a policy (--policy): P(knights win) with its interval"),
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
    p_sim.add_argument(
        "--workers", type=int, default=1, help=_("worker processes (at most this machine's cores)")
    )
    p_sim.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help=_(
            "run on a Dask cluster at this scheduler address (e.g. tcp://10.0.0.5:8786 or "
            "tls://...; 5 s to answer). Only a cluster you control: Dask sends results back "
            "pickled, and unpickling runs code"
        ),
    )
    p_sim.add_argument(
        "--progress",
        action="store_true",
        help=_("show a progress bar (shown anyway on a terminal)"),
    )
    p_sim.add_argument(
        "--policy",
        choices=("heuristic", "search", "planner"),
        default="heuristic",
        help=_(
            "who plays: heuristic (rules of thumb), search (each seat tries its choices ahead, "
            "seeing what it may see), planner (sees every hand and pile order: an upper "
            "reference)"
        ),
    )
    p_sim.add_argument(
        "--sweep",
        action="append",
        default=[],
        metavar="NAME=V1,V2",
        help=_(
            "vary a rule option or setting (repeatable): players, expansion, traitor, "
            "opening_share, spoils_share, camelot_actions, tristan_departure, "
            "siege_without_fight, three_player_peek, coats, travel_mix, divine_favor_reading, "
            "two_traitor_flip, travel_to_camelot; e.g. --sweep traitor=standard,none"
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
    p_sim.add_argument(
        "--force",
        action="store_true",
        help=_("replace the --csv or --plot file if it exists"),
    )
    p_sim.set_defaults(run=run_simulate)
