"""The registry's rules as the calculators, models and verifier first applied them (the seeds
and the public facts); the engine's citations are added in :mod:`camelot_rules.data.registry`.
"""

from __future__ import annotations

from camelot_rules.data.rule_record import Rule

CALCULATOR_RULES: tuple[Rule, ...] = (
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
