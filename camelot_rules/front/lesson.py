"""Teaching Merlin's Company: the lesson's tables and its one-page handout, in your language.

The teaching notebooks (``notebooks/08_teaching_the_expansion.ipynb`` and its Japanese and
Spanish versions) print these tables; the three notebooks share their code and differ only in
prose and in the language they set (:func:`camelot_rules.base.i18n.set_language`). Every number
comes from :mod:`camelot_rules.odds.expansion` (exact, on the engine) or
:mod:`camelot_rules.sim.expansion` (simulated, by the policies passed in); every word goes
through the catalogs (``make locale``).

The handout (:func:`handout_html`) is one printable page: each change of the box with its rule
in one sentence, its source, and the one number that shows why it matters at the table. Build
it with ``make handout`` (English, Japanese and Spanish into ``build/handout/``) or::

    python -m camelot_rules.front.lesson --lang ja --games 200 -o handout.ja.html

Assumptions are shown with their label wherever their numbers appear: **ASSUMPTION** for a
count or a card text no source gives, **ENGINE READING** for a choice the engine makes where the
texts are silent.
"""

from __future__ import annotations

import argparse
import html
from collections.abc import Sequence
from fractions import Fraction

from camelot_rules.base.i18n import N_, get_language, language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck
from camelot_rules.data.names import display_name
from camelot_rules.engine.arithmetic import after_hidden_traitors, knights_win_count
from camelot_rules.front.display import (
    cause_text,
    confidence_word,
    fmt_expectation,
    fmt_prob,
    text_table,
)
from camelot_rules.odds.draws import draw_probability
from camelot_rules.odds.expansion import (
    NEW_SPECIALS,
    WITCHES,
    CardDemo,
    TravelMove,
    card_demos,
    loyalty_deal,
    merlin_arrival,
    new_special_in_hand,
    one_off_quest_cards,
    travel_move,
)
from camelot_rules.odds.runout import first_draw_distribution
from camelot_rules.odds.travel import expected_turns_lost
from camelot_rules.sim.expansion import BoxPlay, box_play
from camelot_rules.sim.games import Policies

__all__ = [
    "FULL_HAND",
    "Handout",
    "assumptions_table",
    "box_table",
    "captured_table",
    "card_name",
    "demos_table",
    "finished_table",
    "handout_frame",
    "handout_html",
    "handout_text",
    "merlin_table",
    "play_table",
    "specials_played_table",
    "specials_table",
    "traitors_table",
    "travel_hands_table",
    "travel_table",
    "witches_table",
]

ASSUMPTION = N_("ASSUMPTION")
ENGINE_READING = N_("ENGINE READING")
#: the travel cards after which the lesson asks whether Merlin's figure is still off the board
MERLIN_HORIZON = 4
#: the black cards within which the lesson asks whether a witch has come
WITCH_HORIZON = 10
#: a hand that meets each of the three (assumed) travel demands
FULL_HAND: dict[str, int] = {"grail": 1, "fight_3": 1, "fight_2": 2}


def card_name(card: str) -> str:
    """A card's printed name in the language in force; in Japanese a travel card keeps its
    English name beside ours, as the Japanese rules print only the English one (JA travel
    rules): ``突撃！(Charged!)``."""
    shown = display_name(card)
    if get_language() == "ja" and card in rulebook.TRAVEL_KINDS:
        return f"{shown}({display_name(card, lang='en')})"
    return shown


def _labelled(label: str, text: str) -> str:
    # Translators: an assumption's label, then what it is ("ASSUMPTION: the travel mix").
    return _("{label}: {text}").format(label=_(label), text=text)


# --- the assumptions ----------------------------------------------------------------------------
def assumptions_table() -> str:
    """Every assumption and engine reading the lesson's numbers rest on, with its label, where
    it comes in and how sure the project is."""
    mix = ", ".join(f"{card_name(e.name)} {e.count}" for e in rulebook.TRAVEL)
    demands = "; ".join(
        _("{card}: {demand}").format(card=card_name(d.card), demand=_(d.demand))
        for d in rulebook.TRAVEL_DEMANDS
    )
    std_black = sum(e.count for e in rulebook.EXPANSION_BLACK if e.kind == "standard")
    std_white = sum(e.count for e in rulebook.EXPANSION_WHITE if e.kind == "standard")
    loyal = {e.name: e.count for e in rulebook.EXPANSION_LOYALTY}
    rows = [
        [
            _(ASSUMPTION),
            _("the travel deck's mix per kind (JA gives 16 cards, not the counts): {mix}").format(
                mix=mix
            ),
            confidence_word("unverified"),
        ],
        [
            _(ASSUMPTION),
            _("what Charged!, Lost! and Ambushed! demand ({demands}); failing costs 1 life").format(
                demands=demands
            ),
            confidence_word("unverified"),
        ],
        [
            _(ASSUMPTION),
            _(
                "the mix of the {black} standard black and {white} standard white cards the "
                "expansion adds (one of the white ones unidentified)"
            ).format(black=std_black, white=std_white),
            confidence_word("low"),
        ],
        [
            _(ASSUMPTION),
            _("the 9-card loyalty deck holds {loyal} loyal and {traitors} traitor cards").format(
                loyal=loyal["loyal"], traitors=loyal["traitor"]
            ),
            confidence_word("med"),
        ],
        [
            _(ASSUMPTION),
            _(
                "the new knights other than Sir Caradoc have no power; at 8 players the 8th "
                "seat gets no Merlin card"
            ),
            confidence_word("unverified"),
        ],
        [
            _(ENGINE_READING),
            _(
                "a heroic move back to Camelot draws a travel card (JA speaks of a move to a "
                "new quest)"
            ),
            "",
        ],
        [
            _(ENGINE_READING),
            _(
                "Merlin's figure does nothing on a quest still in play (JA: he helps the knights "
                "and may join any quest; only his effect on a finished quest is given)"
            ),
            "",
        ],
        [
            _(ENGINE_READING),
            _(
                "when every knight left is captured, the one whose turn comes slips free (the "
                "rules do not say; otherwise the game would stall)"
            ),
            "",
        ],
    ]
    return "\n".join(
        _("{label} - {what} (confidence: {level})").format(label=label, what=what, level=level)
        if level
        else _("{label} - {what}").format(label=label, what=what)
        for label, what, level in rows
    )


# --- the box ------------------------------------------------------------------------------------
def box_table() -> str:
    """The decks of the base game and with Merlin's Company, and what the expansion adds."""
    rows = []
    for kind in ("white", "black", "travel", "loyalty"):
        players = 8 if kind == "loyalty" else None
        base = 0 if kind == "travel" else standard_deck(kind, players=7 if players else None).size
        mc = standard_deck(kind, expansion=True, players=players).size
        rows.append([_(_DECKS[kind]), base, mc, f"+{mc - base}"])
    return text_table([_("deck"), _("base game"), _("with Merlin's Company"), _("added")], rows)


_DECKS = {
    "white": N_("white cards"),
    "black": N_("black cards"),
    "travel": N_("travel cards"),
    "loyalty": N_("loyalty cards"),
}


# --- travel -------------------------------------------------------------------------------------
_RESULTS = {
    "arrives": N_("arrives"),
    "pays": N_("arrives, discarding {cards}"),
    "diverted": N_("goes to the Holy Grail instead"),
    "fails": N_("demand not met: 1 life lost, no move, the turn ends"),
    "captured": N_("captured: stays, misses his turns until freed"),
}


def _result(card: str, result: str, paid: Sequence[str]) -> str:
    text = _(_RESULTS[result])
    if result == "pays":
        text = text.format(cards=" + ".join(card_name(c) for c in paid))
    return text


def travel_table(move: TravelMove | None = None) -> str:
    """One move's travel card: each card, its exact chance, what comes of the move (default:
    King Arthur leaves Camelot for the Black Knight with an empty hand)."""
    move = travel_move() if move is None else move
    rows = [
        [card_name(c.card), fmt_prob(c.probability), _result(c.card, c.result, c.paid)]
        for c in move.cards
    ]
    head = text_table([_("travel card"), _("chance"), _("what happens")], rows)
    verdict = _("The move arrives {arrive}; it is spoiled {spoiled}.").format(
        arrive=fmt_prob(move.arrives), spoiled=fmt_prob(move.spoiled)
    )
    note = _labelled(ASSUMPTION, _("the travel mix and the demands above"))
    return f"{head}\n{verdict}\n{note}"


def _hand_label(hand: dict[str, int]) -> str:
    if not hand:
        return _("empty hand")
    return " + ".join(f"{card_name(c)} x{n}" if n > 1 else card_name(c) for c, n in hand.items())


def travel_hands_table() -> str:
    """How often a move is spoiled, by the hand and the destination, for the two travel mixes
    the engine knows (both assumptions)."""
    cases = [
        ({}, "black_knight"),
        ({"grail": 1}, "black_knight"),
        (FULL_HAND, "black_knight"),
        (FULL_HAND, "grail"),
    ]
    rows = []
    for hand, dest in cases:
        assumed = travel_move(hand, dest)
        harmful = travel_move(hand, dest, travel_mix="harmful_majority")
        rows.append(
            [
                _hand_label(hand),
                display_name(dest, "quest"),
                fmt_prob(assumed.spoiled),
                fmt_prob(harmful.spoiled),
            ]
        )
    headers = [
        _("hand"),
        _("destination"),
        _("spoiled (assumed mix)"),
        _("spoiled (harmful majority)"),
    ]
    note = _labelled(ASSUMPTION, _("both travel mixes"))
    return f"{text_table(headers, rows)}\n{note}"


# --- Captured! ----------------------------------------------------------------------------------
def captured_table() -> str:
    """The chance of Captured! on a move, and the turns a captured knight loses on average when
    his companions free him with a given chance before each of his turns."""
    fresh = travel_move()
    held = travel_move(captured=(1,))
    p = {c.card: c.probability for c in fresh.cards}["captured"]
    q = {c.card: c.probability for c in held.cards}["captured"]
    lines = [
        _("P(Captured!) on a move, fresh travel deck: {p}").format(p=fmt_prob(p)),
        _("... with one Captured! card already under a figure: {q}").format(q=fmt_prob(q)),
        _labelled(ASSUMPTION, _("the travel mix")),
        "",
    ]
    rows = [
        [fmt_prob(f), fmt_expectation(expected_turns_lost(f))]
        for f in (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1))
    ]
    table = text_table(
        [_("freed before each of his turns"), _("his own turns lost, on average")], rows
    )
    return "\n".join(lines) + table


# --- Merlin's figure ------------------------------------------------------------------------------
def merlin_table() -> str:
    """When Merlin's figure comes onto the board, and how many black cards his figure stops
    from adding a siege engine once their quest is over."""
    arrival = merlin_arrival()
    mean = sum((k * p for k, p in arrival.items()), Fraction(0))
    off = 1 - sum((p for k, p in arrival.items() if k <= MERLIN_HORIZON), Fraction(0))
    lines = [
        _(
            "Merlin's figure enters at travel card {mean} on average (the first Merlin Travels)."
        ).format(mean=fmt_expectation(mean)),
        _("P(still off the board after {k} travel cards) = {p}").format(
            k=MERLIN_HORIZON, p=fmt_prob(off)
        ),
        _labelled(ASSUMPTION, _("the travel mix")),
        "",
    ]
    cards = one_off_quest_cards()
    rows = [[display_name(q, "quest"), n] for q, n in cards.items()]
    table = text_table(
        [_("finished quest where Merlin stands"), _("black cards adding no siege engine")], rows
    )
    return "\n".join(lines) + table


# --- the witches and the new special white cards ---------------------------------------------
def _value(v: object) -> str:
    if isinstance(v, bool):
        return "✓" if v else "✗"
    if isinstance(v, tuple):
        return ", ".join(_value(x) for x in v)
    if isinstance(v, str):
        return display_name(v, "quest") if v in _QUESTS else _(v)
    return str(v)


_QUESTS = ("black_knight", "lancelot", "dragon", "excalibur", "grail", "picts", "saxons")


def demos_table(demos: Sequence[CardDemo] | None = None) -> str:
    """Each card played by the engine on a small position: what changed (✓ yes, ✗ no)."""
    demos = card_demos() if demos is None else demos
    rows = []
    for d in demos:
        when = _("without -> with it in play") if d.lasting else _("before -> after")
        for i, (what, before, after) in enumerate(d.facts):
            name = card_name(d.card) if i == 0 else ""
            rows.append(
                [name, when if i == 0 else "", _(what), f"{_value(before)} -> {_value(after)}"]
            )
    return text_table([_("card"), _("compared"), _("on the board"), _("change")], rows)


def witches_table() -> str:
    """How soon a witch comes in a fresh 90-card black deck, then the seven witches (JA
    witches) played by the engine."""
    black = standard_deck("black", expansion=True)
    first = first_draw_distribution(black, WITCHES)
    mean = sum((k * p for k, p in first.items()), Fraction(0))
    lines = [
        _("P(a witch among the first {k} black cards) = {p}").format(
            k=WITCH_HORIZON, p=fmt_prob(draw_probability(black, WITCH_HORIZON, WITCHES))
        ),
        _("the first witch comes at black card {mean} on average").format(
            mean=fmt_expectation(mean)
        ),
        _labelled(ASSUMPTION, _("the expansion's standard black cards (LOW confidence)")),
        "",
    ]
    return "\n".join(lines) + demos_table(card_demos(WITCHES))


def specials_table(players: int = 5) -> str:
    """How likely a knight starts with one of them, then the eight new special white cards (JA
    special white cards) played by the engine."""
    line = _(
        "P(one of the eight among a knight's first five white cards, {players} players) = {p}"
    ).format(players=players, p=fmt_prob(new_special_in_hand(players)))
    note = _labelled(ASSUMPTION, _("the expansion's standard white cards (LOW confidence)"))
    return f"{line}\n{note}\n\n" + demos_table(card_demos(NEW_SPECIALS))


# --- finished quests ----------------------------------------------------------------------------
def finished_table() -> str:
    """The black cards of each one-off quest, base box and with Merlin's Company: each leaves
    the game once drawn after its quest is over (expansion) instead of being discarded."""
    base, mc = one_off_quest_cards(expansion=False), one_off_quest_cards(expansion=True)
    rows = [[display_name(q, "quest"), base[q], mc[q]] for q in mc]
    total = standard_deck("black", expansion=True).size
    rows.append([_("total"), sum(base.values()), f"{sum(mc.values())} / {total}"])
    table = text_table([_("quest"), _("base game"), _("with Merlin's Company")], rows)
    note = _labelled(ASSUMPTION, _("the expansion's standard black cards (LOW confidence)"))
    return f"{table}\n{note}"


# --- 7-8 players --------------------------------------------------------------------------------
def traitors_table() -> str:
    """P(no, one, two traitors dealt) by the number of players, then what hidden traitors do to
    a final count of swords (with and without Divine Favor)."""
    rows = []
    for n in range(3, 9):
        deal = loyalty_deal(n)
        rows.append([n, *(fmt_prob(deal[k]) for k in (0, 1, 2))])
    first = text_table([_("players"), _("no traitor"), _("one traitor"), _("two traitors")], rows)
    knights, evil = _("the knights"), _("Evil")
    rows = []
    for white, black in ((8, 4), (9, 3), (10, 2)):
        for hidden in (0, 1, 2):
            w, b = after_hidden_traitors(white, black, hidden)
            rows.append(
                [
                    f"{white}-{black}",
                    hidden,
                    f"{w}-{b}",
                    knights if knights_win_count(w, b) else evil,
                    knights if knights_win_count(w, b, divine_favor=True) else evil,
                ]
            )
    headers = [
        _("swords laid"),
        _("hidden traitors"),
        _("after the flip"),
        _("winner"),
        _("winner with Divine Favor"),
    ]
    note = _labelled(ASSUMPTION, _("the loyalty deck's 7 loyal + 2 traitor cards (inferred)"))
    return f"{first}\n{note}\n\n{text_table(headers, rows)}"


# --- whole games --------------------------------------------------------------------------------
_PER_GAME = (
    N_("turns"),
    N_("travel cards"),
    N_("captures"),
    N_("knights freed"),
    N_("witches drawn"),
    N_("new special whites played"),
    N_("black cards removed"),
)


def policy_sentence(run: BoxPlay) -> str:
    """Who played ``run``'s games, and how strong they are (the heuristics or others)."""
    loyal, traitor = run.policies
    if run.policies == ("LoyalHeuristic", "TraitorHeuristic"):
        text = _(
            "Played by {loyal} for the loyal knights and {traitor} for the traitor: the "
            "project's fast policies, plain rules of thumb that play worse than a real table "
            "(its search policies win about twice as often at 5 players, at seconds a game)."
        )
    else:
        text = _("Played by {loyal} for the loyal knights and {traitor} for the traitor.")
    return text.format(loyal=loyal, traitor=traitor)


def play_table(base: BoxPlay, mc: BoxPlay) -> str:
    """The same seeded games with and without Merlin's Company: the knights' win rate with its
    exact 95% interval, how the games ended, and what the expansion's parts did per game."""
    header = _("{games} seeded games of {players} players per box (seed {seed}).").format(
        games=mc.games, players=mc.players, seed=mc.seed
    )
    rows: list[list[object]] = [[_("knights win"), str(base.knights_win), str(mc.knights_win)]]
    for cause in sorted({*base.causes, *mc.causes}):
        rows.append([cause_text(cause), base.causes.get(cause, 0), mc.causes.get(cause, 0)])
    for key in _PER_GAME:
        rows.append(
            [
                _("{what} per game").format(what=_(key)),
                fmt_expectation(base.per_game[key]),
                fmt_expectation(mc.per_game[key]),
            ]
        )
    table = text_table([_("games"), _("base game"), _("with Merlin's Company")], rows)
    return f"{header}\n{policy_sentence(mc)}\n\n{table}"


def specials_played_table(mc: BoxPlay) -> str:
    """How often the policies played each new special white card (all games together)."""
    rows = [[card_name(c), mc.specials_played.get(c, 0)] for c in NEW_SPECIALS]
    return text_table([_("card"), _("played in {games} games").format(games=mc.games)], rows)


# --- the handout --------------------------------------------------------------------------------
def _handout_rows(base: BoxPlay, mc: BoxPlay) -> list[tuple[str, str, str, str]]:
    empty, full = travel_move(), travel_move(FULL_HAND)
    captured = {c.card: c.probability for c in empty.cards}["captured"]
    arrival = merlin_arrival()
    mean = sum((k * p for k, p in arrival.items()), Fraction(0))
    black = standard_deck("black", expansion=True)
    witch_soon = draw_probability(black, WITCH_HORIZON, WITCHES)
    players = mc.players
    quests = one_off_quest_cards()
    deal7, deal8 = loyalty_deal(7), loyalty_deal(8)
    white = standard_deck("white", expansion=True)
    assumed = _("assumed")
    return [
        (
            _("What is in the box"),
            _(
                "King Arthur always plays; the other seats take the new knights' coats of arms "
                "or a mix; Merlin's figure waits beside the board; black, white and travel "
                "cards are added."
            ),
            _("JA setup"),
            _("white {w}, black {b}, travel {t} cards").format(
                w=white.size, b=black.size, t=standard_deck("travel", expansion=True).size
            ),
        ),
        (
            _("Travel"),
            _(
                "A move made as a heroic action or by a knight's power names its quest, then "
                "draws a travel card; a return after a quest and a move by a special card draw "
                "none."
            ),
            _("JA travel rules"),
            _(
                "spoiled {empty} with an empty hand, {full} with a Grail card, a Fight 3 and a "
                "pair (mix {assumed})"
            ).format(empty=fmt_prob(empty.spoiled), full=fmt_prob(full.spoiled), assumed=assumed),
        ),
        (
            _("Captured!"),
            _(
                "The captured knight stays and misses his turns until another knight spends a "
                "heroic action and discards a special white card."
            ),
            _("JA travel rules (Captured!)"),
            _("{p} a move (mix {assumed})").format(p=fmt_prob(captured), assumed=assumed),
        ),
        (
            _("Merlin's figure"),
            _(
                "It enters at the first Merlin Travels and follows each; on a quest that is "
                "over it stops that quest's black cards from adding siege engines."
            ),
            _("JA Merlin Travels; Merlin to the Rescue"),
            _(
                "enters at travel card {mean} on average; blocks {n} black cards on a finished "
                "Grail"
            ).format(mean=fmt_expectation(mean), n=quests["grail"]),
        ),
        (
            _("Morgan's seven witches"),
            _(
                "The 1st rebuilds both decks, the 3rd adds a Pict and a Saxon, the 4th takes a "
                "Grail card or a life; the 2nd, 5th, 6th and 7th stay in play until their end "
                "or Dispel."
            ),
            _("JA witches"),
            _("P(a witch among the first {k} black cards) = {p}").format(
                k=WITCH_HORIZON, p=fmt_prob(witch_soon)
            ),
        ),
        (
            _("Eight new special white cards"),
            ", ".join(card_name(c) for c in NEW_SPECIALS) + ".",
            _("JA special white cards"),
            _("P(one in a knight's first five white cards, {players} players) = {p}").format(
                players=players, p=fmt_prob(new_special_in_hand(players))
            ),
        ),
        (
            _("Finished quests"),
            _(
                "A black card of a quest already over adds its siege engine, then leaves the "
                "game instead of the discard pile."
            ),
            _("JA finished quests' black cards"),
            _("{n} of {total} black cards (mix {assumed})").format(
                n=sum(quests.values()), total=black.size, assumed=assumed
            ),
        ),
        (
            _("7-8 players: two traitors"),
            _(
                "At 7-8 players the second traitor card joins the loyalty deck; at the end one "
                "hidden traitor turns 2 white swords black, two turn 3."
            ),
            _("JA 7-8 players"),
            _("two traitors: {p7} at 7 players, {p8} at 8").format(
                p7=fmt_prob(deal7[2]), p8=fmt_prob(deal8[2])
            ),
        ),
        (
            _("The whole game"),
            policy_sentence(mc),
            _("simulated"),
            _("knights win {base} (base), {mc} (Merlin's Company), {players} players").format(
                base=f"{100 * base.knights_win.wins / base.games:.1f}%",
                mc=f"{100 * mc.knights_win.wins / mc.games:.1f}%",
                players=mc.players,
            ),
        ),
    ]


def handout_html(
    policies: Policies | None = None,
    *,
    games: int = 200,
    seed: int = 1,
    players: int = 5,
    lang: str | None = None,
    runs: tuple[BoxPlay, BoxPlay] | None = None,
) -> str:
    """Return the one-page handout as a standalone HTML page (A4, printable), in ``lang``
    (default: the language in force). The whole-game line plays ``games`` seeded games per
    box with ``policies`` (default: the loyal and traitor heuristics), unless ``runs`` gives
    the (base game, Merlin's Company) runs already played."""
    with language(lang if lang is not None else get_language()) as shown:
        if runs is None:
            base = box_play(policies, players=players, expansion=False, games=games, seed=seed)
            mc = box_play(policies, players=players, expansion=True, games=games, seed=seed)
        else:
            base, mc = runs
        rows = "".join(
            "<tr>"
            f"<th>{html.escape(topic)}</th>"
            f"<td>{html.escape(rule)} <span class='src'>({html.escape(source)})</span></td>"
            f"<td class='num'>{html.escape(number)}</td>"
            "</tr>"
            for topic, rule, source, number in _handout_rows(base, mc)
        )
        title = _("Merlin's Company on one page")
        lead = _(
            "What the expansion changes, for players who know Shadows over Camelot: each rule "
            "in one sentence with its source, and one number computed by camelot-rules."
        )
        foot = " ".join(
            [
                _labelled(
                    ASSUMPTION,
                    _(
                        "the travel deck's mix and the demands of Charged!, Lost! and Ambushed! "
                        "(no source gives them), the expansion's standard cards (LOW)."
                    ),
                ),
                _labelled(
                    ENGINE_READING,
                    _(
                        "a move back to Camelot draws a travel card; Merlin's figure acts only "
                        "on a finished quest."
                    ),
                ),
            ]
        )
        heads = [_("change"), _("the rule"), _("one number")]
        return _HANDOUT.format(
            lang=shown,
            title=html.escape(title),
            lead=html.escape(lead),
            heads="".join(f"<th>{html.escape(h)}</th>" for h in heads),
            rows=rows,
            foot=html.escape(foot),
        )


def handout_text(base: BoxPlay, mc: BoxPlay) -> str:
    """The handout's rows as plain text (what a notebook shows where HTML cannot be drawn)."""
    rows = [[topic, number] for topic, _rule, _source, number in _handout_rows(base, mc)]
    return text_table([_("change"), _("one number")], rows)


class Handout:
    """The handout, shown in a notebook: the page in a frame (HTML), its numbers as text."""

    def __init__(self, base: BoxPlay, mc: BoxPlay, *, lang: str | None = None) -> None:
        self.html = handout_html(runs=(base, mc), lang=lang)
        with language(lang if lang is not None else get_language()):
            self.text = handout_text(base, mc)

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, str]:
        return {"text/html": handout_frame(self.html), "text/plain": self.text}


def handout_frame(page: str, *, height_px: int = 900) -> str:
    """The handout page inside an ``<iframe>`` (its print styles stay inside the frame), to
    show it in a notebook or a web page."""
    return (
        f'<iframe srcdoc="{html.escape(page, quote=True)}" title="handout" '
        f'style="width:100%;height:{int(height_px)}px;border:1px solid #ccc"></iframe>'
    )


_HANDOUT = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
@page {{ size: A4; margin: 12mm; }}
body {{ font-family: "Noto Sans CJK JP", "IPAexGothic", "Hiragino Sans", "Yu Gothic", Meiryo,
  sans-serif; font-size: 10pt; line-height: 1.3; margin: 0 auto;
  max-width: 190mm; color: #111; }}
h1 {{ font-size: 16pt; margin: 0 0 4px; }}
p.lead {{ margin: 0 0 8px; }}
table {{ border-collapse: collapse; width: 100%; }}
th, td {{ border-bottom: 1px solid #bbb; padding: 4px 6px; text-align: left;
  vertical-align: top; }}
tbody th {{ width: 22%; }}
td.num {{ width: 30%; font-weight: bold; }}
.src {{ color: #555; font-size: 8.5pt; }}
p.foot {{ font-size: 8.5pt; color: #333; margin-top: 8px; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p class="lead">{lead}</p>
<table>
<thead><tr>{heads}</tr></thead>
<tbody>
{rows}
</tbody>
</table>
<p class="foot">{foot}</p>
</body>
</html>
"""


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m camelot_rules.front.lesson [--lang L] [--games N] [--seed S] -o FILE``."""
    parser = argparse.ArgumentParser(description="Write the one-page Merlin's Company handout.")
    parser.add_argument("--lang", default="en", choices=["en", "ja", "es"])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args(argv)
    page = handout_html(games=args.games, seed=args.seed, lang=args.lang)
    with open(args.output, "w", encoding="utf-8") as fh:
        fh.write(page)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
