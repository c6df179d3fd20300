"""python manage.py print_round: a round's whole pack as a PDF without a worker, read
back (text and QR codes); a bad argument is one line naming it and exit status 2."""

from __future__ import annotations

import io
import os
import stat

import pytest
from django.core.management import call_command
from django.urls import resolve

from clubs.models import Club
from scoring.links import table_from_token
from tournaments.models import Tournament

from ..factories import EntryFactory, MemberFactory, TournamentFactory, seat_round
from ..sheets.pdf import page_count, pdf_text, qr_codes

BASE = "https://kaart.example.nl"


def _print(*args: str) -> str:
    out = io.StringIO()
    call_command("print_round", *args, stdout=out)
    return out.getvalue()


def _refused(capsys, *args: str) -> str:
    """The one line print_round writes on standard error before exiting with status 2."""
    with pytest.raises(SystemExit) as exit_:
        call_command("print_round", *args, stdout=io.StringIO())
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("print_round: ")
    return err


@pytest.fixture
def evening(two_clubs):
    """Club A's tournament with three tables of four and a bye in round 1."""
    club = two_clubs.a
    tournament = TournamentFactory(club=club, name="Najaarscompetitie")
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=club, name=f"Speler {n:02d}"))
        for n in range(13)
    ]
    round_ = seat_round(tournament, [entries[0:4], entries[4:8], entries[8:12]], byes=[entries[12]])
    return tournament, round_, entries


def test_writes_the_draw_list_then_a_sheet_per_table(evening, tmp_path):
    tournament, round_, entries = evening
    assert tournament.slug == "najaarscompetitie"
    target = tmp_path / "ronde-1.pdf"
    said = _print("najaarscompetitie", "1", "-o", str(target), "--base-url", BASE + "/")
    assert str(target) in said
    data = target.read_bytes()
    assert data.startswith(b"%PDF")
    pages = pdf_text(data)
    codes = qr_codes(data)
    tables = list(round_.tables.order_by("number"))
    # The draw list comes first and has everybody, the player sitting out too.
    draw = pages[0]
    for entry in entries:
        assert entry.name in draw
    # Then a page per table (Duizenden's sheet fits one page), each with its own names
    # and number, and a QR code that leads to that table's own result page.
    sheets = pages[-len(tables) :]
    assert len(pages) >= 1 + len(tables)
    for index, (table, text) in enumerate(zip(tables, sheets, strict=True)):
        names = [seat.entry.name for seat in table.seats.order_by("position")]
        for name in names:
            assert name in text
        for other in entries:
            if other.name not in names:
                assert other.name not in text
        assert f"Tafel\r\n{table.number}" in text
        (code,) = codes[len(pages) - len(tables) + index]
        assert code.startswith(BASE + "/t/")
        match = resolve(code.removeprefix(BASE))
        assert match.url_name == "table-link"
        assert table_from_token(match.kwargs["token"]) == table.pk
    assert not any(codes[: len(pages) - len(tables)])  # no codes on the draw list


def test_no_qr(evening, tmp_path):
    target = tmp_path / "zonder.pdf"
    _print("najaarscompetitie", "1", "-o", str(target), "--no-qr")
    data = target.read_bytes()
    assert page_count(data) >= 4
    assert not any(qr_codes(data))


def test_default_base_url_is_the_setting(evening, tmp_path, settings):
    # No venue runs from this var/ (a venue's address would come first, config.site):
    # one started by `make venue` beside the tests must not change what this checks.
    settings.VAR_DIR = tmp_path
    settings.TROEF_SITE_URL = "http://club.local:8000"
    target = tmp_path / "r.pdf"
    _print("najaarscompetitie", "1", "-o", str(target))
    codes = [code for page in qr_codes(target.read_bytes()) for code in page]
    assert len(codes) == 3
    assert all(code.startswith("http://club.local:8000/t/") for code in codes)


def test_dash_writes_to_standard_output(evening, capsysbinary):
    call_command("print_round", "najaarscompetitie", "1", "-o", "-", "--no-qr")
    data = capsysbinary.readouterr().out
    assert data.startswith(b"%PDF")
    assert "Speler 00" in pdf_text(data)[0]


def test_replaces_a_file_whole_and_leaves_no_temporary_file(evening, tmp_path):
    target = tmp_path / "pack.pdf"
    target.write_bytes(b"old")
    _print("najaarscompetitie", "1", "-o", str(target), "--no-qr")
    assert target.read_bytes().startswith(b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["pack.pdf"]
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["nergens", "1"], "TOURNAMENT_SLUG"),
        (["najaarscompetitie", "7"], "ROUND"),
        (["najaarscompetitie", "twee"], "ROUND"),
        (["najaarscompetitie", "0"], "ROUND"),
        (["najaarscompetitie", "-1"], "ROUND"),
        (["najaarscompetitie", "9" * 5000], "ROUND"),
        (["najaarscompetitie", "1", "--base-url", "ftp://club.nl"], "--base-url"),
        (["najaarscompetitie", "1", "--base-url", "club.nl"], "--base-url"),
        (["najaarscompetitie", "1", "--base-url", "http://"], "--base-url"),
        (["najaarscompetitie", "1", "--base-url", "http://club.nl:99999"], "--base-url"),
    ],
)
def test_bad_arguments(evening, tmp_path, capsys, args, named):
    target = tmp_path / "x.pdf"
    err = _refused(capsys, *args, "-o", str(target))
    assert err.startswith(f"print_round: {named}: ")
    assert not target.exists()


def test_bad_site_url_setting(evening, tmp_path, capsys, settings):
    settings.TROEF_SITE_URL = "not an address"
    err = _refused(capsys, "najaarscompetitie", "1", "-o", str(tmp_path / "x.pdf"))
    assert "TROEF_SITE_URL" in err


def test_unwritable_outputs(evening, tmp_path, capsys):
    err = _refused(capsys, "najaarscompetitie", "1", "-o", str(tmp_path / "nope" / "x.pdf"))
    assert err.startswith("print_round: -o:")
    err = _refused(capsys, "najaarscompetitie", "1", "-o", str(tmp_path))
    assert err.startswith("print_round: -o:")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):  # running as root: every folder can be written
            return
        err = _refused(capsys, "najaarscompetitie", "1", "-o", str(locked / "x.pdf"))
        assert err.startswith("print_round: -o:")
    finally:
        locked.chmod(0o700)


def test_missing_arguments_are_one_line_too(capsys):
    with pytest.raises(SystemExit) as exit_:
        call_command("print_round", "najaarscompetitie")
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ROUND" in err


def test_a_round_of_another_tournament_is_not_found(evening, two_clubs, tmp_path, capsys):
    other = TournamentFactory(club=two_clubs.b, name="Najaarscompetitie")
    assert other.slug == "najaarscompetitie-2026-11-27"
    err = _refused(capsys, other.slug, "1", "-o", str(tmp_path / "x.pdf"))
    assert err.startswith("print_round: ROUND:")


# Headings in the club's language. "Tafel"/"Tisch" and "Ronde"/"Runde" are the site's
# words already; the score sheet's heading comes with the translations of issue 7, in the
# project's terms (scoreblad, Spielzettel).
@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("nl", ["Tafel", "Ronde", "scoreblad"]),
        ("de", ["Tisch", "Runde", "spielzettel"]),
        ("en", ["Table", "Round", "score sheet"]),
    ],
)
def test_headings_in_the_clubs_language(evening, two_clubs, tmp_path, language, words):
    Club.objects.filter(pk=two_clubs.a.pk).update(language=language)
    target = tmp_path / "r.pdf"
    _print("najaarscompetitie", "1", "-o", str(target), "--no-qr")
    text = "\n".join(pdf_text(target.read_bytes()))
    for word in words:
        assert word in (text if word[0].isupper() else text.lower()), (language, word)
    assert Tournament.objects.get(slug="najaarscompetitie").club.language == language


@pytest.mark.django_db
def test_print_round_with_an_empty_slug_names_no_tournament(two_clubs, capsys, tmp_path):
    # Tournaments made in bulk (the benchmarks) have no slug: `print_round "" 1` printed
    # whichever of them came first.
    tournament = TournamentFactory(club=two_clubs.a, name="Grote avond")
    Tournament.objects.filter(pk=tournament.pk).update(slug="")
    entries = [EntryFactory(tournament=tournament) for _ in range(4)]
    seat_round(tournament, [entries])
    target = tmp_path / "pack.pdf"
    with pytest.raises(SystemExit) as exit_:
        call_command("print_round", "", "1", "-o", str(target), stdout=io.StringIO())
    assert exit_.value.code == 2
    assert capsys.readouterr().err == "print_round: TOURNAMENT_SLUG: no tournament ''\n"
    assert not target.exists()


class _FullDisk:
    """Standard output on a full disk."""

    class buffer:  # noqa: N801 - sys.stdout.buffer's name
        @staticmethod
        def write(data):
            raise OSError(28, "No space left on device")

        flush = write


@pytest.mark.django_db
def test_print_round_to_a_standard_output_that_cannot_be_written(two_clubs, capsys, monkeypatch):
    # `print_round SLUG 1 -o - > /dev/full` ended in a traceback.
    tournament = TournamentFactory(club=two_clubs.a, name="Vrijdagavond")
    seat_round(tournament, [[EntryFactory(tournament=tournament) for _ in range(4)]])
    monkeypatch.setattr("sys.stdout", _FullDisk())
    with pytest.raises(SystemExit) as exit_:
        call_command("print_round", tournament.slug, "1", "-o", "-", stdout=io.StringIO())
    assert exit_.value.code == 2
    assert capsys.readouterr().err == (
        "print_round: -o: cannot write to standard output: No space left on device\n"
    )
