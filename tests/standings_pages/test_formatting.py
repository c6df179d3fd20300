"""How match points, margins and the season's rows are written (no database)."""

import pytest
from django.utils import translation

from scoring.tables import MarginDisplay, SeasonCell, SeasonRow, number, points, sort_season_rows


@pytest.mark.parametrize(
    ("value", "text"),
    [(0, "0"), (3, "3"), (0.5, "½"), (1.5, "1½"), (12.5, "12½"), (-1.5, "-1½"), (None, "")],
)
def test_match_points_are_written_with_halves(value, text):
    assert points(value) == text


def test_other_fractions_are_written_as_decimals_in_the_language(settings):
    settings.USE_THOUSAND_SEPARATOR = False
    with translation.override("nl"):
        assert points(2 / 3) == "0,67"
    with translation.override("en"):
        assert points(2 / 3) == "0.67"


def test_exports_carry_plain_numbers():
    assert number(3.0) == 3 and isinstance(number(3.0), int)
    assert number(1.5) == 1.5


def test_the_margin_is_shown_the_way_players_know_it():
    assert MarginDisplay.of("duizenden")(1050) == 1050
    # MeieRijen: fewer minus points is better; the stored margin is negated.
    with translation.override("en"):
        meierijen = MarginDisplay.of("meierijen")
    assert meierijen(-12) == 12
    assert meierijen.label == "minus points"


def row(name, total, attended, qualified=True, struck=False) -> SeasonRow:
    cells = [SeasonCell("2", struck, 2.0)]
    return SeasonRow(1, name, None, cells, total, 0, attended, qualified, labels=("27-11",))


def test_struck_evenings_are_struck_through_and_numbers_need_no_escaping():
    html = row("A", 2, 1, struck=True).cells_html + row("B", 2, 1).cells_html
    assert html == (
        '<td class="evening struck" data-label="27-11"><s>2</s></td>'
        '<td class="evening" data-label="27-11">2</td>'
    )


def test_season_rows_sort_by_a_known_key_or_not_at_all():
    rows = [row("bert", 3, 1), row("Anna", 1, 2), row("carla", 2, 3)]
    assert [r.name for r in sort_season_rows(rows, "name")[0]] == ["Anna", "bert", "carla"]
    assert [r.name for r in sort_season_rows(rows, "-total")[0]] == ["bert", "carla", "Anna"]
    assert sort_season_rows(rows, "-attended")[1] == "-attended"
    assert sort_season_rows(rows, "position; drop") == (rows, "")
