"""Old import path of the permalinks (the contract keeps it): see
:mod:`camelot_rules.front.links`."""

from camelot_rules.front.links import answer_link, link_from_argv

__all__ = ["answer_link", "link_from_argv"]
