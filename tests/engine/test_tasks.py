"""The table of task kinds (camelot_rules/engine/tasks.py): one entry per kind, every kind the
engine pushes is in it, the expansion adds its entries without changing the base game's, and a
game saved before the table existed loads and plays on as the same game.
"""

from __future__ import annotations

import ast
from pathlib import Path

from camelot_rules.data import rulebook
from camelot_rules.data.registry import RULES
from camelot_rules.engine import black, expansion, from_json, new_game, pending
from camelot_rules.engine.kinds import Automatic, Chance, Decision
from camelot_rules.engine.tasks import BASE_KINDS, CHANCE_KINDS, TASKS, describe_task

ENGINE = Path(black.__file__).parent
#: written with ``state.to_json()`` by the engine before the table (main at a495591):
#: ``new_game(4, expansion=True, seed=38)`` and ``random_step`` with ``random.Random(38)``
#: until the first Merlin cancel is asked, with an evil step still pending under it
SAVED = Path(__file__).with_name("saved_before_task_table.json")


def _pushed_tuples() -> list[tuple[str, str]]:
    """(module, kind) of every tuple literal ``("kind", ...)`` given to ``push`` or
    ``_set_pending`` in the engine's source."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name not in ("push", "_set_pending"):
                continue
            for arg in node.args:
                for sub in ast.walk(arg):
                    if (
                        isinstance(sub, ast.Tuple)
                        and sub.elts
                        and isinstance(sub.elts[0], ast.Constant)
                        and isinstance(sub.elts[0].value, str)
                    ):
                        found.append((path.name, sub.elts[0].value))
    return found


def test_each_kind_is_one_entry_named_as_its_tasks() -> None:
    kinds = (*BASE_KINDS, *expansion.TASK_KINDS)
    assert len({k.name for k in kinds}) == len(kinds)
    assert {name: kind.name for name, kind in TASKS.items()} == {n: n for n in TASKS}
    assert set(TASKS) == {k.name for k in kinds}
    assert {n for n, k in TASKS.items() if isinstance(k, Chance)} == CHANCE_KINDS
    assert all(isinstance(k, Decision | Chance | Automatic) for k in kinds)


def test_every_task_the_engine_pushes_is_in_the_table() -> None:
    pushed = _pushed_tuples()
    assert len(pushed) > 30  # the reader finds them (a reader that finds none passes anything)
    assert {kind for _, kind in pushed} - set(TASKS) == set()


def test_a_decisions_note_cites_a_registry_rule() -> None:
    ids = {rule.id for rule in RULES}
    for kind in TASKS.values():
        if isinstance(kind, Decision):
            assert kind.rule in ids, kind.name


def test_every_decision_says_what_is_asked_and_an_unknown_kind_gives_its_name() -> None:
    assert describe_task(("volunteer", "morgan_2", 0, (0, 1), 0)) == "volunteer or not"
    assert describe_task(("demand", 0, "grail", "lost")) == "meet the travel card's demand or not"
    assert [k.name for k in TASKS.values() if isinstance(k, Decision) and not k.text] == []
    assert describe_task(("no_such_kind",)) == "no_such_kind"


def test_the_expansion_adds_to_the_base_tables_and_changes_none() -> None:
    """Importing the expansion registers nothing: its kinds and witches are its own lists,
    put beside the base game's in the task table."""
    base_black = {e.name for e in rulebook.BASE_BLACK}
    assert set(black.BLACK_EFFECTS) <= base_black
    assert set(expansion.BLACK_EFFECTS).isdisjoint(base_black)
    assert {k.name for k in BASE_KINDS}.isdisjoint(k.name for k in expansion.TASK_KINDS)


def test_a_game_saved_before_the_table_loads_and_plays_on_as_the_same_game() -> None:
    saved = from_json(SAVED.read_text(encoding="utf-8"))
    assert [t[0] for t in saved.pending] == ["after_evil", "merlin"]
    # (its options as saved: the defaults have changed since - the opening share by agreement)
    replayed = new_game(4, expansion=True, **saved.options())
    for step in saved.history():
        replayed = replayed.step(step)
    assert saved == replayed and saved.pending == replayed.pending
    assert saved.current_player == replayed.current_player == 0
    assert saved.legal_actions() == replayed.legal_actions() and saved.legal_actions()
    for action in saved.legal_actions():
        after = saved.apply(action)
        assert (
            after == replayed.apply(action) and after.last_step == replayed.apply(action).last_step
        )


def test_a_saved_game_knows_the_arguments_of_every_task_kind_in_the_table() -> None:
    """``pending.TASK_ARGS`` (what a saved game's task may carry) and ``tasks.TASKS`` (what
    the engine runs) list the same kinds: a kind added to one and not the other fails here."""
    assert set(pending.TASK_ARGS) == set(TASKS)
