"""Duizenden cases that cannot be judged as a whole: options, checks, the command line and
malformed fields."""

import io
import json

import pytest

from games import cases
from tests.games.duizenden.helpers import ABCD, dz_case, judge_dz
from tests.games.helpers import case_error, mutated, paths, verdict_or_field

# --- no crash on malformed input ------------------------------------------------------------------

JUNK_VALUES = [None, 0, -1, 1.5, True, "", "x", [], {}, [None], [[]], [{}], {"a": None}, ["5H"] * 3]


GOOD_FIELDS = {
    "meld": {"cards": ["5H", "6H", "7H"]},
    "opening": {"melds": [["QH", "QS", "QD"]]},
    "discard": {"card": "5H", "hand": ["5H", "6H"], "first_turn": False},
    "deal_score": {"players": {"Ann": {"melded": ["5H"], "hand": ["6H"]}}},
    "game": {"players": ["A", "B", "C"], "deals": [{"A": 5, "B": 0, "C": 0}]},
    "mine": {
        "players": ABCD,
        "discarder": "A",
        "top": "8S",
        "claims": ["B"],
        "on_table": ["B"],
        "hands": {"B": ["8H", "8H"]},
    },
}


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"opening_face_cards": "yes"}, "options"),
        ({"no_such_option": True}, "options"),
        ("face", "options"),
    ],
)
def test_bad_options_cannot_be_judged(options, field):
    case_error(dz_case("meld", cards=["5H", "6H", "7H"], options=options), field)


def test_unknown_check_and_game():
    assert case_error({"game": "duizenden", "check": "bid"}).field == "check"
    assert case_error({"game": "duizend", "check": "meld"}).field == "game"


def test_cli_case_error_is_one_line_and_exit_2():
    stdin = io.BytesIO(json.dumps(dz_case("meld", cards=["5H", "6H", "JK"])).encode())
    out, err = io.StringIO(), io.StringIO()
    assert cases.main(["-"], stdin, out, err) == 2
    assert out.getvalue() == ""
    assert err.getvalue().count("\n") == 1
    assert "cards" in err.getvalue() and "Traceback" not in err.getvalue()


def test_cli_verdict_exit_0_even_when_illegal():
    stdin = io.BytesIO(json.dumps(dz_case("discard", card="QS", hand=["QS", "5H"])).encode())
    out, err = io.StringIO(), io.StringIO()
    assert cases.main(["-"], stdin, out, err) == 0
    verdict = json.loads(out.getvalue())
    assert verdict["legal"] is False and verdict["violations"][0]["rule"] == "DZ-8"


@pytest.mark.parametrize("check", sorted(GOOD_FIELDS))
def test_no_crash_on_malformed_fields(check):
    fields = GOOD_FIELDS[check]
    judge_dz(dz_case(check, **fields))
    places = paths(fields)[1:]
    assert places and fields  # the loops below run
    for path in places:
        for junk in JUNK_VALUES:
            verdict_or_field(judge_dz, dz_case(check, **mutated(fields, path, junk)))
    for key in fields:
        verdict_or_field(judge_dz, dz_case(check, **{k: v for k, v in fields.items() if k != key}))
