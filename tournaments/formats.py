"""Which tables a game can be played at in a tournament, read from the game's spec.

A *format* is a table size with the number of players on each side: one for every
player for themselves, two for teams (MeieRijen four players, Keezen). Everything here is
derived from games/ (GameSpec.players, .team_tables and .results.sides), so a new game
needs nothing in this app.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games import registry


@dataclass(frozen=True, slots=True)
class Format:
    table_size: int  # players at the table
    per_side: int  # players on one side: 1, or 2 for teams

    @property
    def sides(self) -> int:
        return self.table_size // self.per_side

    @property
    def teams(self) -> bool:
        return self.per_side > 1


def formats(game: str) -> tuple[Format, ...]:
    """Every table format of `game` a tournament may choose, smallest table first."""
    spec = registry.get(game)
    sides = set(spec.results.sides)
    found = {Format(n, 1) for n in spec.players if n in sides}
    found |= {
        Format(n, per_side)
        for n, per_side in spec.team_tables.items()
        if n % per_side == 0 and n // per_side in sides
    }
    return tuple(sorted(found, key=lambda f: (f.table_size, f.per_side)))


def table_format(game: str, table_size: int, teams: bool) -> Format | None:
    for found in formats(game):
        if found.table_size == table_size and found.teams == teams:
            return found
    return None


def sizes(game: str, teams: bool) -> tuple[int, ...]:
    """The table sizes (in players) of `game` with or without teams."""
    return tuple(f.table_size for f in formats(game) if f.teams == teams)


def span(values: tuple[int, ...]) -> str:
    """'3-5' for a run of sizes, '4, 6' otherwise."""
    if len(values) > 2 and values == tuple(range(values[0], values[-1] + 1)):
        return f"{values[0]}-{values[-1]}"
    return ", ".join(str(v) for v in values)


def team_title(name: str, players: Sequence[str]) -> str:
    """How every page and score sheet names a side of partners: the team's name with its
    players in brackets, "Team 5 (Henk & Wim)"; only the name when it is the players'
    own ("Henk & Wim"); only the players when they are no team (partners drawn per
    round)."""
    if not name:
        return " & ".join(players)
    beside = players_beside(name, players)
    return f"{name} ({beside})" if beside else name


def players_beside(name: str, players: Sequence[str]) -> str:
    """The players to write beside a team's name (team_title): none when the name is
    theirs already."""
    return "" if named_after_players(name, list(players)) else " & ".join(players)


def named_after_players(name: str, names: list[str]) -> bool:
    """Whether a team's `name` is its players' `names` joined with " & ", in any order
    (team_create joins them in the order chosen)."""
    return sorted(part.strip() for part in name.split(" & ")) == sorted(names)
