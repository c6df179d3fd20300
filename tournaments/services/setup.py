"""Seasons and tournaments: their settings, checked against what the game allows
(finishing and reopening a tournament are the evening's: evenings.services)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from clubs.models import Club
from clubs.services import log_action
from games import registry
from games.base import CaseError, clean_options

from .. import formats
from ..models import Season, Tournament, free_slug, new_seed
from .common import changes_of, lock, log, loggable

#: The fields a tournament is made of; the game's set-up ones are fixed once drawn.
TOURNAMENT_FIELDS = (
    "name",
    "kind",
    "date",
    "season",
    "game",
    "options",
    "table_size",
    "teams",
    "scheme",
    "win_points",
    "draw_points",
    "loss_points",
    "swiss",
    "rounds_planned",
    "round_minutes",  # the round clock (tournaments.clock); empty: no clock
    "entering",
    "confirm_by",  # who confirms results (scoring.services); empty: the kind's default
    "counts_for_rating",  # its confirmed results go into the ratings (the ratings app)
    "balance",  # tables by the players' ratings (evenings' draw reads the ratings app)
)
SETUP_FIELDS = frozenset({"game", "options", "table_size", "teams", "entering"})
MAX_ROUNDS = 30
#: Tries to give a new tournament a free slug when others are made at the same moment.
SLUG_ATTEMPTS = 3


# --- seasons -----------------------------------------------------------------------------


def season_create(
    *,
    club: Club,
    actor,
    name: str,
    game: str,
    best_of: int | None = None,
    min_attendance=0,
    previous_season_weight=None,
    count_by: str | None = None,
) -> Season:
    """A new season. ``count_by`` None: as the game's option ``season`` says, if it has one
    (``total`` or ``average``), else by the total."""
    season = Season(
        club=club,
        name=name.strip(),
        game=game,
        best_of=best_of,
        min_attendance=min_attendance,
        count_by=count_by or game_count_by(game),
    )
    if previous_season_weight is not None:
        season.previous_season_weight = previous_season_weight
    season.full_clean(exclude=["club"], validate_unique=False, validate_constraints=False)
    if Season.objects.filter(club=club, name=season.name).exists():
        raise _season_name_taken()
    try:
        with transaction.atomic():
            season.save()
            log_action(
                club=club,
                actor=actor,
                action="season.created",
                data={"season": season.pk, "name": season.name, "game": game},
            )
    except IntegrityError:
        raise _season_name_taken() from None
    return season


def game_count_by(game: str) -> str:
    """How a new season of ``game`` counts its evenings unless told (Season.CountBy): the
    default of the game's option named ``season`` when it is one of them, else the total."""
    if game not in registry.available():
        return Season.CountBy.TOTAL
    default = next((o.default for o in registry.get(game).options if o.name == "season"), None)
    return default if default in Season.CountBy.values else Season.CountBy.TOTAL


def season_update(*, season: Season, actor, **values) -> Season:
    unknown = set(values) - {
        "name",
        "best_of",
        "min_attendance",
        "previous_season_weight",
        "count_by",
    }
    if unknown:
        raise TypeError(f"season_update cannot change {sorted(unknown)}")
    if "name" in values:
        values["name"] = values["name"].strip()
    changes = changes_of(season, values)
    if not changes:
        return season
    for key, (_old, new) in changes.items():
        setattr(season, key, new)
    season.full_clean(exclude=["club"], validate_unique=False, validate_constraints=False)
    duplicate = Season.objects.filter(club=season.club, name=season.name).exclude(pk=season.pk)
    if "name" in changes and duplicate.exists():
        raise _season_name_taken()
    try:
        with transaction.atomic():
            season.save(update_fields=list(changes))
            log_action(
                club=season.club,
                actor=actor,
                action="season.changed",
                data={"season": season.pk, "name": season.name, "changes": loggable(changes)},
            )
    except IntegrityError:  # renamed to the same name at the same moment
        raise _season_name_taken() from None
    return season


def _season_name_taken() -> ValidationError:
    return ValidationError({"name": _("This club already has a season of that name.")})


# --- tournaments -------------------------------------------------------------------------


def clean_setup(values: dict[str, Any], *, club: Club) -> dict[str, Any]:
    """Check a tournament's game set-up as a whole; return the values with the game
    options cleaned (defaults filled in). Raises ValidationError keyed by field."""
    errors: dict[str, str] = {}
    game = values.get("game")
    try:
        spec = registry.get(game)
    except registry.UnknownGameError:
        raise ValidationError({"game": _("Choose one of the games.")}) from None
    try:
        values["options"] = clean_options(spec.options, values.get("options") or {})
    except CaseError as error:
        errors["options"] = _("Game option %(field)s: %(message)s") % {
            "field": error.field.removeprefix("options."),
            "message": error.message,
        }
    teams = values.get("teams", Tournament.Teams.NONE) != Tournament.Teams.NONE
    found = formats.table_format(game, values.get("table_size") or 0, teams)
    if found is None:
        errors["table_size" if values.get("table_size") else "teams"] = _table_size_message(
            game, teams
        )
    else:
        scheme = values.get("scheme", Tournament.Scheme.RANK)
        if scheme == Tournament.Scheme.WDL and found.sides != 2:
            errors["scheme"] = _(
                "Win, draw, loss needs two players or two teams at a table; this table has "
                "%(sides)s sides."
            ) % {"sides": found.sides}
        if scheme == Tournament.Scheme.GAME and not spec.results.game_points:
            errors["scheme"] = _("%(game)s has no game score to use as match points.") % {
                "game": spec.title
            }
        if values.get("swiss") and (found.sides != 2 or values.get("teams") == "drawn"):
            errors["swiss"] = _(
                "A Swiss draw pairs two players, or two fixed teams, at each table."
            )
    if values.get("entering") and values["entering"] not in spec.results.layout.modes:
        errors["entering"] = _("%(game)s results are entered as final scores only.") % {
            "game": spec.title
        }
    season = values.get("season")
    if season is not None and (season.club_id != club.pk or season.game != game):
        errors["season"] = _("The season must be one of this club's, for the same game.")
    rounds = values.get("rounds_planned")
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        errors["rounds_planned"] = _("Between 1 and %(most)s rounds.") % {"most": MAX_ROUNDS}
    if errors:
        raise ValidationError(errors)
    return values


def _table_size_message(game: str, teams: bool) -> str:
    spec = registry.get(game)
    allowed = formats.sizes(game, teams)
    if not allowed:
        other = formats.sizes(game, not teams)
        if teams:
            return _("%(game)s is not played in teams; tables of %(sizes)s players.") % {
                "game": spec.title,
                "sizes": sizes_text(other),
            }
        return _("%(game)s is played in teams; tables of %(sizes)s players.") % {
            "game": spec.title,
            "sizes": sizes_text(other),
        }
    return _("%(game)s is played at tables of %(sizes)s players.") % {
        "game": spec.title,
        "sizes": sizes_text(allowed),
    }


def sizes_text(values: tuple[int, ...]) -> str:
    """Table sizes in words: "3-5" for a run, else "4 or 6", "2, 4 or 6"."""
    if len(values) > 2 and values == tuple(range(values[0], values[-1] + 1)):
        return formats.span(values)
    words = [str(value) for value in values]
    if len(words) < 2:
        return "".join(words)
    return _("%(list)s or %(last)s") % {"list": ", ".join(words[:-1]), "last": words[-1]}


def tournament_create(*, club: Club, actor, **values) -> Tournament:
    unknown = set(values) - set(TOURNAMENT_FIELDS)
    if unknown:
        raise TypeError(f"tournament_create cannot set {sorted(unknown)}")
    values = clean_setup(dict(values), club=club)
    tournament = Tournament(club=club, seed=new_seed(), **values)
    tournament.full_clean(
        exclude=["club", "slug"], validate_unique=False, validate_constraints=False
    )
    for attempt in range(SLUG_ATTEMPTS):
        tournament.slug = free_slug(tournament.name, tournament.date)
        try:
            with transaction.atomic():
                tournament.save()
                log(
                    tournament,
                    actor,
                    "tournament.created",
                    game=tournament.game,
                    date=tournament.date.isoformat(),
                )
        except IntegrityError:
            # Another tournament took the same slug at the same moment: take the next.
            if attempt + 1 == SLUG_ATTEMPTS or not _slug_taken(tournament.slug):
                raise
            tournament.pk = None
            continue
        return tournament
    raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises


def _slug_taken(slug: str) -> bool:
    return Tournament.objects.filter(slug=slug).exists()


def tournament_update(*, tournament: Tournament, actor, **values) -> Tournament:
    unknown = set(values) - set(TOURNAMENT_FIELDS)
    if unknown:
        raise TypeError(f"tournament_update cannot change {sorted(unknown)}")
    with transaction.atomic():
        tournament = lock(tournament)
        current = {name: getattr(tournament, name) for name in TOURNAMENT_FIELDS}
        merged = clean_setup({**current, **values}, club=tournament.club)
        changes = changes_of(tournament, {k: merged[k] for k in values})
        if not changes:
            return tournament
        if SETUP_FIELDS & set(changes) and tournament.rounds.exists():
            raise ValidationError(
                _(
                    "The game, its options, the table size and the teams are fixed once a "
                    "round is drawn."
                )
            )
        _refuse_fewer_rounds_than_drawn(tournament, changes)
        for key, (_old, new) in changes.items():
            setattr(tournament, key, new)
        tournament.full_clean(exclude=["club"], validate_unique=False, validate_constraints=False)
        tournament.save(update_fields=list(changes))
        log(tournament, actor, "tournament.changed", changes=loggable(changes))
    return tournament


def _refuse_fewer_rounds_than_drawn(tournament: Tournament, changes: dict[str, list]) -> None:
    """The rounds planned can shrink (an evening running late), but not below the rounds
    already drawn."""
    if "rounds_planned" not in changes:
        return
    drawn = tournament.rounds.aggregate(n=Max("number"))["n"] or 0
    if changes["rounds_planned"][1] < drawn:
        raise ValidationError(
            {
                "rounds_planned": _(
                    "Round %(number)s has been drawn already; plan at least that many rounds."
                )
                % {"number": drawn}
            }
        )
