"""Keezen's dispute forms: the seats, the board and the move as typed ("0: nest, 20,
start+3", "pion 1: 12", "opzetten"), read into CASES.md's notation.

Pure Python: no Django here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.checkform import (
    LINE_SPLIT,
    Input,
    InputError,
    line_error,
    read_number,
    split,
    too_many,
)
from games.checkshow import (
    _,
    said,
)
from games.keezen.board import HOME_SQUARES, PAWNS, PLAYER_COUNTS, SQUARES_PER_SEAT

GAME = "keezen"
NEST = "nest"
#: What ``for_seat`` is before ``build`` knows the seat: the partner opposite.
PARTNER = "partner"
#: The winner field's "no team won".
NO_WINNER = "-"
_PARTS = re.compile(r"[;\n\r,]+|\s+(?:en|and|und|&)\s+")
_SWAP_MARK = re.compile(r"(?<!\S)(?:met|with|mit)(?!\S)|<->|<>|↔|⇄")


def _words(*words: str) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_PAWN = _words("pion", "pionnen", "pawn", "figur", "kegel", "p")
_SEAT = _words("seat", "zit", "stoel", "plaats", "speler", "platz", "spieler", "player")
_NEST_WORDS = frozenset({"nest", "n", "uit", "out", "-", "weg", "nestje"})
_HOME = _words("home", "hok", "hokje", "huis", "ziel", "finish", "h")
_START = _words("start", "opzet", "opzetplaats", "startveld", "s")
_SQUARE = _words("veld", "vak", "vakje", "square", "sq", "feld")
_FOLD_WORDS = frozenset({
    "fold", "folds", "pass", "passen", "pas", "past", "passt", "kaarten open", "open",
    "afleggen", "legt af", "opgeven", "geeft op", "geen zet", "aufgeben", "gibt auf",
    "give up", "gives up", "lay down", "no move",
    "kan niet", "kann nicht",
})  # fmt: skip
_ENTER = _words("enter", "enters", "opzetten", "opzet", "zet op", "zet een pion op", "inzetten",
                "op het bord", "uitzetten", "einsetzen", "rausbringen", "herausbringen",
                "raus", "put on", "on the board")  # fmt: skip
_SWAP = _words("swap", "swaps", "ruil", "ruilt", "ruilen", "wissel", "wisselt", "wisselen",
               "tausch", "tausche", "tauscht", "tauschen")  # fmt: skip
_FOR = _words("for", "voor", "für", "fuer")
_PARTNER_WORDS = frozenset({
    "partner", "the partner", "maat", "de maat", "zijn maat", "haar maat", "mijn maat",
    "den partner", "seinen partner", "ihren partner", "partner's",
})  # fmt: skip
_BACK = frozenset({"achteruit", "terug", "back", "backward", "backwards", "zurück", "zuruck",
                   "rückwärts", "ruckwarts"})  # fmt: skip
_FORWARD = frozenset({"vooruit", "forward", "forwards", "vor", "vorwärts", "vorwarts"})
_INTO_HOME = frozenset({"hok", "hokje", "in het hok", "het hok in", "naar binnen", "binnen",
                        "in", "home", "into home", "into the home", "ziel", "ins ziel",
                        "thuis", "finish", "h"})  # fmt: skip
_PAST_HOME = frozenset({"door", "langs", "voorbij", "rond", "past", "around", "weiter",
                        "vorbei", "niet in het hok"})  # fmt: skip
_NO_WINNER_WORDS = frozenset({"-", "—", "geen", "niemand", "none", "no one", "nobody",
                              "keiner", "kein", "keines", "keins", "null", "no team",
                              "geen team", "kein team"})  # fmt: skip


def _clean(text: str) -> str:
    return " ".join(text.strip().lower().split())


def _bad(message: Any, **params: Any) -> InputError:
    return InputError(message, params={k: str(v)[:40] for k, v in params.items()})


# --- seats and the table -----------------------------------------------------------------


def seat_label(text: str) -> int | str:
    """``2``, ``seat 2``, ``zit 2`` → 2; anything else is a player's name (kept as typed)."""
    text = " ".join(text.strip().split())
    match = re.fullmatch(rf"(?:(?:{_SEAT})\s*)?#?(\d{{1,2}})", text, re.I)
    if match:
        return int(match.group(1))
    if not text:
        raise InputError(_("Name the seat: a number or a player's name."))
    return text[:100]


def read_players(text: str) -> int | list[str]:
    """``4``/``6``, or the names clockwise from seat 0 (colours work as names)."""
    words = _clean(text)
    if words.isdigit():
        count = read_number(words, 0, 99)
        if count not in PLAYER_COUNTS:
            raise _bad(_("Keezen is played by 4 or 6 players, not %(count)s."), count=count)
        return count
    names = [name[:100] for name in split(text)]
    if len(names) not in PLAYER_COUNTS:
        raise _bad(_("Keezen is played by 4 or 6 players, not %(count)s."), count=len(names))
    lowered = [name.lower() for name in names]
    for name in names:
        if lowered.count(name.lower()) > 1:
            raise _bad(_("%(name)s is given twice."), name=name)
    return names


@dataclass(frozen=True)
class Table:
    """The table as ``build`` knows it: the player count and the names, if typed."""

    count: int
    names: list[str] | None

    @classmethod
    def of(cls, players: Any, *seen: Any) -> Table:
        if isinstance(players, list):
            return cls(len(players), players)
        if isinstance(players, int):
            return cls(players, None)
        numbers = [s for s in seen if isinstance(s, int)]
        return cls(6 if numbers and max(numbers) >= 4 else 4, None)

    def seat(self, label: Any) -> Any:
        """A seat number, or the label as typed when it names no player."""
        if isinstance(label, int) or self.names is None:
            return label
        lowered = [name.lower() for name in self.names]
        return lowered.index(label.lower()) if label.lower() in lowered else label

    def name(self, seat: Any) -> Any:
        if isinstance(seat, int) and self.names and 0 <= seat < len(self.names):
            return f"{self.names[seat]} ({seat})"
        return said(_("seat %(seat)s"), seat=seat)

    def partner(self, seat: Any) -> Any:
        return (seat + self.count // 2) % self.count if isinstance(seat, int) else PARTNER

    @property
    def length(self) -> int:
        return SQUARES_PER_SEAT * self.count


def table_of(data: Mapping[str, Any]) -> Table:
    """The table a form's input names: its players and every seat it mentions."""
    seen: list[Any] = list((data.get("pawns") or {}).keys())
    seen.append(data.get("seat"))
    return Table.of(data.get("players"), *seen)


def players_case(data: Mapping[str, Any]) -> dict[str, Any]:
    """The case's ``players`` as typed, when they were."""
    return {"players": data["players"]} if data.get("players") is not None else {}


@dataclass(frozen=True)
class PlayersInput(Input):
    """``4``, ``6`` or the names clockwise from seat 0: ``Ann, Bas, Cor, Dirk``."""

    def read(self, text: str) -> Any:
        return read_players(text)


@dataclass(frozen=True)
class SeatInput(Input):
    """One seat: ``2``, ``seat 2`` or a player's name."""

    def read(self, text: str) -> Any:
        return seat_label(text)


def read_winner(text: str) -> str:
    """The winning team as typed, or :data:`NO_WINNER` for "nobody" in any of its words."""
    words = _clean(text)
    return NO_WINNER if words in _NO_WINNER_WORDS else text.strip()[:100]


# --- the board ---------------------------------------------------------------------------

_MINUS = "\N{MINUS SIGN}"
_TIMES = "x*\N{MULTIPLICATION SIGN}"
_NESTS = _words(*_NEST_WORDS - {"-"})


def _repeat(match: re.Match[str]) -> str:
    return " ".join([match.group(2)] * int(match.group(1)))


#: Table talk made into one token per place: "4x nest", "hok 2", "start + 3", "veld 20".
_PLACE_FIXES = (
    (re.compile(rf"\b(\d)\s*[{_TIMES}]\s*({_NESTS})\b"), _repeat),
    (re.compile(rf"\b(?:{_HOME})\s*:?\s*(\d+)\b"), r"home:\1"),
    (re.compile(rf"\b(?:{_START})\s*([+-])\s*(\d+)\b"), r"start\1\2"),
    (re.compile(rf"\b(?:{_START})\b(?![+-])"), "start+0"),
    (re.compile(rf"\b(?:{_SQUARE})\s*:?\s*(\d+)\b"), r"\1"),
    (re.compile(r"#\s*(\d+)"), r"\1"),
)


def read_places(text: str) -> list[Any]:
    """``nest, 20, start+3, hok 0`` → ``["nest", 20, "start+3", "home:0"]``."""
    text = _clean(text)
    for pattern, fix in _PLACE_FIXES:
        text = pattern.sub(fix, text)
    out: list[Any] = []
    for token in (t for t in re.split(r"[,\s]+", text) if t):
        if token in _NEST_WORDS:
            out.append(NEST)
        elif token.isdigit() and len(token) <= 3:
            out.append(int(token))
        elif re.fullmatch(r"home:\d+", token):
            if int(token[5:]) >= HOME_SQUARES:
                raise _bad(_("“%(text)s”: a home has the squares 0 to 3."), text=token)
            out.append(token)
        elif re.fullmatch(r"start[+-]\d{1,3}", token):
            out.append(token)
        else:
            raise _bad(
                _("“%(text)s” is not a place: write nest, a square number, start+3 or hok 0."),
                text=token,
            )
        if len(out) > 2 * PAWNS:
            raise InputError(_("At most four pawns per seat, please."))
    return out


def read_board(text: str) -> dict[Any, list[Any]]:
    """One line per seat, ``seat: places``; the board's seats as typed (``build`` resolves)."""
    out: dict[Any, list[Any]] = {}
    lines = split(text, LINE_SPLIT)
    too_many(lines)
    for number, line in enumerate(lines, start=1):
        label, colon, rest = line.partition(":")
        if not colon:
            label, _space, rest = line.partition(" ")
        try:
            seat = seat_label(label)
            if seat in out:
                raise _bad(_("%(name)s is given twice."), name=label.strip())
            out[seat] = read_places(rest)
        except InputError as error:
            raise line_error(number, error) from None
    return out


def _place(value: Any, seat: Any, table: Table) -> Any:
    """``start+3`` of ``seat`` → its square number; other places as they are."""
    if isinstance(value, str) and value.startswith("start") and isinstance(seat, int):
        offset = int(value[5:])
        return (SQUARES_PER_SEAT * seat + offset) % table.length
    return value


def build_board(board: Mapping[Any, list[Any]], table: Table) -> dict[str, list[Any]]:
    """Every seat's four places: a seat not typed has all four pawns in the nest, a line
    with fewer than four places has the rest in the nest (the first place is pawn 0)."""
    out: dict[str, list[Any]] = {str(s): [NEST] * PAWNS for s in range(table.count)}
    typed: set[str] = set()
    for label, places in board.items():
        seat = table.seat(label)
        # the same seat by name and by number: the second line keeps its label, which
        # the engine then refuses on this field
        key = str(label) if str(seat) in typed else str(seat)
        typed.add(key)
        padded = [_place(p, seat, table) for p in places]
        padded += [NEST] * (PAWNS - len(padded))
        out[key] = padded
    return out


@dataclass(frozen=True)
class BoardInput(Input):
    """The pawns, one line per seat: ``0: nest, 20, start+3, hok 0``."""

    widget: ClassVar[str] = "textarea"

    def read(self, text: str) -> Any:
        return read_board(text)


# --- the move ----------------------------------------------------------------------------


def _pawn(text: str) -> int:
    match = re.fullmatch(rf"(?:(?:{_PAWN})\s*)?#?(\d+)", text.strip())
    if match is None:
        raise _bad(_("“%(text)s” is not a pawn: write pion 0, 1, 2 or 3."), text=text)
    return read_number(match.group(1), 0, PAWNS - 1)


def _for(text: str) -> tuple[str, Any]:
    """A trailing ``voor maat``/``for 2``/``für Cor``: (the rest, for_seat or None)."""
    match = re.search(rf"(?:^|\s)(?:{_FOR})\s+(.+)$", text)
    if match is None:
        return text, None
    target = match.group(1).strip()
    for_seat = PARTNER if target in _PARTNER_WORDS else seat_label(target)
    return text[: match.start()].strip(), for_seat


def _swap(text: str) -> dict[str, Any]:
    """``ruil 1 met 3.2``, ``swap pawn 1 with Bas pawn 2``, ``1 <> 3:2``."""
    body = re.sub(rf"^(?:{_SWAP})\b", "", text).strip()
    parts = [p.strip() for p in _SWAP_MARK.split(body, maxsplit=1)]
    if len(parts) != 2 or not parts[1]:
        raise InputError(_("Write a swap as “ruil pion 1 met 3.2” (seat 3's pawn 2)."))
    target = re.fullmatch(
        rf"(?:(?:{_SEAT})\s*)?(.+?)(?:'s)?\s*(?:[.:/]|\s)\s*(?:(?:{_PAWN})\s*)?#?(\d+)", parts[1]
    )
    if target is None:
        raise _bad(
            _("“%(text)s”: name the other pawn as seat.pawn, for example 3.2 or Bas 2."),
            text=parts[1],
        )
    seat = seat_label(target.group(1))
    return {"pawn": _pawn(parts[0]), "swap": {"seat": seat, "pawn": _pawn(target.group(2))}}


#: The words after a count: (phrase, backward, into_home); longest phrases first.
_AFTER_COUNT = sorted(
    [(w, True, False) for w in _BACK]
    + [(w, False, False) for w in _FORWARD | _PAST_HOME]
    + [(w, False, True) for w in _INTO_HOME],
    key=lambda entry: len(entry[0]),
    reverse=True,
)
_COUNT = re.compile(
    rf"(?:(?:{_PAWN})\s*)?#?(\d+)\s*(?:[:=]|\s)\s*([-+{_MINUS}]?)\s*(\d+)"
    r"(?:\s*(?:stappen|steps|schritte|plaatsen|velden|felder)(?!\S))?(.*)"
)


def _count(text: str) -> dict[str, Any]:
    """``pion 1: 12``, ``1 +3 hok``, ``p2 4 achteruit``: one pawn's count."""
    match = _COUNT.fullmatch(text)
    if match is None:
        raise _bad(
            _("“%(text)s” is no move: write “pion 1: 12”, “opzetten”, “ruil 1 met 3.2”, or "
              "“passen”."),
            text=text,
        )  # fmt: skip
    pawn = read_number(match.group(1), 0, PAWNS - 1)
    steps = read_number(match.group(3), 0, 1000)
    back = match.group(2) in ("-", _MINUS)
    into_home = False
    rest = f" {re.sub(r'[()]', ' ', match.group(4))} "
    for phrase, backward, home in _AFTER_COUNT:
        found = f" {phrase} "
        while found in rest:
            rest = rest.replace(found, " ", 1)
            back, into_home = back or backward, into_home or home
    if rest.strip():
        raise _bad(
            _("“%(text)s”: after the count write vooruit, achteruit, or hok (into the "
              "home)."),
            text=rest.strip(),
        )  # fmt: skip
    if back and steps != 4:  # a 4 goes back as "steps": 4 (CASES.md); others are refused
        steps = -steps
    part: dict[str, Any] = {"pawn": pawn, "steps": steps}
    if into_home:
        part["into_home"] = True
    return part


def read_move(text: str) -> dict[str, Any]:  # noqa: PLR0912 - one branch per kind of move
    """The move in CASES.md notation, its seats as typed (``build`` resolves names)."""
    parts = [_clean(p) for p in _PARTS.split(text) if p.strip()]
    if len(parts) > 4:
        raise InputError(_("One move, please: at most two pawns (a 7) and “for …”."))
    for_seat: Any = None
    kinds: list[dict[str, Any]] = []
    for typed in parts:
        part, found = _for(typed)
        if found is not None:
            if for_seat is not None:
                raise InputError(_("Say once whose pawns are moved."))
            for_seat = found
        if not part:
            continue
        if part in _FOLD_WORDS:
            kinds.append({"fold": True})
        elif re.match(rf"^(?:{_ENTER})(?:\s|$)", part):
            rest = re.sub(rf"^(?:{_ENTER})", "", part).strip()
            kinds.append({"enter": True, **({"pawn": _pawn(rest)} if rest else {})})
        elif re.match(rf"^(?:{_SWAP})\b", part) or _SWAP_MARK.search(part):
            kinds.append(_swap(part))
        else:
            kinds.append(_count(part))
    if not kinds:
        raise InputError(_("Write the move: “pion 1: 12”, “opzetten”, … or “passen”."))
    counts = [k for k in kinds if "steps" in k]
    if len(kinds) > 1 and len(counts) != len(kinds):
        raise InputError(_("One card is one move: only a 7 moves two pawns (one line each)."))
    move = kinds[0] if len(kinds) == 1 else {"split": counts}
    if for_seat is not None:
        if "fold" in move:
            raise InputError(_("A fold gives up the hand: it is for nobody."))
        move["for_seat"] = for_seat
    return move


def build_move(move: Mapping[str, Any], seat: Any, table: Table) -> dict[str, Any]:
    out = dict(move)
    if "swap" in out:
        out["swap"] = {**out["swap"], "seat": table.seat(out["swap"]["seat"])}
    if "for_seat" in out:
        target = out["for_seat"]
        out["for_seat"] = table.partner(seat) if target == PARTNER else table.seat(target)
    return out


@dataclass(frozen=True)
class MoveInput(Input):
    """The move: one line per pawn moved (two for a split 7), or one word."""

    widget: ClassVar[str] = "textarea"

    def read(self, text: str) -> Any:
        return read_move(text)
