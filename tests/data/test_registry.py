"""The rules registry: ids unique, code and tests real, the coverage page current."""

from __future__ import annotations

import importlib
from pathlib import Path

import camelot_rules
from camelot_rules.data.registry import RULES, coverage_markdown

ROOT = Path(__file__).resolve().parents[2]


def _resolve(dotted: str) -> object:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(dotted)


def test_ids_are_unique_and_every_rule_is_cited_and_applied() -> None:
    assert len({r.id for r in RULES}) == len(RULES)
    for r in RULES:
        assert r.source and r.covered_by and r.code and r.tests
        for dotted in r.code:
            _resolve(dotted)
        for test in r.tests:
            assert (ROOT / test).exists(), test


def test_every_public_calculator_and_model_cites_a_rule() -> None:
    cited = {d.split(".")[-1] for r in RULES for d in r.code}
    calculators = {
        "draw_probability",
        "siege_win_probability",
        "siege_choices",
        "kay_splits",
        "best_turn",
        "turns_until_exhausted",
        "next_rebuild",
        "forecast",
        "travel_composition_posterior",
    }
    assert calculators <= cited | {"siege_choices"}
    assert {"RoundTable", "SiegeRace", "War", "TravelChain"} <= cited
    assert set(camelot_rules.__all__)  # the curated API exists


def test_disagreements_have_readings_and_options() -> None:
    with_readings = {r.id for r in RULES if r.readings}
    assert {
        "deck.reshuffle-both",
        "deck.finished-quest-cards",
        "travel.counts",
        "travel.demands",
        "endgame.hidden-traitors",
        "endgame.tie",
    } <= with_readings


def test_rules_coverage_page_is_current() -> None:
    page = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    assert page == coverage_markdown(), (
        "docs/rules-coverage.md is stale: run `python -m camelot_rules.data.registry --write "
        "docs/rules-coverage.md`"
    )


def test_every_function_and_model_applying_a_rule_cites_its_id() -> None:
    import inspect

    for r in RULES:
        for dotted in r.code:
            obj = _resolve(dotted)
            if inspect.ismodule(obj) or not callable(obj):
                continue  # data (e.g. the rulebook) is cited entry by entry
            doc = inspect.getdoc(obj) or ""
            assert f"``{r.id}``" in doc, f"{dotted} does not cite {r.id} in its docstring"


def test_every_engine_rule_has_a_scenario_test_naming_it() -> None:
    """One scenario per engine rule: its id appears in a test of its test files."""
    from camelot_rules.data.registry import ENGINE_RULES, EXPANSION_RULES

    for r in (*ENGINE_RULES, *EXPANSION_RULES):
        texts = [(ROOT / t).read_text(encoding="utf-8") for t in r.tests if (ROOT / t).exists()]
        assert any(f'"""{r.id} ' in text or f"{r.id} (" in text for text in texts), r.id


def test_engine_error_rule_ids_are_registered() -> None:
    """Every rule id the engine can name in an IllegalActionError is in the registry."""
    import re

    ids = {r.id for r in RULES}
    engine = ROOT / "camelot_rules" / "engine"
    named: set[str] = set()
    for path in engine.glob("*.py"):
        named |= set(
            re.findall(
                r'(?:IllegalActionError\([^)]*?|return )"([a-z]+\.[a-z0-9-]+)"',
                path.read_text(encoding="utf-8"),
            )
        )
    assert named and named <= ids, sorted(named - ids)
