"""Settings read from the environment: deploy check, secret key, SQLite, broker."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from config.env import ConfigError, env_bool, secret_key

ROOT = Path(__file__).resolve().parents[2]


def manage(*args, env: dict, tmp_path: Path) -> subprocess.CompletedProcess:
    clean = {
        key: value
        for key, value in os.environ.items()
        if key
        not in {
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "SECRET_KEY",
            "DEBUG",
            "ALLOWED_HOSTS",
            "HTTPS",
        }
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**clean, "TROEF_VAR_DIR": str(tmp_path / "var"), **env},
        timeout=120,
        check=False,
    )


PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k" * 20 + "x9#Qv2!mZ7rT4pL0aW8sE3dF6gH1jK5nB",
    "ALLOWED_HOSTS": "troef.example.nl",
}


def test_deploy_check_passes_with_production_settings(tmp_path):
    result = manage(
        "check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION, tmp_path=tmp_path
    )
    assert result.returncode == 0, result.stderr + result.stdout


def test_deploy_check_fails_with_a_short_secret_key(tmp_path):
    # The check is real: a key too short for production makes it fail.
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={**PRODUCTION, "SECRET_KEY": "short"},
        tmp_path=tmp_path,
    )
    assert result.returncode != 0
    assert "security.W009" in result.stderr + result.stdout


def test_secret_key_is_generated_once_and_kept(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = secret_key(tmp_path)
    assert len(first) >= 50
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    assert secret_key(tmp_path) == first
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert secret_key(tmp_path) == "from-the-environment"


def test_a_fresh_checkout_starts_without_a_secret_key(tmp_path):
    script = "from django.conf import settings; print(settings.SECRET_KEY)"
    first = manage("shell", "--no-imports", "-c", script, env={"DEBUG": "1"}, tmp_path=tmp_path)
    second = manage("shell", "--no-imports", "-c", script, env={"DEBUG": "1"}, tmp_path=tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == second.stdout.strip()
    assert (tmp_path / "var" / "secret_key").read_text().strip() == first.stdout.strip()


def test_default_database_is_sqlite_in_wal_with_immediate_transactions(tmp_path):
    script = (
        "from django.db import connection as c; c.ensure_connection();"
        "print(c.vendor, c.transaction_mode, c.settings_dict['NAME']);"
        "cur = c.cursor(); cur.execute('PRAGMA journal_mode');"
        "print(cur.fetchone()[0])"
    )
    result = manage("shell", "--no-imports", "-c", script, env={"DEBUG": "1"}, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    first, second = result.stdout.split("\n")[:2]
    assert first == f"sqlite IMMEDIATE {tmp_path / 'var' / 'troef.sqlite3'}"
    assert second == "wal"


def test_default_broker_is_the_filesystem_under_var(tmp_path):
    script = (
        "from config.celery import app; o = app.conf.broker_transport_options;"
        "print(app.conf.broker_url, o['data_folder_in'], o['control_folder'])"
    )
    result = manage("shell", "--no-imports", "-c", script, env={"DEBUG": "1"}, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "filesystem://",
        str(tmp_path / "var/celery/queue"),
        str(tmp_path / "var/celery/control"),
    ]


def test_a_bad_environment_value_is_named(monkeypatch):
    monkeypatch.setenv("DEBUG", "perhaps")
    with pytest.raises(ConfigError, match="DEBUG must be 0 or 1"):
        env_bool("DEBUG", False)


def test_a_bad_log_level_stops_with_one_line(tmp_path):
    result = manage("check", env={"DEBUG": "1", "LOG_LEVEL": "bogus"}, tmp_path=tmp_path)
    assert result.returncode == 2  # manage.py's exit status for a bad setting
    assert "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL" in result.stderr
    assert "Traceback" not in result.stderr
    ok = manage("check", env={"DEBUG": "1", "LOG_LEVEL": "info"}, tmp_path=tmp_path)
    assert ok.returncode == 0, ok.stderr


def test_a_bad_database_url_stops_with_one_line(tmp_path):
    result = manage("check", env={"DEBUG": "1", "DATABASE_URL": "nosuchdb://x"}, tmp_path=tmp_path)
    assert result.returncode != 0
    assert "DATABASE_URL is not usable" in result.stderr
    assert "Traceback" not in result.stderr


def test_migrations_match_the_models(db):
    from django.core.management import call_command

    # Exits with SystemExit(1) when a model change has no migration.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


#: DATABASE_URLs Troef cannot use: nothing listens there, no such host, a driver that
#: is not installed, a backend that does not exist, a folder that cannot be made.
UNUSABLE_DATABASES = [
    "postgres://nobody:s3cret-pw@127.0.0.1:1/x",
    "postgres://nobody:s3cret-pw@no-such-host.invalid/x",
    "mysql://nobody:s3cret-pw@127.0.0.1/x",
    "mssql://nobody:s3cret-pw@127.0.0.1/x",
    "sqlite:////proc/no-such-folder/troef.sqlite3",
]


@pytest.mark.parametrize("command", [["migrate"], ["seed_demo"]])
@pytest.mark.parametrize("url", UNUSABLE_DATABASES)
def test_an_unusable_database_stops_commands_with_one_line(tmp_path, command, url):
    result = manage(*command, env={"DEBUG": "1", "DATABASE_URL": url}, tmp_path=tmp_path)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("troef: DATABASE_URL ")
    assert "s3cret-pw" not in line  # the password in the URL is never printed


def test_other_database_errors_are_not_blamed_on_database_url(tmp_path):
    """A reachable database's own error (here a missing table) is shown as it is."""
    script = "from django.db import connection; connection.cursor().execute('SELECT * FROM nope')"
    result = manage("shell", "--no-imports", "-c", script, env={"DEBUG": "1"}, tmp_path=tmp_path)
    assert result.returncode == 1
    assert "no such table: nope" in result.stderr
    assert "DATABASE_URL" not in result.stderr


def test_commands_that_do_not_touch_the_database_still_run(tmp_path):
    url = "postgres://nobody@127.0.0.1:1/x"
    result = manage("check", env={"DEBUG": "1", "DATABASE_URL": url}, tmp_path=tmp_path)
    assert result.returncode == 0, result.stderr
