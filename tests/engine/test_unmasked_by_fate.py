"""A traitor who unmasks himself with Fate in his heroic action (BoQ p.15) is then "out of
reach from all other Knights", his figure off the board, and plays the back of his Coat of Arms
"in lieu of a regular turn" (BoQ p.13): no sacrifice buys him a second heroic action, no move
puts him back on a quest. Rule ``traitor.unmasked``."""

from __future__ import annotations

from camelot_rules.engine import actions as A
from camelot_rules.engine import position
from camelot_rules.engine.state import GameState


def _fate_played(traitor: int, choice: str) -> GameState:
    """Seat 0 plays Fate (``choice``) in his heroic action, ``traitor`` the traitor's seat; the
    others' discards answered (BoQ p.15)."""
    loyalty = ["loyal"] * 5
    loyalty[traitor] = "traitor"
    s = position(
        5,
        knights=("arthur", "kay", "gawain", "percival", "tristan"),
        loyalty=loyalty,
        hands={0: {"fate": 1, "fight_3": 2}},
        turn=0,
        phase="heroic",
        location={0: "saxons"},
    )
    s = s.apply(A.PlaySpecial("fate", (choice,)))
    while s.pending:
        s = (
            s.apply_chance(s.chance_outcomes()[0][0])
            if s.is_chance()
            else s.apply(s.legal_actions()[0])
        )
    return s


def test_the_traitor_unmasked_by_his_fate_card_only_ends_his_turn() -> None:
    s = _fate_played(traitor=0, choice="reveal")
    assert s.revealed[0] and s.location[0] == "" and not any(s.hands[0])
    assert s.turn == 0 and s.phase == "heroic"
    assert s.legal_actions() == [A.EndTurn()]  # no sacrifice, no move back onto the board


def test_a_loyal_fate_leaves_the_heroic_phase_as_it_was() -> None:
    s = _fate_played(traitor=1, choice="loyal")
    assert A.Sacrifice() in s.legal_actions()  # a loyal knight may still buy a second action
