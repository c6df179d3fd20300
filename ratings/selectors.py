"""Reads of the ratings: which tournaments count, whether the stored ratings still match
the confirmed results, the confirmed results as the core's `TableResult`s, and the lists
and histories the pages show. Every function runs a fixed number of queries."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from django.db.models import Count, Max, OuterRef, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from clubs.models import Club, Member
from scoring import selectors as scoring_selectors
from scoring.models import ResultEntry
from tournaments.models import Tournament

from .core import NEW, TableResult
from .models import RatedTournament, Rating, RatingStep

CONFIRMED = ResultEntry.Status.CONFIRMED


def fingerprints(game: str | None = None) -> dict[int, str]:
    """tournament id -> a fingerprint of its confirmed results, for the counting tournaments
    (of `game`, or of every game) that have any (one query). A confirmation, a correction
    (a new confirmed row replacing one) or a rejection changes it."""
    rows = ResultEntry.objects.filter(
        status=CONFIRMED, table__round__tournament__counts_for_rating=True
    )
    if game is not None:
        rows = rows.filter(table__round__tournament__game=game)
    grouped = (
        rows.values("table__round__tournament_id")
        .annotate(count=Count("pk"), total=Sum("pk"), last=Max("pk"))
        .order_by()
    )
    return {
        row["table__round__tournament_id"]: f"{row['count']}:{row['total']}:{row['last']}"
        for row in grouped
    }


@dataclass(frozen=True, slots=True)
class Staleness:
    """Where the stored ratings of a game stop matching the results: the index in
    `tournaments` (the counting ones with confirmed results, in replay order) to replay
    from (None: they match), and the stored tournaments to forget."""

    tournaments: list[Tournament]
    current: dict[int, str]
    start: int | None
    forget: list[int]

    @property
    def stale(self) -> bool:
        return self.start is not None or bool(self.forget)

    @property
    def tournaments_to_replay(self) -> int:
        return 0 if self.start is None else len(self.tournaments) - self.start

    @property
    def tables_to_replay(self) -> int:
        """The confirmed tables of the tournaments to replay (from their fingerprints)."""
        if self.start is None:
            return 0
        return sum(int(self.current[t.pk].split(":")[0]) for t in self.tournaments[self.start :])

    @property
    def tables(self) -> int:
        """All the confirmed tables of the counting tournaments (the whole-history estimate
        reads them all)."""
        return sum(int(self.current[t.pk].split(":")[0]) for t in self.tournaments)


def staleness(games: Sequence[str]) -> dict[str, Staleness]:
    """For each of `games`: compare the stored fingerprints with the results (three
    queries in all)."""
    current = fingerprints()
    tournaments = Tournament.objects.filter(
        game__in=games, counts_for_rating=True, pk__in=list(current)
    ).order_by("date", "pk")
    by_game: dict[str, list[Tournament]] = {game: [] for game in games}
    for tournament in tournaments:
        by_game[tournament.game].append(tournament)
    stored: dict[str, dict[int, tuple]] = {game: {} for game in games}
    for pk, game, fingerprint, date in RatedTournament.objects.filter(game__in=games).values_list(
        "tournament_id", "game", "fingerprint", "tournament__date"
    ):
        stored[game][pk] = (fingerprint, date)
    return {game: _staleness(by_game[game], current, stored[game]) for game in games}


def _staleness(rated: list[Tournament], current: dict[int, str], stored: dict) -> Staleness:
    mine = {t.pk: current[t.pk] for t in rated}
    start = next(
        (i for i, t in enumerate(rated) if stored.get(t.pk, (None,))[0] != mine[t.pk]), None
    )
    forget = [pk for pk in stored if pk not in mine]
    if forget:
        # A tournament no longer counts (or lost its results): replay from the first one
        # after it.
        gone = min((stored[pk][1], pk) for pk in forget)
        after = next((i for i, t in enumerate(rated) if (t.date, t.pk) > gone), len(rated))
        start = after if start is None else min(start, after)
    return Staleness(rated, mine, start, forget)


def table_results(tournaments: Sequence[Tournament]) -> Iterator[TableResult]:
    """The confirmed results of `tournaments` as rankings of their sides (four queries).

    A side's players are its members' ids; a guest counts as a player of their own for
    that evening (("guest", entry id)), so their tables still rate the members, but no
    guest gets a rating."""
    rows = scoring_selectors.fetch(tournaments)
    for table_id, table in rows.tables.items():
        result = rows.results.get(table_id)
        if result is None or result.status != CONFIRMED:
            continue
        tournament = rows.tournaments[table.tournament]
        players: dict[int, list] = {}
        for side, entry_id in table.seats:
            entry = rows.entries[entry_id]
            key = entry.member if entry.member is not None else ("guest", entry_id)
            players.setdefault(side, []).append(key)
        ranks = {side["side"]: side["rank"] for side in result.sides}
        sides = [s for s in sorted(players) if s in ranks]
        if len(sides) < 2:
            continue
        yield TableResult(
            order=(tournament.date.isoformat(), tournament.pk, table.round, table.number),
            teams=tuple(tuple(players[s]) for s in sides),
            ranks=tuple(int(ranks[s]) for s in sides),
        )


def _ranked(ratings: QuerySet[Rating]) -> QuerySet[Rating]:
    """`ratings` with each one's position among them (1 + how many are higher), whatever
    the page then filters or sorts by."""
    above = (
        ratings.filter(shown__gt=OuterRef("shown"))
        .order_by()
        .values("game")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return ratings.annotate(position=Coalesce(Subquery(above), 0) + 1)


def club_list(club: Club, game: str) -> QuerySet[Rating]:
    """The club's members' ratings in `game`, best first."""
    return (
        _ranked(Rating.objects.filter(game=game, member__club=club))
        .select_related("member", "member__club")
        .order_by("-shown", "member__name", "pk")
    )


def site_list(game: str) -> QuerySet[Rating]:
    """The ratings in `game` of every club that shares its standings, best first."""
    return (
        _ranked(Rating.objects.filter(game=game, member__club__standings_public=True))
        .select_related("member", "member__club")
        .order_by("-shown", "member__name", "pk")
    )


@dataclass(frozen=True, slots=True)
class Point:
    tournament: Tournament
    shown: int
    games: int


@dataclass(frozen=True, slots=True)
class PlayerRating:
    game: str
    rating: Rating
    history: list[Point]


def player_ratings(member: Member) -> list[PlayerRating]:
    """The member's rating in every game they are rated in, with its history by
    tournament (two queries)."""
    ratings = list(Rating.objects.filter(member=member).order_by("game"))
    steps = (
        RatingStep.objects.filter(member=member)
        .select_related("tournament")
        .order_by("game", "tournament__date", "tournament_id")
    )
    history: dict[str, list[Point]] = {}
    for step in steps:
        history.setdefault(step.game, []).append(Point(step.tournament, step.shown, step.games))
    return [PlayerRating(r.game, r, history.get(r.game, [])) for r in ratings]


def strengths(game: str, members: Sequence[int]) -> tuple[dict[int, float], float]:
    """For a draw by rating (evenings.services.draw): each rated member's skill estimate mu
    in `game`, and a new player's for the others (one query). mu, not the shown rating:
    the draw wants the best guess of strength, not the cautious one."""
    known = dict(
        Rating.objects.filter(game=game, member_id__in=list(members)).values_list("member_id", "mu")
    )
    return known, NEW.mu
