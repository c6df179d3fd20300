"""MeieRijen MR-5 ten-cards and the pawns they move: MR-7 pawn actions, MR-8 the grey pawn,
MR-9 the red pawn."""

from __future__ import annotations

import pytest

from tests.games.helpers import legal_result, rules_with_at, violation_of
from tests.games.meierijen.helpers import (
    BOARD,
    PASS,
    START,
    TAKE_GREY,
    TAKE_RED,
    TEN,
    first_violation_at,
    judge_turn,
    legal_turn_result,
    white_pawns,
)


def remove_action(pawn: str, where: str) -> dict[str, str]:
    return {"pawn_action": "remove", "pawn": pawn, "from": where}


# --- MR-5 Ten-card ---------------------------------------------------------------------------


def test_mr5_a_ten_card_triggers_one_pawn_action_at_once():
    result = legal_result(
        judge_turn(
            [
                {"card": "9D", "to": "red"},
                {"card": "10H", "to": "red"},
                {"pawn_action": "place", "pawn": "white", "on": "pile:black"},
                {"card": "JK", "to": "red", "as": "J"},
                PASS,
            ]
        )
    )
    assert result["pawns"]["white"] == ["pile:black", "start"]


def test_mr5_going_on_before_the_pawn_action_is_refused():
    violation_of(
        judge_turn(
            [
                {"card": "9D", "to": "red"},
                {"card": "10H", "to": "red"},
                {"card": "9C", "to": "black"},
            ]
        ),
        "MR-5",
        2,
    )
    violation_of(
        judge_turn([{"card": "9D", "to": "red"}, {"card": "10H", "to": "red"}, PASS]), "MR-5", 2
    )


def test_mr5_no_pawn_action_without_a_ten_card_and_only_one_per_ten():
    violation_of(judge_turn([{"pawn_action": "take", "pawn": "grey"}]), "MR-5", 0)
    violation_of(
        judge_turn(
            [
                {"card": "9D", "to": "red"},
                {"card": "10H", "to": "red"},
                {"pawn_action": "take", "pawn": "grey"},
                {"pawn_action": "take", "pawn": "red"},
            ]
        ),
        "MR-5",
        3,
    )


def test_mr5_reading_a_ten_on_a_ten_with_the_grey_pawn_is_a_ten_card():
    pawns = {"grey": "me", "red": "start", "white": ["start", "start"]}
    result = legal_result(
        judge_turn(
            [
                {"card": "10H", "to": "red", "as": "10"},
                {"pawn_action": "take", "pawn": "red"},
                PASS,
            ],
            piles={"red": "10D", "black": "8C", "mix": "QH"},
            pawns=pawns,
        )
    )
    assert result["pawns"] == {"grey": "start", "red": "me", "white": ["start", "start"]}


def test_mr5_a_ten_card_triggers_one_pawn_action():
    result = legal_turn_result(judge_turn([*TEN, TAKE_GREY, PASS]))
    assert result["pawns"] == {**START, "grey": "me"}
    assert result["piles"]["red"] == "10H"


def test_mr5_the_pawn_action_is_done_at_once():
    first_violation_at(
        judge_turn([*TEN, {"card": "9C", "to": "black"}, TAKE_GREY, PASS]), "MR-5", 2
    )


def test_mr5_the_turn_may_not_end_before_the_pawn_action():
    first_violation_at(judge_turn([*TEN, PASS]), "MR-5", 2)


def test_mr5_a_turn_stopping_right_after_the_ten_is_unfinished():
    result = legal_turn_result(judge_turn(TEN))
    assert result["finished"] is False
    assert result["piles"]["red"] == "10H"


def test_mr5_no_pawn_action_without_a_ten_card():
    # MR-5: a pawn action is triggered by a ten-card only.
    verdict = judge_turn([TAKE_GREY])
    first_violation_at(verdict, "MR-5", 0)
    assert rules_with_at(verdict) == [("MR-5", 0)]
    verdict = judge_turn([{"card": "9D", "to": "red"}, TAKE_GREY])
    first_violation_at(verdict, "MR-5", 1)
    assert rules_with_at(verdict) == [("MR-5", 1)]


def test_mr5_only_one_action_per_ten_card():
    # MR-5: a ten-card triggers one pawn action; the second has no ten-card for it.
    verdict = judge_turn([*TEN, TAKE_GREY, TAKE_RED, PASS])
    first_violation_at(verdict, "MR-5", 3)
    assert rules_with_at(verdict) == [("MR-5", 3)]


@pytest.mark.parametrize(
    ("card", "pile", "top"),
    [("10S", "black", "9S"), ("2S", "black", "9S"), ("JK", "red", "9D"), ("2D", "red", "9H")],
)
def test_mr5_every_kind_of_ten_card(card, pile, top):
    piles = {"red": "8D", "black": "8C", "mix": "QH", pile: top}
    play = {"card": card, "to": pile} | ({} if card.startswith("10") else {"as": "10"})
    result = legal_turn_result(judge_turn([play, TAKE_RED, PASS], piles=piles, hand=[card, "5S"]))
    assert result["pawns"]["red"] == "me"
    first_violation_at(judge_turn([play, PASS], piles=piles, hand=[card, "5S"]), "MR-5", 1)


@pytest.mark.parametrize(
    ("card", "pile", "rank"),
    [("10H", "red", None), ("JK", "mix", "10"), ("2S", "black", "10"), ("2D", "red", "10")],
)
def test_mr5_a_ten_starting_an_empty_place_is_no_ten_card(card, pile, rank):
    # RULES.md MR-5: "A 10 that starts a new pile on an empty place (MR-4) is not laid on a
    # 9 and is no ten-card: no pawn action" (seed: "Een tien-kaart leg je op een 9-kaart").
    piles = {"red": "8D", "black": "8C", "mix": "QH", pile: None}
    play = {"card": card, "to": pile} | ({"as": rank} if rank else {})
    result = legal_turn_result(judge_turn([play, PASS], piles=piles, hand=[card, "5S"]))
    assert result["piles"][pile] == (card if rank is None else {"card": card, "as": rank})
    assert result["pawns"] == START and result["finished"] is True
    verdict = judge_turn([play, TAKE_RED, PASS], piles=piles, hand=[card, "5S"])
    first_violation_at(verdict, "MR-5", 1)
    assert "no ten-card" in verdict["violations"][0]["message"]


def test_mr5_a_pile_started_with_a_ten_takes_a_ten_card_later_only_on_a_nine():
    # The 10 that started the pile gives nothing; J on it, then nothing either; a 9 on an
    # 8 and then a 10 on that 9 is a ten-card again.
    piles = {"red": None, "black": "8C", "mix": "QH"}
    hand = ["10H", "JH", "9C", "10C", "5S"]
    plays = [
        {"card": "10H", "to": "red"},
        {"card": "JH", "to": "red"},
        {"card": "9C", "to": "black"},
        {"card": "10C", "to": "black"},
        TAKE_RED,
        PASS,
    ]
    result = legal_turn_result(judge_turn(plays, piles=piles, hand=hand))
    assert result["piles"] == {"red": "JH", "black": "10C", "mix": "QH"}
    assert result["pawns"] == {**START, "red": "me"}
    first_violation_at(judge_turn([*plays[:2], TAKE_RED], piles=piles, hand=hand), "MR-5", 2)


def test_mr5_an_ace_closing_then_a_ten_starting_the_place_is_no_ten_card():
    # MR-4: the one who closed may start the place at once; a 10 there is no ten-card.
    piles = {"red": "KD", "black": "8C", "mix": "QH"}
    hand = ["AD", "10D", "5S"]
    plays = [{"card": "AD", "to": "red"}, {"card": "10D", "to": "red"}, PASS]
    result = legal_turn_result(judge_turn(plays, piles=piles, hand=hand))
    assert result["piles"]["red"] == "10D" and result["pawns"] == START
    first_violation_at(judge_turn([*plays[:2], TAKE_GREY, PASS], piles=piles, hand=hand), "MR-5", 2)


def test_mr5_reading_ten_on_ten_with_grey_gives_two_actions():
    piles = {"red": "9D", "black": "8C", "mix": "QH"}
    hand = ["10D", "10H", "5S"]
    pawns = {**START, "grey": "me"}
    plays = [
        {"card": "10D", "to": "red"},
        TAKE_RED,
        {"card": "10H", "to": "red"},
        {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
        PASS,
    ]
    result = legal_turn_result(judge_turn(plays, piles=piles, hand=hand, pawns=pawns))
    assert result["pawns"]["grey"] == "start"  # used this turn
    assert result["pawns"]["red"] == "me"
    assert white_pawns(result) == ["opponent_draw", "start"]


def test_mr5_reading_ten_on_eight_with_red_pawn():
    pawns = {**START, "red": "me"}
    result = legal_turn_result(
        judge_turn([{"card": "10H", "to": "red"}, TAKE_GREY, PASS], pawns=pawns)
    )
    assert result["pawns"] == {**START, "grey": "me"}  # red used and back home


def test_mr5_seed_example_2_black_two_on_spade_nine():
    piles = {"red": "8D", "black": "9S", "mix": "QH"}
    hand = ["2S", "5S"]
    plays = [{"card": "2S", "to": "black", "as": "10"}, TAKE_GREY, PASS]
    assert legal_turn_result(judge_turn(plays, piles=piles, hand=hand))["piles"]["black"] == {
        "card": "2S",
        "as": "10",
    }
    first_violation_at(judge_turn([plays[0], PASS], piles=piles, hand=hand), "MR-5", 1)


# --- MR-7 Pawn actions -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"pawn_action": "place", "pawn": "white", "on": "pile:mix"},
        {"pawn_action": "place", "pawn": "white", "on": "opponent_open:9H"},
        {"pawn_action": "place", "pawn": "white", "on": "opponent_penalty"},
        {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
        {"pawn_action": "take", "pawn": "grey"},
        {"pawn_action": "take", "pawn": "red"},
    ],
)
def test_mr7_every_pawn_action(action):
    result = legal_result(judge_turn([*TEN, action, PASS]))
    assert result["pawns"] != BOARD["pawns"]


def test_mr7_remove_any_placed_or_held_pawn():
    pawns = {"grey": "opponent", "red": "me", "white": ["pile:black", "opponent_draw"]}
    for action, after in (
        ({"pawn_action": "remove", "pawn": "grey"}, {"grey": "start"}),
        ({"pawn_action": "remove", "pawn": "red", "from": "me"}, {"red": "start"}),
        (
            {"pawn_action": "remove", "pawn": "white", "from": "pile:black"},
            {"white": ["start", "opponent_draw"]},
        ),
    ):
        result = legal_result(judge_turn([*TEN, action, PASS], pawns=pawns))
        assert result["pawns"] == {**pawns, **after}


def test_mr7_a_white_pawn_blocks_its_pile_at_the_first_play():
    pawns = {"grey": "start", "red": "start", "white": ["pile:red", "start"]}
    violation_of(judge_turn([{"card": "9D", "to": "red"}], pawns=pawns), "MR-7", 0)


@pytest.mark.parametrize(
    ("action", "pawns"),
    [
        ({"pawn_action": "place", "pawn": "white", "on": "penalty"}, None),
        ({"pawn_action": "place", "pawn": "white", "on": "draw"}, None),
        ({"pawn_action": "place", "pawn": "grey", "on": "pile:red"}, None),
        ({"pawn_action": "take", "pawn": "grey"}, {"grey": "opponent"}),
        ({"pawn_action": "remove", "pawn": "red"}, None),
        ({"pawn_action": "remove", "pawn": "white", "from": "pile:mix"}, None),
        (
            {"pawn_action": "place", "pawn": "white", "on": "pile:mix"},
            {"white": ["pile:mix", "start"]},
        ),  # basic game: one pawn per pile
        (
            {"pawn_action": "place", "pawn": "white", "on": "pile:mix"},
            {"white": ["pile:black", "opponent_draw"]},
        ),  # both in play
    ],
)
def test_mr7_impossible_places_takes_and_removes(action, pawns):
    board = {**BOARD["pawns"], **(pawns or {})}
    violation_of(judge_turn([*TEN, action], pawns=board), "MR-7", 2)


def test_mr7_a_white_pawn_on_the_draw_pile_skips_the_turn():
    pawns = {"grey": "start", "red": "start", "white": ["draw", "start"]}
    result = legal_result(judge_turn([], pawns=pawns))
    assert result["finished"] is True
    assert result["pawns"]["white"] == ["start", "start"]
    assert result["hand"] == BOARD["hand"]
    violation_of(judge_turn([{"card": "9D", "to": "red"}], pawns=pawns), "MR-7", 0)


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ({"pawn_action": "place", "pawn": "white", "on": "pile:mix"}, {"white": "pile:mix"}),
        ({"pawn_action": "place", "pawn": "white", "on": "pile:black"}, {"white": "pile:black"}),
        (
            {"pawn_action": "place", "pawn": "white", "on": "opponent_open:9H"},
            {"white": "opponent_open:9H"},
        ),
        (
            {"pawn_action": "place", "pawn": "white", "on": "opponent_penalty"},
            {"white": "opponent_penalty"},
        ),
        (
            {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
            {"white": "opponent_draw"},
        ),
        ({"pawn_action": "take", "pawn": "grey"}, {"grey": "me"}),
        ({"pawn_action": "take", "pawn": "red"}, {"red": "me"}),
    ],
)
def test_mr7_every_place_and_take(action, expected):
    result = legal_turn_result(judge_turn([*TEN, action, PASS]))
    if "white" in expected:
        assert white_pawns(result) == sorted([expected["white"], "start"])
    else:
        assert result["pawns"] == {**START, **expected}


def test_mr7_a_white_pawn_on_the_red_pile_just_played_on():
    action = {"pawn_action": "place", "pawn": "white", "on": "pile:red"}
    result = legal_turn_result(judge_turn([*TEN, action, PASS]))
    assert white_pawns(result) == ["pile:red", "start"]
    # nobody may play on it, the one who placed it included
    first_violation_at(
        judge_turn([*TEN, action, {"card": "JK", "to": "red", "as": "J"}]), "MR-7", 3
    )


@pytest.mark.parametrize(
    ("pawns", "action", "after"),
    [
        ({**START, "grey": "opponent"}, remove_action("grey", "opponent"), START),
        ({**START, "red": "opponent"}, remove_action("red", "opponent"), START),
        ({**START, "white": ["pile:black", "start"]}, remove_action("white", "pile:black"), START),
        (
            {**START, "white": ["opponent_draw", "pile:mix"]},
            remove_action("white", "pile:mix"),
            {**START, "white": ["opponent_draw", "start"]},
        ),
        ({**START, "grey": "me"}, remove_action("grey", "me"), START),
    ],
)
def test_mr7_remove_a_placed_or_held_pawn(pawns, action, after):
    result = legal_turn_result(judge_turn([*TEN, action, PASS], pawns=pawns))
    assert result["pawns"]["grey"] == after["grey"]
    assert result["pawns"]["red"] == after["red"]
    assert white_pawns(result) == sorted(after["white"])


def test_mr7_seed_example_6_remove_the_white_pawn_from_a_pile():
    # Blue takes the opponent's 8D onto 7H, plays 9H and 10H, then removes the white pawn on
    # the clubs 9 (the black pile) and leaves the one on the opponent's 8H.
    piles = {"red": "7H", "black": "9C", "mix": "QH"}
    pawns = {**START, "white": ["pile:black", "opponent_open:8H"]}
    plays = [
        {"card": "8D", "from": "opponent_open", "to": "red"},
        {"card": "9H", "to": "red"},
        {"card": "10H", "to": "red"},
        {"pawn_action": "remove", "pawn": "white", "from": "pile:black"},
        {"card": "10C", "to": "black"},
        TAKE_RED,
        PASS,
    ]
    result = legal_turn_result(
        judge_turn(
            plays,
            piles=piles,
            pawns=pawns,
            hand=["9H", "10H", "10C", "5S"],
            open={"me": [], "opponent": ["8D", "8H"]},
        )
    )
    assert white_pawns(result) == ["opponent_open:8H", "start"]
    assert result["pawns"]["red"] == "me"


def test_mr7_nobody_plays_on_a_blocked_pile():
    pawns = {**START, "white": ["pile:red", "start"]}
    first_violation_at(judge_turn([{"card": "9D", "to": "red"}], pawns=pawns), "MR-7", 0)
    legal_turn_result(judge_turn([{"card": "9C", "to": "black"}, PASS], pawns=pawns))


def test_mr7_a_blocked_empty_place_cannot_be_started():
    piles = {"red": None, "black": "8C", "mix": "QH"}
    pawns = {**START, "white": ["pile:red", "start"]}
    first_violation_at(
        judge_turn([{"card": "9D", "to": "red"}], piles=piles, pawns=pawns), "MR-7", 0
    )


@pytest.mark.parametrize(
    ("pawns", "action"),
    [
        # grey and red are taken from their start spot only; held by the opponent: remove
        ({**START, "grey": "opponent"}, {"pawn_action": "take", "pawn": "grey"}),
        ({**START, "red": "opponent"}, {"pawn_action": "take", "pawn": "red"}),
        ({**START, "grey": "me"}, {"pawn_action": "take", "pawn": "grey"}),
        # nothing to remove
        (START, {"pawn_action": "remove", "pawn": "grey", "from": "opponent"}),
        (START, {"pawn_action": "remove", "pawn": "white", "from": "pile:mix"}),
        (
            {**START, "white": ["pile:black", "start"]},
            {"pawn_action": "remove", "pawn": "white", "from": "pile:mix"},
        ),
        # basic game: at most one pawn per pile
        (
            {**START, "white": ["pile:mix", "start"]},
            {"pawn_action": "place", "pawn": "white", "on": "pile:mix"},
        ),
        (
            {**START, "white": ["opponent_draw", "start"]},
            {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
        ),
        # no white pawn left to place
        (
            {**START, "white": ["pile:mix", "opponent_draw"]},
            {"pawn_action": "place", "pawn": "white", "on": "pile:black"},
        ),
        # only white pawns are placed
        (START, {"pawn_action": "place", "pawn": "grey", "on": "pile:red"}),
        (START, {"pawn_action": "place", "pawn": "red", "on": "opponent_draw"}),
    ],
)
def test_mr7_impossible_pawn_actions(pawns, action):
    first_violation_at(judge_turn([*TEN, action, PASS], pawns=pawns), "MR-7", 2)


@pytest.mark.parametrize("on", ["penalty", "draw", "open:5S", "me"])
def test_mr7_a_white_pawn_never_goes_on_a_pile_of_ones_own(on):
    # MR-7: "A white pawn never goes on a pile of one's own": a rule broken, not a bad case.
    verdict = judge_turn([*TEN, {"pawn_action": "place", "pawn": "white", "on": on}, PASS])
    first_violation_at(verdict, "MR-7", 2)
    assert rules_with_at(verdict) == [("MR-7", 2)]


def test_mr7_a_white_pawn_on_an_open_card_that_is_not_there():
    action = {"pawn_action": "place", "pawn": "white", "on": "opponent_open:5C"}
    # The opponent's open cards are given (9H only): placing a pawn on 5C is an impossible
    # pawn action (MR-7), judged at its play.
    verdict = judge_turn([*TEN, action, PASS])
    first_violation_at(verdict, "MR-7", 2)
    assert rules_with_at(verdict) == [("MR-7", 2)]


def test_mr7_reading_white_pawn_on_an_empty_place_or_penalty_pile():
    # Engine reading (RULES.md silent): an empty centre place can be blocked (nobody may
    # start it), an empty penalty pile cannot (there is nothing to take).
    piles = {"red": "8D", "black": "8C", "mix": None}
    place = {"pawn_action": "place", "pawn": "white", "on": "pile:mix"}
    assert white_pawns(legal_turn_result(judge_turn([*TEN, place, PASS], piles=piles))) == [
        "pile:mix",
        "start",
    ]
    place = {"pawn_action": "place", "pawn": "white", "on": "opponent_penalty"}
    empty = {"me": [], "opponent": []}
    first_violation_at(judge_turn([*TEN, place, PASS], penalty=empty), "MR-7", 2)


def test_mr7_seed_example_5_the_blocked_player_skips_a_turn():
    # Seen from the blocked player: the white pawn stands on their own draw pile (not among
    # CASES.md's places, which are seen from the one who places; the engine reads "draw").
    for spelled in ("draw", "me_draw", "draw_pile"):
        pawns = {**START, "white": [spelled, "start"]}
        result = legal_turn_result(judge_turn([], pawns=pawns))
        assert result["finished"] is True
        assert result["pawns"] == START
        assert result["hand"] == BOARD["hand"]
        first_violation_at(judge_turn([{"card": "9D", "to": "red"}], pawns=pawns), "MR-7", 0)


# --- MR-8 Grey pawn (doubles) ----------------------------------------------------------------


def test_mr8_the_grey_pawn_allows_doubles_for_one_turn():
    pawns = {"grey": "me", "red": "start", "white": ["start", "start"]}
    hand = ["8H", "9D", "9H", "5S"]
    plays = [
        {"card": "8H", "to": "red"},
        {"card": "9D", "to": "red"},
        {"card": "9H", "to": "red"},
        PASS,
    ]
    result = legal_result(judge_turn(plays, hand=hand, pawns=pawns))
    assert result["pawns"]["grey"] == "start"  # back after the turn in which it was used
    unfinished = legal_result(judge_turn(plays[:-1], hand=hand, pawns=pawns))
    assert unfinished["pawns"]["grey"] == "me"
    assert unfinished["finished"] is False


def test_mr8_doubles_without_the_grey_pawn_are_refused():
    violation_of(judge_turn([{"card": "8H", "to": "red"}], hand=["8H", "5S"]), "MR-8", 0)
    held = {"grey": "opponent", "red": "start", "white": ["start", "start"]}
    violation_of(
        judge_turn([{"card": "8H", "to": "red"}], hand=["8H", "5S"], pawns=held), "MR-8", 0
    )


def test_mr8_an_unused_grey_pawn_stays():
    pawns = {"grey": "me", "red": "start", "white": ["start", "start"]}
    assert (
        legal_result(judge_turn([{"card": "9D", "to": "red"}, PASS], pawns=pawns))["pawns"]["grey"]
        == "me"
    )


def test_mr8_doubles_with_the_grey_pawn_then_it_goes_home():
    pawns = {**START, "grey": "me"}
    hand = ["8H", "9D", "9H", "5S"]
    plays = [
        {"card": "8H", "to": "red"},
        {"card": "9D", "to": "red"},
        {"card": "9H", "to": "red"},
        PASS,
    ]
    result = legal_turn_result(judge_turn(plays, pawns=pawns, hand=hand))
    assert result["piles"]["red"] == "9H"
    assert result["pawns"]["grey"] == "start"


def test_mr8_seed_sixes_then_sevens():
    piles = {"red": "8D", "black": "6C", "mix": "QH"}
    pawns = {**START, "grey": "me"}
    hand = ["6S", "6C", "7S", "7C", "5S"]
    plays = [{"card": c, "to": "black"} for c in hand[:4]] + [PASS]
    result = legal_turn_result(judge_turn(plays, piles=piles, pawns=pawns, hand=hand))
    assert result["piles"]["black"] == "7C"
    verdict = judge_turn(plays, piles=piles, hand=hand)
    first_violation_at(verdict, "MR-2", 0)
    assert rules_with_at(verdict) == [("MR-2", 0), ("MR-8", 0)]


def test_mr8_an_unused_grey_pawn_stays_with_its_holder():
    pawns = {**START, "grey": "me"}
    assert (
        legal_turn_result(judge_turn([{"card": "9D", "to": "red"}, PASS], pawns=pawns))["pawns"][
            "grey"
        ]
        == "me"
    )


def test_mr8_colour_limits_still_apply():
    pawns = {**START, "grey": "me"}
    first_violation_at(
        judge_turn([{"card": "8S", "to": "red"}], pawns=pawns, hand=["8S", "5S"]), "MR-1", 0
    )


def test_mr8_seed_example_7_taken_and_used_in_the_same_turn():
    plays = [*TEN, TAKE_GREY, {"card": "10D", "to": "red"}, TAKE_RED, PASS]
    result = legal_turn_result(judge_turn(plays, hand=["9D", "10H", "10D", "5S"]))
    assert result["pawns"]["grey"] == "start"
    assert result["pawns"]["red"] == "me"


def test_mr8_seed_example_8_new_pile_with_doubles():
    piles = {"red": "KD", "black": "8C", "mix": "QH"}
    hand = ["AD", "3D", "3H", "4H", "5D", "5H"]
    plays = [{"card": c, "to": "red"} for c in hand]
    pawns = {**START, "grey": "me"}
    draw = ["6S", "7S", "8S", "9S", "10S", "JS"]
    result = legal_turn_result(
        judge_turn(plays, pawns=pawns, draw_pile=draw, piles=piles, hand=hand)
    )
    assert result["piles"]["red"] == "5H"
    assert result["hand"] == ["6S", "7S", "8S", "9S", "10S"]
    assert result["finished"] is False
    verdict = judge_turn(plays, draw_pile=draw, piles=piles, hand=hand)
    first_violation_at(verdict, "MR-2", 2)
    assert rules_with_at(verdict) == [("MR-2", 2), ("MR-8", 2)]


# --- MR-9 Red pawn (skip) --------------------------------------------------------------------


def test_mr9_the_red_pawn_skips_a_rank_as_often_as_liked_in_one_turn():
    pawns = {"grey": "start", "red": "me", "white": ["start", "start"]}
    result = legal_result(
        judge_turn(
            [
                {"card": "10H", "to": "red"},
                {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
                {"card": "QD", "to": "red"},
                {"card": "9C", "to": "black"},
                PASS,
            ],
            hand=["10H", "QD", "9C", "5S"],
            pawns=pawns,
        )
    )
    assert result["piles"]["red"] == "QD"
    assert result["pawns"]["red"] == "start"


def test_mr9_skipping_without_the_red_pawn_is_refused():
    violation_of(judge_turn([{"card": "10H", "to": "red"}]), "MR-9", 0)


def test_mr9_skipping_as_often_as_liked_in_one_turn():
    pawns = {**START, "red": "me"}
    hand = ["10D", "QD", "AD", "5S"]
    plays = [
        {"card": "10D", "to": "red"},  # over the 9
        TAKE_GREY,
        {"card": "QD", "to": "red"},  # over the J
        {"card": "AD", "to": "red"},  # over the K: closes
        PASS,
    ]
    result = legal_turn_result(judge_turn(plays, pawns=pawns, hand=hand))
    assert result["piles"]["red"] is None
    assert result["pawns"] == {**START, "grey": "me"}


def test_mr9_also_single_steps_in_that_turn():
    pawns = {**START, "red": "me"}
    plays = [{"card": "9D", "to": "red"}, {"card": "JD", "to": "red"}, PASS]
    result = legal_turn_result(judge_turn(plays, pawns=pawns, hand=["9D", "JD", "5S"]))
    assert result["piles"]["red"] == "JD"
    assert result["pawns"]["red"] == "start"


def test_mr9_seed_example_seven_then_nine():
    piles = {"red": "7D", "black": "8C", "mix": "QH"}
    pawns = {**START, "red": "me"}
    assert legal_turn_result(
        judge_turn([{"card": "9D", "to": "red"}, PASS], piles=piles, pawns=pawns)
    )
    # Skipping a rank is not one step up (MR-2) and needs the red pawn (MR-9): both.
    verdict = judge_turn([{"card": "9D", "to": "red"}], piles=piles)
    first_violation_at(verdict, "MR-2", 0)
    assert rules_with_at(verdict) == [("MR-2", 0), ("MR-9", 0)]


def test_mr9_only_one_rank_skipped():
    pawns = {**START, "red": "me"}
    # JD on 8D is three steps up: more than the red pawn's one skipped rank, so only the
    # order itself (MR-2) is broken; the red pawn was held and MR-9 is not cited.
    verdict = judge_turn([{"card": "JD", "to": "red"}], pawns=pawns, hand=["JD", "5S"])
    first_violation_at(verdict, "MR-2", 0)
    assert rules_with_at(verdict) == [("MR-2", 0)]


def test_mr9_an_unused_red_pawn_stays():
    pawns = {**START, "red": "me"}
    assert (
        legal_turn_result(judge_turn([{"card": "9D", "to": "red"}, PASS], pawns=pawns))["pawns"][
            "red"
        ]
        == "me"
    )


def test_mr9_held_by_the_opponent_it_gives_me_nothing():
    pawns = {**START, "red": "opponent", "grey": "opponent"}
    verdict = judge_turn([{"card": "10H", "to": "red"}], pawns=pawns)
    first_violation_at(verdict, "MR-2", 0)
    assert rules_with_at(verdict) == [("MR-2", 0), ("MR-9", 0)]
    verdict = judge_turn([{"card": "8H", "to": "red"}], pawns=pawns, hand=["8H"])
    first_violation_at(verdict, "MR-2", 0)
    assert rules_with_at(verdict) == [("MR-2", 0), ("MR-8", 0)]
