"""The draw of a round: `round_draw` is the only adapter of the pure draw
(tournaments/seating): it loads who is present and who sat with whom, the match points
so far (scoring) and the players' strengths (ratings), calls the draw, and saves tables
and seats."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from ratings import selectors as ratings
from scoring import selectors as scoring
from tournaments import formats, seating
from tournaments.models import Bye, Entry, Round, Season, Seat, Table, Team, Tournament
from tournaments.services import competitor_key, draw_sizes, lock, log, refuse_when_finished

from .common import open_tables_message, tables_without_result


def _strengths(tournament: Tournament, units: dict) -> dict | None:
    """Each competitor's strength for a balanced draw: the sum over its players (a team's
    two), from the ratings; None without balance."""
    if tournament.balance == Tournament.Balance.NONE:
        return None
    members = [e.member_id for entries in units.values() for e in entries if e.member_id]
    known, default = ratings.strengths(tournament.game, members)
    return {
        key: sum(known.get(e.member_id, default) for e in entries) for key, entries in units.items()
    }


def round_draw(*, tournament: Tournament, actor, seed: int | None = None) -> Round:
    """Draw the next round: tables for everyone present, avoiding repeat tablemates
    within this tournament first and within its season next."""
    with transaction.atomic():
        tournament = lock(tournament)
        number, fmt, units = _draw_ready(tournament)
        table_size, allowed_sizes = draw_sizes(tournament)
        seed = tournament.seed + number if seed is None else seed
        evening, season = _history(
            tournament, fixed_teams=tournament.teams == Tournament.Teams.FIXED
        )
        by_key = dict(units)
        try:
            draw = seating.draw_round(
                list(by_key),
                table_size=table_size,
                allowed_sizes=allowed_sizes,
                evening=evening,
                season=season,
                byes=_byes_so_far(tournament, by_key),
                seed=seed,
                swiss=scoring.draw_scores(tournament) if tournament.swiss else None,
                rounds_left=tournament.rounds_planned - number + 1,
                partners=tournament.teams == Tournament.Teams.DRAWN,
                strength=_strengths(tournament, by_key),
                balance=tournament.balance,
                **_season_memory(
                    tournament, fixed_teams=tournament.teams == Tournament.Teams.FIXED
                ),
            )
        except seating.DrawError as error:
            raise ValidationError(str(error)) from None
        round_ = Round.objects.create(
            tournament=tournament,
            number=number,
            seed=seed,
            repeats=min(draw.repeats_evening, 32767),
        )
        seats = []
        for table_number, keys in enumerate(draw.tables, start=1):
            table = Table.objects.create(round=round_, number=table_number)
            seats.extend(_seat_table(round_, table, [by_key[k] for k in keys], fmt, tournament))
        Seat.objects.bulk_create(seats)
        Bye.objects.bulk_create(
            Bye(round=round_, entry=entry) for key in draw.byes for entry in by_key[key]
        )
        if tournament.status == Tournament.Status.PLANNED:
            tournament.status = Tournament.Status.RUNNING
            tournament.save(update_fields=["status"])
        log(
            tournament,
            actor,
            "round.drawn",
            round=number,
            seed=seed,
            tables=[[entry.name for key in keys for entry in by_key[key]] for keys in draw.tables],
            byes=[entry.name for key in draw.byes for entry in by_key[key]],
            repeats=draw.repeats_evening,
        )
    return round_


def _draw_ready(tournament: Tournament):
    """(number of the next round, table format, draw units) when the next round can be
    drawn; else the ValidationError saying why."""
    refuse_when_finished(tournament)
    number = (tournament.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    if number > tournament.rounds_planned:
        raise ValidationError(
            _("All %(count)s rounds have been drawn.") % {"count": tournament.rounds_planned}
        )
    previous = tournament.rounds.filter(number=number - 1).first()
    if previous is not None:
        open_tables = tables_without_result(previous)
        if open_tables:
            raise ValidationError(open_tables_message(previous, open_tables))
    fmt = formats.table_format(tournament.game, tournament.table_size, tournament.team_play)
    units = _draw_units(tournament, fmt)
    if len(units) < 2:
        raise ValidationError(
            _("At least two players (or teams) must be checked in to draw a round.")
        )
    return number, fmt, units


def draw_refusal(tournament: Tournament) -> str | None:
    """Why the next round cannot be drawn now, or None when it can: the same checks as
    round_draw, so that the pages show its button only when it would draw."""
    try:
        _draw_ready(tournament)
    except ValidationError as error:
        return " ".join(error.messages)
    return None


def _draw_units(tournament: Tournament, fmt) -> list[tuple[int, list[Entry]]]:
    """(key, players) of everyone the draw seats: present players, or, with fixed
    teams, teams whose players are all present."""
    present = list(
        tournament.entries.filter(status=Entry.Status.PRESENT)
        .select_related("member")
        .order_by("pk")
    )
    if tournament.teams != Tournament.Teams.FIXED:
        return [(competitor_key(entry), [entry]) for entry in present]
    teams: dict[int, list[Entry]] = {}
    for entry in present:
        if entry.team_id is not None:
            teams.setdefault(entry.team_id, []).append(entry)
    complete = {team: members for team, members in teams.items() if len(members) == fmt.per_side}
    incomplete = Team.objects.filter(tournament=tournament).exclude(pk__in=complete)
    if incomplete.exists():
        raise ValidationError(
            _("Not every player of these teams is checked in: %(teams)s.")
            % {"teams": ", ".join(incomplete.values_list("name", flat=True))}
        )
    loose = [entry.name for entry in present if entry.team_id is None]
    if loose:
        raise ValidationError(
            _("Put these players in a team first: %(names)s.") % {"names": ", ".join(loose)}
        )
    return sorted(complete.items())


def _history(tournament: Tournament, *, fixed_teams: bool):
    """Earlier tables as tuples of draw keys: this tournament's, and its season's other
    evenings' (members only: guests and teams are new every evening)."""
    seats = Seat.objects.filter(round__tournament=tournament).values_list(
        "table_id", "entry__member_id", "entry_id", "entry__team_id"
    )
    evening: dict[int, list[int]] = {}
    for table, member, entry, team in seats.order_by("table_id", "position"):
        key = team if fixed_teams else (member if member is not None else -entry)
        if key not in evening.setdefault(table, []):
            evening[table].append(key)
    season: dict[int, list[int]] = {}
    if tournament.season_id is not None and not fixed_teams:
        rows = (
            Seat.objects.filter(
                round__tournament__season_id=tournament.season_id,
                entry__member__isnull=False,
            )
            .exclude(round__tournament=tournament)
            .order_by("table_id", "position")
            .values_list("table_id", "entry__member_id")
        )
        for table, member in rows:
            season.setdefault(table, []).append(member)
    return [tuple(t) for t in evening.values()], [tuple(t) for t in season.values()]


def _byes_so_far(tournament: Tournament, by_key: dict[int, list[Entry]]) -> dict[int, int]:
    counts: dict[int, int] = {}
    entry_key = {entry.pk: key for key, members in by_key.items() for entry in members}
    for entry_id in Bye.objects.filter(round__tournament=tournament).values_list(
        "entry_id", flat=True
    ):
        key = entry_key.get(entry_id)
        if key is not None:
            counts[key] = counts.get(key, 0) + 1
    # A team's bye is recorded for each of its players: count it once.
    per = max((len(m) for m in by_key.values()), default=1)
    return {key: count // per for key, count in counts.items()}


def _season_memory(tournament: Tournament, *, fixed_teams: bool) -> dict[str, Any]:
    """The draw's season counts (rounds at a table, at a small table, byes per member on
    the season's other evenings) and the previous season's tables with its weight: the
    club's season of the same game created last before this one. Members only, as in
    `_history`; nothing for fixed teams or a tournament outside a season."""
    season = tournament.season
    if season is None or fixed_teams:
        return {}
    others = Seat.objects.filter(
        round__tournament__season=season, entry__member__isnull=False
    ).exclude(round__tournament=tournament)
    tables: dict[int, list[tuple[int, int]]] = {}
    for table, member, size in others.values_list(
        "table_id", "entry__member_id", "round__tournament__table_size"
    ):
        tables.setdefault(table, []).append((member, size))
    played: dict[int, int] = {}
    small: dict[int, int] = {}
    for seats in tables.values():
        for member, size in seats:
            played[member] = played.get(member, 0) + 1
            small[member] = small.get(member, 0) + (len(seats) < size)
    byes: dict[int, int] = {}
    for member in (
        Bye.objects.filter(round__tournament__season=season, entry__member__isnull=False)
        .exclude(round__tournament=tournament)
        .values_list("entry__member_id", flat=True)
    ):
        byes[member] = byes.get(member, 0) + 1
    counts = {
        member: seating.SeasonCounts(
            played.get(member, 0), small.get(member, 0), byes.get(member, 0)
        )
        for member in played.keys() | byes.keys()
    }
    previous = (
        Season.objects.filter(
            club_id=season.club_id, game=season.game, created_at__lt=season.created_at
        )
        .order_by("-created_at", "-id")
        .first()
    )
    earlier: dict[int, list[int]] = {}
    weight = float(season.previous_season_weight)
    if previous is not None and weight:
        rows = Seat.objects.filter(
            round__tournament__season=previous, entry__member__isnull=False
        ).values_list("table_id", "entry__member_id")
        for table, member in rows.order_by("table_id", "position"):
            earlier.setdefault(table, []).append(member)
    return {
        "counts": counts,
        "earlier": [tuple(t) for t in earlier.values()],
        "earlier_weight": weight,
    }


def _seat_table(round_, table, units: list[list[Entry]], fmt, tournament) -> list[Seat]:
    """Seats in playing order. Individual play: one side per player. Partners drawn per
    round: seat i and seat i + n/2 are partners (they sit apart, as MR-4P and KZ-1 ask).
    Fixed teams: the teams' players alternate round the table the same way."""
    if tournament.teams == Tournament.Teams.FIXED:
        sides = len(units)
        order = [(units[side][k], side) for k in range(fmt.per_side) for side in range(sides)]
    elif tournament.teams == Tournament.Teams.DRAWN:
        players = [unit[0] for unit in units]
        sides = len(players) // fmt.per_side
        order = [(player, position % sides) for position, player in enumerate(players)]
    else:
        order = [(unit[0], position) for position, unit in enumerate(units)]
    return [
        Seat(round=round_, table=table, entry=entry, position=position, side=side)
        for position, (entry, side) in enumerate(order)
    ]
