"""Duizenden reviewed from outside: cases written from RULES.md (DZ-1 … DZ-12), CASES.md and
the seed text only, judged through ``games.cases.judge`` exactly as a tournament director's
JSON would be. Every verdict's shape is checked too (CASES.md "Every verdict")."""

import io
import json

import pytest

from games import cases
from tests.games.helpers import (
    at_of,
    case_error,
    cited,
    judge_checked,
    mutated,
    ok,
    paths,
    verdict_or_field,
)

# --- helpers ----------------------------------------------------------------------------------


def case(check, **fields):
    return {"game": "duizenden", "check": check, **fields}


def judge(data):
    return judge_checked(data, game="duizenden", prefix="DZ-")


def run(check, **fields):
    return judge(case(check, **fields))


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


@pytest.mark.parametrize(
    ("cards", "kind", "opening", "points"), [*MELDS, *JOKER_MELDS, *SPELLED_MELDS]
)
def test_meld_type_and_points(cards, kind, opening, points):
    result = ok(run("meld", cards=cards))
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
    verdict = run("meld", cards=cards)
    assert cited(verdict) == {"DZ-3"}, verdict
    assert "type" not in verdict["result"]  # an invalid meld has no type


def test_meld_set_joker_has_one_reading_whatever_its_suit():
    # Suits may repeat in a set (DZ-3), so "a set of 8s" is the one reading of JK here.
    assert ok(run("meld", cards=["8H", "8S", "JK"])) == {
        "type": "set",
        "opening_points": 24,
        "card_points": 60,
    }
    assert ok(run("meld", cards=["QH", "QD", "JK"]))["opening_points"] == 30


def test_meld_undeclared_joker_with_several_readings_names_field_and_readings():
    error = case_error(case("meld", cards=["5H", "6H", "JK"]))
    assert error.field.startswith("cards")
    assert error.field == "cards[2]"
    assert "4H" in error.message and "7H" in error.message  # 4H-6H or 5H-7H
    error = case_error(case("meld", cards=["JK", "6H", "7H"]))
    assert "5H" in error.message and "8H" in error.message
    error = case_error(case("meld", cards=["JK", "JK", "5H"]))  # set or several runs
    assert error.field.startswith("cards")
    error = case_error(case("meld", cards=["QH", "KH", "JK"]))  # JH or AH
    assert "JH" in error.message and "AH" in error.message


CLUBS = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]


def test_meld_thirteen_card_run_reads_the_ace_from_the_order_listed():
    # A-K and 2-A hold the same cards: only the ace's opening points (1 or 11) differ.
    assert ok(run("meld", cards=["AC", *CLUBS]))["opening_points"] == 85
    assert ok(run("meld", cards=[*CLUBS, "AC"]))["opening_points"] == 95
    assert ok(run("meld", cards=[*CLUBS, "JK"])) == {
        "type": "run",
        "opening_points": 95,
        "card_points": 130,
    }
    assert ok(run("meld", cards=["JK:AC", *CLUBS]))["opening_points"] == 85
    assert run("meld", cards=["AC", *CLUBS, "AC"])["violations"][0]["rule"] == "DZ-3"
    assert ok(run("opening", melds=[["AC", *CLUBS]])) == {"opening_points": 85}


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
    verdict = run("meld", cards=cards, options={"opening_face_cards": False})
    assert ok(verdict) == {"type": kind, "opening_points": opening, "card_points": points}


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
    case_error(case("meld", **fields), field)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"opening_face_cards": "yes"}, "options"),
        ({"no_such_option": True}, "options"),
        ("face", "options"),
    ],
)
def test_bad_options_cannot_be_judged(options, field):
    case_error(case("meld", cards=["5H", "6H", "7H"], options=options), field)


def test_unknown_check_and_game():
    assert case_error({"game": "duizenden", "check": "bid"}).field == "check"
    assert case_error({"game": "duizend", "check": "meld"}).field == "game"


# --- opening (DZ-4) ----------------------------------------------------------------------------


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
    assert ok(run("opening", melds=melds)) == {"opening_points": points}


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
    verdict = run("opening", melds=melds)
    assert cited(verdict) == {"DZ-4"}, verdict
    assert verdict["result"] == {"opening_points": points}


def test_opening_with_no_melds_is_zero_points():
    verdict = run("opening", melds=[])
    assert cited(verdict) == {"DZ-4"}
    assert verdict["result"] == {"opening_points": 0}


def test_opening_invalid_meld_is_dz3_at_its_index():
    verdict = run("opening", melds=[["QH", "QS", "QD"], ["5H", "6S", "7H"]])
    assert "DZ-3" in cited(verdict)
    assert at_of(verdict, "DZ-3") == [1]
    assert verdict["legal"] is False
    verdict = run("opening", melds=[["5H", "6H"], ["KS", "KD", "KC"], ["JK", "JK", "JK"]])
    assert sorted(at_of(verdict, "DZ-3")) == [0, 2]


def test_opening_option_card_points():
    melds = [["5H", "6H", "7H"], ["3S", "3D", "3C"]]  # 18 + 9 face, 15 + 15 card points
    verdict = run("opening", melds=melds)
    assert cited(verdict) == {"DZ-4"}
    assert verdict["result"] == {"opening_points": 27}
    verdict = run("opening", melds=melds, options={"opening_face_cards": False})
    assert ok(verdict) == {"opening_points": 30}
    verdict = run("opening", melds=[["9H", "10H", "JH"]], options={"opening_face_cards": False})
    assert cited(verdict) == {"DZ-4"}
    assert verdict["result"] == {"opening_points": 25}
    verdict = run("opening", melds=[["9H", "10H", "JH"]], options={"opening_face_cards": True})
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
    case_error(case("opening", **fields), field)


# --- discard (DZ-8, DZ-9, DZ-10) ----------------------------------------------------------------


def test_discard_ordinary_card():
    result = ok(run("discard", card="5H", hand=["QS", "5H", "7C"], first_turn=False))
    assert result == {"goes_out": False, "hand": ["QS", "7C"]}


def test_discard_queen_of_spades_is_dz8():
    verdict = run("discard", card="QS", hand=["QS", "5H", "7C"], first_turn=False)
    assert cited(verdict) == {"DZ-8"}
    verdict = run("discard", card="schoppen vrouw", hand=["Q♠", "5H"], first_turn=True)
    assert cited(verdict) == {"DZ-8"}


def test_discard_going_out():
    result = ok(run("discard", card="9D", hand=["9D"], first_turn=False))
    assert result == {"goes_out": True, "hand": []}


def test_discard_going_out_in_first_turn_is_dz9():
    verdict = run("discard", card="9D", hand=["9D"], first_turn=True)
    assert cited(verdict) == {"DZ-9"}


def test_discard_not_going_out_in_first_turn_is_fine():
    result = ok(run("discard", card="9D", hand=["9D", "3C"], first_turn=True))
    assert result == {"goes_out": False, "hand": ["3C"]}


def test_discard_going_out_with_queen_of_spades():
    verdict = run("discard", card="QS", hand=["QS"], first_turn=False)
    assert "DZ-8" in cited(verdict)
    assert cited(verdict) <= {"DZ-8", "DZ-10"}
    assert "goes_out" not in verdict["result"] or verdict["result"]["goes_out"] is False


def test_discard_spellings_and_duplicates():
    result = ok(run("discard", card="harten 10", hand=["10♥", "10h", "ruiten boer"]))
    assert result == {"goes_out": False, "hand": ["10H", "JD"]}
    result = ok(run("discard", card="joker", hand=["JK", "JK"]))
    assert result == {"goes_out": False, "hand": ["JK"]}


def test_discard_first_turn_missing_is_not_first_turn():
    assert ok(run("discard", card="9D", hand=["9D"]))["goes_out"] is True


def test_discard_without_hand_is_a_missing_field():
    # CASES.md lists `hand` (the hand before the discard) without marking it optional.
    assert case_error(case("discard", card="QS")).field == "hand"
    assert case_error(case("discard", card="5H", hand=None)).field == "hand"


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
    case_error(case("discard", **fields), field)


# --- deal_score (DZ-11) ---------------------------------------------------------------------------


def test_deal_score_card_points():
    players = {
        "Ann": {"melded": ["5H", "6H", "7H", "QH", "QS", "QD"], "hand": []},
        "Bas": {"melded": [], "hand": ["QS", "JK", "AH", "10C", "2D"]},
        "Cor": {"melded": ["AS", "AD", "AC", "JK", "9S", "10S"], "hand": ["KH"]},
        "Dirk": {"melded": [], "hand": []},
    }
    result = ok(run("deal_score", players=players))
    assert result == {"points": {"Ann": 135, "Bas": -180, "Cor": 100, "Dirk": 0}}


def test_deal_score_melded_as_list_of_melds():
    players = {
        "Ann": {"melded": [["5H", "JK:6H", "7H"], ["QH", "QS", "QD"]], "hand": ["3C"]},
        "Bas": {"melded": [["8H", "8H", "8S"]], "hand": ["JK"]},
        "Cor": {"melded": [], "hand": ["AS"]},
    }
    result = ok(run("deal_score", players=players))
    assert result == {"points": {"Ann": 175, "Bas": -35, "Cor": -15}}


def test_deal_score_spellings_and_negative_totals():
    players = {
        "Ann": {"melded": ["harten 10", "harten boer", "harten vrouw"], "hand": ["joker"]},
        "Bas": {"melded": ["Q♠", "♠K", "as"], "hand": []},
        "Cor": {"melded": [], "hand": ["Q♠"]},
    }
    result = ok(run("deal_score", players=players))
    assert result == {"points": {"Ann": -20, "Bas": 125, "Cor": -100}}


def test_deal_score_counts_the_cards_without_judging_the_melds():
    # Engine choice (RULES.md silent): deal_score counts card points; melds are judged by
    # the meld check, so an odd grouping on the table still scores its cards.
    players = {"Ann": {"melded": [["5H", "6S", "7H"]], "hand": []},
               "Bas": {"melded": [], "hand": []}, "Cor": {"melded": [], "hand": []}}  # fmt: skip
    assert ok(run("deal_score", players=players)) == {"points": {"Ann": 15, "Bas": 0, "Cor": 0}}


def test_deal_score_missing_hand_or_melded_counts_nothing():
    players = {"Ann": {"melded": ["5H", "6H", "7H"]}, "Bas": {"hand": ["AS"]}}
    assert ok(run("deal_score", players=players)) == {"points": {"Ann": 15, "Bas": -15}}


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
    case_error(case("deal_score", **fields), field)


# --- game (DZ-1, DZ-12) ---------------------------------------------------------------------------

FOUR = ["Ann", "Bas", "Cor", "Dirk"]


def test_game_unfinished():
    deals = [{"Ann": 85, "Bas": -20, "Cor": 40, "Dirk": 0}]
    result = ok(run("game", players=FOUR, deals=deals))
    assert result == {
        "totals": {"Ann": 85, "Bas": -20, "Cor": 40, "Dirk": 0},
        "finished": False,
        "winner": None,
        "after_deal": None,
    }


def test_game_no_deals():
    result = ok(run("game", players=FOUR, deals=[]))
    assert result["totals"] == {"Ann": 0, "Bas": 0, "Cor": 0, "Dirk": 0}
    assert result["finished"] is False and result["winner"] is None


def test_game_exactly_1000_wins():
    deals = [{"Ann": 500, "Bas": 0, "Cor": 0, "Dirk": 0},
             {"Ann": 500, "Bas": 990, "Cor": 0, "Dirk": 0}]  # fmt: skip
    result = ok(run("game", players=FOUR, deals=deals))
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
    result = ok(run("game", players=FOUR, deals=deals))
    assert result["totals"]["Ann"] == 995
    assert result["finished"] is False and result["winner"] is None


def test_game_deal_scores_must_be_card_points():
    # Engine choice kept (RULES.md silent; DZ-11 makes every deal score a sum of card points,
    # all multiples of 5, at most the 1140 points of both decks).
    deals = [{"Ann": 995, "Bas": 0, "Cor": 0}, {"Ann": 4, "Bas": 0, "Cor": 0}]
    verdict = run("game", players=["Ann", "Bas", "Cor"], deals=deals)
    assert cited(verdict) == {"DZ-11"} and at_of(verdict, "DZ-11") == [1]
    verdict = run("game", players=["Ann", "Bas", "Cor"], deals=[{"Ann": 1145, "Bas": 0, "Cor": 0}])
    assert cited(verdict) == {"DZ-11"}


def test_game_several_past_1000_highest_wins():
    deals = [{"Ann": 900, "Bas": 950, "Cor": 400}, {"Ann": 200, "Bas": 100, "Cor": 1100}]
    result = ok(run("game", players=["Ann", "Bas", "Cor"], deals=deals))
    assert result == {
        "totals": {"Ann": 1100, "Bas": 1050, "Cor": 1500},
        "finished": True,
        "winner": "Cor",
        "after_deal": 2,
    }


def test_game_equal_highest_play_another_deal():
    players = ["Ann", "Bas", "Cor"]
    deals = [{"Ann": 1000, "Bas": 1000, "Cor": 5}]
    result = ok(run("game", players=players, deals=deals))
    assert result["finished"] is False and result["winner"] is None
    assert result["after_deal"] is None
    deals.append({"Ann": -10, "Bas": 15, "Cor": 0})
    result = ok(run("game", players=players, deals=deals))
    assert result == {
        "totals": {"Ann": 990, "Bas": 1015, "Cor": 5},
        "finished": True,
        "winner": "Bas",
        "after_deal": 2,
    }


def test_game_tie_below_the_top_does_not_matter():
    deals = [{"Ann": 1100, "Bas": 1050, "Cor": 1050}]
    result = ok(run("game", players=["Ann", "Bas", "Cor"], deals=deals))
    assert result["winner"] == "Ann" and result["after_deal"] == 1


def test_game_deal_after_the_win():
    deals = [{"Ann": 1000, "Bas": 0, "Cor": 0}, {"Ann": 5, "Bas": 0, "Cor": 0}]
    verdict = run("game", players=["Ann", "Bas", "Cor"], deals=deals)
    assert cited(verdict) == {"DZ-12"}
    assert at_of(verdict, "DZ-12") == [1]
    result = verdict["result"]
    assert (result["finished"], result["winner"], result["after_deal"]) == (True, "Ann", 1)


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C", "D", "E", "F"], ["A"]])
def test_game_player_count_outside_3_to_5_is_dz1(players):
    verdict = run("game", players=players, deals=[])
    assert cited(verdict) == {"DZ-1"}


@pytest.mark.parametrize("players", [["A", "B", "C"], ["A", "B", "C", "D", "E"]])
def test_game_three_and_five_players(players):
    deals = [dict.fromkeys(players, 10)]
    assert ok(run("game", players=players, deals=deals))["totals"] == dict.fromkeys(players, 10)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"deals": []}, "players"),
        ({"players": FOUR}, "deals"),
        ({"players": "Ann", "deals": []}, "players"),
        ({"players": ["Ann", "Ann", "Bas"], "deals": []}, "players"),
        ({"players": FOUR, "deals": [{"Ann": 5, "Bas": 0, "Cor": 0}]}, "deals"),  # Dirk?
        (
            {"players": FOUR, "deals": [{"Ann": 5, "Bas": 0, "Cor": 0, "Dirk": 0, "Eva": 0}]},
            "deals",
        ),
        ({"players": FOUR, "deals": [{"Ann": "5", "Bas": 0, "Cor": 0, "Dirk": 0}]}, "deals"),
        ({"players": FOUR, "deals": [{"Ann": 5.5, "Bas": 0, "Cor": 0, "Dirk": 0}]}, "deals"),
        ({"players": FOUR, "deals": [{"Ann": True, "Bas": 0, "Cor": 0, "Dirk": 0}]}, "deals"),
        ({"players": FOUR, "deals": [[5, 0, 0, 0]]}, "deals"),
        ({"players": FOUR, "deals": {"Ann": 5}}, "deals"),
    ],
)
def test_game_cases_that_cannot_be_judged(fields, field):
    case_error(case("game", **fields), field)


# --- mine (DZ-7, DZ-8, DZ-1) ----------------------------------------------------------------------

ABCD = ["A", "B", "C", "D"]


def mine(**fields):
    base = {"players": ABCD, "discarder": "A", "top": "8S"}
    base.update(fields)
    return run("mine", **base)


def test_mine_seed_example_player_3_with_two_eights():
    verdict = mine(claims=["C"], on_table=["C"], hands={"C": ["8H", "8D", "2C"]})
    assert ok(verdict) == {"miner": "C"}


def test_mine_seed_example_next_player_has_priority():
    verdict = mine(claims=["C", "B"], on_table=["B", "C"],
                   hands={"B": ["8H", "8C"], "C": ["8D", "8D"]})  # fmt: skip
    assert ok(verdict) == {"miner": "B"}


def test_mine_first_claim_wins_without_the_next_player():
    verdict = mine(claims=["D", "C"], on_table=["C", "D"],
                   hands={"C": ["8H", "8C"], "D": ["9S", "10S"]})  # fmt: skip
    assert ok(verdict) == {"miner": "D"}
    verdict = mine(claims=["C", "D"], on_table=["C", "D"],
                   hands={"C": ["8H", "8C"], "D": ["9S", "10S"]})  # fmt: skip
    assert ok(verdict) == {"miner": "C"}


def test_mine_priority_wraps_around_the_table():
    verdict = mine(discarder="D", claims=["C", "A"], on_table=["A", "C"],
                   hands={"A": ["6S", "7S"], "C": ["8H", "8C"]})  # fmt: skip
    assert ok(verdict) == {"miner": "A"}


def test_mine_claim_not_on_table_is_dz7_at_its_index():
    verdict = mine(claims=["C", "B"], on_table=["C"],
                   hands={"B": ["8H", "8C"], "C": ["8D", "8D"]})  # fmt: skip
    assert cited(verdict) == {"DZ-7"}
    assert at_of(verdict, "DZ-7") == [1]
    assert verdict["result"] == {"miner": "C"}


def test_mine_claim_without_a_meld_is_dz7():
    verdict = mine(claims=["B", "C"], on_table=["B", "C"],
                   hands={"B": ["8H", "9C", "KD"], "C": ["7S", "9S"]})  # fmt: skip
    assert cited(verdict) == {"DZ-7"}
    assert at_of(verdict, "DZ-7") == [0]
    assert verdict["result"] == {"miner": "C"}


def test_mine_no_valid_claim():
    verdict = mine(claims=["B"], on_table=[], hands={"B": ["8H", "8C"]})
    assert cited(verdict) == {"DZ-7"}
    assert verdict["result"] == {"miner": None}
    assert ok(mine(claims=[], on_table=["B"], hands={})) == {"miner": None}


def test_mine_by_the_discarder_is_dz7():
    verdict = mine(claims=["A"], on_table=["A"], hands={"A": ["8H", "8C"]})
    assert cited(verdict) == {"DZ-7"}
    assert verdict["result"] == {"miner": None}


@pytest.mark.parametrize(
    ("hand", "valid"),
    [
        (["8H", "8C"], True),  # set
        (["9S", "10S"], True),  # run up
        (["6S", "7S"], True),  # run down
        (["7S", "9S"], True),  # top in the middle
        (["8H", "JK"], True),  # joker with a natural pair
        (["JK", "JK"], True),  # the top card is natural
        (["JK"], False),  # two cards are no meld
        (["8H"], False),
        (["9H", "10H"], False),  # other suit
        (["7S", "10S"], False),
        ([], False),
    ],
)
def test_mine_what_makes_a_meld_with_the_top(hand, valid):
    verdict = mine(claims=["C"], on_table=["C"], hands={"C": hand})
    if valid:
        assert ok(verdict) == {"miner": "C"}
    else:
        assert cited(verdict) == {"DZ-7"}
        assert verdict["result"] == {"miner": None}


def test_mine_ace_top_makes_runs_both_ends():
    verdict = mine(top="AS", claims=["C"], on_table=["C"], hands={"C": ["KS", "QS"]})
    assert ok(verdict) == {"miner": "C"}
    verdict = mine(top="AS", claims=["C"], on_table=["C"], hands={"C": ["2S", "3S"]})
    assert ok(verdict) == {"miner": "C"}
    verdict = mine(top="AS", claims=["C"], on_table=["C"], hands={"C": ["KS", "2S"]})
    assert cited(verdict) == {"DZ-7"}


def test_mine_top_queen_of_spades_is_dz8():
    verdict = mine(top="QS", claims=["B"], on_table=["B"], hands={"B": ["QH", "QD"]})
    assert "DZ-8" in cited(verdict)


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C", "D", "E", "F"]])
def test_mine_player_count_outside_3_to_5_is_dz1(players):
    verdict = run("mine", players=players, discarder="A", top="8S", claims=[], on_table=[],
                  hands={})  # fmt: skip
    assert "DZ-1" in cited(verdict)


def test_mine_three_and_five_players():
    verdict = run("mine", players=["A", "B", "C"], discarder="C", top="8S", claims=["B", "A"],
                  on_table=["A", "B"], hands={"A": ["8H", "8D"], "B": ["8C", "8C"]})  # fmt: skip
    assert ok(verdict) == {"miner": "A"}
    verdict = run("mine", players=["A", "B", "C", "D", "E"], discarder="E", top="klaveren 8",
                  claims=["C"], on_table=["C"], hands={"C": ["8♣", "ruiten 8"]})  # fmt: skip
    assert ok(verdict) == {"miner": "C"}


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"discarder": "Z"}, "discarder"),
        ({"top": "ZZ"}, "top"),
        ({"claims": ["Z"]}, "claims"),
        ({"on_table": ["Z"]}, "on_table"),
        ({"hands": {"B": ["8S", "8S"]}}, "hands"),  # with the top: three 8S
        ({"hands": {"B": ["XX", "8H"]}}, "hands"),
        ({"hands": {"Z": ["8H", "8H"]}}, "hands"),
        ({"hands": ["8H", "8H"]}, "hands"),
        ({"claims": "B"}, "claims"),
        ({"players": "ABCD"}, "players"),
        ({"players": ["A", "A", "B", "C"]}, "players"),
    ],
)
def test_mine_cases_that_cannot_be_judged(fields, field):
    base = {"players": ABCD, "discarder": "A", "top": "8S", "claims": ["B"],
            "on_table": ["B"], "hands": {"B": ["8H", "8H"]}}  # fmt: skip
    base.update(fields)
    case_error(case("mine", **base), field)


def test_mine_missing_claims_or_on_table_cannot_be_judged():
    base = {"players": ABCD, "discarder": "A", "top": "8S", "claims": ["B"],
            "on_table": ["B"], "hands": {"B": ["8H", "8H"]}}  # fmt: skip
    error = case_error(case("mine", **{k: v for k, v in base.items() if k != "claims"}))
    assert error.field == "claims"
    error = case_error(case("mine", **{k: v for k, v in base.items() if k != "on_table"}))
    assert error.field == "on_table"
    assert case_error(case("mine", **{**base, "on_table": None})).field == "on_table"
    # Without claims nobody needs to be on the table.
    assert ok(run("mine", **{**base, "claims": [], "on_table": None})) == {"miner": None}


def test_mine_claimant_hand_missing_cannot_be_judged():
    error = case_error(case("mine", players=ABCD, discarder="A", top="8S", claims=["B"],
                     on_table=["B"], hands={}))  # fmt: skip
    assert error.field.startswith("hands")


# --- replay (DZ-2, DZ-5, DZ-6: no CASES.md check of their own) -----------------------------


def _log():
    from tests.games.test_duizenden import base_log

    return base_log()


def _turn(log, index):
    return log["deals"][0]["turns"][index]


def test_replay_hand_written_deal_is_legal():
    verdict = judge(_log())
    assert verdict["legal"] is True
    assert verdict["result"]["complete"] is False


def test_replay_dz2_second_player_may_not_take_the_turned_card():
    log = _log()
    del _turn(log, 1)["draw"]
    _turn(log, 1)["take_turned"] = True
    verdict = judge(log)
    assert cited(verdict) == {"DZ-2"} and at_of(verdict, "DZ-2") == [0]


def test_replay_dz2_out_of_turn():
    log = _log()
    _turn(log, 2)["player"] = "Bas"
    assert cited(judge(log)) == {"DZ-2"}


def test_replay_dz5_lay_off_on_anothers_meld():
    log = _log()
    _turn(log, 2)["actions"] = [{"lay_off": "9H", "to": 0, "owner": "Bas"}]
    assert cited(judge(log)) == {"DZ-5"}


def test_replay_dz6_exchange_by_another_player():
    log = _log()
    _turn(log, 1)["actions"].append({"exchange": "8H", "to": 0, "owner": "Ann"})
    assert cited(judge(log)) == {"DZ-6"}


def test_replay_dz1_two_players():
    log = _log()
    log["players"] = ["Ann", "Bas"]
    del log["deals"][0]["hands"]["Cor"]
    log["deals"][0]["dealer"] = "Bas"
    assert cited(judge(log)) == {"DZ-1"}


# --- the command line -----------------------------------------------------------------------------


def test_cli_case_error_is_one_line_and_exit_2():
    stdin = io.BytesIO(json.dumps(case("meld", cards=["5H", "6H", "JK"])).encode())
    out, err = io.StringIO(), io.StringIO()
    assert cases.main(["-"], stdin, out, err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().count("\n") == 1
    assert "cards" in err.getvalue() and "Traceback" not in err.getvalue()


def test_cli_verdict_exit_0_even_when_illegal():
    stdin = io.BytesIO(json.dumps(case("discard", card="QS", hand=["QS", "5H"])).encode())
    out, err = io.StringIO(), io.StringIO()
    assert cases.main(["-"], stdin, out, err) == 0
    verdict = json.loads(out.getvalue())
    assert verdict["legal"] is False and verdict["violations"][0]["rule"] == "DZ-8"


# --- no crash on malformed input ------------------------------------------------------------------

JUNK = [None, 0, -1, 1.5, True, "", "x", [], {}, [None], [[]], [{}], {"a": None}, ["5H"] * 3]
GOOD = {
    "meld": {"cards": ["5H", "6H", "7H"]},
    "opening": {"melds": [["QH", "QS", "QD"]]},
    "discard": {"card": "5H", "hand": ["5H", "6H"], "first_turn": False},
    "deal_score": {"players": {"Ann": {"melded": ["5H"], "hand": ["6H"]}}},
    "game": {"players": ["A", "B", "C"], "deals": [{"A": 5, "B": 0, "C": 0}]},
    "mine": {
        "players": ABCD,
        "discarder": "A",
        "top": "8S",
        "claims": ["B"],
        "on_table": ["B"],
        "hands": {"B": ["8H", "8H"]},
    },
}


@pytest.mark.parametrize("check", sorted(GOOD))
def test_no_crash_on_malformed_fields(check):
    fields = GOOD[check]
    judge(case(check, **fields))
    for path in paths(fields)[1:]:
        for junk in JUNK:
            verdict_or_field(judge, case(check, **mutated(fields, path, junk)))
    for key in fields:
        verdict_or_field(judge, case(check, **{k: v for k, v in fields.items() if k != key}))
