"""What a report's mail carries besides its text: the game's board as an SVG file.

The board is the game's public picture (:meth:`referee.games.base.Game.picture_at`), drawn
from the state the text reports, so the attachment shows nothing the text keeps secret.
"""

from __future__ import annotations

from referee.egress.compose import Attachment
from referee.games.kit.picture import BoardPicture

SVG_TYPE = "image/svg+xml"


def board_attachments(game: str, board: BoardPicture | None) -> tuple[Attachment, ...]:
    """The board as one SVG attachment named after the game, or nothing."""
    if board is None:
        return ()
    from referee.reports.site.pages import slug
    from referee.reports.svg import draw_board

    name = f"{slug(game, set())}-board.svg"
    return (Attachment(name, SVG_TYPE, draw_board(board, ident="board").encode("utf-8")),)
