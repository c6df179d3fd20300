"""The venue's terminal speaks the club's language (issue 38): --lang, then the system's
locale, then Dutch (config.terminal); the banner's words come from the site's catalogues.
The banner itself, in Dutch, is checked on the running venue (test_venue_server.py) and
in German from the installed wheel (tests/dist/test_wheel.py)."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext

from config import terminal

from .helpers import manage


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "nl"),
        ({"LANG": "C.UTF-8"}, "nl"),
        ({"LANG": "POSIX"}, "nl"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "nl_BE.UTF-8@euro"}, "nl"),
        ({"LANG": "fr_FR.UTF-8"}, "nl"),  # a language Troef does not speak: Dutch
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "de_AT.UTF-8"}, "de"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "nl_NL.UTF-8", "LC_MESSAGES": "de_DE"}, "nl"),
        ({"LANG": "nl_NL.UTF-8", "LANGUAGE": "de:en"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, "de"),  # C names no language: on to LANG
        ({"LANG": "Dutch_Netherlands.1252"}, "nl"),  # Windows' way of naming it
        ({"LANG": "German_Germany"}, "de"),
    ],
)
def test_the_systems_language(environ, expected):
    assert terminal.language(None, environ) == expected


def test_lang_wins_over_the_system():
    assert terminal.language("en", {"LANG": "de_DE.UTF-8"}) == "en"
    assert terminal.language("de", {}) == "de"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("nl", "Telefoons op hetzelfde netwerk openen:"),
        ("de", "Handys im selben Netzwerk öffnen:"),
        ("en", "Phones on the same network open:"),
    ],
)
def test_the_banners_words_in_each_language(language, words):
    with translation.override(language):
        banner = gettext("Troef runs for the venue. Phones on the same network open:")
        stopped = gettext("Troef has stopped.")
        laptop = gettext("On this laptop %(url)s works too.") % {"url": "http://127.0.0.1:1/"}
    assert banner.endswith(words)
    assert stopped.startswith("Troef ")
    assert "http://127.0.0.1:1/" in laptop


def test_a_language_troef_does_not_speak_is_one_line_and_status_2(tmp_path):
    done = manage(tmp_path / "var", "venue", "--lang", "fr", "--port", "1")
    assert done.returncode == 2
    error = done.stderr.decode()
    assert error.count("\n") == 1, error
    assert "--lang" in error
    assert not (tmp_path / "var" / "troef.sqlite3").exists()
