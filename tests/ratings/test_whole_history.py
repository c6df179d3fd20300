"""The whole-history estimate (issue 39): the Plackett-Luce maximum a posteriori over all
tables at once, which the rating list shows.

The log posterior is written out here from its definition (sides win among those still in
with chance exp(m / c) / sum exp(m_s / c), c = BETA * sqrt(k); ties averaged over their
orders; a normal prior around MU with sd SIGMA), and the estimate is checked to be its
maximum by finite differences, not against the core's own sums."""

from __future__ import annotations

import math
import random

import pytest

from ratings.core import BETA, MU, SIGMA, TableResult, replay, tie_orders, whole_history


def log_posterior(results: list[TableResult], mu: dict) -> float:
    total = -sum((value - MU) ** 2 for value in mu.values()) / (2 * SIGMA**2)
    for result in results:
        k = len(result.teams)
        c = BETA * math.sqrt(k)
        orders = tie_orders(result.ranks)
        for places in orders:
            sides = [side for _place, side in sorted(zip(places, result.teams, strict=True))]
            strength = [sum(mu[p] for p in side) / c for side in sides]
            for stage in range(k - 1):
                rest = strength[stage:]
                total += (strength[stage] - math.log(sum(math.exp(x) for x in rest))) / len(orders)
    return total


def club(seed: int, players: int, evenings: int, gap: float | None = None):
    """A small club: everyone plays every round at random tables of 4, orders drawn from
    Plackett-Luce with hidden strengths (normal with sd 1, or `gap` apart in a shuffled
    order: clearly separated)."""
    rng = random.Random(seed)
    if gap is None:
        strength = {p: rng.gauss(0.0, 1.0) for p in range(players)}
    else:
        levels = [gap * n for n in range(players)]
        rng.shuffle(levels)
        strength = dict(enumerate(levels))
    results = []
    for evening in range(evenings):
        for round_number in range(4):
            seats = list(strength)
            rng.shuffle(seats)
            for number in range(0, players, 4):
                table = seats[number : number + 4]
                results.append(finish(rng, (evening, round_number, number), table, strength))
    return strength, results


def finish(rng, order, players, strength) -> TableResult:
    left, place = list(players), {}
    for rank in range(1, len(players) + 1):
        chosen = rng.choices(left, weights=[math.exp(strength[p]) for p in left])[0]
        place[chosen] = rank
        left.remove(chosen)
    return TableResult(order, tuple((p,) for p in players), tuple(place[p] for p in players))


def test_the_estimate_is_the_maximum_of_the_posterior():
    mixed = [
        TableResult((1,), (("a",), ("b",), ("c",), ("d",)), (2, 1, 4, 3)),
        TableResult((2,), (("a", "c"), ("b", "e")), (1, 2)),
        TableResult((3,), (("b",), ("c",), ("e",)), (1, 1, 3)),  # a shared first
        TableResult((4,), (("d",), ("e",)), (2, 1)),
        TableResult((5,), (("a",), ("e",), ("d",)), (3, 1, 2)),
    ]
    found = whole_history(mixed)
    mu = {player: rating.mu for player, rating in found.items()}
    best = log_posterior(mixed, mu)
    step = 1e-4
    for player, value in mu.items():
        for sign in (1, -1):
            moved = {**mu, player: value + sign * step}
            assert log_posterior(mixed, moved) <= best + 1e-9
        # The slope in each mu is zero there (central differences).
        up = log_posterior(mixed, {**mu, player: value + step})
        down = log_posterior(mixed, {**mu, player: value - step})
        assert (up - down) / (2 * step) == pytest.approx(0.0, abs=1e-4)
        # sigma is 1 / sqrt of the curvature in the player's own mu.
        curvature = -(up - 2 * best + down) / step**2
        assert found[player].sigma == pytest.approx(1 / math.sqrt(curvature), rel=1e-3)
    assert found["e"].games == 4 and found["a"].games == 3


def test_clearly_separated_players_are_listed_in_their_order():
    strength, results = club(seed=4, players=12, evenings=10, gap=1.0)
    found = whole_history(results)
    listed = sorted(found, key=lambda p: -found[p].conservative)
    assert listed == sorted(strength, key=lambda p: -strength[p])


def test_the_online_list_and_the_whole_history_agree_on_clear_differences():
    strength, results = club(seed=8, players=12, evenings=10, gap=1.0)
    whole = whole_history(results)
    online = replay(results).ratings
    hidden = sorted(strength, key=lambda p: -strength[p])
    assert sorted(whole, key=lambda p: -whole[p].mu) == hidden
    assert sorted(online, key=lambda p: -online[p].mu) == hidden


def test_the_same_tables_in_any_order_give_exactly_the_same_list():
    _strength, results = club(seed=2, players=8, evenings=3)
    expected = whole_history(results)
    shuffled = results[:]
    random.Random(5).shuffle(shuffled)
    relisted = [
        TableResult(r.order, tuple(reversed(r.teams)), tuple(reversed(r.ranks))) for r in shuffled
    ]
    assert whole_history(relisted) == expected
    # Any start reaches the same maximum (to well within a shown point, 1/40 of mu).
    warm = whole_history(results, start=replay(results).ratings)
    assert all(warm[p].mu == pytest.approx(expected[p].mu, abs=0.01) for p in expected)


def test_a_joint_evening_moves_the_members_who_were_not_there():
    """Two clubs that only ever played among themselves, then one joint table where club A's
    player beats club B's, again and again. The whole history carries that to every member
    of A against every member of B; the online update only moves the two who played."""
    club_tables = [
        TableResult((0, n), (("a1",), ("a2",)), (1 + n % 2, 2 - n % 2)) for n in range(20)
    ] + [TableResult((0, n), (("b1",), ("b2",)), (1 + n % 2, 2 - n % 2)) for n in range(20)]
    joint = [TableResult((1, n), (("a1",), ("b1",)), (1, 2)) for n in range(10)]
    whole = whole_history(club_tables + joint)
    assert whole["a2"].mu > whole["b2"].mu + 1  # never met, but a's club is stronger
    online = replay(club_tables + joint).ratings
    before = replay(club_tables).ratings
    assert online["a2"] == before["a2"] and online["b2"] == before["b2"]


def test_tied_players_and_team_mates_stay_equal():
    tied = whole_history([TableResult((1,), (("a",), ("b",), ("c",)), (1, 1, 3))])
    assert tied["a"] == tied["b"]
    assert tied["c"].mu < MU < tied["a"].mu
    teams = whole_history([TableResult((1,), (("a", "b"), ("c", "d")), (1, 2))])
    assert teams["a"] == teams["b"] and teams["c"] == teams["d"]
    assert teams["a"].mu - MU == pytest.approx(MU - teams["c"].mu)


def test_nothing_to_rate_gives_an_empty_list():
    assert whole_history([]) == {}
    assert whole_history([TableResult((1,), (("a",),), (1,))]) == {}


def test_the_written_out_table_of_four_sums_as_the_general_loop():
    """The commonest table (four players, one a side) has its sums written out for speed
    (ratings.core._four); with every table read through the general loop instead (as
    teams of one), the gradient, the curvature and the bend along a direction are the
    same."""
    from ratings import core

    rng = random.Random(3)
    strength = {p: rng.gauss(0.0, 1.0) for p in range(12)}
    tables = [finish(rng, (n,), rng.sample(range(12), 4), strength) for n in range(60)]
    tables.append(TableResult((60,), ((0,), (1,), (2,), (3,)), (1, 1, 3, 4)))  # a tie
    prepared, players, _games = core._prepare(tables)
    assert all(single is not None and len(single) == 4 for *_rest, single in prepared)
    general = [(c, w, sides, None) for c, w, sides, _single in prepared]
    mu = [MU + rng.gauss(0.0, 3.0) for _ in players]
    direction = [rng.gauss(0.0, 1.0) for _ in players]
    prior = 1.0 / SIGMA**2
    fast, slow = core._gradient(prepared, mu, prior), core._gradient(general, mu, prior)
    for got, want in zip(fast[:2], slow[:2], strict=True):
        assert got == pytest.approx(want, rel=1e-12, abs=1e-12)
    assert core._bend(fast[2], direction, prior) == pytest.approx(
        core._bend(slow[2], direction, prior), rel=1e-12
    )
