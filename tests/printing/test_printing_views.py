"""The PDF downloads of printing/views/sheets.py read back: who gets which sheet, the
QR links made with the address the page was opened at, 404 for another club's or an
unknown round, and the blank sheets' form with its errors in nl/de/en."""

from __future__ import annotations

import pytest
from django.urls import resolve, reverse
from django.utils import timezone

from clubs.models import Club
from scoring.links import table_from_token

from ..conftest import client_for
from ..sheets.pdf import metadata, pdf_text, qr_codes

CLUB = {"club_slug": "rooi"}


def _pdf(response) -> list[str]:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith('inline; filename="')
    assert response["Content-Disposition"].endswith('.pdf"')
    return pdf_text(response.content)


def _flat(text: str) -> str:
    """Text without its whitespace: a long name may be wrapped over two lines."""
    return "".join(text.split())


def _has(name: str, text: str) -> bool:
    return _flat(name) in _flat(text)


def _round_kwargs(evening) -> dict:
    return {**CLUB, "pk": evening.tournament.pk, "number": evening.round.number}


def test_draw_list_and_table_cards_for_the_director(two_clubs):
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    response = client.get(reverse("printing:print-draw-list", kwargs=_round_kwargs(evening)))
    text = "\n".join(_pdf(response))
    for entry in evening.entries:
        assert _has(entry.name, text)
    assert 'filename="rooi-vrijdagavond-ronde-1.pdf"' in response["Content-Disposition"]
    assert not any(qr_codes(response.content))
    cards = "\n".join(
        _pdf(client.get(reverse("printing:print-table-cards", kwargs=_round_kwargs(evening))))
    )
    for entry in evening.entries:
        assert _has(entry.name, cards)


def test_the_pdf_names_the_club_the_document_and_today(two_clubs):
    evening = two_clubs.evening
    before = timezone.now().strftime("D:%Y%m%d")
    response = client_for(two_clubs.director).get(
        reverse("printing:print-draw-list", kwargs=_round_kwargs(evening))
    )
    after = timezone.now().strftime("D:%Y%m%d")  # the same day, unless it was midnight
    info = metadata(response.content)
    assert info["Author"] == "Spellenclub Rooi"
    assert evening.tournament.name in info["Title"]
    assert info["CreationDate"][:10] in {before, after}


def test_a_tables_sheet_links_to_that_table_at_the_pages_address(two_clubs, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "kaart.example.nl"]
    evening = two_clubs.evening
    client = client_for(two_clubs.director)
    response = client.get(
        reverse("printing:print-table-sheet", kwargs={**CLUB, "pk": evening.other_table.pk}),
        HTTP_HOST="kaart.example.nl",
    )
    (page, *_more) = _pdf(response)
    for seat in evening.other_table.seats.select_related("entry__member"):
        assert _has(seat.entry.name, page)
    ((code,), *_rest) = qr_codes(response.content)
    assert code.startswith("http://kaart.example.nl/t/")
    match = resolve(code.removeprefix("http://kaart.example.nl"))
    assert table_from_token(match.kwargs["token"]) == evening.other_table.pk


def test_players_get_no_sheets_with_table_links(two_clubs):
    evening = two_clubs.evening
    client = client_for(two_clubs.player)
    assert (
        client.get(reverse("printing:print-draw-list", kwargs=_round_kwargs(evening))).status_code
        == 403
    )
    url = reverse("printing:print-table-sheet", kwargs={**CLUB, "pk": evening.table.pk})
    assert client.get(url).status_code == 403


@pytest.mark.parametrize("name", ["printing:print-draw-list", "printing:print-table-cards"])
def test_unknown_round_and_another_clubs_tournament(two_clubs, name):
    evening = two_clubs.evening
    director = client_for(two_clubs.director)
    unknown = {**_round_kwargs(evening), "number": 9}
    assert director.get(reverse(name, kwargs=unknown)).status_code == 404
    huge = {**_round_kwargs(evening), "number": 10**12}
    assert director.get(reverse(name, kwargs=huge)).status_code == 404
    # Club B's director asks for club A's tournament under club B's address.
    other = client_for(two_clubs.other_director)
    theirs = {**_round_kwargs(evening), "club_slug": "veghel"}
    assert other.get(reverse(name, kwargs=theirs)).status_code == 404
    # ... or under club A's, where they have no role.
    assert other.get(reverse(name, kwargs=_round_kwargs(evening))).status_code == 404


def test_another_clubs_table(two_clubs):
    evening = two_clubs.evening
    other = client_for(two_clubs.other_director)
    url = reverse(
        "printing:print-table-sheet", kwargs={"club_slug": "veghel", "pk": evening.table.pk}
    )
    assert other.get(url).status_code == 404
    director = client_for(two_clubs.director)
    url = reverse("printing:print-table-sheet", kwargs={**CLUB, "pk": 999_999})
    assert director.get(url).status_code == 404


def test_standings_pdfs_for_members(two_clubs):
    evening = two_clubs.evening
    client = client_for(two_clubs.player)
    url = reverse(
        "printing:print-tournament-standings", kwargs={**CLUB, "pk": evening.tournament.pk}
    )
    text = "\n".join(_pdf(client.get(url)))
    assert "Stand" in text  # the club's language, Dutch
    for entry in evening.entries:
        assert _has(entry.name, text)
    url = reverse("printing:print-season-standings", kwargs={**CLUB, "pk": evening.season.pk})
    text = "\n".join(_pdf(client.get(url)))
    assert "Seizoensstand" in text
    assert "Winter 2026" in text


def test_public_standings_pdfs_only_when_the_club_allows(two_clubs):
    evening = two_clubs.evening
    anonymous = client_for(None)
    tournament = reverse(
        "printing:public-print-tournament-standings", kwargs={**CLUB, "pk": evening.tournament.pk}
    )
    season = reverse(
        "printing:public-print-season-standings", kwargs={**CLUB, "pk": evening.season.pk}
    )
    assert anonymous.get(tournament).status_code == 404
    assert anonymous.get(season).status_code == 404
    Club.objects.filter(pk=two_clubs.a.pk).update(standings_public=True)
    assert _has(evening.entries[1].name, "\n".join(_pdf(anonymous.get(tournament))))
    assert "Winter 2026" in "\n".join(_pdf(anonymous.get(season)))
    # The public standings page links to the public PDF, not into the members' pages.
    page = anonymous.get(
        reverse("scoring:public-tournament-standings", kwargs={**CLUB, "pk": evening.tournament.pk})
    ).content.decode()
    assert tournament in page


def test_the_pdf_is_in_the_clubs_language_not_the_pages(two_clubs):
    Club.objects.filter(pk=two_clubs.a.pk).update(language="de")
    evening = two_clubs.evening
    client = client_for(two_clubs.player)
    client.cookies["troef_language"] = "en"
    url = reverse(
        "printing:print-tournament-standings", kwargs={**CLUB, "pk": evening.tournament.pk}
    )
    text = "\n".join(_pdf(client.get(url)))
    assert "Tabelle" in text
    assert "Platz" in text


def test_personal_card_for_the_player_and_the_director(two_clubs):
    evening = two_clubs.evening
    me = evening.entries[0]  # club A's player
    mine = {**CLUB, "pk": evening.tournament.pk, "member": me.member_id}
    text = "\n".join(
        _pdf(client_for(two_clubs.player).get(reverse("printing:print-personal-card", kwargs=mine)))
    )
    assert _has(me.name, text)
    for other in evening.entries[1:4]:  # the tablemates of round 1
        assert _has(other.name, text)
    assert _has(
        me.name,
        "\n".join(
            _pdf(
                client_for(two_clubs.director).get(
                    reverse("printing:print-personal-card", kwargs=mine)
                )
            )
        ),
    )
    someone_else = {**mine, "member": evening.entries[5].member_id}
    url = reverse("printing:print-personal-card", kwargs=someone_else)
    assert client_for(two_clubs.player).get(url).status_code == 403
    not_entered = {**mine, "member": two_clubs.member_a.pk}
    url = reverse("printing:print-personal-card", kwargs=not_entered)
    assert client_for(two_clubs.director).get(url).status_code == 404


def test_the_player_page_links_to_the_personal_card(two_clubs):
    evening = two_clubs.evening
    me = evening.entries[0]
    card = reverse(
        "printing:print-personal-card",
        kwargs={**CLUB, "pk": evening.tournament.pk, "member": me.member_id},
    )
    page = reverse("scoring:player-detail", kwargs={**CLUB, "pk": me.member_id})
    assert card in client_for(two_clubs.player).get(page).content.decode()
    other = reverse("scoring:player-detail", kwargs={**CLUB, "pk": evening.entries[5].member_id})
    assert "/card/" not in client_for(two_clubs.player).get(other).content.decode()
    assert "/card/" in client_for(two_clubs.director).get(other).content.decode()


def test_round_page_has_the_print_links_for_directors_only(two_clubs):
    evening = two_clubs.evening
    url = reverse("evenings:round-detail", kwargs=_round_kwargs(evening))
    page = client_for(two_clubs.director).get(url).content.decode()
    assert reverse("printing:print-draw-list", kwargs=_round_kwargs(evening)) in page
    assert reverse("printing:print-table-cards", kwargs=_round_kwargs(evening)) in page
    for table in (evening.table, evening.other_table):
        assert reverse("printing:print-table-sheet", kwargs={**CLUB, "pk": table.pk}) in page
    page = client_for(two_clubs.player).get(url).content.decode()
    assert "/print/draw-list/" not in page
    assert "/print/table-cards/" not in page
    assert f"/tables/{evening.table.pk}/print/" not in page


# --- blank score sheets ------------------------------------------------------------------------


def _blank() -> str:
    return reverse("printing:print-blank-sheets", kwargs=CLUB)


def test_the_blank_sheet_form_and_its_pdf(two_clubs):
    client = client_for(two_clubs.player)
    page = client.get(_blank())
    assert page.status_code == 200
    assert 'name="players"' in page.content.decode()
    query = {"game": "miezemauzen", "players": "3", "miezemauzen__start_points": "15"}
    one = _pdf(client.get(_blank(), {**query, "copies": "1"}))
    response = client.get(_blank(), {**query, "copies": "2"})
    pages = _pdf(response)
    assert pages == one * 2  # two copies of the same sheet
    assert "Spellenclub Rooi" in pages[0]
    assert not any(qr_codes(response.content))


def test_the_club_menu_links_to_blank_sheets(two_clubs):
    page = (
        client_for(two_clubs.player).get(reverse("clubs:club-home", kwargs=CLUB)).content.decode()
    )
    assert _blank() in page


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("nl", "Duizenden (Zwarte wijven) wordt gespeeld aan tafels van 3-5 spelers."),
        ("de", "Duizenden (Zwarte wijven) wird an Tischen mit 3-5 Spielern gespielt."),
        ("en", "Duizenden (Zwarte wijven) is played at tables of 3-5 players."),
    ],
)
def test_blank_sheet_form_errors_in_the_pages_language(two_clubs, language, message):
    client = client_for(two_clubs.player)
    client.cookies["troef_language"] = language
    response = client.get(_blank(), {"game": "duizenden", "players": "2", "copies": "1"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert message in response.content.decode()


@pytest.mark.parametrize(
    "query",
    [
        {"game": "poker", "players": "4", "copies": "1"},
        {"game": "meino", "players": "x", "copies": "1"},
        {"game": "meino", "players": "4", "copies": "500"},
        {"game": "meino", "players": "99999999999999999999", "copies": "1"},
        {"game": "miezemauzen", "players": "3", "copies": "1", "miezemauzen__start_points": "-5"},
        {"game": "keezen", "players": "5", "copies": "1"},
        {"game": "", "players": "", "copies": ""},
    ],
)
def test_bad_blank_sheet_input_shows_the_form_again(two_clubs, query):
    response = client_for(two_clubs.player).get(_blank(), query)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert 'class="errorlist' in response.content.decode()
