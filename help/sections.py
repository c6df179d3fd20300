"""The help's sections: one Markdown file per section per language, in ``texts/<lang>/``.

This module is the one place that lists the sections (their order is the help's), says
which page of the site belongs to which section (the "?" in the header), and turns a
section's Markdown into HTML. It reads files and renders text, nothing else: no models.

The texts are trusted files of the project, but they are rendered safely all the same:
raw HTML in them is shown as text, never passed through. A picture is written
``![what it shows](img/<name>.png)`` and shows the screenshot of that name from
``static/help/<lang>/`` (made by tests/e2e/test_help_screenshots.py from the real pages).
Headings may carry a fixed anchor, ``## Check-in {#check-in}``, the same in every
language, so that a page's "?" can point into a section.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import markdown

TEXTS = Path(__file__).resolve().parent / "texts"
#: The languages the help is written in; the first is the fallback for a missing text.
LANGUAGES = ("en", "nl", "de")
FALLBACK = "en"

#: The sections, in the help's order.
SECTIONS = ("start", "members", "evening", "venue", "seasons", "ratings", "disputes", "backups")

#: The section holding the evening's ten steps, printed as one A4 page.
STEPS_SECTION = "evening"

#: A page of the site (its URL name) -> the help it gets from its "?": "section" or
#: "section#anchor". A page not listed gets the help's index.
PAGE_HELP = {
    "clubs:club-home": "start#club-home",
    "clubs:club-public": "start#club-home",
    "clubs:club-settings": "start#settings",
    "clubs:member-list": "members",
    "clubs:member-add": "members#add",
    "clubs:member-edit": "members#add",
    "clubs:member-status": "members#add",
    "clubs:member-import": "members#import",
    "clubs:role-list": "members#roles",
    "clubs:role-grant": "members#roles",
    "clubs:role-revoke": "members#roles",
    "clubs:role-password": "members#roles",
    "clubs:action-log": "members#log",
    "tournaments:tournament-list": "evening",
    "tournaments:tournament-add": "evening#new",
    "tournaments:tournament-edit": "evening#new",
    "evenings:tournament-detail": "evening#new",
    "tournaments:tournament-checkin": "evening#check-in",
    "tournaments:team-list": "evening#check-in",
    "scoring:tournament-codes": "evening#confirming",
    "evenings:round-detail": "evening#draw",
    "scoring:round-results": "evening#results",
    "scoring:table-result": "evening#conflicts",
    "scoring:tournament-standings": "seasons#standings",
    "tournaments:season-list": "seasons",
    "tournaments:season-add": "seasons",
    "tournaments:season-edit": "seasons",
    "tournaments:season-detail": "seasons#standings",
    "scoring:public-standings": "seasons#standings",
    "scoring:player-detail": "ratings#players",
    "scoring:my-results": "ratings#players",
    "ratings:club-ratings": "ratings",
    "ratings:site-ratings": "ratings",
    "disputes:dispute-index": "disputes",
    "disputes:dispute-check": "disputes",
    "disputes:dispute-detail": "disputes#rulings",
    "disputes:rules-index": "disputes#rules",
    "disputes:rules-game": "disputes#rules",
    "backups:club-export": "backups#export",
    "venue:venue-connect": "venue#phones",
    "venue:venue-table-qr": "venue#phones",
    "scoring:tournament-venue": "venue#screen",
}

_IMAGE = re.compile(r"!\[([^\]]*)\]\(img/([a-z0-9-]+\.png)\)")
_HEADING = re.compile(r"^# (.+)$", re.MULTILINE)
_STEP = re.compile(r"^## (\d+)\. (.+?)(?: \{#[a-z0-9-]+\})?$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Section:
    """A section as one language shows it. ``language``: the language of the text shown
    (the fallback's when the asked one has none: then ``fallback`` is True)."""

    slug: str
    language: str
    fallback: bool
    title: str
    summary: str
    markdown: str


@dataclass(frozen=True, slots=True)
class Step:
    """One of the evening's steps: its number, title and its first paragraph (plain text
    with ``**bold**`` kept for the printer)."""

    number: int
    title: str
    text: str


def language_of(code: str | None) -> str:
    """The help's language for a page language code (``de-at`` → ``de``), else English."""
    base = (code or "").split("-")[0].lower()
    return base if base in LANGUAGES else FALLBACK


def path(slug: str, language: str) -> Path:
    return TEXTS / language / f"{slug}.md"


@cache
def _read(slug: str, language: str) -> str | None:
    file = path(slug, language)
    return file.read_text(encoding="utf-8") if file.is_file() else None


def section(slug: str, language: str) -> Section | None:
    """Section ``slug`` in ``language``, or in English with ``fallback`` set when it is
    not written in ``language``; None for a slug that is no section."""
    if slug not in SECTIONS:
        return None
    language = language_of(language)
    text = _read(slug, language)
    shown = language
    if text is None:
        shown, text = FALLBACK, _read(slug, FALLBACK)
    if text is None:
        return None
    heading = _HEADING.search(text)
    title = heading.group(1).strip() if heading else slug
    body = text[heading.end() :] if heading else text
    summary = next((p.strip() for p in body.split("\n\n") if p.strip()), "")
    return Section(slug, shown, shown != language, title, plain(summary), text)


def plain(text: str) -> str:
    """Markdown text without its markup, on one line."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("**", "").replace("`", "")
    return " ".join(text.split())


def images(text: str) -> list[str]:
    """The file names of the screenshots ``text`` shows."""
    return [match.group(2) for match in _IMAGE.finditer(text)]


def anchors(text: str) -> list[str]:
    """The fixed anchors of ``text``'s headings."""
    return re.findall(r"^#+ .*\{#([a-z0-9-]+)\}\s*$", text, flags=re.MULTILINE)


def _markdown() -> markdown.Markdown:
    md = markdown.Markdown(extensions=["attr_list", "sane_lists"], output_format="html")
    # Raw HTML in a text is shown as text, never passed into the page.
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    return md


def render(found: Section, image_url: Callable[[str], str]) -> str:
    """The section's body (its title is the page's heading) as HTML; each picture's
    address from ``image_url("<lang>/<name>.png")``."""
    heading = _HEADING.search(found.markdown)
    body = found.markdown[heading.end() :] if heading else found.markdown

    def picture(match: re.Match) -> str:
        return f"![{match.group(1)}]({image_url(f'{found.language}/{match.group(2)}')})"

    return _markdown().convert(_IMAGE.sub(picture, body)).strip()


def steps(language: str) -> tuple[str, list[Step]]:
    """The evening section's title and its numbered steps (``## 1. Title``), each with
    its first paragraph, in ``language`` (or the fallback's)."""
    found = section(STEPS_SECTION, language)
    if found is None:  # pragma: no cover - the section is part of the project
        return "", []
    parts = _STEP.split(found.markdown)
    result = []
    for number, title, body in zip(parts[1::3], parts[2::3], parts[3::3], strict=True):
        paragraphs = [p.strip() for p in body.split("\n\n")]
        paragraph = next((p for p in paragraphs if p and not p.startswith("!")), "")
        text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", paragraph).replace("`", "")
        result.append(Step(int(number), title.strip(), " ".join(text.split())))
    return found.title, result
