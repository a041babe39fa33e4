"""``camelot-rules quest``: quest odds - combat quests, wars, the Grail and Excalibur races."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from camelot_rules.base.i18n import gettext as _
from camelot_rules.front import charts
from camelot_rules.front.commands.common import (
    dist_table,
    fight_values,
    listed,
    options_named,
)
from camelot_rules.front.display import (
    fmt_chance,
    fmt_percent,
    fmt_prob,
    race_blocker,
    race_verdict,
    text_answer,
    text_table,
)


def _quest_black_laid(args: argparse.Namespace) -> list[str]:
    """``--black-known`` names and ``--black-hidden`` count, checked here so that an error
    names the option (the calculator checks the rest)."""
    from camelot_rules.data import rulebook
    from camelot_rules.front.parsing import parse_cards
    from camelot_rules.odds.quests import combat_card_names

    quest = args.quest.replace("-", "_")
    spots = rulebook.quest_data(quest).black_spots
    if not 0 <= args.black_hidden <= spots:
        raise ValueError(
            _("--black-hidden {n}: {quest} has 0..{spots} black spots").format(
                n=args.black_hidden, quest=_quest_name(quest), spots=spots
            )
        )
    known = parse_cards(args.black_known)
    allowed = combat_card_names(quest)
    for name in known:
        if name not in allowed:
            raise ValueError(
                _("--black-known: {name} is not laid on {quest}; expected {allowed}").format(
                    name=repr(name), quest=_quest_name(quest), allowed=allowed
                )
            )
    return [*known, *["hidden"] * args.black_hidden]


def _quest_seen(args: argparse.Namespace) -> dict[str, int]:
    from camelot_rules.front.parsing import parse_counts

    try:
        return parse_counts(args.seen)
    except ValueError as err:
        raise ValueError(_("--seen: {err}").format(err=err)) from None


def _quest_name(quest: str) -> str:
    """A quest by its printed name, in every language."""
    from camelot_rules.data.names import display_name

    return display_name(quest, "quest")


def _quest_title(quest: str) -> str:
    """A quest in a sentence, by its printed name."""
    from camelot_rules.data.names import display_name

    return display_name(quest, "quest")


def _tie(divine_favor: bool) -> str:
    """How a tie ends a combat quest, for the model line (RB p.14; Divine Favor, JA)."""
    return (
        _("a tie loses, but Divine Favor gives it to the knights")
        if divine_favor
        else _("a tie loses")
    )


def _quest_position(args: argparse.Namespace) -> tuple[str, list[str], dict[str, int]]:
    """The quest, its black cards laid and the black cards seen elsewhere, from the options."""
    return args.quest.replace("-", "_"), _quest_black_laid(args), _quest_seen(args)


def run_combat_race(args: argparse.Namespace) -> str:
    """``quest combat`` with ``--hand``/``--schedule``: white cards still to come."""
    from camelot_rules.odds.quests import combat_race_probability

    if args.black_to_come is not None:
        raise ValueError(
            _(
                "--black-to-come and --schedule/--hand: give one (the schedule says when black "
                "cards come)"
            )
        )
    quest, laid, seen = _quest_position(args)
    p = combat_race_probability(
        quest,
        args.whites,
        laid,
        hand=args.hand,
        schedule=args.schedule,
        seen=seen,
        excalibur=args.excalibur,
        kay_reserve=args.kay_reserve,
        divine_favor=args.divine_favor,
    )
    words = {"w": _("lay?"), "b": _("black"), "a": _("black (Armor)")}
    steps = listed(words[c] for c in args.schedule) or _("none")
    verdict = _("The knights win the {quest} quest: {chance}.").format(
        quest=_quest_title(quest), chance=fmt_chance(p)
    )
    body = [
        _("P(knights win {quest}) = {p}").format(quest=_quest_name(quest), p=fmt_prob(p, 2)),
        _(
            "white total now {white}; hand {hand}; black cards: {laid} laid ({hidden} unseen)"
        ).format(
            white=sum(args.whites),
            hand=" ".join(map(str, args.hand)) or _("empty"),
            laid=len(laid),
            hidden=args.black_hidden,
        ),
        _("steps to come: {steps}; then the empty black spots fill").format(steps=steps),
    ]
    assumes = [
        _(
            "model: the knights lay the best card of the hand (or none) at each 'lay?'; "
            "black cards drawn from the quest's combat cards (RB p.14; the Armor keeps the "
            "lower of two, BoQ p.6; {tie})"
        ).format(tie=_tie(args.divine_favor))
    ]
    return text_answer(verdict, "\n".join(body), assumes)


def run_combat(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import black_total_distribution, combat_win_probability

    if args.hand and not args.schedule:
        raise ValueError(
            _(
                "--hand {hand}: say with --schedule when the knights lay those cards (see "
                "--help); for the best card to lay now: camelot-rules quest next"
            ).format(hand=" ".join(map(str, args.hand)))
        )
    if args.schedule:
        return run_combat_race(args)
    quest, laid, seen = _quest_position(args)
    p = combat_win_probability(
        quest,
        args.whites,
        laid,
        seen=seen,
        excalibur=args.excalibur,
        kay_reserve=args.kay_reserve,
        black_to_come=args.black_to_come,
        divine_favor=args.divine_favor,
    )
    dist = black_total_distribution(
        quest, laid, n_whites=len(args.whites), seen=seen, black_to_come=args.black_to_come
    )
    bonus = (_(" + 1 (Excalibur)") if args.excalibur else "") + (
        _(" + {n} (Sir Kay)").format(n=max(args.kay_reserve)) if args.kay_reserve else ""
    )
    to_come = _("the empty spots") if args.black_to_come is None else str(args.black_to_come)
    verdict = _("The knights win the {quest} quest: {chance}.").format(
        quest=_quest_title(quest), chance=fmt_chance(p)
    )
    body = [
        _("P(knights win {quest}) = {p}").format(quest=_quest_name(quest), p=fmt_prob(p, 2)),
        _(
            "white total {white}{bonus}; black cards: {laid} laid ({hidden} unseen), "
            "to come: {to_come}"
        ).format(
            white=sum(args.whites),
            bonus=bonus,
            laid=len(laid),
            hidden=args.black_hidden,
            to_come=to_come,
        ),
        dist_table(_("black total"), dict(sorted(dist.items()))),
    ]
    assumes = [
        _(
            "model: no more white cards; unseen black cards drawn at random from the box's "
            "combat cards less those laid and --seen (RB p.14; {tie})"
        ).format(tie=_tie(args.divine_favor))
    ]
    return text_answer(verdict, "\n".join(body), assumes)


def run_next(args: argparse.Namespace) -> str:
    from camelot_rules.data.names import display_name
    from camelot_rules.odds.quests import best_next_fight, combat_win_probability

    quest, laid, seen = _quest_position(args)
    now = combat_win_probability(
        quest,
        args.whites,
        laid,
        seen=seen,
        excalibur=args.excalibur,
        kay_reserve=args.hand if args.kay else args.kay_reserve,
        divine_favor=args.divine_favor,
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
        divine_favor=args.divine_favor,
    )
    rows = [
        [
            display_name(f"fight_{n.value}"),
            n.p_win,
            fmt_percent(n.p_win),
            _("yes") if n.ends_quest else "",
        ]
        for n in table
    ]
    if table:
        best = table[0]
        verdict = _(
            "{quest}: lay Fight {value} next - the knights then win {chance} (as it stands: {now})."
        ).format(
            quest=_quest_title(quest),
            value=best.value,
            chance=fmt_chance(best.p_win),
            now=fmt_chance(now),
        )
    else:
        verdict = _(
            "{quest}: no card of the hand fits the quest's pattern (BoQ p.14); as it stands the "
            "knights win {now}."
        ).format(quest=_quest_title(quest), now=fmt_chance(now))
    body = [_("without laying a card: P(win) = {p}").format(p=fmt_prob(now, 2))]
    if rows:
        body.append(text_table([_("lay"), _("P(win)"), "%", _("ends the quest")], rows))
    assumes = [
        _(
            "model: no more white cards after this one; unseen black cards drawn at random from "
            "the box's combat cards less those laid and --seen (RB p.14; {tie})"
        ).format(tie=_tie(args.divine_favor))
    ]
    return text_answer(verdict, "\n".join(body), assumes)


def run_war(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import war_completion_probability

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
    war = _quest_name(args.war)
    if p == 0:
        verdict = _(
            "{war}: the straight cannot be completed within {actions} actions with these cards."
        ).format(war=war, actions=args.actions)
    else:
        verdict = _("{war}: the straight is completed within {actions} actions: {chance}.").format(
            war=war, actions=args.actions, chance=fmt_chance(p)
        )
    body = _("P(complete the {war} straight within {actions} actions) = {p}").format(
        war=war, actions=args.actions, p=fmt_prob(p, 2)
    )
    assumes = [
        _(
            "model: one knight; lay, move, or draw {n} white cards at the Round Table; "
            "the warriors' race is not modelled"
        ).format(n=args.draws)
    ]
    return text_answer(verdict, body, assumes)


def _race_title(quest: str) -> str:
    """The race's name in the reader's language (a chart's title)."""
    if quest == "grail":
        return _("the Holy Grail")
    if quest == "excalibur":
        return _("Excalibur")
    return _("the {war} war against its warriors").format(war=_quest_name(quest))


def _race_report(quest: str, curve: object, *, laid: int = 0, held: Sequence[int] = ()) -> str:
    """A race's answer: one sentence (won and lost within the turns, or why it cannot be won),
    the chances turn by turn, then what the model assumes (issues 14, 32)."""
    from camelot_rules.data import rulebook
    from camelot_rules.odds.quests import RaceCurve

    assert isinstance(curve, RaceCurve)
    charts.show(charts.race_chart(_race_title(quest), curve))  # the web page draws it
    rows = [
        [t, fmt_prob(w, 2), fmt_prob(lo, 2)]
        for t, (w, lo) in enumerate(zip(curve.won, curve.lost))
        if t
    ]
    blocker = race_blocker(quest, laid=laid, held=held) if curve.p_win == 0 else ""
    verdict = race_verdict(quest, curve.p_win, curve.p_lose, curve.turns, blocker=blocker)
    table = text_table([_("turns"), _("P(won by then)"), _("P(lost by then)")], rows)
    cite = _("Rules: {cite}").format(cite=rulebook.quest_data(quest).source)
    return text_answer(verdict, table, [cite, *curve.assumptions])


def _race_hands(args: argparse.Namespace) -> list[int]:
    if args.hands is not None:
        if args.knights is not None or args.each is not None:
            raise ValueError(
                _(
                    "--knights and --each are for a quest without --hands: give each knight's "
                    "cards with --hands"
                )
            )
        return list(args.hands)
    return [1 if args.each is None else args.each] * (1 if args.knights is None else args.knights)


# The race calculators' parameters, by the options that set them (errors name the options).
_RACE_OPTIONS = {
    "grails": "--laid",
    "blacks": "--despair",
    "steps": "--steps",
    "fights": "--fights",
    "warriors": "--warriors",
    "turns": "--turns",
    "players": "--players",
    "hands": "--hands",
    "fights_laid": "--fights",
}


def run_grail(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import grail_race

    with options_named(_RACE_OPTIONS):
        return _run_grail(args, grail_race)


def _run_grail(args: argparse.Namespace, grail_race: Any) -> str:
    curve = grail_race(
        args.laid,
        args.despair,
        _race_hands(args),
        args.turns,
        players=args.players,
        dark_forest=args.dark_forest,
        expansion=args.expansion,
    )
    return _race_report("grail", curve, laid=args.laid, held=_race_hands(args))


def run_excalibur(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import excalibur_race

    with options_named(_RACE_OPTIONS):
        curve = excalibur_race(
            args.steps,
            _race_hands(args),
            args.turns,
            players=args.players,
            expansion=args.expansion,
        )
    return _race_report("excalibur", curve, laid=args.steps, held=_race_hands(args))


def run_war_race(args: argparse.Namespace) -> str:
    from camelot_rules.odds.quests import war_race

    with options_named({**_RACE_OPTIONS, "hands": "--hand"}):
        curve = war_race(
            args.war,
            args.fights,
            args.warriors,
            args.hand or [[]],
            args.turns,
            mordred=args.mordred,
            players=args.players,
            expansion=args.expansion,
            chosen_here=not args.mercenaries_elsewhere,
        )
    return _race_report(args.war, curve)


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this command to the command line's sub-commands."""
    p_quest = sub.add_parser("quest", help=_("quest odds: combat quests and wars (RB p.14-15)"))
    q_sub = p_quest.add_subparsers(dest="quest_command", required=True)
    combat_quests = ["black-knight", "lancelot", "dragon"]
    p_combat = q_sub.add_parser(
        "combat",
        help=_("P(knights win) when the combat quest ends"),
        epilog=_("example: {example}; cards to come: {example2}").format(
            example="camelot-rules quest combat lancelot --whites 4 5 5 --black-hidden 4",
            example2="camelot-rules quest combat black-knight --whites 4 4 --black-hidden 2 "
            "--hand 1 1 --schedule aww",
        ),
    )
    p_next = q_sub.add_parser(
        "next",
        help=_("which Fight card of the hand to lay next"),
        epilog=_("example: {example}").format(
            example="camelot-rules quest next black-knight --whites 3 3 --hand 5 1 3 "
            "--black-hidden 2"
        ),
    )
    for p_q in (p_combat, p_next):
        p_q.add_argument("quest", choices=combat_quests, help=_("the combat quest"))
        p_q.add_argument("--whites", type=int, nargs="*", default=[], help=_("Fight values laid"))
        p_q.add_argument("--black-hidden", type=int, default=0, help=_("black cards laid unseen"))
        p_q.add_argument("--black-known", default="", help=_("black cards laid face up, by name"))
        p_q.add_argument("--seen", default="", help=_("black cards known elsewhere (discards)"))
        p_q.add_argument("--excalibur", action="store_true", help=_("Excalibur adds 1"))
        p_q.add_argument(
            "--divine-favor", action="store_true", help=_("Divine Favor: a tie goes to the knights")
        )
        p_q.add_argument(
            "--kay-reserve",
            type=fight_values,
            action="extend",
            default=[],
            metavar="V,V",
            help=_("Sir Kay's Fight cards: he adds the best after the reveal"),
        )
    p_combat.add_argument(
        "--black-to-come", type=int, default=None, help=_("black cards still to come (0: ends now)")
    )
    p_combat.add_argument(
        "--hand", type=int, nargs="*", default=[], help=_("Fight values the knights will lay")
    )
    p_combat.add_argument(
        "--schedule",
        default="",
        help=_("coming steps: w lay a card, b a black card, a one drawn with Lancelot's Armor"),
    )
    p_combat.set_defaults(run=run_combat)
    p_next.add_argument("--hand", type=int, nargs="+", required=True, help=_("Fight values held"))
    p_next.add_argument("--kay", action="store_true", help=_("you are Sir Kay (keeps the rest)"))
    p_next.set_defaults(run=run_next)
    p_war = q_sub.add_parser(
        "war",
        help=_("P(complete the war's straight within k actions)"),
        epilog=_("example: {example}").format(
            example="camelot-rules quest war picts --fights 2 --hand 3 4 --actions 7"
        ),
    )
    p_war.add_argument("war", choices=["picts", "saxons"], help=_("which war"))
    p_war.add_argument("--fights", type=int, default=0, help=_("Fight cards on the war"))
    p_war.add_argument("--hand", type=int, nargs="*", default=[], help=_("Fight values held"))
    p_war.add_argument("--actions", type=int, required=True, help=_("heroic actions k"))
    p_war.add_argument("--mordred", action="store_true", help=_("Mordred: a second 5 is needed"))
    p_war.add_argument("--at", choices=["war", "camelot"], default="war", help=_("where you are"))
    p_war.add_argument("--draws", type=int, default=2, help=_("white cards per draw (Gawain 3)"))
    p_war.set_defaults(run=run_war)
    p_grail = q_sub.add_parser(
        "grail",
        help=_("the Grail race: Grail cards laid against Despair/Desolation (BoQ p.9)"),
        epilog=_("example: {example}").format(
            example="camelot-rules quest grail --laid 3 --despair 2 --hands 2,1 --turns 6"
        ),
    )
    p_grail.add_argument("--laid", type=int, default=0, help=_("Grail cards on the quest"))
    p_grail.add_argument("--despair", type=int, default=0, help=_("Despair cards on the quest"))
    p_grail.add_argument("--dark-forest", action="store_true", help=_("the Dark Forest is on it"))
    p_exc = q_sub.add_parser(
        "excalibur",
        help=_("the Excalibur track race (BoQ p.8)"),
        epilog=_("example: {example}").format(
            example="camelot-rules quest excalibur --steps 2 --hands 3,2 --turns 6"
        ),
    )
    p_exc.add_argument("--steps", type=int, default=0, help=_("Excalibur's place: 0 start, 5 won"))
    p_race = q_sub.add_parser(
        "war-race",
        help=_("a war against its warriors from the black deck (BoQ p.10)"),
        epilog=_("example: {example}").format(
            example="camelot-rules quest war-race picts --fights 2 --warriors 1 "
            "--hand 3,4 --hand 5 --turns 8"
        ),
    )
    p_race.add_argument("war", choices=["picts", "saxons"], help=_("which war"))
    p_race.add_argument("--fights", type=int, default=0, help=_("Fight cards on the war"))
    p_race.add_argument("--warriors", type=int, default=0, help=_("warriors on the war"))
    p_race.add_argument(
        "--hand", type=fight_values, action="append", help=_("one knight's Fight values, e.g. 3,4")
    )
    p_race.add_argument("--mordred", action="store_true", help=_("Mordred: a second 5 is needed"))
    p_race.add_argument(
        "--mercenaries-elsewhere",
        action="store_true",
        help=_("Mercenaries and Mordred go to the other war (default: this one, the worst case)"),
    )
    for p_r, grail in ((p_grail, True), (p_exc, False)):
        p_r.add_argument(
            "--hands",
            type=fight_values,
            default=None,
            metavar="N,N",
            help=_("Grail cards held by each knight on the quest, in turn order from the next")
            if grail
            else _("white cards held by each knight on the quest, in turn order from the next"),
        )
        p_r.add_argument(
            "--knights", type=int, default=None, help=_("knights on it (without --hands)")
        )
        p_r.add_argument(
            "--each",
            type=int,
            default=None,
            help=_("Grail cards each (without --hands)")
            if grail
            else _("white cards each (without --hands)"),
        )
    for p_r in (p_grail, p_exc, p_race):
        p_r.add_argument("--turns", type=int, default=6, help=_("the table's turns ahead"))
        p_r.add_argument("--players", type=int, default=4, help=_("players at the table"))
        p_r.add_argument("--expansion", action="store_true", help=_("Merlin's Company decks"))
    p_grail.set_defaults(run=run_grail)
    p_exc.set_defaults(run=run_excalibur)
    p_race.set_defaults(run=run_war_race)
