"""The results list keeps up by itself: the round page and the results page poll its
partial (htmx), which answers with the rows as they are now, for whoever may open the
round page; and the result forms on a phone: the game's rounds are no "Ronde" there, and
every cell carries its label for the stacked layout."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from scoring.links import table_link
from scoring.models import ResultEntry

from ..conftest import client_for
from .helpers import CASES, as_post, game_table, page_html

Status = ResultEntry.Status


def live_url(tournament, number: int = 1) -> str:
    return reverse(
        "scoring:round-results-live",
        kwargs={"club_slug": "rooi", "pk": tournament.pk, "number": number},
    )


def page_url(name: str, tournament) -> str:
    return reverse(name, kwargs={"club_slug": "rooi", "pk": tournament.pk, "number": 1})


@pytest.mark.parametrize("name", ["evenings:round-detail", "scoring:round-results"])
def test_the_pages_results_list_polls_its_partial(two_clubs, name):
    evening = two_clubs.evening
    html = page_html(client_for(two_clubs.director).get(page_url(name, evening.tournament)))
    section = re.search(r"<section[^>]*round-results[^>]*>", html).group(0)
    assert f'hx-get="{live_url(evening.tournament)}"' in section
    assert 'hx-trigger="every 15s' in section
    assert 'hx-swap="outerHTML"' in section
    # Its script pauses it while the tab is hidden (a file: the CSP allows no inline one).
    assert "troef/results.js" in html
    assert "<script>" not in html


def test_the_partial_answers_with_the_rows_and_a_directors_links(two_clubs):
    evening = two_clubs.evening
    response = client_for(two_clubs.director).get(live_url(evening.tournament))
    assert response.status_code == 200
    html = page_html(response)
    # Just the list (what htmx swaps in), polling on in turn.
    assert html.lstrip().startswith("<section")
    assert "<html" not in html
    assert f'hx-get="{live_url(evening.tournament)}"' in html
    assert re.findall(r'id="result-table-(\d+)"', html) == ["2", "1"]
    for table in (evening.table, evening.other_table):
        assert f"http://testserver{table_link(table.pk)}" in html
        assert reverse("venue:venue-table-qr", kwargs={"club_slug": "rooi", "pk": table.pk}) in html
        assert reverse("scoring:table-result", kwargs={"club_slug": "rooi", "pk": table.pk}) in html
    # Never kept by a browser or a proxy: the next poll asks the server again.
    assert "no-cache" in response["Cache-Control"]


def test_a_player_gets_the_rows_without_the_directors_links(two_clubs):
    evening = two_clubs.evening
    response = client_for(two_clubs.player).get(live_url(evening.tournament))
    assert response.status_code == 200
    html = page_html(response)
    assert re.findall(r'id="result-table-(\d+)"', html) == ["2", "1"]
    assert table_link(evening.table.pk) not in html
    assert "/qr/" not in html
    assert (
        reverse("scoring:table-result", kwargs={"club_slug": "rooi", "pk": evening.table.pk})
        not in html
    )


def test_the_partial_is_for_the_clubs_people_only(two_clubs):
    evening = two_clubs.evening
    url = live_url(evening.tournament)
    anonymous = client_for(None).get(url)
    assert anonymous.status_code == 302
    assert reverse("site:login") in anonymous["Location"]
    assert client_for(two_clubs.other_director).get(url).status_code == 404
    # A round that was not drawn: nothing to show.
    assert client_for(two_clubs.director).get(live_url(evening.tournament, 9)).status_code == 404


def test_the_partial_shows_a_new_entry_at_the_next_poll(two_clubs):
    """Nothing cached: the entry made between two polls is in the second answer."""
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    before = page_html(client.get(live_url(evening.tournament)))
    card = re.search(r'id="result-table-2".*?</li>', before, re.S).group(0)
    assert "result-none" in before[: before.index('id="result-table-2"')]
    assert "Invoeren" in card  # nl: "Enter"
    table = evening.other_table
    page = reverse("scoring:table-result", kwargs={"club_slug": "rooi", "pk": table.pk})
    entry = {
        "mode": "summary",
        "finished": False,
        "sides": [{"total": 300}, {"total": 200}, {"total": 100}, {"total": 0}],
    }
    assert client.post(page, as_post(entry, table.version)).status_code == 302
    assert ResultEntry.objects.filter(table=table, status=Status.PROVISIONAL).exists()
    after = page_html(client.get(live_url(evening.tournament)))
    card = re.search(r'id="result-table-2".*?</li>', after, re.S).group(0)
    assert "result-provisional" in after
    assert "300" in card and "Invoeren" not in card


# --- the result forms ----------------------------------------------------------------------


@pytest.mark.parametrize("game", ["meierijen", "meino"])
def test_the_games_own_rounds_are_no_ronde_on_the_entry_page(two_clubs, game):
    """ "Ronde" is the tournament's round on these pages; a game's round is a "Spel"."""
    case = next(c for c in CASES if c.game == game and c.entry["mode"] == "detailed")
    table = game_table(two_clubs.a, case)
    client = client_for(two_clubs.director)
    html = page_html(client.get(table.page))
    form = html[html.index('class="result-form"') :]
    assert "Spel 1" in form and "Spel 2" in form
    assert "Ronde 1" not in form and "Ronde 2" not in form
    # The tournament's round keeps its name in the heading.
    assert "Ronde 1" in html[: html.index('class="result-form"')]
    # What was entered, shown back on the page, says it the same way.
    assert client.post(table.page, as_post(case.entry, table.version)).status_code == 302
    html = page_html(client.get(table.page))
    entered = html[html.index("<details") :]
    assert "Spel 1" in entered
    assert "Ronde 1" not in entered


def test_every_cell_of_the_meierijen_form_carries_its_label_for_a_phone(two_clubs):
    case = next(c for c in CASES if c.game == "meierijen" and c.entry["mode"] == "detailed")
    table = game_table(two_clubs.a, case)
    html = page_html(client_for(two_clubs.director).get(table.page))
    names = [entry.name for entry in table.entries]
    # The column that went off screen on a phone: its label on every row's cell.
    rows = html.count('<th scope="row">')
    assert rows >= 2
    assert html.count('data-label="Trekstapel het eerst leeg"') == rows
    for name in names:
        assert f'data-label="{escape(name)}: Minpunten"' in html
    # The stacked layout is in the page's own stylesheet.
    assert "troef/results.css" in html
    cells = re.findall(r"<td( [^>]*)?>", html[html.index('class="result-form"') :])
    assert cells and all("data-label=" in attributes for attributes in cells)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_every_game_form_labels_its_cells_and_has_real_buttons(two_clubs, case):
    table = game_table(two_clubs.a, case)
    html = page_html(client_for(two_clubs.director).get(table.page))
    form = html[
        html.index('class="result-form"') : html.index("</form>", html.index("result-form"))
    ]
    cells = re.findall(r"<td( [^>]*)?>", form)
    assert cells and all("data-label=" in (attributes or "") for attributes in cells)
    # Every input and select is named for a screen reader or wrapped in a label.
    for control in re.findall(r"<(?:input|select)\b[^>]*>", form):
        if 'type="hidden"' in control:
            continue
        assert (
            "aria-label=" in control or 'name="unfinished"' in control or 'name="note"' in control
        )
    assert re.search(r'<button type="submit" name="action" value="enter"', form)
