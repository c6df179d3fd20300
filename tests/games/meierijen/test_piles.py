"""MeieRijen MR-1 … MR-4: the three piles, the order, wilds and the ace that closes a pile."""

from __future__ import annotations

import pytest

from games.base import CaseError
from tests.games.helpers import cited, legal_result, rules_with_at, violation_of
from tests.games.meierijen.helpers import (
    PASS,
    START,
    TAKE_GREY,
    TAKE_RED,
    first_violation_at,
    judge_turn,
    legal_turn_result,
)

# --- MR-1 Piles ------------------------------------------------------------------------------


def test_mr1_each_pile_takes_its_colours_and_a_joker_on_mix():
    result = legal_result(
        judge_turn(
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
    hit = violation_of(judge_turn([{"card": "9C", "to": "red"}]), "MR-1", 0)
    assert "9C" in hit["message"]
    assert (
        judge_turn(
            [{"card": "9D", "to": "red"}, {"card": "9H", "from": "opponent_open", "to": "black"}]
        )["violations"][0]["at"]
        == 1
    )


def test_mr1_each_pile_takes_its_colours():
    plays = [
        {"card": "9D", "to": "red"},
        {"card": "9C", "to": "black"},
        {"card": "KD", "from": "opponent_penalty", "to": "mix"},
        PASS,
    ]
    result = legal_turn_result(judge_turn(plays))
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
    first_violation_at(judge_turn([play]), "MR-1", 0)


def test_mr1_the_second_play_breaks_it():
    first_violation_at(
        judge_turn([{"card": "9D", "to": "red"}, {"card": "10H", "to": "black"}]), "MR-1", 1
    )


def test_mr1_the_mix_pile_takes_both_colours():
    hand = ["KS", "AD", "5S"]
    result = legal_turn_result(
        judge_turn([{"card": "KS", "to": "mix"}, {"card": "AD", "to": "mix"}, PASS], hand=hand)
    )
    assert result["piles"]["mix"] is None  # the ace closed it


def test_mr1_jokers_go_on_both_coloured_piles():
    plays = [{"card": "JK", "to": "black", "as": "9"}, PASS]
    assert legal_turn_result(judge_turn(plays))["piles"]["black"] == {"card": "JK", "as": "9"}
    plays = [{"card": "JK", "to": "red", "as": "9"}, PASS]
    assert legal_turn_result(judge_turn(plays))["piles"]["red"] == {"card": "JK", "as": "9"}


@pytest.mark.parametrize(("card", "pile"), [("2H", "black"), ("2D", "black"), ("2S", "red")])
def test_mr1_mr3_a_two_keeps_its_colour(card, pile):
    # MR-3 names this case: "a red 2 never goes on the black pile, a black 2 never on the red".
    verdict = judge_turn([{"card": card, "to": pile, "as": "9"}], hand=[card, "5S"])
    first_violation_at(verdict, "MR-3", 0)
    assert rules_with_at(verdict) == [("MR-3", 0)]


@pytest.mark.parametrize(("card", "pile"), [("2H", "red"), ("2C", "black"), ("2D", "mix")])
def test_mr1_mr3_a_two_on_its_own_colour(card, pile):
    rank = "K" if pile == "mix" else "9"
    result = legal_turn_result(
        judge_turn([{"card": card, "to": pile, "as": rank}, PASS], hand=[card, "5S"])
    )
    assert result["piles"][pile] == {"card": card, "as": rank}


def test_mr1_an_empty_place_keeps_its_colours():
    piles = {"red": None, "black": "8C", "mix": "QH"}
    first_violation_at(judge_turn([{"card": "5S", "to": "red"}], piles=piles), "MR-1", 0)
    assert (
        legal_turn_result(judge_turn([{"card": "9D", "to": "red"}, PASS], piles=piles))["piles"][
            "red"
        ]
        == "9D"
    )


# --- MR-2 Order ------------------------------------------------------------------------------


def test_mr2_one_step_up():
    result = legal_result(
        judge_turn(
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
    violation_of(judge_turn(plays), "MR-2", 0)


def test_mr2_going_down_needs_variant_1():
    violation_of(judge_turn([{"card": "7D", "to": "red"}], hand=["7D", "5S"]), "MR-2", 0)
    violation_of(
        judge_turn([{"card": "7D", "to": "red", "direction": "down"}], hand=["7D", "5S"]), "MR-2", 0
    )


def test_mr2_up_the_whole_ladder_to_the_ace():
    hand = ["9D", "10D", "JD", "QD", "KD", "AD", "5S"]
    plays = [{"card": c, "to": "red"} for c in hand[:2]]
    plays += [TAKE_GREY, *({"card": c, "to": "red"} for c in hand[2:6]), PASS]
    result = legal_turn_result(judge_turn(plays, hand=hand))
    assert result["piles"]["red"] is None
    assert result["pawns"]["grey"] == "me"
    assert result["hand"] == []


@pytest.mark.parametrize("card", ["10D", "7D", "3D", "KD", "JD"])
def test_mr2_not_one_step_up(card):
    first_violation_at(judge_turn([{"card": card, "to": "red"}], hand=[card, "5S"]), "MR-2", 0)


def test_mr2_a_double_needs_the_grey_pawn():
    # The same rank is not one step up (MR-2), and only the grey pawn allows it (MR-8): both.
    verdict = judge_turn([{"card": "8H", "to": "red"}], hand=["8H", "5S"])
    first_violation_at(verdict, "MR-2", 0)
    assert rules_with_at(verdict) == [("MR-2", 0), ("MR-8", 0)]


def test_mr2_three_follows_nothing_but_an_empty_place_or_wild():
    # There is no rank below 3: a 3 never goes on an A (aces close) or on a K.
    first_violation_at(judge_turn([{"card": "3H", "to": "mix"}], hand=["3H", "5S"]), "MR-2", 0)


def test_mr2_a_wild_on_top_counts_as_its_rank():
    piles = {"red": {"card": "JK", "as": "J"}, "black": {"card": "2C", "as": "9"}, "mix": "QH"}
    hand = ["QD", "10S", "5S"]
    plays = [{"card": "QD", "to": "red"}, {"card": "10S", "to": "black"}, TAKE_RED, PASS]
    result = legal_turn_result(judge_turn(plays, piles=piles, hand=hand))
    assert result["piles"]["red"] == "QD"
    assert result["piles"]["black"] == "10S"
    assert result["pawns"]["red"] == "me"
    first_violation_at(
        judge_turn([{"card": "10D", "to": "red"}], piles=piles, hand=["10D"]), "MR-2", 0
    )


# --- MR-3 Wilds ------------------------------------------------------------------------------


def test_mr3_jokers_and_twos_stand_for_any_rank_within_the_colours():
    hand = ["2H", "2S", "JK", "5S"]
    result = legal_result(
        judge_turn(
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
    violation_of(
        judge_turn([{"card": "2H", "to": "black", "as": "9"}], hand=["2H", "5S"]), "MR-3", 0
    )


def test_mr3_only_wilds_stand_for_another_rank():
    violation_of(judge_turn([{"card": "5S", "to": "black", "as": "9"}]), "MR-3", 0)
    violation_of(judge_turn([{"card": "JK", "to": "mix", "as": "2"}]), "MR-3", 0)


def test_mr3_a_wild_with_several_readings_must_say_its_rank():
    pawns = {"grey": "me", "red": "start", "white": ["start", "start"]}
    violation_of(judge_turn([{"card": "JK", "to": "red"}], pawns=pawns), "MR-3", 0)
    legal_result(judge_turn([{"card": "JK", "to": "red", "as": "8"}, PASS], pawns=pawns))


def test_mr3_a_wild_without_as_where_one_rank_fits():
    result = legal_turn_result(judge_turn([{"card": "JK", "to": "red"}, PASS]))
    assert result["piles"]["red"] == {"card": "JK", "as": "9"}


@pytest.mark.parametrize(("card", "pile"), [("JK", "mix"), ("2S", "black"), ("2H", "red")])
def test_mr3_every_wild_as_the_next_rank(card, pile):
    rank = "K" if pile == "mix" else "9"
    result = legal_turn_result(
        judge_turn([{"card": card, "to": pile, "as": rank}, PASS], hand=[card, "5S"])
    )
    assert result["piles"][pile] == {"card": card, "as": rank}


def test_mr3_a_wild_saying_a_rank_that_does_not_fit():
    # The wild may stand for J (MR-3), but J is not one step up from 8D (MR-2).
    verdict = judge_turn([{"card": "JK", "to": "red", "as": "J"}])
    first_violation_at(verdict, "MR-2", 0)
    assert rules_with_at(verdict) == [("MR-2", 0)]


def test_mr3_a_wild_as_ten_is_a_ten_card():
    plays = [{"card": "JK", "to": "black", "as": "10"}, TAKE_GREY, PASS]
    hand = ["9C", "JK", "5S"]
    result = legal_turn_result(judge_turn([{"card": "9C", "to": "black"}, *plays], hand=hand))
    assert result["piles"]["black"] == {"card": "JK", "as": "10"}
    assert result["pawns"]["grey"] == "me"


def test_mr3_a_wild_as_ace_closes():
    result = legal_turn_result(judge_turn([{"card": "JK", "to": "mix", "as": "K"}, PASS]))
    assert result["piles"]["mix"] == {"card": "JK", "as": "K"}
    piles = {"red": "8D", "black": "8C", "mix": "KH"}
    result = legal_turn_result(
        judge_turn([{"card": "JK", "to": "mix", "as": "A"}, PASS], piles=piles)
    )
    assert result["piles"]["mix"] is None


def test_mr3_a_real_card_cannot_stand_for_another_rank():
    verdict = judge_turn([{"card": "9D", "to": "red", "as": "10"}])
    assert verdict["legal"] is False
    assert cited(verdict) & {"MR-2", "MR-3"}


def test_mr3_a_real_card_may_say_its_own_rank():
    legal_turn_result(judge_turn([{"card": "9D", "to": "red", "as": "9"}, PASS]))


def test_mr3_a_wild_with_several_readings_must_say_which():
    grey = {**START, "grey": "me"}  # JK on 8D: 8 (double) or 9
    # Judged, not refused: a wild that does not say which rank it stands for breaks MR-3.
    verdict = judge_turn([{"card": "JK", "to": "red"}], pawns=grey)
    first_violation_at(verdict, "MR-3", 0)
    assert rules_with_at(verdict) == [("MR-3", 0)]


@pytest.mark.parametrize("rank", ["boer", "b", "j", "J"])
def test_mr3_as_in_any_spelling(rank):
    piles = {"red": "10D", "black": "8C", "mix": "QH"}
    result = legal_turn_result(
        judge_turn([{"card": "JK", "to": "red", "as": rank}, PASS], piles=piles)
    )
    assert result["piles"]["red"] == {"card": "JK", "as": "J"}


def test_mr3_as_must_be_a_rank():
    with pytest.raises(CaseError) as caught:
        judge_turn([{"card": "JK", "to": "red", "as": "X"}])
    assert caught.value.field.startswith("plays[0]")


def test_mr3_two_is_not_a_rank_to_stand_for():
    # "2" is a rank of the notation but not of MR-2's order (3 … A): MR-3, not a bad case.
    verdict = judge_turn([{"card": "JK", "to": "mix", "as": "2"}])
    first_violation_at(verdict, "MR-3", 0)
    assert rules_with_at(verdict) == [("MR-3", 0)]


# --- MR-4 Ace closes -------------------------------------------------------------------------


def test_mr4_an_ace_closes_the_pile_and_any_card_starts_it_again():
    hand = ["KS", "AS", "7C", "JK", "5S"]
    result = legal_result(
        judge_turn(
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
    closed = legal_result(
        judge_turn(
            [{"card": "KS", "to": "mix"}, {"card": "JK", "to": "mix", "as": "A"}, PASS], hand=hand
        )
    )
    assert closed["piles"]["mix"] is None


def test_mr4_an_empty_place_keeps_its_colours_and_a_wild_there_says_its_rank():
    violation_of(
        judge_turn([{"card": "JK", "to": "red"}], piles={"red": None, "black": "8C", "mix": "QH"}),
        "MR-4",
        0,
    )
    violation_of(
        judge_turn([{"card": "5S", "to": "red"}], piles={"red": None, "black": "8C", "mix": "QH"}),
        "MR-1",
        0,
    )
    result = legal_result(
        judge_turn(
            [{"card": "5S", "to": "black"}, {"pass": "9D", "to": "open"}],
            piles={"red": "8D", "black": None, "mix": "QH"},
        )
    )
    assert result["piles"]["black"] == "5S"


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
    result = legal_turn_result(judge_turn(plays, piles=piles, hand=hand))
    assert result["piles"] == {"red": "9D", "black": "8C", "mix": "7D"}
    assert result["hand"] == ["3H", "4C", "6S", "7H"]
    assert result["finished"] is True


def test_mr4_the_ace_leaves_an_empty_place():
    piles = {"red": "KD", "black": "8C", "mix": "QH"}
    result = legal_turn_result(
        judge_turn([{"card": "AD", "to": "red"}, PASS], piles=piles, hand=["AD", "5S"])
    )
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
    result = legal_turn_result(judge_turn(plays, piles=piles, hand=hand))
    assert result["piles"] == {"red": "KD", "black": "4S", "mix": {"card": "JK", "as": "7"}}


def test_mr4_an_ace_on_an_empty_place_closes_it_at_once():
    piles = {"red": None, "black": "8C", "mix": "QH"}
    result = legal_turn_result(
        judge_turn([{"card": "AD", "to": "red"}, PASS], piles=piles, hand=["AD", "5S"])
    )
    assert result["piles"]["red"] is None


def test_mr4_a_wild_on_an_empty_place_must_say_its_rank():
    piles = {"red": None, "black": "8C", "mix": "QH"}
    # MR-4: "a wild played there must say which rank it stands for".
    verdict = judge_turn([{"card": "JK", "to": "red"}], piles=piles)
    first_violation_at(verdict, "MR-4", 0)
    assert rules_with_at(verdict) == [("MR-4", 0)]


def test_mr4_an_ace_by_the_red_pawn_closes_too():
    piles = {"red": "QD", "black": "8C", "mix": "QH"}
    pawns = {**START, "red": "me"}
    result = legal_turn_result(
        judge_turn([{"card": "AD", "to": "red"}, PASS], piles=piles, hand=["AD", "5S"], pawns=pawns)
    )
    assert result["piles"]["red"] is None
    assert result["pawns"]["red"] == "start"
