"""What seating a pair together costs: their meetings this evening and earlier in the
season (earlier seasons at a weight), growing with each one, and the balance by strength."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from itertools import combinations

#: How much more a pair met once more costs in the season: see `season_weights`.
GROWTH = 6
#: Table balance by strength: none, like with like, or the strong spread over the tables.
BALANCE_NONE, BALANCE_SIMILAR, BALANCE_MIXED = "none", "similar", "mixed"
BALANCES = (BALANCE_NONE, BALANCE_SIMILAR, BALANCE_MIXED)
#: The most a pair's difference in strength adds to its cost when balancing: below the
#: cost of one more season meeting (GROWTH - 1, see `season_weights`), so a repeat always
#: weighs more than balance.
BALANCE_COST = GROWTH - 2
#: Weight of the previous season's meetings against this season's, unless given.
EARLIER_WEIGHT = 0.5


def pair_counts(
    tables: Sequence[Sequence[Hashable]], index: Mapping[Hashable, int], n: int
) -> list[list[int]]:
    """How often each pair of present competitors shared one of `tables`."""
    counts = [[0] * n for _ in range(n)]
    for table in tables:
        present = sorted({index[c] for c in table if c in index})
        for a, b in combinations(present, 2):
            counts[a][b] += 1
            counts[b][a] += 1
    return counts


def pair_costs(
    met_evening: list[list[int]], met_season: list[list[int]], meetings: int
) -> tuple[list[list[int]], int]:
    """Cost of seating each pair once more, W * evening meetings + season meetings, and W:
    above the season cost of `meetings` meetings of the pair met most in the season."""
    weight = 1 + meetings * max(map(max, met_season))
    costs = [
        [weight * e + s for e, s in zip(row_e, row_s, strict=True)]
        for row_e, row_s in zip(met_evening, met_season, strict=True)
    ]
    return costs, weight


def season_weights(
    met_season: list[list[int]], met_earlier: list[list[int]] | None, weight: float
) -> list[list[int]]:
    """The season cost of seating each pair once more: GROWTH ** (m - least) - 1 for m
    meetings (this season's, plus earlier seasons' at `weight`) and `least` the fewest of
    any pair, rounded. Growing so fast, it works as a min-max: a pair one meeting above
    another costs GROWTH such pairs, so the most-met pairs are kept down first and the
    season evens out towards the bound, rather than just keeping the sum low."""
    h = met_earlier or [[0] * len(row) for row in met_season]
    met = [
        [s + weight * e for s, e in zip(row_s, row_h, strict=True)]
        for row_s, row_h in zip(met_season, h, strict=True)
    ]
    n = len(met)
    least = min((met[a][b] for a in range(n) for b in range(a + 1, n)), default=0)
    return [[round(GROWTH ** (m - least)) - 1 for m in row] for row in met]


def with_balance(
    costs: list[list[int]],
    people: list[Hashable],
    strength: Mapping[Hashable, float] | None,
    balance: str,
) -> list[list[int]]:
    """`costs` plus each pair's balance cost: for "similar" their difference in strength
    (as a share of the widest difference present, times BALANCE_COST), for "mixed" its
    opposite; unchanged for "none" or when everyone is as strong (0 when not given)."""
    if balance == BALANCE_NONE or not people:
        return costs
    strengths = [float((strength or {}).get(person, 0.0)) for person in people]
    spread = max(strengths) - min(strengths)
    if not spread:
        return costs
    out = []
    for a, row in enumerate(costs):
        line = []
        for b, cost in enumerate(row):
            share = abs(strengths[a] - strengths[b]) / spread
            if balance == BALANCE_MIXED:
                share = 1 - share
            line.append(cost + (round(BALANCE_COST * share) if a != b else 0))
        out.append(line)
    return out
