"""README.md, "Game evenings, tournaments and seasons", followed as a new user would after
`make run`: the demo data it promises, every path it names answering for the people its
pages table says, and the simulate_draw command it prints (with the issue's targets)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from clubs.models import Club, Member
from scoring.links import player_key, player_token, table_token
from scoring.models import ResultEntry
from scoring.services import member_code
from tournaments.models import Table, Tournament

from ..conftest import MODEL_BACKEND
from ..night_through_pages import pin_draw_seed
from ..standings_pages.helpers import cells

README = Path(__file__).resolve().parents[2] / "README.md"
PAGES_ROW = re.compile(r"^\| (`/[^|]+) \| ([^|]+) \|")


@pytest.fixture(autouse=True)
def _pinned_draw_seed(monkeypatch):
    """The same draw on every run (tests/night_through_pages.py)."""
    pin_draw_seed(monkeypatch)


def readme_pages() -> list[tuple[str, str]]:
    """(path, who) of every row of the README's pages table."""
    rows = []
    for line in README.read_text(encoding="utf-8").splitlines():
        match = PAGES_ROW.match(line)
        if match:
            for path in re.findall(r"`(/[^`]+)`", match.group(1)):
                rows.append((path, match.group(2).strip()))
    return rows


def readme_paths() -> set[str]:
    return set(re.findall(r"`(/[^` ]*)`", README.read_text(encoding="utf-8")))


def demo_client(username: str | None) -> Client:
    client = Client()
    if username is not None:
        user = get_user_model().objects.get(username=username)
        client.force_login(user, backend=MODEL_BACKEND)
    return client


def fill(path: str, ids: dict[str, object]) -> str:
    return path.replace("<token>", str(ids["token"])).replace("<n>", str(ids["round"]))


def test_the_readmes_pages_answer_on_the_demo_data(demo_seeded, db):
    club = Club.objects.get(slug="rooi")
    tonight = club.tournaments.get(name="Clubavond vandaag")
    member = Member.objects.get(user__username="rooi-player")
    open_table = Table.objects.filter(round__tournament=tonight, results__isnull=True).first()
    ids = {"round": 2, "token": table_token(open_table.pk)}

    def concrete(path: str) -> str:
        if path.startswith("/c/rooi/me/"):
            # A personal QR code's token (the player's), not a table's.
            key = player_key(member.pk, 0)
            return path.replace("<token>", player_token(key, member_code(member)))
        path = fill(path, ids)
        if path.startswith("/c/rooi/players/"):
            return path.replace("<id>", str(member.pk))
        if path.startswith("/c/rooi/seasons/"):
            return path.replace("<id>", str(club.seasons.get().pk))
        if path.startswith("/c/rooi/tables/"):
            return path.replace("<id>", str(open_table.pk))
        return path.replace("<id>", str(tonight.pk))

    pages = readme_pages()
    assert len(pages) >= 10, pages
    admin, director, player, anon = (
        demo_client("rooi-admin"),
        demo_client("rooi-director"),
        demo_client("rooi-player"),
        demo_client(None),
    )
    for path, who in pages:
        target = concrete(path)
        assert director.get(target, follow=True).status_code == 200, (path, who)
        expected_for_player = 403 if who.startswith("directors") else 200
        if "(everyone when public)" in who or who.startswith("everyone"):
            expected_for_player = 200
            # The demo clubs make their standings public.
            assert anon.get(target).status_code == 200, (path, who)
        assert player.get(target, follow=True).status_code == expected_for_player, (path, who)

    # Every other path the README names answers for a club admin (who may do what the
    # roles below may); /admin/ asks a site administrator to log in, and "Clubs beheren"
    # (/clubs/) is theirs alone.
    for path in readme_paths() - {path for path, _who in pages}:
        target = concrete(path)
        if path == "/admin/":
            assert admin.get(target).status_code == 302
        elif path == "/clubs/":
            assert admin.get(target).status_code == 403
        else:
            assert admin.get(target).status_code == 200, path
    # The table's private link needs no login.
    assert anon.get(f"/t/{ids['token']}/").status_code == 200


def test_the_demo_is_what_the_readme_says(demo_seeded, db):
    today = timezone.localdate()
    player = demo_client("rooi-player")
    player.cookies["troef_language"] = "en"
    for slug in ("rooi", "veghel"):
        club = Club.objects.get(slug=slug)
        season = club.seasons.get()
        evenings = list(season.tournaments.all())
        assert (season.best_of, season.min_attendance, len(evenings)) == (4, 3, 6)
        assert all(e.status == Tournament.Status.FINISHED and e.date < today for e in evenings)
        tonight = club.tournaments.get(name="Clubavond vandaag")
        assert (tonight.status, tonight.date) == (Tournament.Status.RUNNING, today)
        first, second = tonight.rounds.order_by("number")
        assert not first.tables.exclude(results__status=ResultEntry.Status.CONFIRMED).exists()
        entered = second.tables.filter(results__isnull=False).distinct().count()
        assert entered == second.tables.count() // 2
    # The season's standings show struck evenings, tonight's the provisional points.
    club = Club.objects.get(slug="rooi")
    season_page = player.get(f"/c/rooi/seasons/{club.seasons.get().pk}/standings/")
    assert "<s>" in season_page.content.decode()
    tonight = club.tournaments.get(name="Clubavond vandaag")
    page = player.get(f"/c/rooi/tournaments/{tonight.pk}/standings/")
    header = cells(page)[0]
    assert "provisional (not counted)" in header
    pending = header.index("provisional (not counted)")
    assert any(row[pending] for row in cells(page)[1:])


def run_simulate_draw(capsys, *args: str) -> dict:
    call_command("simulate_draw", *args)
    printed = capsys.readouterr().out.strip().splitlines()
    assert len(printed) == 1
    return json.loads(printed[0])


def test_simulate_draw_as_the_readme_prints_it_meets_the_issues_targets(capsys):
    command = re.search(r"`\.venv/bin/python manage.py simulate_draw ([^`\[]+)", README.read_text())
    assert command is not None
    readme = run_simulate_draw(capsys, *command.group(1).split())
    assert set(readme) == {"pairs_repeated", "max_shared", "seconds"}
    assert (readme["pairs_repeated"], readme["max_shared"]) == (0, 1)
    for players, rounds in ((16, 5), (32, 8)):
        result = run_simulate_draw(
            capsys, "--players", str(players), "--table-size", "4", "--rounds", str(rounds),
            "--seed", "7",
        )  # fmt: skip
        assert result["pairs_repeated"] == 0, (players, rounds)
