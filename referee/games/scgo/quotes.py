"""The words of Single-Capture Go (Guy Fawkes's text) that the referee quotes when it refuses.

Each passage is named by its opening (and, where it is not the next full stop, its closing)
words; :mod:`referee.games.kit.quotes` finds the exact words in
``rules/single-capture-go.txt``.
"""

from __future__ import annotations

from referee.games.kit.quotes import Passage, RuleText
from referee.games.scgo.rulesets import TITLE

TEXT = RuleText("single-capture-go.txt", TITLE)
_PLAY = "IV. Rules of play"
_STARTING = "III. Starting an instance of the game"

PRIVATE_PLAY = TEXT.cite(Passage(_PLAY, "During the course of a", "referee their play"))
UNOCCUPIED = TEXT.cite(Passage(_PLAY, "naming exactly one square on", "of the round"))
ROUND_LASTS = TEXT.cite(Passage(_PLAY, "A round lasts three days"))
PARTICIPANTS = TEXT.cite(
    Passage("II. Participants", "minimum players: 2; maximum players:", "be the referee")
)
STARTING = TEXT.cite(Passage(_STARTING, "Single-Capture Go begins when a", "game, it begins."))
LETTERS = TEXT.cite(Passage(_STARTING, "the referee assigns each player", "of the alphabet"))
REMOVED = TEXT.cite(Passage(_PLAY, "6) All doomed players are"))
