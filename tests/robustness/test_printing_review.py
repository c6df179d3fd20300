"""What an outside review of the printed sheets found, each kept from coming back.

Read back from real PDFs (pypdfium2): where every character of a page lies, and its text.
"""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from scoring import jobs
from scoring.models import PrintJob
from scoring.sheets import (
    CardRound,
    DrawList,
    DrawTable,
    Header,
    PersonalCard,
    Player,
    Standings,
    StandingsRow,
    TableCards,
    TableSheet,
    render,
)
from scoring.sheets.base import LEFT, RIGHT
from tournaments.models import Tournament

from ..factories import EntryFactory, TournamentFactory, seat_round
from ..sheets.pdf import pdf_text, qr_codes, text_boxes

#: What the forms let through: a club and a tournament name of 100 characters, a member's
#: name of 100 characters without a space.
LONG_CLUB = "Kaart- en Spellenvereniging Sint-Oedenrode en Omstreken " + "W" * 44
LONG_TOURNAMENT = ("Najaarscompetitie Meierijse Kaartbond " * 3)[:100]
UNBROKEN = "W" * 100
LINK = "https://troef.example.nl/t/12:abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG/"


def char_boxes(data: bytes) -> list[list[tuple[str, float, float]]]:
    """Each page's printed characters with their left and right edges, in points."""
    return [[(char, box[0], box[2]) for char, box in page] for page in text_boxes(data)]


def header(**kwargs) -> Header:
    return Header(club=LONG_CLUB, tournament=LONG_TOURNAMENT, date="24 december 2026", **kwargs)


def players(count: int, *, sides: int | None = None) -> tuple[Player, ...]:
    names = [UNBROKEN, "Jo", "Anneke van den Heuvel", UNBROKEN, "Els", "Wim"]
    return tuple(
        Player(name=names[i], seat=i + 1, side=(i % sides) if sides else None) for i in range(count)
    )


DOCUMENTS = {
    "meierijen sheet": lambda: TableSheet(
        game="meierijen", header=header(round=1, table=7), players=players(4, sides=2), link=LINK
    ),
    "keezen sheet": lambda: TableSheet(
        game="keezen", header=header(round=1, table=7), players=players(6, sides=3), link=LINK
    ),
    "meino sheet": lambda: TableSheet(
        game="meino", header=header(round=1, table=7), players=players(6), link=LINK
    ),
    "draw list": lambda: DrawList(
        header=header(round=1),
        game="duizenden",
        tables=(DrawTable(number=1, players=players(4)),),
    ),
    "table cards": lambda: TableCards(
        header=header(round=1),
        game="duizenden",
        tables=(DrawTable(number=1, players=players(4)),),
    ),
    "standings": lambda: Standings(
        header=header(),
        title="Stand",
        columns=("Plaats", "Naam", "Punten"),
        rows=(StandingsRow(cells=("1", UNBROKEN, "12")),),
    ),
    "personal card": lambda: PersonalCard(
        header=header(),
        game="duizenden",
        player=UNBROKEN,
        rounds=(CardRound(round=1, table=1, tablemates=(UNBROKEN, UNBROKEN, UNBROKEN)),),
    ),
}


@pytest.mark.parametrize("name", DOCUMENTS)
def test_no_text_runs_past_the_margins_however_long_the_names(name):
    # Names of the longest lengths the forms accept used to shrink to 4 points and then
    # run on regardless: over the round and table boxes and the QR code, past the
    # right margin and off the page. Now a text that does not fit even at the smallest
    # size is cut short with an ellipsis.
    data = render([DOCUMENTS[name]()], language="nl")
    for page in char_boxes(data):
        assert page
        outside = [(c, round(left), round(right)) for c, left, right in page if right > RIGHT + 1]
        assert not outside, outside[:5]
        assert all(left >= LEFT - 1 for _c, left, _right in page)


def test_a_long_heading_leaves_the_qr_code_readable_and_shows_it_was_cut():
    sheet = DOCUMENTS["meierijen sheet"]()
    data = render([sheet], language="nl")
    assert qr_codes(data, scale=3) == [[LINK]]
    assert "…" in pdf_text(data)[0]


def test_the_caption_under_the_qr_code_stays_inside_the_margin_in_german():
    # "Scannen, um das Ergebnis zu erfassen" is wider than the QR code: centred under it,
    # it ran 4 mm past the right margin.
    sheet = TableSheet(
        game="duizenden",
        header=Header(club="Club", tournament="Abend", date="8. November 2026", round=1, table=1),
        players=players(4),
        link=LINK,
    )
    data = render([sheet], language="de")
    assert "Scannen" in pdf_text(data)[0]
    page = char_boxes(data)[0]
    assert max(right for _c, _left, right in page) <= RIGHT + 0.5


def _three_teams() -> DrawTable:
    return DrawTable(
        number=3,
        players=tuple(
            Player(name=name, seat=i + 1, side=i % 3)
            for i, name in enumerate(["Ans", "Bep", "Cor", "Dirk", "Eva", "Fien"])
        ),
    )


def _column_of(page: list[tuple[str, float, float]], text: str) -> float:
    """The left edge of `text`'s first occurrence on the page."""
    chars = "".join(c for c, _left, _right in page)
    index = chars.index(text)
    return page[index][1]


@pytest.mark.parametrize("kind", [DrawList, TableCards])
def test_keezen_at_six_three_teams_of_two_each_get_their_letter_and_column(kind):
    # Keezen at a table of six is three teams of two. The draw list and the table cards
    # put team C (seats 3 and 6) unlabelled under team A, so team A read as four players.
    doc = kind(
        header=Header(club="Club", tournament="Keezenavond", date="5 november 2026", round=1),
        game="keezen",
        tables=(_three_teams(),),
    )
    data = render([doc], language="nl")
    page = char_boxes(data)[0]
    a, b, c = (_column_of(page, name) for name in ("Ans", "Bep", "Cor"))
    assert a == pytest.approx(_column_of(page, "Dirk"), abs=3)
    assert b == pytest.approx(_column_of(page, "Eva"), abs=3)
    assert c == pytest.approx(_column_of(page, "Fien"), abs=3)
    assert a < b < c
    text = pdf_text(data)[0].replace("\r\n", " ").replace(" ", "")
    for label in ("A1", "A4", "B2", "B5", "C3", "C6"):
        assert label in text


def test_keezen_at_six_generic_sheet_names_team_c():
    sheet = TableSheet(
        game="generic-unknown",
        header=Header(club="Club", tournament="Avond", date="5 november 2026", round=1, table=3),
        players=_three_teams().players,
    )
    text = pdf_text(render([sheet], language="nl"))[0]
    assert "· C" in text


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


@pytest.mark.django_db
def test_a_job_taken_back_from_a_dead_worker_waits_without_the_dead_run_s_progress(
    two_clubs, settings
):
    # A worker killed at 123 of 1204 left its job "waiting" with the bar at 10 % and
    # "123 of 1204" until another worker started it again from 0.
    settings.PRINT_JOB_STALE_SECONDS = 30
    tournament = TournamentFactory(club=two_clubs.a, name="Grote avond")
    seat_round(tournament, [[EntryFactory(tournament=tournament) for _ in range(4)]])
    job = jobs.print_job_create(tournament=tournament, user=two_clubs.director, base_url="x")
    now = timezone.now()
    run = jobs.print_job_claim(str(job.pk), now=now - timedelta(seconds=40))
    jobs.print_job_progress(run, 1, 2, now=now - timedelta(seconds=35))
    assert jobs.print_job_reap(now=now)["requeued"] == 1
    job.refresh_from_db()
    assert (job.status, job.done, job.percent) == (PrintJob.Status.QUEUED, 0, 0)


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
