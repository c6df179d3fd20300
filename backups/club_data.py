"""What a club archive may hold, checked whole before import_club writes anything.

An import loads only the club's own data: the models in CLUB_MODELS, each row's values of
the kind its field takes. Logins come only from the archive's ``users`` part, as plain
logins (never staff or superuser, no permissions or groups): a row of any other model
(auth.user, sessions, the one-time-key answers, axes' lockouts, ...) is refused by name.
"""

from __future__ import annotations

import datetime as dt
import decimal
import re
from typing import Any

from django.apps import apps
from django.db import models
from django.utils.translation import gettext as _

from .archive import ArchiveError

#: The club's own models: what export_club writes and import_club loads, nothing else.
CLUB_MODELS = (
    "clubs.club",
    "clubs.member",
    "clubs.role",
    "clubs.actionlog",
    "tournaments.season",
    "tournaments.tournament",
    "tournaments.team",
    "tournaments.entry",
    "tournaments.round",
    "tournaments.table",
    "tournaments.seat",
    "tournaments.bye",
    "scoring.resultentry",
    "scoring.resultdraft",
    "scoring.eveningcount",
    "disputes.dispute",
    "ratings.rating",
    "ratings.ratingstep",
    "ratings.ratedtournament",
)
#: Rows of these models hang from a club but do not travel: print jobs (their PDFs are
#: made again in a minute) and the one-time-key answers (a session's, not the club's).
NOT_EXPORTED = ("printing.printjob", "clubs.idempotentanswer")
#: The fields of a login that travel (nothing that gives rights).
USER_FIELDS = ("username", "first_name", "last_name", "email", "is_active", "date_joined",
               "last_login")  # fmt: skip
SLUG = re.compile(r"^[-a-zA-Z0-9_]{1,50}$")
TEXT_FIELDS = (models.CharField, models.TextField)


def damaged_club(where: str, part: str) -> ArchiveError:
    """A damaged club archive, naming the damaged `part`."""
    return ArchiveError(
        _("%(archive)s: damaged club archive (%(part)s)") % {"archive": where, "part": part}
    )


def check_manifest(manifest: dict, where: str) -> None:
    def damaged(part: str) -> ArchiveError:
        return damaged_club(where, f"manifest: {part}")

    export_id = manifest.get("export_id")
    if not isinstance(export_id, str) or not 0 < len(export_id) <= 100:
        raise damaged(_("no %(key)s") % {"key": "export_id"})
    club = manifest.get("club")
    if not isinstance(club, dict) or not isinstance(club.get("slug"), str):
        raise damaged(_("no %(key)s") % {"key": "club"})
    if not SLUG.match(club["slug"]) or not isinstance(club.get("name"), str):
        raise damaged("club")
    migrations = manifest.get("migrations", {})
    if not isinstance(migrations, dict) or not all(
        isinstance(app, str) and isinstance(names, list) and all(isinstance(n, str) for n in names)
        for app, names in migrations.items()
    ):
        raise damaged("migrations")
    if not isinstance(manifest.get("troef_version", ""), str | None):
        raise damaged("troef_version")


def check_data(data: Any, where: str) -> None:
    """data.json as an import needs it, or an ArchiveError naming the first fault."""
    if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
        raise damaged_club(where, _("data.json has no models"))
    if not isinstance(data.get("users"), list):
        raise damaged_club(where, _("data.json has no users"))
    for label in data["models"]:
        if label not in CLUB_MODELS:
            raise ArchiveError(
                _(
                    "%(archive)s: refused, the archive holds rows of %(model)s, which is not "
                    "a club's own data; nothing was imported"
                )
                % {"archive": where, "model": repr(label)}
            )
    _check_users(data["users"], where)
    for label, rows in data["models"].items():
        _check_rows(label, rows, where)
    clubs = data["models"].get("clubs.club")
    if not isinstance(clubs, list) or len(clubs) != 1:
        raise damaged_club(where, _("it holds no club, or several"))


def _check_users(rows: list, where: str) -> None:
    seen = set()
    for number, row in enumerate(rows, 1):
        fault = _user_fault(row)
        if fault is None and row["id"] in seen:
            fault = _("its id twice")
        if fault:
            raise damaged_club(
                where, _("login %(number)d: %(fault)s") % {"number": number, "fault": fault}
            )
        seen.add(row["id"])


def _user_fault(row: Any) -> str | None:  # noqa: PLR0911 - one answer per fault
    if not isinstance(row, dict):
        return _("not a record")
    if type(row.get("id")) is not int:
        return _("no id")
    username = row.get("username")
    if (
        not isinstance(username, str)
        or not 0 < len(username) <= 100
        or username != username.strip()
    ):
        return _("no user name")
    for name, longest in (("first_name", 150), ("last_name", 150), ("email", 254),
                          ("password", 128)):  # fmt: skip
        if not isinstance(row.get(name, ""), str | None) or len(row.get(name) or "") > longest:
            return name
    if not isinstance(row.get("is_active", True), bool | None):
        return "is_active"
    for name in ("date_joined", "last_login"):
        if row.get(name) is not None and not _is_time(row[name], dt.datetime):
            return name
    return None


def _check_rows(label: str, rows: Any, where: str) -> None:
    model = apps.get_model(label)
    fields = {f.attname: f for f in model._meta.concrete_fields}
    pk = model._meta.pk.attname
    if not isinstance(rows, list):
        raise damaged_club(where, _("%(model)s is not a list of rows") % {"model": label})
    seen = set()
    for row in rows:
        if not isinstance(row, dict) or type(row.get(pk)) is not int or row[pk] in seen:
            raise damaged_club(where, _("%(model)s: a row without its id") % {"model": label})
        seen.add(row[pk])
        for attname, value in row.items():
            field = fields.get(attname)
            if field is not None and not _fits(field, value):
                raise damaged_club(where, f"{label} {row[pk]}: {attname} {value!r:.40}")


def _fits(field: models.Field, value: Any) -> bool:  # noqa: PLR0911 - one answer per kind
    """A JSON value an import can store in the field as it is."""
    if value is None:
        return field.null or field.primary_key
    if isinstance(field, models.ForeignKey | models.AutoField):
        return type(value) is int
    if isinstance(field, models.BooleanField):
        return isinstance(value, bool)
    if isinstance(field, models.IntegerField):
        return type(value) is int and abs(value) < 1 << 63
    if isinstance(field, models.FloatField):
        return type(value) in (int, float)
    if isinstance(field, models.DecimalField):
        return _is_decimal(value)
    if isinstance(field, models.DateTimeField):
        return _is_time(value, dt.datetime)
    if isinstance(field, models.DateField):
        return _is_time(value, dt.date)
    if isinstance(field, models.TimeField):
        return _is_time(value, dt.time)
    if isinstance(field, TEXT_FIELDS):
        return isinstance(value, str) and (
            field.max_length is None or len(value) <= field.max_length
        )
    if isinstance(field, models.JSONField):
        return True
    return isinstance(value, str | int | float | bool)


def _is_time(value: Any, kind: type) -> bool:
    if not isinstance(value, str):
        return False
    try:
        kind.fromisoformat(value)
    except ValueError:
        return False
    return True


def _is_decimal(value: Any) -> bool:
    if type(value) not in (int, float, str):
        return False
    try:
        return decimal.Decimal(str(value)).is_finite()
    except decimal.InvalidOperation:
        return False
