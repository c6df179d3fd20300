"""The tournament's page and the rounds' pages, with the director's buttons: drawing,
starting, swapping seats, taking a draw back, finishing and reopening. Views stay thin:
reads from tournaments.selectors, every change from evenings.services.

By subject (each module importing nothing of its siblings): tournament, rounds.
evenings.urls reaches the views through here.
"""

from .rounds import round_detail, round_of, round_start, round_undraw, seats_swap
from .tournament import round_draw, tournament_detail, tournament_finish, tournament_reopen

__all__ = [
    "round_detail",
    "round_draw",
    "round_of",
    "round_start",
    "round_undraw",
    "seats_swap",
    "tournament_detail",
    "tournament_finish",
    "tournament_reopen",
]
