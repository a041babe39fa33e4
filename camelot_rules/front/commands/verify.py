"""``camelot-rules verify``: check a play log against the rules."""

from __future__ import annotations

import argparse
from typing import Any

from camelot_rules.base.i18n import gettext as _


def run_verify(args: argparse.Namespace) -> str:
    from camelot_rules.logs.parse import parse_text, read_text
    from camelot_rules.logs.playlog import (
        format_readings,
        format_report,
        format_stat_test,
        stats_report,
        verify_readings,
        verify_text,
    )

    text = read_text(args.log)  # a file that is no play log (binary, too large) is refused
    report = verify_text(text)
    out = [f"{args.log}:", format_report(report)]
    if args.stats:  # every test it can make, a note for each it cannot; never instead of the report
        tests, notes = stats_report(report)
        out.append(_("Observed vs expected:"))
        out += [f"  {format_stat_test(t)}" for t in tests]
        out += [f"  {note}" for note in notes]
    if args.readings:  # which documented reading of the open rules the play is consistent with
        out.append(format_readings(verify_readings(parse_text(text).events)))
    args.exit_code = 1 if report.violations or report.errors else 0
    return "\n".join(out)


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this command to the command line's sub-commands."""
    p_verify = sub.add_parser("verify", help=_("check a play log against the rules"))
    p_verify.add_argument("log", help=_("the play-log file (read only)"))
    p_verify.add_argument("--stats", action="store_true", help=_("observed vs expected odds"))
    p_verify.add_argument(
        "--readings",
        action="store_true",
        help=_("replay under each documented reading of the open rules: which did we play?"),
    )
    p_verify.set_defaults(run=run_verify)
