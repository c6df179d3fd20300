"""Seen in a real browser: the tournament page listed the game's options by their code
names in English ("start points", "stake cents") on a Dutch page, while the form beside it
used their translated labels."""

from django.utils import translation
from django.utils.translation import gettext

from games import registry
from tournaments.forms import shown_options

from ..conftest import client_for
from ..factories import TournamentFactory
from .helpers import url


def test_the_tournament_page_names_the_options_as_the_form_does(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, game="miezemauzen", options={"start_points": 40}
    )
    page = client_for(two_clubs.player).get(url("evenings:tournament-detail", pk=tournament.pk))
    text = page.content.decode()
    for option in shown_options(registry.get("miezemauzen")):
        with translation.override("nl"):
            label = gettext(option.label)
        assert f"<dt>{label}</dt>" in text
        assert f"<dt>{option.name.replace('_', ' ')}</dt>" not in text


def test_an_options_choice_shows_by_its_label_not_its_code(two_clubs):
    tournament = TournamentFactory(
        club=two_clubs.a, game="miezemauzen", options={"kat_scoring": "either"}
    )
    player = client_for(two_clubs.player)
    player.cookies["troef_language"] = "en"
    text = player.get(url("evenings:tournament-detail", pk=tournament.pk)).content.decode()
    assert "<dd>The holder chooses</dd>" in text
    assert "<dd>either</dd>" not in text


def test_meinos_joker_rule_is_a_choice_and_an_older_free_text_keeps_its_meaning(two_clubs):
    """Issue 37: the JOKER house rule was a text box filled with `none`, its help explaining
    'none', 'swap' and "any text starting with 'swap' or 'tausch'". It is a choice with
    labels now; a tournament saved with such a text still means what it meant."""
    tournament = TournamentFactory(
        club=two_clubs.a, game="meino", options={"joker_rule": "Tausch der Hände"}
    )
    director = client_for(two_clubs.director)
    page = director.get(url("tournaments:tournament-edit", pk=tournament.pk)).content.decode()
    field = page[page.index('name="meino__joker_rule"') :]
    field = field[: field.index("</select>")]
    assert '<option value="swap" selected>Ruil van hand met een andere speler</option>' in field
    assert '<option value="none">Een gewone wenskaart</option>' in field
    assert "'swap'" not in page and "'none'" not in page and "tausch" not in page.lower()
    detail = director.get(url("evenings:tournament-detail", pk=tournament.pk)).content.decode()
    assert "<dd>Ruil van hand met een andere speler</dd>" in detail
