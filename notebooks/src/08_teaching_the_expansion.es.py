# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Enseñar La Compañía de Merlín: una lección para quien ya juega al juego básico
#
# Este cuaderno sigue el orden en que explicarías la caja a una mesa que ya juega a *Sombras sobre Camelot*: qué trae la caja y cómo cambia la preparación, luego el Viaje, ¡Capturado!, la figura de Merlín, las siete brujas, las ocho nuevas cartas Blancas Especiales, las Búsquedas terminadas y, al final, las partidas de 7-8 jugadores con dos Traidores. Para cada cambio tienes
#
# * **la regla**, en una o dos frases, con su fuente;
# * **un número** (o una tabla pequeña) que muestra por qué importa en la mesa;
# * **dónde probarlo**: el widget, en este cuaderno, en otro cuaderno o en el panel (`make app`).
#
# Es la versión en español de `08_teaching_the_expansion.ipynb`. El código es el mismo que en la versión inglesa; con `set_language("es")` en la primera celda, las tablas y frases de la biblioteca salen en español. Los números son exactamente los mismos.
#
# **Fuentes.** Las reglas de la expansión se leen en la traducción japonesa del reglamento de La Compañía de Merlín, citada por sus secciones: *JA setup* (preparación), *JA travel rules* (reglas de viaje), *JA witches* (las brujas), *JA special white cards* (cartas Blancas Especiales), *JA finished quests' black cards* (cartas Negras de Búsquedas terminadas), *JA 7-8 players* (7-8 jugadores). El juego básico se cita del Reglamento de 2005 (*RB p.N*) y del Libro de Búsquedas (*BoQ p.N*); el resumen español de las reglas básicas (*ES p.N*) cita esas mismas páginas.
#
# **De dónde salen los números.** Todos los calcula aquí la biblioteca, sobre el motor de reglas, cuando se ejecuta el cuaderno: ninguno está escrito a mano. Los números *exactos* (fracciones) siguen cada carta que puede salir con su probabilidad exacta (`camelot_rules.odds.expansion`). Los números *simulados* salen de partidas completas jugadas por una política (`camelot_rules.sim.expansion`); allí donde aparecen se dice qué política los produjo.
#
# **Las suposiciones llevan su etiqueta.** Lo que ninguna fuente da se marca **SUPUESTO** allí donde un número se apoya en ello; donde los textos callan y el motor tuvo que elegir, la elección se marca **LECTURA DEL MOTOR**. La primera tabla las reúne todas.
#
# Al final hay una hoja de una página con esta lección, para imprimir y repartir (`make handout` la escribe en inglés, japonés y español).

# %%
from camelot_rules.base.i18n import set_language
from camelot_rules.engine import new_game, random_step
from camelot_rules.front import lesson
from camelot_rules.sim import Policies
from camelot_rules.sim.expansion import box_play

set_language("es")  # the library's tables speak the notebook's language
POLICIES = Policies()  # the fast policies: LoyalHeuristic and TraitorHeuristic
GAMES, SEED, PLAYERS = 200, 1, 5  # the simulated games of section 9

# %% [markdown]
# ## 0. Lo que se apoya en una suposición

# %%
print(lesson.assumptions_table())

# %% [markdown]
# ## 1. Qué trae la caja y cómo cambia la preparación
#
# * **El Rey Arturo juega siempre** (*JA los 7 nuevos Caballeros*): decidid primero quién lo lleva.
# * **Escudos de Armas**: o se cambian todos los escudos del juego básico, salvo el de Arturo, por los de la expansión, o cada Caballero elige su versión básica o la de la expansión; pero nunca juegan juntos dos Caballeros con escudos del mismo color (*JA los 7 nuevos Caballeros*).
# * **El mazo de Viaje**: baraja las 16 cartas de Viaje en un mazo al alcance de todos. **La figura de Merlín** espera a su lado: solo entra en el tablero cuando se roba la primera carta *Merlín viaja* (*JA preparación*).
# * **Añade 14 cartas Negras y 23 Blancas** a los mazos del juego básico (llevan una marca «M»); después, prepara la partida como en el juego básico (*JA preparación*).
#
# **El número**: los mazos con que se juega.

# %%
print(lesson.box_table())

# %% [markdown]
# **Pruébalo**: el widget del tablero al final de este cuaderno (marca *Merlin's Company*): su recuadro *La Compañía de Merlín* muestra la figura de Merlín, el mazo de Viaje y las cartas fuera de la partida.
#
# ## 2. Viajar ya no es seguro
#
# En el juego básico moverse ya es una Acción Heroica (*RB p.12*), pero siempre se llega. Con La Compañía de Merlín, **un Caballero que se mueve a una nueva Búsqueda con su Acción Heroica - o por el poder de un Caballero, como Sir Tristán al salir de Camelot - primero nombra su destino y luego roba una carta de Viaje** (*JA reglas de viaje*):
#
# * *No pasa nada (Nothing Happens)* - llega;
# * *Merlín viaja (Merlin Travels)* - llega, y la figura de Merlín va a esa Búsqueda;
# * *Visión (Vision)* - va al Santo Grial en su lugar (no pasa nada si la Búsqueda del Grial ya terminó);
# * *¡Carga! (Charged!)*, *¡Perdido! (Lost!)*, *¡Emboscada! (Ambushed!)* - llega si cumple lo que pide la carta; si no, un resultado doloroso y su turno termina en el acto (el movimiento fracasa);
# * *¡Capturado! (Captured!)* - se queda donde está (sección 3).
#
# Volver a Camelot porque una Búsqueda terminó, y moverse por una carta Blanca o Negra Especial, no roban nada, como en el juego básico (*JA reglas de viaje*). **LECTURA DEL MOTOR**: un movimiento heroico *de vuelta* a Camelot también roba una carta de Viaje (el texto japonés habla de moverse «a una nueva Búsqueda»).
#
# **El número**: cuántas veces se echa a perder un movimiento - el Caballero no acaba donde quería ir. Primero el Rey Arturo sale de Camelot hacia el Caballero Negro con la mano vacía, carta por carta; luego el mismo movimiento con cartas que cumplen lo que piden, y con las dos composiciones que conoce el motor (las dos son **SUPUESTOS**: la traducción no dice cuántas cartas hay de cada tipo).

# %%
print(lesson.travel_table())
print()
print(lesson.travel_hands_table())

# %% [markdown]
# **Pruébalo**: el widget de Viaje (abajo, y en el cuaderno 02; en el panel, la pestaña *Travel*): escribe las cartas de Viaje ya vistas, marca lo que tu mano puede pagar y lee la probabilidad de ser capturado en un plan de viajes.

# %% tags=["nbval-ignore-output"]
from widgets.travel import build_travel_widget, render_travel

TRAVEL = dict(seen="nothing_happens, vision", grail=True, trips=4)
travel_widget = build_travel_widget(**TRAVEL)
travel_widget

# %% [markdown]
# La respuesta del widget sigue a sus controles. Guardada abajo: su respuesta para las entradas con que se abrió (`TRAVEL`), de `render_travel`, la función a la que llama el widget.

# %%
print(render_travel(**TRAVEL)[1])

# %% [markdown]
# ## 3. ¡Capturado!
#
# **Un Caballero capturado se queda donde está, pone la carta ¡Capturado! bajo su figura y pierde sus turnos hasta que otro Caballero gasta una Acción Heroica y descarta una carta Blanca Especial para liberarlo; nunca puede liberarse a sí mismo** (*JA reglas de viaje, ¡Capturado!*). Mientras la carta está bajo su figura no está en el mazo de Viaje, así que quien se mueve después corre un poco menos de riesgo.
#
# Dos **LECTURAS DEL MOTOR** cubren huecos del texto: si todos los Caballeros que siguen en juego están capturados, aquel a quien le toca el turno se libera (si no, la partida se detendría); y un Caballero que muere capturado manda su carta ¡Capturado! a los descartes de Viaje.
#
# **El número**: la probabilidad de ¡Capturado! en un movimiento, y lo que cuesta. Cuántos turnos pierde un Caballero capturado depende de sus compañeros, no de las cartas: si lo liberan con cierta probabilidad antes de cada uno de sus turnos, pierde en promedio (1 - probabilidad) / probabilidad de sus propios turnos.

# %%
print(lesson.captured_table())

# %% [markdown]
# **Pruébalo**: el widget de Viaje de arriba (*trips*: la probabilidad de ser capturado al menos una vez en varios movimientos).
#
# ## 4. La figura de Merlín
#
# **La figura de Merlín está fuera del tablero hasta que se roba el primer Merlín viaja; desde entonces, cada Merlín viaja la pone junto a la Búsqueda a la que llegó el Caballero. Merlín no es un Caballero de la Mesa Redonda, así que puede unirse a cualquier Búsqueda, también a las Búsquedas en solitario** (*JA Merlín viaja*). La nueva carta *Merlín al Rescate* lo lleva a cualquier Búsqueda, incluso a una terminada; **en una Búsqueda terminada impide la Máquina de Asedio que añadirían sus cartas Negras** (*JA cartas Blancas Especiales*).
#
# **LECTURA DEL MOTOR**: las reglas japonesas dicen que Merlín «ayuda a los Caballeros», pero no le dan efecto en una Búsqueda aún en juego; en el motor, su figura allí no hace nada.
#
# **El número**: cuándo entra la figura de Merlín en el tablero, y cuántas cartas Negras neutraliza su figura cuando su Búsqueda ha terminado.

# %%
print(lesson.merlin_table())

# %% [markdown]
# **Pruébalo**: el widget de agotamiento de mazos (cuaderno 03; la pestaña *Decks* del panel) acepta las Búsquedas donde está Merlín y muestra las Máquinas de Asedio que ahorra.
#
# ## 5. Las siete brujas de Morgana
#
# Siete brujas entran en el mazo Negro (*JA brujas*). Tres actúan una vez, al robarlas:
#
# * **1.ª** - se rehacen en el acto el mazo Blanco y el Negro;
# * **3.ª** - un picto y luego un sajón se unen a sus guerras (primero el picto: puede perder esa guerra antes de que llegue el sajón);
# * **4.ª** - cada Caballero descarta un Grial o pierde 1 punto de Vida; quien no tiene Grial pierde la Vida.
#
# Cuatro se quedan en juego (la nueva carta Blanca *Disipar* aparta una):
#
# * **2.ª** - hasta que se gane una Búsqueda, nadie puede ceder un punto de Vida: ni en la Progresión del Mal, ni por una segunda Acción Heroica, ni por el poder de Sir Caradoc (la Vida se puede seguir perdiendo);
# * **5.ª** - desde ahora una acusación fallida convierte 2 Espadas Blancas en Negras en vez de 1;
# * **6.ª** - desde ahora una carta de Merlín jugada sale de la partida en vez de ir a los descartes;
# * **7.ª** - en la próxima Búsqueda perdida, cada Caballero que no esté en ella pierde 1 punto de Vida; después se va.
#
# **Los números**: lo pronto que llega una bruja, y cada bruja jugada por el motor en una posición pequeña - el tablero antes y después (o sin y con la bruja en juego).

# %%
print(lesson.witches_table())

# %% [markdown]
# **Pruébalo**: el widget de agotamiento de mazos (cuaderno 03): nombra una bruja y mira la probabilidad de que salga antes de que se rehagan los mazos.
#
# ## 6. Ocho nuevas cartas Blancas Especiales
#
# Las ocho son cartas Blancas Especiales: se juegan como Acción Heroica y se descartan, como las del juego básico (*JA cartas Blancas Especiales*).
#
# * **Petición de Ayuda (Call for Help)** - los demás Caballeros pueden unirse a tu Búsqueda, gratis y sin carta de Viaje; no desde una Búsqueda en solitario (aunque un Caballero puede dejar una para acudir).
# * **Disipar (Dispel)** - descarta una carta Negra Especial en juego: el Bosque Oscuro, las Nieblas de Avalon, Mordred, Viviana, o la 2.ª, 5.ª, 6.ª o 7.ª bruja.
# * **Favor Divino (Divine Favor)** - el próximo empate entre los Caballeros y el Mal es para los Caballeros; también un recuento final con tantas Espadas Blancas como Negras.
# * **Matadragones (Dragon Slayer)** - roba 3 cartas Blancas; en la Búsqueda del Dragón, además, pon 2 cartas de Lucha.
# * **Merlín al Rescate (Merlin to the Rescue)** - mueve la figura de Merlín a cualquier Búsqueda, incluso a una terminada (sección 4).
# * **Nueva Esperanza (New Hope)** - descarta toda tu mano, esta carta incluida, y roba otras tantas cartas Blancas.
# * **Torneo (Tournament)** - gana 2 puntos de Vida (o, con la variante de los escuderos del juego básico, convierte a un escudero en Caballero en el acto).
# * **Tregua (Truce)** - termina una guerra (pictos o sajones) sin vencedor: se retiran sus cartas de Lucha, sus guerreros y Mordred.
#
# **Los números**: la probabilidad de que un Caballero empiece con una de ellas, y cada carta jugada por el motor en una posición pequeña.

# %%
print(lesson.specials_table())

# %% [markdown]
# **Pruébalo**: el widget del tablero al final: cuando un Caballero tiene una de estas cartas, sus jugadas están entre los movimientos legales.
#
# ## 7. Búsquedas terminadas: sus cartas Negras salen de la partida
#
# En el juego básico, una carta Negra de una Búsqueda ya terminada (una carta de Excalibur tras Excalibur, una del Grial tras el Grial, una de Lanzarote/Dragón tras el Dragón) añade en su lugar una Máquina de Asedio y se descarta, así que vuelve tras el siguiente barajado (*RB p.11; BoQ p.16*). **Con La Compañía de Merlín sigue añadiendo su Máquina de Asedio, y después sale de la partida: no vuelve nunca** (*JA cartas Negras de Búsquedas terminadas*). La figura de Merlín en esa Búsqueda impide la Máquina (sección 4).
#
# Los barajados no cambian: cuando se agota el mazo de robo Blanco o el Negro, se rehacen **los dos**, también en el juego básico (*RB p.10*, y su recuadro de *RB p.13*; *ES p.10* habla de «nuevos mazos de robo»; las reglas japonesas lo repiten); el mazo de Viaje solo se baraja cuando se agota él mismo (*JA reglas de viaje*).
#
# **El número**: cuántas cartas Negras pertenecen a una Búsqueda de una sola vez, y por tanto salen de la partida a medida que terminan las Búsquedas.

# %%
print(lesson.finished_table())

# %% [markdown]
# **Pruébalo**: el widget de agotamiento de mazos (cuaderno 03): indica las Búsquedas terminadas y compara el juego básico con la expansión.
#
# ## 8. Siete u ocho jugadores: quizá dos Traidores
#
# La Compañía de Merlín se juega hasta con 8. **Con 7 u 8 jugadores la segunda carta de Traidor entra en las cartas de Lealtad; los dos Traidores no se conocen. Al final, un Traidor oculto convierte 2 Espadas Blancas en Negras, dos Traidores ocultos convierten 3** (*JA 7-8 jugadores*). Los empates siguen siendo para el Mal, salvo que se haya jugado Favor Divino (sección 6).
#
# **Los números**: cuántos Traidores da un reparto, siguiendo cada rama del reparto del motor; y qué hacen los Traidores ocultos con un recuento final.

# %%
print(lesson.traitors_table())

# %% [markdown]
# **Pruébalo**: el *Round Table endgame* del widget de grafos (cuaderno 05) juega las últimas Espadas con uno o dos Traidores y muestra cuándo compensa acusar.
#
# ## 9. La partida entera: qué hace la caja con las posibilidades de los Caballeros
#
# Las mismas partidas con semilla, con y sin la expansión, jugadas hasta el final por las políticas rápidas del proyecto, las heurísticas (`POLICIES` arriba; la tabla las nombra). Son reglas sencillas y juegan peor que una mesa real - por ejemplo, la heurística leal nunca gasta una carta Blanca Especial para liberar a un compañero capturado -, así que lee la tabla como *lo que estas reglas hacen a estos jugadores*. Las políticas de búsqueda del cuaderno 10 buscan en ambos bandos, Caballeros y Traidor, y juegan mejor (su tabla da las tasas medidas) pero tardan segundos por partida: pasa `lineup("search")` (de `camelot_rules.sim.lineups`) como `POLICIES` y todos los números de abajo la siguen, en minutos.

# %%
base = box_play(POLICIES, players=PLAYERS, expansion=False, games=GAMES, seed=SEED)
mc = box_play(POLICIES, players=PLAYERS, expansion=True, games=GAMES, seed=SEED)
print(lesson.play_table(base, mc))
print()
print(lesson.specials_played_table(mc))

# %% [markdown]
# **Pruébalo**: el widget de simulación del cuaderno 10 juega partidas mientras miras, con cualquier número de jugadores y lectura de las reglas; `camelot-rules simulate --expansion` juega miles.
#
# ## El tablero, con la expansión
#
# Marca **Merlin's Company**, elige de 3 a 8 jugadores y una semilla, y pulsa **New game**; luego juega a mano o al azar. El recuadro *La Compañía de Merlín* muestra la figura de Merlín, los Caballeros capturados, las brujas en juego, el Favor Divino, el mazo de Viaje y las cartas fuera de la partida. Abajo: una partida de 7 jugadores tras 40 pasos al azar con semilla.

# %% tags=["nbval-ignore-output"]
from random import Random

from widgets.game import build_game_widget, summarize_board

rng = Random(8)
state = new_game(7, expansion=True, seed=8)
for _ in range(40):
    state = random_step(state, rng)
while state.current_player is None:  # (a chance step next: play on to a knight's choice)
    state = random_step(state, rng)
game = build_game_widget(state, seed=8)
game

# %% [markdown]
# La posición con que se abrió el tablero (el widget avanza cuando juegas; esto se queda):

# %%
print(summarize_board(state.observation(state.current_player)))

# %% [markdown]
# ## La hoja de una página
#
# Cada cambio, su regla en una frase con la fuente y su número, en una página para imprimir (los números son los de arriba). `make handout` la escribe como `build/handout/merlins-company.{en,ja,es}.html`; abre el archivo e imprímelo.

# %%
lesson.Handout(base, mc)
