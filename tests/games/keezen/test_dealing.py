"""Keezen KZ-7: dealing five then four cards, six players with one and a half decks."""

import pytest

from games import registry
from games.base import CaseError
from tests.games.helpers import case_error, rules_in_order
from tests.games.keezen.helpers import (
    deal_without_aces_or_kings,
    first_message_says,
    judge_kz_replay_unchecked,
    kz_case,
    legal_moves_result,
    listed_moves,
    pawns_board,
)

# --- KZ-7 Dealing ----------------------------------------------------------------------------


def test_kz7_five_cards_from_a_fresh_deck_then_four():
    fold = {"move": {"fold": True}}
    # 2S..6S, 7S..JS, QS..3H, 4H..8H: seat 1 holds 7S-JS with nothing in play: it folds.
    first = deal_without_aces_or_kings()
    v = judge_kz_replay_unchecked(
        [first, *[fold] * 4, deal_without_aces_or_kings(size=4, shuffle=False, first=20)]
    )
    assert v["legal"], v["violations"]
    assert v["result"]["deals"] == 2 and v["result"]["turns"] == 4
    v = judge_kz_replay_unchecked([deal_without_aces_or_kings(size=4)])
    assert rules_in_order(v) == ["KZ-7"] and first_message_says(v, "4 cards instead of 5")
    v = judge_kz_replay_unchecked(
        [first, *[fold] * 4, deal_without_aces_or_kings(size=5, shuffle=False, first=20)]
    )
    assert rules_in_order(v) == ["KZ-7"] and v["violations"][0]["at"] == 5
    v = judge_kz_replay_unchecked(
        [first, *[fold] * 4, deal_without_aces_or_kings(size=4, shuffle=True, first=20)]
    )
    assert rules_in_order(v) == ["KZ-7"] and first_message_says(v, "not used up")
    v = judge_kz_replay_unchecked(
        [first, *[fold] * 4, deal_without_aces_or_kings(dealer=1, size=4, shuffle=False, first=20)]
    )
    assert rules_in_order(v) == ["KZ-7"] and first_message_says(v, "seat 0 deals now")
    v = judge_kz_replay_unchecked(
        [first, *[fold] * 3, deal_without_aces_or_kings(size=4, shuffle=False, first=20)]
    )
    assert rules_in_order(v) == ["KZ-7"] and first_message_says(v, "every card of the last one")
    # the same cards again before the deck is used up
    v = judge_kz_replay_unchecked(
        [first, *[fold] * 4, deal_without_aces_or_kings(size=4, shuffle=False, first=0)]
    )
    assert rules_in_order(v) == ["KZ-7"] and first_message_says(v, "since the last shuffle")


def test_kz7_the_deal_passes_left_when_the_deck_is_used_up():
    log = registry.get("keezen").simulate(5).log
    deals = [i for i, event in enumerate(log["events"]) if "deal" in event]
    assert [log["events"][i]["deal"]["dealer"] for i in deals[:7]] == [0, 0, 0, 1, 1, 1, 2]
    assert [len(log["events"][i]["deal"]["hands"]["0"]) for i in deals[:4]] == [5, 4, 4, 5]
    assert judge_kz_replay_unchecked(log["events"])["legal"]
    for field, value in (("dealer", 0), ("shuffle", False)):
        events = [dict(e) for e in log["events"]]
        events[deals[3]] = {"deal": {**events[deals[3]]["deal"], field: value}}
        v = judge_kz_replay_unchecked(events)
        assert rules_in_order(v) == ["KZ-7"] and v["violations"][0]["at"] == deals[3]


def test_kz7_a_card_not_held_and_a_turn_without_cards():
    v = judge_kz_replay_unchecked(
        [deal_without_aces_or_kings(), {"seat": 1, "card": "AH", "move": {"enter": True}}]
    )
    assert rules_in_order(v) == ["KZ-7"] and first_message_says(v, "not in the hand dealt")
    v = judge_kz_replay_unchecked([{"seat": 1, "move": {"fold": True}}])
    assert rules_in_order(v) == ["KZ-7"] and first_message_says(v, "a new deal is due")


def test_kz7_six_players_use_one_and_a_half_decks():
    # The half deck is two whole suits; the seed leaves open which two ("bijvoorbeeld"),
    # so any card may come twice, but at most two suits can have a card twice.
    result = legal_moves_result(["7S", "7S", "AH", "AH"], players=6)
    assert list(result["moves"]) == ["7S", "AH"]
    result = legal_moves_result(["7D", "7D", "AC", "AC"], players=6)
    assert list(result["moves"]) == ["7D", "AC"]
    with pytest.raises(CaseError, match=r"^hand: holds 7D 3 times; one and a half decks hold 2"):
        legal_moves_result(["7D", "7D", "7D"], players=6)
    with pytest.raises(CaseError, match=r"^hand: holds cards of 3 suits \(C, D, H\) twice"):
        legal_moves_result(["7D", "7D", "AC", "AC", "2H", "2H"], players=6)
    with pytest.raises(CaseError, match=r"^hand: holds 7S 2 times; the deck has 1"):
        legal_moves_result(["7S", "7S"])
    with pytest.raises(CaseError, match=r"^hand\[0\]: Keezen is played without jokers"):
        legal_moves_result(["JK"])


def test_kz7_four_players_one_deck():
    case_error(kz_case("legal_moves", pawns_board(), hand=["7D", "7D"]), "hand")
    case_error(kz_case("legal_moves", pawns_board(), hand=["7D", "♦7"]), "hand")


def test_kz7_six_players_one_and_a_half_decks():
    listed = listed_moves(pawns_board(6), ["7D", "ruiten 7", "KH"], players=6)
    assert set(listed) == {"7D", "KH"}
    case_error(kz_case("legal_moves", pawns_board(6), players=6, hand=["7D", "7D", "7D"]), "hand")


def test_kz7_no_jokers_in_keezen():
    case_error(kz_case("legal_moves", pawns_board(), hand=["JK"]), "hand")
    case_error(kz_case("move", pawns_board(), card="JK", move={"enter": True}), "card")
    case_error(kz_case("move", pawns_board(), card="1H", move={"enter": True}), "card")
    case_error(kz_case("legal_moves", pawns_board(), hand=["KH", "XX"]), "hand")


def test_kz7_card_played_must_be_in_the_hand_when_given():
    data = kz_case("move", pawns_board(), card="KH", move={"enter": True}, hand=["5C", "QD"])
    # The card played contradicts the hand given: the card is named.
    assert case_error(data).field == "card"
