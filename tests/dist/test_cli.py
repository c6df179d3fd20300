"""The troef command (config.cli) in this process: its subcommands are the management
commands, a bad one is one line and exit status 2, `troef` alone opens the browser once
its venue serves; and where an installed troef keeps its data (config.env)."""

from __future__ import annotations

import json
import os
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
    monkeypatch.setattr(cli, "_open_when_serving", opened.append)
    cli.main([])
    cli.main(["--demo", "--port", "8123", "--no-browser"])
    cli.main(["--port=8124"])
    assert ran == [["venue"], ["venue", "--demo", "--port", "8123"], ["venue", "--port=8124"]]
    assert opened == ["http://127.0.0.1:8000/", "http://127.0.0.1:8124/"]


def test_the_browser_opens_once_this_venue_serves(monkeypatch, tmp_path):
    """Not before its run-file names this process (as the venue writes it once its web
    server answers), nor for the run-file of another venue; then at once."""
    monkeypatch.setenv("TROEF_VAR_DIR", str(tmp_path))
    run_file = tmp_path / "venue.json"
    looked = threading.Semaphore(0)
    serving = cli._serving

    def look(path):
        result = serving(path)
        looked.release()
        return result

    opened = []
    monkeypatch.setattr(cli, "_serving", look)
    monkeypatch.setattr(cli.webbrowser, "open", opened.append)
    url = "http://127.0.0.1:8123/"
    opener = threading.Thread(target=cli._open_when_serving, args=(url, 120))
    opener.start()
    assert looked.acquire(timeout=30)
    run_file.write_text(json.dumps({"url": url, "pid": os.getpid() + 1}), encoding="utf-8")
    for _ in range(2):  # one look may have begun before the file was there
        assert looked.acquire(timeout=30)
    assert opened == []
    run_file.write_text(json.dumps({"url": url, "pid": os.getpid()}), encoding="utf-8")
    opener.join(60)
    assert opened == [url]


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
