"""MeieRijen reviewed from outside: cases written from RULES.md (MR-1 … MR-13, MR-V1, MR-4P),
CASES.md and the seed text only, judged through ``games.cases.judge`` exactly as a
tournament director's JSON would be. Every verdict's shape is checked too (CASES.md
"Every verdict").

The board used unless a test says otherwise: red pile 8D, black pile 8C, mix pile QH; the
player ``me`` holds 9D 9C 10H JK 5S; the opponent has 9H open and 3S, KD (top) on the
penalty pile; every pawn on its start spot.
"""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest

from games import cases
from games.base import CaseError
from tests.games.cases_md import MR_ROUND as CASES_ROUND
from tests.games.cases_md import MR_TURN as CASES_TURN
from tests.games.helpers import (
    case_error,
    cited,
    judge_checked,
    judged_or_case_error,
    mutated,
    paths,
)
from tests.games.helpers import ok as legal_result

START = {"grey": "start", "red": "start", "white": ["start", "start"]}
BOARD: dict[str, Any] = {
    "game": "meierijen",
    "check": "turn",
    "piles": {"red": "8D", "black": "8C", "mix": "QH"},
    "hand": ["9D", "9C", "10H", "JK", "5S"],
    "draw_pile": ["3H", "4C", "QD", "6S", "7H", "KC"],
    "open": {"me": [], "opponent": ["9H"]},
    "penalty": {"me": [], "opponent": ["3S", "KD"]},
    "pawns": START,
}
PASS = {"pass": "5S", "to": "penalty"}
TEN = [{"card": "9D", "to": "red"}, {"card": "10H", "to": "red"}]  # a ten-card at index 1
GREY = {"pawn_action": "take", "pawn": "grey"}
RED = {"pawn_action": "take", "pawn": "red"}
V1 = {"variant1": True}


# --- helpers ---------------------------------------------------------------------------------


def judge(data: dict[str, Any]) -> dict[str, Any]:
    """Judge a case and check the verdict's shape (CASES.md "Every verdict")."""
    return judge_checked(data, game="meierijen", prefix="MR-")


def turn(plays: list[dict[str, Any]], options: dict[str, Any] | None = None, **board: Any):
    data = copy.deepcopy(BOARD)
    data.update(copy.deepcopy(board))
    data["plays"] = plays
    if options is not None:
        data["options"] = options
    return judge(data)


def ok(verdict: dict[str, Any]) -> dict[str, Any]:
    result = legal_result(verdict)
    assert set(result) == {"piles", "hand", "pawns", "finished"}, result
    return result


def bad(verdict: dict[str, Any], rule: str | set[str], at: int) -> dict[str, Any]:
    """Illegal, and the first violation (by ``at``) is ``rule`` (or one of ``rule``) at ``at``."""
    assert verdict["legal"] is False, verdict
    first = min(verdict["violations"], key=lambda v: v.get("at", 10**6))
    allowed = {rule} if isinstance(rule, str) else rule
    assert first["rule"] in allowed, verdict["violations"]
    assert first.get("at") == at, verdict["violations"]
    # The board after a turn that breaks a rule cannot be computed: left out, never guessed.
    assert "piles" not in verdict["result"] and "hand" not in verdict["result"], verdict
    return first


def white(result: dict[str, Any]) -> list[str]:
    return sorted(result["pawns"]["white"])


def error_field(data: dict[str, Any]) -> str:
    return case_error(data).field


def board_with(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BOARD)
    data["plays"] = []
    data.update(copy.deepcopy(changes))
    return data


def score(players: dict[str, Any], options: dict[str, Any] | None = None, **extra: Any):
    data: dict[str, Any] = {"game": "meierijen", "check": "round_score", "players": players}
    if options is not None:
        data["options"] = options
    data.update(extra)
    return judge(data)


def rnd(red: int, blue: int, first: str = "red", options: dict[str, Any] | None = None):
    """A whole round_score case where red has ``red`` and blue ``blue`` cards left."""
    pool = ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    data: dict[str, Any] = {
        "game": "meierijen",
        "check": "round_score",
        "players": {"red": {"hand": pool[:red]}, "blue": {"hand": pool[:blue]}},
        "emptied_first": first,
    }
    if options is not None:
        data["options"] = options
    return data


def match(rounds: list[dict[str, Any]], options: dict[str, Any] | None = None):
    data: dict[str, Any] = {"game": "meierijen", "check": "match", "rounds": rounds}
    if options is not None:
        data["options"] = options
    return judge(data)


# --- the CASES.md turn example ---------------------------------------------------------------


def test_cases_md_turn_example_breaks_mr2_at_play_2():
    verdict = judge(CASES_TURN)
    # 8H on the red pile's 8D is a double without the grey pawn (the red pawn only skips up).
    bad(verdict, {"MR-2", "MR-8"}, 2)
    # Later violations may be listed too: JK is not in hand, the black pile is under a white
    # pawn. Whatever is listed lies at or after play 2.
    assert cited(verdict) <= {"MR-2", "MR-8", "MR-6", "MR-7", "MR-5"}
    assert all(v.get("at", 2) >= 2 for v in verdict["violations"])
    assert verdict["result"].get("finished") in (None, False)


def test_cases_md_turn_example_made_legal():
    data = copy.deepcopy(CASES_TURN)
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
    result = ok(judge(data))
    assert result["piles"] == {"red": {"card": "JK", "as": "10"}, "black": "10S", "mix": "7D"}
    assert result["hand"] == ["4C", "QD"]
    assert result["pawns"]["grey"] == "start"
    assert result["pawns"]["red"] == "me"  # held, not used
    assert white(result) == ["opponent_draw", "start"]
    assert result["finished"] is True


def test_turn_example_prefix_is_legal_and_unfinished():
    data = copy.deepcopy(CASES_TURN)
    data["plays"] = data["plays"][:2]
    result = ok(judge(data))
    assert result["piles"] == {"red": "8D", "black": {"card": "2S", "as": "9"}, "mix": "5H"}
    assert result["hand"] == ["9D", "7D", "6C"]
    assert result["pawns"] == CASES_TURN["pawns"]
    assert result["finished"] is False


# --- a plain turn ----------------------------------------------------------------------------


def test_a_plain_turn_result():
    result = ok(turn([{"card": "9D", "to": "red"}, {"card": "9C", "to": "black"}, PASS]))
    assert result == {
        "piles": {"red": "9D", "black": "9C", "mix": "QH"},
        "hand": ["10H", "JK"],
        "pawns": START,
        "finished": True,
    }


def test_only_a_pass_card_is_a_whole_turn():
    result = ok(turn([{"pass": "9C", "to": "open"}]))
    assert result["hand"] == ["9D", "10H", "JK", "5S"]
    assert result["piles"] == BOARD["piles"]
    assert result["finished"] is True


def test_no_plays_is_an_unfinished_turn():
    result = ok(turn([]))
    assert result["finished"] is False
    assert result["hand"] == BOARD["hand"]
    assert result["piles"] == BOARD["piles"]


# --- MR-1 piles ------------------------------------------------------------------------------


def test_mr1_each_pile_takes_its_colours():
    plays = [
        {"card": "9D", "to": "red"},
        {"card": "9C", "to": "black"},
        {"card": "KD", "from": "opponent_penalty", "to": "mix"},
        PASS,
    ]
    result = ok(turn(plays))
    assert result["piles"] == {"red": "9D", "black": "9C", "mix": "KD"}


@pytest.mark.parametrize(
    "play",
    [
        {"card": "9C", "to": "red"},
        {"card": "9D", "to": "black"},
        {"card": "9H", "from": "opponent_open", "to": "black"},
    ],
)
def test_mr1_wrong_colour_is_refused(play):
    bad(turn([play]), "MR-1", 0)


def test_mr1_the_second_play_breaks_it():
    bad(turn([{"card": "9D", "to": "red"}, {"card": "10H", "to": "black"}]), "MR-1", 1)


def test_mr1_the_mix_pile_takes_both_colours():
    hand = ["KS", "AD", "5S"]
    result = ok(turn([{"card": "KS", "to": "mix"}, {"card": "AD", "to": "mix"}, PASS], hand=hand))
    assert result["piles"]["mix"] is None  # the ace closed it


def test_mr1_jokers_go_on_both_coloured_piles():
    plays = [{"card": "JK", "to": "black", "as": "9"}, PASS]
    assert ok(turn(plays))["piles"]["black"] == {"card": "JK", "as": "9"}
    plays = [{"card": "JK", "to": "red", "as": "9"}, PASS]
    assert ok(turn(plays))["piles"]["red"] == {"card": "JK", "as": "9"}


@pytest.mark.parametrize(("card", "pile"), [("2H", "black"), ("2D", "black"), ("2S", "red")])
def test_mr1_mr3_a_two_keeps_its_colour(card, pile):
    bad(turn([{"card": card, "to": pile, "as": "9"}], hand=[card, "5S"]), {"MR-1", "MR-3"}, 0)


@pytest.mark.parametrize(("card", "pile"), [("2H", "red"), ("2C", "black"), ("2D", "mix")])
def test_mr1_mr3_a_two_on_its_own_colour(card, pile):
    rank = "K" if pile == "mix" else "9"
    result = ok(turn([{"card": card, "to": pile, "as": rank}, PASS], hand=[card, "5S"]))
    assert result["piles"][pile] == {"card": card, "as": rank}


def test_mr1_an_empty_place_keeps_its_colours():
    piles = {"red": None, "black": "8C", "mix": "QH"}
    bad(turn([{"card": "5S", "to": "red"}], piles=piles), "MR-1", 0)
    assert ok(turn([{"card": "9D", "to": "red"}, PASS], piles=piles))["piles"]["red"] == "9D"


# --- MR-2 order ------------------------------------------------------------------------------


def test_mr2_up_the_whole_ladder_to_the_ace():
    hand = ["9D", "10D", "JD", "QD", "KD", "AD", "5S"]
    plays = [{"card": c, "to": "red"} for c in hand[:2]]
    plays += [GREY, *({"card": c, "to": "red"} for c in hand[2:6]), PASS]
    result = ok(turn(plays, hand=hand))
    assert result["piles"]["red"] is None
    assert result["pawns"]["grey"] == "me"
    assert result["hand"] == []


@pytest.mark.parametrize("card", ["10D", "7D", "3D", "KD", "JD"])
def test_mr2_not_one_step_up(card):
    bad(turn([{"card": card, "to": "red"}], hand=[card, "5S"]), "MR-2", 0)


def test_mr2_a_double_needs_the_grey_pawn():
    bad(turn([{"card": "8H", "to": "red"}], hand=["8H", "5S"]), {"MR-2", "MR-8"}, 0)


def test_mr2_three_follows_nothing_but_an_empty_place_or_wild():
    # There is no rank below 3: a 3 never goes on an A (aces close) or on a K.
    bad(turn([{"card": "3H", "to": "mix"}], hand=["3H", "5S"]), "MR-2", 0)


def test_mr2_a_wild_on_top_counts_as_its_rank():
    piles = {"red": {"card": "JK", "as": "J"}, "black": {"card": "2C", "as": "9"}, "mix": "QH"}
    hand = ["QD", "10S", "5S"]
    plays = [{"card": "QD", "to": "red"}, {"card": "10S", "to": "black"}, RED, PASS]
    result = ok(turn(plays, piles=piles, hand=hand))
    assert result["piles"]["red"] == "QD"
    assert result["piles"]["black"] == "10S"
    assert result["pawns"]["red"] == "me"
    bad(turn([{"card": "10D", "to": "red"}], piles=piles, hand=["10D"]), "MR-2", 0)


# --- MR-3 wilds ------------------------------------------------------------------------------


def test_mr3_a_wild_without_as_where_one_rank_fits():
    result = ok(turn([{"card": "JK", "to": "red"}, PASS]))
    assert result["piles"]["red"] == {"card": "JK", "as": "9"}


@pytest.mark.parametrize(("card", "pile"), [("JK", "mix"), ("2S", "black"), ("2H", "red")])
def test_mr3_every_wild_as_the_next_rank(card, pile):
    rank = "K" if pile == "mix" else "9"
    result = ok(turn([{"card": card, "to": pile, "as": rank}, PASS], hand=[card, "5S"]))
    assert result["piles"][pile] == {"card": card, "as": rank}


def test_mr3_a_wild_saying_a_rank_that_does_not_fit():
    bad(turn([{"card": "JK", "to": "red", "as": "J"}]), {"MR-2", "MR-3"}, 0)


def test_mr3_a_wild_as_ten_is_a_ten_card():
    plays = [{"card": "JK", "to": "black", "as": "10"}, GREY, PASS]
    hand = ["9C", "JK", "5S"]
    result = ok(turn([{"card": "9C", "to": "black"}, *plays], hand=hand))
    assert result["piles"]["black"] == {"card": "JK", "as": "10"}
    assert result["pawns"]["grey"] == "me"


def test_mr3_a_wild_as_ace_closes():
    result = ok(turn([{"card": "JK", "to": "mix", "as": "K"}, PASS]))
    assert result["piles"]["mix"] == {"card": "JK", "as": "K"}
    piles = {"red": "8D", "black": "8C", "mix": "KH"}
    result = ok(turn([{"card": "JK", "to": "mix", "as": "A"}, PASS], piles=piles))
    assert result["piles"]["mix"] is None


def test_mr3_a_real_card_cannot_stand_for_another_rank():
    verdict = turn([{"card": "9D", "to": "red", "as": "10"}])
    assert verdict["legal"] is False
    assert cited(verdict) & {"MR-2", "MR-3"}


def test_mr3_a_real_card_may_say_its_own_rank():
    ok(turn([{"card": "9D", "to": "red", "as": "9"}, PASS]))


def test_mr3_a_wild_with_several_readings_must_say_which():
    grey = {**START, "grey": "me"}  # JK on 8D: 8 (double) or 9
    try:
        verdict = turn([{"card": "JK", "to": "red"}], pawns=grey)
    except CaseError as exc:
        assert exc.field.startswith("plays[0]")
    else:
        assert verdict["legal"] is False


@pytest.mark.parametrize("rank", ["boer", "b", "j", "J"])
def test_mr3_as_in_any_spelling(rank):
    piles = {"red": "10D", "black": "8C", "mix": "QH"}
    result = ok(turn([{"card": "JK", "to": "red", "as": rank}, PASS], piles=piles))
    assert result["piles"]["red"] == {"card": "JK", "as": "J"}


def test_mr3_as_must_be_a_rank():
    with pytest.raises(CaseError) as caught:
        turn([{"card": "JK", "to": "red", "as": "X"}])
    assert caught.value.field.startswith("plays[0]")


def test_mr3_two_is_not_a_rank_to_stand_for():
    try:
        verdict = turn([{"card": "JK", "to": "mix", "as": "2"}])
    except CaseError as exc:
        assert exc.field.startswith("plays[0]")
    else:
        assert verdict["legal"] is False


# --- MR-4 ace closes -------------------------------------------------------------------------


def test_mr4_seed_example_1():
    # Spade ace on the heart king (mix), then 5H, 6C, 7D there, 9D on the red 8D; the hand is
    # empty and five new cards are drawn in the same turn.
    piles = {"red": "8D", "black": "8C", "mix": "KH"}
    hand = ["AS", "9D", "7D", "6C", "5H"]
    plays = [
        {"card": "AS", "to": "mix"},
        {"card": "5H", "to": "mix"},
        {"card": "6C", "to": "mix"},
        {"card": "7D", "to": "mix"},
        {"card": "9D", "to": "red"},
        {"pass": "QD", "to": "open"},
    ]
    result = ok(turn(plays, piles=piles, hand=hand))
    assert result["piles"] == {"red": "9D", "black": "8C", "mix": "7D"}
    assert result["hand"] == ["3H", "4C", "6S", "7H"]
    assert result["finished"] is True


def test_mr4_the_ace_leaves_an_empty_place():
    piles = {"red": "KD", "black": "8C", "mix": "QH"}
    result = ok(turn([{"card": "AD", "to": "red"}, PASS], piles=piles, hand=["AD", "5S"]))
    assert result["piles"]["red"] is None


def test_mr4_an_empty_place_takes_any_rank_later():
    piles = {"red": None, "black": None, "mix": None}
    hand = ["QD", "KD", "4S", "JK", "5S"]
    plays = [
        {"card": "QD", "to": "red"},
        {"card": "KD", "to": "red"},
        {"card": "4S", "to": "black"},
        {"card": "JK", "to": "mix", "as": "7"},
        PASS,
    ]
    result = ok(turn(plays, piles=piles, hand=hand))
    assert result["piles"] == {"red": "KD", "black": "4S", "mix": {"card": "JK", "as": "7"}}


def test_mr4_an_ace_on_an_empty_place_closes_it_at_once():
    piles = {"red": None, "black": "8C", "mix": "QH"}
    result = ok(turn([{"card": "AD", "to": "red"}, PASS], piles=piles, hand=["AD", "5S"]))
    assert result["piles"]["red"] is None


def test_mr4_a_wild_on_an_empty_place_must_say_its_rank():
    piles = {"red": None, "black": "8C", "mix": "QH"}
    try:
        verdict = turn([{"card": "JK", "to": "red"}], piles=piles)
    except CaseError as exc:
        assert exc.field.startswith("plays[0]")
    else:
        bad(verdict, {"MR-3", "MR-4"}, 0)


def test_mr4_an_ace_by_the_red_pawn_closes_too():
    piles = {"red": "QD", "black": "8C", "mix": "QH"}
    pawns = {**START, "red": "me"}
    result = ok(
        turn([{"card": "AD", "to": "red"}, PASS], piles=piles, hand=["AD", "5S"], pawns=pawns)
    )
    assert result["piles"]["red"] is None
    assert result["pawns"]["red"] == "start"


# --- MR-5 ten-card ---------------------------------------------------------------------------


def test_mr5_a_ten_card_triggers_one_pawn_action():
    result = ok(turn([*TEN, GREY, PASS]))
    assert result["pawns"] == {**START, "grey": "me"}
    assert result["piles"]["red"] == "10H"


def test_mr5_the_pawn_action_is_done_at_once():
    bad(turn([*TEN, {"card": "9C", "to": "black"}, GREY, PASS]), "MR-5", 2)


def test_mr5_the_turn_may_not_end_before_the_pawn_action():
    bad(turn([*TEN, PASS]), "MR-5", 2)


def test_mr5_a_turn_stopping_right_after_the_ten_is_unfinished():
    result = ok(turn(TEN))
    assert result["finished"] is False
    assert result["piles"]["red"] == "10H"


def test_mr5_no_pawn_action_without_a_ten_card():
    bad(turn([GREY]), {"MR-5", "MR-7"}, 0)
    bad(turn([{"card": "9D", "to": "red"}, GREY]), {"MR-5", "MR-7"}, 1)


def test_mr5_only_one_action_per_ten_card():
    bad(turn([*TEN, GREY, RED, PASS]), {"MR-5", "MR-7"}, 3)


@pytest.mark.parametrize(
    ("card", "pile", "top"),
    [("10S", "black", "9S"), ("2S", "black", "9S"), ("JK", "red", "9D"), ("2D", "red", "9H")],
)
def test_mr5_every_kind_of_ten_card(card, pile, top):
    piles = {"red": "8D", "black": "8C", "mix": "QH", pile: top}
    play = {"card": card, "to": pile} | ({} if card.startswith("10") else {"as": "10"})
    result = ok(turn([play, RED, PASS], piles=piles, hand=[card, "5S"]))
    assert result["pawns"]["red"] == "me"
    bad(turn([play, PASS], piles=piles, hand=[card, "5S"]), "MR-5", 1)


@pytest.mark.parametrize(
    ("card", "pile", "rank"),
    [("10H", "red", None), ("JK", "mix", "10"), ("2S", "black", "10"), ("2D", "red", "10")],
)
def test_mr5_a_ten_starting_an_empty_place_is_no_ten_card(card, pile, rank):
    # RULES.md MR-5: "A 10 that starts a new pile on an empty place (MR-4) is not laid on a
    # 9 and is no ten-card: no pawn action" (seed: "Een tien-kaart leg je op een 9-kaart").
    piles = {"red": "8D", "black": "8C", "mix": "QH", pile: None}
    play = {"card": card, "to": pile} | ({"as": rank} if rank else {})
    result = ok(turn([play, PASS], piles=piles, hand=[card, "5S"]))
    assert result["piles"][pile] == (card if rank is None else {"card": card, "as": rank})
    assert result["pawns"] == START and result["finished"] is True
    verdict = turn([play, RED, PASS], piles=piles, hand=[card, "5S"])
    bad(verdict, "MR-5", 1)
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
        RED,
        PASS,
    ]
    result = ok(turn(plays, piles=piles, hand=hand))
    assert result["piles"] == {"red": "JH", "black": "10C", "mix": "QH"}
    assert result["pawns"] == {**START, "red": "me"}
    bad(turn([*plays[:2], RED], piles=piles, hand=hand), "MR-5", 2)


def test_mr5_an_ace_closing_then_a_ten_starting_the_place_is_no_ten_card():
    # MR-4: the one who closed may start the place at once; a 10 there is no ten-card.
    piles = {"red": "KD", "black": "8C", "mix": "QH"}
    hand = ["AD", "10D", "5S"]
    plays = [{"card": "AD", "to": "red"}, {"card": "10D", "to": "red"}, PASS]
    result = ok(turn(plays, piles=piles, hand=hand))
    assert result["piles"]["red"] == "10D" and result["pawns"] == START
    bad(turn([*plays[:2], GREY, PASS], piles=piles, hand=hand), "MR-5", 2)


def test_mr5_reading_ten_on_ten_with_grey_gives_two_actions():
    piles = {"red": "9D", "black": "8C", "mix": "QH"}
    hand = ["10D", "10H", "5S"]
    pawns = {**START, "grey": "me"}
    plays = [
        {"card": "10D", "to": "red"},
        RED,
        {"card": "10H", "to": "red"},
        {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
        PASS,
    ]
    result = ok(turn(plays, piles=piles, hand=hand, pawns=pawns))
    assert result["pawns"]["grey"] == "start"  # used this turn
    assert result["pawns"]["red"] == "me"
    assert white(result) == ["opponent_draw", "start"]


def test_mr5_reading_ten_on_eight_with_red_pawn():
    pawns = {**START, "red": "me"}
    result = ok(turn([{"card": "10H", "to": "red"}, GREY, PASS], pawns=pawns))
    assert result["pawns"] == {**START, "grey": "me"}  # red used and back home


def test_mr5_seed_example_2_black_two_on_spade_nine():
    piles = {"red": "8D", "black": "9S", "mix": "QH"}
    hand = ["2S", "5S"]
    plays = [{"card": "2S", "to": "black", "as": "10"}, GREY, PASS]
    assert ok(turn(plays, piles=piles, hand=hand))["piles"]["black"] == {"card": "2S", "as": "10"}
    bad(turn([plays[0], PASS], piles=piles, hand=hand), "MR-5", 1)


# --- MR-6 sources ----------------------------------------------------------------------------


def test_mr6_every_source():
    plays = [
        {"card": "9D", "to": "red"},  # hand
        {"card": "9S", "from": "open", "to": "black"},  # own open card
        {"card": "10S", "from": "penalty", "to": "black"},  # top of own penalty pile
        GREY,
        {"card": "KD", "from": "opponent_penalty", "to": "mix"},  # opponent's penalty top
        {"card": "10H", "to": "red"},
        RED,
        PASS,
    ]
    result = ok(
        turn(
            plays,
            open={"me": ["9S"], "opponent": ["9H"]},
            penalty={"me": ["4H", "10S"], "opponent": ["3S", "KD"]},
        )
    )
    assert result["piles"] == {"red": "10H", "black": "10S", "mix": "KD"}
    assert result["pawns"] == {**START, "grey": "me", "red": "me"}


def test_mr6_the_opponents_open_card():
    result = ok(turn([{"card": "9H", "from": "opponent_open", "to": "red"}, PASS]))
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
    assert ok(turn(plays, piles=piles, penalty=penalty))["piles"]["black"] == "QS"
    bad(turn(plays[1:], piles=piles, penalty=penalty), "MR-6", 0)


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
    bad(turn([play]), "MR-6", 0)


def test_mr6_a_card_cannot_be_played_twice():
    bad(turn([{"card": "9D", "to": "red"}, {"card": "9D", "to": "mix"}]), "MR-6", 1)


def test_mr6_a_played_open_card_is_gone():
    plays = [
        {"card": "9H", "from": "opponent_open", "to": "red"},
        {"card": "9H", "from": "opponent_open", "to": "mix"},
    ]
    bad(turn(plays), "MR-6", 1)


def test_mr6_a_card_under_a_white_pawn_cannot_be_taken():
    pawns = {**START, "white": ["opponent_open:9H", "opponent_penalty"]}
    bad(turn([{"card": "9H", "from": "opponent_open", "to": "red"}], pawns=pawns), {"MR-6"}, 0)
    bad(turn([{"card": "KD", "from": "opponent_penalty", "to": "mix"}], pawns=pawns), "MR-6", 0)


def test_mr6_cards_of_a_blocked_player_that_are_free():
    # The white pawn is on the opponent's penalty pile: their open 9H is still free.
    pawns = {**START, "white": ["opponent_penalty", "start"]}
    ok(turn([{"card": "9H", "from": "opponent_open", "to": "red"}, PASS], pawns=pawns))


# --- MR-7 pawn actions -----------------------------------------------------------------------


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
    result = ok(turn([*TEN, action, PASS]))
    if "white" in expected:
        assert white(result) == sorted([expected["white"], "start"])
    else:
        assert result["pawns"] == {**START, **expected}


def test_mr7_a_white_pawn_on_the_red_pile_just_played_on():
    action = {"pawn_action": "place", "pawn": "white", "on": "pile:red"}
    result = ok(turn([*TEN, action, PASS]))
    assert white(result) == ["pile:red", "start"]
    # nobody may play on it, the one who placed it included
    bad(turn([*TEN, action, {"card": "JK", "to": "red", "as": "J"}]), "MR-7", 3)


def remove(pawn: str, where: str) -> dict[str, str]:
    return {"pawn_action": "remove", "pawn": pawn, "from": where}


@pytest.mark.parametrize(
    ("pawns", "action", "after"),
    [
        ({**START, "grey": "opponent"}, remove("grey", "opponent"), START),
        ({**START, "red": "opponent"}, remove("red", "opponent"), START),
        ({**START, "white": ["pile:black", "start"]}, remove("white", "pile:black"), START),
        (
            {**START, "white": ["opponent_draw", "pile:mix"]},
            remove("white", "pile:mix"),
            {**START, "white": ["opponent_draw", "start"]},
        ),
        ({**START, "grey": "me"}, remove("grey", "me"), START),
    ],
)
def test_mr7_remove_a_placed_or_held_pawn(pawns, action, after):
    result = ok(turn([*TEN, action, PASS], pawns=pawns))
    assert result["pawns"]["grey"] == after["grey"]
    assert result["pawns"]["red"] == after["red"]
    assert white(result) == sorted(after["white"])


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
        RED,
        PASS,
    ]
    result = ok(
        turn(
            plays,
            piles=piles,
            pawns=pawns,
            hand=["9H", "10H", "10C", "5S"],
            open={"me": [], "opponent": ["8D", "8H"]},
        )
    )
    assert white(result) == ["opponent_open:8H", "start"]
    assert result["pawns"]["red"] == "me"


def test_mr7_nobody_plays_on_a_blocked_pile():
    pawns = {**START, "white": ["pile:red", "start"]}
    bad(turn([{"card": "9D", "to": "red"}], pawns=pawns), "MR-7", 0)
    ok(turn([{"card": "9C", "to": "black"}, PASS], pawns=pawns))


def test_mr7_a_blocked_empty_place_cannot_be_started():
    piles = {"red": None, "black": "8C", "mix": "QH"}
    pawns = {**START, "white": ["pile:red", "start"]}
    bad(turn([{"card": "9D", "to": "red"}], piles=piles, pawns=pawns), "MR-7", 0)


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
        ({**START, "white": ["pile:black", "start"]},
         {"pawn_action": "remove", "pawn": "white", "from": "pile:mix"}),
        # basic game: at most one pawn per pile
        ({**START, "white": ["pile:mix", "start"]},
         {"pawn_action": "place", "pawn": "white", "on": "pile:mix"}),
        ({**START, "white": ["opponent_draw", "start"]},
         {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"}),
        # no white pawn left to place
        ({**START, "white": ["pile:mix", "opponent_draw"]},
         {"pawn_action": "place", "pawn": "white", "on": "pile:black"}),
        # only white pawns are placed
        (START, {"pawn_action": "place", "pawn": "grey", "on": "pile:red"}),
        (START, {"pawn_action": "place", "pawn": "red", "on": "opponent_draw"}),
    ],
)  # fmt: skip
def test_mr7_impossible_pawn_actions(pawns, action):
    bad(turn([*TEN, action, PASS], pawns=pawns), "MR-7", 2)


@pytest.mark.parametrize("on", ["penalty", "draw", "open:5S", "me"])
def test_mr7_a_white_pawn_never_goes_on_a_pile_of_ones_own(on):
    try:
        verdict = turn([*TEN, {"pawn_action": "place", "pawn": "white", "on": on}, PASS])
    except CaseError as exc:
        assert exc.field.startswith("plays[2]")
    else:
        bad(verdict, "MR-7", 2)


def test_mr7_a_white_pawn_on_an_open_card_that_is_not_there():
    action = {"pawn_action": "place", "pawn": "white", "on": "opponent_open:5C"}
    try:
        verdict = turn([*TEN, action, PASS])
    except CaseError as exc:
        assert exc.field.startswith("plays[2]")
    else:
        bad(verdict, "MR-7", 2)


def test_mr7_reading_white_pawn_on_an_empty_place_or_penalty_pile():
    # Engine reading (RULES.md silent): an empty centre place can be blocked (nobody may
    # start it), an empty penalty pile cannot (there is nothing to take).
    piles = {"red": "8D", "black": "8C", "mix": None}
    place = {"pawn_action": "place", "pawn": "white", "on": "pile:mix"}
    assert white(ok(turn([*TEN, place, PASS], piles=piles))) == ["pile:mix", "start"]
    place = {"pawn_action": "place", "pawn": "white", "on": "opponent_penalty"}
    empty = {"me": [], "opponent": []}
    bad(turn([*TEN, place, PASS], penalty=empty), "MR-7", 2)


def test_decks_each_player_holds_cards_of_their_own_deck_only():
    # The same card may be mine and the opponent's (two decks) ...
    ok(turn([PASS], hand=["9H", "5S"]))
    # ... but not twice mine, nor twice theirs.
    assert error_field(board_with(open={"me": ["9C"], "opponent": ["9H"]})) == "open.me[0]"
    changed = board_with(penalty={"me": [], "opponent": ["9H"]})
    assert error_field(changed) == "penalty.opponent[0]"
    jokers = board_with(penalty={"me": ["JK", "JK"], "opponent": []})  # 3 with the hand's
    assert error_field(jokers) == "penalty.me[1]"


# --- MR-8 grey pawn --------------------------------------------------------------------------


def test_mr8_doubles_with_the_grey_pawn_then_it_goes_home():
    pawns = {**START, "grey": "me"}
    hand = ["8H", "9D", "9H", "5S"]
    plays = [
        {"card": "8H", "to": "red"},
        {"card": "9D", "to": "red"},
        {"card": "9H", "to": "red"},
        PASS,
    ]
    result = ok(turn(plays, pawns=pawns, hand=hand))
    assert result["piles"]["red"] == "9H"
    assert result["pawns"]["grey"] == "start"


def test_mr8_seed_sixes_then_sevens():
    piles = {"red": "8D", "black": "6C", "mix": "QH"}
    pawns = {**START, "grey": "me"}
    hand = ["6S", "6C", "7S", "7C", "5S"]
    plays = [{"card": c, "to": "black"} for c in hand[:4]] + [PASS]
    result = ok(turn(plays, piles=piles, pawns=pawns, hand=hand))
    assert result["piles"]["black"] == "7C"
    bad(turn(plays, piles=piles, hand=hand), {"MR-2", "MR-8"}, 0)


def test_mr8_an_unused_grey_pawn_stays_with_its_holder():
    pawns = {**START, "grey": "me"}
    assert ok(turn([{"card": "9D", "to": "red"}, PASS], pawns=pawns))["pawns"]["grey"] == "me"


def test_mr8_colour_limits_still_apply():
    pawns = {**START, "grey": "me"}
    bad(turn([{"card": "8S", "to": "red"}], pawns=pawns, hand=["8S", "5S"]), "MR-1", 0)


def test_mr8_seed_example_7_taken_and_used_in_the_same_turn():
    plays = [*TEN, GREY, {"card": "10D", "to": "red"}, RED, PASS]
    result = ok(turn(plays, hand=["9D", "10H", "10D", "5S"]))
    assert result["pawns"]["grey"] == "start"
    assert result["pawns"]["red"] == "me"


def test_mr8_seed_example_8_new_pile_with_doubles():
    piles = {"red": "KD", "black": "8C", "mix": "QH"}
    hand = ["AD", "3D", "3H", "4H", "5D", "5H"]
    plays = [{"card": c, "to": "red"} for c in hand]
    pawns = {**START, "grey": "me"}
    draw = ["6S", "7S", "8S", "9S", "10S", "JS"]
    result = ok(turn(plays, pawns=pawns, draw_pile=draw, piles=piles, hand=hand))
    assert result["piles"]["red"] == "5H"
    assert result["hand"] == ["6S", "7S", "8S", "9S", "10S"]
    assert result["finished"] is False
    bad(turn(plays, draw_pile=draw, piles=piles, hand=hand), {"MR-2", "MR-8"}, 2)


# --- MR-9 red pawn ---------------------------------------------------------------------------


def test_mr9_skipping_as_often_as_liked_in_one_turn():
    pawns = {**START, "red": "me"}
    hand = ["10D", "QD", "AD", "5S"]
    plays = [
        {"card": "10D", "to": "red"},  # over the 9
        GREY,
        {"card": "QD", "to": "red"},  # over the J
        {"card": "AD", "to": "red"},  # over the K: closes
        PASS,
    ]
    result = ok(turn(plays, pawns=pawns, hand=hand))
    assert result["piles"]["red"] is None
    assert result["pawns"] == {**START, "grey": "me"}


def test_mr9_also_single_steps_in_that_turn():
    pawns = {**START, "red": "me"}
    plays = [{"card": "9D", "to": "red"}, {"card": "JD", "to": "red"}, PASS]
    result = ok(turn(plays, pawns=pawns, hand=["9D", "JD", "5S"]))
    assert result["piles"]["red"] == "JD"
    assert result["pawns"]["red"] == "start"


def test_mr9_seed_example_seven_then_nine():
    piles = {"red": "7D", "black": "8C", "mix": "QH"}
    pawns = {**START, "red": "me"}
    assert ok(turn([{"card": "9D", "to": "red"}, PASS], piles=piles, pawns=pawns))
    bad(turn([{"card": "9D", "to": "red"}], piles=piles), {"MR-2", "MR-9"}, 0)


def test_mr9_only_one_rank_skipped():
    pawns = {**START, "red": "me"}
    bad(turn([{"card": "JD", "to": "red"}], pawns=pawns, hand=["JD", "5S"]), {"MR-2", "MR-9"}, 0)


def test_mr9_an_unused_red_pawn_stays():
    pawns = {**START, "red": "me"}
    assert ok(turn([{"card": "9D", "to": "red"}, PASS], pawns=pawns))["pawns"]["red"] == "me"


def test_mr9_held_by_the_opponent_it_gives_me_nothing():
    pawns = {**START, "red": "opponent", "grey": "opponent"}
    bad(turn([{"card": "10H", "to": "red"}], pawns=pawns), {"MR-2", "MR-9"}, 0)
    bad(turn([{"card": "8H", "to": "red"}], pawns=pawns, hand=["8H"]), {"MR-2", "MR-8"}, 0)


# --- MR-10 turn ------------------------------------------------------------------------------


def test_mr10_pass_card_open_or_on_the_penalty_pile():
    for to in ("open", "penalty"):
        assert ok(turn([{"pass": "5S", "to": to}]))["finished"] is True


def test_mr10_four_open_cards_at_most():
    full = {"me": ["3D", "4D", "5D", "6D"], "opponent": ["9H"]}
    bad(turn([{"pass": "5S", "to": "open"}], open=full), "MR-10", 0)
    ok(turn([{"pass": "5S", "to": "penalty"}], open=full))
    three = {"me": ["3D", "4D", "5D"], "opponent": ["9H"]}
    ok(turn([{"pass": "5S", "to": "open"}], open=three))


def test_mr10_four_open_cards_after_playing_one_of_them():
    full = {"me": ["9S", "4D", "5D", "6D"], "opponent": ["9H"]}
    plays = [{"card": "9S", "from": "open", "to": "black"}, {"pass": "5S", "to": "open"}]
    ok(turn(plays, open=full))


def test_mr10_the_pass_card_comes_from_the_hand():
    bad(turn([{"pass": "QD", "to": "open"}]), {"MR-10", "MR-6"}, 0)
    bad(turn([{"pass": "9H", "to": "open"}]), {"MR-10", "MR-6"}, 0)


def test_mr10_the_pass_card_ends_the_turn():
    bad(turn([PASS, {"card": "9D", "to": "red"}]), "MR-10", 1)
    bad(turn([PASS, {"pass": "9D", "to": "open"}]), "MR-10", 1)


def test_mr10_a_pass_card_goes_open_or_to_penalty_only():
    try:
        verdict = turn([{"pass": "5S", "to": "mix"}])
    except CaseError as exc:
        assert exc.field.startswith("plays[0]")
    else:
        bad(verdict, "MR-10", 0)


def test_mr10_playing_the_hand_empty_draws_five_in_the_same_turn():
    hand = ["9D", "10D"]
    draw = ["3H", "4C", "QD", "6S", "7H", "KC"]
    plays = [
        {"card": "9D", "to": "red"},
        {"card": "10D", "to": "red"},  # hand empty: five drawn before going on
        GREY,
        {"card": "6S", "to": "black"},  # a drawn card
        {"pass": "3H", "to": "open"},
    ]
    piles = {"red": "8D", "black": "5C", "mix": "QH"}
    result = ok(turn(plays, hand=hand, draw_pile=draw, piles=piles))
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
    result = ok(turn(plays, hand=hand, draw_pile=draw, piles=piles))
    assert result["piles"]["mix"] == "9S"
    assert result["hand"] == ["10S", "QS"]


def test_mr10_nobody_has_to_play_a_card_they_could_play():
    ok(turn([{"pass": "9D", "to": "penalty"}]))


def test_mr10_draw_rule_two_is_an_accepted_option():
    result = ok(turn([{"card": "9D", "to": "red"}, PASS], {"draw_rule": "two"}))
    assert result["hand"] == ["9C", "10H", "JK"]
    ok(turn([PASS], {"draw_rule": "fill5"}))


# --- MR-11 last ten (only what CASES.md lets a case say) -------------------------------------


def test_mr11_more_than_four_open_cards_is_only_possible_in_the_last_ten():
    # A board with five open cards of one's own is past the last ten's start: the limit of
    # four no longer applies, so the pass card may be laid open too.
    many = {"me": ["3D", "4D", "5D", "6D", "7D"], "opponent": ["9H"]}
    result = ok(turn([{"card": "9D", "to": "red"}, {"pass": "5S", "to": "open"}], open=many))
    assert result["finished"] is True


def test_mr7_seed_example_5_the_blocked_player_skips_a_turn():
    # Seen from the blocked player: the white pawn stands on their own draw pile (not among
    # CASES.md's places, which are seen from the one who places; the engine reads "draw").
    for spelled in ("draw", "me_draw", "draw_pile"):
        pawns = {**START, "white": [spelled, "start"]}
        result = ok(turn([], pawns=pawns))
        assert result["finished"] is True
        assert result["pawns"] == START
        assert result["hand"] == BOARD["hand"]
        bad(turn([{"card": "9D", "to": "red"}], pawns=pawns), "MR-7", 0)


# --- MR-12 round end -------------------------------------------------------------------------


def test_mr12_basic_scoring_one_per_card():
    data = copy.deepcopy(CASES_ROUND)
    del data["options"]
    verdict = judge(data)
    assert verdict["legal"] is True
    # KH + 3C + 2D + QS = 4 cards; the grey pawn counts nothing in the basic game.
    assert verdict["result"] == {"points": {"red": 4, "blue": 1}, "winner": "blue"}


def test_mr12_every_card_counts_one_however_written():
    players = {
        "red": {"hand": ["schoppen vrouw", "harten 10", "joker"], "open": ["♥3"], "penalty": []},
        "blue": {"hand": ["ruiten boer", "klaveren aas", "Q♠", "kh", "JK", "jk"]},
    }
    result = score(players, emptied_first="red")["result"]
    assert result == {"points": {"red": 4, "blue": 6}, "winner": "red"}


def test_mr12_zero_points():
    result = score({"red": {}, "blue": {"hand": ["3H"]}}, emptied_first="red")["result"]
    assert result == {"points": {"red": 0, "blue": 1}, "winner": "red"}
    result = score({"red": {"hand": [], "open": [], "penalty": []}, "blue": {"hand": []}},
                   emptied_first="blue")["result"]  # fmt: skip
    assert result == {"points": {"red": 0, "blue": 0}, "winner": "blue"}


@pytest.mark.parametrize("first", ["red", "blue"])
def test_mr12_equal_points_go_to_who_emptied_the_draw_pile_first(first):
    players = {"red": {"hand": ["3H", "4H"]}, "blue": {"open": ["5S"], "penalty": ["6S"]}}
    result = score(players, emptied_first=first)["result"]
    assert result == {"points": {"red": 2, "blue": 2}, "winner": first}


def test_mr12_fewest_points_win_whoever_emptied_first():
    players = {"red": {"hand": ["3H", "4H", "5H"]}, "blue": {"hand": ["5S"]}}
    assert score(players, emptied_first="red")["result"]["winner"] == "blue"


def test_mr12_a_tie_without_emptied_first_has_no_guessed_winner():
    # Either the missing tie-break is named (exit 2) or the winner is not guessed.
    players = {"red": {"hand": ["3H"]}, "blue": {"hand": ["5S"]}}
    try:
        result = score(players)["result"]
    except CaseError as exc:
        assert exc.field == "emptied_first"
    else:
        assert result["points"] == {"red": 1, "blue": 1}
        assert result.get("winner") is None


def test_mr12_no_tie_needs_no_emptied_first():
    players = {"red": {"hand": ["3H"]}, "blue": {"hand": ["5S", "6S"]}}
    assert score(players)["result"] == {"points": {"red": 1, "blue": 2}, "winner": "red"}


def test_mr12_three_players():
    players = {
        "Ann": {"hand": ["3H", "4H"]},
        "Bas": {"hand": ["3H"], "penalty": ["KS", "KD"]},
        "Cor": {"open": ["3H", "JK", "JK"]},
    }
    result = score(players, emptied_first="Ann")["result"]
    assert result == {"points": {"Ann": 2, "Bas": 3, "Cor": 3}, "winner": "Ann"}


def test_mr12_the_same_card_in_two_players_decks():
    players = {"red": {"hand": ["KH"]}, "blue": {"hand": ["KH", "JK", "JK"]}}
    assert score(players)["result"] == {"points": {"red": 1, "blue": 3}, "winner": "red"}


# --- MR-13 match -----------------------------------------------------------------------------


def won(red: int, blue: int, winner: str | None) -> dict[str, Any]:
    """A match result: rounds won by red and blue, the winner (None: a draw)."""
    return {"rounds_won": {"red": red, "blue": blue}, "winner": winner, "draw": winner is None}


@pytest.mark.parametrize(
    ("rounds", "options", "result"),
    [
        pytest.param([rnd(1, 3), rnd(0, 2)], None, won(2, 0, "red"), id="two-nil-wins"),
        pytest.param([rnd(1, 3), rnd(4, 2)], None, won(1, 1, None), id="one-all-is-a-draw"),
        pytest.param(
            [rnd(2, 2, "blue"), rnd(3, 3, "blue")], None, won(0, 2, "blue"), id="tie-break"
        ),
        pytest.param(
            [rnd(1, 3), rnd(4, 2), rnd(5, 1)],
            {"third_round": True},
            won(1, 2, "blue"),
            id="third-round-decides-a-level-match",
        ),
    ],
)
def test_mr13_match_result(rounds, options, result):
    verdict = match(rounds, options)
    assert verdict["legal"] is True
    assert verdict["result"] == result


def test_mr13_third_round_option_but_no_third_round_played_yet():
    verdict = match([rnd(1, 3), rnd(4, 2)], {"third_round": True})
    assert verdict["result"]["rounds_won"] == {"red": 1, "blue": 1}
    assert verdict["result"].get("winner") is None
    assert verdict["result"].get("draw") in (None, False)


def test_mr13_no_third_round_without_the_option():
    try:
        verdict = match([rnd(1, 3), rnd(4, 2), rnd(5, 1)])
    except CaseError as exc:
        assert exc.field.startswith("rounds")
    else:
        assert verdict["legal"] is False
        assert cited(verdict) == {"MR-13"}


def test_mr13_no_third_round_after_two_nil():
    try:
        verdict = match([rnd(1, 3), rnd(0, 3), rnd(5, 1)], {"third_round": True})
    except CaseError as exc:
        assert exc.field.startswith("rounds")
    else:
        assert verdict["legal"] is False
        assert cited(verdict) == {"MR-13"}


def test_mr13_variant1_rounds():
    r1 = copy.deepcopy(CASES_ROUND)  # blue wins 1 against 13
    r2 = copy.deepcopy(CASES_ROUND)
    r2["players"]["red"] = {"hand": [], "pawns": []}  # red 0, blue 1
    r2["emptied_first"] = "red"
    verdict = match([r1, r2])
    assert verdict["result"] == {"rounds_won": {"red": 1, "blue": 1}, "winner": None, "draw": True}


def test_mr13_from_the_cases_md_round_twice():
    verdict = match([CASES_ROUND, CASES_ROUND])
    assert verdict["legal"] is True
    assert verdict["result"] == {
        "rounds_won": {"red": 0, "blue": 2},
        "winner": "blue",
        "draw": False,
    }


def test_mr13_teams():
    def team_round(a: int, b: int) -> dict[str, Any]:
        cards = ["3H", "4H", "5H", "6H"]
        return {
            "game": "meierijen",
            "check": "round_score",
            "players": {
                "p1": {"hand": cards[:a]},
                "p2": {"hand": cards[:b]},
                "p3": {},
                "p4": {},
            },
            "teams": {"A": ["p1", "p3"], "B": ["p2", "p4"]},
            "emptied_first": "p1",
        }

    verdict = match([team_round(1, 2), team_round(0, 3)])
    assert verdict["result"] == {"rounds_won": {"A": 2, "B": 0}, "winner": "A", "draw": False}


# --- MR-V1 variant 1 -------------------------------------------------------------------------


def test_mrv1_cases_md_round_score_example():
    verdict = judge(CASES_ROUND)
    assert verdict["legal"] is True
    # red: KH 2 + 3C 1 + 2D 5 + QS 2 + grey pawn 3 = 13; blue: 9H 1
    assert verdict["result"] == {"points": {"red": 13, "blue": 1}, "winner": "blue"}


@pytest.mark.parametrize(
    ("cards", "pawns", "points"),
    [
        (["3S", "10S", "9H"], [], 3),
        (["JH", "QH", "KH", "AH"], [], 8),
        (["2S", "2H", "JK", "JK"], [], 20),
        ([], ["red"], 5),
        ([], ["grey"], 3),
        ([], ["white"], 0),
        ([], ["white", "white"], 0),
        (["AS"], ["red", "grey"], 10),
    ],
)
def test_mrv1_card_values_and_pawns(cards, pawns, points):
    players = {"red": {"hand": cards, "pawns": pawns}, "blue": {"hand": []}}
    result = score(players, V1, emptied_first="blue")["result"]
    assert result["points"]["red"] == points
    assert result["points"]["blue"] == 0
    assert result["winner"] == "blue"


def test_mrv1_pawns_count_nothing_without_the_variant():
    players = {"red": {"hand": ["JK"], "pawns": ["red", "grey"]}, "blue": {"hand": ["3H", "4H"]}}
    assert score(players, emptied_first="blue")["result"] == {
        "points": {"red": 1, "blue": 2},
        "winner": "red",
    }


def test_mrv1_down_a_step():
    result = ok(
        turn([{"card": "7D", "to": "red", "direction": "down"}, PASS], V1, hand=["7D", "5S"])
    )
    assert result["piles"]["red"] == "7D"
    result = ok(turn([{"card": "7D", "to": "red"}, PASS], V1, hand=["7D", "5S"]))
    assert result["piles"]["red"] == "7D"


def test_mrv1_down_needs_the_variant():
    bad(
        turn([{"card": "7D", "to": "red", "direction": "down"}], hand=["7D", "5S"]),
        {"MR-2", "MR-V1"},
        0,
    )


def test_mrv1_not_up_and_down_in_one_turn():
    hand = ["7D", "9C", "5S"]
    plays = [{"card": "7D", "to": "red"}, {"card": "9C", "to": "black"}]
    bad(turn(plays, V1, hand=hand), "MR-V1", 1)
    plays = [{"card": "9C", "to": "black"}, {"card": "7D", "to": "red"}]
    bad(turn(plays, V1, hand=hand), "MR-V1", 1)


def test_mrv1_down_the_same_pile():
    hand = ["7D", "6D", "5D", "5S"]
    plays = [{"card": c, "to": "red"} for c in hand[:3]] + [PASS]
    assert ok(turn(plays, V1, hand=hand))["piles"]["red"] == "5D"


def test_mrv1_down_onto_a_jack_is_no_ten_card():
    # MR-5 names a 10 laid on a 9 (on a 10 with grey, on an 8 with red); a 10 played down
    # on a J is not laid on a 9: no pawn action (docs/rules-engine.md).
    piles = {"red": "JD", "black": "8C", "mix": "QH"}
    hand = ["10D", "5S"]
    result = ok(turn([{"card": "10D", "to": "red"}, PASS], V1, piles=piles, hand=hand))
    assert result["piles"]["red"] == "10D" and result["pawns"] == START
    bad(turn([{"card": "10D", "to": "red"}, GREY, PASS], V1, piles=piles, hand=hand), "MR-5", 1)
    # ... while up onto a 9 it is one, with Variant 1 too
    piles = {"red": "9D", "black": "8C", "mix": "QH"}
    ok(turn([{"card": "10D", "to": "red"}, GREY, PASS], V1, piles=piles, hand=hand))
    bad(turn([{"card": "10D", "to": "red"}, PASS], V1, piles=piles, hand=hand), "MR-5", 1)


def test_mrv1_a_wild_says_its_rank_up_or_down():
    result = ok(turn([{"card": "JK", "to": "red", "as": "7"}, PASS], V1))
    assert result["piles"]["red"] == {"card": "JK", "as": "7"}
    result = ok(turn([{"card": "JK", "to": "red", "as": "9"}, PASS], V1))
    assert result["piles"]["red"] == {"card": "JK", "as": "9"}


def test_mrv1_two_white_pawns_may_share_a_pile():
    pawns = {**START, "white": ["pile:mix", "start"]}
    place = {"pawn_action": "place", "pawn": "white", "on": "pile:mix"}
    result = ok(turn([*TEN, place, PASS], V1, pawns=pawns))
    assert white(result) == ["pile:mix", "pile:mix"]
    bad(turn([*TEN, place, PASS], pawns=pawns), "MR-7", 2)


def test_mrv1_two_white_pawns_need_two_ten_cards():
    pawns = {**START, "white": ["pile:mix", "pile:mix"]}
    remove = {"pawn_action": "remove", "pawn": "white", "from": "pile:mix"}
    hand = ["9D", "10H", "10C", "KD", "5S"]
    piles = {"red": "8D", "black": "9C", "mix": "QH"}
    plays = [*TEN, remove, {"card": "KD", "to": "mix"}]
    bad(turn(plays, V1, pawns=pawns, hand=hand, piles=piles), "MR-7", 3)
    plays = [
        *TEN,
        remove,
        {"card": "10C", "to": "black"},
        remove,
        {"card": "KD", "to": "mix"},
        PASS,
    ]
    result = ok(turn(plays, V1, pawns=pawns, hand=hand, piles=piles))
    assert white(result) == ["start", "start"]
    assert result["piles"]["mix"] == "KD"


def test_mrv1_up_only_also_with_the_variant():
    ok(turn([{"card": "9D", "to": "red"}, {"card": "9C", "to": "black"}, PASS], V1))


# --- MR-4P four players ----------------------------------------------------------------------

TEAMS = {"A": ["p1", "p3"], "B": ["p2", "p4"]}


def test_mr4p_round_score_per_team():
    players = {
        "p1": {"hand": ["3H", "4H"]},
        "p2": {"hand": ["5S"]},
        "p3": {"open": ["6D"], "penalty": ["7D"]},
        "p4": {"hand": ["8S", "9S", "10S"]},
    }
    result = score(players, teams=TEAMS, emptied_first="p1")["result"]
    assert result == {"points": {"A": 4, "B": 4}, "winner": "A"}
    result = score(players, teams=TEAMS, emptied_first="p4")["result"]
    assert result == {"points": {"A": 4, "B": 4}, "winner": "B"}


def test_mr4p_team_variant1_with_shared_pawns():
    players = {
        "p1": {"hand": ["JK"], "pawns": ["red"]},
        "p2": {"hand": ["5S"]},
        "p3": {"open": ["AD"]},
        "p4": {"hand": ["8S"], "pawns": ["grey"]},
    }
    result = score(players, V1, teams=TEAMS, emptied_first="p2")["result"]
    assert result == {"points": {"A": 5 + 5 + 2, "B": 1 + 1 + 3}, "winner": "B"}


def test_mr4p_team_basic_fewest_wins():
    players = {"p1": {}, "p2": {"hand": ["5S"]}, "p3": {}, "p4": {}}
    result = score(players, teams=TEAMS, emptied_first="p2")["result"]
    assert result == {"points": {"A": 0, "B": 1}, "winner": "A"}


def test_mr4p_teams_must_name_the_players():
    players = {"p1": {}, "p2": {}, "p3": {}, "p4": {}}
    with pytest.raises(CaseError) as caught:
        cases.judge(
            {
                "game": "meierijen",
                "check": "round_score",
                "players": players,
                "teams": {"A": ["p1", "p3"], "B": ["p2", "p9"]},
            }
        )
    assert caught.value.field.startswith("teams")


# --- card spellings --------------------------------------------------------------------------


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
    result = ok(turn(plays, **data))
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
    result = ok(turn([play], hand=[spelled, "5S"], piles=piles, draw_pile=[]))
    assert result["hand"] == ["5S"]
    mix = result["piles"]["mix"]
    if card == "AC":
        assert mix is None
    elif card == "JK":
        assert mix == {"card": "JK", "as": "5"}
    else:
        assert mix == card


# --- missing optional fields -----------------------------------------------------------------


def test_a_turn_without_the_optional_board_parts():
    data = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "8D", "black": "8C", "mix": "QH"},
        "hand": ["9D", "5S"],
        "plays": [{"card": "9D", "to": "red"}, PASS],
    }
    try:
        verdict = judge(data)
    except CaseError as exc:  # a field the engine needs, named
        assert exc.field in {"draw_pile", "open", "penalty", "pawns"}
    else:
        result = ok(verdict)
        assert result["piles"]["red"] == "9D"
        assert result["hand"] == []


def test_round_score_players_may_leave_out_empty_parts():
    result = score({"red": {"hand": ["3H"]}, "blue": {"open": ["4S"], "penalty": ["5S"]}},
                   emptied_first="red")["result"]  # fmt: skip
    assert result == {"points": {"red": 1, "blue": 2}, "winner": "red"}


# --- cases that cannot be judged -------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"piles": None}, "piles"),
        ({"piles": {"red": "8D", "black": "8C"}}, "piles.mix"),
        ({"piles": {"red": "1D", "black": "8C", "mix": "QH"}}, "piles.red"),
        ({"piles": {"red": "8D", "black": "8H", "mix": "QH"}}, "piles.black"),
        ({"hand": ["9D", "XX"]}, "hand[1]"),
        ({"hand": ["9D", "11D"]}, "hand[1]"),
        ({"hand": ["9D", "9D"]}, "hand[1]"),
        ({"hand": ["JK", "JK", "JK"]}, "hand[2]"),
        ({"hand": "9D"}, "hand"),
        ({"draw_pile": ["9D", "9D"]}, "draw_pile[1]"),  # with 9D in hand: 3 of 2 decks
        ({"draw_pile": ["JK", "JK", "JK", "JK"]}, "draw_pile[3]"),  # 5 jokers of 4
        ({"open": {"me": ["9D"], "opponent": []}}, ("open.me[0]", "hand[0]")),
        ({"penalty": {"me": [], "opponent": ["9H", "KD"]}},
         ("penalty.opponent[0]", "open.opponent[0]")),
        ({"pawns": {"grey": "pile:red", "red": "start", "white": ["start", "start"]}},
         "pawns.grey"),
        ({"plays": [{"card": "9D", "to": "purple"}]}, "plays[0].to"),
        ({"plays": [{"card": "9D", "to": "red", "from": "pocket"}]}, "plays[0].from"),
        ({"plays": [{"card": "ZZ", "to": "red"}]}, "plays[0].card"),
        ({"plays": [{"card": "9D"}]}, "plays[0].to"),
        ({"plays": "9D"}, "plays"),
        ({"plays": [{"pawn_action": "fly", "pawn": "grey"}]}, "plays[0].pawn_action"),
    ],
)  # fmt: skip
def test_cases_that_cannot_be_judged_name_the_field(changes, field):
    got = error_field(board_with(**changes))
    assert got.startswith(field if isinstance(field, tuple) else (field,)), (got, field)


@pytest.mark.parametrize("missing", ["piles", "hand"])
def test_a_missing_required_field(missing):
    data = board_with()
    del data[missing]
    assert error_field(data) == missing


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": None}, "players"),
        ({"players": {"red": {"hand": ["KH", "KH"]}, "blue": {}}}, "players.red.hand[1]"),
        ({"players": {"red": {"hand": ["KH"], "open": ["KH"]}, "blue": {}}}, "players.red"),
        ({"players": {"red": {"hand": ["ZZ"]}, "blue": {}}}, "players.red.hand[0]"),
        ({"players": {"red": {"pawns": ["purple"]}, "blue": {}}}, "players.red.pawns[0]"),
        ({"players": {"red": {"pawns": ["grey"]}, "blue": {"pawns": ["grey"]}}}, "players"),
        ({"emptied_first": "green"}, "emptied_first"),
        ({"options": {"variant1": True, "colour": "red"}}, "options"),
        ({"options": {"draw_rule": "three"}}, "options.draw_rule"),
    ],
)
def test_round_score_cases_that_cannot_be_judged(changes, field):
    data = copy.deepcopy(CASES_ROUND)
    data.update(copy.deepcopy(changes))
    got = error_field(data)
    assert got == field or got.startswith(field), (got, field)


@pytest.mark.parametrize(
    ("rounds", "field"),
    [
        (None, "rounds"),
        ("two", "rounds"),
        ([5], "rounds[0]"),
        ([{"game": "meierijen", "check": "round_score"}], "rounds[0]"),
    ],
)
def test_match_cases_that_cannot_be_judged(rounds, field):
    data = {"game": "meierijen", "check": "match", "rounds": rounds}
    got = error_field(data)
    assert got == field or got.startswith(field), (got, field)


def test_a_round_error_names_its_place_in_the_match():
    bad_round = rnd(1, 2)
    bad_round["players"]["red"]["hand"] = ["ZZ"]
    got = error_field({"game": "meierijen", "check": "match", "rounds": [rnd(1, 2), bad_round]})
    assert got.startswith("rounds[1]"), got


def test_unknown_check():
    assert error_field({"game": "meierijen", "check": "trick"}) == "check"


# --- CLI -------------------------------------------------------------------------------------


def test_cli_case_error_is_one_line_and_exit_2():
    data = board_with(hand=["9D", "XX"])
    out, err = io.StringIO(), io.StringIO()
    assert cases.main(["-"], io.BytesIO(json.dumps(data).encode()), out, err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().count("\n") == 1
    assert "hand[1]" in err.getvalue() and "Traceback" not in err.getvalue()


def test_cli_illegal_turn_exits_0():
    out, err = io.StringIO(), io.StringIO()
    assert cases.main(["-"], io.BytesIO(json.dumps(CASES_TURN).encode()), out, err) == 0
    verdict = json.loads(out.getvalue())
    assert verdict["legal"] is False


# --- no crash on malformed input -------------------------------------------------------------

JUNK = [None, 0, -1, 1.5, True, "", "x", [], {}, [None], [[]], [{}], {"a": None}, ["5H"] * 3]


@pytest.mark.parametrize(
    "good", [CASES_TURN, CASES_ROUND, {"game": "meierijen", "check": "match",
                                       "rounds": [CASES_ROUND, rnd(1, 2)]}]
)  # fmt: skip
def test_no_crash_on_junk_anywhere(good):
    for path in paths(good, skip_keys={"game", "check"})[1:]:
        for junk in JUNK:
            judged_or_case_error(mutated(good, path, junk))
