"""A season's standings over its evenings (:func:`season_board`), cached in two layers.

A season's standings are cached, keyed on a fingerprint of everything they are made of
(:func:`_evening_keys`), so the page does a few aggregate queries instead of the whole
count while nothing changed; any entered, confirmed or corrected result changes its
table's ``version`` and so the key. Each evening's count is cached as well, so a new
result has only its own evening counted again, and kept in the database
(scoring.models.EveningCount) under the same fingerprint, so that after a restart (the
cache empty) the page reads thirty small rows instead of every seat of the season. A
kept count is used only while its fingerprint matches what the evening holds: it cannot
go stale, and dropping them all loses nothing but time.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from operator import attrgetter
from typing import TypeVar

from django.core.cache import cache
from django.db.models import BigIntegerField, Case, Count, F, Max, Q, Sum, When

from clubs.models import Member
from games import registry
from tournaments.models import Bye, Entry, Season, Seat, Table, Tournament

from .. import services, standings
from ..models import EveningCount, ResultEntry
from .rows import (
    EntryRow,
    Loaded,
    Person,
    build,
    counting,
    fetch,
    member_key,
    scheme_of,
)

#: Each evening's count in a season: tournament pk -> competitor -> Night.
Nights = dict[int, dict[Hashable, standings.Night]]

#: What happened at an evening: a game played, or a bye.
Played = TypeVar("Played", standings.Game, standings.Bye)


#: Bump when what the season cache holds changes shape.
SEASON_CACHE = "troef.season-board.6"
SEASON_CACHE_SECONDS = 7 * 24 * 3600
#: An evening's settings its count in the season depends on (scheme_of, _sides_per_table)
#: or the page shows.
EVENING_FIELDS = ("pk", "date", "name", "game", "options", "table_size", "teams", "scheme",
                  "win_points", "draw_points", "loss_points")  # fmt: skip
#: What an evening's count is made of, per model: (model, its path to the evening, the
#: aggregates that change with every addition, deletion or entered result).
EVENING_ROWS = (
    (Table, "round__tournament_id", {"versions": Sum("version")}),
    # who sits where: a seat given to another player in place changes the sum of entries
    (Seat, "round__tournament_id", {"who": Sum("entry_id"), "where": Sum("table_id")}),
    (Bye, "round__tournament_id", {"who": Sum("entry_id")}),
    (ResultEntry, "table__round__tournament_id", {}),
    (Entry, "tournament_id", {}),
)


@dataclass(slots=True)
class SeasonBoard:
    season: Season
    evenings: list[Tournament]  # in date order
    lines: list[standings.SeasonLine]
    people: dict[Hashable, Person]
    # competitor -> position after each evening (None before their first)
    positions: dict[Hashable, tuple[int | None, ...]] = field(default_factory=dict)


@counting()
def season_board(season: Season) -> SeasonBoard:
    """A season competition over its evenings, players known by member across evenings.

    Cached in two layers keyed on fingerprints: each evening's :func:`standings.nights`
    (:func:`_evening_keys`), and the season's lines and names, whose key adds the
    season's settings and the club's members (count and latest ``updated_at``: a rename;
    guests' names are never edited). After a new result only its evening is counted
    again. Seven queries when nothing changed, eight when only names or the season's
    settings did, nine when the counts are kept ones (after a restart), thirteen or
    fourteen when evenings are counted (:func:`_season_count`).
    """
    evenings = list(season.tournaments.order_by("date", "pk"))
    evening_keys = _evening_keys(evenings)
    members = Member.objects.filter(club_id=season.club_id).aggregate(
        n=Count("id"), changed=Max("updated_at")
    )
    key = _fingerprint(
        f"{SEASON_CACHE}:{season.pk}",
        (season.name, season.game, season.best_of, season.min_attendance, season.count_by),
        list(evening_keys.values()),
        members,
    )
    cached = cache.get(key)
    if cached is None:
        cached = _season_count(season, evenings, evening_keys)
        cache.set(key, cached, SEASON_CACHE_SECONDS)
    lines, who, positions = cached
    return SeasonBoard(season, evenings, lines, who, positions)


def _season_count(
    season: Season, evenings: list[Tournament], evening_keys: dict[int, str]
) -> tuple[
    list[standings.SeasonLine], dict[Hashable, Person], dict[Hashable, tuple[int | None, ...]]
]:
    """The season's lines, names and positions after each evening. Each evening's count
    comes from the cache, else from its kept EveningCount (one query) when that was made
    of what the evening holds now, else it is counted from the evening's rows: four
    queries (:func:`fetch`) for those, one to keep their counts, and one more for the
    names when some evenings were not counted."""
    known = cache.get_many(list(evening_keys.values()))
    missing = [t for t in evenings if evening_keys[t.pk] not in known]
    if missing:
        known.update(_kept_counts(missing, evening_keys))
        missing = [t for t in missing if evening_keys[t.pk] not in known]
    rows = fetch(missing) if missing else None
    if rows is not None:
        counted = evening_nights(missing, build(rows, member_key))
        cache.set_many(
            {evening_keys[pk]: nights for pk, nights in counted.items()}, SEASON_CACHE_SECONDS
        )
        services.keep_evening_counts(
            {pk: (evening_keys[pk], _encoded(nights)) for pk, nights in counted.items()}
        )
        known.update((evening_keys[pk], nights) for pk, nights in counted.items())
    everyone = rows is not None and len(missing) == len(evenings)
    who = _people_of(rows.entries.values()) if everyone else _season_people(evenings)
    nights = {t.pk: known[evening_keys[t.pk]] for t in evenings}
    positions = standings.positions_by_evening(
        [t.pk for t in evenings],
        nights,
        best=season.best_of,
        min_attendance=season.min_attendance,
        names={k: person.name for k, person in who.items()},
        count_by=season.count_by,
    )
    return season_lines(season, evenings, nights, who), who, positions


def _people_of(entries: Iterable[EntryRow]) -> dict[Hashable, Person]:
    """member_key -> Person of everyone with one of `entries`: a member once, by their
    name, a guest by their entry. A season has no teams, and nobody withdraws from it
    (a withdrawal is from one evening, and what they played there still counts)."""
    keyed = ((member_key(entry), entry) for entry in entries)
    return {key: Person(key, entry.name, entry.member) for key, entry in keyed}


def _season_people(evenings: Sequence[Tournament]) -> dict[Hashable, Person]:
    """:func:`_people_of` the entries of `evenings`, in one query that the database makes
    distinct: a row per member (about 200 for a season's 6,000 entries), one per guest."""
    guest = Q(member__isnull=True)
    named = (
        Entry.objects.filter(tournament_id__in=[t.pk for t in evenings])
        .annotate(
            who=Case(
                When(guest, then=-F("id")), default=F("member_id"), output_field=BigIntegerField()
            ),
            called=Case(When(guest, then=F("guest_name")), default=F("member__name")),
        )
        .values_list("who", "called")
        .order_by()
        .distinct()
    )
    return {who: Person(who, called, None if who < 0 else who) for who, called in named}


def _kept_counts(
    evenings: Sequence[Tournament], evening_keys: dict[int, str]
) -> dict[str, dict[Hashable, standings.Night]]:
    """Cache key -> count of each of `evenings` whose kept EveningCount was made of what
    the evening holds now (its fingerprint matches); the others are left out."""
    return {
        key: _decoded(nights)
        for pk, key, nights in EveningCount.objects.filter(
            tournament_id__in=[t.pk for t in evenings]
        ).values_list("tournament_id", "key", "nights")
        if key == evening_keys[pk]
    }


def _encoded(nights: Mapping[Hashable, standings.Night]) -> list:
    """An evening's count as EveningCount keeps it (JSON): [competitor, match points,
    margin numerator, margin denominator, won] per competitor, the margin exact."""
    return [
        [competitor, night.match_points, *_ratio(night.margin), night.won]
        for competitor, night in nights.items()
    ]


def _decoded(rows: list) -> dict[Hashable, standings.Night]:
    """The count :func:`_encoded` made, as it was."""
    return {
        competitor: standings.Night(
            float(points),
            numerator if denominator == 1 else Fraction(numerator, denominator),
            won,
        )
        for competitor, points, numerator, denominator, won in rows
    }


def _ratio(margin: int | Fraction) -> tuple[int, int]:
    margin = Fraction(margin)
    return margin.numerator, margin.denominator


def _evening_keys(evenings: Sequence[Tournament]) -> dict[int, str]:
    """pk -> the cache key of each evening's count in a season, a fingerprint of what it is
    made of (five grouped aggregate queries for all the evenings together).

    Results: every change goes through scoring.services, which bumps the table's
    version; new entries also show in the results' count and highest id. The draw:
    tables, seats and byes are only ever added or deleted (a swap re-creates them), so
    their count and highest id change. The evening's own settings are part of it as read.
    """
    ids = [t.pk for t in evenings]
    parts: dict[int, dict[str, object]] = {
        t.pk: {"evening": attrgetter(*EVENING_FIELDS)(t), "ties": _tiebreaks(t.game)}
        for t in evenings
    }
    for model, path, extra in EVENING_ROWS:
        for evening, *aggregates in (
            model.objects.filter(**{f"{path}__in": ids})
            .values_list(path)
            .annotate(n=Count("id"), last=Max("id"), **extra)
            .order_by()
        ):
            parts[evening][model.__name__] = aggregates
    return {pk: _fingerprint(f"{SEASON_CACHE}:evening:{pk}", part) for pk, part in parts.items()}


def _tiebreaks(game: str) -> tuple[str, ...]:
    """The game's tie-breaks (scheme_of): who won an evening depends on them, and they are
    the game's code, not the evening's row."""
    try:
        return registry.get(game).results.tiebreaks
    except registry.UnknownGameError:
        return ()


def _fingerprint(prefix: str, *parts: object) -> str:
    return f"{prefix}:{hashlib.sha256(repr(parts).encode()).hexdigest()}"


def evening_nights(evenings: Sequence[Tournament], loaded: Loaded) -> Nights:
    """pk -> competitor -> Night for each of `evenings`, each counted by its own scheme
    (the same points as its own standings page), from `loaded` games of these evenings
    and maybe others. Everyone seated in an evening attended it, confirmed or not (TP-7)."""
    games, byes = by_evening(loaded.games), by_evening(loaded.byes)
    seated: defaultdict[Hashable, list[tuple[Hashable, Hashable]]] = defaultdict(list)
    for evening, competitor in loaded.seated:
        seated[evening].append((evening, competitor))
    return {
        t.pk: standings.nights(games[t.pk], scheme_of(t), byes=byes[t.pk], seated=seated[t.pk]).get(
            t.pk, {}
        )
        for t in evenings
    }


def by_evening(items: Iterable[Played]) -> defaultdict[Hashable, list[Played]]:
    """Games or byes grouped by their evening (a tournament's pk)."""
    grouped: defaultdict[Hashable, list[Played]] = defaultdict(list)
    for item in items:
        grouped[item.evening].append(item)
    return grouped


def season_lines(
    season: Season,
    evenings: Sequence[Tournament],
    nights: Nights,
    who: Mapping[Hashable, Person] | None = None,
) -> list[standings.SeasonLine]:
    """`season`'s competition over `evenings` (in date order) from their `nights`; lines
    sharing a position listed by the names of `who`."""
    return standings.season_of_nights(
        [t.pk for t in evenings],
        nights,
        best=season.best_of,
        min_attendance=season.min_attendance,
        names={k: person.name for k, person in (who or {}).items()},
        count_by=season.count_by,
    )
