"""The pictures' fonts: installed without the assets folder, Pillow's own font stands in at the size asked."""

from __future__ import annotations

from PIL import Image, ImageFont

from bot.pictures import fonts


def test_without_the_font_files_pillows_own_font_draws_at_the_size_asked(monkeypatch, tmp_path):
    shipped = fonts.font(30).getname()
    monkeypatch.setattr(fonts, "REGULAR", tmp_path / "missing.ttf")
    monkeypatch.setattr(fonts, "BOLD", tmp_path / "missing-bold.ttf")
    face = fonts.font.__wrapped__(30)  # past the cache, which holds the shipped fonts
    assert isinstance(face, ImageFont.FreeTypeFont) and face.size == 30
    assert face.getname() != shipped
    image = Image.new("RGB", (120, 50))
    fonts.TextDraw(image).text((4, 4), "N-S 42", face, (255, 255, 255))
    assert image.getbbox() is not None  # something was drawn
