"""Japanese plot texts are drawn with a font that has their letters (issue 17)."""

from __future__ import annotations

import warnings

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pytest

from camelot_rules.front.fonts import font_family, language_fonts

TITLE = "最初の魔女：山札の何枚目に出るか"


def _missing_glyphs(lang: str | None) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if lang is None:
            fig, ax = plt.subplots()
        else:
            with language_fonts(lang):
                fig, ax = plt.subplots()
                ax.set_title(TITLE)
        if lang is None:
            ax.set_title(TITLE)
        fig.canvas.draw()
        plt.close(fig)
    return [str(w.message) for w in caught if "missing from font" in str(w.message)]


def test_a_japanese_title_has_every_glyph_in_japanese() -> None:
    assert _missing_glyphs("ja") == []


def test_the_default_font_lacks_them() -> None:
    """The check above can fail: matplotlib's default font draws boxes for kana and kanji."""
    assert _missing_glyphs(None)


def test_other_languages_keep_the_default_font() -> None:
    assert font_family("en") == font_family("es") == ["DejaVu Sans"]
    with pytest.raises(ValueError, match="language"):
        font_family("fr")


def test_the_widgets_plots_use_the_readers_font() -> None:
    """A plot made in Japanese (widgets.plots) has every glyph of its Japanese title."""
    from fractions import Fraction

    from camelot_rules.base.i18n import language
    from widgets.plots import plot_distribution

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with language("ja"):
            fig = plot_distribution(
                {1: Fraction(1, 2), 2: Fraction(1, 2)}, title=TITLE, xlabel=TITLE
            )
        fig.canvas.draw()
        plt.close(fig)
    assert [w for w in caught if "missing from font" in str(w.message)] == []
