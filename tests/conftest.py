"""Test-wide settings."""

from hypothesis import settings

# CI machines are shared and noisy: no per-example deadline (the properties are about values,
# not speed; speed lives in benchmarks/), and a fixed number of examples.
settings.register_profile("camelot", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("camelot")


# --- the compiled engine's build (tests/engine/test_compiled.py) -----------------------------
# Tests that use the ``compiled_tree`` fixture run last, and the mypyc build they need starts in
# the background as soon as they are collected: it runs beside the rest of the suite.
def pytest_collection_modifyitems(session, config, items):  # type: ignore[no-untyped-def]
    late = [i for i in items if "compiled_tree" in getattr(i, "fixturenames", ())]
    if late:
        items[:] = [i for i in items if i not in late] + late


def pytest_collection_finish(session):  # type: ignore[no-untyped-def]
    if session.config.option.collectonly:
        return
    if any("compiled_tree" in getattr(i, "fixturenames", ()) for i in session.items):
        from tests import compiled_build

        compiled_build.start()


def pytest_sessionfinish(session, exitstatus):  # type: ignore[no-untyped-def]
    from tests import compiled_build

    compiled_build.cleanup()
