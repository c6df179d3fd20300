"""MeieRijen turns: MR-6 sources, MR-10 the turn and its pass card, MR-11 the last ten; the
``turn`` check's result and card spellings."""

from __future__ import annotations

import copy

import pytest

from tests.games.cases_md import MR_TURN
from tests.games.helpers import legal_result, rules_with_at, violation_of
from tests.games.meierijen.helpers import (
    BOARD,
    PASS,
    START,
    TAKE_GREY,
    TAKE_RED,
    case_error_field,
    first_violation_at,
    judge_mr,
    judge_turn,
    legal_turn_result,
    turn_case_with,
    white_pawns,
)


def test_cases_md_turn_example_breaks_mr2_at_play_2():
    verdict = judge_mr(MR_TURN)
    # 8H on the red pile's 8D is a double without the grey pawn (the red pawn only skips up):
    # not one step up (MR-2) and no grey pawn (MR-8), both at play 2. The turn is judged up
    # to that first violation (CASES.md); nothing later is listed.
    first_violation_at(verdict, "MR-2", 2)
    assert rules_with_at(verdict) == [("MR-2", 2), ("MR-8", 2)]
    # The board after the broken play cannot be computed: left out, never guessed.
    assert "finished" not in verdict["result"]


def test_cases_md_turn_example_made_legal():
    data = copy.deepcopy(MR_TURN)
    data["plays"] = [
        {"card": "AS", "to": "mix"},  # ace on KH closes the mix pile (MR-4)
        {"card": "5H", "to": "mix"},  # the one who closed it starts it at once
        {"card": "6C", "to": "mix"},
        {"card": "7D", "to": "mix"},
        {"card": "9D", "to": "red"},  # hand empty: 3H 4C QD JK 10S are drawn
        {"card": "JK", "to": "red", "as": "10"},  # the red pawn would allow J too: "as" needed
        {"pawn_action": "remove", "pawn": "white", "from": "pile:black"},
        {"card": "10S", "to": "black"},  # on the 2S standing for 9
        {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
        {"pass": "3H", "to": "open"},
    ]
    result = legal_turn_result(judge_mr(data))
    assert result["piles"] == {"red": {"card": "JK", "as": "10"}, "black": "10S", "mix": "7D"}
    assert result["hand"] == ["4C", "QD"]
    assert result["pawns"]["grey"] == "start"
    assert result["pawns"]["red"] == "me"  # held, not used
    assert white_pawns(result) == ["opponent_draw", "start"]
    assert result["finished"] is True


def test_turn_example_prefix_is_legal_and_unfinished():
    data = copy.deepcopy(MR_TURN)
    data["plays"] = data["plays"][:2]
    result = legal_turn_result(judge_mr(data))
    assert result["piles"] == {"red": "8D", "black": {"card": "2S", "as": "9"}, "mix": "5H"}
    assert result["hand"] == ["9D", "7D", "6C"]
    assert result["pawns"] == MR_TURN["pawns"]
    assert result["finished"] is False


def test_a_plain_turn_result():
    result = legal_turn_result(
        judge_turn([{"card": "9D", "to": "red"}, {"card": "9C", "to": "black"}, PASS])
    )
    assert result == {
        "piles": {"red": "9D", "black": "9C", "mix": "QH"},
        "hand": ["10H", "JK"],
        "pawns": START,
        "finished": True,
    }


def test_only_a_pass_card_is_a_whole_turn():
    result = legal_turn_result(judge_turn([{"pass": "9C", "to": "open"}]))
    assert result["hand"] == ["9D", "10H", "JK", "5S"]
    assert result["piles"] == BOARD["piles"]
    assert result["finished"] is True


def test_no_plays_is_an_unfinished_turn():
    result = legal_turn_result(judge_turn([]))
    assert result["finished"] is False
    assert result["hand"] == BOARD["hand"]
    assert result["piles"] == BOARD["piles"]


def test_decks_each_player_holds_cards_of_their_own_deck_only():
    # The same card may be mine and the opponent's (two decks) ...
    legal_turn_result(judge_turn([PASS], hand=["9H", "5S"]))
    # ... but not twice mine, nor twice theirs.
    assert case_error_field(turn_case_with(open={"me": ["9C"], "opponent": ["9H"]})) == "open.me[0]"
    changed = turn_case_with(penalty={"me": [], "opponent": ["9H"]})
    assert case_error_field(changed) == "penalty.opponent[0]"
    jokers = turn_case_with(penalty={"me": ["JK", "JK"], "opponent": []})  # 3 with the hand's
    assert case_error_field(jokers) == "penalty.me[1]"


def test_every_accepted_card_spelling_in_a_turn():
    data = {
        "piles": {"red": "8♦", "black": "♣8", "mix": {"card": "joker", "as": "q"}},
        "hand": ["ruiten 9", "klaveren 9", "harten 10", "Joker", "5s"],
        "open": {"me": [], "opponent": ["♥9"]},
        "penalty": {"me": [], "opponent": ["schoppen 3", "ruiten heer"]},
    }
    plays = [
        {"card": "9♦", "to": "red"},
        {"card": "klaveren 9", "to": "black"},
        {"card": "ruiten heer", "from": "opponent_penalty", "to": "mix"},
        {"pass": "♠5", "to": "penalty"},
    ]
    result = legal_turn_result(judge_turn(plays, **data))
    assert result["piles"] == {"red": "9D", "black": "9C", "mix": "KD"}
    assert result["hand"] == ["10H", "JK"]


@pytest.mark.parametrize(
    ("spelled", "card"),
    [
        ("schoppen vrouw", "QS"),
        ("harten 10", "10H"),
        ("ruiten boer", "JD"),
        ("klaveren aas", "AC"),
        ("harten heer", "KH"),
        ("joker", "JK"),
        ("Q♠", "QS"),
        ("♠Q", "QS"),
        ("qs", "QS"),
        ("10h", "10H"),
        ("♥10", "10H"),
    ],
)
def test_spellings_come_back_canonical(spelled, card):
    piles = {"red": None, "black": None, "mix": None}
    play = {"card": spelled, "to": "mix"} | ({"as": "5"} if card == "JK" else {})
    result = legal_turn_result(judge_turn([play], hand=[spelled, "5S"], piles=piles, draw_pile=[]))
    assert result["hand"] == ["5S"]
    mix = result["piles"]["mix"]
    if card == "AC":
        assert mix is None
    elif card == "JK":
        assert mix == {"card": "JK", "as": "5"}
    else:
        assert mix == card


def test_a_turn_without_the_optional_board_parts():
    data = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "8D", "black": "8C", "mix": "QH"},
        "hand": ["9D", "5S"],
        "plays": [{"card": "9D", "to": "red"}, PASS],
    }
    # draw_pile, open, penalty and pawns may be left out: empty, and the pawns at their start
    # spots. The turn is judged (only piles and hand are required, see test_case_errors).
    result = legal_turn_result(judge_mr(data))
    assert result["piles"]["red"] == "9D"
    assert result["hand"] == []
    assert result["pawns"] == START


# --- MR-6 Sources ----------------------------------------------------------------------------


def test_mr6_cards_from_every_source_reach_the_piles():
    result = legal_result(
        judge_turn(
            [
                {"card": "9H", "from": "opponent_open", "to": "red"},
                {"card": "KD", "from": "opponent_penalty", "to": "mix"},
                {"card": "9S", "from": "open", "to": "black"},
                {"card": "10S", "from": "penalty", "to": "black"},
                {"pawn_action": "take", "pawn": "grey"},
                PASS,
            ],
            open={"me": ["9S"], "opponent": ["9H"]},
            penalty={"me": ["4D", "10S"], "opponent": ["3S", "KD"]},
        )
    )
    assert result["piles"] == {"red": "9H", "black": "10S", "mix": "KD"}


def test_mr6_only_the_top_of_a_penalty_pile_and_only_cards_that_are_there():
    violation_of(
        judge_turn(
            [{"card": "3S", "from": "opponent_penalty", "to": "black"}],
            piles={"red": "8D", "black": None, "mix": "QH"},
        ),
        "MR-6",
        0,
    )
    violation_of(judge_turn([{"card": "9S", "to": "black"}]), "MR-6", 0)
    violation_of(judge_turn([{"card": "9S", "from": "opponent_open", "to": "black"}]), "MR-6", 0)


def test_mr6_a_white_pawn_guards_opponent_and_own_cards():
    pawns = {"grey": "start", "red": "start", "white": ["opponent_open:9H", "opponent_penalty"]}
    hit = violation_of(
        judge_turn([{"card": "9H", "from": "opponent_open", "to": "red"}], pawns=pawns), "MR-6", 0
    )
    assert "white pawn" in hit["message"]
    violation_of(
        judge_turn([{"card": "KD", "from": "opponent_penalty", "to": "mix"}], pawns=pawns),
        "MR-6",
        0,
    )
    mine = {"grey": "start", "red": "start", "white": ["open:9S", "start"]}
    violation_of(
        judge_turn(
            [{"card": "9S", "from": "open", "to": "black"}],
            pawns=mine,
            open={"me": ["9S"], "opponent": []},
        ),
        "MR-6",
        0,
    )


def test_mr6_every_source():
    plays = [
        {"card": "9D", "to": "red"},  # hand
        {"card": "9S", "from": "open", "to": "black"},  # own open card
        {"card": "10S", "from": "penalty", "to": "black"},  # top of own penalty pile
        TAKE_GREY,
        {"card": "KD", "from": "opponent_penalty", "to": "mix"},  # opponent's penalty top
        {"card": "10H", "to": "red"},
        TAKE_RED,
        PASS,
    ]
    result = legal_turn_result(
        judge_turn(
            plays,
            open={"me": ["9S"], "opponent": ["9H"]},
            penalty={"me": ["4H", "10S"], "opponent": ["3S", "KD"]},
        )
    )
    assert result["piles"] == {"red": "10H", "black": "10S", "mix": "KD"}
    assert result["pawns"] == {**START, "grey": "me", "red": "me"}


def test_mr6_the_opponents_open_card():
    result = legal_turn_result(
        judge_turn([{"card": "9H", "from": "opponent_open", "to": "red"}, PASS])
    )
    assert result["piles"]["red"] == "9H"
    assert result["hand"] == ["9D", "9C", "10H", "JK"]


def test_mr6_a_penalty_card_under_the_top_becomes_free_once_the_top_is_played():
    piles = {"red": "8D", "black": "JC", "mix": "QH"}
    penalty = {"me": [], "opponent": ["QS", "KD"]}
    plays = [
        {"card": "KD", "from": "opponent_penalty", "to": "mix"},
        {"card": "QS", "from": "opponent_penalty", "to": "black"},
        PASS,
    ]
    assert (
        legal_turn_result(judge_turn(plays, piles=piles, penalty=penalty))["piles"]["black"] == "QS"
    )
    first_violation_at(judge_turn(plays[1:], piles=piles, penalty=penalty), "MR-6", 0)


@pytest.mark.parametrize(
    "play",
    [
        {"card": "QD", "to": "mix"},  # not in hand (it is in the draw pile)
        {"card": "KH", "to": "mix"},  # nowhere
        {"card": "9S", "from": "open", "to": "black"},  # no such open card
        {"card": "9C", "from": "opponent_open", "to": "black"},  # not among theirs
        {"card": "3S", "from": "opponent_penalty", "to": "mix"},  # not the top
        {"card": "KD", "from": "penalty", "to": "mix"},  # own penalty pile is empty
    ],
)
def test_mr6_a_card_that_is_not_there(play):
    first_violation_at(judge_turn([play]), "MR-6", 0)


def test_mr6_a_card_cannot_be_played_twice():
    first_violation_at(
        judge_turn([{"card": "9D", "to": "red"}, {"card": "9D", "to": "mix"}]), "MR-6", 1
    )


def test_mr6_a_played_open_card_is_gone():
    plays = [
        {"card": "9H", "from": "opponent_open", "to": "red"},
        {"card": "9H", "from": "opponent_open", "to": "mix"},
    ]
    first_violation_at(judge_turn(plays), "MR-6", 1)


def test_mr6_a_card_under_a_white_pawn_cannot_be_taken():
    pawns = {**START, "white": ["opponent_open:9H", "opponent_penalty"]}
    first_violation_at(
        judge_turn([{"card": "9H", "from": "opponent_open", "to": "red"}], pawns=pawns), "MR-6", 0
    )
    first_violation_at(
        judge_turn([{"card": "KD", "from": "opponent_penalty", "to": "mix"}], pawns=pawns),
        "MR-6",
        0,
    )


def test_mr6_cards_of_a_blocked_player_that_are_free():
    # The white pawn is on the opponent's penalty pile: their open 9H is still free.
    pawns = {**START, "white": ["opponent_penalty", "start"]}
    legal_turn_result(
        judge_turn([{"card": "9H", "from": "opponent_open", "to": "red"}, PASS], pawns=pawns)
    )


# --- MR-10 Turn ------------------------------------------------------------------------------


def test_mr10_a_turn_ends_with_a_pass_card_open_or_on_the_penalty_pile():
    result = legal_result(
        judge_turn([{"pass": "5S", "to": "open"}], open={"me": ["3C", "4C", "5C"], "opponent": []})
    )
    assert result["hand"] == ["9D", "9C", "10H", "JK"]
    unfinished = legal_result(judge_turn([{"card": "9D", "to": "red"}]))
    assert unfinished["finished"] is False


def test_mr10_a_fifth_open_card_must_go_to_the_penalty_pile():
    full = {"me": ["3C", "4C", "5C", "6C"], "opponent": []}
    violation_of(judge_turn([{"pass": "5S", "to": "open"}], open=full), "MR-10", 0)
    legal_result(judge_turn([{"pass": "5S", "to": "penalty"}], open=full))


def test_mr10_the_pass_card_comes_from_the_hand_and_ends_the_turn():
    violation_of(judge_turn([{"pass": "7S", "to": "penalty"}]), "MR-10", 0)
    violation_of(judge_turn([PASS, {"card": "9D", "to": "red"}]), "MR-10", 1)


def test_mr10_playing_the_hand_empty_draws_five_cards_in_the_same_turn():
    empty = [{"card": "9D", "to": "red"}, {"card": "9C", "to": "black"}]
    result = legal_result(judge_turn([*empty, {"pass": "3H", "to": "open"}], hand=["9D", "9C"]))
    assert result["hand"] == ["4C", "QD", "6S", "7H"]
    violation_of(judge_turn([*empty, {"card": "KC", "to": "mix"}], hand=["9D", "9C"]), "MR-6", 2)


def test_mr10_pass_card_open_or_on_the_penalty_pile():
    for to in ("open", "penalty"):
        assert legal_turn_result(judge_turn([{"pass": "5S", "to": to}]))["finished"] is True


def test_mr10_four_open_cards_at_most():
    full = {"me": ["3D", "4D", "5D", "6D"], "opponent": ["9H"]}
    first_violation_at(judge_turn([{"pass": "5S", "to": "open"}], open=full), "MR-10", 0)
    legal_turn_result(judge_turn([{"pass": "5S", "to": "penalty"}], open=full))
    three = {"me": ["3D", "4D", "5D"], "opponent": ["9H"]}
    legal_turn_result(judge_turn([{"pass": "5S", "to": "open"}], open=three))


def test_mr10_four_open_cards_after_playing_one_of_them():
    full = {"me": ["9S", "4D", "5D", "6D"], "opponent": ["9H"]}
    plays = [{"card": "9S", "from": "open", "to": "black"}, {"pass": "5S", "to": "open"}]
    legal_turn_result(judge_turn(plays, open=full))


def test_mr10_the_pass_card_comes_from_the_hand():
    # MR-10: "a pass card from the hand" (MR-6's sources are for played cards).
    for card in ("QD", "9H"):  # QD is nowhere, 9H is the opponent's open card
        verdict = judge_turn([{"pass": card, "to": "open"}])
        first_violation_at(verdict, "MR-10", 0)
        assert rules_with_at(verdict) == [("MR-10", 0)]


def test_mr10_the_pass_card_ends_the_turn():
    first_violation_at(judge_turn([PASS, {"card": "9D", "to": "red"}]), "MR-10", 1)
    first_violation_at(judge_turn([PASS, {"pass": "9D", "to": "open"}]), "MR-10", 1)


def test_mr10_a_pass_card_goes_open_or_to_penalty_only():
    # A pass's ``to`` is ``open`` or ``penalty``: any other value is a malformed case.
    data = turn_case_with(plays=[{"pass": "5S", "to": "mix"}])
    assert case_error_field(data) == "plays[0].to"


def test_mr10_playing_the_hand_empty_draws_five_in_the_same_turn():
    hand = ["9D", "10D"]
    draw = ["3H", "4C", "QD", "6S", "7H", "KC"]
    plays = [
        {"card": "9D", "to": "red"},
        {"card": "10D", "to": "red"},  # hand empty: five drawn before going on
        TAKE_GREY,
        {"card": "6S", "to": "black"},  # a drawn card
        {"pass": "3H", "to": "open"},
    ]
    piles = {"red": "8D", "black": "5C", "mix": "QH"}
    result = legal_turn_result(judge_turn(plays, hand=hand, draw_pile=draw, piles=piles))
    assert result["hand"] == ["4C", "QD", "7H"]
    assert result["piles"] == {"red": "10D", "black": "6S", "mix": "QH"}


def test_mr10_the_hand_played_empty_twice():
    piles = {"red": "8D", "black": "8C", "mix": "2H"}
    piles["mix"] = {"card": "2H", "as": "4"}
    hand = ["9D"]
    draw = ["5C", "6C", "7C", "8S", "9S", "10S", "JS", "QS"]
    plays = [{"card": "9D", "to": "red"}]
    plays += [{"card": c, "to": "mix"} for c in draw[:5]]  # 5 … 9: empty again
    plays += [{"pass": "JS", "to": "penalty"}]
    result = legal_turn_result(judge_turn(plays, hand=hand, draw_pile=draw, piles=piles))
    assert result["piles"]["mix"] == "9S"
    assert result["hand"] == ["10S", "QS"]


def test_mr10_nobody_has_to_play_a_card_they_could_play():
    legal_turn_result(judge_turn([{"pass": "9D", "to": "penalty"}]))


def test_mr10_draw_rule_two_is_an_accepted_option():
    result = legal_turn_result(
        judge_turn([{"card": "9D", "to": "red"}, PASS], {"draw_rule": "two"})
    )
    assert result["hand"] == ["9C", "10H", "JK"]
    legal_turn_result(judge_turn([PASS], {"draw_rule": "fill5"}))


# --- MR-11 Last ten --------------------------------------------------------------------------


def test_mr11_the_face_up_draw_card_is_played_first_and_the_limit_of_four_is_gone():
    full = {"me": ["3C", "4C", "5C", "6C"], "opponent": []}
    result = legal_result(
        judge_turn(
            [
                {"card": "9D", "from": "draw", "to": "red"},
                {"card": "9C", "to": "black"},  # 5H, the next face-up card, fits nowhere
                {"pass": "5S", "to": "open"},
            ],
            last_ten=True,
            draw_pile=["9D", "5H", "10D"],
            open=full,
            hand=["9C", "5S"],
        )
    )
    assert result["piles"]["red"] == "9D"
    assert result["hand"] == []
    assert result["finished"] is True


def test_mr11_a_face_up_card_that_fits_must_be_played():
    hit = violation_of(
        judge_turn(
            [{"card": "9C", "to": "black"}],
            last_ten=True,
            draw_pile=["9D", "5H"],
            hand=["9C", "5S"],
        ),
        "MR-11",
        0,
    )
    assert "9D" in hit["message"]
    violation_of(
        judge_turn(
            [{"turned": "9D", "to": "open"}], last_ten=True, draw_pile=["9D"], hand=["9C", "5S"]
        ),
        "MR-11",
        0,
    )


def test_mr11_a_face_up_card_that_does_not_fit_joins_the_open_cards():
    result = legal_result(
        judge_turn(
            [
                {"turned": "5H", "to": "open"},
                {"card": "9C", "to": "black"},
                {"pass": "5S", "to": "open"},
            ],
            last_ten=True,
            draw_pile=["5H", "9D"],
            hand=["9C", "5S"],
        )
    )
    assert result["piles"]["red"] == "8D"  # 9D is only face up for the next turn
    violation_of(
        judge_turn([{"turned": "5H", "to": "penalty"}], last_ten=True, draw_pile=["5H"]), "MR-11", 0
    )


def test_mr11_more_than_four_open_cards_is_only_possible_in_the_last_ten():
    # A board with five open cards of one's own is past the last ten's start: the limit of
    # four no longer applies, so the pass card may be laid open too.
    many = {"me": ["3D", "4D", "5D", "6D", "7D"], "opponent": ["9H"]}
    result = legal_turn_result(
        judge_turn([{"card": "9D", "to": "red"}, {"pass": "5S", "to": "open"}], open=many)
    )
    assert result["finished"] is True
