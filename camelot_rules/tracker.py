"""Old import path of the table tracker (the contract keeps it): see
:mod:`camelot_rules.logs.tracker`."""

from camelot_rules.logs.tracker import GameRecord, Position

__all__ = ["GameRecord", "Position"]
