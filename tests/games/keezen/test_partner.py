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
