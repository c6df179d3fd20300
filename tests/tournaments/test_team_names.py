"""A fixed team has one name everywhere (issue 37): the score sheet, the round page, the
table's result page and the standings all write it as tournaments.formats.team_title
gives it, "Team 1 (Ann & Bas)"; the sheet no longer calls it "Team A"."""

from __future__ import annotations

from django.utils.html import escape

from tournaments.formats import team_title
from tournaments.models import Team

from ..factories import MemberFactory
from ..night_through_pages import Night, assert_status, club_url
from ..sheets.pdf import pdf_text
from ..translated import dutch


def keezen_in_drawn_teams(two_clubs):
    """A Keezen evening in fixed teams drawn by lot ("Team 1", "Team 2"), round 1 drawn."""
    night = Night.create(two_clubs.a, two_clubs.director, "keezen", table_size=4, teams="fixed")
    for n in range(4):
        night.register(MemberFactory(club=two_clubs.a, name=f"Speler {n + 1}"))
    assert_status(night.director.post(night.page("tournaments:team-draw")))
    round_ = night.draw()
    return night, round_.tables.get()


def titles(tournament) -> list[str]:
    return [
        team_title(team.name, [entry.name for entry in team.entries.order_by("pk")])
        for team in Team.objects.filter(tournament=tournament).order_by("name")
    ]


def test_team_title_writes_the_players_beside_a_name_of_its_own():
    assert team_title("Team 5", ["Henk", "Wim"]) == "Team 5 (Henk & Wim)"
    assert team_title("Wim & Henk", ["Henk", "Wim"]) == "Wim & Henk"
    assert team_title("", ["Henk", "Wim"]) == "Henk & Wim"  # partners drawn per round


def test_a_fixed_team_has_one_name_on_the_sheet_and_the_pages(two_clubs):
    night, table = keezen_in_drawn_teams(two_clubs)
    names = titles(night.tournament)
    assert [name.split(" (")[0] for name in names] == ["Team 1", "Team 2"]

    # The table's result page names its sides so.
    page = night.director.get(club_url(two_clubs.a, "scoring:table-result", pk=table.pk))
    assert sorted(page.context["state"].names) == names
    # The round page and the standings, too.
    round_page = night.director.get(night.page("evenings:round-detail", number=1)).content.decode()
    standings = night.director.get(night.page("scoring:tournament-standings")).content.decode()
    for name in names:
        assert escape(name) in round_page
        team, players = name.split(" (")
        assert escape(team) in standings and escape(players.rstrip(")")) in standings

    # The score sheet: the teams by their names, not Team A and Team B.
    sheet = night.director.get(club_url(two_clubs.a, "printing:print-table-sheet", pk=table.pk))
    text = " ".join(" ".join(pdf_text(sheet.content)).split())
    assert "Team 1" in text and "Team 2" in text
    letter = dutch("Team %(letter)s") % {"letter": "A"}
    assert letter not in text


def test_a_team_named_after_its_players_is_written_once(two_clubs):
    night = Night.create(two_clubs.a, two_clubs.director, "keezen", table_size=4, teams="fixed")
    entries = [
        night.register(MemberFactory(club=two_clubs.a, name=name))
        for name in ("Ann", "Bas", "Cor", "Dirk")
    ]
    night.team(entries[0], entries[1])
    night.team(entries[2], entries[3])
    table = night.draw().tables.get()
    page = night.director.get(club_url(two_clubs.a, "scoring:table-result", pk=table.pk))
    assert sorted(page.context["state"].names) == ["Ann & Bas", "Cor & Dirk"]
    round_page = night.director.get(night.page("evenings:round-detail", number=1)).content.decode()
    assert escape("Ann & Bas (Ann & Bas)") not in round_page
    assert escape("Ann & Bas") in round_page
