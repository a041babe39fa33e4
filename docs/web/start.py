"""Run once in the page's Python (Pyodide) after the wheels are unpacked: ``app.js`` calls
``answer_link`` for every answer. Nothing here computes odds; the library does.

networkx serves only the state-graph explorer, which no page of the site uses, and importing
it is most of the start-up time in Pyodide: it is imported on first use instead (a stand-in
module that loads the real one when an attribute is first read).
"""

import importlib
import importlib.util
import sys
import types


class _LoadOnUse(types.ModuleType):
    def __getattr__(self, name: str) -> object:
        del sys.modules[self.__name__]
        real = importlib.import_module(self.__name__)
        self.__dict__.update(real.__dict__)
        return getattr(real, name)


_stand_in = _LoadOnUse("networkx")
_stand_in.__spec__ = importlib.util.find_spec("networkx")
sys.modules["networkx"] = _stand_in

import camelot_rules.front.cli  # noqa: E402,F401  (imported now, so the first answer is quick)
from camelot_rules.front.cli import answer_link  # noqa: E402,F401
