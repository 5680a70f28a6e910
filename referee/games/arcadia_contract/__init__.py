"""The Arcadia contract: its parties, the Tournament Template and its versions, Arcadian
Proposals, and the Iteration Date; the Lord-Ruler keeps it."""

from referee.games.arcadia_contract.plugin import ArcadiaContract

__all__ = ["ArcadiaContract"]
