"""The small pieces of rule arithmetic that several layers apply: one home for each.

The calculators, the game models, the play-log verifier and the rules engine all call these
instead of keeping their own copies (numbers from :mod:`camelot_rules.data.rulebook`).
"""

from __future__ import annotations

from camelot_rules.base.checks import check_bool
from camelot_rules.data import rulebook

__all__ = [
    "after_hidden_traitors",
    "after_wrong_accusation",
    "combat_won",
    "knights_win_count",
    "siege_fight_won",
]


def siege_fight_won(total: int, face: int, *, divine_favor: bool = False) -> bool:
    """A siege fight is won when the Fight total (with any bonus) is strictly greater than the
    die; a tie goes to Evil (RB p.13, p.17) - unless Divine Favor was played and not yet used:
    the next tie then goes to the knights (JA special white cards).

    Rules: ``siege.fight``, ``endgame.tie``.

    >>> siege_fight_won(5, 4), siege_fight_won(4, 4), siege_fight_won(4, 4, divine_favor=True)
    (True, False, True)
    """
    favor = check_bool("divine_favor", divine_favor)
    return total > face or (favor and total == face)


def combat_won(white: int, black: int, *, divine_favor: bool = False) -> bool:
    """A combat quest (Black Knight, Lancelot, Dragon) is won when the white total (with any
    bonus) is strictly greater than the black total; a tie is lost (BoQ p.5-7; RB p.14, p.17) -
    unless Divine Favor was played and not yet used (JA special white cards).

    Rules: ``quest.combat-end``, ``endgame.tie``.

    >>> combat_won(14, 11), combat_won(11, 11), combat_won(11, 11, divine_favor=True)
    (True, False, True)
    """
    favor = check_bool("divine_favor", divine_favor)
    return white > black or (favor and white == black)


def after_hidden_traitors(
    white: int, black: int, hidden: int, *, two_flip: int | None = None
) -> tuple[int, int]:
    """The swords after the hidden traitor(s) turn white swords black at the end (RB p.17;
    JA 7-8 players): never more flips than there are white swords. ``two_flip`` replaces the
    number two hidden traitors turn (the JA seed's 3 by default; 4 is the reading "each
    turns 2", the engine's ``two_traitor_flip`` option).

    Rules: ``endgame.hidden-traitors``.

    >>> after_hidden_traitors(10, 2, 1)
    (8, 4)
    >>> after_hidden_traitors(10, 1, 2), after_hidden_traitors(10, 1, 2, two_flip=4)
    ((7, 4), (6, 5))
    """
    wanted = rulebook.hidden_traitor_flips(hidden)
    if hidden == 2 and two_flip is not None:
        wanted = two_flip
    flips = min(white, wanted)
    return white - flips, black + flips


def after_wrong_accusation(white: int, black: int, *, fifth_witch: bool) -> tuple[int, int]:
    """The swords after a loyal knight is accused: a white sword (two after the Fifth Witch)
    turns black, if there is one (RB p.16; JA witches, 5th).

    Rules: ``endgame.accusation``, ``endgame.fifth-witch``.

    >>> after_wrong_accusation(0, 3, fifth_witch=False)
    (0, 3)
    >>> after_wrong_accusation(5, 0, fifth_witch=True)
    (3, 2)
    """
    flips = min(white, rulebook.wrong_accusation_flips(fifth_witch=fifth_witch))
    return white - flips, black + flips


def knights_win_count(white: int, black: int, *, divine_favor: bool = False) -> bool:
    """The final tally: the knights need strictly more white swords; a tie goes to Evil unless
    Divine Favor was played (RB p.17-18; JA special white cards).

    Rules: ``endgame.twelve-swords``, ``endgame.tie``.

    >>> knights_win_count(8, 4), knights_win_count(6, 6), knights_win_count(6, 6, divine_favor=True)
    (True, False, True)
    """
    favor = check_bool("divine_favor", divine_favor)
    return white > black or (favor and white == black)
