from django.core.management import call_command

from clubs.models import ActionLog, Club, Member, Role
from demo.clubs import DEMO_PASSWORD
from scoring import selectors
from scoring.models import ResultEntry
from tournaments.models import Table, Tournament

from ..conftest import password_ok

GAME_NAMES = ("meierijen", "duizenden", "miezemauzen", "meino", "keezen", "klaverjassen")


def counts():
    return (
        Club.objects.count(),
        Member.objects.count(),
        Role.objects.count(),
        ActionLog.objects.count(),
    )


def test_seed_demo_creates_the_clubs_and_is_idempotent(demo_seeded, db, capsys):
    assert dict(Club.objects.values_list("slug", "name")) == {
        "rooi": "Spellenclub Rooi",
        "veghel": "Spellenclub Veghel",
        "klaverjas": "Klaverjasclub Schijndel",
    }
    assert Member.objects.filter(club__slug="rooi").count() == 24
    assert Member.objects.filter(club__slug="veghel").count() == 20
    assert Member.objects.filter(club__slug="klaverjas").count() == 20
    first = counts()
    call_command("seed_demo")
    assert counts() == first
    printed = capsys.readouterr().out
    assert "rooi-admin" in printed
    assert DEMO_PASSWORD in printed


def test_demo_logins_work_with_their_roles(demo_seeded, db):
    for club in ("rooi", "veghel", "klaverjas"):
        for suffix, level in (("admin", 30), ("director", 20), ("player", 10)):
            user = password_ok(f"{club}-{suffix}", DEMO_PASSWORD)
            assert user is not None, f"{club}-{suffix}"
            assert Role.objects.get(user=user).level == level
            assert Role.objects.get(user=user).club.slug == club
            assert Member.objects.get(user=user).club.slug == club


def test_seed_demo_restores_a_changed_demo_password(demo_seeded, db):
    user = password_ok("rooi-admin", DEMO_PASSWORD)
    user.set_password("iets-anders-123")
    user.save()
    call_command("seed_demo")
    assert password_ok("rooi-admin", DEMO_PASSWORD) == user


def test_demo_evenings_show_real_standings_at_once(demo_seeded, db):
    for slug in ("rooi", "veghel", "klaverjas"):
        club = Club.objects.get(slug=slug)
        finished = club.tournaments.filter(status=Tournament.Status.FINISHED)
        # A finished evening of every game (the klaverjas club plays klaverjassen only),
        # every table of it confirmed.
        games = {"klaverjassen"} if slug == "klaverjas" else set(GAME_NAMES)
        assert set(finished.values_list("game", flat=True)) == games
        assert (
            not Table.objects.filter(round__tournament__in=finished)
            .exclude(results__status="confirmed")
            .exists()
        )
        # One running evening whose last round is half entered: some tables confirmed,
        # some provisional, some with nothing yet.
        running = club.tournaments.get(status=Tournament.Status.RUNNING)
        last = running.rounds.order_by("-number").first()
        statuses = [
            set(table.results.values_list("status", flat=True)) for table in last.tables.all()
        ]
        assert {ResultEntry.Status.CONFIRMED} in statuses
        assert {ResultEntry.Status.PROVISIONAL} in statuses
        assert set() in statuses
        # A season of six evenings, best 4 counted, with struck evenings to show.
        season = club.seasons.get()
        board = selectors.season_board(season)
        assert len(board.evenings) == 6
        assert board.lines[0].total > 0
        assert any(cell.struck for line in board.lines for cell in line.evenings)
        assert all(sum(c.counted for c in line.evenings) <= 4 for line in board.lines)
