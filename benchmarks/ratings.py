"""Rating figures for `make bench` (issue 19): how good the rating list is, and how well it
predicts, on a simulated club whose true strengths we know.

60 players with hidden strengths play 30 evenings of 5 rounds at tables of 4; each table's
finishing order is drawn from the Plackett-Luce model with those strengths (first place goes
to player i with probability exp(s_i) / sum of exp(s_j) over the players still in, then second
place among the rest, and so on). The figures, per scenario of SCENARIOS:

- the Kendall tau (tau-b, computed here) between the hidden order and the rating list (by
  conservative rating mu - 3 sigma, as the list is sorted, and by mu) after 5, 10 and 30
  evenings, beside the same figure for the list a club keeps today: average match points per
  table, 3, 2, 1 and 0 points for places 1 to 4;
- on 5 held-back evenings (31 to 35, all 60 at random tables, never rated), how often the
  favourite at a table (the highest rated) wins it, against the base rate of 25%, beside the
  match-point favourite and the favourite by the hidden strengths (the best any list can do);
- the seconds a replay of the 30 evenings from scratch takes, and a replay at the issue's
  size (2,000 players, 50,000 tables).

At random tables where everyone plays every evening, everyone meets the same field, and
average match points is about as good as a list can be; the rating's strength shows where
the opposition differs: a balanced draw (the strong play the strong) and clubs of different
strength on one combined list.

Every figure is the mean over SEEDS (each seed its own strengths and tables), with the lowest
and highest in brackets. The hidden strengths are normal with standard deviation SPREAD; a
second, smaller spread shows the random scenario for a game with more luck in it.

Pure Python: no Django is needed here.
"""

from __future__ import annotations

import math
import random
import statistics
import time

from ratings.core import Rating, TableResult, favourite, replay

PLAYERS = 60
EVENINGS = 30
ROUNDS = 5
TABLE = 4
HELD_BACK = 5
CHECKPOINTS = (5, 10, 30)
SEEDS = (19, 20, 21, 22, 23)
#: Standard deviation of the hidden log-strengths: at 1.0 the best of 60 (about +2.3) wins
#: about 77% of tables against three average players, at 0.5 about 51%.
SPREAD = 1.0
LUCKIER_SPREAD = 0.5
#: Match points per place, the baseline list.
MATCH_POINTS = (3, 2, 1, 0)


#: The club's draw in each scenario: (name, what it is).
SCENARIOS = (
    ("random", "all 60 every evening at random tables"),
    ("balanced", "all 60 every evening; round 1 at random, rounds 2-5 at tables of similar "
     "rating (the four best-rated together, and so on), as the draw's balanced option"),
    ("three_clubs", "three clubs of 20 whose means differ by 0.5 sd, each on its own evenings; "
     "every 5th evening all 60 together at random tables; the combined list"),
)  # fmt: skip


def run() -> None:
    print(
        f"ratings: {PLAYERS} players, {EVENINGS} evenings of {ROUNDS} rounds at tables of "
        f"{TABLE}, orders drawn from Plackett-Luce; figures are the mean over {len(SEEDS)} "
        f"seeds (lowest..highest); baseline: average match points per table "
        f"{'/'.join(map(str, MATCH_POINTS))} for places 1-4; held back: evenings "
        f"{EVENINGS + 1}-{EVENINGS + HELD_BACK}, all 60 at random tables, not rated"
    )
    for scenario, spread in (
        ("random", SPREAD),
        ("random", LUCKIER_SPREAD),
        ("balanced", SPREAD),
        ("three_clubs", SPREAD),
    ):
        quality(scenario, spread)
    timing()


def quality(scenario: str, spread: float) -> None:
    label = scenario + ("" if spread == SPREAD else f"_spread{spread:g}".replace(".", "_"))
    figures: dict[str, list[float]] = {}
    for seed in SEEDS:
        for name, value in club(seed, spread, scenario).items():
            figures.setdefault(name, []).append(value)
    print(
        f"ratings: {scenario}: {dict(SCENARIOS)[scenario]}; hidden strengths with sd "
        f"{spread:g} (a player 2.3 sd above the mean wins about {best_share(spread):.0%} of "
        "tables against three average players)"
    )
    for evenings in CHECKPOINTS:
        for name in ("conservative", "mu", "match_points"):
            values = figures[f"tau_{name}_{evenings}"]
            print(f"ratings_{label}_kendall_tau_{name}_after_{evenings}: {summary(values, '.3f')}")
    for name in ("mu", "conservative", "match_points", "hidden"):
        values = figures[f"favourite_{name}"]
        print(
            f"ratings_{label}_favourite_wins_{name}: {summary(values, '.1%')} of "
            f"{HELD_BACK * ROUNDS * PLAYERS // TABLE} held-back tables (base rate {1 / TABLE:.0%})"
        )
    if "replay_seconds" in figures:
        values = figures["replay_seconds"]
        print(f"ratings_{label}_replay_{EVENINGS}_evenings: {summary(values, '.3f')} s")


def club(seed: int, spread: float, scenario: str) -> dict[str, float]:
    """One simulated club: the Kendall taus at the checkpoints and the held-back hit rates.

    The evenings are played and rated round by round (the balanced draw seats by the
    ratings so far); the figures compare the lists with the hidden strengths."""
    rng = random.Random(seed)
    strength, home = strengths(rng, spread, scenario)
    ratings: dict[int, Rating] = {}
    points: dict[int, list[int]] = {player: [] for player in strength}
    rated: list[TableResult] = []
    figures: dict[str, float] = {}
    for evening in range(1, EVENINGS + 1):
        for round_number in range(1, ROUNDS + 1):
            tables = seat(
                rng, scenario, evening=evening, round_number=round_number, strength=strength,
                home=home, ratings=ratings,
            )  # fmt: skip
            results = [
                finish(rng, (evening, round_number, number), players, strength)
                for number, players in enumerate(tables, start=1)
            ]
            ratings = replay(results, start=ratings).ratings
            rated.extend(results)
            for result in results:
                for side, rank in zip(result.teams, result.ranks, strict=True):
                    points[side[0]].append(MATCH_POINTS[rank - 1])
        if evening in CHECKPOINTS:
            average = {player: statistics.fmean(got) for player, got in points.items()}
            for name, scores in (
                ("conservative", {p: rating.conservative for p, rating in ratings.items()}),
                ("mu", {p: rating.mu for p, rating in ratings.items()}),
                ("match_points", average),
            ):
                figures[f"tau_{name}_{evening}"] = kendall_tau(strength, scores)
    if scenario == "random":
        started = time.perf_counter()
        assert replay(rated).ratings == ratings  # a replay from scratch gives the same list
        figures["replay_seconds"] = time.perf_counter() - started
    held_back = [
        finish(rng, (evening, round_number, number), players, strength)
        for evening in range(EVENINGS + 1, EVENINGS + HELD_BACK + 1)
        for round_number in range(1, ROUNDS + 1)
        for number, players in enumerate(random_tables(rng, list(strength)), start=1)
    ]
    average = {player: statistics.fmean(got) for player, got in points.items()}
    for name, scores in (
        ("mu", {p: rating.mu for p, rating in ratings.items()}),
        ("conservative", {p: rating.conservative for p, rating in ratings.items()}),
        ("match_points", average),
        ("hidden", strength),
    ):
        as_ratings = {p: Rating(mu=value, sigma=0.0, games=0) for p, value in scores.items()}
        wins = sum(result.ranks[favourite(result.teams, as_ratings)] == 1 for result in held_back)
        figures[f"favourite_{name}"] = wins / len(held_back)
    return figures


def strengths(
    rng: random.Random, spread: float, scenario: str
) -> tuple[dict[int, float], dict[int, int]]:
    """The hidden strengths (normal, sd `spread`) and each player's home club (0, 1, 2). For
    three clubs, the clubs' means are -0.5, 0 and +0.5 sd and the players' own spread is
    smaller, so that the whole field still has sd `spread`."""
    home = {player: player % 3 for player in range(PLAYERS)}
    if scenario != "three_clubs":
        return {player: rng.gauss(0.0, spread) for player in range(PLAYERS)}, home
    offset, own = 0.5 * spread, math.sqrt(1 - 2 / 3 * 0.25) * spread
    return {p: (home[p] - 1) * offset + rng.gauss(0.0, own) for p in range(PLAYERS)}, home


def seat(
    rng: random.Random,
    scenario: str,
    *,
    evening: int,
    round_number: int,
    strength: dict[int, float],
    home: dict[int, int],
    ratings: dict[int, Rating],
) -> list[list[int]]:
    """The round's tables for the scenario's draw."""
    players = list(strength)
    if scenario == "balanced" and round_number > 1:
        # By the ratings so far, best first; a newcomer counts as NEW.
        players.sort(key=lambda p: (-ratings[p].mu if p in ratings else -25.0, p))
        return [players[i : i + TABLE] for i in range(0, len(players), TABLE)]
    if scenario == "three_clubs" and evening % 5:
        return [
            table
            for club_number in range(3)
            for table in random_tables(rng, [p for p in players if home[p] == club_number])
        ]
    return random_tables(rng, players)


def random_tables(rng: random.Random, players: list[int]) -> list[list[int]]:
    seats = list(players)
    rng.shuffle(seats)
    return [seats[i : i + TABLE] for i in range(0, len(seats) - TABLE + 1, TABLE)]


def finish(
    rng: random.Random, order: tuple, players: list[int], strength: dict[int, float]
) -> TableResult:
    """A table's finishing order drawn from Plackett-Luce: each next place goes to one of the
    players still in, with probability in proportion to exp(strength)."""
    left = list(players)
    place = {}
    for rank in range(1, len(players) + 1):
        chosen = rng.choices(left, weights=[math.exp(strength[p]) for p in left])[0]
        place[chosen] = rank
        left.remove(chosen)
    return TableResult(
        order=order, teams=tuple((p,) for p in players), ranks=tuple(place[p] for p in players)
    )


def kendall_tau(truth: dict, estimate: dict) -> float:
    """Kendall's tau-b between two scorings of the same players (O(n^2)): the share of pairs
    in the same order minus the share in the opposite order, corrected for ties."""
    players = list(truth)
    concordant = discordant = ties_truth = ties_estimate = 0
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            x = truth[a] - truth[b]
            y = estimate[a] - estimate[b]
            if x == 0 and y == 0:
                continue
            if x == 0:
                ties_truth += 1
            elif y == 0:
                ties_estimate += 1
            elif (x > 0) == (y > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = math.sqrt(
        (concordant + discordant + ties_truth) * (concordant + discordant + ties_estimate)
    )
    return (concordant - discordant) / denominator if denominator else 0.0


def best_share(spread: float) -> float:
    """How often a player 2.3 sd above the mean wins against three players at the mean."""
    best = math.exp(2.3 * spread)
    return best / (best + TABLE - 1)


def summary(values: list[float], spec: str) -> str:
    return (
        f"{format(statistics.fmean(values), spec)} "
        f"({format(min(values), spec)}..{format(max(values), spec)})"
    )


def timing() -> None:
    """A replay at the issue's size: 2,000 players, 50,000 tables of 4."""
    rng = random.Random(19)
    strength = {player: rng.gauss(0.0, SPREAD) for player in range(2000)}
    results = [
        finish(rng, (number,), rng.sample(range(2000), TABLE), strength) for number in range(50_000)
    ]
    started = time.perf_counter()
    done = replay(results)
    seconds = time.perf_counter() - started
    print(f"ratings_replay_2000_players_50000_tables: {seconds:.1f} s")
    print(f"ratings_replay_per_table: {seconds / len(results) * 1e6:.0f} µs")
    print(f"ratings_history_rows_50000_tables: {len(done.history)}")
