"""KJ-4 … KJ-8 on the briefje: a row's score or why it cannot be, and a game's totals."""

import pytest

from games.base import CaseError
from games.klaverjassen import deal_score, game
from games.klaverjassen.cards import Options
from games.klaverjassen.roembound import possible


def row(playing=0, points=(90, 72), roem=(0, 0), **marks):
    return {"playing": playing, "points": list(points), "roem": list(roem),
            "nat": False, "pit": False, "verzaakt": None, **marks}  # fmt: skip


def rules(outcome):
    return [v.rule for v in outcome.violations]


def test_a_plain_row_scores_points_plus_roem():
    out = deal_score(row(points=(90, 72), roem=(20, 50), nat=True))
    assert out.legal  # 110 against 122: nat, and marked so
    assert out.result["score"] == [0, 162 + 70]
    out = deal_score(row(points=(90, 72), roem=(50, 20)))
    assert out.result["score"] == [140, 92]


def test_the_playing_team_must_score_more():
    out = deal_score(row(points=(100, 62), roem=(20, 0)))
    assert out.legal
    assert out.result["score"] == [120, 62]


def test_nat_short_by_the_smallest_margin_and_on_equal_totals():
    # 80 + 0 against 82: nat; 81 against 81: equal is not enough
    for points, roem in (((80, 82), (0, 0)), ((81, 81), (0, 0)), ((71, 91), (20, 0))):
        out = deal_score(row(points=points, roem=roem, nat=True))
        assert out.legal, out.violations
        assert out.result["score"] == [0, 162 + sum(roem)]
        assert out.result["nat"] is True
    assert deal_score(row(points=(82, 80), nat=False)).result["score"] == [82, 80]


def test_nat_marked_but_not_nat_and_nat_not_marked():
    out = deal_score(row(points=(82, 80), nat=True))
    assert rules(out) == ["KJ-5"]
    assert "nat is marked" in out.violations[0].message
    assert rules(deal_score(row(points=(80, 82)))) == ["KJ-5"]


def test_points_must_sum_to_162():
    out = deal_score(row(points=(90, 70)))
    assert rules(out) == ["KJ-2"]
    assert out.violations[0].message == "the points sum to 160, not 162"


def test_roem_no_trick_can_give():
    for bad in (10, 30, 15, 780):
        assert "KJ-4" in rules(deal_score(row(roem=(bad, 0)))), bad
    for good in (20, 40, 50, 70, 100, 200, 600, 770):
        assert deal_score(row(points=(162, 0), roem=(good, 0))).legal, good
    assert "KJ-4" in rules(deal_score(row(roem=(400, 400))))  # both together too much


def test_the_roem_bound_without_four_of_a_kind():
    assert max(possible(Options(four_of_a_kind=False))) == 70 + 7 * 50
    assert 30 not in possible(Options(four_of_a_kind=False))
    assert rules(deal_score(row(roem=(30, 0)), {"four_of_a_kind": False})) == ["KJ-4"]


def test_pit_of_the_playing_team_and_of_the_other():
    out = deal_score(row(points=(162, 0), roem=(40, 0), pit=True))
    assert out.legal
    assert out.result["score"] == [162 + 40 + 100, 0]
    other = deal_score(row(playing=0, points=(0, 162), roem=(0, 20), pit=True, nat=True))
    assert other.legal, other.violations
    assert other.result["score"] == [0, 162 + 20 + 100]


def test_pit_inconsistent():
    assert rules(deal_score(row(points=(150, 12), pit=True))) == ["KJ-6"]
    assert rules(deal_score(row(points=(162, 0), roem=(0, 20), pit=True))) == ["KJ-6"]


def test_verzaakt_under_deal_and_under_minus100():
    out = deal_score(row(points=(40, 30), roem=(20, 20), verzaakt=1))  # stopped early
    assert out.legal
    assert out.result["score"] == [162 + 40, 0]
    out = deal_score(row(playing=1, points=(40, 30), roem=(0, 20), verzaakt=0))
    assert out.result["score"] == [0, 162 + 20]
    minus = deal_score(row(points=(100, 62), roem=(20, 0), verzaakt=1), {"verzaken": "minus100"})
    assert minus.legal
    assert minus.result["score"] == [120, 62]
    assert minus.result["penalty"] == [0, -100]
    assert rules(deal_score(row(points=(40, 30), verzaakt=1), {"verzaken": "minus100"})) == ["KJ-2"]


def test_a_row_that_cannot_be_read():
    with pytest.raises(CaseError):
        deal_score({"playing": 2, "points": [81, 81], "roem": [0, 0]})
    with pytest.raises(CaseError):
        deal_score(row(points=(81, -1)))
    with pytest.raises(CaseError):
        deal_score(row(), {"variant": "haags"})


def test_a_game_of_16_rows_runs_its_totals():
    rows = [row(points=(100, 62))] * 15 + [row(points=(80, 82))]  # the last is nat
    rows[-1] = row(points=(80, 82), nat=True)
    out = game(rows)
    assert out.legal
    assert out.result["running"][0] == [100, 62]
    assert out.result["running"][14] == [1500, 930]
    assert out.result["score"] == [1500, 930 + 162]
    assert out.result["winner"] == 0


def test_a_game_names_the_row_and_the_number_of_deals():
    rows = [row()] * 15 + [row(points=(90, 70))]
    out = game(rows)
    assert [(v.rule, v.at) for v in out.violations] == [("KJ-2", 15)]
    short = game([row()] * 3)
    assert [(v.rule, v.at) for v in short.violations] == [("KJ-8", None)]
    assert game([row()] * 3, {"deals": 3}).legal
    with pytest.raises(CaseError) as error:
        game([row(), {"playing": 5}], {"deals": 2})
    assert error.value.field == "rows[1].playing"
