"""The ``game`` and ``settlement`` checks of Miezemauzen: a whole game from deal summaries,
points after every deal and the winner (MZ-2 … MZ-11), and what the winner receives (MZ-12)."""

from __future__ import annotations

from games.base import Case, Outcome, Suit, Text, Violation, _
from games.miezemauzen.rules import (
    Declarations,
    kat_faults,
    seat_order,
)
from games.miezemauzen.scoring import (
    Scoreboard,
    deal_points,
    kat_points,
    settle,
    winner_value,
)

from .readers import (
    MAX_NAMES,
    POINTS_LIMIT,
    check_players_option,
    read_claims,
    read_declarations,
    read_kat_choice,
    read_players,
    read_tricks_won,
)

# --- game --------------------------------------------------------------------------------


def check_game(case: Case) -> Outcome:
    """A whole game from deal summaries: points after every deal and the winner (MZ-2 …
    MZ-11). Deals after the winning deal break MZ-10."""
    out = Outcome()
    players = read_players(case, out)
    board = Scoreboard(players, case.options["start_points"])
    for index, deal in enumerate(case.subs("deals")):
        if board.finished:
            out.add(
                "MZ-10",
                _("Deal %(number)s was played after the game was won in deal %(finished_after)s"),
                index,
                number=index + 1,
                finished_after=board.finished_after,
            )
            break
        if not _game_deal(deal, index, players, board, out):
            out.result = {"points": [dict(row) for row in board.history]}
            return out
    out.result = board.result()
    return out


def _game_deal(deal: Case, index: int, players: list[str], board: Scoreboard, out: Outcome) -> bool:
    """Judge and book one deal summary; False when it cannot be scored."""
    trump = deal.suit("trump")
    dealer = deal.player("dealer", players, None)
    order = seat_order(players, dealer) if dealer is not None else players
    decl = Declarations(order, dict(board.points), trump, deal.options)
    before = len(out.violations)
    read_declarations(deal, order, decl, at=index, out=out)
    bad_declarations = len(out.violations) > before
    kat_changes = None
    won = None
    claims = read_claims(deal)
    if claims:
        kat_changes = _game_kat(claims[0], index, decl, trump=trump, out=out)
        if kat_changes is None:
            return False
        if len(claims) > 1:
            out.add("MZ-7", _("Only one kat ends a deal: the first claim already did"), index)
        if deal.has("tricks_won"):
            out.add("MZ-7", _("A deal that ends with a kat has no tricks"), index)
    else:
        won = read_tricks_won(deal, players, decl.playing, lenient=bad_declarations)
        if won is None:  # the tricks do not fit the broken declarations: judged this far
            return False
    changes = deal_points(
        players, passers=decl.passers(), passes_before=board.streaks,
        points_before=board.points, trump=trump, options=deal.options,
        tricks_won=won, kat=kat_changes,
    )  # fmt: skip
    board.apply(changes, decl.passers())
    return True


def _game_kat(
    kat: Case, index: int, decl: Declarations, *, trump: str, out: Outcome
) -> dict[str, int] | None:
    """MZ-7 in a deal summary: ``{"player", "kater"}`` (``suit`` may replace ``kater``)."""
    holder = kat.player("player", decl.order)
    kater = kat.boolean("kater", None)
    suit = kat.suit("suit", None)
    choice = read_kat_choice(kat)
    if kater is None:
        kater = suit == trump
    faults = kat_faults(holder, suit or trump, decl.playing, None, index)
    if suit is not None and kater != (suit == trump):
        template = (
            _("%(holder)s's kat in %(suit)s is not a kater: a kater is five trumps")
            if kater
            else _("%(holder)s's kat in %(suit)s is a kater: a kater is five trumps")
        )
        faults.append(Violation("MZ-7", Text(template, holder=holder, suit=Suit(suit)), index))
    if faults:
        out.violations.extend(faults)
        return None
    return kat_points(decl.order, holder, kater, kat.options["kat_scoring"], choice)


# --- settlement --------------------------------------------------------------------------


def check_settlement(case: Case) -> Outcome:
    """MZ-12: the winner receives the stake times the points every other player has."""
    out = Outcome()
    given = case.sub("points")
    if not 2 <= len(given.data) <= MAX_NAMES:
        raise case.error("points", _("must name 2 to %(MAX_NAMES)s players"), MAX_NAMES=MAX_NAMES)
    check_players_option(case, len(given.data))
    points = {}
    for name in given.data:
        if not isinstance(name, str) or not name.strip():
            raise given.error(name, _("is not a player name"))
        points[name] = given.integer(name, minimum=-POINTS_LIMIT, maximum=POINTS_LIMIT)
    won, pays, receives = settle(points, case.options["stake_cents"])
    if not won:
        out.add("MZ-12", _("Nobody has reached 0 points, so there is no winner to pay yet"))
        out.result = {"winner": None}
        return out
    out.result = {"winner": winner_value(won), "pays_cents": pays, "receives_cents": receives}
    return out
