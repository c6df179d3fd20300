"""What the printed documents share: game titles, sorting and wrapping names, continuation
headings, teams and their letters, shaded boxes."""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Sequence

from games import registry

from .base import (
    Pen,
    mm,
)
from .data import (
    Header,
    Player,
)
from .i18n import _

SIDES = "ABCDEF"  # the teams' letters: Keezen at six is three teams of two
GREY_TEXT = (0.35, 0.35, 0.35)
RULE = (0.75, 0.75, 0.75)
ZEBRA = (0.95, 0.95, 0.95)


# -- shared helpers -------------------------------------------------------------------


def game_title(game: str) -> tuple[str, int]:
    """The game's printed title and its default number of players; a game the registry
    does not know prints under its own name, for four."""
    try:
        spec = registry.get(game)
    except registry.UnknownGameError:
        return game, 4
    return spec.title, spec.default_players


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical order as people expect it: accents and case ignored."""
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return plain.casefold(), name


def wrap_items(pen: Pen, items: Sequence[str], width: float, *, size: float) -> list[str]:
    """``items`` joined by commas into lines no wider than ``width``, never breaking an
    item (a name) across lines."""
    lines: list[str] = []
    line = ""
    for item in items:
        candidate = f"{line}, {item}" if line else item
        if line and pen.width(candidate + ",", size=size) > width:
            lines.append(line + ",")
            line = item
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def fit_name(
    pen: Pen,
    x: float,
    middle: float,
    width: float,
    name: str,
    *,
    size: float,
    bold: bool = False,
    align: str = "left",
) -> None:
    """Draw ``name`` vertically centred on ``middle`` within ``width``: on one line when
    it fits at ``size`` (or a little smaller), else on two lines split at a space, else
    shrunk onto one line."""
    full = pen.width(name, size=size, bold=bold)
    words = name.split()
    if full <= width * 1.15 or len(words) < 2:
        pen.text(x, middle - size * 0.35, name, size=size, bold=bold, align=align, max_width=width)
        return
    # The split that makes the longer of the two lines shortest.
    best: tuple[str, str] | None = None
    best_width: float | None = None
    for i in range(1, len(words)):
        first, second = " ".join(words[:i]), " ".join(words[i:])
        longest = max(
            pen.width(first, size=size, bold=bold), pen.width(second, size=size, bold=bold)
        )
        if best_width is None or longest < best_width:
            best, best_width = (first, second), longest
    assert best is not None and best_width is not None
    line_size = size * min(1.0, width / best_width) if best_width > width else size
    line_size = max(line_size, size * 0.6)
    gap = line_size * 1.1
    for line, centre in zip(best, (middle + gap / 2, middle - gap / 2), strict=True):
        pen.text(
            x,
            centre - line_size * 0.35,
            line,
            size=line_size,
            bold=bold,
            align=align,
            max_width=width,
        )


def heading(pen: Pen, title: str, *, size: float = 13) -> float:
    """The small heading of a continuation page; returns the y below it."""
    page = pen.page
    pen.text(page.left, page.top - 6 * mm, title, size=size, bold=True, max_width=page.span)
    c = pen.canvas
    c.setLineWidth(0.6)
    bottom = page.top - 9 * mm
    c.line(page.left, bottom, page.right, bottom)
    return bottom - 5 * mm


def continued(pen: Pen, title: str) -> str:
    label = pen.tr(_("continued"))
    return f"{title} ({label})"


def with_game(header: Header, game: str) -> Header:
    """``header`` with the game's title on its second line and no round or table boxes
    (the title says the round)."""
    title, _players = game_title(game)
    tournament = " · ".join(part for part in (header.tournament, title) if part)
    return dataclasses.replace(header, tournament=tournament, round=None, table=None)


def seated(players: Sequence[Player]) -> list[Player]:
    """Players in the order to print them: by team, then by seat."""
    return sorted(players, key=lambda p: (p.side if p.side is not None else -1, p.seat))


def team_columns(players: Sequence[Player]) -> list[list[Player]]:
    """Seated players a team to a column, in the teams' order; a player without a team
    (none at a team table) joins the first."""
    sides = sorted({p.side for p in players if p.side is not None})
    columns = [[p for p in players if p.side == side] for side in sides]
    columns[0] += [p for p in players if p.side is None]
    return columns


def side_letter(side: int | None) -> str:
    """A team's letter (A for side 0), or nothing for a player without a team."""
    return SIDES[side] if side is not None and 0 <= side < len(SIDES) else ""


def fill(pen: Pen, rgb: tuple[float, float, float], box: tuple[float, float, float, float]):
    c = pen.canvas
    c.setFillColorRGB(*rgb)
    c.rect(*box, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
