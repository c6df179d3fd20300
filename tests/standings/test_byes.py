"""A bye is scored by the tournament's scheme, through the site's loaders (scoring.selectors)."""

from __future__ import annotations

from evenings import services as evenings
from scoring import selectors, services
from scoring.actors import Actor

from ..factories import EntryFactory, MemberFactory, TournamentFactory


def test_a_keezen_player_on_a_bye_scores_half_a_won_game(two_clubs):
    director = two_clubs.director
    tournament = TournamentFactory(
        club=two_clubs.a, game="keezen", table_size=4, teams="drawn", scheme="game",
        options={"points_per_pawn": 2, "win_bonus": 10, "round_minutes": 0},
    )  # fmt: skip
    for _ in range(5):  # tables of 4 or 6: one player sits out
        EntryFactory(tournament=tournament, member=MemberFactory(club=two_clubs.a))
    round_ = evenings.round_draw(tournament=tournament, actor=director)
    table = round_.tables.get()
    bye = round_.byes.get().entry
    services.result_submit(
        table=table,
        data={"mode": "summary", "finished": True, "sides": [{"pawns": 8}, {"pawns": 3}]},
        version=0,
        actor=Actor(user=director),
    )
    table.refresh_from_db()
    services.result_confirm(
        result=table.results.get(),
        version=table.version,
        actor=Actor(entry=table.seats.first().entry),
    )
    board = selectors.tournament_board(tournament)
    points = {board.people[line.competitor].name: line.match_points for line in board.lines}
    sides = {seat.entry.name: seat.side for seat in table.seats.select_related("entry__member")}
    # 8 pawns x 2 + 10 for the winners, 3 x 2 for the others, (8 x 2 + 10) / 2 for the bye.
    assert points[bye.name] == 13
    assert {points[name] for name, side in sides.items() if side == 0} == {26}
    assert {points[name] for name, side in sides.items() if side == 1} == {6}
