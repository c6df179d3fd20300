"""Every demo standing counted again from the raw results, by a second, naive reading of
RULES.md (TP-1 to TP-5 and each game's own ranking), and compared with the site's.

Nothing here uses scoring.standings or the result outcomes the site stored: the rank,
margin and winner of each table come from what was entered (``ResultEntry.data``), read
by the rules of each game, and the ordering is done by brute force.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import combinations

import pytest
from django.core.management import call_command

from scoring import selectors
from scoring.models import ResultEntry
from tournaments.models import Bye, Season, Seat, Tournament

FIELDS = ("position", "points", "margin", "wins", "played", "byes", "tie")


def ranks_of(keys_best_first_value):
    """Competition ranks (1, 1, 3) from values where higher is better."""
    return [
        1 + sum(other > value for other in keys_best_first_value) for value in keys_best_first_value
    ]


def read_table(game: str, data: dict, tournament: Tournament):
    """(rank, margin, game_points, won) per side, from the entered data, by RULES.md."""
    sides = data["sides"]
    finished = bool(data.get("finished", True))
    if game == "duizenden":  # DZ-11/12: highest total wins; margin: card points
        value = [s["total"] for s in sides]
        margin = value
    elif game == "meino":  # ME-14: lowest total, then more tally marks
        value = [(-s["total"], s["marks"]) for s in sides]
        margin = [-s["total"] for s in sides]
    elif game == "miezemauzen":  # MZ-10: lowest points left wins
        value = [-s["points"] for s in sides]
        margin = value
    elif game == "meierijen":  # MR-13: rounds won; margin: minus points
        value = [s["rounds"] for s in sides]
        margin = [-s["minus"] for s in sides]
    elif game == "keezen":  # KZ-9: pawns home; the team with 8 finished
        value = [s["pawns"] for s in sides]
        margin = value
    elif game == "klaverjassen":  # KJ-8/KJ-9: the game score, higher wins
        value = [s["total"] for s in sides]
        margin = value
    else:  # pragma: no cover
        raise AssertionError(game)
    ranks = ranks_of(value)
    opts = tournament.options or {}
    points = [0.0] * len(sides)
    if game == "keezen":
        ppp, bonus = opts.get("points_per_pawn", 2), opts.get("win_bonus", 10)
        points = [s["pawns"] * ppp + (bonus if finished and s["pawns"] == 8 else 0) for s in sides]
    if game == "klaverjassen":  # the game score is the game points (KJ-9)
        points = list(value)
    sole = [r == 1 and ranks.count(1) == 1 for r in ranks]
    won = [finished and s for s in sole]
    return ranks, margin, points, won


def match_points(ranks, game_points, tournament: Tournament):
    n = len(ranks)
    if tournament.scheme == "rank":
        out = []
        for r in ranks:
            k = ranks.count(r)
            places = [n - p for p in range(r, r + k)]  # place p is worth n - p
            out.append(sum(places) / k)
        return out
    if tournament.scheme == "wdl":
        assert n == 2
        if ranks[0] == ranks[1]:
            return [float(tournament.draw_points)] * 2
        return [float(tournament.win_points if r == 1 else tournament.loss_points) for r in ranks]
    return [float(p) for p in game_points]


def bye_value(tournament: Tournament, sides: int):
    if tournament.scheme == "rank":
        return (sides - 1) / 2
    if tournament.scheme == "wdl":
        return float(tournament.draw_points)
    opts = tournament.options or {}
    if tournament.game == "klaverjassen":  # half a game's card points, 81 per deal
        return opts.get("deals", 16) * 81
    return (8 * opts.get("points_per_pawn", 2) + opts.get("win_bonus", 10)) / 2


def evening(tournament: Tournament, key):  # noqa: PLR0912
    """competitor -> dict(points, margin, wins, position, tie) for one tournament."""
    seats = defaultdict(lambda: defaultdict(list))  # table -> side -> [competitor]
    rounds_of = {}
    for seat in Seat.objects.filter(round__tournament=tournament).select_related("entry", "table"):
        k = key(seat.entry)
        if k not in seats[seat.table_id][seat.side]:
            seats[seat.table_id][seat.side].append(k)
        rounds_of[seat.table_id] = seat.round.number
    everyone = {k for sides in seats.values() for ks in sides.values() for k in ks}
    tally = {k: {"points": 0.0, "margin": Fraction(0), "played": 0, "byes": 0, "wins": 0,
                 "best": 0.0} for k in everyone}  # fmt: skip
    meetings = []  # (table, {competitor: rank})
    for table_id, sides in seats.items():
        result = ResultEntry.objects.filter(table_id=table_id, status="confirmed").first()
        if result is None:
            continue
        ranks, margins, gp, won = read_table(tournament.game, result.data, tournament)
        mp = match_points(ranks, gp, tournament)
        placed = {}
        for i in range(len(ranks)):
            for k in sides[i]:
                t = tally[k]
                t["points"] += mp[i]
                t["margin"] += margins[i]
                t["played"] += 1
                t["wins"] += bool(won[i])
                t["best"] = max(t["best"], mp[i])
                placed[k] = ranks[i]
        meetings.append(placed)
    sides_per_table = max((len(s) for s in seats.values()), default=2)
    for bye in Bye.objects.filter(round__tournament=tournament).select_related("entry"):
        k = key(bye.entry)
        t = tally.setdefault(
            k,
            {"points": 0.0, "margin": Fraction(0), "played": 0, "byes": 0, "wins": 0, "best": 0.0},
        )
        t["byes"] += 1
        t["points"] += bye_value(tournament, sides_per_table)
    for t in tally.values():  # TP-1: each bye adds the average margin per played table
        if t["played"] and t["byes"]:
            t["margin"] += t["margin"] / t["played"] * t["byes"]
    if tournament.game == "klaverjassen":
        return kj9_order(tally, meetings)
    # Order: points, margin, then TP-3 head-to-head for a tied group that all met.
    groups = defaultdict(list)
    for k, t in tally.items():
        groups[(t["points"], t["margin"])].append(k)
    h2h = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        met = all(any(a in m and b in m for m in meetings) for a, b in combinations(group, 2))
        if not met:
            continue
        for k in group:
            score = 0
            for m in meetings:
                if k in m:
                    for other in group:
                        if other != k and other in m:
                            score += (m[k] < m[other]) - (m[k] > m[other])
            h2h[k] = score
    full = {k: (t["points"], t["margin"], h2h.get(k, 0)) for k, t in tally.items()}
    out = {}
    for k, t in tally.items():
        position = 1 + sum(other > full[k] for other in full.values())
        same_points = [o for o in tally if o != k and tally[o]["points"] == t["points"]]
        sharing = [o for o in same_points if full[o] == full[k]]
        if sharing:
            tie = "shared"
        elif not same_points:
            tie = None
        elif any(tally[o]["margin"] == t["margin"] for o in same_points):
            tie = "head_to_head"
        else:
            tie = "margin"
        out[k] = dict(t, position=position, tie=tie, h2h=h2h.get(k))
    return out


def kj9_order(tally, meetings):
    """KJ-9: the total, then the games won, then the best game (a player's highest score
    at one table); still equal, the position is shared. No head-to-head."""
    full = {k: (t["points"], t["wins"], t["best"]) for k, t in tally.items()}
    out = {}
    for k, t in tally.items():
        position = 1 + sum(other > full[k] for other in full.values())
        same_points = [o for o in tally if o != k and tally[o]["points"] == t["points"]]
        if any(full[o] == full[k] for o in same_points):
            tie = "shared"
        elif not same_points:
            tie = None
        elif any(tally[o]["wins"] == t["wins"] for o in same_points):
            tie = "best"
        else:
            tie = "wins"
        out[k] = dict(t, position=position, tie=tie, h2h=None)
    return out


def team_key(entry):
    return entry.team_id if entry.team_id and entry.tournament.teams == "fixed" else -entry.pk


def member_key(entry):
    return entry.member_id or -entry.pk


def test_every_demo_standing_matches_a_naive_recount(db):
    """One seeding for both halves: seed_demo is the slow part."""
    call_command("seed_demo", verbosity=0)
    check_evenings()
    check_seasons()


def check_evenings():
    checked = 0
    for tournament in Tournament.objects.all():
        mine = evening(tournament, team_key)
        board = selectors.tournament_board(tournament)
        site = {line.competitor: line for line in board.lines}
        assert set(site) == set(mine), tournament.name
        for k, expected in mine.items():
            line = site[k]
            margin = Fraction(line.margin).limit_denominator()
            got = (line.position, line.match_points, margin, line.wins, line.played,
                   line.byes, line.tie)  # fmt: skip
            want = tuple(expected[f] for f in FIELDS)
            assert got == want, (tournament.pk, tournament.name, board.people[k].name)
        if tournament.game == "keezen" and tournament.club.slug == "veghel":
            # The case (Keezenavond Veghel): a group level on points and margin
            # where some two never met shares one position, nobody ranked by
            # head-to-head.
            groups = defaultdict(list)
            for k, line in mine.items():
                groups[(line["points"], line["margin"])].append(k)
            shared = [g for g in groups.values() if len(g) > 1 and mine[g[0]]["h2h"] is None]
            assert shared, "the demo should hold a tied group that did not all meet"
            for group in shared:
                assert {site[k].position for k in group} == {min(site[k].position for k in group)}
                assert {site[k].tie for k in group} == {"shared"}
                assert {site[k].head_to_head for k in group} == {None}
        checked += 1
    assert checked == Tournament.objects.count() >= 20


def check_seasons():
    seasons = list(Season.objects.all())
    assert seasons
    for season in seasons:
        evenings = list(season.tournaments.order_by("date", "pk"))
        nights = {t.pk: evening(t, member_key) for t in evenings}
        competitors = {k for n in nights.values() for k in n}
        lines = {}
        for k in competitors:
            mine = [(t.pk, nights[t.pk][k]) for t in evenings if k in nights[t.pk]]
            # TP-5: lowest points struck first; of equal points the worse margin.
            ranked = sorted(mine, key=lambda item: (-item[1]["points"], -item[1]["margin"]))
            counted = ranked if season.best_of is None else ranked[: season.best_of]
            counted_ids = {pk for pk, _ in counted}
            lines[k] = {
                "qualified": len(mine) >= season.min_attendance,
                "total": sum(n["points"] for _, n in counted),
                "margin": sum(n["margin"] for _, n in counted),
                "won": sum(n["position"] == 1 for _, n in mine),
                "struck": {pk for pk, _ in mine} - counted_ids,
            }

        def order_key(line):
            return (line["qualified"], line["total"], line["margin"], line["won"])

        site = {line.competitor: line for line in selectors.season_board(season).lines}
        assert set(site) == set(lines)
        for k, want in lines.items():
            line = site[k]
            position = 1 + sum(order_key(o) > order_key(want) for o in lines.values())
            assert line.position == position, (season.pk, k)
            assert line.qualified == want["qualified"]
            assert line.total == pytest.approx(want["total"])
            assert Fraction(line.margin).limit_denominator() == want["margin"]
            assert line.won == want["won"]
            struck = {cell.evening for cell in line.evenings if cell.struck}
            # Struck evenings equal in points and margin may be either one; compare the
            # worth of what was struck instead of which evening.
            worth = {pk: (n["points"], n["margin"]) for pk, n in
                     ((t.pk, nights[t.pk].get(k)) for t in evenings) if n}  # fmt: skip
            assert sorted(worth[pk] for pk in struck) == sorted(worth[pk] for pk in want["struck"])
