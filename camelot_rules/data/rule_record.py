"""One rule of the registry (:class:`Rule`) and the source files its citations name (see
:mod:`camelot_rules.data.registry`).
"""

from __future__ import annotations

from dataclasses import dataclass

JA = "seeds/000_f03494cf5d4661bf.txt"
ES = "seeds/001_e99e088dda8d0441.txt"
FACTS = "reference/rules-facts.md"
RB = "reference/official/rulebook-2005-en.txt"
BOQ = "reference/official/book-of-quests-2005-en.txt"
SEEDS = {"RB": RB, "BoQ": BOQ, "JA": JA, "ES": ES, "facts": FACTS}


@dataclass(frozen=True)
class Rule:
    """One rule: id, statement, source, which seeds cover it, code, tests, readings/option."""

    id: str
    statement: str
    source: str
    covered_by: tuple[str, ...]  # "JA", "ES", "facts"
    code: tuple[str, ...]
    tests: tuple[str, ...]
    readings: tuple[str, ...] = ()
    option: str = ""
