# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Empieza aquí: qué responde camelot-rules
#
# *camelot-rules* calcula probabilidades **exactas** (fracciones, no simulaciones) de los sucesos de azar de *Sombras sobre Camelot* y de su expansión *La Compañía de Merlín*: luchas contra las Máquinas de Asedio, robos de cartas, mazos que se agotan, cartas de Viaje y las espadas del final de la partida. Cada número de abajo es un `fractions.Fraction`; los porcentajes son solo para leerlos mejor.
#
# Este cuaderno es la versión en español de `00_start_here.ipynb`. La primera celda llama a `set_language("es")`, así que los nombres de cartas y mazos y las frases de la biblioteca (el veredicto de cada respuesta, «Qué se supone»...) salen también en español. Los números son exactamente los mismos que en la versión inglesa.
#
# De dónde salen las reglas:
#
# * **RB**, **BoQ** - el Reglamento y el Libro de Búsquedas oficiales de 2005, por página impresa (p. ej. *RB p.10*).
# * **ES** – el resumen en español de las reglas básicas, con la página del reglamento que cita (p. ej. *ES p.13*).
# * **JA** – la traducción japonesa de las reglas de La Compañía de Merlín, por sección (p. ej. *JA witches*, la sección de las brujas).
# * **F** – datos públicos reunidos para este proyecto (número de cartas, cada uno con su nivel de confianza: `high` (alta), `med` (media), `low` (baja), `unverified` (sin verificar)). Todo lo que está por debajo de `high` es una **suposición**, y se muestra como tal.
#
# Los otros cuadernos:
#
# * `01_siege_fights` - luchas de asedio: la probabilidad de una lucha, el consejero de mano, Sir Kay;
# * `02_travel_risk` - cartas de Viaje: qué movimientos roban una, el riesgo de captura en un plan;
# * `03_deck_exhaustion` - rehacer los mazos, la Primera Bruja y las cartas de Búsquedas terminadas;
# * `04_state_graph` - el explorador exacto del grafo de estados, y cómo escribir tu propio modelo;
# * `05_endgame_traitors` - las últimas Espadas, y cuándo acusar;
# * `06_rules_disputes` - disputas de reglas resueltas con números, y una partida registrada comprobada;
# * `07_whole_game` - el motor de reglas juega una partida paso a paso, con el tablero;
# * `08_teaching_the_expansion` - La Compañía de Merlín como lección para quien la enseña, con una hoja de una página (en español: `08_teaching_the_expansion.es.ipynb`);
# * `09_quests` - las Búsquedas: el Grial, Excalibur y las guerras como carreras, las Búsquedas de Combate;
# * `10_how_hard_is_it` - partidas enteras jugadas por políticas: cuántas veces ganan los Caballeros;
# * `app` - el panel (`make app`): el registro de la partida y todas las calculadoras en una página.

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

language = set_language("es")  # every sentence of the library from here on is in this language

# %% [markdown]
# ## Los mazos de la caja
#
# El juego básico trae 84 cartas Blancas, 76 Negras y 8 cartas de Lealtad (7 leales + 1 traidor); La Compañía de Merlín añade 23 Blancas y 14 Negras (7 de ellas, las brujas de Morgana), un mazo de Viaje de 16 cartas y un mazo de Lealtad de 9 cartas cuyo segundo traidor solo se usa con 7-8 jugadores (*JA 7-8 players*).

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
print(text_table(["mazo", "caja", "cartas", "cartas cuyo número es una suposición"], rows))

# %% [markdown]
# ### ¿Qué números son suposiciones?
#
# El mazo Blanco básico está verificado por completo. Las cartas de búsqueda del mazo Negro básico (Excalibur, Desesperación, Pictos, Sajones, Mercenarios) tienen confianza MEDIA-ALTA en los datos públicos (solo su total de 64 cartas estándar es ALTA), y aquí se registran como `med`. Abajo están los números de la expansión que **no** están verificados (`med` o menos): el reparto de las cartas estándar de la expansión viene de una implementación particular (`low`), una carta Blanca de la expansión no está identificada, y el reparto del mazo de Viaje por tipo no aparece en ninguna de las dos fuentes –la traducción lo omite–, así que el valor por defecto es una estimación de este proyecto (`unverified`). Cualquier calculadora acepta tu propio `Deck` en su lugar.

# %%
CONFIDENCE = {"med": "media", "low": "baja", "unverified": "sin verificar"}
for kind in ["white", "black", "travel"]:
    print(f"--- {display_name(kind + '_deck', 'term')}, {display_name('base_game', 'term')} + {display_name('expansion', 'term')} ---")
    for e in deck_facts(kind, expansion=True):
        if e.confidence is not Confidence.HIGH:
            print(f"  supuesto: {display_name(e.name)} x{e.count} ({CONFIDENCE[e.confidence.value]}; {e.source})")

# %% [markdown]
# ## Pregunta 1: ¿una carta de Grial en la Mesa Redonda?
#
# En la Mesa Redonda un caballero roba 2 cartas Blancas (*F §6*). ¿Qué probabilidad hay de que al menos una sea un Grial, robando del mazo Blanco completo de 84 cartas con sus 18 Griales?
#
# A mano: $1 - \binom{66}{2} / \binom{84}{2} = 1 - 2145/3486$.

# %%
white = standard_deck("white")
p = draw_probability(white, 2, "grail")
print("P(al menos un Grial en 2) =", fmt_prob(p))
print("coincide con el cálculo a mano:", 1 - Fraction(comb(66, 2), comb(84, 2)) == p)

# %% [markdown]
# En una partida real las cartas que quedan no son toda la caja. Tras la preparación cada caballero tiene una carta de Merlín y 5 cartas Blancas más (*F §1 setup*). Desde el asiento de un caballero, el mazo de robo es una parte al azar de las cartas que no ha visto, así que las probabilidades salen de las cartas **no vistas**. Supón que sois 5 jugadores y tienes dos Griales:

# %%
pos = setup_position(5, hand={"grail": 2, "fight_3": 2, "fight_1": 1})
print("cartas Blancas no vistas:", pos.white_unseen.size, "| mazo de robo:", pos.white_draw_pile_size)
print("P(al menos un Grial en 2) =", fmt_prob(draw_probability(pos.white_unseen, 2, "grail")))
print("suposiciones de la preparación:", pos.assumptions)

# %% [markdown]
# ## Pregunta 2: ¿dónde está la Primera Bruja?
#
# Con La Compañía de Merlín el mazo Negro tiene 90 cartas. La Primera Bruja hace rehacer a la vez los mazos Blanco y Negro (*JA witches*). ¿A qué profundidad está en un mazo Negro recién barajado, y cuánto tarda en salir la primera de las siete brujas?
#
# Para una sola carta la posición es uniforme; para la primera de k copias, $P(\text{primera en } i) = \binom{N-i}{k-1} / \binom{N}{k}$.

# %%
black = standard_deck("black", expansion=True)
first_witch = first_draw_distribution(black, "morgan_witch_1")
print("P(la Primera Bruja entre las 10 primeras) =", fmt_prob(sum(first_witch[i] for i in range(1, 11))))
witches = [f"morgan_witch_{i}" for i in range(1, 8)]
any_witch = first_draw_distribution(black, witches)
mean = sum(i * p for i, p in any_witch.items())
print("la primera de las 7 brujas: posición media", mean, f"= {float(mean):.2f}")
print("P(una bruja entre las 5 primeras cartas Negras) =", fmt_prob(draw_probability(black, 5, witches)))

# %%
from widgets.plots import plot_distribution

fig = plot_distribution(any_witch, title="Posición de la primera bruja en un mazo Negro de 90 cartas recién barajado",
                        xlabel="número de robo")

# %% [markdown]
# ## Comprobación por simulación
#
# Una simulación con semilla de las mismas reglas (barajar, robar) coincide con las respuestas exactas dentro del error de muestreo. El tamaño de ese error también es exacto: el error estándar de una media de 20.000 robos es la desviación típica de la distribución dividida por √20.000: unas 0,07 posiciones para la primera bruja (su posición varía mucho) y unas 0,003 para la probabilidad del Grial. La simulación es correcta si cae a menos de unos dos errores estándar.

# %%
from math import sqrt

n = 20_000
sim = simulate_first_draw(black, witches, n, seed=2026)
sim_mean = sum(i * p for i, p in sim.items())
variance = sum((i - mean) ** 2 * q for i, q in any_witch.items())  # exact, a Fraction
se_mean = sqrt(variance / n)
print(f"primera bruja: posición media simulada {float(sim_mean):.2f} frente a la exacta {float(mean):.2f}"
      f" (error estándar {se_mean:.3f}; desviación de {abs(float(sim_mean - mean)) / se_mean:.1f} e.e.)")
sim_p = simulate_draws(white, 2, ["grail"], n, seed=2026)
se_p = sqrt(p * (1 - p) / n)
print(f"Grial en 2: simulado {float(sim_p):.3f} frente a la exacta {float(p):.3f}"
      f" (error estándar {se_p:.4f}; desviación de {abs(float(sim_p - p)) / se_p:.1f} e.e.)")
