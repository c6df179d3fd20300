"""RULES.md TP-1 to TP-5 (byes, won, head-to-head, season order, struck evenings) in
scoring/standings.py, with examples worked out by hand from the rules' words, and the
note each line carries of how its tie was settled."""

import pytest

from scoring.standings import (
    TIE_HEAD_TO_HEAD,
    TIE_MARGIN,
    TIE_SHARED,
    TIE_WON,
    Bye,
    Game,
    Night,
    Scheme,
    Side,
    bye_points,
    nights,
    season,
    season_of_nights,
    standings,
)
from tests.standings.helpers import by_competitor, duel, keezen_team_game, positions, table

RANK = Scheme()
WDL = Scheme(kind="wdl", win=3, draw=1, loss=0)
KEEZEN = Scheme(kind="game", bye_game_points=13)


# --- TP-1: byes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scheme", "sides", "worth"),
    [
        (RANK, 2, 0.5),
        (RANK, 4, 1.5),  # half the top score of a table of four, (4 - 1) / 2
        (Scheme(kind="wdl", win=3, draw=1, loss=0), 2, 1),  # a draw
        (KEEZEN, 2, 13),  # half a won game: (8 x 2 + 10) / 2
    ],
)
def test_a_bye_is_worth_by_scheme(scheme, sides, worth):
    assert bye_points(sides, scheme) == worth


def test_a_bye_counts_the_average_margin_per_table_played():
    # A: margins 10 and 4 over two tables, one bye: 14 + 7.
    games = [duel("A", "B", margin=10), duel("A", "C", margin=4, rnd=2)]
    lines = by_competitor(standings(games, RANK, byes=[Bye("e1", 3, "A", sides=2)]))
    assert (lines["A"].margin, lines["A"].played, lines["A"].byes) == (21, 2, 1)
    assert lines["A"].match_points == 2.5


def test_a_bye_margin_that_is_not_whole_is_exact():
    # Margins 1, 2 and 2 over three tables and one bye: 5 + 5/3 = 20/3.
    games = [duel("A", "B", margin=1), duel("A", "C", margin=2, rnd=2),
             duel("A", "D", margin=2, rnd=3)]  # fmt: skip
    lines = by_competitor(standings(games, RANK, byes=[Bye("e1", 4, "A", sides=2)]))
    assert lines["A"].margin == pytest.approx(20 / 3)


def test_a_bye_before_any_game_counts_margin_zero():
    [line] = standings([], RANK, byes=[Bye("e1", 1, "A", sides=2)])
    assert (line.margin, line.match_points, line.played, line.byes) == (0, 0.5, 0, 1)


def test_a_bye_never_loses_a_tie_break_on_margin():
    # A: won by 6, lost by 2, then the bye (0.5). B: won by 6, lost by 2, drew (0.5,
    # margin 0). Level on 1.5 points; A's bye counts A's average margin (+2), so A's margin
    # is 6 where B's is 4. A bye counting 0 would have tied them.
    games = [
        duel("A", "X", margin=6),
        duel("B", "Y", margin=6, number=2),
        duel("Z", "A", margin=2, rnd=2),
        duel("W", "B", margin=2, rnd=2, number=2),
        table(("B", 1), ("V", 1), rnd=3),
    ]
    lines = by_competitor(standings(games, RANK, byes=[Bye("e1", 3, "A", sides=2)]))
    assert (lines["A"].match_points, lines["B"].match_points) == (1.5, 1.5)
    assert (lines["A"].margin, lines["B"].margin) == (6, 4)
    assert lines["A"].position < lines["B"].position
    assert (lines["A"].tie, lines["B"].tie) == (TIE_MARGIN, TIE_MARGIN)


def test_a_bye_is_worth_an_average_game_to_the_margin():
    # A played two tables at +4 and had a bye; B played three tables at +4 with the same
    # points. The bye neither gains nor loses: both margins are 12.
    games = [
        table(("A", 1, 4), ("P", 2, -4)),
        table(("B", 1, 4), ("Q", 2, -4), number=2),
        table(("A", 2, 4), ("R", 1, 8), rnd=2),
        table(("B", 2, 4), ("S", 1, 8), rnd=2, number=2),
        table(("B", 1, 4), ("T", 1, 4), rnd=3),
    ]
    lines = by_competitor(standings(games, RANK, byes=[Bye("e1", 3, "A", sides=2)]))
    assert (lines["A"].match_points, lines["A"].margin) == (1.5, 12)
    assert (lines["B"].match_points, lines["B"].margin) == (1.5, 12)
    # They never shared a table: TP-3 does not apply, they share.
    assert lines["A"].position == lines["B"].position
    assert (lines["A"].tie, lines["B"].tie) == (TIE_SHARED, TIE_SHARED)


# --- TP-2: won -----------------------------------------------------------------------------


def test_a_sole_first_place_at_a_table_the_clock_stopped_is_not_won():
    stopped = Game("e1", 1, 1, (Side(("A",), 1, 5), Side(("B",), 2, 2)), finished=False)
    finished = Game("e1", 2, 1, (Side(("A",), 1, 8), Side(("B",), 2, 2)))
    lines = by_competitor(standings([stopped], RANK))
    assert lines["A"].wins == 0
    assert lines["A"].match_points == 1  # the ranking as it stood still gives the points
    lines = by_competitor(standings([stopped, finished], RANK))
    assert (lines["A"].wins, lines["B"].wins) == (1, 0)


def test_won_follows_the_games_own_verdict_on_its_sole_winner():
    # Mie-Zie-Mauzen: two players at or below 0 end the game with no sole winner, though
    # the ranking has one first place.
    shared = Game("e1", 1, 1, (Side(("A",), 1, 3, won=False), Side(("B",), 2, 1, won=False),
                               Side(("C",), 3, -9, won=False)))  # fmt: skip
    sole = Game("e1", 2, 1, (Side(("A",), 2, 1, won=False), Side(("B",), 1, 2, won=True)))
    wins = {line.competitor: line.wins for line in standings([shared, sole], RANK)}
    assert wins == {"A": 0, "B": 1, "C": 0}


def test_a_shared_first_place_is_not_won():
    lines = standings([table(("A", 1), ("B", 1), ("C", 3))], RANK)
    assert {line.competitor: line.wins for line in lines} == {"A": 0, "B": 0, "C": 0}


# --- TP-3: head-to-head --------------------------------------------------------------------


def keezen_drawn_partners(
    rnd: int, number: int, winners: tuple, losers: tuple, pawns: int = 3
) -> Game:
    """A Keezen game with partners drawn per round: the winners brought 8 pawns home
    (2 each plus 10), the losers `pawns`."""
    return Game("e1", rnd, number, (Side(winners, 1, 8, 26), Side(losers, 2, pawns, 2 * pawns)))


def test_a_player_who_lost_his_only_meeting_is_not_ranked_above_two_who_never_met_the_group():
    # The Keezen evening: P, Q, R and S each win once and lose once with 3 pawns
    # home: 32 game points, margin 11. Q beat P in their only meeting; R and S never met any
    # of the group. Counting "points earned against the group" put P (6 points in his lost
    # meeting) above R and S (none). TP-3: not every two of the group met, so nobody in it
    # is compared and all four share the place.
    games = [
        keezen_drawn_partners(1, 1, ("Q", "a"), ("P", "b")),
        keezen_drawn_partners(1, 2, ("R", "c"), ("d", "e")),
        keezen_drawn_partners(1, 3, ("S", "f"), ("g", "h")),
        keezen_drawn_partners(2, 1, ("P", "i"), ("j", "k")),
        keezen_drawn_partners(2, 2, ("l", "m"), ("Q", "n")),
        keezen_drawn_partners(2, 3, ("o", "p"), ("R", "q")),
        keezen_drawn_partners(2, 4, ("r", "s"), ("S", "t")),
    ]
    lines = by_competitor(standings(games, KEEZEN))
    group = [lines[name] for name in "PQRS"]
    assert {(line.match_points, line.margin) for line in group} == {(32, 11)}
    assert {line.position for line in group} == {1}
    assert all(line.head_to_head is None for line in group)
    assert all(line.tie == TIE_SHARED for line in group)
    # Nobody else is on 32 points.
    assert all(line.match_points != 32 for name, line in lines.items() if name not in "PQRS")


def test_a_group_whose_every_two_met_is_ordered_by_times_above_minus_below():
    # A, B and C each end on 2 points, margin 0; every two of them met. A finished above B
    # and above C (+2); B and C drew when they met (0), and each finished below A (-1). A is
    # first by head-to-head, B and C still level share 2nd.
    games = [
        duel("A", "B"),
        duel("C", "X", number=2),
        duel("A", "C", rnd=2),
        duel("B", "Y", rnd=2, number=2),
        table(("B", 1), ("C", 1), rnd=3),
        duel("X", "A", rnd=3, number=2),
        table(("B", 1), ("W", 1), rnd=4),
        table(("C", 1), ("V", 1), rnd=4, number=2),
    ]
    lines = by_competitor(standings(games, RANK))
    assert {name: (lines[name].match_points, lines[name].margin) for name in "ABC"} == {
        "A": (2, 0), "B": (2, 0), "C": (2, 0),
    }  # fmt: skip
    assert {name: lines[name].head_to_head for name in "ABC"} == {"A": 2, "B": -1, "C": -1}
    assert (lines["A"].position, lines["B"].position, lines["C"].position) == (1, 2, 2)
    assert (lines["A"].tie, lines["B"].tie, lines["C"].tie) == (
        TIE_HEAD_TO_HEAD, TIE_SHARED, TIE_SHARED,
    )  # fmt: skip


def test_head_to_head_counts_every_meeting():
    # A and B met three times: A above twice, below once (+1 against -1).
    games = [
        duel("A", "B"),
        duel("A", "B", rnd=2),
        duel("B", "A", rnd=3),
        duel("X", "A", rnd=4),
        duel("B", "Y", rnd=4, number=2),
    ]
    lines = by_competitor(standings(games, RANK))
    assert (lines["A"].match_points, lines["B"].match_points) == (2, 2)
    assert (lines["A"].head_to_head, lines["B"].head_to_head) == (1, -1)
    assert positions([lines["A"], lines["B"]]) == {"A": 1, "B": 2}


def test_margin_decides_before_head_to_head():
    # B beat A, but A's margin is better: A first, the note says the margin decided.
    # A, B and Y on 1 point: margins A 8, Y 1, B 0.
    games = [duel("B", "A", margin=1), duel("A", "X", margin=9, rnd=2),
             duel("Y", "B", margin=1, rnd=2, number=2)]  # fmt: skip
    lines = standings(games, RANK)
    assert [(line.competitor, line.position, line.tie) for line in lines[:3]] == [
        ("A", 1, TIE_MARGIN), ("Y", 2, TIE_MARGIN), ("B", 3, TIE_MARGIN),
    ]  # fmt: skip
    assert all(line.head_to_head is None for line in lines)


def test_a_line_alone_on_its_points_has_no_note():
    lines = standings([table(("A", 1, 5), ("B", 2, 0), ("C", 3, -5))], RANK)
    assert [line.tie for line in lines] == [None, None, None]


def test_a_shared_place_is_listed_by_name():
    games = [duel(1, 10, margin=3), duel(2, 20, margin=3, number=2),
             duel(3, 30, margin=3, number=3)]  # fmt: skip
    names = {1: "Zoë", 2: "anna", 3: "Bert", 10: "x", 20: "y", 30: "z"}
    lines = standings(games, RANK, names=names)
    assert [(line.competitor, line.position) for line in lines[:3]] == [(2, 1), (3, 1), (1, 1)]
    # Without names: by id.
    assert [line.competitor for line in standings(games, RANK)[:3]] == [1, 2, 3]


# --- TP-4: season order --------------------------------------------------------------------


def test_season_order_is_qualified_total_margin_evenings_won_then_shared():
    by_evening = {
        "e1": {
            "A": Night(3, 10, won=True), "B": Night(1, 4), "C": Night(2, 5), "D": Night(0, 0),
            "F": Night(2, 12),
        },
        "e2": {
            "A": Night(1, 0), "B": Night(3, 6, won=True), "C": Night(2, 5), "D": Night(2, 20),
            "F": Night(2, 0),
        },
        "e3": {"E": Night(9, 50, won=True)},
    }  # fmt: skip
    names = {"A": "Bas", "B": "Anna", "C": "Cor", "D": "Dirk", "E": "Eva", "F": "Fien"}
    lines = season_of_nights(("e1", "e2", "e3"), by_evening, min_attendance=2, names=names)
    assert [(ln.competitor, ln.position, ln.total, ln.margin, ln.won, ln.tie) for ln in lines] == [
        ("F", 1, 4, 12, 0, TIE_MARGIN),  # total 4: the best margin
        ("B", 2, 4, 10, 1, TIE_SHARED),  # total 4, margin 10, one evening won: shared,
        ("A", 2, 4, 10, 1, TIE_SHARED),  # listed by name (Anna before Bas)
        ("C", 4, 4, 10, 0, TIE_WON),  # total 4, margin 10, no evening won
        ("D", 5, 2, 20, 0, None),
        ("E", 6, 9, 50, 1, None),  # the most points, but one evening: not qualified
    ]
    assert [line.qualified for line in lines] == [True] * 5 + [False]


def test_an_evening_is_won_by_first_place_in_its_standings():
    games = [
        table(("A", 1, 4), ("B", 2, 0), ("C", 3, -4), evening="e1"),
        # e2: B and C level on 1 point and margin 2, never met: they share first place.
        duel("B", "X", margin=2, evening="e2"),
        duel("C", "Y", margin=2, evening="e2", number=2),
    ]
    counted = nights(games, RANK)
    assert {name: night.won for name, night in counted["e1"].items()} == {
        "A": True, "B": False, "C": False,
    }  # fmt: skip
    assert {name: night.won for name, night in counted["e2"].items()} == {
        "B": True, "C": True, "X": False, "Y": False,
    }  # fmt: skip
    lines = by_competitor(season(("e1", "e2"), games, RANK))
    assert (lines["A"].won, lines["B"].won, lines["C"].won) == (1, 1, 1)


def test_no_head_to_head_in_a_season():
    # A and B end the season level on total (3), margin (0) and evenings won (1 each). A
    # finished above B in e1 and e3, B above A in e2: head-to-head would favour A, but a
    # season has none, so they share.
    games = [
        table(("A", 1), ("B", 2), ("X", 3), evening="e1"),
        table(("B", 1), ("X", 2), ("A", 3), evening="e2"),
        table(("Z", 1), ("A", 2), ("B", 3), evening="e3"),
    ]
    lines = by_competitor(season(("e1", "e2", "e3"), games, RANK))
    assert (lines["A"].total, lines["A"].margin, lines["A"].won) == (3, 0, 1)
    assert (lines["B"].total, lines["B"].margin, lines["B"].won) == (3, 0, 1)
    assert lines["A"].position == lines["B"].position
    assert (lines["A"].tie, lines["B"].tie) == (TIE_SHARED, TIE_SHARED)


def test_a_season_margin_adds_the_evenings_byes_exactly():
    # e1: A +1, +2 and a bye (3 + 3/2); e2: A +1, +1, +2 and a bye (4 + 4/3).
    games = [
        duel("A", "B", margin=1, evening="e1"),
        duel("A", "B", margin=2, evening="e1", rnd=2),
        duel("A", "B", margin=1, evening="e2"),
        duel("A", "B", margin=1, evening="e2", rnd=2),
        duel("A", "B", margin=2, evening="e2", rnd=3),
    ]
    byes = [Bye("e1", 3, "A", sides=2), Bye("e2", 4, "A", sides=2)]
    [line, _] = season(("e1", "e2"), games, RANK, byes=byes)
    assert line.margin == pytest.approx(4.5 + 16 / 3)


# --- TP-5: struck evenings -----------------------------------------------------------------


def test_the_lowest_points_are_struck_and_of_equal_points_the_worse_margin():
    by_evening = {
        "e1": {"A": Night(2, 3)},
        "e2": {"A": Night(2, 9)},
        "e3": {"A": Night(1, 50)},  # the lowest points: struck whatever its margin
        "e4": {"A": Night(2, 1)},  # equal points, the worst margin: struck
    }
    [line] = season_of_nights(("e1", "e2", "e3", "e4"), by_evening, best=2)
    assert [(cell.counted, cell.struck) for cell in line.evenings] == [
        (True, False), (True, False), (False, True), (False, True),
    ]  # fmt: skip
    assert (line.total, line.margin) == (4, 12)


def test_of_evenings_equal_in_points_and_margin_the_later_one_is_struck():
    by_evening = {"e1": {"A": Night(2, 3)}, "e2": {"A": Night(2, 3)}}
    [line] = season_of_nights(("e2", "e1"), by_evening, best=1)
    assert [(cell.evening, cell.counted) for cell in line.evenings] == [
        ("e2", True), ("e1", False),
    ]  # fmt: skip


# An outside check of scoring/standings.py, written from RULES.md "Tournament points"
# and issue 6 ("Standings") alone: every expected figure below is worked out by hand
# from those words, not from the module's code.


# --- byes, scored by the scheme -----------------------------------------------------------


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
    lines = by_competitor(standings(games, RANK, byes=byes))
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
    game = keezen_team_game(1, ("A", "B"), ("C", "D"), pawns_home=3)
    lines = standings([game], KEEZEN, byes=[Bye("e1", 1, "E", sides=2)])
    assert [(line.competitor, line.match_points) for line in lines] == [
        ("A", 26), ("B", 26), ("E", 13), ("C", 6), ("D", 6),
    ]  # fmt: skip


# --- the margin tie-break -----------------------------------------------------------------


def test_equal_match_points_are_ordered_by_the_summed_margin_even_below_zero():
    games = [
        duel("A", "B", margin=4),
        duel("C", "D", margin=30, number=2),
        duel("B", "C", margin=2, rnd=2),
        duel("D", "A", margin=50, rnd=2, number=2),
    ]
    lines = standings(games, RANK)
    # Everyone on 1 point: margins A -46, B -2, C 28, D 20.
    assert [(line.competitor, line.margin, line.position) for line in lines] == [
        ("C", 28, 1), ("D", 20, 2), ("B", -2, 3), ("A", -46, 4),
    ]  # fmt: skip
    assert all(line.head_to_head is None for line in lines)


def test_margin_never_outweighs_match_points():
    games = [duel("A", "B", margin=1), duel("C", "D", margin=0, number=2),
             table(("D", 1, 1), ("B", 1, 1), rnd=2), duel("C", "A", margin=500, rnd=2,
                                                         number=2)]  # fmt: skip
    lines = by_competitor(standings(games, RANK))
    # C 2 points; A 1 (margin -499) still above D (0.5, margin 1) and B (0.5, margin 0).
    assert positions(lines.values()) == {"C": 1, "A": 2, "D": 3, "B": 4}


# --- head-to-head -------------------------------------------------------------------------


def test_head_to_head_puts_the_winner_of_the_meeting_first_whatever_the_ids():
    # "zoe" beat "amy" by 5, then lost to X by 5 while amy beat Y by 5: both on 1 point and
    # margin 0; X and Y drew their first game.
    games = [
        duel("zoe", "amy", margin=5),
        table(("X", 1), ("Y", 1), number=2),
        duel("X", "zoe", margin=5, rnd=2),
        duel("amy", "Y", margin=5, rnd=2, number=2),
    ]
    lines = by_competitor(standings(games, RANK))
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
    lines = by_competitor(standings(games, RANK))
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
    lines = by_competitor(standings(games, RANK))
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
    lines = by_competitor(standings(games, RANK))
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
    lines = by_competitor(standings(games, RANK))
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
    lines = standings(games, Scheme(kind="game"))
    assert [(ln.competitor, ln.match_points, ln.position, ln.head_to_head) for ln in lines] == [
        ("Y", 30, 1, None), ("B", 25, 2, 1), ("A", 25, 3, -1), ("X", 3, 4, None),
    ]  # fmt: skip
