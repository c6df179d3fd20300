"""Bad start-up input: one clear line on standard error and exit status 2, before
anything is set up (no database is made)."""

from __future__ import annotations

import socket

import pytest

from .helpers import PHONES_IP, free_port, manage


def _refused(tmp_path, *args: str) -> str:
    done = manage(tmp_path / "var", "venue", "--no-mdns", *args, timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 2, (done.stdout, err)
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "var" / "troef.sqlite3").exists()  # nothing was set up
    return err


def test_a_port_in_use(tmp_path):
    port = free_port()
    with socket.socket() as taken:
        taken.bind((PHONES_IP, port))
        taken.listen()
        err = _refused(tmp_path, "--host", PHONES_IP, "--port", str(port))
    assert err.startswith(f"venue: --port: port {port} on {PHONES_IP} is in use"), err


def test_an_address_this_machine_does_not_have(tmp_path):
    # 203.0.113.0/24 is reserved for documentation: no machine has it.
    err = _refused(tmp_path, "--host", "203.0.113.7", "--port", str(free_port()))
    assert err == "venue: --host: 203.0.113.7 is not an address of this machine\n"


@pytest.mark.parametrize("port", ["http", "0", "70000"])
def test_a_port_that_is_no_port(tmp_path, port):
    err = _refused(tmp_path, "--host", PHONES_IP, "--port", port)
    assert err.startswith("venue: --port: must be a port number from 1 to 65535"), err


def test_an_unknown_option(tmp_path):
    err = _refused(tmp_path, "--hots", PHONES_IP)
    assert "--hots" in err
