"""Duizenden DZ-7 mining (and DZ-8 for a queen of spades on top); the ``mine`` check."""

import pytest

from games.base import CaseError
from tests.games.duizenden.helpers import ABCD, dz_case, run_dz, run_dz_unchecked
from tests.games.helpers import at_of, case_error, cited, illegal_verdict, legal_result

# --- DZ-7 mining ------------------------------------------------------------------------------

P1_TO_P4 = ["P1", "P2", "P3", "P4"]


def run_mine(**fields):
    base = {"players": ABCD, "discarder": "A", "top": "8S"}
    base.update(fields)
    return run_dz("mine", **base)


def test_mine_bad_claims_hands_or_discarder_name_the_exact_field():
    base = {
        "players": P1_TO_P4,
        "discarder": "P1",
        "top": "8S",
        "claims": ["P2"],
        "on_table": ["P2"],
        "hands": {"P2": ["8H", "8D"]},
    }
    for key, value, field in [
        ("claims", ["P2", "P2"], "claims[1]"),
        ("claims", ["Zed"], "claims[0]"),
        ("on_table", ["P9"], "on_table[0]"),
        ("hands", {}, "hands.P2"),
        ("hands", {"P2": ["8S", "8S"]}, "hands"),
        ("discarder", "P7", "discarder"),
    ]:
        with pytest.raises(CaseError) as info:
            run_dz_unchecked("mine", **{**base, key: value})
        assert info.value.field == field


def test_mine_seed_example_player_3_with_two_eights():
    verdict = run_mine(claims=["C"], on_table=["C"], hands={"C": ["8H", "8D", "2C"]})
    assert legal_result(verdict) == {"miner": "C"}


def test_mine_seed_example_next_player_has_priority():
    verdict = run_mine(
        claims=["C", "B"], on_table=["B", "C"], hands={"B": ["8H", "8C"], "C": ["8D", "8D"]}
    )
    assert legal_result(verdict) == {"miner": "B"}


def test_mine_first_claim_wins_without_the_next_player():
    verdict = run_mine(
        claims=["D", "C"], on_table=["C", "D"], hands={"C": ["8H", "8C"], "D": ["9S", "10S"]}
    )
    assert legal_result(verdict) == {"miner": "D"}
    verdict = run_mine(
        claims=["C", "D"], on_table=["C", "D"], hands={"C": ["8H", "8C"], "D": ["9S", "10S"]}
    )
    assert legal_result(verdict) == {"miner": "C"}


def test_mine_priority_wraps_around_the_table():
    verdict = run_mine(
        discarder="D",
        claims=["C", "A"],
        on_table=["A", "C"],
        hands={"A": ["6S", "7S"], "C": ["8H", "8C"]},
    )
    assert legal_result(verdict) == {"miner": "A"}


def test_mine_claim_not_on_table_is_dz7_at_its_index():
    verdict = run_mine(
        claims=["C", "B"], on_table=["C"], hands={"B": ["8H", "8C"], "C": ["8D", "8D"]}
    )
    assert cited(verdict) == {"DZ-7"}
    assert at_of(verdict, "DZ-7") == [1]
    assert verdict["result"] == {"miner": "C"}


def test_mine_claim_without_a_meld_is_dz7():
    verdict = run_mine(
        claims=["B", "C"], on_table=["B", "C"], hands={"B": ["8H", "9C", "KD"], "C": ["7S", "9S"]}
    )
    assert cited(verdict) == {"DZ-7"}
    assert at_of(verdict, "DZ-7") == [0]
    assert verdict["result"] == {"miner": "C"}


def test_mine_no_valid_claim():
    verdict = run_mine(claims=["B"], on_table=[], hands={"B": ["8H", "8C"]})
    assert cited(verdict) == {"DZ-7"}
    assert verdict["result"] == {"miner": None}
    assert legal_result(run_mine(claims=[], on_table=["B"], hands={})) == {"miner": None}


def test_mine_by_the_discarder_is_dz7():
    verdict = run_mine(claims=["A"], on_table=["A"], hands={"A": ["8H", "8C"]})
    assert cited(verdict) == {"DZ-7"}
    assert verdict["result"] == {"miner": None}


@pytest.mark.parametrize(
    ("hand", "valid"),
    [
        (["8H", "8C"], True),  # set
        (["9S", "10S"], True),  # run up
        (["6S", "7S"], True),  # run down
        (["7S", "9S"], True),  # top in the middle
        (["8H", "JK"], True),  # joker with a natural pair
        (["JK", "JK"], True),  # the top card is natural
        (["JK"], False),  # two cards are no meld
        (["8H"], False),
        (["9H", "10H"], False),  # other suit
        (["7S", "10S"], False),
        ([], False),
    ],
)
def test_mine_what_makes_a_meld_with_the_top(hand, valid):
    verdict = run_mine(claims=["C"], on_table=["C"], hands={"C": hand})
    if valid:
        assert legal_result(verdict) == {"miner": "C"}
    else:
        assert cited(verdict) == {"DZ-7"}
        assert verdict["result"] == {"miner": None}


def test_mine_ace_top_makes_runs_both_ends():
    verdict = run_mine(top="AS", claims=["C"], on_table=["C"], hands={"C": ["KS", "QS"]})
    assert legal_result(verdict) == {"miner": "C"}
    verdict = run_mine(top="AS", claims=["C"], on_table=["C"], hands={"C": ["2S", "3S"]})
    assert legal_result(verdict) == {"miner": "C"}
    verdict = run_mine(top="AS", claims=["C"], on_table=["C"], hands={"C": ["KS", "2S"]})
    assert cited(verdict) == {"DZ-7"}


def test_mine_top_queen_of_spades_is_dz8():
    verdict = run_mine(top="QS", claims=["B"], on_table=["B"], hands={"B": ["QH", "QD"]})
    assert "DZ-8" in cited(verdict)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"discarder": "Z"}, "discarder"),
        ({"top": "ZZ"}, "top"),
        ({"claims": ["Z"]}, "claims"),
        ({"on_table": ["Z"]}, "on_table"),
        ({"hands": {"B": ["8S", "8S"]}}, "hands"),  # with the top: three 8S
        ({"hands": {"B": ["XX", "8H"]}}, "hands"),
        ({"hands": {"Z": ["8H", "8H"]}}, "hands"),
        ({"hands": ["8H", "8H"]}, "hands"),
        ({"claims": "B"}, "claims"),
        ({"players": "ABCD"}, "players"),
        ({"players": ["A", "A", "B", "C"]}, "players"),
    ],
)
def test_mine_cases_that_cannot_be_judged(fields, field):
    base = {
        "players": ABCD,
        "discarder": "A",
        "top": "8S",
        "claims": ["B"],
        "on_table": ["B"],
        "hands": {"B": ["8H", "8H"]},
    }
    base.update(fields)
    case_error(dz_case("mine", **base), field)


def test_mine_missing_claims_or_on_table_cannot_be_judged():
    base = {
        "players": ABCD,
        "discarder": "A",
        "top": "8S",
        "claims": ["B"],
        "on_table": ["B"],
        "hands": {"B": ["8H", "8H"]},
    }
    error = case_error(dz_case("mine", **{k: v for k, v in base.items() if k != "claims"}))
    assert error.field == "claims"
    error = case_error(dz_case("mine", **{k: v for k, v in base.items() if k != "on_table"}))
    assert error.field == "on_table"
    assert case_error(dz_case("mine", **{**base, "on_table": None})).field == "on_table"
    # Without claims nobody needs to be on the table.
    assert legal_result(run_dz("mine", **{**base, "claims": [], "on_table": None})) == {
        "miner": None
    }


def test_mine_claimant_hand_missing_cannot_be_judged():
    error = case_error(
        dz_case(
            "mine", players=ABCD, discarder="A", top="8S", claims=["B"], on_table=["B"], hands={}
        )
    )
    assert error.field.startswith("hands")


# --- DZ-7 Mining -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "claims", "on_table", "hands", "miner"),
    [
        # "Speler 1 gooit een schoppen 8 weg ... Speler 3 heeft twee achten in handen en is
        # al op tafel. Hij kan dan de open stapel mijnen."
        pytest.param(
            P1_TO_P4, ["P3"], ["P3"], {"P3": ["8H", "8D", "2C"]}, "P3", id="seed-two-eights"
        ),
        # "In het voorbeeld heeft dus speler 2 voorrang op speler 3, ook al is speler 3
        # eerder met roepen."
        pytest.param(
            P1_TO_P4,
            ["P3", "P2"],
            ["P2", "P3"],
            {"P2": ["9S", "10S"], "P3": ["8H", "8D"]},
            "P2",
            id="seed-the-next-player-has-priority",
        ),
        # Without the next player among the valid claims, the first claim wins.
        pytest.param(
            P1_TO_P4,
            ["P4", "P3"],
            ["P3", "P4"],
            {"P3": ["8H", "8D"], "P4": ["JK", "7S"]},
            "P4",
            id="seed-else-the-first-claim",
        ),
        pytest.param(
            ["A", "B", "C", "D"],
            ["C", "B"],
            ["B", "C"],
            {"B": ["8H", "8D", "KS"], "C": ["9S", "10S", "2H"]},
            "B",
            id="corpus",
        ),
    ],
)
def test_dz7_examples_who_mines(players, claims, on_table, hands, miner):
    """Who mines the pile (DZ-7) in the seed's and the corpus's examples: a claimant on
    the table with a meld with the top card; of several, the player next after the
    discarder even when they called later, else the first claim."""
    verdict = run_dz_unchecked(
        "mine",
        players=players,
        discarder=players[0],
        top="8S",
        claims=claims,
        on_table=on_table,
        hands=hands,
    )
    assert legal_result(verdict) == {"miner": miner}


@pytest.mark.parametrize(
    ("claimant", "on_table", "hand", "words"),
    [
        ("P3", [], ["8H", "8D"], "on the table"),
        ("P3", ["P3"], ["8H", "9D"], "no meld"),
        ("P3", ["P3"], ["6S", "9S"], "no meld"),  # 6S and 9S leave a gap of two
        ("P1", ["P1"], ["8H", "8D"], "own discard"),
    ],
)
def test_dz7_invalid_claims_are_violations_at_their_index(claimant, on_table, hand, words):
    verdict = illegal_verdict(
        run_dz_unchecked(
            "mine",
            players=P1_TO_P4,
            discarder="P1",
            top="8S",
            claims=["P2", claimant],
            on_table=["P2", *on_table],
            hands={"P2": ["8C", "JK"], claimant: hand},
        ),
        "DZ-7",
    )
    assert verdict["violations"][0]["at"] == 1
    assert words in verdict["violations"][0]["message"]
    assert verdict["result"] == {"miner": "P2"}


def test_dz7_no_valid_claim_means_no_miner():
    verdict = illegal_verdict(
        run_dz_unchecked(
            "mine", players=P1_TO_P4, discarder="P1", top="8S", claims=["P2"], on_table=[], hands={}
        ),
        "DZ-7",
    )
    assert verdict["result"] == {"miner": None}
    assert legal_result(
        run_dz_unchecked(
            "mine", players=P1_TO_P4, discarder="P1", top="8S", claims=[], on_table=[], hands={}
        )
    ) == {"miner": None}


def test_dz7_a_joker_makes_melds_both_ways():
    # A discarded joker with a natural and another joker, or with two cards in a row.
    for hand in (["JK", "4C"], ["4C", "6C"], ["4C", "4D"]):
        assert (
            legal_result(
                run_dz_unchecked(
                    "mine",
                    players=P1_TO_P4,
                    discarder="P1",
                    top="JK",
                    claims=["P2"],
                    on_table=["P2"],
                    hands={"P2": hand},
                )
            )["miner"]
            == "P2"
        )
    illegal_verdict(
        run_dz_unchecked(
            "mine",
            players=P1_TO_P4,
            discarder="P1",
            top="JK",
            claims=["P2"],
            on_table=["P2"],
            hands={"P2": ["4C", "7C"]},
        ),
        "DZ-7",
    )


# --- DZ-8 Queen of spades --------------------------------------------------------------------


def test_dz8_a_queen_of_spades_on_the_pile_is_itself_a_violation():
    verdict = illegal_verdict(
        run_dz_unchecked(
            "mine",
            players=P1_TO_P4,
            discarder="P1",
            top="QS",
            claims=["P2"],
            on_table=["P2"],
            hands={"P2": ["QH", "QD"]},
        ),
        "DZ-8",
    )
    assert verdict["result"] == {"miner": "P2"}
