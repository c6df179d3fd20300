"""The ratings app: confirmed results become ratings per game, replayed in the order of
the evenings (so entry order and late corrections do not matter), on the club's list,
the site's list of clubs that share their standings, and the player's page."""

from __future__ import annotations

import csv
import io
import re
from datetime import date, timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from ratings import core, selectors, services, tasks
from ratings.models import RatedTournament, Rating, RatingStep, RatingUpdate
from scoring.models import ResultEntry
from scoring.services import outcome_json, score
from tournaments.models import Table

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round
from ..standings_pages.test_ties import duel

GAME = "miezemauzen"
CLUB = {"club_slug": "rooi"}


def evening(club, day: int, duels: list[tuple]):
    """A Mie-Zie-Mauzen evening on day `day` with one round of duels (winner, loser)."""
    tournament = TournamentFactory(
        club=club, game=GAME, table_size=2, date=date(2026, 1, 1) + timedelta(days=day)
    )
    entries = {}
    for pair in duels:
        for member in pair:
            entries[member.pk] = EntryFactory(tournament=tournament, member=member)
    round_ = seat_round(tournament, [[entries[won.pk], entries[lost.pk]] for won, lost in duels])
    for table in round_.tables.order_by("number"):
        duel(table, 0, 40)
    return tournament


def stored() -> dict[int, tuple]:
    return {
        r.member_id: (round(r.mu, 9), round(r.sigma, 9), r.games)
        for r in Rating.objects.filter(game=GAME)
    }


def from_scratch() -> dict[int, tuple]:
    """The ratings a replay from nothing gives (the stored ones forgotten first)."""
    RatingStep.objects.all().delete()
    Rating.objects.all().delete()
    RatedTournament.objects.all().delete()
    services.update(GAME)
    return stored()


@pytest.fixture
def players(two_clubs):
    return [MemberFactory(club=two_clubs.a, name=f"Speler {i}") for i in range(6)]


def test_a_won_duel_moves_the_winner_up_as_the_core_says(two_clubs, players):
    """The list is the core's whole-history estimate, the history its online update."""
    a, b = players[:2]
    evening(two_clubs.a, 0, [(a, b)])
    assert services.update(GAME) == 1
    results = [core.TableResult(order=(0,), teams=((a.pk,), (b.pk,)), ranks=(1, 2))]
    expected = core.whole_history(results)
    mine = {r.member_id: r for r in Rating.objects.filter(game=GAME)}
    assert mine[a.pk].mu == pytest.approx(expected[a.pk].mu)
    assert mine[b.pk].mu == pytest.approx(expected[b.pk].mu)
    assert mine[a.pk].shown == expected[a.pk].shown
    assert mine[a.pk].mu > core.MU > mine[b.pk].mu
    assert mine[a.pk].games == 1
    online = core.replay(results).ratings
    step = RatingStep.objects.get(member=a, game=GAME)
    assert step.mu == pytest.approx(online[a.pk].mu)
    assert step.mu != pytest.approx(mine[a.pk].mu)  # two estimates, not one copied
    assert services.update(GAME) == 0  # up to date: nothing replayed


def test_results_entered_out_of_order_give_the_ratings_of_the_evenings_order(two_clubs, players):
    a, b, c, d = players[:4]
    # Evening 2 entered first, evening 1 later: the replay goes by the evenings' dates.
    evening(two_clubs.a, 7, [(a, b), (c, d)])
    evening(two_clubs.a, 0, [(b, a), (d, c)])
    services.update(GAME)
    evening(two_clubs.a, 14, [(a, c), (b, d)])
    evening(two_clubs.a, 3, [(a, d)])  # a late evening between the first two
    services.update(GAME)
    late = stored()
    results = list(selectors.table_results(selectors.staleness([GAME])[GAME].tournaments))
    whole = core.whole_history(results)
    assert late == {pk: (round(r.mu, 9), round(r.sigma, 9), r.games) for pk, r in whole.items()}
    ordered = core.replay(results).ratings
    steps = {
        s.member_id: s for s in RatingStep.objects.filter(game=GAME).order_by("tournament__date")
    }
    assert {pk: (round(s.mu, 9), s.games) for pk, s in steps.items()} == {
        pk: (round(r.mu, 9), r.games) for pk, r in ordered.items()
    }  # each member's last step: the online update in the evenings' order
    assert late == from_scratch()


def test_a_correction_three_evenings_back_gives_the_ratings_of_a_replay_from_scratch(
    two_clubs, players
):
    a, b, c, d = players[:4]
    first = evening(two_clubs.a, 0, [(a, b), (c, d)])
    for day in (7, 14, 21):
        evening(two_clubs.a, day, [(a, c), (b, d)])
    services.update(GAME)
    before = stored()
    # The director corrects evening 1's first table: b won, not a.
    table = Table.objects.get(round__tournament=first, number=1)
    ResultEntry.objects.filter(table=table).update(status=ResultEntry.Status.SUPERSEDED)
    data = {"mode": "summary", "finished": True, "sides": [{"points": 40}, {"points": 0}]}
    ResultEntry.objects.create(
        table=table, status=ResultEntry.Status.CONFIRMED, data=data,
        outcome=outcome_json(score(first, 2, data, 2)), via=ResultEntry.Via.DIRECTOR,
        entered_by_name="test",
    )  # fmt: skip
    assert services.update(GAME) == 4  # from the corrected evening on
    corrected = stored()
    assert corrected != before
    assert corrected[b.pk][0] > before[b.pk][0]
    assert corrected == from_scratch()


def test_a_tournament_that_does_not_count_is_left_out(two_clubs, players):
    a, b = players[:2]
    counted = evening(two_clubs.a, 0, [(a, b)])
    friendly = evening(two_clubs.a, 7, [(b, a)])
    friendly.counts_for_rating = False
    friendly.save()
    services.update(GAME)
    assert Rating.objects.get(member=a, game=GAME).games == 1
    # Switched on later: the ratings take it in.
    friendly.counts_for_rating = True
    friendly.save()
    assert services.update(GAME) == 1
    assert Rating.objects.get(member=a, game=GAME).games == 2
    # Off again: it is forgotten, as if never played.
    friendly.counts_for_rating = False
    friendly.save()
    services.update(GAME)
    assert Rating.objects.get(member=a, game=GAME).games == 1
    assert Rating.objects.get(member=a, game=GAME).last_id == counted.pk


def test_the_club_list_ranks_exports_and_searches(two_clubs, players):
    a, b, c, d = players[:4]
    evening(two_clubs.a, 0, [(a, b), (c, d)])
    evening(two_clubs.a, 7, [(a, c), (b, d)])
    client = client_for(two_clubs.player)
    url = reverse("ratings:club-ratings", kwargs=CLUB) + f"?game={GAME}"
    page = client.get(url).content.decode()
    assert page.index(escape(a.name)) < page.index(escape(d.name))  # a won twice, d lost twice
    found = client.get(url + "&q=" + b.name.split()[-1]).content.decode()
    assert escape(b.name) in found and escape(a.name) not in found
    export = client.get(url + "&_export=csv")
    assert export.status_code == 200
    text = export.content.decode("utf-8-sig")
    delimiter = ";" if ";" in text.splitlines()[0] else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    names = [row[1] for row in rows[1:]]
    assert names[0] == a.name and names[-1] == d.name
    # b and c each lost to a and beat d: the whole-history list gives them one place.
    assert [row[0] for row in rows[1:]] == ["1", "2", "2", "4"]
    assert (
        client.get(reverse("ratings:club-ratings", kwargs=CLUB) + "?game=chess").status_code == 404
    )


def test_the_club_list_takes_a_fixed_number_of_queries(two_clubs, players):
    client = client_for(two_clubs.player)
    url = reverse("ratings:club-ratings", kwargs=CLUB) + f"?game={GAME}"

    def count() -> int:
        client.get(url)  # brings the ratings up to date
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    evening(two_clubs.a, 0, [(players[0], players[1])])
    small = count()
    for day in range(1, 6):
        evening(two_clubs.a, day * 7, [(players[i], players[i + 1]) for i in (0, 2, 4)])
    more = [MemberFactory(club=two_clubs.a) for _ in range(10)]
    evening(two_clubs.a, 50, [(more[i], more[i + 1]) for i in range(0, 10, 2)])
    assert count() == small
    assert Rating.objects.count() == 16


def test_the_site_list_shows_only_clubs_that_share_their_standings(two_clubs, players):
    a, b = players[:2]
    evening(two_clubs.a, 0, [(a, b)])
    other_a, other_b = MemberFactory(club=two_clubs.b), MemberFactory(club=two_clubs.b)
    evening(two_clubs.b, 0, [(other_a, other_b)])
    two_clubs.b.standings_public = True
    two_clubs.b.save()
    page = client_for(None).get(reverse("ratings:site-ratings") + f"?game={GAME}").content.decode()
    assert escape(other_a.name) in page and escape(two_clubs.b.name) in page
    assert escape(a.name) not in page and escape(two_clubs.a.name) not in page


def test_the_players_page_shows_the_rating_and_its_history_as_plotted(two_clubs):
    player = two_clubs.a.members.get(user=two_clubs.player)
    rival = MemberFactory(club=two_clubs.a)
    for day, pair in enumerate([(player, rival), (player, rival), (rival, player)]):
        evening(two_clubs.a, day * 7, [pair])
    page = (
        client_for(two_clubs.player)
        .get(reverse("ratings:player-ratings", kwargs={**CLUB, "pk": player.pk}))
        .content.decode()
    )
    # The player's page fetches this part of it (htmx): the ratings are ratings' own.
    fetch = reverse("ratings:player-ratings", kwargs={**CLUB, "pk": player.pk})
    whole = client_for(two_clubs.player).get(
        reverse("scoring:player-detail", kwargs={**CLUB, "pk": player.pk})
    )
    assert f'hx-get="{fetch}" hx-trigger="load"' in whole.content.decode()
    steps = list(
        RatingStep.objects.filter(member=player).order_by("tournament__date")
        .values_list("shown", flat=True)
    )  # fmt: skip
    assert len(steps) == 3 and steps[1] > steps[2]
    svg = re.search(r'<svg class="chart".*?</svg>', page, re.S).group(0)
    assert "<title" in svg and "<desc" in svg
    ys = [float(y) for y in re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)"', svg)]
    # One point per tournament; a higher rating is a higher point (a smaller y).
    assert len(ys) == 3
    assert sorted(range(3), key=ys.__getitem__) == sorted(range(3), key=lambda i: -steps[i])
    table = page[page.index("<details") :]
    for shown in steps:
        assert f">{shown}</td>" in table


def test_a_long_replay_goes_to_the_worker_with_its_progress(two_clubs, players, monkeypatch):
    monkeypatch.setattr(services, "INLINE_TABLES", 1)
    sent = []
    monkeypatch.setattr(services, "send", lambda name, game: sent.append((name, game)))
    monkeypatch.setattr(transaction, "on_commit", lambda func, using=None, robust=False: func())
    for day in range(3):
        evening(two_clubs.a, day * 7, [(players[0], players[1])])
    url = reverse("ratings:club-ratings", kwargs=CLUB) + f"?game={GAME}"
    client = client_for(two_clubs.player)
    page = client.get(url).content.decode()
    assert "<progress" in page
    assert sent == [(tasks.update_ratings.name, GAME)]
    client.get(url)
    assert sent == [(tasks.update_ratings.name, GAME)]  # sent once while it waits
    assert RatingUpdate.objects.get(game=GAME).status == RatingUpdate.Status.QUEUED
    assert tasks.update_ratings(GAME) == 3
    job = RatingUpdate.objects.get(game=GAME)
    assert (job.status, job.done, job.total) == (RatingUpdate.Status.IDLE, 3, 3)
    assert "<progress" not in client.get(url).content.decode()
    assert Rating.objects.get(member=players[0], game=GAME).games == 3


def test_a_rating_card_says_provisional_once(two_clubs, players):
    """At 360 px each line of the list is a card whose cells carry their column's name
    (clubs.tables.CardTable): the provisional cell's word stands alone, or a card reads
    "Voorlopig voorlopig"."""
    a, b = players[:2]
    evening(two_clubs.a, 0, [(a, b)])
    services.update(GAME)
    url = reverse("ratings:club-ratings", kwargs=CLUB) + f"?game={GAME}"
    html = client_for(two_clubs.player).get(url).content.decode()
    cells = re.findall(r'<td[^>]*data-label="([^"]*)"[^>]*>\s*(.*?)\s*</td>', html, re.S)
    assert cells
    provisional = [text for _label, text in cells if text == "voorlopig"]
    assert len(provisional) == 2  # both players have one game
    assert all(label.casefold() != text.casefold() for label, text in cells if text)


def test_a_game_with_many_tables_in_all_goes_to_the_worker(two_clubs, players, monkeypatch):
    """One evening to replay, but the whole-history estimate reads every table of the game:
    past WHOLE_INLINE_TABLES in all, the page hands it to the worker."""
    sent = []
    monkeypatch.setattr(services, "send", lambda name, game: sent.append((name, game)))
    monkeypatch.setattr(transaction, "on_commit", lambda func, using=None, robust=False: func())
    evening(two_clubs.a, 0, [(players[0], players[1]), (players[2], players[3])])
    assert services.refresh([GAME]) == {}  # two tables: made at once
    monkeypatch.setattr(services, "WHOLE_INLINE_TABLES", 2)
    evening(two_clubs.a, 7, [(players[0], players[2])])  # one table more to replay
    waiting = services.refresh([GAME])
    assert waiting[GAME].status == RatingUpdate.Status.QUEUED
    assert sent == [(tasks.update_ratings.name, GAME)]
