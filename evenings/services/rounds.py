"""A drawn round: taking its draw back, starting it, and swapping seats in it."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import ResultEntry
from tournaments.models import Bye, Entry, Round, Seat, Tournament
from tournaments.services import lock_round, log, refuse_when_finished


def round_undraw(*, round_: Round, actor) -> None:
    """Take back a drawn round that has not started (and has no results). A tournament
    whose only draw is taken back is "planned" again, as before its first draw."""
    with transaction.atomic():
        round_ = lock_round(round_)
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
        log(tournament, actor, "round.undrawn", round=round_.number, **status)


def undraw_refusal(round_: Round) -> str | None:
    """Why the draw of `round_` cannot be taken back, or None when it can (round_undraw
    refuses with this; the round page shows its button only when it is None)."""
    if round_.tournament.status == Tournament.Status.FINISHED:
        return _("This tournament is finished.")
    if round_.status != Round.Status.DRAWN:
        return _("This round has started; it can no longer be taken back.")
    if Round.objects.filter(tournament_id=round_.tournament_id, number__gt=round_.number).exists():
        return _("Only the last round can be taken back.")
    if ResultEntry.objects.filter(table__round=round_).exists():
        return _("Results were entered for this round.")
    return None


def round_start(*, round_: Round, actor) -> Round:
    with transaction.atomic():
        round_ = lock_round(round_)
        refuse_when_finished(round_.tournament)
        if round_.status != Round.Status.DRAWN:
            return round_
        round_.status = Round.Status.STARTED
        round_.started_at = timezone.now()
        round_.save(update_fields=["status", "started_at"])
        log(round_.tournament, actor, "round.started", round=round_.number)
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
        round_ = lock_round(round_)
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
        log(
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
