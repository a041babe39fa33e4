"""Seeded random Merlin's Company games at 3-8 players, to the end, with the invariants.

After every step: every white, black and travel card is in exactly one place (the box's counts,
the expansion decks), life 0-6, engines 0-12, swords within bounds, a decision has actions,
chance outcomes sum to exactly 1; JSON round trips; the same seed replays the same game.
"""

from __future__ import annotations

import random

import pytest

from camelot_rules.data.decks import standard_deck
from camelot_rules.engine import from_json, new_game, random_step
from camelot_rules.engine.state import GameState

BOX = {
    kind: dict(standard_deck(kind, expansion=True).counts) for kind in ("white", "black", "travel")
}
CAUSES = {"12 swords", "7 black swords", "12 siege engines", "all knights dead"}


def check(s: GameState) -> None:
    census = s.card_census()
    for kind, box in BOX.items():
        assert census[kind] == {k: box.get(k, 0) for k in census[kind]}, kind
        assert sum(census[kind].values()) == sum(box.values())
    assert all(0 <= life <= 6 for life in s.life)
    assert 0 <= s.engines <= 12 and 0 <= s.wsw + s.bsw <= 16
    if s.is_terminal():
        assert s.result().cause in CAUSES
    elif s.is_chance():
        assert sum(p for _, p in s.chance_outcomes()) == 1
    else:
        assert s.legal_actions() and s.current_player is not None


@pytest.mark.parametrize("seed", range(90))
def test_random_expansion_game_keeps_the_invariants(seed: int) -> None:
    players = 3 + seed % 6
    rng = random.Random(seed)
    s = new_game(players, expansion=True, seed=seed)
    steps = 0
    while not s.is_terminal():
        check(s)
        if steps % 40 == 0:
            assert from_json(s.to_json()) == s
        s = random_step(s, rng)
        steps += 1
        assert steps < 5000
    check(s)
    # the same seed replays the same game from the unseeded chance state
    replay = new_game(players, expansion=True)
    for step in s.history():
        replay = replay.step(step)
    assert replay == s
