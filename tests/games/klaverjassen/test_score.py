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
    # 700 at most: four jacks, aces, kings and queens and 7-8-9-10 in every suit; 530 is
    # no sum of what the 32 cards allow (the four of a kind left a 30 to make).
    for bad in (10, 30, 15, 530, 630, 690, 710, 770, 780):
        assert "KJ-4" in rules(deal_score(row(roem=(bad, 0)))), bad
    for good in (20, 40, 50, 70, 100, 200, 600, 640, 700):
        assert deal_score(row(points=(162, 0), roem=(good, 0))).legal, good
    assert "KJ-4" in rules(deal_score(row(roem=(400, 400))))  # both together too much


def every_roem_by_brute_force(four_of_a_kind: bool) -> set[int]:
    """The roem one team can claim, by trying every set of disjoint roem-giving card
    groups of the deck (at most 8 tricks): four of a kind, every sequence of 3 or 4 (with
    stuk where it holds K and Q of trump), stuk alone. Slow, independent of roembound."""
    from functools import cache

    ranks = ["7", "8", "9", "10", "J", "Q", "K", "A"]

    def bit(suit, rank):
        return 1 << ("HSDC".index(suit) * 8 + ranks.index(rank))

    def claims(items):
        out = {0}
        for item in items:
            out |= {o + item for o in out}
        return out

    groups = []
    if four_of_a_kind:
        for rank, worth in {"J": 200, "A": 100, "K": 100, "Q": 100, "10": 100}.items():
            groups.append((sum(bit(s, rank) for s in "HSDC"), claims([worth])))
    for suit in "HSDC":  # hearts trump
        for length, worth in ((3, 20), (4, 50)):
            for start in range(9 - length):
                run = ranks[start : start + length]
                stuk = [20] if suit == "H" and {"K", "Q"} <= set(run) else []
                groups.append((sum(bit(suit, r) for r in run), claims([worth, *stuk])))
    groups.append((bit("H", "K") | bit("H", "Q"), claims([20])))

    @cache
    def reach(start, used, tricks):
        out = {0}
        if tricks == 8:
            return frozenset(out)
        for index in range(start, len(groups)):
            cards, worth = groups[index]
            if not cards & used:
                rest = reach(index + 1, used | cards, tricks + 1)
                out |= {w + r for w in worth for r in rest}
        return frozenset(out)

    return set(reach(0, 0, 0))


@pytest.mark.parametrize("four_of_a_kind", [True, False])
def test_the_roem_bound_is_what_the_cards_allow(four_of_a_kind):
    assert possible(Options(four_of_a_kind=four_of_a_kind)) == every_roem_by_brute_force(
        four_of_a_kind
    )


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
