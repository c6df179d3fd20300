"""Logging in, and the limit on wrong passwords (django-axes)."""

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse

from .conftest import PASSWORD
from .factories import UserFactory

LOGIN = reverse("login")
CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')


def attempt(username, password, address="10.1.1.1", client=None):
    client = client or Client(REMOTE_ADDR=address)
    return client.post(LOGIN, {"username": username, "password": password})


def fail(times: int, username="kees") -> None:
    for _ in range(times):
        attempt(username, "fout")


def time_passes(minutes: int) -> None:
    """Move the recorded attempts back in time, as if `minutes` had passed."""
    attempt = AccessAttempt.objects.get()
    AccessAttempt.objects.filter(pk=attempt.pk).update(
        attempt_time=attempt.attempt_time - timedelta(minutes=minutes)
    )


def page(response) -> bytes:
    return CSRF.sub(b"", response.content).replace(b"ghost", b"USER").replace(b"kees", b"USER")


@pytest.fixture
def kees(db):
    return UserFactory(username="kees")


def test_the_right_password_logs_in(kees):
    response = attempt("kees", PASSWORD)
    assert response.status_code == 302
    assert response.url == reverse("front")


def test_ten_failures_lock_out_and_then_the_right_password_is_refused(kees):
    for _ in range(9):
        response = attempt("kees", "fout")
        assert response.status_code == 200
        assert b"errornote" in response.content or b"errorlist" in response.content
    locked = attempt("kees", "fout")
    assert locked.status_code == 429
    client = Client(REMOTE_ADDR="10.1.1.1")
    refused = attempt("kees", PASSWORD, client=client)
    assert refused.status_code == 429
    assert b"15" in refused.content  # the page says how long
    assert "_auth_user_id" not in client.session


def test_the_lock_is_per_user_and_address(kees):
    for _ in range(10):
        attempt("kees", "fout", address="10.1.1.1")
    assert attempt("kees", PASSWORD, address="10.1.1.1").status_code == 429
    assert attempt("kees", PASSWORD, address="10.2.2.2").status_code == 302


def test_known_and_unknown_users_get_the_same_answers(kees):
    for number in range(11):
        known = attempt("kees", "fout")
        unknown = attempt("ghost", "fout")
        assert known.status_code == unknown.status_code, f"attempt {number + 1}"
        assert page(known) == page(unknown), f"attempt {number + 1}"
    assert known.status_code == 429


def test_the_lock_ends_after_fifteen_minutes(kees):
    fail(10)
    assert attempt("kees", PASSWORD).status_code == 429
    time_passes(minutes=16)
    assert attempt("kees", PASSWORD).status_code == 302


def test_attempts_during_the_lock_do_not_prolong_it(kees):
    fail(10)
    time_passes(minutes=10)
    for _ in range(5):
        assert attempt("kees", "fout").status_code == 429
    time_passes(minutes=6)
    assert attempt("kees", PASSWORD).status_code == 302


def test_failures_older_than_fifteen_minutes_do_not_count(kees):
    fail(9)
    time_passes(minutes=16)
    assert attempt("kees", "fout").status_code == 200  # a fresh count: 1 failure
    assert attempt("kees", PASSWORD).status_code == 302


def test_login_errors_are_in_the_chosen_language(kees):
    client = Client(REMOTE_ADDR="10.1.1.1")
    dutch = client.post(LOGIN, {"username": "kees", "password": "fout"})
    assert "Voer een juiste gebruikersnaam en wachtwoord in" in dutch.content.decode()
    client.cookies["troef_language"] = "de"
    german = client.post(LOGIN, {"username": "kees", "password": "fout"})
    assert "Bitte Benutzername und Passwort eingeben" in german.content.decode()
