"""Creating and editing tournaments: every game's set-up, its options, and the errors of a
set-up the game does not allow, in the user's language."""

import datetime

import pytest

from clubs.models import ActionLog
from tournaments.models import Tournament

from ..conftest import client_for
from ..factories import EntryFactory, SeasonFactory, TournamentFactory, seat_round
from .helpers import field_errors, tournament_data, url

ADD = url("tournaments:tournament-add")


def post_tournament_form(client, game="duizenden", **fields):
    return client.post(ADD, tournament_data(game, **fields))


@pytest.mark.parametrize(
    ("game", "fields", "options"),
    [
        (
            "meierijen",
            {"table_size": 2, "scheme": "wdl", "meierijen__variant1": "on"},
            {"variant1": True, "draw_rule": "fill5", "third_round": False, "players": 2},
        ),
        (
            "meierijen",
            {"table_size": 4, "teams": "drawn", "meierijen__draw_rule": "two"},
            {"variant1": False, "draw_rule": "two", "third_round": False, "players": 2},
        ),
        (
            "duizenden",
            {"table_size": 5, "duizenden__opening_face_cards": None},
            {"opening_face_cards": False},
        ),
        (
            "miezemauzen",
            {
                "table_size": 3,
                "entering": "detailed",
                "miezemauzen__start_points": 30,
                "miezemauzen__kat_scoring": "others",
            },
            {
                "start_points": 30,
                "players": None,
                "kat_scoring": "others",
                "per_trick": False,
                "exact_zero": False,
                "spades_double": False,
                "stake_cents": 20,
            },
        ),
        (
            "meino",
            {"table_size": 6, "meino__joker_rule": "swap", "meino__compact": "on"},
            {"joker_rule": "swap", "compact": True},
        ),
        (
            "keezen",
            {"table_size": 6, "teams": "fixed", "scheme": "game", "keezen__points_per_pawn": 3},
            {"points_per_pawn": 3, "win_bonus": 10, "round_minutes": 0},
        ),
    ],
)
def test_a_director_creates_a_tournament_of_each_game(two_clubs, game, fields, options):
    response = post_tournament_form(client_for(two_clubs.director), game, **fields)
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response.url == tournament.get_absolute_url()
    assert (tournament.club, tournament.game, tournament.options) == (two_clubs.a, game, options)
    assert tournament.table_size == int(fields["table_size"])
    assert tournament.date == datetime.date(2026, 12, 4)
    assert ActionLog.objects.get(action="tournament.created").data["game"] == game


def test_what_is_typed_in_another_games_options_is_ignored(two_clubs):
    response = post_tournament_form(
        client_for(two_clubs.director),
        "duizenden",
        keezen__points_per_pawn="-5",
        meino__joker_rule="x" * 300,
    )
    assert response.status_code == 302
    assert Tournament.objects.get().options == {"opening_face_cards": True}


@pytest.mark.parametrize(
    ("game", "fields", "errors"),
    [
        (
            "duizenden",
            {"table_size": 6},
            {"table_size": ["Duizenden (Zwarte wijven) is played at tables of 3-5 players."]},
        ),
        (
            "duizenden",
            {"teams": "fixed"},
            {
                "table_size": [
                    "Duizenden (Zwarte wijven) is not played in teams; tables of 3-5 players."
                ]
            },
        ),
        (
            "keezen",
            {"teams": "none", "scheme": "game"},
            {"table_size": ["Keezen is played in teams; tables of 4 or 6 players."]},
        ),
        (
            "keezen",
            {"teams": "drawn", "entering": "detailed"},
            {"entering": ["Keezen results are entered as final scores only."]},
        ),
        (
            "duizenden",
            {"scheme": "wdl"},
            {
                "scheme": [
                    "Win, draw, loss needs two players or two teams at a table; this table "
                    "has 4 sides."
                ]
            },
        ),
        (
            "meino",
            {"scheme": "game"},
            {"scheme": ["MEINO has no game score to use as match points."]},
        ),
        (
            "meierijen",
            {"table_size": 4, "teams": "drawn", "swiss": "on"},
            {"swiss": ["A Swiss draw pairs two players, or two fixed teams, at each table."]},
        ),
        (
            "miezemauzen",
            {"miezemauzen__start_points": 0},
            {"miezemauzen__start_points": ["Ensure this value is greater than or equal to 1."]},
        ),
        (
            "miezemauzen",
            {"miezemauzen__kat_scoring": "nobody"},
            {
                "miezemauzen__kat_scoring": [
                    "Select a valid choice. nobody is not one of the available choices."
                ]
            },
        ),
        (
            "duizenden",
            {"table_size": 9, "rounds_planned": 31},
            {
                "table_size": ["Ensure this value is less than or equal to 6."],
                "rounds_planned": ["Ensure this value is less than or equal to 30."],
            },
        ),
        (
            "domino",
            {},
            {"game": ["Select a valid choice. domino is not one of the available choices."]},
        ),
    ],
)
def test_a_set_up_the_game_does_not_allow_is_explained_at_its_field(
    two_clubs, game, fields, errors
):
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    response = post_tournament_form(director, game, **fields)
    assert response.status_code == 200
    assert field_errors(response) == errors
    for messages in errors.values():
        assert messages[0] in response.content.decode().replace("&#x27;", "'")
    assert not Tournament.objects.exists()
    assert not ActionLog.objects.exists()


def test_the_season_must_be_this_clubs_and_of_the_same_game(two_clubs):
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    meino = SeasonFactory(club=two_clubs.a, game="meino")
    elsewhere = SeasonFactory(club=two_clubs.b, game="duizenden")
    response = post_tournament_form(director, season=meino.pk)
    assert field_errors(response) == {
        "season": ["The season must be one of this club's, for the same game."]
    }
    response = post_tournament_form(director, season=elsewhere.pk)
    assert list(field_errors(response)) == ["season"]
    assert elsewhere.name not in response.content.decode()
    assert not Tournament.objects.exists()
    own = SeasonFactory(club=two_clubs.a, game="duizenden")
    assert post_tournament_form(director, season=own.pk).status_code == 302
    assert Tournament.objects.get().season == own


@pytest.mark.parametrize(
    ("language", "required", "sizes"),
    [
        (
            None,
            "Dit veld is verplicht.",
            "Duizenden (Zwarte wijven) wordt gespeeld aan tafels van 3-5 spelers.",
        ),
        (
            "nl",
            "Dit veld is verplicht.",
            "Duizenden (Zwarte wijven) wordt gespeeld aan tafels van 3-5 spelers.",
        ),
        (
            "de",
            "Dieses Feld ist erforderlich.",
            "Duizenden (Zwarte wijven) wird an Tischen mit 3-5 Spielern gespielt.",
        ),
        (
            "en",
            "This field is required.",
            "Duizenden (Zwarte wijven) is played at tables of 3-5 players.",
        ),
    ],
)
def test_errors_are_in_dutch_unless_the_user_chose_another_language(
    two_clubs, language, required, sizes
):
    director = client_for(two_clubs.director)
    if language:
        director.cookies["troef_language"] = language
    # The browser's language does not count: Dutch unless chosen (clubs.middleware).
    response = director.post(
        ADD, tournament_data("duizenden", name="", table_size=6), HTTP_ACCEPT_LANGUAGE="de"
    )
    assert field_errors(response) == {"name": [required], "table_size": [sizes]}
    assert sizes in response.content.decode()


def test_the_form_shows_every_games_options_in_its_own_fieldset_and_the_table_sizes(
    two_clubs,
):
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    html = director.get(ADD).content.decode()
    for game in ("meierijen", "duizenden", "miezemauzen", "meino", "keezen"):
        assert f'data-game="{game}"' in html
    assert 'name="miezemauzen__start_points"' in html
    assert 'name="keezen__win_bonus"' in html
    # The players at a table are the tournament's table size, not an option.
    assert 'name="meierijen__players"' not in html
    assert "MeieRijen: 2, or 4 in teams; Duizenden (Zwarte wijven): 3-5;" in html
    assert "MZ-2: the points every player starts with" in html
    # A choice reads as words; its code is only the value sent.
    assert '<option value="two">Two cards each turn</option>' in html
    assert '<option value="others">The holder 5 off, the others 5 on</option>' in html


def test_the_game_options_are_explained_in_dutch_by_default(two_clubs):
    html = client_for(two_clubs.director).get(ADD).content.decode()
    assert "Startpunten" in html  # start_points' label
    assert "MZ-2: de punten waarmee elke speler begint" in html
    assert "Bonus voor het winnende team" in html
    assert "MZ-2: the points every player starts with" not in html


def test_editing_keeps_the_options_and_logs_the_change(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, game="miezemauzen", table_size=4, options={"start_points": 40}
    )
    director = client_for(two_clubs.director)
    page = director.get(url("tournaments:tournament-edit", pk=tournament.pk))
    assert page.context["form"]["miezemauzen__start_points"].value() == 40
    data = tournament_data(
        "miezemauzen", name="Kerstavond", miezemauzen__start_points=40, date="2026-12-18"
    )
    response = director.post(url("tournaments:tournament-edit", pk=tournament.pk), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.options["start_points"]) == ("Kerstavond", 40)
    log = ActionLog.objects.get(action="tournament.changed")
    assert set(log.data["changes"]) == {"name", "date", "options", "rounds_planned"}


def test_once_a_round_is_drawn_the_game_set_up_is_fixed_but_the_name_is_not(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, name="Oud", options={})
    entries = [EntryFactory(tournament=tournament) for _ in range(4)]
    seat_round(tournament, [entries])
    director = client_for(two_clubs.director)
    page = director.get(url("tournaments:tournament-edit", pk=tournament.pk))
    form = page.context["form"]
    assert form.fields["game"].disabled and form.fields["duizenden__opening_face_cards"].disabled
    assert not form.fields["name"].disabled
    data = tournament_data("meino", name="Nieuw", table_size=5, rounds_planned=3)
    response = director.post(url("tournaments:tournament-edit", pk=tournament.pk), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.game, tournament.table_size) == ("Nieuw", "duizenden", 4)


def test_another_clubs_tournament_is_not_found(two_clubs):
    theirs = TournamentFactory(club=two_clubs.b)
    director = client_for(two_clubs.director)
    for name in (
        "evenings:tournament-detail",
        "tournaments:tournament-edit",
        "tournaments:tournament-checkin",
    ):
        assert director.get(url(name, pk=theirs.pk)).status_code == 404
    response = director.post(
        url("tournaments:tournament-edit", pk=theirs.pk), tournament_data(name="X")
    )
    assert response.status_code == 404
    theirs.refresh_from_db()
    assert theirs.name != "X"


def test_a_player_may_not_create_or_edit(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, name="Oud")
    player = client_for(two_clubs.player)
    assert player.post(ADD, tournament_data()).status_code == 403
    edit = url("tournaments:tournament-edit", pk=tournament.pk)
    assert player.post(edit, tournament_data(name="X")).status_code == 403
    assert Tournament.objects.get().name == "Oud"
