"""Known resolvable designs for the table draw. Plain Python, no Django.

A resolvable design seats n players at tables of k for some rounds so that no pair ever
meets twice; `rounds(n, k)` gives the longest one known here, as rounds of tables of the
points 0..n-1 (the draw relabels them). Three sources:

- the circle method (a round robin) for tables of two;
- a resolvable transversal design over the field of g elements for n = k * g with g a
  prime power of at least k (with one more round when k divides g): the affine planes
  AG(2, 3) for 9/3 (4 rounds) and AG(2, 4) for 16/4 (5 rounds), and 12/3 (4), 20/4 (5);
- designs stored as their rounds (`STORED`): 32/4 (10 rounds, the solved 8-4-10
  social golfer instance);
- 1-rotational designs stored below as base parallel classes (`STARTERS`). The points
  are Z_m x {0..L-1} plus F fixed points ("infinity"); point (x, level) is level * m + x,
  fixed point i is L * m + i. Each base class is developed over Z_m (adding t to x, the
  fixed points stay), giving m rounds per class. In the base classes every pair orbit
  under Z_m (a level pair and a difference, or a fixed point and a level) that is not a
  group occurs exactly once, so the developed rounds meet every pair outside the groups
  exactly once. Groups (pairs that never meet) make a group divisible design when n - 1
  is not a multiple of k - 1: the most rounds there can be is then (n - g) / (k - 1).

The base classes were found by the local search in `find_starter` (run as
``python -m tournaments.designs 24/4``), a tabu search over swaps of two points between
blocks of one base class minimising the pair orbits covered more than once; the stored
ones are checked by tests/seating/test_designs.py to be resolvable and repeat-free.
The designs they give are the known ones:

==========  ======  =================================================================
n / k       rounds  design
==========  ======  =================================================================
15 / 3      7       Kirkman triple system KTS(15), Kirkman's schoolgirl problem (1850)
18 / 3      8       nearly Kirkman triple system NKTS(18), a 3-RGDD of type 2^9
21 / 3      10      Kirkman triple system KTS(21) (Ray-Chaudhuri and Wilson, 1971)
24 / 4      7       4-RGDD of type 3^8 (resolvable group divisible design)
28 / 4      9       resolvable 2-(28, 4, 1) design
36 / 4      11      4-RGDD of type 3^12
40 / 4      13      resolvable 2-(40, 4, 1) design
==========  ======  =================================================================

One season design besides (`season(n, k)`): 30 evenings of 4 rounds for 24 players in
fours, no pair twice in an evening and every pair 15 or 16 times over the season, the
most even there is (see SEASON_24_BASE); `seating.seasonal` follows it.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations

#: A round: its tables (lists of points) and the points that sit out.
Round = tuple[list[list[int]], list[int]]

#: Groups: pairs that never meet, as pair orbits (see `orbit`): points of one column x
#: on every level, the fixed points among themselves, or points m / 2 apart on one level.
_COLUMNS_OF_3 = (("mixed", 0, 1, 0), ("mixed", 0, 2, 0), ("mixed", 1, 2, 0))

#: (n, k) -> (m, L, F, groups, base classes): the 1-rotational constructions tried.
CONSTRUCTIONS: dict[tuple[int, int], tuple[int, int, int, tuple[tuple, ...], int]] = {
    (15, 3): (7, 2, 1, (), 1),  # KTS(15)
    # NKTS(18), type 2^9: Z_4 x 4 + 2; groups: points 2 apart on a level, the fixed ones.
    (18, 3): (4, 4, 2, tuple(("pure", level, 2) for level in range(4)), 2),
    (21, 3): (5, 4, 1, (), 2),  # KTS(21)
    (24, 4): (7, 3, 3, _COLUMNS_OF_3, 1),  # 4-RGDD of type 3^8
    (28, 4): (9, 3, 1, (), 1),  # resolvable 2-(28, 4, 1)
    (32, 4): (5, 6, 2, (("mixed", 0, 1, 0), ("mixed", 2, 3, 0), ("mixed", 4, 5, 0)), 2),
    (36, 4): (11, 3, 3, _COLUMNS_OF_3, 1),  # 4-RGDD of type 3^12
    (40, 4): (13, 3, 1, (), 1),  # resolvable 2-(40, 4, 1)
}

#: The base classes found for `CONSTRUCTIONS` (each point once per class).
STARTERS: dict[tuple[int, int], list[list[list[int]]]] = {
    # KTS(15), Kirkman's schoolgirls: found by `find_starter` (seed 0).
    (15, 3): [[[0, 11, 12], [1, 7, 9], [2, 4, 5], [3, 10, 13], [6, 8, 14]]],
    # NKTS(18): found by `find_starter`'s search.
    (18, 3): [
        [[0, 9, 16], [1, 11, 15], [2, 10, 13], [3, 4, 7], [5, 12, 17], [6, 8, 14]],
        [[0, 12, 13], [1, 8, 17], [2, 3, 5], [4, 9, 14], [6, 15, 16], [7, 10, 11]],
    ],
    # KTS(21): found by a randomised backtracking over the same orbits.
    (21, 3): [
        [[0, 5, 7], [1, 10, 11], [2, 15, 16], [3, 14, 20], [4, 12, 19], [6, 13, 18], [8, 9, 17]],
        [[0, 4, 16], [1, 3, 7], [2, 5, 14], [6, 17, 20], [8, 11, 13], [9, 10, 19], [12, 15, 18]],
    ],
    # 4-RGDD of type 3^8: found by `find_starter` (seed 0).
    (24, 4): [
        [[0, 8, 19, 22], [1, 5, 6, 11], [2, 17, 18, 20], [3, 7, 16, 23], [4, 13, 14, 21],
         [9, 10, 12, 15]],
    ],
    # Resolvable 2-(28, 4, 1): found by a randomised backtracking over the same orbits.
    (28, 4): [
        [[0, 4, 6, 15], [1, 9, 11, 20], [2, 14, 22, 26], [3, 10, 24, 27], [5, 18, 19, 21],
         [7, 8, 12, 25], [13, 16, 17, 23]],
    ],
    # 4-RGDD of type 3^12 and resolvable 2-(40, 4, 1): both found by a backtracking over
    # base blocks in Z_3m (point z is x = z mod m on level z mod 3) whose shifts by m, a
    # turn of the levels, make up the class, and whose differences (with those of the
    # fixed points' block) cover Z_3m outside {0, m, 2m} exactly once: a relative
    # difference family, the classical way to 1-rotational designs (Buratti, "1-rotational
    # resolvable designs", 2001). Seed 0 of that search gave these at once.
    (36, 4): [
        [[0, 15, 28, 33], [1, 9, 18, 19], [2, 14, 16, 21], [3, 5, 10, 24], [4, 17, 22, 34],
         [6, 11, 26, 35], [7, 8, 23, 31], [12, 20, 29, 30], [13, 25, 27, 32]],
    ],
    (40, 4): [
        [[0, 13, 26, 39], [1, 12, 18, 21], [2, 11, 16, 23], [3, 10, 28, 37], [4, 9, 32, 33],
         [5, 8, 27, 38], [6, 7, 17, 22], [14, 25, 31, 34], [15, 24, 29, 36], [19, 20, 30, 35]],
    ],
}  # fmt: skip


#: Designs stored as their rounds, each table a string of one letter per player (player
#: i is the i-th letter of `_LETTERS`: A-P, then a-p), from the literature.
STORED: dict[tuple[int, int], tuple[str, ...]] = {
    # The 8-4-10 social golfer instance (CSPLib problem 10: 32 golfers in 8 groups of 4
    # for 10 weeks, no two together twice), first solved by Aguado (2004); this solution
    # is the one of the Wolfram Demonstration "Social Golfer Problem", as listed in
    # github.com/fpvandoorn/Dagstuhl-tables (literature.md, T(32,4) less its last line).
    # A 4-RGDD of type 2^16: the pairs that never meet are A-a, B-b, ..., P-p.
    (32, 4): (
        "ABCD EFGH IJKL MNOP abcd efgh ijkl mnop",
        "AEIm BcgH DFKp dfkP aeiM bCGh jLNo JlnO",
        "Aflo Bhkm DGiN aFLO bHKM CeJP cEjp dgIn",
        "AciL BdjK bDJk FgoP fGOp aCIl EhMn eHmN",
        "AgKN BElP DHIo dhiO beLp Cfjm cFJM aGkn",
        "AhJp BFin cDmO bfIN eGKl CdMo EgkL aHjP",
        "AdeF BGJo aDEf chlN iKmP CHLn bgjO IkMp",
        "AbnP aBNp DglM ceko fHiJ CEKO FhIj dGLm",
        "AGjM BeIO DhLP agJm cfKn CFkN bEio dHlp",
        "AHkO BfLM Dejn bFlm cGIP Cgip dEJN ahKo",
    ),
}
_LETTERS = "ABCDEFGHIJKLMNOPabcdefghijklmnop"


def _stored(n: int, k: int) -> list[Round]:
    """The rounds of the design stored for (n, k) in `STORED`, or []."""
    return [
        ([[_LETTERS.index(letter) for letter in table] for table in line.split()], [])
        for line in STORED.get((n, k), ())
    ]


def rounds(n: int, k: int, small: int = 0) -> list[Round]:
    """The rounds of the longest design known here for n players at tables of k (with one
    bye a round for a round robin of odd n), or [] when there is none.

    With `small`, n players sit at tables of k and `small` tables of k - 1: the design on
    n + small points loses `small` points of one group (points that never meet), so each
    round they leave `small` different tables one short, and no pair meets twice still.
    """
    if k == 2:
        return _round_robin(n) if not small else []
    if small:
        if k == 2:
            return []
        design = rounds(n + small, k)
        return max(_without(design, n + small, small), _without_table(design, small), key=len)
    found = [_developed(n, k), _transversal_rounds(n, k), _stored(n, k)]
    return max(found, key=len)


def _without(design: list[Round], n: int, count: int) -> list[Round]:
    """`design` on points 0..n-1 less `count` points that never meet (the lowest such ones,
    taken greedily), the others numbered 0.. in order; [] when there are not so many."""
    if not design:
        return []
    met = [set() for _ in range(n)]
    for tables, _ in design:
        for table in tables:
            for p in table:
                met[p].update(table)
    removed: list[int] = []
    for p in range(n):
        if len(removed) < count and not any(p in met[q] for q in removed):
            removed.append(p)
    if len(removed) < count:
        return []
    gone = set(removed)
    label = {p: i for i, p in enumerate(p for p in range(n) if p not in gone)}
    return [
        ([[label[p] for p in table if p not in gone] for table in tables], [])
        for tables, _ in design
    ]


def _without_table(design: list[Round], count: int) -> list[Round]:
    """`design` less `count` points of one table and that table's round, the others
    numbered 0.. in order; [] when `count` is not below the table's size.

    Two points of one table meet nowhere else, so in every other round the removed points
    sit at `count` different tables, each left one short. So the affine plane AG(2, 4) (16
    in fours, 5 rounds) less 3 points of one line and that line's round is 13 players at
    one table of 4 and three of 3 for 4 rounds, the most there can be (issue 39), and the
    resolvable 2-(28, 4, 1) design gives 25 players 8 rounds the same way. Where the
    design has groups, `_without` keeps every round and is preferred.
    """
    if not design or not 0 < count < len(design[0][0][0]):
        return []
    tables, _ = design[0]
    gone = set(tables[0][:count])
    n = sum(map(len, tables))
    label = {p: i for i, p in enumerate(p for p in range(n) if p not in gone)}
    return [
        ([[label[p] for p in table if p not in gone] for table in tables], [])
        for tables, _ in design[1:]
    ]


def starter_rounds(n: int, k: int) -> list[Round]:
    """The rounds developed from the stored base classes for (n, k), or []."""
    return _developed(n, k)


def _developed(n: int, k: int) -> list[Round]:
    if (n, k) not in STARTERS:
        return []
    m, levels, _, _, _ = CONSTRUCTIONS[n, k]
    classes = STARTERS[n, k]

    def shift(p: int, t: int) -> int:
        if p >= m * levels:
            return p
        level, x = divmod(p, m)
        return level * m + (x + t) % m

    return [
        ([[shift(p, t) for p in block] for block in base], []) for base in classes for t in range(m)
    ]


def orbit(p: int, q: int, m: int, levels: int) -> tuple:
    """The orbit under Z_m of the pair {p, q} (see the module's docstring)."""
    p, q = min(p, q), max(p, q)
    if q >= m * levels:
        return ("fixed",) if p >= m * levels else ("infinity", q - m * levels, p // m)
    (a, x), (b, y) = divmod(p, m), divmod(q, m)
    if a == b:
        d = (y - x) % m
        return ("pure", a, min(d, m - d))
    return ("mixed", a, b, (y - x) % m)


def find_starter(  # noqa: PLR0917 - the construction's parameters
    m: int, levels: int, fixed: int, k: int, classes: int, groups: Sequence[tuple], seed: int
) -> list[list[list[int]]] | None:
    """Base classes for `STARTERS` by tabu search: random blocks, then swaps of two points
    between blocks of one class that most lower the number of orbits met more than once
    (a group orbit or a pair of fixed points counts 3), at most 20 000 iterations."""
    n = m * levels + fixed
    rng = random.Random(seed)  # noqa: S311 - an offline search, not cryptography
    forbidden = {tuple(g) for g in groups} | {("fixed",)}
    cost_of = {}
    for p, q in combinations(range(n), 2):
        cost_of[p, q] = cost_of[q, p] = orbit(p, q, m, levels)
    bases = []
    for _ in range(classes):
        points = rng.sample(range(n), n)
        bases.append([points[i : i + k] for i in range(0, n, k)])
    count: Counter[tuple] = Counter(
        cost_of[p, q] for base in bases for t in base for p, q in combinations(t, 2)
    )

    def penalty(counts: Counter[tuple]) -> int:
        return sum(3 * v if o in forbidden else max(0, v - 1) for o, v in counts.items())

    tabu: dict[tuple[int, int, int], int] = {}
    for iteration in range(20_000):
        cost = penalty(count)
        if cost == 0:
            return [sorted((sorted(t) for t in b), key=min) for b in bases]
        best, best_cost = None, None
        for c, base in enumerate(bases):
            for i, j in combinations(range(len(base)), 2):
                for a in base[i]:
                    for b in base[j]:
                        if tabu.get((c, a, j), 0) > iteration:
                            continue
                        old = [cost_of[a, x] for x in base[i] if x != a]
                        old += [cost_of[b, x] for x in base[j] if x != b]
                        new = [cost_of[b, x] for x in base[i] if x != a]
                        new += [cost_of[a, x] for x in base[j] if x != b]
                        count.subtract(old)
                        count.update(new)
                        value = penalty(count) + rng.random()
                        count.subtract(new)
                        count.update(old)
                        if best_cost is None or value < best_cost:
                            best, best_cost = (c, i, j, a, b, old, new), value
        if best is None:
            continue
        c, i, j, a, b, old, new = best
        base = bases[c]
        base[i][base[i].index(a)], base[j][base[j].index(b)] = b, a
        count.subtract(old)
        count.update(new)
        tabu[c, a, i] = tabu[c, b, j] = iteration + rng.randint(3, 10)
    return None


def _round_robin(n: int) -> list[tuple[list[list[int]], list[int]]]:
    """The circle method: one player fixed, the others turning; for an odd n the one who
    would meet the missing player sits out."""
    m = n + n % 2
    rounds = []
    for j in range(m - 1):
        pairs = [(m - 1, j)] + [((j + i) % (m - 1), (j - i) % (m - 1)) for i in range(1, m // 2)]
        rounds.append(
            (
                [list(pair) for pair in pairs if n not in pair],
                [a + b - n for a, b in pairs if n in (a, b)],
            )
        )
    return rounds


def _transversal_rounds(n: int, k: int) -> list[tuple[list[list[int]], list[int]]]:
    g = n // k
    field = _field(g) if k >= 3 and n % k == 0 and g >= k else None
    if field is None:
        return []
    add, mul = field
    rounds = [
        ([[i * g + add(t, mul(i, j)) for i in range(k)] for t in range(g)], []) for j in range(g)
    ]
    if g % k == 0:
        rows = [[i * g + x for x in range(c, c + k)] for i in range(k) for c in range(0, g, k)]
        rounds.append((rows, []))
    return rounds


def _field(q: int) -> tuple[Callable[[int, int], int], Callable[[int, int], int]] | None:
    """Addition and multiplication in the field of q elements, None unless q is a prime
    power p^e. Elements are polynomials over Z_p written as base-p numbers, taken modulo
    the first monic polynomial of degree e in which the polynomial x has order q - 1: its
    powers then give every nonzero element, and logarithms make multiplying a lookup."""
    p = next(d for d in range(2, q + 1) if q % d == 0)
    e = 0
    while p**e < q:
        e += 1
    if p**e != q:
        return None

    def digits(x: int) -> list[int]:
        return [x // p**i % p for i in range(e)]

    def number(coefficients: Sequence[int]) -> int:
        return sum(c % p * p**i for i, c in enumerate(coefficients))

    def add(x: int, y: int) -> int:
        return number([a + b for a, b in zip(digits(x), digits(y), strict=True)])

    for low in range(q):
        powers = _powers_of_x(digits(low), p, q)
        if len(powers) == q - 1:
            break
    else:  # pragma: no cover - a primitive polynomial of every degree exists
        raise AssertionError
    exp = [number(coefficients) for coefficients in powers]
    log = {value: i for i, value in enumerate(exp)}

    def mul(x: int, y: int) -> int:
        return 0 if x == 0 or y == 0 else exp[(log[x] + log[y]) % (q - 1)]

    return add, mul


def _powers_of_x(low: list[int], p: int, q: int) -> list[list[int]]:
    """1, x, x^2, ... modulo x^e + low (coefficients from the constant up) until the powers
    come back to 1 or stop being units; q - 1 of them exactly when x generates the field."""
    one = [1] + [0] * (len(low) - 1)
    powers, current = [], one
    while len(powers) < q:
        powers.append(current)
        top = current[-1]
        current = [(-top * low[0]) % p] + [
            (current[i - 1] - top * low[i]) % p for i in range(1, len(low))
        ]
        if current == one or not any(current):
            break
    return powers


#: A season's evening: its rounds, each the tables (lists of points) of one round.
Evening = list[list[list[int]]]

#: The season design for 24 players in fours (issue 20), in two parts. Over 30 evenings
#: of 4 rounds a pair meets 4320 / 276 = 15.65 times on average, so the most-met pair
#: meets at least 16 times; here no pair meets twice in one evening and every pair meets
#: 15 or 16 times (180 pairs 16, 96 pairs 15), the most even season there is.
#:
#: First, 23 evenings developed over Z_23 plus a fixed point 23 from four base rounds
#: (evening t is the base rounds with t added to every point but 23). In each base round
#: every difference of Z_23 occurs three times and the fixed point meets three points, so
#: each base round's 23 shifts meet every pair 3 times, the four 12 times; the four base
#: rounds share no pair, so no evening repeats one. Found by a local search over swaps
#: of two points between tables of the base rounds.
SEASON_24_BASE = (
    ((23, 19, 15, 9), (21, 20, 13, 18), (22, 10, 12, 4),
     (17, 6, 2, 3), (7, 8, 11, 1), (16, 14, 0, 5)),
    ((6, 4, 7, 20), (19, 12, 8, 16), (2, 10, 11, 13),
     (0, 23, 22, 17), (15, 3, 5, 21), (1, 18, 14, 9)),
    ((13, 6, 22, 5), (0, 19, 4, 1), (9, 12, 21, 11),
     (8, 23, 14, 2), (10, 15, 20, 17), (18, 3, 16, 7)),
    ((11, 14, 20, 19), (6, 0, 10, 21), (1, 13, 17, 16),
     (23, 12, 7, 5), (9, 3, 8, 22), (15, 18, 4, 2)),
)  # fmt: skip
#: Then 7 evenings from four copies of the 4-RGDD of type 3^8 (`rounds(24, 4)`: 7 rounds
#: meeting every pair once but those in its 8 groups of 3): the design itself, D, and
#: three relabellings of it, each (c, relabelling) with its round c made equal to round
#: 0, 1 or 2 of D. The four copies' groups share no pair, so over the 28 rounds the 96
#: group pairs meet 3 times and all others 4. Evenings: each relabelled copy's round c
#: with three more of it; its other three with D's round it equals (they share no pair
#: with it, being of one copy); D's rounds 3 to 6. Found by a local search over the
#: relabellings that keep round c on D's round, minimising the group pairs shared.
SEASON_24_COPIES = (
    (1, (11, 0, 1, 18, 9, 3, 6, 23, 15, 19, 13, 4, 5, 14, 20, 16, 21, 10, 17, 2, 8, 7, 22, 12)),
    (4, (16, 12, 18, 3, 22, 19, 8, 5, 14, 15, 6, 11, 20, 21, 4, 17, 9, 23, 0, 7, 10, 2, 1, 13)),
    (6, (18, 22, 8, 11, 9, 23, 1, 3, 15, 4, 5, 19, 7, 16, 20, 6, 2, 14, 13, 10, 17, 12, 0, 21)),
)  # fmt: skip

#: The order the evenings are played in (built order: the 23 developed, then the 7 from
#: the copies): found by a local search over orders that keeps the most-met pair of the
#: season so far within 2 of its bound, and the spread low, after every evening.
SEASON_24_ORDER = (
    28, 27, 29, 23, 24, 20, 22, 8, 11, 6, 18, 9, 13, 10, 5, 17, 14, 4, 16, 15, 19, 12, 2, 7,
    1, 21, 0, 3, 26, 25,
)  # fmt: skip


def season(n: int, k: int) -> list[Evening]:
    """The evenings of the season design known here for n players at tables of k (see
    SEASON_24_BASE), or []: 24 in fours only."""
    if (n, k) != (24, 4):
        return []

    def shifted(block: Sequence[int], t: int) -> list[int]:
        return [p if p == 23 else (p + t) % 23 for p in block]

    evenings = [[[shifted(b, t) for b in base] for base in SEASON_24_BASE] for t in range(23)]
    own = [tables for tables, _ in rounds(24, 4)]
    for shared, (c, label) in enumerate(SEASON_24_COPIES):
        copy = [[[label[p] for p in table] for table in tables] for tables in own]
        others = [r for r in range(len(copy)) if r != c]
        evenings.append([copy[c]] + [copy[r] for r in others[:3]])
        evenings.append([copy[r] for r in others[3:]] + [own[shared]])
    evenings.append(own[len(SEASON_24_COPIES) :])
    return [evenings[e] for e in SEASON_24_ORDER]


if __name__ == "__main__":  # pragma: no cover - the offline search
    n, k = map(int, sys.argv[1].split("/"))
    m, levels, fixed, groups, classes = CONSTRUCTIONS[n, k]
    for seed in range(1000):
        found = find_starter(m, levels, fixed, k, classes, groups, seed)
        if found is not None:
            print(found)  # noqa: T201 - the offline search's output
            break
