"""Miezemauzen MZ-12: settlement; the ``settlement`` check."""

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import case_error, cited, illegal_result, legal_result
from tests.games.miezemauzen.helpers import judge_mz, settlement_case

# --- MZ-12 settlement ---------------------------------------------------------------------


def judge_settlement_unchecked(points, **options):
    return cases.judge(
        {"game": "miezemauzen", "check": "settlement", "points": points, "options": options}
    )


def test_settlement_default_stake_and_zero_points_loser():
    result = legal_result(judge_mz(settlement_case({"Ann": -4, "Bas": 0, "Cor": 3})))
    assert result["winner"] == "Ann"
    assert result["pays_cents"] == {"Bas": 0, "Cor": 60}
    assert result["receives_cents"] == 60


def test_settlement_nobody_out():
    verdict = judge_mz(settlement_case({"Ann": 1, "Bas": 2}, options={"stake_cents": 20}))
    assert cited(verdict) == {"MZ-12"}
    assert verdict["result"].get("winner") is None
    assert "receives_cents" not in verdict["result"]


# --- MZ-12 Settlement ------------------------------------------------------------------------


def test_mz12_seed_example_twenty_cents_a_point():
    """Seed: 20 cents a point, losers at 2, 8 and 12 → the winner receives 4.40 euro."""
    verdict = judge_settlement_unchecked({"Ann": 0, "Bas": 2, "Cor": 8, "Dirk": 12}, stake_cents=20)
    assert legal_result(verdict) == {
        "winner": "Ann",
        "pays_cents": {"Bas": 40, "Cor": 160, "Dirk": 240},
        "receives_cents": 440,
    }


def test_mz12_default_stake_and_shared_win():
    result = legal_result(judge_settlement_unchecked({"Ann": -1, "Bas": 3}))
    assert result == {"winner": "Ann", "pays_cents": {"Bas": 60}, "receives_cents": 60}
    result = legal_result(
        judge_settlement_unchecked({"Ann": 0, "Bas": 0, "Cor": 5}, stake_cents=10)
    )
    assert result["winner"] == ["Ann", "Bas"]
    assert result["receives_cents"] == 50


def test_mz12_no_winner_yet():
    verdict = judge_settlement_unchecked({"Ann": 1, "Bas": 2})
    assert illegal_result(verdict, "MZ-12") == {"winner": None}


def test_mz12_bad_points_are_case_errors():
    with pytest.raises(CaseError, match="points"):
        judge_settlement_unchecked({"Ann": 0})
    with pytest.raises(CaseError, match=r"points\.Bas"):
        judge_settlement_unchecked({"Ann": 0, "Bas": "two"})


def test_mz12_seed_example():
    result = legal_result(
        judge_mz(
            settlement_case({"Ann": 0, "Bas": 2, "Cor": 8, "Dirk": 12}, options={"stake_cents": 20})
        )
    )
    assert result["winner"] == "Ann"
    assert result["pays_cents"] == {"Bas": 40, "Cor": 160, "Dirk": 240}
    assert result["receives_cents"] == 440


def test_mz12_other_stake():
    result = legal_result(
        judge_mz(settlement_case({"Ann": 5, "Bas": -1, "Cor": 3}, options={"stake_cents": 5}))
    )
    assert result["winner"] == "Bas"
    assert result["pays_cents"] == {"Ann": 25, "Cor": 15}
    assert result["receives_cents"] == 40


def test_mz12_missing_points():
    err = case_error({"game": "miezemauzen", "check": "settlement", "options": {"stake_cents": 20}})
    assert err.field == "points"


def test_mz12_shared_winner_is_a_list():
    result = judge_mz(settlement_case({"Ann": 0, "Bas": 0, "Cor": 8}, options={"stake_cents": 20}))[
        "result"
    ]
    assert result["winner"] == ["Ann", "Bas"]
