"""MeieRijen's refusals of a table's entry follow the evening's options and come in one
pass (issue 37): a 2-2 names no third round on an evening without one; a number out of
bounds and a rule broken are refused together."""

from __future__ import annotations

from games.meierijen.results import MOST_ROUND
from games.results import CombinedResultError
from tests.games.helpers import result_refusal, summary_entry

GAME = "meierijen"
MATCH_LIMIT = 3 * MOST_ROUND  # the summary's bound on minus points (three rounds)


def refusals(entry, **options) -> list[tuple[str, str]]:
    error = result_refusal(GAME, entry, 2, **options)
    return [(part.field, part.message) for part in error.errors]


def test_a_two_two_without_a_third_round_names_no_third_round():
    error = result_refusal(GAME, summary_entry(finished=True, rounds=[2, 2], minus=[5, 9]), 2)
    assert error.field == "sides"
    assert error.message == (
        "No match ends 2-2: this evening plays no third round, so a match ends after two "
        "rounds, 2-0, 1-1 or 0-2 (MR-13)."
    )
    assert "third one" not in error.message


def test_a_two_two_with_a_third_round_names_it():
    error = result_refusal(
        GAME, summary_entry(finished=True, rounds=[2, 2], minus=[5, 9]), 2, third_round=True
    )
    assert error.message == (
        "No match ends 2-2: it is decided after two rounds, or after a third one with a 1-1 "
        "(MR-13)."
    )


def test_an_undecided_match_says_what_this_evening_plays():
    one_round = {"mode": "detailed", "finished": True,
                 "rows": [{"first": None, "sides": [{"minus": 3}, {"minus": 9}]}]}  # fmt: skip
    assert "third" not in result_refusal(GAME, one_round, 2).message
    assert "third" in result_refusal(GAME, one_round, 2, third_round=True).message


def test_a_number_out_of_bounds_and_a_broken_rule_come_at_once():
    """Rounds won 2-2 (no match ends so) and minus points over the form's bound: both
    refusals in one pass, each at its own cell."""
    entry = summary_entry(finished=True, rounds=[2, 2], minus=[MATCH_LIMIT + 1, 9])
    found = refusals(entry)
    assert found == [
        ("sides[0].minus", f"Enter at most {MATCH_LIMIT}."),
        (
            "sides",
            "No match ends 2-2: this evening plays no third round, so a match ends after "
            "two rounds, 2-0, 1-1 or 0-2 (MR-13).",
        ),
    ]


def test_every_rule_broken_in_a_summary_comes_at_once():
    """2-1 on an evening without a third round, and a side with more minus points than
    three rounds can give."""
    entry = summary_entry(finished=True, rounds=[2, 1], minus=[3 * 54 + 1, 9])
    fields = [field for field, _message in refusals(entry)]
    assert fields == ["sides", "sides[0].minus"]


def test_every_round_of_a_detailed_entry_is_judged_at_once():
    """Equal minus points without who emptied the pile first, in both rounds."""
    entry = {"mode": "detailed", "finished": True, "rows": [
        {"first": None, "sides": [{"minus": 4}, {"minus": 4}]},
        {"first": None, "sides": [{"minus": 7}, {"minus": 7}]},
    ]}  # fmt: skip
    assert [field for field, _message in refusals(entry)] == ["rows[0].first", "rows[1].first"]


def test_a_value_of_the_wrong_kind_is_refused_without_judging_the_rules():
    """A number missing: the game's rules cannot judge the entry; every value's refusal
    still comes at once."""
    entry = summary_entry(finished=True, rounds=[None, 2], minus=[MATCH_LIMIT + 1, 9])
    error = result_refusal(GAME, entry, 2)
    assert isinstance(error, CombinedResultError)
    assert [part.field for part in error.errors] == ["sides[0].rounds", "sides[0].minus"]
