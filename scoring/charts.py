"""Server-rendered SVG charts for the rating pages: plain data in, SVG text out, so they
work offline at the venue, need no script, and read the same in every language (the
caller passes the translated words). Each has a <title> and <desc>; the pages put a
table of the same numbers beside it for screen readers and for printing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 320, 160
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 10, 10, 24


@dataclass(frozen=True, slots=True)
class Plotted:
    """Where a value went: its label, its value and its point in the SVG."""

    label: str
    value: float
    x: float
    y: float


def line_chart(
    labels: Sequence[str], values: Sequence[float], *, title: str, desc: str, ident: str = "chart"
) -> tuple[str, list[Plotted]]:
    """A line through `values` (one per label, left to right) with the lowest and highest
    value written on the axis; the SVG and the plotted points. `ident` makes the ids of
    its title and description unique on the page."""
    if len(labels) != len(values):
        raise ValueError("one value per label")
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high == low:
        low, high = low - 1, high + 1
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    step = inner_w / (len(values) - 1) if len(values) > 1 else 0
    points = [
        Plotted(
            label,
            value,
            round(PAD_LEFT + (i * step if len(values) > 1 else inner_w / 2), 1),
            round(PAD_TOP + (high - value) / (high - low) * inner_h, 1),
        )
        for i, (label, value) in enumerate(zip(labels, values, strict=True))
    ]
    line = " ".join(f"{p.x},{p.y}" for p in points)
    dots = "".join(
        f'<circle cx="{p.x}" cy="{p.y}" r="3"><title>{escape(p.label)}: '
        f"{_number(p.value)}</title></circle>"
        for p in points
    )
    svg = (
        f'<svg class="chart" role="img" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'aria-labelledby="{ident}-title {ident}-desc" preserveAspectRatio="xMidYMid meet">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>'
        f'<line x1="{PAD_LEFT}" y1="{PAD_TOP}" x2="{PAD_LEFT}" y2="{HEIGHT - PAD_BOTTOM}" '
        f'stroke="currentColor" stroke-width="1"/>'
        f'<line x1="{PAD_LEFT}" y1="{HEIGHT - PAD_BOTTOM}" x2="{WIDTH - PAD_RIGHT}" '
        f'y2="{HEIGHT - PAD_BOTTOM}" stroke="currentColor" stroke-width="1"/>'
        f'<text x="{PAD_LEFT - 4}" y="{PAD_TOP + 4}" text-anchor="end" font-size="10">'
        f"{_number(high)}</text>"
        f'<text x="{PAD_LEFT - 4}" y="{HEIGHT - PAD_BOTTOM}" text-anchor="end" '
        f'font-size="10">{_number(low)}</text>'
        f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>'
        f"{dots}</svg>"
    )
    return svg, points


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
) -> tuple[str, dict[str, list[Plotted]]]:
    """Positions after each evening (labels, left to right), 1 at the top, one line per
    series; a struck evening is drawn as an open circle. The SVG and, per series name,
    the plotted points (value = position)."""
    worst = max((p for s in series for p in s.positions if p is not None), default=1)
    inner_w = WIDTH - PAD_LEFT - PAD_RIGHT
    inner_h = HEIGHT - PAD_TOP - PAD_BOTTOM
    step = inner_w / (len(labels) - 1) if len(labels) > 1 else 0

    def y(position: int) -> float:
        if worst == 1:
            return PAD_TOP + inner_h / 2
        return round(PAD_TOP + (position - 1) / (worst - 1) * inner_h, 1)

    plotted: dict[str, list[Plotted]] = {}
    parts = []
    for number, one in enumerate(series):
        points = [
            Plotted(labels[i], float(p), round(PAD_LEFT + i * step, 1), y(p))
            for i, p in enumerate(one.positions)
            if p is not None and i < len(labels)
        ]
        plotted[one.name] = points
        line = " ".join(f"{p.x},{p.y}" for p in points)
        parts.append(
            f'<g class="series-{number % 10}"><title>{escape(one.name)}</title>'
            f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>'
        )
        for i, p in enumerate(one.positions):
            if p is None or i >= len(labels):
                continue
            struck = i < len(one.struck) and one.struck[i]
            note = f" ({escape(struck_label)})" if struck else ""
            parts.append(
                f'<circle cx="{round(PAD_LEFT + i * step, 1)}" cy="{y(p)}" r="3.5" '
                f'fill="{"none" if struck else "currentColor"}" stroke="currentColor">'
                f"<title>{escape(one.name)}, {escape(labels[i])}: {p}{note}</title></circle>"
            )
        parts.append("</g>")
    svg = (
        f'<svg class="chart bump" role="img" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'aria-labelledby="{ident}-title {ident}-desc" preserveAspectRatio="xMidYMid meet">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>'
        f'<text x="{PAD_LEFT - 6}" y="{y(1) + 3}" text-anchor="end" font-size="10">1</text>'
        f'<text x="{PAD_LEFT - 6}" y="{y(worst) + 3}" text-anchor="end" font-size="10">'
        f"{worst}</text>"
        f"{''.join(parts)}</svg>"
    )
    return svg, plotted


@dataclass(frozen=True, slots=True)
class Record:
    """A player's record against one tablemate: tables they finished ahead, level, behind."""

    name: str
    ahead: int
    level: int
    behind: int


def record_chart(
    records: Sequence[Record], *, title: str, desc: str, ident: str = "record"
) -> tuple[str, list[tuple[str, float, float, float]]]:
    """One stacked bar per tablemate (ahead, level, behind, as shares of their shared
    tables); the SVG and per bar (name, width of each part in the SVG's units)."""
    row, label_w, width = 18, 110, WIDTH - 10
    height = max(row * len(records) + 4, row)
    inner = width - label_w
    bars, measured = [], []
    for i, one in enumerate(records):
        total = one.ahead + one.level + one.behind or 1
        widths = [round(inner * n / total, 1) for n in (one.ahead, one.level, one.behind)]
        measured.append((one.name, *widths))
        y = 2 + i * row
        x = label_w
        cells = []
        for part, (w, n) in enumerate(zip(widths, (one.ahead, one.level, one.behind), strict=True)):
            if w:
                cells.append(
                    f'<rect class="part-{part}" x="{round(x, 1)}" y="{y}" width="{w}" '
                    f'height="{row - 4}"><title>{n}</title></rect>'
                )
            x += w
        bars.append(
            f'<text x="{label_w - 4}" y="{y + row - 7}" text-anchor="end" font-size="10">'
            f"{escape(one.name[:20])}</text>{''.join(cells)}"
        )
    svg = (
        f'<svg class="chart record" role="img" viewBox="0 0 {WIDTH} {height}" '
        f'aria-labelledby="{ident}-title {ident}-desc" preserveAspectRatio="xMidYMid meet">'
        f'<title id="{ident}-title">{escape(title)}</title>'
        f'<desc id="{ident}-desc">{escape(desc)}</desc>{"".join(bars)}</svg>'
    )
    return svg, measured
