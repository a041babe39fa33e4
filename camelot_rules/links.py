"""Old import path of the permalinks (the contract keeps it): see
:mod:`camelot_rules.front.links` (the format) and :mod:`camelot_rules.front.cli`
(:func:`answer_link` runs the command a link stands for)."""

from camelot_rules.front.cli import answer_link
from camelot_rules.front.links import link_from_argv

__all__ = ["answer_link", "link_from_argv"]
