"""What the renderers are fed: plain, frozen dataclasses. The site fills them from the
database (``printing.contents``); tests and the benchmark build them by hand.

Strings are given as they should be printed (names, dates, standings cells already in the
club's language); the renderers add only their own fixed labels, translated through
:mod:`printing.sheets.i18n`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Header:
    """The heading every printed page carries."""

    club: str
    tournament: str = ""
    date: str = ""  # formatted by the caller in the club's language
    round: int | None = None
    table: int | None = None


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    seat: int  # 1-based seat at the table, in playing order
    side: int | None = None  # the team (0, 1, 2 ...) when the table plays in teams
    team: str = ""  # the name of a fixed team (tournaments.formats.team_title names it)


@dataclass(frozen=True, slots=True)
class TableSheet:
    """The score sheet of one table, pre-filled, or blank for casual play.

    ``game`` is the registry name (``games.registry``), ``options`` the game's options
    with their defaults filled in. A blank sheet has no players and ``seats`` columns
    (0: the game's default number of players). ``link`` is the absolute URL of the
    table's private result page, printed as a QR code; empty prints none.
    """

    game: str
    header: Header
    options: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[Player, ...] = ()
    seats: int = 0
    link: str = ""

    @property
    def teams(self) -> bool:
        return any(p.side is not None for p in self.players)


@dataclass(frozen=True, slots=True)
class DrawTable:
    number: int
    players: tuple[Player, ...]
    link: str = ""  # the table's private link: a QR code on its table card


@dataclass(frozen=True, slots=True)
class DrawList:
    """A round's draw in large type for the wall: who sits at which table."""

    header: Header
    game: str
    tables: tuple[DrawTable, ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TableCards:
    """A card to stand on each table: its number, the round and who sits there."""

    header: Header
    game: str
    tables: tuple[DrawTable, ...]


@dataclass(frozen=True, slots=True)
class StandingsRow:
    cells: tuple[str, ...]
    struck: frozenset[int] = frozenset()  # column indexes printed struck through
    apart: bool = False  # listed below the others (under the minimum attendance)


@dataclass(frozen=True, slots=True)
class Standings:
    """An evening's, tournament's or season's standings as a printed table."""

    header: Header
    title: str
    columns: tuple[str, ...]
    rows: tuple[StandingsRow, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CardRound:
    """One round on a player's personal score card; empty strings are left to write in."""

    round: int
    table: int | None = None
    tablemates: tuple[str, ...] = ()
    score: str = ""
    points: str = ""


@dataclass(frozen=True, slots=True)
class PersonalCard:
    """The card a player keeps all evening: their tables and scores round by round."""

    header: Header
    game: str
    player: str
    rounds: tuple[CardRound, ...]
    # The player's position in the evening's season after each of its evenings so far
    # (date label, position or None before their first), drawn under the rounds.
    season: tuple[tuple[str, int | None], ...] = ()


@dataclass(frozen=True, slots=True)
class DisputeRule:
    """A rule a disputed move broke: its ID (``MZ-8``) and short title in the club's
    language (empty when the rules do not know the ID)."""

    id: str
    title: str = ""


@dataclass(frozen=True, slots=True)
class DisputeEntry:
    """One saved dispute on the printed report.

    ``subject`` is what was checked ("Miezemauzen · Deal"), ``what`` who and what was
    disputed ("players: Ann, Bas, Cor"), ``notes`` the engine's findings; ``legal`` and
    ``rules`` the verdict (the rules broken, none when legal); ``ruling`` the director's
    ruling in full; ``decided_by`` and ``when`` as printed.
    """

    round: int | None
    table: int | None
    subject: str
    what: str = ""
    legal: bool = True
    rules: tuple[DisputeRule, ...] = ()
    notes: tuple[str, ...] = ()
    ruling: str = ""
    decided_by: str = ""
    when: str = ""


@dataclass(frozen=True, slots=True)
class DisputeReport:
    """The disputes of a tournament with the director's rulings, first saved first."""

    header: Header
    entries: tuple[DisputeEntry, ...]


@dataclass(frozen=True, slots=True)
class Slip:
    """One player's check-in slip: their name, their personal code and the link of their
    personal QR code (it links the phone that opens it to them)."""

    name: str
    code: str
    link: str


@dataclass(frozen=True, slots=True)
class CheckInSlips:
    """Check-in slips to cut apart and hand out, one per player, each to that player
    alone: never a sheet the whole table sees."""

    header: Header
    slips: tuple[Slip, ...]


Document = (
    TableSheet | DrawList | TableCards | Standings | PersonalCard | DisputeReport | CheckInSlips
)
