"""Season competitions (scoring/standings.py): best N of M evenings, minimum attendance."""

import pytest

from scoring.standings import (
    Bye,
    Cell,
    Game,
    Night,
    Scheme,
    nights,
    season,
    season_of_nights,
    standings,
)
from tests.standings.helpers import by_competitor, duel, positions, table

RANK = Scheme()
EVENINGS = ("e1", "e2", "e3", "e4")

# One table an evening, by rank: match points (margin).
#        e1        e2        e3       e4
# A   3 (+30)   2 (+5)    2 (+8)     -
# B   2 (+10)   3 (+20)   0 (-8)   1 (+4)
# C   1 (-10)   0 (-20)   1 (0)      -
# D   0 (-30)   1 (-5)      -      0 (-4)
GAMES = (
    table(("A", 1, 30), ("B", 2, 10), ("C", 3, -10), ("D", 4, -30), evening="e1"),
    table(("B", 1, 20), ("A", 2, 5), ("D", 3, -5), ("C", 4, -20), evening="e2"),
    table(("A", 1, 8), ("C", 2, 0), ("B", 3, -8), evening="e3"),
    duel("B", "D", margin=4, evening="e4"),
)


def test_all_evenings_count_without_best():
    lines = season(EVENINGS, GAMES, RANK)
    assert [(ln.competitor, ln.position, ln.total, ln.margin, ln.attended) for ln in lines] == [
        ("A", 1, 7, 43, 3),
        ("B", 2, 6, 26, 4),
        ("C", 3, 2, -30, 3),
        ("D", 4, 1, -39, 3),
    ]
    assert not any(cell.struck for line in lines for cell in line.evenings)


def test_best_two_of_four_strikes_the_other_evenings_and_their_margin():
    lines = by_competitor(season(EVENINGS, GAMES, RANK, best=2))
    # A's e2 (+5) and e3 (+8) are both worth 2: the worse margin, e2, is struck (TP-5).
    assert lines["A"].evenings == (
        Cell("e1", 3, counted=True, struck=False),
        Cell("e2", 2, counted=False, struck=True),
        Cell("e3", 2, counted=True, struck=False),
        Cell("e4", None, counted=False, struck=False),
    )
    assert [(cell.counted, cell.struck) for cell in lines["B"].evenings] == [
        (True, False), (True, False), (False, True), (False, True),
    ]  # fmt: skip
    # C: e1 and e3 both 1, e2 0 struck; D: e2 1 and e4's 0 (-4, better than e1's -30).
    assert [cell.struck for cell in lines["C"].evenings] == [False, True, False, False]
    assert [cell.struck for cell in lines["D"].evenings] == [True, False, False, False]
    totals = {name: (line.total, line.margin) for name, line in lines.items()}
    assert totals == {"A": (5, 38), "B": (5, 30), "C": (2, -10), "D": (1, -9)}
    # A and B on 5: the margin of the counted evenings puts A first.
    assert positions(lines.values()) == {"A": 1, "B": 2, "C": 3, "D": 4}


def test_best_more_than_attended_counts_everything():
    lines = by_competitor(season(EVENINGS, GAMES, RANK, best=10))
    assert lines["B"].total == 6
    assert all(cell.counted for cell in lines["B"].evenings)


def test_those_below_the_minimum_attendance_come_after_the_qualified():
    lines = season(EVENINGS, GAMES, RANK, best=2, min_attendance=4)
    assert [(line.competitor, line.position, line.qualified) for line in lines] == [
        ("B", 1, True), ("A", 2, False), ("C", 3, False), ("D", 4, False),
    ]  # fmt: skip
    assert all(line.qualified for line in season(EVENINGS, GAMES, RANK, min_attendance=3))


def test_equal_lines_share_the_position():
    games = [duel("A", "B", margin=10, evening="e1"), duel("B", "A", margin=10, evening="e2"),
             duel("C", "D", margin=3, evening="e2", number=2)]  # fmt: skip
    lines = season(("e1", "e2"), games, RANK)
    assert [(line.competitor, line.position) for line in lines] == [
        ("C", 1), ("A", 2), ("B", 2), ("D", 4),
    ]  # fmt: skip


def test_an_evening_adds_up_its_rounds_and_a_bye_makes_it_attended():
    games = [duel("A", "B", margin=10), duel("A", "B", margin=5, rnd=2)]
    lines = by_competitor(
        season(("e1", "e2"), games, RANK, byes=[Bye("e2", 1, "C", sides=2)], min_attendance=1)
    )
    assert (lines["A"].total, lines["A"].margin) == (2, 15)
    assert lines["C"].evenings == (Cell("e1", None, False, False), Cell("e2", 0.5, True, False))
    assert (lines["C"].attended, lines["C"].qualified, lines["C"].margin) == (1, True, 0)


def test_a_competitor_who_never_came_is_listed_last():
    games = [duel("A", "B", margin=10)]
    lines = season(("e1", "e2"), games, RANK, competitors=["Z", "B"])
    assert [(line.competitor, line.position, line.attended) for line in lines] == [
        ("A", 1, 1), ("B", 2, 1), ("Z", 3, 0),
    ]  # fmt: skip
    assert lines[-1].evenings == (Cell("e1", None, False, False), Cell("e2", None, False, False))


def test_a_season_without_games():
    assert season(("e1",), [], RANK) == []


@pytest.mark.parametrize(
    ("evenings", "games", "kwargs", "message"),
    [
        (("e1",), [duel("A", "B", evening="e9")], {}, "'e9' is not one of the season"),
        (("e1", "e1"), [], {}, "listed twice"),
        (("e1",), [], {"best": 0}, "at least one evening"),
        (("e1",), [], {"min_attendance": -1}, "negative"),
        (("e1",), [duel("A", "B"), duel("B", "A")], {}, "seated twice"),
        (("e1",), [], {"byes": [Bye("e2", 1, "A", sides=4)]}, "'e2' is not one of"),
    ],
)
def test_refused_input(evenings, games, kwargs, message):
    with pytest.raises(ValueError, match=message):
        season(evenings, games, RANK, **kwargs)


def test_nights_are_what_each_evening_is_worth_to_each_competitor():
    by_evening = nights(GAMES, RANK, byes=[Bye("e3", 1, "D", sides=3)])
    assert by_evening["e1"] == {
        "A": (3, 30, True), "B": (2, 10, False), "C": (1, -10, False), "D": (0, -30, False),
    }  # fmt: skip
    # D's bye: 1 point and, without a game that evening, margin 0.
    assert by_evening["e3"] == {
        "A": (2, 8, True), "C": (1, 0, False), "B": (0, -8, False), "D": (1, 0, False),
    }  # fmt: skip
    assert by_evening["e4"]["B"] == Night(match_points=1, margin=4, won=True)


def test_evenings_counted_by_different_schemes_make_one_season():
    # e1 by rank as above, e2 as win/draw/loss worth 3 a win: B beat D.
    by_evening = {
        **nights(GAMES[:1], RANK),
        **nights([duel("B", "D", margin=7, evening="e2")], Scheme(kind="wdl", win=3)),
    }
    lines = by_competitor(season_of_nights(("e1", "e2"), by_evening, best=1))
    assert [(name, line.total, line.margin) for name, line in lines.items()] == [
        ("A", 3, 30), ("B", 3, 7), ("C", 1, -10), ("D", 0, -7),
    ]  # fmt: skip
    assert [cell.counted for cell in lines["B"].evenings] == [False, True]


def test_nights_of_an_evening_outside_the_season_are_refused():
    with pytest.raises(ValueError, match="'e9' is not one of the season"):
        season_of_nights(("e1",), {"e9": {"A": Night(1, 0)}})


# An outside check of scoring/standings.py, written from RULES.md "Tournament points"
# and issue 6 ("Standings") alone: every expected figure below is worked out by hand
# from those words, not from the module's code.


# --- seasons: best N of M, minimum attendance, struck evenings ----------------------------

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
    lines = by_competitor(season(SEASON, games, RANK, byes=byes))
    for evening in ("sep", "oct"):
        night_lines = standings(
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
    lines = by_competitor(season(SEASON, games, RANK, best=2))
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
    lines = by_competitor(season(SEASON, games, RANK, best=2))
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


def test_tp7_seated_with_nothing_confirmed_attends_with_a_zero_cell():
    # E sat at e2's table, whose result is not confirmed yet; D sat there too, as well as
    # playing e4. Both attended e2: a cell of 0, one more evening, and it may be struck.
    seated = [("e2", "E"), ("e2", "D")]
    lines = by_competitor(season(EVENINGS, GAMES, RANK, seated=seated, best=2, min_attendance=3))
    assert lines["E"].attended == 1 and lines["E"].evenings[1] == Cell("e2", 0, True, False)
    # D's e2 already counts a game: a seat adds nothing to it (1 point, margin -5)
    assert lines["D"].attended == 3 and lines["D"].evenings[1].match_points == 1
    # A seat in e3 (0, margin 0) is D's second best evening: it counts, e4's 0 (-4) and
    # e1's 0 (-30) are struck (TP-5).
    d = by_competitor(season(EVENINGS, GAMES, RANK, seated=[("e3", "D")], best=2))["D"]
    assert d.attended == 4 and [cell.struck for cell in d.evenings] == [True, False, False, True]
    assert [cell.match_points for cell in d.evenings] == [0, 1, 0, 0] and d.margin == -5


def test_tp7_a_seat_alone_makes_a_night_of_nothing():
    found = nights(
        [duel("A", "B", margin=4, evening="e1")], RANK, seated=[("e1", "A"), ("e2", "C")]
    )
    assert found["e2"] == {"C": Night(0, 0, True)}  # alone in e2: first, as its standings say
    assert set(found["e1"]) == {"A", "B"}
