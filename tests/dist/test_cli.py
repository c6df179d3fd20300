"""The troef command (config.cli) in this process: its subcommands are the management
commands, a bad one is one line and exit status 2, `troef` alone opens the browser once
the site answers; and where an installed troef keeps its data (config.env)."""

from __future__ import annotations

import http.server
import threading
from pathlib import Path

import pytest
from django.core.management import get_commands

from config import cli, env

ROOT = Path(__file__).resolve().parents[2]


def test_each_subcommand_is_a_management_command():
    commands = get_commands()
    assert [name for name in cli.COMMANDS.values() if name not in commands] == []


def test_help_names_every_subcommand_and_the_data_folder(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("TROEF_VAR_DIR", str(tmp_path))
    cli.main(["--help"])
    shown = capsys.readouterr().out
    for name in [*cli.COMMANDS, "manage"]:
        assert f"  {name} " in shown or f"troef {name}" in shown, name
    assert f"Data folder: {tmp_path}" in shown


@pytest.mark.parametrize("args", [["hlep"], ["export_club"], ["runserver"]])
def test_an_unknown_command_is_one_line_and_status_2(args, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(args)
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith(f"troef: unknown command {args[0]!r}")
    assert error.count("\n") == 1


def test_a_subcommand_passes_its_arguments_to_its_management_command(monkeypatch):
    ran = []
    monkeypatch.setattr(cli, "_django", ran.append)
    cli.main(["export-club", "rooi", "-o", "rooi.zip"])
    cli.main(["check-hand", "-"])
    cli.main(["manage", "createsuperuser", "--username", "ans"])
    cli.main(["venue", "--demo", "--port", "8123"])
    assert ran == [
        ["export_club", "rooi", "-o", "rooi.zip"],
        ["check_hand", "-"],
        ["createsuperuser", "--username", "ans"],
        ["venue", "--demo", "--port", "8123"],
    ]


def test_bad_arguments_of_a_subcommand_are_one_line_and_status_2(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["backup", "--no-such-option"])
    assert stop.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "--no-such-option" in error


def test_troef_alone_runs_the_venue_with_its_options(monkeypatch):
    ran, opened = [], []
    monkeypatch.setattr(cli, "_django", ran.append)
    monkeypatch.setattr(cli, "_open_when_answering", opened.append)
    cli.main([])
    cli.main(["--demo", "--port", "8123", "--no-browser"])
    cli.main(["--port=8124"])
    assert ran == [["venue"], ["venue", "--demo", "--port", "8123"], ["venue", "--port=8124"]]
    assert opened == ["http://127.0.0.1:8000/", "http://127.0.0.1:8124/"]


def test_the_browser_opens_once_the_site_answers(monkeypatch):
    """Not while nothing answers on the port; then at once."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    server.server_close()  # the port, with nothing listening yet
    probed = threading.Event()
    answers = cli._answers

    def probe(address):
        result = answers(address)
        probed.set()
        return result

    opened = []
    monkeypatch.setattr(cli, "_answers", probe)
    monkeypatch.setattr(cli.webbrowser, "open", opened.append)
    opener = threading.Thread(target=cli._open_when_answering, args=(url, 120))
    opener.start()
    assert probed.wait(30)
    assert opened == []
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", int(url.rsplit(":", 1)[1].strip("/"))), http.server.BaseHTTPRequestHandler
    )
    with server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        opener.join(60)
        server.shutdown()
    assert opened == [url]  # a 501 of the bare handler is an answer too


# --- the data folder ------------------------------------------------------------------


def test_a_checkout_keeps_its_var_folder():
    assert env.is_checkout(ROOT)
    assert env.default_var_dir(ROOT) == ROOT / "var"
    assert env.site_dir(ROOT) == ROOT


def test_an_installed_troef_keeps_its_data_in_the_users_data_folder(monkeypatch, tmp_path):
    """platformdirs' user data folder: ~/.local/share/troef on Linux (where this runs);
    %LOCALAPPDATA%\\Troef on Windows and ~/Library/Application Support/Troef on macOS."""
    installed = tmp_path / "site-packages"
    (installed / "config").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert not env.is_checkout(installed)
    assert env.site_dir(installed) == installed / "troef_site"
    assert env.default_var_dir(installed) == tmp_path / "home" / ".local" / "share" / "troef"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert env.default_var_dir(installed) == tmp_path / "data" / "troef"
