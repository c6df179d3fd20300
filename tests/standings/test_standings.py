"""Match points, byes and evening standings (scoring/standings.py), worked out by hand."""

import random

import pytest

from scoring.standings import Bye, Game, Scheme, Side, bye_points, match_points, standings
from tests.standings.helpers import by_competitor, duel, keezen_team_game, positions, table

RANK = Scheme()
WDL = Scheme(kind="wdl", win=3, draw=1, loss=0)
# Keezen in teams: 2 per pawn home, 10 more for the winners; a bye is half a won game.
KEEZEN = Scheme(kind="game", bye_game_points=13)


def sides(*ranks: int, game_points=None) -> tuple[Side, ...]:
    points = game_points or [0] * len(ranks)
    return tuple(Side((f"p{seat}",), rank, 0, points[seat]) for seat, rank in enumerate(ranks))


# --- match points ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        ((1, 2, 3, 4), (3, 2, 1, 0)),
        ((1, 2, 2, 4), (3, 1.5, 1.5, 0)),  # the two second places share 2 + 1
        ((2, 1, 4, 2), (1.5, 3, 0, 1.5)),  # points follow the sides, not the ranks' order
        ((1, 1, 3, 3, 5), (3.5, 3.5, 1.5, 1.5, 0)),
        ((1, 1, 1), (1, 1, 1)),  # all three share 2 + 1 + 0
        ((1, 1), (0.5, 0.5)),  # a two-player draw
        ((2, 1), (0, 1)),
        ((1, 2, 3, 4, 5, 6), (5, 4, 3, 2, 1, 0)),
    ],
)
def test_rank_scheme_gives_n_minus_1_to_0_and_shares_tied_places(ranks, expected):
    assert match_points(sides(*ranks), RANK) == expected


def test_win_draw_loss_scheme_uses_the_tournament_values():
    assert match_points(sides(1, 2), WDL) == (3, 0)
    assert match_points(sides(2, 1), WDL) == (0, 3)
    assert match_points(sides(1, 1), WDL) == (1, 1)
    assert match_points(sides(1, 2), Scheme(kind="wdl")) == (2, 0)


def test_win_draw_loss_refuses_a_table_of_more_than_two_sides():
    with pytest.raises(ValueError, match="two sides"):
        match_points(sides(1, 2, 3), WDL)


def test_game_scheme_takes_each_sides_game_points_whatever_the_rank():
    # Keezen: the winners 8 pawns home x 2 + 10, the others 5 x 2.
    assert match_points(sides(1, 2, game_points=[26, 10]), Scheme(kind="game")) == (26, 10)
    assert match_points(sides(1, 1, game_points=[12, 14]), Scheme(kind="game")) == (12, 14)


@pytest.mark.parametrize(
    "ranks",
    [(1, 1, 2), (1, 3), (2, 3), (0, 1), (1, 2, 2, 3), (1,), (), (1, 2, 4)],
)
def test_a_result_that_is_not_a_ranking_is_refused(ranks):
    with pytest.raises(ValueError, match="sides"):
        match_points(sides(*ranks), RANK)


def test_an_unknown_scheme_is_refused():
    with pytest.raises(ValueError, match="unknown scheme 'elo'"):
        Scheme(kind="elo")


# --- byes --------------------------------------------------------------------------------


def test_a_bye_is_worth_the_average_place_under_the_rank_scheme():
    assert bye_points(4, RANK) == 1.5
    assert bye_points(2, RANK) == 0.5
    assert bye_points(5, RANK) == 2


def test_a_bye_is_a_draw_under_win_draw_loss_and_the_set_value_under_game():
    assert bye_points(2, WDL) == 1
    assert bye_points(2, Scheme(kind="game", bye_game_points=8)) == 8


@pytest.mark.parametrize(("count", "scheme"), [(1, RANK), (0, WDL), (3, WDL)])
def test_a_bye_for_an_impossible_table_is_refused(count, scheme):
    with pytest.raises(ValueError, match="sides"):
        bye_points(count, scheme)


def test_a_bye_counts_its_points_but_not_as_a_game_played():
    games = [duel("A", "B", margin=20), duel("C", "D", margin=10, number=2)]
    lines = {line.competitor: line for line in standings(
        games, RANK, byes=[Bye("e1", 1, "E", sides=2)])}  # fmt: skip
    assert lines["E"].match_points == 0.5
    assert (lines["E"].played, lines["E"].byes, lines["E"].margin) == (0, 1, 0)
    assert lines["E"].average_rank is None
    assert positions(lines.values()) == {"A": 1, "C": 2, "E": 3, "D": 4, "B": 5}


def test_byes_under_the_game_and_win_draw_loss_schemes():
    game = Scheme(kind="game", bye_game_points=8)
    keezen = Game("e1", 1, 1, (Side(("A", "C"), 1, 8, 26), Side(("B", "D"), 2, 3, 6)))
    lines = standings([keezen], game, byes=[Bye("e1", 1, "E", sides=2)])
    assert [(line.competitor, line.match_points) for line in lines] == [
        ("A", 26), ("C", 26), ("E", 8), ("B", 6), ("D", 6),
    ]  # fmt: skip
    [line] = standings([], WDL, byes=[Bye("e1", 1, "E", sides=2)])
    assert line.match_points == 1


# --- standings ---------------------------------------------------------------------------


def test_match_points_and_margin_add_up_over_the_games_of_an_evening():
    games = [
        table(("A", 1, 40), ("B", 2, 10), ("C", 3, -20), ("D", 4, -30)),
        table(("B", 1, 25), ("D", 2, 5), ("A", 3, -5), ("C", 4, -25), rnd=2),
    ]
    lines = standings(games, RANK)
    assert [(ln.competitor, ln.position, ln.match_points, ln.margin) for ln in lines] == [
        ("B", 1, 5, 35),
        ("A", 2, 4, 35),
        ("D", 3, 2, -25),
        ("C", 4, 1, -45),
    ]
    assert [line.played for line in lines] == [2, 2, 2, 2]
    assert [line.average_rank for line in lines] == [1.5, 2, 3, 3.5]


def test_margin_breaks_a_tie_on_match_points():
    # A and B both win once and lose once; A won by more.
    games = [
        duel("A", "C", margin=30),
        duel("B", "D", margin=10, number=2),
        duel("D", "A", margin=5, rnd=2),
        duel("C", "B", margin=5, rnd=2, number=2),
    ]
    lines = standings(games, RANK)
    assert [(ln.competitor, ln.match_points, ln.margin) for ln in lines[:2]] == [
        ("A", 1, 25),
        ("B", 1, 5),
    ]
    assert positions(lines) == {"A": 1, "B": 2, "D": 3, "C": 4}


def test_head_to_head_breaks_a_tie_on_match_points_and_margin():
    # A and B: one win, one loss, margin 0 each; B beat A in round 1.
    games = [
        duel("B", "A", margin=10),
        duel("C", "D", margin=10, number=2),
        duel("A", "D", margin=10, rnd=2),
        duel("C", "B", margin=10, rnd=2, number=2),
    ]
    lines = {line.competitor: line for line in standings(games, RANK)}
    assert positions(lines.values()) == {"C": 1, "B": 2, "A": 3, "D": 4}
    # TP-3: once above the other, once below.
    assert (lines["B"].head_to_head, lines["A"].head_to_head) == (1, -1)
    assert (lines["B"].tie, lines["A"].tie) == ("head_to_head", "head_to_head")
    assert lines["C"].head_to_head is None  # not tied with anyone
    assert lines["C"].tie is None


def test_head_to_head_orders_a_three_way_tie():
    # A, B and C each end on 2 points and margin 0, and every two of them met. A finished
    # above B and C (+2), B above C and below A (0), C below both (-2).
    games = [
        duel("A", "B"),
        duel("C", "D", number=2),
        duel("A", "C", rnd=2),
        duel("B", "D", rnd=2, number=2),
        duel("B", "C", rnd=3),
        duel("C", "D", rnd=4),
    ]
    lines = standings(games, RANK)
    assert [(ln.competitor, ln.position, ln.match_points, ln.head_to_head) for ln in lines] == [
        ("A", 1, 2, 2),
        ("B", 2, 2, 0),
        ("C", 3, 2, -2),
        ("D", 4, 0, None),
    ]


def test_a_three_way_circle_stays_shared():
    games = [duel("A", "B", margin=5), duel("B", "C", margin=5, rnd=2),
             duel("C", "A", margin=5, rnd=3)]  # fmt: skip
    lines = standings(games, RANK)
    assert [(line.competitor, line.position, line.head_to_head, line.tie) for line in lines] == [
        ("A", 1, 0, "shared"), ("B", 1, 0, "shared"), ("C", 1, 0, "shared"),
    ]  # fmt: skip


def test_head_to_head_ranks_only_the_tied_players_present_at_a_table():
    # Round 1: A first and B third at a table of three (2 and 0 points), X between them.
    # Round 2: B beats A. Round 3: B beats Y. A and B: 2 points, margin 0 each.
    # A finished above B in round 1 and below in round 2 (X does not count): level, so
    # they share first place (the table's full points would have put A ahead).
    games = [
        table(("A", 1), ("X", 2), ("B", 3)),
        duel("B", "A", rnd=2),
        duel("B", "Y", rnd=3),
    ]
    lines = standings(games, RANK)
    assert [(line.competitor, line.position, line.head_to_head) for line in lines] == [
        ("A", 1, 0), ("B", 1, 0), ("X", 3, None), ("Y", 4, None),
    ]  # fmt: skip


def test_players_tied_who_never_met_share_the_position_and_the_next_one_is_skipped():
    games = [duel("A", "C", margin=10), duel("B", "D", margin=10, number=2),
             duel("E", "F", margin=4, number=3)]  # fmt: skip
    assert positions(standings(games, RANK)) == {"A": 1, "B": 1, "E": 3, "F": 4, "C": 5,
                                                  "D": 5}  # fmt: skip


def test_team_members_each_get_the_sides_points_and_margin():
    # MeieRijen in teams: A and C against B and D, then a game of twos.
    teams = Game("e1", 1, 1, (Side(("A", "C"), 1, 30), Side(("B", "D"), 2, -30)))
    lines = standings([teams, duel("D", "A", margin=10, rnd=2)], RANK)
    by_player = {line.competitor: (line.match_points, line.margin) for line in lines}
    assert by_player == {"A": (1, 20), "C": (1, 30), "B": (0, -30), "D": (1, -20)}
    assert positions(lines) == {"C": 1, "A": 2, "D": 3, "B": 4}


def test_partners_are_never_each_others_head_to_head():
    teams = Game("e1", 1, 1, (Side(("A", "C"), 1, 30), Side(("B", "D"), 2, -30)))
    lines = standings([teams], RANK)
    assert [(line.competitor, line.position, line.head_to_head) for line in lines] == [
        ("A", 1, 0), ("C", 1, 0), ("B", 3, 0), ("D", 3, 0),
    ]  # fmt: skip


def test_wins_count_only_an_outright_first_place():
    games = [
        table(("A", 1), ("B", 2), ("C", 3)),
        table(("A", 1), ("B", 1), ("C", 3), rnd=2),
        duel("C", "A", rnd=3),
    ]
    wins = {line.competitor: line.wins for line in standings(games, RANK)}
    assert wins == {"A": 1, "B": 0, "C": 1}
    draw = standings([table(("A", 1), ("B", 1))], WDL)
    assert [(line.match_points, line.wins) for line in draw] == [(1, 0), (1, 0)]


def test_the_win_draw_loss_scheme_in_standings():
    games = [duel("A", "B"), table(("C", 1), ("D", 1), number=2), duel("A", "C", rnd=2),
             duel("D", "B", rnd=2, number=2)]  # fmt: skip
    lines = standings(games, WDL)
    assert [(line.competitor, line.match_points) for line in lines] == [
        ("A", 6), ("D", 4), ("C", 1), ("B", 0),
    ]  # fmt: skip


def test_competitors_with_nothing_counted_stand_at_zero_and_margin_zero():
    # TP-6: B ends on 0 points and margin -10, below the 0 and 0 of Y and Z, who share a
    # position with each other only (equal points and margin) and carry no other note.
    games = [duel("A", "B", margin=10)]
    lines = standings(games, RANK, competitors=["Z", "A", "Y"])
    assert [(line.competitor, line.position, line.match_points, line.played, line.tie)
            for line in lines] == [
        ("A", 1, 1, 1, None), ("Y", 2, 0, 0, "shared"), ("Z", 2, 0, 0, "shared"),
        ("B", 4, 0, 1, "margin"),
    ]  # fmt: skip


def test_a_competitor_with_nothing_counted_stands_alone_below_a_better_margin():
    # TP-6: C (nothing counted) is above B (0 points, margin -4) and below D (0 points,
    # a lost table with margin +3, as card points can be), sharing nothing: its tie was
    # the margin.
    games = [duel("A", "B", margin=4), table(("E", 1, 5), ("D", 2, 3), number=2)]
    lines = {line.competitor: line for line in standings(games, RANK, competitors=["C"])}
    assert (lines["C"].position, lines["C"].tie) == (4, "margin")
    assert lines["D"].position < lines["C"].position < lines["B"].position


def test_no_games_gives_every_competitor_a_shared_first_place():
    assert positions(standings([], RANK, competitors=[3, 1, 2])) == {1: 1, 2: 1, 3: 1}
    assert standings([], RANK) == []


def test_ids_of_mixed_types_still_give_one_order():
    games = [duel(2, "x"), duel("a", 1, number=2)]
    lines = standings(games, RANK)
    assert positions(lines) == {2: 1, "a": 1, "x": 3, 1: 3}
    again = standings(list(reversed(games)), RANK)
    assert [line.competitor for line in again] == [line.competitor for line in lines]


# --- refused input -----------------------------------------------------------------------


def test_a_competitor_seated_twice_in_a_round_is_refused():
    with pytest.raises(ValueError, match="'A' is seated twice in round 1"):
        standings([duel("A", "B"), duel("A", "C", number=2)], RANK)
    with pytest.raises(ValueError, match="seated twice"):
        standings([duel("A", "B")], RANK, byes=[Bye("e1", 1, "A", sides=2)])
    with pytest.raises(ValueError, match="seated twice"):
        standings([Game("e1", 1, 1, (Side(("A", "B"), 1, 0), Side(("A",), 2, 0)))], RANK)


def test_the_same_player_in_other_rounds_and_evenings_is_fine():
    games = [duel("A", "B"), duel("A", "B", rnd=2), duel("A", "B", evening="e2")]
    assert standings(games, RANK)[0].match_points == 3


def test_an_improper_ranking_or_an_empty_side_in_a_game_is_refused():
    with pytest.raises(ValueError, match="not a ranking"):
        standings([table(("A", 1), ("B", 1), ("C", 2))], RANK)
    with pytest.raises(ValueError, match="without members"):
        standings([Game("e1", 1, 4, (Side((), 1, 0), Side(("B",), 2, 0)))], RANK)


def test_win_draw_loss_at_a_table_of_three_is_refused_in_standings():
    with pytest.raises(ValueError, match="two sides"):
        standings([table(("A", 1), ("B", 2), ("C", 3))], WDL)


# An outside check of scoring/standings.py, written from RULES.md "Tournament points"
# and issue 6 ("Standings") alone: every expected figure below is worked out by hand
# from those words, not from the module's code.


# --- match points by rank: n-1 ... 0, a shared rank sharing the places it spans -----------


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        ((1, 2, 3), (2, 1, 0)),
        ((1, 2, 3, 4, 5), (4, 3, 2, 1, 0)),
        ((1, 1, 3, 4), (2.5, 2.5, 1, 0)),  # places 1 and 2: (3 + 2) / 2
        ((1, 2, 2, 2), (3, 1, 1, 1)),  # places 2, 3 and 4: (2 + 1 + 0) / 3
        ((1, 2, 2, 2, 5), (4, 2, 2, 2, 0)),  # places 2-4 of five: (3 + 2 + 1) / 3
        ((1, 1, 1, 1), (1.5, 1.5, 1.5, 1.5)),  # everyone shares 3 + 2 + 1 + 0
        ((3, 1, 1), (0, 1.5, 1.5)),
        ((1, 1, 3, 3, 3, 6), (4.5, 4.5, 2, 2, 2, 0)),
    ],
)
def test_rank_points_share_the_places_a_tied_rank_spans(ranks, expected):
    assert match_points(sides(*ranks), RANK) == expected


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_a_table_hands_out_the_same_total_however_the_ranks_tie(size):
    # n-1 + n-2 + ... + 0 points at a table of n, shared or not.
    everyone_level = match_points(sides(*[1] * size), RANK)
    assert sum(everyone_level) == size * (size - 1) / 2
    assert sum(match_points(sides(*range(1, size + 1)), RANK)) == size * (size - 1) / 2


def test_a_team_table_is_ranked_by_its_sides_not_its_players():
    # Four players in two teams: two sides, so 1 and 0 points, each member getting the
    # side's points and the side's margin.
    game = Game("e1", 1, 1, (Side(("A", "B"), 2, -12), Side(("C", "D"), 1, 12)))
    assert match_points(game.sides, RANK) == (0, 1)
    lines = by_competitor(standings([game], RANK))
    assert {name: (line.match_points, line.margin) for name, line in lines.items()} == {
        "A": (0, -12), "B": (0, -12), "C": (1, 12), "D": (1, 12),
    }  # fmt: skip


# --- win / draw / loss and the game's own score -------------------------------------------


def test_win_draw_loss_values_are_the_tournaments():
    assert match_points(sides(1, 2), WDL) == (3, 0)
    assert match_points(sides(1, 1), WDL) == (1, 1)
    assert match_points(sides(2, 1), Scheme(kind="wdl", win=1, draw=0.5, loss=0)) == (0, 1)
    assert match_points(sides(1, 2), Scheme(kind="wdl", win=2, draw=1, loss=-1)) == (2, -1)


def test_keezen_game_score_is_2_per_pawn_plus_10_for_the_winners():
    game = keezen_team_game(1, ("A", "B"), ("C", "D"), pawns_home=5)
    assert match_points(game.sides, KEEZEN) == (26, 10)
    # The rank plays no part in the points under the game's score.
    level = (Side(("A",), 1, 0, game_points=14), Side(("B",), 1, 0, game_points=12))
    assert match_points(level, KEEZEN) == (14, 12)


def test_an_evening_under_the_game_score_adds_up_each_players_game_points():
    games = [
        keezen_team_game(1, ("A", "B"), ("C", "D"), pawns_home=5),  # 26 / 10
        keezen_team_game(2, ("C", "A"), ("B", "D"), pawns_home=7),  # 26 / 14
    ]
    lines = standings(games, KEEZEN)
    assert [(line.competitor, line.match_points, line.position) for line in lines] == [
        ("A", 52, 1), ("B", 40, 2), ("C", 36, 3), ("D", 24, 4),
    ]  # fmt: skip


# --- positions and input order ------------------------------------------------------------


def test_shared_positions_skip_the_places_they_span():
    games = [duel("A", "B", margin=3), duel("C", "D", margin=3, number=2),
             duel("E", "F", margin=3, number=3), duel("G", "H", margin=1, number=4)]  # fmt: skip
    assert positions(standings(games, RANK)) == {
        "A": 1, "C": 1, "E": 1, "G": 4, "H": 5, "B": 6, "D": 6, "F": 6,
    }  # fmt: skip


def test_game_points_in_tenths_tie_whatever_order_they_are_added_in():
    # A earns 0.1, 0.2, 0.3 and B the same in the other order: level, so they share.
    scheme = Scheme(kind="game")
    points = (0.1, 0.2, 0.3)

    def game(rnd: int, a: float, b: float) -> Game:
        return Game("e1", rnd, 1, (Side(("A",), 1, 0, game_points=a),
                                   Side(("B",), 1, 0, game_points=b)))  # fmt: skip

    games = [game(n + 1, a, b) for n, (a, b) in enumerate(zip(points, reversed(points),
                                                              strict=True))]  # fmt: skip
    lines = standings(games, scheme)
    assert lines[0].match_points == lines[1].match_points
    assert (lines[0].position, lines[1].position) == (1, 1)


def test_the_order_of_the_games_changes_nothing():
    games = [
        table(("A", 1, 5), ("B", 2, 2), ("C", 2, 2), ("D", 4, -9)),
        table(("E", 1, 1), ("F", 2, -1), number=2),
        table(("B", 1, 7), ("E", 2, 0), ("A", 3, -3), ("F", 4, -4), rnd=2),
        table(("C", 1, 3), ("D", 2, -3), rnd=2, number=2),
    ]
    expected = standings(games, RANK)
    shuffled = list(games)
    random.Random(6).shuffle(shuffled)
    assert standings(shuffled, RANK) == expected
