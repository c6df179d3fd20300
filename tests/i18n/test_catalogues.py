"""Dutch by default, German and English on request; every string translated; the
committed catalogues match their sources."""

import ast
import re
from pathlib import Path

import polib
import pytest
from django.test import Client
from django.urls import reverse

from games import registry

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ("nl", "de")
#: Every catalogue (a folder of ``<language>/LC_MESSAGES/django.po``): the site's, the
#: engine's words the games share and each game's own (the registry finds those for the
#: site's LOCALE_PATHS), and the toy game's that tests/hogerlager plays.
CATALOGUES = [
    ROOT / "locale",
    *registry.locale_paths(),
    ROOT / "tests" / "hogerlager" / "locale",
]
NAMES = [folder.relative_to(ROOT).as_posix() for folder in CATALOGUES]


def catalogue(folder: Path, language: str) -> polib.POFile:
    return polib.pofile(str(folder / language / "LC_MESSAGES" / "django.po"))


def each(languages=LOCALES):
    """(catalogue, language) for every catalogue and language, named."""
    return pytest.mark.parametrize(
        ("folder", "language"),
        [
            pytest.param(folder, language, id=f"{name}-{language}")
            for folder, name in zip(CATALOGUES, NAMES, strict=True)
            for language in languages
        ],
    )


def test_every_catalogue_is_checked():
    """The catalogues above are all there are, and every game played has its own."""
    found = {ROOT / "locale"} | {
        path for top in ("games", "tests") for path in (ROOT / top).rglob("locale")
        if path.is_dir()
    }  # fmt: skip
    assert found == set(CATALOGUES)
    for game in registry.available():
        assert registry.folder(game) / "locale" in CATALOGUES, game
    assert len(CATALOGUES) == 1 + 1 + len(registry.available()) + 1


@each()
def test_every_string_is_translated(folder, language):
    entries = catalogue(folder, language)
    assert len(entries) > 10
    untranslated = [entry.msgid for entry in entries.untranslated_entries()]
    fuzzy = [entry.msgid for entry in entries.fuzzy_entries()]
    assert (untranslated, fuzzy) == ([], [])


@each(("nl", "de", "en"))
def test_compiled_catalogue_matches_its_source(folder, language):
    source = {
        (e.msgctxt, e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items())))
        for e in catalogue(folder, language).translated_entries()
    }
    compiled = {
        (e.msgctxt, e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items())))
        for e in polib.mofile(str(folder / language / "LC_MESSAGES" / "django.mo"))
        if e.msgid
    }
    assert compiled == source, "run `make messages` (or python -m scripts.compile_messages)"


@pytest.mark.parametrize("language", LOCALES)
def test_a_text_in_several_catalogues_reads_the_same_in_each(language):
    """gettext merges the catalogues into one: a text two of them hold (a word of the site
    that a game says too) must not depend on which one wins."""
    seen: dict[tuple[str | None, str], dict[str, str]] = {}
    for folder, name in zip(CATALOGUES, NAMES, strict=True):
        for entry in catalogue(folder, language).translated_entries():
            key = (entry.msgctxt, entry.msgid)
            seen.setdefault(key, {})[name] = entry.msgstr or str(entry.msgstr_plural)
    shared = {key: found for key, found in seen.items() if len(found) > 1}
    assert shared  # the games and the site do share words ("points", "players", ...)
    differing = {key: found for key, found in shared.items() if len(set(found.values())) > 1}
    assert differing == {}


@each()
def test_placeholders_survive_translation(folder, language):

    placeholder = re.compile(r"%\(\w+\)[sd]|\{\{ ?\w+ ?\}\}")
    broken = []
    for entry in catalogue(folder, language).translated_entries():
        wanted = sorted(placeholder.findall(entry.msgid))
        targets = entry.msgstr_plural.values() if entry.msgstr_plural else [entry.msgstr]
        broken += [
            entry.msgid
            for target in targets
            if sorted(placeholder.findall(target)) != wanted and not entry.msgid_plural
        ]
    assert broken == []


#: The polite German address: "Wählen Sie", "Ihre Mitglieder", "Ihnen". (A capital "Sie"
#: after a colon or a full stop is "it"/"they" starting a sentence.)
FORMAL_GERMAN = re.compile(r"\b\w+en Sie\b|\bIhr(?:e|er|en|em|es)?\b|\bIhnen\b")


@pytest.mark.parametrize("folder", CATALOGUES, ids=NAMES)
def test_german_speaks_to_the_reader_as_du_throughout(folder):
    entries = catalogue(folder, "de").translated_entries()
    formal = [e.msgstr for e in entries if FORMAL_GERMAN.search(e.msgstr)]
    assert formal == []
    # the check finds what it is for
    assert FORMAL_GERMAN.search("Wählen Sie, wie viele Minuten dazukommen")
    assert not FORMAL_GERMAN.search("Handys können diese Adresse nicht öffnen: Sie gehört")


def test_dutch_is_the_default_whatever_the_browser_says(two_clubs):
    response = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").get(reverse("clubs:front"))
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
def test_the_language_menu_switches_the_site(two_clubs, language, text):
    client = Client()
    response = client.post(reverse("site:set_language"), {"language": language, "next": "/"})
    assert response.status_code == 302
    page = client.get(reverse("clubs:front"))
    assert page["Content-Language"] == language
    assert text in page.content.decode()


def test_an_unknown_language_cookie_falls_back_to_dutch(db):
    client = Client()
    client.cookies["troef_language"] = "xx"
    assert client.get(reverse("clubs:front"))["Content-Language"] == "nl"


GETTEXT_NAMES = {
    "_",
    "gettext",
    "gettext_lazy",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
}
PROJECT_CODE = ["config", "clubs", "games", "tournaments", "scoring", "printing"]
TEMPLATE_CALL = re.compile(
    r"\b(n?p?gettext)\(((?:u'(?:[^'\\]|\\.)*'|u\"(?:[^\"\\]|\\.)*\")"
    r"(?:\s*,\s*(?:u'(?:[^'\\]|\\.)*'|u\"(?:[^\"\\]|\\.)*\"))*)"
)
LITERAL = re.compile(r"u'(?:[^'\\]|\\.)*'|u\"(?:[^\"\\]|\\.)*\"")


def msgid_of(name: str, strings: list[str]) -> str | None:
    strings = strings[1:] if name.startswith(("pgettext", "npgettext")) else strings
    return strings[0] if strings else None


def python_msgids():
    for package in PROJECT_CODE:
        for path in sorted((ROOT / package).rglob("*.py")) if (ROOT / package).exists() else []:
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in GETTEXT_NAMES
                ):
                    strings = [
                        arg.value
                        for arg in node.args
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                    ]
                    msgid = msgid_of(node.func.id.lstrip("_") or "gettext", strings)
                    if msgid:
                        yield f"{path.relative_to(ROOT)}:{node.lineno}", msgid


def template_msgids():
    from django.utils.translation.template import templatize

    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = templatize(path.read_text(encoding="utf-8"), str(path))
        for match in TEMPLATE_CALL.finditer(text):
            strings = [ast.literal_eval(literal) for literal in LITERAL.findall(match[2])]
            yield str(path.relative_to(ROOT)), msgid_of(match[1], strings)


def owner(where: str) -> Path:
    """The catalogue of the file at ``where`` (relative, ``path:line``): the ``locale`` of
    the nearest folder that has one, as makemessages picks it (the site's for the rest)."""
    folder = (ROOT / where.split(":", maxsplit=1)[0]).parent
    while folder != ROOT and not (folder / "locale").is_dir():
        folder = folder.parent
    return folder / "locale"


def test_every_string_in_the_code_is_in_the_catalogues():
    """What `make messages` would extract, found without GNU gettext: a new string that
    was never extracted (and so never translated) fails here. A game's texts are in its
    own catalogue, the texts the games share in games/locale, the site's in locale/."""
    found = [*python_msgids(), *template_msgids()]
    assert len(found) > 150  # the extraction itself works
    owners = {owner(where) for where, _msgid in found}
    assert owners == {ROOT / "locale", *registry.locale_paths()}
    for language in LOCALES:
        translated = {
            folder: {entry.msgid for entry in catalogue(folder, language).translated_entries()}
            for folder in owners
        }
        missing = sorted(
            {
                f"{where}: {msgid!r}"
                for where, msgid in found
                if msgid not in translated[owner(where)]
            }
        )
        assert missing == [], f"{language}: run `make messages` and translate"
