"""A season's standings page: best N of M with struck evenings, the minimum attendance,
exports, sorting, and that a cached page follows every change."""

import csv
import io
import re

import openpyxl
import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils.html import escape

from scoring import services
from scoring.actors import Actor
from scoring.models import ResultEntry
from scoring.views.standings import SEASON_STANDINGS
from tournaments.models import Entry, Seat, Table, Tournament

from ..conftest import client_for
from ..factories import EntryFactory, MemberFactory, SeasonFactory, TournamentFactory, seat_round
from .helpers import cells, english, record


def season_standings_url(season, **query) -> str:
    path = reverse(SEASON_STANDINGS, kwargs={"club_slug": "rooi", "pk": season.pk})
    return path + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


class League:
    """Three evenings, best 2 of 3 count, 3 evenings needed to qualify. Match points by
    rank at a table of four (3, 2, 1, 0):

    ======  ======  ======  ======  =====  ============================
    player  e1      e2      e3      total  counted card points
    ======  ======  ======  ======  =====  ============================
    A       3 1050  2 700   (1)100  5      1750: first
    B       2 600   (1)200  3 1010  5      1610: second
    C       1 300   0 -20   -       1      below the minimum
    D       0 0     -       2 800   2      below the minimum
    E       -       3 1100  0 50    3      below the minimum
    ======  ======  ======  ======  =====  ============================
    """

    NIGHTS = (
        ("ABCD", [1050, 600, 300, 0]),
        ("ABCE", [700, 200, -20, 1100]),
        ("ABDE", [100, 1010, 800, 50]),
    )

    def __init__(self, club, player_member):
        self.season = SeasonFactory(club=club, name="Competitie", best_of=2, min_attendance=3)
        others = [MemberFactory(club=club, name=f"Speler {letter}") for letter in "BCDE"]
        self.members = dict(zip("ABCDE", [player_member, *others], strict=True))
        self.evenings = []
        for day, (letters, totals) in enumerate(self.NIGHTS, start=1):
            tournament = TournamentFactory(
                club=club, season=self.season, name=f"Avond {day}", date=f"2026-10-0{day}"
            )
            entries = [EntryFactory(tournament=tournament, member=self.members[x]) for x in letters]
            record(seat_round(tournament, [entries]).tables.get(), totals)
            self.evenings.append(tournament)

    def name(self, letter: str) -> str:
        return self.members[letter].name

    def correct(self, evening: int, totals, director) -> None:
        """The director corrects the result of the `evening`-th evening (0 first) to
        `totals`, one per seat, through the result services."""
        table = Table.objects.get(round__tournament=self.evenings[evening])
        services.result_correct(
            table=table,
            data={"mode": "summary", "finished": True, "sides": [{"total": t} for t in totals]},
            version=table.version,
            actor=director,
            note="wrong sheet",
        )


@pytest.fixture
def league(two_clubs):
    return League(two_clubs.a, two_clubs.a.members.get(user=two_clubs.player))


def body(rows):
    """Data rows, without the header and the 'below the minimum' caption."""
    return [row for row in rows[1:] if len(row) > 1]


def test_best_evenings_count_the_others_are_struck(two_clubs, league):
    rows = cells(english(two_clubs.player).get(season_standings_url(league.season)))
    assert rows[0] == [
        "position", "name", "01-10", "02-10", "03-10", "total", "card points", "attended",
        "qualified", "tie-break",
    ]  # fmt: skip
    n = league.name
    # A and B both total 5: the card points of the counted evenings decide (TP-4).
    assert body(rows) == [
        ["1", n("A"), "3", "2", "~1~", "5", "1750", "3", "✔", "tied: margin"],
        ["2", n("B"), "2", "~1~", "3", "5", "1610", "3", "✔", "tied: margin"],
        ["3", n("E"), "", "3", "0", "3", "1150", "2", "✘", ""],
        ["4", n("D"), "0", "", "2", "2", "800", "2", "✘", ""],
        ["5", n("C"), "1", "0", "", "1", "280", "2", "✘", ""],
    ]


def test_those_below_the_minimum_attendance_are_listed_apart(two_clubs, league):
    response = english(two_clubs.player).get(season_standings_url(league.season))
    rows = cells(response)
    assert rows[3] == ["Below the minimum attendance of 3 evenings"]
    page = response.content.decode()
    assert "best 2 of 3 evenings count" in page
    # Each evening's cell names its date, for the card a phone shows per player.
    assert re.search(r'<td class="evening struck" data-label="\d\d-\d\d"><s>1</s></td>', page)


def test_evenings_link_to_their_standings_and_members_to_their_page(two_clubs, league):
    page = english(two_clubs.player).get(season_standings_url(league.season)).content.decode()
    for evening in league.evenings:
        assert (
            reverse("scoring:tournament-standings", kwargs={"club_slug": "rooi", "pk": evening.pk})
            in page
        )
    member = league.members["B"]
    link = reverse("scoring:player-detail", kwargs={"club_slug": "rooi", "pk": member.pk})
    assert f'<a href="{link}">{escape(member.name)}</a>' in page


def test_sorting_by_name_total_and_attendance(two_clubs, league):
    def order(sort):
        return [
            row[1]
            for row in body(
                cells(english(two_clubs.player).get(season_standings_url(league.season, sort=sort)))
            )
        ]

    n = league.name
    # Sorted within each group: the qualified first, then those below the minimum.
    assert order("name") == sorted([n("A"), n("B")]) + sorted([n("C"), n("D"), n("E")])
    assert order("-total")[2:] == [n("E"), n("D"), n("C")]
    assert order("nonsense") == [n("A"), n("B"), n("E"), n("D"), n("C")]


def test_csv_export_brackets_the_struck_evenings(two_clubs, league):
    response = english(two_clubs.player).get(season_standings_url(league.season, _export="csv"))
    lines = list(csv.reader(io.StringIO(response.content.decode())))
    assert lines[0][:2] == ["position", "name"]
    assert lines[0][2:5] == [f"Avond {day} 0{day}-10-2026" for day in (1, 2, 3)]
    assert lines[1] == [
        "1", league.name("A"), "3", "2", "(1)", "5", "1750", "3", "yes", "tied: margin",
    ]  # fmt: skip
    assert lines[5] == ["5", league.name("C"), "1", "0", "", "1", "280", "2", "no", ""]


def test_xlsx_export_reads_back(two_clubs, league):
    response = client_for(two_clubs.player).get(season_standings_url(league.season, _export="xlsx"))
    values = list(openpyxl.load_workbook(io.BytesIO(response.content)).active.values)
    assert len(values) == 1 + 5
    # a struck evening is a number, shown in brackets by its format (as other cells: no text)
    assert values[2][:6] == (2, league.name("B"), 2, 1, 3, 5)
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert sheet.cell(row=3, column=4).number_format == '"("General")"'
    assert sheet.cell(row=3, column=3).number_format == "General"


def _half_struck(league, director):
    """B and C share third place on the second evening: B's ½ there is struck."""
    league.correct(1, [700, 200, 200, 1100], director)


@pytest.mark.parametrize(
    ("language", "struck"), [("nl", "(0,5)"), ("de", "(0,5)"), ("en", "(0.5)")]
)
def test_a_struck_fraction_in_csv_has_the_languages_decimal_separator(
    two_clubs, league, language, struck
):
    _half_struck(league, two_clubs.director)
    client = client_for(two_clubs.player)
    client.cookies["troef_language"] = language
    response = client.get(season_standings_url(league.season, _export="csv"))
    text = response.content.decode("utf-8-sig")
    lines = list(csv.reader(io.StringIO(text), delimiter=";" if language != "en" else ","))
    b = next(line for line in lines if line[1] == league.name("B"))
    assert b[2:5] == ["2", struck, "3"]


def test_a_struck_fraction_in_xlsx_is_a_number(two_clubs, league):
    _half_struck(league, two_clubs.director)
    response = client_for(two_clubs.player).get(season_standings_url(league.season, _export="xlsx"))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    b = next(row for row in sheet.iter_rows(min_row=2) if row[1].value == league.name("B"))
    assert b[3].value == 0.5 and b[3].number_format == '"("General")"'


def test_a_new_confirmed_result_shows_at_once(two_clubs, league):
    """The season's standings are cached; confirming a result changes the table's version
    and so what the page shows."""
    client = english(two_clubs.player)
    assert body(cells(client.get(season_standings_url(league.season))))[2][1] == league.name("E")
    fourth = TournamentFactory(club=two_clubs.a, season=league.season, date="2026-10-04")
    entries = [EntryFactory(tournament=fourth, member=league.members[x]) for x in "CDE"]
    entries.append(EntryFactory(tournament=fourth, member=MemberFactory(club=two_clubs.a)))
    table = seat_round(fourth, [entries]).tables.get()
    result = record(table, [1100, 0, 0, 0], status=ResultEntry.Status.PROVISIONAL)
    rows = body(cells(client.get(season_standings_url(league.season))))
    assert rows[2][:2] == ["3", league.name("E")]  # provisional: nothing changes but a column
    table.refresh_from_db()
    services.result_confirm(
        result=result, version=table.version, actor=Actor(user=two_clubs.director)
    )
    rows = body(cells(client.get(season_standings_url(league.season))))
    # C now came three times (1, 0, 3: the best two make 4, by 1100 + 300) and qualifies.
    assert rows[2][:2] == ["3", league.name("C")]
    # E too has 4 (3 + 1 of the fourth evening): the card points put C first.
    assert rows[2][-5:] == ["4", "1400", "3", "✔", "tied: margin"]
    assert rows[3][:2] == ["4", league.name("E")]


def test_a_corrected_result_shows_at_once(two_clubs, league):
    """A correction bumps its table's version: that evening is counted again, the other
    two come from the cache of each evening's count."""
    client = english(two_clubs.player)
    client.get(season_standings_url(league.season))
    # A, B, D, E: A now wins the third evening
    league.correct(2, [1100, 0, 800, 50], two_clubs.director)
    rows = body(cells(client.get(season_standings_url(league.season))))
    n = league.name
    assert rows[:2] == [
        ["1", n("A"), "3", "~2~", "3", "6", "2150", "3", "✔", ""],
        ["2", n("B"), "2", "1", "~0~", "3", "800", "3", "✔", ""],
    ]


def test_after_a_change_the_page_is_what_a_count_from_scratch_gives(two_clubs, league):
    """Evenings from the cache and an evening counted again add up to the same page as
    every evening counted afresh."""
    client = english(two_clubs.player)
    before = cells(client.get(season_standings_url(league.season)))
    league.correct(1, [0, 1000, 300, 5], two_clubs.director)
    league.members["C"].name = "Cor"
    league.members["C"].save()
    after = cells(client.get(season_standings_url(league.season)))
    cache.clear()
    assert cells(client.get(season_standings_url(league.season))) == after != before


def test_each_evening_counts_by_its_own_scheme_and_a_change_shows_at_once(two_clubs, league):
    """The season shows each evening as its own standings do. Duizenden results carry
    no game points, so under the game-score scheme the second evening is worth nothing."""
    client = english(two_clubs.player)
    client.get(season_standings_url(league.season))
    Tournament.objects.filter(pk=league.evenings[1].pk).update(scheme=Tournament.Scheme.GAME)
    rows = body(cells(client.get(season_standings_url(league.season))))
    n = league.name
    # A: 3, 0, 1 (best two 3 + 1, card points 1050 + 100); B: 2, 0, 3.
    assert rows[:2] == [
        ["1", n("B"), "2", "~0~", "3", "5", "1610", "3", "✔", ""],
        ["2", n("A"), "3", "~0~", "1", "4", "1150", "3", "✔", ""],
    ]


def test_a_renamed_member_shows_at_once(two_clubs, league):
    client = english(two_clubs.player)
    client.get(season_standings_url(league.season))
    member = league.members["D"]
    member.name = "Dirk de Nieuwe"
    member.save()
    assert "Dirk de Nieuwe" in client.get(season_standings_url(league.season)).content.decode()


def test_a_changed_best_of_shows_at_once(two_clubs, league):
    client = english(two_clubs.player)
    client.get(season_standings_url(league.season))
    league.season.best_of = None
    league.season.save()
    rows = body(cells(client.get(season_standings_url(league.season))))
    assert rows[0][:6] == ["1", league.name("A"), "3", "2", "1", "6"]
    assert "~" not in str(rows)


def test_an_undone_draw_shows_at_once(two_clubs, league):
    """A bye counts without a result: drawing and undoing a round changes the season."""
    client = english(two_clubs.player)
    client.get(season_standings_url(league.season))
    evening = league.evenings[2]
    late = EntryFactory(tournament=evening, member=MemberFactory(club=two_clubs.a, name="Laat"))
    round_ = seat_round(evening, [], byes=[late])
    assert "Laat" in client.get(season_standings_url(league.season)).content.decode()
    round_.delete()
    assert "Laat" not in client.get(season_standings_url(league.season)).content.decode()


def test_every_evening_counts_without_best_of(two_clubs):
    season = SeasonFactory(club=two_clubs.a, name="Open")
    tournament = TournamentFactory(club=two_clubs.a, season=season)
    entries = [EntryFactory(tournament=tournament) for _ in range(4)]
    record(seat_round(tournament, [entries]).tables.get(), [1000, 0, 0, 0])
    response = english(two_clubs.player).get(season_standings_url(season))
    assert "Every evening counts." in response.content.decode()
    # No qualified column without a minimum.
    assert cells(response)[0][-2:] == ["attended", "tie-break"]


def test_a_season_without_results(two_clubs):
    season = SeasonFactory(club=two_clubs.a, name="Nieuw")
    response = english(two_clubs.player).get(season_standings_url(season))
    assert response.status_code == 200
    assert "No confirmed results yet." in response.content.decode()


def test_withdrawn_players_still_count_in_the_season(two_clubs, league):
    Entry.objects.filter(tournament=league.evenings[0], member=league.members["C"]).update(
        status=Entry.Status.WITHDRAWN
    )
    rows = body(cells(english(two_clubs.player).get(season_standings_url(league.season))))
    assert rows[4][:2] == ["5", league.name("C")]


def test_another_clubs_season_is_not_found(two_clubs, league):
    other = SeasonFactory(club=two_clubs.b)
    assert client_for(two_clubs.player).get(season_standings_url(other)).status_code == 404


def _row_of(client, league, name):
    rows = body(cells(client.get(season_standings_url(league.season))))
    return next((row for row in rows if row[1] == name), None)


def test_tp7_a_seat_at_an_unconfirmed_table_is_an_attended_evening(two_clubs, league):
    """C, D and E sit at the fourth evening's only table, its result not confirmed yet:
    each has a cell of 0 there and one evening more; C and D now reach the minimum of 3."""
    client = english(two_clubs.player)
    client.get(season_standings_url(league.season))  # the first three evenings cached
    fourth = TournamentFactory(club=two_clubs.a, season=league.season, date="2026-10-04")
    entries = [EntryFactory(tournament=fourth, member=league.members[x]) for x in "CDE"]
    entries.append(EntryFactory(tournament=fourth, member=MemberFactory(club=two_clubs.a)))
    table = seat_round(fourth, [entries]).tables.get()
    c = _row_of(client, league, league.name("C"))
    # 01-10, 02-10, 03-10, 04-10; total, card points, attended, qualified
    assert c[2:10] == ["1", "~0~", "", "0", "1", "300", "3", "✔"]
    record(table, [1100, 0, 0, 0], status=ResultEntry.Status.PROVISIONAL)
    assert _row_of(client, league, league.name("C"))[2:10] == c[2:10]  # still nothing counts
    assert _row_of(client, league, league.name("D"))[8:10] == ["3", "✔"]


def test_tp7_a_seat_given_to_another_player_in_place_changes_the_season(two_clubs, league):
    """The evening's fingerprint follows who sits where, not only how many seats there
    are: a seat handed to another entry in place is counted anew (cache and kept count)."""
    client = english(two_clubs.player)
    fourth = TournamentFactory(club=two_clubs.a, season=league.season, date="2026-10-04")
    first = EntryFactory(tournament=fourth, member=MemberFactory(club=two_clubs.a, name="Eerst"))
    later = EntryFactory(tournament=fourth, member=MemberFactory(club=two_clubs.a, name="Later"))
    others = [EntryFactory(tournament=fourth, member=league.members[x]) for x in "CDE"]
    seat_round(fourth, [[first, *others]])
    assert _row_of(client, league, "Eerst") is not None
    assert _row_of(client, league, "Later") is None
    Seat.objects.filter(entry=first).update(entry=later)
    assert _row_of(client, league, "Eerst") is None
    assert _row_of(client, league, "Later")[2:6] == ["", "", "", "0"]
