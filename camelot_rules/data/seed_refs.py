"""Seeds beside statements: where each registry rule taken from a seed stands in that seed.

For every rule of :mod:`camelot_rules.data.registry` that cites the Japanese seed (``JA``, the
Merlin's Company translation, ``seeds/000_f03494cf5d4661bf.txt``) or the Spanish seed (``ES``,
the base-game summary, ``seeds/001_e99e088dda8d0441.txt``), a :class:`SeedRef` gives the seed's
section (the Japanese heading, or the rulebook page the Spanish summary cites, as the seed
writes it) and a few words of the seed's own wording, so that a translator can put the
project's statement beside the seed's sentence. Short terms only: the seeds are cited, never
copied.

>>> [(r.seed, r.section) for r in refs_for("deck.first-witch")]
[('JA', '1st Witch（第1の魔女）')]
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SEED_FILES", "SEED_REFS", "SeedRef", "refs_for"]

SEED_FILES = {"JA": "seeds/000_f03494cf5d4661bf.txt", "ES": "seeds/001_e99e088dda8d0441.txt"}


@dataclass(frozen=True)
class SeedRef:
    """One rule's place in one seed: the section as the seed heads it and the seed's term."""

    rule: str  # a rule id of camelot_rules.data.registry
    seed: str  # "JA" or "ES"
    section: str  # JA: the seed's heading; ES: the page mark the seed writes, e.g. "p. 13"
    term: str  # a few words exactly as the seed writes them


_TRAVEL = "移動に関する追加ルール"
_FINISHED = "すでに終了しているクエストに対応する黒カードの処理"
_SEVEN_EIGHT = "7〜8人のゲーム：2人の裏切り者！"
_W2 = "2nd Witch（第2の魔女）"

SEED_REFS: tuple[SeedRef, ...] = (
    SeedRef("siege.fight", "ES", "p. 13", "luchar contra una Máquina de Asedio"),
    SeedRef("siege.twelfth-engine", "ES", "p. 11", "la 12.ª Máquina de Asedio"),
    SeedRef("siege.second-action", "JA", _W2, "追加で勇士のアクションを実行する"),
    SeedRef("deck.draw-applies-at-once", "ES", "p. 10", "baraja los descartes"),
    SeedRef("deck.rebuild-both", "JA", _TRAVEL, "両方の山札をシャッフルし直します"),
    SeedRef("deck.rebuild-both", "ES", "p. 10", "nuevos mazos de robo"),
    SeedRef("deck.finished-quest-cards", "JA", _FINISHED, "ゲームから取り除きます"),
    SeedRef("deck.first-witch", "JA", "1st Witch（第1の魔女）", "山札を作り直します"),
    SeedRef(
        "deck.merlin-blocks-engine",
        "JA",
        "MERLIN TO THE RESCUE（マーリンによる救出）",
        "カタパルトの追加を無効にできます",
    ),
    SeedRef("deck.counts", "JA", "セットアップの変更点", "追加の黒カード14枚"),
    SeedRef("travel.draw-on-move", "JA", _TRAVEL, "移動カードを1枚、山札から引いて"),
    SeedRef("travel.cards", "JA", _TRAVEL, "Charged! / Lost! / Ambushed!"),
    SeedRef("travel.counts", "JA", "移動デッキ", "カード枚数の説明のみなので、省略"),
    SeedRef("travel.captured", "JA", "Captured!", "騎士は捕らえられてしまいます"),
    SeedRef("travel.reshuffle", "JA", _TRAVEL, "旅デッキはシャッフルしません"),
    SeedRef("endgame.tie", "JA", "DIVINE FAVOR（神の寵愛）", "同点"),
    SeedRef("endgame.hidden-traitors", "JA", _SEVEN_EIGHT, "白剣を3本裏返して黒剣にします"),
    SeedRef("endgame.accusation", "ES", "p. 16", "Acusar obliga al acusado"),
    SeedRef("endgame.fifth-witch", "JA", "5th Witch（第5の魔女）", "白剣2本を裏返して黒剣にします"),
    SeedRef("loyalty.deal", "ES", "p. 7", "carta de Lealtad"),
    SeedRef("loyalty.deal", "JA", _SEVEN_EIGHT, "2枚目の裏切り者カード"),
    SeedRef("setup.deal", "ES", "p. 7", "se le reparte una carta de Lealtad"),
    SeedRef("setup.loyalty", "ES", "p. 7", "se retiran sin mirarlas"),
    SeedRef("setup.three-players", "ES", "p. 19", "En una partida de 3 jugadores"),
    SeedRef("evil.black-card", "ES", "p. 10", "lees y aplicas su efecto inmediatamente"),
    SeedRef("evil.engine", "ES", "p. 11", "acción de Progresión del Mal"),
    SeedRef("black.face-down", "ES", "pp. 11, 14", "pueden jugarse boca abajo"),
    SeedRef("quest.combat-end", "ES", "p. 14", "Una Búsqueda de Combate termina"),
    SeedRef("black.finished-quest", "ES", "p. 11", "Añades una Máquina de Asedio"),
    SeedRef("black.merlin-cancel", "ES", "pp. 10–11", "3 cartas de Merlín"),
    SeedRef("death.zero-life", "ES", "p. 12", "mueres y quedas eliminado"),
    SeedRef("relic.grail", "ES", "p. 12", "te permite beber de él"),
    SeedRef("deck.reshuffle-both", "ES", "p. 10", "nuevos mazos de robo"),
    SeedRef("setup.expansion", "JA", "セットアップの変更点", "移動カード16枚をシャッフル"),
    SeedRef("setup.expansion", "JA", "7人の新たな騎士たち", "アーサー王は常にゲームに参加します"),
    SeedRef("knight.caradoc", "JA", _W2, "カラドック卿の特殊能力"),
    SeedRef("witch.lasting", "JA", "7th Witch（第7の魔女）", "次のクエスト失敗のとき"),
    SeedRef("witch.lasting", "JA", "6th Witch（第6の魔女）", "ゲームから取り除きます"),
    SeedRef("witch.third", "JA", "3rd Witch（第3の魔女）", "ピクト人とサクソン人のフィギュア"),
    SeedRef("witch.fourth", "JA", "4th Witch（第4の魔女）", "聖杯カードを1枚捨てるか"),
    SeedRef("white.expansion-specials", "JA", "スペシャル白カード", "CALL FOR HELP（救援要請）"),
)


def refs_for(rule_id: str) -> tuple[SeedRef, ...]:
    """The seed passages behind ``rule_id`` (empty when no seed states it)."""
    return tuple(r for r in SEED_REFS if r.rule == rule_id)
