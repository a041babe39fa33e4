"""The board as a picture: ``render_board`` draws what one seat may see
(``state.observation(seat)``) as plain HTML with inline SVG - no JavaScript, no external
files - that fits a 390px phone screen (moved out of :mod:`widgets.game`, issue 32).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from camelot_rules.base.checks import check_text
from camelot_rules.base.i18n import N_, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.data.names import display_name
from camelot_rules.data.rulebook import quest_data, threshold
from camelot_rules.front.steps import cause_text, note_text
from widgets.board_words import (
    BLACK,
    BOX,
    EMPTY,
    ENGINE,
    GOLD,
    PHASES,
    RED,
    WHITE,
    black_text,
    by_seat,
    card_name,
    check_observation,
    expansion_of,
    knight_name,
    lancelot_dragon_of,
    list_sep,
    merlin_place,
    quest_of,
    quest_title,
    relic_holders,
    relic_state,
    seat_key,
    seat_names,
    sep,
    who_is,
    witch_text,
)

__all__ = ["Slot", "example_observation", "render_board", "render_step"]

# --- SVG pieces --------------------------------------------------------------------------------
Slot = tuple[str, str, str, str]  # fill, text, text colour, tooltip


def _slots(slots: Sequence[Slot], *, size: int = 24, css: str = "", label: str = "") -> str:
    """A row of square slots as inline SVG that shrinks to the screen width."""
    gap = 3
    width = len(slots) * (size + gap) - gap
    parts = []
    for i, (fill, text, colour, tip) in enumerate(slots):
        x = i * (size + gap)
        dash = " stroke-dasharray='3 2'" if fill == EMPTY else ""
        parts.append(
            f"<g><title>{html.escape(tip)}</title>"
            f"<rect x='{x + 0.5}' y='0.5' width='{size - 1}' height='{size - 1}' rx='4' "
            f"fill='{fill}' stroke='#555'{dash}/>"
            + (
                f"<text x='{x + size / 2}' y='{size / 2 + 4.5}' text-anchor='middle' "
                f"font-size='13' font-family='sans-serif' fill='{colour}'>"
                f"{html.escape(text)}</text>"
                if text
                else ""
            )
            + "</g>"
        )
    cls = f" class='{css}'" if css else ""
    aria = f" role='img' aria-label='{html.escape(label, quote=True)}'" if label else ""
    return (
        f"<svg{cls}{aria} viewBox='0 0 {width} {size}' width='{width}' "
        f"style='max-width:100%;height:auto;display:block'>" + "".join(parts) + "</svg>"
    )


def _empty(tip: str | None = None) -> Slot:
    return (EMPTY, "", "#999", _("empty") if tip is None else tip)


def _section(title: str, body: str, *, css: str, note: str = "") -> str:
    extra = f" <span style='color:#666;font-size:smaller'>{note}</span>" if note else ""
    return (
        f"<div class='{css}' style='{BOX}'><div><b>{html.escape(title)}</b>{extra}</div>"
        f"{body}</div>"
    )


def _knights_line(
    observation: Mapping[str, Any], quest: Mapping[str, Any], name: str | None = None
) -> str:
    seats = quest.get("knights", [])
    merlin = (
        " <b class='board-merlin-here' style='color:#3a5fa0'>{}</b>".format(_("Merlin is here"))
        if name is not None and observation.get("merlin") == name
        else ""
    )
    here = html.escape(_("Knights here: {who}").format(who=who_is(observation, seats)))
    return f"<div style='font-size:smaller'>{here}{merlin}</div>"


# --- the parts of the board ----------------------------------------------------------------------
def _round_table(observation: Mapping[str, Any]) -> str:
    white, black = int(observation["white_swords"]), int(observation["black_swords"])
    total = max(threshold("swords_to_end"), white + black)  # the last action may lay more (RB p.17)
    slots: list[Slot] = [(WHITE, "W", "#555", _("white sword"))] * white
    slots += [(BLACK, "B", "#fff", _("black sword"))] * black
    slots += [_empty(_("no sword yet"))] * (total - white - black)
    label = _("{white} white and {black} black swords of {total}").format(
        white=white, black=black, total=threshold("swords_to_end")
    )
    lose = _("{n} black swords lose").format(n=threshold("black_swords_to_lose"))
    return _section(
        _("Round Table"),
        _slots(slots, css="board-swords", label=label),
        css="board-round-table",
        note=html.escape(sep().join([label, lose])),
    )


def _siege(observation: Mapping[str, Any]) -> str:
    engines = int(observation["siege_engines"])
    most = threshold("siege_engines_to_lose")
    slots: list[Slot] = [(ENGINE, str(i + 1), "#fff", _("siege engine")) for i in range(engines)]
    slots += [_empty(_("free spot"))] * max(0, most - engines)
    label = _("{n} of {most} siege engines").format(n=engines, most=most)
    colour = RED if engines >= most - 2 else "#666"
    loses = html.escape(_("(the 12th loses)"))
    return _section(
        _("Siege engines"),
        _slots(slots, css="board-engines", label=label),
        css="board-siege",
        note=f"<span style='color:{colour}'>{html.escape(label)} {loses}</span>",
    )


def _combat(observation: Mapping[str, Any], name: str, quest: Mapping[str, Any]) -> str:
    data = quest_data(name)
    whites = [int(v) for v in quest.get("white", [])]
    blacks = list(quest.get("black", []))
    w_slots: list[Slot] = [(WHITE, str(v), "#000", display_name(f"fight_{v}")) for v in whites]
    w_slots += [_empty()] * max(0, data.white_spots - len(whites))
    b_slots: list[Slot] = [
        (BLACK, black_text(c), "#fff", _("face down") if black_text(c) == "?" else f"{c}")
        for c in blacks
    ]
    b_slots += [_empty()] * max(0, data.black_spots - len(blacks))
    shown = [int(c) for c in blacks if black_text(c) != "?"]
    hidden = len(blacks) - len(shown)
    black_sum = f"{sum(shown)}" + (
        " + " + _("{n} face down (?)").format(n=hidden) if hidden else ""
    )
    versus = _("White {white} vs black {black}").format(white=sum(whites), black=black_sum)
    knights_side, evil_side = _("Knights' side"), _("Evil's side")
    return _section(
        quest_title(name),
        f"<div style='font-size:smaller'>{knights_side}</div>"
        + _slots(
            w_slots, css=f"board-{name}-white", label=_("white cards {cards}").format(cards=whites)
        )
        + f"<div style='font-size:smaller'>{evil_side}</div>"
        + _slots(
            b_slots, css=f"board-{name}-black", label=_("black cards {cards}").format(cards=blacks)
        )
        + f"<div style='font-size:smaller'>{html.escape(versus)}"
        "</div>" + _knights_line(observation, quest, name),
        css=f"board-quest board-{name}",
        note=_("solo") if data.solo else _("group"),
    )


def _excalibur(observation: Mapping[str, Any], quest: Mapping[str, Any]) -> str:
    steps = int(quest.get("steps", threshold("excalibur_steps")))
    pos = int(quest.get("position", 0))
    slots: list[Slot] = []
    for p in range(-steps, steps + 1):
        end = (
            _("lost") if p == -steps else _("won") if p == steps else f"{p:+d}" if p else _("start")
        )
        if p == pos:
            slots.append((GOLD, "⚔", "#000", _("Excalibur is here ({where})").format(where=end)))
        else:
            fill = "#c9d6e8" if p < 0 else "#d3ead0" if p > 0 else "#f4f4f4"
            slots.append((fill, "", "#000", end))
    note = _("position {pos} (-{steps} lost, +{steps} won)").format(pos=f"{pos:+d}", steps=steps)
    if quest.get("over"):
        note = _("over: Excalibur {state}").format(state=relic_state(observation, "excalibur"))
    knights_side, evil_side = _("knights' side"), _("evil side")
    return _section(
        quest_title("excalibur"),
        "<div style='display:flex;justify-content:space-between;font-size:smaller'>"
        f"<span>{html.escape(evil_side, quote=False)}</span>"
        f"<span>{html.escape(knights_side, quote=False)}</span></div>"
        + _slots(slots, size=22, css="board-excalibur-track", label=note)
        + _knights_line(observation, quest, "excalibur"),
        css="board-quest board-excalibur",
        note=html.escape(note),
    )


def _grail(observation: Mapping[str, Any], quest: Mapping[str, Any]) -> str:
    spots = int(quest.get("spots", threshold("grail_spots")))
    grails = int(quest.get("grails", 0))
    blacks = [str(b) for b in quest.get("blacks", [])]
    middle = max(0, spots - grails - len(blacks))
    slots: list[Slot] = [(GOLD, "G", "#000", _("Grail card"))] * grails
    slots += [_empty()] * middle
    slots += [(BLACK, b[:2].title(), "#fff", card_name(b)) for b in reversed(blacks)]
    note = _("{grails} grails, {blacks} black of {spots} spots").format(
        grails=grails, blacks=len(blacks), spots=spots
    )
    if quest.get("over"):
        note = _("over: the Grail {state}").format(state=relic_state(observation, "grail"))
    forest = (
        "<div style='color:#a40000;font-size:smaller'>{}</div>".format(
            html.escape(_("Dark Forest is on the quest"))
        )
        if quest.get("dark_forest")
        else ""
    )
    blacks_text = list_sep().join(map(card_name, blacks)) or _("none")
    shown = _("Black cards: {cards}").format(cards=blacks_text)
    return _section(
        quest_title("grail"),
        _slots(slots, css="board-grail-spots", label=note)
        + f"<div style='font-size:smaller'>{html.escape(shown)}</div>"
        + forest
        + _knights_line(observation, quest, "grail"),
        css="board-quest board-grail",
        note=html.escape(note),
    )


def _war(observation: Mapping[str, Any], name: str, quest: Mapping[str, Any]) -> str:
    laid = int(quest.get("fights", 0))
    warriors = int(quest.get("warriors", 0))
    spots = quest_data(name).white_spots
    most = threshold("war_warriors_to_lose")
    f_slots: list[Slot] = [
        (WHITE, str(v), "#000", display_name(f"fight_{v}")) for v in range(1, laid + 1)
    ]
    f_slots += [
        (EMPTY, str(v), "#bbb", _("next: {card}").format(card=display_name(f"fight_{v}")))
        for v in range(laid + 1, spots + 1)
    ]
    w_slots: list[Slot] = [(RED, "♟", "#fff", _("warrior"))] * warriors
    w_slots += [_empty(_("no warrior"))] * max(0, most - warriors)
    mordred = (
        "<div style='color:#a40000;font-size:smaller'>{}</div>".format(
            html.escape(_("Mordred is here"))
        )
        if quest.get("mordred")
        else ""
    )
    fights_label = _("{n} fights laid").format(n=laid)
    warriors_label = _("{n} warriors").format(n=warriors)
    laid_text = (
        _("fights 1..{laid} laid of {spots}").format(laid=laid, spots=spots)
        if laid
        else _("no fight laid")
    )
    return _section(
        quest_title(name),
        "<div style='display:flex;flex-wrap:wrap;gap:10px;align-items:center'>"
        f"<div>{_slots(f_slots, css=f'board-{name}-fights', label=fights_label)}</div>"
        f"<div>{_slots(w_slots, css=f'board-{name}-warriors', label=warriors_label)}"
        "</div></div>" + mordred + _knights_line(observation, quest, name),
        css=f"board-quest board-{name}",
        note=html.escape(
            sep().join([laid_text, _("warriors {n}/{most}").format(n=warriors, most=most)])
        ),
    )


def _life(n: int) -> str:
    most = threshold("max_life")
    title = _("{n} life").format(n=n)
    return (
        f"<span style='color:{RED}' title='{html.escape(title)}'>"
        f"{'♥' * n}</span>"
        f"<span style='color:#ccc'>{'♡' * max(0, most - n)}</span>&nbsp;{n}"
    )


def _bold(text: str, colour: str = "") -> str:
    style = f" style='color:{colour}'" if colour else ""
    return f"<b{style}>{html.escape(text)}</b>"


def _knights(observation: Mapping[str, Any]) -> str:
    names = seat_names(observation)
    life = by_seat(observation["life"], "life")
    where = by_seat(observation["location"], "location")
    sizes = by_seat(observation.get("hand_sizes", {}), "hand_sizes")
    dead = {seat_key(s) for s in observation.get("dead", [])}
    revealed = {seat_key(s) for s in observation.get("revealed", [])}
    accused = {seat_key(s) for s in observation.get("accused", [])}
    relics = relic_holders(observation)
    mc = expansion_of(observation)
    captured = set(mc["captured"]) if mc else set()
    to_act = observation.get("current_player")
    cell = "padding:2px 4px;border-bottom:1px solid #eee;vertical-align:top"
    rows = []
    for seat in sorted(names, key=str):
        notes = [html.escape(display_name(r, "relic")) for r in relics.get(seat, [])]
        if seat in dead:
            notes.append(_bold(_("dead")))
        if seat in revealed:
            notes.append(_bold(_("traitor, unmasked"), RED))
        if seat in accused:
            notes.append(_("has accused"))
        if seat in captured:
            notes.append(_bold(_("captured"), RED))
        if seat == to_act:
            notes.append(_bold(_("to act")))
        at = str(where.get(seat, ""))
        place = quest_title(at) if at else "-"
        shown = _life(int(life[seat])) if seat in life and seat not in dead else "-"
        style = "background:#fff6d6;" if seat == to_act else ""
        style += "opacity:0.55;" if seat in dead else ""
        rows.append(
            f"<tr class='board-knight' style='{style}'>"
            f"<td style='{cell}'>{seat}&nbsp;{html.escape(knight_name(names[seat]))}</td>"
            f"<td style='{cell}'>{html.escape('-' if seat in dead else place)}</td>"
            f"<td style='{cell};white-space:nowrap'>{shown}</td>"
            f"<td style='{cell};text-align:center'>{sizes.get(seat, '-')}</td>"
            f"<td style='{cell}'>{', '.join(notes)}</td>"
            "</tr>"
        )
    head = "".join(
        f"<th style='padding:2px 4px;text-align:left'>{_(h)}</th>"
        for h in (N_("seat"), N_("where"), N_("life"), N_("cards"), N_("relics, notes"))
    )
    return _section(
        _("Knights"),
        "<div style='overflow-x:auto'><table class='board-knights' style='border-collapse:"
        f"collapse;font-size:smaller;width:100%'><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>",
        css="board-knights-box",
    )


def _merlins_company(observation: Mapping[str, Any], mc: Mapping[str, Any]) -> str:
    """Merlin's figure, captured knights, witches in play, Divine Favor, the travel pile and
    the cards removed from the game (JA setup, travel rules, witches, special white cards)."""
    rows: list[tuple[str, str, str]] = [
        (
            "merlin",
            display_name("merlin_figure", "term") if get_language() != "en" else "Merlin",
            merlin_place(mc["merlin"]),
        )
    ]
    captured = mc["captured"]
    rows.append(
        (
            "captured",
            _("Captured"),
            _("{who} (no turns until another knight frees them)").format(
                who=who_is(observation, captured)
            )
            if captured
            else _("nobody"),
        )
    )
    witches = mc["witches"]
    rows.append(
        (
            "witches",
            _("Witches in play"),
            sep().join(map(witch_text, witches)) if witches else _("none"),
        )
    )
    rows.append(
        (
            "divine-favor",
            display_name("divine_favor") if get_language() != "en" else "Divine Favor",
            _("played: the next tie goes to the knights")
            if mc["divine_favor"]
            else _("not in play"),
        )
    )
    travel = mc["travel"]
    if travel is not None:
        rows.append(
            (
                "travel",
                _("Travel cards"),
                _("{draw} to draw, {discard} discarded").format(
                    draw=travel["draw"], discard=travel["discard"]
                ),
            )
        )
    removed = mc["removed"]
    rows.append(
        (
            "removed",
            _("Out of the game"),
            _("{black} black, {white} white").format(black=removed["black"], white=removed["white"])
            + (" " + _("(finished quests' black cards, JA)") if removed["black"] else ""),
        )
    )
    colon = _("{label}:")
    body = "".join(
        f"<div class='board-mc-{key}' style='font-size:smaller'>"
        f"<b>{html.escape(colon.format(label=label))}</b> {html.escape(text)}</div>"
        for key, label, text in rows
    )
    return _section(
        display_name("expansion", "term"), body, css="board-merlins-company", note=_("expansion")
    )


def _decks(observation: Mapping[str, Any]) -> str:
    d = observation["decks"]
    items = [
        _("white: {draw} to draw, {discard} discarded").format(
            draw=d.get("white_draw", "?"), discard=d.get("white_discard", "?")
        ),
        _("black: {draw} to draw, {discard} discarded").format(
            draw=d.get("black_draw", "?"), discard=d.get("black_discard", "?")
        ),
    ]
    if observation.get("in_play"):
        items.append(
            _("in play: {cards}").format(
                cards=list_sep().join(map(card_name, observation["in_play"]))
            )
        )
    if observation.get("heroism"):
        items.append(
            _("Heroism on: {quest}").format(quest=quest_title(str(observation["heroism"])))
        )
    return _section(
        _("Decks"),
        "".join(f"<div style='font-size:smaller'>{html.escape(i)}</div>" for i in items),
        css="board-decks",
    )


def _hand(observation: Mapping[str, Any], seat: int | None) -> str:
    hand = observation.get("hand") or {}
    if not isinstance(hand, Mapping):
        raise ValueError(f"the observation's 'hand' is {hand!r}; expected {{card: count}}")
    chips = "".join(
        "<span style='display:inline-block;border:1px solid #999;border-radius:4px;"
        f"padding:1px 5px;margin:2px;background:{WHITE}'>{html.escape(card_name(card))}"
        + (f" ×{n}" if int(n) != 1 else "")
        + "</span>"
        for card, n in sorted(hand.items())
        if int(n) > 0
    )
    loyalty = observation.get("loyalty")
    hand_of = (
        _("Hand of seat {seat}").format(seat=seat)
        if seat is not None
        else _("Hand of the viewing seat")
    )
    note = _("loyalty: {loyalty}").format(loyalty=_(str(loyalty)) if loyalty else _("hidden"))
    return _section(
        hand_of,
        "<div class='board-hand'>{}</div>".format(chips or html.escape(_("no white cards"))),
        css="board-hand-box",
        note=html.escape(note),
    )


def render_board(observation: Mapping[str, Any], *, seat: int | None = None) -> str:
    """Return an HTML picture of the board as ``observation`` shows it (one seat's view).

    ``observation`` is ``state.observation(seat)`` (dict keys by seat may be ints or, after
    JSON, strings). Face-down black cards show as "?". ``seat`` only labels the hand; it
    defaults to ``observation["seat"]`` if present. Raises ``ValueError`` naming what is
    missing when the dict is not an observation. Swords and engines RB p.17; quests BoQ pp.5-10.

    >>> "board-round-table" in render_board(example_observation())
    True
    """
    obs = check_observation(observation)
    quests = obs["quests"]
    if not isinstance(quests, Mapping):
        raise ValueError(f"the observation's 'quests' is {quests!r}; expected a dict")
    if seat is None and isinstance(obs.get("seat"), int):
        seat = obs["seat"]
    names = seat_names(obs)
    turn = seat_key(obs["turn"])
    to_act = obs.get("current_player")
    if obs.get("result") is not None:
        acting = _("the game is over")
    elif to_act is not None:
        acting = _("to act: {who}").format(who=who_is(obs, [to_act]))
    else:
        acting = _("next: a card or die is drawn (chance)")
    knight = _("{knight} (seat {seat})").format(knight=knight_name(names.get(turn, "?")), seat=turn)
    whose = (
        _("Turn {n}: {knight}").format(n=obs["turn_number"], knight=knight)
        if "turn_number" in obs
        else _("Turn of {knight}").format(knight=knight)
    )
    phase = _("phase: {phase}").format(phase=_(PHASES.get(str(obs["phase"]), str(obs["phase"]))))
    header = (
        "<div class='board-header' style='font-size:smaller'>"
        # Translators: the board's first line: whose turn, the phase, who acts now.
        + _("{t}, {p}; {a}").format(
            t=f"<b>{html.escape(whose)}</b>",
            p=html.escape(phase),
            a=html.escape(acting),
        )
        + "</div>"
    )
    parts = [header]
    result = obs.get("result")
    if isinstance(result, Mapping):
        over = _("Game over: {winner}").format(
            winner=_("the knights win") if result.get("knights_win") else _("evil wins")
        )
        parts.append(
            "<div class='board-result' style='font-size:larger;margin:4px 0'>"
            f"<b>{html.escape(over)}</b> ({html.escape(cause_text(result.get('cause', '')))})</div>"
        )
    parts += [_round_table(obs), _siege(obs)]
    bk = quest_of(quests, "black_knight")
    if bk is not None:
        parts.append(_combat(obs, "black_knight", bk))
    which, ld = lancelot_dragon_of(quests)
    if ld is not None:
        parts.append(_combat(obs, which, ld))
    else:
        parts.append(
            _section(
                _("Lancelot and the Dragon"),
                "<div style='font-size:smaller'>{}</div>".format(
                    _("both quests are over; their black cards add a siege engine (RB p.11)")
                ),
                css="board-quest board-lancelot_dragon",
            )
        )
    ex = quest_of(quests, "excalibur")
    if ex is not None:
        parts.append(_excalibur(obs, ex))
    gr = quest_of(quests, "grail")
    if gr is not None:
        parts.append(_grail(obs, gr))
    for war in ("picts", "saxons"):
        q = quest_of(quests, war)
        if q is not None:
            parts.append(_war(obs, war, q))
    parts.append(_knights(obs))
    mc = expansion_of(obs)
    if mc is not None:
        parts.append(_merlins_company(obs, mc))
    parts += [_decks(obs), _hand(obs, seat)]
    log = obs.get("log") or []
    if log:
        rule = obs.get("rule")
        names = seat_names(obs)
        knights = [names.get(i, "") for i in range(len(names))]  # (seat_names: int keys)
        steps = [render_step(note_text(str(s), knights=knights), None) for s in log[:-1]]
        last = note_text(str(log[-1]), knights=knights)
        steps.append(render_step(last, str(rule) if rule else None))
        parts.append(
            _section(
                _("Last step"),
                f"<div style='font-size:smaller'>{''.join(steps)}</div>",
                css="board-log",
            )
        )
    return (
        "<div class='camelot-board' style='font-family:sans-serif;max-width:640px;"
        "box-sizing:border-box'>" + "".join(parts) + "</div>"
    )


def render_step(text: str, rule_id: str | None = None) -> str:
    """Return one line of HTML: what happened at a step and the rule applied.

    A rule id known to the registry (``camelot_rules.data.registry``) also shows its source (the
    rulebook page) and, on hover, its statement; an unknown id is shown as it is.

    >>> from camelot_rules.data.registry import rule
    >>> step = render_step("seat 0: fight a siege engine with 5", "siege.fight")
    >>> f"rule: siege.fight, {rule('siege.fight').source}" in step
    True
    """
    check_text("text", text)
    if rule_id is not None:
        check_text("rule_id", rule_id)
    extra = ""
    if rule_id:
        from camelot_rules.data.registry import rule, statement

        shown, title = rule_id, ""
        try:
            r = rule(rule_id)
        except ValueError:
            pass
        else:
            shown = f"{rule_id}, {r.source}"
            title = f" title='{html.escape(statement(rule_id), quote=True)}'"
        label = html.escape(_("rule: {rule}").format(rule=shown))
        extra = f" <span style='color:#666;font-size:smaller'{title}>{label}</span>"
    return f"<div class='game-step'>{html.escape(text)}{extra}</div>"


def example_observation(*, expansion: bool = False) -> dict[str, Any]:
    """Return a hand-made observation (4 players, mid-game; Kay dead, a face-down black card
    on the Black Knight) to try ``render_board`` without the engine.

    With ``expansion=True`` it is a Merlin's Company game: Merlin at the Grail, Gawain
    captured, the 2nd and 6th witches in play, Divine Favor played, 9 travel cards to draw and
    3 black cards out of the game.

    >>> "board-merlins-company" in render_board(example_observation(expansion=True))
    True
    """
    obs = _example_base()
    if expansion:
        obs.update(
            expansion=True,
            options={"coats": "expansion"},
            merlin="grail",
            captured=[2],
            witches=["morgan_witch_2", "morgan_witch_6"],
            divine_favor=True,
            travel={"draw": 9, "discard": 5},
            removed={"white": 0, "black": 3},
        )
    return obs


def _example_base() -> dict[str, Any]:
    return {
        "players": 4,
        "expansion": False,
        "options": {},
        "turn": 1,
        "phase": "heroic",
        "current_player": 1,
        "white_swords": 3,
        "black_swords": 1,
        "siege_engines": 4,
        "life": {0: 4, 1: 3, 2: 5},
        "knights": {0: "arthur", 1: "galahad", 2: "gawain", 3: "kay"},
        "location": {0: "camelot", 1: "grail", 2: "black_knight", 3: "camelot"},
        "dead": [3],
        "revealed": [],
        "accused": [],
        "relics": {"excalibur": "quest", "grail": "quest", "armor": "quest"},
        "quests": {
            "black_knight": {"white": [3, 3], "black": [5, "hidden"], "knights": [2]},
            "lancelot": {"white": [], "black": [3], "knights": []},
            "lancelot_dragon": "lancelot",
            "excalibur": {"position": -2, "steps": 5, "over": False, "knights": []},
            "grail": {
                "grails": 3,
                "blacks": ["despair"],
                "dark_forest": False,
                "over": False,
                "spots": 7,
                "knights": [1],
            },
            "picts": {"fights": 2, "warriors": 1, "mordred": False, "knights": []},
            "saxons": {"fights": 0, "warriors": 3, "mordred": True, "knights": []},
        },
        "hand": {"fight_3": 2, "grail": 1},
        "hand_sizes": {0: 5, 1: 3, 2: 6},
        "loyalty": "loyal",
        "decks": {"white_draw": 50, "white_discard": 12, "black_draw": 60, "black_discard": 5},
        "in_play": [],
        "heroism": None,
        "log": [],
    }


# --- the widget --------------------------------------------------------------------------------
