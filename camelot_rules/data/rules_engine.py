"""The registry's rules of the official base game, each applied by the engine (RB = Rulebook,
BoQ = Book of Quests; see :mod:`camelot_rules.data.registry`).
"""

from __future__ import annotations

from camelot_rules.data.rule_record import Rule

# --- The rules engine: every rule of the official base game (RB = Rulebook, BoQ = Book of Quests,
# reference/official/). Stated in the project's own words; each applied by the engine code named.
ENGINE_PREFIX = "camelot_rules.engine."
ENGINE_TESTS = "tests/engine/test_engine_rules.py"
# independent readings of the same pages, written apart from the engine
ENGINE_SCENARIOS = (
    "tests/engine/test_scenarios_rulebook.py",
    "tests/engine/test_scenarios_quests.py",
)
# timing and choice (issue 28): each test quotes the text it applies
_TIMING = "tests/engine/test_scenarios_timing.py"


def official_rule(
    rule_id: str,
    statement: str,
    source: str,
    code: tuple[str, ...],
    *,
    readings: tuple[str, ...] = (),
    option: str = "",
    tests: tuple[str, ...] = (ENGINE_TESTS, *ENGINE_SCENARIOS),
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
        rule_id,
        statement,
        source,
        covered,
        tuple(ENGINE_PREFIX + c for c in code),
        tests,
        readings,
        option,
    )


ENGINE_RULES: tuple[Rule, ...] = (
    official_rule(
        "setup.deal",
        "Setup: knights dealt at random, life 4, one Merlin card each, then 5 white cards each "
        "from the shuffled rest; black cards shuffled into a draw pile.",
        "RB p.6-7; ES p.7",
        ("setup.new_game", "setup.position"),
    ),
    official_rule(
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
    official_rule(
        "setup.three-players",
        "With three players nobody looks at his loyalty card until 6 swords are on the table.",
        "RB p.19; ES p.19",
        ("views.observation",),
        option="new_game(..., three_player_peek=True) (default at 3 players)",
    ),
    official_rule(
        "setup.opening-share",
        "Each player lays one white card face up at the start; the cards are shared out by "
        "agreement (a knight may take none, another several), or shuffled and dealt at random.",
        "RB p.8",
        ("turns.opening_share", "sharing.share_actions"),
        readings=(
            "shared by agreement, any split (share.by-agreement; opening_share='agreement', "
            "the default)",
            "a draft: each player in turn takes exactly one card (opening_share='draft')",
            "the rulebook's fallback: shuffled and dealt one each (opening_share='random')",
        ),
        option="new_game(..., opening_share='agreement' | 'draft' | 'random' | 'skip')",
        tests=(ENGINE_TESTS, *ENGINE_SCENARIOS, _TIMING),
    ),
    official_rule(
        "setup.first-player",
        "King Arthur begins; play goes clockwise.",
        "RB p.9; BoQ p.13",
        ("turns.first_player",),
    ),
    official_rule(
        "turn.order",
        "Turns go clockwise; dead knights are skipped; an unmasked traitor still takes his turn.",
        "RB p.9; BoQ p.13",
        ("turns.end_turn",),
    ),
    official_rule(
        "turn.legal-actions",
        "Only the actions the rules allow at this moment may be taken; anything else is refused "
        "with the rule that forbids it, and the game is left as it was.",
        "RB p.9, p.12",
        ("flow.apply",),
    ),
    official_rule(
        "turn.pending",
        "A choice the rules ask for in the middle of a resolution (a Merlin cancel, a face-down "
        "combat card, a volunteer, a discard, Sir Kay's card, the Grail's drink...) is answered "
        "before anything else happens.",
        "RB p.10-11; BoQ p.13-16",
        ("flow.legal_actions",),
    ),
    official_rule(
        "turn.chance",
        "Cards drawn and the siege die are chance events with exact probabilities: each draw "
        "from a shuffled pile is uniform over the cards in it.",
        "RB p.7, p.10, p.13",
        ("flow.chance_weights", "flow.apply_chance"),
    ),
    official_rule(
        "turn.game-over",
        "Once the game has ended nothing more is played.",
        "RB p.17",
        ("flow.apply",),
    ),
    official_rule(
        "turn.evil-step",
        "Each turn begins with exactly one evil step: draw a black card, add a siege engine, or "
        "lose a life point.",
        "RB p.9-12",
        ("flow._evil_actions", "flow._apply_evil"),
    ),
    official_rule(
        "evil.black-card",
        "A black card drawn is read aloud and applied at once.",
        "RB p.10; ES p.10",
        ("flow._apply_evil", "black.push_black_draw"),
    ),
    official_rule(
        "evil.engine",
        "A siege engine is added around Camelot.",
        "RB p.11; ES p.11",
        ("flow._apply_evil", "knights.add_engines"),
    ),
    official_rule(
        "evil.life", "The knight loses one life point.", "RB p.12", ("flow._apply_evil",)
    ),
    official_rule(
        "turn.heroic-action",
        "After the evil step (if he survives it) a knight must take one heroic action: move, "
        "a quest action, a special white card, heal, or accuse.",
        "RB p.9, p.12",
        ("flow._heroic_phase_actions",),
    ),
    official_rule(
        "turn.sacrifice",
        "Once per turn a knight may lose a life point for a second heroic action; at 0 he still "
        "acts, then dies.",
        "RB p.16-17",
        ("flow._heroic_phase_actions",),
    ),
    official_rule(
        "turn.no-repeat",
        "The same heroic action cannot be taken twice in one turn.",
        "RB p.13, p.16-17",
        ("flow._heroic_phase_actions", "flow._category"),
        readings=(
            "'the same heroic action' read as the same kind: a move, one quest's action, "
            "a special white, healing, an accusation; Camelot's two actions (draw 2 white "
            "cards, fight a siege engine) count apart - RB p.13: Camelot 'has a specific "
            "Heroic Action attached to each of its two sections' (camelot_actions='apart', "
            "the default)",
            "Camelot's draw and siege fight are one quest's action, as RB p.13 lists them "
            "under Camelot's quest-specific actions (camelot_actions='one')",
        ),
        option="new_game(..., camelot_actions='apart' | 'one')",
        tests=(ENGINE_TESTS, *ENGINE_SCENARIOS, _TIMING),
    ),
    official_rule(
        "turn.end-check",
        "After the evil step and after the heroic actions the end-of-game conditions are checked; "
        "the engine checks after every step.",
        "RB p.9, p.17",
        ("endgame.check_end",),
    ),
    official_rule(
        "quest.move",
        "Moving to any other quest takes one heroic action; the Round Table and the siege area "
        "are one place.",
        "RB p.12; BoQ p.11",
        ("board.move_targets",),
    ),
    official_rule(
        "quest.solo",
        "The Black Knight and Lancelot are solo quests: one knight at a time; leaving one before "
        "it ends discards the white cards on it.",
        "RB p.13; BoQ p.3",
        ("board.move_targets", "board.leave_location"),
    ),
    official_rule(
        "camelot.draw-white",
        "At the Round Table a knight may draw 2 white cards, not with 12 or more in hand.",
        "RB p.13; BoQ p.11, p.14",
        ("quests.do_draw_white",),
    ),
    official_rule(
        "quest.fight-cards",
        "One Fight card per action on a combat quest or war, fitting its pattern: two pairs of "
        "different values (Black Knight), a full house (Lancelot), three three-of-a-kinds "
        "(Dragon), an ascending straight from 1 (wars).",
        "RB p.14-15; BoQ p.5-7, p.10, p.14",
        ("quests.pattern_ok", "quests.do_play_fight"),
    ),
    official_rule(
        "black.combat",
        "Black Knight and Lancelot/Dragon cards go on the first empty black spot of their quest "
        "(Lancelot's value on Lancelot, the Dragon's on the Dragon).",
        "RB p.11; BoQ p.15-16",
        ("black.lay_combat_black",),
    ),
    official_rule(
        "black.face-down",
        "A combat black card may be laid face down; its drawer then draws a white card.",
        "RB p.10-11; BoQ p.15-16; ES p.11",
        ("black.lay_combat_black",),
    ),
    official_rule(
        "quest.combat-end",
        "A combat quest ends when its last white or black spot is filled; the black cards are "
        "shuffled and revealed; the knights win only with a strictly greater white total.",
        "RB p.14, p.17; BoQ p.3, p.5-7; ES p.14",
        ("quests.combat_result",),
    ),
    official_rule(
        "quest.excalibur",
        "Excalibur: each white card discarded moves the sword one step toward the knights, each "
        "Excalibur black card one step toward the ice; reaching either bank ends the quest.",
        "RB p.14; BoQ p.8, p.16",
        ("quests.move_excalibur", "black._excalibur"),
        readings=("5 steps each way, read from the board picture (rules-facts-update §4b, MED)",),
    ),
    official_rule(
        "quest.grail",
        "Grail cards fill the 7 spots from the Grail's end; with every spot full a Grail card "
        "removes the nearest Despair/Desolation instead; 7 Grail cards win, 7 black cards lose.",
        "RB p.15; BoQ p.9, p.14",
        ("quests.do_play_grail",),
    ),
    official_rule(
        "black.despair",
        "Despair fills the Grail spots from the far end; with every spot full it removes the "
        "farthest Grail card instead.",
        "BoQ p.15",
        ("black._despair",),
    ),
    official_rule(
        "black.desolation",
        "Desolation removes the farthest Grail card, then lies like a Despair.",
        "BoQ p.16",
        ("black._desolation",),
    ),
    official_rule(
        "black.dark-forest",
        "Dark Forest stops Grail cards until another quest is won (not a siege fight).",
        "BoQ p.16",
        ("black._dark_forest", "quests.quest_end"),
    ),
    official_rule(
        "quest.wars",
        "Picts and Saxons: a straight 1-5 of Fight cards wins, the 4th warrior loses; the war "
        "then starts anew.",
        "RB p.15; BoQ p.10",
        ("quests.add_warrior", "quests.war_next"),
    ),
    official_rule(
        "black.mercenaries",
        "Picts and Saxons cards add a warrior to their war; Mercenaries to the war of the "
        "drawer's choice.",
        "RB p.11; BoQ p.16",
        ("black.resolve_war",),
    ),
    official_rule(
        "black.mordred",
        "Mordred joins a war of the drawer's choice: winning it needs a second Fight 5.",
        "BoQ p.16",
        ("quests.war_next",),
    ),
    official_rule(
        "quest.end",
        "When a quest ends its knights go back to Camelot at no cost, its cards are discarded, "
        "warriors return; perpetual quests start anew, Lancelot turns into the Dragon, the others "
        "are flipped or removed.",
        "RB p.13; BoQ p.3, p.5-10",
        ("quests.quest_end",),
    ),
    official_rule(
        "quest.spoils",
        "Victory and defeat: life, white cards shared, swords, relics and siege engines as each "
        "quest's pictograms say; a quest lost with nobody on it still adds its swords and engines.",
        "BoQ p.4-10",
        ("quests.quest_end", "board.share_cards"),
        readings=(
            "white cards shared by the quest's knights as they agree (share.by-agreement; "
            "spoils_share='agreement', the default)",
            "dealt round the quest's knights from the winner, BoQ p.4's rule when they do not "
            "agree (spoils_share='random')",
        ),
        option="new_game(..., spoils_share='agreement' | 'random')",
        tests=(ENGINE_TESTS, *ENGINE_SCENARIOS, _TIMING),
    ),
    official_rule(
        "share.by-agreement",
        "White cards shared by agreement (the opening share, a quest's spoils, Convocation's "
        "cards) are laid face up; the knights sharing, asked in turn from the first, each take "
        "one card or none until all are taken - any split the table agrees on; a knight may "
        "take none only while another has not passed since the last card was taken.",
        "RB p.8; BoQ p.4, p.14",
        ("sharing.share_actions", "sharing.resolve_share", "board.share_cards"),
        readings=(
            "the agreement as a decision: cards taken in turn, none or several each (the default)",
            "no agreement: shuffled and dealt at random (opening_share='random', "
            "spoils_share='random')",
        ),
        option="new_game(..., opening_share='agreement' | 'random', spoils_share=...)",
        tests=(ENGINE_TESTS, _TIMING),
    ),
    official_rule(
        "black.finished-quest",
        "A black card whose quest is over (Excalibur, Grail, Lancelot/Dragon) adds a siege engine "
        "instead and is discarded.",
        "RB p.11; BoQ p.4, p.9, p.16; ES p.11",
        ("black.black_effect",),
    ),
    official_rule(
        "black.merlin-cancel",
        "Three Merlin cards played together, by one or several knights, cancel a special black "
        "card as it is drawn - never later, never a standard black.",
        "RB p.10-11; BoQ p.15; ES p.10-11",
        ("black.black_drawn", "black.resolve_merlin"),
    ),
    official_rule(
        "black.guinevere",
        "Guinevere sends every knight to Camelot; the drawer's turn ends.",
        "BoQ p.16",
        ("black._guinevere",),
    ),
    official_rule(
        "black.mists",
        "Mists of Avalon: every quest lost from then on adds one more black sword.",
        "BoQ p.16",
        ("black._mists", "quests.quest_end"),
    ),
    official_rule(
        "black.vivien",
        "Vivien stops every Merlin card, single or in threes, until a quest is won; she can be "
        "cancelled as she is drawn.",
        "BoQ p.16",
        ("black._vivien", "specials.special_actions"),
    ),
    official_rule(
        "black.morgan",
        "The five Morgans, in the official order: 1 every knight loses a life; 2 a volunteer "
        "discards 3 whites or everyone discards 1; 3 the next 3 black cards are drawn and played; "
        "4 two siege engines; 5 a volunteer loses 2 life or everyone discards 1.",
        "BoQ p.16",
        ("black._morgan_1", "black._morgan_discards", "black._morgan_3", "black._morgan_4"),
        readings=("the older unofficial numbering (F §2, S5) is superseded by BoQ p.16",),
    ),
    official_rule(
        "white.special",
        "Special white cards are played as a heroic action and discarded; each card's effect as "
        "in the manifest.",
        "RB p.16; BoQ p.14-15",
        ("specials.special_actions",),
    ),
    official_rule(
        "white.one-special",
        "At most one special white card per turn, Galahad's free one included.",
        "RB p.16-17",
        ("specials.special_actions",),
    ),
    official_rule(
        "white.merlin",
        "A single Merlin removes a siege engine, the last standard black card on a quest, or a "
        "warrior.",
        "BoQ p.15",
        ("specials._merlin",),
    ),
    official_rule(
        "white.convocation",
        "Convocation: any knights may go back to Camelot; one white card per knight there, shared "
        "as they agree (share.by-agreement), else dealt at random.",
        "BoQ p.14",
        ("specials.play_special", "board.share_cards"),
    ),
    official_rule(
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
    official_rule(
        "white.heroism",
        "Heroism lies on a quest and adds one sword of the winning side's colour when it ends.",
        "BoQ p.15",
        ("specials.play_special", "quests.quest_end"),
    ),
    official_rule(
        "white.lady-of-the-lake",
        "Lady of the Lake moves Excalibur one step (from anywhere), or gives 2 life once Excalibur "
        "is over.",
        "BoQ p.15",
        ("specials.play_special",),
    ),
    official_rule(
        "white.messenger",
        "Messenger passes up to 3 white cards to another knight.",
        "BoQ p.15",
        ("specials.play_special",),
    ),
    official_rule(
        "white.piety",
        "Piety: 3 life to its player, or 1 life to every other knight.",
        "BoQ p.15",
        ("specials.play_special",),
    ),
    official_rule(
        "white.clairvoyance",
        "Clairvoyance: look at the top 5 black cards and put them back in any order.",
        "BoQ p.15",
        ("specials.play_special",),
    ),
    official_rule(
        "white.reinforcements",
        "Reinforcements: draw 4 white cards, or every other knight draws 1.",
        "BoQ p.15",
        ("specials.play_special",),
    ),
    official_rule(
        "heroic.heal",
        "Three identical cards discarded heal one life point, never above 6.",
        "RB p.16; BoQ p.14",
        ("flow._do_heal",),
    ),
    official_rule(
        "knight.life",
        "Life stays between 0 and 6.",
        "RB p.12; BoQ p.4",
        ("knights.lose_life", "knights.gain_life"),
    ),
    official_rule(
        "death.zero-life",
        "A knight at 0 life dies at the end of the turn (nothing but the Grail saves him, "
        "offered when he falls to 0): his white cards are discarded, his relics lost, his "
        "figure removed.",
        "RB p.12, p.17; ES p.12",
        ("knights.kill", "turns.end_turn", "knights.gain_life"),
        readings=(
            "a knight brought to 0 on another player's turn dies at the end of that turn",
            "life gained while at 0 does not save him (RB p.17)",
        ),
    ),
    official_rule(
        "endgame.all-dead",
        "The game is lost when every loyal knight is dead.",
        "RB p.6, p.17",
        ("turns.end_turn",),
    ),
    official_rule(
        "relic.excalibur",
        "Excalibur's holder adds 1 in combat quests and siege fights, and may give it up to "
        "cancel any black card as it is drawn.",
        "BoQ p.8",
        ("black.black_drawn", "quests.combat_result"),
    ),
    official_rule(
        "relic.grail",
        "The Grail's owner may let a knight drink the moment he falls to 0 life, whatever the "
        "cause: back to 4 life, the Grail is gone; saved in his own evil step, he still takes "
        "his heroic action. A knight who sacrifices his last life point cannot drink from a "
        "Grail won by that final action (only a Grail won earlier saves him).",
        "RB p.12, p.17; BoQ p.9; ES p.12",
        ("knights.lose_life", "knights.drink_actions", "knights.resolve_drink"),
        readings=(
            "BoQ p.9 'at any time ... if a Knight falls to zero Life points' read as the "
            "moment of the fall; refused then, he dies at the end of the turn (RB p.12) "
            "without a second offer",
        ),
        tests=(ENGINE_TESTS, *ENGINE_SCENARIOS, _TIMING),
    ),
    official_rule(
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
    official_rule(
        "knight.arthur",
        "King Arthur may pass one white card per turn to a knight, who returns one.",
        "BoQ p.13",
        ("knights.arthur_give",),
    ),
    official_rule(
        "knight.galahad",
        "Sir Galahad may play one special white card as a free action.",
        "BoQ p.13; RB p.16",
        ("flow._power_actions",),
    ),
    official_rule(
        "knight.gawain",
        "Sir Gawain draws 3 white cards at the Round Table.",
        "BoQ p.13; RB p.13",
        ("quests.do_draw_white",),
    ),
    official_rule(
        "knight.kay",
        "Sir Kay may add one Fight card when a combat he is on ends, after the reveal, or after "
        "the siege die.",
        "BoQ p.13; RB p.17",
        ("quests.run_combat", "quests.kay_actions"),
    ),
    official_rule(
        "knight.palamedes",
        "Sir Palamedes gains one more life on each quest won.",
        "BoQ p.4, p.13",
        ("quests.quest_end",),
    ),
    official_rule(
        "knight.percival",
        "Sir Percival may look at the top black card before his evil step.",
        "BoQ p.13; RB p.10",
        ("flow._evil_actions", "flow._apply_evil"),
    ),
    official_rule(
        "knight.tristan",
        "Sir Tristan leaves the Round Table at no action cost, before or after his heroic "
        "action; his regular action is then not a move.",
        "BoQ p.13; RB p.13, p.17",
        ("knights.tristan_free_move", "knights.tristan_turn_flags", "flow._heroic_phase_actions"),
        readings=(
            "BoQ p.13: whenever he departs from the Round Table "
            "(tristan_departure='any_turn', the default)",
            "RB p.13: only if he was in Camelot during his previous turn - at its start or its "
            "end; his first turn counts (tristan_departure='after_turn_in_camelot')",
        ),
        option="new_game(..., tristan_departure='any_turn' | 'after_turn_in_camelot')",
        tests=(ENGINE_TESTS, *ENGINE_SCENARIOS, _TIMING),
    ),
    official_rule(
        "siege.fight-without-cards",
        "A siege fight is made with at least one Fight card (RB p.13 compares 'the sum of the "
        "White Fight cards you played' with the die; BoQ p.14: Fight cards 'may be played "
        "simultaneously, in any combination, to fight a Siege Engine').",
        "RB p.13; BoQ p.14",
        ("quests.quest_actions", "quests.do_fight_engine"),
        readings=(
            "at least one Fight card (siege_without_fight=False, the default)",
            "RB p.13 'as many Fight cards as desired' allows none: a total of 0, with "
            "Excalibur's +1 and Sir Kay's card after the roll (siege_without_fight=True)",
        ),
        option="new_game(..., siege_without_fight=False | True)",
        tests=(_TIMING,),
    ),
    official_rule(
        "traitor.unmasked",
        "An unmasked traitor discards his hand, loses Excalibur and the Grail (not the Armor) "
        "and leaves the board, out of reach of the knights: unmasked by his own Fate card in "
        "his heroic action, he takes no further heroic action that turn.",
        "BoQ p.13; BoQ p.15 (Fate); RB p.16",
        ("knights.unmask", "flow._heroic_phase_actions"),
        tests=(ENGINE_TESTS, *ENGINE_SCENARIOS, "tests/engine/test_unmasked_by_fate.py"),
    ),
    official_rule(
        "traitor.unmasked-turn",
        "On his turn the unmasked traitor discards a random white card from a hand of his choice, "
        "then adds a siege engine or draws and plays a black card.",
        "BoQ p.13",
        ("turns.start_turn",),
    ),
    official_rule(
        "deck.reshuffle-both",
        "When either draw pile runs out, both colours are reshuffled (each discard pile into its "
        "draw pile); discards are face down.",
        "RB p.7, p.10, p.13; BoQ p.14; ES p.10; JA travel rules (note on reshuffles: the same in "
        "Merlin's Company, the travel deck apart)",
        ("board.reshuffle_both",),
        readings=(
            "RB p.10, p.13 and the JA note: both decks are rebuilt when either runs out (the "
            "engine; the deck calculator's default)",
            "variant: only the deck that ran out is rebuilt (ES p.10's 'new draw decks' read "
            "narrowly; F §2 had both as LOW before the rulebook was read)",
        ),
        option="RebuildRules(both_decks=False)",
    ),
)
