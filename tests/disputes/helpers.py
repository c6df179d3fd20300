"""What the dispute checker's tests share: its page's path, a director's browser in a
language, a page's HTML without its line breaks, a typed situation judged, and an
evening to save a dispute to."""

from __future__ import annotations

from django.conf import settings
from django.test import Client
from django.urls import reverse

from disputes.checker import checker
from disputes.checker.base import make_form

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round


def check_url(game: str, check: str) -> str:
    """The checker page of `game`'s `check` in club A (rooi)."""
    return reverse(
        "disputes:dispute-check", kwargs={"club_slug": "rooi", "game": game, "check": check}
    )


def director_client(two_clubs, language: str = "nl") -> Client:
    """Club A's director, logged in, reading the site in `language`."""
    client = client_for(two_clubs.director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def flat(html: str) -> str:
    """`html` with each line stripped and the lines joined: text split over lines by the
    template reads as one."""
    return "".join(line.strip() for line in html.splitlines())


def flat_page(response) -> str:
    """A response's page, `flat`."""
    return flat(response.content.decode())


def verdict_and_case(game: str, check: str, data: dict) -> tuple[dict | None, dict]:
    """`data` typed into the checker's form and judged: (verdict, the case it built), or
    (None, the form's errors) when the form refused it."""
    form = make_form(checker(game, check), data)
    verdict = form.judge()
    return verdict, (form.case if verdict is not None else dict(form.errors))


def game_evening(club, game: str = "miezemauzen", name: str = "Dinsdagavond"):
    """A tournament of ``game`` in ``club`` with round 1 drawn at one table of three:
    (tournament, table). The running evening of the fixture plays Duizenden, and a
    dispute is saved only to an evening of its own game."""
    tournament = TournamentFactory(club=club, game=game, name=name, table_size=3)
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=club)) for _ in range(3)
    ]
    table = seat_round(tournament, [entries]).tables.get()
    return tournament, table
