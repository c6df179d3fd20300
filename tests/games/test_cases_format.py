"""The case FORMAT of shared/spec/CASES.md, item by item, for all five games.

Every field, every accepted value form and every result key CASES.md defines gets at least
one case here, written as an outsider would write it from CASES.md and RULES.md alone,
sent as JSON text through ``games.cases`` and compared with the exact verdict worked out
by hand. The item a test covers is named at the start of its docstring (``[MT3]`` …; these are
format items, not RULES.md rule IDs):

- C1 options optional, C2 options ``{}``/null, C3 unknown option, C4 French-card
  spellings, C5 MEINO spellings, C6 ``legal`` exactly when no violation, C7 ``at``, C8
  results left out, C9 cases that cannot be judged (field named; CLI exit 2, JSON Lines).
- MT1-MT19 MeieRijen ``turn``: pile tops (MT1), wild ``{"card", "as"}`` (MT2), ``null``
  (MT3), penalty bottom to top (MT4), ``from`` hand (default), open, penalty,
  opponent_open, opponent_penalty (MT5-MT9), ``as`` (MT10), ``direction`` (MT11), holders
  start/me/opponent (MT12), white places (MT13), place/take/remove (MT14-MT16), no pass
  (MT17), hand played empty (MT18), result keys (MT19).
- MS1-MS4 ``round_score`` (points, tie, variant1, teams); MM1-MM4 ``match``.
- DU1-DU10 Duizenden ``meld``, ``opening``, ``discard``, ``deal_score``, ``game``, ``mine``.
- MI1-MI9 Miezemauzen ``deal`` (MI1-MI6, MI9 a broken deal judged as far as it goes),
  ``game`` (MI7), ``settlement`` (MI8).
- MO1-MO4 MEINO ``play``, ``round_score``, ``game``.
- KE1-KE11 Keezen ``move`` and ``legal_moves``.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from games import cases
from games.base import CaseError
from tests.games.cases_md import MR_ROUND
from tests.games.helpers import VERDICT_KEYS, rules_with_at, with_changes


def judge_json_text(case: dict[str, Any]) -> dict[str, Any]:
    """Judge ``case`` sent as JSON text; check the verdict's shape (CASES.md "Every
    verdict") and return it."""
    verdict = cases.judge_json(json.dumps(case, ensure_ascii=False).encode())
    assert set(verdict) == VERDICT_KEYS, verdict
    assert verdict["game"] == case["game"]
    assert verdict["check"] == case["check"]
    assert verdict["legal"] is (not verdict["violations"]), verdict  # [C-6]
    for violation in verdict["violations"]:
        assert set(violation) <= {"rule", "at", "message"}
        assert isinstance(violation["message"], str) and violation["message"]
        assert "at" not in violation or (isinstance(violation["at"], int) and violation["at"] >= 0)
    assert isinstance(verdict["result"], dict)
    assert json.loads(json.dumps(verdict)) == verdict  # plain JSON
    return verdict


def legal_json_result(case: dict[str, Any]) -> dict[str, Any]:
    verdict = judge_json_text(case)
    assert verdict["legal"] is True, verdict["violations"]
    return verdict["result"]


def illegal_json_verdict(case: dict[str, Any]) -> dict[str, Any]:
    verdict = judge_json_text(case)
    assert verdict["legal"] is False, verdict
    return verdict


def json_case_error(case: Any, field: str) -> CaseError:
    """A case that cannot be judged: CaseError whose field starts with ``field``."""
    with pytest.raises(CaseError) as info:
        cases.judge_json(json.dumps(case).encode())
    assert info.value.field.startswith(field), (info.value.field, info.value.message)
    return info.value


# =========================================================================================
# MeieRijen: turn
# =========================================================================================

START = {"grey": "start", "red": "start", "white": ["start", "start"]}

#: Every source of MR-6 in one legal turn: hand, own open, own penalty top, the opponent's
#: open card and penalty top; a ten-card with its pawn action; a pass card.
SOURCES_TURN: dict[str, Any] = {
    "game": "meierijen",
    "check": "turn",
    "piles": {"red": "8D", "black": {"card": "2S", "as": "9"}, "mix": "QH"},
    "hand": ["9D", "7D", "6C", "5H", "4S"],
    "draw_pile": ["3H", "4C", "QD", "JK", "10S"],
    "open": {"me": ["10C"], "opponent": ["JC"]},
    "penalty": {"me": ["3S", "QC"], "opponent": ["3D", "KD"]},
    "plays": [
        {"card": "9D", "to": "red"},
        {"card": "10C", "from": "open", "to": "black"},
        {"pawn_action": "take", "pawn": "grey"},
        {"card": "JC", "from": "opponent_open", "to": "black"},
        {"card": "QC", "from": "penalty", "to": "black"},
        {"card": "KD", "from": "opponent_penalty", "to": "mix"},
        {"pass": "4S", "to": "penalty"},
    ],
}


def test_turn_every_source_and_result_keys() -> None:
    """[MT1, MT2, MT5-MT9, MT15, MT19] Plain and wild pile tops, every ``from``
    (hand by default), a ten-card's ``take``; ``result``: piles, hand, pawns, finished."""
    result = legal_json_result(SOURCES_TURN)
    assert result == {
        "piles": {"red": "9D", "black": "QC", "mix": "KD"},
        "hand": ["7D", "6C", "5H"],
        "pawns": {"grey": "me", "red": "start", "white": ["start", "start"]},
        "finished": True,
    }


def test_turn_from_hand_is_the_default() -> None:
    """[MT5] ``"from": "hand"`` written out is the same play as leaving it out."""
    written = copy.deepcopy(SOURCES_TURN)
    written["plays"][0]["from"] = "hand"
    assert legal_json_result(written) == legal_json_result(SOURCES_TURN)


def test_turn_options_missing_take_defaults() -> None:
    """[C1, C2] No ``options``, ``options: {}``, ``options: null`` and the defaults
    written out (variant1 false, draw_rule fill5) all judge alike."""
    expected = legal_json_result(SOURCES_TURN)
    for options in ({}, None, {"variant1": False, "draw_rule": "fill5"}):
        assert legal_json_result({**SOURCES_TURN, "options": options}) == expected


def test_turn_unknown_option_cannot_be_judged() -> None:
    """[C3] An option RULES.md does not have is named."""
    json_case_error(with_changes(SOURCES_TURN, options={"variant2": True}), "options.variant2")


def test_turn_accepts_every_card_spelling() -> None:
    """[C4] Symbols on either side, lower case and Dutch words in piles, hand, open and
    penalty cards, plays, pass cards and pawn places; the result is canonical."""
    spelled: dict[str, Any] = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "ruiten 8", "black": {"card": "♠2", "as": "negen"}, "mix": "q♥"},
        "hand": ["9♦", "harten 5", "klaveren 6", "♠4", "7d"],
        "open": {"me": [], "opponent": ["8♥"]},
        "penalty": {"me": ["3S", "klaveren vrouw"], "opponent": ["3D", "ruiten heer"]},
        "pawns": {"grey": "start", "red": "start", "white": ["opponent_open:harten 8", "start"]},
        "plays": [
            {"card": "ruiten 9", "to": "red"},
            {"card": "♦K", "from": "opponent_penalty", "to": "mix"},
            {"pass": "♠4", "to": "penalty"},
        ],
    }
    assert legal_json_result(spelled) == {
        "piles": {"red": "9D", "black": {"card": "2S", "as": "9"}, "mix": "KD"},
        "hand": ["5H", "6C", "7D"],
        "pawns": {"grey": "start", "red": "start", "white": ["opponent_open:8H", "start"]},
        "finished": True,
    }


def test_turn_empty_place_wild_as_and_hand_played_empty() -> None:
    """[MT3, MT10, MT17, MT18] ``null`` is an empty place (any rank, a wild says its
    rank with ``as``); playing the hand empty draws the next five cards of ``draw_pile``
    (top first) in the same turn; no pass card: ``finished`` false."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": None, "black": "5S", "mix": {"card": "JK", "as": "7"}},
        "hand": ["2H", "6C", "7S", "8C", "9H"],
        "draw_pile": ["4D", "5D", "KS", "JK", "10S", "3C"],
        "plays": [
            {"card": "2H", "to": "red", "as": "3"},
            {"card": "6C", "to": "black"},
            {"card": "7S", "to": "black"},
            {"card": "8C", "to": "mix"},
            {"card": "9H", "to": "mix"},
            {"card": "4D", "to": "red"},
        ],
    }
    assert legal_json_result(case) == {
        "piles": {"red": "4D", "black": "7S", "mix": "9H"},
        "hand": ["5D", "KS", "JK", "10S"],
        "pawns": START,
        "finished": False,
    }


def test_turn_wild_as_in_the_result() -> None:
    """[MT2, MT10] A wild played on top shows as ``{"card", "as"}`` in ``result.piles``;
    ``as`` may be a rank word too."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "8D", "black": "9S", "mix": "KC"},
        "hand": ["JK", "5C"],
        "plays": [{"card": "JK", "to": "red", "as": "negen"}, {"pass": "5C", "to": "open"}],
    }
    assert legal_json_result(case) == {
        "piles": {"red": {"card": "JK", "as": "9"}, "black": "9S", "mix": "KC"},
        "hand": [],
        "pawns": START,
        "finished": True,
    }


def test_turn_wild_on_an_empty_place_must_say_its_rank() -> None:
    """[MT3, MT10] MR-4: a wild starting an empty place without ``as`` breaks MR-4."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": None, "black": "9S", "mix": "KC"},
        "hand": ["2D", "5C"],
        "plays": [{"card": "2D", "to": "red"}, {"pass": "5C", "to": "open"}],
    }
    verdict = illegal_json_verdict(case)
    assert rules_with_at(verdict) == [("MR-4", 0)]
    assert verdict["result"] == {}


def test_turn_a_ten_starting_an_empty_place_is_no_ten_card() -> None:
    """[MT3] RULES.md MR-5: a ten-card is laid as a 10 on a 9; a 10 (or a wild as 10)
    starting a new pile on an empty place (``null``) gives no pawn action: the pass card
    may follow at once, and a pawn action after it breaks MR-5."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": None, "black": "9S", "mix": None},
        "hand": ["10D", "JK", "5C"],
        "plays": [
            {"card": "10D", "to": "red"},
            {"card": "JK", "to": "mix", "as": "10"},
            {"pass": "5C", "to": "open"},
        ],
    }
    assert legal_json_result(case) == {
        "piles": {"red": "10D", "black": "9S", "mix": {"card": "JK", "as": "10"}},
        "hand": [],
        "pawns": START,
        "finished": True,
    }
    case["plays"].insert(1, {"pawn_action": "take", "pawn": "grey"})
    assert rules_with_at(illegal_json_verdict(case)) == [("MR-5", 1)]


def test_turn_ace_closes_to_null() -> None:
    """[MT3] A card played as an ace closes its pile: the place is ``null`` after it."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "8D", "black": "9S", "mix": "KH"},
        "hand": ["AS", "5C"],
        "plays": [{"card": "AS", "to": "mix"}, {"pass": "5C", "to": "penalty"}],
    }
    assert legal_json_result(case)["piles"] == {"red": "8D", "black": "9S", "mix": None}


@pytest.mark.parametrize("whose", ["penalty", "opponent_penalty"])
def test_turn_penalty_pile_bottom_to_top(whose: str) -> None:
    """[MT4] Penalty piles are listed bottom to top: the last card is free, the one
    under it is not (MR-6)."""
    side = "me" if whose == "penalty" else "opponent"
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "8D", "black": "9S", "mix": "QH"},
        "hand": ["5C"],
        "penalty": {side: ["KS", "10S"]},
        "plays": [{"card": "10S", "from": whose, "to": "black"}],
    }
    # the top card 10S is free: a ten-card, and its pawn action is still due
    assert legal_json_result(case) == {
        "piles": {"red": "8D", "black": "10S", "mix": "QH"},
        "hand": ["5C"],
        "pawns": START,
        "finished": False,
    }
    case["plays"] = [{"card": "KS", "from": whose, "to": "mix"}]
    verdict = illegal_json_verdict(case)
    assert ("MR-6", 0) in rules_with_at(verdict)
    assert verdict["result"] == {}


def test_turn_pawn_holders_and_actions() -> None:
    """[MT12, MT13, MT14, MT15, MT16] ``opponent`` holds the grey pawn, a white pawn
    stands on ``opponent_penalty``; ``remove`` with ``from``, ``take`` red, ``place`` on
    ``pile:mix``."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "9H", "black": "9S", "mix": "9C"},
        "hand": ["10H", "10S", "10C", "5D", "6D"],
        "open": {"me": [], "opponent": ["8H"]},
        "penalty": {"me": [], "opponent": ["3D"]},
        "pawns": {"grey": "opponent", "red": "start", "white": ["opponent_penalty", "start"]},
        "plays": [
            {"card": "10H", "to": "red"},
            {"pawn_action": "remove", "pawn": "grey", "from": "opponent"},
            {"card": "10S", "to": "black"},
            {"pawn_action": "take", "pawn": "red"},
            {"card": "10C", "to": "mix"},
            {"pawn_action": "place", "pawn": "white", "on": "pile:mix"},
            {"pass": "5D", "to": "open"},
        ],
    }
    assert legal_json_result(case) == {
        "piles": {"red": "10H", "black": "10S", "mix": "10C"},
        "hand": ["6D"],
        "pawns": {"grey": "start", "red": "me", "white": ["opponent_penalty", "pile:mix"]},
        "finished": True,
    }


def test_turn_white_pawn_places_in_and_out() -> None:
    """[MT12, MT13, MT16] ``me`` holds red, white pawns on ``opponent_penalty`` and
    ``opponent_open:CARD``; remove a white pawn ``from`` its place, place one on
    ``opponent_draw``, take grey with a joker as ten on a 9."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "9D", "black": "9S", "mix": "9C"},
        "hand": ["10D", "10S", "JK", "5C", "6D"],
        "open": {"me": [], "opponent": ["8H"]},
        "penalty": {"me": [], "opponent": ["3D"]},
        "pawns": {"grey": "start", "red": "me", "white": ["opponent_penalty", "opponent_open:8H"]},
        "plays": [
            {"card": "10D", "to": "red"},
            {"pawn_action": "remove", "pawn": "white", "from": "opponent_penalty"},
            {"card": "10S", "to": "black"},
            {"pawn_action": "place", "pawn": "white", "on": "opponent_draw"},
            {"card": "JK", "to": "mix", "as": "10"},
            {"pawn_action": "take", "pawn": "grey"},
            {"pass": "5C", "to": "open"},
        ],
    }
    result = legal_json_result(case)
    assert result == {
        "piles": {"red": "10D", "black": "10S", "mix": {"card": "JK", "as": "10"}},
        "hand": ["6D"],
        "pawns": {"grey": "me", "red": "me", "white": ["opponent_draw", "opponent_open:8H"]},
        "finished": True,
    }


def test_turn_used_grey_and_red_pawns_go_back_to_start() -> None:
    """[MT12, MT19] ``"red": "me"``: 8D → 10H skips a rank (MR-9); ``"grey": "me"``:
    8H on 8D doubles (MR-8); a used pawn shows ``start`` in ``result.pawns``."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "8D", "black": {"card": "2S", "as": "9"}, "mix": "KH"},
        "hand": ["AS", "9D", "7D", "6C", "10H"],
        "open": {"me": [], "opponent": ["8H"]},
        "pawns": {"grey": "start", "red": "me", "white": ["start", "pile:black"]},
        "plays": [
            {"card": "10H", "to": "red"},
            {"pawn_action": "remove", "pawn": "white", "from": "pile:black"},
            {"card": "AS", "to": "mix"},
            {"card": "6C", "to": "mix"},
            {"pass": "7D", "to": "open"},
        ],
    }
    assert legal_json_result(case) == {
        "piles": {"red": "10H", "black": {"card": "2S", "as": "9"}, "mix": "6C"},
        "hand": ["9D"],
        "pawns": START,
        "finished": True,
    }
    case["pawns"] = {"grey": "me", "red": "start", "white": ["start", "start"]}
    case["plays"] = [
        {"card": "8H", "from": "opponent_open", "to": "red"},
        {"pass": "7D", "to": "open"},
    ]
    assert legal_json_result(case) == {
        "piles": {"red": "8H", "black": {"card": "2S", "as": "9"}, "mix": "KH"},
        "hand": ["AS", "9D", "6C", "10H"],
        "pawns": START,
        "finished": True,
    }


@pytest.mark.parametrize(
    ("place", "shown"),
    [
        ("pile:red", "pile:red"),
        ("pile:black", "pile:black"),
        ("pile:mix", "pile:mix"),
        ("opponent_draw", "opponent_draw"),
        ("opponent_open:KC", "opponent_open:KC"),
        ("opponent_open:klaveren heer", "opponent_open:KC"),
        ("opponent_penalty", "opponent_penalty"),
    ],
)
def test_turn_place_white_on_every_place(place: str, shown: str) -> None:
    """[MT13, MT14] Every white-pawn place of CASES.md, as ``on`` and in the result."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "8D", "black": "9S", "mix": "QH"},
        "hand": ["10S", "5C"],
        "open": {"opponent": ["KC"]},
        "penalty": {"opponent": ["3D"]},
        "plays": [
            {"card": "10S", "to": "black"},
            {"pawn_action": "place", "pawn": "white", "on": place},
            {"pass": "5C", "to": "penalty"},
        ],
    }
    pawns = legal_json_result(case)["pawns"]
    assert pawns == {"grey": "start", "red": "start", "white": [shown, "start"]}


def test_turn_white_pawn_blocks() -> None:
    """[MT13] A white pawn on ``pile:black`` blocks the pile (MR-7); on
    ``opponent_open:CARD`` it blocks taking that card (MR-6)."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "7H", "black": "9S", "mix": "QH"},
        "hand": ["10S", "5C"],
        "open": {"opponent": ["8H"]},
        "pawns": {"grey": "start", "red": "start", "white": ["pile:black", "opponent_open:8H"]},
        "plays": [{"card": "10S", "to": "black"}],
    }
    assert rules_with_at(illegal_json_verdict(case)) == [("MR-7", 0)]
    case["plays"] = [{"card": "8H", "from": "opponent_open", "to": "red"}]
    assert rules_with_at(illegal_json_verdict(case)) == [("MR-6", 0)]


def test_turn_variant1_direction_down() -> None:
    """[MT11] With ``variant1`` a play may add ``"direction": "down"``; up after down in
    one turn breaks MR-V1 (``at`` the play's index); without variant1 down breaks MR-2."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "options": {"variant1": True},
        "piles": {"red": "8D", "black": "9S", "mix": "KC"},
        "hand": ["7D", "6H", "10S", "5C", "4D"],
        "plays": [
            {"card": "7D", "to": "red", "direction": "down"},
            {"card": "6H", "to": "red", "direction": "down"},
            {"pass": "5C", "to": "open"},
        ],
    }
    assert legal_json_result(case) == {
        "piles": {"red": "6H", "black": "9S", "mix": "KC"},
        "hand": ["10S", "4D"],
        "pawns": START,
        "finished": True,
    }
    up_after_down = with_changes(
        case,
        plays=[{"card": "7D", "to": "red", "direction": "down"}, {"card": "10S", "to": "black"}],
    )
    verdict = illegal_json_verdict(up_after_down)
    assert rules_with_at(verdict) == [("MR-V1", 1)]
    assert verdict["result"] == {}
    basic = with_changes(
        case, options=None, plays=[{"card": "7D", "to": "red", "direction": "down"}]
    )
    assert rules_with_at(illegal_json_verdict(basic)) == [("MR-2", 0)]


def test_turn_without_pass_or_pawn_action_is_unfinished() -> None:
    """[MT17] A ten-card whose pawn action is not yet made, no pass: judged that far."""
    case = {
        "game": "meierijen",
        "check": "turn",
        "piles": {"red": "8D", "black": "9S", "mix": "QH"},
        "hand": ["10S", "5C"],
        "plays": [{"card": "10S", "to": "black"}],
    }
    assert legal_json_result(case) == {
        "piles": {"red": "8D", "black": "10S", "mix": "QH"},
        "hand": ["5C"],
        "pawns": START,
        "finished": False,
    }
    assert legal_json_result(with_changes(case, plays=[]))["finished"] is False


def test_turn_at_is_the_index_in_plays() -> None:
    """[C7, C8] The first broken play is named by its index in ``plays``; the board
    after the turn cannot be computed and is left out."""
    case = copy.deepcopy(SOURCES_TURN)
    case["plays"][3] = {"card": "JC", "from": "opponent_open", "to": "red"}  # JC on 9D
    verdict = illegal_json_verdict(case)
    assert verdict["violations"][0]["rule"] == "MR-1"
    assert verdict["violations"][0]["at"] == 3
    assert verdict["result"] == {}


def test_turn_cannot_be_judged() -> None:
    """[C9] A missing pile place, an unknown card, a card held twice from one's own deck,
    an unknown ``from``, a wild on top without ``as``: CaseError naming the field."""
    json_case_error(with_changes(SOURCES_TURN, piles={"red": "8D", "black": "9S"}), "piles.mix")
    json_case_error(with_changes(SOURCES_TURN, hand=["9D", "7D", "6C", "5H", "1S"]), "hand[4]")
    json_case_error(with_changes(SOURCES_TURN, hand=["9D", "9D", "6C", "5H", "4S"]), "hand[1]")
    json_case_error(
        with_changes(SOURCES_TURN, piles={"red": "8D", "black": "2S", "mix": "QH"}), "piles.black"
    )
    case = copy.deepcopy(SOURCES_TURN)
    case["plays"][0]["from"] = "table"
    json_case_error(case, "plays[0].from")
    json_case_error(with_changes(SOURCES_TURN, hand=None), "hand")


# =========================================================================================
# MeieRijen: round_score and match
# =========================================================================================


def test_round_score_variant1() -> None:
    """[MS1, MS3] The CASES.md example: variant1 card values (KH 2, 3C 1, 2D 5, QS 2) and
    the grey pawn 3 → red 13, blue 1; ``points`` per player and ``winner``."""
    assert legal_json_result(MR_ROUND) == {"points": {"red": 13, "blue": 1}, "winner": "blue"}


def test_round_score_basic_and_tie() -> None:
    """[MS1, MS2, C1] Without options one point a card (pawns count nothing); equal
    points → ``emptied_first`` wins."""
    assert legal_json_result(with_changes(MR_ROUND, options=None)) == {
        "points": {"red": 4, "blue": 1},
        "winner": "blue",
    }
    tie = {
        "game": "meierijen",
        "check": "round_score",
        "players": {"Ann": {"hand": ["3H"]}, "Bas": {"open": ["klaveren 4"]}},
        "emptied_first": "Ann",
    }
    assert legal_json_result(tie) == {"points": {"Ann": 1, "Bas": 1}, "winner": "Ann"}


TEAMS_ROUND: dict[str, Any] = {
    "game": "meierijen",
    "check": "round_score",
    "players": {
        "p1": {"hand": ["3H", "4H"], "open": [], "penalty": [], "pawns": []},
        "p2": {"hand": ["KS"], "open": ["9C"], "penalty": ["2D"], "pawns": ["red"]},
        "p3": {"hand": [], "open": ["QH"], "penalty": [], "pawns": ["grey"]},
        "p4": {"hand": [], "open": [], "penalty": []},
    },
    "teams": {"A": ["p1", "p3"], "B": ["p2", "p4"]},
    "emptied_first": "p3",
}


def test_round_score_teams() -> None:
    """[MS4] With ``teams`` ``points`` and ``winner`` are per team (MR-4P): A 2+1, B 3+0,
    equal → the team of p3, who emptied first; with variant1 A 2+5, B 13+0."""
    assert legal_json_result(TEAMS_ROUND) == {"points": {"A": 3, "B": 3}, "winner": "A"}
    assert legal_json_result(with_changes(TEAMS_ROUND, options={"variant1": True})) == {
        "points": {"A": 7, "B": 13},
        "winner": "A",
    }


def ann_bas_round_case(ann: int, bas: int) -> dict[str, Any]:
    """A two-player round_score case: Ann and Bas hold ``ann`` and ``bas`` cards."""
    return {
        "game": "meierijen",
        "check": "round_score",
        "players": {"Ann": {"hand": ["3H", "4H", "5H"][:ann]},
                    "Bas": {"hand": ["3C", "4C", "5C"][:bas]}},
    }  # fmt: skip


def test_match_rounds_are_whole_round_score_cases() -> None:
    """[MM1] Each round is a whole round_score case, ``game`` and ``check`` included →
    ``rounds_won``, ``winner``, ``draw``."""
    match = {
        "game": "meierijen",
        "check": "match",
        "rounds": [ann_bas_round_case(1, 2), ann_bas_round_case(0, 3)],
    }
    assert legal_json_result(match) == {
        "rounds_won": {"Ann": 2, "Bas": 0},
        "winner": "Ann",
        "draw": False,
    }


def test_match_draw_and_third_round() -> None:
    """[MM2, MM3] 1-1 is a draw (``winner`` null); with ``third_round`` a third round
    decides, and two rounds are not yet a result."""
    rounds = [ann_bas_round_case(1, 2), ann_bas_round_case(2, 1)]
    match = {"game": "meierijen", "check": "match", "rounds": rounds}
    assert legal_json_result(match) == {
        "rounds_won": {"Ann": 1, "Bas": 1},
        "winner": None,
        "draw": True,
    }
    third = with_changes(
        match, options={"third_round": True}, rounds=[*rounds, ann_bas_round_case(3, 1)]
    )
    assert legal_json_result(third) == {
        "rounds_won": {"Ann": 1, "Bas": 2},
        "winner": "Bas",
        "draw": False,
    }
    unfinished = illegal_json_verdict(with_changes(match, options={"third_round": True}))
    assert rules_with_at(unfinished) == [("MR-13", None)]
    assert unfinished["result"] == {"rounds_won": {"Ann": 1, "Bas": 1}}


def test_match_round_options_and_teams() -> None:
    """[MM4] A round's own ``options`` count for that round; team rounds count per team."""
    match = {
        "game": "meierijen",
        "check": "match",
        "rounds": [MR_ROUND, with_changes(MR_ROUND, options=None)],
    }
    assert legal_json_result(match) == {
        "rounds_won": {"red": 0, "blue": 2},
        "winner": "blue",
        "draw": False,
    }
    teams = {"game": "meierijen", "check": "match", "rounds": [TEAMS_ROUND, TEAMS_ROUND]}
    assert legal_json_result(teams) == {
        "rounds_won": {"A": 2, "B": 0},
        "winner": "A",
        "draw": False,
    }


def test_match_extra_round_at() -> None:
    """[C7] A round after the match was decided: ``at`` is its index in ``rounds``."""
    match = {
        "game": "meierijen",
        "check": "match",
        "rounds": [ann_bas_round_case(1, 2), ann_bas_round_case(1, 2), ann_bas_round_case(2, 1)],
    }
    assert rules_with_at(illegal_json_verdict(match)) == [("MR-13", 2)]


def test_match_round_of_another_check_cannot_be_judged() -> None:
    """[C9] A round that is not a MeieRijen round_score case."""
    bad = with_changes(ann_bas_round_case(1, 2), check="turn")
    json_case_error({"game": "meierijen", "check": "match", "rounds": [bad]}, "rounds[0].check")


# =========================================================================================
# Duizenden
# =========================================================================================


def dz(check: str, **fields: Any) -> dict[str, Any]:
    return {"game": "duizenden", "check": check, **fields}


@pytest.mark.parametrize(
    ("cards", "result"),
    [
        (["5H", "JK:6H", "7H"], {"type": "run", "opening_points": 18, "card_points": 60}),
        (["harten 5", "joker:♥6", "7h"], {"type": "run", "opening_points": 18, "card_points": 60}),
        (["5H", "JK", "7H"], {"type": "run", "opening_points": 18, "card_points": 60}),
        (["8H", "8H", "8S"], {"type": "set", "opening_points": 24, "card_points": 15}),
        (["8H", "JK", "8S"], {"type": "set", "opening_points": 24, "card_points": 60}),
        (["QS", "KS", "AS"], {"type": "run", "opening_points": 31, "card_points": 125}),
        (["AS", "2S", "3S"], {"type": "run", "opening_points": 6, "card_points": 25}),
    ],
)
def test_meld(cards: list[str], result: dict[str, Any]) -> None:
    """[DU1, DU2, DU4, C4] ``JK:CARD`` declared, plain ``JK`` where one reading exists;
    ``type``, ``opening_points`` (DZ-4 face values, A 11 or 1 low), ``card_points`` (DZ-11:
    joker 50, QS 100, A 15)."""
    assert legal_json_result(dz("meld", cards=cards)) == result


def test_meld_undeclared_joker_with_several_readings() -> None:
    """[DU3] An undeclared joker with several readings exits 2, naming the joker and its
    readings."""
    error = json_case_error(dz("meld", cards=["5H", "6H", "JK"]), "cards[2]")
    assert "4H" in error.message and "7H" in error.message


def test_meld_no_meld_keeps_what_is_computable() -> None:
    """[DU5, C8] No meld: DZ-3; ``type`` and ``opening_points`` left out, ``card_points``
    still computed."""
    verdict = illegal_json_verdict(dz("meld", cards=["KS", "AS", "2S"]))
    assert rules_with_at(verdict) == [("DZ-3", None)]
    assert verdict["result"] == {"card_points": 30}


def test_meld_option_opening_face_cards() -> None:
    """[C1] ``opening_face_cards`` false counts DZ-11 card points instead (joker as 6H: 5)."""
    case = dz("meld", cards=["5H", "JK:6H", "7H"], options={"opening_face_cards": False})
    assert legal_json_result(case) == {"type": "run", "opening_points": 15, "card_points": 60}


def test_opening() -> None:
    """[DU6] Every meld valid and together 30 or more: 18 + 30; 18 + 6 = 24 breaks DZ-4
    (``opening_points`` still given); a broken meld: DZ-3 ``at`` its index in ``melds``."""
    assert legal_json_result(dz("opening", melds=[["5H", "JK:6H", "7H"], ["QS", "QD", "QH"]])) == {
        "opening_points": 48
    }
    low = illegal_json_verdict(dz("opening", melds=[["5H", "6H", "7H"], ["2C", "2D", "2S"]]))
    assert rules_with_at(low) == [("DZ-4", None)]
    assert low["result"] == {"opening_points": 24}
    broken = illegal_json_verdict(dz("opening", melds=[["5H", "6H", "7H"], ["2C", "3D", "2S"]]))
    assert rules_with_at(broken) == [("DZ-3", 1)]
    assert broken["result"] == {}


def test_discard() -> None:
    """[DU7] ``card``, ``hand`` before the discard, ``first_turn`` (default false):
    DZ-8 QS never, DZ-9 not out in the first turn, DZ-10 not out with QS."""
    assert judge_json_text(dz("discard", card="5H", hand=["5H", "QS", "7C"], first_turn=False))[
        "legal"
    ]
    assert judge_json_text(dz("discard", card="5H", hand=["5H"]))[
        "legal"
    ]  # going out, not first turn
    assert rules_with_at(illegal_json_verdict(dz("discard", card="QS", hand=["QS", "5H"]))) == [
        ("DZ-8", None)
    ]
    assert rules_with_at(
        illegal_json_verdict(dz("discard", card="5H", hand=["5H"], first_turn=True))
    ) == [("DZ-9", None)]
    assert {
        r for r, _ in rules_with_at(illegal_json_verdict(dz("discard", card="QS", hand=["QS"])))
    } == {
        "DZ-8",
        "DZ-10",
    }


def test_deal_score() -> None:
    """[DU8] ``melded`` (melds as lists, or a flat list) minus ``hand`` (DZ-11):
    Ann 60 + 45 - 5 = 100; Bas 120 - 65 = 55; Cor 0."""
    case = dz(
        "deal_score",
        players={
            "Ann": {"melded": [["5H", "JK:6H", "7H"], ["AS", "AD", "AC"]], "hand": ["2C"]},
            "Bas": {"melded": ["10S", "JS", "schoppen vrouw"], "hand": ["JK", "AH"]},
            "Cor": {"melded": [], "hand": []},
        },
    )
    assert legal_json_result(case) == {"points": {"Ann": 100, "Bas": 55, "Cor": 0}}


def test_game() -> None:
    """[DU9] ``totals``, ``finished``, ``winner``, ``after_deal`` (1-based); equal highest
    at 1000 plays on; a deal after the win breaks DZ-12 ``at`` its index in ``deals``."""
    players = ["Ann", "Bas", "Cor"]
    first = {"Ann": 500, "Bas": 300, "Cor": -20}
    case = dz("game", players=players, deals=[first, {"Ann": 495, "Bas": 800, "Cor": 0}])
    assert legal_json_result(case) == {
        "totals": {"Ann": 995, "Bas": 1100, "Cor": -20},
        "finished": True,
        "winner": "Bas",
        "after_deal": 2,
    }
    level = dz("game", players=players, deals=[first, {"Ann": 500, "Bas": 700, "Cor": 0}])
    assert legal_json_result(level) == {
        "totals": {"Ann": 1000, "Bas": 1000, "Cor": -20},
        "finished": False,
        "winner": None,
        "after_deal": None,
    }
    extra = with_changes(case, deals=[*case["deals"], {"Ann": 5, "Bas": 5, "Cor": 5}])
    verdict = illegal_json_verdict(extra)
    assert rules_with_at(verdict) == [("DZ-12", 2)]
    assert verdict["result"]["winner"] == "Bas" and verdict["result"]["after_deal"] == 2


def test_mine() -> None:
    """[DU10] ``players`` clockwise, ``claims`` in calling order: the next player after the
    discarder has priority (B over C); an invalid claim is a violation ``at`` its index in
    ``claims``; ``miner`` null when no claim is valid."""
    case = dz(
        "mine",
        players=["A", "B", "C", "D"],
        discarder="A",
        top="8S",
        claims=["C", "B"],
        on_table=["B", "C"],
        hands={"B": ["8H", "8D"], "C": ["7S", "9S"]},
    )
    assert legal_json_result(case) == {"miner": "B"}
    off_table = illegal_json_verdict(with_changes(case, claims=["C", "B", "D"], on_table=["C", "D"],
                                hands={"C": ["7S", "9S"], "D": ["2C", "3C"]}))  # fmt: skip
    assert rules_with_at(off_table) == [("DZ-7", 1), ("DZ-7", 2)]
    assert off_table["result"] == {"miner": "C"}
    nobody = illegal_json_verdict(
        with_changes(case, claims=["D"], on_table=["D"], hands={"D": ["2C", "3C"]})
    )
    assert rules_with_at(nobody) == [("DZ-7", 0)]
    assert nobody["result"] == {"miner": None}


def test_duizenden_cannot_be_judged() -> None:
    """[C9] A missing field, an unknown card, more copies than two decks hold."""
    json_case_error(dz("discard", card="5H"), "hand")
    json_case_error(dz("meld", cards=["5H", "6H", "7X"]), "cards[2]")
    json_case_error(dz("meld", cards=["5H", "5H", "5H"]), "cards")


# =========================================================================================
# Miezemauzen
# =========================================================================================

#: The CASES.md deal completed: Ann plays, Bas and Cor pass (Cor's third pass in a row),
#: Dirk (dealer) exchanges; Ann leads (first playing player left of the dealer).
MZ_DEAL: dict[str, Any] = {
    "game": "miezemauzen",
    "check": "deal",
    "options": {"start_points": 25},
    "players": ["Ann", "Bas", "Cor", "Dirk"],
    "dealer": "Dirk",
    "trump": "H",
    "points_before": {"Ann": 12, "Bas": 9, "Cor": 25, "Dirk": 7},
    "passes_before": {"Ann": 0, "Bas": 0, "Cor": 2, "Dirk": 0},
    "declarations": {"Ann": "play", "Bas": "pass", "Cor": "pass", "Dirk": "exchange"},
    "hands": {"Ann": ["AH", "KS", "9S", "8C", "7D"], "Dirk": ["10H", "QS", "JS", "9C", "7C"]},
    "kat": [],
    "tricks": [["AH", "10H"], ["KS", "QS"], ["9S", "JS"], ["9C", "8C"], ["7C", "7D"]],
}


def test_deal_full() -> None:
    """[MI1, MI3, MI6] Tricks in playing order, the winner leads; ``result``:
    trick_winners, tricks_won, deal_points (+ is penalty: Cor's third pass +3),
    points_after, winner (null)."""
    assert legal_json_result(MZ_DEAL) == {
        "trick_winners": ["Ann", "Ann", "Dirk", "Dirk", "Dirk"],
        "tricks_won": {"Ann": 2, "Dirk": 3},
        "deal_points": {"Ann": -1, "Bas": 0, "Cor": 3, "Dirk": -1},
        "points_after": {"Ann": 11, "Bas": 9, "Cor": 28, "Dirk": 6},
        "winner": None,
    }


def test_deal_spelled_cards_and_winner() -> None:
    """[C4, MI6] Spelled trump and cards; a player reaching 0 is ``winner``."""
    case = with_changes(
        MZ_DEAL,
        trump="harten",
        points_before={"Ann": 1, "Bas": 9, "Cor": 25, "Dirk": 7},
        hands={"Ann": ["aas harten", "♠K", "9♠", "8c", "ruiten 7"],
               "Dirk": ["harten 10", "QS", "JS", "9C", "7C"]},
        tricks=[["♥A", "10♥"], ["KS", "QS"], ["9S", "JS"], ["9C", "8C"], ["7C", "7D"]],
    )  # fmt: skip
    result = legal_json_result(case)
    assert result["points_after"] == {"Ann": 0, "Bas": 9, "Cor": 28, "Dirk": 6}
    assert result["winner"] == "Ann"


def test_deal_optional_fields_judged_as_far_as_given() -> None:
    """[MI2, C1, C8] Without points_before/passes_before (start 25, no passes), without
    hands (who played what follows from the seating), without tricks (nothing to score:
    left out), with part of the tricks (only the winners so far)."""
    bare = with_changes(MZ_DEAL, options=None, points_before=None, passes_before=None,
                   hands=None, kat=None)  # fmt: skip
    assert legal_json_result(bare) == {
        "trick_winners": ["Ann", "Ann", "Dirk", "Dirk", "Dirk"],
        "tricks_won": {"Ann": 2, "Dirk": 3},
        "deal_points": {"Ann": -1, "Bas": 0, "Cor": 0, "Dirk": -1},
        "points_after": {"Ann": 24, "Bas": 25, "Cor": 25, "Dirk": 24},
        "winner": None,
    }
    assert legal_json_result(with_changes(bare, tricks=None)) == {}
    assert legal_json_result(with_changes(bare, tricks=MZ_DEAL["tricks"][:3])) == {
        "trick_winners": ["Ann", "Ann", "Dirk"]
    }


def test_deal_declarations_only() -> None:
    """[MI2] Declarations alone are judged: with three players Bas must play after Ann
    passed (MZ-5); ``at`` is the index in the declaring order from the dealer's left."""
    case = {
        "game": "miezemauzen",
        "check": "deal",
        "players": ["Ann", "Bas", "Cor"],
        "dealer": "Cor",
        "trump": "S",
        "declarations": {"Ann": "pass", "Bas": "pass", "Cor": "play"},
    }
    verdict = illegal_json_verdict(case)
    assert rules_with_at(verdict) == [("MZ-5", 1)]
    assert verdict["result"] == {}


def test_deal_broken_declarations_with_tricks_is_judged() -> None:
    """[MI9, C9] A deal that breaks a rule is judged up to its first violation: tricks
    that no longer fit the players after an illegal pass do not make it unjudgeable."""
    case = {
        "game": "miezemauzen",
        "check": "deal",
        "players": ["Ann", "Bas", "Cor"],
        "dealer": "Cor",
        "trump": "H",
        "declarations": {"Ann": "pass", "Bas": "pass", "Cor": "play"},
        "tricks": [["AH", "10H"], ["KS", "QS"], ["9S", "JS"], ["9C", "8C"], ["7C", "7D"]],
    }
    verdict = illegal_json_verdict(case)
    assert rules_with_at(verdict) == [("MZ-5", 1)]
    assert "deal_points" not in verdict["result"]


def test_deal_trick_violation_at() -> None:
    """[C7, C8] A renege (Dirk discards 9C on KS holding QS) is ``at`` the trick's
    index in ``tricks``."""
    case = with_changes(MZ_DEAL, tricks=[["AH", "10H"], ["KS", "9C"]])
    verdict = illegal_json_verdict(case)
    assert rules_with_at(verdict) == [("MZ-8", 1)]
    # the deal is not over: nothing is scored; the tricks judged so far have winners
    assert set(verdict["result"]) == {"trick_winners"}
    assert verdict["result"]["trick_winners"][0] == "Ann"


def test_deal_kat_claims() -> None:
    """[MI4] ``kat`` claims ``{"player", "suit"}``: the deal has no tricks; a kat is 5 off
    (``holder``), a kater 10; ``kat_scoring: others`` puts 5 (10) on everyone else."""
    kat = with_changes(
        MZ_DEAL,
        hands={"Ann": ["AS", "KS", "QS", "8S", "7S"]},
        kat=[{"player": "Ann", "suit": "S"}],
        tricks=[],
    )
    assert legal_json_result(kat) == {
        "deal_points": {"Ann": -5, "Bas": 0, "Cor": 3, "Dirk": 0},
        "points_after": {"Ann": 7, "Bas": 9, "Cor": 28, "Dirk": 7},
        "winner": None,
    }
    kater = with_changes(
        kat,
        hands={"Ann": ["AH", "KH", "QH", "8H", "7H"]},
        kat=[{"player": "Ann", "suit": "harten"}],
        options={"kat_scoring": "others"},
        points_before=None,
        passes_before=None,
    )
    assert legal_json_result(kater)["deal_points"] == {"Ann": -10, "Bas": 10, "Cor": 10, "Dirk": 10}


def test_deal_kat_violations() -> None:
    """[MI5, C7] A claim by a player who passed: MZ-7 ``at`` its index in ``kat``;
    tricks after a kat: MZ-7."""
    claims = [{"player": "Bas", "suit": "S"}, {"player": "Ann", "suit": "S"}]
    bad = with_changes(
        MZ_DEAL, hands={"Ann": ["AS", "KS", "QS", "8S", "7S"]}, kat=claims, tricks=[]
    )
    assert rules_with_at(illegal_json_verdict(bad)) == [("MZ-7", 0)]
    with_tricks = with_changes(bad, kat=claims[1:], tricks=[["AS", "10H"]])
    assert [r for r, _ in rules_with_at(illegal_json_verdict(with_tricks))] == ["MZ-7"]


def test_deal_card_held_twice() -> None:
    """[C9] A card held twice in a one-deck game cannot be judged."""
    case = with_changes(MZ_DEAL, hands={"Ann": ["AH", "KS", "9S", "8C", "7D"],
                                   "Dirk": ["AH", "QS", "JS", "9C", "7C"]})  # fmt: skip
    json_case_error(case, "hands.Dirk[0]")


MZ_GAME: dict[str, Any] = {
    "game": "miezemauzen",
    "check": "game",
    "options": {"start_points": 25},
    "players": ["Ann", "Bas", "Cor"],
    "deals": [
        {
            "trump": "S",
            "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
            "tricks_won": {"Ann": 3, "Cor": 2},
        },
        {
            "trump": "H",
            "declarations": {"Ann": "play", "Bas": "pass", "Cor": "play"},
            "kat": {"player": "Cor", "kater": True},
        },
    ],
}


def test_game_tricks_won_and_kater() -> None:
    """[MI7] Deals with ``tricks_won`` or ``kat: {"player", "kater": true}`` → ``points``
    (a list, per deal, of everyone's points after it), ``final``, ``winner``,
    ``finished_after`` (null while nobody is out)."""
    assert legal_json_result(MZ_GAME) == {
        "points": [{"Ann": 24, "Bas": 25, "Cor": 24}, {"Ann": 24, "Bas": 25, "Cor": 14}],
        "final": {"Ann": 24, "Bas": 25, "Cor": 14},
        "winner": None,
        "finished_after": None,
    }


def test_game_finished_after() -> None:
    """[MI7, C7] With start_points 2: deal 1 Ann 1 and Bas 1 (a trick each), Cor 7 (no
    trick); deal 2 Ann 0, Bas 0, Cor 6: a shared win after deal 2; a third deal breaks
    MZ-10 ``at`` its index in ``deals``."""
    everyone = {"Ann": "play", "Bas": "play", "Cor": "play"}
    case = {
        "game": "miezemauzen",
        "check": "game",
        "options": {"start_points": 2},
        "players": ["Ann", "Bas", "Cor"],
        "deals": [
            {"trump": "S", "declarations": everyone, "tricks_won": {"Ann": 3, "Bas": 2, "Cor": 0}},
            {"trump": "D", "declarations": everyone, "tricks_won": {"Ann": 1, "Bas": 1, "Cor": 3}},
        ],
    }
    result = legal_json_result(case)
    assert result["points"] == [{"Ann": 1, "Bas": 1, "Cor": 7}, {"Ann": 0, "Bas": 0, "Cor": 6}]
    assert result["final"] == {"Ann": 0, "Bas": 0, "Cor": 6}
    assert result["finished_after"] == 2
    assert sorted(result["winner"]) == ["Ann", "Bas"]  # shared (MZ-10)
    extra = with_changes(case, deals=[*case["deals"], case["deals"][1]])
    assert rules_with_at(illegal_json_verdict(extra)) == [("MZ-10", 2)]


def test_game_broken_declarations_with_tricks_won_is_judged() -> None:
    """[MI7, MI9, C9] An illegal pass (MZ-5, ``at`` the deal's index) whose ``tricks_won`` no
    longer fit the players: a verdict, scored up to the deal before, never exit 2."""
    deal = {
        "trump": "S",
        "declarations": {"Ann": "pass", "Bas": "pass", "Cor": "play"},
        "tricks_won": {"Bas": 2, "Cor": 3},
    }
    case = with_changes(MZ_GAME, deals=[MZ_GAME["deals"][0], deal])
    verdict = illegal_json_verdict(case)
    assert rules_with_at(verdict) == [("MZ-5", 1)]
    assert verdict["result"] == {"points": [{"Ann": 24, "Bas": 25, "Cor": 24}]}


def test_settlement() -> None:
    """[MI8] ``options.stake_cents`` → ``winner``, ``pays_cents`` per loser,
    ``receives_cents`` (RULES.md MZ-12's example: 440)."""
    case = {
        "game": "miezemauzen",
        "check": "settlement",
        "points": {"Ann": 0, "Bas": 2, "Cor": 8, "Dirk": 12},
        "options": {"stake_cents": 20},
    }
    assert legal_json_result(case) == {
        "winner": "Ann",
        "pays_cents": {"Bas": 40, "Cor": 160, "Dirk": 240},
        "receives_cents": 440,
    }
    assert legal_json_result(with_changes(case, options={"stake_cents": 5})) == {
        "winner": "Ann",
        "pays_cents": {"Bas": 10, "Cor": 40, "Dirk": 60},
        "receives_cents": 110,
    }


# =========================================================================================
# MEINO
# =========================================================================================


def me(check: str, **fields: Any) -> dict[str, Any]:
    return {"game": "meino", "check": check, **fields}


def test_meino_play_wish_card() -> None:
    """[MO1, MO2] The CASES.md example (with no red card left in hand): W+4 with
    ``wish`` G; holding R7 breaks ME-8."""
    case = me("play", top="R5", colour="R", hand=["G7", "W+4", "B5"], card="W+4", wish="G")
    result = legal_json_result(case)
    assert result["colour_after"] == "G"
    assert result["next_draws"] == 4
    assert result["cards_left"] == 2
    blocked = illegal_json_verdict(with_changes(case, hand=["R7", "W+4", "B5"]))
    assert rules_with_at(blocked) == [("ME-8", None)]
    assert blocked["result"] == {}


def test_meino_play_colour_on_a_wish_card() -> None:
    """[MO1, C5] ``colour`` is needed when ``top`` is a wish card (spelled colours and
    cards accepted); without it the case cannot be judged."""
    case = me("play", top="w", colour="blau", hand=["blau 3", "R2"], card="B3")
    result = legal_json_result(case)
    assert result["colour_after"] == "B"
    assert result["cards_left"] == 1
    json_case_error(with_changes(case, colour=None), "colour")


def test_meino_play_matching() -> None:
    """[MO1, C5] Number on the same number; an action card only on the colour in force."""
    assert judge_json_text(me("play", top="rot 5", hand=["R7", "B5", "Yskip"], card="blau 5"))[
        "legal"
    ]
    verdict = illegal_json_verdict(me("play", top="R5", hand=["R7", "B5", "Yskip"], card="Yskip"))
    assert rules_with_at(verdict) == [("ME-3", None)]


def test_meino_play_card_must_be_in_hand() -> None:
    """[MO2, C9] ``hand`` holds ``card``; an unknown card is named."""
    json_case_error(me("play", top="R5", hand=["R7"], card="B5"), "card")
    json_case_error(me("play", top="R0", hand=["R7"], card="R7"), "top")


def test_meino_round_score() -> None:
    """[MO3, C5] ``hands`` → ``winner`` (no cards left) and ``points``: 5+40+50, 25+20+9."""
    case = me("round_score", hands={"Ann": [], "Bas": ["R5", "W+4", "JOKER"],
                                    "Cor": ["gruen aussetzen", "W+2", "B9"]})  # fmt: skip
    assert legal_json_result(case) == {"winner": "Ann", "points": {"Ann": 0, "Bas": 95, "Cor": 54}}


def test_meino_game() -> None:
    """[MO4] ``totals``, ``tally`` (rounds won), ``finished`` (a total at 500), ``winner``
    (lowest total); not finished: ``winner`` null."""
    case = me(
        "game",
        players=["Ann", "Bas", "Cor"],
        rounds=[
            {"Ann": 0, "Bas": 95, "Cor": 54},
            {"Ann": 120, "Bas": 0, "Cor": 300},
            {"Ann": 400, "Bas": 30, "Cor": 0},
        ],
    )
    result = legal_json_result(case)
    assert result["totals"] == {"Ann": 520, "Bas": 125, "Cor": 354}
    assert result["tally"] == {"Ann": 1, "Bas": 1, "Cor": 1}
    assert result["finished"] is True
    assert result["winner"] == "Bas"
    going_on = legal_json_result(with_changes(case, rounds=case["rounds"][:2]))
    assert going_on["finished"] is False and going_on["winner"] is None
    assert going_on["totals"] == {"Ann": 120, "Bas": 95, "Cor": 354}


# =========================================================================================
# Keezen
# =========================================================================================

NEST = ["nest", "nest", "nest", "nest"]


def kz(pawns: dict[str, list[Any]], card: str | None, move: dict[str, Any] | None,
       seat: int = 0, **fields: Any) -> dict[str, Any]:  # fmt: skip
    board = {str(s): list(NEST) for s in range(4)} | pawns
    case: dict[str, Any] = {"game": "keezen", "check": "move", "players": 4, "seat": seat,
                            "pawns": board}  # fmt: skip
    if card is not None:
        case["card"] = card
    if move is not None:
        case["move"] = move
    return case | fields


def assert_pawns_after(result: dict[str, Any], **seats: list[Any]) -> None:
    """``result.pawns_after`` is the board with ``seats`` changed, every other seat in
    the nest."""
    expected = {str(s): list(NEST) for s in range(4)}
    expected |= {seat.removeprefix("s"): places for seat, places in seats.items()}
    assert result["pawns_after"] == expected


def test_keezen_cases_example() -> None:
    """[KE1, KE6, KE9] The CASES.md example: a 7 split 3 + 4; ``result``:
    ``pawns_after`` in the case's own notation (nest, square, home:K), ``hits``."""
    case = kz({"0": ["nest", 20, 5, "home:0"], "1": [16, "nest", "nest", "nest"],
               "3": [40, 3, "nest", "nest"]}, "7H",
              {"split": [{"pawn": 1, "steps": 3}, {"pawn": 2, "steps": 4}]})  # fmt: skip
    result = legal_json_result(case)
    assert result == {
        "pawns_after": {"0": ["nest", 23, 9, "home:0"], "1": [16, "nest", "nest", "nest"],
                        "2": NEST, "3": [40, 3, "nest", "nest"]},
        "hits": [],
    }  # fmt: skip


def test_keezen_enter_and_hit() -> None:
    """[KE2, KE9] ``{"enter": true}`` puts a nest pawn on the start square; the pawn
    there goes home to its nest: ``hits`` ``[{"seat", "pawn"}]``."""
    result = legal_json_result(
        kz(
            {"0": ["nest", 10, "nest", "nest"], "1": [0, "nest", "nest", "nest"]},
            "AH",
            {"enter": True},
        )
    )
    assert_pawns_after(result, s0=[0, 10, "nest", "nest"])
    assert result["hits"] == [{"seat": 1, "pawn": 0}]


@pytest.mark.parametrize("steps", [4, -4])
def test_keezen_four_backward(steps: int) -> None:
    """[KE3] With a 4 ``steps`` goes backward (4 as CASES.md writes it)."""
    assert_pawns_after(
        legal_json_result(
            kz({"0": [20, "nest", "nest", "nest"]}, "4S", {"pawn": 0, "steps": steps})
        ),
        s0=[16, "nest", "nest", "nest"],
    )


def test_keezen_steps_and_into_home() -> None:
    """[KE3, KE4, C4] Forward steps; ``"into_home": true`` enters the home (62 → 63 →
    home:0 → home:1), without it the pawn goes on round the track (62 + 3 = 1)."""
    board = {"0": [62, "nest", "nest", "nest"]}
    assert_pawns_after(
        legal_json_result(kz(board, "3H", {"pawn": 0, "steps": 3, "into_home": True})),
        s0=["home:1", "nest", "nest", "nest"],
    )
    assert_pawns_after(
        legal_json_result(kz(board, "harten 3", {"pawn": 0, "steps": 3})),
        s0=[1, "nest", "nest", "nest"],
    )


def test_keezen_swap() -> None:
    """[KE5] ``{"pawn": I, "swap": {"seat": S, "pawn": J}}`` with a jack."""
    case = kz({"0": [5, "nest", "nest", "nest"], "1": [30, "nest", "nest", "nest"]},
              "JS", {"pawn": 0, "swap": {"seat": 1, "pawn": 0}})  # fmt: skip
    result = legal_json_result(case)
    assert_pawns_after(result, s0=[30, "nest", "nest", "nest"], s1=[5, "nest", "nest", "nest"])
    assert result["hits"] == []


def test_keezen_split_into_home_per_part() -> None:
    """[KE6] ``into_home`` per part of a 7: pawn 0 61 → home:0, pawn 1 10 → 14 hitting
    seat 1's pawn; written false it goes round (61 + 3 = 0)."""
    board = {"0": [61, 10, "nest", "nest"], "1": [14, "nest", "nest", "nest"]}
    parts = [{"pawn": 0, "steps": 3, "into_home": True}, {"pawn": 1, "steps": 4}]
    result = legal_json_result(kz(board, "7C", {"split": parts}))
    assert_pawns_after(result, s0=["home:0", 14, "nest", "nest"])
    assert result["hits"] == [{"seat": 1, "pawn": 0}]
    parts[0]["into_home"] = False
    assert_pawns_after(
        legal_json_result(kz(board, "7C", {"split": parts})), s0=[0, 14, "nest", "nest"]
    )


def test_keezen_split_at_is_the_part() -> None:
    """[C7] A refused part of a 7 is ``at`` its index in ``split``: pawn 1 on square 10
    cannot pass seat 1's pawn on its start square 16 (KZ-3)."""
    board = {"0": [20, 10, "nest", "nest"], "1": [16, "nest", "nest", "nest"]}
    parts = [{"pawn": 0, "steps": 1}, {"pawn": 1, "steps": 6}]
    verdict = illegal_json_verdict(kz(board, "7C", {"split": parts}))
    assert rules_with_at(verdict) == [("KZ-3", 1)]
    assert verdict["result"] == {}


def test_keezen_fold() -> None:
    """[KE7] ``{"fold": true}`` is judged against ``hand`` (KZ-6); without ``hand`` it
    cannot be judged."""
    fold = {"fold": True}
    assert legal_json_result(kz({}, None, fold, hand=["5H", "QC"])) == {
        "pawns_after": {str(s): NEST for s in range(4)},
        "hits": [],
    }
    assert rules_with_at(illegal_json_verdict(kz({}, None, fold, hand=["5H", "AC"]))) == [
        ("KZ-6", None)
    ]
    json_case_error(kz({}, None, fold), "hand")


def test_keezen_for_seat() -> None:
    """[KE8] ``"for_seat"`` names the partner whose pawns are moved."""
    home = {"0": ["home:0", "home:1", "home:2", "home:3"]}
    result = legal_json_result(kz(home, "KH", {"enter": True, "for_seat": 2}))
    assert_pawns_after(result, s0=home["0"], s2=[32, "nest", "nest", "nest"])


def test_keezen_legal_moves() -> None:
    """[KE10, C4] ``hand`` → ``result.moves``: every legal move per card, keyed by the
    canonical card, in the ``move`` notation."""
    case = kz({"0": [62, "nest", "nest", "nest"]}, None, None, hand=["harten 5", "QC"])
    case["check"] = "legal_moves"
    moves = legal_json_result(case)["moves"]
    assert set(moves) == {"5H", "QC"}
    assert sorted(moves["5H"], key=json.dumps) == sorted(
        [{"pawn": 0, "steps": 5}, {"pawn": 0, "steps": 5, "into_home": True}], key=json.dumps
    )
    assert moves["QC"] == [{"pawn": 0, "steps": 12}]


def test_keezen_legal_moves_for_seat() -> None:
    """[KE8, KE10] With all four pawns home the moves are for the partner."""
    case = kz({"0": ["home:0", "home:1", "home:2", "home:3"]}, None, None, hand=["KH", "5C"])
    case["check"] = "legal_moves"
    moves = legal_json_result(case)["moves"]
    assert moves["KH"] == [{"enter": True, "for_seat": 2}]
    assert moves["5C"] == []


def test_keezen_six_players() -> None:
    """[KE11] ``players`` 6: 96 squares, seat 5 starts on 80."""
    board = {str(s): list(NEST) for s in range(6)}
    case = {"game": "keezen", "check": "move", "players": 6, "seat": 5, "pawns": board,
            "card": "KD", "move": {"enter": True}}  # fmt: skip
    assert legal_json_result(case)["pawns_after"]["5"] == [80, "nest", "nest", "nest"]


def test_keezen_cannot_be_judged() -> None:
    """[KE1, C9] A square off the track, a home square beyond home:3, two of one card in
    a one-deck hand."""
    json_case_error(kz({"0": [64, "nest", "nest", "nest"]}, "AH", {"enter": True}), "pawns.0[0]")
    json_case_error(kz({"0": ["home:4", "nest", "nest", "nest"]}, "AH", {"enter": True}),
                "pawns.0[0]")  # fmt: skip
    case = kz({}, None, None, hand=["AH", "AH"])
    case["check"] = "legal_moves"
    json_case_error(case, "hand")


# =========================================================================================
# Every case: cannot be judged, and the command line
# =========================================================================================


@pytest.mark.parametrize(
    ("case", "field"),
    [
        ({"game": "chess", "check": "move"}, "game"),
        ({"game": "meino", "check": "nope"}, "check"),
        ({"check": "play"}, "game"),
        ({"game": "meino", "check": "round_score", "hands": {"Ann": ["X9"]}}, "hands.Ann[0]"),
        ({"game": "keezen", "check": "move", "options": {"points_per_pawn": "two"}},
         "options.points_per_pawn"),
    ],
)  # fmt: skip
def test_cannot_be_judged_names_the_field(case: dict[str, Any], field: str) -> None:
    """[C9] Unknown game or check, missing field, unknown card, bad option value."""
    json_case_error(case, field)


def test_bad_json_cannot_be_judged() -> None:
    """[C9] Bad JSON names the case."""
    with pytest.raises(CaseError) as info:
        cases.judge_json(b"{bad json")
    assert info.value.field == "case"


def test_command_line_exit_status(tmp_path: Path) -> None:
    """[C9] Exit 0 for a judged case (legal or not) with its verdict on standard output;
    exit 2 with one line on standard error naming the field; several files: JSON Lines
    with ``{"error": ...}`` on the line of a case that cannot be judged."""
    good = tmp_path / "good.json"
    good.write_text(json.dumps(me("round_score", hands={"Ann": [], "Bas": ["R5"]})))
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(me("round_score", hands={"Ann": ["X9"]})))
    not_legal = tmp_path / "not_legal.json"
    not_legal.write_text(json.dumps(dz("discard", card="QS", hand=["QS", "5H"])))

    def run(*names: Path) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        status = cases.main([str(n) for n in names], io.BytesIO(), out, err)
        return status, out.getvalue(), err.getvalue()

    status, out, err = run(good)
    assert status == 0 and err == ""
    assert json.loads(out)["result"] == {"winner": "Ann", "points": {"Ann": 0, "Bas": 5}}
    status, out, err = run(not_legal)
    assert status == 0 and json.loads(out)["legal"] is False
    status, out, err = run(broken)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "hands.Ann[0]" in err and "Traceback" not in err
    status, out, err = run(good, broken, not_legal)
    lines = out.splitlines()
    assert status == 2 and len(lines) == 3
    assert json.loads(lines[0])["legal"] is True
    assert "hands.Ann[0]" in json.loads(lines[1])["error"]
    assert json.loads(lines[2])["legal"] is False
