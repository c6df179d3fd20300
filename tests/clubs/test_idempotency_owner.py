"""An idempotency answer goes only to the one who earned it (clubs.idempotency).

The stored answer of a POST is bound to its sender: the browser's CSRF secret (every POST
that passes Django's CSRF check carries it in its cookie, set when the form was shown)
and the logged-in user. Another browser or another user sending the same key is refused
(409) and gets nothing of the first answer; the same browser sending the same key with
other fields is refused (409) and nothing is changed; the same browser sending the same
again gets the stored answer and nothing is saved twice. Through the real result pages,
with real CSRF checks.
"""

from __future__ import annotations

import re
import uuid

from django.middleware.csrf import _get_new_csrf_string, _unmask_cipher_token
from django.test import Client
from django.utils.html import escape

from clubs.idempotency import FIELD
from clubs.models import ActionLog, IdempotentAnswer
from scoring.models import ResultEntry

from ..conftest import client_for
from ..results.helpers import as_post, game_table, summary
from ..translated import dutch

AHEAD = summary(False, {"total": 455}, {"total": 310}, {"total": 205}, {"total": -40})
OTHER = summary(False, {"total": 500}, {"total": 310}, {"total": 205}, {"total": -40})
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')

ELSEWHERE = (
    "This form was already sent from another browser or by another user. Nothing was "
    "done now. Reload the page to see what is there and send it again from there."
)
CHANGED = (
    "This form was already sent, with other values. Nothing was changed now. Reload the "
    "page, check what is there now, and send your change again."
)


def browser(client: Client | None = None) -> tuple[Client, str]:
    """A browser that checks CSRF as a real one is checked, with the CSRF cookie it got
    when a page was shown; (client, its CSRF token for forms)."""
    client = client or Client(enforce_csrf_checks=True)
    client.handler.enforce_csrf_checks = True
    secret = _get_new_csrf_string()
    client.cookies["csrftoken"] = secret
    return client, secret


def page(response) -> str:
    return response.content.decode()


def secrets_in(html: str) -> set[str]:
    """The CSRF secrets behind the (masked) tokens of a page's forms."""
    return {_unmask_cipher_token(token) for token in TOKEN.findall(html)}


def entered(table, key: str, secret: str, data=AHEAD, player: int = 0) -> dict[str, str]:
    return {
        **as_post(data, table.version, player=str(table.entries[player].pk)),
        FIELD: key,
        "csrfmiddlewaretoken": secret,
    }


def test_another_browser_with_the_same_key_gets_nothing_of_the_first_answer(two_clubs):
    table = game_table(two_clubs.a)
    # The first browser's answer is a page (a form with its CSRF token): the version it
    # sends is stale, so the form comes back with the conflict.
    game_table_version = table.version
    first, first_secret = browser()
    first.post(table.link, entered(table, str(uuid.uuid4()), first_secret))
    key = str(uuid.uuid4())
    stale = {**entered(table, key, first_secret, player=1), "version": game_table_version}
    answer = first.post(table.link, stale)
    assert answer.status_code == 200
    assert first_secret in secrets_in(page(answer))  # what the answer must not give away
    second, second_secret = browser()
    copied = {**stale, "csrfmiddlewaretoken": second_secret}
    refused = second.post(table.link, copied)
    assert refused.status_code == 409
    assert escape(dutch(ELSEWHERE)) in page(refused)
    assert "Idempotent-Replayed" not in refused
    assert first_secret not in secrets_in(page(refused))
    assert page(refused) != page(answer)
    # Nothing was done for it: one result, one answer stored.
    assert ResultEntry.objects.filter(table=table.table).count() == 1
    assert IdempotentAnswer.objects.filter(key=key).count() == 1


def test_a_saved_entry_is_not_saved_again_for_another_browser(two_clubs):
    table = game_table(two_clubs.a)
    key = str(uuid.uuid4())
    first, first_secret = browser()
    assert first.post(table.link, entered(table, key, first_secret)).status_code == 302
    second, second_secret = browser()
    refused = second.post(table.link, entered(table, key, second_secret, player=1))
    assert refused.status_code == 409
    assert "Location" not in refused
    assert ResultEntry.objects.filter(table=table.table).count() == 1
    assert ActionLog.objects.filter(action="result.entered").count() == 1


def test_an_admin_replaying_a_directors_key_does_not_get_the_directors_page(two_clubs):
    table = game_table(two_clubs.a)
    key = str(uuid.uuid4())
    director, director_secret = browser(client_for(two_clubs.director))
    data = {**as_post(AHEAD, table.version), FIELD: key, "csrfmiddlewaretoken": director_secret}
    assert director.post(table.page, data).status_code == 302
    # The admin may open the same page, and sends the director's key from the same
    # browser (the director's CSRF cookie too): another user, so not the director's answer.
    admin = client_for(two_clubs.admin)
    admin.handler.enforce_csrf_checks = True
    admin.cookies["csrftoken"] = director_secret
    assert admin.get(table.page).status_code == 200
    refused = admin.post(table.page, data)
    assert refused.status_code == 409
    assert escape(dutch(ELSEWHERE)) in page(refused)
    assert "Idempotent-Replayed" not in refused
    assert ResultEntry.objects.filter(table=table.table).count() == 1


def test_the_same_key_with_other_values_is_refused_and_changes_nothing(two_clubs):
    table = game_table(two_clubs.a)
    key = str(uuid.uuid4())
    phone, secret = browser()
    version = table.version
    assert phone.post(table.link, entered(table, key, secret)).status_code == 302
    changed = {**entered(table, key, secret, data=OTHER), "version": version}
    refused = phone.post(table.link, changed)
    assert refused.status_code == 409
    assert escape(dutch(CHANGED)) in page(refused)
    assert dutch("Back to the page") in page(refused)
    result = ResultEntry.objects.get(table=table.table)
    assert [side["total"] for side in result.data["sides"]] == [455, 310, 205, -40]
    assert table.version == version + 1


def test_the_same_browser_sending_the_same_again_gets_the_stored_answer(two_clubs):
    """The offline queue's repeat: the same phone (its CSRF cookie; a fresh token in the
    form, as a reloaded page has) sends the same fields again, before or after the
    cookies of the first answer arrived."""
    table = game_table(two_clubs.a)
    key = str(uuid.uuid4())
    phone, secret = browser()
    version = table.version
    first = phone.post(table.link, entered(table, key, secret))
    assert first.status_code == 302
    lost, _other = browser()  # the same phone, without the first answer's cookies
    lost.cookies["csrftoken"] = secret
    for sender in (phone, lost):
        again = sender.post(table.link, entered(table, key, secret) | {"version": version})
        assert again.status_code == 302
        assert again["Location"] == first["Location"]
        assert again["Idempotent-Replayed"] == "true"
    assert ResultEntry.objects.filter(table=table.table).count() == 1
    assert ActionLog.objects.filter(action="result.entered").count() == 1
    assert table.version == version + 1


def test_the_refusal_is_in_the_pages_language(two_clubs):
    table = game_table(two_clubs.a)
    key = str(uuid.uuid4())
    first, first_secret = browser()
    first.post(table.link, entered(table, key, first_secret))
    second, second_secret = browser()
    second.cookies["troef_language"] = "de"
    refused = second.post(table.link, entered(table, key, second_secret))
    assert refused.status_code == 409
    assert "Dieses Formular wurde schon" in page(refused)
