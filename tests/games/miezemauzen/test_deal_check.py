"""Miezemauzen ``deal`` check as a whole: the CASES.md example and deals judged as far as
given."""

from games import cases
from games.miezemauzen import GAME
from tests.games.helpers import legal_result
from tests.games.miezemauzen.helpers import (
    TRICKS,
    deal_example_with,
    four_player_deal,
    judge_mz,
    three_player_deal,
)


def test_spec_lists_checks_and_options():
    assert set(GAME.checks) == {"deal", "game", "settlement", "replay"}
    defaults = {o.name: o.default for o in GAME.options}
    assert defaults == {
        "start_points": 25,
        "players": None,
        "kat_scoring": "holder",
        "per_trick": False,
        "exact_zero": False,
        "spades_double": False,
        "stake_cents": 20,
    }
    assert GAME.players == (2, 3, 4, 5, 6, 7, 8)


def test_cases_md_deal_example_is_judged():
    result = legal_result(cases.judge(deal_example_with()))
    assert result == {
        "trick_winners": ["Ann", "Ann", "Ann", "Dirk", "Dirk"],
        "tricks_won": {"Ann": 3, "Dirk": 2},
        "deal_points": {"Ann": -1, "Bas": 0, "Cor": 3, "Dirk": -1},
        "points_after": {"Ann": 11, "Bas": 9, "Cor": 28, "Dirk": 6},
        "winner": None,
    }


def test_cases_md_deal_example_exactly():
    result = legal_result(judge_mz(four_player_deal()))
    assert result["trick_winners"] == ["Ann", "Ann", "Ann", "Ann", "Dirk"]
    assert result["tricks_won"] == {"Ann": 4, "Dirk": 1}
    # Cor's third pass in a row costs 3 (MZ-6); Bas passes for the first time: 0.
    assert result["deal_points"] == {"Ann": -1, "Bas": 0, "Cor": 3, "Dirk": -1}
    assert result["points_after"] == {"Ann": 11, "Bas": 9, "Cor": 28, "Dirk": 6}
    assert result["winner"] is None


def test_three_player_deal_order_and_trumping():
    result = legal_result(judge_mz(three_player_deal()))
    assert result["trick_winners"] == ["Ann", "Cor", "Bas", "Ann", "Bas"]
    assert result["tricks_won"] == {"Ann": 2, "Bas": 2, "Cor": 1}
    assert result["deal_points"] == {"Ann": -1, "Bas": -1, "Cor": -1}
    assert result["points_after"] == {"Ann": 9, "Bas": 9, "Cor": 9}
    assert result["winner"] is None


def test_deal_without_hands_is_judged_from_tricks():
    result = legal_result(judge_mz(four_player_deal(hands=None)))
    assert result["trick_winners"] == ["Ann", "Ann", "Ann", "Ann", "Dirk"]
    assert result["deal_points"] == {"Ann": -1, "Bas": 0, "Cor": 3, "Dirk": -1}


def test_deal_with_only_declarations():
    verdict = judge_mz(four_player_deal(hands=None, tricks=None, kat=None))
    assert verdict["legal"] is True
    result = verdict["result"]
    # without tricks the trick points cannot be computed: left out, never guessed
    assert "trick_winners" not in result
    assert "points_after" not in result


def test_partial_tricks_are_judged_as_far_as_given():
    verdict = judge_mz(four_player_deal(tricks=TRICKS[:3]))
    assert verdict["legal"] is True
    result = verdict["result"]
    assert result["trick_winners"] == ["Ann", "Ann", "Ann"]
    # Dirk has no trick yet but could still take one: no +5 guessed
    assert "deal_points" not in result
    assert "points_after" not in result
