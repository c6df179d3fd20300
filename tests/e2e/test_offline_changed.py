"""A changed entry under a key already used is refused where the phone shows it
(clubs.idempotency, static/troef/resend.js).

The server stores a result but its answer never reaches the phone. Before the phone sends
it again, the player changes a score and taps save once more: the same form, so the same
key, with other values. Before, the server answered that with the first answer ("saved")
and the change was silently dropped. Now the server refuses it (409) and the phone shows
why, in Dutch, with the way back to the form; the stored result keeps the first values.
"""

from __future__ import annotations

import re

from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Route, expect

from clubs.models import ActionLog
from scoring.links import table_link

from .conftest import PHONE, choose, fill_totals
from .test_offline import UNSENT, kept
from .test_table_link import TOTALS, seated_table

CHANGED = (
    "This form was already sent, with other values. Nothing was changed now. Reload the "
    "page, check what is there now, and send your change again."
)


def dutch(message: str) -> str:
    with translation.override("nl"):
        return gettext(message)


def test_a_changed_entry_under_a_used_key_is_refused_on_the_phone(make_page, site, two_clubs):
    table, _entries = seated_table(two_clubs)
    page = make_page(**PHONE)
    page.goto(site + table_link(table.pk))
    choose(page, "Player Lid")
    fill_totals(page, TOTALS)
    posts: list[str] = []
    changed = {"now": False}

    def first_lost_then_offline_until_changed(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        posts.append(route.request.post_data or "")
        if len(posts) == 1:
            route.fetch(max_redirects=0)  # the server stores it...
            route.abort("connectionreset")  # ...and the phone never hears
        elif not changed["now"]:
            route.abort("internetdisconnected")  # the retries before the change
        else:
            route.continue_()

    page.route(re.compile(r"/t/"), first_lost_then_offline_until_changed)
    page.get_by_role("button", name="Uitslag opslaan").tap()
    expect(page.locator(".message.unsent")).to_have_text(UNSENT)
    assert table.results.count() == 1  # stored, though the phone says not sent yet

    changed["now"] = True
    fill_totals(page, {**TOTALS, "Player Lid": "1020"})
    page.get_by_role("button", name="Uitslag opslaan").tap()

    refusal = page.get_by_role("alert")
    expect(refusal).to_have_text(dutch(CHANGED))
    expect(page.get_by_role("link", name=dutch("Back to the page"))).to_be_visible()
    assert kept(page) == {}
    result = table.results.get()
    assert [side["total"] for side in result.data["sides"]] == [1010, 720, 455, -40]
    assert ActionLog.objects.filter(action="result.entered").count() == 1
