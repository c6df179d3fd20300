"""Language choice (Dutch unless the visitor picked another language), and the answer
when the database cannot be written or cannot be reached."""

from __future__ import annotations

import logging
import sys

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.views import defaults

from config.database import database_name, first_line, is_read_only_error, is_unreachable_error

log = logging.getLogger("troef.database")


class LanguageMiddleware:
    """Activates the language in the language cookie (set by the language menu through
    Django's set_language view), else LANGUAGE_CODE (Dutch).

    Django's own LocaleMiddleware would fall back to the browser's Accept-Language; a
    Dutch club site opened on an English phone should still open in Dutch.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.supported = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        language = chosen if chosen in self.supported else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ("Cookie",))
        translation.deactivate()
        return response


#: When a browser (or resend.js, which sends a kept entry again on a 5xx) may try again.
RETRY_AFTER_SECONDS = 30


def database_fault_response(request: HttpRequest, exception: BaseException) -> HttpResponse | None:
    """The 503 page and one log line naming the database, when `exception` is the
    database refusing a write (read-only) or not answering (unreachable); else None."""
    if is_read_only_error(exception):
        unreachable = False
        what = "The database cannot be written"
    elif is_unreachable_error(exception):
        unreachable = True
        what = "The database cannot be reached"
    else:
        return None
    log.error(
        "%s: %s (%s); answered %s %s with 503.",
        what,
        database_name(),
        first_line(exception),
        request.method,
        request.path,
    )
    session = getattr(request, "session", None)
    if session is not None:
        session.modified = False  # saving it would fail the same way
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    language = chosen if chosen in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE
    with translation.override(language):
        page = render_to_string("503.html", {"unreachable": unreachable})
    response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response._has_been_logged = True  # the line above says it; Django need not repeat it
    return response


class ReadOnlyDatabaseMiddleware:
    """A write the database refuses because it is read-only (a file copied with the
    wrong owner, a disk mounted read-only, a PostgreSQL standby), or a database that does
    not answer (a PostgreSQL server that is down, a SQLite file that cannot be opened), is
    answered with the 503 page and one log line naming the database, instead of a 500
    and a traceback. Nothing was saved: the write failed as a whole.

    Faults raised in a view or its template come here; those raised by another
    middleware (a session saved after the view) reach :func:`server_error`."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        return database_fault_response(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: the database's 503 page when the error is a database fault (one that
    no view saw: raised by a middleware), else Django's 500 page."""
    exception = sys.exc_info()[1]
    if exception is not None:
        response = database_fault_response(request, exception)
        if response is not None:
            return response
    return defaults.server_error(request)
