"""The wifi drops: a result sent without a connection is kept in the browser, shown as not
sent yet, and sent again when the connection is back; a result the server stored but whose
answer never reached the phone is sent again and still stored once (static/troef/resend.js,
clubs.idempotency). On a phone (390 px) at the table's link and on the director's page."""

from __future__ import annotations

import json
import re

import pytest
from django.core.signals import request_started
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, Route, expect

from clubs.models import ActionLog, IdempotentAnswer
from scoring import services
from scoring.actors import Actor
from scoring.links import table_link, table_token
from scoring.models import ResultEntry

from ..results.helpers import summary
from .conftest import PHONE, choose, fill_totals, log_in
from .test_table_link import TOTALS, seated_table

STORE = "troef.unsent"
#: Long enough for a periodic retry of resend.js (every 5 s) when no "online" event comes.
RETRIED = 15_000


def dutch(message: str) -> str:
    with translation.override("nl"):
        return gettext(message)


UNSENT = dutch("Not sent yet: no connection. Troef sends it again as soon as there is one.")


def drop_first_answer(page: Page, path: str, error: str) -> list[int]:
    """Let the first POST under `path` reach the server, then lose its answer (`error`),
    as a wifi that drops at the wrong moment; returns the statuses the server gave."""
    dropped: list[int] = []

    def drop(route: Route) -> None:
        if route.request.method == "POST" and not dropped:
            dropped.append(route.fetch(max_redirects=0).status)  # the server does it...
            route.abort(error)  # ...and the phone never hears
        else:
            route.continue_()

    page.route(re.compile(path), drop)
    return dropped


def kept(page: Page) -> dict:
    """The entries the page keeps in localStorage, by key."""
    return json.loads(page.evaluate(f"localStorage.getItem('{STORE}') || '{{}}'"))


def expect_stored_once(page: Page, table) -> ResultEntry:
    """The page shows the stored entry (the success message and the entry), the server has
    it once, and the browser keeps nothing."""
    expect(page.locator("p.message.success")).to_have_count(1, timeout=RETRIED)
    expect(page.locator(".message.unsent")).to_have_count(0)
    expect(page.locator("article").filter(has_text="1. Player Lid 1010")).to_have_count(1)
    assert kept(page) == {}
    result = table.results.get()
    assert [side["total"] for side in result.data["sides"]] == [1010, 720, 455, -40]
    assert ActionLog.objects.filter(action="result.entered").count() == 1
    return result


def no_overflow(page: Page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width


def test_a_phone_offline_keeps_the_entry_and_sends_it_once_when_back(make_page, site, two_clubs):
    table, _entries = seated_table(two_clubs)
    page = make_page(**PHONE)
    page.goto(site + table_link(table.pk))
    choose(page, "Player Lid")
    fill_totals(page, TOTALS)
    key = page.locator("form.result-form input[name=idempotency_key]").input_value()

    page.context.set_offline(True)
    page.get_by_role("button", name="Uitslag opslaan").tap()
    unsent = page.locator(".message.unsent")
    expect(unsent).to_have_text(UNSENT)
    expect(unsent).to_be_visible()
    no_overflow(page)
    assert list(kept(page)) == [key]
    assert not table.results.exists()
    # Still offline: nothing goes out, whatever the retries do.
    page.get_by_role("button", name="Uitslag opslaan").tap()
    expect(unsent).to_have_text(UNSENT)
    assert not table.results.exists()

    page.context.set_offline(False)
    expect_stored_once(page, table)
    assert IdempotentAnswer.objects.filter(key=key).count() == 1
    no_overflow(page)


def test_a_kept_entry_survives_a_reload_and_goes_out_later(make_page, site, two_clubs):
    """The wifi comes back for the reload but not for the POST: the reloaded page puts the
    entry back into the form, says it is not sent yet, and sends it when it can."""
    table, _entries = seated_table(two_clubs)
    page = make_page(**PHONE)
    page.goto(site + table_link(table.pk))
    choose(page, "Player Lid")
    fill_totals(page, TOTALS)
    key = page.locator("form.result-form input[name=idempotency_key]").input_value()

    def refuse_posts(route: Route) -> None:
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route(re.compile(r"/t/"), refuse_posts)
    page.get_by_role("button", name="Uitslag opslaan").tap()
    expect(page.locator(".message.unsent")).to_have_text(UNSENT)
    page.reload()
    expect(page.locator(".message.unsent")).to_have_text(UNSENT)
    form = page.locator("form.result-form")
    expect(form.locator("input[name=idempotency_key]")).to_have_value(key)
    expect(form.locator("tbody tr", has_text="Ine Dekkers").locator("input")).to_have_value("-40")
    expect(form.locator("tbody tr", has_text="Player Lid").locator("input")).to_have_value("1010")
    assert not table.results.exists()

    page.unroute(re.compile(r"/t/"))
    expect_stored_once(page, table)
    assert list(IdempotentAnswer.objects.values_list("key", flat=True)) == [key]


def test_a_lost_answer_is_sent_again_and_stored_once(make_page, site, two_clubs):
    """The server stores the result, but its answer never reaches the phone: the phone
    sends it again (same key) and gets the first answer; nothing is stored twice."""
    table, _entries = seated_table(two_clubs)
    page = make_page(**PHONE)
    page.goto(site + table_link(table.pk))
    choose(page, "Player Lid")
    fill_totals(page, TOTALS)
    dropped = drop_first_answer(page, r"/t/", "connectionreset")
    page.get_by_role("button", name="Uitslag opslaan").tap()
    expect(page.locator(".message.unsent")).to_have_text(UNSENT)
    assert dropped == [204]  # a redirect, named in a header for resend.js
    assert table.results.count() == 1  # stored, though the phone says not sent yet

    expect_stored_once(page, table)
    assert IdempotentAnswer.objects.count() == 1
    no_overflow(page)


def director_page(make_page, site, table) -> Page:
    page = make_page()
    log_in(page, site, "director")
    page.goto(f"{site}/c/{table.round.tournament.club.slug}/tables/{table.pk}/")
    return page


def test_the_directors_entry_with_a_lost_answer_is_stored_once(make_page, site, two_clubs):
    table, _entries = seated_table(two_clubs)
    page = director_page(make_page, site, table)
    fill_totals(page, TOTALS)
    dropped = drop_first_answer(page, r"/tables/", "timedout")
    page.get_by_role("button", name="Uitslag opslaan").click()
    expect(page.locator(".message.unsent")).to_have_text(UNSENT)
    assert dropped == [204]  # a redirect, named in a header for resend.js
    expect(page.locator("p.message.success")).to_have_count(1, timeout=RETRIED)
    expect(page.locator(".message.unsent")).to_have_count(0)
    assert kept(page) == {}
    assert table.results.count() == 1
    assert ActionLog.objects.filter(action="result.entered").count() == 1


def test_the_directors_confirm_sent_offline_goes_out_once(make_page, site, two_clubs):
    table, entries = seated_table(two_clubs)
    entered = services.result_submit(
        table=table,
        data=summary(True, *({"total": int(total)} for total in TOTALS.values())),
        version=table.version,
        actor=Actor(entry=entries[0]),
    )
    page = director_page(make_page, site, table)
    page.context.set_offline(True)
    page.get_by_role("button", name="Bevestigen", exact=True).click()
    expect(page.locator(".message.unsent")).to_have_text(UNSENT)
    (waiting,) = kept(page).values()
    assert waiting["fields"][-1] == ["action", "confirm"]
    entered.refresh_from_db()
    assert entered.status == ResultEntry.Status.PROVISIONAL

    page.context.set_offline(False)
    expect(page.locator("p.message.success")).to_have_count(1, timeout=RETRIED)
    expect(page.get_by_role("button", name="Bevestigen", exact=True)).to_have_count(0)
    entered.refresh_from_db()
    assert entered.status == ResultEntry.Status.CONFIRMED
    assert ActionLog.objects.filter(action="result.confirmed").count() == 1
    assert kept(page) == {}


@pytest.fixture
def arriving():
    """The POSTs that arrive at the live server (it runs in this process: Django's
    request_started signal), as (path, resend.js's header) pairs, in order."""
    posts: list[tuple[str, str]] = []

    def seen(sender, environ=None, **kwargs) -> None:
        if environ is not None and environ.get("REQUEST_METHOD") == "POST":
            posts.append((environ.get("PATH_INFO", ""), environ.get("HTTP_X_TROEF_RESEND", "")))

    request_started.connect(seen, weak=False, dispatch_uid="arriving-posts")
    yield posts
    request_started.disconnect(dispatch_uid="arriving-posts")


def entered_offline(make_page, site, table):
    """A phone at the table's link that enters TOTALS while offline: kept, not sent."""
    page = make_page(**PHONE)
    page.goto(site + table_link(table.pk))
    choose(page, "Player Lid")
    fill_totals(page, TOTALS)
    page.context.set_offline(True)
    page.get_by_role("button", name="Uitslag opslaan").tap()
    expect(page.locator(".message.unsent")).to_have_text(UNSENT)
    return page


def test_a_queued_entry_goes_out_once_when_the_wifi_returns(make_page, site, two_clubs, arriving):
    """Issue 37: the kept entry was sent twice after the connection returned (by fetch,
    then again as a form, to follow the answer). Stored once, and sent once: one POST
    reaches the server, and the page shows its answer with its message."""
    table, _entries = seated_table(two_clubs)
    page = entered_offline(make_page, site, table)
    assert arriving == []

    page.context.set_offline(False)
    expect_stored_once(page, table)
    expect(page.locator("p.message.success")).to_have_text(
        dutch("The result is saved. A second person confirms it.")
    )
    # The answer's page is a page of its own (nothing kept, so nothing more to send).
    page.wait_for_load_state("networkidle")
    assert arriving == [(f"/t/{table_token(table.pk)}/", "1")]
    assert "player=" in page.url


def test_a_refused_queued_entry_shows_why_after_one_send(make_page, site, two_clubs, arriving):
    """The kept entry comes back refused (someone else entered the table's result while
    the phone was offline): the page shows the refusal with the input kept, after one
    POST."""
    table, entries = seated_table(two_clubs)
    page = entered_offline(make_page, site, table)
    services.result_submit(
        table=table,
        data=summary(True, {"total": 1005}, {"total": 310}, {"total": 205}, {"total": -40}),
        version=table.version,
        actor=Actor(entry=entries[1]),
    )

    page.context.set_offline(False)
    conflict = dutch(
        "Someone else entered or changed the result of this table a moment ago. "
        "Check what is there now, then enter or confirm again."
    )
    expect(page.get_by_text(conflict)).to_be_visible(timeout=RETRIED)
    expect(page.locator(".message.unsent")).to_have_count(0)
    form = page.locator("form.result-form")
    expect(form.locator("tbody tr", has_text="Ine Dekkers").locator("input")).to_have_value("-40")
    page.wait_for_load_state("networkidle")
    assert kept(page) == {}
    assert arriving == [(f"/t/{table_token(table.pk)}/", "1")]
    assert table.results.count() == 1
