"""Server-rendered SVG charts for the rating and standings pages: plain data in, SVG
text out, so they work offline at the venue, need no script, and read the same in every
language (the caller passes the translated words). Each has a <title> and <desc>; the pages put a
table of the same numbers beside it for screen readers and for printing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 320, 160
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 10, 10, 24


INNER_W = WIDTH - PAD_LEFT - PAD_RIGHT
INNER_H = HEIGHT - PAD_TOP - PAD_BOTTOM


def _frame(kind: str, body: str, *, height: float, ident: str, title: str, desc: str) -> str:
    """The <svg> every chart is: its class, size, title and description (their ids made
    unique on the page by `ident`), then `body`."""
    return (
        f'<svg class="chart{" " + kind if kind else ""}" role="img" '
        f'viewBox="0 0 {WIDTH} {height}" aria-labelledby="{ident}-title {ident}-desc" '
        f'preserveAspectRatio="xMidYMid meet">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>{body}</svg>'
    )


def _xs(count: int) -> list[float]:
    """Where `count` evenly spread points go across the plot (one in the middle)."""
    if count == 1:
        return [round(PAD_LEFT + INNER_W / 2, 1)]
    return [round(PAD_LEFT + i * INNER_W / (count - 1), 1) for i in range(count)]


def line_chart(
    labels: Sequence[str], values: Sequence[float], *, title: str, desc: str, ident: str = "chart"
) -> str:
    """A line through `values` (one per label, left to right) with the lowest and highest
    value written on the axis."""
    if len(labels) != len(values):
        raise ValueError("one value per label")
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high == low:
        low, high = low - 1, high + 1
    points = [
        (x, round(PAD_TOP + (high - value) / (high - low) * INNER_H, 1), label, value)
        for x, label, value in zip(_xs(len(values)), labels, values, strict=False)
    ]
    line = " ".join(f"{x},{y}" for x, y, _label, _value in points)
    dots = "".join(
        f'<circle cx="{x}" cy="{y}" r="3"><title>{escape(label)}: {_number(value)}</title></circle>'
        for x, y, label, value in points
    )
    bottom = HEIGHT - PAD_BOTTOM
    body = (
        f'<line x1="{PAD_LEFT}" y1="{PAD_TOP}" x2="{PAD_LEFT}" y2="{bottom}" '
        f'stroke="currentColor" stroke-width="1"/>'
        f'<line x1="{PAD_LEFT}" y1="{bottom}" x2="{WIDTH - PAD_RIGHT}" y2="{bottom}" '
        f'stroke="currentColor" stroke-width="1"/>'
        f'<text x="{PAD_LEFT - 4}" y="{PAD_TOP + 4}" text-anchor="end" font-size="10">'
        f"{_number(high)}</text>"
        f'<text x="{PAD_LEFT - 4}" y="{bottom}" text-anchor="end" font-size="10">'
        f"{_number(low)}</text>"
        f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>{dots}'
    )
    return _frame("", body, height=HEIGHT, ident=ident, title=title, desc=desc)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


@dataclass(frozen=True, slots=True)
class Series:
    """One competitor's line in a bump chart: their position after each evening (None
    before they first came), and which evenings were struck (not among their best)."""

    name: str
    positions: Sequence[int | None]
    struck: Sequence[bool] = ()


def bump_chart(
    labels: Sequence[str],
    series: Sequence[Series],
    *,
    title: str,
    desc: str,
    ident: str = "bump",
    struck_label: str = "struck",
) -> str:
    """Positions after each evening (labels, left to right), 1 at the top, one line per
    series; a struck evening is drawn as an open circle."""
    worst = max((p for s in series for p in s.positions if p is not None), default=1)
    xs = _xs(len(labels)) if labels else []

    def y(position: int) -> float:
        if worst == 1:
            return PAD_TOP + INNER_H / 2
        return round(PAD_TOP + (position - 1) / (worst - 1) * INNER_H, 1)

    parts = [
        f'<text x="{PAD_LEFT - 6}" y="{y(1) + 3}" text-anchor="end" font-size="10">1</text>'
        f'<text x="{PAD_LEFT - 6}" y="{y(worst) + 3}" text-anchor="end" font-size="10">'
        f"{worst}</text>"
    ]
    for number, one in enumerate(series):
        points = [
            (xs[i], y(p), labels[i], p, i < len(one.struck) and one.struck[i])
            for i, p in enumerate(one.positions[: len(labels)])
            if p is not None
        ]
        line = " ".join(f"{x},{y_}" for x, y_, *_rest in points)
        parts.append(
            f'<g class="series-{number % 10}"><title>{escape(one.name)}</title>'
            f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>'
        )
        for x, y_, label, position, struck in points:
            note = f" ({escape(struck_label)})" if struck else ""
            parts.append(
                f'<circle cx="{x}" cy="{y_}" r="3.5" '
                f'fill="{"none" if struck else "currentColor"}" stroke="currentColor">'
                f"<title>{escape(one.name)}, {escape(label)}: {position}{note}</title></circle>"
            )
        parts.append("</g>")
    return _frame("bump", "".join(parts), height=HEIGHT, ident=ident, title=title, desc=desc)


#: The longest tablemate's name the record chart writes whole (10 px type on 320 units).
RECORD_NAME = 48


@dataclass(frozen=True, slots=True)
class Record:
    """A player's record against one tablemate: tables they finished ahead, level, behind."""

    name: str
    ahead: int
    level: int
    behind: int


def record_chart(records: Sequence[Record], *, title: str, desc: str, ident: str = "record") -> str:
    """One stacked bar per tablemate: ahead, level and behind as shares of their shared
    tables, the tablemate's name above it (the whole width: a long name is not cut at a
    phone's width, up to :data:`RECORD_NAME` characters)."""
    row, label_h = 30, 12
    inner = WIDTH - 10
    bars = []
    for i, one in enumerate(records):
        counts = (one.ahead, one.level, one.behind)
        total = sum(counts) or 1
        top = 2 + i * row
        y, x = top + label_h, 0.0
        name = one.name if len(one.name) <= RECORD_NAME else one.name[: RECORD_NAME - 1] + "…"
        bars.append(f'<text x="0" y="{top + 9}" font-size="10">{escape(name)}</text>')
        for part, n in enumerate(counts):
            width = round(inner * n / total, 1)
            if width:
                bars.append(
                    f'<rect class="part-{part}" x="{round(x, 1)}" y="{y}" width="{width}" '
                    f'height="{row - label_h - 4}"><title>{n}</title></rect>'
                )
            x += width
    height = max(row * len(records) + 4, row)
    return _frame("record", "".join(bars), height=height, ident=ident, title=title, desc=desc)
