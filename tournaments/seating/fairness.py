"""Who sits out and who sits at the small tables: `_Fairness` over the evening and the
season's `SeasonCounts`."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from .base import SeasonCounts

#: How far apart (as a share of rounds played) two members' small-table or bye shares may
#: be and still count as level: they may then trade places at tables of different sizes.
SLACK = 0.02


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
