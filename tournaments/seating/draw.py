"""`draw_round`: one round's seating, from the checked inputs through the costs, the
fairness and the plan (or the Swiss pairing) to the seat order."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from itertools import combinations

from .base import Draw, DrawError, SeasonCounts
from .costs import (
    BALANCE_NONE,
    BALANCES,
    EARLIER_WEIGHT,
    pair_costs,
    pair_counts,
    season_weights,
    with_balance,
)
from .designed import first_round
from .fairness import Fairness
from .partners import partner_counts, partner_order
from .planning import planned_round
from .seasonal import seasonal_round
from .sizes import checked_sizes, table_plan
from .swiss import swiss_round


def draw_round(
    competitors: Sequence[Hashable],
    *,
    table_size: int,
    allowed_sizes: Sequence[int],
    evening: Sequence[Sequence[Hashable]] = (),
    season: Sequence[Sequence[Hashable]] = (),
    byes: Mapping[Hashable, int] | None = None,
    seed: int = 0,
    swiss: Mapping[Hashable, float] | None = None,
    rounds_left: int = 1,
    partners: bool = False,
    earlier: Sequence[Sequence[Hashable]] = (),
    earlier_weight: float = EARLIER_WEIGHT,
    counts: Mapping[Hashable, SeasonCounts] | None = None,
    strength: Mapping[Hashable, float] | None = None,
    balance: str = BALANCE_NONE,
) -> Draw:
    """Seat `competitors` for one round.

    `evening` holds the earlier tables of this evening or tournament, `season` those of
    earlier evenings; competitors in them who are absent now are ignored. `byes` gives the
    byes each competitor already had here. `swiss` maps competitors to their standings
    score (missing ones count 0) and asks for a Swiss draw, which needs `table_size` 2; an
    odd one out gets a bye. `rounds_left` (this round included) lets the draw plan the
    rest of the evening. With `partners`, seats are ordered so that seat i and i + n/2
    (the partners) have been partners as rarely as possible, evening first.

    `earlier` holds tables of earlier seasons, counted at `earlier_weight` (0 to 1) of a
    meeting this season. Season meetings cost more the more often a pair met (GROWTH to
    the power of the weighted count), so the season evens out towards the bound. `counts` gives each
    competitor's `SeasonCounts` of this season's earlier evenings: small tables and byes
    go to those with the fewest this evening, then the lowest share of their rounds over
    the season (ties within SLACK broken by the seed and the search).

    `balance` "similar" seats players of like `strength` (a rating, say) together, "mixed"
    spreads the strong over the tables; both only on top of the repeat avoidance: the most
    a pair's difference adds (BALANCE_COST) is below one more season meeting.
    """
    people = _checked_competitors(competitors)
    checked_sizes(table_size, allowed_sizes)
    if rounds_left < 1:
        raise DrawError(f"Rounds left must be at least 1, not {rounds_left}.")
    if swiss is not None and table_size != 2:
        raise DrawError("A Swiss draw needs tables of two players or two teams.")
    if balance not in BALANCES:
        raise DrawError(f"Balance must be one of {', '.join(BALANCES)}, not {balance!r}.")
    index = {person: i for i, person in enumerate(people)}
    n = len(people)
    met_evening = pair_counts(evening, index, n)
    met_season = pair_counts(season, index, n)
    if not 0 <= earlier_weight <= 1:
        raise DrawError(f"Earlier seasons' weight must be from 0 to 1, not {earlier_weight}.")
    met_earlier = pair_counts(earlier, index, n) if earlier_weight else None
    had = [byes.get(person, 0) if byes else 0 for person in people]
    fairness = Fairness(people, table_size, evening, index, had, counts or {})
    rng = random.Random(seed)  # noqa: S311 - a seeded, repeatable draw, not cryptography
    if swiss is not None:
        sizes, bye_count = table_plan(n, 2, (2,))
        costs, _ = pair_costs(met_evening, met_season, len(sizes))
        groups, sitting_out = swiss_round(
            people, scores=swiss, fairness=fairness, bye_count=bye_count, costs=costs, rng=rng
        )
    else:
        sizes, bye_count = table_plan(n, table_size, allowed_sizes)
        seasonal = None
        if balance == BALANCE_NONE:
            seasonal = seasonal_round(
                n=n,
                sizes=sizes,
                bye_count=bye_count,
                rounds_left=rounds_left,
                evening=evening,
                season=season,
                index=index,
                rng=rng,
            )
        if seasonal is not None:
            groups, sitting_out = seasonal, []
        else:
            groups, sitting_out = planned_round(
                sizes=sizes,
                bye_count=bye_count,
                rounds_left=rounds_left,
                met_evening=met_evening,
                met_season=with_balance(
                    season_weights(met_season, met_earlier, earlier_weight),
                    people,
                    strength,
                    balance,
                ),
                fairness=fairness,
                first=first_round(evening, index, n, sizes, bye_count),
                rng=rng,
            )
    if partners:
        partnered = partner_counts(evening, season, index, n)
        tables = [partner_order(group, partnered, rng) for group in groups]
    else:
        tables = [rng.sample(group, len(group)) for group in groups]
    pairs = [pair for group in groups for pair in combinations(group, 2)]
    return Draw(
        tables=tuple(tuple(people[p] for p in table) for table in tables),
        byes=tuple(people[p] for p in sorted(sitting_out)),
        repeats_evening=sum(1 for a, b in pairs if met_evening[a][b]),
        repeats_season=sum(1 for a, b in pairs if met_season[a][b]),
    )


def _checked_competitors(competitors: Sequence[Hashable]) -> list[Hashable]:
    people = list(competitors)
    if len(people) < 2:
        raise DrawError(f"A draw needs at least 2 competitors, not {len(people)}.")
    seen: set[Hashable] = set()
    for person in people:
        if person in seen:
            raise DrawError(f"Competitor {person!r} is listed twice.")
        seen.add(person)
    return people
