"""One club's whole history out of a site and into another: export, import, delete.

Which rows are a club's is found, not listed: the club, then every row with a foreign key
to a row already found, again and again (members, roles, seasons, tournaments, teams,
entries, rounds, tables, seats, byes, results with their history, disputes, the action
log, and any model added later that hangs from these). Logins (users) are not the
club's: the ones its members and roles use are exported by their user name.

Only the models in backups.club_data.CLUB_MODELS travel. Left out: print jobs (PrintJob
rows point at PDF files that any director makes again from the data in a minute), the
one-time-key answers (a session's), and login passwords unless asked for
(--with-logins). A test keeps every model that hangs from a club in one list or the
other.

Import decisions:
- Only the club's own models are loaded (backups.club_data.CLUB_MODELS); an archive with
  rows of any other model, or with anything damaged, is refused with one line before
  anything is written.
- Ids are new on the new site; every reference is mapped, the hidden ids in the action
  log's data too, so the log reads the same.
- Logins are matched by user name only to refuse reuse: a user name the site already
  has is never taken over (it could be another person there); the club's login is
  created as ``<name>-<slug>`` instead and the command lists each such rename. Logins
  come only from the archive's ``users`` part, and only as plain logins: never staff or
  superuser, no permissions or groups.
- A tournament slug the site already uses gets the next free one (print_round names).
- A club slug that is taken is refused (--slug NEW picks another); an archive already
  imported (its export id in the site log) while that club is still here is refused.
"""

from __future__ import annotations

import csv
import datetime as dt
import decimal
import io
import json
import uuid
import zipfile
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, connection, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.exports import as_csv_text
from clubs.models import ActionLog, Club, Member
from clubs.services import log_words
from tournaments.models import Tournament, free_slug

from .archive import FORMAT_VERSION, Archive, ArchiveError, parse_json, troef_version
from .club_data import CLUB_MODELS, USER_FIELDS, check_data, check_manifest, damaged_club
from .limits import archive_limits
from .migrations_state import database_migrations, newer_message, unknown_migrations
from .models import SiteAction

FORMAT = "troef-club"
DATA = "data.json"
#: The action log's hidden id keys and the model each one names.
LOG_IDS = {
    "member": "clubs.member",
    "tournament": "tournaments.tournament",
    "entry": "tournaments.entry",
    "entries": "tournaments.entry",
    "team": "tournaments.team",
    "result": "scoring.resultentry",
    "season": "tournaments.season",
    "dispute": "disputes.dispute",
    "table": "tournaments.table",
    "round": "tournaments.round",
}


def _label(model) -> str:
    return model._meta.label_lower


def _fks(model) -> list[models.ForeignKey]:
    return [f for f in model._meta.concrete_fields if isinstance(f, models.ForeignKey)]


# --- which rows are the club's ----------------------------------------------------------


def club_rows(club: Club) -> dict[type[models.Model], set]:
    """model -> primary keys of every row that belongs to the club (see the docstring)."""
    user_model = get_user_model()
    found: dict[type[models.Model], set] = defaultdict(set)
    found[Club].add(club.pk)
    candidates = [m for m in apps.get_models(include_auto_created=True) if m is not user_model]
    changed = True
    while changed:
        changed = False
        for model in candidates:
            for fk in _fks(model):
                target = fk.remote_field.model
                if target is model or target not in found or not found[target]:
                    continue
                pks = set(
                    model._base_manager.filter(**{f"{fk.attname}__in": found[target]})
                    .exclude(pk__in=found[model])
                    .values_list("pk", flat=True)
                )
                if pks:
                    found[model] |= pks
                    changed = True
    return dict(found)


def _order(models_: list) -> list:
    """Models so that each comes after the ones its foreign keys point to."""
    ordered: list = []
    pending = list(models_)
    while pending:
        for model in pending:
            needs = {f.remote_field.model for f in _fks(model)} - {model}
            if not (needs & set(pending)):
                ordered.append(model)
                pending.remove(model)
                break
        else:  # a cycle between models: keep the given order for the rest
            ordered += pending
            break
    return ordered


# --- values as JSON ------------------------------------------------------------------------


def _encode(value: Any) -> Any:
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return bytes(value).hex()
    return value


def _decode(model_field: models.Field, value: Any) -> Any:
    if value is None:
        return None
    if isinstance(model_field, models.DateTimeField):
        return dt.datetime.fromisoformat(value)
    if isinstance(model_field, models.DateField):
        return dt.date.fromisoformat(value)
    if isinstance(model_field, models.TimeField):
        return dt.time.fromisoformat(value)
    if isinstance(model_field, models.BinaryField):
        return bytes.fromhex(value)
    return value


def _row(obj: models.Model) -> dict[str, Any]:
    return {f.attname: _encode(getattr(obj, f.attname)) for f in obj._meta.concrete_fields}


# --- export --------------------------------------------------------------------------------


def club_export(*, club: Club, target: Path, with_logins: bool = False, actor=None) -> Path:
    """Write the club's history to `target` (a zip: manifest.json, data.json, csv/)."""
    from clubs.services import log_action  # noqa: PLC0415

    log_action(club=club, actor=actor, action="club.exported", data={"logins": with_logins})
    user_model = get_user_model()
    outermost = not connection.in_atomic_block  # inside a caller's transaction: its read
    with transaction.atomic():  # one consistent read (a snapshot on PostgreSQL)
        if connection.vendor == "postgresql" and outermost:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        rows = club_rows(club)
        data: dict[str, list] = {}
        counts = {}
        user_ids: set[int] = set()
        for model in _order([m for m in rows if _label(m) in CLUB_MODELS]):
            objects = list(model._base_manager.filter(pk__in=rows[model]).order_by("pk"))
            data[_label(model)] = [_row(o) for o in objects]
            counts[_label(model)] = len(objects)
        user_ids |= set(Member.objects.filter(club=club, user__isnull=False)
                        .values_list("user_id", flat=True))  # fmt: skip
        user_ids |= set(club.roles.values_list("user_id", flat=True))
        users = []
        for user in user_model._base_manager.filter(pk__in=user_ids).order_by("pk"):
            row = {name: _encode(getattr(user, name, None)) for name in USER_FIELDS}
            row["id"] = user.pk
            row["password"] = user.password if with_logins else ""
            users.append(row)
        csv_files = _csv_files(club)
    manifest = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "troef_version": troef_version(),
        "created_at": timezone.now().isoformat(),
        "export_id": str(uuid.uuid4()),
        "club": {"slug": club.slug, "name": club.name},
        "engine": connection.vendor,
        "with_logins": with_logins,
        "migrations": _migration_map(),
        "counts": {**counts, "users": len(users)},
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(f".{target.name}.part")
    try:
        with zipfile.ZipFile(part, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("manifest.json", json.dumps(manifest, indent=1, sort_keys=True))
            archive.writestr(DATA, json.dumps({"models": data, "users": users}))
            for name, text in csv_files.items():
                archive.writestr(f"csv/{name}", "\ufeff" + text)  # a BOM: Excel reads UTF-8
        part.chmod(0o600)
        part.replace(target)
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return target


def _migration_map() -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for app, name in database_migrations():
        found[app].append(name)
    return {app: sorted(names) for app, names in sorted(found.items())}


def _safe(value: Any) -> str:
    """A cell as text a spreadsheet shows and never runs: numbers as they are, any other
    text with an apostrophe before each formula trigger where a cell could start, also
    after a `;` (a Dutch or German Excel splits on it), as the page exports do."""
    text = "" if value is None else str(value)
    return text if _number(text) else as_csv_text(text)


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _csv(header: list[str], rows) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    for row in rows:
        writer.writerow([_safe(v) for v in row])
    return out.getvalue()


def _csv_files(club: Club) -> dict[str, str]:
    """What a person reads in a spreadsheet: members, tournaments, every result entered
    (with its history) and the action log."""
    from scoring.models import ResultEntry  # noqa: PLC0415

    local = timezone.localtime
    members = _csv(
        ["name", "membership_number", "email", "phone", "active", "login"],
        ((m.name, m.membership_number, m.email, m.phone, m.active,
          m.user.get_username() if m.user else "")
         for m in club.members.select_related("user").order_by("membership_number")),
    )  # fmt: skip
    tournaments = _csv(
        ["date", "name", "game", "kind", "status", "season", "rounds", "players"],
        ((t.date, t.name, t.game, t.kind, t.status, t.season.name if t.season else "",
          t.rounds.count(), t.entries.count())
         for t in club.tournaments.select_related("season").order_by("date", "id")),
    )  # fmt: skip
    results = []
    for r in (
        ResultEntry.objects.filter(table__round__tournament__club=club)
        .select_related("table__round__tournament")
        .prefetch_related("table__seats__entry__member")
        .order_by("table__round__tournament__date", "table__round__number", "table__number", "id")
    ):
        table = r.table
        names = {}
        for seat in sorted(table.seats.all(), key=lambda s: s.position):
            names.setdefault(seat.side, []).append(seat.entry.name)
        sides = " | ".join(
            f"{' & '.join(names.get(s['side'], []))}: {s['score']} (#{s['rank']})"
            for s in r.outcome.get("sides", [])
        )
        results.append((table.round.tournament.date, table.round.tournament.name,
                        table.round.number, table.number, r.status, sides, r.entered_by_name,
                        r.confirmed_by_name, local(r.created_at).isoformat(), r.note))  # fmt: skip
    result_csv = _csv(
        ["date", "tournament", "round", "table", "status", "result", "entered_by",
         "confirmed_by", "entered_at", "note"], results,
    )  # fmt: skip
    log = _csv(
        ["when", "by", "action", "data"],
        ((local(a.created_at).isoformat(), a.actor_name, a.action,
          json.dumps(a.data, ensure_ascii=False, sort_keys=True))
         for a in ActionLog.objects.filter(club=club).order_by("created_at", "id")),
    )  # fmt: skip
    return {"members.csv": members, "tournaments.csv": tournaments, "results.csv": result_csv,
            "action_log.csv": log}  # fmt: skip


# --- import --------------------------------------------------------------------------------


@dataclass
class ImportReport:
    club: Club
    renamed_logins: dict[str, str] = field(default_factory=dict)
    renamed_tournaments: dict[str, str] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)


@contextmanager
def _keep_timestamps():
    """auto_now / auto_now_add off while importing: the archive's times are kept."""
    changed = []
    for model in apps.get_models():
        for f in model._meta.concrete_fields:
            if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
                changed.append((f, f.auto_now, f.auto_now_add))
                f.auto_now = f.auto_now_add = False
    try:
        yield
    finally:
        for f, now, now_add in changed:
            f.auto_now, f.auto_now_add = now, now_add


def read_club_archive(path: Path) -> tuple[dict, dict]:
    """The archive's manifest and data, checked whole (backups.club_data): within the
    limits, of the club's own models only, every value of its field's kind."""
    with Archive(Path(path), archive_limits()) as archive:
        manifest = archive.manifest(FORMAT).data
        check_manifest(manifest, str(path))
        try:
            raw = archive.read(DATA)
        except KeyError:
            raise damaged_club(str(path), _("no %(key)s") % {"key": DATA}) from None
    data = parse_json(raw, str(damaged_club(str(path), DATA)))
    del raw
    check_data(data, str(path))
    return manifest, data


#: What a row can still get wrong that the checks cannot see (a row named twice where
#: the database wants it once, a reference to a row that is not there).
LOAD_ERRORS = (KeyError, TypeError, ValueError, LookupError, OverflowError, DatabaseError,
               ValidationError)  # fmt: skip


def club_import(*, path: Path, slug: str | None = None) -> ImportReport:
    manifest, data = read_club_archive(path)
    unknown = unknown_migrations(manifest.get("migrations") or {})
    if unknown:
        raise ArchiveError(newer_message(str(path), unknown, manifest.get("troef_version")))
    slug = slug or manifest["club"]["slug"]
    if Club.objects.filter(slug=slug).exists():
        raise ArchiveError(
            _(
                "a club with the short name %(slug)s is already on this site: give the "
                "imported club another one with --slug NEW"
            )
            % {"slug": repr(slug)}
        )
    earlier = SiteAction.objects.filter(action="club.imported",
                                        data__export=manifest["export_id"]).first()  # fmt: skip
    if earlier is not None and Club.objects.filter(slug=earlier.club_slug).exists():
        raise ArchiveError(
            _("%(archive)s was imported already, as club %(slug)s on %(when)s")
            % {
                "archive": path,
                "slug": repr(earlier.club_slug),
                "when": f"{timezone.localtime(earlier.created_at):%Y-%m-%d %H:%M}",
            }
        )
    try:
        with transaction.atomic(), _keep_timestamps():
            report = _load(data, slug)
            SiteAction.objects.create(
                club_slug=slug, club_name=report.club.name, actor_name="system",
                action="club.imported", created_at=timezone.now(),
                data={"export": manifest["export_id"], "from": manifest["club"]["slug"],
                      "troef_version": manifest.get("troef_version"),
                      "logins": report.renamed_logins},
            )  # fmt: skip
    except LOAD_ERRORS as error:
        why = " ".join(str(error).split())[:200]
        raise damaged_club(str(path), f"{type(error).__name__}: {why}") from None
    return report


def _load(data: dict, slug: str) -> ImportReport:  # noqa: PLR0912, PLR0915 - one pass per model
    user_model = get_user_model()
    users: dict[int, int] = {}
    renamed: dict[str, str] = {}
    for row in data["users"]:
        username = row["username"]
        name = username
        number = 1
        while user_model._base_manager.filter(username=name).exists():
            name = f"{username}-{slug}" if number == 1 else f"{username}-{slug}-{number}"
            number += 1
        user = user_model(
            username=name,
            **{k: _decode(user_model._meta.get_field(k), row.get(k))
               for k in USER_FIELDS if k != "username" and row.get(k) is not None},
        )  # fmt: skip
        user.is_staff = user.is_superuser = False  # rights never travel
        if row.get("password"):
            user.password = row["password"]
        else:
            user.set_unusable_password()
        user.save()
        users[row["id"]] = user.pk
        if name != username:
            renamed[username] = name
    ids: dict[str, dict[Any, Any]] = defaultdict(dict)
    report = ImportReport(club=None, renamed_logins=renamed)  # type: ignore[arg-type]
    for model in _order([apps.get_model(label) for label in CLUB_MODELS]):
        label = _label(model)
        rows = data["models"].get(label, [])
        fields = {f.attname: f for f in model._meta.concrete_fields}
        pk_name = model._meta.pk.attname
        auto_pk = isinstance(model._meta.pk, models.AutoField)
        self_fks = [f for f in _fks(model) if f.remote_field.model is model]
        objects, later = [], []
        for row in sorted(rows, key=lambda r: r[pk_name]):
            values = {}
            for attname, value in row.items():
                model_field = fields.get(attname)
                if model_field is None or (attname == pk_name and auto_pk):
                    continue
                values[attname] = _value(model_field, value, model, ids, users)
            for fk in self_fks:
                later.append((row[fk.attname], fk.attname))
                values[fk.attname] = None
            if model is Club:
                values["slug"] = slug
            if model is ActionLog:
                values["data"] = _remap_log(values["data"], ids)
                values["search_text"] = " ".join(log_words(values["data"]))
            obj = model(**values)
            if model is Tournament and obj.slug and _slug_taken(obj.slug):
                new = free_slug(obj.name, obj.date)
                report.renamed_tournaments[obj.slug] = new
                obj.slug = new
            objects.append(obj)
        made = model._base_manager.bulk_create(objects, batch_size=500)
        for row, obj in zip(sorted(rows, key=lambda r: r[pk_name]), made, strict=True):
            ids[label][row[pk_name]] = obj.pk
        if self_fks:
            pending = []
            for obj, (old, attname) in zip(made, later, strict=True):
                if old is not None:
                    setattr(obj, attname, ids[label][old])
                    pending.append(obj)
            if pending:
                model._base_manager.bulk_update(pending, [f.name for f in self_fks])
        report.counts[label] = len(made)
        if model is Club:
            report.club = made[0]
    return report


def _slug_taken(slug: str) -> bool:
    return Tournament.objects.filter(slug=slug).exists()


def _value(model_field, value, model, ids, users):
    if isinstance(model_field, models.ForeignKey) and value is not None:
        target = model_field.remote_field.model
        if target is get_user_model():
            return users.get(value)
        if target is model:
            return value
        mapped = ids[_label(target)].get(value)
        if mapped is None and not model_field.null:
            raise LookupError(
                _("%(field)s names a missing row %(id)s")
                % {"field": f"{_label(model)}.{model_field.name}", "id": value}
            )
        return mapped
    return _decode(model_field, value)


def _remap_log(data: Any, ids) -> Any:
    if not isinstance(data, dict):
        return data
    out = dict(data)
    for key, label in LOG_IDS.items():
        value = out.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            out[key] = ids[label].get(value, value)
        elif isinstance(value, list) and all(isinstance(v, int) for v in value):
            out[key] = [ids[label].get(v, v) for v in value]
    return out


# --- delete ----------------------------------------------------------------------------------


def club_delete(*, club: Club, actor_name: str = "system") -> dict[str, int]:
    """Remove the club and every row of it (club_rows, print jobs and their files too),
    and the logins that belonged to it alone (no role or membership elsewhere, no site
    staff). Logged in the site log. Returns rows removed per model."""
    user_model = get_user_model()
    with transaction.atomic():
        rows = club_rows(club)
        users = set(Member.objects.filter(club=club, user__isnull=False)
                    .values_list("user_id", flat=True)) | set(
            club.roles.values_list("user_id", flat=True))  # fmt: skip
        others = Member.objects.exclude(club=club).filter(user__in=users)
        other_roles = club.roles.model.objects.exclude(club=club).filter(user__in=users)
        elsewhere = set(others.values_list("user_id", flat=True)) | set(
            other_roles.values_list("user_id", flat=True)
        )
        alone = user_model.objects.filter(pk__in=users - elsewhere, is_staff=False,
                                          is_superuser=False)  # fmt: skip
        files = _job_files(rows)
        removed = {}
        for model in reversed(_order(list(rows))):
            query = model._base_manager.filter(pk__in=rows[model])
            query._raw_delete(query.db)  # no signals, no save(): the action log too
            removed[_label(model)] = len(rows[model])
        gone = {str(pk) for pk in alone.values_list("pk", flat=True)}
        removed["users"] = len(gone)
        alone.delete()
        removed["sessions"] = _end_sessions(gone)
        SiteAction.objects.create(
            club_slug=club.slug, club_name=club.name, actor_name=actor_name,
            action="club.deleted", data={"rows": removed},
        )  # fmt: skip
    for path in files:
        path.unlink(missing_ok=True)
    return removed


def _end_sessions(user_ids: set[str]) -> int:
    """Remove the sessions of the removed logins (they name the user in their data)."""
    from django.contrib.sessions.models import Session  # noqa: PLC0415

    if not user_ids:
        return 0
    ended = [
        s.pk
        for s in Session.objects.filter(expire_date__gt=timezone.now()).iterator()
        if str(s.get_decoded().get("_auth_user_id")) in user_ids
    ]
    Session.objects.filter(pk__in=ended).delete()
    return len(ended)


def _job_files(rows) -> list[Path]:
    from printing.models import PrintJob  # noqa: PLC0415

    names = PrintJob.objects.filter(pk__in=rows.get(PrintJob, ())).exclude(file="")
    root = Path(settings.MEDIA_ROOT)
    return [root / name for name in names.values_list("file", flat=True)]
