"""The Babel extractor for the registry (``make locale``): the registry keeps its statements in
English data, translated where they are shown; this reads them for the catalogs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from babel.messages.extract import extract_python

from camelot_rules.data.registry import NOT_APPLIED, RULES
from camelot_rules.data.rulebook import MOVE_RULES

__all__ = ["extract_registry"]


def extract_registry(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel extractor for ``rules.py``: its ``_()`` calls, and every statement, reading and
    reason of the registry (English data, translated at display).

    The registry keeps its statements in English, unwrapped; they are translated where they are
    shown (:func:`camelot_rules.data.registry.statement`). Used by ``make locale`` through
    ``camelot_rules/locale/babel.cfg``.
    """
    yield from extract_python(fileobj, keywords, comment_tags, options)  # its _() calls
    for r in RULES:
        yield 0, "gettext", r.statement, [f"rule {r.id} ({r.source})"]
        for reading in r.readings:
            yield 0, "gettext", reading, [f"reading of rule {r.id}"]
    for name, source, why in NOT_APPLIED:
        yield 0, "gettext", why, [f"not applied: {name} ({source})"]
    for m in MOVE_RULES:
        yield 0, "gettext", m.statement, [f"travel move {m.move} ({m.source})"]
