"""printing.contents: what the database becomes on paper, before any PDF is drawn. Every
table a sheet in table order, names in seat order, team sides, links that lead back to
the right table, standings as the pages count them, in a fixed number of queries."""

from __future__ import annotations

import datetime

import pytest
from django.urls import resolve
from django.utils import translation

from clubs.models import Club
from printing import contents as printing
from printing.sheets.data import DrawList, Standings, TableSheet
from scoring.links import table_from_token
from tournaments import services
from tournaments.models import Round, Tournament

from ..factories import EntryFactory, MemberFactory, SeasonFactory, TournamentFactory, seat_round
from ..standings_pages.helpers import record

BASE = "https://troef.example.nl"


def _decoded(link: str) -> int | None:
    """The table a printed link leads to (through the site's own URL resolver)."""
    assert link.startswith(BASE + "/t/")
    match = resolve(link.removeprefix(BASE))
    assert match.url_name == "table-link"
    return table_from_token(match.kwargs["token"])


def _evening(club, *, tables: int, table_size: int = 4, **kwargs):
    tournament = TournamentFactory(club=club, table_size=table_size, **kwargs)
    entries = [
        EntryFactory(tournament=tournament, member=MemberFactory(club=club, name=f"Speler {n:03d}"))
        for n in range(tables * table_size + 1)
    ]
    groups = [entries[i * table_size : (i + 1) * table_size] for i in range(tables)]
    round_ = seat_round(tournament, groups, byes=entries[-1:])
    return tournament, round_, groups, entries[-1]


def test_round_pack_is_the_draw_list_then_a_sheet_per_table(two_clubs):
    evening = two_clubs.evening
    pack = printing.round_pack(evening.round.pk, base_url=BASE)
    draw, *sheets = pack.documents
    assert isinstance(draw, DrawList)
    assert all(isinstance(sheet, TableSheet) for sheet in sheets)
    tables = list(evening.round.tables.order_by("number"))
    assert [sheet.header.table for sheet in sheets] == [t.number for t in tables] == [1, 2]
    for sheet, table in zip(sheets, tables, strict=True):
        seats = list(table.seats.order_by("position").select_related("entry__member"))
        assert [p.name for p in sheet.players] == [s.entry.name for s in seats]
        assert [p.seat for p in sheet.players] == [1, 2, 3, 4]
        assert all(p.side is None for p in sheet.players)  # every player for themselves
        assert sheet.game == "duizenden"
        assert sheet.seats == 4
        assert sheet.header.club == "Spellenclub Rooi"
        assert sheet.header.tournament == "Vrijdagavond"
        assert sheet.header.round == 1
        assert _decoded(sheet.link) == table.pk
    assert [t.number for t in draw.tables] == [1, 2]
    assert [p.name for p in draw.tables[0].players] == [p.name for p in sheets[0].players]
    assert pack.language == "nl"
    assert pack.title == "Vrijdagavond \N{EN DASH} Ronde 1"
    assert pack.filename == "rooi-vrijdagavond-ronde-1.pdf"


def test_no_qr_prints_no_links(two_clubs):
    pack = printing.round_pack(two_clubs.evening.round.pk, base_url=BASE, qr=False)
    assert [sheet.link for sheet in pack.documents[1:]] == ["", ""]


def test_byes_and_tables_in_number_order(two_clubs):
    _tournament, round_, groups, bye = _evening(two_clubs.a, tables=12)
    pack = printing.round_pack(round_.pk, base_url=BASE)
    draw = pack.documents[0]
    assert draw.byes == (bye.name,)
    assert [t.number for t in draw.tables] == list(range(1, 13))
    assert [s.header.table for s in pack.documents[1:]] == list(range(1, 13))
    assert [[p.name for p in s.players] for s in pack.documents[1:]] == [
        [e.name for e in group] for group in groups
    ]
    # Each link names its own table.
    tables = dict(round_.tables.values_list("number", "pk"))
    assert [_decoded(s.link) for s in pack.documents[1:]] == [tables[n] for n in range(1, 13)]


def test_team_play_prints_each_players_side(two_clubs):
    tournament = TournamentFactory(club=two_clubs.a, game="keezen", table_size=4, teams="drawn")
    entries = [EntryFactory(tournament=tournament) for _ in range(4)]
    round_ = seat_round(tournament, [entries])
    (sheet,) = printing.round_pack(round_.pk, base_url=BASE).documents[1:]
    assert [(p.name, p.seat, p.side) for p in sheet.players] == [
        (entries[0].name, 1, 0),
        (entries[1].name, 2, 1),
        (entries[2].name, 3, 0),
        (entries[3].name, 4, 1),
    ]
    assert sheet.teams


def test_the_pack_is_in_the_clubs_language_whatever_the_request(two_clubs):
    Club.objects.filter(pk=two_clubs.a.pk).update(language="de")
    evening = two_clubs.evening
    Tournament.objects.filter(pk=evening.tournament.pk).update(date=datetime.date(2026, 3, 5))
    with translation.override("en"):
        pack = printing.round_pack(evening.round.pk, base_url=BASE)
    assert pack.language == "de"
    assert pack.title.endswith("Runde 1")
    assert pack.documents[0].header.date == "5. März 2026"
    with translation.override("nl"):
        standings = printing.tournament_standings(Tournament.objects.get(pk=evening.tournament.pk))
    assert standings.title == "Tabelle"
    assert standings.columns[:3] == ("Platz", "Name", "Turnierpunkte")


def test_dutch_date(two_clubs):
    evening = two_clubs.evening
    Tournament.objects.filter(pk=evening.tournament.pk).update(date=datetime.date(2026, 3, 5))
    with translation.override("en"):
        pack = printing.round_pack(evening.round.pk, base_url=BASE)
    assert pack.documents[0].header.date == "5 maart 2026"


def test_tournament_pack_every_round_then_the_standings(two_clubs):
    tournament, _first, groups, bye = _evening(two_clubs.a, tables=2)
    second = seat_round(tournament, [groups[1], groups[0]], byes=[bye])
    pack = printing.tournament_pack(tournament.pk, base_url=BASE)
    kinds = [type(doc).__name__ for doc in pack.documents]
    assert kinds == ["DrawList", "TableSheet", "TableSheet"] * 2 + ["Standings"]
    assert [doc.header.round for doc in pack.documents[:6]] == [1, 1, 1, 2, 2, 2]
    round_two = dict(second.tables.values_list("number", "pk"))
    assert _decoded(pack.documents[4].link) == round_two[1]
    assert pack.documents[4].players[0].name == groups[1][0].name
    assert pack.filename == f"rooi-{tournament.name.lower().replace(' ', '-')}.pdf"
    assert pack.title == tournament.name


def test_standings_are_the_pages_numbers(two_clubs):
    tournament, round_, groups, _bye = _evening(two_clubs.a, tables=1, table_size=4)
    (table,) = round_.tables.all()
    record(table, [1000, 500, 500, 100])  # a shared second place: 1½ each
    standings = printing.tournament_standings(tournament)
    assert isinstance(standings, Standings)
    by_name = {row.cells[1]: row.cells for row in standings.rows}
    assert by_name[groups[0][0].name][:3] == ("1", groups[0][0].name, "3")
    assert by_name[groups[0][1].name][2] == "1½"
    assert by_name[groups[0][2].name][2] == "1½"
    assert standings.columns[0] == "Plaats"


def test_season_standings_strike_and_set_apart(two_clubs):
    club = two_clubs.a
    season = SeasonFactory(club=club, name="Voorjaar", best_of=1, min_attendance=2)
    regular, once = MemberFactory(club=club, name="Vaste Speler"), MemberFactory(club=club)
    others = [MemberFactory(club=club) for _ in range(2)]
    for day, people in [
        (1, [regular, once, *others]),
        (8, [regular, *others, MemberFactory(club=club)]),
    ]:
        tournament = TournamentFactory(club=club, season=season, date=datetime.date(2026, 4, day))
        entries = [EntryFactory(tournament=tournament, member=m) for m in people]
        (table,) = seat_round(tournament, [entries]).tables.all()
        record(table, [1000, 600, 300, 100] if day == 1 else [100, 1000, 600, 300])
    standings = printing.season_standings(season)
    assert standings.columns[2:4] == ("01-04", "08-04")
    rows = {row.cells[1]: row for row in standings.rows}
    mine = rows["Vaste Speler"]
    assert mine.cells[2:4] == ("3", "0")
    assert mine.struck == frozenset({3})  # best 1 of 2: the 0 is struck through
    assert not mine.apart
    assert rows[once.name].apart  # one evening of the two needed
    assert standings.rows[-1].apart and not standings.rows[0].apart


def test_personal_card(two_clubs):
    tournament, first, groups, bye = _evening(two_clubs.a, tables=2)
    (table,) = first.tables.filter(number=2)
    record(table, [1000, 600, 300, 100])
    me = groups[1][0]
    seat_round(tournament, [groups[0], [*groups[1][1:], bye]], byes=[me])
    card = printing.personal_card(me)
    assert card.player == me.name
    assert [r.round for r in card.rounds] == [1, 2, 3]  # three rounds planned
    one, two, three = card.rounds
    assert (one.table, one.score, one.points) == (2, "1000", "3")
    assert one.tablemates == tuple(e.name for e in groups[1][1:])
    assert (two.table, two.tablemates, two.score) == (None, ("Vrije ronde",), "")
    assert (three.table, three.tablemates, three.score) == (None, (), "")


def test_blank_sheet(two_clubs):
    sheet = printing.blank_sheet(two_clubs.a, "miezemauzen", 3, {"start_points": 15})
    assert sheet.players == () and sheet.seats == 3 and sheet.link == ""
    assert sheet.options["start_points"] == 15
    assert sheet.options["players"] == 3
    assert sheet.header.club == "Spellenclub Rooi"


def test_unknown_ids(two_clubs):
    with pytest.raises(Round.DoesNotExist):
        printing.round_pack(999_999, base_url=BASE)
    with pytest.raises(Tournament.DoesNotExist):
        printing.tournament_pack(999_999, base_url=BASE)


@pytest.mark.parametrize("tables", [1, 15])
def test_round_pack_queries_do_not_grow(two_clubs, django_assert_num_queries, tables):
    _tournament, round_, _groups, _bye = _evening(two_clubs.a, tables=tables)
    with django_assert_num_queries(4):  # the round, its tables, their seats, the byes
        pack = printing.round_pack(round_.pk, base_url=BASE)
    assert len(pack.documents) == tables + 1


@pytest.mark.parametrize("tables", [1, 15])
def test_tournament_pack_queries_do_not_grow(two_clubs, django_assert_num_queries, tables):
    tournament, round_, groups, bye = _evening(two_clubs.a, tables=tables)
    seat_round(tournament, groups[::-1], byes=[bye])
    record(round_.tables.first(), [1000, 600, 300, 100])
    # The tournament, its rounds, their tables, seats and byes; the standings' four.
    with django_assert_num_queries(9):
        pack = printing.tournament_pack(tournament.pk, base_url=BASE)
    assert len(pack.documents) == 2 * (tables + 1) + 1


# --- the slug -----------------------------------------------------------------------------


def test_slug_from_the_name_then_the_date_then_a_number(two_clubs):
    def make(club, name="Najaarscompetitie", date=datetime.date(2026, 10, 2)):
        return services.tournament_create(
            club=club, actor=two_clubs.director, name=name, date=date, game="duizenden",
            table_size=4,
        )  # fmt: skip

    assert make(two_clubs.a).slug == "najaarscompetitie"
    assert make(two_clubs.b).slug == "najaarscompetitie-2026-10-02"  # unique site-wide
    assert make(two_clubs.a).slug == "najaarscompetitie-2026-10-02-2"
    assert make(two_clubs.a, name="Één & twee ♠").slug == "een-twee"
    renamed = make(two_clubs.a, name="Clubavond")
    services.tournament_update(tournament=renamed, actor=two_clubs.director, name="Anders")
    renamed.refresh_from_db()
    assert renamed.slug == "clubavond"  # kept: print_round calls keep working


def test_tournaments_made_otherwise_get_a_slug_too(two_clubs):
    first = TournamentFactory(club=two_clubs.a, name="Kerstavond")
    second = TournamentFactory(club=two_clubs.b, name="Kerstavond")
    assert first.slug == "kerstavond"
    assert second.slug == "kerstavond-2026-11-27"
