"""An evening's (a tournament's) standings, TP-1 to TP-3, and what each competitor's evening
is worth in a season (:func:`nights`). Pure Python (see :mod:`scoring.standings`)."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

from .base import (
    TIE_BEST,
    TIE_HEAD_TO_HEAD,
    TIE_MARGIN,
    TIE_WINS,
    Bye,
    Game,
    Line,
    Margin,
    Night,
    Scheme,
    Side,
    bye_points,
    match_points,
    plain_margin,
    ranked_positions,
    tie_settlements,
)


def standings(
    games: Iterable[Game],
    scheme: Scheme,
    *,
    byes: Iterable[Bye] = (),
    competitors: Iterable[Hashable] = (),
    names: Mapping[Hashable, str] | None = None,
) -> list[Line]:
    """Evening or tournament standings over ``games`` and ``byes``, best first.

    Every member of a side gets the side's match points and margin. A bye adds its
    :func:`bye_points` and, for the margin, the competitor's average margin per table
    played (0 before the first game), so a bye never loses a tie-break (TP-1).
    ``competitors`` adds those who have neither a game nor a bye counted yet (the site:
    seated at a table without a confirmed result): 0 points and margin 0, ordered like
    everyone else (TP-6), so above a line with 0 points and a worse margin.

    Order (TP-3): match points, then the scheme's ``tiebreaks`` in turn, by default margin,
    then head-to-head. Head-to-head applies once to each group tied on everything before
    it, and only when every two of the group shared a table at least once: a member's
    score is the times it finished above another member of the group at a shared table
    minus the times it finished below (partners at one side are level). Higher scores
    first. ``wins``: more tables won first; ``best``: the higher best single game first.
    A group that does not qualify, or is still level, shares the position
    (1, 2, 2, 4). Lines sharing a position are listed by ``names`` (case-folded), then by
    competitor id, so the result never depends on input order. Each line's ``tie`` says
    how a tie on match points was settled.

    ValueError for a game that is not a proper ranking (see :func:`match_points`), a side
    without members, or a competitor seated twice in one round (games and byes together).
    """
    return _ranked(_tallies(games, byes, scheme, competitors), names, scheme.tiebreaks)


def nights(
    games: Iterable[Game],
    scheme: Scheme,
    *,
    byes: Iterable[Bye] = (),
    seated: Iterable[tuple[Hashable, Hashable]] = (),
) -> dict[Hashable, dict[Hashable, Night]]:
    """Evening -> competitor -> :class:`Night`, for every competitor with a game or a bye
    that evening, or seated in it (``seated``: (evening, competitor) pairs, at a table
    whose result is not confirmed yet): the first half of :func:`season`. A competitor
    seated with nothing counted attended the evening (TP-7) with 0 points and margin 0,
    and stands in its order as in the evening's :func:`standings` (TP-6). An evening's
    nights depend on that evening's games, byes and seats alone (its own
    :func:`standings`), so the site can keep them
    per evening and count only the evening that changed (scoring.selectors), or score each
    evening by its own scheme.

    ValueError as for :func:`standings`.
    """
    games_of: dict[Hashable, list[Game]] = {}
    for game in games:
        games_of.setdefault(game.evening, []).append(game)
    byes_of: dict[Hashable, list[Bye]] = {}
    for bye in byes:
        byes_of.setdefault(bye.evening, []).append(bye)
    seated_of: dict[Hashable, list[Hashable]] = {}
    for evening, competitor in seated:
        seated_of.setdefault(evening, []).append(competitor)
    found: dict[Hashable, dict[Hashable, Night]] = {}
    for evening in {**games_of, **byes_of, **seated_of}:
        tallies = _tallies(
            games_of.get(evening, ()), byes_of.get(evening, ()), scheme, seated_of.get(evening, ())
        )
        worth = {
            competitor: (math.fsum(tally.points), tally.exact_margin)
            for competitor, tally in tallies.items()
        }
        found[evening] = {
            competitor: Night(points, margin, competitor in first)
            for first in [_first_place(worth, tallies, scheme.tiebreaks)]
            for competitor, (points, margin) in worth.items()
        }
    return found


def _first_place(
    worth: dict[Hashable, tuple[float, Margin]],
    tallies: dict[Hashable, _Tally],
    tiebreaks: tuple[str, ...],
) -> set[Hashable]:
    """Who is first in an evening's :func:`standings` (``worth``: match points and margin
    of each competitor in it, TP-6): the same order, the scheme's ``tiebreaks``, counted
    for the top alone."""
    if not worth:
        return set()
    most = max(points for points, _margin in worth.values())
    top = [competitor for competitor, (points, _margin) in worth.items() if points == most]
    for tiebreak in tiebreaks:
        if len(top) < 2:
            break
        if tiebreak == TIE_HEAD_TO_HEAD:
            scores = _head_to_head(top, tallies)
            if not scores:
                continue
            value = {competitor: scores[competitor] for competitor in top}
        elif tiebreak == TIE_MARGIN:
            value = {competitor: worth[competitor][1] for competitor in top}
        else:
            value = {competitor: _figure(tiebreak, tallies[competitor]) for competitor in top}
        highest = max(value.values())
        top = [competitor for competitor in top if value[competitor] == highest]
    return set(top)


def _figure(tiebreak: str, tally: _Tally) -> Margin | float:
    """A competitor's figure for the tie-break ``wins`` or ``best``, higher is better (no
    game yet: 0, as TP-6 counts nothing yet)."""
    if tiebreak == TIE_WINS:
        return tally.wins
    if tiebreak == TIE_BEST:
        return tally.best if tally.best is not None else 0
    raise ValueError(f"unknown tie-break {tiebreak!r}")


@dataclass(slots=True)
class _Tally:
    """What a competitor has gathered so far in :func:`standings`."""

    points: list[float] = field(default_factory=list)
    margin: int = 0  # over the games played
    played: int = 0
    byes: int = 0
    wins: int = 0
    rank_sum: int = 0
    best: float | None = None  # the highest match points at one table
    seats: list[tuple[Game, Side]] = field(default_factory=list)  # for head-to-head

    @property
    def exact_margin(self) -> Margin:
        """The margin with each bye counting the average per table played (TP-1)."""
        if not self.byes or not self.played:
            return self.margin
        exact = Fraction(self.margin) * (self.played + self.byes) / self.played
        return exact.numerator if exact.denominator == 1 else exact

    def add_game(self, game: Game, side: Side) -> None:
        self.played += 1
        self.margin += side.margin
        self.rank_sum += side.rank
        # TP-2: won only when the game ended by its own rules and this side is its sole
        # winner: the game's verdict when given, else the sole first place.
        if game.finished and (
            side.won
            if side.won is not None
            else side.rank == 1 and all(other.rank > 1 for other in game.sides if other is not side)
        ):
            self.wins += 1
        self.seats.append((game, side))


def _tallies(
    games: Iterable[Game], byes: Iterable[Bye], scheme: Scheme, competitors: Iterable[Hashable]
) -> dict[Hashable, _Tally]:
    tallies: dict[Hashable, _Tally] = {competitor: _Tally() for competitor in competitors}
    for competitor, source, side, points in _scores(games, byes, scheme):
        tally = tallies.get(competitor)
        if tally is None:
            tally = tallies[competitor] = _Tally()
        tally.points.append(points)
        if side is None:
            tally.byes += 1
        else:
            tally.add_game(source, side)
            if tally.best is None or points > tally.best:
                tally.best = points
    return tallies


def _ranked(
    tallies: dict[Hashable, _Tally],
    names: Mapping[Hashable, str] | None,
    tiebreaks: tuple[str, ...],
) -> list[Line]:
    """The standings lines of ``tallies`` in order (see :func:`standings`)."""
    totals = {competitor: math.fsum(tally.points) for competitor, tally in tallies.items()}
    margins = {competitor: tally.exact_margin for competitor, tally in tallies.items()}
    # TP-6: nothing counted yet is 0 points and margin 0, tied and ordered as any other
    keys: dict[Hashable, tuple] = {competitor: (-total,) for competitor, total in totals.items()}
    scores: dict[Hashable, int] = {}
    for tiebreak in tiebreaks:
        if tiebreak == TIE_HEAD_TO_HEAD:
            tied: dict[tuple, list[Hashable]] = {}
            for competitor, key in keys.items():
                tied.setdefault(key, []).append(competitor)
            for group in tied.values():
                if len(group) > 1:
                    scores.update(_head_to_head(group, tallies))
            keys = {c: (*key, -scores.get(c, 0)) for c, key in keys.items()}
        elif tiebreak == TIE_MARGIN:
            keys = {c: (*key, -margins[c]) for c, key in keys.items()}
        else:
            keys = {c: (*key, -_figure(tiebreak, tallies[c])) for c, key in keys.items()}
    order = ranked_positions(keys, names)
    ties = tie_settlements(keys, order, tiebreaks)
    lines = []
    for position, competitor in order:
        tally = tallies[competitor]
        lines.append(
            Line(
                competitor=competitor,
                position=position,
                match_points=totals[competitor],
                margin=plain_margin(margins[competitor]),
                played=tally.played,
                byes=tally.byes,
                wins=tally.wins,
                average_rank=tally.rank_sum / tally.played if tally.played else None,
                head_to_head=scores.get(competitor),
                tie=ties[competitor],
                best=tally.best,
            )
        )
    return lines


def _scores(
    games: Iterable[Game], byes: Iterable[Bye], scheme: Scheme
) -> Iterator[tuple[Hashable, Game | Bye, Side | None, float]]:
    """(competitor, game or bye, side or None for a bye, match points) for every seat,
    checking that nobody is seated twice in one round."""
    seated: set[tuple[Hashable, int, Hashable]] = set()

    def seat(evening: Hashable, number: int, competitor: Hashable) -> None:
        key = (evening, number, competitor)
        if key in seated:
            raise ValueError(
                f"competitor {competitor!r} is seated twice in round {number} of {evening!r}"
            )
        seated.add(key)

    for game in games:
        for side, points in zip(game.sides, match_points(game.sides, scheme), strict=True):
            if not side.members:
                raise ValueError(
                    f"a side without members at table {game.table}, round {game.round}"
                )
            for member in side.members:
                seat(game.evening, game.round, member)
                yield member, game, side, points
    for bye in byes:
        points = bye_points(bye.sides, scheme)
        seat(bye.evening, bye.round, bye.competitor)
        yield bye.competitor, bye, None, points


def _head_to_head(
    group: Sequence[Hashable], tallies: dict[Hashable, _Tally]
) -> dict[Hashable, int]:
    """TP-3 for a group tied on match points and margin: each member's times above another
    member at a shared table minus its times below; {} when some two of the group never
    shared a table (then nobody in it is compared with anybody)."""
    members = set(group)
    score = dict.fromkeys(group, 0)
    met: set[frozenset] = set()
    tables = {id(game): game for competitor in group for game, _side in tallies[competitor].seats}
    for game in tables.values():
        present = [
            (member, side.rank)
            for side in game.sides
            for member in side.members
            if member in members
        ]
        for (one, one_rank), (other, other_rank) in combinations(present, 2):
            met.add(frozenset((one, other)))
            if one_rank < other_rank:
                score[one] += 1
                score[other] -= 1
            elif other_rank < one_rank:
                score[other] += 1
                score[one] -= 1
    if len(met) < len(group) * (len(group) - 1) // 2:
        return {}
    return score
