"""Commune: the Agora Free Tournament "Commune 2023" (an Acquire-like game of communities
on a 10 x 10 board), versions v1.2 (as proposed) and v1.3 (as enacted)."""

from referee.games.commune.plugin import CommuneGame
from referee.games.commune.rulesets import RULESETS, ruleset

__all__ = ["RULESETS", "CommuneGame", "ruleset"]
