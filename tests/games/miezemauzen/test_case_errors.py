"""Miezemauzen cases that cannot be judged and malformed input."""

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import case_error
from tests.games.miezemauzen.helpers import (
    ALL3,
    ANN_HAND,
    DIRK_HAND,
    deal_example_with,
    four_player_deal,
    game_case,
    judge_mz,
    settlement_case,
)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"start_points": 0}, "options.start_points"),
        ({"kat_scoring": "all"}, "kat_scoring"),
        ({"stake_cents": -1}, "stake_cents"),
        ({"players": 9}, "options.players"),
        ({"per_trick": "yes"}, "per_trick"),
        ({"jokers": 2}, "options.jokers"),
    ],
)
def test_bad_options_are_case_errors(options, message):
    with pytest.raises(CaseError, match=message):
        cases.judge(deal_example_with(options=options))


def test_game_missing_fields():
    assert case_error({"game": "miezemauzen", "check": "game", "deals": []}).field == "players"
    assert (
        case_error({"game": "miezemauzen", "check": "game", "players": ["A", "B"]}).field == "deals"
    )
    case_error(game_case([{"trump": "H", "tricks_won": {"Ann": 5}}]), "deals[0]")


@pytest.mark.parametrize("field", ["players", "dealer", "trump", "declarations"])
def test_deal_missing_required_field(field):
    case_error(four_player_deal(**{field: None}), field)


def test_dealer_not_a_player():
    assert case_error(four_player_deal(dealer="Eve")).field == "dealer"


def test_hands_of_stranger():
    case_error(four_player_deal(hands={"Eve": ANN_HAND}), "hands")


def test_duplicate_players():
    case_error(four_player_deal(players=["Ann", "Ann", "Cor", "Dirk"]), "players")


def test_bad_points_value():
    case_error(
        four_player_deal(points_before={"Ann": "x", "Bas": 9, "Cor": 25, "Dirk": 7}),
        "points_before",
    )


@pytest.mark.parametrize(
    "changes",
    [
        {"players": "Ann"},
        {"players": []},
        {"players": ["Ann"]},
        {"players": [1, 2, 3]},
        {"declarations": ["play", "pass"]},
        {"declarations": {"Ann": 1, "Bas": "pass", "Cor": "pass", "Dirk": "play"}},
        {"hands": ["AH"]},
        {"hands": {"Ann": "AH"}},
        {"hands": {"Ann": [1, 2]}},
        {"tricks": "AH"},
        {"tricks": [["AH", None]]},
        {"tricks": [[]]},
        {"tricks": [{"AH": 1}]},
        {"kat": {"player": "Ann"}},
        {"kat": [{"suit": "H"}]},
        {"kat": ["Ann"]},
        {"kat": [{"player": "Ann", "suit": "H"}, {"player": "Dirk", "suit": "S"}]},
        {"points_before": [1, 2]},
        {"points_before": {"Ann": True, "Bas": 9, "Cor": 25, "Dirk": 7}},
        {"points_before": {"Ann": 1.5, "Bas": 9, "Cor": 25, "Dirk": 7}},
        {"passes_before": {"Ann": -1, "Bas": 0, "Cor": 0, "Dirk": 0}},
        {"passes_before": "x"},
        {"trump": None},
        {"trump": 3},
        {"dealer": ["Dirk"]},
        {"options": {"per_trick": "maybe"}},
        {"options": {"kat_scoring": "nobody"}},
        {"options": {"start_points": -5}},
        {"options": {"players": 99}},
        {"hands": {"Ann": ["AH", "KS", "9S", "8C"], "Dirk": DIRK_HAND}},
        {"hands": {"Ann": [*ANN_HAND, "7S"], "Dirk": DIRK_HAND}},
        {"players": ["A", "B", "C", "D", "E", "F", "G", "H", "I"]},
    ],
)
def test_malformed_deal_never_crashes(changes):
    data = four_player_deal()
    data.update(changes)
    try:
        judge_mz(data)
    except CaseError as exc:
        assert exc.field


@pytest.mark.parametrize(
    "deals",
    [
        "x",
        [1],
        [{"declarations": "play"}],
        [{"trump": "H", "declarations": ALL3, "tricks_won": [3, 2]}],
        [{"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": "3", "Bas": 2, "Cor": 0}}],
        [{"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": -1, "Bas": 6, "Cor": 0}}],
        [{"trump": "H", "declarations": ALL3, "tricks_won": {"Eve": 5}}],
        [{"trump": "H", "declarations": ALL3, "kat": "Cor"}],
        [{"trump": "H", "declarations": ALL3, "kat": {"player": "Eve", "kater": True}}],
        [{"trump": "H", "declarations": ALL3, "kat": {"player": "Cor", "kater": "yes"}}],
        [{"trump": "X", "declarations": ALL3, "tricks_won": {"Ann": 5, "Bas": 0, "Cor": 0}}],
        [{"trump": "H", "declarations": ALL3}],
        [
            {
                "trump": "H",
                "declarations": {"Ann": "pass", "Bas": "play", "Cor": "play"},
                "tricks_won": {"Ann": 1, "Bas": 2, "Cor": 2},
            }
        ],
        [None],
    ],
)
def test_malformed_game_never_crashes(deals):
    try:
        judge_mz(game_case(deals))
    except CaseError as exc:
        assert exc.field


@pytest.mark.parametrize(
    "points",
    [None, "x", [], {}, {"Ann": "x"}, {"Ann": 0}, {"Ann": None, "Bas": 2}, {"Ann": 1.5, "Bas": 2}],
)
def test_malformed_settlement_never_crashes(points):
    data = settlement_case(points, options={"stake_cents": 20})
    try:
        judge_mz(data)
    except CaseError as exc:
        assert exc.field


def test_unknown_check():
    assert case_error({"game": "miezemauzen", "check": "bid"}).field == "check"
