"""A board as SVG: labelled axes, one square per cell in its swatch's colour, a legend.

The picture scales to any width (it has a ``viewBox``; the page's CSS sets its width), so a
phone shows the whole board. Its ``<title>`` and ``<desc>`` carry a text alternative that
lists every occupied cell by its name, so a screen reader gives the board in words.
"""

from __future__ import annotations

import textwrap
from collections import defaultdict
from dataclasses import dataclass

from referee.games.kit.picture import BoardPicture, Cell, Swatch
from referee.reports.svg.contrast import ink_for
from referee.reports.svg.markup import SVG_NAMESPACE, Element, element

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
PAPER = "#ffffff"
INK = "#1a1a1a"
"""Axis labels and legend text: 17:1 on the paper."""
LINES = "#595959"
EMPTY_FILL = "#f4f4f4"


@dataclass(frozen=True)
class Layout:
    """The sizes of the drawing, in the picture's own units (CSS pixels at full size)."""

    cell: int = 40
    margin: int = 30
    """Room for the axis labels on the left and above."""
    padding: int = 12
    legend_line: int = 32
    legend_font: int = 17
    mark_font: int = 18
    least_width: int = 360


def draw_board(picture: BoardPicture, *, ident: str = "board", layout: Layout = Layout()) -> str:
    """A standalone SVG document of the board (an XML declaration, then the ``<svg>``)."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        + board_element(picture, ident=ident, layout=layout).to_xml()
    )


def inline_board(picture: BoardPicture, *, ident: str = "board", layout: Layout = Layout()) -> str:
    """The ``<svg>`` element alone, for a web page (``ident`` must be unique in the page)."""
    return board_element(picture, ident=ident, layout=layout).to_xml()


def text_alternative(picture: BoardPicture) -> str:
    """The board in words: the description, then each kind of cell and where it is."""
    where: dict[str, list[str]] = defaultdict(list)
    for cell in sorted(picture.cells, key=lambda c: (c[1], c[0])):
        where[picture.cells[cell]].append(picture.cell_name(cell))
    parts = [picture.description.rstrip(".") + "."]
    for key, swatch in picture.legend.items():
        if where[key]:
            parts.append(f"{swatch.label}: {', '.join(where[key])}.")
    occupied = len(picture.cells)
    total = len(picture.columns) * len(picture.rows)
    parts.append(f"{total - occupied} of {total} cells are empty ({picture.empty}).")
    return " ".join(parts)


@dataclass(frozen=True)
class _Geometry:
    """Where the grid lies: its cells' size and its top left corner (room for the labels)."""

    width: int
    height: int
    left: int
    top: int

    @staticmethod
    def of(picture: BoardPicture, layout: Layout) -> _Geometry:
        # Labels longer than a square (a player's name, an office) widen the columns or
        # the left margin; a board's one- or two-character labels keep the square cells.
        em = layout.legend_font * 0.6
        widest_column = max((len(label) for label in picture.columns), default=1)
        widest_row = max((len(label) for label in picture.rows), default=1)
        return _Geometry(
            width=max(layout.cell, round(widest_column * em) + 12, _mark_width(picture, layout)),
            height=layout.cell,
            left=max(layout.margin, round(widest_row * em) + 14),
            top=layout.margin,
        )


def _mark_width(picture: BoardPicture, layout: Layout, font: int | None = None) -> int:
    """Room for the widest mark in bold (a three-letter code needs more than a square)."""
    widest = max((len(s.mark) for s in picture.legend.values()), default=1)
    return round(widest * (font or layout.mark_font) * 0.9) + 8


def board_element(picture: BoardPicture, *, ident: str, layout: Layout) -> Element:
    grid = _Geometry.of(picture, layout)
    board_width = len(picture.columns) * grid.width
    board_height = len(picture.rows) * grid.height
    # A small board keeps room beside it for the legend's words.
    width = max(grid.left + board_width + layout.padding, layout.least_width)
    top = grid.top + board_height + layout.padding
    legend = _legend(picture, layout, top=top, width=width)
    height = legend.bottom + layout.padding
    svg = element(
        "svg",
        xmlns=SVG_NAMESPACE,
        width=width,
        height=height,
        viewBox=f"0 0 {width} {height}",
        role="img",
        aria_labelledby=f"{ident}-title {ident}-desc",
        font_family=FONT,
    )
    svg.attributes["id"] = ident
    svg.add(element("title", picture.title, id=f"{ident}-title"))
    svg.add(element("desc", text_alternative(picture), id=f"{ident}-desc"))
    svg.add(element("rect", x=0, y=0, width=width, height=height, fill=PAPER))
    svg.extend(_axes(picture, layout, grid))
    svg.extend(_cells(picture, layout, grid))
    svg.extend(legend.elements)
    return svg


def _axes(picture: BoardPicture, layout: Layout, grid: _Geometry) -> list[Element]:
    labels: list[Element] = []
    for index, label in enumerate(picture.columns):
        labels.append(
            element(
                "text",
                label,
                x=grid.left + index * grid.width + grid.width / 2,
                y=grid.top - 9,
                text_anchor="middle",
                font_size=layout.legend_font,
                fill=INK,
            )
        )
    for index, label in enumerate(picture.rows):
        labels.append(
            element(
                "text",
                label,
                x=grid.left - 7,
                y=grid.top + index * grid.height + grid.height / 2 + layout.legend_font * 0.35,
                text_anchor="end",
                font_size=layout.legend_font,
                fill=INK,
            )
        )
    return labels


def _cells(picture: BoardPicture, layout: Layout, grid: _Geometry) -> list[Element]:
    drawn: list[Element] = []
    for row in range(len(picture.rows)):
        for column in range(len(picture.columns)):
            cell: Cell = (column, row)
            x, y = grid.left + column * grid.width, grid.top + row * grid.height
            key = picture.cells.get(cell)
            swatch = picture.legend[key] if key is not None else None
            fill = swatch.fill if swatch is not None else EMPTY_FILL
            group = element("g")
            group.add(
                element(
                    "rect",
                    x=x,
                    y=y,
                    width=grid.width,
                    height=grid.height,
                    fill=fill,
                    stroke=LINES,
                    stroke_width=1,
                )
            )
            if swatch is not None and swatch.mark:
                group.add(_mark(swatch, x + grid.width / 2, y + grid.height / 2, layout.mark_font))
            drawn.append(group)
    return drawn


def _mark(swatch: Swatch, x: float, y: float, font_size: int) -> Element:
    return element(
        "text",
        swatch.mark,
        x=x,
        y=y + font_size * 0.35,
        text_anchor="middle",
        font_size=font_size,
        font_weight="bold",
        fill=ink_for(swatch.fill),
    )


@dataclass(frozen=True)
class _Legend:
    elements: list[Element]
    bottom: float


def _legend(picture: BoardPicture, layout: Layout, *, top: float, width: float) -> _Legend:
    """One line per swatch (a small square with its mark, then its label, wrapped), and a
    last line for the empty cells."""
    step = layout.legend_line
    box = step - 8
    box_width = max(box, _mark_width(picture, layout, layout.legend_font))
    text_x = layout.padding + box_width + 10
    # DejaVu Sans averages about half an em per character of prose.
    columns = max(12, int((width - text_x - layout.padding) / (layout.legend_font * 0.54)))
    drawn: list[Element] = []
    y = top
    entries: list[tuple[Swatch | None, str]] = [(s, s.label) for s in picture.legend.values()]
    entries.append((None, picture.empty))
    for swatch, label in entries:
        fill = swatch.fill if swatch is not None else EMPTY_FILL
        key = element("g")
        drawn.append(key)
        key.add(
            element(
                "rect",
                x=layout.padding,
                y=y,
                width=box_width,
                height=box,
                fill=fill,
                stroke=LINES,
                stroke_width=1,
            )
        )
        if swatch is not None and swatch.mark:
            key.add(_mark(swatch, layout.padding + box_width / 2, y + box / 2, layout.legend_font))
        lines = textwrap.wrap(label, columns) or [""]
        for number, line in enumerate(lines):
            drawn.append(
                element(
                    "text",
                    line,
                    x=text_x,
                    y=y + box / 2 + layout.legend_font * 0.35 + number * (layout.legend_font + 4),
                    font_size=layout.legend_font,
                    fill=INK,
                )
            )
        y += step + (len(lines) - 1) * (layout.legend_font + 4)
    return _Legend(drawn, y)
