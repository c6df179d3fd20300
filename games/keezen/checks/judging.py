"""The judging the Keezen checks share: a refusal added to the outcome, a game already over
(KZ-8) and whether a fold is legal (KZ-6)."""

from __future__ import annotations

from games.base import Card, Outcome, Text, _, as_text
from games.keezen.rules import (
    Names,
    Position,
    Refusal,
    hand_moves,
)

# --- shared judging --------------------------------------------------------------------


def add(outcome: Outcome, refusal: Refusal, at: int | None) -> None:
    """A refusal as a violation, its message starting with a capital as a sentence does."""
    outcome.add(refusal.rule, as_text(refusal.message).sentence(), at)


def _game_over(position: Position, names: Names) -> Refusal | None:
    team = position.winner()
    if team is None:
        return None
    a, b = position.g.team_seats[team]
    return Refusal(
        "KZ-8",
        Text(
            _("the game is over: %(names)s and %(names2)s have all eight pawns home"),
            names=names(a),
            names2=names(b),
        ),
    )


def judge_fold(position: Position, seat: int, hand: list[Card], names: Names) -> Refusal | None:
    """KZ-6: a player may lay down the hand only when no card in it has a legal move."""
    for card, moves in hand_moves(position, seat, hand):
        if moves:
            return Refusal(
                "KZ-6",
                Text(
                    _(
                        "%(names)s folded while holding %(card)s, which has "
                        "%(count)s legal moves: a playable card must be played"
                    )
                    if len(moves) > 1
                    else _(
                        "%(names)s folded while holding %(card)s, which has "
                        "%(count)s legal move: a playable card must be played"
                    ),
                    names=names(seat),
                    card=card,
                    count=len(moves),
                ),
            )
    return None
