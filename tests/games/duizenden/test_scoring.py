"""Duizenden DZ-11 deal score and DZ-12 game; the ``deal_score`` and ``game`` checks."""

import pytest

from games.base import CaseError
from tests.games.duizenden.helpers import dz_case, run_dz, run_dz_unchecked
from tests.games.helpers import at_of, case_error, cited, illegal_verdict, legal_result

# --- game (DZ-1, DZ-12) ---------------------------------------------------------------------------

ANN_BAS_COR_DIRK = ["Ann", "Bas", "Cor", "Dirk"]


def test_game_cannot_be_judged_without_every_score():
    with pytest.raises(CaseError, match=r"^deals\[0\]\.Cor: is missing"):
        run_dz_unchecked("game", players=["Ann", "Bas", "Cor"], deals=[{"Ann": 5, "Bas": 5}])
    with pytest.raises(CaseError, match=r"^deals\[0\]\.Dirk: is not one of the players"):
        run_dz_unchecked(
            "game", players=["Ann", "Bas", "Cor"], deals=[{"Ann": 5, "Bas": 5, "Cor": 0, "Dirk": 0}]
        )
    with pytest.raises(CaseError, match=r"^deals\[0\]\.Ann"):
        run_dz_unchecked(
            "game", players=["Ann", "Bas", "Cor"], deals=[{"Ann": 5.0, "Bas": 5, "Cor": 0}]
        )


def test_deal_score_card_points():
    players = {
        "Ann": {"melded": ["5H", "6H", "7H", "QH", "QS", "QD"], "hand": []},
        "Bas": {"melded": [], "hand": ["QS", "JK", "AH", "10C", "2D"]},
        "Cor": {"melded": ["AS", "AD", "AC", "JK", "9S", "10S"], "hand": ["KH"]},
        "Dirk": {"melded": [], "hand": []},
    }
    result = legal_result(run_dz("deal_score", players=players))
    assert result == {"points": {"Ann": 135, "Bas": -180, "Cor": 100, "Dirk": 0}}


def test_deal_score_melded_as_list_of_melds():
    players = {
        "Ann": {"melded": [["5H", "JK:6H", "7H"], ["QH", "QS", "QD"]], "hand": ["3C"]},
        "Bas": {"melded": [["8H", "8H", "8S"]], "hand": ["JK"]},
        "Cor": {"melded": [], "hand": ["AS"]},
    }
    result = legal_result(run_dz("deal_score", players=players))
    assert result == {"points": {"Ann": 175, "Bas": -35, "Cor": -15}}


def test_deal_score_spellings_and_negative_totals():
    players = {
        "Ann": {"melded": ["harten 10", "harten boer", "harten vrouw"], "hand": ["joker"]},
        "Bas": {"melded": ["Q♠", "♠K", "as"], "hand": []},
        "Cor": {"melded": [], "hand": ["Q♠"]},
    }
    result = legal_result(run_dz("deal_score", players=players))
    assert result == {"points": {"Ann": -20, "Bas": 125, "Cor": -100}}


def test_deal_score_counts_the_cards_without_judging_the_melds():
    # Engine choice (RULES.md silent): deal_score counts card points; melds are judged by
    # the meld check, so an odd grouping on the table still scores its cards.
    players = {
        "Ann": {"melded": [["5H", "6S", "7H"]], "hand": []},
        "Bas": {"melded": [], "hand": []},
        "Cor": {"melded": [], "hand": []},
    }
    assert legal_result(run_dz("deal_score", players=players)) == {
        "points": {"Ann": 15, "Bas": 0, "Cor": 0}
    }


def test_deal_score_missing_hand_or_melded_counts_nothing():
    players = {"Ann": {"melded": ["5H", "6H", "7H"]}, "Bas": {"hand": ["AS"]}}
    assert legal_result(run_dz("deal_score", players=players)) == {
        "points": {"Ann": 15, "Bas": -15}
    }


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({}, "players"),
        ({"players": []}, "players"),
        ({"players": {"Ann": {"melded": ["5H"], "hand": ["XX"]}}}, "players"),
        ({"players": {"Ann": {"melded": "5H", "hand": []}}}, "players"),
        ({"players": {"Ann": ["5H"]}}, "players"),
        (
            {
                "players": {
                    "Ann": {"melded": ["QS", "QS"], "hand": []},
                    "Bas": {"melded": [], "hand": ["QS"]},
                }
            },
            "players",
        ),
        ({"players": {"Ann": {"melded": [], "hand": ["JK"] * 5}}}, "players"),
    ],
)
def test_deal_score_cases_that_cannot_be_judged(fields, field):
    case_error(dz_case("deal_score", **fields), field)


def test_game_unfinished():
    deals = [{"Ann": 85, "Bas": -20, "Cor": 40, "Dirk": 0}]
    result = legal_result(run_dz("game", players=ANN_BAS_COR_DIRK, deals=deals))
    assert result == {
        "totals": {"Ann": 85, "Bas": -20, "Cor": 40, "Dirk": 0},
        "finished": False,
        "winner": None,
        "after_deal": None,
    }


def test_game_no_deals():
    result = legal_result(run_dz("game", players=ANN_BAS_COR_DIRK, deals=[]))
    assert result["totals"] == {"Ann": 0, "Bas": 0, "Cor": 0, "Dirk": 0}
    assert result["finished"] is False and result["winner"] is None


def test_game_exactly_1000_wins():
    deals = [
        {"Ann": 500, "Bas": 0, "Cor": 0, "Dirk": 0},
        {"Ann": 500, "Bas": 990, "Cor": 0, "Dirk": 0},
    ]
    result = legal_result(run_dz("game", players=ANN_BAS_COR_DIRK, deals=deals))
    assert result == {
        "totals": {"Ann": 1000, "Bas": 990, "Cor": 0, "Dirk": 0},
        "finished": True,
        "winner": "Ann",
        "after_deal": 2,
    }


def test_game_995_is_not_enough():
    deals = [
        {"Ann": 500, "Bas": 0, "Cor": 0, "Dirk": 0},
        {"Ann": 495, "Bas": 0, "Cor": 0, "Dirk": 0},
    ]
    result = legal_result(run_dz("game", players=ANN_BAS_COR_DIRK, deals=deals))
    assert result["totals"]["Ann"] == 995
    assert result["finished"] is False and result["winner"] is None


def test_game_deal_scores_must_be_card_points():
    # Engine choice kept (RULES.md silent; DZ-11 makes every deal score a sum of card points,
    # all multiples of 5, at most the 1140 points of both decks).
    deals = [{"Ann": 995, "Bas": 0, "Cor": 0}, {"Ann": 4, "Bas": 0, "Cor": 0}]
    verdict = run_dz("game", players=["Ann", "Bas", "Cor"], deals=deals)
    assert cited(verdict) == {"DZ-11"} and at_of(verdict, "DZ-11") == [1]
    verdict = run_dz(
        "game", players=["Ann", "Bas", "Cor"], deals=[{"Ann": 1145, "Bas": 0, "Cor": 0}]
    )
    assert cited(verdict) == {"DZ-11"}


def test_game_several_past_1000_highest_wins():
    deals = [{"Ann": 900, "Bas": 950, "Cor": 400}, {"Ann": 200, "Bas": 100, "Cor": 1100}]
    result = legal_result(run_dz("game", players=["Ann", "Bas", "Cor"], deals=deals))
    assert result == {
        "totals": {"Ann": 1100, "Bas": 1050, "Cor": 1500},
        "finished": True,
        "winner": "Cor",
        "after_deal": 2,
    }


def test_game_equal_highest_play_another_deal():
    players = ["Ann", "Bas", "Cor"]
    deals = [{"Ann": 1000, "Bas": 1000, "Cor": 5}]
    result = legal_result(run_dz("game", players=players, deals=deals))
    assert result["finished"] is False and result["winner"] is None
    assert result["after_deal"] is None
    deals.append({"Ann": -10, "Bas": 15, "Cor": 0})
    result = legal_result(run_dz("game", players=players, deals=deals))
    assert result == {
        "totals": {"Ann": 990, "Bas": 1015, "Cor": 5},
        "finished": True,
        "winner": "Bas",
        "after_deal": 2,
    }


def test_game_tie_below_the_top_does_not_matter():
    deals = [{"Ann": 1100, "Bas": 1050, "Cor": 1050}]
    result = legal_result(run_dz("game", players=["Ann", "Bas", "Cor"], deals=deals))
    assert result["winner"] == "Ann" and result["after_deal"] == 1


def test_game_deal_after_the_win():
    deals = [{"Ann": 1000, "Bas": 0, "Cor": 0}, {"Ann": 5, "Bas": 0, "Cor": 0}]
    verdict = run_dz("game", players=["Ann", "Bas", "Cor"], deals=deals)
    assert cited(verdict) == {"DZ-12"}
    assert at_of(verdict, "DZ-12") == [1]
    result = verdict["result"]
    assert (result["finished"], result["winner"], result["after_deal"]) == (True, "Ann", 1)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"deals": []}, "players"),
        ({"players": ANN_BAS_COR_DIRK}, "deals"),
        ({"players": "Ann", "deals": []}, "players"),
        ({"players": ["Ann", "Ann", "Bas"], "deals": []}, "players"),
        (
            {"players": ANN_BAS_COR_DIRK, "deals": [{"Ann": 5, "Bas": 0, "Cor": 0}]},
            "deals",
        ),  # Dirk?
        (
            {
                "players": ANN_BAS_COR_DIRK,
                "deals": [{"Ann": 5, "Bas": 0, "Cor": 0, "Dirk": 0, "Eva": 0}],
            },
            "deals",
        ),
        (
            {"players": ANN_BAS_COR_DIRK, "deals": [{"Ann": "5", "Bas": 0, "Cor": 0, "Dirk": 0}]},
            "deals",
        ),
        (
            {"players": ANN_BAS_COR_DIRK, "deals": [{"Ann": 5.5, "Bas": 0, "Cor": 0, "Dirk": 0}]},
            "deals",
        ),
        (
            {"players": ANN_BAS_COR_DIRK, "deals": [{"Ann": True, "Bas": 0, "Cor": 0, "Dirk": 0}]},
            "deals",
        ),
        ({"players": ANN_BAS_COR_DIRK, "deals": [[5, 0, 0, 0]]}, "deals"),
        ({"players": ANN_BAS_COR_DIRK, "deals": {"Ann": 5}}, "deals"),
    ],
)
def test_game_cases_that_cannot_be_judged(fields, field):
    case_error(dz_case("game", **fields), field)


# --- DZ-11 Deal score ------------------------------------------------------------------------


def test_dz11_card_points_of_the_seed_table():
    # 2-9 = 5, 10-K = 10, A = 15, joker = 50, QS = 100.
    result = legal_result(
        run_dz_unchecked(
            "deal_score",
            players={
                "Ann": {"melded": ["2H", "9H", "10H", "KH", "AH", "JK", "QS"], "hand": []},
                "Bas": {"melded": [], "hand": ["5C", "QH", "AS", "JK", "QS"]},
                "Cor": {"melded": [["8S", "8D", "JK:8C"], ["JS", "QD", "KC"]], "hand": ["9D"]},
            },
        )
    )
    assert result == {
        "points": {
            "Ann": 5 + 5 + 10 + 10 + 15 + 50 + 100,
            "Bas": -(5 + 10 + 15 + 50 + 100),
            "Cor": 5 + 5 + 50 + 30 - 5,
        }
    }


def test_dz11_out_before_others_are_on_the_table_costs_them_dearly():
    # Seed: "Wanneer iemand al uit is voordat een andere speler op tafel is, heeft deze een
    # flink aantal minpunten": a full hand counts against its holder.
    hand = ["KS", "KH", "QS", "QH", "JK", "AS", "AH", "10D", "9D", "8D", "7C", "6C", "5C"]
    result = legal_result(
        run_dz_unchecked(
            "deal_score",
            players={
                "Ann": {"melded": ["5H", "6H", "7H"], "hand": []},
                "Bas": {"melded": [], "hand": hand},
            },
        )
    )
    assert result["points"] == {"Ann": 15, "Bas": -245}


def test_dz11_a_game_score_must_be_made_of_card_points():
    result = legal_result(
        run_dz_unchecked(
            "game", players=["Ann", "Bas", "Cor"], deals=[{"Ann": 85, "Bas": -20, "Cor": 300}]
        )
    )
    assert result["totals"] == {"Ann": 85, "Bas": -20, "Cor": 300}
    verdict = illegal_verdict(
        run_dz_unchecked(
            "game",
            players=["Ann", "Bas", "Cor"],
            deals=[{"Ann": 85, "Bas": -20, "Cor": 300}, {"Ann": 12, "Bas": 0, "Cor": 0}],
        ),
        "DZ-11",
    )
    assert verdict["violations"][0]["at"] == 1
    illegal_verdict(
        run_dz_unchecked(
            "game", players=["Ann", "Bas", "Cor"], deals=[{"Ann": 10**12, "Bas": 0, "Cor": 0}]
        ),
        "DZ-11",
    )


# --- DZ-12 Game ------------------------------------------------------------------------------


def test_dz12_first_to_1000_wins():
    result = legal_result(
        run_dz_unchecked(
            "game",
            players=["Ann", "Bas", "Cor"],
            deals=[{"Ann": 85, "Bas": -20, "Cor": 300}, {"Ann": 500, "Bas": 40, "Cor": 720}],
        )
    )
    assert result == {
        "totals": {"Ann": 585, "Bas": 20, "Cor": 1020},
        "finished": True,
        "winner": "Cor",
        "after_deal": 2,
    }


def test_dz12_several_past_1000_the_highest_wins_and_a_tie_plays_on():
    players = ["Ann", "Bas", "Cor"]
    deals = [{"Ann": 990, "Bas": 995, "Cor": 0}, {"Ann": 20, "Bas": 5, "Cor": 0}]
    assert legal_result(run_dz_unchecked("game", players=players, deals=deals))["winner"] == "Ann"
    tie = [{"Ann": 990, "Bas": 995, "Cor": 0}, {"Ann": 15, "Bas": 10, "Cor": 0}]
    result = legal_result(run_dz_unchecked("game", players=players, deals=tie))
    assert result == {
        "totals": {"Ann": 1005, "Bas": 1005, "Cor": 0},
        "finished": False,
        "winner": None,
        "after_deal": None,
    }
    result = legal_result(
        run_dz_unchecked("game", players=players, deals=[*tie, {"Ann": 0, "Bas": 5, "Cor": 0}])
    )
    assert (result["winner"], result["after_deal"]) == ("Bas", 3)
    assert legal_result(run_dz_unchecked("game", players=players, deals=[]))["finished"] is False


def test_dz12_no_deal_after_the_game_is_won():
    verdict = illegal_verdict(
        run_dz_unchecked(
            "game",
            players=["Ann", "Bas", "Cor"],
            deals=[{"Ann": 1000, "Bas": 0, "Cor": 0}, {"Ann": 5, "Bas": 0, "Cor": 0}],
        ),
        "DZ-12",
    )
    assert verdict["violations"][0]["at"] == 1
    assert verdict["result"]["winner"] == "Ann"
