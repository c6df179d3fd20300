"""Personal codes (a player's proof on a table's link) and who may act at a table's
link: a phone keeps one identity in a tournament (:func:`check_identity`)."""

from __future__ import annotations

import re
import secrets
from collections.abc import Collection

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from clubs import tries
from clubs.models import Member
from clubs.services import log_action
from tournaments.models import Entry, Table, Tournament
from tournaments.services import refuse_when_finished

from ..actors import Actor
from ..links import player_key
from ..models import ResultEntry
from .common import ConfirmBy, Status, is_director, lock_table, seated

#: Personal codes: six characters without look-alikes (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Wrong personal codes for one player at one table before the next are refused for
#: CODE_LOCK_SECONDS (one in 887 million is right by chance). Counted in the database
#: (clubs.tries), so the limit holds across the site's processes and restarts.
CODE_TRIES = 10
CODE_LOCK_SECONDS = 15 * 60


# --- personal codes ------------------------------------------------------------------------


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(typed: str) -> str:
    """A typed code as stored: capitals, without spaces or dashes."""
    return re.sub(r"[\s.\-]", "", typed or "").upper()[: CODE_LENGTH * 2]


def member_code(member: Member, *, renew: bool = False) -> str:
    """The member's personal code, made now if they have none (or a new one: `renew`).
    Unique in the club: a code another member holds is drawn again."""
    if member.personal_code and not renew:
        return member.personal_code
    for _attempt in range(5):
        code = new_code()
        rows = Member.objects.filter(pk=member.pk)
        if not renew:
            rows = rows.filter(personal_code="")
        try:
            with transaction.atomic():
                changed = rows.update(personal_code=code)
        except IntegrityError:
            continue  # another member of the club has it
        if not changed:  # made meanwhile by another request
            member.refresh_from_db(fields=["personal_code"])
            return member.personal_code
        member.personal_code = code
        return code
    raise RuntimeError("no free personal code")  # pragma: no cover - 887 million codes


def personal_code(entry: Entry, *, renew: bool = False) -> str:
    """The personal code of the player of `entry`: a member's own (the same at every
    evening of the club), or a guest's for this tournament. Made when first needed."""
    if entry.member_id is not None:
        return member_code(entry.member, renew=renew)
    if entry.guest_code and not renew:
        return entry.guest_code
    club = Tournament.objects.values_list("club_id", flat=True).get(pk=entry.tournament_id)
    for _attempt in range(5):
        code = new_code()
        taken = (
            Member.objects.filter(club_id=club, personal_code=code).exists()
            or Entry.objects.filter(tournament_id=entry.tournament_id, guest_code=code).exists()
        )
        if taken:
            continue
        rows = Entry.objects.filter(pk=entry.pk)
        if not renew:
            rows = rows.filter(guest_code="")
        if not rows.update(guest_code=code):
            entry.refresh_from_db(fields=["guest_code"])
            return entry.guest_code
        entry.guest_code = code
        return code
    raise RuntimeError("no free personal code")  # pragma: no cover


def personal_codes(entries: Collection[Entry]) -> dict[int, str]:
    """Entry id -> personal code for `entries` (made for whoever has none yet)."""
    return {entry.pk: personal_code(entry) for entry in entries}


def personal_code_renew(*, entry: Entry, actor) -> str:
    """A director gives the player a new personal code: the old code, their old QR code
    and the phones linked with it stop working. The log names the player, not the code."""
    tournament = entry.tournament
    if not is_director(actor, tournament):
        raise ValidationError(_("Only a director can make a new personal code."))
    with transaction.atomic():
        code = personal_code(entry, renew=True)
        log_action(
            club=tournament.club,
            actor=actor,
            action="player.code_renewed",
            data={"tournament": tournament.pk, "evening": tournament.name, "player": entry.name},
        )
    return code


def code_of(entry: Entry) -> str:
    """The entry's stored code ("" when none was made yet)."""
    return entry.member.personal_code if entry.member_id is not None else entry.guest_code


# --- who may act at a table's link ---------------------------------------------------------


def _tries_key(table: Table, entry: Entry) -> str:
    return f"troef.code-tries.{table.pk}.{entry.pk}"


def _code_matches(table: Table, entry: Entry, code: str) -> bool:
    """Whether `code` is the player's; too many wrong ones in a row are refused a while.
    Each code checked takes one of CODE_TRIES first (clubs.tries), in the database, so
    that several processes together check no more than CODE_TRIES."""
    key = _tries_key(table, entry)
    if not tries.take(key, limit=CODE_TRIES, seconds=CODE_LOCK_SECONDS):
        raise ValidationError(
            _("Too many wrong codes for %(name)s. Try again in 15 minutes, or ask the director.")
            % {"name": entry.name}
        )
    stored = code_of(entry)
    if stored and constant_time_compare(normalize_code(code), stored):
        tries.clear(key)
        return True
    return False


def proven(actor: Actor) -> bool:
    """Whether whoever acts is the player they say they are (`actor.entry`) without
    typing a code: their own login, or a phone linked by their personal QR code."""
    entry, user = actor.entry, actor.user
    if entry is None:
        return False
    own_login = entry.member_id is not None and entry.member.user_id is not None
    if own_login and user is not None and entry.member.user_id == user.pk:
        return True
    device = actor.device
    return bool(device.player) and device.player == player_key(entry.member_id, entry.pk)


def code_proof(table: Table, actor: Actor) -> bool:
    """Whether the personal code typed (`actor.code`) proves the player they say they are
    (`actor.entry`); False when none was typed or none is needed (:func:`proven`
    otherwise). A wrong code is refused with a message, and counted.

    The services call this before their transaction: a refusal inside it undoes that
    transaction's writes, and the count of wrong codes must stay."""
    entry = actor.entry
    if entry is None or not actor.code or proven(actor):
        return False
    if not _code_matches(table, entry, actor.code):
        raise ValidationError(
            _("That is not the personal code of %(name)s.") % {"name": entry.name}
        )
    return True


def phone_players(tournament: Tournament, actor: Actor) -> set[int]:
    """The entries of `tournament` this phone or browser already is: its login's, the
    player its personal QR code linked it to, and whoever it entered or confirmed a
    result as (its session)."""
    found: set[int] = set()
    user, device = actor.user, actor.device
    if user is not None and user.is_authenticated:
        found |= set(
            Entry.objects.filter(tournament=tournament, member__user=user).values_list(
                "pk", flat=True
            )
        )
    kind, number = device.player[:1], device.player[1:]
    if number.isdigit():
        entries = Entry.objects.filter(tournament=tournament)
        if kind == "m":
            found |= set(entries.filter(member_id=int(number)).values_list("pk", flat=True))
        elif kind == "g":
            found |= set(entries.filter(pk=int(number)).values_list("pk", flat=True))
    if device.session:
        results = ResultEntry.objects.filter(table__round__tournament=tournament)
        found |= set(
            results.filter(entered_session=device.session).values_list(
                "entered_by_entry_id", flat=True
            )
        )
        found |= set(
            results.filter(confirmed_session=device.session).values_list(
                "confirmed_by_entry_id", flat=True
            )
        )
    found.discard(None)
    return found


def code_needed(table: Table, actor: Actor) -> str | None:
    """Why the player they say they are (`actor.entry`) must type their personal code to
    act on this phone, or None when they need not: the tournament asks for codes and
    nothing else proves them, or the phone already is another player of the tournament."""
    if proven(actor):
        return None
    return _unproven_reason(table, actor)


def _unproven_reason(table: Table, actor: Actor) -> str | None:
    """code_needed's answer for a player not proven otherwise."""
    entry = actor.entry
    if entry is None:
        return None
    tournament = table.round.tournament
    others = phone_players(tournament, actor) - {entry.pk}
    if others:
        names = sorted(e.name for e in Entry.objects.filter(pk__in=others).select_related("member"))
        return _(
            "This phone is %(phone)s's in this tournament. To act as %(name)s, type the "
            "personal code of %(name)s."
        ) % {"phone": " / ".join(names), "name": entry.name}
    if tournament.confirmation == ConfirmBy.CODES:
        return _(
            "In this tournament players show who they are: type your personal code (on your "
            "check-in slip or your own results page), or use the phone you linked with "
            "your personal QR code."
        )
    return None


def check_identity(table: Table, actor: Actor, *, code_ok: bool = False) -> None:
    """Refuse a player acting at the table's link unless the phone may be them
    (`code_ok`: their personal code was typed and checked, :func:`code_proof`)."""
    if code_ok or proven(actor):
        return
    reason = _unproven_reason(table, actor)
    if reason is not None:
        raise ValidationError(reason, code="code")


def lock_for_writing(table: Table, version: int, actor: Actor, *, code_ok: bool, refused: str):
    """The table locked for a write by ``actor`` (a result, or the rows kept during the
    game), inside the caller's transaction: at the ``version`` the form showed, in a
    tournament not finished, by a director or one of the table's players (``refused``:
    the message for anyone else) who is who they say (their code, ``code_ok``), while
    the result is not confirmed. Returns (table, tournament, whether a director)."""
    table = lock_table(table, version)
    tournament = table.round.tournament
    refuse_when_finished(tournament)
    director = actor.entry is None and is_director(actor.user, tournament)
    if not director and not seated(table, actor.entry):
        raise ValidationError(refused)
    if actor.entry is not None:
        check_identity(table, actor, code_ok=code_ok)
    if table.results.filter(status=Status.CONFIRMED).exists():
        raise ValidationError(_("This table's result is confirmed. A director can correct it."))
    return table, tournament, director
