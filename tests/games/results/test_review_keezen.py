"""Outside review of Keezen table results, worked by hand from RULES.md: pawns home per
team, the winning team the one with all eight home (KZ-8), and the KZ-9 game points (2
per pawn plus 10 for the winner, or the tournament's options)."""

from __future__ import annotations

from games import registry
from tests.games.results.helpers import (
    assert_consistent,
    detailed,
    margins,
    ranks,
    refusal,
    score,
    scores,
    summary,
)

GAME = "keezen"


def points(result) -> list[int]:
    return [side.game_points for side in result.sides]


def test_four_players_the_team_with_eight_home_wins_2_per_pawn_plus_10():
    result = score(GAME, summary(finished=True, pawns=[5, 8]), 2)
    assert (ranks(result), result.winner, points(result), margins(result)) == (
        [2, 1], 1, [10, 26], [5, 8],
    )  # fmt: skip
    assert scores(result) == points(result)
    assert_consistent(result)


def test_six_players_three_teams():
    result = score(GAME, summary(finished=True, pawns=[8, 7, 3]), 3)
    assert (ranks(result), result.winner, points(result)) == ([1, 2, 3], 0, [26, 14, 6])


def test_options_change_the_game_points():
    result = score(GAME, summary(finished=True, pawns=[8, 5]), 2, points_per_pawn=3, win_bonus=5)
    assert points(result) == [29, 15]


def test_a_game_stopped_by_the_clock_has_no_winner_and_no_bonus():
    result = score(GAME, summary(finished=False, pawns=[6, 6, 2]), 3, round_minutes=45)
    assert (ranks(result), result.winner, points(result)) == ([1, 1, 3], None, [12, 12, 4])


def test_refusals():
    assert refusal(GAME, summary(finished=True, pawns=[8, 8]), 2).field.startswith("sides")
    assert refusal(GAME, summary(finished=True, pawns=[7, 5]), 2).field == "finished"
    assert refusal(GAME, summary(finished=False, pawns=[8, 3]), 2).field == "finished"
    assert refusal(GAME, summary(finished=False, pawns=[9, 3]), 2).field == "sides[0].pawns"
    assert refusal(GAME, summary(finished=False, pawns=[-1, 3]), 2).field == "sides[0].pawns"
    assert refusal(GAME, detailed("pawns", [[3, 4]], finished=False), 2).field == "mode"
    assert refusal(GAME, summary(finished=False, pawns=[1, 2, 3, 4]), 4).field == "sides"


def test_a_bye_is_worth_half_a_won_game():
    spec = registry.get(GAME).results
    assert spec.bye_game_points({"points_per_pawn": 2, "win_bonus": 10}) == 13
    assert (spec.sides, spec.margin_sign, spec.game_points) == ((2, 3), 1, True)
