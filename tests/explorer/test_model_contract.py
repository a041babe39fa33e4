"""Contract checks run over every shipped model (OpenSpiel style)."""

import copy
from fractions import Fraction

import pytest

from camelot_rules import Deck, explore
from camelot_rules.explorer.models import (
    CoinRace,
    CombatRace,
    RoundTable,
    SiegeRace,
    TravelChain,
    War,
)
from camelot_rules.explorer.models.quest_race import QuestRace

MODELS = [
    CoinRace(),
    CoinRace(target=4),
    SiegeRace(),
    SiegeRace(engines=11, quest_target=1),
    SiegeRace(engines=8, evil_choice=True, turns=6),
    RoundTable(),
    RoundTable(players=8, expansion=True, white=5, black=3, fifth_witch=True),
    War(party=2),
    TravelChain(trips=3),
    TravelChain(composition=Deck({"vision": 2, "captured": 1, "lost": 1})),
    CombatRace(),
    QuestRace(turns=3),
    QuestRace(quest="picts", on_quest=(2, 1), hands=((3,),), players=3, turns=3, engines=1),
]


@pytest.mark.parametrize("model", MODELS, ids=repr)
def test_model_obeys_the_contract(model: object) -> None:
    g = explore(model)  # type: ignore[arg-type]
    for state in g:
        hash(state)
        before = copy.deepcopy(state)
        if model.is_terminal(state):  # type: ignore[attr-defined]
            assert not list(model.legal_actions(state))  # type: ignore[attr-defined]
            assert isinstance(model.outcome(state), str)  # type: ignore[attr-defined]
        elif model.is_chance(state):  # type: ignore[attr-defined]
            outs = list(model.chance_outcomes(state))  # type: ignore[attr-defined]
            assert all(isinstance(p, Fraction) for _, p in outs)
            assert sum(p for _, p in outs) == 1
            for o, _ in outs:
                assert model.apply(state, o) == model.apply(state, o)  # type: ignore[attr-defined]
        else:
            for a in model.legal_actions(state):  # type: ignore[attr-defined]
                assert model.apply(state, a) == model.apply(state, a)  # type: ignore[attr-defined]
        assert state == before
