"""The demo evening of Klaverjassen (games/klaverjassen/demo.py): an individual klaverjas
evening (partners drawn per round, 16 players at 4 tables, 3 rounds), whose results are
games played by simulate.py that the game's own checks accept."""

import pytest

from games.base import Case, Demo
from games.klaverjassen.checks import CHECKS
from games.klaverjassen.demo import DEMO, EVENING, briefje_rows, result_sides
from games.klaverjassen.simulate import simulate
from tournaments.models import Tournament


def test_the_evening_is_an_individual_competition_of_three_rounds():
    assert isinstance(DEMO, Demo)
    assert EVENING["teams"] == Tournament.Teams.DRAWN  # new partners each round (KJ-9)
    assert EVENING["scheme"] == Tournament.Scheme.GAME  # standings by the points made
    assert EVENING["table_size"] == 4 and EVENING["rounds"] == 3
    assert 16 % EVENING["table_size"] == 0  # the demo's 16 players fill 4 tables
    assert DEMO.season_clubs == ("klaverjas",)  # the demo klaverjas club's season


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_summary_sides_are_the_game_score_of_the_rows(seed):
    sim = simulate(seed, record=True)
    sides = result_sides(sim.summary, 2)
    judged = CHECKS["game"](Case({"rows": sim.log["rows"]}))
    assert judged.legal
    assert [side["total"] for side in sides] == judged.result["score"]
    assert sim.summary["finished"] is True  # the demo enters it as a finished game


@pytest.mark.parametrize("seed", [4, 5])
def test_every_briefje_row_passes_deal_score(seed):
    rows = briefje_rows(seed)
    assert len(rows) == 16
    for row in rows:
        out = CHECKS["deal_score"](Case({"row": row}))
        assert out.legal, (row, out.violations)
        assert sum(row["points"]) == 162 or row["verzaakt"] is not None
    game = CHECKS["game"](Case({"rows": rows}))
    assert game.legal
    assert game.result["running"][-1] == game.result["score"]
    assert [side["total"] for side in result_sides(simulate(seed).summary, 2)] == (
        game.result["score"]
    )


def test_a_row_the_demo_could_not_enter_is_refused():
    row = dict(briefje_rows(6)[0])
    row["points"] = [row["points"][0] + 1, row["points"][1]]
    assert not CHECKS["deal_score"](Case({"row": row})).legal
