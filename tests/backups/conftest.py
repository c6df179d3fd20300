"""Sites of their own for the backup tests: each a var folder and a database, driven
through manage.py in a subprocess, as an admin would.

- ``release_site``: the committed fixture (tests/fixtures/troef-0.1.sqlite3.gz: seed_demo,
  a finished evening, a correction and a saved dispute, made by Troef 0.1) migrated
  forward to this code: a laptop site with a club's history. Made once per session; tests
  copy it.
- ``pg_databases``: under make test-services, PostgreSQL databases of their own
  (test_<name>_<suffix>), dropped at the end.

The commands speak the terminal's language (config.terminal), and backups' own messages
the active language; these tests read their English words, so the system's locale is
English here (LANGUAGE=en, also in each subprocess) and so is the active language.
test_command_language.py checks the other languages and the choice itself.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.utils import translation

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "troef-0.1.sqlite3.gz"
SERVICES = bool(os.environ.get("TROEF_TEST_SERVICES"))


@dataclass
class Site:
    var: Path
    database_url: str

    @property
    def env(self) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("SECRET_KEY", "DJANGO_SETTINGS_MODULE", "MEDIA_ROOT", "STATIC_ROOT")
        }
        env.update(
            DATABASE_URL=self.database_url,
            TROEF_VAR_DIR=str(self.var),
            DJANGO_SETTINGS_MODULE="config.settings",
            HTTPS="0",
            DEBUG="0",
        )
        return env

    def manage(self, *args: str, check: bool = True, env: dict | None = None):
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT, env={**self.env, **(env or {})}, capture_output=True, text=True,
            check=False, timeout=900,
        )  # fmt: skip
        if check and done.returncode != 0:
            raise AssertionError(f"manage.py {' '.join(args)}: {done.returncode}\n{done.stderr}")
        return done

    def pages(self, *slugs: str, open_tokens: dict | None = None) -> dict[str, str]:
        out = self.var / "pages.json"
        env = self.env
        if open_tokens is not None:
            tokens = self.var / "tokens.json"
            tokens.write_text(json.dumps(open_tokens))
            env["OPEN_TOKENS"] = str(tokens)
        subprocess.run(
            [sys.executable, "tests/backups/site_pages.py", str(out), *slugs],
            cwd=ROOT, env=env, check=True, timeout=900,
        )  # fmt: skip
        return json.loads(out.read_text(encoding="utf-8"))

    @property
    def media(self) -> Path:
        return self.var / "media"

    @property
    def sqlite_file(self) -> Path:
        return Path(urlsplit(self.database_url).path)


def sqlite_site(folder: Path) -> Site:
    folder.mkdir(parents=True, exist_ok=True)
    return Site(folder, f"sqlite:///{folder / 'troef.sqlite3'}")


def sqlite_rows(path: Path) -> dict[str, list]:
    """Every row of every table, sorted: the database's whole content."""
    db = sqlite3.connect(path)
    try:
        tables = [
            n for (n,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
            )
        ]  # fmt: skip
        return {
            t: sorted(db.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr)  # noqa: S608
            for t in tables
        }
    finally:
        db.close()


def pg_rows(url: str) -> dict[str, list]:
    import psycopg

    with psycopg.connect(url) as db, db.cursor() as cursor:
        cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        tables = [t for (t,) in cursor.fetchall()]
        rows = {}
        for t in tables:
            cursor.execute(f'SELECT * FROM "{t}"')  # noqa: S608
            rows[t] = sorted(cursor.fetchall(), key=repr)
        return rows


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    with translation.override("en"):
        yield


@pytest.fixture(scope="session")
def release_site(tmp_path_factory) -> Site:
    """The release fixture migrated forward, with a generated pack in its media folder."""
    site = sqlite_site(tmp_path_factory.mktemp("release-site"))
    site.sqlite_file.write_bytes(gzip.decompress(FIXTURE.read_bytes()))
    site.manage("migrate", "--noinput")
    (site.media / "packs").mkdir(parents=True)
    # Closed here, not whenever the garbage collector gets to it: closing the last
    # connection removes the -wal file, which a copy of the folder must not see vanish.
    with closing(sqlite3.connect(site.sqlite_file)) as db:
        slug = db.execute(
            "SELECT slug FROM tournaments_tournament WHERE name='Clubavond vandaag' LIMIT 1"
        ).fetchone()[0]
    site.manage("print_round", slug, "1", "-o", str(site.media / "packs" / "evening.pdf"))
    return site


@pytest.fixture
def laptop(release_site, tmp_path) -> Site:
    """A copy of the release site to change at will."""
    site = sqlite_site(tmp_path / "laptop")
    shutil.copytree(release_site.var, site.var, dirs_exist_ok=True)
    return site


@pytest.fixture
def empty_sqlite_site(tmp_path) -> Site:
    site = sqlite_site(tmp_path / "empty")
    site.manage("migrate", "--noinput")
    return site


def _pg_url(name: str) -> str:
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture
def pg_database(tmp_path):
    """make_db(suffix) -> Site on a new PostgreSQL database test_<base>_<suffix>."""
    if not SERVICES:
        pytest.skip("needs PostgreSQL: make test-services")
    import psycopg

    base = urlsplit(os.environ["DATABASE_URL"]).path.lstrip("/")
    made = []

    def make(suffix: str) -> Site:
        # The test process's name too: under pytest-xdist each has its own databases.
        worker = os.environ.get("PYTEST_XDIST_WORKER", "")
        name = f"test_{base}_{worker}_{suffix}" if worker else f"test_{base}_{suffix}"
        with psycopg.connect(_pg_url("postgres"), autocommit=True) as db:
            db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            db.execute(f'CREATE DATABASE "{name}"')
        made.append(name)
        folder = tmp_path / f"pg-{suffix}"
        folder.mkdir()
        return Site(folder, _pg_url(name))

    yield make
    with psycopg.connect(_pg_url("postgres"), autocommit=True) as db:
        for name in made:
            db.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
