"""Exact where it pays: the endgame from a position the simulated games pass through, solved
by the explorer, next to what the policies made of it.

The whole game is far too large to solve, but its end at the Round Table is small: the swords
on the table, the hidden traitors, and whether to accuse (``models.endgame.RoundTable``). So for
a position - ``white`` and ``black`` swords laid, no accusation made, nobody unmasked - this
module

1. plays ``n`` seeded games through the engine with the given policies and keeps those that
   reach the position at the start of a turn (the *simulated* answer: how often the knights win
   from there with these policies, with its exact Clopper-Pearson interval);
2. counts, in those same games from that turn on, the turns played and the white and black
   swords laid (before the hidden traitors turn any over), and fits the Round Table model's
   per-turn chances to them as exact fractions: ``p_white = white swords / turns``,
   ``p_black = black swords / turns``, ``p_lost = games lost another way (the 12th siege
   engine, every knight dead) / turns`` (a turn that lays several swords counts as several
   rounds, so the rounds are ``max(turns, swords + those losses)``);
3. solves that model exactly with the explorer, the loyal side choosing when to accuse at best
   (the *exact* answer), with the best first move.

What the comparison assumes (shown with every answer): the knights' per-turn chances stay as
measured from the position on; a hidden traitor's play is folded into those pooled chances (the
model's ``sabotage`` is 0), so traitors act only through the final turn-over and accusations;
one accusation costs the turn's sword with the model's default chance. A gap between the two
answers is what the policies leave on the table - or what the model leaves out: read it as a
question, not a verdict.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from fractions import Fraction

from camelot_rules.base.checks import check_int
from camelot_rules.base.i18n import N_
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.engine.state import GameState
from camelot_rules.explorer.graph import explore
from camelot_rules.explorer.models.endgame import RoundTable
from camelot_rules.explorer.solver import solve
from camelot_rules.front.display import fmt_chance, fmt_fraction, html_answer, text_answer
from camelot_rules.sim.games import GameConfig, Policies, game_seed, play_game
from camelot_rules.sim.stats import WinRate, win_rate

__all__ = ["EndgameComparison", "endgame_comparison"]

# the Round Table model's moves, as shown
_MOVES = {"quest": N_("quest"), "accuse": N_("accuse")}

_TO_END = rulebook.threshold("swords_to_end")
_BLACK_LOSS = rulebook.threshold("black_swords_to_lose")
MAX_COMPARISON_GAMES = 100_000


@dataclass(frozen=True)
class EndgameComparison:
    """The simulated and the exact answer from one endgame position."""

    config: GameConfig
    policies: str
    white: int
    black: int
    games: int  # games played
    simulated: WinRate  # the policies' wins among the games that reached the position
    turns: int  # turns played from the position on, over those games
    white_laid: int  # white swords laid in them (before the traitors' turn-over)
    black_laid: int
    lost_otherwise: int  # games of them lost to the 12th engine or every knight dead
    model: RoundTable
    exact: Fraction  # P(knights win) playing best on the fitted model
    best_move: str

    def verdict(self) -> str:
        """One sentence: both answers (in the language in force)."""
        return _(
            "From {white} white and {black} black swords, these policies won {simulated}; the "
            "exact best play on the fitted Round Table model wins {exact} (best first move: "
            "{move})."
        ).format(
            white=self.white,
            black=self.black,
            simulated=self.simulated,
            exact=fmt_chance(self.exact),
            move=_(_MOVES.get(self.best_move, self.best_move)),
        )

    def assumptions(self) -> list[str]:
        """What the comparison assumes, to be shown with it (in the language in force)."""
        m = self.model
        return [
            _(
                "{reached} of {games} seeded games ({config}; {policies}) reached the position "
                "at the start of a turn, with no accusation made and nobody unmasked"
            ).format(
                reached=f"{self.simulated.games:,}",
                games=f"{self.games:,}",
                config=self.config.label(),
                policies=self.policies,
            ),
            _(
                "fitted per turn from those games: white sword {p_white} ({white} swords), "
                "black sword {p_black} ({black} swords), game lost another way {p_lost} "
                "({lost} games lost to the 12th siege engine or every knight dead), over "
                "{turns} turns"
            ).format(
                p_white=m.p_white,
                white=f"{self.white_laid:,}",
                p_black=m.p_black,
                black=f"{self.black_laid:,}",
                p_lost=m.p_lost,
                lost=f"{self.lost_otherwise:,}",
                turns=f"{self.turns:,}",
            ),
            _(
                "a hidden traitor's play is folded into those chances (sabotage 0); traitors "
                "act through the final turn-over (RB p.17) and accusations (ES p.16)"
            ),
            _(
                "an accusation costs the turn's sword with chance {cost}; engines on the board "
                "{engines} (the median at the position)"
            ).format(cost=m.accusation_cost, engines=m.engines),
            _(
                "exact: models.endgame.RoundTable solved by the explorer (the loyal side "
                "accusing at best); simulated: the engine's games, with the Clopper-Pearson "
                "interval at 95%"
            ),
        ]

    def _body(self) -> str:
        return _("exact: {p}").format(p=fmt_fraction(self.exact, exact=True))

    def __str__(self) -> str:
        return text_answer(self.verdict(), self._body(), self.assumptions())

    def _repr_html_(self) -> str:
        return html_answer(self.verdict(), f"<div>{self._body()}</div>", self.assumptions())


def endgame_comparison(
    config: GameConfig,
    policies: Policies | None = None,
    *,
    white: int,
    black: int,
    n: int = 500,
    seed: int = 11,
) -> EndgameComparison:
    """Play ``n`` seeded games (game ``i`` from the same seed as ``simulate_games``' game
    ``i``), keep those that reach ``white``/``black`` swords at the start of a turn with no
    accusation made and nobody unmasked, and compare the policies' win rate from there with the
    exact best play on the Round Table model fitted to the same games (see the module's note).

    Only the standard loyalty deal is compared (the model's traitors are dealt as in the box:
    ``traitor="standard"``). A position no game reaches raises a ``ValueError`` saying so.
    """
    if not isinstance(config, GameConfig):
        raise ValueError(f"config={config!r}: expected a GameConfig (e.g. GameConfig.of(5))")
    policies = Policies() if policies is None else policies
    if not isinstance(policies, Policies):
        raise ValueError(f"policies={policies!r}: expected a Policies(loyal=..., traitor=...)")
    if dict(config.options).get("traitor", "standard") != "standard":
        raise ValueError(
            f"traitor={dict(config.options)['traitor']!r}: the Round Table model deals the "
            "traitors as the box does; compare with traitor='standard'"
        )
    check_int("white", white, low=0)
    check_int("black", black, low=0)
    if white + black >= _TO_END or black >= _BLACK_LOSS:
        raise ValueError(
            f"white={white}, black={black}: the game is over there (12 swords, or 7 black)"
        )
    check_int("n", n, low=1, high=MAX_COMPARISON_GAMES)
    check_int("seed", seed, low=0)
    wins = reached = turns = white_laid = black_laid = lost_otherwise = 0
    engines: list[int] = []
    for game in range(n):
        start: list[GameState] = []

        def look(s: GameState, start: list[GameState] = start) -> None:
            if (
                not start
                and (s.wsw, s.bsw) == (white, black)
                and not any(s.accused)
                and not any(s.revealed)
            ):
                start.append(s)

        end = play_game(config, policies, game_seed(seed, game), watch=look)
        if not start:
            continue
        first = start[0]
        counts = [e for e in end.record() if e[0] == "count"]
        laid_white, laid_black = (counts[0][1], counts[0][2]) if counts else (end.wsw, end.bsw)
        cause = end.result().cause
        lost_otherwise += cause not in ("12 swords", "7 black swords")
        reached += 1
        wins += end.result().knights_win
        turns += end.turn_no - first.turn_no + 1
        white_laid += laid_white - white
        black_laid += laid_black - black
        engines.append(first.engines)
    if not reached:
        raise ValueError(
            f"none of the {n:,} games reached {white} white and {black} black swords with no "
            "accusation made: choose a position nearer the start, or play more games"
        )
    rounds = max(turns, white_laid + black_laid + lost_otherwise)
    model = RoundTable(
        players=config.players,
        expansion=config.expansion,
        white=white,
        black=black,
        engines=int(statistics.median_low(engines)),
        p_white=Fraction(white_laid, rounds),
        p_black=Fraction(black_laid, rounds),
        sabotage=Fraction(0),
        p_lost=Fraction(lost_otherwise, rounds),
    )
    graph = explore(model)
    root = graph.graph["root"]
    ends = {d.get("outcome") for _, d in graph.nodes(data=True) if d.get("kind") == "terminal"}
    if "loyal_win" in ends:
        solution = solve(graph, maximize="loyal_win", steps=False)
        exact = solution.values[root].get("loyal_win", Fraction(0))
        best = str(solution.best_action(graph, root)) if root in solution.policy else "quest"
    else:  # no white sword was laid from there: the model cannot be won, whatever is done
        exact, best = Fraction(0), "quest"
    return EndgameComparison(
        config=config,
        policies=f"{type(policies.loyal).__name__} / {type(policies.traitor).__name__}",
        white=white,
        black=black,
        games=n,
        simulated=win_rate(wins, reached),
        turns=turns,
        white_laid=white_laid,
        black_laid=black_laid,
        lost_otherwise=lost_otherwise,
        model=model,
        exact=exact,
        best_move=best,
    )
