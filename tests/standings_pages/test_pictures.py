"""The season in pictures (issue 19): the player's bump chart, their record against their
most frequent tablemates, and the season's top ten, read back from the SVG and checked
against the standings (the League of tests/standings_pages/test_season.py)."""

import re

import pytest
from django.urls import reverse

from scoring.charts import RECORD_NAME, WIDTH, Record, record_chart
from scoring.views.standings import SEASON_STANDINGS

from .helpers import cells, english
from .test_player import section
from .test_season import League


@pytest.fixture
def league(two_clubs):
    return League(two_clubs.a, two_clubs.a.members.get(user=two_clubs.player))


def svg_of(page: str, css: str) -> str:
    return re.search(rf'<svg class="chart {css}".*?</svg>', page, re.S).group(0)


def circles(svg: str) -> list[tuple[str, str]]:
    """(fill, title) of every point of a chart."""
    return re.findall(r'<circle [^>]*fill="(\w+)"[^>]*><title>([^<]*)</title>', svg)


def players_page(two_clubs, league) -> str:
    """The page of A, the club's player, in English."""
    member = league.members["A"]
    url = reverse("scoring:player-detail", kwargs={"club_slug": "rooi", "pk": member.pk})
    return english(two_clubs.player).get(url).content.decode()


def test_the_players_bump_chart_marks_the_struck_evening(two_clubs, league):
    page = players_page(two_clubs, league)
    svg = svg_of(section(page, "Seasons"), "bump")
    assert "<title" in svg and "<desc" in svg
    points = circles(svg)
    # A led the season after every evening; evening 3 (rank 4 of 4) is struck: best 2 of 3.
    assert [title.rsplit(": ", 1)[1] for _fill, title in points] == ["1", "1", "1 (struck)"]
    assert [fill for fill, _title in points] == ["currentColor", "currentColor", "none"]


def test_the_record_against_tablemates_is_drawn_to_scale(two_clubs, league):
    page = players_page(two_clubs, league)
    svg = svg_of(section(page, "Tablemates"), "record")
    # Against B: ahead on evenings 1 and 2 (1050 to 600, 700 to 200), behind on 3 (100 to
    # 1010); against C ahead twice. Bars are shares of the tables shared.
    rows = svg.split("<text ")[1:]
    by_name = {re.search(r">([^<]*)</text>", row).group(1): row for row in rows}
    inner = WIDTH - 10  # each name above its bar: the bar has the whole width
    b_parts = dict(re.findall(r'class="part-(\d)" x="[\d.]+" y="\d+" width="([\d.]+)"',
                              by_name[league.name("B")]))  # fmt: skip
    assert float(b_parts["0"]) == pytest.approx(inner * 2 / 3, abs=0.1)
    assert float(b_parts["2"]) == pytest.approx(inner / 3, abs=0.1)
    assert "1" not in b_parts  # never level
    c_parts = dict(re.findall(r'class="part-(\d)" x="[\d.]+" y="\d+" width="([\d.]+)"',
                              by_name[league.name("C")]))  # fmt: skip
    assert c_parts == {"0": str(float(inner))}
    table = section(page, "Tablemates")
    assert f'{league.name("B")}</a></td><td data-label="tables shared">3</td>' in table
    assert (
        '<td data-label="ahead">2</td><td data-label="level">0</td><td data-label="behind">1</td>'
        in table
    )


def test_a_long_tablemates_name_is_written_whole_above_its_bar():
    """At 360 px the name before the bar was cut off (issue 37): it now starts at the left
    edge above the bar, whole up to RECORD_NAME characters, and only longer ones end in …"""
    long = "Luca van Beeck Beeckmans-Vos"
    svg = record_chart([Record(long, 1, 0, 2), Record("X" * 60, 0, 1, 0)], title="t", desc="d")
    texts = re.findall(r'<text x="(\d+)" y="\d+" font-size="10">([^<]*)</text>', svg)
    assert texts[0] == ("0", long)
    assert texts[1][1] == "X" * (RECORD_NAME - 1) + "…"


def test_the_season_top_ten_ends_where_the_standings_do(two_clubs, league):
    url = reverse(SEASON_STANDINGS, kwargs={"club_slug": "rooi", "pk": league.season.pk})
    response = english(two_clubs.player).get(url)
    page = response.content.decode()
    svg = svg_of(page, "bump")
    finals, firsts = {}, {}
    for _fill, title in circles(svg):
        name, rest = title.split(", ", 1)
        date, position = rest.rsplit(": ", 1)
        position = int(position.split(" ")[0])
        firsts.setdefault(name, (date, position))  # each line is drawn evening by evening
        finals[name] = position  # so the last one drawn is the last evening
    # E first came on evening 2, so E's line starts there.
    assert firsts.pop(league.name("E"))[0] == "10/02/2026"
    assert {date for date, _position in firsts.values()} == {"10/01/2026"}
    firsts = {name: position for name, (_date, position) in firsts.items()}
    # After evening 1 (one table of four, by rank): A, B, C, D.
    assert firsts == {league.name(x): n for n, x in enumerate("ABCD", start=1)}
    # After the last evening: the positions of the standings table itself.
    table = {
        row[1]: int(row[0]) for row in cells(response)[1:] if len(row) > 2 and row[0].isdigit()
    }
    assert finals == table


def test_the_personal_card_carries_the_season_so_far(two_clubs, league):
    from printing import contents as printing
    from tournaments.models import Entry

    entry = Entry.objects.get(tournament=league.evenings[-1].pk, member=league.members["B"])
    card = printing.personal_card(entry)
    # B: second after evening 1; E (1100) and B tie on 3 points after evening 2; B second
    # after evening 3, behind A on the counted card points. The card has what the page has.
    board_positions = [position for _date, position in card.season]
    assert len(board_positions) == 3 and board_positions[0] == 2
    page = (
        english(two_clubs.player)
        .get(reverse(SEASON_STANDINGS, kwargs={"club_slug": "rooi", "pk": league.season.pk}))
        .content.decode()
    )
    drawn = [
        int(title.rsplit(": ", 1)[1].split(" ")[0])
        for _fill, title in circles(svg_of(page, "bump"))
        if title.startswith(league.name("B") + ",")
    ]
    assert board_positions == drawn
