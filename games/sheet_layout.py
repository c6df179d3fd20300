"""A game's score sheet as data: what ``games/<game>/sheet.py`` says its printed table sheet
holds, for ``printing.sheets`` to draw.

The way chosen (issue 17, "a game is a folder"): a game describes its sheet and the site
draws it, as pretix draws a ticket from a layout description. ``games/`` stays pure
Python: no Django and no reportlab (a game package must not need a PDF library, and the
sheets' look, fonts, rules and shading stay one drawer's business in
``printing/sheets/game_sheets.py``). So a game's ``sheet.py`` holds one value,
``SHEET = SheetLayout(...)``, made of the block kinds below, top to bottom of the page
under the sheet's heading (title, club, round and table, the QR code), with the winner and
the signatures at the foot. A game without a ``sheet.py`` prints the generic sheet: a
column per player, a row per deal and a total.

What varies with the table's options or size is said in the data too, with a few small
pieces: :class:`Opt` (an option's value), conditions (:class:`Is`, :class:`Not`,
:class:`All`, :class:`InTeams`, :class:`Players`) and :class:`Case` (one of two values by
a condition); a block or a column with ``when`` is left out when its condition is false.

Texts printed on a sheet are English msgids marked with ``games.text._`` (so
``makemessages`` extracts them into the site's catalogues) inside :class:`Msg`, the drawer
translates them into the club's language (``printing.sheets.i18n``). A text is a
:class:`Msg`, a plain ``str`` (printed as it is: numbers, signs), an :class:`Opt`, card
letters in the reader's language (:class:`Ranks`, :class:`CardName`), the suit signs
(:class:`Suits`), a :class:`Case`, or a :class:`Text` of several of these in a row.
Lengths are in millimetres.

Pure Python: no Django (the import contracts in pyproject.toml) and no reportlab
(tests/sheets/test_layouts.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: A box to tick, and the dash and minus signs, as sheets print them.
TICK = "\u2610"
DASH, MINUS = "\u2013", "\u2212"

# --- values and conditions -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Opt:
    """The value of the game option ``name`` at the table (its default when not set)."""

    name: str


@dataclass(frozen=True, slots=True)
class Is:
    """True when option ``name`` is ``value``, or (without a value) when it is set: true,
    not zero and not empty."""

    name: str
    value: Any = None


@dataclass(frozen=True, slots=True)
class Not:
    condition: Condition


@dataclass(frozen=True, slots=True)
class All:
    conditions: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class InTeams:
    """True when the table plays in sides of two partners (see :class:`Partners`)."""


@dataclass(frozen=True, slots=True)
class Players:
    """True when at least ``at_least`` players sit at the table."""

    at_least: int


Condition = Is | Not | All | InTeams | Players


@dataclass(frozen=True, slots=True)
class Case:
    """``then`` when ``condition`` holds, else ``otherwise`` (a text, a number, a flag)."""

    condition: Condition
    then: Any
    otherwise: Any = ""


# --- texts -----------------------------------------------------------------------------


class Msg:
    """A text to translate: the English ``msgid`` (marked with ``games.text._``) and the
    ``values`` put into its ``%(name)s`` places after translation (an :class:`Opt` is the
    option's value)."""

    __slots__ = ("msgid", "values")

    def __init__(self, msgid: str, /, **values: Any) -> None:
        self.msgid = msgid
        self.values: Mapping[str, Any] = values

    def __repr__(self) -> str:
        return f"Msg({self.msgid!r}, **{dict(self.values)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            return (self.msgid, dict(self.values)) == (other.msgid, dict(other.values))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.msgid)


class Text:
    """Several texts printed one after the other, as one."""

    __slots__ = ("parts",)

    def __init__(self, *parts: Any) -> None:
        self.parts = parts

    def __repr__(self) -> str:
        return f"Text{self.parts!r}"


@dataclass(frozen=True, slots=True)
class Ranks:
    """Card ranks (games.cards) in the reader's letters, "J Q K" in English."""

    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardName:
    """One card in the reader's letters with its suit sign, the queen of spades say."""

    rank: int
    suit: str


@dataclass(frozen=True, slots=True)
class Suits:
    """The four suit signs."""


# --- the table -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Partners:
    """Partners sit opposite and play as a side: seat i with seat i + n/2 (on a blank sheet,
    or when the names come without sides). ``only_at``: the table sizes this holds for
    (empty: every size). ``words``: how the sheet names the sides of partners drawn for
    the round, in side order (Us and Them, as the game's table says them), instead of
    Team A, B."""

    only_at: tuple[int, ...] = ()
    words: tuple[Any, ...] = ()


# --- the blocks of a sheet -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Note:
    """Small print across the page, wrapped."""

    text: Any
    bold: bool = False
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class Rules:
    """The line "Rules in play: a · b · c" in small print; parts that come out empty
    (a :class:`Case` without ``otherwise``) are left out."""

    parts: tuple[Any, ...]
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class Gap:
    """Room between two blocks."""

    height: float
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class Title:
    """A bold heading above a table: its type size, the room it takes and where its
    baseline is, below the block's top."""

    text: Any
    size: float = 11
    height: float = 6
    baseline: float = 4.5


@dataclass(frozen=True, slots=True)
class Share:
    """The row height of the tables that share the room left on the page: each the same,
    between ``low`` and ``high``, at most ``cap`` in this table."""

    low: float
    high: float
    cap: float | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """A ruled table of fixed texts: the first row is its heading (bold on grey);
    ``widths`` are shares of the page's width."""

    rows: tuple[tuple[Any, ...], ...]
    widths: tuple[float, ...]
    title: Title | None = None
    row: float = 6.5
    size: float = 9
    bold_rows: tuple[int, ...] = ()
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class Column:
    """A column: its heading, its share of the width, and what each of its rows holds
    (``cell``: a text, or one of :data:`SEAT`, :data:`NAME`, :data:`TEAM`, :data:`SIDE`).

    ``per_side``: one cell for the whole side (merged over its players' rows);
    ``shaded``: a running total; ``small``: printed hints ("☐ grey ☐ red");
    ``thick``: a thick rule on its right (a flag or a condition); ``team_label``: the
    team's name in the corner of the cell; ``align``: left, center or right."""

    heading: Any
    width: float
    cell: Any = ""
    per_side: bool = False
    shaded: bool = False
    small: bool = False
    thick: Any = False
    team_label: bool = False
    align: str = "center"
    when: Condition | None = None


#: Cells of a :class:`Column`: the seat's number, the player's name (an empty box to write
#: it in on a blank sheet), the team's name, and a side's name: the team and its players,
#: or the player.
SEAT, NAME, TEAM, SIDE = "<seat>", "<name>", "<team>", "<side>"


@dataclass(frozen=True, slots=True)
class SeatTable:
    """A row per player, sides apart (thick rules between them): ``row`` a height or a
    :class:`Share`; text at ``size``, at ``tight_size`` in rows lower than ``tight_row``.
    With ``per_side`` a row per side instead of per player (a match's totals)."""

    columns: tuple[Column, ...]
    title: Title | None = None
    row: float | Share = 13
    heading_height: float = 9
    size: float = 11
    tight_size: float | None = None
    tight_row: float = 0
    per_side: bool = False
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class Sub:
    """A player's sub-column in a :class:`Grid`: heading, share of the player's width,
    shaded (a running total) or not."""

    heading: Any
    weight: float = 1
    shaded: bool = False


@dataclass(frozen=True, slots=True)
class FirstRow:
    """A row before the numbered ones (bold): the first lead cell and the cells of every
    player's sub-columns (the start points, say)."""

    lead: Any
    subs: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Estimate:
    """Rows a game takes at most: option ``option`` times ``times`` / ``over`` + ``plus``."""

    option: str
    times: float = 1
    over: Any = 1
    plus: int = 0


@dataclass(frozen=True, slots=True)
class Continued:
    """A grid that goes on to a second page when ``rows`` do not fit the first: that page
    starts with ``note`` and ``first``."""

    rows: Estimate
    note: Any
    first: FirstRow


@dataclass(frozen=True, slots=True)
class Grid:
    """The usual score grid down to the foot of the page: ``lead`` columns (heading, width
    in mm; the first numbers the rows) then, per player, a name box over ``subs``. Text at
    ``size`` (a number or a :class:`Case`)."""

    lead: tuple[tuple[Any, float], ...]
    subs: tuple[Sub, ...]
    row: float = 7
    size: Any = 9
    first: FirstRow | None = None
    continued: Continued | None = None
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class SeatBoxes:
    """A box per player under a :class:`Grid`, in its players' columns, labelled
    ``label`` (tally marks, say)."""

    label: Any
    height: float
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class Box:
    """A labelled box to write in; ``share`` of the row's width."""

    label: Any
    share: float = 1
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class Boxes:
    """A row of boxes to write in across the page."""

    boxes: tuple[Box, ...]
    height: float = 12
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class Lines:
    """Lines of text across the page, ``step`` apart, the block ``height`` high."""

    texts: tuple[Any, ...]
    size: float = 10.5
    step: float = 6
    height: float = 11
    when: Condition | None = None


@dataclass(frozen=True, slots=True)
class Notes:
    """A box for notes down to the foot, when there is room for one."""

    when: Condition | None = None


Block = Note | Rules | Gap | Table | SeatTable | Grid | SeatBoxes | Boxes | Lines | Notes


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """A game's score sheet: its ``blocks`` from the top; the foot holds the winner (with
    ``winner``) and the players' signatures."""

    blocks: tuple[Block, ...]
    partners: Partners | None = None
    winner: bool = True


__all__ = [
    "DASH",
    "MINUS",
    "NAME",
    "SEAT",
    "SIDE",
    "TEAM",
    "TICK",
    "All",
    "Block",
    "Box",
    "Boxes",
    "CardName",
    "Case",
    "Column",
    "Condition",
    "Continued",
    "Estimate",
    "FirstRow",
    "Gap",
    "Grid",
    "InTeams",
    "Is",
    "Lines",
    "Msg",
    "Not",
    "Note",
    "Notes",
    "Opt",
    "Partners",
    "Players",
    "Rules",
    "SeatBoxes",
    "SeatTable",
    "Share",
    "SheetLayout",
    "Sub",
    "Suits",
    "Table",
    "Text",
    "Title",
]
