"""The help: its texts in nl, de and en, its pictures, its pages, the "?" on every main page,
and the evening's ten steps as one A4 page read back from the PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from django.urls import NoReverseMatch, reverse

from help import sections

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "static" / "help"
LANGUAGES = ("nl", "de", "en")
#: The steps' titles as the help writes them (the PDF must carry these, in order).
FIRST_AND_LAST = {
    "nl": ("De avond in 10 stappen", "Troef starten en aanmelden", "Afsluiten en back-up"),
    "de": ("Der Abend in 10 Schritten", "Troef starten und anmelden", "Abschließen und sichern"),
    "en": ("The evening in 10 steps", "Start Troef and log in", "Finish and back up"),
}


def page_in(client, url: str, language: str):
    client.cookies["troef_language"] = language
    return client.get(url)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", sections.SECTIONS)
def test_every_section_is_written_in_every_language(slug, language):
    found = sections.section(slug, language)
    assert found is not None
    assert sections.path(slug, language).is_file(), f"{slug} has no {language} text"
    assert not found.fallback
    assert found.title and found.summary
    assert found.markdown.startswith(f"# {found.title}\n")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_picture_the_help_shows_exists(language):
    """The screenshots come from tests/e2e/test_help_screenshots.py; a picture a text
    names that the e2e test does not make (or a typo) fails here, in make test."""
    missing = [
        f"{slug}: {name}"
        for slug in sections.SECTIONS
        for name in sections.images(sections.section(slug, language).markdown)
        if not (IMAGES / language / name).is_file()
    ]
    assert missing == []
    shown = {
        name
        for slug in sections.SECTIONS
        for name in sections.images(sections._read(slug, language))
    }
    assert len(shown) >= 10


def test_every_picture_is_written_as_the_renderer_reads_it():
    """A picture not in the form ``![...](img/<name>.png)`` would escape the check above."""
    for language in LANGUAGES:
        for slug in sections.SECTIONS:
            text = sections.section(slug, language).markdown
            assert len(re.findall(r"!\[", text)) == len(sections.images(text)), (slug, language)


@pytest.mark.parametrize("slug", sections.SECTIONS)
def test_the_languages_have_the_same_places_to_point_to(slug):
    places = {language: sections.anchors(sections._read(slug, language)) for language in LANGUAGES}
    assert places["nl"] == places["de"] == places["en"]
    assert len(set(places["en"])) == len(places["en"])


def test_every_page_in_the_map_exists_and_points_to_a_place_in_the_help():
    from django.urls import get_resolver

    names = {
        f"{namespace}:{name}"
        for namespace, (_prefix, resolver) in get_resolver().namespace_dict.items()
        for name in resolver.reverse_dict
        if isinstance(name, str)
    }
    for url_name, target in sections.PAGE_HELP.items():
        assert url_name in names, url_name
        slug, _sep, anchor = target.partition("#")
        assert slug in sections.SECTIONS, target
        for language in LANGUAGES:
            assert not anchor or anchor in sections.anchors(sections._read(slug, language)), (
                target,
                language,
            )


def test_the_main_pages_each_have_their_own_section():
    main = [
        "clubs:club-home", "clubs:member-list", "clubs:role-list", "tournaments:tournament-list",
        "evenings:tournament-detail", "evenings:round-detail", "tournaments:tournament-checkin",
        "scoring:tournament-standings", "ratings:club-ratings", "disputes:dispute-index",
        "backups:club-export", "venue:venue-connect",
    ]  # fmt: skip
    assert [name for name in main if name not in sections.PAGE_HELP] == []


@pytest.mark.parametrize(("language", "heading"), [("nl", "Hulp"), ("de", "Hilfe"), ("en", "Help")])
def test_the_index_lists_every_section_in_the_page_language(client, db, language, heading):
    answer = page_in(client, "/help/", language)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert f"<h1>{heading}</h1>" in html
    for slug in sections.SECTIONS:
        assert f'href="/help/{slug}/"' in html
        assert sections.section(slug, language).title in html
    assert 'href="/help/evening/print/"' in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_section_page_shows_its_text_and_pictures(client, db, language):
    answer = page_in(client, "/help/venue/", language)
    assert answer.status_code == 200
    html = answer.content.decode()
    found = sections.section("venue", language)
    assert f'<h1 lang="{language}">{found.title}</h1>' in html
    assert 'id="trouble"' in html
    sources = re.findall(r'<img alt="[^"]*" src="([^"]+)"', html)
    assert sources == [f"/static/help/{language}/connect.png"]
    assert "help-fallback" not in html
    assert "<script>" not in html.split("help-text", 1)[1]


def test_the_evening_section_links_its_printable_page(client, db):
    html = page_in(client, "/help/evening/", "nl").content.decode()
    assert 'href="/help/evening/print/"' in html
    assert "Afdrukken als één A4 (PDF)" in html
    assert "/help/evening/print/" not in page_in(client, "/help/seasons/", "nl").content.decode()


def test_an_unknown_section_is_a_404(client, db):
    assert client.get("/help/nothing/").status_code == 404
    assert client.get("/help/../etc/").status_code == 404


def test_a_missing_translation_falls_back_to_english_with_a_note(client, db, tmp_path, monkeypatch):
    for language in ("en", "de"):
        (tmp_path / language).mkdir()
        for slug in sections.SECTIONS:
            if language == "en" or slug != "ratings":
                source = sections.path(slug, language)
                (tmp_path / language / f"{slug}.md").write_text(source.read_text(encoding="utf-8"))
    monkeypatch.setattr(sections, "TEXTS", tmp_path)
    sections._read.cache_clear()
    try:
        html = page_in(client, "/help/ratings/", "de").content.decode()
        assert "noch nicht in deiner Sprache" in html
        assert '<h1 lang="en">Ratings</h1>' in html
        assert "/static/help/en/ratings.png" in html
        other = page_in(client, "/help/seasons/", "de").content.decode()
        assert "noch nicht in deiner Sprache" not in other
    finally:
        sections._read.cache_clear()


def test_raw_html_in_a_text_is_shown_as_text_not_run():
    found = sections.Section(
        "x",
        "en",
        False,
        "X",
        "",
        "# X\n\nHi <script>alert(1)</script> <b onclick=x>b</b>\n\n<div>block</div>\n",
    )
    html = sections.render(found, lambda name: f"/s/{name}")
    assert "<script>" not in html and "<div>" not in html and "<b " not in html
    assert "&lt;script&gt;" in html


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("clubs:member-list", "/help/members/"),
        ("clubs:role-list", "/help/members/#roles"),
        ("clubs:club-home", "/help/start/#club-home"),
        ("tournaments:tournament-list", "/help/evening/"),
        ("ratings:club-ratings", "/help/ratings/"),
        ("backups:club-export", "/help/backups/#export"),
        ("venue:venue-connect", "/help/venue/#phones"),
        ("disputes:dispute-index", "/help/disputes/"),
        ("tournaments:season-list", "/help/seasons/"),
    ],
)
def test_each_main_page_has_a_question_mark_to_its_own_section(client_as, two_clubs, url, expected):
    answer = client_as(two_clubs.admin).get(reverse(url, args=["rooi"]))
    assert answer.status_code == 200
    links = re.findall(r'<a href="([^"]+)" class="help-link"[^>]*>\?</a>', answer.content.decode())
    assert links == [expected]


def test_the_evening_pages_point_into_the_ten_steps(client_as, two_clubs):
    from tests.factories import TournamentFactory

    tournament = TournamentFactory(club=two_clubs.a)
    client = client_as(two_clubs.director)
    for name, expected in [
        ("evenings:tournament-detail", "/help/evening/#new"),
        ("tournaments:tournament-checkin", "/help/evening/#check-in"),
        ("scoring:tournament-standings", "/help/seasons/#standings"),
    ]:
        html = client.get(reverse(name, args=["rooi", tournament.pk])).content.decode()
        assert f'<a href="{expected}" class="help-link"' in html, name


def test_a_page_without_its_own_section_points_to_the_help_index(client, db):
    html = client.get("/accounts/login/").content.decode()
    assert '<a href="/help/" class="help-link"' in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_ten_steps_print_as_one_a4_page_in_the_language(client, db, language):
    answer = page_in(client, "/help/evening/print/", language)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/pdf"
    document = pdfium.PdfDocument(answer.content)
    try:
        assert len(document) == 1
        page = document[0]
        width, height = page.get_size()
        assert (round(width), round(height)) == (595, 842)  # A4 in points
        text = " ".join(page.get_textpage().get_text_range().split())
    finally:
        document.close()
    title, steps = sections.steps(language)
    assert len(steps) == 10
    assert [step.number for step in steps] == list(range(1, 11))
    expected_title, first, last = FIRST_AND_LAST[language]
    assert title == expected_title
    assert (steps[0].title, steps[-1].title) == (first, last)
    assert expected_title in text
    at = 0
    for step in steps:
        found = text.find(step.title, at)
        assert found >= 0, f"step {step.number} {step.title!r} not (in order) in the PDF"
        at = found
    others = [t for lang, (t, _f, _l) in FIRST_AND_LAST.items() if lang != language]
    assert not any(other in text for other in others)


def test_the_steps_are_the_evening_sections_numbered_headings():
    for language in LANGUAGES:
        text = sections._read(sections.STEPS_SECTION, language)
        numbered = re.findall(r"^## (\d+)\. ", text, flags=re.MULTILINE)
        assert numbered == [str(n) for n in range(1, 11)], language
        assert all(step.text and "**" not in step.title for step in sections.steps(language)[1])


def test_the_help_urls_need_no_club():
    assert reverse("help:help-index") == "/help/"
    assert reverse("help:help-section", args=["evening"]) == "/help/evening/"
    with pytest.raises(NoReverseMatch):
        reverse("help:help-section", args=["not a slug"])


def test_the_german_help_says_du_as_the_site_does():
    from tests.i18n.test_catalogues import FORMAL_GERMAN

    formal = [
        f"{slug}: {match.group(0)}"
        for slug in sections.SECTIONS
        for match in FORMAL_GERMAN.finditer(sections._read(slug, "de"))
    ]
    assert formal == []
