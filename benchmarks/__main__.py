"""`make bench`: figures printed as `name: value unit` lines.

Runs against a throw-away SQLite database in a temporary folder, never against var/.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from . import engines, first_page, klaverjassen, ratings, seating, sheets

ROOT = Path(__file__).resolve().parent.parent


def setup_django(var_dir: str) -> None:
    # Never a real database, cache or queue: whatever this machine is configured for,
    # the benchmark runs on SQLite and the filesystem broker in a temporary folder.
    for name in ("DATABASE_URL", "CACHE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
        os.environ.pop(name, None)
    os.environ["TROEF_VAR_DIR"] = var_dir
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ.setdefault("HTTPS", "0")
    sys.path.insert(0, str(ROOT))
    import django  # noqa: PLC0415

    django.setup()
    from django.core.management import call_command  # noqa: PLC0415

    call_command("migrate", verbosity=0)


def timed(function, repeat: int) -> float:
    """Median seconds of `repeat` runs."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def bench_clubs(members: int = 1000) -> None:
    from django.contrib.auth import get_user_model  # noqa: PLC0415
    from django.test import Client  # noqa: PLC0415

    from clubs.importing import parse_members_csv  # noqa: PLC0415
    from clubs.models import Club, Member, Role  # noqa: PLC0415

    club = Club.objects.create(name="Bench", slug="bench")
    Member.objects.bulk_create(
        Member(
            club=club,
            name=f"Speler {n:05d}",
            membership_number=f"B{n:05d}",
            email=f"b{n}@example.nl",
            phone="0413 123456",
        )
        for n in range(members)
    )
    user = get_user_model().objects.create_user("bench")
    Role.objects.create(club=club, user=user, level=Role.Level.ADMIN)
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    url = f"/c/{club.slug}/members/"

    def page():
        assert client.get(url, {"q": "speler", "sort": "-membership_number"}).status_code == 200

    def export():
        assert client.get(url, {"_export": "xlsx"}).status_code == 200

    page()
    print(f"member_list_page_{members}: {timed(page, 20) * 1000:.1f} ms")
    print(f"member_export_xlsx_{members}: {timed(export, 5) * 1000:.1f} ms")

    rows = 5000
    content = (
        "naam;lidnummer;email;telefoon\n"
        + "".join(f"Speler {n};N{n};s{n}@example.nl;0413 12345{n % 10}\n" for n in range(rows))
    ).encode()
    seconds = timed(lambda: parse_members_csv(content, max_rows=rows), 5)
    print(f"members_csv_parse: {rows / seconds:,.0f} rows/s")


def bench_site() -> None:
    with tempfile.TemporaryDirectory(prefix="troef-bench-") as var_dir:
        setup_django(var_dir)
        bench_clubs()
        from . import ratings_site, standings  # noqa: PLC0415 - need Django set up

        standings.run()
        ratings_site.run()


def bench_venue() -> None:
    from . import venue  # noqa: PLC0415 - its own processes and data folder

    venue.run()


#: The parts, in the order `make bench` runs them: (name, heading, function).
PARTS = (
    ("engines", "rules engines: whole games of random legal moves, at each game's default "
     "table size", lambda: engines.run(float(os.environ.get("BENCH_SECONDS", "3")))),
    ("klaverjassen", "klaverjassen (issue 41): random legal games beside Colver's Belote "
     "contree, and the trick check", lambda: klaverjassen.run(
         float(os.environ.get("BENCH_SECONDS", "3")))),
    ("seating", "the table draw (tournaments/seating)", seating.run),
    ("ratings", "ratings: how well the list ranks and predicts, on simulated clubs "
     "(ratings/core.py)", ratings.run),
    ("sheets", "printed packs: 200 tables with QR codes against the same without "
     "(printing/sheets)", sheets.run),
    ("site", "site", bench_site),
    ("venue", "an evening at the venue: 30 tables of 4 enter and confirm, 40 phones poll, "
     "about 60 s, against manage.py venue and manage.py runserver", bench_venue),
    ("first-page", "from Python to the first page: the wheel installed into a new "
     "environment and `troef --demo`, beside make run's migrate, seed_demo and runserver",
     first_page.run),
)  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    """`python -m benchmarks [PART ...]`: the parts named (all of them without a name)."""
    names = [name for name, _heading, _run in PARTS]
    chosen = sys.argv[1:] if argv is None else argv
    unknown = [name for name in chosen if name not in names]
    if unknown:
        sys.stderr.write(f"benchmarks: unknown part {unknown[0]!r}; parts: {', '.join(names)}\n")
        sys.exit(2)
    for name, heading, run in PARTS:
        if not chosen or name in chosen:
            print(f"# {heading}")
            run()


if __name__ == "__main__":
    main()
