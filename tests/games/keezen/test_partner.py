"""Keezen KZ-8: a player with four pawns home plays for the partner; the game's end."""

import pytest

from tests.games.helpers import cited, rules_in_order
from tests.games.keezen.helpers import (
    ALL_HOME,
    NEST,
    deal_without_aces_or_kings,
    first_message_says,
    illegal_move_citing,
    judge_kz_replay_unchecked,
    judge_kz_unchecked,
    judge_move_case,
    legal_move_result,
    legal_moves_result,
    listed_moves,
    pawns_after_of,
    pawns_board,
)

# --- KZ-8 Partner ----------------------------------------------------------------------------


def test_kz8_a_player_with_four_pawns_home_plays_for_the_partner():
    board = {0: ALL_HOME, 2: [40, *NEST[1:]]}
    v = judge_kz_unchecked(pawns=board, card="5H", move={"pawn": 0, "steps": 5, "for_seat": 2})
    assert pawns_after_of(v, 2)[0] == 45
    result = legal_moves_result(["AS", "5H"], pawns=board)
    assert result["for_seat"] == 2
    assert result["moves"]["AS"] == [
        {"enter": True, "for_seat": 2},
        {"pawn": 0, "steps": 1, "for_seat": 2},
    ]
    # six players: the partner sits three seats on
    v = judge_kz_unchecked(
        players=6,
        seat=1,
        pawns={1: ALL_HOME, 4: [70, *NEST[1:]]},
        card="2C",
        move={"pawn": 0, "steps": 2, "for_seat": 4},
    )
    assert pawns_after_of(v, 4)[0] == 72


@pytest.mark.parametrize(
    ("pawns", "move", "word"),
    [
        (
            {0: [10, *NEST[1:]], 2: [40, *NEST[1:]]},
            {"pawn": 0, "steps": 5, "for_seat": 2},
            "only once all four",
        ),
        (
            {0: ALL_HOME, 2: [40, *NEST[1:]]},
            {"pawn": 0, "steps": 5, "for_seat": 0},
            "partner seat 2",
        ),
        (
            {0: ALL_HOME, 1: [40, *NEST[1:]]},
            {"pawn": 0, "steps": 5, "for_seat": 1},
            "not for seat 1",
        ),
        (
            {0: [10, *NEST[1:]], 1: [40, *NEST[1:]]},
            {"pawn": 0, "steps": 5, "for_seat": 1},
            "seat 1's pawns",
        ),
    ],
)
def test_kz8_partner_pawns_only_once_the_own_four_are_home(pawns, move, word):
    v = judge_kz_unchecked(pawns=pawns, card="5H", move=move)
    assert rules_in_order(v) == ["KZ-8"] and first_message_says(v, word)


def test_kz8_the_game_ends_when_both_partners_are_home():
    v = judge_kz_unchecked(
        pawns={0: ALL_HOME, 2: ALL_HOME, 1: [20, *NEST[1:]]},
        seat=1,
        card="5H",
        move={"pawn": 0, "steps": 5},
    )
    assert rules_in_order(v) == ["KZ-8"] and first_message_says(v, "the game is over")
    board = {0: ALL_HOME, 2: [30, *ALL_HOME[1:]]}  # seat 2 enters its home from square 31

    def replay(*more):
        """Seat 0 (all home) brings its partner's last pawn home, then ``more``."""
        events = [
            deal_without_aces_or_kings(dealer=3),
            {
                "seat": 0,
                "card": "2S",
                "move": {"pawn": 0, "steps": 2, "into_home": True, "for_seat": 2},
            },
            *more,
        ]
        return judge_kz_replay_unchecked(
            events, pawns={str(s): board.get(s, NEST) for s in range(4)}
        )

    v = replay()
    assert v["legal"] and v["result"]["winner"] == "0+2" and v["result"]["finished"]
    assert v["result"]["points"] == {"0+2": 26, "1+3": 0}
    v = replay({"seat": 1, "move": {"fold": True}})
    assert rules_in_order(v) == ["KZ-8"] and v["violations"][0]["at"] == 2


def test_kz8_finished_player_moves_the_partners_pawns():
    pawns = pawns_board(s0=ALL_HOME, s2=[40, *NEST[1:]])
    result = legal_move_result(judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5, "for_seat": 2}))
    assert result["pawns_after"]["2"][0] == 45
    result = legal_move_result(judge_move_case(pawns, "KH", {"enter": True, "for_seat": 2}))
    assert result["pawns_after"]["2"] == [40, 32, "nest", "nest"]


def test_kz8_only_a_finished_player_may_play_for_the_partner():
    pawns = pawns_board(s0=[10, "home:1", "home:2", "home:3"], s2=[40, *NEST[1:]])
    illegal_move_citing(
        judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5, "for_seat": 2}), "KZ-8"
    )


def test_kz8_only_for_the_partner():
    pawns = pawns_board(s0=ALL_HOME, s1=[20, *NEST[1:]], s2=[40, *NEST[1:]])
    illegal_move_citing(
        judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5, "for_seat": 1}), "KZ-8"
    )


def test_kz8_legal_moves_of_a_finished_player_are_for_the_partner():
    pawns = pawns_board(s0=ALL_HOME, s2=[40, *NEST[1:]])
    listed = listed_moves(pawns, ["5H", "KH"])
    assert listed["5H"] == [{"pawn": 0, "steps": 5, "for_seat": 2}]
    assert listed["KH"] == [{"enter": True, "for_seat": 2}]


def test_kz8_the_partner_may_be_swapped_by_the_finished_player():
    pawns = pawns_board(s0=ALL_HOME, s1=[20, *NEST[1:]], s2=[40, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, "JH", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}, "for_seat": 2})
    )
    assert result["pawns_after"]["2"][0] == 20 and result["pawns_after"]["1"][0] == 40


def test_kz8_finished_player_must_play_for_the_partner():
    pawns = pawns_board(s0=ALL_HOME, s2=[40, *NEST[1:]])
    verdict = judge_move_case(pawns, None, {"fold": True}, hand=["5H"])
    assert cited(verdict) == {"KZ-6"}


def test_kz8_for_seat_may_be_left_out_once_all_four_are_home():
    # the cards of a player with all four home are played for the partner (KZ-8)
    pawns = pawns_board(s0=ALL_HOME, s2=[40, *NEST[1:]])
    result = legal_move_result(judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5}))
    assert result["pawns_after"]["2"][0] == 45
    result = legal_move_result(judge_move_case(pawns, "AH", {"enter": True}))
    assert result["pawns_after"]["2"] == [40, 32, "nest", "nest"]
    illegal_move_citing(
        judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5, "for_seat": 0}), "KZ-8"
    )


def test_kz8_six_players_finished_player_enters_for_partner():
    pawns = pawns_board(6, s2=ALL_HOME, s5=[20, *NEST[1:]])
    result = legal_move_result(
        judge_move_case(pawns, "KC", {"enter": True, "for_seat": 5}, seat=2, players=6)
    )
    assert result["pawns_after"]["5"] == [20, 80, "nest", "nest"]


def test_kz8_game_over_refuses_every_card():
    pawns = pawns_board(s0=ALL_HOME, s2=ALL_HOME, s1=[20, *NEST[1:]])
    verdict = judge_move_case(pawns, "5H", {"pawn": 0, "steps": 5}, seat=1)
    assert verdict["legal"] is False and cited(verdict) == {"KZ-8"}


# --- KZ-8 readings written down this turn -----------------------------------------------

#: Seat 0's last pawn three steps before its home (entrance 63); the partner on square 40.
LAST_OUT = ["home:1", 61, "home:2", "home:3"]


def test_kz8_no_fold_while_a_card_can_move_the_partners_pawn():
    # all four home: a 5 moves seat 2's pawn, so laying the hand down breaks KZ-6
    pawns = pawns_board(s0=ALL_HOME, s2=[40, *NEST[1:]])
    verdict = judge_move_case(pawns, None, {"fold": True}, hand=["JH", "5H"])
    assert cited(verdict) == {"KZ-6"} and "5H" in verdict["violations"][0]["message"]
    # with the partner's pawns all in the nest only an A or K could: a 5 may be laid down
    nested = pawns_board(s0=ALL_HOME)
    assert judge_move_case(nested, None, {"fold": True}, hand=["5H", "9C"])["legal"]
    # the player's last pawn went home in this deal: the rest of the hand is the partner's
    board = pawns_board(s0=[62, "home:1", "home:2", "home:3"], s2=[40, *NEST[1:]])
    events = [
        {"deal": {"dealer": 3, "shuffle": True, "hands": {
            "0": ["2S", "5H", "9D", "10D", "3C"], "1": ["2H", "3H", "5S", "6S", "8S"],
            "2": ["2D", "3D", "5D", "6D", "8D"], "3": ["2C", "4C", "5C", "6C", "8C"]}}},
        {"seat": 0, "card": "2S", "move": {"pawn": 0, "steps": 2, "into_home": True}},
        {"seat": 1, "move": {"fold": True}},
        {"seat": 2, "card": "2D", "move": {"pawn": 0, "steps": 2}},
        {"seat": 3, "move": {"fold": True}},
        {"seat": 0, "move": {"fold": True}},
    ]  # fmt: skip
    verdict = judge_kz_replay_unchecked(events, pawns=board)
    assert rules_in_order(verdict) == ["KZ-6"] and verdict["violations"][0]["at"] == 5


def test_kz8_a_seven_bringing_the_last_pawn_home_goes_on_with_the_partners_pawn():
    pawns = pawns_board(s0=LAST_OUT, s2=[40, *NEST[1:]])
    # the move names the partner (for_seat): the first part is the own last pawn's, the
    # second the partner's
    split = {"split": [{"pawn": 1, "steps": 3, "into_home": True}, {"pawn": 0, "steps": 4}],
             "for_seat": 2}  # fmt: skip
    result = legal_move_result(judge_move_case(pawns, "7H", split))
    assert sorted(result["pawns_after"]["0"]) == ALL_HOME and result["pawns_after"]["2"][0] == 44
    assert listed_moves(pawns, ["7H"])["7H"] == [{"pawn": 1, "steps": 7}, split]
    # the last pawn home with 3 and the other 4 left unused: refused, the partner can go 4
    verdict = judge_move_case(pawns, "7H", {"pawn": 1, "steps": 3, "into_home": True})
    assert cited(verdict) == {"KZ-8"} and "4 steps" in verdict["violations"][0]["message"]
    # a part for the partner while an own pawn is still out: refused
    two_out = pawns_board(s0=[60, 61, "home:2", "home:3"], s2=[40, *NEST[1:]])
    illegal_move_citing(judge_move_case(two_out, "7H", split), "KZ-8")


def test_kz8_the_rest_of_a_seven_lapses_when_no_partners_pawn_can_use_it():
    # the partner's pawns are all in the nest: the 7 brings the last pawn home with 3 and
    # its other 4 steps lapse (KZ-6: a played card is used unless that is impossible)
    pawns = pawns_board(s0=LAST_OUT)
    result = legal_move_result(
        judge_move_case(pawns, "7H", {"pawn": 1, "steps": 3, "into_home": True})
    )
    assert sorted(result["pawns_after"]["0"]) == ALL_HOME
    assert listed_moves(pawns, ["7H"])["7H"] == [
        {"pawn": 1, "steps": 7},
        {"pawn": 1, "steps": 3, "into_home": True},
    ]


@pytest.mark.parametrize(
    ("pawns", "card", "move"),
    [
        # own pawn onto a taken home square
        ({"s0": [61, "home:0", "home:2", "NEST"]}, "3H",
         {"pawn": 0, "steps": 3, "into_home": True}),
        # the partner's pawn, moved by a player with all four home, onto its taken home square
        ({"s0": ALL_HOME, "s2": [29, "home:0", "home:1", "NEST"]}, "3H",
         {"pawn": 0, "steps": 3, "into_home": True, "for_seat": 2}),
        # the second part of a 7 onto the home square its first part just took
        ({"s0": [62, 61, "NEST", "NEST"]}, "7H",
         {"split": [{"pawn": 0, "steps": 3, "into_home": True},
                    {"pawn": 1, "steps": 4, "into_home": True}]}),
    ],
)  # fmt: skip
def test_kz8_no_pawn_ends_on_a_taken_home_square(pawns, card, move):
    board = pawns_board(
        **{s: ["nest" if p == "NEST" else p for p in ps] for s, ps in pawns.items()}
    )
    verdict = illegal_move_citing(judge_move_case(board, card, move), "KZ-5")
    assert "cannot land on the pawn on home" in verdict["violations"][0]["message"]
