"""MEINO ME-1 decks and ME-2 players."""

from __future__ import annotations

import pytest

from games.meino.cards import meino_deck
from tests.games.helpers import case_error, rules_in_order
from tests.games.meino.helpers import (
    assert_legal,
    judge_play,
    judge_play_fields_unchecked,
    me_case,
    run_me_unchecked,
)


@pytest.mark.parametrize(
    ("top", "hand", "options"),
    [
        ("R1", ["R5", "R5", "R5"], None),  # numbers twice per colour
        ("R5", ["R5", "R5"], None),  # the top card is one copy too
        ("R1", ["Rskip", "Rskip", "Rskip"], None),
        ("R1", ["JOKER", "JOKER", "JOKER"], None),  # 2 jokers
        ("R1", ["W", "W", "W", "W", "W"], None),  # 4 W
        ("R1", ["W+4"] * 5, None),
        ("R1", ["R5", "R5"], {"compact": True}),  # compact: once
        ("R5", ["R5"], {"compact": True}),
        ("R1", ["JOKER", "JOKER"], {"compact": True}),
        ("R1", ["W", "W", "W"], {"compact": True}),
    ],
)
def test_more_copies_than_the_deck_holds(top, hand, options):
    data = me_case("play", top=top, card=hand[0], hand=hand, wish="G")
    if options:
        data["options"] = options
    # CASES.md: more copies than the deck holds is a contradiction; the hand is named.
    error = case_error(data)
    assert error.field == "hand", error


def test_deck_boundaries_accepted():
    assert judge_play("R1", "R5", ["R5", "R5"])["legal"] is True
    assert judge_play("R1", "W", ["W"] * 4, wish="G")["legal"] is True
    assert judge_play("R1", "JOKER", ["JOKER"] * 2, wish="G")["legal"] is True
    compact = {"compact": True}
    assert judge_play("R1", "R5", ["R5"], options=compact)["legal"] is True
    assert judge_play("R1", "W", ["W", "W"], wish="G", options=compact)["legal"] is True


# --- ME-1 Deck -------------------------------------------------------------------------------


def test_me1_the_deck_has_110_cards_and_the_compact_deck_55():
    full, compact = meino_deck(), meino_deck(compact=True)
    assert len(full) == 110
    assert len(compact) == 55
    assert sum(str(c) == "R5" for c in full) == 2
    assert sum(str(c) == "R5" for c in compact) == 1
    assert [sum(str(c) == w for c in full) for w in ("W", "W+4", "W+2", "JOKER")] == [4, 4, 4, 2]
    assert [sum(str(c) == w for c in compact) for w in ("W", "W+4", "W+2", "JOKER")] == [2, 2, 2, 1]


def test_me1_two_copies_are_fine_in_the_full_deck():
    assert_legal(
        judge_play_fields_unchecked(top="R5", hand=["JOKER", "JOKER", "R1", "R1"], card="R1")
    )


# --- ME-2 Deal -------------------------------------------------------------------------------


def test_me2_player_count_in_a_game():
    assert rules_in_order(run_me_unchecked("game", players=["Ann"], rounds=[])) == ["ME-2"]
    seven = [f"P{n}" for n in range(7)]
    assert rules_in_order(run_me_unchecked("game", players=seven, rounds=[])) == ["ME-2"]
    assert_legal(run_me_unchecked("game", players=seven[:6], rounds=[]))
