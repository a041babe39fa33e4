"""Checks shared by every public function: one rule, one message, wherever the value comes in.

>>> check_bool("excalibur", True)
True
>>> check_bool("excalibur", "no")
Traceback (most recent call last):
    ...
ValueError: excalibur='no': expected True or False (a yes/no option), got str
"""

from __future__ import annotations

__all__ = ["check_bool"]


def check_bool(name: str, value: object) -> bool:
    """Return ``value`` if it is ``True`` or ``False``, else raise ``ValueError`` naming both.

    Yes/no options take a ``bool`` only: a truthy stand-in (``"no"``, ``1``, ``None``) would
    otherwise be read silently as yes or no and give a wrong answer.
    """
    if not isinstance(value, bool):
        raise ValueError(
            f"{name}={value!r}: expected True or False (a yes/no option), "
            f"got {type(value).__name__}"
        )
    return value
