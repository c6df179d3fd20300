"""Duizenden DZ-1: two 54-card decks and 3-5 players."""

import pytest

from games.base import CaseError
from tests.games.duizenden.helpers import run_dz, run_dz_unchecked
from tests.games.helpers import cited, illegal_verdict, legal_result


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C", "D", "E", "F"], ["A"]])
def test_game_player_count_outside_3_to_5_is_dz1(players):
    verdict = run_dz("game", players=players, deals=[])
    assert cited(verdict) == {"DZ-1"}


@pytest.mark.parametrize("players", [["A", "B", "C"], ["A", "B", "C", "D", "E"]])
def test_game_three_and_five_players(players):
    deals = [dict.fromkeys(players, 10)]
    assert legal_result(run_dz("game", players=players, deals=deals))["totals"] == dict.fromkeys(
        players, 10
    )


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C", "D", "E", "F"]])
def test_mine_player_count_outside_3_to_5_is_dz1(players):
    verdict = run_dz(
        "mine", players=players, discarder="A", top="8S", claims=[], on_table=[], hands={}
    )
    assert "DZ-1" in cited(verdict)


def test_mine_three_and_five_players():
    verdict = run_dz(
        "mine",
        players=["A", "B", "C"],
        discarder="C",
        top="8S",
        claims=["B", "A"],
        on_table=["A", "B"],
        hands={"A": ["8H", "8D"], "B": ["8C", "8C"]},
    )
    assert legal_result(verdict) == {"miner": "A"}
    verdict = run_dz(
        "mine",
        players=["A", "B", "C", "D", "E"],
        discarder="E",
        top="klaveren 8",
        claims=["C"],
        on_table=["C"],
        hands={"C": ["8♣", "ruiten 8"]},
    )
    assert legal_result(verdict) == {"miner": "C"}


# --- DZ-1 Deck -------------------------------------------------------------------------------


def test_dz1_three_to_five_players():
    legal_result(run_dz_unchecked("game", players=["Ann", "Bas", "Cor", "Dirk"], deals=[]))
    illegal_verdict(
        run_dz_unchecked("game", players=["A", "B", "C", "D", "E", "F"], deals=[]), "DZ-1"
    )
    verdict = run_dz_unchecked(
        "mine", players=["A", "B"], discarder="A", top="8S", claims=[], on_table=[], hands={}
    )
    illegal_verdict(verdict, "DZ-1")


def test_dz1_two_decks_hold_each_card_twice_and_four_jokers():
    legal_result(
        run_dz_unchecked(
            "deal_score", players={"A": {"melded": ["8H", "8H", "JK", "JK"], "hand": ["JK", "JK"]}}
        )
    )
    with pytest.raises(CaseError) as info:
        run_dz_unchecked(
            "deal_score",
            players={
                "A": {"melded": ["8H", "8H"], "hand": []},
                "B": {"melded": [], "hand": ["8H"]},
            },
        )
    assert info.value.field == "players"
    with pytest.raises(CaseError, match="JK"):
        run_dz_unchecked("meld", cards=["JK", "JK", "JK", "JK", "JK", "5H"])
