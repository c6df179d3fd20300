"""Language choice (Dutch unless the visitor picked another language), and the answer
when the database cannot be written."""

from __future__ import annotations

import logging

from django.conf import settings
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_vary_headers

from config.database import database_name, is_read_only_error

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


class ReadOnlyDatabaseMiddleware:
    """A write the database refuses because it is read-only (a file copied with the
    wrong owner, a disk mounted read-only, a PostgreSQL standby) is answered with the
    503 page "the database cannot be written" and one log line naming the database,
    instead of a 500 and a traceback. Nothing was saved: the write failed as a whole."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not is_read_only_error(exception):
            return None
        log.error(
            "The database cannot be written: %s (%s); answered %s %s with 503.",
            database_name(),
            str(exception).splitlines()[0] if str(exception) else type(exception).__name__,
            request.method,
            request.path,
        )
        session = getattr(request, "session", None)
        if session is not None:
            session.modified = False  # saving it would fail the same way
        response = HttpResponse(render_to_string("503.html"), status=503)
        response._has_been_logged = True  # the line above says it; Django need not repeat it
        return response
