"""Miezemauzen (RULES.md MZ-1 … MZ-12): every rule judged legal and illegal through
games.cases.judge with whole CASES.md cases, and the seed's worked example."""

import copy

import pytest

from games.base import CaseError
from games.cases import judge
from games.miezemauzen import GAME
from tests.games.helpers import illegal as assert_illegal
from tests.games.helpers import ok as legal
from tests.games.helpers import rules, with_changes

PLAYERS = ["Ann", "Bas", "Cor", "Dirk"]

#: CASES.md's deal example, completed: Dirk exchanged and plays against Ann.
DEAL = {
    "game": "miezemauzen", "check": "deal", "options": {"start_points": 25},
    "players": PLAYERS, "dealer": "Dirk", "trump": "H",
    "points_before": {"Ann": 12, "Bas": 9, "Cor": 25, "Dirk": 7},
    "passes_before": {"Ann": 0, "Bas": 0, "Cor": 2, "Dirk": 0},
    "declarations": {"Ann": "play", "Bas": "pass", "Cor": "pass", "Dirk": "exchange"},
    "hands": {"Ann": ["AH", "KS", "9S", "8C", "7D"], "Dirk": ["10H", "QS", "7S", "9C", "8D"]},
    "kat": [],
    "tricks": [["AH", "10H"], ["KS", "QS"], ["9S", "7S"], ["8C", "9C"], ["8D", "7D"]],
}  # fmt: skip

#: A two-player game decided in one deal (start_points 1): Ann takes all five tricks.
REPLAY = {
    "game": "miezemauzen", "check": "replay", "options": {"start_points": 1},
    "players": ["Ann", "Bas"],
    "deals": [{
        "dealer": "Bas",
        "hands": {"Ann": ["AH", "KH", "QS", "JS", "7C"], "Bas": ["10H", "9S", "8S", "7D", "8D"]},
        "kip": ["7H", "8H", "9H", "JH", "QH"],
        "turned": "9C",
        "moves": [
            {"player": "Ann", "declare": "play"}, {"player": "Bas", "declare": "play"},
            {"player": "Ann", "card": "AH"}, {"player": "Bas", "card": "10H"},
            {"player": "Ann", "card": "KH"}, {"player": "Bas", "card": "7D"},
            {"player": "Ann", "card": "QS"}, {"player": "Bas", "card": "9S"},
            {"player": "Ann", "card": "JS"}, {"player": "Bas", "card": "8S"},
            {"player": "Ann", "card": "7C"}, {"player": "Bas", "card": "8D"},
        ],
    }],
}  # fmt: skip


def deal(**changes):
    return with_changes(DEAL, **changes)


def illegal(verdict, rule, at=None):
    assert_illegal(verdict, rule, at)
    return verdict["result"]


def game(deals, players=("Ann", "Bas", "Cor"), **options):
    return judge({"game": "miezemauzen", "check": "game", "options": options,
                  "players": list(players), "deals": deals})  # fmt: skip


def summary(trump, declarations, **rest):
    return {"trump": trump, "declarations": declarations, **rest}


ALL_PLAY3 = {"Ann": "play", "Bas": "play", "Cor": "play"}


# --- the spec --------------------------------------------------------------------------


def test_spec_lists_checks_and_options():
    assert set(GAME.checks) == {"deal", "game", "settlement", "replay"}
    defaults = {o.name: o.default for o in GAME.options}
    assert defaults == {"start_points": 25, "players": None, "kat_scoring": "holder",
                        "per_trick": False, "exact_zero": False, "spades_double": False,
                        "stake_cents": 20}  # fmt: skip
    assert GAME.players == (2, 3, 4, 5, 6, 7, 8)


def test_cases_md_deal_example_is_judged():
    result = legal(judge(deal()))
    assert result == {
        "trick_winners": ["Ann", "Ann", "Ann", "Dirk", "Dirk"],
        "tricks_won": {"Ann": 3, "Dirk": 2},
        "deal_points": {"Ann": -1, "Bas": 0, "Cor": 3, "Dirk": -1},
        "points_after": {"Ann": 11, "Bas": 9, "Cor": 28, "Dirk": 6},
        "winner": None,
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [({"start_points": 0}, "options.start_points"), ({"kat_scoring": "all"}, "kat_scoring"),
     ({"stake_cents": -1}, "stake_cents"), ({"players": 9}, "options.players"),
     ({"per_trick": "yes"}, "per_trick"), ({"jokers": 2}, "options.jokers")],
)  # fmt: skip
def test_bad_options_are_case_errors(options, message):
    with pytest.raises(CaseError, match=message):
        judge(deal(options=options))


# --- MZ-1 deck -------------------------------------------------------------------------


def test_mz1_six_players_use_52_cards():
    six = ["Ann", "Bas", "Cor", "Dirk", "Eva", "Fien"]
    verdict = judge(deal(
        players=six, dealer="Fien", trump="C", points_before=None, passes_before=None,
        declarations={"Ann": "play", "Bas": "play", "Cor": "pass", "Dirk": "pass",
                      "Eva": "pass", "Fien": "pass"},
        hands={"Ann": ["2H", "5S", "7D", "9C", "JC"], "Bas": ["3H", "4S", "6D", "8C", "10C"]},
        tricks=[["2H", "3H"], ["4S", "5S"], ["7D", "6D"], ["9C", "8C"], ["JC", "10C"]],
    ))  # fmt: skip
    result = legal(verdict)
    assert result["trick_winners"] == ["Bas", "Ann", "Ann", "Ann", "Ann"]
    assert result["deal_points"] == {"Ann": -1, "Bas": -1, "Cor": 0, "Dirk": 0, "Eva": 0,
                                     "Fien": 0}  # fmt: skip


def test_mz1_options_players_must_match_the_table():
    legal(judge(deal(options={"players": 4})))
    with pytest.raises(CaseError, match=r"options\.players"):
        judge(deal(options={"players": 6}))


def test_mz1_card_below_seven_with_four_players():
    verdict = judge(deal(hands={"Ann": ["AH", "KS", "9S", "8C", "6D"]}, tricks=None))
    illegal(verdict, "MZ-1")
    assert "6D" in verdict["violations"][0]["message"]


def test_mz1_nine_players():
    names = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]
    verdict = game([], players=names)
    illegal(verdict, "MZ-1")


def test_mz1_unknown_card_is_a_case_error():
    with pytest.raises(CaseError, match=r"hands.Ann\[4\]"):
        judge(deal(hands={"Ann": ["AH", "KS", "9S", "8C", "XX"]}))


# --- MZ-2 points -----------------------------------------------------------------------
# MZ-2 is a scoring rule (start at 25, won points off, penalties on): no move can break it,
# so its tests check the computed numbers.


def test_mz2_everyone_starts_at_25_and_points_go_down():
    verdict = game([summary("S", {"Ann": "play", "Bas": "pass", "Cor": "play"},
                            tricks_won={"Ann": 5, "Cor": 0})])  # fmt: skip
    result = legal(verdict)
    assert result["points"] == [{"Ann": 24, "Bas": 25, "Cor": 30}]
    assert result["final"] == {"Ann": 24, "Bas": 25, "Cor": 30}
    assert result["winner"] is None
    assert result["finished_after"] is None


def test_mz2_start_points_option_and_first_at_zero_wins():
    deals = [summary("D", ALL_PLAY3, tricks_won={"Ann": 3, "Bas": 2, "Cor": 0})] * 2
    result = legal(game(deals, start_points=2))
    assert result["points"] == [{"Ann": 1, "Bas": 1, "Cor": 7}, {"Ann": 0, "Bas": 0, "Cor": 12}]
    assert result["winner"] == ["Ann", "Bas"]
    assert result["finished_after"] == 2


def test_mz2_deal_without_points_before_starts_from_start_points():
    result = legal(judge(deal(points_before=None, options={"start_points": 10})))
    assert result["points_after"] == {"Ann": 9, "Bas": 10, "Cor": 13, "Dirk": 9}


# --- MZ-3 deal -------------------------------------------------------------------------


def test_mz3_five_cards_each_kip_and_turned_trump():
    kip = ["JH", "QH", "KH", "7C", "10C"]
    legal(judge(deal(kip=kip, turned="9H")))


def test_mz3_turned_card_must_show_trump():
    illegal(judge(deal(turned="JC")), "MZ-3")


def test_mz3_hand_of_four_cards():
    verdict = judge(deal(hands={"Ann": ["AH", "KS", "9S", "8C"]}, tricks=None))
    illegal(verdict, "MZ-3")


def test_mz3_kip_of_six_cards():
    illegal(judge(deal(kip=["JH", "QH", "KH", "7C", "10C", "JC"])), "MZ-3")


def test_mz3_replay_hand_of_four():
    log = copy.deepcopy(REPLAY)
    log["deals"][0]["hands"]["Bas"].remove("8D")
    illegal(judge(log), "MZ-3", at=0)


def test_mz3_card_dealt_twice_is_a_case_error():
    with pytest.raises(CaseError, match="one-deck"):
        judge(deal(kip=["AH", "QH", "KH", "7C", "10C"]))
    log = copy.deepcopy(REPLAY)
    log["deals"][0]["kip"][0] = "AH"
    with pytest.raises(CaseError, match="dealt twice"):
        judge(log)


# --- MZ-4 declarations -------------------------------------------------------------------


def test_mz4_one_exchange_and_the_dealer_swap():
    verdict = judge(deal(turned="QH", dealer_swap={"give": "8D"},
                         hands={"Ann": ["AH", "KS", "9S", "8C", "7D"],
                                "Dirk": ["10H", "QS", "7S", "9C", "QH"]},
                         tricks=[["AH", "10H"], ["KS", "QS"], ["9S", "7S"], ["8C", "9C"],
                                 ["QH", "7D"]]))  # fmt: skip
    assert legal(verdict)["tricks_won"] == {"Ann": 3, "Dirk": 2}


def test_mz4_second_exchange():
    verdict = judge(deal(declarations={"Ann": "exchange", "Bas": "pass", "Cor": "pass",
                                       "Dirk": "exchange"}))  # fmt: skip
    illegal(verdict, "MZ-4", at=3)
    assert verdict["violations"][0]["message"].startswith("Dirk may not exchange")


def test_mz4_only_the_dealer_swaps():
    verdict = judge(deal(dealer_swap={"give": "7C", "player": "Ann"}, tricks=None))
    illegal(verdict, "MZ-4")


def test_mz4_swap_keeps_the_turned_card_in_the_dealers_hand():
    with pytest.raises(CaseError, match="turned"):
        judge(deal(turned="QH", dealer_swap={"give": "7C"}))


def test_mz4_replay_declaration_out_of_turn():
    log = copy.deepcopy(REPLAY)
    moves = log["deals"][0]["moves"]
    moves[0], moves[1] = moves[1], moves[0]
    verdict = judge(log)
    illegal(verdict, "MZ-4", at=0)
    assert "final" not in verdict["result"]


def test_mz4_declarations_in_dutch():
    verdict = judge(deal(declarations={"Ann": "spelen", "Bas": "passen", "Cor": "Pass",
                                       "Dirk": "ruilen"}))  # fmt: skip
    legal(verdict)
    with pytest.raises(CaseError, match=r"declarations\.Bas"):
        judge(deal(declarations={"Ann": "play", "Bas": "fold", "Cor": "pass", "Dirk": "play"}))
    with pytest.raises(CaseError, match=r"declarations\.Cor"):
        judge(deal(declarations={"Ann": "play", "Bas": "pass", "Dirk": "play"}))


# --- MZ-5 two must play -----------------------------------------------------------------


def test_mz5_last_two_play_after_two_passes():
    verdict = judge(deal(declarations={"Ann": "pass", "Bas": "pass", "Cor": "play",
                                       "Dirk": "play"}, hands=None, tricks=None))  # fmt: skip
    assert legal(verdict) == {}


def test_mz5_third_pass_leaves_one_player():
    verdict = judge(deal(declarations={"Ann": "pass", "Bas": "pass", "Cor": "pass",
                                       "Dirk": "play"}, hands=None, tricks=None))  # fmt: skip
    illegal(verdict, "MZ-5", at=2)
    assert rules(verdict) == ["MZ-5"]


def test_mz5_two_players_both_play():
    two = {"players": ["Ann", "Bas"], "dealer": "Bas", "points_before": None,
           "passes_before": None, "hands": None, "tricks": None}  # fmt: skip
    legal(judge(deal(**two, declarations={"Ann": "play", "Bas": "exchange"})))
    illegal(judge(deal(**two, declarations={"Ann": "pass", "Bas": "play"})), "MZ-5", at=0)


def test_mz5_game_deal_with_one_player():
    verdict = game([summary("H", {"Ann": "pass", "Bas": "pass", "Cor": "play"},
                            tricks_won={"Cor": 5})])  # fmt: skip
    illegal(verdict, "MZ-5", at=0)


# --- MZ-6 passing -----------------------------------------------------------------------


def test_mz6_third_pass_in_a_row_costs_three():
    assert legal(judge(deal()))["deal_points"]["Cor"] == 3  # passes_before 2
    result = legal(judge(deal(passes_before={"Cor": 1})))
    assert result["deal_points"]["Cor"] == 0
    result = legal(judge(deal(passes_before={"Bas": 7})))
    assert result["deal_points"]["Bas"] == 3


def test_mz6_player_at_three_may_not_pass():
    verdict = judge(deal(points_before={"Ann": 12, "Bas": 3, "Cor": 25, "Dirk": 7}))
    illegal(verdict, "MZ-6", at=1)
    assert "Bas is at 3 points" in verdict["violations"][0]["message"]
    legal(judge(deal(points_before={"Ann": 12, "Bas": 4, "Cor": 25, "Dirk": 7})))


def test_mz6_game_counts_passes_in_a_row():
    pass_bas = {"Ann": "play", "Bas": "pass", "Cor": "play"}
    won = {"Ann": 3, "Cor": 2}
    deals = [summary("D", pass_bas, tricks_won=won)] * 4
    deals += [summary("D", ALL_PLAY3, tricks_won={"Ann": 1, "Bas": 1, "Cor": 3})]
    deals += [summary("D", pass_bas, tricks_won=won)] * 3
    result = legal(game(deals))
    assert [row["Bas"] for row in result["points"]] == [25, 25, 28, 31, 30, 30, 30, 33]


def test_mz6_game_pass_at_three_points():
    deals = [summary("D", ALL_PLAY3, tricks_won={"Ann": 4, "Bas": 1, "Cor": 0}),
             summary("D", {"Ann": "pass", "Bas": "play", "Cor": "play"},
                     tricks_won={"Bas": 3, "Cor": 2})]  # fmt: skip
    verdict = game(deals, start_points=4)
    illegal(verdict, "MZ-6", at=1)
    assert verdict["result"]["final"] == {"Ann": 3, "Bas": 2, "Cor": 8}


# --- MZ-7 kat and kater -------------------------------------------------------------------

KAT_HANDS = {"Ann": ["AD", "KD", "9D", "8D", "7D"], "Dirk": ["10H", "QH", "7H", "9H", "JH"]}


def test_mz7_kat_five_off_and_no_tricks():
    verdict = judge(deal(hands=KAT_HANDS, kat=[{"player": "Ann", "suit": "D"}], tricks=None))
    result = legal(verdict)
    assert result == {"deal_points": {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0},
                      "points_after": {"Ann": 7, "Bas": 9, "Cor": 28, "Dirk": 7},
                      "winner": None}  # fmt: skip


def test_mz7_kater_ten_off():
    verdict = judge(deal(hands=KAT_HANDS, kat=[{"player": "Dirk", "kater": True}], tricks=None))
    result = legal(verdict)
    assert result["deal_points"]["Dirk"] == -10
    assert result["winner"] == "Dirk"
    assert result["points_after"]["Dirk"] == -3


@pytest.mark.parametrize(
    ("scoring", "choice", "expected"),
    [("holder", None, {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0}),
     ("others", None, {"Ann": -5, "Bas": 5, "Cor": 8, "Dirk": 5}),
     ("either", "holder", {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0}),
     ("either", "others", {"Ann": 0, "Bas": 5, "Cor": 8, "Dirk": 5})],
)  # fmt: skip
def test_mz7_kat_scoring_option(scoring, choice, expected):
    claim = {"player": "Ann", "suit": "D"} | ({"choice": choice} if choice else {})
    verdict = judge(deal(options={"kat_scoring": scoring}, hands=KAT_HANDS, kat=[claim],
                         tricks=None))  # fmt: skip
    assert legal(verdict)["deal_points"] == expected


def test_mz7_passer_cannot_show_a_kat():
    verdict = judge(deal(hands=None, kat=[{"player": "Bas", "suit": "D"}], tricks=None))
    illegal(verdict, "MZ-7", at=0)
    assert "deal_points" not in verdict["result"]


def test_mz7_false_kat_claim():
    verdict = judge(deal(kat=[{"player": "Ann", "suit": "S"}], tricks=None))
    illegal(verdict, "MZ-7", at=0)
    assert "Ann claimed a kat in spades but holds AH 8C 7D" in verdict["violations"][0]["message"]


def test_mz7_kat_is_not_a_kater_in_another_suit():
    verdict = judge(deal(hands=KAT_HANDS, kat=[{"player": "Ann", "suit": "D", "kater": True}],
                         tricks=None))  # fmt: skip
    illegal(verdict, "MZ-7", at=0)


def test_mz7_no_tricks_after_a_kat():
    tricks = [["AD", "10H"]]
    verdict = judge(deal(hands=KAT_HANDS, kat=[{"player": "Ann", "suit": "D"}], tricks=tricks))
    result = illegal(verdict, "MZ-7", at=0)
    assert result["deal_points"]["Ann"] == -5


def test_mz7_only_one_kat_per_deal():
    claims = [{"player": "Dirk", "suit": "H"}, {"player": "Ann", "suit": "D"}]
    verdict = judge(deal(hands=KAT_HANDS, kat=claims, tricks=None))
    illegal(verdict, "MZ-7", at=1)
    assert verdict["result"]["deal_points"]["Dirk"] == -10


def test_mz7_game_kat_and_kater():
    deals = [summary("H", ALL_PLAY3, kat={"player": "Cor", "kater": True}),
             summary("H", ALL_PLAY3, kat={"player": "Ann", "kater": False})]  # fmt: skip
    result = legal(game(deals))
    assert result["points"] == [{"Ann": 25, "Bas": 25, "Cor": 15},
                                {"Ann": 20, "Bas": 25, "Cor": 15}]  # fmt: skip
    result = legal(game(deals, kat_scoring="others"))
    assert result["final"] == {"Ann": 30, "Bas": 40, "Cor": 20}


def test_mz7_game_kat_by_a_passer():
    deals = [summary("H", {"Ann": "play", "Bas": "pass", "Cor": "play"},
                     kat={"player": "Bas", "kater": False})]  # fmt: skip
    verdict = game(deals)
    illegal(verdict, "MZ-7", at=0)
    assert verdict["result"] == {"points": []}


# --- MZ-8 tricks ------------------------------------------------------------------------


def test_mz8_trumping_is_allowed_and_wins():
    verdict = judge(deal(hands={"Ann": ["AS", "KS", "9S", "8C", "7D"],
                                "Dirk": ["10H", "QD", "7H", "9C", "8D"]},
                         tricks=[["AS", "7H"], ["9C", "8C"], ["QD", "7D"], ["10H", "9S"],
                                 ["8D", "KS"]]))  # fmt: skip
    result = legal(verdict)
    assert result["trick_winners"] == ["Dirk", "Dirk", "Dirk", "Dirk", "Dirk"]
    assert result["deal_points"] == {"Ann": 5, "Bas": 0, "Cor": 3, "Dirk": -1}


def test_mz8_discarding_without_the_led_suit_is_allowed():
    verdict = judge(deal(hands={"Ann": ["AS", "KS", "9S", "8S", "7S"],
                                "Dirk": ["10H", "QD", "7H", "9C", "8D"]},
                         tricks=[["AS", "QD"]]))  # fmt: skip
    assert legal(verdict) == {"trick_winners": ["Ann"]}


def test_mz8_renege_with_hands():
    verdict = judge(deal(tricks=[["AH", "10H"], ["KS", "9C"]]))
    illegal(verdict, "MZ-8", at=1)
    message = verdict["violations"][0]["message"]
    assert message == "Dirk did not follow spades in trick 2 although holding QS 7S"


def test_mz8_renege_shown_by_a_later_card():
    verdict = judge(deal(hands=None, tricks=[["AH", "10H"], ["KS", "9C"], ["9S", "7S"]]))
    illegal(verdict, "MZ-8", at=1)
    assert verdict["result"]["trick_winners"] == ["Ann", "Ann", "Ann"]


def test_mz8_card_not_in_hand():
    verdict = judge(deal(tricks=[["AH", "JH"]]))
    illegal(verdict, "MZ-8", at=0)


def test_mz8_card_in_another_hand_or_played_twice_is_a_case_error():
    with pytest.raises(CaseError, match=r"tricks\[0\]\[1\]"):
        judge(deal(tricks=[["AH", "KS"]]))
    with pytest.raises(CaseError, match="played twice"):
        judge(deal(hands=None, tricks=[["AH", "10H"], ["AH", "QH"]]))


def test_mz8_six_tricks():
    tricks = DEAL["tricks"] + [["JD", "QD"]]
    verdict = judge(deal(hands=None, tricks=tricks))
    result = illegal(verdict, "MZ-8", at=5)
    assert "deal_points" not in result


def test_mz8_trick_with_a_missing_card_is_a_case_error():
    with pytest.raises(CaseError, match=r"tricks\[0\]"):
        judge(deal(tricks=[["AH"], ["KS", "QS"]]))


def test_mz8_incomplete_last_trick_is_judged():
    verdict = judge(deal(tricks=[["AH", "10H"], ["KS"]]))
    assert legal(verdict) == {"trick_winners": ["Ann"]}


def test_mz8_replay_out_of_turn_and_renege():
    log = copy.deepcopy(REPLAY)
    moves = log["deals"][0]["moves"]
    moves[2], moves[3] = moves[3], moves[2]
    illegal(judge(log), "MZ-8", at=0)
    log = copy.deepcopy(REPLAY)
    log["deals"][0]["moves"][7]["card"] = "8D"  # Bas holds 9S and 8S
    verdict = judge(log)
    illegal(verdict, "MZ-8", at=0)
    assert "did not follow spades in trick 3" in verdict["violations"][0]["message"]
    log = copy.deepcopy(REPLAY)
    log["deals"][0]["moves"][3]["card"] = "JD"
    assert "not in their hand" in judge(log)["violations"][0]["message"]


# --- MZ-9 deal score ---------------------------------------------------------------------
# MZ-9 is a scoring rule: the tests check the numbers; deal summaries whose tricks do not
# add up to five cannot be judged (CaseError).


def test_mz9_one_off_with_a_trick_five_on_without():
    result = legal(game([summary("C", ALL_PLAY3, tricks_won={"Ann": 4, "Bas": 1})]))
    assert result["final"] == {"Ann": 24, "Bas": 24, "Cor": 30}


def test_mz9_per_trick():
    result = legal(judge(deal(options={"per_trick": True})))
    assert result["deal_points"] == {"Ann": -3, "Bas": 0, "Cor": 3, "Dirk": -2}


def test_mz9_tricks_won_must_add_up():
    with pytest.raises(CaseError, match="tricks_won"):
        game([summary("C", ALL_PLAY3, tricks_won={"Ann": 4, "Bas": 2})])
    with pytest.raises(CaseError, match=r"tricks_won\.Bas"):
        game([summary("C", {"Ann": "play", "Bas": "pass", "Cor": "play"},
                      tricks_won={"Ann": 4, "Bas": 1})])  # fmt: skip


def test_mz9_deal_from_tricks_won():
    result = legal(judge(deal(tricks=None, hands=None, tricks_won={"Ann": 5})))
    assert result["deal_points"] == {"Ann": -1, "Bas": 0, "Cor": 3, "Dirk": 5}


# --- MZ-10 winning -----------------------------------------------------------------------


def test_mz10_lowest_at_zero_wins():
    verdict = judge(deal(points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 1}))
    result = legal(verdict)
    assert result["points_after"] == {"Ann": 0, "Bas": 9, "Cor": 28, "Dirk": 0}
    assert result["winner"] == ["Ann", "Dirk"]
    verdict = judge(deal(options={"per_trick": True},
                         points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 1}))  # fmt: skip
    assert legal(verdict)["winner"] == "Ann"  # -2 beats -1


def test_mz10_exact_zero():
    options = {"per_trick": True, "exact_zero": True}
    points = {"Ann": 2, "Bas": 9, "Cor": 25, "Dirk": 2}
    result = legal(judge(deal(options=options, points_before=points)))
    assert result["deal_points"] == {"Ann": 0, "Bas": 0, "Cor": 3, "Dirk": -2}
    assert result["points_after"] == {"Ann": 2, "Bas": 9, "Cor": 28, "Dirk": 0}
    assert result["winner"] == "Dirk"


def test_mz10_no_deal_after_the_game_is_won():
    deals = [summary("D", ALL_PLAY3, tricks_won={"Ann": 3, "Bas": 2, "Cor": 0})] * 3
    verdict = game(deals, start_points=1)
    result = illegal(verdict, "MZ-10", at=1)
    assert result["finished_after"] == 1
    assert result["final"] == {"Ann": 0, "Bas": 0, "Cor": 6}
    verdict = judge(deal(points_before={"Ann": 0}))
    illegal(verdict, "MZ-10")


def test_mz10_replay_finishes_and_no_more_deals():
    result = legal(judge(copy.deepcopy(REPLAY)))
    assert result["final"] == {"Ann": 0, "Bas": 6}
    assert result["winner"] == "Ann"
    assert result["finished_after"] == 1
    log = copy.deepcopy(REPLAY)
    log["deals"].append(copy.deepcopy(log["deals"][0]))
    illegal(judge(log), "MZ-10", at=1)


# --- MZ-11 spades double ------------------------------------------------------------------


def test_mz11_spades_double_every_point():
    everyone = {"Ann": "play", "Bas": "play", "Cor": "play", "Dirk": "play"}
    verdict = judge(deal(options={"spades_double": True}, trump="S", declarations=everyone,
                         hands=None, tricks=None, tricks_won={"Ann": 3, "Dirk": 2}))  # fmt: skip
    assert legal(verdict)["deal_points"] == {"Ann": -2, "Bas": 10, "Cor": 10, "Dirk": -2}
    deals = [summary("S", ALL_PLAY3, kat={"player": "Ann", "kater": True})]
    assert legal(game(deals, spades_double=True))["final"]["Ann"] == 5


def test_mz11_nobody_passes_with_spades():
    verdict = judge(deal(options={"spades_double": True}, trump="S", hands=None, tricks=None))
    illegal(verdict, "MZ-11", at=1)
    legal(judge(deal(trump="S", hands=None, tricks=None)))  # option off


# --- MZ-12 settlement ---------------------------------------------------------------------


def settlement(points, **options):
    return judge({"game": "miezemauzen", "check": "settlement", "points": points,
                  "options": options})  # fmt: skip


def test_mz12_seed_example_twenty_cents_a_point():
    """Seed: 20 cents a point, losers at 2, 8 and 12 → the winner receives 4.40 euro."""
    verdict = settlement({"Ann": 0, "Bas": 2, "Cor": 8, "Dirk": 12}, stake_cents=20)
    assert legal(verdict) == {"winner": "Ann", "pays_cents": {"Bas": 40, "Cor": 160, "Dirk": 240},
                              "receives_cents": 440}  # fmt: skip


def test_mz12_default_stake_and_shared_win():
    result = legal(settlement({"Ann": -1, "Bas": 3}))
    assert result == {"winner": "Ann", "pays_cents": {"Bas": 60}, "receives_cents": 60}
    result = legal(settlement({"Ann": 0, "Bas": 0, "Cor": 5}, stake_cents=10))
    assert result["winner"] == ["Ann", "Bas"]
    assert result["receives_cents"] == 50


def test_mz12_no_winner_yet():
    verdict = settlement({"Ann": 1, "Bas": 2})
    assert illegal(verdict, "MZ-12") == {"winner": None}


def test_mz12_bad_points_are_case_errors():
    with pytest.raises(CaseError, match="points"):
        settlement({"Ann": 0})
    with pytest.raises(CaseError, match=r"points\.Bas"):
        settlement({"Ann": 0, "Bas": "two"})


def test_mz4_swap_as_a_card_or_with_the_card_taken():
    hands = {"Dirk": ["10H", "QS", "7S", "9C", "QH"]}
    legal(judge(deal(dealer_swap="8D", turned="QH", hands=hands, tricks=None)))
    legal(judge(deal(dealer_swap={"give": "8D", "take": "QH"}, hands=hands, tricks=None)))
    illegal(judge(deal(dealer_swap={"give": "8D", "take": "QS"}, hands=None, tricks=None)),
            "MZ-3")  # fmt: skip
    with pytest.raises(CaseError, match=r"dealer_swap\.take"):
        judge(deal(dealer_swap={"give": "8D", "take": "QH"}, turned="KH", tricks=None))
