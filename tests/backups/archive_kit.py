"""Tools for the crafted-archive tests: run a backup command in this process as an admin
would (its exit status, standard output and standard error), the database's whole
content to compare before and after, and zip files built member by member."""

from __future__ import annotations

import io
import stat
import zipfile
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from django.core.management import call_command
from django.db import connection


@dataclass
class Done:
    code: int
    out: str
    err: str

    @property
    def one_line(self) -> bool:
        lines = self.err.strip().splitlines()
        return len(lines) == 1 and "Traceback" not in self.err


def run(*args: str) -> Done:
    """A management command in this process: a traceback fails the test itself."""
    out, err = io.StringIO(), io.StringIO()
    code = 0
    with redirect_stdout(out), redirect_stderr(err):
        try:
            call_command(*args)
        except SystemExit as exit_:
            code = exit_.code
    return Done(code, out.getvalue(), err.getvalue())


def database_rows() -> dict[str, list]:
    """Every row of every table, sorted: the database's whole content."""
    with connection.cursor() as cursor:
        rows = {}
        for table in sorted(connection.introspection.table_names(cursor)):
            cursor.execute(f'SELECT * FROM "{table}"')  # noqa: S608
            rows[table] = sorted(cursor.fetchall(), key=repr)
    return rows


@dataclass
class Member:
    name: str
    content: bytes
    link: bool = False
    encrypted: bool = False
    compress: int = zipfile.ZIP_DEFLATED


def write_zip(path: Path, members: list[Member]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for member in members:
            info = zipfile.ZipInfo(member.name, date_time=(2026, 12, 6, 12, 0, 0))
            info.compress_type = member.compress
            if member.link:
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, member.content)
            if member.encrypted:
                info.flag_bits |= 0x1  # written into the central directory on close
    return path


def deep(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


def shrink_declared_size(path: Path, name: str, size: int) -> None:
    """Make the central directory say `name` unpacks to `size` bytes (a lying header)."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(name)
    encoded = name.encode()
    start = 0
    while True:
        at = data.find(b"PK\x01\x02", start)
        if at < 0:
            raise AssertionError(f"{name} not in the central directory")
        length = int.from_bytes(data[at + 28 : at + 30], "little")
        if bytes(data[at + 46 : at + 46 + length]) == encoded:
            break
        start = at + 4
    assert int.from_bytes(data[at + 24 : at + 28], "little") == info.file_size
    data[at + 24 : at + 28] = size.to_bytes(4, "little")
    path.write_bytes(bytes(data))
