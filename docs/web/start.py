"""Run once in the page's Python (Pyodide) after the package is unpacked: ``app.js`` calls
``answer_json`` for every answer (:func:`camelot_rules.front.web.answer_json`). Nothing here
computes odds; the library does.

networkx serves only the state-graph explorer, which no page of the site uses, and its wheel
is not downloaded unless an answer needs it: a stand-in module takes its place and imports the
real one when an attribute is first read. If the wheel is not there yet, the answer reports
the missing module (``code`` 3) and the page downloads the wheel and asks again.

Once the first answer is shown, the page imports every module of the package (``warm_up``, a
few at a time between answers) and takes a snapshot of Python's memory: the next visit starts
from it, with everything imported, instead of starting Python again. So nothing here may hold a
JavaScript object.
"""

import importlib
import json
import pkgutil
import sys
import types


class _LoadOnUse(types.ModuleType):
    def __getattr__(self, name: str) -> object:
        if name.startswith("__"):
            raise AttributeError(name)
        sys.modules.pop(self.__name__, None)
        try:
            real = importlib.import_module(self.__name__)
        except ImportError:
            sys.modules[self.__name__] = self  # still a stand-in: asked again once it is there
            raise
        self.__dict__.update(real.__dict__)
        return getattr(real, name)


_stand_in = _LoadOnUse("networkx")
sys.modules["networkx"] = _stand_in

# mypy_extensions (a dependency of the simulations and the advisor, camelot_rules.sim) holds
# only mypyc's compile hints: the page runs the pure-Python source, where ``mypyc_attr``
# returns its class unchanged, as the real one does. Its wheel is not shipped; this stands in.
_hints = types.ModuleType("mypy_extensions")
_hints.mypyc_attr = lambda *attrs, **kwattrs: lambda cls: cls  # type: ignore[attr-defined]
sys.modules.setdefault("mypy_extensions", _hints)

import camelot_rules.front.cli  # noqa: E402,F401  (imported now, so the first answer is quick)
from camelot_rules.front.cli import answer_link  # noqa: E402,F401
from camelot_rules.front.web import answer_json as _answer_json  # noqa: E402


def answer_json(link: str) -> str:
    """The page's answer to ``link`` as JSON; ``{"code": 3, "missing": name}`` when the
    answer needs a module whose wheel is not unpacked yet."""
    try:
        return _answer_json(link)
    except ModuleNotFoundError as err:
        return json.dumps({"code": 3, "missing": err.name})


def modules_to_warm() -> list[str]:
    """Every module of the package not imported yet (what a later answer might import)."""
    import camelot_rules

    found = pkgutil.walk_packages(camelot_rules.__path__, "camelot_rules.", onerror=lambda _: None)
    return [m.name for m in found if m.name not in sys.modules]


def warm_up(names: str) -> None:
    """Import the modules ``names`` (comma separated) now. One that cannot load here (say, it
    needs a wheel not unpacked yet) is skipped: the answer that needs it will ask for it, and
    say what is missing."""
    for name in names.split(","):
        try:
            importlib.import_module(name)
        except Exception:  # an import here is only ahead of time: the answer reports failures
            continue
