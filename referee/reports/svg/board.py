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


def board_element(picture: BoardPicture, *, ident: str, layout: Layout) -> Element:
    size = layout.cell
    board_width = len(picture.columns) * size
    board_height = len(picture.rows) * size
    # A small board keeps room beside it for the legend's words.
    width = max(layout.margin + board_width + layout.padding, layout.least_width)
    top = layout.margin + board_height + layout.padding
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
    svg.extend(_axes(picture, layout))
    svg.extend(_cells(picture, layout))
    svg.extend(legend.elements)
    return svg


def _axes(picture: BoardPicture, layout: Layout) -> list[Element]:
    size, margin = layout.cell, layout.margin
    labels: list[Element] = []
    for index, label in enumerate(picture.columns):
        labels.append(
            element(
                "text",
                label,
                x=margin + index * size + size / 2,
                y=margin - 9,
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
                x=margin - 7,
                y=margin + index * size + size / 2 + layout.legend_font * 0.35,
                text_anchor="end",
                font_size=layout.legend_font,
                fill=INK,
            )
        )
    return labels


def _cells(picture: BoardPicture, layout: Layout) -> list[Element]:
    size, margin = layout.cell, layout.margin
    drawn: list[Element] = []
    for row in range(len(picture.rows)):
        for column in range(len(picture.columns)):
            cell: Cell = (column, row)
            x, y = margin + column * size, margin + row * size
            key = picture.cells.get(cell)
            swatch = picture.legend[key] if key is not None else None
            fill = swatch.fill if swatch is not None else EMPTY_FILL
            group = element("g")
            group.add(
                element(
                    "rect",
                    x=x,
                    y=y,
                    width=size,
                    height=size,
                    fill=fill,
                    stroke=LINES,
                    stroke_width=1,
                )
            )
            if swatch is not None and swatch.mark:
                group.add(_mark(swatch, x + size / 2, y + size / 2, layout.mark_font))
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
    text_x = layout.padding + box + 10
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
                width=box,
                height=box,
                fill=fill,
                stroke=LINES,
                stroke_width=1,
            )
        )
        if swatch is not None and swatch.mark:
            key.add(_mark(swatch, layout.padding + box / 2, y + box / 2, layout.legend_font))
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
