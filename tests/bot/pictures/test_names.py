"""Names as the pictures write them: what the font cannot draw is left out, long names end in an ellipsis
that never separates a letter from its accent, and seat labels abbreviate to compass points."""

from __future__ import annotations

import unicodedata

from bot.pictures.fonts import text_width
from bot.pictures.names import clean_name, display_name, fit_name, short_label
from bot.pictures.scenes import SeatInfo


def test_characters_the_font_lacks_and_control_characters_are_left_out():
    assert clean_name("Ann\u200b\x07  Bo 田中") == "Ann Bo"
    assert clean_name("Ярослав · Zoë") == "Ярослав · Zoë"


def test_a_name_with_nothing_drawable_falls_back_to_the_seat_label():
    assert display_name(SeatInfo("田中", label="Northeast"), 1) == "Northeast"
    assert display_name(SeatInfo("田中"), 4) == "Seat 5"


def test_a_long_name_fits_its_width_and_ends_in_an_ellipsis():
    name = "Renée-Éloïse de la Montagne du Lac"
    shown = fit_name(name, 150, 24, True)
    assert shown.endswith("…") and text_width(shown, 24, True) <= 150
    assert name.startswith(shown[:-1])


def test_an_accent_is_never_cut_from_its_letter():
    # A letter with a combining mark that has no composed form, so it stays two characters after NFC.
    name = "Ba\u0331rbara Wexley-Featherstonehaugh"  # a with a combining macron below
    assert unicodedata.normalize("NFC", name) == name
    for width in range(20, 200, 3):
        shown = fit_name(name, width, 22)
        body = shown.removesuffix("…")
        assert not body or not unicodedata.combining(name[len(body)] if len(body) < len(name) else " "), shown


def test_compass_labels_abbreviate_and_others_keep_a_short_form():
    labels = ("North", "Northeast", "East", "Southeast", "South", "Southwest", "West", "Northwest")
    assert [short_label(SeatInfo("x", label=lab), i) for i, lab in enumerate(labels)] == [
        "N",
        "NE",
        "E",
        "SE",
        "S",
        "SW",
        "W",
        "NW",
    ]
    assert short_label(SeatInfo("x", label="Dealer"), 0) == "Dea"
    assert short_label(SeatInfo("x"), 6) == "7"
