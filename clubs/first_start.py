"""The site's first start: who may use the set-up page, and its one-time code.

An empty site opens on the set-up page ("Nieuwe club beginnen"), in the browser of the
laptop it runs on. From that laptop (a loopback address, with no proxy in between) the
page needs nothing more. From any other address it needs the one-time code that
``manage.py venue`` prints in its terminal when it starts on a site without a club of
its own (:func:`code_for_venue`); a browser that gave the right code keeps that in its
session. Wrong codes are counted in the database (clubs.tries): after TRIES wrong ones
in TRIES_SECONDS nothing more is checked until that time has passed.

Once the first club exists the page is gone for good (clubs.selectors.setup_open):
every view here answers 404. The demo clubs do not count as the site's own clubs: a
site that holds only them still offers set-up (try the demo first, then start).
"""

from __future__ import annotations

import ipaddress
import secrets
from functools import wraps

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils import translation
from django.utils.crypto import constant_time_compare, salted_hmac

from . import selectors, services, tries
from .auth import client_ip
from .forms import SetupCodeForm

#: The code's letters: no 0/O, 1/I/L, so that it is read off a terminal without doubt.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 8
#: Wrong codes allowed (over all addresses) before the page stops checking for a while.
TRIES = 10
TRIES_SECONDS = 15 * 60
TRIES_KEY = "first-start-code"
SESSION_KEY = "troef_first_start"
_SALT = "troef.first-start-code"


def new_code() -> str:
    """A fresh code, as printed: two groups of four (ABCD-EFGH)."""
    code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{code[:4]}-{code[4:]}"


def normalise(code: str) -> str:
    """What was typed, without spaces and dashes, in capitals."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


def digest(code: str) -> str:
    return salted_hmac(_SALT, normalise(code), algorithm="sha256").hexdigest()


def code_for_venue() -> str | None:
    """For ``manage.py venue`` at its start: a new one-time code while set-up is open
    (it replaces the code of an earlier start), else None."""
    if not selectors.setup_open():
        return None
    code = new_code()
    services.setup_code_new(digest(code))
    return code


def is_local(request) -> bool:
    """Does the request come from this laptop's own browser: a loopback address, and no
    proxy in front (a proxy on the same machine makes every caller look local)?"""
    address = client_ip(request)
    try:
        loopback = ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
    proxied = any(
        header in request.META
        for header in ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")
    )
    return loopback and (not proxied or settings.TRUSTED_PROXY_COUNT > 0)


def _session_token(code_digest: str) -> str:
    return salted_hmac(f"{_SALT}:session", code_digest, algorithm="sha256").hexdigest()


def has_code(request) -> bool:
    """Did this browser give the code that holds now?"""
    current = selectors.setup_code_digest()
    given = request.session.get(SESSION_KEY, "")
    return bool(current and given) and constant_time_compare(given, _session_token(current))


def browser_language(request) -> None:
    """The first start speaks the browser's language (Accept-Language) unless the
    language menu chose one: there is no club yet whose language to take. The rest of
    the site stays Dutch unless chosen (clubs.middleware.LanguageMiddleware)."""
    if request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME):
        return
    language = translation.get_language_from_request(request)
    if language in {code for code, _name in settings.LANGUAGES}:
        translation.activate(language)
        request.LANGUAGE_CODE = language


def may_set_up(request) -> bool:
    return is_local(request) or has_code(request)


def check_code(request, code: str) -> str:
    """Check a typed code; remember it in the session when right. Returns "right",
    "wrong", "locked" (too many wrong codes: not checked) or "none" (no code was made:
    the venue has not been started)."""
    current = selectors.setup_code_digest()
    if not current:
        return "none"
    if not tries.take(TRIES_KEY, limit=TRIES, seconds=TRIES_SECONDS):
        return "locked"
    if not constant_time_compare(digest(code), current):
        return "wrong"
    tries.clear(TRIES_KEY)
    request.session[SESSION_KEY] = _session_token(current)
    return "right"


def setup_page(view):
    """A view of the first start: 404 once set-up is done; the code page for a browser
    elsewhere that has not given the code yet."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not selectors.setup_open():
            raise Http404
        browser_language(request)
        if not may_set_up(request):
            return code_page(request, SetupCodeForm())
        return view(request, *args, **kwargs)

    return wrapped


def code_page(request, form):
    """The page that asks for the code, and says where to find it (403: not yet)."""
    return render(
        request,
        "clubs/first_start_code.html",
        {"form": form, "venue_code": bool(selectors.setup_code_digest())},
        status=403,
    )
