"""MEINO scoring (RULES.md ME-13, ME-14): card values, round points, totals, the winner.

Points are bad: the player who goes out scores 0 and a tally mark, everyone else the value
of the cards left in hand; the game ends after the round in which a total reaches 500,
and the lowest total wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import Any

from games.meino.rules import JOKER, KINDS, SKIP, W2, W4, W, deck_kinds

TARGET = 500  # ME-14

ACTION_POINTS = 25  # ME-13: skip, rev and +2
WISH_POINTS = {W: 40, W2: 20, W4: 40, JOKER: 50}  # ME-13

#: ME-13: the value of each kind left in a hand; a number card counts its number.
CARD_POINTS: tuple[int, ...] = tuple(
    WISH_POINTS[k] if k >= W else k % 12 + 1 if k % 12 < SKIP else ACTION_POINTS
    for k in range(KINDS)
)


def hand_points(hand: Sequence[int]) -> int:
    """ME-13: the value of the cards left in a hand."""
    return sum(CARD_POINTS[k] for k in hand)


def counted_points(counts: Sequence[int]) -> int:
    """ME-13: the value of a hand given as a count per kind."""
    return sum(map(mul, counts, CARD_POINTS))


def round_points(hands: Sequence[Sequence[int]], winner: int) -> list[int]:
    """ME-13: 0 for the player who went out, the hand's value for every other player."""
    return [0 if seat == winner else hand_points(hand) for seat, hand in enumerate(hands)]


def most_round_points(*, compact: bool = False) -> int:
    """The most points one round can give: the whole deck but the two lowest cards, which
    at least lie on the discard pile when a player goes out."""
    values = sorted(CARD_POINTS[k] for k in deck_kinds(compact=compact))
    return sum(values[2:])


def game_winner(
    names: Sequence[str], totals: Sequence[int], tally: Sequence[int] | None
) -> str | list[str] | None:
    """ME-14: the lowest total; equal → more tally marks; still equal → shared (a list).

    None when a tie needs the tally marks and they are unknown.
    """
    low = min(totals)
    best = [seat for seat, total in enumerate(totals) if total == low]
    if len(best) > 1:
        if tally is None:
            return None
        most = max(tally[seat] for seat in best)
        best = [seat for seat in best if tally[seat] == most]
    if len(best) == 1:
        return names[best[0]]
    return [names[seat] for seat in best]


def standings(
    names: Sequence[str], rounds: Sequence[Sequence[int]], winners: Sequence[int | None]
) -> dict[str, Any]:
    """ME-14 over the rounds played: ``rounds[i]`` is every player's points of round i and
    ``winners[i]`` the seat that went out (None when unknown).

    Rounds after the one in which a total reached 500 are not counted (the game had
    ended). Result: ``totals``, ``tally`` (left out when a round's winner is unknown),
    ``finished``, ``finished_after`` (1-based round or None), ``winner`` (None while the
    game goes on; left out when it cannot be told), ``behind`` (each player's points more
    than the lowest total: the margin of the tournament standings).
    """
    totals = [0] * len(names)
    tally = [0] * len(names)
    finished_after: int | None = None
    known = True
    for number, (points, winner) in enumerate(zip(rounds, winners, strict=True), start=1):
        for seat, value in enumerate(points):
            totals[seat] += value
        if winner is None:
            known = False
        else:
            tally[winner] += 1
        if max(totals) >= TARGET:
            finished_after = number
            break
    low = min(totals)
    result: dict[str, Any] = {"totals": dict(zip(names, totals, strict=True))}
    if known:
        result["tally"] = dict(zip(names, tally, strict=True))
    result["finished"] = finished_after is not None
    result["finished_after"] = finished_after
    if finished_after is None:
        result["winner"] = None
    else:
        winner_name = game_winner(names, totals, tally if known else None)
        if winner_name is not None:
            result["winner"] = winner_name
    result["behind"] = {name: total - low for name, total in zip(names, totals, strict=True)}
    return result
