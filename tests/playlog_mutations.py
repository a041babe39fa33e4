"""Mutation operators for the play-log verifier: each breaks one rule in a log the engine wrote.

An operator takes the lines of a clean log and a random generator and returns ``None`` (nothing
to mutate in this log) or a :class:`Mutant`: the changed lines and the lines where the verifier
must report the violation (``expect``: at least one violation on one of them; an empty set means
the change keeps the game legal and nothing may be flagged). ``parse_error`` marks a mutant the
parser must refuse, naming the line.

Used by ``tests/logs/test_playlog_replay.py`` and ``benchmarks/bench_playlog.py`` (which reports
the detection rate per operator).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from camelot_rules.data import rulebook
from camelot_rules.data.decks import standard_deck


@dataclass(frozen=True)
class Mutant:
    lines: list[str]
    expect: frozenset[int]  # 1-based line numbers; empty: a legal change, nothing flagged
    parse_error: bool = False


Operator = Callable[[list[str], random.Random], "Mutant | None"]


def _where(lines: list[str], pattern: str) -> list[int]:
    rx = re.compile(pattern)
    return [i for i, line in enumerate(lines) if rx.match(line)]


def _game_over_at(lines: list[str]) -> int:
    """Index of the first loyalty/end line (the game is over from there)."""
    for i, line in enumerate(lines):
        if line.startswith(("loyalty ", "end ")):
            return i
    return len(lines)


def _turn_of(lines: list[str], i: int) -> tuple[int, str]:
    """The index and knight of the turn line governing line ``i``."""
    for j in range(i, -1, -1):
        if lines[j].startswith("turn "):
            return j, lines[j].split()[1]
    return -1, ""


def _next_turn(lines: list[str], i: int) -> int:
    for j in range(i + 1, len(lines)):
        if lines[j].startswith(("turn ", "loyalty ", "end ")):
            return j
    return len(lines)


def _pick(rng: random.Random, candidates: list[int]) -> int | None:
    return rng.choice(candidates) if candidates else None


def _insert(lines: list[str], i: int, *new: str) -> list[str]:
    return lines[:i] + list(new) + lines[i:]


def _replace(lines: list[str], i: int, new: str) -> list[str]:
    return [*lines[:i], new, *lines[i + 1 :]]


def _one_card_more(lines: list[str], rng: random.Random, sites: list[int]) -> Mutant | None:
    """One of the ``draw white`` lines at ``sites`` (picked with ``rng``) with its first card
    written twice: one white card more drawn than the rules give, flagged on that line."""
    i = _pick(rng, sites)
    if i is None:
        return None
    card = lines[i].split()[2]
    return Mutant(
        _replace(lines, i, lines[i].replace(" for=", f" {card} for=", 1)), frozenset({i + 1})
    )


def _knights(lines: list[str]) -> list[str]:
    for line in lines:
        if line.startswith("knights "):
            return line.split()[1:]
    return []


def _dead_before(lines: list[str], i: int) -> set[str]:
    return {line.split()[1] for line in lines[:i] if line.startswith("death ")}


# --- operators that break a rule ---------------------------------------------------------------
def die_flip(lines: list[str], rng: random.Random) -> Mutant | None:
    """A siege roll changed so that the recorded result is wrong."""
    if any("divine_favor" in line for line in lines):
        return None  # a tie may go to the knights: the change may keep the game legal
    out = []
    for i in _where(lines, r"siege "):
        m = re.search(r"cards=(\S+) roll=(\d+) (won|lost)", lines[i])
        assert m
        total = sum(map(int, m.group(1).split(","))) + (1 if " excalibur" in lines[i] else 0)
        kay = re.search(r"kay=(\d)", lines[i])
        total += int(kay.group(1)) if kay else 0
        if m.group(3) == "won" and total <= 8:
            out.append((i, total))  # a tie: lost
        elif m.group(3) == "lost" and total >= 2:
            out.append((i, total - 1))  # the total beats it: won
    if not out:
        return None
    i, roll = rng.choice(out)
    new = re.sub(r"roll=\d+", f"roll={roll}", lines[i])
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


def die_nine(lines: list[str], rng: random.Random) -> Mutant | None:
    """A siege die showing 9 (the die has 8 faces)."""
    i = _pick(rng, _where(lines, r"siege "))
    if i is None:
        return None
    new = re.sub(r"roll=\d+", "roll=9", lines[i])
    return Mutant(_replace(lines, i, new), frozenset({i + 1}), parse_error=True)


def extra_black_draw(lines: list[str], rng: random.Random) -> Mutant | None:
    """A second black card drawn for one evil step."""
    sites = []
    for i in _where(lines, r"evil \S+ black"):
        if i + 1 < len(lines) and lines[i + 1].startswith("draw black "):
            card = lines[i + 1].split()[2]
            if card not in ("morgan_3",) and i + 2 < _game_over_at(lines):
                sites.append(i + 2)
    i = _pick(rng, sites)
    if i is None:
        return None
    return Mutant(_insert(lines, i, "draw black saxons"), frozenset({i + 1}))


def drop_black_draw(lines: list[str], rng: random.Random) -> Mutant | None:
    """The black card of an evil step 'draw a black card' is missing."""
    sites = [
        i
        for i in _where(lines, r"evil \S+ black")
        if i + 1 < len(lines)
        and lines[i + 1].startswith("draw black ")
        and lines[i + 1].split()[2] not in ("morgan_3", "morgan_witch_1")
    ]
    i = _pick(rng, sites)
    if i is None:
        return None
    return Mutant(lines[: i + 1] + lines[i + 2 :], frozenset({i + 1}))


def skip_evil(lines: list[str], rng: random.Random) -> Mutant | None:
    """A turn without its evil step (an 'add an engine' or 'lose a life' line removed)."""
    i = _pick(rng, _where(lines, r"evil \S+ (engine|life)"))
    if i is None:
        return None
    t, _ = _turn_of(lines, i)
    end = _next_turn(lines, i) - 1  # the turn's lines, shifted up by one after the removal
    if lines[i].endswith("engine"):
        end = len(lines)  # the engine count may show up later (an engines line)
    return Mutant(lines[:i] + lines[i + 1 :], frozenset(range(t + 1, end + 1)))


def double_evil(lines: list[str], rng: random.Random) -> Mutant | None:
    """A second evil step in one turn."""
    sites = [i for i in _where(lines, r"evil \S+ engine") if i + 1 < _game_over_at(lines)]
    i = _pick(rng, sites)
    if i is None:
        return None
    return Mutant(_insert(lines, i + 1, lines[i]), frozenset({i + 2}))


def dead_acts(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight acts after his death."""
    over = _game_over_at(lines)
    sites = []
    for d in _where(lines, r"death "):
        who = lines[d].split()[1]
        for j in _where(lines, r"evil "):
            if d < j < over - 1 and lines[j].split()[1] != who:
                sites.append((j + 1, who))
                break
    if not sites:
        return None
    i, who = rng.choice(sites)
    return Mutant(_insert(lines, i, f"move {who} how=heroic_action to=camelot"), frozenset({i + 1}))


def captured_acts(lines: list[str], rng: random.Random) -> Mutant | None:
    """A captured knight acts before he is freed."""
    sites = []
    for c in _where(lines, r"(draw travel captured|move .* travel=captured)"):
        _, who = _turn_of(lines, c)
        n = _next_turn(lines, c)
        freed = any(line in (f"freed {who}", f"death {who}") for line in lines[c : n + 1])
        if who and not freed and n < _game_over_at(lines) and lines[n].startswith("turn "):
            sites.append((n + 1, who))
    if not sites:
        return None
    i, who = rng.choice(sites)
    return Mutant(_insert(lines, i, f"play {who} merlin engine"), frozenset({i + 1}))


def exhausted_card(lines: list[str], rng: random.Random) -> Mutant | None:
    """A black card drawn when the deck holds no more copies of it since the last rebuild."""
    box = None
    seen: dict[str, int] = {}
    sites = []
    expansion = "expansion=yes" in lines[0]
    box = standard_deck("black", expansion=expansion)
    for i, line in enumerate(lines):
        if line.startswith("reshuffle black") or line.startswith("reshuffle white"):
            seen = {}
        elif line.startswith("draw black "):
            card = line.split()[2]
            full = [c for c, n in seen.items() if n >= box.count(c) and box.count(c) == 1]
            if full and card != "morgan_3" and i < _game_over_at(lines):
                sites.append((i, sorted(full)[0]))
            seen[card] = seen.get(card, 0) + 1
    if not sites:
        return None
    i, card = rng.choice(sites)
    new = f"draw black {card}"
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


def miscount_sword(lines: list[str], rng: random.Random) -> Mutant | None:
    """The scorekeeper's count of the swords off by one."""
    i = _pick(rng, [i for i in _where(lines, r"swords ") if i < _game_over_at(lines)])
    if i is None:
        return None
    white = int(re.search(r"white=(\d+)", lines[i]).group(1))  # type: ignore[union-attr]
    new = re.sub(r"white=\d+", f"white={white + 1}", lines[i])
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


def quest_spoils(lines: list[str], rng: random.Random) -> Mutant | None:
    """A quest's swords or engines recorded wrong."""
    i = _pick(rng, _where(lines, r"quest "))
    if i is None:
        return None
    name, result = lines[i].split()[1:3]
    data = rulebook.quest_data(name)
    if result == "won":
        new = re.sub(r"white=\d+", f"white={data.win_white_swords + 2}", lines[i])
    else:
        new = re.sub(r"black=\d+", f"black={data.lose_black_swords + 3}", lines[i])
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


def end_early(lines: list[str], rng: random.Random) -> Mutant | None:
    """The game recorded as over while it goes on."""
    over = _game_over_at(lines)
    sites = [i for i in _where(lines, r"turn ") if 6 < i < over - 12]
    i = _pick(rng, sites)
    if i is None:
        return None
    return Mutant(_insert(lines, i, "end white=0 black=0 hidden=0"), frozenset({i + 1}))


def end_late(lines: list[str], rng: random.Random) -> Mutant | None:
    """Play recorded after the game has ended."""
    over = _game_over_at(lines)
    if over >= len(lines):
        return None
    knight = _knights(lines)[0]
    return Mutant(_insert(lines, over, f"evil {knight} engine"), frozenset({over + 1}))


def second_witch_sacrifice(lines: list[str], rng: random.Random) -> Mutant | None:
    """A life given up while the Second Witch is in play."""
    for w in _where(lines, r"draw black morgan_witch_2"):
        if w + 1 < len(lines) and lines[w + 1].startswith("cancel morgan_witch_2"):
            continue
        _, who = _turn_of(lines, w)
        stop = min(
            [q for q in _where(lines, r"(quest \S+ won|play \S+ dispel)") if q > w] or [len(lines)]
        )
        stop = min(stop, _next_turn(lines, w), _game_over_at(lines))
        if who and w + 1 < stop:
            return Mutant(_insert(lines, w + 1, f"sacrifice {who}"), frozenset({w + 2}))
    return None


def first_witch_no_rebuild(lines: list[str], rng: random.Random) -> Mutant | None:
    """The First Witch drawn, the decks not rebuilt."""
    for w in _where(lines, r"draw black morgan_witch_1"):
        for j in range(w + 1, min(w + 4, len(lines))):
            if lines[j].startswith("cancel morgan_witch_1"):
                break
            if lines[j] == "reshuffle black":
                return Mutant(lines[:j] + lines[j + 1 :], frozenset({w + 1}))
    return None


def turn_order(lines: list[str], rng: random.Random) -> Mutant | None:
    """A turn given to the wrong knight (his name on the turn line and its lines)."""
    knights = _knights(lines)
    sites = [i for i in _where(lines, r"turn ") if i > 4 and i < _game_over_at(lines)]
    i = _pick(rng, sites)
    if i is None:
        return None
    who = lines[i].split()[1]
    others = [k for k in knights if k != who and k not in _dead_before(lines, i)]
    if len(others) < 2:
        return None
    # the knight two seats on: never the next in order
    order = [k for k in knights if k not in _dead_before(lines, i)]
    other = order[(order.index(who) + 2) % len(order)] if who in order else others[0]
    if other == who:
        return None
    # flagged on the turn line, or on the first line of the turn when the knight named may
    # hold a turn that is skipped (a captured knight's)
    first = i + 3 if i + 1 < len(lines) and lines[i + 1].startswith("hand ") else i + 2
    return Mutant(_replace(lines, i, f"turn {other}"), frozenset({i + 1, first}))


def travel_missing(lines: list[str], rng: random.Random) -> Mutant | None:
    """A heroic move in Merlin's Company with no travel card drawn."""
    sites = [
        i
        for i in _where(lines, r"move \S+ how=(heroic_action|knight_power)")
        if i + 1 < len(lines)
        and lines[i + 1].startswith("draw travel ")
        and "captured" not in lines[i + 1]
    ]
    i = _pick(rng, sites)
    if i is None:
        return None
    return Mutant(lines[: i + 1] + lines[i + 2 :], frozenset({i + 1}))


def accuse_twice(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight accuses a second time."""
    i = _pick(rng, [i for i in _where(lines, r"accuse ") if i + 1 < _game_over_at(lines)])
    if i is None:
        return None
    return Mutant(_insert(lines, i + 1, lines[i]), frozenset({i + 2}))


def accuse_early(lines: list[str], rng: random.Random) -> Mutant | None:
    """An accusation in the first turn (no 6 swords, no 6 engines)."""
    first = _where(lines, r"evil ")
    if not first:
        return None
    i = first[0]
    who = lines[i].split()[1]
    other = next(k for k in _knights(lines) if k != who)
    j = i + 2 if lines[i].endswith("black") else i + 1
    return Mutant(_insert(lines, j, f"accuse {who} {other} wrong"), frozenset({j + 1}))


def base_eight_players(lines: list[str], rng: random.Random) -> Mutant | None:
    """A base game set up for 8 players."""
    if "expansion=no" not in lines[0]:
        return None
    return Mutant(["setup players=8 expansion=no", *lines[1:]], frozenset({1}))


def no_arthur(lines: list[str], rng: random.Random) -> Mutant | None:
    """A Merlin's Company game without King Arthur."""
    if "expansion=yes" not in lines[0]:
        return None
    i = _where(lines, r"knights ")[0]
    spare = next(
        k for k in rulebook.KNIGHTS + rulebook.EXPANSION_KNIGHTS if k not in _knights(lines)
    )
    # the spare knight takes King Arthur's seat on every line (a line naming a knight who is
    # not at the table is a parse error, not this rule's violation)
    renamed = [re.sub(r"\barthur\b", spare, line) for line in lines]
    return Mutant(renamed, frozenset({i + 1}))


def hidden_traitors_wrong(lines: list[str], rng: random.Random) -> Mutant | None:
    """More hidden traitors flip swords at the end than the game can hold."""
    ends = _where(lines, r"end ")
    if not ends:
        return None
    i = ends[0]
    return (
        Mutant(
            _replace(lines, i, re.sub(r"hidden=\d", "hidden=2", lines[i])),
            frozenset({i + 1}),
        )
        if "expansion=no" in lines[0]
        else None
    )


def siege_no_engine(lines: list[str], rng: random.Random) -> Mutant | None:
    """A siege fight before any siege engine stands around Camelot."""
    for i, line in enumerate(lines):
        if line.startswith(("engines ", "quest ", "draw black")) or line.endswith(" engine"):
            return None  # an engine may stand from here on
        if line.startswith("evil ") and not line.endswith("engine"):
            who = line.split()[1]
            j = i + 2 if line.endswith("black") else i + 1
            if j < len(lines) and lines[j - 1].split()[-1:] != ["morgan_4"]:
                return Mutant(
                    _insert(lines, j, f"siege {who} cards=5 roll=1 won"), frozenset({j + 1})
                )
    return None


def plain_black_cancelled(lines: list[str], rng: random.Random) -> Mutant | None:
    """Three Merlin cards cancel a black card that is not special."""
    sites = [
        i
        for i in _where(lines, r"draw black (black_knight|lancelot_dragon|picts|saxons)")
        if i + 1 < _game_over_at(lines)
    ]
    i = _pick(rng, sites)
    if i is None:
        return None
    card = lines[i].split()[2]
    return Mutant(_insert(lines, i + 1, f"cancel {card} with=merlin"), frozenset({i + 2}))


def life_seven(lines: list[str], rng: random.Random) -> Mutant | None:
    """A knight's life recorded above 6."""
    i = _pick(rng, [i for i in _where(lines, r"turn ") if i < _game_over_at(lines)])
    if i is None:
        return None
    who = lines[i].split()[1]
    return Mutant(_insert(lines, i + 1, f"life {who} 7"), frozenset({i + 2}))


def bad_quest_card(lines: list[str], rng: random.Random) -> Mutant | None:
    """A Fight card laid that breaks the quest's pattern (combat) or its climb (war)."""
    from camelot_rules.engine.quests import pattern_ok

    laid: dict[str, list[int]] = {}
    by: dict[str, str] = {}
    sites = []
    for i, line in enumerate(lines):
        words = line.split()
        if words[:1] == ["quest"]:
            laid.pop(words[1], None)
        if words[:1] in (["move"], ["death"]):  # leaving a solo quest discards its cards
            for quest in [q for q, k in by.items() if k == words[1]]:
                laid.pop(quest, None)
                del by[quest]
        if words[:1] != ["play"] or len(words) != 4 or not words[2][6:].isdigit():
            continue
        quest, value = words[3], int(words[2][6:])
        if quest in ("black_knight", "lancelot") and by.get(quest, words[1]) != words[1]:
            laid.pop(quest, None)
        by[quest] = words[1]
        before = laid.setdefault(quest, [])
        if quest in ("black_knight", "lancelot", "dragon"):
            bad = [v for v in range(1, 6) if not pattern_ok(quest, [*before, v])]
        elif quest in ("picts", "saxons") and before and before[-1] < 5:
            bad = [before[-1]]
        else:
            bad = []
        # (Sir Kay's card after a combat's reveal, BoQ p.13, may be of any value: the line right
        # before its end may be that card)
        kay_after = words[1] == "kay" and lines[i + 1].startswith(f"quest {quest} ")
        if bad and i < _game_over_at(lines) and not kay_after:
            sites.append((i, f"play {words[1]} fight_{bad[0]} {quest}"))
        before.append(value)
    if not sites:
        return None
    i, new = rng.choice(sites)
    return Mutant(_replace(lines, i, new), frozenset({i + 1}))


def _after_black(lines: list[str], card: str) -> list[tuple[int, str]]:
    """Places right after ``card`` was drawn (not cancelled), with the drawer's name."""
    out = []
    for i in _where(lines, rf"draw black {card}$"):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        _, who = _turn_of(lines, i)
        if who and not nxt.startswith("cancel") and i + 1 < _game_over_at(lines):
            out.append((i + 1, who))
    return out


def merlin_under_vivien(lines: list[str], rng: random.Random) -> Mutant | None:
    """A Merlin card played while Vivien is in play."""
    sites = _after_black(lines, "vivien")
    if not sites:
        return None
    i, who = rng.choice(sites)
    return Mutant(_insert(lines, i, f"play {who} merlin engine"), frozenset({i + 1}))


def grail_under_dark_forest(lines: list[str], rng: random.Random) -> Mutant | None:
    """A Grail card laid while the Dark Forest is in play."""
    over = [i for i in _where(lines, r"quest grail ")]
    sites = [(i, w) for i, w in _after_black(lines, "dark_forest") if not over or i < over[0]]
    if not sites:
        return None
    i, who = rng.choice(sites)
    return Mutant(_insert(lines, i, f"play {who} grail grail"), frozenset({i + 1}))


def act_after_guinevere(lines: list[str], rng: random.Random) -> Mutant | None:
    """The knight who drew Guinevere acts on in his turn."""
    sites = _after_black(lines, "guinevere")
    if not sites:
        return None
    i, who = rng.choice(sites)
    return Mutant(_insert(lines, i, f"move {who} how=heroic_action to=grail"), frozenset({i + 1}))


# --- operators that keep the game legal: nothing may be flagged ---------------------------------
def comments_and_blanks(lines: list[str], rng: random.Random) -> Mutant | None:
    """Comments, blank lines and trailing spaces added."""
    out = []
    for line in lines:
        out.append(line + "   # noted at the table" if rng.random() < 0.2 else line + "  ")
        if rng.random() < 0.1:
            out.append("")
    return Mutant(out, frozenset())


def drop_annotations(lines: list[str], rng: random.Random) -> Mutant | None:
    """The optional hand lines and the scorekeeper's swords lines left out."""
    out = [line for line in lines if not line.startswith(("hand ", "swords "))]
    return Mutant(out, frozenset())


ILLEGAL: dict[str, Operator] = {
    f.__name__: f
    for f in (
        die_flip,
        die_nine,
        extra_black_draw,
        drop_black_draw,
        skip_evil,
        double_evil,
        dead_acts,
        captured_acts,
        exhausted_card,
        miscount_sword,
        quest_spoils,
        end_early,
        end_late,
        second_witch_sacrifice,
        first_witch_no_rebuild,
        turn_order,
        travel_missing,
        accuse_twice,
        accuse_early,
        base_eight_players,
        no_arthur,
        hidden_traitors_wrong,
        siege_no_engine,
        plain_black_cancelled,
        life_seven,
        bad_quest_card,
        merlin_under_vivien,
        grail_under_dark_forest,
        act_after_guinevere,
    )
}
LEGAL: dict[str, Operator] = {f.__name__: f for f in (comments_and_blanks, drop_annotations)}
