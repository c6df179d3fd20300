"""Short ways to write table results in the standings tests."""

from scoring.standings import Game, Side


def table(*seats: tuple, evening="e1", rnd=1, number=1) -> Game:
    """A game from ``(player, rank)`` (margin 0) or ``(player, rank, margin)`` seats, one
    player a side."""
    return Game(evening, rnd, number, tuple(seated(*seat) for seat in seats))


def seated(player, rank: int, margin: int = 0) -> Side:
    return Side((player,), rank, margin)


def duel(winner, loser, *, margin=0, evening="e1", rnd=1, number=1) -> Game:
    """A two-player game won by ``winner``; the loser's margin is the winner's negated."""
    return table((winner, 1, margin), (loser, 2, -margin), evening=evening, rnd=rnd,
                 number=number)  # fmt: skip


def positions(lines) -> dict:
    """competitor -> position."""
    return {line.competitor: line.position for line in lines}


def by_competitor(lines) -> dict:
    """competitor -> line."""
    return {line.competitor: line for line in lines}


def keezen_team_game(rnd: int, winners: tuple, losers: tuple, pawns_home: int) -> Game:
    """Table 1 of round `rnd` of evening "e1", a Keezen team game under the game's own
    score: the winners brought all 8 pawns home (2 a pawn plus 10 for the win), the losers
    `pawns_home`."""
    return Game("e1", rnd, 1, (
        Side(winners, 1, 8, game_points=8 * 2 + 10),
        Side(losers, 2, pawns_home, game_points=pawns_home * 2),
    ))  # fmt: skip
