"""Printed names of every card, quest, knight, relic and game term, in English, Japanese and
Spanish, each with its source; and the resolvers that read what a player types.

One table, cited. Each :class:`Name` gives the toolkit's id (the lower_snake_case name used by
the decks and the engine) and the printed name in each language, with where that name comes
from:

* English: the official 2005 Book of Quests / Rulebook (``BoQ p.N``, ``RB p.N``) for the base
  game; the Japanese seed, which keeps the expansion's English card names (``JA section``); the
  facts files (``F §N``) where only they name a thing.
* Japanese: the Japanese seed (``seeds/000_f03494cf5d4661bf.txt``, ``JA section``) where it
  names the thing; otherwise ``own``, the project's own rendering for Japanese board-gamers.
* Spanish: the Spanish seed (``seeds/001_e99e088dda8d0441.txt``, ``ES p.N``) where it names the
  thing; otherwise ``own``.

Players type names as they read them at the table, so the resolvers accept the id, every
printed name and every alias in all three languages, ignoring case, accents on Latin letters,
full/half width, spaces and punctuation (``"Captured!"``, ``"captured"``, ``"ＣＡＰＴＵＲＥＤ"``,
``"第1の魔女"`` and ``"Primera Bruja"`` all work). A typo raises a ``ValueError`` that suggests the
nearest names.

>>> resolve_card("First Witch"), resolve_card("捕縛！"), resolve_card("Lucha 3")
('morgan_witch_1', 'captured', 'fight_3')
>>> resolve_quest("Holy Grail"), resolve_knight("Sir Kay")
('grail', 'kay')
>>> display_name("morgan_witch_1", lang="ja")
'第1の魔女'
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from camelot_rules.base.i18n import N_, check_language, get_language
from camelot_rules.base.i18n import gettext as _
from camelot_rules.base.surface import user_words
from camelot_rules.data.decks import CARD_ID, Deck, known_card_names, standard_deck

__all__ = [
    "KINDS",
    "NAMES",
    "OWN",
    "Name",
    "check_card_names",
    "display_name",
    "glossary_markdown",
    "name_entry",
    "normalize",
    "resolve",
    "resolve_card",
    "resolve_knight",
    "resolve_quest",
    "suggestions",
]

OWN = "own"  # the project's own rendering: no source names it in this language
KINDS: tuple[str, ...] = ("card", "quest", "knight", "relic", "term")


@dataclass(frozen=True)
class Name:
    """One thing's names: the toolkit's id and the printed name in each language, cited."""

    id: str
    kind: str  # one of KINDS
    en: str
    ja: str
    es: str
    src_en: str
    src_ja: str
    src_es: str
    aliases: tuple[str, ...] = ()  # other spellings players use, any language

    def name(self, lang: str) -> str:
        """The printed name in ``lang`` ("en", "ja" or "es")."""
        return str(getattr(self, check_language(lang)))

    def source(self, lang: str) -> str:
        """Where the name in ``lang`` comes from (``own`` = the project's rendering)."""
        return str(getattr(self, "src_" + check_language(lang)))


# Source labels, short (see the module docstring).
_B14, _B15, _B16 = "BoQ p.14", "BoQ p.15", "BoQ p.16"
_JSW = "JA special white cards"
_JW = "JA witches"
_JT = "JA travel rules"
_J78 = "JA 7-8 players"
_JSET = "JA setup"
_JKN = "JA 7 new knights"
_MC = "rules-facts-update §2f"

_ORD_EN = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh")
_ORD_ES = ("Primera", "Segunda", "Tercera", "Cuarta", "Quinta", "Sexta", "Séptima")
_ORD_N = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th")
# Morgan's five cards by what they do (BoQ p.16), for players who mis-number them: the play-log
# format's table (docs/play-log.md) lists them
_MORGAN_BY_EFFECT = (
    ("morgan_life", "Morgan: each knight loses 1 life"),
    ("morgan_discard", "Morgan: discard 3 or each discards 1"),
    ("morgan_three_more", "Morgan: play the next 3 black cards"),
    ("morgan_engines", "Morgan: 2 siege engines"),
    ("morgan_volunteer_life", "Morgan: lose 2 life or each discards 1"),
)

# fmt: off
_CARDS: tuple[Name, ...] = (
    # --- base white cards (BoQ p.14-15) ---
    *(
        Name(
            f"fight_{n}",
            "card",
            f"Fight {n}",
            f"戦闘カード{n}",
            f"Lucha {n}",
            _B14,
            "JA special white cards (Dragon Slayer)",
            "ES p.13",
            (f"Fight card {n}", f"戦闘{n}", f"carta de Lucha {n}"),
        )
        for n in range(1, 6)
    ),
    Name("grail", "card", "Grail", "聖杯カード", "Grial", _B14, "JA witches (4th)", OWN,
         ("Grail card", "聖杯", "carta de Grial")),
    Name("merlin", "card", "Merlin", "マーリンカード", "Merlín", _B15, "JA witches (6th)",
         "ES p.10-11", ("Merlin card", "マーリン", "carta de Merlín")),
    Name("convocation", "card", "Convocation", "招集", "Convocatoria", _B14, OWN, OWN),
    Name("fate", "card", "Fate", "運命", "Destino", _B15, OWN, OWN),
    Name("heroism", "card", "Heroism", "武勇", "Heroísmo", _B15, OWN, OWN),
    Name("lady_of_the_lake", "card", "Lady of the Lake", "湖の乙女", "Dama del Lago", _B15,
         OWN, OWN),
    Name("messenger", "card", "Messenger", "伝令", "Mensajero", _B15, OWN, OWN),
    Name("piety", "card", "Piety", "信仰", "Piedad", _B15, OWN, OWN),
    Name("clairvoyance", "card", "Clairvoyance", "千里眼", "Clarividencia", _B15, OWN, OWN),
    Name("reinforcements", "card", "Reinforcements", "援軍", "Refuerzos", _B15, OWN, OWN),
    # --- Merlin's Company white cards (JA special white cards; F §3d) ---
    Name("fight_wild", "card", "Fight ? (wild)", "戦闘カード？（ワイルド）",
         "Lucha ? (comodín)", "F §3d (S16)", OWN, OWN, ("wild Fight", "Fight any")),
    Name("unidentified_white", "card", "Unidentified white card", "未確認の白カード",
         "Carta blanca sin identificar", OWN, OWN, OWN),
    Name("call_for_help", "card", "Call for Help", "救援要請", "Petición de Ayuda", _JSW, _JSW,
         OWN),
    Name("dispel", "card", "Dispel", "一掃", "Disipar", _JSW, _JSW, OWN),
    Name("divine_favor", "card", "Divine Favor", "神の寵愛", "Favor Divino", _JSW, _JSW, OWN,
         ("Divine Favour",)),
    Name("dragon_slayer", "card", "Dragon Slayer", "ドラゴンスレイヤー", "Matadragones", _JSW,
         _JSW, OWN),
    Name("merlin_to_the_rescue", "card", "Merlin to the Rescue", "マーリンによる救出",
         "Merlín al Rescate", _JSW, _JSW, OWN),
    Name("new_hope", "card", "New Hope", "新たな希望", "Nueva Esperanza", _JSW, _JSW, OWN),
    Name("tournament", "card", "Tournament", "試合", "Torneo", _JSW, _JSW, OWN),
    Name("truce", "card", "Truce", "停戦", "Tregua", _JSW, _JSW, OWN),
    # --- base black cards (BoQ p.15-16) ---
    *(
        Name(
            f"black_knight_{n}",
            "card",
            f"Black Knight {n}",
            f"黒騎士{n}",
            f"Caballero Negro {n}",
            _B15,
            "JA travel rules (Merlin Travels)",
            "ES p.14",
        )
        for n in (1, 3, 5, 7)
    ),
    *(
        Name(
            f"lancelot_dragon_{a}_{b}",
            "card",
            f"Lancelot/Dragon {a}/{b}",
            f"ランスロット/ドラゴン {a}/{b}",
            f"Lanzarote/Dragón {a}/{b}",
            _B15,
            "JA travel rules (Merlin Travels); JA special white cards (Dragon Slayer)",
            "ES p.14",
        )
        for a, b in ((1, 5), (3, 7), (5, 9), (7, 11))
    ),
    Name("excalibur", "card", "Excalibur", "エクスカリバー", "Excalibur", _B15, OWN, "ES p.12"),
    Name("despair", "card", "Despair", "絶望", "Desesperación", _B15, OWN, OWN),
    Name("picts", "card", "Picts", "ピクト人", "Pictos", _B15, "JA witches (3rd)", OWN),
    Name("saxons", "card", "Saxons", "サクソン人", "Sajones", _B15, "JA witches (3rd)", OWN),
    Name("mercenaries", "card", "Mercenaries", "傭兵", "Mercenarios", _B15, OWN, OWN),
    Name("desolation", "card", "Desolation", "荒廃", "Desolación", _B16, OWN, OWN),
    Name("dark_forest", "card", "Dark Forest", "闇の森", "Bosque Oscuro", _B16, OWN, OWN),
    Name("guinevere", "card", "Guinevere", "グィネヴィア", "Ginebra", _B16, OWN, OWN),
    Name("mists_of_avalon", "card", "Mists of Avalon", "アヴァロンの霧", "Nieblas de Avalon",
         _B16, OWN, OWN),
    Name("mordred", "card", "Mordred", "モードレッド", "Mordred", _B16, OWN, OWN),
    Name("vivien", "card", "Vivien", "ヴィヴィアン", "Viviana", _B16, OWN, OWN),
    *(
        Name(
            f"morgan_{n}",
            "card",
            f"Morgan {n}",
            f"モルガン{n}",
            f"Morgana {n}",
            _B16,
            "JA witches (title: モルガン)",
            OWN,
            (f"{_ORD_N[n - 1]} Morgan", *_MORGAN_BY_EFFECT[n - 1]),
        )
        for n in range(1, 6)
    ),
    # --- Merlin's Company black cards: Morgan's seven witches (JA witches) ---
    *(
        Name(
            f"morgan_witch_{n}",
            "card",
            f"{_ORD_EN[n - 1]} Witch",
            f"第{n}の魔女",
            f"{_ORD_ES[n - 1]} Bruja",
            _JW,
            _JW,
            OWN,
            (f"{_ORD_N[n - 1]} Witch", f"Witch {n}", f"Bruja {n}", f"魔女{n}"),
        )
        for n in range(1, 8)
    ),
    # --- Merlin's Company travel cards (JA travel rules; the seed keeps the English names) ---
    Name("nothing_happens", "card", "Nothing Happens", "何も起こらない", "No pasa nada", _JT,
         OWN, OWN),
    Name("merlin_travels", "card", "Merlin Travels", "マーリンの移動", "Merlín viaja", _JT,
         _JSET, OWN),
    Name("vision", "card", "Vision", "ビジョン", "Visión", _JT, OWN, OWN),
    Name("charged", "card", "Charged!", "突撃！", "¡Carga!", _JT, OWN, OWN),
    Name("lost", "card", "Lost!", "道迷い！", "¡Perdido!", _JT, OWN, OWN),
    Name("ambushed", "card", "Ambushed!", "待ち伏せ！", "¡Emboscada!", _JT, OWN, OWN),
    Name("captured", "card", "Captured!", "捕縛！", "¡Capturado!", _JT, OWN, OWN),
    # --- loyalty cards ---
    Name("loyal", "card", "Loyal", "忠誠", "Leal", "RB p.7", OWN, "ES p.16"),
    Name("traitor", "card", "Traitor", "裏切り者", "Traidor", "RB p.7", _J78, "ES p.7"),
)

_QUESTS: tuple[Name, ...] = (
    Name("black_knight", "quest", "Black Knight", "黒騎士", "Caballero Negro", "BoQ p.2, p.5",
         "JA travel rules (Merlin Travels)", "ES p.14",
         ("Tournament against the Black Knight",)),
    Name("lancelot", "quest", "Lancelot", "ランスロット", "Lanzarote", "BoQ p.2, p.6",
         "JA travel rules (Merlin Travels)", "ES p.14", ("Quest for Lancelot",)),
    Name("dragon", "quest", "Dragon", "ドラゴン", "Dragón", "BoQ p.2, p.7",
         "JA special white cards (Dragon Slayer)", "ES p.14",
         ("Dragon's Quest", "ドラゴンのクエスト")),
    Name("excalibur", "quest", "Excalibur", "エクスカリバー", "Excalibur", "BoQ p.2, p.8", OWN,
         "ES p.12", ("Quest for Excalibur",)),
    Name("grail", "quest", "Holy Grail", "聖杯", "Santo Grial", "BoQ p.2, p.9",
         "JA travel rules (Vision)", "ES p.12",
         ("Grail", "Quest for the Holy Grail", "聖杯クエスト", "Grial")),
    Name("picts", "quest", "Pict War", "ピクト人の戦い", "Guerra contra los Pictos",
         "BoQ p.2, p.10", "JA special white cards (Truce)", OWN, ("Picts", "Pictos")),
    Name("saxons", "quest", "Saxon War", "サクソン人との戦い", "Guerra contra los Sajones",
         "BoQ p.2, p.10", "JA special white cards (Truce)", OWN, ("Saxons", "Sajones")),
    Name("camelot", "quest", "Camelot", "キャメロット城", "Camelot", "BoQ p.2", _JT, OWN,
         ("Siege of Camelot", "キャメロット")),
)

_KNIGHTS: tuple[Name, ...] = (
    Name("arthur", "knight", "King Arthur", "アーサー王", "Rey Arturo", "BoQ p.13", _JKN, OWN,
         ("Arthur", "アーサー", "Arturo")),
    Name("galahad", "knight", "Sir Galahad", "ガラハッド卿", "Sir Galahad", "BoQ p.13", OWN, OWN),
    Name("gawain", "knight", "Sir Gawain", "ガウェイン卿", "Sir Gawain", "BoQ p.13", OWN, OWN),
    Name("kay", "knight", "Sir Kay", "ケイ卿", "Sir Kay", "BoQ p.13", OWN, OWN),
    Name("palamedes", "knight", "Sir Palamedes", "パロミデス卿", "Sir Palamedes", "BoQ p.13",
         OWN, OWN),
    Name("percival", "knight", "Sir Percival", "パーシヴァル卿", "Sir Perceval", "BoQ p.13",
         OWN, OWN),
    Name("tristan", "knight", "Sir Tristan", "トリスタン卿", "Sir Tristán", "BoQ p.13", _JT, OWN),
    Name("bors", "knight", "Sir Bors", "ボールス卿", "Sir Bors", _MC, OWN, OWN),
    Name("caradoc", "knight", "Sir Caradoc", "カラドック卿", "Sir Caradoc", _MC,
         "JA witches (2nd)", OWN),
    Name("gaheris", "knight", "Sir Gaheris", "ガヘリス卿", "Sir Gaheris", _MC, OWN, OWN),
    Name("gareth", "knight", "Sir Gareth", "ガレス卿", "Sir Gareth", _MC, OWN, OWN),
    Name("geraint", "knight", "Sir Geraint", "ゲライント卿", "Sir Geraint", _MC, OWN, OWN),
    Name("lamorak", "knight", "Sir Lamorak", "ラモラック卿", "Sir Lamorak", _MC, OWN, OWN),
    Name("owain", "knight", "Sir Owain", "オウェイン卿", "Sir Owain", _MC, OWN, OWN),
)

_RELICS: tuple[Name, ...] = (
    Name("excalibur", "relic", "Excalibur", "エクスカリバー", "Excalibur", "BoQ p.13", OWN,
         "ES p.12"),
    Name("grail", "relic", "Holy Grail", "聖杯", "Santo Grial", "BoQ p.13",
         "JA travel rules (Vision)", "ES p.12", ("Grail", "Grial")),
    Name("armor", "relic", "Lancelot's Armor", "ランスロットの鎧", "Armadura de Lancelot",
         "BoQ p.13", OWN, "ES p.12", ("Armor", "Armour", "Armadura de Lanzarote")),
)

_TERMS: tuple[Name, ...] = (
    Name("base_game", "term", "Shadows over Camelot", "キャメロットを覆う影",
         "Sombras sobre Camelot", "RB p.1", "JA title", OWN),
    Name("expansion", "term", "Merlin's Company", "マーリンの騎士団", "La Compañía de Merlín",
         "F §3", "JA title", OWN),
    Name("knight", "term", "Knight", "騎士", "Caballero", "RB p.4", _JKN, "ES p.16"),
    Name("white_card", "term", "White card", "白カード", "carta Blanca", "RB p.5", _JSET,
         "ES p.12", ("cartas Blancas",)),
    Name("black_card", "term", "Black card", "黒カード", "carta Negra", "RB p.5", _JSET,
         "ES p.10"),
    Name("special_white", "term", "Special White card", "スペシャル白カード",
         "carta Blanca Especial", _B14, _JT, OWN, ("cartas Blancas Especiales",)),
    Name("special_black", "term", "Special Black card", "スペシャル黒カード",
         "carta Negra Especial", _B14, _JT, "ES p.10", ("cartas Negras Especiales",)),
    Name("standard_black", "term", "Standard Black card", "通常の黒カード",
         "carta Negra Estándar", _B14, OWN, "ES p.10", ("cartas Negras Estándar",)),
    Name("fight_card", "term", "Fight card", "戦闘カード", "carta de Lucha", _B14,
         "JA special white cards (Dragon Slayer)", "ES p.13", ("cartas de Lucha",)),
    Name("travel_card", "term", "Travel card", "移動カード", "carta de Viaje", "F §3a",
         _JSET, OWN),
    Name("white_deck", "term", "white deck", "白デッキ", "mazo Blanco", "RB p.10",
         "JA witches (1st)", OWN, ("White draw pile",)),
    Name("black_deck", "term", "black deck", "黒デッキ", "mazo Negro", "RB p.10",
         "JA witches (1st)", OWN, ("Black draw pile",)),
    Name("travel_deck", "term", "travel deck", "移動デッキ", "mazo de Viaje", "F §3a",
         "JA appendix", OWN),
    Name("loyalty_deck", "term", "loyalty deck", "忠誠カードの山", "mazo de Lealtad",
         "rules-facts-update", OWN, OWN),
    Name("draw_pile", "term", "draw pile", "山札", "mazo de robo", "BoQ p.14", _JSET, "ES p.10",
         ("mazos de robo",)),
    Name("discard_pile", "term", "discard pile", "捨て札", "descartes", "BoQ p.14", _JT,
         "ES p.10"),
    Name("heroic_action", "term", "Heroic Action", "勇士のアクション", "Acción Heroica",
         "RB p.9", _JT, "ES p.13"),
    Name("progression_of_evil", "term", "Progression of Evil", "闇の進行フェイズ",
         "Progresión del Mal", "RB p.9", "JA witches (2nd)", "ES p.11"),
    Name("siege_engine", "term", "Siege Engine", "カタパルト", "Máquina de Asedio", "RB p.11",
         "JA black cards of finished quests", "ES p.11", ("Motor de Asedio",)),
    Name("siege_die", "term", "8-sided die", "8面ダイス", "dado de 8 caras", "RB p.3", OWN,
         "ES p.13"),
    Name("life_point", "term", "Life point", "生命力", "punto de Vida", "RB p.12",
         "JA witches (2nd)", "ES p.12", ("puntos de Vida", "Vida")),
    Name("white_sword", "term", "White Sword", "白剣", "Espada Blanca", "RB p.5", _J78,
         "ES p.16"),
    Name("black_sword", "term", "Black Sword", "黒剣", "Espada Negra", "RB p.5", _J78, OWN),
    Name("round_table", "term", "Round Table", "円卓", "Mesa Redonda", "RB p.5",
         "JA witches (5th)", "ES p.7"),
    Name("loyalty_card", "term", "Loyalty card", "忠誠カード", "carta de Lealtad", "RB p.7",
         _J78, "ES p.7"),
    Name("coat_of_arms", "term", "Coat of Arms", "紋章カード", "Escudo de Armas", "RB p.4",
         _JKN, "ES p.7"),
    Name("accusation", "term", "Accusation", "告発", "Acusación", "RB p.16", "JA witches (5th)",
         "ES p.16", ("Acusar",)),
    Name("quest", "term", "Quest", "クエスト", "Búsqueda", "BoQ p.2", _JT, "ES p.14"),
    Name("combat_quest", "term", "Combat Quest", "戦闘クエスト", "Búsqueda de Combate",
         "RB p.14", OWN, "ES p.14"),
    Name("solo_quest", "term", "Solo Quest", "ソロ・クエスト", "Búsqueda en Solitario",
         "RB p.13", "JA travel rules (Merlin Travels)", OWN),
    Name("relic", "term", "Relic", "聖遺物", "Reliquia", "RB p.5", OWN, OWN),
    Name("merlin_figure", "term", "Merlin figure", "マーリンのフィギュア", "figura de Merlín",
         "F §3", _JSET, OWN),
    Name("witch", "term", "Witch", "魔女", "Bruja", _JW, _JW, OWN),
    Name("squire", "term", "Squire", "従者", "Escudero", "RB p.18",
         "JA special white cards (Tournament)", OWN),
)

# fmt: on

NAMES: tuple[Name, ...] = (*_CARDS, *_QUESTS, *_KNIGHTS, *_RELICS, *_TERMS)

_LATIN_MARKS = re.compile("[\u0300-\u036f]")  # accents on Latin letters, never the kana marks


def normalize(text: str) -> str:
    """The key a typed name is looked up by: width-folded, case-folded, Latin accents, spaces,
    punctuation and symbols dropped.

    >>> normalize("Captured!"), normalize("ＣＡＰＴＵＲＥＤ"), normalize("Merlín")
    ('captured', 'captured', 'merlin')
    >>> normalize("第１の魔女")
    '第1の魔女'
    >>> normalize("Lancelot/Dragon 5/9") == normalize("lancelot_dragon_5_9")
    True
    """
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    folded = unicodedata.normalize("NFC", _LATIN_MARKS.sub("", folded))
    return "".join(ch for ch in folded if unicodedata.category(ch)[0] in "LN")


def _spellings(entry: Name) -> Iterable[str]:
    yield entry.id
    yield entry.en
    yield entry.ja
    yield entry.es
    yield from entry.aliases


@cache
def _index(kind: str) -> dict[str, str]:
    """normalized spelling -> id, for one kind (a spelling never names two things of a kind)."""
    index: dict[str, str] = {}
    for entry in NAMES:
        if entry.kind != kind:
            continue
        for spelling in _spellings(entry):
            key = normalize(spelling)
            if index.setdefault(key, entry.id) != entry.id:
                raise ValueError(
                    f"names table: {spelling!r} names both {index[key]} and {entry.id}"
                )
    return index


def _check_kind(kind: object) -> str:
    if not isinstance(kind, str) or kind not in KINDS:
        raise ValueError(f"kind={kind!r}: expected one of {', '.join(KINDS)}")
    return kind


def name_entry(name_id: str, kind: str = "card") -> Name:
    """The table's entry for ``name_id`` of ``kind`` (``ValueError`` if there is none)."""
    _check_kind(kind)
    for entry in NAMES:
        if entry.kind == kind and entry.id == name_id:
            return entry
    raise ValueError(f"no {kind} has the id {name_id!r} in the names table")


def display_name(name_id: str, kind: str = "card", lang: str | None = None) -> str:
    """The printed name of ``name_id`` in ``lang`` (default: the language in force); a name the
    table does not know (a custom deck's card) is shown as it is.

    >>> display_name("captured", lang="es"), display_name("kay", "knight", lang="en")
    ('¡Capturado!', 'Sir Kay')
    >>> display_name("card_0")
    'card_0'
    """
    lang = get_language() if lang is None else check_language(lang)
    _check_kind(kind)
    for entry in NAMES:
        if entry.kind == kind and entry.id == name_id:
            return entry.name(lang)
    return name_id


def _labelled(name_id: str, kind: str, lang: str) -> str:
    shown = display_name(name_id, kind, lang)
    return repr(name_id) if shown == name_id else f"{name_id!r} ({shown})"


def suggestions(text: str, kind: str = "card", *, n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The ids whose spellings are nearest to ``text`` (difflib), best first, at most ``n``.

    >>> suggestions("captued")
    ['captured']
    """
    index = _index(_check_kind(kind))
    typed = normalize(text)
    best: dict[str, float] = {}
    for key in difflib.get_close_matches(typed, list(index), n=4 * n, cutoff=cutoff):
        score = difflib.SequenceMatcher(None, typed, key).ratio()
        best[index[key]] = max(score, best.get(index[key], 0.0))
    top = max(best.values(), default=0.0)  # only the near misses as near as the nearest
    return sorted((i for i in best if best[i] >= top - 0.08), key=lambda i: (-best[i], i))[:n]


_KIND_WORDS = {
    "card": N_("card"),
    "quest": N_("quest"),
    "knight": N_("knight"),
    "relic": N_("relic"),
    "term": N_("game term"),
}


def _unknown(text: str, kind: str, lang: str) -> ValueError:
    near = suggestions(text, kind)
    what = _(_KIND_WORDS[kind], lang)
    for other in KINDS:
        found = _index(other).get(normalize(text)) if other != kind else None
        if found is not None:
            return ValueError(
                _("{text!r} is a {other} ({name}), not a {what}", lang).format(
                    text=text,
                    other=_(_KIND_WORDS[other], lang),
                    name=display_name(found, other, lang),
                    what=what,
                )
            )
    if near:
        shown = ", ".join(_labelled(i, kind, lang) for i in near)
        return ValueError(
            _("unknown {what} {text!r}; did you mean {names}?", lang).format(
                what=what, text=text, names=shown
            )
        )
    return ValueError(
        _(
            "unknown {what} {text!r}: expected its printed name (English, Japanese or Spanish) "
            "or its id, e.g. {example}",
            lang,
        ).format(what=what, text=text, example=_labelled(_EXAMPLES[kind], kind, lang))
    )


_EXAMPLES = {
    "card": "grail",
    "quest": "dragon",
    "knight": "kay",
    "relic": "armor",
    "term": "siege_engine",
}


def resolve(text: object, kind: str = "card", lang: str | None = None) -> str:
    """Return the id that ``text`` names among the things of ``kind``.

    ``text`` may be the id or a printed name or alias in English, Japanese or Spanish, in any
    case, width, spacing and punctuation. ``lang`` is the language of the error message
    (default: the language in force); every language is accepted as input.

    >>> resolve("sir  KAY", "knight"), resolve("サクソン人との戦い", "quest")
    ('kay', 'saxons')
    >>> resolve("Sir Kai", "knight", lang="en")
    Traceback (most recent call last):
        ...
    ValueError: unknown knight 'Sir Kai'; did you mean 'kay' (Sir Kay)?
    """
    kind = _check_kind(kind)
    lang = get_language() if lang is None else check_language(lang)
    if not isinstance(text, str):
        raise ValueError(
            _("{what}={text!r}: expected a name (text)", lang).format(
                what=_(_KIND_WORDS[kind], lang), text=text
            )
        )
    found = _index(kind).get(normalize(text))
    if found is None:
        raise _unknown(text, kind, lang)
    return found


def resolve_quest(text: object, lang: str | None = None) -> str:
    """The quest id (``"grail"``, ``"black_knight"``, ``"camelot"``...) ``text`` names."""
    return resolve(text, "quest", lang)


def resolve_knight(text: object, lang: str | None = None) -> str:
    """The knight id (``"arthur"``, ``"kay"``, ``"caradoc"``...) ``text`` names."""
    return resolve(text, "knight", lang)


def _deck_label(deck: Deck, card: str, lang: str) -> str | None:
    """Why ``card`` is missing from ``deck`` when ``deck`` is a box deck: a sentence, or None."""
    for kind in ("white", "black"):
        base, full = standard_deck(kind), standard_deck(kind, expansion=True)
        shown = display_name(f"{kind}_deck", "term", lang)
        if deck == base and full.count(card):
            how = user_words(
                python="expansion=True",
                cli="--expansion",
                widgets=_("tick Merlin's Company", lang),
            )
            return _(
                "{card} is not in the base-game {deck}: it comes with Merlin's Company ({how})",
                lang,
            ).format(card=_labelled(card, "card", lang), deck=shown, how=how)
    for kind, expansion in (
        ("white", False),
        ("black", False),
        ("white", True),
        ("black", True),
        ("travel", True),
    ):
        if deck == standard_deck(kind, expansion=expansion):
            homes = [
                k
                for k in ("white", "black", "travel", "loyalty")
                if standard_deck(k, expansion=True, players=8 if k == "loyalty" else None).count(
                    card
                )
            ]
            where = (
                _("it is a card of the {deck}", lang).format(
                    deck=display_name(f"{homes[0]}_deck", "term", lang)
                )
                if homes
                else _("it is in no deck of the game", lang)
            )
            return _("{card} is not in the {deck}: {where}", lang).format(
                card=_labelled(card, "card", lang),
                deck=display_name(f"{kind}_deck", "term", lang),
                where=where,
            )
    return None


def resolve_card(text: object, deck: Deck | None = None, lang: str | None = None) -> str:
    """Return the card id ``text`` names; with ``deck``, also check the deck holds that card.

    Rules: ``deck.counts`` (which box deck holds which card).

    A name of ``deck`` itself (a custom deck's ``card_0``) is accepted as it is. A card missing
    from a box deck is an error that says where it is, e.g. the expansion's witches in the base
    black deck (a silent 0% would be a wrong answer).

    >>> from camelot_rules.data.decks import standard_deck
    >>> resolve_card("Grail", standard_deck("white"))
    'grail'
    >>> try:
    ...     resolve_card("First Witch", standard_deck("black"), lang="en")
    ... except ValueError as err:
    ...     print(err)  # doctest: +NORMALIZE_WHITESPACE
    'morgan_witch_1' (First Witch) is not in the base-game black deck: it comes with
    Merlin's Company (expansion=True)
    """
    lang = get_language() if lang is None else check_language(lang)
    if deck is not None and isinstance(text, str) and deck.counts.get(text, 0):
        return text
    card = resolve(text, "card", lang)
    if deck is None or deck.count(card):
        return card
    why = _deck_label(deck, card, lang)
    if why is None:
        why = _("{card} is not in this deck (it holds {names})", lang).format(
            card=_labelled(card, "card", lang), names=", ".join(deck.names())
        )
    raise ValueError(why)


_SECTIONS = (
    ("term", "Game terms"),
    ("card", "Cards"),
    ("quest", "Quests and places"),
    ("knight", "Knights"),
    ("relic", "Relics"),
)


def glossary_markdown() -> str:
    """The glossary page (``docs/glossary.md``): every name of the table in the three languages,
    each with its source. ``python -m camelot_rules.data.names --write docs/glossary.md`` writes it;
    a test fails when the page is stale."""
    counts = {lang: sum(e.source(lang) != OWN for e in NAMES) for lang in ("en", "ja", "es")}
    lines = [
        "# Glossary: English, 日本語, Español",
        "",
        "Generated by `python -m camelot_rules.data.names` from the names table "
        "(`camelot_rules/data/names.py`); a test fails when this page is stale. Every name below "
        "is accepted wherever the toolkit reads a card, quest or knight (the CLI, the text "
        "boxes of the widgets), in any case and without the punctuation.",
        "",
        "Sources: *BoQ p.N* / *RB p.N* = the official 2005 Book of Quests / Rulebook (English); "
        "*JA section* = the Japanese translation of the Merlin's Company rules "
        "(`seeds/000_f03494cf5d4661bf.txt`), which keeps the expansion's English card names; "
        "*ES p.N* = the Spanish summary of the base rules (`seeds/001_e99e088dda8d0441.txt`) "
        "with the rulebook page it cites; *F §N* / *rules-facts-update* = the public facts "
        "files; *own* = no source names it in that language: the project's own rendering for "
        "board-gamers, consistent with the seeds' words.",
        "",
        f"{len(NAMES)} entries; names taken from a source: English {counts['en']}, "
        f"Japanese {counts['ja']}, Spanish {counts['es']}.",
    ]
    for kind, title in _SECTIONS:
        lines += ["", f"## {title}", "", "| id | English | 日本語 | Español |", "|---|---|---|---|"]
        for e in NAMES:
            if e.kind != kind:
                continue
            cells = [f"{e.name(lang)} *({e.source(lang)})*" for lang in ("en", "ja", "es")]
            lines.append(f"| `{e.id}` | " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    import sys

    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        with open(sys.argv[2], "w", encoding="utf-8") as fh:
            fh.write(glossary_markdown())
    else:
        sys.stdout.write(glossary_markdown())


def check_card_names(deck: Deck, cards: str | Iterable[str]) -> frozenset[str]:
    """Return ``cards`` as a set of card ids, rejecting unknown ones.

    A name is unknown if it is neither in ``deck`` nor a card of any standard deck. A printed
    name in English, Japanese or Spanish (``"Grail"``, ``"第1の魔女"``) stands for its id
    (:func:`resolve_card`); an unknown one gets a "did you mean" error.

    >>> sorted(check_card_names(standard_deck("white"), ["Grail", "fight_5"]))
    ['fight_5', 'grail']
    """
    if isinstance(cards, str):
        names = [cards]
    else:
        try:
            names = list(cards)
        except TypeError:
            raise ValueError(
                f"cards={cards!r}: expected a card name or a collection of card names"
            ) from None
    ids = []
    for name in names:
        if not isinstance(name, str):
            raise ValueError(f"cards={cards!r}: {name!r} is not a card name (text)")
        if CARD_ID.fullmatch(name) and (deck.count(name) or name in known_card_names()):
            ids.append(name)
        else:  # a printed name, or a typo: the names table reads it or says what was meant
            ids.append(resolve_card(name))
    return frozenset(ids)
