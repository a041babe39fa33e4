"""Test-wide settings: the Hypothesis profile. The tiers are in the conftest.py at the root
of the repository (it sees the notebooks too)."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

# --- Hypothesis: one profile for every test -----------------------------------------------------
# CI machines are shared and noisy: no per-example deadline (the properties are about values,
# not speed; speed lives in benchmarks/), and a fixed number of examples. The profile is
# loaded the moment a test module imports hypothesis (before it builds any settings), not here:
# importing hypothesis takes half a second that a run without a property test need not pay.


def _load_profile(hypothesis: ModuleType) -> None:
    settings = hypothesis.settings
    settings.register_profile("camelot", deadline=None, max_examples=60, derandomize=True)
    settings.load_profile("camelot")


class _ProfileOnImport(importlib.abc.MetaPathFinder):
    """Finds nothing itself: it wraps the loader of ``hypothesis`` to load the profile."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "hypothesis":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:  # pragma: no cover - hypothesis not installed
            return spec
        loader = spec.loader
        run = loader.exec_module  # (pytest's rewriting hook may be the loader of many modules)

        def exec_module(module: ModuleType) -> None:
            del loader.exec_module  # this once
            run(module)
            if module.__name__ == "hypothesis":
                _load_profile(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if "hypothesis" in sys.modules:
    _load_profile(sys.modules["hypothesis"])
else:
    sys.meta_path.insert(0, _ProfileOnImport())
