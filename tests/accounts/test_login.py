"""Logging in, and the limits on wrong passwords (django-axes, and clubs.auth's limit per
address over all user names)."""

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.db.models import F, Sum
from django.test import Client
from django.urls import reverse

from ..conftest import PASSWORD
from ..factories import UserFactory

LOGIN = reverse("site:login")
CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')


def attempt(username, password, address="10.1.1.1", client=None):
    client = client or Client(REMOTE_ADDR=address)
    return client.post(LOGIN, {"username": username, "password": password})


def fail(times: int, username="kees") -> None:
    for _ in range(times):
        attempt(username, "fout")


def time_passes(minutes: int) -> None:
    """Move the recorded attempts back in time, as if `minutes` had passed."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


def page(response) -> bytes:
    return CSRF.sub(b"", response.content).replace(b"ghost", b"USER").replace(b"kees", b"USER")


@pytest.fixture
def kees(db):
    return UserFactory(username="kees")


def test_the_right_password_logs_in(kees):
    response = attempt("kees", PASSWORD)
    assert response.status_code == 302
    assert response.url == reverse("clubs:front")


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


# --- the limit per address, over all user names ------------------------------------------

ADDRESS_LOCK = "vanaf dit adres een tijdje geblokkeerd"
PAIR_LOCK = "met deze gebruikersnaam"


def recorded_failures(address="10.1.1.1") -> int:
    total = AccessAttempt.objects.filter(ip_address=address).aggregate(
        n=Sum("failures_since_start")
    )
    return total["n"] or 0


def test_a_password_spray_from_one_address_locks_the_address(kees):
    """9 wrong passwords for each of 40 user names (under the limit of 10 per name): the
    50th failure from the address locks it for every user name."""
    answers = []
    for number in range(40):
        name = "kees" if number == 7 else f"lid{number:02}"
        answers += [attempt(name, "fout").status_code for _ in range(9)]
    assert answers[:49] == [200] * 49
    assert answers[49:] == [429] * (360 - 49)
    # Refused attempts are not counted: the lock ends as the counted ones age.
    assert recorded_failures() == 50
    client = Client(REMOTE_ADDR="10.1.1.1")
    refused = attempt("kees", PASSWORD, client=client)
    assert refused.status_code == 429
    assert ADDRESS_LOCK in refused.content.decode()
    assert "_auth_user_id" not in client.session
    # Another address is not affected.
    assert attempt("kees", PASSWORD, address="10.2.2.2").status_code == 302


def test_forty_nine_failures_over_many_names_do_not_lock(kees):
    for number in range(7):
        for _ in range(7):
            assert attempt(f"lid{number}", "fout").status_code == 200
    assert recorded_failures() == 49
    assert attempt("kees", PASSWORD).status_code == 302


def test_the_address_lock_shows_the_lock_page_in_the_chosen_language(kees):
    for number in range(10):
        fail(5, username=f"lid{number}")
    english = Client(REMOTE_ADDR="10.1.1.1")
    english.cookies["troef_language"] = "en"
    page = attempt("kees", PASSWORD, client=english)
    assert page.status_code == 429
    assert "Logging in from this address is blocked" in page.content.decode()
    german = Client(REMOTE_ADDR="10.1.1.1")
    german.cookies["troef_language"] = "de"
    assert "von dieser Adresse aus eine Weile gesperrt" in (
        attempt("ghost", "fout", client=german).content.decode()
    )


def test_a_login_does_not_clear_the_count_of_other_user_names(kees):
    """An attacker with an account of their own cannot reset the address's count by
    logging in between rounds of guesses."""
    for number in range(9):
        fail(5, username=f"lid{number}")
    fail(4, username="kees")
    assert attempt("kees", PASSWORD).status_code == 302  # clears kees's 4 only
    assert recorded_failures() == 45
    answers = [attempt("lid9", "fout").status_code for _ in range(5)]
    assert answers == [200, 200, 200, 200, 429]


def test_the_address_lock_ends_when_its_failures_are_fifteen_minutes_old(kees):
    for number in range(10):
        fail(5, username=f"lid{number}")
    assert attempt("kees", PASSWORD).status_code == 429
    time_passes(minutes=10)
    assert attempt("kees", "fout").status_code == 429  # not counted, not prolonging
    time_passes(minutes=6)
    assert attempt("kees", PASSWORD).status_code == 302


def test_the_lock_per_user_name_still_comes_first(kees):
    """Ten failures for one name lock that name at that address (the page says so), and
    leave the address open for the other names."""
    fail(10)
    locked = attempt("kees", PASSWORD)
    assert locked.status_code == 429
    assert PAIR_LOCK in locked.content.decode()
    assert ADDRESS_LOCK not in locked.content.decode()
    UserFactory(username="anna")
    assert attempt("anna", PASSWORD).status_code == 302
