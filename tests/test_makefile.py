"""`make lab` and `make app` keep the Jupyter token off the server's command line (issue 16).

Any local user can read a process's arguments with ``ps``; the environment of a process is
readable only by its owner. The recipes pass the token as JUPYTER_TOKEN and still print the URL.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _recipe(target: str) -> str:
    """The shell text `make` would run for ``target`` (the install step taken as done)."""
    if shutil.which("make") is None:  # pragma: no cover
        pytest.skip("make is not installed")
    out = subprocess.run(
        ["make", "-n", "--old-file=.venv/.installed", target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return out


@pytest.mark.parametrize(("target", "server"), [("lab", "jupyter lab"), ("app", "voila")])
def test_the_token_is_passed_in_the_environment(target: str, server: str) -> None:
    text = _recipe(target)
    command = text[text.index(server) :]
    assert "$token" not in command, f"the token is an argument of {server}"
    assert not re.search(r"token=(?!True\b)\S", command)  # only auto_token=True (a switch)
    assert re.search(r"JUPYTER_TOKEN=\"?\$token", text)
    assert re.search(r"echo \"Open: http://\S+token=\$token\"", text)  # the URL is still shown


# --- the test tiers (CONTRIBUTING.md) ----------------------------------------------------------
def _tiers() -> set[str]:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {m.split(":")[0] for m in config["tool"]["pytest"]["ini_options"]["markers"]}


def _pytest_line(text: str) -> str:
    lines = [line for line in text.splitlines() if " -m pytest " in line]
    assert len(lines) == 1, lines
    return lines[0]


def test_make_check_runs_the_unit_tier_only() -> None:
    # every tier registered in pyproject.toml is left out of make check: a new tier is left
    # out too until someone decides otherwise here
    line = _pytest_line(_recipe("check"))
    found = re.search(r'-m "not \(([a-z ]+)\)"', line)
    assert found, line
    assert set(found.group(1).split(" or ")) == _tiers()
    assert "--nbval" not in line and " -n " in line


def test_make_test_runs_every_tier() -> None:
    text = _recipe("test")
    line = _pytest_line(text)
    options = line.split(" -m pytest ")[1]
    assert " -m " not in f" {options}" and "--ignore" not in options and "-k " not in options
    assert "-p nbval --nbval " in line and " -n " in line  # the notebooks, on every core
    assert "ruff format --check" in text and "mypy --strict camelot_rules widgets" in text
