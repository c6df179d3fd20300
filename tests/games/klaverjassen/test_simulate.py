"""The simulator plays whole games of random legal cards that the engine judges legal."""

from games.base import Case
from games.klaverjassen import deal, game
from games.klaverjassen.checks import CHECKS
from games.klaverjassen.simulate import decisions_per_second, simulate


def test_a_simulated_game_is_legal_and_scored_deal_by_deal():
    sim = simulate(seed=7)
    assert sim.decisions == 16 * 32
    assert len(sim.log["deals"]) == 16
    rows = []
    for fields in sim.log["deals"]:
        out = deal(**fields)
        assert out.legal
        rows.append(out.result["row"])
    assert rows == sim.log["rows"]
    assert game(rows).result["score"] == sim.summary["score"]
    assert CHECKS["game"](Case(sim.log)).legal
    assert simulate(seed=7).log == sim.log  # the seed decides the game


def test_simulate_follows_the_deals_option():
    assert len(simulate(seed=1, options={"deals": 4}).log["deals"]) == 4


def test_decisions_per_second_counts_whole_deals():
    assert decisions_per_second(seconds=0.01) > 0
