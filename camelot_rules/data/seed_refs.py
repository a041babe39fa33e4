"""Seeds beside statements: where each registry rule taken from a seed stands in that seed.

For every rule of :mod:`camelot_rules.data.registry` that cites the Japanese seed (``JA``, the
Merlin's Company translation, ``seeds/000_f03494cf5d4661bf.txt``) or the Spanish seed (``ES``,
the base-game summary, ``seeds/001_e99e088dda8d0441.txt``), a :class:`SeedRef` gives the seed's
section (the Japanese heading, or the rulebook page the Spanish summary cites, as the seed
writes it) and a few words of the seed's own wording, so that a translator can put the
project's statement beside the seed's sentence: the coverage pages quote that one sentence
(``sentence``) beside the project's own statement. The seeds are cited one sentence at a time,
for comparison, never copied whole.

>>> [(r.seed, r.section) for r in refs_for("deck.first-witch")]
[('JA', '1st Witch（第1の魔女）')]
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SEED_FILES", "SEED_REFS", "SeedRef", "refs_for"]

SEED_FILES = {"JA": "seeds/000_f03494cf5d4661bf.txt", "ES": "seeds/001_e99e088dda8d0441.txt"}


@dataclass(frozen=True)
class SeedRef:
    """One rule's place in one seed: the section as the seed heads it, the seed's term, and
    the whole sentence of the seed that holds it (quoted for comparison, never restated)."""

    rule: str  # a rule id of camelot_rules.data.registry
    seed: str  # "JA" or "ES"
    section: str  # JA: the seed's heading; ES: the page mark the seed writes, e.g. "p. 13"
    term: str  # a few words exactly as the seed writes them
    sentence: str  # the seed's whole sentence holding the term, quoted beside the statement


_TRAVEL = "移動に関する追加ルール"
_FINISHED = "すでに終了しているクエストに対応する黒カードの処理"
_SEVEN_EIGHT = "7〜8人のゲーム：2人の裏切り者！"
_W2 = "2nd Witch（第2の魔女）"

# The Spanish seed's sentences quoted by several rules (each ends with the page it cites).
_ES_P13 = (
    "Para luchar contra una Máquina de Asedio (una Acción Heroica de Camelot), juega "
    "cualquier número de cartas de Lucha, tira el dado de 8 caras y retira la "
    "Máquina de Asedio si tu total de Lucha es mayor que el resultado del dado; si "
    "no, pierdes 1 Vida y la Máquina de Asedio permanece (p. 13)."
)
_ES_P11 = (
    "Añades una Máquina de Asedio como tu acción de Progresión del Mal colocando una "
    "en cualquier espacio de asedio vacío; la 12.ª Máquina de Asedio colocada "
    "provoca una derrota inmediata para todos salvo el Traidor (p. 11)."
)
_ES_P10 = (
    "Cuando robas una carta Negra, lees y aplicas su efecto inmediatamente; si el "
    "robo deja un mazo vacío, baraja los descartes para formar nuevos mazos de robo "
    "(p. 10)."
)
_ES_P16 = (
    "Acusar obliga al acusado a revelar inmediatamente su carta de Lealtad; esta "
    "Acción solo está disponible cuando hay al menos 6 Motores de Asedio alrededor "
    "de Camelot o al menos 6 Espadas en la Mesa Redonda, y cada Caballero solo puede "
    "acusar una vez (p. 16)."
)
_ES_P7 = (
    "A cada jugador se le reparte una carta de Lealtad y la mira en secreto antes de "
    "deslizarla boca abajo bajo su Escudo de Armas (incluido el Traidor); las cartas "
    "de Lealtad no utilizadas se retiran sin mirarlas (p. 7)."
)
_ES_P19 = (
    "En una partida de 3 jugadores, los jugadores no deben mirar sus cartas de "
    "Lealtad durante la preparación y deben esperar hasta que se hayan colocado al "
    "menos 6 Espadas en la Mesa Redonda antes de echarles un vistazo (p. 19)."
)
_ES_P11_14 = (
    "Todas las cartas Negras jugadas en la Búsqueda deben barajarse juntas antes de "
    "revelarlas para calcular su total, y las cartas del Caballero Negro, Lanzarote "
    "y Dragón pueden jugarse boca abajo para ocultar su valor (pp. 11, 14)."
)
_ES_P14 = (
    "Una Búsqueda de Combate termina cuando todos sus espacios están ocupados y "
    "comparas la suma de todas las cartas Blancas jugadas allí con la suma de todas "
    "las cartas Negras jugadas (p. 14)."
)
_ES_P10_11 = (
    "Las cartas Negras Especiales pueden cancelarse inmediatamente si los jugadores "
    "juegan colectivamente 3 cartas de Merlín (pero esto no puede aplicarse "
    "retroactivamente), mientras que las cartas Negras Estándar no pueden "
    "contrarrestarse con 3 Merlines (pp. 10–11)."
)
_ES_P12_DEATH = (
    "Si tus puntos de vida llegan a cero, mueres y quedas eliminado del juego al "
    "final de tu turno; tus cartas blancas se descartan y cualquier "
    "Excalibur/Armadura de Lancelot que tuvieras se pierde (p. 12)."
)
_ES_P12_GRAIL = (
    "Si el Santo Grial se ha ganado previamente y su dueño te permite beber de él, "
    "recuperas 4 puntos de vida una vez (el Grial se retira entonces del juego) (p. "
    "12; consulta la obtención del Grial en la p. 15)."
)

SEED_REFS: tuple[SeedRef, ...] = (
    SeedRef(
        "siege.fight",
        "ES",
        "p. 13",
        "luchar contra una Máquina de Asedio",
        _ES_P13,
    ),
    SeedRef(
        "siege.twelfth-engine",
        "ES",
        "p. 11",
        "la 12.ª Máquina de Asedio",
        _ES_P11,
    ),
    SeedRef(
        "siege.second-action",
        "JA",
        _W2,
        "追加で勇士のアクションを実行する",
        "生命力1を使い、追加で勇士のアクションを実行する",
    ),
    SeedRef(
        "deck.draw-applies-at-once",
        "ES",
        "p. 10",
        "baraja los descartes",
        _ES_P10,
    ),
    SeedRef(
        "deck.rebuild-both",
        "JA",
        _TRAVEL,
        "両方の山札をシャッフルし直します",
        (
            "（※注意：黒カードまたは白カードの山札がなくなったときに、両方の山札をシャッフル"
            "し直しますが、このときに旅デッキはシャッフルしません。）"
        ),
    ),
    SeedRef(
        "deck.rebuild-both",
        "ES",
        "p. 10",
        "nuevos mazos de robo",
        _ES_P10,
    ),
    SeedRef(
        "deck.finished-quest-cards",
        "JA",
        _FINISHED,
        "ゲームから取り除きます",
        (
            "すでに終了しているクエストに関連する黒カードを引いたとき、それらのカードは捨てる"
            "代わりにゲームから取り除きます。"
        ),
    ),
    SeedRef(
        "deck.first-witch",
        "JA",
        "1st Witch（第1の魔女）",
        "山札を作り直します",
        "ただちに白デッキと黒デッキの山札を作り直します。",
    ),
    SeedRef(
        "deck.merlin-blocks-engine",
        "JA",
        "MERLIN TO THE RESCUE（マーリンによる救出）",
        "カタパルトの追加を無効にできます",
        (
            "その場合は、対象のクエストに対応する黒カードを引いたときに発生するカタパルトの追"
            "加を無効にできます。"
        ),
    ),
    SeedRef(
        "deck.counts",
        "JA",
        "セットアップの変更点",
        "追加の黒カード14枚",
        "追加の黒カード14枚を、オリジナルの黒カードに加えます。",
    ),
    SeedRef(
        "travel.draw-on-move",
        "JA",
        _TRAVEL,
        "移動カードを1枚、山札から引いて",
        "次に、移動カードを1枚、山札から引いて効果を適用します。",
    ),
    SeedRef(
        "travel.cards",
        "JA",
        _TRAVEL,
        "Charged! / Lost! / Ambushed!",
        (
            "これらのカードを引いた場合、カードに書かれている内容を達成できれば、目的のクエス"
            "トに移動できます。"
        ),
    ),
    SeedRef(
        "travel.counts",
        "JA",
        "移動デッキ",
        "カード枚数の説明のみなので、省略",
        "(カード枚数の説明のみなので、省略)",
    ),
    SeedRef(
        "travel.captured",
        "JA",
        "Captured!",
        "騎士は捕らえられてしまいます",
        "このカードを引いた場合、騎士は捕らえられてしまいます。",
    ),
    SeedRef(
        "travel.reshuffle",
        "JA",
        _TRAVEL,
        "旅デッキはシャッフルしません",
        (
            "（※注意：黒カードまたは白カードの山札がなくなったときに、両方の山札をシャッフル"
            "し直しますが、このときに旅デッキはシャッフルしません。）"
        ),
    ),
    SeedRef(
        "endgame.tie",
        "JA",
        "DIVINE FAVOR（神の寵愛）",
        "同点",
        (
            "このカードを出した後、次にゲーム中に（騎士側と闇の軍勢が）同点になるような出来事"
            "が起こった場合、騎士側に良い結果となります。"
        ),
    ),
    SeedRef(
        "endgame.hidden-traitors",
        "JA",
        _SEVEN_EIGHT,
        "白剣を3本裏返して黒剣にします",
        "正体を隠し通した裏切り者が2人の場合、白剣を3本裏返して黒剣にします。",
    ),
    SeedRef(
        "endgame.accusation",
        "ES",
        "p. 16",
        "Acusar obliga al acusado",
        _ES_P16,
    ),
    SeedRef(
        "endgame.fifth-witch",
        "JA",
        "5th Witch（第5の魔女）",
        "白剣2本を裏返して黒剣にします",
        "これ以降、他の騎士の告発に失敗した場合、円卓上の白剣2本を裏返して黒剣にします。",
    ),
    SeedRef(
        "loyalty.deal",
        "ES",
        "p. 7",
        "carta de Lealtad",
        _ES_P7,
    ),
    SeedRef(
        "loyalty.deal",
        "JA",
        _SEVEN_EIGHT,
        "2枚目の裏切り者カード",
        (
            "7人以上のゲームの場合、ゲームの始めに忠誠カードを引くときに、2枚目の裏切り者カー"
            "ドも加えます。"
        ),
    ),
    SeedRef(
        "setup.deal",
        "ES",
        "p. 7",
        "se le reparte una carta de Lealtad",
        _ES_P7,
    ),
    SeedRef(
        "setup.loyalty",
        "ES",
        "p. 7",
        "se retiran sin mirarlas",
        _ES_P7,
    ),
    SeedRef(
        "setup.three-players",
        "ES",
        "p. 19",
        "En una partida de 3 jugadores",
        _ES_P19,
    ),
    SeedRef(
        "evil.black-card",
        "ES",
        "p. 10",
        "lees y aplicas su efecto inmediatamente",
        _ES_P10,
    ),
    SeedRef(
        "evil.engine",
        "ES",
        "p. 11",
        "acción de Progresión del Mal",
        _ES_P11,
    ),
    SeedRef(
        "black.face-down",
        "ES",
        "pp. 11, 14",
        "pueden jugarse boca abajo",
        _ES_P11_14,
    ),
    SeedRef(
        "quest.combat-end",
        "ES",
        "p. 14",
        "Una Búsqueda de Combate termina",
        _ES_P14,
    ),
    SeedRef(
        "black.finished-quest",
        "ES",
        "p. 11",
        "Añades una Máquina de Asedio",
        _ES_P11,
    ),
    SeedRef(
        "black.merlin-cancel",
        "ES",
        "pp. 10–11",
        "3 cartas de Merlín",
        _ES_P10_11,
    ),
    SeedRef(
        "death.zero-life",
        "ES",
        "p. 12",
        "mueres y quedas eliminado",
        _ES_P12_DEATH,
    ),
    SeedRef(
        "relic.grail",
        "ES",
        "p. 12",
        "te permite beber de él",
        _ES_P12_GRAIL,
    ),
    SeedRef(
        "deck.reshuffle-both",
        "ES",
        "p. 10",
        "nuevos mazos de robo",
        _ES_P10,
    ),
    SeedRef(
        "setup.expansion",
        "JA",
        "セットアップの変更点",
        "移動カード16枚をシャッフル",
        "移動カード16枚をシャッフルし、山札を作ります。",
    ),
    SeedRef(
        "setup.expansion",
        "JA",
        "7人の新たな騎士たち",
        "アーサー王は常にゲームに参加します",
        "「マーリンの騎士団」では、アーサー王は常にゲームに参加します*1。",
    ),
    SeedRef(
        "knight.caradoc",
        "JA",
        _W2,
        "カラドック卿の特殊能力",
        (
            "カラドック卿の特殊能力（手番中に1回、生命力1を捧げて白カード2枚を引いてもよい）"
            "を使用する"
        ),
    ),
    SeedRef(
        "witch.lasting",
        "JA",
        "7th Witch（第7の魔女）",
        "次のクエスト失敗のとき",
        ("次のクエスト失敗のとき、そのクエストに参加していない騎士は全員、生命力1を失います。"),
    ),
    SeedRef(
        "witch.lasting",
        "JA",
        "6th Witch（第6の魔女）",
        "ゲームから取り除きます",
        (
            "これ以降、マーリンカードが使用されたら、それを捨て札にするのではなくゲームから取"
            "り除きます。"
        ),
    ),
    SeedRef(
        "witch.third",
        "JA",
        "3rd Witch（第3の魔女）",
        "ピクト人とサクソン人のフィギュア",
        "ピクト人とサクソン人のフィギュアを1体ずつ、対応するクエストに追加します。",
    ),
    SeedRef(
        "witch.fourth",
        "JA",
        "4th Witch（第4の魔女）",
        "聖杯カードを1枚捨てるか",
        "すべての騎士は、聖杯カードを1枚捨てるか、生命力1を失います。",
    ),
    SeedRef(
        "white.expansion-specials",
        "JA",
        "スペシャル白カード",
        "CALL FOR HELP（救援要請）",
        "あなたのいるクエストに、他の騎士を呼び寄せます。",
    ),
)


def refs_for(rule_id: str) -> tuple[SeedRef, ...]:
    """The seed passages behind ``rule_id`` (empty when no seed states it)."""
    return tuple(r for r in SEED_REFS if r.rule == rule_id)
