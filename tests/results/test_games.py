"""Every game's result form, detailed and summary where the game offers both, entered by a
director and at the table through its private link, and confirmed by a second person."""

import pytest
from django.test import Client
from django.utils.html import escape

from clubs.models import ActionLog
from scoring.models import ResultEntry

from ..conftest import client_for
from .helpers import CASES, as_post, game_table, page_html

Status = ResultEntry.Status


def expected_side_names(table, teams: bool) -> list[str]:
    """Seat i and i + n/2 are partners in team play (tests/factories.seat_round)."""
    entries = table.entries
    if not teams:
        return [entry.name for entry in entries]
    half = len(entries) // 2
    return [f"{entries[i].name} & {entries[i + half].name}" for i in range(half)]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_the_form_is_the_games_own_with_the_sides_as_columns(two_clubs, case):
    table = game_table(two_clubs.a, case)
    response = client_for(two_clubs.director).get(table.page)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.mode == case.entry["mode"]
    assert form.side_names == expected_side_names(table, case.teams != "none")
    html = page_html(response)
    for name in form.side_names:
        assert escape(name) in html
    # A column per side for each of the game's per-side fields, named as the entry names it.
    summary = case.entry["mode"] == "summary"
    level, prefix = (case.entry, "t_") if summary else (case.entry["rows"][0], "r0_")
    for name in level["sides"][0]:
        for side in range(len(form.side_names)):
            assert f'name="{prefix}s{side}_{name}"' in html


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_a_director_enters_every_games_result(two_clubs, case):
    table = game_table(two_clubs.a, case)
    director = client_for(two_clubs.director)
    response = director.post(table.page, as_post(case.entry, table.version))
    assert response.status_code == 302, response.context and response.context["form"].errors
    result = ResultEntry.objects.get(table=table.table)
    assert result.status == Status.PROVISIONAL
    assert (result.via, result.entered_by) == (ResultEntry.Via.DIRECTOR, two_clubs.director)
    assert result.data == case.entry
    assert [side["score"] for side in result.outcome["sides"]] == case.scores
    assert result.finished == case.entry["finished"]
    assert ActionLog.objects.filter(club=two_clubs.a, action="result.entered").count() == 1


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_players_enter_and_confirm_every_games_result_through_the_link(two_clubs, case):
    table = game_table(two_clubs.a, case)
    first, second = table.entries[0], table.entries[1]
    response = Client().post(table.link, as_post(case.entry, table.version, player=str(first.pk)))
    assert response.status_code == 302
    assert response.url == f"{table.link}?player={first.pk}"
    result = ResultEntry.objects.get(table=table.table)
    assert (result.status, result.via) == (Status.PROVISIONAL, ResultEntry.Via.TABLE)
    assert (result.entered_by_entry, result.entered_by) == (first, None)
    assert result.data == case.entry

    response = Client().post(
        table.link,
        {
            "action": "confirm",
            "player": second.pk,
            "result": result.pk,
            "version": table.version,
        },
    )
    assert response.status_code == 302
    result.refresh_from_db()
    assert result.status == Status.CONFIRMED
    assert result.confirmed_by_entry == second
    assert [side["score"] for side in result.outcome["sides"]] == case.scores


def test_an_unfinished_game_is_recorded_as_it_stood(two_clubs):
    case = CASES[0]  # Duizenden, two deals, nobody at 1000
    table = game_table(two_clubs.a, case)
    client_for(two_clubs.director).post(table.page, as_post(case.entry, table.version))
    result = ResultEntry.objects.get(table=table.table)
    assert result.finished is False
    assert result.outcome["winner"] is None
    assert [side["rank"] for side in result.outcome["sides"]] == [2, 1, 4, 3]
    assert result.outcome["totals"] == [[120, 35, -15, 60], [100, 120, 25, 65]]
