"""MeieRijen MR-12 round end and MR-13 match; the ``round_score`` and ``match`` checks."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games import cases
from games.base import CaseError
from games.meierijen.simulate import simulate
from tests.games.cases_md import MR_ROUND
from tests.games.helpers import legal_result, rules_with_at, violation_of
from tests.games.meierijen.helpers import (
    MR_ROUND_WITHOUT_OPTIONS,
    case_error_field,
    judge_mr,
    judge_round_score,
    round_case,
)

# --- MR-13 match -----------------------------------------------------------------------------


def round_case_emptied_by_red(red: int, blue: int) -> dict[str, Any]:
    return {
        "game": "meierijen",
        "check": "round_score",
        "emptied_first": "red",
        "players": {
            "red": {"hand": [f"{n}S" for n in range(3, 3 + red)]},
            "blue": {"hand": [f"{n}D" for n in range(3, 3 + blue)]},
        },
    }


def judge_match_unchecked(*rounds: dict[str, Any], **options: Any) -> dict[str, Any]:
    case: dict[str, Any] = {"game": "meierijen", "check": "match", "rounds": list(rounds)}
    if options:
        case["options"] = options
    return cases.judge(case)


def judge_match(rounds: list[dict[str, Any]], options: dict[str, Any] | None = None):
    data: dict[str, Any] = {"game": "meierijen", "check": "match", "rounds": rounds}
    if options is not None:
        data["options"] = options
    return judge_mr(data)


# --- MR-13 match -----------------------------------------------------------------------------


def match_result(red: int, blue: int, winner: str | None) -> dict[str, Any]:
    """A match result: rounds won by red and blue, the winner (None: a draw)."""
    return {"rounds_won": {"red": red, "blue": blue}, "winner": winner, "draw": winner is None}


def test_round_score_players_may_leave_out_empty_parts():
    result = judge_round_score(
        {"red": {"hand": ["3H"]}, "blue": {"open": ["4S"], "penalty": ["5S"]}}, emptied_first="red"
    )["result"]
    assert result == {"points": {"red": 1, "blue": 2}, "winner": "red"}


# --- MR-12 Round end -------------------------------------------------------------------------


def test_mr12_every_card_left_is_one_minus_point():
    # A scoring rule: no violation is conceivable, so the numbers are checked exactly.
    result = legal_result(cases.judge(MR_ROUND_WITHOUT_OPTIONS))
    assert result == {"points": {"red": 4, "blue": 1}, "winner": "blue"}


def test_mr12_equal_points_winner_follows_emptied_first_which_must_be_given():
    case = copy.deepcopy(MR_ROUND_WITHOUT_OPTIONS)
    case["players"]["blue"]["open"] = ["9H", "8H", "7H", "6H"]
    case["emptied_first"] = "red"
    assert legal_result(cases.judge(case))["winner"] == "red"
    case["emptied_first"] = "blue"
    assert legal_result(cases.judge(case))["winner"] == "blue"
    del case["emptied_first"]
    with pytest.raises(CaseError, match=r"^emptied_first: is missing"):
        cases.judge(case)


def test_mr12_the_round_ends_after_the_other_players_final_turn():
    log = simulate(11).log
    verdict = cases.judge(log)
    assert legal_result(verdict)["rounds"][0]["emptied_first"] in ("red", "blue")
    turns = log["rounds"][0]["turns"]
    turns.append({"player": turns[-2]["player"], "plays": []})
    violation_of(cases.judge(log), "MR-12", len(turns) - 1)


def test_mr12_basic_scoring_one_per_card():
    data = copy.deepcopy(MR_ROUND)
    del data["options"]
    verdict = judge_mr(data)
    assert verdict["legal"] is True
    # KH + 3C + 2D + QS = 4 cards; the grey pawn counts nothing in the basic game.
    assert verdict["result"] == {"points": {"red": 4, "blue": 1}, "winner": "blue"}


def test_mr12_every_card_counts_one_however_written():
    players = {
        "red": {"hand": ["schoppen vrouw", "harten 10", "joker"], "open": ["♥3"], "penalty": []},
        "blue": {"hand": ["ruiten boer", "klaveren aas", "Q♠", "kh", "JK", "jk"]},
    }
    result = judge_round_score(players, emptied_first="red")["result"]
    assert result == {"points": {"red": 4, "blue": 6}, "winner": "red"}


def test_mr12_zero_points():
    result = judge_round_score({"red": {}, "blue": {"hand": ["3H"]}}, emptied_first="red")["result"]
    assert result == {"points": {"red": 0, "blue": 1}, "winner": "red"}
    result = judge_round_score(
        {"red": {"hand": [], "open": [], "penalty": []}, "blue": {"hand": []}}, emptied_first="blue"
    )["result"]
    assert result == {"points": {"red": 0, "blue": 0}, "winner": "blue"}


@pytest.mark.parametrize("first", ["red", "blue"])
def test_mr12_equal_points_go_to_who_emptied_the_draw_pile_first(first):
    players = {"red": {"hand": ["3H", "4H"]}, "blue": {"open": ["5S"], "penalty": ["6S"]}}
    result = judge_round_score(players, emptied_first=first)["result"]
    assert result == {"points": {"red": 2, "blue": 2}, "winner": first}


def test_mr12_fewest_points_win_whoever_emptied_first():
    players = {"red": {"hand": ["3H", "4H", "5H"]}, "blue": {"hand": ["5S"]}}
    assert judge_round_score(players, emptied_first="red")["result"]["winner"] == "blue"


def test_mr12_a_tie_without_emptied_first_has_no_guessed_winner():
    # Equal points need MR-12's tie-break: without emptied_first the case cannot be judged
    # (a missing field, CASES.md), so no winner is guessed.
    players = {"red": {"hand": ["3H"]}, "blue": {"hand": ["5S"]}}
    data = {"game": "meierijen", "check": "round_score", "players": players}
    assert case_error_field(data) == "emptied_first"


def test_mr12_no_tie_needs_no_emptied_first():
    players = {"red": {"hand": ["3H"]}, "blue": {"hand": ["5S", "6S"]}}
    assert judge_round_score(players)["result"] == {
        "points": {"red": 1, "blue": 2},
        "winner": "red",
    }


def test_mr12_three_players():
    players = {
        "Ann": {"hand": ["3H", "4H"]},
        "Bas": {"hand": ["3H"], "penalty": ["KS", "KD"]},
        "Cor": {"open": ["3H", "JK", "JK"]},
    }
    result = judge_round_score(players, emptied_first="Ann")["result"]
    assert result == {"points": {"Ann": 2, "Bas": 3, "Cor": 3}, "winner": "Ann"}


def test_mr12_the_same_card_in_two_players_decks():
    players = {"red": {"hand": ["KH"]}, "blue": {"hand": ["KH", "JK", "JK"]}}
    assert judge_round_score(players)["result"] == {
        "points": {"red": 1, "blue": 3},
        "winner": "red",
    }


# --- MR-13 Match -----------------------------------------------------------------------------


def test_mr13_two_rounds_two_nil_wins_one_all_is_a_draw():
    assert legal_result(
        judge_match_unchecked(round_case_emptied_by_red(1, 5), round_case_emptied_by_red(2, 4))
    ) == {
        "rounds_won": {"red": 2, "blue": 0},
        "winner": "red",
        "draw": False,
    }
    assert legal_result(
        judge_match_unchecked(round_case_emptied_by_red(1, 5), round_case_emptied_by_red(6, 4))
    ) == {
        "rounds_won": {"red": 1, "blue": 1},
        "winner": None,
        "draw": True,
    }


def test_mr13_the_option_third_round_decides_a_level_match():
    result = legal_result(
        judge_match_unchecked(
            round_case_emptied_by_red(1, 5),
            round_case_emptied_by_red(6, 4),
            round_case_emptied_by_red(7, 2),
            third_round=True,
        )
    )
    assert result == {"rounds_won": {"red": 1, "blue": 2}, "winner": "blue", "draw": False}


def test_mr13_too_few_or_too_many_rounds():
    violation_of(
        judge_match_unchecked(
            round_case_emptied_by_red(1, 5),
            round_case_emptied_by_red(6, 4),
            round_case_emptied_by_red(7, 2),
        ),
        "MR-13",
        2,
    )
    violation_of(
        judge_match_unchecked(
            round_case_emptied_by_red(1, 5),
            round_case_emptied_by_red(2, 4),
            round_case_emptied_by_red(7, 2),
            third_round=True,
        ),
        "MR-13",
        2,
    )
    violation_of(judge_match_unchecked(round_case_emptied_by_red(1, 5)), "MR-13")
    violation_of(
        judge_match_unchecked(
            round_case_emptied_by_red(1, 5), round_case_emptied_by_red(6, 4), third_round=True
        ),
        "MR-13",
    )


@pytest.mark.parametrize(
    ("rounds", "options", "result"),
    [
        pytest.param(
            [round_case(1, 3), round_case(0, 2)], None, match_result(2, 0, "red"), id="two-nil-wins"
        ),
        pytest.param(
            [round_case(1, 3), round_case(4, 2)],
            None,
            match_result(1, 1, None),
            id="one-all-is-a-draw",
        ),
        pytest.param(
            [round_case(2, 2, "blue"), round_case(3, 3, "blue")],
            None,
            match_result(0, 2, "blue"),
            id="tie-break",
        ),
        pytest.param(
            [round_case(1, 3), round_case(4, 2), round_case(5, 1)],
            {"third_round": True},
            match_result(1, 2, "blue"),
            id="third-round-decides-a-level-match",
        ),
    ],
)
def test_mr13_match_result(rounds, options, result):
    verdict = judge_match(rounds, options)
    assert verdict["legal"] is True
    assert verdict["result"] == result


def test_mr13_third_round_option_but_no_third_round_played_yet():
    verdict = judge_match([round_case(1, 3), round_case(4, 2)], {"third_round": True})
    assert verdict["result"]["rounds_won"] == {"red": 1, "blue": 1}
    # The third round still decides: winner and draw are left out, never guessed.
    assert "winner" not in verdict["result"]
    assert "draw" not in verdict["result"]


def test_mr13_no_third_round_without_the_option():
    # MR-13: two rounds; a third one only with the option. The extra round breaks the rule.
    verdict = judge_match([round_case(1, 3), round_case(4, 2), round_case(5, 1)])
    assert rules_with_at(verdict) == [("MR-13", 2)]


def test_mr13_no_third_round_after_two_nil():
    # MR-13: 2-0 wins; the third round is only for 1-1, so after 2-0 it breaks the rule.
    verdict = judge_match(
        [round_case(1, 3), round_case(0, 3), round_case(5, 1)], {"third_round": True}
    )
    assert rules_with_at(verdict) == [("MR-13", 2)]


def test_mr13_variant1_rounds():
    r1 = copy.deepcopy(MR_ROUND)  # blue wins 1 against 13
    r2 = copy.deepcopy(MR_ROUND)
    r2["players"]["red"] = {"hand": [], "pawns": []}  # red 0, blue 1
    r2["emptied_first"] = "red"
    verdict = judge_match([r1, r2])
    assert verdict["result"] == {"rounds_won": {"red": 1, "blue": 1}, "winner": None, "draw": True}


def test_mr13_from_the_cases_md_round_twice():
    verdict = judge_match([MR_ROUND, MR_ROUND])
    assert verdict["legal"] is True
    assert verdict["result"] == {
        "rounds_won": {"red": 0, "blue": 2},
        "winner": "blue",
        "draw": False,
    }


def test_mr13_teams():
    def team_round(a: int, b: int) -> dict[str, Any]:
        cards = ["3H", "4H", "5H", "6H"]
        return {
            "game": "meierijen",
            "check": "round_score",
            "players": {
                "p1": {"hand": cards[:a]},
                "p2": {"hand": cards[:b]},
                "p3": {},
                "p4": {},
            },
            "teams": {"A": ["p1", "p3"], "B": ["p2", "p4"]},
            "emptied_first": "p1",
        }

    verdict = judge_match([team_round(1, 2), team_round(0, 3)])
    assert verdict["result"] == {"rounds_won": {"A": 2, "B": 0}, "winner": "A", "draw": False}
