"""docs/engine.md names every action class a policy can be offered (engine.actions)."""

from __future__ import annotations

from pathlib import Path

from camelot_rules.engine import actions as A

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine.md"


def test_every_action_class_is_named_in_the_engine_page() -> None:
    page = DOC.read_text(encoding="utf-8")
    classes = [
        n for n in A.__all__ if isinstance(getattr(A, n), type) and n not in ("Action", "Outcome")
    ]
    assert len(classes) >= 35
    missing = [n for n in classes if f"`{n}(" not in page]
    assert not missing, f"docs/engine.md does not name {missing}"
    assert '`"travel"`' in page  # the travel pile of Draw(pile, card)
