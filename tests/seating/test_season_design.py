"""The season design (`designs.season`) and the draw following it (`seating.seasonal`):
24 players in fours, 30 evenings of 4 rounds, no pair twice in an evening and the most-met
pair at the bound; off the design (someone absent, 3 rounds) the usual planner draws."""

import random
from collections import Counter
from itertools import combinations
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments import designs
from tournaments.seating import BALANCE_SIMILAR, draw, draw_round, seasonal

N, K, ROUNDS, EVENINGS = 24, 4, 4, 30
PAIRS = N * (N - 1) // 2


def meetings(tables) -> Counter:
    """How many pairs of the N players met how often (0 included)."""
    met = Counter(frozenset(p) for table in tables for p in combinations(table, 2))
    distribution = Counter(met.values())
    distribution[0] = PAIRS - len(met)
    return distribution


def design_tables(evenings: int) -> list[list[int]]:
    return [t for e in designs.season(N, K)[:evenings] for r in e for t in r]


def play_season(evenings: int, seed: int, present=lambda e: list(range(N)), rounds=ROUNDS):
    """The season drawn as the site does; returns its evenings' tables."""
    season, nights = [], []
    for e in range(evenings):
        tables = []
        for r in range(1, rounds + 1):
            result = draw_round(
                present(e), table_size=K, allowed_sizes=(3, K), evening=tables, season=season,
                seed=seed * 1000 + e * 10 + r, rounds_left=rounds - r + 1,
            )  # fmt: skip
            assert result.repeats_evening == 0
            tables.extend(result.tables)
        nights.append(tables)
        season.extend(tables)
    return nights


def test_the_season_design_seats_everyone_without_an_evening_repeat():
    season = designs.season(N, K)
    assert len(season) == EVENINGS
    for evening in season:
        assert len(evening) == ROUNDS
        met = set()
        for tables in evening:
            assert sorted(p for t in tables for p in t) == list(range(N))
            assert all(len(t) == K for t in tables)
            for table in tables:
                for pair in combinations(sorted(table), 2):
                    assert pair not in met
                    met.add(pair)


def test_the_season_design_meets_every_pair_15_or_16_times():
    total = EVENINGS * ROUNDS * (N // K) * (K * (K - 1) // 2)
    bound = -(-total // PAIRS)
    assert bound == 16
    assert meetings(design_tables(EVENINGS)) == Counter({15: 96, 16: 180})


def test_the_evening_order_is_a_permutation():
    assert sorted(designs.SEASON_24_ORDER) == list(range(EVENINGS))


@pytest.mark.parametrize(("n", "k"), [(23, 4), (25, 4), (24, 3), (24, 2), (30, 4)])
def test_other_sizes_have_no_season_design(n, k):
    assert designs.season(n, k) == []


@pytest.mark.parametrize("seed", [0, 1])
def test_a_full_season_of_24_in_fours_reaches_the_bound(seed):
    nights = play_season(EVENINGS, seed)
    # 15 or 16 for every pair: the most-met pair at the bound, the spread the least there is
    # (the draw without the design ends with pairs at 17)
    assert meetings(t for night in nights for t in night) == Counter({15: 96, 16: 180})


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), evenings=st.integers(1, 4))
def test_a_short_full_season_follows_the_design(seed, evenings):
    """Whatever the seed, the season so far meets pairs exactly as the design's first
    evenings do (the counts do not depend on the relabelling), every evening repeat-free
    (asserted in play_season)."""
    nights = play_season(evenings, seed)
    assert meetings(t for night in nights for t in night) == meetings(design_tables(evenings))


def test_the_seed_relabels_the_season():
    firsts = {frozenset(map(frozenset, play_season(1, seed)[0][:6])) for seed in range(4)}
    assert len(firsts) == 4


def test_a_season_with_an_absence_leaves_the_design_and_stays_repeat_free():
    # member 5 misses the second evening: from then on the planner draws (and the evenings
    # stay repeat-free, asserted in play_season)
    nights = play_season(4, seed=3, present=lambda e: [m for m in range(N) if e != 1 or m != 5])
    assert meetings(t for night in nights for t in night) != meetings(design_tables(4))
    season = [t for night in nights for t in night]
    index = {m: m for m in range(N)}
    after = seasonal.seasonal_round(
        n=N, sizes=[K] * 6, bye_count=0, rounds_left=ROUNDS, evening=[], season=season,
        index=index, rng=random.Random(0),
    )  # fmt: skip
    assert after is None


def test_an_evening_of_three_rounds_is_not_drawn_from_the_design():
    results = []

    def spy(**kwargs):
        results.append(seasonal.seasonal_round(**kwargs))
        return results[-1]

    with mock.patch.object(draw, "seasonal_round", spy):
        play_season(1, seed=2, rounds=3)
    assert results == [None] * 3


def test_a_balanced_draw_does_not_use_the_design():
    with mock.patch.object(draw, "seasonal_round", side_effect=AssertionError) as spy:
        draw_round(
            list(range(N)), table_size=K, allowed_sizes=(K,), rounds_left=ROUNDS,
            strength={m: m for m in range(N)}, balance=BALANCE_SIMILAR,
        )  # fmt: skip
    assert not spy.called


def partition(tables) -> frozenset:
    return frozenset(frozenset(t) for t in tables)


@pytest.mark.parametrize("played", [1, 2, 3, 9])
def test_the_relabelling_is_recovered_from_the_rounds_played(played):
    flat = design_tables(EVENINGS)
    rounds = [flat[i : i + 6] for i in range(0, len(flat), 6)]
    label = random.Random(played).sample(range(N), N)
    history = [partition([[label[p] for p in t] for t in r]) for r in rounds[:played]]
    found = seasonal._relabelling(rounds, history, N, random.Random(0))
    assert found is not None
    assert [partition([[found[p] for p in t] for t in r]) for r in rounds[:played]] == history


def test_rounds_off_the_design_have_no_relabelling():
    flat = design_tables(EVENINGS)
    rounds = [flat[i : i + 6] for i in range(0, len(flat), 6)]
    # the design's first round, then its first round again: no round of one evening
    # repeats a pair, so no relabelling gives these two
    history = [partition(rounds[0]), partition(rounds[0])]
    assert seasonal._relabelling(rounds, history, N, random.Random(0)) is None
