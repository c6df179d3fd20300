"""Final scores are asked a line per player, so that a table of six fits on a phone."""

from django.urls import reverse
from django.utils.html import escape

from ..conftest import client_for


def test_final_scores_have_a_line_per_side(two_clubs):
    table = two_clubs.evening.other_table
    html = (
        client_for(two_clubs.director)
        .get(reverse("scoring:table-result", kwargs={"club_slug": "rooi", "pk": table.pk}))
        .content.decode()
    )
    names = [seat.entry.name for seat in table.seats.select_related("entry__member")]
    for name in names:
        assert f'<th scope="row">{escape(name)}</th>' in html
    assert "summary-grid" in html
    assert html.count('name="t_s') == len(names)  # one total per player
