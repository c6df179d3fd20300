"""Signed links: a table's private link, and a player's personal QR code.

A table's link is a signed token naming the table and its link version, so that its
players can enter and confirm the result without a login; the printed score sheet and
table card carry it as a QR code. Renewing the link (scoring.services.table_link_renew)
counts the version up, and the old token then names an old version: the page says the
link was renewed. A token without a version (printed before versions existed) is
version 0.

A player's personal QR code links a phone to that player: opening it sets a long-lived
signed cookie for the club ("this phone is player X", with a random id of the phone).
Both carry a fingerprint of the player's personal code, so a new code (made by a
director) stops the old QR code and the phones linked with it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.core import signing
from django.urls import reverse
from django.utils.crypto import salted_hmac

SALT = "troef.table-link"
PLAYER_SALT = "troef.player-link"
DEVICE_SALT = "troef.device"
#: How long a phone stays linked to a player (browsers keep a cookie 400 days at most).
DEVICE_MAX_AGE = 400 * 24 * 3600


def table_token(table_pk: int, link_version: int = 0) -> str:
    value = str(table_pk) if not link_version else f"{table_pk}.{link_version}"
    return signing.Signer(salt=SALT).sign(value)


def table_token_parts(token: str) -> tuple[int, int] | None:
    """(table id, link version) the token was made for, or None for a token that is not
    ours."""
    try:
        value = signing.Signer(salt=SALT).unsign(token)
    except signing.BadSignature:
        return None
    pk, _dot, version = value.partition(".")
    if not pk.isdigit() or (version and not version.isdigit()):
        return None
    return int(pk), int(version or 0)


def table_from_token(token: str) -> int | None:
    """The table id the token was made for (whatever its link version), or None."""
    parts = table_token_parts(token)
    return None if parts is None else parts[0]


def table_link(table_pk: int, link_version: int = 0) -> str:
    """The path of the table's result page (absolute: :func:`table_url`)."""
    return reverse("scoring:table-link", kwargs={"token": table_token(table_pk, link_version)})


def table_url(base_url: str, table) -> str:
    """The table's private link at ``base_url`` (config.site.site_url: the venue's
    address while it runs), as its QR codes carry it."""
    return base_url.rstrip("/") + table_link(table.pk, table.link_version)


# --- a player's phone -----------------------------------------------------------------------


def player_key(member_pk: int | None, entry_pk: int) -> str:
    """Who a personal code belongs to: a member ("m12", the same in every tournament) or a
    guest's entry ("g34", one tournament)."""
    return f"m{member_pk}" if member_pk is not None else f"g{entry_pk}"


def code_fingerprint(code: str) -> str:
    """A short keyed hash of a personal code: in links and cookies instead of the code."""
    return salted_hmac("troef.personal-code", code).hexdigest()[:12]


def player_token(key: str, code: str) -> str:
    return signing.Signer(salt=PLAYER_SALT).sign(f"{key}.{code_fingerprint(code)}")


def player_from_token(token: str) -> tuple[str, str] | None:
    """(player key, code fingerprint) of a personal QR code's token, or None."""
    try:
        value = signing.Signer(salt=PLAYER_SALT).unsign(token)
    except signing.BadSignature:
        return None
    key, _dot, fingerprint = value.partition(".")
    return (key, fingerprint) if key and fingerprint else None


def player_link(club_slug: str, key: str, code: str) -> str:
    """The path a personal QR code opens (make it absolute for the QR code)."""
    return reverse(
        "scoring:player-device-link",
        kwargs={"club_slug": club_slug, "token": player_token(key, code)},
    )


def device_cookie_name(club_pk: int) -> str:
    return f"troef_player_{club_pk}"


@dataclass(frozen=True)
class LinkedPhone:
    """What a phone's device cookie says: the player it is linked to, the fingerprint of
    their code at the time, and the phone's own random id."""

    key: str
    fingerprint: str
    device: str


def device_cookie_value(key: str, fingerprint: str) -> str:
    return signing.Signer(salt=DEVICE_SALT).sign(f"{key}.{fingerprint}.{secrets.token_hex(8)}")


def linked_phone(request, club_pk: int) -> LinkedPhone | None:
    """The player this phone was linked to at the club, if its cookie is ours."""
    value = request.COOKIES.get(device_cookie_name(club_pk))
    if not value:
        return None
    try:
        plain = signing.Signer(salt=DEVICE_SALT).unsign(value)
    except signing.BadSignature:
        return None
    parts = plain.split(".")
    if len(parts) != 3 or not all(parts):
        return None
    return LinkedPhone(*parts)
