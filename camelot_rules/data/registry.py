"""The rules the toolkit applies: a registry with stable ids, sources, code and tests.

Each :class:`Rule` states a rule in the project's own words, says where it comes from (the seed
file and section, the rulebook page the Spanish seed cites, or the public facts only), which
code applies it and which tests check it. Where the sources disagree or are silent the rule
records every reading and the option that chooses between them.

``python -m camelot_rules.data.registry`` prints the coverage page; ``docs/rules-coverage.md``
is that page, committed, and a test fails when it is stale.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace

__all__ = ["RULES", "SEEDS", "Rule", "coverage_markdown", "rule", "statement"]

JA = "seeds/000_f03494cf5d4661bf.txt"
ES = "seeds/001_e99e088dda8d0441.txt"
FACTS = "reference/rules-facts.md"
RB = "reference/official/rulebook-2005-en.txt"
BOQ = "reference/official/book-of-quests-2005-en.txt"
SEEDS = {"RB": RB, "BoQ": BOQ, "JA": JA, "ES": ES, "facts": FACTS}


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
            "camelot_rules.odds.siege.siege_win_probability",
            "camelot_rules.odds.siege.siege_choices",
            "camelot_rules.odds.siege.best_turn",
        ),
        ("tests/odds/test_siege.py", "tests/logs/test_playlog.py"),
    ),
    Rule(
        "siege.twelfth-engine",
        "The 12th siege engine loses the game at once for everyone but the traitor.",
        "ES p.11; F §4 (S2, S7, S9)",
        ("ES", "facts"),
        ("camelot_rules.explorer.models.siege_race.SiegeRace",),
        ("tests/explorer/test_explorer.py", "tests/logs/test_playlog.py"),
    ),
    Rule(
        "siege.excalibur",
        "The holder of Excalibur adds 1 to a siege fight.",
        "F §4 (S5, S21), MED",
        ("facts",),
        ("camelot_rules.odds.siege.siege_win_probability",),
        ("tests/odds/test_siege.py",),
    ),
    Rule(
        "siege.kay",
        "Sir Kay may add one Fight card after seeing the roll.",
        "F §3f base knights (S5, S21)",
        ("facts",),
        ("camelot_rules.odds.siege.kay_splits", "camelot_rules.odds.siege.best_turn"),
        ("tests/odds/test_siege.py",),
    ),
    Rule(
        "siege.second-action",
        "A knight may sacrifice 1 life for a second heroic action (or as the evil-progression "
        "step), except while the Second Witch is in play - until a quest is won.",
        "JA witches (2nd)",
        ("JA",),
        ("camelot_rules.odds.siege.best_turn",),
        ("tests/odds/test_siege.py", "tests/logs/test_playlog.py"),
    ),
    Rule(
        "deck.draw-applies-at-once",
        "A black card drawn is applied at once; when a draw empties a deck its discards are "
        "shuffled into a new draw deck.",
        "ES p.10",
        ("ES",),
        (
            "camelot_rules.odds.runout.turns_until_exhausted",
            "camelot_rules.odds.rebuilds.forecast",
            "camelot_rules.odds.rebuilds.next_rebuild",
            "camelot_rules.odds.draws.draw_probability",
        ),
        ("tests/odds/test_runout.py", "tests/odds/test_rebuilds.py", "tests/odds/test_draws.py"),
    ),
    Rule(
        "deck.rebuild-both",
        "In Merlin's Company, when the white or the black deck runs out both are rebuilt; the "
        "travel deck is not.",
        "JA travel rules (note on reshuffles); ES p.10 says 'new draw decks' (plural)",
        ("JA", "ES"),
        ("camelot_rules.odds.rebuilds.RebuildRules", "camelot_rules.odds.rebuilds.OtherDeck"),
        ("tests/odds/test_rebuilds.py",),
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
        ("camelot_rules.odds.rebuilds.DeckPosition", "camelot_rules.odds.rebuilds.forecast"),
        ("tests/odds/test_rebuilds.py",),
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
        ("camelot_rules.odds.rebuilds.next_rebuild", "camelot_rules.odds.rebuilds.forecast"),
        ("tests/odds/test_rebuilds.py",),
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
        ("camelot_rules.odds.rebuilds.DeckPosition",),
        ("tests/odds/test_rebuilds.py",),
    ),
    Rule(
        "deck.counts",
        "Box counts: white 84 (+23), black 76 (+14, 7 witches), loyalty 8 (9), travel 16; "
        "counts below HIGH confidence are assumptions.",
        "F §0-§3; JA setup",
        ("facts", "JA"),
        (
            "camelot_rules.data.rulebook",
            "camelot_rules.data.decks.standard_deck",
        ),
        ("tests/data/test_rulebook.py", "tests/logs/test_playlog.py"),
    ),
    Rule(
        "setup.merlins",
        "Each knight starts with one Merlin card and 5 more white cards.",
        "F §1 setup (S19, S16)",
        ("facts",),
        ("camelot_rules.data.decks.setup_position",),
        ("tests/data/test_decks.py",),
        ("7 Merlin cards for 8 knights in Merlin's Company: no source says what the 8th gets",),
        "setup_position deals the Merlins there are and lists the gap in .assumptions",
    ),
    Rule(
        "travel.draw-on-move",
        "Moving to a new quest by a heroic action or a knight's power draws a travel card; "
        "returning after a quest ends or moving by a special card does not.",
        "JA travel rules",
        ("JA",),
        ("camelot_rules.odds.travel.draws_travel_card",),
        ("tests/odds/test_travel.py", "tests/logs/test_playlog.py"),
    ),
    Rule(
        "travel.cards",
        "Nothing Happens, Merlin Travels, Vision (to the Grail, or nothing if it is over), "
        "Charged!/Lost!/Ambushed! (meet the demand or the move fails), Captured!.",
        "JA travel rules",
        ("JA",),
        (
            "camelot_rules.odds.travel.next_trip_risk",
            "camelot_rules.odds.travel.trips_distribution",
            "camelot_rules.explorer.models.travel_chain.TravelChain",
        ),
        ("tests/odds/test_travel.py", "tests/explorer/test_models.py"),
    ),
    Rule(
        "travel.counts",
        "The 16 travel cards' mix per kind.",
        "JA omits it ('card counts only, omitted'); F §3b UNVERIFIED",
        ("JA", "facts"),
        (
            "camelot_rules.data.rulebook.TRAVEL",
            "camelot_rules.odds.travel.travel_composition_posterior",
        ),
        ("tests/odds/test_travel.py",),
        (
            "unknown: the default 3/3/2/2/2/2/2 is this project's assumption",
            "harmful_majority 2/2/2/3/3/2/2: the play reports' 'harmful cards are the majority'",
        ),
        "any composition Deck in every travel function; infer it from play with "
        "travel_composition_posterior; in the engine new_game(..., expansion=True, "
        "travel_mix='assumed' | 'harmful_majority' | 7 counts)",
    ),
    Rule(
        "travel.demands",
        "What Charged!, Lost! and Ambushed! demand and what failing costs.",
        "JA omits it; F §3b UNVERIFIED (S12 hints)",
        ("facts",),
        ("camelot_rules.data.rulebook.TRAVEL_DEMANDS", "camelot_rules.odds.travel.next_trip_risk"),
        ("tests/odds/test_travel.py",),
        ("defaults assumed: Fight 3+ / a Grail card / a Fight pair; else lose 1 life",),
        "can_meet={card: bool} or hand=... in every travel function",
    ),
    Rule(
        "travel.captured",
        "A captured knight stays, skips turns, and is freed only when another knight spends a "
        "heroic action and discards a special white card.",
        "JA travel rules (Captured!)",
        ("JA",),
        (
            "camelot_rules.odds.travel.captured_turns_lost",
            "camelot_rules.odds.travel.expected_turns_lost",
        ),
        ("tests/odds/test_travel.py",),
        (
            "where the freed Captured! card goes is not said: assumed to the travel discards",
            "a Captured! card under a figure stays out of a travel reshuffle (JA: the card "
            "stays under the figure); calculators take captured_held=, the CLI "
            "--captured-held",
        ),
    ),
    Rule(
        "travel.reshuffle",
        "The travel deck is reshuffled only when it runs out.",
        "JA travel rules",
        ("JA",),
        ("camelot_rules.odds.travel.trips_distribution",),
        ("tests/odds/test_travel.py",),
    ),
    Rule(
        "endgame.twelve-swords",
        "The game ends when the 12th sword is laid; the knights need more white than black.",
        "F §5 (S7, S8, S9)",
        ("facts",),
        ("camelot_rules.explorer.models.endgame.RoundTable",),
        ("tests/explorer/test_models.py", "tests/logs/test_playlog.py"),
    ),
    Rule(
        "endgame.seven-black",
        "7 black swords lose the game at once.",
        "F §5 (S7, S14)",
        ("facts",),
        ("camelot_rules.explorer.models.endgame.RoundTable",),
        ("tests/explorer/test_models.py", "tests/logs/test_playlog.py"),
    ),
    Rule(
        "endgame.tie",
        "A tie loses, unless Divine Favor was played.",
        "F §5 (S8); JA special white cards (Divine Favor)",
        ("facts", "JA"),
        ("camelot_rules.explorer.models.endgame.RoundTable",),
        ("tests/explorer/test_models.py",),
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
            "camelot_rules.data.rulebook.hidden_traitor_flips",
            "camelot_rules.explorer.models.endgame.RoundTable",
        ),
        ("tests/explorer/test_models.py", "tests/logs/test_playlog.py"),
        (
            "one hidden: 2 (JA, and F §5 HIGH)",
            "two hidden: 3 (JA; one independent review agrees, MED-HIGH in rules-facts-update P7)",
            "two hidden: 4, each turning 2 as in the base game (a reading, not a source)",
            "dead unrevealed traitor: no flip (F §5, MED)",
        ),
        "RoundTable(traitor_dead=...); new_game(..., expansion=True, two_traitor_flip=3 | 4)",
    ),
    Rule(
        "endgame.accusation",
        "Accusing is a heroic action, allowed with 6+ swords or 6+ siege engines, once per "
        "knight. Wrong: a white sword turns black. Right: a white sword more, traitor unmasked.",
        "ES p.16; F §5 (S8, S15)",
        ("ES", "facts"),
        (
            "camelot_rules.data.rulebook.wrong_accusation_flips",
            "camelot_rules.explorer.models.endgame.RoundTable",
        ),
        ("tests/explorer/test_models.py", "tests/logs/test_playlog.py"),
    ),
    Rule(
        "endgame.fifth-witch",
        "After the Fifth Witch a wrong accusation turns two white swords black.",
        "JA witches (5th)",
        ("JA",),
        (
            "camelot_rules.data.rulebook.wrong_accusation_flips",
            "camelot_rules.explorer.models.endgame.RoundTable",
        ),
        ("tests/explorer/test_models.py", "tests/logs/test_playlog.py"),
    ),
    Rule(
        "loyalty.deal",
        "Each player gets one loyalty card; base deck 7 loyal + 1 traitor; Merlin's Company adds "
        "a second traitor at 7-8 players.",
        "ES p.7; JA 7-8 players; F §0, §3a",
        ("ES", "JA", "facts"),
        (
            "camelot_rules.data.decks.standard_deck",
            "camelot_rules.explorer.models.endgame.RoundTable.prior",
        ),
        ("tests/data/test_rulebook.py", "tests/explorer/test_models.py"),
        ("the 9-card deck as 7 loyal + 2 traitors is inferred (F §3a, MED)",),
    ),
    Rule(
        "war.straight",
        "A war is won with a Fight straight 1-2-3-4-5; the 4th warrior loses it.",
        "F §6 (S2, S4, S5)",
        ("facts",),
        ("camelot_rules.explorer.models.war.War",),
        ("tests/explorer/test_models.py",),
    ),
    Rule(
        "white.round-table",
        "At the Round Table a knight draws 2 white cards (Sir Gawain 3).",
        "F §6 (S6); F §3f (S5, S21)",
        ("facts",),
        ("camelot_rules.odds.draws.draw_probability",),
        ("tests/odds/test_draws.py",),
    ),
)


# --- The rules engine: every rule of the official base game (RB = Rulebook, BoQ = Book of Quests,
# reference/official/). Stated in the project's own words; each applied by the engine code named.
_ENG = "camelot_rules.engine."
_T = "tests/engine/test_engine_rules.py"
# independent readings of the same pages, written apart from the engine
_SCENARIOS = ("tests/engine/test_scenarios_rulebook.py", "tests/engine/test_scenarios_quests.py")


def _official(
    rule_id: str,
    statement: str,
    source: str,
    code: tuple[str, ...],
    *,
    readings: tuple[str, ...] = (),
    option: str = "",
    tests: tuple[str, ...] = (_T, *_SCENARIOS),
) -> Rule:
    covered = tuple(
        tag
        for tag, marks in (
            ("RB", ("RB p",)),
            ("BoQ", ("BoQ p",)),
            ("ES", ("ES p",)),
            ("JA", ("JA ",)),
        )
        if any(m in source for m in marks)
    )
    return Rule(
        rule_id, statement, source, covered, tuple(_ENG + c for c in code), tests, readings, option
    )


ENGINE_RULES: tuple[Rule, ...] = (
    _official(
        "setup.deal",
        "Setup: knights dealt at random, life 4, one Merlin card each, then 5 white cards each "
        "from the shuffled rest; black cards shuffled into a draw pile.",
        "RB p.6-7; ES p.7",
        ("setup.new_game", "setup.position"),
    ),
    _official(
        "setup.loyalty",
        "One loyalty card each from 7 loyal + 1 traitor, the unused ones unseen; variants: no "
        "traitor for a first game, or 'Traitor among us' (as many loyal cards as players, plus "
        "the traitor).",
        "RB p.7, p.8, p.18; ES p.7",
        ("setup.new_game",),
        readings=(
            "standard deal (RB p.7)",
            "first game: no traitor (RB p.8)",
            "Traitor among us: n loyal + 1 traitor (RB p.18)",
        ),
        option="new_game(..., traitor='standard' | 'none' | 'among_us')",
    ),
    _official(
        "setup.three-players",
        "With three players nobody looks at his loyalty card until 6 swords are on the table.",
        "RB p.19; ES p.19",
        ("views.observation",),
        option="new_game(..., three_player_peek=True) (default at 3 players)",
    ),
    _official(
        "setup.opening-share",
        "Each player lays one white card face up at the start; the cards are shared out by "
        "agreement, or shuffled and dealt at random.",
        "RB p.8",
        ("turns.opening_share",),
        readings=(
            "'shared by agreement' read as a draft: each player in turn takes one card",
            "the rulebook's fallback: shuffled and dealt one each",
        ),
        option="new_game(..., opening_share='draft' | 'random' | 'skip')",
    ),
    _official(
        "setup.first-player",
        "King Arthur begins; play goes clockwise.",
        "RB p.9; BoQ p.13",
        ("turns.first_player",),
    ),
    _official(
        "turn.order",
        "Turns go clockwise; dead knights are skipped; an unmasked traitor still takes his turn.",
        "RB p.9; BoQ p.13",
        ("turns.end_turn",),
    ),
    _official(
        "turn.legal-actions",
        "Only the actions the rules allow at this moment may be taken; anything else is refused "
        "with the rule that forbids it, and the game is left as it was.",
        "RB p.9, p.12",
        ("flow.apply",),
    ),
    _official(
        "turn.pending",
        "A choice the rules ask for in the middle of a resolution (a Merlin cancel, a face-down "
        "combat card, a volunteer, a discard, Sir Kay's card, the Grail's drink...) is answered "
        "before anything else happens.",
        "RB p.10-11; BoQ p.13-16",
        ("flow.legal_actions",),
    ),
    _official(
        "turn.chance",
        "Cards drawn and the siege die are chance events with exact probabilities: each draw "
        "from a shuffled pile is uniform over the cards in it.",
        "RB p.7, p.10, p.13",
        ("flow.chance_weights", "flow.apply_chance"),
    ),
    _official(
        "turn.game-over",
        "Once the game has ended nothing more is played.",
        "RB p.17",
        ("flow.apply",),
    ),
    _official(
        "turn.evil-step",
        "Each turn begins with exactly one evil step: draw a black card, add a siege engine, or "
        "lose a life point.",
        "RB p.9-12",
        ("flow._evil_actions", "flow._apply_evil"),
    ),
    _official(
        "evil.black-card",
        "A black card drawn is read aloud and applied at once.",
        "RB p.10; ES p.10",
        ("flow._apply_evil", "black.push_black_draw"),
    ),
    _official(
        "evil.engine",
        "A siege engine is added around Camelot.",
        "RB p.11; ES p.11",
        ("flow._apply_evil", "knights.add_engines"),
    ),
    _official("evil.life", "The knight loses one life point.", "RB p.12", ("flow._apply_evil",)),
    _official(
        "turn.heroic-action",
        "After the evil step (if he survives it) a knight must take one heroic action: move, "
        "a quest action, a special white card, heal, or accuse.",
        "RB p.9, p.12",
        ("flow._heroic_phase_actions",),
    ),
    _official(
        "turn.sacrifice",
        "Once per turn a knight may lose a life point for a second heroic action; at 0 he still "
        "acts, then dies.",
        "RB p.16-17",
        ("flow._heroic_phase_actions",),
    ),
    _official(
        "turn.no-repeat",
        "The same heroic action cannot be taken twice in one turn.",
        "RB p.16-17",
        ("flow._heroic_phase_actions",),
        readings=(
            "'the same heroic action' read as the same kind: a move, one quest's action, "
            "a special white, healing, an accusation; Camelot's two actions (draw, fight) "
            "count apart",
        ),
    ),
    _official(
        "turn.end-check",
        "After the evil step and after the heroic actions the end-of-game conditions are checked; "
        "the engine checks after every step.",
        "RB p.9, p.17",
        ("endgame.check_end",),
    ),
    _official(
        "quest.move",
        "Moving to any other quest takes one heroic action; the Round Table and the siege area "
        "are one place.",
        "RB p.12; BoQ p.11",
        ("board.move_targets",),
    ),
    _official(
        "quest.solo",
        "The Black Knight and Lancelot are solo quests: one knight at a time; leaving one before "
        "it ends discards the white cards on it.",
        "RB p.13; BoQ p.3",
        ("board.move_targets", "board.leave_location"),
    ),
    _official(
        "camelot.draw-white",
        "At the Round Table a knight may draw 2 white cards, not with 12 or more in hand.",
        "RB p.13; BoQ p.11, p.14",
        ("quests.do_draw_white",),
    ),
    _official(
        "quest.fight-cards",
        "One Fight card per action on a combat quest or war, fitting its pattern: two pairs of "
        "different values (Black Knight), a full house (Lancelot), three three-of-a-kinds "
        "(Dragon), an ascending straight from 1 (wars).",
        "RB p.14-15; BoQ p.5-7, p.10, p.14",
        ("quests.pattern_ok", "quests.do_play_fight"),
    ),
    _official(
        "black.combat",
        "Black Knight and Lancelot/Dragon cards go on the first empty black spot of their quest "
        "(Lancelot's value on Lancelot, the Dragon's on the Dragon).",
        "RB p.11; BoQ p.15-16",
        ("black.lay_combat_black",),
    ),
    _official(
        "black.face-down",
        "A combat black card may be laid face down; its drawer then draws a white card.",
        "RB p.10-11; BoQ p.15-16; ES p.11",
        ("black.lay_combat_black",),
    ),
    _official(
        "quest.combat-end",
        "A combat quest ends when its last white or black spot is filled; the black cards are "
        "shuffled and revealed; the knights win only with a strictly greater white total.",
        "RB p.14, p.17; BoQ p.3, p.5-7; ES p.14",
        ("quests.combat_result",),
    ),
    _official(
        "quest.excalibur",
        "Excalibur: each white card discarded moves the sword one step toward the knights, each "
        "Excalibur black card one step toward the ice; reaching either bank ends the quest.",
        "RB p.14; BoQ p.8, p.16",
        ("quests.move_excalibur", "black._excalibur"),
        readings=("5 steps each way, read from the board picture (rules-facts-update §4b, MED)",),
    ),
    _official(
        "quest.grail",
        "Grail cards fill the 7 spots from the Grail's end; with every spot full a Grail card "
        "removes the nearest Despair/Desolation instead; 7 Grail cards win, 7 black cards lose.",
        "RB p.15; BoQ p.9, p.14",
        ("quests.do_play_grail",),
    ),
    _official(
        "black.despair",
        "Despair fills the Grail spots from the far end; with every spot full it removes the "
        "farthest Grail card instead.",
        "BoQ p.15",
        ("black._despair",),
    ),
    _official(
        "black.desolation",
        "Desolation removes the farthest Grail card, then lies like a Despair.",
        "BoQ p.16",
        ("black._desolation",),
    ),
    _official(
        "black.dark-forest",
        "Dark Forest stops Grail cards until another quest is won (not a siege fight).",
        "BoQ p.16",
        ("black._dark_forest", "quests.quest_end"),
    ),
    _official(
        "quest.wars",
        "Picts and Saxons: a straight 1-5 of Fight cards wins, the 4th warrior loses; the war "
        "then starts anew.",
        "RB p.15; BoQ p.10",
        ("quests.add_warrior", "quests.war_next"),
    ),
    _official(
        "black.mercenaries",
        "Picts and Saxons cards add a warrior to their war; Mercenaries to the war of the "
        "drawer's choice.",
        "RB p.11; BoQ p.16",
        ("black.resolve_war",),
    ),
    _official(
        "black.mordred",
        "Mordred joins a war of the drawer's choice: winning it needs a second Fight 5.",
        "BoQ p.16",
        ("quests.war_next",),
    ),
    _official(
        "quest.end",
        "When a quest ends its knights go back to Camelot at no cost, its cards are discarded, "
        "warriors return; perpetual quests start anew, Lancelot turns into the Dragon, the others "
        "are flipped or removed.",
        "RB p.13; BoQ p.3, p.5-10",
        ("quests.quest_end",),
    ),
    _official(
        "quest.spoils",
        "Victory and defeat: life, white cards shared, swords, relics and siege engines as each "
        "quest's pictograms say; a quest lost with nobody on it still adds its swords and engines.",
        "BoQ p.4-10",
        ("quests.quest_end", "board.share_cards"),
        readings=(
            "shared cards dealt round the quest's knights from the winner (the rulebook's "
            "no-agreement rule, BoQ p.4)",
        ),
    ),
    _official(
        "black.finished-quest",
        "A black card whose quest is over (Excalibur, Grail, Lancelot/Dragon) adds a siege engine "
        "instead and is discarded.",
        "RB p.11; BoQ p.4, p.9, p.16; ES p.11",
        ("black.black_effect",),
    ),
    _official(
        "black.merlin-cancel",
        "Three Merlin cards played together, by one or several knights, cancel a special black "
        "card as it is drawn - never later, never a standard black.",
        "RB p.10-11; BoQ p.15; ES p.10-11",
        ("black.black_drawn", "black.resolve_merlin"),
    ),
    _official(
        "black.guinevere",
        "Guinevere sends every knight to Camelot; the drawer's turn ends.",
        "BoQ p.16",
        ("black._guinevere",),
    ),
    _official(
        "black.mists",
        "Mists of Avalon: every quest lost from then on adds one more black sword.",
        "BoQ p.16",
        ("black._mists", "quests.quest_end"),
    ),
    _official(
        "black.vivien",
        "Vivien stops every Merlin card, single or in threes, until a quest is won; she can be "
        "cancelled as she is drawn.",
        "BoQ p.16",
        ("black._vivien", "specials.special_actions"),
    ),
    _official(
        "black.morgan",
        "The five Morgans, in the official order: 1 every knight loses a life; 2 a volunteer "
        "discards 3 whites or everyone discards 1; 3 the next 3 black cards are drawn and played; "
        "4 two siege engines; 5 a volunteer loses 2 life or everyone discards 1.",
        "BoQ p.16",
        ("black._morgan_1", "black._morgan_discards", "black._morgan_3", "black._morgan_4"),
        readings=("the older unofficial numbering (F §2, S5) is superseded by BoQ p.16",),
    ),
    _official(
        "white.special",
        "Special white cards are played as a heroic action and discarded; each card's effect as "
        "in the manifest.",
        "RB p.16; BoQ p.14-15",
        ("specials.special_actions",),
    ),
    _official(
        "white.one-special",
        "At most one special white card per turn, Galahad's free one included.",
        "RB p.16-17",
        ("specials.special_actions",),
    ),
    _official(
        "white.merlin",
        "A single Merlin removes a siege engine, the last standard black card on a quest, or a "
        "warrior.",
        "BoQ p.15",
        ("specials._merlin",),
    ),
    _official(
        "white.convocation",
        "Convocation: any knights may go back to Camelot; one white card per knight there, shared.",
        "BoQ p.14",
        ("specials.play_special",),
    ),
    _official(
        "white.fate",
        "Fate: a loyal player makes every knight draw a white card; the traitor may instead reveal "
        "himself and make every other knight discard 2.",
        "BoQ p.15",
        ("specials.play_special",),
        readings=(
            "a traitor revealed by Fate is unmasked as by an accusation (hand discarded) "
            "but no white sword is added",
        ),
    ),
    _official(
        "white.heroism",
        "Heroism lies on a quest and adds one sword of the winning side's colour when it ends.",
        "BoQ p.15",
        ("specials.play_special", "quests.quest_end"),
    ),
    _official(
        "white.lady-of-the-lake",
        "Lady of the Lake moves Excalibur one step (from anywhere), or gives 2 life once Excalibur "
        "is over.",
        "BoQ p.15",
        ("specials.play_special",),
    ),
    _official(
        "white.messenger",
        "Messenger passes up to 3 white cards to another knight.",
        "BoQ p.15",
        ("specials.play_special",),
    ),
    _official(
        "white.piety",
        "Piety: 3 life to its player, or 1 life to every other knight.",
        "BoQ p.15",
        ("specials.play_special",),
    ),
    _official(
        "white.clairvoyance",
        "Clairvoyance: look at the top 5 black cards and put them back in any order.",
        "BoQ p.15",
        ("specials.play_special",),
    ),
    _official(
        "white.reinforcements",
        "Reinforcements: draw 4 white cards, or every other knight draws 1.",
        "BoQ p.15",
        ("specials.play_special",),
    ),
    _official(
        "heroic.heal",
        "Three identical cards discarded heal one life point, never above 6.",
        "RB p.16; BoQ p.14",
        ("flow._do_heal",),
    ),
    _official(
        "knight.life",
        "Life stays between 0 and 6.",
        "RB p.12; BoQ p.4",
        ("knights.lose_life", "knights.gain_life"),
    ),
    _official(
        "death.zero-life",
        "A knight at 0 life dies at the end of the turn (nothing but the Grail saves him): his "
        "white cards are discarded, his relics lost, his figure removed.",
        "RB p.12, p.17; ES p.12",
        ("knights.kill", "turns.end_turn", "knights.gain_life"),
        readings=(
            "a knight brought to 0 on another player's turn dies at the end of that turn",
            "life gained while at 0 does not save him (RB p.17)",
        ),
    ),
    _official(
        "endgame.all-dead",
        "The game is lost when every loyal knight is dead.",
        "RB p.6, p.17",
        ("turns.end_turn",),
    ),
    _official(
        "relic.excalibur",
        "Excalibur's holder adds 1 in combat quests and siege fights, and may give it up to "
        "cancel any black card as it is drawn.",
        "BoQ p.8",
        ("black.black_drawn", "quests.combat_result"),
    ),
    _official(
        "relic.grail",
        "The Grail's owner may let a dying knight drink: back to 4 life, the Grail is gone.",
        "RB p.12; BoQ p.9; ES p.12",
        ("turns.end_turn",),
    ),
    _official(
        "relic.armor",
        "Lancelot's Armor: its owner draws two black cards, keeps one, puts the other at the "
        "bottom; the traitor keeps it when unmasked.",
        "BoQ p.6",
        ("black.push_black_draw", "black.resolve_keep"),
        readings=(
            "applied to the evil-step draw and the unmasked traitor's draw, not to the "
            "cards Morgan 3 makes one draw",
        ),
    ),
    _official(
        "knight.arthur",
        "King Arthur may pass one white card per turn to a knight, who returns one.",
        "BoQ p.13",
        ("knights.arthur_give",),
    ),
    _official(
        "knight.galahad",
        "Sir Galahad may play one special white card as a free action.",
        "BoQ p.13; RB p.16",
        ("flow._power_actions",),
    ),
    _official(
        "knight.gawain",
        "Sir Gawain draws 3 white cards at the Round Table.",
        "BoQ p.13; RB p.13",
        ("quests.do_draw_white",),
    ),
    _official(
        "knight.kay",
        "Sir Kay may add one Fight card when a combat he is on ends, after the reveal, or after "
        "the siege die.",
        "BoQ p.13; RB p.17",
        ("quests.run_combat", "quests.kay_actions"),
    ),
    _official(
        "knight.palamedes",
        "Sir Palamedes gains one more life on each quest won.",
        "BoQ p.4, p.13",
        ("quests.quest_end",),
    ),
    _official(
        "knight.percival",
        "Sir Percival may look at the top black card before his evil step.",
        "BoQ p.13; RB p.10",
        ("flow._evil_actions", "flow._apply_evil"),
    ),
    _official(
        "knight.tristan",
        "Sir Tristan leaves the Round Table at no action cost; his regular action is then not a "
        "move.",
        "BoQ p.13; RB p.13",
        ("knights.tristan_free_move",),
    ),
    _official(
        "traitor.unmasked",
        "An unmasked traitor discards his hand, loses Excalibur and the Grail (not the Armor) "
        "and leaves the board.",
        "BoQ p.13; RB p.16",
        ("knights.unmask",),
    ),
    _official(
        "traitor.unmasked-turn",
        "On his turn the unmasked traitor discards a random white card from a hand of his choice, "
        "then adds a siege engine or draws and plays a black card.",
        "BoQ p.13",
        ("turns.start_turn",),
    ),
    _official(
        "deck.reshuffle-both",
        "When either draw pile runs out, both colours are reshuffled (each discard pile into its "
        "draw pile); discards are face down.",
        "RB p.7, p.10, p.13; BoQ p.14; ES p.10",
        ("board.reshuffle_both",),
    ),
)

_TX = "tests/engine/test_expansion_rules.py"
_SX = "tests/engine/test_scenarios_expansion.py"


def _expansion(
    rule_id: str,
    statement: str,
    source: str,
    code: tuple[str, ...],
    *,
    readings: tuple[str, ...] = (),
    option: str = "",
) -> Rule:
    """An engine rule of the JA seed (Merlin's Company), tested by the expansion scenarios."""
    return _official(
        rule_id, statement, source, code, readings=readings, option=option, tests=(_TX, _SX)
    )


EXPANSION_RULES: tuple[Rule, ...] = (
    _expansion(
        "setup.expansion",
        "Merlin's Company: King Arthur always plays; the other coats of arms are the new knights "
        "or a mix; the travel deck is shuffled; Merlin's figure starts off the board; 14 black "
        "and 23 white cards are added.",
        "JA setup; JA 7 new knights",
        ("setup.new_game", "setup._knight_pool"),
        readings=(
            "the rule 'never two knights of one colour' needs the coats' colours, which no "
            "source gives: not applied",
            "the new knights' powers are unknown except Sir Caradoc's: the others play without",
        ),
        option="new_game(..., expansion=True, coats='expansion' | 'base' | 'mixed')",
    ),
    _expansion(
        "knight.caradoc",
        "Sir Caradoc may, once per turn, sacrifice a life point to draw 2 white cards - not while "
        "the Second Witch is in play.",
        "JA witches (2nd)",
        ("expansion.caradoc_actions", "expansion.do_caradoc"),
    ),
    _expansion(
        "witch.lasting",
        "The 2nd, 5th, 6th and 7th witches stay in play: the 2nd until a quest is won, the 7th "
        "until the next quest lost (then every knight not on it loses a life); the 6th makes "
        "Merlin cards used leave the game.",
        "JA witches (2nd, 5th, 6th, 7th)",
        ("expansion._lasting_witch", "expansion.end_witches_on_quest", "board.remove_merlins"),
    ),
    _expansion(
        "witch.third",
        "The 3rd witch adds a Pict warrior, then a Saxon warrior.",
        "JA witches (3rd)",
        ("expansion._witch_3",),
    ),
    _expansion(
        "witch.fourth",
        "The 4th witch: each knight discards a Grail card or loses a life; without one he loses "
        "the life.",
        "JA witches (4th)",
        ("expansion._witch_4",),
    ),
    _expansion(
        "white.expansion-specials",
        "The eight new special whites: Call for Help, Dispel, Divine Favor, Dragon Slayer, Merlin "
        "to the Rescue, New Hope, Tournament, Truce.",
        "JA special white cards",
        ("expansion.special_actions_mc", "expansion.play_special_mc"),
        readings=(
            "Divine Favor: 'the next tie' read as the next siege fight, combat quest or final "
            "count that ends level (divine_favor_reading='next_tie', the default)",
            "Divine Favor: only the final count of swords, the seed's second sentence; siege "
            "fights and combat quests tie as usual (divine_favor_reading='final_count')",
            "Dragon Slayer: its two Fight cards on the Dragon are laid right after it is played",
        ),
        option="new_game(..., expansion=True, divine_favor_reading='next_tie' | 'final_count')",
    ),
)

# The seed's rules the registry already had: the engine now applies them too.
_EXPANSION_ADDITIONS: dict[str, tuple[str, ...]] = {
    "travel.draw-on-move": ("expansion.travel_move", "flow._go"),
    "travel.cards": ("expansion.resolve_travel",),
    "travel.demands": ("expansion._resolve_demand",),
    "travel.captured": ("expansion.free_actions", "expansion.do_free"),
    "travel.reshuffle": ("expansion._reshuffle_travel",),
    "deck.first-witch": ("expansion._witch_1",),
    "deck.finished-quest-cards": ("black.black_effect",),
    "deck.merlin-blocks-engine": ("black.black_effect", "expansion.play_special_mc"),
    "siege.second-action": ("board.sacrifice_blocked",),
}


# The official texts also state rules the registry already had from the seeds and the facts:
# their citations and the engine's code are added here.
_OFFICIAL_ADDITIONS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "siege.fight": ("RB p.13", ("RB",), ("quests.siege_result",)),
    "siege.twelfth-engine": ("RB p.11, p.17; BoQ p.12", ("RB", "BoQ"), ("endgame.check_end",)),
    "siege.excalibur": ("BoQ p.8", ("BoQ",), ("quests.siege_result",)),
    "siege.kay": ("BoQ p.13", ("BoQ",), ("quests.resolve_roll", "quests.resolve_kay_siege")),
    "endgame.twelve-swords": ("RB p.6, p.17; BoQ p.12", ("RB", "BoQ"), ("endgame.check_end",)),
    "endgame.seven-black": ("RB p.6, p.17; BoQ p.12", ("RB", "BoQ"), ("endgame.check_end",)),
    "endgame.tie": (
        "RB p.17",
        ("RB",),
        ("endgame.check_end", "quests.combat_result", "quests.siege_result"),
    ),
    "endgame.hidden-traitors": ("RB p.17; BoQ p.12", ("RB", "BoQ"), ("endgame.check_end",)),
    "endgame.accusation": ("RB p.16; BoQ p.13", ("RB", "BoQ"), ("endgame.do_accuse",)),
}


# rule arithmetic shared by the calculators, the models, the verifier and the engine
_CORE: dict[str, tuple[str, ...]] = {
    "siege.fight": ("siege_fight_won",),
    "endgame.tie": ("siege_fight_won", "knights_win_count"),
    "endgame.hidden-traitors": ("after_hidden_traitors",),
    "endgame.accusation": ("after_wrong_accusation",),
    "endgame.fifth-witch": ("after_wrong_accusation",),
    "endgame.twelve-swords": ("knights_win_count",),
}


def _with_official(r: Rule) -> Rule:
    core = tuple(f"camelot_rules.engine.arithmetic.{name}" for name in _CORE.get(r.id, ()))
    add = _OFFICIAL_ADDITIONS.get(r.id)
    if add is None:
        return (
            replace(r, code=(*r.code, *core), tests=(*r.tests, "tests/engine/test_arithmetic.py"))
            if core
            else r
        )
    source, covered, code = add
    return replace(
        r,
        source=f"{r.source}; {source}",
        covered_by=(*r.covered_by, *covered),
        code=(*r.code, *core, *(_ENG + c for c in code)),
        tests=(*r.tests, _T, *(("tests/engine/test_arithmetic.py",) if core else ())),
    )


def _with_expansion(r: Rule) -> Rule:
    code = _EXPANSION_ADDITIONS.get(r.id)
    if code is None:
        return r
    return replace(r, code=(*r.code, *(_ENG + c for c in code)), tests=(*r.tests, _TX, _SX))


# The calculators that apply the expansion's rules too (issue 12): code and tests added.
_CALCULATOR_ADDITIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "deck.rebuild-both": (
        (
            "camelot_rules.odds.rebuilds.default_other_deck",
            "camelot_rules.odds.rebuilds.next_rebuild",
            "camelot_rules.odds.rebuilds.forecast",
        ),
        ("tests/front/test_cli.py", "tests/widgets/test_widgets.py"),
    ),
    "travel.captured": (
        (
            "camelot_rules.odds.travel.next_trip_risk",
            "camelot_rules.odds.travel.trips_distribution",
            "camelot_rules.explorer.models.travel_chain.TravelChain",
        ),
        ("tests/explorer/test_models.py",),
    ),
    "witch.third": (("camelot_rules.explorer.models.war.War",), ("tests/explorer/test_models.py",)),
    "endgame.tie": (
        ("camelot_rules.odds.siege.siege_win_probability", "camelot_rules.odds.siege.best_turn"),
        ("tests/odds/test_siege.py", "tests/front/test_cli.py", "tests/widgets/test_widgets.py"),
    ),
}

# The quest calculators (issue 14): they apply the engine's quest rules, never a copy.
_Q = "camelot_rules.odds.quests."
_QT = ("tests/odds/test_quests.py",)
_QUEST_ADDITIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "quest.combat-end": (
        (
            "camelot_rules.engine.arithmetic.combat_won",
            _Q + "combat_win_probability",
            _Q + "black_total_distribution",
            _Q + "best_next_fight",
            _Q + "turn_choices",
            _Q + "combat_race_probability",
            "camelot_rules.explorer.models.combat_race.CombatRace",
        ),
        _QT,
    ),
    "quest.fight-cards": (
        (
            _Q + "combat_win_probability",
            _Q + "best_next_fight",
            _Q + "combat_race_probability",
            "camelot_rules.explorer.models.combat_race.CombatRace",
        ),
        _QT,
    ),
    "relic.armor": (
        (_Q + "combat_race_probability", "camelot_rules.explorer.models.combat_race.CombatRace"),
        _QT,
    ),
    "white.expansion-specials": (
        (_Q + "combat_win_probability", _Q + "combat_race_probability"),
        _QT,
    ),
    "black.combat": ((_Q + "black_total_distribution", _Q + "combat_win_probability"), _QT),
    "black.face-down": ((_Q + "black_total_distribution", _Q + "combat_win_probability"), _QT),
    "relic.excalibur": ((_Q + "combat_win_probability",), _QT),
    "knight.kay": ((_Q + "combat_win_probability", _Q + "best_next_fight"), _QT),
    "endgame.tie": (
        (
            "camelot_rules.engine.arithmetic.combat_won",
            _Q + "combat_win_probability",
            _Q + "combat_race_probability",
        ),
        _QT,
    ),
    "quest.wars": ((_Q + "war_completion_probability", _Q + "war_race", _Q + "turn_choices"), _QT),
    "black.mordred": ((_Q + "war_completion_probability", _Q + "war_race"), _QT),
    "black.mercenaries": ((_Q + "war_race",), _QT),
    "witch.third": ((_Q + "war_race",), _QT),
    "quest.grail": ((_Q + "grail_race", _Q + "turn_choices"), _QT),
    "black.despair": ((_Q + "grail_race",), _QT),
    "black.desolation": ((_Q + "grail_race",), _QT),
    "black.dark-forest": ((_Q + "grail_race",), _QT),
    "quest.excalibur": ((_Q + "excalibur_race", _Q + "turn_choices"), _QT),
    "black.morgan": ((_Q + "grail_race", _Q + "excalibur_race", _Q + "war_race"), _QT),
    "black.guinevere": ((_Q + "grail_race", _Q + "excalibur_race", _Q + "war_race"), _QT),
    "evil.black-card": (
        (
            _Q + "grail_race",
            _Q + "turn_choices",
            "camelot_rules.explorer.models.quest_race.QuestRace",
        ),
        _QT,
    ),
    "turn.order": ((_Q + "grail_race", _Q + "turn_choices"), _QT),
    "quest.move": ((_Q + "turn_choices",), _QT),
}


# The play-log verifier (issue 13): it replays a log on what the table sees and checks these.
_VERIFIER_IDS: tuple[str, ...] = (
    "setup.deal",
    "setup.expansion",
    "setup.loyalty",
    "setup.first-player",
    "turn.order",
    "turn.evil-step",
    "turn.sacrifice",
    "turn.legal-actions",
    "turn.game-over",
    "turn.end-check",
    "turn.no-repeat",
    "evil.black-card",
    "evil.engine",
    "black.morgan",
    "black.finished-quest",
    "black.merlin-cancel",
    "deck.counts",
    "deck.finished-quest-cards",
    "deck.first-witch",
    "deck.reshuffle-both",
    "siege.fight",
    "siege.kay",
    "siege.excalibur",
    "siege.second-action",
    "siege.twelfth-engine",
    "quest.spoils",
    "quest.solo",
    "travel.draw-on-move",
    "travel.captured",
    "travel.reshuffle",
    "knight.life",
    "heroic.heal",
    "relic.excalibur",
    "traitor.unmasked",
    "traitor.unmasked-turn",
    "endgame.accusation",
    "endgame.fifth-witch",
    "endgame.hidden-traitors",
    "endgame.seven-black",
    "endgame.twelve-swords",
    "witch.lasting",
    "quest.fight-cards",
    "quest.wars",
    "black.vivien",
    "black.dark-forest",
    "black.guinevere",
)
_VERIFIER_ADDITIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # the verifier applies no rule of its own: it replays logs through the engine, and its
    # tests check that each rule the engine applies is caught in a log that breaks it
    rule_id: ((), ("tests/logs/test_playlog_replay.py",))
    for rule_id in _VERIFIER_IDS
}


def _with_calculators(r: Rule) -> Rule:
    for table in (_CALCULATOR_ADDITIONS, _QUEST_ADDITIONS, _VERIFIER_ADDITIONS):
        add = table.get(r.id)
        if add is None:
            continue
        code, tests = add
        r = replace(
            r,
            code=(*r.code, *(c for c in code if c not in r.code)),
            tests=(*r.tests, *(t for t in tests if t not in r.tests)),
        )
    return r


RULES = tuple(
    _with_calculators(r)
    for r in (
        *(_with_expansion(_with_official(r)) for r in RULES),
        *ENGINE_RULES,
        *EXPANSION_RULES,
    )
)

# Stated in the official texts, not applied by the engine (with the reason).
NOT_APPLIED: tuple[tuple[str, str, str], ...] = (
    (
        "table-talk",
        "RB p.8",
        "players never name the cards in their hands: table talk, not a game state",
    ),
    ("joining-mid-game", "RB p.18", "a player joining or leaving mid-game: not modelled"),
    ("squires-challenge", "RB p.18", "the Squire's Challenge variant: not modelled"),
)


def rule(rule_id: str) -> Rule:
    """Return the rule with this id.

    >>> rule("siege.fight").source
    'ES p.13; F §4 (S6); RB p.13'
    """
    for r in RULES:
        if r.id == rule_id:
            return r
    raise ValueError(f"unknown rule id {rule_id!r}; expected one of {[r.id for r in RULES]}")


def statement(rule_id: str, lang: str | None = None) -> str:
    """The rule's statement in ``lang`` ("en", "ja", "es"; default: the language in force).

    The registry keeps its statements in English; they are translated here, where they are
    shown (the catalogs in ``camelot_rules/locale``; :mod:`camelot_rules.base.i18n`).

    >>> statement("evil.engine", "es")
    'Se añade una Máquina de Asedio alrededor de Camelot.'
    """
    from camelot_rules.base.i18n import gettext

    return gettext(rule(rule_id).statement, lang)


def coverage_markdown(lang: str = "en") -> str:
    """The rules-coverage page: rule -> source -> code -> tests, then the open questions.

    ``lang`` ("en", "ja", "es") translates the page's words and the rule statements (the
    catalogs in ``camelot_rules/locale``); beside each statement the page quotes the sentence
    of the seed the rule comes from, with its section (:mod:`camelot_rules.data.seed_refs`),
    so that a reader, a translator most of all, can compare the two.
    """
    from camelot_rules.base.i18n import check_language, gettext
    from camelot_rules.data.seed_refs import refs_for

    def _(message: str) -> str:
        return gettext(message, check_language(lang))

    seeds = True  # every page quotes the seeds' own sentences (issue 33)
    lines = [
        "# " + _("Rules coverage"),
        "",
        _(
            "Generated by `python -m camelot_rules.data.registry` from "
            "`camelot_rules/data/registry.py`; a test "
            "fails when this page is stale. Sources: "
        )
        + "; ".join(f"**{k}** = `{v}`" for k, v in SEEDS.items())
        + _(
            " (*RB p.N* and *BoQ p.N* are the official 2005 Rulebook and Book of Quests; *ES p.N* "
            "is the rulebook page the Spanish seed cites)."
        ),
        "",
        "| "
        + " | ".join(
            [_("rule"), _("statement"), _("source"), _("seeds")]
            + ([_("in the seed")] if seeds else [])
            + [_("code"), _("tests")]
        )
        + " |",
        "|---|---|---|---|---|---|" + ("---|" if seeds else ""),
    ]
    for r in RULES:
        code = "<br>".join(f"`{c.removeprefix('camelot_rules.')}`" for c in r.code)
        tests = "<br>".join(f"`{t}`" for t in r.tests)
        passage = (
            " <br>".join(f"{x.seed} {x.section}: «{x.sentence}»" for x in refs_for(r.id)) + " | "
            if seeds
            else ""
        )
        lines.append(
            f"| `{r.id}` | {_(r.statement)} | {r.source} | {', '.join(r.covered_by)} | "
            f"{passage}{code} | {tests} |"
        )
    lines += ["", "## " + _("Per source"), ""]
    lines += [
        _(
            "Rules stated by each source (a rule may cite several), how many the code applies, "
            "and how many are applied and tested. *Stated* counts the registry's rules citing the "
            "source plus the rules it states that the toolkit leaves out (listed below)."
        ),
        "",
        "| "
        + " | ".join([_("source"), _("stated"), _("applied in code"), _("applied and tested")])
        + " |",
        "|---|---|---|---|",
    ]
    for key, label in (
        ("RB", _("Rulebook 2005 (RB)")),
        ("BoQ", _("Book of Quests 2005 (BoQ)")),
        ("ES", _("Spanish seed (ES)")),
        ("JA", _("Japanese seed (JA)")),
        ("facts", _("public facts")),
    ):
        cited = [r for r in RULES if key in r.covered_by]
        left = [n for n in NOT_APPLIED if n[1].startswith(key + " ")]
        applied = [r for r in cited if r.code]
        tested = [r for r in applied if r.tests]
        lines.append(f"| {label} | {len(cited) + len(left)} | {len(applied)} | {len(tested)} |")
    lines += ["", _("Stated but not applied:"), ""]
    lines += [f"- `{name}` ({source}): {_(why)}" for name, source, why in NOT_APPLIED]
    lines += ["", "## " + _("Where the sources disagree or are silent"), ""]
    option = _("option:")
    for r in RULES:
        if not r.readings:
            continue
        lines.append(f"### `{r.id}`")
        lines.append("")
        lines += [f"- {_(reading)}" for reading in r.readings]
        if r.option:
            lines.append(
                f"- **{option}** `{r.option}`" if "(" in r.option else f"- **{option}** {r.option}"
            )
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":  # pragma: no cover
    if len(sys.argv) in (3, 4) and sys.argv[1] == "--write":  # [--write PAGE [LANG]]
        with open(sys.argv[2], "w", encoding="utf-8") as fh:
            fh.write(coverage_markdown(*sys.argv[3:]))
    else:
        sys.stdout.write(coverage_markdown())
