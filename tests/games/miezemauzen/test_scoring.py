"""Miezemauzen MZ-2 points, MZ-9 deal score, MZ-10 winning; the ``game`` check."""

import copy

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import at_of, case_error, cited, illegal_result, legal_result
from tests.games.miezemauzen.helpers import (
    ALL3,
    ALL_PLAY3,
    DIRK_NO_KAT,
    GAME_DEALS,
    KAT_ANN,
    REPLAY,
    deal_example_with,
    deal_summary,
    four_player_deal,
    game_case,
    judge_game_unchecked,
    judge_mz,
)


def test_game_cases_md_example():
    result = legal_result(
        judge_mz(game_case(copy.deepcopy(GAME_DEALS), options={"start_points": 25}))
    )
    assert result["points"] == [
        {"Ann": 24, "Bas": 25, "Cor": 24},
        {"Ann": 24, "Bas": 25, "Cor": 14},
    ]
    assert result["final"] == {"Ann": 24, "Bas": 25, "Cor": 14}
    assert result["winner"] is None
    assert result["finished_after"] is None


def test_game_tricks_not_five():
    deals = [{"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 0}}]
    case_error(game_case(deals), "deals[0]")


@pytest.mark.parametrize(
    ("declarations", "tricks_won", "rule"),
    [
        pytest.param(
            {"Ann": "play", "Bas": "pass", "Cor": "pass"},
            {"Ann": 5},
            "MZ-5",
            id="only-one-player-plays",
        ),
        pytest.param(
            {"Ann": "exchange", "Bas": "exchange", "Cor": "play"},
            {"Ann": 3, "Bas": 1, "Cor": 1},
            "MZ-4",
            id="two-exchanges",
        ),
    ],
)
def test_game_a_deal_against_the_declaring_rules(declarations, tricks_won, rule):
    deals = [{"trump": "H", "declarations": declarations, "tricks_won": tricks_won}]
    verdict = judge_mz(game_case(deals))
    assert cited(verdict) == {rule}
    assert at_of(verdict, rule) == [0]


def test_game_tricks_won_for_a_passer():
    deals = [
        {
            "trump": "H",
            "declarations": {"Ann": "pass", "Bas": "play", "Cor": "play"},
            "tricks_won": {"Ann": 0, "Bas": 3, "Cor": 2},
        },
    ]
    result = legal_result(judge_mz(game_case(deals)))
    assert result["final"] == {"Ann": 25, "Bas": 24, "Cor": 24}
    deals[0]["tricks_won"] = {"Ann": 1, "Bas": 2, "Cor": 2}
    case_error(game_case(deals), "deals[0]")


def test_game_dutch_declarations_and_missing_trick_count():
    deals = [
        {
            "trump": "harten",
            "declarations": {"Ann": "spelen", "Bas": "passen", "Cor": "ruilen"},
            "tricks_won": {"Ann": 5},
        },
    ]
    result = legal_result(judge_mz(game_case(deals)))
    assert result["final"] == {"Ann": 24, "Bas": 25, "Cor": 30}


def test_deal_points_before_at_zero_is_already_over():
    verdict = judge_mz(four_player_deal(points_before={"Ann": 0, "Bas": 9, "Cor": 25, "Dirk": 7}))
    assert cited(verdict) == {"MZ-10"}


def test_points_before_default_to_start_points():
    result = legal_result(
        judge_mz(four_player_deal(points_before=None, options={"start_points": 15}))
    )
    assert result["points_after"] == {"Ann": 14, "Bas": 15, "Cor": 18, "Dirk": 14}


# --- MZ-2 Points -----------------------------------------------------------------------------

# MZ-2 is a scoring rule (start at 25, won points off, penalties on): no move can break it,
# so its tests check the computed numbers.


def test_mz2_everyone_starts_at_25_and_points_go_down():
    verdict = judge_game_unchecked(
        [
            deal_summary(
                "S", {"Ann": "play", "Bas": "pass", "Cor": "play"}, tricks_won={"Ann": 5, "Cor": 0}
            )
        ]
    )
    result = legal_result(verdict)
    assert result["points"] == [{"Ann": 24, "Bas": 25, "Cor": 30}]
    assert result["final"] == {"Ann": 24, "Bas": 25, "Cor": 30}
    assert result["winner"] is None
    assert result["finished_after"] is None


def test_mz2_start_points_option_and_first_at_zero_wins():
    deals = [deal_summary("D", ALL_PLAY3, tricks_won={"Ann": 3, "Bas": 2, "Cor": 0})] * 2
    result = legal_result(judge_game_unchecked(deals, start_points=2))
    assert result["points"] == [{"Ann": 1, "Bas": 1, "Cor": 7}, {"Ann": 0, "Bas": 0, "Cor": 12}]
    assert result["winner"] == ["Ann", "Bas"]
    assert result["finished_after"] == 2


def test_mz2_deal_without_points_before_starts_from_start_points():
    result = legal_result(
        cases.judge(deal_example_with(points_before=None, options={"start_points": 10}))
    )
    assert result["points_after"] == {"Ann": 9, "Bas": 10, "Cor": 13, "Dirk": 9}


def test_mz2_points_subtracted_and_penalties_added():
    # Dirk takes no trick: 5 on.
    tricks = [["AH", "10H"], ["KS", "QS"], ["9S", "8S"], ["8C", "7C"], ["AD", "8D"]]
    hands = {"Ann": ["AH", "KS", "9S", "8C", "AD"], "Dirk": ["10H", "QS", "8S", "7C", "8D"]}
    result = legal_result(judge_mz(four_player_deal(hands=hands, tricks=tricks)))
    assert result["tricks_won"] == {"Ann": 5, "Dirk": 0}
    assert result["deal_points"]["Dirk"] == 5
    assert result["deal_points"]["Ann"] == -1
    assert result["points_after"]["Dirk"] == 12


def test_mz2_start_points_option_in_game():
    verdict = judge_mz(
        game_case(
            [{"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}}],
            options={"start_points": 10},
        )
    )
    result = legal_result(verdict)
    assert result["points"] == [{"Ann": 9, "Bas": 9, "Cor": 15}]
    assert result["final"] == {"Ann": 9, "Bas": 9, "Cor": 15}


# --- MZ-9 Deal score -------------------------------------------------------------------------

# MZ-9 is a scoring rule: the tests check the numbers; deal summaries whose tricks do not
# add up to five cannot be judged (CaseError).


def test_mz9_one_off_with_a_trick_five_on_without():
    result = legal_result(
        judge_game_unchecked([deal_summary("C", ALL_PLAY3, tricks_won={"Ann": 4, "Bas": 1})])
    )
    assert result["final"] == {"Ann": 24, "Bas": 24, "Cor": 30}


def test_mz9_per_trick_counts_each_trick_won_in_the_example():
    result = legal_result(cases.judge(deal_example_with(options={"per_trick": True})))
    assert result["deal_points"] == {"Ann": -3, "Bas": 0, "Cor": 3, "Dirk": -2}


def test_mz9_tricks_won_must_add_up():
    with pytest.raises(CaseError, match="tricks_won"):
        judge_game_unchecked([deal_summary("C", ALL_PLAY3, tricks_won={"Ann": 4, "Bas": 2})])
    with pytest.raises(CaseError, match=r"tricks_won\.Bas"):
        judge_game_unchecked(
            [
                deal_summary(
                    "C",
                    {"Ann": "play", "Bas": "pass", "Cor": "play"},
                    tricks_won={"Ann": 4, "Bas": 1},
                )
            ]
        )


def test_mz9_deal_from_tricks_won():
    result = legal_result(
        cases.judge(deal_example_with(tricks=None, hands=None, tricks_won={"Ann": 5}))
    )
    assert result["deal_points"] == {"Ann": -1, "Bas": 0, "Cor": 3, "Dirk": 5}


def test_mz9_per_trick():
    data = four_player_deal(options={"per_trick": True})
    result = legal_result(judge_mz(data))
    assert result["deal_points"] == {"Ann": -4, "Bas": 0, "Cor": 3, "Dirk": -1}
    assert result["points_after"] == {"Ann": 8, "Bas": 9, "Cor": 28, "Dirk": 6}


def test_mz9_per_trick_no_trick_still_five_on():
    tricks = [["AH", "10H"], ["KS", "QS"], ["9S", "8S"], ["8C", "7C"], ["AD", "8D"]]
    hands = {"Ann": ["AH", "KS", "9S", "8C", "AD"], "Dirk": ["10H", "QS", "8S", "7C", "8D"]}
    result = legal_result(
        judge_mz(four_player_deal(hands=hands, tricks=tricks, options={"per_trick": True}))
    )
    assert result["deal_points"]["Ann"] == -5
    assert result["deal_points"]["Dirk"] == 5


def test_mz9_game_per_trick():
    deals = [{"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}}]
    result = legal_result(judge_mz(game_case(deals, options={"per_trick": True})))
    assert result["points"] == [{"Ann": 22, "Bas": 23, "Cor": 30}]


# --- MZ-10 Winning ---------------------------------------------------------------------------


def test_mz10_lowest_at_zero_wins():
    verdict = cases.judge(
        deal_example_with(points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 1})
    )
    result = legal_result(verdict)
    assert result["points_after"] == {"Ann": 0, "Bas": 9, "Cor": 28, "Dirk": 0}
    assert result["winner"] == ["Ann", "Dirk"]
    verdict = cases.judge(
        deal_example_with(
            options={"per_trick": True}, points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 1}
        )
    )
    assert legal_result(verdict)["winner"] == "Ann"  # -2 beats -1


def test_mz10_exact_zero():
    options = {"per_trick": True, "exact_zero": True}
    points = {"Ann": 2, "Bas": 9, "Cor": 25, "Dirk": 2}
    result = legal_result(cases.judge(deal_example_with(options=options, points_before=points)))
    assert result["deal_points"] == {"Ann": 0, "Bas": 0, "Cor": 3, "Dirk": -2}
    assert result["points_after"] == {"Ann": 2, "Bas": 9, "Cor": 28, "Dirk": 0}
    assert result["winner"] == "Dirk"


def test_mz10_no_deal_after_the_game_is_won():
    deals = [deal_summary("D", ALL_PLAY3, tricks_won={"Ann": 3, "Bas": 2, "Cor": 0})] * 3
    verdict = judge_game_unchecked(deals, start_points=1)
    result = illegal_result(verdict, "MZ-10", at=1)
    assert result["finished_after"] == 1
    assert result["final"] == {"Ann": 0, "Bas": 0, "Cor": 6}
    verdict = cases.judge(deal_example_with(points_before={"Ann": 0}))
    illegal_result(verdict, "MZ-10")


def test_mz10_replay_finishes_and_no_more_deals():
    result = legal_result(cases.judge(copy.deepcopy(REPLAY)))
    assert result["final"] == {"Ann": 0, "Bas": 6}
    assert result["winner"] == "Ann"
    assert result["finished_after"] == 1
    log = copy.deepcopy(REPLAY)
    log["deals"].append(copy.deepcopy(log["deals"][0]))
    illegal_result(cases.judge(log), "MZ-10", at=1)


def test_mz10_exactly_zero_wins():
    result = legal_result(
        judge_mz(four_player_deal(points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 7}))
    )
    assert result["points_after"]["Ann"] == 0
    assert result["winner"] == "Ann"


def test_mz10_two_at_zero_shared():
    result = legal_result(
        judge_mz(four_player_deal(points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 1}))
    )
    assert result["winner"] == ["Ann", "Dirk"]


def test_mz10_lowest_wins():
    data = four_player_deal(
        points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 1}, options={"per_trick": True}
    )
    result = legal_result(judge_mz(data))
    assert result["points_after"]["Ann"] == -3
    assert result["points_after"]["Dirk"] == 0
    assert result["winner"] == "Ann"


def test_mz10_exact_zero_not_below():
    data = four_player_deal(
        points_before={"Ann": 2, "Bas": 9, "Cor": 25, "Dirk": 1},
        options={"per_trick": True, "exact_zero": True},
    )
    result = legal_result(judge_mz(data))
    assert result["deal_points"]["Ann"] == 0
    assert result["points_after"]["Ann"] == 2
    assert result["points_after"]["Dirk"] == 0
    assert result["winner"] == "Dirk"


def test_mz10_exact_zero_exactly():
    data = four_player_deal(
        points_before={"Ann": 4, "Bas": 9, "Cor": 25, "Dirk": 7},
        options={"per_trick": True, "exact_zero": True},
    )
    result = legal_result(judge_mz(data))
    assert result["points_after"]["Ann"] == 0
    assert result["winner"] == "Ann"


def test_mz10_game_finishes():
    deals = [
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 1}},
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 5, "Bas": 0, "Cor": 0}},
    ]
    result = legal_result(judge_mz(game_case(deals, options={"start_points": 2})))
    assert result["points"] == [
        {"Ann": 1, "Bas": 1, "Cor": 1},
        {"Ann": 0, "Bas": 6, "Cor": 6},
    ]
    assert result["final"] == {"Ann": 0, "Bas": 6, "Cor": 6}
    assert result["winner"] == "Ann"
    assert result["finished_after"] == 2


def test_mz10_game_shared_win():
    deals = [{"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}}]
    result = legal_result(judge_mz(game_case(deals, options={"start_points": 1})))
    assert result["winner"] == ["Ann", "Bas"]
    assert result["finished_after"] == 1


def test_mz10_game_deal_after_the_end():
    deals = [
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 1}},
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 1}},
    ]
    verdict = judge_mz(game_case(deals, options={"start_points": 1}))
    # the game was over after deal 1: playing on is not a legal record
    assert not verdict["legal"]
    assert at_of(verdict, next(iter(cited(verdict))))[0] == 1


def test_mz10_game_exact_zero():
    deals = [
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 1}},
    ]
    result = legal_result(
        judge_mz(
            game_case(deals, options={"start_points": 2, "per_trick": True, "exact_zero": True})
        )
    )
    assert result["points"] == [{"Ann": 2, "Bas": 1, "Cor": 1}]
    assert result["winner"] is None
    assert result["finished_after"] is None


@pytest.mark.parametrize(
    ("options", "deal_points", "points_after", "winner"),
    [
        # RULES.md MZ-10: "With per_trick, option exact_zero": without per_trick it does
        # nothing, so a kat from 3 points takes Ann to -2 and she wins.
        pytest.param({"exact_zero": True}, -5, -2, "Ann", id="needs-per-trick"),
        pytest.param(
            {"exact_zero": True, "per_trick": True}, 0, 3, None, id="blocks-a-kat-below-zero"
        ),
    ],
)
def test_mz10_exact_zero_and_a_kat(options, deal_points, points_after, winner):
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    data = four_player_deal(
        points_before={"Ann": 3, "Bas": 9, "Cor": 25, "Dirk": 7},
        hands=hands,
        tricks=None,
        kat=[{"player": "Ann", "suit": "C"}],
        options=options,
    )
    result = legal_result(judge_mz(data))
    assert result["deal_points"]["Ann"] == deal_points
    assert result["points_after"]["Ann"] == points_after
    assert result["winner"] == winner


def test_mz10_game_exact_zero_needs_per_trick():
    deals = [{"trump": "H", "declarations": ALL3, "kat": {"player": "Ann", "kater": False}}]
    result = legal_result(
        judge_mz(game_case(deals, options={"start_points": 3, "exact_zero": True}))
    )
    assert result["final"] == {"Ann": -2, "Bas": 3, "Cor": 3}
    assert result["winner"] == "Ann"
    assert result["finished_after"] == 1
