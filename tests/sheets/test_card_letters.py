"""Card letters on the score sheets in the sheet's language, read back from the PDF:
Dutch B V H A, German B D K A, English J Q K A (jack, queen, king, ace)."""

from __future__ import annotations

import pytest

from .test_game_sheets import DASH, prefilled, text_of


@pytest.mark.parametrize(
    ("language", "faces", "queen"),
    [("nl", "B V H", "V♠"), ("de", "B D K", "D♠"), ("en", "J Q K", "Q♠")],
)
def test_duizenden_card_points_in_the_sheets_letters(language, faces, queen):
    _data, text = text_of(prefilled("duizenden"), language)
    assert f"2{DASH}9 = 5 · 10 {faces} = 10 · A = 15 · " in text
    assert f"= 50 · {queen} = 100" in text
    if language != "en":
        assert "J Q K" not in text
        assert "Q♠" not in text


@pytest.mark.parametrize(
    ("language", "faces"), [("nl", "B V H A"), ("de", "B D K A"), ("en", "J Q K A")]
)
def test_meierijen_variant1_values_in_the_sheets_letters(language, faces):
    _data, text = text_of(prefilled("meierijen", 2, variant1=True), language)
    assert f"3 {DASH} 10 {faces} 2 · " in text
    if language != "en":
        assert "J Q K A" not in text
