"""Issue 6, checked through the pages from start to finish: late arrivals and withdrawals
between rounds, unfinished games counted as they stood, byes spread fairly and scored by
the tournament's scheme, and the Swiss draw for two players and for fixed teams."""

from __future__ import annotations

from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from scoring.links import table_token
from scoring.models import ResultEntry
from tournaments.models import Bye, Entry

from ..factories import MemberFactory
from ..night_through_pages import (
    Night,
    assert_status,
    byes_of,
    club_url,
    duizenden_unfinished,
    meierijen_first_wins,
    pin_draw_seed,
    seated_ids,
    tables_of,
)
from ..results.helpers import as_post, summary


@pytest.fixture(autouse=True)
def _pinned_draw_seed(monkeypatch):
    """The same draw on every run (tests/night_through_pages.py)."""
    pin_draw_seed(monkeypatch)


def members(club, count: int) -> list:
    return [MemberFactory(club=club, name=f"Speler {n:02d}") for n in range(count)]


def test_a_withdrawal_keeps_its_results_and_a_late_arrival_is_drawn(two_clubs):
    night = Night.create(two_clubs.a, two_clubs.director, "duizenden", rounds_planned=3)
    people = members(two_clubs.a, 9)
    entries = [night.register(member) for member in people[:8]]
    late = night.register(people[8], present=False)

    first = night.draw()
    assert seated_ids(first) == {entry.pk for entry in entries}
    night.play(first, duizenden_unfinished)
    # The first seat of table 1 was ahead when time was up: 3 match points (rank scheme,
    # a table of four gives 3, 2, 1, 0), then they go home.
    leaving = tables_of(first)[0][0]
    night.set_status(leaving, Entry.Status.WITHDRAWN)
    night.set_status(late, Entry.Status.PRESENT)

    second = night.draw()
    assert leaving.pk not in seated_ids(second) | byes_of(second)
    assert late.pk in seated_ids(second)
    assert len(seated_ids(second)) == 8 and not byes_of(second)
    night.play(second, duizenden_unfinished)

    lines = night.standings_csv()
    assert lines[leaving.name]["match points"] == "3"
    assert lines[leaving.name]["played"] == "1"
    assert lines[late.name]["played"] == "1" and lines[late.name]["byes"] == "0"
    # The withdrawn player's own page still lists the evening they played.
    own = assert_status(
        night.director.get(club_url(two_clubs.a, "scoring:player-detail", pk=leaving.member_id)),
        200,
    )
    assert night.tournament.name in own.content.decode()

    # They come back before round 3 and are drawn again.
    night.set_status(leaving, Entry.Status.PRESENT)
    third = night.draw()
    assert leaving.pk in seated_ids(third)


def test_unfinished_games_count_by_where_the_players_stood(two_clubs):
    night = Night.create(two_clubs.a, two_clubs.director, "duizenden", rounds_planned=1)
    for member in members(two_clubs.a, 4):
        night.register(member)
    round_ = night.draw()
    night.play(round_, duizenden_unfinished)
    (table,) = tables_of(round_)
    lines = night.standings_csv()
    assert [lines[entry.name]["match points"] for entry in table] == ["3", "2", "1", "0"]
    assert_status(night.director.post(night.page("evenings:tournament-finish")))
    night.tournament.refresh_from_db()
    assert night.tournament.status == "finished"


@pytest.mark.parametrize(
    ("fields", "bye_points"),
    [
        # Win, draw, loss at 3, 1, 0: a bye is worth a draw.
        ({"scheme": "wdl", "win_points": 3, "draw_points": 1, "loss_points": 0}, 1.0),
        # By rank at a table of two (1, 0): a bye is worth the average place, a half.
        ({"scheme": "rank"}, 0.5),
    ],
)
def test_byes_go_round_fairly_and_are_scored_by_the_scheme(two_clubs, fields, bye_points):
    night = Night.create(
        two_clubs.a, two_clubs.director, "meierijen", table_size=2, rounds_planned=5, **fields
    )
    entries = [night.register(member) for member in members(two_clubs.a, 5)]
    wins: Counter = Counter()
    for _number in range(5):
        round_ = night.draw()
        assert len(byes_of(round_)) == 1
        assert len(seated_ids(round_)) == 4
        wins.update(table[0].pk for table in tables_of(round_))
        night.play(round_, meierijen_first_wins)
    # Five players, five rounds: everyone sat out exactly once.
    byes = Counter(Bye.objects.filter(round__tournament=night.tournament).values_list("entry_id"))
    assert sorted(byes.values()) == [1] * 5
    win = 3 if fields["scheme"] == "wdl" else 1
    lines = night.standings_csv()
    for entry in entries:
        line = lines[entry.name]
        assert line["byes"] == "1"
        assert float(line["match points"]) == wins[entry.pk] * win + bye_points, line


@pytest.mark.parametrize("seed", range(12))
def test_a_swiss_draw_pairs_players_by_their_standing(two_clubs, monkeypatch, seed):
    pin_draw_seed(monkeypatch, seed)
    night = Night.create(
        two_clubs.a,
        two_clubs.director,
        "meierijen",
        table_size=2,
        scheme="wdl",
        swiss="on",
        rounds_planned=3,
    )
    for member in members(two_clubs.a, 8):
        night.register(member)
    met: set[frozenset[int]] = set()
    wins: Counter = Counter()
    for number in range(1, 4):
        round_ = night.draw()
        tables = tables_of(round_)
        for first, second in tables:
            pair = frozenset({first.pk, second.pk})
            assert pair not in met, f"round {number} repeats a pairing"
            met.add(pair)
            if number > 1:
                # Pair by standings: the two at a table have won equally often so far.
                assert wins[first.pk] == wins[second.pk], (number, wins)
        if number == 3:
            # The only two who won both rounds meet, at the top table.
            assert {wins[e.pk] for e in tables[0]} == {2}
        wins.update(table[0].pk for table in tables)
        night.play(round_, meierijen_first_wins)


def keezen_highest_entry_wins(players: list[Entry]) -> dict:
    """The team of the table's most recently registered player brings all eight pawns
    home: a winner unrelated to where the draw seated them."""
    side = max(range(len(players)), key=lambda seat: players[seat].pk) % 2
    pawns = [8, 5] if side == 0 else [5, 8]
    return summary(True, *({"pawns": count} for count in pawns))


def test_a_swiss_draw_of_fixed_teams_pairs_the_winners(two_clubs):
    night = Night.create(
        two_clubs.a,
        two_clubs.director,
        "keezen",
        table_size=4,
        teams="fixed",
        scheme="game",
        swiss="on",
        rounds_planned=2,
    )
    entries = [night.register(member) for member in members(two_clubs.a, 16)]
    for n in range(0, 16, 2):
        night.team(entries[n], entries[n + 1])
    first = night.draw()
    winners = set()
    for table in tables_of(first):
        # Seats alternate between the two teams: seats 0 and 2 are one team, 1 and 3 the other.
        assert table[0].team_id == table[2].team_id != table[1].team_id == table[3].team_id
        winners.add(max(table, key=lambda entry: entry.pk).team_id)
    night.play(first, keezen_highest_entry_wins)
    second = night.draw()
    for table in tables_of(second):
        teams = {entry.team_id for entry in table}
        assert len(teams) == 2
        assert teams <= winners or not teams & winners, "winners meet winners"


def test_one_browser_cannot_enter_and_then_confirm_under_another_name(two_clubs):
    """ "The person who entered cannot confirm": at the table's link nobody logs in, so a
    person is their browser. Whoever entered the result there and then picks another
    player's name in the same browser is still the person who entered it."""
    night = Night.create(two_clubs.a, two_clubs.director, "duizenden", rounds_planned=1)
    for member in members(two_clubs.a, 4):
        night.register(member)
    (table,) = night.draw().tables.all()
    players = [seat.entry for seat in table.seats.order_by("position")]
    first, second = players[:2]
    link = reverse("scoring:table-link", kwargs={"token": table_token(table.pk)})
    browser = Client()
    entry = duizenden_unfinished(players)
    assert_status(browser.post(link, as_post(entry, table.version, player=str(first.pk))))
    result = ResultEntry.objects.get(table=table)
    table.refresh_from_db()
    data = {"action": "confirm", "player": second.pk, "result": result.pk, "version": table.version}
    browser.post(link, data)
    result.refresh_from_db()
    assert result.status == ResultEntry.Status.PROVISIONAL
    # Nor by entering the same result again under the other name (which would confirm
    # another person's entry): the phone is the first player's in this tournament now
    # (issue 15, "a phone keeps one identity"), so acting as the second one is refused
    # with a message, the form kept.
    table.refresh_from_db()
    again = browser.post(link, as_post(entry, table.version, player=str(second.pk)))
    assert again.status_code == 200
    assert f"Deze telefoon is in dit toernooi van {escape(first.name)}" in again.content.decode()
    result.refresh_from_db()
    assert result.status == ResultEntry.Status.PROVISIONAL
    assert ResultEntry.objects.filter(table=table).count() == 1
    # Another phone entering the same result is a second person: that confirms it.
    table.refresh_from_db()
    assert_status(Client().post(link, as_post(entry, table.version, player=str(second.pk))))
    result.refresh_from_db()
    assert result.status == ResultEntry.Status.CONFIRMED
