"""Keezen's dispute forms: ``move``, ``legal_moves`` (CASES.md) and ``game_score`` (KZ-9).

The board and the move are typed the way people talk at the table, one line per seat and
one line per pawn moved; the fields read that into the case's parts, and ``build`` turns
seat names (from the ``players`` field), "start+3" and "for the partner" into the case's
seat and square numbers. A name that is no player is left as typed, so the engine refuses
it on its own field (a form's ``build`` cannot put an error on a field).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.cards import FRENCH, FRENCH_RANKS
from games.checkform import (
    CardInput,
    CardsInput,
    CheckForm,
    Input,
    read_numbers,
)
from games.checkshow import (
    Section,
    _,
    facts,
    get,
    joined,
    non_empty,
    outcome,
    said,
    show,
)
from games.keezen.board import PAWNS, SQUARES_PER_SEAT

from .reading import (
    GAME,
    NEST,
    NO_WINNER,
    BoardInput,
    MoveInput,
    PlayersInput,
    SeatInput,
    Table,
    build_board,
    build_move,
    players_case,
    read_winner,
    seat_label,
    table_of,
)

# --- showing pawns and moves -------------------------------------------------------------


def place_shown(value: Any, seat: int) -> Any:
    """A pawn's place in words: the nest, a home square, ``seat``'s start square or a number."""
    if value == NEST:
        return _("nest")
    if isinstance(value, str) and value.startswith("home:"):
        return said(_("home %(square)s"), square=value[5:])
    if isinstance(value, int) and value == SQUARES_PER_SEAT * seat:
        return said(_("%(square)s (start)"), square=value)
    return str(value)


def _seat_rows(
    before: Mapping[str, Any], after: Mapping[str, Any] | None, table: Table
) -> list[list[Any]]:
    rows = []
    for seat in range(table.count):
        old = before.get(str(seat))
        if not isinstance(old, list) or len(old) != PAWNS:
            continue
        new = after.get(str(seat), old) if after else old
        cells = []
        for a, b in zip(old, new, strict=False):
            shown = place_shown(a, seat)
            if a != b:
                shown = joined([shown, place_shown(b, seat)], " → ")
            cells.append(shown)
        home = sum(1 for p in new if isinstance(p, str) and p.startswith("home:"))
        rows.append([table.name(seat), *cells, home])
    return rows


def board_section(case: Mapping[str, Any], after: Mapping[str, Any] | None) -> Section:
    table = Table.of(case.get("players"), *(int(k) for k in case.get("pawns", {}) if k.isdigit()))
    title = _("The pawns after the move") if after else _("The pawns as given")
    head = [_("seat"), *(said(_("pawn %(pawn)s"), pawn=i) for i in range(PAWNS)),
            _("pawns home")]  # fmt: skip
    return Section(title, head, _seat_rows(case.get("pawns") or {}, after, table))


def _part_words(part: Mapping[str, Any], backward: bool) -> Any:
    steps = part.get("steps")
    if backward and steps in (4, -4):
        text: Any = said(_("pawn %(pawn)s: 4 backward"), pawn=part.get("pawn"))
    else:
        text = said(_("pawn %(pawn)s: %(steps)s forward"), pawn=part.get("pawn"), steps=steps)
    if part.get("into_home"):
        text = joined([text, _("into the home")], " ")
    return text


def move_words(move: Mapping[str, Any], table: Table, *, backward: bool = False) -> Any:
    """A move of the case notation in words, the way the move field reads it back."""
    if move.get("fold"):
        text: Any = _("lay the hand down (fold)")
    elif move.get("enter"):
        text = _("put a pawn on the start square")
        if move.get("pawn") is not None:
            text = joined([text, said(_("(pawn %(pawn)s)"), pawn=move["pawn"])], " ")
    elif "swap" in move:
        target = move["swap"]
        text = said(
            _("swap pawn %(pawn)s with %(seat)s's pawn %(other)s"),
            pawn=move.get("pawn"),
            seat=table.name(target.get("seat")),
            other=target.get("pawn"),
        )
    elif "split" in move:
        text = joined([_part_words(part, False) for part in move["split"]], " + ")
    else:
        text = _part_words(move, backward)
    if move.get("for_seat") is not None:
        text = joined([text, said(_("(for %(seat)s)"), seat=table.name(move["for_seat"]))], " ")
    return text


def _hits_section(result: Mapping[str, Any], table: Table) -> Section:
    rows = [
        [table.name(hit.get("seat")), said(_("pawn %(pawn)s"), pawn=hit.get("pawn"))]
        for hit in result.get("hits") or []
    ]
    return Section(_("Hit: back to the nest"), [_("seat"), _("pawn")], rows)


def _present_move(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    table = Table.of(case.get("players"), *(int(k) for k in case.get("pawns", {}) if k.isdigit()))
    move = case.get("move") or {}
    card = str(case.get("card", ""))
    sections = [
        facts(
            _("The move"),
            [
                (_("played by"), table.name(case.get("seat"))),
                (_("card"), card or "—"),
                (_("move"), move_words(move, table, backward=card.startswith("4"))),
            ],
        ),
        board_section(case, result.get("pawns_after")),
        _hits_section(result, table),
    ]
    return non_empty(sections)


def _present_legal(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    table = Table.of(case.get("players"), *(int(k) for k in case.get("pawns", {}) if k.isdigit()))
    moves = result.get("moves") or {}
    rows = [
        [card, len(listed),
         joined([move_words(m, table, backward=card.startswith("4")) for m in listed], "; ")
         if listed else "—"]
        for card, listed in moves.items()
    ]  # fmt: skip
    sections = [
        Section(_("Legal moves per card"), [_("card"), _("moves"), _("which")], rows),
        outcome(
            [
                (_("legal card moves"), get(result, "count")),
                (_("must lay the hand down (no card can be played)"), get(result, "fold")),
                *(
                    [(_("plays for the partner"), table.name(result["for_seat"]))]
                    if "for_seat" in result
                    else []
                ),
            ]
        ),
        board_section(case, None),
    ]
    return non_empty(sections)


# --- move --------------------------------------------------------------------------------

PLAYERS_HELP = _(
    "4 or 6, or the names clockwise from seat 0: Ann, Bas, Cor, Dirk (colours work too: "
    "rood, geel, groen, blauw). Partners sit opposite (seats 0+2 and 1+3; with six 0+3, "
    "1+4, 2+5). Left empty: 4, or 6 when the board names seat 4 or 5."
)
SEAT_HELP = _("The seat number (2, zit 2) or the player's name from “players”.")
BOARD_HELP = _(
    "One line per seat: “0: nest, 20, start+3, hok 0” or “Bas: 16 5”. Per pawn: nest (or "
    "uit); a square number 0-63 (0-95 with six), counted clockwise, seat s starting on "
    "16·s; start, start+3, start-2 (from that seat's own start square); hok 0 … hok 3 "
    "(home:0 nearest the entrance, also h2, home 1). The first place is pawn 0. Fewer "
    "than four places: the rest is in the nest; a seat left out has all four in the nest."
)
MOVE_HELP = _(
    "One line per pawn moved: “pion 1: 12” (forward), “pion 1: 4 achteruit”, “pion 2: 3 "
    "hok” (into the home). A 7 split over two pawns: two lines, “1: 3” and “2: 4 hok”. "
    "Or: “opzetten” (A or K, optionally “opzetten pion 2”), “ruil pion 1 met 3.2” (J: "
    "with seat 3's pawn 2, or “met Bas 2”), “passen” (lay the hand down). Playing for the "
    "partner: add “voor maat” (or “voor 2”, “for Cor”). Pawns are numbered 0-3 as on the "
    "board."
)
HAND_HELP = _("The cards in hand: 7H, harten aas, ♠Q, schoppen 4 …")


def _board_case(data: Mapping[str, Any], table: Table) -> dict[str, Any]:
    """The case's players, the seat on turn and the board (``move`` and ``legal_moves``)."""
    case = players_case(data)
    if data.get("seat") is not None:
        case["seat"] = table.seat(data["seat"])
    case["pawns"] = build_board(data.get("pawns") or {}, table)
    return case


def _build_move(data: dict[str, Any]) -> dict[str, Any]:
    table = table_of(data)
    case = _board_case(data, table)
    if data.get("card") is not None:
        case["card"] = data["card"]
    if data.get("move") is not None:
        case["move"] = build_move(data["move"], case.get("seat"), table)
    if data.get("hand") is not None:
        case["hand"] = data["hand"]
    return case


MOVE = CheckForm(
    game=GAME,
    check="move",
    title=_("One move: may this card move these pawns?"),
    intro=_(
        "The board as it stood before the card (one line per seat), who played, the card "
        "and what the player did with it. For a fold (laying the hand down) give the hand "
        "instead of a card."
    ),
    inputs=(
        PlayersInput("players", _("players"), required=False, help=PLAYERS_HELP),
        BoardInput("pawns", _("the pawns before the move"), required=False, help=BOARD_HELP),
        SeatInput("seat", _("who played"), help=SEAT_HELP),
        CardInput(
            "card",
            _("card played"),
            required=False,
            picker=FRENCH,
            help=_("7H, harten zeven, ♥7 … (left empty for a fold)"),
        ),
        MoveInput("move", _("the move"), help=MOVE_HELP),
        CardsInput(
            "hand",
            _("hand before the move"),
            required=False,
            picker=FRENCH,
            # two texts, each translated when the page is made (not joined here, in English)
            help=joined(
                [_("Needed for a fold (KZ-6); when given, it must hold the card. "), HAND_HELP], ""
            ),
        ),
    ),
    build=_build_move,
    present=_present_move,
    options=(),
    picker_ranks=FRENCH_RANKS,
    # in the page's words: "hok 3", "harten vrouw", "pion 1: 12 vooruit" (nl), "Ziel 3" (de)
    example={
        "players": "Ann, Bas, Cor, Dirk",
        "pawns": _("Ann: nest, 10, nest, home 3\nBas: start\nDirk: 40, 3"),
        "seat": "Ann",
        "card": _("queen of hearts"),
        "move": _("pawn 1: 12 forward"),
    },
)


# --- legal_moves -------------------------------------------------------------------------


def _build_legal(data: dict[str, Any]) -> dict[str, Any]:
    case = _board_case(data, table_of(data))
    if data.get("hand") is not None:
        case["hand"] = data["hand"]
    return case


LEGAL_MOVES = CheckForm(
    game=GAME,
    check="legal_moves",
    title=_("Every legal move of a hand"),
    intro=_(
        "The board and the player's hand: every card's legal moves, and whether the player "
        "must lay the hand down because no card can be played (KZ-6)."
    ),
    inputs=(
        PlayersInput("players", _("players"), required=False, help=PLAYERS_HELP),
        BoardInput("pawns", _("the pawns"), required=False, help=BOARD_HELP),
        SeatInput("seat", _("whose turn"), help=SEAT_HELP),
        CardsInput("hand", _("hand"), picker=FRENCH, help=HAND_HELP),
    ),
    build=_build_legal,
    present=_present_legal,
    options=(),
    picker_ranks=FRENCH_RANKS,
    example={
        "pawns": _("0: 60, 62, home 3, nest\n1: start, 20\n2: 8\n3: 50"),
        "seat": "0",
        "hand": _("4 of spades, jack of hearts, 10D"),
    },
)


# --- game_score --------------------------------------------------------------------------


def _team(label: str, table: Table) -> str:
    """``0+2``, ``Ann+Cor``, ``Ann en Cor`` → ``"0+2"``; else the label as typed."""
    sides = [s for s in re.split(r"\s*(?:\+|&|/|\s(?:en|and|und)\s)\s*", label.strip()) if s]
    if len(sides) != 2:
        return label
    seats = [table.seat(seat_label(side)) for side in sides]
    if not all(isinstance(s, int) for s in seats):
        return label
    return "+".join(str(s) for s in sorted(seats))


def _per_team_or_seat(given: Mapping[str, int], table: Table) -> dict[str, int]:
    out: dict[str, int] = {}
    for label, value in given.items():
        if re.search(r"\+|&|/|\s(?:en|and|und)\s", label):
            key = _team(label, table)
        else:
            seat = table.seat(seat_label(label))
            key = str(seat)
        out[key if key not in out else label] = value
    return out


@dataclass(frozen=True)
class TeamNumbersInput(Input):
    """A number per team or seat: ``0+2: 8, 1+3: 5``, ``Ann+Cor 8`` or ``Ann: 4, Bas: 2``."""

    maximum: int = 100_000

    widget: ClassVar[str] = "textarea"

    def read(self, text: str) -> Any:
        return read_numbers(text, 0, self.maximum)


@dataclass(frozen=True)
class WinnerInput(Input):
    def read(self, text: str) -> Any:
        return read_winner(text)


def _build_score(data: dict[str, Any]) -> dict[str, Any]:
    table = table_of(data)
    case: dict[str, Any] = players_case(data)
    if data.get("pawns_home") is not None:
        case["pawns_home"] = _per_team_or_seat(data["pawns_home"], table)
    if data.get("pawns") is not None:
        case["pawns"] = build_board(data["pawns"], table)
    if data.get("winner") is not None:
        winner = data["winner"]
        case["winner"] = None if winner == NO_WINNER else _team(winner, table)
    if data.get("points") is not None:
        case["points"] = _per_team_or_seat(data["points"], table)
    return case


def _present_score(result: Mapping[str, Any], case: Mapping[str, Any]) -> list[Section]:
    table = Table.of(case.get("players"))
    home = result.get("pawns_home") or {}
    points = result.get("points") or {}
    claimed = case.get("points") or {}

    def team(name: str) -> Any:
        seats = [int(s) for s in name.split("+") if s.isdigit()]
        return joined([table.name(s) for s in seats], " + ") if seats else name

    rows = [
        [team(name), show(home.get(name)), show(points.get(name)),
         show(claimed.get(name)) if name in claimed else "—"]
        for name in home
    ]  # fmt: skip
    sections = [
        Section(
            _("Teams"),
            [_("team"), _("pawns home"), _("game points"), _("on the score sheet")],
            rows,
        ),
        outcome(
            [
                (_("winner"), team(result["winner"]) if result.get("winner") else None),
                (_("finished"), get(result, "finished")),
            ]
        ),
    ]
    return non_empty(sections)


GAME_SCORE = CheckForm(
    game=GAME,
    check="game_score",
    title=_("A game's score: pawns home and the winner"),
    intro=_(
        "The pawns each team (or each seat) got home, or the board as it stood at the end; "
        "the winner and points written on the score sheet are checked against them (KZ-9)."
    ),
    inputs=(
        PlayersInput("players", _("players"), required=False, help=PLAYERS_HELP),
        TeamNumbersInput(
            "pawns_home",
            _("pawns home"),
            required=False,
            maximum=8,
            help=_(
                "Per team: “0+2: 8, 1+3: 5” (or Ann+Cor: 8), or per seat: “Ann: 4, Bas: 2, "
                "Cor: 4, Dirk: 3”. Left empty: counted from the board below."
            ),
        ),
        BoardInput("pawns", _("the board at the end"), required=False, help=BOARD_HELP),
        WinnerInput(
            "winner",
            _("winner on the score sheet"),
            required=False,
            help=_("A team (0+2, Ann+Cor) or “geen” when no team finished."),
        ),
        TeamNumbersInput(
            "points",
            _("points on the score sheet"),
            required=False,
            help=_("Per team: 0+2: 26, 1+3: 10"),
        ),
    ),
    build=_build_score,
    present=_present_score,
    options=("points_per_pawn", "win_bonus"),
    example={
        "players": "Ann, Bas, Cor, Dirk",
        "pawns_home": "Ann: 4, Bas: 2, Cor: 4, Dirk: 3",
        "winner": "Ann+Cor",
        "points": "Ann+Cor: 16, Bas+Dirk: 10",
    },
)

CHECKS = {"move": MOVE, "legal_moves": LEGAL_MOVES, "game_score": GAME_SCORE}
