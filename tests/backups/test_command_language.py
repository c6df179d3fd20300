"""backup, restore, export_club and import_club speak the terminal's language (issue 38):
--lang, then the system's locale, then Dutch (config.terminal); their words, the archive
refusals too, come from the site's catalogues. The one-line errors keep their form: one
line, exit status 2. Most run in this process on the test database; a restore that
succeeds runs on a site of its own (conftest.Site)."""

from __future__ import annotations

import io
import json
import zipfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings

from backups.clubs import club_delete
from config import cli

from .archive_kit import Member, run, write_zip

#: The variables the system's locale is read from (config.terminal.system_language).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def system(monkeypatch):
    """No system language (none of the locale variables set), to set one at will."""
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def error_of(*args: str) -> str:
    """The command's one line on standard error, with exit status 2."""
    done = run(*args)
    assert done.code == 2, (done.code, done.out, done.err)
    assert done.one_line, done.err
    return done.err


def linked(path: Path) -> Path:
    return write_zip(path, [Member("media/packs/a.pdf", b"x", link=True)])


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "nl",
            {
                "exported": "rooi.zip: Spellenclub Rooi geëxporteerd",
                "imported": "Spellenclub Rooi geïmporteerd als 'rooi': ",
                "login": "inlog 'player' bestaat op deze site: die van de club is 'player-rooi'",
                "no club": "export_club: SLUG: geen club 'nergens' op deze site",
                "folder": "is een map",
                "taken": "een club met de korte naam 'veghel' staat al op deze site",
                "foreign": "geweigerd, het archief bevat rijen van 'auth.user'",
                "not zip": "geen back-up van Troef (geen zip-archief)",
                "link": "geweigerd, het bestand 'media/packs/a.pdf' in het archief is een link",
            },
        ),
        (
            "de",
            {
                "exported": "rooi.zip: Spellenclub Rooi exportiert",
                "imported": "Spellenclub Rooi importiert als 'rooi': ",
                "login": "Zugang 'player' gibt es auf dieser Seite: der des Vereins ist "
                "'player-rooi'",
                "no club": "export_club: SLUG: kein Verein 'nergens' auf dieser Seite",
                "folder": "ist ein Ordner",
                "taken": "ein Verein mit dem Kurznamen 'veghel' ist schon auf dieser Seite",
                "foreign": "abgelehnt, das Archiv enthält Zeilen von 'auth.user'",
                "not zip": "keine Troef-Sicherung (kein ZIP-Archiv)",
                "link": "abgelehnt, die Datei 'media/packs/a.pdf' im Archiv ist ein Link",
            },
        ),
    ],
)
def test_each_command_speaks_the_language_asked_for(lang, words, two_clubs, tmp_path, system):
    system.setenv("LANG", "en_GB.UTF-8")  # --lang wins over it
    archive = tmp_path / "rooi.zip"

    done = run("export_club", "rooi", "-o", str(archive), "--with-logins", "--lang", lang)
    assert done.code == 0, done.err
    assert done.out.strip().endswith(words["exported"])
    assert words["no club"] in error_of("export_club", "nergens", "-o", "x.zip", "--lang", lang)

    assert words["taken"] in error_of("import_club", str(archive), "--slug", "veghel",
                                      "--lang", lang)  # fmt: skip
    with zipfile.ZipFile(archive) as source:
        members = {name: source.read(name) for name in source.namelist()}
    data = json.loads(members["data.json"])
    data["models"]["auth.user"] = []
    crafted = write_zip(tmp_path / "crafted.zip", [
        Member(name, json.dumps(data).encode() if name == "data.json" else content)
        for name, content in members.items()
    ])  # fmt: skip
    assert words["foreign"] in error_of("import_club", str(crafted), "--lang", lang)
    club_delete(club=two_clubs.a)
    get_user_model().objects.get_or_create(username="player")  # someone else here now
    done = run("import_club", str(archive), "--lang", lang)
    assert done.code == 0, done.err
    assert done.out.startswith(words["imported"])
    assert words["login"] in done.out

    assert words["folder"] in error_of("backup", "-o", str(tmp_path), "--lang", lang)
    notes = tmp_path / "notes.zip"
    notes.write_text("not a zip archive")
    assert words["not zip"] in error_of("restore", str(notes), "--lang", lang)
    assert words["link"] in error_of("restore", str(linked(tmp_path / "l.zip")), "--lang", lang)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("nl", "geweigerd, het bestand 'media/big' in het archief pakt uit tot 2.0 MB, meer "
               "dan de grens van 1000 bytes"),
        ("de", "abgelehnt, die Datei 'media/big' im Archiv entpackt sich zu 2.0 MB, mehr als "
               "die Grenze von 1000 Byte"),
        ("en", "refused, the archive's file 'media/big' unpacks to 2.0 MB, more than the "
               "limit of 1000 bytes"),
    ],
)  # fmt: skip
def test_a_refusal_names_the_file_and_its_sizes_in_the_sentence(lang, words, tmp_path, system):
    big = write_zip(tmp_path / "big.zip", [Member("media/big", b"0" * (2 << 20))])
    with override_settings(ARCHIVE_FILE_MAX_BYTES=1000):
        error = error_of("restore", str(big), "--lang", lang)
    assert error == f"restore: {big}: {words}\n"


@pytest.mark.django_db
def test_lang_wins_over_the_system_and_the_system_over_dutch(two_clubs, system):
    args = ("export_club", "nergens", "-o", "x.zip")
    system.setenv("LANG", "de_DE.UTF-8")
    assert "no club 'nergens' on this site" in error_of(*args, "--lang", "en")
    assert "kein Verein 'nergens'" in error_of(*args)
    system.setenv("LANGUAGE", "en")  # gettext's order: LANGUAGE first
    assert "no club 'nergens' on this site" in error_of(*args)
    system.setenv("LANG", "fr_FR.UTF-8")  # a language Troef does not speak: Dutch
    system.delenv("LANGUAGE")
    assert "geen club 'nergens'" in error_of(*args)
    system.delenv("LANG")  # none at all: Dutch
    assert "geen club 'nergens'" in error_of(*args)


@pytest.mark.django_db
def test_the_language_is_the_commands_own_for_its_run(two_clubs, system):
    """A command's language does not stay behind in the process (the tests, a venue)."""
    from django.utils import translation

    with translation.override("en"):
        error_of("export_club", "nergens", "-o", "x.zip", "--lang", "de")
        assert translation.get_language() == "en"


@pytest.mark.django_db
def test_troef_passes_lang_through_and_reads_the_system(two_clubs, tmp_path, system):
    def troef(*args: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err), pytest.raises(SystemExit) as stop:
            cli.main(list(args))
        return stop.value.code, out.getvalue(), err.getvalue()

    code, _, err = troef("import-club", str(tmp_path / "nergens.zip"), "--lang", "de")
    assert (code, err) == (2, f"import_club: {tmp_path / 'nergens.zip'}: diese Datei gibt es "
                              "nicht\n")  # fmt: skip
    system.setenv("LANG", "nl_NL.UTF-8")
    code, _, err = troef("import-club", str(linked(tmp_path / "l.zip")))
    assert code == 2
    assert err == (f"import_club: {tmp_path / 'l.zip'}: geweigerd, het bestand "
                   "'media/packs/a.pdf' in het archief is een link\n")  # fmt: skip


def test_a_restore_tells_what_it_did_in_the_language_asked_for(laptop, empty_sqlite_site,
                                                               tmp_path):  # fmt: skip
    archive = tmp_path / "laptop.zip"
    laptop.manage("backup", "-o", str(archive))
    done = empty_sqlite_site.manage("restore", str(archive), env={"LANGUAGE": "nl"})
    assert done.stdout.startswith(f"{archive} teruggezet (Troef ")
    refused = empty_sqlite_site.manage("restore", str(archive), check=False,
                                       env={"LANGUAGE": "nl"})  # fmt: skip
    assert refused.returncode == 2
    assert refused.stderr == (
        "restore: deze site heeft al gegevens: restore overschrijft ze alleen als je "
        "--replace toevoegt (dat maakt er eerst een back-up van)\n"
    )
    done = empty_sqlite_site.manage("restore", str(archive), "--replace", "--lang", "de",
                                    env={"LANGUAGE": "nl"})  # fmt: skip
    assert done.stdout.startswith(f"{archive} zurückgespielt (Troef ")
    assert "die ersetzten Daten liegen in " in done.stdout


@pytest.mark.django_db
def test_a_usage_error_comes_in_the_language_too(system, capsys):
    """argparse's own errors come before --lang is read: they take it from the command
    line, else the system's language; and stay one line with exit status 2."""
    with pytest.raises(SystemExit) as stop:
        cli.main(["restore", "--lang", "de"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == "restore: diese Argumente fehlen: FILE\n"
    with pytest.raises(SystemExit):
        cli.main(["export-club", "rooi", "-o", "x.zip", "--wat", "--lang=nl"])
    assert capsys.readouterr().err == "export_club: onbekende argumenten: --wat\n"

    assert error_of("restore") == "restore: deze argumenten ontbreken: FILE\n"  # no system's
    wrong = ("restore", "x.zip", "--lang", "fr")
    assert error_of(*wrong).startswith("restore: argument --lang: ongeldige keuze: 'fr' (kies uit")
    system.setenv("LANG", "en_US.UTF-8")
    assert error_of(*wrong).startswith("restore: argument --lang: invalid choice: 'fr' (choose")
