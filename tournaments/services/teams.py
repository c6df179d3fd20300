"""Fixed teams: made by hand or drawn, deleted, and players swapped between them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from .. import formats
from ..models import Entry, Seat, Team, Tournament
from .common import (
    competitor_key,
    lock_open,
    log,
)

#: Shuffles the team draw tries before it settles for repeated partners.
PAIRING_TRIES = 200


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
        lock_open(tournament)
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
    log(
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
        lock_open(tournament)
        if not Team.objects.filter(pk=team.pk).exists():
            return
        if Seat.objects.filter(entry__team=team).exists():
            raise ValidationError(_("This team has played; it cannot be split any more."))
        entry_ids = list(team.entries.values_list("pk", flat=True))
        Entry.objects.filter(team=team).update(team=None)
        log(tournament, actor, "team.deleted", team=team.pk, name=team.name, entries=entry_ids)
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
        tournament = lock_open(tournament)
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
        tournament = lock_open(tournament)
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
        log(
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
