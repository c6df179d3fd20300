"""MEINO ME-5 reverse and ME-6 skip."""

from __future__ import annotations

import pytest

from tests.games.helpers import cited, rules_in_order
from tests.games.meino.helpers import assert_legal, judge_play, judge_play_fields_unchecked


def test_reverse_on_reverse_same_colour():
    assert cited(judge_play("Rrev", "Rrev", ["Rrev", "B1"])) == {"ME-5"}


def test_reverse_on_reverse_other_colour_cites_both():
    assert cited(judge_play("Brev", "Rrev", ["Rrev", "B1"])) == {"ME-3", "ME-5"}


def test_skip_on_skip_same_colour():
    assert cited(judge_play("Bskip", "Bskip", ["Bskip", "B1"])) == {"ME-6"}


def test_skip_on_skip_other_colour_cites_both():
    # RULES.md ME-3: an action card may be played only on the current colour; ME-6: never a
    # skip on a skip. The seed agrees: "es muss mit der Farbe weitergespielt werden".
    assert cited(judge_play("Bskip", "Rskip", ["Rskip", "B1"])) == {"ME-3", "ME-6"}


# --- ME-5 Reverse ----------------------------------------------------------------------------


def test_me5_a_reverse_on_the_colour_reverses_the_direction():
    verdict = judge_play_fields_unchecked(top="R5", hand=["Rrev", "B1"], card="Rrev")
    assert_legal(verdict)
    assert verdict["result"]["reverses"] is True
    assert verdict["result"]["next_misses_turn"] is False


def test_me5_with_two_players_a_reverse_acts_as_a_skip():
    result = judge_play_fields_unchecked(top="R5", hand=["Rrev", "B1"], card="Rrev", players=2)[
        "result"
    ]
    assert result["reverses"] is False
    assert result["next_misses_turn"] is True


@pytest.mark.parametrize(("top", "extra"), [("Rrev", []), ("Brev", ["ME-3"])])
def test_me5_no_reverse_on_a_reverse(top, extra):
    assert rules_in_order(
        judge_play_fields_unchecked(top=top, hand=["Rrev", "B1"], card="Rrev")
    ) == ["ME-5", *extra]


# --- ME-6 Skip -------------------------------------------------------------------------------


def test_me6_a_skip_makes_the_next_player_miss_a_turn():
    verdict = judge_play_fields_unchecked(top="R5", hand=["Rskip", "B1"], card="Rskip")
    assert_legal(verdict)
    assert verdict["result"]["next_misses_turn"] is True


@pytest.mark.parametrize(("top", "extra"), [("Rskip", []), ("Bskip", ["ME-3"])])
def test_me6_no_skip_on_a_skip(top, extra):
    assert rules_in_order(
        judge_play_fields_unchecked(top=top, hand=["Rskip", "B1"], card="Rskip")
    ) == ["ME-6", *extra]
