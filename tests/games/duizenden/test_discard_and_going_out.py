"""Duizenden DZ-8 queen of spades, DZ-9 first turn and DZ-10 going out; the ``discard`` check."""

import pytest

from games.base import CaseError
from tests.games.duizenden.helpers import dz_case, run_dz, run_dz_unchecked
from tests.games.helpers import case_error, cited, illegal_verdict, legal_result, rules_in_order


def test_discard_of_a_card_not_held_cannot_be_judged():
    with pytest.raises(CaseError) as info:
        run_dz_unchecked("discard", card="5H", hand=["QS", "4D"])
    assert info.value.field == "card"
    with pytest.raises(CaseError) as info:
        run_dz_unchecked("discard", card="5H", hand=["5H", "5H", "5H"])
    assert info.value.field == "hand"


def test_discard_ordinary_card():
    result = legal_result(run_dz("discard", card="5H", hand=["QS", "5H", "7C"], first_turn=False))
    assert result == {"goes_out": False, "hand": ["QS", "7C"]}


def test_discard_queen_of_spades_is_dz8():
    verdict = run_dz("discard", card="QS", hand=["QS", "5H", "7C"], first_turn=False)
    assert cited(verdict) == {"DZ-8"}
    verdict = run_dz("discard", card="schoppen vrouw", hand=["Q♠", "5H"], first_turn=True)
    assert cited(verdict) == {"DZ-8"}


def test_discard_going_out():
    result = legal_result(run_dz("discard", card="9D", hand=["9D"], first_turn=False))
    assert result == {"goes_out": True, "hand": []}


def test_discard_going_out_in_first_turn_is_dz9():
    verdict = run_dz("discard", card="9D", hand=["9D"], first_turn=True)
    assert cited(verdict) == {"DZ-9"}


def test_discard_not_going_out_in_first_turn_is_fine():
    result = legal_result(run_dz("discard", card="9D", hand=["9D", "3C"], first_turn=True))
    assert result == {"goes_out": False, "hand": ["3C"]}


def test_discard_going_out_with_queen_of_spades():
    verdict = run_dz("discard", card="QS", hand=["QS"], first_turn=False)
    # DZ-8: QS may never be discarded; DZ-10: the last card cannot be QS. Both rules apply.
    assert rules_in_order(verdict) == ["DZ-8", "DZ-10"]
    # Whether the player went out cannot be computed from a broken discard: left out.
    assert "goes_out" not in verdict["result"]


def test_discard_spellings_and_duplicates():
    result = legal_result(run_dz("discard", card="harten 10", hand=["10♥", "10h", "ruiten boer"]))
    assert result == {"goes_out": False, "hand": ["10H", "JD"]}
    result = legal_result(run_dz("discard", card="joker", hand=["JK", "JK"]))
    assert result == {"goes_out": False, "hand": ["JK"]}


def test_discard_first_turn_missing_is_not_first_turn():
    assert legal_result(run_dz("discard", card="9D", hand=["9D"]))["goes_out"] is True


def test_discard_without_hand_is_a_missing_field():
    # CASES.md lists `hand` (the hand before the discard) without marking it optional.
    assert case_error(dz_case("discard", card="QS")).field == "hand"
    assert case_error(dz_case("discard", card="5H", hand=None)).field == "hand"


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"hand": ["5H"]}, "card"),
        ({"card": "5H", "hand": ["6H"]}, "card"),  # not held
        ({"card": "5H", "hand": []}, "card"),
        ({"card": "XX", "hand": ["6H"]}, "card"),
        ({"card": "5H", "hand": ["5H", "ZZ"]}, "hand"),
        ({"card": "5H", "hand": ["5H", "5H", "5H"]}, "hand"),  # three 5H in two decks
        ({"card": "5H", "hand": "5H"}, "hand"),
        ({"card": "5H", "hand": ["5H"], "first_turn": "no"}, "first_turn"),
        ({"card": ["5H"], "hand": ["5H"]}, "card"),
        ({"card": "JK:5H", "hand": ["JK"]}, "card"),
    ],
)
def test_discard_cases_that_cannot_be_judged(fields, field):
    case_error(dz_case("discard", **fields), field)


# --- DZ-8 Queen of spades --------------------------------------------------------------------


def test_dz8_queen_of_spades_is_never_discarded():
    legal_result(run_dz_unchecked("discard", card="4D", hand=["QS", "4D", "9C"], first_turn=False))
    verdict = illegal_verdict(
        run_dz_unchecked("discard", card="QS", hand=["QS", "4D", "9C"]), "DZ-8"
    )
    assert rules_in_order(verdict) == ["DZ-8"]
    assert "QS" in verdict["violations"][0]["message"]


# --- DZ-9 First turn -------------------------------------------------------------------------


def test_dz9_nobody_goes_out_in_the_first_turn():
    assert legal_result(
        run_dz_unchecked("discard", card="4D", hand=["QS", "4D"], first_turn=True)
    ) == {
        "goes_out": False,
        "hand": ["QS"],
    }
    verdict = illegal_verdict(
        run_dz_unchecked("discard", card="4D", hand=["4D"], first_turn=True), "DZ-9"
    )
    assert rules_in_order(verdict) == ["DZ-9"]


# --- DZ-10 Going out -------------------------------------------------------------------------


def test_dz10_going_out_with_the_last_card():
    assert legal_result(run_dz_unchecked("discard", card="4D", hand=["4D"], first_turn=False)) == {
        "goes_out": True,
        "hand": [],
    }
    verdict = illegal_verdict(run_dz_unchecked("discard", card="QS", hand=["QS"]), "DZ-10")
    assert set(rules_in_order(verdict)) == {"DZ-8", "DZ-10"}
