"""Results: entered, confirmed by the other side, corrected with a trace.

Every change locks the table's row and checks the `version` the form was shown with, so
two people entering at the same table at once store exactly one result: the other gets
:class:`ResultConflictError` and sees what is there now. A database constraint keeps at most
one confirmed result per table. The game's own scoring (games/<game>/results.py) checks
what was entered and ranks the sides.

Who may confirm (:func:`confirm_refusal`): a player of another side than the one who
entered it (their partner never, nor the one who entered it), or a director who did not
enter it and is not the entrant's partner. How much the table is trusted is the
tournament's choice (Tournament.confirm_by): `table` takes the name a player chooses on
the link; `codes` wants proof (their own login, a phone linked by their personal QR code,
or their personal code typed); `director` leaves every confirmation to a director. In
every mode a phone keeps one identity in a tournament (:func:`_check_identity`), and an
entry confirmed from what looks like the same device within SAME_DEVICE_MINUTES is
flagged for the director (:class:`Device`, ResultEntry.same_device).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
import secrets
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _

from clubs.access import role_level
from clubs.models import Member, Role
from clubs.services import log_action
from games import registry
from games.results import ResultError, TableResult, score_entry
from tournaments.models import Entry, Round, Table, Tournament
from tournaments.services import refuse_when_finished

from .links import player_key
from .models import DEVICE_LENGTH, NOTE_LENGTH, ResultEntry

Status = ResultEntry.Status
ConfirmBy = Tournament.ConfirmBy

#: An entry and its confirmation from one device within this many minutes are flagged.
SAME_DEVICE_MINUTES = 10
#: Personal codes: six characters without look-alikes (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Wrong personal codes for one player at one table before the next are refused for
#: CODE_LOCK_SECONDS (one in 887 million is right by chance).
CODE_TRIES = 10
CODE_LOCK_SECONDS = 15 * 60


class ResultConflictError(ValidationError):
    """Someone else changed this table's result since the form was shown."""

    def __init__(self):
        super().__init__(
            _(
                "Someone else entered or changed the result of this table a moment ago. "
                "Check what is there now, then enter or confirm again."
            ),
            code="conflict",
        )


class TableGoneError(ValidationError):
    """The table is no longer there: the director took its round's draw back (perhaps at
    the moment its result was sent)."""

    def __init__(self):
        super().__init__(
            _(
                "This table is no longer in the draw: the director took the round back. "
                "Ask the director where you play now."
            ),
            code="gone",
        )


class ResultInvalidError(ValidationError):
    """What was entered cannot be right; `field` is the path into the entry
    (``rows[2].sides[1].points``) so the form can mark the cell."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(message, code="invalid")


@dataclass(frozen=True)
class Device:
    """What the server can see of the phone or browser a request came from: a fingerprint
    of its session key, the random id of a phone linked by a personal QR code, and a
    fingerprint of its address and browser (client IP and User-Agent). `player` is the
    player key (links.player_key) the phone is linked to, when that link still holds."""

    session: str = ""
    link: str = ""
    address: str = ""
    player: str = ""


def fingerprint(*parts: str) -> str:
    """A one-way fingerprint of `parts` (empty when they all are)."""
    if not any(parts):
        return ""
    joined = "\x1f".join(parts).encode()
    return hashlib.sha256(joined).hexdigest()[:DEVICE_LENGTH]


def table_options(tournament: Tournament, players: int | None) -> dict[str, Any]:
    """The tournament's game options for one table: a game with a `players` option
    (MeieRijen, Miezemauzen) plays it with the players at that table; a `round_minutes`
    option (Keezen's KZ-9 clock) is the tournament's round clock, 0 without one."""
    spec = registry.get(tournament.game)
    options = {option.name: option.default for option in spec.options} | tournament.options
    if players is not None and "players" in options:
        options["players"] = players
    if "round_minutes" in options:
        options["round_minutes"] = tournament.round_minutes or 0
    return options


def score(tournament: Tournament, sides: int, data: Any, players: int | None = None) -> TableResult:
    """The game's scoring of `data` for a table of `sides` sides (`players` players);
    ResultInvalidError (in the user's language) when it cannot be right."""
    spec = registry.get(tournament.game)
    try:
        return score_entry(spec.results, data, sides, table_options(tournament, players))
    except ResultError as error:
        raise ResultInvalidError(error.field, _(error.template) % error.params) from None


def outcome_json(result: TableResult) -> dict[str, Any]:
    return {
        "finished": result.finished,
        "winner": result.winner,
        "sides": [
            {
                "side": side.side,
                "score": side.score,
                "rank": side.rank,
                "margin": side.margin,
                "game_points": side.game_points,
            }
            for side in result.sides
        ],
        "totals": [list(row) for row in result.totals],
    }


def table_shape(table: Table) -> tuple[int, int]:
    """(sides, players) at the table."""
    sides = list(table.seats.values_list("side", flat=True))
    return len(set(sides)), len(sides)


# --- who is who --------------------------------------------------------------------------


def _is_director(user, tournament: Tournament) -> bool:
    if user is None or not user.is_authenticated:
        return False
    level = role_level(user, tournament.club)
    return level is not None and level >= Role.Level.DIRECTOR


def _seated(table: Table, entry: Entry | None) -> bool:
    return entry is not None and table.seats.filter(entry=entry).exists()


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


def _who(user, entry: Entry | None) -> tuple[str, str]:
    """(via, name) for the log and the result's history."""
    if entry is not None:
        return ResultEntry.Via.TABLE, entry.name
    return ResultEntry.Via.DIRECTOR, user.get_username()


def _lock_table(table: Table, version: int) -> Table:
    # Only the table's row (`of`): PostgreSQL would otherwise lock the joined round,
    # tournament and club too, and deadlock with a director taking the round back (who
    # locks the tournament, then its tables) or anything logging for the club.
    locked = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__tournament__club")
        .filter(pk=table.pk)
        .first()
    )
    if locked is None:
        raise TableGoneError
    if locked.version != version:
        raise ResultConflictError
    return locked


def _bump(table: Table) -> None:
    table.version += 1
    table.save(update_fields=["version"])


def _log(table: Table, actor, action: str, result: ResultEntry, **extra) -> None:
    round_ = table.round
    log_action(
        club=round_.tournament.club,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        data={
            "tournament": round_.tournament_id,
            "evening": round_.tournament.name,
            "round": round_.number,
            "table": table.number,
            "result": result.pk,
            "by": (
                result.confirmed_by_name if action == "result.confirmed" else result.entered_by_name
            ),
            "scores": [side["score"] for side in result.outcome["sides"]],
            **extra,
        },
    )


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
    if not _is_director(actor, tournament):
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
    """Whether `code` is the player's; too many wrong ones in a row are refused a while."""
    key = _tries_key(table, entry)
    if (cache.get(key) or 0) >= CODE_TRIES:
        raise ValidationError(
            _("Too many wrong codes for %(name)s. Try again in 15 minutes, or ask the director.")
            % {"name": entry.name}
        )
    stored = code_of(entry)
    if stored and constant_time_compare(normalize_code(code), stored):
        cache.delete(key)
        return True
    try:
        tries = cache.incr(key)
    except ValueError:  # the first wrong code
        tries = 1
    if tries == 1 or tries >= CODE_TRIES:
        # Counted for 15 minutes from the first; locked for 15 from the last.
        cache.set(key, tries, CODE_LOCK_SECONDS)
    return False


def proven(table: Table, entry: Entry, *, actor=None, device: Device = Device(), code="") -> bool:
    """Whether whoever acts shows they are `entry`'s player: their own login, a phone
    linked by their personal QR code, or their personal code typed (`code`). A wrong
    code is refused with a message."""
    own_login = entry.member_id is not None and entry.member.user_id is not None
    if own_login and actor is not None and entry.member.user_id == actor.pk:
        return True
    if device.player and device.player == player_key(entry.member_id, entry.pk):
        return True
    if code:
        if not _code_matches(table, entry, code):
            raise ValidationError(
                _("That is not the personal code of %(name)s.") % {"name": entry.name}
            )
        return True
    return False


def phone_players(tournament: Tournament, *, actor=None, device: Device = Device()) -> set[int]:
    """The entries of `tournament` this phone or browser already is: its login's, the
    player its personal QR code linked it to, and whoever it entered or confirmed a
    result as (its session)."""
    found: set[int] = set()
    if actor is not None and actor.is_authenticated:
        found |= set(
            Entry.objects.filter(tournament=tournament, member__user=actor).values_list(
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


def code_needed(table: Table, entry: Entry, *, actor=None, device: Device = Device()) -> str | None:
    """Why `entry`'s player must type their personal code to act on this phone, or None
    when they need not: the tournament asks for codes and nothing else proves them, or
    the phone already is another player of the tournament."""
    if proven(table, entry, actor=actor, device=device):
        return None
    return _unproven_reason(table, entry, actor=actor, device=device)


def _unproven_reason(table: Table, entry: Entry, *, actor, device: Device) -> str | None:
    """code_needed's answer for a player not proven otherwise."""
    tournament = table.round.tournament
    others = phone_players(tournament, actor=actor, device=device) - {entry.pk}
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


def _check_identity(table: Table, entry: Entry, *, actor, device: Device, code: str) -> None:
    """Refuse a player acting at the table's link unless the phone may be them."""
    if proven(table, entry, actor=actor, device=device, code=code):
        return
    reason = _unproven_reason(table, entry, actor=actor, device=device)
    if reason is not None:
        raise ValidationError(reason, code="code")


# --- the services ------------------------------------------------------------------------


def result_submit(
    *,
    table: Table,
    data: Any,
    version: int,
    actor=None,
    by_entry: Entry | None = None,
    entered_here: Collection[int] = (),
    device: Device = Device(),
    code: str = "",
) -> ResultEntry:
    """Enter a result: by a director (`actor`), or at the table by one of its players
    (`by_entry`, through the table's link; `code` their personal code, when typed). It is
    provisional until another side or a director confirms it. Entering the same as an
    open entry that this person may confirm confirms it; entering something different
    flags both for the director. `entered_here` are the results the same browser entered
    at the table's link, under whichever name: entering one of them again does not
    confirm it. With Tournament.confirm_by `director`, a director's own entry (not at a
    table they play at) counts at once."""
    with transaction.atomic():
        table = _lock_table(table, version)
        tournament = table.round.tournament
        refuse_when_finished(tournament)
        director = by_entry is None and _is_director(actor, tournament)
        if not director and not _seated(table, by_entry):
            raise ValidationError(_("Only a director or a player of this table can enter it."))
        if by_entry is not None:
            _check_identity(table, by_entry, actor=actor, device=device, code=code)
        if table.results.filter(status=Status.CONFIRMED).exists():
            raise ValidationError(_("This table's result is confirmed. A director can correct it."))
        sides, players = table_shape(table)
        outcome = score(tournament, sides, data, players)
        open_entries = list(
            table.results.filter(status=Status.PROVISIONAL).select_related("entered_by_entry")
        )
        seats = table_seats(table)
        for other in open_entries:
            if other.data == data:
                refusal = confirm_refusal(
                    table,
                    other,
                    actor=actor,
                    by_entry=by_entry,
                    entered_here=entered_here,
                    device=device,
                    seats=seats,
                )
                if refusal is not None:
                    return other  # the same again: it waits for someone who may confirm
                return _confirm(table, other, actor, by_entry, device)
        via, name = _who(actor, by_entry)
        result = ResultEntry.objects.create(
            table=table,
            data=data,
            outcome=outcome_json(outcome),
            finished=outcome.finished,
            via=via,
            entered_by=actor if director else None,
            entered_by_entry=by_entry,
            entered_by_name=name,
            disputed=bool(open_entries),
            entered_session=device.session,
            entered_device=device.link,
            entered_address=device.address,
        )
        if open_entries:
            table.results.filter(status=Status.PROVISIONAL).update(disputed=True)
        if table.round.status == Round.Status.DRAWN:
            Round.objects.filter(pk=table.round_id).update(
                status=Round.Status.STARTED, started_at=timezone.now()
            )
        _log(table, actor, "result.entered", result, disputed=bool(open_entries))
        if (
            director
            and tournament.confirmation == ConfirmBy.DIRECTOR
            and _side_of_user(seats, actor) is None
        ):
            # Every result waits for a director: one who enters it decides it.
            return _confirm(table, result, actor, None, device, decided=True)
        _bump(table)
    return result


def result_confirm(
    *,
    result: ResultEntry,
    version: int,
    actor=None,
    by_entry: Entry | None = None,
    entered_here: Collection[int] = (),
    device: Device = Device(),
    code: str = "",
) -> ResultEntry:
    """Another side agrees (:func:`confirm_refusal` says who may): a player of another
    side at the table's link (`by_entry`, proving who they are as the tournament asks,
    `code` their personal code when typed), or a director (`actor`). The browser that
    entered it at the table's link (`entered_here`, or its session) cannot confirm it
    under another name. A disputed table is settled by a director."""
    with transaction.atomic():
        table = _lock_table(result.table, version)
        result = ResultEntry.objects.select_related("entered_by_entry").get(pk=result.pk)
        refuse_when_finished(table.round.tournament)
        if by_entry is not None and _seated(table, by_entry):
            _check_identity(table, by_entry, actor=actor, device=device, code=code)
        refusal = confirm_refusal(
            table, result, actor=actor, by_entry=by_entry, entered_here=entered_here, device=device
        )
        if refusal is not None:
            raise ValidationError(refusal)
        return _confirm(table, result, actor, by_entry, device)


# --- who may confirm -------------------------------------------------------------------------

#: (entry id, side, the player's login id) of each seat at a table.
Seats = list[tuple[int, int, int | None]]


def table_seats(table: Table) -> Seats:
    return list(table.seats.values_list("entry_id", "side", "entry__member__user_id"))


def _side_of_entry(seats: Seats, entry_pk: int | None) -> int | None:
    return next((side for entry, side, _user in seats if entry == entry_pk), None)


def _side_of_login(seats: Seats, login_pk: int | None) -> int | None:
    return next((side for _entry, side, login in seats if login == login_pk), None)


def _side_of_user(seats: Seats, user) -> int | None:
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


def confirm_refusal(
    table: Table,
    result: ResultEntry,
    *,
    actor=None,
    by_entry: Entry | None = None,
    entered_here: Collection[int] = (),
    device: Device = Device(),
    seats: Seats | None = None,
    director: bool | None = None,
) -> str | None:
    """Why this person cannot confirm `result`, or None when they may (whether they
    still have to prove who they are is :func:`code_needed`'s). The pages show a confirm
    button only where this is None. A caller that has the table's `seats` and knows
    whether `actor` directs the tournament's club (`director`) saves the queries: a list
    of a round's tables asks this for each without asking the database."""
    tournament = table.round.tournament
    if result.status != Status.PROVISIONAL:
        return _("Only a provisional result can be confirmed.")
    if by_entry is not None:
        director = False
    elif director is None:
        director = _is_director(actor, tournament)
    seats = table_seats(table) if seats is None else seats
    at_table = by_entry is not None
    if not director and not (at_table and _side_of_entry(seats, by_entry.pk) is not None):
        return _("Only a director or a player of this table can confirm it.")
    # The browser session that entered it, under whichever name, is the one who entered
    # it: at the table's link, and a director who entered it there as a player too.
    same_browser = bool(device.session) and device.session == result.entered_session
    if _same_person(result, actor, by_entry, seats) or result.pk in entered_here or same_browser:
        return _("The person who entered a result cannot confirm it.")
    entered = entrant_side(result, seats)
    mine = _side_of_entry(seats, by_entry.pk) if at_table else _side_of_user(seats, actor)
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
            ("address", device.address, result.entered_address),
        )
        if mine and mine == theirs
    ]
    return ",".join(reasons)


def _confirm(
    table: Table,
    result: ResultEntry,
    actor,
    by_entry: Entry | None,
    device: Device = Device(),
    *,
    decided: bool = False,
) -> ResultEntry:
    """Confirm `result` (checked by the caller). `decided`: a director's own entry that
    counts at once (Tournament.confirm_by `director`)."""
    tournament = table.round.tournament
    director = by_entry is None and _is_director(actor, tournament)
    via, name = _who(actor, by_entry)
    others = table.results.filter(status=Status.PROVISIONAL).exclude(pk=result.pk)
    others.update(status=Status.SUPERSEDED)
    now = timezone.now()
    result.status = Status.CONFIRMED
    result.confirmed_by = actor if director else None
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
    _bump(table)
    _round_progress(table.round_id)
    _log(table, actor, "result.confirmed", result, via=via, same_device=result.same_device)
    return result


def _round_progress(round_id: int) -> None:
    """A round is finished once every table has a confirmed result, and started again
    when one has not (a table drawn back in)."""
    tables = Table.objects.filter(round_id=round_id)
    done = tables.exists() and not tables.exclude(results__status=Status.CONFIRMED).exists()
    rounds = Round.objects.filter(pk=round_id)
    if done:
        rounds.exclude(status=Round.Status.FINISHED).update(status=Round.Status.FINISHED)
        rounds.filter(started_at__isnull=True).update(started_at=timezone.now())
    else:
        rounds.filter(status=Round.Status.FINISHED).update(status=Round.Status.STARTED)


def result_correct(*, table: Table, data: Any, version: int, actor, note: str = "") -> ResultEntry:
    """A director corrects a confirmed result, saying why (`note`). The old entry is kept
    as superseded (the history), the correction counts at once, and the log holds both.
    A correction that changes nothing is refused."""
    note = (note or "").strip()
    with transaction.atomic():
        table = _lock_table(table, version)
        tournament = table.round.tournament
        if not _is_director(actor, tournament):
            raise ValidationError(_("Only a director can correct a result."))
        refuse_when_finished(tournament)
        if not note:
            raise ValidationError({"note": _("Say why the result is corrected.")})
        current = table.results.filter(status=Status.CONFIRMED).first()
        sides, players = table_shape(table)
        outcome = score(tournament, sides, data, players)
        if current is not None and _key(current.data) == _key(data):
            raise ValidationError(
                _("This correction changes nothing: it is the confirmed result as it stands.")
            )
        if current is not None:
            current.status = Status.SUPERSEDED
            current.save(update_fields=["status"])
        table.results.filter(status=Status.PROVISIONAL).update(status=Status.SUPERSEDED)
        now = timezone.now()
        result = ResultEntry.objects.create(
            table=table,
            data=data,
            outcome=outcome_json(outcome),
            finished=outcome.finished,
            status=Status.CONFIRMED,
            via=ResultEntry.Via.DIRECTOR,
            entered_by=actor,
            entered_by_name=actor.get_username(),
            confirmed_by=actor,
            confirmed_by_name=actor.get_username(),
            confirmed_at=now,
            replaces=current,
            note=note[:NOTE_LENGTH],
        )
        _bump(table)
        _round_progress(table.round_id)
        _log(
            table,
            actor,
            "result.corrected",
            result,
            before=[side["score"] for side in current.outcome["sides"]] if current else None,
            note=result.note,
        )
    return result


def result_reject(*, result: ResultEntry, version: int, actor) -> ResultEntry:
    """A director sets aside a provisional entry (one of two disputed ones, say)."""
    with transaction.atomic():
        table = _lock_table(result.table, version)
        if not _is_director(actor, table.round.tournament):
            raise ValidationError(_("Only a director can set a result aside."))
        refuse_when_finished(table.round.tournament)
        result = ResultEntry.objects.get(pk=result.pk)
        if result.status != Status.PROVISIONAL:
            raise ValidationError(_("Only a provisional result can be set aside."))
        result.status = Status.REJECTED
        result.save(update_fields=["status"])
        remaining = list(table.results.filter(status=Status.PROVISIONAL))
        if len({_key(r.data) for r in remaining}) <= 1:
            table.results.filter(status=Status.PROVISIONAL).update(disputed=False)
        _bump(table)
        _round_progress(table.round_id)
        _log(table, actor, "result.rejected", result)
    return result


def table_link_renew(*, table: Table, actor) -> Table:
    """A director renews a table's private link: the old one (its printed QR code) stops
    working, and the new one prints on a fresh table card."""
    with transaction.atomic():
        locked = (
            Table.objects.select_for_update(of=("self",))
            .select_related("round__tournament__club")
            .filter(pk=table.pk)
            .first()
        )
        if locked is None:
            raise TableGoneError
        tournament = locked.round.tournament
        if not _is_director(actor, tournament):
            raise ValidationError(_("Only a director can renew a table's link."))
        refuse_when_finished(tournament)
        locked.link_version += 1
        locked.save(update_fields=["link_version"])
        log_action(
            club=tournament.club,
            actor=actor,
            action="table.link_renewed",
            data={
                "tournament": tournament.pk,
                "evening": tournament.name,
                "round": locked.round.number,
                "table": locked.number,
            },
        )
    return locked


def _key(data: Any) -> str:
    return json.dumps(data, sort_keys=True)
