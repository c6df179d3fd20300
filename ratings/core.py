"""The rating core (issue 19): ratings per game from the rankings at the tables.

Pure Python on purpose: no Django and none of the project's apps, so the same function serves
the ratings app, the recompute job after a correction, the tests and `make bench`. The app turns
confirmed results into `TableResult`s, calls `replay` and stores what comes back.

The model is OpenSkill's Plackett-Luce model (Weng and Lin 2011, algorithm 4), because it takes
what a table gives us as it is: a ranking of 2 to 6 sides, and sides of one player (Duizenden,
Miezemauzen, MEINO) or of two (Keezen, MeieRijen with four). A side is rated as a team: its
strength is the sum of its players' mu, and each player's share of the change is in proportion
to their own variance, so a newcomer moves more than a regular in the same team. Ties (equal
ranks) are rated as the average over the orders they stand for; `tie_orders` says why.

Determinism: `replay` sorts the results by their `order` key before rating them, and within a
table it puts the sides and their players in a fixed order, so the same results give exactly the
same ratings, in whatever order they were read from the database or entered at the venue.

Two estimates (issue 39). `replay` is the online update: one pass through the tables in order,
each table moving the ratings of its players once. It makes the history (a player's rating after
each tournament). `whole_history` is the maximum a posteriori of the same Plackett-Luce model over
all tables at once; it makes the list. Why the list is not the online update: on the benchmark's
simulated club (60 players, 30 evenings of 5 rounds at random tables of 4, 5 seeds; `make bench`)
the online list ranked the hidden strengths worse than average match points (Kendall tau 0.873
against 0.901), because
- OpenSkill's default gamma = sigma / c makes a table shrink sigma^2 by a term in (sigma / c)^3,
  so sigma stays near 2.6 after 150 tables where their information gives about 1.2; mu keeps
  moving as if each table were one of the player's first few, and the list follows the last few
  evenings rather than the whole season (the additive tau, 25/300 per table, adds a little to
  that: 0.877 without it);
- no single pass can carry what a later table shows back to earlier ones: at a joint evening of
  three clubs only the players there move, not their clubmates (three clubs: 0.859 online with
  the defaults, 0.843 with gamma 1 and tau 0, 0.913 for the whole-history estimate).
The whole-history estimate is level with match points at random tables (0.906 against 0.901:
there they differ by chance, up to 0.01 either way on a seed) and far ahead where the opposition
differs. The online update keeps OpenSkill's defaults: it is the history's, which shows how a
rating moved evening by evening, and its tests follow the published formulas.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from openskill.models import PlackettLuce

#: OpenSkill's defaults, written out so that an upgrade of the library cannot change them
#: silently: a new player is mu 25 with sigma 25/3 (so mu - 3 sigma is 0); beta 25/6 is the
#: spread of one evening's form around a player's skill; tau 25/300 is added to every sigma
#: before each table, so that a rating keeps following a player whose play changes over the
#: years instead of freezing after a few hundred tables; kappa keeps sigma above zero.
MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0
KAPPA = 0.0001

#: The one model instance: fixed parameters and no randomness. (OpenSkill gives each rating
#: object a random id, but it never enters the computation.)
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU, kappa=KAPPA, limit_sigma=False)

#: At most this many strict orders stand in for one ranking with ties (see `tie_orders`): every
#: order of a tie of up to six sides.
MAX_TIE_ORDERS = 720

#: A rating resting on fewer games than this is marked provisional.
PROVISIONAL_GAMES = 10

#: The shown number is SHOWN_BASE + SHOWN_SCALE * (mu - 3 sigma), rounded: a new player shows
#: 1000, and one point of conservative rating is 40 points on the list, four digits as in chess.
#: In the benchmark's simulated clubs the list runs from about 1100 to 2200 after 30 evenings
#: (a game with much luck) or 300 to 2600 (little luck); a newcomer who loses their first
#: tables drops below 1000 for a while (their sigma is still large), which the provisional
#: mark covers. The number is never clamped, so it always sorts like the conservative rating.
SHOWN_BASE = 1000
SHOWN_SCALE = 40


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's ranking.

    `order` is the replay key (for example the evening's date in ISO form, the tournament id,
    the round number and the table id); results are rated in its order, so its parts must
    compare with each other's. `teams` holds each side's players (any hashable with a stable
    `repr`, such as a member id); `ranks` gives each side's place, 1 the best, equal numbers
    a tie. Lists are accepted and kept as tuples.

    A result with fewer than two sides says nothing about anyone's strength (a bye, a table
    left alone); it is accepted here and skipped by `replay`. Malformed results (ranks that
    do not match the sides, an empty side, a player on two sides) raise ValueError.
    """

    order: tuple
    teams: tuple[tuple[Hashable, ...], ...]
    ranks: tuple[int, ...]

    def __post_init__(self) -> None:
        teams = tuple(tuple(side) for side in self.teams)
        ranks = tuple(self.ranks)
        object.__setattr__(self, "teams", teams)
        object.__setattr__(self, "ranks", ranks)
        if len(ranks) != len(teams):
            raise ValueError(
                f"table {self.order!r}: {len(ranks)} ranks for {len(teams)} sides; "
                "give one rank per side"
            )
        if any(not side for side in teams):
            raise ValueError(f"table {self.order!r}: a side without players")
        if any(isinstance(rank, bool) or not isinstance(rank, int) for rank in ranks):
            raise ValueError(f"table {self.order!r}: ranks must be whole numbers, not {ranks!r}")
        players = [player for side in teams for player in side]
        if len(set(players)) != len(players):
            raise ValueError(f"table {self.order!r}: a player appears twice in {teams!r}")

    @property
    def players(self) -> tuple[Hashable, ...]:
        """Every player at the table, side by side."""
        return tuple(player for side in self.teams for player in side)


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating for one game: skill estimate `mu`, its uncertainty `sigma`, and the
    number of rated tables it rests on."""

    mu: float
    sigma: float
    games: int

    @property
    def conservative(self) -> float:
        """mu - 3 sigma: a skill the player is very likely (about 99.9%) to have at least.
        Lists sort by it, so that a lucky first evening does not top the list."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The one number on the list: round(1000 + 40 * conservative); a new player shows
        1000 (see SHOWN_BASE and SHOWN_SCALE)."""
        return round(SHOWN_BASE + SHOWN_SCALE * self.conservative)

    @property
    def provisional(self) -> bool:
        """True while the rating rests on fewer than PROVISIONAL_GAMES (10) tables."""
        return self.games < PROVISIONAL_GAMES


#: The rating of a player who has not played yet.
NEW = Rating(mu=MU, sigma=SIGMA, games=0)


class Step(NamedTuple):
    """One line of history: a player's rating right after the table `order`."""

    order: tuple
    player: Hashable
    rating: Rating


@dataclass(slots=True)
class Replay:
    """What `replay` returns: every player's rating after all the results, and the history of
    each rating change, in replay order (per table, the sides in rank order)."""

    ratings: dict[Hashable, Rating] = field(default_factory=dict)
    history: list[Step] = field(default_factory=list)


def canonical(result: TableResult) -> tuple[tuple[tuple[Hashable, ...], ...], tuple[int, ...]]:
    """The table's sides, each with its players sorted, and the sides sorted by rank (then by
    their players), with their ranks: the same table however its sides were listed. OpenSkill's
    sums depend, in the last bits, on the order they are added in; this makes them the same."""
    sides = sorted(
        (
            (rank, sorted(side, key=repr))
            for rank, side in zip(result.ranks, result.teams, strict=True)
        ),
        key=lambda pair: (pair[0], [repr(player) for player in pair[1]]),
    )  # by repr: players need a stable repr, not an order among themselves
    return tuple(tuple(side) for _rank, side in sides), tuple(rank for rank, _side in sides)


def sort_key(result: TableResult) -> tuple:
    """The replay order: by `order`, then, for results sharing an order key, by the table's
    contents, so that even those are rated in the same order every time."""
    return (result.order, repr(canonical(result)))


def rate(result: TableResult, ratings: Mapping[Hashable, Rating]) -> dict[Hashable, Rating]:
    """The new ratings of the players at one table (players not in `ratings` start as NEW).

    Returns an empty dict for a result with fewer than two sides: there is nothing to rate.
    """
    return _rate(*canonical(result), ratings)


def _rate(
    teams: tuple[tuple[Hashable, ...], ...],
    ranks: tuple[int, ...],
    ratings: Mapping[Hashable, Rating],
) -> dict[Hashable, Rating]:
    if len(teams) < 2:  # a ranking needs two sides
        return {}
    before = [[ratings.get(player, NEW) for player in side] for side in teams]
    outcomes = [
        MODEL.rate(
            [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in side] for side in before],
            ranks=[float(place) for place in places],
        )
        for places in tie_orders(ranks)
    ]
    count = len(outcomes)
    return {
        player: Rating(
            mu=math.fsum(outcome[s][j].mu for outcome in outcomes) / count,
            sigma=math.fsum(outcome[s][j].sigma for outcome in outcomes) / count,
            games=old.games + 1,
        )
        for s, (side, old_side) in enumerate(zip(teams, before, strict=True))
        for j, (player, old) in enumerate(zip(side, old_side, strict=True))
    }


def tie_orders(ranks: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The strict finishing orders a ranking with ties stands for: places 1, 2, ... per side,
    the tied sides in every order among themselves (one order when nothing is tied).

    Why not hand OpenSkill the equal ranks: its tie rule (the paper's A_q terms) is fine for
    two sides, where it equals this average exactly, but at larger tables it undervalues a
    shared place. At a table of four, two players sharing first move exactly as much as the
    player who came third (ranks 1, 1, 3, 4 give the first three the same mu), and at a table
    of five the tied winners end below the next player (openskill.py issues 155 and 201). A
    tie is a coin that was not tossed, so `rate` averages the outcomes of both sides of it:
    tied sides share the places they occupy, an equal pair stays equal, a shared first moves
    less than a win and more than second place.

    Every order of each tied group, up to MAX_TIE_ORDERS in all; beyond that (a tie of seven
    or more sides) only the rotations of each group, so that each tied side still takes each
    of the group's places once.
    """
    groups: dict[int, list[int]] = {}
    for index, rank in sorted(enumerate(ranks), key=lambda pair: (pair[1], pair[0])):
        groups.setdefault(rank, []).append(index)
    members = list(groups.values())
    if math.prod(math.factorial(len(group)) for group in members) <= MAX_TIE_ORDERS:
        arrangements = [list(itertools.permutations(group)) for group in members]
    else:
        arrangements = [
            [tuple(group[n:] + group[:n]) for n in range(len(group))] for group in members
        ]
    orders = []
    for choice in itertools.product(*arrangements):
        places = [0] * len(ranks)
        for place, index in enumerate(itertools.chain.from_iterable(choice), start=1):
            places[index] = place
        orders.append(tuple(places))
    return orders


def replay(
    results: Iterable[TableResult], start: Mapping[Hashable, Rating] | None = None
) -> Replay:
    """Rate `results` in the order of their `order` keys, from `start` (the ratings before the
    first of them; everyone else starts as NEW) or from scratch.

    Results with fewer than two sides are skipped. `start` lets a correction recompute from
    one tournament on: replaying A then B gives the same as replaying B from A's ratings, as
    long as every result of B sorts after every result of A.
    """
    tables = []
    for result in results:
        teams, ranks = canonical(result)
        tables.append(((result.order, repr((teams, ranks))), teams, ranks))
    tables.sort(key=lambda table: table[0])
    out = Replay(ratings=dict(start or {}))
    for (order, _contents), teams, ranks in tables:
        changed = _rate(teams, ranks, out.ratings)
        out.ratings.update(changed)
        out.history.extend(Step(order, player, rating) for player, rating in changed.items())
    return out


def favourite(teams: Iterable[Iterable[Hashable]], ratings: Mapping[Hashable, Rating]) -> int:
    """The index of the side with the highest summed mu (the model's most likely winner;
    the first such side on a tie), as the benchmark measures it."""
    strengths = [sum(ratings.get(player, NEW).mu for player in side) for side in teams]
    return max(range(len(strengths)), key=strengths.__getitem__)


# -- the whole-history estimate (issue 39) -------------------------------------------------

#: The whole-history estimate stops when no mu moves by more than this in a step (a
#: twentieth of a shown point), or after WHOLE_STEPS steps.
WHOLE_TOLERANCE = 0.05 / SHOWN_SCALE
WHOLE_STEPS = 200


def whole_history(
    results: Iterable[TableResult], start: Mapping[Hashable, Rating] | None = None
) -> dict[Hashable, Rating]:
    """Every player's rating from all `results` at once: the Plackett-Luce maximum a
    posteriori (issue 39), not a pass through them in order.

    The likelihood is the one OpenSkill's update approximates, with the players' own
    uncertainty left out: at a table of k sides, the side with skill sum m wins among the
    sides still in with probability exp(m / c) / sum of exp(m_s / c), c = BETA * sqrt(k);
    then the next place among the rest, and so on. A tie is the average over the orders it
    stands for (`tie_orders`), as in `rate`. The prior is every player's NEW rating: mu
    normal around MU with sd SIGMA. So a player with few tables stays near MU, and every
    table informs every earlier and later one: a club's strength learned at a joint evening
    moves all its members, also those who were not there.

    sigma is the Laplace approximation: 1 / sqrt of the curvature of the log posterior in
    the player's own mu; `games` counts the player's tables. The list sorts by mu - 3 sigma
    as before.

    The maximum is found by conjugate gradients preconditioned with that curvature, each
    step a Newton step along its direction, from `start` (the online ratings, say: any start
    gives the same maximum, a close one in fewer steps) or from MU. The tables are read in
    `sort_key` order and the players in repr order, so the same results give exactly the
    same ratings in whatever order they come.
    """
    prepared, players, games = _prepare(results)
    mu = [(start or {}).get(player, NEW).mu for player in players]
    prior = 1.0 / SIGMA**2
    direction: list[float] = []
    previous = 0.0
    gradient, curvature, stages = _gradient(prepared, mu, prior)
    for _step in range(WHOLE_STEPS):
        scaled = [g / h for g, h in zip(gradient, curvature, strict=True)]
        current = math.fsum(g * z for g, z in zip(gradient, scaled, strict=True))
        beta = current / previous if previous > 0.0 else 0.0
        direction = (
            [z + beta * d for z, d in zip(scaled, direction, strict=True)] if beta else scaled
        )
        along = math.fsum(g * d for g, d in zip(gradient, direction, strict=True))
        if along <= 0.0:  # not uphill (rounding): start again from the steepest one
            direction, along = scaled, current
        bend = _bend(stages, direction, prior)
        size = along / bend if bend > 0.0 else 0.0
        largest = 0.0
        for n, d in enumerate(direction):
            mu[n] += size * d
            largest = max(largest, abs(size * d))
        previous = current
        gradient, curvature, stages = _gradient(prepared, mu, prior)
        if largest < WHOLE_TOLERANCE:
            break
    return {
        player: Rating(mu=mu[n], sigma=1.0 / math.sqrt(curvature[n]), games=games[n])
        for n, player in enumerate(players)
    }


def _prepare(results: Iterable[TableResult]) -> tuple[list, list[Hashable], list[int]]:
    """The tables as (1 / c, weight, the sides' player indices in finishing order, and the
    same as one tuple where every side is one player, else None), one per order a tie stands
    for; the players in repr order; each one's number of tables."""
    keyed = []
    for result in results:
        teams, ranks = canonical(result)
        if len(teams) >= 2:  # sort_key's order, canonical made once
            keyed.append(((result.order, repr((teams, ranks))), teams, ranks))
    keyed.sort(key=lambda table: table[0])
    tables = [(teams, ranks) for _key, teams, ranks in keyed]
    players = sorted({p for teams, _ranks in tables for side in teams for p in side}, key=repr)
    index = {player: n for n, player in enumerate(players)}
    prepared = []
    games = [0] * len(players)
    for teams, ranks in tables:
        sides = [tuple(index[p] for p in side) for side in teams]
        for side in sides:
            for n in side:
                games[n] += 1
        orders = tie_orders(ranks)
        inverse_c = 1.0 / (BETA * math.sqrt(len(sides)))
        for places in orders:
            ordered = tuple(side for _place, side in sorted(zip(places, sides, strict=True)))
            single = (
                tuple(side[0] for side in ordered)
                if all(len(side) == 1 for side in ordered)
                else None
            )
            prepared.append((inverse_c, 1.0 / len(orders), ordered, single))
    return prepared, players, games


def _gradient(prepared: list, mu: list[float], prior: float) -> tuple[list, list, list]:
    """The gradient of the log posterior in each mu, its curvature in each mu (minus the
    second derivative), and per table what `_bend` needs: exp of each side's strength and
    1 / the sum over the sides still in at each stage.

    Side q is among the sides still in at stages 0 .. min(q, k - 2), with chance
    e_q / tail_s at stage s, so its slope is [q < k - 1] - e_q * sum of 1 / tail_s and its
    curvature sum of p (1 - p) = e_q * sum of 1 / tail_s - e_q^2 * sum of 1 / tail_s^2."""
    gradient = [prior * (MU - value) for value in mu]
    curvature = [prior] * len(mu)
    stages = []
    exp = math.exp
    # At a table of one player a side, e_q is exp((mu - MU) / c) of the player, made once per
    # player and table size: the common factor exp(-MU / c) leaves the chances as they are.
    powers: dict[float, list[float]] = {}
    for table in prepared:
        inverse_c, weight, sides, single = table
        if single is not None:  # the usual table: one player a side
            power = powers.get(inverse_c)
            if power is None:
                power = powers[inverse_c] = [exp((value - MU) * inverse_c) for value in mu]
            if len(single) == 4:  # the commonest table, written out: the same sums as below
                stages.append(_four(table, power, gradient, curvature))
                continue
            e = [power[n] for n in single]
        else:
            strength = [sum(mu[n] for n in side) * inverse_c for side in sides]
            top = max(strength)
            e = [exp(value - top) for value in strength]
        k = len(sides)
        tails = [0.0] * (k - 1)
        tail = e[-1]
        for stage in range(k - 2, -1, -1):
            tail += e[stage]
            tails[stage] = 1.0 / tail
        once = twice = 0.0
        scale_g, scale_h = weight * inverse_c, weight * inverse_c * inverse_c
        for q in range(k):
            if q < k - 1:
                tail = tails[q]
                once += tail
                twice += tail * tail
                slope = 1.0
            else:
                slope = 0.0
            x = e[q]
            p = x * once
            slope = scale_g * (slope - p)
            curve = scale_h * (p - x * x * twice)
            if single is not None:
                n = single[q]
                gradient[n] += slope
                curvature[n] += curve
            else:
                for n in sides[q]:
                    gradient[n] += slope
                    curvature[n] += curve
        stages.append((inverse_c, weight, sides, single, e, tails))
    return gradient, curvature, stages


def _four(table: tuple, power: list[float], gradient: list[float], curvature: list[float]) -> tuple:
    """`_gradient`'s sums for a table of four players, one a side, written out (the
    commonest table; twice as fast as the loop): adds the table's part to `gradient` and
    `curvature` and gives its stage for `_bend`."""
    inverse_c, weight, sides, single = table
    a, b, c, d = single
    ea, eb, ec, ed = power[a], power[b], power[c], power[d]
    t2 = ec + ed
    t1 = eb + t2
    i0, i1, i2 = 1.0 / (ea + t1), 1.0 / t1, 1.0 / t2
    o1 = i0 + i1
    o2 = o1 + i2
    w0 = i0 * i0
    w1 = w0 + i1 * i1
    w2 = w1 + i2 * i2
    scale_g, scale_h = weight * inverse_c, weight * inverse_c * inverse_c
    pa, pb, pc, pd = ea * i0, eb * o1, ec * o2, ed * o2
    gradient[a] += scale_g * (1.0 - pa)
    gradient[b] += scale_g * (1.0 - pb)
    gradient[c] += scale_g * (1.0 - pc)
    gradient[d] -= scale_g * pd
    curvature[a] += scale_h * (pa - ea * ea * w0)
    curvature[b] += scale_h * (pb - eb * eb * w1)
    curvature[c] += scale_h * (pc - ec * ec * w2)
    curvature[d] += scale_h * (pd - ed * ed * w2)
    return (inverse_c, weight, sides, single, (ea, eb, ec, ed), (i0, i1, i2))


def _bend(stages: list, direction: list[float], prior: float) -> float:
    """Minus the second derivative of the log posterior along `direction`: the prior's
    part, and per stage of a table the variance, under its win chances, of how much each
    side's skill sum moves: sum over q of e_q m_q^2 * (sum of 1 / tail_s) minus sum over s
    of (sum over q >= s of e_q m_q)^2 / tail_s^2."""
    total = prior * math.fsum(d * d for d in direction)
    parts = []
    for inverse_c, weight, sides, single, e, tails in stages:
        k = len(sides)
        if single is not None and k == 4:  # the commonest table, written out
            a, b, c, d = single
            ea, eb, ec, ed = e
            i0, i1, i2 = tails
            ma, mb, mc, md = (
                direction[a] * inverse_c,
                direction[b] * inverse_c,
                direction[c] * inverse_c,
                direction[d] * inverse_c,
            )
            xa, xb, xc, xd = ea * ma, eb * mb, ec * mc, ed * md
            o1 = i0 + i1
            o2 = o1 + i2
            spread = xa * ma * i0 + xb * mb * o1 + (xc * mc + xd * md) * o2
            t2 = xc + xd
            t1 = xb + t2
            t0 = xa + t1
            spread -= t2 * t2 * i2 * i2 + t1 * t1 * i1 * i1 + t0 * t0 * i0 * i0
            parts.append(weight * spread)
            continue
        if single is not None:
            moves = [direction[n] * inverse_c for n in single]
        else:
            moves = [sum(direction[n] for n in side) * inverse_c for side in sides]
        weighted = [x * m for x, m in zip(e, moves, strict=True)]
        once = spread = 0.0
        for q in range(k):
            if q < k - 1:
                once += tails[q]
            spread += weighted[q] * moves[q] * once
        tail = weighted[-1]
        for stage in range(k - 2, -1, -1):
            tail += weighted[stage]
            spread -= tail * tail * tails[stage] * tails[stage]
        parts.append(weight * spread)
    return total + math.fsum(parts)
