"""An evening's records stay consistent (issue 15): no guest under a name already in the
tournament, no second bye by a swap without the director's yes, a tournament whose only
draw is taken back is "planned" again, the pages show only buttons their service would
carry out, and directors see the draw seed."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction

from clubs.models import ActionLog
from evenings import services as evenings
from tournaments import services
from tournaments.models import Bye, Entry, Round, Seat, Tournament

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, TournamentFactory, confirm_all, seat_round
from .helpers import field_errors, new_entries, url

# --- guests ------------------------------------------------------------------------------


@pytest.fixture
def evening(two_clubs):
    """A planned Duizenden evening of club A: Anna de Wit (a member, registered),
    Bram Smulders (a member who withdrew) and the guest Gijs Gast (present)."""
    tournament = TournamentFactory(club=two_clubs.a, name="Vrijdagavond")
    EntryFactory(
        tournament=tournament,
        member=MemberFactory(club=two_clubs.a, name="Anna de Wit"),
        status=Entry.Status.REGISTERED,
    )
    EntryFactory(
        tournament=tournament,
        member=MemberFactory(club=two_clubs.a, name="Bram Smulders"),
        status=Entry.Status.WITHDRAWN,
    )
    EntryFactory(tournament=tournament, member=None, guest_name="Gijs Gast")
    return tournament


@pytest.mark.parametrize(
    "name", ["Anna de Wit", "anna DE wit", "  Anna   de\tWit ", "GIJS GAST", "gijs  gast"]
)
def test_a_guest_under_a_name_already_entered_is_refused(two_clubs, evening, name):
    before = Entry.objects.count()
    with pytest.raises(ValidationError) as refused:
        services.entry_add(tournament=evening, actor=two_clubs.director, guest_name=name)
    assert list(refused.value.message_dict) == ["guest_name"]
    assert Entry.objects.count() == before
    assert not ActionLog.objects.filter(action="entry.added").exists()


def test_other_names_and_other_tournaments_do_not_count(two_clubs, evening):
    other = TournamentFactory(club=two_clubs.a)
    EntryFactory(tournament=other, member=None, guest_name="Carla Gast")
    for name in ("Anna", "Anna de Wit-Jansen", "Carla Gast"):
        entry = services.entry_add(tournament=evening, actor=two_clubs.director, guest_name=name)
        assert entry.guest_name == name
    # Spaces inside a name are kept as one, so that the check compares like with like.
    spaced = services.entry_add(
        tournament=evening, actor=two_clubs.director, guest_name=" Dirk   van  Dam "
    )
    assert spaced.guest_name == "Dirk van Dam"


@pytest.mark.parametrize(
    ("language", "button", "taken"),
    [
        ("nl", "Komt terug", "Anna de Wit staat al in dit toernooi."),
        ("de", "Kommt zurück", "Anna de Wit ist schon in diesem Turnier."),
        ("en", "Comes back", "Anna de Wit is already in this tournament."),
    ],
)
def test_the_refusal_points_a_withdrawn_player_to_comes_back(
    two_clubs, evening, language, button, taken
):
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = language
    add = url("tournaments:entry-add", pk=evening.pk)
    before = Entry.objects.count()
    response = director.post(add, {"guest_name": "bram smulders"})
    assert response.status_code == 200
    (message,) = field_errors(response, "add_form")["guest_name"]
    assert message.startswith("Bram Smulders ")
    assert button in message
    # The button it names is the one beside the withdrawn player on the same page.
    html = response.content.decode()
    row = html[html.index(f'id="entry-{Entry.objects.get(member__name="Bram Smulders").pk}"') :]
    assert button in row[: row.index("</tr>")]
    response = director.post(add, {"guest_name": "ANNA DE WIT"})
    assert field_errors(response, "add_form") == {"guest_name": [taken]}
    assert button not in field_errors(response, "add_form")["guest_name"][0]
    assert Entry.objects.count() == before


def test_the_withdrawn_player_comes_back_instead(two_clubs, evening):
    director = client_for(two_clubs.director)
    bram = Entry.objects.get(member__name="Bram Smulders")
    response = director.post(
        url("tournaments:entry-status", pk=evening.pk, entry_pk=bram.pk), {"status": "present"}
    )
    assert response.status_code == 302
    bram.refresh_from_db()
    assert bram.status == Entry.Status.PRESENT
    assert evening.entries.filter(member__name="Bram Smulders").count() == 1


# --- swaps and byes ----------------------------------------------------------------------


@pytest.fixture
def second_round(two_clubs):
    """A MeieRijen evening for two of five players: Anna sat out round 1; in round 2,
    drawn and not started, Bram sits out and Anna plays Carla."""
    tournament = TournamentFactory(
        club=two_clubs.a, game="meierijen", table_size=2, rounds_planned=3
    )
    anna, bram, carla, dirk, els = (
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a, name=name))
        for name in ["Anna", "Bram", "Carla", "Dirk", "Els"]
    )
    first = seat_round(tournament, [[bram, carla], [dirk, els]], byes=[anna])
    confirm_all(first)
    Round.objects.filter(pk=first.pk).update(status=Round.Status.FINISHED)
    seat_round(tournament, [[anna, carla], [dirk, els]], byes=[bram])
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.refresh_from_db()
    return tournament


def places(tournament) -> dict[str, str]:
    """Round 2: each player's table number, or "bye"."""
    round_ = tournament.rounds.get(number=2)
    found = {s.entry.name: str(s.table.number) for s in Seat.objects.filter(round=round_)}
    found.update({b.entry.name: "bye" for b in Bye.objects.filter(round=round_)})
    return found


def named(tournament, name) -> Entry:
    return tournament.entries.get(member__name=name)


def test_a_swap_giving_a_second_bye_waits_for_the_directors_yes(two_clubs, second_round):
    round_ = second_round.rounds.get(number=2)
    anna, bram = named(second_round, "Anna"), named(second_round, "Bram")
    before = places(second_round)
    with pytest.raises(evenings.SecondByeError) as warned:
        evenings.seats_swap(round_=round_, actor=two_clubs.director, first=anna, second=bram)
    assert warned.value.messages == [
        "Met deze ruil krijgt Anna (had al vrij in ronde 1) een tweede vrije ronde."
    ]
    assert places(second_round) == before
    assert not ActionLog.objects.filter(action="seats.swapped").exists()
    evenings.seats_swap(
        round_=round_, actor=two_clubs.director, first=anna, second=bram, second_bye_ok=True
    )
    assert places(second_round) == {**before, "Anna": "bye", "Bram": "1"}
    log = ActionLog.objects.get(action="seats.swapped")
    assert log.data["second_bye"] == ["Anna"]


def test_swaps_without_a_second_bye_need_no_yes(two_clubs, second_round):
    round_ = second_round.rounds.get(number=2)
    carla, bram, dirk = (named(second_round, n) for n in ("Carla", "Bram", "Dirk"))
    # Carla has not sat out yet: onto the bye without a question.
    evenings.seats_swap(round_=round_, actor=two_clubs.director, first=bram, second=carla)
    assert places(second_round)["Carla"] == "bye"
    # Two players at tables change places: no bye involved.
    evenings.seats_swap(round_=round_, actor=two_clubs.director, first=bram, second=dirk)
    log = ActionLog.objects.filter(action="seats.swapped")
    assert log.count() == 2 and not any("second_bye" in e.data for e in log)


def test_the_round_page_asks_before_a_second_bye(two_clubs, second_round):
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    swap = url("evenings:seats-swap", pk=second_round.pk, number=2)
    anna, bram = named(second_round, "Anna"), named(second_round, "Bram")
    before = places(second_round)
    asked = director.post(swap, {"first": anna.pk, "second": bram.pk})
    assert asked.status_code == 200
    html = asked.content.decode()
    assert "This swap gives a second bye to Anna (sat out round 1)." in html
    assert "Nothing has been swapped yet." in html
    confirm = re.search(r'<div class="message warning".*?</div>', html, re.S).group()
    assert f'name="first" value="{anna.pk}"' in confirm
    assert f'name="second" value="{bram.pk}"' in confirm
    assert 'name="second_bye_ok" value="1"' in confirm
    assert "Swap anyway" in confirm
    assert places(second_round) == before
    # A scripted post without the yes saves nothing either, however often.
    director.post(swap, {"first": anna.pk, "second": bram.pk, "second_bye_ok": ""})
    assert places(second_round) == before
    done = director.post(swap, {"first": anna.pk, "second": bram.pk, "second_bye_ok": "1"})
    assert done.status_code == 302
    assert places(second_round)["Anna"] == "bye"
    assert "Anna and Bram changed places." in director.get(done.url).content.decode()


def test_with_fixed_teams_a_team_that_sat_out_is_asked_about(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, game="keezen", table_size=4, teams="fixed", rounds_planned=3
    )
    pairs = []
    for number in range(3):
        pair = [
            EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a))
            for _ in range(2)
        ]
        services.team_create(tournament=tournament, actor=None, name=f"T{number}", entries=pair)
        pairs.append([Entry.objects.get(pk=entry.pk) for entry in pair])  # with their team
    a, b, c = pairs
    confirm_all(seat_round(tournament, [[b[0], c[0], b[1], c[1]]], byes=a))
    round_ = seat_round(tournament, [[a[0], c[0], a[1], c[1]]], byes=b)
    with pytest.raises(evenings.SecondByeError, match=re.escape(a[0].name)):
        evenings.seats_swap(round_=round_, actor=two_clubs.director, first=a[0], second=b[0])
    assert set(Bye.objects.filter(round=round_).values_list("entry_id", flat=True)) == {
        b[0].pk,
        b[1].pk,
    }


# --- statuses ----------------------------------------------------------------------------


def test_taking_back_the_only_draw_makes_the_tournament_planned_again(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    new_entries(tournament, 8, two_clubs.a)
    director = two_clubs.director
    first = evenings.round_draw(tournament=tournament, actor=director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    evenings.round_undraw(round_=first, actor=director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.PLANNED
    log = ActionLog.objects.get(action="round.undrawn")
    assert log.data["changes"] == {"status": ["running", "planned"]}
    # Drawn again it runs again; taking back a second round keeps it running.
    first = evenings.round_draw(tournament=tournament, actor=director)
    confirm_all(first)
    second = evenings.round_draw(tournament=tournament, actor=director)
    evenings.round_undraw(round_=second, actor=director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert "changes" not in ActionLog.objects.filter(action="round.undrawn").first().data


def test_the_pages_say_planned_after_the_only_draw_is_taken_back(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    new_entries(tournament, 8, two_clubs.a)
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    director.post(url("evenings:round-draw", pk=tournament.pk))
    response = director.post(url("evenings:round-undraw", pk=tournament.pk, number=1))
    page = director.get(response.url)
    assert page.context["tournament"].status == Tournament.Status.PLANNED
    assert "<strong>planned</strong>" in page.content.decode()
    listed = director.get(url("tournaments:tournament-list"), {"status": "planned"})
    assert tournament.name in listed.content.decode()


def test_a_finished_tournament_cannot_be_taken_back_either(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    new_entries(tournament, 8, two_clubs.a)
    round_ = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    confirm_all(round_)
    evenings.tournament_finish(tournament=tournament, actor=two_clubs.director)
    round_.refresh_from_db()
    with pytest.raises(ValidationError, match=r"finished|afgelopen"):
        evenings.round_undraw(round_=round_, actor=two_clubs.director)
    assert Round.objects.filter(pk=round_.pk).exists()


# --- buttons only where they work --------------------------------------------------------


def would(service, **kwargs) -> bool:
    """Whether the service carries it out (then undone: a savepoint rolled back)."""
    try:
        with transaction.atomic():
            service(actor=None, **kwargs)
            raise _UndoError
    except _UndoError:
        return True
    except ValidationError:
        return False


class _UndoError(Exception):
    pass


def buttons(client, tournament, number=None) -> set[str]:
    """The director's buttons (form actions) on the tournament's page, or a round's."""
    page = (
        url("evenings:round-detail", pk=tournament.pk, number=number)
        if number
        else tournament.get_absolute_url()
    )
    html = client.get(page).content.decode()
    return set(re.findall(r'<form method="post" action="([^"]+)"', html))


def check_buttons(client, tournament):
    """Every draw, finish and take-back button shown works, and every one not shown
    would be refused."""
    tournament.refresh_from_db()
    shown = buttons(client, tournament)
    assert (url("evenings:round-draw", pk=tournament.pk) in shown) == would(
        evenings.round_draw, tournament=tournament
    )
    finishes = tournament.status != Tournament.Status.FINISHED and would(
        evenings.tournament_finish, tournament=tournament
    )
    assert (url("evenings:tournament-finish", pk=tournament.pk) in shown) == finishes
    for round_ in tournament.rounds.all():
        on_round = buttons(client, tournament, round_.number)
        undraw = url("evenings:round-undraw", pk=tournament.pk, number=round_.number)
        assert (undraw in on_round) == would(evenings.round_undraw, round_=round_)
        if round_.number == tournament.rounds.count():
            draw = url("evenings:round-draw", pk=tournament.pk)
            assert (draw in on_round) == would(evenings.round_draw, tournament=tournament)


def test_the_directors_buttons_follow_what_the_services_allow(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, rounds_planned=2)
    entries = new_entries(tournament, 8, two_clubs.a)
    director = client_for(two_clubs.director)
    Entry.objects.filter(pk__in=[e.pk for e in entries[1:]]).update(status="registered")
    check_buttons(director, tournament)  # one present: nothing to draw
    Entry.objects.update(status="present")
    check_buttons(director, tournament)  # ready to draw
    first = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    check_buttons(director, tournament)  # drawn: take back, no next draw, no finish
    evenings.round_start(round_=first, actor=two_clubs.director)
    check_buttons(director, tournament)  # started: no take back
    confirm_all(first)
    check_buttons(director, tournament)  # confirmed: draw round 2, finish
    second = evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    check_buttons(director, tournament)  # round 1 can no longer be taken back
    confirm_all(second)
    check_buttons(director, tournament)  # every round drawn: finish only
    evenings.tournament_finish(tournament=tournament, actor=two_clubs.director)
    check_buttons(director, tournament)  # finished: open again only
    assert url("evenings:tournament-reopen", pk=tournament.pk) in buttons(director, tournament)


def test_a_round_with_results_shows_no_take_back(two_clubs):
    evening = two_clubs.evening  # round 1 drawn, a provisional result at table 1
    tournament = evening.tournament
    director = client_for(two_clubs.director)
    page = director.get(url("evenings:round-detail", pk=tournament.pk, number=1))
    assert page.context["changeable"] and not page.context["can_undraw"]
    html = page.content.decode()
    assert url("evenings:round-undraw", pk=tournament.pk, number=1) not in html
    assert url("evenings:round-start", pk=tournament.pk, number=1) in html


def test_why_the_next_round_cannot_be_drawn_is_said_instead(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a)
    new_entries(tournament, 8, two_clubs.a)
    evenings.round_draw(tournament=tournament, actor=two_clubs.director)
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    html = director.get(tournament.get_absolute_url()).content.decode()
    assert url("evenings:round-draw", pk=tournament.pk) not in html
    assert "Round 2 cannot be drawn yet: Round 1 has no confirmed result yet at table 1, 2." in html
    assert url("evenings:tournament-finish", pk=tournament.pk) not in html
    player = client_for(two_clubs.player).get(tournament.get_absolute_url())
    assert "cannot be drawn yet" not in player.content.decode()


def test_a_finished_tournaments_check_in_and_teams_have_no_buttons(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="keezen", table_size=4, teams="fixed")
    entries = new_entries(tournament, 4, two_clubs.a)
    Entry.objects.filter(pk=entries[0].pk).update(status="withdrawn")
    services.team_create(tournament=tournament, actor=None, name="Noord", entries=entries[2:])
    Tournament.objects.filter(pk=tournament.pk).update(status="finished")
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    checkin = director.get(url("tournaments:tournament-checkin", pk=tournament.pk)).content.decode()
    assert (
        "/status/" not in checkin and url("tournaments:entry-add", pk=tournament.pk) not in checkin
    )
    assert "Comes back" not in checkin and "Check in<" not in checkin
    assert "This tournament is finished" in checkin
    teams = director.get(url("tournaments:team-list", pk=tournament.pk)).content.decode()
    assert "/delete/" not in teams and "Make the team" not in teams
    assert "This tournament is finished: its teams stay as they are." in teams
    # Open again, the buttons are back.
    Tournament.objects.filter(pk=tournament.pk).update(status="running")
    EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a))
    checkin = director.get(url("tournaments:tournament-checkin", pk=tournament.pk)).content.decode()
    assert "Comes back" in checkin and url("tournaments:entry-add", pk=tournament.pk) in checkin
    assert (
        "Make the team"
        in director.get(url("tournaments:team-list", pk=tournament.pk)).content.decode()
    )


# --- the draw seed -----------------------------------------------------------------------


def test_directors_see_the_draw_seed_and_what_it_means(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, seed=4321)
    new_entries(tournament, 11, two_clubs.a)
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    director.post(url("evenings:round-draw", pk=tournament.pk))
    round_ = tournament.rounds.get()
    page = url("evenings:round-detail", pk=tournament.pk, number=1)
    html = director.get(page).content.decode()
    assert f"Draw seed of this round: {round_.seed} (the evening's: 4321)." in html
    assert "drawing again with the same players present gives the same tables" in html
    tables = [
        sorted(t.seats.values_list("entry_id", flat=True)) for t in round_.tables.order_by("number")
    ]
    # As the page says: taken back and drawn again, the same tables and the same seed.
    director.post(url("evenings:round-undraw", pk=tournament.pk, number=1))
    director.post(url("evenings:round-draw", pk=tournament.pk))
    again = tournament.rounds.get()
    assert again.seed == round_.seed
    assert [
        sorted(t.seats.values_list("entry_id", flat=True)) for t in again.tables.order_by("number")
    ] == tables
    nl = client_for(two_clubs.director).get(page).content.decode()
    assert f"Startgetal van de loting van deze ronde: {again.seed}" in nl
    player = client_for(two_clubs.player).get(page).content.decode()
    assert "draw-seed" not in player and "Draw seed" not in player


def test_the_teams_form_shows_only_while_two_players_are_free(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="keezen", table_size=4, teams="fixed")
    entries = new_entries(tournament, 3, two_clubs.a)
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    teams = url("tournaments:team-list", pk=tournament.pk)
    assert "Make the team" in director.get(teams).content.decode()
    services.team_create(tournament=tournament, actor=None, name="Noord", entries=entries[:2])
    html = director.get(teams).content.decode()
    assert "Make the team" not in html
    assert "Every player is in a team." in html
    EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a))
    assert "Make the team" in director.get(teams).content.decode()
