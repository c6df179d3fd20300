"""Standings pages: a tournament's and a season's (with CSV/XLSX export), a player's own
page, read-only public versions when the club allows it, and the venue screen.

Views stay thin: every read comes from scoring.selectors in a fixed number of queries,
the tables from scoring.tables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import wraps

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from clubs.access import director_required, player_required, role_level
from clubs.exports import export_response
from clubs.models import Club, Member, Role
from games import registry
from tournaments import selectors as tournament_selectors
from tournaments.models import Season, Tournament

from .. import charts, pagecache, selectors, standings
from ..tables import (
    LinkOf,
    MarginDisplay,
    SeasonExportTable,
    TournamentStandingsTable,
    points,
    season_figure,
    season_order,
    season_rows,
    sort_season_rows,
    tie_order,
    tournament_rows,
)
from .personal import personal_context

#: The season standings' URL name ("season-detail", Season.get_absolute_url, is the
#: season's own page in tournaments).
SEASON_STANDINGS = "scoring:season-standings"
#: How many recent tournaments the public page lists.
RECENT = 20
#: Seconds between the venue screen's refreshes (the script; without it a meta refresh).
VENUE_REFRESH = 15
#: Seconds the venue screen shows each page of its tables and standings when they do not
#: fit the screen at once (static/troef/venue.js pages through them).
VENUE_PAGE_SECONDS = 10


#: Digits a round number in the address may have (more is no round; Python refuses to
#: read an integer of thousands of digits).
NUMBER_DIGITS = 6


def _number(value: str | None) -> int | None:
    if not value or not value.isdecimal() or len(value) > NUMBER_DIGITS:
        return None
    return int(value)


def _no_link(person: selectors.Person) -> None:
    return None


def _member_link(club: Club) -> LinkOf:
    """Links to the player's page, for members (guests and teams have none)."""

    def link(person: selectors.Person) -> str | None:
        if person.member is None:
            return None
        return reverse(
            "scoring:player-detail", kwargs={"club_slug": club.slug, "pk": person.member}
        )

    return link


def _export(request, table, name: str) -> HttpResponse | None:
    """The CSV or XLSX download of every line of `table` when ?_export= asks for one."""
    return export_response(request, table, name)


def _tournament(club: Club, pk: int) -> Tournament:
    return get_object_or_404(tournament_selectors.club_tournament(club, pk))


def _season(club: Club, pk: int) -> Season:
    return get_object_or_404(tournament_selectors.club_season(club, pk))


# --- a tournament -------------------------------------------------------------------------


#: The tournament standings page's own query parameters: with only these its table is
#: cached (scoring.pagecache); anything else (an export) is worked out afresh.
STANDINGS_QUERY = frozenset({"round", "sort"})


def _tournament_table(request, club: Club, tournament: Tournament, *, public: bool):
    """The board and its (sorted) django-tables2 table."""
    board = selectors.tournament_board(tournament, up_to_round=_number(request.GET.get("round")))
    table = TournamentStandingsTable(
        tournament_rows(board, _no_link if public else _member_link(club)),
        margin_label=MarginDisplay.of(tournament.game).label,
        best=standings.TIE_BEST in _tiebreaks(tournament),
        request=request,
    )
    RequestConfig(request, paginate=False).configure(table)
    return board, table


def _tiebreaks(tournament: Tournament) -> tuple[str, ...]:
    """How the tournament's game orders equal match points (scoring.selectors.scheme_of)."""
    return registry.get(tournament.game).results.tiebreaks


def _tournament_page(request, club: Club, tournament: Tournament, *, public: bool):
    query = pagecache.query_of(request, STANDINGS_QUERY)
    if query is None:
        board, table = _tournament_table(request, club, tournament, public=public)
        export = _export(request, table, f"{club.slug} {tournament.name} {tournament.date}")
        if export is not None:
            return export
        table_html = table.as_html(request)
    else:
        # The same for everyone who sees this version of the page (the links to players'
        # pages differ between the public page and the club's own): made once per change.
        # The page around the table reads the board's counts, not its lines: those stay
        # out of the cache, whose reading back would cost a third of the page.
        def make():
            board, table = _tournament_table(request, club, tournament, public=public)
            return replace(board, lines=[], people={}, provisional={}), table.as_html(request)

        board, table_html = pagecache.cached(
            pagecache.key("standings", tournament, public, query), make
        )
        board = replace(board, tournament=tournament)
    return render(
        request,
        "scoring/standings/tournament.html",
        {
            "club": club,
            "tournament": tournament,
            "board": board,
            "table_html": table_html,
            "rounds": range(1, board.rounds),
            "public": public,
            "season_url": _season_url(club, tournament.season, public=public),
            "tie_order": tie_order(_tiebreaks(tournament)),
        },
    )


def _season_url(club: Club, season: Season | None, *, public: bool) -> str | None:
    if season is None:
        return None
    name = "scoring:public-season-standings" if public else SEASON_STANDINGS
    return reverse(name, kwargs={"club_slug": club.slug, "pk": season.pk})


@player_required
@require_safe
def tournament_standings(request, club, pk):
    return _tournament_page(request, club, _tournament(club, pk), public=False)


# --- a season -----------------------------------------------------------------------------


def _season_page(request, club: Club, season: Season, *, public: bool):
    board = selectors.season_board(season)
    rows = season_rows(board, _no_link if public else _member_link(club))
    export = _export(request, SeasonExportTable(rows, board), f"{club.slug} {season.name}")
    if export is not None:
        return export
    rows, sort = sort_season_rows(rows, request.GET.get("sort", ""))
    evening_url = (
        "scoring:public-tournament-standings" if public else "scoring:tournament-standings"
    )
    return render(
        request,
        "scoring/standings/season.html",
        {
            "club": club,
            "season": season,
            "board": board,
            "evenings": [
                (t, reverse(evening_url, kwargs={"club_slug": club.slug, "pk": t.pk}))
                for t in board.evenings
            ],
            "groups": [
                {"below": below, "rows": group}
                for below in (False, True)
                if (group := [row for row in rows if row.qualified is not below])
            ],
            "columns": len(board.evenings) + (7 if season.min_attendance else 6),
            "top": _top_chart(board),
            "sort": sort,
            "margin_label": MarginDisplay.of(season.game).label,
            "figure_label": season_figure(season),
            "season_order": season_order(season.count_by),
            "public": public,
        },
    )


def _top_chart(board: selectors.SeasonBoard) -> dict | None:
    """The positions of the season's top ten after each evening, as a bump chart."""
    if not board.evenings or not board.lines:
        return None
    labels = [date_format(t.date, "SHORT_DATE_FORMAT") for t in board.evenings]
    top = sorted(board.lines, key=lambda line: line.position)[:TOP]
    series = [
        charts.Series(
            board.people[line.competitor].name,
            board.positions.get(line.competitor, ()),
            [cell.struck for cell in line.evenings],
        )
        for line in top
    ]
    svg = charts.bump_chart(
        labels,
        series,
        ident="season-top",
        title=gettext("The top ten's positions after each evening"),
        desc=gettext("Position 1 is at the top; an open circle is a struck evening."),
        struck_label=gettext("struck"),
    )
    return {
        "chart": _safe_svg(svg),
        "labels": labels,
        "rows": [
            {
                "name": one.name,
                "positions": one.positions,
                "cells": list(zip(labels, one.positions, strict=False)),
            }
            for one in series
        ],
    }


@player_required
@require_safe
def season_standings(request, club, pk):
    return _season_page(request, club, _season(club, pk), public=False)


# --- a player -----------------------------------------------------------------------------


@player_required
@require_safe
def player_detail(request, club, pk):
    member = get_object_or_404(Member, club=club, pk=pk)
    context = {"club": club, **_player_context(club, selectors.player_page(member))}
    if member.user_id is not None and member.user_id == request.user.pk:
        # Their own page (where "my results" leads): their personal code, to them alone.
        context["personal"] = personal_context(request, club, member)
    return render(request, "scoring/standings/player.html", context)


#: The player's record is drawn against this many of their most frequent tablemates.
RECORD_MATES = 5
#: The season page draws the positions of this many at the top.
TOP = 10


def _safe_svg(svg: str):
    return mark_safe(svg)  # noqa: S308 - made by scoring.charts, every text escaped


def _season_bump(progress: selectors.SeasonProgress, name: str) -> dict:
    """A bump chart of the player's position after each evening of the season."""
    labels = [date_format(day, "SHORT_DATE_FORMAT") for day in progress.dates]
    svg = charts.bump_chart(
        labels,
        [charts.Series(name, progress.positions, [cell.struck for cell in progress.line.evenings])],
        ident=f"season-{progress.season.pk}",
        title=gettext("Position of %(name)s in %(season)s after each evening")
        % {"name": name, "season": progress.season.name},
        desc=gettext("Position 1 is at the top; an open circle is a struck evening."),
        struck_label=gettext("struck"),
    )
    return {
        "chart": _safe_svg(svg),
        "positions": [
            {"date": label, "position": position, "struck": cell.struck}
            for label, position, cell in zip(
                labels, progress.positions, progress.line.evenings, strict=False
            )
        ],
    }


def _record(page: selectors.PlayerPage) -> dict | None:
    """The player's record against their most frequent tablemates, as stacked bars."""
    mates = [m for m in page.tablemates if m.ahead + m.level + m.behind][:RECORD_MATES]
    if not mates:
        return None
    svg = charts.record_chart(
        [charts.Record(m.name, m.ahead, m.level, m.behind) for m in mates],
        title=gettext("Record of %(name)s against their most frequent tablemates")
        % {"name": page.member.name},
        desc=gettext(
            "Per tablemate: tables finished ahead (green), level (grey) and behind (red)."
        ),
    )
    return {"chart": _safe_svg(svg), "mates": mates}


def _player_context(club: Club, page: selectors.PlayerPage) -> dict:
    """The player's page with its links, labels and match points written out."""
    link = _member_link(club)
    return {
        "page": page,
        "record": _record(page),
        "seasons": [
            {
                "progress": progress,
                "url": _season_url(club, progress.season, public=False),
                "total": points(progress.line.total),
                # a season ranked by the average (Season.count_by): what it is ranked by
                "average": points(progress.line.average),
                "bump": _season_bump(progress, page.member.name),
            }
            for progress in page.seasons
        ],
        "evenings": [
            {
                "item": evening,
                "url": reverse(
                    "scoring:tournament-standings",
                    kwargs={"club_slug": club.slug, "pk": evening.tournament.pk},
                ),
                "score_label": gettext(registry.get(evening.tournament.game).results.score_label),
                "points": points(evening.match_points),
                "pending": points(evening.pending),
                "games": [
                    {"item": game, "points": points(game.match_points)} for game in evening.games
                ],
            }
            for evening in page.evenings
        ],
        "tablemates": [
            {
                "item": mate,
                "url": link(selectors.Person(None, mate.name, mate.member)),
            }
            for mate in page.tablemates
        ],
    }


@player_required
@require_safe
def my_results(request, club):
    member = Member.objects.filter(club=club, user=request.user).first()
    if member is None:
        raise Http404
    return redirect("scoring:player-detail", club_slug=club.slug, pk=member.pk)


# --- public -------------------------------------------------------------------------------


def public_club(club_slug: str) -> Club:
    """The club, when it lets anyone see its standings; else 404, as for no club at all."""
    return get_object_or_404(Club, slug=club_slug, standings_public=True)


@require_safe
def public_standings(request, club_slug):
    club = public_club(club_slug)
    seasons, tournaments = selectors.public_lists(club, RECENT)
    return render(
        request,
        "scoring/standings/public.html",
        {"club": club, "seasons": seasons, "tournaments": tournaments},
    )


@require_safe
def public_tournament_standings(request, club_slug, pk):
    club = public_club(club_slug)
    return _tournament_page(request, club, _tournament(club, pk), public=True)


@require_safe
def public_season_standings(request, club_slug, pk):
    club = public_club(club_slug)
    return _season_page(request, club, _season(club, pk), public=True)


# --- the venue screen ---------------------------------------------------------------------


def director_or_public(view: Callable) -> Callable:
    """Directors of the club; anyone, logged in or not, when the club's standings are
    public. The view receives `club` as with clubs.access."""
    protected = director_required(view)

    @wraps(view)
    def wrapped(request, club_slug: str, *args, **kwargs):
        club = Club.objects.filter(slug=club_slug, standings_public=True).first()
        if club is not None:
            return view(request, *args, club=club, **kwargs)
        return protected(request, club_slug, *args, **kwargs)

    return wrapped


def _venue_live(tournament: Tournament) -> str:
    """The screen's live part, the same for every viewer: cached (scoring.pagecache) per
    change and per minute of the clock it shows."""

    def make() -> str:
        venue = selectors.venue(tournament)
        context = {
            "tournament": tournament,
            "venue": venue,
            "rows": tournament_rows(venue.board, _no_link),
            "margin_label": MarginDisplay.of(tournament.game).label,
        }
        return render_to_string("scoring/standings/_venue_live.html", context)

    minute = timezone.localtime().strftime("%H:%M")
    return pagecache.cached(pagecache.key("venue-live", tournament, minute), make)


def _venue_context(club: Club, pk: int) -> dict:
    tournament = _tournament(club, pk)
    return {
        "club": club,
        "tournament": tournament,
        "live": _venue_live(tournament),
        "live_url": reverse(
            "scoring:tournament-venue-live", kwargs={"club_slug": club.slug, "pk": pk}
        ),
        "refresh": VENUE_REFRESH,
        "page_seconds": VENUE_PAGE_SECONDS,
    }


@director_or_public
@never_cache
@require_safe
def tournament_venue(request, club, pk):
    # A club with public standings lets everyone in without a role; its directors still
    # get their links on the screen (connect your phone).
    if not hasattr(request, "club_role"):
        level = role_level(request.user, club)
        if level is not None and level >= Role.Level.DIRECTOR:
            request.club, request.club_role = club, level
    return render(request, "scoring/standings/venue.html", _venue_context(club, pk))


@director_or_public
@never_cache
@require_safe
def tournament_venue_live(request, club, pk):
    return HttpResponse(_venue_live(_tournament(club, pk)))


urlpatterns = [
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/standings/",
        tournament_standings,
        name="tournament-standings",
    ),
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/venue/",
        tournament_venue,
        name="tournament-venue",
    ),
    path(
        "c/<slug:club_slug>/tournaments/<int:pk>/venue/live/",
        tournament_venue_live,
        name="tournament-venue-live",
    ),
    path(
        "c/<slug:club_slug>/seasons/<int:pk>/standings/", season_standings, name="season-standings"
    ),
    path("c/<slug:club_slug>/players/<int:pk>/", player_detail, name="player-detail"),
    path("c/<slug:club_slug>/my-results/", my_results, name="my-results"),
    path("p/<slug:club_slug>/", public_standings, name="public-standings"),
    path(
        "p/<slug:club_slug>/tournaments/<int:pk>/",
        public_tournament_standings,
        name="public-tournament-standings",
    ),
    path(
        "p/<slug:club_slug>/seasons/<int:pk>/",
        public_season_standings,
        name="public-season-standings",
    ),
]
