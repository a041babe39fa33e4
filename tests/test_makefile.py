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
