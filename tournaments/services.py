"""Every change to seasons, tournaments, entries and the draw goes through here:
validated, saved in one transaction, and written to the club's action log.

The draw itself is pure (tournaments/seating.py); `round_draw` is its only adapter: it
loads who is present and who sat with whom, calls the draw, and saves tables and seats.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Member
from clubs.services import log_action
from games import registry
from games.base import CaseError, clean_options

from . import formats, providers, seating
from .models import Bye, Entry, Round, Season, Seat, Table, Team, Tournament, free_slug, new_seed

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
    "balance",  # tables by the players' ratings (tournaments.providers)
)
SETUP_FIELDS = frozenset({"game", "options", "table_size", "teams", "entering"})
MAX_ROUNDS = 30
#: Tries to give a new tournament a free slug when others are made at the same moment.
SLUG_ATTEMPTS = 3
#: Shuffles the team draw tries before it settles for repeated partners.
PAIRING_TRIES = 200


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
) -> Season:
    season = Season(
        club=club, name=name.strip(), game=game, best_of=best_of, min_attendance=min_attendance
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


def season_update(*, season: Season, actor, **values) -> Season:
    unknown = set(values) - {"name", "best_of", "min_attendance", "previous_season_weight"}
    if unknown:
        raise TypeError(f"season_update cannot change {sorted(unknown)}")
    if "name" in values:
        values["name"] = values["name"].strip()
    changes = _changes(season, values)
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
                data={"season": season.pk, "name": season.name, "changes": _loggable(changes)},
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
                _log(
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
        tournament = _lock(tournament)
        current = {name: getattr(tournament, name) for name in TOURNAMENT_FIELDS}
        merged = clean_setup({**current, **values}, club=tournament.club)
        changes = _changes(tournament, {k: merged[k] for k in values})
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
        _log(tournament, actor, "tournament.changed", changes=_loggable(changes))
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


def tournament_finish(*, tournament: Tournament, actor) -> Tournament:
    """Finish the tournament once its last round's results are all confirmed. Finishing
    it again (a second click, a second director) changes nothing and logs nothing."""
    with transaction.atomic():
        tournament = _lock(tournament)
        if tournament.status == Tournament.Status.FINISHED:
            return tournament
        refusal = finish_refusal(tournament)
        if refusal:
            raise ValidationError(refusal)
        last = tournament.rounds.order_by("-number").first()
        Round.objects.filter(tournament=tournament).update(status=Round.Status.FINISHED)
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
        _log(tournament, actor, "tournament.finished", rounds=last.number)
    return tournament


def tournament_reopen(*, tournament: Tournament, actor) -> Tournament:
    """Open a finished tournament again, so that a director can correct a result found
    wrong afterwards; finish it again when done. Opening an open one changes nothing."""
    with transaction.atomic():
        tournament = _lock(tournament)
        if tournament.status != Tournament.Status.FINISHED:
            return tournament
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
        _log(tournament, actor, "tournament.reopened")
    return tournament


# --- entries and teams -------------------------------------------------------------------


def entry_add(
    *,
    tournament: Tournament,
    actor,
    member: Member | None = None,
    guest_name: str = "",
    present: bool = False,
) -> Entry:
    """Register a member or a guest; `present` checks them in at once (a late arrival).
    A guest whose name is already in the tournament (a member's or another guest's, in
    any case and spacing) is refused: the same person twice would play twice."""
    guest_name = " ".join(guest_name.split())
    if member is None and not guest_name:
        raise ValidationError(_("Choose a member or type a guest's name."))
    if member is not None and guest_name:
        raise ValidationError(_("Choose a member or type a guest's name, not both."))
    if member is not None and member.club_id != tournament.club_id:
        raise ValidationError({"member": _("Only members of this club can be registered.")})
    if len(guest_name) > Entry._meta.get_field("guest_name").max_length:
        raise ValidationError({"guest_name": _("The name is too long.")})
    entry = Entry(
        tournament=tournament,
        member=member,
        guest_name=guest_name,
        status=Entry.Status.PRESENT if present else Entry.Status.REGISTERED,
        checked_in_at=timezone.now() if present else None,
    )
    try:
        with transaction.atomic():
            _lock_open(tournament)
            if (
                member is not None
                and Entry.objects.filter(tournament=tournament, member=member).exists()
            ):
                raise _already_registered(member)
            if member is None:
                _refuse_guest_name_taken(tournament, guest_name)
            entry.save()
            _log(
                tournament,
                actor,
                "entry.added",
                entry=entry.pk,
                name=entry.name,
                guest=member is None,
                present=present,
            )
    except IntegrityError:
        raise _already_registered(member) from None
    return entry


def _already_registered(member) -> ValidationError:
    return ValidationError({"member": _("%(name)s is already registered.") % {"name": member.name}})


def same_name(name: str) -> str:
    """A name as the guest check compares it: in any case, with any spacing."""
    return " ".join(name.split()).casefold()


def _refuse_guest_name_taken(tournament: Tournament, guest_name: str) -> None:
    wanted = same_name(guest_name)
    entries = Entry.objects.filter(tournament=tournament).select_related("member")
    taken = next((entry for entry in entries if same_name(entry.name) == wanted), None)
    if taken is None:
        # A club member not entered yet is in the check-in list: they are ticked there.
        member = next(
            (m for m in tournament.club.members.filter(active=True) if same_name(m.name) == wanted),
            None,
        )
        if member is not None:
            message = _(
                "%(name)s is a member of the club: tap their name in the list instead of "
                "adding them as a guest."
            ) % {"name": member.name}
            raise ValidationError({"guest_name": message})
        return
    if taken.status == Entry.Status.WITHDRAWN:
        message = _(
            "%(name)s is already in this tournament and has withdrawn; to let them play "
            "again, press “%(button)s” beside their name in the list."
        ) % {"name": taken.name, "button": _("Comes back")}
    else:
        message = _("%(name)s is already in this tournament.") % {"name": taken.name}
    raise ValidationError({"guest_name": message})


def entry_set_status(*, entry: Entry, actor, status: str) -> Entry:
    """Check in (present), undo a check-in (registered), or withdraw between rounds.
    Someone who withdraws keeps the results already played and is left out of later
    draws; they can come back (present) before a later draw."""
    if status not in Entry.Status.values:
        raise ValidationError(_("Unknown status."))
    with transaction.atomic():
        # Fresh under the lock: two clicks at once change (and log) the status once.
        tournament = _lock_open(entry.tournament)
        entry.refresh_from_db(fields=["status", "checked_in_at"])
        if entry.status == status:
            return entry
        _change_status(tournament, actor, entry, status, now=timezone.now())
    return entry


def _change_status(tournament: Tournament, actor, entry: Entry, status: str, *, now, **logged):
    """Give `entry` its new `status` and log it (inside the caller's locked transaction);
    checked in at `now` the first time it is present."""
    before = entry.status
    entry.status = status
    if status == Entry.Status.PRESENT and entry.checked_in_at is None:
        entry.checked_in_at = now
    entry.save(update_fields=["status", "checked_in_at"])
    _log(
        tournament,
        actor,
        "entry.status",
        entry=entry.pk,
        name=entry.name,
        changes={"status": [before, status]},
        **logged,
    )


def members_check_in(
    *, tournament: Tournament, actor, members: Sequence[Member], bulk: str = ""
) -> list[Entry]:
    """Check in `members` in one transaction: a member not entered yet is registered and
    present at once, a registered one becomes present; one who withdrew stays withdrawn
    (they come back by their own button). Each change is logged as a single one would
    be, with `bulk` naming the button that made it. Returns the entries that changed."""
    if any(member.club_id != tournament.club_id for member in members):
        raise ValidationError(_("Only members of this club can be registered."))
    changed: list[Entry] = []
    with transaction.atomic():
        tournament = _lock_open(tournament)
        entered = {
            entry.member_id: entry
            for entry in Entry.objects.filter(
                tournament=tournament, member_id__in=[member.pk for member in members]
            )
        }
        now = timezone.now()
        extra = {"bulk": bulk} if bulk else {}
        for member in members:
            entry = entered.get(member.pk)
            if entry is None:
                entry = Entry.objects.create(
                    tournament=tournament,
                    member=member,
                    status=Entry.Status.PRESENT,
                    checked_in_at=now,
                )
                entered[member.pk] = entry
                _log(
                    tournament,
                    actor,
                    "entry.added",
                    entry=entry.pk,
                    name=entry.name,
                    guest=False,
                    present=True,
                    **extra,
                )
            elif entry.status == Entry.Status.REGISTERED:
                entry.member = member  # its name for the log, without a query
                _change_status(tournament, actor, entry, Entry.Status.PRESENT, now=now, **extra)
            else:
                continue
            entry.tournament = tournament
            changed.append(entry)
    return changed


def member_check_in(*, tournament: Tournament, actor, member: Member) -> Entry:
    """One tap on a member of the check-in list: registered (if not entered yet) and
    present, in one transaction. Returns their entry."""
    members_check_in(tournament=tournament, actor=actor, members=[member])
    entry = Entry.objects.select_related("member", "team").get(tournament=tournament, member=member)
    entry.tournament = tournament
    return entry


def team_create(*, tournament: Tournament, actor, name: str, entries: Sequence[Entry]) -> Team:
    """A fixed team: as many players as a side holds (two in every team game here)."""
    name = name.strip()
    if tournament.teams != Tournament.Teams.FIXED:
        raise ValidationError(_("This tournament has no fixed teams."))
    found = formats.table_format(tournament.game, tournament.table_size, teams=True)
    count = found.per_side if found else 2
    if found is None or len(entries) != count:
        raise ValidationError({"entries": _("A team has %(count)s players.") % {"count": count}})
    chosen = [entry.pk for entry in entries]
    twice = next((entry for entry in entries if chosen.count(entry.pk) > 1), None)
    if twice is not None:
        raise ValidationError(
            {
                "entries": _("%(name)s is chosen twice; choose %(count)s different players.")
                % {"name": twice.name, "count": count}
            }
        )
    if not name:
        name = " & ".join(entry.name for entry in entries)[:100]
    with transaction.atomic():
        _lock_open(tournament)
        fresh = list(Entry.objects.filter(pk__in=[e.pk for e in entries], tournament=tournament))
        if len(fresh) != len(entries):
            raise ValidationError({"entries": _("Choose players of this tournament.")})
        taken = [entry.name for entry in fresh if entry.team_id is not None]
        if taken:
            raise ValidationError(
                {"entries": _("Already in a team: %(names)s.") % {"names": ", ".join(taken)}}
            )
        if Team.objects.filter(tournament=tournament, name=name).exists():
            raise ValidationError({"name": _("There is already a team of that name.")})
        return _make_team(tournament, actor, name, fresh)


def _make_team(tournament: Tournament, actor, name: str, players: list[Entry], **logged) -> Team:
    """A new team of `players`, logged (inside the caller's transaction)."""
    team = Team.objects.create(tournament=tournament, name=name)
    Entry.objects.filter(pk__in=[entry.pk for entry in players]).update(team=team)
    _log(
        tournament,
        actor,
        "team.created",
        team=team.pk,
        name=team.name,
        players=[entry.name for entry in players],
        **logged,
    )
    return team


def team_delete(*, team: Team, actor) -> None:
    """Split a team that has not played. Splitting it again (two clicks at once) changes
    nothing and logs nothing."""
    tournament = team.tournament
    with transaction.atomic():
        _lock_open(tournament)
        if not Team.objects.filter(pk=team.pk).exists():
            return
        if Seat.objects.filter(entry__team=team).exists():
            raise ValidationError(_("This team has played; it cannot be split any more."))
        entry_ids = list(team.entries.values_list("pk", flat=True))
        Entry.objects.filter(team=team).update(team=None)
        _log(tournament, actor, "team.deleted", team=team.pk, name=team.name, entries=entry_ids)
        team.delete()


def team_draw(*, tournament: Tournament, actor, seed: int | None = None) -> list[Team]:
    """Draw fixed teams among the present players without a team: at random, but the same
    again for the same players and seed (the tournament's, as the table draw), pairing
    as few as possible who were partners on the season's other evenings. One player
    left over (an odd number) stays without a team. The teams are called Team 1, Team 2,
    ... (numbers no team has yet), not after their players: the pages show those."""
    if tournament.teams != Tournament.Teams.FIXED:
        raise ValidationError(_("This tournament has no fixed teams."))
    found = formats.table_format(tournament.game, tournament.table_size, teams=True)
    per_side = found.per_side if found else 2
    with transaction.atomic():
        tournament = _lock_open(tournament)
        players = list(
            Entry.objects.filter(
                tournament=tournament, status=Entry.Status.PRESENT, team__isnull=True
            )
            .select_related("member")
            .order_by("pk")
        )
        if len(players) < per_side:
            raise ValidationError(
                _("Fewer than %(count)s present players are without a team.") % {"count": per_side}
            )
        by_key = {competitor_key(entry): entry for entry in players}
        before = _partners_before(tournament)
        groups = pair_players(
            list(by_key),
            per_side=per_side,
            before=before,
            seed=tournament.seed if seed is None else seed,
        )
        taken = set(Team.objects.filter(tournament=tournament).values_list("name", flat=True))
        teams: list[Team] = []
        number = 0
        for group in groups:
            number += 1
            while _("Team %(number)s") % {"number": number} in taken:
                number += 1
            name = _("Team %(number)s") % {"number": number}
            members = [by_key[key] for key in group]
            drawn = {"drawn": True, "repeats": partner_repeats(group, before)}
            teams.append(_make_team(tournament, actor, name, members, **drawn))
    return teams


def pair_players(
    keys: Sequence[int], *, per_side: int, before: dict[frozenset[int], int], seed: int
) -> list[tuple[int, ...]]:
    """Groups of `per_side` out of `keys` (the last few left out when they do not fill a
    group), as random as `seed` makes them, with as few pairs as possible that `before`
    counts (earlier partners). Greedy from many shuffles; the first with the fewest
    repeats wins, so the same keys and seed give the same groups. Pure."""
    rng = random.Random(seed)  # noqa: S311 - a draw, repeatable from its seed
    best: tuple[int, list[tuple[int, ...]]] | None = None
    for _attempt in range(PAIRING_TRIES):
        order = list(keys)
        rng.shuffle(order)
        groups: list[tuple[int, ...]] = []
        repeats = 0
        while len(order) >= per_side:
            group = [order.pop(0)]
            while len(group) < per_side:
                pick = min(order, key=lambda key: partner_repeats((*group, key), before))
                order.remove(pick)
                group.append(pick)
            repeats += partner_repeats(group, before)
            groups.append(tuple(group))
        if best is None or repeats < best[0]:
            best = (repeats, groups)
        if repeats == 0:
            break
    return best[1] if best else []


def partner_repeats(group: Sequence[int], before: dict[frozenset[int], int]) -> int:
    """How often the players of `group` were partners before (every pair counted)."""
    return sum(
        before.get(frozenset((a, b)), 0) for i, a in enumerate(group) for b in group[i + 1 :]
    )


def _partners_before(tournament: Tournament) -> dict[frozenset[int], int]:
    """Pairs of members (by draw key) who were partners on the season's other evenings:
    in one fixed team, or on one side of a table with drawn teams; how often."""
    if tournament.season_id is None:
        return {}
    groups: dict[Any, list[int]] = {}
    in_teams = (
        Entry.objects.filter(
            tournament__season_id=tournament.season_id,
            team__isnull=False,
            member__isnull=False,
        )
        .exclude(tournament=tournament)
        .values_list("team_id", "member_id")
    )
    for team, member in in_teams:
        groups.setdefault(("team", team), []).append(member)
    sides = (
        Seat.objects.filter(
            round__tournament__season_id=tournament.season_id,
            round__tournament__teams=Tournament.Teams.DRAWN,
            entry__member__isnull=False,
        )
        .exclude(round__tournament=tournament)
        .values_list("table_id", "side", "entry__member_id")
    )
    for table, side, member in sides:
        groups.setdefault(("side", table, side), []).append(member)
    counts: dict[frozenset[int], int] = {}
    for members in groups.values():
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                if a != b:
                    pair = frozenset((a, b))
                    counts[pair] = counts.get(pair, 0) + 1
    return counts


def team_swap(*, tournament: Tournament, actor, first: Entry, second: Entry) -> tuple[Entry, Entry]:
    """Two players change teams before their teams have played; one of them may be
    without a team, then they take the other's place. A team named after its players
    is renamed after its new ones. Returns the two, fresh."""
    if first.pk == second.pk:
        raise ValidationError({"second": _("Choose two different players.")})
    with transaction.atomic():
        tournament = _lock_open(tournament)
        fresh = {
            entry.pk: entry
            for entry in Entry.objects.filter(
                tournament=tournament, pk__in=[first.pk, second.pk]
            ).select_related("member", "team")
        }
        if len(fresh) != 2:
            raise ValidationError(_("Choose players of this tournament."))
        a, b = fresh[first.pk], fresh[second.pk]
        if a.team_id == b.team_id:
            if a.team_id is None:
                message = _("Neither %(first)s nor %(second)s is in a team.")
            else:
                message = _("%(first)s and %(second)s are in the same team already.")
            raise ValidationError(message % {"first": a.name, "second": b.name})
        teams = [team for team in (a.team, b.team) if team is not None]
        if Seat.objects.filter(entry__team__in=teams).exists():
            raise ValidationError(_("A team that has played keeps its players."))
        named = {t.pk: formats.named_after_players(t.name, _player_names(t)) for t in teams}
        Entry.objects.filter(pk=a.pk).update(team=b.team)
        Entry.objects.filter(pk=b.pk).update(team=a.team)
        for team in teams:
            if named[team.pk]:
                name = " & ".join(_player_names(team))[:100]
                if not Team.objects.filter(tournament=tournament, name=name).exists():
                    Team.objects.filter(pk=team.pk).update(name=name)
        _log(
            tournament,
            actor,
            "team.swapped",
            players=[a.name, b.name],
            from_teams=[a.team.name if a.team else "", b.team.name if b.team else ""],
        )
    return a, b


def _player_names(team: Team) -> list[str]:
    entries = Entry.objects.filter(team=team).select_related("member").order_by("pk")
    return [entry.name for entry in entries]


# --- the draw ----------------------------------------------------------------------------


def _strengths(tournament: Tournament, units: dict) -> dict | None:
    """Each competitor's strength for a balanced draw: the sum over its players (a team's
    two), from the strength provider (tournaments.providers); None without balance."""
    if tournament.balance == Tournament.Balance.NONE:
        return None
    members = [e.member_id for entries in units.values() for e in entries if e.member_id]
    known, default = providers.strengths(tournament.game, members)
    return {
        key: sum(known.get(e.member_id, default) for e in entries) for key, entries in units.items()
    }


def competitor_key(entry: Entry) -> int:
    """The id the draw and the standings use for a player: the member id, so that the
    season remembers tablemates across evenings; a guest is a negative entry id."""
    return entry.member_id if entry.member_id is not None else -entry.pk


def round_draw(*, tournament: Tournament, actor, seed: int | None = None) -> Round:
    """Draw the next round: tables for everyone present, avoiding repeat tablemates
    within this tournament first and within its season next."""
    with transaction.atomic():
        tournament = _lock(tournament)
        number, fmt, units = _draw_ready(tournament)
        seed = tournament.seed + number if seed is None else seed
        evening, season = _history(
            tournament, fixed_teams=tournament.teams == Tournament.Teams.FIXED
        )
        by_key = dict(units)
        try:
            draw = seating.draw_round(
                list(by_key),
                table_size=_size_in_units(tournament, fmt),
                allowed_sizes=_allowed_in_units(tournament, fmt),
                evening=evening,
                season=season,
                byes=_byes_so_far(tournament, by_key),
                seed=seed,
                swiss=providers.swiss_scores(tournament) if tournament.swiss else None,
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
        _log(
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
        open_tables = _tables_without_result(previous)
        if open_tables:
            raise ValidationError(_open_tables_message(previous, open_tables))
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


def finish_refusal(tournament: Tournament) -> str | None:
    """Why the tournament cannot be finished now, or None when it can (or is finished
    already): tournament_finish refuses with this."""
    if tournament.status == Tournament.Status.FINISHED:
        return None
    last = tournament.rounds.order_by("-number").first()
    if last is None:
        return _("No round has been played yet.")
    open_tables = _tables_without_result(last)
    if open_tables:
        return _open_tables_message(last, open_tables)
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


def draw_sizes(tournament: Tournament) -> tuple[int, tuple[int, ...]]:
    """(table size, allowed sizes) in what the draw seats: players, or fixed teams. The
    check-in page shows the plan of the next draw with these."""
    fmt = formats.table_format(tournament.game, tournament.table_size, tournament.team_play)
    return _size_in_units(tournament, fmt), _allowed_in_units(tournament, fmt)


def _size_in_units(tournament: Tournament, fmt) -> int:
    return fmt.sides if tournament.teams == Tournament.Teams.FIXED else fmt.table_size


def _allowed_in_units(tournament: Tournament, fmt) -> tuple[int, ...]:
    teams = tournament.team_play
    same = [f for f in formats.formats(tournament.game) if f.teams == teams]
    if tournament.teams == Tournament.Teams.FIXED:
        return tuple(sorted({f.sides for f in same if f.per_side == fmt.per_side}))
    return tuple(sorted({f.table_size for f in same}))


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


def round_undraw(*, round_: Round, actor) -> None:
    """Take back a drawn round that has not started (and has no results). A tournament
    whose only draw is taken back is "planned" again, as before its first draw."""
    with transaction.atomic():
        round_ = _lock_round(round_)
        tournament = round_.tournament
        refusal = undraw_refusal(round_)
        if refusal:
            raise ValidationError(refusal)
        round_.delete()
        status = {}
        if tournament.status == Tournament.Status.RUNNING and not tournament.rounds.exists():
            tournament.status = Tournament.Status.PLANNED
            tournament.save(update_fields=["status"])
            status = {"changes": {"status": [Tournament.Status.RUNNING, Tournament.Status.PLANNED]}}
        _log(tournament, actor, "round.undrawn", round=round_.number, **status)


def undraw_refusal(round_: Round) -> str | None:
    """Why the draw of `round_` cannot be taken back, or None when it can (round_undraw
    refuses with this; the round page shows its button only when it is None)."""
    if round_.tournament.status == Tournament.Status.FINISHED:
        return _("This tournament is finished.")
    if round_.status != Round.Status.DRAWN:
        return _("This round has started; it can no longer be taken back.")
    if Round.objects.filter(tournament_id=round_.tournament_id, number__gt=round_.number).exists():
        return _("Only the last round can be taken back.")
    if Table.objects.filter(round=round_, results__isnull=False).exists():
        return _("Results were entered for this round.")
    return None


def round_start(*, round_: Round, actor) -> Round:
    with transaction.atomic():
        round_ = _lock_round(round_)
        refuse_when_finished(round_.tournament)
        if round_.status != Round.Status.DRAWN:
            return round_
        round_.status = Round.Status.STARTED
        round_.started_at = timezone.now()
        round_.save(update_fields=["status", "started_at"])
        _log(round_.tournament, actor, "round.started", round=round_.number)
    return round_


class SecondByeError(ValidationError):
    """A swap would give someone a second bye in the tournament: nothing is saved until
    the director confirms it (`seats_swap(..., second_bye_ok=True)`)."""


def seats_swap(
    *, round_: Round, actor, first: Entry, second: Entry, second_bye_ok: bool = False
) -> None:
    """Swap two players' places before the round starts (either may be on a bye). With
    fixed teams the two players' whole teams change places. A swap that puts someone on
    a bye who sat out an earlier round already raises SecondByeError, unless
    `second_bye_ok` says the director saw that and confirmed it."""
    with transaction.atomic():
        round_ = _lock_round(round_)
        tournament = round_.tournament
        if round_.status != Round.Status.DRAWN:
            raise ValidationError(_("Seats can only be swapped before the round starts."))
        if first.pk == second.pk:
            raise ValidationError(_("Choose two different players."))
        groups = _swap_groups(tournament, first, second)
        places = {}
        for entry in (*groups[0], *groups[1]):
            seat = Seat.objects.filter(round=round_, entry=entry).first()
            bye = None if seat else Bye.objects.filter(round=round_, entry=entry).first()
            if seat is None and bye is None:
                raise ValidationError(_("%(name)s is not in this round.") % {"name": entry.name})
            places[entry.pk] = seat or bye
        pairs = list(zip(groups[0], groups[1], strict=True))
        moved = []
        for a, b in pairs:
            place_a, place_b = places[a.pk], places[b.pk]
            moved += [(place_a, b), (place_b, a)]
        second_byes = _second_byes(round_, moved)
        if second_byes and not second_bye_ok:
            raise SecondByeError(_second_bye_message(second_byes))
        # Delete and re-create, so the one-seat-per-player constraint holds throughout.
        rebuilt_seats, rebuilt_byes = [], []
        for place, entry in moved:
            if isinstance(place, Seat):
                rebuilt_seats.append(
                    Seat(
                        round=round_,
                        table_id=place.table_id,
                        entry=entry,
                        position=place.position,
                        side=place.side,
                    )
                )
            else:
                rebuilt_byes.append(Bye(round=round_, entry=entry))
        for place, _entry in moved:
            place.delete()
        Seat.objects.bulk_create(rebuilt_seats)
        Bye.objects.bulk_create(rebuilt_byes)
        _log(
            tournament,
            actor,
            "seats.swapped",
            round=round_.number,
            players=[first.name, second.name],
            **({"second_bye": [entry.name for entry in second_byes]} if second_byes else {}),
        )


def _second_byes(round_: Round, moved) -> dict[Entry, list[int]]:
    """Who a swap moves onto a bye (from a table) and had a bye in an earlier round of
    the tournament already: entry -> the rounds they sat out."""
    on_bye_now = {place.entry_id for place, _entry in moved if isinstance(place, Bye)}
    onto_bye = {
        entry.pk: entry
        for place, entry in moved
        if isinstance(place, Bye) and entry.pk not in on_bye_now
    }
    earlier: dict[Entry, list[int]] = {}
    rows = (
        Bye.objects.filter(round__tournament_id=round_.tournament_id, entry_id__in=onto_bye)
        .exclude(round=round_)
        .order_by("round__number")
        .values_list("entry_id", "round__number")
    )
    for entry_id, number in rows:
        earlier.setdefault(onto_bye[entry_id], []).append(number)
    return earlier


def _second_bye_message(second_byes: dict[Entry, list[int]]) -> str:
    players = ", ".join(
        _("%(name)s (sat out round %(rounds)s)")
        % {"name": entry.name, "rounds": ", ".join(str(n) for n in rounds)}
        for entry, rounds in second_byes.items()
    )
    return _("This swap gives a second bye to %(players)s.") % {"players": players}


def _swap_groups(tournament: Tournament, first: Entry, second: Entry):
    if tournament.teams != Tournament.Teams.FIXED:
        return [first], [second]
    if first.team_id is None or second.team_id is None or first.team_id == second.team_id:
        raise ValidationError(_("With fixed teams, choose players of two different teams."))
    return (
        list(Entry.objects.filter(team_id=first.team_id).order_by("pk")),
        list(Entry.objects.filter(team_id=second.team_id).order_by("pk")),
    )


# --- helpers -----------------------------------------------------------------------------


def _log(tournament: Tournament, actor, action: str, **data: Any) -> None:
    """Write `action` to the club's log. Its data names the tournament: by id (hidden
    on the log page), and by name, so that the log says which evening."""
    log_action(
        club=tournament.club,
        actor=actor,
        action=action,
        data={"tournament": tournament.pk, "evening": tournament.name, **data},
    )


def _lock(tournament: Tournament) -> Tournament:
    """Serialise changes to one tournament (a PostgreSQL row lock; SQLite's IMMEDIATE
    transactions serialise writers anyway) and return it fresh. Only the tournament's row
    is locked (`of`), not the club's it is read with: that would block every action
    logged for the club meanwhile, and deadlock with a result being entered."""
    return (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("club")
        .get(pk=tournament.pk)
    )


def _lock_open(tournament: Tournament) -> Tournament:
    """`_lock`, refused when the tournament is finished."""
    tournament = _lock(tournament)
    refuse_when_finished(tournament)
    return tournament


def _lock_round(round_: Round) -> Round:
    """The round fresh from the database, with its tournament and its tables locked: a
    result being entered at one of its tables is stored first and then seen (PostgreSQL;
    SQLite serialises writers anyway). Refused when the draw was taken back meanwhile
    (two directors at once)."""
    tournament = _lock(round_.tournament)
    # Only the tables' rows, in one order: the model's ordering would join (and so lock)
    # the round too, which a result being entered updates.
    tables = Table.objects.select_for_update(of=("self",)).filter(round_id=round_.pk)
    list(tables.order_by("pk").values_list("pk"))
    fresh = Round.objects.filter(pk=round_.pk).first()
    if fresh is None:
        raise ValidationError(
            _("The draw of round %(number)s was taken back.") % {"number": round_.number}
        )
    fresh.tournament = tournament
    return fresh


def refuse_when_finished(tournament: Tournament) -> None:
    """A finished tournament is closed: its entries, draw and results stay as they are
    (scoring.services refuses results with it too)."""
    if tournament.status == Tournament.Status.FINISHED:
        raise ValidationError(_("This tournament is finished."))


def _tables_without_result(round_: Round) -> list[int]:
    return list(
        Table.objects.filter(round=round_)
        .exclude(results__status="confirmed")
        .values_list("number", flat=True)
    )


def _open_tables_message(round_: Round, tables: list[int]) -> str:
    return _("Round %(round)s has no confirmed result yet at table %(tables)s.") % {
        "round": round_.number,
        "tables": ", ".join(str(t) for t in tables),
    }


def _changes(instance, values: dict[str, Any]) -> dict[str, list]:
    return {
        key: [getattr(instance, key), value]
        for key, value in values.items()
        if getattr(instance, key) != value
    }


def _loggable(changes: dict[str, list]) -> dict[str, list]:
    def plain(value):
        if isinstance(value, datetime.date):
            return value.isoformat()
        if isinstance(value, Decimal):
            return str(value)
        if hasattr(value, "pk"):
            return str(value)
        return value

    return {key: [plain(old), plain(new)] for key, (old, new) in changes.items()}
