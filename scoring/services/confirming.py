"""Who may confirm a table's entry (:func:`may_confirm`), and the confirmation itself,
flagged when it comes from what looks like the entrant's device."""

from __future__ import annotations

import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Entry, Table, Tournament

from .. import signals
from ..actors import Actor, Device, address_sign
from ..models import ResultEntry
from .common import (
    SAME_DEVICE_MINUTES,
    ConfirmBy,
    ResultConflictError,
    Status,
    bump,
    is_director,
    log,
    who,
)

# --- who may confirm -------------------------------------------------------------------------

#: (entry id, side, the player's login id) of each seat at a table.
Seats = list[tuple[int, int, int | None]]


def table_seats(table: Table) -> Seats:
    return list(table.seats.values_list("entry_id", "side", "entry__member__user_id"))


def _side_of_entry(seats: Seats, entry_pk: int | None) -> int | None:
    return next((side for entry, side, _user in seats if entry == entry_pk), None)


def _side_of_login(seats: Seats, login_pk: int | None) -> int | None:
    return next((side for _entry, side, login in seats if login == login_pk), None)


def side_of_user(seats: Seats, user) -> int | None:
    if user is None or not user.is_authenticated:
        return None
    return _side_of_login(seats, user.pk)


def entrant_side(result: ResultEntry, seats: Seats) -> int | None:
    """The side of whoever entered `result`: their seat's, or a director's own seat's
    when the director plays at the table; None for a director who does not."""
    if result.entered_by_entry_id is not None:
        return _side_of_entry(seats, result.entered_by_entry_id)
    if result.entered_by_id is not None:
        return _side_of_login(seats, result.entered_by_id)
    return None


def may_confirm(
    actor: Actor,
    result: ResultEntry,
    *,
    table: Table | None = None,
    seats: Seats | None = None,
    director: bool | None = None,
) -> str | None:
    """May `actor` confirm `result`? None when they may (whether they still have to
    prove who they are is :func:`code_needed`'s), else why not. The pages show a confirm
    button only where this is None, and result_confirm refuses with the same answer.

    `table`: result's table, when the caller has it loaded (the service its locked row).
    A caller that has the table's `seats` and knows whether `actor` directs the
    tournament's club (`director`) saves the queries: a list of a round's tables asks
    this for each without asking the database."""
    table = result.table if table is None else table
    by_entry, device = actor.entry, actor.device
    tournament = table.round.tournament
    if result.status != Status.PROVISIONAL:
        return _("Only a provisional result can be confirmed.")
    if by_entry is not None:
        director = False
    elif director is None:
        director = is_director(actor.user, tournament)
    seats = table_seats(table) if seats is None else seats
    at_table = by_entry is not None
    if not director and not (at_table and _side_of_entry(seats, by_entry.pk) is not None):
        return _("Only a director or a player of this table can confirm it.")
    # The browser session that entered it, under whichever name, is the one who entered
    # it: at the table's link, and a director who entered it there as a player too.
    same_browser = bool(device.session) and device.session == result.entered_session
    here = result.pk in actor.entered_here
    if _same_person(result, actor.user, by_entry, seats) or here or same_browser:
        return _("The person who entered a result cannot confirm it.")
    entered = entrant_side(result, seats)
    mine = _side_of_entry(seats, by_entry.pk) if at_table else side_of_user(seats, actor.user)
    if entered is not None and mine == entered:
        return _(
            "A partner of the one who entered it cannot confirm it: a player of another "
            "side or a director confirms it."
        )
    return None if director else _player_refusal(tournament, result)


def _player_refusal(tournament: Tournament, result: ResultEntry) -> str | None:
    """What keeps a player of another side from confirming: the tournament leaves it to
    a director, or two different results wait for one."""
    if tournament.confirmation == ConfirmBy.DIRECTOR:
        return _("In this tournament a director confirms every result.")
    if result.disputed:
        return _("Two different results were entered for this table; a director decides.")
    return None


def _same_device(result: ResultEntry, device: Device, now: datetime.datetime) -> str:
    """Why `result`'s entry and a confirmation from `device` now look like one device's
    within SAME_DEVICE_MINUTES (session, phone, address), or ""."""
    if now - result.created_at > datetime.timedelta(minutes=SAME_DEVICE_MINUTES):
        return ""
    reasons = [
        reason
        for reason, mine, theirs in (
            ("session", device.session, result.entered_session),
            ("phone", device.link, result.entered_device),
            (address_sign(), device.address, result.entered_address),
        )
        if mine and mine == theirs
    ]
    return ",".join(reasons)


def confirm_entry(
    table: Table, result: ResultEntry, actor: Actor, *, decided: bool = False
) -> ResultEntry:
    """Confirm `result` (checked by the caller, :func:`may_confirm`). `decided`: a
    director's own entry that counts at once (Tournament.confirm_by `director`)."""
    tournament = table.round.tournament
    by_entry, device = actor.entry, actor.device
    director = by_entry is None and is_director(actor.user, tournament)
    via, name = who(actor)
    others = table.results.filter(status=Status.PROVISIONAL).exclude(pk=result.pk)
    others.update(status=Status.SUPERSEDED)
    now = timezone.now()
    result.status = Status.CONFIRMED
    result.confirmed_by = actor.user if director else None
    result.confirmed_by_entry = by_entry
    result.confirmed_by_name = name
    result.confirmed_at = now
    result.disputed = False if decided else result.disputed
    result.confirmed_session = device.session
    result.confirmed_device = device.link
    result.confirmed_address = device.address
    result.same_device = "" if decided else _same_device(result, device, now)
    try:
        with transaction.atomic():
            result.save()
    except IntegrityError:
        raise ResultConflictError from None
    bump(table)
    report_results(table.round_id)
    log(table, actor.user, "result.confirmed", result, via=via, same_device=result.same_device)
    return result


def report_results(round_id: int, *, entered: bool = False) -> None:
    """Say that a table of the round changed its results (scoring.signals): the round's
    status is not scoring's to decide (evenings decides it)."""
    signals.results_changed.send(sender=ResultEntry, round_id=round_id, entered=entered)


def _same_person(result: ResultEntry, user, entry: Entry | None, seats: Seats) -> bool:
    """Whether whoever acts (`user`, logged in or not; `entry`, the player chosen at the
    table's link) is whoever entered `result`: the same player, or the same login (a
    director who entered it, or a player's own login). The players' logins come from the
    table's `seats`, so this asks the database nothing for the players at the table."""
    if entry is not None and result.entered_by_entry_id == entry.pk:
        return True
    entrant = {result.entered_by_id, _login(seats, result.entered_by_entry_id)} - {None}
    acting = {_login(seats, entry.pk) if entry is not None else None}
    if user is not None and user.is_authenticated:
        acting.add(user.pk)
    return bool(entrant & (acting - {None}))


def _login(seats: Seats, entry_pk: int | None) -> int | None:
    """The login of the player of entry `entry_pk` (None: none, or no entry)."""
    if entry_pk is None:
        return None
    for entry, _side, login in seats:
        if entry == entry_pk:
            return login
    # Not at this table (never for an entry made there): ask.
    return Entry.objects.filter(pk=entry_pk).values_list("member__user_id", flat=True).first()
