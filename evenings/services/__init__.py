"""The evening's flow, the round's lifecycle: drawing a round, starting it, swapping its
seats, taking its draw back, its progress as results come in, and finishing and
reopening the tournament. `Round.status` is written here and nowhere else (a test checks
it): scoring reports a table's results changing (scoring.signals), progress decides.

By subject, each module importing only common of its siblings: draw, rounds, progress,
finish. Callers import from here (``from evenings import services``).
"""

from .draw import draw_refusal, round_draw
from .finish import finish_refusal, tournament_finish, tournament_reopen
from .progress import round_entered, round_progress
from .rounds import SecondByeError, round_start, round_undraw, seats_swap, undraw_refusal

__all__ = [
    "SecondByeError",
    "draw_refusal",
    "finish_refusal",
    "round_draw",
    "round_entered",
    "round_progress",
    "round_start",
    "round_undraw",
    "seats_swap",
    "tournament_finish",
    "tournament_reopen",
    "undraw_refusal",
]
