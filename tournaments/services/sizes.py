"""The table sizes of a tournament's draw, in what the draw seats: players, or fixed
teams (the check-in page shows the next draw's plan with them; evenings draws with them)."""

from __future__ import annotations

from .. import formats
from ..models import Tournament


def draw_sizes(tournament: Tournament) -> tuple[int, tuple[int, ...]]:
    """(table size, allowed sizes) in what the draw seats: players, or fixed teams. The
    check-in page shows the plan of the next draw with these."""
    fmt = formats.table_format(tournament.game, tournament.table_size, tournament.team_play)
    return _size_in_units(tournament, fmt), _allowed_in_units(tournament, fmt)


def _size_in_units(tournament: Tournament, fmt) -> int:
    return fmt.sides if tournament.teams == Tournament.Teams.FIXED else fmt.table_size


def _allowed_in_units(tournament: Tournament, fmt) -> tuple[int, ...]:
    teams = tournament.team_play
    same = [f for f in formats.formats(tournament.game) if f.teams == teams]
    if tournament.teams == Tournament.Teams.FIXED:
        return tuple(sorted({f.sides for f in same if f.per_side == fmt.per_side}))
    return tuple(sorted({f.table_size for f in same}))
