"""Rating figures for `make bench` (issue 19): how good the rating list is, and how well it
predicts, on a simulated club whose true strengths we know.

60 players with hidden strengths play 30 evenings of 5 rounds at tables of 4; each table's
finishing order is drawn from the Plackett-Luce model with those strengths (first place goes
to player i with probability exp(s_i) / sum of exp(s_j) over the players still in, then second
place among the rest, and so on). The figures, per scenario of SCENARIOS:

- the Kendall tau (tau-b, computed here) between the hidden order and four lists, after 5, 10
  and 30 evenings, per seed and their mean: the site's rating list (the whole-history
  estimate of ratings.core, by conservative rating mu - 3 sigma, as the list is sorted); the
  online update alone (ratings.core.replay, as the history is kept and as the list was before
  issue 39); an independent whole-history estimate, the Plackett-Luce maximum a posteriori of
  `choix` (after 30 evenings); and the list a club keeps today, average match points per
  table, 3, 2, 1 and 0 points for places 1 to 4. Then the issue's aim per scenario: on how
  many seeds the list is at least level with match points, and within 0.02 of `choix`;
- on 5 held-back evenings (31 to 35, all 60 at random tables, never rated), how often the
  favourite at a table (the highest rated) wins it, against the base rate of 25%, beside the
  match-point favourite and the favourite by the hidden strengths (the best any list can do);
- the seconds a replay of the 30 evenings from scratch takes, and a replay at the issue's
  size (2,000 players, 50,000 tables): the online update and the whole-history estimate,
  which together make the site's ratings from scratch.

Why the online update alone loses to match points at random tables (issue 39): OpenSkill's
update shrinks a player's variance by gamma * sigma^2 / c^2 * (sum of p (1 - p)) per table,
with its default gamma = sigma / c; that third power of sigma / c leaves sigma near 2.6
after 150 tables where the information in them gives about 1.2, so every table still moves mu
as much as a player's tenth table should, and the list is a moving average of the last few
evenings. Its tau (25/300 added to sigma before every table) makes that slightly worse (tau
0: 0.877 instead of 0.873). With gamma 1 and tau 0 the online update is level with match
points at random tables (0.907 against 0.901), but no online update can carry what a joint
evening shows about one club back to the members who were not there: three clubs 0.843,
against 0.913 for the whole-history estimate. So the site lists the whole-history estimate.
(Measured on these seeds with OpenSkill's model under other parameters; figures after 30
evenings.)

At random tables where everyone plays every evening, everyone meets the same field, and
average match points is about as good as a list can be: there the whole-history estimate and
match points differ by chance, by up to 0.01 either way on a seed; the rating's strength shows where
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

from ratings.core import BETA, SIGMA, Rating, TableResult, favourite, replay, whole_history

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
#: The issue's aim: the list within this Kendall tau of the whole-history estimate.
WITHIN = 0.02
#: The lists compared, in the order printed: (key, name).
LISTS = (
    ("rating", "the site's list (whole history)"),
    ("choix", "choix's Plackett-Luce MAP"),
    ("online", "the online update alone"),
    ("match_points", "average match points"),
)


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
        for name, _title in LISTS:
            values = figures.get(f"tau_{name}_{evenings}")
            if values:
                print(
                    f"ratings_{label}_kendall_tau_{name}_after_{evenings}: "
                    f"{statistics.fmean(values):.3f} (seeds {' '.join(f'{v:.3f}' for v in values)})"
                )
    last = EVENINGS
    rating, choix_map, points = (
        figures[f"tau_{n}_{last}"] for n in ("rating", "choix", "match_points")
    )
    level = sum(r >= m for r, m in zip(rating, points, strict=True))
    close = sum(abs(r - c) <= WITHIN for r, c in zip(rating, choix_map, strict=True))
    worst = min(r - m for r, m in zip(rating, points, strict=True))
    gap = max(abs(r - c) for r, c in zip(rating, choix_map, strict=True))
    print(
        f"ratings_{label}_aim_after_{last}: the list at least level with match points on "
        f"{level} of {len(SEEDS)} seeds (worst {worst:+.3f}), within {WITHIN} of choix on "
        f"{close} of {len(SEEDS)} (largest gap {gap:.3f})"
    )
    for name in ("rating", "online", "match_points", "hidden"):
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

    The evenings are played and rated round by round with the online update; the site's
    list, the whole-history estimate, is made after each evening (as the site makes it when
    a rating page is opened), and the balanced draw seats by it, as the draw reads the
    stored list. The figures compare the lists with the hidden strengths."""
    rng = random.Random(seed)
    strength, home = strengths(rng, spread, scenario)
    ratings: dict[int, Rating] = {}
    listed: dict[int, Rating] = {}
    points: dict[int, list[int]] = {player: [] for player in strength}
    rated: list[TableResult] = []
    figures: dict[str, float] = {}
    for evening in range(1, EVENINGS + 1):
        for round_number in range(1, ROUNDS + 1):
            tables = seat(
                rng, scenario, evening=evening, round_number=round_number, strength=strength,
                home=home, ratings=listed,
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
        listed = whole_history(rated)
        if evening in CHECKPOINTS:
            lists = {
                "rating": {p: rating.conservative for p, rating in listed.items()},
                "online": {p: rating.conservative for p, rating in ratings.items()},
                "match_points": {p: statistics.fmean(got) for p, got in points.items()},
            }
            if evening == EVENINGS:
                lists["choix"] = choix_estimate(rated)
            for name, scores in lists.items():
                figures[f"tau_{name}_{evening}"] = kendall_tau(strength, scores)
    if scenario == "random":
        started = time.perf_counter()
        assert replay(rated).ratings == ratings  # a replay from scratch gives the same list
        assert whole_history(rated) == listed
        figures["replay_seconds"] = time.perf_counter() - started
    held_back = [
        finish(rng, (evening, round_number, number), players, strength)
        for evening in range(EVENINGS + 1, EVENINGS + HELD_BACK + 1)
        for round_number in range(1, ROUNDS + 1)
        for number, players in enumerate(random_tables(rng, list(strength)), start=1)
    ]
    average = {player: statistics.fmean(got) for player, got in points.items()}
    for name, scores in (
        ("rating", {p: rating.mu for p, rating in listed.items()}),
        ("online", {p: rating.mu for p, rating in ratings.items()}),
        ("match_points", average),
        ("hidden", strength),
    ):
        as_ratings = {p: Rating(mu=value, sigma=0.0, games=0) for p, value in scores.items()}
        wins = sum(result.ranks[favourite(result.teams, as_ratings)] == 1 for result in held_back)
        figures[f"favourite_{name}"] = wins / len(held_back)
    return figures


def choix_estimate(results: list[TableResult]) -> dict[int, float]:
    """The Plackett-Luce maximum a posteriori of `choix` (the bench extra), independent of
    ratings.core: exp(theta) per player, theta normal with sd SIGMA / (2 BETA) (the core's
    prior on its scale at tables of 4: choix's penalty alpha * sum theta^2 is a prior of
    variance 1 / (2 alpha))."""
    import choix  # noqa: PLC0415 - the bench extra

    data = [
        [side[0] for _rank, side in sorted(zip(r.ranks, r.teams, strict=True))] for r in results
    ]
    alpha = 1 / (2 * (SIGMA / (2 * BETA)) ** 2)
    estimate = choix.opt_rankings(PLAYERS, data, alpha=alpha)
    return {player: float(estimate[player]) for player in range(PLAYERS)}


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
        # By the list so far (the last evening's), best first; a newcomer counts as NEW.
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
    """A replay at the issue's size: 2,000 players, 50,000 tables of 4; the site's ratings
    from scratch are the online update (the history) and the whole-history estimate (the
    list), against the aim of 10 s."""
    rng = random.Random(19)
    strength = {player: rng.gauss(0.0, SPREAD) for player in range(2000)}
    results = [
        finish(rng, (number,), rng.sample(range(2000), TABLE), strength) for number in range(50_000)
    ]
    started, cpu = time.perf_counter(), time.process_time()
    done = replay(results)
    online, online_cpu = time.perf_counter() - started, time.process_time() - cpu
    started, cpu = time.perf_counter(), time.process_time()
    listed = whole_history(results)
    whole, whole_cpu = time.perf_counter() - started, time.process_time() - cpu
    # The processor time beside the wall time: on a machine shared with other work the wall
    # time is the longer, and the processor time is what the replay itself needs.
    print(
        f"ratings_replay_2000_players_50000_tables_online: {online:.1f} s "
        f"({online_cpu:.1f} s of processor time)"
    )
    print(f"ratings_replay_per_table: {online / len(results) * 1e6:.0f} µs")
    print(f"ratings_history_rows_50000_tables: {len(done.history)}")
    print(
        f"ratings_whole_history_2000_players_50000_tables: {whole:.1f} s "
        f"({whole_cpu:.1f} s of processor time)"
    )
    tau_list = kendall_tau(strength, {p: r.conservative for p, r in listed.items()})
    tau_online = kendall_tau(strength, {p: r.conservative for p, r in done.ratings.items()})
    print(
        f"ratings_from_scratch_50000_tables: {online + whole:.1f} s "
        f"({online_cpu + whole_cpu:.1f} s of processor time; aim: under 10 s); "
        f"Kendall tau of the list {tau_list:.3f}, of the online update {tau_online:.3f}"
    )
