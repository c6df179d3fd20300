"""Sent once (clubs.idempotency): a POST carrying an idempotency key is done at most once
per key and path; a repeat from the same browser gets the first answer (status, Location,
page, messages) and stores nothing new, also when the first answer never arrived. Through
the real result pages, on the SQLite file database here and PostgreSQL under `make
test-services`. Who else may send the key: tests/clubs/test_idempotency_owner.py."""

import re
import uuid
from datetime import timedelta

import pytest
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client, RequestFactory
from django.utils import timezone
from django.utils.html import escape

from clubs.idempotency import FIELD, KEEP, idempotent, prune
from clubs.models import ActionLog, Club, IdempotentAnswer
from scoring.models import ResultEntry
from scoring.services import ResultConflictError

from ..at_once import (
    THREADS,
    assert_row_locks,
    assert_writers_serialised,
    row_lock,
    run_at_once,
    serialised_on_sqlite,
)
from ..conftest import client_for
from ..factories import ClubFactory
from ..translated import dutch
from .helpers import as_post, game_table, page_html, summary

Status = ResultEntry.Status
AHEAD = summary(False, {"total": 455}, {"total": 310}, {"total": 205}, {"total": -40})
KEY_FIELD = re.compile(rf'name="{FIELD}" value="([0-9a-f-]{{36}})"')


SAVED = "The result is saved. A second person confirms it."


@pytest.fixture
def table(two_clubs):
    """A Duizenden table of four (final scores) in club A."""
    return game_table(two_clubs.a)


def at_table(table, key: str, player: int = 0) -> dict[str, str]:
    """What the table's form posts for AHEAD, as shown now."""
    return {**as_post(AHEAD, table.version, player=str(table.entries[player].pk)), FIELD: key}


def phone(secret: str | None = None) -> Client:
    """A browser as it posts a form: with the CSRF cookie it got when the form was shown.
    Two with the same `secret` are one browser, the second without the cookies the
    first one's answers set (the answer never arrived)."""
    client = Client()
    client.cookies["csrftoken"] = secret or _get_new_csrf_string()
    return client


def post_at_table(table, key: str, secret: str | None = None):
    return phone(secret).post(table.link, at_table(table, key))


# --- the form carries a key ----------------------------------------------------------------


def test_every_form_shown_carries_its_own_key(table, two_clubs):
    link = f"{table.link}?player={table.entries[0].pk}"
    first, second = (KEY_FIELD.findall(page_html(Client().get(link))) for _ in range(2))
    assert len(first) == len(second) == 1
    assert first != second  # a fresh key per page shown
    uuid.UUID(first[0])
    # The director's page: renew the table's link, the result form, and confirm and set
    # aside for an open entry.
    post_at_table(table, str(uuid.uuid4()))
    keys = KEY_FIELD.findall(page_html(client_for(two_clubs.director).get(table.page)))
    assert len(keys) == len(set(keys)) == 4
    # The texts the script shows while the wifi is gone, in the page's language (on the
    # page of a player of another side: they confirm, or enter what they think is right).
    unsent = "Not sent yet: no connection. Troef sends it again as soon as there is one."
    other = f"{table.link}?player={table.entries[1].pk}"
    assert f'data-unsent="{escape(dutch(unsent))}"' in page_html(Client().get(other))


# --- same key, different keys, another path ------------------------------------------------


def test_the_same_key_twice_stores_one_result_and_answers_the_same(table):
    version = table.version
    data = at_table(table, str(uuid.uuid4()))
    secret = _get_new_csrf_string()
    first = phone(secret).post(table.link, data)
    # The answer never reached the phone (its session cookie neither) and it sends again.
    again = phone(secret).post(table.link, data)
    assert (first.status_code, again.status_code) == (302, 302)
    assert again["Location"] == first["Location"]
    assert again["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first
    assert ResultEntry.objects.filter(table=table.table).count() == 1
    assert ActionLog.objects.filter(action="result.entered").count() == 1
    assert table.version == version + 1  # done once
    assert IdempotentAnswer.objects.count() == 1


def test_a_repeat_shows_the_first_answers_message(table):
    """The saved-message travels with the redirect; the phone that lost the answer sees it
    after the repeat, as it would have after the first."""
    data = at_table(table, str(uuid.uuid4()))
    secret = _get_new_csrf_string()
    phone(secret).post(table.link, data)
    shown = phone(secret).post(table.link, data, follow=True)
    assert shown.status_code == 200
    assert escape(dutch(SAVED)) in page_html(shown)
    assert ResultEntry.objects.filter(table=table.table).count() == 1


def test_a_refusal_is_answered_again_too(table):
    """The first answer was a form error (the version was stale): the repeat gets the same
    page, and the view is not run again."""
    post_at_table(table, str(uuid.uuid4()))
    key = str(uuid.uuid4())
    data = {**at_table(table, key, player=1), "version": "0"}
    browser = phone()
    first = browser.post(table.link, data)
    assert first.status_code == 200
    assert escape(dutch(ResultConflictError().message)) in page_html(first)
    again = browser.post(table.link, data)
    assert (again.status_code, again.content) == (200, first.content)
    assert again["Content-Type"] == first["Content-Type"]


def test_different_keys_are_two_attempts(table):
    version = table.version
    data = as_post(AHEAD, version, player=str(table.entries[0].pk))
    browser = phone()
    first = browser.post(table.link, {**data, FIELD: str(uuid.uuid4())})
    second = browser.post(table.link, {**data, FIELD: str(uuid.uuid4())})
    assert first.status_code == 302
    # The second ran: the service saw the version had moved on and said so.
    assert second.status_code == 200
    assert escape(dutch(ResultConflictError().message)) in page_html(second)
    assert ResultEntry.objects.filter(table=table.table).count() == 1
    assert IdempotentAnswer.objects.count() == 2


def test_a_key_reused_on_another_path_is_not_confused(two_clubs):
    one, two = game_table(two_clubs.a), game_table(two_clubs.a)
    key = str(uuid.uuid4())
    answers = [post_at_table(table, key) for table in (one, two)]
    assert [answer.status_code for answer in answers] == [302, 302]
    assert answers[0]["Location"] != answers[1]["Location"]
    assert "Idempotent-Replayed" not in answers[1]
    assert ResultEntry.objects.filter(table__in=[one.table, two.table]).count() == 2


def test_the_directors_confirm_and_set_aside_are_done_once(table, two_clubs):
    post_at_table(table, str(uuid.uuid4()))
    result = ResultEntry.objects.get(table=table.table)
    director = client_for(two_clubs.director)
    data = {"action": "confirm", "result": result.pk, "version": table.version}
    key = str(uuid.uuid4())
    first = director.post(table.page, {**data, FIELD: key})
    again = director.post(table.page, {**data, FIELD: key}, follow=True)
    assert first.status_code == 302
    assert escape(dutch("The result is confirmed.")) in page_html(again)
    assert dutch(ResultConflictError().message) not in page_html(again)
    assert ActionLog.objects.filter(action="result.confirmed").count() == 1
    result.refresh_from_db()
    assert result.status == Status.CONFIRMED


def test_a_directors_entry_is_stored_once(table, two_clubs):
    key = str(uuid.uuid4())
    data = {**as_post(AHEAD, table.version), FIELD: key}
    director = client_for(two_clubs.director)
    answers = [director.post(table.page, data) for _ in range(3)]
    assert [answer.status_code for answer in answers] == [302, 302, 302]
    assert ResultEntry.objects.filter(table=table.table).count() == 1


def test_someone_else_cannot_read_a_directors_answer_by_its_key(table, two_clubs):
    """The decorator sits inside the permission check: the key opens nothing."""
    key = str(uuid.uuid4())
    data = {**as_post(AHEAD, table.version), FIELD: key}
    client_for(two_clubs.director).post(table.page, data)
    other = client_for(two_clubs.other_director).post(table.page, data)
    assert other.status_code in (403, 404)
    assert "Idempotent-Replayed" not in other


# --- bad keys, no key, GET -----------------------------------------------------------------


@pytest.mark.parametrize("key", ["short", "x" * 65, "<script>alert(1)</script>", "ab cd" * 5])
def test_a_malformed_key_is_refused_with_a_message(table, key):
    response = post_at_table(table, key)
    assert response.status_code == 400
    refusal = dutch("This form is incomplete or was changed; reload the page.")
    assert escape(refusal) in page_html(response)
    assert not ResultEntry.objects.exists()
    assert not IdempotentAnswer.objects.exists()


def test_a_post_without_a_key_works_as_before(table):
    data = as_post(AHEAD, table.version, player=str(table.entries[0].pk))
    assert Client().post(table.link, data).status_code == 302
    assert ResultEntry.objects.filter(table=table.table).count() == 1
    assert not IdempotentAnswer.objects.exists()


# --- the decorator on its own: rollback, messages, pruning ---------------------------------

factory = RequestFactory()
BROWSER = _get_new_csrf_string()


def _request(key: str, path: str = "/somewhere/"):
    from django.contrib.messages.storage.fallback import FallbackStorage
    from django.contrib.sessions.backends.db import SessionStore

    request = factory.post(path, {FIELD: key})
    request.META["CSRF_COOKIE"] = BROWSER  # one browser sends them all
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    return request


def test_a_view_that_fails_stores_neither_its_writes_nor_the_key(db):
    """A crash half-way leaves nothing: not the view's writes, not the key. The repeat
    then runs the view for real."""
    calls = []

    @idempotent
    def view(request):
        Club.objects.create(name=f"Club {len(calls)}", slug=f"club-{len(calls)}")
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the laptop's lid was closed")
        messages.success(request, "done")
        return HttpResponse("made", status=201)

    key = str(uuid.uuid4())
    with pytest.raises(RuntimeError):
        view(_request(key))
    assert not Club.objects.exists()
    assert not IdempotentAnswer.objects.exists()
    assert view(_request(key)).status_code == 201
    again = _request(key)
    replayed = view(again)
    assert (replayed.status_code, replayed.content) == (201, b"made")
    assert [str(m) for m in again._messages._queued_messages] == ["done"]
    assert len(calls) == 2
    assert Club.objects.count() == 1


def test_old_answers_are_pruned(db):
    @idempotent
    def view(request):
        return HttpResponse(str(uuid.uuid4()))

    old, new = str(uuid.uuid4()), str(uuid.uuid4())
    first_old = view(_request(old)).content
    IdempotentAnswer.objects.filter(key=old).update(
        created_at=timezone.now() - KEEP - timedelta(minutes=1)
    )
    view(_request(new))  # storing a new answer prunes the old
    assert list(IdempotentAnswer.objects.values_list("key", flat=True)) == [new]
    assert view(_request(old)).content != first_old  # forgotten: runs again
    assert prune() == 0


def test_the_database_keeps_one_answer_per_key_and_path(db):
    IdempotentAnswer.objects.create(key="k" * 20, path="/a/")
    IdempotentAnswer.objects.create(key="k" * 20, path="/b/")
    with pytest.raises(IntegrityError), transaction.atomic():
        IdempotentAnswer.objects.create(key="k" * 20, path="/a/")


def test_a_get_is_never_stored(table):
    assert Client().get(table.link, {FIELD: str(uuid.uuid4())}).status_code == 200
    assert not IdempotentAnswer.objects.exists()


# --- at the same moment --------------------------------------------------------------------


@pytest.fixture
def live_table(transactional_db):
    return game_table(ClubFactory())


def test_the_same_post_arriving_at_once_stores_one_result(live_table):
    """A phone's retry overtaking its first attempt: THREADS copies of one POST with one
    key at the same moment store one result, and every copy gets the first answer."""
    table = live_table
    key = str(uuid.uuid4())
    data = at_table(table, key)
    secret = _get_new_csrf_string()  # one phone: its copies carry one CSRF cookie
    responses = run_at_once(lambda _i: phone(secret).post(table.link, data))
    assert all(hasattr(response, "status_code") for response in responses), responses
    assert [response.status_code for response in responses] == [302] * THREADS
    assert len({response["Location"] for response in responses}) == 1
    replayed = [r for r in responses if r.get("Idempotent-Replayed") == "true"]
    assert len(replayed) == THREADS - 1
    assert ResultEntry.objects.filter(table=table.table).count() == 1
    assert ActionLog.objects.filter(action="result.entered").count() == 1
    assert IdempotentAnswer.objects.count() == 1


def different_keys_at_once_are_each_answered(live_table):
    """Different keys at the same moment do not wait on one another's key: each runs, one
    result is stored, the others hear of the conflict (not a 500)."""
    table = live_table
    version = table.version
    base = as_post(AHEAD, version, player=str(table.entries[0].pk))
    responses = run_at_once(lambda _i: phone().post(table.link, {**base, FIELD: str(uuid.uuid4())}))
    assert all(hasattr(response, "status_code") for response in responses), responses
    assert sorted(response.status_code for response in responses) == [200] * (THREADS - 1) + [302]
    assert ResultEntry.objects.filter(table=table.table).count() == 1
    assert IdempotentAnswer.objects.count() == THREADS


@row_lock
def test_different_keys_at_once_are_each_answered(live_table):
    assert_row_locks()
    different_keys_at_once_are_each_answered(live_table)


@serialised_on_sqlite
def test_different_keys_at_once_are_each_answered_on_sqlite(live_table):
    assert_writers_serialised()
    different_keys_at_once_are_each_answered(live_table)
