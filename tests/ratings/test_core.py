"""The pure rating core (issue 19): OpenSkill's Plackett-Luce model by hand, teams, ties,
replays in any order, continuing from given ratings, and the shown number.

The expected values are computed here from the published formulas (Weng and Lin 2011,
"A Bayesian approximation method for online ranking", algorithm 4, with OpenSkill's
additive dynamics tau and its default gamma), not copied from OpenSkill's output:

    sigma_i^2  <- sigma_i^2 + tau^2                       (every player, before the table)
    c          =  sqrt(sum over sides q of (sigma_q^2 + beta^2))
    C_q        =  {s : r(s) >= r(q)}          (the sides not better than q)
    A_q        =  |{s : r(s) = r(q)}|         (the sides tied with q)
    p_i,q      =  exp(mu_i / c) / sum over s in C_q of exp(mu_s / c)
    Omega_i    =  sigma_i^2 / c * sum over q with r(q) <= r(i) of ([q = i] - p_i,q) / A_q
    Delta_i    =  gamma_i * sigma_i^2 / c^2 * sum (same q) of p_i,q (1 - p_i,q) / A_q
    gamma_i    =  sigma_i / c
    mu_i       <- mu_i + Omega_i
    sigma_i    <- sigma_i * sqrt(max(1 - Delta_i, kappa))

For a side of several players, mu_i and sigma_i^2 are the sums over its players, and player
j gets the share sigma_j^2 / sigma_i^2 of the side's Omega_i and Delta_i.
"""

from __future__ import annotations

import math
import random

import pytest

from ratings.core import (
    BETA,
    KAPPA,
    NEW,
    PROVISIONAL_GAMES,
    SIGMA,
    TAU,
    Rating,
    TableResult,
    replay,
    tie_orders,
)


def weng_lin(
    sides: list[list[tuple[float, float]]], ranks: list[int]
) -> list[list[tuple[float, float]]]:
    """The formulas of the module docstring, written out: (mu, sigma) per player per side."""
    sides = [[(mu, math.sqrt(sigma**2 + TAU**2)) for mu, sigma in side] for side in sides]
    team_mu = [sum(mu for mu, _ in side) for side in sides]
    team_var = [sum(sigma**2 for _, sigma in side) for side in sides]
    k = len(sides)
    c = math.sqrt(sum(var + BETA**2 for var in team_var))
    a = [sum(1 for s in range(k) if ranks[s] == ranks[q]) for q in range(k)]
    sum_q = [
        sum(math.exp(team_mu[s] / c) for s in range(k) if ranks[s] >= ranks[q]) for q in range(k)
    ]
    out = []
    for i in range(k):
        omega = delta = 0.0
        for q in range(k):
            if ranks[q] <= ranks[i]:
                p = math.exp(team_mu[i] / c) / sum_q[q]
                omega += ((1 if q == i else 0) - p) / a[q]
                delta += p * (1 - p) / a[q]
        omega *= team_var[i] / c
        delta *= (math.sqrt(team_var[i]) / c) * team_var[i] / c**2
        out.append(
            [
                (
                    mu + sigma**2 / team_var[i] * omega,
                    sigma * math.sqrt(max(1 - sigma**2 / team_var[i] * delta, KAPPA)),
                )
                for mu, sigma in sides[i]
            ]
        )
    return out


def table(order, teams, ranks) -> TableResult:
    return TableResult(order=order, teams=teams, ranks=ranks)


def solo(*players) -> tuple[tuple, ...]:
    return tuple((player,) for player in players)


# -- OpenSkill's formulas by hand ----------------------------------------------------------


def test_two_new_players_one_table_by_hand():
    """Two new players, Anna beats Bert. Equal mu: p = 1/2 for each, so
    mu moves by sigma^2 / c * (1 - 1/2) up for Anna and by sigma^2 / c * 1/2 down for Bert;
    both sigmas shrink by sqrt(1 - (sigma / c) * sigma^2 / c^2 * 1/4)."""
    result = replay([table(("2026-01-08", 1, 1, 1), solo("anna", "bert"), (1, 2))]).ratings

    var = SIGMA**2 + TAU**2
    c = math.sqrt(2 * (var + BETA**2))
    assert result["anna"].mu == pytest.approx(25 + var / c * (1 - 0.5), abs=1e-12)
    assert result["bert"].mu == pytest.approx(25 - var / c * 0.5, abs=1e-12)
    sigma = math.sqrt(var) * math.sqrt(1 - (math.sqrt(var) / c) * var / c**2 * 0.25)
    assert result["anna"].sigma == pytest.approx(sigma, abs=1e-12)
    assert result["bert"].sigma == pytest.approx(sigma, abs=1e-12)
    # The figures themselves, to see the size of one table's step.
    assert result["anna"].mu == pytest.approx(27.6354, abs=1e-4)
    assert result["bert"].mu == pytest.approx(22.3646, abs=1e-4)
    assert result["anna"].games == result["bert"].games == 1


def test_an_upset_between_unequal_players_by_hand():
    """The weaker player wins: she gains sigma_b^2 / c * (1 - p_b), he loses sigma_a^2 / c * p_a,
    with p the share of exp(mu / c) between the two; the upset moves more than p = 1/2 would."""
    start = {"anna": Rating(30.0, 5.0, 12), "bert": Rating(22.0, 7.0, 3)}
    result = replay([table((1,), solo("anna", "bert"), (2, 1))], start=start).ratings

    var_a, var_b = 5.0**2 + TAU**2, 7.0**2 + TAU**2
    c = math.sqrt(var_a + var_b + 2 * BETA**2)
    p_a = math.exp(30 / c) / (math.exp(30 / c) + math.exp(22 / c))
    p_b = 1 - p_a
    assert result["bert"].mu == pytest.approx(22 + var_b / c * (1 - p_b), abs=1e-12)
    assert result["anna"].mu == pytest.approx(30 - var_a / c * p_a, abs=1e-12)
    delta_a = math.sqrt(var_a) / c * var_a / c**2 * p_a * p_b
    delta_b = math.sqrt(var_b) / c * var_b / c**2 * p_a * p_b
    assert result["anna"].sigma == pytest.approx(math.sqrt(var_a * (1 - delta_a)), abs=1e-12)
    assert result["bert"].sigma == pytest.approx(math.sqrt(var_b * (1 - delta_b)), abs=1e-12)
    assert p_b < 0.5
    assert result["bert"].mu - 22 > var_b / c * 0.5
    assert (result["anna"].games, result["bert"].games) == (13, 4)


def test_a_table_of_four_follows_the_formulas():
    start = {
        "a": Rating(25.0, SIGMA, 0),
        "b": Rating(31.0, 3.0, 40),
        "c": Rating(19.5, 6.0, 8),
        "d": Rating(27.0, 2.5, 90),
    }
    result = replay([table((1,), solo("a", "b", "c", "d"), (3, 1, 4, 2))], start=start).ratings
    expected = weng_lin([[(r.mu, r.sigma)] for r in start.values()], [3, 1, 4, 2])
    for player, [(mu, sigma)] in zip(start, expected, strict=True):
        assert result[player].mu == pytest.approx(mu, abs=1e-12)
        assert result[player].sigma == pytest.approx(sigma, abs=1e-12)


# -- teams ---------------------------------------------------------------------------------


def test_a_two_against_two_is_rated_as_two_teams():
    """Four new players in two teams: the team is one side with mu 50 and variance 2 sigma^2,
    so c = sqrt(2 (2 sigma^2 + beta^2)), the winning team's Omega is 2 sigma^2 / c * 1/2, and
    each member gets half of it (their share of the team's variance)."""
    result = replay([table((1,), (("a", "b"), ("c", "d")), (1, 2))]).ratings

    var = SIGMA**2 + TAU**2
    c = math.sqrt(2 * (2 * var + BETA**2))
    omega = 2 * var / c * 0.5
    assert result["a"] == result["b"]
    assert result["c"] == result["d"]
    assert result["a"].mu == pytest.approx(25 + omega / 2, abs=1e-12)
    assert result["c"].mu == pytest.approx(25 - omega / 2, abs=1e-12)
    delta = math.sqrt(2 * var) / c * 2 * var / c**2 * 0.25
    assert result["a"].sigma == pytest.approx(math.sqrt(var * (1 - delta / 2)), abs=1e-12)
    # A team is not the same as its members playing alone: one win is shared by two.
    alone = replay([table((1,), solo("a", "c"), (1, 2))]).ratings
    assert result["a"].mu - 25 < alone["a"].mu - 25


def test_the_newcomer_in_a_team_moves_more_than_the_regular():
    start = {"old": Rating(28.0, 2.0, 200), "opp1": Rating(26.0, 3.0, 50), "opp2": NEW}
    teams = (("new", "old"), ("opp1", "opp2"))
    result = replay([table((1,), teams, (1, 2))], start=start).ratings
    assert result["new"].mu - 25 > result["old"].mu - 28 > 0
    assert result["opp1"].mu < 26
    assert result["opp2"].mu < 25
    expected = weng_lin([[(25.0, SIGMA), (28.0, 2.0)], [(26.0, 3.0), (25.0, SIGMA)]], [1, 2])
    for side, expected_side in zip(teams, expected, strict=True):
        for player, (mu, sigma) in zip(side, expected_side, strict=True):
            assert result[player].mu == pytest.approx(mu, abs=1e-12)
            assert result[player].sigma == pytest.approx(sigma, abs=1e-12)


# -- ties ----------------------------------------------------------------------------------


def test_two_tied_players_of_equal_rating_stay_equal():
    result = replay([table((1,), solo("a", "b"), (1, 1))]).ratings
    assert result["a"] == result["b"]
    assert result["a"].mu == pytest.approx(25.0, abs=1e-12)  # p = 1/2: nothing to learn
    assert result["a"].sigma < SIGMA  # but more certain that they are alike


def test_a_tie_of_two_unequal_players_by_hand():
    """The paper's tie between two sides, A_q = 2: Omega_a = sigma_a^2 / c * (1/2 - p_a) and
    Delta_a = (sigma_a / c) * sigma_a^2 / c^2 * p_a * p_b. (The core averages the two orders
    of the tie; for two sides that is the same thing.)"""
    start = {"weak": Rating(20.0, 4.0, 20), "strong": Rating(30.0, 6.0, 20)}
    result = replay([table((1,), solo("weak", "strong"), (1, 1))], start=start).ratings
    var_w, var_s = 4.0**2 + TAU**2, 6.0**2 + TAU**2
    c = math.sqrt(var_w + var_s + 2 * BETA**2)
    p_w = math.exp(20 / c) / (math.exp(20 / c) + math.exp(30 / c))
    p_s = 1 - p_w
    assert result["weak"].mu == pytest.approx(20 + var_w / c * (0.5 - p_w), abs=1e-12)
    assert result["strong"].mu == pytest.approx(30 + var_s / c * (0.5 - p_s), abs=1e-12)
    delta_s = math.sqrt(var_s) / c * var_s / c**2 * p_w * p_s
    assert result["strong"].sigma == pytest.approx(math.sqrt(var_s * (1 - delta_s)), abs=1e-12)


def test_a_tie_at_a_larger_table_is_the_average_of_its_orders():
    start = {"a": Rating(24.0, 5.0, 30), "b": Rating(27.0, 3.0, 60), "c": Rating(25.0, 7.0, 4)}
    result = replay([table((1,), solo("a", "b", "c"), (2, 2, 1))], start=start).ratings
    sides = [[(r.mu, r.sigma)] for r in start.values()]
    one, other = weng_lin(sides, [2, 3, 1]), weng_lin(sides, [3, 2, 1])
    for index, player in enumerate(start):
        assert result[player].mu == pytest.approx(
            (one[index][0][0] + other[index][0][0]) / 2, abs=1e-12
        )
        assert result[player].sigma == pytest.approx(
            (one[index][0][1] + other[index][0][1]) / 2, abs=1e-12
        )


def test_a_shared_first_place_is_shared_and_moves_less_than_a_win():
    tied = replay([table((1,), solo("a", "b", "c", "d"), (1, 1, 3, 4))]).ratings
    won = replay([table((1,), solo("a", "b", "c", "d"), (1, 2, 3, 4))]).ratings
    assert tied["a"] == tied["b"]
    assert won["b"].mu < tied["a"].mu < won["a"].mu  # between first and second place
    assert tied["c"].mu < 25 < tied["b"].mu  # and third place is still a loss


def test_tied_winners_stay_above_the_next_player():
    """OpenSkill's own tie rule would put them below (openskill.py issue 155)."""
    result = replay([table((1,), solo("a", "b", "c", "d", "e"), (1, 1, 2, 3, 4))]).ratings
    mus = [result[player].mu for player in "abcde"]
    assert mus[0] == mus[1] > mus[2] > mus[3] > mus[4]


def test_a_three_way_tie_of_equals_stays_equal():
    result = replay([table((1,), solo("a", "b", "c", "d"), (2, 1, 1, 1))]).ratings
    assert result["b"] == result["c"] == result["d"]
    assert result["a"].mu < 25 < result["b"].mu


def test_a_tie_with_a_stronger_player_moves_less_than_beating_them():
    start = {"weak": Rating(20.0, 4.0, 20), "strong": Rating(30.0, 4.0, 20)}
    tie = replay([table((1,), solo("weak", "strong"), (1, 1))], start=start).ratings
    win = replay([table((1,), solo("weak", "strong"), (1, 2))], start=start).ratings
    assert 20 < tie["weak"].mu < win["weak"].mu
    assert 30 > tie["strong"].mu > win["strong"].mu


def test_tie_orders():
    assert tie_orders((1, 2, 3)) == [(1, 2, 3)]
    assert tie_orders((3, 1, 2)) == [(3, 1, 2)]
    assert tie_orders((1, 1, 3, 4)) == [(1, 2, 3, 4), (2, 1, 3, 4)]
    assert len(tie_orders((1, 1, 1, 2, 2))) == 12
    assert len(tie_orders((1,) * 6)) == 720
    rotations = tie_orders((1,) * 8)  # past MAX_TIE_ORDERS: each side at each place once
    assert len(rotations) == 8
    assert all(sorted(order[side] for order in rotations) == list(range(1, 9)) for side in range(8))


# -- replay order --------------------------------------------------------------------------


def season(seed: int = 7, players: int = 14, tables: int = 120) -> list[TableResult]:
    """Tables of 2 to 6 sides, some in teams of two, some with ties, some sharing an order key."""
    rng = random.Random(seed)
    results = []
    for number in range(tables):
        sides = rng.randint(2, 6)
        team_size = 2 if sides <= 3 and rng.random() < 0.3 else 1
        chosen = rng.sample(range(players), sides * team_size)
        teams = tuple(tuple(chosen[i : i + team_size]) for i in range(0, len(chosen), team_size))
        ranks = tuple(rng.randint(1, sides) for _ in teams)
        evening = f"2026-{1 + number // 60:02d}-{1 + number // 3 % 20:02d}"
        results.append(table((evening, number // 3 % 4), teams, ranks))  # 3 tables a key
    return results


def test_the_same_results_in_any_order_give_the_same_ratings():
    results = season()
    expected = replay(results)
    assert len({result.order for result in results}) < len(results)  # shared keys too
    for seed in range(6):
        shuffled = results[:]
        random.Random(seed).shuffle(shuffled)
        again = replay(shuffled)
        assert again.ratings == expected.ratings  # exactly, not approximately
        assert again.history == expected.history


def test_the_order_of_sides_and_players_at_a_table_does_not_matter():
    results = season(seed=3)
    rng = random.Random(11)
    relisted = []
    for result in results:
        sides = [list(side) for side in zip(result.teams, result.ranks, strict=True)]
        rng.shuffle(sides)
        teams = tuple(tuple(rng.sample(side, len(side))) for side, _rank in sides)
        relisted.append(table(result.order, teams, tuple(rank for _side, rank in sides)))
    assert replay(relisted).ratings == replay(results).ratings


def test_replay_follows_the_order_key_not_the_input():
    first, second = (
        table(("2026-01-08",), solo("a", "b"), (1, 2)),
        table(("2026-01-15",), solo("a", "b"), (2, 1)),
    )
    assert replay([second, first]).ratings == replay([first, second]).ratings
    assert [step.order for step in replay([second, first]).history] == [
        ("2026-01-08",),
        ("2026-01-08",),
        ("2026-01-15",),
        ("2026-01-15",),
    ]
    # Order matters to the model itself: the later result weighs more.
    swapped = replay([table(("2026-01-08",), solo("a", "b"), (2, 1)), second]).ratings
    assert swapped["a"] != replay([first, second]).ratings["a"]


def test_continuing_from_given_ratings_equals_a_full_replay():
    results = season(seed=5, tables=150)
    results.sort(key=lambda result: result.order)
    cut = results[90].order
    before = [result for result in results if result.order < cut]
    after = [result for result in results if result.order >= cut]
    full = replay(results)
    head = replay(before)
    tail = replay(after, start=head.ratings)
    assert tail.ratings == full.ratings
    assert head.history + tail.history == full.history


def test_start_is_not_changed_and_players_not_in_it_start_new():
    start = {"a": Rating(30.0, 3.0, 25)}
    kept = dict(start)
    result = replay([table((1,), solo("a", "b"), (1, 2))], start=start)
    assert start == kept
    assert result.ratings["a"].games == 26
    assert result.ratings["b"].games == 1
    assert replay([table((1,), solo("b", "c"), (1, 2))]).ratings["b"].mu > 25
    # A player in `start` who did not play keeps their rating.
    assert replay([], start=start).ratings == start


def test_history_lists_each_players_rating_after_each_table():
    results = season(seed=9, tables=40)
    history = replay(results).history
    assert len(history) == sum(len(result.players) for result in results)
    last = {}
    for step in history:
        last[step.player] = step.rating
        assert step.rating.games >= 1
    assert last == replay(results).ratings
    order, player, rating = history[0]  # a plain (order, player, rating) triple too
    assert (order, player, rating) == (history[0].order, history[0].player, history[0].rating)


# -- what cannot be rated ------------------------------------------------------------------


def test_a_table_of_one_side_is_skipped():
    result = replay([table((1,), (("a",),), (1,)), table((2,), (), ())])
    assert result.ratings == {}
    assert result.history == []


@pytest.mark.parametrize(
    ("teams", "ranks", "message"),
    [
        ((("a",), ("b",)), (1,), "1 ranks for 2 sides"),
        ((("a",), ()), (1, 2), "a side without players"),
        ((("a",), ("a",)), (1, 2), "appears twice"),
        ((("a",), ("b",)), (1.0, 2.0), "whole numbers"),
    ],
)
def test_malformed_results_are_refused(teams, ranks, message):
    with pytest.raises(ValueError, match=message):
        TableResult(order=(1,), teams=teams, ranks=ranks)


def test_lists_are_kept_as_tuples():
    result = TableResult(order=(1,), teams=[["a", "b"], ["c", "d"]], ranks=[2, 1])
    assert result.teams == (("a", "b"), ("c", "d"))
    assert result.ranks == (2, 1)
    hash(result)


# -- the shown number ----------------------------------------------------------------------


def test_a_new_player_shows_1000_and_is_provisional():
    assert NEW.conservative == pytest.approx(0.0, abs=1e-12)
    assert NEW.shown == 1000
    assert NEW.provisional


def test_shown_is_1000_plus_40_per_point_of_conservative_rating():
    rating = Rating(mu=30.0, sigma=2.0, games=PROVISIONAL_GAMES)
    assert rating.conservative == pytest.approx(24.0)
    assert rating.shown == 1960
    assert Rating(mu=20.0, sigma=7.0, games=3).shown == 1000 + 40 * (20 - 21)  # below 1000
    assert isinstance(rating.shown, int)


def test_provisional_until_ten_games():
    assert Rating(25.0, 5.0, PROVISIONAL_GAMES - 1).provisional
    assert not Rating(25.0, 5.0, PROVISIONAL_GAMES).provisional
    assert PROVISIONAL_GAMES == 10


def test_ten_tables_end_the_provisional_mark():
    results = [table((n,), solo("a", "b"), (1 + n % 2, 2 - n % 2)) for n in range(10)]
    steps = [step.rating for step in replay(results).history if step.player == "a"]
    assert [rating.provisional for rating in steps] == [True] * 9 + [False]


def test_a_winning_streak_raises_the_shown_number_and_the_certainty():
    results = [table((n,), solo("a", f"x{n}"), (1, 2)) for n in range(12)]
    steps = [step.rating for step in replay(results).history if step.player == "a"]
    shown = [rating.shown for rating in steps]
    assert shown == sorted(shown)
    assert steps[-1].sigma < steps[0].sigma < SIGMA
    assert shown[-1] > 1000
