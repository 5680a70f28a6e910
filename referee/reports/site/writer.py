"""Write the site: ``index.html``, one page per game, each board as an SVG file, the CSS.

The templates (``templates/site/``) are HTML with autoescaping on, so every name, action
and report a player wrote is shown as text, never as markup. The only markup passed in
whole is the board's SVG, which :mod:`referee.reports.svg` builds with everything escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path

import jinja2
from markupsafe import Markup

from referee.clock import format_utc
from referee.games.kit.picture import BoardPicture
from referee.paths import TEMPLATES_DIR
from referee.reports.site.links import bare_id, message_link
from referee.reports.site.pages import GamePage, slug
from referee.reports.svg.board import draw_board, inline_board

STYLESHEET = "style.css"


@dataclass(frozen=True)
class WrittenSite:
    index: Path
    pages: tuple[Path, ...]
    boards: tuple[Path, ...]


@dataclass(frozen=True)
class _Entry:
    """A game's page and its files' names."""

    page: GamePage
    name: str

    @property
    def file(self) -> str:
        return f"{self.name}.html"

    @property
    def board(self) -> BoardPicture | None:
        return self.page.picture.board if self.page.picture is not None else None

    @property
    def board_file(self) -> str | None:
        return f"{self.name}-board.svg" if self.board is not None else None


def _environment(archive_pattern: str | None) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR / "site")),
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["utc"] = format_utc
    env.filters["message_link"] = partial(_link, pattern=archive_pattern)
    env.filters["iso"] = lambda moment: moment.isoformat()
    env.filters["angled"] = lambda message_id: f"<{bare_id(message_id)}>"
    return env


def _link(message_id: str, *, pattern: str | None) -> str:
    return message_link(message_id, pattern)


def write_site(
    pages: Sequence[GamePage],
    folder: Path,
    *,
    generated: datetime,
    archive_pattern: str | None = None,
) -> WrittenSite:
    """Write every page into ``folder`` (created if missing; files of the same names are
    replaced, nothing else is touched)."""
    folder.mkdir(parents=True, exist_ok=True)
    env = _environment(archive_pattern)
    taken: set[str] = set()
    entries = [_Entry(page, slug(page.name, taken)) for page in pages]
    boards: list[Path] = []
    for entry in entries:
        if entry.board is not None and entry.board_file is not None:
            path = folder / entry.board_file
            path.write_text(draw_board(entry.board), encoding="utf-8")
            boards.append(path)
    common = {"generated": generated, "stylesheet": STYLESHEET, "games": entries}
    written: list[Path] = []
    for entry in entries:
        board = entry.board
        svg = Markup(inline_board(board, ident="board")) if board is not None else None
        html = env.get_template("game.html").render(common, entry=entry, game=entry.page, svg=svg)
        path = folder / entry.file
        path.write_text(html, encoding="utf-8")
        written.append(path)
    index = folder / "index.html"
    index.write_text(env.get_template("index.html").render(common), encoding="utf-8")
    stylesheet = (TEMPLATES_DIR / "site" / STYLESHEET).read_text(encoding="utf-8")
    (folder / STYLESHEET).write_text(stylesheet, encoding="utf-8")
    return WrittenSite(index, tuple(written), tuple(boards))
