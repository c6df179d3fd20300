"""Duizenden DZ-3 melds: sets, runs, jokers; the ``meld`` check."""

import pytest

from games.base import CaseError
from tests.games.duizenden.helpers import dz_case, run_dz, run_dz_unchecked
from tests.games.helpers import case_error, cited, illegal_verdict, legal_result

# --- meld (DZ-3, DZ-4, DZ-11) -----------------------------------------------------------------


MELDS = [
    (["5H", "6H", "7H"], "run", 18, 15),  # seed: 5,6,7 = 18 punten
    (["JH", "QH", "KH"], "run", 30, 30),  # seed: boer, vrouw, heer harten
    (["QH", "QD", "QC"], "set", 30, 30),  # seed: 3 vrouwen
    (["8H", "8H", "8S"], "set", 24, 15),  # seed/RULES: suits may repeat
    (["QH", "QS", "QD"], "set", 30, 120),  # QS = 100 card points
    (["AH", "2H", "3H"], "run", 6, 25),  # ace low counts 1 for opening
    (["QH", "KH", "AH"], "run", 31, 35),  # ace high counts 11
    (["AS", "AH", "AD"], "set", 33, 45),
    (["2C", "2C", "2D", "2S"], "set", 8, 20),
    (["10S", "JS", "QS"], "run", 30, 120),
    (["9D", "10D", "JD", "QD", "KD", "AD"], "run", 60, 60),
    (
        ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
        "run",
        85,
        95,
    ),
    (["8H", "8H", "8S", "8S", "8D", "8D", "8C", "8C"], "set", 64, 40),
    (["7H", "5H", "6H"], "run", 18, 15),  # a meld is judged whatever order it is listed in
    (["KH", "AH", "QH"], "run", 31, 35),
    (["3H", "AH", "2H"], "run", 6, 25),
]


JOKER_MELDS = [
    (["5H", "JK:6H", "7H"], "run", 18, 60),  # CASES.md example; joker 50 whatever it is
    (["5H", "JK", "7H"], "run", 18, 60),  # one reading only: 6H
    (["JK:5H", "6H", "7H"], "run", 18, 60),
    (["QH", "QD", "JK:QS"], "set", 30, 70),  # a joker as QS still scores 50
    (["AH", "2H", "JK"], "run", 6, 70),  # only 3H (K-A-2 is no run)
    (["JK", "KH", "AH"], "run", 31, 75),  # only QH
    (["AH", "KH", "JK"], "run", 31, 75),
    (["5H", "JK", "JK", "8H"], "run", 26, 110),  # both jokers fixed: 6H and 7H
    (["JK:QH", "KH", "JK:AH"], "run", 31, 110),
    (["JK:AH", "2H", "3H"], "run", 6, 60),  # a joker for a low ace counts 1
    (["JK:AS", "QS", "KS"], "run", 31, 160),  # ... for a high ace 11 (QS 100)
    (["8H", "8S", "JK:8D"], "set", 24, 60),
    (["5H", "JK:6H", "JK:7H", "8H"], "run", 26, 110),
    (["JK:10S", "JK:JS", "QS"], "run", 30, 200),
]


SPELLED_MELDS = [  # every accepted spelling of a card
    (["5♥", "♥6", "7h"], "run", 18, 15),
    (["harten 5", "harten 6", "harten 7"], "run", 18, 15),
    (["schoppen vrouw", "harten vrouw", "ruiten vrouw"], "set", 30, 120),
    (["ruiten boer", "ruiten vrouw", "ruiten heer"], "run", 30, 30),
    (["klaveren aas", "klaveren heer", "klaveren vrouw"], "run", 31, 35),
    (["Q♠", "♠Q", "qh"], "set", 30, 210),
    (["10h", "harten 10", "10♦"], "set", 30, 30),
    (["ruiten 10", "10♥", "schoppen 10"], "set", 30, 30),
    (["joker", "5H", "7H"], "run", 18, 60),
    (["JK:6♥", "5H", "7H"], "run", 18, 60),
    (["jk:6h", "5h", "7h"], "run", 18, 60),
    (["joker:harten 6", "harten 5", "Joker:7♥"], "run", 18, 105),
    (["JOKER", "ruiten 8", "♠8"], "set", 24, 60),
]


CLUBS = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]


@pytest.mark.parametrize(
    ("cards", "kind", "opening", "points"), [*MELDS, *JOKER_MELDS, *SPELLED_MELDS]
)
def test_meld_type_and_points(cards, kind, opening, points):
    result = legal_result(run_dz("meld", cards=cards))
    assert result == {"type": kind, "opening_points": opening, "card_points": points}


@pytest.mark.parametrize(
    "cards",
    [
        ["5H", "6H"],  # fewer than 3 cards
        ["5H"],
        [],
        ["5H", "6S", "7H"],  # a run of one suit
        ["5H", "6H", "8H"],  # not consecutive
        ["5H", "5S", "6H"],  # neither set nor run
        ["KH", "AH", "2H"],  # never K-A-2
        ["QC", "KC", "AC", "2C"],
        ["5H", "5H", "6H", "7H"],  # a duplicate breaks a run
        ["JK", "JK", "JK"],  # at least one natural card
        ["JK:5H", "JK:6H", "JK:7H"],
        ["5H", "JK:9H", "7H"],  # the declared card does not fit
        ["8H", "8S", "JK:9D"],
        ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"],
        ["5H", "JK:5H", "7H"],
    ],
)
def test_meld_invalid_is_dz3(cards):
    verdict = run_dz("meld", cards=cards)
    assert cited(verdict) == {"DZ-3"}, verdict
    assert "type" not in verdict["result"]  # an invalid meld has no type


def test_meld_set_joker_has_one_reading_whatever_its_suit():
    # Suits may repeat in a set (DZ-3), so "a set of 8s" is the one reading of JK here.
    assert legal_result(run_dz("meld", cards=["8H", "8S", "JK"])) == {
        "type": "set",
        "opening_points": 24,
        "card_points": 60,
    }
    assert legal_result(run_dz("meld", cards=["QH", "QD", "JK"]))["opening_points"] == 30


def test_meld_undeclared_joker_with_several_readings_names_field_and_readings():
    error = case_error(dz_case("meld", cards=["5H", "6H", "JK"]))
    assert error.field.startswith("cards")
    assert error.field == "cards[2]"
    assert "4H" in error.message and "7H" in error.message  # 4H-6H or 5H-7H
    error = case_error(dz_case("meld", cards=["JK", "6H", "7H"]))
    assert "5H" in error.message and "8H" in error.message
    error = case_error(dz_case("meld", cards=["JK", "JK", "5H"]))  # set or several runs
    assert error.field.startswith("cards")
    error = case_error(dz_case("meld", cards=["QH", "KH", "JK"]))  # JH or AH
    assert "JH" in error.message and "AH" in error.message


def test_meld_thirteen_card_run_reads_the_ace_from_the_order_listed():
    # A-K and 2-A hold the same cards: only the ace's opening points (1 or 11) differ.
    assert legal_result(run_dz("meld", cards=["AC", *CLUBS]))["opening_points"] == 85
    assert legal_result(run_dz("meld", cards=[*CLUBS, "AC"]))["opening_points"] == 95
    assert legal_result(run_dz("meld", cards=[*CLUBS, "JK"])) == {
        "type": "run",
        "opening_points": 95,
        "card_points": 130,
    }
    assert legal_result(run_dz("meld", cards=["JK:AC", *CLUBS]))["opening_points"] == 85
    assert run_dz("meld", cards=["AC", *CLUBS, "AC"])["violations"][0]["rule"] == "DZ-3"
    assert legal_result(run_dz("opening", melds=[["AC", *CLUBS]])) == {"opening_points": 85}


@pytest.mark.parametrize(
    ("cards", "kind", "opening", "points"),
    [
        (["5H", "6H", "7H"], "run", 15, 15),
        (["AS", "AH", "AD"], "set", 45, 45),
        (["AH", "2H", "3H"], "run", 25, 25),
        (["QH", "QS", "QD"], "set", 120, 120),
    ],
)
def test_meld_option_opening_face_cards_false_counts_card_points(cards, kind, opening, points):
    verdict = run_dz("meld", cards=cards, options={"opening_face_cards": False})
    assert legal_result(verdict) == {"type": kind, "opening_points": opening, "card_points": points}


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({}, "cards"),
        ({"cards": None}, "cards"),
        ({"cards": "5H 6H 7H"}, "cards"),
        ({"cards": ["5H", "6H", "1H"]}, "cards"),
        ({"cards": ["5H", "6H", "ZZ"]}, "cards"),
        ({"cards": ["5H", 6, "7H"]}, "cards"),
        ({"cards": ["8H", "8H", "8H"]}, "cards"),  # two decks hold two 8H
        ({"cards": ["JK", "JK", "JK", "JK", "JK", "8H"]}, "cards"),  # four jokers
        ({"cards": ["5H", "JK:ZZ", "7H"]}, "cards"),
        ({"cards": ["5H", "JK:JK", "7H"]}, "cards"),
        ({"cards": ["5H", "6H:7H", "7H"]}, "cards"),
    ],
)
def test_meld_cases_that_cannot_be_judged(fields, field):
    case_error(dz_case("meld", **fields), field)


# --- DZ-3 Melds ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "kind", "opening", "points"),
    [
        (["5H", "6H", "7H"], "run", 18, 15),  # seed: "een straatje van 5,6,7 ... 18 punten"
        (["8H", "8H", "8S"], "set", 24, 15),  # seed: harten 8, harten 8, schoppen 8
        (["QH", "QD", "QC"], "set", 30, 30),  # seed: "3 vrouwen"
        (["JH", "QH", "KH"], "run", 30, 30),  # seed: boer, vrouw, heer in harten
        (["AH", "2H", "3H"], "run", 6, 25),  # DZ-4: the ace low counts 1
        (["QH", "KH", "AH"], "run", 31, 35),  # ... and high 11
        (["AS", "AH", "AD"], "set", 33, 45),
        (["5H", "JK:6H", "7H"], "run", 18, 60),  # CASES.md's example
        (["5H", "JK", "7H"], "run", 18, 60),  # only one reading
        (["KH", "AH", "JK"], "run", 31, 75),  # no K-A-2, so the joker is QH
        (["8H", "8S", "JK"], "set", 24, 60),  # a set's joker stands for the rank
        (["7C", "5C", "6C", "4C"], "run", 22, 20),  # order does not matter
        (["QS", "QH", "QD"], "set", 30, 120),  # DZ-11: QS counts 100 card points
    ],
)
def test_dz3_valid_melds(cards, kind, opening, points):
    assert legal_result(run_dz_unchecked("meld", cards=cards)) == {
        "type": kind,
        "opening_points": opening,
        "card_points": points,
    }


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        (["5H", "6H"], "at least 3 cards"),
        ([], "at least 3 cards"),
        (["JK", "JK", "JK"], "natural card"),
        (["KH", "AH", "2H"], "never both"),
        (["5H", "6S", "7H"], "neither a set"),
        (["8H", "8S", "9S"], "neither a set"),
        (["5H", "JK:9H", "7H"], "declared as 9H"),
        (["8H", "8S", "JK:9S"], "declared as 9S"),
        (["5H", "5H", "6H"], "neither a set"),
    ],
)
def test_dz3_invalid_melds(cards, words):
    verdict = illegal_verdict(run_dz_unchecked("meld", cards=cards), "DZ-3")
    assert words in verdict["violations"][0]["message"]
    assert "type" not in verdict["result"]
    assert "opening_points" not in verdict["result"]


@pytest.mark.parametrize(
    ("cards", "field", "readings"),
    [
        (["5H", "6H", "JK"], "cards[2]", ["4H", "7H"]),
        (["8H", "JK", "JK"], "cards[1]", ["any 8", "6H and 7H", "9H and 10H"]),
        (["AH", "JK", "JK"], "cards[1]", ["2H and 3H", "QH and KH"]),
    ],
)
def test_dz3_an_undeclared_joker_with_several_readings_cannot_be_judged(cards, field, readings):
    with pytest.raises(CaseError) as info:
        run_dz_unchecked("meld", cards=cards)
    assert info.value.field == field
    for reading in readings:
        assert reading in info.value.message


def test_dz3_cards_in_any_spelling_and_bad_cards():
    result = legal_result(run_dz_unchecked("meld", cards=["harten 5", "joker:6♥", "h7"]))
    assert result["type"] == "run"
    with pytest.raises(CaseError, match=r"cards\[1\]"):
        run_dz_unchecked("meld", cards=["5H", "JK:JK", "7H"])
    with pytest.raises(CaseError, match=r"cards\[0\]"):
        run_dz_unchecked("meld", cards=["5H:6H", "6H", "7H"])
    with pytest.raises(CaseError, match=r"cards\[2\]"):
        run_dz_unchecked("meld", cards=["5H", "6H", 7])
