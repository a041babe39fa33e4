"""What every policy is: observation in, action out; the uniformly random policy.

A policy is any object with ``choose(observation, actions, rng) -> action`` (see
:mod:`camelot_rules.sim.policies` for the whole contract). :class:`ByFields` makes a policy
picklable field by field (worker processes, Dask) in the compiled engine too.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from mypy_extensions import mypyc_attr

from camelot_rules.engine.actions import Action, by_fields

__all__ = ["ByFields", "Policy", "RandomPolicy"]


@mypyc_attr(allow_interpreted_subclasses=True)
class ByFields:
    """Pickled by its fields (worker processes, Dask): in the compiled engine (``make
    compiled``) a frozen dataclass cannot be unpickled by setting its attributes one by one."""

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


class Policy(Protocol):
    """Observation in, action out."""

    def choose(
        self, observation: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action: ...


@mypyc_attr(allow_interpreted_subclasses=True)  # yours may subclass it, compiled or not
@dataclass(frozen=True)
class RandomPolicy(ByFields):
    """Any legal action, uniformly."""

    def choose(
        self, observation: Mapping[str, Any], actions: Sequence[Action], rng: random.Random
    ) -> Action:
        return actions[rng.randrange(len(actions))]
