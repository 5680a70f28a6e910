"""Arcadia: the tournament of the Arcadia contract, kept by the Lord-Ruler."""

from referee.games.arcadia.plugin import ArcadiaGame

__all__ = ["ArcadiaGame"]
