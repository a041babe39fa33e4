# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Enseñar La Compañía de Merlín: qué cambia la expansión, en números
#
# Este cuaderno es para quien enseña (o para una mesa de jugadores) que conoce *Sombras sobre Camelot* y quiere explicar **qué cambia La Compañía de Merlín**, cada cambio con un número. Los números salen del motor de reglas del proyecto (`camelot_rules.engine`) jugando la expansión (`expansion=True`). Es la versión en español de `08_teaching_the_expansion.ipynb`: con `set_language("es")` los nombres de cartas y las frases de la biblioteca salen en español; los números son los mismos que en la versión inglesa.
#
# * los números **exactos** (fracciones) salen de los pasos de azar del motor: cada carta que puede salir, con su probabilidad exacta;
# * los números **simulados** salen de partidas al azar con semilla: se repiten exactamente desde su semilla, pero son estimaciones y dependen de cómo juegan los caballeros (ver la advertencia más abajo).
#
# **De dónde salen las reglas.** Las reglas de la expansión se leen en la traducción japonesa del reglamento de La Compañía de Merlín, citada por sección: *JA setup* (preparación), *JA travel rules* (reglas de viaje), *JA witches (4th)* (la Cuarta Bruja), *JA special white cards* (cartas Blancas Especiales), *JA 7-8 players* (7-8 jugadores), *JA finished quests' black cards* (cartas Negras de búsquedas terminadas). El juego básico se cita del Reglamento de 2005 (*RB p.N*) y del Libro de Búsquedas (*BoQ p.N*).
#
# **Lo que ninguna fuente da es una suposición, y se marca SUPOSICIÓN allí donde se usa**: el reparto de las 16 cartas de Viaje, qué exigen ¡Carga!, ¡Perdido! y ¡Emboscada!, los poderes de seis de los siete caballeros nuevos, qué recibe el 8.º jugador en lugar de una carta de Merlín y una de las 15 cartas Blancas estándar. Si cambias la suposición, cambian los números que se apoyan en ella.

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

summary = {}  # las cifras principales, mostradas juntas al final
language = set_language("es")  # desde aquí la biblioteca habla español

# %% [markdown]
# ## Las suposiciones, en un solo sitio
#
# Todo lo que se apoya en ellas más abajo lo dice. Los niveles de confianza son los del proyecto (`camelot_rules.data.rulebook`): todo lo que está por debajo de `high` es una suposición.

# %%
print("SUPOSICIÓN - el reparto del mazo de Viaje (JA travel rules nombra los 7 tipos y dice que hay")
print("16 cartas; el número de cada tipo no aparece en la traducción):")
print(
    text_table(
        ["carta de Viaje", "copias", "confianza"],
        [[display_name(e.name), e.count, e.confidence.value] for e in rulebook.TRAVEL],
    )
)
print()
print("SUPOSICIÓN - qué piden las tres cartas de 'exigencia' (JA: si cumples lo que pide la carta,")
print("llegas; si no, un resultado doloroso y tu turno termina en el acto):")
print(
    text_table(
        ["carta", "exigencia (supuesta)", "si no se cumple (supuesto)"],
        [[display_name(d.card), d.demand, d.penalty] for d in rulebook.TRAVEL_DEMANDS],
    )
)
print()
others = [k for k in rulebook.EXPANSION_KNIGHTS if k != "caradoc"]
print("Poder conocido: Sir Caradoc - una vez por turno, 1 punto de Vida por 2 cartas Blancas (JA witches, 2nd).")
print("SUPOSICIÓN - los otros caballeros nuevos no tienen poder (desconocido):", ", ".join(display_name(k, "knight") for k in others))
print("SUPOSICIÓN - 8 jugadores, 7 cartas de Merlín: el motor reparte las 7 que hay y el 8.º")
print("asiento no recibe ninguna (ninguna fuente dice qué recibe el 8.º caballero).")
unknown = next(e for e in rulebook.EXPANSION_WHITE if e.name == "unidentified_white")
print(f"SUPOSICIÓN - {unknown.count} de las 15 nuevas cartas Blancas estándar no está identificada; el")
print("motor la trata como una carta sin efecto ('unidentified_white').")


# %% [markdown]
# ## 1. Siete u ocho jugadores: quizá dos traidores
#
# La Compañía de Merlín admite hasta 8 jugadores. Su mazo de Lealtad tiene 9 cartas, 7 leales y 2 traidores; el segundo traidor entra en el mazo **solo con 7-8 jugadores** (*JA 7-8 players*), y los dos traidores no se conocen. Se reparte una carta a cada jugador.
#
# Con 7 jugadores se reparten 7 de las 9 cartas, así que quedan 2 fuera. A mano (contando qué 7 cartas se reparten): ningún traidor exige que los dos traidores estén entre las 2 que quedan fuera, $1/\binom{9}{2} = 1/36$; exactamente un traidor, $\binom{7}{1}\binom{2}{1}/36 = 14/36$; dos traidores, $\binom{7}{2}/36 = 21/36$.
#
# El motor reparte las cartas de Lealtad de una en una, como pasos de azar; la celda de abajo sigue **todas** las ramas del reparto con su probabilidad exacta.

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
print(text_table(["jugadores", "ningún traidor", "un traidor", "dos traidores"], rows))

by_hand = {0: Fraction(1, 36), 1: Fraction(14, 36), 2: Fraction(21, 36)}
print("\n7 jugadores: motor = 1/36, 14/36, 21/36:", dict(deal[7]) == by_hand)
hyper = {k: Fraction(comb(2, k) * comb(7, 8 - k), comb(9, 8)) for k in (0, 1, 2)}
print(
    "8 jugadores: motor = hipergeométrica (0, 2/9, 7/9):",
    all(deal[8][k] == hyper[k] for k in (0, 1, 2)),
)
summary["P(dos traidores) con 7 jugadores"] = fmt_prob(deal[7][2])
summary["P(dos traidores) con 8 jugadores"] = fmt_prob(deal[8][2])

# %% [markdown]
# Con 8 jugadores siempre hay al menos un traidor, y lo más probable es que haya dos: «1 traidor seguro, probablemente 2», como escribió un jugador tras una partida de 8. Con 3-6 jugadores el segundo traidor se queda en la caja, así que valen las probabilidades del juego básico (un traidor con probabilidad $n/8$).
#
# **Al final de la partida** cada traidor oculto vuelve negras Espadas Blancas: un traidor oculto vuelve 2, dos traidores ocultos vuelven **3** (*JA 7-8 players*). Los empates siguen siendo para el Mal, salvo que se haya jugado la nueva carta Blanca **Favor Divino** y aún no se haya usado: entonces el siguiente empate es para los caballeros (*JA special white cards*).

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
                "caballeros" if knights_win_count(w, b) else "el Mal",
                "caballeros" if knights_win_count(w, b, divine_favor=True) else "el Mal",
            ]
        )
print(
    text_table(
        ["espadas puestas", "traidores ocultos", "tras darles la vuelta", "ganador", "ganador con Favor Divino"],
        rows,
    )
)


# %% [markdown]
# ## 2. Viajar ya no es seguro
#
# En el juego básico un caballero se mueve gratis. En La Compañía de Merlín, un movimiento hecho **como Acción Heroica** (o por el poder de un caballero, como Sir Tristán al salir de Camelot) anuncia su destino y luego roba una **carta de Viaje** (*JA travel rules*):
#
# * **No pasa nada** - llegas;
# * **Merlín viaja** - llegas, y la figura de Merlín va a esa búsqueda;
# * **Visión** - vas al Santo Grial en su lugar (si la búsqueda del Grial ha terminado: no pasa nada);
# * **¡Carga! / ¡Perdido! / ¡Emboscada!** - cumple lo que exige la carta y llegas; si no, un resultado doloroso y tu turno termina en el acto;
# * **¡Capturado!** - te quedas donde estás, la carta va bajo tu figura y pierdes tus turnos hasta que otro caballero te libere (una Acción Heroica y una carta Blanca Especial).
#
# Volver a Camelot tras una búsqueda, y los movimientos por efecto de cartas especiales, no roban nada.
#
# La probabilidad de cada carta es exacta **para el reparto supuesto** (16 cartas, mostrado arriba). El motor roba la carta como un paso de azar; abajo, el Rey Arturo va de Camelot al Caballero Negro con tres manos distintas, y contamos los movimientos que **llegan a donde quería ir**.

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
            what = after.last_step[0] if paid else "llega"
        elif after.captured[0]:
            what = "capturado: se queda y pierde turnos"
        elif outcome.card == "vision":
            what = f"va a {display_name(after.location[0], 'quest')} en su lugar"
        else:
            what = after.last_step[0]
        rows.append([display_name(outcome.card), fmt_prob(p), what])
    return arrive, rows


arrive, rows = travel_odds({})
print("El Rey Arturo, mano vacía, Camelot -> Caballero Negro (reparto del mazo de Viaje: SUPOSICIÓN):")
print(text_table(["carta de Viaje", "probabilidad", "qué pasa"], rows))
print("P(el movimiento llega) =", fmt_prob(arrive), "| P(se estropea) =", fmt_prob(1 - arrive))

counts = {e.name: e.count for e in rulebook.TRAVEL}
safe = counts["nothing_happens"] + counts["merlin_travels"]
print(
    "comprobación a mano: (No pasa nada + Merlín viaja) / 16 =",
    Fraction(safe, sum(counts.values())) == arrive,
)
summary["P(movimiento estropeado), mano vacía (reparto supuesto)"] = fmt_prob(1 - arrive)

# %% [markdown]
# Una mano que puede cumplir las exigencias (supuestas) salva el movimiento más a menudo; ir **al Grial** hace inofensiva la Visión. Una carta bajo la figura de un caballero capturado está fuera del mazo, así que las probabilidades del siguiente en moverse también cambian (robo sin reemplazo).

# %%
FULL = {"grail": 1, "fight_3": 1, "fight_2": 2}  # meets every (assumed) demand
hands = [
    ("mano vacía", {}, "black_knight", {}),
    ("una carta de Grial", {"grail": 1}, "black_knight", {}),
    ("Grial + Lucha 3 + una pareja de Lucha 2", FULL, "black_knight", {}),
    ("la misma mano, yendo al Grial", FULL, "grail", {}),
    ("mano vacía, asiento 1 ya capturado", {}, "black_knight", {"captured": [1]}),
]
rows = []
for label, hand, dest, setup in hands:
    arrive, _ = travel_odds(hand, dest, **setup)
    rows.append([label, display_name(dest, "quest"), fmt_prob(arrive), fmt_prob(1 - arrive)])
print(text_table(["mano", "destino", "P(llega)", "P(se estropea)"], rows))
print("(SUPOSICIÓN: el reparto del mazo de Viaje y las exigencias mostradas al principio.)")
full = travel_odds(FULL)[0]
summary["P(movimiento estropeado), mano que cumple todas las exigencias"] = fmt_prob(1 - full)
s = engine.position(4, expansion=True, phase="heroic", captured=[1]).apply(A.Move("black_knight"))
p_cap = engine.probability_of(s, A.Draw("travel", "captured"))
print(
    "\nP(¡Capturado!) con el mazo recién barajado =",
    fmt_prob(Fraction(counts["captured"], 16)),
    "| con una carta ¡Capturado! bajo una figura =",
    fmt_prob(p_cap),
)


# %% [markdown]
# ## 3. ¡Capturado!: ¿cuántas veces y cuánto tiempo?
#
# Cuántos turnos pierde un caballero capturado depende de los demás jugadores: alguien tiene que gastar una Acción Heroica y una carta Blanca Especial para liberarlo. Es una cuestión de **juego**, no solo de cartas, así que aquí se **simula**: 300 partidas de 5 jugadores con semilla, cada una repetible exactamente desde su semilla.
#
# **Advertencia: la política al azar.** En estas partidas cada caballero elige una jugada legal uniformemente al azar. Los caballeros al azar se mueven mucho (así que roban muchas cartas de Viaje) y se liberan entre sí solo por casualidad. Los jugadores reales serán distintos; toma estos números como ilustración de la regla, no como previsión para tu mesa. El reparto de Viaje es la SUPOSICIÓN de arriba.
#
# Una lectura más del motor (ninguna fuente la cubre): si todos los caballeros que siguen en juego están capturados –normalmente porque los demás han muerto–, el caballero capturado al que le toca el turno se suelta, en vez de bloquear la partida. Un caballero que muere capturado conserva la carta bajo su figura.

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
                    "liberado por un caballero"
                    if isinstance(s.history()[-1], A.Free)
                    else "se soltó solo (no quedaba ningún caballero libre)"
                )
                done.append((open_.pop(x), how))
        prev = s
    for x, k in open_.items():
        done.append((k, "murió capturado" if s.dead[x] else "capturado al final de la partida"))
    return done


GAMES = 300
stories = [capture_story(5, seed) for seed in range(GAMES)]
episodes = [e for story in stories for e in story]
turns = Counter(k for k, _ in episodes)
print(f"{GAMES} partidas al azar con semilla, 5 jugadores (política al azar; reparto de Viaje SUPUESTO)")
print("partidas con al menos un ¡Capturado!:", sum(1 for st in stories if st), "de", GAMES)
print(f"capturas por partida: {len(episodes) / GAMES:.2f}")
print("cómo acabaron las capturas:", dict(Counter(how for _, how in episodes).most_common()))
print("turnos propios perdidos por captura:")
print(
    text_table(
        ["turnos", "capturas", "proporción"],
        [[k, turns[k], f"{turns[k] / len(episodes):.0%}"] for k in sorted(turns)],
    )
)
mean = sum(k for k, _ in episodes) / len(episodes)
print(
    f"media: {mean:.2f} turnos; al menos un turno perdido: "
    f"{sum(1 for k, _ in episodes if k) / len(episodes):.0%} de las capturas"
)
summary["capturas por partida al azar de 5 jugadores"] = f"{len(episodes) / GAMES:.2f}"
summary["turnos perdidos por captura (media, política al azar)"] = f"{mean:.2f}"


# %% [markdown]
# ## 4. Las siete brujas de Morgana
#
# La expansión añade siete cartas Negras Especiales, las **brujas** (*JA witches*). Cuatro de ellas (la 2.ª, 5.ª, 6.ª y 7.ª) se quedan en juego; la nueva carta Blanca **Disipar** puede quitar una. Cada celda de abajo construye **a mano una posición pequeña** con `engine.position(..., expansion=True)`, pone la bruja encima del mazo Negro (o en juego) y muestra qué cambia. La bruja es una carta Negra Especial, así que tres cartas de Merlín aún podrían anularla (*RB p.10*); aquí nadie tiene cartas de Merlín.

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
        f"espadas {o['white_swords']}W/{o['black_swords']}B, máquinas {o['siege_engines']}, "
        f"vida {list(o['life'].values())}, "
        f"Blanco {d['white_draw']}+{d['white_discard']} desc., "
        f"Negro {d['black_draw']}+{d['black_discard']} desc., brujas en juego {o['witches']}, "
        f"fuera del juego {o['removed']}"
    )


print("Primera Bruja - los mazos Blanco y Negro se rehacen a la vez (JA witches, 1st):")
s = engine.position(
    4,
    expansion=True,
    black_top=["morgan_witch_1"],
    white_discard={"fight_1": 5, "grail": 3},
    black_discard={"despair": 4},
)
print("  antes:  ", board(s))
print("  después:", board(draw_black(s)))

print("\nTercera Bruja - un Picto y luego un Sajón (JA witches, 3rd); ya hay 3 Pictos en la muralla:")
s = engine.position(
    4,
    expansion=True,
    black_top=["morgan_witch_3"],
    quests={"picts": {"warriors": 3}, "saxons": {"warriors": 1}},
)
after = draw_black(s)
q = after.observation(0)["quests"]
print("  antes:  ", board(s))
print("  después:", board(after))
saxons = q["saxons"]["warriors"]
print("  el 4.º Picto pierde la guerra (2 máquinas + 1 Espada Negra); ahora Sajones:", saxons)

print("\nCuarta Bruja - cada caballero descarta un Grial o pierde 1 punto de Vida (JA witches, 4th):")
s = engine.position(4, expansion=True, black_top=["morgan_witch_4"], hands={1: {"grail": 2}})
s = draw_black(s)
print(
    f"  El Rey Arturo no tiene Grial: vida {s.life[0]}; el asiento {s.current_player} elige:",
    [str(a) for a in s.legal_actions()],
)

# %%
print("Segunda Bruja - no se puede sacrificar Vida hasta ganar una búsqueda (JA witches, 2nd):")
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
        f"  brujas {witches}: Progresión del Mal {evil}; "
        f"una segunda Acción Heroica por 1 de Vida: {second}"
    )

print("\nQuinta Bruja - una acusación errónea vuelve negras 2 Espadas Blancas, no 1 (JA witches, 5th):")
for witches in ([], ["morgan_witch_5"]):
    s = engine.position(
        4, expansion=True, witches=witches, phase="heroic", white_swords=5, black_swords=1
    )
    s = s.apply(A.Accuse(1))  # seat 1 is loyal: a wrong accusation
    print(f"  brujas {witches}: 5W/1B -> {s.wsw}W/{s.bsw}B  ({s.last_step[0]})")

print("\nSexta Bruja - la carta de Merlín jugada sale del juego (JA witches, 6th):")
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
        f"  brujas {witches}: máquinas 3 -> {o['siege_engines']}; descartes Blancos "
        f"{o['decks']['white_discard']}, cartas Blancas fuera del juego {o['removed']['white']}"
    )

print("\nSéptima Bruja - en la próxima búsqueda perdida, cada caballero que no esté en ella pierde 1 de Vida")
print("(JA witches, 7th);")
print("llega un 4.º Picto, Galahad (asiento 1) está en la guerra de los Pictos:")
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
        f"  brujas {witches}: vida {list(s.life)} -> {list(after.life)}; "
        f"brujas que quedan {sorted(after.witches)}"
    )

# %% [markdown]
# ## 5. Las cartas Negras de búsquedas terminadas salen del juego
#
# En el juego básico, una carta Negra de una búsqueda que ya terminó (una carta de Excalibur cuando Excalibur ya está decidida, una Desesperación tras el Grial, una carta de Lanzarote/Dragón tras el Dragón) añade una Máquina de Asedio y se **descarta**: vuelve en el siguiente barajado. En La Compañía de Merlín sigue añadiendo la Máquina de Asedio, pero después **sale del juego** (*JA finished quests' black cards*), así que el mazo Negro adelgaza a medida que terminan las búsquedas. Si la figura de Merlín está en esa búsqueda terminada (*JA special white cards*, Merlín al Rescate), no se añade la Máquina de Asedio.

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
    box = "La Compañía de Merlín" if expansion else "juego básico"
    where = f", Merlín en {display_name(merlin, 'quest')}" if merlin else ""
    print(
        f"{box + where:44} máquinas {s.engines} -> {after.engines}; descartes Negros "
        f"{o['decks']['black_discard']}; Negras fuera del juego {o['removed']['black']}"
    )

black = engine.new_game(5, expansion=True, seed=1).cfg
quest_cards = {q.card for q in rulebook.QUEST_CARDS}
n_quest = sum(c for name, c in zip(black.black_names, black.black_box) if name in quest_cards)
print(
    f"\n{n_quest} de las {sum(black.black_box)} cartas Negras de la expansión son de una búsqueda única "
    "(Excalibur, el Grial, Lanzarote/el Dragón):"
)
print("cuando esas búsquedas terminan, salen del juego según se roban.")
summary["cartas Negras de búsquedas únicas en el mazo de 90"] = (
    f"{n_quest} de {sum(black.black_box)}"
)


# %% [markdown]
# ## 6. El juego básico y la expansión, lado a lado
#
# Las mismas partidas con semilla, con y sin la expansión: 200 partidas de 5 jugadores cada una. Dos políticas, ambas sencillas:
#
# * **al azar** - cada caballero elige una jugada legal uniformemente al azar (tira su vida);
# * **al azar prudente** - lo mismo, pero nunca elige perder un punto de Vida (ni «perder una Vida» en la Progresión del Mal, ni sacrificarla por una segunda acción) si tiene otra opción.
#
# La advertencia sobre la política al azar sigue valiendo: no son buenos jugadores, y el reparto de Viaje es la SUPOSICIÓN de arriba. Lo que muestra la tabla es **cómo terminan las partidas** y con qué frecuencia entran en juego las piezas nuevas de la expansión.

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
for name, policy in [("al azar", None), ("al azar prudente", careful)]:
    for expansion in (False, True):
        ends = [play(expansion, seed, policy) for seed in SEEDS]
        causes = Counter(e.result().cause for e in ends)
        travel = [
            sum(1 for h in e.history() if isinstance(h, A.Draw) and h.pile == "travel")
            for e in ends
        ]
        table[name, expansion] = {
            "ganan los caballeros": sum(e.result().knights_win for e in ends),
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
            "expansión" if expansion else "básico",
            v["ganan los caballeros"],
            *[v["causes"][c] for c in causes],
            f"{v['turns']:.1f}",
            f"{v['travel cards']:.1f}",
            f"{v['black removed']:.1f}",
        ]
    )
headers = ["política", "juego", "ganan caballeros", *causes, "turnos medios", "cartas de Viaje", "Negras retiradas"]
print(text_table(headers, rows))
for name in ("al azar", "al azar prudente"):
    for expansion in (False, True):
        v = table[name, expansion]
        top, n = v["causes"].most_common(1)[0]
        summary[f"{name}, {'expansión' if expansion else 'básico'}: final más frecuente"] = (
            f"{top} ({n}/{len(SEEDS)}); media {v['turns']:.1f} turnos"
        )

# %% [markdown]
# Ninguna política gana: los caballeros al azar son malos caballeros, con una caja o con la otra. Con jugadas al azar la mayoría de las partidas termina con todos los caballeros muertos; cuando dejan de gastar su propia Vida, la mayoría termina con la 12.ª Máquina de Asedio. Las cartas de Viaje entran en juego en todas las partidas con la expansión (más de una docena por partida), mientras que las cartas Negras casi nunca salen del juego: los caballeros al azar rara vez terminan Excalibur, el Grial o el Dragón, y solo entonces salen las cartas de esas búsquedas. Para comparar estrategias reales, escribe una **política** (ver *The rules engine*, `docs/engine.md`) y júgala con las mismas semillas.
#
# ## El tablero, con la expansión
#
# Marca **Merlin's Company**, elige de 3 a 8 jugadores y una semilla, y pulsa **New game**; luego juega a mano o al azar. Con la expansión el tablero añade un recuadro *Merlin's Company*: la figura de Merlín («Merlin is here» en su búsqueda), los caballeros capturados, las brujas en juego, el Favor Divino, el mazo de Viaje y las cartas fuera del juego. Abajo: una partida de 7 jugadores con la expansión tras 40 jugadas al azar con semilla (el tablero se muestra en inglés).

# %% tags=["nbval-ignore-output"]
game = build_game_widget(players=7, seed=8, expansion=True)
for _ in range(40):
    game.random.click()
game

# %%
print(game.text)
print()
print("Lo que midió este cuaderno (reparto de Viaje y exigencias SUPUESTOS donde se usan):")
print(text_table(["pregunta", "respuesta"], [[k, v] for k, v in summary.items()]))
