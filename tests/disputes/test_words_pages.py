"""Every form and checker page in Dutch and German speaks only that language (issue 37):
no option key or code, no English word of the engines, no keyword of the other language.
The pages are read as the server renders them (every game's options fieldset at once);
tests/e2e/test_words.py reads them as a browser shows them.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from clubs.models import Member
from disputes import checker as checkers
from games import registry

from ..factories import SeasonFactory, TournamentFactory
from .helpers import check_url, director_client
from .words import report, visible_text, wrong_words

LANGUAGES = ("nl", "de")


def _read(client, url: str, language: str, data: dict | None = None) -> dict[str, list[str]]:
    response = client.post(url, data) if data is not None else client.get(url)
    assert response.status_code in (200, 400), (url, response.status_code)
    names = Member.objects.values_list("name", flat=True)
    return wrong_words(visible_text(response.content.decode()), language, names)


def checker_pages(language: str):
    """(name, url, posted data or None) of every game's checker page: empty, with the
    example filled in, and the example judged."""
    yield "index", reverse("disputes:dispute-index", kwargs={"club_slug": "rooi"}), None
    for game, _title, checks in checkers.games():
        for check, spec in checks.items():
            url = check_url(game, check)
            yield f"{game}/{check}", url, None
            if spec.example:
                yield f"{game}/{check} example", url + "?example=1", None
                with translation.override(language):
                    example = dict(spec.example)
                yield f"{game}/{check} judged", url, {k: str(v) for k, v in example.items()}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_checker_page_speaks_the_page_language(two_clubs, language):
    client = director_client(two_clubs, language)
    found = [
        (name, _read(client, url, language, data)) for name, url, data in checker_pages(language)
    ]
    assert not report(found), report(found)


def form_pages(two_clubs) -> list[tuple[str, str]]:
    """(name, url) of the director's and admin's forms: a tournament of every game (new
    and edited, with each game's options), a season, the blank sheets, the club's forms."""
    club = "rooi"
    pages = [
        ("new tournament", reverse("tournaments:tournament-add", kwargs={"club_slug": club})),
        ("new season", reverse("tournaments:season-add", kwargs={"club_slug": club})),
        ("blank sheets", reverse("printing:print-blank-sheets", kwargs={"club_slug": club})),
        ("add member", reverse("clubs:member-add", kwargs={"club_slug": club})),
        ("import members", reverse("clubs:member-import", kwargs={"club_slug": club})),
        ("grant a role", reverse("clubs:role-grant", kwargs={"club_slug": club})),
        ("club settings", reverse("clubs:club-settings", kwargs={"club_slug": club})),
    ]
    for spec in registry.games():
        options = {o.name: o.default for o in spec.options if o.default is not None}
        if spec.name == "meino":
            options["joker_rule"] = "tausch der Hände"  # an older stored free text
        tournament = TournamentFactory(club=two_clubs.a, game=spec.name, options=options)
        season = SeasonFactory(club=two_clubs.a, game=spec.name)
        kwargs = {"club_slug": club, "pk": tournament.pk}
        pages += [
            (f"edit {spec.name} tournament", reverse("tournaments:tournament-edit", kwargs=kwargs)),
            (f"{spec.name} tournament", reverse("evenings:tournament-detail", kwargs=kwargs)),
            (
                f"edit {spec.name} season",
                reverse("tournaments:season-edit", kwargs={"club_slug": club, "pk": season.pk}),
            ),
        ]
    return pages


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_form_speaks_the_page_language(two_clubs, language):
    client = director_client(two_clubs, language)
    client.force_login(two_clubs.admin)
    found = [(name, _read(client, url, language)) for name, url in form_pages(two_clubs)]
    assert not report(found), report(found)
