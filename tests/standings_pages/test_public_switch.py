"""The public standings follow the club's own setting, switched on the settings page by
its admin: off, nobody outside sees them and the venue screen needs a director's login;
on, anyone sees them, read only."""

from __future__ import annotations

import pytest
from django.test import Client

from ..conftest import client_for
from ..factories import MemberFactory
from ..night_through_pages import Night, club_url, duizenden_unfinished, pin_draw_seed


@pytest.fixture(autouse=True)
def _pinned_draw_seed(monkeypatch):
    """The same draw on every run (tests/night_through_pages.py)."""
    pin_draw_seed(monkeypatch)


def settings_form(public: bool) -> dict[str, str]:
    data = {"name": "Spellenclub Rooi", "town": "Sint-Oedenrode", "language": "nl"}
    return {**data, "standings_public": "on"} if public else data


def test_the_admin_switches_the_public_standings(two_clubs):
    club = two_clubs.a
    night = Night.create(club, two_clubs.director, "duizenden", rounds_planned=1)
    for n in range(4):
        night.register(MemberFactory(club=club, name=f"Speler {n}"))
    night.play(night.draw(), duizenden_unfinished)
    admin, anon = client_for(two_clubs.admin), Client()
    public = [f"/p/{club.slug}/", f"/p/{club.slug}/tournaments/{night.tournament.pk}/"]
    venue = club_url(club, "scoring:tournament-venue", pk=night.tournament.pk)

    assert admin.post(club_url(club, "clubs:club-settings"), settings_form(True)).status_code == 302
    for path in public:
        page = anon.get(path)
        assert page.status_code == 200, path
        assert 'method="post"' not in page.content.decode().split("<main", 1)[1], path
    assert "Speler 0" in anon.get(public[1]).content.decode()
    assert anon.get(venue).status_code == 200

    assert (
        admin.post(club_url(club, "clubs:club-settings"), settings_form(False)).status_code == 302
    )
    for path in public:
        assert anon.get(path).status_code == 404, path
    assert anon.get(venue).url.startswith("/accounts/login/")
    assert client_for(two_clubs.player).get(venue).status_code == 403
    assert night.director.get(venue).status_code == 200
