"""The end of the game: accusations, the end conditions checked after every step, and the
count of swords with the hidden traitors' turn-over (RB p.6, pp.16-18; BoQ p.12).
"""

from __future__ import annotations

from typing import Any, Final

from camelot_rules.data import rulebook
from camelot_rules.engine.arithmetic import (
    after_hidden_traitors,
    after_wrong_accusation,
    knights_win_count,
)
from camelot_rules.engine.board import note, set_seat
from camelot_rules.engine.knights import unmask
from camelot_rules.engine.state import GameResult, GameState

__all__ = ["check_end", "do_accuse", "finish", "hidden_traitors"]

_BLACK_TO_LOSE: Final = rulebook.threshold("black_swords_to_lose")
_ENGINES_TO_LOSE: Final = rulebook.threshold("siege_engines_to_lose")
_SWORDS_TO_END: Final = rulebook.threshold("swords_to_end")
_RIGHT_ACCUSATION: Final = rulebook.threshold("accusation_right_white_swords")
_CAUSE_RULES: Final = {
    "7 black swords": "endgame.seven-black",
    "12 siege engines": "siege.twelfth-engine",
    "12 swords": "endgame.twelve-swords",
    "all knights dead": "endgame.all-dead",
}


def do_accuse(s: GameState, seat: int, action: Any) -> None:
    """RB p.16: the accused reveals his loyalty card. A traitor: one white sword more and he is
    unmasked. A loyal knight: one white sword turns black, if there is one.

    Rules: ``endgame.accusation``, ``traitor.unmasked``."""
    set_seat(s, "accused", seat, True)
    t = action.seat
    if s.loyalty[t] == "traitor":
        s._set(wsw=s.wsw + _RIGHT_ACCUSATION)
        unmask(s, t)
        note(s, f"seat {seat} unmasks the traitor at seat {t}", "endgame.accusation")
    else:
        fifth = "morgan_witch_5" in s.witches
        white, black = after_wrong_accusation(s.wsw, s.bsw, fifth_witch=fifth)
        s._set(wsw=white, bsw=black)
        note(s, f"seat {seat} wrongly accuses seat {t}", "endgame.accusation")


def check_end(s: GameState) -> bool:
    """The end-of-game conditions (RB p.6, p.17; BoQ p.12). Rules: ``endgame.seven-black``,
    ``siege.twelfth-engine``, ``endgame.twelve-swords``, ``endgame.hidden-traitors``,
    ``endgame.tie``.

    Rules: ``turn.end-check``.
    """
    if s.bsw >= _BLACK_TO_LOSE:
        finish(s, False, "7 black swords", s.wsw, s.bsw)
    elif s.engines >= _ENGINES_TO_LOSE:
        finish(s, False, "12 siege engines", s.wsw, s.bsw)
    elif s.wsw + s.bsw >= _SWORDS_TO_END:
        hidden = hidden_traitors(s)
        # the swords as laid, before the turn-over, kept in the game's record
        s._set(events=(*s.events, ("count", s.wsw, s.bsw, hidden)))
        two_flip = dict(s.cfg.options).get("two_traitor_flip") if hidden == 2 else None
        white, black = after_hidden_traitors(s.wsw, s.bsw, hidden, two_flip=two_flip)
        s._set(wsw=white, bsw=black)  # the traitor turns the swords over (RB p.17)
        won = knights_win_count(white, black, divine_favor=s.favor)
        finish(s, won, "12 swords", white, black)
    else:
        return False
    return True


def hidden_traitors(s: GameState) -> int:
    """The traitors still hidden: neither unmasked nor dead (RB p.17: they turn swords over at
    the 12th). Rules: ``endgame.hidden-traitors``."""
    return sum(
        1
        for i in range(s.cfg.players)
        if s.loyalty[i] == "traitor" and not s.revealed[i] and not s.dead[i]
    )


def finish(s: GameState, knights_win: bool, cause: str, white: int, black: int) -> None:
    """The game is over: its result, nothing pending."""
    s._set(
        outcome=GameResult(knights_win, cause, white, black, s.engines), pending=(), phase="over"
    )
    note(s, f"game over: {s.outcome}", _CAUSE_RULES[cause])
