"""backup and restore on PostgreSQL (make test-services): a federation site holding the
demo clubs (moved there from the release laptop with import_club) backed up with
pg_dump, or, without pg_dump, as a logical dump, and restored into an empty site."""

from __future__ import annotations

import json
import zipfile

import pytest

from .conftest import SERVICES, pg_rows

pytestmark = pytest.mark.skipif(not SERVICES, reason="needs make test-services")

NO_PG_TOOLS = {"PATH": "/nonexistent"}  # manage.py runs on sys.executable's full path


@pytest.fixture
def federation(laptop, pg_database, tmp_path):
    site = pg_database("src")
    site.manage("migrate", "--noinput")
    laptop.pages()  # members' personal codes are made when first seen
    for slug in ("rooi", "veghel"):
        archive = tmp_path / f"{slug}.zip"
        laptop.manage("export_club", slug, "-o", str(archive), "--with-logins")
        site.manage("import_club", str(archive))
    (site.media / "packs").mkdir(parents=True)
    (site.media / "packs" / "evening.pdf").write_bytes(
        (laptop.media / "packs" / "evening.pdf").read_bytes()
    )
    return site


@pytest.mark.parametrize("tools", ["pg_dump", "logical"])
def test_round_trip_on_postgresql_is_identical(federation, pg_database, tmp_path, tools):
    env = NO_PG_TOOLS if tools == "logical" else None
    archive = tmp_path / "federation.zip"
    federation.manage("backup", "-o", str(archive), env=env)
    with zipfile.ZipFile(archive) as z:
        manifest = json.loads(z.read("manifest.json"))
    assert manifest["database"]["kind"] == tools
    assert manifest["engine"] == "postgresql"
    before = pg_rows(federation.database_url)
    pages_before = federation.pages()

    site = pg_database("dst")
    site.manage("migrate", "--noinput")
    site.manage("restore", str(archive), env=env)
    after = pg_rows(site.database_url)
    skip = {"django_migrations"} if tools == "logical" else set()
    assert after.keys() == before.keys()
    for table in before.keys() - skip:
        assert after[table] == before[table], table
    stamps = after["clubs_actionlog"]
    assert any(getattr(v, "microsecond", 0) % 1000 for row in stamps for v in row)
    assert (site.var / "secret_key").read_bytes() == (federation.var / "secret_key").read_bytes()
    assert (site.media / "packs" / "evening.pdf").exists()

    tokens = {k: v for k, v in pages_before.items() if k.startswith("link-token/")}
    pages_after = site.pages(open_tokens=tokens)
    for key, text in pages_before.items():
        assert pages_after[key] == text, key
    assert all(v.startswith("200\n") for k, v in pages_after.items() if k.startswith("link/"))

    # with data now, a second restore is refused unless --replace
    refused = site.manage("restore", str(archive), check=False, env=env)
    assert refused.returncode == 2 and "--replace" in refused.stderr


def test_a_sqlite_backup_is_refused_by_a_postgresql_site(laptop, pg_database, tmp_path):
    archive = tmp_path / "laptop.zip"
    laptop.manage("backup", "-o", str(archive))
    site = pg_database("cross")
    site.manage("migrate", "--noinput")
    done = site.manage("restore", str(archive), check=False)
    assert done.returncode == 2
    assert "export_club and import_club" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
