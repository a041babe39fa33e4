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
from dataclasses import replace

from camelot_rules.data.rule_record import BOQ, ES, FACTS, JA, RB, SEEDS, Rule
from camelot_rules.data.rules_calculators import CALCULATOR_RULES
from camelot_rules.data.rules_engine import (
    ENGINE_PREFIX,
    ENGINE_RULES,
    ENGINE_TESTS,
)
from camelot_rules.data.rules_expansion import (
    EXPANSION_RULES,
    EXPANSION_SCENARIOS,
    EXPANSION_TESTS,
)

__all__ = [
    "ALIASES",
    "BOQ",
    "ENGINE_RULES",
    "ES",
    "EXPANSION_RULES",
    "FACTS",
    "JA",
    "RB",
    "RULES",
    "SEEDS",
    "Rule",
    "coverage_markdown",
    "rule",
    "statement",
]

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
        code=(*r.code, *core, *(ENGINE_PREFIX + c for c in code)),
        tests=(*r.tests, ENGINE_TESTS, *(("tests/engine/test_arithmetic.py",) if core else ())),
    )


def _with_expansion(r: Rule) -> Rule:
    code = _EXPANSION_ADDITIONS.get(r.id)
    if code is None:
        return r
    return replace(
        r,
        code=(*r.code, *(ENGINE_PREFIX + c for c in code)),
        tests=(*r.tests, EXPANSION_TESTS, EXPANSION_SCENARIOS),
    )


# The calculators that apply the expansion's rules too (issue 12): code and tests added.
_CALCULATOR_ADDITIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "deck.reshuffle-both": (
        (
            "camelot_rules.odds.rebuilds.RebuildRules",
            "camelot_rules.odds.rebuilds.OtherDeck",
            "camelot_rules.odds.rebuilds.default_other_deck",
            "camelot_rules.odds.rebuilds.next_rebuild",
            "camelot_rules.odds.rebuilds.forecast",
        ),
        ("tests/odds/test_rebuilds.py", "tests/front/test_cli.py", "tests/widgets/test_widgets.py"),
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


# The play-log verifier (issue 13): it replays a log on what the table sees and checks these,
# each rule with a mutation operator in its tests (tests/logs/test_playlog_replay.py holds this
# list to the operators' rules)
_VERIFIER_IDS: tuple[str, ...] = (
    "siege.fight",
    "siege.twelfth-engine",
    "siege.excalibur",
    "siege.kay",
    "siege.second-action",
    "deck.finished-quest-cards",
    "deck.first-witch",
    "deck.merlin-blocks-engine",
    "deck.counts",
    "travel.draw-on-move",
    "travel.cards",
    "travel.counts",
    "travel.demands",
    "travel.captured",
    "travel.reshuffle",
    "endgame.twelve-swords",
    "endgame.seven-black",
    "endgame.tie",
    "endgame.hidden-traitors",
    "endgame.accusation",
    "endgame.fifth-witch",
    "loyalty.deal",
    "war.straight",
    "white.round-table",
    "setup.deal",
    "setup.loyalty",
    "setup.first-player",
    "turn.order",
    "turn.legal-actions",
    "turn.game-over",
    "turn.evil-step",
    "evil.black-card",
    "evil.engine",
    "evil.life",
    "turn.heroic-action",
    "turn.sacrifice",
    "turn.no-repeat",
    "turn.end-check",
    "quest.move",
    "quest.solo",
    "camelot.draw-white",
    "quest.fight-cards",
    "black.combat",
    "black.face-down",
    "quest.combat-end",
    "quest.excalibur",
    "quest.grail",
    "black.despair",
    "black.desolation",
    "black.dark-forest",
    "quest.wars",
    "black.mordred",
    "quest.end",
    "quest.spoils",
    "share.by-agreement",
    "black.finished-quest",
    "black.merlin-cancel",
    "black.guinevere",
    "black.mists",
    "black.vivien",
    "black.morgan",
    "white.special",
    "white.one-special",
    "white.merlin",
    "white.convocation",
    "white.fate",
    "white.heroism",
    "white.lady-of-the-lake",
    "white.piety",
    "white.reinforcements",
    "heroic.heal",
    "knight.life",
    "death.zero-life",
    "endgame.all-dead",
    "relic.excalibur",
    "relic.grail",
    "knight.arthur",
    "knight.galahad",
    "knight.gawain",
    "knight.kay",
    "knight.palamedes",
    "knight.tristan",
    "siege.fight-without-cards",
    "traitor.unmasked",
    "traitor.unmasked-turn",
    "deck.reshuffle-both",
    "setup.expansion",
    "knight.caradoc",
    "witch.lasting",
    "witch.third",
    "witch.fourth",
    "white.expansion-specials",
    "travel.to-camelot",
    "white.fight-wild",
)
_VERIFIER_ADDITIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # the verifier applies no rule of its own: it replays logs through the engine, and its
    # tests check that each rule the engine applies is caught in a log that breaks it
    rule_id: ((), ("tests/logs/test_playlog_replay.py",))
    for rule_id in _VERIFIER_IDS
}

# The rules whose fast paths (calculators, models, policies) a test holds against the engine on
# generated positions (issue 28): tests/engine/test_fast_paths.py, each test named by its rule.
_FAST_PATH_IDS: tuple[str, ...] = (
    "siege.fight",
    "siege.excalibur",
    "endgame.tie",
    "endgame.twelve-swords",
    "quest.combat-end",
    "quest.fight-cards",
    "quest.wars",
    "black.mordred",
    "black.merlin-cancel",
    "black.finished-quest",
    "deck.finished-quest-cards",
    "deck.reshuffle-both",
    "travel.demands",
)
_FAST_PATH_ADDITIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    rule_id: ((), ("tests/engine/test_fast_paths.py",)) for rule_id in _FAST_PATH_IDS
}


def _with_calculators(r: Rule) -> Rule:
    for table in (
        _CALCULATOR_ADDITIONS,
        _QUEST_ADDITIONS,
        _VERIFIER_ADDITIONS,
        _FAST_PATH_ADDITIONS,
    ):
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
        *(_with_expansion(_with_official(r)) for r in CALCULATOR_RULES),
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


#: old ids kept working: id -> the id of the one rule it now names
ALIASES: dict[str, str] = {
    # one rule said twice (issue 28): the calculators' id for the engine's reshuffle rule
    "deck.rebuild-both": "deck.reshuffle-both",
}


def rule(rule_id: str) -> Rule:
    """Return the rule with this id (an old id in :data:`ALIASES` names its rule).

    >>> rule("siege.fight").source
    'ES p.13; F §4 (S6); RB p.13'
    >>> rule("deck.rebuild-both").id
    'deck.reshuffle-both'
    """
    rule_id = ALIASES.get(rule_id, rule_id)
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
