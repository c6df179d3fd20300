"""Database faults told in one line: a database that cannot be reached or used (for
manage.py, which then stops with exit status 2), or one that refuses writes or does not
answer (for the site's 503 page, clubs.middleware)."""

from __future__ import annotations

from collections.abc import Iterator

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, InterfaceError, OperationalError, connections
from django.db.utils import load_backend

#: PostgreSQL's read_only_sql_transaction: a standby, or a database set read-only.
READ_ONLY_SQLSTATE = "25006"


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0].strip() if text else type(error).__name__


def _first_sentence(error: BaseException) -> str:
    return _first_line(error).split(". ")[0].rstrip(".")


def _chain(error: BaseException) -> Iterator[BaseException]:
    """`error` and the errors it was raised from or while handling."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def is_read_only_error(error: BaseException) -> bool:
    """Is `error` the database refusing a write because it is read-only? (SQLite: the
    file cannot be written; PostgreSQL: a standby or a read-only database.)"""
    if not isinstance(error, DatabaseError):
        return False
    if getattr(error.__cause__, "sqlstate", None) == READ_ONLY_SQLSTATE:
        return True
    return "readonly database" in str(error).lower()  # SQLITE_READONLY


def is_unreachable_error(error: BaseException, alias: str = DEFAULT_DB_ALIAS) -> bool:
    """Is `error` (or what it was raised from) the database not answering: no connection
    could be made (refused, no such host, a SQLite file that cannot be opened) or the one
    there was broke off? Not a lock, a missing table or a refused write: those come on a
    connection that works."""
    for cause in _chain(error):
        if isinstance(cause, (OperationalError, InterfaceError)):
            raw = connections[alias].connection
            return raw is None or bool(getattr(raw, "closed", False))
    return False


def first_line(error: BaseException) -> str:
    """The first line of `error`'s text (its class's name when it has none), for a log."""
    return _first_line(error)


def database_name(alias: str = DEFAULT_DB_ALIAS) -> str:
    """The database as an admin finds it: the SQLite file, or name and host (never the
    password that DATABASE_URL may hold)."""
    connection = connections[alias]
    config = connection.settings_dict
    if connection.vendor == "sqlite":
        return str(config["NAME"])
    host = f"{config.get('HOST') or 'localhost'}:{config.get('PORT') or 'default port'}"
    return f"{connection.vendor} database {config['NAME']} on {host}"


def _backend_problem() -> str | None:
    """Why the configured database backend cannot be loaded (its driver is not
    installed, or there is no such backend), or None."""
    try:
        engine = settings.DATABASES[DEFAULT_DB_ALIAS]["ENGINE"]
    except Exception:  # the settings themselves are broken: not DATABASE_URL's to tell
        return None
    try:
        load_backend(engine)
    except Exception as problem:  # ImproperlyConfigured, or the driver's ImportError
        return (
            f"DATABASE_URL is not usable: the database backend {engine} cannot be loaded "
            f"({_first_sentence(problem)})"
        )
    return None


def _connection_problem(error: DatabaseError) -> str | None:
    """Why the database cannot be reached or written, when asking it again fails the
    same way; None when a fresh connection works (a missing table, a lock: not about
    DATABASE_URL)."""
    if is_read_only_error(error):
        return f"DATABASE_URL: the database cannot be written ({database_name()})"
    connection = connections[DEFAULT_DB_ALIAS]
    try:
        connection.close()
        connection.ensure_connection()
    except DatabaseError as problem:
        return f"DATABASE_URL cannot be reached: {_first_line(problem)}"
    return None


def database_problem(error: BaseException) -> str | None:
    """One line naming DATABASE_URL when `error` comes from a database Troef cannot
    use (no driver for it, no such backend), cannot reach, or cannot write; None when
    the database is fine and `error` is something else."""
    problem = _backend_problem()
    if problem is not None:
        return problem
    for cause in _chain(error):
        if isinstance(cause, DatabaseError):
            return _connection_problem(cause)
    return None
