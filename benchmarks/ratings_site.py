"""`make bench`: the rating list of a large site (issue 19). 2,000 players and 50,000
confirmed Duizenden tables (25 evenings of 4 rounds, 500 tables each, built with
`benchmarks.standings.build_season`) are rated from scratch; then the club's rating list
is opened (its query count printed at two sizes), and a result of the first evening is
corrected so that the whole season is recomputed, as after a late correction."""

from __future__ import annotations

import time

PLAYERS = 2000
EVENINGS = 25
ROUNDS = 4


def run() -> None:
    from django.db import connection  # noqa: PLC0415
    from django.test import Client  # noqa: PLC0415
    from django.test.utils import CaptureQueriesContext  # noqa: PLC0415

    from clubs.models import Club, Member, Role  # noqa: PLC0415
    from ratings import services  # noqa: PLC0415
    from ratings.models import Rating  # noqa: PLC0415
    from scoring.models import ResultEntry  # noqa: PLC0415
    from tournaments.models import Table  # noqa: PLC0415

    from .standings import build_season  # noqa: PLC0415

    club = Club.objects.create(name="Ratings", slug="ratings-bench", standings_public=True)
    started = time.perf_counter()
    season = build_season(club, players=PLAYERS, evenings=EVENINGS, rounds=ROUNDS)
    built = time.perf_counter() - started
    tables = ResultEntry.objects.filter(status=ResultEntry.Status.CONFIRMED).count()
    print(f"ratings_data: {PLAYERS} players, {tables} confirmed tables built in {built:.1f} s")

    started = time.perf_counter()
    replayed = services.update("duizenden")
    seconds = time.perf_counter() - started
    print(
        f"ratings_from_scratch: {seconds:.2f} s ({replayed} evenings, "
        f"{tables / seconds:,.0f} tables/s)"
    )

    from django.contrib.auth import get_user_model  # noqa: PLC0415

    user = get_user_model().objects.create_user("ratings-bench")
    Member.objects.filter(club=club, pk=Member.objects.filter(club=club).first().pk).update(
        user=user
    )
    Role.objects.create(club=club, user=user, level=Role.Level.PLAYER)
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    url = f"/c/{club.slug}/ratings/?game=duizenden"
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        client.get(url)
        page = time.perf_counter() - started
    print(
        f"ratings_list_page: {page * 1000:.0f} ms for {Rating.objects.count()} ratings, "
        f"{len(queries)} queries"
    )

    first = season.tournaments.order_by("date").first()
    table = Table.objects.filter(round__tournament=first).order_by("pk").first()
    result = ResultEntry.objects.get(table=table, status=ResultEntry.Status.CONFIRMED)
    result.pk = None
    result.outcome = {**result.outcome, "sides": list(reversed(result.outcome["sides"]))}
    ResultEntry.objects.filter(table=table).update(status=ResultEntry.Status.SUPERSEDED)
    result.save()
    started = time.perf_counter()
    replayed = services.update("duizenden")
    seconds = time.perf_counter() - started
    print(f"ratings_season_after_correction: {seconds:.2f} s ({replayed} evenings replayed)")
