"""Duizenden (DZ-1 … DZ-12): every rule judged legal and illegal through check_hand, the
seed's worked examples, and hand-written replay logs."""

import copy

import pytest

from games import cases
from games.base import CaseError
from tests.games.helpers import illegal as assert_illegal
from tests.games.helpers import ok as legal
from tests.games.helpers import rules

# --- helpers ----------------------------------------------------------------------------------


def judge(check, **fields):
    return cases.judge({"game": "duizenden", "check": check, **fields})


def illegal(verdict, rule):
    assert_illegal(verdict, rule)
    return verdict


# --- DZ-1 deck and players -------------------------------------------------------------------


def test_dz1_three_to_five_players():
    legal(judge("game", players=["Ann", "Bas", "Cor", "Dirk"], deals=[]))
    illegal(judge("game", players=["A", "B", "C", "D", "E", "F"], deals=[]), "DZ-1")
    verdict = judge("mine", players=["A", "B"], discarder="A", top="8S", claims=[],
                    on_table=[], hands={})  # fmt: skip
    illegal(verdict, "DZ-1")


def test_dz1_two_decks_hold_each_card_twice_and_four_jokers():
    legal(judge("deal_score", players={"A": {"melded": ["8H", "8H", "JK", "JK"],
                                             "hand": ["JK", "JK"]}}))  # fmt: skip
    with pytest.raises(CaseError) as info:
        judge("deal_score", players={"A": {"melded": ["8H", "8H"], "hand": []},
                                     "B": {"melded": [], "hand": ["8H"]}})  # fmt: skip
    assert info.value.field == "players"
    with pytest.raises(CaseError, match="JK"):
        judge("meld", cards=["JK", "JK", "JK", "JK", "JK", "5H"])


# --- DZ-3 melds -------------------------------------------------------------------------------


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
    assert legal(judge("meld", cards=cards)) == {
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
    verdict = illegal(judge("meld", cards=cards), "DZ-3")
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
        judge("meld", cards=cards)
    assert info.value.field == field
    for reading in readings:
        assert reading in info.value.message


def test_dz3_cards_in_any_spelling_and_bad_cards():
    result = legal(judge("meld", cards=["harten 5", "joker:6♥", "h7"]))
    assert result["type"] == "run"
    with pytest.raises(CaseError, match=r"cards\[1\]"):
        judge("meld", cards=["5H", "JK:JK", "7H"])
    with pytest.raises(CaseError, match=r"cards\[0\]"):
        judge("meld", cards=["5H:6H", "6H", "7H"])
    with pytest.raises(CaseError, match=r"cards\[2\]"):
        judge("meld", cards=["5H", "6H", 7])


# --- DZ-4 opening -----------------------------------------------------------------------------


def test_dz4_opening_reaches_30():
    assert legal(judge("opening", melds=[["5H", "6H", "7H"], ["8S", "8H", "8C"]])) == {
        "opening_points": 42
    }
    assert legal(judge("opening", melds=[["QH", "QD", "QC"]]))["opening_points"] == 30


def test_dz4_opening_below_30():
    verdict = illegal(judge("opening", melds=[["5H", "6H", "7H"]]), "DZ-4")
    assert verdict["result"] == {"opening_points": 18}
    illegal(judge("opening", melds=[]), "DZ-4")


def test_dz4_an_invalid_meld_in_an_opening_is_dz3_at_its_index():
    verdict = illegal(judge("opening", melds=[["QH", "QD", "QC"], ["5H", "7H", "9H"]]), "DZ-3")
    assert verdict["violations"][0]["at"] == 1
    assert "opening_points" not in verdict["result"]
    with pytest.raises(CaseError, match=r"^melds\[0\]"):
        judge("opening", melds=["QH"])


def test_dz4_option_opening_face_cards_counts_card_points_instead():
    melds = [["2H", "3H", "4H"], ["2S", "2D", "2C"], ["AS", "AD", "AC"]]
    off = {"opening_face_cards": False}
    assert legal(judge("opening", melds=melds, options=off))["opening_points"] == 75
    illegal(judge("opening", melds=melds[:2]), "DZ-4")  # face values: 9 + 6
    legal(judge("opening", melds=[*melds[:2], ["JS", "QS", "KS"]], options=off))
    # A joker counts as the card it stands for, under either reading.
    assert legal(judge("meld", cards=["JS", "JK:QS", "KS"], options=off))["opening_points"] == 120
    assert legal(judge("meld", cards=["AH", "JK", "3H"]))["opening_points"] == 6
    with pytest.raises(CaseError, match="opening_face_cards"):
        judge("meld", cards=["5H", "6H", "7H"], options={"opening_face_cards": "yes"})


# --- DZ-8, DZ-9, DZ-10 discarding ------------------------------------------------------------


def test_dz8_queen_of_spades_is_never_discarded():
    legal(judge("discard", card="4D", hand=["QS", "4D", "9C"], first_turn=False))
    verdict = illegal(judge("discard", card="QS", hand=["QS", "4D", "9C"]), "DZ-8")
    assert rules(verdict) == ["DZ-8"]
    assert "QS" in verdict["violations"][0]["message"]


def test_dz9_nobody_goes_out_in_the_first_turn():
    assert legal(judge("discard", card="4D", hand=["QS", "4D"], first_turn=True)) == {
        "goes_out": False,
        "hand": ["QS"],
    }
    verdict = illegal(judge("discard", card="4D", hand=["4D"], first_turn=True), "DZ-9")
    assert rules(verdict) == ["DZ-9"]


def test_dz10_going_out_with_the_last_card():
    assert legal(judge("discard", card="4D", hand=["4D"], first_turn=False)) == {
        "goes_out": True,
        "hand": [],
    }
    verdict = illegal(judge("discard", card="QS", hand=["QS"]), "DZ-10")
    assert set(rules(verdict)) == {"DZ-8", "DZ-10"}


def test_discard_of_a_card_not_held_cannot_be_judged():
    with pytest.raises(CaseError) as info:
        judge("discard", card="5H", hand=["QS", "4D"])
    assert info.value.field == "card"
    with pytest.raises(CaseError) as info:
        judge("discard", card="5H", hand=["5H", "5H", "5H"])
    assert info.value.field == "hand"


# --- DZ-11 deal score -------------------------------------------------------------------------


def test_dz11_card_points_of_the_seed_table():
    # 2-9 = 5, 10-K = 10, A = 15, joker = 50, QS = 100.
    result = legal(judge("deal_score", players={
        "Ann": {"melded": ["2H", "9H", "10H", "KH", "AH", "JK", "QS"], "hand": []},
        "Bas": {"melded": [], "hand": ["5C", "QH", "AS", "JK", "QS"]},
        "Cor": {"melded": [["8S", "8D", "JK:8C"], ["JS", "QD", "KC"]], "hand": ["9D"]},
    }))  # fmt: skip
    assert result == {"points": {"Ann": 5 + 5 + 10 + 10 + 15 + 50 + 100,
                                 "Bas": -(5 + 10 + 15 + 50 + 100),
                                 "Cor": 5 + 5 + 50 + 30 - 5}}  # fmt: skip


def test_dz11_out_before_others_are_on_the_table_costs_them_dearly():
    # Seed: "Wanneer iemand al uit is voordat een andere speler op tafel is, heeft deze een
    # flink aantal minpunten": a full hand counts against its holder.
    hand = ["KS", "KH", "QS", "QH", "JK", "AS", "AH", "10D", "9D", "8D", "7C", "6C", "5C"]
    result = legal(judge("deal_score", players={"Ann": {"melded": ["5H", "6H", "7H"], "hand": []},
                                                "Bas": {"melded": [], "hand": hand}}))  # fmt: skip
    assert result["points"] == {"Ann": 15, "Bas": -245}


def test_dz11_a_game_score_must_be_made_of_card_points():
    result = legal(judge("game", players=["Ann", "Bas", "Cor"],
                         deals=[{"Ann": 85, "Bas": -20, "Cor": 300}]))  # fmt: skip
    assert result["totals"] == {"Ann": 85, "Bas": -20, "Cor": 300}
    verdict = illegal(judge("game", players=["Ann", "Bas", "Cor"],
                            deals=[{"Ann": 85, "Bas": -20, "Cor": 300},
                                   {"Ann": 12, "Bas": 0, "Cor": 0}]), "DZ-11")  # fmt: skip
    assert verdict["violations"][0]["at"] == 1
    illegal(judge("game", players=["Ann", "Bas", "Cor"],
                  deals=[{"Ann": 10**12, "Bas": 0, "Cor": 0}]), "DZ-11")  # fmt: skip


# --- DZ-12 game -----------------------------------------------------------------------------


def test_dz12_first_to_1000_wins():
    result = legal(judge("game", players=["Ann", "Bas", "Cor"],
                         deals=[{"Ann": 85, "Bas": -20, "Cor": 300},
                                {"Ann": 500, "Bas": 40, "Cor": 720}]))  # fmt: skip
    assert result == {"totals": {"Ann": 585, "Bas": 20, "Cor": 1020}, "finished": True,
                      "winner": "Cor", "after_deal": 2}  # fmt: skip


def test_dz12_several_past_1000_the_highest_wins_and_a_tie_plays_on():
    players = ["Ann", "Bas", "Cor"]
    deals = [{"Ann": 990, "Bas": 995, "Cor": 0}, {"Ann": 20, "Bas": 5, "Cor": 0}]
    assert legal(judge("game", players=players, deals=deals))["winner"] == "Ann"
    tie = [{"Ann": 990, "Bas": 995, "Cor": 0}, {"Ann": 15, "Bas": 10, "Cor": 0}]
    result = legal(judge("game", players=players, deals=tie))
    assert result == {"totals": {"Ann": 1005, "Bas": 1005, "Cor": 0}, "finished": False,
                      "winner": None, "after_deal": None}  # fmt: skip
    result = legal(judge("game", players=players, deals=[*tie, {"Ann": 0, "Bas": 5, "Cor": 0}]))
    assert (result["winner"], result["after_deal"]) == ("Bas", 3)
    assert legal(judge("game", players=players, deals=[]))["finished"] is False


def test_dz12_no_deal_after_the_game_is_won():
    verdict = illegal(judge("game", players=["Ann", "Bas", "Cor"],
                            deals=[{"Ann": 1000, "Bas": 0, "Cor": 0},
                                   {"Ann": 5, "Bas": 0, "Cor": 0}]), "DZ-12")  # fmt: skip
    assert verdict["violations"][0]["at"] == 1
    assert verdict["result"]["winner"] == "Ann"


def test_game_cannot_be_judged_without_every_score():
    with pytest.raises(CaseError, match=r"^deals\[0\]\.Cor: is missing"):
        judge("game", players=["Ann", "Bas", "Cor"], deals=[{"Ann": 5, "Bas": 5}])
    with pytest.raises(CaseError, match=r"^deals\[0\]\.Dirk: is not one of the players"):
        judge("game", players=["Ann", "Bas", "Cor"],
              deals=[{"Ann": 5, "Bas": 5, "Cor": 0, "Dirk": 0}])  # fmt: skip
    with pytest.raises(CaseError, match=r"^deals\[0\]\.Ann"):
        judge("game", players=["Ann", "Bas", "Cor"], deals=[{"Ann": 5.0, "Bas": 5, "Cor": 0}])


# --- DZ-7 mining ------------------------------------------------------------------------------

FOUR = ["P1", "P2", "P3", "P4"]


def test_dz7_seed_example_a_player_on_the_table_with_two_eights_mines():
    # "Speler 1 gooit een schoppen 8 weg ... Speler 3 heeft twee achten in handen en is al
    # op tafel. Hij kan dan de open stapel mijnen."
    result = legal(judge("mine", players=FOUR, discarder="P1", top="8S", claims=["P3"],
                         on_table=["P3"], hands={"P3": ["8H", "8D", "2C"]}))  # fmt: skip
    assert result == {"miner": "P3"}


def test_dz7_seed_example_the_next_player_has_priority():
    # "In het voorbeeld heeft dus speler 2 voorrang op speler 3, ook al is speler 3 eerder
    # met roepen."
    result = legal(judge("mine", players=FOUR, discarder="P1", top="8S", claims=["P3", "P2"],
                         on_table=["P2", "P3"],
                         hands={"P2": ["9S", "10S"], "P3": ["8H", "8D"]}))  # fmt: skip
    assert result == {"miner": "P2"}
    # Without the next player among the valid claims, the first claim wins.
    result = legal(judge("mine", players=FOUR, discarder="P1", top="8S", claims=["P4", "P3"],
                         on_table=["P3", "P4"],
                         hands={"P3": ["8H", "8D"], "P4": ["JK", "7S"]}))  # fmt: skip
    assert result == {"miner": "P4"}


def test_dz7_corpus_example():
    result = legal(judge("mine", players=["A", "B", "C", "D"], discarder="A", top="8S",
                         claims=["C", "B"], on_table=["B", "C"],
                         hands={"B": ["8H", "8D", "KS"], "C": ["9S", "10S", "2H"]}))  # fmt: skip
    assert result == {"miner": "B"}


@pytest.mark.parametrize(
    ("claimant", "on_table", "hand", "words"),
    [
        ("P3", [], ["8H", "8D"], "on the table"),
        ("P3", ["P3"], ["8H", "9D"], "no meld"),
        ("P3", ["P3"], ["6S", "9S"], "no meld"),  # 6S and 9S leave a gap of two
        ("P1", ["P1"], ["8H", "8D"], "own discard"),
    ],
)
def test_dz7_invalid_claims_are_violations_at_their_index(claimant, on_table, hand, words):
    verdict = illegal(judge("mine", players=FOUR, discarder="P1", top="8S",
                            claims=["P2", claimant], on_table=["P2", *on_table],
                            hands={"P2": ["8C", "JK"], claimant: hand}), "DZ-7")  # fmt: skip
    assert verdict["violations"][0]["at"] == 1
    assert words in verdict["violations"][0]["message"]
    assert verdict["result"] == {"miner": "P2"}


def test_dz7_no_valid_claim_means_no_miner():
    verdict = illegal(judge("mine", players=FOUR, discarder="P1", top="8S", claims=["P2"],
                            on_table=[], hands={}), "DZ-7")  # fmt: skip
    assert verdict["result"] == {"miner": None}
    assert legal(judge("mine", players=FOUR, discarder="P1", top="8S", claims=[],
                       on_table=[], hands={})) == {"miner": None}  # fmt: skip


def test_dz7_a_joker_makes_melds_both_ways():
    # A discarded joker with a natural and another joker, or with two cards in a row.
    for hand in (["JK", "4C"], ["4C", "6C"], ["4C", "4D"]):
        assert legal(judge("mine", players=FOUR, discarder="P1", top="JK", claims=["P2"],
                           on_table=["P2"], hands={"P2": hand}))["miner"] == "P2"  # fmt: skip
    illegal(judge("mine", players=FOUR, discarder="P1", top="JK", claims=["P2"],
                  on_table=["P2"], hands={"P2": ["4C", "7C"]}), "DZ-7")  # fmt: skip


def test_dz8_a_queen_of_spades_on_the_pile_is_itself_a_violation():
    verdict = illegal(judge("mine", players=FOUR, discarder="P1", top="QS", claims=["P2"],
                            on_table=["P2"], hands={"P2": ["QH", "QD"]}), "DZ-8")  # fmt: skip
    assert verdict["result"] == {"miner": "P2"}


def test_mine_cases_that_cannot_be_judged():
    base = {"players": FOUR, "discarder": "P1", "top": "8S", "claims": ["P2"],
            "on_table": ["P2"], "hands": {"P2": ["8H", "8D"]}}  # fmt: skip
    for key, value, field in [
        ("claims", ["P2", "P2"], "claims[1]"),
        ("claims", ["Zed"], "claims[0]"),
        ("on_table", ["P9"], "on_table[0]"),
        ("hands", {}, "hands.P2"),
        ("hands", {"P2": ["8S", "8S"]}, "hands"),
        ("discarder", "P7", "discarder"),
    ]:
        with pytest.raises(CaseError) as info:
            judge("mine", **{**base, key: value})
        assert info.value.field == field


# --- replay: hand-written deals (DZ-1, DZ-2, DZ-4 … DZ-8) ------------------------------------

ANN = ["5H", "JK", "7H", "8S", "8H", "8C", "6H", "QS", "2C", "3D", "9D", "KC", "4S"]
BAS = ["10H", "JH", "QH", "AS", "AD", "2S", "3C", "9C", "9S", "5D", "6D", "7C", "KD"]
COR = ["4H", "4D", "4C", "6S", "7S", "JC", "QC", "KS", "10D", "JD", "2H", "3H", "5C"]


def base_log():
    """Ann opens with a joker she exchanges and lays again, Bas opens, Ann mines Bas's 3C
    and melds it in her next turn. The log stops inside that turn."""
    turns = [
        {"player": "Ann", "take_turned": True, "actions": [
            {"meld": ["5H", "JK:6H", "7H"]}, {"meld": ["8S", "8H", "8C"]},
            {"exchange": "6H", "to": 0}, {"lay_off": "JK:8H", "to": 0}],
         "discard": "4S"},
        {"player": "Bas", "draw": "KH", "actions": [{"meld": ["10H", "JH", "QH", "KH"]}],
         "discard": "3C", "claims": ["Ann"], "miner": "Ann", "extra": "5S"},
        {"player": "Cor", "draw": "9H", "discard": "JD"},
        {"player": "Ann", "draw": "8D", "actions": [
            {"meld": ["AC", "2C", "3C"]}, {"lay_off": "8D", "to": 1}]},
    ]  # fmt: skip
    return {
        "game": "duizenden", "check": "replay", "players": ["Ann", "Bas", "Cor"],
        "deals": [{"dealer": "Cor", "hands": {"Ann": ANN, "Bas": BAS, "Cor": COR},
                   "turned": "AC", "turns": turns}],
    }  # fmt: skip


def turn(log, index):
    return log["deals"][0]["turns"][index]


def test_replay_of_the_hand_written_deal_is_legal_and_incomplete():
    result = legal(cases.judge(base_log()))
    assert result["complete"] is False
    assert result["deals"] == 0
    assert result["finished"] is False


def test_dz1_replay_hands_of_13_cards():
    log = base_log()
    log["deals"][0]["hands"]["Cor"] = COR[:12]
    illegal(cases.judge(log), "DZ-1")
    log = base_log()
    log["players"] = ["Ann", "Bas"]
    del log["deals"][0]["hands"]["Cor"]
    log["deals"][0]["dealer"] = "Bas"
    illegal(cases.judge(log), "DZ-1")


def test_dz2_only_the_first_player_takes_the_turned_card():
    log = base_log()
    del turn(log, 1)["draw"]
    turn(log, 1)["take_turned"] = True
    verdict = illegal(cases.judge(log), "DZ-2")
    assert verdict["violations"][0]["at"] == 0


def test_dz2_every_turn_draws_and_goes_clockwise_and_ends_with_a_discard():
    log = base_log()
    del turn(log, 2)["draw"]
    illegal(cases.judge(log), "DZ-2")
    log = base_log()
    turn(log, 2)["player"] = "Ann"
    illegal(cases.judge(log), "DZ-2")
    log = base_log()
    turn(log, 2)["discard"] = None
    illegal(cases.judge(log), "DZ-2")


def test_dz3_replay_invalid_meld():
    log = base_log()
    turn(log, 1)["actions"] = [{"meld": ["10H", "JH", "KH"]}]
    illegal(cases.judge(log), "DZ-3")


def test_dz4_replay_opening_below_30():
    log = base_log()
    turn(log, 0)["actions"] = [{"meld": ["5H", "JK:6H", "7H"]}]
    verdict = illegal(cases.judge(log), "DZ-4")
    assert "18" in verdict["violations"][0]["message"]


def test_dz5_lay_off_only_on_own_melds():
    log = base_log()
    turn(log, 1)["actions"].append({"lay_off": "9S", "to": 1, "owner": "Ann"})
    illegal(cases.judge(log), "DZ-5")
    log = base_log()
    turn(log, 1)["actions"].append({"lay_off": "9C", "to": 0, "owner": "Bas"})
    illegal(cases.judge(log), "DZ-3")  # 9C does not fit the hearts run


def test_dz6_joker_exchange_only_by_its_owner_and_laid_again():
    log = base_log()
    turn(log, 0)["actions"].pop()  # the joker is not laid again
    illegal(cases.judge(log), "DZ-6")
    log = base_log()
    turn(log, 1)["actions"].append({"exchange": "8H", "to": 0, "owner": "Ann"})
    illegal(cases.judge(log), "DZ-6")
    log = base_log()
    turn(log, 0)["actions"][2] = {"exchange": "7H", "to": 0}  # no joker stands for 7H
    turn(log, 0)["actions"].pop()
    turn(log, 0)["actions"].insert(0, {"meld": ["7H", "7H", "7H"]})
    with pytest.raises(CaseError):  # a third 7H: the log contradicts itself
        cases.judge(log)


def test_dz7_replay_claims_and_the_obligation_to_meld():
    log = base_log()
    turn(log, 1)["claims"] = ["Cor"]
    del turn(log, 1)["miner"]
    illegal(cases.judge(log), "DZ-7")
    log = base_log()
    turn(log, 1)["claims"] = ["Bas"]
    del turn(log, 1)["miner"]
    illegal(cases.judge(log), "DZ-7")
    log = base_log()
    turn(log, 3)["actions"] = []
    turn(log, 3)["discard"] = "9D"
    verdict = illegal(cases.judge(log), "DZ-7")
    assert "3C" in verdict["violations"][0]["message"]


def test_dz8_replay_queen_of_spades_discard():
    log = base_log()
    turn(log, 0)["discard"] = "QS"
    illegal(cases.judge(log), "DZ-8")


def test_replay_contradictions_are_case_errors():
    for mutate, field in [
        (lambda log: turn(log, 0).update(discard="9H"), "deals[0].turns[0].discard"),
        (lambda log: turn(log, 1).update(extra=None), "deals[0].turns[1].extra"),
        (lambda log: turn(log, 1).update(miner="Cor"), "deals[0].turns[1].miner"),
        (lambda log: turn(log, 2).update(extra="2D"), "deals[0].turns[2].extra"),
        (lambda log: turn(log, 1).update(actions=[{"lay_off": "KH", "to": 3}]),
         "deals[0].turns[1].actions[0].lay_off"),
        (lambda log: turn(log, 1).update(actions=[{"lay_off": "KH", "to": 10**30}]),
         "deals[0].turns[1].actions[0].to"),
        (lambda log: turn(log, 1).update(actions=[{"pass": True}]),
         "deals[0].turns[1].actions[0].meld"),
        (lambda log: log["deals"][0].update(turned="ZZ"), "deals[0].turned"),
        (lambda log: log["deals"][0]["hands"].update(Cor=[*COR[:11], "QS", "QS"]),
         "deals[0].hands.Cor[12]"),
    ]:  # fmt: skip
        log = base_log()
        mutate(log)
        with pytest.raises(CaseError) as info:
            cases.judge(log)
        assert info.value.field == field, info.value


def test_replay_an_unfinished_middle_deal_cannot_be_judged():
    log = base_log()
    log["deals"].append(copy.deepcopy(log["deals"][0]))
    illegal(cases.judge(log), "DZ-2")  # turn 4 of deal 1 has no discard
    log["deals"][0]["turns"].pop()
    with pytest.raises(CaseError, match=r"^deals\[0\]\.turns: ends before the deal is over"):
        cases.judge(log)
