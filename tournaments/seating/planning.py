"""The evening planner: all remaining rounds of the evening planned at once, from design
rounds or greedy ones improved by the tabu search, and the round to play now."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations

from . import fairness as _fairness_module
from .costs import pair_costs
from .designed import designed_rounds, fair_sequence
from .fairness import Fairness, dense_ranks, fair_label
from .search import Planner
from .sizes import pairs_per_round

#: Swap evaluations one draw may spend: the search's deterministic time limit, about a
#: quarter of a second of CPython for 32 players in fours.
SEARCH_BUDGET = 400_000
#: Once a plan has no evening repeats, the search stops after this many evaluations that
#: found no better plan: the season repeats left are rarely worth the full budget.
PATIENCE = 60_000
#: Most rounds planned ahead.
MAX_HORIZON = 12
#: Fresh single-round plans tried when the round to play would repeat a pair tonight.
RETRIES = 2


def planned_round(
    *,
    sizes: tuple[int, ...],
    bye_count: int,
    rounds_left: int,
    met_evening: list[list[int]],
    met_season: list[list[int]],
    fairness: Fairness,
    first: tuple[list[list[int]], list[int]] | None,
    rng: random.Random,
) -> tuple[list[list[int]], list[int]]:
    """Plan the rest of the evening and return the round to play now (tables, byes).

    The plan starts from the rounds of a known design that are still unplayed (in seeded
    order), then greedy rounds whose byes and small tables go by `fairness`; the tabu
    search improves it unless it is already free of repeats. With a season behind it, a
    plan from greedy rounds alone is tried first, and kept when it has no repeat tonight.
    Planning stops where no seating can avoid repeats any more: beyond (players - 1) /
    (smallest table - 1) rounds.
    `met_season` holds the season's cost of each pair (see `costs.season_weights` and
    `costs.with_balance`).
    """
    n = len(met_evening)
    seated = n - bye_count
    horizon = min(rounds_left, MAX_HORIZON, max(1, (seated - 1) // (min(sizes) - 1)))
    costs, weight = pair_costs(met_evening, met_season, horizon * pairs_per_round(sizes))
    designed = [
        (groups, out)
        for groups, out in designed_rounds(n, sizes, bye_count, first, rng, fairness=fairness)
        if not any(met_evening[a][b] for group in groups for a, b in combinations(group, 2))
    ]
    rng.shuffle(designed)
    designed = fair_sequence(designed, fairness, horizon)
    if designed and any(map(any, met_season)):
        # With a season behind it, a plan from greedy rounds spreads the season's meetings
        # more evenly than the design's fixed groups (at 24 in fours over 30 evenings the
        # spread above the most even falls from 40% to 23%); the design is kept for when
        # the search cannot make the evening free of repeats without it.
        free = _plan([list(row) for row in costs], weight, rng, sizes, bye_count, horizon,
                     fairness, [])  # fmt: skip
        if free.cost < weight:
            return _to_play(free, fairness, first, bye_count, fair=True)
    if designed:
        # The design's rounds left give the most rounds without a repeat known: they are
        # played before any round the search would make, so that a repeat an evening
        # longer than the design cannot avoid comes after them (and the search, which
        # could trade a design round for an even spread of repeats, does not touch them).
        horizon = len(designed)
    planner = _plan([list(row) for row in costs], weight, rng, sizes, bye_count, horizon,
                    fairness, designed)  # fmt: skip
    kind = "fair"
    if planner.evening_repeats() and min(sizes) < fairness.table_size:
        # Where the fair plan repeats, first give up only the season's order among those
        # with as many small tables tonight: they may all trade places.
        even = _plan([list(row) for row in costs], weight, rng, sizes, bye_count, horizon,
                     fairness, designed, tonight=True)  # fmt: skip
        if even.evening_repeats() < planner.evening_repeats():
            planner, kind = even, "tonight"
    if planner.evening_repeats() and min(sizes) < fairness.table_size:
        # Repeat avoidance outranks the fairness of small tables (issue 39): where the
        # fair plan repeats, plan again with everyone free to change table size.
        relaxed = _plan([list(row) for row in costs], weight, rng, sizes, bye_count, horizon,
                        fairness, designed, relaxed=True)  # fmt: skip
        if relaxed.evening_repeats() < planner.evening_repeats():
            groups, out = _to_play(relaxed, fairness, first, bye_count, designed=bool(designed))
            # fairness is given up only for a round without a repeat tonight
            if fairness.fair(groups, out) or not _repeats(groups, met_evening):
                planner, kind = relaxed, "relaxed"
    groups, out = _to_play(
        planner, fairness, first, bye_count, designed=bool(designed),
        fair=kind == "fair" and not designed, trade_only=kind == "tonight",
    )  # fmt: skip
    if _repeats(groups, met_evening):

        def alone(*, tonight: bool, relaxed: bool) -> Planner:
            return _plan([list(row) for row in costs], weight, rng, sizes, bye_count, 1,
                         fairness, [], tonight=tonight, relaxed=relaxed)  # fmt: skip

        both = horizon > 1 and min(sizes) < fairness.table_size
        fresh = _fresh_round(alone, fairness, first, bye_count, spread=both)
        if fresh is not None:
            return fresh
    return groups, out


def _fresh_round(
    alone: Callable[..., Planner],
    fairness: Fairness,
    first: tuple[list[list[int]], list[int]] | None,
    bye_count: int,
    *,
    spread: bool,
) -> tuple[list[list[int]], list[int]] | None:
    """A round without a repeat tonight planned alone, where the plan's round to play has
    one, or None: `alone` plans it. Where the plan had tables of two sizes and more rounds
    (`spread`: it spread its repeats over the evening), fair tonight, else with anyone at
    the small tables.
    Then RETRIES fresh starts of the bounded search: it may miss a round that exists (20
    in fours with a season behind them, the last of 4 rounds after three greedy ones: the
    round the plan before had kept for it was not found)."""
    tries = [(True, False), (False, True)] if spread else []
    for tonight, relaxed in tries + [(True, False)] * RETRIES:
        now = alone(tonight=tonight, relaxed=relaxed)
        if not now.evening_repeats():
            return _to_play(now, fairness, first, bye_count, trade_only=tonight)
    return None


def _to_play(
    planner: Planner,
    fairness: Fairness,
    first: tuple[list[list[int]], list[int]] | None,
    bye_count: int,
    *,
    designed: bool = False,
    fair: bool = False,
    trade_only: bool = False,
) -> tuple[list[list[int]], list[int]]:
    """The plan's round to play, the plan first relabelled fairly to the small tables
    (`fair_label`) where a relabelling keeps it what it is: before the evening's first
    round any one does, after it one that maps the first round onto itself. (Later the
    rounds played fix the labelling; the greedy rounds give the small tables fairly
    themselves.) The relaxed plans, which seat anyone at the small tables to avoid a
    repeat, and the design's rounds would otherwise leave those tables to chance.

    Not with byes (they stay as `fairness` gave them), and after the first round not for
    a plan from the design's rounds: `designed_rounds` labels those fairly itself, in a
    way every later call finds again. Then trades between small and larger tables that
    add no repeat (`Planner.even_out`), for what a relabelling cannot mend.

    A `fair` plan (greedy rounds that gave the small tables by `fairness`) is played as it
    is, and a plan fair tonight but not in the season's order (`trade_only`) only trades:
    a relabelling would undo what their search did for the season's meetings (at 30
    players present all season the most-met pair would go from 12 to 13).
    """
    n = len(fairness.played)
    if not any(fairness.played):
        blocks = [list(range(n))]
    elif first is not None and not designed and all(c == 1 for c in fairness.played):
        blocks = first[0]
    else:
        blocks = []
    if fair:
        return planner.round_to_play(fairness.fair, fairness.byes_fair)
    if blocks and not bye_count and not trade_only:
        load = [0] * n
        for groups in planner.rounds:
            for group in groups:
                for p in group:
                    load[p] += len(group) < fairness.table_size
        if any(load):
            ranks = dense_ranks([fairness.small_key(p) for p in range(n)])
            label = fair_label(load, ranks, blocks)
            if label != list(range(n)):
                planner.relabel(label)
    if not designed or not any(fairness.played):
        shares = [fairness.small_key(p)[1] for p in range(n)]
        planner.even_out(fairness.small, shares, _fairness_module.SLACK)
    return planner.round_to_play(fairness.fair, fairness.byes_fair)


def _repeats(groups: list[list[int]], met_evening: list[list[int]]) -> bool:
    return any(met_evening[a][b] for group in groups for a, b in combinations(group, 2))


def _plan(  # noqa: PLR0917 - the planned round's inputs, passed on
    costs: list[list[int]],
    weight: int,
    rng: random.Random,
    sizes: tuple[int, ...],
    bye_count: int,
    horizon: int,
    fairness: Fairness,
    designed: list[tuple[list[list[int]], list[int]]],
    *,
    relaxed: bool = False,
    tonight: bool = False,
) -> Planner:
    """`horizon` rounds starting with `designed` ones, then greedy rounds whose byes and
    small tables go by `fairness`, improved by the tabu search. `relaxed`: the search may
    move anyone between a small table and another (the byes stay as `fairness` gives);
    `tonight`: those with as many small tables tonight as the last one given one (the
    season's shares aside)."""
    n = len(costs)
    everyone = frozenset(range(n))
    planner = Planner(costs, weight, rng)
    planned = fairness.copy()
    for slot in range(horizon):
        flexible: set[int] = set()
        if slot < len(designed):
            groups, out = designed[slot]
            small: list[int] = []
        else:
            groups = None
            out = planned.byes_for(rng.sample(range(n), n), bye_count)
            sitting_out = set(out)
            playing = [p for p in rng.sample(range(n), n) if p not in sitting_out]
            seats = sum(size for size in sizes if size < planned.table_size)
            small, flexible = planned.small_for(playing, seats, season=not tonight)
        planner.add_round(
            sizes,
            out,
            groups=groups,
            small=small,
            flexible=everyone if relaxed else flexible,
            table_size=planned.table_size,
            frozen=slot < len(designed),
        )
        planned.record(planner.rounds[-1], out)
    planner.search(SEARCH_BUDGET, PATIENCE)
    return planner
