"""The language cookie (troef_language, set by the language menu) goes with the site's
own requests only: SameSite=Lax like the session and CSRF cookies, and Secure where the
site runs on HTTPS."""

from django.conf import settings
from django.test import Client


def test_the_language_cookie_is_same_site_lax(db):
    response = Client().post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert response.status_code == 302
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "de"
    assert cookie["samesite"] == "Lax"
    assert bool(cookie["secure"]) == settings.HTTPS == settings.SESSION_COOKIE_SECURE
