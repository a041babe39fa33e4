# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 『マーリンの騎士団』を教える：拡張で何が変わるか、数字で
#
# このノートは、『キャメロットを覆う影』を知っていて、**『マーリンの騎士団』で何が変わるか**を説明したい人（教える人、あるいは卓を囲むプレイヤー）のためのものです。変更点ごとに数字を付けます。数字はこのプロジェクトのルールエンジン（`camelot_rules.engine`）が拡張ルール（`expansion=True`）でプレイして出したものです。英語版 `08_teaching_the_expansion.ipynb` の日本語版で、`set_language("ja")` によりカード名や文も日本語で出ます。数字は英語版と同じです。
#
# * **正確な**数字（分数）はエンジンの偶然のステップから出ます。次に来うるすべてのカードを、その正確な確率とともに数えます。
# * **シミュレーションの**数字はシード付きのランダムゲームから出ます。シードから正確に再現できますが、推定値であり、騎士たちのプレイの仕方に左右されます（下の注意を参照）。
#
# **ルールの出典。** 拡張のルールは『マーリンの騎士団』ルールブックの日本語訳から読み、節の名前で示します：*JA setup*（準備）、*JA travel rules*（移動のルール）、*JA witches (4th)*（第4の魔女）、*JA special white cards*（スペシャル白カード）、*JA 7-8 players*（7〜8人）、*JA finished quests' black cards*（終了したクエストの黒カード）。基本ゲームは2005年版のルールブック（*RB p.N*）とクエストの書（*BoQ p.N*）から引きます。
#
# **どの資料にもないものは仮定であり、使うところには必ず「仮定」と表示します**：16枚の移動カードの内訳、突撃！・道迷い！・待ち伏せ！が求めるもの、7人の新しい騎士のうち6人の能力、8人目のプレイヤーがマーリンカードのかわりに受け取るもの、15枚の通常の白カードのうち1枚。仮定を変えれば、それに基づく数字も変わります。

# %%
import random
from collections import Counter
from fractions import Fraction
from math import comb

from camelot_rules.data import rulebook
from camelot_rules import engine
from camelot_rules.engine.arithmetic import after_hidden_traitors, knights_win_count
from camelot_rules.front.display import fmt_prob, text_table
from camelot_rules.base.i18n import set_language
from camelot_rules.data.names import display_name
from camelot_rules.engine import actions as A
from widgets.game import build_game_widget

summary = {}  # 主な数字（最後にまとめて表示）
language = set_language("ja")  # ライブラリの文と名前はここから日本語

# %% [markdown]
# ## 仮定をひとまとめに
#
# 以下でこれらの仮定に基づくものは、すべてそう明記します。確度はこのプロジェクトのもの（`camelot_rules.data.rulebook`）で、`high` 未満はすべて仮定です。

# %%
print("仮定 - 移動デッキの内訳（JA travel rules は7種類と16枚を挙げるが、")
print("種類ごとの枚数は翻訳に書かれていない）：")
print(
    text_table(
        ["移動カード", "枚数", "確度"],
        [[display_name(e.name), e.count, e.confidence.value] for e in rulebook.TRAVEL],
    )
)
print()
print("仮定 - 3枚の「要求」カードが求めるもの（JA：カードの要求を満たせば到着、")
print("満たせなければ痛い結果となり、手番はすぐに終わる）：")
print(
    text_table(
        ["カード", "要求（仮定）", "満たせないとき（仮定）"],
        [[display_name(d.card), d.demand, d.penalty] for d in rulebook.TRAVEL_DEMANDS],
    )
)
print()
others = [k for k in rulebook.EXPANSION_KNIGHTS if k != "caradoc"]
print("わかっている能力：カラドック卿 - 手番に1回、生命力1で白カード2枚（JA witches, 2nd）。")
print("仮定 - ほかの新しい騎士には能力なし（不明）:", ", ".join(display_name(k, "knight") for k in others))
print("仮定 - 8人でマーリンカードは7枚：エンジンは7枚を配り、8人目には配らない")
print("（8人目の騎士が何を受け取るかはどの資料にもない）。")
unknown = next(e for e in rulebook.EXPANSION_WHITE if e.name == "unidentified_white")
print(f"仮定 - 新しい通常の白カード15枚のうち{unknown.count}枚は正体不明。エンジンは")
print("効果のないカード（'unidentified_white'）として扱う。")


# %% [markdown]
# ## 1. 7人か8人なら、裏切り者が2人いるかもしれない
#
# 『マーリンの騎士団』は8人まで遊べます。忠誠カードは9枚で、忠誠7枚と裏切り者2枚。2枚目の裏切り者がデッキに入るのは**7〜8人のときだけ**です（*JA 7-8 players*）。2人の裏切り者はお互いを知りません。各プレイヤーに1枚ずつ配ります。
#
# 7人なら9枚のうち7枚が配られ、2枚が残ります。手計算（配られる7枚の選び方を数える）では、裏切り者なしは残る2枚が両方とも裏切り者のとき、$1/\binom{9}{2} = 1/36$。裏切り者1人は $\binom{7}{1}\binom{2}{1}/36 = 14/36$、2人は $\binom{7}{2}/36 = 21/36$。
#
# エンジンは忠誠カードを1枚ずつ偶然のステップとして配ります。下のセルは配り方の**すべての**枝を、その正確な確率とともにたどります。

# %%
def traitor_odds(players):
    """Exact P(number of traitors dealt), by following every branch of the engine's deal."""
    state = engine.new_game(players, expansion=True)  # the chance state before the deal

    def loyalty_step(s):
        outs = s.chance_outcomes() if s.is_chance() else []
        deal = outs and isinstance(outs[0][0], A.Deal) and outs[0][0].what in ("loyal", "traitor")
        return outs if deal else None

    while loyalty_step(state) is None:  # the coats of arms come first: they do not matter here
        state = state.apply_chance(state.chance_outcomes()[0][0])
    odds = Counter()

    def walk(s, p, traitors):
        outs = loyalty_step(s)
        if outs is None:
            odds[traitors] += p
            return
        for outcome, q in outs:
            walk(s.apply_chance(outcome), p * q, traitors + (outcome.what == "traitor"))

    walk(state, Fraction(1), 0)
    return odds


rows = []
deal = {}
for n in range(3, 9):
    deal[n] = traitor_odds(n)
    rows.append([n] + [fmt_prob(deal[n][k]) for k in (0, 1, 2)])
print(text_table(["人数", "裏切り者なし", "裏切り者1人", "裏切り者2人"], rows))

by_hand = {0: Fraction(1, 36), 1: Fraction(14, 36), 2: Fraction(21, 36)}
print("\n7人：エンジン = 1/36, 14/36, 21/36:", dict(deal[7]) == by_hand)
hyper = {k: Fraction(comb(2, k) * comb(7, 8 - k), comb(9, 8)) for k in (0, 1, 2)}
print(
    "8人：エンジン = 超幾何分布 (0, 2/9, 7/9):",
    all(deal[8][k] == hyper[k] for k in (0, 1, 2)),
)
summary["P(裏切り者2人)、7人"] = fmt_prob(deal[7][2])
summary["P(裏切り者2人)、8人"] = fmt_prob(deal[8][2])

# %% [markdown]
# 8人なら裏切り者は必ず1人以上いて、2人いることの方が多くなります。8人プレイの後にあるプレイヤーが書いたとおり「1人は確実、たぶん2人」です。3〜6人では2枚目の裏切り者は箱に残るので、基本ゲームの確率（裏切り者がいる確率は $n/8$）のままです。
#
# **ゲームの終わりに**、隠れたままの裏切り者は白剣を黒剣に変えます。隠れた裏切り者が1人なら2本、2人なら**3本**です（*JA 7-8 players*）。同点はやはり悪の勝ち――ただし新しい白カード**神の寵愛**が使われていて、まだ効果が残っていれば、次の同点は騎士の勝ちになります（*JA special white cards*）。

# %%
rows = []
for white, black in [(8, 4), (9, 3), (10, 2)]:
    for hidden in (0, 1, 2):
        w, b = after_hidden_traitors(white, black, hidden)
        rows.append(
            [
                f"{white}-{black}",
                hidden,
                f"{w}-{b}",
                "騎士" if knights_win_count(w, b) else "悪",
                "騎士" if knights_win_count(w, b, divine_favor=True) else "悪",
            ]
        )
print(
    text_table(
        ["置かれた剣", "隠れた裏切り者", "裏返した後", "勝者", "神の寵愛があるときの勝者"],
        rows,
    )
)


# %% [markdown]
# ## 2. 移動はもう安全ではない
#
# 基本ゲームでは騎士はただで移動できます。『マーリンの騎士団』では、**勇士のアクションとして**（あるいはトリスタン卿がキャメロット城を出るときのような騎士の能力で）移動するときは、行き先を宣言してから**移動カード**を1枚引きます（*JA travel rules*）：
#
# * **何も起こらない** ― 到着する。
# * **マーリンの移動** ― 到着し、マーリンのフィギュアがそのクエストに移る。
# * **ビジョン** ― かわりに聖杯へ行く（聖杯のクエストが終わっていれば何も起こらない）。
# * **突撃！／道迷い！／待ち伏せ！** ― カードの要求を満たせば到着する。満たせなければ痛い結果となり、手番はすぐに終わる。
# * **捕縛！** ― その場にとどまり、カードは自分のフィギュアの下に置かれ、ほかの騎士に解放されるまで（勇士のアクションとスペシャル白カードが要る）手番を失う。
#
# クエストの後でキャメロット城に戻るときと、スペシャルカードの効果で移動するときは、何も引きません。
#
# 各カードの確率は**仮定の内訳について**正確です（16枚、上に表示）。エンジンはカードを偶然のステップとして引きます。下では、アーサー王が3通りの手札でキャメロット城から黒騎士へ移動し、**目的地に着く**移動を数えます。

# %%
def travel_odds(hand, destination="black_knight", **setup):
    """Exact P(arriving at the destination) for one move, and what each travel card does.
    When a demand card comes, the knight meets it if his hand can."""
    s = engine.position(4, expansion=True, phase="heroic", hands={0: hand}, **setup)
    s = s.apply(A.Move(destination))  # declare the destination; a travel card is drawn
    arrive, rows = Fraction(0), []
    for outcome, p in s.chance_outcomes():
        after = s.apply_chance(outcome)
        if not after.is_chance() and after.current_player == 0:  # a demand card: pay if able
            legal = after.legal_actions()
            pays = [a for a in legal if isinstance(a, A.Pay)]
            if pays or A.Pass() in legal:
                after = after.apply(pays[0] if pays else A.Pass())
        ok = after.location[0] == destination
        arrive += p if ok else 0
        if ok:
            paid = outcome.card in ("charged", "lost", "ambushed")
            what = after.last_step[0] if paid else "到着"
        elif after.captured[0]:
            what = "捕縛：その場にとどまり、手番を失う"
        elif outcome.card == "vision":
            what = f"かわりに{display_name(after.location[0], 'quest')}へ"
        else:
            what = after.last_step[0]
        rows.append([display_name(outcome.card), fmt_prob(p), what])
    return arrive, rows


arrive, rows = travel_odds({})
print("アーサー王、手札なし、キャメロット -> 黒騎士（移動デッキの内訳：仮定）：")
print(text_table(["移動カード", "確率", "何が起こるか"], rows))
print("P(移動が目的地に着く) =", fmt_prob(arrive), "| P(台無し) =", fmt_prob(1 - arrive))

counts = {e.name: e.count for e in rulebook.TRAVEL}
safe = counts["nothing_happens"] + counts["merlin_travels"]
print(
    "手計算で確認：(何も起こらない + マーリンの移動) / 16 =",
    Fraction(safe, sum(counts.values())) == arrive,
)
summary["P(移動が台無し)、手札なし（仮定の内訳）"] = fmt_prob(1 - arrive)

# %% [markdown]
# 仮定の要求を満たせる手札なら、移動が無事に済むことが多くなります。**聖杯へ**移動するなら、ビジョンは害になりません。捕縛された騎士のフィギュアの下のカードはデッキから外れているので、次に移動する人の確率も変わります（戻さずに引くため）。

# %%
FULL = {"grail": 1, "fight_3": 1, "fight_2": 2}  # meets every (assumed) demand
hands = [
    ("手札なし", {}, "black_knight", {}),
    ("聖杯カード1枚", {"grail": 1}, "black_knight", {}),
    ("聖杯 + 戦闘3 + 戦闘2のペア", FULL, "black_knight", {}),
    ("同じ手札で聖杯へ移動", FULL, "grail", {}),
    ("手札なし、席1がすでに捕縛中", {}, "black_knight", {"captured": [1]}),
]
rows = []
for label, hand, dest, setup in hands:
    arrive, _ = travel_odds(hand, dest, **setup)
    rows.append([label, display_name(dest, "quest"), fmt_prob(arrive), fmt_prob(1 - arrive)])
print(text_table(["手札", "行き先", "P(到着)", "P(台無し)"], rows))
print("（仮定：冒頭に示した移動デッキの内訳と要求。）")
full = travel_odds(FULL)[0]
summary["P(移動が台無し)、すべての要求を満たす手札"] = fmt_prob(1 - full)
s = engine.position(4, expansion=True, phase="heroic", captured=[1]).apply(A.Move("black_knight"))
p_cap = engine.probability_of(s, A.Draw("travel", "captured"))
print(
    "\nP(捕縛！) 切りたてのデッキ =",
    fmt_prob(Fraction(counts["captured"], 16)),
    "| 捕縛！カード1枚がフィギュアの下にあるとき =",
    fmt_prob(p_cap),
)


# %% [markdown]
# ## 3. 捕縛！ ― どのくらいの頻度で、どのくらいの間？
#
# 捕縛された騎士が何手番を失うかは、ほかのプレイヤー次第です。誰かが勇士のアクションとスペシャル白カードを使って解放しなければなりません。これはカードだけでなく**プレイ**の問題なので、ここでは**シミュレーション**します。5人でのシード付きゲーム300回で、どれもシードから正確に再現できます。
#
# **注意 ― ランダムな方針。** これらのゲームでは、どの騎士も合法な手から一様にランダムに選びます。ランダムな騎士はよく移動し（だから移動カードをたくさん引き）、仲間を解放するのも偶然まかせです。実際のプレイヤーは違います。これらの数字はルールの説明として見てください。あなたの卓の予測ではありません。移動デッキの内訳は上の仮定です。
#
# エンジンの読みをもう1つ（どの資料にも書かれていない）：まだプレイしている騎士が全員捕縛されたら――たいていほかの騎士が死んだため――手番が来た捕縛中の騎士が抜け出します。ゲームを止めないためです。捕縛されたまま死んだ騎士は、フィギュアの下のカードをそのまま持ちます。

# %%
def capture_story(players, seed):
    """Play one seeded random game; return the captures and, for each, the turns sat out."""
    rng = random.Random(seed)
    s = engine.new_game(players, expansion=True, seed=seed)
    prev, open_, done = s, {}, []
    while not s.is_terminal():
        s = engine.random_step(s, rng)
        n = s.cfg.players
        seat = prev.turn
        for _ in range(s.turn_no - prev.turn_no - 1):  # turns skipped inside this step
            seat = (seat + 1) % n
            while prev.dead[seat] or s.dead[seat]:
                seat = (seat + 1) % n
            open_[seat] += 1
        for x in range(n):
            if s.captured[x] and not prev.captured[x]:
                open_[x] = 0
            elif prev.captured[x] and not s.captured[x]:
                how = (
                    "騎士が解放"
                    if isinstance(s.history()[-1], A.Free)
                    else "自力で抜け出した（捕縛されていない騎士が残っていない）"
                )
                done.append((open_.pop(x), how))
        prev = s
    for x, k in open_.items():
        done.append((k, "捕縛されたまま死亡" if s.dead[x] else "ゲーム終了時に捕縛中"))
    return done


GAMES = 300
stories = [capture_story(5, seed) for seed in range(GAMES)]
episodes = [e for story in stories for e in story]
turns = Counter(k for k, _ in episodes)
print(f"シード付きランダムゲーム{GAMES}回、5人（ランダムな方針；移動デッキの内訳は仮定）")
print("捕縛！が1回以上あったゲーム:", sum(1 for st in stories if st), "/", GAMES)
print(f"1ゲームあたりの捕縛: {len(episodes) / GAMES:.2f}")
print("捕縛の終わり方:", dict(Counter(how for _, how in episodes).most_common()))
print("捕縛1回あたり失った自分の手番:")
print(
    text_table(
        ["手番", "捕縛", "割合"],
        [[k, turns[k], f"{turns[k] / len(episodes):.0%}"] for k in sorted(turns)],
    )
)
mean = sum(k for k, _ in episodes) / len(episodes)
print(
    f"平均: {mean:.2f}手番；1手番以上失った捕縛: "
    f"{sum(1 for k, _ in episodes if k) / len(episodes):.0%}"
)
summary["5人ランダムゲーム1回あたりの捕縛"] = f"{len(episodes) / GAMES:.2f}"
summary["捕縛1回あたり失う手番（平均、ランダムな方針）"] = f"{mean:.2f}"


# %% [markdown]
# ## 4. モルガンの7人の魔女
#
# 拡張は7枚のスペシャル黒カード、**魔女**を加えます（*JA witches*）。そのうち4枚（第2・第5・第6・第7）は場に残ります。新しい白カード**一掃**でそのうち1枚を取り除けます。下の各セルは `engine.position(..., expansion=True)` で**小さな局面を手で作り**、魔女を黒デッキの一番上に（あるいは場に）置いて、何が変わるかを示します。魔女はスペシャル黒カードなので、マーリンカード3枚でなお打ち消せます（*RB p.10*）。ここでは誰もマーリンカードを持っていません。

# %%
def draw_black(state):
    """Draw the known top black card (a chance step with one outcome, probability 1)."""
    state = state.apply(A.DrawBlack())
    while state.is_chance():
        ((outcome, _),) = state.chance_outcomes()
        state = state.apply_chance(outcome)
    return state


def board(state):
    o = state.observation(0)
    d = o["decks"]
    return (
        f"剣 白{o['white_swords']}W/黒{o['black_swords']}B、カタパルト {o['siege_engines']}、"
        f"生命力 {list(o['life'].values())}、"
        f"白 山札{d['white_draw']}+捨て札{d['white_discard']}、"
        f"黒 山札{d['black_draw']}+捨て札{d['black_discard']}、場の魔女 {o['witches']}、"
        f"ゲームから除外 {o['removed']}"
    )


print("第1の魔女 - 白と黒の山札が同時に作り直される（JA witches, 1st）：")
s = engine.position(
    4,
    expansion=True,
    black_top=["morgan_witch_1"],
    white_discard={"fight_1": 5, "grail": 3},
    black_discard={"despair": 4},
)
print("  前:", board(s))
print("  後:", board(draw_black(s)))

print("\n第3の魔女 - ピクト人、次にサクソン人（JA witches, 3rd）。ピクト人はすでに3人：")
s = engine.position(
    4,
    expansion=True,
    black_top=["morgan_witch_3"],
    quests={"picts": {"warriors": 3}, "saxons": {"warriors": 1}},
)
after = draw_black(s)
q = after.observation(0)["quests"]
print("  前:", board(s))
print("  後:", board(after))
saxons = q["saxons"]["warriors"]
print("  4人目のピクト人で戦争に負ける（カタパルト2台＋黒剣1本）。サクソン人は今", saxons)

print("\n第4の魔女 - 各騎士は聖杯カードを1枚捨てるか、生命力を1失う（JA witches, 4th）：")
s = engine.position(4, expansion=True, black_top=["morgan_witch_4"], hands={1: {"grail": 2}})
s = draw_black(s)
print(
    f"  アーサー王は聖杯カードなし：生命力 {s.life[0]}。席{s.current_player}が選ぶ：",
    [str(a) for a in s.legal_actions()],
)

# %%
print("第2の魔女 - クエストに勝つまで生命力を犠牲にできない（JA witches, 2nd）：")
for witches in ([], ["morgan_witch_2"]):
    s = engine.position(4, expansion=True, witches=witches)
    evil = [str(a) for a in s.legal_actions()]
    s = engine.position(4, expansion=True, witches=witches, phase="heroic")
    s = s.apply(A.DrawWhite())
    rng = random.Random(0)
    while s.is_chance():
        s = engine.random_step(s, rng)
    second = any(isinstance(a, A.Sacrifice) for a in s.legal_actions())
    print(
        f"  魔女 {witches}：闇の進行フェイズ {evil}；"
        f"生命力1で2回目の勇士のアクション：{second}"
    )

print("\n第5の魔女 - 告発が外れると白剣1本でなく2本が黒剣になる（JA witches, 5th）：")
for witches in ([], ["morgan_witch_5"]):
    s = engine.position(
        4, expansion=True, witches=witches, phase="heroic", white_swords=5, black_swords=1
    )
    s = s.apply(A.Accuse(1))  # seat 1 is loyal: a wrong accusation
    print(f"  魔女 {witches}：5W/1B -> {s.wsw}W/{s.bsw}B  ({s.last_step[0]})")

print("\n第6の魔女 - 使ったマーリンカードはゲームから取り除かれる（JA witches, 6th）：")
for witches in ([], ["morgan_witch_6"]):
    s = engine.position(
        4,
        expansion=True,
        witches=witches,
        phase="heroic",
        siege_engines=3,
        hands={0: {"merlin": 1}},
    )
    s = s.apply(A.PlaySpecial("merlin", ("engine",), False))
    o = s.observation(0)
    print(
        f"  魔女 {witches}：カタパルト 3 -> {o['siege_engines']}；白の捨て札 "
        f"{o['decks']['white_discard']}、ゲームから除外された白カード {o['removed']['white']}"
    )

print("\n第7の魔女 - 次にクエストに負けたとき、そこにいない騎士は全員生命力を1失う")
print("（JA witches, 7th）。")
print("4人目のピクト人が来る。ガラハッド卿（席1）はピクト人との戦争にいる：")
for witches in ([], ["morgan_witch_7"]):
    s = engine.position(
        4,
        expansion=True,
        witches=witches,
        black_top=["picts"],
        quests={"picts": {"warriors": 3}},
        location={1: "picts"},
    )
    after = draw_black(s)
    print(
        f"  魔女 {witches}：生命力 {list(s.life)} -> {list(after.life)}；"
        f"残った魔女 {sorted(after.witches)}"
    )

# %% [markdown]
# ## 5. 終了したクエストの黒カードはゲームから取り除かれる
#
# 基本ゲームでは、すでに終わったクエストの黒カード（エクスカリバーの決着後のエクスカリバーのカード、聖杯の後の絶望、ドラゴンの後のランスロット／ドラゴンのカード）は、カタパルトを1台加えて**捨て札**になり、次のシャッフルで戻ってきます。『マーリンの騎士団』でもカタパルトは加えますが、その後カードは**ゲームから取り除かれます**（*JA finished quests' black cards*）。だからクエストが終わるにつれて黒デッキは薄くなります。マーリンのフィギュアがその終わったクエストにいれば（*JA special white cards*、マーリンによる救出）、カタパルトは加えられません。

# %%
for expansion, merlin in [(False, None), (True, None), (True, "excalibur")]:
    s = engine.position(
        4,
        expansion=expansion,
        over=["excalibur"],
        black_top=["excalibur"],
        **({"merlin": merlin} if merlin else {}),
    )
    after = draw_black(s)
    o = after.observation(0)
    box = "マーリンの騎士団" if expansion else "基本セット"
    where = f"、マーリンは{display_name(merlin, 'quest')}に" if merlin else ""
    print(
        f"{box + where:24} カタパルト {s.engines} -> {after.engines}；黒の捨て札 "
        f"{o['decks']['black_discard']}；ゲームから除外された黒カード {o['removed']['black']}"
    )

black = engine.new_game(5, expansion=True, seed=1).cfg
quest_cards = {q.card for q in rulebook.QUEST_CARDS}
n_quest = sum(c for name, c in zip(black.black_names, black.black_box) if name in quest_cards)
print(
    f"\n拡張の黒カード{sum(black.black_box)}枚のうち{n_quest}枚が一度きりのクエスト"
    "（エクスカリバー、聖杯、ランスロット／ドラゴン）のカード："
)
print("それらのクエストが終わると、引かれるたびにゲームから取り除かれる。")
summary["90枚の黒デッキのうち一度きりのクエストのカード"] = (
    f"{n_quest} / {sum(black.black_box)}"
)


# %% [markdown]
# ## 6. 基本ゲームと拡張を並べて
#
# 同じシードのゲームを、拡張ありとなしで：5人のゲームを200回ずつ。方針は2つ、どちらも単純です。
#
# * **ランダム** ― どの騎士も合法な手から一様にランダムに選ぶ（生命力を投げ捨ててしまう）。
# * **慎重なランダム** ― 同じだが、ほかの選択肢があるときは生命力を失う手（闇の進行フェイズでの「生命力を1失う」、2回目のアクションのための犠牲）を選ばない。
#
# ランダムな方針の注意はここでも当てはまります。これは上手なプレイヤーではなく、移動デッキの内訳は上の仮定です。表が示すのは**ゲームがどう終わるか**と、拡張の新しい要素がどのくらいの頻度で関わるかです。

# %%
def careful(state, rng):
    legal = state.legal_actions()
    keep = [a for a in legal if not isinstance(a, (A.LoseLife, A.Sacrifice))]
    return state.apply(rng.choice(keep or legal))


def play(expansion, seed, policy):
    rng = random.Random(seed)
    s = engine.new_game(5, expansion=expansion, seed=seed)
    while not s.is_terminal():
        s = engine.random_step(s, rng) if s.is_chance() or policy is None else policy(s, rng)
    return s


SEEDS = range(200)
table = {}
for name, policy in [("ランダム", None), ("慎重なランダム", careful)]:
    for expansion in (False, True):
        ends = [play(expansion, seed, policy) for seed in SEEDS]
        causes = Counter(e.result().cause for e in ends)
        travel = [
            sum(1 for h in e.history() if isinstance(h, A.Draw) and h.pile == "travel")
            for e in ends
        ]
        table[name, expansion] = {
            "騎士の勝ち": sum(e.result().knights_win for e in ends),
            "causes": causes,
            "turns": sum(e.turn_no for e in ends) / len(ends),
            "travel cards": sum(travel) / len(ends),
            "black removed": sum(e.observation(0)["removed"]["black"] for e in ends) / len(ends),
        }

causes = sorted({c for v in table.values() for c in v["causes"]})
rows = []
for (name, expansion), v in table.items():
    rows.append(
        [
            name,
            "拡張" if expansion else "基本",
            v["騎士の勝ち"],
            *[v["causes"][c] for c in causes],
            f"{v['turns']:.1f}",
            f"{v['travel cards']:.1f}",
            f"{v['black removed']:.1f}",
        ]
    )
headers = ["方針", "ゲーム", "騎士の勝ち", *causes, "平均ターン", "移動カード", "除外された黒"]
print(text_table(headers, rows))
for name in ("ランダム", "慎重なランダム"):
    for expansion in (False, True):
        v = table[name, expansion]
        top, n = v["causes"].most_common(1)[0]
        summary[f"{name}、{'拡張' if expansion else '基本'}：最も多い終わり方"] = (
            f"{top} ({n}/{len(SEEDS)})；平均 {v['turns']:.1f} ターン"
        )

# %% [markdown]
# どちらの方針も勝てません。ランダムな騎士は、どちらの箱でも弱い騎士です。ランダムな手ではほとんどのゲームが騎士全員の死で終わり、自分の生命力を使わなくなると、ほとんどが12台目のカタパルトで終わります。移動カードは拡張のすべてのゲームで使われ（1ゲームに十数枚以上）、黒カードが取り除かれることはほとんどありません。ランダムな騎士はエクスカリバーも聖杯もドラゴンもめったに終わらせず、それらのクエストのカードが除外されるのはその後だけだからです。本当の戦略を比べるには、**方針**を書いて（*The rules engine*、`docs/engine.md` を参照）同じシードでプレイさせてください。
#
# ## 盤面ウィジェットで拡張を
#
# **Merlin's Company** にチェックを入れ、3〜8人とシードを選んで **New game** を押します。あとは手で、またはランダムに手を進めます。拡張では盤面に *Merlin's Company* の枠が加わります：マーリンのフィギュア（そのクエストに「Merlin is here」）、捕縛された騎士、場の魔女、神の寵愛、移動カードの山、ゲームから除外されたカード。下は7人の拡張ゲームで、シード付きのランダムな手を40回進めた後です（ウィジェットの表示は英語のまま）。

# %% tags=["nbval-ignore-output"]
game = build_game_widget(players=7, seed=8, expansion=True)
for _ in range(40):
    game.random.click()
game

# %%
print(game.text)
print()
print("このノートで測ったもの（使うところでは移動デッキの内訳と要求は仮定）：")
print(text_table(["質問", "答え"], [[k, v] for k, v in summary.items()]))
