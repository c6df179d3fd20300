"""A table's private link: a signed token naming the table, so that its players can enter
and confirm the result without a login. The printed score sheet carries it as a QR code."""

from __future__ import annotations

from django.core import signing
from django.urls import reverse

SALT = "troef.table-link"


def table_token(table_pk: int) -> str:
    return signing.Signer(salt=SALT).sign(str(table_pk))


def table_from_token(token: str) -> int | None:
    """The table id the token was made for, or None for a token that is not ours."""
    try:
        value = signing.Signer(salt=SALT).unsign(token)
    except signing.BadSignature:
        return None
    return int(value) if value.isdigit() else None


def table_link(table_pk: int) -> str:
    """The path of the table's result page (make it absolute with request.build_absolute_uri)."""
    return reverse("table-link", kwargs={"token": table_token(table_pk)})
