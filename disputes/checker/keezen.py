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
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.keezen.board import HOME_SQUARES, PAWNS, PLAYER_COUNTS, SQUARES_PER_SEAT

from .base import (
    FRENCH,
    FRENCH_RANKS,
    LINE_SPLIT,
    CardInput,
    CardsInput,
    CheckForm,
    Input,
    Section,
    TextField,
    facts,
    get,
    line_error,
    non_empty,
    outcome,
    read_number,
    read_numbers,
    show,
    split,
    too_many,
)

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
                              "keiner", "kein", "null", "no team", "geen team"})  # fmt: skip


def _clean(text: str) -> str:
    return " ".join(text.strip().lower().split())


def _bad(message: Any, **params: Any) -> ValidationError:
    return ValidationError(message, params={k: str(v)[:40] for k, v in params.items()})


# --- seats and the table -----------------------------------------------------------------


def seat_label(text: str) -> int | str:
    """``2``, ``seat 2``, ``zit 2`` → 2; anything else is a player's name (kept as typed)."""
    text = " ".join(text.strip().split())
    match = re.fullmatch(rf"(?:(?:{_SEAT})\s*)?#?(\d{{1,2}})", text, re.I)
    if match:
        return int(match.group(1))
    if not text:
        raise ValidationError(_("Name the seat: a number or a player's name."))
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

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and self.names and 0 <= seat < len(self.names):
            return f"{self.names[seat]} ({seat})"
        return gettext("seat %(seat)s") % {"seat": seat}

    def partner(self, seat: Any) -> Any:
        return (seat + self.count // 2) % self.count if isinstance(seat, int) else PARTNER

    @property
    def length(self) -> int:
        return SQUARES_PER_SEAT * self.count


def _table_of(data: Mapping[str, Any]) -> Table:
    seen: list[Any] = list((data.get("pawns") or {}).keys())
    seen.append(data.get("seat"))
    return Table.of(data.get("players"), *seen)


def _players_case(data: Mapping[str, Any]) -> dict[str, Any]:
    return {"players": data["players"]} if data.get("players") is not None else {}


@dataclass(frozen=True)
class PlayersInput(Input):
    """``4``, ``6`` or the names clockwise from seat 0: ``Ann, Bas, Cor, Dirk``."""

    def field(self):
        return TextField(read_players, **self._common())


@dataclass(frozen=True)
class SeatInput(Input):
    """One seat: ``2``, ``seat 2`` or a player's name."""

    def field(self):
        return TextField(seat_label, **self._common())


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
            raise ValidationError(_("At most four pawns per seat, please."))
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
        except ValidationError as error:
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

    def field(self):
        return TextField(read_board, textarea=True, **self._common())


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
        raise ValidationError(_("Write a swap as “ruil pion 1 met 3.2” (seat 3's pawn 2)."))
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
        raise ValidationError(_("One move, please: at most two pawns (a 7) and “for …”."))
    for_seat: Any = None
    kinds: list[dict[str, Any]] = []
    for typed in parts:
        part, found = _for(typed)
        if found is not None:
            if for_seat is not None:
                raise ValidationError(_("Say once whose pawns are moved."))
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
        raise ValidationError(_("Write the move: “pion 1: 12”, “opzetten”, … or “passen”."))
    counts = [k for k in kinds if "steps" in k]
    if len(kinds) > 1 and len(counts) != len(kinds):
        raise ValidationError(_("One card is one move: only a 7 moves two pawns (one line each)."))
    move = kinds[0] if len(kinds) == 1 else {"split": counts}
    if for_seat is not None:
        if "fold" in move:
            raise ValidationError(_("A fold gives up the hand: it is for nobody."))
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

    def field(self):
        return TextField(read_move, textarea=True, **self._common())


# --- showing pawns and moves -------------------------------------------------------------


def place_shown(value: Any, seat: int) -> str:
    """A pawn's place in words: the nest, a home square, ``seat``'s start square or a number."""
    if value == NEST:
        return gettext("nest")
    if isinstance(value, str) and value.startswith("home:"):
        return gettext("home %(square)s") % {"square": value[5:]}
    if isinstance(value, int) and value == SQUARES_PER_SEAT * seat:
        return gettext("%(square)s (start)") % {"square": value}
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
                shown = f"{shown} → {place_shown(b, seat)}"
            cells.append(shown)
        home = sum(1 for p in new if isinstance(p, str) and p.startswith("home:"))
        rows.append([table.name(seat), *cells, home])
    return rows


def board_section(case: Mapping[str, Any], after: Mapping[str, Any] | None) -> Section:
    table = Table.of(case.get("players"), *(int(k) for k in case.get("pawns", {}) if k.isdigit()))
    title = _("The pawns after the move") if after else _("The pawns as given")
    head = [_("seat"), *(gettext("pawn %(pawn)s") % {"pawn": i} for i in range(PAWNS)),
            _("pawns home")]  # fmt: skip
    return Section(title, head, _seat_rows(case.get("pawns") or {}, after, table))


def _part_words(part: Mapping[str, Any], backward: bool) -> str:
    steps = part.get("steps")
    if backward and steps in (4, -4):
        text = gettext("pawn %(pawn)s: 4 backward") % {"pawn": part.get("pawn")}
    else:
        text = gettext("pawn %(pawn)s: %(steps)s forward") % {
            "pawn": part.get("pawn"),
            "steps": steps,
        }
    if part.get("into_home"):
        text += " " + gettext("into the home")
    return text


def move_words(move: Mapping[str, Any], table: Table, *, backward: bool = False) -> str:
    """A move of the case notation in words, the way the move field reads it back."""
    if move.get("fold"):
        text = gettext("lay the hand down (fold)")
    elif move.get("enter"):
        text = gettext("put a pawn on the start square")
        if move.get("pawn") is not None:
            text += " " + gettext("(pawn %(pawn)s)") % {"pawn": move["pawn"]}
    elif "swap" in move:
        target = move["swap"]
        text = gettext("swap pawn %(pawn)s with %(seat)s's pawn %(other)s") % {
            "pawn": move.get("pawn"),
            "seat": table.name(target.get("seat")),
            "other": target.get("pawn"),
        }
    elif "split" in move:
        text = " + ".join(_part_words(part, False) for part in move["split"])
    else:
        text = _part_words(move, backward)
    if move.get("for_seat") is not None:
        text += " " + gettext("(for %(seat)s)") % {"seat": table.name(move["for_seat"])}
    return text


def _hits_section(result: Mapping[str, Any], table: Table) -> Section:
    rows = [
        [table.name(hit.get("seat")), gettext("pawn %(pawn)s") % {"pawn": hit.get("pawn")}]
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
         "; ".join(move_words(m, table, backward=card.startswith("4")) for m in listed) or "—"]
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
    case = _players_case(data)
    if data.get("seat") is not None:
        case["seat"] = table.seat(data["seat"])
    case["pawns"] = build_board(data.get("pawns") or {}, table)
    return case


def _build_move(data: dict[str, Any]) -> dict[str, Any]:
    table = _table_of(data)
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
            help=_("Needed for a fold (KZ-6); when given, it must hold the card. ") + HAND_HELP,
        ),
    ),
    build=_build_move,
    present=_present_move,
    options=(),
    picker_ranks=FRENCH_RANKS,
    example={
        "players": "Ann, Bas, Cor, Dirk",
        "pawns": "Ann: nest, 10, nest, hok 3\nBas: start\nDirk: 40, 3",
        "seat": "Ann",
        "card": "harten vrouw",
        "move": "pion 1: 12 vooruit",
    },
)


# --- legal_moves -------------------------------------------------------------------------


def _build_legal(data: dict[str, Any]) -> dict[str, Any]:
    case = _board_case(data, _table_of(data))
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
        "pawns": "0: 60, 62, hok 3, nest\n1: start, 20\n2: 8\n3: 50",
        "seat": "0",
        "hand": "schoppen 4, harten boer, 10D",
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


def read_winner(text: str) -> str:
    words = _clean(text)
    return NO_WINNER if words in _NO_WINNER_WORDS else text.strip()[:100]


@dataclass(frozen=True)
class TeamNumbersInput(Input):
    """A number per team or seat: ``0+2: 8, 1+3: 5``, ``Ann+Cor 8`` or ``Ann: 4, Bas: 2``."""

    maximum: int = 100_000

    def field(self):
        return TextField(
            lambda text: read_numbers(text, 0, self.maximum), textarea=True, **self._common()
        )


@dataclass(frozen=True)
class WinnerInput(Input):
    def field(self):
        return TextField(read_winner, **self._common())


def _build_score(data: dict[str, Any]) -> dict[str, Any]:
    table = _table_of(data)
    case: dict[str, Any] = _players_case(data)
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

    def team(name: str) -> str:
        seats = [int(s) for s in name.split("+") if s.isdigit()]
        return " + ".join(table.name(s) for s in seats) or name

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
