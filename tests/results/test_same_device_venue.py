"""One phone doing both steps, at the venue and on a hosted site (scoring.services,
address_fingerprint).

At the venue (`manage.py venue`, settings.VENUE) every phone on its network has its own
address: an entry and its confirmation from one address within SAME_DEVICE_MINUTES are
flagged, also from two browser apps (two User-Agents) on that phone. On a hosted site
many phones share an address (a club's wifi, a mobile network), so there only the same
address with the same browser is flagged. Through the table's real link, each browser
with its own session."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from clubs.models import ActionLog
from scoring.models import ResultEntry
from scoring.services import SAME_DEVICE_MINUTES

from ..conftest import client_for
from .helpers import as_post, game_table, page_html, summary

Status = ResultEntry.Status
AHEAD = summary(False, {"total": 455}, {"total": 310}, {"total": 205}, {"total": -40})
CHROME = "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile"
FIREFOX = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0"


def browser(agent: str, address: str = "192.168.4.21") -> Client:
    """A browser app on a phone at `address`: its own session and cookies."""
    return Client(HTTP_USER_AGENT=agent, REMOTE_ADDR=address)


def enter_and_confirm(table, entering: Client, confirming: Client) -> ResultEntry:
    data = as_post(AHEAD, table.version, player=str(table.entries[0].pk))
    assert entering.post(table.link, data).status_code == 302
    result = ResultEntry.objects.get(table=table.table)
    confirm = {
        "action": "confirm",
        "player": table.entries[1].pk,
        "result": result.pk,
        "version": table.version,
    }
    assert confirming.post(table.link, confirm).status_code == 302
    result.refresh_from_db()
    assert result.status == Status.CONFIRMED
    return result


@pytest.fixture
def venue(settings):
    settings.VENUE = True


def test_at_the_venue_two_browser_apps_on_one_phone_are_flagged(two_clubs, venue):
    table = game_table(two_clubs.a)
    result = enter_and_confirm(table, browser(CHROME), browser(FIREFOX))
    assert result.same_device == "venue_address"
    assert ActionLog.objects.get(action="result.confirmed").data["same_device"] == ("venue_address")
    director = client_for(two_clubs.director)
    director.cookies["troef_language"] = "en"
    html = page_html(director.get(table.page))
    assert "what looks like one device (the same network address at the venue)" in html


def test_at_the_venue_two_phones_are_not_flagged(two_clubs, venue):
    table = game_table(two_clubs.a)
    result = enter_and_confirm(
        table, browser(CHROME, "192.168.4.21"), browser(CHROME, "192.168.4.22")
    )
    assert result.same_device == ""


def test_at_the_venue_a_confirmation_after_the_minutes_is_not_flagged(two_clubs, venue):
    table = game_table(two_clubs.a)
    data = as_post(AHEAD, table.version, player=str(table.entries[0].pk))
    browser(CHROME).post(table.link, data)
    result = ResultEntry.objects.get(table=table.table)
    ResultEntry.objects.filter(pk=result.pk).update(
        created_at=timezone.now() - datetime.timedelta(minutes=SAME_DEVICE_MINUTES, seconds=5)
    )
    confirm = {
        "action": "confirm",
        "player": table.entries[1].pk,
        "result": result.pk,
        "version": table.version,
    }
    browser(FIREFOX).post(table.link, confirm)
    result.refresh_from_db()
    assert (result.status, result.same_device) == (Status.CONFIRMED, "")


def test_hosted_two_browsers_behind_one_address_are_not_flagged(two_clubs, settings):
    settings.VENUE = False
    table = game_table(two_clubs.a)
    result = enter_and_confirm(table, browser(CHROME), browser(FIREFOX))
    assert result.same_device == ""


def test_hosted_one_address_and_one_browser_is_flagged(two_clubs, settings):
    settings.VENUE = False
    table = game_table(two_clubs.a)
    result = enter_and_confirm(table, browser(CHROME), browser(CHROME))
    assert result.same_device == "address"
