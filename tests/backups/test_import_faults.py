"""import_club on crafted and damaged club archives (issue 37): it never creates or
changes rights, and every archive it cannot use gets one line and exit status 2, with
the database exactly as it was. The commands run in this process on the test database;
a club exported here (an evening with results) is the starting point of each case."""

from __future__ import annotations

import json
import zipfile
from contextlib import nullcontext
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backups.club_data import CLUB_MODELS, NOT_EXPORTED
from backups.clubs import club_delete, club_export, club_rows

from .archive_kit import (
    Member,
    database_rows,
    deep,
    run,
    shrink_declared_size,
    write_zip,
)

pytestmark = pytest.mark.django_db


KEEP = object()


class Parts:
    """The exported archive's members, to change and zip again."""

    def __init__(self, path: Path):
        with zipfile.ZipFile(path) as archive:
            self.members = {n: archive.read(n) for n in archive.namelist()}
        self.manifest = json.loads(self.members["manifest.json"])
        self.data = json.loads(self.members["data.json"])

    def zip(self, path: Path, manifest=KEEP, data=KEEP, extra=(), raw=None) -> Path:
        manifest = self.manifest if manifest is KEEP else manifest
        data = self.data if data is KEEP else data
        members = {**self.members, "manifest.json": json.dumps(manifest).encode(),
                   "data.json": json.dumps(data).encode(), **(raw or {})}  # fmt: skip
        return write_zip(path, [Member(n, c) for n, c in members.items()] + list(extra))


@pytest.fixture
def parts(two_clubs, tmp_path) -> Parts:
    """Rooi with a running evening, exported (with its logins) and then deleted, so that
    the untouched archive imports."""
    two_clubs.evening  # noqa: B018 - made when first asked for
    for number, member in enumerate(two_clubs.a.members.order_by("pk")):
        member.personal_code = f"CODE{number:04d}"
        member.save()
    path = tmp_path / "rooi.zip"
    club_export(club=two_clubs.a, target=path, with_logins=True)
    club_delete(club=two_clubs.a)
    return Parts(path)


def refused(path: Path, *words: str) -> str:
    """import_club of `path`: one line, exit status 2, nothing changed."""
    before = database_rows()
    done = run("import_club", str(path))
    assert done.code == 2, (done.code, done.out, done.err)
    assert done.one_line, done.err
    for word in words:
        assert word in done.err, (word, done.err)
    assert database_rows() == before
    return done.err


def test_the_untouched_archive_imports(parts, tmp_path):
    done = run("import_club", str(parts.zip(tmp_path / "good.zip")))
    assert done.code == 0, done.err
    assert "imported Spellenclub Rooi" in done.out


def test_a_crafted_superuser_is_refused(parts, tmp_path):
    """The hole of issue 37: auth.user under "models" made `evil-admin` a superuser."""
    evil = {"id": 900, "username": "evil-admin", "password": "", "is_superuser": True,
            "is_staff": True, "is_active": True, "first_name": "", "last_name": "",
            "email": "", "date_joined": "2026-01-01T00:00:00+00:00",
            "last_login": None}  # fmt: skip
    data = {**parts.data, "models": {"auth.user": [evil], **parts.data["models"]}}
    err = refused(parts.zip(tmp_path / "evil.zip", data=data), "'auth.user'")
    assert "nothing was imported" in err
    assert not get_user_model().objects.filter(username="evil-admin").exists()

    # the users part gives logins, never rights, whatever it says
    users = [{**row, "is_superuser": True, "is_staff": True, "groups": [1],
              "user_permissions": [1]} for row in parts.data["users"]]  # fmt: skip
    path = parts.zip(tmp_path / "staff.zip", data={**parts.data, "users": users})
    staff_before = set(get_user_model().objects.filter(is_staff=True).values_list("pk", flat=True))
    assert run("import_club", str(path)).code == 0
    user = get_user_model()
    assert set(user.objects.filter(is_staff=True).values_list("pk", flat=True)) == staff_before
    assert set(user.objects.filter(is_superuser=True).values_list("pk", flat=True)) == staff_before
    assert not user.groups.through.objects.exists()
    assert not user.user_permissions.through.objects.exists()


OTHER_MODELS = ["sessions.session", "clubs.idempotentanswer", "axes.accessattempt",
                "auth.group", "auth.user_groups", "auth.user_user_permissions", "auth.permission",
                "admin.logentry", "backups.siteaction", "scoring.printjob",
                "contenttypes.contenttype"]  # fmt: skip


def test_a_model_not_of_the_club_is_refused_by_name(parts, tmp_path):
    for label in OTHER_MODELS:
        data = {**parts.data, "models": {**parts.data["models"], label: [{"id": 1}]}}
        refused(parts.zip(tmp_path / "other.zip", data=data), repr(label))


def _members(data) -> list:
    return data["models"]["clubs.member"]


def crafted(parts: Parts):
    """(name, words in the line, archive members) for each crafted archive."""
    m, d = parts.manifest, parts.data
    yield "deep data", "nested", {"data.json": deep(100_000)}
    yield "deep manifest", "nested", {"manifest.json": deep(100_000)}
    yield "deep value", "nested", {"data.json": json.dumps(
        {**d, "extra": json.loads(deep(80))}).encode()}  # fmt: skip
    yield "no export id", "export_id", {"manifest.json": json.dumps(
        {k: v for k, v in m.items() if k != "export_id"}).encode()}  # fmt: skip
    yield (
        "migrations x",
        "migrations",
        {"manifest.json": json.dumps({**m, "migrations": "x"}).encode()},
    )
    yield "format version x", "format_version", {
        "manifest.json": json.dumps({**m, "format_version": "x"}).encode()}  # fmt: skip
    yield "club not text", "club", {"manifest.json": json.dumps({**m, "club": ["rooi"]}).encode()}
    members = [dict(row) for row in _members(d)]
    members[1]["personal_code"] = members[0]["personal_code"]
    yield "one code twice", "damaged club archive", {"data.json": json.dumps(
        {**d, "models": {**d["models"], "clubs.member": members}}).encode()}  # fmt: skip
    others = {k: v for k, v in d["models"].items() if k != "clubs.club"}
    yield "no club row", "no club", {"data.json": json.dumps({**d, "models": others}).encode()}
    clubs = d["models"]["clubs.club"]
    two = [*clubs, {**clubs[0], "id": 77}]
    yield "two club rows", "several", {"data.json": json.dumps(
        {**d, "models": {**d["models"], "clubs.club": two}}).encode()}  # fmt: skip
    members = [dict(row) for row in _members(d)]
    members[0]["club_id"] = 12345
    yield "missing row", "missing row", {"data.json": json.dumps(
        {**d, "models": {**d["models"], "clubs.member": members}}).encode()}  # fmt: skip
    members = [dict(row) for row in _members(d)]
    members[0]["name"] = {"a": 1}
    yield "a name as a record", "clubs.member", {"data.json": json.dumps(
        {**d, "models": {**d["models"], "clubs.member": members}}).encode()}  # fmt: skip
    members = [dict(row) for row in _members(d)]
    members[0]["created_at"] = "yesterday"
    yield "a bad date", "created_at", {"data.json": json.dumps(
        {**d, "models": {**d["models"], "clubs.member": members}}).encode()}  # fmt: skip
    rounds = [dict(row) for row in d["models"]["tournaments.round"]]
    rounds[0]["number"] = 10**30
    yield "a huge number", "tournaments.round", {"data.json": json.dumps(
        {**d, "models": {**d["models"], "tournaments.round": rounds}}).encode()}  # fmt: skip
    yield "NaN", "JSON", {"data.json": json.dumps({**d, "users": [float("nan")]}).encode()}
    yield "users not a list", "users", {"data.json": json.dumps({**d, "users": {}}).encode()}
    yield "a login without a name", "login 1", {"data.json": json.dumps(
        {**d, "users": [{**d["users"][0], "username": ""}]}).encode()}  # fmt: skip
    yield "data not a record", "models", {"data.json": b"[1, 2]"}
    yield "data not JSON", "JSON", {"data.json": b"\xff\xfe{"}


def test_crafted_archives_get_one_line_and_change_nothing(parts, tmp_path):
    cases = list(crafted(parts))
    assert len(cases) >= 18
    for number, (name, words, raw) in enumerate(cases):
        path = tmp_path / f"case-{number}.zip"
        write_zip(path, [Member(n, c) for n, c in {**parts.members, **raw}.items()])
        try:
            refused(path, words)
        except AssertionError as error:
            raise AssertionError(f"{name}: {error}") from None


UNSAFE = [
    (Member("../evil.txt", b"x"), "(..)"),
    (Member("csv/../../evil.txt", b"x"), "(..)"),
    (Member("/etc/evil", b"x"), "plain relative path"),
    (Member("csv\\..\\evil", b"x"), "plain relative path"),
    (Member("C:/evil", b"x"), "drive"),
    (Member("csv/link", b"/etc/passwd", link=True), "link"),
    (Member("csv/secret", b"x" * 100, encrypted=True), "encrypted"),
    (Member("data.json", b"{}"), "twice"),
]


def test_unsafe_members_are_refused_before_anything_is_read(parts, tmp_path):
    for extra, words in UNSAFE:
        with pytest.warns(UserWarning) if extra.name == "data.json" else nullcontext():
            path = parts.zip(tmp_path / "unsafe.zip", extra=[extra])
        refused(path, words)


@override_settings(ARCHIVE_DATA_MAX_BYTES=200_000, ARCHIVE_FILE_MAX_BYTES=100_000,
                   ARCHIVE_MAX_BYTES=400_000)  # fmt: skip
def test_size_limits_are_checked_before_unpacking(parts, tmp_path):
    assert len(parts.members["data.json"]) < 200_000
    big = {**parts.data, "padding": "00000001" * 30_000}  # 240 kB, packs to little
    refused(parts.zip(tmp_path / "data.zip", data=big), "data.json", "more than the limit",
            "195 kB")  # fmt: skip
    refused(parts.zip(tmp_path / "file.zip", raw={"csv/members.csv": b"x" * 100_001}),
            "csv/members.csv", "more than the limit")  # fmt: skip
    many = [Member(f"csv/more-{n}.csv", b"y" * 90_000) for n in range(5)]
    refused(parts.zip(tmp_path / "total.zip", extra=many), "unpacks to more than the limit")
    # a header that says less than the member holds: reading stops there, never beyond
    lying = parts.zip(tmp_path / "lying.zip", data=big)
    shrink_declared_size(lying, "data.json", 150_000)
    refused(lying, "damaged")


def test_a_zip_bomb_is_refused(parts, tmp_path):
    bomb = {**parts.data, "padding": " " * 3_000_000}  # packs about 1000 times
    refused(parts.zip(tmp_path / "bomb.zip", data=bomb), "data.json", "zip bomb")


def test_every_model_of_a_club_is_decided_on(two_clubs):
    """A model added later that hangs from a club is either the club's own (exported and
    imported) or left out on purpose: never loaded unchecked, never lost unnoticed."""
    two_clubs.evening  # noqa: B018
    found = set(_labels(club_rows(two_clubs.a)))
    assert found - set(CLUB_MODELS) - set(NOT_EXPORTED) == set()
    assert "auth.user" not in CLUB_MODELS


def _labels(rows):
    return [model._meta.label_lower for model in rows]


# --- random mutations ---------------------------------------------------------------------

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.sampled_from([2**70, -1, 0, "", "x"])
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=3),
    max_leaves=6,
)  # fmt: skip


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _mutate(document, path, op, new):
    if not path:
        return new
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    if op == "delete" and isinstance(parent, dict):
        del parent[path[-1]]
    elif op == "delete":
        parent.pop(path[-1])
    else:
        parent[path[-1]] = new
    return document


@settings(
    max_examples=60, deadline=None, database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)  # fmt: skip
@given(draw=st.data())
def test_random_mutations_import_or_get_one_line(parts, tmp_path, draw):
    """A random change to the manifest, the data or the zip's bytes: the archive imports
    (and then gives nobody rights), or it is refused with one line, nothing changed."""
    kind = draw.draw(st.sampled_from(["manifest", "data", "data", "bytes"]))
    path = tmp_path / "fuzz.zip"
    if kind == "bytes":
        raw = bytearray(parts.zip(path).read_bytes())
        at = draw.draw(st.integers(0, len(raw) - 1))
        if draw.draw(st.booleans()):
            raw[at] ^= draw.draw(st.integers(1, 255))
        else:
            del raw[at:]
        path.write_bytes(bytes(raw))
    else:
        document = json.loads(json.dumps(parts.manifest if kind == "manifest" else parts.data))
        paths = list(_paths(document))
        where = draw.draw(st.sampled_from(paths))
        op = draw.draw(st.sampled_from(["replace", "delete"]))
        document = _mutate(document, where, op, draw.draw(VALUES))
        parts.zip(path, **{kind: document})
    staff = set(get_user_model().objects.filter(is_staff=True).values_list("pk", flat=True))
    with transaction.atomic():
        before = database_rows()
        done = run("import_club", str(path))
        if done.code == 0:
            user = get_user_model()
            assert set(user.objects.filter(is_staff=True).values_list("pk", flat=True)) == staff
            assert not user.objects.filter(is_superuser=True).exclude(pk__in=staff).exists()
        else:
            assert done.code == 2, done.err
            assert done.one_line, done.err
            assert database_rows() == before
        transaction.set_rollback(True)
