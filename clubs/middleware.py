"""Language choice: Dutch unless the visitor picked another language."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers


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
