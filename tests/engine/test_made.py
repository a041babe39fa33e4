"""The engine hands out one object per distinct action (``actions.made``): the same values as
building them, and the policies' exact-type lookups stay equal to ``isinstance``."""

from __future__ import annotations

import pytest

from camelot_rules.engine import actions as A
from camelot_rules.engine import new_game
from camelot_rules.sim import judgement


def test_made_is_the_action_built_once() -> None:
    move = A.made(A.Move, "grail")
    assert move == A.Move("grail") and move is A.made(A.Move, "grail")
    assert A.made(A.PlaySpecial, "piety", ("self",), False) == A.PlaySpecial("piety", ("self",))
    assert A.made(A.EndTurn) is A.made(A.EndTurn) and A.made(A.EndTurn) == A.EndTurn()
    assert A.made(A.Draw, "white", "grail") == A.Draw("white", "grail")  # outcomes too


def test_made_starts_afresh_past_its_bound() -> None:
    # (the table and its bound are Final - static in the compiled engine - so the test fills
    # the table past the real bound rather than patching a smaller one)
    A._MADE.pop(A.Accuse, None)
    try:
        n = A._MADE_MAX + 10
        seats = [A.made(A.Accuse, t) for t in range(n)]
        assert seats == [A.Accuse(t) for t in range(n)]
        assert len(A._MADE[A.Accuse]) <= A._MADE_MAX  # bounded, and every answer still right
        assert A.made(A.Accuse, n - 1) is seats[-1]  # the newest are still shared
    finally:
        A._MADE.pop(A.Accuse, None)


def test_made_refuses_what_the_class_refuses() -> None:
    with pytest.raises(TypeError):
        A.made(A.Move)  # a Move needs its quest
    assert A.Move not in A._MADE or () not in A._MADE[A.Move]


def test_every_action_kind_derives_from_its_base_directly() -> None:
    # the heuristics look actions up by exact type (``type(a) in`` a set of classes): the
    # same as isinstance only while no action class derives from another
    for name in A.__all__:
        kind = getattr(A, name)
        if isinstance(kind, type) and kind not in (A.Action, A.Outcome):
            assert kind.__mro__[1] in (A.Action, A.Outcome), name
    kinds = judgement.HEROIC | judgement.SCORED | judgement.EVIL
    assert all(issubclass(k, A.Action) for k in kinds)


def test_legal_actions_are_shared_objects_equal_to_fresh_ones() -> None:
    s = new_game(5, seed=3)
    while not s.is_terminal() and s.turn_no < 3:
        if s.is_chance():
            s = s.apply_chance(s.chance_outcomes()[0][0])
            continue
        legal = s.legal_actions()
        again = s._clone().legal_actions()  # built afresh for the copy
        assert legal == again and all(a is b for a, b in zip(legal, again))
        s = s.apply(legal[-1])
