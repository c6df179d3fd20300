"""`make bench`: the season standings page against the bare SQL aggregate over the same rows.

A season of 200 players and 30 Duizenden evenings of 4 rounds at tables of four, every
table with a confirmed result, is built with bulk_create. Then the season standings page
(a test Client GET, rendering included) and one SQL query that sums every player's ranks
from the confirmed results (:func:`bare_aggregate`) are each timed; their ratio says how
much the page costs above letting the database do the counting. The page is timed in the
three states it is served in (scoring.selectors.season_board caches the season and each
evening's count, keyed on fingerprints of what they are made of):

- ``page``: nothing changed since the last visit, the whole season comes from the cache;
- ``page_after_result``: a director has just corrected a result of the latest evening
  (through scoring.services, outside the timing), so that evening is counted again from
  the database and the season put together anew; what every visit after a result costs;
- ``page_uncached``: the cache is empty (a restart): each evening's count is read from
  the one the database keeps for it (scoring.models.EveningCount, used only while its
  fingerprint matches what the evening holds), the season put together from those;
- ``page_from_raw``: the cache empty and no count kept (the first visit after the
  results were imported or a backup restored from before counts were kept): every seat,
  bye and result of the season is read and every evening counted from scratch.

`build_season` is also what the standings page tests use for their query counts.
"""

from __future__ import annotations

import datetime
import random
import statistics
import time

PLAYERS = 200
EVENINGS = 30
ROUNDS = 4
TABLE_SIZE = 4
REPEAT = 15


def build_season(club, *, players: int, evenings: int, rounds: int, table_size: int = 4,
                 best_of: int | None = None, min_attendance: int = 0, seed: int = 1):  # fmt: skip
    """A season of Duizenden evenings in `club`, every player at every evening, every
    table of every round with a confirmed result made by the game's own scoring (summary
    totals). Players that do not fill a table sit out with a bye. Returns the Season."""
    from clubs.models import Member  # noqa: PLC0415
    from games import registry  # noqa: PLC0415
    from games.results import score_entry  # noqa: PLC0415
    from scoring.models import ResultEntry  # noqa: PLC0415
    from scoring.services import outcome_json  # noqa: PLC0415
    from tournaments.models import Bye, Entry, Round, Season, Seat, Table, Tournament  # noqa: PLC0415

    rng = random.Random(seed)
    spec = registry.get("duizenden").results
    first = Member.objects.filter(club=club).count()
    members = Member.objects.bulk_create(
        Member(club=club, name=f"Speler {first + n:03d}", membership_number=f"S{first + n:04d}")
        for n in range(players)
    )
    season = Season.objects.create(
        club=club,
        name=f"Seizoen {Season.objects.filter(club=club).count() + 1}",
        game="duizenden",
        best_of=best_of,
        min_attendance=min_attendance,
    )
    start = datetime.date(2026, 9, 4)
    tournaments = Tournament.objects.bulk_create(
        Tournament(
            club=club,
            season=season,
            name=f"Avond {n + 1}",
            date=start + datetime.timedelta(weeks=n),
            game="duizenden",
            table_size=table_size,
            rounds_planned=rounds,
            status=Tournament.Status.FINISHED,
            seed=n,
        )
        for n in range(evenings)
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=t, member=m, status=Entry.Status.PRESENT)
        for t in tournaments
        for m in members
    )
    by_tournament = [entries[n * players : (n + 1) * players] for n in range(evenings)]
    round_rows = Round.objects.bulk_create(
        Round(tournament=t, number=r + 1, seed=r, status=Round.Status.FINISHED)
        for t in tournaments
        for r in range(rounds)
    )
    seatings = []
    for index, round_ in enumerate(round_rows):
        players_now = list(by_tournament[index // rounds])
        rng.shuffle(players_now)
        full = len(players_now) - len(players_now) % table_size
        tables = [players_now[i : i + table_size] for i in range(0, full, table_size)]
        seatings.append((round_, tables, players_now[full:]))
    table_rows = Table.objects.bulk_create(
        Table(round=round_, number=n + 1, version=2)
        for round_, tables, _byes in seatings
        for n in range(len(tables))
    )
    seats, byes, results = [], [], []
    at = iter(table_rows)
    for round_, tables, sitting_out in seatings:
        byes += [Bye(round=round_, entry=entry) for entry in sitting_out]
        for players_at in tables:
            table = next(at)
            seats += [
                Seat(round=round_, table=table, entry=entry, position=p, side=p)
                for p, entry in enumerate(players_at)
            ]
            data = _summary(rng, len(players_at))
            outcome = outcome_json(score_entry(spec, data, len(players_at), {}))
            results.append(
                ResultEntry(
                    table=table,
                    status=ResultEntry.Status.CONFIRMED,
                    data=data,
                    outcome=outcome,
                    via=ResultEntry.Via.DIRECTOR,
                    entered_by_name="bench",
                    confirmed_by_name="bench",
                )
            )
    Seat.objects.bulk_create(seats, batch_size=2000)
    Bye.objects.bulk_create(byes)
    ResultEntry.objects.bulk_create(results, batch_size=1000)
    return season


def _summary(rng: random.Random, sides: int) -> dict:
    """A finished Duizenden game: one total from 1000 up, the others below it."""
    totals = [rng.randrange(1000, 1200, 5)] + [
        rng.randrange(-200, 1000, 5) for _ in range(sides - 1)
    ]
    rng.shuffle(totals)
    return {"mode": "summary", "finished": True, "sides": [{"total": t} for t in totals]}


def bare_aggregate(season_id: int) -> list[tuple]:
    """The baseline: one SQL query (SQLite's JSON functions) that joins every seat of the
    season to its table's confirmed result, takes that seat's rank from the outcome JSON
    (``sides[seat.side].rank``) and sums ranks and counts games per member. It is what the
    database alone does over the same rows the page reads, without any match-point scheme,
    tie-breaks, best-N-of-M or HTML.

    It is a fair baseline, not a slow one: every join follows an index (EXPLAIN QUERY
    PLAN: the season's tournaments, their rounds, seats and entries, then the result by
    ``(table, status)``), and most of its time is SQLite reading the rank out of the
    JSON. Unpacking each result's sides once with ``json_each`` takes the same time, the
    ``->``/``->>`` operators are slower, and without the JSON the joins alone take about a
    quarter of it.
    """
    from django.db import connection  # noqa: PLC0415

    from scoring.models import ResultEntry  # noqa: PLC0415
    from tournaments.models import Entry, Round, Seat, Tournament  # noqa: PLC0415

    sql = f"""
        SELECT e.member_id,
               SUM(json_extract(r.outcome, '$.sides[' || s.side || '].rank')),
               COUNT(*)
        FROM {Seat._meta.db_table} s
        JOIN {ResultEntry._meta.db_table} r ON r.table_id = s.table_id AND r.status = %s
        JOIN {Round._meta.db_table} rd ON rd.id = s.round_id
        JOIN {Tournament._meta.db_table} t ON t.id = rd.tournament_id
        JOIN {Entry._meta.db_table} e ON e.id = s.entry_id
        WHERE t.season_id = %s
        GROUP BY e.member_id
    """  # noqa: S608 - table names from the models, values as parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, [ResultEntry.Status.CONFIRMED, season_id])
        return cursor.fetchall()


def _median(function, repeat: int, *, before=None) -> float:
    """Median seconds of `repeat` calls of `function`, each after `before` (not timed)."""
    samples = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def run() -> None:
    """Print the page's time in each of its states, the bare query's time, and their ratios
    (Django set up already)."""
    from django.contrib.auth import get_user_model  # noqa: PLC0415
    from django.core.cache import cache  # noqa: PLC0415
    from django.test import Client  # noqa: PLC0415
    from django.urls import reverse  # noqa: PLC0415

    from clubs.models import Club, Role  # noqa: PLC0415
    from scoring import services  # noqa: PLC0415
    from scoring.models import EveningCount  # noqa: PLC0415
    from scoring.views.standings import SEASON_STANDINGS  # noqa: PLC0415
    from tournaments.models import Table, Tournament  # noqa: PLC0415

    club = Club.objects.create(name="Bench standings", slug="bench-standings")
    season = build_season(
        club,
        players=PLAYERS,
        evenings=EVENINGS,
        rounds=ROUNDS,
        table_size=TABLE_SIZE,
        best_of=EVENINGS * 2 // 3,
        min_attendance=EVENINGS // 3,
    )
    user = get_user_model().objects.create_user("bench-standings")
    Role.objects.create(club=club, user=user, level=Role.Level.PLAYER)
    director = get_user_model().objects.create_user("bench-standings-director")
    Role.objects.create(club=club, user=director, level=Role.Level.DIRECTOR)
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    url = reverse(SEASON_STANDINGS, kwargs={"club_slug": club.slug, "pk": season.pk})
    # The latest evening is still running, so that its results can be corrected.
    latest = season.tournaments.order_by("date").last()
    Tournament.objects.filter(pk=latest.pk).update(status=Tournament.Status.RUNNING)
    tables = list(Table.objects.filter(round__tournament=latest).values_list("pk", flat=True))
    rng = random.Random(2)

    def page() -> None:
        assert client.get(url).status_code == 200

    def correct_a_result() -> None:
        table = Table.objects.select_related("round__tournament").get(pk=rng.choice(tables))
        services.result_correct(
            table=table,
            data=_summary(rng, TABLE_SIZE),
            version=table.version,
            actor=director,
            note="benchmark",
        )

    def forget() -> None:
        cache.clear()
        EveningCount.objects.all().delete()

    def bare() -> None:
        assert len(bare_aggregate(season.pk)) == PLAYERS

    page()
    bare()
    size = f"{PLAYERS}x{EVENINGS}x{ROUNDS}"
    figures = {
        f"season_standings_page_{size}": _median(page, REPEAT),
        f"season_standings_page_after_result_{size}": _median(
            page, REPEAT, before=correct_a_result
        ),
        f"season_standings_page_uncached_{size}": _median(page, REPEAT, before=cache.clear),
        f"season_standings_page_from_raw_{size}": _median(page, REPEAT, before=forget),
    }
    bare_seconds = _median(bare, REPEAT)
    for name, seconds in figures.items():
        print(f"{name}: {seconds * 1000:.1f} ms")
    print(f"season_standings_bare_sql_{size}: {bare_seconds * 1000:.1f} ms")
    for name, seconds in figures.items():
        print(f"{name.removesuffix('_' + size)}_vs_sql: {seconds / bare_seconds:.2f} x")
