"""Klaverjassen's dispute checker pages, as a director uses them at the club (issue 41):
"Verzaakt?" and "Hoeveel roem?" in nl and de, with the card picker for the hand and the
trick, trump and variant, and the verdict citing KJ-3 or KJ-4 in the page's language."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from disputes.models import Dispute
from disputes.rules import rule

from .helpers import check_url, director_client

#: Spades led, the partner trumps with the jack; the player holds a spade but plays a club.
RENEGE = {"trump": "H", "leader": "1", "trick": "AS, JH", "hand": "7S, KC, 9H", "card": "KC"}
#: Q, K and J of trump in one trick: three in a row and stuk.
ROEM = {"trump": "S", "leader": "2", "cards": "QS, KS, JS, 7D"}
TITLES = {
    "nl": ("Verzaakt? Mag deze kaart worden gespeeld?", "Hoeveel roem?"),
    "de": ("Verzaakt? Darf diese Karte gespielt werden?", "Hoeveel roem?"),
}


@pytest.mark.parametrize("language", ["nl", "de"])
def test_the_index_lists_both_forms_in_the_pages_language(two_clubs, language):
    response = director_client(two_clubs, language).get(
        reverse("disputes:dispute-index", args=["rooi"])
    )
    html = response.content.decode()
    assert check_url("klaverjassen", "trick") in html
    assert check_url("klaverjassen", "roem") in html
    for title in TITLES[language]:
        assert title in html


@pytest.mark.parametrize("language", ["nl", "de"])
def test_the_form_has_the_card_picker_trump_and_variant(two_clubs, language):
    html = director_client(two_clubs, language).get(check_url("klaverjassen", "trick")).content
    html = html.decode()
    for field in ("hand", "trick", "card"):
        assert f'data-picker-for="id_{field}"' in html
    assert 'name="trump"' in html
    assert 'name="option_variant"' in html
    assert "<script>" not in html  # nothing inline (Content-Security-Policy)


@pytest.mark.parametrize(
    ("language", "duty"),
    [("nl", "te bekennen"), ("de", "zu bedienen")],
)
def test_a_renege_cites_kj3_and_names_the_duty(two_clubs, language, duty):
    response = director_client(two_clubs, language).post(check_url("klaverjassen", "trick"), RENEGE)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="verdict verdict-illegal"' in html
    assert 'data-rule="KJ-3"' in html
    found = rule("KJ-3", language)
    assert escape(found.title) in html
    assert duty in html
    assert not Dispute.objects.exists()


def test_amsterdams_frees_the_player_whose_partner_wins(two_clubs):
    # Seat 1 leads AS and wins so far; seat 3, its partner, has no spade: rotterdams binds
    # it to trump, amsterdams frees it (KJ-3).
    free = {"trump": "H", "leader": "1", "trick": "AS, 7S", "hand": "KC, 9H",
            "card": "KC", "option_variant": "amsterdams"}  # fmt: skip
    bound = {**free, "option_variant": "rotterdams"}
    client = director_client(two_clubs, "nl")
    legal = client.post(check_url("klaverjassen", "trick"), free).content.decode()
    illegal = client.post(check_url("klaverjassen", "trick"), bound).content.decode()
    assert 'class="verdict verdict-legal"' in legal
    assert 'class="verdict verdict-illegal"' in illegal and 'data-rule="KJ-3"' in illegal


@pytest.mark.parametrize(
    ("language", "items"),
    [("nl", ("drie op een rij 20", "stuk 20")), ("de", ("drei in Folge 20", "Stuk 20"))],
)
def test_the_roem_is_itemised_with_kj4(two_clubs, language, items):
    response = director_client(two_clubs, language).post(check_url("klaverjassen", "roem"), ROEM)
    assert response.status_code == 200
    html = response.content.decode()
    assert "KJ-4" in html
    for item in items:  # 20 for three in a row, 20 for stuk, in the page's words
        assert item in html


@pytest.mark.parametrize(
    "data",
    [
        {"trump": "X", "hand": "zz", "card": "??"},
        {**RENEGE, "hand": "7S, 7S, KC"},
        {**RENEGE, "leader": "9", "option_variant": "parijs"},
        {"trump": "H", "cards": "AS, AS, AS, AS"},
    ],
)
def test_bad_input_is_explained_never_a_500(two_clubs, data):
    check = "roem" if "cards" in data else "trick"
    response = director_client(two_clubs, "nl").post(check_url("klaverjassen", check), data)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
