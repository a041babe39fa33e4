"""``camelot-rules advise``: "what should I do now?" for the knight deciding in a saved game,
and "where should I go?" (the exact one-turn quest odds)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from camelot_rules.base.i18n import gettext as _
from camelot_rules.front.display import fmt_fraction, fmt_percent, text_table


def _read_game(path: str) -> Any:
    from camelot_rules.engine import from_json

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise ValueError(
            _("{path}: cannot read the saved game ({err})").format(path=path, err=err)
        ) from None
    # (a play log or the tracker's position will be read here once the table's information
    # set can be built from them: then the worlds come from it, not from a saved engine game)
    return from_json(text)


def run_advise(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import turn_choices
    from camelot_rules.sim.advisor import advise
    from camelot_rules.sim.determinize import public_record

    state = _read_game(args.game)
    if args.seconds <= 0:
        raise ValueError(
            _("--seconds {n}: expected a time budget above 0").format(n=repr(args.seconds))
        )
    out: list[str] = []
    if args.where or (state.phase == "heroic" and not state.pending and not state.is_chance()):
        try:
            choices = turn_choices(state)
        except ValueError as err:
            if args.where:
                raise
            choices, note = (), str(err)
        else:
            note = ""
        if choices:
            out.append(_("Where should I go? (exact, this turn)"))
            out.append(
                text_table(
                    [_("action"), _("quest"), _("P(won now)"), _("P(lost before my next turn)")],
                    [
                        [
                            c.action,
                            c.quest,
                            f"{fmt_fraction(c.p_win_now)} ({fmt_percent(c.p_win_now)})",
                            f"{fmt_fraction(c.p_lost_soon)} ({fmt_percent(c.p_lost_soon)})",
                        ]
                        for c in choices
                    ],
                )
            )
        elif note:
            out.append(note)
        if args.where:
            return "\n".join(out)

    def show(fraction: float, _advice: object) -> None:
        bar = "#" * int(30 * fraction)
        print(f"\r[{bar:<30}] {fraction:4.0%}", end="", file=sys.stderr, flush=True)

    advice = advise(
        state,
        seconds=args.seconds,
        seed=args.seed,
        record=public_record(state),
        progress=show if args.progress else None,
    )
    if args.progress:
        print(file=sys.stderr)
    if out:
        out.append("")
    out.append(_("What now? Each legal action, then whole games played on by the heuristics:"))
    out.append(advice.text())
    return "\n".join(out)


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this command to the command line's sub-commands."""
    p = sub.add_parser(
        "advise",
        help=_("what should I do now? the legal actions ranked by P(knights win)"),
        epilog=_("example: {example}").format(
            example="camelot-rules advise game.json --seconds 10 --seed 1"
        ),
    )
    p.add_argument("game", help=_("a saved game: the rules engine's state.to_json() (read only)"))
    p.add_argument(
        "--seconds", type=float, default=10.0, help=_("time budget (more: a surer answer)")
    )
    p.add_argument("--seed", type=int, default=0, help=_("the same seed, the same answer"))
    p.add_argument("--progress", action="store_true", help=_("show the progress"))
    p.add_argument(
        "--where",
        action="store_true",
        help=_("only the exact one-turn quest odds (where should I go?), no simulation"),
    )
    p.set_defaults(run=run_advise)
