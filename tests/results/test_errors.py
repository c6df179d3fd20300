"""Bad input: errors at the cell they concern and in the user's language, malformed POSTs
answered with the form again or a 400 (never a 500), forged links and other clubs' tables
not found, and the table link's form protected against cross-site posts."""

import pytest
from django.conf import settings
from django.core import signing
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from scoring.links import SALT, table_token
from scoring.models import ResultEntry

from ..conftest import client_for
from ..factories import ClubFactory
from .helpers import CASES, as_post, game_table, page_html, summary

AHEAD = summary(False, {"total": 455}, {"total": 310}, {"total": 205}, {"total": -40})
WHOLE_NUMBER = "Enter a whole number."  # the form's own check
REQUIRED = "This field is required."  # the game's check (games/results.py)


def spoken(message: str, language: str) -> str:
    """`message` in `language`, as the catalogues have it; never the English for Dutch or
    German, so a page in the wrong language fails."""
    with translation.override(language):
        text = gettext(message)
    assert (text == message) == (language == "en")
    return text


def speaking(user, language: str | None) -> Client:
    client = client_for(user) if user is not None else Client()
    if language is not None:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.mark.parametrize("language", [None, "de", "en"])
def test_a_number_that_is_no_number_is_refused_at_its_cell_in_the_users_language(
    two_clubs, language
):
    table = game_table(two_clubs.a)
    data = as_post(AHEAD, table.version)
    data["t_s2_total"] = "twee"
    response = speaking(two_clubs.director, language).post(table.page, data)
    assert response.status_code == 200
    assert "t_s2_total" in response.context["form"].errors
    # Django's messages are lazy: read them as the page showed them, in its language.
    assert f"<li>{spoken(WHOLE_NUMBER, language or 'nl')}</li>" in page_html(response)
    assert not ResultEntry.objects.exists()


@pytest.mark.parametrize("language", [None, "de", "en"])
def test_the_games_own_check_is_shown_at_its_cell_and_on_top_in_the_users_language(
    two_clubs, language
):
    # Through the table's link: one total left empty; the game's check names the cell.
    table = game_table(two_clubs.a)
    data = as_post(AHEAD, table.version, player=str(table.entries[0].pk))
    del data["t_s3_total"]
    response = speaking(None, language).post(table.link, data)
    assert response.status_code == 200
    form = response.context["form"]
    message = spoken(REQUIRED, language or "nl")
    assert form.errors["t_s3_total"] == [message]
    assert message in form.non_field_errors()
    assert f'<html lang="{language or "nl"}">' in page_html(response)


def test_a_rule_of_the_game_is_refused_at_the_cell_with_its_message(two_clubs):
    table = game_table(two_clubs.a)
    data = as_post(AHEAD, table.version)
    data["t_s1_total"] = "312"  # Duizenden scores are multiples of 5
    response = client_for(two_clubs.director).post(table.page, data)
    errors = response.context["form"].errors["t_s1_total"]
    assert len(errors) == 1
    assert "5" in errors[0]
    assert errors[0] in page_html(response)


def test_a_side_that_is_not_at_the_table_is_refused(two_clubs):
    case = CASES[2]  # MeieRijen, detailed, with the side that emptied its pile first
    table = game_table(two_clubs.a, case)
    data = as_post(case.entry, table.version)
    data["r1_first"] = "7"
    response = client_for(two_clubs.director).post(table.page, data)
    assert response.status_code == 200
    assert "r1_first" in response.context["form"].errors
    assert not ResultEntry.objects.exists()


def _malformed(table, **extra: str) -> list[tuple[str, dict]]:
    """Broken POSTs, each with `extra` (the player, on the table's link) but the first."""
    good = as_post(AHEAD, table.version)
    cases = [
        ("only an action", {"action": "enter"}),
        ("no version", {k: v for k, v in good.items() if k != "version"}),
        ("a version in letters", {**good, "version": "twee"}),
        ("letters in a number", {**good, "t_s0_total": "abc"}),
        ("a number too long to read", {**good, "t_s0_total": "9" * 5000}),
        ("a huge number", {**good, "t_s0_total": "9" * 30}),
        ("a decimal", {**good, "t_s0_total": "4.5"}),
        ("an unknown action", {**good, "action": "delete"}),
        ("a confirm without a result", {"action": "confirm", "version": table.version}),
        ("a confirm of letters", {"action": "confirm", "result": "x", "version": "1"}),
        ("a confirm of a result elsewhere", {"action": "confirm", "result": 999999, "version": 1}),
        ("a set-aside without a version", {"action": "reject", "result": 1}),
        ("a note too long", {**good, "note": "x" * 5000}),
    ]
    return [("nothing at all", {}), *((name, {**data, **extra}) for name, data in cases)]


def test_malformed_posts_never_fail_on_the_directors_page(two_clubs):
    table = game_table(two_clubs.a)
    director = client_for(two_clubs.director)
    for name, data in _malformed(table):
        response = director.post(table.page, data)
        assert response.status_code in (200, 400), name
    assert not ResultEntry.objects.exists()


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_malformed_rows_never_fail_for_any_game(two_clubs, case):
    table = game_table(two_clubs.a, case)
    good = as_post(case.entry, table.version, player=str(table.entries[0].pk))
    garbage = {key: "x" * 40 for key in good if key not in ("version", "player", "action")}
    for data in (
        {**good, "rows": "-3"},
        {**good, "rows": "x"},
        {**good, "rows": "100000", "r70_s0_points": "5"},
        {**good, **garbage},
        {**good, **dict.fromkeys(garbage, "-" + "9" * 40)},
        {**good, "unfinished": "maybe"},
    ):
        for client, url in ((client_for(two_clubs.director), table.page), (Client(), table.link)):
            response = client.post(url, data)
            assert response.status_code in (200, 302, 400), (url, data)


def test_malformed_posts_never_fail_on_the_table_link(two_clubs):
    table = game_table(two_clubs.a)
    other = game_table(two_clubs.a)
    good = as_post(AHEAD, table.version, player=str(table.entries[0].pk))
    for name, data in [
        *_malformed(table, player=str(table.entries[1].pk)),
        ("no player", {k: v for k, v in good.items() if k != "player"}),
        ("a player in letters", {**good, "player": "ik"}),
        ("a player of another table", {**good, "player": str(other.entries[0].pk)}),
    ]:
        response = Client().post(table.link, data)
        assert response.status_code in (200, 400), name
    assert not ResultEntry.objects.exists()


def test_fields_the_form_does_not_have_are_ignored(two_clubs):
    table = game_table(two_clubs.a)
    data = {**as_post(AHEAD, table.version), "t_s9_total": "5", "t_bogus": "5", "r3_s0_total": "5"}
    response = client_for(two_clubs.director).post(table.page, data)
    assert response.status_code == 302
    assert ResultEntry.objects.get().data == AHEAD


def test_a_player_not_at_the_table_is_asked_again_who_they_are(two_clubs):
    table = game_table(two_clubs.a)
    stranger = game_table(two_clubs.a).entries[0]
    response = Client().post(table.link, as_post(AHEAD, table.version, player=str(stranger.pk)))
    assert response.status_code == 200
    assert "player" in response.context["chooser"].errors
    assert 'value="enter"' not in page_html(response)
    page = Client().get(f"{table.link}?player={stranger.pk}")
    assert page.context["player"] is None


#: Signed when the test runs, not when it is collected: the signature depends on the
#: secret key, which each test process has its own of (pytest-xdist compares the ids).
TOKENS = {
    "garbage": lambda: "garbage",
    "forged-signature": lambda: "1:forged-signature",
    "no-such-table": lambda: signing.Signer(salt=SALT).sign("999999"),
    "not-a-number": lambda: signing.Signer(salt=SALT).sign("abc"),
    "another-salt": lambda: signing.Signer(salt="troef.members-import").sign("1"),
}


@pytest.mark.parametrize("kind", TOKENS)
def test_a_forged_or_stale_token_is_not_found(two_clubs, kind):
    token = TOKENS[kind]()
    game_table(two_clubs.a)  # table 1 exists
    url = reverse("scoring:table-link", kwargs={"token": token})
    assert Client().get(url).status_code == 404
    assert Client().post(url, {"action": "enter"}).status_code == 404


def test_a_tampered_token_is_not_found(two_clubs):
    table = game_table(two_clubs.a)
    token = table_token(table.table.pk)
    forged = token[:-1] + ("A" if token[-1] != "A" else "B")
    assert Client().get(reverse("scoring:table-link", kwargs={"token": forged})).status_code == 404
    assert Client().get(table.link).status_code == 200


def test_another_clubs_table_and_round_are_not_found(two_clubs):
    theirs = game_table(two_clubs.b)
    director = client_for(two_clubs.director)
    ours = reverse("scoring:table-result", kwargs={"club_slug": "rooi", "pk": theirs.table.pk})
    assert director.get(ours).status_code == 404
    assert director.post(ours, as_post(AHEAD, theirs.version)).status_code == 404
    round_url = reverse(
        "scoring:round-results",
        kwargs={"club_slug": "rooi", "pk": theirs.tournament.pk, "number": 1},
    )
    assert director.get(round_url).status_code == 404
    # A club the director has no role in.
    elsewhere = ClubFactory()
    table = game_table(elsewhere)
    url = reverse(
        "scoring:table-result", kwargs={"club_slug": elsewhere.slug, "pk": table.table.pk}
    )
    assert director.get(url).status_code == 404
    assert not ResultEntry.objects.exists()


def test_a_results_decision_about_another_clubs_entry_is_refused(two_clubs):
    theirs = game_table(two_clubs.b)
    Client().post(theirs.link, as_post(AHEAD, theirs.version, player=str(theirs.entries[0].pk)))
    result = ResultEntry.objects.get()
    ours = game_table(two_clubs.a)
    response = client_for(two_clubs.director).post(
        ours.page, {"action": "confirm", "result": result.pk, "version": theirs.version}
    )
    assert response.status_code == 400
    result.refresh_from_db()
    assert result.status == ResultEntry.Status.PROVISIONAL


def test_the_table_link_form_is_protected_against_cross_site_posts(two_clubs):
    table = game_table(two_clubs.a)
    data = as_post(AHEAD, table.version, player=str(table.entries[0].pk))
    browser = Client(enforce_csrf_checks=True)
    assert browser.post(table.link, data).status_code == 403
    assert not ResultEntry.objects.exists()
    page = browser.get(f"{table.link}?player={table.entries[0].pk}")
    token = page.context["csrf_token"]
    assert browser.post(table.link, {**data, "csrfmiddlewaretoken": token}).status_code == 302
    assert ResultEntry.objects.count() == 1
