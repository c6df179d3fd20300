"""The Keezen checks of one position: ``move`` (judge and play one move), ``legal_moves``
(every legal move of a hand) and ``game_score`` (the teams' pawns home and points, KZ-9)."""

from __future__ import annotations

from typing import Any

from games.base import Case, Outcome, Text, _
from games.keezen.board import (
    PAWNS,
    Geometry,
    geometry,
)
from games.keezen.rules import (
    Refusal,
    game_over,
    hand_moves,
    judge_fold,
    judge_move,
)
from games.keezen.scoring import TEAM_PAWNS, game_score

from .reading import read_card, read_hand, read_players, read_position, read_request, read_seat
from .writing import add, hits_json, move_json, pawns_json

# --- the checks ------------------------------------------------------------------------


def check_move(case: Case) -> Outcome:
    """``move``: one card (or a fold) by ``seat`` on the board given (KZ-2 … KZ-8)."""
    players, names = read_players(case)
    g = geometry(players)
    position = read_position(case, g)
    seat = read_seat(case, "seat", players)
    request = read_request(case.sub("move"), players)
    hand = read_hand(case, "hand", players) if case.has("hand") else None
    hits: list[int] = []
    if request.kind == "fold":
        if hand is None:
            raise case.error("hand", _("is missing: a fold is judged against the hand (KZ-6)"))
        refusal = judge_fold(position, seat, hand, names)
    else:
        card = read_card(case)
        if hand is not None and card not in hand:
            raise case.error("card", _("%(card)s is not in the hand given"), card=card)
        refusal = game_over(position, names)
        if refusal is None:
            try:
                hits = judge_move(position, seat, card, request, names)
            except Refusal as breach:
                refusal = breach
    outcome = Outcome()
    if refusal is not None:
        add(outcome, refusal, refusal.part)
    else:
        outcome.result = {"pawns_after": pawns_json(position), "hits": hits_json(hits)}
    return outcome


def check_legal_moves(case: Case) -> Outcome:
    """``legal_moves``: every distinct legal move of every card in ``hand`` (KZ-2 … KZ-8)."""
    players, _ = read_players(case)
    g = geometry(players)
    position = read_position(case, g)
    seat = read_seat(case, "seat", players)
    hand = read_hand(case, "hand", players)
    mover = position.mover(seat)
    over = position.winner() is not None
    moves: dict[str, list[dict[str, Any]]] = {}
    by_rank: dict[int, list[dict[str, Any]]] = {}
    count = 0
    for card, card_moves in hand_moves(position, seat, hand):
        listed = by_rank.get(card.rank)
        if listed is None:
            listed = by_rank[card.rank] = (
                [] if over else [move_json(m, seat, mover) for m in card_moves]
            )
        moves[str(card)] = list(listed)
        count += len(listed)
    # KZ-6: with no card to play, the only legal move is {"fold": true}.
    result: dict[str, Any] = {"moves": moves, "count": count, "fold": not count}
    if mover != seat:
        result["for_seat"] = mover
    return Outcome(result=result)


def _home_counts(case: Case, g: Geometry) -> list[int]:
    """Pawns home per team, from ``pawns_home`` (per team or per seat) or the board."""
    if not case.has("pawns_home"):
        if not case.has("pawns"):
            raise case.error("pawns_home", _("is missing (give pawns_home, or the board as pawns)"))
        position = read_position(case, g)
        return [position.team_home(t) for t in range(len(g.team_seats))]
    given = case.sub("pawns_home")
    teams = [str(t) for t in g.team_names]
    seats = [str(s) for s in range(g.players)]
    by_team = any("+" in key for key in given.data)
    keys, most = (teams, TEAM_PAWNS) if by_team else (seats, PAWNS)
    for key in given.data:
        if key not in keys:
            raise given.error(key, _("is not one of %(keys)s"), keys=", ".join(keys))
    counts = {key: given.integer(key, minimum=0, maximum=most) for key in keys}
    if by_team:
        return [counts[name] for name in teams]
    return [counts[str(a)] + counts[str(b)] for a, b in g.team_seats]


def check_game_score(case: Case) -> Outcome:
    """``game_score`` (KZ-9): game points per team from its pawns home and the winner; a
    ``winner`` or ``points`` written on the score sheet is checked against them."""
    players, _teams = read_players(case)
    g = geometry(players)
    counts = _home_counts(case, g)
    finished = [name for name, n in zip(g.team_names, counts, strict=True) if n == TEAM_PAWNS]
    if len(finished) > 1:
        raise case.error(
            "pawns_home",
            _(
                "teams %(finished)s cannot both have all eight pawns home: "
                "the game ends when the first team does (KZ-8)"
            ),
            finished=" and ".join(finished),
        )
    result = game_score(g.team_names, counts, case.options)
    outcome = Outcome(result=result)
    if "winner" in case.data:
        claimed = case.data["winner"]
        if claimed is not None and claimed not in g.team_names:
            raise case.error(
                "winner",
                _("must be one of %(team_names)s or null"),
                team_names=", ".join(g.team_names),
            )
        if claimed != result["winner"]:
            shown = (
                Text(_("no team")) if claimed is None else Text(_("team %(team)s"), team=claimed)
            )
            actual = result["winner"] or Text(_("no team, as none has all eight pawns home"))
            outcome.add(
                "KZ-9",
                _("The score sheet gives %(shown)s as the winner; the winner is %(actual)s"),
                shown=shown,
                actual=actual,
            )
    if case.has("points"):
        claimed_points = case.sub("points")
        for name in claimed_points.data:
            if name not in g.team_names:
                raise claimed_points.error(
                    name, _("is not one of %(team_names)s"), team_names=", ".join(g.team_names)
                )
        for name in g.team_names:
            if name in claimed_points.data:
                given = claimed_points.integer(name)
                if given != result["points"][name]:
                    outcome.add(
                        "KZ-9",
                        _("Team %(team)s scores %(points)s, not %(given)s: %(home)s pawns home "
                          "at %(each)s each plus %(bonus)s for winning")
                        if name == result["winner"]
                        else _("Team %(team)s scores %(points)s, not %(given)s: %(home)s pawns "
                               "home at %(each)s each"),
                        team=name,
                        points=result["points"][name],
                        given=given,
                        home=result["pawns_home"][name],
                        each=case.options["points_per_pawn"],
                        bonus=case.options["win_bonus"],
                    )  # fmt: skip
    return outcome
