"""The ``camelot-rules`` terminal front end over the same calculators.

Examples::

    camelot-rules siege 3 4                 # P(win) with Fight 3 + Fight 4
    camelot-rules siege 3 --excalibur --kay-reserve 2,5  # Sir Kay keeps a 2 and a 5
    camelot-rules siege --hand 5 4 3 1      # the hand advisor's table
    camelot-rules siege --hand --kay 5 1    # ... Sir Kay's splits of the hand
    camelot-rules siege --turn 5 4 3 --life 3
    camelot-rules siege --dealt --expansion # P(win) by dealt hand size
    camelot-rules draw white 2 grail        # P(at least one Grail in a Round Table draw)
    camelot-rules deck black --expansion --mix "1: 1/2, 2: 1/2" --cards morgan_witch_2
    camelot-rules deck black --finished dragon --turns 10   # engines from the dead Dragon
    camelot-rules deck black --expansion --other-pile 30 # both decks rebuilt (JA); --one-deck
    camelot-rules travel --seen "captured, vision" --grail --trips 5
    camelot-rules travel --move knight_power  # does this move draw a travel card?
    camelot-rules verify game.log --stats   # replay a play log against the rules
    camelot-rules decks --expansion         # every deck, with its assumptions
    camelot-rules quest combat lancelot --whites 4 5 5 --black-hidden 4  # P(knights win)
    camelot-rules quest next black-knight --whites 3 3 --hand 5 1 3 --black-hidden 2
    camelot-rules quest war picts --fights 2 --hand 3 4 --actions 7
    camelot-rules simulate --players 5 --games 1000 --seed 11 --workers 2 --csv out.csv
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from fractions import Fraction

from camelot_rules import siege
from camelot_rules.cards import deck_facts, standard_deck
from camelot_rules.display import (
    fmt_expectation,
    fmt_fraction,
    fmt_percent,
    fmt_prob,
    text_table,
)
from camelot_rules.draws import draw_probability

__all__ = ["build_parser", "main"]


def _dist_table(label: str, dist: Mapping[int, Fraction]) -> str:
    """A distribution as a text table: value, exact probability, percentage."""
    return text_table(
        [label, "P", "%"], [[k, fmt_fraction(p), fmt_percent(p)] for k, p in dist.items()]
    )


def _fight_values(text: str) -> list[int]:
    """``"2,5"`` (or ``"2 5"``) -> ``[2, 5]``: Sir Kay's reserve, given as one argument."""
    parts = text.replace(",", " ").split()
    if not parts or not all(p.isascii() and p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected Fight values separated by commas, e.g. 2,5"
        )
    return [int(p) for p in parts]


def _check_kay_options(args: argparse.Namespace) -> None:
    """``--kay`` (Sir Kay is fighting) and ``--kay-reserve`` (his cards) never guess."""
    if args.dealt and (args.kay or args.kay_reserve):
        raise ValueError("--dealt has no Sir Kay option (every Fight card is played)")
    if (args.hand or args.turn) and args.kay_reserve:
        raise ValueError(
            "with --hand or --turn Sir Kay's reserve is chosen from the hand: "
            "use --kay and list the whole hand"
        )
    if not (args.hand or args.turn or args.dealt) and args.kay and not args.kay_reserve:
        raise ValueError(
            "--kay alone is for --hand and --turn; for one fight give Sir Kay's cards with "
            "--kay-reserve, e.g. --kay-reserve 2,5"
        )


def _cmd_siege(args: argparse.Namespace) -> str:
    _check_kay_options(args)
    favor = args.divine_favor
    opts = f"excalibur: {'yes' if args.excalibur else 'no'}"
    if favor:
        opts += "; Divine Favor: played (a tie wins, JA)"
    if args.dealt:
        deck = standard_deck("white", expansion=args.expansion)
        table = siege.dealt_hand_table(
            deck, range(1, 13), excalibur=args.excalibur, divine_favor=favor
        )
        rows = [[h, p, fmt_percent(p)] for h, p in table.items()]
        box = "base + Merlin's Company" if args.expansion else "base"
        return (
            f"P(win a siege fight playing every Fight card of a hand dealt from the {box} white "
            f"deck of {deck.size}); {opts}\n" + text_table(["hand", "P(win)", "%"], rows)
        )
    if args.turn:
        plan = siege.best_turn(
            args.cards,
            excalibur=args.excalibur,
            kay=args.kay,
            second_witch=args.second_witch,
            life=args.life,
            at_least=args.at_least,
            divine_favor=favor,
        )
        first = "do not fight" if plan.first_play is None else " + ".join(map(str, plan.first_play))
        rows = [[e, lost, p, fmt_percent(p)] for (e, lost), p in sorted(plan.outcomes.items())]
        return (
            f"best first fight: {first or 'no cards'}\n"
            f"{plan.objective}: "
            f"{fmt_prob(plan.value) if plan.at_least else fmt_expectation(plan.value)}\n"
            + text_table(["engines removed", "life lost", "P", "%"], rows)
            + "\noptions: "
            + "; ".join(plan.options)
        )
    if args.hand:
        if args.kay:
            splits = siege.kay_splits(args.cards, excalibur=args.excalibur, divine_favor=favor)
            rows = [
                [
                    " + ".join(map(str, s.pre_roll)) or "-",
                    " ".join(map(str, s.reserve)) or "-",
                    s.p_win,
                    fmt_percent(s.p_win),
                    s.expected_cards_spent,
                    "yes" if s.pareto else "",
                ]
                for s in splits
            ]
            headers = ["before roll", "Kay keeps", "P(win)", "%", "E[cards]", "Pareto"]
            return text_table(headers, rows) + f"\noptions: {opts}; Sir Kay: yes"
        rows = [
            [
                " + ".join(map(str, c.cards)) or "(none)",
                c.total,
                c.p_win,
                fmt_percent(c.p_win),
                c.cards_spent,
                c.expected_life_lost,
                "yes" if c.pareto else "",
            ]
            for c in siege.siege_choices(args.cards, excalibur=args.excalibur, divine_favor=favor)
        ]
        headers = ["play", "total", "P(win)", "%", "cards", "E[life lost]", "Pareto"]
        return text_table(headers, rows) + f"\noptions: {opts}"
    reserve = args.kay_reserve
    p = siege.siege_win_probability(
        args.cards, excalibur=args.excalibur, kay_reserve=reserve, divine_favor=favor
    )
    kay = f"; Sir Kay keeps {' '.join(map(str, reserve))}" if reserve else ""
    return f"P(win) = {fmt_prob(p, 2)}\noptions: {opts}{kay}"


def _cmd_draw(args: argparse.Namespace) -> str:
    from camelot_rules.display import assumption_lines

    expansion = args.expansion or args.deck == "travel"
    deck = standard_deck(args.deck, expansion=expansion)
    p = draw_probability(deck, args.draws, args.cards, at_least=args.at_least)
    assumed = assumption_lines(args.deck, expansion=expansion)
    note = (
        f"\ndeck counts: {len(assumed)} of them below HIGH confidence (assumed); "
        "see `camelot-rules decks" + (" --expansion`" if expansion else "`")
        if assumed
        else "\ndeck counts: all HIGH confidence"
    )
    return (
        f"P(at least {args.at_least} of {', '.join(args.cards)} in {args.draws} cards from the "
        f"{args.deck} deck of {deck.size}) = {fmt_prob(p, 2)}" + note
    )


def _cmd_deck(args: argparse.Namespace) -> str:
    from camelot_rules.cards import Deck
    from camelot_rules.parsing import parse_counts, parse_mix, parse_names
    from camelot_rules.reshuffle import (
        DeckPosition,
        OtherDeck,
        RebuildRules,
        default_other_deck,
        forecast,
        next_rebuild,
    )

    box = standard_deck(args.deck, expansion=args.expansion or args.deck == "travel")
    drawn = Deck(parse_counts(args.drawn))
    position = DeckPosition(
        box.minus(drawn),
        drawn,
        finished_quests=frozenset(parse_names(args.finished)),
        expansion=args.expansion,
        merlin_on=frozenset(parse_names(args.merlin_on)),
    )
    if args.one_deck and args.both_decks:
        raise ValueError("--one-deck and --both-decks contradict each other: give one")
    other = None
    if args.other_pile is not None or args.other_rebuilt is not None or args.other_mix:
        if args.one_deck:
            raise ValueError("--other-pile/--other-rebuilt/--other-mix need both decks rebuilt")
        if args.deck == "travel":
            raise ValueError("the travel deck is rebuilt on its own (JA): no other deck")
        base = default_other_deck(args.deck, expansion=args.expansion)
        pile = base.pile if args.other_pile is None else args.other_pile
        other = OtherDeck(
            pile,
            pile if args.other_rebuilt is None else args.other_rebuilt,
            parse_mix(args.other_mix) if args.other_mix else base.draws_per_turn,
        )
    rules = RebuildRules(
        first_witch=not args.no_first_witch,
        rebuild_mode="discards_only" if args.discards_only else "all",
        other_deck=other,
        both_decks=False if args.one_deck else (True if args.both_decks else None),
    )
    mix = parse_mix(args.mix)
    names = parse_names(args.cards)
    if args.turns:
        fc = forecast(position, mix, args.turns, cards=names, rules=rules)
        out = [f"over the next {args.turns} turns (draw pile {position.draw.size}):"]
        for title, dist in (
            (f"copies of {', '.join(names)} drawn", fc.count if names else None),
            ("rebuilds", fc.rebuilds),
            ("siege engines from cards of finished quests", fc.engines),
        ):
            if dist is None:
                continue
            out.append(title)
            out.append(_dist_table("n", dist))
        out.append(f"expected rebuilds: {fmt_expectation(fc.expected_rebuilds)}")
        out += [f"option: {o}" for o in fc.options]
        return "\n".join(out)
    nr = next_rebuild(position, mix, cards=names, horizon=args.horizon, rules=rules)
    rows = []
    total = Fraction(0)
    for turn, p in sorted(nr.by_turn.items()):
        total += p
        rows.append([turn, fmt_fraction(p), fmt_percent(p), fmt_percent(total)])
    out = [
        f"next rebuild of the {args.deck} draw pile ({position.draw.size} cards):",
        text_table(["turn", "P", "%", "by then"], rows),
        "causes: " + ", ".join(f"{c} {fmt_prob(p)}" for c, p in nr.by_cause.items()),
    ]
    if nr.unresolved:
        out.append(f"P(no rebuild within {args.horizon} turns) = {fmt_prob(nr.unresolved)}")
    if names:
        out.append(f"P({', '.join(names)} before the rebuild) = {fmt_prob(nr.seen_before)}")
    out += [f"option: {o}" for o in nr.options]
    return "\n".join(out)


def _cmd_travel(args: argparse.Namespace) -> str:
    from camelot_rules.cards import Deck
    from camelot_rules.parsing import parse_counts
    from camelot_rules.travel import (
        draws_travel_card,
        next_trip_risk,
        remaining_travel_deck,
        trips_distribution,
    )

    if args.move:
        rule = draws_travel_card(args.move)
        verdict = "draws a travel card" if rule.draws_travel_card else "draws no travel card"
        return f"{args.move}: {verdict} - {rule.statement} ({rule.source})"
    full = Deck(parse_counts(args.composition)) if args.composition else None
    left = remaining_travel_deck(Deck(parse_counts(args.seen)), composition=full)
    can_meet = {"lost": args.grail, "ambushed": args.fight_pair, "charged": args.fight_3_plus}
    held = args.captured_held
    if held < 0:
        raise ValueError(f"--captured-held {held}: expected 0 or more Captured! cards")
    risk = next_trip_risk(
        left,
        composition=full,
        can_meet=can_meet,
        grail_open=not args.grail_over,
        captured_held=held,
    )
    out = [
        f"next trip ({left.size} travel cards left"
        + (", reshuffled first" if risk.reshuffled else "")
        + "):",
        text_table(
            ["outcome", "P", "%"], [[k, p, fmt_percent(p)] for k, p in risk.outcomes.items()]
        ),
    ]
    if args.trips:
        plan = trips_distribution(
            left,
            args.trips,
            composition=full,
            can_meet=can_meet,
            grail_open=not args.grail_over,
            captured_held=held,
        )
        out.append(f"over {args.trips} trips:")
        out.append(_dist_table("captures", plan.captures))
        out.append(_dist_table("failed moves", plan.failed))
        out.append(f"P(Merlin has arrived) = {fmt_prob(plan.merlin_by_trip[args.trips])}")
        out += [f"assumption: {a}" for a in plan.assumptions]
    else:
        out += [f"assumption: {a}" for a in risk.assumptions]
    return "\n".join(out)


def _quest_black_laid(args: argparse.Namespace) -> list[str]:
    """``--black-known`` names and ``--black-hidden`` count, checked here so that an error
    names the option (the calculator checks the rest)."""
    from camelot_rules import rulebook
    from camelot_rules.parsing import parse_names
    from camelot_rules.quests import combat_card_names

    quest = args.quest.replace("-", "_")
    spots = rulebook.quest_data(quest).black_spots
    if not 0 <= args.black_hidden <= spots:
        raise ValueError(f"--black-hidden {args.black_hidden}: {quest} has 0..{spots} black spots")
    known = parse_names(args.black_known)
    allowed = combat_card_names(quest)
    for name in known:
        if name not in allowed:
            raise ValueError(f"--black-known: {name!r} is not laid on {quest}; expected {allowed}")
    return [*known, *["hidden"] * args.black_hidden]


def _quest_seen(args: argparse.Namespace) -> dict[str, int]:
    from camelot_rules.parsing import parse_counts

    try:
        return parse_counts(args.seen)
    except ValueError as err:
        raise ValueError(f"--seen: {err}") from None


def _quest_position(args: argparse.Namespace) -> tuple[str, list[str], dict[str, int]]:
    """The quest, its black cards laid and the black cards seen elsewhere, from the options."""
    return args.quest.replace("-", "_"), _quest_black_laid(args), _quest_seen(args)


def _cmd_quest_combat(args: argparse.Namespace) -> str:
    from camelot_rules.quests import black_total_distribution, combat_win_probability

    quest, laid, seen = _quest_position(args)
    p = combat_win_probability(
        quest,
        args.whites,
        laid,
        seen=seen,
        excalibur=args.excalibur,
        kay_reserve=args.kay_reserve,
        black_to_come=args.black_to_come,
    )
    dist = black_total_distribution(
        quest, laid, n_whites=len(args.whites), seen=seen, black_to_come=args.black_to_come
    )
    bonus = (" + 1 (Excalibur)" if args.excalibur else "") + (
        f" + {max(args.kay_reserve)} (Sir Kay)" if args.kay_reserve else ""
    )
    to_come = "the empty spots" if args.black_to_come is None else str(args.black_to_come)
    return (
        f"P(knights win {quest}) = {fmt_prob(p, 2)}\n"
        f"white total {sum(args.whites)}{bonus}; black cards: {len(laid)} laid "
        f"({args.black_hidden} unseen), to come: {to_come}\n"
        + _dist_table("black total", dict(sorted(dist.items())))
        + "\nmodel: no more white cards; unseen black cards drawn at random from the box's "
        "combat cards less those laid and --seen (RB p.14; a tie loses)"
    )


def _cmd_quest_next(args: argparse.Namespace) -> str:
    from camelot_rules.quests import best_next_fight, combat_win_probability

    quest, laid, seen = _quest_position(args)
    now = combat_win_probability(
        quest,
        args.whites,
        laid,
        seen=seen,
        excalibur=args.excalibur,
        kay_reserve=args.hand if args.kay else args.kay_reserve,
    )
    table = best_next_fight(
        quest,
        args.whites,
        args.hand,
        laid,
        seen=seen,
        excalibur=args.excalibur,
        kay=args.kay,
        kay_reserve=args.kay_reserve,
    )
    rows = [
        [f"Fight {n.value}", n.p_win, fmt_percent(n.p_win), "yes" if n.ends_quest else ""]
        for n in table
    ]
    out = [
        f"without laying a card: P(win) = {fmt_prob(now, 2)}",
        text_table(["lay", "P(win)", "%", "ends the quest"], rows)
        if rows
        else "no card in the hand fits the quest's pattern (BoQ p.14)",
    ]
    return "\n".join(out)


def _cmd_quest_war(args: argparse.Namespace) -> str:
    from camelot_rules.quests import war_completion_probability

    p = war_completion_probability(
        args.war,
        args.fights,
        args.hand,
        None,
        args.actions,
        mordred=args.mordred,
        start=args.at,
        draws_per_action=args.draws,
    )
    return (
        f"P(complete the {args.war} straight within {args.actions} actions) = "
        f"{fmt_prob(p, 2)}\nmodel: one knight; lay, move, or draw {args.draws} white cards at "
        "the Round Table; the warriors' race is not modelled"
    )


def _cmd_verify(args: argparse.Namespace) -> str:
    from camelot_rules.playlog import (
        format_report,
        format_stat_test,
        observed_vs_expected,
        read_log,
        verify,
    )

    report = verify(read_log(args.log))
    out = [f"{args.log}:", format_report(report)]
    if args.stats:
        out.append("Observed vs expected:")
        out += [f"  {format_stat_test(t)}" for t in observed_vs_expected(report)]
    args.exit_code = 1 if report.violations else 0
    return "\n".join(out)


def _cmd_decks(args: argparse.Namespace) -> str:
    out = []
    kinds = ["white", "black"] + (["travel"] if args.expansion else [])
    for kind in kinds:
        entries = deck_facts(kind, expansion=args.expansion)
        size = standard_deck(kind, expansion=args.expansion).size
        out.append(f"{kind} deck: {size} cards")
        rows = [
            [
                e.name,
                e.count,
                e.confidence.value + (" (assumption)" if e.confidence.is_assumption else ""),
                e.source,
            ]
            for e in entries
        ]
        out.append(text_table(["card", "count", "confidence", "source"], rows))
    return "\n\n".join(out)


def _cmd_simulate(args: argparse.Namespace) -> str:
    from camelot_rules.sim import GameConfig, rows_to_csv, simulate_games, summarize

    options = {"traitor": "none"} if args.no_traitor else {}
    config = GameConfig.of(args.players, expansion=args.expansion, **options)
    rows = simulate_games(config, n=args.games, seed=args.seed, workers=args.workers)
    summary = summarize(rows)
    out = [
        f"{config.label()}: {summary['games']:,} games, seed {args.seed} "
        "(loyal heuristic vs traitor heuristic)",
        f"knights win: {summary['knights_win']} (95% Clopper-Pearson interval)",
        "endings:",
        *(f"  {cause}: {count:,}" for cause, count in summary["causes"].items()),
        f"mean turns: {summary['mean_turns']:.1f}",
    ]
    if args.csv:
        rows_to_csv(rows, args.csv)
        out.append(f"one row per game written to {args.csv}")
    return "\n".join(out)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for tests and docs)."""
    parser = argparse.ArgumentParser(
        prog="camelot-rules",
        description="Exact odds for Shadows over Camelot and Merlin's Company.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p_siege = sub.add_parser("siege", help="siege-engine fights (ES p.13)")
    p_siege.add_argument("cards", type=int, nargs="*", help="Fight values played (1-5)")
    p_siege.add_argument("--excalibur", action="store_true", help="Excalibur adds 1")
    p_siege.add_argument(
        "--divine-favor",
        action="store_true",
        help="Divine Favor played: the next tie goes to the knights (JA)",
    )
    p_siege.add_argument(
        "--kay", action="store_true", help="with --hand/--turn: Sir Kay fights (keeps cards)"
    )
    p_siege.add_argument(
        "--kay-reserve",
        type=_fight_values,
        action="extend",
        default=[],
        metavar="V,V",
        help="one fight: the Fight cards Sir Kay keeps to add after the roll, e.g. 2,5",
    )
    mode = p_siege.add_mutually_exclusive_group()
    mode.add_argument("--hand", action="store_true", help="advisor table for a hand")
    mode.add_argument("--turn", action="store_true", help="best turn of fights for a hand")
    mode.add_argument("--dealt", action="store_true", help="P(win) by dealt hand size 1..12")
    p_siege.add_argument("--expansion", action="store_true", help="with --dealt: 107-card deck")
    p_siege.add_argument("--second-witch", action="store_true", help="no life sacrifice")
    p_siege.add_argument("--life", type=int, default=4, help="life left (default 4)")
    p_siege.add_argument("--at-least", type=int, default=None, help="objective P(>= m)")
    p_siege.set_defaults(run=_cmd_siege)

    p_draw = sub.add_parser("draw", help="P(at least k of some cards in n draws)")
    p_draw.add_argument("deck", choices=["white", "black", "travel"])
    p_draw.add_argument("draws", type=int)
    p_draw.add_argument("cards", nargs="+")
    p_draw.add_argument("--at-least", type=int, default=1)
    p_draw.add_argument("--expansion", action="store_true")
    p_draw.set_defaults(run=_cmd_draw)

    p_deck = sub.add_parser("deck", help="next reshuffle / rebuild, and forecasts over T turns")
    p_deck.add_argument("deck", choices=["white", "black", "travel"])
    p_deck.add_argument("--expansion", action="store_true", help="Merlin's Company rules")
    p_deck.add_argument("--drawn", default="", help="cards drawn since the last rebuild")
    p_deck.add_argument("--finished", default="", help="quests over: excalibur, grail, dragon")
    p_deck.add_argument("--merlin-on", default="", help="finished quests Merlin stands on")
    p_deck.add_argument("--mix", default="1: 1", help="draws per turn, e.g. '1: 1/2, 2: 1/2'")
    p_deck.add_argument("--cards", default="", help="named cards, e.g. morgan_witch_2")
    p_deck.add_argument("--horizon", type=int, default=None, help="stop after T turns")
    p_deck.add_argument("--turns", type=int, default=None, help="forecast T turns ahead")
    p_deck.add_argument("--no-first-witch", action="store_true")
    p_deck.add_argument("--discards-only", action="store_true", help="rebuild mode")
    p_deck.add_argument(
        "--one-deck",
        action="store_true",
        help="do not rebuild the other deck with this one (expansion default: both, JA)",
    )
    p_deck.add_argument(
        "--both-decks", action="store_true", help="base game: rebuild both (ES 'new draw decks')"
    )
    p_deck.add_argument("--other-pile", type=int, default=None, help="other deck's pile now")
    p_deck.add_argument(
        "--other-rebuilt", type=int, default=None, help="other deck's pile after a rebuild"
    )
    p_deck.add_argument("--other-mix", default="", help="other deck's draws per turn")
    p_deck.set_defaults(run=_cmd_deck)

    p_travel = sub.add_parser("travel", help="travel-card risk (Merlin's Company)")
    p_travel.add_argument("--seen", default="", help="travel cards seen since the reshuffle")
    p_travel.add_argument("--composition", default="", help="your 16-card mix (default assumed)")
    p_travel.add_argument("--grail", action="store_true", help="the knight holds a Grail card")
    p_travel.add_argument("--fight-pair", action="store_true", help="holds a pair of Fight cards")
    p_travel.add_argument("--fight-3-plus", action="store_true", help="holds a Fight card 3+")
    p_travel.add_argument("--grail-over", action="store_true", help="the Grail quest is over")
    p_travel.add_argument("--trips", type=int, default=None, help="plan n trips")
    p_travel.add_argument("--move", default=None, help="does this move draw? e.g. knight_power")
    p_travel.add_argument(
        "--captured-held",
        type=int,
        default=0,
        help="Captured! cards lying under figures: they stay out of a reshuffle (JA)",
    )
    p_travel.set_defaults(run=_cmd_travel)

    p_verify = sub.add_parser("verify", help="check a play log against the rules")
    p_verify.add_argument("log", help="the play-log file (read only)")
    p_verify.add_argument("--stats", action="store_true", help="observed vs expected odds")
    p_verify.set_defaults(run=_cmd_verify)

    p_decks = sub.add_parser("decks", help="every deck with counts, sources, assumptions")
    p_decks.add_argument("--expansion", action="store_true")
    p_decks.set_defaults(run=_cmd_decks)

    p_quest = sub.add_parser("quest", help="quest odds: combat quests and wars (RB p.14-15)")
    q_sub = p_quest.add_subparsers(dest="quest_command", required=True)
    combat_quests = ["black-knight", "lancelot", "dragon"]
    p_combat = q_sub.add_parser(
        "combat",
        help="P(knights win) when the combat quest ends",
        epilog="example: camelot-rules quest combat lancelot --whites 4 5 5 --black-hidden 4",
    )
    p_next = q_sub.add_parser(
        "next",
        help="which Fight card of the hand to lay next",
        epilog="example: camelot-rules quest next black-knight --whites 3 3 --hand 5 1 3 "
        "--black-hidden 2",
    )
    for p_q in (p_combat, p_next):
        p_q.add_argument("quest", choices=combat_quests)
        p_q.add_argument("--whites", type=int, nargs="*", default=[], help="Fight values laid")
        p_q.add_argument("--black-hidden", type=int, default=0, help="black cards laid unseen")
        p_q.add_argument("--black-known", default="", help="black cards laid face up, by name")
        p_q.add_argument("--seen", default="", help="black cards known elsewhere (discards)")
        p_q.add_argument("--excalibur", action="store_true", help="Excalibur adds 1")
        p_q.add_argument(
            "--kay-reserve",
            type=_fight_values,
            action="extend",
            default=[],
            metavar="V,V",
            help="Sir Kay's Fight cards: he adds the best after the reveal",
        )
    p_combat.add_argument(
        "--black-to-come", type=int, default=None, help="black cards still to come (0: ends now)"
    )
    p_combat.set_defaults(run=_cmd_quest_combat)
    p_next.add_argument("--hand", type=int, nargs="+", required=True, help="Fight values held")
    p_next.add_argument("--kay", action="store_true", help="you are Sir Kay (keeps the rest)")
    p_next.set_defaults(run=_cmd_quest_next)
    p_war = q_sub.add_parser(
        "war",
        help="P(complete the war's straight within k actions)",
        epilog="example: camelot-rules quest war picts --fights 2 --hand 3 4 --actions 7",
    )
    p_war.add_argument("war", choices=["picts", "saxons"])
    p_war.add_argument("--fights", type=int, default=0, help="Fight cards on the war")
    p_war.add_argument("--hand", type=int, nargs="*", default=[], help="Fight values held")
    p_war.add_argument("--actions", type=int, required=True, help="heroic actions k")
    p_war.add_argument("--mordred", action="store_true", help="Mordred: a second 5 is needed")
    p_war.add_argument("--at", choices=["war", "camelot"], default="war", help="where you are")
    p_war.add_argument("--draws", type=int, default=2, help="white cards per draw (Gawain 3)")
    p_war.set_defaults(run=_cmd_quest_war)

    p_sim = sub.add_parser(
        "simulate",
        help="whole games by the heuristic policies: P(knights win) with its interval",
        epilog="example: camelot-rules simulate --players 5 --games 1000 --seed 11 --csv out.csv",
    )
    p_sim.add_argument("--players", type=int, default=5, help="3-7 (3-8 with --expansion)")
    p_sim.add_argument("--expansion", action="store_true", help="Merlin's Company")
    p_sim.add_argument("--no-traitor", action="store_true", help="play without a traitor")
    p_sim.add_argument("--games", type=int, default=1000, help="number of games")
    p_sim.add_argument("--seed", type=int, default=0, help="the same seed, the same games")
    p_sim.add_argument("--workers", type=int, default=1, help="worker processes")
    p_sim.add_argument("--csv", default=None, help="write one row per game to this file")
    p_sim.set_defaults(run=_cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; bad input prints a one-line error and returns 2."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        print(args.run(args))
    except (ValueError, OSError) as err:
        print(f"camelot-rules: error: {err}", file=sys.stderr)
        return 2
    return int(getattr(args, "exit_code", 0))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
