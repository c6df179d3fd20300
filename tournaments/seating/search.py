"""The tabu search over a plan of rounds: `Planner`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

#: Iterations without a better plan after which the search goes back to the best plan and
#: shakes it with a few random swaps.
STALL = 150
#: At most this many (round, player) conflicts are examined per iteration, drawn at random.
FOCUS = 24
#: Iterations a swapped player may not go back to the table it left (drawn in this range).
TENURE = (4, 12)
#: At most this many random swaps shake a plan that the search is stuck on.
SHAKE = 3


class Planner:
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
        self.frozen: list[bool] = []  # round -> the search leaves it as it is
        self.cost = 0

    def round_to_play(
        self,
        fair: Callable[[list[list[int]], list[int]], bool],
        byes_fair: Callable[[list[list[int]], list[int]], bool] = lambda groups, out: True,
    ) -> tuple[list[list[int]], list[int]]:
        """The plan's rounds can be played in any order: play first the one that repeats the
        least of this evening, so that repeats the plan could not avoid come as late as
        possible, when the next calls may still find better; among those, one whose byes
        and small tables are fair now (repeat avoidance first, then fairness), then the one
        that repeats the least of the season. Byes come before all: a round whose byes are
        not `byes_fair` is played only when no round's are."""

        def key(r: int) -> tuple[bool, int, bool, int]:
            groups, out, weight = self.rounds[r], self.byes[r], self.weight
            met = [self.history[a][b] for group in groups for a, b in combinations(group, 2)]
            evening = sum(cost // weight for cost in met)
            season = sum(met) - evening * weight
            return not byes_fair(groups, out), evening, not fair(groups, out), season

        best = min(range(len(self.rounds)), key=key)
        return self.rounds[best], self.byes[best]

    def evening_repeats(self) -> int:
        """How many meetings of the plan repeat one of the evening (its cost in weights: the
        season's costs of a whole plan stay below one weight)."""
        return self.cost // self.weight

    def add_round(
        self,
        sizes: Sequence[int],
        out: list[int],
        *,
        groups: list[list[int]] | None = None,
        small: Sequence[int] = (),
        flexible: set[int] | frozenset[int] = frozenset(),
        table_size: int = 0,
        frozen: bool = False,
    ) -> None:
        """Append a round: the given tables, or tables seated greedily, `small` at the
        tables smaller than `table_size` and the others at the rest. In the search only the
        `flexible` may move between a small table and another; a `frozen` round (a design's)
        it leaves as it is, so that later draws of the evening find it in the design."""
        if groups is None:
            sitting_out, few = set(out), set(small)
            big = [size for size in sizes if size >= table_size]
            groups = self._greedy(
                big, [p for p in range(len(self.costs)) if p not in sitting_out | few]
            ) + self._greedy([size for size in sizes if size < table_size], list(small))
        self.kinds.append([len(group) < table_size for group in groups])
        self.flexible.append(flexible)
        self.frozen.append(frozen)
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
            if self.frozen[r]:
                continue
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
        free = [r for r in range(len(self.rounds)) if not self.frozen[r]]
        for _ in range(self.rng.randint(1, SHAKE)):
            if not free:
                return
            r = self.rng.choice(free)
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

    def relabel(self, label: list[int]) -> None:
        """Seat label[p] wherever the plan seats p (a permutation of the players)."""
        self._restore([[[label[p] for p in group] for group in groups] for groups in self.rounds])
        self.byes = [[label[p] for p in out] for out in self.byes]

    def even_out(self, small: list[int], share: list[float], slack: float) -> None:
        """Trade places between a small table and a larger one of the same round while
        that makes the small tables fairer and adds no evening repeat: `small` counts each
        player's small tables tonight before the plan, `share` is the season's share. A
        trade is fair when the player leaving the small table has two more tonight (plan
        included) than the one taking it, or one more and a season share above theirs by
        more than `slack`; the fairest first, then the cheapest. Each trade lowers the sum
        of the squared counts, or keeps it and moves small tables to lower shares, so this
        ends."""
        total = list(small)
        for r, groups in enumerate(self.rounds):
            for t, group in enumerate(groups):
                if self.kinds[r][t]:
                    for p in group:
                        total[p] += 1
        repeats = self.evening_repeats()
        while trade := self._fairest_trade(total, share, slack, repeats):
            _, delta, r, a, b = trade
            self._swap(r, a, b)
            self.cost += delta
            total[a] -= 1
            total[b] += 1

    def _fairest_trade(
        self, total: list[int], share: list[float], slack: float, repeats: int
    ) -> tuple[int, int, int, int, int] | None:
        """For `even_out`: (gap, change in cost, round, a, b) of the fairest trade."""
        best: tuple[int, int, int, int, int] | None = None
        for r, groups in enumerate(self.rounds):
            kinds = self.kinds[r]
            small = [a for t, group in enumerate(groups) if kinds[t] for a in group]
            large = [b for t, group in enumerate(groups) if not kinds[t] for b in group]
            for a in small:
                for b in large:
                    gap = total[a] - total[b]
                    if gap < 1 or (gap == 1 and share[a] <= share[b] + slack):
                        continue
                    delta = self._swap_delta(r, a, b)
                    if (self.cost + delta) // self.weight > repeats:
                        continue
                    if best is None or (-gap, delta) < (-best[0], best[1]):
                        best = (gap, delta, r, a, b)
        return best

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
