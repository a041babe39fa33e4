"""ipywidgets views over camelot_rules: a pure ``render_*`` function plus a ``build_*``."""

from widgets.exhaustion import ExhaustionWidget, build_exhaustion_widget, render_exhaustion
from widgets.graph import GraphWidget, build_graph_widget, explore_model, render_graph
from widgets.playlog import PlaylogWidget, build_playlog_widget, render_playlog
from widgets.quest import build_quest_widget, render_quest
from widgets.siege import SiegeWidget, build_siege_widget, render_siege
from widgets.tracker import TrackerWidget, build_tracker_widget, render_tracker
from widgets.travel import TravelWidget, build_travel_widget, render_travel

__all__ = [
    "ExhaustionWidget",
    "GraphWidget",
    "PlaylogWidget",
    "SiegeWidget",
    "TrackerWidget",
    "TravelWidget",
    "build_exhaustion_widget",
    "build_graph_widget",
    "build_playlog_widget",
    "build_quest_widget",
    "build_siege_widget",
    "build_tracker_widget",
    "build_travel_widget",
    "explore_model",
    "render_exhaustion",
    "render_graph",
    "render_playlog",
    "render_quest",
    "render_siege",
    "render_tracker",
    "render_travel",
]
