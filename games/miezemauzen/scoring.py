"""Miezemauzen scoring: deal points (MZ-6, MZ-7, MZ-9, MZ-11), winning (MZ-2, MZ-10) and the
money settlement (MZ-12). Points go down towards 0: a negative change is points won."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.miezemauzen.rules import spades_doubled

#: MZ-9: one point off for at least one trick, five on for none.
TRICK_OFF = 1
NO_TRICK_PENALTY = 5
#: MZ-6: the third pass in a row (and every further one) costs three points.
PASS_PENALTY = 3
FREE_PASSES = 2
#: MZ-7: a kat takes five points off, a kater (five trumps) ten.
KAT_POINTS = 5
KATER_POINTS = 10
#: MZ-11: every point of a spades deal counts double.
SPADES_FACTOR = 2

#: MZ-7 ``either``: what the kat holder chose.
KAT_CHOICES = ("holder", "others")


def pass_streak(before: int, passed: bool) -> int:
    """MZ-6: passing deals in a row after this deal (playing resets the count)."""
    return before + 1 if passed else 0


def pass_penalty(streak: int) -> int:
    """MZ-6: a pass making three or more in a row costs 3 penalty points."""
    return PASS_PENALTY if streak > FREE_PASSES else 0


def trick_points(won: int, per_trick: bool) -> int:
    """MZ-9: at least one trick → 1 off (``per_trick``: one off per trick); none → 5 on."""
    if won <= 0:
        return NO_TRICK_PENALTY
    return -won if per_trick else -TRICK_OFF


def kat_points(
    players: Iterable[str], holder: str, kater: bool, scoring: str, choice: str | None
) -> dict[str, int]:
    """MZ-7: the kat's points per player, before MZ-11 doubling.

    ``scoring`` is the ``kat_scoring`` option: ``holder`` 5 off for the holder; ``others``
    5 off for the holder and 5 on for every other player (those who passed too); with
    ``either`` the holder's ``choice`` counts (``holder``: 5 off for the holder;
    ``others``: 5 on for every other player), ``holder`` when no choice is given. A kater
    counts 10 instead of 5.
    """
    value = KATER_POINTS if kater else KAT_POINTS
    if scoring == "either":
        holder_off, others_on = choice != "others", choice == "others"
    else:
        holder_off, others_on = True, scoring == "others"
    return {
        player: (-value if holder_off else 0) if player == holder else (value if others_on else 0)
        for player in players
    }


def deal_points(
    players: Sequence[str],
    *,
    passers: Iterable[str],
    passes_before: Mapping[str, int],
    points_before: Mapping[str, int],
    trump: str,
    options: Mapping[str, Any],
    tricks_won: Mapping[str, int] | None = None,
    kat: Mapping[str, int] | None = None,
) -> dict[str, int]:
    """The change of every player's points in one deal (+ is penalty).

    MZ-9 trick points for the playing players (``tricks_won``) or MZ-7 ``kat`` points,
    plus the MZ-6 pass penalties; MZ-11 doubles all of it in a spades deal; with
    ``per_trick`` and ``exact_zero`` (MZ-10) a deduction that would take a player below 0
    is not applied. ``exact_zero`` is an option of the ``per_trick`` variant (RULES.md
    MZ-10 "With per_trick, option exact_zero"): without ``per_trick`` it does nothing.
    """
    passed = set(passers)
    factor = SPADES_FACTOR if spades_doubled(trump, options) else 1
    exact_zero = bool(options.get("exact_zero") and options.get("per_trick"))
    changes = {}
    for player in players:
        change = 0
        if player in passed:
            change += pass_penalty(pass_streak(passes_before.get(player, 0), True))
        if kat is not None:
            change += kat.get(player, 0)
        elif tricks_won is not None and player in tricks_won:
            change += trick_points(tricks_won[player], bool(options.get("per_trick")))
        change *= factor
        if exact_zero and change < 0 and points_before[player] + change < 0:
            change = 0
        changes[player] = change
    return changes


def winners(points: Mapping[str, int]) -> list[str]:
    """MZ-10: the players at 0 or below with the lowest score (several when equal)."""
    out = [p for p, v in points.items() if v <= 0]
    if not out:
        return []
    lowest = min(points[p] for p in out)
    return [p for p in out if points[p] == lowest]


def winner_value(names: Sequence[str]) -> str | list[str] | None:
    """The verdict's ``winner``: null, one name, or a list of names when shared."""
    if not names:
        return None
    return names[0] if len(names) == 1 else list(names)


class Scoreboard:
    """Points and pass streaks over the deals of one game (MZ-2, MZ-6, MZ-10)."""

    def __init__(self, players: Sequence[str], start: int) -> None:
        self.players = list(players)
        self.points = dict.fromkeys(self.players, start)
        self.streaks = dict.fromkeys(self.players, 0)
        self.history: list[dict[str, int]] = []
        self.finished_after: int | None = None

    @property
    def finished(self) -> bool:
        return self.finished_after is not None

    def apply(self, changes: Mapping[str, int], passers: Iterable[str]) -> None:
        """Book one deal's changes and the pass streaks; note when the game is won."""
        passed = set(passers)
        for player in self.players:
            self.points[player] += changes.get(player, 0)
            self.streaks[player] = pass_streak(self.streaks[player], player in passed)
        self.history.append(dict(self.points))
        if self.finished_after is None and winners(self.points):
            self.finished_after = len(self.history)

    def result(self) -> dict[str, Any]:
        """``points`` per deal, ``final``, ``winner`` and ``finished_after`` (1-based)."""
        return {
            "points": [dict(row) for row in self.history],
            "final": dict(self.points),
            "winner": winner_value(winners(self.points)) if self.finished else None,
            "finished_after": self.finished_after,
        }


def settle(points: Mapping[str, int], stake_cents: int) -> tuple[list[str], dict[str, int], int]:
    """MZ-12: the winners, what each other player pays (the stake times the points still held, never
    below 0) and what the winner receives in all (shared winners share it)."""
    won = winners(points)
    pays = {p: stake_cents * max(v, 0) for p, v in points.items() if p not in won}
    return won, pays, sum(pays.values())
