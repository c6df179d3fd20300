"""The venue's parts that need no server: which address phones get, the host names it
answers to, the run-file that points printed QR codes to it, the headers and the log."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys

import ifaddr
import pytest
from django.test import RequestFactory

from config.site import FALLBACK_URL, site_url
from venue import network
from venue import runfile as site
from venue.log import OneLineForClientErrors
from venue.management.commands.venue import Command
from venue.middleware import permissions_policy


def adapter(name: str, *ips: str) -> ifaddr.Adapter:
    return ifaddr.Adapter(name, name, [ifaddr.IP(ip, 24, name) for ip in ips])


ADAPTERS = [
    adapter("lo", "127.0.0.1"),
    adapter("docker0", "172.17.0.1"),
    adapter("eth0", "10.0.0.5"),
    adapter("wlan0", "192.168.1.20"),
    adapter("tun0", "192.168.200.1"),
    adapter("eth1", "169.254.3.4"),
    ifaddr.Adapter("wlan0v6", "wlan0v6", [ifaddr.IP(("fe80::1", 0, 2), 64, "wlan0v6")]),
]


def test_the_wifi_address_comes_first_and_loopback_and_ipv6_are_left_out():
    found = [a.ip for a in network.addresses(ADAPTERS)]
    assert found == ["192.168.1.20", "10.0.0.5", "169.254.3.4", "192.168.200.1", "172.17.0.1"]


def _command() -> Command:
    return Command(stdout=io.StringIO(), stderr=io.StringIO())


def test_without_a_terminal_the_likeliest_address_is_taken_and_the_others_listed(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    command = _command()
    assert command.choose(network.addresses(ADAPTERS)) == "192.168.1.20"
    out = command.stdout._out.getvalue()
    assert "2. 10.0.0.5  (eth0)" in out
    assert "--host ADDRESS" in out


def test_at_a_terminal_the_director_picks_one(monkeypatch):
    stdin = io.StringIO("")
    stdin.isatty = lambda: True
    monkeypatch.setattr(sys, "stdin", stdin)
    answers = iter(["9", "x", "2"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    command = _command()
    assert command.choose(network.addresses(ADAPTERS)) == "10.0.0.5"
    assert command.stdout._out.getvalue().count("Type a number from 1 to 5.") == 2


def test_one_network_needs_no_question_and_none_falls_back_to_this_laptop():
    command = _command()
    assert command.choose(network.addresses([adapter("wlan0", "192.168.1.20")])) == ("192.168.1.20")
    assert command.choose([]) == "127.0.0.1"
    assert "hotspot" in command.stderr._out.getvalue()


def test_the_hosts_and_origins_it_answers_to():
    hosts = network.allowed_hosts(["192.168.1.20"])
    assert hosts[:5] == ["192.168.1.20", "127.0.0.1", "localhost", "[::1]", "troef.local"]
    assert network.origins(["192.168.1.20"], 8000) == ["http://192.168.1.20:8000"]
    assert network.url("192.168.1.20", 80) == "http://192.168.1.20"


def test_resolve_host():
    assert network.resolve_host("127.0.0.2") == "127.0.0.2"
    assert network.resolve_host("localhost") == "127.0.0.1"


# --- the run-file and the printed links' address ---------------------------------------


@pytest.fixture
def var(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    settings.TROEF_SITE_URL = ""
    settings.TROEF_VENUE_URL = ""
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    return tmp_path


def test_while_the_venue_runs_its_address_wins_over_the_browsers(var, settings):
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    assert site_url(request) == "http://127.0.0.1:8000"
    assert site_url() == FALLBACK_URL

    settings.TROEF_VENUE_URL = "http://192.168.1.20:8000"  # as manage.py venue sets it
    assert site_url(request) == "http://192.168.1.20:8000"
    assert site_url() == "http://192.168.1.20:8000"
    settings.TROEF_SITE_URL = "https://troef.example.nl/"
    assert site_url(request) == "http://192.168.1.20:8000"

    settings.TROEF_VENUE_URL = ""
    assert site_url(request) == "https://troef.example.nl"


def test_the_run_file_is_the_venues_own_while_it_runs(var):
    site.write_run_file("http://192.168.1.20:8000", os.getpid())
    assert site.venue_url() == "http://192.168.1.20:8000"
    site.remove_run_file(os.getpid() + 1)  # not its own: left alone
    assert site.run_file().exists()
    site.remove_run_file(os.getpid())
    assert not site.run_file().exists()
    assert site.venue_url() is None


def test_a_run_file_left_by_a_process_that_is_gone_counts_for_nothing(var):
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    site.write_run_file("http://192.168.1.20:8000", int(gone.stdout))
    assert site.venue_url() is None
    site.run_file().write_text("not json")
    assert site.venue_url() is None


# --- headers and the log -----------------------------------------------------------------


def test_permissions_policy_header():
    assert permissions_policy({"camera": [], "geolocation": ["self"]}) == (
        "camera=(), geolocation=(self)"
    )


def test_client_errors_lose_their_traceback_server_errors_keep_it():
    try:
        raise PermissionError("no")
    except PermissionError:
        exc_info = sys.exc_info()
    one_line = OneLineForClientErrors()
    for status, kept in [(403, False), (404, False), (400, False), (500, True), (None, True)]:
        record = logging.LogRecord("django.request", logging.WARNING, "x", 1, "m", (), exc_info)
        if status is not None:
            record.status_code = status
        assert one_line.filter(record)
        assert (record.exc_info is not None) is kept, status


def test_every_page_has_the_csp_and_permissions_policy_headers(client, db):
    answer = client.get("/")
    assert "script-src 'self'" in answer["Content-Security-Policy"]
    assert "geolocation=()" in answer["Permissions-Policy"]


# --- mDNS: where the network does not allow it, one line and the venue goes on ----------


def test_mdns_that_fails_is_one_line(monkeypatch):
    import zeroconf

    from venue.management.commands.venue import Venue
    from venue.mdns import MdnsHook

    def no_multicast(*args, **kwargs):
        raise OSError("no multicast here")

    monkeypatch.setattr(zeroconf, "Zeroconf", no_multicast)
    command = _command()
    hook = MdnsHook(command)
    hook.start(
        Venue(url="http://192.168.1.20:8000", listen=[], env={}, port=8000, ip="192.168.1.20")
    )
    hook.thread.join(timeout=30)
    hook.stop()
    err = command.stderr._out.getvalue()
    assert err == (
        "venue: troef.local could not be announced (no multicast here); "
        "phones use the address above.\n"
    )

    loopback = MdnsHook(command)
    loopback.start(Venue(url="http://127.0.0.1:8000", listen=[], env={}, port=8000, ip="127.0.0.1"))
    assert loopback.thread is None
    assert "not announced" in command.stdout._out.getvalue()
