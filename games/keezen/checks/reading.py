"""Reading a Keezen case (CASES.md): the players and their names, seats, the board's pawns,
hands and cards within the deck (KZ-7), and a move as written (:func:`read_request`)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from games.base import Card, Case, CaseError, Text, _
from games.cards import JOKER
from games.keezen.board import (
    NEST,
    PAWNS,
    PLAYER_COUNTS,
    Geometry,
    parse_place,
    place_text,
)
from games.keezen.rules import (
    MoveRequest,
    Names,
    Position,
    Step,
    keezen_deck,
)

MOVE_KINDS = ("fold", "enter", "swap", "split", "steps")
MAX_STEPS_WRITTEN = 1000


# --- reading a case --------------------------------------------------------------------


def _seat(seat: int) -> Text:
    """A seat in a message when the case gives no names: "seat 2" (nl "stoel 2")."""
    return Text(_("seat %(seat)s"), seat=seat)


def read_players(case: Case) -> tuple[int, Names]:
    """``players``: 4 or 6, or a list of 4 or 6 names (KZ-1); the seat naming for messages."""
    pawns = case.data.get("pawns")
    # without "players", a board of six seats is a six-player table (KZ-1)
    seats = len(pawns) if isinstance(pawns, dict) and len(pawns) in PLAYER_COUNTS else 4
    value = case.data.get("players", seats)
    if isinstance(value, list):
        names = case.names("players", minimum=1, maximum=20)
        if len(names) not in PLAYER_COUNTS:
            raise case.error(
                "players", _("Keezen is played by 4 or 6 players, not %(count)s"), count=len(names)
            )
        return len(names), names.__getitem__
    count = case.integer("players", seats)
    if count not in PLAYER_COUNTS:
        raise case.error(
            "players", _("Keezen is played by 4 or 6 players, not %(count)s"), count=count
        )
    return count, _seat


def read_seat(case: Case, key: str, players: int, *default: int | None) -> Any:
    """A seat number 0 … players-1; ``default`` (one value) when the key may be missing."""
    return case.integer(key, *default, minimum=0, maximum=players - 1)


def read_position(case: Case, g: Geometry) -> Position:
    """The board: four places per seat, no two pawns on one square (KZ-1)."""
    pawns = case.sub("pawns")
    seats = {str(s) for s in range(g.players)}
    for name in pawns.data:
        if name not in seats:
            raise pawns.error(
                name, _("is not a seat (seats are 0 … %(number)s)"), number=g.players - 1
            )
    pos: list[int] = []
    taken: dict[int, str] = {}
    for seat in range(g.players):
        places = pawns.items(str(seat))
        where = pawns.where(str(seat))
        if len(places) != PAWNS:
            raise CaseError(
                where, _("must list the places of 4 pawns, not %(count)s"), count=len(places)
            )
        for i, value in enumerate(places):
            place = parse_place(value, g.length, f"{where}[{i}]")
            key_place = place if place < g.length else place + seat * PAWNS
            if place != NEST and key_place in taken:
                raise CaseError(
                    f"{where}[{i}]",
                    _("%(place_text)s is taken by %(taken)s too"),
                    place_text=place_text(place, g.length),
                    taken=taken[key_place],
                )
            taken[key_place] = Text(_("%(player)s's pawn %(pawn)s"), player=_seat(seat), pawn=i)
            pos.append(place)
    return Position(g, pos)


@cache
def deck_size(players: int) -> int:
    """Cards in the deck (KZ-7: 52, or 78 for six players)."""
    return len(keezen_deck(players))


def over_the_deck(counts: Counter[Card], players: int) -> Text | None:
    """Why ``counts`` (a hand, or the cards dealt since a shuffle) cannot come from one deck,
    or None (KZ-7). Six players use one and a half decks: the half deck is two whole suits,
    which two is left open by the seed ("laat bijvoorbeeld alle harten en schoppen eruit"),
    so a card may appear twice as long as at most two suits have a card twice."""
    most = 2 if players == 6 else 1
    for card, count in counts.items():
        if count > most:
            if players == 6:
                return Text(_("holds %(card)s %(count)s times; one and a half decks hold "
                              "%(most)s"), card=card, count=count, most=most)  # fmt: skip
            return Text(_("holds %(card)s %(count)s times; the deck has %(most)s"),
                        card=card, count=count, most=most)  # fmt: skip
    if players == 6:
        doubled = sorted({card.suit for card, count in counts.items() if count > 1})
        if len(doubled) > 2:
            return Text(
                _("holds cards of %(count)s suits (%(suits)s) twice; the half deck of six "
                  "players is two whole suits"),
                count=len(doubled),
                suits=", ".join(doubled),
            )  # fmt: skip
    return None


def read_hand(case: Case, key: str, players: int) -> list[Card]:
    """A hand of cards; more copies of a card than the deck holds is a contradiction (KZ-7)."""
    hand = case.cards(key)
    where = case.where(key)
    for i, card in enumerate(hand):
        if card == JOKER:
            raise CaseError(f"{where}[{i}]", _("Keezen is played without jokers"))
    problem = over_the_deck(Counter(hand), players)
    if problem is not None:
        raise CaseError(where, problem)
    return hand


def read_card(case: Case) -> Card:
    card = case.card("card")
    if card == JOKER:
        raise case.error("card", _("Keezen is played without jokers"))
    return card


def _pawn_index(case: Case, key: str) -> int:
    return case.integer(key, minimum=0, maximum=PAWNS - 1)


def _step(case: Case) -> Step:
    return Step(
        _pawn_index(case, "pawn"),
        case.integer("steps", minimum=-MAX_STEPS_WRITTEN, maximum=MAX_STEPS_WRITTEN),
        case.boolean("into_home", False),
    )


def read_request(move: Case, players: int) -> MoveRequest:
    """A move in CASES.md notation; CaseError when it is not one (not when it is illegal)."""
    kinds = [k for k in MOVE_KINDS if k in move.data]
    if not kinds:
        raise CaseError(move.path, _("must give one of: enter, steps, swap, split or fold"))
    if len(kinds) > 1:
        raise move.error(kinds[1], _("cannot go with %(kinds)s in one move"), kinds=kinds[0])
    kind = kinds[0]
    if kind in ("fold", "enter") and move.boolean(kind) is not True:
        raise move.error(kind, _("must be true"))
    if kind == "fold":
        return MoveRequest("fold")
    for_seat = read_seat(move, "for_seat", players, None)
    if kind == "enter":
        pawn = move.integer("pawn", None, minimum=0, maximum=PAWNS - 1)
        return MoveRequest("enter", pawn=pawn, for_seat=for_seat)
    if kind == "swap":
        target = move.sub("swap")
        return MoveRequest(
            "swap", pawn=_pawn_index(move, "pawn"),
            target=(read_seat(target, "seat", players), _pawn_index(target, "pawn")),
            for_seat=for_seat,
        )  # fmt: skip
    if kind == "split":
        parts = tuple(_step(part) for part in move.subs("split"))
        if len(parts) == 1 and parts[0].steps == 7:  # one part of 7 is a plain 7
            return MoveRequest("steps", step=parts[0], for_seat=for_seat)
        return MoveRequest("split", parts=parts, for_seat=for_seat)
    return MoveRequest("steps", step=_step(move), for_seat=for_seat)
