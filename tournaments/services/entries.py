"""A tournament's entries: adding players and guests, their status, and checking in."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Member

from ..models import Entry, Tournament
from .common import (
    lock_open,
    log,
)


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
            lock_open(tournament)
            if (
                member is not None
                and Entry.objects.filter(tournament=tournament, member=member).exists()
            ):
                raise _already_registered(member)
            if member is None:
                _refuse_guest_name_taken(tournament, guest_name)
            entry.save()
            log(
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
        tournament = lock_open(entry.tournament)
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
    log(
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
        tournament = lock_open(tournament)
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
                log(
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
