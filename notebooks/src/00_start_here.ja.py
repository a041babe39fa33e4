# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # はじめに：camelot-rules で何がわかるか
#
# *camelot-rules* は『キャメロットを覆う影』とその拡張『マーリンの騎士団』の偶然の出来事――カタパルトとの戦い、カードを引くこと、デッキ切れ、移動カード、ゲーム終了時の剣――の確率を**正確に**（シミュレーションではなく分数で）計算します。下の数字はすべて `fractions.Fraction` で、パーセントは読みやすくするためだけのものです。
#
# このノートは英語版 `00_start_here.ipynb` の日本語版です。最初のセルで `set_language("ja")` を呼ぶので、ライブラリが出すカード名・デッキ名や答えの文（判定の一文、「この答えの前提」など）も日本語になります。数字は英語版とまったく同じです。
#
# ルールの出典：
#
# * **RB**、**BoQ** ― 2005年版の公式ルールブックとクエストブック。印刷されたページで示します（例：*RB p.10*）。
# * **ES** ― 基本ルールのスペイン語の要約。引用しているルールブックのページ付き（例：*ES p.13*）。
# * **JA** ― 『マーリンの騎士団』ルールの日本語訳。節の名前で示します（例：*JA witches*＝魔女の節）。
# * **F** ― このプロジェクトで集めた公開情報（カードの枚数など。それぞれに確度 `high`（高）・`med`（中）・`low`（低）・`unverified`（未確認）が付きます）。`high` 未満のものはすべて**仮定**で、そのように表示します。
#
# ほかのノート：
#
# * `01_siege_fights` ― カタパルト戦：戦いの確率、手札の助言、ケイ卿。
# * `02_travel_risk` ― 移動カード：どの移動で引くか、何回かの移動で捕らえられる危険。
# * `03_deck_exhaustion` ― 山札の作り直し、第1の魔女、終了したクエストのカード。
# * `04_state_graph` ― 正確な状態グラフの探索と、自分のモデルの書き方。
# * `05_endgame_traitors` ― 最後の剣と、いつ告発するか。
# * `06_rules_disputes` ― ルールの論争を数字で決着、記録したゲームのルール確認。
# * `07_whole_game` ― ルールエンジンが1ゲームを1手ずつ進める。盤面ウィジェット付き。
# * `08_teaching_the_expansion` ― 『マーリンの騎士団』を教えるためのレッスン。1ページのまとめ付き（日本語版は `08_teaching_the_expansion.ja.ipynb`）。
# * `09_quests` ― クエストの確率：聖杯、エクスカリバー、戦いを黒カードとの競争として、戦闘クエスト。
# * `10_how_hard_is_it` ― 方針（プレイの仕方）が遊ぶゲーム全体：騎士側はどのくらい勝つか。
# * `app` ― ダッシュボード（`make app`）：ゲームの記録と、すべての計算を1ページに。

# %%
from fractions import Fraction
from math import comb

from camelot_rules import (
    deck_facts, draw_probability, first_draw_distribution, setup_position, standard_deck,
)
from camelot_rules.front.display import fmt_prob, text_table
from camelot_rules.base.i18n import set_language
from camelot_rules.data.names import display_name
from camelot_rules.data.rulebook import Confidence
from camelot_rules.odds.montecarlo import simulate_draws, simulate_first_draw

language = set_language("ja")  # every sentence of the library from here on is in this language

# %% [markdown]
# ## 箱の中のデッキ
#
# 基本セットには白カード84枚、黒カード76枚、忠誠カード8枚（忠誠7枚＋裏切り者1枚）が入っています。『マーリンの騎士団』は白カード23枚と黒カード14枚（うち7枚はモルガンの魔女）、16枚の移動デッキ、9枚の忠誠カードを加えます。9枚目の2人目の裏切り者を使うのは7〜8人のときだけです（*JA 7-8 players*）。

# %%
rows = []
for kind in ["white", "black", "loyalty", "travel"]:
    for expansion in [False, True]:
        if kind == "travel" and not expansion:
            continue
        players = (8 if expansion else 7) if kind == "loyalty" else None
        deck = standard_deck(kind, expansion=expansion, players=players)
        facts = deck_facts(kind, expansion=expansion, players=players)
        assumed = sum(e.count for e in facts if e.confidence.is_assumption)
        box = display_name("base_game", "term") + (" + " + display_name("expansion", "term") if expansion else "")
        rows.append([display_name(kind + "_deck", "term"), box, deck.size, assumed])
print(text_table(["デッキ", "箱", "枚数", "枚数が仮定のカード"], rows))

# %% [markdown]
# ### どの枚数が仮定か？
#
# 基本セットの白デッキはすべて確認済みです。基本セットの黒デッキのクエストのカード（エクスカリバー、絶望、ピクト人、サクソン人、傭兵）は公開情報で「中〜高」とされ（確度「高」なのは通常の黒カード64枚という合計だけ）、ここでは `med`（中）として記録しています。以下は拡張の枚数のうち、**確認されていない**もの（`med` 以下）です。拡張の通常カードの内訳はある個人の実装によるもの（`low`）、拡張の白カードのうち1枚は正体不明、移動デッキの種類ごとの枚数はどちらの資料にもなく――翻訳が省いています――既定値はこのプロジェクトの推測です（`unverified`）。どの計算機にも、自分の `Deck` を渡せます。

# %%
CONFIDENCE = {"med": "中", "low": "低", "unverified": "未確認"}
for kind in ["white", "black", "travel"]:
    print(f"--- {display_name(kind + '_deck', 'term')}, {display_name('base_game', 'term')} + {display_name('expansion', 'term')} ---")
    for e in deck_facts(kind, expansion=True):
        if e.confidence is not Confidence.HIGH:
            print(f"  仮定: {display_name(e.name)} x{e.count} ({CONFIDENCE[e.confidence.value]}; {e.source})")

# %% [markdown]
# ## 質問1：円卓で聖杯カードを引けるか？
#
# 円卓では騎士は白カードを2枚引きます（*F §6*）。聖杯カード18枚を含む84枚の白デッキ全体から引くとき、少なくとも1枚が聖杯カードである確率は？
#
# 手計算では：$1 - \binom{66}{2} / \binom{84}{2} = 1 - 2145/3486$。

# %%
white = standard_deck("white")
p = draw_probability(white, 2, "grail")
print("P(2枚のうち聖杯カードが1枚以上) =", fmt_prob(p))
print("手計算と一致:", 1 - Fraction(comb(66, 2), comb(84, 2)) == p)

# %% [markdown]
# 実際のゲームでは、残っているカードは箱の中身全部ではありません。セットアップ後、各騎士はマーリンカード1枚と白カード5枚を持っています（*F §1 setup*）。自分の席から見ると、山札は自分がまだ見ていないカードの無作為な一部です。だから確率は**見ていない**カードから計算します。5人プレイで、自分が聖杯カードを2枚持っているとしましょう：

# %%
pos = setup_position(5, hand={"grail": 2, "fight_3": 2, "fight_1": 1})
print("見ていない白カード:", pos.white_unseen.size, "| 山札:", pos.white_draw_pile_size)
print("P(2枚のうち聖杯カードが1枚以上) =", fmt_prob(draw_probability(pos.white_unseen, 2, "grail")))
print("セットアップの仮定:", pos.assumptions)

# %% [markdown]
# ## 質問2：第1の魔女はどこにいる？
#
# 『マーリンの騎士団』では黒デッキは90枚です。第1の魔女は白デッキと黒デッキの山札を同時に作り直させます（*JA witches*）。よく切った黒デッキで、彼女はどのくらいの深さにいるのか。7枚の魔女のうち最初の1枚はどれくらい早く出てくるのか。
#
# 1枚のカードなら位置は一様です。k枚のうち最初の1枚については $P(\text{i枚目が最初}) = \binom{N-i}{k-1} / \binom{N}{k}$。

# %%
black = standard_deck("black", expansion=True)
first_witch = first_draw_distribution(black, "morgan_witch_1")
print("P(第1の魔女が上から10枚以内) =", fmt_prob(sum(first_witch[i] for i in range(1, 11))))
witches = [f"morgan_witch_{i}" for i in range(1, 8)]
any_witch = first_draw_distribution(black, witches)
mean = sum(i * p for i, p in any_witch.items())
print("7枚の魔女の最初の1枚：平均の位置", mean, f"= {float(mean):.2f}")
print("P(最初の黒カード5枚に魔女がいる) =", fmt_prob(draw_probability(black, 5, witches)))

# %%
# 図の文字も日本語（日本語フォント IPAexGothic を同梱：camelot_rules/front/fonts.py）
from widgets.plots import plot_distribution

fig = plot_distribution(any_witch, title="最初の魔女：新しい黒デッキ90枚の何枚目に出るか",
                        xlabel="引いた枚数")

# %% [markdown]
# ## シミュレーションで確かめる
#
# 同じルール（シャッフルして引く）の、シード付きのシミュレーションは、標本誤差の範囲で正確な答えと一致します。その誤差の大きさ自体も正確に出せます。20,000回の平均の標準誤差は、分布の標準偏差を√20,000で割ったもの――最初の魔女の位置ではおよそ0.07（位置のばらつきが大きいため）、聖杯カードの確率ではおよそ0.003です。シミュレーションが標準誤差のおよそ2倍以内に収まれば正しいと言えます。

# %%
from math import sqrt

n = 20_000
sim = simulate_first_draw(black, witches, n, seed=2026)
sim_mean = sum(i * p for i, p in sim.items())
variance = sum((i - mean) ** 2 * q for i, q in any_witch.items())  # exact, a Fraction
se_mean = sqrt(variance / n)
print(f"最初の魔女：シミュレーションの平均の位置 {float(sim_mean):.2f} ／正確な値 {float(mean):.2f}"
      f" (標準誤差 {se_mean:.3f}; ずれ {abs(float(sim_mean - mean)) / se_mean:.1f} 標準誤差分)")
sim_p = simulate_draws(white, 2, ["grail"], n, seed=2026)
se_p = sqrt(p * (1 - p) / n)
print(f"2枚で聖杯カード：シミュレーション {float(sim_p):.3f} ／正確な値 {float(p):.3f}"
      f" (標準誤差 {se_p:.4f}; ずれ {abs(float(sim_p - p)) / se_p:.1f} 標準誤差分)")
