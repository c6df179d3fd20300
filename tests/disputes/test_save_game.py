"""A dispute is saved only to an evening of its own game: the save form offers the club's
tournaments of the dispute's game (newest first), and a forged POST or a direct call with
another game's tournament is refused on the tournament field, nothing saved, nothing
logged. (A MEINO dispute was once accepted onto a Duizenden evening and printed in its
report.)"""

from __future__ import annotations

import datetime
import re
import threading

import pytest
from django import forms
from django.core.exceptions import ValidationError
from django.db import connection
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from clubs.models import ActionLog
from disputes.models import Dispute
from disputes.selectors import tournament_disputes
from disputes.services import dispute_save
from games.cases import judge

from ..at_once import assert_row_locks, assert_writers_serialised, row_lock, serialised_on_sqlite
from ..factories import TournamentFactory
from .helpers import check_url, director_client, game_evening
from .test_checker_forms import RENEGE, RENEGE_CASE
from .test_checker_pages import PLUS_FOUR

RULING = "Bas mocht die +4 niet leggen: hij pakt er vier."
DUIZENDEN_SPOKEN = {"nl": "Op deze avond wordt Duizenden (Zwarte wijven) gespeeld.",
                    "de": "An diesem Abend wird Duizenden (Zwarte wijven) gespielt.",
                    "en": "This evening plays Duizenden (Zwarte wijven)."}  # fmt: skip


def offered(html: str) -> list[str]:
    """The names in the save form's tournament list, in order (the empty choice and the
    date after each name left out)."""
    select = html[html.index('name="tournament"') :]
    select = select[: select.index("</select>")]
    options = re.findall(r'<option value="(\d*)"[^>]*>([^<]*)<', select)
    return [name.rsplit(" (", 1)[0] for value, name in options if value]


def test_the_form_offers_only_the_clubs_evenings_of_the_disputes_game(two_clubs):
    two_clubs.evening  # the running Duizenden evening of club A  # noqa: B018
    TournamentFactory(club=two_clubs.a, game="meino", name="MEINO najaar",
                      date=datetime.date(2026, 10, 2))  # fmt: skip
    TournamentFactory(club=two_clubs.a, game="meino", name="MEINO winter",
                      date=datetime.date(2026, 12, 4))  # fmt: skip
    TournamentFactory(club=two_clubs.a, game="duizenden", name="Duizenden winter",
                      date=datetime.date(2026, 12, 11))  # fmt: skip
    TournamentFactory(club=two_clubs.a, game="miezemauzen", name="Miezemauzen winter")
    TournamentFactory(club=two_clubs.b, game="meino", name="MEINO Veghel")
    client = director_client(two_clubs)
    meino = client.post(check_url("meino", "play"), PLUS_FOUR)
    assert meino.status_code == 200
    assert offered(meino.content.decode()) == ["MEINO winter", "MEINO najaar"]
    renege = client.post(check_url("miezemauzen", "deal"), RENEGE)
    assert renege.status_code == 200
    assert offered(renege.content.decode()) == ["Miezemauzen winter"]


def test_a_forged_post_with_another_games_evening_is_refused_next_to_the_field(two_clubs):
    evening = two_clubs.evening  # plays Duizenden
    data = {**PLUS_FOUR, "save": "1", "ruling": RULING, "tournament": evening.tournament.pk,
            "round": "1", "table": str(evening.table.number)}  # fmt: skip
    response = director_client(two_clubs, "nl").post(check_url("meino", "play"), data)
    assert response.status_code == 400
    html = response.content.decode()
    field = html[html.index('id="field-tournament"') : html.index('id="field-round"')]
    with translation.override("nl"):
        refused = str(forms.ModelChoiceField.default_error_messages["invalid_choice"])
    assert escape(refused) in field
    assert 'class="errorlist field-errors"' in field
    assert not Dispute.objects.exists()
    assert not ActionLog.objects.filter(action="dispute.saved").exists()
    assert tournament_disputes(evening.tournament) == []


@pytest.mark.parametrize("language", ["nl", "de", "en"])
def test_the_service_refuses_another_games_evening_with_its_title(two_clubs, language):
    evening = two_clubs.evening  # plays Duizenden
    case = {"game": "meino", "check": "play", "top": "R5", "hand": ["R7"], "card": "R7"}
    with translation.override(language), pytest.raises(ValidationError) as refused:
        dispute_save(club=two_clubs.a, user=two_clubs.director, case=case,
                     verdict=judge(case), ruling=RULING, tournament=evening.tournament)  # fmt: skip
    assert refused.value.message_dict["tournament"] == [DUIZENDEN_SPOKEN[language]]
    with translation.override(language):  # the catalogue's text, placeholders filled
        assert gettext("This evening plays %(game)s.") % {
            "game": "Duizenden (Zwarte wijven)"} == DUIZENDEN_SPOKEN[language]  # fmt: skip
    # with its table too: still refused, still nothing saved
    with pytest.raises(ValidationError) as refused:
        dispute_save(club=two_clubs.a, user=two_clubs.director, case=RENEGE_CASE,
                     verdict=judge(RENEGE_CASE), ruling=RULING,
                     tournament=evening.tournament, table=evening.table)  # fmt: skip
    assert "tournament" in refused.value.message_dict
    assert not Dispute.objects.exists()
    assert not ActionLog.objects.filter(action="dispute.saved").exists()


def test_a_dispute_is_saved_to_an_evening_of_its_own_game(two_clubs):
    tournament, table = game_evening(two_clubs.a, "meino", "MEINO winter")
    data = {**PLUS_FOUR, "save": "1", "ruling": RULING, "tournament": tournament.pk,
            "round": "1", "table": str(table.number)}  # fmt: skip
    response = director_client(two_clubs).post(check_url("meino", "play"), data)
    assert response.status_code == 302
    dispute = Dispute.objects.get()
    assert (dispute.game, dispute.tournament, dispute.table) == ("meino", tournament, table)
    assert dispute.rules == ["ME-8"]
    entry = ActionLog.objects.get(action="dispute.saved")
    assert entry.data["evening"] == "MEINO winter"
    assert entry.data["game"] == "MEINO"
    assert tournament_disputes(tournament) == [dispute]


def _save_data(evening, ruling: str = "Bas verzaakt: de slag gaat naar Ann.") -> dict:
    """The renege saved to `evening`, a (tournament, table) of Miezemauzen."""
    tournament, table = evening
    return {**RENEGE, "save": "1", "ruling": ruling, "tournament": tournament.pk,
            "round": "1", "table": str(table.number)}  # fmt: skip


def ten_saves_at_once_store_one_dispute(two_clubs):
    data = _save_data(game_evening(two_clubs.a))
    barrier = threading.Barrier(10)
    answers: list = []

    def click() -> None:
        client = director_client(two_clubs, "nl")
        try:
            barrier.wait()
            answers.append(client.post(check_url("miezemauzen", "deal"), data))
        finally:
            connection.close()

    threads = [threading.Thread(target=click) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    dispute = Dispute.objects.get()
    assert [a.status_code for a in answers] == [302] * 10
    assert {a["Location"] for a in answers} == {
        reverse("disputes:dispute-detail", args=["rooi", dispute.pk])
    }
    assert ActionLog.objects.filter(action="dispute.saved").count() == 1


@row_lock
def test_ten_saves_at_once_store_one_dispute(two_clubs, transactional_db):
    assert_row_locks()
    ten_saves_at_once_store_one_dispute(two_clubs)


@serialised_on_sqlite
def test_ten_saves_at_once_store_one_dispute_on_sqlite(two_clubs, transactional_db):
    assert_writers_serialised()
    ten_saves_at_once_store_one_dispute(two_clubs)


def test_a_resent_save_gives_the_same_dispute_and_another_ruling_a_new_one(two_clubs):
    client = director_client(two_clubs, "en")
    evening = game_evening(two_clubs.a)
    first = client.post(check_url("miezemauzen", "deal"), _save_data(evening))
    again = client.post(check_url("miezemauzen", "deal"), _save_data(evening))
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    assert Dispute.objects.count() == 1
    other = client.post(check_url("miezemauzen", "deal"), _save_data(evening, "Geen verzaking."))
    assert other.status_code == 302 and other["Location"] != first["Location"]
    assert Dispute.objects.count() == 2
