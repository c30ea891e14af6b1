"""The text measure every picture lays its labels out with (engine/drawing.py, issue 39): wide
enough (DejaVu Sans, what "sans-serif" is here and wider than Arial elsewhere; Chromium measured
no text wider on the five boards), long words and names cut with an ellipsis and the whole kept
in a <title>, paragraphs wrapped at spaces to the width given."""

from __future__ import annotations

from referee.engine.drawing import fit, label, text_width, wrap


def test_widths_follow_the_font_and_bold_is_wider():
    assert text_width("", 11) == 0
    assert 55 < text_width("Sumerians", 11) < 62          # DejaVu Sans: 58.3 plus a unit for rounding
    assert text_width("Sumerians", 11, bold=True) > text_width("Sumerians", 11)
    assert text_width("iiii", 11) < text_width("WWWW", 11)
    assert text_width("Ä", 11) == text_width("A", 11)     # German letters are measured, not guessed
    assert text_width("字", 10) == 11                     # unknown: a whole em (and the unit)


def test_fit_cuts_with_an_ellipsis_and_label_keeps_the_whole_in_a_title():
    name = "Maximiliane Schwarzenberger-Lindqvist"
    short = fit(name, 80, 12, bold=True)
    assert short.endswith("…") and text_width(short, 12, True) <= 80 and name.startswith(short[:-1])
    assert fit("Bo", 80) == "Bo"
    drawn = label(0, 10, name, 80, 12, font_weight="bold")
    assert f"<title>{name}</title>" in drawn and short in drawn
    assert "<title>" not in label(0, 10, "Bo", 80)


def test_wrap_breaks_at_spaces_within_the_width_and_says_when_it_stops():
    rows = wrap("Friedrich Wilhelm von Hohenzollern: Taler verdeckt, 4 Handkarten, 22 Würfel im Vorrat", 150, 11)
    assert len(rows) > 2 and all(text_width(r, 11) <= 150 for r in rows)
    assert " ".join(rows).startswith("Friedrich Wilhelm von")
    two = wrap("one two three four five six seven eight nine ten", 60, 11, lines=2)
    assert len(two) == 2 and two[-1].endswith("…")

