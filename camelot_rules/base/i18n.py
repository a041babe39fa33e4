"""One translation function for everything the toolkit says: English, Japanese, Spanish.

Messages are GNU gettext catalogs managed with Babel (``make locale``):
``camelot_rules/locale/{ja,es}/LC_MESSAGES/camelot_rules.po``. A compiled ``.mo`` next to the
``.po`` is used when it is up to date; otherwise the ``.po`` is compiled in memory, so a fresh
checkout (or ``pip install -e .``) works without a build step and no binary is committed.

The language is, first, the one set with :func:`set_language` (the CLI's ``--lang``, a widget's
language selector); else the environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as POSIX
orders them: ``ja_JP.UTF-8`` -> ``ja``); else English. Messages use ``{name}`` placeholders,
filled after translation with ``str.format`` so a translation may reorder them.

Card, quest and knight names are not in the catalogs: they live, cited, in
:mod:`camelot_rules.data.names` (one home for each name).

>>> gettext("P(win) = {p}", "ja").format(p="3/4")
'勝率 = 3/4'
>>> gettext("P(win) = {p}", "en").format(p="3/4")
'P(win) = 3/4'
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "check_language",
    "environment_language",
    "get_language",
    "gettext",
    "language",
    "set_language",
]

DOMAIN = "camelot_rules"
LANGUAGES: tuple[str, ...] = ("en", "ja", "es")
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "es": "Español"}

_chosen: ContextVar[str | None] = ContextVar("camelot_rules_language", default=None)


def check_language(lang: object) -> str:
    """Return ``lang`` if it is one of :data:`LANGUAGES`, else raise a ``ValueError`` naming it.

    >>> check_language("es")
    'es'
    """
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError(f"language {lang!r} is not available; expected one of en, ja, es")
    return lang


def environment_language(environ: dict[str, str] | None = None) -> str | None:
    """The language the environment asks for (``LC_ALL``, ``LC_MESSAGES``, then ``LANG``), if
    it is one of ours; ``None`` when it asks for none or for another language.

    >>> environment_language({"LANG": "ja_JP.UTF-8"})
    'ja'
    >>> environment_language({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) is None
    True
    """
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:  # the first one set decides, as in POSIX
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else None
    return None


def set_language(lang: str | None) -> str:
    """Choose the language of every later message (``None``: back to the environment's).

    Returns the language now in force.
    """
    _chosen.set(None if lang is None else check_language(lang))
    return get_language()


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Use ``lang`` (``None``: the environment's) inside the ``with`` block only; the language
    chosen before comes back after it, whatever happens inside.

    >>> with language("ja"):
    ...     get_language()
    'ja'
    """
    token = _chosen.set(None if lang is None else check_language(lang))
    try:
        yield get_language()
    finally:
        _chosen.reset(token)


def get_language() -> str:
    """The language in force: the one set, else the environment's, else ``"en"``."""
    return _chosen.get() or environment_language() or "en"


def _compiled(lang: str) -> _gettext.NullTranslations:
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fh:
            return _gettext.GNUTranslations(fh)
    if not po.is_file():
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)  # a fuzzy entry is not a translation
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


@cache
def _translations(lang: str) -> _gettext.NullTranslations:
    return _gettext.NullTranslations() if lang == "en" else _compiled(lang)


def gettext(message: str, lang: str | None = None) -> str:
    """Return ``message`` in ``lang`` (default: the language in force); English if the catalog
    has no translation for it."""
    lang = get_language() if lang is None else check_language(lang)
    return _translations(lang).gettext(message)


_ = gettext


def N_(message: str) -> str:
    """Mark a constant for extraction without translating it yet (translate where shown)."""
    return message
