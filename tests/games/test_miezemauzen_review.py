"""Miezemauzen reviewed from outside: cases written from RULES.md (MZ-1 … MZ-12), CASES.md
and the seed text only, judged through ``games.cases.judge`` exactly as a tournament
director's JSON would be. Every verdict's shape is checked too (CASES.md "Every verdict")."""

import copy

import pytest

from games.base import CaseError
from tests.games.helpers import (
    at_of,
    case_error,
    cited,
    judge_checked,
    ok,
    verdict_or_field,
    with_changes,
)

# --- helpers ----------------------------------------------------------------------------------


def judge(data):
    return judge_checked(data, game="miezemauzen", prefix="MZ-")


# --- the CASES.md deal example, completed -----------------------------------------------------
#
# Ann plays, Bas and Cor pass (Cor for the third time in a row), the dealer Dirk exchanges.
# Playing: Ann (leads, left of the dealer) and Dirk. Trump hearts.
#   1: Ann AH, Dirk 10H -> Ann     2: Ann KS, Dirk QS -> Ann     3: Ann 9S, Dirk 7C -> Ann
#   4: Ann 8C, Dirk JD -> Ann      5: Ann 7D, Dirk 9D -> Dirk

ANN = ["AH", "KS", "9S", "8C", "7D"]
DIRK = ["10H", "QS", "JD", "9D", "7C"]
TRICKS = [["AH", "10H"], ["KS", "QS"], ["9S", "7C"], ["8C", "JD"], ["7D", "9D"]]


def deal(**changes):
    data = {
        "game": "miezemauzen",
        "check": "deal",
        "options": {"start_points": 25},
        "players": ["Ann", "Bas", "Cor", "Dirk"],
        "dealer": "Dirk",
        "trump": "H",
        "points_before": {"Ann": 12, "Bas": 9, "Cor": 25, "Dirk": 7},
        "passes_before": {"Ann": 0, "Bas": 0, "Cor": 2, "Dirk": 0},
        "declarations": {"Ann": "play", "Bas": "pass", "Cor": "pass", "Dirk": "exchange"},
        "hands": {"Ann": list(ANN), "Dirk": list(DIRK)},
        "kat": [],
        "tricks": copy.deepcopy(TRICKS),
    }
    return with_changes(data, **changes)


# Three players, dealer Cor, trump diamonds, everyone plays. Ann leads.
#   1: Ann AH, Bas KH, Cor QH -> Ann       2: Ann 7S, Bas 9S, Cor 10S -> Cor
#   3: Cor 7C, Ann KC, Bas AC -> Bas       4: Bas 8S, Cor JH, Ann 8D -> Ann (trumps)
#   5: Ann 9H, Bas 10D, Cor 7D -> Bas (higher trump)
HANDS3 = {
    "Ann": ["AH", "9H", "7S", "KC", "8D"],
    "Bas": ["KH", "8S", "9S", "AC", "10D"],
    "Cor": ["QH", "JH", "10S", "7C", "7D"],
}
TRICKS3 = [
    ["AH", "KH", "QH"],
    ["7S", "9S", "10S"],
    ["7C", "KC", "AC"],
    ["8S", "JH", "8D"],
    ["9H", "10D", "7D"],
]


def deal3(**changes):
    data = {
        "game": "miezemauzen",
        "check": "deal",
        "players": ["Ann", "Bas", "Cor"],
        "dealer": "Cor",
        "trump": "D",
        "points_before": {"Ann": 10, "Bas": 10, "Cor": 10},
        "passes_before": {"Ann": 0, "Bas": 0, "Cor": 0},
        "declarations": {"Ann": "play", "Bas": "play", "Cor": "play"},
        "hands": copy.deepcopy(HANDS3),
        "tricks": copy.deepcopy(TRICKS3),
    }
    return with_changes(data, **changes)


def decl(players=("Ann", "Bas", "Cor", "Dirk"), dealer=None, points=None, passes=None, **kw):
    """A deal with declarations only (no hands, no tricks)."""
    players = list(players)
    data = {
        "game": "miezemauzen",
        "check": "deal",
        "players": players,
        "dealer": dealer or players[-1],
        "trump": kw.pop("trump", "H"),
        "declarations": kw.pop("declarations"),
    }
    if points is not None:
        data["points_before"] = points
    if passes is not None:
        data["passes_before"] = passes
    data.update(kw)
    return data


def game(deals, players=("Ann", "Bas", "Cor"), **kw):
    return {"game": "miezemauzen", "check": "game", "players": list(players), "deals": deals, **kw}


def settle(points, **kw):
    return {"game": "miezemauzen", "check": "settlement", "points": points, **kw}


ALL3 = {"Ann": "play", "Bas": "play", "Cor": "play"}
GAME_DEALS = [  # the deals of the CASES.md game example
    {
        "trump": "S",
        "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
        "tricks_won": {"Ann": 3, "Cor": 2},
    },
    {"trump": "H", "declarations": ALL3, "kat": {"player": "Cor", "kater": True}},
]


# --- the worked example of CASES.md -----------------------------------------------------------


def test_cases_md_deal_example_exactly():
    result = ok(judge(deal()))
    assert result["trick_winners"] == ["Ann", "Ann", "Ann", "Ann", "Dirk"]
    assert result["tricks_won"] == {"Ann": 4, "Dirk": 1}
    # Cor's third pass in a row costs 3 (MZ-6); Bas passes for the first time: 0.
    assert result["deal_points"] == {"Ann": -1, "Bas": 0, "Cor": 3, "Dirk": -1}
    assert result["points_after"] == {"Ann": 11, "Bas": 9, "Cor": 28, "Dirk": 6}
    assert result["winner"] is None


def test_three_player_deal_order_and_trumping():
    result = ok(judge(deal3()))
    assert result["trick_winners"] == ["Ann", "Cor", "Bas", "Ann", "Bas"]
    assert result["tricks_won"] == {"Ann": 2, "Bas": 2, "Cor": 1}
    assert result["deal_points"] == {"Ann": -1, "Bas": -1, "Cor": -1}
    assert result["points_after"] == {"Ann": 9, "Bas": 9, "Cor": 9}
    assert result["winner"] is None


def test_deal_without_hands_is_judged_from_tricks():
    result = ok(judge(deal(hands=None)))
    assert result["trick_winners"] == ["Ann", "Ann", "Ann", "Ann", "Dirk"]
    assert result["deal_points"] == {"Ann": -1, "Bas": 0, "Cor": 3, "Dirk": -1}


def test_deal_with_only_declarations():
    verdict = judge(deal(hands=None, tricks=None, kat=None))
    assert verdict["legal"] is True
    result = verdict["result"]
    # without tricks the trick points cannot be computed: left out, never guessed
    assert "trick_winners" not in result or result["trick_winners"] == []
    assert "points_after" not in result or result["points_after"] is None


def test_partial_tricks_are_judged_as_far_as_given():
    verdict = judge(deal(tricks=TRICKS[:3]))
    assert verdict["legal"] is True
    result = verdict["result"]
    assert result["trick_winners"] == ["Ann", "Ann", "Ann"]
    # Dirk has no trick yet but could still take one: no +5 guessed
    assert "deal_points" not in result or result["deal_points"].get("Dirk") != 5
    assert "points_after" not in result


# --- MZ-1 deck and rank order -----------------------------------------------------------------


def test_mz1_jack_beats_ten_and_seven_is_lowest():
    tricks = [["10S", "JS"], ["8C", "7C"]]  # Dirk wins trick 1 and leads trick 2
    verdict = judge(
        deal(
            hands={"Ann": ["10S", "7C", "AD", "KD", "QD"], "Dirk": ["JS", "8C", "7H", "8H", "9H"]},
            tricks=tricks,
        )
    )
    result = ok(verdict)
    assert result["trick_winners"] == ["Dirk", "Dirk"]


@pytest.mark.parametrize("card", ["2H", "6S", "5C"])
def test_mz1_cards_below_seven_are_not_in_a_32_card_deck(card):
    data = deal(hands=None, tricks=[[card, "10H"]])
    verdict = verdict_or_field(judge, data, "tricks")
    assert verdict is None or "MZ-1" in cited(verdict)


@pytest.mark.parametrize(
    "options",
    [pytest.param({"players": 6}, id="option"), pytest.param(None, id="inferred-from-the-names")],
)
def test_mz1_six_players_use_52_cards(options):
    players = ["A1", "A2", "A3", "A4", "A5", "A6"]
    data = {
        "game": "miezemauzen",
        "check": "deal",
        "options": options,
        "players": players,
        "dealer": "A6",
        "trump": "C",
        "declarations": {"A1": "play", "A2": "play", **dict.fromkeys(players[2:], "pass")},
        "tricks": [["2H", "3H"]],
    }
    result = ok(judge(with_changes(data)))  # options None: no options field
    assert result["trick_winners"] == ["A2"]


def test_mz1_joker_is_not_a_miezemauzen_card():
    data = deal(hands={"Ann": ["JK", "KS", "9S", "8C", "7D"], "Dirk": DIRK}, tricks=None)
    verdict = verdict_or_field(judge, data, "hands")
    assert verdict is None or cited(verdict) == {"MZ-1"}


def test_mz1_card_held_twice_cannot_be_judged():
    err = case_error(deal(hands={"Ann": ["AH", "AH", "9S", "8C", "7D"], "Dirk": DIRK}))
    assert err.field.startswith("hands")
    case_error(deal(hands={"Ann": ANN, "Dirk": ["AH", "QS", "JD", "9D", "7C"]}), "hands")


def test_mz1_card_played_twice_without_hands():
    tricks = [["AH", "10H"], ["AH", "QS"]]
    verdict = verdict_or_field(judge, deal(hands=None, tricks=tricks), "tricks")
    assert verdict is None or not verdict["legal"]


def test_mz1_unknown_card():
    err = case_error(deal(tricks=[["AH", "XH"]]))
    assert err.field.startswith("tricks")
    case_error(deal(hands={"Ann": ["AH", "KS", "9S", "8C", "ZZ"], "Dirk": DIRK}), "hands")


# --- card spellings ---------------------------------------------------------------------------


def test_every_accepted_spelling_gives_the_same_verdict():
    hands = {
        "Ann": ["A♥", "♠K", "schoppen 9", "klaveren 8", "ruiten 7"],
        "Dirk": ["harten 10", "schoppen vrouw", "ruiten boer", "9d", "7♣"],
    }
    tricks = [
        ["harten aas", "10♥"],
        ["schoppen heer", "Q♠"],
        ["9s", "klaveren 7"],
        ["♣8", "jd"],
        ["7D", "ruiten 9"],
    ]
    base = judge(deal())
    spelled = judge(deal(hands=hands, tricks=tricks, trump="harten"))
    assert spelled == base


@pytest.mark.parametrize("trump", ["H", "h", "♥", "harten", "hearts", "Harten"])
def test_trump_spellings(trump):
    result = ok(judge(deal(trump=trump)))
    assert result["trick_winners"] == ["Ann", "Ann", "Ann", "Ann", "Dirk"]


def test_unknown_trump():
    err = case_error(deal(trump="X"))
    assert err.field == "trump"


# --- MZ-2 points ------------------------------------------------------------------------------


def test_mz2_points_subtracted_and_penalties_added():
    # Dirk takes no trick: 5 on.
    tricks = [["AH", "10H"], ["KS", "QS"], ["9S", "8S"], ["8C", "7C"], ["AD", "8D"]]
    hands = {"Ann": ["AH", "KS", "9S", "8C", "AD"], "Dirk": ["10H", "QS", "8S", "7C", "8D"]}
    result = ok(judge(deal(hands=hands, tricks=tricks)))
    assert result["tricks_won"] == {"Ann": 5, "Dirk": 0}
    assert result["deal_points"]["Dirk"] == 5
    assert result["deal_points"]["Ann"] == -1
    assert result["points_after"]["Dirk"] == 12


def test_mz2_start_points_option_in_game():
    verdict = judge(
        game(
            [{"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}}],
            options={"start_points": 10},
        )
    )
    result = ok(verdict)
    assert result["points"] == [{"Ann": 9, "Bas": 9, "Cor": 15}]
    assert result["final"] == {"Ann": 9, "Bas": 9, "Cor": 15}


# --- MZ-4 declarations ------------------------------------------------------------------------


def test_mz4_only_one_exchange_per_deal():
    verdict = judge(
        decl(declarations={"Ann": "exchange", "Bas": "exchange", "Cor": "play", "Dirk": "play"})
    )
    assert cited(verdict) == {"MZ-4"}
    assert at_of(verdict, "MZ-4") == [1]


def test_mz4_at_follows_seat_order_from_dealers_left_not_key_order():
    # dealer Bas: order Cor, Dirk, Ann, Bas. Second exchange is Ann (index 2).
    verdict = judge(
        decl(
            dealer="Bas",
            declarations={"Ann": "exchange", "Bas": "play", "Cor": "play", "Dirk": "exchange"},
        )
    )
    assert cited(verdict) == {"MZ-4"}
    assert at_of(verdict, "MZ-4") == [2]


def test_mz4_dealer_may_exchange_when_nobody_did():
    ok(judge(decl(declarations={"Ann": "play", "Bas": "pass", "Cor": "pass", "Dirk": "exchange"})))


def test_mz4_unknown_declaration_cannot_be_judged():
    err = case_error(
        decl(declarations={"Ann": "fold", "Bas": "play", "Cor": "play", "Dirk": "play"})
    )
    assert err.field.startswith("declarations")


def test_mz4_missing_declaration_cannot_be_judged():
    case_error(decl(declarations={"Ann": "play", "Bas": "play", "Cor": "play"}), "declarations")


def test_mz4_declaration_of_a_stranger_cannot_be_judged():
    err = case_error(
        decl(
            declarations={
                "Ann": "play",
                "Bas": "play",
                "Cor": "play",
                "Dirk": "play",
                "Eve": "play",
            }
        )
    )
    assert err.field.startswith("declarations")


# --- MZ-5 two must play -----------------------------------------------------------------------


def test_mz5_last_two_must_play_after_two_passes():
    verdict = judge(
        decl(declarations={"Ann": "pass", "Bas": "pass", "Cor": "pass", "Dirk": "play"})
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5")[0] == 2


def test_mz5_seed_example_is_legal():
    ok(judge(decl(declarations={"Ann": "pass", "Bas": "pass", "Cor": "play", "Dirk": "play"})))


def test_mz5_dealer_must_play_as_second_player():
    verdict = judge(
        decl(declarations={"Ann": "pass", "Bas": "pass", "Cor": "play", "Dirk": "pass"})
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [3]


def test_mz5_exchange_counts_as_playing():
    ok(judge(decl(declarations={"Ann": "exchange", "Bas": "pass", "Cor": "pass", "Dirk": "play"})))
    verdict = judge(
        decl(declarations={"Ann": "exchange", "Bas": "pass", "Cor": "pass", "Dirk": "pass"})
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [3]


def test_mz5_forced_player_may_exchange():
    ok(judge(decl(declarations={"Ann": "pass", "Bas": "pass", "Cor": "exchange", "Dirk": "play"})))


def test_mz5_all_pass():
    verdict = judge(
        decl(declarations={"Ann": "pass", "Bas": "pass", "Cor": "pass", "Dirk": "pass"})
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5")[0] == 2


def test_mz5_three_players_first_pass_forces_the_others():
    players = ("Ann", "Bas", "Cor")
    ok(judge(decl(players, declarations={"Ann": "pass", "Bas": "play", "Cor": "play"})))
    ok(judge(decl(players, declarations={"Ann": "play", "Bas": "pass", "Cor": "play"})))
    verdict = judge(decl(players, declarations={"Ann": "play", "Bas": "play", "Cor": "pass"}))
    assert verdict["legal"] is True
    verdict = judge(decl(players, declarations={"Ann": "pass", "Bas": "pass", "Cor": "play"}))
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [1]
    verdict = judge(decl(players, declarations={"Ann": "play", "Bas": "pass", "Cor": "pass"}))
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [2]


def test_mz5_two_players_both_must_play():
    players = ("Ann", "Bas")
    ok(judge(decl(players, declarations={"Ann": "play", "Bas": "exchange"})))
    verdict = judge(decl(players, declarations={"Ann": "pass", "Bas": "play"}))
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [0]


def test_mz5_order_starts_left_of_dealer():
    # dealer Ann: order Bas, Cor, Dirk, Ann. Bas and Cor pass -> Dirk and Ann must play.
    ok(
        judge(
            decl(
                dealer="Ann",
                declarations={"Bas": "pass", "Cor": "pass", "Dirk": "play", "Ann": "play"},
            )
        )
    )
    verdict = judge(
        decl(
            dealer="Ann", declarations={"Bas": "pass", "Cor": "pass", "Dirk": "pass", "Ann": "play"}
        )
    )
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [2]


# --- MZ-6 passing -----------------------------------------------------------------------------


@pytest.mark.parametrize("points", [3, 2, 1])
def test_mz6_at_three_or_fewer_no_pass(points):
    verdict = judge(
        decl(
            points={"Ann": 10, "Bas": points, "Cor": 10, "Dirk": 10},
            declarations={"Ann": "play", "Bas": "pass", "Cor": "play", "Dirk": "play"},
        )
    )
    assert cited(verdict) == {"MZ-6"}
    assert at_of(verdict, "MZ-6") == [1]


def test_mz6_at_four_may_pass():
    ok(
        judge(
            decl(
                points={"Ann": 10, "Bas": 4, "Cor": 10, "Dirk": 10},
                declarations={"Ann": "play", "Bas": "pass", "Cor": "play", "Dirk": "play"},
            )
        )
    )


@pytest.mark.parametrize(("before", "penalty"), [(0, 0), (1, 0), (2, 3), (3, 3), (7, 3)])
def test_mz6_third_pass_in_a_row_costs_three(before, penalty):
    result = ok(judge(deal(passes_before={"Ann": 0, "Bas": before, "Cor": 0, "Dirk": 0})))
    assert result["deal_points"]["Bas"] == penalty
    assert result["points_after"]["Bas"] == 9 + penalty


def test_mz6_playing_after_two_passes_costs_nothing():
    data = deal(
        passes_before={"Ann": 2, "Bas": 0, "Cor": 0, "Dirk": 0},
    )
    result = ok(judge(data))
    assert result["deal_points"]["Ann"] == -1


def test_mz6_penalty_stands_with_a_kat():
    hands = {"Ann": ["AC", "KC", "QC", "9C", "7C"], "Dirk": ["10H", "QS", "JD", "9D", "8C"]}
    result = ok(judge(deal(hands=hands, tricks=None, kat=[{"player": "Ann", "suit": "C"}])))
    assert result["deal_points"] == {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0}
    assert result["points_after"] == {"Ann": 7, "Bas": 9, "Cor": 28, "Dirk": 7}


def test_mz6_in_game_third_pass_and_low_points():
    def won(passer, winners):
        declarations = {p: "pass" if p == passer else "play" for p in ("Ann", "Bas", "Cor")}
        tricks_won = dict(zip(winners, (3, 2), strict=True))
        return {"trump": "H", "declarations": declarations, "tricks_won": tricks_won}

    deals = [
        *(won("Bas", ("Ann", "Cor")) for _ in range(4)),
        won("Cor", ("Ann", "Bas")),
        won("Bas", ("Ann", "Cor")),
    ]
    result = ok(judge(game(deals)))
    assert [p["Bas"] for p in result["points"]] == [25, 25, 28, 31, 30, 30]
    assert [p["Ann"] for p in result["points"]] == [24, 23, 22, 21, 20, 19]


def test_mz6_in_game_no_pass_at_three():
    deals = [
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}},
        {
            "trump": "H",
            "declarations": {"Ann": "pass", "Bas": "play", "Cor": "play"},
            "tricks_won": {"Bas": 3, "Cor": 2},
        },
    ]
    verdict = judge(game(deals, options={"start_points": 4}))
    assert cited(verdict) == {"MZ-6"}
    assert at_of(verdict, "MZ-6") == [1]


# --- MZ-7 kat and kater -----------------------------------------------------------------------

KAT_ANN = ["AC", "KC", "QC", "9C", "7C"]
KATER_ANN = ["AH", "KH", "QH", "9H", "7H"]
DIRK_NO_KAT = ["10H", "QS", "JD", "9D", "8C"]
DIRK_NO_KAT2 = ["10C", "QS", "JD", "9D", "8C"]


def test_mz7_kat_five_off_deal_ends():
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    result = ok(judge(deal(hands=hands, tricks=None, kat=[{"player": "Ann", "suit": "C"}])))
    assert result["deal_points"]["Ann"] == -5
    assert result["deal_points"]["Dirk"] == 0
    assert result["points_after"]["Ann"] == 7
    assert result["winner"] is None


def test_mz7_kater_ten_off():
    hands = {"Ann": KATER_ANN, "Dirk": DIRK_NO_KAT2}
    result = ok(judge(deal(hands=hands, tricks=None, kat=[{"player": "Ann", "suit": "H"}])))
    assert result["deal_points"]["Ann"] == -10
    assert result["points_after"]["Ann"] == 2


@pytest.mark.parametrize("suit", ["C", "c", "♣", "klaveren", "clubs"])
def test_mz7_kat_suit_spellings(suit):
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    result = ok(judge(deal(hands=hands, tricks=None, kat=[{"player": "Ann", "suit": suit}])))
    assert result["deal_points"]["Ann"] == -5


def test_mz7_kat_without_hands_is_taken_on_trust():
    result = ok(judge(deal(hands=None, tricks=None, kat=[{"player": "Dirk", "suit": "S"}])))
    assert result["deal_points"] == {"Ann": 0, "Bas": 0, "Cor": 3, "Dirk": -5}


def test_mz7_false_kat_claim():
    verdict = judge(deal(tricks=None, kat=[{"player": "Ann", "suit": "S"}]))
    assert cited(verdict) == {"MZ-7"}
    assert at_of(verdict, "MZ-7") == [0]


def test_mz7_passer_cannot_claim_kat():
    verdict = judge(deal(hands=None, tricks=None, kat=[{"player": "Bas", "suit": "S"}]))
    assert cited(verdict) == {"MZ-7"}
    assert at_of(verdict, "MZ-7") == [0]


def test_mz7_kat_ends_the_deal_no_tricks():
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    tricks = [["AC", "8C"]]
    verdict = judge(deal(hands=hands, tricks=tricks, kat=[{"player": "Ann", "suit": "C"}]))
    assert "MZ-7" in cited(verdict)


def test_mz7_kat_scoring_others():
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    verdict = judge(
        deal(
            hands=hands,
            tricks=None,
            kat=[{"player": "Ann", "suit": "C"}],
            options={"kat_scoring": "others"},
        )
    )
    result = ok(verdict)
    assert result["deal_points"]["Ann"] == -5
    assert result["deal_points"]["Dirk"] == 5


def test_mz7_kat_claim_of_unknown_player():
    case_error(deal(tricks=None, kat=[{"player": "Eve", "suit": "C"}]), "kat")


def test_mz7_kat_claim_with_bad_suit():
    case_error(deal(tricks=None, kat=[{"player": "Ann", "suit": "X"}]), "kat")


def test_mz7_game_kat_and_kater():
    deals = [
        *copy.deepcopy(GAME_DEALS),
        {"trump": "H", "declarations": ALL3, "kat": {"player": "Bas", "kater": False}},
    ]
    result = ok(judge(game(deals, options={"start_points": 25})))
    assert result["points"] == [
        {"Ann": 24, "Bas": 25, "Cor": 24},
        {"Ann": 24, "Bas": 25, "Cor": 14},
        {"Ann": 24, "Bas": 20, "Cor": 14},
    ]
    assert result["final"] == {"Ann": 24, "Bas": 20, "Cor": 14}
    assert result["winner"] is None
    assert result["finished_after"] is None


def test_mz7_game_kat_by_passer():
    deals = [
        {
            "trump": "H",
            "declarations": {"Ann": "pass", "Bas": "play", "Cor": "play"},
            "kat": {"player": "Ann", "kater": False},
        },
    ]
    verdict = judge(game(deals))
    assert cited(verdict) == {"MZ-7"}
    assert at_of(verdict, "MZ-7") == [0]


# --- MZ-8 tricks ------------------------------------------------------------------------------


def test_mz8_renege_with_hands():
    tricks = [["AH", "10H"], ["KS", "7C"]]
    verdict = judge(deal(tricks=tricks))
    assert cited(verdict) == {"MZ-8"}
    assert at_of(verdict, "MZ-8") == [1]


def test_mz8_renege_by_the_leader_is_impossible_leader_free_choice():
    # Ann leads anything she likes
    tricks = [["7D", "9D"]]
    result = ok(judge(deal(tricks=tricks)))
    assert result["trick_winners"] == ["Dirk"]


def test_mz8_renege_detected_without_hands():
    # Dirk discards 7C on spades in trick 1 and later plays QS: he held spades.
    tricks = [["AH", "10H"], ["KS", "7C"], ["8C", "QS"]]
    verdict = judge(deal(hands=None, tricks=tricks))
    assert cited(verdict) == {"MZ-8"}
    assert at_of(verdict, "MZ-8")[0] in (1, 2)


def test_mz8_no_renege_when_player_never_shows_the_suit():
    tricks = [["AH", "10H"], ["KS", "7C"], ["8C", "JD"]]
    ok(judge(deal(hands=None, tricks=tricks)))


def test_mz8_trumping_not_compulsory_and_discard_allowed():
    # Dirk without clubs discards JD rather than trumping with 10H
    hands = {"Ann": ANN, "Dirk": ["10H", "QS", "JD", "9D", "8D"]}
    tricks = [["8C", "JD"]]
    result = ok(judge(deal(hands=hands, tricks=tricks)))
    assert result["trick_winners"] == ["Ann"]


def test_mz8_trump_wins_and_winner_leads():
    hands = {"Ann": ANN, "Dirk": ["10H", "QS", "JD", "9D", "8D"]}
    tricks = [["8C", "10H"], ["JD", "7D"]]
    result = ok(judge(deal(hands=hands, tricks=tricks)))
    assert result["trick_winners"] == ["Dirk", "Dirk"]


def test_mz8_must_follow_even_with_trump_in_hand():
    # Ann leads KS; Dirk holds QS but trumps with 10H: renege.
    tricks = [["KS", "10H"]]
    verdict = judge(deal(tricks=tricks))
    assert cited(verdict) == {"MZ-8"}
    assert at_of(verdict, "MZ-8") == [0]


def test_mz8_card_not_in_hand():
    tricks = [["AH", "8H"]]
    verdict = judge(deal(tricks=tricks))
    assert "MZ-8" in cited(verdict)
    assert at_of(verdict, "MZ-8")[0] == 0


def test_mz8_wrong_leader_is_seen_as_wrong_cards():
    # Dirk's cards put first: read as Ann playing 10H (not hers) -> MZ-8
    tricks = [["10H", "AH"]]
    # or a case error: 10H is Dirk's, Ann cannot hold it too
    verdict = verdict_or_field(judge, deal(tricks=tricks), "tricks[0]")
    assert verdict is None or "MZ-8" in cited(verdict)


def test_mz8_three_players_renege_in_middle_seat():
    tricks = copy.deepcopy(TRICKS3[:2])
    # trick 2: Ann leads 7S; Bas holds 8S, 9S but plays AC
    tricks[1] = ["7S", "AC", "10S"]
    verdict = judge(deal3(tricks=tricks))
    assert "MZ-8" in cited(verdict)
    assert at_of(verdict, "MZ-8")[0] == 1


def test_mz8_more_than_five_tricks():
    tricks = [*copy.deepcopy(TRICKS), ["AH", "10H"]]
    verdict = verdict_or_field(judge, deal(hands=None, tricks=tricks), "tricks")
    assert verdict is None or not verdict["legal"]


def test_mz8_trick_with_too_many_cards():
    tricks = [["AH", "10H", "KH"]]
    verdict = verdict_or_field(judge, deal(hands=None, tricks=tricks), "tricks")
    assert verdict is None or not verdict["legal"]


def test_mz8_passer_hand_is_ignored_in_tricks():
    hands = {"Ann": ANN, "Dirk": DIRK, "Bas": ["AS", "AD", "AC", "KH", "KD"]}
    result = ok(judge(deal(hands=hands)))
    assert result["trick_winners"] == ["Ann", "Ann", "Ann", "Ann", "Dirk"]


# --- MZ-9 deal score --------------------------------------------------------------------------


def test_mz9_per_trick():
    data = deal(options={"per_trick": True})
    result = ok(judge(data))
    assert result["deal_points"] == {"Ann": -4, "Bas": 0, "Cor": 3, "Dirk": -1}
    assert result["points_after"] == {"Ann": 8, "Bas": 9, "Cor": 28, "Dirk": 6}


def test_mz9_per_trick_no_trick_still_five_on():
    tricks = [["AH", "10H"], ["KS", "QS"], ["9S", "8S"], ["8C", "7C"], ["AD", "8D"]]
    hands = {"Ann": ["AH", "KS", "9S", "8C", "AD"], "Dirk": ["10H", "QS", "8S", "7C", "8D"]}
    result = ok(judge(deal(hands=hands, tricks=tricks, options={"per_trick": True})))
    assert result["deal_points"]["Ann"] == -5
    assert result["deal_points"]["Dirk"] == 5


def test_mz9_game_per_trick():
    deals = [{"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}}]
    result = ok(judge(game(deals, options={"per_trick": True})))
    assert result["points"] == [{"Ann": 22, "Bas": 23, "Cor": 30}]


# --- MZ-10 winning ----------------------------------------------------------------------------


def test_mz10_exactly_zero_wins():
    result = ok(judge(deal(points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 7})))
    assert result["points_after"]["Ann"] == 0
    assert result["winner"] == "Ann"


def test_mz10_two_at_zero_shared():
    result = ok(judge(deal(points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 1})))
    assert result["winner"] == ["Ann", "Dirk"]


def test_mz10_lowest_wins():
    data = deal(
        points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 1}, options={"per_trick": True}
    )
    result = ok(judge(data))
    assert result["points_after"]["Ann"] == -3
    assert result["points_after"]["Dirk"] == 0
    assert result["winner"] == "Ann"


def test_mz10_exact_zero_not_below():
    data = deal(
        points_before={"Ann": 2, "Bas": 9, "Cor": 25, "Dirk": 1},
        options={"per_trick": True, "exact_zero": True},
    )
    result = ok(judge(data))
    assert result["deal_points"]["Ann"] == 0
    assert result["points_after"]["Ann"] == 2
    assert result["points_after"]["Dirk"] == 0
    assert result["winner"] == "Dirk"


def test_mz10_exact_zero_exactly():
    data = deal(
        points_before={"Ann": 4, "Bas": 9, "Cor": 25, "Dirk": 7},
        options={"per_trick": True, "exact_zero": True},
    )
    result = ok(judge(data))
    assert result["points_after"]["Ann"] == 0
    assert result["winner"] == "Ann"


def test_mz10_game_finishes():
    deals = [
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 1}},
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 5, "Bas": 0, "Cor": 0}},
    ]
    result = ok(judge(game(deals, options={"start_points": 2})))
    assert result["points"] == [
        {"Ann": 1, "Bas": 1, "Cor": 1},
        {"Ann": 0, "Bas": 6, "Cor": 6},
    ]
    assert result["final"] == {"Ann": 0, "Bas": 6, "Cor": 6}
    assert result["winner"] == "Ann"
    assert result["finished_after"] == 2


def test_mz10_game_shared_win():
    deals = [{"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}}]
    result = ok(judge(game(deals, options={"start_points": 1})))
    assert result["winner"] == ["Ann", "Bas"]
    assert result["finished_after"] == 1


def test_mz10_game_deal_after_the_end():
    deals = [
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 1}},
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 1}},
    ]
    verdict = judge(game(deals, options={"start_points": 1}))
    # the game was over after deal 1: playing on is not a legal record
    assert not verdict["legal"]
    assert at_of(verdict, next(iter(cited(verdict))))[0] == 1


def test_mz10_game_exact_zero():
    deals = [
        {"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 1}},
    ]
    result = ok(
        judge(game(deals, options={"start_points": 2, "per_trick": True, "exact_zero": True}))
    )
    assert result["points"] == [{"Ann": 2, "Bas": 1, "Cor": 1}]
    assert result["winner"] is None
    assert result["finished_after"] is None


# --- MZ-11 spades double ----------------------------------------------------------------------


def spade_deal(**kw):
    # same play as the example with spades trump: Ann's 9S beats nothing new
    return deal(
        trump="S",
        options={"spades_double": True},
        declarations={"Ann": "play", "Bas": "play", "Cor": "play", "Dirk": "exchange"},
        hands=None,
        tricks=None,
        **kw,
    )


def test_mz11_nobody_may_pass_with_spades():
    data = spade_deal()
    data["declarations"]["Bas"] = "pass"
    verdict = judge(data)
    assert cited(verdict) == {"MZ-11"}
    assert at_of(verdict, "MZ-11") == [1]


def test_mz11_pass_allowed_with_spades_when_option_off():
    ok(judge(deal(trump="S", hands=None, tricks=None)))


def test_mz11_pass_allowed_with_option_other_trump():
    ok(judge(deal(options={"spades_double": True})))


def test_mz11_points_double():
    data = deal(trump="S", options={"spades_double": True})
    data["declarations"] = {"Ann": "play", "Bas": "play", "Cor": "play", "Dirk": "exchange"}
    data["hands"] = None
    data.pop("hands")
    # four players, each trick four cards: Ann, Bas, Cor, Dirk
    data["tricks"] = [
        ["AH", "KH", "QH", "JH"],  # Ann
        ["AD", "KD", "QD", "JD"],  # Ann
        ["AC", "KC", "QC", "JC"],  # Ann
        ["10C", "9C", "8C", "7S"],  # Dirk trumps
        ["7H", "10D", "9D", "AS"],  # Dirk leads
    ]
    # trick 5 leader is Dirk: Dirk 7H, Ann 10D, Bas 9D, Cor AS (trump) -> Cor
    result = ok(judge(data))
    assert result["trick_winners"] == ["Ann", "Ann", "Ann", "Dirk", "Cor"]
    assert result["deal_points"] == {"Ann": -2, "Bas": 10, "Cor": -2, "Dirk": -2}


def test_mz11_kat_and_kater_double():
    hands = {"Ann": ["AS", "KS", "QS", "9S", "7S"]}
    data = spade_deal(kat=[{"player": "Ann", "suit": "S"}])
    data["hands"] = hands
    result = ok(judge(data))
    assert result["deal_points"]["Ann"] == -20
    hands = {"Ann": ["AC", "KC", "QC", "9C", "7C"]}
    data = spade_deal(kat=[{"player": "Ann", "suit": "C"}])
    data["hands"] = hands
    result = ok(judge(data))
    assert result["deal_points"]["Ann"] == -10


def test_mz11_game_double():
    deals = [
        {"trump": "S", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}},
        {"trump": "S", "declarations": ALL3, "kat": {"player": "Cor", "kater": True}},
    ]
    result = ok(judge(game(deals, options={"spades_double": True})))
    assert result["points"] == [
        {"Ann": 23, "Bas": 23, "Cor": 35},
        {"Ann": 23, "Bas": 23, "Cor": 15},
    ]


def test_mz11_game_pass_with_spades():
    deals = [
        {
            "trump": "S",
            "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
            "tricks_won": {"Ann": 3, "Cor": 2},
        },
    ]
    verdict = judge(game(deals, options={"spades_double": True}))
    assert cited(verdict) == {"MZ-11"}
    assert at_of(verdict, "MZ-11") == [0]


# --- MZ-12 settlement -------------------------------------------------------------------------


def test_mz12_seed_example():
    result = ok(
        judge(settle({"Ann": 0, "Bas": 2, "Cor": 8, "Dirk": 12}, options={"stake_cents": 20}))
    )
    assert result["winner"] == "Ann"
    assert result["pays_cents"] == {"Bas": 40, "Cor": 160, "Dirk": 240}
    assert result["receives_cents"] == 440


def test_mz12_other_stake():
    result = ok(judge(settle({"Ann": 5, "Bas": -1, "Cor": 3}, options={"stake_cents": 5})))
    assert result["winner"] == "Bas"
    assert result["pays_cents"] == {"Ann": 25, "Cor": 15}
    assert result["receives_cents"] == 40


def test_mz12_missing_points():
    err = case_error({"game": "miezemauzen", "check": "settlement", "options": {"stake_cents": 20}})
    assert err.field == "points"


def test_mz12_shared_winner_is_a_list():
    result = judge(settle({"Ann": 0, "Bas": 0, "Cor": 8}, options={"stake_cents": 20}))["result"]
    assert result["winner"] == ["Ann", "Bas"]


# --- game check shapes ------------------------------------------------------------------------


def test_game_cases_md_example():
    result = ok(judge(game(copy.deepcopy(GAME_DEALS), options={"start_points": 25})))
    assert result["points"] == [
        {"Ann": 24, "Bas": 25, "Cor": 24},
        {"Ann": 24, "Bas": 25, "Cor": 14},
    ]
    assert result["final"] == {"Ann": 24, "Bas": 25, "Cor": 14}
    assert result["winner"] is None
    assert result["finished_after"] is None


def test_game_tricks_not_five():
    deals = [{"trump": "H", "declarations": ALL3, "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 0}}]
    case_error(game(deals), "deals[0]")


def test_game_only_one_player_plays():
    deals = [
        {
            "trump": "H",
            "declarations": {"Ann": "play", "Bas": "pass", "Cor": "pass"},
            "tricks_won": {"Ann": 5},
        },
    ]
    verdict = judge(game(deals))
    assert cited(verdict) == {"MZ-5"}
    assert at_of(verdict, "MZ-5") == [0]


def test_game_two_exchanges():
    deals = [
        {
            "trump": "H",
            "declarations": {"Ann": "exchange", "Bas": "exchange", "Cor": "play"},
            "tricks_won": {"Ann": 3, "Bas": 1, "Cor": 1},
        },
    ]
    verdict = judge(game(deals))
    assert cited(verdict) == {"MZ-4"}
    assert at_of(verdict, "MZ-4") == [0]


def test_game_missing_fields():
    assert case_error({"game": "miezemauzen", "check": "game", "deals": []}).field == "players"
    assert (
        case_error({"game": "miezemauzen", "check": "game", "players": ["A", "B"]}).field == "deals"
    )
    case_error(game([{"trump": "H", "tricks_won": {"Ann": 5}}]), "deals[0]")


# --- cases that cannot be judged --------------------------------------------------------------


@pytest.mark.parametrize("field", ["players", "dealer", "trump", "declarations"])
def test_deal_missing_required_field(field):
    case_error(deal(**{field: None}), field)


def test_dealer_not_a_player():
    assert case_error(deal(dealer="Eve")).field == "dealer"


def test_hands_of_stranger():
    case_error(deal(hands={"Eve": ANN}), "hands")


def test_duplicate_players():
    case_error(deal(players=["Ann", "Ann", "Cor", "Dirk"]), "players")


def test_bad_points_value():
    case_error(deal(points_before={"Ann": "x", "Bas": 9, "Cor": 25, "Dirk": 7}), "points_before")


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
        {"hands": {"Ann": ["AH", "KS", "9S", "8C"], "Dirk": DIRK}},
        {"hands": {"Ann": [*ANN, "7S"], "Dirk": DIRK}},
        {"players": ["A", "B", "C", "D", "E", "F", "G", "H", "I"]},
    ],
)
def test_malformed_deal_never_crashes(changes):
    data = deal()
    data.update(changes)
    try:
        judge(data)
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
        judge(game(deals))
    except CaseError as exc:
        assert exc.field


@pytest.mark.parametrize(
    "points",
    [None, "x", [], {}, {"Ann": "x"}, {"Ann": 0}, {"Ann": None, "Bas": 2}, {"Ann": 1.5, "Bas": 2}],
)
def test_malformed_settlement_never_crashes(points):
    data = settle(points, options={"stake_cents": 20})
    try:
        judge(data)
    except CaseError as exc:
        assert exc.field


def test_unknown_check():
    assert case_error({"game": "miezemauzen", "check": "bid"}).field == "check"


# --- further edge cases -----------------------------------------------------------------------


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
    data = deal(
        points_before={"Ann": 3, "Bas": 9, "Cor": 25, "Dirk": 7},
        hands=hands,
        tricks=None,
        kat=[{"player": "Ann", "suit": "C"}],
        options=options,
    )
    result = ok(judge(data))
    assert result["deal_points"]["Ann"] == deal_points
    assert result["points_after"]["Ann"] == points_after
    assert result["winner"] == winner


def test_mz10_game_exact_zero_needs_per_trick():
    deals = [{"trump": "H", "declarations": ALL3, "kat": {"player": "Ann", "kater": False}}]
    result = ok(judge(game(deals, options={"start_points": 3, "exact_zero": True})))
    assert result["final"] == {"Ann": -2, "Bas": 3, "Cor": 3}
    assert result["winner"] == "Ann"
    assert result["finished_after"] == 1


def test_mz7_second_kat_claim():
    hands = {"Ann": KAT_ANN, "Dirk": ["AS", "KS", "QS", "JS", "10S"]}
    verdict = judge(
        deal(
            hands=hands,
            tricks=None,
            kat=[{"player": "Ann", "suit": "C"}, {"player": "Dirk", "suit": "S"}],
        )
    )
    assert cited(verdict) == {"MZ-7"}
    assert at_of(verdict, "MZ-7") == [1]
    assert verdict["result"]["deal_points"]["Ann"] == -5
    assert verdict["result"]["deal_points"]["Dirk"] == 0


def test_mz7_kater_flag_in_deal_claim():
    hands = {"Ann": KATER_ANN, "Dirk": DIRK_NO_KAT2}
    result = ok(judge(deal(hands=hands, tricks=None, kat=[{"player": "Ann", "kater": True}])))
    assert result["deal_points"]["Ann"] == -10
    verdict = judge(deal(hands=hands, tricks=None, kat=[{"player": "Ann", "suit": "C"}]))
    assert cited(verdict) == {"MZ-7"}


def test_mz7_kat_scoring_either_choices():
    hands = {"Ann": KAT_ANN, "Dirk": DIRK_NO_KAT}
    options = {"kat_scoring": "either"}
    claim = {"player": "Ann", "suit": "C", "choice": "others"}
    result = ok(judge(deal(hands=hands, tricks=None, kat=[claim], options=options)))
    assert result["deal_points"] == {"Ann": 0, "Bas": 5, "Cor": 8, "Dirk": 5}
    claim["choice"] = "holder"
    result = ok(judge(deal(hands=hands, tricks=None, kat=[claim], options=options)))
    assert result["deal_points"] == {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0}


def test_mz7_kater_scoring_others():
    hands = {"Ann": KATER_ANN, "Dirk": DIRK_NO_KAT2}
    data = deal(
        hands=hands,
        tricks=None,
        kat=[{"player": "Ann", "suit": "H"}],
        options={"kat_scoring": "others"},
    )
    result = ok(judge(data))
    assert result["deal_points"] == {"Ann": -10, "Bas": 10, "Cor": 13, "Dirk": 10}


def test_mz1_options_players_must_match_the_names():
    data = deal(options={"players": 3})
    case_error(data, "options")


def test_game_tricks_won_for_a_passer():
    deals = [
        {
            "trump": "H",
            "declarations": {"Ann": "pass", "Bas": "play", "Cor": "play"},
            "tricks_won": {"Ann": 0, "Bas": 3, "Cor": 2},
        },
    ]
    result = ok(judge(game(deals)))
    assert result["final"] == {"Ann": 25, "Bas": 24, "Cor": 24}
    deals[0]["tricks_won"] = {"Ann": 1, "Bas": 2, "Cor": 2}
    case_error(game(deals), "deals[0]")


def test_game_dutch_declarations_and_missing_trick_count():
    deals = [
        {
            "trump": "harten",
            "declarations": {"Ann": "spelen", "Bas": "passen", "Cor": "ruilen"},
            "tricks_won": {"Ann": 5},
        },
    ]
    result = ok(judge(game(deals)))
    assert result["final"] == {"Ann": 24, "Bas": 25, "Cor": 30}


def test_settlement_default_stake_and_zero_points_loser():
    result = ok(judge(settle({"Ann": -4, "Bas": 0, "Cor": 3})))
    assert result["winner"] == "Ann"
    assert result["pays_cents"] == {"Bas": 0, "Cor": 60}
    assert result["receives_cents"] == 60


def test_settlement_nobody_out():
    verdict = judge(settle({"Ann": 1, "Bas": 2}, options={"stake_cents": 20}))
    assert cited(verdict) == {"MZ-12"}
    assert verdict["result"].get("winner") is None
    assert "receives_cents" not in verdict["result"]


def test_deal_points_before_at_zero_is_already_over():
    verdict = judge(deal(points_before={"Ann": 0, "Bas": 9, "Cor": 25, "Dirk": 7}))
    assert cited(verdict) == {"MZ-10"}


def test_points_before_default_to_start_points():
    result = ok(judge(deal(points_before=None, options={"start_points": 15})))
    assert result["points_after"] == {"Ann": 14, "Bas": 15, "Cor": 18, "Dirk": 14}
