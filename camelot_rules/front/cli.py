"""The ``camelot-rules`` command: :func:`main` runs a command line, :func:`answer_link` the
command a permalink stands for (the web page calls it). The options are built in
:mod:`camelot_rules.front.parser`, each command answers in :mod:`camelot_rules.front.commands`."""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from camelot_rules.base.i18n import LANGUAGES, environment_language, language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.base.surface import on_surface
from camelot_rules.front import links
from camelot_rules.front.display import exact_fractions
from camelot_rules.front.parser import IN_CLI, build_parser

__all__ = ["answer_link", "build_parser", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; bad input prints a one-line error and returns 2.

    ``--lang en|ja|es`` (before the command) chooses the language of the help and the answers;
    without it the environment's (``LANG``), else English.
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    # the language holds for this call only (the parser is built inside it: its help is
    # translated); a caller's own choice comes back afterwards
    token = IN_CLI.set(True)
    lang = _lang_in(argv)
    if lang is None and not _can_write(environment_language() or "en"):
        lang = "en"  # LANG=ja_JP with an ASCII terminal: answers it can show
    _tolerant_stdout()
    try:
        with language(lang), on_surface("cli"):
            return _main(argv)
    except BrokenPipeError:  # the reader stopped early (`| head`): nothing more to say
        _quiet_stdout()
        return 0
    finally:
        IN_CLI.reset(token)


_SAMPLES = {"en": "", "ja": "日本語", "es": "¿Año?"}


def _can_write(lang: str) -> bool:
    """Whether this process's standard output can show text in ``lang``."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        _SAMPLES.get(lang, "").encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _tolerant_stdout() -> None:
    """On a terminal that cannot show some characters (``PYTHONIOENCODING=ascii``), they are
    written as escapes instead of failing the answer (the process's own stdout only)."""
    out = sys.stdout
    if out is sys.__stdout__ and isinstance(out, io.TextIOWrapper) and not _can_write("ja"):
        with contextlib.suppress(ValueError, OSError):
            out.reconfigure(errors="backslashreplace")


def _quiet_stdout() -> None:
    """Point stdout at the null device: the interpreter's last flush then has nowhere to fail
    (Python's advice for SIGPIPE)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


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
            try:
                url = links.link_url(links.link_from_namespace(args))
            except ValueError as err:  # a setting the web page does not show
                url = _("none ({why})").format(why=err)
            print(_("permalink: {url}").format(url=url))
    except BrokenPipeError:
        raise
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


def answer_link(link: str) -> tuple[int, str]:
    """Return ``(exit code, text)``: what ``camelot-rules`` answers for a link (0: an answer;
    2: a message saying what is wrong with the input). The web page calls this.

    >>> code, text = answer_link("#siege?cards=3,4")
    >>> code, "P(win) = 3/4 (75.00%)" in text
    (0, True)
    >>> answer_link("#siege?cards=3,x")  # doctest: +ELLIPSIS
    (2, "cards=3,x: 'x' is not a whole number (expected whole numbers separated by commas, ...)")
    """
    try:
        page, found = links.parse_link(link)
        with contextlib.ExitStack() as stack:
            log_path = None
            if links.LOG_KEY in found and links.LOG_KEY in _fields_of(page):  # verify, advise
                folder = stack.enter_context(tempfile.TemporaryDirectory())
                log_path = os.path.join(folder, "play.log")
                Path(log_path).write_text(found[links.LOG_KEY], encoding="utf-8")
            argv = links.argv_from_link(link, log_path=log_path)
            code, text = _run(argv)
            if log_path:
                with language(_lang_in(argv)):
                    text = text.replace(log_path, _("the play log"))
            return code, text
    except ValueError as err:
        return 2, str(err)


def _fields_of(page: str) -> tuple[str, ...]:
    return links.page_fields(page) if page in links.pages() else ()


def _run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:  # argparse refusing a combination (e.g. hand and turn)
            code = stop.code if isinstance(stop.code, int) else 2
    if code == 2:
        lines = err.getvalue().strip().splitlines()
        message = lines[-1] if lines else "the input was refused"
        return 2, message.split("error: ", 1)[-1]
    return code, out.getvalue().rstrip("\n")


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
