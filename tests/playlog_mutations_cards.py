"""Mutation operators for the rules of cards, life and knights that had none (issue 37): the
evil step's life, Piety, Lady of the Lake, Reinforcements, Sir Palamedes, Sir Kay, Sir Galahad,
Mordred, the combat cards, Convocation, Merlin's Company's move back to Camelot... Each breaks
its rule (:data:`CARDS_RULES`) on one line of a clean engine log.

Life points are public, and a table's mistake about them shows only where the log says a
knight's life: the operators for life insert a ``life NAME N`` check line with the value the
table's mistake gives. The value the rules give comes from :func:`life_track`, a reading of the
log independent of the verifier (the pictograms of BoQ p.5-11, the cards of BoQ p.14-16), that
follows only what it can be sure of: a knight whose life an event changes in a way it does not
follow is *unknown* from there, and no site is taken on him.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from camelot_rules.data import rulebook
from tests.playlog_mutations import (
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

_MAX_LIFE = 6  # RB p.12, BoQ p.5: never above 6
_START_LIFE = 4  # RB p.8
# life won by each knight on a quest won, lost by each on a quest lost (BoQ p.5-11 pictograms)
_WON = {
    "black_knight": 1,
    "lancelot": 1,
    "dragon": 2,
    "excalibur": 1,
    "grail": 1,
    "picts": 1,
    "saxons": 1,
}
_LOST = {"dragon": 2}  # every other quest lost: 1
# black cards that change no life when drawn (a quest they end has its own line)
_NO_LIFE_BLACK = re.compile(
    r"(black_knight_\d|lancelot_dragon_\d+_\d+|picts|saxons|mercenaries|mordred|excalibur|"
    r"despair|desolation|dark_forest|mists_of_avalon|morgan_[234]|vivien)$"
)
_NO_LIFE_WHITE = {
    "merlin",
    "heroism",
    "fate",
    "messenger",
    "clairvoyance",
    "reinforcements",
    "convocation",
}


def _live(lines: list[str], pattern: str) -> list[int]:
    end = _game_over_at(lines)
    return [i for i in _where(lines, pattern) if i < end]


@dataclass
class _Board:
    """What the log shows of each knight: life and place (None: not followed)."""

    life: dict[str, int | None]
    place: dict[str, str | None]
    gone: set[str] = field(default_factory=set)  # dead or unmasked
    excalibur_over: bool = False

    def lose(self, who: str, n: int) -> None:
        v = self.life.get(who)
        if v is not None:
            self.life[who] = max(0, v - n)

    def gain(self, who: str, n: int) -> None:
        v = self.life.get(who)
        if v is not None:
            self.life[who] = min(_MAX_LIFE, v + n)

    def forget(self, *who: str) -> None:
        for k in who or tuple(self.life):
            self.life[k] = None


def life_track(lines: list[str]) -> list[_Board] | None:
    """The board before each line of a complete base-game log (``None`` for other logs).

    Followed: the evil step's life (RB p.12), a sacrifice (RB p.13), a siege fight lost (RB
    p.13), a heal (BoQ p.14), Piety (BoQ p.15), Lady of the Lake once Excalibur is over (BoQ
    p.15), the 1st Morgan (BoQ p.16), each quest's pictograms for the knights on it and Sir
    Palamedes' one more (BoQ p.5-13). Anything else that may change a life (the Grail drunk,
    Morgan 5, Caradoc...) makes the knights it may touch unknown."""
    if "expansion=no" not in lines[0] or "complete=yes" not in lines[0]:
        return None
    knights = _knights(lines)
    board = _Board({k: _START_LIFE for k in knights}, {k: "camelot" for k in knights})
    out: list[_Board] = []
    for i, line in enumerate(lines):
        out.append(
            _Board(dict(board.life), dict(board.place), set(board.gone), board.excalibur_over)
        )
        w = line.split()
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if not w:
            continue
        kind = w[0]
        if kind in ("setup", "knights", "turn", "hand", "engines", "swords", "reshuffle"):
            continue
        if kind in ("loyalty", "end", "cancel", "accuse", "steal", "merlin"):
            continue
        if kind == "evil":
            if w[2] == "life":
                board.lose(w[1], 1)
        elif kind == "sacrifice":
            board.lose(w[1], 1)
        elif kind == "heal":
            board.gain(w[1], 1)
        elif kind == "siege":
            if " lost" in line:
                board.lose(w[1], 1)
        elif kind == "death":
            board.gone.add(w[1])
            board.life[w[1]] = 0
        elif kind == "unmasked":
            board.gone.add(w[1])
            board.forget(w[1])
        elif kind == "move":
            to = re.search(r"to=(\S+)", line)
            board.place[w[1]] = to.group(1) if to else None
        elif kind == "power":
            if w[1] == "caradoc":
                board.forget(w[1])
        elif kind == "draw" and w[1] == "white":
            continue
        elif kind == "draw" and w[1] == "black":
            card = w[2]
            if nxt.startswith(f"cancel {card}"):
                continue
            if card == "morgan_1":
                for k in knights:
                    if k not in board.gone:
                        board.lose(k, 1)
            elif card == "guinevere":
                board.place = dict.fromkeys(board.place, "camelot")
            elif not _NO_LIFE_BLACK.match(card):
                board.forget()
        elif kind == "play":
            card = w[2]
            if card == "piety" and w[3:] == ["self"]:
                board.gain(w[1], 3)
            elif card == "piety" and w[3:] == ["others"]:
                for k in knights:
                    if k != w[1] and k not in board.gone:
                        board.gain(k, 1)
            elif card == "lady_of_the_lake":
                if board.excalibur_over:
                    board.gain(w[1], 2)
            elif card in rulebook.SPECIAL_WHITE and card not in _NO_LIFE_WHITE:
                board.forget()
        elif kind == "quest":
            quest, result = w[1], w[2]
            lost_sight = [k for k, p in board.place.items() if p is None]
            board.forget(*lost_sight)  # (he may have been on it)
            on = [k for k, p in board.place.items() if p == quest and k not in board.gone]
            for k in on:
                if result == "won":
                    board.gain(k, _WON.get(quest, 0) + (k == "palamedes"))
                    if quest not in _WON:
                        board.forget(k)
                else:
                    board.lose(k, _LOST.get(quest, 1))
                board.place[k] = "camelot"
            if quest == "excalibur":
                board.excalibur_over = True
        else:  # drink, volunteer, discard, free, captured, freed, travel...: not followed
            board.forget()
    return out


def _after_ending(lines: list[str], i: int) -> int:
    """The index after a quest's end line and the lines that record its end (returns, spoils,
    the swords)."""
    j = i + 1
    while j < len(lines) and (
        (
            lines[j].startswith(("move ", "swords ", "engines "))
            and ("how=return_after_quest" in lines[j] or not lines[j].startswith("move "))
        )
        or re.match(r"draw white .*for=(spoils|share)", lines[j])
    ):
        j += 1
    return j


def _life_mutant(
    lines: list[str], rng: random.Random, sites: list[tuple[int, str, int, int]]
) -> Mutant | None:
    """A ``life WHO WRONG`` line inserted at index ``at`` (where the rules give ``right``)."""
    sites = [s for s in sites if s[2] != s[3]]
    if not sites:
        return None
    at, who, _right, wrong = rng.choice(sites)
    return Mutant(_insert(lines, at, f"life {who} {wrong}"), frozenset({at + 1}))


def _life_sites_clean(lines: list[str], sites: list[tuple[int, str, int, int]]) -> list[list[str]]:
    """The same sites with the rules' value (a test of :func:`life_track` itself)."""
    return [_insert(lines, at, f"life {who} {right}") for at, who, right, _w in sites]


# --- life ---------------------------------------------------------------------------------------
def _evil_life_sites(lines: list[str]) -> list[tuple[int, str, int, int]]:
    board = life_track(lines)
    if board is None:
        return []
    sites = []
    for i in _live(lines, r"evil \S+ life$"):
        who = lines[i].split()[1]
        n = board[i].life.get(who)
        if n is not None and n >= 2:
            sites.append((i + 1, who, n - 1, n))
    return sites


def evil_life_not_taken(lines: list[str], rng: random.Random) -> Mutant | None:
    """The evil step's life point not taken: the knight's life recorded as before (RB p.12)."""
    return _life_mutant(lines, rng, _evil_life_sites(lines))


def _piety_sites(lines: list[str]) -> list[tuple[int, str, int, int]]:
    board = life_track(lines)
    if board is None:
        return []
    sites = []
    for i in _live(lines, r"play \S+ piety (self|others)$"):
        who, choice = lines[i].split()[1], lines[i].split()[3]
        n = board[i].life.get(who)
        if n is None:
            continue
        if choice == "self":  # 3 to himself, the table gave him the 1 of the other choice
            sites.append((i + 1, who, min(_MAX_LIFE, n + 3), min(_MAX_LIFE, n + 1)))
        else:  # 1 to each other knight, the table gave one to its player too
            sites.append((i + 1, who, n, min(_MAX_LIFE, n + 1)))
    return sites


def piety_misapplied(lines: list[str], rng: random.Random) -> Mutant | None:
    """Piety's life given wrong: 1 (not 3) to its player, or 1 to its player when he chose
    the other knights (BoQ p.15)."""
    return _life_mutant(lines, rng, _piety_sites(lines))


def _lady_sites(lines: list[str]) -> list[tuple[int, str, int, int]]:
    board = life_track(lines)
    if board is None:
        return []
    sites = []
    for i in _live(lines, r"play \S+ lady_of_the_lake$"):
        who = lines[i].split()[1]
        n = board[i].life.get(who)
        if n is None:
            continue
        two = min(_MAX_LIFE, n + 2)
        if board[i].excalibur_over:  # 2 life, the table gave none
            sites.append((i + 1, who, two, n))
        else:  # Excalibur moved, the table gave 2 life instead
            sites.append((i + 1, who, n, two))
    return sites


def lady_of_the_lake_misread(lines: list[str], rng: random.Random) -> Mutant | None:
    """Lady of the Lake's 2 life given while Excalibur's quest goes on, or not given once it is
    over (BoQ p.15)."""
    return _life_mutant(lines, rng, _lady_sites(lines))


def _palamedes_sites(lines: list[str]) -> list[tuple[int, str, int, int]]:
    board = life_track(lines)
    if board is None:
        return []
    sites = []
    for i in _live(lines, r"quest \S+ won"):
        quest = lines[i].split()[1]
        if quest not in _WON or board[i].place.get("palamedes") != quest:
            continue
        n = board[i].life.get("palamedes")
        if n is None:
            continue
        j = _after_ending(lines, i)
        right = min(_MAX_LIFE, n + _WON[quest] + 1)
        sites.append((j, "palamedes", right, min(_MAX_LIFE, n + _WON[quest])))
    return sites


def palamedes_bonus_missing(lines: list[str], rng: random.Random) -> Mutant | None:
    """Sir Palamedes on a quest won given only the quest's life, not his one more (BoQ p.13)."""
    return _life_mutant(lines, rng, _palamedes_sites(lines))


# --- knights' powers ----------------------------------------------------------------------------
_COMBAT = ("black_knight", "lancelot", "dragon")


def _hand_at(lines: list[str], who: str, i: int) -> list[str]:
    """The cards ``who`` is sure to hold before line ``i``: his last ``hand`` line, less the
    cards he laid, healed with or discarded since (nothing taken from him unseen since)."""
    start = next((j for j in range(i - 1, -1, -1) if lines[j].startswith(f"hand {who} ")), None)
    if start is None:
        return []
    held = lines[start].split()[2:]
    for line in lines[start + 1 : i]:
        w = line.split()
        if (w[:1] == ["power"] and who in w[1:]) or w[:1] in (["steal"], ["free"]):
            return []  # (a card given or taken unseen)
        if (w[:1] == ["play"] and w[1] == who) or w[:2] == ["discard", who]:
            if w[2] in held:
                held.remove(w[2])
            if w[2] == "messenger":
                return []
        elif w[:2] == ["heal", who]:
            for card in w[2:5]:
                if card in held:
                    held.remove(card)
        elif w[:2] == ["siege", who]:
            return []
        elif w[-1:] == ["reveal"]:
            return []  # (Fate's reveal: every other knight discards 2)
    return held


def kay_card_off_quest(lines: list[str], rng: random.Random) -> Mutant | None:
    """Sir Kay adds a Fight card at a combat's end on a quest he is not on (BoQ p.13: only
    while he is on it)."""
    board = life_track(lines)
    if board is None or "kay" not in _knights(lines):
        return None
    sites = []
    for i in _live(lines, rf"quest ({'|'.join(_COMBAT)}) (won|lost)"):
        quest = lines[i].split()[1]
        place = board[i].place.get("kay")
        if "kay" in board[i].gone or place is None or place == quest:
            continue
        fights = sorted(c for c in _hand_at(lines, "kay", i) if re.match(r"fight_\d$", c))
        if fights:
            sites.append((i, fights[-1], quest))
    if not sites:
        return None
    i, card, quest = rng.choice(sites)
    return Mutant(_insert(lines, i, f"play kay {card} {quest}"), frozenset({i + 1}))


_FREE_SPECIAL = {
    "piety": "piety self",
    "lady_of_the_lake": "lady_of_the_lake",
    "clairvoyance": "clairvoyance",
    "fate": "fate loyal",
    "heroism": "heroism picts",  # (a war is perpetual: always in play)
    "reinforcements": "reinforcements others",
}


def _special_out_of_turn(lines: list[str], rng: random.Random, galahad: bool) -> Mutant | None:
    """A special white card held (``_hand_at``) played in the next knight's turn."""
    sites = []
    for t in _live(lines, r"turn \S+$"):
        who = lines[t].split()[1]
        if (who == "galahad") != galahad:
            continue
        nxt = next((j for j in _live(lines, r"turn ") if j > t), None)
        if nxt is None or lines[nxt].split()[1] == who:
            continue
        at = nxt + 1
        while at < len(lines) and lines[at].startswith("hand "):
            at += 1
        if at >= _game_over_at(lines):
            continue
        held = [c for c in _hand_at(lines, who, nxt) if c in _FREE_SPECIAL]
        if held and not any(ln.startswith(f"death {who}") for ln in lines[t:at]):
            sites.append((at, who, rng.choice(sorted(held))))
    if not sites:
        return None
    at, who, card = rng.choice(sites)
    return Mutant(_insert(lines, at, f"play {who} {_FREE_SPECIAL[card]}"), frozenset({at + 1}))


def galahad_free_card_out_of_phase(lines: list[str], rng: random.Random) -> Mutant | None:
    """Sir Galahad's free special card played before his evil step, or in the next knight's
    turn (BoQ p.13: in the heroic action phase of his own turn)."""
    early = []
    for t in _live(lines, r"turn galahad$"):
        end = next((j for j in _live(lines, r"turn ") if j > t), _game_over_at(lines))
        evil = next((j for j in range(t, end) if lines[j].startswith("evil ")), None)
        if evil is None:
            continue
        for j in range(evil + 1, end):
            w = lines[j].split()
            if w[:2] == ["play", "galahad"] and w[2] in rulebook.SPECIAL_WHITE:
                early.append((evil, j))
                break
    late = _special_out_of_turn(lines, rng, galahad=True)
    if late is not None and (not early or rng.random() < 0.5):
        return late
    if not early:
        return None
    evil, j = rng.choice(early)
    moved = [*lines[:evil], lines[j], *lines[evil:j], *lines[j + 1 :]]
    return Mutant(moved, frozenset({evil + 1}))


def special_card_out_of_turn(lines: list[str], rng: random.Random) -> Mutant | None:
    """A special white card played in another knight's turn (RB p.16: a heroic action)."""
    return _special_out_of_turn(lines, rng, galahad=False)


# --- special white cards ------------------------------------------------------------------------
def reinforcements_five(lines: list[str], rng: random.Random) -> Mutant | None:
    """Reinforcements for oneself drawing 5 white cards, not 4 (BoQ p.15)."""
    sites = [
        i + 1
        for i in _live(lines, r"play \S+ reinforcements self$")
        if re.match(r"draw white( \S+){4} for=card to=\S+$", lines[i + 1])
    ]
    return _one_card_more(lines, rng, sites)


def convocation_card_short(lines: list[str], rng: random.Random) -> Mutant | None:
    """Convocation shares one white card fewer than the knights in Camelot (BoQ p.14): its
    last share not written."""
    sites = []
    for i in _live(lines, r"play \S+ convocation$"):
        j = i + 1
        while j < len(lines) and "how=special_card" in lines[j]:
            j += 1
        k = j
        while k < len(lines) and "for=share" in lines[k]:
            k += 1
        if k > j:
            sites.append(k - 1)
    k = _pick(rng, sites)
    if k is None:
        return None
    mutant = lines[:k] + lines[k + 1 :]
    end = k  # (flagged at the next line that is not a count the table checks, or a death)
    while end < len(mutant) and mutant[end].startswith(("swords ", "engines ", "hand ", "death ")):
        end += 1
    return Mutant(mutant, frozenset(range(k + 1, end + 2)))


# --- black cards --------------------------------------------------------------------------------
def combat_card_other_side(lines: list[str], rng: random.Random) -> Mutant | None:
    """Lancelot/Dragon cards laid on the Dragon while Lancelot's quest is in play, or on
    Lancelot once it is over (BoQ p.16): the quest that ends named wrong."""
    sites = _live(lines, r"quest (lancelot|dragon) (won|lost)")
    i = _pick(rng, sites)
    if i is None:
        return None
    quest = lines[i].split()[1]
    other = "dragon" if quest == "lancelot" else "lancelot"
    return Mutant(_replace(lines, i, lines[i].replace(quest, other, 1)), frozenset({i + 1}))


def mordred_misread(lines: list[str], rng: random.Random) -> Mutant | None:
    """Mordred's war recorded won at its first Fight 5 (BoQ p.16: with Mordred on it, winning
    needs a second Fight 5 - 1, 2, 3, 4, 5, 5)."""
    sites: list[tuple[int, str]] = []
    for i in _live(lines, r"draw black mordred on=(picts|saxons)$"):
        war = lines[i].split("on=")[1]
        if lines[i + 1].startswith("cancel"):
            continue
        ends = [j for j in _live(lines, rf"quest {war} (won|lost)") if j > i]
        if not ends or " won" not in lines[ends[0]]:
            continue
        fives = [j for j in _live(lines, rf"play \S+ fight_5 {war}$") if i < j < ends[0]]
        if len(fives) >= 2:  # (a war climbs 1 to 5: the first 5 came after the 4)
            sites.append((fives[-2] + 1, lines[ends[0]]))
    if not sites:
        return None
    at, line = rng.choice(sites)
    return Mutant(_insert(lines, at, line), frozenset({at + 1}))


def _grail_board(lines: list[str], wrong: int, mistake: str) -> list[tuple[int, int, int]]:
    """The Grail quest's cards, ``(line, Grail cards, Despair cards)`` after each line that lays
    or takes one (BoQ p.9, p.15-16), with the table's ``mistake`` at line ``wrong``: a Despair
    on a full board taking no Grail card (``despair``), a Desolation laid as a plain Despair
    (``desolation``). Stops at the quest's end and at a Dark Forest (not followed)."""
    g = d = 0
    out = []
    for i, line in enumerate(lines[: _game_over_at(lines)]):
        w = line.split()
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if line.startswith("quest grail ") or (
            line == "draw black dark_forest" and not (nxt.startswith("cancel"))
        ):
            break
        if w[:1] == ["play"] and w[2:] == ["grail", "grail"]:
            if g + d < 7:
                g += 1
            elif d:
                d -= 1
        elif w[:1] == ["play"] and w[2:] == ["merlin", "grail"]:
            d = max(0, d - 1)
        elif line in ("draw black despair", "draw black desolation"):
            if nxt.startswith("cancel"):
                continue
            if line.endswith("desolation") and g and not (i == wrong and mistake == "desolation"):
                g -= 1
            if g + d < 7:
                d += 1
            elif g and not (i == wrong and mistake == "despair"):
                g -= 1
        else:
            continue
        out.append((i, g, d))
    return out


def _grail_won_early(lines: list[str], rng: random.Random, mistake: str) -> Mutant | None:
    """The Grail recorded won at the line where the table's mistake makes 7 Grail cards."""
    won = _live(lines, r"quest grail won")
    if not won or "expansion=no" not in lines[0]:
        return None
    card = "despair" if mistake == "despair" else "desolation"
    real = _grail_board(lines, -1, mistake)
    sites = []
    for i, g, d in real:
        if lines[i] != f"draw black {card}" or (g == 0 and d == 0):
            continue
        before = next((b for b in reversed(real) if b[0] < i), (0, 0, 0))
        full = before[1] + before[2] == 7
        if (mistake == "despair") != full or before[1] == 0:
            continue  # (the mistake changes nothing here)
        table = _grail_board(lines, i, mistake)
        early = [t for t, r in zip(table, real, strict=True) if t[0] > i and t[1] == 7 > r[1]]
        if early:
            sites.append(early[0][0] + 1)
    at = _pick(rng, sites)
    if at is None:
        return None
    return Mutant(_insert(lines, at, lines[won[0]]), frozenset({at + 1}))


def despair_on_full_grail_ignored(lines: list[str], rng: random.Random) -> Mutant | None:
    """A Despair drawn with every Grail spot full taking no Grail card off (BoQ p.15: it
    discards the one farthest from the Grail): the Grail recorded won one card too early."""
    return _grail_won_early(lines, rng, "despair")


def desolation_as_despair(lines: list[str], rng: random.Random) -> Mutant | None:
    """A Desolation laid as a plain Despair, no Grail card discarded (BoQ p.16): the Grail
    recorded won one card too early."""
    return _grail_won_early(lines, rng, "desolation")


# --- Merlin's Company ---------------------------------------------------------------------------
def camelot_move_without_travel(lines: list[str], rng: random.Random) -> Mutant | None:
    """A heroic move back to Camelot drawing no travel card (JA travel rules: every move by a
    heroic action draws one)."""
    if "expansion=yes" not in lines[0] or "travel_to_camelot=safe" in lines[0]:
        return None
    i = _pick(rng, _live(lines, r"move \S+ how=heroic_action to=camelot"))
    if i is None:
        return None
    if "travel=" in lines[i]:
        new = re.sub(r" (travel|pay)=\S+| failed", "", lines[i])
        return Mutant(_replace(lines, i, new), frozenset({i + 1, i + 2}))
    if not lines[i + 1].startswith("draw travel"):
        return None
    return Mutant(lines[: i + 1] + lines[i + 2 :], frozenset({i + 1, i + 2}))


def loyalty_traitor_too_many(lines: list[str], rng: random.Random) -> Mutant | None:
    """One traitor more than Merlin's Company's deck holds: one at 3-6 players, two at 7-8
    (JA 7-8 players)."""
    if "expansion=yes" not in lines[0]:
        return None
    players = int(re.search(r"players=(\d+)", lines[0]).group(1))  # type: ignore[union-attr]
    most = 2 if players >= 7 else 1
    rows = _where(lines, r"loyalty \S+ loyal$")
    traitors = _where(lines, r"loyalty \S+ traitor$")
    if not rows or len(traitors) + 1 <= most:
        return None
    i = rng.choice(rows)
    mutant = _replace(lines, i, lines[i].replace(" loyal", " traitor"))
    return Mutant(mutant, frozenset(j + 1 for j in _where(mutant, r"loyalty ")))


def second_witch_life_later(lines: list[str], rng: random.Random) -> Mutant | None:
    """A life given as the evil step in a later turn while the Second Witch is in play (JA
    witches: she stays until a quest is won)."""
    sites = []
    for w in _live(lines, r"draw black morgan_witch_2$"):
        if lines[w + 1].startswith("cancel"):
            continue
        gone = [j for j in _live(lines, r"(quest \S+ won|play \S+ dispel morgan_witch_2$)")]
        until = min([j for j in gone if j > w] + [_game_over_at(lines)])
        turns = [t for t in _live(lines, r"turn ") if w < t < until]
        for t in turns[1:]:
            j = t + 1
            while j < len(lines) and lines[j].startswith(("hand ", "power percival")):
                j += 1
            if re.match(r"evil \S+ engine$", lines[j]):
                sites.append(j)
    j = _pick(rng, sites)
    if j is None:
        return None
    return Mutant(_replace(lines, j, lines[j].replace(" engine", " life")), frozenset({j + 1}))


def finished_quest_card_in_company(lines: list[str], rng: random.Random) -> Mutant | None:
    """In Merlin's Company, a black card of a quest that is over (Merlin not standing on it),
    recorded without the siege engine it adds (JA black cards of finished quests)."""
    if "expansion=yes" not in lines[0]:
        return None
    over = {q: _live(lines, rf"quest {q} ") for q in ("excalibur", "grail")}
    cards = {"excalibur": "excalibur", "grail": "(despair|desolation|dark_forest)"}
    sites = []
    for quest, ends in over.items():
        for i in _live(lines, rf"draw black {cards[quest]}$"):
            merlin = [ln for ln in lines[:i] if ln.startswith("merlin ")]
            if merlin and merlin[-1] == f"merlin {quest}":
                continue  # (Merlin on the quest: no engine, deck.merlin-blocks-engine)
            if ends and i > ends[0] and re.match(r"engines \d+$", lines[i + 1]):
                sites.append(i + 1)
    i = _pick(rng, sites)
    if i is None:
        return None
    n = int(lines[i].split()[1])
    return Mutant(_replace(lines, i, f"engines {n - 1}"), frozenset({i + 1}))


def gawain_two_cards(lines: list[str], rng: random.Random) -> Mutant | None:
    """Sir Gawain drawing 2 white cards at the Round Table, not his 3 (BoQ p.13): the card
    not drawn is missing from his next hand. (A draw line may name fewer cards than were
    drawn - the others unseen - so the hand the log shows next is where it shows.)"""
    sites = []
    for i in _live(lines, r"draw white \S+ \S+ \S+ for=round_table$"):
        _t, who = _turn_of(lines, i)
        if who != "gawain":
            continue
        card = lines[i].split()[4]
        nxt = next((j for j in _live(lines, r"hand gawain ") if j > i), None)
        if nxt is not None and card in lines[nxt].split()[2:]:
            sites.append((i, nxt, card))
    if not sites:
        return None
    i, j, card = rng.choice(sites)
    w = lines[i].split()
    hand = lines[j].split()
    hand.remove(card)
    mutant = _replace(_replace(lines, i, " ".join([*w[:4], w[5]])), j, " ".join(hand))
    return Mutant(mutant, frozenset({j + 1}))


def siege_without_cards(lines: list[str], rng: random.Random) -> Mutant | None:
    """A siege fight lost with no Fight card laid, under the default reading (RB p.13 compares
    "the sum of the White Fight cards you played" with the die)."""
    if "siege_without_fight=yes" in lines[0]:
        return None
    sites = [
        i for i in _live(lines, r"siege \S+ cards=\S+ roll=\d+ lost") if "wild=" not in lines[i]
    ]
    i = _pick(rng, sites)
    if i is None:
        return None
    return Mutant(_replace(lines, i, re.sub(r"cards=\S+", "cards=", lines[i])), frozenset({i + 1}))


LIFE_SITES = {
    "evil_life_not_taken": _evil_life_sites,
    "piety_misapplied": _piety_sites,
    "lady_of_the_lake_misread": _lady_sites,
    "palamedes_bonus_missing": _palamedes_sites,
}

CARDS: dict[str, Operator] = {
    f.__name__: f
    for f in (
        evil_life_not_taken,
        piety_misapplied,
        lady_of_the_lake_misread,
        palamedes_bonus_missing,
        kay_card_off_quest,
        galahad_free_card_out_of_phase,
        special_card_out_of_turn,
        reinforcements_five,
        convocation_card_short,
        combat_card_other_side,
        mordred_misread,
        camelot_move_without_travel,
        loyalty_traitor_too_many,
        second_witch_life_later,
        despair_on_full_grail_ignored,
        desolation_as_despair,
        finished_quest_card_in_company,
        gawain_two_cards,
        siege_without_cards,
    )
}
CARDS_RULES: dict[str, str] = {
    "evil_life_not_taken": "evil.life",
    "piety_misapplied": "white.piety",
    "lady_of_the_lake_misread": "white.lady-of-the-lake",
    "palamedes_bonus_missing": "knight.palamedes",
    "kay_card_off_quest": "knight.kay",
    "galahad_free_card_out_of_phase": "knight.galahad",
    "special_card_out_of_turn": "white.special",
    "reinforcements_five": "white.reinforcements",
    "convocation_card_short": "white.convocation",
    "combat_card_other_side": "black.combat",
    "mordred_misread": "black.mordred",
    "camelot_move_without_travel": "travel.to-camelot",
    "loyalty_traitor_too_many": "loyalty.deal",
    "second_witch_life_later": "witch.lasting",
    "despair_on_full_grail_ignored": "black.despair",
    "desolation_as_despair": "black.desolation",
    "finished_quest_card_in_company": "deck.finished-quest-cards",
    "gawain_two_cards": "white.round-table",
    "siege_without_cards": "siege.fight-without-cards",
}
