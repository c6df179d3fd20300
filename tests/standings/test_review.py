"""An outside check of scoring/standings.py, written from RULES.md "Tournament points" and
issue 6 ("Standings") alone: every expected figure below is worked out by hand from those
words, not from the module's code."""

import random

import pytest

from scoring.standings import Bye, Cell, Game, Scheme, Side, bye_points, match_points, season
from scoring.standings import standings as evening_standings
from tests.standings.helpers import duel, positions, table

RANK = Scheme()
WDL = Scheme(kind="wdl", win=3, draw=1, loss=0)
# Keezen in teams: 2 per pawn home, 10 more for the winners; a bye is half a won game.
KEEZEN = Scheme(kind="game", bye_game_points=13)


def ranked(*ranks: int) -> tuple[Side, ...]:
    return tuple(Side((f"p{seat}",), rank, 0) for seat, rank in enumerate(ranks))


def keezen(rnd: int, winners: tuple, losers: tuple, pawns_home: int) -> Game:
    """A Keezen team game of round `rnd`: the winners brought all 8 pawns home, the losers
    `pawns_home`."""
    return Game("e1", rnd, 1, (
        Side(winners, 1, 8, game_points=8 * 2 + 10),
        Side(losers, 2, pawns_home, game_points=pawns_home * 2),
    ))  # fmt: skip


def lines_by_competitor(lines) -> dict:
    return {line.competitor: line for line in lines}


# --- match points by rank: n-1 ... 0, a shared rank sharing the places it spans ----------


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
    assert match_points(ranked(*ranks), RANK) == expected


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
def test_a_table_hands_out_the_same_total_however_the_ranks_tie(size):
    # n-1 + n-2 + ... + 0 points at a table of n, shared or not.
    everyone_level = match_points(ranked(*[1] * size), RANK)
    assert sum(everyone_level) == size * (size - 1) / 2
    assert sum(match_points(ranked(*range(1, size + 1)), RANK)) == size * (size - 1) / 2


def test_a_team_table_is_ranked_by_its_sides_not_its_players():
    # Four players in two teams: two sides, so 1 and 0 points, each member getting the
    # side's points and the side's margin.
    game = Game("e1", 1, 1, (Side(("A", "B"), 2, -12), Side(("C", "D"), 1, 12)))
    assert match_points(game.sides, RANK) == (0, 1)
    lines = lines_by_competitor(evening_standings([game], RANK))
    assert {name: (line.match_points, line.margin) for name, line in lines.items()} == {
        "A": (0, -12), "B": (0, -12), "C": (1, 12), "D": (1, 12),
    }  # fmt: skip


# --- win / draw / loss and the game's own score ------------------------------------------


def test_win_draw_loss_values_are_the_tournaments():
    assert match_points(ranked(1, 2), WDL) == (3, 0)
    assert match_points(ranked(1, 1), WDL) == (1, 1)
    assert match_points(ranked(2, 1), Scheme(kind="wdl", win=1, draw=0.5, loss=0)) == (0, 1)
    assert match_points(ranked(1, 2), Scheme(kind="wdl", win=2, draw=1, loss=-1)) == (2, -1)


def test_keezen_game_score_is_2_per_pawn_plus_10_for_the_winners():
    game = keezen(1, ("A", "B"), ("C", "D"), pawns_home=5)
    assert match_points(game.sides, KEEZEN) == (26, 10)
    # The rank plays no part in the points under the game's score.
    level = (Side(("A",), 1, 0, game_points=14), Side(("B",), 1, 0, game_points=12))
    assert match_points(level, KEEZEN) == (14, 12)


def test_an_evening_under_the_game_score_adds_up_each_players_game_points():
    games = [
        keezen(1, ("A", "B"), ("C", "D"), pawns_home=5),  # 26 / 10
        keezen(2, ("C", "A"), ("B", "D"), pawns_home=7),  # 26 / 14
    ]
    lines = evening_standings(games, KEEZEN)
    assert [(line.competitor, line.match_points, line.position) for line in lines] == [
        ("A", 52, 1), ("B", 40, 2), ("C", 36, 3), ("D", 24, 4),
    ]  # fmt: skip


# --- byes, scored by the scheme ------------------------------------------------------------


def test_a_bye_is_worth_the_average_place_under_the_rank_scheme():
    # Neither a win nor a loss: the mean of n-1 ... 0.
    assert bye_points(2, RANK) == 0.5
    assert bye_points(3, RANK) == 1
    assert bye_points(4, RANK) == 1.5
    assert bye_points(6, RANK) == 2.5


def test_a_bye_is_a_draw_under_win_draw_loss_and_the_games_value_under_its_score():
    assert bye_points(2, WDL) == 1
    assert bye_points(2, Scheme(kind="wdl", win=1, draw=0.5, loss=0)) == 0.5
    assert bye_points(2, KEEZEN) == 13


def test_a_bye_adds_points_and_the_average_margin_but_no_game_played():
    games = [table(("A", 1, 9), ("B", 2, 3), ("C", 3, -12)),
             table(("B", 1, 5), ("C", 2, 1), ("D", 3, -6), rnd=2)]  # fmt: skip
    byes = [Bye("e1", 1, "D", sides=3), Bye("e1", 2, "A", sides=3)]
    lines = lines_by_competitor(evening_standings(games, RANK, byes=byes))
    # A 2 + 1 (bye), B 1 + 2, C 0 + 1, D 1 (bye) + 0.
    assert {name: line.match_points for name, line in lines.items()} == {
        "A": 3, "B": 3, "C": 1, "D": 1,
    }  # fmt: skip
    # TP-1: a bye counts the player's average margin per table played, 9 and -6.
    assert (lines["A"].margin, lines["A"].played, lines["A"].byes) == (18, 1, 1)
    assert (lines["D"].margin, lines["D"].played, lines["D"].byes) == (-12, 1, 1)
    # A and B level on points, margin 18 against 8; C and D level, margin -11 against -12.
    assert positions(lines.values()) == {"A": 1, "B": 2, "C": 3, "D": 4}


def test_a_keezen_bye_is_half_a_won_game():
    game = keezen(1, ("A", "B"), ("C", "D"), pawns_home=3)
    lines = evening_standings([game], KEEZEN, byes=[Bye("e1", 1, "E", sides=2)])
    assert [(line.competitor, line.match_points) for line in lines] == [
        ("A", 26), ("B", 26), ("E", 13), ("C", 6), ("D", 6),
    ]  # fmt: skip


# --- the margin tie-break ------------------------------------------------------------------


def test_equal_match_points_are_ordered_by_the_summed_margin_even_below_zero():
    games = [
        duel("A", "B", margin=4),
        duel("C", "D", margin=30, number=2),
        duel("B", "C", margin=2, rnd=2),
        duel("D", "A", margin=50, rnd=2, number=2),
    ]
    lines = evening_standings(games, RANK)
    # Everyone on 1 point: margins A -46, B -2, C 28, D 20.
    assert [(line.competitor, line.margin, line.position) for line in lines] == [
        ("C", 28, 1), ("D", 20, 2), ("B", -2, 3), ("A", -46, 4),
    ]  # fmt: skip
    assert all(line.head_to_head is None for line in lines)


def test_margin_never_outweighs_match_points():
    games = [duel("A", "B", margin=1), duel("C", "D", margin=0, number=2),
             table(("D", 1, 1), ("B", 1, 1), rnd=2), duel("C", "A", margin=500, rnd=2,
                                                         number=2)]  # fmt: skip
    lines = lines_by_competitor(evening_standings(games, RANK))
    # C 2 points; A 1 (margin -499) still above D (0.5, margin 1) and B (0.5, margin 0).
    assert positions(lines.values()) == {"C": 1, "A": 2, "D": 3, "B": 4}


# --- head-to-head ---------------------------------------------------------------------------


def test_head_to_head_puts_the_winner_of_the_meeting_first_whatever_the_ids():
    # "zoe" beat "amy" by 5, then lost to X by 5 while amy beat Y by 5: both on 1 point and
    # margin 0; X and Y drew their first game.
    games = [
        duel("zoe", "amy", margin=5),
        table(("X", 1), ("Y", 1), number=2),
        duel("X", "zoe", margin=5, rnd=2),
        duel("amy", "Y", margin=5, rnd=2, number=2),
    ]
    lines = lines_by_competitor(evening_standings(games, RANK))
    assert (lines["X"].match_points, lines["X"].margin) == (1.5, 5)
    assert positions(lines.values()) == {"X": 1, "zoe": 2, "amy": 3, "Y": 4}
    assert (lines["zoe"].head_to_head, lines["amy"].head_to_head) == (1, -1)


def test_head_to_head_at_a_bigger_table_ranks_the_tied_players_among_themselves():
    # Two tables of four: B 2nd and A 4th, then A 2nd and B 4th. Both end on 2 points and
    # margin 0 (Y too, but on margin -10). B finished above A in round 1 and below in
    # round 2: level, so they share 2nd.
    games = [
        table(("X", 1, 5), ("B", 2), ("Y", 3, -5), ("A", 4)),
        table(("A", 2), ("X", 1, 5), ("B", 4), ("Y", 3, -5), rnd=2),
    ]
    lines = lines_by_competitor(evening_standings(games, RANK))
    assert (lines["A"].match_points, lines["B"].match_points, lines["Y"].match_points) == (
        2, 2, 2,
    )  # fmt: skip
    assert (lines["A"].head_to_head, lines["B"].head_to_head) == (0, 0)
    assert (lines["A"].position, lines["B"].position) == (2, 2)


def test_head_to_head_sees_a_shared_rank_between_the_tied_players_as_level():
    # A and B share 2nd place at a table of four (1 point each), then both win a duel.
    games = [
        table(("X", 1), ("A", 2), ("B", 2), ("Y", 4)),
        duel("A", "Z", rnd=2),
        duel("B", "W", rnd=2, number=2),
    ]
    lines = lines_by_competitor(evening_standings(games, RANK))
    assert (lines["A"].head_to_head, lines["B"].head_to_head) == (0, 0)
    assert lines["A"].position == lines["B"].position


def pairs(rnd: int, number: int, winners: tuple, losers: tuple) -> Game:
    return Game("e1", rnd, number, (Side(winners, 1, 10), Side(losers, 2, -10)))


def test_drawn_partners_share_a_table_but_finish_level():
    # Partners drawn per round. A and B win together in round 1 (a shared table, neither
    # above the other), A's side beats B's in round 2, then A loses and B wins elsewhere:
    # both on 2 points, margin 10.
    games = [
        pairs(1, 1, ("A", "B"), ("X", "Y")),
        pairs(2, 1, ("A", "Z"), ("B", "W")),
        pairs(3, 1, ("Z", "X"), ("A", "Y")),
        pairs(3, 2, ("B", "W"), ("P", "Q")),
    ]
    lines = lines_by_competitor(evening_standings(games, RANK))
    assert {name: (line.match_points, line.margin) for name, line in lines.items()} == {
        "A": (2, 10), "B": (2, 10), "Z": (2, 20), "W": (1, 0), "X": (1, 0), "Y": (0, -20),
        "P": (0, -10), "Q": (0, -10),
    }  # fmt: skip
    assert (lines["A"].head_to_head, lines["B"].head_to_head) == (1, -1)
    # W and X never shared a table; the partners P and Q did but finished level: both
    # pairs share.
    assert positions(lines.values()) == {
        "Z": 1, "A": 2, "B": 3, "W": 4, "X": 4, "P": 6, "Q": 6, "Y": 8,
    }  # fmt: skip


def test_head_to_head_needs_every_two_of_the_group_to_have_met():
    # A, B and C all end on 1 point and margin 0. Of them only A and B met (A won): C never
    # met the group, so nobody in it is compared (TP-3) and all three share 3rd.
    games = [
        duel("A", "B"),
        duel("C", "D", number=2),
        duel("E", "A", rnd=2),
        duel("H", "C", rnd=2, number=2),
        duel("B", "F", rnd=2, number=3),
        duel("G", "D", rnd=2, number=4),
        duel("E", "F", margin=4, rnd=3),
        duel("H", "G", margin=4, rnd=3, number=2),
    ]
    lines = lines_by_competitor(evening_standings(games, RANK))
    assert {name: (line.match_points, line.margin) for name, line in lines.items()} == {
        "A": (1, 0), "B": (1, 0), "C": (1, 0), "D": (0, 0), "E": (2, 4), "H": (2, 4),
        "F": (0, -4), "G": (1, -4),
    }  # fmt: skip
    assert {name: lines[name].head_to_head for name in "ABC"} == dict.fromkeys("ABC")
    assert positions(lines.values()) == {
        "E": 1, "H": 1, "A": 3, "B": 3, "C": 3, "G": 6, "D": 7, "F": 8,
    }  # fmt: skip


def test_head_to_head_under_the_game_score_counts_who_finished_above():
    # A and B both end on 25 game points, margin 0; when they met B finished above A.
    def scored(rnd: int, winner: tuple, loser: tuple) -> Game:
        return Game(
            "e1",
            rnd,
            1,
            (
                Side((winner[0],), 1, winner[2], game_points=winner[1]),
                Side((loser[0],), 2, loser[2], game_points=loser[1]),
            ),
        )

    games = [
        scored(1, ("B", 20, 0), ("A", 5, 0)),
        scored(2, ("A", 20, 0), ("X", 3, -9)),
        scored(3, ("Y", 30, 9), ("B", 5, 0)),
    ]  # fmt: skip
    lines = evening_standings(games, Scheme(kind="game"))
    assert [(ln.competitor, ln.match_points, ln.position, ln.head_to_head) for ln in lines] == [
        ("Y", 30, 1, None), ("B", 25, 2, 1), ("A", 25, 3, -1), ("X", 3, 4, None),
    ]  # fmt: skip


# --- positions and input order -----------------------------------------------------------------


def test_shared_positions_skip_the_places_they_span():
    games = [duel("A", "B", margin=3), duel("C", "D", margin=3, number=2),
             duel("E", "F", margin=3, number=3), duel("G", "H", margin=1, number=4)]  # fmt: skip
    assert positions(evening_standings(games, RANK)) == {
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
    lines = evening_standings(games, scheme)
    assert lines[0].match_points == lines[1].match_points
    assert (lines[0].position, lines[1].position) == (1, 1)


def test_the_order_of_the_games_changes_nothing():
    games = [
        table(("A", 1, 5), ("B", 2, 2), ("C", 2, 2), ("D", 4, -9)),
        table(("E", 1, 1), ("F", 2, -1), number=2),
        table(("B", 1, 7), ("E", 2, 0), ("A", 3, -3), ("F", 4, -4), rnd=2),
        table(("C", 1, 3), ("D", 2, -3), rnd=2, number=2),
    ]
    expected = evening_standings(games, RANK)
    shuffled = list(games)
    random.Random(6).shuffle(shuffled)
    assert evening_standings(shuffled, RANK) == expected


# --- seasons: best N of M, minimum attendance, struck evenings -------------------------------

# Season order deliberately unlike the ids' order: "sep" comes before "aug" here.
SEASON = ("sep", "oct", "aug", "nov")


def night(evening: str, *seats: tuple) -> Game:
    return table(*seats, evening=evening)


def test_a_season_evening_is_worth_what_that_evenings_standings_give():
    games = [
        night("sep", ("A", 1, 20), ("B", 2, 5), ("C", 3, -25)),
        table(("C", 1, 4), ("A", 2, -4), evening="sep", rnd=2),
        night("oct", ("B", 1, 7), ("C", 2, -7)),
    ]
    byes = [Bye("sep", 2, "B", sides=2), Bye("oct", 1, "A", sides=2)]
    lines = lines_by_competitor(season(SEASON, games, RANK, byes=byes))
    for evening in ("sep", "oct"):
        night_lines = evening_standings(
            [game for game in games if game.evening == evening],
            RANK,
            byes=[bye for bye in byes if bye.evening == evening],
        )
        for night_line in night_lines:
            cells = {cell.evening: cell for cell in lines[night_line.competitor].evenings}
            assert cells[evening].match_points == night_line.match_points


def test_best_n_counts_the_best_evenings_and_strikes_the_rest_with_their_margin():
    games = [
        night("sep", ("A", 1, 10), ("B", 2, -10)),
        night("oct", ("B", 1, 40), ("A", 2, -40)),
        night("aug", ("A", 1, 3), ("B", 2, -3)),
        night("nov", ("A", 1, 1), ("B", 2, -1)),
    ]
    lines = lines_by_competitor(season(SEASON, games, RANK, best=2))
    # A won sep, aug and nov (1 each): sep (+10) and aug (+3) count, nov (+1, the worse
    # margin, TP-5) and the lost oct are struck.
    assert lines["A"].evenings == (
        Cell("sep", 1, counted=True, struck=False),
        Cell("oct", 0, counted=False, struck=True),
        Cell("aug", 1, counted=True, struck=False),
        Cell("nov", 1, counted=False, struck=True),
    )
    assert (lines["A"].total, lines["A"].margin, lines["A"].attended) == (2, 13, 4)
    # B: oct (1) and, of the three 0s, nov with the best margin (-1) count.
    assert [cell.counted for cell in lines["B"].evenings] == [False, True, False, True]
    assert (lines["B"].total, lines["B"].margin) == (1, 39)


def test_of_two_evenings_with_equal_points_the_worse_margin_is_struck():
    # TP-5: aug (+50) counts although sep comes first in the season's order.
    games = [night("aug", ("A", 1, 50), ("B", 2, -50)), night("sep", ("A", 1), ("B", 2))]
    [a_line, b_line] = season(("sep", "aug"), games, RANK, best=1)
    assert [(cell.evening, cell.counted, cell.struck) for cell in a_line.evenings] == [
        ("sep", False, True), ("aug", True, False),
    ]  # fmt: skip
    assert (a_line.total, a_line.margin) == (1, 50)
    # B lost both: sep (0) counts, aug (-50) is struck.
    assert (b_line.total, b_line.margin) == (0, 0)


def test_without_best_every_attended_evening_counts_and_none_is_struck():
    games = [night("sep", ("A", 1), ("B", 2)), night("nov", ("B", 1), ("A", 2))]
    lines = season(SEASON, games, RANK)
    for line in lines:
        assert [cell.counted for cell in line.evenings] == [True, False, False, True]
        assert not any(cell.struck for cell in line.evenings)
        assert [cell.match_points for cell in line.evenings][1:3] == [None, None]


def test_the_minimum_attendance_comes_before_the_total_and_a_bye_counts_as_attending():
    games = [
        night("sep", ("A", 1, 99), ("B", 2, -99)),
        night("oct", ("A", 1, 99), ("C", 2, -99)),
        night("aug", ("B", 1, 5), ("C", 2, -5)),
    ]
    byes = [Bye("nov", 1, "B", sides=2)]
    lines = season(SEASON, games, RANK, byes=byes, min_attendance=3)
    # Only B (0 + 1 + 0.5 for the bye, 3 evenings) reaches the minimum: first, above A with
    # more points in 2 evenings; C (2 evenings) last.
    assert [(ln.competitor, ln.attended, ln.qualified, ln.total) for ln in lines] == [
        ("B", 3, True, 1.5), ("A", 2, False, 2), ("C", 2, False, 0),
    ]  # fmt: skip
    assert [line.position for line in lines] == [1, 2, 3]


def test_season_ties_on_total_go_to_the_margin_of_the_counted_evenings_only():
    games = [
        table(("A", 1, 1), ("X", 2, -1), evening="sep"),
        table(("B", 1, 9), ("Y", 2, -9), evening="sep", number=2),
        table(("B", 1, 1), ("X", 2, -1), evening="oct"),
        table(("A", 1, 2), ("Y", 2, -2), evening="oct", number=2),
        table(("X", 1, 500), ("A", 2, -500), evening="aug"),
        table(("Y", 1, 1), ("B", 2, -1), evening="aug", number=2),
    ]
    lines = lines_by_competitor(season(SEASON, games, RANK, best=2))
    # A and B: 2 points in their two counted evenings; A's -500 evening is struck, so A's
    # margin is 3 and B's 10: B first.
    assert (lines["A"].total, lines["A"].margin) == (2, 3)
    assert (lines["B"].total, lines["B"].margin) == (2, 10)
    assert (lines["B"].position, lines["A"].position) == (1, 2)


def test_whoever_never_came_is_listed_last_with_empty_evenings():
    games = [night("oct", ("A", 1, 2), ("B", 2, -2))]
    lines = season(SEASON, games, RANK, competitors=["C", "A"], min_attendance=1)
    assert [(line.competitor, line.position, line.attended) for line in lines] == [
        ("A", 1, 1), ("B", 2, 1), ("C", 3, 0),
    ]  # fmt: skip
    assert [cell.match_points for cell in lines[-1].evenings] == [None] * 4
