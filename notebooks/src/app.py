# ---
# jupyter:
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Shadows over Camelot - exact odds at the table

# %% tags=["nbval-ignore-output"]
import ipywidgets as W

from widgets import (
    build_exhaustion_widget, build_graph_widget, build_playlog_widget, build_quest_widget,
    build_siege_widget, build_travel_widget,
)
from widgets.app import PHONE_CSS, intro, language_selector, playlog_tab, tab_titles
from widgets.tracker import build_tracker_widget

tracker = build_tracker_widget(5, expansion=True)
siege = build_siege_widget({5: 1, 4: 1, 3: 1})
travel = build_travel_widget()
decks = build_exhaustion_widget()
graph = build_graph_widget("Round Table endgame")
playlog = build_playlog_widget()
quest = build_quest_widget()
tracker.feed(siege, travel, decks, quest)  # each gets a "From the game tracker" button
app = W.Tab(children=[tracker, siege, travel, decks, graph, playlog_tab(playlog), quest],
            titles=tab_titles(), layout={"max_width": "100%"})
app.add_class("camelot-app")
# English / 日本語 / Español: every answer shown again in the language chosen, same numbers
about = intro()  # what the page is for, in the language chosen
language = language_selector([about, tracker, siege, travel, decks, graph, playlog, quest], app)
W.VBox([W.HTML(PHONE_CSS), about, language, app], layout={"max_width": "100%"})
