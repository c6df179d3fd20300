"""Every standings page runs a fixed number of queries, whatever the number of players,
evenings and rounds: each is opened at two sizes under the same limit."""

import pytest
from django.core.cache import cache
from django.db.models import F
from django.urls import reverse

from benchmarks.standings import build_season
from clubs.models import Club
from ratings import services as ratings_services
from scoring.views.standings import SEASON_STANDINGS
from tournaments.models import Table

from ..conftest import client_for

#: (players, evenings, rounds): 8 players at one round of two evenings, 40 at four rounds
#: of six evenings.
SIZES = [(8, 2, 1), (40, 6, 4)]

# Page -> the most queries it may run, and who opens it. A logged-in page starts with four
# (session, user, club, role), the season page looks up the season and its evenings and
# takes its fingerprint in six (each evening's in five, scoring.selectors.season._evening_keys,
# and the members'), then one for the evenings' kept counts (scoring.models.EveningCount)
# when the cache lacks some; the rows are four (scoring.selectors.fetch), for the evenings
# neither the cache nor a kept count holds, and one for the names when the others came
# from there; counting an evening keeps its count, one query (three here, where the test's
# transaction makes it a savepoint). A tournament's
# standings table and the venue screen's live part are cached (scoring.pagecache): one
# query for their fingerprint, and the four rows only when something changed.
PAGES = {
    "tournament": (10, "player"),
    "tournament-cached": (6, "player"),
    "tournament-round": (10, "player"),
    "tournament-csv": (9, "player"),
    "season": (20, "player"),
    "season-cached": (12, "player"),
    "season-kept": (14, "player"),
    "season-after-result": (21, "player"),
    "season-xlsx": (20, "player"),
    # The player's page adds their ratings: three queries to see that they are up to date
    # (ratings.selectors.staleness, after ratings.services.update brought them so), two
    # for the ratings and their history.
    "player": (16, "player"),
    "venue": (11, "director"),  # public standings: the role, the club menu, the round clock
    "venue-live": (7, "director"),
    "venue-live-cached": (3, "director"),
    "public": (3, None),
    "public-tournament": (7, None),
    "public-tournament-cached": (3, None),
    "public-season": (17, None),
    "public-season-kept": (11, None),
}


def urls(season) -> dict[str, str]:
    club = {"club_slug": season.club.slug}
    evening = season.tournaments.order_by("date").last()
    member = evening.entries.first().member
    standings = reverse("scoring:tournament-standings", kwargs={**club, "pk": evening.pk})
    season_url = reverse(SEASON_STANDINGS, kwargs={**club, "pk": season.pk})
    return {
        "tournament": standings,
        "tournament-cached": standings,
        "tournament-round": standings + "?round=1",
        "tournament-csv": standings + "?_export=csv",
        "season": season_url,
        "season-cached": season_url,
        "season-kept": season_url,
        "season-after-result": season_url,
        "season-xlsx": season_url + "?_export=xlsx",
        "player": reverse("scoring:player-detail", kwargs={**club, "pk": member.pk}),
        "venue": reverse("scoring:tournament-venue", kwargs={**club, "pk": evening.pk}),
        "venue-live": reverse("scoring:tournament-venue-live", kwargs={**club, "pk": evening.pk}),
        "venue-live-cached": reverse(
            "scoring:tournament-venue-live", kwargs={**club, "pk": evening.pk}
        ),
        "public": reverse("scoring:public-standings", kwargs=club),
        "public-tournament": reverse(
            "scoring:public-tournament-standings", kwargs={**club, "pk": evening.pk}
        ),
        "public-tournament-cached": reverse(
            "scoring:public-tournament-standings", kwargs={**club, "pk": evening.pk}
        ),
        "public-season": reverse(
            "scoring:public-season-standings", kwargs={**club, "pk": season.pk}
        ),
        "public-season-kept": reverse(
            "scoring:public-season-standings", kwargs={**club, "pk": season.pk}
        ),
    }


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
@pytest.mark.parametrize("page", sorted(PAGES))
def test_queries_do_not_grow_with_the_standings(
    two_clubs, django_assert_max_num_queries, page, size
):
    players, evenings, rounds = size
    Club.objects.filter(pk=two_clubs.a.pk).update(standings_public=True)
    season = build_season(two_clubs.a, players=players, evenings=evenings, rounds=rounds, best_of=2)
    limit, role = PAGES[page]
    client = client_for(getattr(two_clubs, role) if role else None)
    url = urls(season)[page]
    if page.endswith("-cached"):
        client.get(url)
    elif page.endswith("-kept"):
        client.get(url)  # counts every evening and keeps the counts; then a restart
        cache.clear()
    elif page == "season-after-result":
        client.get(url)  # then a result of the last evening changes, as a correction would
        table = Table.objects.filter(round__tournament=season.tournaments.latest("date")).first()
        Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
    else:
        cache.clear()
    if page == "player":
        ratings_services.update(season.game)
    with django_assert_max_num_queries(limit):
        response = client.get(url)
    assert response.status_code == 200
