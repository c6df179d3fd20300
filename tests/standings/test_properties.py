"""Properties of match points, standings and seasons over drawn evenings (hypothesis)."""

import math

from hypothesis import given
from hypothesis import strategies as st

from scoring.standings import (
    COUNTS,
    TIE_SHARED,
    Bye,
    Game,
    Scheme,
    Side,
    match_points,
    nights,
    positions_by_evening,
    season,
    season_of_nights,
    standings,
)

# Game points in tenths: sums that floating point rounds differently in another order.
# The tie-breaks a game may declare in place of TP-3's (KJ-9: tables won, best game).
SCHEMES = st.sampled_from([
    Scheme(),
    Scheme(kind="game", bye_game_points=0.3),
    Scheme(kind="game", bye_game_points=0.3, tiebreaks=("wins", "best")),
    Scheme(tiebreaks=("best", "head_to_head", "wins", "margin")),
    Scheme(tiebreaks=()),
])  # fmt: skip


def competition_ranks(scores: list[int]) -> list[int]:
    """Higher score ranks higher; equal scores share a rank (1, 1, 3)."""
    return [1 + sum(other > score for other in scores) for score in scores]


@st.composite
def tables(draw) -> tuple[Side, ...]:
    scores = draw(st.lists(st.integers(0, 3), min_size=2, max_size=6))
    return tuple(
        Side((seat,), rank, score) for seat, (rank, score) in enumerate(
            zip(competition_ranks(scores), scores, strict=True))
    )  # fmt: skip


@st.composite
def evenings(draw) -> tuple[tuple[str, ...], list[Game], list[Bye]]:
    """A few evenings of a club of up to 12 players: each round every player who came is
    seated at a table of the evening's size, those left over get a bye."""
    players = list(range(draw(st.integers(2, 12))))
    names = tuple(f"e{number}" for number in range(draw(st.integers(1, 4))))
    games, byes = [], []
    for evening in names:
        size = draw(st.integers(2, 4))
        present = draw(st.lists(st.sampled_from(players), unique=True))
        for number in range(1, draw(st.integers(1, 3)) + 1):
            seated = draw(st.permutations(present))
            full = len(seated) - len(seated) % size
            for start in range(0, full, size):
                scores = draw(st.lists(st.integers(-2, 2), min_size=size, max_size=size))
                ranks = competition_ranks(scores)
                games.append(Game(evening, number, start, tuple(
                    Side((player,), rank, score, game_points=(score + 2) / 10)
                    for player, rank, score in zip(seated[start:start + size], ranks, scores,
                                                   strict=True)
                )))  # fmt: skip
            byes += [Bye(evening, number, player, size) for player in seated[full:]]
    return names, games, byes


@given(tables())
def test_the_rank_scheme_hands_out_n_times_n_minus_1_over_2_per_table(sides):
    n = len(sides)
    points = match_points(sides, Scheme())
    assert sum(points) == n * (n - 1) / 2
    # A better rank never earns less.
    for side, earned in zip(sides, points, strict=True):
        for other, other_earned in zip(sides, points, strict=True):
            if side.rank < other.rank:
                assert earned > other_earned


@given(evenings())
def test_standings_hand_out_exactly_the_points_of_the_tables_and_byes(drawn):
    _, games, byes = drawn
    lines = standings(games, Scheme(), byes=byes)
    expected = sum(len(g.sides) * (len(g.sides) - 1) / 2 for g in games)
    expected += sum((bye.sides - 1) / 2 for bye in byes)
    assert math.isclose(sum(line.match_points for line in lines), expected)
    assert sum(line.played for line in lines) == sum(len(g.sides) for g in games)


@given(evenings(), SCHEMES)
def test_positions_start_at_one_never_go_down_and_skip_after_a_share(drawn, scheme):
    _, games, byes = drawn
    for lines in (
        standings(games, scheme, byes=byes),
        season(drawn[0], games, scheme, byes=byes, best=2),
    ):
        for place, line in enumerate(lines, start=1):
            previous = lines[place - 2].position if place > 1 else None
            assert line.position in (place, previous)


@given(evenings(), SCHEMES, st.randoms(use_true_random=False))
def test_the_order_of_the_games_does_not_matter(drawn, scheme, rng):
    names, games, byes = drawn
    shuffled, shuffled_byes = games[:], byes[:]
    rng.shuffle(shuffled)
    rng.shuffle(shuffled_byes)
    assert standings(shuffled, scheme, byes=shuffled_byes) == standings(games, scheme, byes=byes)
    assert season(names, shuffled, scheme, byes=shuffled_byes, best=2) == season(
        names, games, scheme, byes=byes, best=2
    )


@given(evenings(), SCHEMES, st.integers(1, 4), st.integers(0, 4))
def test_a_season_counts_at_most_best_evenings_and_totals_them(drawn, scheme, best, minimum):
    names, games, byes = drawn
    lines = season(names, games, scheme, byes=byes, best=best, min_attendance=minimum)
    for line in lines:
        counted = [cell.match_points for cell in line.evenings if cell.counted]
        struck = [cell.match_points for cell in line.evenings if cell.struck]
        assert len(counted) == min(best, line.attended)
        assert len(counted) + len(struck) == line.attended
        assert line.total == math.fsum(counted)
        assert all(low <= high for low in struck for high in counted)
        assert line.qualified == (line.attended >= minimum)
    qualified = [line.qualified for line in lines]
    assert qualified == sorted(qualified, reverse=True)


@given(evenings())
def test_a_season_without_best_totals_what_the_evening_standings_give(drawn):
    names, games, byes = drawn
    totals = {line.competitor: line.total for line in season(names, games, Scheme(), byes=byes)}
    assert totals == {
        line.competitor: line.match_points for line in standings(games, Scheme(), byes=byes)
    }


@given(evenings(), SCHEMES, st.integers(1, 4))
def test_a_season_put_together_from_each_evenings_own_nights_is_the_same(drawn, scheme, best):
    # What the site does with its per-evening cache: count each evening on its own.
    names, games, byes = drawn
    apart = {
        evening: nights(
            [game for game in games if game.evening == evening],
            scheme,
            byes=[bye for bye in byes if bye.evening == evening],
        ).get(evening, {})
        for evening in names
    }
    assert season_of_nights(names, apart, best=best) == season(
        names, games, scheme, byes=byes, best=best
    )


@given(
    evenings(),
    SCHEMES,
    st.one_of(st.none(), st.integers(1, 4)),
    st.integers(0, 3),
    st.sampled_from(COUNTS),
)
def test_the_positions_after_each_evening_are_the_season_of_the_evenings_so_far(
    drawn, scheme, best, minimum, count_by
):
    # positions_by_evening counts evening by evening; the season of each first k evenings,
    # counted whole, must put everyone in the same place.
    names, games, byes = drawn
    apart = {
        evening: nights(
            [game for game in games if game.evening == evening],
            scheme,
            byes=[bye for bye in byes if bye.evening == evening],
        ).get(evening, {})
        for evening in names
    }
    expected: dict = {}
    for count in range(1, len(names) + 1):
        so_far = names[:count]
        lines = season_of_nights(
            so_far,
            {e: apart[e] for e in so_far},
            best=best,
            min_attendance=minimum,
            count_by=count_by,
        )
        for line in lines:
            row = expected.setdefault(line.competitor, [None] * len(names))
            row[count - 1] = line.position
    got = positions_by_evening(names, apart, best=best, min_attendance=minimum, count_by=count_by)
    assert got == {competitor: tuple(row) for competitor, row in expected.items()}
    assert any(position is not None for row in got.values() for position in row) == bool(
        games or byes
    )


@given(evenings(), SCHEMES)
def test_an_evening_is_won_by_whoever_its_standings_put_first(drawn, scheme):
    # nights() counts only the top of each evening (TP-4's evenings won): the same first
    # places, points and margins as the evening's full standings.
    _, games, byes = drawn
    for evening, by_competitor in nights(games, scheme, byes=byes).items():
        lines = standings(
            [game for game in games if game.evening == evening],
            scheme,
            byes=[bye for bye in byes if bye.evening == evening],
        )
        assert {line.competitor for line in lines if line.position == 1} == {
            competitor for competitor, night in by_competitor.items() if night.won
        }
        for line in lines:
            night = by_competitor[line.competitor]
            assert (line.match_points, line.margin) == (night.match_points, float(night.margin))


@given(evenings(), SCHEMES)
def test_every_shared_or_tie_broken_place_has_its_note(drawn, scheme):
    names, games, byes = drawn
    for lines, score in (
        (standings(games, scheme, byes=byes), lambda line: (line.played + line.byes > 0,
                                                            line.match_points)),
        (season(names, games, scheme, byes=byes, best=2, min_attendance=2),
         lambda line: (line.qualified, line.total)),
    ):  # fmt: skip
        for line in lines:
            others = [other for other in lines if other is not line]
            shared = any(other.position == line.position for other in others)
            tied = any(score(other) == score(line) for other in others)
            assert (line.tie == TIE_SHARED) == shared
            assert (line.tie is None) == (not tied)
