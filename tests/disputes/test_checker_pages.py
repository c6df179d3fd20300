"""The dispute checker's pages: the verdict with the rule's text in the user's language,
what the engine computed, errors next to the field, saving to a tournament's table."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from clubs.models import ActionLog
from disputes.checker import checker
from disputes.models import Dispute
from disputes.rules import rule
from disputes.selectors import tournament_disputes
from games import cases

from ..conftest import client_for
from ..factories import TournamentFactory
from .helpers import check_url, director_client, game_evening
from .test_checker_forms import RENEGE, RENEGE_CASE

PLUS_FOUR = {"top": "R5", "colour": "R", "hand": "rot 7, W+4, blau 5", "card": "W+4",
             "wish": "G", "player": "Bas"}  # fmt: skip


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_a_renege_is_illegal_under_mz8_with_its_text(two_clubs, language):
    response = director_client(two_clubs, language).post(check_url("miezemauzen", "deal"), RENEGE)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="verdict verdict-illegal"' in html
    assert 'data-rule="MZ-8"' in html
    found = rule("MZ-8", language)
    assert escape(found.title) in html
    assert escape(found.text[:60]) in html
    assert f'href="{reverse("disputes:rules-game", args=["miezemauzen"])}#{found.anchor}"' in html
    said = {  # the engine's reason in the page's language, its card in the page's letters
        "nl": "Bas bekende geen harten in slag 1, hoewel harten 9 in de hand zat.",
        "de": "Bas hat in Stich 1 Herz nicht bedient, obwohl Herz 9 in der Hand war.",
        "en": "Bas did not follow hearts in trick 1 although holding 9H.",
    }
    assert said[language] in html
    # what the engine computed: the trick's winner, in the tricks table
    trick = "AH, 7C, 10H" if language == "en" else "A♥, 7♣, 10♥"  # the page's letters
    assert f"<td>{trick}</td><td>Ann</td>" in html.replace("\n", "")
    # the case, copyable for check_hand
    assert escape('"tricks": [') in html


def test_a_legal_deal_shows_the_points_after_it(two_clubs):
    data = {
        "players": "Ann, Bas", "dealer": "Bas", "trump": "H",
        "declarations": "Ann: play, Bas: play",
        "hands": "Ann: AH KH QH JH 10H\nBas: 9H 8H 7H AS KS",
        "tricks": "AH 9H\nKH 8H\nQH 7H\nJH AS\n10H KS",
        "points_before": "Ann: 12, Bas: 9",
    }  # fmt: skip
    html = (
        director_client(two_clubs, "en")
        .post(check_url("miezemauzen", "deal"), data)
        .content.decode()
    )
    assert 'class="verdict verdict-legal"' in html
    flat = "".join(line.strip() for line in html.splitlines())
    # Ann took all five tricks: 1 point off (11); Bas none: 5 points on (14)
    assert '<th scope="row">Ann</th><td>5</td><td>-1</td><td>11</td>' in flat
    assert '<th scope="row">Bas</th><td>0</td><td>5</td><td>14</td>' in flat


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_a_meino_plus_four_on_the_colour_in_force(two_clubs, language):
    html = (
        director_client(two_clubs, language)
        .post(check_url("meino", "play"), PLUS_FOUR)
        .content.decode()
    )
    assert 'class="verdict verdict-illegal"' in html
    assert 'data-rule="ME-8"' in html
    found = rule("ME-8", language)
    assert escape(found.title) in html
    said = {
        "nl": "Bas speelde kleurkeuze +4 terwijl rood 7 van de geldende kleur (rood) in de hand",
        "de": "Bas spielte Farbwahl +4, obwohl rot 7 der geltenden Farbe (rot) in der Hand war",
        "en": "Bas played W+4 while holding R7 of the colour in force (red)",
    }
    assert said[language] in html


def test_a_legal_meino_play_shows_what_follows(two_clubs):
    data = {**PLUS_FOUR, "hand": "W+4, blau 5", "card": "W+4"}
    html = director_client(two_clubs, "en").post(check_url("meino", "play"), data).content.decode()
    assert 'class="verdict verdict-legal"' in html
    flat = "".join(line.strip() for line in html.splitlines())
    assert '<th scope="row">the next player draws</th><td>4</td>' in flat
    assert '<th scope="row">colour in force</th><td>green</td>' in flat


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_a_bad_card_is_explained_next_to_its_field(two_clubs, language):
    data = {**RENEGE, "hands": "Ann: AH KS 9S 8C zeven ruiten\nBas: 9H QC JD 10D elf klaveren"}
    response = director_client(two_clubs, language).post(check_url("miezemauzen", "deal"), data)
    assert response.status_code == 400
    html = response.content.decode()
    start = html.index('id="field-hands"')
    field_html = html[start : html.index('id="field-tricks"')]
    with translation.override(language):
        message = gettext("“%(text)s” is not a card.") % {"text": "elf klaveren"}
    assert escape(message) in field_html
    assert "verdict" not in html  # nothing judged
    if language != "en":  # the message is in the user's language, not left in English
        assert message != "“elf klaveren” is not a card.", f"translate the message into {language}"


def test_save_a_dispute_to_a_tournament_table(two_clubs):
    tournament, table = game_evening(two_clubs.a)
    data = {
        **RENEGE,
        "save": "1",
        "ruling": "Bas verzaakt: de slag gaat naar Ann.",
        "tournament": tournament.pk,
        "round": "1",
        "table": str(table.number),
    }
    response = director_client(two_clubs).post(check_url("miezemauzen", "deal"), data)
    dispute = Dispute.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("disputes:dispute-detail", args=["rooi", dispute.pk])
    assert dispute.case == RENEGE_CASE
    assert dispute.legal is False
    assert dispute.rules == ["MZ-8"]
    assert (dispute.tournament, dispute.table) == (tournament, table)
    assert dispute.created_by == two_clubs.director
    entry = ActionLog.objects.get(action="dispute.saved")
    assert entry.club == two_clubs.a
    assert entry.data["evening"] == tournament.name
    assert entry.data["table"] == table.number
    assert entry.data["rules"] == ["MZ-8"]
    with translation.override(two_clubs.a.language):  # the check in words, not "deal"
        assert entry.data["check"] == str(checker("miezemauzen", "deal").title)
    assert entry.data["check"] != "deal"
    assert entry.data["ruling"] == "Bas verzaakt: de slag gaat naar Ann."
    assert tournament_disputes(tournament) == [dispute]
    page = director_client(two_clubs).get(response["Location"]).content.decode()
    assert "Bas verzaakt: de slag gaat naar Ann." in page
    assert 'data-rule="MZ-8"' in page
    index = (
        director_client(two_clubs)
        .get(reverse("disputes:dispute-index", args=["rooi"]))
        .content.decode()
    )
    assert reverse("disputes:dispute-detail", args=["rooi", dispute.pk]) in index


def test_saving_needs_a_ruling_and_a_real_table(two_clubs):
    tournament, _table = game_evening(two_clubs.a)
    client = director_client(two_clubs)
    response = client.post(check_url("miezemauzen", "deal"), {**RENEGE, "save": "1", "ruling": " "})
    assert response.status_code == 400
    html = response.content.decode()
    with translation.override("nl"):
        needed = gettext("Write down your ruling.")
    assert needed in html[html.index('id="field-ruling"') :]
    response = client.post(
        check_url("miezemauzen", "deal"),
        {**RENEGE, "save": "1", "ruling": "x", "tournament": tournament.pk,
         "round": "1", "table": "9"},
    )  # fmt: skip
    assert response.status_code == 400
    html = response.content.decode()
    with translation.override("nl"):
        missing = gettext("%(tournament)s has no table %(table)s in round %(round)s.") % {
            "tournament": tournament.name, "table": 9, "round": 1}  # fmt: skip
    assert escape(missing) in html[html.index('id="field-table"') :]
    assert not Dispute.objects.exists()
    assert not ActionLog.objects.filter(action="dispute.saved").exists()


def test_another_clubs_tournament_is_refused(two_clubs):
    theirs = TournamentFactory(club=two_clubs.b, name="Veghel open")
    response = director_client(two_clubs).post(
        check_url("miezemauzen", "deal"),
        {**RENEGE, "save": "1", "ruling": "x", "tournament": theirs.pk},
    )
    assert response.status_code == 400
    assert not Dispute.objects.exists()


def test_the_service_refuses_another_clubs_tournament_and_table(two_clubs):
    from django.core.exceptions import ValidationError

    from disputes.services import dispute_save
    from games.cases import judge

    theirs = TournamentFactory(club=two_clubs.b)
    verdict = judge(RENEGE_CASE)
    with pytest.raises(ValidationError) as refused:
        dispute_save(club=two_clubs.a, user=two_clubs.director, case=RENEGE_CASE,
                     verdict=verdict, ruling="x", tournament=theirs)  # fmt: skip
    assert "tournament" in refused.value.message_dict
    other, _table = game_evening(two_clubs.a)
    with pytest.raises(ValidationError) as refused:
        dispute_save(
            club=two_clubs.a,
            user=two_clubs.director,
            case=RENEGE_CASE,
            verdict=verdict,
            ruling="x",
            tournament=other,
            table=two_clubs.evening.table,
        )
    assert "table" in refused.value.message_dict
    assert not Dispute.objects.exists()


@pytest.mark.parametrize(
    ("role", "status"), [("player", 403), ("other_director", 404), ("anon", 302)]
)
def test_only_the_clubs_directors_may_check_or_save(two_clubs, role, status):
    response = client_for(two_clubs.user(role)).post(
        check_url("miezemauzen", "deal"), {**RENEGE, "save": "1", "ruling": "x"}
    )
    assert response.status_code == status
    assert not Dispute.objects.exists()
    assert not ActionLog.objects.filter(action="dispute.saved").exists()


def test_the_tournaments_disputes_take_one_query(two_clubs, django_assert_num_queries):
    from disputes.services import dispute_save
    from games.cases import judge

    tournament, table = game_evening(two_clubs.a)
    for ruling in ("eerste", "tweede", "derde"):
        dispute_save(
            club=two_clubs.a,
            user=two_clubs.director,
            case=RENEGE_CASE,
            verdict=judge(RENEGE_CASE),
            ruling=ruling,
            tournament=tournament,
            table=table,
        )
    with django_assert_num_queries(1):
        found = tournament_disputes(tournament)
        assert [d.ruling for d in found] == ["eerste", "tweede", "derde"]
        assert {d.created_by.username for d in found} == {two_clubs.director.username}
        assert {d.tournament.name for d in found} == {tournament.name}


def test_the_index_lists_the_games_with_forms(two_clubs):
    html = (
        director_client(two_clubs)
        .get(reverse("disputes:dispute-index", args=["rooi"]))
        .content.decode()
    )
    assert check_url("miezemauzen", "deal") in html
    assert check_url("meino", "play") in html
    assert check_url("meino", "round_score") in html


def test_unknown_games_and_checks_are_404(two_clubs):
    client = director_client(two_clubs)
    assert client.get(check_url("schaken", "deal")).status_code == 404
    assert client.get(check_url("miezemauzen", "replay")).status_code == 404
    assert client.get(reverse("disputes:dispute-detail", args=["rooi", 999])).status_code == 404


@pytest.mark.parametrize(
    "data",
    [
        {"players": "x" * 50_000},
        {"players": ["Ann", "Bas"], "trump": ["S", "H"], "hands": ""},
        {**RENEGE, "tournament": "abc", "round": "-1", "table": "x", "save": "1"},
        {**RENEGE, "option_kat_scoring": "nobody", "option_start_points": "1e9"},
        {"hands": "\x00: AH\u202e", "kat": "::::"},
    ],
)
def test_garbage_posts_never_fail(two_clubs, data):
    response = director_client(two_clubs).post(check_url("miezemauzen", "deal"), data)
    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Dispute.objects.exists()


def test_the_form_page_and_its_example(two_clubs):
    html = (
        director_client(two_clubs).get(check_url("meino", "play") + "?example=1").content.decode()
    )
    assert 'data-picker-for="id_hand"' in html
    assert 'data-deck="meino"' in html
    assert "card_picker.js" in html
    assert "<script>" not in html  # nothing inline (Content-Security-Policy)
    # the example in the page's words: the Dutch page's wild card is Dutch (issue 37)
    assert 'value="kleurkeuze+4"' in html
    assert "Farbwahl" not in html


def test_a_verdict_without_a_result_says_so(two_clubs):
    """MZ-5: all three pass. The engine computes nothing after the violation; the page
    said nothing at all under the verdict."""
    typed = {"players": "Ann, Bas, Cor", "dealer": "Cor", "trump": "H",
             "declarations": "Ann: pas, Bas: pas, Cor: pas"}  # fmt: skip
    html = (
        director_client(two_clubs, "en")
        .post(check_url("miezemauzen", "deal"), typed)
        .content.decode()
    )
    assert 'data-rule="MZ-5"' in html
    assert 'class="result-section"' not in html
    assert 'class="no-result"' in html


def test_a_post_runs_the_rules_engine_once(two_clubs):
    """The verdict and its words in the page's language come from one judging (issue 40):
    the engine is not run a second time for the texts of its messages."""
    with patch.object(cases, "judge", wraps=cases.judge) as engine:
        response = director_client(two_clubs, "nl").post(check_url("miezemauzen", "deal"), RENEGE)
    assert response.status_code == 200
    assert engine.call_count == 1
    html = response.content.decode()
    assert 'data-rule="MZ-8"' in html
    assert "Bas bekende geen harten in slag 1, hoewel harten 9 in de hand zat." in html
