"""MeieRijen scoring: minus points at the end of a round (MR-12; MR-V1 (c) and (d);
MR-4P per team), the round winner, and the match of two rounds (MR-13).

Pure functions on card codes (:mod:`rules`) and names; the checks and the simulator
both use them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import Text, _
from games.meierijen.rules import GREY, RANK, RED, WHITE, Round

#: MR-V1 (d): pawns still held at the end add to the holder's minus points.
PAWN_POINTS = {GREY: 3, RED: 5, WHITE: 0}
MATCH_ROUNDS = 2


def card_points(card: int, variant1: bool) -> int:
    """MR-12: one minus point a card; MR-V1 (c): 3-10 one, J Q K A two, 2s and jokers five."""
    if not variant1:
        return 1
    rank = RANK[card]
    if rank in (0, 2):
        return 5
    return 2 if rank > 10 else 1


def minus_points(cards: Iterable[int], pawns: Iterable[int], variant1: bool) -> int:
    """A player's (or team's) minus points: the cards left in hand, open and on the penalty
    pile, and with Variant 1 the pawns held."""
    total = sum(card_points(card, variant1) for card in cards)
    if variant1:
        total += sum(PAWN_POINTS[pawn] for pawn in pawns)
    return total


def round_winner(points: dict[str, int], emptied_first: str | None) -> str | None:
    """MR-12: the fewest minus points wins; equal, the one who emptied their draw pile
    first. ``None`` when still equal (only possible with three players)."""
    best = min(points.values())
    tied = [name for name, value in points.items() if value == best]
    if len(tied) == 1:
        return tied[0]
    return emptied_first if emptied_first in tied else None


@dataclass(frozen=True, slots=True)
class MatchResult:
    """MR-13. ``decided_after`` is the number of rounds that settled it (``None``: not yet)."""

    rounds_won: dict[str, int]
    winner: str | None
    draw: bool
    decided_after: int | None


def match_result(
    names: Sequence[str], winners: Sequence[str | None], *, third_round: bool
) -> MatchResult:
    """MR-13: two rounds; a sole leader in rounds won wins; level after two rounds is a draw,
    or with ``third_round`` a third round decides (still level: a draw)."""
    won = dict.fromkeys(names, 0)
    for played, winner in enumerate(winners, start=1):
        if winner is not None:
            won[winner] += 1
        if played < MATCH_ROUNDS:
            continue
        best = max(won.values())
        leaders = [name for name in names if won[name] == best]
        if len(leaders) == 1:
            return MatchResult(won, leaders[0], False, played)
        if played == MATCH_ROUNDS and third_round:
            continue
        return MatchResult(won, None, True, played)
    return MatchResult(won, None, False, None)


def played_on_message(decided_after: int, played: int) -> str:
    """MR-13: the violation when rounds follow the one that decided the match."""
    return Text(
        _("The match was decided after round %(decided_after)s, but %(played)s rounds were played"),
        decided_after=decided_after,
        played=played,
    )


def round_summary(state: Round) -> dict[str, Any]:
    """The end of a round in play: minus points per side, the winner, who emptied first."""
    points: dict[str, int] = {}
    for side, name in enumerate(state.side_names):
        cards = list(state.open[side]) + state.penalty[side]
        for seat, owner in enumerate(state.seat_side):
            if owner == side:
                cards += state.hands[seat]
        pawns = [pawn for pawn in (GREY, RED) if state.holder[pawn] == side]
        points[name] = minus_points(cards, pawns, state.variant1)
    emptied = state.side_names[state.emptied_first] if state.emptied_first >= 0 else None
    return {"points": points, "winner": round_winner(points, emptied), "emptied_first": emptied}
