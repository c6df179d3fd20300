"""Who acts on a table's result (issue 40): an :class:`Actor` is who they are (a login, the
player they said they are at the table's link), the device they act from and the personal
code they typed. A view builds it once from the request (:meth:`Actor.from_request`); the
services, selectors and pages all take it. Tests and the demo build one plainly
(``Actor(entry=player)``, ``Actor(user=director)``).

The device (:class:`Device`) is what the server can see of the phone or browser: the
same-device flag (ResultEntry.same_device) and "one phone, one identity" compare it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from typing import Any

from django.conf import settings

from clubs.auth import client_ip
from clubs.models import Club, Member
from tournaments.models import Entry

from .links import code_fingerprint, linked_phone
from .models import DEVICE_LENGTH


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


#: A request nothing is known of: an Actor's default `device` (frozen, so shared).
NO_DEVICE = Device()


@dataclass(frozen=True)
class Actor:
    """Who acts: `user`, the login of the request (a director, a player's own login, or
    anonymous; None when there is no request); `entry`, the player they said they are at
    the table's link (None: they act as a director); `device`, where they act from;
    `code`, the personal code they typed (empty when none); `entered_here`, the results
    this browser entered at the table's link, under whichever name."""

    user: Any = None
    entry: Entry | None = None
    device: Device = NO_DEVICE
    code: str = ""
    entered_here: tuple[int, ...] = field(default=())

    @classmethod
    def from_request(
        cls,
        request,
        club: Club | None = None,
        *,
        entry: Entry | None = None,
        code: str = "",
        entered_here: tuple[int, ...] = (),
        session: bool = False,
    ) -> Actor:
        """Whoever sends `request`: its login, and its device (:func:`device_of`; the
        phone a personal QR code linked to a player of `club`, when a club is given)."""
        return cls(
            user=request.user,
            entry=entry,
            device=device_of(request, club, session=session),
            code=code,
            entered_here=tuple(entered_here),
        )

    def as_player(self, entry: Entry | None) -> Actor:
        """The same person on the same device, saying they are `entry` at the link."""
        return replace(self, entry=entry)


#: Nobody known: no login, no player, no device.
NO_ACTOR = Actor()


def device_of(request, club: Club | None, *, session: bool = False) -> Device:
    """What the server sees of the requesting device: its session (made now when
    `session` and it has none), the phone a personal QR code linked to a player of `club`
    (still valid only while that player's code is the one it was linked with), and its
    address with its browser."""
    if session and not request.session.session_key:
        request.session.save()
    key = request.session.session_key or ""
    phone = linked_phone(request, club.pk) if club is not None else None
    player = ""
    if phone is not None and still_linked(club, phone.key, phone.fingerprint):
        player = phone.key
    return Device(
        session=fingerprint("session", key) if key else "",
        link=fingerprint("phone", phone.device) if phone is not None else "",
        address=address_fingerprint(client_ip(request), request.headers.get("user-agent", "")),
        player=player,
    )


def still_linked(club: Club, key: str, code_print: str) -> bool:
    """Whether the player `key` (links.player_key) still has the code `code_print` was
    made of: a new code unlinks the phones linked with the old one."""
    kind, number = key[:1], key[1:]
    if not number.isdigit():
        return False
    if kind == "m":
        code = (
            Member.objects.filter(club=club, pk=int(number))
            .values_list("personal_code", flat=True)
            .first()
        )
    elif kind == "g":
        code = (
            Entry.objects.filter(tournament__club=club, pk=int(number), member__isnull=True)
            .values_list("guest_code", flat=True)
            .first()
        )
    else:
        return False
    return bool(code) and code_fingerprint(code) == code_print


def address_fingerprint(address: str, user_agent: str) -> str:
    """Device.address: where a request came from, as the same-device flag compares it.

    On the venue's own network (settings.VENUE, `manage.py venue`) every phone has its
    own address, so the address alone: a second browser app on the same phone (another
    User-Agent) is still the same phone. On a hosted site many phones share one address
    (a club's wifi behind one router, a mobile network's NAT), so the address together
    with the browser (User-Agent)."""
    if settings.VENUE:
        return fingerprint("venue-address", address)
    return fingerprint("address", address, user_agent)


def address_sign() -> str:
    """The same-device reason (ResultEntry.same_device, models.DEVICE_SIGNS) for one
    address_fingerprint: the address alone at the venue, with the browser elsewhere."""
    return "venue_address" if settings.VENUE else "address"


def fingerprint(*parts: str) -> str:
    """A one-way fingerprint of `parts` (empty when they all are)."""
    if not any(parts):
        return ""
    joined = "\x1f".join(parts).encode()
    return hashlib.sha256(joined).hexdigest()[:DEVICE_LENGTH]
