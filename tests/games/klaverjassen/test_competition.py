"""Klaverjassen as the site plays it (KJ-8, KJ-9): an individual competition of 16
players over 3 rounds, partners drawn anew each round, results entered deal by deal and
confirmed by the other team, the evening's standings by the players' total game scores,
a season of such evenings, and the ratings with teams. Through the real services and a
real database (tests/settings.py)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Role
from evenings import services as evenings
from games import registry
from games.klaverjassen.demo import briefje_rows
from games.klaverjassen.scoring import game
from ratings import selectors as ratings
from ratings import services as rating_services
from scoring import selectors
from scoring import services as results
from scoring.actors import Actor
from tests.factories import ClubFactory, MemberFactory, RoleFactory, UserFactory
from tournaments import services
from tournaments.models import Season, Seat, Tournament

pytestmark = pytest.mark.django_db

PLAYERS = 16
ROUNDS = 3


def form_rows(rows: list[dict]) -> list[dict]:
    """``game`` case rows as the result form's detailed rows."""
    return [
        {
            "playing": row["playing"],
            "nat": row["nat"],
            "pit": row["pit"],
            "verzaakt": row["verzaakt"],
            "sides": [
                {"points": row["points"][team], "roem": row["roem"][team]} for team in (0, 1)
            ],
        }
        for row in rows
    ]


@pytest.fixture
def club_and_director():
    club = ClubFactory(slug="kj", name="Klaverjasclub")
    director = UserFactory(username="kj-director")
    RoleFactory(club=club, user=director, level=Role.Level.DIRECTOR)
    return club, director


def play_evening(club, director, members, *, season=None, seed=0, name="Klaverjasavond"):
    """An evening of 3 rounds: every table enters its 16 deals (a simulated game) and the
    other team confirms. Returns the tournament and, per table, its seats' entries by
    side and the game scores entered."""
    tournament = services.tournament_create(
        club=club, actor=director, name=name, date=f"2026-11-{seed + 1:02d}",
        game="klaverjassen", table_size=4, teams="drawn", scheme="game",
        rounds_planned=ROUNDS, season=season,
    )  # fmt: skip
    for member in members:
        services.entry_add(tournament=tournament, actor=director, member=member, present=True)
    return tournament, play_rounds(tournament, director, ROUNDS, random.Random(seed))


def play_rounds(tournament, director, rounds: int, rng: random.Random) -> list:
    """Draw and start each round; every table enters its 16 deals (a simulated game),
    as the director, and the other team (Zij) confirms. Per table: its entries by side
    and the game scores entered."""
    played = []
    for _number in range(rounds):
        round_ = evenings.round_draw(tournament=tournament, actor=director)
        evenings.round_start(round_=round_, actor=director)
        for table in round_.tables.order_by("number"):
            rows = briefje_rows(rng.randrange(2**31))
            entry = {"mode": "detailed", "finished": True, "rows": form_rows(rows)}
            result = results.result_submit(
                table=table, data=entry, version=table.version, actor=Actor(user=director)
            )
            seats = list(table.seats.select_related("entry").order_by("position"))
            by_side = {side: [s.entry for s in seats if s.side == side] for side in (0, 1)}
            table.refresh_from_db()
            results.result_confirm(
                result=result, version=table.version, actor=Actor(entry=by_side[1][0])
            )
            played.append((by_side, game(rows).result["score"]))
    return played


def partner_pairs(tournament_filter) -> Counter:
    """How often each two entries' members sat on one side (were partners)."""
    sides: dict[tuple[int, int], list[int]] = {}
    for table, side, member in Seat.objects.filter(**tournament_filter).values_list(
        "table_id", "side", "entry__member_id"
    ):
        sides.setdefault((table, side), []).append(member)
    return Counter(frozenset(pair) for group in sides.values() for pair in combinations(group, 2))


def test_the_game_is_registered_with_its_parts():
    spec = registry.get("klaverjassen")
    assert spec.prefix == "KJ" and spec.players == (4,) and spec.team_tables == {4: 2}
    assert set(spec.checks) == {"trick", "roem", "deal", "deal_score", "game", "replay"}
    assert list(spec.checker) == ["trick", "roem"]
    assert spec.results.game_points and spec.results.sides == (2,)
    assert spec.results.bye_game_points({"deals": 16}) == 16 * 81
    assert registry.by_prefix()["KJ"] == "klaverjassen"


def test_an_individual_evening_draws_new_partners_and_ranks_by_total_points(club_and_director):
    club, director = club_and_director
    members = [MemberFactory(club=club, name=f"Speler {n:02d}") for n in range(PLAYERS)]
    tournament, played = play_evening(club, director, members)

    # KJ-9: new partners each round, nobody partnered twice in the evening.
    pairs = partner_pairs({"round__tournament": tournament})
    assert len(pairs) == PLAYERS // 2 * ROUNDS
    assert max(pairs.values()) == 1
    # Every round seats everyone once, at 4 tables of two teams of two.
    for round_ in tournament.rounds.all():
        assert (
            sorted(Counter(s.entry_id for s in Seat.objects.filter(round=round_)).values())
            == [1] * PLAYERS
        )
        for table in round_.tables.all():
            assert sorted(Counter(table.seats.values_list("side", flat=True)).values()) == [2, 2]

    # A player's evening score is the sum of their team's game scores (KJ-9).
    expected: Counter = Counter()
    games_won: Counter = Counter()
    for by_side, scores in played:
        for side in (0, 1):
            for entry in by_side[side]:
                expected[entry.member_id] += scores[side]
                games_won[entry.member_id] += scores[side] > scores[1 - side]
    board = selectors.tournament_board(tournament)
    assert len(board.lines) == PLAYERS
    by_entry = {board.people[line.competitor].member: line for line in board.lines}
    assert {entry: line.match_points for entry, line in by_entry.items()} == expected
    assert {entry: line.wins for entry, line in by_entry.items()} == games_won
    # KJ-9's order: the total, then the games won, then the best game.
    order = [(line.match_points, line.wins, line.best) for line in board.lines]
    assert order == sorted(order, reverse=True)
    assert board.lines[0].match_points == max(expected.values())
    best: Counter = Counter()
    for by_side, scores in played:
        for side in (0, 1):
            for entry in by_side[side]:
                best[entry.member_id] = max(best[entry.member_id], scores[side])
    assert {entry: line.best for entry, line in by_entry.items()} == best
    assert {line.tie for line in board.lines} <= {None, "wins", "best", "shared"}
    assert board.open_tables == 0


def test_a_season_of_evenings_evens_out_partners_and_rates_every_player(club_and_director):
    club, director = club_and_director
    members = [MemberFactory(club=club, name=f"Lid {n:02d}") for n in range(PLAYERS)]
    season = services.season_create(
        club=club, actor=director, name="Klaverjascompetitie", game="klaverjassen", best_of=2
    )
    evenings_played = [
        play_evening(club, director, members, season=season, seed=s, name=f"Avond {s + 1}")[0]
        for s in range(3)
    ]
    for tournament in evenings_played:
        evenings.tournament_finish(tournament=tournament, actor=director)

    # Over 9 rounds of 16 players (120 possible pairs, 72 partnerships) the draw keeps
    # partners apart where it can: nobody has the same partner three times, and most
    # partnerships are new.
    pairs = partner_pairs({"round__tournament__season": season})
    assert sum(pairs.values()) == PLAYERS // 2 * ROUNDS * 3
    assert max(pairs.values()) <= 2
    assert sum(1 for count in pairs.values() if count == 1) >= 50

    board = selectors.season_board(Season.objects.get(pk=season.pk))
    assert len(board.lines) == PLAYERS
    for line in board.lines:
        counted = [cell.match_points for cell in line.evenings if cell.counted]
        assert len(counted) == 2  # best 2 of 3 evenings count
        assert line.total == pytest.approx(sum(counted))
        struck = [cell.match_points for cell in line.evenings if cell.struck]
        assert struck and max(struck) <= min(counted)

    # Ratings with teams (as Keezen's): every player of the season is rated.
    rating_services.update("klaverjassen")
    rated = list(ratings.club_list(club, "klaverjassen"))
    assert len(rated) == PLAYERS
    assert len({round(row.mu, 6) for row in rated}) > 1


def test_a_klaverjas_tournament_refuses_tables_of_other_sizes(club_and_director):
    club, director = club_and_director
    with pytest.raises(ValidationError) as refused:
        services.tournament_create(
            club=club, actor=director, name="Te groot", date="2026-11-20",
            game="klaverjassen", table_size=5, teams="drawn", scheme="game", rounds_planned=3,
        )  # fmt: skip
    assert set(refused.value.message_dict) == {"table_size"}
    assert not Tournament.objects.filter(name="Te groot").exists()


def test_a_team_competition_keeps_the_pairs_and_ranks_the_teams(club_and_director):
    club, director = club_and_director
    members = [MemberFactory(club=club, name=f"Paar {n:02d}") for n in range(PLAYERS)]
    tournament = services.tournament_create(
        club=club, actor=director, name="Parenavond", date="2026-11-27",
        game="klaverjassen", table_size=4, teams="fixed", scheme="game", rounds_planned=2,
    )  # fmt: skip
    for member in members:
        services.entry_add(tournament=tournament, actor=director, member=member, present=True)
    teams = services.team_draw(tournament=tournament, actor=director)
    assert len(teams) == PLAYERS // 2
    pairs = {frozenset(team.entries.values_list("member_id", flat=True)) for team in teams}
    play_rounds(tournament, director, 2, random.Random(5))
    # The partners of every table are a drawn team, in both rounds (KJ-9: teams stay).
    assert partner_pairs({"round__tournament": tournament}).keys() <= pairs
    board = selectors.tournament_board(tournament)
    assert len(board.lines) == PLAYERS // 2  # the teams stand, not the players
    totals = [line.match_points for line in board.lines]
    assert totals == sorted(totals, reverse=True) and all(line.played == 2 for line in board.lines)
