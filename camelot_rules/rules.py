"""The rules the toolkit applies: a registry with stable ids, sources, code and tests.

Each :class:`Rule` states a rule in the project's own words, says where it comes from (the seed
file and section, the rulebook page the Spanish seed cites, or the public facts only), which
code applies it and which tests check it. Where the sources disagree or are silent the rule
records every reading and the option that chooses between them.

``python -m camelot_rules.rules`` prints the coverage page; ``docs/rules-coverage.md`` is that
page, committed, and a test fails when it is stale.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

__all__ = ["RULES", "SEEDS", "Rule", "coverage_markdown", "rule"]

JA = "seeds/000_f03494cf5d4661bf.txt"
ES = "seeds/001_e99e088dda8d0441.txt"
FACTS = "reference/rules-facts.md"
SEEDS = {"JA": JA, "ES": ES, "facts": FACTS}


@dataclass(frozen=True)
class Rule:
    """One rule: id, statement, source, which seeds cover it, code, tests, readings/option."""

    id: str
    statement: str
    source: str
    covered_by: tuple[str, ...]  # "JA", "ES", "facts"
    code: tuple[str, ...]
    tests: tuple[str, ...]
    readings: tuple[str, ...] = ()
    option: str = ""


RULES: tuple[Rule, ...] = (
    Rule(
        "siege.fight",
        "Fighting a siege engine: play any number of Fight cards, roll one d8; the engine is "
        "removed if the total is strictly greater than the roll, else the knight loses 1 life.",
        "ES p.13; F §4 (S6)",
        ("ES", "facts"),
        (
            "camelot_rules.siege.siege_win_probability",
            "camelot_rules.siege.siege_choices",
            "camelot_rules.siege.best_turn",
            "camelot_rules.playlog.verify",
        ),
        ("tests/test_siege.py", "tests/test_playlog.py"),
    ),
    Rule(
        "siege.twelfth-engine",
        "The 12th siege engine loses the game at once for everyone but the traitor.",
        "ES p.11; F §4 (S2, S7, S9)",
        ("ES", "facts"),
        ("camelot_rules.models.siege_race.SiegeRace", "camelot_rules.playlog.verify"),
        ("tests/test_explorer.py", "tests/test_playlog.py"),
    ),
    Rule(
        "siege.excalibur",
        "The holder of Excalibur adds 1 to a siege fight.",
        "F §4 (S5, S21), MED",
        ("facts",),
        ("camelot_rules.siege.siege_win_probability", "camelot_rules.playlog.verify"),
        ("tests/test_siege.py",),
    ),
    Rule(
        "siege.kay",
        "Sir Kay may add one Fight card after seeing the roll.",
        "F §3f base knights (S5, S21)",
        ("facts",),
        ("camelot_rules.siege.kay_splits", "camelot_rules.siege.best_turn"),
        ("tests/test_siege.py",),
    ),
    Rule(
        "siege.second-action",
        "A knight may sacrifice 1 life for a second heroic action (or as the evil-progression "
        "step), except while the Second Witch is in play - until a quest is won.",
        "JA witches (2nd)",
        ("JA",),
        ("camelot_rules.siege.best_turn", "camelot_rules.playlog.verify"),
        ("tests/test_siege.py", "tests/test_playlog.py"),
    ),
    Rule(
        "deck.draw-applies-at-once",
        "A black card drawn is applied at once; when a draw empties a deck its discards are "
        "shuffled into a new draw deck.",
        "ES p.10",
        ("ES",),
        (
            "camelot_rules.exhaustion.turns_until_exhausted",
            "camelot_rules.reshuffle.forecast",
            "camelot_rules.reshuffle.next_rebuild",
            "camelot_rules.draws.draw_probability",
        ),
        ("tests/test_exhaustion.py", "tests/test_reshuffle.py", "tests/test_draws.py"),
    ),
    Rule(
        "deck.rebuild-both",
        "In Merlin's Company, when the white or the black deck runs out both are rebuilt; the "
        "travel deck is not.",
        "JA travel rules (note on reshuffles); ES p.10 says 'new draw decks' (plural)",
        ("JA", "ES"),
        ("camelot_rules.reshuffle.RebuildRules", "camelot_rules.reshuffle.OtherDeck"),
        ("tests/test_reshuffle.py",),
        (
            "JA: both white and black are rebuilt when either runs out",
            "ES p.10: 'new draw decks' - silent on whether the other deck is rebuilt too",
            "F §2 (S5, LOW): both discard piles are reshuffled",
        ),
        "RebuildRules(other_deck=OtherDeck(...)) for the JA reading; None for one deck only",
    ),
    Rule(
        "deck.finished-quest-cards",
        "A black card of a quest that is over adds a siege engine; the base game then discards "
        "it, Merlin's Company removes it from the game.",
        "JA (black cards of finished quests); F §4 (S5, S11, S17)",
        ("JA", "facts"),
        ("camelot_rules.reshuffle.DeckPosition", "camelot_rules.reshuffle.forecast"),
        ("tests/test_reshuffle.py",),
        (
            "base (F §4): the card is discarded and comes back after a reshuffle",
            "Merlin's Company (JA): the card is removed from the game",
        ),
        "DeckPosition(expansion=...)",
    ),
    Rule(
        "deck.first-witch",
        "The First Witch rebuilds the white and black decks at once.",
        "JA witches (1st)",
        ("JA",),
        ("camelot_rules.reshuffle.next_rebuild", "camelot_rules.reshuffle.forecast"),
        ("tests/test_reshuffle.py",),
        (
            "draw pile and discards shuffled together (default, assumed)",
            "only the discards are shuffled, put under the cards left",
        ),
        "RebuildRules(rebuild_mode='all' | 'discards_only')",
    ),
    Rule(
        "deck.merlin-blocks-engine",
        "Merlin standing on a finished quest stops its black cards from adding engines.",
        "JA special white cards (Merlin to the Rescue); F §3e (S11, S17)",
        ("JA", "facts"),
        ("camelot_rules.reshuffle.DeckPosition",),
        ("tests/test_reshuffle.py",),
    ),
    Rule(
        "deck.counts",
        "Box counts: white 84 (+23), black 76 (+14, 7 witches), loyalty 8 (9), travel 16; "
        "counts below HIGH confidence are assumptions.",
        "F §0-§3; JA setup",
        ("facts", "JA"),
        (
            "camelot_rules.rulebook",
            "camelot_rules.cards.standard_deck",
            "camelot_rules.playlog.verify",
        ),
        ("tests/test_rulebook.py", "tests/test_playlog.py"),
    ),
    Rule(
        "setup.merlins",
        "Each knight starts with one Merlin card and 5 more white cards.",
        "F §1 setup (S19, S16)",
        ("facts",),
        ("camelot_rules.cards.setup_position",),
        ("tests/test_cards.py",),
        ("7 Merlin cards for 8 knights in Merlin's Company: no source says what the 8th gets",),
        "setup_position deals the Merlins there are and lists the gap in .assumptions",
    ),
    Rule(
        "travel.draw-on-move",
        "Moving to a new quest by a heroic action or a knight's power draws a travel card; "
        "returning after a quest ends or moving by a special card does not.",
        "JA travel rules",
        ("JA",),
        ("camelot_rules.travel.draws_travel_card", "camelot_rules.playlog.verify"),
        ("tests/test_travel.py", "tests/test_playlog.py"),
    ),
    Rule(
        "travel.cards",
        "Nothing Happens, Merlin Travels, Vision (to the Grail, or nothing if it is over), "
        "Charged!/Lost!/Ambushed! (meet the demand or the move fails), Captured!.",
        "JA travel rules",
        ("JA",),
        (
            "camelot_rules.travel.next_trip_risk",
            "camelot_rules.travel.trips_distribution",
            "camelot_rules.models.travel_chain.TravelChain",
        ),
        ("tests/test_travel.py", "tests/test_models.py"),
    ),
    Rule(
        "travel.counts",
        "The 16 travel cards' mix per kind.",
        "JA omits it ('card counts only, omitted'); F §3b UNVERIFIED",
        ("JA", "facts"),
        ("camelot_rules.rulebook.TRAVEL", "camelot_rules.travel.travel_composition_posterior"),
        ("tests/test_travel.py",),
        ("unknown: the default 3/3/2/2/2/2/2 is this project's assumption",),
        "any composition Deck in every travel function; infer it from play with "
        "travel_composition_posterior",
    ),
    Rule(
        "travel.demands",
        "What Charged!, Lost! and Ambushed! demand and what failing costs.",
        "JA omits it; F §3b UNVERIFIED (S12 hints)",
        ("facts",),
        ("camelot_rules.rulebook.TRAVEL_DEMANDS", "camelot_rules.travel.next_trip_risk"),
        ("tests/test_travel.py",),
        ("defaults assumed: Fight 3+ / a Grail card / a Fight pair; else lose 1 life",),
        "can_meet={card: bool} or hand=... in every travel function",
    ),
    Rule(
        "travel.captured",
        "A captured knight stays, skips turns, and is freed only when another knight spends a "
        "heroic action and discards a special white card.",
        "JA travel rules (Captured!)",
        ("JA",),
        ("camelot_rules.travel.captured_turns_lost", "camelot_rules.travel.expected_turns_lost"),
        ("tests/test_travel.py",),
        ("where the freed Captured! card goes is not said: assumed to the travel discards",),
    ),
    Rule(
        "travel.reshuffle",
        "The travel deck is reshuffled only when it runs out.",
        "JA travel rules",
        ("JA",),
        ("camelot_rules.travel.trips_distribution", "camelot_rules.playlog.verify"),
        ("tests/test_travel.py",),
    ),
    Rule(
        "endgame.twelve-swords",
        "The game ends when the 12th sword is laid; the knights need more white than black.",
        "F §5 (S7, S8, S9)",
        ("facts",),
        ("camelot_rules.models.endgame.RoundTable", "camelot_rules.playlog.verify"),
        ("tests/test_models.py", "tests/test_playlog.py"),
    ),
    Rule(
        "endgame.seven-black",
        "7 black swords lose the game at once.",
        "F §5 (S7, S14)",
        ("facts",),
        ("camelot_rules.models.endgame.RoundTable", "camelot_rules.playlog.verify"),
        ("tests/test_models.py", "tests/test_playlog.py"),
    ),
    Rule(
        "endgame.tie",
        "A tie loses, unless Divine Favor was played.",
        "F §5 (S8); JA special white cards (Divine Favor)",
        ("facts", "JA"),
        ("camelot_rules.models.endgame.RoundTable",),
        ("tests/test_models.py",),
        ("base: a tie goes to evil", "with Divine Favor played: a tie goes to the knights"),
        "RoundTable(divine_favor=...)",
    ),
    Rule(
        "endgame.hidden-traitors",
        "At the end a hidden traitor flips 2 white swords to black; two hidden traitors flip "
        "3. A dead, unrevealed traitor flips none.",
        "JA 7-8 players; F §5 (S8, S5, S15)",
        ("JA", "facts"),
        (
            "camelot_rules.rulebook.hidden_traitor_flips",
            "camelot_rules.models.endgame.RoundTable",
            "camelot_rules.playlog.verify",
        ),
        ("tests/test_models.py", "tests/test_playlog.py"),
        (
            "one hidden: 2 (JA, and F §5 HIGH)",
            "two hidden: 3 (JA only; UNVERIFIED publicly)",
            "dead unrevealed traitor: no flip (F §5, MED)",
        ),
        "RoundTable(traitor_dead=...)",
    ),
    Rule(
        "endgame.accusation",
        "Accusing is a heroic action, allowed with 6+ swords or 6+ siege engines, once per "
        "knight. Wrong: a white sword turns black. Right: a white sword more, traitor unmasked.",
        "ES p.16; F §5 (S8, S15)",
        ("ES", "facts"),
        (
            "camelot_rules.rulebook.wrong_accusation_flips",
            "camelot_rules.models.endgame.RoundTable",
            "camelot_rules.playlog.verify",
        ),
        ("tests/test_models.py", "tests/test_playlog.py"),
    ),
    Rule(
        "endgame.fifth-witch",
        "After the Fifth Witch a wrong accusation turns two white swords black.",
        "JA witches (5th)",
        ("JA",),
        (
            "camelot_rules.rulebook.wrong_accusation_flips",
            "camelot_rules.models.endgame.RoundTable",
            "camelot_rules.playlog.verify",
        ),
        ("tests/test_models.py", "tests/test_playlog.py"),
    ),
    Rule(
        "loyalty.deal",
        "Each player gets one loyalty card; base deck 7 loyal + 1 traitor; Merlin's Company adds "
        "a second traitor at 7-8 players.",
        "ES p.7; JA 7-8 players; F §0, §3a",
        ("ES", "JA", "facts"),
        ("camelot_rules.cards.standard_deck", "camelot_rules.models.endgame.RoundTable.prior"),
        ("tests/test_rulebook.py", "tests/test_models.py"),
        ("the 9-card deck as 7 loyal + 2 traitors is inferred (F §3a, MED)",),
    ),
    Rule(
        "war.straight",
        "A war is won with a Fight straight 1-2-3-4-5; the 4th warrior loses it.",
        "F §6 (S2, S4, S5)",
        ("facts",),
        ("camelot_rules.models.war.War",),
        ("tests/test_models.py",),
    ),
    Rule(
        "white.round-table",
        "At the Round Table a knight draws 2 white cards (Sir Gawain 3).",
        "F §6 (S6); F §3f (S5, S21)",
        ("facts",),
        ("camelot_rules.draws.draw_probability",),
        ("tests/test_draws.py",),
    ),
)


def rule(rule_id: str) -> Rule:
    """Return the rule with this id.

    >>> rule("siege.fight").source
    'ES p.13; F §4 (S6)'
    """
    for r in RULES:
        if r.id == rule_id:
            return r
    raise ValueError(f"unknown rule id {rule_id!r}; expected one of {[r.id for r in RULES]}")


def coverage_markdown() -> str:
    """The rules-coverage page: rule -> source -> code -> tests, then the open questions."""
    lines = [
        "# Rules coverage",
        "",
        "Generated by `python -m camelot_rules.rules` from `camelot_rules/rules.py`; a test "
        "fails when this page is stale. Sources: "
        + "; ".join(f"**{k}** = `{v}`" for k, v in SEEDS.items())
        + " (*ES p.N* is the rulebook page the Spanish seed cites).",
        "",
        "| rule | statement | source | seeds | code | tests |",
        "|---|---|---|---|---|---|",
    ]
    for r in RULES:
        code = "<br>".join(f"`{c.removeprefix('camelot_rules.')}`" for c in r.code)
        tests = "<br>".join(f"`{t}`" for t in r.tests)
        lines.append(
            f"| `{r.id}` | {r.statement} | {r.source} | {', '.join(r.covered_by)} | {code} | "
            f"{tests} |"
        )
    lines += ["", "## Where the sources disagree or are silent", ""]
    for r in RULES:
        if not r.readings:
            continue
        lines.append(f"### `{r.id}`")
        lines.append("")
        lines += [f"- {reading}" for reading in r.readings]
        if r.option:
            lines.append(
                f"- **option:** `{r.option}`" if "(" in r.option else f"- **option:** {r.option}"
            )
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":  # pragma: no cover
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        with open(sys.argv[2], "w", encoding="utf-8") as fh:
            fh.write(coverage_markdown())
    else:
        sys.stdout.write(coverage_markdown())
