"""Read a site's pages as a club's people see them, for comparing two sites.

    DATABASE_URL=... TROEF_VAR_DIR=... HTTPS=0 python tests/backups/site_pages.py OUT.json [SLUG...]

Run with the working directory at the code to use (this release or a later one). Writes
{key: text} with keys that name things, not ids ("rooi/tournament/Competitieavond 1
2026-01-02/standings.csv"), so sites with other ids compare key by key:

- ``.csv``: a CSV export, as downloaded (tournament and season standings, action log);
- ``.html``: a page as served, the CSRF tokens blanked (they differ per request);
- ``.text``: a page's text without its markup, for sites whose ids (and so links) differ.

Logs in as the club's first admin (force_login: no password needed). Changes nothing
but that login's session and last_login.
"""

from __future__ import annotations

import json
import os
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "header", "nav", "footer"):
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "header", "nav", "footer") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and data.strip():
            self.parts.append(" ".join(data.split()))


def page_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return "\n".join(parser.parts)


def links(client, club, pages: dict[str, str]) -> None:
    """Each table's link (its QR code) of the club's latest evening as signed by this site
    (``link-token/...``), and what the links in OPEN_TOKENS (a JSON file of another
    site's tokens) open here (``link/...``)."""
    from scoring.links import table_token
    from tournaments.models import Table

    latest = club.tournaments.order_by("-date", "-id").first()
    if latest is None:
        return
    for table in Table.objects.filter(round__tournament=latest).order_by("round__number", "number"):
        key = f"{club.slug}/{latest.name}/round {table.round.number}/table {table.number}"
        version = getattr(table, "link_version", 0)  # links can be renewed (versions)
        pages[f"link-token/{key}"] = (
            table_token(table.pk, version) if version else table_token(table.pk)
        )
    tokens = os.environ.get("OPEN_TOKENS")
    if tokens:
        for key, token in json.loads(Path(tokens).read_text()).items():
            if key.startswith(f"link-token/{club.slug}/"):
                response = client.get(f"/t/{token}/")
                name = key.removeprefix("link-token/")
                pages[f"link/{name}"] = f"{response.status_code}\n" + page_text(
                    response.content.decode()
                )


def read_pages(slugs: list[str] | None = None, *, html: bool = True) -> dict[str, str]:
    from django.test import Client
    from django.urls import reverse

    from clubs.models import Club, Role
    from scoring.views.standings import SEASON_STANDINGS

    pages: dict[str, str] = {}
    clubs = Club.objects.order_by("slug")
    if slugs:
        clubs = clubs.filter(slug__in=slugs)
    for club in clubs:
        admin = Role.objects.filter(club=club, level=30).order_by("user__username").first()
        client = Client()
        client.force_login(admin.user, backend="django.contrib.auth.backends.ModelBackend")
        kw = {"club_slug": club.slug}

        def get(url, key, *, client=client):
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
            body = response.content.decode("utf-8")
            if key.endswith(".csv"):
                pages[key] = body
                return
            if html:
                pages[key + ".html"] = TOKEN.sub(r"\1-\2", body)
            pages[key + ".text"] = page_text(body)

        for t in club.tournaments.order_by("date", "name"):
            base = f"{club.slug}/tournament/{t.name} {t.date}"
            url = reverse("scoring:tournament-standings", kwargs={**kw, "pk": t.pk})
            get(url + "?_export=csv", f"{base}/standings.csv")
            get(url, f"{base}/standings")
        for s in club.seasons.order_by("name"):
            url = reverse(SEASON_STANDINGS, kwargs={**kw, "pk": s.pk})
            get(url + "?_export=csv", f"{club.slug}/season/{s.name}/standings.csv")
            get(url, f"{club.slug}/season/{s.name}/standings")
        for m in club.members.order_by("membership_number"):
            url = reverse("scoring:player-detail", kwargs={**kw, "pk": m.pk})
            get(url, f"{club.slug}/player/{m.membership_number}")
        links(client, club, pages)
        log = reverse("clubs:action-log", kwargs=kw)
        entries = club.actions.count()
        for page in range(1, entries // 200 + 2):
            get(f"{log}?per_page=200&page={page}", f"{club.slug}/log/page-{page}")
        if html:
            get(log + "?_export=csv", f"{club.slug}/log.csv")
    return pages


def use_code_at(folder: str) -> None:
    """Import the project from `folder` only: without this, the editable install's import
    finder fills in modules the folder lacks from the working copy."""
    sys.path.insert(0, folder)
    sys.meta_path[:] = [f for f in sys.meta_path if "__editable__" not in repr(f)]


if __name__ == "__main__":
    use_code_at(str(Path.cwd()))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("HTTPS", "0")
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    out = Path(sys.argv[1])
    out.write_text(
        json.dumps(read_pages(sys.argv[2:] or None), ensure_ascii=False, indent=0, sort_keys=True),
        encoding="utf-8",
    )
