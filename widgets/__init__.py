"""ipywidgets views over camelot_rules: a pure ``render_*`` function plus a ``build_*``."""

from widgets.siege import SiegeWidget, build_siege_widget, render_siege

__all__ = ["SiegeWidget", "build_siege_widget", "render_siege"]
