"""Duizenden DZ-4 opening: the first melds worth at least 30; the ``opening`` check."""

import pytest

from games.base import CaseError
from tests.games.duizenden.helpers import dz_case, run_dz, run_dz_unchecked
from tests.games.helpers import at_of, case_error, cited, illegal_verdict, legal_result


@pytest.mark.parametrize(
    ("melds", "points"),
    [
        ([["QH", "QS", "QD"]], 30),  # exactly 30
        ([["10H", "JH", "QH"]], 30),
        ([["5H", "6H", "7H"], ["4S", "4D", "4C"]], 30),  # several melds together
        ([["5H", "JK:6H", "7H"], ["4S", "4D", "4C"]], 30),
        ([["AS", "AH", "AD"]], 33),
        ([["QH", "KH", "AH"]], 31),
        ([["AH", "2H", "3H"], ["KS", "KD", "KC"]], 36),
        ([["AH", "2H", "3H"], ["8S", "8D", "8C"]], 30),  # A low = 1: 6 + 24
    ],
)
def test_opening_reaches_30(melds, points):
    assert legal_result(run_dz("opening", melds=melds)) == {"opening_points": points}


@pytest.mark.parametrize(
    ("melds", "points"),
    [
        ([["9H", "10H", "JH"]], 29),  # one short
        ([["5H", "6H", "7H"]], 18),
        ([["AH", "2H", "3H"], ["7S", "7D", "7C"]], 27),
        ([["2H", "3H", "4H"], ["2S", "2D", "2C"]], 15),
    ],
)
def test_opening_below_30_is_dz4(melds, points):
    verdict = run_dz("opening", melds=melds)
    assert cited(verdict) == {"DZ-4"}, verdict
    assert verdict["result"] == {"opening_points": points}


def test_opening_with_no_melds_is_zero_points():
    verdict = run_dz("opening", melds=[])
    assert cited(verdict) == {"DZ-4"}
    assert verdict["result"] == {"opening_points": 0}


def test_opening_invalid_meld_is_dz3_at_its_index():
    verdict = run_dz("opening", melds=[["QH", "QS", "QD"], ["5H", "6S", "7H"]])
    assert "DZ-3" in cited(verdict)
    assert at_of(verdict, "DZ-3") == [1]
    assert verdict["legal"] is False
    verdict = run_dz("opening", melds=[["5H", "6H"], ["KS", "KD", "KC"], ["JK", "JK", "JK"]])
    assert sorted(at_of(verdict, "DZ-3")) == [0, 2]


def test_opening_option_card_points():
    melds = [["5H", "6H", "7H"], ["3S", "3D", "3C"]]  # 18 + 9 face, 15 + 15 card points
    verdict = run_dz("opening", melds=melds)
    assert cited(verdict) == {"DZ-4"}
    assert verdict["result"] == {"opening_points": 27}
    verdict = run_dz("opening", melds=melds, options={"opening_face_cards": False})
    assert legal_result(verdict) == {"opening_points": 30}
    verdict = run_dz("opening", melds=[["9H", "10H", "JH"]], options={"opening_face_cards": False})
    assert cited(verdict) == {"DZ-4"}
    assert verdict["result"] == {"opening_points": 25}
    verdict = run_dz("opening", melds=[["9H", "10H", "JH"]], options={"opening_face_cards": True})
    assert verdict["result"] == {"opening_points": 29}


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({}, "melds"),
        ({"melds": None}, "melds"),
        ({"melds": ["5H", "6H", "7H"]}, "melds"),  # a flat list is not a list of melds
        ({"melds": [["5H", "6H", "XX"]]}, "melds"),
        ({"melds": [["QS", "QH", "QD"], ["QS", "QC", "QS"]]}, "melds"),  # three QS
        ({"melds": [["5H", "6H", "JK"]]}, "melds"),  # ambiguous joker
    ],
)
def test_opening_cases_that_cannot_be_judged(fields, field):
    case_error(dz_case("opening", **fields), field)


# --- DZ-4 Opening ----------------------------------------------------------------------------


def test_dz4_opening_reaches_30():
    assert legal_result(
        run_dz_unchecked("opening", melds=[["5H", "6H", "7H"], ["8S", "8H", "8C"]])
    ) == {"opening_points": 42}
    assert (
        legal_result(run_dz_unchecked("opening", melds=[["QH", "QD", "QC"]]))["opening_points"]
        == 30
    )


def test_dz4_opening_below_30():
    verdict = illegal_verdict(run_dz_unchecked("opening", melds=[["5H", "6H", "7H"]]), "DZ-4")
    assert verdict["result"] == {"opening_points": 18}
    illegal_verdict(run_dz_unchecked("opening", melds=[]), "DZ-4")


def test_dz4_an_invalid_meld_in_an_opening_is_dz3_at_its_index():
    verdict = illegal_verdict(
        run_dz_unchecked("opening", melds=[["QH", "QD", "QC"], ["5H", "7H", "9H"]]), "DZ-3"
    )
    assert verdict["violations"][0]["at"] == 1
    assert "opening_points" not in verdict["result"]
    with pytest.raises(CaseError, match=r"^melds\[0\]"):
        run_dz_unchecked("opening", melds=["QH"])


def test_dz4_option_opening_face_cards_counts_card_points_instead():
    melds = [["2H", "3H", "4H"], ["2S", "2D", "2C"], ["AS", "AD", "AC"]]
    off = {"opening_face_cards": False}
    assert (
        legal_result(run_dz_unchecked("opening", melds=melds, options=off))["opening_points"] == 75
    )
    illegal_verdict(run_dz_unchecked("opening", melds=melds[:2]), "DZ-4")  # face values: 9 + 6
    legal_result(run_dz_unchecked("opening", melds=[*melds[:2], ["JS", "QS", "KS"]], options=off))
    # A joker counts as the card it stands for, under either reading.
    assert (
        legal_result(run_dz_unchecked("meld", cards=["JS", "JK:QS", "KS"], options=off))[
            "opening_points"
        ]
        == 120
    )
    assert legal_result(run_dz_unchecked("meld", cards=["AH", "JK", "3H"]))["opening_points"] == 6
    with pytest.raises(CaseError, match="opening_face_cards"):
        run_dz_unchecked("meld", cards=["5H", "6H", "7H"], options={"opening_face_cards": "yes"})
