"""Who may confirm what, disputes, corrections with their history, set-asides, the rows of
a detailed form, a conflict between two people at once, and the round's results list."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from clubs.models import ActionLog
from scoring.links import table_link
from scoring.models import ResultEntry
from scoring.selectors import round_tables
from scoring.services import ResultConflictError
from tournaments.models import Tournament

from ..conftest import client_for
from ..factories import EntryFactory, TournamentFactory, seat_round
from ..translated import dutch
from .helpers import CASES, as_post, game_table, page_html, summary

Status = ResultEntry.Status

AHEAD = summary(False, {"total": 455}, {"total": 310}, {"total": 205}, {"total": -40})
OTHER = summary(False, {"total": 455}, {"total": 300}, {"total": 205}, {"total": -40})
DONE = summary(True, {"total": 1005}, {"total": 310}, {"total": 205}, {"total": -40})


def enter_at_table(table, entry, player) -> ResultEntry:
    response = Client().post(table.link, as_post(entry, table.version, player=str(player.pk)))
    assert response.status_code == 302
    return ResultEntry.objects.filter(table=table.table).order_by("-id").first()


def confirm_at_table(table, result, player):
    return Client().post(
        table.link,
        {"action": "confirm", "player": player.pk, "result": result.pk, "version": table.version},
        follow=True,
    )


def decide(client, table, result, action: str):
    return client.post(
        table.page,
        {"action": action, "result": result.pk, "version": table.version},
        follow=True,
    )


@pytest.fixture
def table(two_clubs):
    """A Duizenden table of four (summary entry) in club A."""
    return game_table(two_clubs.a)


@pytest.fixture
def director(two_clubs):
    return client_for(two_clubs.director)


def test_a_director_confirms_what_a_player_entered(table, director, two_clubs):
    result = enter_at_table(table, AHEAD, table.entries[0])
    response = decide(director, table, result, "confirm")
    assert response.status_code == 200
    result.refresh_from_db()
    assert (result.status, result.confirmed_by) == (Status.CONFIRMED, two_clubs.director)
    assert ActionLog.objects.filter(action="result.confirmed").count() == 1


def test_the_player_who_entered_cannot_confirm(table):
    result = enter_at_table(table, AHEAD, table.entries[0])
    page = Client().get(f"{table.link}?player={table.entries[0].pk}")
    assert 'value="confirm"' not in page_html(page)  # no button for one's own entry
    response = confirm_at_table(table, result, table.entries[0])
    assert dutch("The person who entered a result cannot confirm it.") in page_html(response)
    result.refresh_from_db()
    assert result.status == Status.PROVISIONAL


def test_a_director_cannot_confirm_their_own_entry(table, director):
    director.post(table.page, as_post(AHEAD, table.version))
    result = ResultEntry.objects.get(table=table.table)
    response = decide(director, table, result, "confirm")
    assert dutch("The person who entered a result cannot confirm it.") in page_html(response)
    result.refresh_from_db()
    assert result.status == Status.PROVISIONAL


def test_another_player_entering_the_same_confirms_it(table):
    first = enter_at_table(table, AHEAD, table.entries[0])
    Client().post(table.link, as_post(AHEAD, table.version, player=str(table.entries[2].pk)))
    first.refresh_from_db()
    assert (first.status, first.confirmed_by_entry) == (Status.CONFIRMED, table.entries[2])
    assert ResultEntry.objects.filter(table=table.table).count() == 1


def test_two_different_entries_flag_the_table_and_only_a_director_settles_it(table, director):
    first = enter_at_table(table, AHEAD, table.entries[0])
    second = enter_at_table(table, OTHER, table.entries[1])
    first.refresh_from_db()
    assert first.disputed and second.disputed

    page = director.get(table.page)
    assert page.context["state"].status == "disputed"
    assert [shown.result for shown in page.context["state"].open] == [first, second]
    rows = reverse(
        "scoring:round-results",
        kwargs={"club_slug": "rooi", "pk": table.tournament.pk, "number": 1},
    )
    assert "disputed" in [row.status for row in director.get(rows).context["tables"]]

    response = confirm_at_table(table, second, table.entries[3])
    message = "Two different results were entered for this table; a director decides."
    assert dutch(message) in page_html(response)
    second.refresh_from_db()
    assert second.status == Status.PROVISIONAL

    decide(director, table, second, "confirm")
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == (Status.SUPERSEDED, Status.CONFIRMED)


def test_each_entry_says_who_entered_it_and_how(table, director, two_clubs):
    enter_at_table(table, AHEAD, table.entries[0])
    director.post(table.page, as_post(OTHER, table.version))
    director.cookies["troef_language"] = "en"
    html = page_html(director.get(table.page))
    assert f"Entered by {escape(table.entries[0].name)} at the table, " in html
    assert f"Entered by {two_clubs.director.get_username()}, director, " in html


def test_a_director_sets_an_entry_aside(table, director):
    first = enter_at_table(table, AHEAD, table.entries[0])
    second = enter_at_table(table, OTHER, table.entries[1])
    decide(director, table, first, "reject")
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == Status.REJECTED
    assert not second.disputed  # one entry left: no longer a dispute
    assert ActionLog.objects.filter(action="result.rejected").count() == 1
    # With the dispute gone, another player of the table may confirm what is left.
    confirm_at_table(table, second, table.entries[2])
    second.refresh_from_db()
    assert second.status == Status.CONFIRMED


def test_a_correction_keeps_the_history_and_writes_the_log(table, director):
    first = enter_at_table(table, AHEAD, table.entries[0])
    confirm_at_table(table, first, table.entries[1])

    page = director.get(table.page)
    assert page.context["correcting"]
    form = page.context["form"]
    assert [form.initial[f"t_s{side}_total"] for side in range(4)] == [455, 310, 205, -40]
    assert form.initial["unfinished"] is True

    data = as_post(DONE, table.version, note="Tafel 1 telde 550 te weinig")
    response = director.post(table.page, data)
    assert response.status_code == 302
    first.refresh_from_db()
    correction = ResultEntry.objects.get(table=table.table, status=Status.CONFIRMED)
    assert first.status == Status.SUPERSEDED
    assert (correction.replaces, correction.note) == (first, "Tafel 1 telde 550 te weinig")
    assert correction.outcome["winner"] == 0
    log = ActionLog.objects.get(action="result.corrected")
    assert log.data["before"] == [455, 310, 205, -40]
    assert log.data["note"] == "Tafel 1 telde 550 te weinig"

    history = director.get(table.page)
    assert [shown.result for shown in history.context["state"].history] == [correction, first]
    html = page_html(history)
    assert f"#{first.pk}" in html
    assert "Tafel 1 telde 550 te weinig" in html


def test_the_table_link_offers_no_form_once_confirmed(table):
    first = enter_at_table(table, AHEAD, table.entries[0])
    confirm_at_table(table, first, table.entries[1])
    page = Client().get(f"{table.link}?player={table.entries[2].pk}")
    assert 'value="enter"' not in page_html(page)
    response = Client().post(
        table.link, as_post(OTHER, table.version, player=str(table.entries[2].pk))
    )
    message = "This table's result is confirmed. A director can correct it."
    assert dutch(message) in [str(e) for e in response.context["form"].non_field_errors()]
    assert ResultEntry.objects.filter(table=table.table).count() == 1


def test_a_finished_tournament_takes_no_more_results(table, director):
    Tournament.objects.filter(pk=table.tournament.pk).update(status=Tournament.Status.FINISHED)
    assert 'value="enter"' not in page_html(director.get(table.page))
    response = director.post(table.page, as_post(AHEAD, table.version))
    assert response.status_code == 200
    assert dutch("This tournament is finished.") in response.context["form"].non_field_errors()
    assert not ResultEntry.objects.exists()


def test_a_conflict_keeps_the_input_and_shows_what_is_there_now(table, director, two_clubs):
    shown_version = table.version
    Client().post(table.link, as_post(AHEAD, shown_version, player=str(table.entries[0].pk)))
    # The director's form was shown before the player's entry arrived.
    response = director.post(table.page, as_post(OTHER, shown_version))
    assert response.status_code == 200
    with translation.override("nl"):
        conflict = ResultConflictError().message
    assert conflict in response.context["form"].non_field_errors()
    html = page_html(response)
    assert 'name="t_s1_total" value="300"' in html  # the input is kept
    assert f'name="version" value="{table.version}"' in html  # and can be sent again
    assert [shown.result.data for shown in response.context["state"].open] == [AHEAD]
    assert ResultEntry.objects.count() == 1
    # Sent again after looking, it goes through (and flags the difference).
    again = director.post(table.page, as_post(OTHER, table.version))
    assert again.status_code == 302
    assert ResultEntry.objects.filter(disputed=True).count() == 2


def test_more_rows_keeps_what_was_typed(two_clubs, director):
    detailed = CASES[0]
    table = game_table(two_clubs.a, detailed)
    data = as_post(detailed.entry, table.version, action="more")
    response = director.post(table.page, data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.rows == 2 + 4
    assert 'name="r1_s1_points" value="85"' in page_html(response)
    assert 'name="r5_s0_points"' in page_html(response)
    assert not ResultEntry.objects.exists()


def test_blank_rows_are_left_out_and_errors_land_on_the_row_they_name(two_clubs, director):
    table = game_table(two_clubs.a, CASES[0])
    data = {"version": table.version, "action": "enter", "rows": 8, "unfinished": "on"}
    for side, points in enumerate([120, 35, -15, 60]):
        data[f"r0_s{side}_points"] = points
    for side, points in enumerate([-20, 85, 40, 5]):
        data[f"r3_s{side}_points"] = points
    response = director.post(table.page, data)
    assert response.status_code == 302
    result = ResultEntry.objects.get()
    assert len(result.data["rows"]) == 2
    assert result.outcome["sides"][1]["score"] == 120

    data["r3_s1_points"] = 83  # not a multiple of 5 (DZ-11)
    data["version"] = table.version
    response = director.post(table.page, data)
    form = response.context["form"]
    assert response.status_code == 200
    assert "r3_s1_points" in form.errors
    assert form.row_errors[3] == form.errors["r3_s1_points"]
    assert form.errors["r3_s1_points"][0] in form.non_field_errors()
    assert 'class="row-error"' in page_html(response)


def test_the_round_lists_every_table_with_its_status_and_private_link(two_clubs):
    evening = two_clubs.evening
    url = reverse(
        "scoring:round-results",
        kwargs={"club_slug": "rooi", "pk": evening.tournament.pk, "number": 1},
    )
    response = client_for(two_clubs.director).get(url)
    rows = response.context["tables"]
    # The table without a result first: it needs the director sooner.
    assert [(row.table, row.status) for row in rows] == [
        (evening.other_table, "none"),
        (evening.table, "provisional"),
    ]
    html = page_html(response)
    assert f"http://testserver{table_link(evening.table.pk)}" in html
    assert (
        reverse("scoring:table-result", kwargs={"club_slug": "rooi", "pk": evening.table.pk})
        in html
    )


@pytest.mark.parametrize("tables", [1, 6])
def test_the_round_list_takes_three_queries_whatever_the_tables(
    two_clubs, tables, django_assert_num_queries
):
    tournament = TournamentFactory(club=two_clubs.a)
    entries = [EntryFactory(tournament=tournament) for _ in range(4 * tables)]
    round_ = seat_round(tournament, [entries[i : i + 4] for i in range(0, len(entries), 4)])
    with django_assert_num_queries(3):
        rows = round_tables(round_)
        names = [row.names for row in rows]
    assert len(names) == tables
    assert all(len(side) == 4 for side in names)
