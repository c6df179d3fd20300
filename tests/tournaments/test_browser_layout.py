"""Seen in a real browser (Chromium): Pico draws a help text that comes right after an
input up into the input's place, so the help of a checkbox covered the box and its label
(the tournament form's "Swiss draw"; the check-in's "present" before it became
buttons); and a round page with nothing left for the director to do still showed an
empty "Director" heading."""

import re

from django.utils import translation
from django.utils.translation import gettext

from tournaments.models import Round

from ..conftest import client_for
from ..factories import EntryFactory, TournamentFactory, seat_round
from .helpers import url

#: A checkbox whose next element is a <small>: only text (its label) between them.
BOX_THEN_HELP = re.compile(r'<input type="checkbox"[^>]*>[^<]*<small')


def test_no_help_text_is_drawn_over_a_checkbox(two_clubs):
    director = client_for(two_clubs.director)
    html = director.get(url("tournaments:tournament-add")).content.decode()
    assert 'type="checkbox"' in html
    assert not BOX_THEN_HELP.search(html)


def test_a_round_with_nothing_left_to_do_has_no_director_heading(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, rounds_planned=1)
    entries = [EntryFactory(tournament=tournament) for _ in range(4)]
    seat_round(tournament, [entries], status=Round.Status.STARTED)
    page = client_for(two_clubs.director).get(
        url("evenings:round-detail", pk=tournament.pk, number=1)
    )
    with translation.override("nl"):
        heading = f"<h2>{gettext('Director')}</h2>"
    assert heading not in page.content.decode()
    seat_round(tournament, [entries], number=2)  # a drawn round: swaps and start are there
    page = client_for(two_clubs.director).get(
        url("evenings:round-detail", pk=tournament.pk, number=2)
    )
    assert heading in page.content.decode()
