"""A game's own tie-breaks after the match points (ResultSpec.tiebreaks, Scheme.tiebreaks;
KJ-9: the games won, then the best game) and a season counted by its average (KJ-9's
option ``season``), worked out by hand."""

import pytest

from games.results import DEFAULT_TIEBREAKS, TIEBREAKS, Layout, ResultSpec
from scoring.standings import (
    COUNT_AVERAGE,
    TIE_BEST,
    TIE_HEAD_TO_HEAD,
    TIE_MARGIN,
    TIE_SHARED,
    TIE_WINS,
    TIES,
    Bye,
    Game,
    Night,
    Scheme,
    Side,
    nights,
    positions_by_evening,
    season,
    season_of_nights,
    standings,
)
from tests.standings.helpers import by_competitor

KJ9 = ("wins", "best")


def scheme(*tiebreaks: str) -> Scheme:
    """Scheme "game" (a side's game score are its match points) ordering by `tiebreaks`."""
    return Scheme(kind="game", tiebreaks=tiebreaks)


def game(rnd: int, number: int, *scores: tuple, evening="e1") -> Game:
    """A two-side game of (player, game score): the higher score wins (margin 0)."""
    (one, one_score), (other, other_score) = scores
    ranks = (1, 2) if one_score > other_score else (2, 1) if other_score > one_score else (1, 1)
    return Game(evening, rnd, number, (
        Side((one,), ranks[0], 0, one_score),
        Side((other,), ranks[1], 0, other_score),
    ))  # fmt: skip


# A and B both score 300 and never meet. A won both its games (150, 150), B one of its two
# (250, 50): more games won puts A first, a better best game B.
WINS_OR_BEST = [
    game(1, 1, ("A", 150), ("C", 100)),
    game(1, 2, ("B", 250), ("D", 10)),
    game(2, 1, ("A", 150), ("E", 20)),
    game(2, 2, ("B", 50), ("F", 120)),
]


def test_the_games_won_decide_equal_points():
    lines = standings(WINS_OR_BEST, scheme(*KJ9))
    assert [(line.competitor, line.position) for line in lines[:2]] == [("A", 1), ("B", 2)]
    a, b = lines[0], lines[1]
    assert (a.match_points, a.wins, a.best, a.tie) == (300, 2, 150, TIE_WINS)
    assert (b.match_points, b.wins, b.best, b.tie) == (300, 1, 250, TIE_WINS)


def test_the_best_game_decides_when_listed_first():
    lines = standings(WINS_OR_BEST, scheme("best", "wins"))
    assert [(line.competitor, line.position, line.tie) for line in lines[:2]] == [
        ("B", 1, TIE_BEST),
        ("A", 2, TIE_BEST),
    ]


def test_the_default_order_is_tp3_and_shares_what_it_cannot_part():
    # Margins all 0 and A never met B: TP-3 cannot part them, the place is shared.
    assert Scheme().tiebreaks == DEFAULT_TIEBREAKS == ("margin", "head_to_head")
    lines = by_competitor(standings(WINS_OR_BEST, Scheme(kind="game")))
    assert (lines["A"].position, lines["B"].position) == (1, 1)
    assert lines["A"].tie == lines["B"].tie == TIE_SHARED


def test_the_best_game_decides_equal_points_and_games_won():
    games = [
        game(1, 1, ("A", 200), ("C", 10)),
        game(1, 2, ("B", 150), ("D", 20)),
        game(2, 1, ("A", 100), ("E", 30)),
        game(2, 2, ("B", 150), ("F", 40)),
    ]
    lines = standings(games, scheme(*KJ9))
    assert [(line.competitor, line.position, line.tie) for line in lines[:2]] == [
        ("A", 1, TIE_BEST),
        ("B", 2, TIE_BEST),
    ]
    assert (lines[0].wins, lines[1].wins) == (2, 2)


def test_equal_in_every_listed_tie_break_the_place_is_shared():
    games = [
        game(1, 1, ("A", 200), ("C", 10)),
        game(1, 2, ("B", 200), ("D", 20)),
        game(2, 1, ("A", 100), ("E", 30)),
        game(2, 2, ("B", 100), ("F", 40)),
    ]
    lines = by_competitor(standings(games, scheme(*KJ9)))
    assert (lines["A"].position, lines["B"].position) == (1, 1)
    assert lines["A"].tie == lines["B"].tie == TIE_SHARED


# A and B meet in round 1 (A above B), then each win a game: 300 each, best game 160 each.
MET = [
    game(1, 1, ("A", 160), ("B", 140)),
    game(2, 1, ("A", 140), ("C", 100)),
    game(2, 2, ("B", 160), ("D", 90)),
]


def test_head_to_head_applies_only_when_the_game_lists_it():
    lines = by_competitor(standings(MET, scheme("best")))
    assert (lines["A"].position, lines["B"].position) == (1, 1)
    assert lines["A"].tie == TIE_SHARED
    assert lines["A"].head_to_head is None
    listed = standings(MET, scheme("best", "head_to_head"))
    assert [(line.competitor, line.position, line.tie) for line in listed[:2]] == [
        ("A", 1, TIE_HEAD_TO_HEAD),
        ("B", 2, TIE_HEAD_TO_HEAD),
    ]
    # TP-3's own order parts them the same way (margins equal)
    assert [line.competitor for line in standings(MET, Scheme(kind="game"))[:2]] == ["A", "B"]


def test_a_tie_break_after_head_to_head_parts_what_head_to_head_left_level():
    # A, B and C never all met: head-to-head does not apply; the margin then decides.
    games = [
        Game("e1", 1, 1, (Side(("A",), 1, 5, 100), Side(("X",), 2, -5, 0))),
        Game("e1", 1, 2, (Side(("B",), 1, 9, 100), Side(("Y",), 2, -9, 0))),
    ]
    lines = standings(games, scheme("head_to_head", "margin"))
    assert [(line.competitor, line.tie) for line in lines[:2]] == [
        ("B", TIE_MARGIN),
        ("A", TIE_MARGIN),
    ]


def test_a_bye_is_no_game_for_the_best_game():
    games = [game(1, 1, ("A", 30), ("B", 20))]
    lines = by_competitor(
        standings(
            games,
            Scheme(kind="game", bye_game_points=81, tiebreaks=KJ9),
            byes=[Bye("e1", 2, "A", 2)],
        )
    )
    assert (lines["A"].match_points, lines["A"].best) == (111, 30)
    assert lines["B"].best == 20


def test_the_evening_winner_in_a_season_follows_the_games_order():
    # TP-4's evenings won: first place in the evening's standings, by the game's order.
    won = {c for c, night in nights(WINS_OR_BEST, scheme(*KJ9))["e1"].items() if night.won}
    assert won == {"A"}
    won = {c for c, night in nights(WINS_OR_BEST, scheme("best"))["e1"].items() if night.won}
    assert won == {"B"}
    # TP-3's order cannot part them: both won the evening
    won = {c for c, night in nights(WINS_OR_BEST, Scheme(kind="game"))["e1"].items() if night.won}
    assert won == {"A", "B"}
    lines = by_competitor(season(["e1"], WINS_OR_BEST, scheme(*KJ9)))
    assert (lines["A"].won, lines["B"].won) == (1, 0)


@pytest.mark.parametrize(
    "tiebreaks", [("wins", "bset"), ("margin", "margin"), ["wins"], ("tables_won",)]
)
def test_an_unknown_or_repeated_tie_break_is_refused(tiebreaks):
    with pytest.raises(ValueError, match=r"tie-break|tiebreaks"):
        Scheme(tiebreaks=tiebreaks)
    with pytest.raises(ValueError, match=r"tie-break|tiebreaks"):
        ResultSpec(Layout(("summary",), "", (), ()), lambda *a: None, (2,), "Total", "m", 1,
                   tiebreaks=tiebreaks)  # fmt: skip


def test_every_tie_break_a_game_may_declare_leaves_a_tie_note_of_its_name():
    assert set(TIEBREAKS) == {"margin", "head_to_head", "wins", "best"}
    assert set(TIEBREAKS) <= set(TIES)


# --- a season by its average -------------------------------------------------------------


def nights_of(**by_evening: dict) -> dict:
    """evening -> competitor -> Night from {competitor: (points, margin)}."""
    return {
        evening: {c: Night(points, margin) for c, (points, margin) in worth.items()}
        for evening, worth in by_evening.items()
    }


def test_by_average_a_player_with_fewer_evenings_is_not_behind():
    # A came twice (10, 10), B three times (8, 8, 8): by total B (24) leads A (20), by
    # average A (10) leads B (8).
    counts = nights_of(e1={"A": (10, 0), "B": (8, 0)}, e2={"A": (10, 0), "B": (8, 0)},
                       e3={"B": (8, 0)})  # fmt: skip
    evenings = ["e1", "e2", "e3"]
    by_total = season_of_nights(evenings, counts)
    assert [line.competitor for line in by_total] == ["B", "A"]
    assert by_total[0].average is None
    by_average = season_of_nights(evenings, counts, count_by=COUNT_AVERAGE)
    assert [(line.competitor, line.position) for line in by_average] == [("A", 1), ("B", 2)]
    a, b = by_average
    assert (a.total, a.average, b.total, b.average) == (20, 10, 24, 8)


def test_best_n_by_average_strikes_the_same_evenings_and_averages_the_margin_too():
    # Best 2: A's 12 and 10 count (average 11, margins 4 and 2: 3), its 2 is struck; B came
    # once, 11 with margin 5: the same average, the better average margin.
    counts = nights_of(e1={"A": (12, 4), "B": (11, 5)}, e2={"A": (10, 2)}, e3={"A": (2, 9)})
    lines = season_of_nights(["e1", "e2", "e3"], counts, best=2, count_by=COUNT_AVERAGE)
    assert [(line.competitor, line.position, line.tie) for line in lines] == [
        ("B", 1, TIE_MARGIN),
        ("A", 2, TIE_MARGIN),
    ]
    a = lines[1]
    assert (a.total, a.margin, a.average, a.average_margin) == (22, 6, 11, 3)
    assert [cell.struck for cell in a.evenings] == [False, False, True]


def test_an_average_margin_is_exact():
    # margins 1 and 2 over two evenings: 3/2 for A; 3 over two for B's 1 and 2 the same way
    counts = nights_of(e1={"A": (5, 1), "B": (5, 2)}, e2={"A": (5, 2), "B": (5, 1)})
    lines = season_of_nights(["e1", "e2"], counts, count_by=COUNT_AVERAGE)
    assert [line.position for line in lines] == [1, 1]
    assert lines[0].average_margin == 1.5
    assert lines[0].tie == TIE_SHARED


def test_the_positions_after_each_evening_go_by_the_average_too():
    counts = nights_of(e1={"A": (10, 0), "B": (8, 0)}, e2={"A": (10, 0), "B": (8, 0)},
                       e3={"B": (8, 0)})  # fmt: skip
    assert positions_by_evening(["e1", "e2", "e3"], counts, count_by=COUNT_AVERAGE) == {
        "A": (1, 1, 1),
        "B": (2, 2, 2),
    }
    assert positions_by_evening(["e1", "e2", "e3"], counts)["B"] == (2, 2, 1)


def test_an_unknown_count_is_refused():
    with pytest.raises(ValueError, match="count_by"):
        season_of_nights(["e1"], {}, count_by="median")
