"""Who sits out and who sits at the small tables: `Fairness` over the evening and the
season's `SeasonCounts`, and `fair_label`, the relabelling of a plan that gives its
fewest small seats to those with the most so far."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence

from .base import SeasonCounts

#: How far apart (as a share of rounds played) two members' small-table or bye shares may
#: be and still count as level: they may then trade places at tables of different sizes.
SLACK = 0.02


class Fairness:
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

    def copy(self) -> Fairness:
        other = object.__new__(Fairness)
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

    def season_key(self, p: int, small: int) -> tuple[int, float]:
        """`small_key` after one round of the evening in which p had `small` small tables
        (whatever this evening holds now)."""
        return small, (self.season_small[p] + small + 1) / (self.season_played[p] + 2)

    def byes_for(self, order: list[int], count: int) -> list[int]:
        """The first `count` of `order` by `bye_key` (a stable sort: `order` breaks ties)."""
        return sorted(order, key=self.bye_key)[:count]

    def small_for(
        self, order: list[int], seats: int, *, season: bool = True
    ) -> tuple[list[int], set[int]]:
        """Who takes the `seats` small-table seats, and who may trade places across table
        sizes without making it unfair: those level with the last one chosen (without
        `season`, all with as many small tables tonight)."""
        ranked = sorted(order, key=self.small_key)
        if not seats:
            return [], set()
        evening, share = self.small_key(ranked[seats - 1])
        level = {
            p
            for p in order
            if self.small[p] == evening
            and (not season or abs(self.small_key(p)[1] - share) <= SLACK / 2)
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

    def byes_fair(self, groups: list[list[int]], out: list[int]) -> bool:
        """Whether nobody seated is clearly before someone sitting out (byes stay fair
        whatever the repeats: only the small tables give way to repeat avoidance)."""
        return _level(out, [p for group in groups for p in group], self.bye_key)

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


def fair_label(load: list[int], rank: list[int], blocks: list[list[int]]) -> list[int]:
    """A relabelling of a plan fair to the small tables: label[slot] = player, where slot
    p had `load[p]` small-table seats in the plan and `rank` orders the players (a higher
    rank has had more small tables: the evening's, then the season's share).

    Slots and players are the indices 0..n-1, and `blocks` partition them (the tables of
    the evening's first round, or one block before it): each block's slots go to the
    players of one block of the same size, so a relabelled plan still fits the round
    played (its tables in another order, their players in another order). Within blocks the
    slots with the least load go to the highest ranks (the rearrangement that minimises
    the sum of rank times load); blocks trade places while that lowers the sum. Players of
    one rank keep their own slot where they can, so that a plan already fair is left as it
    is (and its season costs with it).
    """
    label = list(range(len(load)))
    by_size: dict[int, list[list[int]]] = {}
    for block in blocks:
        by_size.setdefault(len(block), []).append(block)
    for same in by_size.values():
        cost = [[_pairing(load, rank, a, b)[1] for b in same] for a in same]
        assign = list(range(len(same)))  # block i's slots -> block assign[i]'s players
        improved = True
        while improved:
            improved = False
            for i in range(len(same)):
                for j in range(i + 1, len(same)):
                    now = cost[i][assign[i]] + cost[j][assign[j]]
                    if cost[i][assign[j]] + cost[j][assign[i]] < now:
                        assign[i], assign[j] = assign[j], assign[i]
                        improved = True
        for i, block in enumerate(same):
            for slot, player in _pairing(load, rank, block, same[assign[i]])[0].items():
                label[slot] = player
    return label


def _pairing(
    load: list[int], rank: list[int], slots: list[int], players: list[int]
) -> tuple[dict[int, int], int]:
    """The fair pairing of `slots` with `players` (see `fair_label`) and its sum of rank
    times load."""
    loads = sorted(load[s] for s in slots)
    order = sorted(players, key=lambda p: -rank[p])
    own = set(slots)
    target: dict[int, int] = {}
    start = 0
    while start < len(order):
        end = start
        while end < len(order) and rank[order[end]] == rank[order[start]]:
            end += 1
        pool = Counter(loads[start:end])
        group = order[start:end]
        for p in group:  # a player of this rank keeps its slot when its load is among them
            if p in own and pool[load[p]]:
                target[p] = load[p]
                pool[load[p]] -= 1
        rest = sorted(pool.elements())
        for p in group:
            if p not in target:
                target[p] = rest.pop(0)
        start = end
    pairing: dict[int, int] = {}
    free: dict[int, list[int]] = {}
    for s in slots:
        if s in target and target[s] == load[s]:
            pairing[s] = s
        else:
            free.setdefault(load[s], []).append(s)
    for p in order:
        if pairing.get(p) != p:
            pairing[free[target[p]].pop(0)] = p
    return pairing, sum(rank[p] * target[p] for p in players)


def dense_ranks(keys: list[tuple[int, float]]) -> list[int]:
    """Each key's place among the distinct keys, lowest 0."""
    places = {key: place for place, key in enumerate(sorted(set(keys)))}
    return [places[key] for key in keys]
