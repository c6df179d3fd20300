"""MEINO ME-13 round score and ME-14 game; the ``round_score`` and ``game`` checks."""

from __future__ import annotations

import copy

import pytest

from games.base import CaseError
from games.meino.cards import meino_deck
from games.meino.rules import NAMES
from games.meino.scoring import CARD_POINTS, most_round_points
from tests.games.helpers import at_of, case_error, cited, legal_result, rules_in_order
from tests.games.meino.helpers import assert_legal, me_case, run_me, run_me_unchecked

# --- ME-14 game --------------------------------------------------------------------------

THREE_ROUNDS_TO_500 = {
    "players": ["Ann", "Bas"],
    "rounds": [{"Ann": 0, "Bas": 95}, {"Ann": 250, "Bas": 0}, {"Ann": 0, "Bas": 420}],
}


def test_round_score_cases_md_example():
    result = legal_result(run_me("round_score", hands={"Ann": [], "Bas": ["R5", "W+4", "JOKER"]}))
    assert result["winner"] == "Ann"
    assert result["points"] == {"Ann": 0, "Bas": 95}


@pytest.mark.parametrize(
    ("card", "points"),
    [
        ("R1", 1),
        ("B9", 9),
        ("Y5", 5),
        ("W+2", 20),
        ("Gskip", 25),
        ("Brev", 25),
        ("R+2", 25),
        ("W+4", 40),
        ("W", 40),
        ("JOKER", 50),
        ("joker", 50),
        ("rot 7", 7),
        ("gelb aussetzen", 25),
    ],
)
def test_round_score_card_values(card, points):
    result = legal_result(run_me("round_score", hands={"Ann": [card], "Bas": []}))
    assert result == {"winner": "Bas", "points": {"Ann": points, "Bas": 0}}


def test_round_score_six_players():
    hands = {
        "Ann": ["R1", "R2", "R3"],
        "Bas": [],
        "Cor": ["W", "W", "W+4", "W+4"],
        "Dirk": ["JOKER", "JOKER", "Rskip", "Bskip"],
        "Eva": ["G9", "G9", "Y9", "Y9"],
        "Fem": ["W+2"],
    }
    result = legal_result(run_me("round_score", hands=hands))
    assert result["winner"] == "Bas"
    assert result["points"] == {
        "Ann": 6,
        "Bas": 0,
        "Cor": 160,
        "Dirk": 150,
        "Eva": 36,
        "Fem": 20,
    }


def test_round_score_no_empty_hand_is_no_finished_round():
    verdict = run_me("round_score", hands={"Ann": ["R1"], "Bas": ["R5", "W+4"]})
    assert cited(verdict) == {"ME-13"}
    assert "winner" not in verdict["result"]


def test_round_score_two_empty_hands():
    verdict = run_me("round_score", hands={"Ann": [], "Bas": [], "Cor": ["R5"]})
    assert cited(verdict) == {"ME-13"}
    assert "winner" not in verdict["result"]


@pytest.mark.parametrize("count", [1, 7])
def test_round_score_player_count(count):
    hands = {f"P{i}": ([] if i == 0 else [f"R{i}"]) for i in range(count)}
    verdict = run_me("round_score", hands=hands)
    assert "ME-2" in cited(verdict)


def test_round_score_more_copies_than_deck():
    error = case_error(
        me_case("round_score", hands={"Ann": [], "Bas": ["JOKER", "JOKER"], "Cor": ["JOKER"]})
    )
    assert error.field.startswith("hands"), error
    error = case_error(
        me_case(
            "round_score",
            hands={"Ann": [], "Bas": ["JOKER"], "Cor": ["JOKER"]},
            options={"compact": True},
        )
    )
    assert error.field.startswith("hands"), error


def test_round_score_compact_counts_the_same():
    result = legal_result(
        run_me("round_score", hands={"Ann": [], "Bas": ["JOKER", "R5"]}, options={"compact": True})
    )
    assert result["points"] == {"Ann": 0, "Bas": 55}


@pytest.mark.parametrize(
    ("rounds", "totals", "tally", "finished", "winner"),
    [
        pytest.param(  # still running
            [{"Ann": 0, "Bas": 95, "Cor": 12}, {"Ann": 30, "Bas": 0, "Cor": 7}],
            {"Ann": 30, "Bas": 95, "Cor": 19},
            {"Ann": 1, "Bas": 1, "Cor": 0},
            False,
            None,
            id="running",
        ),
        pytest.param(
            [],
            {"Ann": 0, "Bas": 0},
            {"Ann": 0, "Bas": 0},
            False,
            None,
            id="no-rounds-yet",
        ),
        pytest.param(
            [{"Ann": 0, "Bas": 250, "Cor": 100}, {"Ann": 10, "Bas": 250, "Cor": 0}],
            {"Ann": 10, "Bas": 500, "Cor": 100},
            None,
            True,
            "Ann",
            id="exactly-500-ends-it",
        ),
        pytest.param(
            [{"Ann": 0, "Bas": 249}, {"Ann": 0, "Bas": 250}],
            {"Ann": 0, "Bas": 499},
            {"Ann": 2, "Bas": 0},
            False,
            None,
            id="499-does-not-end-it",
        ),
        pytest.param(
            [
                {"Ann": 0, "Bas": 50, "Cor": 200},
                {"Ann": 25, "Bas": 0, "Cor": 200},
                {"Ann": 25, "Bas": 0, "Cor": 100},
            ],
            {"Ann": 50, "Bas": 50, "Cor": 500},
            {"Ann": 1, "Bas": 2, "Cor": 0},
            True,
            "Bas",
            id="tie-on-total-broken-by-tally",
        ),
        pytest.param(
            [{"Ann": 0, "Bas": 50, "Cor": 250}, {"Ann": 50, "Bas": 0, "Cor": 250}],
            {"Ann": 50, "Bas": 50, "Cor": 500},
            {"Ann": 1, "Bas": 1, "Cor": 0},
            True,
            ["Ann", "Bas"],
            id="shared-win",
        ),
    ],
)
def test_game_totals_tally_and_winner(rounds, totals, tally, finished, winner):
    result = legal_result(run_me("game", players=list(totals), rounds=rounds))
    assert result["totals"] == totals
    if tally is not None:
        assert result["tally"] == tally
    assert result["finished"] is finished
    assert result.get("winner") == winner


def test_game_winner_may_be_the_one_who_passed_500_only_if_lowest():
    # two players both over 500: the lower total still wins
    result = legal_result(run_me("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 600}]))
    assert result["finished"] is True
    assert result["winner"] == "Ann"


def test_game_rounds_after_the_end():
    verdict = run_me(
        "game",
        players=["Ann", "Bas"],
        rounds=[{"Ann": 0, "Bas": 500}, {"Ann": 5, "Bas": 0}, {"Ann": 0, "Bas": 5}],
    )
    assert cited(verdict) == {"ME-14"}
    assert 1 in at_of(verdict, "ME-14")


@pytest.mark.parametrize(
    "bad_round",
    [{"Ann": 10, "Bas": 20, "Cor": 5}, {"Ann": 0, "Bas": 0, "Cor": 5}],
)
def test_game_round_without_exactly_one_winner(bad_round):
    verdict = run_me(
        "game",
        players=["Ann", "Bas", "Cor"],
        rounds=[{"Ann": 0, "Bas": 20, "Cor": 5}, bad_round],
    )
    assert cited(verdict) == {"ME-13"}
    assert at_of(verdict, "ME-13") == [1]


@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D", "E", "F", "G"]])
def test_game_player_count(players):
    rounds = [{p: (0 if i == 0 else 5) for i, p in enumerate(players)}]
    verdict = run_me("game", players=players, rounds=rounds)
    assert "ME-2" in cited(verdict)


def test_game_six_players_ok():
    players = ["A", "B", "C", "D", "E", "F"]
    rounds = [{p: (0 if i == 0 else 5) for i, p in enumerate(players)}]
    result = legal_result(run_me("game", players=players, rounds=rounds))
    assert result["totals"] == {"A": 0, "B": 5, "C": 5, "D": 5, "E": 5, "F": 5}
    assert result["tally"]["A"] == 1


def test_game_negative_points_are_an_me13_violation():
    # Engine's choice (RULES.md silent): impossible round points are a violation at the round.
    verdict = run_me("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": -5}])
    assert cited(verdict) == {"ME-13"}
    assert at_of(verdict, "ME-13") == [0]


def test_game_round_with_more_points_than_the_deck():
    verdict = run_me("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 5000}])
    assert cited(verdict) == {"ME-13"}


def test_game_unknown_winner_leaves_out_what_depends_on_it():
    # Round 2 has no zero: its tally mark is unknown; totals are still plain sums.
    verdict = run_me(
        "game",
        players=["Ann", "Bas"],
        rounds=[{"Ann": 0, "Bas": 250}, {"Ann": 250, "Bas": 250}],
    )
    assert cited(verdict) == {"ME-13"}
    result = verdict["result"]
    assert result["totals"] == {"Ann": 250, "Bas": 500}
    assert "tally" not in result
    assert result["finished"] is True
    assert result["winner"] == "Ann"  # no tie: the tally is not needed


def test_game_unknown_winner_and_a_tie_leaves_the_winner_out():
    # Equal totals need the tally marks; round 2 has no zero, so they are unknown.
    verdict = run_me(
        "game",
        players=["Ann", "Bas", "Cor"],
        rounds=[{"Ann": 0, "Bas": 20, "Cor": 200}, {"Ann": 25, "Bas": 5, "Cor": 300}],
    )
    assert cited(verdict) == {"ME-13"}
    assert at_of(verdict, "ME-13") == [1]
    result = verdict["result"]
    assert result["totals"] == {"Ann": 25, "Bas": 25, "Cor": 500}
    assert result["finished"] is True
    assert "tally" not in result
    assert "winner" not in result


def test_game_totals_stop_at_the_round_that_ended_it():
    verdict = run_me(
        "game",
        players=["Ann", "Bas"],
        rounds=[{"Ann": 0, "Bas": 510}, {"Ann": 600, "Bas": 0}],
    )
    assert cited(verdict) == {"ME-14"}
    assert at_of(verdict, "ME-14") == [1]
    assert verdict["result"]["winner"] == "Ann"
    assert verdict["result"]["totals"] == {"Ann": 0, "Bas": 510}


# --- ME-13 Round score -----------------------------------------------------------------------


def test_me13_seed_card_values():
    # Seed: numbers their value, 2-Ziehen+Farbwahl 20, Richtungswechsel/Aussetzen/2-Ziehen
    # 25, 4-Ziehen+Farbwahl 40, Farbwahlkarte 40, Joker 50.
    values = dict(zip(NAMES, CARD_POINTS, strict=True))
    assert [values[f"B{n}"] for n in range(1, 10)] == list(range(1, 10))
    assert [values[c] for c in ("W+2", "Gskip", "Grev", "G+2", "W+4", "W", "JOKER")] == [
        20,
        25,
        25,
        25,
        40,
        40,
        50,
    ]


def test_me13_round_score_example():
    verdict = run_me_unchecked(
        "round_score", hands={"Ann": [], "Bas": ["R5", "W+4", "JOKER"], "Cor": ["Gskip", "Y9"]}
    )
    assert_legal(verdict)
    assert verdict["result"] == {"winner": "Ann", "points": {"Ann": 0, "Bas": 95, "Cor": 34}}


def test_me13_a_round_is_over_only_when_exactly_one_player_has_no_cards():
    verdict = run_me_unchecked("round_score", hands={"Ann": ["R1"], "Bas": ["R5"]})
    assert rules_in_order(verdict) == ["ME-13"]
    assert verdict["result"] == {}
    assert rules_in_order(
        run_me_unchecked("round_score", hands={"Ann": [], "Bas": [], "Cor": ["B1"]})
    ) == ["ME-13"]


def test_me13_round_score_limits():
    with pytest.raises(CaseError):  # every card in hand: nothing left on the discard pile
        run_me_unchecked("round_score", hands={"Ann": [], "Bas": [str(c) for c in meino_deck()]})
    verdict = run_me_unchecked("round_score", hands={"Ann": []})
    assert rules_in_order(verdict) == ["ME-2"]  # MEINO needs 2 to 6 players
    assert verdict["result"] == {"winner": "Ann", "points": {"Ann": 0}}


@pytest.mark.parametrize(
    "points",
    [{"Ann": 0, "Bas": -5}, {"Ann": 3, "Bas": 5}, {"Ann": 0, "Bas": 0}, {"Ann": 0, "Bas": 1459}],
)
def test_me13_impossible_round_points(points):
    verdict = run_me_unchecked("game", players=["Ann", "Bas"], rounds=[points])
    assert rules_in_order(verdict) == ["ME-13"]
    assert verdict["violations"][0]["at"] == 0


def test_me13_the_most_points_of_a_round():
    assert most_round_points() == 1458
    assert most_round_points(compact=True) == 728
    assert run_me_unchecked("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 1458}])[
        "legal"
    ]


# --- ME-14 Game ------------------------------------------------------------------------------


def test_me14_the_game_ends_after_the_round_reaching_500():
    verdict = run_me_unchecked("game", **THREE_ROUNDS_TO_500)
    assert_legal(verdict)
    assert verdict["result"]["totals"] == {"Ann": 250, "Bas": 515}
    assert verdict["result"]["tally"] == {"Ann": 2, "Bas": 1}
    assert verdict["result"]["finished"] is True
    assert verdict["result"]["finished_after"] == 3
    assert verdict["result"]["winner"] == "Ann"
    assert verdict["result"]["behind"] == {"Ann": 0, "Bas": 265}


def test_me14_a_game_under_500_goes_on():
    verdict = run_me_unchecked("game", players=["Ann", "Bas"], rounds=[{"Ann": 0, "Bas": 95}])
    assert_legal(verdict)
    assert verdict["result"]["finished"] is False
    assert verdict["result"]["winner"] is None


def test_me14_no_round_after_the_end():
    game = copy.deepcopy(THREE_ROUNDS_TO_500)
    game["rounds"].append({"Ann": 30, "Bas": 0})
    verdict = run_me_unchecked("game", **game)
    assert rules_in_order(verdict) == ["ME-14"]
    assert verdict["violations"][0]["at"] == 3
    assert verdict["result"]["totals"] == {"Ann": 250, "Bas": 515}  # as the game ended


def test_me14_equal_totals_more_tally_marks_win():
    rounds = [
        {"Ann": 0, "Bas": 100, "Cor": 100},
        {"Ann": 0, "Bas": 100, "Cor": 100},
        {"Ann": 200, "Bas": 0, "Cor": 400},
    ]
    result = run_me_unchecked("game", players=["Ann", "Bas", "Cor"], rounds=rounds)["result"]
    assert result["totals"] == {"Ann": 200, "Bas": 200, "Cor": 600}
    assert result["tally"] == {"Ann": 2, "Bas": 1, "Cor": 0}
    assert result["winner"] == "Ann"


def test_me14_equal_totals_and_tally_marks_share_the_win():
    rounds = [{"Ann": 0, "Bas": 100, "Cor": 200}, {"Ann": 100, "Bas": 0, "Cor": 350}]
    verdict = run_me_unchecked("game", players=["Ann", "Bas", "Cor"], rounds=rounds)
    assert_legal(verdict)
    assert verdict["result"]["totals"] == {"Ann": 100, "Bas": 100, "Cor": 550}
    assert verdict["result"]["winner"] == ["Ann", "Bas"]


def test_me14_an_unknown_tally_leaves_a_tied_winner_out():
    rounds = [{"Ann": 0, "Bas": 0, "Cor": 500}]
    verdict = run_me_unchecked("game", players=["Ann", "Bas", "Cor"], rounds=rounds)
    assert rules_in_order(verdict) == ["ME-13"]
    assert "tally" not in verdict["result"]
    assert "winner" not in verdict["result"]
    assert verdict["result"]["finished"] is True
