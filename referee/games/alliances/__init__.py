"""Alliances (the rule "Alliances" of Proposal 7450 "Igora"), kept by the Registrar."""

from referee.games.alliances.plugin import AlliancesGame

__all__ = ["AlliancesGame"]
