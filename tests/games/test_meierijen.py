"""MeieRijen rules engine: every MR rule ID legal and illegal, and the seed's worked
examples, all through games.cases.judge with CASES.md's JSON."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games import cases, registry
from games.base import CaseError
from games.meierijen.simulate import simulate
from tests.games.cases_md import MR_ROUND
from tests.games.helpers import case_error, illegal
from tests.games.helpers import ok as legal
from tests.games.test_meierijen_review import BOARD, PASS, turn

registry._PACKAGES.setdefault("meierijen", "games.meierijen")
registry.get.cache_clear()

# --- MR-1 piles ------------------------------------------------------------------------------


def test_mr1_each_pile_takes_its_colours():
    result = legal(
        turn(
            [
                {"card": "9D", "to": "red"},
                {"card": "9C", "to": "black"},
                {"card": "JK", "to": "mix", "as": "K"},
                PASS,
            ]
        )
    )
    assert result["piles"] == {"red": "9D", "black": "9C", "mix": {"card": "JK", "as": "K"}}
    assert result["hand"] == ["10H"]
    assert result["finished"] is True


def test_mr1_a_black_card_never_goes_on_the_red_pile():
    hit = illegal(turn([{"card": "9C", "to": "red"}]), "MR-1", 0)
    assert "9C" in hit["message"]
    assert (
        turn([{"card": "9D", "to": "red"}, {"card": "9H", "from": "opponent_open", "to": "black"}])[
            "violations"
        ][0]["at"]
        == 1
    )


# --- MR-2 order ------------------------------------------------------------------------------


def test_mr2_one_step_up():
    result = legal(
        turn(
            [
                {"card": "9D", "to": "red"},
                {"card": "10H", "to": "red"},
                {"pawn_action": "take", "pawn": "grey"},
                PASS,
            ]
        )
    )
    assert result["piles"]["red"] == "10H"


@pytest.mark.parametrize(("card", "pile"), [("5S", "black"), ("JK", "red")])
def test_mr2_a_card_that_is_not_one_step_up_is_refused(card, pile):
    plays = (
        [{"card": "5S", "to": "black"}]
        if card == "5S"
        else [{"card": "JK", "to": "red", "as": "Q"}]
    )
    illegal(turn(plays), "MR-2", 0)


def test_mr2_going_down_needs_variant_1():
    illegal(turn([{"card": "7D", "to": "red"}], hand=["7D", "5S"]), "MR-2", 0)
    illegal(turn([{"card": "7D", "to": "red", "direction": "down"}], hand=["7D", "5S"]), "MR-2", 0)


# --- MR-3 wilds ------------------------------------------------------------------------------


def test_mr3_jokers_and_twos_stand_for_any_rank_within_the_colours():
    hand = ["2H", "2S", "JK", "5S"]
    result = legal(
        turn(
            [
                {"card": "2H", "to": "red", "as": "9"},
                {"card": "2S", "to": "black", "as": "9"},
                {"card": "JK", "to": "red"},  # only 10 fits: no "as" needed
                {"pawn_action": "take", "pawn": "red"},
                PASS,
            ],
            hand=hand,
        )
    )
    assert result["piles"]["red"] == {"card": "JK", "as": "10"}
    assert result["piles"]["black"] == {"card": "2S", "as": "9"}
    assert result["pawns"]["red"] == "me"


def test_mr3_a_red_two_never_goes_on_the_black_pile():
    illegal(turn([{"card": "2H", "to": "black", "as": "9"}], hand=["2H", "5S"]), "MR-3", 0)


def test_mr3_only_wilds_stand_for_another_rank():
    illegal(turn([{"card": "5S", "to": "black", "as": "9"}]), "MR-3", 0)
    illegal(turn([{"card": "JK", "to": "mix", "as": "2"}]), "MR-3", 0)


def test_mr3_a_wild_with_several_readings_must_say_its_rank():
    pawns = {"grey": "me", "red": "start", "white": ["start", "start"]}
    illegal(turn([{"card": "JK", "to": "red"}], pawns=pawns), "MR-3", 0)
    legal(turn([{"card": "JK", "to": "red", "as": "8"}, PASS], pawns=pawns))


# --- MR-4 ace closes -------------------------------------------------------------------------


def test_mr4_an_ace_closes_the_pile_and_any_card_starts_it_again():
    hand = ["KS", "AS", "7C", "JK", "5S"]
    result = legal(
        turn(
            [
                {"card": "KS", "to": "mix"},
                {"card": "AS", "to": "mix"},
                {"card": "7C", "to": "mix"},
                PASS,
            ],
            hand=hand,
        )
    )
    assert result["piles"]["mix"] == "7C"
    closed = legal(
        turn([{"card": "KS", "to": "mix"}, {"card": "JK", "to": "mix", "as": "A"}, PASS], hand=hand)
    )
    assert closed["piles"]["mix"] is None


def test_mr4_an_empty_place_keeps_its_colours_and_a_wild_there_says_its_rank():
    illegal(
        turn([{"card": "JK", "to": "red"}], piles={"red": None, "black": "8C", "mix": "QH"}),
        "MR-4",
        0,
    )
    illegal(
        turn([{"card": "5S", "to": "red"}], piles={"red": None, "black": "8C", "mix": "QH"}),
        "MR-1",
        0,
    )
    result = legal(
        turn(
            [{"card": "5S", "to": "black"}, {"pass": "9D", "to": "open"}],
            piles={"red": "8D", "black": None, "mix": "QH"},
        )
    )
    assert result["piles"]["black"] == "5S"


# --- MR-5 ten-card ---------------------------------------------------------------------------


def test_mr5_a_ten_card_triggers_one_pawn_action_at_once():
    result = legal(
        turn(
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
    illegal(
        turn(
            [
                {"card": "9D", "to": "red"},
                {"card": "10H", "to": "red"},
                {"card": "9C", "to": "black"},
            ]
        ),
        "MR-5",
        2,
    )
    illegal(turn([{"card": "9D", "to": "red"}, {"card": "10H", "to": "red"}, PASS]), "MR-5", 2)


def test_mr5_no_pawn_action_without_a_ten_card_and_only_one_per_ten():
    illegal(turn([{"pawn_action": "take", "pawn": "grey"}]), "MR-5", 0)
    illegal(
        turn(
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
    result = legal(
        turn(
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


# --- MR-6 sources ----------------------------------------------------------------------------


def test_mr6_every_source():
    result = legal(
        turn(
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
    illegal(
        turn(
            [{"card": "3S", "from": "opponent_penalty", "to": "black"}],
            piles={"red": "8D", "black": None, "mix": "QH"},
        ),
        "MR-6",
        0,
    )
    illegal(turn([{"card": "9S", "to": "black"}]), "MR-6", 0)
    illegal(turn([{"card": "9S", "from": "opponent_open", "to": "black"}]), "MR-6", 0)


def test_mr6_a_card_under_a_white_pawn_cannot_be_taken():
    pawns = {"grey": "start", "red": "start", "white": ["opponent_open:9H", "opponent_penalty"]}
    hit = illegal(
        turn([{"card": "9H", "from": "opponent_open", "to": "red"}], pawns=pawns), "MR-6", 0
    )
    assert "white pawn" in hit["message"]
    illegal(turn([{"card": "KD", "from": "opponent_penalty", "to": "mix"}], pawns=pawns), "MR-6", 0)
    mine = {"grey": "start", "red": "start", "white": ["open:9S", "start"]}
    illegal(
        turn(
            [{"card": "9S", "from": "open", "to": "black"}],
            pawns=mine,
            open={"me": ["9S"], "opponent": []},
        ),
        "MR-6",
        0,
    )


# --- MR-7 pawn actions -----------------------------------------------------------------------

TEN = [{"card": "9D", "to": "red"}, {"card": "10H", "to": "red"}]


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
    result = legal(turn([*TEN, action, PASS]))
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
        result = legal(turn([*TEN, action, PASS], pawns=pawns))
        assert result["pawns"] == {**pawns, **after}


def test_mr7_nobody_plays_on_a_blocked_pile():
    pawns = {"grey": "start", "red": "start", "white": ["pile:red", "start"]}
    illegal(turn([{"card": "9D", "to": "red"}], pawns=pawns), "MR-7", 0)


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
def test_mr7_impossible_pawn_actions(action, pawns):
    board = {**BOARD["pawns"], **(pawns or {})}
    illegal(turn([*TEN, action], pawns=board), "MR-7", 2)


def test_mr7_a_white_pawn_on_the_draw_pile_skips_the_turn():
    pawns = {"grey": "start", "red": "start", "white": ["draw", "start"]}
    result = legal(turn([], pawns=pawns))
    assert result["finished"] is True
    assert result["pawns"]["white"] == ["start", "start"]
    assert result["hand"] == BOARD["hand"]
    illegal(turn([{"card": "9D", "to": "red"}], pawns=pawns), "MR-7", 0)


# --- MR-8 grey pawn --------------------------------------------------------------------------


def test_mr8_the_grey_pawn_allows_doubles_for_one_turn():
    pawns = {"grey": "me", "red": "start", "white": ["start", "start"]}
    hand = ["8H", "9D", "9H", "5S"]
    plays = [
        {"card": "8H", "to": "red"},
        {"card": "9D", "to": "red"},
        {"card": "9H", "to": "red"},
        PASS,
    ]
    result = legal(turn(plays, hand=hand, pawns=pawns))
    assert result["pawns"]["grey"] == "start"  # back after the turn in which it was used
    unfinished = legal(turn(plays[:-1], hand=hand, pawns=pawns))
    assert unfinished["pawns"]["grey"] == "me"
    assert unfinished["finished"] is False


def test_mr8_doubles_without_the_grey_pawn_are_refused():
    illegal(turn([{"card": "8H", "to": "red"}], hand=["8H", "5S"]), "MR-8", 0)
    held = {"grey": "opponent", "red": "start", "white": ["start", "start"]}
    illegal(turn([{"card": "8H", "to": "red"}], hand=["8H", "5S"], pawns=held), "MR-8", 0)


def test_mr8_an_unused_grey_pawn_stays():
    pawns = {"grey": "me", "red": "start", "white": ["start", "start"]}
    assert legal(turn([{"card": "9D", "to": "red"}, PASS], pawns=pawns))["pawns"]["grey"] == "me"


# --- MR-9 red pawn ---------------------------------------------------------------------------


def test_mr9_the_red_pawn_skips_a_rank_as_often_as_liked_in_one_turn():
    pawns = {"grey": "start", "red": "me", "white": ["start", "start"]}
    result = legal(
        turn(
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
    illegal(turn([{"card": "10H", "to": "red"}]), "MR-9", 0)


# --- MR-10 turn ------------------------------------------------------------------------------


def test_mr10_a_turn_ends_with_a_pass_card_open_or_on_the_penalty_pile():
    result = legal(
        turn([{"pass": "5S", "to": "open"}], open={"me": ["3C", "4C", "5C"], "opponent": []})
    )
    assert result["hand"] == ["9D", "9C", "10H", "JK"]
    unfinished = legal(turn([{"card": "9D", "to": "red"}]))
    assert unfinished["finished"] is False


def test_mr10_four_open_cards_at_most():
    full = {"me": ["3C", "4C", "5C", "6C"], "opponent": []}
    illegal(turn([{"pass": "5S", "to": "open"}], open=full), "MR-10", 0)
    legal(turn([{"pass": "5S", "to": "penalty"}], open=full))


def test_mr10_the_pass_card_comes_from_the_hand_and_ends_the_turn():
    illegal(turn([{"pass": "7S", "to": "penalty"}]), "MR-10", 0)
    illegal(turn([PASS, {"card": "9D", "to": "red"}]), "MR-10", 1)


def test_mr10_playing_the_hand_empty_draws_five_cards_in_the_same_turn():
    empty = [{"card": "9D", "to": "red"}, {"card": "9C", "to": "black"}]
    result = legal(turn([*empty, {"pass": "3H", "to": "open"}], hand=["9D", "9C"]))
    assert result["hand"] == ["4C", "QD", "6S", "7H"]
    illegal(turn([*empty, {"card": "KC", "to": "mix"}], hand=["9D", "9C"]), "MR-6", 2)


# --- MR-11 last ten --------------------------------------------------------------------------


def test_mr11_the_face_up_draw_card_is_played_first_and_the_limit_of_four_is_gone():
    full = {"me": ["3C", "4C", "5C", "6C"], "opponent": []}
    result = legal(
        turn(
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
    hit = illegal(
        turn(
            [{"card": "9C", "to": "black"}],
            last_ten=True,
            draw_pile=["9D", "5H"],
            hand=["9C", "5S"],
        ),
        "MR-11",
        0,
    )
    assert "9D" in hit["message"]
    illegal(
        turn([{"turned": "9D", "to": "open"}], last_ten=True, draw_pile=["9D"], hand=["9C", "5S"]),
        "MR-11",
        0,
    )


def test_mr11_a_face_up_card_that_does_not_fit_joins_the_open_cards():
    result = legal(
        turn(
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
    illegal(turn([{"turned": "5H", "to": "penalty"}], last_ten=True, draw_pile=["5H"]), "MR-11", 0)


# --- MR-12 round end (scoring) ---------------------------------------------------------------


#: The CASES.md round_score example with basic scoring.
ROUND = {k: v for k, v in MR_ROUND.items() if k != "options"}


def test_mr12_every_card_left_is_one_minus_point():
    # A scoring rule: no violation is conceivable, so the numbers are checked exactly.
    result = legal(cases.judge(ROUND))
    assert result == {"points": {"red": 4, "blue": 1}, "winner": "blue"}


def test_mr12_equal_points_go_to_who_emptied_the_draw_pile_first():
    case = copy.deepcopy(ROUND)
    case["players"]["blue"]["open"] = ["9H", "8H", "7H", "6H"]
    case["emptied_first"] = "red"
    assert legal(cases.judge(case))["winner"] == "red"
    case["emptied_first"] = "blue"
    assert legal(cases.judge(case))["winner"] == "blue"
    del case["emptied_first"]
    with pytest.raises(CaseError, match=r"^emptied_first: is missing"):
        cases.judge(case)


def test_mr12_the_round_ends_after_the_other_players_final_turn():
    log = simulate(11).log
    verdict = cases.judge(log)
    assert legal(verdict)["rounds"][0]["emptied_first"] in ("red", "blue")
    turns = log["rounds"][0]["turns"]
    turns.append({"player": turns[-2]["player"], "plays": []})
    illegal(cases.judge(log), "MR-12", len(turns) - 1)


# --- MR-13 match -----------------------------------------------------------------------------


def _round(red: int, blue: int) -> dict[str, Any]:
    return {
        "game": "meierijen",
        "check": "round_score",
        "emptied_first": "red",
        "players": {
            "red": {"hand": [f"{n}S" for n in range(3, 3 + red)]},
            "blue": {"hand": [f"{n}D" for n in range(3, 3 + blue)]},
        },
    }


def match(*rounds: dict[str, Any], **options: Any) -> dict[str, Any]:
    case: dict[str, Any] = {"game": "meierijen", "check": "match", "rounds": list(rounds)}
    if options:
        case["options"] = options
    return cases.judge(case)


def test_mr13_two_rounds_two_nil_wins_one_all_is_a_draw():
    assert legal(match(_round(1, 5), _round(2, 4))) == {
        "rounds_won": {"red": 2, "blue": 0},
        "winner": "red",
        "draw": False,
    }
    assert legal(match(_round(1, 5), _round(6, 4))) == {
        "rounds_won": {"red": 1, "blue": 1},
        "winner": None,
        "draw": True,
    }


def test_mr13_the_option_third_round_decides_a_level_match():
    result = legal(match(_round(1, 5), _round(6, 4), _round(7, 2), third_round=True))
    assert result == {"rounds_won": {"red": 1, "blue": 2}, "winner": "blue", "draw": False}


def test_mr13_too_few_or_too_many_rounds():
    illegal(match(_round(1, 5), _round(6, 4), _round(7, 2)), "MR-13", 2)
    illegal(match(_round(1, 5), _round(2, 4), _round(7, 2), third_round=True), "MR-13", 2)
    illegal(match(_round(1, 5)), "MR-13")
    illegal(match(_round(1, 5), _round(6, 4), third_round=True), "MR-13")


# --- MR-V1 variant 1 -------------------------------------------------------------------------

V1 = {"variant1": True}


def test_mrv1_up_or_down_but_not_both_in_one_turn():
    hand = ["7D", "6D", "9C", "5S"]
    result = legal(
        turn(
            [{"card": "7D", "to": "red", "direction": "down"}, {"card": "6D", "to": "red"}, PASS],
            V1,
            hand=hand,
        )
    )
    assert result["piles"]["red"] == "6D"
    hit = illegal(
        turn([{"card": "7D", "to": "red"}, {"card": "9C", "to": "black"}], V1, hand=hand),
        "MR-V1",
        1,
    )
    assert "9C" in hit["message"]


def test_mrv1_two_white_pawns_may_share_a_pile_and_cost_two_turns():
    both = {"grey": "start", "red": "start", "white": ["pile:mix", "start"]}
    place = {"pawn_action": "place", "pawn": "white", "on": "pile:mix"}
    result = legal(turn([*TEN, place, PASS], V1, pawns=both))
    assert result["pawns"]["white"] == ["pile:mix", "pile:mix"]
    on_draw = {"grey": "start", "red": "start", "white": ["draw", "draw"]}
    skipped = legal(turn([], V1, pawns=on_draw, hand=["9D", "5S"]))
    assert skipped["pawns"]["white"] == ["start", "draw"]  # one more turn to skip
    joker = legal(turn([], V1, pawns=on_draw))  # a real joker in hand cancels one skip
    assert joker["pawns"]["white"] == ["start", "start"]


def test_mrv1_card_values_and_pawns_held():
    # A scoring rule: the numbers are checked exactly (CASES.md's example).
    case = {**ROUND, "options": V1}
    assert legal(cases.judge(case)) == {"points": {"red": 13, "blue": 1}, "winner": "blue"}
    case["players"] = {
        "a": {"hand": ["10S", "JS", "AS", "2C", "JK"], "pawns": ["red", "white"]},
        "b": {"hand": ["3H"]},
    }
    case["emptied_first"] = "b"
    assert legal(cases.judge(case))["points"] == {"a": 1 + 2 + 2 + 5 + 5 + 5, "b": 1}


# --- MR-4P four players ----------------------------------------------------------------------

FOUR = {"players": 4}


def test_mr4p_a_team_uses_its_own_open_cards_and_two_whites_may_share_a_pile():
    result = legal(
        turn(
            [
                {"card": "9S", "from": "open", "to": "black"},
                *TEN,
                {"pawn_action": "place", "pawn": "white", "on": "pile:mix"},
                PASS,
            ],
            FOUR,
            open={"me": ["9S"], "opponent": ["9H"]},
            pawns={"grey": "start", "red": "start", "white": ["pile:mix", "start"]},
        )
    )
    assert result["pawns"]["white"] == ["pile:mix", "pile:mix"]


def test_mr4p_never_the_opponents_cards():
    illegal(turn([{"card": "9H", "from": "opponent_open", "to": "red"}], FOUR), "MR-4P", 0)
    illegal(turn([{"card": "KD", "from": "opponent_penalty", "to": "mix"}], FOUR), "MR-4P", 0)


def test_mr4p_round_score_per_team():
    # A scoring rule: the team totals are checked exactly.
    case = {
        "game": "meierijen",
        "check": "round_score",
        "options": FOUR,
        "players": {
            "Ann": {"hand": ["3H"], "open": ["4H", "5H"]},
            "Bas": {"hand": ["6C"]},
            "Cor": {"hand": ["7D", "8D"]},
            "Dirk": {"open": ["9S"]},
        },
        "teams": {"A": ["Ann", "Cor"], "B": ["Bas", "Dirk"]},
        "emptied_first": "Dirk",
    }
    assert legal(cases.judge(case)) == {"points": {"A": 5, "B": 2}, "winner": "B"}
    case["players"]["Dirk"]["open"] = ["9S", "10S", "JS"]
    assert legal(cases.judge(case)) == {"points": {"A": 5, "B": 4}, "winner": "B"}
    case["emptied_first"] = "A"
    case["players"]["Bas"]["hand"] = ["6C", "7C"]
    assert legal(cases.judge(case)) == {"points": {"A": 5, "B": 5}, "winner": "A"}


# --- the seed's worked examples --------------------------------------------------------------


def test_seed_example_1_spade_ace_closes_the_mix_pile_and_five_new_cards():
    # Voorbeeld 1: AS on KH closes the pile; a new pile 5H-6C-7D; 9D on 8D; the hand is
    # empty, so five new cards come in the same turn and the turn goes on.
    result = legal(
        turn(
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
    legal(
        turn(
            [
                {"card": "2S", "to": "black", "as": "10"},
                {"pawn_action": "take", "pawn": "grey"},
                PASS,
            ],
            **board,
        )
    )
    illegal(turn([{"card": "2S", "to": "black", "as": "10"}, PASS], **board), "MR-5", 1)


def test_seed_example_5_a_white_pawn_on_the_draw_pile_costs_a_turn():
    red = legal(
        turn(
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
    assert legal(turn([], pawns=blue))["pawns"]["white"] == ["start", "start"]
    illegal(turn([{"pass": "5S", "to": "open"}], pawns=blue), "MR-7", 0)


def test_seed_example_8_grey_pawn_new_pile_with_doubles():
    board = {
        "piles": {"red": "KD", "black": "8C", "mix": "QH"},
        "hand": ["AD", "3D", "3H", "4H", "5D", "5H"],
    }
    plays = [{"card": c, "to": "red"} for c in ("AD", "3D", "3H", "4H", "5D", "5H")]
    grey = {"grey": "me", "red": "start", "white": ["start", "start"]}
    result = legal(turn(plays, pawns=grey, draw_pile=["6S", "7S", "8S", "9S", "10S"], **board))
    assert result["piles"]["red"] == "5H"
    assert result["hand"] == ["6S", "7S", "8S", "9S", "10S"]  # five cards fewer, five new
    illegal(turn(plays, **board), "MR-8", 2)


def test_seed_example_9_pawn_action_before_the_next_draw_card():
    board = {
        "piles": {"red": "8D", "black": "9C", "mix": "QH"},
        "hand": ["5S"],
        "last_ten": True,
        "draw_pile": ["10C", "JC", "4H"],
    }
    result = legal(
        turn(
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
    illegal(
        turn(
            [
                {"card": "10C", "from": "draw", "to": "black"},
                {"card": "JC", "from": "draw", "to": "black"},
            ],
            **board,
        ),
        "MR-5",
        1,
    )


# --- cases that cannot be judged -------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"piles": {"red": "8D", "black": "8C"}}, "piles.mix"),
        ({"piles": {"red": "JK", "black": "8C", "mix": "QH"}}, "piles.red"),
        ({"piles": {"red": "AD", "black": "8C", "mix": "QH"}}, "piles.red"),
        ({"piles": {"red": "8S", "black": "8C", "mix": "QH"}}, "piles.red"),
        ({"hand": ["9D", "9D", "9D"]}, "hand[1]"),
        ({"hand": ["XX"]}, "hand[0]"),
        ({"pawns": {"grey": "pile:red"}}, "pawns.grey"),
        ({"pawns": {"white": ["me"]}}, "pawns.white[0].place"),
        ({"pawns": {"white": ["opponent_open:5C"]}}, "pawns.white[0].place"),
        ({"pawns": {"white": ["start", "start", "start"]}}, "pawns.white"),
        ({"plays": [{"card": "9D", "to": "blue"}]}, "plays[0].to"),
        ({"plays": [{"card": "9D", "to": "red", "from": "sleeve"}]}, "plays[0].from"),
        ({"plays": [{"shout": "meierijen"}]}, "plays[0]"),
        ({"plays": [{"pawn_action": "place", "pawn": "white", "on": "moon"}]}, "plays[0].on"),
    ],
)
def test_cases_that_cannot_be_judged_name_the_field(change, field):
    case = copy.deepcopy({**BOARD, "plays": []})
    case.update(change)
    assert case_error(case).field == field


def test_round_score_contradictions():
    case = copy.deepcopy(ROUND)
    case["players"]["blue"]["hand"] = ["KH", "KH"]
    with pytest.raises(CaseError, match=r"^players\.blue\.hand\[1\]: KH appears more often"):
        cases.judge(case)
    case = copy.deepcopy(ROUND)
    case["players"]["blue"]["pawns"] = ["grey"]
    with pytest.raises(CaseError, match=r"^players\.blue\.pawns: the game has only 1 grey"):
        cases.judge(case)
    case = copy.deepcopy(ROUND)
    case["options"] = {"players": 3}
    with pytest.raises(CaseError, match=r"^options\.players"):
        cases.judge(case)
