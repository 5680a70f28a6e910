"""Pictures of games' states as SVG: a small typed drawing kit and the board drawing.

``draw_board`` turns a game's :class:`~referee.games.kit.picture.BoardPicture` into a
standalone SVG document (valid XML, with a ``<title>`` and a ``<desc>`` that says in words
what the picture shows); ``contrast`` chooses text colours that stay readable on any fill.
"""

from referee.reports.svg.board import draw_board

__all__ = ["draw_board"]
