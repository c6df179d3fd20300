"""Dutch by default, German and English on request; every string translated; the
committed catalogues match their sources."""

import re
from pathlib import Path

import polib
import pytest
from django.test import Client
from django.urls import reverse

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ("nl", "de")


@pytest.mark.parametrize("language", LOCALES)
def test_every_string_is_translated(language):
    catalogue = polib.pofile(str(ROOT / f"locale/{language}/LC_MESSAGES/django.po"))
    untranslated = [entry.msgid for entry in catalogue.untranslated_entries()]
    fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]
    assert (untranslated, fuzzy) == ([], [])


@pytest.mark.parametrize("language", ("nl", "de", "en"))
def test_compiled_catalogue_matches_its_source(language):
    folder = ROOT / f"locale/{language}/LC_MESSAGES"
    source = {
        (e.msgctxt, e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items())))
        for e in polib.pofile(str(folder / "django.po")).translated_entries()
    }
    compiled = {
        (e.msgctxt, e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items())))
        for e in polib.mofile(str(folder / "django.mo"))
        if e.msgid
    }
    assert compiled == source, "run `make messages` (or python -m scripts.compile_messages)"


@pytest.mark.parametrize("language", LOCALES)
def test_placeholders_survive_translation(language):

    placeholder = re.compile(r"%\(\w+\)[sd]|\{\{ ?\w+ ?\}\}")
    catalogue = polib.pofile(str(ROOT / f"locale/{language}/LC_MESSAGES/django.po"))
    broken = []
    for entry in catalogue.translated_entries():
        wanted = sorted(placeholder.findall(entry.msgid))
        targets = entry.msgstr_plural.values() if entry.msgstr_plural else [entry.msgstr]
        broken += [
            entry.msgid
            for target in targets
            if sorted(placeholder.findall(target)) != wanted and not entry.msgid_plural
        ]
    assert broken == []


def test_dutch_is_the_default_whatever_the_browser_says(db):
    response = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").get(reverse("front"))
    assert response["Content-Language"] == "nl"
    assert '<html lang="nl">' in response.content.decode()
    assert "Clubs op deze site" in response.content.decode()


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("de", "Vereine auf dieser Website"),
        ("en", "Clubs on this site"),
        ("nl", "Clubs op deze site"),
    ],
)
def test_the_language_menu_switches_the_site(db, language, text):
    client = Client()
    response = client.post(reverse("set_language"), {"language": language, "next": "/"})
    assert response.status_code == 302
    page = client.get(reverse("front"))
    assert page["Content-Language"] == language
    assert text in page.content.decode()


def test_an_unknown_language_cookie_falls_back_to_dutch(db):
    client = Client()
    client.cookies["troef_language"] = "xx"
    assert client.get(reverse("front"))["Content-Language"] == "nl"
