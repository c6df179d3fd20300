"""MeieRijen: the worked examples of the seed text, turn by turn."""

from __future__ import annotations

from tests.games.helpers import legal_result, violation_of
from tests.games.meierijen.helpers import PASS, judge_turn


def test_seed_example_1_spade_ace_closes_the_mix_pile_and_five_new_cards():
    # Voorbeeld 1: AS on KH closes the pile; a new pile 5H-6C-7D; 9D on 8D; the hand is
    # empty, so five new cards come in the same turn and the turn goes on.
    result = legal_result(
        judge_turn(
            [
                {"card": "AS", "to": "mix"},
                {"card": "5H", "to": "mix"},
                {"card": "6C", "to": "mix"},
                {"card": "7D", "to": "mix"},
                {"card": "9D", "to": "red"},
                {"card": "8D", "to": "mix"},
                {"pass": "KC", "to": "open"},
            ],
            piles={"red": "8D", "black": "3C", "mix": "KH"},
            hand=["AS", "9D", "7D", "6C", "5H"],
            draw_pile=["8D", "JS", "KC", "2H", "4S", "QC"],
        )
    )
    assert result["piles"] == {"red": "9D", "black": "3C", "mix": "8D"}
    assert result["hand"] == ["JS", "2H", "4S"]


def test_seed_example_2_a_black_two_as_ten_card_needs_a_pawn_action():
    board = {"piles": {"red": "8D", "black": "9S", "mix": "QH"}, "hand": ["2S", "5S"]}
    legal_result(
        judge_turn(
            [
                {"card": "2S", "to": "black", "as": "10"},
                {"pawn_action": "take", "pawn": "grey"},
                PASS,
            ],
            **board,
        )
    )
    violation_of(judge_turn([{"card": "2S", "to": "black", "as": "10"}, PASS], **board), "MR-5", 1)


def test_seed_example_5_a_white_pawn_on_the_draw_pile_costs_a_turn():
    red = legal_result(
        judge_turn(
            [
                {"card": "10S", "to": "black"},
                {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
                PASS,
            ],
            piles={"red": "8D", "black": "9S", "mix": "QH"},
            hand=["10S", "5S"],
        )
    )
    assert red["pawns"]["white"] == ["opponent_draw", "start"]
    # Blue's next turn, seen from blue: the pawn stands on blue's own draw pile.
    blue = {"grey": "start", "red": "start", "white": ["draw", "start"]}
    assert legal_result(judge_turn([], pawns=blue))["pawns"]["white"] == ["start", "start"]
    violation_of(judge_turn([{"pass": "5S", "to": "open"}], pawns=blue), "MR-7", 0)


def test_seed_example_8_grey_pawn_new_pile_with_doubles():
    board = {
        "piles": {"red": "KD", "black": "8C", "mix": "QH"},
        "hand": ["AD", "3D", "3H", "4H", "5D", "5H"],
    }
    plays = [{"card": c, "to": "red"} for c in ("AD", "3D", "3H", "4H", "5D", "5H")]
    grey = {"grey": "me", "red": "start", "white": ["start", "start"]}
    result = legal_result(
        judge_turn(plays, pawns=grey, draw_pile=["6S", "7S", "8S", "9S", "10S"], **board)
    )
    assert result["piles"]["red"] == "5H"
    assert result["hand"] == ["6S", "7S", "8S", "9S", "10S"]  # five cards fewer, five new
    violation_of(judge_turn(plays, **board), "MR-8", 2)


def test_seed_example_9_pawn_action_before_the_next_draw_card():
    board = {
        "piles": {"red": "8D", "black": "9C", "mix": "QH"},
        "hand": ["5S"],
        "last_ten": True,
        "draw_pile": ["10C", "JC", "4H"],
    }
    result = legal_result(
        judge_turn(
            [
                {"card": "10C", "from": "draw", "to": "black"},
                {"pawn_action": "take", "pawn": "red"},
                {"card": "JC", "from": "draw", "to": "black"},
                PASS,
            ],
            **board,
        )
    )
    assert result["piles"]["black"] == "JC"
    violation_of(
        judge_turn(
            [
                {"card": "10C", "from": "draw", "to": "black"},
                {"card": "JC", "from": "draw", "to": "black"},
            ],
            **board,
        ),
        "MR-5",
        1,
    )
