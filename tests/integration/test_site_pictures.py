"""The pictures of Okinawa, Arcadia, Alliances and the Register: drawn from the same state
as the text each game prints, and read in a real headless Chromium (screenshots, the
elements that must be there, contrast of every text and a text alternative for every
picture), from games played through the pipeline."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import test_arcadia_pipeline as arcadia_pipeline
import test_okinawa_season as okinawa_season
from browser import Browser, find_chromium
from test_site_browser import (
    DESKTOP,
    PHONE,
    Dom,
    check_screenshot,
    check_svg_text_contrast,
    check_text_alternatives,
    parse_dom,
)

from referee.app import App
from referee.cli.site import cmd_site
from referee.engine.history import state_at
from referee.games.base import Game
from referee.games.kit.palette import fill_for
from referee.games.kit.picture import BoardPicture, StatePicture
from referee.games.register.picture import HOLDER_FILL
from referee.reports.site.pages import GamePage
from referee.reports.site.writer import write_site

MID_SEASON = datetime(2023, 5, 22, tzinfo=UTC)
"""Okinawa's season with nine Stones on the grid and Janet allied with nix."""


@dataclass
class Played:
    app: App
    folder: Path

    def game(self, name: str) -> Game[Any]:
        return self.app.game(name)

    def state(self, name: str, at: datetime | None = None) -> Any:
        game = self.game(name)
        with self.app.db.transaction() as session:
            return game.load(state_at(session, game, at).state)

    def site_at(self, at: datetime | None, folder: Path) -> Path:
        """The site of every game as it stood at ``at`` (``referee site`` writes today's)."""
        pages = []
        for game in self.app.games:
            state = self.state(game.name, at)
            pages.append(
                GamePage(
                    name=game.name,
                    kind=game.kind,
                    ruleset=game.ruleset.title,
                    as_of=at,
                    picture=game.picture(state),
                    text=game.render(state),
                    history=(),
                    reports=(),
                )
            )
        write_site(pages, folder, generated=at or datetime.now(UTC))
        return folder


@pytest.fixture(scope="module")
def okinawa(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    folder = tmp_path_factory.mktemp("okinawa-site")
    season = okinawa_season.play(folder, f"sqlite:///{folder / 'okinawa.sqlite3'}")
    try:
        yield Played(season.app, folder)
    finally:
        season.app.close()


@pytest.fixture(scope="module")
def arcadia(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    folder = tmp_path_factory.mktemp("arcadia-site")
    app = arcadia_pipeline._app(folder, f"sqlite:///{folder / 'arcadia.sqlite3'}")
    try:
        arcadia_pipeline._play(app)
        yield Played(app, folder)
    finally:
        app.close()


@pytest.fixture
def browser(tmp_path: Path) -> Browser:
    return Browser(find_chromium(), tmp_path / "chromium-profile")


def _board(picture: StatePicture | None) -> BoardPicture:
    assert picture is not None and picture.board is not None
    return picture.board


def _marks(board: BoardPicture) -> dict[tuple[int, int], str]:
    return {cell: board.legend[key].mark for cell, key in board.cells.items()}


# -- the same state as the text ----------------------------------------------------------


def test_okinawa_map_and_picture_show_the_same_stones(okinawa: Played) -> None:
    game = okinawa.game("Okinawa")
    for at in (datetime(2023, 5, 8, tzinfo=UTC), MID_SEASON, None):
        state = okinawa.state("Okinawa", at)
        text = game.render(state).splitlines()
        rows = [line for line in text if re.match(r"^\s+(0|[+-]\d)\s", line)][:9]
        from_text = {
            (column, row): mark
            for row, line in enumerate(rows)
            for column, mark in enumerate(line.split()[-10:-1])
            if mark != "."
        }
        board = _board(game.picture(state))
        assert _marks(board) == from_text, at
    board = _board(game.picture(okinawa.state("Okinawa", MID_SEASON)))
    assert len(board.cells) == 9
    assert board.cell_name((8, 6)) == "(-2, +4)"  # Aspen's Stone, latitude first
    # Allies share a colour: Janet and nix are one alliance, Aspen is alone.
    assert board.legend["Janet"].fill == board.legend["nix"].fill != board.legend["Aspen"].fill
    assert "allied with nix" in board.legend["Janet"].label


def test_arcadia_map_and_picture_show_the_same_units(arcadia: Played) -> None:
    game = arcadia.game("Arcadia")
    state = arcadia.state("Arcadia")
    text = game.render(state).splitlines()
    start = text.index(next(line for line in text if line.startswith("Lat\\Long")))
    from_text = {
        (column, row): code
        for row, line in enumerate(text[start + 1 : start + 10])
        for column, code in enumerate(line.split()[1:])
        if code != "..-"
    }
    board = _board(game.picture(state))
    assert _marks(board) == from_text
    assert len(board.cells) == 17
    assert board.cell_name((0, 0)) == "(1, 1)"
    legend = {swatch.mark: swatch for swatch in board.legend.values()}
    assert legend["WOb"].label == "WOb: White nix's land, with an Orchard"
    assert legend["BXb"].label == "BXb: Black nix's land, with a Monument"


def test_the_alliances_picture_is_the_registrars_report(okinawa: Played) -> None:
    game = okinawa.game("Alliances")
    state = okinawa.state("Alliances", MID_SEASON)
    text = game.render(state)
    board = _board(game.picture(state))
    groups = re.findall(r"^  (\d+)\. (.+)$", text, re.MULTILINE)
    assert [c for c in board.columns if c != "alone"] == [number for number, _ in groups]
    for index, (number, members) in enumerate(groups):
        drawn = [board.rows[row] for (column, row) in board.cells if column == index]
        assert " and ".join(sorted(drawn, key=str.casefold)) == members, number
    alone = re.search(r"^Alone in an alliance of eir own: (.+)$", text, re.MULTILINE)
    assert alone is not None
    column = board.columns.index("alone")
    assert [board.rows[r] for (c, r) in sorted(board.cells, key=lambda x: x[1]) if c == column] == (
        alone.group(1).split(", ")
    )


def test_the_alliances_picture_shows_open_intents(tmp_path: Path) -> None:
    import test_alliances_pipeline as alliances_pipeline

    app = alliances_pipeline._app(tmp_path, f"sqlite:///{tmp_path / 'alliances.sqlite3'}")
    try:
        alliances_pipeline._play(app)
        played = Played(app, tmp_path)
        game = played.game("Alliances")
        board = _board(game.picture(played.state("Alliances")))
    finally:
        app.close()
    # Aspen's intent 3 to join Kate's alliance is open: a "?" where Aspen's row crosses it.
    (intent,) = [key for key in board.legend if key.startswith("intent-")]
    ((cell, _),) = [(c, k) for c, k in board.cells.items() if k == intent]
    assert board.rows[cell[1]] == "Aspen" and board.legend[intent].mark == "?"
    assert board.cell_name(cell) == f"Aspen's intent 3 to join {board.columns[cell[0]]}"
    assert "still to support: Kate" in board.legend[intent].label
    # Kate, alone in the alliance Aspen means to join, is drawn in its column only.
    kate = board.rows.index("Kate")
    assert [board.columns[c] for (c, r) in board.cells if r == kate] == [board.columns[cell[0]]]


def test_the_register_picture_is_the_register(okinawa: Played) -> None:
    game = okinawa.game("Register")
    state = okinawa.state("Register")
    text = game.render(state)
    board = _board(game.picture(state))
    for name, words in re.findall(r"^  (\S+)\s+((?:in)?active, \S+|deregistered)$", text, re.M):
        row = board.rows.index(name)
        assert board.legend[board.cells[(0, row)]].label == words
    for office, holder in re.findall(r"^  ([a-z-]+)\s+(\S+)$", text.split("Players:")[0], re.M):
        column = board.columns.index(office)
        held = [r for (c, r) in board.cells if c == column]
        assert held == ([] if holder == "(vacant)" else [board.rows.index(holder)]), office


# -- in Chromium ----------------------------------------------------------------------------


def _page(browser: Browser, page: Path) -> Dom:
    dom = parse_dom(browser.dom(page))
    check_text_alternatives(dom)
    assert len(dom.all("svg")) == 1
    assert not dom.all("script")
    return dom


def test_the_okinawa_alliances_and_register_pages_in_chromium(
    okinawa: Played, browser: Browser, tmp_path: Path
) -> None:
    site = okinawa.site_at(MID_SEASON, tmp_path / "site")
    dom = _page(browser, site / "okinawa.html")
    assert check_svg_text_contrast(dom) >= 9 + 18 + 3
    desc = dom.by_id("board-desc").text
    assert "9 Stones on the grid" in desc and "(-2, +4)" in desc and "(0, +1)" in desc
    assert "J Janet, allied with nix: 1 on the grid" in desc
    assert [c.text for c in dom.all("caption")] == [
        "Persons",
        "Chains of more than one Stone",
        "Shouri",
    ]
    allied, alone = fill_for(0), fill_for(1)
    for size in (PHONE, DESKTOP):
        check_screenshot(browser, site / "okinawa.html", size, [allied, alone])

    dom = _page(browser, site / "alliances.html")
    assert check_svg_text_contrast(dom) >= 3
    assert "Janet in alliance" in dom.by_id("board-desc").text
    assert [c.text for c in dom.all("caption")] == [
        "Alliances with more than one member",
        "Open intents to join an alliance",
    ]
    check_screenshot(browser, site / "alliances.html", PHONE, [fill_for(0)])

    dom = _page(browser, site / "register.html")
    assert check_svg_text_contrast(dom) >= 5
    desc = dom.by_id("board-desc").text
    assert "Aspen (surveyor)" in desc and "Kate (registrar)" in desc
    assert [c.text for c in dom.all("caption")] == ["Offices", "Players"]
    check_screenshot(browser, site / "register.html", PHONE, [HOLDER_FILL])

    index = parse_dom(browser.dom(site / "index.html"))
    check_text_alternatives(index)
    assert {img.attributes["src"] for img in index.all("img")} == {
        "alliances-board.svg",
        "okinawa-board.svg",
        "register-board.svg",
    }


def test_the_arcadia_page_from_referee_site_in_chromium(
    arcadia: Played, browser: Browser, tmp_path: Path
) -> None:
    folder = tmp_path / "site"
    assert cmd_site(arcadia.app.settings, argparse.Namespace(outdir=folder, archive_url=None)) == 0
    dom = _page(browser, folder / "arcadia.html")
    assert check_svg_text_contrast(dom) >= 17 + 18
    desc = dom.by_id("board-desc").text
    assert "BXb: Black nix's land, with a Monument: (1, 1)" in desc
    assert [c.text for c in dom.all("caption")] == ["Players"]
    history = [a for a in dom.all("a") if a.attributes.get("class") == "message"]
    assert history and all(a.attributes["href"].startswith("mid:") for a in history)
    fills = [fill_for(0), fill_for(1)]
    for size in (PHONE, DESKTOP):
        check_screenshot(browser, folder / "arcadia.html", size, fills)
