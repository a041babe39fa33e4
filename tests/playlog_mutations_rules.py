"""Mutation operators by rule: one for each family of the engine's rules a play log can show.

Each operator takes the lines of a clean log (written by the engine's log writer) and a random
generator, and returns ``None`` (nothing to mutate) or a :class:`~tests.playlog_mutations.Mutant`
that breaks one rule, with the lines where the verifier must flag it. :data:`RULE_OF` names the
rule each operator of this module, of :mod:`tests.playlog_mutations`,
:mod:`tests.playlog_mutations_more` and :mod:`tests.playlog_mutations_cards` breaks, so that
detection is counted per rule id (``benchmarks/bench_playlog.py``). :data:`BLIND` lists the
rules a log cannot show, each with why.
"""

from __future__ import annotations

import random
import re
from collections import Counter

from camelot_rules.data import rulebook
from tests.playlog_mutations import (
    ILLEGAL,
    Mutant,
    Operator,
    _game_over_at,
    _insert,
    _knights,
    _one_card_more,
    _pick,
    _replace,
    _turn_of,
    _where,
)
from tests.playlog_mutations_cards import CARDS, CARDS_RULES
from tests.playlog_mutations_more import MORE, MORE_RULES

_HEROIC = re.compile(
    r"(move \S+ how=(heroic_action|knight_power)|play |siege |heal |free |accuse )"
)


def _live(lines: list[str]) -> int:
    """Index of the first line after the game's end (loyalty, end)."""
    return _game_over_at(lines)


def _sites(lines: list[str], pattern: str) -> list[int]:
    return [i for i in _where(lines, pattern) if i < _live(lines)]


def _turn_lines(lines: list[str], i: int) -> tuple[int, int]:
    """The first and past-the-last index of the turn holding line ``i``."""
    start, _who = _turn_of(lines, i)
    end = i + 1
    while end < len(lines) and not lines[end].startswith(("turn ", "loyalty ", "end ")):
        end += 1
    return start, end


def _loyalty(lines: list[str]) -> dict[str, str]:
    return {ln.split()[1]: ln.split()[2] for ln in lines if ln.startswith("loyalty ")}


# --- setup and turns ----------------------------------------------------------------------------
def first_turn_not_arthur(lines: list[str], rng: random.Random) -> Mutant | None:
    """The first turn given to another knight than King Arthur, who begins."""
    turns = _sites(lines, r"turn ")
    knights = _knights(lines)
    if not turns or "arthur" not in knights or lines[turns[0]] != "turn arthur":
        return None
    other = next(k for k in knights if k != "arthur")
    return Mutant(_replace(lines, turns[0], f"turn {other}"), frozenset({turns[0] + 1}))


def loyalty_second_traitor(lines: list[str], rng: random.Random) -> Mutant | None:
    """A second traitor's loyalty card in a game whose deck holds one."""
    if "expansion=no" not in lines[0]:
        return None
    rows = _where(lines, r"loyalty \S+ loyal$")
    if not rows or not _where(lines, r"loyalty \S+ traitor$"):
        return None
    i = rng.choice(rows)
    mutant = _replace(lines, i, lines[i].replace(" loyal", " traitor"))
    return Mutant(mutant, frozenset(j + 1 for j in _where(mutant, r"loyalty ")))


def drop_sacrifice(lines: list[str], rng: random.Random) -> Mutant | None:
    """A second heroic action without the life point sacrificed for it."""
    sites = []
    for i in _sites(lines, r"sacrifice "):
        who = lines[i].split()[1]
        if who == "galahad":
            continue  # his special card is free: the sacrifice may have bought nothing he needed
        _start, end = _turn_lines(lines, i)
        later = [
            j
            for j in range(i + 1, end)
            if _HEROIC.match(lines[j])
            and f" {who}" in lines[j]
            and "how=knight_power" not in lines[j]  # Tristan's free move (RB p.17: any time)
        ]
        if later:
            sites.append((i, later[0]))
    if not sites:
        return None
    i, j = rng.choice(sites)
    return Mutant(lines[:i] + lines[i + 1 :], frozenset({j}))


def repeat_round_table(lines: list[str], rng: random.Random) -> Mutant | None:
    """A second Round Table draw in one turn, bought with a life point: the same action twice."""
    sites = _sites(lines, r"draw white .*for=round_table")
    i = _pick(rng, sites)
    if i is None:
        return None
    _start, who = _turn_of(lines, i)
    j = i + 1
    while j < len(lines) and lines[j].startswith("draw white") and "round_table" not in lines[j]:
        j += 1
    new = _insert(lines, i + 1, f"sacrifice {who}", "draw white for=round_table")
    return Mutant(new, frozenset({i + 2, i + 3}))


def drop_only_action(lines: list[str], rng: random.Random) -> Mutant | None:
    """A turn without its heroic action (its one Round Table draw left out)."""
    sites = []
    for i in _sites(lines, r"draw white for=round_table$"):
        start, end = _turn_lines(lines, i)
        actions = [j for j in range(start, end) if _HEROIC.match(lines[j])]
        if not actions and "sacrifice" not in " ".join(lines[start:end]) and end < _live(lines):
            sites.append((i, end))
    if not sites:
        return None
    i, end = rng.choice(sites)  # (flagged at the next turn, or at a line between it shows)
    return Mutant(lines[:i] + lines[i + 1 :], frozenset(range(i + 1, end + 1)))


def act_out_of_turn(lines: list[str], rng: random.Random) -> Mutant | None:
    """A heroic move by a knight whose turn it is not."""
    sites = []
    for i in _sites(lines, r"move \S+ how=heroic_action"):
        _s, who = _turn_of(lines, i)
        others = [k for k in _knights(lines) if k != who]
        sites.append((i, rng.choice(others)))
    if not sites:
        return None
    i, other = rng.choice(sites)
    new = re.sub(r"^move \S+", f"move {other}", lines[i])
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


# --- counts the table keeps ---------------------------------------------------------------------
def engines_off_by_one(lines: list[str], rng: random.Random) -> Mutant | None:
    """The scorekeeper's count of the siege engines off by one."""
    i = _pick(rng, _sites(lines, r"engines \d+$"))
    if i is None:
        return None
    n = int(lines[i].split()[1])
    return Mutant(_replace(lines, i, f"engines {n + 1 if n < 11 else n - 1}"), frozenset({i + 1}))


def end_count_off(lines: list[str], rng: random.Random) -> Mutant | None:
    """The final count of the swords off by one."""
    ends = _where(lines, r"end ")
    if not ends:
        return None
    i = ends[0]
    m = re.match(r"end white=(\d+) black=(\d+)", lines[i])
    assert m
    white, black = int(m.group(1)), int(m.group(2))
    new = re.sub(r"white=\d+ black=\d+", f"white={white + 1} black={max(0, black - 1)}", lines[i])
    if black == 0:
        new = re.sub(r"white=\d+", f"white={white + 1}", lines[i])
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


# --- the piles ----------------------------------------------------------------------------------
def reshuffle_early(lines: list[str], rng: random.Random) -> Mutant | None:
    """The white and black decks reshuffled in the first turn, with cards still to draw."""
    turns = _sites(lines, r"turn ")
    if not turns:
        return None
    at = turns[0] + 1
    return Mutant(_insert(lines, at, "reshuffle black"), frozenset({at + 1}))


def travel_reshuffle_early(lines: list[str], rng: random.Random) -> Mutant | None:
    """The travel deck reshuffled right after its first card, with cards still to draw."""
    sites = _sites(lines, r"(draw travel |move .*travel=)")
    if not sites:
        return None
    at = sites[0] + 1
    return Mutant(_insert(lines, at, "reshuffle travel"), frozenset({at + 1}))


def travel_card_over(lines: list[str], rng: random.Random) -> Mutant | None:
    """A travel card drawn more times than the deck holds since its last reshuffle."""
    box = dict(zip(rulebook.TRAVEL_KINDS, rulebook.TRAVEL_MIXES["assumed"], strict=True))
    if "travel_mix=" in lines[0]:
        return None
    drawn: Counter[str] = Counter()
    for i, line in enumerate(lines[: _live(lines)]):
        if line.startswith("reshuffle travel"):
            drawn = Counter()
            continue
        m = re.match(r"draw travel (\S+)", line)
        if m:
            full = [k for k in box if drawn[k] >= box[k]]
            if full:
                new = line.replace(m.group(1), full[0], 1)
                return Mutant(
                    _replace(lines, i, new.split(" pay=")[0].split(" failed")[0]),
                    frozenset({i + 1}),
                )
            drawn[m.group(1)] += 1
    return None


# --- siege fights -------------------------------------------------------------------------------
def kay_card_not_kay(lines: list[str], rng: random.Random) -> Mutant | None:
    """A card added after the roll to the fight of a knight who is not Sir Kay."""
    sites = [i for i in _sites(lines, r"siege (?!kay )\S+ .* lost") if "kay=" not in lines[i]]
    i = _pick(rng, sites)
    if i is None:
        return None
    return Mutant(_replace(lines, i, lines[i] + " kay=1"), frozenset({i + 1}))


def excalibur_bonus_unheld(lines: list[str], rng: random.Random) -> Mutant | None:
    """Excalibur's +1 claimed in a siege fight by a knight who does not hold it."""
    i = _pick(rng, [i for i in _sites(lines, r"siege ") if "excalibur" not in lines[i]])
    if i is None:
        return None
    new = re.sub(r" (won|lost)", r" \1 excalibur", lines[i], count=1)
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


# --- quests -------------------------------------------------------------------------------------
def move_to_finished_quest(lines: list[str], rng: random.Random) -> Mutant | None:
    """A move to a quest that is over (Excalibur or the Grail, once won or lost)."""
    for quest in ("excalibur", "grail"):
        over = _where(lines, rf"quest {quest} ")
        if not over:
            continue
        sites = [i for i in _sites(lines, r"move \S+ how=heroic_action to=") if i > over[0]]
        i = _pick(rng, sites)
        if i is not None:
            new = re.sub(r"to=\S+", f"to={quest}", lines[i])
            return Mutant(_replace(lines, i, new), frozenset({i + 1}))
    return None


def solo_quest_taken(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight moves to the Black Knight while another knight is on it (a solo quest)."""
    holder, sites = "", []
    for i, line in enumerate(lines[: _live(lines)]):
        words = line.split()
        if words[:1] == ["move"] and "to=black_knight" in line:
            card = re.search(r"travel=(\S+)", line)
            nxt = lines[i + 1].split() if i + 1 < len(lines) else []
            drawn = card.group(1) if card else (nxt[2] if nxt[:2] == ["draw", "travel"] else "")
            if drawn in ("", "nothing_happens", "merlin_travels") and "failed" not in line:
                holder = words[1]  # he arrived (no travel card sent him elsewhere)
        elif words[:1] == ["move"] and words[1] == holder:
            holder = ""
        elif line.startswith(("quest black_knight", f"death {holder}", f"unmasked {holder}")):
            holder = ""  # (the quest ended, or its knight left the board)
        elif words[:1] == ["accuse"] and words[2:] == [holder, "right"]:
            holder = ""
        elif (
            holder
            and re.match(r"move \S+ how=heroic_action to=(?!black_knight)", line)
            and words[1] != holder
        ):
            sites.append(i)
    i = _pick(rng, sites)
    if i is None:
        return None
    new = re.sub(r"to=\S+", "to=black_knight", lines[i])
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


def grail_card_off_grail(lines: list[str], rng: random.Random) -> Mutant | None:
    """A Grail card laid by a knight who is on another quest."""
    i = _pick(rng, _sites(lines, r"play \S+ fight_\d (black_knight|lancelot|dragon|picts|saxons)$"))
    if i is None:
        return None
    who = lines[i].split()[1]
    return Mutant(_replace(lines, i, f"play {who} grail grail"), frozenset({i + 1}))


def excalibur_discard_off(lines: list[str], rng: random.Random) -> Mutant | None:
    """A card discarded to move Excalibur by a knight who is not on its quest."""
    i = _pick(rng, _sites(lines, r"play \S+ fight_\d (black_knight|lancelot|dragon|picts|saxons)$"))
    if i is None:
        return None
    words = lines[i].split()
    return Mutant(_replace(lines, i, f"play {words[1]} {words[2]} excalibur"), frozenset({i + 1}))


def quest_result_flipped(lines: list[str], rng: random.Random) -> Mutant | None:
    """A quest recorded as won that was lost, or lost that was won."""
    i = _pick(rng, _sites(lines, r"quest \S+ (won|lost)"))
    if i is None:
        return None
    words = lines[i].split()
    flipped = "lost" if words[2] == "won" else "won"
    return Mutant(_replace(lines, i, f"quest {words[1]} {flipped}"), frozenset({i + 1}))


def war_card_skipped(lines: list[str], rng: random.Random) -> Mutant | None:
    """A war's Fight card one value too high (a war climbs 1 to 5)."""
    i = _pick(rng, _sites(lines, r"play \S+ fight_[1-3] (picts|saxons)$"))
    if i is None:
        return None
    words = lines[i].split()
    value = int(words[2][6:]) + 2
    return Mutant(
        _replace(lines, i, f"play {words[1]} fight_{value} {words[3]}"), frozenset({i + 1})
    )


# --- black cards --------------------------------------------------------------------------------
def face_down_without_draw(lines: list[str], rng: random.Random) -> Mutant | None:
    """A combat card recorded face up, with the white card a face-down card gives drawn."""
    sites = [
        i
        for i in _sites(lines, r"draw black \S+ down$")
        if i + 1 < len(lines) and "for=face_down" in lines[i + 1]
    ]
    i = _pick(rng, sites)
    if i is None:
        return None
    return Mutant(_replace(lines, i, lines[i][: -len(" down")]), frozenset({i + 1, i + 2}))


def volunteer_unasked(lines: list[str], rng: random.Random) -> Mutant | None:
    """A volunteer for a black card that asks none (only Morgan 2 and 5 do)."""
    sites = [i for i in _sites(lines, r"draw black ") if not re.search(r"morgan_[25]", lines[i])]
    i = _pick(rng, sites)
    if i is None:
        return None
    _s, who = _turn_of(lines, i)
    return Mutant(_insert(lines, i + 1, f"volunteer {who}"), frozenset({i + 2}))


def cancel_wrong_card(lines: list[str], rng: random.Random) -> Mutant | None:
    """Merlin cards cancel a card that is not the black card just drawn."""
    i = _pick(rng, _sites(lines, r"cancel \S+ with=merlin"))
    if i is None:
        return None
    card = lines[i].split()[1]
    other = "vivien" if card != "vivien" else "guinevere"
    return Mutant(_replace(lines, i, lines[i].replace(card, other, 1)), frozenset({i + 1}))


def excalibur_cancel_unheld(lines: list[str], rng: random.Random) -> Mutant | None:
    """Excalibur given up to cancel a black card before any knight holds it."""
    won = _where(lines, r"quest excalibur won")
    sites = [
        i
        for i in _sites(lines, r"draw black \S+$")
        if (not won or i < won[0]) and not lines[i + 1].startswith("cancel")
    ]
    i = _pick(rng, sites)
    if i is None:
        return None
    card = lines[i].split()[2]
    return Mutant(_insert(lines, i + 1, f"cancel {card} with=excalibur"), frozenset({i + 2}))


# --- the Grail, special cards, knights' powers --------------------------------------------------
def drink_unasked(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight drinks from the Grail when nobody is dying (he is alive and well)."""
    i = _pick(rng, _sites(lines, r"turn "))
    if i is None:
        return None
    who = lines[i].split()[1]
    return Mutant(_insert(lines, i + 1, f"drink {who}"), frozenset({i + 2}))


def merlin_engine_none(lines: list[str], rng: random.Random) -> Mutant | None:
    """A Merlin card plays to remove a siege engine when there is none."""
    turns = _sites(lines, r"turn ")
    if len(turns) < 2:
        return None
    start, end = turns[0], turns[1]
    if any("engine" in ln or "morgan_4" in ln for ln in lines[start:end]):
        return None
    actions = [j for j in range(start, end) if _HEROIC.match(lines[j]) or "round_table" in lines[j]]
    if not actions:
        return None
    who = lines[start].split()[1]
    return Mutant(
        _replace(lines, actions[0], f"play {who} merlin engine"), frozenset({actions[0] + 1})
    )


def fate_reveal_loyal(lines: list[str], rng: random.Random) -> Mutant | None:
    """A loyal knight plays Fate to reveal himself as a traitor."""
    loyal = {k for k, v in _loyalty(lines).items() if v == "loyal"}
    sites = []
    for i in _sites(lines, r"(move \S+ how=heroic_action|draw white for=round_table)"):
        _s, who = _turn_of(lines, i)
        if who in loyal:
            sites.append((i, who))
    if not sites:
        return None
    i, who = rng.choice(sites)
    new = _replace(lines, i, f"play {who} fate reveal")
    expect = {i + 1} | {j + 1 for j in _where(new, rf"loyalty {who} ")}
    return Mutant(new, frozenset(expect))


def power_twice(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight's power used twice in one turn (Arthur's exchange, Caradoc's draw)."""
    i = _pick(rng, _sites(lines, r"power (arthur|caradoc)"))
    if i is None:
        return None
    return Mutant(_insert(lines, i + 1, lines[i]), frozenset({i + 2}))


def power_of_another(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight uses a power he does not have (Arthur's, Caradoc's)."""
    sites = []
    for i in _sites(lines, r"evil \S+ (engine|life)$"):
        who = lines[i].split()[1]
        if who not in ("arthur", "caradoc", "percival"):
            sites.append((i, who))
    if not sites:
        return None
    i, who = rng.choice(sites)
    return Mutant(_insert(lines, i + 1, f"power {who}"), frozenset({i + 2}))


def round_table_extra_card(lines: list[str], rng: random.Random) -> Mutant | None:
    """One white card more drawn at the Round Table than the knight draws (2, Gawain 3)."""
    return _one_card_more(lines, rng, _sites(lines, r"draw white \S+ .*for=round_table"))


def heal_unlike(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight heals with three cards that are not identical."""
    i = _pick(rng, _sites(lines, r"heal "))
    if i is None:
        return None
    words = lines[i].split()
    other = "fight_1" if words[2] != "fight_1" else "fight_2"
    return Mutant(_replace(lines, i, " ".join([*words[:4], other])), frozenset({i + 1}))


# --- deaths, traitors, accusations --------------------------------------------------------------
def death_alive(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight recorded dead at the start of his turn (he has life points)."""
    i = _pick(rng, _sites(lines, r"turn "))
    if i is None:
        return None
    who = lines[i].split()[1]
    return Mutant(_insert(lines, i + 1, f"death {who}"), frozenset({i + 2}))


def unmasked_loyal(lines: list[str], rng: random.Random) -> Mutant | None:
    """A loyal knight recorded as an unmasked traitor."""
    loyal = [k for k, v in _loyalty(lines).items() if v == "loyal"]
    turns = _sites(lines, r"turn ")
    if not loyal or not turns:
        return None
    i = rng.choice(turns)
    return Mutant(_insert(lines, i + 1, f"unmasked {rng.choice(loyal)}"), frozenset({i + 2}))


def traitor_acts(lines: list[str], rng: random.Random) -> Mutant | None:
    """The unmasked traitor takes a heroic action in his turn."""
    i = _pick(rng, _sites(lines, r"steal "))
    if i is None:
        return None
    j = i + 1
    while j < len(lines) and lines[j].startswith(("evil ", "draw black", "cancel", "volunteer")):
        j += 1
    who = lines[i].split()[1]
    return Mutant(_insert(lines, j, f"draw white for=round_table to={who}"), frozenset({j + 1}))


def steal_from_himself(lines: list[str], rng: random.Random) -> Mutant | None:
    """The unmasked traitor takes a card from a hand no knight in play holds (his own)."""
    i = _pick(rng, _sites(lines, r"steal "))
    if i is None:
        return None
    who = lines[i].split()[1]
    return Mutant(_replace(lines, i, f"steal {who} {who}"), frozenset({i + 1}))


def accuse_flipped(lines: list[str], rng: random.Random) -> Mutant | None:
    """An accusation recorded with the wrong result (the loyalty cards say otherwise)."""
    i = _pick(rng, _sites(lines, r"accuse "))
    if i is None:
        return None
    words = lines[i].split()
    flipped = "wrong" if words[3] == "right" else "right"
    new = _replace(lines, i, " ".join([*words[:3], flipped]))
    return Mutant(new, frozenset({i + 1} | {j + 1 for j in _where(new, rf"loyalty {words[2]} ")}))


# --- Merlin's Company: travel -------------------------------------------------------------------
def travel_on_return(lines: list[str], rng: random.Random) -> Mutant | None:
    """A travel card drawn for a return to Camelot at a quest's end."""
    if "expansion=yes" not in lines[0]:
        return None
    i = _pick(rng, _sites(lines, r"move \S+ how=return_after_quest"))
    if i is None:
        return None
    return Mutant(_replace(lines, i, lines[i] + " travel=nothing_happens"), frozenset({i + 1}))


def demand_wrong_payment(lines: list[str], rng: random.Random) -> Mutant | None:
    """A travel card's demand met with a card it does not take."""
    i = _pick(rng, _sites(lines, r".*pay=\S+"))
    if i is None:
        return None
    new = re.sub(r"pay=\S+", "pay=fight_1", lines[i])
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


def free_not_captured(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight frees another who is not captured."""
    if "expansion=yes" not in lines[0]:
        return None
    sites = []
    for i in _sites(lines, r"move \S+ how=heroic_action"):
        if any(ln.startswith("captured ") for ln in lines[:i]):
            continue
        _s, who = _turn_of(lines, i)
        others = [k for k in _knights(lines) if k != who]
        sites.append((i, who, rng.choice(others)))
    if not sites:
        return None
    i, who, other = rng.choice(sites)
    return Mutant(_replace(lines, i, f"free {who} {other} card=merlin"), frozenset({i + 1}))


def merlin_figure_moved(lines: list[str], rng: random.Random) -> Mutant | None:
    """Merlin's figure recorded on another quest than the one he went to."""
    i = _pick(rng, _sites(lines, r"merlin \S+$"))
    if i is None:
        return None
    place = lines[i].split()[1]
    other = "saxons" if place != "saxons" else "picts"
    return Mutant(_replace(lines, i, f"merlin {other}"), frozenset({i + 1}))


# --- the end, and what the rules make follow -----------------------------------------------------
def _end_cause(lines: list[str]) -> str:
    """How the game of a log ended, read from its lines (its end line, deaths, engines)."""
    ends = _where(lines, r"end ")
    if not ends:
        return ""
    m = re.match(r"end white=(\d+) black=(\d+)", lines[ends[0]])
    assert m
    white, black = int(m.group(1)), int(m.group(2))
    if white + black >= 12:
        return "12 swords"
    if black >= 7:
        return "7 black swords"
    engines = [int(ln.split()[1]) for ln in lines if re.match(r"engines \d+$", ln)]
    if engines and engines[-1] >= 12:
        return "12 siege engines"
    gone = {ln.split()[1] for ln in lines if ln.startswith(("death ", "unmasked "))}
    traitors = {k for k, v in _loyalty(lines).items() if v == "traitor"}
    if set(_knights(lines)) - traitors <= gone:
        return "all knights dead"
    return ""


def _after_end(cause: str, name: str) -> Operator:
    def op(lines: list[str], rng: random.Random) -> Mutant | None:
        if _end_cause(lines) != cause:
            return None
        at = _live(lines)
        alive = [k for k in _knights(lines) if f"death {k}" not in lines]
        who = alive[0] if alive else _knights(lines)[0]
        return Mutant(_insert(lines, at, f"turn {who}", f"evil {who} engine"), frozenset({at + 1}))

    op.__doc__ = f"Play recorded after the game ended ({cause})."
    op.__name__ = name
    return op


play_after_seven_black = _after_end("7 black swords", "play_after_seven_black")
play_after_twelfth_engine = _after_end("12 siege engines", "play_after_twelfth_engine")
play_after_all_dead = _after_end("all knights dead", "play_after_all_dead")
play_after_twelfth_sword = _after_end("12 swords", "play_after_twelfth_sword")


def drop_quest_line(lines: list[str], rng: random.Random) -> Mutant | None:
    """A quest's end the log of a complete record does not write."""
    if "complete=yes" not in lines[0]:
        return None
    i = _pick(rng, _sites(lines, r"quest "))
    if i is None:
        return None
    _start, end = _turn_lines(lines, i)
    mutant = lines[:i] + lines[i + 1 :]
    ends = {j + 1 for j in _where(mutant, r"end ")}  # (the game's last quest: at its end)
    return Mutant(mutant, frozenset(range(i + 1, end + 1)) | ends)


def tristan_second_move(lines: list[str], rng: random.Random) -> Mutant | None:
    """Sir Tristan moves again as his heroic action after his free departure."""
    sites = []
    for i in _sites(lines, r"move tristan how=knight_power"):
        j = i + 1
        while j < len(lines) and lines[j].startswith(
            ("draw travel", "reshuffle travel", "merlin ")
        ):
            j += 1
        if "failed" not in " ".join(lines[i:j]) and "captured" not in " ".join(lines[i:j]):
            sites.append(j)
    j = _pick(rng, sites)
    if j is None:
        return None
    return Mutant(
        _insert(lines, j, "move tristan how=heroic_action to=camelot"), frozenset({j + 1})
    )


def gawain_fourth_card(lines: list[str], rng: random.Random) -> Mutant | None:
    """Sir Gawain draws a fourth white card at the Round Table (he draws 3)."""
    sites = []
    for i in _sites(lines, r"draw white \S+ \S+ \S+ for=round_table$"):
        _s, who = _turn_of(lines, i)
        if who == "gawain":
            sites.append(i)
    return _one_card_more(lines, rng, sites)


def second_special_card(lines: list[str], rng: random.Random) -> Mutant | None:
    """A second special white card in one turn, bought with a life point (one a turn)."""
    specials = "|".join(sorted(rulebook.SPECIAL_WHITE))
    sites = []
    for i in _sites(lines, rf"play (?!galahad )\S+ ({specials})\b"):
        _s, who = _turn_of(lines, i)
        if who != "galahad" and lines[i].split()[1] == who and not lines[i].endswith(" excalibur"):
            sites.append((i, who))
    if not sites:
        return None
    i, who = rng.choice(sites)
    new = _insert(lines, i + 1, f"sacrifice {who}", f"play {who} fate loyal")
    return Mutant(new, frozenset({i + 2, i + 3}))


def mists_missing_sword(lines: list[str], rng: random.Random) -> Mutant | None:
    """A quest lost under the Mists of Avalon without its extra black sword."""
    mists = [
        i
        for i in _sites(lines, r"draw black mists_of_avalon$")
        if not lines[i + 1].startswith("cancel")
    ]
    if not mists:
        return None
    sites = [i for i in _sites(lines, r"quest \S+ lost black=[1-9]") if i > mists[0]]
    i = _pick(rng, sites)
    if i is None:
        return None
    n = int(re.search(r"black=(\d+)", lines[i]).group(1))  # type: ignore[union-attr]
    return Mutant(
        _replace(lines, i, re.sub(r"black=\d+", f"black={n - 1}", lines[i])), frozenset({i + 1})
    )


def finished_quest_engine(lines: list[str], rng: random.Random) -> Mutant | None:
    """A black card of a quest that is over, recorded without the siege engine it adds."""
    if "expansion=no" not in lines[0]:
        return None  # (in Merlin's Company Merlin's figure may stand on the quest)
    over = {q: _where(lines, rf"quest {q} ") for q in ("excalibur", "grail")}
    cards = {"excalibur": "excalibur", "grail": "(despair|desolation|dark_forest)"}
    sites = []
    for quest, ends in over.items():
        if not ends:
            continue
        for i in _sites(lines, rf"draw black {cards[quest]}$"):
            if i > ends[0] and re.match(r"engines \d+$", lines[i + 1]):
                sites.append(i + 1)
    i = _pick(rng, sites)
    if i is None:
        return None
    n = int(lines[i].split()[1])
    return Mutant(_replace(lines, i, f"engines {n - 1}"), frozenset({i + 1}))


def tie_recorded_won(lines: list[str], rng: random.Random) -> Mutant | None:
    """A siege fight recorded as won on a tie (a tie goes to Evil)."""
    if any("divine_favor" in ln for ln in lines):
        return None
    sites = []
    for i in _sites(lines, r"siege \S+ cards=\S+ roll=\d+ lost$"):
        total = sum(map(int, re.search(r"cards=(\S+)", lines[i]).group(1).split(",")))  # type: ignore[union-attr]
        if 1 <= total <= 8:
            sites.append((i, total))
    if not sites:
        return None
    i, total = rng.choice(sites)
    new = re.sub(r"roll=\d+ lost", f"roll={total} won", lines[i])
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


NEW: dict[str, Operator] = {
    f.__name__: f
    for f in (
        first_turn_not_arthur,
        loyalty_second_traitor,
        drop_sacrifice,
        repeat_round_table,
        drop_only_action,
        act_out_of_turn,
        engines_off_by_one,
        end_count_off,
        reshuffle_early,
        travel_reshuffle_early,
        travel_card_over,
        kay_card_not_kay,
        excalibur_bonus_unheld,
        move_to_finished_quest,
        solo_quest_taken,
        grail_card_off_grail,
        excalibur_discard_off,
        quest_result_flipped,
        war_card_skipped,
        face_down_without_draw,
        volunteer_unasked,
        cancel_wrong_card,
        excalibur_cancel_unheld,
        drink_unasked,
        merlin_engine_none,
        fate_reveal_loyal,
        power_twice,
        power_of_another,
        round_table_extra_card,
        heal_unlike,
        death_alive,
        unmasked_loyal,
        traitor_acts,
        steal_from_himself,
        accuse_flipped,
        travel_on_return,
        demand_wrong_payment,
        free_not_captured,
        merlin_figure_moved,
        play_after_seven_black,
        play_after_twelfth_engine,
        play_after_all_dead,
        play_after_twelfth_sword,
        drop_quest_line,
        tristan_second_move,
        gawain_fourth_card,
        second_special_card,
        mists_missing_sword,
        finished_quest_engine,
        tie_recorded_won,
    )
}
ALL: dict[str, Operator] = {**ILLEGAL, **NEW, **MORE, **CARDS}

#: the rule (registry id) each operator breaks
RULE_OF: dict[str, str] = {
    # tests/playlog_mutations.py
    "die_flip": "siege.fight",
    "die_nine": "siege.fight",
    "extra_black_draw": "evil.black-card",
    "drop_black_draw": "evil.black-card",
    "skip_evil": "turn.evil-step",
    "double_evil": "turn.evil-step",
    "dead_acts": "death.zero-life",
    "captured_acts": "travel.captured",
    "exhausted_card": "deck.counts",
    "miscount_sword": "endgame.twelve-swords",
    "quest_spoils": "quest.spoils",
    "end_early": "turn.end-check",
    "end_late": "turn.game-over",
    "second_witch_sacrifice": "siege.second-action",
    "first_witch_no_rebuild": "deck.first-witch",
    "turn_order": "turn.order",
    "travel_missing": "travel.draw-on-move",
    "accuse_twice": "endgame.accusation",
    "accuse_early": "endgame.accusation",
    "base_eight_players": "setup.deal",
    "no_arthur": "setup.expansion",
    "hidden_traitors_wrong": "endgame.hidden-traitors",
    "siege_no_engine": "siege.fight",
    "plain_black_cancelled": "black.merlin-cancel",
    "life_seven": "knight.life",
    "bad_quest_card": "quest.fight-cards",
    "merlin_under_vivien": "black.vivien",
    "grail_under_dark_forest": "black.dark-forest",
    "act_after_guinevere": "black.guinevere",
    # this module
    "first_turn_not_arthur": "setup.first-player",
    "loyalty_second_traitor": "setup.loyalty",
    "drop_sacrifice": "turn.sacrifice",
    "repeat_round_table": "turn.no-repeat",
    "drop_only_action": "turn.heroic-action",
    "act_out_of_turn": "turn.legal-actions",
    "engines_off_by_one": "evil.engine",
    "end_count_off": "endgame.hidden-traitors",
    "reshuffle_early": "deck.reshuffle-both",
    "travel_reshuffle_early": "travel.reshuffle",
    "travel_card_over": "travel.counts",
    "kay_card_not_kay": "siege.kay",
    "excalibur_bonus_unheld": "siege.excalibur",
    "move_to_finished_quest": "quest.move",
    "solo_quest_taken": "quest.solo",
    "grail_card_off_grail": "quest.grail",
    "excalibur_discard_off": "quest.excalibur",
    "quest_result_flipped": "quest.combat-end",
    "war_card_skipped": "quest.wars",
    "face_down_without_draw": "black.face-down",
    "volunteer_unasked": "black.morgan",
    "cancel_wrong_card": "black.merlin-cancel",
    "excalibur_cancel_unheld": "relic.excalibur",
    "drink_unasked": "relic.grail",
    "merlin_engine_none": "white.merlin",
    "fate_reveal_loyal": "white.fate",
    "power_twice": "knight.arthur",
    "power_of_another": "knight.caradoc",
    "round_table_extra_card": "camelot.draw-white",
    "heal_unlike": "heroic.heal",
    "death_alive": "death.zero-life",
    "unmasked_loyal": "traitor.unmasked",
    "traitor_acts": "traitor.unmasked-turn",
    "steal_from_himself": "traitor.unmasked-turn",
    "accuse_flipped": "endgame.accusation",
    "travel_on_return": "travel.draw-on-move",
    "demand_wrong_payment": "travel.demands",
    "free_not_captured": "travel.captured",
    "merlin_figure_moved": "travel.cards",
    "play_after_seven_black": "endgame.seven-black",
    "play_after_twelfth_engine": "siege.twelfth-engine",
    "play_after_all_dead": "endgame.all-dead",
    "play_after_twelfth_sword": "endgame.twelve-swords",
    "drop_quest_line": "quest.end",
    "tristan_second_move": "knight.tristan",
    "gawain_fourth_card": "knight.gawain",
    "second_special_card": "white.one-special",
    "mists_missing_sword": "black.mists",
    "finished_quest_engine": "black.finished-quest",
    "tie_recorded_won": "endgame.tie",
    **MORE_RULES,  # tests/playlog_mutations_more.py
    **CARDS_RULES,  # tests/playlog_mutations_cards.py
}

#: rules a play log cannot show, and why (the verifier's blind spots)
BLIND: dict[str, str] = {
    "setup.opening-share": (
        "the cards offered at the start are not recorded (each card taken by agreement is)"
    ),
    "setup.merlins": "the Merlin card dealt to each knight is in his hand, unseen",
    "setup.three-players": "who looks at his loyalty card when is not recorded",
    "turn.chance": "a chance outcome is a card or a die the log names: deck.counts, siege.fight",
    "turn.pending": "an answer the rules wait for: the lines that record answers name their rule",
    "deck.draw-applies-at-once": "a calculators' rule (the odds of drawing), not a play",
    "relic.armor": "the two black cards the Armor shows and the one kept are seen by one knight",
    "white.clairvoyance": "the order the three cards are put back is seen by one knight",
    "white.messenger": "the cards the Messenger passes are not shown",
    "knight.percival": "Percival's peek shows one knight a card; taking it or not is unseen",
    "black.mercenaries": "the war Mercenaries join shows only when that war ends (or fails to)",
}
