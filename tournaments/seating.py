"""The table draw: who sits at which table in a round. Plain Python, no Django.

`tournaments.services.round_draw` loads who is present and who sat with whom, calls
`draw_round` and saves the `Draw` it returns; nothing here touches the database.

How a round is drawn:

- `table_plan` picks the table sizes: as many tables of the tournament's size as
  possible, the rest at other allowed sizes, byes only when no mix seats everyone.
- Byes, and the seats at tables smaller than the tournament's size, go to those with the
  fewest this evening, then the lowest share of their rounds this season (`SeasonCounts`;
  seeded tie-break; in a Swiss draw the lowest-ranked of them).
- Seating a pair that already shared a table `e` times this evening and `s` times earlier
  in the season (earlier seasons at a weight) costs ``W * e + GROWTH ** s``, with W larger
  than all season costs of the plan together: an evening repeat is worse than any number
  of season repeats, and a pair met more often is kept apart first.
- The draw plans all remaining rounds of the evening (`rounds_left`) at once, so that an
  early round does not leave the later ones without a repeat-free seating, and plays the
  plan's cleanest round; the next call plans again from what was actually played.
- The plan starts from the unplayed rounds of the longest known design when the numbers
  allow one (`designs.rounds`: a round robin for tables of two, affine planes, Kirkman and
  nearly Kirkman triple systems, resolvable designs), otherwise from greedy rounds, and a
  tabu search over swaps of two players between tables of one round improves it. The
  search is bounded by a count of evaluated swaps, never by the clock, so the same inputs
  and seed give the same draw on any machine. With a season behind it, greedy rounds are
  tried first and the design only when they cannot make the evening free of repeats: the
  design's fixed groups spread a season's meetings less evenly.
- A Swiss draw (tables of two players or two teams) pairs by standings top-down with
  backtracking, avoiding repeats; it does not plan ahead, as the standings will change.

Competitors are opaque hashables. Results depend on the order in which they are given
(pass a stable one, e.g. by entry id), never on hashing: only list order and the seeded
random generator decide ties.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from . import designs

#: How far apart (as a share of rounds played) two members' small-table or bye shares may
#: be and still count as level: they may then trade places at tables of different sizes.
SLACK = 0.02
#: How much more a pair met once more costs in the season: see `_weighted`.
GROWTH = 6
#: Table balance by strength: none, like with like, or the strong spread over the tables.
BALANCE_NONE, BALANCE_SIMILAR, BALANCE_MIXED = "none", "similar", "mixed"
BALANCES = (BALANCE_NONE, BALANCE_SIMILAR, BALANCE_MIXED)
#: The most a pair's difference in strength adds to its cost when balancing: below the
#: cost of one more season meeting (GROWTH - 1, see `_weighted`), so a repeat always
#: weighs more than balance.
BALANCE_COST = GROWTH - 2
#: Weight of the previous season's meetings against this season's, unless given.
EARLIER_WEIGHT = 0.5

#: Swap evaluations one draw may spend: the search's deterministic time limit, about a
#: quarter of a second of CPython for 32 players in fours.
SEARCH_BUDGET = 400_000
#: Once a plan has no evening repeats, the search stops after this many evaluations that
#: found no better plan: the season repeats left are rarely worth the full budget.
PATIENCE = 60_000
#: Iterations without a better plan after which the search goes back to the best plan and
#: shakes it with a few random swaps.
STALL = 150
#: At most this many (round, player) conflicts are examined per iteration, drawn at random.
FOCUS = 24
#: Iterations a swapped player may not go back to the table it left (drawn in this range).
TENURE = (4, 12)
#: At most this many random swaps shake a plan that the search is stuck on.
SHAKE = 3
#: Most rounds planned ahead.
MAX_HORIZON = 12
#: Known designs are used up to this many tables a round.
MAX_DESIGN_TABLES = 64
#: Nodes the Swiss pairing's backtracking may visit.
SWISS_BUDGET = 200_000
#: Design rounds `_fair_sequence` may try when ordering a design's rounds fairly.
DESIGN_ORDERS = 5_000


@dataclass(frozen=True, slots=True)
class Draw:
    """One round's seating.

    `tables` lists each table's competitors in seat order. When partners are drawn per round
    (tables of 4 or 6 players), seat i and seat i + n/2 of a table of n are partners.
    `repeats_evening` counts the pairs seated together here that already shared a table
    this evening, `repeats_season` those that shared one on an earlier evening (a pair can
    count in both).
    """

    tables: tuple[tuple[Hashable, ...], ...]
    byes: tuple[Hashable, ...]
    repeats_evening: int
    repeats_season: int


@dataclass(frozen=True, slots=True)
class SeasonCounts:
    """One competitor's rounds on this season's earlier evenings: at a table (`played`),
    at a table smaller than the tournament's size (`small`), and sitting out (`byes`)."""

    played: int = 0
    small: int = 0
    byes: int = 0


class DrawError(ValueError):
    """The draw cannot be made from these inputs; the message says why."""


# --- table sizes -------------------------------------------------------------------------


def table_plan(
    count: int, table_size: int, allowed_sizes: Sequence[int]
) -> tuple[tuple[int, ...], int]:
    """(table sizes, number of byes) for `count` competitors.

    As many tables of `table_size` as possible; then as few tables of another size as
    possible; then the smallest total difference from `table_size`. So 17 in fours with
    sizes 3-5 gives 4, 4, 4, 5 (one odd table) rather than 4, 4, 3, 3, 3, and 18 gives
    4, 4, 4, 3, 3. Byes only when no mix of allowed sizes seats everyone, and then as few
    as possible (7 at tables of 2: one bye). Tables of `table_size` come first, then the
    others from large to small.
    """
    sizes = _checked_sizes(table_size, allowed_sizes)
    if count < 2:
        raise DrawError(f"A draw needs at least 2 competitors, not {count}.")
    if count < sizes[0]:
        raise DrawError(
            f"{count} competitors cannot fill a table: the smallest allowed table has "
            f"{sizes[0]} seats."
        )
    best = _best_mixes(count, table_size, sizes)
    seated = next(c for c in range(count, sizes[0] - 1, -1) if best[c] is not None)
    tables = sorted(best[seated][1], key=lambda size: (size != table_size, -size))
    return tuple(tables), count - seated


def _checked_sizes(table_size: int, allowed_sizes: Sequence[int]) -> list[int]:
    if any(isinstance(s, bool) or not isinstance(s, int) or s < 2 for s in allowed_sizes):
        raise DrawError("Table sizes must be whole numbers of at least 2.")
    sizes = sorted(set(allowed_sizes))
    if table_size not in sizes:
        allowed = ", ".join(map(str, sizes)) or "none"
        raise DrawError(f"Table size {table_size} is not among the allowed sizes ({allowed}).")
    return sizes


def _best_mixes(
    count: int, table_size: int, sizes: list[int]
) -> list[tuple[tuple[int, int, int], tuple[int, ...]] | None]:
    """For every c up to `count`: the best mix of tables seating exactly c, with its key
    (-tables of table_size, other tables, total difference), or None when none fits.
    The key is a sum over tables, so the best mix for c extends a best mix for a smaller c.
    """
    best: list[tuple[tuple[int, int, int], tuple[int, ...]] | None] = [None] * (count + 1)
    best[0] = ((0, 0, 0), ())
    for c in range(1, count + 1):
        for size in reversed(sizes):
            previous = best[c - size] if size <= c else None
            if previous is None:
                continue
            (target, other, difference), tables = previous
            odd = size != table_size
            key = (target - (not odd), other + odd, difference + abs(size - table_size))
            if best[c] is None or key < best[c][0]:
                best[c] = (key, (*tables, size))
    return best


# --- the draw ----------------------------------------------------------------------------


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
    _checked_sizes(table_size, allowed_sizes)
    if rounds_left < 1:
        raise DrawError(f"Rounds left must be at least 1, not {rounds_left}.")
    if swiss is not None and table_size != 2:
        raise DrawError("A Swiss draw needs tables of two players or two teams.")
    if balance not in BALANCES:
        raise DrawError(f"Balance must be one of {', '.join(BALANCES)}, not {balance!r}.")
    index = {person: i for i, person in enumerate(people)}
    n = len(people)
    met_evening = _pair_counts(evening, index, n)
    met_season = _pair_counts(season, index, n)
    if not 0 <= earlier_weight <= 1:
        raise DrawError(f"Earlier seasons' weight must be from 0 to 1, not {earlier_weight}.")
    met_earlier = _pair_counts(earlier, index, n) if earlier_weight else None
    had = [byes.get(person, 0) if byes else 0 for person in people]
    fairness = _Fairness(people, table_size, evening, index, had, counts or {})
    rng = random.Random(seed)  # noqa: S311 - a seeded, repeatable draw, not cryptography
    if swiss is not None:
        sizes, bye_count = table_plan(n, 2, (2,))
        costs, _ = _costs(met_evening, met_season, len(sizes))
        groups, sitting_out = _swiss_round(
            people, scores=swiss, fairness=fairness, bye_count=bye_count, costs=costs, rng=rng
        )
    else:
        sizes, bye_count = table_plan(n, table_size, allowed_sizes)
        groups, sitting_out = _planned_round(
            sizes=sizes,
            bye_count=bye_count,
            rounds_left=rounds_left,
            met_evening=met_evening,
            met_season=_balanced(
                _weighted(met_season, met_earlier, earlier_weight), people, strength, balance
            ),
            fairness=fairness,
            first=_first_round(evening, index, n, sizes, bye_count),
            rng=rng,
        )
    if partners:
        partnered = _partner_counts(evening, season, index, n)
        tables = [_partner_order(group, partnered, rng) for group in groups]
    else:
        tables = [rng.sample(group, len(group)) for group in groups]
    pairs = [pair for group in groups for pair in combinations(group, 2)]
    return Draw(
        tables=tuple(tuple(people[p] for p in table) for table in tables),
        byes=tuple(people[p] for p in sorted(sitting_out)),
        repeats_evening=sum(1 for a, b in pairs if met_evening[a][b]),
        repeats_season=sum(1 for a, b in pairs if met_season[a][b]),
    )


@dataclass(frozen=True, slots=True)
class Simulation:
    """What `simulate` found: pairs that shared a table more than once, the most times one
    pair did, and the seconds all the draws took."""

    pairs_repeated: int
    max_shared: int
    seconds: float


def simulate(
    players: int, *, table_size: int, allowed_sizes: Sequence[int], rounds: int, seed: int = 0
) -> Simulation:
    """Draw `rounds` rounds for players 0..players-1 as the site does: each round with the
    earlier tables as the evening, the byes so far, the rounds still to come, and seed
    `seed` + round number. For `simulate_draw` and the benchmark."""
    started = time.perf_counter()
    competitors = list(range(players))
    tables: list[tuple[Hashable, ...]] = []
    byes: Counter[Hashable] = Counter()
    for number in range(1, rounds + 1):
        draw = draw_round(
            competitors,
            table_size=table_size,
            allowed_sizes=allowed_sizes,
            evening=tables,
            byes=byes,
            seed=seed + number,
            rounds_left=rounds - number + 1,
        )
        tables.extend(draw.tables)
        byes.update(draw.byes)
    seconds = time.perf_counter() - started
    shared = Counter(frozenset(pair) for table in tables for pair in combinations(table, 2))
    return Simulation(
        pairs_repeated=sum(1 for count in shared.values() if count > 1),
        max_shared=max(shared.values(), default=0),
        seconds=seconds,
    )


@dataclass(frozen=True, slots=True)
class SeasonSimulation:
    """What `simulate_season` found. Shares are per member who came at all: small tables
    per round played, byes per round present. `meetings` maps a number of meetings to
    how many pairs of members met that often; `bound` is the least possible most-met
    pair, the total meetings over the pairs rounded up."""

    small_shares: dict[int, float]
    bye_shares: dict[int, float]
    meetings: dict[int, int]
    bound: int
    rounds: int
    seconds: float


def simulate_season(
    members: int,
    *,
    table_size: int,
    allowed_sizes: Sequence[int],
    rounds: int,
    evenings: int,
    attendance: float = 1.0,
    seed: int = 0,
    random_draw: bool = False,
) -> SeasonSimulation:
    """Draw a season: `evenings` evenings of `rounds` rounds for members 0..members-1, each
    present on an evening with chance `attendance` (seeded), every round drawn as the site
    does with the season so far (tables, `SeasonCounts`). With `random_draw`, each round
    is a plain shuffle cut into the planned tables instead, for comparison."""
    started = time.perf_counter()
    rng = random.Random(seed)  # noqa: S311 - a repeatable simulation
    season: list[tuple[Hashable, ...]] = []
    played, small, sat_out = Counter[int](), Counter[int](), Counter[int]()
    drawn = 0
    smallest = min(allowed_sizes)
    for number in range(evenings):
        present = [m for m in range(members) if attendance >= 1 or rng.random() < attendance]
        if len(present) < max(2, smallest):
            continue
        counts = {m: SeasonCounts(played[m], small[m], sat_out[m]) for m in present}
        tables: list[tuple[Hashable, ...]] = []
        byes: Counter[Hashable] = Counter()
        for r in range(1, rounds + 1):
            if random_draw:
                sizes, bye_count = table_plan(len(present), table_size, allowed_sizes)
                order = rng.sample(present, len(present))
                out, start, groups = order[:bye_count], bye_count, []
                for size in sizes:
                    groups.append(tuple(order[start : start + size]))
                    start += size
            else:
                draw = draw_round(
                    present, table_size=table_size, allowed_sizes=allowed_sizes,
                    evening=tables, season=season, byes=byes, seed=seed + 1000 * number + r,
                    rounds_left=rounds - r + 1, counts=counts,
                )  # fmt: skip
                groups, out = list(draw.tables), list(draw.byes)
            drawn += 1
            tables.extend(groups)
            byes.update(out)
        for table in tables:
            for m in table:
                played[m] += 1
                small[m] += len(table) < table_size
        sat_out.update(byes)
        season.extend(tables)
    seconds = time.perf_counter() - started
    shared = Counter(frozenset(pair) for table in season for pair in combinations(table, 2))
    pairs = members * (members - 1) // 2
    distribution = Counter(shared.values())
    distribution[0] = pairs - len(shared)
    came = [m for m in range(members) if played[m] + sat_out[m]]
    return SeasonSimulation(
        small_shares={m: small[m] / played[m] if played[m] else 0.0 for m in came},
        bye_shares={m: sat_out[m] / (played[m] + sat_out[m]) for m in came},
        meetings=dict(sorted(distribution.items())),
        bound=-(-sum(shared.values()) // pairs) if pairs else 0,
        rounds=drawn,
        seconds=seconds,
    )


def _planned_round(
    *,
    sizes: tuple[int, ...],
    bye_count: int,
    rounds_left: int,
    met_evening: list[list[int]],
    met_season: list[list[int]],
    fairness: _Fairness,
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
    `met_season` holds the season's cost of each pair (see `_season_costs`).
    """
    n = len(met_evening)
    seated = n - bye_count
    horizon = min(rounds_left, MAX_HORIZON, max(1, (seated - 1) // (min(sizes) - 1)))
    costs, weight = _costs(met_evening, met_season, horizon * _pairs_per_round(sizes))
    designed = [
        (groups, out)
        for groups, out in _designed_rounds(n, sizes, bye_count, first, rng)
        if not any(met_evening[a][b] for group in groups for a, b in combinations(group, 2))
    ]
    rng.shuffle(designed)
    designed = _fair_sequence(designed, fairness, horizon)
    if designed and any(map(any, met_season)):
        # With a season behind it, a plan from greedy rounds spreads the season's meetings
        # more evenly than the design's fixed groups (at 24 in fours over 30 evenings the
        # spread above the most even falls from 40% to 23%); the design is kept for when
        # the search cannot make the evening free of repeats without it.
        free = _plan([list(row) for row in costs], weight, rng, sizes, bye_count, horizon,
                     fairness, [])  # fmt: skip
        if free.cost < weight:
            return free.round_to_play(fairness.fair)
    planner = _plan(costs, weight, rng, sizes, bye_count, horizon, fairness, designed)
    return planner.round_to_play(fairness.fair)


def _plan(  # noqa: PLR0917 - the planned round's inputs, passed on
    costs: list[list[int]],
    weight: int,
    rng: random.Random,
    sizes: tuple[int, ...],
    bye_count: int,
    horizon: int,
    fairness: _Fairness,
    designed: list[tuple[list[list[int]], list[int]]],
) -> _Planner:
    """`horizon` rounds starting with `designed` ones, then greedy rounds whose byes and
    small tables go by `fairness`, improved by the tabu search."""
    n = len(costs)
    planner = _Planner(costs, weight, rng)
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
            small, flexible = planned.small_for(playing, seats)
        planner.add_round(
            sizes, out, groups=groups, small=small, flexible=flexible, table_size=planned.table_size
        )
        planned.record(planner.rounds[-1], out)
    planner.search(SEARCH_BUDGET, PATIENCE)
    return planner


def _fair_sequence(
    designed: list[tuple[list[list[int]], list[int]]], fairness: _Fairness, horizon: int
) -> list[tuple[list[list[int]], list[int]]]:
    """The longest run (up to `horizon`) of design rounds that can be played in turn with
    each fair after the ones before it: a depth-first search in the given (seeded) order,
    at most DESIGN_ORDERS rounds tried. Taking the first fair round each time can leave the
    small tables of the next ones to those who already had one; the search looks further.
    """
    best: list[tuple[list[list[int]], list[int]]] = []
    tried = 0

    def extend(run: list[tuple[list[list[int]], list[int]]], state: _Fairness) -> bool:
        nonlocal best, tried
        if len(run) > len(best):
            best = list(run)
        if len(run) == horizon:
            return True
        for candidate in designed:
            if tried >= DESIGN_ORDERS:
                return False
            if any(candidate is r for r in run):
                continue
            tried += 1
            if state.fair(*candidate):
                after = state.copy()
                after.record(*candidate)
                if extend([*run, candidate], after):
                    return True
        return False

    extend([], fairness.copy())
    return best


class _Fairness:
    """Who sits out and who sits at the small tables (smaller than `table_size`): those
    with the fewest this evening, then the lowest share over the season, (count + 1) /
    (rounds + 1) (of rounds present for byes, of rounds played for small tables): giving
    the next one to them keeps the highest share the lowest. Shares within SLACK count as
    level. Indices as in `draw_round`; `record` adds a (planned) round."""

    def __init__(  # noqa: PLR0917 - the draw's inputs, given once
        self,
        people: list[Hashable],
        table_size: int,
        evening: Sequence[Sequence[Hashable]],
        index: Mapping[Hashable, int],
        had: list[int],
        counts: Mapping[Hashable, SeasonCounts],
    ) -> None:
        n = len(people)
        self.table_size = table_size
        self.byes = list(had)
        self.small = [0] * n
        self.played = [0] * n
        for table in evening:
            for c in table:
                i = index.get(c)
                if i is not None:
                    self.played[i] += 1
                    self.small[i] += len(table) < table_size
        zero = SeasonCounts()
        season = [counts.get(person, zero) for person in people]
        self.season_byes = [c.byes for c in season]
        self.season_small = [c.small for c in season]
        self.season_played = [c.played for c in season]

    def copy(self) -> _Fairness:
        other = object.__new__(_Fairness)
        other.table_size = self.table_size
        for name in ("byes", "small", "played", "season_byes", "season_small", "season_played"):
            setattr(other, name, list(getattr(self, name)))
        return other

    def bye_key(self, p: int) -> tuple[int, float]:
        present = self.season_played[p] + self.season_byes[p] + self.played[p] + self.byes[p]
        return self.byes[p], (self.season_byes[p] + self.byes[p] + 1) / (present + 1)

    def small_key(self, p: int) -> tuple[int, float]:
        played = self.season_played[p] + self.played[p]
        return self.small[p], (self.season_small[p] + self.small[p] + 1) / (played + 1)

    def byes_for(self, order: list[int], count: int) -> list[int]:
        """The first `count` of `order` by `bye_key` (a stable sort: `order` breaks ties)."""
        return sorted(order, key=self.bye_key)[:count]

    def small_for(self, order: list[int], seats: int) -> tuple[list[int], set[int]]:
        """Who takes the `seats` small-table seats, and who may trade places across table
        sizes without making it unfair: those level with the last one chosen."""
        ranked = sorted(order, key=self.small_key)
        if not seats:
            return [], set()
        evening, share = self.small_key(ranked[seats - 1])
        level = {
            p
            for p in order
            if self.small[p] == evening and abs(self.small_key(p)[1] - share) <= SLACK / 2
        }
        return ranked[:seats], level

    def fair(self, groups: list[list[int]], out: list[int]) -> bool:
        """Whether nobody left out of the byes (or the small tables) of this round is
        clearly before someone in them."""
        small = [p for group in groups if len(group) < self.table_size for p in group]
        playing = [p for group in groups for p in group]
        return _level(out, playing, self.bye_key) and _level(
            small, [p for p in playing if p not in set(small)], self.small_key
        )

    def record(self, groups: list[list[int]], out: list[int]) -> None:
        for p in out:
            self.byes[p] += 1
        for group in groups:
            for p in group:
                self.played[p] += 1
                self.small[p] += len(group) < self.table_size


def _level(chosen: list[int], rest: list[int], key: Callable[[int], tuple[int, float]]) -> bool:
    """Whether no one in `rest` is clearly before (fewer this evening, or a share lower by
    more than SLACK) anyone in `chosen`."""
    if not chosen or not rest:
        return True
    first_evening, first_share = min(map(key, rest))
    for p in chosen:
        evening, share = key(p)
        if first_evening < evening or (first_evening == evening and first_share < share - SLACK):
            return False
    return True


def _first_round(
    evening: Sequence[Sequence[Hashable]],
    index: Mapping[Hashable, int],
    n: int,
    sizes: Sequence[int],
    bye_count: int,
) -> tuple[list[list[int]], list[int]] | None:
    """The evening's first round as (tables, byes) of indices when it seated exactly the
    competitors present now at the table sizes of now, else None."""
    groups: list[list[int]] = []
    seen: set[int] = set()
    for table in evening:
        if len(seen) >= n - bye_count:
            break
        members = [index.get(c) for c in table]
        if None in members or seen.intersection(members):
            return None
        groups.append(sorted(members))  # type: ignore[arg-type]
        seen.update(members)  # type: ignore[arg-type]
    if not groups or sorted(map(len, groups)) != sorted(sizes):
        return None
    return groups, [p for p in range(n) if p not in seen]


def _weighted(
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


def _balanced(
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


def _pair_counts(
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


def _pairs_per_round(sizes: Sequence[int]) -> int:
    return sum(size * (size - 1) // 2 for size in sizes)


def _costs(
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


# --- Swiss -------------------------------------------------------------------------------


def _swiss_round(
    people: list[Hashable],
    *,
    scores: Mapping[Hashable, float],
    fairness: _Fairness,
    bye_count: int,
    costs: list[list[int]],
    rng: random.Random,
) -> tuple[list[list[int]], list[int]]:
    """Tables of two by standings, top table first, and the byes.

    A pair costs its repeats first and its difference in score second: any repeat costs
    more than all score differences together, so players are paired within their score
    group whenever that needs no repeat, and float to the nearest score only to avoid one.
    """
    shuffled = rng.sample(range(len(people)), len(people))
    ranked = sorted(shuffled, key=lambda p: -scores.get(people[p], 0))
    out = fairness.byes_for(ranked[::-1], bye_count)
    sitting_out = set(out)
    playing = [p for p in ranked if p not in sitting_out]
    return _swiss_pairs(playing, _swiss_costs(people, scores, costs), SWISS_BUDGET), out


def _swiss_costs(
    people: list[Hashable], scores: Mapping[Hashable, float], costs: list[list[int]]
) -> list[list[int]]:
    """`costs` (repeats) weighted above the pairs' score differences (in half points)."""
    halves = [round(2 * scores.get(person, 0)) for person in people]
    spread = max(halves, default=0) - min(halves, default=0)
    weight = spread * (len(people) // 2) + 1  # more than all score differences together
    return [
        [cost * weight + abs(halves[a] - halves[b]) for b, cost in enumerate(row)]
        for a, row in enumerate(costs)
    ]


def _swiss_pairs(ranked: list[int], costs: list[list[int]], budget: int) -> list[list[int]]:
    """Pair `ranked` top-down: the highest unpaired player meets the next one who costs
    the least (see :func:`_swiss_costs`), backtracking when the rest cannot be paired as
    cheaply; branch and bound over at most `budget` nodes. A pairing of cost 0 (no
    repeat, nobody paired outside their score) ends the search.
    """
    n = len(ranked)
    used = [False] * n
    pairs: list[list[int]] = []
    best: list[list[list[int]]] = []
    best_cost = -1
    nodes = 0

    def extend(top: int, total: int) -> None:
        nonlocal best, best_cost, nodes
        while top < n and used[top]:
            top += 1
        if top == n:
            if best_cost < 0 or total < best_cost:
                best, best_cost = [list(pair) for pair in pairs], total
            return
        used[top] = True
        row = costs[ranked[top]]
        options = sorted(
            (j for j in range(top + 1, n) if not used[j]), key=lambda j: row[ranked[j]]
        )
        for j in options:
            step = total + row[ranked[j]]
            if nodes >= budget or best_cost == 0 or 0 <= best_cost <= step:
                break
            nodes += 1
            used[j] = True
            pairs.append([ranked[top], ranked[j]])
            extend(top + 1, step)
            pairs.pop()
            used[j] = False
        used[top] = False

    extend(0, 0)
    return best


# --- designs -----------------------------------------------------------------------------


def _designed_rounds(
    n: int,
    sizes: Sequence[int],
    bye_count: int,
    first: tuple[list[list[int]], list[int]] | None,
    rng: random.Random,
) -> list[tuple[list[list[int]], list[int]]]:
    """Rounds (tables, byes) of the longest known design in which no pair meets twice
    (`designs.rounds`: a round robin for tables of two, Kirkman and nearly Kirkman triple
    systems, affine planes and other resolvable designs), or none. Tables one short of the
    largest come from a design for a few more players with those left out.

    A design is relabelled: its first round onto the evening's `first` round when there
    is one (any relabelling of a design is one, so the rest of it then fits what was
    played, and every later call of the evening finds the same), else by the seeded
    random order. Beyond MAX_DESIGN_TABLES tables an evening is far from running out of
    new tablemates.
    """
    k = max(sizes)
    small = sum(size == k - 1 for size in sizes)
    if any(size < k - 1 for size in sizes) or len(sizes) > MAX_DESIGN_TABLES:
        return []
    if bye_count != (n % 2 if k == 2 else 0):
        return []
    rounds = designs.rounds(n, k, small)
    if not rounds:
        return []
    if first is None:
        label = rng.sample(range(n), n)
    else:
        label = [0] * n
        for mine, theirs in zip(_canonical(rounds[0]), _canonical(first), strict=True):
            for p, q in zip(sorted(mine), sorted(theirs), strict=True):
                label[p] = q
    return [
        ([[label[p] for p in group] for group in groups], [label[p] for p in out])
        for groups, out in rounds
    ]


def _canonical(round_: tuple[list[list[int]], list[int]]) -> list[list[int]]:
    """A round's tables (each sorted, by size and lowest member), then its byes."""
    groups, out = round_
    return [*sorted((sorted(g) for g in groups), key=lambda g: (len(g), g[0])), sorted(out)]


# --- the search --------------------------------------------------------------------------


class _Planner:
    """A plan of rounds (tables of player indices) and its tabu search.

    `costs[a][b]` is what seating a and b together once more would cost, kept up to date
    with every meeting in the plan: adding a meeting costs the current value and raises it
    by the evening weight; the plan's cost is the sum over its meetings.
    """

    def __init__(self, costs: list[list[int]], weight: int, rng: random.Random) -> None:
        self.costs = costs
        self.history = [list(row) for row in costs]
        self.weight = weight
        self.rng = rng
        self.rounds: list[list[list[int]]] = []
        self.where: list[list[int]] = []  # round -> player -> table index (-1: bye)
        self.byes: list[list[int]] = []
        self.kinds: list[list[bool]] = []  # round -> table -> smaller than the size
        self.flexible: list[set[int] | frozenset[int]] = []
        self.cost = 0

    def round_to_play(
        self, fair: Callable[[list[list[int]], list[int]], bool]
    ) -> tuple[list[list[int]], list[int]]:
        """The plan's rounds can be played in any order: play first the one that repeats the
        least of what was already played (among those whose byes and small tables are fair
        now: the first planned always is), so that repeats the plan could not avoid come as
        late as possible, when the next calls may still find better."""

        def repeats(r: int) -> int:
            return sum(
                self.history[a][b] for group in self.rounds[r] for a, b in combinations(group, 2)
            )

        fair_now = [r for r in range(len(self.rounds)) if fair(self.rounds[r], self.byes[r])]
        best = min(fair_now or [0], key=repeats)
        return self.rounds[best], self.byes[best]

    def add_round(
        self,
        sizes: Sequence[int],
        out: list[int],
        *,
        groups: list[list[int]] | None = None,
        small: Sequence[int] = (),
        flexible: set[int] | frozenset[int] = frozenset(),
        table_size: int = 0,
    ) -> None:
        """Append a round: the given tables, or tables seated greedily, `small` at the
        tables smaller than `table_size` and the others at the rest. In the search only the
        `flexible` may move between a small table and another."""
        if groups is None:
            sitting_out, few = set(out), set(small)
            big = [size for size in sizes if size >= table_size]
            groups = self._greedy(
                big, [p for p in range(len(self.costs)) if p not in sitting_out | few]
            ) + self._greedy([size for size in sizes if size < table_size], list(small))
        self.kinds.append([len(group) < table_size for group in groups])
        self.flexible.append(flexible)
        self.rounds.append(groups)
        self.byes.append(out)
        self.where.append(_positions(groups, len(self.costs)))
        self.cost += sum(self._seat(group) for group in groups)

    def _seat(self, group: list[int]) -> int:
        """Add the meetings of one table to the costs; what they cost."""
        costs, weight, total = self.costs, self.weight, 0
        for a, b in combinations(group, 2):
            total += costs[a][b]
            costs[a][b] += weight
            costs[b][a] += weight
        return total

    def _greedy(self, sizes: Sequence[int], seated: list[int]) -> list[list[int]]:
        """Fill the tables one by one. Each starts with the player who has met the most of
        those still unseated (the hardest to place later); then the cheapest addition, and
        among equals the one that leaves the table the most players it has not met (its
        "freedom", after Triska and Musliu's greedy start for the social golfer problem).
        """
        costs, weight = self.costs, self.weight
        met = {p: sum(1 << q for q, c in enumerate(costs[p]) if c >= weight) for p in seated}
        everyone = sum(1 << p for p in seated)
        left = self.rng.sample(seated, len(seated))
        groups = []
        for size in sizes:
            unseated = sum(1 << p for p in left)
            first = min(left, key=lambda p: (unseated & ~met[p]).bit_count())
            group, union = [first], met[first] | 1 << first
            left.remove(first)
            while len(group) < size:
                blocked = union

                def key(
                    x: int, group: list[int] = group, blocked: int = blocked
                ) -> tuple[int, int]:
                    free = everyone & ~(blocked | met[x] | 1 << x)
                    return sum(costs[x][g] for g in group), -free.bit_count()

                chosen = min(left, key=key)
                group.append(chosen)
                union |= met[chosen] | 1 << chosen
                left.remove(chosen)
            groups.append(group)
        return groups

    def search(self, budget: int, patience: int) -> None:
        """Tabu search (after Dotu and Van Hentenryck's for the social golfer problem): swap
        the pair of players, one of them in a conflict, that lowers the plan's cost the
        most, not undoing a recent swap unless that beats the best plan; after STALL
        iterations without a better plan, go back to the best one and shake it. Ends with
        the best plan found."""
        best_cost, best = self.cost, self._snapshot()
        tabu: dict[tuple[int, int, int], int] = {}
        spent = since_best = stuck = iteration = 0
        while (
            self.cost
            and spent < budget
            and not (best_cost < self.weight and since_best >= patience)
        ):
            focus = self._conflicts()
            if len(focus) > FOCUS:
                focus = self.rng.sample(focus, FOCUS)
            move, delta, evaluated = self._best_move(focus, tabu, iteration, best_cost)
            if move is None:
                break
            spent += evaluated
            since_best += evaluated
            iteration += 1
            r, a, b = move
            from_a, from_b = self.where[r][a], self.where[r][b]
            self._swap(r, a, b)
            self.cost += delta
            tenure = self.rng.randint(TENURE[0], TENURE[1])
            tabu[r, a, from_a] = tabu[r, b, from_b] = iteration + tenure
            if self.cost < best_cost:
                best_cost, best, since_best, stuck = self.cost, self._snapshot(), 0, 0
            else:
                stuck += 1
            if stuck >= STALL:
                self._restore(best)
                self._shake()
                tabu.clear()
                stuck = 0
        self._restore(best)

    def _conflicts(self) -> list[tuple[int, int]]:
        """(round, player) for every player seated with someone met too often: evening
        repeats while there are any, else season ones."""
        costs, weight = self.costs, self.weight
        evening, season = [], []
        for r, groups in enumerate(self.rounds):
            for group in groups:
                for a in group:
                    row = costs[a]
                    worst = max(row[x] for x in group if x != a)
                    if worst >= 2 * weight:
                        evening.append((r, a))
                    elif worst > weight:
                        season.append((r, a))
        return evening or season

    def _best_move(
        self,
        focus: list[tuple[int, int]],
        tabu: dict[tuple[int, int, int], int],
        iteration: int,
        best_cost: int,
    ) -> tuple[tuple[int, int, int] | None, int, int]:
        """The best admissible swap of a focused player with one at another table of the same
        round (seeded tie-break): (round, a, b), its change in cost, swaps evaluated."""
        costs, weight, rng = self.costs, self.weight, self.rng
        move, best_delta, ties, evaluated = None, 0, 0, 0
        for r, a in focus:
            groups = self.where[r], self.rounds[r]
            from_a = groups[0][a]
            table_a = groups[1][from_a]
            rest = [x for x in table_a if x != a]
            row_a = costs[a]
            leave = -sum(row_a[x] for x in rest)
            kinds, flexible = self.kinds[r], self.flexible[r]
            for to, table_b in enumerate(groups[1]):
                across = kinds[to] != kinds[from_a]
                if to == from_a or (across and a not in flexible):
                    continue
                join = leave + weight * (len(table_a) + len(table_b) - 2)
                join += sum(map(row_a.__getitem__, table_b))
                tabu_a = tabu.get((r, a, to), 0) > iteration
                for b in table_b:
                    if across and b not in flexible:
                        continue
                    row_b = costs[b]
                    delta = (
                        join
                        - row_a[b]
                        + sum(map(row_b.__getitem__, rest))
                        - sum(map(row_b.__getitem__, table_b))
                    )
                    evaluated += 1
                    if move is not None and delta > best_delta:
                        continue
                    if (tabu_a or tabu.get((r, b, from_a), 0) > iteration) and (
                        self.cost + delta >= best_cost
                    ):
                        continue
                    if move is None or delta < best_delta:
                        move, best_delta, ties = (r, a, b), delta, 1
                    else:
                        ties += 1
                        if rng.randrange(ties) == 0:
                            move = (r, a, b)
        return move, best_delta, evaluated

    def _swap(self, r: int, a: int, b: int) -> None:
        costs, weight, where = self.costs, self.weight, self.where[r]
        table_a, table_b = self.rounds[r][where[a]], self.rounds[r][where[b]]
        for mover, stayer, old, new in ((a, b, table_a, table_b), (b, a, table_b, table_a)):
            for x in old:
                if x != mover:
                    costs[mover][x] -= weight
                    costs[x][mover] -= weight
            for x in new:
                if x != stayer:
                    costs[mover][x] += weight
                    costs[x][mover] += weight
        table_a[table_a.index(a)] = b
        table_b[table_b.index(b)] = a
        where[a], where[b] = where[b], where[a]

    def _shake(self) -> None:
        """A few random swaps in random rounds, to leave a local minimum."""
        for _ in range(self.rng.randint(1, SHAKE)):
            r = self.rng.randrange(len(self.rounds))
            groups = self.rounds[r]
            if len(groups) < 2:
                return
            one, other = self.rng.sample(range(len(groups)), 2)
            a, b = self.rng.choice(groups[one]), self.rng.choice(groups[other])
            flexible = self.flexible[r]
            if self.kinds[r][one] != self.kinds[r][other] and not {a, b} <= flexible:
                continue
            self.cost += self._swap_delta(r, a, b)
            self._swap(r, a, b)

    def _swap_delta(self, r: int, a: int, b: int) -> int:
        costs, weight, where = self.costs, self.weight, self.where[r]
        table_a, table_b = self.rounds[r][where[a]], self.rounds[r][where[b]]
        delta = 0
        for x in table_a:
            if x != a:
                delta += costs[b][x] - costs[a][x] + weight
        for x in table_b:
            if x != b:
                delta += costs[a][x] - costs[b][x] + weight
        return delta

    def _snapshot(self) -> list[list[list[int]]]:
        return [[list(group) for group in groups] for groups in self.rounds]

    def _restore(self, snapshot: list[list[list[int]]]) -> None:
        self.costs[:] = [list(row) for row in self.history]
        self.rounds = [[list(group) for group in groups] for groups in snapshot]
        self.where = [_positions(groups, len(self.costs)) for groups in self.rounds]
        self.cost = sum(self._seat(group) for groups in self.rounds for group in groups)


def _positions(groups: list[list[int]], n: int) -> list[int]:
    where = [-1] * n
    for number, group in enumerate(groups):
        for p in group:
            where[p] = number
    return where


# --- partners ----------------------------------------------------------------------------


def _partner_counts(
    evening: Sequence[Sequence[Hashable]],
    season: Sequence[Sequence[Hashable]],
    index: Mapping[Hashable, int],
    n: int,
) -> list[list[int]]:
    """Cost of making each pair partners once more, evening before season (as `_costs`),
    reading earlier tables as partner tables: seat i with seat i + n/2."""
    counts = []
    for tables in (evening, season):
        pairs = [
            (table[i], table[i + len(table) // 2])
            for table in tables
            if len(table) % 2 == 0
            for i in range(len(table) // 2)
        ]
        counts.append(_pair_counts(pairs, index, n))
    return _costs(counts[0], counts[1], n)[0]


def _partner_order(group: list[int], partnered: list[list[int]], rng: random.Random) -> list[int]:
    """Seat order of one table: partners (seat i and i + n/2) who have been partners least;
    among equals the seeded shuffle decides."""
    shuffled = rng.sample(group, len(group))
    if len(group) % 2:
        return shuffled
    best = min(_matchings(shuffled), key=lambda pairs: sum(partnered[a][b] for a, b in pairs))
    return [a for a, _ in best] + [b for _, b in best]


def _matchings(players: list[int]) -> list[list[tuple[int, int]]]:
    """Every way to split an even number of players into pairs (3 for 4 players, 15 for 6)."""
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    return [
        [(first, other), *pairs]
        for i, other in enumerate(rest)
        for pairs in _matchings(rest[:i] + rest[i + 1 :])
    ]
