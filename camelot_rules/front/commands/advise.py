"""``camelot-rules advise``: "what should I do now?" for the knight deciding in a play log or
a saved game, and "where should I go?" (the exact one-turn quest odds)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from camelot_rules.base.i18n import gettext as _


def _parse_hand(text: str | None) -> dict[str, int] | None:
    if text is None:
        return None
    hand: dict[str, int] = {}
    for card in (c.strip() for c in text.split(",")):
        if not card:
            continue
        hand[card] = hand.get(card, 0) + 1
    return hand


def _parse_sizes(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise ValueError(
            _("--sizes {text}: expected one hand size per seat, e.g. 5,6,4,5,5").format(text=text)
        ) from None


def run_advise(args: argparse.Namespace) -> str:
    from camelot_rules.engine import from_json
    from camelot_rules.front.advice import advice_from_log, what_now
    from camelot_rules.sim.determinize import public_record

    if not 0 < args.seconds < float("inf"):
        raise ValueError(
            _("--seconds {n}: expected a time budget above 0").format(n=repr(args.seconds))
        )
    if args.worlds is not None and args.worlds < 1:
        raise ValueError(_("--worlds {n}: expected 1 or more").format(n=args.worlds))
    path = args.game
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ValueError(
            _("{path}: cannot read the game ({err})").format(path=path, err=err)
        ) from None

    def show(fraction: float, _advice: object) -> None:
        bar = "#" * int(30 * fraction)
        print(f"\r[{bar:<30}] {fraction:4.0%}", end="", file=sys.stderr, flush=True)

    how: dict[str, Any] = {
        "seconds": args.seconds,
        "seed": args.seed,
        "where_only": args.where,
        "progress": show if args.progress else None,
        "max_worlds": args.worlds if args.worlds is not None else 100_000,
    }
    if text.lstrip().startswith("{"):  # a saved engine game
        state = from_json(text)
        answer = what_now(state, record=public_record(state), **how)
    else:
        answer = advice_from_log(
            text,
            hand=_parse_hand(args.hand),
            line=args.line,
            sizes=_parse_sizes(args.sizes),
            traitor="none" if args.no_traitor else "standard",
            name=path,
            **how,
        )
    if args.progress:
        print(file=sys.stderr)
    return answer


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this command to the command line's sub-commands."""
    p = sub.add_parser(
        "advise",
        help=_("what should I do now? the legal actions ranked by P(knights win)"),
        epilog=_("example: {example}").format(
            example="camelot-rules advise game.log --hand fight_3,fight_4,grail --seconds 10"
        ),
    )
    p.add_argument(
        "game",
        help=_("a play log (docs/play-log.md) or a saved game (state.to_json()); read only"),
    )
    p.add_argument(
        "--hand",
        default=None,
        metavar="CARD,CARD,...",
        help=_("a play log: the deciding knight's white cards (else the log's 'hand' line)"),
    )
    p.add_argument(
        "--line", type=int, default=None, help=_("a play log: advise after this line (1-based)")
    )
    p.add_argument(
        "--sizes",
        default=None,
        metavar="N,N,...",
        help=_("a play log: each seat's hand size (default: the log's count of each hand)"),
    )
    p.add_argument(
        "--no-traitor", action="store_true", help=_("a play log: the game has no traitor")
    )
    p.add_argument(
        "--seconds", type=float, default=10.0, help=_("time budget (more: a surer answer)")
    )
    p.add_argument("--seed", type=int, default=0, help=_("the same seed, the same answer"))
    p.add_argument("--progress", action="store_true", help=_("show the progress"))
    p.add_argument(
        "--worlds",
        type=int,
        default=None,
        help=_("stop after this many worlds (the same answer on any machine)"),
    )
    p.add_argument(
        "--where",
        action="store_true",
        help=_("only the exact one-turn quest odds (where should I go?), no simulation"),
    )
    p.set_defaults(run=run_advise)
