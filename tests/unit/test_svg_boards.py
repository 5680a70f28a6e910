"""Boards drawn as SVG: valid XML with a text alternative, each cell in its colour, every
mark readable on its fill, and no secret of Single-Capture Go in the picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from test_commune_support import play_season
from test_scgo_table import Table

from referee.games.commune.colours import COLOURS
from referee.games.commune.paint import NO_COMMUNITY, PAINT, UNNAMED, paint
from referee.games.kit.picture import BoardPicture, Swatch
from referee.games.kit.picture import Table as PictureTable
from referee.games.scgo.picture import AT_FILL, LETTER_FILLS
from referee.reports.svg import draw_board
from referee.reports.svg.board import EMPTY_FILL, INK, PAPER, text_alternative
from referee.reports.svg.contrast import MINIMUM_TEXT_CONTRAST, contrast_ratio, ink_for

SVG = "{http://www.w3.org/2000/svg}"


def parsed(document: str) -> ET.Element:
    assert document.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    return ET.fromstring(document.encode("utf-8"))


def cell_fills(root: ET.Element) -> dict[str, str]:
    """The fill of each board cell, by the cell's place ``x,y`` in the picture."""
    return {
        f"{rect.get('x')},{rect.get('y')}": rect.get("fill", "")
        for group in root.iter(f"{SVG}g")
        for rect in group.findall(f"{SVG}rect")
        if rect.get("width") == "40"
    }


def test_the_commune_board_draws_each_community_in_its_colour() -> None:
    t, _history = play_season()
    picture = t.game.picture(t.state)
    assert picture.board is not None
    root = parsed(draw_board(picture.board))
    assert root.tag == f"{SVG}svg"
    title, desc = root[0], root[1]
    assert title.tag == f"{SVG}title" and title.text == "commune: the Commune playboard"
    assert desc.tag == f"{SVG}desc"
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "board-title board-desc"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    # The report's row 4 is "x x x J J J x x x x": D4, E4, F4 in Jade.
    assert "Jade, founded by" in (desc.text or "")
    assert "D4, E4, F4" in (desc.text or "")
    fills = cell_fills(root)
    jade = PAINT["jade"]
    # Cells are 40 wide from x=30 (columns A..J), y=30 (rows 0..9).
    assert fills["150,190"] == fills["190,190"] == fills["230,190"] == jade
    assert fills["30,30"] == EMPTY_FILL
    assert sum(1 for fill in fills.values() if fill == jade) == 6  # the six tiles


def test_every_colour_word_has_a_paint_and_every_fill_a_readable_mark() -> None:
    assert set(PAINT) == set(COLOURS)
    assert paint("CERULEAN", 1) == PAINT["cerulean"]
    assert paint(None, 1) == UNNAMED[0] and paint("Cerulean-ish", 2) == UNNAMED[1]
    fills = [*PAINT.values(), *UNNAMED, NO_COMMUNITY, *LETTER_FILLS, AT_FILL, EMPTY_FILL]
    for fill in fills:
        assert contrast_ratio(ink_for(fill), fill) >= MINIMUM_TEXT_CONTRAST, fill
    assert contrast_ratio(INK, PAPER) >= MINIMUM_TEXT_CONTRAST
    assert contrast_ratio(INK, EMPTY_FILL) >= MINIMUM_TEXT_CONTRAST
    assert round(contrast_ratio("#000000", "#ffffff"), 2) == 21.0
    assert ink_for("#ffff00") == "#000000" and ink_for("#000080") == "#ffffff"


def test_every_text_of_a_drawing_reads_on_what_it_is_drawn_on() -> None:
    t, _history = play_season()
    picture = t.game.picture(t.state)
    assert picture.board is not None
    root = parsed(draw_board(picture.board))
    checked = 0
    for group in root.iter(f"{SVG}g"):
        rect, text = group.find(f"{SVG}rect"), group.find(f"{SVG}text")
        if rect is not None and text is not None:
            checked += 1
            assert contrast_ratio(text.get("fill", ""), rect.get("fill", "")) >= 4.5
    loose = list(root.findall(f"{SVG}text"))
    assert loose and all(text.get("fill") == INK for text in loose)
    assert checked == 6 + 1


def test_names_are_escaped_and_the_kit_draws_signed_axes() -> None:
    axis = tuple(str(n) for n in range(-4, 5))
    picture = BoardPicture(
        title='A <map> & "its" lands',
        description="A nine by nine map",
        columns=axis,
        rows=axis,
        legend={"x": Swatch("<", "#1f77b4", "Ann & <Bob>'s land")},
        cells={(0, 0): "x", (8, 8): "x"},
        empty="open sea",
    )
    root = parsed(draw_board(picture, ident="okinawa"))
    assert root[0].text == 'A <map> & "its" lands'
    assert root.get("id") == "okinawa"
    words = text_alternative(picture)
    assert words == (
        "A nine by nine map. Ann & <Bob>'s land: -4-4, 44. 79 of 81 cells are empty (open sea)."
    )
    labels = [t.text for t in root.findall(f"{SVG}text")]
    assert labels[:9] == list(axis)


def test_a_picture_refuses_cells_off_the_board_or_unexplained() -> None:
    legend = {"a": Swatch("A", "#ffffff", "A")}
    with pytest.raises(ValueError, match="off the board"):
        BoardPicture("t", "d", ("1",), ("1",), legend, {(1, 0): "a"})
    with pytest.raises(ValueError, match="does not explain"):
        BoardPicture("t", "d", ("1",), ("1",), legend, {(0, 0): "b"})
    with pytest.raises(ValueError, match="#rrggbb"):
        Swatch("A", "red", "A")
    with pytest.raises(ValueError, match="2 cells under 1 headings"):
        PictureTable("t", ("a",), (("1", "2"),))


def test_the_go_grid_shows_no_play_of_the_round_in_progress() -> None:
    table = Table(["nix", "Janet", "Murphy"])
    table.begin()
    table.play({"nix": "a1", "Janet": "b2", "Murphy": "c3"})
    table.end_round()
    table.send("nix", "I play e5")
    table.send("Janet", "I play d4")
    table.attempt("Murphy", "I play a1")  # occupied: a refused attempt, secret too
    before = table.game.picture(table.state)
    assert before.board is not None
    document = draw_board(before.board)
    words = " ".join(re.sub(r"<[^>]+>", " ", document).split())
    for secret in ("e5", "d4"):
        assert not re.search(rf"\b{secret}\b", words, re.IGNORECASE), secret
    assert "A nix: a1. B Janet: b2. C Murphy: c3." in text_alternative(before.board)
    # Whatever the secret plays are, the picture is the same.
    table.state.plays = list(reversed(table.state.plays))
    assert table.game.picture(table.state) == before
    table.state.plays, table.state.attempts = [], []
    after = table.game.picture(table.state)
    assert after.board == before.board
    players = {row[1]: row[4] for row in before.tables[0].rows}
    assert players == {"nix": "received", "Janet": "received", "Murphy": "none yet"}


def test_characters_xml_cannot_hold_are_replaced_not_written() -> None:
    picture = BoardPicture(
        title="Bell\x07 and \ud800 board",
        description="d",
        columns=("1",),
        rows=("1",),
        legend={"x": Swatch("x\x00", "#ffffff", "tab\tand form\x0cfeed")},
        cells={(0, 0): "x"},
    )
    root = parsed(draw_board(picture))
    assert root[0].text == "Bell\ufffd and \ufffd board"
    assert "tab\tand form\ufffdfeed: 11." in (root[1].text or "")
